"""Every page that has an engine process work for it recovers when that process is stopped
(SIGSTOP) or killed (SIGKILL) in the middle of the work: it says so in the one set of
words (engine/failure.py) within the heartbeat's delay, the stopped process is ended,
and the page's next request is answered by a fresh process.

The pages: play, the editor's Solve, the exercise key (Check and Show solution wait for
it), Compare searches, Compare MCTS with alpha-beta, the exercise export, Check my
search code, and the questions about a game file. The delay for a stopped process is
shortened here through ``heartbeat.PATIENCE`` (users keep 2 s). A kill while a page's
request is still in flight is made certain by first holding the process stopped, with a
patience longer than the test, and killing it once the request was sent.
"""

from __future__ import annotations

import os
import re
import signal
import textwrap
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from dataclasses import field
from dataclasses import replace
from pathlib import Path

import pytest
from pytestqt.exceptions import TimeoutError as WaitTimeout
from pytestqt.qtbot import QtBot

from gamesearch_gui.core.exercises.exercise import DIFFICULTIES
from gamesearch_gui.core.exercises.exercise import Task
from gamesearch_gui.core.games import TicTacToe
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.trees.examples import example
from gamesearch_gui.core.trees.random_tree import random_tree
from gamesearch_gui.engine import heartbeat
from gamesearch_gui.engine.client import EngineClient
from gamesearch_gui.engine.failure import Fault
from gamesearch_gui.engine.failure import FaultKind
from gamesearch_gui.engine.heartbeat import Patience
from gamesearch_gui.ui import game_files
from gamesearch_gui.ui.boards.text_board import TextBoard
from gamesearch_gui.ui.compare_mcts_dialog import MctsCompareDialog
from gamesearch_gui.ui.editor.compare_dialog import CompareDialog
from gamesearch_gui.ui.editor.editor import TreeEditor
from gamesearch_gui.ui.exercise.export_dialog import ExportSetDialog
from gamesearch_gui.ui.exercise.page import ExercisePage
from gamesearch_gui.ui.main_window import MainWindow
from gamesearch_gui.ui.play_config import Seats
from gamesearch_gui.ui.search_check.thread import CheckRequest
from gamesearch_gui.ui.threads import ComparisonDialog
from tests.processes import process_alive
from tests.search_check import write_correct_alphabeta
from tests.ui import test_check_window
from tests.ui import test_editor
from tests.ui import test_exercise_page
from tests.ui import test_main_window
from tests.ui.test_game_file_window import LOOPING
from tests.ui.test_main_window import AI_TIMEOUT_MS
from tests.ui.test_main_window import click_move

# The pages' own fixtures.
store = test_main_window.store
window = test_main_window.window
controller = test_editor.controller
warnings = test_editor.warnings
editor = test_editor.editor
page_factory = test_exercise_page.page_factory
page = test_exercise_page.page
asked = test_check_window.asked

#: How long a page may take to say a fault, and to answer again, on a loaded machine.
WAIT_MS = 60_000
#: A stopped process is ended after 0.3 s here (users: heartbeat.PATIENCE's 2 s).
QUICK = Patience(stopped=0.3)
#: A stop that is never ended by itself: for killing a process whose request is in flight.
HELD = Patience(stopped=3600.0)
SIGNALS = [signal.SIGSTOP, signal.SIGKILL]

KILLED = Fault(FaultKind.KILLED, signal=signal.SIGKILL).said()
STOPPED = re.compile(
    re.escape(Fault(FaultKind.STOPPED, seconds=1.0).said()).replace(
        re.escape("1.0 s"), r"\d+(\.\d+)? s"
    )
)


def says_the_fault(text: str, sig: int) -> bool:
    """True when ``text`` holds the sentence every page uses for ``sig``'s fault."""
    if sig == signal.SIGKILL:
        return KILLED in text
    return STOPPED.search(text) is not None


@pytest.fixture
def patience(monkeypatch: pytest.MonkeyPatch) -> Callable[[Patience], None]:
    """Set the heartbeat's patience for the engine processes the test has work for."""
    return lambda chosen: monkeypatch.setattr(heartbeat, "PATIENCE", chosen)


@dataclass
class Engines:
    """Every engine process started during a test (by its client); ``freeze`` holds the
    next one stopped the moment it starts, so that the work given to it waits."""

    started: list[EngineClient] = field(default_factory=list)
    freeze: bool = False


