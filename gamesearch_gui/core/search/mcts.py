"""Monte Carlo tree search: UCT (Kocsis and Szepesvári 2006) over the one game protocol.

:func:`uct` is R&N's Figure 5.11: each iteration is SELECT (walk down the tree grown so
far, choosing by UCB1 at MAX and MIN nodes and drawing outcomes by their probabilities
at chance nodes), EXPAND (add the first node of the path not yet in the tree, one per
iteration), SIMULATE (play the game out from it with a playout policy) and BACK-UP (add
the result to every node on the path). The move it plays is the root's most visited
child. The four steps are short functions picked once, when the search starts (plain,
or each telling an observer), so what is off (the observer, a stop rule) costs nothing
per iteration.

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
  tree, the same events and the same move (a time budget may stop it sooner). Random
  moves are drawn as ``rng.randrange(n)`` draws them (:func:`_below`).

This module knows nothing of :mod:`gamesearch_gui.core.search`: ``search()`` runs it
for ``Algorithm.MCTS`` and makes its :class:`UctOutcome` a ``SearchResult``.
"""

from __future__ import annotations

import enum
import math
import random
from bisect import bisect_right
from collections.abc import Callable
from collections.abc import Iterable
from collections.abc import Iterator
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import accumulate
from typing import Final
from typing import Generic
from typing import NamedTuple
from typing import TypeVar

from gamesearch_gui.core.game import Game
from gamesearch_gui.core.game import GameError
from gamesearch_gui.core.game import Player
from gamesearch_gui.core.recording.events import ChildStats
from gamesearch_gui.core.recording.events import NodeKind
from gamesearch_gui.core.recording.events import SearchObserver

#: The exploration constant C of UCB1 when none is given: sqrt(2), Auer et al.'s.
DEFAULT_EXPLORATION: Final = math.sqrt(2)
#: The largest C a search takes. Rewards lie in [0, 1], so past this the exploration
#: term outweighs them by thousands and UCB1 only shares the visits out evenly; far past
#: it the term overflows to infinity and every child ties.
MAX_EXPLORATION: Final = 1000.0
#: Most iterations one search may run (each adds a node: about 300 MB of tree at this).
MAX_ITERATIONS: Final = 1_000_000
#: A playout stops after this many plies (Pig can roll on forever); its reward is then
#: the middle of the utility bounds, as if the game were drawn.
MAX_PLAYOUT_PLIES: Final = 10_000

S = TypeVar("S")
A = TypeVar("A")
R = TypeVar("R")


class Playout(enum.Enum):
    """How a playout chooses its moves."""

    RANDOM = "random"  #: uniformly at random among the legal moves
    #: the game's light heuristic (``Game.playout_heuristic``), else at random
    HEURISTIC = "heuristic"


@dataclass(frozen=True, slots=True)
class MoveStats(Generic[A]):
    """One child of the root: its move (or outcome), N and Q (0 and 0 if never tried)."""

    move: A
    visits: int
    total: float

    @property
    def mean(self) -> float | None:
        """Q / N, the mean reward from MAX's point of view; None when never visited."""
        return self.total / self.visits if self.visits else None


@dataclass(frozen=True, slots=True)
class UctOutcome(Generic[A, R]):
    """What a UCT run found, before ``search()`` dresses it as a ``SearchResult``.

    ``children`` lists every root move (every outcome at a chance root) in the game's
    order; ``best_move`` is the most visited (the first among equals; None at a chance
    or terminal root); ``line`` follows the most visited child from the root down the
    tree. ``reason`` is what the caller's ``stop`` returned (None when the iterations
    asked for ran).
    """

    value: float | None
    best_move: A | None
    line: tuple[A, ...]
    children: tuple[MoveStats[A], ...]
    iterations: int
    nodes: int
    playouts: int
    max_depth: int
    reason: R | None


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


def check_uct(game: Game[S, A], playout: Playout) -> str | None:
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


