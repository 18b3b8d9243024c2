"""Exercise mode: the page where a student solves a tree by hand and has it graded.

The page owns the exercise, the student's :class:`~gamesearch_gui.core.exercises.exercise.Answer`,
and the answer key. The key is read from a real search of the tree, run on the page's
own search thread when the exercise starts (the GUI thread never searches); "Check",
"Hint" and "Show solution" wait for it, which on a hand-sized tree is a few
milliseconds. "Show solution" replays that very search in the tree view's replay
panel, so what the key says and what the replay shows are the same events.

Every check is kept in the exercise history (a JSON file beside the settings), so the
scores survive a restart and any past exercise can be tried again.
"""

from __future__ import annotations

import html
import os
from collections.abc import Callable

from PySide6.QtCore import QSettings, Qt, Signal, Slot
from PySide6.QtGui import QAction, QFont, QUndoCommand, QUndoStack
from PySide6.QtWidgets import (
    QCheckBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPushButton,
    QSplitter,
    QTabWidget,
    QToolBar,
    QToolButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gamesearch_gui.core.exercises.exercise import (
    Answer,
    AnswerKey,
    Exercise,
    ExerciseError,
    Field,
    Task,
    give_hint,
    give_up,
    parse_entry,
)
from gamesearch_gui.core.exercises.grade import Grade, Mark, grade, node_name
from gamesearch_gui.core.exercises.history import MAX_ENTRIES, ExerciseHistory, entry_for
from gamesearch_gui.core.files import describe, file_stem
from gamesearch_gui.core.numbers import format_number
from gamesearch_gui.core.recording.depth_first import SearchRecording
from gamesearch_gui.core.search import SearchResult
from gamesearch_gui.core.text import clip
from gamesearch_gui.core.trees.file import TreeFileError
from gamesearch_gui.core.trees.tree import CustomTree, NodeType, Path
from gamesearch_gui.ui.actions import Owner, bar, build_actions, fill_menu, fill_toolbar, make_menu
from gamesearch_gui.ui.canvas_keys import ALPHABETA_KEYS, CROSS_OUT_KEYS, VALUES_KEYS
from gamesearch_gui.ui.exercise.dialogs import NewExerciseDialog
from gamesearch_gui.ui.exercise.view import ExerciseCanvas, grade_colours
from gamesearch_gui.ui.jobs import JobRunner
from gamesearch_gui.ui.recorded_search import RecordedSearch, show_node_labels
from gamesearch_gui.ui.text import ElidedLabel, breakable, tooltip
from gamesearch_gui.ui.tree.page import TreePage
from gamesearch_gui.ui.widgets import PageStack, beside_settings, connect_plain
from gamesearch_gui.ui.worker import SearchController, SearchRequest

HISTORY_NAME = "exercise-history.json"


class AnswerEdit(QUndoCommand):
    """One change to the answer, undoable: the answer before it and after it."""

    def __init__(self, page: ExercisePage, text: str, path: Path, after: Answer) -> None:
        super().__init__(text)
        self.page = page
        self.path = path
        self.before = page.answer.copy()
        self.after = after.copy()

    def redo(self) -> None:
        self.page.set_answer_entries(self.after, self.path)

    def undo(self) -> None:
        self.page.set_answer_entries(self.before, self.path)


def keys_help(task: Task) -> str:
    """How to answer ``task``: only the keys it uses."""
    if task is Task.ALPHABETA:
        return ALPHABETA_KEYS
    return VALUES_KEYS if task.values else CROSS_OUT_KEYS


WELCOME = (
    "<p style='font-size:large'><b>Practise search by hand</b></p>"
    "<p>Choose <b>New exercise</b> (Ctrl+Shift+N): a random tree at the difficulty you "
    "like, the tree you drew, or a tree file. Work out the values (and, for alpha-beta, "
    "what is pruned), then press <b>Check</b>.</p>"
)


def solution_text(task: Task, *, from_start: bool) -> str:
    """What the page says over the solution at its end: what the finished search shows
    of the answer to ``task``, and how to step through it (``from_start``: the next step
    forward goes to the first event)."""
    if task is Task.ALPHABETA:
        shows = (
            "Each node shows the value it returns and its α and β (where one changed, "
            "a→b: b is what the node leaves with); a branch it never searched is marked "
            "pruned."
        )
    elif task is Task.STAR1:
        shows = "A branch it never searched is marked pruned."
    else:
        shows = "Each node shows its value."
    how = (
        "Press <b>→</b> to step through the search from its first event, or <b>▶</b> to play it."
        if from_start
        else "Press <b>▶</b> to play the search again from its first event, or <b>Home</b> to "
        "go back to it."
    )
    return (
        f"<b>The answer</b>: the search that made the key, at its end. {shows} {how} "
        "Entries not right when the solution was shown earn no points."
    )


#: What the page says over the solution while it steps through the search.
STEPS_TEXT = (
    "The search that made the key, step by step: the line under the replay's buttons "
    "says what each step did. Press <b>End</b> to see the answer whole."
)


def history_path(store: QSettings) -> str:
    """Where the exercise history lives: beside the settings file, else the app's data folder."""
    return beside_settings(store, HISTORY_NAME)


class ExercisePage(QWidget):
    """Solve a tree by hand: type values, cross out branches, check, get hints, see the search."""

    #: A message for the status bar.
    message = Signal(str)
    #: The exercise (and so the window title) changed.
    titleChanged = Signal(str)

    def __init__(
        self,
        store: QSettings | None = None,
        *,
        drawn_tree: Callable[[], CustomTree] | None = None,
        history_file: str | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("exercisePage")
        self.store = store if store is not None else QSettings()
        self.drawn_tree = drawn_tree
        self.exercise: Exercise | None = None
        self.answer = Answer()
        self.key: AnswerKey | None = None
        self.last_grade: Grade | None = None
        self._graded = False  #: the verdicts on screen still match the answer
        self._history_index: int | None = None
        self._save_problem = ""  #: the last failure to save the history, said once
        self._form_path: Path | None = None
        self.history = ExerciseHistory(history_file or history_path(self.store))

        self.undo_stack = QUndoStack(self)
        self.controller = SearchController(self)
        #: Reads the new-exercise dialog's tree files (its thread outlives the dialog).
        self.loader = JobRunner("exercise file loader", self)
        # The key's search is recorded but not shown: its replay is the solution.
        self.searches = RecordedSearch(self.controller, parent=self)
        self.searches.finished.connect(self._key_ready)
        self.searches.failed.connect(self._key_failed)

        # The tree, and the solution's replay in its place.
        self.canvas = ExerciseCanvas()
        self.canvas.setObjectName("exerciseCanvas")
        self.canvas.entryRequested.connect(self.write_entry)
        self.canvas.markToggled.connect(self.toggle_mark)
        self.canvas.clearRequested.connect(self.clear_node)
        self.canvas.pathSelected.connect(self._show_node)
        self.solution_panel = TreePage()
        # One search, no iterative deepening: no iteration header over the tree.
        self.solution_panel.canvas.set_header_visible(False)
        # A key's search keeps every node: no cap to choose for a next search.
        self.solution_panel.cap_label.hide()
        self.solution_panel.cap_box.hide()
        self.solution_panel.controller.stateChanged.connect(self._say_solution)
        self.solution_panel.controller.momentChanged.connect(self._say_solution)
        self.solution_panel.canvas.auto_fold = False  # the key is shown whole, never folded
        welcome_text = QLabel(WELCOME)
        welcome_text.setWordWrap(True)
        welcome_text.setAlignment(Qt.AlignmentFlag.AlignCenter)
        welcome_text.setMargin(20)
        self.start_button = QPushButton("New exercise…")
        self.start_button.setDefault(True)
        connect_plain(self.start_button.clicked, self.new_exercise)
        self.welcome = QWidget()
        welcome_layout = QVBoxLayout(self.welcome)
        welcome_layout.addStretch(1)
        welcome_layout.addWidget(welcome_text)
        welcome_layout.addWidget(self.start_button, 0, Qt.AlignmentFlag.AlignHCenter)
        welcome_layout.addStretch(1)
        self.stack = PageStack()
        for page in (self.welcome, self.canvas, self.solution_panel):
            self.stack.addWidget(page)

        self.title_label = ElidedLabel()
        self.title_label.setObjectName("exerciseTitle")
        font = QFont(self.title_label.font())
        font.setPointSizeF(font.pointSizeF() * 1.2)
        font.setBold(True)
        self.title_label.setFont(font)
        self.instructions = QLabel()
        self.instructions.setWordWrap(True)
        self.score_label = QLabel()
        self.score_label.setObjectName("exerciseScore")
        self.score_label.setWordWrap(True)
        self.status_label = QLabel()
        self.status_label.setObjectName("exerciseStatus")
        self.status_label.setWordWrap(True)

        self._make_actions()

        # The chosen node's entries.
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
            edit.editingFinished.connect(lambda f=field: self._form_entered(f))
        self.cut_box = QCheckBox("Never searched (cross out the branch)")
        self.cut_box.toggled.connect(self._form_cut)
        self.form = form = QFormLayout()
        form.addRow(self.node_label)
        form.addRow("Value", self.value_edit)
        form.addRow("α when left", self.alpha_edit)
        form.addRow("β when left", self.beta_edit)
        form.addRow(self.cut_box)

        buttons = QHBoxLayout()
        for action in (self.act_check, self.act_hint, self.act_solution):
            button = QPushButton(action.text().replace("&", ""))
            button.setToolTip(action.toolTip())
            connect_plain(button.clicked, action.trigger)
            action.enabledChanged.connect(button.setEnabled)
            button.setEnabled(action.isEnabled())
            buttons.addWidget(button)

        self.results = QListWidget()
        self.results.setObjectName("exerciseResults")
        self.results.setWordWrap(True)
        self.results.itemClicked.connect(self._result_clicked)
        self.keys_help = keys = QLabel(ALPHABETA_KEYS)
        keys.setWordWrap(True)
        small = keys.font()
        small.setPointSizeF(small.pointSizeF() * 0.9)
        keys.setFont(small)

        answer_tab = QWidget()
        answer_layout = QVBoxLayout(answer_tab)
        answer_layout.addLayout(form)
        answer_layout.addLayout(buttons)
        answer_layout.addWidget(self.score_label)
        answer_layout.addWidget(self.results, 1)
        answer_layout.addWidget(keys)

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
        connect_plain(forget.clicked, self.clear_history)
        self.history_summary = QLabel()
        history_tab = QWidget()
        history_layout = QVBoxLayout(history_tab)
        history_layout.addWidget(self.history_summary)
        history_layout.addWidget(self.history_list, 1)
        history_buttons = QHBoxLayout()
        history_buttons.addWidget(retry)
        history_buttons.addWidget(forget)
        history_buttons.addStretch(1)
        history_layout.addLayout(history_buttons)

        self.tabs = QTabWidget()
        self.tabs.addTab(answer_tab, "Answer")
        self.tabs.addTab(history_tab, "History")

        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        title_row = QHBoxLayout()
        title_row.addWidget(self.title_label, 1)
        self.view_buttons: list[QToolButton] = []
        for text, tip, slot in (
            ("−", "Zoom out (Ctrl+−)", self.canvas.zoom_out),
            ("+", "Zoom in (Ctrl+=)", self.canvas.zoom_in),
            ("Fit", "The whole tree in view", self.canvas.fit_exercise),
        ):
            view_button = QToolButton()
            view_button.setText(text)
            view_button.setToolTip(tip)
            connect_plain(view_button.clicked, slot)
            view_button.setEnabled(False)
            title_row.addWidget(view_button)
            self.view_buttons.append(view_button)
        left_layout.addLayout(title_row)
        left_layout.addWidget(self.instructions)
        left_layout.addWidget(self.status_label)
        left_layout.addWidget(self.stack, 1)
        #: The answers, results and history: hidden by "Focus on the tree", and while the
        #: solution replays (its entries are closed then, and the replay needs the width).
        self.side_panel = self.tabs
        self._tree_focus = False
        connect_plain(self.stack.currentChanged, self._sync_side_panel)
        splitter = QSplitter()
        splitter.addWidget(left)
        splitter.addWidget(self.tabs)
        splitter.setStretchFactor(0, 1)
        splitter.setSizes([820, 330])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(splitter)

        for widget in (*self.edits.values(), self.cut_box):
            widget.setEnabled(False)
        self._fill_history()
        if self.history.problem:
            self.status_label.setText(self.history.problem)
        self._update()

    # -- actions -----------------------------------------------------------------------

    # Made from ui/actions.py's list (build_actions).
    declared_actions: dict[str, QAction]
    act_new: QAction
    act_restart: QAction
    act_undo: QAction
    act_redo: QAction
    act_check: QAction
    act_hint: QAction
    act_solution: QAction
    act_back: QAction
    act_export: QAction
    act_export_set: QAction

    def _make_actions(self) -> None:
        made = build_actions(Owner.EXERCISE, self)
        for signal in (
            self.undo_stack.canUndoChanged,
            self.undo_stack.canRedoChanged,
            self.undo_stack.undoTextChanged,
            self.undo_stack.redoTextChanged,
        ):
            signal.connect(self._stack_changed)
        owners = {Owner.EXERCISE: self}
        self.menu = fill_menu(make_menu("exercise", self), "exercise", owners)
        # Parented here until a window takes it (addToolBar), and hidden till then.
        self.toolbar = QToolBar(bar("toolbar.exercise").title, self)
        self.toolbar.hide()
        fill_toolbar(self.toolbar, "toolbar.exercise", owners)
        self.mode_actions = list(made.values())
        # Their shortcuts work on this page alone too (a window also lists them in menus).
        self.addActions(self.mode_actions)
        self.active = True

    def set_active(self, on: bool) -> None:
        """Enable (Exercise mode) or disable (other modes) the actions with shortcuts."""
        self.active = on
        self.menu.menuAction().setVisible(on)
        if self.toolbar.parentWidget() is not self:
            self.toolbar.setVisible(on)
        self._update()

    @Slot()
    def _stack_changed(self, *_: object) -> None:
        # A method, not a lambda: Qt disconnects it when the page is deleted.
        self._update()

    def _update(self) -> None:
        on = self.active
        ready = self.key is not None
        replay = self.stack.currentWidget() is self.solution_panel
        self.act_new.setEnabled(on)
        self.act_export_set.setEnabled(on)
        self.act_restart.setEnabled(on and self.exercise is not None)
        self.act_check.setEnabled(on and ready and not replay)
        self.act_hint.setEnabled(on and ready and not replay)
        self.act_solution.setEnabled(on and ready and not replay)
        self.act_back.setEnabled(on and replay)
        self.act_export.setEnabled(on and ready)
        for button in self.view_buttons:
            button.setEnabled(self.stack.currentWidget() is self.canvas)
        self.act_back.setVisible(replay)
        self.act_solution.setVisible(not replay)
        stack = self.undo_stack
        self.act_undo.setEnabled(on and not replay and stack.canUndo())
        self.act_redo.setEnabled(on and not replay and stack.canRedo())
        undo, redo = stack.undoText(), stack.redoText()
        self.act_undo.setText(f"&Undo {undo}" if undo else "&Undo")
        self.act_redo.setText(f"&Redo {redo}" if redo else "&Redo")

    # -- starting --------------------------------------------------------------------------

    def title(self) -> str:
        """The exercise's title, for the window."""
        return "Exercise" if self.exercise is None else clip(self.exercise.title)

    def new_exercise(self) -> bool:
        """Ask for an exercise and start it (False: cancelled)."""
        exercise = self._ask_exercise()
        if exercise is None or not self.may_leave():
            return False
        self.start(exercise)
        return True

    def may_leave(self) -> bool:
        """True unless an answer with entries not yet checked would be lost and the person
        says to keep it."""
        answer = self.answer
        written = answer.values or answer.alphas or answer.betas or answer.pruned
        if self.exercise is None or self._graded or not written:
            return True
        return self._confirm(
            "Leave this exercise?",
            f"Your answer to {clip(self.exercise.title)} has not been checked since you last "
            "changed it. Leave it anyway? Its entries will be lost.",
        )

    def _ask_exercise(self) -> Exercise | None:
        """The new-exercise dialog's choice (None: cancelled). Tests replace this."""
        dialog = NewExerciseDialog(self.drawn_tree, self, folder=self._folder(), loader=self.loader)
        try:
            return dialog.result_exercise if dialog.exec() else None
        finally:
            dialog.deleteLater()

    def _folder(self) -> str:
        return str(self.store.value("editor/folder", "") or "")

    def start(self, exercise: Exercise) -> None:
        """Set ``exercise`` with an empty answer, and work out its key on the search thread."""
        self.controller.cancel()
        self.undo_stack.clear()
        self.exercise = exercise
        self.answer = Answer()
        self.key = None
        self.last_grade = None
        self._graded = False
        self._history_index = None
        self.canvas.set_exercise(exercise)
        self.canvas.editable = True
        self.stack.setCurrentWidget(self.canvas)
        self.title_label.setText(f"{exercise.title} — {exercise.task_title}")
        self.instructions.setText(exercise.instructions)
        self.keys_help.setText(keys_help(exercise.task))
        self.status_label.setText(f"<i>Tree: {exercise.source}</i>" if exercise.source else "")
        self.score_label.setText("")
        self.results.clear()
        game = exercise.game
        self.searches.start(
            game, game.initial_state(), exercise.settings, purpose="exercise key", node_cap=None
        )
        inner = [n.path for n in exercise.tree.nodes() if n.type is not NodeType.LEAF]
        self.canvas.select_path(inner[0] if inner else ())
        self.canvas.setFocus()
        self._update()
        self.titleChanged.emit(self.title())

    def restart(self) -> None:
        """The same exercise with an empty answer."""
        if self.exercise is not None and self.may_leave():
            self.start(self.exercise)

    def _key_ready(self, request: SearchRequest, result: SearchResult) -> None:
        if self.exercise is None or not isinstance(request.recording, SearchRecording):
            return  # an exercise's key is a depth-first search, never MCTS
        try:
            self.key = AnswerKey.from_recording(self.exercise, request.recording)
        except ExerciseError as error:
            self.status_label.setText(f"This exercise cannot be graded: {error}")
        self._update()

    def _key_failed(self, request: SearchRequest, message: str) -> None:
        self.status_label.setText(f"This exercise cannot be graded: {message}")
        self._update()

    # -- the answer ------------------------------------------------------------------------

    def write_entry(self, path: Path, field: Field, text: str) -> bool:
        """Write what the student typed into (path, field); False (and why) if unreadable."""
        if self.exercise is None:
            return False
        try:
            value = parse_entry(text)
        except ValueError as error:
            self._say(str(error))
            return False
        if self.answer.get(path, field) == value:
            return True
        after = self.answer.copy()
        after.set(path, field, value)
        name = node_name(self.exercise.tree, path)
        what = {Field.VALUE: "value", Field.ALPHA: "α", Field.BETA: "β"}.get(field, "")
        self.undo_stack.push(AnswerEdit(self, f"{what} of {name}", path, after))
        return True

    def toggle_mark(self, path: Path) -> None:
        """Cross out the branch into ``path``, or restore it."""
        if self.exercise is None or not path:
            return
        after = self.answer.copy()
        crossed = path not in after.pruned
        after.set(path, Field.PRUNED, crossed)
        name = node_name(self.exercise.tree, path)
        text = f"cross out {name}" if crossed else f"restore {name}"
        self.undo_stack.push(AnswerEdit(self, text, path, after))

    def clear_node(self, path: Path) -> None:
        """Rub out every entry of the node at ``path``."""
        if self.exercise is None:
            return
        after = self.answer.copy()
        for field in Field:
            after.set(path, field, None)
        if after.get(path, Field.PRUNED) == self.answer.get(path, Field.PRUNED) and all(
            self.answer.get(path, f) is None for f in (Field.VALUE, Field.ALPHA, Field.BETA)
        ):
            return  # nothing to rub out
        name = node_name(self.exercise.tree, path)
        self.undo_stack.push(AnswerEdit(self, f"rub out {name}", path, after))

    def set_answer_entries(self, entries: Answer, path: Path) -> None:
        """Show ``entries`` as the answer (an edit, its undo or redo); what hints revealed
        stays revealed whatever is undone."""
        hinted = self.answer.hinted
        self.answer = entries.copy()
        self.answer.hinted = hinted
        self._changed(path)

    def _changed(self, path: Path) -> None:
        if self._graded:
            self._graded = False
            self.score_label.setText(
                self.score_label.text() + "<br><i>Changed since: press Check again.</i>"
            )
        self._refresh_canvas()
        self._show_node(path)

    def _refresh_canvas(self) -> None:
        verdicts = {}
        if self._graded and self.last_grade is not None:
            verdicts = {(v.path, v.field): v for v in self.last_grade.verdicts}
        self.canvas.set_answer(self.answer, verdicts)

    def _say(self, text: str) -> None:
        self.status_label.setText(f"<span style='color:#c62828'>{text}</span>")
        self.message.emit(text)

    # -- the form beside the tree

    def _show_node(self, path: object) -> None:
        exercise = self.exercise
        if exercise is None or not isinstance(path, tuple):
            return
        self._form_path = path
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
            given = self.answer.get(path, field)
            edit.blockSignals(True)
            edit.setText("" if given is None or isinstance(given, bool) else format_number(given))
            edit.blockSignals(False)
            edit.setEnabled(inner and (exercise.task.values if field is Field.VALUE else alphabeta))
        self.cut_box.blockSignals(True)
        self.cut_box.setChecked(path in self.answer.pruned)
        self.cut_box.blockSignals(False)
        self.cut_box.setEnabled(marks and bool(path))
        for widget in (self.alpha_edit, self.beta_edit):
            self.form.setRowVisible(widget, alphabeta)
        self.form.setRowVisible(self.value_edit, exercise.task.values)
        self.form.setRowVisible(self.cut_box, marks)

    def _form_entered(self, field: Field) -> None:
        path = self._form_path
        if path is None or self.exercise is None:
            return
        text = self.edits[field].text()
        given = self.answer.get(path, field)
        shown = "" if given is None or isinstance(given, bool) else format_number(given)
        if text.strip() != shown:
            self.write_entry(path, field, text)

    def _form_cut(self, on: bool) -> None:
        path = self._form_path
        if path and (path in self.answer.pruned) != on:
            self.toggle_mark(path)

    # -- grading -------------------------------------------------------------------------

    def check(self) -> Grade | None:
        """Grade the answer: colours on the tree, the reasons listed, the score kept."""
        if self.key is None or self.exercise is None:
            return None
        result = grade(self.key, self.answer)
        self.last_grade = result
        self._graded = True
        self._refresh_canvas()
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
        self._record(result)
        return result

    def _record(self, result: Grade) -> None:
        exercise = self.exercise
        assert exercise is not None
        entry = entry_for(exercise, result.score, result.earned, result.total, result.hints)
        dropped = []
        try:
            index = self._history_index
            if index is not None and index < len(self.history.entries):
                self.history.replace(index, entry)  # one line per attempt
            else:
                dropped = self.history.add(entry)
                self._history_index = len(self.history.entries) - 1
        except OSError as error:
            # Said once: the next check that fails for the same reason says nothing new.
            problem = f"The score could not be saved: {describe(error, self.history.path)}."
            if problem != self._save_problem:
                self._save_problem = problem
                self._say(problem)
        else:
            self._save_problem = ""
        if dropped:
            oldest = dropped[-1] if len(dropped) == 1 else dropped[0]
            what = (
                f"the oldest, “{oldest.title:.60}” of {oldest.when}, was"
                if len(dropped) == 1
                else f"the {len(dropped)} oldest were"
            )
            self._say(f"The history keeps the newest {MAX_ENTRIES:,} exercises: {what} dropped.")
        self._fill_history()

    def hint(self) -> Path | None:
        """Fill in the next node the search settled; its entries earn nothing."""
        if self.key is None:
            return None
        path = give_hint(self.key, self.answer)
        # What a hint revealed cannot be taken back and typed again for points.
        self.undo_stack.clear()
        if path is None:
            self._say("Nothing to reveal: every entry is right.")
            return None
        assert self.exercise is not None
        name = node_name(self.exercise.tree, path)
        cut = (path, Field.PRUNED) in self.answer.hinted
        what = f"the branch to {name} is crossed out" if cut else f"{name} is filled in"
        self.status_label.setText(
            f"Hint: {breakable(what)}. Hinted entries (amber) earn no points; "
            f"{len(self.answer.hinted)} so far."
        )
        self._graded = False
        self._refresh_canvas()
        self.canvas.select_path(path)
        return path

    def _result_clicked(self, item: QListWidgetItem) -> None:
        path = item.data(Qt.ItemDataRole.UserRole)
        if isinstance(path, tuple):
            self.canvas.select_path(path)

    # -- the solution ----------------------------------------------------------------------

    def show_solution(self) -> None:
        """Show the search that made the key at its end, which is the answer (every value,
        α and β, and every cut), with the replay ready to step through it from its first
        event.

        The answer comes first because it is what the student asked for; one canvas
        cannot show a search's first step and its result at once, and at 1366×768 there
        is no room for a second tree beside the replay. Seeing it gives every entry
        away: what is not right yet counts as revealed.
        """
        key = self.key
        if key is None or self.exercise is None:
            return
        give_up(key, self.answer)
        self.undo_stack.clear()
        panel = self.solution_panel
        # No title beside the steps: the page's own says which exercise this is.
        panel.show_recording(key.recording, live=False)
        show_node_labels(panel)
        panel.controller.open_at_end()
        self.stack.setCurrentWidget(panel)
        panel.canvas.setFocus()  # the replay's keys (→, Space, Home, End) work at once
        self._say_solution()
        self._update()

    @Slot()
    def _say_solution(self, *_: object) -> None:
        """Say over the solution what it shows at its moment: the answer, or a step."""
        controller = self.solution_panel.controller
        if self.exercise is None or self.stack.currentWidget() is not self.solution_panel:
            return
        if controller.moment < controller.published:  # a step of the search
            text = STEPS_TEXT
        else:
            text = solution_text(self.exercise.task, from_start=controller.starts_over)
        self.status_label.setText(text)

    def set_tree_focus(self, on: bool) -> None:
        """Give the tree the page's whole width (on), or bring the side panel back."""
        self._tree_focus = on
        self._sync_side_panel()

    def _sync_side_panel(self) -> None:
        replay = self.stack.currentWidget() is self.solution_panel
        self.side_panel.setVisible(not (self._tree_focus or replay))

    def show_answer(self) -> None:
        """Back from the replay to the student's answer."""
        if self.exercise is None:
            return
        self.stack.setCurrentWidget(self.canvas)
        self.status_label.setText("")
        self._refresh_canvas()
        self.canvas.setFocus()
        self._update()

    # -- history ---------------------------------------------------------------------------

    def _fill_history(self) -> None:
        self.history_list.clear()
        for i, entry in reversed(list(enumerate(self.history.entries))):
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
        entries = self.history.entries
        if entries:
            mean = sum(e.score for e in entries) / len(entries)
            self.history_summary.setText(
                f"{len(entries)} exercise{'s' if len(entries) != 1 else ''} checked, "
                f"mean score {mean:.0f}%. The newest {MAX_ENTRIES:,} are kept."
            )
        else:
            self.history_summary.setText("No exercise checked yet.")

    def _retry(self, item: QTreeWidgetItem | None) -> None:
        if item is None:
            return
        index = item.data(0, Qt.ItemDataRole.UserRole)
        if not isinstance(index, int) or not 0 <= index < len(self.history.entries):
            return
        try:
            exercise = self.history.entries[index].exercise()
        except (TreeFileError, ValueError) as error:
            self._say(f"That exercise cannot be opened again: {error}")
            return
        if self.may_leave():
            self.start(exercise)
            self.tabs.setCurrentIndex(0)

    def clear_history(self) -> None:
        """Forget the history, once the person agrees."""
        if not self.history.entries or not self._confirm(
            "Clear the history?", "Forget every exercise and score in the history?"
        ):
            return
        try:
            self.history.clear()
        except OSError as error:
            self._say(f"The history could not be cleared: {describe(error, self.history.path)}.")
        self._history_index = None
        self._fill_history()

    def _confirm(self, title: str, text: str) -> bool:
        """Ask yes or no (tests replace this)."""
        buttons = QMessageBox.StandardButton
        return (
            QMessageBox.question(self, title, text, buttons.Yes | buttons.No, buttons.No)
            == buttons.Yes
        )

    # -- export ----------------------------------------------------------------------------

    def _save_file_name(self, caption: str, name: str) -> str | None:
        """Ask where to write (tests replace this)."""
        path, _ = QFileDialog.getSaveFileName(
            self,
            caption,
            os.path.join(self._folder(), name),
            "PDF (*.pdf);;SVG pictures (*.svg)",
        )
        return path or None

    def export_current(self) -> list[str]:
        """Write this exercise's sheet and answer key (PDF or SVG, by the name chosen)."""
        from gamesearch_gui.ui.exercise.export import (
            ExportError,
            export_exercises,
            export_paths,
        )

        if self.exercise is None or self.key is None:
            return []
        base = self._save_file_name("Export sheet and key", f"{file_stem(self.exercise.title)}.pdf")
        if not base:
            return []
        sheet, key = export_paths(base)
        try:
            written = export_exercises([(self.exercise, self.key)], sheet, key)
        except OSError as error:
            self._say(str(error))  # a whole sentence: "Could not write …: the disk is full"
            return []
        except ExportError as error:
            self._say(f"Could not export: {error}")
            return []
        names = ", ".join(os.path.basename(p) for p in written)
        self.status_label.setText(f"Written: {names}")
        self.message.emit(f"Written: {names}")
        return written

    def export_set(self) -> None:
        """The instructors' dialog: N random exercises from a seed, with their keys."""
        from gamesearch_gui.ui.exercise.export_dialog import ExportSetDialog

        dialog = ExportSetDialog(self)
        dialog.exec()
        dialog.deleteLater()

    # -- closing ---------------------------------------------------------------------------

    def shutdown(self) -> None:
        """Stop the search and file threads (the window is closing)."""
        self.controller.shutdown()
        self.loader.shutdown()
