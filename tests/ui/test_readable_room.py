"""Nothing cut at 1366×768 (issue 24): every text in the docks and panels can be read.

The window is shown at a laptop's 1366×768 and driven as a person would: each game
played until the AI has answered (chess for three moves, the hard case: long lines,
evaluation terms), a node of the best line chosen, each tab of the docks raised; a tree
drawn and solved; an exercise and its solution. At each stop every label, button and
list row in the docks and panels is measured against the room it has
(``tests/ui/readable.py``): it fits, wraps to a height it has, sits in a scroll area
that reaches it, or is elided with the whole text in its tooltip.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
from PySide6.QtWidgets import QComboBox
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from gamesearch_gui.core.exercises.exercise import Difficulty
from gamesearch_gui.core.exercises.exercise import Task
from gamesearch_gui.core.exercises.exercise import random_exercise
from gamesearch_gui.core.games import game_names
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.ui.editor.editor import TreeEditor
from gamesearch_gui.ui.editor.random_dialog import RandomTreeDialog
from gamesearch_gui.ui.main_window import MainWindow
from gamesearch_gui.ui.play_config import PlayConfig
from gamesearch_gui.ui.play_config import Seats
from gamesearch_gui.ui.play_config import default_search
from gamesearch_gui.ui.play_config import mcts_search
from gamesearch_gui.ui.tree.page import NODE_TAB
from gamesearch_gui.ui.tree.page import STEPS_TAB
from gamesearch_gui.ui.tree.page import TreePage
from tests.ui.readable import choice_cuts
from tests.ui.readable import cut_texts

AI_MS = 120_000
#: A laptop's screen, and the window's first size on it (``DEFAULT_SIZE``, within the
#: screen less a panel).
SIZES = [(1366, 768), (1280, 720)]


@pytest.fixture(params=SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def window(
    request: pytest.FixtureRequest,
    qtbot: QtBot,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> Iterator[MainWindow]:
    monkeypatch.setattr(MainWindow, "_message", lambda self, title, html: None)
    monkeypatch.setattr(TreeEditor, "_ask_unsaved", lambda self: "discard")
    store = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    made = MainWindow(store, recovery_path=str(tmp_path / "recovery.gtree.json"))
    made.pace_override_ms = 0
    made.rng.seed(0)
    qtbot.addWidget(made)
    made.resize(*request.param)
    made.asked = request.param  # type: ignore[attr-defined]
    made.show()
    qtbot.waitExposed(made)
    yield made
    made.close()


def panes(window: MainWindow) -> list[QWidget]:
    """What the mode shows beside the menus and bars: the page and the docks."""
    return [window.centralWidget(), *window.docks.values()]


def settle(qtbot: QtBot) -> None:
    """Let the layouts follow what changed (a dock's tab raised, a text set): they are
    posted events, each of which may post the next."""
    for _ in range(5):
        QApplication.sendPostedEvents()
        QApplication.processEvents()


def measured(qtbot: QtBot, window: MainWindow, where: str) -> list[str]:
    settle(qtbot)
    asked = window.asked  # type: ignore[attr-defined]
    assert window.width() == asked[0]  # a long text never widens the window
    return [f"{where}: {problem}" for problem in cut_texts(panes(window))]


def measure_tree_panel(qtbot: QtBot, window: MainWindow, panel: TreePage, where: str) -> list[str]:
    """The panel on each of its side tabs, with the best line's deepest node chosen (a
    position with evaluation terms, a long path of moves, a window narrowed often)."""
    problems = measured(qtbot, window, f"{where}, the root")
    recording = panel.recording
    if recording is not None:
        line = recording.principal_variation()
        for n in line[1:][-2:]:
            panel.select_node(n)
            problems += measured(qtbot, window, f"{where}, node {n}")
        panel.tabs.setCurrentIndex(STEPS_TAB)
        problems += measured(qtbot, window, f"{where}, its steps")
        panel.tabs.setCurrentIndex(NODE_TAB)
    return problems


def play_until_the_ai_answered(qtbot: QtBot, window: MainWindow, moves: list[str]) -> None:
    """Play ``moves`` (the person's, in the game's notation), each answered by the AI;
    with none, the AI moves first or the person plays the first legal move."""

    def settled() -> bool:
        return window.match.is_over or (window.human_to_move() and not window.controller.busy)

    for text in moves:
        qtbot.waitUntil(settled, timeout=AI_MS)
        window.session.human_move(window.game.parse_move(window.match.state, text))
    for _ in range(4):
        qtbot.waitUntil(settled, timeout=AI_MS)
        if window.move_searches or window.match.is_over:
            break
        window.session.human_move(window.match.legal()[0])
    qtbot.waitUntil(settled, timeout=AI_MS)
    assert window.move_searches


@pytest.mark.slow
def test_play_mode_every_text_readable_in_every_game(qtbot: QtBot, window: MainWindow) -> None:
    problems: list[str] = []
    games: list[tuple[str, Seats, Algorithm | None, list[str]]] = [
        (name, Seats.HUMAN_SECOND, None, []) for name in game_names() if name != "chess"
    ]
    games += [
        ("chess", Seats.HUMAN_FIRST, None, ["e4", "Nf3", "Bc4"]),
        ("connect4", Seats.HUMAN_SECOND, Algorithm.MCTS, []),
    ]
    for game, seats, algorithm, moves in games:
        search = default_search(game)
        if algorithm is Algorithm.MCTS:
            search = mcts_search(500, None, 1.4, 7)
        window.new_game(PlayConfig(game=game, seats=seats, search=search))
        play_until_the_ai_answered(qtbot, window, moves)
        where = f"{game} ({search.algorithm.value})"
        window.docks["history"].raise_()
        problems += measured(qtbot, window, f"{where}, the moves")
        window.docks["stats"].raise_()
        problems += measure_tree_panel(qtbot, window, window.tree_panel, where)
    assert not problems, "\n".join(problems)


@pytest.mark.slow
def test_draw_a_tree_and_practise_every_text_readable(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    problems: list[str] = []
    assert window.open_example("figure-5-2")
    editor = window.editor
    qtbot.waitUntil(lambda: not editor.loading)
    problems += measured(qtbot, window, "figure 5.2 drawn")
    with qtbot.waitSignal(editor.solved, timeout=AI_MS):
        editor.solve()
    problems += measure_tree_panel(qtbot, window, editor.solution_panel, "figure 5.2 solved")

    window.set_mode("exercise")
    page = window.exercises
    problems += measured(qtbot, window, "practise, the welcome")
    exercise = random_exercise(Difficulty(3, (2, 3), 0.0), Task.ALPHABETA, "7")
    monkeypatch.setattr(page, "_ask_exercise", lambda: exercise)
    page.new_exercise()
    qtbot.waitUntil(lambda: page.key is not None, timeout=AI_MS)
    problems += measured(qtbot, window, "an exercise")
    page.act_solution.trigger()
    page.solution_panel.controller.go_end()
    problems += measure_tree_panel(qtbot, window, page.solution_panel, "its solution")
    assert not problems, "\n".join(problems)


def test_every_choice_of_the_settings_and_every_fields_hint_reads_whole(
    qtbot: QtBot, window: MainWindow
) -> None:
    """A closed choice box shows a whole name (Star1's and Open lines' glosses are in
    their tips), and an empty field's hint is not cut: the Settings panel's boxes in
    every game, the tree editor's Move label (the root's is empty), the Random tree
    dialog's chance levels."""
    problems: list[str] = []
    for game in game_names():
        # People in every seat: no search starts, and every box is as it is shown.
        seats = Seats.TWO_HUMANS if game != "nim3" else Seats.HUMAN_FIRST
        window.new_game(PlayConfig(game=game, seats=seats, search=default_search(game)))
        settle(qtbot)
        for box in window.settings_panel.findChildren(QComboBox):
            if box.isVisible():
                problems += [f"{game}: {problem}" for problem in choice_cuts(box)]
    window.set_mode("trees")
    assert window.open_example("chance-small")
    qtbot.waitUntil(lambda: not window.editor.loading)
    window.editor.select(())
    assert not window.editor.properties.move_edit.text()
    problems += measured(qtbot, window, "the tree editor at the root")
    dialog = RandomTreeDialog(window)
    qtbot.addWidget(dialog)
    dialog.show()
    settle(qtbot)
    assert not dialog.chance.text()
    problems += [f"the random tree dialog: {problem}" for problem in cut_texts([dialog])]
    dialog.close()
    assert not problems, "\n".join(problems)
