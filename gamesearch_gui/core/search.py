"""Adversarial search: minimax, alpha-beta, expectiminimax and Star1, one engine for all.

One recursive search serves every algorithm and setting: depth cutoffs with a named
evaluation, iterative deepening with a time budget, move ordering, a transposition
table. It reports through the event stream of :mod:`gamesearch_gui.core.events` and
returns a :class:`SearchResult`. The CLI, the tests, the benchmarks and the Qt worker
all call :func:`search`.

Conventions (Russell & Norvig, 4th ed., Figure 5.7):

* Alpha-beta cuts when ``v >= beta`` at a MAX node and when ``v <= alpha`` at a MIN
  node, children left to right; values are fail-soft, so a value outside the window is
  a bound (see :class:`~gamesearch_gui.core.events.NodeValued`).
* Ties: the first move (in the order searched) among the best is the best move, and two
  values within ``TIE_TOLERANCE`` of their size are equal (:mod:`.numbers`), so float
  noise from a chance node's sum never decides.
* A cutoff is counted only when it skips at least one child.
* Star1 (Ballard 1983) prunes at chance nodes from the bounds ``[L, U]`` on every
  utility and evaluation. Its windows are widened by a bound on their rounding error,
  and a value that lands within that margin of a window's edge is decided in exact
  arithmetic on the numbers as written (0.6 is 3/5), so it cuts exactly where the
  textbook does; ``SearchStats.exact_checks`` counts those decisions.
* A chance node's probabilities are used normalized to sum to 1 (a file may be off by
  up to 1e-9), by expectiminimax and Star1 alike.
"""

from __future__ import annotations

import enum
import math
import sys
import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Final

from gamesearch_gui.core.events import Listener, NodeKind, SearchObserver, Valuation, observer
from gamesearch_gui.core.game import NO_EVALUATION, Game, GameError, Player
from gamesearch_gui.core.maxn import search_vectors, vector_problem
from gamesearch_gui.core.mcts import (
    DEFAULT_EXPLORATION,
    MAX_ITERATIONS,
    Playout,
    check_uct,
    uct,
)
from gamesearch_gui.core.numbers import TIE_TOLERANCE, better
from gamesearch_gui.core.table import TT_EXACT, TT_LOWER, TT_UPPER

INF: Final = math.inf
#: Deepest depth limit a search accepts: each ply is two Python frames, and no game here
#: needs more (a drawn tree is at most 200 levels deep).
MAX_SEARCH_DEPTH: Final = 1000


class Algorithm(enum.Enum):
    """Which search to run."""

    MINIMAX = "minimax"
    ALPHABETA = "alphabeta"
    EXPECTIMINIMAX = "expectiminimax"
    STAR1 = "star1"
    MCTS = "mcts"  #: Monte Carlo tree search (UCT), in :mod:`gamesearch_gui.core.mcts`
    MAXN = "maxn"  #: max^n for n players, in :mod:`gamesearch_gui.core.maxn`
    #: all others against the root player: alpha-beta on its share (core/maxn.py)
    PARANOID = "paranoid"

    @property
    def handles_chance(self) -> bool:
        """True for the algorithms that know chance nodes."""
        return self in (
            Algorithm.EXPECTIMINIMAX,
            Algorithm.STAR1,
            Algorithm.MCTS,
            Algorithm.MAXN,
            Algorithm.PARANOID,
        )

    @property
    def prunes(self) -> bool:
        """True for the algorithms that cut with an (alpha, beta) window."""
        return self in (Algorithm.ALPHABETA, Algorithm.STAR1, Algorithm.PARANOID)

    @property
    def handles_players(self) -> bool:
        """True for the algorithms that search games of more than two players."""
        return self in (Algorithm.MAXN, Algorithm.PARANOID)

    @property
    def title(self) -> str:
        """The algorithm as a person reads it ("Alpha-beta"): the one name the window's
        settings, statistics and tree editor give it (``value`` is the command line's)."""
        return ALGORITHM_TITLES[self]


class Ordering(enum.Enum):
    """In what order a node's moves are searched."""

    NONE = "none"  #: the game's natural order (a drawn tree's drawn order)
    STATIC = "static"  #: the game's static heuristic (a drawn tree: by ``eval``)
    PREVIOUS_BEST = "previous-best"  #: the best move found for that position before first

    @property
    def title(self) -> str:
        """The ordering as a person reads it ("Static heuristic")."""
        return ORDERING_TITLES[self]


#: What each algorithm is called on screen (:attr:`Algorithm.title`).
ALGORITHM_TITLES: Final = {
    Algorithm.MINIMAX: "Minimax",
    Algorithm.ALPHABETA: "Alpha-beta",
    Algorithm.EXPECTIMINIMAX: "Expectiminimax",
    Algorithm.STAR1: "Star1 (expectiminimax with chance pruning)",
    Algorithm.MCTS: "Monte Carlo tree search (UCT)",
    Algorithm.MAXN: "Max^n",
    Algorithm.PARANOID: "Paranoid",
}
#: What each move ordering is called on screen (:attr:`Ordering.title`).
ORDERING_TITLES: Final = {
    Ordering.NONE: "None (natural order)",
    Ordering.STATIC: "Static heuristic",
    Ordering.PREVIOUS_BEST: "Previous best first",
}


class Bound(enum.Enum):
    """What a reported value says about the true value."""

    EXACT = "exact"
    UPPER = "upper"  #: the true value is at most this (it failed low)
    LOWER = "lower"  #: the true value is at least this (it failed high)
    ESTIMATE = "estimate"  #: a sample mean (Monte Carlo tree search's Q/N), no bound


class StopReason(enum.Enum):
    """Why a search ended."""

    FINISHED = "finished"
    TIME = "time budget"
    CANCELLED = "cancelled"
    NODE_CAP = "node cap"


class SettingsError(GameError):
    """Search settings that are impossible, or that do not fit the game."""


class ValueOverflowError(GameError):
    """A value too large for floating point: a chance node's sum overflowed."""


