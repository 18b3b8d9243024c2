"""Connect Four on the standard board: 7 columns, 6 rows; the first player is MAX.

Columns are numbered 0..6 from the left and rows 0..5 from the bottom; an action is a
column number.

State: ``(mover_bits, mask, plies)``, bitboards in Pascal Pons's layout. Column ``c``
owns bits ``7c`` (bottom row) to ``7c + 5`` (top row), plus a sentinel bit ``7c + 6``
that always stays clear, so no line can wrap from one column into the next.
``mask`` holds every stone on the board, ``mover_bits`` the stones of the player to
move, and ``plies`` counts the stones (MAX is to move when it is even). Dropping a
stone is ``mask | (mask + bottom_of_column)``, and a four-in-a-row is two shifts and
two ands per direction (1 vertical, 7 horizontal, 6 and 8 diagonal). The triple is
its own transposition key: the two masks fix the position, ``plies`` follows from them.

Utility: 0 for a draw (a full board without four in a row). A win is worth
``1 + (42 - plies) / 42`` to the winner (positive for MAX, negative for MIN), where
``plies`` counts the stones once the winning one is down; the sooner the win the more
it is worth, so a search takes a quick win over a slow one and delays a loss. Every
win lies between 1 and 2 in absolute value, and every evaluation strictly inside
(-1, 1), so any win outranks any heuristic guess.

Move notation: the column counted from 1, left to right: ``1`` .. ``7``.

Position notation: the columns played from the start, in order, each ``1`` .. ``7``,
such as ``4453``; the empty string is the start. Spaces are ignored. ``parse_position``
refuses a move into a full column and a move after the game was already won.
``position_text`` writes one order of moves that reaches the position.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import ClassVar, TypeAlias

from gamesearch_gui.core.game import (
    Evaluation,
    Game,
    GameError,
    IllegalMoveError,
    Player,
    PositionError,
)

#: ``(mover_bits, mask, plies)``: the stones of the player to move, every stone, and
#: how many stones there are, in the layout the module docstring describes.
C4State: TypeAlias = tuple[int, int, int]
#: A column number, 0..6 from the left.
Column: TypeAlias = int
#: A square as ``(column, row)``, row 0 at the bottom.
Square: TypeAlias = tuple[int, int]

WIDTH = 7
HEIGHT = 6
CELLS = WIDTH * HEIGHT
#: Bits per column: the six rows and the sentinel.
_STRIDE = HEIGHT + 1

_MAX = Player.MAX
_MIN = Player.MIN
_TO_MOVE: tuple[Player, ...] = tuple(_MAX if n % 2 == 0 else _MIN for n in range(CELLS + 1))


def _bit(column: int, row: int) -> int:
    """The bit of square ``(column, row)``."""
    return 1 << (column * _STRIDE + row)


_BOTTOM: tuple[int, ...] = tuple(_bit(c, 0) for c in range(WIDTH))
_TOP: tuple[int, ...] = tuple(_bit(c, HEIGHT - 1) for c in range(WIDTH))
_TOP_ROW = sum(_TOP)
_CENTRE_OUT: tuple[Column, ...] = (3, 2, 4, 1, 5, 0, 6)


def _open_columns(order: Sequence[Column]) -> dict[int, tuple[Column, ...]]:
    """For each set of full columns (as top-row bits), the open columns in ``order``."""
    table: dict[int, tuple[Column, ...]] = {}
    for full in range(1 << WIDTH):
        tops = sum(_TOP[c] for c in range(WIDTH) if full >> c & 1)
        table[tops] = tuple(c for c in order if not full >> c & 1)
    return table


# Keyed by the top-row bits of the mask, so move generation is one lookup and
# allocates nothing.
_ACTIONS = _open_columns(range(WIDTH))
_ORDERED = _open_columns(_CENTRE_OUT)


def _windows() -> tuple[tuple[Square, Square, Square, Square], ...]:
    """Every line of four squares on the board: 24 across, 21 up, 12 + 12 diagonal."""
    found = []
    for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
        for c in range(WIDTH):
            for r in range(HEIGHT):
                squares = tuple((c + k * dc, r + k * dr) for k in range(4))
                if all(0 <= sc < WIDTH and 0 <= sr < HEIGHT for sc, sr in squares):
                    found.append((squares[0], squares[1], squares[2], squares[3]))
    return tuple(found)


WINDOWS: tuple[tuple[Square, Square, Square, Square], ...] = _windows()
_WINDOW_MASKS: tuple[int, ...] = tuple(sum(_bit(c, r) for c, r in w) for w in WINDOWS)

# Value of a win by the player who just moved, by the stone count after the move:
# MAX moves when the count is even, so an odd count after the move is MAX's win.
_WIN_VALUE: tuple[float, ...] = tuple(
    (1.0 if n % 2 == 1 else -1.0) * (1.0 + (CELLS - n) / CELLS) for n in range(CELLS + 1)
)
# Nobody can have four stones down before the seventh ply.
_FIRST_WIN_PLY = 7

# open_lines: a window free of the opponent is worth this much by the side's stones in it.
_OPEN_WEIGHTS = (0, 1, 4, 16, 64)
# The raw score that maps to 0.5 (about what a strong middle-game edge adds up to).
_OPEN_HALF = 32.0

# centre: each square is worth the number of windows through it (3 at a corner, 13 at
# the middle of the centre column); squares of equal worth share one mask.
_SQUARE_WEIGHTS = {
    (c, r): sum((c, r) in w for w in WINDOWS) for c in range(WIDTH) for r in range(HEIGHT)
}
_WEIGHT_GROUPS: tuple[tuple[int, int], ...] = tuple(
    (weight, sum(_bit(c, r) for (c, r), w in _SQUARE_WEIGHTS.items() if w == weight))
    for weight in sorted(set(_SQUARE_WEIGHTS.values()))
)
_CENTRE_HALF = 16.0


# Bit distance between neighbours along a line: up, across, down-right, up-right.
_DIRECTIONS = (1, _STRIDE, _STRIDE - 1, _STRIDE + 1)


def _has_four(bits: int) -> bool:
    """True when ``bits`` holds four in a row in any direction."""
    for step in _DIRECTIONS:
        pairs = bits & (bits >> step)
        if pairs & (pairs >> 2 * step):
            return True
    return False


def _max_min_bits(state: C4State) -> tuple[int, int]:
    """MAX's stones and MIN's stones."""
    mover, mask, plies = state
    if plies & 1:
        return mover ^ mask, mover
    return mover, mover ^ mask


def open_lines(state: C4State) -> float:
    """Windows of four open to MAX minus those open to MIN, weighted; in (-1, 1).

    A window is open to a side when the opponent has no stone in it; it counts 1, 4,
    16 with one, two, three of the side's stones. The difference d is squashed to
    d / (|d| + 32), which keeps the order and stays inside (-1, 1).
    """
    # _max_min_bits inlined: this runs at every leaf of a depth-limited search.
    mover, mask, plies = state
    if plies & 1:
        mx, mn = mover ^ mask, mover
    else:
        mx, mn = mover, mover ^ mask
    weights = _OPEN_WEIGHTS
    score = 0
    for window in _WINDOW_MASKS:
        mine = mx & window
        theirs = mn & window
        if mine:
            if not theirs:
                score += weights[mine.bit_count()]
        elif theirs:
            score -= weights[theirs.bit_count()]
    return score / (abs(score) + _OPEN_HALF)


def centre(state: C4State) -> float:
    """Square weights, MAX's minus MIN's, a square worth the windows through it; in (-1, 1).

    Central squares take part in the most lines; it ignores whether those lines are
    still open. The difference d is squashed to d / (|d| + 16).
    """
    mx, mn = _max_min_bits(state)
    score = 0
    for weight, group in _WEIGHT_GROUPS:
        score += weight * ((mx & group).bit_count() - (mn & group).bit_count())
    return score / (abs(score) + _CENTRE_HALF)


class ConnectFour(Game[C4State, Column]):
    """Connect Four, 7 columns by 6 rows; MAX drops the first stone."""

    name: ClassVar[str] = "connect4"
    title = "Connect Four"

    def __init__(self) -> None:
        """The rules; they have no settings."""
        self._evaluations: Mapping[str, Evaluation[C4State]] = MappingProxyType(
            {"open_lines": open_lines, "centre": centre}
        )

    def initial_state(self) -> C4State:
        """The empty board, MAX to move."""
        return (0, 0, 0)

    def to_move(self, state: C4State) -> Player:
        """MAX after an even number of plies, MIN after an odd one."""
        return _TO_MOVE[state[2]]

    def actions(self, state: C4State) -> Sequence[Column]:
        """The columns that are not full, left to right."""
        return _ACTIONS[state[1] & _TOP_ROW]

    def ordered_actions(self, state: C4State) -> Sequence[Column]:
        """The columns that are not full, centre out: 3, 2, 4, 1, 5, 0, 6."""
        return _ORDERED[state[1] & _TOP_ROW]

    def result(self, state: C4State, action: Column) -> C4State:
        """The board after a stone drops into column ``action``. Trusts its caller."""
        mover, mask, plies = state
        # The opponent moves next, so its stones (mover ^ mask) become the mover's.
        return (mover ^ mask, mask | (mask + _BOTTOM[action]), plies + 1)

    def terminal_value(self, state: C4State) -> float | None:
        """The win's value if the last stone made four in a row, 0 for a full board, else None."""
        mover, mask, plies = state
        if plies < _FIRST_WIN_PLY:
            return None
        # Only the player who just moved can have made four. The loop of _has_four is
        # unrolled here (steps 1, 7, 6, 8): this runs at every node of a search.
        last = mover ^ mask
        m = last & (last >> 1)
        if m & (m >> 2):
            return _WIN_VALUE[plies]
        m = last & (last >> 7)
        if m & (m >> 14):
            return _WIN_VALUE[plies]
        m = last & (last >> 6)
        if m & (m >> 12):
            return _WIN_VALUE[plies]
        m = last & (last >> 8)
        if m & (m >> 16):
            return _WIN_VALUE[plies]
        if plies == CELLS:
            return 0.0
        return None

    def key(self, state: C4State) -> C4State:
        """The state itself: it identifies the position and is cheap to hash."""
        return state

    def evaluations(self) -> Mapping[str, Evaluation[C4State]]:
        """``open_lines`` (the default) and ``centre``."""
        return self._evaluations

    def utility_bounds(self) -> tuple[float, float]:
        """Plus and minus the quickest win's value, a win at the seventh ply."""
        best = _WIN_VALUE[_FIRST_WIN_PLY]
        return (-best, best)

    def max_plies(self, state: C4State) -> int:
        """The number of empty squares."""
        return CELLS - state[2]

    def move_text(self, state: C4State, action: Column) -> str:
        """The column counted from 1: ``1`` .. ``7``."""
        return str(action + 1)

    def parse_move(self, state: C4State, text: str) -> Column:
        """The column written ``1`` .. ``7``; IllegalMoveError if unreadable or not legal."""
        wanted = text.strip()
        if len(wanted) != 1 or wanted not in "1234567":
            raise IllegalMoveError(f"{text!r} is not a column; write a number from 1 to 7")
        column = int(wanted) - 1
        if self.terminal_value(state) is not None:
            raise IllegalMoveError(f"cannot play {wanted}: the game is over")
        if state[1] & _TOP[column]:
            raise IllegalMoveError(f"cannot play {wanted}: column {wanted} is full")
        return column

    def position_text(self, state: C4State) -> str:
        """The columns played, ``1`` .. ``7`` each, in an order that reaches ``state``."""
        return "".join(str(column + 1) for column in _history(state))

    def parse_position(self, text: str) -> C4State:
        """Columns played from the start, ``1`` .. ``7`` each; PositionError otherwise."""
        moves: list[Column] = []
        mover = mask = 0
        won_at = 0
        for index, char in enumerate(text, start=1):
            if char.isspace():
                continue
            if char not in "1234567":
                raise PositionError(
                    f"bad character {char!r} at position {index} of {text!r}; "
                    "write the columns played, each a number from 1 to 7"
                )
            number = len(moves) + 1
            if won_at:
                raise PositionError(
                    f"move {number} (column {char}) comes after the game was over: "
                    f"move {won_at} made four in a row"
                )
            column = int(char) - 1
            if mask & _TOP[column]:
                raise PositionError(f"move {number} plays column {char}, which is already full")
            mover, mask = mover ^ mask, mask | (mask + _BOTTOM[column])
            moves.append(column)
            if _has_four(mover ^ mask):
                won_at = number
        return (mover, mask, len(moves))

    def winner(self, state: C4State) -> Player | None:
        """MAX or MIN when that side has four in a row, else None (also for a draw)."""
        mx, mn = _max_min_bits(state)
        if _has_four(mx):
            return _MAX
        if _has_four(mn):
            return _MIN
        return None

    def winning_cells(self, state: C4State) -> tuple[Square, Square, Square, Square] | None:
        """Four squares in a row of one side (the first found in WINDOWS), or None."""
        for bits in _max_min_bits(state):
            for squares, window in zip(WINDOWS, _WINDOW_MASKS, strict=True):
                if bits & window == window:
                    return squares
        return None

    def cell(self, state: C4State, column: int, row: int) -> Player | None:
        """Who holds square ``(column, row)`` (row 0 at the bottom), or None if empty."""
        if not 0 <= column < WIDTH or not 0 <= row < HEIGHT:
            raise GameError(f"there is no square at column {column}, row {row}")
        bit = _bit(column, row)
        if not state[1] & bit:
            return None
        mx, _ = _max_min_bits(state)
        return _MAX if mx & bit else _MIN

    def height(self, state: C4State, column: int) -> int:
        """How many stones column ``column`` holds, 0..6."""
        return ((state[1] >> (column * _STRIDE)) & 0b111_111).bit_count()


