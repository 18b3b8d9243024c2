"""Small widgets the window's parts share."""

from __future__ import annotations

import math
import os
from collections.abc import Callable
from collections.abc import Iterable
from typing import Any

from PySide6.QtCore import QEvent
from PySide6.QtCore import QObject
from PySide6.QtCore import QSettings
from PySide6.QtCore import QSize
from PySide6.QtCore import QStandardPaths
from PySide6.QtCore import Qt
from PySide6.QtCore import SignalInstance
from PySide6.QtGui import QAction
from PySide6.QtGui import QHelpEvent
from PySide6.QtGui import QKeySequence
from PySide6.QtGui import QPainter
from PySide6.QtGui import QPaintEvent
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QCheckBox
from PySide6.QtWidgets import QComboBox
from PySide6.QtWidgets import QDialog
from PySide6.QtWidgets import QDialogButtonBox
from PySide6.QtWidgets import QFrame
from PySide6.QtWidgets import QLabel
from PySide6.QtWidgets import QLayout
from PySide6.QtWidgets import QListWidget
from PySide6.QtWidgets import QStackedWidget
from PySide6.QtWidgets import QStyle
from PySide6.QtWidgets import QStyleOptionComboBox
from PySide6.QtWidgets import QStylePainter
from PySide6.QtWidgets import QTextBrowser
from PySide6.QtWidgets import QToolTip
from PySide6.QtWidgets import QVBoxLayout
from PySide6.QtWidgets import QWidget

from gamesearch_gui.ui.settings_words import EQUAL_VALUES_TIP

#: The colour of text that says something is wrong.
ERROR_COLOUR = "#c62828"


def connect_plain(signal: SignalInstance, slot: Callable[[], Any]) -> None:
    """Connect ``signal`` so that ``slot`` is called with no arguments.

    QAction.triggered and QAbstractButton.clicked pass a ``checked`` bool. Connected
    directly, a slot with an optional first parameter takes that bool for it: Add child
    once took ``False`` for a node's path and raised. Every action and button here is
    connected through this, to a slot that takes nothing.
    """
    signal.connect(lambda *_args: slot())


def make_action(
    parent: QObject,
    text: str,
    slot: Callable[[], Any],
    shortcut: Any = None,
    tip: str = "",
    *,
    checkable: bool = False,
) -> QAction:
    """A menu and toolbar action: its text, what it does, its key, and a tip for both bars.

    ``slot`` is called with no arguments; a ``checkable`` action's slot reads
    ``action.isChecked()`` itself. The window's commands are declared in ``ui/actions.py``;
    this makes the few made as things change (a lesson, a player of the tree).
    """
    action = QAction(text, parent)
    action.setCheckable(checkable)
    if shortcut is not None:
        action.setShortcut(QKeySequence(shortcut))
    if tip:
        action.setStatusTip(tip)
        action.setToolTip(tip)
    connect_plain(action.triggered, slot)
    return action


def beside_settings(store: QSettings, name: str) -> str:
    """Where a file of the app's own lives: beside the settings file, else in the app's
    data folder (a settings store in the registry has no folder)."""
    file_name = store.fileName()
    if file_name and os.path.isabs(file_name):
        return os.path.join(os.path.dirname(file_name), name)
    folder = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return os.path.join(folder, name)


def fail_hard_box() -> QCheckBox:
    """The choice of alpha-beta's convention, the same in Play and in the tree editor."""
    box = QCheckBox("Fail-hard (return α or β)")
    box.setToolTip(
        "Alpha-beta only. Fail-hard returns α or β from a node whose value falls outside its "
        "window, as the lecture pseudo-code does; unchecked (fail-soft, as in Russell & "
        "Norvig) it returns the node's own best. The root's value and best move are the same."
    )
    return box


def equal_values_box() -> QCheckBox:
    """The choice of the pruning rule (checked: the textbook's, the default), the same in
    Play and in the tree editor."""
    box = QCheckBox("Prune on equal values")
    box.setChecked(True)
    box.setToolTip(EQUAL_VALUES_TIP)
    return box


#: A part of a :func:`column`: a widget or a layout, or one with the stretch it takes.
ColumnPart = QWidget | QLayout | tuple[QWidget | QLayout, int]


def column(*parts: ColumnPart) -> QWidget:
    """A widget holding ``parts`` one under another, without margins; a part given as
    (part, stretch) takes that share of the room left."""
    widget = QWidget()
    layout = QVBoxLayout(widget)
    layout.setContentsMargins(0, 0, 0, 0)
    for part in parts:
        item, stretch = part if isinstance(part, tuple) else (part, 0)
        if isinstance(item, QLayout):
            layout.addLayout(item, stretch)
        else:
            layout.addWidget(item, stretch)
    return widget


def error_label(name: str) -> QLabel:
    """A dialog's line for what is wrong with its fields: red, wrapped, hidden until set."""
    label = QLabel()
    label.setObjectName(name)
    label.setWordWrap(True)
    label.setStyleSheet(f"color: {ERROR_COLOUR}")
    label.hide()
    return label


