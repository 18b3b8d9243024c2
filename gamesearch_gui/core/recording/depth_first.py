"""A recorded search: every node, value and cutoff, laid out as a tidy tree, replayable.

``SearchRecording`` is a listener: the search thread feeds it events, and it keeps them
in compact columns (one ``array`` per field), not as event objects, so a million nodes
take about a hundred megabytes. It drops no information the tree view needs: any
moment of the search (``k`` = how many events have happened) can be shown again (a
:class:`~gamesearch_gui.core.recording.moment.Moment` answers what the tree was then), and a
node's state is rebuilt from its moves on demand.

One writer, many readers: the search thread appends, and the GUI thread reads only the
first ``published`` events (``event_count`` as the worker last reported it). Every
field of an event is written before the event is counted.

Layout (in "slots", one per leaf, left to right in depth-first order):

* a node's first slot is where its first child, or itself as a leaf, will be;
* a leaf, and the stub of a cutoff, each take the next slot;
* a node sits on its first slot while it is searched, and once valued it centres
  over its first and last child (or stub). Nothing else ever moves.

Iterations of iterative deepening are laid out side by side, a few slots apart.

Two writers record the same columns: the native one (the C extension ``_recwriter``,
built where a C compiler is found; about four times cheaper per node) and this module's
Python, which is the fallback when the extension is missing, the writer of every rare
path (roots, the node cap, growing the columns), and the one used everywhere when
``GAMESEARCH_PURE_RECORDER=1`` is set.
"""

from __future__ import annotations

import dataclasses
import math
import os
from array import array
from collections.abc import Callable
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING
from typing import Any
from typing import Final
from typing import TypeAlias
from typing import overload

from gamesearch_gui.core.game import Game
from gamesearch_gui.core.narration.words import kind_noun
from gamesearch_gui.core.narration.words import player_node
from gamesearch_gui.core.numbers import format_number
from gamesearch_gui.core.recording.events import NodeKind
from gamesearch_gui.core.recording.events import SearchObserver
from gamesearch_gui.core.recording.events import Valuation
from gamesearch_gui.core.search.maxn import vector_text
from gamesearch_gui.core.text import clip
from gamesearch_gui.core.text import node_name

if TYPE_CHECKING:
    from gamesearch_gui.core._recwriter import Writer
    from gamesearch_gui.core.search import SearchResult

#: Node index meaning "none" (no parent, no child).
NONE: Final = -1
#: Event sequence number meaning "has not happened".
NEVER: Final = 2**62
#: Free slots between two iterations of iterative deepening.
ITERATION_GAP: Final = 3
#: Default number of nodes kept; past it the recording stops adding nodes.
DEFAULT_NODE_CAP: Final = 1_000_000

KINDS: Final = (NodeKind.MAX, NodeKind.MIN, NodeKind.CHANCE, NodeKind.TERMINAL)
VALUATIONS: Final = (
    Valuation.TERMINAL,
    Valuation.EVALUATION,
    Valuation.TRANSPOSITION,
    Valuation.BACKED_UP,
)

_K_MAX, _K_MIN, _K_CHANCE, _K_TERMINAL = KINDS
_V_TERMINAL, _V_EVALUATION, _V_TRANSPOSITION, _V_BACKED_UP = VALUATIONS
_NAN: Final = math.nan
#: Nodes the later-filled columns grow by at a time, and the blocks they grow with.
_BLOCK: Final = 4096
_NAN_BLOCK: Final = array("d", [math.nan]) * _BLOCK
_NONE_BLOCK: Final = array("q", [-1]) * _BLOCK
_NEVER_BLOCK: Final = array("q", [2**62]) * _BLOCK
_ZERO_BLOCK: Final = array("q", [0]) * _BLOCK
_UNVALUED_BLOCK: Final = array("b", [-1]) * _BLOCK

# Event types, as stored per event.
ENTERED: Final = 0
VALUED: Final = 1
PRUNED: Final = 2
ITERATION_STARTED: Final = 3
ITERATION_FINISHED: Final = 4


def _native_writer() -> type[Writer] | None:
    """The native writer, unless it is not built here (or refused to load: it checks the
    interpreter at import) or ``GAMESEARCH_PURE_RECORDER`` asks for Python."""
    if os.environ.get("GAMESEARCH_PURE_RECORDER", "") not in ("", "0"):
        return None
    try:
        from gamesearch_gui.core._recwriter import Writer
    except ImportError:
        return None
    return Writer


