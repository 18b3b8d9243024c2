"""The search tree as a picture for slides: SVG and PNG, with values and pruning marks.

The tree is drawn by the canvas's own item, on white, with the iteration labels above
it and the legend below, without the view's marks (the selection ring). It is drawn at
``EXPORT_ZOOM`` unless that would be wider than ``MAX_EXPORT_PX`` (or, for a PNG, larger
than ``MAX_EXPORT_AREA`` pixels); the depth always gets at least ``MIN_LEVEL_PX``
pixels per level, so a wide tree is not flattened into a line.

A picture is *legible* when every value and label the tree has is written in it, that
is when the zoom it is drawn at is one where the canvas writes them
(:func:`~gamesearch_gui.ui.tree.style.labels_shown`). A tree too big for that is not
drawn as a strip of silhouettes: :class:`IllegibleExport` says so, and the caller may
export a region of it instead (the part in view, fitted by :func:`legible_region`).
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Final

from PySide6.QtCore import QRectF
from PySide6.QtCore import QSize
from PySide6.QtGui import QColor
from PySide6.QtGui import QFont
from PySide6.QtGui import QImage
from PySide6.QtGui import QPainter
from PySide6.QtGui import QTransform
from PySide6.QtWidgets import QStyleOptionGraphicsItem

from gamesearch_gui.core.narration.legend import recording_legend
from gamesearch_gui.ui.picture_files import svg_painter
from gamesearch_gui.ui.picture_files import write_png
from gamesearch_gui.ui.tree.folds import Folds
from gamesearch_gui.ui.tree.geometry import LEVEL_H
from gamesearch_gui.ui.tree.geometry import SLOT_W
from gamesearch_gui.ui.tree.item import TreeItem
from gamesearch_gui.ui.tree.strips import HEADER_H
from gamesearch_gui.ui.tree.strips import LEGEND_H
from gamesearch_gui.ui.tree.strips import draw_iteration_labels
from gamesearch_gui.ui.tree.strips import draw_legend
from gamesearch_gui.ui.tree.strips import legend_rows
from gamesearch_gui.ui.tree.style import TreeColours
from gamesearch_gui.ui.tree.style import labels_shown

#: Zoom of an export when the tree is small enough: every label is drawn.
EXPORT_ZOOM: Final = 1.5
#: Widest (and tallest) export, in pixels.
MAX_EXPORT_PX: Final = 16384
#: Largest PNG, in pixels (about 190 MB while it is drawn).
MAX_EXPORT_AREA: Final = 48_000_000
#: Fewest pixels per level of the tree in an export.
MIN_LEVEL_PX: Final = 60.0


class IllegibleExport(ValueError):
    """The tree (or the region asked for) is too big for a picture that writes every
    value: ``nodes`` is how many nodes the tree has at the moment shown."""

    def __init__(self, nodes: int, *, region: bool) -> None:
        what = "The part of the tree in view" if region else "This tree"
        super().__init__(
            f"{what} is too big for a legible picture ({nodes:,} nodes): its values "
            "could not be read."
        )
        self.nodes = nodes
        self.region = region


def export_scales(
    item: TreeItem, region: QRectF | None = None, *, max_area: float | None = None
) -> tuple[float, float]:
    """The horizontal and vertical scales an export of ``region`` (scene units; the
    whole tree by default) of ``item``'s tree is drawn at."""
    content = _area(item, region)
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


def legible_scales(
    item: TreeItem, region: QRectF | None = None, *, max_area: float | None = None
) -> tuple[float, float]:
    """:func:`export_scales`, or IllegibleExport when the canvas would not write its
    values at them."""
    sx, sy = export_scales(item, region, max_area=max_area)
    if not labels_shown(min(sx, sy)):
        raise IllegibleExport(item.model.limit, region=region is not None)
    return sx, sy


def legible_region(item: TreeItem, region: QRectF) -> QRectF:
    """``region`` of the tree, or, when that is too big for a legible picture, the part
    of it around its centre that fits one at ``EXPORT_ZOOM``."""
    area = _area(item, region)
    side = MAX_EXPORT_PX / EXPORT_ZOOM
    width, height = min(area.width(), side), min(area.height(), side)
    pixels = width * EXPORT_ZOOM * (height * EXPORT_ZOOM + HEADER_H + 4 * LEGEND_H)
    if pixels > MAX_EXPORT_AREA:
        shrink = (MAX_EXPORT_AREA / pixels) ** 0.5
        width, height = width * shrink, height * shrink
    fitted = QRectF(0, 0, width, height)
    fitted.moveCenter(area.center())
    return fitted


