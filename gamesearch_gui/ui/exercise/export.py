"""Exercise sheets and answer keys on paper: PDF (one page per exercise) or SVG.

A page holds the exercise's title, an optional heading (the set's name and seed), the
task's instructions and, on the sheet, a line for the student's name; under them the
tree, drawn by the exercise view's own item (:class:`~gamesearch_gui.ui.exercise.view.
ExerciseItem`) on white with dark ink, scaled to fit the rest of the page but never
beyond ``MAX_TREE_ZOOM``, and centred. The sheet shows the leaves' values, the inner
nodes empty and named (A, B, C...) and, for alpha-beta, blanks for α and β. The key
shows the whole answer (every value, α and β, and the crossed-out branches) and under
the tree the root's value, the branches never searched, and where the tree came from.

A page is A4: portrait, unless the tree is so wide that it is drawn markedly larger
across a landscape page (a hard exercise has forty leaves or more).

PDFs are written with QPrinter (PdfFormat, HighResolution); SVGs with QSvgGenerator
(ui/picture_files.py), one page per file. Both fail silently, so every file is written
to a temporary name in its folder, checked, and only once the last page is drawn moved
into place: a file that cannot be written raises OSError with a message for the person,
and an export that fails or is stopped leaves every older file untouched.
:class:`ExportSteps` draws one page a step, so that the export dialog stays live while a
set of a hundred exercises is written (two hundred pages: seconds on a busy machine).
"""

from __future__ import annotations

import contextlib
import errno
import math
import os
from collections.abc import Generator
from collections.abc import Iterator
from collections.abc import Sequence
from pathlib import Path as FilePath
from typing import Final

from PySide6.QtCore import QMarginsF
from PySide6.QtCore import QPointF
from PySide6.QtCore import QRectF
from PySide6.QtCore import QSize
from PySide6.QtCore import QSizeF
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtGui import QFont
from PySide6.QtGui import QPageLayout
from PySide6.QtGui import QPageSize
from PySide6.QtGui import QPainter
from PySide6.QtGui import QPainterPath
from PySide6.QtGui import QPen
from PySide6.QtGui import QTransform
from PySide6.QtPrintSupport import QPrinter
from PySide6.QtWidgets import QApplication
from PySide6.QtWidgets import QStyleOptionGraphicsItem

from gamesearch_gui.core.exercises.exercise import AnswerKey
from gamesearch_gui.core.exercises.exercise import Exercise
from gamesearch_gui.core.exercises.grade import node_name
from gamesearch_gui.core.files import WriteError
from gamesearch_gui.core.files import check_writable
from gamesearch_gui.core.files import staged
from gamesearch_gui.core.narration.reasons import bounds_line
from gamesearch_gui.core.numbers import format_number
from gamesearch_gui.core.recording.depth_first import KINDS
from gamesearch_gui.core.recording.depth_first import VALUATIONS
from gamesearch_gui.core.recording.events import NodeKind
from gamesearch_gui.core.recording.events import Valuation
from gamesearch_gui.core.text import clip
from gamesearch_gui.ui.exercise.view import BLANK
from gamesearch_gui.ui.exercise.view import ExerciseItem
from gamesearch_gui.ui.picture_files import svg_painter_on
from gamesearch_gui.ui.text import breakable
from gamesearch_gui.ui.tree.geometry import SLOT_W
from gamesearch_gui.ui.tree.item import Drawn
from gamesearch_gui.ui.tree.model import TreeModel
from gamesearch_gui.ui.tree.shapes import add_node_shape
from gamesearch_gui.ui.tree.style import KIND_COLOUR
from gamesearch_gui.ui.tree.style import VALUE_PX
from gamesearch_gui.ui.tree.style import TreeColours

__all__ = [
    "MAX_TREE_ZOOM",
    "MIN_VALUE_PT",
    "ExportError",
    "ExportSteps",
    "PaperItem",
    "check_legible",
    "export_exercises",
    "export_paths",
    "page_size",
    "page_title",
    "render_page",
    "tree_item",
    "value_points",
]

