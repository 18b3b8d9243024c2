"""Monte Carlo tree search: UCT (Kocsis and Szepesvári 2006) over the one game protocol.

Each iteration walks down the tree it has grown, choosing by UCB1 at MAX and MIN nodes
and sampling outcomes by their probabilities at chance nodes; adds the first node of its
path that is not yet in the tree (one per iteration); plays the game out from there to
its end with a playout policy; and adds the playout's result to every node on the path.
The move it plays is the root's most visited child.

Conventions (docs/search.md, "Monte Carlo tree search", says why):

* ``N`` is how many iterations went through a node, ``Q`` the sum of their rewards.
  A reward is the final utility from MAX's point of view, in the game's own units, so
  ``Q / N`` always lies within the game's utility bounds, as every minimax value does.
* UCB1 needs rewards in [0, 1]: the mean is rescaled by the utility bounds ``[L, U]``
  to ``(Q/N - L) / (U - L)``, the win rate of MAX; a MIN node uses ``1`` minus it, its
  own win rate. Score = win rate + ``C * sqrt(ln N(parent) / N(child))``; the first
  child in the tree's order wins a tie.
* A chance node is never chosen by UCB: its outcome is drawn with the game's
  probabilities, from the search's own ``random.Random(seed)``.
* An iteration that reaches a terminal node already in the tree adds nothing and plays
  nothing out: the node's utility is its reward. So a node's ``N`` is its children's
  ``N`` summed, plus the iterations that ended at it (its own expansion, and each time
  it was reached again as a terminal node).
* All randomness comes from the seed: the same seed on the same game gives the same
  tree, the same events and the same move (a time budget may stop it sooner).

This module knows nothing of :mod:`gamesearch_gui.core.search`: ``search()`` runs it
for ``Algorithm.MCTS`` and makes its :class:`UctOutcome` a ``SearchResult``.
"""

from __future__ import annotations

import enum
import math
import random
from bisect import bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import accumulate
from typing import Any, Final, Generic, TypeVar

from gamesearch_gui.core.game import Game, GameError, Player
from gamesearch_gui.core.recording.events import ChildStats, NodeKind, SearchObserver

#: The exploration constant C of UCB1 when none is given: sqrt(2), Auer et al.'s.
DEFAULT_EXPLORATION: Final = math.sqrt(2)
#: Most iterations one search may run (each adds a node: about 300 MB of tree at this).
MAX_ITERATIONS: Final = 1_000_000
#: A playout stops after this many plies (Pig can roll on forever); its reward is then
#: the middle of the utility bounds, as if the game were drawn.
MAX_PLAYOUT_PLIES: Final = 10_000

R = TypeVar("R")


class Playout(enum.Enum):
    """How a playout chooses its moves."""

    RANDOM = "random"  #: uniformly at random among the legal moves
    #: the game's light heuristic (``Game.playout_heuristic``), else at random
    HEURISTIC = "heuristic"


@dataclass(frozen=True, slots=True)
class MoveStats:
    """One child of the root: its move (or outcome), N and Q (0 and 0 if never tried)."""

    move: Any
    visits: int
    total: float

    @property
    def mean(self) -> float | None:
        """Q / N, the mean reward from MAX's point of view; None when never visited."""
        return self.total / self.visits if self.visits else None


@dataclass(frozen=True, slots=True)
class UctOutcome(Generic[R]):
    """What a UCT run found, before ``search()`` dresses it as a ``SearchResult``.

    ``children`` lists every root move (every outcome at a chance root) in the game's
    order; ``best_move`` is the most visited (the first among equals; None at a chance
    or terminal root); ``line`` follows the most visited child from the root down the
    tree. ``reason`` is what the caller's ``stop`` returned.
    """

    value: float | None
    best_move: Any
    line: tuple[Any, ...]
    children: tuple[MoveStats, ...]
    iterations: int
    nodes: int
    playouts: int
    max_depth: int
    reason: R


def mean_reward(total: float, visits: int, low: float, high: float) -> float:
    """Q / N, held within ``[low, high]``, where every reward lies: N rewards summed one by
    one can round a mean of rewards all at ``high`` just past it (11.000000000000002 / 6
    for six wins worth 11/6 each), which no mean of them can be."""
    return min(max(total / visits, low), high)


def win_rate(mean: float, low: float, high: float, player: Player) -> float:
    """A mean reward (MAX's view, in ``[low, high]``) as ``player``'s win rate in [0, 1]:
    MAX's is ``(mean - low) / (high - low)``, MIN's 1 minus it (a chance node's: MAX's).
    With ``low == high`` every result is the same, a draw: 0.5. A mean a rounding took
    past a bound is read at the bound."""
    if high <= low:
        return 0.5
    rate = min(max((mean - low) / (high - low), 0.0), 1.0)
    return 1.0 - rate if player is Player.MIN else rate


