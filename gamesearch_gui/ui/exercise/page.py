"""Exercise mode: the page where a student solves a tree by hand and has it graded.

The page puts together the rooms of ``ui/exercise/``: the exercise and the student's
answer with its undo (``answer_edits``), the answer key worked out by a real search of
the tree on the page's own search thread (``key``; the GUI thread never searches), the
tree to answer on (``view``), the Answer and History tabs (``answer_tab``, ``history``),
the solution (``solution``: that very search replayed in the tree view's page, so what
the key says and what the replay shows are the same events) and the export
(``page_export``). "Check", "Hint" and "Show solution" wait for the key, which on a
hand-sized tree is a few milliseconds.

Every check is kept in the exercise history (a JSON file beside the settings), so the
scores survive a restart and any past exercise can be tried again.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QSettings
from PySide6.QtCore import Qt
from PySide6.QtCore import Signal
from PySide6.QtCore import Slot
from PySide6.QtGui import QAction
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QHBoxLayout
from PySide6.QtWidgets import QLabel
from PySide6.QtWidgets import QMessageBox
from PySide6.QtWidgets import QPushButton
from PySide6.QtWidgets import QSplitter
from PySide6.QtWidgets import QTabWidget
from PySide6.QtWidgets import QToolBar
from PySide6.QtWidgets import QToolButton
from PySide6.QtWidgets import QVBoxLayout
from PySide6.QtWidgets import QWidget

from gamesearch_gui.core.exercises.exercise import Answer
from gamesearch_gui.core.exercises.exercise import AnswerKey
from gamesearch_gui.core.exercises.exercise import Exercise
from gamesearch_gui.core.exercises.exercise import Field
from gamesearch_gui.core.exercises.exercise import give_hint
from gamesearch_gui.core.exercises.exercise import give_up
from gamesearch_gui.core.exercises.grade import Grade
from gamesearch_gui.core.exercises.grade import grade
from gamesearch_gui.core.exercises.history import ExerciseHistory
from gamesearch_gui.core.text import clip
from gamesearch_gui.core.trees.tree import CustomTree
from gamesearch_gui.core.trees.tree import NodeType
from gamesearch_gui.core.trees.tree import Path
from gamesearch_gui.ui import saved
from gamesearch_gui.ui.actions import Owner
from gamesearch_gui.ui.actions import bar
from gamesearch_gui.ui.actions import build_actions
from gamesearch_gui.ui.actions import fill_menu
from gamesearch_gui.ui.actions import fill_toolbar
from gamesearch_gui.ui.actions import make_menu
from gamesearch_gui.ui.exercise.answer_edits import AnswerEdits
from gamesearch_gui.ui.exercise.answer_tab import AnswerTab
from gamesearch_gui.ui.exercise.answer_tab import NodeForm
from gamesearch_gui.ui.exercise.dialogs import NewExerciseDialog
from gamesearch_gui.ui.exercise.history import Attempts
from gamesearch_gui.ui.exercise.history import HistoryTab
from gamesearch_gui.ui.exercise.key import KeySearch
from gamesearch_gui.ui.exercise.page_export import SheetExport
from gamesearch_gui.ui.exercise.solution import show_key
from gamesearch_gui.ui.exercise.solution import solution_panel
from gamesearch_gui.ui.exercise.solution import solution_words
from gamesearch_gui.ui.exercise.texts import WELCOME
from gamesearch_gui.ui.exercise.texts import hint_text
from gamesearch_gui.ui.exercise.texts import keys_help
from gamesearch_gui.ui.exercise.view import ExerciseCanvas
from gamesearch_gui.ui.jobs import JobRunner
from gamesearch_gui.ui.text import ElidedLabel
from gamesearch_gui.ui.widgets import PageStack
from gamesearch_gui.ui.widgets import beside_settings
from gamesearch_gui.ui.widgets import connect_plain

HISTORY_NAME = "exercise-history.json"


def history_path(store: QSettings) -> str:
    """Where the exercise history lives: beside the settings file, else the app's data folder."""
    return beside_settings(store, HISTORY_NAME)


def welcome_page() -> tuple[QWidget, QPushButton]:
    """What the page shows before the first exercise, and its "New exercise…" button."""
    welcome_text = QLabel(WELCOME)
    welcome_text.setWordWrap(True)
    welcome_text.setAlignment(Qt.AlignmentFlag.AlignCenter)
    welcome_text.setMargin(20)
    start_button = QPushButton("New exercise…")
    start_button.setDefault(True)
    welcome = QWidget()
    welcome_layout = QVBoxLayout(welcome)
    welcome_layout.addStretch(1)
    welcome_layout.addWidget(welcome_text)
    welcome_layout.addWidget(start_button, 0, Qt.AlignmentFlag.AlignHCenter)
    welcome_layout.addStretch(1)
    return welcome, start_button


