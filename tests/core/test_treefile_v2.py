"""Tree files, version 2: n players, read and written, and every bad file refused."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamesearch_gui.core.trees.file import TreeFileError
from gamesearch_gui.core.trees.file import dump_tree
from gamesearch_gui.core.trees.file import load_tree
from gamesearch_gui.core.trees.file import tree_to_dict
from gamesearch_gui.core.trees.tree import CustomTree
from gamesearch_gui.core.trees.tree import NodeType
from gamesearch_gui.core.trees.tree import same_tree
from tests.core.tree_strategies import player_trees
from tests.properties import examples

PLAYERS = ["A", "B", "C"]


def doc(root: Any, **top: Any) -> str:
    """A version 2 document of players A, B and C (``top`` adds or replaces keys)."""
    fields = {"format": "gamesearch-tree", "version": 2, "name": "t", "players": PLAYERS}
    fields.update(top)
    fields["root"] = root
    return json.dumps({k: v for k, v in fields.items() if v is not None})


def decide(player: str, *children: Any, **fields: Any) -> dict[str, Any]:
    return {"player": player, **fields, "children": list(children)}


def leaf(*values: Any, **fields: Any) -> dict[str, Any]:
    return {"values": list(values), **fields}


@examples(150)
@given(
    st.tuples(st.integers(3, 5), st.booleans(), st.booleans(), st.sampled_from([None, 6])).flatmap(
        lambda a: player_trees(
            players=a[0], chance=a[1], evals=a[2], constant_sum=a[3], labels=True
        )
    )
)
def test_version_2_files_round_trip(tree: CustomTree) -> None:
    text = dump_tree(tree)
    assert json.loads(text)["version"] == 2
    again = load_tree(text)
    assert same_tree(again, tree)
    assert dump_tree(again) == text


def test_the_design_s_example_reads_as_written() -> None:
    tree = load_tree(
        doc(
            decide(
                "A",
                decide("B", decide("C", leaf(1, 2, 6), leaf(4, 2, 3))),
                {"type": "chance", "children": [leaf(1, 1, 1, probability=1)]},
            )
        )
    )
    assert tree.players == ("A", "B", "C")
    assert tree.root.type is NodeType.PLAYER
    assert tree.root.children[0].children[0].player == 2
    assert tree.root.children[0].children[0].children[1].values == (4, 2, 3)
    assert tree.root.children[1].type is NodeType.CHANCE


def test_type_player_may_be_given() -> None:
    tree = load_tree(doc({"type": "player", "player": "B", "children": [leaf(1, 2, 3)]}))
    assert tree.root.player == 1


def test_a_constant_sum_is_kept_and_written() -> None:
    tree = load_tree(doc(decide("A", leaf(1, 2, 3), leaf(0, 0, 6)), constant_sum=6))
    assert tree.constant_sum == 6
    assert tree_to_dict(tree)["constant_sum"] == 6


def test_a_two_player_version_2_file_is_the_version_1_tree_it_says() -> None:
    two = load_tree(
        doc(
            decide("Me", decide("You", leaf(3, -3), leaf(-1, 1)), leaf(2, -2), eval=[1, -1]),
            players=["Me", "You"],
        )
    )
    one = load_tree(
        json.dumps(
            {
                "format": "gamesearch-tree",
                "version": 1,
                "name": "t",
                "root": {
                    "type": "max",
                    "eval": 1,
                    "children": [
                        {"type": "min", "children": [{"value": 3}, {"value": -1}]},
                        {"value": 2},
                    ],
                },
            }
        )
    )
    assert two.players == ()
    assert same_tree(two, one)
    assert tree_to_dict(two)["version"] == 1


BAD: list[tuple[str, str, str | None, str]] = [
    (
        "unknown-player",
        doc(decide("A", decide("D", leaf(1, 2, 3)))),
        "0",
        'unknown "player" "D" (players: "A", "B", "C")',
    ),
    (
        "values-too-short",
        doc(decide("A", leaf(1, 2, 3), leaf(1, 2))),
        "1",
        '"values" must be a list of 3 numbers, one per player, not 2 of them',
    ),
    (
        "values-not-a-list",
        doc(decide("A", leaf(1, 2, 3), {"values": 4})),
        "1",
        '"values" must be a list of 3 numbers, one per player, not a number',
    ),
    (
        "values-not-numbers",
        doc(decide("A", leaf(1, "2", 3))),
        "0",
        '"values" must be a number, not a string',
    ),
    (
        "decision-without-player",
        doc(decide("A", {"children": [leaf(1, 2, 3)]})),
        "0",
        'a node with "children" needs a "player" (one of "A", "B", "C") or "type": "chance"',
    ),
    (
        "type-player-without-player",
        doc({"type": "player", "children": [leaf(1, 2, 3)]}),
        "",
        'a player node needs a "player" (one of "A", "B", "C")',
    ),
    (
        "duplicate-players",
        doc(decide("A", leaf(1, 2, 3)), players=["A", "B", "A"]),
        None,
        '"players" must be a list of two or more distinct names: "A" is given twice',
    ),
    (
        "one-player",
        doc(decide("A", leaf(1)), players=["A"]),
        None,
        '"players" must be a list of two or more distinct names; this one has only "A"',
    ),
    (
        "no-players",
        doc(decide("A", leaf(1)), players=[]),
        None,
        '"players" must be a list of two or more distinct names; this one is empty',
    ),
    (
        "players-not-names",
        doc(decide("A", leaf(1, 2)), players=["A", 2]),
        None,
        '"players" must be a list of two or more distinct names: 2 is not a name',
    ),
    (
        "max-in-a-tree-of-players",
        doc({"type": "max", "children": [leaf(1, 2, 3)]}),
        "",
        'a tree of players has no "max" or "min" nodes',
    ),
    (
        "type-a-list",  # found by the CLI fuzzer (seed 34): a TypeError, status 70, before
        doc(decide("A", {"type": [1, 2, 6]})),
        "0",
        'unknown "type" [1, 2, 6] (expected "player", "chance" or "leaf")',
    ),
    (
        "value-instead-of-values",
        doc(decide("A", {"value": 3})),
        "0",
        'unknown key "value" (did you mean "values"?)',
    ),
    (
        "player-on-a-leaf",
        doc(decide("A", {"player": "B", "values": [1, 2, 3]})),
        "0",
        'a player node cannot have "values" (only leaves do',
    ),
    (
        "player-on-chance",
        doc({"type": "chance", "player": "A", "children": [leaf(1, 2, 3, probability=1)]}),
        "",
        'a chance node has no "player": nobody decides there',
    ),
    (
        "eval-not-a-list",
        doc(decide("A", leaf(1, 2, 3), eval=2)),
        "",
        '"eval" must be a list of 3 numbers, one per player, not a number',
    ),
    (
        "off-the-constant-sum",
        doc(decide("A", leaf(1, 2, 3), leaf(1, 1, 1)), constant_sum=6),
        "1",
        'the "values" add up to 3, not the "constant_sum" 6',
    ),
    (
        "two-players-not-zero-sum",
        doc(decide("A", leaf(1, 0)), players=["A", "B"]),
        "0",
        '"values" must be [v, -v], not [1, 0]',
    ),
    (
        "players-in-version-1",
        doc(decide("A", leaf(1, 2, 3)), version=1),
        None,
        'unknown key "players"',
    ),
    (
        "player-without-players",
        doc(decide("A", leaf(1, 2, 3)), players=None),
        "",
        '"player" belongs to a tree of players, but the file names none: a tree of players '
        'is "version": 2 with the players\' names at the top, such as "players": ["A", "B", "C"]',
    ),
    (
        "values-without-players",
        doc({"type": "max", "children": [leaf(1, 2, 3)]}, players=None),
        "0",
        '"values" belongs to a tree of players, but the file names none',
    ),
    (
        "constant-sum-without-players",
        doc({"type": "max", "children": [{"value": 1}]}, players=None, constant_sum=0),
        None,
        'unknown key "constant_sum"',
    ),
    (
        "outside-the-bounds",
        doc(decide("A", leaf(1, 2, 30)), value_bounds=[0, 10]),
        "0",
        '"values" 30 lies outside "value_bounds" [0, 10]',
    ),
]


@pytest.mark.parametrize(("text", "path", "rule"), [b[1:] for b in BAD], ids=[b[0] for b in BAD])
def test_bad_version_2_files_are_refused_naming_the_node_and_the_rule(
    text: str, path: str | None, rule: str
) -> None:
    with pytest.raises(TreeFileError) as caught:
        load_tree(text)
    assert caught.value.path == path
    assert rule in str(caught.value)


def test_a_tree_of_two_named_players_cannot_be_built() -> None:
    tree = load_tree(doc(decide("A", leaf(1, 2, 3))))
    with pytest.raises(ValueError, match="leave its players empty"):
        CustomTree(tree.name, tree.root, None, ("A", "B"))