def check_uct(game: Game[Any, Any], playout: Playout) -> str | None:
    """Why UCT cannot run on ``game`` with ``playout``, or None when it can."""
    try:
        low, high = game.utility_bounds()
    except GameError as error:
        return f"mcts needs the utility bounds to scale its rewards: {error}"
    if not (math.isfinite(low) and math.isfinite(high) and low <= high):
        return f"mcts needs finite utility bounds, not [{low}, {high}]"
    if playout is Playout.HEURISTIC and game.playout_heuristic() is None:
        return (
            f"{game.title} has no playout heuristic: use the random playout "
            "(tic-tac-toe and Connect Four have one)"
        )
    return None


class _Node:
    """A node of the tree UCT grows."""

    __slots__ = (
        "by_outcome",
        "children",
        "cumulative",
        "depth",
        "move",
        "node_id",
        "outcomes",
        "parent",
        "player",
        "state",
        "terminal",
        "total",
        "untried",
        "visits",
    )

    def __init__(
        self,
        game: Game[Any, Any],
        node_id: int,
        parent: _Node | None,
        move: Any,
        state: Any,
        depth: int,
    ) -> None:
        self.node_id = node_id
        self.parent = parent
        self.move = move
        self.state = state
        self.depth = depth
        self.terminal: float | None = game.terminal_value(state)
        self.player = Player.MAX if self.terminal is not None else game.to_move(state)
        self.children: list[_Node] = []
        self.untried: list[Any] = []
        self.outcomes: Sequence[tuple[Any, float]] = ()
        self.cumulative: list[float] = []
        self.by_outcome: dict[Any, _Node] = {}
        if self.terminal is None:
            if self.player is Player.CHANCE:
                self.outcomes = game.chances(state)
                self.cumulative = list(accumulate(p for _, p in self.outcomes))
            else:
                self.untried = list(game.actions(state))
                if not self.untried:
                    raise GameError(
                        f"{game.title} offers no move at {game.position_name(state)}, "
                        "which is not terminal"
                    )
        self.visits = 0
        self.total = 0.0


def _kind(node: _Node) -> NodeKind:
    if node.terminal is not None:
        return NodeKind.TERMINAL
    return {Player.MAX: NodeKind.MAX, Player.MIN: NodeKind.MIN}.get(node.player, NodeKind.CHANCE)


def _sample(
    rng: random.Random, outcomes: Sequence[tuple[Any, float]], cumulative: list[float]
) -> int:
    """The index of an outcome drawn with the given probabilities (normalized)."""
    index = bisect_right(cumulative, rng.random() * cumulative[-1])
    return min(index, len(outcomes) - 1)


