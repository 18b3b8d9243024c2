"""Folding: which subtrees the tree view folds into one mark, and where everything then sits.

A search of thousands of nodes, laid out one slot per leaf, is thousands of slots wide:
at a size where its values can be read, the view holds one node and a fan of lines. So
the view folds. :class:`Folds` says what is folded; :class:`Layout` is the tree at one
moment as folded, the one answer to where each node, edge and mark is drawn (the item,
the view's hit-testing and following, the minimap and the export all ask it).

**What is folded.** Under the first view's rule (``Folds.auto``) a node's children are
shown, each as a node, only at the root of the search (the iteration of the *line*) and
at nodes the person unfolded; along the line (the principal variation once the search
is over; the path to the node of the moment's event while it runs, or in a replay) each
node shows its child on the line, and its other children, a run of them on either side,
are folded into one mark each; every other node is folded: its whole subtree is one
mark under it. Without the rule (the whole tree) only what the person folded is folded.
Either way the person's choices win: ``opened`` nodes show their children, ``closed``
ones fold theirs.

**Where things sit.** With nothing folded the layout is the recording's own, which never
moves (:class:`Layout`). In the whole tree with the person's folds
(:class:`SqueezedLayout`) each folded subtree, a run of consecutive slots (a subtree's
slots are contiguous), is squeezed to one slot: a monotone map of slots, the same for
every node, edge and stub; a subtree with no fold keeps its shape and only shifts, and a
node above a fold is centred again over its first and last child (or stub), as the
recording centres a valued node (``core/recording/depth_first.py``). Under the first view's rule
(:class:`CompactLayout`) squeezing would stand each level's marks outside all deeper
ones, a funnel as wide as the line is deep; there the few shown nodes are laid out
afresh, as tidy trees are (Reingold and Tilford): each node over its first and last
item (child, mark or stub), siblings packed as close as one slot at every level they
share. The line then runs down as a spine with its marks beside it.

Cost. The marks are found by a walk over the shown nodes only (under the rule: the root's
children and the line, plus what the person unfolded, at most ``MAX_SHOWN`` after
"Expand"), or over the person's folds; the squeeze is a bisection, the compact layout
linear in the shown nodes times the depth. Nothing here is done per paint: the model
makes one layout per moment and fold (see :mod:`.model`), and a paint asks it about the
nodes it draws.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable
from collections.abc import Iterator
from dataclasses import dataclass
from dataclasses import field
from itertools import pairwise
from typing import Final

from gamesearch_gui.core.recording.depth_first import ITERATION_GAP
from gamesearch_gui.core.recording.depth_first import NONE
from gamesearch_gui.core.recording.moment import Moment

#: How a node shows its children: all of them, only its child on the line (the others
#: in marks), or none (one mark for the whole subtree).
SHOW, LINE, HIDE = 0, 1, 2

#: Where a mark is drawn, in levels under its parent (the hatched fan's base).
MARK_LEVEL: Final = 0.55

#: Most nodes "Expand" (one more level) shows while folding; past it, the whole tree.
MAX_SHOWN: Final = 4_000


@dataclass(frozen=True, slots=True)
class Mark:
    """Sibling subtrees folded into one mark: children ``first`` .. ``last`` of
    ``parent`` (``whole``: all its children and its cutoff, so the parent is folded)."""

    parent: int
    first: int
    last: int
    whole: bool
    #: The slots the folded subtrees cover (as the recording lays them out).
    start: int
    end: int
    #: How many nodes and moves (children) are folded.
    nodes: int
    moves: int


@dataclass
class Folds:
    """What the view folds: the first view's rule (``auto``) and the person's choices.

    ``version`` changes with every change (a picture of the tree drawn at one version
    is stale at another).
    """

    auto: bool = False
    opened: set[int] = field(default_factory=set)
    closed: set[int] = field(default_factory=set)
    version: int = 0

    def reset(self, auto: bool) -> None:
        """The rule on or off, and the person's choices forgotten."""
        self.auto = auto
        self.opened.clear()
        self.closed.clear()
        self.version += 1

    @property
    def active(self) -> bool:
        """True when anything may be folded."""
        return self.auto or bool(self.closed)

    def fold(self, n: int) -> None:
        """Fold node ``n``'s subtree into one mark."""
        self.opened.discard(n)
        self.closed.add(n)
        self.version += 1

    def unfold(self, n: int, children: Iterable[int] = ()) -> None:
        """Show node ``n``'s children. Under the rule each shows folded (one level
        unfolded); without it, the subtree shows as it was, except ``children`` (of
        ``n``, with children of their own), which are folded (one level)."""
        self.closed.discard(n)
        if self.auto:
            self.opened.add(n)
        else:
            self.closed.update(children)
        self.version += 1


