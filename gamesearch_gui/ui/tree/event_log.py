"""The event log: every event of a recorded search up to the moment shown, one per line.

The model is lazy: a row's text is made only when the view asks for it (the visible
rows), so a log of two million events costs nothing until it is scrolled. The view is
a one-column ``QTableView``: a ``QListView`` lays out every row again whenever rows are
added or removed (seconds at two million, even with uniform item sizes), whereas a
table's fixed-height rows are placed by arithmetic.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from typing import Final

from PySide6.QtCore import QAbstractListModel
from PySide6.QtCore import QItemSelectionModel
from PySide6.QtCore import QModelIndex
from PySide6.QtCore import QPersistentModelIndex
from PySide6.QtCore import Qt
from PySide6.QtCore import Signal
from PySide6.QtCore import Slot
from PySide6.QtGui import QBrush
from PySide6.QtGui import QColor
from PySide6.QtGui import QFont
from PySide6.QtGui import QKeyEvent
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QAbstractItemView
from PySide6.QtWidgets import QHeaderView
from PySide6.QtWidgets import QTableView
from PySide6.QtWidgets import QWidget

from gamesearch_gui.core.narration.steps import describe_step
from gamesearch_gui.core.recording.depth_first import ITERATION_FINISHED
from gamesearch_gui.core.recording.depth_first import ITERATION_STARTED
from gamesearch_gui.core.recording.depth_first import PRUNED
from gamesearch_gui.core.recording.depth_first import SearchRecording
from gamesearch_gui.ui.text import tooltip
from gamesearch_gui.ui.throttle import RateLimiter

#: Most scrolls a second of the log to the current row while the replay plays:
#: following it ten times a second looks smooth and costs little.
FOLLOWS_PER_S: Final = 10
#: Text colour of cutoffs in the log (the tree draws them in red too).
PRUNED_COLOUR: Final = QColor(178, 34, 34)

_Index = QModelIndex | QPersistentModelIndex


class EventLogModel(QAbstractListModel):
    """The first ``count`` events of a recording, as lines of text ("12. MIN node C: ...")."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._recording: SearchRecording | None = None
        self._count = 0
        self._bold = QFont()
        self._bold.setBold(True)
        self._pruned = QBrush(PRUNED_COLOUR)

    @property
    def recording(self) -> SearchRecording | None:
        """The recording whose events are listed."""
        return self._recording

    def set_recording(self, recording: SearchRecording | None, count: int = 0) -> None:
        """List ``recording``'s first ``count`` events."""
        self.beginResetModel()
        self._recording = recording
        self._count = count if recording is not None else 0
        self.endResetModel()

    def set_count(self, count: int) -> None:
        """List the first ``count`` events (the moment shown)."""
        old = self._count
        if self._recording is None or count == old:
            return
        if count > old:
            self.beginInsertRows(QModelIndex(), old, count - 1)
            self._count = count
            self.endInsertRows()
        else:
            self.beginRemoveRows(QModelIndex(), count, old - 1)
            self._count = count
            self.endRemoveRows()

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008 (Qt's default)
        """Events listed (none under a row: it is a flat list)."""
        return 0 if parent.isValid() else self._count

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """A row's text (made now: nothing is stored per row), colour and weight."""
        recording = self._recording
        row = index.row()
        if recording is None or not index.isValid() or not 0 <= row < self._count:
            return None
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            text = f"{row + 1}. {describe_step(recording, row)}"
            return text if role == Qt.ItemDataRole.DisplayRole else tooltip(text)
        if role == Qt.ItemDataRole.ForegroundRole and recording.ev_type[row] == PRUNED:
            return self._pruned
        if role == Qt.ItemDataRole.FontRole and recording.ev_type[row] in (
            ITERATION_STARTED,
            ITERATION_FINISHED,
        ):
            return self._bold
        return None

    def text(self, row: int) -> str:
        """Row ``row``'s text (for tests and copying)."""
        return str(self.data(self.index(row), Qt.ItemDataRole.DisplayRole))


class EventLogView(QTableView):
    """The log on screen: keeps the current event's row selected and in sight.

    A person's click (or arrow key) on a row asks to jump to the moment just after that
    event; rows selected by the replay itself never do.
    """

    #: Go to this moment (the event clicked has just happened).
    jumpRequested = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.log_model = EventLogModel(self)
        self.setModel(self.log_model)
        self.setObjectName("eventLog")
        self.setAccessibleName("Search events")
        self.horizontalHeader().hide()
        self.horizontalHeader().setStretchLastSection(True)
        rows = self.verticalHeader()
        rows.hide()
        rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        rows.setDefaultSectionSize(self.fontMetrics().height() + 4)
        self.setShowGrid(False)
        self.setWordWrap(False)
        self.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
        self._row = -1
        self._by_person = False
        self._follows = RateLimiter(self, FOLLOWS_PER_S, self._apply)
        self.selectionModel().currentRowChanged.connect(self._current_changed)

    def set_recording(self, recording: SearchRecording | None, count: int = 0) -> None:
        """Show ``recording``'s first ``count`` events."""
        self.log_model.set_recording(recording, count)
        self.follow(count - 1)

    def set_count(self, count: int) -> None:
        """Show the first ``count`` events, the last one selected."""
        self.log_model.set_count(count)
        self.follow(count - 1)

    def follow(self, row: int) -> None:
        """Select ``row`` and scroll to it, at most FOLLOWS_PER_S times a second.

        The first call after a pause acts at once (a single step answers at once); calls
        during playback are gathered, and the last one wins.
        """
        self._row = row
        self._follows.request()

    def _apply(self) -> None:
        row = self._row
        selection = self.selectionModel()
        if row < 0 or row >= self.log_model.rowCount():
            selection.clear()
            return
        index = self.log_model.index(row)
        selection.setCurrentIndex(
            index,
            QItemSelectionModel.SelectionFlag.ClearAndSelect
            | QItemSelectionModel.SelectionFlag.Rows,
        )
        self.scrollTo(index, QAbstractItemView.ScrollHint.EnsureVisible)

    # A person's clicks and keys move the current row; only those ask for a jump.
    def mousePressEvent(self, event: QMouseEvent) -> None:
        """Note that the person chose the row."""
        with self._person():
            super().mousePressEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Note that the person moved to the row."""
        with self._person():
            super().keyPressEvent(event)

    @contextmanager
    def _person(self) -> Iterator[None]:
        """While the person's click or key is handled (a row it makes current asks for
        a jump)."""
        self._by_person = True
        try:
            yield
        finally:
            self._by_person = False

    @Slot(QModelIndex, QModelIndex)
    def _current_changed(self, current: QModelIndex, previous: QModelIndex) -> None:
        if self._by_person and current.isValid():
            self.jumpRequested.emit(current.row() + 1)
