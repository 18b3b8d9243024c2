"""Reading and writing custom tree files: format version 1 and the nested-list shorthand."""

from __future__ import annotations

import contextlib
import errno
import io
import json
import os
import sys
import threading
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamesearch_gui.core.game import GameError
from gamesearch_gui.core.trees import file as treefile
from gamesearch_gui.core.trees.file import CHECK_EVERY
from gamesearch_gui.core.trees.file import TreeFileError
from gamesearch_gui.core.trees.file import build_tree
from gamesearch_gui.core.trees.file import check_tree
from gamesearch_gui.core.trees.file import default_tree_name
from gamesearch_gui.core.trees.file import dump_tree
from gamesearch_gui.core.trees.file import load_tree
from gamesearch_gui.core.trees.file import load_tree_file
from gamesearch_gui.core.trees.file import save_tree_file
from gamesearch_gui.core.trees.file import tree_from_dict
from gamesearch_gui.core.trees.file import tree_from_json
from gamesearch_gui.core.trees.file import tree_from_nested
from gamesearch_gui.core.trees.file import tree_to_dict
from gamesearch_gui.core.trees.file import tree_to_nested
from gamesearch_gui.core.trees.tree import MAX_DEPTH
from gamesearch_gui.core.trees.tree import CustomTree
from gamesearch_gui.core.trees.tree import NodeType
from gamesearch_gui.core.trees.tree import TreeNode
from gamesearch_gui.core.trees.tree import inner
from gamesearch_gui.core.trees.tree import leaf
from gamesearch_gui.core.trees.tree import same_tree
from tests.core.tree_strategies import trees
from tests.properties import examples

FIGURE_5_2 = """
{"format": "gamesearch-tree", "version": 1, "name": "Figure 5.2",
 "root": {"type": "max", "label": "A", "children": [
   {"type": "min", "label": "B", "move": "a1",
    "children": [{"value": 3}, {"value": 12}, {"value": 8}]},
   {"type": "min", "label": "C", "children": [{"value": 2}, {"value": 4}, {"value": 6}]},
   {"type": "min", "label": "D", "children": [{"value": 14}, {"value": 5}, {"value": 2}]}]}}
"""


def doc(root: object, **top: object) -> str:
    """A format-1 file around ``root``."""
    return json.dumps({"format": "gamesearch-tree", "version": 1, **top, "root": root})


def maxnode(*children: object, **fields: object) -> dict[str, object]:
    return {"type": "max", **fields, "children": list(children)}


def chance(*children: object) -> dict[str, object]:
    return {"type": "chance", "children": list(children)}


def value(v: object, **fields: object) -> dict[str, object]:
    return {"value": v, **fields}


# Loading ------------------------------------------------------------------------------------


def test_the_design_example_loads() -> None:
    tree = load_tree(FIGURE_5_2)
    assert tree.name == "Figure 5.2"
    assert tree.value_bounds is None
    root = tree.root
    assert (root.type, root.label, len(root.children)) == (NodeType.MAX, "A", 3)
    b = root.children[0]
    assert (b.type, b.label, b.move) == (NodeType.MIN, "B", "a1")
    assert [c.value for c in b.children] == [3, 12, 8]
    assert all(c.type is NodeType.LEAF for c in b.children)
    assert tree.node_at((2, 2)).path == (2, 2)


def test_the_shorthand_is_figure_5_2_without_labels() -> None:
    short = load_tree("[[3,12,8],[2,4,6],[14,5,2]]", name="short")
    assert short.name == "short"
    full = load_tree(FIGURE_5_2)
    assert [n.type for n in short.nodes()] == [n.type for n in full.nodes()]
    assert [n.value for n in short.nodes()] == [n.value for n in full.nodes()]


def test_shorthand_levels_alternate_and_may_be_ragged() -> None:
    tree = load_tree("[1, [2, [3, [4]]], 5.5]")
    assert tree.root.type is NodeType.MAX
    assert tree.node_at((1,)).type is NodeType.MIN
    assert tree.node_at((1, 1)).type is NodeType.MAX
    assert tree.node_at((1, 1, 1)).type is NodeType.MIN
    assert tree.node_at((1, 1, 1, 0)).value == 4
    assert tree.node_at((2,)).value == 5.5
    assert tree.height == 4


def test_full_featured_file_loads() -> None:
    text = doc(
        maxnode(
            {
                "type": "chance",
                "label": "roll",
                "move": "go",
                "eval": 2.5,
                "children": [
                    value(1, probability=0.25, label="low"),
                    {"type": "min", "probability": 0.75, "children": [value(4), value(3)]},
                ],
            },
            value(-2, move="stay"),
            eval=1,
        ),
        name="full",
        value_bounds=[-5, 5],
    )
    tree = load_tree(text)
    assert tree.value_bounds == (-5, 5)
    assert tree.has_chance
    roll = tree.node_at((0,))
    assert (roll.label, roll.move, roll.eval) == ("roll", "go", 2.5)
    assert [c.probability for c in roll.children] == [0.25, 0.75]
    assert tree.root.eval == 1
    assert tree.node_at((1,)).move == "stay"


