"""What the search-tree canvas shows of its tree: its scales, fits, first view and hits.

``TreeCamera`` is the QGraphicsView under :class:`~gamesearch_gui.ui.tree.canvas.TreeCanvas`:
the scene with its one :class:`~gamesearch_gui.ui.tree.item.TreeItem`, the two scales,
zooming, fitting, the first view, and where a node is in the window (and which node or
fold mark is under a point). The canvas adds the moment, the person's input, following,
folding and the strips around the tree.

First view. A tree opens readable: a small one (``SMALL_TREE_NODES``), or one that
fits at ``LEGIBLE_ZOOM``, whole, fitted and centred; a bigger one folded (see
:mod:`.folds`): the root, its children, and the principal variation (while a search runs,
the path being searched), every other subtree one mark saying how many nodes it holds,
fitted. The view keeps that until the person pans, zooms or folds: a resize (a dock
moved, the tree given the whole window) shows it again.

Scales. The view scales the two axes apart: zoomed out, a tree of a million leaves
would otherwise be a line one pixel high, so the vertical scale never drops below what
fits the tree's depth in the window (nor below the horizontal one).
"""

from __future__ import annotations

import math
from typing import Final

from PySide6.QtCore import QPoint
from PySide6.QtCore import QPointF
from PySide6.QtCore import QRect
from PySide6.QtCore import QRectF
from PySide6.QtCore import Signal
from PySide6.QtGui import QPainter
from PySide6.QtGui import QTransform
from PySide6.QtWidgets import QGraphicsScene
from PySide6.QtWidgets import QGraphicsView
from PySide6.QtWidgets import QWidget

from gamesearch_gui.core.recording.depth_first import NONE
from gamesearch_gui.ui.tree.folds import Mark
from gamesearch_gui.ui.tree.geometry import LEVEL_H
from gamesearch_gui.ui.tree.geometry import NODE_R
from gamesearch_gui.ui.tree.geometry import SLOT_W
from gamesearch_gui.ui.tree.geometry import tree_rect
from gamesearch_gui.ui.tree.item import TreeItem

#: Largest zoom (horizontal scale).
MAX_ZOOM: Final = 4.0
#: Largest vertical scale fitting gives a wide tree (its levels spread over the window).
MAX_LEVEL_STRETCH: Final = 2.0
#: Zoom step of the keys and of one wheel notch.
ZOOM_STEP: Final = 1.25
#: A finished tree of at most this many nodes opens fitted and centred.
SMALL_TREE_NODES: Final = 60
#: A tree that fits at this zoom opens whole (node values at their full size,
#: ``VALUE_PX``); a bigger one opens folded, at most at this zoom.
LEGIBLE_ZOOM: Final = 1.0
#: The fewest pixels a level of a folded first view gets (a node and its value).
FOLDED_LEVEL_PX: Final = 22.0