def export_size(
    item: TreeItem, sx: float, sy: float, font: QFont | None = None, region: QRectF | None = None
) -> QSize:
    """The picture's size in pixels at scales ``sx``, ``sy``."""
    content = _area(item, region)
    width = max(1, round(content.width() * sx))
    items = recording_legend(item.model.recording, bool(item.strategy))
    legend = LEGEND_H * legend_rows(width, LEGEND_H, font or QFont(), items)
    return QSize(width, max(1, round(content.height() * sy)) + HEADER_H + legend)


def _area(item: TreeItem, region: QRectF | None) -> QRectF:
    """What is drawn: ``region`` within the tree, or the whole tree."""
    content = item.content_rect()
    if region is None:
        return content
    inside = region.intersected(content)
    return inside if not inside.isEmpty() else content


@contextmanager
def _for_print(item: TreeItem, font: QFont) -> Iterator[None]:
    """``item`` as a picture shows it: light colours, and none of the view's marks."""
    colours = item.colours
    item.colours = TreeColours.light()
    item.texts.set_base(font)
    try:
        with item.marks_hidden():
            yield
    finally:
        item.colours = colours


def render_tree(
    painter: QPainter,
    item: TreeItem,
    sx: float,
    sy: float,
    font: QFont,
    region: QRectF | None = None,
) -> None:
    """Draw ``item``'s tree (or ``region`` of it) with ``painter`` from (0, 0), on white."""
    content = _area(item, region)
    size = export_size(item, sx, sy, font, region)
    with _for_print(item, font):
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
        items = recording_legend(item.model.recording, bool(item.strategy))
        rows = legend_rows(size.width(), LEGEND_H, font, items)
        legend = QRectF(0, size.height() - LEGEND_H * rows, size.width(), LEGEND_H * rows)
        painter.save()
        # The tree between the header and the legend: a region's edges cut it cleanly.
        painter.setClipRect(QRectF(0, HEADER_H, size.width(), legend.top() - HEADER_H))
        painter.setWorldTransform(
            QTransform(sx, 0, 0, sy, -content.left() * sx, -content.top() * sy + HEADER_H)
        )
        option = QStyleOptionGraphicsItem()
        option.exposedRect = content
        item.paint(painter, option, None)
        painter.restore()
        draw_legend(painter, legend, ink, font, LEGEND_H, items)


def export_svg(
    item: TreeItem, path: str, font: QFont | None = None, region: QRectF | None = None
) -> None:
    """Write the tree (or ``region`` of it) as an SVG file (text stays text: it can be
    edited). IllegibleExport when it is too big to read, before anything is written.

    A staged file replaces ``path`` only once it is whole (:func:`svg_painter`).
    WriteError.
    """
    font = font or QFont()
    sx, sy = legible_scales(item, region)
    size = export_size(item, sx, sy, font, region)
    with svg_painter(
        path, size, "Search tree", "A game-search tree exported by gamesearch-gui"
    ) as painter:
        render_tree(painter, item, sx, sy, font, region)


def tree_image(item: TreeItem, font: QFont | None = None, region: QRectF | None = None) -> QImage:
    """The tree (or ``region`` of it) as an image; IllegibleExport when too big to read."""
    font = font or QFont()
    sx, sy = legible_scales(item, region, max_area=MAX_EXPORT_AREA)
    size = export_size(item, sx, sy, font, region)
    image = QImage(size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QColor("white"))
    painter = QPainter(image)
    try:
        render_tree(painter, item, sx, sy, font, region)
    finally:
        painter.end()
    return image


def export_png(
    item: TreeItem, path: str, font: QFont | None = None, region: QRectF | None = None
) -> None:
    """Write the tree (or ``region`` of it) as a PNG file; IllegibleExport when too big
    to read, WriteError when it cannot be written."""
    write_png(tree_image(item, font, region), path)


#: How a tree is written: ``export_svg`` or ``export_png``.
Writer = Callable[[TreeItem, str, QFont, QRectF | None], None]


def export_shown(write: Writer, item: TreeItem, path: str, font: QFont) -> None:
    """Write ``item``'s tree at the moment, as folded; one too big to read so is written
    folded as a first view is, the root, its children and the line, every other subtree
    one mark (IllegibleExport when even that is too big to read)."""
    model = item.model
    try:
        write(item, path, font, None)
        return
    except IllegibleExport:
        folds = model.folds
        if folds.auto and not folds.opened and not folds.closed:
            raise  # folded as a first view already
    shown = model.folds
    model.folds = Folds(auto=True)
    model.refold()
    try:
        write(item, path, font, None)
    finally:
        model.folds = shown
        model.refold()
        item.update()