#: The native writer new recordings use by default (None: they are written in Python).
NATIVE_WRITER: Final = _native_writer()


def path_of(parent: Sequence[int], n: int) -> list[int]:
    """Nodes from the root down to ``n``, by a recording's ``parent`` column."""
    nodes = []
    while n != NONE:
        nodes.append(n)
        n = parent[n]
    return nodes[::-1]


def replay_state(
    game: Game[Any, Any],
    root_states: Mapping[int, object],
    moves: Sequence[object],
    parent: Sequence[int],
    n: int,
    cache: dict[int, object],
) -> object:
    """The position at node ``n`` of a recording (its ``moves`` and ``parent`` columns):
    the state at the root of its path (``root_states``, by the root's index) with each
    node's move played. Taken from ``cache`` when it is there, else kept in it (emptied
    past 50,000 positions)."""
    cached = cache.get(n)
    if cached is not None:
        return cached
    nodes = path_of(parent, n)
    state = root_states[nodes[0]]
    for node in nodes[1:]:
        state = game.result(state, moves[node])
    if len(cache) > 50_000:
        cache.clear()
    cache[n] = state
    return state


@dataclass(frozen=True, slots=True)
class Cutoff:
    """A cutoff: ``node`` skipped ``moves``; the stub is drawn on ``slot``."""

    node: int
    moves: tuple[object, ...]
    value: float
    alpha: float
    beta: float
    seq: int
    slot: int


@dataclass(slots=True)
class Iteration:
    """One iteration of iterative deepening (or the one search without it)."""

    depth: int | None
    root: int  #: the root's node index (NONE until it is entered)
    started: int  #: event sequence number
    finished: int = NEVER
    completed: bool = False
    nodes: int = 0
    value: float | None = None
    best_move: object = None


#: The calls the native writer takes over, as instance attributes of the recording.
_WRITER_CALLS: Final = ("entered", "leaf", "valued", "pruned")
#: Per-cutoff columns. A recording keeps its cutoffs as columns, not as Cutoff objects
#: (made only when asked for, :meth:`SearchRecording.cutoff`): the tens of thousands of a
#: big search's cutoffs were the costliest part of its chunks, to make, to pickle and to
#: make again in the window's process (docs/benchmarks.md). ``cut_moves_end[i]`` is where
#: cutoff ``i``'s moves end in the flat list ``cut_moves``.
_CUTOFF_COLUMNS: Final = (
    "cut_node",
    "cut_value",
    "cut_alpha",
    "cut_beta",
    "cut_seq",
    "cut_slot",
    "cut_moves_end",
)

#: Per-node columns, sent as slices of the new nodes.
_NODE_COLUMNS: Final = (
    "parent",
    "depth",
    "kind",
    "probability",
    "alpha_in",
    "beta_in",
    "entered_at",
    "first_slot",
    "alpha_out",
    "beta_out",
    "value",
    "how",
    "valued_at",
    "last_slot",
    "x_final",
    "first_child",
    "last_child",
    "next_sibling",
    "best_child",
    "cutoff_of",
)
#: The per-node columns that change after a node is entered (sent again as patches).
_OPEN_COLUMNS: Final = _NODE_COLUMNS[8:]


#: One column of a recording: a per-node, per-event or per-cutoff array.
Column: TypeAlias = "array[int] | array[float]"
#: The appends of a node's entry (``SearchRecording._appends``), in their order.
_Appends: TypeAlias = tuple[
    Callable[[int], None],  # parent
    Callable[[int], None],  # depth
    Callable[[int], None],  # kind
    Callable[[object], None],  # moves
    Callable[[float], None],  # probability
    Callable[[float], None],  # alpha_in
    Callable[[float], None],  # beta_in
    Callable[[int], None],  # entered_at
    Callable[[int], None],  # first_slot
    Callable[[int], None],  # tried_first
    Callable[[int], None],  # ev_type
    Callable[[int], None],  # ev_ref
]


@dataclass(slots=True)
class RecordingChunk:
    """A piece of a recording, as :meth:`SearchRecording.take_chunk` takes it: arrays and
    short lists, no object per event, so it pickles to bytes fast."""

    nodes: tuple[int, int]
    columns: dict[str, Column]
    moves: list[object]
    tried_first: bytes
    patches: array[int]
    patch_columns: dict[str, Column]
    ev_type: array[int]
    ev_ref: array[int]
    cutoffs: dict[str, Column]  #: slices of the per-cutoff columns
    cut_moves: list[object]  #: the new cutoffs' moves, one after another
    vectors: dict[int, tuple[float, ...]]  #: the vectors recorded since the last chunk
    slot_seq: array[int]
    iterations: list[Iteration]
    root_states: dict[int, object]
    dropped_nodes: int
    id_offset: int | None


