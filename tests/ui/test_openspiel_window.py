"""Game > Open OpenSpiel game… in the window: the dialog lists what the engine process
says the app can search, a game opens with the parameters typed, plays on the text
board against the AI, and its search fills the tree; what the engine refuses is one
line, and the game played stays. The window's process never imports OpenSpiel."""

from __future__ import annotations

import html
import importlib.util
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox
from PySide6.QtWidgets import QSpinBox
from pytestqt.qtbot import QtBot

from gamesearch_gui.core.game_source import OpenSpielSource
from gamesearch_gui.engine.remote_game import RemoteGame
from gamesearch_gui.ui import saved
from gamesearch_gui.ui.boards.text_board import MOST_MOVES
from gamesearch_gui.ui.boards.text_board import TextBoard
from gamesearch_gui.ui.main_window import MainWindow
from gamesearch_gui.ui.openspiel_dialog import OpenSpielDialog
from gamesearch_gui.ui.play_config import Seats
from tests.ui import test_main_window
from tests.ui.test_main_window import AI_TIMEOUT_MS
from tests.ui.test_main_window import click_move
from tests.ui.test_main_window import wait_for_person_or_end
from tests.ui.test_review import reviewed_after
from tests.ui.test_review import the_depth_found

pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("pyspiel") is None,
    reason='OpenSpiel is not installed (pip install "gamesearch-gui[openspiel]")',
)

# The main window's fixtures: a window at full speed, its messages kept in a list.
store = test_main_window.store
window = test_main_window.window

#: What a person does in the dialog; returns the dialog's result as ``exec`` would.
Person = Callable[[OpenSpielDialog], int]


def answer_dialog(monkeypatch: pytest.MonkeyPatch, person: Person) -> list[OpenSpielDialog]:
    """Have ``person`` answer the dialog when it opens (a modal dialog would block the
    test); the dialogs shown are kept."""
    shown: list[OpenSpielDialog] = []

    def run(dialog: OpenSpielDialog) -> int:
        shown.append(dialog)
        return person(dialog)

    monkeypatch.setattr(OpenSpielDialog, "exec", run)
    return shown


def listed(dialog: OpenSpielDialog) -> list[str]:
    return [dialog.table.item(row, 0).text() for row in range(dialog.table.rowCount())]


def shown_rows(dialog: OpenSpielDialog) -> list[str]:
    table = dialog.table
    return [table.item(r, 0).text() for r in range(table.rowCount()) if not table.isRowHidden(r)]


def press_open(qtbot: QtBot, dialog: OpenSpielDialog) -> int:
    button = dialog.buttons.button(QDialogButtonBox.StandardButton.Open)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    return dialog.result()


@pytest.fixture(autouse=True)
def openspiel_out_of_reach(monkeypatch: pytest.MonkeyPatch) -> None:
    """The window's process never imports OpenSpiel: here an import of it fails, so a
    window that tried would fail the test. (Other test modules import pyspiel into this
    process, so its absence from sys.modules proves nothing in a whole run; the engine's
    processes are spawned afresh and import it as they should.)"""
    for name in ("pyspiel", "open_spiel"):
        monkeypatch.setitem(sys.modules, name, None)


