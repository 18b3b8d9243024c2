"""Tic-tac-toe: X moves first and is MAX, O is MIN.

Cells are numbered 0..8 row-major from the top-left (0 1 2 / 3 4 5 / 6 7 8); an action
is a cell number.

State: ``(x_bits, o_bits)``, two 9-bit masks in which bit ``i`` is set when that side
holds cell ``i``. Whose turn it is follows from the piece counts (X when they are
equal), so the pair alone is the position and serves as its own transposition key.

Utility: +1 when X has three in a row, -1 when O has, 0 for a full board without one.

Move notation: the cell number counted from 1, row-major from the top-left, as a
student would number the squares on paper::

    1 | 2 | 3
    4 | 5 | 6
    7 | 8 | 9

Position notation: the nine cells row-major, ``X``, ``O`` or ``.`` for an empty cell,
such as ``X.O.X...O``. ``parse_position`` also takes lower case, ``/`` between rows
(``x.o/.x./..o``, any ``/`` is ignored) and spaces around the whole; it refuses
positions that cannot arise in play.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Sequence
from types import MappingProxyType
from typing import ClassVar
from typing import TypeAlias

from gamesearch_gui.core.game import FixedRules
from gamesearch_gui.core.game import Game
from gamesearch_gui.core.game import IllegalMoveError
from gamesearch_gui.core.game import Outcome
from gamesearch_gui.core.game import Player
from gamesearch_gui.core.game import PositionError
from gamesearch_gui.core.game import numbered_move
from gamesearch_gui.core.game import outcome_by_sign
from gamesearch_gui.core.games.registry import GameSpec

#: ``(x_bits, o_bits)``: bit ``i`` of each mask is set when that side holds cell ``i``.
TTTState: TypeAlias = tuple[int, int]
#: A cell number, 0..8, row-major from the top-left.
Cell: TypeAlias = int
#: Three cells in a row, in ascending order.
Line: TypeAlias = tuple[Cell, Cell, Cell]

FULL = 0b111_111_111
CENTRE: Cell = 4
CORNERS: tuple[Cell, ...] = (0, 2, 6, 8)
EDGES: tuple[Cell, ...] = (1, 3, 5, 7)

#: The eight lines: rows, then columns, then the two diagonals.
LINES: tuple[Line, ...] = (
    (0, 1, 2),
    (3, 4, 5),
    (6, 7, 8),
    (0, 3, 6),
    (1, 4, 7),
    (2, 5, 8),
    (0, 4, 8),
    (2, 4, 6),
)

_MAX = Player.MAX
_MIN = Player.MIN
_LINE_MASKS: tuple[int, ...] = tuple(sum(1 << cell for cell in line) for line in LINES)
_BITS: tuple[int, ...] = tuple(1 << cell for cell in range(9))
_STATIC_ORDER: tuple[Cell, ...] = (CENTRE, *CORNERS, *EDGES)


def _has_line(bits: int) -> bool:
    """True when ``bits`` holds all three cells of some line."""
    return any(bits & line == line for line in _LINE_MASKS)


# Everything below is indexed by a 9-bit mask, so the hot path is one tuple lookup and
# allocates nothing.
_WON: tuple[bool, ...] = tuple(_has_line(bits) for bits in range(512))
_TO_MOVE: tuple[Player, ...] = tuple(
    _MAX if bits.bit_count() % 2 == 0 else _MIN for bits in range(512)
)
_EMPTY: tuple[tuple[Cell, ...], ...] = tuple(
    tuple(cell for cell in range(9) if not taken >> cell & 1) for taken in range(512)
)
_EMPTY_ORDERED: tuple[tuple[Cell, ...], ...] = tuple(
    tuple(cell for cell in _STATIC_ORDER if not taken >> cell & 1) for taken in range(512)
)
_FREE: tuple[int, ...] = tuple(9 - taken.bit_count() for taken in range(512))
# The cells (empty or not) that would complete a line of ``bits``: two of its three held.


def _completing(bits: int) -> int:
    cells = 0
    for line in _LINE_MASKS:
        if (line & bits).bit_count() == 2:
            cells |= line & ~bits
    return cells


_COMPLETES: tuple[int, ...] = tuple(_completing(bits) for bits in range(512))


def _threat_order(x: int, o: int) -> tuple[Cell, ...]:
    """Empty cells: a winning one first, then one that blocks, then centre, corners, edges."""
    me, them = (x, o) if _TO_MOVE[x | o] is _MAX else (o, x)
    empty = ~(x | o) & 0x1FF
    wins = _COMPLETES[me] & empty
    blocks = _COMPLETES[them] & empty & ~wins
    cells = _EMPTY_ORDERED[x | o]
    return (
        *(c for c in cells if wins >> c & 1),
        *(c for c in cells if blocks >> c & 1),
        *(c for c in cells if not (wins | blocks) >> c & 1),
    )


def urgent_cell(state: TTTState) -> Cell | None:
    """The playout heuristic: a cell that wins at once, else one that blocks the
    opponent's line of three (the lowest such cell), else None."""
    x, o = state
    me, them = (x, o) if _TO_MOVE[x | o] is _MAX else (o, x)
    empty = ~(x | o) & FULL
    cells = _COMPLETES[me] & empty or _COMPLETES[them] & empty
    if cells:
        return (cells & -cells).bit_length() - 1
    return None


