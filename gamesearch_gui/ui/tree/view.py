"""The search-tree view: a recorded search's tree at one moment, to zoom, pan and explore.

``TreeCanvas`` is a QGraphicsView over one :class:`~gamesearch_gui.ui.tree.item.TreeItem`
(which draws), with the iteration labels above it and the legend below
(:mod:`.strips`). It turns the person's wheel, keys, clicks and drags into zooms, pans,
selections and folds, follows the node of the moment's event (while a search runs and
in a replay after it), and exports.

First view. A finished tree opens readable: a small one (``SMALL_TREE_NODES``) fitted
and centred; a big one at ``LEGIBLE_ZOOM`` around its root and the principal variation.
The view keeps that until the person pans or zooms: a resize (a dock moved, the tree
given the whole window) shows it again.

Scales. The view scales the two axes apart: zoomed out, a tree of a million leaves
would otherwise be a line one pixel high, so the vertical scale never drops below what
fits the tree's depth in the window (nor below the horizontal one).

Speed under a running search. Each call from the GUI thread into Python may wait for a
search thread's GIL, so the view calls back into Python as little as it can while the
tree streams in: what a moment changed is repainted at most every
``REPAINT_INTERVAL_MS``, following the current node scrolls at most every
``FOLLOW_INTERVAL_MS``, the iteration labels may lag ``HEADER_LAG_MS``, and no
``viewportEvent`` is overridden (the tooltip is set as the mouse moves).

The search thread appends to the recording while the view reads it: the view never
reads past its moment (the :class:`~gamesearch_gui.core.moment.Moment` it shows checks
every index against what had happened by then).
"""

from __future__ import annotations

import math
import time
from typing import Any, Final

from PySide6.QtCore import (
    QEasingCurve,
    QEvent,
    QPoint,
    QPointF,
    QRect,
    QRectF,
    QSize,
    Qt,
    QTimer,
    QVariantAnimation,
    Signal,
)
from PySide6.QtGui import (
    QContextMenuEvent,
    QGuiApplication,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPalette,
    QResizeEvent,
    QTransform,
    QWheelEvent,
)
from PySide6.QtWidgets import (
    QApplication,
    QGraphicsScene,
    QGraphicsView,
    QMenu,
    QToolTip,
    QWidget,
)

from gamesearch_gui.core.moment import Moment
from gamesearch_gui.core.recording import NONE, SearchRecording
from gamesearch_gui.ui.text import tooltip
from gamesearch_gui.ui.tree import export
from gamesearch_gui.ui.tree.geometry import LABEL_REACH_PX, LEVEL_H, NODE_R, SLOT_W
from gamesearch_gui.ui.tree.item import TreeItem
from gamesearch_gui.ui.tree.model import TreeModel
from gamesearch_gui.ui.tree.strips import (
    HEADER_H,
    LEGEND_H,
    IterationHeader,
    Legend,
    legend_rows,
    recording_legend,
)
from gamesearch_gui.ui.tree.style import TreeColours

#: Largest zoom (horizontal scale).
MAX_ZOOM: Final = 4.0
#: Largest vertical scale fitting gives a wide tree (its levels spread over the window).
MAX_LEVEL_STRETCH: Final = 2.0
#: Fewest milliseconds between two scrolls that follow the newest node.
FOLLOW_INTERVAL_MS: Final = 100
#: Fewest milliseconds between two repaints of what a new moment changed.
REPAINT_INTERVAL_MS: Final = 66
#: How long the iteration labels may lag behind the growing tree.
HEADER_LAG_MS: Final = 250
#: Zoom step of the keys and of one wheel notch.
ZOOM_STEP: Final = 1.25
#: A finished tree of at most this many nodes opens fitted and centred.
SMALL_TREE_NODES: Final = 60
#: The zoom a bigger tree opens at: node values at their full size (``VALUE_PX``).
LEGIBLE_ZOOM: Final = 1.0
#: How long a replay's scroll to the current node takes (a live search jumps).
SCROLL_MS: Final = 200


