"""Edits of a custom tree for the tree editor: pure functions, each returning a new tree.

Trees are immutable, so every edit returns a new :class:`CustomTree` (with the same name
and ``value_bounds``) and leaves its argument alone: an undo stack is a list of trees.
Every node of the result carries its true path (``CustomTree.replace_at`` re-paths what
moved). An edit that cannot be made raises :class:`EditError`, whose message names the
node and the reason, ready for a status bar; no edit fails silently or half-happens.

Validity while editing: an edit of a tree that passes ``check_tree`` gives a tree that
passes it too, with two exceptions on purpose. A chance node's probabilities may stop
summing to 1: adding, inserting or deleting a chance node's child leaves its siblings'
probabilities alone (the new child gets ``1/n``), and ``set_probability`` changes one
at a time; :func:`probability_problems` lists such chance nodes for the editor's
warning until the user fixes them (``make_uniform`` does it in one step). And
:func:`set_value_bounds` may declare bounds that leave out some values (the person may
narrow the bounds first and the values next); ``CustomTree.outside_bounds`` lists those.
Saving goes through ``dump_tree``, which refuses such a tree with a message naming the
node.

New leaves are valued 0, or the nearest declared bound when 0 lies outside the tree's
``value_bounds``, so that no edit puts a value outside them.

Paths are child indices from the root (``()`` is the root), as in
:mod:`gamesearch_gui.core.tree`.
"""

from __future__ import annotations

import dataclasses
import math
import sys
from collections.abc import Sequence

from gamesearch_gui.core.game import GameError
from gamesearch_gui.core.randomtree import closing_probabilities
from gamesearch_gui.core.tree import (
    MAX_DEPTH,
    MAX_NODES,
    CustomTree,
    NodeType,
    Number,
    Path,
    TreeNode,
    leaf,
    path_text,
)
from gamesearch_gui.core.treefile import PROBABILITY_TOLERANCE, show, text_problem

__all__ = [
    "DIRECTIONS",
    "EditError",
    "Path",
    "add_child",
    "delete_subtree",
    "insert_sibling",
    "leaf_paths",
    "make_uniform",
    "neighbour",
    "new_leaf_value",
    "new_tree",
    "next_leaf",
    "probability_problems",
    "set_eval",
    "set_kind",
    "set_label",
    "set_move",
    "set_name",
    "set_probability",
    "set_value",
    "set_value_bounds",
]

#: The directions ``neighbour`` knows.
DIRECTIONS = ("up", "down", "left", "right")

_FLOAT_MAX = sys.float_info.max
#: Floats that are whole numbers up to this size are stored as ints (files read ``3``,
#: not ``3.0``); past it a float is no longer exact, so it stays a float.
_EXACT_INTS = 2**53


class EditError(GameError):
    """An edit that cannot be made; the message names the node and says why."""


# Helpers ----------------------------------------------------------------------------------


def _where(path: Path) -> str:
    """The node at ``path`` in words: ``the root`` or ``node 1.2``."""
    return f"node {path_text(path)}" if path else "the root"


def _path(path: Sequence[int]) -> Path:
    """``path`` as a tuple of ints; EditError for anything else."""
    if isinstance(path, str | bytes):
        raise EditError(f"a node path is a sequence of child indices, not {show(path)}")
    out = tuple(path)
    for i in out:
        if isinstance(i, bool) or not isinstance(i, int):
            raise EditError(f"a node path holds child indices, not {show(i)}")
    return out


def _node(tree: CustomTree, path: Path) -> TreeNode:
    """The node at ``path``; EditError naming the path if there is none."""
    node = tree.root
    for i in path:
        if not 0 <= i < len(node.children):
            raise EditError(f"node {path_text(path)} does not exist")
        node = node.children[i]
    return node


def _kind_name(node: TreeNode) -> str:
    return "a leaf" if node.type is NodeType.LEAF else f"a {node.type.value} node"


def _finite(value: object, what: str, path: Path) -> Number:
    """``value`` as a finite number (whole floats as ints); EditError otherwise."""
    return _number(value, f"{_where(path)}: {what}")


