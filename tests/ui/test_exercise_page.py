"""Exercise mode: a student answers by clicks and keys, checks, takes hints, sees the search."""

from __future__ import annotations

import re
from collections.abc import Callable
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtGui import QColor
from PySide6.QtGui import QKeySequence
from pytestqt.qtbot import QtBot

from gamesearch_gui.core.exercises.exercise import Difficulty
from gamesearch_gui.core.exercises.exercise import Field
from gamesearch_gui.core.exercises.exercise import Task
from gamesearch_gui.core.exercises.exercise import make_exercise
from gamesearch_gui.core.exercises.exercise import random_exercise
from gamesearch_gui.core.exercises.exercise import solve_exercise
from gamesearch_gui.core.exercises.history import ExerciseHistory
from gamesearch_gui.core.numbers import format_probability
from gamesearch_gui.core.recording.depth_first import format_number
from gamesearch_gui.core.trees.examples import example
from gamesearch_gui.core.trees.file import save_tree_file
from gamesearch_gui.core.trees.random_tree import random_tree
from gamesearch_gui.core.trees.tree import CustomTree
from gamesearch_gui.core.trees.tree import NodeType
from gamesearch_gui.core.trees.tree import TreeNode
from gamesearch_gui.core.trees.tree import rebuild
from gamesearch_gui.ui.editor.editor import TreeEditor
from gamesearch_gui.ui.exercise.dialogs import DRAWN
from gamesearch_gui.ui.exercise.dialogs import FILE
from gamesearch_gui.ui.exercise.dialogs import RANDOM
from gamesearch_gui.ui.exercise.dialogs import NewExerciseDialog
from gamesearch_gui.ui.exercise.page import ExercisePage
from gamesearch_gui.ui.exercise.page_export import SheetExport
from gamesearch_gui.ui.exercise.view import HINTED_COLOUR
from gamesearch_gui.ui.exercise.view import RIGHT_COLOUR
from gamesearch_gui.ui.exercise.view import WRONG_COLOUR
from gamesearch_gui.ui.exercise.view import ExerciseCanvas
from gamesearch_gui.ui.main_window import MainWindow
from tests.ui.test_readable_room import settle

KEY_MS = 10_000
# Figure 5.2 with alpha-beta: each inner node's value, alpha and beta when it is left.
FIGURE_ENTRIES = {
    (0,): ("3", "-inf", "3"),
    (1,): ("2", "3", "+inf"),
    (2,): ("2", "3", "5"),  # the last child returns at once: β stays 5
    (): ("3", "3", "inf"),
}
FIGURE_CUTS = [(1, 1), (1, 2)]


@pytest.fixture
def store(tmp_path: Path) -> QSettings:
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def page_factory(
    qtbot: QtBot, store: QSettings, tmp_path: Path
) -> Iterator[Callable[[], ExercisePage]]:
    made: list[ExercisePage] = []

    def make() -> ExercisePage:
        page = ExercisePage(store, history_file=str(tmp_path / "history.json"))
        page.set_active(True)
        qtbot.addWidget(page)
        page.resize(1200, 760)
        page.show()
        made.append(page)
        return page

    yield make
    for page in made:
        page.shutdown()


@pytest.fixture
def page(page_factory: Callable[[], ExercisePage]) -> ExercisePage:
    return page_factory()


@pytest.fixture
def window(
    qtbot: QtBot, tmp_path: Path, store: QSettings, monkeypatch: pytest.MonkeyPatch
) -> Iterator[MainWindow]:
    monkeypatch.setattr(MainWindow, "_message", lambda self, title, html: None)
    monkeypatch.setattr(TreeEditor, "_ask_unsaved", lambda self: "discard")
    made = MainWindow(store, recovery_path=str(tmp_path / "recovery.gtree.json"))
    qtbot.addWidget(made)
    made.show()
    yield made
    made.close()


def start(qtbot: QtBot, page: ExercisePage, task: Task = Task.ALPHABETA) -> None:
    page.start(make_exercise(example("figure-5-2").tree(), task))
    qtbot.waitUntil(lambda: page.key is not None, timeout=KEY_MS)
    qtbot.waitExposed(page.canvas)


def click_node(qtbot: QtBot, canvas: ExerciseCanvas, path: tuple[int, ...]) -> None:
    drawing = canvas.drawing
    assert drawing is not None
    point = canvas.view_point_of(drawing.index[path])
    qtbot.mouseClick(canvas.viewport(), Qt.MouseButton.LeftButton, pos=point)
    assert canvas.selected_path == path


def click_result(qtbot: QtBot, page: ExercisePage, row: int) -> None:
    """Click the ``row``-th line of the grader's reasons."""
    item = page.answer_tab.results.item(row)
    page.answer_tab.results.scrollToItem(item)
    point = page.answer_tab.results.visualItemRect(item).center()
    qtbot.mouseClick(page.answer_tab.results.viewport(), Qt.MouseButton.LeftButton, pos=point)


def type_into(qtbot: QtBot, canvas: ExerciseCanvas, key: str | None, text: str) -> None:
    """Press ``key`` (None: just start typing) and type ``text``, then Enter."""
    if key is not None:
        qtbot.keyClick(canvas, key)
        assert canvas.inline.is_open
        qtbot.keyClicks(canvas.inline, text)
    else:
        qtbot.keyClicks(canvas, text)  # the first key opens the editor over the node
        assert canvas.inline.is_open
    qtbot.keyClick(canvas.inline, Qt.Key.Key_Return)
    assert not canvas.inline.is_open