@pytest.fixture
def engines(monkeypatch: pytest.MonkeyPatch) -> Engines:
    made = Engines()
    start = EngineClient.start

    def recorded(self: EngineClient) -> None:
        fresh = not self.alive
        start(self)
        if fresh:
            made.started.append(self)
            if made.freeze and self.pid is not None:
                made.freeze = False
                os.kill(self.pid, signal.SIGSTOP)

    monkeypatch.setattr(EngineClient, "start", recorded)
    return made


def hit_in_flight(qtbot: QtBot, engine: EngineClient, sig: int) -> int:
    """``sig`` to ``engine``'s process, held stopped (with a patience that never ends
    it), once the page's request is in flight; its pid."""
    pid = engine.pid
    assert pid is not None
    if sig == signal.SIGKILL:
        qtbot.waitUntil(lambda: engine.awaited != 0, timeout=WAIT_MS)
        os.kill(pid, signal.SIGKILL)
    return pid


def freeze(engine: EngineClient, sig: int, patience: Callable[[Patience], None]) -> int:
    """Hold ``engine``'s idle process stopped, with the patience ``sig``'s test needs."""
    patience(QUICK if sig == signal.SIGSTOP else HELD)
    pid = engine.pid
    assert pid is not None
    os.kill(pid, signal.SIGSTOP)
    return pid


def ended(pid: int) -> bool:
    return not process_alive(pid)


# -- play ------------------------------------------------------------------------------


def _where_it_stood(window: MainWindow, stopped: int) -> str:
    """The engine, its watchdog and the search, as a failure message shows them."""
    controller = window.controller
    engine = controller.engine
    watchdog = engine._watchdog
    current = controller._current
    parts = [
        f"stopped pid {stopped}, engine pid {engine.pid}, its state "
        f"{heartbeat.read_process(stopped)}",
        f"current request {None if current is None else (current.request_id, current.purpose)}",
        f"status {window.statusBar().currentMessage()!r}",
    ]
    if watchdog is None:
        parts.append("no watchdog")
    else:
        judge = watchdog._judge
        parts.append(
            f"watchdog request {watchdog.request}, waiting {watchdog._waiting}, fault "
            f"{watchdog.fault}, closed {watchdog._closed}, thread alive "
            f"{watchdog._thread is not None and watchdog._thread.is_alive()}, judge "
            f"{None if judge is None else vars(judge) if hasattr(judge, '__dict__') else judge}"
        )
    return "; ".join(parts)


def test_play_a_search_stopped_mid_search_is_said_and_the_next_runs_afresh(
    qtbot: QtBot, window: MainWindow, patience: Callable[[Patience], None]
) -> None:
    """Before, a stopped engine was noticed only when a new game started. (SIGKILL mid
    search: test_main_window's test_an_engine_that_dies_mid_search_...)"""
    patience(QUICK)
    test_main_window.start(window, "connect4", Seats.HUMAN_SECOND, depth=14, time_budget=None)
    engine = window.controller.engine
    qtbot.waitUntil(lambda: window.tree_panel.controller.published > 0, timeout=AI_TIMEOUT_MS)
    first = engine.pid
    assert first is not None
    os.kill(first, signal.SIGSTOP)
    try:
        qtbot.waitUntil(lambda: window.paused, timeout=WAIT_MS)
    except WaitTimeout:  # seen twice in CI (a watchdog asleep, now fixed): say where it stood
        pytest.fail(f"the window did not pause: {_where_it_stood(window, first)}")
    said = window.statusBar().currentMessage()
    assert said.startswith("The search failed: ") and says_the_fault(said, signal.SIGSTOP), said
    assert ended(first)
    window.config = replace(window.config, search=replace(window.config.search, depth=2))
    window.set_paused(False)
    qtbot.waitUntil(lambda: len(window.match.plies) == 1, timeout=AI_TIMEOUT_MS)
    assert engine.pid not in (None, first)


# -- the editor's Solve ----------------------------------------------------------------


def solve(qtbot: QtBot, editor: TreeEditor) -> None:
    with qtbot.waitSignal(editor.solved, timeout=WAIT_MS):
        editor.solve()
    assert "Value" in editor.result_label.text()


