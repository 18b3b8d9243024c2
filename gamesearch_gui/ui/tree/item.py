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

Parts. The item is the QGraphicsItem; the drawing is done by parts of one job each, in
turn, on one :class:`~.painter.sheet.Sheet` per paint (the folder :mod:`.painter`): the
frame planner (``frame.py``), the edge painter (``edges.py``) with its labels
(``edge_labels.py``), the node painter (``nodes.py``) in the shared shapes
(:mod:`.shapes`), the mark painter (``marks.py``: folds and rings) and, last, the text
painter (``texts.py``).

Extras. A subclass draws more through two public hooks: ``decorate`` (called after the
nodes, with what the paint drew and where) and ``edge_text`` (the label of an edge).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Final

from PySide6.QtCore import QRectF
from PySide6.QtCore import Qt
from PySide6.QtGui import QPainter
from PySide6.QtGui import QPainterPath
from PySide6.QtGui import QTransform
from PySide6.QtWidgets import QGraphicsItem
from PySide6.QtWidgets import QGraphicsRectItem
from PySide6.QtWidgets import QStyleOptionGraphicsItem
from PySide6.QtWidgets import QWidget

from gamesearch_gui.core.recording.depth_first import NONE
from gamesearch_gui.ui.tree.geometry import LEVEL_H
from gamesearch_gui.ui.tree.geometry import tree_rect
from gamesearch_gui.ui.tree.model import TreeModel
from gamesearch_gui.ui.tree.painter.edge_labels import EdgeLabels
from gamesearch_gui.ui.tree.painter.edges import draw_best_line
from gamesearch_gui.ui.tree.painter.edges import draw_edges
from gamesearch_gui.ui.tree.painter.edges import draw_silhouettes
from gamesearch_gui.ui.tree.painter.edges import draw_strategy
from gamesearch_gui.ui.tree.painter.edges import draw_stubs
from gamesearch_gui.ui.tree.painter.frame import CanvasText
from gamesearch_gui.ui.tree.painter.frame import Drawn
from gamesearch_gui.ui.tree.painter.frame import Frame
from gamesearch_gui.ui.tree.painter.frame import PointOf
from gamesearch_gui.ui.tree.painter.frame import plan_frame
from gamesearch_gui.ui.tree.painter.marks import draw_folds
from gamesearch_gui.ui.tree.painter.marks import draw_rings
from gamesearch_gui.ui.tree.painter.nodes import draw_nodes
from gamesearch_gui.ui.tree.painter.sheet import READABLE_PX
from gamesearch_gui.ui.tree.painter.sheet import Sheet
from gamesearch_gui.ui.tree.painter.texts import draw_texts
from gamesearch_gui.ui.tree.painter.texts import place_texts
from gamesearch_gui.ui.tree.style import Inks
from gamesearch_gui.ui.tree.style import TextCache
from gamesearch_gui.ui.tree.style import TreeColours

#: What a subclass's ``decorate`` and the tests read, where they always found it.
__all__ = ["READABLE_PX", "CanvasText", "Drawn", "Frame", "PointOf", "TreeItem"]

#: A paint of a folded first view of at most this many edges writes their moves at
#: ``READABLE_PX`` where the zoom would make them smaller.
RAISED_EDGES: Final = 400
#: More room under a folded view's deepest level (levels), for its raised labels.
FOLDED_FOOT: Final = 0.45


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
        self._edge_labels = EdgeLabels(self.edge_text)

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
        """What to draw of the tree inside ``rect`` (scene units) at scales ``sx``, ``sy``
        (see :func:`~.painter.frame.plan_frame`)."""
        return plan_frame(self.model, rect, sx, sy)

    def _render(self, painter: QPainter, frame: Frame, world: QTransform) -> None:
        """Draw ``frame`` in device pixels (``world``: the view's transform): lines under
        nodes, marks over them, texts last, each by its painter."""
        model = self.model
        if model.now is None or model.layout is None or (not frame.nodes and not frame.runs):
            return
        sheet = Sheet.start(
            painter, frame, model, world, self.inks, self.texts, self._scratch, self.readable_values
        )
        content = self.content_rect()
        sx, sy, dx, dy = sheet.sx, sheet.sy, sheet.dx, sheet.dy
        frame.bounds = (
            content.left() * sx + dx,
            content.top() * sy + dy,
            content.right() * sx + dx,
            content.bottom() * sy + dy,
        )
        # A folded first view (few edges: read, not scanned) writes its moves at the
        # smallest readable size where the zoom makes them smaller.
        raise_moves = (
            not sheet.show_labels
            and self.readable_values
            and sheet.lay.sparse
            and len(frame.edges) <= RAISED_EDGES
        )
        primitives = draw_silhouettes(sheet)
        primitives += draw_edges(sheet, self._edge_labels, raise_moves, READABLE_PX)
        primitives += draw_stubs(sheet)
        primitives += draw_strategy(sheet, self.strategy)
        primitives += draw_best_line(sheet)
        primitives += draw_nodes(sheet, self.node_labels, self.always_show_window)
        primitives += draw_folds(sheet)
        primitives += self.decorate(
            painter, Drawn(frame, sheet.point, sheet.r, sheet.s, sheet.texts)
        )
        primitives += draw_rings(sheet, self.selected, self.current)
        placed = place_texts(sheet)
        primitives += draw_texts(painter, self.texts, self.colours.background, placed)
        frame.placed = [box for _, box in placed]
        frame.texts = [box.text for box in frame.placed]
        frame.primitives = primitives
