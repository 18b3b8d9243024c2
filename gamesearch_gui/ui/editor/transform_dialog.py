"""Edit > Transform values: choose f(x), see it on the tree's values, and see minimax's and
expectiminimax's decisions before and after, side by side.

The formula is read and checked here as it is typed (``core/trees/transform.py``: no
search, no eval); the decisions come from the engine process (its call
``transform_decisions``, on a :class:`CompareThread` of the dialog's own, started again
for each new formula once typing pauses), never from a search in the window. With
"Predict first" (the exercise of ``core/exercises/flip.py``) the decisions stay hidden
until the student has said whether expectiminimax's changes, and that guess is graded.
Apply makes the transformed tree; the editor applies it as one undo step.
"""

from __future__ import annotations

from typing import Final

from PySide6.QtCore import QTimer
from PySide6.QtCore import Slot
from PySide6.QtGui import QBrush
from PySide6.QtGui import QColor
from PySide6.QtGui import QFont
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QAbstractItemView
from PySide6.QtWidgets import QButtonGroup
from PySide6.QtWidgets import QCheckBox
from PySide6.QtWidgets import QComboBox
from PySide6.QtWidgets import QDialogButtonBox
from PySide6.QtWidgets import QDoubleSpinBox
from PySide6.QtWidgets import QGridLayout
from PySide6.QtWidgets import QGroupBox
from PySide6.QtWidgets import QHBoxLayout
from PySide6.QtWidgets import QHeaderView
from PySide6.QtWidgets import QLabel
from PySide6.QtWidgets import QLineEdit
from PySide6.QtWidgets import QPushButton
from PySide6.QtWidgets import QRadioButton
from PySide6.QtWidgets import QTableWidget
from PySide6.QtWidgets import QTableWidgetItem
from PySide6.QtWidgets import QVBoxLayout
from PySide6.QtWidgets import QWidget

from gamesearch_gui.core.decisions import Decision
from gamesearch_gui.core.decisions import Decisions
from gamesearch_gui.core.exercises.flip import FlipExercise
from gamesearch_gui.core.exercises.flip import flip_question
from gamesearch_gui.core.exercises.flip import grade_flip
from gamesearch_gui.core.numbers import format_number
from gamesearch_gui.core.text import clip
from gamesearch_gui.core.trees.transform import MAX_FORMULA_CHARS
from gamesearch_gui.core.trees.transform import PRESETS
from gamesearch_gui.core.trees.transform import Formula
from gamesearch_gui.core.trees.transform import TransformError
from gamesearch_gui.core.trees.transform import parse_formula
from gamesearch_gui.core.trees.transform import transform_tree
from gamesearch_gui.core.trees.transform import value_images
from gamesearch_gui.core.trees.tree import CustomTree
from gamesearch_gui.ui.threads import CompareThread
from gamesearch_gui.ui.threads import ThreadDialog
from gamesearch_gui.ui.widgets import ERROR_COLOUR
from gamesearch_gui.ui.widgets import connect_plain
from gamesearch_gui.ui.widgets import error_label

#: The choice of "a·x + b" and of a formula typed, beside the presets.
LINEAR, TYPED = "linear", "typed"
#: How long typing must pause before the decisions are asked for again.
PAUSE_MS: Final = 400
#: How many of the tree's values the preview shows.
PREVIEW_VALUES: Final = 6
CHANGED_COLOUR = QColor("#fff3cd")
RIGHT_COLOUR = "#17a65b"

INTRO = (
    "Every leaf value x (and every eval) becomes f(x). Minimax only compares values, so a "
    "transformation that keeps their order never changes its decision; expectiminimax "
    "averages them, so their sizes count and its decision can change."
)


def linear_formula(a: float, b: float) -> str:
    """a·x + b as a formula: ``2*x + 1``, ``0.5*x - 3``, ``x``."""
    text = "x" if a == 1 else f"{a:g}*x"
    if b:
        text += f" {'-' if b < 0 else '+'} {abs(b):g}"
    return text


