"""Minimax, alpha-beta, expectiminimax and Star1: one depth-first search, run once or
deepening one ply at a time, and what it answers.

:class:`DepthFirst` drives the search: the time budget (CPU seconds of the searching
thread, :mod:`gamesearch_gui.core.cpu_time`), iterative deepening, the
checkpoint between nodes (progress, cancel, node cap), and the result with its best move
and principal variation. Each iteration runs the textbook's recursion
(:mod:`.textbook`) when nothing else is asked of it, else the full one
(:mod:`.recursion`). :func:`gamesearch_gui.core.search.search` runs it.
"""

from __future__ import annotations

import math
import sys
import time
from collections.abc import Callable
from collections.abc import Hashable
from collections.abc import Iterator
from collections.abc import Sequence
from contextlib import contextmanager
from typing import Final
from typing import Generic

import gamesearch_gui.core.search.textbook as textbook
from gamesearch_gui.core.cpu_time import CpuBudget
from gamesearch_gui.core.game import A
from gamesearch_gui.core.game import Game
from gamesearch_gui.core.game import Player
from gamesearch_gui.core.game import S
from gamesearch_gui.core.numbers import better
from gamesearch_gui.core.recording.events import Listener
from gamesearch_gui.core.recording.events import SearchObserver
from gamesearch_gui.core.recording.events import observer
from gamesearch_gui.core.search.recursion import Recursion
from gamesearch_gui.core.search.results import Bound
from gamesearch_gui.core.search.results import CancelToken
from gamesearch_gui.core.search.results import IterationSummary
from gamesearch_gui.core.search.results import ProgressCallback
from gamesearch_gui.core.search.results import RootMove
from gamesearch_gui.core.search.results import SearchProgress
from gamesearch_gui.core.search.results import SearchResult
from gamesearch_gui.core.search.results import SearchStats
from gamesearch_gui.core.search.results import Stopped
from gamesearch_gui.core.search.results import StopReason
from gamesearch_gui.core.search.settings import Ordering
from gamesearch_gui.core.search.settings import SearchSettings
from gamesearch_gui.core.search.table import TT_EXACT

INF: Final = math.inf
#: Deepest iteration of iterative deepening in a game that can go on forever.
MAX_ITERATIVE_DEPTH: Final = 64


def deepest_search(depth: int | None, plies: int | None) -> int:
    """How deep a search goes at most (its last iteration, when it deepens): its depth
    limit, or the plies the game has left where they are fewer, or
    :data:`MAX_ITERATIVE_DEPTH` in a game that can go on forever; at least 1."""
    if depth is not None:
        return max(1, depth if plies is None else min(depth, plies))
    return max(1, MAX_ITERATIVE_DEPTH if plies is None else plies)