class _Node(Generic[S, A]):
    """A node of the tree UCT grows: its state, N and Q, and what is left to try."""

    __slots__ = (
        "by_outcome",
        "children",
        "cumulative",
        "depth",
        "for_min",
        "move",
        "node_id",
        "outcomes",
        "parent",
        "player",
        "sqrt_visits",
        "state",
        "terminal",
        "total",
        "untried",
        "visits",
        "win_rate",
    )

    def __init__(
        self,
        game: Game[S, A],
        node_id: int,
        parent: _Node[S, A] | None,
        move: A | None,
        state: S,
        depth: int,
    ) -> None:
        self.node_id = node_id
        self.parent = parent
        self.move = move
        self.state = state
        self.depth = depth
        self.terminal: float | None = game.terminal_value(state)
        self.player = Player.MAX if self.terminal is not None else game.to_move(state)
        self.children: list[_Node[S, A]] = []
        self.untried: list[A] = []
        self.outcomes: Sequence[tuple[A, float]] = ()
        self.cumulative: list[float] = []
        self.by_outcome: dict[A, _Node[S, A]] = {}
        if self.terminal is None:
            if self.player is Player.CHANCE:
                self.outcomes = game.chances(state)
                self.cumulative = list(accumulate(p for _, p in self.outcomes))
            else:
                self.untried = list(game.actions(state))
                if not self.untried:
                    raise _no_move(game, state)
        self.visits = 0
        self.total = 0.0
        # For UCB1 (kept by BACK-UP): the win rate for the player who chooses this node
        # (MIN's when its parent is a MIN node, else MAX's), and sqrt(visits).
        self.for_min = parent is not None and parent.player is Player.MIN
        self.win_rate = 0.0
        self.sqrt_visits = 0.0


class _Tree(Generic[S, A]):
    """The tree UCT grows: its root, how many nodes it has, and the deepest one's depth."""

    __slots__ = ("deepest", "nodes", "root")

    def __init__(self, root: _Node[S, A]) -> None:
        self.root = root
        self.nodes = 1
        self.deepest = 0


def _kind(node: _Node[S, A]) -> NodeKind:
    if node.terminal is not None:
        return NodeKind.TERMINAL
    return {Player.MAX: NodeKind.MAX, Player.MIN: NodeKind.MIN}.get(node.player, NodeKind.CHANCE)


def _drawn(node: _Node[S, A], random: Callable[[], float]) -> int:
    """The index of an outcome of a chance node, drawn with its probabilities (normalized)."""
    index = bisect_right(node.cumulative, random() * node.cumulative[-1])
    return min(index, len(node.outcomes) - 1)


#: SELECT's answer: the leaf it reached and, when that is a chance node, the index of
#: the outcome drawn there that is not yet in the tree (else -1).
_Leaf = tuple[_Node[S, A], int]


class _Phases(NamedTuple, Generic[S, A]):
    """The four steps of one iteration (R&N Figure 5.11), chosen once per search."""

    select: Callable[[_Node[S, A]], _Leaf[S, A]]
    expand: Callable[[_Node[S, A], int], _Node[S, A]]
    simulate: Callable[[_Node[S, A]], float]
    back_up: Callable[[_Node[S, A], float], None]


def uct(
    game: Game[S, A],
    root_state: S,
    *,
    exploration: float,
    seed: int,
    playout: Playout,
    iterations: int | None,
    stop: Callable[[int, int, int], R | None] | None = None,
    observer: SearchObserver | None = None,
) -> UctOutcome[A, R]:
    """Grow a UCT tree from ``root_state`` for ``iterations`` iterations (R&N Figure 5.11).

    ``stop(iterations, nodes, deepest)``, when given, is called before every iteration
    (so it can look at a clock or a cancel flag, report progress) and returns None to go
    on, or why to stop sooner; without ``iterations`` only ``stop`` ends the search.
    The observer hears every step (:mod:`gamesearch_gui.core.recording.events`, the MCTS events).
    """
    tree = _Tree(_Node(game, 0, None, None, root_state, 0))
    rng = random.Random(seed)
    select, expand, simulate, back_up = _phases(game, rng, tree, exploration, playout, observer)
    rounds = _Rounds(tree, iterations, stop)
    numbers: Iterable[int] = rounds
    if observer is not None:
        observer.expanded(0, None, None, 0, _kind(tree.root), root_state, None)
        numbers = _announced(rounds, observer)
    root = tree.root
    for _ in numbers:
        leaf, drawn = select(root)
        if leaf.terminal is None:
            child = expand(leaf, drawn)
            back_up(child, simulate(child))
        else:
            # A terminal node already in the tree: its utility is the reward.
            back_up(leaf, leaf.terminal)
    return _outcome(game, tree, rounds.done, rounds.reason)