def page_labels() -> tuple[ElidedLabel, QLabel, QLabel]:
    """The exercise's title, its instructions, and the line that says what happened."""
    title = ElidedLabel()
    title.setObjectName("exerciseTitle")
    font = QFont(title.font())
    font.setPointSizeF(font.pointSizeF() * 1.2)
    font.setBold(True)
    title.setFont(font)
    instructions = QLabel()
    instructions.setWordWrap(True)
    status = QLabel()
    status.setObjectName("exerciseStatus")
    status.setWordWrap(True)
    return title, instructions, status


def view_buttons(canvas: ExerciseCanvas) -> list[QToolButton]:
    """Zoom out, zoom in and fit, for the title row (disabled till a tree is shown)."""
    buttons = []
    for text, tip, slot in (
        ("−", "Zoom out (Ctrl+−)", canvas.zoom_out),
        ("+", "Zoom in (Ctrl+=)", canvas.zoom_in),
        ("Fit", "The whole tree in view", canvas.fit_exercise),
    ):
        view_button = QToolButton()
        view_button.setText(text)
        view_button.setToolTip(tip)
        connect_plain(view_button.clicked, slot)
        view_button.setEnabled(False)
        buttons.append(view_button)
    return buttons


def column(title_row: list[QWidget], *below: QWidget) -> QWidget:
    """The page's left side: the title row (the title takes the room left), then the
    widgets ``below`` it, the last one stretched."""
    left = QWidget()
    layout = QVBoxLayout(left)
    layout.setContentsMargins(0, 0, 0, 0)
    row = QHBoxLayout()
    for i, widget in enumerate(title_row):
        row.addWidget(widget, 1 if i == 0 else 0)
    layout.addLayout(row)
    for widget in below:
        layout.addWidget(widget, 1 if widget is below[-1] else 0)
    return left


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
        #: The exercise, the student's answer and its undoable edits.
        self.answers = AnswerEdits(self)
        self.answers.changed.connect(self._changed)
        self.answers.refused.connect(self._say)
        self.undo_stack = self.answers.undo_stack
        self.key: AnswerKey | None = None
        self.last_grade: Grade | None = None
        self._graded = False  #: the verdicts on screen still match the answer
        self.history = ExerciseHistory(history_file or history_path(self.store))
        self.attempts = Attempts(self.history)

        self.key_search = KeySearch(self)
        self.key_search.ready.connect(self._key_ready)
        self.key_search.failed.connect(self._key_failed)
        self.controller = self.key_search.controller
        self.searches = self.key_search.searches
        self.sheets = SheetExport(self, self._folder)
        self.sheets.written.connect(self._written)
        self.sheets.failed.connect(self._say)
        #: Reads the new-exercise dialog's tree files (its thread outlives the dialog).
        self.loader = JobRunner("exercise file loader", self)

        self._make_trees()
        self.title_label, self.instructions, self.status_label = page_labels()
        self._make_actions()
        self._make_tabs()
        self._lay_out()
        self.history_tab.fill()
        if self.history.problem:
            self.status_label.setText(self.history.problem)
        self._update()

    def _make_trees(self) -> None:
        """The welcome, the tree to answer on, and the solution's replay in its place."""
        self.canvas = ExerciseCanvas()
        self.canvas.setObjectName("exerciseCanvas")
        self.canvas.entryRequested.connect(self.answers.write_entry)
        self.canvas.markToggled.connect(self.answers.toggle_mark)
        self.canvas.clearRequested.connect(self.answers.clear_node)
        self.canvas.pathSelected.connect(self._show_node)
        self.solution_panel = solution_panel()
        self.solution_panel.controller.stateChanged.connect(self._say_solution)
        self.solution_panel.controller.momentChanged.connect(self._say_solution)
        self.welcome, self.start_button = welcome_page()
        connect_plain(self.start_button.clicked, self.new_exercise)
        self.stack = PageStack()
        for page in (self.welcome, self.canvas, self.solution_panel):
            self.stack.addWidget(page)

    def _make_tabs(self) -> None:
        """The Answer and History tabs beside the tree."""
        self.node_form = NodeForm(lambda: (self.exercise, self.answer), self)
        self.node_form.entered.connect(self.answers.write_entry)
        self.node_form.cutToggled.connect(self.answers.toggle_mark)
        self.answer_tab = AnswerTab(
            self.node_form, (self.act_check, self.act_hint, self.act_solution)
        )
        self.answer_tab.pathChosen.connect(self.canvas.select_path)
        self.history_tab = HistoryTab(self.history)
        self.history_tab.retryRequested.connect(self._retry)
        self.history_tab.problem.connect(self._say)
        self.history_tab.clearRequested.connect(self.clear_history)
        self.tabs = QTabWidget()
        self.tabs.addTab(self.answer_tab, "Answer")
        self.tabs.addTab(self.history_tab, "History")

    def _lay_out(self) -> None:
        """The title row, the words and the tree on the left; the tabs on the right."""
        self.view_buttons = view_buttons(self.canvas)
        left = column(
            [self.title_label, *self.view_buttons], self.instructions, self.status_label, self.stack
        )
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
        return saved.tree_folder(self.store)

    def start(self, exercise: Exercise) -> None:
        """Set ``exercise`` with an empty answer, and work out its key on the search thread."""
        self.key_search.cancel()
        self.answers.reset(exercise)
        self.key = None
        self.last_grade = None
        self._graded = False
        self.attempts.new_attempt()
        self.canvas.set_exercise(exercise)
        self.canvas.editable = True
        self.stack.setCurrentWidget(self.canvas)
        self.title_label.setText(f"{exercise.title} — {exercise.task_title}")
        self.instructions.setText(exercise.instructions)
        self.answer_tab.keys_help.setText(keys_help(exercise.task))
        self.status_label.setText(f"<i>Tree: {exercise.source}</i>" if exercise.source else "")
        self.answer_tab.clear()
        self.key_search.start(exercise)
        inner = [n.path for n in exercise.tree.nodes() if n.type is not NodeType.LEAF]
        self.canvas.select_path(inner[0] if inner else ())
        self.canvas.setFocus()
        self._update()
        self.titleChanged.emit(self.title())

    def restart(self) -> None:
        """The same exercise with an empty answer."""
        if self.exercise is not None and self.may_leave():
            self.start(self.exercise)

    def _key_ready(self, key: AnswerKey) -> None:
        self.key = key
        self._update()

    def _key_failed(self, message: str) -> None:
        self.status_label.setText(f"This exercise cannot be graded: {message}")
        self._update()

    # -- the answer ------------------------------------------------------------------------

    @property
    def exercise(self) -> Exercise | None:
        """The exercise on the page (None: none yet)."""
        return self.answers.exercise

    @property
    def answer(self) -> Answer:
        """The student's answer to it."""
        return self.answers.answer

    @answer.setter
    def answer(self, answer: Answer) -> None:
        self.answers.answer = answer

    def write_entry(self, path: Path, field: Field, text: str) -> bool:
        """Write what the student typed into (path, field); False (and why) if unreadable."""
        return self.answers.write_entry(path, field, text)

    def _changed(self, path: Path) -> None:
        if self._graded:
            self._graded = False
            self.answer_tab.mark_changed()
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

    def _show_node(self, path: object) -> None:
        if isinstance(path, tuple):
            self.node_form.show_node(path)

    # -- grading -------------------------------------------------------------------------

    def check(self) -> Grade | None:
        """Grade the answer: colours on the tree, the reasons listed, the score kept."""
        if self.key is None or self.exercise is None:
            return None
        result = grade(self.key, self.answer)
        self.last_grade = result
        self._graded = True
        self._refresh_canvas()
        self.answer_tab.show_grade(result)
        self._record(result)
        return result

    def _record(self, result: Grade) -> None:
        assert self.exercise is not None
        for problem in self.attempts.record(self.exercise, result):
            self._say(problem)
        self.history_tab.fill()

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
        self.status_label.setText(hint_text(self.exercise, self.answer, path))
        self._graded = False
        self._refresh_canvas()
        self.canvas.select_path(path)
        return path

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
        show_key(panel, key)
        self.stack.setCurrentWidget(panel)
        panel.canvas.setFocus()  # the replay's keys (→, Space, Home, End) work at once
        self._say_solution()
        self._update()

    @Slot()
    def _say_solution(self, *_: object) -> None:
        """Say over the solution what it shows at its moment: the answer, or a step."""
        panel = self.solution_panel
        if self.exercise is not None and self.stack.currentWidget() is panel:
            self.status_label.setText(solution_words(panel, self.exercise.task))

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

    def _retry(self, exercise: Exercise) -> None:
        """Start again an exercise of the history."""
        if self.may_leave():
            self.start(exercise)
            self.tabs.setCurrentIndex(0)

    def clear_history(self) -> None:
        """Forget the history, once the person agrees."""
        if self.history.entries and self._confirm(
            "Clear the history?", "Forget every exercise and score in the history?"
        ):
            self.history_tab.forget()
            self.attempts.new_attempt()

    def _confirm(self, title: str, text: str) -> bool:
        """Ask yes or no (tests replace this)."""
        buttons = QMessageBox.StandardButton
        return (
            QMessageBox.question(self, title, text, buttons.Yes | buttons.No, buttons.No)
            == buttons.Yes
        )

    # -- export ----------------------------------------------------------------------------

    def export_current(self) -> list[str]:
        """Write this exercise's sheet and answer key (PDF or SVG, by the name chosen)."""
        if self.exercise is None or self.key is None:
            return []
        return self.sheets.export_one(self.exercise, self.key)

    def export_set(self) -> None:
        """The instructors' dialog: N random exercises from a seed, with their keys."""
        self.sheets.export_set()

    def _written(self, text: str) -> None:
        self.status_label.setText(text)
        self.message.emit(text)

    # -- closing ---------------------------------------------------------------------------

    def shutdown(self) -> None:
        """Stop the search and file threads (the window is closing)."""
        self.key_search.shutdown()
        self.loader.shutdown()
