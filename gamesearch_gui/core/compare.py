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

:func:`compare_mcts` sets Monte Carlo tree search beside the minimax search of one
position of any two-player game: alpha-beta, or expectiminimax in a game of chance
(:func:`~gamesearch_gui.core.review.exact_algorithm`). It gives the move each chooses,
its value (minimax) or win rate (MCTS), time, and nodes or iterations; and for each
root move MCTS's N and Q/N (an estimate from its playouts) beside the minimax value of
that move (exact when the search went to the end: every root move gets the full window,
so no value there is a bound). The numbers are those ``solve --json`` gives for each search.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from dataclasses import replace

from gamesearch_gui.core.game import A
from gamesearch_gui.core.game import Game
from gamesearch_gui.core.game import GameError
from gamesearch_gui.core.game import Player
from gamesearch_gui.core.game import S
from gamesearch_gui.core.numbers import same_value
from gamesearch_gui.core.recording.events import ChildrenPruned
from gamesearch_gui.core.review import ReviewCancelled
from gamesearch_gui.core.review import exact_algorithm
from gamesearch_gui.core.review import found_depth
from gamesearch_gui.core.root_values import root_values
from gamesearch_gui.core.root_values import root_visits
from gamesearch_gui.core.root_values import root_win_rates
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import CancelToken
from gamesearch_gui.core.search import SearchResult
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import StopReason
from gamesearch_gui.core.search import search
from gamesearch_gui.core.search.mcts import win_rate
from gamesearch_gui.core.trees.file import check_tree
from gamesearch_gui.core.trees.tree import CustomTree
from gamesearch_gui.core.trees.tree import NodeType
from gamesearch_gui.core.trees.tree import Path
from gamesearch_gui.core.trees.tree import TreeGame
from gamesearch_gui.core.trees.tree import TreeNode
from gamesearch_gui.core.trees.tree import gc_paused
from gamesearch_gui.core.trees.tree import iter_nodes
from gamesearch_gui.core.trees.tree import rebuild

