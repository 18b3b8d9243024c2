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

Evaluations: ``open_lines`` (the default) and ``centre``. Both, and the test for four
in a row in ``terminal_value``, look at every window at once with a few
multiplications, masks and popcounts on Python ints (see "Every window at once" below)
instead of a loop over the 69 windows: they run at nearly every node of a search.
``tests/core/test_connect4_eval.py`` checks them bit for bit against those loops;
``docs/benchmarks.md`` has what it gained.

Move notation: the column counted from 1, left to right: ``1`` .. ``7``.

Position notation: the columns played from the start, in order, each ``1`` .. ``7``,
such as ``4453``; the empty string is the start. Spaces are ignored. ``parse_position``
refuses a move into a full column and a move after the game was already won.
``position_text`` writes one order of moves that reaches the position.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Sequence
from types import MappingProxyType
from typing import ClassVar
from typing import TypeAlias

from gamesearch_gui.core.game import FixedRules
from gamesearch_gui.core.game import Game
from gamesearch_gui.core.game import GameError
from gamesearch_gui.core.game import IllegalMoveError
from gamesearch_gui.core.game import Outcome
from gamesearch_gui.core.game import Player
from gamesearch_gui.core.game import PositionError
from gamesearch_gui.core.game import numbered_move
from gamesearch_gui.core.game import outcome_by_sign
from gamesearch_gui.core.games.registry import DefaultSearch
from gamesearch_gui.core.games.registry import GameSpec

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

# Quiescence: every square of the board, the bottom square of each column, and the
# squares of each column (to read a column off a set of squares).
_BOARD = sum(_bit(c, r) for c in range(WIDTH) for r in range(HEIGHT))
_BOTTOM_ROW = sum(_BOTTOM)
_COLUMN_SQUARES: tuple[int, ...] = tuple(
    sum(_bit(c, r) for r in range(HEIGHT)) for c in range(WIDTH)
)


def _completing(stones: int, mask: int) -> int:
    """The empty squares that would give ``stones`` four in a row (reachable or not).

    Pascal Pons's bit trick: for each direction, a square completes a four when the
    three squares on one side, or two on one side and one on the other, are ``stones``.
    """
    found = (stones << 1) & (stones << 2) & (stones << 3)  # three below, up the column
    for shift in (_STRIDE, _STRIDE - 1, _STRIDE + 1):  # across, and the two diagonals
        pair = (stones << shift) & (stones << 2 * shift)
        found |= pair & (stones << 3 * shift)
        found |= pair & (stones >> shift)
        pair = (stones >> shift) & (stones >> 2 * shift)
        found |= pair & (stones << shift)
        found |= pair & (stones >> 3 * shift)
    return found & (_BOARD ^ mask)


def _urgent_squares(mover: int, mask: int) -> int:
    """The squares the side to move can fill next that win at once; if none, those
    that block a four the opponent could make there next (0: a quiet position)."""
    playable = (mask + _BOTTOM_ROW) & _BOARD  # the square each open column fills next
    return _completing(mover, mask) & playable or _completing(mover ^ mask, mask) & playable


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
# the middle of the centre column).
_SQUARE_WEIGHTS = {
    (c, r): sum((c, r) in w for w in WINDOWS) for c in range(WIDTH) for r in range(HEIGHT)
}
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


# -- Every window at once -------------------------------------------------------------
#
# The evaluations and terminal_value run at nearly every node of a search, so they look
# at all windows with a handful of operations on Python ints instead of a loop.
#
# Sides: one int with MAX's stones at bits 0..48 and MIN's at the same squares _SIDE
# bits higher. Lanes: multiplying an int by a constant with one set bit per direction
# lays copies of it side by side, one lane per direction, and the k-th of four such
# constants shifts the copy in the lane of step d down by k * d bits more. So at the bit
# of a window's first square, the k-th product holds the window's k-th square, for all
# windows of all four directions at once. Each lane starts at its ``base`` bit; the
# copies in a lane never reach another lane, so the products never carry.

#: Bits per side: the board's 49 bits, sentinels included.
_SIDE = WIDTH * _STRIDE


def _window_starts(step: int) -> int:
    """The bits of the first (lowest) squares of the windows along ``step``."""
    line = 1 | 1 << step | 1 << 2 * step | 1 << 3 * step
    return sum(window & -window for window in _WINDOW_MASKS if window == (window & -window) * line)


def _lane_bases(copy_bits: int, margin: int) -> tuple[int, ...]:
    """Where each direction's lane starts, for copies of ``copy_bits`` bits.

    A lane's copies reach ``3 * step`` bits below its base and ``copy_bits`` above it;
    the next lane's lowest copy starts ``margin`` bits above that.
    """
    bases = []
    base = 3 * _DIRECTIONS[0]
    for i, step in enumerate(_DIRECTIONS):
        if i:
            base += copy_bits + margin + 3 * step
        bases.append(base)
    return tuple(bases)


def _lane_copies(bases: tuple[int, ...]) -> tuple[int, int, int, int]:
    """The four multipliers: the k-th puts each lane's copy ``k * step`` bits lower."""
    a, b, c, d = (
        sum(1 << (base - k * step) for base, step in zip(bases, _DIRECTIONS, strict=True))
        for k in range(4)
    )
    return a, b, c, d