class Layout:
    """The tree at one moment, as folded: where each node and mark sits, in slots.

    Unfolded, it is the moment's own layout (it answers with the moment's methods). The
    item walks it from the roots through ``spans(n)`` (the shown children, with the
    slots their subtrees span and their places) and ``marks_of(n)`` (the marks under
    ``n``); ``x``, ``extent``, ``stub_x`` and ``mark_point`` place what it draws.

    A folded layout answers with methods of its class, never with a method of its own
    kept in an attribute (``self.x = self._x``): that is a reference cycle, which only
    Python's rare full collections free, and a layout holds its moment and so the whole
    recording: a few megabytes per search, piling up in the window and then left as
    holes in the heap (see ``test_a_layout_is_freed_as_soon_as_it_is_dropped``).
    """

    def __init__(self, moment: Moment) -> None:
        self.now = moment
        #: Every mark.
        self.marks: list[Mark] = []
        #: How many nodes are shown, when counted (under the first view's rule).
        self.shown_count: int | None = None

    def x(self, n: int) -> float:
        """Where node ``n`` sits, in slots."""
        return self.now.x(n)

    def extent(self, n: int) -> tuple[float, float]:
        """The first and last slot node ``n``'s subtree covers as drawn."""
        return self.now.extent(n)

    def spans(self, n: int) -> Iterator[tuple[int, float, float, float]]:
        """Node ``n``'s shown children, each with the first and last slot its subtree
        covers and its place."""
        return self.now.spans(n)

    @property
    def folded(self) -> bool:
        """True when something is folded (the layout is not the recording's own)."""
        return bool(self.marks)

    #: True for a first view's few nodes, laid out apart: its texts are written at a
    #: readable size wherever they find room, not only in their node's own slots.
    sparse = False

    @property
    def slots(self) -> int:
        """How wide the tree is, in slots."""
        return self.now.slots

    def deepest(self) -> int | None:
        """The deepest level drawn (a mark counts one level under its parent), or None
        when that is the whole tree's."""
        return None

    def stub_x(self, n: int) -> float:
        """Where node ``n``'s cutoff stub points (its cutoff has happened)."""
        cut = self.now.cutoff(n)
        assert cut is not None
        return float(cut.slot)

    def mode(self, n: int) -> int:
        """How node ``n`` shows its children (SHOW, LINE or HIDE)."""
        return SHOW

    def marks_of(self, n: int) -> list[Mark]:
        """The marks under node ``n``, left to right."""
        return []

    def children(self, n: int) -> Iterator[int]:
        """Node ``n``'s shown children."""
        for child, _first, _last, _x in self.spans(n):
            yield child

    def shown(self, n: int) -> bool:
        """True when node ``n`` is drawn as a node (not folded into a mark)."""
        return 0 <= n < self.now.limit

    def mark_holding(self, n: int) -> Mark | None:
        """The mark node ``n`` is folded into (None: it is shown)."""
        return None

    def mark_point(self, mark: Mark) -> tuple[float, float]:
        """Where ``mark`` is drawn: (slot, level) of its fan's base."""
        return self.x(mark.parent), self.now.recording.depth[mark.parent] + MARK_LEVEL

    def anchor(self, n: int) -> tuple[float, float]:
        """Where node ``n`` is seen: (slot, level) of the node, or of the mark holding it."""
        mark = self.mark_holding(n)
        if mark is not None:
            return self.mark_point(mark)
        return self.x(n), float(self.now.recording.depth[n])

    def first_in(self, s0: float, s1: float, d0: float, d1: float) -> int:
        """A node (or the parent of a mark) drawn inside slots ``s0`` .. ``s1`` and
        levels ``d0`` .. ``d1``; NONE when nothing of the tree is there."""
        now = self.now
        depth = now.recording.depth
        stack = []
        for root in now.roots():
            first, last = self.extent(root)
            if last >= s0 and first <= s1 and depth[root] <= d1:
                stack.append(root)
        while stack:
            n = stack.pop()
            level = depth[n]
            if level >= d0 and s0 <= self.x(n) <= s1:
                return n
            for mark in self.marks_of(n):
                x, y = self.mark_point(mark)
                if d0 <= y <= d1 and s0 <= x <= s1:
                    return n
            if level + 1 > d1:
                continue
            for child, first, last, _x in self.spans(n):
                if last >= s0 and first <= s1:
                    stack.append(child)
        return NONE


