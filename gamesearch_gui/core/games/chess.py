"""Chess, with python-chess for the rules: White is MAX, Black is MIN.

No move generation is written here: legal moves, check, mate, the draw rules, SAN and
FEN all come from python-chess (``chess``). This module adds what a search needs: an
immutable state, utilities that prefer the quickest mate, the evaluations of the course
notes, capture-first move ordering, captures as the noisy moves of quiescence search,
and python-chess's Zobrist hash as the transposition key.

State: a :class:`ChessState`, an immutable value. It holds a python-chess ``Board``
that it never changes and never hands out (``board()`` gives a copy), and the positions
seen since the last capture or pawn move, for threefold repetition. What it works out
(legal moves, whether the game is over, the Zobrist key) it keeps, since a search asks
again and again: the game-over check's first legal move is the start of the one
generation of moves that ``actions`` finishes, and the key of a position reached by a
move is made from the key before it (what the move changed, XORed in and out), equal
to python-chess's ``zobrist_hash``. It pickles as its FEN and that history.

Actions are ``chess.Move`` values. Move notation: SAN (``Qxf7#``); ``parse_move`` also
reads UCI (``h5f7``), which is what a machine writes. Position notation: FEN.

Utility: a checkmate is worth ``MATE - plies`` to the winner (positive for White,
negative for Black), where ``plies`` counts the half-moves from the start of the game
(by the FEN's move number), so a quicker mate is worth more and a search delays its own
loss. Every draw is 0: stalemate, insufficient material, the fifty-move rule (from a
halfmove clock of 100, when a player may claim it) and threefold repetition (in the
history the state knows, that is since the FEN it started from). Every evaluation lies
far inside (-MATE / 2, MATE / 2), so any mate outranks any heuristic guess.

Evaluations (White's minus Black's): ``material`` (the course notes' weights: king 10,
queen 9, rook 5, bishop 3, knight 3, pawn 1), ``piece_count`` (pieces on the board), and
``material_mobility`` (material plus a tenth of a point per pseudo-legal move, each side
counted as if it were to move). :meth:`Chess.evaluation_terms` spells each out.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from collections.abc import Hashable
from collections.abc import Iterator
from collections.abc import Mapping
from collections.abc import Sequence
from types import MappingProxyType
from typing import ClassVar
from typing import Final
from typing import TypeAlias

import chess
import chess.polyglot

from gamesearch_gui.core.game import FixedRules
from gamesearch_gui.core.game import Game
from gamesearch_gui.core.game import IllegalMoveError
from gamesearch_gui.core.game import Outcome
from gamesearch_gui.core.game import Player
from gamesearch_gui.core.game import PositionError
from gamesearch_gui.core.game import outcome_by_sign
from gamesearch_gui.core.games.registry import DefaultSearch
from gamesearch_gui.core.games.registry import GameSpec

#: A chess move (from-square, to-square, promotion piece).
Move: TypeAlias = chess.Move
#: What identifies a position for repetition: pieces, side to move, castling, en passant.
PositionId: TypeAlias = tuple[int, ...]

#: A mate at ply 0 would be worth this much; each ply of the game takes 1 off.
MATE: Final = 100_000.0
#: Plies beyond this count as this many, so a mate's value stays above MATE / 2.
_PLY_CAP: Final = 40_000

#: The course notes' weights, by python-chess piece type.
PIECE_VALUES: Final[Mapping[int, int]] = MappingProxyType(
    {
        chess.PAWN: 1,
        chess.KNIGHT: 3,
        chess.BISHOP: 3,
        chess.ROOK: 5,
        chess.QUEEN: 9,
        chess.KING: 10,
    }
)
#: What a move is worth in ``material_mobility``.
MOBILITY_WEIGHT: Final = 0.1

_PIECE_TYPES: Final = (chess.KING, chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT, chess.PAWN)
_SIDES: Final = ((chess.WHITE, "White"), (chess.BLACK, "Black"))


#: How far each square is from the centre, in king moves (0 for d4, e4, d5, e5).
_CENTRE_DISTANCE: Final = tuple(
    max(abs(2 * chess.square_file(s) - 7), abs(2 * chess.square_rank(s) - 7)) // 2
    for s in chess.SQUARES
)


def _position_id(board: chess.Board) -> PositionId:
    """The position as the repetition rule sees it (FIDE: same pieces, same side to move,
    same castling rights, same en passant capture possible)."""
    ep = board.ep_square if board.ep_square is not None and board.has_legal_en_passant() else -1
    return (
        board.pawns,
        board.knights,
        board.bishops,
        board.rooks,
        board.queens,
        board.kings,
        board.occupied_co[chess.WHITE],
        board.occupied_co[chess.BLACK],
        int(board.turn),
        board.clean_castling_rights(),
        ep,
    )


class ChessState:
    """A chess position and the positions seen since the last capture or pawn move.

    Immutable: the board inside is never changed, and what is worked out from it
    (legal moves, the terminal value, the Zobrist key) is kept on first use. Two states
    are equal when their FEN and history are.
    """

    __slots__ = ("_board", "_ended", "_history", "_key", "_moves", "_origin", "_rest")

    def __init__(self, board: chess.Board, history: tuple[PositionId, ...] = ()) -> None:
        """``board`` is taken over, not copied: the caller must not change it after."""
        self._board = board
        #: Earlier positions (this one excluded) since the last irreversible move.
        self._history = history
        self._key: int | None = None
        self._moves: tuple[Move, ...] | None = None
        self._ended: tuple[float | None, str] | None = None
        #: The board before the move that made this one, and its key: what the key is
        #: made from (None once the key is known, or when the key before was not).
        self._origin: tuple[chess.Board, int] | None = None
        #: The legal moves begun by the game-over check: the first, and the generator
        #: that yields the rest, in a list that one reader empties (None when the check
        #: did not begin them). A generator cannot be resumed by two threads at once.
        self._rest: list[tuple[Move, Iterator[Move]]] | None = None

    @classmethod
    def from_fen(cls, fen: str, history: tuple[PositionId, ...] = ()) -> ChessState:
        """The state of a FEN (trusted: see :meth:`Chess.parse_position` for a checked one)."""
        return cls(chess.Board(fen), history)

    def __reduce__(
        self,
    ) -> tuple[
        Callable[[str, tuple[PositionId, ...]], ChessState], tuple[str, tuple[PositionId, ...]]
    ]:
        return (ChessState.from_fen, (self._board.fen(), self._history))

    def board(self) -> chess.Board:
        """A copy of the position as a python-chess board (without a move stack)."""
        return self._board.copy(stack=False)

    @property
    def fen(self) -> str:
        """The position in FEN."""
        return self._board.fen()

    @property
    def turn(self) -> chess.Color:
        """The side to move: ``chess.WHITE`` (True) or ``chess.BLACK``."""
        return self._board.turn

    @property
    def plies(self) -> int:
        """Half-moves played since the start of the game, by the FEN's move number."""
        board = self._board
        return 2 * (board.fullmove_number - 1) + (board.turn == chess.BLACK)

    def piece_at(self, square: chess.Square) -> chess.Piece | None:
        """The piece on ``square``, or None."""
        return self._board.piece_at(square)

    def is_check(self) -> bool:
        """True when the side to move is in check."""
        return self._board.is_check()

    def repetitions(self) -> int:
        """How many times this position has occurred, this time included."""
        here = _position_id(self._board)
        return 1 + sum(1 for seen in self._history if seen == here)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ChessState):
            return NotImplemented
        return self._history == other._history and self.fen == other.fen

    def __hash__(self) -> int:
        return hash((self.fen, self._history))

    def __repr__(self) -> str:
        return f"ChessState({self.fen!r})"


