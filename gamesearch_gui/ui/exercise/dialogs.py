"""The new-exercise dialog: where the tree comes from, how hard it is, and the task."""

from __future__ import annotations

import html
import os
import traceback
from collections.abc import Callable

from PySide6.QtCore import Slot
from PySide6.QtWidgets import QButtonGroup
from PySide6.QtWidgets import QCheckBox
from PySide6.QtWidgets import QComboBox
from PySide6.QtWidgets import QDialog
from PySide6.QtWidgets import QFileDialog
from PySide6.QtWidgets import QFormLayout
from PySide6.QtWidgets import QGroupBox
from PySide6.QtWidgets import QHBoxLayout
from PySide6.QtWidgets import QLabel
from PySide6.QtWidgets import QLineEdit
from PySide6.QtWidgets import QProgressBar
from PySide6.QtWidgets import QPushButton
from PySide6.QtWidgets import QRadioButton
from PySide6.QtWidgets import QVBoxLayout
from PySide6.QtWidgets import QWidget

from gamesearch_gui.core.exercises.exercise import Difficulty
from gamesearch_gui.core.exercises.exercise import Exercise
from gamesearch_gui.core.exercises.exercise import ExerciseError
from gamesearch_gui.core.exercises.exercise import PlayersTreeError
from gamesearch_gui.core.exercises.exercise import Task
from gamesearch_gui.core.exercises.exercise import instructions
from gamesearch_gui.core.exercises.exercise import make_exercise
from gamesearch_gui.core.exercises.exercise import players_problem
from gamesearch_gui.core.exercises.exercise import random_exercise
from gamesearch_gui.core.trees.file import TreeFileError
from gamesearch_gui.core.trees.file import load_tree_file
from gamesearch_gui.core.trees.tree import CustomTree
from gamesearch_gui.paths import TREE_SUFFIX
from gamesearch_gui.ui.exercise.difficulty_fields import DifficultyFields
from gamesearch_gui.ui.jobs import JobRunner
from gamesearch_gui.ui.tree_fields import action_buttons
from gamesearch_gui.ui.widgets import connect_plain
from gamesearch_gui.ui.widgets import equal_values_box
from gamesearch_gui.ui.widgets import error_label

RANDOM, DRAWN, FILE = "random", "drawn", "file"

#: What to do instead of an exercise on a tree of players, by where the tree came from.
PLAYERS_ADVICE = {
    DRAWN: "Choose a random tree or a tree file instead, or draw a tree of MAX and MIN "
    "(Draw a tree, New tree). To practise max^n on this tree, solve it in Draw a tree and "
    "step through the replay: the explanation says who picks which vector, and why.",
    FILE: "Choose a file of MAX and MIN, or a random tree. To practise max^n on this one, "
    "open it in Draw a tree (File > Open), solve it and step through the replay.",
}


def file_exercise(
    path: str,
    task: Task,
    check: Callable[[], None] | None = None,
    *,
    fail_hard: bool = False,
    strict: bool = False,
) -> Exercise:
    """An exercise on the tree in the file at ``path``; TreeFileError, OSError or
    ExerciseError say why not. ``check`` may stop the reading (see ``load_tree_file``)."""
    tree = load_tree_file(path, check=check)
    source = f"the file {os.path.basename(path)}"
    return make_exercise(tree, task, source=source, fail_hard=fail_hard, strict=strict)


def convention_box() -> QComboBox:
    """The choice of alpha-beta's convention, fail-soft first (its data: True for fail-hard)."""
    box = QComboBox()
    box.setObjectName("exerciseConvention")
    box.addItem("its own value, even outside α–β (fail-soft)", False)
    box.addItem("α or β at a cutoff (fail-hard)", True)
    box.setToolTip(
        "What a MAX or MIN node returns in an alpha-beta exercise: the graded convention"
    )
    return box


def graded_rule(task: Task, convention: QComboBox, equal_values: QCheckBox) -> tuple[bool, bool]:
    """(fail-hard, strict) as an exercise's choices give them: the strict pruning rule for
    a task that prunes with *Prune on equal values* unchecked, and fail-hard for alpha-beta
    by the textbook's rule when ``convention`` (a :func:`convention_box`) says so."""
    strict = task.marks and not equal_values.isChecked()
    return task is Task.ALPHABETA and not strict and bool(convention.currentData()), strict


