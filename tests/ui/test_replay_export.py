"""Export > Web page and File > Export replay as web page: the search the tree page holds,
written as the replay page (no search runs for it); its colours and legend the window's."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtGui import QAction
from pytestqt.qtbot import QtBot

from gamesearch_gui.core.games import TicTacToe
from gamesearch_gui.core.narration.legend import LEGEND_ITEMS
from gamesearch_gui.core.narration.legend import STRATEGY_ITEM
from gamesearch_gui.core.recording.mcts import MctsRecording
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import search
from gamesearch_gui.paths import resource_files
from gamesearch_gui.ui.actions import COMMANDS
from gamesearch_gui.ui.actions import declared_action
from gamesearch_gui.ui.boards import chess_board
from gamesearch_gui.ui.boards import connect4_board
from gamesearch_gui.ui.main_window import MainWindow
from gamesearch_gui.ui.palette import HINT_COLOUR
from gamesearch_gui.ui.palette import MAX_COLOUR
from gamesearch_gui.ui.palette import MIN_COLOUR
from gamesearch_gui.ui.play_config import PlayConfig
from gamesearch_gui.ui.play_config import Seats
from gamesearch_gui.ui.tree import style
from gamesearch_gui.ui.tree.exporter import TreeExporter
from gamesearch_gui.ui.tree.page import TreePage
from tests.replay_page import read_page
from tests.replay_page import recorded_words
from tests.ui.test_main_window import click_move
from tests.ui.test_main_window import wait_for_person_or_end
from tests.ui.test_tree_panel import figure_recording

SOLVE_MS = 30_000
OPEN_MS = 10_000
#: A ceiling for a page being written (seconds on a quiet machine): a hang, not a speed.
WRITE_MS = 120_000


def export_page(qtbot: QtBot, exporter: TreeExporter, action: QAction) -> None:
    """Trigger ``action`` and wait until its page is written, or why not is said."""
    action.trigger()
    qtbot.waitUntil(lambda: not exporter.page_writer.busy, timeout=WRITE_MS)


def test_the_tree_pages_export_writes_the_replay_of_its_search(
    qtbot: QtBot, panel: TreePage, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    recording = figure_recording()
    panel.show_recording(recording, live=False, title="Figure 5.2: alpha-beta")
    monkeypatch.setattr(panel.exporter, "_save_file_name", lambda *_: str(tmp_path / "fig"))
    monkeypatch.setattr(panel.exporter, "_warn", lambda title, text: pytest.fail(text))
    export_page(qtbot, panel.exporter, panel.view_bar.act_export_page)
    page = read_page((tmp_path / "fig.html").read_text(encoding="utf-8"))
    assert page.title == "Figure 5.2: alpha-beta"
    assert page.data["words"] == recorded_words(recording)


def test_the_web_page_is_offered_only_while_there_is_a_replay_to_write(panel: TreePage) -> None:
    action = panel.view_bar.act_export_page
    heard: list[bool] = []
    panel.pageExportable.connect(heard.append)
    assert not action.isEnabled()  # no search shown
    panel.show_recording(figure_recording(), live=False)
    assert action.isEnabled()
    # Monte Carlo tree search's replay stays in the app.
    game = TicTacToe()
    mcts = MctsRecording(game)
    settings = SearchSettings(Algorithm.MCTS, iterations=50, seed=4)
    mcts.finish(search(game, game.initial_state(), settings, listener=mcts))
    panel.show_recording(mcts, live=False)
    assert not action.isEnabled()
    panel.show_recording(figure_recording(), live=True)  # a search running into it
    assert action.isEnabled()
    panel.clear()
    assert not action.isEnabled()
    assert heard == [True, False, True, False]


def test_with_no_search_shown_the_exporter_says_so_and_writes_nothing(
    panel: TreePage, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The menus offer it only with a search shown; asked all the same, it says why not.
    warned: list[str] = []
    monkeypatch.setattr(panel.exporter, "_save_file_name", lambda *_: str(tmp_path / "x"))
    monkeypatch.setattr(panel.exporter, "_warn", lambda title, text: warned.append(title))
    panel.exporter.export_page()
    assert warned == ["No replay to export"]
    assert list(tmp_path.iterdir()) == []


def test_a_file_that_cannot_be_written_is_said_in_one_box(
    qtbot: QtBot, panel: TreePage, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    panel.show_recording(figure_recording(), live=False)
    target = tmp_path / "missing" / "fig.html"
    warned: list[tuple[str, str]] = []
    monkeypatch.setattr(panel.exporter, "_save_file_name", lambda *_: str(target))
    monkeypatch.setattr(panel.exporter, "_warn", lambda title, text: warned.append((title, text)))
    export_page(qtbot, panel.exporter, panel.view_bar.act_export_page)
    ((title, text),) = warned
    assert title == "Could not export the replay" and "missing" in text


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> Iterator[MainWindow]:
    store = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    made = MainWindow(store, recovery_path=str(tmp_path / "recovery.gtree.json"))
    qtbot.addWidget(made)
    made.editor._ask_unsaved = lambda: "discard"  # type: ignore[method-assign]
    made.show()
    yield made
    made.close()


def test_play_s_export_replay_is_enabled_while_the_tree_dock_holds_a_search(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.pace_override_ms = 0
    action = window.act_export_page
    assert action.text() == "Export replay as &web page…"
    search = SearchSettings(Algorithm.ALPHABETA, depth=2)
    window.new_game(PlayConfig(game="tictactoe", seats=Seats.HUMAN_FIRST, search=search))
    assert not action.isEnabled()  # the person moves first: no search yet
    wait_for_person_or_end(qtbot, window)
    click_move(qtbot, window, window.match.legal()[0])
    qtbot.waitUntil(lambda: window.tree_panel.recording is not None, timeout=SOLVE_MS)
    assert action.isEnabled()
    wait_for_person_or_end(qtbot, window)
    window.new_game()  # a new game shows no search
    assert not action.isEnabled()


def test_file_export_replay_writes_the_drawn_tree_solved_in_the_editor(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window.set_mode("trees")
    editor = window.editor
    with qtbot.waitSignal(editor.opened, timeout=OPEN_MS):
        assert editor.open_file(str(resource_files() / "trees" / "figure-5-2.gtree.json"))
    assert not window.act_export_solved_page.isEnabled()  # drawn, not solved: nothing yet
    with qtbot.waitSignal(editor.solved, timeout=SOLVE_MS):
        editor.acts.act_solve.trigger()
    exporter = editor.solution_panel.exporter
    monkeypatch.setattr(exporter, "_save_file_name", lambda *_: str(tmp_path / "solved.html"))
    monkeypatch.setattr(exporter, "_warn", lambda title, text: pytest.fail(text))
    (spec,) = [c for c in COMMANDS if c.id == "trees.export_page"]
    action = declared_action(window.action_owners, spec)
    assert action is not None and action.isEnabled()
    assert action is window.act_export_solved_page
    assert action.text() == "Export replay as &web page…"
    export_page(qtbot, exporter, action)
    data = read_page((tmp_path / "solved.html").read_text(encoding="utf-8")).data
    recording = editor.solution_panel.recording
    assert recording is not None
    assert data["words"] == recorded_words(recording)
    assert data["nodeCount"] == 11 and data["finished"] is True
    # The window's legend, of the marks this search has: alpha-beta on Figure 5.2 prunes,
    # and has no chance node, no evaluation, no table and no iterations.
    window_legend = [
        list(item) for item in editor.solution_panel.canvas.legend_items() if item != STRATEGY_ITEM
    ]
    assert data["legend"] == window_legend
    assert [key for key, _ in data["legend"]] == [
        "max",
        "min",
        "terminal",
        "open",
        "cut",
        "pv",
        "now",
    ]


def test_the_pages_colours_are_the_windows() -> None:
    css = (resource_files() / "replay" / "page.css").read_text(encoding="utf-8")
    colours = dict(re.findall(r"--([a-z0-9-]+): (#[0-9a-f]{6});", css))
    window = {
        "max": MAX_COLOUR,
        "min": MIN_COLOUR,
        "chance": style.CHANCE_COLOUR,
        "leaf-fill": style.LEAF_FILL,
        "leaf-edge": style.LEAF_EDGE,
        "pv": style.PV_COLOUR,
        "current": style.CURRENT_COLOUR,
        "cut": style.CUT_COLOUR,
        "tried": HINT_COLOUR,
        # The boards' (a node's board in its details).
        "c4-red": connect4_board.RED,
        "c4-yellow": connect4_board.YELLOW,
        "c4-frame-top": connect4_board.FRAME_TOP,
        "c4-frame-bottom": connect4_board.FRAME_BOTTOM,
        "chess-light": chess_board.LIGHT,
        "chess-dark": chess_board.DARK,
    }
    assert {name: colours.get(name) for name in window} == {
        name: colour.name() for name, colour in window.items()
    }
    last = chess_board.LAST_MOVE
    assert re.search(r"--chess-last: (#[0-9a-f]{8});", css)[1] == (  # type: ignore[index]
        f"{last.name()}{last.alpha():02x}"
    )
    # The legend's words are the window's, in the page's data: the script has none of its own.
    script = (resource_files() / "replay" / "page.js").read_text(encoding="utf-8")
    assert "for (const [key, words] of data.legend)" in script
    assert not [pair for pair in LEGEND_ITEMS if f'["{pair[0]}", "{pair[1]}"]' in script]


def test_a_search_still_running_is_exported_as_far_as_it_was_published(
    qtbot: QtBot, panel: TreePage, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    recording = figure_recording()
    panel.show_recording(recording, live=True, title="running")
    panel.set_published(9)
    monkeypatch.setattr(panel.exporter, "_save_file_name", lambda *_: str(tmp_path / "run"))
    monkeypatch.setattr(panel.exporter, "_warn", lambda title, text: pytest.fail(text))
    export_page(qtbot, panel.exporter, panel.view_bar.act_export_page)
    data = read_page((tmp_path / "run.html").read_text(encoding="utf-8")).data
    assert data["eventCount"] == 9
    assert "still running" in data["status"]
    assert data["words"] == recorded_words(recording)[:10]
