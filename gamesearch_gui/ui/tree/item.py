"""The item that draws the tree: a recorded search at one moment, fluid up to a million nodes.

``TreeItem`` draws a :class:`~gamesearch_gui.ui.tree.model.TreeModel` (a recording at
one moment). Everything drawn is a pure function of (recording, moment, folds,
selection): stepping back and forth shows the same picture. Where each node sits is the
model's ``layout`` (:mod:`.folds`): the recording's own, the whole tree with folded
subtrees squeezed to one mark each, or a folded first view laid out afresh.

Scale. One item per node would stop near ten thousand nodes, so the item draws nodes
itself, and only what the paint's exposed rectangle shows. It walks the tree top-down
from the roots, skipping every subtree whose extent (its slots) lies outside the
rectangle; a run of sibling subtrees each narrower than ``SILHOUETTE_PX`` on screen is
drawn as one silhouette (a fan from the parent, and blocks down to the deepest level,
about one per pixel column) instead of being descended. The work of a paint is
therefore bounded by the pixels, not the nodes: a million nodes fitted to the window
draw about two thousand primitives. Text appears only when it is large enough to read,
and shapes become dots when tiny (the level of detail of Qt's chip example). Every text
is proposed with a priority and placed by :mod:`.placement`: none overlaps another or
leaves the scene, and where room runs out the least needed goes first.

Speed under a running search. While a search thread holds Python's GIL, every call from
the GUI thread into Python (a paint, a virtual such as ``boundingRect``), and every Qt
value object made in Python, can wait for it. So the paint makes no Qt objects in its
loops (colours, pens and fonts come from :mod:`.style`, one path is reused for every
shape, lines and rects are drawn from plain numbers), and the item is a
QGraphicsRectItem so ``boundingRect`` stays in C++.

Coordinates. The view may scale the two axes apart (see :mod:`.geometry`), so the item
maps its points through the painter's transform and draws in device pixels, sizing
shapes and text by the horizontal scale: nothing is squashed.

Extras. A subclass draws more through two public hooks: ``decorate`` (called after the
nodes, with what the paint drew and where) and ``edge_text`` (the label of an edge).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Final

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QTransform
from PySide6.QtWidgets import QGraphicsItem, QGraphicsRectItem, QStyleOptionGraphicsItem, QWidget

from gamesearch_gui.core.numbers import format_number, format_probability
from gamesearch_gui.core.recording.depth_first import NONE, SearchRecording
from gamesearch_gui.core.search.maxn import vector_text
from gamesearch_gui.core.text import player_letters
from gamesearch_gui.ui.palette import MIN_TEXT_PIXELS
from gamesearch_gui.ui.tree.folds import HIDE, MARK_LEVEL, Layout, Mark
from gamesearch_gui.ui.tree.geometry import (
    DOT_PX,
    HOW_EVALUATION,
    HOW_TABLE,
    KIND_LEAF,
    KIND_MAX,
    KIND_MIN,
    LABEL_REACH_PX,
    LEVEL_H,
    NODE_R,
    OPEN,
    SILHOUETTE_PX,
    SLOT_W,
    tree_rect,
)
from gamesearch_gui.ui.tree.model import TreeModel
from gamesearch_gui.ui.tree.placement import (
    MARK,
    MOVE,
    NAME,
    VALUE,
    WINDOW,
    Box,
    PlacedText,
    Placer,
)
from gamesearch_gui.ui.tree.shapes import SHAPE_LEFT, SHAPE_RIGHT, add_node_shape, player_shape
from gamesearch_gui.ui.tree.style import (
    LABEL_PX,
    VALUE_PX,
    Inks,
    TextCache,
    TreeColours,
    labels_shown,
)

#: A move label cut to its room is drawn only when more than this many characters
#: ("…" included) are left of it.
MIN_ELIDED_CHARS: Final = 3

#: Where along an edge (from the parent, 0, to the child, 1) its label goes: the first
#: place with room.
EDGE_LABEL_AT: Final = (0.68, 0.52, 0.38)

#: A value is shrunk to fit in its shape down to this share of its size, no further.
VALUE_SHRINK: Final = 0.75

#: Room kept clear beside a text, as a share of its size (each side; about a space
#: between two texts).
TEXT_MARGIN: Final = 0.15

#: The size (pixels) a vector of a game of n players is written at where the zoom would
#: make it smaller: a fitted tree of a few dozen leaves still shows every vector.
READABLE_PX: Final = int(MIN_TEXT_PIXELS) + 1
#: A paint of a folded first view of at most this many edges writes their moves at
#: ``READABLE_PX`` where the zoom would make them smaller.
RAISED_EDGES: Final = 400
#: More room under a folded view's deepest level (levels), for its raised labels.
FOLDED_FOOT: Final = 0.45
#: A vector is staggered over two lines (each under its node, neighbours alternating)
#: only while it is at most this many times its node's room wide.
STAGGER_ROOMS: Final = 1.9

#: Node ``n``'s centre in device pixels.
PointOf = Callable[[int], tuple[float, float]]

#: The owner of an obstacle that is no node's (a cut mark): no text passes it.
NOBODY: Final = -2


@dataclass
class Frame:
    """What one paint drew (kept for tests and the benchmark; the lists are the plan)."""

    moment: int = 0
    #: Nodes drawn one by one (as a shape, or a dot when tiny).
    nodes: list[int] = field(default_factory=list)
    #: The shape each node of ``nodes`` was drawn as (``geometry``'s codes; none for dots).
    shapes: dict[int, int] = field(default_factory=dict)
    #: Subtrees drawn as silhouettes (too narrow to tell apart), by their top node.
    silhouettes: list[int] = field(default_factory=list)
    #: The silhouettes as drawn: (parent, first child, last child) of each run of
    #: narrow siblings, one fan and one block each (parent NONE for a narrow root).
    runs: list[tuple[int, int, int]] = field(default_factory=list)
    #: Folded nodes drawn with their whole subtree as one mark under them.
    collapsed: list[int] = field(default_factory=list)
    #: The fold marks drawn (a folded node's, and the runs of siblings beside a line).
    marks: list[Mark] = field(default_factory=list)
    #: Nodes whose cutoff stub was drawn.
    stubs: list[int] = field(default_factory=list)
    #: The cut marks as drawn (device pixels), one box each: no text overlaps one.
    cut_marks: list[Box] = field(default_factory=list)
    #: Edges drawn, as (parent, child).
    edges: list[tuple[int, int]] = field(default_factory=list)
    #: Every text drawn (those placed: a text with no room is left out).
    texts: list[str] = field(default_factory=list)
    #: The same texts with their boxes on screen (device pixels) and font sizes.
    placed: list[PlacedText] = field(default_factory=list)
    #: The scene's bounds on screen (left, top, right, bottom): every text lies inside.
    bounds: Box = (0.0, 0.0, 0.0, 0.0)
    #: The best line drawn in gold (root first), empty until the search is over.
    best_line: list[int] = field(default_factory=list)
    #: Edges drawn as part of MAX's strategy, as (parent, child).
    strategy_edges: list[tuple[int, int]] = field(default_factory=list)
    #: Drawing calls' worth of shapes, lines and texts.
    primitives: int = 0


@dataclass
class CanvasText:
    """A text to draw, centred on (x, y) in device pixels; ``halo``: on a background patch.

    It is drawn only where it overlaps no text placed before it (see :mod:`.placement`):
    ``priority`` says how soon it is placed, ``owner`` the node it belongs to (its own
    shape is no obstacle to it), ``places`` other centres (each with its own text, cut
    to the room there) to try when (x, y) has no room. ``instead`` is another form of the
    same text (another size, or lines) tried when none of these places has room or its
    size is too small to read. A text of several lines (apart by newlines) is a centred
    column; ``colours``, if given, is each line's own colour.
    """

    x: float  # centre
    y: float  # centre
    text: str
    px: int
    bold: bool
    colour: QColor
    halo: bool
    priority: int = WINDOW
    owner: int = NONE
    places: tuple[tuple[float, float, str], ...] = ()
    instead: CanvasText | None = None
    colours: tuple[QColor, ...] = ()


@dataclass(frozen=True, slots=True)
class Drawn:
    """What a paint has drawn, for ``TreeItem.decorate`` to draw over."""

    frame: Frame
    #: Node ``n``'s centre in device pixels.
    point: PointOf
    #: A node's half size, and the scale, in device pixels.
    r: float
    s: float
    #: Texts to draw last, with the others: a decoration may add to them.
    texts: list[CanvasText]


class TreeItem(QGraphicsRectItem):
    """The whole tree as one item: draws only what is exposed, at the zoom's detail.

    A QGraphicsRectItem, so that Qt's frequent ``boundingRect`` calls stay in C++: each
    call into Python can wait for the GIL while the search thread runs.
    """

    # QGraphicsItem.UserType (65536) + 71; the type stubs do not know UserType.
    Type: Final = 65536 + 71

    def __init__(self) -> None:
        super().__init__()
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)
        self.model = TreeModel()
        self.selected: int | None = None
        #: The node of the moment's event, marked with a ring (NONE: none).
        self.current = NONE
        #: Show α/β even where the window is (−∞, +∞) (minimax never narrows it).
        self.always_show_window = False
        #: Text written beside a node, up and to its left (the tree editor's node labels).
        self.node_labels: dict[int, str] = {}
        #: The nodes of MAX's strategy to highlight (empty: none shown).
        self.strategy: frozenset[int] = frozenset()
        #: Write values and vectors too small at the zoom at the smallest readable size
        #: instead (off while an overview, the minimap, draws the tree's shape).
        self.readable_values = True
        self.colours = TreeColours.light()
        self.texts = TextCache()
        self.last_frame = Frame()
        self.last_paint_ms = 0.0
        self.last_paint_primitives = 0
        self.setPen(Qt.PenStyle.NoPen)
        self.setRect(QRectF(0, 0, 1, 1))
        self._inks = Inks(self.colours)
        # One path, cleared and refilled for each shape: making a QPainterPath per shape
        # costs more than drawing it, and one path of many shapes fills far slower.
        self._scratch = QPainterPath()

    def type(self) -> int:
        return int(self.Type)

    @property
    def inks(self) -> Inks:
        """The pens and colours of ``colours`` (made again when the colours change)."""
        if self._inks.colours is not self.colours:
            self._inks = Inks(self.colours)
        return self._inks

    # -- geometry

    def content_rect(self) -> QRectF:
        """The tree at the moment, with room for a ring above and labels below (a folded
        view's levels are squeezed and its labels raised: more room below)."""
        rect = tree_rect(self.model.slots, self.model.max_depth())
        if self.model.layout is not None and self.model.layout.folded:
            rect.setBottom(rect.bottom() + LEVEL_H * FOLDED_FOOT)
        return rect

    def fit_bounds(self) -> None:
        """Grow the bounding rect in big steps, so geometry changes (which repaint the
        whole item) stay rare while the tree streams in."""
        content = self.content_rect()
        bounds = self.rect()
        if bounds.contains(content):
            return
        width = max(bounds.width(), 1.0)
        while width < content.width():
            width *= 2
        height = max(bounds.height(), 1.0)
        while height < content.height():
            height *= 1.5
        self.setRect(QRectF(content.left(), content.top(), width, height))

    def reset_bounds(self) -> None:
        """Shrink back to the tree (a new recording)."""
        self.setRect(self.content_rect())

    # -- the hooks a subclass may override

    @contextmanager
    def marks_hidden(self) -> Iterator[None]:
        """Draw the tree without the view's own marks, the selection ring and the
        replay's "this step" ring, for as long as the block lasts (a picture of the tree
        is of the tree, not of where the person was looking)."""
        selected, current = self.selected, self.current
        self.selected, self.current = None, NONE
        try:
            yield
        finally:
            self.selected, self.current = selected, current

    @contextmanager
    def overview(self) -> Iterator[None]:
        """Draw the tree as its shape, for as long as the block lasts: no text is raised
        to a readable size where the zoom makes it smaller (the minimap)."""
        readable = self.readable_values
        self.readable_values = False
        try:
            yield
        finally:
            self.readable_values = readable

    def decorate(self, painter: QPainter, drawn: Drawn) -> int:
        """Draw extras over the nodes (``drawn`` says what and where); return the
        primitives drawn (none here). Pens come from ``inks``, fonts and widths from
        ``texts``."""
        return 0

    def edge_text(self, n: int) -> str:
        """The label of the edge into node ``n`` ("" for none): its move, and its
        probability under a chance node. Cut, or dropped, where it has no room."""
        return self.model.edge_text(n)

    # -- painting

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        started = time.perf_counter()
        world = painter.worldTransform()
        # The chip example's level of detail; the axes may be scaled apart, so the
        # horizontal scale (the crowded one) decides sizes.
        lod = QStyleOptionGraphicsItem.levelOfDetailFromTransform(world)
        sx, sy = abs(world.m11()), abs(world.m22())
        if lod <= 0 or sx <= 0 or sy <= 0:
            return
        frame = self.plan(option.exposedRect, sx, sy)
        painter.resetTransform()  # device pixels: nothing is squashed
        try:
            self._render(painter, frame, world)
        finally:
            painter.setWorldTransform(world)
        self.last_frame = frame
        self.last_paint_primitives = frame.primitives
        self.last_paint_ms = (time.perf_counter() - started) * 1000

    def plan(self, rect: QRectF, sx: float, sy: float) -> Frame:
        """What to draw of the tree inside ``rect`` (scene units) at scales ``sx``, ``sy``.

        A top-down walk that skips subtrees outside ``rect`` and stops at subtrees
        narrower than ``SILHOUETTE_PX``: the size of the plan is bounded by the pixels.
        """
        now, lay = self.model.now, self.model.layout
        frame = Frame(self.model.k)
        if now is None or lay is None or now.limit == 0:
            return frame
        depth = now.recording.depth
        reach_x = LABEL_REACH_PX / sx / SLOT_W
        reach_y = LABEL_REACH_PX / sy / LEVEL_H
        s0 = rect.left() / SLOT_W - reach_x
        s1 = rect.right() / SLOT_W + reach_x
        d0 = rect.top() / LEVEL_H - reach_y
        d1 = rect.bottom() / LEVEL_H + reach_y
        narrow = SILHOUETTE_PX / (SLOT_W * sx)  # slots
        nodes, silhouettes, runs, folded, stubs, edges = (
            frame.nodes,
            frame.silhouettes,
            frame.runs,
            frame.collapsed,
            frame.stubs,
            frame.edges,
        )
        stack: list[int] = []
        for root in now.roots():
            first, last = lay.extent(root)
            if last < s0 or first > s1 or depth[root] > d1:
                continue
            if last - first + 1 < narrow and now.has_children(root):
                silhouettes.append(root)
                runs.append((NONE, root, root))
            else:
                stack.append(root)
        while stack:
            n = stack.pop()
            dn = depth[n]
            if dn >= d0:
                nodes.append(n)
            marks = lay.marks_of(n)
            if marks and dn + 1 >= d0:
                for mark in marks:
                    if s0 <= lay.mark_point(mark)[0] <= s1:
                        frame.marks.append(mark)
            if lay.mode(n) == HIDE:
                folded.append(n)
                continue
            if dn + 1 > d1:
                continue
            xn = lay.x(n)
            # Consecutive narrow children make one run, drawn as one fan and silhouette:
            # a node a few pixels wide may have many children, each narrower still.
            run_first = run_last = NONE
            for child, first, last, xc in lay.spans(n):
                if last < s0 or first > s1:
                    if run_first != NONE:
                        runs.append((n, run_first, run_last))
                        run_first = NONE
                    if dn + 1 >= d0 and min(xn, xc) <= s1 and max(xn, xc) >= s0:
                        edges.append((n, child))  # it leads out of view, across it
                elif last - first + 1 < narrow:
                    if run_first == NONE:
                        run_first = child
                    run_last = child
                    silhouettes.append(child)
                else:
                    if run_first != NONE:
                        runs.append((n, run_first, run_last))
                        run_first = NONE
                    if dn + 1 >= d0:
                        edges.append((n, child))
                    stack.append(child)
            if run_first != NONE:
                runs.append((n, run_first, run_last))
            if dn + 1 >= d0:
                cut = now.cutoff(n)
                if cut is not None and s0 <= lay.stub_x(n) <= s1 + 1:
                    stubs.append(n)
        return frame

    def _render(self, painter: QPainter, frame: Frame, world: QTransform) -> None:
        model = self.model
        now, lay = model.now, model.layout
        if now is None or lay is None or (not frame.nodes and not frame.runs):
            return
        rec = now.recording
        inks, colours, path = self.inks, self.colours, self._scratch
        sx, sy, dx, dy = world.m11(), world.m22(), world.dx(), world.dy()
        ax, ay = SLOT_W * sx, LEVEL_H * sy
        s = min(sx, sy)
        r = NODE_R * s
        x_of, depth, extent = lay.x, rec.depth, lay.extent
        antialiasing = QPainter.RenderHint.Antialiasing

        def point(n: int) -> tuple[float, float]:
            return x_of(n) * ax + dx, depth[n] * ay + dy

        primitives = 0
        texts: list[CanvasText] = []
        content = self.content_rect()
        frame.bounds = (
            content.left() * sx + dx,
            content.top() * sy + dy,
            content.right() * sx + dx,
            content.bottom() * sy + dy,
        )
        label_px = int(LABEL_PX * s)
        show_labels = labels_shown(s)
        # A folded first view (few edges: read, not scanned) writes its moves at the
        # smallest readable size where the zoom makes them smaller.
        raise_moves = (
            not show_labels
            and self.readable_values
            and lay.sparse
            and len(frame.edges) <= RAISED_EDGES
        )

        # Silhouettes: each run of subtrees too narrow to draw is a fan from the parent
        # to the run's slots, and under it blocks down to the deepest level, one per
        # pixel column or so: the depth profile, at a cost bounded by the pixels. Opaque
        # and without antialiasing: translucent or antialiased fills of such thin shapes
        # cost fifty times more.
        if frame.runs:
            painter.setRenderHint(antialiasing, False)
            painter.setPen(Qt.PenStyle.NoPen)
            shades = (colours.silhouette, colours.silhouette_open)
            next_sibling = rec.next_sibling
            for parent, first, last in frame.runs:
                top = depth[first] * ay + dy
                run_left = extent(first)[0] * ax + dx
                run_right = run_left
                left, deepest, searching = run_left, depth[first], False
                any_searching = False
                child = first
                while True:
                    right = extent(child)[1] * ax + dx
                    deepest = max(deepest, model.subtree_depth(child))
                    searching = searching or not now.is_valued(child)
                    if right - left >= 1.0 or child == last:
                        column = round(left)
                        width = max(1, round(right) - column)
                        row = round(top)
                        height = max(1, round(deepest * ay + dy) - row)
                        painter.fillRect(column, row, width, height, shades[searching])
                        primitives += 1
                        any_searching = any_searching or searching
                        run_right = right
                        left, deepest, searching = right, depth[first], False
                    if child == last:
                        break
                    child = next_sibling[child]
                if parent != NONE:
                    x, y = point(parent)
                    path.clear()
                    path.moveTo(x, y)
                    path.lineTo(max(run_right, run_left + 1), top)
                    path.lineTo(run_left, top)
                    path.closeSubpath()
                    painter.setBrush(shades[any_searching])
                    painter.drawPath(path)
                    primitives += 1

        # Edges: plain, and the dashed "tried first" ones. Antialiased even when tiny:
        # thin aliased lines come out dotted.
        painter.setRenderHint(antialiasing, True)
        edge_width = max(1.0, 1.3 * s)
        tried_first, parent_of = rec.tried_first, rec.parent
        tried: list[tuple[float, float, float, float]] = []
        painter.setPen(inks.pen(colours.edge, edge_width))
        for parent, child in frame.edges:
            x1, y1 = point(parent)
            x2, y2 = point(child)
            if tried_first[child]:
                tried.append((x1, y1, x2, y2))
            else:
                painter.drawLine(round(x1), round(y1), round(x2), round(y2))
            if show_labels and parent_of[child] != NONE:
                self._edge_label(texts, parent, child, x1, y1, x2, y2, ax, label_px)
            elif raise_moves and parent_of[child] != NONE:
                self._edge_label(texts, parent, child, x1, y1, x2, y2, ax, READABLE_PX, max(r, 2.0))
        if tried:
            painter.setPen(inks.pen(inks.tried, max(1.5, 2.4 * s), Qt.PenStyle.DashLine))
            for x1, y1, x2, y2 in tried:
                painter.drawLine(round(x1), round(y1), round(x2), round(y2))
        primitives += len(frame.edges)

        # Cutoff stubs: a short dashed edge towards the pruned slot, ending in a cut mark.
        if frame.stubs and r >= DOT_PX:
            marks = []
            painter.setPen(inks.pen(colours.edge, edge_width, Qt.PenStyle.DashLine))
            for n in frame.stubs:
                cut = now.cutoff(n)
                assert cut is not None
                px, py = point(n)
                tx, ty = lay.stub_x(n) * ax + dx, py + ay
                ex, ey = px + (tx - px) * 0.55, py + (ty - py) * 0.55
                painter.drawLine(round(px), round(py), round(ex), round(ey))
                length = math.hypot(ex - px, ey - py) or 1.0
                ux, uy = (ex - px) / length, (ey - py) / length  # along the stub
                nx, ny = -uy, ux  # across it
                half = max(3.0, r * 0.45)
                for offset in (-0.44, 0.44):
                    cx, cy = ex - ux * half * offset, ey - uy * half * offset
                    marks.append(
                        (
                            cx - nx * half + ux * half * 0.35,
                            cy - ny * half + uy * half * 0.35,
                            cx + nx * half - ux * half * 0.35,
                            cy + ny * half - uy * half * 0.35,
                        )
                    )
                # The cut mark's box: no text is drawn over it.
                xs = [x for mark in marks[-2:] for x in (mark[0], mark[2])]
                ys = [y for mark in marks[-2:] for y in (mark[1], mark[3])]
                frame.cut_marks.append((min(xs), min(ys), max(xs), max(ys)))
                if show_labels:
                    # Under the cut mark: the count always, the reason when it leaves
                    # the neighbours room.
                    step = label_px * 1.25
                    top = ey + max(half, 3.0) + step * 0.6
                    lines = model.cutoff_lines(cut)
                    for i, text in enumerate(lines):
                        texts.append(
                            CanvasText(
                                ex,
                                top + i * step,
                                text,
                                label_px,
                                i == 0,
                                inks.cut,
                                True,
                                MARK if i == 0 else WINDOW,
                                n,
                            )
                        )
            painter.setPen(inks.pen(inks.cut, max(1.5, 2.0 * s)))
            for x1, y1, x2, y2 in marks:
                painter.drawLine(round(x1), round(y1), round(x2), round(y2))
            primitives += len(frame.stubs) * 3

        # MAX's strategy, when asked for and the search is over (as the best line):
        # thick teal edges, under the gold best line.
        strategy = self.strategy
        if strategy and now.is_over():
            ours = frame.strategy_edges = [edge for edge in frame.edges if edge[1] in strategy]
            painter.setPen(inks.pen(inks.strategy, max(2.0, 3.2 * s)))
            for parent, child in ours:
                x1, y1 = point(parent)
                x2, y2 = point(child)
                painter.drawLine(round(x1), round(y1), round(x2), round(y2))
            primitives += len(ours)

        # The best line, once the search is over: thick gold edges from the root down
        # (to where it goes into a fold).
        pv = frame.best_line = []
        for n in now.principal_variation():
            if not lay.shown(n):
                break
            pv.append(n)
        if len(pv) > 1:
            path.clear()
            path.moveTo(*point(pv[0]))
            for n in pv[1:]:
                path.lineTo(*point(n))
            painter.setPen(inks.pen(inks.pv, max(2.5, 4.0 * s)))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPath(path)
            primitives += 1

        primitives += self._draw_nodes(painter, frame, point, r, s, ax, texts, show_labels)
        primitives += self._draw_folds(painter, frame, point, ax, ay, r, texts, s)
        primitives += self.decorate(painter, Drawn(frame, point, r, s, texts))

        # Rings: the best line's nodes, and the selection.
        painter.setBrush(Qt.BrushStyle.NoBrush)
        on_line = set(pv)
        ring = max(3.0, r * 1.45)
        painter.setPen(inks.pen(inks.pv, max(1.5, 2.5 * s)))
        for n in frame.nodes:
            if n in on_line:
                x, y = point(n)
                path.clear()
                path.addEllipse(x - ring, y - ring, 2 * ring, 2 * ring)
                painter.drawPath(path)
                primitives += 1
        selected = self.selected
        if selected is not None and lay.shown(selected):
            x, y = point(selected)
            radius = max(5.0, r * 1.75)
            painter.setPen(inks.pen(colours.highlight, max(2.0, 3.0 * s)))
            path.clear()
            path.addEllipse(x - radius, y - radius, 2 * radius, 2 * radius)
            painter.drawPath(path)
            primitives += 1

        current = self.current
        if current != NONE and current < now.limit:
            # On the node, or on the mark it is folded into.
            slot, level = lay.anchor(current)
            x, y = slot * ax + dx, level * ay + dy
            radius = max(7.0, r * 1.95)
            painter.setPen(
                inks.pen(inks.current, min(max(1.8, 2.2 * s), 3.0), Qt.PenStyle.DashLine)
            )
            path.clear()
            path.addEllipse(x - radius, y - radius, 2 * radius, 2 * radius)
            painter.drawPath(path)
            primitives += 1

        placed = self._place(texts, frame, point, r)
        primitives += self._draw_texts(painter, placed)
        frame.placed = [box for _, box in placed]
        frame.texts = [box.text for box in frame.placed]
        frame.primitives = primitives

    def _edge_label(
        self,
        texts: list[CanvasText],
        parent: int,
        child: int,
        x1: float,
        y1: float,
        x2: float,
        y2: float,
        ax: float,
        px: int,
        above: float | None = None,
    ) -> None:
        """The edge's label, near the child, cut to the room its neighbours leave (and
        placed higher up the edge where another text is in the way). With ``above``
        (the child's half size), straight above the child instead, clear of its shape,
        else at its left, else a line higher: a crowded fan's edges run far aside near
        their children."""
        now = self.model.now
        assert now is not None
        full = self.edge_text(child)
        if not full:
            return
        # A fair share first: labels of neighbouring edges sit t of the children's
        # spacing apart, so each gets that room.
        share = EDGE_LABEL_AT[0] if above is None else 1.0
        room = self._sibling_room(parent, child) * ax * share - 2
        forms = [full]
        probability = now.recording.probability[child]
        # An outcome's probability is a number the chance node's value is made of (and
        # Star1's bound): placed with α and β, before the nodes' labels.
        priority = MOVE if math.isnan(probability) else WINDOW
        if self.texts.width(full, px, False) > room:
            if math.isnan(probability):
                # A long move: whole where the neighbours' labels leave it room, else cut
                # to its share; cut to a stub it would say nothing, so it is left out.
                short = self.texts.elided(full, px, False, room)
                forms = [full, short] if len(short) > MIN_ELIDED_CHARS else [full]
            else:
                # Under chance: at least the chance, and each outcome's only in its share.
                short = format_probability(probability)
                if self.texts.width(short, px, False) > room:
                    return
                forms = [short]
        if above is None:
            places = [
                (x1 + (x2 - x1) * t, y1 + (y2 - y1) * t, text)
                for t in EDGE_LABEL_AT
                for text in forms
            ]
        else:
            line = self.texts.font(px, False).height
            width = self.texts.width
            places = [
                place
                for text in forms
                for place in (
                    (x2, y2 - above - line * 0.6, text),
                    (x2 - above - 2 - width(text, px, False) / 2, y2 - line * 0.25, text),
                    (x2, y2 - above - line * 1.6, text),
                )
            ]
        (x, y, text), *others = places
        # Above its child, the label is not to cover that child's shape either.
        owner = child if above is None else NONE
        texts.append(
            CanvasText(
                x, y, text, px, False, self.colours.text, True, priority, owner, tuple(others)
            )
        )

    def _sibling_room(self, parent: int, child: int) -> float:
        """Slots between ``child`` and its nearer neighbour (a sibling, a fold's mark
        or its parent's stub)."""
        now, lay = self.model.now, self.model.layout
        assert now is not None and lay is not None
        x = lay.x(child)
        room = math.inf
        previous = NONE
        siblings = lay.children(parent)
        for sibling in siblings:
            if sibling == child:
                if previous != NONE:
                    room = min(room, x - lay.x(previous))
                following = next(siblings, NONE)
                cut = now.cutoff(parent)
                if following != NONE:
                    room = min(room, lay.x(following) - x)
                elif cut is not None:
                    room = min(room, lay.stub_x(parent) - x)
                break
            previous = sibling
        for mark in lay.marks_of(parent):
            room = min(room, abs(lay.mark_point(mark)[0] - x))
        return room if math.isfinite(room) else 3.0

    def _draw_nodes(
        self,
        painter: QPainter,
        frame: Frame,
        point: PointOf,
        r: float,
        s: float,
        ax: float,
        texts: list[CanvasText],
        show_labels: bool,
    ) -> int:
        model = self.model
        now, lay = model.now, model.layout
        assert now is not None and lay is not None
        rec = now.recording
        inks, path = self.inks, self._scratch
        kind_of, how_of, value = rec.kind, rec.how, rec.value
        is_valued = now.is_valued
        if r < DOT_PX:
            # Dots: one opaque square each.
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
            side = max(2, round(r * 1.6))
            half = side / 2
            for n in frame.nodes:
                x, y = point(n)
                colour = inks.dot if is_valued(n) else inks.open_dot
                painter.fillRect(round(x - half), round(y - half), side, side, colour[kind_of[n]])
            return len(frame.nodes)

        # Shapes, grouped by style so the pen and brush change a few times per paint (and,
        # in a game of n players, by who decides: -1 for nobody).
        groups: dict[tuple[int, int, int], list[tuple[float, float]]] = {}
        players = rec.players
        letters = player_letters(players)
        inked = len(inks.player_fill)
        value_px = VALUE_PX * s
        tag_px = int(max(LABEL_PX * s, VALUE_PX * s * 0.7))
        small_px = int(LABEL_PX * s)
        step = small_px * 1.2
        ink_label = self.colours.text
        left_bound = frame.bounds[0]
        for n in frame.nodes:
            kind = kind_of[n]
            valued = is_valued(n)
            how = how_of[n] if valued else OPEN
            x, y = point(n)
            who = rec.mover(n) if players else None
            # A player's own shape, whoever's search it is (the recording's MAX and MIN
            # only say whether the player is the root's).
            shape = frame.shapes[n] = kind if who is None else player_shape(who)
            groups.setdefault((shape, how, -1 if who is None else who % inked), []).append((x, y))
            under: list[CanvasText] = []
            top = y + r * (1.2 if how == HOW_EVALUATION else 1.05) + step / 2 + 1
            if who is not None:
                # The player's letter in the shape (its value, a vector, goes under it).
                hollow = how in (OPEN, HOW_EVALUATION)
                letter_ink = inks.player_ink[who % inked] if hollow else inks.on_fill
                self._value_inside(
                    texts, n, shape, how, x, y, r, value[n], value_px, letters[who], letter_ink
                )
            # NaN: a drawn node with no value yet (the editor's inner nodes): nothing to
            # write. Values are written even where the smaller labels are too small.
            if valued and not math.isnan(value[n]):
                if players:
                    room = self._own_room(lay, n, ax)
                    under.append(
                        self._vector_under(
                            rec, n, x, top, step, small_px, value_px, who, kind, room
                        )
                    )
                elif not self._value_inside(texts, n, kind, how, x, y, r, value[n], value_px):
                    # Too long for the shape (−0.35 in a triangle): the first line under it.
                    text = format_number(value[n])
                    ink_under = inks.under[kind]
                    # As long as a value fits in a shape, one under a shape is drawn too.
                    px = int(small_px * 1.15)
                    if value_px >= MIN_TEXT_PIXELS:
                        px = max(px, int(MIN_TEXT_PIXELS))
                    elif self.readable_values and (
                        lay.sparse
                        or self.texts.width(text, READABLE_PX, True) <= self._own_room(lay, n, ax)
                    ):
                        # Too small to read at this zoom (a fitted tree of a few dozen
                        # leaves, a folded first view): at the smallest readable size,
                        # where the node's own part of its level holds it, as a vector
                        # would be (in a first view, wherever it finds room).
                        top += (READABLE_PX - px) / 2
                        px = READABLE_PX
                    # A line lower where a neighbour's value is in the way (values
                    # of crowded siblings alternate).
                    lower = ((x, top + self.texts.font(px, True).height, text),)
                    under.append(
                        CanvasText(x, top, text, px, True, ink_under, True, VALUE, n, lower)
                    )
                if how in (HOW_EVALUATION, HOW_TABLE) and show_labels:
                    tag = "E" if how == HOW_EVALUATION else "TT"
                    tag_ink = inks.tag[kind] if who is None else inks.player_ink[who % inked]
                    texts.append(
                        CanvasText(x + r * 1.05, y - r, tag, tag_px, True, tag_ink, True, MARK, n)
                    )
            if show_labels and (self.always_show_window or model.shows_window(n)):
                ink = self.colours.text
                for text in model.window_lines(n):
                    line = top + len(under) * step * (1.1 if under and under[0].bold else 1.0)
                    under.append(CanvasText(x, line, text, small_px, False, ink, True, WINDOW, n))
            label = self.node_labels.get(n) if show_labels and self.node_labels else None
            if label:
                # Up and to the left of the node, over the left of its subtree (at most the
                # reach of a label, never past the scene's edge): a longer label is cut
                # there. Where that has no room, under the node's other lines.
                room = (lay.x(n) - lay.extent(n)[0] + 0.5) * ax - r * 1.15
                room = min(room, LABEL_REACH_PX - r * 1.15, x - r * 1.15 - left_bound - 1)
                line = top + len(under) * step * 1.1 + (tag_px - small_px) / 2
                forms = self._name_places(label, tag_px, room, ax)
                places = [
                    (x - r * 1.15 - width / 2 if up else x, y - r * 0.9 if up else line, text)
                    for up, text, width in forms
                ]
                under_forms = [text for up, text, _ in forms if not up]
                if rec.parent[n] != NONE and under_forms:
                    # Last, over the node on its edge: under it, its children's edges may
                    # need the room for their probabilities, or a cutoff for its mark.
                    places.append((x, y - r * 1.25 - tag_px * 0.75, under_forms[0]))
                if places:
                    (cx, cy, text), *others = places
                    texts.append(
                        CanvasText(
                            cx, cy, text, tag_px, True, ink_label, True, NAME, n, tuple(others)
                        )
                    )
            texts.extend(under)
        outline = max(1.0, 1.4 * s)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        for (kind, how, who), points in groups.items():
            if who >= 0:  # a player's decision in a game of n players: their colour
                if how == OPEN:
                    painter.setBrush(self.colours.background)
                    painter.setPen(inks.pen(inks.player_open[who], outline))
                elif how == HOW_EVALUATION:
                    painter.setBrush(inks.player_eval_fill[who])
                    painter.setPen(
                        inks.pen(inks.player_eval_outline[who], outline, Qt.PenStyle.DashLine)
                    )
                else:
                    painter.setBrush(inks.player_fill[who])
                    painter.setPen(inks.pen(inks.player_outline[who], outline))
            elif how == OPEN:  # not valued yet: hollow
                painter.setBrush(self.colours.background)
                painter.setPen(inks.pen(inks.open_outline[kind], outline))
            elif how == HOW_EVALUATION:
                painter.setBrush(inks.eval_fill[kind])
                painter.setPen(inks.pen(inks.eval_outline[kind], outline, Qt.PenStyle.DashLine))
            else:
                painter.setBrush(inks.fill[kind])
                painter.setPen(inks.pen(inks.outline[kind], outline))
            for x, y in points:
                path.clear()
                add_node_shape(path, kind, how, x, y, r)
                painter.drawPath(path)
        return len(frame.nodes)

    def _name_places(
        self, label: str, px: int, room: float, ax: float
    ) -> list[tuple[bool, str, float]]:
        """Where a node's label may go, best first: (up and to the left, or under the
        node; the label, cut to the room there; its width). A label cut to a stub says
        nothing, so a place that leaves too little room is not offered."""
        places = []
        for up, width in ((True, room), (False, ax * 1.8), (False, ax * 0.8)):
            text = self.texts.elided(label, px, True, width) if width > 0 else ""
            if text == label or len(text) > MIN_ELIDED_CHARS:
                places.append((up, text, self.texts.width(text, px, True)))
        return places

    @staticmethod
    def _own_room(lay: Layout, n: int, ax: float) -> float:
        """The width (pixels) of node ``n``'s own part of its level, which no other
        node's text at that level needs: its subtree's slots, as far on either side of
        it as it lies from the nearer edge."""
        first, last = lay.extent(n)
        slots = lay.x(n)
        return 2 * min(slots - first + 0.5, last + 0.5 - slots) * ax

    def _vector_under(
        self,
        rec: SearchRecording,
        n: int,
        x: float,
        top: float,
        step: float,
        small_px: int,
        value_px: float,
        who: int | None,
        kind: int,
        room: float,
    ) -> CanvasText:
        """Node ``n``'s vector (a game of n players) under it, in its player's ink; where
        neighbours leave no room, without spaces, or a line lower (staggered).

        ``room`` is the width (pixels) of the node's own part of its level
        (:meth:`_own_room`). Where the zoom makes the vector too small
        to read, or too wide for staggering to keep each under its node (wider than two
        rooms: a fitted tree of a few dozen leaves), it is written at the smallest
        readable size (``READABLE_PX``): on one line where the room holds it, else as a
        column of its numbers, each in its player's colour (the legend's), top to bottom
        in the players' order; a leaf's room is narrower than its vector, never than a
        number. So neighbours all take the same form, each under its own node.
        """
        vector = rec.vectors.get(n)
        text = vector_text(vector) if vector is not None else format_number(rec.value[n])
        tight = text.replace(" ", "")
        px = int(small_px * 1.15)
        if value_px >= MIN_TEXT_PIXELS:
            px = max(px, int(MIN_TEXT_PIXELS))
        inks = self.inks
        ink = inks.under[kind] if who is None else inks.player_ink[who % len(inks.player_ink)]
        # A line lower, clear of the first line's text (its size may have been raised to
        # the smallest readable one, past what ``step`` allows for).
        lower = top + max(step * 1.15, self.texts.font(px, True).height)
        places = ((x, lower, text), (x, top, tight), (x, lower, tight))
        width = self.texts.width
        if vector is None or not self.readable_values:
            return CanvasText(x, top, text, px, True, ink, True, VALUE, n, places)
        readable = max(px, READABLE_PX)
        raised = top + (readable - px) / 2  # the same gap under the node as at ``px``
        shades = inks.player_ink
        form = CanvasText(
            x,
            raised,
            "\n".join(format_number(v) for v in vector),
            readable,
            True,
            ink,
            True,
            VALUE,
            n,
            colours=tuple(shades[i % len(shades)] for i in range(len(vector))),
        )
        if width(tight, readable, True) <= room:
            line = text if width(text, readable, True) <= room else tight
            form = CanvasText(x, raised, line, readable, True, ink, True, VALUE, n, (), form)
        if px >= MIN_TEXT_PIXELS and width(tight, px, True) <= STAGGER_ROOMS * room:
            form = CanvasText(x, top, text, px, True, ink, True, VALUE, n, places, form)
        return form

    def _value_inside(
        self,
        texts: list[CanvasText],
        n: int,
        kind: int,
        how: int,
        x: float,
        y: float,
        r: float,
        value: float,
        px: float,
        mark: str | None = None,
        ink: QColor | None = None,
    ) -> bool:
        """The value (or ``mark``, in ``ink``) inside the shape, if it fits there at a
        readable size."""
        inks = self.inks
        text = format_number(value) if mark is None else mark
        cx = x
        if how == HOW_EVALUATION:
            room, cy = r * 1.15, y
            colour = inks.on_eval[kind] if ink is None else ink  # a player's mark has ink
        elif kind == KIND_LEAF:
            room, cy, colour = r * 1.55, y, inks.on_leaf
        elif kind == KIND_MAX:
            room, cy, colour = r * 1.45, y + r * 0.3, inks.on_fill
        elif kind == KIND_MIN:
            room, cy, colour = r * 1.45, y - r * 0.3, inks.on_fill
        elif kind in (SHAPE_LEFT, SHAPE_RIGHT):  # a player's ◀ or ▶: the wide end
            room, cy, colour = r * 1.2, y, inks.on_fill
            cx = x + r * 0.3 if kind == SHAPE_LEFT else x - r * 0.3
        else:
            room, cy, colour = r * 1.6, y, inks.on_fill
        if ink is not None:
            colour = ink
        size = int(px)
        width = self.texts.width(text, size, True)
        if width > room:
            size = int(px * room / width)
        if size < max(MIN_TEXT_PIXELS, px * VALUE_SHRINK):
            return False
        texts.append(CanvasText(cx, cy, text, size, True, colour, False, VALUE, n))
        return True

    def _draw_folds(
        self,
        painter: QPainter,
        frame: Frame,
        point: PointOf,
        ax: float,
        ay: float,
        r: float,
        texts: list[CanvasText],
        s: float,
    ) -> int:
        """Fold marks: a hatched fan from the node down to where its folded children
        are, with "+n", the nodes they hold, under it."""
        lay = self.model.layout
        if not frame.marks or lay is None:
            return 0
        path, inks = self._scratch, self.inks
        painter.setPen(inks.pen(inks.fold, max(1.0, s)))
        painter.setBrush(QBrush(inks.fold, Qt.BrushStyle.BDiagPattern))
        px = int(LABEL_PX * s * 1.1)
        if px < READABLE_PX and self.readable_values:
            px = READABLE_PX  # few, and what a folded view is read by
        half = max(4.0, min(ax * 0.45, r * 1.4))
        for mark in frame.marks:
            x, y = point(mark.parent)
            at = lay.mark_point(mark)[0] * ax + (x - lay.x(mark.parent) * ax)
            top, bottom = y + max(r, 2.0), y + max(ay * MARK_LEVEL, 10.0)
            path.clear()
            path.moveTo(x, top)
            path.lineTo(at + half, bottom)
            path.lineTo(at - half, bottom)
            path.closeSubpath()
            painter.drawPath(path)
            if px >= MIN_TEXT_PIXELS:
                count = f"+{mark.nodes:,}"
                top = bottom + px * 0.9
                line = self.texts.font(px, True).height
                aside = half + 2 + self.texts.width(count, px, True) / 2
                # Under the fan (a line lower where a neighbour's is), else beside its
                # base, else lower still.
                lower = (
                    (at, top + line, count),
                    (at - aside, bottom - line * 0.4, count),
                    (at + aside, bottom - line * 0.4, count),
                    (at, top + 2 * line, count),
                )
                texts.append(
                    CanvasText(
                        at, top, count, px, True, self.colours.text, True, MARK, mark.parent, lower
                    )
                )
        return len(frame.marks)

    def _place(
        self, texts: list[CanvasText], frame: Frame, point: PointOf, r: float
    ) -> list[tuple[CanvasText, PlacedText]]:
        """The texts that have room, each where it goes: by priority, clear of every text
        placed before it and of other nodes' shapes, inside the scene, and readable."""
        placer = Placer(frame.bounds)
        if r >= DOT_PX:
            # The shape's core: a label at its corner (a node's name, a tag) may touch
            # the shape's bounding box, as drawn since the first version.
            half_w, half_h = r * 0.95, r
            for n in frame.nodes:
                x, y = point(n)
                placer.block((x - half_w, y - half_h, x + half_w, y + half_h), n)
        for box in frame.cut_marks:
            placer.block(box, NOBODY)  # a cut mark: an obstacle to every text
        kept: list[tuple[CanvasText, PlacedText]] = []
        # By priority, then by node: the same texts win wherever the paint starts.
        for first in sorted(texts, key=lambda t: (t.priority, t.owner)):
            form: CanvasText | None = first
            while form is not None and not self._place_one(form, placer, kept):
                form = form.instead
        return kept

    def _place_one(
        self, t: CanvasText, placer: Placer, kept: list[tuple[CanvasText, PlacedText]]
    ) -> bool:
        """Keep ``t`` at the first of its places with room, if it is readable; whether it
        was kept."""
        if t.px < MIN_TEXT_PIXELS:
            return False
        if t.px < READABLE_PX and self.readable_values:
            # Legible, not comfortably: at the smallest readable size.
            t.px = READABLE_PX
        cache = self.texts
        line = cache.font(t.px, t.bold).height
        # Half a space's margin on either side: two texts never read as one.
        margin = t.px * TEXT_MARGIN
        for x, y, text in ((t.x, t.y, t.text), *t.places):
            lines = text.split("\n")
            width = max(cache.width(part, t.px, t.bold) for part in lines)
            height = line * len(lines)
            left, top = x - width / 2, y - line / 2
            box = (left - margin, top, left + width + margin, top + height)
            if placer.take(box, t.owner):
                kept.append((t, PlacedText(text, left, top, width, height, t.px)))
                return True
        return False

    def _draw_texts(self, painter: QPainter, placed: list[tuple[CanvasText, PlacedText]]) -> int:
        if not placed:
            return 0
        cache = self.texts
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        halo = self.colours.background
        for t, box in placed:
            if t.halo:
                painter.fillRect(
                    round(box.left - 1.5),
                    round(box.top + box.height * 0.1),
                    round(box.width + 3),
                    round(box.height * 0.85),
                    halo,
                )
        # Grouped by font and colour: few state changes.
        ordered = sorted(placed, key=lambda p: (p[0].px, p[0].bold, p[0].colour.rgba()))
        current: tuple[int, bool, int] | None = None
        columns = 0
        for t, box in ordered:
            entry = cache.font(t.px, t.bold)
            if "\n" in box.text:
                # A column of lines, each centred, each in its own colour if it has one.
                painter.setFont(entry.font)
                current = None
                centre = box.left + box.width / 2
                for i, part in enumerate(box.text.split("\n")):
                    painter.setPen(t.colours[i] if i < len(t.colours) else t.colour)
                    left = centre - cache.width(part, t.px, t.bold) / 2
                    top = box.top + i * entry.height
                    painter.drawText(round(left), round(top + entry.ascent), part)
                    columns += 1
                continue
            key = (t.px, t.bold, t.colour.rgba())
            if key != current:
                painter.setFont(entry.font)
                painter.setPen(t.colour)
                current = key
            painter.drawText(round(box.left), round(box.top + entry.ascent), box.text)
        return len(placed) * 2 + columns
