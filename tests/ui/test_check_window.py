"""File > Check my search code…: a student's search checked in the engine process, tree
by tree, and each tree's result drawn over the reference tree.

Driven through the real main window: the setup dialog's answer is given by replacing
``SearchCheck._ask`` (the dialog itself is tested on its own), the lessons by their
menu actions. The expected leaves always come from the app's own search (``expected``).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtGui import QAction
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QMenu
from pytestqt.qtbot import QtBot

from gamesearch_gui.core.exercises.grade import node_name
from gamesearch_gui.core.trees.examples import example
from gamesearch_gui.core.trees.file import load_tree
from gamesearch_gui.core.trees.random_tree import random_tree
from gamesearch_gui.core.trees.tree import CustomTree
from gamesearch_gui.core.trees.tree import NodeType
from gamesearch_gui.search_check.runner import RANDOM_TREES
from gamesearch_gui.search_check.runner import lesson
from gamesearch_gui.search_check.verdict import SearchKind
from gamesearch_gui.search_check.verdict import expected
from gamesearch_gui.ui.main_window import MainWindow
from gamesearch_gui.ui.search_check.actions import SearchCheck
from gamesearch_gui.ui.search_check.results import CheckResultsWindow
from gamesearch_gui.ui.search_check.setup import DEFAULT_FUNCTION
from gamesearch_gui.ui.search_check.setup import EDITOR_TREE_NODES
from gamesearch_gui.ui.search_check.setup import CheckSetupDialog
from gamesearch_gui.ui.search_check.setup import editor_tree_problem
from gamesearch_gui.ui.search_check.thread import CheckRequest
from gamesearch_gui.ui.search_check.view import DIFFERENCE_COLOUR
from gamesearch_gui.ui.search_check.view import VISITED_COLOUR
from tests.search_check import write_correct_alphabeta
from tests.ui import test_main_window

store = test_main_window.store
window = test_main_window.window

#: How long a whole check of the default trees may take on a loaded machine.
CHECK_TIMEOUT_MS = 180_000

LOOPS = """\
def alpha_beta_search(state, game):
    while True:
        pass
"""
BROKEN = """\
def alpha_beta_search(state, game):
    v = 0
    for a in game.actions(state)
        v = a
    return v
"""
NAMED_OTHERWISE = """\
import math

def helper(x):
    return x

def my_alphabeta(state, game, depth=4):
    return game.actions(state)[0]

def minimax_decision(state, game):
    return game.actions(state)[0]
