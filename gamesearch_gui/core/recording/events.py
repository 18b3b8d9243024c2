"""The search event stream: what a search reports, node by node, to whoever listens.

Every minimax search emits the same events in depth-first order (Monte Carlo tree
search has events of its own, below). Node ids are unique within
one search (they keep counting across iterations of iterative deepening), and a node's
``NodeValued`` always comes after the events of its whole subtree. Events are frozen
values that hold only immutable data, so a worker thread may hand them to the GUI.
"""

from __future__ import annotations

import enum
from abc import ABC
from abc import abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from dataclasses import fields
from operator import attrgetter
from typing import Any
from typing import ClassVar
from typing import Final
from typing import TypeVar


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
    move: object
    depth: int
    kind: NodeKind
    alpha: float
    beta: float
    state: object
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
    best_move: object = None


@dataclass(frozen=True, slots=True)
class NodeValues:
    """Games of n players (core/search/maxn.py): the vector of utilities a node was valued with,
    one per player, told just before the node's :class:`NodeValued` (whose ``value`` is
    the root player's component of it).

    ``player`` is the index of who decided at the node (None at leaves and chance
    nodes), so the component that decided is ``values[player]``.
    """

    node_id: int
    values: tuple[float, ...]
    player: int | None


@dataclass(frozen=True, slots=True)
class ChildrenPruned:
    """A cutoff: the remaining children of a node are skipped.

    ``moves`` are the skipped moves in the order they would have been searched;
    ``value`` is the node's value so far, and ``alpha``/``beta`` the window that made
    the cut (``value >= beta`` at MAX, ``value <= alpha`` at MIN, the Star1 bounds at
    a chance node).
    """

    node_id: int
    moves: tuple[object, ...]
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
    best_move: object
    nodes: int


# -- Monte Carlo tree search (core/search/mcts.py) -------------------------------------------
#
# UCT grows a tree one node per iteration instead of walking one depth first, so it
# tells its own story: an iteration starts, nodes are selected on the way down, one is
# expanded, a playout runs from it, and its reward is propagated back up. Rewards, and
# each node's total Q, are utilities from MAX's point of view; N counts iterations.


@dataclass(frozen=True, slots=True)
class ChildStats:
    """One child as UCT saw it when choosing: its move, id, N, Q and UCB score.

    ``ucb`` is None under a chance node, whose outcome is drawn, not chosen.
    """

    move: object
    node_id: int
    visits: int
    total: float
    ucb: float | None


@dataclass(frozen=True, slots=True)
class MctsIterationStarted:
    """Iteration ``iteration`` (counting from 1) of Monte Carlo tree search began."""

    iteration: int


@dataclass(frozen=True, slots=True)
class NodeSelected:
    """On the way down, ``node_id`` went on to its child ``child_id``.

    ``children`` are all of the node's children in the tree at that moment, with N, Q
    and, at a MAX or MIN node, the UCB score that chose (the highest; the first among
    equals). At a chance node the child was drawn by the outcomes' probabilities.
    """

    node_id: int
    child_id: int
    children: tuple[ChildStats, ...]


@dataclass(frozen=True, slots=True)
class NodeExpanded:
    """A node joined the tree (the root first, then one per iteration at most).

    The fields are those of :class:`NodeEntered` without a window: ``move`` from the
    parent (None at the root), ``probability`` when the parent is a chance node.
    """

    node_id: int
    parent_id: int | None
    move: object
    depth: int
    kind: NodeKind
    state: object
    probability: float | None = None


@dataclass(frozen=True, slots=True)
class PlayoutFinished:
    """A playout from the node just expanded reached the end of the game.

    ``moves`` are the moves and chance outcomes it played, in order (none when the new
    node is itself terminal); ``reward`` is the final utility, MAX's point of view.
    """

    node_id: int
    moves: tuple[object, ...]
    reward: float


@dataclass(frozen=True, slots=True)
class BackPropagated:
    """An iteration's ``reward`` was added to Q, and 1 to N, of each node in ``node_ids``:
    the node where the iteration ended (the one it expanded, or a terminal node reached
    again), then its ancestors up to the root."""

    node_ids: tuple[int, ...]
    reward: float


SearchEvent = (
    NodeEntered
    | NodeValued
    | NodeValues
    | ChildrenPruned
    | IterationStarted
    | IterationFinished
    | MctsIterationStarted
    | NodeSelected
    | NodeExpanded
    | PlayoutFinished
    | BackPropagated
)
Listener = Callable[[SearchEvent], None]
#: One class of :data:`SearchEvent` (what :meth:`EventRecorder.of_type` picks out).
E = TypeVar("E", bound=SearchEvent)

#: Each event's class and the :class:`SearchObserver` method that tells it: the
#: method's arguments are the event's fields, in order (one table for both ways, from
#: the method to the event in :class:`EventStream`, back in ``SearchObserver.__call__``).
OBSERVER_METHODS: Final[dict[type[SearchEvent], str]] = {
    NodeEntered: "entered",
    NodeValued: "valued",
    ChildrenPruned: "pruned",
    NodeValues: "node_values",
    IterationStarted: "iteration_started",
    IterationFinished: "iteration_finished",
    MctsIterationStarted: "mcts_iteration",
    NodeSelected: "selected",
    NodeExpanded: "expanded",
    PlayoutFinished: "playout",
    BackPropagated: "backpropagated",
}


