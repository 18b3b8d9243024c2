"""A recorded search as it stood at one moment: which nodes exist, where each sits.

A moment ``k`` is how many events have happened. ``Moment(recording, k)`` answers every
question about the tree at that moment: the nodes entered (``limit``), the slots taken
(``slots``), a node's place (``x``) and the slots its subtree covers (``extent``), its
children, its cutoff, the roots. The tree view, the node details, the replay and the
tests all ask here, so they cannot disagree. (The layout itself, and why a node moves at
most once, is in :mod:`gamesearch_gui.core.recording.depth_first`.)

A moment reads only what had happened by ``k``: every node index is checked against
``limit``, every valuation and cutoff against its sequence number. So a recording that
is still being written (a live search, another thread appending) may be read at any
``k`` it has published, and a moment stays true as the recording grows.
"""

from __future__ import annotations

from array import array
from bisect import bisect_left
from bisect import bisect_right
from collections.abc import Iterator

from gamesearch_gui.core.recording.depth_first import ENTERED
from gamesearch_gui.core.recording.depth_first import KINDS
from gamesearch_gui.core.recording.depth_first import NONE
from gamesearch_gui.core.recording.depth_first import PRUNED
from gamesearch_gui.core.recording.depth_first import VALUED
from gamesearch_gui.core.recording.depth_first import Cutoff
from gamesearch_gui.core.recording.depth_first import SearchRecording
from gamesearch_gui.core.recording.events import NodeKind

__all__ = ["Depths", "Moment"]

#: The recording's codes of MAX and MIN nodes: those that pass their own window on.
_DECIDES = frozenset((KINDS.index(NodeKind.MAX), KINDS.index(NodeKind.MIN)))


