"""Which root values are bounds: ``root_bounds``, the command line's ``"root_bounds"``.

After an alpha-beta cut a root move's value is only a bound on its true (minimax)
value; each is checked here against plain minimax, move by move.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from gamesearch_gui.core.game import Player
from gamesearch_gui.core.numbers import format_bounded
from gamesearch_gui.core.recording.events import fan_out
from gamesearch_gui.core.root_values import RootValueWatcher
from gamesearch_gui.core.root_values import root_bounds
from gamesearch_gui.core.root_values import root_values
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import Bound
from gamesearch_gui.core.search import Ordering
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import search
from gamesearch_gui.core.trees.file import load_tree
from gamesearch_gui.core.trees.tree import CustomTree
from gamesearch_gui.core.trees.tree import TreeGame
from tests.core.reference import close
from tests.core.reference import reference_value
from tests.core.tree_strategies import trees
from tests.properties import examples

#: R&N Figure 5.2: B (3, 12, 8), C (2, 4, 6), D (14, 5, 2) under a MAX root.
FIGURE_5_2 = "[[3, 12, 8], [2, 4, 6], [14, 5, 2]]"
#: A MIN root over two MAX nodes: B (3, 1) and C (5, 0).
MIN_ROOT = (
    '{"format": "gamesearch-tree", "version": 1, "root": {"type": "min", "children": ['
    '{"type": "max", "children": [{"value": 3}, {"value": 1}]},'
    '{"type": "max", "children": [{"value": 5}, {"value": 0}]}]}}'
)


def _tree(text: str) -> CustomTree:
    return load_tree(text)


def _bounds(
    tree: CustomTree, settings: SearchSettings
) -> tuple[list[float | None], list[Bound | None]]:
    game = TreeGame(tree)
    watcher = RootValueWatcher()
    result = search(game, tree.root, settings, listener=fan_out(watcher))
    return (
        root_values(game, tree.root, result, watcher),
        root_bounds(game, tree.root, result, watcher),
    )


def test_a_move_that_fails_low_is_an_upper_bound() -> None:
    # C is cut after its first leaf, 2: its value says only "at most 2". D's leaves 14
    # and 5 do not cut, 2 does: D is at most 2 too (its true value happens to be 2).
    values, bounds = _bounds(_tree(FIGURE_5_2), SearchSettings(Algorithm.ALPHABETA))
    assert values == [3, 2, 2]
    assert bounds == [Bound.EXACT, Bound.UPPER, Bound.UPPER]
    assert [format_bounded(v, b.value) for v, b in zip(values, bounds, strict=True)] == [
        "3",
        "≤ 2",
        "≤ 2",
    ]


def test_fail_hard_values_are_the_window_edge_and_upper_bounds() -> None:
    # Fail-hard returns alpha (3) for C and D: not their values, an upper bound on them.
    settings = SearchSettings(Algorithm.ALPHABETA, fail_hard=True)
    values, bounds = _bounds(_tree(FIGURE_5_2), settings)
    assert values == [3, 3, 3]
    assert bounds == [Bound.EXACT, Bound.UPPER, Bound.UPPER]


def test_a_move_that_fails_high_at_a_min_root_is_a_lower_bound() -> None:
    # A MIN root: B = max(3, 1) = 3, then C's first leaf 5 >= beta = 3 cuts: "at least 5".
    tree = _tree(MIN_ROOT)
    values, bounds = _bounds(tree, SearchSettings(Algorithm.ALPHABETA))
    assert values == [3, 5]
    assert bounds == [Bound.EXACT, Bound.LOWER]
    assert format_bounded(5, "lower") == "≥ 5"


def test_exact_root_values_stay_exact() -> None:
    settings = SearchSettings(Algorithm.ALPHABETA, exact_root_values=True)
    values, bounds = _bounds(_tree(FIGURE_5_2), settings)
    assert values == [3, 2, 2]
    assert bounds == [Bound.EXACT] * 3


def test_minimax_values_are_all_exact() -> None:
    values, bounds = _bounds(_tree(FIGURE_5_2), SearchSettings(Algorithm.MINIMAX))
    assert values == [3, 2, 2]
    assert bounds == [Bound.EXACT] * 3


def _check(tree: CustomTree, settings: SearchSettings) -> None:
    game = TreeGame(tree)
    root = tree.root
    values, bounds = _bounds(tree, settings)
    if game.to_move(root) is Player.CHANCE:
        children = [game.result(root, outcome) for outcome, _ in game.chances(root)]
    else:
        children = [game.result(root, move) for move in game.actions(root)]
    assert len(values) == len(bounds) == len(children)
    for child, value, bound in zip(children, values, bounds, strict=True):
        assert (value is None) == (bound is None)
        if value is None:
            continue
        true = reference_value(game, child)
        if bound is Bound.EXACT:
            assert close(value, true)
        elif bound is Bound.UPPER:
            assert value >= true or close(value, true)
        else:
            assert bound is Bound.LOWER
            assert value <= true or close(value, true)


@examples(500)
@given(
    trees(max_depth=4, max_branching=4),
    st.sampled_from(list(Ordering)),
    st.booleans(),
    st.booleans(),
)
def test_each_bound_holds_against_minimax(
    tree: CustomTree, ordering: Ordering, fail_hard: bool, table: bool
) -> None:
    # "lower" is at most the move's true value, "upper" at least it, "exact" equal.
    settings = SearchSettings(
        Algorithm.ALPHABETA, ordering=ordering, fail_hard=fail_hard, transposition_table=table
    )
    _check(tree, settings)


@examples(300)
@given(trees(max_depth=3, max_branching=3, chance=True), st.sampled_from(list(Ordering)))
def test_each_bound_holds_under_star1(tree: CustomTree, ordering: Ordering) -> None:
    # Chance nodes anywhere, the root too: a chance root's outcomes are watched from the
    # search's events, each with the window it was entered with.
    _check(tree, SearchSettings(Algorithm.STAR1, ordering=ordering))