class SearchDriver:
    """What both search drivers, the two-player :class:`DepthFirst` and max^n's
    :class:`~.players.PlayerSearch`, keep and decide alike: the settings, who is told,
    the cancel, the progress callback, the time budget and the counts of every iteration
    together; when to stop between nodes, when the next iteration may start, and the
    counts as the result's statistics."""

    def __init__(
        self,
        settings: SearchSettings,
        obs: SearchObserver | None,
        cancel: CancelToken | None,
        progress: ProgressCallback | None,
    ) -> None:
        self.settings = settings
        self.observer = obs
        self.cancel = cancel or CancelToken()
        self.progress = progress
        self.depth: int | None = settings.depth  #: the depth being searched
        #: The time budget (CPU seconds of this thread), while one is set.
        self.budget: CpuBudget | None = None
        #: Whether the budget may stop the search yet: a deepening arms it from its
        #: second iteration, or once the first has a move (see _root_move in recursion.py).
        self.clock_armed = True
        self.nodes = self.leaves = self.cutoffs = self.tt_hits = self.max_ply = 0
        self.exact_checks = self.quiescence_nodes = 0  # Star1's and quiescence's
        self.started = 0.0  #: perf_counter() when the search began

    def begin(self) -> None:
        """The search starts now: its wall clock, and its time budget's CPU clock (of
        this thread, the one that searches)."""
        self.started = time.perf_counter()
        if self.settings.time_budget is not None:
            self.budget = CpuBudget(self.settings.time_budget)

    def stop_reason(self, nodes: int, max_ply: int) -> StopReason | None:
        """Asked between nodes, every few hundred: report progress, then why the search
        must stop (a cancel, the time budget once the clock is armed, the node cap), or
        None."""
        if self.progress is not None:
            seconds = time.perf_counter() - self.started
            self.progress(SearchProgress(nodes, self.depth, max(max_ply, self.max_ply), seconds))
        if self.cancel.cancelled:
            return StopReason.CANCELLED
        if self.clock_armed and self.budget is not None and self.budget.passed():
            return StopReason.TIME
        cap = self.settings.node_cap
        if cap is not None and nodes >= cap:
            return StopReason.NODE_CAP
        return None

    def stats(self) -> SearchStats:
        """The counts so far, and the seconds since the search began."""
        return SearchStats(
            nodes=self.nodes,
            leaves=self.leaves,
            cutoffs=self.cutoffs,
            tt_hits=self.tt_hits,
            max_depth=self.max_ply,
            seconds=time.perf_counter() - self.started,
            exact_checks=self.exact_checks,
            quiescence_nodes=self.quiescence_nodes,
        )

    def iteration_starts(self, depth: int) -> bool:
        """Whether iteration ``depth`` of the deepening may start (the first always does,
        so there is a move; a later one while the time budget lasts); if so, the
        observer is told."""
        if depth > 1 and self.budget is not None and self.budget.passed():
            return False
        if self.observer is not None:
            self.observer.iteration_started(depth)
        return True


@contextmanager
def recursion_room(frames: int) -> Iterator[None]:
    """Python's recursion limit raised to hold ``frames`` more frames than the caller's
    own (500), while a search runs; put back after."""
    old_limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old_limit, frames + 500))
    try:
        yield
    finally:
        sys.setrecursionlimit(old_limit)