def test_an_explicit_leaf_type_is_allowed() -> None:
    tree = load_tree(doc(maxnode({"type": "leaf", "value": 3})))
    assert tree.node_at((0,)).type is NodeType.LEAF


def test_probabilities_may_be_off_by_rounding() -> None:
    thirds = [value(i, probability=0.333333333333) for i in range(2)]
    thirds.append(value(2, probability=0.333333333334))
    assert load_tree(doc(chance(*thirds))).has_chance


def test_name_comes_from_the_file_else_the_caller_else_a_default() -> None:
    assert load_tree(doc(value(1), name="inside"), name="given").name == "inside"
    assert load_tree(doc(value(1)), name="given").name == "given"
    assert load_tree(doc(value(1))).name == treefile.DEFAULT_NAME


def test_a_lone_leaf_is_a_tree() -> None:
    tree = load_tree(doc(value(7)))
    assert tree.root.type is NodeType.LEAF
    assert tree_to_nested(tree) is None


# Malformed input: every rule, with the node path and the rule in the message ---------------

DEEP_CHAIN: dict[str, Any] = value(1)
for _ in range(MAX_DEPTH + 1):
    DEEP_CHAIN = maxnode(DEEP_CHAIN)
DEEP_PATH = ".".join(["0"] * (MAX_DEPTH + 1))

