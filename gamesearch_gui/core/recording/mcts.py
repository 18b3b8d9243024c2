"""A recorded Monte Carlo tree search: every iteration's steps, kept in columns, replayable.

``MctsRecording`` is the observer UCT (:mod:`gamesearch_gui.core.search.mcts`) reports to while
it runs in the engine process. It keeps the nodes (parent, move, depth, kind, the event
that added each) and the events (type, node, reward) in ``array`` columns, and the
playouts' moves in one flat list, never an object per event; it crosses to the window as
:class:`MctsChunk` values, about 30 times a second, as the minimax recording does.

Nothing that changes is stored: N and Q of every node at moment ``k`` (``k`` events have
happened) are rebuilt by :class:`MctsMoment`, which adds the back-propagations before
``k`` and takes them away again when stepping back. So the tree at any ``k`` (and a UCB
score, recomputed from the N and Q its selection saw) is exactly what the search had.

Events, one per step of an iteration, in the order UCT takes them:

* ``EXPANDED`` (ref: the node): a node joined the tree; the root is event 0;
* ``ITERATION`` (ref: its number, from 1): an iteration began at the root;
* ``SELECTED`` (ref: the child chosen): selection went one level down;
* ``PLAYOUT`` (ref: the new node; value: the reward): the game was played out from it;
* ``BACKPROPAGATED`` (ref: the deepest node of the path; value: the reward): the reward
  was added to that node and every node above it.

Past the node cap the recording keeps nothing more (``capped``), so it always ends at
the end of an iteration and every moment it has is whole.
"""

from __future__ import annotations

import math
from array import array
from bisect import bisect_left
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any
from typing import Final

from gamesearch_gui.core.game import Game
from gamesearch_gui.core.narration.words import kind_noun
from gamesearch_gui.core.recording.depth_first import DEFAULT_NODE_CAP
from gamesearch_gui.core.recording.depth_first import KINDS
from gamesearch_gui.core.recording.depth_first import NONE
from gamesearch_gui.core.recording.depth_first import Column
from gamesearch_gui.core.recording.depth_first import RecordingChunk
from gamesearch_gui.core.recording.depth_first import SearchRecording
from gamesearch_gui.core.recording.depth_first import path_of
from gamesearch_gui.core.recording.depth_first import replay_state
from gamesearch_gui.core.recording.events import ChildStats
from gamesearch_gui.core.recording.events import NodeKind
from gamesearch_gui.core.recording.events import SearchObserver
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import SearchResult
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search.mcts import DEFAULT_EXPLORATION
from gamesearch_gui.core.search.mcts import Playout
from gamesearch_gui.core.text import clip
from gamesearch_gui.core.text import node_name

__all__ = [
    "BACKPROPAGATED",
    "EXPANDED",
    "ITERATION",
    "PLAYOUT",
    "SELECTED",
    "AnyRecording",
    "MctsChunk",
    "MctsMoment",
    "MctsRecording",
    "apply_chunk",
    "iteration_step",
    "new_recording",
]

# Event types, as stored per event.
EXPANDED: Final = 0
ITERATION: Final = 1
SELECTED: Final = 2
PLAYOUT: Final = 3
BACKPROPAGATED: Final = 4

#: Each event type's phase, as :mod:`gamesearch_gui.core.narration.mcts` names it.
PHASES: Final = ("expansion", "iteration", "selection", "playout", "back-propagation")

_KIND_CODE: Final = {kind: code for code, kind in enumerate(KINDS)}
#: The per-node columns, sent as slices of the new nodes.
_NODE_COLUMNS: Final = ("parent", "depth", "kind", "probability", "expanded_at")
#: The per-event columns.
_EVENT_COLUMNS: Final = ("ev_type", "ev_ref", "ev_value")


@dataclass(slots=True)
class MctsChunk:
    """A piece of an MCTS recording, as :meth:`MctsRecording.take_chunk` takes it."""

    nodes: tuple[int, int]
    columns: dict[str, Column]
    moves: list[object]
    events: dict[str, Column]
    playout_moves: list[object]
    playout_end: array[int]
    iteration_at: array[int]
    root_state: object
    has_root: bool
    capped: bool