class NewExerciseDialog(QDialog):
    """Choose an exercise: a random tree (difficulty and seed), the drawn tree, or a file.

    ``drawn_tree`` gives the tree in Draw-a-tree mode. :meth:`exercise` builds the chosen
    exercise; a problem (a file that will not load, a tree unfit for the task) is shown
    in the dialog, which stays open. A tree file is read on ``loader``'s thread (the
    dialog's own when none is given), the dialog busy meanwhile: a big file takes
    seconds.
    """

    def __init__(
        self,
        drawn_tree: Callable[[], CustomTree] | None = None,
        parent: QWidget | None = None,
        *,
        folder: str = "",
        loader: JobRunner | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("New exercise")
        self.drawn_tree = drawn_tree
        self.folder = folder
        self.result_exercise: Exercise | None = None
        self._owns_loader = loader is None
        self.loader = loader if loader is not None else JobRunner("exercise file loader", self)
        self.loader.finished.connect(self._file_read)
        self.loader.failed.connect(self._file_failed)
        self._reading = False

        self._make_sources()
        self._make_random_box()
        self._make_file_box()
        self._make_task()
        self._make_busy_box()
        self._lay_out()
        self.fields.changed.connect(self._update)
        for button in (self.source_random, self.source_drawn, self.source_file):
            button.toggled.connect(self._update)
        self.task.currentIndexChanged.connect(self._task_chosen)
        self.convention.currentIndexChanged.connect(self._update)
        self.equal_values.toggled.connect(self._update)
        self.file_edit.textChanged.connect(self._update)
        self._update()

    def _make_sources(self) -> None:
        """Where the tree comes from: a random tree, the drawn tree, or a file."""
        self.source_random = QRadioButton("A random tree")
        self.source_drawn = QRadioButton("The tree drawn in Draw a tree")
        self.source_file = QRadioButton("A tree file")
        self.source_drawn.setEnabled(self.drawn_tree is not None)
        self.sources = QButtonGroup(self)
        for button in (self.source_random, self.source_drawn, self.source_file):
            self.sources.addButton(button)
        self.source_random.setChecked(True)

    def _make_random_box(self) -> None:
        """The random tree's difficulty, shape and seed, in a box of their own."""
        self.fields = DifficultyFields()
        random_form = QFormLayout()
        self.fields.add_rows(random_form)
        self.random_box = QGroupBox()
        self.random_box.setLayout(random_form)

    def _make_file_box(self) -> None:
        """The tree file's name, and Browse…"""
        self.file_edit = QLineEdit()
        self.file_edit.setPlaceholderText("a " + TREE_SUFFIX + " file")
        browse = QPushButton("Browse…")
        connect_plain(browse.clicked, self._browse)
        file_row = QHBoxLayout()
        file_row.addWidget(self.file_edit, 1)
        file_row.addWidget(browse)
        self.file_box = QWidget()
        self.file_box.setLayout(file_row)
        file_row.setContentsMargins(20, 0, 0, 0)

    def _make_task(self) -> None:
        """The task and the convention a node returns by, with what the task asks."""
        self.task = QComboBox()
        for task in Task:
            self.task.addItem(task.title, task)
        self.task.setCurrentIndex(1)
        self.convention = convention_box()
        self.equal_values = equal_values_box()
        self.task_help = QLabel()
        self.task_help.setWordWrap(True)
        self.error = error_label("exerciseError")

    def _make_busy_box(self) -> None:
        """What the dialog says while it reads a tree file (hidden till then)."""
        self.busy = QLabel()
        self.busy_bar = QProgressBar()
        self.busy_bar.setRange(0, 0)  # reading a file says nothing until it is done
        self.busy_bar.setTextVisible(False)
        busy_row = QHBoxLayout()
        busy_row.addWidget(self.busy, 1)
        busy_row.addWidget(self.busy_bar)
        self.busy_box = QWidget()
        self.busy_box.setLayout(busy_row)
        busy_row.setContentsMargins(0, 0, 0, 0)
        self.busy_box.hide()

    def _lay_out(self) -> None:
        """The tree's source, the task, what went wrong, and Start / Cancel, top down."""
        buttons, self.ok_button = action_buttons(self, "Start")
        buttons.accepted.connect(self.accept)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel("<b>Tree</b>"))
        layout.addWidget(self.source_random)
        layout.addWidget(self.random_box)
        layout.addWidget(self.source_drawn)
        layout.addWidget(self.source_file)
        layout.addWidget(self.file_box)
        task_form = QFormLayout()
        task_form.addRow("<b>Task</b>", self.task)
        task_form.addRow("A node returns", self.convention)
        task_form.addRow("", self.equal_values)
        layout.addLayout(task_form)
        layout.addWidget(self.task_help)
        layout.addWidget(self.error)
        layout.addWidget(self.busy_box)
        layout.addWidget(buttons)

    # -- choices

    def source(self) -> str:
        """RANDOM, DRAWN or FILE."""
        if self.source_drawn.isChecked():
            return DRAWN
        return FILE if self.source_file.isChecked() else RANDOM

    def set_source(self, source: str) -> None:
        """Choose where the tree comes from."""
        {RANDOM: self.source_random, DRAWN: self.source_drawn, FILE: self.source_file}[
            source
        ].setChecked(True)

    def chosen_task(self) -> Task:
        """The task chosen."""
        task = self.task.currentData()
        assert isinstance(task, Task)
        return task

    def set_task(self, task: Task) -> None:
        """Choose the task."""
        self.task.setCurrentIndex(self.task.findData(task))

    def fail_hard(self) -> bool:
        """True when the exercise grades fail-hard alpha-beta (only alpha-beta has it)."""
        return graded_rule(self.chosen_task(), self.convention, self.equal_values)[0]

    def strict(self) -> bool:
        """True when the exercise grades the strict pruning rule (only a task that prunes)."""
        return graded_rule(self.chosen_task(), self.convention, self.equal_values)[1]

    def set_fail_hard(self, on: bool) -> None:
        """Choose alpha-beta's convention."""
        self.convention.setCurrentIndex(self.convention.findData(on))

    def _task_chosen(self) -> None:
        # A random tree's chance levels follow the task: Star1 needs some, minimax and
        # alpha-beta none.
        if self.source() == RANDOM:
            self.fields.follow_task(self.chosen_task())
        self._update()

    def difficulty_chosen(self) -> Difficulty:
        """The random tree's shape as set."""
        return self.fields.value()

    def _update(self) -> None:
        source = self.source()
        self.random_box.setEnabled(source == RANDOM)
        self.file_box.setEnabled(source == FILE)
        difficulty = self.difficulty_chosen()
        if source == RANDOM:
            # Chance levels make it an expectiminimax exercise, and only that.
            chance = difficulty.chance_levels() > 0
            if chance and not self.chosen_task().chance:
                self.set_task(Task.EXPECTIMINIMAX)
        elif (
            source == DRAWN
            and self.drawn_tree is not None
            and self.drawn_tree().has_chance
            and not self.chosen_task().chance
        ):
            self.set_task(Task.EXPECTIMINIMAX)
        task = self.chosen_task()
        strict = self.strict()
        self.convention.setEnabled(task is Task.ALPHABETA and not strict and not self._reading)
        self.equal_values.setEnabled(task.marks and not self._reading)
        bounds = difficulty.values if source == RANDOM and task is Task.STAR1 else None
        text = instructions(task, fail_hard=self.fail_hard(), bounds=bounds, strict=strict)
        self.task_help.setText(f"<i>{html.escape(text, quote=False)}</i>")
        self.error.hide()
        # A drawn tree of players: said as soon as it is chosen, not only at Start.
        players = (
            players_problem(self.drawn_tree())
            if source == DRAWN and self.drawn_tree is not None
            else None
        )
        if players is not None:
            self._refuse(PlayersTreeError(players))

    def _browse(self) -> None:
        path = self._open_file_name()
        if path:
            self.file_edit.setText(path)
            self.set_source(FILE)

    def _open_file_name(self) -> str | None:
        """Ask for a tree file (tests replace this)."""
        path, _ = QFileDialog.getOpenFileName(
            self, "Exercise from a tree file", self.folder, f"Game trees (*{TREE_SUFFIX} *.json)"
        )
        return path or None

    # -- the result

    def exercise(self) -> Exercise:
        """The chosen exercise; ExerciseError (or TreeFileError, OSError) says what is wrong."""
        source, task, fail_hard = self.source(), self.chosen_task(), self.fail_hard()
        strict = self.strict()
        if source == RANDOM:
            seed = self.fields.shape.seed.text().strip()
            if not seed:
                raise ExerciseError("type a seed (any word or number), or press New seed")
            difficulty = self.difficulty_chosen()
            return random_exercise(difficulty, task, seed, fail_hard=fail_hard, strict=strict)
        if source == DRAWN:
            assert self.drawn_tree is not None
            tree = self.drawn_tree()
            drawn = "the tree drawn in Draw a tree"
            return make_exercise(tree, task, source=drawn, fail_hard=fail_hard, strict=strict)
        return file_exercise(self._file_path(), task, fail_hard=fail_hard, strict=strict)

    def _file_path(self) -> str:
        path = self.file_edit.text().strip()
        if not path:
            raise ExerciseError("choose a tree file")
        return path

    def accept(self) -> None:
        """Start only with an exercise that can be set; otherwise say why and stay open.

        A tree file is read off the GUI thread first: the dialog closes once it is read.
        """
        if self._reading:
            return
        try:
            if self.source() == FILE:
                self._read_file(
                    self._file_path(), self.chosen_task(), self.fail_hard(), self.strict()
                )
                return
            self.result_exercise = self.exercise()
        except (ExerciseError, TreeFileError, OSError) as error:
            self._refuse(error)
            return
        super().accept()

    def done(self, result: int) -> None:
        """Close; a file still being read is dropped."""
        self._set_reading("")
        if self._owns_loader:
            self.loader.shutdown()
        super().done(result)

    def _read_file(self, path: str, task: Task, fail_hard: bool, strict: bool) -> None:
        self.error.hide()
        self._set_reading(f"Opening {os.path.basename(path)}…")
        self.loader.start(
            lambda job: file_exercise(path, task, job.check, fail_hard=fail_hard, strict=strict)
        )

    def _set_reading(self, text: str) -> None:
        """Show that a file is being read (``text``), or that none is ("")."""
        if not text and self._reading:
            self.loader.cancel()
        self._reading = bool(text)
        self.busy.setText(text)
        self.busy_box.setVisible(self._reading)
        self.ok_button.setEnabled(not self._reading)
        for widget in (self.random_box, self.file_box, self.task, self.convention):
            widget.setEnabled(not self._reading)
        self.equal_values.setEnabled(not self._reading and self.chosen_task().marks)
        if not self._reading:
            self._update()

    @Slot(object)
    def _file_read(self, exercise: Exercise) -> None:
        if not self._reading:
            return  # another dialog's file (the loader is shared)
        self._set_reading("")
        self.result_exercise = exercise
        super().accept()

    @Slot(object)
    def _file_failed(self, error: BaseException) -> None:
        if not self._reading:
            return
        self._set_reading("")
        if not isinstance(error, ExerciseError | TreeFileError | OSError):
            traceback.print_exception(error)  # a bug, not the person's file: say so
            error = ExerciseError(f"internal error: {type(error).__name__}: {error}")
        self._refuse(error)

    def _refuse(self, error: BaseException) -> None:
        text = str(error)
        if isinstance(error, OSError) and error.strerror:
            text = f"{error.strerror}: {error.filename}"
        if isinstance(error, PlayersTreeError) and self.source() in PLAYERS_ADVICE:
            text = f"{text}. {PLAYERS_ADVICE[self.source()]}"
        self.error.setText(text[:1].upper() + text[1:])
        self.error.show()


__all__ = ["DRAWN", "FILE", "RANDOM", "NewExerciseDialog", "convention_box"]
