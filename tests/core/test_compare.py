"""Compare: minimax against alpha-beta in three move orders, and the Knuth-Moore bound."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given

from gamesearch_gui.cli import main
from gamesearch_gui.core.compare import CompareError
from gamesearch_gui.core.compare import ComparisonCancelled
from gamesearch_gui.core.compare import compare
from gamesearch_gui.core.compare import knuth_moore_bound
from gamesearch_gui.core.compare import reorder
from gamesearch_gui.core.compare import true_values
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import CancelToken
from gamesearch_gui.core.trees.edit import add_child
from gamesearch_gui.core.trees.examples import EXAMPLES
from gamesearch_gui.core.trees.file import build_tree
from gamesearch_gui.core.trees.file import save_tree_file
from gamesearch_gui.core.trees.random_tree import random_tree
from gamesearch_gui.core.trees.tree import CustomTree
from gamesearch_gui.core.trees.tree import NodeType
from gamesearch_gui.core.trees.tree import TreeNode
from gamesearch_gui.core.trees.tree import same_tree
from tests.core.tree_strategies import trees
from tests.properties import examples

FIGURE_5_2 = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
NAMES = [
    "minimax",
    "alpha-beta, drawn order",
    "alpha-beta, best ordering",
    "alpha-beta, worst ordering",
]
CHANCE_NAMES = [
    "expectiminimax",
    "Star1, drawn order",
    "Star1, best ordering",
    "Star1, worst ordering",
]


def leaf_values(tree: CustomTree) -> list[float]:
    return [n.value for n in tree.nodes() if n.value is not None]


def distinct(tree: CustomTree) -> bool:
    values = leaf_values(tree)
    return len(set(values)) == len(values)


def cli_solve(
    capsys: pytest.CaptureFixture[str], tree: CustomTree, tmp_path: Path, algorithm: str
) -> dict[str, object]:
    path = tmp_path / "tree.gtree.json"
    save_tree_file(tree, path)
    assert main(["solve", str(path), "--algorithm", algorithm, "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert isinstance(answer, dict)
    return answer


def assert_rows_match_the_command_line(
    capsys: pytest.CaptureFixture[str], tree: CustomTree, tmp_path: Path
) -> None:
    rows = compare(tree)
    for row in rows[:2]:
        answer = cli_solve(capsys, tree, tmp_path, row.algorithm.value)
        stats = answer["stats"]
        assert isinstance(stats, dict)
        pruned = answer["pruned"]
        assert isinstance(pruned, list)
        assert (row.nodes, row.leaves, row.cutoffs, row.pruned_subtrees) == (
            stats["nodes"],
            stats["leaves"],
            stats["cutoffs"],
            len(pruned),
        )
        assert row.value == pytest.approx(answer["value"])
        assert row.best_move == answer["best_move"]


def test_figure_5_2() -> None:
    rows = compare(build_tree(FIGURE_5_2))
    assert [r.name for r in rows] == NAMES
    assert [r.algorithm for r in rows] == [Algorithm.MINIMAX] + [Algorithm.ALPHABETA] * 3
    assert [(r.value, r.best_move) for r in rows] == [(3, 0)] * 4
    assert [(r.nodes, r.leaves, r.pruned_subtrees, r.cutoffs) for r in rows] == [
        (13, 9, 0, 0),
        (11, 7, 2, 1),
        (9, 5, 4, 2),
        (13, 9, 0, 0),
    ]
    assert knuth_moore_bound(build_tree(FIGURE_5_2)) == 5


def test_rows_1_and_2_are_what_solve_reports(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The issue's acceptance test: the table's counts are solve --json's."""
    for e in EXAMPLES:
        assert_rows_match_the_command_line(capsys, e.tree(), tmp_path)
    for seed in range(5):
        assert_rows_match_the_command_line(
            capsys, random_tree(4, (1, 3), seed=seed, early_leaf=0.2), tmp_path
        )
        chance = random_tree(4, (2, 3), seed=seed, chance_layers={1, 3})
        assert_rows_match_the_command_line(capsys, chance, tmp_path)


def test_chance_trees_use_expectiminimax_and_star1() -> None:
    tree = random_tree(3, (2, 3), seed=4, chance_layers={1})
    rows = compare(tree)
    assert [r.name for r in rows] == CHANCE_NAMES
    assert [r.algorithm for r in rows] == [Algorithm.EXPECTIMINIMAX] + [Algorithm.STAR1] * 3
    for row in rows:
        assert row.value == pytest.approx(rows[0].value)
    assert knuth_moore_bound(tree) is None


@examples(100)
@given(trees(max_depth=4, chance=True))
def test_every_row_finds_the_value_and_an_optimal_original_move(tree: CustomTree) -> None:
    if tree.root.type is NodeType.CHANCE:
        with pytest.raises(CompareError, match="root is a chance node"):
            compare(tree)
        return
    values = true_values(tree)
    children = [values[c.path] for c in tree.root.children]
    best = max(children) if tree.root.type is NodeType.MAX else min(children)
    for row in compare(tree):
        assert row.value == pytest.approx(values[()])
        assert children[row.best_move] == pytest.approx(best)
        assert row.nodes >= row.leaves >= 1


UNIFORM = [(2, 2), (2, 3), (2, 4), (2, 5), (2, 6), (3, 2), (3, 3), (3, 4), (4, 3), (5, 3)]