class MctsRecording(SearchObserver):
    """The columns of one Monte Carlo tree search (see the module's docstring)."""

    def __init__(
        self,
        game: Game[Any, Any],
        *,
        exploration: float = DEFAULT_EXPLORATION,
        playout: Playout = Playout.RANDOM,
        node_cap: int | None = DEFAULT_NODE_CAP,
    ) -> None:
        # Of any game: the search tells moves and states as object (SearchObserver), so the
        # recording keeps them as object and hands them back to this game to replay.
        self.game = game
        self.exploration = exploration
        self.playout_policy = playout
        self.node_cap = node_cap
        self.low, self.high = game.utility_bounds()
        # Nodes.
        self.parent: array[int] = array("q")
        self.depth: array[int] = array("i")
        self.kind: array[int] = array("b")
        self.probability: array[float] = array("d")
        self.expanded_at: array[int] = array("q")  #: the event that added the node
        self.moves: list[object] = []
        self.root_state: object = None
        self.has_root = False
        # Events.
        self.ev_type: array[int] = array("b")
        self.ev_ref: array[int] = array("q")
        self.ev_value: array[float] = array("d")
        #: The playouts' moves, one after another; playout ``i``'s end at ``playout_end[i]``.
        self.playout_moves: list[object] = []
        self.playout_end: array[int] = array("q")
        #: The event that began each iteration (iteration ``i`` at ``iteration_at[i - 1]``).
        self.iteration_at: array[int] = array("q")
        self.capped = False
        #: The search's SearchResult, once it ended.
        self.result: SearchResult | None = None
        #: Why the search failed, if it did (set by the window's worker).
        self.failure: str | None = None
        self._sent_nodes = 0
        self._sent_events = 0
        self._sent_playout_moves = 0
        self._sent_playouts = 0
        self._sent_iterations = 0
        self._states: dict[int, object] = {}
        self._children: list[list[int]] = []
        self._playout_seqs: list[int] = []  #: the PLAYOUT events' seqs, found as asked
        #: The moment the explanations are read at (``narration.mcts.describe_event``).
        self.describer: MctsMoment | None = None

    def __getstate__(self) -> dict[str, object]:
        state = dict(self.__dict__)
        state["describer"] = None
        state["_states"] = {}
        return state

    # -- what the search tells -----------------------------------------------------------

    @property
    def node_count(self) -> int:
        """How many nodes are recorded."""
        return len(self.expanded_at)

    @property
    def event_count(self) -> int:
        """How many events are recorded."""
        return len(self.ev_type)

    def finish(self, result: SearchResult | None) -> None:
        """The search ended with ``result`` (a SearchResult)."""
        self.result = result

    def _log(self, kind: int, ref: int, value: float = math.nan) -> None:
        self.ev_value.append(value)
        self.ev_ref.append(ref)
        self.ev_type.append(kind)

    def mcts_iteration(self, iteration: int) -> None:
        cap = self.node_cap
        if cap is not None and len(self.expanded_at) >= cap:
            self.capped = True
        if self.capped:
            return
        self.iteration_at.append(len(self.ev_type))
        self._log(ITERATION, iteration)

    #: N and Q are rebuilt from the log at any event: the search need not make them.
    child_stats = False

    def selected(self, node_id: int, child_id: int, children: tuple[ChildStats, ...]) -> None:
        if not self.capped:
            self._log(SELECTED, child_id)

    def expanded(
        self,
        node_id: int,
        parent_id: int | None,
        move: object,
        depth: int,
        kind: NodeKind,
        state: object,
        probability: float | None,
    ) -> None:
        if self.capped:
            return
        if node_id != len(self.expanded_at):
            raise ValueError(f"MCTS node {node_id} added out of order")
        if parent_id is None:
            self.root_state = state
            self.has_root = True
        self.parent.append(NONE if parent_id is None else parent_id)
        self.depth.append(depth)
        self.kind.append(_KIND_CODE[kind])
        self.probability.append(math.nan if probability is None else probability)
        self.moves.append(move)
        self.expanded_at.append(len(self.ev_type))
        self._log(EXPANDED, node_id)

    def playout(self, node_id: int, moves: tuple[object, ...], reward: float) -> None:
        if self.capped:
            return
        self.playout_moves.extend(moves)
        self.playout_end.append(len(self.playout_moves))
        self._log(PLAYOUT, node_id, reward)

    def backpropagated(self, node_ids: tuple[int, ...], reward: float) -> None:
        if not self.capped:
            self._log(BACKPROPAGATED, node_ids[0], reward)

    # The minimax events never come from UCT: each of them is refused, in one method.
    def _not_uct(self, *args: object, **kwargs: object) -> None:
        raise TypeError("an MCTS recording takes only Monte Carlo tree search events")

    entered = leaf = valued = pruned = _not_uct
    iteration_started = iteration_finished = _not_uct

    # -- crossing to the window --------------------------------------------------------

    def take_chunk(self) -> MctsChunk:
        """What was recorded since the last chunk (the engine process sends it to the window)."""
        n0, n1 = self._sent_nodes, len(self.expanded_at)
        e0, e1 = self._sent_events, len(self.ev_type)
        m0, m1 = self._sent_playout_moves, len(self.playout_moves)
        p0, p1 = self._sent_playouts, len(self.playout_end)
        i0, i1 = self._sent_iterations, len(self.iteration_at)
        self._sent_nodes, self._sent_events = n1, e1
        self._sent_playout_moves, self._sent_playouts, self._sent_iterations = m1, p1, i1
        return MctsChunk(
            nodes=(n0, n1),
            columns={name: getattr(self, name)[n0:n1] for name in _NODE_COLUMNS},
            moves=self.moves[n0:n1],
            events={name: getattr(self, name)[e0:e1] for name in _EVENT_COLUMNS},
            playout_moves=self.playout_moves[m0:m1],
            playout_end=self.playout_end[p0:p1],
            iteration_at=self.iteration_at[i0:i1],
            root_state=self.root_state if n0 == 0 and n1 > 0 else None,
            has_root=n0 == 0 and n1 > 0,
            capped=self.capped,
        )

    def apply_chunk(self, chunk: MctsChunk) -> None:
        """Append a chunk taken from the engine process's recording (nodes before the events that
        name them, so a reader of the published events never meets a missing node)."""
        if chunk.nodes[0] != len(self.expanded_at):
            raise ValueError(f"chunk starts at node {chunk.nodes[0]}, not {self.node_count}")
        if chunk.has_root:
            self.root_state = chunk.root_state
            self.has_root = True
        for name in _NODE_COLUMNS:
            getattr(self, name).extend(chunk.columns[name])
        self.moves.extend(chunk.moves)
        self.playout_moves.extend(chunk.playout_moves)
        self.playout_end.extend(chunk.playout_end)
        self.iteration_at.extend(chunk.iteration_at)
        for name in ("ev_value", "ev_ref", "ev_type"):  # the type, which counts, last
            getattr(self, name).extend(chunk.events[name])
        self.capped = chunk.capped

    # -- reading -------------------------------------------------------------------------

    def node_kind(self, n: int) -> NodeKind:
        """Node ``n``'s kind."""
        return KINDS[self.kind[n]]

    def nodes_at(self, k: int) -> int:
        """How many nodes are in the tree after ``k`` events."""
        return bisect_left(self.expanded_at, k)

    def iterations_at(self, k: int) -> int:
        """How many iterations had begun after ``k`` events."""
        return bisect_left(self.iteration_at, k)

    def children(self, n: int) -> Sequence[int]:
        """Node ``n``'s children, in the order they joined the tree (all of them recorded;
        a moment keeps those with ``expanded_at < k``, a prefix of this list)."""
        kids = self._children
        while len(kids) < self.node_count:
            i = len(kids)
            kids.append([])
            parent = self.parent[i]
            if parent != NONE:
                kids[parent].append(i)
        return kids[n]

    def path(self, n: int) -> list[int]:
        """Nodes from the root down to ``n``."""
        return path_of(self.parent, n)

    def state(self, n: int) -> object:
        """The position at node ``n``, rebuilt from its moves (and kept a while)."""
        # The search has one root, node 0.
        return replay_state(
            self.game, {0: self.root_state}, self.moves, self.parent, n, self._states
        )

    def move_text(self, n: int) -> str:
        """The move into node ``n`` in the game's notation ("" at the root)."""
        parent = self.parent[n]
        if parent == NONE:
            return ""
        return clip(self.game.move_text(self.state(parent), self.moves[n]))

    def kind_name(self, n: int) -> str:
        """ "MAX node", "MIN node", "chance node" or "leaf"."""
        return kind_noun(self.node_kind(n))

    def name(self, n: int) -> str:
        """How a person refers to node ``n`` (the one way the app names a node)."""
        moves = [self.move_text(m) for m in self.path(n)[1:]]
        return node_name(self.kind_name(n), getattr(self.state(n), "label", None), moves)

    def playout_of(self, seq: int) -> tuple[object, ...]:
        """The moves of the playout logged as event ``seq`` (a PLAYOUT event)."""
        seqs = self._playout_seqs
        if not seqs or seqs[-1] < seq:
            start = seqs[-1] + 1 if seqs else 0
            seqs.extend(s for s in range(start, seq + 1) if self.ev_type[s] == PLAYOUT)
        i = bisect_left(seqs, seq)
        start = self.playout_end[i - 1] if i else 0
        return tuple(self.playout_moves[start : self.playout_end[i]])

    def win_rate(self, mean: float, n: int) -> float:
        """A mean reward (MAX's view) as the win rate of the player choosing at node
        ``n``'s parent (MAX's at a chance parent), in [0, 1], as UCT scores it."""
        span = self.high - self.low if self.high > self.low else 1.0
        rate = (mean - self.low) / span
        parent = self.parent[n]
        return 1.0 - rate if parent != NONE and self.node_kind(parent) is NodeKind.MIN else rate