class Moment:
    """The tree of ``recording`` after ``k`` events (a cheap value: make one per moment)."""

    __slots__ = ("k", "limit", "recording", "slots")

    def __init__(self, recording: SearchRecording, k: int) -> None:
        self.recording = recording
        self.k = k
        #: Nodes entered by the moment: nodes ``0 .. limit - 1`` (depth-first order).
        self.limit = bisect_left(recording.entered_at, k)
        #: Slots taken by the moment (leaves, cutoff stubs and the gaps between
        #: iterations): the next free slot.
        self.slots = bisect_left(recording.slot_seq, k)

    def __repr__(self) -> str:
        return f"Moment(k={self.k}, nodes={self.limit}, slots={self.slots})"

    # -- one node ------------------------------------------------------------------------

    def is_valued(self, n: int) -> bool:
        """True when node ``n`` has its value."""
        return self.recording.valued_at[n] < self.k

    def x(self, n: int) -> float:
        """Node ``n``'s horizontal place, in slots: its first slot while it is searched,
        centred over its children once valued."""
        rec = self.recording
        return rec.x_final[n] if rec.valued_at[n] < self.k else float(rec.first_slot[n])

    def extent(self, n: int) -> tuple[int, int]:
        """The first and last slot node ``n``'s subtree covers. An open node reaches to
        the newest slot taken (its newest descendant, not given a slot yet, sits on the
        next one)."""
        rec = self.recording
        first = rec.first_slot[n]
        last = rec.last_slot[n] if rec.valued_at[n] < self.k else self.slots - 1
        return first, max(first, last)

    def window(self, n: int) -> tuple[float, float]:
        """Node ``n``'s alpha-beta window (α, β) at the moment, as the search held it.

        The window it was entered with, and once valued the window it left with. In
        between, a MAX or MIN node's window narrows as its children come back, and the
        search enters each child with the window as it then stands: so an open node's
        window is the one its newest child was entered with, from the event that entered
        that child (or from its own exit). A chance node hands its children windows of
        their own (Star1's, or the same), and keeps the one it was given.
        """
        rec = self.recording
        if self.is_valued(n):
            return rec.alpha_out[n], rec.beta_out[n]
        if rec.kind[n] in _DECIDES:
            child = self.newest_child(n)
            if child != NONE:
                return rec.alpha_in[child], rec.beta_in[child]
        return rec.alpha_in[n], rec.beta_in[n]

    def newest_child(self, n: int) -> int:
        """Open node ``n``'s child entered last by the moment (NONE for none, or for a
        node not open). Depth-first, the newest node lies under it: its ancestor there is
        the child, a walk of a few levels."""
        rec = self.recording
        parent = rec.parent
        m = self.limit - 1
        while m > n:
            above = parent[m]
            if above == n:
                return m
            m = above
        return NONE

    def children(self, n: int) -> Iterator[int]:
        """Node ``n``'s children entered by the moment, in search order."""
        rec = self.recording
        limit, next_sibling = self.limit, rec.next_sibling
        child = rec.first_child[n]
        while child != NONE and child < limit:
            yield child
            child = next_sibling[child]

    def spans(self, n: int) -> Iterator[tuple[int, int, int, float]]:
        """Node ``n``'s children with their extent and place: (child, first, last, x).

        The same as ``children``, ``extent`` and ``x`` together, in one loop: a view that
        walks thousands of children per paint calls this once per parent.
        """
        rec = self.recording
        k, limit, newest = self.k, self.limit, self.slots - 1
        first_slot, last_slot, valued_at = rec.first_slot, rec.last_slot, rec.valued_at
        x_final, next_sibling = rec.x_final, rec.next_sibling
        child = rec.first_child[n]
        while child != NONE and child < limit:
            first = first_slot[child]
            if valued_at[child] < k:
                last, x = last_slot[child], x_final[child]
            else:
                last, x = newest, float(first)
            yield child, first, last if last > first else first, x
            child = next_sibling[child]

    def cutoff(self, n: int) -> Cutoff | None:
        """Node ``n``'s cutoff, if it has happened."""
        index = self._cutoff_index(n)
        return None if index == NONE else self.recording.cutoff(index)

    def _cutoff_index(self, n: int) -> int:
        """Node ``n``'s cutoff's index, if it has happened, else NONE."""
        rec = self.recording
        index = rec.cutoff_of[n]
        return index if index != NONE and rec.cut_seq[index] < self.k else NONE

    def has_children(self, n: int) -> bool:
        """True when node ``n`` has a child or a cutoff stub."""
        first = self.recording.first_child[n]
        return (first != NONE and first < self.limit) or self._cutoff_index(n) != NONE

    def subtree_end(self, n: int) -> int:
        """One past the last node of ``n``'s subtree (depth-first order keeps it contiguous)."""
        rec = self.recording
        valued_at = rec.valued_at[n]
        if valued_at < self.k:
            return min(self.limit, bisect_left(rec.entered_at, valued_at))
        return self.limit

    def subtree_size(self, n: int) -> int:
        """Nodes in ``n``'s subtree, ``n`` included."""
        return self.subtree_end(n) - n

    # -- the whole tree --------------------------------------------------------------------

    def current(self) -> int:
        """The node of the moment's event, the last to happen (NONE before the first):
        the node entered or valued, the node whose cutoff it was, or the root of the
        iteration that started or finished."""
        rec = self.recording
        k = self.k
        if k <= 0 or k > rec.event_count:
            return NONE
        kind, ref = rec.ev_type[k - 1], rec.ev_ref[k - 1]
        if kind in (ENTERED, VALUED):
            n = ref
        elif kind == PRUNED:
            n = rec.cut_node[ref]
        else:
            n = rec.iterations[ref].root
        return n if NONE != n < self.limit else NONE

    def roots(self) -> list[int]:
        """The roots (one per iteration of iterative deepening) entered by the moment."""
        limit = self.limit
        # ``root < limit``, not the root's entry time: a writer names an iteration's root
        # before it writes the root's columns.
        return [it.root for it in self.recording.iterations if NONE != it.root < limit]

    def open_path(self) -> list[int]:
        """The nodes being searched (root first): the newest node's open ancestors."""
        rec = self.recording
        path = []
        n = self.limit - 1
        while n != NONE and n >= 0:
            if rec.valued_at[n] >= self.k:
                path.append(n)
            n = rec.parent[n]
        return path[::-1]

    def is_over(self) -> bool:
        """True at the end of a finished search (its answer may be shown)."""
        rec = self.recording
        return rec.result is not None and self.k >= rec.event_count

    def principal_variation(self) -> list[int]:
        """The search's best line, root first, once it is over; else empty."""
        if not self.is_over():
            return []
        return [n for n in self.recording.principal_variation() if n < self.limit]

    def first_changed_slot(self, other: int) -> int:
        """The leftmost slot whose drawing differs between this moment and moment ``other``.

        Between two moments, what changes is: nodes entered after the earlier one (to the
        right of every slot taken by then), and nodes open at the earlier moment that got
        a value or a new child in between. The open nodes are the path to the newest node,
        so this looks at a few dozen nodes, never the whole tree.
        """
        if other == self.k:
            return self.slots
        early, late = sorted((self, Moment(self.recording, other)), key=lambda m: m.k)
        rec = self.recording
        lo, hi = early.k, late.k
        leftmost = early.slots
        n = early.limit - 1
        while n != NONE and n >= 0:
            valued_at = rec.valued_at[n]
            # Open at the earlier moment, and valued or given a child since.
            if valued_at >= lo and (
                valued_at < hi or any(child >= early.limit for child in late.children(n))
            ):
                leftmost = min(leftmost, rec.first_slot[n])
            n = rec.parent[n]
        return leftmost

    def snapshot(self) -> list[tuple[object, ...]]:
        """Everything drawn at the moment, node by node, as plain values (for tests)."""
        rec = self.recording
        rows: list[tuple[object, ...]] = []
        for n in range(self.limit):
            valued = self.is_valued(n)
            cut = self.cutoff(n)
            rows.append(
                (
                    n,
                    rec.parent[n],
                    self.x(n),
                    rec.depth[n],
                    rec.value[n] if valued else None,
                    rec.valuation(n) if valued else None,
                    (len(cut.moves), cut.alpha, cut.beta) if cut else None,
                )
            )
        return rows