def test_editor_solve_again_after_a_stop_is_answered(
    qtbot: QtBot,
    editor: TreeEditor,
    warnings: list[str],
    patience: Callable[[Patience], None],
) -> None:
    """The issue's steps: the engine stopped, Back, Solve again ("Solving…" for ever)."""
    editor.open_tree(example("figure-5-2").tree())
    solve(qtbot, editor)
    engine = editor.controller.engine
    first = freeze(engine, signal.SIGSTOP, patience)
    editor.show_drawing()  # Back
    editor.solve()
    assert editor.result_label.text() == "Solving…"
    qtbot.waitUntil(lambda: bool(warnings), timeout=WAIT_MS)
    assert says_the_fault(warnings[-1], signal.SIGSTOP), warnings
    assert editor.stack.currentWidget() is editor.canvas and editor.solve_button.isEnabled()
    assert ended(first)
    solve(qtbot, editor)
    # Stopped in the middle of Solve, then Back and Solve again: the first is given up,
    # its process ended, and the second answered by a new one.
    second = freeze(engine, signal.SIGSTOP, patience)
    editor.solve()
    qtbot.waitUntil(lambda: engine.awaited != 0, timeout=WAIT_MS)  # sent, never answered
    editor.show_drawing()
    solve(qtbot, editor)
    assert ended(second) and engine.pid not in (None, first, second)


def big_tree_solved_with(
    qtbot: QtBot, editor: TreeEditor, warnings: list[str], hurt: Callable[[int], None]
) -> str:
    """Solve a tree whose file is bigger than the pipe (so the window is still sending it
    while the engine reads), the engine process hurt by ``hurt(pid)`` first; what the
    editor said."""
    editor.open_tree(example("figure-5-2").tree())
    solve(qtbot, editor)  # the engine process runs
    pid = editor.controller.engine.pid
    assert pid is not None
    hurt(pid)
    editor.open_tree(random_tree(7, (4, 4), (-9, 9), seed=1, name="Big"))  # 870 kB sent
    editor.solve()
    qtbot.waitUntil(lambda: bool(warnings), timeout=WAIT_MS)
    assert ended(pid)
    solve(qtbot, editor)  # a new process answers
    return warnings[-1]


def test_editor_a_kill_while_the_tree_is_sent_is_said_as_a_kill(
    qtbot: QtBot,
    editor: TreeEditor,
    warnings: list[str],
    patience: Callable[[Patience], None],
) -> None:
    """Before: "could not be reached ([Errno 32] Broken pipe)"."""
    patience(HELD)
    engine = editor.controller.engine

    def kill_once_sending(pid: int) -> None:
        os.kill(pid, signal.SIGSTOP)  # the send waits for it
        threading.Thread(target=lambda: kill_when_asked(engine, pid), daemon=True).start()

    said = big_tree_solved_with(qtbot, editor, warnings, kill_once_sending)
    assert KILLED in said and "Errno" not in said and "reached" not in said, said


def kill_when_asked(engine: EngineClient, pid: int) -> None:
    """Kill ``pid`` once ``engine`` has a request in flight (a helper thread: the GUI
    thread may be the one sending it)."""
    deadline = time.monotonic() + WAIT_MS / 1000
    while not engine.awaited and time.monotonic() < deadline:
        time.sleep(0.01)
    os.kill(pid, signal.SIGKILL)


def test_editor_a_tree_too_big_for_the_engines_memory_is_said_as_memory(
    qtbot: QtBot, editor: TreeEditor, warnings: list[str]
) -> None:
    """Before: "could not be reached ([Errno 32] Broken pipe)"."""
    import resource

    def little_memory(pid: int) -> None:
        with open(f"/proc/{pid}/status") as status:
            size = next(int(line.split()[1]) for line in status if line.startswith("VmSize:"))
        _, hard = resource.prlimit(pid, resource.RLIMIT_AS)
        resource.prlimit(pid, resource.RLIMIT_AS, (size * 1024 + 256 * 1024, hard))

    said = big_tree_solved_with(qtbot, editor, warnings, little_memory)
    assert said.startswith(Fault(FaultKind.OUT_OF_MEMORY).said()), said


# -- the exercise's key (Check and Show solution) ---------------------------------------