class MctsMoment:
    """The tree of an MCTS recording after ``k`` events: N and Q of every node, and where
    the iteration under way has got to. ``seek`` moves it to any moment, forward or back
    (one object for a view: stepping is cheap, a jump costs the back-propagations between).
    """

    def __init__(self, recording: MctsRecording, k: int = 0) -> None:
        self.recording = recording
        self.k = 0
        self.visits: array[int] = array("q")
        self.totals: array[float] = array("d")
        self.seek(k)

    def seek(self, k: int) -> None:
        """Go to moment ``k`` (at most the recording's events)."""
        rec = self.recording
        k = min(max(k, 0), rec.event_count)
        grow = rec.node_count - len(self.visits)
        if grow > 0:
            self.visits.extend(array("q", bytes(8 * grow)))
            self.totals.extend(array("d", bytes(8 * grow)))
        ev_type, ev_ref, ev_value, parent = rec.ev_type, rec.ev_ref, rec.ev_value, rec.parent
        visits, totals = self.visits, self.totals
        at = self.k
        if k < at // 2 and at > 64:  # nearer the start: count up from nothing
            self.visits = visits = array("q", bytes(8 * len(visits)))
            self.totals = totals = array("d", bytes(8 * len(totals)))
            at = 0
        while at < k:
            if ev_type[at] == BACKPROPAGATED:
                reward = ev_value[at]
                n = ev_ref[at]
                while n != NONE:
                    visits[n] += 1
                    totals[n] += reward
                    n = parent[n]
            at += 1
        while at > k:
            at -= 1
            if ev_type[at] == BACKPROPAGATED:
                reward = ev_value[at]
                n = ev_ref[at]
                while n != NONE:
                    visits[n] -= 1
                    totals[n] -= reward
                    n = parent[n]
        if at == 0:
            for i in range(len(totals)):  # no float drift left over at the start
                totals[i] = 0.0
        self.k = at

    # -- the tree at this moment ---------------------------------------------------------

    @property
    def node_limit(self) -> int:
        """Nodes ``0 .. node_limit - 1`` are in the tree."""
        return self.recording.nodes_at(self.k)

    def children(self, n: int) -> list[int]:
        """Node ``n``'s children in the tree at this moment (in the order they joined)."""
        limit = self.node_limit
        kids = self.recording.children(n)
        return list(kids[: bisect_left(kids, limit)])

    def mean(self, n: int) -> float | None:
        """Q / N of node ``n`` (MAX's view), None before its first visit."""
        visits = self.visits[n]
        return self.totals[n] / visits if visits else None

    def ucb(self, n: int) -> tuple[float, float, float] | None:
        """Node ``n``'s UCB1 score as its parent's selection weighs it now: (win rate,
        exploration term, score); None at the root, under a chance node, or unvisited."""
        rec = self.recording
        parent = rec.parent[n]
        if parent == NONE or rec.node_kind(parent) is NodeKind.CHANCE:
            return None
        visits, parent_visits = self.visits[n], self.visits[parent]
        if not visits or not parent_visits:
            return None
        rate = rec.win_rate(self.totals[n] / visits, n)
        bonus = rec.exploration * math.sqrt(math.log(parent_visits) / visits)
        return rate, bonus, rate + bonus

    @property
    def iteration(self) -> int:
        """The iteration under way (or just ended) at this moment; 0 before the first."""
        return self.recording.iterations_at(self.k)

    def iteration_start(self) -> int:
        """The event that began the iteration under way (0 before the first)."""
        i = self.iteration
        return self.recording.iteration_at[i - 1] if i else 0

    def last_event(self) -> tuple[str, int, float] | None:
        """The last event that happened (its phase in ``PHASES``, ref, value), None at
        moment 0."""
        if self.k == 0:
            return None
        rec, seq = self.recording, self.k - 1
        return PHASES[rec.ev_type[seq]], rec.ev_ref[seq], rec.ev_value[seq]

    def path(self) -> list[int]:
        """The iteration's path so far: the root, then each node selected or added."""
        rec = self.recording
        if self.iteration == 0:
            return [0] if self.k else []
        nodes = [0]
        for seq in range(self.iteration_start() + 1, self.k):
            kind = rec.ev_type[seq]
            if kind in (SELECTED, EXPANDED):
                nodes.append(rec.ev_ref[seq])
        return nodes

    def playout(self) -> tuple[int, int, float] | None:
        """The iteration's playout once it ran: (its seq, the node, the reward)."""
        rec = self.recording
        if self.iteration == 0:
            return None
        for seq in range(self.iteration_start() + 1, self.k):
            if rec.ev_type[seq] == PLAYOUT:
                return seq, rec.ev_ref[seq], rec.ev_value[seq]
        return None

    def backed_up(self) -> bool:
        """True once the iteration's reward went up the path."""
        last = self.last_event()
        return last is not None and last[0] == PHASES[BACKPROPAGATED]

    def snapshot(self) -> list[tuple[int, float]]:
        """(N, Q) of every node in the tree at this moment (for tests and comparisons)."""
        return [(self.visits[n], round(self.totals[n], 9)) for n in range(self.node_limit)]