class _Folded(Layout):
    """What every folded layout keeps: how each node shows its children, and its marks."""

    def __init__(self, moment: Moment) -> None:
        super().__init__(moment)
        self._parent = moment.recording.parent
        self._modes: dict[int, int] = {}
        self._line: dict[int, int] = {}
        self._by_parent: dict[int, list[Mark]] = {}
        self._deepest: int | None = None

    def _index_marks(self) -> None:
        for mark in self.marks:
            self._by_parent.setdefault(mark.parent, []).append(mark)

    def _fold_whole(self, n: int) -> Mark:
        now = self.now
        start, end = now.extent(n)
        children = list(now.children(n))
        first, last = (children[0], children[-1]) if children else (NONE, NONE)
        mark = Mark(n, first, last, True, start, end, now.subtree_size(n) - 1, len(children))
        self.marks.append(mark)
        return mark

    def deepest(self) -> int | None:
        return self._deepest

    def mode(self, n: int) -> int:
        return self._modes.get(n, SHOW)

    def marks_of(self, n: int) -> list[Mark]:
        return self._by_parent.get(n, [])

    def shown(self, n: int) -> bool:
        return 0 <= n < self.now.limit and self.mark_holding(n) is None

    def mark_holding(self, n: int) -> Mark | None:
        if not 0 <= n < self.now.limit:
            return None
        parent, modes = self._parent, self._modes
        path = []
        up = n
        while up != NONE:
            path.append(up)
            up = parent[up]
        # From the root down: the first node that does not show the next one.
        for above, below in zip(reversed(path), reversed(path[:-1]), strict=False):
            mode = modes.get(above, SHOW)
            if mode == SHOW or (mode == LINE and self._line.get(above) == below):
                continue
            for mark in self._by_parent.get(above, []):
                if mark.whole or mark.first <= below <= mark.last:
                    return mark
            return None
        return None


class SqueezedLayout(_Folded):
    """The whole tree with the person's folds: each folded subtree's slots squeezed to
    one (a monotone map), the rest as the recording lays it out, shifted."""

    def __init__(self, moment: Moment, folds: Folds) -> None:
        super().__init__(moment)
        now = moment
        parent = self._parent
        closed = folds.closed
        for n in closed:
            if not (0 <= n < now.limit and now.has_children(n)):
                continue
            up = parent[n]
            while up != NONE and up not in closed:
                up = parent[up]
            if up == NONE:  # not inside another fold
                self._modes[n] = HIDE
                self._fold_whole(n)
        marks = self.marks
        marks.sort(key=lambda mark: mark.start)
        self._index_marks()
        # The map: slot s inside run i goes to its start less what the runs before it
        # removed; between runs, s less what the runs up to it removed.
        self._starts = [mark.start for mark in marks]
        self._ends = [mark.end for mark in marks]
        removed = [0]
        for mark in marks:
            removed.append(removed[-1] + mark.end - mark.start)
        self._removed = removed
        self._xs: dict[int, float] = {}
        self._skeleton: set[int] = set()
        self._centre()  # (with no marks the map is the identity: the moment's layout)

    def slot(self, s: float) -> float:
        """Where the recording's slot ``s`` is drawn."""
        i = bisect_right(self._starts, s) - 1
        if i >= 0 and s <= self._ends[i]:
            return self._starts[i] - self._removed[i]
        return s - self._removed[i + 1]

    def _centre(self) -> None:
        """The places of the nodes above folds: each valued one centred over its first
        and last child (or cutoff stub), deepest first, as the recording does."""
        now = self.now
        rec = now.recording
        parent, depth = self._parent, rec.depth
        skeleton = self._skeleton
        for mark in self.marks:
            n = mark.parent
            while n != NONE and n not in skeleton:
                skeleton.add(n)
                n = parent[n]
        xs = self._xs
        first_child, last_child = rec.first_child, rec.last_child
        for n in sorted(skeleton, key=lambda node: -depth[node]):
            if not now.is_valued(n):
                continue  # on its first slot, as the map puts it
            cut = now.cutoff(n)
            first = first_child[n]
            if first != NONE:
                left = self.x(first)
            else:
                left = self.slot(cut.slot) if cut is not None else self.x(n)
            right = self.slot(cut.slot) if cut is not None else self.x(last_child[n])
            xs[n] = (left + right) / 2

    def x(self, n: int) -> float:
        x = self._xs.get(n)
        return self.slot(self.now.x(n)) if x is None else x

    def extent(self, n: int) -> tuple[float, float]:
        first, last = self.now.extent(n)
        return self.slot(first), self.slot(last)

    def spans(self, n: int) -> Iterator[tuple[int, float, float, float]]:
        if self._modes.get(n) == HIDE:
            return
        spans = self.now.spans(n)
        if n not in self._skeleton:
            # No fold below: the subtree keeps its shape, shifted as a whole.
            start = self.now.recording.first_slot[n]
            shift = start - self.slot(start)
            for child, first, last, x in spans:
                yield child, first - shift, last - shift, x - shift
            return
        slot, x_of = self.slot, self.x
        for child, first, last, _x in spans:
            yield child, slot(first), slot(last), x_of(child)

    @property
    def slots(self) -> int:
        return self.now.slots - self._removed[-1]

    def stub_x(self, n: int) -> float:
        return self.slot(super().stub_x(n))