#: A4 portrait, in points.
A4: Final = QSizeF(595.28, 841.89)
#: The page's margins, in points.
MARGIN_PT: Final = 50.0
#: The largest zoom a tree is drawn at, in points per unit of the canvas's scene (at
#: zoom 1 a node is 26 units across): a small tree is not blown up to fill the page.
MAX_TREE_ZOOM: Final = 1.5
#: SVG user units per point: the tree's texts are whole pixels, so an SVG page is drawn
#: four times larger than its size in points (and says it is A4).
SVG_UNITS_PER_PT: Final = 4
#: A landscape page is used when it draws the tree at least this much larger.
LANDSCAPE_GAIN: Final = 1.2
#: Levels may be spread this much further apart than the leaves are (more room for the
#: α and β under the nodes, and a wide tree does not become a flat strip).
MAX_LEVEL_STRETCH: Final = 1.6

#: The smallest a node's value may be printed, in points: a tree that would come out
#: smaller is refused rather than printed unreadable.
MIN_VALUE_PT: Final = 5.5

INK: Final = QColor("#202124")
GREY: Final = QColor("#5f6368")

_SUFFIXES: Final = (".pdf", ".svg")
_ROLES: Final = ("-sheet", "-key", "_sheet", "_key", " sheet", " key")

#: Text sizes in points.
_TITLE_PT, _HEADING_PT, _TEXT_PT, _SMALL_PT = 17.0, 10.0, 11.0, 8.0


class ExportError(ValueError):
    """An exercise that cannot be printed legibly (the message says why)."""


# -- file names ------------------------------------------------------------------------------


def export_paths(base: str) -> tuple[str, str]:
    """The sheet's and the key's file names for the name the person chose.

    "/x/week3.pdf" gives "/x/week3-sheet.pdf" and "/x/week3-key.pdf"; the suffix (.pdf or
    .svg) decides the format, and a name without one gets ".pdf". A "-sheet" or "-key"
    already typed is not doubled.
    """
    folder, name = os.path.split(base)
    stem, suffix = os.path.splitext(name)
    if suffix.lower() in _SUFFIXES:
        suffix = suffix.lower()
    else:
        stem, suffix = name, ".pdf"
    for role in _ROLES:
        if stem.lower().endswith(role) and len(stem) > len(role):
            stem = stem[: -len(role)]
            break
    stem = stem or "exercises"
    return (
        os.path.join(folder, f"{stem}-sheet{suffix}"),
        os.path.join(folder, f"{stem}-key{suffix}"),
    )


def _is_svg(path: str) -> bool:
    return path.lower().endswith(".svg")


def _numbered(path: str, i: int, count: int) -> str:
    """``path`` with a page number: week3-sheet.svg → week3-sheet-01.svg."""
    stem, suffix = os.path.splitext(path)
    width = max(2, len(str(count)))
    return f"{stem}-{i:0{width}d}{suffix}"


# -- a page ----------------------------------------------------------------------------------


def page_title(exercise: Exercise) -> str:
    """The page's title: "Exercise 3 — Alpha-beta pruning" (the instructions under it say
    the convention: with it, the title would wrap beside the key's "ANSWER KEY")."""
    title = clip(exercise.title.strip())
    task = exercise.task.title
    if task.lower() in title.lower():
        return title
    return f"{title} — {task}" if title else task


_LEAF = KINDS.index(NodeKind.TERMINAL)


class PaperItem(ExerciseItem):
    """The exercise item for paper. An inner node with no value is drawn hollow (a
    coloured outline round white): on the sheet every one, so that a value can be
    written in by hand, and on the key the nodes the search never reached."""

    def decorate(self, painter: QPainter, drawn: Drawn) -> int:
        count = 0
        rec = self.model.recording
        r, s = drawn.r, drawn.s
        if rec is not None and r >= 2.5:
            path = QPainterPath()
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
            painter.setBrush(self.colours.background)
            for n in drawn.frame.nodes:
                kind = rec.kind[n]
                if kind == _LEAF or not math.isnan(rec.value[n]):
                    continue  # a leaf, or a node with its value written in
                painter.setPen(self.inks.pen(KIND_COLOUR[kind], max(1.2, 1.8 * s)))
                x, y = drawn.point(n)
                path.clear()
                add_node_shape(path, kind, VALUATIONS.index(Valuation.BACKED_UP), x, y, r)
                painter.drawPath(path)
                count += 1
        return count + super().decorate(painter, drawn)