@pytest.mark.parametrize("sig", SIGNALS, ids=["SIGSTOP", "SIGKILL"])
def test_exercise_key_hit_mid_search_is_said_and_restart_grades(
    qtbot: QtBot, page: ExercisePage, patience: Callable[[Patience], None], sig: int
) -> None:
    test_exercise_page.start(qtbot, page)
    engine = page.controller.engine
    first = freeze(engine, sig, patience)
    page.restart()  # the key is worked out again, by the held process
    hit_in_flight(qtbot, engine, sig)
    qtbot.waitUntil(lambda: "cannot be graded" in page.status_label.text(), timeout=WAIT_MS)
    said = page.status_label.text()
    assert says_the_fault(said, sig), said
    assert not page.act_check.isEnabled() and not page.act_solution.isEnabled()
    assert ended(first)
    page.restart()
    qtbot.waitUntil(lambda: page.key is not None, timeout=WAIT_MS)
    assert page.act_check.isEnabled() and page.check() is not None
    page.show_solution()
    assert page.stack.currentWidget() is page.solution_panel
    assert engine.pid not in (None, first)


# -- Compare searches, Compare MCTS with alpha-beta ------------------------------------


def compare_tree(window: MainWindow) -> ComparisonDialog:
    return CompareDialog(example("figure-5-2").tree(), window)


def compare_mcts(window: MainWindow) -> ComparisonDialog:
    game = TicTacToe()
    mcts = SearchSettings(Algorithm.MCTS, iterations=500, seed=3)
    return MctsCompareDialog(game, game.initial_state(), mcts, SearchSettings(), ("X", "O"), window)


@pytest.mark.parametrize("sig", SIGNALS, ids=["SIGSTOP", "SIGKILL"])
@pytest.mark.parametrize("make", [compare_tree, compare_mcts], ids=["searches", "mcts"])
def test_compare_hit_mid_search_is_said_and_the_next_compares(
    qtbot: QtBot,
    window: MainWindow,
    engines: Engines,
    patience: Callable[[Patience], None],
    make: Callable[[MainWindow], ComparisonDialog],
    sig: int,
) -> None:
    patience(QUICK if sig == signal.SIGSTOP else HELD)
    engines.freeze = True
    dialog = make(window)
    qtbot.addWidget(dialog)
    dialog.show()  # the searches start, in a process held stopped at once
    qtbot.waitUntil(lambda: bool(engines.started), timeout=WAIT_MS)
    pid = hit_in_flight(qtbot, engines.started[0], sig)
    qtbot.waitUntil(lambda: dialog.status.text().startswith("Cannot compare: "), timeout=WAIT_MS)
    assert says_the_fault(dialog.status.text(), sig), dialog.status.text()
    dialog.close()
    assert ended(pid)
    again = make(window)
    qtbot.addWidget(again)
    again.show()
    qtbot.waitUntil(lambda: again.status.text() == "", timeout=WAIT_MS)  # the answer shows
    again.close()


# -- the exercise export ---------------------------------------------------------------


@pytest.mark.parametrize("sig", SIGNALS, ids=["SIGSTOP", "SIGKILL"])
def test_export_hit_mid_set_is_said_and_the_next_export_writes(
    qtbot: QtBot,
    tmp_path: Path,
    engines: Engines,
    patience: Callable[[Patience], None],
    sig: int,
) -> None:
    patience(QUICK if sig == signal.SIGSTOP else HELD)
    dialog = ExportSetDialog()
    qtbot.addWidget(dialog)
    engines.freeze = True
    base = str(tmp_path / "set.pdf")
    with qtbot.waitSignal(dialog.failed, timeout=WAIT_MS) as blocker:
        dialog.export("5", 20, DIFFICULTIES["Easy"], Task.MINIMAX, base)
        qtbot.waitUntil(lambda: bool(engines.started), timeout=WAIT_MS)
        pid = hit_in_flight(qtbot, engines.started[0], sig)
    said = blocker.args[0]
    assert said.startswith("Cannot make the exercises: ") and says_the_fault(said, sig), said
    assert dialog.status.text() == said and dialog.export_button.isEnabled()
    assert ended(pid) and os.listdir(tmp_path) == []
    with qtbot.waitSignal(dialog.exported, timeout=WAIT_MS):
        dialog.export("5", 2, DIFFICULTIES["Easy"], Task.MINIMAX, base)
    assert sorted(os.listdir(tmp_path)) == ["set-key.pdf", "set-sheet.pdf"]


# -- Check my search code --------------------------------------------------------------


def spins_once(marker: Path) -> str:
    """Python code that, the first time it runs, writes its process's id to ``marker`` and
    then computes for ever (the test signals that process); later, it does nothing."""
    return textwrap.dedent(
        f"""\
        if not __import__("os").path.exists({str(marker)!r}):
            with open({str(marker) + ".tmp"!r}, "w") as _file:
                _file.write(str(__import__("os").getpid()))
            __import__("os").replace({str(marker) + ".tmp"!r}, {str(marker)!r})
            while True:
                pass
        """
    )