def _number(value: object, subject: str) -> Number:
    """``value`` as a finite number (whole floats as ints); EditError saying
    "``subject`` must be a finite number" otherwise."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise EditError(f"{subject} must be a number, not {show(value)}")
    if isinstance(value, float):
        if not math.isfinite(value):
            raise EditError(f"{subject} must be a finite number, not {value}")
        if value.is_integer() and abs(value) <= _EXACT_INTS:
            return int(value)
        return value
    if abs(value) > _FLOAT_MAX:
        raise EditError(f"{subject} must be a finite number, not one this large")
    return value


def _within_bounds(tree: CustomTree, value: Number, what: str, path: Path) -> None:
    bounds = tree.value_bounds
    if bounds is not None and not bounds[0] <= value <= bounds[1]:
        raise EditError(
            f"{_where(path)}: {what} {show(value)} lies outside the tree's value bounds "
            f"[{show(bounds[0])}, {show(bounds[1])}]"
        )


def new_leaf_value(tree: CustomTree) -> Number:
    """The value a new leaf gets: 0, or the nearest declared bound if 0 lies outside them."""
    bounds = tree.value_bounds
    if bounds is None:
        return 0
    lo, hi = bounds
    if lo > 0:
        return lo
    if hi < 0:
        return hi
    return 0


def _check_room(tree: CustomTree, new_depth: int, added: int = 1) -> None:
    """EditError if adding ``added`` nodes, the deepest at ``new_depth``, breaks a limit."""
    if new_depth > MAX_DEPTH:
        raise EditError(f"the tree would be deeper than {MAX_DEPTH} levels (the limit)")
    if tree.node_count + added > MAX_NODES:
        raise EditError(f"the tree would have more than {MAX_NODES:,} nodes (the limit)")


def _new_inner_type(tree: CustomTree, path: Path) -> NodeType:
    """What a leaf at ``path`` becomes when it gets children: the opposite of the mover above.

    The nearest MAX or MIN ancestor decides (chance nodes are looked through, so play
    alternates MAX, chance, MIN, chance, ...); with none above, MAX.
    """
    if not path:
        return NodeType.MAX
    ancestors = [tree.root]
    for i in path[:-1]:
        ancestors.append(ancestors[-1].children[i])
    for node in reversed(ancestors):
        if node.type is NodeType.MAX:
            return NodeType.MIN
        if node.type is NodeType.MIN:
            return NodeType.MAX
    return NodeType.MAX


def _as_leaf(node: TreeNode, value: Number) -> TreeNode:
    """``node`` turned into a leaf valued ``value``; its probability, label and move kept."""
    return TreeNode(NodeType.LEAF, (), value, None, node.probability, node.label, node.move)


def _uniform(children: Sequence[TreeNode]) -> tuple[TreeNode, ...]:
    probabilities = closing_probabilities([1] * len(children))
    return tuple(
        dataclasses.replace(c, probability=p) for c, p in zip(children, probabilities, strict=True)
    )


# Creating ---------------------------------------------------------------------------------


def new_tree(name: str = "untitled") -> CustomTree:
    """A new tree: a MAX root over one leaf valued 0.

    A MAX root alone would be no valid tree (an inner node needs children), and a lone
    leaf has no move to make; one child is the smallest tree that is both valid and a game.
    """
    return CustomTree(_name(name), TreeNode(NodeType.MAX, (leaf(0),)))


def set_name(tree: CustomTree, name: str) -> CustomTree:
    """The tree under another name: text that a file can hold (EditError otherwise)."""
    name = _name(name)
    if name == tree.name:
        return tree
    return CustomTree(name, tree.root, tree.value_bounds)


def _name(name: object) -> str:
    if not isinstance(name, str):
        raise EditError(f"a tree's name is text, not {show(name)}")
    problem = text_problem(name)
    if problem is not None:
        raise EditError(f"the tree's name {problem}")
    return name


def set_value_bounds(
    tree: CustomTree, bounds: tuple[float, float] | Sequence[float] | None
) -> CustomTree:
    """Declare the bounds ``(lo, hi)`` that every leaf value and eval lies within (Star1
    prunes chance nodes by them), or with None go back to inferring them from the values.

    Both finite, ``lo < hi`` (whole floats stored as ints); EditError otherwise. Bounds
    that leave out a value are allowed while editing, as probabilities that do not sum
    to 1 are: ``CustomTree.outside_bounds`` lists those nodes until they are fixed, and
    saving and Star1 refuse the tree meanwhile.
    """
    if bounds is None:
        if tree.value_bounds is None:
            return tree
        return CustomTree(tree.name, tree.root, None)
    if isinstance(bounds, str | bytes) or len(bounds) != 2:
        raise EditError(f"value bounds are two numbers, lowest and highest, not {show(bounds)}")
    lo = _number(bounds[0], "the lowest value of the value bounds")
    hi = _number(bounds[1], "the highest value of the value bounds")
    if not lo < hi:
        raise EditError(f"the lowest value {show(lo)} must be below the highest value {show(hi)}")
    if tree.value_bounds == (lo, hi):
        return tree
    return CustomTree(tree.name, tree.root, (lo, hi))


# Structure --------------------------------------------------------------------------------


def add_child(tree: CustomTree, path: Sequence[int]) -> tuple[CustomTree, Path]:
    """Append a new leaf under the node at ``path``; returns the new tree and its path.

    The new leaf is valued 0 (see :func:`new_leaf_value`). Under a chance node it gets
    probability ``1/n`` (``n`` counting it) and its siblings keep theirs, so the sum is
    off until the user makes it right. A leaf at ``path`` first becomes an inner node
    whose one child is the new leaf carrying the old leaf's value (as
    ``set_kind(..., MAX)`` would): MIN below a MAX, MAX below a MIN, looking through
    chance nodes to the nearest MAX or MIN above, and MAX at the root.
    """
    path = _path(path)
    node = _node(tree, path)
    _check_room(tree, len(path) + 1)
    if node.type is NodeType.LEAF:
        value = node.value if node.value is not None else new_leaf_value(tree)
        kind = _new_inner_type(tree, path)
        grown = TreeNode(kind, (leaf(value),), None, None, node.probability, node.label, node.move)
        return tree.replace_at(path, grown), (*path, 0)
    n = len(node.children) + 1
    probability = 1 / n if node.type is NodeType.CHANCE else None
    child = leaf(new_leaf_value(tree), probability=probability)
    grown = dataclasses.replace(node, children=(*node.children, child))
    return tree.replace_at(path, grown), (*path, n - 1)


def insert_sibling(
    tree: CustomTree, path: Sequence[int], *, after: bool = True
) -> tuple[CustomTree, Path]:
    """Insert a new leaf (value 0) just after (or before) the node at ``path``.

    Returns the new tree and the new leaf's path. Under a chance node the new leaf gets
    probability ``1/n`` and its siblings keep theirs. EditError at the root.
    """
    path = _path(path)
    _node(tree, path)
    if not path:
        raise EditError("the root has no siblings: add a child instead")
    _check_room(tree, len(path))
    parent_path = path[:-1]
    parent = _node(tree, parent_path)
    index = path[-1] + 1 if after else path[-1]
    n = len(parent.children) + 1
    probability = 1 / n if parent.type is NodeType.CHANCE else None
    kids = list(parent.children)
    kids.insert(index, leaf(new_leaf_value(tree), probability=probability))
    grown = dataclasses.replace(parent, children=tuple(kids))
    return tree.replace_at(parent_path, grown), (*parent_path, index)


def delete_subtree(tree: CustomTree, path: Sequence[int]) -> tuple[CustomTree, Path]:
    """Remove the node at ``path`` and everything below it.

    Returns the new tree and the path to select next: the previous sibling, else the
    next one (now at the same index), else the parent. Deleting a node's last child
    turns that node into a leaf valued at its ``eval`` if it has one, else 0 (an inner
    node needs children). Under a chance node the siblings keep their probabilities.
    EditError at the root.
    """
    path = _path(path)
    _node(tree, path)
    if not path:
        raise EditError("the root cannot be deleted: start a new tree instead")
    parent_path = path[:-1]
    parent = _node(tree, parent_path)
    i = path[-1]
    kids = parent.children[:i] + parent.children[i + 1 :]
    if not kids:
        value = parent.eval if parent.eval is not None else new_leaf_value(tree)
        return tree.replace_at(parent_path, _as_leaf(parent, value)), parent_path
    shrunk = dataclasses.replace(parent, children=kids)
    select = (*parent_path, i - 1) if i > 0 else (*parent_path, 0)
    return tree.replace_at(parent_path, shrunk), select


def set_kind(tree: CustomTree, path: Sequence[int], kind: NodeType) -> CustomTree:
    """Make the node at ``path`` a MAX, MIN, chance node or leaf.

    * inner to leaf: the children go; the leaf's value is the node's ``eval``, else 0;
    * leaf to inner: one child, a leaf with the old value (probability 1 under chance);
    * between MAX, MIN and chance the children stay: to chance they get uniform
      probabilities, from chance their probabilities are dropped.

    The same kind again returns ``tree`` itself.
    """
    path = _path(path)
    node = _node(tree, path)
    try:
        kind = NodeType(kind)
    except ValueError:
        names = ", ".join(t.value for t in NodeType)
        raise EditError(f"unknown node kind {show(kind)} (one of: {names})") from None
    if kind is node.type:
        return tree
    if kind is NodeType.LEAF:
        value = node.eval if node.eval is not None else new_leaf_value(tree)
        return tree.replace_at(path, _as_leaf(node, value))
    if node.type is NodeType.LEAF:
        _check_room(tree, len(path) + 1)
        value = node.value if node.value is not None else new_leaf_value(tree)
        probability = 1.0 if kind is NodeType.CHANCE else None
        child = leaf(value, probability=probability)
        grown = TreeNode(kind, (child,), None, None, node.probability, node.label, node.move)
        return tree.replace_at(path, grown)
    children = node.children
    if kind is NodeType.CHANCE:
        children = _uniform(children)
    elif node.type is NodeType.CHANCE:
        children = tuple(dataclasses.replace(c, probability=None) for c in children)
    return tree.replace_at(path, dataclasses.replace(node, type=kind, children=children))


# Values -----------------------------------------------------------------------------------


def set_value(tree: CustomTree, path: Sequence[int], value: float) -> CustomTree:
    """Set a leaf's value: a finite number within the tree's ``value_bounds`` if declared.

    Whole numbers are stored as ints, so a saved file reads ``3``, not ``3.0``.
    """
    path = _path(path)
    node = _node(tree, path)
    if node.type is not NodeType.LEAF:
        raise EditError(
            f"{_where(path)} is {_kind_name(node)}: only a leaf has a value "
            "(an inner node's estimate for a depth cutoff is its eval)"
        )
    number = _finite(value, "a value", path)
    _within_bounds(tree, number, "the value", path)
    return tree.replace_at(path, dataclasses.replace(node, value=number))


def set_eval(tree: CustomTree, path: Sequence[int], value: float | None) -> CustomTree:
    """Set (or, with None, clear) an inner node's ``eval``, the estimate a depth cutoff uses."""
    path = _path(path)
    node = _node(tree, path)
    if node.type is NodeType.LEAF:
        raise EditError(
            f"{_where(path)} is a leaf: its value is exact, so it has no eval (only inner nodes do)"
        )
    number: Number | None = None
    if value is not None:
        number = _finite(value, "an eval", path)
        _within_bounds(tree, number, "the eval", path)
    return tree.replace_at(path, dataclasses.replace(node, eval=number))


