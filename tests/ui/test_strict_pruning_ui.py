"""The pruning rule in the window: Play's settings, the tree editor's Solve row, the
exercise dialogs; each check box "Prune on equal values" (checked: the textbook's rule,
unchecked: CS188's strict rule) reaches the search it shapes."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from gamesearch_gui.core.exercises.exercise import Task
from gamesearch_gui.core.narration.steps import describe_step
from gamesearch_gui.core.recording.depth_first import PRUNED
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.trees.file import load_tree
from gamesearch_gui.ui.editor.editor import TreeEditor
from gamesearch_gui.ui.exercise.dialogs import DRAWN
from gamesearch_gui.ui.exercise.dialogs import NewExerciseDialog
from gamesearch_gui.ui.main_window import MainWindow
from gamesearch_gui.ui.play_config import PlayConfig
from gamesearch_gui.ui.play_config import Seats
from gamesearch_gui.ui.play_config import default_search
from gamesearch_gui.ui.worker import SearchController

AI_TIMEOUT_MS = 60_000
SOLVE_MS = 30_000
TIED = "[[10], [10, 0]]"


@pytest.fixture
def store(tmp_path: Path) -> QSettings:
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def window(qtbot: QtBot, store: QSettings, monkeypatch: pytest.MonkeyPatch) -> Iterator[MainWindow]:
    monkeypatch.setattr(MainWindow, "_message", lambda self, title, html: None)
    made = MainWindow(store)
    made.pace_override_ms = 0
    qtbot.addWidget(made)
    made.show()
    yield made
    made.close()


@pytest.fixture
def editor(qtbot: QtBot, store: QSettings, tmp_path: Path) -> Iterator[TreeEditor]:
    controller = SearchController()
    made = TreeEditor(controller, store, recovery_path=str(tmp_path / "recovery.gtree.json"))
    qtbot.addWidget(made)
    made.resize(1100, 700)
    made.show()
    yield made
    made.shutdown()
    controller.shutdown()


def test_the_settings_panel_offers_the_rule_and_the_ai_searches_by_it(
    qtbot: QtBot, window: MainWindow
) -> None:
    search = replace(default_search("tictactoe"), transposition_table=False)
    window.new_game(PlayConfig(game="tictactoe", seats=Seats.HUMAN_FIRST, search=search))
    panel = window.settings_panel
    box = panel.equal_values
    assert box.isVisible() and box.isEnabled() and box.isChecked()
    assert "Russell & Norvig" in box.toolTip() and "CS188" in box.toolTip()
    assert not window.config.search.strict_pruning
    panel.fail_hard.setChecked(True)
    qtbot.mouseClick(box, Qt.MouseButton.LeftButton)
    # The strict rule is fail-soft: fail-hard is unticked and greyed out.
    assert window.config.search.strict_pruning and not window.config.search.fail_hard
    assert not panel.fail_hard.isEnabled() and not panel.fail_hard.isChecked()
    # The AI's search (in the engine process) goes by it, and the statistics say so.
    assert window.board is not None
    for widget, point in window.board.click_targets(4):
        qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=point)
    qtbot.waitUntil(lambda: len(window.match.plies) == 2, timeout=AI_TIMEOUT_MS)
    assert window.move_searches[2].settings.strict_pruning
    assert "strict pruning" in window.stats.text("search")
    # Minimax prunes nothing: the box is greyed out and the rule off.
    panel.algorithm_box.setCurrentIndex(panel.algorithm_box.findData(Algorithm.MINIMAX))
    assert not box.isEnabled() and not window.config.search.strict_pruning


def test_the_game_menu_chooses_the_rule_and_shows_the_settings_choice(
    window: MainWindow,
) -> None:
    window.new_game(PlayConfig(game="connect4", seats=Seats.TWO_HUMANS))
    action = window.act_equal_values
    assert action in window.game_menu.actions()
    assert action.isEnabled() and action.isChecked()
    action.trigger()  # Game > Prune on equal values, unticked: CS188's strict rule
    assert window.config.search.strict_pruning
    assert not window.settings_panel.equal_values.isChecked()
    window.settings_panel.equal_values.setChecked(True)  # and back, from the settings
    assert action.isChecked() and not window.config.search.strict_pruning
    # A search that prunes nothing has no rule to choose.
    panel = window.settings_panel
    panel.algorithm_box.setCurrentIndex(panel.algorithm_box.findData(Algorithm.MINIMAX))
    assert not action.isEnabled()


def test_the_rule_is_remembered(qtbot: QtBot, store: QSettings) -> None:
    first = MainWindow(store)
    qtbot.addWidget(first)
    first.new_game(PlayConfig(game="connect4", seats=Seats.TWO_HUMANS))
    first.settings_panel.equal_values.setChecked(False)
    assert first.config.search.strict_pruning
    first.close()
    second = MainWindow(store)
    qtbot.addWidget(second)
    try:
        assert second.config.search.strict_pruning
        assert not second.settings_panel.equal_values.isChecked()
    finally:
        second.close()


def solve(qtbot: QtBot, editor: TreeEditor) -> None:
    with qtbot.waitSignal(editor.solved, timeout=SOLVE_MS):
        qtbot.mouseClick(editor.solve_button, Qt.MouseButton.LeftButton)


def test_the_editor_solves_a_tied_root_by_either_rule(qtbot: QtBot, editor: TreeEditor) -> None:
    editor.edits.replace_tree(load_tree(TIED, "tied root"))
    editor.solver.set_algorithm(Algorithm.ALPHABETA)
    assert editor.equal_values.isEnabled() and editor.equal_values.isChecked()
    solve(qtbot, editor)
    textbook = editor.solver.solution
    assert textbook is not None and not textbook.strict
    assert [describe_step(textbook, k) for k in range(textbook.event_count)].count(
        "MIN node after 1: value 10 ≤ α = 10, so its remaining child is pruned (equal values prune)"
    ) == 1
    editor.show_drawing()
    qtbot.mouseClick(editor.equal_values, Qt.MouseButton.LeftButton)
    assert not editor.fail_hard.isEnabled()
    solve(qtbot, editor)
    strict = editor.solver.solution
    assert strict is not None and strict.strict
    assert not any(strict.ev_type[k] == PRUNED for k in range(strict.event_count))
    assert "(alpha-beta, fail-soft, strict rule)" in editor.result_label.text()
    assert "3 leaves" in editor.result_label.text()
    assert "strict rule" in editor.solution_panel.title_label.text()
    # Minimax prunes nothing: the box is greyed out.
    editor.show_drawing()
    editor.solver.set_algorithm(Algorithm.MINIMAX)
    assert not editor.equal_values.isEnabled()
    assert not editor.solver.search_settings().strict_pruning


def test_the_new_exercise_dialog_makes_a_strict_exercise(qtbot: QtBot) -> None:
    tree = load_tree(TIED, "tied root")
    dialog = NewExerciseDialog(lambda: tree)
    qtbot.addWidget(dialog)
    dialog.set_source(DRAWN)
    dialog.set_task(Task.ALPHABETA)
    dialog.set_fail_hard(True)
    dialog.equal_values.setChecked(False)
    assert not dialog.convention.isEnabled() and not dialog.fail_hard()
    assert "strict rule" in dialog.task_help.text()
    dialog.accept()
    exercise = dialog.result_exercise
    assert exercise is not None and exercise.strict and not exercise.fail_hard
    assert exercise.task_title == "Alpha-beta pruning (fail-soft, strict rule)"
    other = NewExerciseDialog(lambda: tree)
    qtbot.addWidget(other)
    other.set_task(Task.MINIMAX)
    assert not other.equal_values.isEnabled() and not other.strict()
