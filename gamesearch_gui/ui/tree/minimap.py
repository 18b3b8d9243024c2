"""The whole search tree small, with the canvas's visible area on it: click or drag to pan.

The tree is drawn by the canvas's own item into a cached pixmap, stretched to fill the
widget (at this size nearly all of it is silhouettes, so a redraw costs little).

A live search changes the moment 30 times a second; the tree is drawn again at most
``REDRAWS_PER_S`` times a second, and not at all while the minimap is hidden (it catches
up when shown). Moving the view only repaints the outline over the cached picture.
"""

from __future__ import annotations

from typing import Any
from typing import Final

from PySide6.QtCore import QPointF
from PySide6.QtCore import QRectF
from PySide6.QtCore import QSize
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtGui import QMouseEvent
from PySide6.QtGui import QPainter
from PySide6.QtGui import QPaintEvent
from PySide6.QtGui import QPalette
from PySide6.QtGui import QPen
from PySide6.QtGui import QPixmap
from PySide6.QtGui import QResizeEvent
from PySide6.QtGui import QTransform
from PySide6.QtWidgets import QSizePolicy
from PySide6.QtWidgets import QStyleOptionGraphicsItem
from PySide6.QtWidgets import QWidget

from gamesearch_gui.ui.throttle import RateLimiter
from gamesearch_gui.ui.tree.canvas import TreeCanvas

#: Most redraws of the tree a second while it streams in.
REDRAWS_PER_S: Final = 5


class TreeMinimap(QWidget):
    """An overview of ``canvas``'s tree; the visible area is the outlined rectangle."""

    def __init__(self, canvas: TreeCanvas, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._canvas = canvas
        self._pixmap: QPixmap | None = None
        #: What the pixmap shows: recording, moment, folds, size.
        self._drawn: tuple[Any, ...] = (None, None, None, None)
        self._redraws = RateLimiter(self, REDRAWS_PER_S, self._redraw)
        canvas.momentChanged.connect(self._moment_changed)
        canvas.viewChanged.connect(self._view_changed)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.setMinimumSize(60, 40)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setToolTip("The whole tree: click or drag to move the view")

    def sizeHint(self) -> QSize:
        return QSize(240, 110)

    # -- mapping between the widget and the scene

    def _scene_transform(self) -> QTransform:
        """Scene → widget: the tree stretched to fill the widget, with a small margin."""
        content = self._canvas.content_rect()
        margin = 3.0
        width = max(self.width() - 2 * margin, 1.0)
        height = max(self.height() - 2 * margin, 1.0)
        sx = width / max(content.width(), 1.0)
        sy = height / max(content.height(), 1.0)
        return QTransform(sx, 0, 0, sy, margin - content.left() * sx, margin - content.top() * sy)

    def scene_point(self, pos: QPointF) -> QPointF:
        """The scene point under widget position ``pos``."""
        inverse, ok = self._scene_transform().inverted()
        return inverse.map(pos) if ok else QPointF()

    def widget_point(self, scene: QPointF) -> QPointF:
        """Where scene point ``scene`` is on the minimap."""
        return self._scene_transform().map(scene)

    # -- following the canvas

    def _state(self) -> tuple[Any, ...]:
        canvas = self._canvas
        item = canvas.tree_item
        folds = item.model.folds.version
        return (id(canvas.recording), canvas.moment, folds, self.size().toTuple())

    def _visible(self) -> QRectF:
        canvas = self._canvas
        return canvas.mapToScene(canvas.viewport().rect()).boundingRect()

    def _moment_changed(self, _k: int) -> None:
        self._redraws.request()

    def _view_changed(self) -> None:
        if self._state()[2] != self._drawn[2]:  # a fold: the tree itself changed
            self._redraws.request()
        if self.isVisible():
            self.update()  # the outline moves over the picture kept

    @property
    def shown_moment(self) -> int | None:
        """The moment of the tree the minimap last drew (None: not drawn yet)."""
        moment: int | None = self._drawn[1]
        return moment

    def refresh(self) -> None:
        """Draw the tree as it is now, whatever the rate (the end of a search)."""
        self._redraws.flush()

    def _redraw(self) -> None:
        self._pixmap = None
        self.update()

    # -- drawing

    def _render(self) -> QPixmap:
        ratio = self.devicePixelRatioF()
        size = QSize(max(1, round(self.width() * ratio)), max(1, round(self.height() * ratio)))
        pixmap = QPixmap(size)
        pixmap.setDevicePixelRatio(ratio)
        pixmap.fill(self.palette().color(QPalette.ColorRole.Base))
        item = self._canvas.tree_item
        if item.model.recording is None:
            return pixmap
        painter = QPainter(pixmap)
        painter.setWorldTransform(self._scene_transform())
        option = QStyleOptionGraphicsItem()
        option.exposedRect = self._canvas.content_rect()
        # The canvas's own statistics are about the canvas: keep them.
        frame, ms, primitives = item.last_frame, item.last_paint_ms, item.last_paint_primitives
        with item.overview():
            item.paint(painter, option, None)
        item.last_frame, item.last_paint_ms, item.last_paint_primitives = frame, ms, primitives
        painter.end()
        return pixmap

    def paintEvent(self, event: QPaintEvent) -> None:
        state = self._state()
        # Another recording or size is drawn at once; a new moment at the redraw rate.
        if self._pixmap is None or state[0] != self._drawn[0] or state[3] != self._drawn[3]:
            self._pixmap = self._render()
            self._drawn = state
        painter = QPainter(self)
        painter.drawPixmap(0, 0, self._pixmap)
        visible = self._visible()
        area = self._scene_transform().mapRect(visible)
        area = area.intersected(QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5))
        if not area.isEmpty():
            highlight = self.palette().color(QPalette.ColorRole.Highlight)
            fill = QColor(highlight)
            fill.setAlphaF(0.15)
            painter.setPen(QPen(highlight, 1.5))
            painter.setBrush(fill)
            painter.drawRect(area)
        painter.setPen(QPen(self.palette().color(QPalette.ColorRole.Mid), 1))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5))
        painter.end()

    def resizeEvent(self, event: QResizeEvent) -> None:
        self._pixmap = None
        super().resizeEvent(event)

    # -- panning

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self._canvas.pan_to(self.scene_point(event.position()))
            self.update()
            event.accept()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if event.buttons() & Qt.MouseButton.LeftButton:
            self._canvas.pan_to(self.scene_point(event.position()))
            self.update()
            event.accept()