MALFORMED: list[tuple[str, str, str | None, str]] = [
    # (id, text, path, a part of the rule)
    (
        "not-json",
        '{"format": "gamesearch-tree",\n\n "version": 1 "root": {}}',
        None,
        "not JSON (line 3, column 15: Expecting ',' delimiter)",
    ),
    ("empty-text", "", None, "not JSON (line 1, column 1"),
    ("top-level-string", '"tree"', None, "the top level must be a JSON object"),
    ("top-level-number", "3", None, "not a number"),
    ("missing-format", '{"version": 1, "root": {"value": 1}}', None, 'missing "format"'),
    (
        "wrong-format",
        '{"format": "gtree", "version": 1, "root": {"value": 1}}',
        None,
        '"format" must be "gamesearch-tree", not "gtree"',
    ),
    (
        "missing-version",
        '{"format": "gamesearch-tree", "root": {"value": 1}}',
        None,
        'missing "version" (supported versions: 1, 2)',
    ),
    (
        "wrong-version",
        doc(value(1)).replace('"version": 1', '"version": 3'),
        None,
        'unsupported "version" 3 (supported versions: 1, 2)',
    ),
    (
        "version-as-text",
        doc(value(1)).replace('"version": 1', '"version": "1"'),
        None,
        'unsupported "version" "1"',
    ),
    (
        "version-true",
        doc(value(1)).replace('"version": 1', '"version": true'),
        None,
        'unsupported "version" true',
    ),
    ("missing-root", '{"format": "gamesearch-tree", "version": 1}', None, 'missing "root"'),
    ("root-not-object", doc([1, 2]), "", "a node must be a JSON object, not a list"),
    ("unknown-top-key", doc(value(1), nmae="x"), None, 'unknown key "nmae" (did you mean "name"?)'),
    ("name-not-string", doc(value(1), name=5), None, '"name" must be a string, not a number'),
    (
        "unknown-type",
        doc(maxnode(value(1), {"type": "maxx", "children": [value(1)]})),
        "1",
        'unknown "type" "maxx" (expected "max", "min", "chance" or "leaf")',
    ),
    ("type-not-string", doc({"type": 1, "value": 1}), "", 'unknown "type" 1'),
    (
        "node-not-object",
        doc(maxnode(value(1), maxnode(value(2), "leaf"))),
        "1.1",
        "a node must be a JSON object, not a string",
    ),
    ("node-a-bare-number", doc(maxnode(3)), "0", "a node must be a JSON object, not a number"),
    ("leaf-without-value", doc(maxnode(value(1), {"label": "x"})), "1", 'a leaf needs a "value"'),
    ("value-a-string", doc(maxnode(value("3"))), "0", '"value" must be a number, not a string'),
    (
        "value-a-boolean",
        doc(maxnode(value(1), value(True))),
        "1",
        '"value" must be a number, not a boolean',
    ),
    ("value-null", doc(maxnode(value(None))), "0", '"value" must be a number, not null'),
    (
        "value-nan",
        doc(maxnode(value(1), maxnode(value(float("nan"))))),
        "1.0",
        '"value" must be a finite number, not NaN',
    ),
    (
        "value-infinity",
        doc(maxnode(value(float("inf")))),
        "0",
        '"value" must be a finite number, not Infinity',
    ),
    (
        "value-minus-infinity",
        doc(maxnode(value(float("-inf")))),
        "0",
        '"value" must be a finite number, not -Infinity',
    ),
    (
        "value-overflows-to-infinity",
        doc(maxnode(value(1))).replace('"value": 1', '"value": 1e999'),
        "0",
        '"value" must be a finite number, not Infinity',
    ),
    (
        "value-huge-integer",
        doc(maxnode(value(10**400))),
        "0",
        '"value" must be a finite number, not one this large',
    ),
    (
        "inner-without-children",
        doc(maxnode(value(1), {"type": "min"})),
        "1",
        'a min node needs a non-empty "children"',
    ),
    (
        "inner-with-empty-children",
        doc(maxnode(value(1), chance())),
        "1",
        'a chance node needs a non-empty "children"',
    ),
    (
        "children-not-list",
        doc({"type": "max", "children": {"0": value(1)}}),
        "",
        '"children" must be a list, not an object',
    ),
    (
        "leaf-with-children",
        doc(maxnode({"type": "leaf", "value": 1, "children": []})),
        "0",
        'a leaf cannot have "children"',
    ),
    (
        "children-without-type",
        doc(maxnode(maxnode({"children": [value(1)]}))),
        "0.0",
        'a node with "children" needs a "type"',
    ),
    ("inner-with-value", doc(maxnode(value(1), value=3)), "", 'a max node cannot have a "value"'),
    (
        "chance-child-without-probability",
        doc(maxnode(value(0), chance(value(1), value(2)))),
        "1.0",
        'a chance node\'s children need a "probability" in (0, 1]',
    ),
    (
        "probability-zero",
        doc(chance(value(1, probability=0), value(2, probability=1))),
        "0",
        'a chance node\'s children need a "probability" in (0, 1], not 0',
    ),
    (
        "probability-above-one",
        doc(chance(value(1, probability=1.5))),
        "0",
        'a chance node\'s children need a "probability" in (0, 1], not 1.5',
    ),
    (
        "probability-negative",
        doc(chance(value(1, probability=-0.5), value(2, probability=1.5))),
        "0",
        "in (0, 1], not -0.5",
    ),
    (
        "probability-a-string",
        doc(chance(value(1, probability="1"))),
        "0",
        "in (0, 1], not a string",
    ),
    ("probability-nan", doc(chance(value(1, probability=float("nan")))), "0", "in (0, 1], not NaN"),
    (
        "probabilities-sum-low",
        doc(
            maxnode(
                value(0), value(0), chance(value(1, probability=0.5), value(2, probability=0.4))
            )
        ),
        "2",
        "the probabilities of a chance node's children must sum to 1, not 0.9",
    ),
    (
        "probabilities-sum-high",
        doc(chance(value(1, probability=0.6), value(2, probability=0.6))),
        "",
        "must sum to 1, not 1.2",
    ),
    (
        "probability-under-max",
        doc(maxnode(value(1, probability=1))),
        "0",
        '"probability" is only allowed on a child of a chance node',
    ),
    (
        "probability-on-root",
        doc(value(1, probability=1)),
        "",
        '"probability" is only allowed on a child of a chance node',
    ),
    ("eval-on-leaf", doc(maxnode(value(1, eval=2))), "0", 'a leaf cannot have an "eval"'),
    (
        "eval-a-string",
        doc(maxnode(value(1), eval="high")),
        "",
        '"eval" must be a number, not a string',
    ),
    (
        "eval-nan",
        doc(maxnode(maxnode(value(1), eval=float("nan")))),
        "0",
        '"eval" must be a finite number, not NaN',
    ),
    (
        "label-not-string",
        doc(maxnode(value(1, label=3))),
        "0",
        '"label" must be a string, not a number',
    ),
    (
        "move-not-string",
        doc(maxnode(value(1, move=["a"]))),
        "0",
        '"move" must be a string, not a list',
    ),
    ("move-on-root", doc(maxnode(value(1), move="a")), "", 'cannot have a "move"'),
    (
        "unknown-node-key",
        doc(maxnode(maxnode(value(1)), {"type": "min", "chidren": []})),
        "1",
        'unknown key "chidren" (did you mean "children"?)',
    ),
    (
        "unknown-node-key-far-off",
        doc(maxnode(value(1, colour="red"))),
        "0",
        'unknown key "colour" (allowed: "type"',
    ),
    (
        "duplicate-key",
        doc(maxnode(value(1))).replace('{"value": 1}', '{"value": 1, "value": 2}'),
        "0",
        'the key "value" is given twice',
    ),
    (
        "bounds-not-a-list",
        doc(value(1), value_bounds=5),
        None,
        '"value_bounds" must be [lo, hi]: two finite numbers with lo <= hi, not 5',
    ),
    (
        "bounds-three-numbers",
        doc(value(1), value_bounds=[0, 1, 2]),
        None,
        '"value_bounds" must be [lo, hi]',
    ),
    (
        "bounds-reversed",
        doc(value(1), value_bounds=[10, 0]),
        None,
        "two finite numbers with lo <= hi, not [10, 0]",
    ),
    ("bounds-infinite", doc(value(1), value_bounds=[0, float("inf")]), None, "not [0, Infinity]"),
    ("bounds-boolean", doc(value(1), value_bounds=[False, 1]), None, "not [false, 1]"),
    (
        "value-outside-bounds",
        doc(maxnode(value(1), value(15)), value_bounds=[0, 10]),
        "1",
        '"value" 15 lies outside "value_bounds" [0, 10]',
    ),
    (
        "eval-outside-bounds",
        doc(maxnode(value(1), eval=-1), value_bounds=[0, 10]),
        "",
        '"eval" -1 lies outside "value_bounds" [0, 10]',
    ),
    (
        "too-deep",
        json.dumps({"format": "gamesearch-tree", "version": 1, "root": DEEP_CHAIN}),
        DEEP_PATH,
        "the tree is deeper than 200 levels",
    ),
    (
        "absurdly-nested",
        '{"format": "gamesearch-tree", "version": 1, "root": '
        + '{"type": "max", "children": [' * 5000,
        None,
        "the tree is nested too deeply",
    ),
    # The shorthand
    ("shorthand-empty", "[]", "", "an empty list is not a node"),
    ("shorthand-empty-inner", "[[3, 12], [2, []]]", "1.1", "an empty list is not a node"),
    (
        "shorthand-string",
        '[[3, 12], [2, "4"]]',
        "1.1",
        "a shorthand entry must be a number or a list, not a string",
    ),
    (
        "shorthand-object",
        '[[3, {"value": 4}]]',
        "0.1",
        "a shorthand entry must be a number or a list, not an object",
    ),
    ("shorthand-boolean", "[true]", "0", "a shorthand entry must be a number or a list, not a"),
    ("shorthand-null", "[1, null]", "1", "not null"),
    ("shorthand-nan", "[1, [NaN]]", "1.0", '"value" must be a finite number, not NaN'),
    (
        "shorthand-too-deep",
        "[" * (MAX_DEPTH + 1) + "1" + "]" * (MAX_DEPTH + 1),
        DEEP_PATH,
        "the tree is deeper than 200 levels",
    ),
    ("shorthand-absurdly-nested", "[" * 100_000 + "]" * 100_000, None, "nested too deeply"),
    # Text that no UTF-8 file can hold: JSON may escape a lone surrogate, a tree may not.
    (
        "label-lone-surrogate",
        doc(maxnode(value(1), maxnode(value(2), value(3), value(4, label="a\udfff")))),
        "1.2",
        '"label" holds a character that is not text (a lone surrogate \\udfff)',
    ),
    (
        "move-lone-surrogate",
        doc(maxnode(value(1, move="\ud800"))),
        "0",
        '"move" holds a character that is not text (a lone surrogate \\ud800)',
    ),
    (
        "name-lone-surrogate",
        doc(value(1), name="\udc80 tree"),
        None,
        '"name" holds a character that is not text (a lone surrogate \\udc80)',
    ),
    (
        "shorthand-surrogate-pair-split",
        doc(value(1, label="\ud83d\ude00"[::-1])),
        "",
        '"label" holds a character that is not text (a lone surrogate \\ude00)',
    ),
]