class _Cutoffs(Sequence[Cutoff]):
    """A recording's cutoffs as a sequence (:attr:`SearchRecording.cutoffs`)."""

    __slots__ = ("_recording",)

    def __init__(self, recording: SearchRecording) -> None:
        self._recording = recording

    def __len__(self) -> int:
        return len(self._recording.cut_node)

    @overload
    def __getitem__(self, index: int) -> Cutoff: ...

    @overload
    def __getitem__(self, index: slice) -> list[Cutoff]: ...

    def __getitem__(self, index: int | slice) -> Cutoff | list[Cutoff]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError("cutoff index out of range")
        return self._recording.cutoff(index)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence):
            return NotImplemented
        return list(self) == list(other)

    __hash__ = None  # type: ignore[assignment]


class SearchRecording(SearchObserver):
    """Every event of one search, in columns; layout and replay queries over them."""

    def __init__(
        self,
        game: Game[Any, Any],
        *,
        node_cap: int | None = DEFAULT_NODE_CAP,
        depth_limit: int | None = None,
        native: bool | None = None,
        fail_hard: bool = False,
        strict: bool = False,
        paranoid: bool = False,
        evaluation: str | None = None,
        follows_line: bool = True,
    ):
        """``native``: record with the native writer (None: when it is available, as
        :data:`NATIVE_WRITER` says; True where it is not built is an error).
        ``fail_hard``: the search is fail-hard alpha-beta (``SearchSettings.fail_hard``),
        so the words say which nodes returned alpha or beta instead of their own best.
        ``strict``: the search cut only past the window's edge (``SearchSettings.
        strict_pruning``, CS188's rule), so the words say ">" where they say "≥" for the
        textbook's rule, and a value on the edge is exact.
        ``paranoid``: the search of a game of n players is the paranoid one (else max^n),
        so the words say that the others play against the root player. ``evaluation``: the
        evaluation the search names (``SearchSettings.evaluation``; None: the game's
        default), so a node's terms are told while the search runs. ``follows_line``:
        when it deepens, the search tries the last iteration's best line first, so those
        edges are marked "tried first" (every two-player search does; max^n and paranoid
        do not, since under max^n the order of equal choices decides the vector)."""
        # Of any game: the search tells moves and states as object (SearchObserver), so the
        # recording keeps them as object and hands them back to this game to replay.
        self.game = game
        self.node_cap = node_cap
        self.fail_hard = fail_hard
        self.strict = strict
        self.paranoid = paranoid
        self.evaluation = evaluation
        self.follows_line = follows_line
        #: The depth limit of a search that does not deepen (None: to the end, or not
        #: told), so that its one tree is labelled with it before the result arrives.
        self.depth_limit = depth_limit
        # Per event.
        self.ev_type = array("b")
        self.ev_ref = array("q")
        # Per node.
        self.parent = array("q")
        self.depth = array("l")
        self.kind = array("b")
        self.moves: list[object] = []
        self.probability = array("d")
        self.alpha_in = array("d")
        self.beta_in = array("d")
        self.alpha_out = array("d")
        self.beta_out = array("d")
        self.value = array("d")
        self.how = array("b")
        self.entered_at = array("q")
        self.valued_at = array("q")
        self.first_slot = array("q")
        self.last_slot = array("q")
        self.x_final = array("d")
        self.first_child = array("q")
        self.last_child = array("q")
        self.next_sibling = array("q")
        self.best_child = array("q")
        self.cutoff_of = array("q")  #: index of the node's cutoff, or NONE
        self.tried_first = bytearray()  #: on the previous iteration's line, tried first
        # Per cutoff (see _CUTOFF_COLUMNS).
        self.cut_node = array("q")
        self.cut_value = array("d")
        self.cut_alpha = array("d")
        self.cut_beta = array("d")
        self.cut_seq = array("q")
        self.cut_slot = array("q")
        self.cut_moves_end = array("q")
        self.cut_moves: list[object] = []
        #: A game of n players: each valued node's whole vector, by node (the scalar
        #: ``value`` is the root player's component). Written by Python alone, and only
        #: by searches of such games: the two-player path never touches it.
        self.vectors: dict[int, tuple[float, ...]] = {}
        self._unsent_vectors: list[int] = []
        #: Who decides at a node (an index into ``players``), found from its state.
        self._movers: dict[int, int | None] = {}
        self.iterations: list[Iteration] = []
        self.root_states: dict[int, object] = {}
        #: Seq at which each slot was taken (increasing): slot counts at any moment.
        self.slot_seq = array("q")
        self.dropped_nodes = 0
        self._id_offset: int | None = None
        self._previous_line: list[object] = []
        self._states: dict[int, object] = {}
        #: The search's result, once it ended (:meth:`finish`).
        self.result: SearchResult | None = None
        #: Why the search ended without a result, when it failed (said by its runner).
        self.failure: str | None = None
        #: Nodes the columns filled in later (``_grow``) have room for.
        self._capacity = 0
        #: Nodes that can be added before a look at the cap or a ``_grow``.
        self._room = 0
        # The appends of a node's entry, bound once (the columns are only ever changed
        # in place, so these stay bound to them).
        self._appends: _Appends = (
            self.parent.append,
            self.depth.append,
            self.kind.append,
            self.moves.append,
            self.probability.append,
            self.alpha_in.append,
            self.beta_in.append,
            self.entered_at.append,
            self.first_slot.append,
            self.tried_first.append,
            self.ev_type.append,
            self.ev_ref.append,
        )
        # What take_chunk has sent: nodes, events, cutoffs and slots, and the nodes then
        # still open (the only ones sent that can change).
        self._sent_nodes = self._sent_events = self._sent_cutoffs = self._sent_slots = 0
        self._open: list[int] = []
        if native is None:
            native = NATIVE_WRITER is not None
        if native:
            if NATIVE_WRITER is None:
                raise RuntimeError(
                    "the native recording writer is not available here "
                    "(not built, or GAMESEARCH_PURE_RECORDER is set)"
                )
            writer = NATIVE_WRITER(self, KINDS, VALUATIONS)
            # The search binds these four once per search: the writer's, in place of the
            # Python ones below (which it calls itself for the rare paths).
            vars(self).update((name, getattr(writer, name)) for name in _WRITER_CALLS)

    @property
    def native(self) -> bool:
        """Whether the native writer records this search."""
        return "entered" in vars(self)

    def __getstate__(self) -> dict[str, object]:
        """Pickled without the native writer (a C object): a copy made from the pickle is
        written, if ever, by the Python writer, as a copy made from chunks is."""
        state = vars(self).copy()
        for name in _WRITER_CALLS:
            state.pop(name, None)
        return state

    # -- recording (the search thread) -------------------------------------------------

    @property
    def node_count(self) -> int:
        """Nodes kept (at most the node cap)."""
        return len(self.parent)

    @property
    def capped(self) -> bool:
        """True when nodes past the cap were dropped."""
        return self.dropped_nodes > 0

    def iteration_started(self, depth: int) -> None:
        """An iteration of iterative deepening began (the search's observer)."""
        self.iterations.append(Iteration(depth, NONE, self.event_count))
        self._log(ITERATION_STARTED, len(self.iterations) - 1)

    def iteration_finished(
        self, depth: int, completed: bool, value: float | None, best_move: object, nodes: int
    ) -> None:
        """An iteration ended (the search's observer)."""
        if not self.iterations:
            return
        it = self.iterations[-1]
        it.finished = self.event_count
        it.completed = completed
        it.nodes = nodes
        it.value = value
        it.best_move = best_move
        if completed and it.root != NONE and self.follows_line:
            self._previous_line = [self.moves[n] for n in self.principal_line(it.root)]
        self._log(ITERATION_FINISHED, len(self.iterations) - 1)

    def finish(self, result: SearchResult | None) -> None:
        """Keep the search's result (its statistics stay exact past the node cap)."""
        self.result = result

    @property
    def event_count(self) -> int:
        """Events recorded: the length of ``ev_type``, which every writer appends to last,
        so that an event is complete before it counts."""
        return len(self.ev_type)

    @property
    def _slots(self) -> int:
        """Slots taken (each is one item of ``slot_seq``)."""
        return len(self.slot_seq)

    def _log(self, kind: int, ref: int) -> None:
        self.ev_ref.append(ref)
        self.ev_type.append(kind)  # last: the event is complete before it counts

    def _enter(
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
        value: float | None = None,
        how: Valuation | None = None,
    ) -> None:
        """A node entered and, with ``how``, at once valued: a leaf, as :meth:`leaf`."""
        n = len(self.parent)
        if n >= self._room:
            # Past the node cap, or the later-filled columns are full.
            cap = self.node_cap
            if cap is not None and n >= cap:
                self._drop(node_id, value, how, alpha, beta)
                return
            self._grow()
        offset = self._id_offset
        if offset is None:
            offset = self._id_offset = node_id
        if node_id - offset != n:
            self._drop(node_id, value, how, alpha, beta)  # out of order: never from our search
            return
        seq = len(self.ev_type)
        if parent_id is None:
            parent = NONE
            if not self.iterations or self.iterations[-1].root != NONE:
                self.iterations.append(Iteration(self.depth_limit, NONE, seq))
            self.iterations[-1].root = n
            if self._slots:
                for _ in range(ITERATION_GAP):
                    self._take_slot()  # a gap before this iteration's tree
            self.root_states[n] = state
            first_line = bool(self._previous_line)
        else:
            parent = parent_id - offset
            if not 0 <= parent < n:
                self._drop(node_id, value, how, alpha, beta)
                return
            first_child = self.first_child
            last_child = self.last_child
            if first_child[parent] == NONE:
                first_child[parent] = n
                line = self._previous_line
                first_line = bool(
                    line
                    and self.tried_first[parent]
                    and depth - 1 < len(line)
                    and line[depth - 1] == move
                )
            else:
                first_line = False
                self.next_sibling[last_child[parent]] = n
            last_child[parent] = n
        slot = len(self.slot_seq)
        (
            add_parent,
            add_depth,
            add_kind,
            add_move,
            add_probability,
            add_alpha_in,
            add_beta_in,
            add_entered_at,
            add_first_slot,
            add_tried_first,
            add_ev_type,
            add_ev_ref,
        ) = self._appends
        add_parent(parent)
        add_depth(depth)
        # Identity tests, not a dict: an enum member hashes in Python code.
        add_kind(0 if kind is _K_MAX else 1 if kind is _K_MIN else 2 if kind is _K_CHANCE else 3)
        add_move(move)
        add_probability(_NAN if probability is None else probability)
        add_alpha_in(alpha)
        add_beta_in(beta)
        add_entered_at(seq)
        add_first_slot(slot)
        add_tried_first(first_line)
        add_ev_ref(n)
        add_ev_type(ENTERED)  # last: the event is complete before it counts
        if how is None:
            return
        # A leaf, valued at seq + 1 as valued() records it: on a slot of its own.
        self.x_final[n] = float(slot)
        self.last_slot[n] = slot
        self.slot_seq.append(seq + 1)
        self._store_value(n, value, how, alpha, beta, seq + 1)  # type: ignore[arg-type]

    #: A node entered (the search's observer: no event object).
    entered = _enter
    #: A leaf entered and valued (the search's observer), in one call.
    leaf = _enter

    def _store_value(
        self, n: int, value: float, how: Valuation, alpha: float, beta: float, seq: int
    ) -> None:
        """Node ``n`` valued by the event at ``seq``: its value, how it got it, the window
        on leaving, and the event (``_recwriter.c``'s store_value, code for code)."""
        self.value[n] = value
        self.how[n] = (
            3
            if how is _V_BACKED_UP
            else 0
            if how is _V_TERMINAL
            else 1
            if how is _V_EVALUATION
            else 2
            if how is _V_TRANSPOSITION
            else 3
        )
        self.alpha_out[n] = alpha
        self.beta_out[n] = beta
        self.valued_at[n] = seq
        self.ev_ref.append(n)
        self.ev_type.append(VALUED)

    def _drop(
        self, node_id: int, value: float | None, how: Valuation | None, alpha: float, beta: float
    ) -> None:
        """A node not kept (past the cap); its value, if given, goes as valued() takes it."""
        self.dropped_nodes += 1
        if how is not None:
            assert value is not None
            self._valued(node_id, value, how, alpha, beta)

    def _grow(self) -> None:
        """Room for more nodes in the columns a node fills only once valued (or once it
        has children): one C-level extend each, not an append per node. The room grows
        by half of what there is (at least ``_BLOCK``, at most up to the cap): grown by a
        block at a time, a big search's columns were copied whole again and again as
        their memory moved."""
        cap = self.node_cap
        blocks = max(1, self._capacity // _BLOCK // 2)
        if cap is not None:
            blocks = max(1, min(blocks, -(-(cap - self._capacity) // _BLOCK)))
        self._capacity += blocks * _BLOCK
        self._room = self._capacity if cap is None else min(self._capacity, cap)
        for floats in (self.value, self.x_final, self.alpha_out, self.beta_out):
            floats.extend(_NAN_BLOCK * blocks)
        for column in (
            self.first_child,
            self.last_child,
            self.next_sibling,
            self.best_child,
            self.cutoff_of,
        ):
            column.extend(_NONE_BLOCK * blocks)
        self.valued_at.extend(_NEVER_BLOCK * blocks)
        self.last_slot.extend(_ZERO_BLOCK * blocks)
        self.how.extend(_UNVALUED_BLOCK * blocks)

    def _valued(
        self,
        node_id: int,
        value: float,
        how: Valuation,
        alpha: float,
        beta: float,
        best_move: object = None,
    ) -> None:
        """The search left a node with its value (the search's observer)."""
        n = self._kept(node_id)
        if n == NONE:
            return
        first = self.first_child[n]
        cut = self.cutoff_of[n]
        x_final = self.x_final
        seq = len(self.ev_type)
        if first == NONE and cut == NONE:
            slot = self.first_slot[n]
            x_final[n] = float(slot)
            self.last_slot[n] = slot
            self.slot_seq.append(seq)  # a leaf: its own slot
        else:
            left = x_final[first] if first != NONE else float(self.cut_slot[cut])
            right = float(self.cut_slot[cut]) if cut != NONE else x_final[self.last_child[n]]
            x_final[n] = (left + right) / 2
            self.last_slot[n] = len(self.slot_seq) - 1
            self.best_child[n] = self._best_child(n, best_move)
        self._store_value(n, value, how, alpha, beta, seq)

    valued = _valued

    def _best_child(self, n: int, best_move: object) -> int:
        child = self.first_child[n]
        if KINDS[self.kind[n]] is NodeKind.CHANCE:
            best, likeliest = NONE, -1.0
            while child != NONE:
                if self.probability[child] > likeliest:
                    best, likeliest = child, self.probability[child]
                child = self.next_sibling[child]
            return best
        while child != NONE:
            if self.moves[child] == best_move:
                return child
            child = self.next_sibling[child]
        return NONE

    def _pruned(
        self, node_id: int, moves: tuple[object, ...], value: float, alpha: float, beta: float
    ) -> None:
        """A cutoff skipped ``moves`` (the search's observer)."""
        n = self._kept(node_id)
        if n == NONE:
            return
        seq = len(self.ev_type)
        slot = len(self.slot_seq)
        ref = len(self.cut_node)
        self.cut_node.append(n)
        self.cut_value.append(value)
        self.cut_alpha.append(alpha)
        self.cut_beta.append(beta)
        self.cut_seq.append(seq)
        self.cut_slot.append(slot)
        self.cut_moves.extend(moves)
        self.cut_moves_end.append(len(self.cut_moves))
        self.slot_seq.append(seq)  # the stub's slot
        self.cutoff_of[n] = ref
        self.ev_ref.append(ref)
        self.ev_type.append(PRUNED)

    pruned = _pruned

    def node_values(self, node_id: int, values: tuple[float, ...], player: int | None) -> None:
        """A node's whole vector, told just before it is valued (the search's observer;
        games of n players only). Who decided there is the node's mover (:meth:`mover`)."""
        n = self._kept(node_id)
        if n != NONE:
            self.vectors[n] = tuple(values)
            self._unsent_vectors.append(n)

    def _kept(self, node_id: int) -> int:
        """``node_id``'s index among the nodes kept; NONE for one not kept (past the cap,
        or not of this search), which valued(), pruned() and node_values() pass over."""
        offset = self._id_offset
        n = NONE if offset is None else node_id - offset
        return n if 0 <= n < len(self.parent) else NONE

    def _take_slot(self) -> None:
        self.slot_seq.append(len(self.ev_type))

    # -- crossing to another process ---------------------------------------------------

    def take_chunk(self) -> RecordingChunk:
        """What was recorded since the last chunk, to append to a copy elsewhere.

        New nodes go as slices of the columns; of the nodes sent before, only the ones
        still open then (the ancestors of the last node entered, the search being
        depth-first) and the last child of each can have changed, so they go whole as
        patches. No tracking on the search's hot path.
        """
        a, b = self._sent_nodes, len(self.parent)
        patched = sorted(
            {n for p in self._open for n in (p, self.last_child[p]) if n != NONE and n < a}
        )
        e0, e1 = self._sent_events, self.event_count
        c0, c1 = self._sent_cutoffs, len(self.cut_node)
        m0 = self.cut_moves_end[c0 - 1] if c0 else 0
        s0, s1 = self._sent_slots, len(self.slot_seq)
        chunk = RecordingChunk(
            nodes=(a, b),
            columns={name: getattr(self, name)[a:b] for name in _NODE_COLUMNS},
            moves=self.moves[a:b],
            tried_first=bytes(self.tried_first[a:b]),
            patches=array("q", patched),
            patch_columns={
                name: type(getattr(self, name))(
                    getattr(self, name).typecode, (getattr(self, name)[n] for n in patched)
                )
                for name in _OPEN_COLUMNS
            },
            ev_type=self.ev_type[e0:e1],
            ev_ref=self.ev_ref[e0:e1],
            cutoffs={name: getattr(self, name)[c0:c1] for name in _CUTOFF_COLUMNS},
            cut_moves=self.cut_moves[m0 : self.cut_moves_end[c1 - 1] if c1 else 0],
            vectors={n: self.vectors[n] for n in self._unsent_vectors},
            slot_seq=self.slot_seq[s0:s1],
            iterations=[dataclasses.replace(it) for it in self.iterations],
            root_states={n: st for n, st in self.root_states.items() if n >= a},
            dropped_nodes=self.dropped_nodes,
            id_offset=self._id_offset,
        )
        self._unsent_vectors = []
        self._sent_nodes, self._sent_events = b, e1
        self._sent_cutoffs, self._sent_slots = c1, s1
        # The nodes that may still change: the open ancestors of the last node entered.
        self._open = []
        n = b - 1
        while n != NONE and n >= 0:
            if self.valued_at[n] == NEVER:
                self._open.append(n)
            n = self.parent[n]
        return chunk

    def apply_chunk(self, chunk: RecordingChunk) -> None:
        """Append a chunk taken from the recording of the same search elsewhere.

        Everything an event needs is written before ``event_count`` counts it, so a
        reader that looks only at counted events may read while this runs.
        """
        for name in _WRITER_CALLS:
            vars(self).pop(name, None)  # a copy is not written by a writer of its own
        a, b = chunk.nodes
        if a != len(self.parent):
            raise ValueError(f"a chunk for nodes {a}..{b} does not follow node {len(self.parent)}")
        # The cutoffs first: a node's ``cutoff_of``, new or patched below, points at one,
        # and a reader that finds the pointer must find the cutoff.
        for name, values in chunk.cutoffs.items():
            getattr(self, name).extend(values)
        self.cut_moves.extend(chunk.cut_moves)
        for name, values in chunk.columns.items():
            column = getattr(self, name)
            del column[a:]
            column.extend(values)
        self.moves.extend(chunk.moves)
        self.tried_first.extend(chunk.tried_first)
        for name, values in chunk.patch_columns.items():
            column = getattr(self, name)
            for n, value in zip(chunk.patches, values, strict=True):
                column[n] = value
        self.vectors.update(chunk.vectors)
        self.slot_seq.extend(chunk.slot_seq)
        self.root_states.update(chunk.root_states)
        self.iterations[:] = chunk.iterations
        self.dropped_nodes = chunk.dropped_nodes
        self._id_offset = chunk.id_offset
        self.ev_ref.extend(chunk.ev_ref)
        self.ev_type.extend(chunk.ev_type)  # last: it counts the events

    # -- about a node (the tree at a moment: core/recording/moment.py) ---------------------------

    def cutoff(self, i: int) -> Cutoff:
        """Cutoff ``i`` (in the order they happened), made from its columns."""
        moves = self.cut_moves[self.cut_moves_end[i - 1] if i else 0 : self.cut_moves_end[i]]
        return Cutoff(
            self.cut_node[i],
            tuple(moves),
            self.cut_value[i],
            self.cut_alpha[i],
            self.cut_beta[i],
            self.cut_seq[i],
            self.cut_slot[i],
        )

    @property
    def cutoffs(self) -> Sequence[Cutoff]:
        """Every cutoff so far, in the order they happened (each made when read)."""
        return _Cutoffs(self)

    def node_kind(self, n: int) -> NodeKind:
        """Who moves at node ``n`` (TERMINAL for a finished game)."""
        return KINDS[self.kind[n]]

    def valuation(self, n: int) -> Valuation | None:
        """How node ``n`` got its value (None before it has one)."""
        code = self.how[n]
        return None if code < 0 else VALUATIONS[code]

    def principal_line(self, root: int) -> list[int]:
        """The nodes of the best line below ``root``, the root excluded."""
        line = []
        n = self.best_child[root]
        while n != NONE:
            line.append(n)
            n = self.best_child[n]
        return line

    def principal_variation(self) -> list[int]:
        """The final principal variation's nodes, root first (the last finished iteration).

        An iteration of iterative deepening counts once it completed; the one search of a
        search without it (which no ``iteration_finished`` ends, whatever its depth
        limit) once its root has its value.
        """
        for it in reversed(self.iterations):
            if (
                it.root != NONE
                and (it.completed or it.finished == NEVER)
                and (self.valued_at[it.root] != NEVER)
            ):
                return [it.root, *self.principal_line(it.root)]
        return []

    def path(self, n: int) -> list[int]:
        """Nodes from the root down to ``n``."""
        return path_of(self.parent, n)

    def state(self, n: int) -> object:
        """The position at node ``n``, rebuilt from its moves (and kept a while)."""
        return replay_state(self.game, self.root_states, self.moves, self.parent, n, self._states)

    def move_text(self, n: int) -> str:
        """The move into node ``n`` in the game's notation ("" at a root), cut to
        ``LABEL_CHARS`` (a drawn tree's move labels are free text)."""
        parent = self.parent[n]
        if parent == NONE:
            return ""
        return clip(self.game.move_text(self.state(parent), self.moves[n]))

    def own_best(self, n: int) -> float:
        """Node ``n``'s own best value: its best child's, which fail-hard alpha-beta
        replaces by the window's edge (its value otherwise)."""
        best = self.best_child[n]
        return self.value[best] if best != NONE else self.value[n]

    def returned_edge(self, n: int) -> str:
        """ "α" or "β" when valued node ``n`` returned its window's edge instead of its own
        best (fail-hard alpha-beta, failing low or high); "" otherwise."""
        if not self.fail_hard or self.valuation(n) is not Valuation.BACKED_UP:
            return ""
        if self.node_kind(n) not in (NodeKind.MAX, NodeKind.MIN):
            return ""
        value = self.value[n]
        if self.own_best(n) == value:
            return ""
        return "α" if value == self.alpha_in[n] else "β"

    def name(self, n: int) -> str:
        """How a person refers to node ``n``, the one way the app names a node everywhere
        (explanations, details, tooltips, the event log): its kind, then its label if it
        has one ("MIN node C"), else the moves from the root in the game's notation, as
        the edges are labelled ("leaf after a2 c1"), or "at the root"."""
        moves = [self.move_text(m) for m in self.path(n)[1:]]
        return node_name(self.kind_name(n), getattr(self.state(n), "label", None), moves)

    # -- games of n players -----------------------------------------------------------

    @property
    def players(self) -> tuple[str, ...]:
        """The players' names when the game has more than two (empty for MAX and MIN),
        each cut to ``LABEL_CHARS`` as every view shows a person's text."""
        players = self.game.players
        return tuple(clip(name) for name in players) if len(players) > 2 else ()

    def mover(self, n: int) -> int | None:
        """Who decides at node ``n`` of a game of n players (an index into ``players``):
        None at a chance node, a finished game, or in a game of two players."""
        # One look-up: the replay-page job reads the same recording on its own thread,
        # and may empty the dict between a test and a read.
        kept = self._movers.get(n, NONE)
        if kept != NONE:
            return kept
        who: int | None = None
        if self.players and self.node_kind(n) in (NodeKind.MAX, NodeKind.MIN):
            who = self.game.player_index(self.state(n))
        if len(self._movers) > 50_000:
            self._movers.clear()
        self._movers[n] = who
        return who

    def value_text(self, n: int) -> str:
        """Valued node ``n``'s value as written: its vector in a game of n players
        ("(1, 2, 6)"), else its number."""
        vector = self.vectors.get(n)
        return vector_text(vector) if vector is not None else format_number(self.value[n])

    def root_player(self, n: int) -> int:
        """The player the search of node ``n``'s tree is for: who decides at its root."""
        root = self.path(n)[0]
        who = self.mover(root)
        return 0 if who is None else who

    def kind_name(self, n: int) -> str:
        """What node ``n`` is, in a sentence: "MAX node", "leaf", "B's node"."""
        who = self.mover(n) if self.players else None
        if who is not None:
            return player_node(self.players[who])
        return kind_noun(self.node_kind(n))