class Depths:
    """How deep a recording's tree reaches, at any moment, without scanning all of it again.

    Keeps what never changes: the record-breaking depths in entry order (so the deepest
    level among the first ``limit`` nodes is a bisection), and the depth of each valued
    subtree it was asked about. One per recording; any moment may be asked, in any order.
    """

    def __init__(self, recording: SearchRecording) -> None:
        self.recording = recording
        self._record_at = array("q")  #: node indices that went deeper than all before
        self._record_depth = array("q")
        self._scanned = 0
        self._subtree: dict[int, int] = {}

    def deepest(self, moment: Moment) -> int:
        """The deepest level of any node entered by ``moment`` (0 for none)."""
        limit = moment.limit
        if limit > self._scanned:
            self._scan(self._scanned, limit)
            self._scanned = limit
        i = bisect_right(self._record_at, limit - 1) - 1
        return self._record_depth[i] if i >= 0 else 0

    def subtree(self, moment: Moment, n: int) -> int:
        """The deepest level in ``n``'s subtree at ``moment``."""
        depth = self.recording.depth
        if not moment.is_valued(n):
            # Open (on the current path): it still grows, so it is not kept; an open
            # subtree asked about is a narrow one near the frontier, hence short.
            return max(depth[n : max(n + 1, moment.limit)])
        cached = self._subtree.get(n)
        if cached is None:
            if len(self._subtree) > 200_000:
                self._subtree.clear()
            cached = max(depth[n : moment.subtree_end(n)])
            self._subtree[n] = cached
        return cached

    def _scan(self, start: int, stop: int) -> None:
        depth = self.recording.depth
        best = self._record_depth[-1] if self._record_depth else -1
        # Halving with a C-speed max() finds the few record-breaking nodes among many.
        pending = [(start, stop)]
        while pending:
            a, b = pending.pop()
            if b - a <= 64:
                for n in range(a, b):
                    if depth[n] > best:
                        best = depth[n]
                        self._record_at.append(n)
                        self._record_depth.append(best)
                continue
            if max(depth[a:b]) <= best:
                continue
            middle = (a + b) // 2
            pending.append((middle, b))
            pending.append((a, middle))
