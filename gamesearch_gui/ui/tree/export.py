"""The whole search tree as a picture for slides: SVG and PNG, with values and pruning marks.

The tree is drawn by the canvas's own item, on white, with the iteration labels above
it and the legend below. It is drawn at ``EXPORT_ZOOM`` (every label legible) unless
that would be wider than ``MAX_EXPORT_PX`` (or, for a PNG, larger than
``MAX_EXPORT_AREA`` pixels): a large tree is then drawn at the zoom that fits, with the
canvas's level of detail (labels dropped, narrow subtrees as silhouettes), exactly as
the canvas would show it at that zoom. The depth always gets at least ``MIN_LEVEL_PX``
pixels per level, so a wide tree is not flattened into a line.
"""

from __future__ import annotations

import errno
from typing import Final

from PySide6.QtCore import QPointF, QRectF, QSize
from PySide6.QtGui import QColor, QFont, QImage, QImageWriter, QPainter, QTransform
from PySide6.QtSvg import QSvgGenerator
from PySide6.QtWidgets import QStyleOptionGraphicsItem

from gamesearch_gui.core.files import WriteError, staged
from gamesearch_gui.ui.tree.canvas import (
    HEADER_H,
    LEGEND_H,
    LEVEL_H,
    SLOT_W,
    TreeColours,
    TreeItem,
    draw_iteration_labels,
    draw_legend,
    legend_rows,
)

#: Zoom of an export when the tree is small enough: every label is drawn.
EXPORT_ZOOM: Final = 1.5
#: Widest (and tallest) export, in pixels.
MAX_EXPORT_PX: Final = 16384
#: Largest PNG, in pixels (about 190 MB while it is drawn).
MAX_EXPORT_AREA: Final = 48_000_000
#: Fewest pixels per level of the tree in an export.
MIN_LEVEL_PX: Final = 60.0


def export_scales(item: TreeItem, *, max_area: float | None = None) -> tuple[float, float]:
    """The horizontal and vertical scales an export of ``item``'s tree is drawn at."""
    content = item.content_rect()
    sx = min(EXPORT_ZOOM, MAX_EXPORT_PX / content.width())
    sy = max(sx, min(MIN_LEVEL_PX / LEVEL_H, MAX_EXPORT_PX / content.height()))
    sy = min(sy, MAX_EXPORT_PX / content.height())
    if max_area is not None:
        area = content.width() * sx * (content.height() * sy + HEADER_H + LEGEND_H)
        if area > max_area:
            shrink = max_area / area
            sx *= shrink
            sy = max(sx, sy * min(1.0, shrink**0.5))
    return sx, sy


def export_size(item: TreeItem, sx: float, sy: float, font: QFont | None = None) -> QSize:
    """The picture's size in pixels at scales ``sx``, ``sy``."""
    content = item.content_rect()
    width = max(1, round(content.width() * sx))
    legend = LEGEND_H * legend_rows(width, LEGEND_H, font or QFont())
    return QSize(width, max(1, round(content.height() * sy)) + HEADER_H + legend)


def render_tree(painter: QPainter, item: TreeItem, sx: float, sy: float, font: QFont) -> None:
    """Draw ``item``'s whole tree with ``painter`` from (0, 0), on white."""
    content = item.content_rect()
    size = export_size(item, sx, sy, font)
    colours = item.colours
    item.colours = TreeColours.light()
    item.texts.set_base(font)
    try:
        painter.fillRect(QRectF(0, 0, size.width(), size.height()), QColor("white"))
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        ink = QColor("#202124")
        labels = item.model.iteration_labels()
        draw_iteration_labels(
            painter,
            labels,
            lambda slot: (slot * SLOT_W - content.left()) * sx,
            QRectF(0, 0, size.width(), HEADER_H),
            ink,
            font,
        )
        painter.save()
        painter.setWorldTransform(
            QTransform(sx, 0, 0, sy, -content.left() * sx, -content.top() * sy + HEADER_H)
        )
        option = QStyleOptionGraphicsItem()
        option.exposedRect = content
        item.paint(painter, option, None)
        painter.restore()
        rows = legend_rows(size.width(), LEGEND_H, font)
        legend = QRectF(0, size.height() - LEGEND_H * rows, size.width(), LEGEND_H * rows)
        draw_legend(painter, legend, ink, font, LEGEND_H)
    finally:
        item.colours = colours


def export_svg(item: TreeItem, path: str, font: QFont | None = None) -> None:
    """Write the whole tree as an SVG file (text stays text: it can be edited).

    QSvgGenerator fails silently (it only warns "Painter not active"), so the drawing
    goes to a staged file that replaces ``path`` only once it is whole. WriteError.
    """
    font = font or QFont()
    sx, sy = export_scales(item)
    size = export_size(item, sx, sy, font)
    with staged(path) as temp:
        generator = QSvgGenerator()
        generator.setFileName(temp)
        generator.setSize(size)
        generator.setViewBox(QRectF(QPointF(0, 0), size.toSizeF()))
        generator.setTitle("Search tree")
        generator.setDescription("A game-search tree exported by gamesearch-gui")
        painter = QPainter()
        if not painter.begin(generator):
            raise WriteError(errno.EIO, "the file could not be opened", path)
        try:
            render_tree(painter, item, sx, sy, font)
        finally:
            painter.end()


def tree_image(item: TreeItem, font: QFont | None = None) -> QImage:
    """The whole tree as an image (capped in size: see the module's notes)."""
    font = font or QFont()
    sx, sy = export_scales(item, max_area=MAX_EXPORT_AREA)
    size = export_size(item, sx, sy, font)
    image = QImage(size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QColor("white"))
    painter = QPainter(image)
    try:
        render_tree(painter, item, sx, sy, font)
    finally:
        painter.end()
    return image


def export_png(item: TreeItem, path: str, font: QFont | None = None) -> None:
    """Write the whole tree as a PNG file; WriteError when it cannot be written."""
    image = tree_image(item, font)
    with staged(path) as temp:
        writer = QImageWriter(temp, b"png")
        if not writer.write(image):
            raise WriteError(errno.EIO, writer.errorString() or "the image was not written", path)