class DepthFirst(SearchDriver, Generic[S, A]):
    """One search's state: counters, tables, and the recursion built for its settings."""

    def __init__(
        self,
        game: Game[S, A],
        settings: SearchSettings,
        listener: Listener | SearchObserver | None,
        cancel: CancelToken | None,
        progress: ProgressCallback | None = None,
    ) -> None:
        super().__init__(settings, observer(listener), cancel, progress)
        self.game = game
        evaluations = game.cutoff_evaluations()
        name = settings.evaluation or next(iter(game.evaluations()), None)
        self.evaluate: Callable[[S], float] | None = evaluations[name] if name else None
        self.tt: dict[Hashable, tuple[int, float, int, A | None]] = {}
        self.best_memory: dict[Hashable, A | None] = {}
        self.used_evaluation = False

    # -- driving -------------------------------------------------------------------

    def run(self, root: S) -> SearchResult:
        """Search from ``root``: once, or deepening one ply at a time."""
        settings = self.settings
        self.begin()
        plies_left = self.game.max_plies(root)
        limit = deepest_search(settings.depth, plies_left)
        with recursion_room(2 * limit):  # two frames a ply
            # Deepening needs an evaluation at each cutoff. A game of bounded length that
            # has none (a drawn tree without evals) is searched once, to its end: with no
            # earlier iteration, previous-best ordering has nothing to learn from anyway.
            if settings.iterative and (self.evaluate is not None or plies_left is None):
                return self._deepen(root, limit)
            return self._once(root, settings.depth)

    def _once(self, root: S, depth: int | None) -> SearchResult:
        root_moves: list[RootMove] = []
        try:
            value, found = self._iteration(root, depth, (), root_moves)
        except Stopped as stop:
            # Stopped early: the best root move among those fully searched, if any.
            best, so_far = self._best_so_far(root, root_moves)
            start = (best,) if best is not None else ()
            return self._result(so_far, best, start, root_moves, depth, False, stop.reason, ())
        best = self._best_of(root, root_moves)
        line = self._extend_pv(root, found, depth)
        return self._result(value, best, line, root_moves, depth, True, StopReason.FINISHED, ())

    def _deepen(self, root: S, limit: int) -> SearchResult:
        obs = self.observer
        iterations: list[IterationSummary] = []
        # The last finished iteration's value, best move, line, root moves and depth.
        done: tuple[float, A | None, tuple[A, ...], tuple[RootMove, ...], int] | None = None
        previous_line: tuple[A, ...] = ()
        reason = StopReason.FINISHED
        for depth in range(1, limit + 1):
            if not self.iteration_starts(depth):
                reason = StopReason.TIME
                break
            nodes_before = self.nodes
            started = time.perf_counter()
            self.used_evaluation = False
            self.depth = depth
            root_moves: list[RootMove] = []
            # The first iteration searches at least its first root move, so there is a move
            # to play; the clock is armed once it has one (see _root_move in recursion.py).
            self.clock_armed = depth > 1
            try:
                value, found = self._iteration(root, depth, previous_line, root_moves)
            except Stopped as stop:
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
            line = self._extend_pv(root, found, depth)
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
        best: A | None,
        line: tuple[A, ...],
        root_moves: list[RootMove],
        depth: int | None,
        complete: bool,
        reason: StopReason,
        iterations: Sequence[IterationSummary],
    ) -> SearchResult:
        return SearchResult(
            value=value,
            best_move=best,
            principal_variation=line,
            root_moves=tuple(root_moves),
            stats=self.stats(),
            depth=depth,
            complete=complete,
            stop_reason=reason,
            settings=self.settings,
            iterations=tuple(iterations),
        )

    def _best_of(self, root: S, root_moves: list[RootMove]) -> A | None:
        """The first root move with the best exact value (None at a chance root)."""
        if not root_moves or self.game.to_move(root) is Player.CHANCE:
            return None
        maximizing = self.game.to_move(root) is Player.MAX
        best = root_moves[0]
        for candidate in root_moves[1:]:
            if candidate.bound is Bound.EXACT and better(candidate.value, best.value, maximizing):
                best = candidate
        move: A | None = best.move
        return move

    def _best_so_far(self, root: S, root_moves: list[RootMove]) -> tuple[A | None, float | None]:
        best = self._best_of(root, root_moves)
        for move in root_moves:
            if move.move == best:
                return best, move.value
        return None, None

    def _extend_pv(self, root: S, line: tuple[A, ...], depth: int | None) -> tuple[A, ...]:
        """Continue a line cut short by a transposition hit with the table's best moves."""
        if not self.settings.transposition_table and self.settings.ordering is not (
            Ordering.PREVIOUS_BEST
        ):
            return line
        game = self.game
        state = root
        for step in line:
            state = game.result(state, step)
        extended = list(line)
        while depth is None or len(extended) < depth:
            if game.terminal_value(state) is not None or game.to_move(state) is Player.CHANCE:
                break
            key = game.key(state)
            move: A | None = self.best_memory.get(key)
            entry = self.tt.get(key)
            if move is None and entry is not None and entry[2] == TT_EXACT:
                move = entry[3]
            if move is None:
                break
            extended.append(move)
            state = game.result(state, move)
        return tuple(extended)

    # -- the recursion -------------------------------------------------------------

    def checkpoint(self, nodes: int, max_ply: int) -> None:
        """Between nodes: report progress; stop for a cancel, the time budget or the node
        cap (:meth:`stop_reason`), unwinding the recursion."""
        self.nodes = nodes
        reason = self.stop_reason(nodes, max_ply)
        if reason is not None:
            raise Stopped(reason)

    def _iteration(
        self,
        root: S,
        depth: int | None,
        previous_line: tuple[A, ...],
        root_moves: list[RootMove],
    ) -> tuple[float, tuple[A, ...]]:
        """One search of the whole tree to ``depth`` (None: to the end): the root's value
        and the principal variation; ``root_moves`` filled as they are valued."""
        if self.observer is None and textbook.applies(
            self.settings, self.game, root, bool(previous_line)
        ):
            plain = textbook.alphabeta if self.settings.algorithm.prunes else textbook.minimax
            return plain(self, root, depth, root_moves)
        return Recursion(self, root, depth, previous_line, root_moves).search(root)
