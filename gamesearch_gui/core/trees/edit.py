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

A tree of n players (``CustomTree.players``, file version 2) is edited by the same
functions: its decision nodes are ``PLAYER`` nodes (:func:`set_player` says whose), its
leaves hold one value per player (:func:`set_values`; a new leaf's are all 0, or share
the declared ``constant_sum`` evenly), and :func:`set_players` renames, adds or removes
players, or turns a tree of MAX and MIN into one of players.

Paths are child indices from the root (``()`` is the root), as in
:mod:`gamesearch_gui.core.trees.tree`.
"""

from __future__ import annotations

import dataclasses
import math
import sys
from collections.abc import Sequence

from gamesearch_gui.core.game import GameError
from gamesearch_gui.core.trees.file import PROBABILITY_TOLERANCE
from gamesearch_gui.core.trees.file import show
from gamesearch_gui.core.trees.file import text_problem
from gamesearch_gui.core.trees.random_tree import closing_probabilities
from gamesearch_gui.core.trees.tree import MAX_DEPTH
from gamesearch_gui.core.trees.tree import MAX_NODES
from gamesearch_gui.core.trees.tree import CustomTree
from gamesearch_gui.core.trees.tree import NodeType
from gamesearch_gui.core.trees.tree import Number
from gamesearch_gui.core.trees.tree import Path
from gamesearch_gui.core.trees.tree import TreeNode
from gamesearch_gui.core.trees.tree import leaf
from gamesearch_gui.core.trees.tree import path_text
from gamesearch_gui.core.trees.tree import rebuild

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
    "player_in_turn",
    "probability_problems",
    "set_eval",
    "set_evals",
    "set_kind",
    "set_label",
    "set_move",
    "set_name",
    "set_player",
    "set_players",
    "set_probability",
    "set_value",
    "set_value_bounds",
    "set_values",
    "vector_sums",
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


def _new_leaf(tree: CustomTree, probability: float | None = None) -> TreeNode:
    """A new leaf for ``tree``: valued as :func:`new_leaf_value` says, or, in a tree of
    n players, with the vector :func:`new_leaf_values` gives."""
    if not tree.players:
        return leaf(new_leaf_value(tree), probability=probability)
    return TreeNode(NodeType.LEAF, (), None, None, probability, values=new_leaf_values(tree))


def new_leaf_values(tree: CustomTree) -> tuple[Number, ...]:
    """The vector a new leaf of a tree of n players gets: 0 for each player, or the
    declared ``constant_sum`` shared evenly (so the sum still holds)."""
    n = len(tree.players)
    total = tree.constant_sum
    share = 0 if total is None else _number(total / n, "a share of the constant sum")
    return (share,) * n


def _leaf_from(tree: CustomTree, node: TreeNode) -> TreeNode:
    """``node`` turned into a leaf: its value its eval (or evals) if it has one, else a
    new leaf's; its probability, label and move kept."""
    if not tree.players:
        return _as_leaf(node, node.eval if node.eval is not None else new_leaf_value(tree))
    values = node.evals if node.evals is not None else new_leaf_values(tree)
    return TreeNode(
        NodeType.LEAF, (), None, None, node.probability, node.label, node.move, values=values
    )


def _grown(
    tree: CustomTree, path: Path, node: TreeNode, kind: NodeType, player: int | None = None
) -> TreeNode:
    """Leaf ``node`` at ``path`` made a ``kind`` node (of ``player``) over one child: a
    leaf with its value (probability 1 under a chance node)."""
    probability = 1.0 if kind is NodeType.CHANCE else None
    if tree.players:
        child = TreeNode(
            NodeType.LEAF,
            (),
            None,
            None,
            probability,
            values=node.values if node.values is not None else new_leaf_values(tree),
        )
    else:
        value = node.value if node.value is not None else new_leaf_value(tree)
        child = leaf(value, probability=probability)
    return TreeNode(
        kind, (child,), None, None, node.probability, node.label, node.move, player=player
    )


