"""The question before a check: which file (or lesson), which function, checked as which
search, on which trees, and how long the code may take on each.

The functions offered are read from the file's syntax (:mod:`gamesearch_gui.search_check.
outline`), never by running it.
"""

from __future__ import annotations

import os
from typing import Final

from PySide6.QtWidgets import QButtonGroup
from PySide6.QtWidgets import QComboBox
from PySide6.QtWidgets import QDialog
from PySide6.QtWidgets import QDialogButtonBox
from PySide6.QtWidgets import QDoubleSpinBox
from PySide6.QtWidgets import QFileDialog
from PySide6.QtWidgets import QFormLayout
from PySide6.QtWidgets import QHBoxLayout
from PySide6.QtWidgets import QLabel
from PySide6.QtWidgets import QLineEdit
from PySide6.QtWidgets import QPushButton
from PySide6.QtWidgets import QRadioButton
from PySide6.QtWidgets import QVBoxLayout
from PySide6.QtWidgets import QWidget

from gamesearch_gui.core.cpu_time import WALL_FACTOR
from gamesearch_gui.core.text import clip
from gamesearch_gui.core.trees.tree import CustomTree
from gamesearch_gui.search_check.outline import search_functions
from gamesearch_gui.search_check.runner import DEFAULT_TIME_LIMIT
from gamesearch_gui.search_check.runner import LESSONS
from gamesearch_gui.search_check.runner import RANDOM_TREES
from gamesearch_gui.search_check.runner import Lesson
from gamesearch_gui.search_check.student import KNOWN_FUNCTIONS
from gamesearch_gui.search_check.verdict import skip_reason
from gamesearch_gui.ui.search_check.thread import CheckRequest
from gamesearch_gui.ui.widgets import ERROR_COLOUR
from gamesearch_gui.ui.widgets import connect_plain
from gamesearch_gui.ui.widgets import equal_values_box

#: What the file dialog shows.
PYTHON_FILTER: Final = "Python files (*.py);;All files (*)"
#: The function choice that looks for aima-python's names.
DEFAULT_FUNCTION: Final = "(look for minimax_decision, alpha_beta_search or expect_minmax)"
#: The "check as" choices: (shown, the runner's algorithm).
KINDS: Final = (
    ("Tell from the function's name", None),
    ("Minimax", "minimax"),
    ("Alpha-beta", "alphabeta"),
    ("Expectiminimax (trees with chance nodes)", "expectiminimax"),
)
#: The default set of trees, as said for each kind of search (None: told by the name).
_PLAIN_TREES: Final = f"Figure 5.2, every example and {RANDOM_TREES} random trees"
_CHANCE_TREES: Final = f"the examples with chance nodes and {RANDOM_TREES} random chance trees"
#: Short enough for a radio button (which does not wrap: the whole set's words, with
#: "(as check-search)", made the dialog 1,062 px wide); the tooltip says the rest.
DEFAULT_TREES: Final = {
    None: f"{_PLAIN_TREES}, or chance trees for expectiminimax",
    "minimax": _PLAIN_TREES,
    "alphabeta": _PLAIN_TREES,
    "expectiminimax": f"{_CHANCE_TREES[0].upper()}{_CHANCE_TREES[1:]}",
}
#: The tooltip of the default set.
DEFAULT_TREES_TIP: Final = (
    f"The trees the command line's check-search uses: {_PLAIN_TREES}; for expectiminimax "
    f"{_CHANCE_TREES}"
)
#: Longest file read to list its functions.
OUTLINE_CHARS: Final = 1_000_000
#: The biggest tree in the editor offered for a check: the results draw it at once, and
#: a check is for trees a person reads leaf by leaf.
EDITOR_TREE_NODES: Final = 20_000


