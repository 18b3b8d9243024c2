"""The review's graph written to a file, PNG or SVG, drawn by the one painter the window
uses (:func:`~.graph.paint_graph`), so the files show the numbers the window shows."""

from __future__ import annotations

import errno
from typing import Final

from PySide6.QtCore import QPointF, QRectF, QSize
from PySide6.QtGui import QColor, QFont, QImage, QImageWriter, QPainter
from PySide6.QtSvg import QSvgGenerator

from gamesearch_gui.core.files import WriteError, staged
from gamesearch_gui.ui.review.graph import GraphData, paint_graph

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
    with staged(path) as temp:
        writer = QImageWriter(temp, b"png")
        if not writer.write(image):
            raise WriteError(errno.EIO, writer.errorString() or "the image was not written", path)


def export_svg(data: GraphData, path: str, font: QFont | None = None) -> None:
    """Write the graph as an SVG file (its text stays text); WriteError.

    QSvgGenerator fails silently, so the drawing goes to a staged file that replaces
    ``path`` only once it is whole."""
    with staged(path) as temp:
        generator = QSvgGenerator()
        generator.setFileName(temp)
        generator.setSize(EXPORT_SIZE)
        generator.setViewBox(QRectF(QPointF(0, 0), EXPORT_SIZE.toSizeF()))
        generator.setTitle("Game review")
        generator.setDescription("The value of each position of a game, by gamesearch-gui")
        painter = QPainter()
        if not painter.begin(generator):
            raise WriteError(errno.EIO, "the file could not be opened", path)
        try:
            paint_graph(
                painter, QRectF(QPointF(0, 0), EXPORT_SIZE.toSizeF()), data, font or QFont()
            )
        finally:
            painter.end()