class _Rounds(Generic[S, A, R]):
    """The iterations to run, numbered from 1: ``limit`` of them, fewer if ``stop`` (asked
    before each) gives a reason to stop first. Without ``stop`` this is a plain range."""

    def __init__(
        self,
        tree: _Tree[S, A],
        limit: int | None,
        stop: Callable[[int, int, int], R | None] | None,
    ) -> None:
        if limit is None and stop is None:
            raise ValueError("uct needs a number of iterations or a stop rule")
        self.tree = tree
        self.limit = limit
        self.stop = stop
        self.done = 0
        self.reason: R | None = None

    def __iter__(self) -> Iterator[int]:
        if self.stop is None:
            assert self.limit is not None
            self.done = self.limit
            return iter(range(1, self.limit + 1))
        return self._checked(self.stop)

    def _checked(self, stop: Callable[[int, int, int], R | None]) -> Iterator[int]:
        tree = self.tree
        limit = math.inf if self.limit is None else self.limit
        done = 0
        while done < limit:
            reason = stop(done, tree.nodes, tree.deepest)
            if reason is not None:
                self.reason = reason
                break
            done += 1
            self.done = done
            yield done


def _announced(numbers: Iterable[int], observer: SearchObserver) -> Iterator[int]:
    """The iteration numbers, each told to the observer as its iteration starts."""
    for number in numbers:
        observer.mcts_iteration(number)
        yield number


def _phases(
    game: Game[S, A],
    rng: random.Random,
    tree: _Tree[S, A],
    exploration: float,
    playout: Playout,
    observer: SearchObserver | None,
) -> _Phases[S, A]:
    """SELECT, EXPAND, SIMULATE and BACK-UP for this search: plain when nobody watches,
    else each telling the observer what it did."""
    low, high = game.utility_bounds()
    heuristic = game.playout_heuristic() if playout is Playout.HEURISTIC else None
    middle = (low + high) / 2
    best_child, ucb_scores = _ucb(exploration)
    expand = _expander(game, rng, tree)
    back_up = _backer(low, high)
    if observer is None:
        return _Phases(
            _selector(best_child, rng),
            expand,
            _simulator(_playout(game, rng, heuristic, middle, game.result)),
            back_up,
        )
    played: list[A] = []
    result = game.result

    def noted(state: S, move: A) -> S:
        played.append(move)
        return result(state, move)

    return _Phases(
        _observed_selector(ucb_scores, rng, observer),
        _observed_expander(expand, observer),
        _observed_simulator(_playout(game, rng, heuristic, middle, noted), played, observer),
        _observed_back_up(back_up, observer),
    )


def _ucb(
    exploration: float,
) -> tuple[Callable[[_Node[S, A]], _Node[S, A]], Callable[[_Node[S, A]], list[float]]]:
    """UCB1 at a MAX or MIN node: the child it chooses, and every child's score.

    A child's score is its win rate for the player to move at the node (its mean
    reward scaled by the utility bounds) plus ``C * sqrt(ln N(node) / N(child))``.
    BACK-UP keeps each node's win rate and ``sqrt(N)`` (:func:`_backer`), so a choice
    reads them rather than working them out for every child at every step down.
    """
    sqrt = math.sqrt
    log = math.log

    def best_child(node: _Node[S, A]) -> _Node[S, A]:
        """The child with the highest UCB1, the first in the tree's order among equals."""
        factor = exploration * sqrt(log(node.visits))
        best = node.children[0]
        best_score = -math.inf
        for child in node.children:
            score = child.win_rate + factor / child.sqrt_visits
            if score > best_score:
                best_score = score
                best = child
        return best

    def ucb_scores(node: _Node[S, A]) -> list[float]:
        """Each child's UCB1, in the tree's order (for an observer that shows them)."""
        factor = exploration * sqrt(log(node.visits))
        return [c.win_rate + factor / c.sqrt_visits for c in node.children]

    return best_child, ucb_scores


