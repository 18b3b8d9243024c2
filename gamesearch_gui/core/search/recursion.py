"""The full depth-first recursion: minimax and alpha-beta with every feature, and the
chance nodes of expectiminimax and Star1, telling each step to whoever listens.

:mod:`.textbook` runs the plain searches; this runs the rest, and every search someone
watches. One node of the tree is :meth:`Recursion.node`, which reads like the
textbook's definition by cases, each case a method of its own:

* the end of the game: the utility (:meth:`Recursion._leaf`);
* the cutoff: the evaluation, or quiescence's search of the noisy moves
  (:meth:`Recursion._past_cutoff`);
* a position the transposition table knows well enough (:meth:`Recursion._probe`);
* a chance node: the expectation, or Star1's bounds (:meth:`Recursion.chance`);
* MAX or MIN: the best child, as Figure 5.7's MAX-VALUE and MIN-VALUE
  (:meth:`Recursion._max_children`, :meth:`Recursion._min_children`, each child valued
  by :meth:`Recursion._child`; the moves in order in :meth:`Recursion._in_order`; after
  them :meth:`Recursion._finish`).

Each feature a search does not use is one attribute test per node (``self.use_tt``,
``self.emit``, ...). The events are those of :mod:`gamesearch_gui.core.recording.events`.
"""

from __future__ import annotations

import math
import operator
from collections.abc import Callable
from collections.abc import Hashable
from collections.abc import Sequence
from typing import Final
from typing import Generic
from typing import cast

from gamesearch_gui.core.game import A
from gamesearch_gui.core.game import Player
from gamesearch_gui.core.game import S
from gamesearch_gui.core.numbers import TIE_TOLERANCE
from gamesearch_gui.core.recording.events import NodeKind
from gamesearch_gui.core.recording.events import Valuation
from gamesearch_gui.core.search.chance import ROUNDING
from gamesearch_gui.core.search.chance import SNAP
from gamesearch_gui.core.search.chance import exact_cut
from gamesearch_gui.core.search.chance import shares
from gamesearch_gui.core.search.chance import snap
from gamesearch_gui.core.search.results import Bound
from gamesearch_gui.core.search.results import RootMove
from gamesearch_gui.core.search.results import ValueOverflowError
from gamesearch_gui.core.search.run import SearchRun
from gamesearch_gui.core.search.settings import Algorithm
from gamesearch_gui.core.search.settings import Ordering
from gamesearch_gui.core.search.table import TT_EXACT
from gamesearch_gui.core.search.table import TT_LOWER
from gamesearch_gui.core.search.table import TT_UPPER
from gamesearch_gui.core.search.textbook import CHECK_EVERY
from gamesearch_gui.core.search.textbook import NO_LIMIT
from gamesearch_gui.core.search.textbook import Linked
from gamesearch_gui.core.search.textbook import no_cutoff
from gamesearch_gui.core.search.textbook import root_bound
from gamesearch_gui.core.search.textbook import unlink

INF: Final = math.inf
#: Entries kept at most in the transposition table and the best-move memory.
TABLE_LIMIT: Final = 2_000_000
#: How many plies quiescence search may go past the depth limit: a position still not
#: quiet there is evaluated as it stands, so every search ends.
QUIESCENCE_PLIES: Final = 10

_MAX, _MIN, _CHANCE = Player.MAX, Player.MIN, Player.CHANCE
_TERMINAL, _EVALUATION = Valuation.TERMINAL, Valuation.EVALUATION
_BACKED_UP, _TRANSPOSITION = Valuation.BACKED_UP, Valuation.TRANSPOSITION
#: A node's kind by the identity of its player (an enum member hashes in Python code).
_TERMINAL_KIND: Final = NodeKind.TERMINAL
_KINDS: Final = {id(_MAX): NodeKind.MAX, id(_MIN): NodeKind.MIN, id(_CHANCE): NodeKind.CHANCE}


def _nothing(*_args: object) -> None:
    """What a search tells when no one listens."""


