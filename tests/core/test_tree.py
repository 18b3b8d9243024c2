"""The tree model and the game that plays a custom tree."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from hypothesis import given

from gamesearch_gui.core.game import IllegalMoveError
from gamesearch_gui.core.game import Player
from gamesearch_gui.core.game import PositionError
from gamesearch_gui.core.trees.file import build_tree
from gamesearch_gui.core.trees.file import check_tree
from gamesearch_gui.core.trees.file import load_tree
from gamesearch_gui.core.trees.file import load_tree_file
from gamesearch_gui.core.trees.tree import CustomTree
from gamesearch_gui.core.trees.tree import MissingEvalError
from gamesearch_gui.core.trees.tree import NodeType
from gamesearch_gui.core.trees.tree import TreeGame
from gamesearch_gui.core.trees.tree import TreeNode
from gamesearch_gui.core.trees.tree import inner
from gamesearch_gui.core.trees.tree import leaf
from gamesearch_gui.core.trees.tree import path_text
from gamesearch_gui.core.trees.tree import same_tree
from tests.core.tree_strategies import trees
from tests.properties import examples

SAMPLES = Path(__file__).resolve().parents[2] / "resources" / "trees"

FIGURE_5_2 = """
{"format": "gamesearch-tree", "version": 1, "name": "Figure 5.2",
 "root": {"type": "max", "label": "A", "children": [
   {"type": "min", "label": "B", "move": "a1",
    "children": [{"value": 3}, {"value": 12}, {"value": 8}]},
   {"type": "min", "label": "C", "children": [{"value": 2}, {"value": 4}, {"value": 6}]},
   {"type": "min", "label": "D", "children": [{"value": 14}, {"value": 5}, {"value": 2}]}]}}