class TreeCanvas(QGraphicsView):
    """A recorded search's tree at one moment: zoom, pan, select, collapse, export.

    Besides the panel's API: the signals ``momentChanged`` and ``viewChanged``,
    ``recording``, ``following``, ``zoom()``, ``zoom_limits()``, ``content_rect()``,
    ``pan_to(scene_point)``, ``context_menu(n)``, ``set_always_show_window(on)``,
    ``set_legend_visible(on)``, and ``tree_item`` (its ``last_frame`` says what the last
    paint drew; its ``model`` answers questions about the tree at the moment).
    """

    nodeClicked = Signal(int)
    jumpRequested = Signal(int)
    followChanged = Signal(bool)
    #: The moment shown changed (or a new recording was set).
    momentChanged = Signal(int)
    #: What the view shows changed, but not the moment: scroll, zoom, resize or a fold.
    viewChanged = Signal()

    #: The item that draws the tree (a subclass may draw more: see ``TreeItem.decorate``).
    item_class: type[TreeItem] = TreeItem

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.tree_item = self.item_class()
        scene = QGraphicsScene(self)
        scene.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)
        scene.addItem(self.tree_item)
        self.setScene(scene)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setOptimizationFlags(
            QGraphicsView.OptimizationFlag.DontSavePainterState
            | QGraphicsView.OptimizationFlag.DontAdjustForAntialiasing
        )
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        # Top-left: a growing tree never shifts what is already on screen.
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self._header = IterationHeader(
            self, lambda: self.tree_item.model.iteration_labels(), self.viewportTransform
        )
        self._legend = Legend(self)
        self._legend_visible = True
        #: The legend explains a search (False: a drawing, whose legend only names the
        #: players of a game of n players, and is hidden for MAX and MIN).
        self.search_legend = True
        self._header_visible = True
        self.setViewportMargins(0, HEADER_H, 0, LEGEND_H)
        self._follow = False
        #: True while a search runs into the tree (following jumps ahead to the right).
        self.live = False
        #: The first view is kept (shown again on a resize) until the person navigates.
        self._first_view = False
        #: The person panned or zoomed since the tree was set.
        self._navigated = False
        self._final: QRectF | None = None
        self._scroll = QVariantAnimation(self)
        self._scroll.setDuration(SCROLL_MS)
        self._scroll.setEasingCurve(QEasingCurve.Type.OutCubic)
        self._scroll.valueChanged.connect(self._scroll_to)
        self._sy_floor = 1.0
        self._press_pos: QPoint | None = None
        self._dragged = False
        self._pv_shown = False
        self._tip_node: int | None = None
        self._last_follow = 0.0
        self._dirty: QRectF | None = None
        self._flushed_at = 0.0
        self._flush_timer = QTimer(self)
        self._flush_timer.setSingleShot(True)
        self._flush_timer.timeout.connect(self._flush)
        self._follow_timer = QTimer(self)
        self._follow_timer.setSingleShot(True)
        self._follow_timer.timeout.connect(self._keep_current_in_view)
        self._header_key: tuple[Any, ...] = ()
        self._header_at = 0.0
        self._header_timer = QTimer(self)
        self._header_timer.setSingleShot(True)
        self._header_timer.timeout.connect(lambda: self._update_header(force=True))
        self.setAccessibleName("Search tree")
        self.horizontalScrollBar().actionTriggered.connect(self._user_navigated)
        self.verticalScrollBar().actionTriggered.connect(self._user_navigated)
        self._apply_palette()
        self._set_scales(1.0, 1.0)

    # -- the panel's API

    @property
    def recording(self) -> SearchRecording | None:
        """The recording shown (None: an empty canvas)."""
        return self.tree_item.model.recording

    @property
    def moment(self) -> int:
        """How many of the recording's events the drawing shows."""
        return self.tree_item.model.k

    @property
    def last_paint_ms(self) -> float:
        """Milliseconds the last paint of the tree took (measured in paint)."""
        return self.tree_item.last_paint_ms

    @property
    def last_paint_primitives(self) -> int:
        """Shapes, lines and texts the last paint drew."""
        return self.tree_item.last_paint_primitives

    def set_recording(self, recording: SearchRecording | None) -> None:
        """Show a new tree at moment 0.

        A finished recording (it has a result) opens in its first view, as it will be
        at its end (see the module's words), so stepping through it fills a frame that
        stays put; a live one starts at 1:1, top left.
        """
        item = self.tree_item
        item.model = TreeModel(recording)
        item.collapsed.clear()
        item.selected = None
        item.current = NONE
        self._scroll.stop()
        self._final = None
        self._first_view = False
        self._navigated = False
        self.live = recording is not None and recording.result is None
        self._pv_shown = False
        self._dirty = None
        self._tip_node = None
        self.viewport().setToolTip("")
        item.model.set_moment(0)
        self._update_legend()
        item.reset_bounds()
        self._update_scene_rect()
        if recording is not None and recording.result is not None:
            self._open_finished()
        else:
            self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
            self._sy_floor = 1.0
            self._set_scales(1.0, 1.0)
            self.horizontalScrollBar().setValue(self.horizontalScrollBar().minimum())
            self.verticalScrollBar().setValue(self.verticalScrollBar().minimum())
        self.viewport().update()
        self._update_header(force=True)
        self.momentChanged.emit(0)

    def set_moment(self, k: int) -> None:
        """Show the tree after ``k`` events (cheap: redraws only what changed)."""
        item = self.tree_item
        model = item.model
        rec = model.recording
        if rec is None:
            return
        k = max(0, min(k, rec.event_count))
        old = model.k
        old_content = item.content_rect()
        model.set_moment(k)
        pv_shown = model.pv_visible()
        if k == old and pv_shown == self._pv_shown:
            return
        item.fit_bounds()
        self._update_scene_rect()
        if pv_shown != self._pv_shown or self._iteration_finished_between(old, k):
            self._dirty = None
            item.update()
        elif k != old:
            content = item.content_rect().united(old_content)
            assert model.now is not None
            left = model.now.first_changed_slot(old) * SLOT_W
            reach = LABEL_REACH_PX / max(self.transform().m11(), 1e-9)
            content.setLeft(max(content.left(), left - reach - SLOT_W))
            self._dirty = content if self._dirty is None else self._dirty.united(content)
            self._flush_soon()
        self._pv_shown = pv_shown
        self._set_current(model.now.current() if model.now is not None else NONE)
        if self._follow:
            self._follow_soon()
        if self._tip_node is not None:
            self._tip_node = None if self._tip_node >= model.limit else self._tip_node
            text = "" if self._tip_node is None else tooltip(model.describe(self._tip_node))
            self.viewport().setToolTip(text)
        self._update_header()
        self.momentChanged.emit(k)

    def set_selected(self, n: int | None) -> None:
        """Outline node ``n`` (None: no selection)."""
        item = self.tree_item
        if item.selected == n:
            return
        for old in (item.selected, n):
            if old is not None and old < item.model.limit:
                item.update(self._node_rect(old))
        item.selected = n

    def finished(self) -> None:
        """The search ran to its end: unless the person has panned or zoomed, the tree
        now shows as a finished one opens (see ``show_first_view``)."""
        if self.recording is not None and not self._navigated:
            self._open_finished()

    def _open_finished(self) -> None:
        item = self.tree_item
        model = item.model
        rec = model.recording
        assert rec is not None
        k = model.k
        model.set_moment(rec.event_count)
        content = item.content_rect()
        model.set_moment(k)
        # The content has a free slot left of the first leaf and two right of the last
        # (the last slot's own width): one more on the left centres the tree itself.
        self._final = content.adjusted(-SLOT_W, 0, 0, 0)
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self._update_scene_rect()
        self.show_first_view()

    def set_follow(self, on: bool) -> None:
        """Keep the node of the moment's event in view (scrolling only when it leaves
        it), live and in a replay; panning or zooming by hand turns this off."""
        if on == self._follow:
            return
        self._follow = on
        if on:
            self._keep_current_in_view()
        else:
            self._scroll.stop()
        self.followChanged.emit(on)

    @property
    def following(self) -> bool:
        """True while the view keeps the current node in sight."""
        return self._follow

    def set_scroll_ms(self, ms: int) -> None:
        """How long a replay's glide to the current node takes (``SCROLL_MS``)."""
        self._scroll.setDuration(max(1, ms))

    @property
    def current_node(self) -> int:
        """The node of the moment's event, marked in the tree (NONE: none)."""
        return self.tree_item.current

    def node_visible(self, n: int) -> bool:
        """True when node ``n`` is drawn inside the viewport (wholly, its marks aside)."""
        if not 0 <= n < self.tree_item.model.limit:
            return False
        centre = self.view_point_of(n)
        sx, sy = self._scales()
        r = NODE_R * min(sx, sy)
        shape = QRect(round(centre.x() - r), round(centre.y() - r), round(2 * r), round(2 * r))
        return self.viewport().rect().contains(shape)

    def show_first_view(self) -> None:
        """Show a finished tree as it opens: a small one (``SMALL_TREE_NODES``) fitted
        and centred; a big one at ``LEGIBLE_ZOOM`` (or fitted, if that is closer), around
        the root and as much of the principal variation as fits, at the top."""
        item = self.tree_item
        model = item.model
        rec = model.recording
        if rec is None:
            return
        content = self._final if self._final is not None else item.content_rect()
        fit_sx = self._fit_scales(content)[0]
        if rec.node_count <= SMALL_TREE_NODES or fit_sx >= LEGIBLE_ZOOM:
            self._fit_rect(content)
        else:
            sx = LEGIBLE_ZOOM
            sy = self._sy_floor = self._level_scale(content, sx)
            self._set_scales(sx, sy)
            self.centerOn(QPointF(self._line_centre(sx), content.center().y()))
            self.verticalScrollBar().setValue(self.verticalScrollBar().minimum())
        self._first_view = True
        self.viewChanged.emit()

    def _line_centre(self, sx: float) -> float:
        """The scene x to centre on: the root and the principal variation's first nodes,
        as many as fit in the window's width."""
        rec = self.tree_item.model.recording
        assert rec is not None
        end = Moment(rec, rec.event_count)
        line = rec.principal_variation() or end.roots()[-1:]
        if not line:
            return self.tree_item.content_rect().center().x()
        width = self.viewport().width() / sx
        room = width * 0.8
        root = left = right = end.x(line[0]) * SLOT_W
        for n in line[1:]:
            x = end.x(n) * SLOT_W
            if max(right, x) - min(left, x) > room:
                if left == right:
                    # Not even the best move fits beside the root: the root goes to the
                    # other side of the view, its gold edge across it.
                    return root + math.copysign(width * 0.3, x - root)
                break
            left, right = min(left, x), max(right, x)
        return (left + right) / 2

    def zoom_in(self) -> None:
        """One step closer, around the centre of the view."""
        self._user_navigated()
        self._zoom_by(ZOOM_STEP, None)

    def zoom_out(self) -> None:
        """One step further, around the centre of the view."""
        self._user_navigated()
        self._zoom_by(1 / ZOOM_STEP, None)

    def fit_all(self) -> None:
        """The whole tree as it is now in the window (following, if on, stays on: the
        current node is in view)."""
        self._first_view = False
        self._fit_rect(self.tree_item.content_rect())

    def reset_zoom(self) -> None:
        """Back to 1:1 (one slot is SLOT_W pixels), around the centre of the view."""
        self._user_navigated()
        centre = self.mapToScene(self.viewport().rect().center())
        self._sy_floor = min(self._sy_floor, 1.0)
        self._set_scales(1.0, 1.0)
        self.centerOn(centre)

    def fit_iteration(self, index: int) -> None:
        """Fit the tree of iteration ``index`` (of iterative deepening) in the window."""
        now = self.tree_item.model.now
        if now is None or not 0 <= index < len(now.recording.iterations):
            return
        root = now.recording.iterations[index].root
        if root == NONE or root >= now.limit:
            return
        self._user_navigated()
        first, last = now.extent(root)
        content = self.tree_item.content_rect()
        rect = QRectF(
            (first - 1) * SLOT_W, content.top(), (last - first + 2) * SLOT_W, content.height()
        )
        self._fit_rect(rect)

    def toggle_collapsed(self, n: int) -> None:
        """Fold node ``n``'s subtree into a "+", or unfold it."""
        collapsed = self.tree_item.collapsed
        if n in collapsed:
            collapsed.discard(n)
        else:
            collapsed.add(n)
        self.tree_item.update()
        self.viewChanged.emit()

    def expand_all(self) -> None:
        """Unfold every collapsed node."""
        self.tree_item.collapsed.clear()
        self.tree_item.update()
        self.viewChanged.emit()

    def node_at(self, view_pos: QPoint) -> int | None:
        """The node drawn at ``view_pos`` (viewport coordinates), or None."""
        now = self.tree_item.model.now
        if now is None or now.limit == 0:
            return None
        depth = now.recording.depth
        scene = self.mapToScene(view_pos)
        sx, sy = self._scales()
        reach_px = max(NODE_R * min(sx, sy) * 1.2, 6.0)
        tol_slots = reach_px / sx / SLOT_W
        level = round(scene.y() / LEVEL_H)
        if abs(scene.y() - level * LEVEL_H) > reach_px / sy:
            return None
        xs = scene.x() / SLOT_W
        best, best_distance = None, math.inf
        collapsed = self.tree_item.collapsed
        stack = now.roots()
        while stack:
            n = stack.pop()
            first, last = now.extent(n)
            if last < xs - tol_slots or first > xs + tol_slots:
                continue
            if depth[n] == level:
                distance = abs(now.x(n) - xs)
                if distance <= tol_slots and distance < best_distance:
                    best, best_distance = n, distance
                continue
            if depth[n] > level or n in collapsed:
                continue
            stack.extend(now.children(n))
        return best

    def view_point_of(self, n: int) -> QPoint:
        """Where node ``n`` is drawn, in viewport coordinates."""
        return self.mapFromScene(self._scene_point(n))

    def export_svg(self, path: str, *, in_view: bool = False) -> None:
        """Write the whole tree at the moment (or the part in view) as SVG (see
        :mod:`.export`: IllegibleExport when it is too big to read)."""
        export.export_svg(self.tree_item, path, self.font(), self._export_region(in_view))

    def export_png(self, path: str, *, in_view: bool = False) -> None:
        """Write the whole tree at the moment (or the part in view) as a PNG (see
        :mod:`.export`: IllegibleExport when it is too big to read)."""
        export.export_png(self.tree_item, path, self.font(), self._export_region(in_view))

    def _export_region(self, in_view: bool) -> QRectF | None:
        if not in_view:
            return None
        shown = self.mapToScene(self.viewport().rect()).boundingRect()
        return export.legible_region(self.tree_item, shown)

    def copy_to_clipboard(self) -> None:
        """Copy what the view shows, as an image, without the selection and "this step"
        rings (as every export)."""
        with self.tree_item.marks_hidden():
            image = self.grab().toImage()
        self.tree_item.update()
        QGuiApplication.clipboard().setImage(image)

    # -- extras

    def content_rect(self) -> QRectF:
        """The tree at the moment, in scene coordinates."""
        return self.tree_item.content_rect()

    def pan_to(self, scene_point: QPointF) -> None:
        """Centre the view on ``scene_point`` (a user's pan: following stops)."""
        self._user_navigated()
        self.centerOn(scene_point)

    def set_always_show_window(self, on: bool) -> None:
        """Write α and β under every node, (−∞, +∞) included (by default a node whose
        window was never narrowed, as in minimax, shows none)."""
        self.tree_item.always_show_window = on
        self.tree_item.update()

    def set_strategy(self, nodes: frozenset[int]) -> None:
        """Highlight MAX's strategy (``nodes``; empty: none), and say so in the legend."""
        self.tree_item.strategy = nodes
        self._update_legend()
        self.tree_item.update()

    def _update_legend(self) -> None:
        """The legend says what the tree shows: MAX's strategy, the players of a game of
        n players (only them under a drawing, ``search_legend`` False)."""
        rec = self.tree_item.model.recording
        self._legend.items = recording_legend(
            rec, bool(self.tree_item.strategy), search=self.search_legend
        )
        if not self.search_legend:
            self.set_legend_visible(rec is not None and bool(rec.players))
        self._set_margins()
        self._place_strips()
        self._legend.update()
        self.tree_item.update()

    def legend_items(self) -> tuple[tuple[str, str], ...]:
        """What the legend under the tree explains: (key, words) of each entry."""
        return self._legend.items

    def set_legend_visible(self, on: bool) -> None:
        """Show or hide the legend strip under the tree."""
        self._legend_visible = on
        self._legend.setVisible(on)
        self._set_margins()

    def set_header_visible(self, on: bool) -> None:
        """Show or hide the iteration header above the tree (a drawn tree has no search)."""
        self._header_visible = on
        self._header.setVisible(on)
        self._set_margins()

    def _set_margins(self) -> None:
        top = HEADER_H if self._header_visible else 0
        self.setViewportMargins(0, top, 0, self._legend_height() if self._legend_visible else 0)

    def _legend_height(self) -> int:
        """The legend's height: as many rows of LEGEND_H as its entries take at this
        width (a narrow view wraps it rather than leave entries out)."""
        width = self.width() - 2 * self.frameWidth()
        return LEGEND_H * legend_rows(width, LEGEND_H, self.font(), self._legend.items)

    def zoom(self) -> float:
        """The horizontal scale (1: one slot is SLOT_W pixels)."""
        return self._scales()[0]

    def zoom_limits(self) -> tuple[float, float]:
        """The smallest and largest zoom: half of fitting the whole tree, and MAX_ZOOM."""
        fit = self._fit_scales(self.tree_item.content_rect())[0]
        return min(fit / 2, MAX_ZOOM), MAX_ZOOM

    # -- Qt virtuals

    def wheelEvent(self, event: QWheelEvent) -> None:
        steps = event.angleDelta().y() / 120
        if steps == 0:
            super().wheelEvent(event)
            return
        self._user_navigated()
        self._zoom_by(ZOOM_STEP**steps, event.position())
        event.accept()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        ctrl = bool(event.modifiers() & Qt.KeyboardModifier.ControlModifier)
        if ctrl and key in (Qt.Key.Key_Equal, Qt.Key.Key_Plus):
            self.zoom_in()
        elif ctrl and key == Qt.Key.Key_Minus:
            self.zoom_out()
        elif ctrl and key == Qt.Key.Key_0:
            self.reset_zoom()
        else:
            if key in (
                Qt.Key.Key_Left,
                Qt.Key.Key_Right,
                Qt.Key.Key_Up,
                Qt.Key.Key_Down,
                Qt.Key.Key_PageUp,
                Qt.Key.Key_PageDown,
                Qt.Key.Key_Home,
                Qt.Key.Key_End,
            ):
                self._user_navigated()
            super().keyPressEvent(event)
            return
        event.accept()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self._press_pos = event.position().toPoint()
            self._dragged = False
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        # The tooltip is set as the mouse moves, not in viewportEvent: overriding that
        # would call into Python for every event of the viewport, paints included.
        n = self.node_at(event.position().toPoint())
        if n != self._tip_node:
            self._tip_node = n
            text = "" if n is None else tooltip(self.tree_item.model.describe(n))
            self.viewport().setToolTip(text)
            if n is None:
                QToolTip.hideText()
        if self._press_pos is not None and not self._dragged:
            moved = (event.position().toPoint() - self._press_pos).manhattanLength()
            if moved >= QApplication.startDragDistance():
                self._dragged = True
                self._user_navigated()
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        super().mouseReleaseEvent(event)
        if event.button() != Qt.MouseButton.LeftButton or self._press_pos is None:
            return
        pos, dragged = self._press_pos, self._dragged
        self._press_pos = None
        if dragged:
            return
        n = self.node_at(pos)
        if n is not None:
            self.set_selected(n)
            self.nodeClicked.emit(n)

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        n = self.node_at(event.position().toPoint())
        now = self.tree_item.model.now
        if n is not None and now is not None and now.has_children(n):
            self.toggle_collapsed(n)
            event.accept()
            return
        super().mouseDoubleClickEvent(event)

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        n = self.node_at(event.pos())
        menu = self.context_menu(n)
        if menu is not None:
            menu.exec(event.globalPos())
            menu.deleteLater()

    def context_menu(self, n: int | None) -> QMenu | None:
        """The menu for node ``n`` (tests call it to see its actions)."""
        if n is None and not self.tree_item.collapsed:
            return None
        menu = QMenu(self)
        if n is not None:
            item = self.tree_item
            folded = n in item.collapsed
            collapse = menu.addAction("Collapse", lambda: self.toggle_collapsed(n))
            now = item.model.now
            collapse.setEnabled(not folded and now is not None and now.has_children(n))
            expand = menu.addAction("Expand", lambda: self.toggle_collapsed(n))
            expand.setEnabled(folded)
        menu.addAction("Expand all", self.expand_all).setEnabled(bool(self.tree_item.collapsed))
        if n is not None:
            menu.addSeparator()
            menu.addAction("Go to this node's moment", lambda: self.jumpRequested.emit(n))
        return menu

    def scrollContentsBy(self, dx: int, dy: int) -> None:
        super().scrollContentsBy(dx, dy)
        if dx:
            self._update_header(force=True)
        self.viewChanged.emit()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self._legend_visible and self.viewportMargins().bottom() != self._legend_height():
            self._set_margins()  # the legend wraps to another number of rows
        self._place_strips()
        if self._first_view:
            self.show_first_view()  # until the person navigates: the view fits its room
        self.viewChanged.emit()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.FontChange):
            self._apply_palette()

    def sizeHint(self) -> QSize:
        return QSize(800, 500)

    # -- internals

    def _apply_palette(self) -> None:
        self.tree_item.colours = TreeColours.from_palette(self.palette())
        self.tree_item.texts.set_base(self.font())
        self.setBackgroundBrush(self.palette().color(QPalette.ColorRole.Base))
        self.viewport().update()

    def _place_strips(self) -> None:
        viewport = self.viewport().geometry()
        self._header.setGeometry(
            QRect(viewport.left(), viewport.top() - HEADER_H, viewport.width(), HEADER_H)
        )
        self._legend.setGeometry(
            QRect(viewport.left(), viewport.bottom() + 1, viewport.width(), self._legend_height())
        )
        self._legend.setVisible(self._legend_visible)

    def _user_navigated(self, *_: object) -> None:
        self._first_view = False
        self._navigated = True
        self._scroll.stop()
        if self._follow:
            self._follow = False
            self.followChanged.emit(False)

    def _scales(self) -> tuple[float, float]:
        t = self.transform()
        return abs(t.m11()), abs(t.m22())

    def _set_scales(self, sx: float, sy: float) -> None:
        self.setTransform(QTransform.fromScale(sx, sy))
        self._update_scene_rect()
        self._header.update()
        self.viewChanged.emit()

    def _fit_scales(self, rect: QRectF) -> tuple[float, float]:
        """Scales that show ``rect``: as wide as it can be, the depth in the window."""
        viewport = self.viewport().rect()
        width = max(viewport.width() - 4, 10)
        sx = min(MAX_ZOOM, width / max(rect.width(), 1.0), self._vertical_fit(rect))
        return sx, self._level_scale(rect, sx)

    def _vertical_fit(self, rect: QRectF) -> float:
        """The vertical scale that fits ``rect``'s depth in the window."""
        return max(self.viewport().height() - 4, 10) / max(rect.height(), 1.0)

    def _level_scale(self, rect: QRectF, sx: float) -> float:
        """The vertical scale beside ``sx``: a wide tree is stretched to the window's
        height, up to MAX_LEVEL_STRETCH, and never squashed below ``sx``."""
        return max(sx, min(self._vertical_fit(rect), MAX_LEVEL_STRETCH))

    def _fit_rect(self, rect: QRectF) -> None:
        sx, sy = self._fit_scales(rect)
        self._sy_floor = sy
        self._set_scales(sx, sy)
        self.centerOn(rect.center())
        self.verticalScrollBar().setValue(self.verticalScrollBar().minimum())
        self.viewChanged.emit()

    def _zoom_by(self, factor: float, anchor: QPointF | None) -> None:
        sx, _ = self._scales()
        low, high = self.zoom_limits()
        new_sx = min(max(sx * factor, low), high)
        if new_sx == sx:
            return
        if anchor is None:
            anchor = QPointF(self.viewport().rect().center())
        before = self.mapToScene(anchor.toPoint())
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.NoAnchor)
        self._set_scales(new_sx, max(new_sx, self._sy_floor))
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        # Keep the scene point that was under the anchor under it.
        after = self.mapFromScene(before)
        delta = after - anchor.toPoint()
        self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() + delta.x())
        self.verticalScrollBar().setValue(self.verticalScrollBar().value() + delta.y())

    def _update_scene_rect(self) -> None:
        content = self.tree_item.content_rect()
        if self._final is not None:  # a finished tree: the frame of its end stays put
            content = content.united(self._final)
        self.scene().setSceneRect(content)
        self.setSceneRect(content)

    def _scene_point(self, n: int) -> QPointF:
        """Where node ``n`` sits in the scene."""
        now = self.tree_item.model.now
        assert now is not None
        return QPointF(now.x(n) * SLOT_W, now.recording.depth[n] * LEVEL_H)

    def _node_rect(self, n: int) -> QRectF:
        sx, sy = self._scales()
        centre = self._scene_point(n)
        x, y = centre.x(), centre.y()
        half_x = max(NODE_R * 2.5, 12 / sx)
        half_y = max(NODE_R * 2.5, 12 / sy)
        return QRectF(x - half_x, y - half_y, 2 * half_x, 2 * half_y)

    def _flush_soon(self) -> None:
        """Repaint what changed now, or once REPAINT_INTERVAL_MS since the last repaint
        has passed: each repaint is a call into Python that may wait for the GIL."""
        wait = self._flushed_at + REPAINT_INTERVAL_MS / 1000 - time.monotonic()
        if wait <= 0:
            self._flush()
        elif not self._flush_timer.isActive():
            self._flush_timer.start(max(1, round(wait * 1000)))

    def _flush(self) -> None:
        self._flush_timer.stop()
        if self._dirty is not None:
            self.tree_item.update(self._dirty)
            self._dirty = None
            self._flushed_at = time.monotonic()

    def _follow_soon(self) -> None:
        """Scroll to the current node now, or, while live, when FOLLOW_INTERVAL_MS since
        the last scroll has passed: a fast search would otherwise scroll, and repaint the
        whole view, at every batch. A replay's moments come at most once a frame, each
        one a step the explanation line describes: its node is shown at once."""
        wait = self._last_follow + FOLLOW_INTERVAL_MS / 1000 - time.monotonic()
        if wait <= 0 or not self.live:
            self._keep_current_in_view()
        elif not self._follow_timer.isActive():
            self._follow_timer.start(max(1, round(wait * 1000)))

    def _keep_current_in_view(self) -> None:
        """Scroll so that the current node is in view, if it is not: a live search
        jumps, well ahead on the right where it goes next (fewer scrolls); a replay
        glides there in ``SCROLL_MS``, the node a third of the way in."""
        model = self.tree_item.model
        now = model.now
        if not self._follow or now is None or model.limit == 0:
            return
        n = now.current()
        if n == NONE:
            n = model.limit - 1
        target = self._scroll.endValue() if self._scroll.state() else None
        if target is None and self.node_visible(n):
            return
        self._last_follow = time.monotonic()
        self._first_view = False  # the view moved on: a resize keeps where it is
        viewport = self.viewport().rect()
        h_bar, v_bar = self.horizontalScrollBar(), self.verticalScrollBar()
        start = QPointF(h_bar.value(), v_bar.value())
        if self.live:
            self._scroll.stop()
            self.ensureVisible(
                self._node_rect(n), viewport.width() * 2 // 3, viewport.height() // 4
            )
            return
        # Where ensureVisible would scroll to, taken back at once: the glide goes there.
        self.ensureVisible(self._node_rect(n), viewport.width() // 3, viewport.height() // 4)
        end = QPointF(h_bar.value(), v_bar.value())
        h_bar.setValue(round(start.x()))
        v_bar.setValue(round(start.y()))
        if end == start:
            self._scroll.stop()
            return
        self._scroll.stop()
        self._scroll.setStartValue(start)
        self._scroll.setEndValue(end)
        self._scroll.start()

    def _scroll_to(self, value: Any) -> None:
        """One frame of the glide to the current node."""
        if isinstance(value, QPointF):
            self.horizontalScrollBar().setValue(round(value.x()))
            self.verticalScrollBar().setValue(round(value.y()))

    def _set_current(self, n: int) -> None:
        """Mark node ``n`` as the node of the moment's event (repainting both marks)."""
        item = self.tree_item
        if item.current == n:
            return
        for old in (item.current, n):
            if old != NONE and old < item.model.limit:
                item.update(self._node_rect(old))
        item.current = n

    def _iteration_finished_between(self, a: int, b: int) -> bool:
        rec = self.tree_item.model.recording
        if rec is None:
            return False
        lo, hi = min(a, b), max(a, b)
        return any(lo <= it.finished < hi or lo <= it.started < hi for it in rec.iterations)

    def _update_header(self, force: bool = False) -> None:
        """Repaint the iteration labels when what they show changed, in pixels: a
        repaint at every moment would be one more call into Python each time."""
        labels = self.tree_item.model.iteration_labels()
        transform = self.viewportTransform()
        scale, shift = transform.m11() * SLOT_W, transform.dx()
        width = self._header.width()

        def pixel(slot: float) -> int:
            return round(min(max(slot * scale + shift, -2.0), width + 2.0))

        key = tuple(
            (label.text, pixel(label.first - 0.4), pixel(label.last + 0.4)) for label in labels
        )
        if key == self._header_key and not force:
            return
        # The right end of the running iteration's bracket moves at every moment: it
        # may lag a little (the labels themselves change rarely).
        texts = [label[0] for label in key]
        lag = time.monotonic() - self._header_at < HEADER_LAG_MS / 1000
        if not force and lag and texts == [label[0] for label in self._header_key]:
            if not self._header_timer.isActive():
                self._header_timer.start(HEADER_LAG_MS)
            return
        self._header_key, self._header_at = key, time.monotonic()
        self._header.update()
