"""Searches for games of n players: max^n, its shallow pruning, and the paranoid search.

Max^n (Luckhardt and Irani 1986) backs up a vector of utilities, one per player: at each
decision node the mover takes the child whose vector is best in the mover's own
component. The paranoid search (Sturtevant and Korf 2000) assumes instead that every
other player plays against the root player, so it is minimax on the root player's
component and alpha-beta applies. Both take a chance node's value as the expected vector.

Conventions (docs/search.md, "Games of n players", says why):

* Ties: the first child (in the order searched) whose component is best wins; two
  numbers within ``TIE_TOLERANCE`` of their size are equal (:mod:`.numbers`).
* Shallow pruning (Korf 1991) needs a declared constant sum ``S`` of every vector
  (:meth:`Game.utility_sum`) and the lowest utility ``L``. At a node of player ``i``
  whose parent is a decision of another player ``j``, once ``i`` is sure of ``b_i``,
  ``j`` can get at most ``S - b_i - (n - 2) * L`` here; when that is no more than
  what ``j`` already has from an earlier sibling, ``j`` will not choose this node, and
  its remaining children are cut. The value, the best move and the principal
  variation stay those of plain max^n; a cut node's vector is its vector so far.
* Transposition table (``table_size`` > 0): keyed by the game's ``key(state)`` and the
  plies left to the depth limit (None without one), since a cutoff's evaluation makes a
  value depend on the depth searched below. Max^n stores a node's vector only where it
  is exact: a node that shallow pruning cut holds its vector so far, and is not stored;
  a node that was not cut holds plain max^n's vector, since a cut child is never the one
  its parent chooses. An exact vector in place of a cut one changes no choice above it
  (the parent's player gets no more from the true vector than the cut showed), so the
  root's vector and move are those of the search without the table. The paranoid
  search stores the root player's share as exact or as a bound, as alpha-beta's table
  does, and takes a bound only where it settles the window.
* Events: the usual stream (:mod:`.events`), whose scalar ``value`` is the root
  player's component, and whose node kind is MAX where the root player decides, MIN
  where another player does. Each valued node's whole vector comes first in a
  :class:`~gamesearch_gui.core.events.NodeValues`, with the index of who decided there.
  The paranoid search tells its windows as alpha-beta does; max^n has no window
  (minus to plus infinity), and tells a shallow cut as a ``ChildrenPruned`` whose
  ``value`` is the mover's own best so far, ``alpha`` what the parent's mover already
  has, and ``beta`` the most it could get here (the cut holds as ``beta <= alpha``).

This module knows nothing of :mod:`gamesearch_gui.core.search`: ``search()`` runs it for
``Algorithm.MAXN`` and ``Algorithm.PARANOID`` and makes its outcome a ``SearchResult``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Final, Generic, TypeVar

from gamesearch_gui.core.events import NodeKind, SearchObserver, Valuation
from gamesearch_gui.core.game import Game, GameError, Player, VectorEvaluation
from gamesearch_gui.core.numbers import better, format_number
from gamesearch_gui.core.search.table import TT_EXACT, TT_LOWER, TT_UPPER

S = TypeVar("S")  #: a state of the game
A = TypeVar("A")  #: a move (or a chance outcome) of the game
R = TypeVar("R")  #: what the ``stop`` callback gives as its reason to stop

INF: Final = math.inf
#: How many nodes pass between two calls of the ``stop`` callback.
CHECK_EVERY: Final = 256

Vector = tuple[float, ...]
#: Asked every ``CHECK_EVERY`` nodes with the nodes so far and the deepest ply reached:
#: a reason to stop, or None.
StopCheck = Callable[[int, int], R | None]
#: Where the table keeps a position: the game's key and the plies left to the depth
#: limit (None without one).
Slot = tuple[Hashable, int | None]


class Halted(Exception):
    """Unwinds the recursion when the ``stop`` callback gives a reason (kept by the search)."""


@dataclass(frozen=True, slots=True)
class VectorRootMove(Generic[A]):
    """A root move and the vector it returned; ``exact`` is False where a cut made the
    vector only what was known so far (shallow pruning) or a bound (paranoid)."""

    move: A
    values: Vector
    exact: bool


@dataclass(frozen=True, slots=True)
class VectorOutcome(Generic[A, R]):
    """What a max^n or paranoid search found, before ``search()`` makes it a result.

    ``values`` is None when the search was stopped before the root was valued.
    """

    values: Vector | None
    player: int  #: the root player's index (whose component ``value`` reports)
    best_move: A | None
    line: tuple[A, ...]
    root_moves: tuple[VectorRootMove[A], ...]
    nodes: int
    leaves: int
    cutoffs: int
    max_depth: int
    reason: R | None  #: what the ``stop`` callback gave, None when the search finished
    tt_hits: int = 0  #: nodes valued from the transposition table


def root_player(game: Game[S, A], state: S) -> int:
    """The player the search is for: who decides at ``state`` (the first player at a
    chance or terminal root)."""
    if game.to_move(state) is Player.CHANCE or game.terminal_utilities(state) is not None:
        return 0
    return game.player_index(state)


def search_vectors(
    game: Game[S, A],
    root: S,
    *,
    paranoid: bool,
    shallow: bool = False,
    depth: int | None = None,
    evaluate: VectorEvaluation[S] | None = None,
    observer: SearchObserver | None = None,
    stop: StopCheck[R] | None = None,
    table_size: int = 0,
) -> VectorOutcome[A, R]:
    """Max^n (``paranoid`` False, with shallow pruning if ``shallow``) or the paranoid
    search of ``game`` from ``root``, cut off at ``depth`` plies with ``evaluate``; with
    a transposition table of at most ``table_size`` entries when it is above 0.

    Trusts its caller (``search()`` checks the settings first): ``shallow`` needs the
    game's ``utility_sum`` and ``utility_bounds``, a reachable cutoff an ``evaluate``.
    """
    run = _VectorSearch(game, root, paranoid, shallow, depth, evaluate, observer, stop, table_size)
    values: Vector | None
    line: tuple[A, ...]
    try:
        values, line, _ = run.node(root, None, None, None, 0, -INF, INF, None)
    except Halted:  # stopped before the root was valued
        values, line = None, ()
    best_move = line[0] if line and game.to_move(root) is not Player.CHANCE else None
    if values is None:
        best_move = _best_so_far(run.root_moves, run.me)
    if game.to_move(root) is Player.CHANCE:
        run.root_moves.clear()
    return VectorOutcome(
        values=values,
        player=run.me,
        best_move=best_move,
        line=line,
        root_moves=tuple(run.root_moves),
        nodes=run.nodes,
        leaves=run.leaves,
        cutoffs=run.cutoffs,
        max_depth=run.deepest,
        reason=run.reason,
        tt_hits=run.tt_hits,
    )


class _VectorSearch(Generic[S, A, R]):
    """One search of a game of n players: its settings, what it counts, and its nodes."""

    def __init__(
        self,
        game: Game[S, A],
        root: S,
        paranoid: bool,
        shallow: bool,
        depth: int | None,
        evaluate: VectorEvaluation[S] | None,
        observer: SearchObserver | None,
        stop: StopCheck[R] | None,
        table_size: int,
    ) -> None:
        self.game = game
        self.n = len(game.players)
        self.me = root_player(game, root)
        self.paranoid = paranoid
        self.total = game.utility_sum() if shallow else None
        self.floor = game.utility_bounds()[0] if self.total is not None else 0.0
        self.depth = depth
        self.evaluate = evaluate
        self.observer = observer
        self.stop = stop
        self.reason: R | None = None
        self.nodes = self.leaves = self.cutoffs = self.deepest = self.tt_hits = 0
        # (key, plies left or None) -> the vector, how exact it is, and the line from there.
        self.table: dict[Slot, tuple[Vector, int, tuple[A, ...]]] | None = (
            {} if table_size > 0 else None
        )
        self.table_size = table_size
        self.root_moves: list[VectorRootMove[A]] = []

    def enter(
        self,
        state: S,
        parent: int | None,
        move: A | None,
        ply: int,
        kind: NodeKind,
        alpha: float,
        beta: float,
        p: float | None,
    ) -> int:
        """Count a node (asking ``stop`` every ``CHECK_EVERY`` nodes), tell it, give its id."""
        nid = self.nodes
        self.nodes = nid + 1
        if self.stop is not None and nid % CHECK_EVERY == 0:
            reason = self.stop(nid, self.deepest)
            if reason is not None:
                self.reason = reason
                raise Halted(str(reason))
        if ply > self.deepest:
            self.deepest = ply
        if self.observer is not None:
            self.observer.entered(nid, parent, move, ply, kind, alpha, beta, state, p)
        return nid

    def leave(
        self,
        nid: int,
        vector: Vector,
        how: Valuation,
        alpha: float,
        beta: float,
        player: int | None,
        best: A | None = None,
    ) -> None:
        """Tell a node's whole vector (and who decided there), then its value."""
        if self.observer is not None:
            self.observer.node_values(nid, vector, player)
            self.observer.valued(nid, vector[self.me], how, alpha, beta, best)

    def node(
        self,
        state: S,
        parent: int | None,
        move: A | None,
        p: float | None,
        ply: int,
        alpha: float,
        beta: float,
        above: tuple[int, float] | None,
    ) -> tuple[Vector, tuple[A, ...], float | None]:
        """The node's vector, its line, and (after a shallow cut) the ceiling that cut."""
        game, me, n, depth, table, paranoid = (
            self.game,
            self.me,
            self.n,
            self.depth,
            self.table,
            self.paranoid,
        )
        terminal = game.terminal_utilities(state)
        mover = game.to_move(state)
        if terminal is not None:
            kind = NodeKind.TERMINAL
        elif mover is Player.CHANCE:
            kind = NodeKind.CHANCE
        else:
            kind = NodeKind.MAX if game.player_index(state) == me else NodeKind.MIN
        nid = self.enter(state, parent, move, ply, kind, alpha, beta, p)
        if terminal is not None or (depth is not None and ply >= depth):
            self.leaves += 1
            if terminal is not None:
                vector, how = terminal, Valuation.TERMINAL
            else:
                assert self.evaluate is not None
                vector, how = self.evaluate(state), Valuation.EVALUATION
                _check_length(game, state, vector, n)
            self.leave(nid, vector, how, alpha, beta, None)
            return vector, (), None
        if table is not None:
            slot = (game.key(state), None if depth is None else depth - ply)
            entry = table.get(slot)
            if entry is not None:
                stored, flag, stored_line = entry
                if (
                    flag == TT_EXACT
                    or (flag == TT_LOWER and stored[me] >= beta)
                    or (flag == TT_UPPER and stored[me] <= alpha)
                ):
                    self.tt_hits += 1
                    self.leave(nid, stored, Valuation.TRANSPOSITION, alpha, beta, None)
                    return stored, stored_line, None
        if mover is Player.CHANCE:
            vector, likeliest = self.chance(state, nid, ply)
            if table is not None:
                self.store(slot, vector, TT_EXACT, likeliest)
            self.leave(nid, vector, Valuation.BACKED_UP, alpha, beta, None)
            return vector, likeliest, None
        who = game.player_index(state)
        moves = game.actions(state)
        best: Vector | None = None
        best_move: A | None = None
        line: tuple[A, ...] = ()
        ceiling: float | None = None
        maximizing = who == me
        a, b = alpha, beta
        for k, action in enumerate(moves):
            child = game.result(state, action)
            bound = None if paranoid or best is None else (who, best[who])
            if paranoid:
                got, rest, cut_at = self.node(child, nid, action, None, ply + 1, a, b, None)
            else:
                got, rest, cut_at = self.node(child, nid, action, None, ply + 1, -INF, INF, bound)
            if ply == 0:
                exact = a < got[me] < b if paranoid else cut_at is None
                self.root_moves.append(VectorRootMove(action, got, exact))
            # Max^n: the mover maximises their own share; paranoid: the root player's share,
            # which the others minimise.
            key = me if paranoid else who
            if best is None or better(got[key], best[key], maximizing or not paranoid):
                best, best_move, line = got, action, (action, *rest)
            assert best is not None
            last = k + 1 == len(moves)
            if paranoid:
                # As alpha-beta: past the window, stop (a cut, if moves are left); else the
                # window narrows, after the last child too (the window it leaves with).
                share = best[me]
                if (share >= b) if maximizing else (share <= a):
                    if not last:
                        self.cut(nid, moves[k + 1 :], share, a, b)
                    break
                if maximizing:
                    a = max(a, share)
                else:
                    b = min(b, share)
            elif last:
                break
            elif self.total is not None and above is not None and above[0] != who:
                most = self.total - best[who] - (n - 2) * self.floor
                if most <= above[1]:
                    ceiling = most
                    self.cut(nid, moves[k + 1 :], best[who], above[1], most)
                    break
        assert best is not None
        if table is not None:
            if paranoid:
                share = best[me]
                flag = TT_UPPER if share <= alpha else TT_LOWER if share >= beta else TT_EXACT
                self.store(slot, best, flag, line)
            elif ceiling is None:  # a node shallow pruning cut holds only its vector so far
                self.store(slot, best, TT_EXACT, line)
        self.leave(
            nid,
            best,
            Valuation.BACKED_UP,
            a if paranoid else -INF,  # the window as it stands on leaving, as alpha-beta's
            b if paranoid else INF,
            who,
            best_move,
        )
        return best, line, ceiling

    def store(self, slot: Slot, vector: Vector, flag: int, line: tuple[A, ...]) -> None:
        """Put an entry in the table, unless the table is full (a known slot is updated)."""
        assert self.table is not None
        if len(self.table) < self.table_size or slot in self.table:
            self.table[slot] = (vector, flag, line)

    def cut(self, nid: int, skipped: Sequence[A], value: float, alpha: float, beta: float) -> None:
        """Count a cut and tell which children it skipped."""
        self.cutoffs += 1
        if self.observer is not None:
            self.observer.pruned(nid, tuple(skipped), value, alpha, beta)

    def chance(self, state: S, nid: int, ply: int) -> tuple[Vector, tuple[A, ...]]:
        """A chance node's expected vector, and the line through its likeliest outcome."""
        game, n = self.game, self.n
        outcomes = game.chances(state)
        whole = math.fsum(p for _, p in outcomes)
        sums = [0.0] * n
        likeliest = -1.0
        line: tuple[A, ...] = ()
        for outcome, given in outcomes:
            p = given / whole
            got, rest, _ = self.node(
                game.result(state, outcome), nid, outcome, p, ply + 1, -INF, INF, None
            )
            for i in range(n):
                sums[i] += p * got[i]
            if p > likeliest:
                likeliest, line = p, (outcome, *rest)
        return tuple(sums), line