def tree_item(exercise: Exercise, key: AnswerKey | None, font: QFont | None = None) -> ExerciseItem:
    """The exercise view's item drawing ``exercise`` for paper: blanks on the sheet
    (``key`` None), the key's whole answer otherwise; dark ink on white."""
    item = PaperItem()
    drawing = item.set_exercise(exercise)
    assert drawing is not None
    item.model = TreeModel(drawing.recording)
    item.model.set_moment(drawing.recording.event_count)
    item.colours = TreeColours.light()
    item.texts.set_base(font or _base_font())
    # On a key, a node left without α and β is one the search never reached: nothing
    # is written there.
    item.blank = BLANK if key is None else None
    if key is not None:
        item.set_answer(key.answer())
    item.reset_bounds()
    return item


def _base_font() -> QFont:
    return QApplication.font() if QApplication.instance() is not None else QFont()


def _tree_scale(content: QRectF, width: float, height: float, zoom: float) -> tuple[float, float]:
    """The horizontal and vertical scales that fit ``content`` into width × height."""
    if content.width() <= 0 or content.height() <= 0 or width <= 0 or height <= 0:
        return 0.0, 0.0
    sx = min(width / content.width(), zoom)
    sy = min(height / content.height(), zoom, sx * MAX_LEVEL_STRETCH)
    sx = min(sx, sy * MAX_LEVEL_STRETCH)
    return sx, sy


#: Room the texts above (and below) the tree take, in points, when choosing the orientation.
_TEXT_ROOM_PT: Final = 190.0


def page_size(exercise: Exercise, item: ExerciseItem | None = None) -> QSizeF:
    """The page an exercise is drawn on, in points: A4 portrait, or landscape for a tree
    that is drawn markedly larger across it."""
    content = (item or tree_item(exercise, None)).content_rect()
    scales = []
    for page in (A4, A4.transposed()):
        width = page.width() - 2 * MARGIN_PT
        height = page.height() - 2 * MARGIN_PT - _TEXT_ROOM_PT
        sx, sy = _tree_scale(content, width, height, MAX_TREE_ZOOM)
        scales.append(min(sx, sy))
    portrait, landscape = scales
    return A4.transposed() if landscape > portrait * LANDSCAPE_GAIN else QSizeF(A4)


def value_points(exercise: Exercise, item: ExerciseItem | None = None) -> float:
    """How large the nodes' values come out on the exercise's page, in points."""
    content = (item or tree_item(exercise, None)).content_rect()
    page = page_size(exercise, item)
    width = page.width() - 2 * MARGIN_PT
    height = page.height() - 2 * MARGIN_PT - _TEXT_ROOM_PT
    sx, sy = _tree_scale(content, width, height, MAX_TREE_ZOOM)
    return VALUE_PX * min(sx, sy)


def check_legible(exercise: Exercise, item: ExerciseItem | None = None) -> None:
    """ExportError when ``exercise``'s tree would print too small to read."""
    points = value_points(exercise, item)
    if points >= MIN_VALUE_PT:
        return
    leaves = sum(1 for node in exercise.tree.nodes() if not node.children)
    across = A4.height() - 2 * MARGIN_PT  # landscape
    fit = int(across / (SLOT_W * MIN_VALUE_PT / VALUE_PX))
    raise ExportError(
        f"{exercise.title} is too big to print legibly: its values would be "
        f"{points:.1f} points high; a page holds about {fit} leaves across, and it has {leaves}"
    )


def _font(base: QFont, points: float, unit: float, bold: bool = False) -> QFont:
    font = QFont(base)
    font.setPixelSize(max(1, round(points * unit)))
    font.setBold(bold)
    return font


def _key_lines(key: AnswerKey) -> list[str]:
    """What the key says under the tree: the root's value, what alpha-beta skips, and
    which values are only bounds ("MIN node C ≤ 2")."""
    exercise = key.exercise
    tree = exercise.tree
    lines = [f"Value of the root: {format_number(key.value)}"]
    if exercise.task.marks:
        if key.pruned:
            names = [node_name(tree, path) for path in key.pruned]
            lines.append(f"Never searched ({len(names)}): " + "; ".join(names))
        else:
            lines.append("Never searched: nothing — no branch is cut")
    bounds = bounds_line(key)
    if bounds:
        lines.append(bounds)
    return lines


