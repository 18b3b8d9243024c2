"""What a search says: its result, its counts, its progress, and how it stopped.

Shared by every algorithm (:mod:`.depth_first`, max^n in :mod:`gamesearch_gui.core.search.maxn`,
MCTS in :mod:`gamesearch_gui.core.search.mcts`) and by everything that reads a search's answer.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass
from dataclasses import field
from typing import Any

from gamesearch_gui.core.game import GameError
from gamesearch_gui.core.search.settings import SearchSettings


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


class ValueOverflowError(GameError):
    """A value too large for floating point: a chance node's sum overflowed."""


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
    a move cut short bounds one number of ``values``, player ``share``'s: the root
    player's under paranoid (``Bound.UPPER``: at most that); under shallow pruning the
    number of the player who moves after the root move (``Bound.LOWER``: at least that,
    and so not the root player's, which is ``value``), but with two players, whose
    numbers add up to a fixed sum, the root player's (``Bound.UPPER``).
    """

    move: Any
    value: float
    bound: Bound
    visits: int | None = None
    total: float | None = None
    #: Max^n and paranoid: the move's whole vector (``value`` is the root player's share).
    values: tuple[float, ...] | None = None
    #: Max^n and paranoid, a move cut short: whose number in ``values`` ``bound`` is on.
    share: int | None = None


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


class Stopped(Exception):
    """Unwinds the recursion when a search must stop."""

    def __init__(self, reason: StopReason) -> None:
        super().__init__(reason.value)
        self.reason = reason
