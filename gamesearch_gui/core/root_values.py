"""The value each root child returned to the root, in the game's move order.

A search's result lists its root moves (``SearchResult.root_moves``) in the order it
searched them, and lists none at a chance root, where there is no move to choose. The
command line's ``"root_values"`` answers the same question for every root: at a MAX or
MIN root from the result, put back in move order; at a chance root from the search's
events, watched by :class:`RootValueWatcher`. A value is what the child returned, so
under alpha-beta it may be a bound (fail-soft: the child's own best; fail-hard: alpha or
beta). None stands for a child the search never valued (one it was stopped before).
:func:`root_bounds` says which values are bounds (the command line's ``"root_bounds"``):
what a value outside the window its child was searched with says about the true value.
"""

from __future__ import annotations

from dataclasses import dataclass

from gamesearch_gui.core.game import A
from gamesearch_gui.core.game import Game
from gamesearch_gui.core.game import Player
from gamesearch_gui.core.game import S
from gamesearch_gui.core.recording.events import NodeKind
from gamesearch_gui.core.recording.events import SearchObserver
from gamesearch_gui.core.recording.events import Valuation
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import Bound
from gamesearch_gui.core.search import SearchResult
from gamesearch_gui.core.search.mcts import win_rate
from gamesearch_gui.core.search.textbook import root_bound


@dataclass(frozen=True, slots=True)
class _Returned:
    """What one root child returned: its value, what the value says given the window
    the child was entered with, and in a game of n players its vector."""

    move: object
    value: float
    bound: Bound
    vector: tuple[float, ...] | None


class RootValueWatcher(SearchObserver):
    """Keeps the values the root's children return, from the last finished iteration
    (iterative deepening uses only those), else from the one search there was."""

    def __init__(self, *, strict: bool = False) -> None:
        #: CS188's strict pruning rule: a value on its window's edge is exact.
        self.strict = strict
        self._root: int | None = None
        #: Each root child's move (or outcome) and the window it was entered with.
        self._children: dict[int, tuple[object, float, float]] = {}
        #: A root child's vector (a game of n players), told just before its value.
        self._vector: tuple[float, ...] | None = None
        #: What each root child valued so far returned, in the order searched.
        self._current: list[_Returned] = []
        #: The same of the last finished iteration (None before one finished).
        self._finished: list[_Returned] | None = None

    def entered(
        self,
        node_id: int,
        parent_id: int | None,
        move: object,
        depth: int,
        kind: NodeKind,
        alpha: float,
        beta: float,
        state: object,
        probability: float | None,
    ) -> None:
        """A node entered: a new root starts over; a root child is noted."""
        if parent_id is None:
            self._root = node_id
            self._children = {}
            self._current = []
        elif parent_id == self._root:
            self._children[node_id] = (move, alpha, beta)

    def valued(
        self,
        node_id: int,
        value: float,
        how: Valuation,
        alpha: float,
        beta: float,
        best_move: object = None,
    ) -> None:
        """A node left: a root child's value is kept, with what it says given the window
        the child was entered with (outside it, a bound)."""
        child = self._children.get(node_id)
        if child is not None:
            move, entry_alpha, entry_beta = child
            bound = root_bound(value, entry_alpha, entry_beta, strict=self.strict)
            self._current.append(_Returned(move, value, bound, self._vector))
            self._vector = None

    def node_values(self, node_id: int, values: tuple[float, ...], player: int | None) -> None:
        """A game of n players: a root child's vector, kept with its value (told next)."""
        if node_id in self._children:
            self._vector = values

    def pruned(
        self, node_id: int, moves: tuple[object, ...], value: float, alpha: float, beta: float
    ) -> None:
        """Pruned children return nothing."""

    def iteration_started(self, depth: int) -> None:
        """Each iteration enters a root of its own (see ``entered``)."""

    def iteration_finished(
        self, depth: int, completed: bool, value: float | None, best_move: object, nodes: int
    ) -> None:
        """A finished iteration's values are the ones its result uses."""
        if completed:
            self._finished = list(self._current)

    def _returned(self) -> list[_Returned]:
        """The root children's returns the result uses: the last finished iteration's,
        else the one search's."""
        return self._finished if self._finished is not None else self._current

    def children(self) -> list[tuple[object, float, Bound]]:
        """(move or outcome, value, what the value says) for each root child valued, in
        the order searched."""
        return [(r.move, r.value, r.bound) for r in self._returned()]

    def vectors(self) -> list[tuple[object, tuple[float, ...]]]:
        """Max^n and paranoid: (move or outcome, vector) for each root child valued (of
        the last finished iteration, when the search deepened)."""
        return [(r.move, r.vector) for r in self._returned() if r.vector is not None]