def _next_player(tree: CustomTree, path: Path) -> int:
    """Who decides at a leaf of a tree of n players that gets children: the player after
    the nearest decision above (chance nodes looked through), the first at the root."""
    ancestors = [tree.root]
    for i in path[:-1]:
        ancestors.append(ancestors[-1].children[i])
    for node in reversed(ancestors if path else []):
        if node.player is not None:
            return (node.player + 1) % len(tree.players)
    return 0


def player_in_turn(tree: CustomTree, path: Sequence[int], step: int = 1) -> int:
    """Whose decision the node at ``path`` of a tree of n players becomes when a person
    steps through the players (the editor's P and Shift+P): a decision of player ``i``
    goes to ``i + step`` (round the table); a chance node or a leaf to the player in turn
    there, the one after the nearest decision above (the first at the root)."""
    path = _path(path)
    node = _node(tree, path)
    if not tree.players:
        raise EditError(f"{_where(path)}: a tree of MAX and MIN has no players to choose from")
    if node.type is NodeType.PLAYER and node.player is not None:
        return (node.player + step) % len(tree.players)
    return _next_player(tree, path)


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
    return dataclasses.replace(tree, name=name)


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
        return dataclasses.replace(tree, value_bounds=None)
    if isinstance(bounds, str | bytes) or len(bounds) != 2:
        raise EditError(f"value bounds are two numbers, lowest and highest, not {show(bounds)}")
    lo = _number(bounds[0], "the lowest value of the value bounds")
    hi = _number(bounds[1], "the highest value of the value bounds")
    if not lo < hi:
        raise EditError(f"the lowest value {show(lo)} must be below the highest value {show(hi)}")
    if tree.value_bounds == (lo, hi):
        return tree
    return dataclasses.replace(tree, value_bounds=(lo, hi))


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
        if tree.players:
            grown = _grown(tree, path, node, NodeType.PLAYER, _next_player(tree, path))
        else:
            grown = _grown(tree, path, node, _new_inner_type(tree, path))
        return tree.replace_at(path, grown), (*path, 0)
    n = len(node.children) + 1
    probability = 1 / n if node.type is NodeType.CHANCE else None
    child = _new_leaf(tree, probability)
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
    kids.insert(index, _new_leaf(tree, probability))
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
        return tree.replace_at(parent_path, _leaf_from(tree, parent)), parent_path
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
    if tree.players and kind in (NodeType.MAX, NodeType.MIN):
        raise EditError(
            f"{_where(path)}: a tree of players ({', '.join(tree.players)}) has no MAX or "
            "MIN nodes: choose whose decision it is"
        )
    if kind is NodeType.PLAYER:
        if not tree.players:
            raise EditError(
                f"{_where(path)}: a tree of MAX and MIN has no players' nodes: give the tree "
                "three players or more first"
            )
        return set_player(tree, path, 0)
    if kind is NodeType.LEAF:
        return tree.replace_at(path, _leaf_from(tree, node))
    if node.type is NodeType.LEAF:
        _check_room(tree, len(path) + 1)
        return tree.replace_at(path, _grown(tree, path, node, kind))
    children = node.children
    if kind is NodeType.CHANCE:
        children = _uniform(children)
    elif node.type is NodeType.CHANCE:
        children = tuple(dataclasses.replace(c, probability=None) for c in children)
    return tree.replace_at(
        path, dataclasses.replace(node, type=kind, children=children, player=None)
    )


