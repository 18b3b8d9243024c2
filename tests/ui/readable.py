"""Whether every text of a window can be read: the measure behind the room tests.

A text is readable when it fits the room its widget has on screen (what the widget's
ancestors leave of it, except where a scroll area can bring the rest into view), when it
is wrapped to a height the widget has, or when it is elided with the whole text in its
tooltip. ``cut_texts`` walks the labels, buttons, item views, empty fields' hints and
choice boxes under some widgets and returns one line for each text that fails, saying
which widget, what text and how much room it had. ``choice_cuts`` measures a choice
box's choices in the box closed: it shows one, but a person may pick any.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from PySide6 import QtGui
from PySide6.QtCore import QPoint
from PySide6.QtCore import QRect
from PySide6.QtCore import Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtGui import QTextDocument
from PySide6.QtGui import QTextOption
from PySide6.QtWidgets import QAbstractButton
from PySide6.QtWidgets import QAbstractItemView
from PySide6.QtWidgets import QAbstractScrollArea
from PySide6.QtWidgets import QAbstractSpinBox
from PySide6.QtWidgets import QComboBox
from PySide6.QtWidgets import QLabel
from PySide6.QtWidgets import QLineEdit
from PySide6.QtWidgets import QPushButton
from PySide6.QtWidgets import QStyle
from PySide6.QtWidgets import QStyleOptionButton
from PySide6.QtWidgets import QStyleOptionComboBox
from PySide6.QtWidgets import QStyleOptionFrame
from PySide6.QtWidgets import QToolBar
from PySide6.QtWidgets import QWidget

from gamesearch_gui.ui.text import ElidedLabel
from gamesearch_gui.ui.text import tooltip

#: Pixels a text may overrun its room by (rounding, a font's overhang).
SLACK = 2

_MNEMONIC = re.compile(r"&(?!&)")
#: The room a line edit keeps each side of its text (QLineEditPrivate's horizontal margin).
_LINE_EDIT_PADDING = 2


def cut_texts(roots: Iterable[QWidget]) -> list[str]:
    """One line for each visible text under ``roots`` that cannot be read whole."""
    problems: list[str] = []
    for root in roots:
        if not root.isVisible() or root.visibleRegion().isEmpty():
            continue  # a dock behind another one's tab
        for widget in [root, *root.findChildren(QWidget)]:
            if not widget.isVisible() or _inside_skipped(widget, root):
                continue
            if isinstance(widget, QLabel):
                problems += _label(widget)
            elif isinstance(widget, QAbstractButton):
                problems += _button(widget)
            elif isinstance(widget, QAbstractItemView):
                problems += _items(widget)
            elif isinstance(widget, QLineEdit):
                problems += _hint(widget)
            elif isinstance(widget, QComboBox):
                problems += choice_cuts(widget)
    return problems


def choice_cuts(box: QComboBox) -> list[str]:
    """One line for each choice of ``box`` that the box closed, as large as it is on
    screen, could not show whole (an editable box scrolls its text, as a field does)."""
    if box.isEditable():
        return []
    option = QStyleOptionComboBox()
    box.initStyleOption(option)
    field = box.style().subControlRect(
        QStyle.ComplexControl.CC_ComboBox, option, QStyle.SubControl.SC_ComboBoxEditField, box
    )
    has = room(box, field).width()
    metrics = box.fontMetrics()
    texts = (box.itemText(i) for i in range(box.count()))
    return [
        f"{name(box)}: choice {_short(text)!r} needs {needed} px wide, has {has}"
        for text in texts
        if (needed := metrics.horizontalAdvance(text)) > has + SLACK
    ]


def _hint(edit: QLineEdit) -> list[str]:
    """An empty field's hint (its placeholder): what to type there, cut if it overruns."""
    hint = edit.placeholderText()
    if edit.text() or not hint.strip():
        return []
    option = QStyleOptionFrame()
    edit.initStyleOption(option)
    contents = edit.style().subElementRect(QStyle.SubElement.SE_LineEditContents, option, edit)
    margins = edit.textMargins()
    has = room(edit, contents).width() - margins.left() - margins.right()
    has -= 2 * _LINE_EDIT_PADDING
    needed = edit.fontMetrics().horizontalAdvance(hint)
    if needed > has + SLACK:
        return [f"{name(edit)}: hint {_short(hint)!r} needs {needed} px wide, has {has}"]
    return []