class Recursion(Generic[S, A]):
    """One iteration: the whole tree searched to one depth, from one root."""

    __slots__ = (
        "above",
        "actions",
        "below",
        "chances",
        "check_at",
        "cutoffs",
        "depth_limit",
        "emit",
        "entered",
        "entering_move",
        "entering_p",
        "entering_parent",
        "evaluate",
        "exact_checks",
        "exact_root",
        "fail_hard",
        "finishing",
        "high",
        "horizon_ply",
        "key",
        "leaf",
        "leaves",
        "limited",
        "loop",
        "low",
        "max_ply",
        "memory",
        "next_id",
        "noisy",
        "prune",
        "pruned",
        "pv_len",
        "pv_line",
        "pvs",
        "quiescence_nodes",
        "quiet_from",
        "quiet_limit",
        "quiet_top",
        "remember",
        "result",
        "root_moves",
        "run",
        "stand_pat",
        "star1",
        "strict",
        "suffixes",
        "terminal_value",
        "to_move",
        "tt",
        "tt_hits",
        "use_tt",
        "used_evaluation",
        "valued",
    )  # fmt: skip

    def __init__(
        self,
        run: SearchRun[S, A],
        root: S,
        depth: int | None,
        previous_line: tuple[A, ...],
        root_moves: list[RootMove],
    ) -> None:
        self.run = run
        self.root_moves = root_moves
        self._bind_game(run)
        self._bind_settings(run, depth)
        plies = run.game.max_plies(root)
        horizon = self.horizon_ply
        self.pvs: list[Linked] = [None] * ((horizon if plies is None else min(horizon, plies)) + 2)
        # What every MAX and MIN node's loop reads, bound once.
        self.loop = (
            self.pvs, self.prune, self.emit, self.result, self.terminal_value, self.evaluate
        )  # fmt: skip
        self.pv_line = previous_line
        self.pv_len = len(previous_line)
        self.suffixes: dict[tuple[float, ...], tuple[float, ...]] = {}
        self.next_id = run.nodes
        self.check_at = run.nodes + 1
        self.leaves = run.leaves
        self.cutoffs = run.cutoffs
        self.tt_hits = run.tt_hits
        self.exact_checks = run.exact_checks
        self.quiescence_nodes = run.quiescence_nodes
        self.quiet_from = 0  # the first node id of the quiescence search under way
        self.max_ply = run.max_ply
        self.used_evaluation = False
        # Who the next node's parent is, by which move (and probability): set by the
        # parent only when someone listens, read by the child as it tells of its entry.
        self.entering_parent: int | None = None
        self.entering_move: A | None = None
        self.entering_p: float | None = None

    def _bind_game(self, run: SearchRun[S, A]) -> None:
        """The game's methods and the listener's, bound once."""
        game = run.game
        obs = run.observer
        self.emit = obs is not None
        self.entered: Callable[..., None] = obs.entered if obs is not None else _nothing
        self.valued: Callable[..., None] = obs.valued if obs is not None else _nothing
        self.pruned: Callable[..., None] = obs.pruned if obs is not None else _nothing
        self.leaf: Callable[..., None] = obs.leaf if obs is not None else _nothing
        self.to_move = game.to_move
        self.terminal_value = game.terminal_value
        static = run.settings.ordering is not Ordering.NONE
        self.actions: Callable[[S], Sequence[A]] = game.ordered_actions if static else game.actions
        self.result = game.result
        self.chances = game.chances
        self.key = game.key
        self.noisy = game.noisy_actions
        self.evaluate: Callable[[S], float] = run.evaluate or no_cutoff

    def _bind_settings(self, run: SearchRun[S, A], depth: int | None) -> None:
        """What the settings switch on, and the plies where the search changes its ways."""
        settings = run.settings
        self.prune = settings.algorithm.prunes
        self.star1 = settings.algorithm is Algorithm.STAR1
        self.low, self.high = run.game.utility_bounds() if self.star1 else (-INF, INF)
        self.fail_hard = settings.fail_hard
        # The strict rule (CS188's): only a value past the window's edge cuts. ``above``
        # says whether a value cuts at beta, ``below`` at alpha: v >= beta and v <= alpha
        # for the textbook's rule, v > beta and v < alpha for the strict one.
        self.strict = settings.strict_pruning
        self.above: Callable[[float, float], bool] = operator.gt if self.strict else operator.ge
        self.below: Callable[[float, float], bool] = operator.lt if self.strict else operator.le
        self.exact_root = settings.exact_root_values
        self.use_tt = settings.transposition_table
        self.tt = run.tt
        self.remember = settings.ordering is Ordering.PREVIOUS_BEST
        self.memory = run.best_memory
        self.limited = depth is not None
        self.depth_limit = depth if depth is not None else NO_LIMIT
        # Quiescence: nodes from the depth limit up to ``quiet_limit`` are searched along
        # their noisy moves; below ``horizon_ply`` every child is a leaf, valued inline.
        quiescence = settings.quiescence
        self.quiet_limit = self.depth_limit + QUIESCENCE_PLIES if quiescence else 0
        self.stand_pat = quiescence and run.game.quiescence_stands_pat
        self.horizon_ply = self.quiet_limit if quiescence else self.depth_limit
        self.quiet_top = self.depth_limit if quiescence else -1  # where quiescence starts
        self.finishing = self.remember or self.fail_hard or quiescence  # see _finish

    def search(self, root: S) -> tuple[float, tuple[A, ...]]:
        """The root's value and the principal variation; the counts go back to the run."""
        try:
            value = self.node(root, 0, -INF, INF, bool(self.pv_line), self.terminal_value(root))
        finally:
            run = self.run
            run.nodes = self.next_id
            run.leaves = self.leaves
            run.cutoffs = self.cutoffs
            run.exact_checks = self.exact_checks
            run.quiescence_nodes = self.quiescence_nodes
            run.tt_hits = self.tt_hits
            run.max_ply = self.max_ply
            run.used_evaluation = run.used_evaluation or self.used_evaluation
        if self.to_move(root) is _CHANCE or self.terminal_value(root) is not None:
            self.root_moves.clear()
        return value, cast("tuple[A, ...]", unlink(self.pvs[0]))

    # -- one node --------------------------------------------------------------------

    def node(
        self, state: S, ply: int, alpha: float, beta: float, on_pv: bool, value: float | None
    ) -> float:
        """The value of ``state`` at ``ply``, searched with the window (alpha, beta).

        ``value``: its terminal value, which the caller has looked up; ``on_pv``: it lies
        on the line the previous iteration found best, whose move it tries first.
        """
        nid = self.next_id
        self.next_id = nid + 1
        if self.emit:
            kind = _TERMINAL_KIND if value is not None else _KINDS[id(self.to_move(state))]
            self.entered(
                nid, self.entering_parent, self.entering_move, ply, kind, alpha, beta, state,
                self.entering_p,
            )  # fmt: skip
        if nid + 1 >= self.check_at:
            self.run.checkpoint(nid + 1, self.max_ply)
            self.check_at = nid + 1 + CHECK_EVERY
        if ply > self.max_ply:
            self.max_ply = ply
        if value is not None:
            return self._leaf(nid, ply, value, _TERMINAL, alpha, beta)
        forced: Sequence[A] = ()
        standing: float | None = None  # the evaluation a quiescence node stands pat on
        if ply >= self.depth_limit:
            forced, standing = self._past_cutoff(state, ply, alpha, beta)
            if not forced:
                value = self.evaluate(state) if standing is None else standing
                self.used_evaluation = True
                return self._leaf(nid, ply, value, _EVALUATION, alpha, beta)
        key: Hashable = None
        if self.use_tt:
            key = self.key(state)
            known = self._probe(key, nid, ply, alpha, beta)
            if known is not None:
                return known
        elif self.remember:
            key = self.key(state)
        player = self.to_move(state)
        if player is _CHANCE:
            value = self.chance(state, nid, ply, alpha, beta)
            best_move, low, high = None, alpha, beta
        else:
            # MAX or MIN: past the cutoff, quiescence searches only the ``forced`` (noisy)
            # moves, and may stand pat on ``standing`` instead of any of them.
            moves = self.actions(state) if ply < self.depth_limit else forced
            if on_pv or self.remember:
                moves, on_pv = self._in_order(moves, ply, on_pv, key)
            if player is _MAX:
                value, best_move, low, high = self._max_children(
                    state, nid, ply, alpha, beta, on_pv, moves, standing
                )
            else:
                value, best_move, low, high = self._min_children(
                    state, nid, ply, alpha, beta, on_pv, moves, standing
                )
            if self.finishing:
                value = self._finish(key, ply, value, best_move, alpha, beta)
        if self.use_tt and (len(self.tt) < TABLE_LIMIT or key in self.tt):
            # The value and what it is given the window: exact, or a bound (under the
            # strict rule a value on the window's edge is exact).
            below, above = self.below, self.above
            flag = TT_UPPER if below(value, alpha) else TT_LOWER if above(value, beta) else TT_EXACT
            self.tt[key] = (self.depth_limit - ply if self.limited else -1, value, flag, best_move)
        if self.emit:
            self.valued(nid, value, _BACKED_UP, low, high, best_move)
        return value

    def _leaf(
        self, nid: int, ply: int, value: float, how: Valuation, alpha: float, beta: float
    ) -> float:
        """A leaf's value, the utility at the end of the game or the evaluation."""
        self.leaves += 1
        self.pvs[ply] = None
        if self.emit:
            self.valued(nid, value, how, alpha, beta)
        return value

    def _past_cutoff(
        self, state: S, ply: int, alpha: float, beta: float
    ) -> tuple[Sequence[A], float | None]:
        """Past the depth limit: the noisy moves quiescence follows (none for a quiet
        position, or without quiescence), and the evaluation it stands pat on."""
        forced = (
            self.noisy(state)
            if ply < self.quiet_limit and self.to_move(state) is not _CHANCE
            else ()
        )
        standing = None
        if forced and self.stand_pat:
            # The side to move may decline every noisy move (no one has to capture), so
            # the evaluation here is a floor on MAX's value, a ceiling on MIN's. Past the
            # window's edge that settles it.
            standing = self.evaluate(state)
            self.used_evaluation = True
            if (
                self.above(standing, beta)
                if self.to_move(state) is _MAX
                else self.below(standing, alpha)
            ):
                forced = ()
        if forced and ply == self.quiet_top:
            self.quiet_from = self.next_id  # a quiescence search starts here
        return forced, standing

    def _probe(self, key: Hashable, nid: int, ply: int, alpha: float, beta: float) -> float | None:
        """The value the transposition table holds for this position searched as deep, if
        it settles the node in this window; else None."""
        entry = self.tt.get(key)
        if entry is None or entry[0] != (self.depth_limit - ply if self.limited else -1):
            return None
        value = entry[1]
        flag = entry[2]
        if not (
            flag == TT_EXACT
            or (flag == TT_LOWER and self.above(value, beta))
            or (flag == TT_UPPER and self.below(value, alpha))
        ):
            return None
        self.tt_hits += 1
        self.pvs[ply] = None
        if self.fail_hard:
            value = alpha if value < alpha else beta if value > beta else value
        if self.emit:
            self.valued(nid, value, _TRANSPOSITION, alpha, beta)
        return value

    # -- MAX and MIN -----------------------------------------------------------------

    def _in_order(
        self, moves: Sequence[A], ply: int, on_pv: bool, key: Hashable
    ) -> tuple[Sequence[A], bool]:
        """The moves with the one to try first in front: the previous iteration's line,
        else the best move remembered here. Whether the node is still on that line."""
        first: A | None
        if on_pv and ply < self.pv_len:
            first = self.pv_line[ply]
        else:
            first = self.memory.get(key) if self.remember else None
        if first is None or first not in moves:
            return moves, False
        if moves[0] != first:
            moves = [first, *(m for m in moves if m != first)]
        return moves, on_pv

    def _max_children(
        self,
        state: S,
        nid: int,
        ply: int,
        alpha: float,
        beta: float,
        on_pv: bool,
        moves: Sequence[A],
        standing: float | None,
    ) -> tuple[float, A | None, float, float]:
        """Figure 5.7's MAX-VALUE: the children in turn, the largest value (the first of
        equals, see TIE_TOLERANCE), cut once it reaches beta; alpha rises with it. Returns
        the value, the best move and the window as the children left it."""
        pvs, prune = self.loop[0], self.loop[1]
        child_of = Recursion._child  # the function: called with self, as a bound method would be
        tie = TIE_TOLERANCE
        above = self.above
        if standing is None:
            value = -INF
            best_move: A | None = moves[0]
        else:  # standing pat is the first choice: a noisy move must beat it
            value, best_move, pvs[ply] = standing, None, None
            if prune:
                alpha = max(alpha, standing)
        child_ply = ply + 1
        horizon = child_ply >= self.horizon_ply  # every child a leaf
        wide = ply == 0 and self.exact_root  # exact root values: the full window for each
        child_alpha, child_beta = alpha, beta
        count = len(moves)
        for i in range(count):
            move = moves[i]
            if not wide:
                child_alpha, child_beta = alpha, beta
            child_value = child_of(
                self,
                state,
                nid,
                move,
                child_ply,
                child_alpha,
                child_beta,
                on_pv and i == 0,
                horizon,
            )
            if ply == 0:
                self._root_move(move, child_value, child_alpha, child_beta)
            if child_value > value and (
                i == 0
                or child_value - value > tie * (child_value if child_value > -value else -value)
            ):
                value, best_move, pvs[ply] = child_value, move, (move, pvs[child_ply])
            if prune:
                if above(value, beta):  # v >= beta (the strict rule: v > beta)
                    if i + 1 < count:
                        self._cut(nid, moves, i, value, alpha, beta)
                    break
                if value > alpha:
                    alpha = value
        return value, best_move, alpha, beta

    def _min_children(
        self,
        state: S,
        nid: int,
        ply: int,
        alpha: float,
        beta: float,
        on_pv: bool,
        moves: Sequence[A],
        standing: float | None,
    ) -> tuple[float, A | None, float, float]:
        """Figure 5.7's MIN-VALUE: the smallest value, cut once it falls to alpha; beta
        falls with it. As :meth:`_max_children` otherwise."""
        pvs, prune = self.loop[0], self.loop[1]
        child_of = Recursion._child  # the function: called with self, as a bound method would be
        tie = TIE_TOLERANCE
        below = self.below
        if standing is None:
            value = INF
            best_move: A | None = moves[0]
        else:  # standing pat is the first choice: a noisy move must beat it
            value, best_move, pvs[ply] = standing, None, None
            if prune:
                beta = min(beta, standing)
        child_ply = ply + 1
        horizon = child_ply >= self.horizon_ply  # every child a leaf
        wide = ply == 0 and self.exact_root  # exact root values: the full window for each
        child_alpha, child_beta = alpha, beta
        count = len(moves)
        for i in range(count):
            move = moves[i]
            if not wide:
                child_alpha, child_beta = alpha, beta
            child_value = child_of(
                self,
                state,
                nid,
                move,
                child_ply,
                child_alpha,
                child_beta,
                on_pv and i == 0,
                horizon,
            )
            if ply == 0:
                self._root_move(move, child_value, child_alpha, child_beta)
            if child_value < value and (
                i == 0
                or value - child_value > tie * (value if value > -child_value else -child_value)
            ):
                value, best_move, pvs[ply] = child_value, move, (move, pvs[child_ply])
            if prune:
                if below(value, alpha):  # v <= alpha (the strict rule: v < alpha)
                    if i + 1 < count:
                        self._cut(nid, moves, i, value, alpha, beta)
                    break
                if value < beta:
                    beta = value
        return value, best_move, alpha, beta

    def _child(
        self,
        state: S,
        nid: int,
        move: A,
        child_ply: int,
        child_alpha: float,
        child_beta: float,
        first_on_pv: bool,
        horizon: bool,
    ) -> float:
        """The value of the child ``move`` leads to: an inner node (or one at a checkpoint)
        searched by node(), a leaf valued here, without a call of node(), one event telling
        it all."""
        pvs, _, emit, result, terminal_value, evaluate = self.loop
        child = result(state, move)
        child_value = terminal_value(child)
        if (child_value is None and not horizon) or self.next_id + 1 >= self.check_at:
            if emit:
                self.entering_parent, self.entering_move, self.entering_p = nid, move, None
            return self.node(child, child_ply, child_alpha, child_beta, first_on_pv, child_value)
        how = _TERMINAL
        if child_value is None:
            how = _EVALUATION
            try:
                child_value = evaluate(child)
            except Exception:
                self._failed_leaf(child, nid, move, child_ply, child_alpha, child_beta)
                raise
            self.used_evaluation = True
        cid = self.next_id
        self.next_id = cid + 1
        if child_ply > self.max_ply:
            self.max_ply = child_ply
        self.leaves += 1
        pvs[child_ply] = None
        if emit:
            kind = _TERMINAL_KIND if how is _TERMINAL else _KINDS[id(self.to_move(child))]
            self.leaf(
                cid, nid, move, child_ply, kind, child_alpha, child_beta,
                child, None, child_value, how,
            )  # fmt: skip
        return child_value

    def _failed_leaf(
        self, child: S, nid: int, move: A, ply: int, alpha: float, beta: float
    ) -> None:
        """A leaf whose evaluation raised, told as node() tells it: its entry, then the
        failure (node() evaluates it again and raises)."""
        if self.emit:
            self.entering_parent, self.entering_move, self.entering_p = nid, move, None
        self.node(child, ply, alpha, beta, False, None)

    def _finish(
        self, key: Hashable, ply: int, value: float, best_move: A | None, alpha: float, beta: float
    ) -> float:
        """After the children: the best move remembered, a fail-hard value brought back
        to the window's edge, a quiescence search's nodes counted."""
        if self.remember and (len(self.memory) < TABLE_LIMIT or key in self.memory):
            self.memory[key] = best_move
        if self.fail_hard:
            # Return the window's edge, not a value beyond it: alpha or beta.
            if value < alpha:
                value = alpha
            elif value > beta:
                value = beta
        if ply == self.quiet_top:
            self.quiescence_nodes += self.next_id - self.quiet_from
        return value

    def _root_move(self, move: A, value: float, alpha: float, beta: float) -> None:
        """A root move valued: what its value says, given the window it was searched in."""
        bound = root_bound(value, alpha, beta, strict=self.strict) if self.prune else Bound.EXACT
        self.root_moves.append(RootMove(move, value, bound))
        # A move to play: the time budget holds from here even in the first iteration
        # (chess's quiescence under minimax can take minutes to finish depth 1).
        self.run.clock_armed = True

    def _cut(
        self, nid: int, moves: Sequence[A], i: int, value: float, alpha: float, beta: float
    ) -> None:
        """The children after the ``i``-th are pruned (the caller has seen there are some)."""
        self.cutoffs += 1
        if self.emit:
            self.pruned(nid, tuple(moves[i + 1 :]), value, alpha, beta)

    # -- chance ----------------------------------------------------------------------

    def chance(self, state: S, nid: int, ply: int, alpha: float, beta: float) -> float:
        """Expectiminimax's average of the outcomes, weighted by their probabilities; or
        Star1 when pruning: every value lies in [low, high], so after some outcomes the
        average is bounded, and a bound outside (alpha, beta) cuts the rest."""
        outcomes = self.chances(state)
        if self.star1 and self._outside(self.low, self.high, alpha, beta):
            # Every value lies in [low, high]: the window excludes them all.
            value = self.low if self.low >= beta else self.high
            self._cut_outcomes(nid, outcomes, -1, value, alpha, beta)
            self.pvs[ply] = None
            return value
        count = len(outcomes)
        probabilities, rests = shares(outcomes, self.suffixes)
        pvs = self.pvs
        child_ply = ply + 1
        total = 0.0  # sum of p * v over the children searched
        mass = 0.0  # sum of |p * v| over them: the scale of their rounding error
        likeliest = -1.0
        seen: list[float] = []  # the children's values, for an exact look (Star1)
        slack = (ROUNDING * (count + 4) + SNAP) * 2.0  # rounding and snapping, doubled
        window = (alpha, beta, -INF, INF)  # the child's window, and where Star1 looks exactly
        for i in range(count):
            outcome = outcomes[i][0]
            p = probabilities[i]
            child = self.result(state, outcome)
            if self.star1:
                window = self._star1_window(alpha, beta, total, mass, rests[i], p, slack)
            if self.emit:
                self.entering_parent, self.entering_move, self.entering_p = nid, outcome, p
            child_value = self.node(
                child, child_ply, window[0], window[1], False, self.terminal_value(child)
            )
            term = p * child_value
            total += term
            mass += term if term >= 0 else -term
            if p > likeliest:
                likeliest = p
                pvs[ply] = (outcome, pvs[child_ply])
            if self.star1:
                seen.append(child_value)
                bound = self._star1_cut(
                    outcomes, seen, child_value, window, total, rests[i], alpha, beta
                )
                if bound is not None:
                    self._cut_outcomes(nid, outcomes, i, bound, alpha, beta)
                    return bound
        if not -INF < total < INF:
            raise ValueOverflowError(
                f"the expected value at {self.run.game.position_name(state)} is too large "
                "for floating point: keep values within about ±1e307"
            )
        # Searched to the end (no cut): the same sum, snapped the same way, as
        # expectiminimax makes.
        return snap(total, mass)

    def _cut_outcomes(
        self,
        nid: int,
        outcomes: Sequence[tuple[A, float]],
        i: int,
        value: float,
        alpha: float,
        beta: float,
    ) -> None:
        """The outcomes after the ``i``-th are pruned (all of them for ``i`` = -1)."""
        if i + 1 < len(outcomes):
            self.cutoffs += 1
            if self.emit:
                self.pruned(nid, tuple(o for o, _ in outcomes[i + 1 :]), value, alpha, beta)

    def _star1_window(
        self,
        alpha: float,
        beta: float,
        total: float,
        mass: float,
        rest: float,
        p: float,
        slack: float,
    ) -> tuple[float, float, float, float]:
        """The next child's window (Ballard), and the edges within which its value is
        decided exactly: beyond the window, this node's value is outside (alpha, beta)
        whatever the unseen children hold.

        ``rest`` is an exact suffix sum (0 after the last child). Each end is widened by
        what rounding could have moved it, so the child's value is exact wherever floating
        point cannot tell whether to cut; there it is decided in exact arithmetic (see
        exact_cut).
        """
        low, high = self.low, self.high
        known = abs(total) + mass
        child_alpha = alpha_edge = -INF
        if alpha != -INF:
            nominal = (alpha - total - rest * high) / p
            widened = slack * (abs(alpha) + known + rest * abs(high)) / p + ROUNDING * abs(nominal)
            child_alpha, alpha_edge = nominal - widened, nominal + widened
        child_beta = beta_edge = INF
        if beta != INF:
            nominal = (beta - total - rest * low) / p
            widened = slack * (abs(beta) + known + rest * abs(low)) / p + ROUNDING * abs(nominal)
            child_beta, beta_edge = nominal + widened, nominal - widened
        return child_alpha, child_beta, alpha_edge, beta_edge

    def _star1_cut(
        self,
        outcomes: Sequence[tuple[A, float]],
        seen: list[float],
        value: float,
        window: tuple[float, float, float, float],
        total: float,
        rest: float,
        alpha: float,
        beta: float,
    ) -> float | None:
        """The chance node's bound if the child's ``value`` settles it outside (alpha,
        beta), else None. Outside its window, a child's value is only a bound: so is
        ours. Near the window's edge, exact arithmetic decides (the textbook's numbers)."""
        child_alpha, child_beta, alpha_edge, beta_edge = window
        if self._outside(value, value, child_alpha, child_beta):
            if value >= child_beta:
                return max(total + rest * self.low, beta)
            return min(total + rest * self.high, alpha)
        near_beta = beta != INF and value >= beta_edge
        near_alpha = alpha != -INF and value <= alpha_edge
        if not (near_alpha or near_beta):
            return None
        self.exact_checks += 1
        strict = self.strict
        if near_beta and exact_cut(outcomes, seen, self.low, beta, high=False, strict=strict):
            return max(total + rest * self.low, beta)
        if near_alpha and exact_cut(outcomes, seen, self.high, alpha, high=True, strict=strict):
            return min(total + rest * self.high, alpha)
        return None

    def _outside(self, low: float, high: float, alpha: float, beta: float) -> bool:
        """Whether values known to lie in [low, high] settle a chance node outside the
        window: at or past its edge, or only past it under the strict rule."""
        return self.above(low, beta) or self.below(high, alpha)