def editor_tree_problem(tree: CustomTree | None) -> str | None:
    """Why the tree in the editor cannot be checked, or None when it can."""
    if tree is None:
        return "no tree is open in the editor"
    if tree.node_count > EDITOR_TREE_NODES:
        return f"it has {tree.node_count:,} nodes; a check draws at most {EDITOR_TREE_NODES:,}"
    return skip_reason(tree)


class CheckSetupDialog(QDialog):
    """Asks what to check; ``request()`` is the answer once accepted.

    ``tree``: the tree open in the editor, offered as the one tree to check.
    """

    def __init__(
        self,
        tree: CustomTree | None = None,
        parent: QWidget | None = None,
        *,
        path: str = "",
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Check my search code")
        self.tree = tree
        self._make_sources(path)
        self._make_choices(tree)
        self.problem = QLabel()
        self.problem.setStyleSheet(f"color: {ERROR_COLOUR}")
        self.problem.setWordWrap(True)
        self._lay_out()
        self._file_changed()
        self._update()

    def _make_sources(self, path: str) -> None:
        """The code to check: the student's file, or a find-the-bug lesson."""
        self.own = QRadioButton("My file:")
        self.file_edit = QLineEdit(path)
        self.file_edit.setPlaceholderText(
            "a Python file with your minimax, alpha-beta or expectiminimax"
        )
        self.file_edit.setMinimumWidth(360)
        self.file_edit.editingFinished.connect(self._file_changed)
        self.browse = QPushButton("Browse…")
        connect_plain(self.browse.clicked, self._browse)
        self.lesson_radio = QRadioButton("Find-the-bug lesson:")
        self.lesson_combo = QComboBox()
        for lesson in LESSONS:
            self.lesson_combo.addItem(lesson.title, lesson.key)
        sources = QButtonGroup(self)
        sources.addButton(self.own)
        sources.addButton(self.lesson_radio)
        self.own.setChecked(True)
        self.own.toggled.connect(self._update)
        self.lesson_combo.currentIndexChanged.connect(self._update)

    def _make_choices(self, tree: CustomTree | None) -> None:
        """The function to call, what to check it as, the trees, and the time per tree."""
        self.function_combo = QComboBox()
        self.function_combo.setEditable(True)
        self.function_combo.setToolTip(
            "The function called as f(state, game), as aima-python's searches are; "
            "type another name if it is not listed"
        )
        self.kind_combo = QComboBox()
        for shown, algorithm in KINDS:
            self.kind_combo.addItem(shown, algorithm)
        self.equal_values = equal_values_box()  # alpha-beta's rule: the textbook's or CS188's
        self.all_trees = QRadioButton()
        self.all_trees.setToolTip(DEFAULT_TREES_TIP)
        self.kind_combo.currentIndexChanged.connect(self._update)
        self.editor_tree = QRadioButton()
        trees = QButtonGroup(self)
        trees.addButton(self.all_trees)
        trees.addButton(self.editor_tree)
        self.all_trees.setChecked(True)
        why = editor_tree_problem(tree)
        if tree is None:
            self.editor_tree.setText("The tree in the editor")
        else:
            self.editor_tree.setText(f"The tree in the editor: {clip(tree.name or 'untitled')}")
        if why is not None:
            self.editor_tree.setEnabled(False)
            self.editor_tree.setToolTip(f"Not this one: {why}")
        self.limit = QDoubleSpinBox()
        self.limit.setRange(0.5, 120.0)
        self.limit.setDecimals(1)
        self.limit.setSuffix(" s")
        self.limit.setValue(DEFAULT_TIME_LIMIT)
        self.limit.setToolTip(
            "Code that uses more CPU time than this to load, or on one tree, is stopped; "
            f"code that waits instead is stopped once {WALL_FACTOR} times as long has passed"
        )

    def _lay_out(self) -> None:
        """The sources, the form, what is wrong, and Check / Cancel, top down."""
        file_row = QHBoxLayout()
        file_row.addWidget(self.own)
        file_row.addWidget(self.file_edit, 1)
        file_row.addWidget(self.browse)
        lesson_row = QHBoxLayout()
        lesson_row.addWidget(self.lesson_radio)
        lesson_row.addWidget(self.lesson_combo, 1)
        form = QFormLayout()
        form.addRow("Function:", self.function_combo)
        form.addRow("Check it as:", self.kind_combo)
        form.addRow("", self.equal_values)
        tree_box = QVBoxLayout()
        tree_box.addWidget(self.all_trees)
        tree_box.addWidget(self.editor_tree)
        form.addRow("Trees:", tree_box)
        form.addRow("CPU time per tree:", self.limit)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setText("Check")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(file_row)
        layout.addLayout(lesson_row)
        layout.addLayout(form)
        layout.addWidget(self.problem)
        layout.addWidget(buttons)

    def _browse(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self, "Check my search code", self.file_edit.text(), PYTHON_FILTER
        )
        if path:
            self.file_edit.setText(path)
            self.own.setChecked(True)
            self._file_changed()

    def _file_changed(self) -> None:
        """Offer the functions the file defines that could be a search."""
        chosen = self.function_combo.currentText()
        self.function_combo.clear()
        self.function_combo.addItem(DEFAULT_FUNCTION)
        path = self.file_edit.text().strip()
        found: list[str] = []
        if path and os.path.isfile(path):
            try:
                with open(path, encoding="utf-8", errors="replace") as file:
                    found = search_functions(file.read(OUTLINE_CHARS))
            except OSError:
                found = []  # the check says what is wrong with the file
        for name in found:
            self.function_combo.addItem(name)
        # A file with one search of aima-python's names needs no choice; else its first
        # search-looking function is the likely one.
        if not any(name in KNOWN_FUNCTIONS for name in found) and found:
            self.function_combo.setCurrentIndex(1)
        elif chosen and chosen != DEFAULT_FUNCTION and chosen in found:
            self.function_combo.setCurrentText(chosen)

    def _update(self) -> None:
        own = self.own.isChecked()
        self.file_edit.setEnabled(own)
        self.function_combo.setEnabled(own)
        self.kind_combo.setEnabled(own)
        self.lesson_combo.setEnabled(not own)
        lesson = self.lesson()
        kind = lesson.kind.value if lesson is not None else self.kind_combo.currentData()
        self.all_trees.setText(DEFAULT_TREES.get(kind, DEFAULT_TREES[None]))
        # The rule is alpha-beta's: offered where the code may be checked as alpha-beta.
        self.equal_values.setEnabled(kind in (None, "alphabeta"))

    def lesson(self) -> Lesson | None:
        """The lesson chosen, or None for the person's own file."""
        if self.own.isChecked():
            return None
        key = self.lesson_combo.currentData()
        return next(each for each in LESSONS if each.key == key)

    def request(self) -> CheckRequest:
        """What to check, as the dialog says."""
        trees = None
        if self.editor_tree.isChecked() and self.tree is not None:
            trees = (self.tree,)
        limit = float(self.limit.value())
        lesson = self.lesson()
        strict = self.equal_values.isEnabled() and not self.equal_values.isChecked()
        if lesson is not None:
            return CheckRequest(lesson=lesson, trees=trees, time_limit=limit, strict=strict)
        function = self.function_combo.currentText().strip()
        return CheckRequest(
            path=self.file_edit.text().strip(),
            function=None if function in ("", DEFAULT_FUNCTION) else function,
            algorithm=self.kind_combo.currentData(),
            trees=trees,
            time_limit=limit,
            strict=strict,
        )

    def accept(self) -> None:
        """Check only what can be checked: a file must be named, and exist."""
        if self.own.isChecked():
            path = self.file_edit.text().strip()
            if not path:
                self.problem.setText("Choose your Python file (Browse…), or a lesson.")
                return
            if not os.path.isfile(path):
                self.problem.setText(f"There is no file {clip(path)}.")
                return
        super().accept()