def set_probability(tree: CustomTree, path: Sequence[int], p: float) -> CustomTree:
    """Set the probability of a chance node's child: a number in (0, 1].

    The siblings keep theirs: see :func:`probability_problems` and :func:`make_uniform`.
    """
    path = _path(path)
    node = _node(tree, path)
    if not path or _node(tree, path[:-1]).type is not NodeType.CHANCE:
        raise EditError(
            f"{_where(path)} is not a chance node's child: only those have a probability"
        )
    if isinstance(p, bool) or not isinstance(p, int | float) or not 0 < p <= 1:
        raise EditError(f"{_where(path)}: a probability must be in (0, 1], not {show(p)}")
    return tree.replace_at(path, dataclasses.replace(node, probability=float(p)))


def make_uniform(tree: CustomTree, path: Sequence[int]) -> CustomTree:
    """Give a chance node's children equal probabilities that sum to exactly 1.

    ``path`` is the chance node, or one of its children (then its parent is meant).
    """
    path = _path(path)
    node = _node(tree, path)
    if node.type is not NodeType.CHANCE:
        if path and _node(tree, path[:-1]).type is NodeType.CHANCE:
            path = path[:-1]
            node = _node(tree, path)
        else:
            raise EditError(f"{_where(path)} is neither a chance node nor a chance node's child")
    return tree.replace_at(path, dataclasses.replace(node, children=_uniform(node.children)))