@pytest.mark.parametrize(("b", "d"), UNIFORM)
def test_best_ordering_meets_the_knuth_moore_bound_exactly_on_distinct_values(
    b: int, d: int
) -> None:
    for seed in range(8):
        tree = random_tree(d, (b, b), values=(-(10**9), 10**9), seed=seed)
        assert distinct(tree)
        bound = knuth_moore_bound(tree)
        assert bound == b ** ((d + 1) // 2) + b ** (d // 2) - 1
        assert compare(tree)[2].leaves == bound


@pytest.mark.parametrize(("b", "d"), UNIFORM)
def test_best_ordering_stays_within_the_bound_when_values_tie(b: int, d: int) -> None:
    for seed in range(8):
        tree = random_tree(d, (b, b), values=(-2, 2), seed=seed)
        bound = knuth_moore_bound(tree)
        assert bound is not None
        assert compare(tree)[2].leaves <= bound


@pytest.mark.parametrize(("b", "d"), UNIFORM)
def test_worst_ordering(b: int, d: int) -> None:
    """Distinct values: every leaf up to three plies; deeper, at least the drawn order's."""
    for seed in range(8):
        tree = random_tree(d, (b, b), values=(-(10**9), 10**9), seed=seed)
        minimax, drawn, _, worst = compare(tree)
        if d <= 3:
            assert worst.leaves == minimax.leaves == b**d
            assert worst.cutoffs == 0
        else:
            assert worst.leaves >= drawn.leaves


def test_worst_ordering_still_cuts_deep_below_three_plies() -> None:
    """Bounds from further up still prune: the reason for the three-ply limit above."""
    cut = 0
    for seed in range(8):
        tree = random_tree(4, (3, 3), values=(-(10**9), 10**9), seed=seed)
        cut += compare(tree)[3].cutoffs
    assert cut > 0


def test_knuth_moore_bound_needs_a_uniform_tree() -> None:
    assert knuth_moore_bound(build_tree([[1, 2], [3, 4]])) == 3
    assert knuth_moore_bound(build_tree([[1, 2], [3]])) is None  # branching differs
    assert knuth_moore_bound(build_tree([[1, 2], 3])) is None  # leaves at two depths
    assert knuth_moore_bound(build_tree([1, 2, 3])) == 3  # d = 1: every leaf
    assert knuth_moore_bound(CustomTree("leaf", TreeNode(NodeType.LEAF, (), 1))) == 1
    chance = build_tree(
        {
            "type": "chance",
            "children": [{"value": 1, "probability": 0.5}, {"value": 2, "probability": 0.5}],
        }
    )
    assert knuth_moore_bound(chance) is None


def test_reorder_sorts_children_by_true_value_and_maps_back() -> None:
    tree = build_tree(FIGURE_5_2, name="fig")
    best, mapping = reorder(tree, best_first=True)
    assert best.name == "fig"
    values = true_values(best)
    assert [values[c.path] for c in best.root.children] == [3, 2, 2]  # MAX: highest first
    assert [c.value for c in best.node_at((0,)).children] == [3, 8, 12]  # MIN: lowest first
    assert mapping[(1,)] == (1,) and mapping[(2,)] == (2,)  # ties keep drawn order
    assert mapping[(2, 0)] == (2, 2)
    for new_path, old_path in mapping.items():
        assert same_tree(best.node_at(new_path), tree.node_at(old_path)) or (
            best.node_at(new_path).type is not NodeType.LEAF
        )
        assert best.node_at(new_path).value == tree.node_at(old_path).value
    worst, _ = reorder(tree, best_first=False)
    assert [c.value for c in worst.node_at((0,)).children] == [6, 4, 2]  # C, then D, then B
    assert [c.value for c in worst.node_at((2,)).children] == [12, 8, 3]
    assert [true_values(worst)[c.path] for c in worst.root.children] == [2, 2, 3]
    assert sorted(leaf_values(best)) == sorted(leaf_values(tree)) == sorted(leaf_values(worst))


def test_reorder_keeps_chance_nodes_in_drawn_order() -> None:
    tree = random_tree(3, (3, 3), seed=1, chance_layers={1})
    best, mapping = reorder(tree, best_first=True)
    for i in range(3):
        chance = best.node_at((i,))
        assert chance.type is NodeType.CHANCE
        assert [mapping[c.path][-1] for c in chance.children] == [0, 1, 2]


def test_compare_refuses_trees_without_a_move_or_with_broken_rules() -> None:
    with pytest.raises(CompareError, match="root is a leaf"):
        compare(CustomTree("leaf", TreeNode(NodeType.LEAF, (), 1)))
    tree = build_tree(
        {
            "type": "max",
            "children": [
                {
                    "type": "chance",
                    "children": [
                        {"value": 1, "probability": 0.5},
                        {"value": 2, "probability": 0.5},
                    ],
                }
            ],
        }
    )
    unsummed, _ = add_child(tree, (0,))
    with pytest.raises(CompareError, match="must sum to 1"):
        compare(unsummed)


def test_compare_can_be_cancelled() -> None:
    token = CancelToken()
    token.cancel()
    with pytest.raises(ComparisonCancelled):
        compare(build_tree(FIGURE_5_2), cancel=token)
