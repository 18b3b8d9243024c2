"""The strips above and below the tree: each iteration's label, and the legend.

The view shows them as two thin widgets around its viewport (:class:`CanvasStrips`
places them and keeps the viewport's margins for them); an export draws the same with
``draw_iteration_labels`` and ``draw_legend`` into its picture.

The iteration labels may lag ``HEADER_LAG_MS`` behind the growing tree: the right end
of the running iteration's bracket moves at every moment, and each repaint is a call
into Python (see :mod:`.canvas`), so it repaints through the shared ``RateLimiter``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from typing import Final

from PySide6.QtCore import QObject
from PySide6.QtCore import QPointF
from PySide6.QtCore import QRect
from PySide6.QtCore import QRectF
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtGui import QFont
from PySide6.QtGui import QFontMetricsF
from PySide6.QtGui import QPainter
from PySide6.QtGui import QPainterPath
from PySide6.QtGui import QPaintEvent
from PySide6.QtGui import QPalette
from PySide6.QtGui import QPen
from PySide6.QtGui import QTransform
from PySide6.QtWidgets import QGraphicsView
from PySide6.QtWidgets import QWidget

from gamesearch_gui.core.narration.legend import LEGEND_ITEMS
from gamesearch_gui.core.narration.legend import PLAYER_KEY
from gamesearch_gui.core.narration.legend import LegendItems
from gamesearch_gui.ui.palette import HINT_COLOUR
from gamesearch_gui.ui.palette import MAX_COLOUR
from gamesearch_gui.ui.palette import seat_colour
from gamesearch_gui.ui.throttle import RateLimiter
from gamesearch_gui.ui.tree.geometry import HOW_BACKED_UP
from gamesearch_gui.ui.tree.geometry import HOW_EVALUATION
from gamesearch_gui.ui.tree.geometry import KIND_CHANCE
from gamesearch_gui.ui.tree.geometry import KIND_LEAF
from gamesearch_gui.ui.tree.geometry import KIND_MAX
from gamesearch_gui.ui.tree.geometry import KIND_MIN
from gamesearch_gui.ui.tree.geometry import OPEN
from gamesearch_gui.ui.tree.geometry import SLOT_W
from gamesearch_gui.ui.tree.model import IterationLabel
from gamesearch_gui.ui.tree.shapes import add_node_shape
from gamesearch_gui.ui.tree.shapes import player_shape
from gamesearch_gui.ui.tree.style import CURRENT_COLOUR
from gamesearch_gui.ui.tree.style import CUT_COLOUR
from gamesearch_gui.ui.tree.style import KIND_COLOUR
from gamesearch_gui.ui.tree.style import LEAF_FILL
from gamesearch_gui.ui.tree.style import PV_COLOUR
from gamesearch_gui.ui.tree.style import STRATEGY_COLOUR
from gamesearch_gui.ui.tree.style import tint

#: Height of the iteration header above the tree and of the legend below it (pixels).
HEADER_H: Final = 22
LEGEND_H: Final = 20
#: How long the iteration labels may lag behind the growing tree.
HEADER_LAG_MS: Final = 250


class _Strip(QWidget):
    """A thin band beside the view, in its owner's window colour, palette and font."""

    def __init__(self, owner: QWidget) -> None:
        super().__init__(owner)
        self._owner = owner
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents, True)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self._owner.palette()
        painter.fillRect(self.rect(), palette.color(QPalette.ColorRole.Window))
        band = QRectF(self.rect())
        self.draw(painter, band, palette.color(QPalette.ColorRole.WindowText), self._owner.font())
        painter.end()

    def draw(self, painter: QPainter, band: QRectF, ink: QColor, font: QFont) -> None:
        """Draw the strip's content in ``band``."""


class IterationHeader(_Strip):
    """Above the tree: each iteration's label, over the part of the view its tree spans.

    ``labels()`` gives the labels, ``transform()`` the view's scene-to-viewport mapping.
    """

    def __init__(
        self,
        owner: QWidget,
        labels: Callable[[], list[IterationLabel]],
        transform: Callable[[], QTransform],
    ) -> None:
        super().__init__(owner)
        self._labels = labels
        self._transform = transform

    def draw(self, painter: QPainter, band: QRectF, ink: QColor, font: QFont) -> None:
        transform = self._transform()
        draw_iteration_labels(
            painter,
            self._labels(),
            lambda slot: transform.map(QPointF(slot * SLOT_W, 0)).x(),
            band,
            ink,
            font,
        )


