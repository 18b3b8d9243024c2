"""The review's graph written to a file, PNG or SVG, drawn by the one painter the window
uses (:func:`~.graph.paint_graph`), so the files show the numbers the window shows."""

from __future__ import annotations

from typing import Final

from PySide6.QtCore import QRectF
from PySide6.QtCore import QSize
from PySide6.QtGui import QColor
from PySide6.QtGui import QFont
from PySide6.QtGui import QImage
from PySide6.QtGui import QPainter

from gamesearch_gui.ui.picture_files import svg_painter
from gamesearch_gui.ui.picture_files import write_png
from gamesearch_gui.ui.review.graph import GraphData
from gamesearch_gui.ui.review.graph import paint_graph

#: The size of an exported graph, in pixels (a slide's width, a third of its height).
EXPORT_SIZE: Final = QSize(1200, 400)


def export_png(data: GraphData, path: str, font: QFont | None = None) -> None:
    """Write the graph as a PNG file; WriteError when it cannot be written."""
    image = QImage(EXPORT_SIZE, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QColor("white"))
    painter = QPainter(image)
    try:
        paint_graph(painter, QRectF(image.rect()), data, font or QFont())
    finally:
        painter.end()
    write_png(image, path)


def export_svg(data: GraphData, path: str, font: QFont | None = None) -> None:
    """Write the graph as an SVG file (its text stays text); WriteError."""
    description = "The value of each position of a game, by gamesearch-gui"
    with svg_painter(path, EXPORT_SIZE, "Game review", description) as painter:
        paint_graph(
            painter, QRectF(0, 0, EXPORT_SIZE.width(), EXPORT_SIZE.height()), data, font or QFont()
        )