def _history(state: C4State) -> list[Column]:
    """One order of moves from the start that reaches ``state`` and ends no game early.

    Takes stones off the tops of the columns, last mover first, and searches depth
    first: a greedy pick can strand a stone of the wrong colour on top. Column heights
    that led nowhere are remembered, so each is tried once. GameError if ``state``
    cannot arise in play.
    """
    mx, mn = _max_min_bits(state)
    owners = (mx, mn)
    heights = [((state[1] >> (c * _STRIDE)) & 0b111_111).bit_count() for c in range(WIDTH)]
    undone: list[Column] = []
    dead: set[tuple[int, ...]] = set()

    def undo(plies: int, mask: int) -> bool:
        if plies == 0:
            return True
        stand = tuple(heights)
        if stand in dead:
            return False
        # The stone placed at ply ``plies - 1`` is MAX's when that ply is even.
        player = owners[(plies - 1) & 1]
        for column in _CENTRE_OUT:
            if not heights[column]:
                continue
            bit = _bit(column, heights[column] - 1)
            if not player & bit:
                continue
            below = mask ^ bit
            # Taking stones away never makes a four, so this only ever refuses a first
            # step that would leave a finished game's four standing before its end.
            if _has_four(mx & below) or _has_four(mn & below):
                continue
            heights[column] -= 1
            undone.append(column)
            if undo(plies - 1, below):
                return True
            undone.pop()
            heights[column] += 1
        dead.add(stand)
        return False

    _, mask, plies = state
    if mask.bit_count() != plies or not undo(plies, mask):
        raise GameError("no sequence of legal moves reaches this position")
    undone.reverse()
    return undone