def set_player(tree: CustomTree, path: Sequence[int], player: int) -> CustomTree:
    """Make the node at ``path`` of a tree of n players a decision of ``player`` (an
    index into ``players``): a leaf gets one child with its values; a chance node's
    children lose their probabilities."""
    path = _path(path)
    node = _node(tree, path)
    players = tree.players
    if not players:
        raise EditError(f"{_where(path)}: a tree of MAX and MIN has no players to choose from")
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < len(players):
        raise EditError(f"{_where(path)}: no player {show(player)} (players: {', '.join(players)})")
    if node.type is NodeType.PLAYER and node.player == player:
        return tree
    if node.type is NodeType.LEAF:
        _check_room(tree, len(path) + 1)
        return tree.replace_at(path, _grown(tree, path, node, NodeType.PLAYER, player))
    children = node.children
    if node.type is NodeType.CHANCE:
        children = tuple(dataclasses.replace(c, probability=None) for c in children)
    return tree.replace_at(
        path, dataclasses.replace(node, type=NodeType.PLAYER, children=children, player=player)
    )


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
    if tree.players:
        raise EditError(
            f"{_where(path)}: a leaf of this tree has one value for each player "
            f"({', '.join(tree.players)}): give them all"
        )
    number = _finite(value, "a value", path)
    _within_bounds(tree, number, "the value", path)
    return tree.replace_at(path, dataclasses.replace(node, value=number))


def _vector(
    tree: CustomTree, values: Sequence[object], what: str, path: Path
) -> tuple[Number, ...]:
    """``values`` as one finite number per player of ``tree``, within its bounds and
    adding up to its declared constant sum; EditError naming what is wrong otherwise."""
    players = tree.players
    if isinstance(values, str | bytes) or not isinstance(values, Sequence):
        raise EditError(f"{_where(path)}: {what} are a list of numbers, not {show(values)}")
    if len(values) != len(players):
        raise EditError(
            f"{_where(path)}: give {len(players)} numbers, one for each player "
            f"({', '.join(players)}), not {len(values)}"
        )
    vector = tuple(
        _finite(v, f"{name}'s value", path) for v, name in zip(values, players, strict=True)
    )
    for number, name in zip(vector, players, strict=True):
        _within_bounds(tree, number, f"{name}'s value", path)
    total = tree.constant_sum
    if total is not None and not math.isclose(math.fsum(vector), total, rel_tol=1e-9, abs_tol=1e-9):
        raise EditError(
            f"{_where(path)}: the values add up to {show(_number(math.fsum(vector), 'the sum'))}, "
            f"but every vector of this tree adds up to {show(total)} (its constant sum)"
        )
    return vector


def set_values(tree: CustomTree, path: Sequence[int], values: Sequence[float]) -> CustomTree:
    """Set a leaf's values in a tree of n players: one finite number per player (within
    the declared bounds, adding up to the declared constant sum)."""
    path = _path(path)
    node = _node(tree, path)
    if not tree.players:
        raise EditError(f"{_where(path)}: a tree of MAX and MIN has one value per leaf")
    if node.type is not NodeType.LEAF:
        raise EditError(
            f"{_where(path)} is {_kind_name(node)}: only a leaf has values "
            "(an inner node's estimates for a depth cutoff are its evals)"
        )
    vector = _vector(tree, values, "values", path)
    return tree.replace_at(path, dataclasses.replace(node, values=vector))


def set_evals(tree: CustomTree, path: Sequence[int], values: Sequence[float] | None) -> CustomTree:
    """Set (or, with None, clear) an inner node's evals in a tree of n players: the
    vector a depth cutoff uses there."""
    path = _path(path)
    node = _node(tree, path)
    if not tree.players:
        raise EditError(f"{_where(path)}: a tree of MAX and MIN has one eval per node")
    if node.type is NodeType.LEAF:
        raise EditError(
            f"{_where(path)} is a leaf: its values are exact, so it has no evals "
            "(only inner nodes do)"
        )
    vector = None if values is None else _vector(tree, values, "evals", path)
    return tree.replace_at(path, dataclasses.replace(node, evals=vector))


def vector_sums(tree: CustomTree) -> tuple[float, float] | None:
    """The smallest and largest sum of a vector (leaf values and evals) of a tree of n
    players: equal when its utilities add up to a constant. None for a tree of two."""
    if not tree.players:
        return None
    lo = hi = None
    for node in tree.nodes():
        vector = node.values if node.type is NodeType.LEAF else node.evals
        if vector is not None:
            total = math.fsum(vector)
            lo = total if lo is None or total < lo else lo
            hi = total if hi is None or total > hi else hi
    return None if lo is None or hi is None else (lo, hi)


