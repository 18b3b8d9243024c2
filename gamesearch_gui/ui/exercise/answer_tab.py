"""The exercise page's Answer tab: the chosen node's entries, the Check / Hint / Solution
buttons, the score and the grader's reasons, and how to answer.

The tab shows; the page owns the exercise and the answer. What the person types in the
form goes back to the page as requests (``NodeForm.entered``, ``NodeForm.cutToggled``),
as the canvas's clicks and keys do.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from collections.abc import Iterable

from PySide6.QtCore import QObject
from PySide6.QtCore import Qt
from PySide6.QtCore import Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QCheckBox
from PySide6.QtWidgets import QFormLayout
from PySide6.QtWidgets import QHBoxLayout
from PySide6.QtWidgets import QLabel
from PySide6.QtWidgets import QLineEdit
from PySide6.QtWidgets import QListWidgetItem
from PySide6.QtWidgets import QPushButton
from PySide6.QtWidgets import QVBoxLayout
from PySide6.QtWidgets import QWidget

from gamesearch_gui.core.exercises.exercise import Answer
from gamesearch_gui.core.exercises.exercise import Exercise
from gamesearch_gui.core.exercises.exercise import Field
from gamesearch_gui.core.exercises.exercise import Task
from gamesearch_gui.core.exercises.grade import Grade
from gamesearch_gui.core.exercises.grade import Mark
from gamesearch_gui.core.exercises.grade import node_name
from gamesearch_gui.core.numbers import format_number
from gamesearch_gui.core.trees.tree import NodeType
from gamesearch_gui.core.trees.tree import Path
from gamesearch_gui.ui.canvas_keys import ALPHABETA_KEYS
from gamesearch_gui.ui.exercise.view import grade_colours
from gamesearch_gui.ui.text import breakable
from gamesearch_gui.ui.widgets import HintedList
from gamesearch_gui.ui.widgets import connect_plain

#: The exercise and the answer the form reads (the page's, as they are now).
State = Callable[[], tuple[Exercise | None, Answer]]


def shown_entry(answer: Answer, path: Path, field: Field) -> str:
    """What an entry box shows for (path, field): its number, or nothing."""
    given = answer.get(path, field)
    return "" if given is None or isinstance(given, bool) else format_number(given)


class NodeForm(QObject):
    """The chosen node's entries: its value, α and β, and its branch crossed out or not.

    ``layout`` is the form to place; the person's edits come out as ``entered`` (path,
    field, text) and ``cutToggled`` (path) when they differ from the answer.
    """

    #: The person typed an entry into the form: path, field, the text.
    entered = Signal(object, object, str)
    #: The person ticked or unticked "Never searched" for the branch into this path.
    cutToggled = Signal(object)

    def __init__(self, state: State, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.state = state
        #: The node shown (None: none yet).
        self.path: Path | None = None
        self.node_label = QLabel("Click a node of the tree.")
        self.node_label.setWordWrap(True)
        self.value_edit = QLineEdit()
        self.alpha_edit = QLineEdit()
        self.beta_edit = QLineEdit()
        self.edits = {
            Field.VALUE: self.value_edit,
            Field.ALPHA: self.alpha_edit,
            Field.BETA: self.beta_edit,
        }
        for field, edit in self.edits.items():
            edit.setPlaceholderText("?")
            edit.editingFinished.connect(lambda f=field: self._entered(f))
        self.cut_box = QCheckBox("Never searched (cross out the branch)")
        self.cut_box.toggled.connect(self._cut)
        self.layout = form = QFormLayout()
        form.addRow(self.node_label)
        form.addRow("Value", self.value_edit)
        form.addRow("α when left", self.alpha_edit)
        form.addRow("β when left", self.beta_edit)
        form.addRow(self.cut_box)
        for widget in (*self.edits.values(), self.cut_box):
            widget.setEnabled(False)

    def show_node(self, path: Path) -> None:
        """Show the entries of the node at ``path`` (those its task asks for)."""
        exercise, answer = self.state()
        if exercise is None:
            return
        self.path = path
        node = exercise.tree.node_at(path)
        inner = node.type is not NodeType.LEAF
        alphabeta, marks = exercise.task is Task.ALPHABETA, exercise.task.marks
        text = node_name(exercise.tree, path)
        if not inner:
            text += ": a leaf's value is given"
        self.node_label.setText(
            f"<b>{html.escape(breakable(text[:1].upper() + text[1:]), quote=False)}</b>"
        )
        for field, edit in self.edits.items():
            edit.blockSignals(True)
            edit.setText(shown_entry(answer, path, field))
            edit.blockSignals(False)
            edit.setEnabled(inner and (exercise.task.values if field is Field.VALUE else alphabeta))
        self.cut_box.blockSignals(True)
        self.cut_box.setChecked(path in answer.pruned)
        self.cut_box.blockSignals(False)
        self.cut_box.setEnabled(marks and bool(path))
        form = self.layout
        for widget in (self.alpha_edit, self.beta_edit):
            form.setRowVisible(widget, alphabeta)
        form.setRowVisible(self.value_edit, exercise.task.values)
        form.setRowVisible(self.cut_box, marks)

    def _entered(self, field: Field) -> None:
        exercise, answer = self.state()
        path = self.path
        if path is None or exercise is None:
            return
        text = self.edits[field].text()
        if text.strip() != shown_entry(answer, path, field):
            self.entered.emit(path, field, text)

    def _cut(self, on: bool) -> None:
        _, answer = self.state()
        path = self.path
        if path and (path in answer.pruned) != on:
            self.cutToggled.emit(path)


class AnswerTab(QWidget):
    """The form, the grading buttons, the score, the grader's reasons and the keys."""

    #: The person clicked a reason: the path of the node it is about.
    pathChosen = Signal(object)

    def __init__(self, form: NodeForm, actions: Iterable[QAction]) -> None:
        super().__init__()
        self.form = form
        buttons = QHBoxLayout()
        for action in actions:
            button = QPushButton(action.text().replace("&", ""))
            button.setToolTip(action.toolTip())
            connect_plain(button.clicked, action.trigger)
            action.enabledChanged.connect(button.setEnabled)
            button.setEnabled(action.isEnabled())
            buttons.addWidget(button)
        self.score_label = QLabel()
        self.score_label.setObjectName("exerciseScore")
        self.score_label.setWordWrap(True)
        self.results = HintedList(
            "Check marks your entries: each mistake shows here with its reason (click it to "
            "go to its node), then how many are empty and how many right."
        )
        self.results.setObjectName("exerciseResults")
        self.results.setWordWrap(True)
        self.results.itemClicked.connect(self._result_clicked)
        self.keys_help = keys = QLabel(ALPHABETA_KEYS)
        keys.setWordWrap(True)
        small = keys.font()
        small.setPointSizeF(small.pointSizeF() * 0.9)
        keys.setFont(small)
        layout = QVBoxLayout(self)
        layout.addLayout(form.layout)
        layout.addLayout(buttons)
        layout.addWidget(self.score_label)
        layout.addWidget(self.results, 1)
        layout.addWidget(keys)

    def clear(self) -> None:
        """No score and no reasons (a new exercise)."""
        self.score_label.setText("")
        self.results.clear()

    def mark_changed(self) -> None:
        """Say under the score that the answer changed since it was graded."""
        self.score_label.setText(
            self.score_label.text() + "<br><i>Changed since: press Check again.</i>"
        )

    def show_grade(self, result: Grade) -> None:
        """The score, and the reasons: each mistake, the empty entries, the right ones."""
        self.results.clear()
        right_ink, wrong_ink, _ = grade_colours(self.results.palette().base().color())
        for verdict in result.mistakes:
            item = QListWidgetItem("✗ " + verdict.reason)
            item.setData(Qt.ItemDataRole.UserRole, verdict.path)
            item.setForeground(wrong_ink)
            self.results.addItem(item)
        # Empty entries apart, as one line: where a cut is still to be found is not said.
        if result.empty:
            entries = "entry" if result.empty == 1 else "entries"
            self.results.addItem(QListWidgetItem(f"· {result.empty} {entries} not yet filled in"))
        right = sum(1 for v in result.verdicts if v.mark is Mark.RIGHT and not v.hinted)
        if right:
            item = QListWidgetItem(f"✓ {right} {'entry' if right == 1 else 'entries'} right")
            item.setForeground(right_ink)
            self.results.addItem(item)
        colour = "#2e7d32" if result.score == 100 else "#c62828" if result.score < 50 else "#b26a00"
        self.score_label.setText(
            f"<span style='font-size:x-large; color:{colour}'><b>{result.score}%</b></span>"
            f"<br>{result.summary()}"
        )

    def _result_clicked(self, item: QListWidgetItem) -> None:
        path = item.data(Qt.ItemDataRole.UserRole)
        if isinstance(path, tuple):
            self.pathChosen.emit(path)
