"""A drawn tree as a recording, so the search view's canvas can show it before any search.

The recording is synthetic: every node entered in depth-first order, each leaf valued
with its utility, each inner node with its eval (drawn as an estimate) or NaN (no value
yet, drawn empty). Its nodes are numbered in pre-order, the same order as
``CustomTree.nodes()``, so ``paths[n]`` is recording node ``n``'s tree path.

A tree of n players is drawn as its search records it: a decision of the root's player
as MAX, of any other player as MIN (the view colours and letters each by its player),
and each leaf's values (an inner node's evals) as its vector, the scalar value being the
root player's component.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from gamesearch_gui.core.recording.depth_first import SearchRecording
from gamesearch_gui.core.recording.events import NodeEntered
from gamesearch_gui.core.recording.events import NodeKind
from gamesearch_gui.core.recording.events import NodeValued
from gamesearch_gui.core.recording.events import NodeValues
from gamesearch_gui.core.recording.events import Valuation
from gamesearch_gui.core.trees.tree import CustomTree
from gamesearch_gui.core.trees.tree import NodeType
from gamesearch_gui.core.trees.tree import Path
from gamesearch_gui.core.trees.tree import TreeGame
from gamesearch_gui.core.trees.tree import TreeNode
from gamesearch_gui.core.trees.tree import gc_paused

_KIND = {
    NodeType.MAX: NodeKind.MAX,
    NodeType.MIN: NodeKind.MIN,
    NodeType.CHANCE: NodeKind.CHANCE,
    NodeType.LEAF: NodeKind.TERMINAL,
}


#: How many nodes are drawn between two calls of a drawing's ``progress``.
PROGRESS_NODES = 8192


class Drawing:
    """The recording that draws ``tree``, and the mapping between its nodes and paths.

    ``progress(done)``, if given, is called every ``PROGRESS_NODES`` nodes with the
    share drawn so far (a job off the GUI thread reports, or stops, there).
    """

    def __init__(self, tree: CustomTree, progress: Callable[[float], None] | None = None) -> None:
        self.tree = tree
        self.recording = SearchRecording(TreeGame(tree), node_cap=None)
        self.paths: list[Path] = []
        self.index: dict[Path, int] = {}
        #: The nodes' labels, by recording node (those that have one).
        self.labels: dict[int, str] = {}
        self._progress = progress
        #: The root player's index in a tree of n players (whose component is the scalar).
        self._me = tree.root.player or 0
        with gc_paused():  # a million nodes: collections would only walk them again and again
            self._add(tree.root, None, 0)

    def _add(self, node: TreeNode, parent: int | None, depth: int) -> None:
        n = len(self.paths)
        if self._progress is not None and n % PROGRESS_NODES == 0:
            self._progress(n / self.tree.node_count)
        self.paths.append(node.path)
        self.index[node.path] = n
        if node.label:
            self.labels[n] = node.label
        inf = math.inf
        self.recording(
            NodeEntered(
                n,
                parent,
                node.path[-1] if node.path else None,
                depth,
                self._kind(node),
                -inf,
                inf,
                node,
                node.probability,
            )
        )
        for child in node.children:
            self._add(child, n, depth + 1)
        if self.tree.players:
            self._add_vector(n, node)
            return
        if node.type is NodeType.LEAF:
            value, how = (
                float(node.value if node.value is not None else math.nan),
                Valuation.TERMINAL,
            )
        elif node.eval is not None:
            value, how = float(node.eval), Valuation.EVALUATION
        else:
            value, how = math.nan, Valuation.BACKED_UP
        self.recording(NodeValued(n, value, how, -inf, inf))

    def _kind(self, node: TreeNode) -> NodeKind:
        if node.type is NodeType.PLAYER:
            return NodeKind.MAX if node.player == self._me else NodeKind.MIN
        return _KIND[node.type]

    def _add_vector(self, n: int, node: TreeNode) -> None:
        """Node ``n`` of a tree of n players valued: its values, evals, or nothing yet."""
        inf = math.inf
        vector = node.values if node.type is NodeType.LEAF else node.evals
        if vector is None:
            self.recording(NodeValued(n, math.nan, Valuation.BACKED_UP, -inf, inf))
            return
        floats = tuple(float(v) for v in vector)
        how = Valuation.TERMINAL if node.type is NodeType.LEAF else Valuation.EVALUATION
        self.recording(NodeValues(n, floats, None))
        self.recording(NodeValued(n, floats[self._me], how, -inf, inf))