def _check_length(game: Game[S, A], state: S, vector: Vector, n: int) -> None:
    if len(vector) != n:
        raise GameError(
            f"the evaluation at {game.position_name(state)} gives {len(vector)} numbers, "
            f"not one for each of the {n} players"
        )


def _best_so_far(root_moves: Sequence[VectorRootMove[A]], me: int) -> A | None:
    """The root move fully searched whose vector is best for the root player, if any."""
    best: VectorRootMove[A] | None = None
    for root in root_moves:
        if root.exact and (best is None or better(root.values[me], best.values[me], True)):
            best = root
    return None if best is None else best.move


def vector_text(values: Sequence[float]) -> str:
    """A vector as the textbook writes it: ``(1, 2, 6)``."""
    return "(" + ", ".join(format_number(v) for v in values) + ")"


def describe_choice(players: Sequence[str], player: int, values: Sequence[float]) -> str:
    """Why a node of ``player`` took ``values``, naming the component that decided:
    ``B picks (1, 5, 2): 5 is B's best``."""
    name = players[player]
    return f"{name} picks {vector_text(values)}: {format_number(values[player])} is {name}'s best"


def vector_problem(game: Game[S, A], *, shallow: bool) -> str | None:
    """Why max^n (``shallow``: with shallow pruning) cannot search ``game``, or None."""
    if not shallow:
        return None
    total = game.utility_sum()
    if total is None:
        return (
            f"shallow pruning needs utilities that add up to a constant, and {game.title} "
            "declares no constant sum"
        )
    try:
        low, high = game.utility_bounds()
    except GameError:
        return f"shallow pruning needs the lowest utility, and {game.title} declares none"
    if not (math.isfinite(low) and math.isfinite(high)):
        return f"shallow pruning needs finite utility bounds, not [{low}, {high}]"
    return None