"""


def figure() -> CustomTree:
    return example("figure-5-2").tree()


def no_student_module_here() -> bool:
    """True when no student file was run in this (the window's) process."""
    return not any(name.startswith("student_") for name in sys.modules)


@pytest.fixture
def asked(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[CheckRequest]]:
    """The setup dialog's answers: the test puts the next request in the list."""
    answers: list[CheckRequest] = []
    monkeypatch.setattr(SearchCheck, "_ask", lambda self: answers.pop(0) if answers else None)
    yield answers


def check_through_the_menu(
    window: MainWindow, asked: list[CheckRequest], request: CheckRequest
) -> CheckResultsWindow:
    """File > Check my search code…, answered with ``request``: the results window."""
    asked.append(request)
    action = window.search_check.act_check
    assert action in window.play_file_menu.actions()
    action.trigger()
    results = window.search_check.results
    assert results is not None and results.isVisible()
    return results


def check_a_loop(
    window: MainWindow, asked: list[CheckRequest], folder: Path, limit: float
) -> CheckResultsWindow:
    """Check, on Figure 5.2, an alpha-beta that loops for ever: the results window, with
    the check still running (the limit is far longer than the action takes)."""
    path = folder / "loops.py"
    path.write_text(LOOPS, encoding="utf-8")
    request = CheckRequest(str(path), trees=(figure(),), time_limit=limit)
    results = check_through_the_menu(window, asked, request)
    assert results.running
    return results


def badge_colour(results: CheckResultsWindow, path: tuple[int, ...]) -> QColor | None:
    """The colour of the leaf's badge as a person sees it: the colour of most of the
    pixels of the badge's box in a picture of the canvas (None: no badge there)."""
    canvas = results.canvas
    canvas.viewport().repaint()
    drawn = canvas.item.last_badges.get(path)
    if drawn is None:
        return None
    box, _ = drawn
    image = canvas.viewport().grab().toImage()
    ratio = image.devicePixelRatio()
    counts: dict[int, int] = {}
    for x in range(round(box.left() * ratio), round(box.right() * ratio)):
        for y in range(round(box.top() * ratio), round(box.bottom() * ratio)):
            rgb = image.pixel(x, y)
            counts[rgb] = counts.get(rgb, 0) + 1
    return QColor.fromRgb(max(counts, key=lambda rgb: counts[rgb]))


def wait_done(qtbot: QtBot, results: CheckResultsWindow) -> None:
    qtbot.waitUntil(lambda: not results.running, timeout=CHECK_TIMEOUT_MS)
    qtbot.waitUntil(results.again_button.isEnabled, timeout=10_000)


def row_texts(results: CheckResultsWindow) -> list[str]:
    return [results.trees.item(i).text() for i in range(results.trees.count())]


def test_a_correct_alpha_beta_agrees_on_figure_5_2(
    qtbot: QtBot, window: MainWindow, asked: list[CheckRequest], tmp_path: Path
) -> None:
    path = write_correct_alphabeta(tmp_path)
    results = check_through_the_menu(window, asked, CheckRequest(str(path), trees=(figure(),)))
    wait_done(qtbot, results)
    assert row_texts(results) == ["✓ Figure 5.2"]
    assert "Agrees with the app's alpha-beta on 1 tree" in results.summary.text()
    assert "Agrees" in results.verdict.text()
    assert "alpha_beta_search in" in results.heading.text()
    assert "your code chose move a1; alpha-beta chooses move a1" in results.decision.text()
    # The drawing: the student's numbers are alpha-beta's, leaf for leaf; the two leaves
    # that alpha-beta cuts off under C carry neither, and their branches are cut.
    item = results.canvas.item
    want = expected(figure(), SearchKind.ALPHABETA)
    assert item.visited == item.expected
    assert list(item.visited) == list(want.leaves)
    assert item.visited[(0, 0)] == [1] and item.visited[(2, 2)] == [7]
    assert item.cut == {(1, 1), (1, 2)}
    assert "def alpha_beta_search" in results.code.toPlainText()
    assert no_student_module_here()


def test_the_fresh_root_window_lesson_differs_at_c_s_pruned_leaf(
    qtbot: QtBot, window: MainWindow
) -> None:
    lessons = window.search_check.lessons_menu
    assert lessons.menuAction() in window.play_file_menu.actions()
    window.search_check.lesson_actions["fresh-root-window"].trigger()
    results = window.search_check.results
    assert results is not None
    wait_done(qtbot, results)
    rows = row_texts(results)
    assert rows[0] == "✗ Figure 5.2"
    assert len([r for r in rows if "Random tree" in r]) == RANDOM_TREES
    # Figure 5.2 is the first tree that differs: it is the one shown, with the sentence.
    assert results.selected is not None and results.selected.name == "Figure 5.2"
    assert (
        "your code evaluated leaf 1.1 (value 4), which alpha-beta never examines: "
        "at MIN node C, value 2 ≤ α 3 cut it off." in results.verdict.text()
    )
    assert "your code chose move a1; alpha-beta chooses move a1" in results.decision.text()
    item = results.canvas.item
    assert item.check is results.selected
    assert item.check.difference is not None and item.check.difference.path == (1, 1)
    assert item.visited[(1, 1)] == [5]  # the fifth leaf it evaluated, never alpha-beta's
    assert (1, 1) not in item.expected and (1, 1) in item.cut
    # As drawn: red badges on C's two leaves that alpha-beta cuts off, blue ones on B's.
    qtbot.waitExposed(results)
    assert badge_colour(results, (1, 1)) == DIFFERENCE_COLOUR
    assert badge_colour(results, (1, 2)) == DIFFERENCE_COLOUR
    assert badge_colour(results, (0, 0)) == VISITED_COLOUR
    assert "fresh (−∞, +∞) window" in results.windowTitle()
    assert "min_value(game.result(state, a), -math.inf, math.inf)" in results.code.toPlainText()
    assert "Differs from the app's alpha-beta on" in results.summary.text()


def test_the_alpha_min_lesson_differs_where_a_min_node_should_cut(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.set_mode("trees")  # the lessons are in the tree editor's File menu too
    lessons = window.search_check.lessons_menu
    assert lessons.menuAction() in window.trees.file_menu.actions()
    window.search_check.lesson_actions["alpha-min"].trigger()
    results = window.search_check.results
    assert results is not None
    wait_done(qtbot, results)
    assert row_texts(results)[0] == "✓ Figure 5.2"  # no MAX node under the root there
    shown = results.selected
    assert shown is not None and shown.difference is not None
    assert shown is next(c for c in results.checks if not c.agrees)  # the first that differs
    leaf = shown.difference.path
    want = expected(shown.tree, SearchKind.ALPHABETA)
    (cut,) = [c for c in want.cuts if any(leaf[: len(top)] == top for top in c.pruned)]
    assert shown.tree.node_at(cut.path).type is NodeType.MIN
    assert f"which alpha-beta never examines: at {node_name(shown.tree, cut.path)}," in (
        results.verdict.text()
    )
    assert results.canvas.item.check is shown
    assert leaf in results.canvas.item.visited and leaf not in results.canvas.item.expected


def test_the_chance_average_lesson_shows_the_wrong_decision_and_how_values_are_made(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.search_check.lesson_actions["chance-average"].trigger()
    results = window.search_check.results
    assert results is not None
    wait_done(qtbot, results)
    rows = row_texts(results)
    assert rows[0] == "✓ Chance: values 2, 3 and 1, 4"  # equal plain averages: a1 first
    assert len([r for r in rows if "Random chance tree" in r]) == RANDOM_TREES
    assert not [r for r in rows if "Figure 5.2" in r]  # no chance nodes: not in this set
    shown = results.selected
    assert shown is not None and shown is next(c for c in results.checks if not c.agrees)
    assert shown.difference is not None and shown.difference.path == ()  # the decision
    want = expected(shown.tree, SearchKind.EXPECTIMINIMAX)
    assert f"Differs</b> on {shown.name}: your code chose move" in results.verdict.text()
    assert f"the best is {want.decision} (worth" in results.verdict.text()
    assert "×" in results.verdict.text()  # each outcome's probability times its value
    assert "expectiminimax chooses move" in results.decision.text()
    assert "The root is worth" in results.decision.text()
    assert "cuts off" not in results.legend.text()  # expectiminimax cuts nothing
    assert results.canvas.item.check is shown and not results.canvas.item.cut
    assert "return total / len(chances)" in results.code.toPlainText()
    assert "checked as expectiminimax" in results.heading.text()


def test_an_endless_loop_is_reported_within_the_limit_and_the_window_answers(
    qtbot: QtBot, window: MainWindow, asked: list[CheckRequest], tmp_path: Path
) -> None:
    # The action came back at once, the check still running: the window's thread waits
    # for nothing. Its event loop turns while the student's loop runs.
    results = check_a_loop(window, asked, tmp_path, 1.0)
    turned: list[bool] = []
    QTimer.singleShot(0, lambda: turned.append(results.running))
    qtbot.waitUntil(lambda: bool(turned), timeout=10_000)
    assert turned == [True]
    assert "Checking tree 1 of 1" in results.status.text()
    window.set_mode("trees")  # the main window answers too
    assert window.mode == "trees"
    wait_done(qtbot, results)
    assert row_texts(results) == ["✗ Figure 5.2"]
    said = results.verdict.text()
    assert "your code was stopped at its CPU limit: it used 1." in said
    assert "s of CPU (limit 1 s) in " in said
    assert results.canvas.item.check is not None
    assert results.canvas.item.check.difference is not None
    assert results.canvas.item.check.difference.path == ()  # marked at the root
    assert no_student_module_here()


def test_a_syntax_error_is_said_with_its_file_and_line(
    qtbot: QtBot, window: MainWindow, asked: list[CheckRequest], tmp_path: Path
) -> None:
    path = tmp_path / "broken.py"
    path.write_text(BROKEN, encoding="utf-8")
    results = check_through_the_menu(window, asked, CheckRequest(str(path), trees=(figure(),)))
    wait_done(qtbot, results)
    assert results.problem.startswith(f"{path}, line 3: syntax error")
    assert f"Cannot check it: {path}, line 3: syntax error" in results.summary.text()
    assert row_texts(results) == []
    # The code is shown at the line the error is on.
    assert results.tabs.currentWidget() is results.code
    assert "for a in game.actions(state)" in results.code.textCursor().selectedText()
    # Fixed, and checked again from the same window.
    path.write_text(write_correct_alphabeta(tmp_path).read_text(), encoding="utf-8")
    results.again_button.click()
    wait_done(qtbot, results)
    assert results.problem == "" and row_texts(results) == ["✓ Figure 5.2"]
    assert results.tabs.currentIndex() == 0  # the tree again


def test_a_file_without_the_function_is_said(
    qtbot: QtBot, window: MainWindow, asked: list[CheckRequest], tmp_path: Path
) -> None:
    path = tmp_path / "other.py"
    path.write_text("def search(state, game):\n    return 0\n", encoding="utf-8")
    results = check_through_the_menu(window, asked, CheckRequest(str(path), trees=(figure(),)))
    wait_done(qtbot, results)
    assert f"{path} defines none of the functions looked for" in results.summary.text()
    asked.append(CheckRequest(str(path), function="nothing", trees=(figure(),)))
    window.search_check.act_check.trigger()
    wait_done(qtbot, results)
    assert f"{path} defines no function 'nothing'" in results.summary.text()


def test_cancel_stops_the_check_and_keeps_what_was_done(
    qtbot: QtBot, window: MainWindow, asked: list[CheckRequest], tmp_path: Path
) -> None:
    results = check_a_loop(window, asked, tmp_path, 60.0)
    results.cancel_button.click()
    wait_done(qtbot, results)
    assert "Cancelled after 0 of 1 trees" in results.summary.text()
    assert not results.cancel_button.isVisible()


def test_closing_the_results_mid_check_does_not_wait_for_the_check(
    qtbot: QtBot, window: MainWindow, asked: list[CheckRequest], tmp_path: Path
) -> None:
    results = check_a_loop(window, asked, tmp_path, 60.0)
    results.close()  # at once: the check is cancelled, and ends by itself
    assert not results.isVisible() and not results.running
    qtbot.waitUntil(lambda: results.threads_left == 0, timeout=30_000)
    # A new check in the same window, replacing a running one, does not wait either.
    replaced = check_a_loop(window, asked, tmp_path, 60.0)
    assert replaced is results
    path = write_correct_alphabeta(tmp_path)
    asked.append(CheckRequest(str(path), trees=(figure(),)))
    window.search_check.act_check.trigger()
    wait_done(qtbot, results)
    assert row_texts(results) == ["✓ Figure 5.2"]  # nothing of the loop's check shows
    qtbot.waitUntil(lambda: results.threads_left == 0, timeout=30_000)


def test_closing_the_window_mid_check_ends_its_thread_and_process(
    qtbot: QtBot, window: MainWindow, asked: list[CheckRequest], tmp_path: Path
) -> None:
    """The test's fixtures fail it if a thread or a child process is left behind."""
    results = check_a_loop(window, asked, tmp_path, 60.0)
    window.close()
    assert not results.running and results.threads_left == 0


def test_the_setup_dialog_offers_the_file_s_searches(qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "mine.py"
    path.write_text(NAMED_OTHERWISE, encoding="utf-8")
    tree = figure()
    dialog = CheckSetupDialog(tree, path=str(path))
    qtbot.addWidget(dialog)
    combo = dialog.function_combo
    offered = [combo.itemText(i) for i in range(combo.count())]
    # aima's name first; helper (one parameter) is no search.
    assert offered == [DEFAULT_FUNCTION, "minimax_decision", "my_alphabeta"]
    assert dialog.request() == CheckRequest(str(path), time_limit=5.0)
    combo.setCurrentText("my_alphabeta")
    dialog.kind_combo.setCurrentIndex(2)
    dialog.editor_tree.setChecked(True)
    dialog.limit.setValue(2.0)
    assert dialog.request() == CheckRequest(
        str(path), function="my_alphabeta", algorithm="alphabeta", trees=(tree,), time_limit=2.0
    )
    dialog.lesson_radio.setChecked(True)
    assert dialog.request().lesson == lesson("alpha-min")
    assert not dialog.function_combo.isEnabled()
    # A file that is not there is refused, and said.
    dialog.own.setChecked(True)
    dialog.file_edit.setText(str(tmp_path / "nowhere.py"))
    dialog.accept()
    assert dialog.result() == 0 and "There is no file" in dialog.problem.text()


def test_a_tree_with_chance_nodes_is_offered_and_a_huge_one_is_not(qtbot: QtBot) -> None:
    tree = example("chance-small").tree()
    dialog = CheckSetupDialog(tree)
    qtbot.addWidget(dialog)
    assert dialog.editor_tree.isEnabled()  # expectiminimax is checked on it
    dialog.editor_tree.setChecked(True)
    dialog.kind_combo.setCurrentIndex(3)
    assert dialog.kind_combo.currentText().startswith("Expectiminimax")
    assert dialog.request().trees == (tree,)
    assert dialog.request().algorithm == "expectiminimax"
    assert dialog.all_trees.text().startswith("The examples with chance nodes and 50 random")
    dialog.kind_combo.setCurrentIndex(2)  # alpha-beta: the plain set
    assert dialog.all_trees.text().startswith("Figure 5.2, every example and 50 random trees")
    dialog.lesson_radio.setChecked(True)
    dialog.lesson_combo.setCurrentIndex(dialog.lesson_combo.findData("chance-average"))
    assert "random chance trees" in dialog.all_trees.text()
    dialog.own.setChecked(True)
    dialog.kind_combo.setCurrentIndex(0)  # told by the function's name
    assert dialog.all_trees.text() == (
        "Figure 5.2, every example and 50 random trees, or chance trees for expectiminimax"
    )
    assert "check-search" in dialog.all_trees.toolTip()
    assert dialog.sizeHint().width() <= 800  # the radio button's words made it 1,062 px
    big = random_tree(15, (2, 2), values=(-9, 9), seed=1)  # 2**16 - 1 nodes: too many
    assert big.node_count > EDITOR_TREE_NODES
    assert "a check draws at most" in str(editor_tree_problem(big))


def test_the_menus_hold_the_check_commands(window: MainWindow) -> None:
    entries = {
        a.text() for menu in (window.play_file_menu, window.trees.file_menu) for a in menu.actions()
    }
    assert "Check my search &code…" in entries and "Find-the-&bug lessons" in entries
    lessons: QMenu = window.search_check.lessons_menu
    assert [a.text() for a in lessons.actions() if isinstance(a, QAction)] == [
        lesson("alpha-min").title,
        lesson("fresh-root-window").title,
        lesson("chance-average").title,
    ]


def test_the_strict_rule_is_offered_for_alpha_beta_and_the_check_goes_by_it(
    qtbot: QtBot, window: MainWindow, asked: list[CheckRequest], tmp_path: Path
) -> None:
    """A CS188 student checks their alpha-beta by their course's rule: unticking "Prune
    on equal values" checks by the strict rule, so the textbook's alpha-beta, which cuts
    the tied leaf, differs there."""
    dialog = CheckSetupDialog(None)
    qtbot.addWidget(dialog)
    box = dialog.equal_values
    assert box.isEnabled() and box.isChecked() and not dialog.request().strict
    box.setChecked(False)
    assert dialog.request().strict
    dialog.kind_combo.setCurrentIndex(dialog.kind_combo.findData("minimax"))
    assert not box.isEnabled() and not dialog.request().strict  # minimax prunes nothing
    tied = load_tree("[[10], [10, 0]]", "Tied root")
    path = write_correct_alphabeta(tmp_path)
    request = CheckRequest(str(path), trees=(tied,), strict=True)
    results = check_through_the_menu(window, asked, request)
    wait_done(qtbot, results)
    assert row_texts(results) == ["✗ Tied root"]
    assert "strict rule" in results.heading.text()