@dataclass(frozen=True, slots=True)
class SearchSettings:
    """Everything that shapes one search, as one immutable value.

    ``depth`` None means to the end of the game; ``evaluation`` None means the game's
    first (default) evaluation; a ``time_budget`` (seconds) switches to iterative
    deepening up to ``depth``; ``node_cap`` stops the search after that many nodes.
    ``exact_root_values`` searches every root move with the full window, so each gets
    its exact value (for hints and move labels), at the price of less pruning there.
    ``fail_hard`` (alpha-beta only) returns from each MAX or MIN node its window's edge
    instead of a value outside it: alpha when it fails low, beta when it fails high, as
    the lecture pseudo-code that returns alpha or beta does. The root's value, its best
    move and every cutoff are the same as fail-soft's (R&N Figure 5.7); the values inner
    nodes return are not.
    ``quiescence`` keeps searching past the depth limit where the position is not quiet,
    along the game's noisy moves only (:meth:`Game.noisy_actions`), at most
    ``QUIESCENCE_PLIES`` plies further; it needs a depth limit (or deepening) to extend.
    Where the game says a side may stand pat (:attr:`Game.quiescence_stands_pat`, chess),
    the evaluation there is a choice besides the noisy moves.

    ``iterations``, ``exploration`` (UCB1's C), ``seed`` and ``playout`` belong to
    ``Algorithm.MCTS``, which takes an iteration count, a time budget or both (it stops
    at the first reached), and no depth, evaluation, ordering or table: its playouts
    run to the end of the game.

    ``shallow_pruning`` (max^n only) cuts where a game's declared constant sum shows that
    the parent's mover will not choose a node (core/maxn.py). Max^n and the paranoid
    search take a depth, an evaluation, a transposition table and a node cap, and none
    of the other options.
    """

    algorithm: Algorithm = Algorithm.ALPHABETA
    depth: int | None = None
    evaluation: str | None = None
    ordering: Ordering = Ordering.NONE
    transposition_table: bool = False
    time_budget: float | None = None
    node_cap: int | None = None
    exact_root_values: bool = False
    fail_hard: bool = False
    quiescence: bool = False
    iterations: int | None = None
    exploration: float = DEFAULT_EXPLORATION
    seed: int = 0
    playout: Playout = Playout.RANDOM
    shallow_pruning: bool = False

    def __post_init__(self) -> None:
        if self.depth is not None and (
            isinstance(self.depth, bool) or not 1 <= self.depth <= MAX_SEARCH_DEPTH
        ):
            raise SettingsError(
                f"depth must be a whole number from 1 to {MAX_SEARCH_DEPTH}, not {self.depth}"
            )
        if self.time_budget is not None and not (
            math.isfinite(self.time_budget) and self.time_budget > 0
        ):
            raise SettingsError(
                f"time budget must be a positive number of seconds, not {self.time_budget}"
            )
        if self.node_cap is not None and self.node_cap < 1:
            raise SettingsError(f"node cap must be at least 1, not {self.node_cap}")
        if self.fail_hard and self.algorithm is not Algorithm.ALPHABETA:
            raise SettingsError(
                f"fail-hard is a variant of alpha-beta, not of {self.algorithm.value}"
            )
        self._check_mcts()
        self._check_players()
        if self.quiescence and self.depth is None and not self.iterative:
            raise SettingsError(
                "quiescence search goes on past a depth limit: give a depth limit too"
            )

    def _check_mcts(self) -> None:
        """The MCTS fields: valid under MCTS, at their defaults under any other search."""
        if self.algorithm is not Algorithm.MCTS:
            if (
                self.iterations is not None
                or self.exploration != DEFAULT_EXPLORATION
                or self.seed != 0
                or self.playout is not Playout.RANDOM
            ):
                raise SettingsError(
                    "iterations, exploration, seed and playout belong to mcts, "
                    f"not to {self.algorithm.value}"
                )
            return
        for what, unwanted in (
            ("depth limit", self.depth is not None),
            ("evaluation function", self.evaluation is not None),
            ("move ordering", self.ordering is not Ordering.NONE),
            ("transposition table", self.transposition_table),
            ("quiescence search", self.quiescence),
        ):
            if unwanted:
                raise SettingsError(
                    f"mcts takes no {what}: its playouts run to the end of the game"
                )
        if self.iterations is None and self.time_budget is None:
            raise SettingsError("mcts needs a number of iterations or a time budget")
        if self.iterations is not None and (
            isinstance(self.iterations, bool) or not 1 <= self.iterations <= MAX_ITERATIONS
        ):
            raise SettingsError(
                f"iterations must be a whole number from 1 to {MAX_ITERATIONS}, "
                f"not {self.iterations}"
            )
        if isinstance(self.exploration, bool) or not (
            math.isfinite(self.exploration) and self.exploration >= 0
        ):
            raise SettingsError(
                f"the exploration constant must be a number of at least 0, not {self.exploration}"
            )
        if isinstance(self.seed, bool) or not isinstance(self.seed, int):
            raise SettingsError(f"the seed must be a whole number, not {self.seed!r}")

    def _check_players(self) -> None:
        """Max^n and paranoid take no ordering, deepening, root window or quiescence;
        shallow pruning belongs to max^n."""
        if self.shallow_pruning and self.algorithm is not Algorithm.MAXN:
            raise SettingsError(f"shallow pruning belongs to maxn, not to {self.algorithm.value}")
        if not self.algorithm.handles_players:
            return
        for what, unwanted in (
            ("move ordering", self.ordering is not Ordering.NONE),
            ("time budget", self.time_budget is not None),
            ("exact root values", self.exact_root_values),
            ("quiescence search", self.quiescence),
        ):
            if unwanted:
                raise SettingsError(f"{self.algorithm.value} takes no {what}")

    @property
    def iterative(self) -> bool:
        """True when the search deepens one ply at a time."""
        if self.algorithm is Algorithm.MCTS:
            return False
        return self.time_budget is not None or self.ordering is Ordering.PREVIOUS_BEST

    @property
    def convention(self) -> str:
        """Which values alpha-beta returns, as people name it: "fail-hard" (alpha or
        beta) or "fail-soft" (the node's own best); "" for the other algorithms."""
        if self.algorithm is not Algorithm.ALPHABETA:
            return ""
        return "fail-hard" if self.fail_hard else "fail-soft"


@dataclass(frozen=True, slots=True)
class SearchStats:
    """Counts for one search (all iterations together)."""

    nodes: int = 0
    leaves: int = 0
    cutoffs: int = 0
    tt_hits: int = 0
    max_depth: int = 0
    seconds: float = 0.0
    #: Nodes searched past the depth limit by quiescence search (counted in ``nodes`` too).
    quiescence_nodes: int = 0
    #: Star1 cut decisions too close for floating point to make, made in exact arithmetic
    #: instead (a value on the edge of a window, or value bounds far wider than the values).
    exact_checks: int = 0
    #: Monte Carlo tree search's iterations (0 for the other algorithms).
    iterations: int = 0

    @property
    def nodes_per_second(self) -> float:
        """Nodes visited per second of search."""
        return self.nodes / self.seconds if self.seconds > 0 else 0.0


@dataclass(frozen=True, slots=True)
class RootMove:
    """A root move and the value the search gave it (exact, or a bound after a cut).

    Under MCTS ``value`` is the move's Q/N (``Bound.ESTIMATE``), ``visits`` its N and
    ``total`` its Q; the other algorithms leave those two None. Under max^n and paranoid
    ``Bound.UPPER`` marks a move cut short (see ``SearchResult``).
    """

    move: Any
    value: float
    bound: Bound
    visits: int | None = None
    total: float | None = None
    #: Max^n and paranoid: the move's whole vector (``value`` is the root player's share).
    values: tuple[float, ...] | None = None


