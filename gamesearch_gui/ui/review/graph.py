"""The review's graph: each position's value, move by move, from the first player's view.

One drawing (:func:`paint_graph`) from one set of numbers (:class:`GraphData` placed by
:class:`GraphLayout`) serves the widget, the PNG and the SVG alike (:mod:`.export`):
whatever the window shows, the files show. The scale is the game's (a forced win at its
top, a forced loss at its bottom, core/review.py); a move marked as an inaccuracy, a
mistake or a blunder is a coloured dot on the position it led to.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from PySide6.QtCore import QPointF
from PySide6.QtCore import QRectF
from PySide6.QtCore import Qt
from PySide6.QtCore import Signal
from PySide6.QtGui import QColor
from PySide6.QtGui import QFont
from PySide6.QtGui import QFontMetricsF
from PySide6.QtGui import QMouseEvent
from PySide6.QtGui import QPainter
from PySide6.QtGui import QPainterPath
from PySide6.QtGui import QPen
from PySide6.QtWidgets import QSizePolicy
from PySide6.QtWidgets import QWidget

from gamesearch_gui.core.numbers import format_number
from gamesearch_gui.core.review import Mark
from gamesearch_gui.ui.palette import seat_colour

#: The colour of each mark's dot (and of its row in the table).
MARK_COLOURS: Final = {
    Mark.INACCURACY: QColor("#e0a800"),
    Mark.MISTAKE: QColor("#e8590c"),
    Mark.BLUNDER: QColor("#c92a2a"),
}
LINE: Final = QColor("#1c4e80")
INK: Final = QColor("#202124")
GRID: Final = QColor("#c8ccd0")
#: The side of the first player (above the middle) and the second (below), lightly.
ABOVE: Final = QColor(230, 240, 250)
BELOW: Final = QColor(246, 240, 230)
SELECTED: Final = QColor("#2b8a3e")
#: Room around the plot for the axis labels, in pixels.
LEFT, RIGHT, TOP, BOTTOM = 64.0, 16.0, 22.0, 40.0
#: The radius of the ring round the selected position's point.
RING: Final = 8.0
#: How far inside the plot's frame the points keep: the ring and its pen, so that no
#: ring covers a number of the axes (move 0's covered the scale's middle, "0").
INSET: Final = RING + 2.0


@dataclass(frozen=True)
class GraphData:
    """What the graph draws: a value for each position reviewed so far (start first; the
    graph has room for ``positions`` of them), the mark of the move played at each, the
    scale, the sides' names, and the position selected (None: none). With more than two
    players, ``shares`` holds each position's vector (a line per player) and ``movers``
    who moved at each (-1: nobody), whose line a mark's dot goes on."""

    positions: int
    values: tuple[float, ...] = ()
    marks: tuple[Mark, ...] = ()
    scale: tuple[float, float] = (-1.0, 1.0)
    names: tuple[str, ...] = ("MAX", "MIN")
    selected: int | None = None
    shares: tuple[tuple[float, ...], ...] = ()
    movers: tuple[int, ...] = ()

    @property
    def many(self) -> bool:
        """True for a game of more than two players: a line per player, no halves."""
        return len(self.names) > 2


class GraphLayout:
    """Where each position's point goes in ``rect`` (pixels), and back: inside the
    plot's frame by :data:`INSET`."""

    def __init__(self, data: GraphData, rect: QRectF) -> None:
        self.data = data
        self.plot = QRectF(
            rect.left() + LEFT,
            rect.top() + TOP,
            max(1.0, rect.width() - LEFT - RIGHT),
            max(1.0, rect.height() - TOP - BOTTOM),
        )
        inset = min(INSET, self.plot.width() / 4, self.plot.height() / 4)
        #: Where the points go: the first move and the scale's ends this far inside.
        self.points = self.plot.adjusted(inset, inset, -inset, -inset)

    def x(self, index: int) -> float:
        """The x of position ``index`` (0: the start)."""
        last = max(1, self.data.positions - 1)
        return self.points.left() + self.points.width() * index / last

    def y(self, value: float) -> float:
        """The y of ``value`` on the scale (the top of the scale at the top)."""
        low, high = self.data.scale
        share = 0.5 if high <= low else (value - low) / (high - low)
        return self.points.bottom() - self.points.height() * share

    def point(self, index: int) -> QPointF:
        """Position ``index``'s point (it must have been reviewed)."""
        return QPointF(self.x(index), self.y(self.data.values[index]))

    def nearest(self, x: float) -> int | None:
        """The reviewed position whose point is nearest ``x`` (None: none reviewed)."""
        count = len(self.data.values)
        if count == 0:
            return None
        return min(range(count), key=lambda i: abs(self.x(i) - x))


