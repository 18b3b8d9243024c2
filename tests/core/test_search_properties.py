"""Property tests: every algorithm and setting agrees with plain minimax/expectiminimax.

Each property runs on at least 1,000 random trees or games. Where move order differs
between two searches, they must agree on the value, and each best move must be optimal
(DESIGN.md, "Ties").
"""

from __future__ import annotations

import math
import os
from collections.abc import Iterable

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from gamesearch_gui.core.numbers import same_value
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import Bound
from gamesearch_gui.core.search import Ordering
from gamesearch_gui.core.search import SearchResult
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import ValueOverflowError
from gamesearch_gui.core.search import chance
from gamesearch_gui.core.search import search
from gamesearch_gui.core.search import suffix_sums
from gamesearch_gui.core.trees.file import tree_from_dict
from gamesearch_gui.core.trees.tree import CustomTree
from gamesearch_gui.core.trees.tree import TreeGame
from tests.core.dag_game import DagGame
from tests.core.reference import assert_optimal
from tests.core.reference import close
from tests.core.reference import reference_value
from tests.core.tree_strategies import edge_trees
from tests.core.tree_strategies import trees
from tests.properties import examples

THOROUGH = examples(1000)


@THOROUGH
@given(trees(max_depth=4, max_branching=4, evals=True), st.sampled_from(list(Ordering)))
def test_alphabeta_equals_minimax_with_every_ordering(tree: CustomTree, ordering: Ordering) -> None:
    game = TreeGame(tree)
    plain = search(game, tree.root, SearchSettings(Algorithm.MINIMAX))
    pruned = search(game, tree.root, SearchSettings(Algorithm.ALPHABETA, ordering=ordering))
    assert plain.value == reference_value(game, tree.root)
    assert pruned.value == plain.value
    if tree.root.children:
        assert_optimal(game, tree.root, pruned.best_move)
        if ordering is Ordering.NONE:
            # Same order, so the same first-among-equals move.
            assert pruned.best_move == plain.best_move
        assert pruned.stats.nodes <= plain.stats.nodes or ordering is Ordering.PREVIOUS_BEST


@THOROUGH
@given(
    trees(max_depth=4, max_branching=4, evals=True),
    st.sampled_from(list(Ordering)),
    st.booleans(),
    st.one_of(st.none(), st.integers(1, 4)),
)
def test_fail_hard_equals_fail_soft_on_the_root(
    tree: CustomTree, ordering: Ordering, table: bool, depth: int | None
) -> None:
    # The two conventions return different values below the root, never at it: the same
    # root value and best move, and each root child's fail-hard value is its fail-soft
    # value clamped into the window it was searched with. The same nodes too, but for
    # previous-best ordering: a node that fails low returns α whatever its children did,
    # so fail-hard remembers its first move as its best where fail-soft remembers the
    # child that did best, and the next iteration may search another order (the long
    # property run found a tree where that saves a node).
    game = TreeGame(tree)
    common = {"ordering": ordering, "transposition_table": table, "depth": depth}
    soft = search(game, tree.root, SearchSettings(Algorithm.ALPHABETA, **common))
    hard = search(game, tree.root, SearchSettings(Algorithm.ALPHABETA, fail_hard=True, **common))
    assert hard.value == soft.value
    assert hard.best_move == soft.best_move
    if ordering is not Ordering.PREVIOUS_BEST:
        assert hard.stats.nodes == soft.stats.nodes
    assert [m.move for m in hard.root_moves] == [m.move for m in soft.root_moves]
    for h, s in zip(hard.root_moves, soft.root_moves, strict=True):
        assert h.bound == s.bound
        if s.bound is Bound.EXACT:
            assert h.value == s.value
        elif s.bound is Bound.UPPER:
            assert s.value <= h.value
        else:
            assert s.value >= h.value


#: A tree on which previous-best ordering gives fail-hard and fail-soft different node
#: counts (found by the long property run): the same value and move, 42 nodes and 43.
LEARNS_ANOTHER_ORDER = {
    "type": "min",
    "eval": 0,
    "children": [
        {
            "type": "min",
            "eval": 0,
            "children": [
                {
                    "type": "max",
                    "eval": 0,
                    "children": [{"type": "max", "eval": -1, "children": [{"value": 0}]}],
                },
                {"value": 0},
            ],
        },
        {
            "type": "min",
            "eval": 0,
            "children": [
                {
                    "type": "max",
                    "eval": 0,
                    "children": [{"type": "max", "eval": 0, "children": [{"value": -1}]}],
                },
                {"type": "max", "eval": 0, "children": [{"value": -1}, {"value": -1}]},
                {"value": 0},
                {"value": 0},
            ],
        },
        {"value": 0},
    ],
}


