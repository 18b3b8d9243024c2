"""Minimax, alpha-beta, expectiminimax and Star1: the depth-first search, one
recursion built for its settings.

The recursion serves every two-player algorithm and setting: depth cutoffs with a named
evaluation, iterative deepening with a time budget, move ordering, a transposition
table, quiescence, fail-hard values, node caps and cancel, and the event stream of
:mod:`gamesearch_gui.core.events`. :func:`gamesearch_gui.core.search.search` runs it.
"""

from __future__ import annotations

import math
import sys
import time
from collections.abc import Callable, Hashable, Sequence
from typing import Any, Final

from gamesearch_gui.core.events import Listener, NodeKind, SearchObserver, Valuation, observer
from gamesearch_gui.core.game import Game, Player
from gamesearch_gui.core.numbers import TIE_TOLERANCE, better
from gamesearch_gui.core.search import textbook
from gamesearch_gui.core.search.chance import ROUNDING, SNAP, exact_cut, shares, snap
from gamesearch_gui.core.search.results import (
    Bound,
    CancelToken,
    IterationSummary,
    ProgressCallback,
    RootMove,
    SearchProgress,
    SearchResult,
    SearchStats,
    Stopped,
    StopReason,
    ValueOverflowError,
)
from gamesearch_gui.core.search.settings import Algorithm, Ordering, SearchSettings
from gamesearch_gui.core.search.table import TT_EXACT, TT_LOWER, TT_UPPER

INF: Final = math.inf
#: Entries kept at most in the transposition table and the best-move memory.
TABLE_LIMIT: Final = 2_000_000
#: How many nodes pass between two looks at the clock, the cancel flag and the node cap.
_CHECK_EVERY: Final = 256
#: Deepest iteration of iterative deepening in a game that can go on forever.
MAX_ITERATIVE_DEPTH: Final = 64
#: How many plies quiescence search may go past the depth limit: a position still not
#: quiet there is evaluated as it stands, so every search ends.
QUIESCENCE_PLIES: Final = 10


class DepthFirst:
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
        #: The principal variation the textbook's search found last.
        self.last_line: tuple[Any, ...] = ()

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
        except Stopped as stop:
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

    def checkpoint(self, nodes: int, max_ply: int) -> None:
        """Between nodes: report progress; stop for a cancel, the time budget or the node cap."""
        self.nodes = nodes
        if self.progress is not None:
            seconds = time.perf_counter() - self.started
            self.progress(SearchProgress(nodes, self.depth, max(max_ply, self.max_ply), seconds))
        if self.cancel.cancelled:
            raise Stopped(StopReason.CANCELLED)
        if self.clock_armed and self.deadline is not None and time.perf_counter() >= self.deadline:
            raise Stopped(StopReason.TIME)
        cap = self.settings.node_cap
        if cap is not None and self.nodes >= cap:
            raise Stopped(StopReason.NODE_CAP)

    def _iteration(
        self,
        root: Any,
        depth: int | None,
        previous_line: tuple[Any, ...],
        root_moves: list[RootMove],
        pv_out: list[tuple[Any, ...]],
    ) -> float:
        """One search of the whole tree to ``depth`` (None: to the end)."""
        if self.observer is None and textbook.applies(
            self.settings, self.game, root, bool(previous_line)
        ):
            plain = textbook.alphabeta if self.settings.algorithm.prunes else textbook.minimax
            value = plain(self, root, depth, root_moves)
            pv_out.append(self.last_line)
            return value
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
        checkpoint = self.checkpoint
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
            probabilities, rests = shares(outcomes, suffixes)
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
            slack = (ROUNDING * (count + 4) + SNAP) * 2.0  # rounding and snapping, doubled
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
                    # exact arithmetic (see exact_cut).
                    rest = rests[i]
                    known = abs(total) + mass
                    if alpha == -INF:
                        child_alpha = -INF
                    else:
                        nominal_alpha = (alpha - total - rest * high) / p
                        slack_alpha = slack * (
                            abs(alpha) + known + rest * abs(high)
                        ) / p + ROUNDING * abs(nominal_alpha)
                        child_alpha = nominal_alpha - slack_alpha
                    if beta == INF:
                        child_beta = INF
                    else:
                        nominal_beta = (beta - total - rest * low) / p
                        slack_beta = slack * (
                            abs(beta) + known + rest * abs(low)
                        ) / p + ROUNDING * abs(nominal_beta)
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
                    if near_beta and exact_cut(outcomes, seen, low, beta, high=False):
                        value = max(total + rest * low, beta)
                    elif near_alpha and exact_cut(outcomes, seen, high, alpha, high=True):
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
            return snap(total, mass)

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