def _selector(
    best_child: Callable[[_Node[S, A]], _Node[S, A]], rng: random.Random
) -> Callable[[_Node[S, A]], _Leaf[S, A]]:
    random = rng.random
    chance = Player.CHANCE

    def select(node: _Node[S, A]) -> _Leaf[S, A]:
        """SELECT: from ``node`` down the tree, by UCB1 at MAX and MIN nodes and by the
        outcome drawn at chance nodes, to a terminal node, a node with an untried move,
        or a chance node whose drawn outcome is not yet in the tree."""
        while node.terminal is None and not node.untried:
            if node.player is chance:
                drawn = _drawn(node, random)
                child = node.by_outcome.get(node.outcomes[drawn][0])
                if child is None:
                    return node, drawn
                node = child
            else:
                node = best_child(node)
        return node, -1

    return select


def _expander(
    game: Game[S, A], rng: random.Random, tree: _Tree[S, A]
) -> Callable[[_Node[S, A], int], _Node[S, A]]:
    result = game.result
    getrandbits = rng.getrandbits

    def expand(leaf: _Node[S, A], drawn: int) -> _Node[S, A]:
        """EXPAND: add one child to ``leaf``, the outcome ``drawn`` at a chance node, else
        an untried move picked at random, and return it."""
        if drawn < 0:
            untried = leaf.untried
            i = _below(getrandbits, len(untried))
            move = untried[i]
            untried[i] = untried[-1]
            untried.pop()
        else:
            move = leaf.outcomes[drawn][0]
        depth = leaf.depth + 1
        child = _Node(game, tree.nodes, leaf, move, result(leaf.state, move), depth)
        if drawn >= 0:
            leaf.by_outcome[move] = child
        leaf.children.append(child)
        tree.nodes += 1
        if depth > tree.deepest:
            tree.deepest = depth
        return child

    return expand


def _simulator(playout: Callable[[S], float]) -> Callable[[_Node[S, A]], float]:
    def simulate(node: _Node[S, A]) -> float:
        """SIMULATE: the reward of a game played out from ``node`` to its end."""
        terminal = node.terminal
        return playout(node.state) if terminal is None else terminal

    return simulate


def _playout(
    game: Game[S, A],
    rng: random.Random,
    heuristic: Callable[[S], A | None] | None,
    middle: float,
    result: Callable[[S, A], S],
) -> Callable[[S], float]:
    """The playout policy: uniformly random moves, or the game's heuristic first."""
    terminal_value = game.terminal_value
    to_move = game.to_move
    actions = game.actions
    chances = game.chances
    random = rng.random
    getrandbits = rng.getrandbits
    chance = Player.CHANCE
    plies = range(MAX_PLAYOUT_PLIES)

    def random_playout(state: S) -> float:
        """Uniformly random moves (and outcomes by their probabilities) to the end of the
        game; the middle of the utility bounds after MAX_PLAYOUT_PLIES plies."""
        for _ in plies:
            if to_move(state) is chance:
                move = _outcome_drawn(chances(state), random())
            else:
                # legal[rng.randrange(n)], inlined (see _below): one draw at every ply.
                legal = actions(state)
                n = len(legal)
                bits = n.bit_length()
                i = getrandbits(bits)
                while i >= n:
                    if not n:
                        raise _no_move(game, state)
                    i = getrandbits(bits)
                move = legal[i]
            state = result(state, move)
            reward = terminal_value(state)
            if reward is not None:
                return reward
        return middle

    def heuristic_playout(state: S) -> float:
        """The same, playing the heuristic's move wherever it names one."""
        assert heuristic is not None
        for _ in plies:
            if to_move(state) is chance:
                move = _outcome_drawn(chances(state), random())
            else:
                named = heuristic(state)
                if named is None:
                    legal = actions(state)
                    if not legal:
                        raise _no_move(game, state)
                    named = legal[_below(getrandbits, len(legal))]
                move = named
            state = result(state, move)
            reward = terminal_value(state)
            if reward is not None:
                return reward
        return middle

    return random_playout if heuristic is None else heuristic_playout