def test_previous_best_ordering_can_learn_another_order_under_fail_hard() -> None:
    tree = tree_from_dict({"format": "gamesearch-tree", "version": 1, "root": LEARNS_ANOTHER_ORDER})
    game = TreeGame(tree)
    common = {"ordering": Ordering.PREVIOUS_BEST}
    soft = search(game, tree.root, SearchSettings(Algorithm.ALPHABETA, **common))
    hard = search(game, tree.root, SearchSettings(Algorithm.ALPHABETA, fail_hard=True, **common))
    assert (hard.value, hard.best_move) == (soft.value, soft.best_move) == (-1, 1)
    assert (hard.stats.nodes, soft.stats.nodes) == (42, 43)


@THOROUGH
@given(
    trees(max_depth=5, max_branching=3, evals=True),
    st.sampled_from([Algorithm.MINIMAX, Algorithm.ALPHABETA]),
    st.sampled_from(list(Ordering)),
    st.integers(1, 5),
)
def test_iterative_deepening_equals_fixed_depth_at_its_last_depth(
    tree: CustomTree, algorithm: Algorithm, ordering: Ordering, depth: int
) -> None:
    game = TreeGame(tree)
    deepening = search(
        game,
        tree.root,
        SearchSettings(algorithm, depth=depth, ordering=ordering, time_budget=600.0),
    )
    assert deepening.complete
    last = deepening.depth
    assert last is None or last <= depth
    fixed = search(game, tree.root, SearchSettings(algorithm, depth=last))
    evaluate = game.evaluations()["eval"]
    assert deepening.value == fixed.value == reference_value(game, tree.root, last, evaluate)
    if tree.root.children:
        assert_optimal(game, tree.root, deepening.best_move, last, evaluate)
        assert_optimal(game, tree.root, fixed.best_move, last, evaluate)


@THOROUGH
@given(
    st.integers(0, 10**9),
    st.sampled_from([Algorithm.MINIMAX, Algorithm.ALPHABETA]),
    st.sampled_from(list(Ordering)),
    st.one_of(st.none(), st.integers(1, 6)),
)
def test_transposition_table_on_or_off_gives_the_same_result(
    seed: int, algorithm: Algorithm, ordering: Ordering, depth: int | None
) -> None:
    game = DagGame(seed)
    root = game.initial_state()
    off = search(game, root, SearchSettings(algorithm, depth=depth, ordering=ordering))
    on = search(
        game,
        root,
        SearchSettings(algorithm, depth=depth, ordering=ordering, transposition_table=True),
    )
    evaluate = game.evaluations()["table"]
    assert on.value == off.value == reference_value(game, root, depth, evaluate)
    assert on.best_move == off.best_move  # the table changes no order, so no tie-break
    assert_optimal(game, root, on.best_move, depth, evaluate)
    assert on.stats.nodes <= off.stats.nodes


@THOROUGH
@given(trees(max_depth=4, max_branching=3, chance=True, evals=True), st.booleans())
def test_star1_equals_expectiminimax_on_trees(tree: CustomTree, ordered: bool) -> None:
    game = TreeGame(tree)
    ordering = Ordering.STATIC if ordered else Ordering.NONE
    expected = search(game, tree.root, SearchSettings(Algorithm.EXPECTIMINIMAX))
    star1 = search(game, tree.root, SearchSettings(Algorithm.STAR1, ordering=ordering))
    assert close(expected.value, reference_value(game, tree.root))
    assert close(star1.value, expected.value)
    if tree.root.children and game.to_move(tree.root).value != "chance":
        assert_optimal(game, tree.root, star1.best_move)
        if not ordered:
            assert star1.best_move == expected.best_move
    assert star1.stats.nodes <= expected.stats.nodes