class TreeCamera(QGraphicsView):
    """A view of one ``TreeItem``: two scales, zoom and fit, the first view, and where
    each node is drawn (``view_point_of``, ``node_at``, ``mark_at``)."""

    #: What is folded changed (by the person, or a new first view).
    foldsChanged = Signal()
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
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        #: A tree too big to read whole opens folded (False: always whole, as an
        #: exercise's key is shown).
        self.auto_fold = True
        #: The first view is kept (shown again on a resize) until the person navigates.
        self._first_view = False
        #: The person panned or zoomed since the tree was set.
        self._navigated = False
        #: A finished tree's frame: the tree at its end (see ``_refresh_final``).
        self._final: QRectF | None = None
        #: The least vertical scale zooming keeps (what fitted the depth).
        self._sy_floor = 1.0

    def _user_navigated(self, *_: object) -> None:
        """The person panned or zoomed: the first view is given up."""
        self._first_view = False
        self._navigated = True

    def _update_header(self, force: bool = False) -> None:
        """Repaint what stands over the tree when the view changed (the canvas's
        iteration labels; none here)."""

    def _scales_changed(self) -> None:
        """The scales changed (the canvas repaints its iteration labels)."""

    def node_visible(self, n: int) -> bool:
        """True when node ``n`` is drawn inside the viewport (wholly, its marks aside;
        not folded into a mark)."""
        lay = self.tree_item.model.layout
        if lay is None or not lay.shown(n):
            return False
        return self._seen(n)

    def _seen(self, n: int) -> bool:
        """True when node ``n``, or the mark it is folded into, is inside the viewport."""
        centre = self.view_point_of(n)
        sx, sy = self._scales()
        r = NODE_R * min(sx, sy)
        shape = QRect(round(centre.x() - r), round(centre.y() - r), round(2 * r), round(2 * r))
        return self.viewport().rect().contains(shape)

    def show_first_view(self) -> None:
        """Show the tree as it opens: a small one (``SMALL_TREE_NODES``), or one that
        fits at ``LEGIBLE_ZOOM``, whole, fitted and centred; a bigger one folded (the
        root, its children and the principal variation, see :mod:`.folds`), fitted. A
        search under way stays folded, fitted as it grows."""
        item = self.tree_item
        model = item.model
        rec = model.recording
        if rec is None:
            return
        if rec.result is None:  # a search under way (followed live or not)
            self._fold_live()
            return
        self._first_view = True
        active = model.folds.active
        folds = model.folds
        folds.reset(auto=False)
        whole = self._content_at(rec.event_count)
        fits = (
            not self.auto_fold
            or rec.node_count <= SMALL_TREE_NODES
            or self._fit_scales(whole)[0] >= LEGIBLE_ZOOM
        )
        if not fits:
            folds.reset(auto=True)
        self._refresh_final()
        assert self._final is not None
        item.reset_bounds()
        item.fit_bounds()
        self._update_scene_rect()
        if fits:
            self._fit_rect(self._final)
        else:
            self._fit_folded(self._final)
        item.update()
        self._update_header(force=True)
        self.viewChanged.emit()
        if folds.active != active:
            self.foldsChanged.emit()

    def _fold_live(self) -> bool:
        """A search under way, the person not having navigated: once the tree is too big
        to read whole, fold it (the root, its children and the path being searched) and
        keep it fitted. Whether it is folded."""
        item = self.tree_item
        model = item.model
        now = model.now
        if now is None:
            return False
        folds = model.folds
        if not folds.auto:
            if not self.auto_fold:
                return False
            whole = tree_rect(now.slots, model.whole_depth())
            if now.limit <= SMALL_TREE_NODES or self._fit_scales(whole)[0] >= LEGIBLE_ZOOM:
                return False
            folds.reset(auto=True)
            model.refold()
            item.reset_bounds()
            item.update()
            self.foldsChanged.emit()
        item.fit_bounds()
        self._update_scene_rect()
        self._first_view = True
        self._fit_folded(item.content_rect())
        return True

    def _content_at(self, k: int) -> QRectF:
        """The tree's rectangle at moment ``k``, as folded."""
        model = self.tree_item.model
        shown = model.k
        model.set_moment(k)
        content = self.tree_item.content_rect()
        model.set_moment(shown)
        return content

    def _refresh_final(self) -> None:
        """A finished tree's frame: the tree at its end, as folded now."""
        rec = self.tree_item.model.recording
        if rec is None or rec.result is None:
            self._final = None
            return
        # The content has a free slot left of the first leaf and two right of the last
        # (the last slot's own width): one more on the left centres the tree itself.
        self._final = self._content_at(rec.event_count).adjusted(-SLOT_W, 0, 0, 0)

    def _fit_folded(self, rect: QRectF) -> None:
        """Show the folded tree ``rect`` whole: its width at most at ``LEGIBLE_ZOOM``,
        its levels spread over the height (down to ``FOLDED_LEVEL_PX`` a level: a deeper
        line goes on below, under the scroll bar)."""
        width = max(self.viewport().width() - 4, 10)
        sx = min(LEGIBLE_ZOOM, width / max(rect.width(), 1.0))
        sy = max(min(self._vertical_fit(rect), MAX_LEVEL_STRETCH), FOLDED_LEVEL_PX / LEVEL_H)
        if (sx, sy) != self._scales():
            self._sy_floor = sy
            self._set_scales(sx, sy)
        self.centerOn(QPointF(rect.center().x(), rect.top()))
        self.verticalScrollBar().setValue(self.verticalScrollBar().minimum())

    def zoom_in(self) -> None:
        """One step closer, around the step's node if it is in view (else the centre)."""
        self._zoom_step(ZOOM_STEP)

    def zoom_out(self) -> None:
        """One step further, around the step's node if it is in view (else the centre)."""
        self._zoom_step(1 / ZOOM_STEP)

    def _zoom_step(self, factor: float) -> None:
        """Zoom by ``factor`` as the keys and buttons do: around the node of the moment's
        event when it is in view, which stays in view (zooming in on a step keeps it in
        sight), else around the view's centre."""
        self._user_navigated()
        n = self.tree_item.current
        if n == NONE or n >= self.tree_item.model.limit or not self._seen(n):
            self._zoom_by(factor, None)
            return
        self._zoom_by(factor, QPointF(self.view_point_of(n)))
        if not self._seen(n):  # it grew past the edge it sat at
            self.ensureVisible(self._node_rect(n), 0, 0)

    def fit_all(self) -> None:
        """The whole tree as it is now (as folded) in the window (following, if on, stays
        on: the current node is in view). A folded first view is fitted as it opens."""
        self._first_view = False
        if self.tree_item.model.folds.auto:
            self._fit_folded(self.tree_item.content_rect())
        else:
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
        now, lay = self.tree_item.model.now, self.tree_item.model.layout
        if now is None or lay is None or not 0 <= index < len(now.recording.iterations):
            return
        root = now.recording.iterations[index].root
        if root == NONE or root >= now.limit:
            return
        self._user_navigated()
        first, last = lay.extent(root)
        content = self.tree_item.content_rect()
        rect = QRectF(
            (first - 1) * SLOT_W, content.top(), (last - first + 2) * SLOT_W, content.height()
        )
        self._fit_rect(rect)

    def mark_at(self, view_pos: QPoint) -> Mark | None:
        """The fold mark drawn at ``view_pos`` (its fan or its count), or None."""
        lay = self.tree_item.model.layout
        if lay is None or not lay.marks:
            return None
        sx, sy = self._scales()
        r = NODE_R * min(sx, sy)
        half = max(4.0, min(SLOT_W * sx * 0.45, r * 1.4)) + 6
        x, y = view_pos.x(), view_pos.y()
        for mark in lay.marks:
            slot, level = lay.mark_point(mark)
            base = self.mapFromScene(QPointF(slot * SLOT_W, level * LEVEL_H))
            top = self.mapFromScene(QPointF(0, self._scene_point(mark.parent).y())).y() + r
            # The fan's lower part, and its count under it.
            if abs(x - base.x()) <= max(half, 16) and (base.y() + top) / 2 <= y <= base.y() + 18:
                return mark
        return None

    def node_at(self, view_pos: QPoint) -> int | None:
        """The node drawn at ``view_pos`` (viewport coordinates), or None."""
        model = self.tree_item.model
        now, lay = model.now, model.layout
        if now is None or lay is None or now.limit == 0:
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
        stack = now.roots()
        while stack:
            n = stack.pop()
            first, last = lay.extent(n)
            if last < xs - tol_slots or first > xs + tol_slots:
                continue
            if depth[n] == level:
                distance = abs(lay.x(n) - xs)
                if distance <= tol_slots and distance < best_distance:
                    best, best_distance = n, distance
                continue
            if depth[n] > level:
                continue
            stack.extend(lay.children(n))
        return best

    def view_point_of(self, n: int) -> QPoint:
        """Where node ``n`` is drawn, in viewport coordinates."""
        return self.mapFromScene(self._scene_point(n))

    def content_rect(self) -> QRectF:
        """The tree at the moment, in scene coordinates."""
        return self.tree_item.content_rect()

    def pan_to(self, scene_point: QPointF) -> None:
        """Centre the view on ``scene_point`` (a user's pan: following stops)."""
        self._user_navigated()
        self.centerOn(scene_point)

    def zoom(self) -> float:
        """The horizontal scale (1: one slot is SLOT_W pixels)."""
        return self._scales()[0]

    def zoom_limits(self) -> tuple[float, float]:
        """The smallest and largest zoom: half of fitting the whole tree, and MAX_ZOOM."""
        fit = self._fit_scales(self.tree_item.content_rect())[0]
        return min(fit / 2, MAX_ZOOM), MAX_ZOOM

    def _scales(self) -> tuple[float, float]:
        t = self.transform()
        return abs(t.m11()), abs(t.m22())

    def _set_scales(self, sx: float, sy: float) -> None:
        self.setTransform(QTransform.fromScale(sx, sy))
        self._update_scene_rect()
        self._scales_changed()
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
        sx, sy = self._scales()
        low, high = self.zoom_limits()
        new_sx = min(max(sx * factor, low), high)
        if new_sx == sx:
            return
        if anchor is None:
            anchor = QPointF(self.viewport().rect().center())
        before = self.mapToScene(anchor.toPoint())
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.NoAnchor)
        # The vertical scale follows the horizontal one, never under what fits the depth;
        # where levels were squeezed under it (a folded first view), in proportion.
        new_sy = new_sx if sy >= sx else sy * new_sx / sx
        self._set_scales(new_sx, max(new_sy, self._sy_floor))
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        # Keep the scene point that was under the anchor under it.
        after = self.mapFromScene(before)
        delta = after - anchor.toPoint()
        self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() + delta.x())
        self.verticalScrollBar().setValue(self.verticalScrollBar().value() + delta.y())

    def _update_scene_rect(self) -> None:
        content = self.tree_item.content_rect()
        # A finished tree: the frame of its end stays put, as its nodes do. Not when
        # folded as a first view is: that tree is laid out afresh at each moment, and
        # its end's frame would be empty room at an earlier one (a blank view).
        if self._final is not None and not self.tree_item.model.folds.auto:
            content = content.united(self._final)
        self.scene().setSceneRect(content)
        self.setSceneRect(content)

    def _scene_point(self, n: int) -> QPointF:
        """Where node ``n`` sits in the scene (folded: where its fold's mark is)."""
        lay = self.tree_item.model.layout
        assert lay is not None
        slot, level = lay.anchor(n)
        return QPointF(slot * SLOT_W, level * LEVEL_H)

    def _node_rect(self, n: int) -> QRectF:
        sx, sy = self._scales()
        centre = self._scene_point(n)
        x, y = centre.x(), centre.y()
        half_x = max(NODE_R * 2.5, 12 / sx)
        half_y = max(NODE_R * 2.5, 12 / sy)
        return QRectF(x - half_x, y - half_y, 2 * half_x, 2 * half_y)