#: An item under a node in the compact layout: a shown child (its index), a mark
#: (``MARK_ITEM - i`` for mark ``i``), or its cutoff stub.
STUB_ITEM: Final = -1
MARK_ITEM: Final = -2


class CompactLayout(_Folded):
    """The first view's rule: the root's children, the line, what the person unfolded;
    laid out afresh, as tidy trees are (see the module's words)."""

    sparse = True

    def __init__(self, moment: Moment, folds: Folds) -> None:
        super().__init__(moment)
        #: Each shown node's items, left to right (see ``STUB_ITEM``, ``MARK_ITEM``).
        self._items: dict[int, list[int]] = {}
        self._order: list[int] = []  # the shown nodes, parents before children
        self._walk(folds)
        self._index_marks()
        self._xs: dict[int, float] = {}
        self._extents: dict[int, tuple[float, float]] = {}
        self._stubs: dict[int, float] = {}
        self._mark_xs: dict[Mark, float] = {}
        self._width = 0
        self._place()

    # -- what is shown

    def _walk(self, folds: Folds) -> None:
        now = self.now
        rec = now.recording
        depth = rec.depth
        line = _line(now)
        line_root = line[0] if line else NONE
        for parent, child in pairwise(line):
            self._line[parent] = child
        opened, closed = folds.opened, folds.closed
        deepest = 0
        order, items = self._order, self._items
        stack = list(reversed(now.roots()))
        while stack:
            n = stack.pop()
            order.append(n)
            deepest = max(deepest, depth[n])
            if not now.has_children(n):
                continue
            if n in closed:
                mode = HIDE
            elif n in opened or (rec.parent[n] == NONE and n == line_root):
                mode = SHOW
            elif n in self._line:
                mode = LINE
            else:
                mode = HIDE
            if mode != SHOW:
                self._modes[n] = mode
                deepest = max(deepest, depth[n] + 1)
            mine: list[int] = []
            if mode == HIDE:
                mine.append(MARK_ITEM - len(self.marks))
                self._fold_whole(n)
            else:
                keep = self._line[n] if mode == LINE else NONE
                run: list[tuple[int, int, int]] = []
                for child, first, last, _x in now.spans(n):
                    if mode == SHOW or child == keep:
                        self._fold_run(n, run, mine)
                        run = []
                        mine.append(child)
                    else:
                        run.append((child, int(first), int(last)))
                self._fold_run(n, run, mine)
                if mode == LINE and keep not in mine:
                    mine.append(keep)  # the line is always shown
                if now.cutoff(n) is not None:
                    mine.append(STUB_ITEM)
                    deepest = max(deepest, depth[n] + 1)
                stack.extend(reversed([item for item in mine if item >= 0]))
            items[n] = mine
        self._deepest = deepest
        self.shown_count = len(order)

    def _fold_run(self, n: int, run: list[tuple[int, int, int]], mine: list[int]) -> None:
        if not run:
            return
        first, start, _ = run[0]
        last, _, end = run[-1]
        nodes = self.now.subtree_end(last) - first
        mine.append(MARK_ITEM - len(self.marks))
        self.marks.append(Mark(n, first, last, False, start, end, nodes, len(run)))

    # -- where it sits

    def _place(self) -> None:
        """Each subtree's contour (its leftmost and rightmost place at each level under
        its root, relative to the root) from the bottom up, siblings packed one slot
        apart where they share a level; then the places from the top down."""
        items = self._items
        contours: dict[int, tuple[list[float], list[float]]] = {}
        offsets: dict[int, list[float]] = {}
        leaf = ([0.0], [0.0])
        for n in reversed(self._order):
            mine = items.get(n)
            if not mine:
                contours[n] = leaf
                continue
            shapes = [contours[item] if item >= 0 else leaf for item in mine]
            places, left, right = _pack(shapes, 1.0)
            centre = (places[0] + places[-1]) / 2
            offsets[n] = [place - centre for place in places]
            contours[n] = (
                [0.0, *(v - centre for v in left)],
                [0.0, *(v - centre for v in right)],
            )
        roots = [n for n in self._order if self._parent[n] == NONE]
        if not roots:
            return
        places, left, _right = _pack([contours[n] for n in roots], 1.0 + ITERATION_GAP)
        shift = -min(left)  # the leftmost place is slot 0
        xs, extents = self._xs, self._extents
        for root, place in zip(roots, places, strict=True):
            xs[root] = place + shift
        widest = 0.0
        for n in self._order:
            x = xs[n]
            lefts, rights = contours[n]
            extents[n] = (x + min(lefts), x + max(rights))
            widest = max(widest, extents[n][1])
            for item, offset in zip(items.get(n, ()), offsets.get(n, ()), strict=True):
                if item >= 0:
                    xs[item] = x + offset
                elif item == STUB_ITEM:
                    self._stubs[n] = x + offset
                else:
                    self._mark_xs[self.marks[MARK_ITEM - item]] = x + offset
        self._width = round(widest) + 1

    def x(self, n: int) -> float:
        x = self._xs.get(n)
        return self._near(n)[0] if x is None else x

    def extent(self, n: int) -> tuple[float, float]:
        extent = self._extents.get(n)
        if extent is None:
            x = self._near(n)[0]
            return x, x
        return extent

    def _near(self, n: int) -> tuple[float, float]:
        """Where a node not shown is seen: the mark holding it, or else its nearest
        shown ancestor (never an error: a paint or a scroll may ask about any node)."""
        mark = self.mark_holding(n)
        if mark is not None:
            return self.mark_point(mark)
        depth, xs = self.now.recording.depth, self._xs
        up = n
        while up != NONE and up not in xs:
            up = self._parent[up]
        return (xs[up], float(depth[up])) if up != NONE else (0.0, 0.0)

    def shown(self, n: int) -> bool:
        return n in self._xs

    def anchor(self, n: int) -> tuple[float, float]:
        x = self._xs.get(n)
        return self._near(n) if x is None else (x, float(self.now.recording.depth[n]))

    def spans(self, n: int) -> Iterator[tuple[int, float, float, float]]:
        xs, extents = self._xs, self._extents
        for item in self._items.get(n, ()):
            if item >= 0:
                first, last = extents[item]
                yield item, first, last, xs[item]

    @property
    def slots(self) -> int:
        return self._width

    def stub_x(self, n: int) -> float:
        return self._stubs[n]

    def mark_point(self, mark: Mark) -> tuple[float, float]:
        x = self._mark_xs.get(mark)
        level = self.now.recording.depth[mark.parent] + MARK_LEVEL
        return (self.x(mark.parent) if x is None else x), level