@THOROUGH
@given(st.integers(0, 10**9), st.one_of(st.none(), st.integers(1, 6)), st.booleans())
def test_star1_equals_expectiminimax_on_games_with_cutoffs(
    seed: int, depth: int | None, table: bool
) -> None:
    game = DagGame(seed, chance=True)
    root = game.initial_state()
    expected = search(game, root, SearchSettings(Algorithm.EXPECTIMINIMAX, depth=depth))
    star1 = search(
        game, root, SearchSettings(Algorithm.STAR1, depth=depth, transposition_table=table)
    )
    evaluate = game.evaluations()["table"]
    assert close(expected.value, reference_value(game, root, depth, evaluate))
    assert close(star1.value, expected.value)
    assert_optimal(game, root, star1.best_move, depth, evaluate)


# -- the edges of the numbers ----------------------------------------------------------


def _search_or_overflow(game: TreeGame, tree: CustomTree, settings: SearchSettings) -> object:
    try:
        return search(game, tree.root, settings)
    except ValueOverflowError:
        return "overflow"


@THOROUGH
@given(edge_trees())
def test_star1_equals_expectiminimax_at_the_edges_of_the_numbers(tree: CustomTree) -> None:
    """Huge and tiny leaves, probabilities off by up to 9e-10, bounds up to 1e300 wide:
    Star1 must still give expectiminimax's value and best move, and never visit more."""
    game = TreeGame(tree)
    expected = _search_or_overflow(game, tree, SearchSettings(Algorithm.EXPECTIMINIMAX))
    star1 = _search_or_overflow(game, tree, SearchSettings(Algorithm.STAR1))
    if expected == "overflow" or star1 == "overflow":
        assert expected == star1 == "overflow"
        return
    assert isinstance(expected, SearchResult) and isinstance(star1, SearchResult)
    assert expected.value is not None and star1.value is not None
    assert same_value(star1.value, expected.value), (star1.value, expected.value)
    assert star1.best_move == expected.best_move
    assert star1.stats.nodes <= expected.stats.nodes


@THOROUGH
@given(edge_trees(chance=False), st.sampled_from(list(Ordering)))
def test_alphabeta_equals_minimax_at_the_edges_of_the_numbers(
    tree: CustomTree, ordering: Ordering
) -> None:
    game = TreeGame(tree)
    plain = search(game, tree.root, SearchSettings(Algorithm.MINIMAX))
    pruned = search(game, tree.root, SearchSettings(Algorithm.ALPHABETA, ordering=ordering))
    assert plain.value is not None and pruned.value is not None
    assert_optimal(game, tree.root, pruned.best_move)
    if ordering is Ordering.NONE:
        assert pruned.value == plain.value
        assert pruned.best_move == plain.best_move
    else:
        # Another order may meet another of several tied values first.
        assert same_value(pruned.value, plain.value)


def test_ci_draws_the_same_examples_every_run() -> None:
    """A plain test run (CI) is derandomized: a property fails only on a real change."""
    if os.environ.get("HYPOTHESIS_PROFILE", "ci") == "ci":
        assert settings.default.derandomize
        assert settings.default.database is None


@given(
    st.lists(
        st.one_of(
            st.floats(min_value=0.0, max_value=1.0),
            st.sampled_from([5e-324, 1e-300, 2.0**-60, 1e-17, 0.1, 0.7, 1.0]),
        ),
        max_size=40,
    )
)
@examples(300)
def test_chance_suffix_sums_are_each_the_exact_sum_rounded_once(values: list[float]) -> None:
    """Star1's "probability still to come" after each outcome is what math.fsum gives."""
    assert suffix_sums(values) == tuple(math.fsum(values[i + 1 :]) for i in range(len(values)))


def test_a_chance_node_s_probabilities_are_summed_in_linear_work(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A chance node of n outcomes adds up O(n) numbers, not the n²/2 of summing each
    suffix afresh (100,001 outcomes took 100 s of CPU that way)."""
    count = 2_001
    root = {
        "type": "max",
        "children": [
            {
                "type": "chance",
                "children": [{"probability": 1 / count, "value": i % 7} for i in range(count)],
            },
            {"value": 3},
        ],
    }
    game = TreeGame(tree_from_dict({"format": "gamesearch-tree", "version": 1, "root": root}))
    summed = 0
    real_fsum = math.fsum

    def counting_fsum(values: Iterable[float]) -> float:
        nonlocal summed
        values = list(values)
        summed += len(values)
        return real_fsum(values)

    monkeypatch.setattr(chance.math, "fsum", counting_fsum)
    for algorithm in (Algorithm.EXPECTIMINIMAX, Algorithm.STAR1):
        result = search(game, game.initial_state(), SearchSettings(algorithm))
        assert result.value == 3
    assert summed < 20 * count
