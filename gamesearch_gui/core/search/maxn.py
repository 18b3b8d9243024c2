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
  :class:`~gamesearch_gui.core.recording.events.NodeValues`, with the index of who decided there.
  The paranoid search tells its windows as alpha-beta does; max^n has no window
  (minus to plus infinity), and tells a shallow cut as a ``ChildrenPruned`` whose
  ``value`` is the mover's own best so far, ``alpha`` what the parent's mover already
  has, and ``beta`` the most it could get here (the cut holds as ``beta <= alpha``).

This module knows nothing of :mod:`gamesearch_gui.core.search`: ``search()`` runs it for
``Algorithm.MAXN`` and ``Algorithm.PARANOID`` and makes its outcome a ``SearchResult``.

What is in it, top to bottom:

* what a search hands back (:class:`VectorOutcome`, :class:`VectorRootMove`) and whom
  it searches for (:func:`root_player`);
* :func:`search_vectors`, which picks once, when the search starts, the recursion and
  the pieces its settings ask for (a feature that is off is never tested at a node:
  its piece is left out, or is a function that does nothing);
* the three recursions, each a short function of its own: ``max_n`` (the textbook's
  max^n), ``max_n_shallow`` (max^n with Korf's shallow pruning, its test in
  ``shallow_cut``) and ``paranoid`` (alpha-beta on the root player's share);
* what every node does around them: entering and counting it, valuing a leaf, a chance
  node's expected vector, the transposition table, telling the observer;
* words for vectors (:func:`vector_text`; why a player chose one is
  :func:`gamesearch_gui.core.narration.steps.describe_choice`) and why shallow
  pruning cannot search a game (:func:`vector_problem`).
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable
from collections.abc import Hashable
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final
from typing import Generic
from typing import TypeVar

from gamesearch_gui.core.game import Game
from gamesearch_gui.core.game import GameError
from gamesearch_gui.core.game import Player
from gamesearch_gui.core.game import VectorEvaluation
from gamesearch_gui.core.numbers import better
from gamesearch_gui.core.numbers import format_bounded
from gamesearch_gui.core.numbers import format_number
from gamesearch_gui.core.recording.events import NodeKind
from gamesearch_gui.core.recording.events import SearchObserver
from gamesearch_gui.core.recording.events import Valuation
from gamesearch_gui.core.search.table import TT_EXACT
from gamesearch_gui.core.search.table import TT_LOWER
from gamesearch_gui.core.search.table import TT_UPPER

S = TypeVar("S")  #: a state of the game
A = TypeVar("A")  #: a move (or a chance outcome) of the game
R = TypeVar("R")  #: what the ``stop`` callback gives as its reason to stop

INF: Final = math.inf
#: How many nodes pass between two calls of the ``stop`` callback.
CHECK_EVERY: Final = 256
#: The depth limit of a search without one: deeper than any recursion can go.
NO_LIMIT: Final = sys.maxsize

Vector = tuple[float, ...]
#: Asked every ``CHECK_EVERY`` nodes with the nodes so far and the deepest ply reached:
#: a reason to stop, or None.
StopCheck = Callable[[int, int], R | None]
#: What a node hands back to its parent: its vector, the line of moves from it, and
#: whether the vector is exact (False where shallow pruning cut the node: the vector is
#: then only what the node had found so far).
Backed = tuple[Vector, tuple[A, ...], bool]
#: Where the table keeps a position: the game's key and the plies left to the depth
#: limit (None without one).
Slot = tuple[Hashable, int | None]


class Halted(Exception):
    """Unwinds the recursion when the ``stop`` callback gives a reason (kept by the search)."""


@dataclass(frozen=True, slots=True)
class VectorRootMove(Generic[A]):
    """A root move and the vector it returned; ``exact`` is False where a cut made the
    vector only what was known so far (shallow pruning) or a bound (paranoid).

    A cut vector is a bound on one number of it, player ``share``'s: under paranoid the
    root player's, at most that (alpha-beta failed low on it); under shallow pruning
    the number of the player who moves at the move's node, at least that (the rest of
    that node's moves were cut), or with two players, whose numbers add up to a fixed
    sum, the root player's, at most that. None where the vector is exact."""

    move: A
    values: Vector
    exact: bool
    share: int | None = None


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
    #: Whether a leaf at the depth limit was valued by the evaluation (False: every line
    #: was searched to the end of the game, so a deeper search would find the same).
    evaluated: bool = False


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
    strict: bool = False,
    depth: int | None = None,
    evaluate: VectorEvaluation[S] | None = None,
    observer: SearchObserver | None = None,
    stop: StopCheck[R] | None = None,
    table_size: int = 0,
    first_node: int = 0,
) -> VectorOutcome[A, R]:
    """Max^n (``paranoid`` False, with shallow pruning if ``shallow``) or the paranoid
    search of ``game`` from ``root``, cut off at ``depth`` plies with ``evaluate``; with
    a transposition table of at most ``table_size`` entries when it is above 0. ``strict``:
    the paranoid search cuts only past its window's edge (CS188's rule), not at it.
    Node ids start at ``first_node`` (an iteration of iterative deepening goes on from
    the last one's), and the outcome's ``nodes`` counts from there too.

    Trusts its caller (``search()`` checks the settings first): ``shallow`` needs the
    game's ``utility_sum`` and ``utility_bounds``, a reachable cutoff an ``evaluate``.
    """
    run = _VectorSearch(game, root, depth, evaluate, observer, stop or _never, table_size)
    run.strict = strict
    run.nodes = first_node
    total = game.utility_sum() if shallow and not paranoid else None
    if paranoid:
        run.value = run.paranoid
    elif total is not None:  # shallow pruning (without a constant sum it would never cut)
        run.total, run.floor = total, game.utility_bounds()[0]
        run.value = run.max_n_shallow
    values: Vector | None
    line: tuple[A, ...]
    try:
        values, line, _ = run.value(root, None, None, None, 0)
    except Halted:  # stopped before the root was valued: the best root move so far
        values, line = None, ()
    best_move: A | None = None
    if values is None:
        best_move = _best_so_far(run.root_moves, run.me)
    elif line and game.to_move(root) is not Player.CHANCE:
        best_move = line[0]
    return VectorOutcome(
        values=values,
        player=run.me,
        best_move=best_move,
        line=line,
        root_moves=tuple(run.root_moves),  # none at a chance root: no decision at ply 0
        nodes=run.nodes,
        leaves=run.leaves,
        cutoffs=run.cutoffs,
        max_depth=run.deepest,
        reason=run.reason,
        tt_hits=run.tt_hits,
        evaluated=run.evaluated,
    )


