"""The statistics panel's "Tree shape" section: nodes and branching per depth, where
games end, and how many distinct positions the nodes stand for.

Folds away under its title, so the panel stays short on a small screen. The counts by
depth come at once (C-speed scans of the recording's columns); the distinct positions
need every node's position rebuilt, so they are counted a piece at a time between the
window's paints, and only while the section is shown (0.14 s in all for the full
tic-tac-toe tree of 549,946 nodes).
"""

from __future__ import annotations

from typing import Final

from PySide6.QtCore import Qt
from PySide6.QtCore import QTimer
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QAbstractItemView
from PySide6.QtWidgets import QHeaderView
from PySide6.QtWidgets import QLabel
from PySide6.QtWidgets import QTableWidget
from PySide6.QtWidgets import QTableWidgetItem
from PySide6.QtWidgets import QToolButton
from PySide6.QtWidgets import QVBoxLayout
from PySide6.QtWidgets import QWidget

from gamesearch_gui.core.numbers import format_number
from gamesearch_gui.core.recording.depth_first import SearchRecording
from gamesearch_gui.core.shape import PositionCounter
from gamesearch_gui.core.shape import TreeShape
from gamesearch_gui.core.shape import tree_shape

#: Nodes counted for distinct positions between two paints (a few milliseconds).
COUNT_PIECE: Final = 20_000
#: Rows of the table shown before it scrolls.
VISIBLE_ROWS: Final = 5
#: What the section says when the search was not recorded.
NOT_RECORDED_TEXT: Final = (
    "Open the Search tree (View menu) while the AI thinks to see its tree's shape here."
)


class ShapeSection(QWidget):
    """A folding table of the tree's shape by depth, and its ends and positions."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.toggle = QToolButton()
        self.toggle.setText("Tree shape")
        self.toggle.setCheckable(True)
        self.toggle.setChecked(True)
        self.toggle.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.toggle.setArrowType(Qt.ArrowType.DownArrow)
        self.toggle.setAutoRaise(True)
        self.toggle.setToolTip("Show or hide the shape of the last search's tree")
        self.toggle.toggled.connect(self._folded)
        self.table = QTableWidget(0, 3)
        self.table.setHorizontalHeaderLabels(["Depth", "Nodes", "Branching"])
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        branching = QTableWidgetItem("Branching")
        branching.setToolTip(
            "Average children of the nodes searched further at this depth (after pruning)"
        )
        self.table.setHorizontalHeaderItem(2, branching)
        self._row_height = self.table.fontMetrics().height() + 6
        self.table.verticalHeader().setDefaultSectionSize(self._row_height)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.body = QWidget()
        body = QVBoxLayout(self.body)
        body.setContentsMargins(0, 0, 0, 0)
        body.addWidget(self.table)
        body.addWidget(self.summary)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.toggle)
        layout.addWidget(self.body)
        layout.addStretch(1)  # the panel's spare height goes under it, not inside it
        self.shape: TreeShape | None = None
        self._counter: PositionCounter | None = None
        self._timer = QTimer(self)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self._count_piece)
        self.clear()

    def clear(self, text: str = "–") -> None:
        """No tree: ``text`` in place of the table."""
        self._timer.stop()
        self._counter = None
        self.shape = None
        self.table.setRowCount(0)
        self.table.hide()
        self.summary.setText(text)

    def show_recording(self, recording: SearchRecording | None) -> None:
        """The shape of ``recording``'s tree (None: the search was not recorded)."""
        if recording is None or recording.node_count == 0:
            self.clear(NOT_RECORDED_TEXT if recording is None else "–")
            return
        self.shape = shape = tree_shape(recording)
        self.table.setRowCount(len(shape.rows))
        for i, row in enumerate(shape.rows):
            branching = "–" if row.branching is None else format_number(row.branching, 2)
            for column, text in enumerate((str(row.depth), f"{row.nodes:,}", branching)):
                cell = QTableWidgetItem(text)
                cell.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.table.setItem(i, column, cell)
        # As tall as its rows, up to VISIBLE_ROWS (then it scrolls): no empty band.
        header = self.table.horizontalHeader().sizeHint().height()
        rows = min(len(shape.rows), VISIBLE_ROWS)
        self.table.setFixedHeight(header + self._row_height * rows + 2 * self.table.frameWidth())
        self.table.show()
        self._counter = PositionCounter(recording)
        self._show_summary()
        self._resume()

    def distinct_text(self) -> str:
        """The distinct positions as shown ("counting…" until they are counted)."""
        counter = self._counter
        if counter is None:
            return "–"
        if not counter.finished:
            return f"counting… {counter.share_done:.0%}"
        return f"{counter.count:,}"

    def _show_summary(self) -> None:
        shape, counter = self.shape, self._counter
        if shape is None or counter is None:
            return
        if shape.shallowest_terminal is None:
            ends = "No game ended in this tree (every leaf was evaluated at the depth limit)."
        elif shape.shallowest_terminal == shape.deepest_terminal:
            ends = f"Games end at depth {shape.shallowest_terminal}."
        else:
            ends = (
                f"Games end at depth {shape.shallowest_terminal} at the earliest, "
                f"{shape.deepest_terminal} at the latest."
            )
        whose = "the first " if counter.capped else ""
        self.summary.setText(
            f"{ends}\nDistinct positions: {self.distinct_text()} among {whose}"
            f"{shape.nodes:,} nodes."
        )

    def _resume(self) -> None:
        counter = self._counter
        if counter is not None and not counter.finished and self.body.isVisible():
            self._timer.start()

    def _count_piece(self) -> None:
        counter = self._counter
        if counter is None or not self.body.isVisible():
            self._timer.stop()  # shown again: showEvent resumes it
            return
        if counter.run(COUNT_PIECE):
            self._timer.stop()
        self._show_summary()

    def _folded(self, shown: bool) -> None:
        self.toggle.setArrowType(Qt.ArrowType.DownArrow if shown else Qt.ArrowType.RightArrow)
        self.body.setVisible(shown)
        self._resume()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._resume()