def draw_iteration_labels(
    painter: QPainter,
    labels: list[IterationLabel],
    slot_x: Callable[[float], float],
    band: QRectF,
    ink: QColor,
    font: QFont,
) -> None:
    """Each label centred over the visible part of its iteration, with a bracket under it."""
    if not labels:
        return
    small = QFont(font)
    small.setPixelSize(max(9, int(band.height() * 0.55)))
    metrics = QFontMetricsF(small)
    painter.setFont(small)
    bracket = tint(ink, 0.35)
    for label in labels:
        left = slot_x(label.first - 0.4)
        right = slot_x(label.last + 0.4)
        if right < band.left() or left > band.right():
            continue
        shown_left, shown_right = max(left, band.left() + 2), min(right, band.right() - 2)
        width = shown_right - shown_left
        y = band.bottom() - 3
        painter.setPen(QPen(bracket, 1.0))
        painter.drawLine(QPointF(shown_left, y), QPointF(shown_right, y))
        if left >= band.left():
            painter.drawLine(QPointF(left, y), QPointF(left, y - 4))
        if right <= band.right():
            painter.drawLine(QPointF(right, y), QPointF(right, y - 4))
        text = metrics.elidedText(label.text, Qt.TextElideMode.ElideRight, max(width, 0.0))
        if not text:
            continue
        painter.setPen(ink)
        area = QRectF(shown_left, band.top(), width, band.height() - 4)
        painter.drawText(area, Qt.AlignmentFlag.AlignCenter, text)


class Legend(_Strip):
    """Below the tree: what the shapes, colours and marks mean, in one line."""

    def __init__(self, owner: QWidget) -> None:
        super().__init__(owner)
        #: What it explains (``legend_items``).
        self.items = LEGEND_ITEMS

    def draw(self, painter: QPainter, band: QRectF, ink: QColor, font: QFont) -> None:
        draw_legend(painter, band, ink, font, row_height=LEGEND_H, items=self.items)


def _legend_places(
    width: float, row_height: float, metrics: QFontMetricsF, items: LegendItems
) -> list[tuple[int, float, float]]:
    """Each legend item's row, left and width, in a band ``width`` wide."""
    r = row_height * 0.26
    places = []
    row, x = 0, 6.0
    for key, word in items:
        item = (r * 2.6 if key != "tt" else 0.0) + metrics.horizontalAdvance(word) + 14
        if x + item > width and x > 6.0:
            row, x = row + 1, 6.0
        places.append((row, x, item))
        x += item
    return places


def legend_rows(
    width: float, row_height: float, font: QFont, items: LegendItems = LEGEND_ITEMS
) -> int:
    """How many rows the legend takes in a band ``width`` wide."""
    small = QFont(font)
    small.setPixelSize(max(9, int(row_height * 0.55)))
    return _legend_places(width, row_height, QFontMetricsF(small), items)[-1][0] + 1


def draw_legend(
    painter: QPainter,
    band: QRectF,
    ink: QColor,
    font: QFont,
    row_height: float | None = None,
    items: LegendItems = LEGEND_ITEMS,
) -> None:
    """The legend's samples and words in ``band``: rows of ``row_height`` (one row of the
    band's height by default), as many items as fit."""
    row_height = row_height or band.height()
    small = QFont(font)
    small.setPixelSize(max(9, int(row_height * 0.55)))
    metrics = QFontMetricsF(small)
    painter.setFont(small)
    r = row_height * 0.26
    rows = max(1, int(band.height() / row_height + 0.01))
    for (key, word), (row, left, width) in zip(
        items, _legend_places(band.width(), row_height, metrics, items), strict=True
    ):
        if row >= rows:
            break
        x = band.left() + left
        cy = band.top() + row_height * (row + 0.5)
        cx = x + r * 1.2
        _draw_sample(painter, key, cx, cy, r, ink)
        painter.setPen(ink)
        text_left = x + r * 2.6 if key != "tt" else x
        painter.drawText(
            QRectF(text_left, cy - row_height / 2, width, row_height),
            Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft,
            word,
        )