def _legal(state: ChessState) -> tuple[Move, ...]:
    """The legal moves in python-chess's order, generated once per position: the
    generation the game-over check began goes on where it stopped.

    A state may be read by two threads at once (the window's, and a job's that writes a
    replay page): ``list.pop`` hands the paused generator to one of them, and another
    that finds the list empty generates the moves afresh from the unchanging board."""
    moves = state._moves
    if moves is None:
        rest, taken = state._rest, None
        if rest:
            with contextlib.suppress(IndexError):  # another thread took it since the test
                taken = rest.pop()
        if taken is None:
            moves = tuple(state._board.generate_legal_moves())
        else:
            # The board never changes, so the paused generator goes on as if never paused.
            first, more = taken
            moves = (first, *more)
        state._moves = moves
    return moves


def _ending(state: ChessState) -> tuple[float | None, str]:
    """The terminal value (None: the game goes on) and why the game ended ("" if not)."""
    ended = state._ended
    if ended is not None:
        return ended
    board = state._board
    if state._moves is not None:
        stuck = not state._moves
    else:
        # One legal move shows the game goes on; the rest wait for ``_legal``.
        moves = board.generate_legal_moves()
        first = next(moves, None)
        stuck = first is None
        if first is None:
            state._moves = ()
        else:
            state._rest = [(first, moves)]
    if stuck:
        if board.is_check():
            won = MATE - min(state.plies, _PLY_CAP)
            ended = (-won if board.turn == chess.WHITE else won, "checkmate")
        else:
            ended = (0.0, "stalemate")
    elif board.is_insufficient_material():
        ended = (0.0, "insufficient material")
    elif board.halfmove_clock >= 100:
        ended = (0.0, "the fifty-move rule")
    elif len(state._history) >= 2 and state.repetitions() >= 3:
        ended = (0.0, "threefold repetition")
    else:
        ended = (None, "")
    state._ended = ended
    return ended