def root_values(
    game: Game[S, A],
    state: S,
    result: SearchResult,
    watcher: RootValueWatcher | None = None,
) -> list[float | None]:
    """The value each child of ``state`` returned, in move (or outcome) order.

    At a chance root the values come from ``watcher``, which must have watched the
    search (else every value is None); at a terminal root there are none.
    """
    return [None if c is None else c[0] for c in _root_children(game, state, result, watcher)]


def root_bounds(
    game: Game[S, A],
    state: S,
    result: SearchResult,
    watcher: RootValueWatcher | None = None,
) -> list[Bound | None]:
    """What each value of :func:`root_values` says about the child's true value, in the
    same order: ``Bound.EXACT``; ``Bound.UPPER`` when the child failed low (its value is
    at most that: alpha-beta cut it short once it could not beat the best so far);
    ``Bound.LOWER`` when it failed high; ``Bound.ESTIMATE`` under MCTS; None where the
    value is None. Fail-hard's values on the window's edge are bounds the same way.
    Searching with ``exact_root_values`` makes every one exact."""
    return [None if c is None else c[1] for c in _root_children(game, state, result, watcher)]


def _root_children(
    game: Game[S, A],
    state: S,
    result: SearchResult,
    watcher: RootValueWatcher | None,
) -> list[tuple[float, Bound] | None]:
    """Each child of ``state``'s value and bound, in move (or outcome) order; None for a
    child not valued."""
    # MCTS lists a chance root's outcomes among its root moves; minimax searches do not.
    if game.to_move(state) is Player.CHANCE and result.settings.algorithm is not Algorithm.MCTS:
        found = watcher.children() if watcher is not None else []
    else:
        found = [(root.move, root.value, root.bound) for root in result.root_moves]
    # Moves are game values, hashable as transposition keys are.
    by_move = {move: (value, bound) for move, value, bound in found}
    return [by_move.get(move) for move in _root_moves(game, state)]


def root_vectors(
    game: Game[S, A],
    state: S,
    result: SearchResult,
    watcher: RootValueWatcher | None = None,
) -> list[tuple[float, ...] | None]:
    """Max^n and paranoid: the vector each child of ``state`` returned, in move (or
    outcome) order; at a chance root from ``watcher``, as for :func:`root_values`."""
    if game.to_move(state) is Player.CHANCE:
        found = watcher.vectors() if watcher is not None else []
    else:
        found = [(root.move, root.values) for root in result.root_moves if root.values]
    by_move = dict(found)
    return [by_move.get(move) for move in _root_moves(game, state)]


def root_shares(game: Game[S, A], state: S, result: SearchResult) -> list[int | None]:
    """Max^n and paranoid: whose number in each child's vector its bound (of
    :func:`root_bounds`) is on, in move order; None where the vector is exact (and at a
    chance root, whose outcomes no cut touches)."""
    by_move = {root.move: root.share for root in result.root_moves}
    return [by_move.get(move) for move in _root_moves(game, state)]


def root_visits(game: Game[S, A], state: S, result: SearchResult) -> list[int]:
    """MCTS: how many iterations went through each child of ``state`` (its N), in move
    (or outcome) order; 0 for a child never tried."""
    by_move = {root.move: root.visits or 0 for root in result.root_moves}
    return [by_move.get(move, 0) for move in _root_moves(game, state)]


def root_win_rates(game: Game[S, A], state: S, result: SearchResult) -> list[float | None]:
    """MCTS: each child's Q/N as a win rate in [0, 1] for the player to move at ``state``
    (MAX at a chance root), in move order; None for a child never tried."""
    low, high = game.utility_bounds()
    player = game.to_move(state)
    by_move = {root.move: root.value for root in result.root_moves}
    rates: list[float | None] = []
    for move in _root_moves(game, state):
        mean = by_move.get(move)
        rates.append(None if mean is None else win_rate(mean, low, high, player))
    return rates


def _root_moves(game: Game[S, A], state: S) -> list[A]:
    """The children of ``state`` in move (or outcome) order; none at a terminal state."""
    return game.moves_or_outcomes(state)