def _draw_sample(painter: QPainter, key: str, cx: float, cy: float, r: float, ink: QColor) -> None:
    """The legend's sample of ``key`` (a node shape, a line, a mark) centred at
    (``cx``, ``cy``), ``r`` its radius."""
    path = QPainterPath()
    pen = QPen(ink, 1.0)
    brush: QColor | Qt.BrushStyle = Qt.BrushStyle.NoBrush
    if key.startswith(PLAYER_KEY):
        index = int(key[len(PLAYER_KEY) :])
        colour = seat_colour(index)
        add_node_shape(path, player_shape(index), HOW_BACKED_UP, cx, cy, r)
        brush = colour
        pen = QPen(colour.darker(135), 1.0)
    elif key in ("max", "min", "chance", "terminal"):
        kind = {"max": KIND_MAX, "min": KIND_MIN, "chance": KIND_CHANCE, "terminal": KIND_LEAF}[key]
        add_node_shape(path, kind, HOW_BACKED_UP, cx, cy, r)
        brush = LEAF_FILL if kind == KIND_LEAF else KIND_COLOUR[kind]
        pen = QPen(KIND_COLOUR[kind].darker(135), 1.0)
    elif key == "eval":
        add_node_shape(path, KIND_MAX, HOW_EVALUATION, cx, cy, r)
        brush = tint(MAX_COLOUR, 0.35)
        pen = QPen(MAX_COLOUR, 1.0, Qt.PenStyle.DashLine)
    elif key == "open":
        add_node_shape(path, KIND_MAX, OPEN, cx, cy, r)
        pen = QPen(MAX_COLOUR, 1.0)
    elif key == "tt":
        pass
    elif key == "now":
        path.addEllipse(QPointF(cx, cy), r * 1.1, r * 1.1)
        pen = QPen(CURRENT_COLOUR, 1.6, Qt.PenStyle.DashLine)
    elif key == "cut":
        path.moveTo(cx - r * 1.2, cy - r)
        path.lineTo(cx + r * 0.2, cy + r * 0.2)
        pen = QPen(ink, 1.0, Qt.PenStyle.DashLine)
    elif key in ("pv", "strategy", "tried"):
        path.moveTo(cx - r * 1.2, cy)
        path.lineTo(cx + r * 1.2, cy)
        pen = {
            "pv": QPen(PV_COLOUR, 3.0),
            "strategy": QPen(STRATEGY_COLOUR, 3.0),
            "tried": QPen(HINT_COLOUR, 2.0, Qt.PenStyle.DashLine),
        }[key]
    painter.setPen(pen)
    painter.setBrush(brush)
    painter.drawPath(path)
    if key == "cut":
        painter.setPen(QPen(CUT_COLOUR, 1.6))
        for offset in (-0.25, 0.25):
            painter.drawLine(
                QPointF(cx + r * (0.05 + offset), cy + r * (0.6 - offset)),
                QPointF(cx + r * (0.55 + offset), cy + r * (0.0 - offset)),
            )


class CanvasStrips(QObject):
    """The iteration labels above ``view``'s viewport and the legend below it: their
    places, the margins they take, and when the labels repaint."""

    def __init__(self, view: QGraphicsView, labels: Callable[[], list[IterationLabel]]) -> None:
        super().__init__(view)
        self._view = view
        self._labels = labels
        self.header = IterationHeader(view, labels, view.viewportTransform)
        self.legend = Legend(view)
        self.legend_visible = True
        self.header_visible = True
        view.setViewportMargins(0, HEADER_H, 0, LEGEND_H)
        self._key: tuple[Any, ...] = ()
        self._repaints = RateLimiter(self.header, 1000 / HEADER_LAG_MS, self._repaint_header)

    def set_legend_visible(self, on: bool) -> None:
        """Show or hide the legend strip under the tree."""
        self.legend_visible = on
        self.legend.setVisible(on)
        self.set_margins()

    def set_header_visible(self, on: bool) -> None:
        """Show or hide the iteration header above the tree (a drawn tree has no search)."""
        self.header_visible = on
        self.header.setVisible(on)
        self.set_margins()

    def set_margins(self) -> None:
        """Keep the viewport's margins for the strips shown."""
        top = HEADER_H if self.header_visible else 0
        bottom = self.legend_height() if self.legend_visible else 0
        self._view.setViewportMargins(0, top, 0, bottom)

    def legend_height(self) -> int:
        """The legend's height: as many rows of LEGEND_H as its entries take at this
        width (a narrow view wraps it rather than leave entries out)."""
        view = self._view
        width = view.width() - 2 * view.frameWidth()
        return LEGEND_H * legend_rows(width, LEGEND_H, view.font(), self.legend.items)

    def place(self) -> None:
        """Put the strips above and below the viewport."""
        viewport = self._view.viewport().geometry()
        self.header.setGeometry(
            QRect(viewport.left(), viewport.top() - HEADER_H, viewport.width(), HEADER_H)
        )
        self.legend.setGeometry(
            QRect(viewport.left(), viewport.bottom() + 1, viewport.width(), self.legend_height())
        )
        self.legend.setVisible(self.legend_visible)

    def resized(self) -> None:
        """The view was resized: the legend may wrap to another number of rows."""
        if self.legend_visible and self._view.viewportMargins().bottom() != self.legend_height():
            self.set_margins()
        self.place()

    def update_header(self, force: bool = False) -> None:
        """Repaint the iteration labels when what they show changed, in pixels (a
        repaint at every moment would be one more call into Python each time): at once
        when a label's words change (or ``force``), within ``HEADER_LAG_MS`` when only
        a bracket moved."""
        if force:
            self._repaints.flush()
            return
        key = self._header_key()
        if key == self._key:
            return
        if [label[0] for label in key] != [label[0] for label in self._key]:
            self._repaints.flush()
        else:
            self._repaints.request()

    def _repaint_header(self) -> None:
        self._key = self._header_key()
        self.header.update()

    def _header_key(self) -> tuple[Any, ...]:
        """What the labels show, in pixels: each one's words and ends."""
        transform = self._view.viewportTransform()
        scale, shift = transform.m11() * SLOT_W, transform.dx()
        width = self.header.width()

        def pixel(slot: float) -> int:
            return round(min(max(slot * scale + shift, -2.0), width + 2.0))

        return tuple(
            (label.text, pixel(label.first - 0.4), pixel(label.last + 0.4))
            for label in self._labels()
        )