#: Polyglot's random numbers: 64 per kind of piece (black pawn, white pawn, black knight,
#: ...), then castling rights (768 to 771), en passant files (772 to 779), White to move.
_ZOBRIST: Final = chess.polyglot.POLYGLOT_RANDOM_ARRAY
_HASHER: Final = chess.polyglot.ZobristHasher(_ZOBRIST)
_WHITE_TO_MOVE: Final = _ZOBRIST[780]


def _key(state: ChessState) -> int:
    """The Zobrist hash of ``state``: from the key before its last move when that was
    known, else from scratch."""
    key = state._key
    if key is None:
        origin = state._origin
        if origin is None:
            key = chess.polyglot.zobrist_hash(state._board)
        else:
            key = _key_after(*origin, state._board)
            state._origin = None
        state._key = key
    return key


def _key_after(before: chess.Board, key: int, after: chess.Board) -> int:
    """The Zobrist hash of ``after``, one move from ``before`` whose hash is ``key``:
    the pieces of every square the move changed out and in, the castling rights when
    they changed, the en passant files (Polyglot counts one only where a pawn of the
    side to move stands beside it), and the side to move."""
    changed = (
        (before.occupied_co[chess.WHITE] ^ after.occupied_co[chess.WHITE])
        | (before.occupied_co[chess.BLACK] ^ after.occupied_co[chess.BLACK])
        | (before.pawns ^ after.pawns)
        | (before.knights ^ after.knights)
        | (before.bishops ^ after.bishops)
        | (before.rooks ^ after.rooks)
        | (before.queens ^ after.queens)
        | (before.kings ^ after.kings)
    )
    key ^= _pieces_key(before, changed) ^ _pieces_key(after, changed) ^ _WHITE_TO_MOVE
    # The rights a position has follow from its raw castling rights, the rooks and the
    # kings; a move that touches none of those squares leaves the raw rights as they were.
    if before.castling_rights != after.castling_rights:
        key ^= _HASHER.hash_castling(before) ^ _HASHER.hash_castling(after)
    return key ^ _HASHER.hash_ep_square(before) ^ _HASHER.hash_ep_square(after)


def _pieces_key(board: chess.Board, squares: chess.Bitboard) -> int:
    """The XOR of the Zobrist numbers of the pieces ``board`` has on ``squares``."""
    key = 0
    squares &= board.occupied
    white = board.occupied_co[chess.WHITE]
    piece_type_at = board.piece_type_at
    while squares:
        square = (squares & -squares).bit_length() - 1
        kind = piece_type_at(square) or 0
        key ^= _ZOBRIST[64 * (2 * kind - 2 + (white >> square & 1)) + square]
        squares &= squares - 1
    return key


def _material_of(board: chess.Board, color: chess.Color) -> int:
    return sum(PIECE_VALUES[kind] * len(board.pieces(kind, color)) for kind in _PIECE_TYPES)


