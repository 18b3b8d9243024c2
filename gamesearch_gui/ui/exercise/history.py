"""The exercise history on the page: each check kept (one line per attempt), and the
History tab that lists them, to try one again or forget them all.

The history itself (a JSON file beside the settings) is
:class:`~gamesearch_gui.core.exercises.history.ExerciseHistory`; here are the page's
attempt at an exercise, what to say when the file cannot be written, and the list.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHBoxLayout
from PySide6.QtWidgets import QHeaderView
from PySide6.QtWidgets import QLabel
from PySide6.QtWidgets import QPushButton
from PySide6.QtWidgets import QTreeWidget
from PySide6.QtWidgets import QTreeWidgetItem
from PySide6.QtWidgets import QVBoxLayout
from PySide6.QtWidgets import QWidget

from gamesearch_gui.core.exercises.exercise import Exercise
from gamesearch_gui.core.exercises.grade import Grade
from gamesearch_gui.core.exercises.history import MAX_ENTRIES
from gamesearch_gui.core.exercises.history import ExerciseHistory
from gamesearch_gui.core.exercises.history import entry_for
from gamesearch_gui.core.files import describe
from gamesearch_gui.core.text import clip
from gamesearch_gui.core.trees.file import TreeFileError
from gamesearch_gui.ui.text import tooltip
from gamesearch_gui.ui.widgets import connect_plain


class Attempts:
    """Keeps each check of an exercise in the history: one line per attempt, replaced
    by the attempt's next check."""

    def __init__(self, history: ExerciseHistory) -> None:
        self.history = history
        #: The history's line of the attempt under way (None: not checked yet).
        self.index: int | None = None
        #: The last failure to save the history, said once.
        self._problem = ""

    def new_attempt(self) -> None:
        """The next check starts a line of its own."""
        self.index = None

    def record(self, exercise: Exercise, result: Grade) -> list[str]:
        """Keep ``result`` as the attempt's score; what to tell the person (a failure to
        write, said once; the oldest lines dropped)."""
        history = self.history
        entry = entry_for(exercise, result.score, result.earned, result.total, result.hints)
        dropped = []
        said = []
        try:
            index = self.index
            if index is not None and index < len(history.entries):
                history.replace(index, entry)  # one line per attempt
            else:
                dropped = history.add(entry)
                self.index = len(history.entries) - 1
        except OSError as error:
            # Said once: the next check that fails for the same reason says nothing new.
            problem = f"The score could not be saved: {describe(error, history.path)}."
            if problem != self._problem:
                self._problem = problem
                said.append(problem)
        else:
            self._problem = ""
        if dropped:
            oldest = dropped[-1] if len(dropped) == 1 else dropped[0]
            what = (
                f"the oldest, “{oldest.title:.60}” of {oldest.when}, was"
                if len(dropped) == 1
                else f"the {len(dropped)} oldest were"
            )
            said.append(f"The history keeps the newest {MAX_ENTRIES:,} exercises: {what} dropped.")
        return said


class HistoryTab(QWidget):
    """The exercises checked, newest first, with their scores: try one again, or forget all."""

    #: The person asked to try this exercise of the history again.
    retryRequested = Signal(object)
    #: The person asked to forget the history.
    clearRequested = Signal()
    #: Something went wrong: what, in a sentence.
    problem = Signal(str)

    def __init__(self, history: ExerciseHistory) -> None:
        super().__init__()
        self.history = history
        self.history_list = QTreeWidget()
        self.history_list.setObjectName("exerciseHistory")
        self.history_list.setHeaderLabels(["When", "Exercise", "Task", "Score"])
        self.history_list.setRootIsDecorated(False)
        # The score always in view: the task's column takes what room is left and elides
        # (its tooltip has it whole), rather than push the score past the edge.
        header = self.history_list.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.history_list.itemDoubleClicked.connect(lambda item, _c: self._retry(item))
        retry = QPushButton("Try again")
        retry.setToolTip("Start the chosen exercise again with an empty answer")
        retry.clicked.connect(lambda: self._retry(self.history_list.currentItem()))
        forget = QPushButton("Clear history")
        connect_plain(forget.clicked, self.clearRequested.emit)
        self.history_summary = QLabel()
        # Wrapped: a tab widget is as wide as its widest page, and this line, one long
        # line after the first Check, widened the side panel by 80 px and moved the tree.
        self.history_summary.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(self.history_summary)
        layout.addWidget(self.history_list, 1)
        buttons = QHBoxLayout()
        buttons.addWidget(retry)
        buttons.addWidget(forget)
        buttons.addStretch(1)
        layout.addLayout(buttons)

    def fill(self) -> None:
        """List the history's entries, newest first, under a line that sums them up."""
        history = self.history
        self.history_list.clear()
        for i, entry in reversed(list(enumerate(history.entries))):
            title = clip(entry.title)
            item = QTreeWidgetItem([entry.when, title, entry.task_title, f"{entry.score}%"])
            item.setData(0, Qt.ItemDataRole.UserRole, i)
            item.setToolTip(1, tooltip(entry.source))
            item.setToolTip(2, entry.task_title)
            tip = f"{entry.earned} of {entry.total} right"
            if entry.hints:
                tip += f", {entry.hints} revealed"
            item.setToolTip(3, tip)
            self.history_list.addTopLevelItem(item)
        entries = history.entries
        if entries:
            mean = sum(e.score for e in entries) / len(entries)
            self.history_summary.setText(
                f"{len(entries)} exercise{'s' if len(entries) != 1 else ''} checked, "
                f"mean score {mean:.0f}%. The newest {MAX_ENTRIES:,} are kept."
            )
        else:
            self.history_summary.setText("No exercise checked yet.")

    def forget(self) -> None:
        """Forget every entry of the history (the person agreed)."""
        try:
            self.history.clear()
        except OSError as error:
            path = self.history.path
            self.problem.emit(f"The history could not be cleared: {describe(error, path)}.")
        self.fill()

    def _retry(self, item: QTreeWidgetItem | None) -> None:
        if item is None:
            return
        index = item.data(0, Qt.ItemDataRole.UserRole)
        if not isinstance(index, int) or not 0 <= index < len(self.history.entries):
            return
        try:
            exercise = self.history.entries[index].exercise()
        except (TreeFileError, ValueError) as error:
            self.problem.emit(f"That exercise cannot be opened again: {error}")
            return
        self.retryRequested.emit(exercise)
