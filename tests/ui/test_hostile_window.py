"""Hostile user code in the window (issue 25, defect 1): a game file opened with File >
Open game file, and a student's file checked with File > Check my search code. Each
ends in one sentence on the board or in the check's results, within its limits, and the
window goes on. A game file that killed its parent killed the window (exit 137): that
is run here in a window of its own process, so that it cannot take the tests with it.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from gamesearch_gui.engine.sandbox import MB
from gamesearch_gui.engine.sandbox import Containment
from gamesearch_gui.ui import game_files
from gamesearch_gui.ui.boards.text_board import TextBoard
from gamesearch_gui.ui.main_window import MainWindow
from gamesearch_gui.ui.play_config import Seats
from gamesearch_gui.ui.search_check.thread import CheckRequest
from tests.hostile import CASES
from tests.hostile import Hostile
from tests.ui import test_check_window
from tests.ui import test_main_window
from tests.ui.test_check_window import check_through_the_menu
from tests.ui.test_check_window import figure
from tests.ui.test_check_window import wait_done
from tests.ui.test_main_window import AI_TIMEOUT_MS

store = test_main_window.store
window = test_main_window.window
asked = test_check_window.asked

#: The window's limits on a game file's code in these tests (the tests' CLI's, too).
SMALL = Containment(memory=512 * MB, output=64 * 1024, file_size=1 * MB, files=4)


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.key)
def test_a_hostile_game_file_is_said_on_the_board_and_the_window_goes_on(
    qtbot: QtBot,
    window: MainWindow,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    case: Hostile,
) -> None:
    monkeypatch.setattr(game_files, "CALL_SECONDS", 0.5)
    window.game_files.engine.containment = SMALL
    panel = window.settings_panel
    panel.seats_box.setCurrentIndex(panel.seats_box.findData(Seats.TWO_HUMANS))
    assert window.open_game_file(str(case.game(tmp_path)))
    board = window.board
    assert isinstance(board, TextBoard)
    if case.answers:  # a thread or an atexit hook of the file's keeps nothing waiting
        qtbot.waitUntil(lambda: len(board.buttons) == 9, timeout=AI_TIMEOUT_MS)
        return
    # The first question about the board's position runs the hostile line.
    qtbot.waitUntil(lambda: case.said in board.text.text(), timeout=AI_TIMEOUT_MS)
    if case.line_known:
        assert board.text.text().startswith(f"{case.key}.py, line ")
    assert board.caption.text() == "The game's code failed at this position."
    assert not board.buttons
    # The window goes on: another game, and a new process for the file's questions.
    window.settings_panel.game_box.setCurrentIndex(panel.game_box.findData("tictactoe"))
    assert window.user_game is None


STUDENT_CASES = [
    case
    for case in CASES
    if case.key
    in (
        "kill_parent",
        "exits_7",
        "asks",
        "interrupts",
        "unprintable",
        "output_flood",
        "many_files",
        "signals_itself",
    )
]


@pytest.mark.parametrize("case", STUDENT_CASES, ids=lambda case: case.key)
def test_a_hostile_search_file_is_said_in_the_check_and_the_window_goes_on(
    qtbot: QtBot,
    window: MainWindow,
    asked: list[CheckRequest],
    tmp_path: Path,
    case: Hostile,
) -> None:
    path = case.student(tmp_path)
    request = CheckRequest(str(path), trees=(figure(),), time_limit=1.0)
    results = check_through_the_menu(window, asked, request)
    wait_done(qtbot, results)
    assert results.trees.item(0).text() == "✗ Figure 5.2"
    assert case.said in results.verdict.text()
    window.set_mode("trees")  # the window answers
    assert window.mode == "trees"
    assert len(list(tmp_path.glob("many*.out"))) <= 16


#: A window of its own, offscreen, opening the game file it is given; it prints what the
#: board says once the file's code has answered, and closes.
PROBE = textwrap.dedent(
    """\
    import os, sys, tempfile
    os.environ["QT_QPA_PLATFORM"] = "offscreen"
    from PySide6.QtCore import QSettings, QTimer
    from PySide6.QtWidgets import QApplication
    app = QApplication([])
    from gamesearch_gui.ui.main_window import MainWindow
    from gamesearch_gui.ui.play_config import Seats

    store = QSettings(os.path.join(tempfile.mkdtemp(), "s.ini"), QSettings.Format.IniFormat)
    window = MainWindow(store)
    window._message = lambda title, text: print("box:", text)
    window.show()
    panel = window.settings_panel
    panel.seats_box.setCurrentIndex(panel.seats_box.findData(Seats.TWO_HUMANS))
    window.open_game_file(sys.argv[1])

    def look():
        text = window.board.text.text()
        if "Waiting" not in text:
            print("board:", text)
            window.close()
            app.quit()

    timer = QTimer()
    timer.timeout.connect(look)
    timer.start(100)
    app.exec()
    """
)


def test_a_game_file_that_kills_its_parent_does_not_kill_the_window(tmp_path: Path) -> None:
    path = CASES[0].game(tmp_path)
    assert CASES[0].key == "kill_parent"
    done = subprocess.run(
        [sys.executable, "-c", PROBE, str(path)],
        capture_output=True,
        text=True,
        timeout=300,
        stdin=subprocess.DEVNULL,
    )
    assert done.returncode == 0, f"the window ended with {done.returncode}: {done.stderr[-500:]}"
    said = [line for line in done.stdout.splitlines() if line.startswith("board:")]
    assert said and "kill_parent.py, line 32, in actions: PermissionError" in said[0]
