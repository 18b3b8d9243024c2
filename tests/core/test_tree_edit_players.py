"""Editing trees of n players: players, their decisions, and vectors on leaves."""

from __future__ import annotations

import pytest
from hypothesis import given

from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import search
from gamesearch_gui.core.trees import edit as tree_edit
from gamesearch_gui.core.trees.edit import EditError
from gamesearch_gui.core.trees.examples import example
from gamesearch_gui.core.trees.file import check_tree
from gamesearch_gui.core.trees.file import dump_tree
from gamesearch_gui.core.trees.file import load_tree
from gamesearch_gui.core.trees.tree import CustomTree
from gamesearch_gui.core.trees.tree import NodeType
from gamesearch_gui.core.trees.tree import TreeGame
from gamesearch_gui.core.trees.tree import same_tree
from tests.core.tree_strategies import player_trees
from tests.properties import examples


def three_players() -> CustomTree:
    """A new tree made a tree of A, B and C: A's root over two leaves."""
    tree, _ = tree_edit.add_child(tree_edit.new_tree(), ())
    return tree_edit.set_players(tree, ["A", "B", "C"])


def test_a_tree_of_max_and_min_becomes_a_tree_of_players() -> None:
    tree = tree_edit.set_players(load_tree("[[3, -1], [2]]"), ["A", "B", "C"])
    check_tree(tree)
    assert tree.players == ("A", "B", "C")
    assert tree.root.player == 0 and tree.root.children[0].player == 1
    assert tree.root.children[0].children[1].values == (-1, 1, 0)
    # The same game for A and B: max^n gives A what minimax gave MAX.
    assert search(TreeGame(tree), tree.root, SearchSettings(Algorithm.MAXN)).value == 2


def test_figure_5_4_can_be_drawn_from_a_new_tree() -> None:
    tree = three_players()
    tree, b = tree_edit.add_child(tree, (0,))  # A's leaf 0 becomes B's node
    tree, _ = tree_edit.add_child(tree, (1,))
    for parent in ((0,), (1,)):
        tree, _ = tree_edit.add_child(tree, (*parent, 0))  # C's nodes
        tree, _ = tree_edit.add_child(tree, parent)
        tree, _ = tree_edit.add_child(tree, (*parent, 1))
    for parent in ((0, 0), (0, 1), (1, 0), (1, 1)):
        tree, _ = tree_edit.add_child(tree, parent)
    assert [tree.node_at(p).player for p in ((), (0,), (0, 0))] == [0, 1, 2]
    leaves = [
        (1, 2, 6),
        (4, 2, 3),
        (6, 1, 2),
        (7, 4, 1),
        (5, 1, 1),
        (1, 5, 2),
        (7, 7, 1),
        (5, 4, 5),
    ]
    for leaf_path, values in zip(tree_edit.leaf_paths(tree), leaves, strict=True):
        tree = tree_edit.set_values(tree, leaf_path, values)
    assert b == (0, 0)
    assert same_tree(tree_edit.set_name(tree, "Figure 5.4"), example("figure-5-4").tree())


@pytest.mark.parametrize(
    ("values", "said"),
    [
        ([1, 2], "node 0: give 3 numbers, one for each player (A, B, C), not 2"),
        ([1, 2, 3, 4], "node 0: give 3 numbers, one for each player (A, B, C), not 4"),
        ([1, float("nan"), 3], "node 0: B's value must be a finite number, not nan"),
        ([1, "x", 3], 'node 0: B\'s value must be a number, not "x"'),
    ],
)
def test_a_wrong_vector_is_refused_with_what_and_where(values: list[object], said: str) -> None:
    with pytest.raises(EditError) as refused:
        tree_edit.set_values(three_players(), (0,), values)  # type: ignore[arg-type]
    assert str(refused.value) == said