class TransformDialog(ThreadDialog):
    """Choose a transformation of ``tree``'s values; ``transformed`` holds the tree
    Apply made (None until then)."""

    def __init__(
        self,
        tree: CustomTree,
        parent: QWidget | None = None,
        *,
        exercise: FlipExercise | None = None,
    ) -> None:
        super().__init__(parent)
        what = "Does the decision flip?" if exercise is not None else "Transform values"
        self.setWindowTitle(f"{what} — {clip(tree.name)}")  # the menu entry's words
        self.tree = tree
        self.exercise = exercise
        self.transformed: CustomTree | None = None
        self.formula: Formula | None = None
        self.decisions: Decisions | None = None
        self.thread_: CompareThread | None = None
        self._stopped = False
        self._pause = QTimer(self)
        self._pause.setSingleShot(True)
        self._pause.setInterval(PAUSE_MS)
        self._pause.timeout.connect(self._ask_decisions)
        self._make_choice()
        self._make_prediction()
        self._make_table()
        self._lay_out()
        if exercise is not None:
            self.formula_edit.setText(exercise.formula)
            self.choice.setCurrentIndex(self.choice.findData(TYPED))
            self.predict_box.setChecked(True)
        self._choice_changed()

    # -- making it ----------------------------------------------------------------------

    def _make_choice(self) -> None:
        """The transformation: a·x + b, a preset, or a formula typed."""
        self.choice = QComboBox()
        self.choice.addItem("a·x + b", LINEAR)
        for name, formula in PRESETS:
            self.choice.addItem(name, formula)
        self.choice.addItem("a formula of x", TYPED)
        self.a_box = self._number_box(2.0, "a: how much every value is stretched (above 0)")
        self.b_box = self._number_box(1.0, "b: how far every value is moved")
        self.formula_edit = QLineEdit()
        self.formula_edit.setObjectName("transformFormula")
        self.formula_edit.setMaxLength(MAX_FORMULA_CHARS)
        self.formula_edit.setPlaceholderText("such as 2*x + 1, x**2, exp(x) or log(x + 10)")
        self.formula_edit.setToolTip(
            "Numbers, x, e, pi, + − * / ** (or ^), parentheses, and exp, log, ln, log2, "
            "log10, sqrt, abs, min, max"
        )
        self.preview = QLabel()
        self.preview.setObjectName("transformPreview")
        self.preview.setWordWrap(True)
        self.problem = error_label("transformProblem")
        self.choice.currentIndexChanged.connect(self._choice_changed)
        self.a_box.valueChanged.connect(self._choice_changed)
        self.b_box.valueChanged.connect(self._choice_changed)
        self.formula_edit.textEdited.connect(self._typed)

    @staticmethod
    def _number_box(value: float, tip: str) -> QDoubleSpinBox:
        box = QDoubleSpinBox()
        box.setRange(-1000, 1000)
        box.setDecimals(3)
        box.setValue(value)
        box.setToolTip(tip)
        return box

    def _make_prediction(self) -> None:
        """Predict first (graded): does expectiminimax's decision change?"""
        self.predict_box = QCheckBox("Predict first (graded): hide the decisions until I answer")
        self.predict_box.setObjectName("transformPredict")
        self.question = QLabel()
        self.question.setWordWrap(True)
        self.yes = QRadioButton("It changes")
        self.no = QRadioButton("It stays")
        self.answers = QButtonGroup(self)
        self.answers.addButton(self.yes)
        self.answers.addButton(self.no)
        self.check_button = QPushButton("Check my prediction")
        connect_plain(self.check_button.clicked, self.check_prediction)
        self.verdict = QLabel()
        self.verdict.setObjectName("transformVerdict")
        self.verdict.setWordWrap(True)
        self.predict_box.toggled.connect(lambda _on: self._show_decisions())
        self.answers.buttonToggled.connect(lambda *_: self._update_check())
        self.graded = False

    def _make_table(self) -> None:
        """The side-by-side view: one row a search, its decision before and after."""
        self.table = QTableWidget(0, 4)
        self.table.setObjectName("transformDecisions")
        self.table.setHorizontalHeaderLabels(["Search", "Before", "After", "Decision"])
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setWordWrap(True)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.ResizeToContents)
        self.summary = QLabel()
        self.summary.setObjectName("transformSummary")
        self.summary.setWordWrap(True)
        self.status = QLabel()
        self.status.setWordWrap(True)

    def _lay_out(self) -> None:
        intro = QLabel(INTRO)
        intro.setWordWrap(True)
        grid = QGridLayout()
        grid.addWidget(QLabel("Transformation"), 0, 0)
        choice_row = QHBoxLayout()
        choice_row.addWidget(self.choice)
        for text, box in (("a", self.a_box), ("b", self.b_box)):
            choice_row.addWidget(QLabel(text))
            choice_row.addWidget(box)
        choice_row.addStretch(1)
        grid.addLayout(choice_row, 0, 1)
        grid.addWidget(QLabel("f(x) ="), 1, 0)
        grid.addWidget(self.formula_edit, 1, 1)
        grid.setColumnStretch(1, 1)
        answers = QHBoxLayout()
        for widget in (self.yes, self.no, self.check_button):
            answers.addWidget(widget)
        answers.addStretch(1)
        decisions = QGroupBox("Decisions before and after")
        inner = QVBoxLayout(decisions)
        for part in (self.predict_box, self.question):
            inner.addWidget(part)
        inner.addLayout(answers)
        inner.addWidget(self.verdict)
        inner.addWidget(self.table, 1)
        inner.addWidget(self.summary)
        inner.addWidget(self.status)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Apply | QDialogButtonBox.StandardButton.Cancel
        )
        self.apply_button = self.buttons.button(QDialogButtonBox.StandardButton.Apply)
        self.apply_button.setToolTip("Change the tree's values (one step: Undo takes it back)")
        connect_plain(self.apply_button.clicked, self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(grid)
        layout.addWidget(self.preview)
        layout.addWidget(self.problem)
        layout.addWidget(decisions, 1)
        layout.addWidget(self.buttons)
        self.resize(780, 500)

    # -- the formula --------------------------------------------------------------------

    def formula_text(self) -> str:
        """The formula chosen: a·x + b's, a preset's, or the one typed."""
        data = self.choice.currentData()
        if data == LINEAR:
            return linear_formula(self.a_box.value(), self.b_box.value())
        if data == TYPED:
            return self.formula_edit.text()
        return str(data)

    def _choice_changed(self, *_args: object) -> None:
        linear = self.choice.currentData() == LINEAR
        self.a_box.setEnabled(linear)
        self.b_box.setEnabled(linear)
        if self.choice.currentData() != TYPED:
            self.formula_edit.setText(self.formula_text())
        self._formula_changed()

    def _typed(self, _text: str) -> None:
        """Typing in the formula makes it the typed choice."""
        if self.choice.currentData() != TYPED:
            self.choice.blockSignals(True)
            self.choice.setCurrentIndex(self.choice.findData(TYPED))
            self.choice.blockSignals(False)
            self.a_box.setEnabled(False)
            self.b_box.setEnabled(False)
        self._formula_changed()

    def _formula_changed(self) -> None:
        """Check the formula on the tree's values at once; ask for the decisions when
        typing pauses."""
        self._stop_thread()
        self._pause.stop()
        self.decisions = None
        self.graded = False
        self.verdict.clear()
        self.answers.setExclusive(False)
        self.yes.setChecked(False)
        self.no.setChecked(False)
        self.answers.setExclusive(True)
        try:
            formula = parse_formula(self.formula_text())
            images = value_images(self.tree, formula)
        except TransformError as error:
            self.formula = None
            self.preview.clear()
            self.problem.setText(f"{str(error)[:1].upper()}{str(error)[1:]}.")
            self.problem.show()
            self.apply_button.setEnabled(False)
            self.status.setText("")
            self._show_decisions()
            return
        self.formula = formula
        self.problem.hide()
        self.apply_button.setEnabled(True)
        self.preview.setText(self._preview_text(images))
        self.question.setText(flip_question(formula.text))
        self.status.setText("Solving before and after…")
        self._show_decisions()
        if self.isVisible():
            self._pause.start()

    @staticmethod
    def _preview_text(images: list[tuple[float, float]]) -> str:
        shown = ", ".join(
            f"{format_number(x)} → {format_number(y)}" for x, y in images[:PREVIEW_VALUES]
        )
        more = f" and {len(images) - PREVIEW_VALUES} more" if len(images) > PREVIEW_VALUES else ""
        return f"On this tree's values, in order: {shown}{more}. The order is kept."

    # -- the decisions ------------------------------------------------------------------

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self.formula is not None and self.decisions is None and self.thread_ is None:
            self._pause.start(0)

    def _ask_decisions(self) -> None:
        """Have the engine solve the tree before and after the formula."""
        if self._stopped or self.formula is None:
            return
        self._stop_thread()
        thread = CompareThread("transform_decisions", (self.tree, self.formula.text), self)
        thread.done.connect(self._answered)
        thread.failed.connect(self._failed)
        self.thread_ = thread
        thread.start()

    @Slot(object)
    def _answered(self, decisions: Decisions) -> None:
        if self.thread_ is None or self.sender() is not self.thread_:
            return  # asked before a formula typed since
        self.decisions = decisions
        self.status.setText("")
        self._fill_table(decisions)
        self._show_decisions()

    @Slot(str)
    def _failed(self, message: str) -> None:
        if self.thread_ is None or self.sender() is not self.thread_:
            return
        self.status.setText(f"Cannot compare the decisions: {message}")

    def _fill_table(self, decisions: Decisions) -> None:
        self.table.setRowCount(len(decisions.rows))
        for i, row in enumerate(decisions.rows):
            verdict = "changed" if row.changed else "unchanged"
            cells = (
                row.name,
                self._decision_text(row.before, decisions.moves),
                self._decision_text(row.after, decisions.moves),
                verdict,
            )
            for j, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if row.changed:
                    item.setBackground(QBrush(CHANGED_COLOUR))
                    if j in (2, 3):
                        font = QFont(item.font())
                        font.setBold(True)
                        item.setFont(font)
                self.table.setItem(i, j, item)
        self.table.resizeRowsToContents()
        self.summary.setText(decisions.summary())

    @staticmethod
    def _decision_text(decision: Decision, moves: tuple[str, ...]) -> str:
        values = " · ".join(
            f"{clip(move, 12)} {format_number(v)}"
            for move, v in zip(moves, decision.move_values, strict=True)
        )
        return f"plays {clip(decision.move, 20)}, value {format_number(decision.value)}\n{values}"

    # -- predicting ---------------------------------------------------------------------

    @property
    def predicting(self) -> bool:
        """True while the decisions wait for the student's prediction."""
        return self.predict_box.isChecked() and not self.graded

    def _show_decisions(self) -> None:
        """The table and summary, unless a prediction is awaited; the question's part."""
        chance = self.tree.has_chance
        self.predict_box.setVisible(chance)
        asking = chance and self.predict_box.isChecked()
        for widget in (self.question, self.yes, self.no, self.check_button):
            widget.setVisible(asking)
        self.verdict.setVisible(asking and self.graded)
        hidden = chance and self.predicting
        self.table.setVisible(not hidden and self.decisions is not None)
        self.summary.setVisible(not hidden and self.decisions is not None)
        self._update_check()

    def _update_check(self) -> None:
        chosen = self.yes.isChecked() or self.no.isChecked()
        self.check_button.setEnabled(chosen and self.decisions is not None and not self.graded)

    def check_prediction(self) -> None:
        """Grade the prediction against the engine's decisions, and show them."""
        if self.decisions is None or not (self.yes.isChecked() or self.no.isChecked()):
            return
        grade = grade_flip(self.decisions, self.yes.isChecked())
        self.graded = True
        colour = RIGHT_COLOUR if grade.right else ERROR_COLOUR
        self.verdict.setStyleSheet(f"color: {colour}")
        self.verdict.setText(grade.summary())
        self._show_decisions()

    # -- closing ------------------------------------------------------------------------

    def accept(self) -> None:
        """Make the transformed tree and close; on a formula refused, stay open."""
        if self.formula is None:
            return
        try:
            self.transformed = transform_tree(self.tree, self.formula)
        except TransformError as error:  # the preview said so already; say it again
            self.problem.setText(str(error))
            self.problem.show()
            return
        super().accept()

    def _stop_thread(self) -> None:
        thread, self.thread_ = self.thread_, None
        if thread is not None:
            thread.stop()
            thread.deleteLater()

    def stop(self) -> None:
        """Stop the decisions' engine call and its thread (once)."""
        self._pause.stop()
        self._stopped = True
        self._stop_thread()