# Every legal position is small enough to order once (5,478 of them, fewer than 2**18).
_ORDERED: dict[TTTState, tuple[Cell, ...]] = {}

# open_lines: what a line free of the opponent is worth by how many pieces it holds.
# A full line only occurs in finished games, where the utility decides anyway.
_OPEN_WEIGHTS = (0, 1, 10, 10)
# Above the largest |X's sum - O's sum| over every legal position (a test checks it),
# so the result stays strictly inside (-1, 1).
_OPEN_SCALE = 40

# centre_corners: each cell is worth the number of lines through it.
_CELL_WEIGHTS = (3, 2, 3, 2, 4, 2, 3, 2, 3)
_POSITIONAL: tuple[int, ...] = tuple(
    sum(w for cell, w in enumerate(_CELL_WEIGHTS) if bits >> cell & 1) for bits in range(512)
)
# Above the largest positional difference over every legal position (a test checks it).
_POSITIONAL_SCALE = 10


def open_lines(state: TTTState) -> float:
    """Lines still open to X minus those open to O, two-piece lines worth ten; in (-1, 1).

    A line is open to a side when the opponent holds none of its cells; it counts 1
    with one of the side's pieces in it and 10 with two.
    """
    x, o = state
    weights = _OPEN_WEIGHTS
    score = 0
    for line in _LINE_MASKS:
        if not o & line:
            score += weights[(x & line).bit_count()]
        elif not x & line:
            score -= weights[(o & line).bit_count()]
    return score / _OPEN_SCALE


def centre_corners(state: TTTState) -> float:
    """Positional weights, X's minus O's: centre 4, corners 3, edges 2; in (-1, 1).

    A cell is worth the number of lines through it, so it rewards the squares that
    take part in the most ways to win, and knows nothing about blocked lines.
    """
    x, o = state
    return (_POSITIONAL[x] - _POSITIONAL[o]) / _POSITIONAL_SCALE


def _validate(x: int, o: int) -> None:
    """Raise PositionError unless ``(x, o)`` can arise in a game played by the rules."""
    xs, os = x.bit_count(), o.bit_count()
    if os > xs:
        raise PositionError(f"O has {os} pieces and X only {xs}, but X moves first")
    if xs > os + 1:
        raise PositionError(f"X has {xs} pieces and O only {os}; X can be at most one piece ahead")
    x_won, o_won = _WON[x], _WON[o]
    if x_won and o_won:
        raise PositionError("both X and O have three in a row; the game stops at the first")
    if x_won and xs == os:
        raise PositionError("X has three in a row, but O moved after the game was over")
    if o_won and xs > os:
        raise PositionError("O has three in a row, but X moved after the game was over")