def _below(getrandbits: Callable[[int], int], n: int) -> int:
    """A whole number in ``[0, n)``, ``n`` positive: the very one ``rng.randrange(n)``
    draws (random.py's ``_randbelow``: ``n.bit_length()`` random bits, drawn again until
    they are below ``n``), without randrange's two calls and checks. tests/core/test_mcts.py
    holds it to randrange, so the search's draws stay those of its seed."""
    bits = n.bit_length()
    i = getrandbits(bits)
    while i >= n:
        i = getrandbits(bits)
    return i


def _no_move(game: Game[S, A], state: S) -> GameError:
    """The error for a state that is not terminal yet offers no move."""
    return GameError(
        f"{game.title} offers no move at {game.position_name(state)}, which is not terminal"
    )


def _outcome_drawn(outcomes: Sequence[tuple[A, float]], pick: float) -> A:
    """The outcome where ``pick`` (in [0, 1)) falls among the probabilities, the last one
    if rounding leaves it past them all."""
    for outcome, p in outcomes:
        pick -= p
        if pick < 0.0:
            return outcome
    return outcomes[-1][0]


def _backer(low: float, high: float) -> Callable[[_Node[S, A], float], None]:
    span = high - low if high > low else 1.0
    sqrt = math.sqrt

    def back_up(node: _Node[S, A], reward: float) -> None:
        """BACK-UP: the reward (MAX's view) into N and Q of ``node`` and of every
        ancestor; and, for UCB1, each one's win rate for the player who chooses it
        (:func:`win_rate`, inlined) and ``sqrt(N)``."""
        up: _Node[S, A] | None = node
        while up is not None:
            visits = up.visits + 1
            total = up.total + reward
            up.visits = visits
            up.total = total
            rate = (total / visits - low) / span
            up.win_rate = 1.0 - rate if up.for_min else rate
            up.sqrt_visits = sqrt(visits)
            up = up.parent

    return back_up


def _path(node: _Node[S, A]) -> tuple[int, ...]:
    """The ids of ``node`` and its ancestors, up to the root."""
    ids = []
    up: _Node[S, A] | None = node
    while up is not None:
        ids.append(up.node_id)
        up = up.parent
    return tuple(ids)


def _observed_selector(
    ucb_scores: Callable[[_Node[S, A]], list[float]],
    rng: random.Random,
    observer: SearchObserver,
) -> Callable[[_Node[S, A]], _Leaf[S, A]]:
    """SELECT, telling each step down (with the children's N, Q and UCB1 if the observer
    wants them)."""
    random = rng.random
    stats_wanted = observer.child_stats

    def stats(node: _Node[S, A], scores: Sequence[float | None]) -> tuple[ChildStats, ...]:
        if not stats_wanted:
            return ()
        return tuple(
            ChildStats(c.move, c.node_id, c.visits, c.total, s)
            for c, s in zip(node.children, scores, strict=True)
        )

    def select(node: _Node[S, A]) -> _Leaf[S, A]:
        while node.terminal is None and not node.untried:
            if node.player is Player.CHANCE:
                drawn = _drawn(node, random)
                child = node.by_outcome.get(node.outcomes[drawn][0])
                if child is None:
                    return node, drawn
                observer.selected(
                    node.node_id, child.node_id, stats(node, [None] * len(node.children))
                )
            else:
                scores = ucb_scores(node)
                child = node.children[scores.index(max(scores))]
                observer.selected(node.node_id, child.node_id, stats(node, scores))
            node = child
        return node, -1

    return select


