"""Compare: how much alpha-beta saves over minimax, and how much move order matters.

:func:`compare` solves one tree four times: minimax, then alpha-beta in the drawn order,
with the best ordering (each node's children sorted best for the mover first, by their
true values) and with the worst ordering (worst first). On a tree with chance nodes
the first row is expectiminimax and the other three are Star1. Each row counts nodes
visited, leaves evaluated, cutoffs and pruned subtrees exactly as ``solve --json``
does (``stats.nodes``, ``stats.leaves``, ``stats.cutoffs`` and ``len(pruned)``).

:func:`knuth_moore_bound` gives the fewest leaves alpha-beta can evaluate on a uniform
tree (Knuth and Moore 1975): with the best ordering it evaluates exactly that many when
the leaf values are distinct, and no more when they tie. The worst ordering with
distinct values evaluates every leaf, as minimax does, on trees up to three plies deep;
deeper, bounds inherited from further up (deep cutoffs) still prune a little. Best
ordering is by value, not by size: on a tree whose subtrees differ in size it can
evaluate more leaves than some other order.

A comparison runs four full searches: on a large tree, call it off the GUI thread
(it takes a :class:`~gamesearch_gui.core.search.CancelToken`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from gamesearch_gui.core.events import ChildrenPruned
from gamesearch_gui.core.game import GameError
from gamesearch_gui.core.search import (
    Algorithm,
    CancelToken,
    SearchSettings,
    StopReason,
    search,
)
from gamesearch_gui.core.tree import (
    CustomTree,
    NodeType,
    Path,
    TreeGame,
    TreeNode,
    gc_paused,
    iter_nodes,
    rebuild,
)
from gamesearch_gui.core.treefile import check_tree

__all__ = [
    "CompareError",
    "ComparisonCancelled",
    "ComparisonRow",
    "compare",
    "knuth_moore_bound",
    "reorder",
    "true_values",
]


class CompareError(GameError):
    """A tree that cannot be compared (no move at its root, or a broken rule)."""


class ComparisonCancelled(Exception):
    """The comparison was cancelled through its CancelToken before it finished."""


@dataclass(frozen=True)
class ComparisonRow:
    """One search of the comparison and what it cost.

    ``best_move`` is an index of the original tree's root children, whatever order the
    search saw them in; ``pruned_subtrees`` counts the children a cutoff skipped (the
    tops of the skipped subtrees, as ``solve --json`` lists them in ``pruned``).
    """

    name: str
    algorithm: Algorithm
    value: float
    best_move: int
    nodes: int
    leaves: int
    pruned_subtrees: int
    cutoffs: int


def true_values(tree: CustomTree) -> dict[Path, float]:
    """Every node's minimax (or, with chance, expectiminimax) value, by path."""
    values: dict[Path, float] = {}
    for node in reversed(list(tree.nodes())):
        if node.type is NodeType.LEAF:
            values[node.path] = float(node.value if node.value is not None else 0)
            continue
        kids = [values[c.path] for c in node.children]
        if node.type is NodeType.MAX:
            values[node.path] = max(kids)
        elif node.type is NodeType.MIN:
            values[node.path] = min(kids)
        else:
            values[node.path] = math.fsum(
                (c.probability or 0.0) * v for c, v in zip(node.children, kids, strict=True)
            )
    return values


@gc_paused()
def reorder(tree: CustomTree, best_first: bool) -> tuple[CustomTree, dict[Path, Path]]:
    """The tree with every MAX and MIN node's children sorted by their true values.

    With ``best_first`` the best child for the mover comes first (highest at MAX,
    lowest at MIN), otherwise the worst; equal values keep their drawn order. Chance
    nodes keep their drawn order (no outcome is "best" for chance). Also returns the
    mapping from each node's path in the new tree to its path in ``tree``.
    """
    values = true_values(tree)

    def order(node: TreeNode) -> list[int]:
        n = len(node.children)
        if node.type not in (NodeType.MAX, NodeType.MIN):
            return list(range(n))
        sign = -1.0 if node.type is NodeType.MAX else 1.0
        if not best_first:
            sign = -sign
        # Sorting on the key alone keeps equal values in drawn order (a stable sort).
        return sorted(range(n), key=lambda i: sign * values[node.children[i].path])

    mapping: dict[Path, Path] = {}
    root = rebuild(tree.root, order=order, visit=lambda new, node: mapping.update({new: node.path}))
    return CustomTree(tree.name, root, tree.value_bounds), mapping