def paint_graph(painter: QPainter, rect: QRectF, data: GraphData, font: QFont) -> None:
    """Draw ``data``'s graph in ``rect``: the two sides' halves, the scale's labels, the
    moves along the bottom, the line of values, the marked moves and the selection."""
    layout = GraphLayout(data, rect)
    plot = layout.plot
    low, high = data.scale
    middle = layout.y((low + high) / 2)
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setFont(font)
    painter.fillRect(rect, QColor("white"))
    if not data.many:
        painter.fillRect(QRectF(plot.left(), plot.top(), plot.width(), middle - plot.top()), ABOVE)
        painter.fillRect(QRectF(plot.left(), middle, plot.width(), plot.bottom() - middle), BELOW)
    metrics = QFontMetricsF(font)
    painter.setPen(QPen(GRID, 1, Qt.PenStyle.DashLine))
    painter.drawLine(QPointF(plot.left(), middle), QPointF(plot.right(), middle))
    painter.setPen(INK)
    painter.drawRect(plot)
    for value in (high, (low + high) / 2, low):
        text = format_number(value, 2)
        y = layout.y(value)
        painter.drawText(
            QRectF(rect.left(), y - metrics.height() / 2, LEFT - 6, metrics.height()),
            int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter),
            text,
        )
    if data.many:
        _players_key(painter, layout, metrics, rect)
        _move_ticks(painter, layout, metrics, rect)
        _share_lines(painter, layout)
    else:
        _sides(painter, layout, metrics, rect)
        _move_ticks(painter, layout, metrics, rect)
        _values(painter, layout)
    painter.restore()


def _sides(painter: QPainter, layout: GraphLayout, metrics: QFontMetricsF, rect: QRectF) -> None:
    """Which side each half stands for, as a key above the frame: a swatch of the half's
    colour and its words. Above the frame no point of the line can cover them (inside, at
    the bottom, a game lost early drew its line over the second side's words)."""
    swatch = metrics.height() * 0.75
    gap = metrics.horizontalAdvance("  ")
    names = layout.data.names

    def half(colour: QColor) -> Swatch:
        def draw(x: float, y: float) -> None:
            painter.setPen(INK)
            painter.setBrush(colour)
            painter.drawRect(QRectF(x, y - swatch / 2, swatch, swatch))
            painter.setBrush(Qt.BrushStyle.NoBrush)

        return draw

    each = max(0.0, (layout.plot.width() - 2 * (swatch + gap)) / 2)
    entries = ((half(ABOVE), f"{names[0]} wins ↑"), (half(BELOW), f"{names[1]} wins ↓"))
    _key(painter, layout, metrics, rect, swatch, each, entries)


def _players_key(
    painter: QPainter, layout: GraphLayout, metrics: QFontMetricsF, rect: QRectF
) -> None:
    """Which line is whose, as a key above the frame: a stroke of each player's colour
    and the player's name, in the players' order."""
    names = layout.data.names
    stroke = metrics.height()
    gap = metrics.horizontalAdvance("  ")

    def line(seat: int) -> Swatch:
        def draw(x: float, y: float) -> None:
            painter.setPen(QPen(seat_colour(seat), 3))
            painter.drawLine(QPointF(x, y), QPointF(x + stroke, y))

        return draw

    each = max(0.0, layout.plot.width() / len(names) - stroke - 2 * gap)
    entries = [(line(seat), name) for seat, name in enumerate(names)]
    _key(painter, layout, metrics, rect, stroke, each, entries)


#: Draws a key's swatch ``width`` wide from ``x``, centred on ``y``.
Swatch = Callable[[float, float], None]


def _key(
    painter: QPainter,
    layout: GraphLayout,
    metrics: QFontMetricsF,
    rect: QRectF,
    width: float,
    each: float,
    entries: Iterable[tuple[Swatch, str]],
) -> None:
    """A key above the frame, from its left: each entry's swatch (``width`` wide), then
    its words, cut to ``each`` pixels."""
    gap = metrics.horizontalAdvance("  ")
    x = layout.plot.left()
    flags = int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
    for swatch, text in entries:
        swatch(x, rect.top() + TOP / 2)
        painter.setPen(INK)
        words = metrics.elidedText(text, Qt.TextElideMode.ElideMiddle, each)
        x += width + gap / 2
        painter.drawText(QRectF(x, rect.top(), each, TOP), flags, words)
        x += metrics.horizontalAdvance(words) + 2 * gap


