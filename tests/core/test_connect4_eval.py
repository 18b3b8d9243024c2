"""Connect Four's evaluations and win test on the bitboards equal the plain loops, bit for bit.

``open_lines``, ``centre`` and ``terminal_value`` look at all windows at once with
shifts, masks and multiplications. The references below are the versions they
replaced, one window or one direction at a time; every comparison is of the exact
float (``float.hex``), not an approximation.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamesearch_gui.core.games.connect4 import CELLS
from gamesearch_gui.core.games.connect4 import HEIGHT
from gamesearch_gui.core.games.connect4 import WIDTH
from gamesearch_gui.core.games.connect4 import WINDOWS
from gamesearch_gui.core.games.connect4 import C4State
from gamesearch_gui.core.games.connect4 import ConnectFour
from gamesearch_gui.core.games.connect4 import centre
from gamesearch_gui.core.games.connect4 import open_lines
from tests.properties import examples

GAME = ConnectFour()
STRIDE = HEIGHT + 1
# A full board on which nobody ever made four in a row (as in test_connect4.py).
FULL_BOARD_DRAW = "225344533673453576212645522737771141641166"


def bit(column: int, row: int) -> int:
    return 1 << (column * STRIDE + row)


# -- the references: the implementations before the bitboard versions ------------------

WINDOW_MASKS = tuple(sum(bit(c, r) for c, r in window) for window in WINDOWS)
OPEN_WEIGHTS = (0, 1, 4, 16, 64)
SQUARE_WEIGHTS = {
    (c, r): sum((c, r) in w for w in WINDOWS) for c in range(WIDTH) for r in range(HEIGHT)
}
WEIGHT_GROUPS = tuple(
    (weight, sum(bit(c, r) for (c, r), w in SQUARE_WEIGHTS.items() if w == weight))
    for weight in sorted(set(SQUARE_WEIGHTS.values()))
)
WIN_VALUE = tuple(
    (1.0 if n % 2 == 1 else -1.0) * (1.0 + (CELLS - n) / CELLS) for n in range(CELLS + 1)
)


def max_min_bits(state: C4State) -> tuple[int, int]:
    mover, mask, plies = state
    if plies & 1:
        return mover ^ mask, mover
    return mover, mover ^ mask


def reference_open_lines(state: C4State) -> float:
    """One window at a time."""
    mx, mn = max_min_bits(state)
    score = 0
    for window in WINDOW_MASKS:
        mine = mx & window
        theirs = mn & window
        if mine:
            if not theirs:
                score += OPEN_WEIGHTS[mine.bit_count()]
        elif theirs:
            score -= OPEN_WEIGHTS[theirs.bit_count()]
    return score / (abs(score) + 32.0)


def reference_centre(state: C4State) -> float:
    """One group of equally weighted squares at a time."""
    mx, mn = max_min_bits(state)
    score = 0
    for weight, group in WEIGHT_GROUPS:
        score += weight * ((mx & group).bit_count() - (mn & group).bit_count())
    return score / (abs(score) + 16.0)


def reference_terminal_value(state: C4State) -> float | None:
    """One direction at a time, on the last mover's stones."""
    mover, mask, plies = state
    if plies < 7:  # nobody has four stones down yet
        return None
    last = mover ^ mask
    for step in (1, STRIDE, STRIDE - 1, STRIDE + 1):
        pairs = last & (last >> step)
        if pairs & (pairs >> 2 * step):
            return WIN_VALUE[plies]
    return 0.0 if plies == CELLS else None


def assert_same(state: C4State) -> None:
    """Each new function gives exactly the reference's value on ``state``."""
    assert open_lines(state).hex() == reference_open_lines(state).hex(), state
    assert centre(state).hex() == reference_centre(state).hex(), state
    value = GAME.terminal_value(state)
    expected = reference_terminal_value(state)
    if expected is None:
        assert value is None, state
    else:
        assert value is not None, state
        assert value.hex() == expected.hex(), state