def _arguments(kind: type[SearchEvent]) -> Callable[[Any], tuple[Any, ...]]:
    """What reads a ``kind``'s fields, in order, as one tuple (attrgetter: one C call)."""
    names = [f.name for f in fields(kind)]
    if len(names) == 1:  # attrgetter of one name gives the value, not a tuple
        one = attrgetter(names[0])
        return lambda event: (one(event),)
    return attrgetter(*names)


#: Each event class's observer method and the reader of its fields, for
#: ``SearchObserver.__call__``.
_DISPATCH: Final = {kind: (name, _arguments(kind)) for kind, name in OBSERVER_METHODS.items()}


def fan_out(*listeners: Listener | None) -> Listener | None:
    """One listener that tells each of ``listeners`` (the Nones left out) every event in
    turn: the one itself when only one is left, None when none is (so a search with no
    one listening runs at full speed)."""
    kept = [listener for listener in listeners if listener is not None]
    if len(kept) <= 1:
        return kept[0] if kept else None

    def tell(event: SearchEvent) -> None:
        for listener in kept:
            listener(event)

    return tell


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
        move: object,
        depth: int,
        kind: NodeKind,
        alpha: float,
        beta: float,
        state: object,
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
        best_move: object = None,
    ) -> None:
        """:class:`NodeValued`."""

    def leaf(
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
        value: float,
        how: Valuation,
    ) -> None:
        """:class:`NodeEntered` and, right after it, the same node's :class:`NodeValued`.

        The search tells a leaf this way (one call instead of two, at most nodes of a
        tree) when nothing happens between the two; its window is the same on leaving.
        An observer may override it with a merged, faster body.
        """
        self.entered(node_id, parent_id, move, depth, kind, alpha, beta, state, probability)
        self.valued(node_id, value, how, alpha, beta)

    @abstractmethod
    def pruned(
        self, node_id: int, moves: tuple[object, ...], value: float, alpha: float, beta: float
    ) -> None:
        """:class:`ChildrenPruned`."""

    @abstractmethod
    def iteration_started(self, depth: int) -> None:
        """:class:`IterationStarted`."""

    @abstractmethod
    def iteration_finished(
        self, depth: int, completed: bool, value: float | None, best_move: object, nodes: int
    ) -> None:
        """:class:`IterationFinished`."""

    def node_values(  # noqa: B027 (optional)
        self, node_id: int, values: tuple[float, ...], player: int | None
    ) -> None:
        """:class:`NodeValues` (searches of games of n players only; optional, so an
        observer of two-player searches need not know of it)."""

    # Monte Carlo tree search: optional (empty, not abstract), so an observer that draws
    # only minimax trees (the recording, the root-value watcher) need not know of them.

    #: Whether :meth:`selected` gets each child's N, Q and UCB (else an empty tuple): an
    #: observer that keeps its own counts (the MCTS recording rebuilds them at any event)
    #: says False, and the search skips making them at every step of every selection,
    #: most of what telling an MCTS search costs.
    child_stats: ClassVar[bool] = True

    def mcts_iteration(self, iteration: int) -> None:  # noqa: B027 (optional)
        """:class:`MctsIterationStarted`."""

    def selected(  # noqa: B027 (optional)
        self, node_id: int, child_id: int, children: tuple[ChildStats, ...]
    ) -> None:
        """:class:`NodeSelected`."""

    def expanded(  # noqa: B027 (optional)
        self,
        node_id: int,
        parent_id: int | None,
        move: object,
        depth: int,
        kind: NodeKind,
        state: object,
        probability: float | None,
    ) -> None:
        """:class:`NodeExpanded`."""

    def playout(  # noqa: B027 (optional)
        self, node_id: int, moves: tuple[object, ...], reward: float
    ) -> None:
        """:class:`PlayoutFinished`."""

    def backpropagated(  # noqa: B027 (optional)
        self, node_ids: tuple[int, ...], reward: float
    ) -> None:
        """:class:`BackPropagated`."""

    def __call__(self, event: SearchEvent) -> None:
        """Take one event object (for events made elsewhere: tests, a replay)."""
        name, arguments = _DISPATCH[type(event)]
        getattr(self, name)(*arguments(event))


def _told_as(kind: type[SearchEvent]) -> Callable[..., None]:
    """An :class:`EventStream` method: its arguments become a ``kind`` for the listener."""

    def tell(self: EventStream, *args: Any, **kwargs: Any) -> None:
        self.listener(kind(*args, **kwargs))

    tell.__name__ = tell.__qualname__ = OBSERVER_METHODS[kind]
    tell.__doc__ = f":class:`{kind.__name__}`, made and handed to the listener."
    return tell


class EventStream(SearchObserver):
    """A :data:`Listener` as an observer: each call becomes an event object for it (the
    event of :data:`OBSERVER_METHODS`, the call's arguments its fields)."""

    def __init__(self, listener: Listener) -> None:
        self.listener = listener

    entered = _told_as(NodeEntered)
    valued = _told_as(NodeValued)
    pruned = _told_as(ChildrenPruned)
    node_values = _told_as(NodeValues)
    iteration_started = _told_as(IterationStarted)
    iteration_finished = _told_as(IterationFinished)
    mcts_iteration = _told_as(MctsIterationStarted)
    selected = _told_as(NodeSelected)
    expanded = _told_as(NodeExpanded)
    playout = _told_as(PlayoutFinished)
    backpropagated = _told_as(BackPropagated)


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

    def of_type(self, kind: type[E]) -> list[E]:
        """The recorded events of one class, in order."""
        return [e for e in self.events if isinstance(e, kind)]