#: How text is set on a page: wrapped, from the left.
_WRAP: Final = int(Qt.TextFlag.TextWordWrap) | int(Qt.AlignmentFlag.AlignLeft)


class _Page:
    """One page being drawn: the painter, its scale (device units per point), the area
    inside the margins, and how far down it the writing has come (``top``)."""

    def __init__(self, painter: QPainter, rect: QRectF, base: QFont) -> None:
        self.painter = painter
        self.base = base
        self.unit = unit = min(rect.width(), rect.height()) / A4.width()  # units per point
        margin = MARGIN_PT * unit
        self.area = rect.adjusted(margin, margin, -margin, -margin)
        self.top = self.area.top()

    def text(
        self,
        content: str,
        points: float,
        colour: QColor,
        *,
        bold: bool = False,
        flags: int = _WRAP,
        width: float | None = None,
        y: float | None = None,
    ) -> QRectF:
        """Write ``content`` at ``y`` (None: at ``top``, which moves down under it); the
        box it took."""
        painter, area = self.painter, self.area
        content = breakable(content)  # a long label wraps, never runs off the page
        painter.setFont(_font(self.base, points, self.unit, bold))
        painter.setPen(colour)
        box = QRectF(area.left(), self.top if y is None else y, width or area.width(), 1e6)
        bounds = painter.boundingRect(box, flags, content)
        painter.drawText(
            QRectF(box.left(), box.top(), box.width(), bounds.height()), flags, content
        )
        if y is None:
            self.top += bounds.height()
        return bounds

    def height(self, lines: list[str], points: float) -> float:
        """How high ``lines`` are, each set in ``points`` across the area."""
        painter, area = self.painter, self.area
        painter.setFont(_font(self.base, points, self.unit))
        return sum(
            painter.boundingRect(QRectF(area.left(), 0, area.width(), 1e6), _WRAP, line).height()
            for line in lines
        )

    def head(self, exercise: Exercise, key: AnswerKey | None, heading: str) -> None:
        """The title (on a key, "ANSWER KEY" at its right), the heading, a rule, the
        instructions, and on a sheet a line for the student's name."""
        unit, area = self.unit, self.area
        title_width = area.width()
        if key is not None:
            self.text(
                "ANSWER KEY",
                _HEADING_PT,
                INK,
                bold=True,
                flags=int(Qt.AlignmentFlag.AlignRight) | int(Qt.AlignmentFlag.AlignTop),
                y=self.top + (_TITLE_PT - _HEADING_PT) * unit * 0.6,
            )
            title_width = area.width() - 90 * unit
        self.text(page_title(exercise), _TITLE_PT, INK, bold=True, width=title_width)
        if heading:
            self.top += 2 * unit
            self.text(heading, _HEADING_PT, GREY)
        self.top += 6 * unit
        self.painter.setPen(QPen(GREY, max(0.5 * unit, 1.0)))
        self.painter.drawLine(QPointF(area.left(), self.top), QPointF(area.right(), self.top))
        self.top += 10 * unit
        self.text(exercise.instructions, _TEXT_PT, INK)
        if key is None:
            self.top += 14 * unit
            label = self.text("Name:", _TEXT_PT, INK, y=self.top)
            self.painter.setPen(QPen(INK, max(0.6 * unit, 1.0)))
            baseline = self.top + label.height() * 0.85
            self.painter.drawLine(
                QPointF(area.left() + label.width() + 6 * unit, baseline),
                QPointF(min(area.right(), area.left() + 300 * unit), baseline),
            )
            self.top += label.height()
        self.top += 16 * unit

    def foot(self, source: str) -> float:
        """Write where the tree came from at the foot of the page; the bottom left above it."""
        bottom = self.area.bottom()
        if source:
            source = breakable(f"Source: {source}")
            foot = self.height([source], _SMALL_PT)
            self.text(source, _SMALL_PT, GREY, y=bottom - foot)
            bottom -= foot + 8 * self.unit
        return bottom

    def tree(self, item: ExerciseItem, bottom: float) -> None:
        """The tree between ``top`` and ``bottom``: fitted, never blown up past
        MAX_TREE_ZOOM, centred across, nearer the instructions than the foot."""
        painter, area = self.painter, self.area
        content = item.content_rect()
        room = QRectF(area.left(), self.top, area.width(), max(0.0, bottom - self.top))
        sx, sy = _tree_scale(content, room.width(), room.height(), MAX_TREE_ZOOM * self.unit)
        if sx <= 0 or sy <= 0:
            return
        width, height = content.width() * sx, content.height() * sy
        left = room.left() + (room.width() - width) / 2
        # Nearer the instructions than the foot: the eye reads down from the title.
        y0 = room.top() + (room.height() - height) * 0.35
        painter.save()
        painter.setWorldTransform(
            QTransform(sx, 0, 0, sy, left - content.left() * sx, y0 - content.top() * sy), True
        )
        option = QStyleOptionGraphicsItem()
        option.exposedRect = content
        item.paint(painter, option, None)
        painter.restore()
        self.top = y0 + height