def material(state: ChessState) -> float:
    """White's material minus Black's, by the course notes' weights (king 10 ... pawn 1)."""
    board = state._board
    return float(_material_of(board, chess.WHITE) - _material_of(board, chess.BLACK))


def piece_count(state: ChessState) -> float:
    """White's pieces minus Black's (kings and pawns included)."""
    board = state._board
    return float(
        board.occupied_co[chess.WHITE].bit_count() - board.occupied_co[chess.BLACK].bit_count()
    )


def _mobility(board: chess.Board) -> tuple[int, int]:
    """White's and Black's pseudo-legal moves, each counted as if it were to move."""
    mover = board.pseudo_legal_moves.count()
    other = board.copy(stack=False)
    other.turn = not other.turn
    other.ep_square = None
    waiting = other.pseudo_legal_moves.count()
    return (mover, waiting) if board.turn == chess.WHITE else (waiting, mover)


def material_mobility(state: ChessState) -> float:
    """``material`` plus a tenth of a point for each move White has more than Black."""
    white, black = _mobility(state._board)
    return material(state) + MOBILITY_WEIGHT * (white - black)


class Chess(FixedRules, Game[ChessState, Move]):
    """Chess by FIDE's rules (python-chess's); White, who moves first, is MAX."""

    name: ClassVar[str] = "chess"
    title = "Chess"
    #: A side need not capture: in quiescence search it may stand pat on its evaluation.
    quiescence_stands_pat = True

    #: ``material`` (the default), ``material_mobility`` and ``piece_count``.
    EVALUATIONS = MappingProxyType(
        {
            "material": material,
            "material_mobility": material_mobility,
            "piece_count": piece_count,
        }
    )

    def initial_state(self) -> ChessState:
        """The standard starting position."""
        return ChessState(chess.Board())

    def to_move(self, state: ChessState) -> Player:
        """MAX when White is to move, MIN when Black is."""
        return Player.MAX if state._board.turn == chess.WHITE else Player.MIN

    def actions(self, state: ChessState) -> Sequence[Move]:
        """The legal moves, in python-chess's order."""
        return _legal(state)

    def ordered_actions(self, state: ChessState) -> Sequence[Move]:
        """Captures first, most valuable victim first and, among those, least valuable
        attacker first (MVV-LVA); then promotions (to a queen first); then the rest,
        towards the centre first (so that among equal moves the one played is central)."""
        board = state._board
        piece_type_at = board.piece_type_at
        ranked = []
        for index, move in enumerate(_legal(state)):
            attacker = PIECE_VALUES[piece_type_at(move.from_square) or chess.PAWN]
            if board.is_capture(move):
                # En passant takes a pawn from a square the move does not land on.
                victim = PIECE_VALUES[piece_type_at(move.to_square) or chess.PAWN]
                rank = (0, -victim, attacker, index)
            elif move.promotion:
                rank = (1, -PIECE_VALUES[move.promotion], 0, index)
            else:
                rank = (2, _CENTRE_DISTANCE[move.to_square], 0, index)
            ranked.append((rank, move))
        ranked.sort(key=lambda pair: pair[0])
        return tuple(move for _, move in ranked)

    def noisy_actions(self, state: ChessState) -> Sequence[Move]:
        """Captures and promotions, in MVV-LVA order: the moves that change the material
        a cutoff would count. A position without them is quiet."""
        board = state._board
        return tuple(m for m in self.ordered_actions(state) if m.promotion or board.is_capture(m))

    def result(self, state: ChessState, action: Move) -> ChessState:
        """The position after ``action``. Trusts its caller (a legal move)."""
        before = state._board
        board = before.copy(stack=False)
        irreversible = before.is_zeroing(action)
        board.push(action)
        history = () if irreversible else (*state._history, _position_id(before))
        after = ChessState(board, history)
        if state._key is not None:
            after._origin = (before, state._key)
        return after

    def terminal_value(self, state: ChessState) -> float | None:
        """``±(MATE - plies)`` for a checkmate (negative when White is mated), 0 for a
        draw, None while the game goes on."""
        return _ending(state)[0]

    def ending(self, state: ChessState) -> str:
        """Why the game is over ("checkmate", "stalemate", "threefold repetition", ...),
        or "" while it goes on."""
        return _ending(state)[1]

    def outcome(self, utility: float) -> Outcome:
        """A mate of Black's is positive, a draw 0, a mate of White's negative."""
        return outcome_by_sign(utility)

    def key(self, state: ChessState) -> Hashable:
        """The position's Zobrist hash (python-chess's, as Polyglot opening books use),
        made from the key before the last move when that one is known."""
        return _key(state)

    def evaluation_terms(self, state: ChessState, name: str) -> Sequence[tuple[str, float]]:
        """The terms of evaluation ``name`` at ``state``, White's then Black's, then the
        total, as rows of (what, value)."""
        board = state._board
        if name in ("material", "material_mobility"):
            rows: list[tuple[str, float]] = []
            for color, side in _SIDES:
                parts = [
                    (chess.piece_symbol(kind).upper(), PIECE_VALUES[kind])
                    for kind in _PIECE_TYPES
                    for _ in board.pieces(kind, color)
                ]
                sums = " + ".join(f"{letter} {value}" for letter, value in parts) or "nothing"
                rows.append((f"{side} material: {sums}", float(sum(v for _, v in parts))))
            rows.append(("material, White − Black", material(state)))
            if name == "material":
                return rows
            white, black = _mobility(board)
            rows.append(("White's moves", float(white)))
            rows.append(("Black's moves", float(black)))
            rows.append(
                (
                    f"mobility, {MOBILITY_WEIGHT} × (White − Black)",
                    MOBILITY_WEIGHT * (white - black),
                )
            )
            rows.append(("material and mobility", material_mobility(state)))
            return rows
        if name == "piece_count":
            white = board.occupied_co[chess.WHITE].bit_count()
            black = board.occupied_co[chess.BLACK].bit_count()
            return [
                ("White's pieces", float(white)),
                ("Black's pieces", float(black)),
                ("piece count, White − Black", float(white - black)),
            ]
        return ()

    def utility_bounds(self) -> tuple[float, float]:
        """Plus and minus a mate at ply 0."""
        return (-MATE, MATE)

    def move_text(self, state: ChessState, action: Move) -> str:
        """The move in SAN: ``e4``, ``Nxf7+``, ``O-O``, ``e8=Q#``.

        Named on a copy of the board: python-chess plays the move and takes it back to
        see whether it checks, and another thread reading the state meanwhile would see
        half a move."""
        return state.board().san(action)

    def parse_move(self, state: ChessState, text: str) -> Move:
        """The legal move written in SAN (``Qxf7#``) or UCI (``h5f7``); IllegalMoveError,
        saying why, otherwise."""
        wanted = text.strip()
        ending = self.ending(state)
        if ending:
            raise IllegalMoveError(f"cannot play {wanted!r}: the game is over ({ending})")
        board = state._board
        try:
            return board.parse_san(wanted)
        except chess.AmbiguousMoveError:
            raise IllegalMoveError(
                f"{wanted!r} could be more than one move here: name the piece's file or rank "
                "too (Nbd2, R1e1)"
            ) from None
        except chess.IllegalMoveError:
            raise IllegalMoveError(
                f"{wanted!r} is not legal here ({self._side(state)} to move"
                f"{', in check' if board.is_check() else ''})"
            ) from None
        except chess.InvalidMoveError:
            pass
        try:
            move = chess.Move.from_uci(wanted)
        except chess.InvalidMoveError:
            raise IllegalMoveError(
                f"{wanted!r} is not a move: write it in SAN (Nf3, exd5, O-O, e8=Q) or UCI (g1f3)"
            ) from None
        if move not in _legal(state):
            raise IllegalMoveError(
                f"{wanted!r} is not legal here ({self._side(state)} to move"
                f"{', in check' if board.is_check() else ''})"
            )
        return move

    @staticmethod
    def _side(state: ChessState) -> str:
        return "White" if state._board.turn == chess.WHITE else "Black"

    def position_text(self, state: ChessState) -> str:
        """The position in FEN."""
        return state.fen

    def parse_position(self, text: str) -> ChessState:
        """The position in FEN (``startpos`` or nothing for the start); PositionError
        saying what is wrong otherwise, whether the FEN cannot be read or the position
        cannot occur (two white kings, the side not to move in check, ...)."""
        fen = text.strip()
        if fen in ("", "startpos"):
            return self.initial_state()
        try:
            board = chess.Board(fen)
        except ValueError as error:
            raise PositionError(f"FEN {fen!r} cannot be read: {error}") from None
        problems = _status_words(board.status())
        if problems:
            raise PositionError(f"FEN {fen!r} is not a legal position: {'; '.join(problems)}")
        return ChessState(board)

    def playout_heuristic(self) -> Callable[[ChessState], Move | None]:
        """Take a mate in one, else the best capture by MVV-LVA, else leave it to chance."""
        return _playout_move