def _inside_skipped(widget: QWidget, root: QWidget) -> bool:
    """Parts of widgets that show their text their own way (an editable field scrolls,
    a choice box lists every choice whole when opened, a tool bar has its overflow)."""
    parent = widget.parentWidget()
    while parent is not None and parent is not root.parentWidget():
        if isinstance(parent, QAbstractSpinBox | QComboBox):
            return True
        parent = parent.parentWidget()
    return False


def name(widget: QWidget) -> str:
    """A widget named for a message: its class, object name and the chain of parents."""
    parts = []
    walk: QWidget | None = widget
    while walk is not None and len(parts) < 4:
        label = type(walk).__name__
        if walk.objectName():
            label += f"#{walk.objectName()}"
        parts.append(label)
        walk = walk.parentWidget()
    return " < ".join(parts)


def room(widget: QWidget, rect: QRect | None = None) -> QRect:
    """The part of ``rect`` (default: the widget's contents) that its ancestors leave
    on screen, in the widget's coordinates. Past a scroll area that can scroll one way,
    nothing cuts that way: all of it can be scrolled into view."""
    shown = rect if rect is not None else widget.contentsRect()
    free_x = free_y = False
    child: QWidget = widget
    parent = widget.parentWidget()
    far = 10**6
    while parent is not None and not child.isWindow():
        shown = shown.translated(child.pos())  # now in the parent's coordinates
        area = parent.parentWidget()
        if isinstance(area, QAbstractScrollArea) and parent is area.viewport():
            off = Qt.ScrollBarPolicy.ScrollBarAlwaysOff
            free_x = free_x or area.horizontalScrollBarPolicy() != off
            free_y = free_y or area.verticalScrollBarPolicy() != off
        clip = parent.rect()
        if free_x:
            clip.setLeft(-far)
            clip.setRight(far)
        if free_y:
            clip.setTop(-far)
            clip.setBottom(far)
        shown = shown.intersected(clip)
        if shown.isEmpty():
            return QRect()
        child, parent = parent, parent.parentWidget()
    return shown.translated(-widget.mapTo(child, QPoint(0, 0)))


def _label(label: QLabel) -> list[str]:
    text = label.text()
    if not text.strip() or (label.pixmap() is not None and not label.pixmap().isNull()):
        return []
    rect = label.contentsRect()
    margin = label.margin()
    rect = rect.adjusted(margin, margin, -margin, -margin)
    shown = room(label, rect)
    if isinstance(label, ElidedLabel):
        fits = label.fontMetrics().horizontalAdvance(text) <= shown.width() + SLACK
        if fits or label.toolTip() == tooltip(text):
            return []
        return [f"{name(label)}: {_short(text)!r} elided without its tooltip"]
    width, height = _text_size(label, rect.width())
    problems = []
    if width > shown.width() + SLACK:
        problems.append(
            f"{name(label)}: {_short(text)!r} needs {width} px wide, has {shown.width()}"
        )
    if height > shown.height() + SLACK:
        problems.append(
            f"{name(label)}: {_short(text)!r} needs {height} px high, has {shown.height()}"
        )
    return problems


def _rich(label: QLabel) -> bool:
    fmt = label.textFormat()
    if fmt == Qt.TextFormat.RichText:
        return True
    if fmt == Qt.TextFormat.PlainText:
        return False
    return bool(QtGui.Qt.mightBeRichText(label.text()))  # type: ignore[attr-defined]