@pytest.mark.parametrize(
    ("text", "path", "rule"), [case[1:] for case in MALFORMED], ids=[c[0] for c in MALFORMED]
)
def test_malformed_input_is_refused_naming_the_node_and_the_rule(
    text: str, path: str | None, rule: str
) -> None:
    with pytest.raises(TreeFileError) as caught:
        load_tree(text)
    error = caught.value
    assert isinstance(error, GameError)
    assert error.path == path
    where = "file" if path is None else ("root" if path == "" else f"node {path}")
    assert str(error).startswith(f"{where}: ")
    assert rule in str(error)
    assert rule in f"{where}: {error.rule}"


def test_a_surrogate_pair_that_json_joins_is_one_character_and_loads() -> None:
    tree = load_tree(doc(value(1, label="\U0001f600")))
    assert tree.root.label == "\U0001f600"
    assert '"label": "\\ud83d\\ude00"' in doc(value(1, label="\U0001f600"))  # as JSON escapes it
    assert same_tree(load_tree(dump_tree(tree)), tree)


def test_messages_quote_a_short_escaped_excerpt_of_what_the_user_wrote() -> None:
    key = "k" * 10_000
    with pytest.raises(TreeFileError) as caught:
        load_tree(doc(maxnode(value(1, **{key: 1}))))
    message = str(caught.value)
    assert len(message) < 200, len(message)
    assert message.startswith('node 0: unknown key "kkkkkkkk') and "…" in message
    hostile = "\x1b]0;owned\x07\x1b[2J\r\u2028\x7f\x9b\ud800"
    for text in (
        doc(maxnode(value(1, **{hostile: 1}))),
        doc(maxnode(value(1)), format=hostile),
        doc({"type": hostile, "children": [value(1)]}),
        doc(maxnode(value(1))).replace(
            "1}", f"1, {json.dumps(hostile)}: 1, {json.dumps(hostile)}: 2}}"
        ),
    ):
        with pytest.raises(TreeFileError) as caught:
            load_tree(text)
        message = str(caught.value)
        assert message.isprintable(), message
        assert "\\x1b]0;owned\\x07\\x1b[2J" in message


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        ("max", '"max"'),
        ("a\x1bb", '"a\\x1bb"'),
        ("\x07\r\n\t", '"\\x07\\x0d\\x0a\\x09"'),
        ("\x7f\x9b", '"\\x7f\\x9b"'),
        ("\u2028\u202e", '"\\u2028\\u202e"'),
        ("\udfff", '"\\udfff"'),
        ("\U000e0001", '"\\U000e0001"'),
        ('say "hi" \\', '"say \\"hi\\" \\\\"'),
        ("café ✓", '"café ✓"'),
        ("x" * 40, '"' + "x" * 40 + '"'),
        ("x" * 41, '"' + "x" * 40 + '…"'),
        ("\x1b" * 100, '"' + "\\x1b" * 10 + '…"'),
        (float("nan"), "NaN"),
        (float("inf"), "Infinity"),
        (3, "3"),
        (True, "true"),
        (None, "null"),
        ([0, 1], "[0, 1]"),
        (list(range(10_000)), "[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 1…"),
        (["\x1b"], '["\\u001b"]'),
        (["\x7f"], '["\\x7f"]'),
        ({"a": 1}, '{"a": 1}'),
        pytest.param(10**5000, "a number", id="huge-int"),
        pytest.param(object(), "a object", id="not-json"),
    ],
)
def test_show(value: object, shown: str) -> None:
    assert treefile.show(value) == shown
    assert len(treefile.show(value)) <= treefile.QUOTE_LIMIT + 3


