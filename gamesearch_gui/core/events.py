"""The search event stream: what a search reports, node by node, to whoever listens.

Every search emits the same events in depth-first order. Node ids are unique within
one search (they keep counting across iterations of iterative deepening), and a node's
``NodeValued`` always comes after the events of its whole subtree. Events are frozen
values that hold only immutable data, so a worker thread may hand them to the GUI.
"""

from __future__ import annotations

import enum
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


class NodeKind(enum.Enum):
    """How a node is drawn: who moves there, or that the game is over."""

    MAX = "max"
    MIN = "min"
    CHANCE = "chance"
    TERMINAL = "terminal"


class Valuation(enum.Enum):
    """How a node got its value."""

    TERMINAL = "terminal"  #: the game is over: its utility
    EVALUATION = "evaluation"  #: the evaluation function at the depth cutoff
    TRANSPOSITION = "transposition"  #: taken from the transposition table
    BACKED_UP = "backed up"  #: from its children


@dataclass(frozen=True, slots=True)
class NodeEntered:
    """The search arrived at a node.

    ``move`` is the move (or chance outcome) from the parent, None at the root;
    ``probability`` is the outcome's probability when the parent is a chance node.
    ``alpha`` and ``beta`` are the window on entry (minus and plus infinity where the
    algorithm does not prune).
    """

    node_id: int
    parent_id: int | None
    move: Any
    depth: int
    kind: NodeKind
    alpha: float
    beta: float
    state: Any
    probability: float | None = None


@dataclass(frozen=True, slots=True)
class NodeValued:
    """The search left a node with its value.

    Where the window cut the search short, ``value`` is a bound, as alpha-beta makes it:
    at most the true value when ``value <= alpha`` on entry, at least it when
    ``value >= beta``. ``alpha`` and ``beta`` are the window when the node was left.
    ``best_move`` is the child move that gave the value (None at leaves and chance nodes).
    """

    node_id: int
    value: float
    how: Valuation
    alpha: float
    beta: float
    best_move: Any = None


@dataclass(frozen=True, slots=True)
class ChildrenPruned:
    """A cutoff: the remaining children of a node are skipped.

    ``moves`` are the skipped moves in the order they would have been searched;
    ``value`` is the node's value so far, and ``alpha``/``beta`` the window that made
    the cut (``value >= beta`` at MAX, ``value <= alpha`` at MIN, the Star1 bounds at
    a chance node).
    """

    node_id: int
    moves: tuple[Any, ...]
    value: float
    alpha: float
    beta: float


@dataclass(frozen=True, slots=True)
class IterationStarted:
    """Iterative deepening began a search to ``depth``."""

    depth: int


@dataclass(frozen=True, slots=True)
class IterationFinished:
    """An iteration of iterative deepening ended.

    ``completed`` is False when the time budget or a cancel stopped it; its results
    are then not used.
    """

    depth: int
    completed: bool
    value: float | None
    best_move: Any
    nodes: int


SearchEvent = NodeEntered | NodeValued | ChildrenPruned | IterationStarted | IterationFinished
Listener = Callable[[SearchEvent], None]


class SearchObserver(ABC):
    """What a search tells, node by node, as plain method calls with no event objects.

    The search calls these directly; a recorder that keeps columns (the recording of
    the tree view) subclasses this and pays for no object per event. A plain
    :data:`Listener` is wrapped in :class:`EventStream`, which makes the event objects.
    The arguments are the fields of the event of the same name.
    """

    @abstractmethod
    def entered(
        self,
        node_id: int,
        parent_id: int | None,
        move: Any,
        depth: int,
        kind: NodeKind,
        alpha: float,
        beta: float,
        state: Any,
        probability: float | None,
    ) -> None:
        """:class:`NodeEntered`."""

    @abstractmethod
    def valued(
        self,
        node_id: int,
        value: float,
        how: Valuation,
        alpha: float,
        beta: float,
        best_move: Any = None,
    ) -> None:
        """:class:`NodeValued`."""

    @abstractmethod
    def pruned(
        self, node_id: int, moves: tuple[Any, ...], value: float, alpha: float, beta: float
    ) -> None:
        """:class:`ChildrenPruned`."""

    @abstractmethod
    def iteration_started(self, depth: int) -> None:
        """:class:`IterationStarted`."""

    @abstractmethod
    def iteration_finished(
        self, depth: int, completed: bool, value: float | None, best_move: Any, nodes: int
    ) -> None:
        """:class:`IterationFinished`."""

    def __call__(self, event: SearchEvent) -> None:
        """Take one event object (for events made elsewhere: tests, a replay)."""
        if isinstance(event, NodeEntered):
            self.entered(
                event.node_id,
                event.parent_id,
                event.move,
                event.depth,
                event.kind,
                event.alpha,
                event.beta,
                event.state,
                event.probability,
            )
        elif isinstance(event, NodeValued):
            self.valued(
                event.node_id, event.value, event.how, event.alpha, event.beta, event.best_move
            )
        elif isinstance(event, ChildrenPruned):
            self.pruned(event.node_id, event.moves, event.value, event.alpha, event.beta)
        elif isinstance(event, IterationStarted):
            self.iteration_started(event.depth)
        else:
            self.iteration_finished(
                event.depth, event.completed, event.value, event.best_move, event.nodes
            )


class EventStream(SearchObserver):
    """A :data:`Listener` as an observer: each call becomes an event object for it."""

    def __init__(self, listener: Listener) -> None:
        self.listener = listener

    def entered(
        self,
        node_id: int,
        parent_id: int | None,
        move: Any,
        depth: int,
        kind: NodeKind,
        alpha: float,
        beta: float,
        state: Any,
        probability: float | None,
    ) -> None:
        self.listener(
            NodeEntered(node_id, parent_id, move, depth, kind, alpha, beta, state, probability)
        )

    def valued(
        self,
        node_id: int,
        value: float,
        how: Valuation,
        alpha: float,
        beta: float,
        best_move: Any = None,
    ) -> None:
        self.listener(NodeValued(node_id, value, how, alpha, beta, best_move))

    def pruned(
        self, node_id: int, moves: tuple[Any, ...], value: float, alpha: float, beta: float
    ) -> None:
        self.listener(ChildrenPruned(node_id, moves, value, alpha, beta))

    def iteration_started(self, depth: int) -> None:
        self.listener(IterationStarted(depth))

    def iteration_finished(
        self, depth: int, completed: bool, value: float | None, best_move: Any, nodes: int
    ) -> None:
        self.listener(IterationFinished(depth, completed, value, best_move, nodes))


def observer(listener: Listener | SearchObserver | None) -> SearchObserver | None:
    """``listener`` as the search calls it: an observer as it is, a listener wrapped."""
    if listener is None or isinstance(listener, SearchObserver):
        return listener
    return EventStream(listener)


class EventRecorder:
    """A listener that keeps every event, in order (for tests, the CLI and replays)."""

    def __init__(self) -> None:
        self.events: list[SearchEvent] = []

    def __call__(self, event: SearchEvent) -> None:
        self.events.append(event)

    def of_type(self, kind: type[Any]) -> list[Any]:
        """The recorded events of one class, in order."""
        return [e for e in self.events if isinstance(e, kind)]
