"""The aima-python adapters of the benchmarks: aima's own Connect Four, set up at our
positions, plays legal Connect Four by its own rules, and our evaluation ported to its
board gives our values, so its search visits our tree."""

from __future__ import annotations

import pytest

pytest.importorskip("aima3")

from hypothesis import given
from hypothesis import strategies as st

from benchmarks.aima_games import OwnConnectFour
from benchmarks.aima_games import own_column
from benchmarks.aima_games import own_eval_fn
from benchmarks.aima_games import own_game
from benchmarks.aima_games import own_open_lines
from benchmarks.aima_games import own_search
from benchmarks.aima_games import own_state
from benchmarks.bench_search import connect4_positions
from gamesearch_gui.core.game import Player
from gamesearch_gui.core.games.connect4 import CELLS
from gamesearch_gui.core.games.connect4 import HEIGHT
from gamesearch_gui.core.games.connect4 import C4State
from gamesearch_gui.core.games.connect4 import ConnectFour
from gamesearch_gui.core.games.connect4 import open_lines
from gamesearch_gui.core.search import Ordering
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import search
from tests.core.test_connect4_eval import play
from tests.properties import examples

GAME = ConnectFour()


def leaf_value(state: C4State) -> float:
    """What our plain alpha-beta scores a leaf: the utility if finished, else open_lines."""
    value = GAME.terminal_value(state)
    return open_lines(state) if value is None else value


def dropped(before: C4State, after: C4State) -> int:
    """The column of the stone between two positions one move apart."""
    return ((before[1] ^ after[1]).bit_length() - 1) // (HEIGHT + 1)


def test_the_own_game_is_aimas_class_on_the_standard_board() -> None:
    game = own_game()
    assert type(game) is OwnConnectFour  # timed as shipped, not a subclass
    assert (game.h, game.v, game.k) == (7, 6, 4)
    start = game.initial
    assert start.to_move == "X" and start.board == {} and len(start.moves) == CELLS
    # One move per column, left to right, each on the bottom row.
    assert game.actions(start) == [(x, 1) for x in range(1, 8)]


@examples(100)
@given(st.lists(st.integers(0, 6), min_size=CELLS, max_size=CELLS), st.booleans())
def test_aimas_own_rules_play_our_games_move_for_move(choices: list[int], avoid_wins: bool) -> None:
    aima = own_game()
    theirs = aima.initial
    before = GAME.initial_state()
    for state in play(choices, avoid_wins):
        if state != before:  # aima's own rules play the same move
            column = dropped(before, state)
            (square,) = [a for a in aima.actions(theirs) if own_column(a) == column]
            theirs = aima.result(theirs, square)
            before = state
        # Set up from our position, aima's state is the one its own play reached.
        assert own_state(state) == theirs
        # Its legal moves are ours: one per open column, left to right, each the
        # square just above the column's stones (gravity).
        actions = aima.actions(theirs)
        assert [own_column(a) for a in actions] == list(GAME.actions(state))
        for x, y in actions:
            assert y == GAME.height(state, x - 1) + 1
        assert theirs.to_move == ("X" if GAME.to_move(state) is Player.MAX else "O")
        finished = GAME.terminal_value(state)
        assert aima.terminal_test(theirs) == (finished is not None)
        if finished is not None:
            # aima scores a win +1 or -1 for X, a draw 0; ours says the same by its sign.
            assert aima.utility(theirs, "X") == (finished > 0) - (finished < 0)


@examples(100)
@given(st.lists(st.integers(0, 6), min_size=CELLS, max_size=CELLS), st.booleans())
def test_the_ported_evaluation_is_ours_on_aimas_board(choices: list[int], avoid_wins: bool) -> None:
    for state in play(choices, avoid_wins):
        theirs = own_state(state)
        assert own_open_lines(theirs.board).hex() == open_lines(state).hex()
        # The eval_fn aima calls at cutoffs and finished games: our leaf value, exactly,
        # from the point of view of the player to move at the root (== so that a draw's
        # 0.0 equals -0.0).
        assert own_eval_fn("X")(theirs) == leaf_value(state)
        assert own_eval_fn("O")(theirs) == -leaf_value(state)


# The benchmark's four positions, then wins at once for X and for O, a full column.
SEARCHED = [moves for _, moves in connect4_positions()] + ["415263", "1415267", "44444233332"]


@pytest.mark.parametrize("position", SEARCHED)
def test_aimas_own_game_with_the_ported_evaluation_searches_our_tree(position: str) -> None:
    state = GAME.parse_position(position)
    depth = 4
    ours = search(
        GAME, state, SearchSettings(depth=depth, ordering=Ordering.NONE, transposition_table=False)
    )
    counter = own_game(counted=True)
    start = own_state(state)
    move = own_search(counter, start, depth, own_eval_fn(start.to_move))
    assert (counter.nodes + 1, own_column(move)) == (ours.stats.nodes, ours.best_move)


@pytest.mark.parametrize(
    ("position", "winning_square"),
    [("415263", (7, 1)), ("1415267", (3, 1))],  # X, then O, wins at once
)
def test_aimas_own_evaluation_finds_a_win_at_once(
    position: str, winning_square: tuple[int, int]
) -> None:
    start = own_state(GAME.parse_position(position))
    assert own_search(own_game(), start, 2) == winning_square  # its default eval_fn


def test_the_counting_game_counts_calls_of_result() -> None:
    counter = own_game(counted=True)
    own_search(counter, counter.initial, 1)
    assert counter.nodes == 7