def render_page(
    painter: QPainter,
    rect: QRectF,
    exercise: Exercise,
    key: AnswerKey | None,
    *,
    heading: str = "",
    font: QFont | None = None,
    item: ExerciseItem | None = None,
) -> None:
    """Draw one page into ``rect`` (device coordinates of ``painter``): the exercise
    sheet when ``key`` is None, else its answer key. Sizes follow ``rect``: its shorter
    side is taken for A4's (595 points). ``item``, if given, is ``tree_item(exercise,
    key, font)`` made beforehand (it is made here otherwise)."""
    base = font or _base_font()
    item = item or tree_item(exercise, key, base)
    page = _Page(painter, rect, base)
    unit = page.unit
    painter.save()
    try:
        painter.fillRect(rect, QColor("white"))
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        page.head(exercise, key, heading)
        # Under the tree (the key): its lines, and where the tree came from at the foot.
        bottom = page.area.bottom()
        below: list[str] = []
        if key is not None:
            bottom = page.foot(exercise.source)
            below = [breakable(line) for line in _key_lines(key)]
        below_height = page.height(below, _TEXT_PT)
        if below:
            below_height += 12 * unit
        page.tree(item, bottom - below_height)
        if below:
            page.top += 12 * unit
            for line in below:
                page.text(line, _TEXT_PT, INK, bold=line is below[0])
    finally:
        painter.restore()


# -- files ----------------------------------------------------------------------------------


def _layout(size: QSizeF) -> QPageLayout:
    orientation = (
        QPageLayout.Orientation.Landscape
        if size.width() > size.height()
        else QPageLayout.Orientation.Portrait
    )
    return QPageLayout(QPageSize(QPageSize.PageSizeId.A4), orientation, QMarginsF(0, 0, 0, 0))


def _write_pdf(
    path: str,
    temp: str,
    pages: Sequence[tuple[Exercise, AnswerKey | None]],
    heading: str,
    font: QFont,
) -> Iterator[None]:
    """Write ``pages`` to ``temp`` (staged for ``path``), yielding after each page."""
    items = [tree_item(ex, key, font) for ex, key in pages]
    sizes = [page_size(ex, item) for (ex, _), item in zip(pages, items, strict=True)]
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(temp)
    printer.setFullPage(True)
    printer.setCreator("gamesearch-gui")
    printer.setDocName(FilePath(path).stem)
    printer.setPageLayout(_layout(sizes[0]))
    painter = QPainter()
    if not painter.begin(printer):
        raise WriteError(errno.EIO, "the file could not be opened", path)
    try:
        for i, ((exercise, key), item) in enumerate(zip(pages, items, strict=True)):
            if i:
                printer.setPageLayout(_layout(sizes[i]))
                if not printer.newPage():
                    raise WriteError(errno.EIO, "a new page could not be started", path)
            rect = printer.paperRect(QPrinter.Unit.DevicePixel)
            render_page(painter, rect, exercise, key, heading=heading, font=font, item=item)
            yield
    finally:
        painter.end()


