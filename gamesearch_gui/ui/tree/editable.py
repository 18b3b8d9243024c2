"""The editing canvas: the search view's tree canvas, with keys, a node menu and in-place edits.

It draws a :class:`~gamesearch_gui.core.recording.drawn_tree.Drawing` and knows nothing of
edits itself: keys, menus and in-place texts become requests the editor carries out.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPoint
from PySide6.QtCore import Qt
from PySide6.QtCore import Signal
from PySide6.QtGui import QContextMenuEvent
from PySide6.QtGui import QFocusEvent
from PySide6.QtGui import QKeyEvent
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication
from PySide6.QtWidgets import QLineEdit
from PySide6.QtWidgets import QMenu
from PySide6.QtWidgets import QWidget

from gamesearch_gui.core.text import clip
from gamesearch_gui.ui.tree.canvas import TreeCanvas

#: Keys that start typing a leaf's value.
NUMBER_START = set("0123456789-.+")


class InlineEdit(QLineEdit):
    """A one-line editor laid over a node: Enter commits, Escape (or leaving it) cancels."""

    committed = Signal(str)
    cancelled = Signal()

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self._open = False
        self.setObjectName("inlineEdit")
        self.hide()

    def start(self, text: str, centre: QPoint, *, select_all: bool) -> None:
        """Show the editor centred on ``centre`` holding ``text``, and take the focus."""
        self._open = True
        self.setText(text)
        # As wide as the text, within the canvas (a label may be longer than any screen).
        parent = self.parentWidget()
        room = parent.width() - 8 if parent is not None else 70
        width = max(70, min(self.fontMetrics().horizontalAdvance(clip(text) + "MMMM"), room))
        self.resize(width, self.sizeHint().height())
        self.move(centre.x() - width // 2, centre.y() - self.height() // 2)
        self.show()
        self.raise_()
        self.setFocus(Qt.FocusReason.OtherFocusReason)
        if select_all:
            self.selectAll()
        else:
            self.end(False)

    @property
    def is_open(self) -> bool:
        """True while an edit is in progress."""
        return self._open

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.finish(commit=True)
        elif event.key() == Qt.Key.Key_Escape:
            self.finish(commit=False)
        else:
            super().keyPressEvent(event)
        event.accept()

    def focusOutEvent(self, event: QFocusEvent) -> None:
        super().focusOutEvent(event)
        # Clicking elsewhere abandons the edit: only Enter writes into the tree.
        self.finish(commit=False)

    def finish(self, *, commit: bool) -> None:
        """End the edit (once), committing the text or not."""
        if not self._open:
            return
        self._open = False
        text = self.text()
        self.hide()
        if commit:
            self.committed.emit(text)
        else:
            self.cancelled.emit()


class EditorCanvas(TreeCanvas):
    """A TreeCanvas whose keys, double-clicks and context menu edit the drawn tree.

    ``key_handler`` gets each key press first (True: handled); ``menu_builder`` makes the
    context menu for a node; ``double_clicked`` is emitted with the node under the mouse.
    """

    doubleClicked = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.key_handler: Callable[[QKeyEvent], bool] | None = None
        self.menu_builder: Callable[[int | None], QMenu | None] | None = None
        # A drawing is no search: no iteration header, and no search legend (only the
        # players of a tree of n players).
        self.search_legend = False
        self.set_header_visible(False)
        self.set_legend_visible(False)
        self.inline = InlineEdit(self.viewport())
        self.inline.cancelled.connect(lambda: self.setFocus(Qt.FocusReason.OtherFocusReason))

    def focusNextPrevChild(self, next: bool) -> bool:
        # Tab and Shift+Tab walk the leaves here instead of leaving the canvas.
        if self.key_handler is not None and not self.inline.is_open:
            return False
        return super().focusNextPrevChild(next)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if self.inline.is_open:
            # Keys sent to the canvas while its editor is open belong to the editor.
            QApplication.sendEvent(self.inline, event)
            return
        if self.key_handler is not None and self.key_handler(event):
            event.accept()
            return
        super().keyPressEvent(event)

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        n = self.node_at(event.position().toPoint())
        if n is not None:
            self.set_selected(n)
            self.nodeClicked.emit(n)
            self.doubleClicked.emit(n)
            event.accept()
            return
        super().mouseDoubleClickEvent(event)

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        n = self.node_at(event.pos())
        if n is not None:
            self.set_selected(n)
            self.nodeClicked.emit(n)
        menu = self.context_menu(n)
        if menu is not None:
            menu.exec(event.globalPos())
            menu.deleteLater()

    def context_menu(self, n: int | None) -> QMenu | None:
        """The editing menu for node ``n`` (tests call it to see its actions)."""
        if self.menu_builder is not None:
            return self.menu_builder(n)
        return super().context_menu(n)