class TicTacToe(FixedRules, Game[TTTState, Cell]):
    """Tic-tac-toe on the usual 3x3 board; X (MAX) moves first."""

    name: ClassVar[str] = "tictactoe"
    title = "Tic-tac-toe"
    #: ``open_lines`` (the default) and ``centre_corners``.
    EVALUATIONS = MappingProxyType({"open_lines": open_lines, "centre_corners": centre_corners})

    def initial_state(self) -> TTTState:
        """The empty board, X to move."""
        return (0, 0)

    def to_move(self, state: TTTState) -> Player:
        """MAX (X) when both sides have as many pieces, else MIN (O)."""
        return _TO_MOVE[state[0] | state[1]]

    def actions(self, state: TTTState) -> Sequence[Cell]:
        """The empty cells in ascending order."""
        return _EMPTY[state[0] | state[1]]

    def ordered_actions(self, state: TTTState) -> Sequence[Cell]:
        """The empty cells: a win first, then a block, then centre, corners, edges."""
        order = _ORDERED.get(state)
        if order is None:
            order = _ORDERED[state] = _threat_order(*state)
        return order

    def noisy_actions(self, state: TTTState) -> Sequence[Cell]:
        """Not quiet: the cells that win at once for the side to move, or else those that
        block the opponent's two in a row; none in a quiet position."""
        x, o = state
        me, them = (x, o) if _TO_MOVE[x | o] is _MAX else (o, x)
        empty = ~(x | o) & FULL
        cells = _COMPLETES[me] & empty or _COMPLETES[them] & empty
        return tuple(c for c in _EMPTY[x | o] if cells >> c & 1) if cells else ()

    def result(self, state: TTTState, action: Cell) -> TTTState:
        """The board after the player to move takes cell ``action``. Trusts its caller."""
        x, o = state
        if _TO_MOVE[x | o] is _MAX:
            return (x | _BITS[action], o)
        return (x, o | _BITS[action])

    def terminal_value(self, state: TTTState) -> float | None:
        """+1 or -1 for a line of three, 0 for a full board, None while play goes on."""
        x, o = state
        if _WON[x]:
            return 1.0
        if _WON[o]:
            return -1.0
        if x | o == FULL:
            return 0.0
        return None

    def outcome(self, utility: float) -> Outcome:
        """Utilities say who won: +1 a win of X (MAX), 0 a draw, -1 a win of O."""
        return outcome_by_sign(utility)

    def key(self, state: TTTState) -> TTTState:
        """The state itself: the two masks already identify the position."""
        return state

    def playout_heuristic(self) -> Callable[[TTTState], Cell | None]:
        """Take an immediate win, else block an immediate loss (:func:`urgent_cell`)."""
        return urgent_cell

    def utility_bounds(self) -> tuple[float, float]:
        """Utilities are -1, 0 and +1."""
        return (-1.0, 1.0)

    def max_plies(self, state: TTTState) -> int:
        """The number of empty cells."""
        return _FREE[state[0] | state[1]]

    def move_text(self, state: TTTState, action: Cell) -> str:
        """The cell counted from 1, row-major from the top-left: ``1`` .. ``9``."""
        return str(action + 1)

    def parse_move(self, state: TTTState, text: str) -> Cell:
        """The cell written ``1`` .. ``9``; IllegalMoveError if unreadable or not legal."""
        cell = numbered_move(self, state, text, "cell", 9)
        if (state[0] | state[1]) >> cell & 1:
            raise IllegalMoveError(f"cannot play {cell + 1}: that cell is already taken")
        return cell

    def position_text(self, state: TTTState) -> str:
        """Nine characters row-major, ``X``, ``O`` or ``.``: ``X.O.X...O``."""
        x, o = state
        return "".join("X" if x >> cell & 1 else "O" if o >> cell & 1 else "." for cell in range(9))

    def parse_position(self, text: str) -> TTTState:
        """Nine cells of ``X``, ``O`` or ``.`` (any case, ``/`` ignored); PositionError else."""
        x = o = 0
        cell = 0
        for index, char in enumerate(text.strip(), start=1):
            if char == "/":
                continue
            if char in "xXoO.":
                if cell < 9:
                    if char in "xX":
                        x |= 1 << cell
                    elif char in "oO":
                        o |= 1 << cell
                cell += 1
            else:
                raise PositionError(
                    f"bad character {char!r} at position {index} of {text!r}; "
                    "use X, O or . for each cell"
                )
        if cell != 9:
            raise PositionError(f"{text!r} describes {cell} cells; a tic-tac-toe board has 9")
        _validate(x, o)
        return (x, o)

    def winner(self, state: TTTState) -> Player | None:
        """MAX if X has three in a row, MIN if O has, else None (also for a draw)."""
        if _WON[state[0]]:
            return _MAX
        if _WON[state[1]]:
            return _MIN
        return None

    def winning_line(self, state: TTTState) -> Line | None:
        """The three cells of the winner's line (the first in LINES), or None."""
        for bits in state:
            if _WON[bits]:
                for line, mask in zip(LINES, _LINE_MASKS, strict=True):
                    if bits & mask == mask:
                        return line
        return None

    def cell(self, state: TTTState, cell: Cell) -> Player | None:
        """Who holds ``cell``: MAX for X, MIN for O, None when it is empty."""
        if state[0] >> cell & 1:
            return _MAX
        if state[1] >> cell & 1:
            return _MIN
        return None


#: Tic-tac-toe in the registry (``gamesearch_gui.core.games.registry``).
SPEC = GameSpec.of(
    TicTacToe,
    side_names=("X", "O"),
    position_help="nine cells row by row, X, O or '.', e.g. 'X.O.X....' (X moves first and is MAX)",
    move_help="cells 1 to 9, row by row from the top left",
    rules="""
<h3>Tic-tac-toe</h3>
<p>Click an empty cell (or press 1 to 9, row by row from the top left). X moves first.
Three in a row, across, down or diagonally, wins; a full board without one is a draw.
Perfect play from both sides is always a draw, so the AI at full depth never loses.</p>
""",
    searchable_to_end=True,
    board="gamesearch_gui.ui.boards.tictactoe_board:TicTacToeBoard",
)