def test_printable_escapes_only_what_is_not_printable() -> None:
    assert treefile.printable("Figure 5.2 — café") == "Figure 5.2 — café"
    assert treefile.printable("a\x1b]0;t\x07b\u2028\udfff") == "a\\x1b]0;t\\x07b\\u2028\\udfff"
    assert treefile.printable("C:\\trees") == "C:\\trees"  # plain text keeps backslashes


def test_text_problem() -> None:
    assert treefile.text_problem("Figure 5.2") is None
    assert treefile.text_problem("café \U0001f600") is None
    assert treefile.text_problem("") is None
    assert treefile.text_problem("ok \udfff \ud800") == (
        "holds a character that is not text (a lone surrogate \\udfff)"
    )


def test_there_are_plenty_of_malformed_cases() -> None:
    assert len({case[0] for case in MALFORMED}) == len(MALFORMED) >= 20


def test_the_deepest_allowed_tree_loads() -> None:
    node: dict[str, Any] = value(1)
    for _ in range(MAX_DEPTH):
        node = maxnode(node)
    tree = load_tree(doc(node))
    assert tree.height == MAX_DEPTH
    assert load_tree("[" * MAX_DEPTH + "1" + "]" * MAX_DEPTH).height == MAX_DEPTH
    assert same_tree(load_tree(dump_tree(tree)), tree)


def test_too_many_nodes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(treefile, "MAX_NODES", 10)
    with pytest.raises(TreeFileError, match=r"^file: the tree has more than 10 nodes"):
        load_tree(json.dumps([[1, 2, 3], [4, 5, 6], [7, 8, 9]]))
    with pytest.raises(TreeFileError, match=r"^file: the tree has more than 10 nodes"):
        load_tree(doc(maxnode(*[value(i) for i in range(10)])))
    assert load_tree(doc(maxnode(*[value(i) for i in range(9)]))).node_count == 10


# Files --------------------------------------------------------------------------------------


def test_load_tree_file_names_the_tree_after_the_file(tmp_path: Path) -> None:
    path = tmp_path / "my-tree.gtree.json"
    path.write_text("[[1, 2], [3]]", encoding="utf-8")
    assert load_tree_file(path).name == "my-tree"
    path.write_text(doc(value(1), name="Named"), encoding="utf-8")
    assert load_tree_file(str(path)).name == "Named"


def test_default_tree_name() -> None:
    assert default_tree_name("a/b/figure-5-2.gtree.json") == "figure-5-2"
    assert default_tree_name("x.json") == "x"
    assert default_tree_name("Tree.GTREE.JSON") == "Tree"
    assert default_tree_name("plain") == "plain"


def test_a_file_may_start_with_a_byte_order_mark(tmp_path: Path) -> None:
    path = tmp_path / "bom.gtree.json"
    path.write_bytes(b"\xef\xbb\xbf" + FIGURE_5_2.encode("utf-8"))
    assert load_tree_file(path).name == "Figure 5.2"


