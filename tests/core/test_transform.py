"""Transforming a tree's values by a formula of x: read safely, refused in words when unfit."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import search
from gamesearch_gui.core.trees.examples import example
from gamesearch_gui.core.trees.file import load_tree
from gamesearch_gui.core.trees.transform import MAX_FORMULA_CHARS
from gamesearch_gui.core.trees.transform import TransformError
from gamesearch_gui.core.trees.transform import parse_formula
from gamesearch_gui.core.trees.transform import transform_tree
from gamesearch_gui.core.trees.transform import tree_values
from gamesearch_gui.core.trees.tree import CustomTree
from gamesearch_gui.core.trees.tree import NodeType
from gamesearch_gui.core.trees.tree import TreeGame
from tests.core.tree_strategies import trees
from tests.properties import examples

#: Leaves 2, 3 (gamble 1) and 1, 4 (gamble 2).
SMALL = example("chance-small").tree()


def leaves(tree: CustomTree) -> list[float]:
    return [n.value for n in tree.nodes() if n.type is NodeType.LEAF and n.value is not None]


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("2*x + 1", [5, 7, 3, 9]),
        ("2·x + 1", [5, 7, 3, 9]),
        ("x**2", [4, 9, 1, 16]),
        ("x^2", [4, 9, 1, 16]),
        ("x²", [4, 9, 1, 16]),
        ("(x)*(x)*x", [8, 27, 1, 64]),
        ("log(x, 2)", [1, math.log2(3), 0, 2]),
        ("sqrt(x) + max(x, 0)", [2 + math.sqrt(2), 3 + math.sqrt(3), 2, 6]),
        ("−x*−1", [2, 3, 1, 4]),
    ],
)
def test_a_formula_transforms_every_leaf(text: str, values: list[float]) -> None:
    assert leaves(transform_tree(SMALL, text)) == pytest.approx(values)


def test_whole_results_stay_whole_numbers_and_the_rest_is_kept() -> None:
    after = transform_tree(SMALL, "x**2")
    assert all(isinstance(v, int) for v in leaves(after))
    # Only the values change: the shape, kinds, probabilities, labels and moves stay.
    for old, new in zip(SMALL.nodes(), after.nodes(), strict=True):
        assert (old.type, old.probability, old.label, old.move, old.path) == (
            new.type,
            new.probability,
            new.label,
            new.move,
            new.path,
        )
    assert after.name == SMALL.name


def test_evals_and_declared_bounds_are_transformed_too() -> None:
    tree = load_tree(
        '{"format": "gamesearch-tree", "version": 1, "value_bounds": [0, 10],'
        ' "root": {"type": "max", "eval": 3, "children": [{"value": 1}, {"value": 5}]}}'
    )
    after = transform_tree(tree, "x + 10")
    assert after.root.eval == 13
    assert after.value_bounds == (10, 20)
    assert leaves(after) == [11, 15]
    assert sorted(tree_values(tree)) == [0, 1, 3, 5, 10]


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("-x", "reverses 1 and 2 (1 → −1, 2 → −2)"),
        ("0*x + 5", "merges 1 and 2 (both → 5)"),
        ("(x - 2.5)**2", "reverses 1 and 2 (1 → 2.25, 2 → 0.25)"),
        ("min(x, 3)", "merges 3 and 4 (both → 3)"),
    ],
)
def test_a_formula_that_is_not_order_preserving_names_the_two_values(text: str, said: str) -> None:
    with pytest.raises(TransformError) as caught:
        transform_tree(SMALL, text)
    assert str(caught.value) == f"{text} is not order-preserving on this tree's values: it {said}"


def test_order_is_judged_on_this_trees_values_only() -> None:
    """x² reverses −3 and 2, but a tree of positive values keeps its order under it."""
    assert leaves(transform_tree(SMALL, "x**2")) == [4, 9, 1, 16]
    negative = load_tree("[[-3, 2], [1, 0]]")
    with pytest.raises(TransformError, match=r"reverses −3 and 0 \(−3 → 9, 0 → 0\)"):
        transform_tree(negative, "x**2")


def test_values_the_search_would_call_a_tie_are_merged() -> None:
    tree = load_tree("[[1, 2]]")
    with pytest.raises(TransformError, match="merges 1 and 2"):
        transform_tree(tree, "1e12 + x")


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("log(x - 1)", "log(x - 1) is undefined at x = 1"),
        ("1/(x - 3)", "1/(x - 3) is undefined at x = 3"),
        ("x**0.5 - 3**0.5", None),  # fine on 1..4: the square root of a positive
        ("(x - 2)**0.5", "(x - 2)**0.5 is undefined at x = 1"),  # no real root
        ("exp(1000*x)", "exp(1000*x) overflows at x = 1"),
        ("1e300*x*1e300", "1e300*x*1e300 overflows at x = 1"),
        ("x**1000", "a power of 1000 is too large: at most 100"),
        ("10**10**10", "a power of 10000000000 is too large: at most 100"),
    ],
)
def test_a_formula_undefined_or_too_large_somewhere_is_refused(text: str, said: str | None) -> None:
    if said is None:
        transform_tree(SMALL, text)
        return
    with pytest.raises(TransformError) as caught:
        transform_tree(SMALL, text)
    assert str(caught.value) == said


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("", "the formula is empty"),
        ("2x + 1", "write 2*x, not 2x"),
        ("x +", "is not a formula of x"),
        ("y + 1", "unknown name “y”"),
        ("__import__('os').system('true')", "unknown function “__import__('os').system”"),
        ("x.__class__", "“x.__class__” is not allowed"),
        ("(lambda: 1)()", "unknown function “lambda: 1”"),
        ("[x][0]", "“[x][0]” is not allowed"),
        ("x if x > 2 else 0", "is not allowed"),
        ("x // 2", "is not allowed"),
        ("'a' * 3", "'a' is not a number"),
        ("True + x", "True is not a number"),
        ("exp(x, 2)", "exp() takes 1 arguments, not 2"),
        ("max(x)", "max() takes 2 to 8 arguments, not 1"),
        ("log(x, base=2)", "log() takes no named arguments"),
        ("1e999 * x", "a number in the formula is too large"),
        ("x" + "+x" * 60, "parts; at most 100"),
        ("x" + " " * MAX_FORMULA_CHARS, f"characters long; at most {MAX_FORMULA_CHARS}"),
        ("x\x00", "holds a control character"),
    ],
)
def test_a_malformed_or_forbidden_formula_is_refused_in_words(text: str, said: str) -> None:
    with pytest.raises(TransformError) as caught:
        parse_formula(text)
    assert said in str(caught.value)
    assert "\n" not in str(caught.value)


def test_a_tree_of_players_is_refused() -> None:
    tree = load_tree(
        '{"format": "gamesearch-tree", "version": 2, "players": ["A", "B", "C"],'
        ' "root": {"player": "A", "children": [{"values": [1, 2, 3]}, {"values": [3, 2, 1]}]}}'
    )
    with pytest.raises(TransformError, match="this tree has 3 players"):
        transform_tree(tree, "x + 1")


@examples(60)
@given(
    trees(max_depth=3, max_branching=3, values=(-6, 6)),
    st.sampled_from(["2*x + 1", "x**3", "exp(x)", "x + 100", "max(x, -7)"]),
)
def test_minimax_never_changes_its_decision_under_an_order_preserving_transformation(
    tree: CustomTree, text: str
) -> None:
    """The lecture's claim, on random trees without chance: the same best move, and the
    value is the image of the value."""
    after = transform_tree(tree, text)
    settings = SearchSettings(Algorithm.MINIMAX)
    before_result = search(TreeGame(tree), tree.root, settings)
    after_result = search(TreeGame(after), after.root, settings)
    assert after_result.best_move == before_result.best_move
    assert before_result.value is not None and after_result.value is not None
    assert after_result.value == pytest.approx(parse_formula(text)(before_result.value))


@examples(60)
@given(trees(max_depth=3, max_branching=3, chance=True, values=(-6, 6)))
def test_an_accepted_transformation_keeps_the_order_of_every_pair_of_values(
    tree: CustomTree,
) -> None:
    try:
        after = transform_tree(tree, "x**2")
    except TransformError:
        assert min(leaves(tree)) < 0  # only a negative value can break x²
        return
    pairs = list(zip(leaves(tree), leaves(after), strict=True))
    for a, fa in pairs:
        for b, fb in pairs:
            assert (a < b) == (fa < fb)