def answer_figure(
    qtbot: QtBot, page: ExercisePage, entries: dict[tuple[int, ...], tuple[str, str, str]]
) -> None:
    canvas = page.canvas
    for path, (value, alpha, beta) in entries.items():
        click_node(qtbot, canvas, path)
        type_into(qtbot, canvas, None, value)
        type_into(qtbot, canvas, "a", alpha)
        type_into(qtbot, canvas, "b", beta)


def cross_out(qtbot: QtBot, page: ExercisePage, path: tuple[int, ...]) -> None:
    canvas = page.canvas
    qtbot.mouseClick(canvas.viewport(), Qt.MouseButton.LeftButton, pos=canvas.edge_point(path))


def results(page: ExercisePage) -> list[str]:
    return [page.answer_tab.results.item(i).text() for i in range(page.answer_tab.results.count())]


def test_a_perfect_answer_by_clicks_and_keys_scores_100(qtbot: QtBot, page: ExercisePage) -> None:
    start(qtbot, page)
    assert "type its value" in page.answer_tab.keys_help.text()
    answer_figure(qtbot, page, FIGURE_ENTRIES)
    for path in FIGURE_CUTS:
        cross_out(qtbot, page, path)
    assert page.answer.pruned == set(FIGURE_CUTS)
    assert page.answer.values[(1,)] == 2 and page.answer.betas[()] == float("inf")
    page.act_check.trigger()
    grade = page.last_grade
    assert grade is not None and grade.score == 100 and not grade.mistakes
    assert "100%" in page.answer_tab.score_label.text()
    assert not any(line.startswith("✗") for line in results(page))
    # Every graded node is ringed green on the tree, every cut mark green.
    verdicts = page.canvas.item.verdicts
    assert len(verdicts) == 14 and all(v.correct for v in verdicts.values())
    # The value typed sits in the node's shape: the drawing's value column holds it.
    drawing = page.canvas.drawing
    assert drawing is not None
    assert drawing.recording.value[drawing.index[()]] == 3
    page.canvas.grab()  # the grading draws without error