def knuth_moore_bound(tree: CustomTree) -> int | None:
    """The fewest leaves alpha-beta evaluates on a uniform tree: b^⌈d/2⌉ + b^⌊d/2⌋ - 1.

    Uniform: every inner node has the same number of children ``b``, every leaf is at
    the same depth ``d``, and there are no chance nodes. None for any other tree.
    A lone leaf answers 1.
    """
    if tree.has_chance:
        return None
    depth = tree.height
    branching: int | None = None
    for node in iter_nodes(tree.root):
        if node.type is NodeType.LEAF:
            if len(node.path) != depth:
                return None
            continue
        n = len(node.children)
        if branching is None:
            branching = n
        elif n != branching:
            return None
    b = branching if branching is not None else 1
    return int(b ** math.ceil(depth / 2) + b ** (depth // 2) - 1)


def _run(
    tree: CustomTree,
    name: str,
    algorithm: Algorithm,
    mapping: dict[Path, Path] | None,
    cancel: CancelToken | None,
) -> ComparisonRow:
    pruned = 0

    def listen(event: object) -> None:
        nonlocal pruned
        if isinstance(event, ChildrenPruned):
            pruned += len(event.moves)

    game = TreeGame(tree)
    result = search(
        game, tree.root, SearchSettings(algorithm=algorithm), listener=listen, cancel=cancel
    )
    if result.stop_reason is StopReason.CANCELLED:
        raise ComparisonCancelled("the comparison was cancelled")
    assert result.value is not None and result.best_move is not None
    best: int = result.best_move
    if mapping is not None:
        best = mapping[(best,)][0]
    stats = result.stats
    return ComparisonRow(
        name=name,
        algorithm=algorithm,
        value=result.value,
        best_move=best,
        nodes=stats.nodes,
        leaves=stats.leaves,
        pruned_subtrees=pruned,
        cutoffs=stats.cutoffs,
    )


def compare(tree: CustomTree, *, cancel: CancelToken | None = None) -> list[ComparisonRow]:
    """Four searches of ``tree`` to full depth, one row each, in this order.

    Without chance nodes: "minimax", "alpha-beta, drawn order", "alpha-beta, best
    ordering", "alpha-beta, worst ordering". With chance nodes: "expectiminimax", then
    "Star1, drawn order", "Star1, best ordering", "Star1, worst ordering".

    CompareError for a tree that breaks a rule of the file format (chance probabilities
    that do not sum to 1, say) or whose root is no MAX or MIN node (no move to choose);
    ComparisonCancelled when ``cancel`` is set before the last search ends.
    """
    if tree.root.type not in (NodeType.MAX, NodeType.MIN):
        what = "a leaf" if tree.root.type is NodeType.LEAF else "a chance node"
        raise CompareError(f"the root is {what}: compare needs a root where MAX or MIN moves")
    try:
        check_tree(tree)
    except GameError as error:
        raise CompareError(str(error)) from None
    if tree.has_chance:
        plain, pruning, prefix = Algorithm.EXPECTIMINIMAX, Algorithm.STAR1, "Star1"
    else:
        plain, pruning, prefix = Algorithm.MINIMAX, Algorithm.ALPHABETA, "alpha-beta"
    best_tree, best_map = reorder(tree, best_first=True)
    worst_tree, worst_map = reorder(tree, best_first=False)
    return [
        _run(tree, plain.value, plain, None, cancel),
        _run(tree, f"{prefix}, drawn order", pruning, None, cancel),
        _run(best_tree, f"{prefix}, best ordering", pruning, best_map, cancel),
        _run(worst_tree, f"{prefix}, worst ordering", pruning, worst_map, cancel),
    ]