def test_a_game_chosen_with_its_parameters_plays_against_the_ai_and_fills_the_tree(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    def person(dialog: OpenSpielDialog) -> int:
        qtbot.keyClicks(dialog.search, "break")
        assert shown_rows(dialog) == ["breakthrough"]
        for key in ("rows", "columns"):
            editor = dialog.editors[key]
            assert isinstance(editor, QSpinBox) and editor.value() == 8  # typed, its default
            editor.setValue(5)
        assert "breakthrough(columns=5,rows=5)" in dialog.spec_line.text()
        return press_open(qtbot, dialog)

    shown = answer_dialog(monkeypatch, person)
    window.act_open_openspiel.trigger()
    dialog = shown[0]
    games = listed(dialog)
    # What the engine says the app can search: two players or more, chance listed or none.
    assert {"breakthrough", "backgammon", "checkers", "pig", "chinese_checkers"} <= set(games)
    assert "kuhn_poker" not in games and "efg_game" not in games
    row = games.index("backgammon")
    assert dialog.table.item(row, 1).text() == "Backgammon"
    assert dialog.table.item(row, 3).text() == "chance"
    assert dialog.table.item(games.index("chinese_checkers"), 2).text() == "2 to 6"
    # The game plays with the parameters typed.
    game = window.game
    assert isinstance(game, RemoteGame) and game.source == OpenSpielSource(
        "breakthrough(columns=5,rows=5)"
    )
    board = window.board
    assert isinstance(board, TextBoard)
    assert board.text.text().splitlines()[0] == "5bbbbb"  # five rows of five columns
    assert window.settings_panel.game_box.currentText().endswith("(OpenSpiel)")
    assert saved.LAST_OPENSPIEL.read(window.store) == "breakthrough(columns=5,rows=5)"
    # A move by its button; the AI answers, and its move is marked on the board.
    wait_for_person_or_end(qtbot, window)
    mine = board.buttons[0].text()
    click_move(qtbot, window, 0)
    qtbot.waitUntil(lambda: len(window.match.plies) >= 2, timeout=AI_TIMEOUT_MS)
    assert window.match.plies[0].text == mine
    answer = window.match.plies[1].text
    wait_for_person_or_end(qtbot, window)
    assert f"Last move: <b>{answer}</b> (player 1 (MIN))" == window.board.last.text()
    # Its search is in the tree, and a node's details show that node's position as text.
    panel = window.tree_panel
    qtbot.waitUntil(lambda: panel.recording is not None, timeout=AI_TIMEOUT_MS)
    recording = panel.recording
    assert recording is not None and recording.node_count > 1
    panel.select_node(1)
    details = panel.details.board
    assert isinstance(details, TextBoard)
    assert details.text.text() == game.board_text(recording.state(1))
    assert details.text.text() != game.board_text(recording.state(0))
    assert not details.moves.isVisible()  # a position to look at, not to play


def test_the_dialog_says_the_engine_s_refusal_and_stays_open(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    refusals: list[str] = []

    def person(dialog: OpenSpielDialog) -> int:
        dialog.choose("breakthrough")
        dialog.editors["rows"].setValue(0)  # type: ignore[attr-defined]
        assert press_open(qtbot, dialog) == OpenSpielDialog.DialogCode.Rejected
        assert dialog.isVisible() or not dialog.refusal.isHidden()
        refusals.append(dialog.refusal.text())
        dialog.reject()  # Cancel
        return dialog.result()

    answer_dialog(monkeypatch, person)
    before = window.game
    window.act_open_openspiel.trigger()
    assert refusals == [
        "OpenSpiel refuses breakthrough(rows=0): its check rows_ > 1 failed: rows_ = 0"
    ]
    assert "\n" not in refusals[0]
    assert window.game is before  # cancelled: the game played stays


def test_what_the_engine_refuses_is_one_line_and_the_game_stays(
    qtbot: QtBot, window: MainWindow
) -> None:
    assert window.open_openspiel("breakthrough(rows=5,columns=5)")
    game = window.game
    for spec, said in (
        ("kuhn_poker", "the app cannot search kuhn_poker: it has imperfect information"),
        ("breakthrough(rows=x)", "breakthrough: parameter rows is an int (such as 8), not 'x'"),
        ("breakthru", "OpenSpiel has no game 'breakthru'; did you mean 'breakthrough'?"),
        ("hex(board_size=30)", f"has 900 moves at its start, more than the {MOST_MOVES}"),
        ("hex(board_size=0)", "hex(board_size=0) has no moves at the start position, where"),
    ):
        assert not window.open_openspiel(spec)
        title, text = window.messages[-1]  # type: ignore[attr-defined]
        assert said in html.unescape(text) and "<br>" not in text, (spec, text)
        assert title == "The OpenSpiel game could not be opened"
        assert said in window.statusBar().currentMessage()
        assert window.game is game  # nothing lost: the game played stays
    window.show_how_to_play()
    _title, text = window.messages[-1]  # type: ignore[attr-defined]
    assert "OpenSpiel's game <tt>breakthrough(rows=5,columns=5)</tt>" in text
    assert "player 0 is MAX" in text and "docstring" not in text


def test_without_openspiel_the_menu_says_how_to_install_it(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # The engine process (started on the first question, with this process's path)
    # finds a pyspiel that cannot be imported: as if the extra were not installed.
    missing = tmp_path / "no_openspiel"
    missing.mkdir()
    (missing / "pyspiel.py").write_text("raise ImportError('no OpenSpiel here')\n")
    monkeypatch.syspath_prepend(str(missing))
    shown = answer_dialog(monkeypatch, lambda dialog: 0)
    before = window.game
    window.act_open_openspiel.trigger()
    assert not shown  # no dialog: there is nothing to list
    title, text = window.messages[-1]  # type: ignore[attr-defined]
    assert title == "OpenSpiel is not installed"
    assert "pip install &quot;gamesearch-gui[openspiel]&quot;" in text
    assert "The one-file program does not carry OpenSpiel" in text
    assert window.game is before


def test_backgammon_s_many_moves_fit_a_small_screen_and_each_can_be_clicked(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.resize(1366, 768)
    assert window.open_openspiel("backgammon")
    wait_for_person_or_end(qtbot, window)
    board = window.board
    assert isinstance(board, TextBoard) and len(board.buttons) > 12
    # Dozens of moves neither widen nor lengthen the window past a small screen: they
    # scroll, and so does a board text too tall for its room.
    hint = window.minimumSizeHint()
    assert hint.width() <= 1366 and hint.height() <= 768, hint
    assert board.moves.height() < board.height()
    last = len(board.buttons) - 1
    chosen = board.buttons[last].text()
    plies = len(window.match.plies)
    click_move(qtbot, window, last)  # scrolled into sight, then clicked
    qtbot.waitUntil(lambda: len(window.match.plies) > plies, timeout=AI_TIMEOUT_MS)
    assert window.match.plies[plies].text == chosen
    # The AI moved, then the dice rolled for the person: the board says both.
    wait_for_person_or_end(qtbot, window)
    if not window.match.is_over:
        ai, roll = window.match.plies[-2:]
        said = html.unescape(window.board.last.text())
        assert (
            said == f"Last move: <b>{ai.text}</b> (player 1 (MIN)), then chance: <b>{roll.text}</b>"
        )


def test_a_game_of_openspiel_is_reviewed_in_an_engine_process(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    panel = window.settings_panel
    panel.seats_box.setCurrentIndex(panel.seats_box.findData(Seats.TWO_HUMANS))
    assert window.open_openspiel("tic_tac_toe")
    dialog = reviewed_after(qtbot, window, monkeypatch, (0, 0))
    assert the_depth_found(dialog) and dialog.scale == (-1.0, 1.0)
    played = [dialog.table.item(row, 2).text() for row in range(dialog.table.rowCount())]
    assert played == [ply.text for ply in window.match.plies]
    assert all(position.loss is not None for position in dialog.positions[:2])
    assert isinstance(dialog.view.board, TextBoard)
