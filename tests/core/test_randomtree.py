"""Random trees: reproducible, shaped as asked, and valid tree files."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import search
from gamesearch_gui.core.trees.file import check_tree
from gamesearch_gui.core.trees.file import dump_tree
from gamesearch_gui.core.trees.file import load_tree
from gamesearch_gui.core.trees.random_tree import closing_probabilities
from gamesearch_gui.core.trees.random_tree import random_tree
from gamesearch_gui.core.trees.tree import MAX_DEPTH
from gamesearch_gui.core.trees.tree import MAX_NODES
from gamesearch_gui.core.trees.tree import CustomTree
from gamesearch_gui.core.trees.tree import NodeType
from gamesearch_gui.core.trees.tree import TreeGame
from gamesearch_gui.core.trees.tree import same_tree
from tests.properties import examples


def levels(tree: CustomTree) -> dict[int, set[NodeType]]:
    """The node types found at each depth."""
    found: dict[int, set[NodeType]] = {}
    for node in tree.nodes():
        found.setdefault(len(node.path), set()).add(node.type)
    return found


def test_the_same_seed_gives_the_same_tree() -> None:
    kwargs = {"chance_layers": {1}, "evals": True, "early_leaf": 0.2}
    a = random_tree(4, (1, 4), seed=42, **kwargs)  # type: ignore[arg-type]
    b = random_tree(4, (1, 4), seed=42, **kwargs)  # type: ignore[arg-type]
    assert same_tree(a, b)
    assert dump_tree(a) == dump_tree(b)
    c = random_tree(4, (1, 4), seed=43, **kwargs)  # type: ignore[arg-type]
    assert not same_tree(a.root, c.root)


def test_a_string_seed_works_too() -> None:
    assert same_tree(random_tree(3, seed="lecture 5"), random_tree(3, seed="lecture 5"))


def test_leaves_sit_at_the_depth_and_levels_alternate() -> None:
    tree = random_tree(4, (2, 3), (0, 9), seed=1)
    assert levels(tree) == {
        0: {NodeType.MAX},
        1: {NodeType.MIN},
        2: {NodeType.MAX},
        3: {NodeType.MIN},
        4: {NodeType.LEAF},
    }
    assert tree.height == 4
    assert all(2 <= len(n.children) <= 3 for n in tree.nodes() if n.type is not NodeType.LEAF)
    leaf_values = [n.value for n in tree.nodes() if n.type is NodeType.LEAF]
    assert all(type(v) is int and 0 <= v <= 9 for v in leaf_values)
    assert all(n.eval is None and n.probability is None for n in tree.nodes())
    check_tree(tree)


def test_a_min_root() -> None:
    tree = random_tree(2, seed=1, root="min")
    assert levels(tree)[0] == {NodeType.MIN}
    assert levels(tree)[1] == {NodeType.MAX}
    assert random_tree(1, seed=1, root=NodeType.MIN).root.type is NodeType.MIN


def test_depth_zero_is_a_single_leaf() -> None:
    tree = random_tree(0, seed=3)
    assert tree.root.type is NodeType.LEAF
    assert tree.node_count == 1


def test_chance_layers_keep_the_alternation_around_them() -> None:
    tree = random_tree(5, (2, 3), seed=5, chance_layers={1, 3})
    assert levels(tree) == {
        0: {NodeType.MAX},
        1: {NodeType.CHANCE},
        2: {NodeType.MIN},
        3: {NodeType.CHANCE},
        4: {NodeType.MAX},
        5: {NodeType.LEAF},
    }
    assert tree.has_chance
    check_tree(tree)


def test_chance_probabilities_are_positive_and_sum_to_exactly_one() -> None:
    for seed in range(50):
        tree = random_tree(3, (1, 12), seed=seed, chance_layers={0, 2})
        for node in tree.nodes():
            if node.type is NodeType.CHANCE:
                probabilities = [c.probability for c in node.children]
                assert all(p is not None and p > 0 for p in probabilities)
                assert sum(p for p in probabilities if p is not None) == 1.0


def test_a_chance_layer_probability() -> None:
    everywhere = random_tree(4, (1, 2), seed=2, chance_layers=1.0)
    assert levels(everywhere)[0] == {NodeType.MAX}
    assert all(levels(everywhere)[d] == {NodeType.CHANCE} for d in (1, 2, 3))
    nowhere = random_tree(4, (1, 2), seed=2, chance_layers=0.0)
    assert not nowhere.has_chance


def test_float_values() -> None:
    tree = random_tree(3, seed=8, values=(-1.5, 2.5), integer_values=False)
    leaf_values = [n.value for n in tree.nodes() if n.type is NodeType.LEAF]
    assert all(isinstance(v, float) and -1.5 <= v <= 2.5 for v in leaf_values)
    assert same_tree(load_tree(dump_tree(tree)), tree)


def test_evals_lie_in_the_value_range_on_every_inner_node() -> None:
    tree = random_tree(4, (2, 3), (0, 20), seed=9, evals=True, chance_layers={2})
    inner = [n for n in tree.nodes() if n.type is not NodeType.LEAF]
    assert all(n.eval is not None and 0 <= n.eval <= 20 for n in inner)
    assert all(type(n.eval) is int for n in inner)
    assert tree.bounds()[0] >= 0 and tree.bounds()[1] <= 20
    check_tree(tree)


def test_early_leaves() -> None:
    tree = random_tree(5, (2, 2), seed=11, early_leaf=0.3)
    depths = {len(n.path) for n in tree.nodes() if n.type is NodeType.LEAF}
    assert min(depths) < 5
    assert tree.root.type is NodeType.MAX  # the root is never an early leaf
    assert random_tree(5, (2, 2), seed=11, early_leaf=1.0).height == 1


def test_the_deepest_tree_loads_back() -> None:
    tree = random_tree(MAX_DEPTH, (1, 1), seed=0)
    assert tree.height == MAX_DEPTH
    assert same_tree(load_tree(dump_tree(tree)), tree)


def test_names() -> None:
    assert random_tree(2, seed=7).name == "Random tree (depth 2, seed 7)"
    assert random_tree(2, seed=7, name="mine").name == "mine"


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"depth": -1}, "depth must be between 0 and 200"),
        ({"depth": MAX_DEPTH + 1}, "depth must be between 0 and 200"),
        ({"depth": 2, "branching": (0, 2)}, "branching must be"),
        ({"depth": 2, "branching": (3, 2)}, "branching must be"),
        ({"depth": 2, "values": (5, 1)}, "values must be"),
        ({"depth": 2, "values": (0, float("inf"))}, "values must be"),
        ({"depth": 2, "values": (0.2, 0.8)}, "no integer lies in values"),
        ({"depth": 2, "root": "chance"}, 'root must be "max" or "min"'),
        ({"depth": 2, "chance_layers": 1.5}, "chance-layer probability"),
        ({"depth": 2, "chance_layers": {-1}}, "chance layers are levels"),
        ({"depth": 2, "early_leaf": 2.0}, "early_leaf is a probability"),
        ({"depth": 30, "branching": (2, 2)}, f"could exceed {MAX_NODES:,} nodes"),
        ({"depth": 5, "branching": (1, 10), "max_nodes": 100_000}, "could exceed 100,000"),
        ({"depth": 30, "branching": (2, 2), "max_nodes": 10**9}, f"exceed {MAX_NODES:,}"),
    ],
)
def test_bad_arguments(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        random_tree(**kwargs)  # type: ignore[arg-type]


@given(st.lists(st.integers(1, 20), min_size=1, max_size=20))
def test_closing_probabilities_sum_to_exactly_one(weights: list[int]) -> None:
    probabilities = closing_probabilities(weights)
    assert len(probabilities) == len(weights)
    assert all(p > 0 for p in probabilities)
    assert sum(probabilities) == 1.0
    total = sum(weights)
    assert all(abs(p - w / total) < 1e-12 for p, w in zip(probabilities, weights, strict=True))


def test_closing_probabilities_refuses_non_positive_weights() -> None:
    with pytest.raises(ValueError, match="positive"):
        closing_probabilities([1, 0])
    with pytest.raises(ValueError, match="positive"):
        closing_probabilities([])


# Trees of n players ------------------------------------------------------------------


@examples(200)
@given(
    seed=st.integers(0, 10**6),
    players=st.integers(3, 5),
    depth=st.integers(0, 4),
    most=st.integers(1, 4),
    chance=st.booleans(),
    total=st.none() | st.integers(0, 20),
)
def test_a_tree_of_players_is_reproducible_valid_and_round_trips(
    seed: int, players: int, depth: int, most: int, chance: bool, total: int | None
) -> None:
    made = {
        "players": players,
        "chance_layers": {1} if chance else (),
        "constant_sum": total,
        "seed": seed,
    }
    tree = random_tree(depth, (1, most), (0, 10), **made)  # type: ignore[arg-type]
    assert dump_tree(tree) == dump_tree(random_tree(depth, (1, most), (0, 10), **made))  # type: ignore[arg-type]
    check_tree(tree)
    assert tree.players == tuple("ABCDE"[:players]) and tree.constant_sum == total
    text = dump_tree(tree)
    assert '"version": 2' in text
    assert same_tree(load_tree(text), tree)
    # Decisions belong to the players in turn, A at the root; chance levels pass over.
    decisions = [level for level in range(depth) if not (chance and level == 1)]
    turn = {level: k % players for k, level in enumerate(decisions)}
    for node in tree.nodes():
        level = len(node.path)
        if node.type is NodeType.LEAF:
            assert level == depth and node.values is not None
            assert all(type(v) is int and 0 <= v <= 10 for v in node.values)
            if total is not None:
                assert sum(node.values) == total
        elif node.type is NodeType.CHANCE:
            assert chance and level == 1
        else:
            assert node.type is NodeType.PLAYER and node.player == turn[level]


@examples(100)
@given(seed=st.integers(0, 10**6), players=st.integers(3, 4), total=st.integers(0, 12))
def test_shallow_pruning_applies_to_a_constant_sum_tree_and_agrees_with_max_n(
    seed: int, players: int, total: int
) -> None:
    tree = random_tree(3, (2, 4), (0, 6), players=players, constant_sum=total, seed=seed)
    game = TreeGame(tree)
    plain = search(game, tree.root, SearchSettings(Algorithm.MAXN))
    shallow = search(game, tree.root, SearchSettings(Algorithm.MAXN, shallow_pruning=True))
    assert (shallow.values, shallow.best_move) == (plain.values, plain.best_move)
    assert sum(plain.values or ()) == total


def test_the_same_seed_gives_another_tree_with_another_number_of_players() -> None:
    three = random_tree(3, (3, 4), players=3, seed=5)
    assert three.node_count == random_tree(3, (3, 4), players=3, seed=5).node_count
    assert not same_tree(three, random_tree(3, (3, 4), players=3, seed=6))
    assert three.name == "Random tree of 3 players (seed 5)"
    assert not random_tree(3, (3, 4), seed=5).players  # two: MAX and MIN, as before


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"players": 1}, "2 players \\(MAX and MIN\\) or 3 to 26, not 1"),
        ({"players": 27}, "or 3 to 26, not 27"),
        (
            {"players": 3, "constant_sum": 40},
            "3 numbers from -10 to 10 add up to -30 to 30, never to 40",
        ),
        ({"players": 3, "evals": True}, "random evals are for trees of MAX and MIN"),
        ({"players": 3, "root": "min"}, "starts with A's decision"),
        ({"players": 3, "integer_values": False}, "holds whole numbers"),
        ({"constant_sum": 0}, "two players \\(MAX and MIN\\) is zero-sum"),
    ],
)
def test_bad_arguments_for_players(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        random_tree(2, **kwargs)  # type: ignore[arg-type]