def _pack(
    shapes: list[tuple[list[float], list[float]]], gap: float
) -> tuple[list[float], list[float], list[float]]:
    """Place shapes (contours: leftmost and rightmost place at each level, relative to
    the shape's root) left to right, each as far left as keeps it ``gap`` from those
    before it at every level they share. The places, and the contour of them all."""
    places: list[float] = []
    left: list[float] = []
    right: list[float] = []
    for lefts, rights in shapes:
        place = 0.0
        if places:
            place = max(right[i] - lefts[i] + gap for i in range(min(len(lefts), len(right))))
        places.append(place)
        for i, (lo, hi) in enumerate(zip(lefts, rights, strict=True)):
            if i < len(left):
                left[i] = min(left[i], place + lo)
                right[i] = max(right[i], place + hi)
            else:
                left.append(place + lo)
                right.append(place + hi)
    return places, left, right


def layout(moment: Moment, folds: Folds | None) -> Layout:
    """The tree at ``moment`` as ``folds`` fold it."""
    if folds is None or not folds.active:
        return Layout(moment)
    if folds.auto:
        return CompactLayout(moment, folds)
    return SqueezedLayout(moment, folds)


def _line(now: Moment) -> list[int]:
    """The line the first view shows, root first: the principal variation once the
    search is over, else the path to the node of the moment's event (what is being
    searched)."""
    if now.is_over():
        line = now.principal_variation()
        if line:
            return line
    n = now.current()
    if n == NONE:
        return now.open_path()
    parent = now.recording.parent
    path = []
    while n != NONE:
        path.append(n)
        n = parent[n]
    return path[::-1]