def student_spinning_once(folder: Path, marker: Path) -> Path:
    """A correct alpha-beta whose first call spins (``spins_once``)."""
    path = write_correct_alphabeta(folder)
    wrapper = (
        "\n\n_correct = alpha_beta_search\n\n\ndef alpha_beta_search(state, game):\n"
        + textwrap.indent(spins_once(marker), "    ")
        + "    return _correct(state, game)\n"
    )
    path.write_text(path.read_text(encoding="utf-8") + wrapper, encoding="utf-8")
    return path


def signal_when_written(marker: Path, sig: int) -> threading.Thread:
    """A thread that sends ``sig`` to the process whose id ``marker`` comes to hold."""

    def wait_and_signal() -> None:
        deadline = time.monotonic() + WAIT_MS / 1000
        while not marker.exists() and time.monotonic() < deadline:
            time.sleep(0.01)
        os.kill(int(marker.read_text()), sig)

    thread = threading.Thread(target=wait_and_signal, daemon=True)
    thread.start()
    return thread


@pytest.mark.parametrize("sig", SIGNALS, ids=["SIGSTOP", "SIGKILL"])
def test_check_a_tree_hit_mid_run_is_said_and_the_next_tree_is_checked_afresh(
    qtbot: QtBot,
    window: MainWindow,
    asked: list[CheckRequest],
    tmp_path: Path,
    patience: Callable[[Patience], None],
    sig: int,
) -> None:
    patience(QUICK)
    marker = tmp_path / "pid"
    path = student_spinning_once(tmp_path, marker)
    figure = example("figure-5-2").tree()
    request = CheckRequest(str(path), trees=(figure, figure), time_limit=600.0)
    signaller = signal_when_written(marker, sig)
    results = test_check_window.check_through_the_menu(window, asked, request)
    test_check_window.wait_done(qtbot, results)
    signaller.join()
    assert ended(int(marker.read_text()))
    assert test_check_window.row_texts(results) == ["✗ Figure 5.2", "✓ Figure 5.2"]
    results.trees.setCurrentRow(0)
    assert says_the_fault(results.verdict.text(), sig), results.verdict.text()


# -- a game file's questions -----------------------------------------------------------


def game_spinning_once(folder: Path, marker: Path) -> Path:
    """test_game_file_window's counter, whose moves past the start spin once
    (``spins_once``) instead of for ever."""
    spin = "if state > 0:\n" + textwrap.indent(spins_once(marker), " " * 12).rstrip("\n")
    path = folder / "stuck.py"
    path.write_text(LOOPING.replace("while state > 0:\n            pass", spin), "utf-8")
    return path


@pytest.mark.parametrize("sig", SIGNALS, ids=["SIGSTOP", "SIGKILL"])
def test_game_file_a_question_hit_mid_answer_is_said_and_the_next_is_answered(
    qtbot: QtBot,
    window: MainWindow,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    patience: Callable[[Patience], None],
    sig: int,
) -> None:
    """The window asks on its own thread: it waits, and the heartbeat ends the wait."""
    patience(QUICK)
    monkeypatch.setattr(game_files, "CALL_SECONDS", 600.0)  # the CPU limit is not what ends it
    marker = tmp_path / "pid"
    path = game_spinning_once(tmp_path, marker)
    panel = window.settings_panel
    panel.seats_box.setCurrentIndex(panel.seats_box.findData(Seats.TWO_HUMANS))
    assert window.open_game_file(str(path))
    signaller = signal_when_written(marker, sig)
    click_move(qtbot, window, 0)  # to 1: the moves there are asked for, and never come
    signaller.join()

    def board_text() -> str:
        board = window.board
        return board.text.text() if isinstance(board, TextBoard) else ""

    # The window does not wait on the game's code: it says it waits, until the answer
    # (here the heartbeat's verdict) comes.
    qtbot.waitUntil(lambda: "Waiting" not in board_text(), timeout=60_000)
    board = window.board
    assert isinstance(board, TextBoard)
    assert says_the_fault(board.text.text(), sig), board.text.text()
    assert board.caption.text() == "The game's code failed at this position."
    assert ended(int(marker.read_text()))
    assert window.open_game_file(str(path))  # asked again: a new process answers
    click_move(qtbot, window, 0)
    board = window.board
    assert isinstance(board, TextBoard) and "failed" not in board.caption.text()