def _playout_move(state: ChessState) -> Move | None:
    board = state.board()  # a copy: the state's own board never changes
    capture = None
    for move in _legal(state):
        board.push(move)
        mate = board.is_checkmate()
        board.pop()
        if mate:
            return move
        if capture is None and board.is_capture(move):
            capture = move
    return capture


#: python-chess's status flags, in words.
_STATUS_WORDS: Final = (
    (chess.STATUS_NO_WHITE_KING, "White has no king"),
    (chess.STATUS_NO_BLACK_KING, "Black has no king"),
    (chess.STATUS_TOO_MANY_KINGS, "a side has more than one king"),
    (chess.STATUS_TOO_MANY_WHITE_PAWNS, "White has more than 8 pawns"),
    (chess.STATUS_TOO_MANY_BLACK_PAWNS, "Black has more than 8 pawns"),
    (chess.STATUS_PAWNS_ON_BACKRANK, "a pawn stands on the first or eighth rank"),
    (chess.STATUS_TOO_MANY_WHITE_PIECES, "White has more than 16 pieces"),
    (chess.STATUS_TOO_MANY_BLACK_PIECES, "Black has more than 16 pieces"),
    (chess.STATUS_BAD_CASTLING_RIGHTS, "the castling rights do not fit the kings and rooks"),
    (chess.STATUS_INVALID_EP_SQUARE, "the en passant square does not fit the last move"),
    (chess.STATUS_OPPOSITE_CHECK, "the side not to move is in check"),
    (chess.STATUS_TOO_MANY_CHECKERS, "the side to move is in check by more than two pieces"),
    (chess.STATUS_RACE_CHECK, "a check that no legal last move can have given"),
    (chess.STATUS_RACE_OVER, "a race that is over"),
    (chess.STATUS_RACE_MATERIAL, "material a race does not allow"),
    (chess.STATUS_IMPOSSIBLE_CHECK, "a check that no legal last move can have given"),
)