def uct(
    game: Game[Any, Any],
    root_state: Any,
    *,
    exploration: float,
    seed: int,
    playout: Playout,
    stop: Callable[[int, int, int], R | None],
    observer: SearchObserver | None = None,
) -> UctOutcome[R]:
    """Grow a UCT tree from ``root_state`` until ``stop`` says why to stop.

    ``stop(iterations, nodes, deepest)`` is called before every iteration (so it can
    count, look at a clock or a cancel flag, report progress) and returns None to go on.
    The observer hears every step (:mod:`gamesearch_gui.core.recording.events`, the MCTS events).
    """
    rng = random.Random(seed)
    low, high = game.utility_bounds()
    span = high - low if high > low else 1.0
    middle = (low + high) / 2
    heuristic = game.playout_heuristic() if playout is Playout.HEURISTIC else None
    terminal_value = game.terminal_value
    to_move = game.to_move
    actions = game.actions
    chances = game.chances
    result = game.result
    chance = Player.CHANCE
    maximum = Player.MAX
    sqrt = math.sqrt
    log = math.log
    obs = observer
    # The children's numbers at each selection, for an observer that wants them.
    stats_wanted = obs is not None and obs.child_stats

    root = _Node(game, 0, None, None, root_state, 0)
    nodes = 1
    playouts = 0
    deepest = 0
    if obs is not None:
        obs.expanded(0, None, None, 0, _kind(root), root_state, None)
    iterations = 0
    while True:
        reason = stop(iterations, nodes, deepest)
        if reason is not None:
            break
        iterations += 1
        if obs is not None:
            obs.mcts_iteration(iterations)

        # Selection, down to a node with an untried move or outcome, or a terminal node.
        node = root
        new: _Node | None = None
        while node.terminal is None:
            if node.player is chance:
                i = _sample(rng, node.outcomes, node.cumulative)
                outcome = node.outcomes[i][0]
                child = node.by_outcome.get(outcome)
                if child is None:
                    new = child = _Node(
                        game, nodes, node, outcome, result(node.state, outcome), node.depth + 1
                    )
                    node.by_outcome[outcome] = child
                    node.children.append(child)
                else:
                    if obs is not None:
                        stats = (
                            tuple(
                                ChildStats(c.move, c.node_id, c.visits, c.total, None)
                                for c in node.children
                            )
                            if stats_wanted
                            else ()
                        )
                        obs.selected(node.node_id, child.node_id, stats)
                    node = child
                    continue
            elif node.untried:
                untried = node.untried
                i = rng.randrange(len(untried))
                move = untried[i]
                untried[i] = untried[-1]
                untried.pop()
                new = child = _Node(
                    game, nodes, node, move, result(node.state, move), node.depth + 1
                )
                node.children.append(child)
            else:
                maximizing = node.player is maximum
                factor = exploration * sqrt(log(node.visits))
                best = node.children[0]
                best_score = -math.inf
                scores: list[float] = []
                for c in node.children:
                    rate = (c.total / c.visits - low) / span  # MAX's win_rate, inlined
                    score = (rate if maximizing else 1.0 - rate) + factor / sqrt(c.visits)
                    if stats_wanted:
                        scores.append(score)
                    if score > best_score:
                        best_score = score
                        best = c
                if obs is not None:
                    stats = (
                        tuple(
                            ChildStats(c.move, c.node_id, c.visits, c.total, s)
                            for c, s in zip(node.children, scores, strict=True)
                        )
                        if stats_wanted
                        else ()
                    )
                    obs.selected(node.node_id, best.node_id, stats)
                node = best
                continue
            # Expansion: one new node per iteration.
            nodes += 1
            if child.depth > deepest:
                deepest = child.depth
            if obs is not None:
                probability = node.outcomes[i][1] if node.player is chance else None
                obs.expanded(
                    child.node_id,
                    node.node_id,
                    child.move,
                    child.depth,
                    _kind(child),
                    child.state,
                    probability,
                )
            node = child
            break

        # Simulation: from the new node to the end of the game.
        if new is not None:
            playouts += 1
            state = new.state
            reward = new.terminal
            played: list[Any] | None = [] if obs is not None else None
            plies = 0
            while reward is None:
                if plies >= MAX_PLAYOUT_PLIES:
                    reward = middle
                    break
                if to_move(state) is chance:
                    outcomes = chances(state)
                    pick = rng.random()
                    move = outcomes[-1][0]
                    for outcome, p in outcomes:
                        pick -= p
                        if pick < 0.0:
                            move = outcome
                            break
                else:
                    move = heuristic(state) if heuristic is not None else None
                    if move is None:
                        legal = actions(state)
                        move = legal[rng.randrange(len(legal))]
                if played is not None:
                    played.append(move)
                state = result(state, move)
                plies += 1
                reward = terminal_value(state)
            if obs is not None:
                assert played is not None
                obs.playout(new.node_id, tuple(played), reward)
        else:
            assert node.terminal is not None
            reward = node.terminal

        # Back-propagation: the reward (MAX's view) into every node on the path.
        up: _Node | None = node
        path: list[int] | None = [] if obs is not None else None
        while up is not None:
            up.visits += 1
            up.total += reward
            if path is not None:
                path.append(up.node_id)
            up = up.parent
        if obs is not None:
            assert path is not None
            obs.backpropagated(tuple(path), reward)

    return _outcome(game, root, iterations, nodes, playouts, deepest, reason)


def _outcome(
    game: Game[Any, Any],
    root: _Node,
    iterations: int,
    nodes: int,
    playouts: int,
    deepest: int,
    reason: R,
) -> UctOutcome[R]:
    """The root's statistics in the game's move order, its most visited move and line."""
    if root.terminal is not None:
        # Every iteration ended at the root, a terminal node reached again.
        return UctOutcome(root.terminal, None, (), (), iterations, nodes, 0, 0, reason)
    if root.player is Player.CHANCE:
        order = [outcome for outcome, _ in root.outcomes]
    else:
        order = list(game.actions(root.state))
    by_move = {c.move: c for c in root.children}
    children = tuple(
        MoveStats(m, by_move[m].visits, by_move[m].total) if m in by_move else MoveStats(m, 0, 0.0)
        for m in order
    )
    best = _most_visited(children)
    low, high = game.utility_bounds()
    value = mean_reward(root.total, root.visits, low, high) if root.visits else None
    line: list[Any] = []
    node = root
    while node.children:
        # The tree's order is the order of expansion: the game's order decides ties.
        rank = {c.move: c for c in node.children}
        if node.player is Player.CHANCE:
            moves = [outcome for outcome, _ in node.outcomes]
        else:
            moves = list(game.actions(node.state))
        stats = [MoveStats(m, rank[m].visits, rank[m].total) for m in moves if m in rank]
        move = _most_visited(stats)
        line.append(move)
        node = rank[move]
    best_move = None if root.player is Player.CHANCE else best
    return UctOutcome(
        value, best_move, tuple(line), children, iterations, nodes, playouts, deepest, reason
    )


def _most_visited(children: Sequence[MoveStats]) -> Any:
    """The move with the most visits, the first among equals; None if none was visited."""
    best: MoveStats | None = None
    for child in children:
        if child.visits and (best is None or child.visits > best.visits):
            best = child
    return None if best is None else best.move
