"""Export a set of random exercises from a seed: the sheets to hand out and their keys.

For instructors: a seed, how many exercises, how hard and which task, and a file name.
The exercises are made on a thread of the dialog's, and their keys (a search each) in an
engine process of its own, never in the window's process; the files are then written a
few pages at a time while the window stays live (export.ExportSteps), and the dialog
lists them. The same seed, count, difficulty and task always give the same set.
"""

from __future__ import annotations

import os
import time
from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtCore import QThread
from PySide6.QtCore import QTimer
from PySide6.QtCore import Signal
from PySide6.QtWidgets import QComboBox
from PySide6.QtWidgets import QDialogButtonBox
from PySide6.QtWidgets import QFileDialog
from PySide6.QtWidgets import QFormLayout
from PySide6.QtWidgets import QHBoxLayout
from PySide6.QtWidgets import QLabel
from PySide6.QtWidgets import QLineEdit
from PySide6.QtWidgets import QPushButton
from PySide6.QtWidgets import QVBoxLayout
from PySide6.QtWidgets import QWidget

from gamesearch_gui.core.exercises.exercise import AnswerKey
from gamesearch_gui.core.exercises.exercise import Difficulty
from gamesearch_gui.core.exercises.exercise import Exercise
from gamesearch_gui.core.exercises.exercise import ExerciseError
from gamesearch_gui.core.exercises.exercise import Task
from gamesearch_gui.core.exercises.exercise import exercise_set
from gamesearch_gui.engine.client import CallFailed
from gamesearch_gui.engine.client import EngineClient
from gamesearch_gui.engine.client import EngineError
from gamesearch_gui.ui.exercise.dialogs import convention_box
from gamesearch_gui.ui.exercise.dialogs import graded_rule
from gamesearch_gui.ui.exercise.difficulty_fields import DifficultyFields
from gamesearch_gui.ui.exercise.export import ExportSteps
from gamesearch_gui.ui.exercise.export import export_paths
from gamesearch_gui.ui.threads import ThreadDialog
from gamesearch_gui.ui.tree_fields import action_buttons
from gamesearch_gui.ui.tree_fields import add_row
from gamesearch_gui.ui.tree_fields import spin
from gamesearch_gui.ui.widgets import connect_plain
from gamesearch_gui.ui.widgets import equal_values_box
from gamesearch_gui.ui.worker import stop_engine_thread

#: The most exercises one export makes.
MAX_COUNT = 100
#: Seconds of page drawing between two looks at the window's events: short enough that
#: the dialog answers at once, long enough that a page's drawing is most of the time.
WRITE_SLICE = 0.03


class ExportThread(QThread):
    """Makes the set, and has an engine process of its own solve every exercise.

    ``done`` carries (run, [(exercise, key), ...]); ``failed`` (run, message). ``run``
    tells the dialog which export the answer belongs to (a stopped one is ignored).
    """

    done = Signal(object)
    failed = Signal(object)

    def __init__(
        self,
        run: int,
        seed: str,
        count: int,
        difficulty: Difficulty,
        task: Task,
        parent: QWidget | None = None,
        *,
        fail_hard: bool = False,
        strict: bool = False,
    ) -> None:
        super().__init__(parent)
        self.run_id = run
        self.seed = seed
        self.count = count
        self.difficulty = difficulty
        self.task = task
        self.fail_hard = fail_hard
        self.strict = strict
        self.engine = EngineClient("gamesearch-export")

    def stop(self) -> None:
        """End the engine process at once (if it still solves, its answer is no longer
        wanted), wait for the thread, and tidy up."""
        stop_engine_thread(self, self.engine, self.count + 1, at_once=True)

    def run(self) -> None:
        try:
            exercises = exercise_set(
                self.seed,
                self.count,
                self.difficulty,
                self.task,
                fail_hard=self.fail_hard,
                strict=self.strict,
            )
            pairs: list[tuple[Exercise, AnswerKey]] = []
            for number, exercise in enumerate(exercises, 1):
                if self.isInterruptionRequested():
                    return
                key = self.engine.call(
                    number, "solve_exercise", exercise, cancelled=self.isInterruptionRequested
                )
                pairs.append((exercise, key))
        except (ExerciseError, CallFailed, EngineError) as e:
            self.failed.emit((self.run_id, str(e)))
            return
        except Exception as e:  # reported in the dialog, never lost in the thread
            self.failed.emit((self.run_id, f"{type(e).__name__}: {e}"))
            return
        self.done.emit((self.run_id, pairs))