def test_text_that_is_not_utf8_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "latin1.gtree.json"
    path.write_bytes('{"format": "gamesearch-tree", "name": "café"}'.encode("latin-1"))
    with pytest.raises(TreeFileError, match=r"^file: not UTF-8 text \(byte \d+") as caught:
        load_tree_file(path)
    assert caught.value.path is None


@pytest.mark.parametrize(
    ("data", "offset"),
    [
        (b"[1, \xff]", 4),
        (b"\xef\xbb\xbf[1, \xff]", 7),  # the offset counts the byte order mark
        (b'["caf\xc3"]', 5),
        (b"\xef\xbb", 0),  # a byte order mark cut short
        (b"[1, 2]\xed\xa0\x80", 6),  # a surrogate encoded in UTF-8 is no UTF-8
    ],
)
def test_undecodable_bytes_are_refused_with_their_offset(data: bytes, offset: int) -> None:
    with pytest.raises(TreeFileError, match=rf"^file: not UTF-8 text \(byte {offset} cannot"):
        treefile.load_tree_bytes(data)


def test_bytes_and_streams_read_as_a_file_reads(tmp_path: Path) -> None:
    data = b"\xef\xbb\xbf" + FIGURE_5_2.encode("utf-8")
    path = tmp_path / "figure.gtree.json"
    path.write_bytes(data)
    from_file = load_tree_file(path)
    assert same_tree(from_file, treefile.load_tree_bytes(data))
    assert same_tree(from_file, treefile.load_tree_stream(io.BytesIO(data)))
    assert treefile.load_tree_bytes(b"[[1, 2]]", "given").name == "given"
    assert treefile.load_tree_bytes(b"[[1, 2]]").name == treefile.DEFAULT_NAME


class _CountingStream(io.RawIOBase):
    """An endless stream of spaces that counts what was read from it."""

    def __init__(self) -> None:
        self.given = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        n = len(buffer)
        buffer[:n] = b" " * n
        self.given += n
        return n


def test_reading_stops_one_byte_past_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(treefile, "MAX_FILE_BYTES", 1000)
    endless = _CountingStream()
    with pytest.raises(
        TreeFileError, match=r"^file: larger than 1,000 bytes, the limit for a tree file$"
    ):
        treefile.read_tree_bytes(endless)  # type: ignore[arg-type]
    assert endless.given == 1001
    assert treefile.read_tree_bytes(io.BytesIO(b"[1]" + b" " * 997)) == b"[1]" + b" " * 997
    with pytest.raises(TreeFileError, match="larger than 1,000 bytes"):
        treefile.read_tree_bytes(io.BytesIO(b" " * 1001))
    with pytest.raises(TreeFileError, match="larger than 1,000 bytes"):
        treefile.load_tree_bytes(b" " * 1001)


