"""Minimax's and expectiminimax's decisions on a tree, before and after a transformation.

The lecture's point (R&N 5.5, Figure 5.12): an order-preserving transformation of the
leaf values never changes minimax's decision, since minimax only compares values; under
chance nodes expectiminimax averages them, so their sizes matter and its decision can
change. :func:`decisions` solves the tree as drawn and as transformed
(:mod:`gamesearch_gui.core.trees.transform`) and says, for each search, the root's
value, each root move's value and the move chosen, before and after.

On a tree without chance nodes expectiminimax is minimax: one row. On a tree with
chance nodes minimax has no rule for a chance node, so its row is the worst case: each
chance node is searched as a MIN node (nature chooses the outcome worst for MAX), which
needs only the order of the values, as minimax does. Every search runs to full depth
with no pruning, so each root move's value is exact. It runs searches: the window asks
the engine process for it (``engine/calls.py``), never runs it itself.
"""

from __future__ import annotations

from dataclasses import dataclass

from gamesearch_gui.core.compare import ComparisonCancelled
from gamesearch_gui.core.game import GameError
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import CancelToken
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import StopReason
from gamesearch_gui.core.search import search
from gamesearch_gui.core.trees.file import check_tree
from gamesearch_gui.core.trees.transform import parse_formula
from gamesearch_gui.core.trees.transform import transform_tree
from gamesearch_gui.core.trees.tree import CustomTree
from gamesearch_gui.core.trees.tree import NodeType
from gamesearch_gui.core.trees.tree import TreeGame
from gamesearch_gui.core.trees.tree import TreeNode
from gamesearch_gui.core.trees.tree import rebuild

__all__ = ["Decision", "Decisions", "SearchDecisions", "decisions", "root_moves", "worst_case"]

#: The rows' names.
MINIMAX = "Minimax"
WORST_CASE = "Minimax (chance as MIN: the worst case)"
EXPECTIMINIMAX = "Expectiminimax"


@dataclass(frozen=True)
class Decision:
    """One search's answer on one tree: the root's value, the move chosen (its index and
    name), and every root move's value in drawn order."""

    value: float
    best_move: int
    move: str
    move_values: tuple[float, ...]


@dataclass(frozen=True)
class SearchDecisions:
    """One search before and after the transformation."""

    name: str
    before: Decision
    after: Decision

    @property
    def changed(self) -> bool:
        """True when the transformation changed the move chosen."""
        return self.before.best_move != self.after.best_move


@dataclass(frozen=True)
class Decisions:
    """The searches' decisions before and after ``formula`` (one row per search)."""

    formula: str
    chance: bool
    rows: tuple[SearchDecisions, ...]
    moves: tuple[str, ...]  #: the root moves' names, in drawn order

    def summary(self) -> str:
        """One line: what changed, and why it could or could not."""
        if not self.chance:
            return (
                "No chance nodes: expectiminimax is minimax, which only compares values, so "
                "an order-preserving transformation cannot change its decision."
            )
        changed = [row for row in self.rows if row.changed]
        if not changed:
            return (
                "Neither decision changed: the averages moved but kept their order. A "
                "positive linear transformation (a·x + b, a > 0) never changes "
                "expectiminimax's; others can, when they stretch some values more."
            )
        names = " and ".join(row.name.split(" (")[0].lower() for row in changed)
        row = changed[0]
        return (
            f"{names.capitalize()}'s decision changed, from {row.before.move} to "
            f"{row.after.move}: averages depend on the sizes of values, not only their order."
        )


def root_moves(tree: CustomTree) -> tuple[str, ...]:
    """The root's moves as a person knows them: the edge's label, else the child's, else
    its index."""
    return tuple(child.move or child.label or str(i) for i, child in enumerate(tree.root.children))


def worst_case(tree: CustomTree) -> CustomTree:
    """``tree`` with every chance node a MIN node (its outcomes chosen against MAX)."""

    def change(node: TreeNode) -> TreeNode:
        kind = NodeType.MIN if node.type is NodeType.CHANCE else node.type
        return TreeNode(kind, (), node.value, node.eval, None, node.label, node.move)

    return CustomTree(tree.name, rebuild(tree.root, change=change), tree.value_bounds)


def _decide(tree: CustomTree, algorithm: Algorithm, cancel: CancelToken | None) -> Decision:
    game = TreeGame(tree)
    state = game.initial_state()
    result = search(game, state, SearchSettings(algorithm), cancel=cancel)
    if result.stop_reason is StopReason.CANCELLED or not result.complete:
        raise ComparisonCancelled("cancelled")
    assert result.value is not None and result.best_move is not None
    by_move = {root.move: root.value for root in result.root_moves}
    values = tuple(by_move[i] for i in range(len(tree.root.children)))
    return Decision(result.value, result.best_move, root_moves(tree)[result.best_move], values)


def decisions(tree: CustomTree, formula: str, *, cancel: CancelToken | None = None) -> Decisions:
    """Minimax's and expectiminimax's decisions on ``tree`` before and after ``formula``.

    GameError (a TransformError among them) when the formula does not transform the
    tree, or the tree breaks a rule of the file format, or its root is no MAX or MIN
    node; ComparisonCancelled when ``cancel`` is set before the last search ends.
    """
    if tree.root.type not in (NodeType.MAX, NodeType.MIN):
        what = "a leaf" if tree.root.type is NodeType.LEAF else "a chance node"
        raise GameError(f"the root is {what}: there is no decision to compare")
    check_tree(tree)
    after = transform_tree(tree, parse_formula(formula))
    plans: tuple[tuple[str, CustomTree, CustomTree, Algorithm], ...]
    if tree.has_chance:
        plans = (
            (WORST_CASE, worst_case(tree), worst_case(after), Algorithm.MINIMAX),
            (EXPECTIMINIMAX, tree, after, Algorithm.EXPECTIMINIMAX),
        )
    else:
        plans = ((MINIMAX, tree, after, Algorithm.MINIMAX),)
    rows = tuple(
        SearchDecisions(name, _decide(a, algo, cancel), _decide(b, algo, cancel))
        for name, a, b, algo in plans
    )
    return Decisions(formula, tree.has_chance, rows, root_moves(tree))