@dataclass(frozen=True, slots=True)
class IterationSummary:
    """One iteration of iterative deepening."""

    depth: int
    completed: bool
    value: float | None
    best_move: Any
    nodes: int
    seconds: float


@dataclass(frozen=True, slots=True)
class SearchResult:
    """What a search found.

    ``best_move`` is None only at a chance root, or when the search was stopped before
    the first root move was searched. ``depth`` is the depth of the (last finished)
    search, None for a search to the end of the game. ``complete`` is False when a
    cancel, the time budget or the node cap cut the last iteration short.

    Max^n and paranoid: ``values`` is the root's vector, one utility per player, and
    ``value`` its component of ``player``, the root player (who decides at the root);
    the two-player algorithms leave ``values`` None.
    """

    value: float | None
    best_move: Any
    principal_variation: tuple[Any, ...]
    root_moves: tuple[RootMove, ...]
    stats: SearchStats
    depth: int | None
    complete: bool
    stop_reason: StopReason
    settings: SearchSettings
    iterations: tuple[IterationSummary, ...] = field(default=())
    values: tuple[float, ...] | None = None
    player: int = 0


class CancelToken:
    """A flag another thread sets to stop a search between two nodes."""

    __slots__ = ("cancelled",)

    def __init__(self) -> None:
        self.cancelled = False

    def cancel(self) -> None:
        """Ask the search to stop; it does within a few hundred nodes."""
        self.cancelled = True


@dataclass(frozen=True, slots=True)
class SearchProgress:
    """How far a running search has got: handed to a progress callback now and then."""

    nodes: int
    depth: int | None  #: the depth being searched (None: to the end of the game)
    max_depth: int  #: the deepest ply reached so far
    seconds: float
    iterations: int | None = None  #: MCTS's iterations so far (None for the other searches)


ProgressCallback = Callable[[SearchProgress], None]


class _Stop(Exception):
    """Unwinds the recursion when a search must stop."""

    def __init__(self, reason: StopReason) -> None:
        super().__init__(reason.value)
        self.reason = reason


#: Entries kept at most in the transposition table and the best-move memory.
TABLE_LIMIT: Final = 2_000_000
#: How many nodes pass between two looks at the clock, the cancel flag and the node cap.
_CHECK_EVERY: Final = 256
#: Deepest iteration of iterative deepening in a game that can go on forever.
MAX_ITERATIVE_DEPTH: Final = 64
#: How many plies quiescence search may go past the depth limit: a position still not
#: quiet there is evaluated as it stands, so every search ends.
QUIESCENCE_PLIES: Final = 10

_KIND: Final = {Player.MAX: NodeKind.MAX, Player.MIN: NodeKind.MIN, Player.CHANCE: NodeKind.CHANCE}


def node_kind(game: Game[Any, Any], state: Any) -> NodeKind:
    """How ``state`` is drawn in a search tree."""
    if game.terminal_value(state) is not None:
        return NodeKind.TERMINAL
    return _KIND[game.to_move(state)]


def check_settings(game: Game[Any, Any], state: Any, settings: SearchSettings) -> None:
    """Raise SettingsError when ``settings`` cannot search ``game`` from ``state``."""
    algorithm = settings.algorithm
    n = len(game.players)
    if n != 2 and not algorithm.handles_players:
        raise SettingsError(
            f"{game.title} has {n} players: use maxn or paranoid, not {algorithm.value}"
        )
    if game.has_chance and not algorithm.handles_chance:
        raise SettingsError(
            f"{game.title} has chance nodes: use expectiminimax or star1, not {algorithm.value}"
        )
    if algorithm is Algorithm.MCTS:
        # Playouts end the game whatever its length: no evaluation, no depth to check.
        problem = check_uct(game, settings.playout)
        if problem:
            raise SettingsError(problem)
        return
    if algorithm.handles_players:
        problem = vector_problem(game, shallow=settings.shallow_pruning)
        if problem:
            raise SettingsError(problem)
    evaluations = game.cutoff_vector_evaluations() if n != 2 else game.cutoff_evaluations()
    names = list(evaluations)
    if settings.evaluation is not None and settings.evaluation not in names:
        known = ", ".join(names)
        raise SettingsError(
            f"{game.title} has no evaluation {settings.evaluation!r} (it has: {known})"
        )
    if settings.quiescence and not game.has_quiescence:
        raise SettingsError(
            f"{game.title} does not say which positions are quiet, so it has no quiescence search"
        )
    plies = game.max_plies(state)
    # A cutoff that can be reached needs an evaluation; a finite game without one is
    # searched to its end even when deepening was asked for (see _Engine.run).
    cutoffs = (settings.depth is not None and (plies is None or settings.depth < plies)) or (
        settings.iterative and plies is None
    )
    if cutoffs and settings.evaluation is None and len(names) < 2:
        raise SettingsError(
            f"a depth cutoff needs an evaluation function (a drawn tree: an 'eval' on its "
            f"inner nodes), and {game.title} has none; name the evaluation "
            f"'{NO_EVALUATION}' for 0 at every cutoff"
        )
    if plies is None and settings.depth is None and settings.time_budget is None:
        raise SettingsError(f"{game.title} can go on forever: give a depth limit or a time budget")
    if algorithm is Algorithm.STAR1:
        low, high = game.utility_bounds()
        if not (math.isfinite(low) and math.isfinite(high) and low <= high):
            raise SettingsError(f"star1 needs finite utility bounds, not [{low}, {high}]")
        if settings.evaluation == NO_EVALUATION and not low <= 0 <= high:
            raise SettingsError(
                f"the evaluation '{NO_EVALUATION}' gives 0, outside the value bounds "
                f"[{low}, {high}] that star1 prunes with"
            )


def search(
    game: Game[Any, Any],
    state: Any,
    settings: SearchSettings | None = None,
    *,
    listener: Listener | SearchObserver | None = None,
    cancel: CancelToken | None = None,
    progress: ProgressCallback | None = None,
) -> SearchResult:
    """Search ``game`` from ``state`` and return what it found.

    ``listener`` gets every event; ``progress`` is called every few hundred nodes (it
    costs nothing per node, so a progress bar needs no listener); ``cancel`` stops the
    search from another thread.

    Raises SettingsError for settings that do not fit the game, and the game's own
    GameError (a drawn tree's missing ``eval``, say) when the game cannot answer.
    """
    settings = settings or SearchSettings()
    check_settings(game, state, settings)
    if settings.algorithm is Algorithm.MCTS:
        return _monte_carlo(game, state, settings, observer(listener), cancel, progress)
    if settings.algorithm.handles_players:
        return _vectors(game, state, settings, observer(listener), cancel, progress)
    return _Engine(game, settings, listener, cancel, progress).run(state)