class _VectorSearch(Generic[S, A, R]):
    """One search of a game of n players: what it counts, and the node functions chosen
    for its settings when it starts (plain max^n unless :func:`search_vectors` picks
    another recursion; the table's and the observer's pieces only when they are on)."""

    def __init__(
        self,
        game: Game[S, A],
        root: S,
        depth: int | None,
        evaluate: VectorEvaluation[S] | None,
        observer: SearchObserver | None,
        stop: StopCheck[R],
        table_size: int,
    ) -> None:
        self.game = game
        self.n = len(game.players)
        self.me = root_player(game, root)
        self.depth = depth
        self.limit = NO_LIMIT if depth is None else depth
        self.evaluate = evaluate
        self.stop = stop
        self.reason: R | None = None
        self.nodes = self.leaves = self.cutoffs = self.deepest = self.tt_hits = 0
        self.evaluated = False  # a leaf was valued by the evaluation, at the depth limit
        self.root_moves: list[VectorRootMove[A]] = []
        self.total = self.floor = 0.0  # shallow pruning's constant sum and lowest utility
        self.strict = False  # the paranoid search's cut: only past the window (CS188's rule)
        # (key, plies left or None) -> the vector, how exact it is, and the line from there.
        self.table: dict[Slot, tuple[Vector, int, tuple[A, ...]]] = {}
        self.table_size = table_size
        self.value: Callable[[S, int | None, A | None, float | None, int], Backed[A]]
        self.value = self.max_n
        tabled = table_size > 0
        self.begin = self._begin_tabled if tabled else self._begin
        self.store_exact = self._store_exact if tabled else _ignore
        self.store_bound = self._store_bound if tabled else _ignore
        self.observer = observer
        self.enter = self._enter if observer is None else self._enter_told
        self.told = _ignore if observer is None else self._told
        self.cut = self._cut if observer is None else self._cut_told

    # -- the three recursions --------------------------------------------------------

    def max_n(
        self, state: S, parent: int | None, move: A | None, p: float | None, ply: int
    ) -> Backed[A]:
        """Max^n: the vector ``state`` is worth when every player, at its turn, takes
        the child whose vector is best in its own component (the first among equals)."""
        nid, slot, known = self.begin(state, parent, move, p, ply, -INF, INF)
        if known is not None:  # a leaf, a chance node, or a position the table knows
            return known
        game = self.game
        who = game.player_index(state)
        best: Vector | None = None
        best_move: A | None = None
        line: tuple[A, ...] = ()
        for action in game.actions(state):
            got, rest, exact = self.max_n(game.result(state, action), nid, action, None, ply + 1)
            if ply == 0:  # the root's moves, each with its vector, go in the results
                self.root_moves.append(VectorRootMove(action, got, exact))
            if best is None or better(got[who], best[who], True):  # who's own component
                best, best_move, line = got, action, (action, *rest)
        assert best is not None
        self.store_exact(slot, best, line)
        self.told(nid, best, who, Valuation.BACKED_UP, -INF, INF, best_move)
        return best, line, True

    def max_n_shallow(
        self,
        state: S,
        parent: int | None,
        move: A | None,
        p: float | None,
        ply: int,
        above: tuple[int, float] | None = None,
    ) -> Backed[A]:
        """Max^n with shallow pruning: as :meth:`max_n`, but a node stops searching its
        children once the player deciding above it (``above``: that player, and what it
        already has from an earlier sibling) could get no more here."""
        nid, slot, known = self.begin(state, parent, move, p, ply, -INF, INF)
        if known is not None:
            return known
        game = self.game
        who = game.player_index(state)
        moves = game.actions(state)
        best: Vector | None = None
        best_move: A | None = None
        line: tuple[A, ...] = ()
        for k, action in enumerate(moves):
            bound = None if best is None else (who, best[who])
            child = game.result(state, action)
            got, rest, exact = self.max_n_shallow(child, nid, action, None, ply + 1, bound)
            if ply == 0:
                self.root_moves.append(
                    VectorRootMove(action, got, exact, self._cut_share(child, exact))
                )
            if best is None or better(got[who], best[who], True):
                best, best_move, line = got, action, (action, *rest)
            if k + 1 < len(moves) and self.shallow_cut(nid, moves[k + 1 :], who, best, above):
                # Cut: the vector is only what this node had so far, so it is not stored.
                self.told(nid, best, who, Valuation.BACKED_UP, -INF, INF, best_move)
                return best, line, False
        assert best is not None
        self.store_exact(slot, best, line)
        self.told(nid, best, who, Valuation.BACKED_UP, -INF, INF, best_move)
        return best, line, True

    def _cut_share(self, child: S, exact: bool) -> int | None:
        """Whose number a root move's vector bounds after a shallow cut of its node (None
        if it was not cut): that node's player's, sure of at least its number; with two
        players the root player's, which then gets at most its own (the sum is fixed)."""
        if exact:
            return None
        return self.me if self.n == 2 else self.game.player_index(child)

    def shallow_cut(
        self,
        nid: int,
        skipped: Sequence[A],
        who: int,
        best: Vector,
        above: tuple[int, float] | None,
    ) -> bool:
        """Shallow pruning's test (Korf 1991): ``who`` is sure of ``best[who]`` here, so
        the other player deciding above can get at most ``S - best[who] - (n - 2) * L``;
        when that is no more than what it already has, it will not come here: cut the
        ``skipped`` children (True) and stop searching this node."""
        if above is None or above[0] == who:
            return False
        most = self.total - best[who] - (self.n - 2) * self.floor
        if most > above[1]:
            return False
        self.cut(nid, skipped, best[who], above[1], most)
        return True

    def paranoid(
        self,
        state: S,
        parent: int | None,
        move: A | None,
        p: float | None,
        ply: int,
        alpha: float = -INF,
        beta: float = INF,
    ) -> Backed[A]:
        """The paranoid search: alpha-beta on the root player's component, as if every
        other player played only to lower it (the root player maximises, the rest
        minimise); the window narrows after each child, and a child past it cuts."""
        nid, slot, known = self.begin(state, parent, move, p, ply, alpha, beta)
        if known is not None:
            return known
        game, me = self.game, self.me
        who = game.player_index(state)
        maximizing = who == me
        moves = game.actions(state)
        best: Vector | None = None
        best_move: A | None = None
        line: tuple[A, ...] = ()
        a, b = alpha, beta
        for k, action in enumerate(moves):
            got, rest, _ = self.paranoid(
                game.result(state, action), nid, action, None, ply + 1, a, b
            )
            if ply == 0:
                exact = self.inside(got[me], a, b)
                self.root_moves.append(VectorRootMove(action, got, exact, None if exact else me))
            if best is None or better(got[me], best[me], maximizing):
                best, best_move, line = got, action, (action, *rest)
            share = best[me]
            edge = b if maximizing else a
            # Past the window (or at its edge, but for the strict rule): a cut.
            if (share > b if maximizing else share < a) or (share == edge and not self.strict):
                if k + 1 < len(moves):
                    self.cut(nid, moves[k + 1 :], share, a, b)
                break
            if maximizing:
                a = max(a, share)
            else:
                b = min(b, share)
        assert best is not None
        self.store_bound(slot, best, line, alpha, beta)
        # The window as it stands on leaving, as alpha-beta tells it.
        self.told(nid, best, who, Valuation.BACKED_UP, a, b, best_move)
        return best, line, True

    def inside(self, share: float, alpha: float, beta: float) -> bool:
        """Whether the root player's ``share`` is exact in the window: strictly inside
        it, or on its edge under the strict rule (where only a value past the edge cuts)."""
        if self.strict:
            return alpha <= share <= beta
        return alpha < share < beta

    # -- what every node does around them ----------------------------------------------

    def _begin(
        self,
        state: S,
        parent: int | None,
        move: A | None,
        p: float | None,
        ply: int,
        alpha: float,
        beta: float,
    ) -> tuple[int, Slot | None, Backed[A] | None]:
        """Enter a node; value it at once if it is a leaf or a chance node (else the
        recursion searches its moves). Gives its id, no table slot, and that value."""
        nid, terminal, mover = self.enter(state, parent, move, p, ply, alpha, beta)
        if terminal is not None or ply >= self.limit:
            return nid, None, self.leaf(state, nid, terminal, alpha, beta)
        if mover is Player.CHANCE:
            return nid, None, self.expected(state, nid, ply, alpha, beta, None)
        return nid, None, None

    def _begin_tabled(
        self,
        state: S,
        parent: int | None,
        move: A | None,
        p: float | None,
        ply: int,
        alpha: float,
        beta: float,
    ) -> tuple[int, Slot | None, Backed[A] | None]:
        """:meth:`_begin` with a transposition table: a position the table knows well
        enough is valued from it; the slot is where the node's own value goes."""
        nid, terminal, mover = self.enter(state, parent, move, p, ply, alpha, beta)
        if terminal is not None or ply >= self.limit:
            return nid, None, self.leaf(state, nid, terminal, alpha, beta)
        slot = (self.game.key(state), None if self.depth is None else self.depth - ply)
        known = self.recall(slot, nid, alpha, beta)
        if known is None and mover is Player.CHANCE:
            known = self.expected(state, nid, ply, alpha, beta, slot)
        return nid, slot, known

    def _enter(
        self,
        state: S,
        parent: int | None,
        move: A | None,
        p: float | None,
        ply: int,
        alpha: float,
        beta: float,
    ) -> tuple[int, Vector | None, Player]:
        """Count a node (asking ``stop`` every ``CHECK_EVERY`` nodes); gives its id, its
        utilities if the game is over there, and who moves."""
        terminal = self.game.terminal_utilities(state)
        mover = self.game.to_move(state)
        return self._count(ply), terminal, mover

    def _enter_told(
        self,
        state: S,
        parent: int | None,
        move: A | None,
        p: float | None,
        ply: int,
        alpha: float,
        beta: float,
    ) -> tuple[int, Vector | None, Player]:
        """:meth:`_enter`, and tell the observer of the node: MAX where the root player
        decides, MIN where another player does."""
        game = self.game
        terminal = game.terminal_utilities(state)
        mover = game.to_move(state)
        if terminal is not None:
            kind = NodeKind.TERMINAL
        elif mover is Player.CHANCE:
            kind = NodeKind.CHANCE
        else:
            kind = NodeKind.MAX if game.player_index(state) == self.me else NodeKind.MIN
        nid = self._count(ply)
        assert self.observer is not None
        self.observer.entered(nid, parent, move, ply, kind, alpha, beta, state, p)
        return nid, terminal, mover

    def _count(self, ply: int) -> int:
        """The next node's id; stops the search (:class:`Halted`) when ``stop`` says so."""
        nid = self.nodes
        self.nodes = nid + 1
        if nid % CHECK_EVERY == 0:
            reason = self.stop(nid, self.deepest)
            if reason is not None:
                self.reason = reason
                raise Halted(str(reason))
        if ply > self.deepest:
            self.deepest = ply
        return nid

    def leaf(
        self, state: S, nid: int, terminal: Vector | None, alpha: float, beta: float
    ) -> Backed[A]:
        """A leaf's vector: the utilities where the game is over, else (at the depth
        limit) the evaluation's estimate."""
        self.leaves += 1
        if terminal is not None:
            vector, how = terminal, Valuation.TERMINAL
        else:
            assert self.evaluate is not None
            vector, how = self.evaluate(state), Valuation.EVALUATION
            self.evaluated = True
            _check_length(self.game, state, vector, self.n)
        self.told(nid, vector, None, how, alpha, beta, None)
        return vector, (), True

    def expected(
        self, state: S, nid: int, ply: int, alpha: float, beta: float, slot: Slot | None
    ) -> Backed[A]:
        """A chance node's vector: each player's expected utility over the outcomes
        (their probabilities scaled to add up to 1); its line follows the likeliest."""
        game, n = self.game, self.n
        outcomes = game.chances(state)
        whole = math.fsum(p for _, p in outcomes)
        sums = [0.0] * n
        likeliest = -1.0
        line: tuple[A, ...] = ()
        for outcome, given in outcomes:
            p = given / whole
            got, rest, _ = self.value(game.result(state, outcome), nid, outcome, p, ply + 1)
            for i in range(n):
                sums[i] += p * got[i]
            if p > likeliest:
                likeliest, line = p, (outcome, *rest)
        vector = tuple(sums)
        self.store_exact(slot, vector, line)
        self.told(nid, vector, None, Valuation.BACKED_UP, alpha, beta, None)
        return vector, line, True

    # -- the transposition table -------------------------------------------------------

    def recall(self, slot: Slot, nid: int, alpha: float, beta: float) -> Backed[A] | None:
        """The table's vector for ``slot`` if it is exact, or a bound that already
        settles the window (paranoid); else None, and the node is searched."""
        entry = self.table.get(slot)
        if entry is None:
            return None
        stored, flag, line = entry
        share = stored[self.me]
        if not (
            flag == TT_EXACT
            or (flag == TT_LOWER and share >= beta and not self.inside(share, alpha, beta))
            or (flag == TT_UPPER and share <= alpha and not self.inside(share, alpha, beta))
        ):
            return None
        self.tt_hits += 1
        self.told(nid, stored, None, Valuation.TRANSPOSITION, alpha, beta, None)
        return stored, line, True

    def _store_exact(self, slot: Slot | None, vector: Vector, line: tuple[A, ...]) -> None:
        """Keep a node's exact vector (max^n, and every chance node)."""
        assert slot is not None
        self._keep(slot, vector, TT_EXACT, line)

    def _store_bound(
        self, slot: Slot | None, vector: Vector, line: tuple[A, ...], alpha: float, beta: float
    ) -> None:
        """Keep a paranoid node's vector with how exact its share is: at most that when
        it failed low (``<= alpha``), at least that when it failed high (``>= beta``)."""
        assert slot is not None
        share = vector[self.me]
        if self.inside(share, alpha, beta):
            flag = TT_EXACT
        else:
            flag = TT_UPPER if share <= alpha else TT_LOWER
        self._keep(slot, vector, flag, line)

    def _keep(self, slot: Slot, vector: Vector, flag: int, line: tuple[A, ...]) -> None:
        """Put an entry in the table, unless the table is full (a known slot is updated)."""
        if len(self.table) < self.table_size or slot in self.table:
            self.table[slot] = (vector, flag, line)

    # -- telling the observer ----------------------------------------------------------

    def _told(
        self,
        nid: int,
        vector: Vector,
        player: int | None,
        how: Valuation,
        alpha: float,
        beta: float,
        best_move: A | None,
    ) -> None:
        """Tell a node's whole vector (and who decided there), then its value: the root
        player's component."""
        assert self.observer is not None
        self.observer.node_values(nid, vector, player)
        self.observer.valued(nid, vector[self.me], how, alpha, beta, best_move)

    def _cut(self, nid: int, skipped: Sequence[A], value: float, alpha: float, beta: float) -> None:
        """Count a cut (``skipped``: the children not searched)."""
        self.cutoffs += 1

    def _cut_told(
        self, nid: int, skipped: Sequence[A], value: float, alpha: float, beta: float
    ) -> None:
        """Count a cut and tell the observer which children it skipped, and why."""
        self.cutoffs += 1
        assert self.observer is not None
        self.observer.pruned(nid, tuple(skipped), value, alpha, beta)


def _never(nodes: int, deepest: int) -> None:
    """The ``stop`` of a search that nothing stops."""


def _ignore(*_args: object) -> None:
    """A piece of the search whose feature is off: it does nothing."""


def _check_length(game: Game[S, A], state: S, vector: Vector, n: int) -> None:
    """Refuse an evaluation that gives a number for some players only."""
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


def vector_text(
    values: Sequence[float], bound: str = "exact", share: int | None = None, *, sep: str = " "
) -> str:
    """A vector as the textbook writes it: ``(1, 2, 6)``; with a ``bound`` ("upper" or
    "lower", as :func:`format_bounded` takes it) on player ``share``'s number, that
    number marked as one: ``(1, ≥ 2, 6)``."""
    return "(" + ", ".join(vector_numbers(values, bound, share, sep=sep)) + ")"


def vector_numbers(
    values: Sequence[float], bound: str = "exact", share: int | None = None, *, sep: str = " "
) -> list[str]:
    """The numbers of :func:`vector_text`, each written alone (a column of them)."""
    return [
        format_bounded(v, bound, sep=sep) if i == share else format_number(v)
        for i, v in enumerate(values)
    ]


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
