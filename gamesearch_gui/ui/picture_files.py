"""Pictures written to files, said once: an SVG drawn through a painter, a PNG from an
image; each staged, so a failed write leaves the file that was there (core/files.py)."""

from __future__ import annotations

import errno
from collections.abc import Iterator
from contextlib import contextmanager

from PySide6.QtCore import QPointF
from PySide6.QtCore import QRectF
from PySide6.QtCore import QSize
from PySide6.QtGui import QImage
from PySide6.QtGui import QImageWriter
from PySide6.QtGui import QPainter
from PySide6.QtSvg import QSvgGenerator

from gamesearch_gui.core.files import WriteError
from gamesearch_gui.core.files import staged


@contextmanager
def svg_painter(path: str, size: QSize, title: str, description: str) -> Iterator[QPainter]:
    """A painter that draws an SVG file of ``size`` at ``path`` in the block (its text
    stays text). QSvgGenerator fails silently (it only warns "Painter not active"), so
    the drawing goes to a staged file that replaces ``path`` only once it is whole.
    WriteError."""
    with staged(path) as temp, svg_painter_on(temp, path, size, title, description) as painter:
        yield painter


@contextmanager
def svg_painter_on(
    temp: str, path: str, size: QSize, title: str, description: str, *, resolution: int = 0
) -> Iterator[QPainter]:
    """:func:`svg_painter` drawing on ``temp``, a file the caller has staged for ``path``
    (the name its errors give). ``resolution``, in dots per inch, sets the page's size
    in inches (Qt's default, 72, when 0). WriteError."""
    generator = QSvgGenerator()
    generator.setFileName(temp)
    generator.setSize(size)
    generator.setViewBox(QRectF(QPointF(0, 0), size.toSizeF()))
    if resolution:
        generator.setResolution(resolution)
    generator.setTitle(title)
    generator.setDescription(description)
    painter = QPainter()
    if not painter.begin(generator):
        raise WriteError(errno.EIO, "the file could not be opened", path)
    try:
        yield painter
    finally:
        painter.end()


def write_png(image: QImage, path: str) -> None:
    """Write ``image`` as a PNG file at ``path``; WriteError."""
    with staged(path) as temp:
        writer = QImageWriter(temp, b"png")
        if not writer.write(image):
            raise WriteError(errno.EIO, writer.errorString() or "the image was not written", path)