#: How many MCTS iterations pass between two progress reports.
_PROGRESS_EVERY: Final = 64


def _monte_carlo(
    game: Game[Any, Any],
    state: Any,
    settings: SearchSettings,
    obs: SearchObserver | None,
    cancel: CancelToken | None,
    progress: ProgressCallback | None,
) -> SearchResult:
    """UCT (core/mcts.py) with this module's stopping rules, as a SearchResult."""
    token = cancel or CancelToken()
    started = time.perf_counter()
    budget = settings.time_budget
    deadline = None if budget is None else started + budget
    limit = settings.iterations
    cap = settings.node_cap

    def stop(iterations: int, nodes: int, deepest: int) -> StopReason | None:
        # Asked before each iteration, which takes microseconds: a cancel is seen at once.
        if limit is not None and iterations >= limit:
            return StopReason.FINISHED
        if progress is not None and iterations % _PROGRESS_EVERY == 0:
            seconds = time.perf_counter() - started
            progress(SearchProgress(nodes, None, deepest, seconds, iterations))
        # The first iteration always runs, so there is a move to play ("move now" at once).
        if iterations and token.cancelled:
            return StopReason.CANCELLED
        if iterations and deadline is not None and time.perf_counter() >= deadline:
            return StopReason.TIME
        if iterations and cap is not None and nodes >= cap:
            return StopReason.NODE_CAP
        return None

    found = uct(
        game,
        state,
        exploration=settings.exploration,
        seed=settings.seed,
        playout=settings.playout,
        stop=stop,
        observer=obs,
    )
    # The iterations asked for, or the time budget when it was the only limit: as planned.
    complete = found.reason is StopReason.FINISHED or (
        found.reason is StopReason.TIME and limit is None
    )
    stats = SearchStats(
        nodes=found.nodes,
        leaves=found.playouts,
        max_depth=found.max_depth,
        seconds=time.perf_counter() - started,
        iterations=found.iterations,
    )
    root_moves = tuple(
        RootMove(child.move, child.total / child.visits, Bound.ESTIMATE, child.visits, child.total)
        for child in found.children
        if child.visits
    )
    return SearchResult(
        value=found.value,
        best_move=found.best_move,
        principal_variation=found.line,
        root_moves=root_moves,
        stats=stats,
        depth=None,
        complete=complete,
        stop_reason=found.reason,
        settings=settings,
    )


def _vectors(
    game: Game[Any, Any],
    state: Any,
    settings: SearchSettings,
    obs: SearchObserver | None,
    cancel: CancelToken | None,
    progress: ProgressCallback | None,
) -> SearchResult:
    """Max^n or paranoid (core/maxn.py) with this module's stopping rules, as a result."""
    token = cancel or CancelToken()
    started = time.perf_counter()
    cap = settings.node_cap
    depth = settings.depth

    def stop(nodes: int, deepest: int) -> StopReason | None:
        if token.cancelled:
            return StopReason.CANCELLED
        if cap is not None and nodes >= cap:
            return StopReason.NODE_CAP
        if progress is not None:
            progress(SearchProgress(nodes, depth, deepest, time.perf_counter() - started))
        return None

    name = settings.evaluation or next(iter(game.vector_evaluations()), None)
    plies = game.max_plies(state)
    old_limit = sys.getrecursionlimit()
    deepest = depth if depth is not None else plies if plies is not None else MAX_SEARCH_DEPTH
    sys.setrecursionlimit(max(old_limit, 2 * deepest + 500))
    try:
        found = search_vectors(
            game,
            state,
            paranoid=settings.algorithm is Algorithm.PARANOID,
            shallow=settings.shallow_pruning,
            depth=depth,
            evaluate=game.cutoff_vector_evaluations()[name] if name else None,
            observer=obs,
            stop=stop,
            table_size=TABLE_LIMIT if settings.transposition_table else 0,
        )
    finally:
        sys.setrecursionlimit(old_limit)
    me = found.player
    root_moves = tuple(
        RootMove(r.move, r.values[me], Bound.EXACT if r.exact else Bound.UPPER, values=r.values)
        for r in found.root_moves
    )
    stats = SearchStats(
        nodes=found.nodes,
        leaves=found.leaves,
        cutoffs=found.cutoffs,
        tt_hits=found.tt_hits,
        max_depth=found.max_depth,
        seconds=time.perf_counter() - started,
    )
    return SearchResult(
        value=None if found.values is None else found.values[me],
        best_move=found.best_move,
        principal_variation=found.line,
        root_moves=root_moves,
        stats=stats,
        depth=depth,
        complete=found.reason is None,
        stop_reason=found.reason or StopReason.FINISHED,
        settings=settings,
        values=found.values,
        player=me,
    )