def set_players(tree: CustomTree, names: Sequence[str]) -> CustomTree:
    """Name the tree's players (three or more, distinct): the same number renames them;
    more adds players at the end (each vector gets 0 for them, so a constant sum holds);
    fewer removes players from the end, if no node is theirs. A tree of MAX and MIN
    becomes one of players: MAX is the first, MIN the second, a value ``v`` the vector
    ``(v, -v, 0, ...)``; it declares no constant sum (its vectors may be changed to
    anything; :func:`vector_sums` says whether they still add up to one)."""
    cleaned = [_player_name(name) for name in names]
    if len(cleaned) < 3:
        raise EditError(
            "a tree of players has three or more (a tree of two players is a tree of MAX "
            f"and MIN), not {len(cleaned)}"
        )
    twice = sorted({name for name in cleaned if cleaned.count(name) > 1})
    if twice:
        raise EditError(f"each player needs a name of their own: {', '.join(twice)} is there twice")
    new = tuple(cleaned)
    old = tree.players
    if new == old:
        return tree
    n = len(new)
    if not old:
        # The old bounds held MAX's values only: the vectors hold their negations too.
        return CustomTree(tree.name, _players_from_two(tree.root, n), None, new)
    if n < len(old):
        gone = set(range(n, len(old)))
        owner = next((node for node in tree.nodes() if node.player in gone), None)
        if owner is not None:
            name = old[owner.player or 0]
            raise EditError(
                f"{_where(owner.path)} is {name}'s decision: give it to another player "
                f"before removing {name}"
            )

    def resize(vector: tuple[Number, ...] | None) -> tuple[Number, ...] | None:
        if vector is None:
            return None
        return (vector + (0,) * n)[:n]

    root = rebuild(
        tree.root,
        change=lambda node: dataclasses.replace(
            node, children=(), values=resize(node.values), evals=resize(node.evals)
        ),
    )
    total = tree.constant_sum if n >= len(old) else None
    return CustomTree(tree.name, root, tree.value_bounds, new, total)


def _player_name(name: object) -> str:
    if not isinstance(name, str) or not name.strip():
        raise EditError(f"a player's name is text that is not empty, not {show(name)}")
    problem = text_problem(name)
    if problem is not None:
        raise EditError(f"the player's name {problem}")
    return name.strip()


def _players_from_two(root: TreeNode, n: int) -> TreeNode:
    """A tree of MAX and MIN as one of ``n`` players: MAX the first, MIN the second."""
    rest = (0,) * (n - 2)

    def change(node: TreeNode) -> TreeNode:
        kind, player = node.type, None
        if kind in (NodeType.MAX, NodeType.MIN):
            kind, player = NodeType.PLAYER, 0 if kind is NodeType.MAX else 1
        values = None if node.value is None else (node.value, -node.value, *rest)
        evals = None if node.eval is None else (node.eval, -node.eval, *rest)
        return TreeNode(
            kind,
            (),
            None,
            None,
            node.probability,
            node.label,
            node.move,
            player=player,
            values=values,
            evals=evals,
        )

    return rebuild(root, change=change)


def set_eval(tree: CustomTree, path: Sequence[int], value: float | None) -> CustomTree:
    """Set (or, with None, clear) an inner node's ``eval``, the estimate a depth cutoff uses."""
    path = _path(path)
    node = _node(tree, path)
    if node.type is NodeType.LEAF:
        raise EditError(
            f"{_where(path)} is a leaf: its value is exact, so it has no eval (only inner nodes do)"
        )
    if tree.players:
        raise EditError(
            f"{_where(path)}: an eval of this tree has one number for each player "
            f"({', '.join(tree.players)}): give them all"
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
