"""Chess's table key made from the key before the move, and the game-over check and the
moves sharing one generation (issue 26): the key is python-chess's Zobrist hash at every
ply of random games, and nothing a search sees changes."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Callable
from collections.abc import Iterator
from collections.abc import Sequence

import chess
import chess.polyglot
import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamesearch_gui.core.games.chess import Chess
from gamesearch_gui.core.games.chess import ChessState
from tests.properties import examples

GAME = Chess()

#: Where the random games start: the start, Kiwipete (castling both ways, captures
#: everywhere), pawns that promote by taking rooks in the corners (rights lost by a
#: capture), en passant to take at once, pawns whose double steps no pawn can take,
#: double steps beside waiting pawns, and kings and rooks alone with every right.
STARTS = (
    chess.STARTING_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r3k2r/1P4P1/8/8/8/8/1p4p1/R3K2R w KQkq - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "r3k2r/p6p/8/1P4P1/1p4p1/8/P6P/R3K2R w KQkq - 0 1",
    "4k3/1P1p4/8/2P1P3/8/8/1p1P2p1/4K3 b - - 0 1",
    "4k3/p1p1p1p1/8/1P1P1P1P/1p1p1p1p/8/P1P1P1P1/4K3 w - - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
)
#: Plies of each random game, at most.
PLIES = 60


Pick = Callable[[chess.Board, Sequence[chess.Move]], chess.Move]


def _walk(
    start: str, pick: Pick, ask: Iterator[bool]
) -> Iterator[tuple[ChessState, chess.Board, chess.Move | None]]:
    """A random game from ``start`` played through the protocol, ``pick`` choosing each
    move: each state (its key asked when ``ask`` says so, as a search with a table asks
    it at a node's entry), python-chess's own board of the same position, and the move
    that led there."""
    state = GAME.parse_position(start)
    board = chess.Board(start)
    move = None
    for _ in range(PLIES):
        yield state, board, move
        if next(ask):
            GAME.key(state)
        if GAME.terminal_value(state) is not None:
            return
        moves = GAME.actions(state)
        move = pick(board, moves)
        board = board.copy(stack=False)
        board.push(move)
        state = GAME.result(state, move)
    yield state, board, move


def _kinds(before: chess.Board, move: chess.Move, after: chess.Board) -> set[str]:
    """What happened in ``move``, for the tally that shows the games cover every rule."""
    kinds = set()
    if before.is_castling(move):
        kinds.add("castling")
    if before.is_en_passant(move):
        kinds.add("en passant capture")
    if move.promotion:
        kinds.add("promotion")
    if before.piece_type_at(move.to_square) == chess.ROOK and (
        before.clean_castling_rights() != after.clean_castling_rights()
    ):
        kinds.add("a capture of a rook that loses castling rights")
    if after.ep_square is not None:
        kinds.add(
            "en passant square a pawn can take"
            if after.has_pseudo_legal_en_passant()
            else "en passant square no pawn can take"
        )
    return kinds


def test_the_key_is_the_zobrist_hash_at_every_ply_of_thousands_of_random_positions() -> None:
    rng = random.Random(26)
    seen: Counter[str] = Counter()
    positions = 0

    def pick(board: chess.Board, moves: Sequence[chess.Move]) -> chess.Move:
        # Castling and en passant, rare among random moves, taken half the time.
        rare = [m for m in moves if board.is_castling(m) or board.is_en_passant(m)]
        return rng.choice(rare if rare and rng.random() < 0.5 else moves)

    for game in range(240):
        start = STARTS[game % len(STARTS)]
        # Most keys asked at every ply (the search's way); some games skip some, so a
        # key is also made from scratch after a position whose key was never asked.
        ask = itertools.repeat(True) if game % 4 else iter(lambda: rng.random() < 0.5, None)
        previous = None
        for state, board, move in _walk(start, pick, ask):
            assert GAME.key(state) == chess.polyglot.zobrist_hash(board), (start, board.fen())
            if previous is not None and move is not None:
                seen.update(_kinds(previous, move, board))
            previous = board
            positions += 1
    assert positions > 8000
    for kind in (
        "castling",
        "en passant capture",
        "promotion",
        "a capture of a rook that loses castling rights",
        "en passant square a pawn can take",
        "en passant square no pawn can take",
    ):
        assert seen[kind] >= 20, (kind, seen)


@examples(150)
@given(
    start=st.sampled_from(STARTS),
    choices=st.lists(st.integers(0, 1 << 16), min_size=PLIES, max_size=PLIES),
    ask=st.lists(st.booleans(), min_size=PLIES + 1, max_size=PLIES + 1),
)
def test_the_key_and_the_moves_are_python_chess_own(
    start: str, choices: list[int], ask: list[bool]
) -> None:
    drawn = iter(choices)
    for state, board, _ in _walk(
        start, lambda _, moves: moves[next(drawn) % len(moves)], iter(ask)
    ):
        assert GAME.key(state) == chess.polyglot.zobrist_hash(board)
        # The game-over check first, as a search asks it, then the moves it began.
        ending = GAME.ending(state)
        assert GAME.actions(state) == tuple(board.legal_moves)
        assert (ending == "checkmate") == board.is_checkmate()
        assert (ending == "stalemate") == board.is_stalemate()


def test_a_key_after_a_move_is_made_from_the_key_before(monkeypatch: pytest.MonkeyPatch) -> None:
    hashed = []
    real = chess.polyglot.zobrist_hash

    def counted(board: chess.Board) -> int:
        hashed.append(board.fen())
        return real(board)

    monkeypatch.setattr(chess.polyglot, "zobrist_hash", counted)
    state = GAME.initial_state()
    GAME.key(state)
    for san in ("e4", "d5", "exd5", "Qxd5", "Nc3", "Qa5", "d4", "c6"):
        state = GAME.result(state, GAME.parse_move(state, san))
        GAME.key(state)
    assert len(hashed) == 1  # the first position's only
    assert GAME.key(state) == real(state.board())


def test_the_game_over_check_and_the_moves_share_one_generation(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls = []
    real = chess.Board.generate_legal_moves

    def counted(board: chess.Board, *args: int) -> Iterator[chess.Move]:
        calls.append(board.fen())
        return real(board, *args)

    monkeypatch.setattr(chess.Board, "generate_legal_moves", counted)
    state = GAME.parse_position(
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
    )
    assert GAME.terminal_value(state) is None
    moves = GAME.actions(state)
    assert len(calls) == 1
    assert len(moves) == 48  # Kiwipete's perft(1)
    assert GAME.ordered_actions(state) and len(calls) == 1