# open_lines: lanes of both sides (2 * _SIDE bits). The opponent's stones in a window
# lie _SIDE bits above (MAX's window) or below (MIN's) its first square, and the same
# reads from any other bit must find nothing of another lane. Above a lane, the margin
# of _SIDE bits sees to that. Below a MAX window's first square, _SIDE bits down is
# under the lane's lowest bit (the window's last square is on the board, so its first
# lies less than _SIDE - 3 * step bits above the base) and still above the previous
# lane, thanks to the same margin.
_OPEN_BASES = _lane_bases(2 * _SIDE, _SIDE)
_OPEN_A, _OPEN_B, _OPEN_C, _OPEN_D = _lane_copies(_OPEN_BASES)
_STARTS_MAX = sum(
    _window_starts(step) << base for base, step in zip(_OPEN_BASES, _DIRECTIONS, strict=True)
)
_STARTS_MIN = _STARTS_MAX << _SIDE
_STARTS = _STARTS_MAX | _STARTS_MIN
if _STARTS_MAX.bit_count() != len(WINDOWS):  # pragma: no cover - a slip in the tables above
    raise AssertionError("the window starts miss a window")

# A window's stones n = b0 + 2 * b1 in bit slices (n = 4, four in a row, is apart), so
# its weight 1, 4, 16 for n = 1, 2, 3 is W1 * b0 + W2 * b1 + W3 * (b0 and b1).
_W1 = _OPEN_WEIGHTS[1]
_W2 = _OPEN_WEIGHTS[2]
_W3 = _OPEN_WEIGHTS[3] - _OPEN_WEIGHTS[1] - _OPEN_WEIGHTS[2]
_W4 = _OPEN_WEIGHTS[4]
# MAX's count minus MIN's as one popcount: (x ^ _STARTS_MIN) counts x at MAX's starts
# and the complement at MIN's, that is MAX's count - MIN's + len(WINDOWS). So the raw
# sum is the score plus this offset.
_OPEN_OFFSET = (_W1 + _W2 + _W3) * len(WINDOWS)
# |score| cannot exceed every window scoring a four.
_OPEN_LIMIT = _W4 * len(WINDOWS)
if not 0 <= _OPEN_OFFSET <= _OPEN_LIMIT:  # pragma: no cover - the table needs it
    raise AssertionError("the open_lines table cannot hold the offset")


def _squash_table(offset: int, limit: int, half: float) -> tuple[float, ...]:
    """score / (|score| + half) for every score in [-limit, limit], at index score + offset.

    A negative index counts from the end, as Python's do, so the table has no more
    entries than scores.
    """
    table = [0.0] * (2 * limit + 1)
    for score in range(-limit, limit + 1):
        table[score + offset] = score / (abs(score) + half)
    return tuple(table)


# 8,833 floats: one lookup instead of abs, an addition and a division at every leaf.
_OPEN_VALUES = _squash_table(_OPEN_OFFSET, _OPEN_LIMIT, _OPEN_HALF)

# centre: bit planes of the square weights (weights up to 13: four planes), each over
# both sides; MIN's half is read through its complement, as above.
_CENTRE_PLANES: tuple[int, ...] = tuple(
    sum(_bit(c, r) for (c, r), w in _SQUARE_WEIGHTS.items() if w >> j & 1) * (1 | 1 << _SIDE)
    for j in range(max(_SQUARE_WEIGHTS.values()).bit_length())
)
if len(_CENTRE_PLANES) != 4:  # pragma: no cover - centre() reads four planes
    raise AssertionError("centre expects square weights below 16")
_CENTRE_P0, _CENTRE_P1, _CENTRE_P2, _CENTRE_P3 = _CENTRE_PLANES
_MIN_SQUARES = sum(_bit(c, r) for c in range(WIDTH) for r in range(HEIGHT)) << _SIDE
_CENTRE_TOTAL = sum(_SQUARE_WEIGHTS.values())
_CENTRE_VALUES = _squash_table(_CENTRE_TOTAL, _CENTRE_TOTAL, _CENTRE_HALF)

# terminal_value: lanes of one side; a bit set in all four products is the first square
# of four in a row, exactly as ``pairs & (pairs >> 2 * step)`` of _has_four finds it.
_FOUR_A, _FOUR_B, _FOUR_C, _FOUR_D = _lane_copies(_lane_bases(_SIDE, 0))