"""


def value_of(game: TreeGame, node: TreeNode) -> float:
    """Plain minimax / expectiminimax, to check the game end to end."""
    terminal = game.terminal_value(node)
    if terminal is not None:
        return terminal
    player = game.to_move(node)
    if player is Player.CHANCE:
        return sum(p * value_of(game, game.result(node, a)) for a, p in game.chances(node))
    values = [value_of(game, game.result(node, a)) for a in game.actions(node)]
    return max(values) if player is Player.MAX else min(values)


@pytest.fixture
def figure() -> CustomTree:
    return load_tree(FIGURE_5_2)


# Nodes and paths --------------------------------------------------------------------------


def test_node_types_have_the_file_format_names() -> None:
    assert [t.value for t in NodeType] == ["max", "min", "chance", "leaf", "player"]


def test_nodes_are_immutable_and_compared_by_identity() -> None:
    a, b = leaf(3), leaf(3)
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.value = 4  # type: ignore[misc]
    assert a != b and a == a
    assert len({a, b}) == 2
    assert same_tree(a, b)


def test_path_text_joins_indices_with_dots_and_the_root_is_empty() -> None:
    assert path_text(()) == ""
    assert path_text((1,)) == "1"
    assert path_text((1, 2, 10)) == "1.2.10"


def test_every_node_knows_its_path(figure: CustomTree) -> None:
    assert figure.root.path == ()
    assert figure.node_at((2, 1)).path == (2, 1)
    assert all(figure.node_at(node.path) is node for node in figure.nodes())


def test_a_tree_built_bottom_up_gets_its_paths() -> None:
    root = inner(NodeType.MAX, [inner(NodeType.MIN, [leaf(1), leaf(2)]), leaf(5)])
    tree = CustomTree("built", root)
    assert tree.node_at((0, 1)).path == (0, 1)
    assert tree.node_at((0, 1)).value == 2
    assert tree.root is not root  # re-pathed copies
    assert same_tree(tree.root, root)


def test_a_correctly_pathed_root_is_kept_as_it_is(figure: CustomTree) -> None:
    again = CustomTree("again", figure.root)
    assert again.root is figure.root


def test_inner_refuses_to_make_a_leaf() -> None:
    with pytest.raises(ValueError, match="leaf"):
        inner(NodeType.LEAF, [])


def test_same_tree_compares_content_not_paths_or_identity(figure: CustomTree) -> None:
    copy = load_tree(FIGURE_5_2)
    assert same_tree(figure, copy)
    assert same_tree(figure.node_at((1,)), copy.node_at((1,)))
    # Same content at different paths is the same subtree.
    assert same_tree(figure.node_at((0, 0)), build_tree([3]).node_at((0,)))
    assert not same_tree(figure.node_at((0,)), figure.node_at((1,)))
    renamed = CustomTree("other", figure.root)
    assert not same_tree(figure, renamed)
    assert not same_tree(figure, figure.root)


@pytest.mark.parametrize(
    "change",
    [
        {"value": 4},
        {"label": "x"},
        {"move": "m"},
        {"probability": 0.5},
    ],
)
def test_same_tree_notices_any_field(change: dict[str, object]) -> None:
    a = build_tree([[3, 1], [2]])
    node = a.node_at((0, 1))
    changed = a.replace_at((0, 1), dataclasses.replace(node, **change))  # type: ignore[arg-type]
    assert not same_tree(a, changed)


def test_same_tree_notices_type_eval_and_arity() -> None:
    a = build_tree({"type": "max", "children": [{"value": 1}, {"value": 2}]})
    assert not same_tree(a, build_tree({"type": "min", "children": [{"value": 1}, {"value": 2}]}))
    assert not same_tree(
        a, build_tree({"type": "max", "eval": 1, "children": [{"value": 1}, {"value": 2}]})
    )
    assert not same_tree(a, build_tree({"type": "max", "children": [{"value": 1}]}))


def test_deep_trees_need_no_recursion() -> None:
    node = leaf(1)
    for i in range(3000):
        node = inner(NodeType.MAX if i % 2 else NodeType.MIN, [node])
    tree = CustomTree("deep", node)
    assert tree.height == 3000
    assert tree.node_count == 3001
    assert same_tree(tree, CustomTree("deep", node))
    assert TreeGame(tree).max_plies(tree.root) == 3000


# The tree -----------------------------------------------------------------------------------


def test_tree_size_height_and_order(figure: CustomTree) -> None:
    assert figure.node_count == 13
    assert figure.height == 2
    assert not figure.has_chance
    labels = [n.label or n.value for n in figure.nodes()]
    assert labels == ["A", "B", 3, 12, 8, "C", 2, 4, 6, "D", 14, 5, 2]


def test_a_lone_leaf_is_a_tree_of_height_zero() -> None:
    tree = CustomTree("leaf", leaf(7))
    assert (tree.height, tree.node_count, tree.bounds()) == (0, 1, (7, 7))


def test_bounds_cover_leaf_values_and_evals() -> None:
    tree = build_tree(
        {
            "type": "max",
            "eval": 40,
            "children": [{"type": "min", "eval": -7, "children": [{"value": 3}, {"value": 12}]}],
        }
    )
    assert tree.bounds() == (-7, 40)


def test_declared_bounds_win(figure: CustomTree) -> None:
    assert figure.bounds() == (2, 14)
    declared = CustomTree(figure.name, figure.root, (0, 20))
    assert declared.bounds() == (0, 20)


def test_node_at_names_the_missing_node(figure: CustomTree) -> None:
    assert figure.node_at(()) is figure.root
    with pytest.raises(PositionError, match=r"no node 1\.5: 1 has 3 children"):
        figure.node_at((1, 5))
    with pytest.raises(PositionError, match="no node 3: the root has 3 children"):
        figure.node_at((3,))
    with pytest.raises(PositionError, match=r"0\.0 has 0 children"):
        figure.node_at((0, 0, 0))


def test_replace_at_swaps_a_subtree_and_repaths_it(figure: CustomTree) -> None:
    subtree = inner(NodeType.MAX, [leaf(1), leaf(9)])
    changed = figure.replace_at((1, 2), subtree)
    assert changed.node_at((1, 2, 1)).path == (1, 2, 1)
    assert changed.node_at((1, 2, 1)).value == 9
    assert changed.node_count == figure.node_count + 2
    assert changed.node_at((0,)) is figure.node_at((0,))  # untouched parts are shared
    assert figure.node_at((1, 2)).value == 6  # the original is unchanged
    assert same_tree(figure.replace_at((), figure.root).root, figure.root)


# The game -----------------------------------------------------------------------------------


def test_tree_game_plays_figure_5_2(figure: CustomTree) -> None:
    game = TreeGame(figure)
    assert TreeGame.name == "tree"
    assert game.title == "Figure 5.2"
    root = game.initial_state()
    assert root is figure.root
    assert game.to_move(root) is Player.MAX
    assert list(game.actions(root)) == [0, 1, 2]
    b = game.result(root, 0)
    assert game.to_move(b) is Player.MIN
    assert game.is_terminal(game.result(b, 1))
    assert game.utility(game.result(b, 1)) == 12
    assert game.terminal_value(game.result(b, 1)) == 12
    assert game.terminal_value(b) is None
    assert not game.is_terminal(root)
    assert game.key(game.result(b, 2)) == (0, 2)
    assert value_of(game, root) == 3
    assert not game.has_chance
    assert game.utility_bounds() == (2, 14)
    assert game.max_plies(root) == 2
    assert game.max_plies(b) == 1
    assert game.max_plies(game.result(b, 0)) == 0


def test_equal_looking_subtrees_have_different_keys() -> None:
    tree = build_tree([[1, 2], [1, 2]])
    game = TreeGame(tree)
    assert same_tree(tree.node_at((0,)), tree.node_at((1,)))
    assert game.key(tree.node_at((0,))) != game.key(tree.node_at((1,)))


def test_chance_nodes_offer_their_children_with_probabilities() -> None:
    tree = load_tree_file(SAMPLES / "two-gambles.gtree.json")
    game = TreeGame(tree)
    assert game.has_chance
    gamble = game.result(tree.root, 0)
    assert game.to_move(gamble) is Player.CHANCE
    assert list(game.chances(gamble)) == [(0, 0.9), (1, 0.1)]
    assert value_of(game, tree.root) == pytest.approx(2.1)
    assert game.utility_bounds() == (0, 4)


def test_evaluation_reads_each_nodes_eval() -> None:
    tree = build_tree(
        {
            "type": "max",
            "eval": 5,
            "children": [{"type": "min", "children": [{"value": 1}]}, {"value": 9}],
        }
    )
    game = TreeGame(tree)
    evaluate = game.evaluations()["eval"]
    assert list(game.evaluations()) == ["eval"]
    assert evaluate(tree.root) == 5
    assert evaluate(tree.node_at((1,))) == 9  # a leaf's value is its best estimate
    with pytest.raises(MissingEvalError, match="node 0 is at the depth cutoff but has no 'eval'"):
        evaluate(tree.node_at((0,)))


def test_missing_eval_at_the_root_says_the_root() -> None:
    game = TreeGame(
        build_tree(
            {"type": "max", "children": [{"type": "min", "eval": 1, "children": [{"value": 1}]}]}
        )
    )
    with pytest.raises(MissingEvalError, match="the root is at the depth cutoff"):
        game.evaluations()["eval"](game.initial_state())


def test_ordered_actions_best_first_for_the_mover_unknown_last() -> None:
    tree = build_tree(
        {
            "type": "max",
            "children": [
                {"type": "min", "children": [{"value": 1}]},  # no eval: last
                {"value": 4},
                {
                    "type": "min",
                    "eval": 7,
                    "children": [
                        {"value": 5},
                        {"type": "max", "children": [{"value": 0}]},
                        {"value": 2},
                        {"value": 5},
                    ],
                },
                {"value": 4},
                {"type": "min", "children": [{"value": 1}]},
            ],
        }
    )
    game = TreeGame(tree)
    assert list(game.ordered_actions(tree.root)) == [2, 1, 3, 0, 4]
    # Ascending at MIN; ties keep drawn order; the child without eval comes last.
    assert list(game.ordered_actions(tree.node_at((2,)))) == [2, 0, 3, 1]


def test_ordered_actions_keep_drawn_order_at_chance_nodes() -> None:
    tree = load_tree_file(SAMPLES / "two-gambles.gtree.json")
    game = TreeGame(tree)
    assert list(game.ordered_actions(tree.node_at((1,)))) == [0, 1]


def test_moves_read_and_write_by_label_or_index(figure: CustomTree) -> None:
    game = TreeGame(figure)
    root = figure.root
    assert [game.move_text(root, a) for a in game.actions(root)] == ["a1", "1", "2"]
    assert game.parse_move(root, "a1") == 0
    assert game.parse_move(root, " 0 ") == 0
    assert game.parse_move(root, "2") == 2
    with pytest.raises(
        IllegalMoveError, match=r"at the root: give a move label or an index 0\.\.2"
    ):
        game.parse_move(root, "3")
    with pytest.raises(IllegalMoveError, match=r"node 0\.1 is a leaf"):
        game.parse_move(figure.node_at((0, 1)), "0")


def test_positions_are_paths(figure: CustomTree) -> None:
    game = TreeGame(figure)
    node = figure.node_at((2, 1))
    assert game.position_text(node) == "2.1"
    assert game.position_text(figure.root) == ""
    assert game.parse_position("2.1") is node
    assert game.parse_position("") is figure.root
    with pytest.raises(PositionError, match=r"no node 2\.7"):
        game.parse_position("2.7")
    with pytest.raises(PositionError, match="not a node path"):
        game.parse_position("2..1")


# Samples and strategies -------------------------------------------------------------------


def test_sample_figure_5_2_is_the_design_example(figure: CustomTree) -> None:
    sample = load_tree_file(SAMPLES / "figure-5-2.gtree.json")
    assert same_tree(sample, figure)


def test_greedy_friends_sample() -> None:
    tree = load_tree_file(SAMPLES / "greedy-friends.gtree.json")
    game = TreeGame(tree)
    assert [value_of(game, c) for c in tree.root.children] == [10, 2]
    leaves = [[c.value for c in n.children] for n in tree.root.children]
    assert leaves == [[10, 50, 25], [5, 2, 25]]


def test_every_sample_loads() -> None:
    samples = sorted(SAMPLES.glob("*.gtree.json"))
    assert len(samples) >= 3
    for path in samples:
        check_tree(load_tree_file(path))


@examples(200)
@given(trees(chance=True, evals=True))
def test_strategy_trees_are_valid_and_within_limits(tree: CustomTree) -> None:
    check_tree(tree)
    assert 1 <= tree.height <= 4
    assert all(len(n.children) <= 4 for n in tree.nodes())
    assert all(n.eval is not None for n in tree.nodes() if n.type is not NodeType.LEAF)