class PageStack(QStackedWidget):
    """A stacked widget as large as its current page only.

    QStackedWidget asks for room for its largest page, hidden ones included, which made
    the main window wider than the screen once the tree editor was one of its pages.
    """

    def __init__(self, parent: QStackedWidget | None = None) -> None:
        super().__init__(parent)
        self.currentChanged.connect(lambda _index: self.updateGeometry())

    def sizeHint(self) -> QSize:
        """The current page's size hint."""
        page = self.currentWidget()
        return page.sizeHint() if page is not None else super().sizeHint()

    def minimumSizeHint(self) -> QSize:
        """The current page's minimum size."""
        page = self.currentWidget()
        return page.minimumSizeHint() if page is not None else super().minimumSizeHint()


def fill_choices(box: QComboBox, choices: Iterable[tuple[str, object, str | None]]) -> None:
    """Fill ``box`` anew with ``choices``: each its title, its data and its tooltip (or
    None for a title that says enough)."""
    box.clear()
    for title, data, tip in choices:
        box.addItem(title, data)
        if tip:
            box.setItemData(box.count() - 1, tip, Qt.ItemDataRole.ToolTipRole)


#: The width of a box of a few paragraphs (How to play, About), in pixels.
TEXT_WIDTH = 540


def show_text(parent: QWidget, title: str, html: str) -> None:
    """A few paragraphs in a box of their own, with OK: as tall as the text, but never
    taller than the screen, where it scrolls (a message box grew past a laptop's 768
    pixels, its OK off the screen)."""
    dialog = QDialog(parent)
    dialog.setWindowTitle(title)
    browser = QTextBrowser()
    browser.setOpenExternalLinks(True)
    browser.setFrameShape(QFrame.Shape.NoFrame)
    browser.viewport().setAutoFillBackground(False)  # the dialog's ground, as a message's
    browser.setHtml(html)
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok)
    buttons.accepted.connect(dialog.accept)
    layout = QVBoxLayout(dialog)
    layout.addWidget(browser)
    layout.addWidget(buttons)
    document = browser.document()
    document.setTextWidth(TEXT_WIDTH)
    height = document.size().height() + buttons.sizeHint().height() + 3 * layout.spacing()
    margins = layout.contentsMargins()
    height += margins.top() + margins.bottom()
    screen = parent.screen() if parent is not None else None
    if screen is not None:
        height = min(height, screen.availableGeometry().height() - 80)  # a title bar's room
    dialog.resize(TEXT_WIDTH + margins.left() + margins.right() + 24, math.ceil(height))
    dialog.exec()
    dialog.deleteLater()  # a child of the window: it would stay, hidden, until it closes


class HintedList(QListWidget):
    """A list that says, while it is empty, what will come in it: an empty white box
    beside a task looked broken."""

    def __init__(self, hint: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.hint = hint

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        if self.count() or not self.hint:
            return
        painter = QPainter(self.viewport())
        painter.setPen(self.palette().color(QPalette.ColorRole.PlaceholderText))
        room = self.viewport().rect().adjusted(6, 6, -6, -6)
        painter.drawText(room, Qt.AlignmentFlag.AlignLeft | Qt.TextFlag.TextWordWrap, self.hint)
        painter.end()


class ChoiceBox(QComboBox):
    """A choice box that shows a choice too long for it cut with "…", and then tells the
    whole choice in its tip. A plain box cuts a long name off mid-word, and the part
    looks like the whole name. Names from game files and OpenSpiel can be any length."""

    def shown_text(self) -> str:
        """The current choice as the closed box shows it: whole, or cut with "…"."""
        option = QStyleOptionComboBox()
        self.initStyleOption(option)
        return self._shown(option)

    def _shown(self, option: QStyleOptionComboBox) -> str:
        """:meth:`shown_text`, from the box's style option as it is painted."""
        text = self.currentText()
        if self.isEditable() or not text:
            return text
        field = self.style().subControlRect(
            QStyle.ComplexControl.CC_ComboBox, option, QStyle.SubControl.SC_ComboBoxEditField, self
        )
        room = field.width() - 2  # the style draws the text 1 px inside each side
        if not option.currentIcon.isNull():
            room -= option.iconSize.width() + 4
        return self.fontMetrics().elidedText(text, Qt.TextElideMode.ElideRight, max(0, room))

    def tip_text(self) -> str:
        """The tip: the whole choice first when the box cuts it, then the box's own tip."""
        tip = self.toolTip()
        text = self.currentText()
        if self.shown_text() == text:
            return tip
        return f"{text}\n\n{tip}" if tip else text

    def paintEvent(self, event: QPaintEvent) -> None:
        """As QComboBox paints itself, but with :meth:`shown_text` on its face."""
        painter = QStylePainter(self)
        painter.setPen(self.palette().color(QPalette.ColorRole.Text))
        option = QStyleOptionComboBox()
        self.initStyleOption(option)
        painter.drawComplexControl(QStyle.ComplexControl.CC_ComboBox, option)
        if self.currentIndex() < 0 and self.placeholderText():
            option.palette.setBrush(QPalette.ColorRole.ButtonText, option.palette.placeholderText())
            option.currentText = self.placeholderText()
        else:
            option.currentText = self._shown(option)
        painter.drawControl(QStyle.ControlElement.CE_ComboBoxLabel, option)

    def event(self, event: QEvent) -> bool:
        """A tooltip event shows :meth:`tip_text`."""
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            tip = self.tip_text()
            if tip:
                QToolTip.showText(event.globalPos(), tip, self)
            else:
                QToolTip.hideText()
                event.ignore()
            return True
        return super().event(event)