def open_lines(state: C4State) -> float:
    """Windows of four open to MAX minus those open to MIN, weighted; in (-1, 1).

    A window is open to a side when the opponent has no stone in it; it counts 1, 4,
    16 with one, two, three of the side's stones (64 with four, in a won position). The
    difference d is squashed to d / (|d| + 32), which keeps the order and stays inside
    (-1, 1).
    """
    # All 69 windows at once; see "Every window at once" above.
    mover, mask, plies = state
    other = mover ^ mask
    sides = other | mover << _SIDE if plies & 1 else mover | other << _SIDE
    # The window's four squares, at the bit of its first square.
    a = sides * _OPEN_A
    b = sides * _OPEN_B
    c = sides * _OPEN_C
    d = sides * _OPEN_D
    # Stones per window, in bit slices: a + b = s1 + 2 * c1, c + d = s2 + 2 * c2.
    s1 = a ^ b
    c1 = a & b
    s2 = c ^ d
    c2 = c & d
    b0 = s1 ^ s2
    b1 = c1 ^ c2 ^ (s1 & s2)
    # A window is open to a side when the same window of the other side has no stone
    # (a four of the other side leaves this side none there, so b0 | b1 is enough).
    taken = b0 | b1
    open_ = _STARTS & ~(taken >> _SIDE | taken << _SIDE)
    x1 = b0 & open_
    x2 = b1 & open_
    raw = (
        _W1 * (x1 ^ _STARTS_MIN).bit_count()
        + _W2 * (x2 ^ _STARTS_MIN).bit_count()
        + _W3 * ((x1 & x2) ^ _STARTS_MIN).bit_count()
    )
    if c1 & c2:  # four in a row somewhere (only in a finished game)
        fours = c1 & c2 & _STARTS
        raw += _W4 * ((fours & _STARTS_MAX).bit_count() - (fours & _STARTS_MIN).bit_count())
    return _OPEN_VALUES[raw]


def centre(state: C4State) -> float:
    """Square weights, MAX's minus MIN's, a square worth the windows through it; in (-1, 1).

    Central squares take part in the most lines; it ignores whether those lines are
    still open. The difference d is squashed to d / (|d| + 16).
    """
    mover, mask, plies = state
    other = mover ^ mask
    sides = other | mover << _SIDE if plies & 1 else mover | other << _SIDE
    # MAX's weights plus the weights of the squares MIN does not hold.
    held = sides ^ _MIN_SQUARES
    raw = (
        (held & _CENTRE_P0).bit_count()
        + ((held & _CENTRE_P1).bit_count() << 1)
        + ((held & _CENTRE_P2).bit_count() << 2)
        + ((held & _CENTRE_P3).bit_count() << 3)
    )
    return _CENTRE_VALUES[raw]


def urgent_column(state: C4State) -> Column | None:
    """The playout heuristic: the leftmost column that wins at once, else the leftmost
    that blocks a four the opponent could make there next, else None."""
    squares = _urgent_squares(state[0], state[1])
    if squares:
        return ((squares & -squares).bit_length() - 1) // _STRIDE
    return None


class ConnectFour(FixedRules, Game[C4State, Column]):
    """Connect Four, 7 columns by 6 rows; MAX drops the first stone."""

    name: ClassVar[str] = "connect4"
    title = "Connect Four"
    #: ``open_lines`` (the default) and ``centre``.
    EVALUATIONS = MappingProxyType({"open_lines": open_lines, "centre": centre})

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

    def noisy_actions(self, state: C4State) -> Sequence[Column]:
        """Not quiet: the columns that win at once for the side to move, or else those
        that block an immediate win of the opponent's; none in a quiet position."""
        squares = _urgent_squares(state[0], state[1])
        if not squares:
            return ()
        return tuple(c for c in range(WIDTH) if squares & _COLUMN_SQUARES[c])

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
        # Only the player who just moved can have made four; the four directions at
        # once, as _FOUR_A .. _FOUR_D lay them out (this runs at every node of a search).
        last = mover ^ mask
        if last * _FOUR_A & last * _FOUR_B & last * _FOUR_C & last * _FOUR_D:
            return _WIN_VALUE[plies]
        if plies == CELLS:
            return 0.0
        return None

    def outcome(self, utility: float) -> Outcome:
        """Utilities say who won: positive a win of MAX (a sooner win larger), 0 a draw,
        negative a win of MIN."""
        return outcome_by_sign(utility)

    def key(self, state: C4State) -> C4State:
        """The state itself: it identifies the position and is cheap to hash."""
        return state

    def playout_heuristic(self) -> Callable[[C4State], Column | None]:
        """Take an immediate win, else block an immediate loss (:func:`urgent_column`)."""
        return urgent_column

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
        column = numbered_move(self, state, text, "column", WIDTH)
        if state[1] & _TOP[column]:
            raise IllegalMoveError(f"cannot play {column + 1}: column {column + 1} is full")
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


#: Connect Four in the registry (``gamesearch_gui.core.games.registry``).
SPEC = GameSpec.of(
    ConnectFour,
    default_search=DefaultSearch("alphabeta", depth=7, ordering="static", transposition_table=True),
    side_names=("Red", "Yellow"),
    position_help="the columns played so far, 1 to 7, e.g. '4453' ('' is the empty board)",
    move_help="columns 1 to 7 from the left",
    rules="""
<h3>Connect Four</h3>
<p>Click a column (or press 1 to 7) and your disc drops to the lowest free row. Red moves
first. Four in a row, across, down or diagonally, wins. The AI looks a few moves ahead
and judges the positions there by the lines each side can still complete.</p>
""",
    board="gamesearch_gui.ui.boards.connect4_board:ConnectFourBoard",
)