class _Engine:
    """One search's state: counters, tables, and the recursion built for its settings."""

    def __init__(
        self,
        game: Game[Any, Any],
        settings: SearchSettings,
        listener: Listener | SearchObserver | None,
        cancel: CancelToken | None,
        progress: ProgressCallback | None = None,
    ) -> None:
        self.game = game
        self.settings = settings
        self.observer = observer(listener)
        self.cancel = cancel or CancelToken()
        self.progress = progress
        self.depth: int | None = settings.depth
        evaluations = game.cutoff_evaluations()
        name = settings.evaluation or next(iter(game.evaluations()), None)
        self.evaluate: Callable[[Any], float] | None = evaluations[name] if name else None
        self.tt: dict[Hashable, tuple[int, float, int, Any]] = {}
        self.best_memory: dict[Hashable, Any] = {}
        self.nodes = 0
        self.leaves = 0
        self.cutoffs = 0
        self.tt_hits = 0
        self.exact_checks = 0
        self.quiescence_nodes = 0
        self.max_ply = 0
        self.used_evaluation = False
        self.deadline: float | None = None
        self.clock_armed = True
        self.started = 0.0

    # -- driving -------------------------------------------------------------------

    def run(self, root: Any) -> SearchResult:
        """Search from ``root``: once, or deepening one ply at a time."""
        settings = self.settings
        self.started = time.perf_counter()
        if settings.time_budget is not None:
            self.deadline = self.started + settings.time_budget
        plies_left = self.game.max_plies(root)
        if settings.depth is not None:
            limit = settings.depth if plies_left is None else min(settings.depth, plies_left)
        elif plies_left is not None:
            limit = plies_left
        else:
            limit = MAX_ITERATIVE_DEPTH
        limit = max(limit, 1)
        old_limit = sys.getrecursionlimit()
        sys.setrecursionlimit(max(old_limit, 2 * limit + 500))
        try:
            # Deepening needs an evaluation at each cutoff. A game of bounded length that
            # has none (a drawn tree without evals) is searched once, to its end: with no
            # earlier iteration, previous-best ordering has nothing to learn from anyway.
            if settings.iterative and (self.evaluate is not None or plies_left is None):
                return self._deepen(root, limit)
            return self._once(root, settings.depth)
        finally:
            sys.setrecursionlimit(old_limit)

    def _once(self, root: Any, depth: int | None) -> SearchResult:
        root_moves: list[RootMove] = []
        pv: list[tuple[Any, ...]] = []
        reason = StopReason.FINISHED
        value: float | None
        try:
            value = self._iteration(root, depth, (), root_moves, pv)
        except _Stop as stop:
            reason = stop.reason
            value = None
        if reason is StopReason.FINISHED:
            best = self._best_of(root, root_moves)
            line = self._extend_pv(root, pv[0], depth)
            return self._result(value, best, line, root_moves, depth, True, reason, ())
        # Stopped early: the best root move among those fully searched, if any.
        best, value = self._best_so_far(root, root_moves)
        line = (best,) if best is not None else ()
        return self._result(value, best, line, root_moves, depth, False, reason, ())

    def _deepen(self, root: Any, limit: int) -> SearchResult:
        obs = self.observer
        iterations: list[IterationSummary] = []
        done: tuple[Any, ...] | None = None  # value, best, pv, root moves, depth of the last
        previous_line: tuple[Any, ...] = ()
        reason = StopReason.FINISHED
        for depth in range(1, limit + 1):
            if depth > 1 and self.deadline is not None and time.perf_counter() >= self.deadline:
                reason = StopReason.TIME
                break
            if obs is not None:
                obs.iteration_started(depth)
            nodes_before = self.nodes
            started = time.perf_counter()
            self.used_evaluation = False
            self.depth = depth
            root_moves: list[RootMove] = []
            pv: list[tuple[Any, ...]] = []
            # The first iteration searches at least its first root move, so there is a move
            # to play; the clock is armed once it has one (see the root in _iteration).
            self.clock_armed = depth > 1
            try:
                value = self._iteration(root, depth, previous_line, root_moves, pv)
            except _Stop as stop:
                reason = stop.reason
                summary = IterationSummary(
                    depth,
                    False,
                    None,
                    None,
                    self.nodes - nodes_before,
                    time.perf_counter() - started,
                )
                iterations.append(summary)
                if obs is not None:
                    obs.iteration_finished(depth, False, None, None, summary.nodes)
                break
            best = self._best_of(root, root_moves)
            line = self._extend_pv(root, pv[0], depth)
            summary = IterationSummary(
                depth, True, value, best, self.nodes - nodes_before, time.perf_counter() - started
            )
            iterations.append(summary)
            if obs is not None:
                obs.iteration_finished(depth, True, value, best, summary.nodes)
            done = (value, best, line, tuple(root_moves), depth)
            previous_line = line
            if not self.used_evaluation:
                break  # no cutoff was reached: a deeper search would see nothing new
        if done is None:
            # Stopped inside the first iteration (cancel, time budget or node cap).
            move, so_far = self._best_so_far(root, root_moves)
            line = (move,) if move is not None else ()
            return self._result(so_far, move, line, root_moves, 1, False, reason, iterations)
        value, best, line, moves, last = done
        complete = reason is StopReason.FINISHED
        # An iteration that reached no cutoff solved the game to its end.
        solved = complete and not self.used_evaluation and self.settings.depth is None
        return self._result(
            value, best, line, list(moves), None if solved else last, complete, reason, iterations
        )

    def _result(
        self,
        value: float | None,
        best: Any,
        line: tuple[Any, ...],
        root_moves: list[RootMove],
        depth: int | None,
        complete: bool,
        reason: StopReason,
        iterations: Sequence[IterationSummary],
    ) -> SearchResult:
        stats = SearchStats(
            nodes=self.nodes,
            leaves=self.leaves,
            cutoffs=self.cutoffs,
            tt_hits=self.tt_hits,
            max_depth=self.max_ply,
            seconds=time.perf_counter() - self.started,
            exact_checks=self.exact_checks,
            quiescence_nodes=self.quiescence_nodes,
        )
        return SearchResult(
            value=value,
            best_move=best,
            principal_variation=line,
            root_moves=tuple(root_moves),
            stats=stats,
            depth=depth,
            complete=complete,
            stop_reason=reason,
            settings=self.settings,
            iterations=tuple(iterations),
        )

    def _best_of(self, root: Any, root_moves: list[RootMove]) -> Any:
        """The first root move with the best exact value (None at a chance root)."""
        if not root_moves or self.game.to_move(root) is Player.CHANCE:
            return None
        maximizing = self.game.to_move(root) is Player.MAX
        best = root_moves[0]
        for candidate in root_moves[1:]:
            if candidate.bound is Bound.EXACT and better(candidate.value, best.value, maximizing):
                best = candidate
        return best.move

    def _best_so_far(self, root: Any, root_moves: list[RootMove]) -> tuple[Any, float | None]:
        best = self._best_of(root, root_moves)
        for move in root_moves:
            if move.move == best:
                return best, move.value
        return None, None

    def _extend_pv(self, root: Any, line: tuple[Any, ...], depth: int | None) -> tuple[Any, ...]:
        """Continue a line cut short by a transposition hit with the table's best moves."""
        if not self.settings.transposition_table and self.settings.ordering is not (
            Ordering.PREVIOUS_BEST
        ):
            return line
        game = self.game
        state = root
        for move in line:
            state = game.result(state, move)
        extended = list(line)
        while depth is None or len(extended) < depth:
            if game.terminal_value(state) is not None or game.to_move(state) is Player.CHANCE:
                break
            key = game.key(state)
            move = self.best_memory.get(key)
            entry = self.tt.get(key)
            if move is None and entry is not None and entry[2] == TT_EXACT:
                move = entry[3]
            if move is None:
                break
            extended.append(move)
            state = game.result(state, move)
        return tuple(extended)

    # -- the recursion -------------------------------------------------------------

    def _checkpoint(self, nodes: int, max_ply: int) -> None:
        """Between nodes: report progress; stop for a cancel, the time budget or the node cap."""
        self.nodes = nodes
        if self.progress is not None:
            seconds = time.perf_counter() - self.started
            self.progress(SearchProgress(nodes, self.depth, max(max_ply, self.max_ply), seconds))
        if self.cancel.cancelled:
            raise _Stop(StopReason.CANCELLED)
        if self.clock_armed and self.deadline is not None and time.perf_counter() >= self.deadline:
            raise _Stop(StopReason.TIME)
        cap = self.settings.node_cap
        if cap is not None and self.nodes >= cap:
            raise _Stop(StopReason.NODE_CAP)

    def _iteration(
        self,
        root: Any,
        depth: int | None,
        previous_line: tuple[Any, ...],
        root_moves: list[RootMove],
        pv_out: list[tuple[Any, ...]],
    ) -> float:
        """One search of the whole tree to ``depth`` (None: to the end)."""
        game = self.game
        settings = self.settings
        obs = self.observer
        emit = obs is not None  # whether anyone is told what happens
        # Bound once: a call per node, no event object (a no-op stands in when no one listens,
        # and ``emit`` spares even the call).
        entered: Callable[..., None] = obs.entered if obs is not None else _nothing
        valued: Callable[..., None] = obs.valued if obs is not None else _nothing
        pruned: Callable[..., None] = obs.pruned if obs is not None else _nothing
        algorithm = settings.algorithm
        prune = algorithm.prunes
        star1 = algorithm is Algorithm.STAR1
        low, high = game.utility_bounds() if star1 else (-INF, INF)
        to_move = game.to_move
        terminal_value = game.terminal_value
        static = settings.ordering is not Ordering.NONE
        actions = game.ordered_actions if static else game.actions
        result = game.result
        chances = game.chances
        key = game.key
        evaluate = self.evaluate
        use_tt = settings.transposition_table
        tt = self.tt
        remember = settings.ordering is Ordering.PREVIOUS_BEST
        memory = self.best_memory
        exact_root = settings.exact_root_values
        fail_hard = settings.fail_hard
        limited = depth is not None
        depth_limit = depth if depth is not None else 1 << 30
        # Quiescence: nodes from the depth limit up to ``quiet_limit`` are searched along
        # their noisy moves; below ``horizon_ply`` every child is a leaf, told inline.
        quiescence = settings.quiescence
        noisy = game.noisy_actions
        quiet_limit = depth_limit + QUIESCENCE_PLIES if quiescence else 0
        stand_pat = quiescence and game.quiescence_stands_pat
        horizon_ply = quiet_limit if quiescence else depth_limit
        quiet_top = depth_limit if quiescence else -1  # where a quiescence search starts
        quiet_from = 0  # the first node id of the quiescence search under way
        quiescence_nodes = self.quiescence_nodes
        plies = game.max_plies(root)
        size = (horizon_ply if plies is None else min(horizon_ply, plies)) + 2
        # Each ply's line so far as a linked pair (move, rest): O(1) to extend.
        pvs: list[Any] = [None] * size
        pv_line = previous_line
        pv_len = len(pv_line)
        checkpoint = self._checkpoint
        max_player = Player.MAX
        min_player = Player.MIN
        chance_player = Player.CHANCE
        check_at = self.nodes + 1
        next_id = self.nodes
        leaves = self.leaves
        cutoffs = self.cutoffs
        tt_hits = self.tt_hits
        exact_checks = self.exact_checks
        max_ply = self.max_ply
        used_evaluation = False
        tie = TIE_TOLERANCE
        suffixes: dict[tuple[float, ...], tuple[float, ...]] = {}

        # Who the next node's parent is, by which move (and probability): set by the
        # parent only when someone listens, read by the child, which tells of its own
        # entry (its kind from the terminal value the parent looked up, once).
        entering_parent: int | None = None
        entering_move: Any = None
        entering_p: float | None = None
        # A leaf below a MAX or MIN node is entered and valued in one call.
        leaf: Callable[..., None] | None = obs.leaf if obs is not None else None
        # Kinds by the identity of the player (an enum member hashes in Python code).
        kinds = {id(max_player): NodeKind.MAX, id(min_player): NodeKind.MIN}
        kinds[id(chance_player)] = NodeKind.CHANCE
        k_terminal = NodeKind.TERMINAL
        v_terminal, v_evaluation = Valuation.TERMINAL, Valuation.EVALUATION

        def node(
            state: Any, ply: int, alpha: float, beta: float, on_pv: bool, value: float | None
        ) -> float:
            # ``value``: the state's terminal value, which the caller has looked up.
            nonlocal next_id, check_at, leaves, cutoffs, tt_hits, max_ply, used_evaluation
            nonlocal entering_parent, entering_move, entering_p, quiet_from, quiescence_nodes
            nid = next_id
            next_id = nid + 1
            standing: float | None = None  # the evaluation a quiescence node stands pat on
            if emit:
                kind = k_terminal if value is not None else kinds[id(to_move(state))]
                entered(
                    nid, entering_parent, entering_move, ply, kind, alpha, beta, state, entering_p
                )
            if next_id >= check_at:
                checkpoint(next_id, max_ply)
                check_at = next_id + _CHECK_EVERY
            if ply > max_ply:
                max_ply = ply
            if value is not None:
                leaves += 1
                pvs[ply] = None
                if emit:
                    valued(nid, value, v_terminal, alpha, beta)
                return value
            if ply >= depth_limit:
                # Past the depth limit: quiescence follows a position that is not quiet
                # along its noisy moves; a quiet one (or any, without it) is evaluated.
                forced = (
                    noisy(state)
                    if ply < quiet_limit and to_move(state) is not chance_player
                    else ()
                )
                if forced and stand_pat:
                    # The side to move may decline every noisy move (no one has to
                    # capture), so the evaluation here is a floor on MAX's value, a
                    # ceiling on MIN's. Past the window's edge that settles it.
                    assert evaluate is not None
                    standing = evaluate(state)
                    used_evaluation = True
                    if standing >= beta if to_move(state) is max_player else standing <= alpha:
                        forced = ()
                if not forced:
                    if standing is None:
                        assert evaluate is not None
                        value = evaluate(state)
                    else:
                        value = standing
                    leaves += 1
                    used_evaluation = True
                    pvs[ply] = None
                    if emit:
                        valued(nid, value, v_evaluation, alpha, beta)
                    return value
                if ply == quiet_top:
                    quiet_from = next_id
            if use_tt:
                k = key(state)
                entry = tt.get(k)
                if entry is not None and entry[0] == (depth_limit - ply if limited else -1):
                    value = entry[1]
                    flag = entry[2]
                    if (
                        flag == TT_EXACT
                        or (flag == TT_LOWER and value >= beta)
                        or (flag == TT_UPPER and value <= alpha)
                    ):
                        tt_hits += 1
                        pvs[ply] = None
                        if fail_hard:
                            value = alpha if value < alpha else beta if value > beta else value
                        if emit:
                            valued(nid, value, Valuation.TRANSPOSITION, alpha, beta)
                        return value
            elif remember:
                k = key(state)
            alpha0 = alpha
            beta0 = beta
            player = to_move(state)
            if player is chance_player:
                value = chance(state, nid, ply, alpha, beta)
                best_move = None
            else:
                moves = actions(state) if ply < depth_limit else forced
                if on_pv or remember:
                    # The previous iteration's line, else the best move remembered here.
                    if on_pv and ply < pv_len:
                        first = pv_line[ply]
                    else:
                        first = memory.get(k) if remember else None
                    if first is not None and first in moves:
                        if moves[0] != first:
                            moves = [first, *(m for m in moves if m != first)]
                    else:
                        on_pv = False
                maximizing = player is max_player
                if standing is None:
                    value = -INF if maximizing else INF
                    best_move = moves[0]
                else:
                    # Standing pat is the first choice: a noisy move must beat it.
                    value = standing
                    best_move = None
                    pvs[ply] = None
                    if prune:
                        if maximizing:
                            alpha = max(alpha, standing)
                        else:
                            beta = min(beta, standing)
                child_ply = ply + 1
                horizon = child_ply >= horizon_ply  # every child a leaf
                at_root = ply == 0
                # Exact root values: every root move gets the full window.
                wide = at_root and exact_root
                child_alpha = alpha
                child_beta = beta
                count = len(moves)
                for i in range(count):
                    move = moves[i]
                    child = result(state, move)
                    if not wide:
                        child_alpha = alpha
                        child_beta = beta
                    child_value = terminal_value(child)
                    if (child_value is None and not horizon) or next_id + 1 >= check_at:
                        # An inner node, or a checkpoint due: the node itself.
                        if emit:
                            entering_parent = nid
                            entering_move = move
                            entering_p = None
                        child_value = node(
                            child, child_ply, child_alpha, child_beta, on_pv and i == 0, child_value
                        )
                    else:
                        # A leaf with no checkpoint due: node()'s work for it, done here
                        # without the call; its entry and value told in one call.
                        how = v_terminal
                        if child_value is None:
                            assert evaluate is not None
                            how = v_evaluation
                            try:
                                child_value = evaluate(child)
                            except Exception:
                                # Told as node() tells it: the entry, then the failure.
                                if emit:
                                    entering_parent = nid
                                    entering_move = move
                                    entering_p = None
                                node(child, child_ply, child_alpha, child_beta, False, None)
                                raise
                            used_evaluation = True
                        cid = next_id
                        next_id = cid + 1
                        if child_ply > max_ply:
                            max_ply = child_ply
                        leaves += 1
                        pvs[child_ply] = None
                        if emit:
                            leaf(  # type: ignore[misc]
                                cid,
                                nid,
                                move,
                                child_ply,
                                k_terminal if how is v_terminal else kinds[id(to_move(child))],
                                child_alpha,
                                child_beta,
                                child,
                                None,
                                child_value,
                                how,
                            )
                    if at_root:
                        bound = _bound(child_value, child_alpha, child_beta, prune)
                        root_moves.append(RootMove(move, child_value, bound))
                        # A move to play: the time budget holds from here even in the
                        # first iteration (chess's quiescence under minimax can take
                        # minutes to finish depth 1).
                        self.clock_armed = True
                    if maximizing:
                        # A first child, or one better by more than a tie (TIE_TOLERANCE).
                        if child_value > value and (
                            i == 0
                            or child_value - value
                            > tie * (child_value if child_value > -value else -value)
                        ):
                            value = child_value
                            best_move = move
                            pvs[ply] = (move, pvs[child_ply])
                        if prune:
                            if value >= beta:
                                if i + 1 < count:
                                    cutoffs += 1
                                    if emit:
                                        pruned(nid, tuple(moves[i + 1 :]), value, alpha, beta)
                                break
                            if value > alpha:
                                alpha = value
                    else:
                        if child_value < value and (
                            i == 0
                            or value - child_value
                            > tie * (value if value > -child_value else -child_value)
                        ):
                            value = child_value
                            best_move = move
                            pvs[ply] = (move, pvs[child_ply])
                        if prune:
                            if value <= alpha:
                                if i + 1 < count:
                                    cutoffs += 1
                                    if emit:
                                        pruned(nid, tuple(moves[i + 1 :]), value, alpha, beta)
                                break
                            if value < beta:
                                beta = value
                if remember and (len(memory) < TABLE_LIMIT or k in memory):
                    memory[k] = best_move
                if fail_hard:
                    # Return the window's edge, not a value beyond it: alpha or beta.
                    if value < alpha0:
                        value = alpha0
                    elif value > beta0:
                        value = beta0
                if ply == quiet_top:
                    quiescence_nodes += next_id - quiet_from
            if use_tt and (len(tt) < TABLE_LIMIT or k in tt):
                flag = TT_UPPER if value <= alpha0 else TT_LOWER if value >= beta0 else TT_EXACT
                tt[k] = (depth_limit - ply if limited else -1, value, flag, best_move)
            if emit:
                valued(nid, value, Valuation.BACKED_UP, alpha, beta, best_move)
            return value

        def chance(state: Any, nid: int, ply: int, alpha: float, beta: float) -> float:
            """Expectiminimax, or Star1 when pruning: the bounds [low, high] cut early."""
            nonlocal cutoffs, exact_checks, entering_parent, entering_move, entering_p
            outcomes = chances(state)
            count = len(outcomes)
            probabilities, rests = _shares(outcomes, suffixes)
            child_ply = ply + 1
            total = 0.0  # sum of p * v over the children searched
            mass = 0.0  # sum of |p * v| over them: the scale of their rounding error
            likeliest = -1.0
            if star1 and (low >= beta or high <= alpha):
                # Every value lies in [low, high]: the window excludes them all.
                value = low if low >= beta else high
                cutoffs += 1
                if emit:
                    pruned(nid, tuple(o for o, _ in outcomes), value, alpha, beta)
                pvs[ply] = None
                return value
            seen: list[float] = []  # the children's values, for an exact look (Star1)
            slack = (_ROUNDING * (count + 4) + _SNAP) * 2.0  # rounding and snapping, doubled
            nominal_alpha = nominal_beta = slack_alpha = slack_beta = 0.0
            for i in range(count):
                outcome = outcomes[i][0]
                p = probabilities[i]
                child = result(state, outcome)
                if star1:
                    # The child's window (Ballard): beyond it, this node's value is outside
                    # (alpha, beta) whatever the unseen children hold. ``rest`` is an exact
                    # suffix sum (0 after the last child). Each end is widened by what
                    # rounding could have moved it, so the child's value is exact wherever
                    # floating point cannot tell whether to cut; there it is decided in
                    # exact arithmetic (see _exact_cut).
                    rest = rests[i]
                    known = abs(total) + mass
                    if alpha == -INF:
                        child_alpha = -INF
                    else:
                        nominal_alpha = (alpha - total - rest * high) / p
                        slack_alpha = slack * (
                            abs(alpha) + known + rest * abs(high)
                        ) / p + _ROUNDING * abs(nominal_alpha)
                        child_alpha = nominal_alpha - slack_alpha
                    if beta == INF:
                        child_beta = INF
                    else:
                        nominal_beta = (beta - total - rest * low) / p
                        slack_beta = slack * (
                            abs(beta) + known + rest * abs(low)
                        ) / p + _ROUNDING * abs(nominal_beta)
                        child_beta = nominal_beta + slack_beta
                else:
                    child_alpha, child_beta = alpha, beta
                if emit:
                    entering_parent = nid
                    entering_move = outcome
                    entering_p = p
                child_value = node(
                    child, child_ply, child_alpha, child_beta, False, terminal_value(child)
                )
                term = p * child_value
                total += term
                mass += term if term >= 0 else -term
                if p > likeliest:
                    likeliest = p
                    pvs[ply] = (outcome, pvs[child_ply])
                if not star1:
                    continue
                seen.append(child_value)
                rest = rests[i]
                # Outside its window, a child's value is only a bound: so is ours.
                if child_value >= child_beta:
                    value = max(total + rest * low, beta)
                elif child_value <= child_alpha:
                    value = min(total + rest * high, alpha)
                else:
                    # Exact: cut only if exact arithmetic says so (the textbook's numbers).
                    near_beta = beta != INF and child_value >= nominal_beta - slack_beta
                    near_alpha = alpha != -INF and child_value <= nominal_alpha + slack_alpha
                    if not (near_alpha or near_beta):
                        continue
                    exact_checks += 1
                    if near_beta and _exact_cut(outcomes, seen, low, beta, high=False):
                        value = max(total + rest * low, beta)
                    elif near_alpha and _exact_cut(outcomes, seen, high, alpha, high=True):
                        value = min(total + rest * high, alpha)
                    else:
                        continue
                if i + 1 < count:
                    cutoffs += 1
                    if emit:
                        skipped = tuple(o for o, _ in outcomes[i + 1 :])
                        pruned(nid, skipped, value, alpha, beta)
                return value
            if not -INF < total < INF:
                raise ValueOverflowError(
                    f"the expected value at {game.position_name(state)} is too large for floating "
                    "point: keep values within about ±1e307"
                )
            # Searched to the end (no cut): the same sum, snapped the same way, as
            # expectiminimax makes.
            return _snap(total, mass)

        try:
            value = node(root, 0, -INF, INF, bool(pv_line), terminal_value(root))
        finally:
            self.nodes = next_id
            self.leaves = leaves
            self.cutoffs = cutoffs
            self.exact_checks = exact_checks
            self.quiescence_nodes = quiescence_nodes
            self.tt_hits = tt_hits
            self.max_ply = max_ply
            self.used_evaluation = self.used_evaluation or used_evaluation
        pv_out.append(_unlink(pvs[0]))
        if to_move(root) is Player.CHANCE or terminal_value(root) is not None:
            root_moves.clear()
        return value