__all__ = [
    "CompareError",
    "ComparisonCancelled",
    "ComparisonRow",
    "MctsComparison",
    "MoveComparison",
    "SearchSummary",
    "compare",
    "compare_mcts",
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


# -- Monte Carlo tree search beside minimax, on one position ----------------------------


@dataclass(frozen=True)
class SearchSummary:
    """What one search of :func:`compare_mcts` chose and what it cost.

    ``value`` is the root's value in the game's units, MAX's view: the minimax (or
    expectiminimax) value, or MCTS's Q/N at the root (the mean of all its playouts).
    ``win_rate`` is MCTS's estimate for the chosen move, as the mover's win rate in
    [0, 1] (None for the minimax side). ``iterations`` is 0 for the minimax side.
    """

    settings: SearchSettings
    best_move: object
    best_text: str
    value: float | None
    win_rate: float | None
    seconds: float
    nodes: int
    iterations: int


@dataclass(frozen=True)
class MoveComparison:
    """One root move: MCTS's N, its Q/N (game units, MAX's view) and that as the
    mover's win rate, beside the minimax side's value for the move. ``mean`` and
    ``win_rate`` are None for a move MCTS never tried."""

    move: object
    text: str
    visits: int
    mean: float | None
    win_rate: float | None
    value: float


@dataclass(frozen=True)
class MctsComparison:
    """The minimax side (alpha-beta, or expectiminimax with chance) and MCTS on one
    position (see :func:`compare_mcts`).

    ``exact`` says whether the minimax side searched to the end of the game, so that its
    values are the game's true values; otherwise they are its evaluations at a depth
    cutoff. ``moves`` lists every root move in the game's order. ``depth_found`` says
    that the minimax side's depth was found first (``find_depth``): the deepest whose
    search stays within :data:`~gamesearch_gui.core.review.DEPTH_NODES` nodes.
    """

    player: Player
    bounds: tuple[float, float]
    exact: bool
    minimax: SearchSummary
    mcts: SearchSummary
    moves: tuple[MoveComparison, ...]
    depth_found: bool = False

    @property
    def best_value(self) -> float:
        """The minimax side's value of the position, from the mover's choice."""
        assert self.minimax.value is not None
        return self.minimax.value

    def is_best(self, move: MoveComparison) -> bool:
        """True when the minimax side values ``move`` as highly as its best (ties
        included)."""
        return same_value(move.value, self.best_value)

    @property
    def agree(self) -> bool:
        """True when MCTS's choice is one of the minimax side's best moves (all equal
        ones)."""
        chosen = next(m for m in self.moves if m.move == self.mcts.best_move)
        return self.is_best(chosen)


def _checked(result: SearchResult) -> SearchResult:
    if result.stop_reason is StopReason.CANCELLED:
        raise ComparisonCancelled("the comparison was cancelled")
    return result


def compare_mcts(
    game: Game[S, A],
    state: S,
    mcts: SearchSettings,
    minimax: SearchSettings | None = None,
    *,
    find_depth: bool = False,
    cancel: CancelToken | None = None,
) -> MctsComparison:
    """The minimax side and MCTS on ``state``: their choices, costs, and each root
    move's numbers.

    ``mcts`` are MCTS's settings (iterations, seed, C); ``minimax`` those of the search
    beside it, of :func:`~gamesearch_gui.core.review.exact_algorithm`'s algorithm (to
    the end by default). It gives every root move the full window (so each root value is
    the move's own value, not a bound: alpha-beta visits more nodes than a plain
    alpha-beta search, for the same value and best move). With ``find_depth`` (a game of
    unknown size: a game file's, an OpenSpiel game's) its depth is found first, as a
    review finds it (:func:`~gamesearch_gui.core.review.found_depth`); where every
    line of that search ended above the depth, its values are exact.

    CompareError for a position with no move to choose (the game is over, or chance
    moves), a game of more than two players, or settings of the wrong algorithm;
    SettingsError for settings that do not fit the game; ComparisonCancelled when
    ``cancel`` is set before both searches end.
    """
    if mcts.algorithm is not Algorithm.MCTS:
        raise CompareError(f"the MCTS side needs mcts settings, not {mcts.algorithm.value}")
    if len(game.players) != 2:
        raise CompareError(
            f"{game.title} has {len(game.players)} players: MCTS and alpha-beta here are "
            "for two players (max^n searches this game)"
        )
    wanted = exact_algorithm(game)
    ab = minimax or SearchSettings(wanted)
    if ab.algorithm is not wanted:
        raise CompareError(
            f"the minimax side needs {wanted.value} settings in {game.title}, "
            f"not {ab.algorithm.value}"
        )
    if game.is_terminal(state):
        raise CompareError("the game is over here: there is no move to compare")
    player = game.to_move(state)
    if player is Player.CHANCE:
        raise CompareError(
            "chance moves here (a die is rolled, a card dealt): there is no choice to "
            "compare; compare once a player is to move"
        )
    ended = False
    if find_depth:
        try:
            depth, ended = found_depth(game, state, ab, cancel=cancel)
        except ReviewCancelled:
            raise ComparisonCancelled("the comparison was cancelled") from None
        ab = replace(ab, depth=depth)
    # No time budget (the depth reached would hang on the machine's speed) and no node
    # cap: every root move gets its value.
    ab = replace(ab, exact_root_values=True, time_budget=None, node_cap=None)
    exact_result = _checked(search(game, state, ab, cancel=cancel))
    mcts_result = _checked(search(game, state, mcts, cancel=cancel))
    low, high = game.utility_bounds()
    moves = list(game.actions(state))
    values = root_values(game, state, exact_result)
    visits = root_visits(game, state, mcts_result)
    rates = root_win_rates(game, state, mcts_result)
    means = {root.move: root.value for root in mcts_result.root_moves}
    rows = []
    for move, value, n, rate in zip(moves, values, visits, rates, strict=True):
        assert value is not None  # every root move was searched with the full window
        rows.append(
            MoveComparison(move, game.move_text(state, move), n, means.get(move), rate, value)
        )
    plies = game.max_plies(state)
    exact = not ab.quiescence and (
        ended or ab.depth is None or (plies is not None and ab.depth >= plies)
    )
    chosen_mean = means.get(mcts_result.best_move)

    def summary(result: SearchResult, rate: float | None) -> SearchSummary:
        best = result.best_move
        return SearchSummary(
            settings=result.settings,
            best_move=best,
            best_text="–" if best is None else game.move_text(state, best),
            value=result.value,
            win_rate=rate,
            seconds=result.stats.seconds,
            nodes=result.stats.nodes,
            iterations=result.stats.iterations,
        )

    return MctsComparison(
        player=player,
        bounds=(low, high),
        exact=exact,
        minimax=summary(exact_result, None),
        mcts=summary(
            mcts_result,
            None if chosen_mean is None else win_rate(chosen_mean, low, high, player),
        ),
        moves=tuple(rows),
        depth_found=find_depth,
    )