def test_planted_mistakes_are_caught_with_their_reasons(qtbot: QtBot, page: ExercisePage) -> None:
    start(qtbot, page)
    wrong = dict(FIGURE_ENTRIES)
    wrong[(1,)] = ("4", "3", "+inf")  # C: the student took the middle leaf
    answer_figure(qtbot, page, wrong)
    cross_out(qtbot, page, (1, 2))  # missed the cut of the leaf 4
    cross_out(qtbot, page, (2, 0))  # crossed out a leaf that is evaluated
    qtbot.keyClick(page.canvas, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    grade = page.last_grade
    assert grade is not None
    wrong_entries = {(v.path, v.field) for v in grade.mistakes}
    assert wrong_entries == {
        ((1,), Field.VALUE),
        ((1, 1), Field.PRUNED),
        ((2, 0), Field.PRUNED),
    }
    assert grade.score == 100 * 12 // 15
    lines = "\n".join(results(page))
    assert "MIN node C takes the smallest value of the children it searched" in lines
    assert "β): not 4" in lines
    assert "Leaf after a2 c2 is never evaluated: MIN node C cuts as soon as its value" in lines
    assert "Leaf after a3 d1 is evaluated: MIN node D has not fallen to α" in lines
    assert f"{grade.score}%" in page.answer_tab.score_label.text()
    # Clicking a reason shows its node.
    click_result(qtbot, page, 0)
    assert page.canvas.selected_path == grade.mistakes[0].path
    # The tooltip of a wrong node carries the reason.
    assert "not 4" in page.canvas.tip((1,))
    # Fixing an entry drops the stale grading until the next check.
    click_node(qtbot, page.canvas, (1,))
    type_into(qtbot, page.canvas, None, "2")
    assert (
        "Check again" in page.answer_tab.score_label.text()
        or "press Check" in page.answer_tab.score_label.text()
    )
    assert page.canvas.item.verdicts == {}


def test_check_lists_mistakes_down_the_tree_as_it_is_searched(
    qtbot: QtBot, page: ExercisePage
) -> None:
    start(qtbot, page)
    wrong = dict(FIGURE_ENTRIES)
    wrong[(2,)] = ("14", "3", "5")  # D
    wrong[(0,)] = ("3", "-inf", "12")  # B's β
    wrong[()] = ("2", "3", "inf")  # A
    answer_figure(qtbot, page, wrong)
    cross_out(qtbot, page, (1, 1))
    cross_out(qtbot, page, (1, 2))
    page.act_check.trigger()
    mistakes = [line for line in results(page) if line.startswith("✗")]
    # The root first, then B, then D: the way a student works down the tree.
    assert [line.split(" takes")[0].split(" starts")[0] for line in mistakes] == [
        "✗ MAX node A",
        "✗ MIN node B",
        "✗ MIN node D",
    ]
    # Clicking the first line shows the root.
    click_result(qtbot, page, 0)
    assert page.canvas.selected_path == ()


def test_unreadable_entry_is_refused_with_a_message(qtbot: QtBot, page: ExercisePage) -> None:
    start(qtbot, page)
    click_node(qtbot, page.canvas, (0,))
    qtbot.keyClick(page.canvas, Qt.Key.Key_Return)
    qtbot.keyClicks(page.canvas.inline, "three")
    qtbot.keyClick(page.canvas.inline, Qt.Key.Key_Return)
    assert (0,) not in page.answer.values
    assert "“three” is not a number" in page.status_label.text()
    # Fractions and infinities are numbers.
    type_into(qtbot, page.canvas, None, "7/2")
    assert page.answer.values[(0,)] == 3.5


def test_the_side_form_writes_entries_too(qtbot: QtBot, page: ExercisePage) -> None:
    start(qtbot, page)
    click_node(qtbot, page.canvas, (2,))
    assert "MIN node D" in page.node_form.node_label.text()
    page.node_form.value_edit.setText("2")
    page.node_form.value_edit.editingFinished.emit()
    page.node_form.alpha_edit.setText("3")
    page.node_form.alpha_edit.editingFinished.emit()
    assert page.answer.values[(2,)] == 2 and page.answer.alphas[(2,)] == 3
    click_node(qtbot, page.canvas, (2, 1))
    assert "a leaf's value is given" in page.node_form.node_label.text()
    assert not page.node_form.value_edit.isEnabled()
    page.node_form.cut_box.setChecked(True)
    assert (2, 1) in page.answer.pruned
    # Keys: Tab walks the inner nodes in drawn order; Delete rubs a node out.
    click_node(qtbot, page.canvas, (2,))
    qtbot.keyClick(page.canvas, Qt.Key.Key_Delete)
    assert (2,) not in page.answer.values and (2,) not in page.answer.alphas
    qtbot.keyClick(page.canvas, Qt.Key.Key_Tab)
    assert page.canvas.selected_path == ()
    qtbot.keyClick(page.canvas, Qt.Key.Key_Tab)
    assert page.canvas.selected_path == (0,)
    qtbot.keyClick(page.canvas, Qt.Key.Key_X)
    assert (0,) in page.answer.pruned
    qtbot.keyClick(page.canvas, Qt.Key.Key_X)
    assert (0,) not in page.answer.pruned


def test_minimax_task_asks_values_only(qtbot: QtBot, page: ExercisePage) -> None:
    start(qtbot, page, Task.MINIMAX)
    assert not page.node_form.layout.isRowVisible(page.node_form.alpha_edit)
    # The help names only the keys a minimax answer uses: no α, β or crossing out.
    help_text = page.answer_tab.keys_help.text()
    assert "type its value" in help_text
    assert "α" not in help_text and "cross" not in help_text
    click_node(qtbot, page.canvas, (0,))
    qtbot.keyClick(page.canvas, Qt.Key.Key_A)
    assert not page.canvas.inline.is_open  # no α in a minimax exercise
    cross_out(qtbot, page, (1, 1))
    assert page.answer.pruned == set()  # nothing to cross out either
    for path, value in {(0,): "3", (1,): "2", (2,): "2", (): "3"}.items():
        click_node(qtbot, page.canvas, path)
        type_into(qtbot, page.canvas, None, value)
    grade = page.check()
    assert grade is not None and grade.score == 100 and grade.total == 4


def test_hints_reveal_one_node_at_a_time_and_cost_points(qtbot: QtBot, page: ExercisePage) -> None:
    start(qtbot, page)
    first = page.hint()
    assert first == (0,)  # B is the first node the search settles
    assert page.answer.values[(0,)] == 3 and page.answer.betas[(0,)] == 3
    assert page.canvas.selected_path == (0,)
    assert "Hint" in page.status_label.text()
    second = page.hint()
    assert second == (1, 1)  # then the cut under C
    assert (1, 1) in page.answer.pruned
    # Everything else right by hand: the hinted entries still earn nothing.
    answer_figure(qtbot, page, {p: e for p, e in FIGURE_ENTRIES.items() if p != (0,)})
    cross_out(qtbot, page, (1, 2))
    grade = page.check()
    assert grade is not None and not grade.mistakes
    assert grade.hints == 4 and grade.earned == 10 and grade.score == 71
    assert "4 revealed by hints" in page.answer_tab.score_label.text()
    # Once everything is right, there is nothing left to reveal.
    assert page.hint() is None


def test_show_solution_opens_on_the_answer_ready_to_step_from_the_first_event(
    qtbot: QtBot, page: ExercisePage
) -> None:
    start(qtbot, page)
    page.act_solution.trigger()
    panel = page.solution_panel
    assert page.stack.currentWidget() is panel
    key = page.key
    assert key is not None
    recording = key.recording
    assert panel.recording is recording  # the very search the key was read from
    # The answer at once: the search at its end, every node of it drawn and in view,
    # with the values, α and β it left with and the cut under C.
    assert panel.moment == recording.event_count
    canvas = panel.canvas
    qtbot.waitUntil(lambda: canvas.tree_item.last_frame.moment == recording.event_count)
    frame = canvas.tree_item.last_frame
    assert sorted(frame.nodes) == list(range(recording.node_count))
    assert all(canvas.node_visible(n) for n in range(recording.node_count))
    assert "2 pruned" in frame.texts and "α −∞→3" in frame.texts
    assert "The answer" in page.status_label.text()
    assert "→</b> to step through the search from its first event" in page.status_label.text()
    # One step on is the search's first step, by the Right key at once.
    qtbot.waitUntil(lambda: canvas.hasFocus())
    qtbot.keyClick(canvas, Qt.Key.Key_Right)
    assert panel.moment == 1
    assert panel.explanation.text().startswith("Start at the root")
    assert "step by step" in page.status_label.text()
    panel.controller.step_forward()
    assert panel.moment == 2
    panel.controller.go_end()
    assert "The answer" in page.status_label.text()
    assert page.act_back.isEnabled() and not page.act_check.isEnabled()
    # Seeing the solution gives the answer away: every entry counts as revealed.
    page.act_back.trigger()
    assert page.stack.currentWidget() is page.canvas
    answer_figure(qtbot, page, FIGURE_ENTRIES)
    grade = page.check()
    assert grade is not None and grade.score == 0 and grade.hints == grade.total


def test_the_solution_names_moves_as_the_tree_names_its_nodes(
    qtbot: QtBot, page: ExercisePage
) -> None:
    # A random tree's moves have no names: the replay says "best move C", the names the
    # student sees, never "best move 1".
    page.start(random_exercise(Difficulty(2, (2, 2)), Task.MINIMAX, 7))
    qtbot.waitUntil(lambda: page.key is not None, timeout=KEY_MS)
    page.act_solution.trigger()
    text = page.solution_panel.explanation.text()
    assert re.search(r"best move [BC]\b", text), text
    assert re.search(r"root → [BC] → [BC][12] ", text), text


def colour_near(page: ExercisePage, path: tuple[int, ...], colour: QColor) -> int:
    """How many pixels around node ``path`` on the answer's canvas are ``colour``."""
    canvas = page.canvas
    drawing = canvas.drawing
    assert drawing is not None
    canvas.viewport().repaint()
    image = canvas.viewport().grab().toImage()
    centre = canvas.view_point_of(drawing.index[path])
    count = 0
    for x in range(centre.x() - 40, centre.x() + 40):
        for y in range(centre.y() - 40, centre.y() + 40):
            if image.valid(x, y) and image.pixelColor(x, y) == colour:
                count += 1
    return count


def test_a_wrong_entry_stays_red_after_the_solution_was_shown(
    qtbot: QtBot, page: ExercisePage
) -> None:
    # Amber means "given, not earned": a value a hint or the solution wrote. A wrong
    # value the student wrote is still wrong after the solution was shown, and drawn so.
    start(qtbot, page)
    wrong = dict(FIGURE_ENTRIES)
    wrong[(1,)] = ("4", "3", "+inf")  # C
    answer_figure(qtbot, page, wrong)
    page.check()
    assert colour_near(page, (1,), WRONG_COLOUR) > 0
    page.act_solution.trigger()
    page.act_back.trigger()
    for _ in range(2):  # as it comes back, and checked again
        assert colour_near(page, (1,), WRONG_COLOUR) > 0
        assert colour_near(page, (1,), HINTED_COLOUR) == 0
        assert colour_near(page, (0,), RIGHT_COLOUR) > 0  # B was right all along
        page.check()


def test_history_is_kept_between_runs_and_exercises_can_be_retried(
    qtbot: QtBot, page_factory: Callable[[], ExercisePage], tmp_path: Path
) -> None:
    page = page_factory()
    start(qtbot, page)
    answer_figure(qtbot, page, FIGURE_ENTRIES)
    page.check()
    page.check()  # checking again updates the same attempt
    assert len(page.history.entries) == 1
    page.shutdown()
    again = page_factory()
    assert again.history_tab.history_list.topLevelItemCount() == 1
    row = again.history_tab.history_list.topLevelItem(0)
    assert row is not None
    assert row.text(1) == "Figure 5.2" and row.text(2) == "Alpha-beta pruning (fail-soft)"
    assert row.text(3) == f"{100 * 12 // 14}%"  # the cuts were not marked
    assert "1 exercise checked" in again.history_tab.history_summary.text()
    # Every column in view, the score included: nothing to scroll sideways for.
    again.tabs.setCurrentIndex(1)
    history = again.history_tab.history_list
    qtbot.waitUntil(history.isVisible)
    assert history.header().length() <= history.viewport().width()
    assert history.header().sectionSize(3) >= history.fontMetrics().horizontalAdvance("100%")
    # Double-clicking the row tries it again (a view takes a double click after a press).
    point = history.visualItemRect(row).center()
    qtbot.mouseClick(history.viewport(), Qt.MouseButton.LeftButton, pos=point)
    qtbot.mouseDClick(history.viewport(), Qt.MouseButton.LeftButton, pos=point)
    qtbot.waitUntil(lambda: again.key is not None, timeout=KEY_MS)
    assert again.exercise is not None and again.exercise.title == "Figure 5.2"
    assert again.answer.values == {}
    # The file is plain JSON a teacher could collect.
    assert ExerciseHistory(str(tmp_path / "history.json")).entries[0].score == 85


def test_a_damaged_history_file_is_kept_aside_and_said(
    qtbot: QtBot, page_factory: Callable[[], ExercisePage], tmp_path: Path
) -> None:
    (tmp_path / "history.json").write_text("{not json", encoding="utf-8")
    page = page_factory()
    assert "could not be read" in page.status_label.text()
    kept = [p for p in tmp_path.iterdir() if p.name.startswith("history.json.unreadable")]
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == "{not json"


def test_new_exercise_dialog_random_tree(qtbot: QtBot) -> None:
    dialog = NewExerciseDialog()
    qtbot.addWidget(dialog)
    assert dialog.source() == RANDOM
    dialog.fields.difficulty.setCurrentText("Easy")
    assert dialog.fields.shape.depth_box.value() == 2
    dialog.fields.shape.seed.setText("77")
    dialog.set_task(Task.MINIMAX)
    dialog.accept()
    exercise = dialog.result_exercise
    assert exercise is not None and exercise.task is Task.MINIMAX
    same = random_exercise(Difficulty(2, (2, 3)), Task.MINIMAX, "77")
    assert exercise.source == same.source and "seed 77" in exercise.source
    # Chance levels make an expectiminimax exercise.
    dialog.fields.chance.setValue(100)
    assert dialog.chosen_task() is Task.EXPECTIMINIMAX
    assert dialog.fields.difficulty.currentText() == "Easy"
    dialog.fields.shape.depth_box.setValue(6)
    dialog.fields.shape.branch_hi.setValue(5)
    assert dialog.fields.difficulty.currentText() == "Custom"
    assert "at least 64 leaves" in dialog.fields.size_label.text()  # 2**6
    dialog.fields.shape.branch_lo.setValue(1)
    assert "at most 300" in dialog.fields.size_label.text()


def test_new_exercise_dialog_refuses_a_bad_file_and_stays_open(
    qtbot: QtBot, tmp_path: Path
) -> None:
    bad = tmp_path / "bad.gtree.json"
    bad.write_text('{"format": "gamesearch-tree", "version": 1, "root": {"type": "max"}}')
    dialog = NewExerciseDialog()
    qtbot.addWidget(dialog)
    dialog.set_source(FILE)
    dialog.file_edit.setText(str(bad))
    dialog.accept()  # the file is read off the GUI thread: the dialog is busy meanwhile
    assert not dialog.ok_button.isEnabled()
    qtbot.waitUntil(lambda: dialog.error.isVisibleTo(dialog), timeout=KEY_MS)
    assert dialog.result_exercise is None and dialog.result() == 0
    assert dialog.ok_button.isEnabled()
    assert "root" in dialog.error.text().lower() and "children" in dialog.error.text()
    good = tmp_path / "good.gtree.json"
    save_tree_file(random_tree(2, seed=1, name="two levels"), good)
    dialog.file_edit.setText(str(good))
    dialog.set_task(Task.ALPHABETA)
    with qtbot.waitSignal(dialog.accepted, timeout=KEY_MS):
        dialog.accept()
    assert dialog.result_exercise is not None
    assert dialog.result_exercise.source == "the file good.gtree.json"


def test_new_exercise_dialog_refuses_a_file_name_with_a_nul_and_stays_open(
    qtbot: QtBot,
) -> None:
    # Found by the monkey: a pasted NUL made Start raise ValueError out of the dialog.
    dialog = NewExerciseDialog()
    qtbot.addWidget(dialog)
    dialog.set_source(FILE)
    dialog.file_edit.setText("trees/\x00.gtree.json")
    dialog.accept()  # read off the GUI thread
    qtbot.waitUntil(lambda: dialog.error.isVisibleTo(dialog), timeout=KEY_MS)
    assert dialog.result_exercise is None and dialog.result() == 0
    assert dialog.error.text().startswith("Not a file name")
    assert dialog.ok_button.isEnabled()
    dialog.reject()  # closing stops the dialog's file loader


def test_new_exercise_dialog_uses_the_drawn_tree(qtbot: QtBot) -> None:
    drawn = random_tree(2, chance_layers=[1], seed=3, name="drawn")
    dialog = NewExerciseDialog(lambda: drawn)
    qtbot.addWidget(dialog)
    dialog.set_source(DRAWN)
    assert dialog.chosen_task() is Task.EXPECTIMINIMAX
    dialog.accept()
    exercise = dialog.result_exercise
    assert exercise is not None and exercise.tree.has_chance
    assert exercise.tree.root.label == "A"  # named for the reasons


def test_expectiminimax_exercise_in_the_window(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    exercise = random_exercise(Difficulty(2, (2, 2), 1.0), Task.EXPECTIMINIMAX, "5")
    monkeypatch.setattr(ExercisePage, "_ask_exercise", lambda self: exercise)
    window.act_mode_exercise.trigger()
    assert window.mode == "exercise"
    assert window.centralWidget().currentWidget() is window.exercises
    assert "Exercise" in window.windowTitle()
    window.exercises.act_new.trigger()
    page = window.exercises
    qtbot.waitUntil(lambda: page.key is not None, timeout=KEY_MS)
    assert window.windowTitle().startswith("Exercise 5")
    key = solve_exercise(exercise)
    for node in exercise.tree.nodes():
        if node.type is not NodeType.LEAF:
            click_node(qtbot, page.canvas, node.path)
            type_into(qtbot, page.canvas, None, format_number(key.nodes[node.path].value))
    grade = page.check()
    assert grade is not None and grade.score == 100
    # The chance edges carry their probabilities on the tree.
    page.canvas.grab()
    texts = page.canvas.item.last_frame.texts
    probability = exercise.tree.root.children[0].children[0].probability
    assert probability is not None and format_probability(probability) in texts


def enabled_shortcuts(window: MainWindow) -> list[str]:
    keys = []
    for action in window.findChildren(QAction):
        if action.isEnabled() and not action.shortcut().isEmpty():
            keys.append(action.shortcut().toString(QKeySequence.SequenceFormat.PortableText))
    return keys


def test_check_keeps_the_side_panel_s_width_so_the_tree_stays_put(
    qtbot: QtBot, window: MainWindow
) -> None:
    # At a laptop's size the first Check put "1 exercise checked, mean score 7%. The
    # newest 1,000 are kept." on one line in the History tab, and the tabs (as wide as
    # their widest page) pushed into the tree by 80 px.
    window.resize(1366, 768)
    window.set_mode("exercise")
    page = window.exercises
    start(qtbot, page)
    page.write_entry((0,), Field.VALUE, "3")
    page.write_entry((1,), Field.VALUE, "4")  # wrong: the reasons are long lines too
    settle(qtbot)
    side, tree = page.side_panel.width(), page.stack.width()
    assert page.check() is not None and page.answer_tab.results.count()
    assert "mean score" in page.history_tab.history_summary.text()
    settle(qtbot)
    assert (page.side_panel.width(), page.stack.width()) == (side, tree)


def test_three_modes_never_share_an_enabled_shortcut(window: MainWindow) -> None:
    for mode in ("exercise", "play", "trees", "exercise"):
        window.set_mode(mode)
        keys = enabled_shortcuts(window)
        assert len(keys) == len(set(keys)), (mode, sorted(keys))
        assert window.exercises.act_new.isEnabled() == (mode == "exercise")
        assert window.exercises.menu.menuAction().isVisible() == (mode == "exercise")
    assert window.act_mode_exercise.shortcut() == QKeySequence("Ctrl+3")
    window.act_mode_play.trigger()
    assert window.mode == "play" and not window.exercises.act_check.isEnabled()


def test_reset_layout_keeps_each_mode_s_own_bars(window: MainWindow) -> None:
    bars = (window.game_toolbar, window.trees.toolbar, window.exercises.toolbar)
    for mode, shown in (("play", 0), ("exercise", 2), ("trees", 1)):
        window.set_mode(mode)
        window.act_reset_layout.trigger()
        assert [bar.isVisible() for bar in bars] == [i == shown for i in range(3)], mode
        assert all(d.isVisible() == (mode == "play") for d in window.docks.values())
    window.set_mode("play")
    assert all(d.isVisible() for d in window.docks.values())


def test_an_unchecked_answer_is_not_dropped_without_asking(
    qtbot: QtBot, page: ExercisePage, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[str] = []
    answers = [False, True]
    monkeypatch.setattr(
        ExercisePage, "_confirm", lambda self, title, text: asked.append(text) or answers.pop(0)
    )
    other = random_exercise(Difficulty(2, (2, 2)), Task.MINIMAX, "other")
    monkeypatch.setattr(ExercisePage, "_ask_exercise", lambda self: other)
    start(qtbot, page)
    assert page.new_exercise() and not asked  # nothing written yet: no question
    start(qtbot, page)
    click_node(qtbot, page.canvas, (0,))
    type_into(qtbot, page.canvas, None, "3")
    assert not page.new_exercise()  # "keep it"
    assert page.exercise is not None and page.exercise.title == "Figure 5.2"
    assert page.answer.values == {(0,): 3}
    assert page.new_exercise()  # "leave it"
    assert page.exercise is other and len(asked) == 2
    assert "has not been checked" in asked[0]
    # A checked answer may be left without a question.
    qtbot.waitUntil(lambda: page.key is not None, timeout=KEY_MS)
    click_node(qtbot, page.canvas, ())
    type_into(qtbot, page.canvas, None, "1")
    page.check()
    page.act_restart.trigger()
    assert len(asked) == 2 and page.answer.values == {}


def test_closing_the_window_asks_about_an_unchecked_answer(
    qtbot: QtBot, tmp_path: Path, store: QSettings, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(MainWindow, "_message", lambda self, title, html: None)
    answers = [False, True]
    monkeypatch.setattr(ExercisePage, "_confirm", lambda self, title, text: answers.pop(0))
    window = MainWindow(store, recovery_path=str(tmp_path / "recovery.gtree.json"))
    qtbot.addWidget(window)
    window.show()
    window.set_mode("exercise")
    start(qtbot, window.exercises)
    click_node(qtbot, window.exercises.canvas, (0,))
    type_into(qtbot, window.exercises.canvas, None, "3")
    assert not window.close()  # kept: the window stays, with the answer
    assert window.isVisible() and window.exercises.answer.values == {(0,): 3}
    assert window.close() and answers == []


def test_export_sheet_and_key_of_the_current_exercise(
    qtbot: QtBot, page: ExercisePage, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    start(qtbot, page)
    chosen = [str(tmp_path / "week3.svg"), str(tmp_path / "missing" / "week3.pdf")]
    monkeypatch.setattr(SheetExport, "_save_file_name", lambda self, c, n: chosen.pop(0))
    written = page.export_current()
    assert [Path(p).name for p in written] == ["week3-sheet.svg", "week3-key.svg"]
    assert "week3-sheet.svg" in page.status_label.text()
    key_svg = (tmp_path / "week3-key.svg").read_text(encoding="utf-8")
    assert "Value of the root: 3" in key_svg
    # A folder that does not exist: said in one line, nothing written, no crash.
    assert page.export_current() == []
    assert "does not exist" in page.status_label.text()
    assert not (tmp_path / "missing").exists()


def test_entries_are_undone_and_redone_but_hints_stay(qtbot: QtBot, page: ExercisePage) -> None:
    start(qtbot, page)
    assert not page.act_undo.isEnabled()
    click_node(qtbot, page.canvas, (1,))
    type_into(qtbot, page.canvas, None, "4")
    type_into(qtbot, page.canvas, None, "2")
    cross_out(qtbot, page, (1, 1))
    assert page.act_undo.text() == "&Undo cross out leaf after a2 c2"
    qtbot.keyClick(page.canvas, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert page.answer.pruned == set() and page.answer.values == {(1,): 2}
    page.act_undo.trigger()
    assert page.answer.values == {(1,): 4}
    assert page.canvas.drawing is not None
    assert page.canvas.drawing.recording.value[page.canvas.drawing.index[(1,)]] == 4
    assert page.node_form.value_edit.text() == "4"  # the form follows
    page.act_redo.trigger()
    assert page.answer.values == {(1,): 2}
    click_node(qtbot, page.canvas, (1,))  # crossing out chose the leaf
    qtbot.keyClick(page.canvas, Qt.Key.Key_Delete)
    assert page.answer.values == {}
    page.act_undo.trigger()
    assert page.answer.values == {(1,): 2}
    # A hint cannot be undone (and typed again for points).
    page.hint()
    assert not page.act_undo.isEnabled()
    assert page.answer.values[(0,)] == 3 and ((0,), Field.VALUE) in page.answer.hinted
    click_node(qtbot, page.canvas, (2,))
    type_into(qtbot, page.canvas, None, "2")
    page.act_undo.trigger()
    assert page.answer.values[(0,)] == 3 and ((0,), Field.VALUE) in page.answer.hinted
    assert (2,) not in page.answer.values


def test_welcome_button_starts_and_view_buttons_zoom_and_fit(
    qtbot: QtBot, page: ExercisePage, monkeypatch: pytest.MonkeyPatch
) -> None:
    figure = make_exercise(example("figure-5-2").tree(), Task.MINIMAX)
    monkeypatch.setattr(ExercisePage, "_ask_exercise", lambda self: figure)
    assert page.stack.currentWidget() is page.welcome
    assert not any(b.isEnabled() for b in page.view_buttons)
    qtbot.mouseClick(page.start_button, Qt.MouseButton.LeftButton)
    assert page.exercise is figure and page.stack.currentWidget() is page.canvas
    qtbot.waitUntil(lambda: page.key is not None, timeout=KEY_MS)
    zoom_out, zoom_in, fit = page.view_buttons
    fitted = page.canvas.zoom()
    qtbot.mouseClick(zoom_in, Qt.MouseButton.LeftButton)
    assert page.canvas.zoom() > fitted
    qtbot.mouseClick(fit, Qt.MouseButton.LeftButton)
    assert page.canvas.zoom() == pytest.approx(fitted)
    qtbot.mouseClick(zoom_out, Qt.MouseButton.LeftButton)
    assert page.canvas.zoom() < fitted


# -- issue 14: the convention, a Check that gives nothing away, Star1 ----------------------


def shifted_figure(shift: int) -> CustomTree:
    """Figure 5.2 with every leaf ``shift`` higher: its values cannot be a count or a score."""
    tree = example("figure-5-2").tree()

    def moved(node: TreeNode) -> TreeNode:
        value = None if node.value is None else node.value + shift
        return TreeNode(node.type, (), value, None, None, node.label, node.move)

    return CustomTree(tree.name, rebuild(tree.root, change=moved))


def test_check_on_a_half_done_page_shows_no_number_not_earned(
    qtbot: QtBot, page: ExercisePage
) -> None:
    page.start(make_exercise(shifted_figure(1000), Task.ALPHABETA))
    qtbot.waitUntil(lambda: page.key is not None, timeout=KEY_MS)
    qtbot.waitExposed(page.canvas)
    click_node(qtbot, page.canvas, (0,))
    type_into(qtbot, page.canvas, None, "1003")  # B: right
    click_node(qtbot, page.canvas, (1,))
    type_into(qtbot, page.canvas, None, "1004")  # C: wrong (it is 1002)
    page.check()
    drawing = page.canvas.drawing
    assert drawing is not None
    texts = [*results(page), page.answer_tab.score_label.text(), page.status_label.text()]
    texts += [page.canvas.tip(path) for path in drawing.paths]
    plain = re.sub(r"<[^>]*>", " ", " ".join(texts))  # the score label's markup
    shown = set(re.findall(r"[+\-−]?∞|\d+", plain))
    leaves = {str(1000 + v) for v in (3, 12, 8, 2, 4, 6, 14, 5, 2)}
    values = {n for n in shown if "∞" in n or int(n) > 900}
    assert values <= leaves | {"1003", "1004"}, texts
    assert "MIN node C takes the smallest value of the children it searched" in " ".join(texts)
    assert "· 10 entries not yet filled in" in results(page)
    assert "1 of 14 right, 3 wrong, 10 not yet filled in" in page.answer_tab.score_label.text()


def test_a_fail_hard_exercise_grades_fail_hard(qtbot: QtBot, page: ExercisePage) -> None:
    page.start(make_exercise(example("figure-5-2").tree(), Task.ALPHABETA, fail_hard=True))
    qtbot.waitUntil(lambda: page.key is not None, timeout=KEY_MS)
    qtbot.waitExposed(page.canvas)
    assert "(fail-hard)" in page.title_label.text()
    assert "fail-hard: a node returns α or β at a cutoff" in page.instructions.text()
    hard = dict(FIGURE_ENTRIES)
    hard[(1,)] = ("3", "3", "+inf")  # C fails low: it returns α
    hard[(2,)] = ("3", "3", "5")  # so does D
    answer_figure(qtbot, page, hard)
    for path in FIGURE_CUTS:
        cross_out(qtbot, page, path)
    grade = page.check()
    assert grade is not None and grade.score == 100, [v.reason for v in grade.mistakes]


def star1_seed() -> int:
    shape = Difficulty(3, (2, 3), 0.5)
    return next(
        s for s in range(50) if solve_exercise(random_exercise(shape, Task.STAR1, s)).pruned
    )


def test_a_star1_exercise_is_answered_by_crossing_out(qtbot: QtBot, page: ExercisePage) -> None:
    exercise = random_exercise(Difficulty(3, (2, 3), 0.5), Task.STAR1, star1_seed())
    page.start(exercise)
    qtbot.waitUntil(lambda: page.key is not None, timeout=KEY_MS)
    qtbot.waitExposed(page.canvas)
    key = page.key
    assert key is not None and key.pruned
    assert "all values lie between 0 and 20" in page.instructions.text()
    # The help beside the answer speaks of crossing out only, not of typing values.
    assert (
        "cross it out" in page.answer_tab.keys_help.text()
        and "type" not in page.answer_tab.keys_help.text()
    )
    # No values to write: typing a digit on a node opens nothing, the form shows no field.
    click_node(qtbot, page.canvas, ())
    qtbot.keyClicks(page.canvas, "5")
    assert not page.canvas.inline.is_open
    assert not page.node_form.layout.isRowVisible(page.node_form.value_edit)
    assert page.node_form.layout.isRowVisible(page.node_form.cut_box)
    for path in key.pruned:
        cross_out(qtbot, page, path)
    grade = page.check()
    assert grade is not None and grade.score == 100
    # One mark too many is caught.
    searched = next(p for p in key.nodes if p and not key.is_cut(p))
    cross_out(qtbot, page, searched)
    grade = page.check()
    assert grade is not None
    assert [(v.path, v.field) for v in grade.mistakes] == [(searched, Field.PRUNED)]


def test_new_exercise_dialog_convention_and_star1(qtbot: QtBot) -> None:
    dialog = NewExerciseDialog()
    qtbot.addWidget(dialog)
    dialog.fields.shape.seed.setText("9")
    dialog.set_task(Task.ALPHABETA)
    assert dialog.convention.isEnabled()
    assert not dialog.fail_hard()  # fail-soft unless chosen
    assert "fail-soft" in dialog.task_help.text()
    dialog.set_fail_hard(True)
    assert "fail-hard" in dialog.task_help.text()
    exercise = dialog.exercise()
    assert exercise.task is Task.ALPHABETA and exercise.fail_hard
    # Star1 needs chance levels: choosing it sets some, and states the bounds.
    dialog.set_task(Task.STAR1)
    assert dialog.fields.chance.value() == 1
    assert not dialog.convention.isEnabled()
    assert "all values lie between 0 and 20" in dialog.task_help.text()
    exercise = dialog.exercise()
    assert exercise.task is Task.STAR1 and not exercise.fail_hard
    assert exercise.tree.has_chance and exercise.tree.value_bounds == (0, 20)
    # Back to alpha-beta: no chance levels.
    dialog.set_task(Task.ALPHABETA)
    assert dialog.fields.chance.value() == 0
    assert dialog.exercise().fail_hard


def test_an_exercise_on_a_drawn_tree_of_three_players_is_refused_in_words(
    qtbot: QtBot,
) -> None:
    # The window draws and solves trees of players, but exercises grade one number per
    # node: the dialog says so and stays open, as for any unsuitable tree.
    dialog = NewExerciseDialog(lambda: example("figure-5-4").tree())
    qtbot.addWidget(dialog)
    assert not dialog.error.isVisibleTo(dialog)  # a random tree: nothing to say
    dialog.set_source(DRAWN)
    # Said as soon as the drawn tree is chosen: why, and what to do instead.
    said = dialog.error.text()
    assert dialog.error.isVisibleTo(dialog)
    assert said.startswith("The tree has 3 players (A, B, C): each of its nodes backs up a")
    assert "so exercises are set on trees of MAX and MIN." in said
    assert "Choose a random tree or a tree file instead" in said
    assert "To practise max^n on this tree, solve it in Draw a tree" in said
    dialog.accept()
    assert dialog.result_exercise is None and dialog.result() == 0
    assert dialog.error.text() == said
    dialog.set_source(RANDOM)  # another tree: the message goes
    assert not dialog.error.isVisibleTo(dialog)


def test_an_exercise_on_a_file_of_three_players_says_to_open_it_in_draw_a_tree(
    qtbot: QtBot, tmp_path: Path
) -> None:
    path = tmp_path / "three.gtree.json"
    save_tree_file(example("figure-5-4").tree(), str(path))
    dialog = NewExerciseDialog()
    qtbot.addWidget(dialog)
    dialog.set_source(FILE)
    dialog.file_edit.setText(str(path))
    dialog.accept()  # read off the GUI thread, then refused
    qtbot.waitUntil(lambda: dialog.error.isVisibleTo(dialog), timeout=KEY_MS)
    said = dialog.error.text()
    assert dialog.result_exercise is None and said.startswith("The tree has 3 players")
    assert "Choose a file of MAX and MIN, or a random tree." in said
    assert "open it in Draw a tree (File > Open), solve it" in said
    dialog.reject()  # closing stops the dialog's file loader
