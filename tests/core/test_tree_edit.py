"""Tree editing: pure edits that return new trees, keep paths right and the tree valid."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamesearch_gui.core.game import GameError
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import search
from gamesearch_gui.core.trees.edit import EditError
from gamesearch_gui.core.trees.edit import add_child
from gamesearch_gui.core.trees.edit import delete_subtree
from gamesearch_gui.core.trees.edit import insert_sibling
from gamesearch_gui.core.trees.edit import leaf_paths
from gamesearch_gui.core.trees.edit import make_uniform
from gamesearch_gui.core.trees.edit import neighbour
from gamesearch_gui.core.trees.edit import new_leaf_value
from gamesearch_gui.core.trees.edit import new_tree
from gamesearch_gui.core.trees.edit import next_leaf
from gamesearch_gui.core.trees.edit import probability_problems
from gamesearch_gui.core.trees.edit import set_eval
from gamesearch_gui.core.trees.edit import set_kind
from gamesearch_gui.core.trees.edit import set_label
from gamesearch_gui.core.trees.edit import set_move
from gamesearch_gui.core.trees.edit import set_name
from gamesearch_gui.core.trees.edit import set_probability
from gamesearch_gui.core.trees.edit import set_value
from gamesearch_gui.core.trees.edit import set_value_bounds
from gamesearch_gui.core.trees.file import TreeFileError
from gamesearch_gui.core.trees.file import build_tree
from gamesearch_gui.core.trees.file import check_tree
from gamesearch_gui.core.trees.file import dump_tree
from gamesearch_gui.core.trees.file import load_tree
from gamesearch_gui.core.trees.tree import CustomTree
from gamesearch_gui.core.trees.tree import NodeType
from gamesearch_gui.core.trees.tree import TreeGame
from gamesearch_gui.core.trees.tree import same_tree
from tests.core.tree_strategies import trees
from tests.properties import examples

FIGURE = {
    "type": "max",
    "label": "A",
    "children": [
        {"type": "min", "label": "B", "move": "a1", "children": [{"value": 3}, {"value": 12}]},
        {"type": "min", "label": "C", "move": "a2", "eval": 4, "children": [{"value": 2}]},
    ],
}

GAMBLE = {
    "type": "max",
    "children": [
        {
            "type": "chance",
            "children": [
                {"value": 2, "probability": 0.5},
                {"value": 4, "probability": 0.5},
            ],
        },
        {"value": 1},
    ],
}


def figure() -> CustomTree:
    return build_tree(FIGURE, name="fig", value_bounds=(-20, 20))


def gamble() -> CustomTree:
    return build_tree(GAMBLE, name="gamble")


def assert_paths_right(tree: CustomTree) -> None:
    for node in tree.nodes():
        assert tree.node_at(node.path) is node
        for i, child in enumerate(node.children):
            assert child.path == (*node.path, i)


def assert_editable(tree: CustomTree) -> None:
    """Valid but for chance sums: check_tree passes once every chance node is uniform."""
    assert_paths_right(tree)
    fixed = tree
    for path, _ in probability_problems(tree):
        fixed = make_uniform(fixed, path)
    assert probability_problems(fixed) == []
    check_tree(fixed)


# Creating ---------------------------------------------------------------------------------


def test_new_tree_is_a_max_root_over_one_leaf_and_valid() -> None:
    tree = new_tree()
    assert tree.name == "untitled"
    assert tree.root.type is NodeType.MAX
    assert [c.value for c in tree.root.children] == [0]
    check_tree(tree)
    assert new_tree("mine").name == "mine"


# Structure --------------------------------------------------------------------------------


def test_add_child_appends_a_leaf_valued_0_and_returns_its_path() -> None:
    tree = figure()
    edited, path = add_child(tree, (0,))
    assert path == (0, 2)
    assert edited.node_at(path).type is NodeType.LEAF
    assert edited.node_at(path).value == 0
    assert [c.value for c in edited.node_at((0,)).children] == [3, 12, 0]
    assert edited.name == "fig" and edited.value_bounds == (-20, 20)
    assert same_tree(tree, figure())  # the argument is untouched
    assert_editable(edited)


def test_add_child_to_a_leaf_makes_it_the_opposite_of_its_mover() -> None:
    tree = figure()
    edited, path = add_child(tree, (0, 1))  # a leaf under MIN
    grown = edited.node_at((0, 1))
    assert grown.type is NodeType.MAX
    assert path == (0, 1, 0)
    assert edited.node_at(path).value == 12  # the old value moves down
    again, path2 = add_child(edited, path)  # a leaf under MAX
    assert again.node_at(path).type is NodeType.MIN
    assert path2 == (0, 1, 0, 0)
    assert_editable(again)


def test_add_child_to_a_leaf_root_makes_a_max_root() -> None:
    tree = CustomTree("one", build_tree({"value": 5}).root)
    edited, path = add_child(tree, ())
    assert edited.root.type is NodeType.MAX
    assert path == (0,)
    assert edited.node_at(path).value == 5


def test_a_leaf_under_chance_takes_the_opposite_of_the_mover_above_the_chance_node() -> None:
    tree = gamble()
    edited, _ = add_child(tree, (0, 1))
    assert edited.node_at((0, 1)).type is NodeType.MIN  # MAX, chance, MIN
    assert edited.node_at((0, 1)).probability == 0.5  # keeps its probability
    assert_editable(edited)
    chance_root = build_tree(
        {"type": "chance", "children": [{"value": 1, "probability": 1.0}]}, name="c"
    )
    edited, _ = add_child(chance_root, (0,))
    assert edited.node_at((0,)).type is NodeType.MAX  # nobody moves above: MAX


def test_add_child_under_chance_gets_1_over_n_and_the_siblings_keep_theirs() -> None:
    tree = gamble()
    edited, path = add_child(tree, (0,))
    assert path == (0, 2)
    assert [c.probability for c in edited.node_at((0,)).children] == [0.5, 0.5, 1 / 3]
    assert probability_problems(edited) == [((0,), "probabilities sum to 1.33333333333, not 1")]
    assert_editable(edited)
    with pytest.raises(TreeFileError, match="node 0: the probabilities"):
        dump_tree(edited)


def test_new_leaves_lie_within_declared_bounds() -> None:
    tree = build_tree({"type": "max", "children": [{"value": 5}]}, value_bounds=(1, 9))
    assert new_leaf_value(tree) == 1
    edited, path = add_child(tree, ())
    assert edited.node_at(path).value == 1
    check_tree(edited)
    below = build_tree({"type": "max", "children": [{"value": -5}]}, value_bounds=(-9, -2))
    assert new_leaf_value(below) == -2
    assert new_leaf_value(figure()) == 0


def test_insert_sibling_after_and_before() -> None:
    tree = figure()
    after, path = insert_sibling(tree, (0, 0))
    assert path == (0, 1)
    assert [c.value for c in after.node_at((0,)).children] == [3, 0, 12]
    before, path = insert_sibling(tree, (1,), after=False)
    assert path == (1,)
    assert before.node_at((1,)).value == 0
    assert before.node_at((2,)).label == "C"
    assert_editable(after)
    assert_editable(before)


def test_insert_sibling_under_chance_and_at_the_root() -> None:
    edited, path = insert_sibling(gamble(), (0, 0), after=False)
    assert path == (0, 0)
    assert [c.probability for c in edited.node_at((0,)).children] == [1 / 3, 0.5, 0.5]
    with pytest.raises(EditError, match="the root has no siblings"):
        insert_sibling(figure(), ())


def test_delete_subtree_selects_previous_then_next_then_parent() -> None:
    tree = figure()
    edited, select = delete_subtree(tree, (0, 1))
    assert select == (0, 0)
    assert [c.value for c in edited.node_at((0,)).children] == [3]
    edited, select = delete_subtree(tree, (0, 0))
    assert select == (0, 0)
    assert edited.node_at(select).value == 12
    edited, select = delete_subtree(tree, (0,))
    assert select == (0,)
    assert edited.node_at(select).label == "C"
    assert edited.node_at(select).path == (0,)
    assert_editable(edited)


def test_deleting_the_last_child_makes_a_leaf_valued_at_the_eval_else_0() -> None:
    tree = figure()
    edited, select = delete_subtree(tree, (1, 0))  # C has eval 4
    assert select == (1,)
    node = edited.node_at((1,))
    assert (node.type, node.value, node.eval, node.label, node.move) == (
        NodeType.LEAF,
        4,
        None,
        "C",
        "a2",
    )
    check_tree(edited)
    once, _ = delete_subtree(tree, (0, 1))
    twice, select = delete_subtree(once, (0, 0))  # B has no eval
    assert twice.node_at(select).value == 0
    check_tree(twice)


def test_the_root_cannot_be_deleted() -> None:
    with pytest.raises(EditError, match="root cannot be deleted"):
        delete_subtree(figure(), ())


def test_bad_paths_are_named() -> None:
    tree = figure()
    for edit in (
        lambda: add_child(tree, (1, 2)),
        lambda: delete_subtree(tree, (1, 2)),
        lambda: set_value(tree, (1, 2), 1),
        lambda: next_leaf(tree, (1, 2)),
        lambda: neighbour(tree, (1, 2), "up"),
    ):
        with pytest.raises(EditError, match=r"node 1\.2 does not exist"):
            edit()
    with pytest.raises(EditError, match="does not exist"):
        set_label(tree, (-1,), "x")
    assert issubclass(EditError, GameError)


# Kinds ------------------------------------------------------------------------------------


def test_set_kind_inner_to_leaf_takes_the_eval_or_0() -> None:
    tree = figure()
    c = set_kind(tree, (1,), NodeType.LEAF).node_at((1,))
    assert (c.type, c.value, c.children, c.label) == (NodeType.LEAF, 4, (), "C")
    b = set_kind(tree, (0,), NodeType.LEAF).node_at((0,))
    assert b.value == 0


def test_set_kind_leaf_to_inner_keeps_the_value_in_one_child() -> None:
    tree = figure()
    edited = set_kind(tree, (0, 1), NodeType.MAX)
    node = edited.node_at((0, 1))
    assert node.type is NodeType.MAX
    assert [c.value for c in node.children] == [12]
    chance = set_kind(tree, (0, 1), NodeType.CHANCE)
    assert chance.node_at((0, 1, 0)).probability == 1.0
    check_tree(chance)
    assert_editable(edited)


def test_set_kind_between_inner_kinds_keeps_children() -> None:
    tree = figure()
    to_max = set_kind(tree, (0,), NodeType.MAX)
    assert to_max.node_at((0,)).type is NodeType.MAX
    assert [c.value for c in to_max.node_at((0,)).children] == [3, 12]
    to_chance = set_kind(tree, (0,), NodeType.CHANCE)
    assert [c.probability for c in to_chance.node_at((0,)).children] == [0.5, 0.5]
    check_tree(to_chance)
    back = set_kind(to_chance, (0,), NodeType.MIN)
    assert [c.probability for c in back.node_at((0,)).children] == [None, None]
    assert same_tree(back, tree)
    assert set_kind(tree, (0,), NodeType.MIN) is tree


def test_set_kind_to_chance_makes_probabilities_that_sum_to_exactly_1() -> None:
    tree = build_tree({"type": "max", "children": [{"value": i} for i in range(7)]})
    chance = set_kind(tree, (), NodeType.CHANCE)
    assert sum(c.probability or 0.0 for c in chance.root.children) == 1.0
    check_tree(chance)


def test_set_kind_refuses_unknown_kinds() -> None:
    with pytest.raises(EditError, match="unknown node kind"):
        set_kind(figure(), (0,), "triangle")  # type: ignore[arg-type]


# Values -----------------------------------------------------------------------------------


def test_set_value_on_leaves_only() -> None:
    tree = figure()
    edited = set_value(tree, (0, 0), 7.5)
    assert edited.node_at((0, 0)).value == 7.5
    whole = set_value(tree, (0, 0), 7.0)
    assert whole.node_at((0, 0)).value == 7
    assert isinstance(whole.node_at((0, 0)).value, int)
    assert '{"value": 7}' in dump_tree(whole)
    with pytest.raises(EditError, match="node 0 is a min node: only a leaf has a value"):
        set_value(tree, (0,), 1)


@pytest.mark.parametrize("bad", [math.inf, -math.inf, math.nan])
def test_set_value_refuses_non_finite_numbers(bad: float) -> None:
    with pytest.raises(EditError, match="finite"):
        set_value(figure(), (0, 0), bad)
    with pytest.raises(EditError, match="finite"):
        set_eval(figure(), (0,), bad)


def test_set_value_refuses_non_numbers() -> None:
    with pytest.raises(EditError, match="must be a number"):
        set_value(figure(), (0, 0), True)
    with pytest.raises(EditError, match="must be a number"):
        set_value(figure(), (0, 0), "3")  # type: ignore[arg-type]


def test_set_value_outside_the_declared_bounds_names_them() -> None:
    with pytest.raises(EditError, match=r"node 0\.0: the value 21 lies outside .*\[-20, 20\]"):
        set_value(figure(), (0, 0), 21)
    with pytest.raises(EditError, match=r"\[-20, 20\]"):
        set_eval(figure(), (0,), -21)
    assert set_value(figure(), (0, 0), 20).node_at((0, 0)).value == 20


def test_value_bounds_are_set_and_cleared_as_a_new_tree() -> None:
    tree = build_tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    assert tree.value_bounds is None and tree.bounds() == (2, 14)
    wide = set_value_bounds(tree, (0.0, 20.5))
    assert wide.value_bounds == (0, 20.5) and isinstance(wide.value_bounds[0], int)
    assert tree.value_bounds is None  # the argument is left alone
    assert wide.bounds() == (0, 20.5) and wide.value_range() == (2, 14)
    assert wide.outside_bounds() == []
    assert load_tree(dump_tree(wide)).value_bounds == (0, 20.5)
    cleared = set_value_bounds(wide, None)
    assert cleared.value_bounds is None and same_tree(cleared, tree)
    assert set_value_bounds(wide, (0, 20.5)) is wide


@pytest.mark.parametrize(
    ("bounds", "message"),
    [
        ((5, 5), "the lowest value 5 must be below the highest value 5"),
        ((9, 1), "the lowest value 9 must be below the highest value 1"),
        ((math.nan, 1), "the lowest value of the value bounds must be a finite number, not nan"),
        ((0, math.inf), "the highest value of the value bounds must be a finite number, not inf"),
        ((0, "9"), 'the highest value of the value bounds must be a number, not "9"'),
        ((1, 2, 3), "value bounds are two numbers, lowest and highest"),
    ],
)
def test_value_bounds_that_bound_nothing_are_refused(bounds: object, message: str) -> None:
    with pytest.raises(EditError) as caught:
        set_value_bounds(figure(), bounds)  # type: ignore[arg-type]
    assert message in str(caught.value)


def test_bounds_that_leave_out_values_are_listed_and_refused_by_save_and_star1() -> None:
    tree = build_tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    narrow = set_value_bounds(tree, (0, 10))
    assert narrow.outside_bounds() == [((0, 1), "value", 12), ((2, 0), "value", 14)]
    with pytest.raises(TreeFileError, match=r"0\.1.*12 lies outside"):
        dump_tree(narrow)
    game = TreeGame(narrow)
    with pytest.raises(GameError, match=r"the value 12 of node 0\.1 lies outside .*\[0, 10\]"):
        search(game, game.initial_state(), SearchSettings(Algorithm.STAR1))
    # Searches that do not prune by the bounds are right whatever they say.
    assert search(game, game.initial_state(), SearchSettings(Algorithm.MINIMAX)).value == 3


def test_set_eval_on_inner_nodes_only() -> None:
    tree = figure()
    edited = set_eval(tree, (0,), 3)
    assert edited.node_at((0,)).eval == 3
    assert set_eval(edited, (0,), None).node_at((0,)).eval is None
    with pytest.raises(EditError, match=r"node 0\.0 is a leaf"):
        set_eval(tree, (0, 0), 1)
    check_tree(edited)


def test_set_probability() -> None:
    tree = gamble()
    edited = set_probability(tree, (0, 0), 0.25)
    assert edited.node_at((0, 0)).probability == 0.25
    assert probability_problems(edited) == [((0,), "probabilities sum to 0.75, not 1")]
    fixed = set_probability(edited, (0, 1), 0.75)
    assert probability_problems(fixed) == []
    check_tree(fixed)
    assert set_probability(tree, (0, 0), 1).node_at((0, 0)).probability == 1.0
    for bad in (0, -0.5, 1.5, math.nan, math.inf):
        with pytest.raises(EditError, match=r"in \(0, 1\]"):
            set_probability(tree, (0, 0), bad)
    with pytest.raises(EditError, match="not a chance node's child"):
        set_probability(tree, (1,), 0.5)
    with pytest.raises(EditError, match="the root is not a chance node's child"):
        set_probability(tree, (), 0.5)


def test_make_uniform_from_the_chance_node_or_a_child() -> None:
    tree, _ = add_child(gamble(), (0,))
    for path in ((0,), (0, 2)):
        fixed = make_uniform(tree, path)
        probabilities = [c.probability for c in fixed.node_at((0,)).children]
        assert probabilities[:2] == [1 / 3, 1 / 3]
        assert sum(p or 0.0 for p in probabilities) == 1.0
        assert probability_problems(fixed) == []
        check_tree(fixed)
    with pytest.raises(EditError, match="neither a chance node"):
        make_uniform(tree, (1,))


def test_probability_problems_lists_missing_probabilities() -> None:
    tree = gamble()
    node = tree.node_at((0, 1))
    broken = tree.replace_at((0, 1), replace(node, probability=None))
    assert probability_problems(broken) == [((0,), "child 0.1 has no probability")]
    assert probability_problems(figure()) == []


# Text -------------------------------------------------------------------------------------


def test_labels_and_moves() -> None:
    tree = figure()
    edited = set_label(tree, (0, 0), "x")
    assert edited.node_at((0, 0)).label == "x"
    assert set_label(edited, (0, 0), "").node_at((0, 0)).label is None
    assert set_label(edited, (0, 0), None).node_at((0, 0)).label is None
    assert set_label(tree, (), "root").root.label == "root"
    moved = set_move(tree, (0,), "left")
    assert moved.node_at((0,)).move == "left"
    assert set_move(moved, (0,), "").node_at((0,)).move is None
    with pytest.raises(EditError, match="the root has no parent"):
        set_move(tree, (), "a0")
    assert same_tree(set_move(tree, (), ""), tree)
    check_tree(moved)


def test_text_that_no_file_can_hold_is_refused_by_every_edit() -> None:
    tree = figure()
    not_text = r"holds a character that is not text \(a lone surrogate \\udfff\)$"
    with pytest.raises(EditError, match=r"^node 0\.1: the label " + not_text):
        set_label(tree, (0, 1), "x\udfff")
    with pytest.raises(
        EditError, match=r"^node 1: the move holds .* \(a lone surrogate \\ud800\)$"
    ):
        set_move(tree, (1,), "\ud800")
    with pytest.raises(EditError, match=r"^the tree's name holds .* \(a lone surrogate \\udc80\)$"):
        set_name(tree, "caf\udc80")
    with pytest.raises(EditError, match="the tree's name holds"):
        new_tree("\udfff")
    with pytest.raises(EditError, match=r"^node 0: a label is text, not 3$"):
        set_label(tree, (0,), 3)  # type: ignore[arg-type]
    assert isinstance(EditError("x"), GameError)
    # What a file can hold, an edit takes: astral characters, accents, anything printable.
    named = set_name(set_label(tree, (0,), "café \U0001f600"), "Figure 5.2 ✓")
    assert named.name == "Figure 5.2 ✓" and named.node_at((0,)).label == "café \U0001f600"
    assert same_tree(named.root, set_label(tree, (0,), "café \U0001f600").root)
    assert set_name(named, "Figure 5.2 ✓") is named
    check_tree(named)
    dump_tree(named)


def test_edit_messages_quote_a_short_escaped_excerpt() -> None:
    tree = figure()
    for edit in (
        lambda: set_kind(tree, (0,), "\x1b]0;owned\x07" * 1000),  # type: ignore[arg-type]
        lambda: neighbour(tree, (0,), "\x1b[2J" * 1000),
        lambda: set_value(tree, (0, 0), "\x1b" * 1000),  # type: ignore[arg-type]
        lambda: set_probability(gamble(), (0, 0), "\r" * 1000),  # type: ignore[arg-type]
    ):
        with pytest.raises(EditError) as caught:
            edit()
        message = str(caught.value)
        assert message.isprintable() and len(message) < 150, message


# Moving around ----------------------------------------------------------------------------


def test_next_leaf_in_tab_order_wraps_around() -> None:
    tree = figure()  # leaves: 0.0, 0.1, 1.0
    assert leaf_paths(tree) == [(0, 0), (0, 1), (1, 0)]
    assert next_leaf(tree, (0, 0)) == (0, 1)
    assert next_leaf(tree, (0, 1)) == (1, 0)
    assert next_leaf(tree, (1, 0)) == (0, 0)
    assert next_leaf(tree, (0, 0), backwards=True) == (1, 0)
    assert next_leaf(tree, (1, 0), backwards=True) == (0, 1)
    assert next_leaf(tree, ()) == (0, 0)
    assert next_leaf(tree, (1,)) == (1, 0)
    assert next_leaf(tree, (1,), backwards=True) == (0, 1)
    assert next_leaf(tree, (), backwards=True) == (1, 0)
    assert next_leaf(new_tree(), (0,)) == (0,)


def test_neighbour_moves_and_stays_put_at_the_edges() -> None:
    tree = figure()
    assert neighbour(tree, (0, 1), "up") == (0,)
    assert neighbour(tree, (), "up") == ()
    assert neighbour(tree, (), "down") == (0,)
    assert neighbour(tree, (0, 0), "down") == (0, 0)
    assert neighbour(tree, (0, 1), "right") == (1, 0)  # across parents
    assert neighbour(tree, (1, 0), "left") == (0, 1)
    assert neighbour(tree, (1, 0), "right") == (1, 0)
    assert neighbour(tree, (0, 0), "left") == (0, 0)
    assert neighbour(tree, (), "left") == ()
    with pytest.raises(EditError, match="unknown direction"):
        neighbour(tree, (), "north")


# Properties -------------------------------------------------------------------------------

EDITS = st.sampled_from(
    [
        "add",
        "sibling",
        "before",
        "delete",
        "max",
        "min",
        "chance",
        "leaf",
        "value",
        "eval",
        "probability",
        "uniform",
        "label",
        "move",
    ]
)


@examples(150)
@given(trees(max_depth=3, chance=True), st.lists(st.tuples(EDITS, st.integers(0, 10**6))))
def test_any_edits_keep_the_tree_valid_but_for_chance_sums(
    tree: CustomTree, edits: list[tuple[str, int]]
) -> None:
    for edit, pick in edits:
        nodes = list(tree.nodes())
        path = nodes[pick % len(nodes)].path
        try:
            if edit == "add":
                tree, path = add_child(tree, path)
            elif edit in ("sibling", "before"):
                tree, path = insert_sibling(tree, path, after=edit == "sibling")
            elif edit == "delete":
                tree, path = delete_subtree(tree, path)
            elif edit in ("max", "min", "chance", "leaf"):
                tree = set_kind(tree, path, NodeType(edit))
            elif edit == "value":
                tree = set_value(tree, path, pick % 21 - 10)
            elif edit == "eval":
                tree = set_eval(tree, path, pick % 7 - 3)
            elif edit == "probability":
                tree = set_probability(tree, path, (pick % 10 + 1) / 10)
            elif edit == "uniform":
                tree = make_uniform(tree, path)
            elif edit == "label":
                tree = set_label(tree, path, str(pick))
            else:
                tree = set_move(tree, path, str(pick))
        except EditError:
            continue  # refused edits (a leaf's eval, the root's move, ...) are fine
        tree.node_at(path)  # the returned path exists
        assert_editable(tree)