# Text -------------------------------------------------------------------------------------


def _text(text: str | None, what: str, path: Path) -> str | None:
    """A label or move as stored: None for None or blank text; EditError if not text."""
    if text is None:
        return None
    if not isinstance(text, str):
        raise EditError(f"{_where(path)}: a {what} is text, not {show(text)}")
    problem = text_problem(text)
    if problem is not None:
        raise EditError(f"{_where(path)}: the {what} {problem}")
    return text if text.strip() else None


def set_label(tree: CustomTree, path: Sequence[int], text: str | None) -> CustomTree:
    """Set a node's label; empty (or blank) text or None removes it."""
    path = _path(path)
    node = _node(tree, path)
    return tree.replace_at(path, dataclasses.replace(node, label=_text(text, "label", path)))


def set_move(tree: CustomTree, path: Sequence[int], text: str | None) -> CustomTree:
    """Set the move (the text on the edge from the parent); empty text or None removes it.

    EditError for a move on the root, which has no parent edge.
    """
    path = _path(path)
    node = _node(tree, path)
    move = _text(text, "move", path)
    if not path and move is not None:
        raise EditError("the root has no parent, so it has no move")
    return tree.replace_at(path, dataclasses.replace(node, move=move))


# Checks -----------------------------------------------------------------------------------