def iteration_step(recording: MctsRecording, k: int, forward: bool) -> int:
    """The moment one iteration on from ``k`` (or back): the ends of iterations, where
    one iteration's reward is backed up and the next has not begun, and the last event."""
    starts = recording.iteration_at
    if forward:
        j = bisect_right(starts, k)
        return starts[j] if j < len(starts) else recording.event_count
    j = bisect_left(starts, k) - 1
    return starts[j] if j >= 0 else 0


#: A recording of either kind of search: depth first (minimax and its kin) or MCTS.
AnyRecording = SearchRecording | MctsRecording


def new_recording(
    game: Game[Any, Any], settings: SearchSettings, node_cap: int | None
) -> AnyRecording:
    """The recording that fits the search ``settings`` ask for: an MCTS one for MCTS."""
    if settings.algorithm is Algorithm.MCTS:
        return MctsRecording(
            game, exploration=settings.exploration, playout=settings.playout, node_cap=node_cap
        )
    return SearchRecording(
        game,
        node_cap=node_cap,
        depth_limit=settings.depth,
        fail_hard=settings.fail_hard,
        strict=settings.strict_pruning,
        paranoid=settings.algorithm is Algorithm.PARANOID,
        evaluation=settings.evaluation,
        follows_line=not settings.algorithm.handles_players,
    )


def apply_chunk(recording: AnyRecording, chunk: RecordingChunk | MctsChunk) -> None:
    """Append ``chunk`` to ``recording``, a chunk of the same kind of recording."""
    if isinstance(recording, MctsRecording):
        if not isinstance(chunk, MctsChunk):
            raise TypeError(f"a {type(chunk).__name__} does not fit an MCTS recording")
        recording.apply_chunk(chunk)
        return
    if not isinstance(chunk, RecordingChunk):
        raise TypeError(f"a {type(chunk).__name__} does not fit a depth-first recording")
    recording.apply_chunk(chunk)