def _write_svg(
    path: str, temp: str, exercise: Exercise, key: AnswerKey | None, heading: str, font: QFont
) -> None:
    item = tree_item(exercise, key, font)
    points = page_size(exercise, item)
    size = QSize(
        math.ceil(points.width() * SVG_UNITS_PER_PT),
        math.ceil(points.height() * SVG_UNITS_PER_PT),
    )
    title = page_title(exercise) + (" — answer key" if key else "")
    what = "Answer key" if key else "Exercise sheet"
    resolution = round(72 * SVG_UNITS_PER_PT)  # so the page says A4
    with svg_painter_on(
        temp, path, size, title, f"{what} exported by gamesearch-gui", resolution=resolution
    ) as painter:
        page = QRectF(QPointF(0, 0), size.toSizeF())
        render_page(painter, page, exercise, key, heading=heading, font=font, item=item)


def export_one(exercise: Exercise, key: AnswerKey, base: str) -> list[str]:
    """Write ``exercise``'s sheet and answer key, named after ``base`` (see
    :func:`export_paths`); the files written. Its errors (OSError, ExportError) say what
    went wrong in a whole sentence."""
    sheet, key_path = export_paths(base)
    try:
        return export_exercises([(exercise, key)], sheet, key_path)
    except ExportError as error:
        raise ExportError(f"Could not export: {error}") from error


def export_exercises(
    pairs: Sequence[tuple[Exercise, AnswerKey]],
    sheet_path: str,
    key_path: str,
    *,
    heading: str = "",
    font: QFont | None = None,
) -> list[str]:
    """Write the exercise sheets and the answer keys; return the files written.

    A .pdf path gets one multi-page PDF (a page per exercise). A .svg path holds one
    page: with one exercise it is written as named, with several as ``<stem>-01.svg``,
    ``<stem>-02.svg``, ... OSError (with a message for the person) when a file cannot
    be written; ExportError when a tree is too big to print legibly; ValueError when
    there is nothing to write.
    """
    steps = ExportSteps(pairs, sheet_path, key_path, heading=heading, font=font)
    while not steps.step():
        pass
    return steps.written


class ExportSteps:
    """:func:`export_exercises` a page at a time, for a window that stays live meanwhile.

    Made, it has checked every exercise and file name (the errors of
    :func:`export_exercises`); each :meth:`step` draws one page. Every file is staged and
    replaces its older namesake only once the last page is drawn, so :meth:`close` (or
    an error) before then leaves every file as it was.
    """

    def __init__(
        self,
        pairs: Sequence[tuple[Exercise, AnswerKey]],
        sheet_path: str,
        key_path: str,
        *,
        heading: str = "",
        font: QFont | None = None,
    ) -> None:
        if not pairs:
            raise ValueError("there are no exercises to export")
        for exercise, _ in pairs:
            check_legible(exercise)  # before any file is written
        self._targets = {
            path: [path]
            if not _is_svg(path) or len(pairs) == 1
            else [_numbered(path, i, len(pairs)) for i in range(1, len(pairs) + 1)]
            for path in (sheet_path, key_path)
        }
        for path in (p for paths in self._targets.values() for p in paths):
            check_writable(path)  # before any file is written
        #: Pages in all: a sheet's and a key's for each exercise.
        self.total = 2 * len(pairs)
        #: Pages drawn so far.
        self.done = 0
        #: The files written, once :meth:`step` has said it is finished.
        self.written: list[str] = []
        self._pages = self._draw(pairs, heading, font or _base_font())

    def _draw(
        self, pairs: Sequence[tuple[Exercise, AnswerKey]], heading: str, font: QFont
    ) -> Generator[None, None, None]:
        named: list[str] = []
        with contextlib.ExitStack() as files:
            for (path, targets), sheet in zip(self._targets.items(), (True, False), strict=True):
                pages = [(ex, None if sheet else key) for ex, key in pairs]
                if _is_svg(path):
                    for target, (exercise, key) in zip(targets, pages, strict=True):
                        temp = files.enter_context(staged(target))
                        _write_svg(target, temp, exercise, key, heading, font)
                        named.append(target)
                        yield
                else:
                    temp = files.enter_context(staged(path))
                    yield from _write_pdf(path, temp, pages, heading, font)
                    named.append(path)
        self.written = named

    def step(self) -> bool:
        """Draw the next page; True once every file is written. The errors of
        :func:`export_exercises`; after one, every file is as it was."""
        try:
            next(self._pages)
        except StopIteration:
            return True
        self.done += 1
        return False

    def close(self) -> None:
        """Stop before the end: the staged files are removed, the older ones kept."""
        self._pages.close()