#: A float's relative rounding error (half a unit in the last place, doubled for safety).
_ROUNDING: Final = sys.float_info.epsilon
#: A chance node's value keeps this many digits below the size of its largest terms; the
#: rest is rounding noise (0.6 * -3 + 0.4 * 2 is -0.9999999999999998 in floats, not -1).
_SNAP_DIGITS: Final = 12
#: How far snapping can move a value, relative to the size of the terms it summed.
_SNAP: Final = 10.0**-_SNAP_DIGITS


def _snap(total: float, mass: float) -> float:
    """``total``, a sum of terms whose sizes add up to ``mass``, without rounding noise:
    rounded to ``_SNAP_DIGITS`` decimal digits below the first digit of ``mass``."""
    if total == 0.0 or mass == 0.0:
        return total
    return round(total, _SNAP_DIGITS - math.floor(math.log10(mass)))


def _shares(
    outcomes: Sequence[tuple[Any, float]],
    cache: dict[tuple[float, ...], tuple[float, ...]],
) -> tuple[Sequence[float], Sequence[float]]:
    """A chance node's probabilities normalized to sum to 1, and after each outcome the
    exact sum of the probabilities still to come (0.0 after the last).

    Games repeat the same few distributions (a die), so both are cached by the given
    probabilities.
    """
    given = tuple(p for _, p in outcomes)
    shares = cache.get(given)
    if shares is None:
        whole = math.fsum(given)
        probabilities = given if whole == 1.0 else tuple(p / whole for p in given)
        shares = probabilities + _suffix_sums(probabilities)
        if len(cache) < 4096:
            cache[given] = shares
    n = len(given)
    return shares[:n], shares[n:]