def test_a_declared_constant_sum_holds_through_edits() -> None:
    tree = load_tree(
        '{"format": "gamesearch-tree", "version": 2, "players": ["A", "B", "C"],'
        ' "constant_sum": 9, "root": {"player": "A", "children": [{"values": [3, 3, 3]}]}}'
    )
    with pytest.raises(EditError, match="add up to 10, but every vector of this tree adds up to 9"):
        tree_edit.set_values(tree, (0,), [4, 3, 3])
    tree, new = tree_edit.add_child(tree, ())
    assert tree.node_at(new).values == (3, 3, 3)
    tree = tree_edit.set_players(tree, ["A", "B", "C", "D"])
    assert tree.constant_sum == 9 and tree.node_at(new).values == (3, 3, 3, 0)
    check_tree(tree)
    assert tree_edit.vector_sums(tree) == (9, 9)


def test_players_are_renamed_added_and_removed_only_when_nobody_s_decision() -> None:
    tree = tree_edit.set_players(three_players(), ["Ann", "Bob", "Cy", "Di"])
    assert tree.node_at((0,)).values == (0, 0, 0, 0)
    tree = tree_edit.set_player(tree, (), 3)
    with pytest.raises(EditError, match="the root is Di's decision: give it to another player"):
        tree_edit.set_players(tree, ["Ann", "Bob", "Cy"])
    tree = tree_edit.set_players(tree_edit.set_player(tree, (), 1), ["Ann", "Bob", "Cy"])
    assert tree.players == ("Ann", "Bob", "Cy") and tree.node_at((0,)).values == (0, 0, 0)
    with pytest.raises(EditError, match="three or more"):
        tree_edit.set_players(tree, ["Ann", "Bob"])
    with pytest.raises(EditError, match="Ann is there twice"):
        tree_edit.set_players(tree, ["Ann", "Ann", "Cy"])


def test_kinds_of_a_tree_of_players() -> None:
    tree = three_players()
    with pytest.raises(EditError, match="has no MAX or MIN nodes: choose whose decision"):
        tree_edit.set_kind(tree, (), NodeType.MIN)
    tree = tree_edit.set_values(tree, (0,), [1, 2, 3])
    tree = tree_edit.set_player(tree, (0,), 2)
    assert tree.node_at((0,)).player == 2 and tree.node_at((0, 0)).values == (1, 2, 3)
    tree = tree_edit.set_kind(tree, (0,), NodeType.CHANCE)
    assert tree.node_at((0,)).player is None and tree.node_at((0, 0)).probability == 1.0
    tree = tree_edit.set_kind(tree, (0,), NodeType.LEAF)
    assert tree.node_at((0,)).values == (0, 0, 0)  # no evals: a new leaf's values
    tree = tree_edit.set_evals(tree, (), [1, 1, 1])
    tree, _ = tree_edit.delete_subtree(tree, (1,))
    tree, _ = tree_edit.delete_subtree(tree, (0,))
    assert tree.root.type is NodeType.LEAF and tree.root.values == (1, 1, 1)  # its evals
    check_tree(tree)


@examples(40)
@given(player_trees(players=3, max_depth=3, labels=True, evals=True, chance=True))
def test_renaming_and_naming_keep_a_tree_of_players_whole(tree: CustomTree) -> None:
    named = tree_edit.set_name(tree, "renamed")
    assert named.players == tree.players and named.constant_sum == tree.constant_sum
    renamed = tree_edit.set_players(named, ["X", "Y", "Z"])
    back = tree_edit.set_players(renamed, list(tree.players))
    assert same_tree(tree_edit.set_name(back, tree.name), tree)
    assert load_tree(dump_tree(renamed)).players == ("X", "Y", "Z")


def test_stepping_round_the_players_goes_to_the_next_in_turn_and_wraps() -> None:
    tree = example("figure-5-4").tree()
    step = tree_edit.player_in_turn
    assert [step(tree, (0,), s) for s in (1, -1, 2, 3)] == [2, 0, 0, 1]  # B's node
    assert step(tree, (0, 0), 1) == 0  # C's node: A comes after C
    # A leaf or a chance node: the player in turn there, after the decision above.
    assert step(tree, (0, 0, 0), 1) == 0 and step(tree, (0, 0, 0), -1) == 0
    chance = tree_edit.set_kind(tree, (0,), NodeType.CHANCE)
    assert step(chance, (0,), 1) == 1 and step(chance, (0,), -1) == 1
    with pytest.raises(EditError, match="a tree of MAX and MIN has no players"):
        step(load_tree("[[3, 1]]"), (), 1)