class ExportSetDialog(ThreadDialog):
    """Export a set of N random exercises from a seed, as sheets and answer keys."""

    #: The files written (a list of paths).
    exported = Signal(object)
    #: Why the export failed: one line for the person.
    failed = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Export exercise set")
        self._thread: ExportThread | None = None
        self._run = 0
        self._pending: tuple[str, str] = ("", "")  # base file name, heading
        #: The files being written, a slice of pages each time the window is idle.
        self._steps: ExportSteps | None = None
        self._writing = QTimer(self)
        self._writing.setInterval(0)
        self._writing.timeout.connect(self._write_some)

        form = QFormLayout()
        self.count_spin = spin(1, MAX_COUNT, 10, "How many exercises the set has")
        add_row(form, "Exercises", self.count_spin, "How many exercises the set has")
        self.fields = DifficultyFields("Each tree")
        self.fields.add_rows(form)
        self.task_combo = QComboBox()
        for task in Task:
            self.task_combo.addItem(task.title, task)
        self.task_combo.setCurrentIndex(list(Task).index(Task.ALPHABETA))
        form.addRow("Task", self.task_combo)
        self.convention_combo = convention_box()
        form.addRow("A node returns", self.convention_combo)
        self.equal_values = equal_values_box()
        form.addRow("", self.equal_values)
        form.addRow("File", self._file_row())
        self.files_note = QLabel()
        self.files_note.setWordWrap(True)
        form.addRow("", self.files_note)
        self._lay_out(form)

        self.fields.changed.connect(self._chance_changed)
        self.task_combo.currentIndexChanged.connect(self._task_chosen)
        self.equal_values.toggled.connect(self._task_chosen)
        self.file_edit.textChanged.connect(self._show_file_names)
        self._task_chosen()
        self._show_file_names()
        self.resize(520, self.sizeHint().height())

    def _file_row(self) -> QHBoxLayout:
        """The file to write, and Browse…"""
        self.file_edit = QLineEdit()
        self.file_edit.setPlaceholderText("exercises.pdf (or .svg)")
        browse = QPushButton("Browse…")
        connect_plain(browse.clicked, self._browse)
        file_row = QHBoxLayout()
        file_row.addWidget(self.file_edit, 1)
        file_row.addWidget(browse)
        return file_row

    def _lay_out(self, form: QFormLayout) -> None:
        """A line on what the dialog does, the form, the status, and Export / Close."""
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        # Export keeps the dialog open to say what it wrote; Cancel then reads Close.
        buttons, self.export_button = action_buttons(self, "Export")
        self.cancel_button = buttons.button(QDialogButtonBox.StandardButton.Cancel)
        connect_plain(self.export_button.clicked, self._export_clicked)
        layout = QVBoxLayout(self)
        intro = QLabel(
            "A set of random exercises from one seed: a sheet per exercise to hand out, "
            "and its answer key. The same seed gives the same set again."
        )
        intro.setWordWrap(True)
        layout.addWidget(intro)
        layout.addLayout(form)
        layout.addWidget(self.status)
        layout.addStretch(1)
        layout.addWidget(buttons)

    # -- the form

    def difficulty(self) -> Difficulty:
        """The difficulty the form describes."""
        return self.fields.value()

    def task(self) -> Task:
        """The task chosen."""
        task = self.task_combo.currentData()
        assert isinstance(task, Task)
        return task

    def fail_hard(self) -> bool:
        """True when the set grades fail-hard alpha-beta."""
        return graded_rule(self.task(), self.convention_combo, self.equal_values)[0]

    def strict(self) -> bool:
        """True when the set grades the strict pruning rule (only a task that prunes)."""
        return graded_rule(self.task(), self.convention_combo, self.equal_values)[1]

    def _task_chosen(self) -> None:
        self.convention_combo.setEnabled(self.task() is Task.ALPHABETA and not self.strict())
        self.equal_values.setEnabled(self.task().marks)
        self.fields.follow_task(self.task())

    def _chance_changed(self) -> None:
        # Chance levels make an expectiminimax set, as in New exercise.
        if self.difficulty().chance_levels() and not self.task().chance:
            self.task_combo.setCurrentIndex(self.task_combo.findData(Task.EXPECTIMINIMAX))

    def _show_file_names(self) -> None:
        base = self.file_edit.text().strip()
        if not base:
            self.files_note.setText("Writes NAME-sheet and NAME-key, as PDF or SVG")
            return
        sheet, key = export_paths(os.path.expanduser(base))
        what = "one file per exercise, " if sheet.endswith(".svg") else ""
        self.files_note.setText(
            f"Writes {what}{os.path.basename(sheet)} and {os.path.basename(key)}"
        )

    def _save_file_name(self) -> str:
        """Ask for the file to write ("" when the person cancels). Tests replace this."""
        seed = self.fields.shape.seed.text().strip()
        name, _filter = QFileDialog.getSaveFileName(
            self,
            "Export exercise set",
            self.file_edit.text().strip() or f"exercises-{seed}.pdf",
            "PDF (*.pdf);;SVG, one file per page (*.svg)",
        )
        return name

    def _browse(self) -> bool:
        name = self._save_file_name()
        if name:
            self.file_edit.setText(name)
        return bool(name)

    def _export_clicked(self) -> None:
        if not self.file_edit.text().strip() and not self._browse():
            return
        self.export(
            self.fields.shape.seed.text(),
            self.count_spin.value(),
            self.difficulty(),
            self.task(),
            os.path.expanduser(self.file_edit.text().strip()),
            fail_hard=self.fail_hard(),
            strict=self.strict(),
        )

    # -- the work

    @property
    def running(self) -> bool:
        """True while a set is being made or written."""
        return self._steps is not None or (self._thread is not None and self._thread.isRunning())

    def export(
        self,
        seed: str,
        count: int,
        difficulty: Difficulty,
        task: Task,
        base: str,
        *,
        fail_hard: bool = False,
        strict: bool = False,
    ) -> None:
        """Make the set from ``seed`` on a thread, then write the sheet and key files for
        ``base`` (see export.export_paths); ``exported`` or ``failed`` says how it went."""
        self.stop()
        seed = seed.strip()
        if not seed:
            self._fail("Give a seed: any word or number")
            return
        if not base.strip():
            self._fail("Choose a file to write")
            return
        try:
            difficulty.check()
        except ExerciseError as e:
            self._fail(f"Cannot make the exercises: {e}")
            return
        self._run += 1
        stem = os.path.splitext(os.path.basename(export_paths(base)[0]))[0].removesuffix("-sheet")
        self._pending = (base, f"{stem} · seed {seed}")
        self.status.setText(f"Making {count} exercise{'s' if count != 1 else ''}…")
        self.export_button.setEnabled(False)
        thread = ExportThread(
            self._run, seed, count, difficulty, task, self, fail_hard=fail_hard, strict=strict
        )
        thread.done.connect(self._made)
        thread.failed.connect(self._made_not)
        self._thread = thread
        thread.start()

    def _made(self, message: object) -> None:
        assert isinstance(message, tuple)
        run, pairs = message
        if run != self._run:
            return  # an export that was stopped
        self._finish_thread()
        base, heading = self._pending
        try:
            sheet, key = export_paths(base)
            self._steps = ExportSteps(pairs, sheet, key, heading=heading)
        except (OSError, ExerciseError, ValueError) as e:
            self._fail(str(e))
            return
        self.export_button.setEnabled(False)
        self._writing.start()

    def _write_some(self) -> None:
        """Draw pages for a slice of time, then let the window answer (a hundred
        exercises are two hundred pages); the files once the last page is drawn."""
        steps = self._steps
        if steps is None:
            self._writing.stop()
            return
        until = time.perf_counter() + WRITE_SLICE
        try:
            finished = steps.step()
            while not finished and time.perf_counter() < until:
                finished = steps.step()
        except (OSError, ExerciseError, ValueError) as e:
            self._stop_writing()
            self._fail(str(e))
            return
        if not finished:
            self.status.setText(f"Writing page {steps.done + 1} of {steps.total}…")
            return
        self._stop_writing()
        self.export_button.setEnabled(True)
        self.cancel_button.setText("Close")
        self._show_written(steps.written)
        self.exported.emit(steps.written)

    def _stop_writing(self) -> None:
        """No more pages: the files not yet whole are removed, the older ones kept."""
        self._writing.stop()
        steps, self._steps = self._steps, None
        if steps is not None:
            steps.close()

    def _made_not(self, message: object) -> None:
        assert isinstance(message, tuple)
        run, text = message
        if run != self._run:
            return
        self._finish_thread()
        self._fail(f"Cannot make the exercises: {text}")

    def _show_written(self, written: Sequence[str]) -> None:
        folder = os.path.dirname(written[0]) if written else ""
        names = [os.path.basename(path) for path in written]
        if len(names) > 6:
            names = [*names[:3], f"… {len(names) - 5} more …", *names[-2:]]
        self.status.setText(
            f"Wrote {len(written)} file{'s' if len(written) != 1 else ''} in {folder}:\n"
            + "\n".join(names)
        )

    def _fail(self, message: str) -> None:
        line = " ".join(message.split())  # one line
        self.status.setText(line)
        self.export_button.setEnabled(True)
        self.failed.emit(line)

    def _finish_thread(self) -> None:
        thread, self._thread = self._thread, None
        if thread is not None:
            thread.stop()
            thread.deleteLater()
        self.export_button.setEnabled(True)

    def stop(self) -> None:
        """Stop a set being made or written (its result is dropped; the files keep what
        they held) and wait for the thread."""
        self._stop_writing()
        thread, self._thread = self._thread, None
        self._run += 1  # whatever the stopped thread still sends is ignored
        if thread is not None:
            thread.stop()
            thread.deleteLater()
        self.export_button.setEnabled(True)