def probability_problems(tree: CustomTree) -> list[tuple[Path, str]]:
    """Chance nodes whose children's probabilities are missing or do not sum to 1.

    One entry per such chance node, in drawn order: its path and what is wrong, e.g.
    ``((1,), "probabilities sum to 0.9, not 1")``. Sums within 1e-9 of 1 pass, as in
    the file format.
    """
    problems: list[tuple[Path, str]] = []
    for node in tree.nodes():
        if node.type is not NodeType.CHANCE:
            continue
        missing = [i for i, c in enumerate(node.children) if c.probability is None]
        if missing:
            which = ", ".join(path_text((*node.path, i)) for i in missing)
            noun = "child" if len(missing) == 1 else "children"
            verb = "has" if len(missing) == 1 else "have"
            problems.append((node.path, f"{noun} {which} {verb} no probability"))
            continue
        outside = [
            path_text((*node.path, i))
            for i, c in enumerate(node.children)
            if not 0 < (c.probability or 0.0) <= 1
        ]
        if outside:
            problems.append(
                (node.path, "probabilities must be in (0, 1]: " + ", ".join(outside) + " not")
            )
            continue
        total = math.fsum(c.probability or 0.0 for c in node.children)
        if abs(total - 1) > PROBABILITY_TOLERANCE:
            problems.append((node.path, f"probabilities sum to {total:.12g}, not 1"))
    return problems


# Moving around ----------------------------------------------------------------------------


def leaf_paths(tree: CustomTree) -> list[Path]:
    """The paths of all leaves, in depth-first (drawn, left-to-right) order."""
    return [node.path for node in tree.nodes() if node.type is NodeType.LEAF]


def next_leaf(tree: CustomTree, path: Sequence[int], *, backwards: bool = False) -> Path:
    """The leaf after ``path`` in depth-first order (Tab), or before it (Shift+Tab).

    Wraps around at either end. From an inner node, forwards is its first leaf and
    backwards the last leaf before it. A tree whose only leaf is ``path`` answers ``path``.
    """
    path = _path(path)
    _node(tree, path)
    leaves = leaf_paths(tree)
    # Depth-first pre-order is the lexicographic order of paths (a prefix comes first).
    if backwards:
        before = [p for p in leaves if p < path]
        return before[-1] if before else leaves[-1]
    for p in leaves:
        if p > path:
            return p
    return leaves[0]


def neighbour(tree: CustomTree, path: Sequence[int], direction: str) -> Path:
    """The node next to ``path``, for the arrow keys; ``path`` itself at an edge.

    ``up`` is the parent, ``down`` the first child, ``left`` and ``right`` the previous
    and next node at the same depth in left-to-right order, across parents.
    """
    path = _path(path)
    node = _node(tree, path)
    if direction == "up":
        return path[:-1]
    if direction == "down":
        return (*path, 0) if node.children else path
    if direction not in ("left", "right"):
        raise EditError(f"unknown direction {show(direction)} (one of: {', '.join(DIRECTIONS)})")
    depth = len(path)
    # Walk the levels down to ``depth`` only, left to right.
    level = [tree.root]
    for _ in range(depth):
        level = [child for n in level for child in n.children]
    paths = [n.path for n in level]
    i = paths.index(path)
    if direction == "left":
        return paths[i - 1] if i > 0 else path
    return paths[i + 1] if i + 1 < len(paths) else path