def _observed_expander(
    expand: Callable[[_Node[S, A], int], _Node[S, A]], observer: SearchObserver
) -> Callable[[_Node[S, A], int], _Node[S, A]]:
    def expanded(leaf: _Node[S, A], drawn: int) -> _Node[S, A]:
        """EXPAND, telling the new node."""
        child = expand(leaf, drawn)
        probability = leaf.outcomes[drawn][1] if drawn >= 0 else None
        observer.expanded(
            child.node_id,
            leaf.node_id,
            child.move,
            child.depth,
            _kind(child),
            child.state,
            probability,
        )
        return child

    return expanded


def _observed_simulator(
    playout: Callable[[S], float], played: list[A], observer: SearchObserver
) -> Callable[[_Node[S, A]], float]:
    simulate = _simulator(playout)

    def simulated(node: _Node[S, A]) -> float:
        """SIMULATE, telling the moves played out (``playout`` notes them in ``played``)."""
        played.clear()
        reward = simulate(node)
        observer.playout(node.node_id, tuple(played), reward)
        return reward

    return simulated


def _observed_back_up(
    back_up: Callable[[_Node[S, A], float], None], observer: SearchObserver
) -> Callable[[_Node[S, A], float], None]:
    def backed_up(node: _Node[S, A], reward: float) -> None:
        """BACK-UP, telling the path it went up."""
        back_up(node, reward)
        observer.backpropagated(_path(node), reward)

    return backed_up


def _game_order(game: Game[S, A], node: _Node[S, A]) -> list[A]:
    """A node's moves (its outcomes at a chance node) in the game's order."""
    if node.player is Player.CHANCE:
        return [outcome for outcome, _ in node.outcomes]
    return list(game.actions(node.state))


def _outcome(
    game: Game[S, A], tree: _Tree[S, A], iterations: int, reason: R | None
) -> UctOutcome[A, R]:
    """The root's statistics in the game's move order, its most visited move and line."""
    root = tree.root
    if root.terminal is not None:
        # Every iteration ended at the root, a terminal node reached again.
        return UctOutcome(root.terminal, None, (), (), iterations, 1, 0, 0, reason)
    children = _statistics(game, root)
    low, high = game.utility_bounds()
    value = mean_reward(root.total, root.visits, low, high) if root.visits else None
    most = _most_visited(children)
    best_move = None if root.player is Player.CHANCE or most is None else most.move
    # Each expansion added one node and played one playout.
    playouts = tree.nodes - 1
    return UctOutcome(
        value,
        best_move,
        _line(game, root),
        children,
        iterations,
        tree.nodes,
        playouts,
        tree.deepest,
        reason,
    )


def _statistics(game: Game[S, A], root: _Node[S, A]) -> tuple[MoveStats[A], ...]:
    """Every move (outcome) of the root in the game's order, with N and Q (0 if untried)."""
    by_move = {c.move: c for c in root.children}
    return tuple(
        MoveStats(m, by_move[m].visits, by_move[m].total) if m in by_move else MoveStats(m, 0, 0.0)
        for m in _game_order(game, root)
    )


def _line(game: Game[S, A], root: _Node[S, A]) -> tuple[A, ...]:
    """The most visited child's move from the root down the tree, the game's order
    deciding ties (the tree's order is the order of expansion)."""
    line: list[A] = []
    node = root
    while node.children:
        rank = {c.move: c for c in node.children}
        stats = [
            MoveStats(m, rank[m].visits, rank[m].total)
            for m in _game_order(game, node)
            if m in rank
        ]
        most = _most_visited(stats)
        assert most is not None  # a child in the tree was visited when it was added
        line.append(most.move)
        node = rank[most.move]
    return tuple(line)


def _most_visited(children: Sequence[MoveStats[A]]) -> MoveStats[A] | None:
    """The child with the most visits, the first among equals; None if none was visited."""
    best: MoveStats[A] | None = None
    for child in children:
        if child.visits and (best is None or child.visits > best.visits):
            best = child
    return best