def test_the_size_limit_holds_for_dev_zero_and_fifos(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(treefile, "MAX_FILE_BYTES", 64 * 1024)
    if os.path.exists("/dev/zero"):
        with pytest.raises(TreeFileError, match="larger than 65,536 bytes"):
            load_tree_file("/dev/zero")
    if not hasattr(os, "mkfifo"):
        return
    fifo = tmp_path / "endless.gtree.json"
    os.mkfifo(fifo)

    def write_forever() -> None:
        with contextlib.suppress(BrokenPipeError), open(fifo, "wb") as f:
            while True:
                f.write(b"[" * 4096)

    writer = threading.Thread(target=write_forever, daemon=True)
    writer.start()
    with pytest.raises(TreeFileError, match="larger than 65,536 bytes"):
        load_tree_file(fifo)
    writer.join()  # the reader closed its end, so the writer's next write fails


def test_the_size_limit_admits_a_file_of_max_nodes() -> None:
    # dump_tree writes a labelled 2,000,000-node tree in about 211 MiB (docs/search.md).
    assert treefile.MAX_FILE_BYTES == 256 * 2**20
    assert treefile.MAX_FILE_BYTES > 211 * 2**20


def test_a_file_name_with_a_nul_character_is_an_os_error() -> None:
    with pytest.raises(OSError, match="embedded null byte") as caught:
        load_tree_file("tree\0.gtree.json")
    assert caught.value.errno == errno.EINVAL
    assert caught.value.filename == "tree\0.gtree.json"


def test_a_file_name_that_is_not_utf8_names_the_tree_in_text(tmp_path: Path) -> None:
    assert default_tree_name("caf\udce9.gtree.json") == "caf\ufffd"
    if os.name != "posix" or sys.platform == "darwin":
        return  # macOS and Windows file names are always text
    raw = os.path.join(os.fsencode(tmp_path), b"caf\xe9.gtree.json")
    with open(raw, "wb") as f:
        f.write(b"[[1, 2]]")
    tree = load_tree_file(os.fsdecode(raw))
    assert tree.name == "caf\ufffd"
    assert same_tree(load_tree(dump_tree(tree)), tree)


def test_a_missing_file_is_an_os_error(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        load_tree_file(tmp_path / "nothing.gtree.json")


def test_a_name_no_file_can_have_is_an_os_error_too(tmp_path: Path) -> None:
    # Typed into the new-exercise dialog's file field, a NUL once escaped as ValueError.
    with pytest.raises(OSError, match="not a file name") as caught:
        load_tree_file(str(tmp_path / "a\x00b.gtree.json"))
    assert caught.value.filename.endswith("a\x00b.gtree.json")


def test_save_and_load_again(tmp_path: Path) -> None:
    tree = load_tree(FIGURE_5_2)
    path = tmp_path / "fig.gtree.json"
    save_tree_file(tree, path)
    assert same_tree(load_tree_file(path), tree)
    assert path.read_text(encoding="utf-8") == dump_tree(tree)
    assert [p.name for p in tmp_path.iterdir()] == ["fig.gtree.json"]


def test_a_failed_save_leaves_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "keep.gtree.json"
    path.write_text("old", encoding="utf-8")

    def broken_replace(*args: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError, match="disk full"):
        save_tree_file(load_tree(FIGURE_5_2), path)
    assert path.read_text(encoding="utf-8") == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["keep.gtree.json"]


def test_an_invalid_tree_is_not_saved(tmp_path: Path) -> None:
    path = tmp_path / "keep.gtree.json"
    path.write_text("old", encoding="utf-8")
    bad = CustomTree("bad", inner(NodeType.CHANCE, [leaf(1, probability=0.5)]))
    with pytest.raises(TreeFileError, match="must sum to 1"):
        save_tree_file(bad, path)
    assert path.read_text(encoding="utf-8") == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["keep.gtree.json"]


@pytest.mark.skipif(os.name != "posix", reason="file modes are POSIX")
def test_save_keeps_the_old_files_mode(tmp_path: Path) -> None:
    path = tmp_path / "shared.gtree.json"
    path.write_text("old", encoding="utf-8")
    path.chmod(0o664)
    save_tree_file(load_tree(FIGURE_5_2), path)
    assert path.stat().st_mode & 0o777 == 0o664


# Writing ------------------------------------------------------------------------------------


def test_dump_writes_keys_in_the_design_order_and_keeps_ints() -> None:
    text = dump_tree(load_tree(FIGURE_5_2))
    assert text.index('"format"') < text.index('"version"') < text.index('"name"')
    assert text.index('"name"') < text.index('"root"')
    assert '{"type": "min", "label": "B", "move": "a1", "children": [' in text
    assert '{"value": 3}' in text and "3.0" not in text
    full = load_tree(
        doc(
            maxnode(chance(value(1.5, probability=1, label="x", move="m")), eval=2),
            value_bounds=[0, 2],
        )
    )
    dumped = dump_tree(full)
    assert '"value_bounds": [0, 2]' in dumped
    assert '{"label": "x", "move": "m", "probability": 1, "value": 1.5}' in dumped
    assert '{"type": "max", "eval": 2, "children": [' in dumped
    assert dumped.index('"value_bounds"') < dumped.index('"root"')


def test_dump_keeps_lines_short_and_text_readable() -> None:
    wide = build_tree([[i for i in range(40)], [1]], name="Ünïcode ✓")
    text = dump_tree(wide)
    assert max(len(line) for line in text.splitlines()) <= 100
    assert "Ünïcode ✓" in text
    assert text.endswith("}\n")
    assert same_tree(load_tree(text), wide)


def test_ints_stay_ints_and_floats_stay_floats() -> None:
    tree = load_tree(doc(maxnode(value(3), value(3.0), value(-0.5), eval=1.0)))
    again = load_tree(dump_tree(tree))
    kinds = [type(n.value) for n in again.root.children]
    assert kinds == [int, float, float]
    assert type(again.root.eval) is float


def test_dumping_a_tree_built_in_code_checks_it() -> None:
    too_deep: TreeNode = leaf(1)
    for _ in range(MAX_DEPTH + 1):
        too_deep = inner(NodeType.MAX, [too_deep])
    with pytest.raises(TreeFileError, match="deeper than 200"):
        dump_tree(CustomTree("deep", too_deep))
    with pytest.raises(TreeFileError, match=r"^node 0: a leaf needs a \"value\""):
        check_tree(CustomTree("odd", inner(NodeType.MAX, [TreeNode(NodeType.LEAF)])))


def test_tree_to_dict_is_the_document() -> None:
    tree = load_tree(FIGURE_5_2)
    d = tree_to_dict(tree)
    assert list(d) == ["format", "version", "name", "root"]
    assert d["root"]["children"][0] == {
        "type": "min",
        "label": "B",
        "move": "a1",
        "children": [{"value": 3}, {"value": 12}, {"value": 8}],
    }
    assert same_tree(tree_from_dict(d), tree)
    assert d == json.loads(dump_tree(tree))


def test_shorthand_round_trip() -> None:
    nested = [[3, 12, 8], [2, [4, 5], 6], 14]
    tree = tree_from_nested(nested)
    assert tree_to_nested(tree) == nested
    assert tree_to_nested(load_tree(json.dumps(nested))) == nested


@pytest.mark.parametrize(
    "text",
    [
        doc(maxnode(chance(value(1, probability=1)))),
        doc(maxnode(value(1, label="x"))),
        doc(maxnode(value(1, move="x"))),
        doc(maxnode(maxnode(value(1)), eval=1)),
        doc(maxnode(maxnode(value(1)))),  # MAX under MAX does not alternate
        doc({"type": "min", "children": [value(1)]}),  # the shorthand's root is MAX
        doc(maxnode(value(1)), value_bounds=[0, 1]),
        doc(value(1)),
    ],
)
def test_trees_the_shorthand_cannot_say(text: str) -> None:
    assert tree_to_nested(load_tree(text)) is None


def test_build_tree_takes_a_root_dict_or_a_nested_list() -> None:
    a = build_tree(maxnode(value(1), value(2)), name="a", value_bounds=(0, 5))
    assert (a.name, a.value_bounds, a.node_count) == ("a", (0, 5), 3)
    b = build_tree([1, 2], name="b")
    assert same_tree(a.root, b.root)
    with pytest.raises(TreeFileError, match=r"^node 1: a leaf needs"):
        build_tree(maxnode(value(1), {}))
    with pytest.raises(ValueError, match="cannot declare value_bounds"):
        build_tree([1, 2], value_bounds=(0, 5))


def test_tree_from_json_accepts_python_tuples_and_refuses_other_values() -> None:
    assert tree_from_json(((1, 2), (3,))).height == 2
    with pytest.raises(TreeFileError, match=r"^file: the top level must be"):
        tree_from_json(None)
    with pytest.raises(TreeFileError, match=r"^file: a tree document must be a JSON object"):
        tree_from_dict([1])  # type: ignore[arg-type]
    with pytest.raises(TreeFileError, match=r"^file: the shorthand is a nested list"):
        tree_from_nested(3)  # type: ignore[arg-type]


# Properties ---------------------------------------------------------------------------------


@examples(300)
@given(trees(max_depth=5, chance=True, evals=True))
def test_every_tree_survives_a_round_trip(tree: CustomTree) -> None:
    text = dump_tree(tree)
    again = load_tree(text)
    assert same_tree(again, tree)
    assert dump_tree(again) == text
    assert same_tree(tree_from_dict(tree_to_dict(tree)), tree)


@examples(300)
@given(trees(max_depth=5))
def test_alternating_trees_survive_the_shorthand(tree: CustomTree) -> None:
    nested = tree_to_nested(tree)
    alternates = all(
        n.type is NodeType.LEAF
        or n.type is (NodeType.MAX if len(n.path) % 2 == 0 else NodeType.MIN)
        for n in tree.nodes()
    )
    assert (nested is not None) == alternates
    if nested is not None:
        assert same_tree(tree_from_nested(nested, tree.name), tree)


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-5, 5)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.sampled_from(["max", "min", "chance", "leaf", "gamesearch-tree", "x"]),
    lambda inside: (
        st.lists(inside, max_size=4)
        | st.dictionaries(
            st.sampled_from(
                [
                    "format",
                    "version",
                    "root",
                    "name",
                    "value_bounds",
                    "type",
                    "value",
                    "eval",
                    "probability",
                    "label",
                    "move",
                    "children",
                    "other",
                ]
            ),
            inside,
            max_size=5,
        )
    ),
    max_leaves=20,
)