def _text_size(label: QLabel, width: int) -> tuple[int, int]:
    """The width and height ``label``'s text takes when laid out ``width`` wide (a
    label that does not wrap takes its widest line, however wide it is)."""
    document = QTextDocument()
    document.setDefaultFont(label.font())
    document.setDocumentMargin(0)
    option = QTextOption()
    wrap = label.wordWrap()
    option.setWrapMode(QTextOption.WrapMode.WordWrap if wrap else QTextOption.WrapMode.NoWrap)
    document.setDefaultTextOption(option)
    if _rich(label):
        document.setHtml(label.text())
    else:
        document.setPlainText(label.text())
    if wrap:
        document.setTextWidth(width)
    size = document.size()
    # The document's own width is the text width it was given: what overruns it is
    # the ideal width (a table, a word wider than the line).
    needed = document.idealWidth() if wrap else size.width()
    return round(needed), round(size.height())


def _button(button: QAbstractButton) -> list[str]:
    text = _MNEMONIC.sub("", button.text())
    if not text.strip() or _in_toolbar_with_icons(button):
        return []
    needed = button.sizeHint().width()
    if isinstance(button, QPushButton):  # its hint has a least width of the style's own
        option = QStyleOptionButton()
        option.initFrom(button)
        metrics = QFontMetrics(button.font())
        content = metrics.size(Qt.TextFlag.TextShowMnemonic, button.text())
        needed = (
            button.style()
            .sizeFromContents(QStyle.ContentsType.CT_PushButton, option, content, button)
            .width()
        )
    shown = room(button, button.rect())
    if needed > shown.width() + SLACK:
        return [f"{name(button)}: {_short(text)!r} needs {needed} px wide, has {shown.width()}"]
    return []


def _in_toolbar_with_icons(button: QAbstractButton) -> bool:
    """A tool bar's own extension arrow carries no text to read."""
    parent = button.parentWidget()
    return isinstance(parent, QToolBar) and button.objectName() == "qt_toolbar_ext_button"


def _items(view: QAbstractItemView) -> list[str]:
    model = view.model()
    if model is None:
        return []
    problems: list[str] = []
    viewport = view.viewport()
    scrolls = view.horizontalScrollBarPolicy() != Qt.ScrollBarPolicy.ScrollBarAlwaysOff
    metrics = view.fontMetrics()
    root = view.rootIndex()
    first = max(view.indexAt(QPoint(0, 0)).row(), 0)
    last = view.indexAt(QPoint(0, viewport.height() - 1)).row()
    last = model.rowCount(root) - 1 if last < 0 else last
    for row in range(first, last + 1):  # the rows in view: a log may hold millions
        for column in range(_columns(view)):
            index = model.index(row, column, root)
            rect = view.visualRect(index)
            if not rect.intersects(viewport.rect()):
                continue
            text = str(model.data(index, Qt.ItemDataRole.DisplayRole) or "")
            if not text:
                continue
            needed = metrics.horizontalAdvance(text) + 2 * metrics.averageCharWidth()
            has = rect.width()
            if needed <= has + SLACK:
                continue
            if scrolls and view.horizontalScrollBar().maximum() > 0:
                continue  # the rest is a scroll away
            tip = model.data(index, Qt.ItemDataRole.ToolTipRole)
            if view.textElideMode() != Qt.TextElideMode.ElideNone and tip == tooltip(text):
                continue
            problems.append(
                f"{name(view)} row {row}: {_short(text)!r} needs {needed} px, has {has}"
            )
    return problems


def _columns(view: QAbstractItemView) -> int:
    """How many columns the view shows (a list model keeps its count private)."""
    header = getattr(view, "horizontalHeader", None)
    return header().count() if header is not None else 1


def _short(text: str) -> str:
    """A text as a message quotes it: its start, without markup."""
    plain = re.sub(r"<[^>]*>", " ", text)
    plain = re.sub(r"\s+", " ", plain).strip()
    return plain if len(plain) <= 70 else plain[:69] + "…"