def _suffix_sums(values: Sequence[float]) -> tuple[float, ...]:
    """After each of ``values``, the sum of those after it (0.0 after the last), each as
    ``math.fsum`` of them gives it (exact, then rounded once), in linear time.

    The sums are made from the end, each value added to a list of non-overlapping
    partial sums (Shewchuk's, as ``math.fsum`` keeps internally) that hold the suffix's
    sum exactly; ``math.fsum`` of those few partials rounds it. A chance node of
    100,001 outcomes costs 100,001 short steps, not 5 billion additions.
    """
    rests = [0.0] * len(values)
    partials: list[float] = []
    for i in range(len(values) - 1, 0, -1):
        x = values[i]
        kept = 0
        for y in partials:
            if abs(x) < abs(y):
                x, y = y, x
            high = x + y
            low = y - (high - x)
            if low:
                partials[kept] = low
                kept += 1
            x = high
        partials[kept:] = [x]
        rests[i - 1] = math.fsum(partials)
    return tuple(rests)


def _decimal(x: float) -> Fraction:
    """``x`` as the decimal it is written as: 0.6 is 3/5, not the float nearest it."""
    return Fraction(repr(x))


def _exact_cut(
    outcomes: Sequence[tuple[Any, float]],
    seen: Sequence[float],
    bound: float,
    edge: float,
    *,
    high: bool,
) -> bool:
    """Whether a Star1 cut holds in exact arithmetic on the numbers as written.

    After the children valued ``seen``, the node's value is at most (``high``: the
    children to come are worth at most ``bound``) or at least (they are worth at least
    ``bound``) ``sum(p * v) + rest * bound``, the probabilities normalized exactly. The
    cut holds when that is at most ``edge`` (alpha) or at least ``edge`` (beta).
    """
    given = [_decimal(p) for _, p in outcomes]
    whole = sum(given, Fraction(0))
    n = len(seen)
    limit = (
        sum((p * _decimal(v) for p, v in zip(given, seen, strict=False)), Fraction(0))
        + sum(given[n:], Fraction(0)) * _decimal(bound)
    ) / whole
    return limit <= _decimal(edge) if high else limit >= _decimal(edge)


def _nothing(*_args: Any) -> None:
    """What a search tells when no one listens."""


def _unlink(linked: Any) -> tuple[Any, ...]:
    """A line kept as nested (move, rest) pairs, as a flat tuple."""
    line = []
    while linked is not None:
        move, linked = linked
        line.append(move)
    return tuple(line)


def _bound(value: float, alpha: float, beta: float, prune: bool) -> Bound:
    """What a child's value says, given the window it was searched with."""
    if not prune:
        return Bound.EXACT
    if value <= alpha:
        return Bound.UPPER
    if value >= beta:
        return Bound.LOWER
    return Bound.EXACT