def _share_lines(painter: QPainter, layout: GraphLayout) -> None:
    """A line per player in its seat's colour (as the board draws the seat) through its
    share of each position's vector (the first drawn widest, so that lines that run
    together all show), a dot on the mover's line where each marked move led, and the
    selection's line."""
    data = layout.data
    shares = data.shares
    if not shares:
        return
    n = len(data.names)

    def point(index: int, seat: int) -> QPointF:
        return QPointF(layout.x(index), layout.y(shares[index][seat]))

    painter.setBrush(Qt.BrushStyle.NoBrush)
    for seat in range(n):
        path = QPainterPath(point(0, seat))
        for index in range(1, len(shares)):
            path.lineTo(point(index, seat))
        painter.setPen(QPen(seat_colour(seat), 2 + 2 * (n - 1 - seat)))
        painter.drawPath(path)
    for index, mark in enumerate(data.marks):
        colour = MARK_COLOURS.get(mark)
        seat = data.movers[index] if index < len(data.movers) else -1
        if colour is None or seat < 0 or index + 1 >= len(shares):
            continue
        painter.setPen(QPen(INK, 1))
        painter.setBrush(colour)
        painter.drawEllipse(point(index + 1, seat), 6, 6)
    if data.selected is not None and data.selected < len(shares):
        x = layout.x(data.selected)
        painter.setPen(QPen(SELECTED, 1.5))
        painter.drawLine(QPointF(x, layout.plot.top()), QPointF(x, layout.plot.bottom()))


def _move_ticks(
    painter: QPainter, layout: GraphLayout, metrics: QFontMetricsF, rect: QRectF
) -> None:
    """The moves' numbers along the bottom, as many as fit."""
    plot = layout.plot
    moves = max(1, layout.data.positions - 1)
    widest = metrics.horizontalAdvance(str(moves)) + 12
    step = 1
    while layout.points.width() * step / moves < widest and step < moves:
        step = step * 2 if str(step)[0] != "2" else step * 5 // 2
    for index in range(0, moves + 1, step):
        x = layout.x(index)
        painter.drawLine(QPointF(x, plot.bottom()), QPointF(x, plot.bottom() + 4))
        painter.drawText(
            QRectF(x - widest / 2, plot.bottom() + 4, widest, metrics.height()),
            int(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop),
            str(index),
        )
    painter.drawText(
        QRectF(plot.left(), plot.bottom() + 4 + metrics.height(), plot.width(), metrics.height()),
        int(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop),
        "moves played (0: the start)",
    )


def _values(painter: QPainter, layout: GraphLayout) -> None:
    """The line through the values, a dot on each marked move, and the selection."""
    data = layout.data
    if not data.values:
        return
    path = QPainterPath(layout.point(0))
    for index in range(1, len(data.values)):
        path.lineTo(layout.point(index))
    painter.setPen(QPen(LINE, 2))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawPath(path)
    painter.setPen(QPen(LINE, 1))
    painter.setBrush(LINE)
    for index in range(len(data.values)):
        painter.drawEllipse(layout.point(index), 2.5, 2.5)
    # A mark belongs to the move played at a position; its dot is where the move led.
    for index, mark in enumerate(data.marks):
        colour = MARK_COLOURS.get(mark)
        if colour is None or index + 1 >= len(data.values):
            continue
        painter.setPen(QPen(INK, 1))
        painter.setBrush(colour)
        painter.drawEllipse(layout.point(index + 1), 6, 6)
    if data.selected is not None and data.selected < len(data.values):
        x = layout.x(data.selected)
        painter.setPen(QPen(SELECTED, 1.5))
        painter.drawLine(QPointF(x, layout.plot.top()), QPointF(x, layout.plot.bottom()))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(SELECTED, 2.5))
        painter.drawEllipse(layout.point(data.selected), RING, RING)


class ValueGraph(QWidget):
    """The graph on screen: a click goes to the position nearest it (``chosen``)."""

    #: The person clicked near position ``index`` (0: the start).
    chosen = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.data = GraphData(positions=1)
        self.setMinimumHeight(160)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setToolTip("Click a point to see that position, its best move and line")

    def set_data(self, data: GraphData) -> None:
        """Draw ``data`` from now on."""
        self.data = data
        self.update()

    def point_at(self, index: int) -> QPointF:
        """Where position ``index``'s point is drawn in the widget (for a click)."""
        return GraphLayout(self.data, QRectF(self.rect())).point(index)

    def paintEvent(self, event: object) -> None:
        painter = QPainter(self)
        try:
            paint_graph(painter, QRectF(self.rect()), self.data, self.font())
        finally:
            painter.end()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            return
        index = GraphLayout(self.data, QRectF(self.rect())).nearest(event.position().x())
        if index is not None:
            self.chosen.emit(index)
