"""Adversarial search: minimax, alpha-beta, expectiminimax and Star1, max^n and paranoid,
Monte Carlo tree search, behind one call.

:func:`search` checks the settings against the game and picks the search they ask for:
the depth-first recursion of :mod:`.depth_first` for the two-player algorithms (depth
cutoffs with a named evaluation, iterative deepening with a time budget, move ordering,
a transposition table, quiescence), max^n and paranoid (:mod:`.maxn`, driven once or
deepening by :mod:`.players`) for games of n players, UCT (:mod:`.mcts`) for MCTS. Each
reports through the event stream of :mod:`gamesearch_gui.core.recording.events` and
returns a :class:`SearchResult`. The CLI, the tests, the benchmarks and the engine process all
call :func:`search`; this package names everything public, so import from it.

Conventions (Russell & Norvig, 4th ed., Figure 5.7):

* Alpha-beta cuts when ``v >= beta`` at a MAX node and when ``v <= alpha`` at a MIN
  node, children left to right; values are fail-soft, so a value outside the window is
  a bound (see :class:`~gamesearch_gui.core.recording.events.NodeValued`).
* Ties: the first move (in the order searched) among the best is the best move, and two
  values within ``TIE_TOLERANCE`` of their size are equal
  (:mod:`gamesearch_gui.core.numbers`), so float noise from a chance node's sum never
  decides.
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

import time
from collections.abc import Callable
from typing import Any
from typing import Final

from gamesearch_gui.core.cpu_time import CpuBudget
from gamesearch_gui.core.game import Game
from gamesearch_gui.core.recording.events import Listener
from gamesearch_gui.core.recording.events import SearchObserver
from gamesearch_gui.core.recording.events import observer
from gamesearch_gui.core.search.chance import suffix_sums
from gamesearch_gui.core.search.depth_first import DepthFirst
from gamesearch_gui.core.search.mcts import mean_reward
from gamesearch_gui.core.search.mcts import uct
from gamesearch_gui.core.search.players import PlayerSearch
from gamesearch_gui.core.search.recursion import QUIESCENCE_PLIES
from gamesearch_gui.core.search.results import Bound
from gamesearch_gui.core.search.results import CancelToken
from gamesearch_gui.core.search.results import IterationSummary
from gamesearch_gui.core.search.results import ProgressCallback
from gamesearch_gui.core.search.results import RootMove
from gamesearch_gui.core.search.results import SearchProgress
from gamesearch_gui.core.search.results import SearchResult
from gamesearch_gui.core.search.results import SearchStats
from gamesearch_gui.core.search.results import StopReason
from gamesearch_gui.core.search.results import ValueOverflowError
from gamesearch_gui.core.search.settings import ALGORITHM_TITLES
from gamesearch_gui.core.search.settings import MAX_SEARCH_DEPTH
from gamesearch_gui.core.search.settings import ORDERING_TITLES
from gamesearch_gui.core.search.settings import Algorithm
from gamesearch_gui.core.search.settings import Ordering
from gamesearch_gui.core.search.settings import SearchSettings
from gamesearch_gui.core.search.settings import SettingsError
from gamesearch_gui.core.search.settings import check_settings
from gamesearch_gui.core.search.settings import default_settings

__all__ = [
    "ALGORITHM_TITLES",
    "MAX_SEARCH_DEPTH",
    "ORDERING_TITLES",
    "QUIESCENCE_PLIES",
    "Algorithm",
    "Bound",
    "CancelToken",
    "IterationSummary",
    "Ordering",
    "ProgressCallback",
    "RootMove",
    "SearchProgress",
    "SearchResult",
    "SearchSettings",
    "SearchStats",
    "SettingsError",
    "StopReason",
    "ValueOverflowError",
    "check_settings",
    "default_settings",
    "search",
    "suffix_sums",
]


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
        return PlayerSearch(game, settings, observer(listener), cancel, progress).run(state)
    return DepthFirst(game, settings, listener, cancel, progress).run(state)


#: How many MCTS iterations pass between two progress reports.
_PROGRESS_EVERY: Final = 64
#: MCTS looks at its time budget's clock every this many iterations (a look is a system
#: call, a few percent of a small game's iteration; eight iterations overshoot by well
#: under a millisecond).
_CLOCK_EVERY: Final = 8


def _monte_carlo(
    game: Game[Any, Any],
    state: Any,
    settings: SearchSettings,
    obs: SearchObserver | None,
    cancel: CancelToken | None,
    progress: ProgressCallback | None,
) -> SearchResult:
    """UCT (core/search/mcts.py) with this module's stopping rules, as a SearchResult."""
    started = time.perf_counter()
    limit = settings.iterations
    stop = _mcts_stop(settings, cancel, progress, started)
    found = uct(
        game,
        state,
        exploration=settings.exploration,
        seed=settings.seed,
        playout=settings.playout,
        iterations=limit,
        stop=stop,
        observer=obs,
    )
    reason = StopReason.FINISHED if found.reason is None else found.reason
    # The iterations asked for, or the time budget when it was the only limit: as planned.
    complete = reason is StopReason.FINISHED or (reason is StopReason.TIME and limit is None)
    stats = SearchStats(
        nodes=found.nodes,
        leaves=found.playouts,
        max_depth=found.max_depth,
        seconds=time.perf_counter() - started,
        iterations=found.iterations,
    )
    low, high = game.utility_bounds()
    root_moves = tuple(
        RootMove(
            child.move,
            mean_reward(child.total, child.visits, low, high),
            Bound.ESTIMATE,
            child.visits,
            child.total,
        )
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
        stop_reason=reason,
        settings=settings,
    )


def _mcts_stop(
    settings: SearchSettings,
    cancel: CancelToken | None,
    progress: ProgressCallback | None,
    started: float,
) -> Callable[[int, int, int], StopReason | None] | None:
    """What UCT asks before each iteration, besides its count: None when only the count
    can stop it (no cancel, clock, node cap or progress), so it asks nothing."""
    budget = None if settings.time_budget is None else CpuBudget(settings.time_budget)
    cap = settings.node_cap
    if cancel is None and budget is None and cap is None and progress is None:
        return None
    token = cancel or CancelToken()

    def stop(iterations: int, nodes: int, deepest: int) -> StopReason | None:
        # Asked before each iteration, which takes microseconds: a cancel is seen at once.
        if progress is not None and iterations % _PROGRESS_EVERY == 0:
            seconds = time.perf_counter() - started
            progress(SearchProgress(nodes, None, deepest, seconds, iterations))
        # The first iteration always runs, so there is a move to play ("move now" at once).
        if not iterations:
            return None
        if token.cancelled:
            return StopReason.CANCELLED
        if budget is not None and iterations % _CLOCK_EVERY == 0 and budget.passed():
            return StopReason.TIME
        if cap is not None and nodes >= cap:
            return StopReason.NODE_CAP
        return None

    return stop
