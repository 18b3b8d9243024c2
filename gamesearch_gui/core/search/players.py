"""Max^n and the paranoid search driven: once, or deepening one ply at a time against a
time budget, with the stopping rules every search has, and what they answer.

:mod:`.maxn` holds the recursions and knows nothing of settings or clocks;
:class:`PlayerSearch` is to them what :class:`~.depth_first.DepthFirst` is to the
two-player recursion. Deepening works as it does there: each iteration searches the
whole tree one ply deeper (node ids go on from the last iteration's, so a recording
keeps every iteration), the time budget is CPU seconds of the searching thread
(:mod:`gamesearch_gui.core.cpu_time`) and is not looked at before the first iteration has
finished, so there is always a move to play; a stopped iteration is dropped and the last
finished one answers; an iteration that reached no cutoff solved the game, and ends the
deepening. :func:`gamesearch_gui.core.search.search` runs it.
"""

from __future__ import annotations

import time
from typing import Any

from gamesearch_gui.core.game import Game
from gamesearch_gui.core.game import VectorEvaluation
from gamesearch_gui.core.recording.events import SearchObserver
from gamesearch_gui.core.search.depth_first import SearchDriver
from gamesearch_gui.core.search.depth_first import deepest_search
from gamesearch_gui.core.search.depth_first import recursion_room
from gamesearch_gui.core.search.maxn import VectorOutcome
from gamesearch_gui.core.search.maxn import VectorRootMove
from gamesearch_gui.core.search.maxn import search_vectors
from gamesearch_gui.core.search.recursion import TABLE_LIMIT
from gamesearch_gui.core.search.results import Bound
from gamesearch_gui.core.search.results import CancelToken
from gamesearch_gui.core.search.results import IterationSummary
from gamesearch_gui.core.search.results import ProgressCallback
from gamesearch_gui.core.search.results import RootMove
from gamesearch_gui.core.search.results import SearchResult
from gamesearch_gui.core.search.results import StopReason
from gamesearch_gui.core.search.settings import Algorithm
from gamesearch_gui.core.search.settings import SearchSettings

Outcome = VectorOutcome[Any, StopReason]


class PlayerSearch(SearchDriver):
    """One max^n or paranoid search: its stopping rules, its counts over every
    iteration (:class:`~.depth_first.SearchDriver`), and the result."""

    def __init__(
        self,
        game: Game[Any, Any],
        settings: SearchSettings,
        obs: SearchObserver | None,
        cancel: CancelToken | None,
        progress: ProgressCallback | None,
    ) -> None:
        super().__init__(settings, obs, cancel, progress)
        self.game = game
        name = settings.evaluation or next(iter(game.vector_evaluations()), None)
        self.evaluate: VectorEvaluation[Any] | None = (
            game.cutoff_vector_evaluations()[name] if name else None
        )

    def run(self, root: Any) -> SearchResult:
        """Search from ``root``: once, or deepening while the time budget lasts."""
        self.begin()
        settings = self.settings
        plies = self.game.max_plies(root)
        limit = deepest_search(settings.depth, plies)
        # Up to three frames a ply: a chance node's recursion, its begin() and expected().
        with recursion_room(3 * limit):
            # As DepthFirst.run: a game of bounded length with no evaluation to cut off
            # with is searched once, to its end (its time budget, if any, stops it).
            if settings.iterative and (self.evaluate is not None or plies is None):
                return self._deepen(root, limit)
            found = self._search(root, settings.depth)
            return self._result(found, settings.depth, found.reason is None, found.reason, ())

    def _deepen(self, root: Any, limit: int) -> SearchResult:
        obs = self.observer
        iterations: list[IterationSummary] = []
        done: tuple[Outcome, int] | None = None
        found: Outcome | None = None
        reason: StopReason | None = None
        for depth in range(1, limit + 1):
            if not self.iteration_starts(depth):
                reason = StopReason.TIME
                break
            before, started = self.nodes, time.perf_counter()
            self.depth, self.clock_armed = depth, depth > 1
            found = self._search(root, depth)
            finished = found.reason is None
            value = found.values[found.player] if finished and found.values else None
            best = found.best_move if finished else None
            nodes = self.nodes - before
            iterations.append(
                IterationSummary(depth, finished, value, best, nodes, time.perf_counter() - started)
            )
            if obs is not None:
                obs.iteration_finished(depth, finished, value, best, nodes)
            if not finished:
                reason = found.reason
                break
            done = (found, depth)
            if not found.evaluated:
                break  # no cutoff was reached: a deeper search would see nothing new
        if done is None:  # stopped inside the first iteration (a cancel or the node cap)
            assert found is not None
            return self._result(found, 1, False, reason, iterations)
        last, depth = done
        # An iteration that reached no cutoff solved the game to its end.
        solved = reason is None and not last.evaluated and self.settings.depth is None
        return self._result(last, None if solved else depth, reason is None, reason, iterations)

    def _search(self, root: Any, depth: int | None) -> Outcome:
        """One search of the whole tree to ``depth`` (None: to the end); the counts of
        every iteration so far are added up here."""
        settings = self.settings
        found: Outcome = search_vectors(
            self.game,
            root,
            paranoid=settings.algorithm is Algorithm.PARANOID,
            shallow=settings.shallow_pruning,
            strict=settings.strict_pruning,
            depth=depth,
            evaluate=self.evaluate,
            observer=self.observer,
            stop=self.stop_reason,
            table_size=TABLE_LIMIT if settings.transposition_table else 0,
            first_node=self.nodes,
        )
        self.nodes = found.nodes
        self.leaves += found.leaves
        self.cutoffs += found.cutoffs
        self.tt_hits += found.tt_hits
        self.max_ply = max(self.max_ply, found.max_depth)
        return found

    def _result(
        self,
        found: Outcome,
        depth: int | None,
        complete: bool,
        reason: StopReason | None,
        iterations: list[IterationSummary] | tuple[()],
    ) -> SearchResult:
        me = found.player
        root_moves = tuple(
            RootMove(r.move, r.values[me], _bound(r, me), values=r.values, share=r.share)
            for r in found.root_moves
        )
        return SearchResult(
            value=None if found.values is None else found.values[me],
            best_move=found.best_move,
            principal_variation=found.line,
            root_moves=root_moves,
            stats=self.stats(),
            depth=depth,
            complete=complete,
            stop_reason=reason or StopReason.FINISHED,
            settings=self.settings,
            values=found.values,
            player=me,
            iterations=tuple(iterations),
        )


def _bound(move: VectorRootMove[Any], me: int) -> Bound:
    """What a root move's vector says of player ``move.share``'s number: at most it for
    the root player (paranoid), at least it for another (shallow pruning)."""
    if move.exact:
        return Bound.EXACT
    return Bound.UPPER if move.share == me else Bound.LOWER