# -- positions --------------------------------------------------------------------------


def play(choices: list[int], avoid_wins: bool) -> list[C4State]:
    """The positions along one game; each choice picks among the open columns.

    With ``avoid_wins`` a move that makes four is skipped while another move exists,
    which fills the board far more often than random play does.
    """
    state = GAME.initial_state()
    states = [state]
    for choice in choices:
        if GAME.terminal_value(state) is not None:
            break
        moves = list(GAME.actions(state))
        if avoid_wins:
            quiet = [m for m in moves if GAME.terminal_value(GAME.result(state, m)) is None]
            moves = quiet or moves
        state = GAME.result(state, moves[choice % len(moves)])
        states.append(state)
    return states


def positions_up_to(plies: int) -> Iterator[C4State]:
    """Every position reachable in at most ``plies`` plies, finished games included."""
    level = {GAME.initial_state()}
    yield from level
    for _ in range(plies):
        following = set()
        for state in level:
            if GAME.terminal_value(state) is None:
                following.update(GAME.result(state, move) for move in GAME.actions(state))
        yield from following
        level = following


@st.composite
def boards(draw: st.DrawFn) -> C4State:
    """Any two disjoint sets of squares, with either side to move: not only legal play.

    The bitboard versions never rely on gravity or on the stone counts, so they must
    agree with the references on these too.
    """
    owners = draw(st.lists(st.sampled_from((0, 1, 2)), min_size=CELLS, max_size=CELLS))
    mover = mask = 0
    for index, owner in enumerate(owners):
        if owner:
            square = bit(index // HEIGHT, index % HEIGHT)
            mask |= square
            if owner == 1:
                mover |= square
    plies = draw(st.integers(0, CELLS))
    return (mover, mask, plies)


# -- the properties -----------------------------------------------------------------------


@examples(300)
@given(st.lists(st.integers(0, 6), min_size=CELLS, max_size=CELLS), st.booleans())
def test_equal_to_the_references_along_random_games(choices: list[int], avoid_wins: bool) -> None:
    """Every position of random games played to their end, won or drawn.

    Games that avoid wins mostly run past 36 plies, and some fill the board.
    """
    for state in play(choices, avoid_wins):
        assert_same(state)


@examples(500)
@given(boards())
def test_equal_to_the_references_on_any_board(state: C4State) -> None:
    """Any placement of stones: the layout tricks do not depend on legal play."""
    assert_same(state)


def test_equal_to_the_references_on_every_position_up_to_six_plies() -> None:
    count = 0
    for state in positions_up_to(6):
        assert_same(state)
        count += 1
    assert count == 1 + 7 + 49 + 238 + 1120 + 4263 + 16422


@pytest.mark.parametrize(
    "moves",
    [
        FULL_BOARD_DRAW,  # full, drawn
        FULL_BOARD_DRAW[:-1],  # one square left
        "1212121",  # MAX's vertical four
        "71122334",  # MIN's horizontal four
        "12234334544",  # diagonal up
        "76654554344",  # diagonal down
        "434453",  # the benchmark's midgames
        "44455326",
        "4343527716",
    ],
)
def test_equal_to_the_references_on_known_positions(moves: str) -> None:
    state = GAME.initial_state()
    assert_same(state)
    for char in moves:
        state = GAME.result(state, int(char) - 1)
        assert_same(state)


def test_extreme_boards() -> None:
    """Every square one side's (the largest scores), and the same with a few stones off."""
    everything = sum(bit(c, r) for c in range(WIDTH) for r in range(HEIGHT))
    for plies in (0, 1, CELLS):
        assert_same((everything, everything, plies))
        assert_same((0, everything, plies))
        assert_same((everything ^ bit(3, 2), everything, plies))
        assert_same((bit(0, 0), everything ^ bit(6, 5), plies))
