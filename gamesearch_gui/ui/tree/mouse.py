"""The mouse over the search-tree canvas: tooltips, clicks, drags and double clicks.

A click on a node selects it; a click on a fold's mark unfolds it (the double click it
may begin does nothing more); a double click on a node folds or unfolds its subtree; a
drag pans (and the person has navigated: following stops). The tooltip is set as the
mouse moves, not in ``viewportEvent``: overriding that would call into Python for every
event of the viewport, paints included.
"""

from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING

from PySide6.QtCore import QPoint
from PySide6.QtCore import Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication
from PySide6.QtWidgets import QToolTip

from gamesearch_gui.ui.text import tooltip
from gamesearch_gui.ui.tree.folds import Mark

if TYPE_CHECKING:
    from gamesearch_gui.ui.tree.host import CanvasHost


class CanvasMouse:
    """What ``canvas`` does with the mouse (the canvas's Qt handlers call these)."""

    def __init__(self, canvas: CanvasHost) -> None:
        self._canvas = canvas
        self._press_pos: QPoint | None = None
        self._dragged = False
        self._tip_node: int | None = None
        self._tip_mark: Mark | None = None
        #: When and where a click last unfolded a mark (the double click it begins is
        #: not also a double click on what the unfolding put there).
        self._unfolded_at = (-math.inf, QPoint())

    def reset(self) -> None:
        """A new tree: no tooltip."""
        self._tip_node = None
        self._canvas.viewport().setToolTip("")

    def moment_changed(self) -> None:
        """The node under the mouse says what it is at the new moment (gone: nothing)."""
        self._tip_mark = None
        if self._tip_node is not None:
            model = self._canvas.tree_item.model
            self._tip_node = None if self._tip_node >= model.limit else self._tip_node
            text = "" if self._tip_node is None else tooltip(model.describe(self._tip_node))
            self._canvas.viewport().setToolTip(text)

    def pending_click(self) -> QPoint | None:
        """Where the left button went down, while that press is a click (not a drag)."""
        return None if self._dragged else self._press_pos

    def press(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self._press_pos = event.position().toPoint()
            self._dragged = False

    def move(self, event: QMouseEvent) -> None:
        """Say what is under the mouse; a press moved far enough is a drag."""
        canvas = self._canvas
        pos = event.position().toPoint()
        n = canvas.node_at(pos)
        mark = canvas.mark_at(pos) if n is None else None
        if n != self._tip_node or mark != self._tip_mark:
            self._tip_node, self._tip_mark = n, mark
            model = canvas.tree_item.model
            text = ""
            if n is not None:
                text = tooltip(model.describe(n))
            elif mark is not None:
                text = tooltip(model.describe_mark(mark))
            canvas.viewport().setToolTip(text)
            if not text:
                QToolTip.hideText()
        if self._press_pos is not None and not self._dragged:
            moved = (pos - self._press_pos).manhattanLength()
            if moved >= QApplication.startDragDistance():
                self._dragged = True
                canvas._user_navigated()

    def release(self, event: QMouseEvent) -> None:
        """A click (not a drag): select the node, or unfold the mark, under it."""
        if event.button() != Qt.MouseButton.LeftButton or self._press_pos is None:
            return
        canvas = self._canvas
        pos, dragged = self._press_pos, self._dragged
        self._press_pos = None
        if dragged:
            return
        n = canvas.node_at(pos)
        if n is not None:
            canvas.set_selected(n)
            canvas.nodeClicked.emit(n)
            return
        mark = canvas.mark_at(pos)
        if mark is not None:
            # A click unfolds a fold (the double click it may begin does nothing more).
            self._unfolded_at = (time.monotonic(), pos)
            canvas.unfold(mark.parent)

    def double_click(self, event: QMouseEvent) -> bool:
        """Fold or unfold the subtree of the node under the mouse; True when the double
        click is done with (the second click of an unfolding click, too)."""
        when, where = self._unfolded_at
        self._unfolded_at = (-math.inf, QPoint())
        pos = event.position().toPoint()
        if (
            time.monotonic() - when < QApplication.doubleClickInterval() / 1000
            and (pos - where).manhattanLength() < QApplication.startDragDistance()
        ):
            return True
        canvas = self._canvas
        n = canvas.node_at(pos)
        now = canvas.tree_item.model.now
        if n is not None and now is not None and now.has_children(n):
            canvas.toggle_collapsed(n)
            return True
        return False