def _status_words(status: chess.Status) -> list[str]:
    words: list[str] = []
    for flag, text in _STATUS_WORDS:
        if status & flag and text not in words:
            words.append(text)
    return words


#: Chess in the registry (``gamesearch_gui.core.games.registry``).
SPEC = GameSpec.of(
    Chess,
    default_search=DefaultSearch(
        "alphabeta",
        depth=4,
        time_budget=3.0,
        ordering="static",
        transposition_table=True,
    ),
    side_names=("White", "Black"),
    position_help="a FEN, e.g. 'r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq "
    "- 4 4'\n('startpos' or '' is the starting position)",
    move_help="SAN (e4, Nf3, exd5, O-O, e8=Q, Qxf7#); UCI (g1f3) is read too",
    rules="""
<h3>Chess</h3>
<p>Drag a piece to its square, or click the piece and then the square: the squares it
may go to are marked. A pawn that reaches the last rank asks which piece it becomes.
White moves first. Checkmate wins; stalemate, too little material to mate, fifty moves
without a capture or pawn move, and the same position three times are draws. The AI
searches a few moves ahead (captures first, a transposition table, deeper while time
allows) and judges the positions there by material: king 10, queen 9, rook 5, bishop 3,
knight 3, pawn 1.</p>
""",
    board="gamesearch_gui.ui.boards.chess_board:ChessBoard",
)