@examples(500)
@given(JSON)
def test_any_json_either_loads_or_is_refused_with_a_tree_file_error(obj: object) -> None:
    for candidate in (obj, {"format": "gamesearch-tree", "version": 1, "root": obj}):
        try:
            tree = load_tree(json.dumps(candidate))
        except TreeFileError as e:
            assert str(e).startswith(("file: ", "root: ", "node "))
        else:
            check_tree(tree)


class _Stop(Exception):
    pass


@pytest.mark.parametrize("form", ["file", "nested"])
def test_a_check_is_called_while_a_big_tree_is_read_and_can_stop_it(
    tmp_path: Path, form: str
) -> None:
    """Opening a big file in the window can be cancelled mid-parse, not only after."""
    leaves = [[i, i + 1] for i in range(CHECK_EVERY * 2)]
    text = json.dumps(leaves) if form == "nested" else dump_tree(build_tree(leaves))
    path = tmp_path / "big.gtree.json"
    path.write_text(text, encoding="utf-8")
    calls: list[int] = []
    tree = load_tree_file(path, check=lambda: calls.append(1))
    assert tree.node_count == 1 + CHECK_EVERY * 2 * 3
    assert len(calls) >= 4  # while parsing (objects), reading and building (nodes)

    def stop_on_the_third() -> None:
        calls.append(1)
        if len(calls) == 3:
            raise _Stop

    calls.clear()
    with pytest.raises(_Stop):
        load_tree_file(path, check=stop_on_the_third)
    assert len(calls) == 3
