"""Minimax's and expectiminimax's decisions before and after a transformation (R&N 5.5)."""

from __future__ import annotations

import pytest

from gamesearch_gui.core.compare import ComparisonCancelled
from gamesearch_gui.core.decisions import decisions
from gamesearch_gui.core.decisions import root_moves
from gamesearch_gui.core.decisions import worst_case
from gamesearch_gui.core.game import GameError
from gamesearch_gui.core.search import CancelToken
from gamesearch_gui.core.trees.examples import example
from gamesearch_gui.core.trees.transform import TransformError
from gamesearch_gui.core.trees.tree import CustomTree
from gamesearch_gui.core.trees.tree import NodeType
from gamesearch_gui.core.trees.tree import TreeNode


def test_the_flip_example_flips_expectiminimax_under_x_squared_and_not_the_worst_case() -> None:
    found = decisions(example("chance-flip").tree(), "x**2")
    worst, expecti = found.rows
    assert found.chance
    assert found.moves == ("a1", "a2")
    assert (expecti.before.value, expecti.before.move, expecti.before.move_values) == (
        3,
        "a1",
        (3, 2.5),
    )
    assert (expecti.after.value, expecti.after.move, expecti.after.move_values) == (
        12.5,
        "a2",
        (10, 12.5),
    )
    assert expecti.changed
    assert (worst.before.move, worst.after.move) == ("a1", "a1")
    assert (worst.before.move_values, worst.after.move_values) == ((2, 0), (4, 0))
    assert not worst.changed
    assert found.summary().startswith("Expectiminimax's decision changed, from a1 to a2")


def test_figure_5_12s_leaves_flip_under_x_to_the_fourth_but_not_x_squared() -> None:
    """The bundled pair's first tree (2, 3 against 1, 4): x² keeps gamble 1 (4.5 against
    2.5), x⁴ turns it (22.5 against 26.5), as 20, 30, 1, 400 does."""
    small = example("chance-small").tree()
    assert not decisions(small, "x**2").rows[1].changed
    expecti = decisions(small, "x**4").rows[1]
    assert expecti.changed
    assert expecti.after.move_values == pytest.approx((22.5, 26.5))


def test_a_positive_linear_transformation_changes_no_decision() -> None:
    found = decisions(example("chance-scaled").tree(), "3*x + 7")
    assert not any(row.changed for row in found.rows)
    assert "positive linear transformation" in found.summary()
    _worst, expecti = found.rows
    assert expecti.after.value == pytest.approx(3 * expecti.before.value + 7)


def test_without_chance_there_is_one_row_and_it_says_the_decision_cannot_change() -> None:
    found = decisions(example("figure-5-2").tree(), "exp(x)")
    assert not found.chance
    (row,) = found.rows
    assert row.name == "Minimax"
    assert (row.before.move, row.after.move) == ("a1", "a1")
    assert "cannot change" in found.summary()


def test_an_unfit_formula_or_tree_is_refused_in_words() -> None:
    with pytest.raises(TransformError, match="reverses"):
        decisions(example("chance-small").tree(), "-x")
    with pytest.raises(GameError, match="the root is a leaf"):
        decisions(CustomTree("a leaf", TreeNode(NodeType.LEAF, (), 3)), "x")


def test_a_cancelled_comparison_says_so() -> None:
    token = CancelToken()
    token.cancelled = True
    with pytest.raises(ComparisonCancelled):
        decisions(example("chance-flip").tree(), "x**2", cancel=token)


def test_the_worst_case_makes_every_chance_node_min() -> None:
    tree = worst_case(example("chance-small").tree())
    kinds = [n.type for n in tree.nodes()]
    assert NodeType.CHANCE not in kinds
    assert kinds.count(NodeType.MIN) == 2
    assert all(n.probability is None for n in tree.nodes())
    assert root_moves(tree) == ("a1", "a2")
