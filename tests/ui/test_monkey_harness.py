"""The monkey's harness catches what it promises to: a sweep or a monkey run that passes
means no exception, Qt warning or stall happened, not that the harness looked away."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest
from PySide6.QtCore import QObject
from PySide6.QtCore import qWarning
from PySide6.QtGui import QAction
from pytestqt.qtbot import QtBot

from gamesearch_gui.ui.main_window import MainWindow
from gamesearch_gui.ui.play_config import PlayConfig
from gamesearch_gui.ui.play_config import Seats
from gamesearch_gui.ui.play_config import mcts_search
from tests.ui import monkey_harness
from tests.ui.monkey_harness import FaultLog
from tests.ui.monkey_harness import Heartbeat
from tests.ui.test_main_window import store
from tests.ui.test_main_window import window

__all__ = ["store", "window"]  # the fixtures, shared with test_main_window


@pytest.mark.qt_no_exception_capture
def test_an_exception_in_an_actions_slot_is_a_fault(qtbot: QtBot) -> None:
    owner = QObject()
    action = QAction("Broken", owner)

    def broken() -> None:
        raise ZeroDivisionError("a slot's bug")

    action.triggered.connect(broken)
    log = FaultLog()
    log.step = "step 3 (action): Broken"
    with log.installed():
        action.trigger()
    assert [(f.kind, f.summary, f.step) for f in log.faults] == [
        ("exception", "ZeroDivisionError: a slot's bug", "step 3 (action): Broken")
    ]
    assert "raise ZeroDivisionError" in log.faults[0].detail
    assert "1 x exception: ZeroDivisionError: a slot's bug" in log.report()


def test_a_qt_warning_is_a_fault_but_the_platforms_own_are_not(qtbot: QtBot) -> None:
    log = FaultLog()
    with log.installed():
        qWarning("QPainter::begin: Paint device returned engine == 0, type: 2")
        qWarning("This plugin does not support propagateSizeHints()")
    assert [(f.kind, f.summary) for f in log.faults] == [
        ("Qt warning", "QPainter::begin: Paint device returned engine == 0, type: 2")
    ]
    assert sum(log.qt_ignored.values()) == 1


def busy(seconds: float) -> None:
    """Work the CPU for ``seconds`` of this thread's own CPU time."""
    end = time.thread_time() + seconds
    while time.thread_time() < end:
        pass


def beat_through(
    qtbot: QtBot, step: str, block: Callable[[], None], *, fault: bool = True
) -> tuple[FaultLog, Heartbeat]:
    """A heartbeat running while ``block`` holds the event loop in step ``step``; then
    up to 5 s for the fault a ``fault`` case expects, or three more beats for none."""
    log = FaultLog()
    heartbeat = Heartbeat(log)
    heartbeat.start()
    try:
        qtbot.wait(2 * monkey_harness.HEARTBEAT_MS)
        log.step = step
        block()
        if fault:
            qtbot.waitUntil(lambda: bool(log.faults), timeout=5_000)
        else:
            qtbot.wait(3 * monkey_harness.HEARTBEAT_MS)
    finally:
        heartbeat.stop()
    return log, heartbeat


def test_an_event_loop_that_works_without_turning_is_a_stall(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(monkey_harness, "STALL_S", 0.2)
    # As a slot that computes too long would block it.
    log, heartbeat = beat_through(qtbot, "step 9 (key): a slot that computes", lambda: busy(0.3))
    assert log.faults[0].kind == "stall"
    assert log.faults[0].step.startswith("step 9")
    assert heartbeat.longest[0] >= 0.3


def test_an_event_loop_that_waits_past_the_ceiling_is_a_stall(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(monkey_harness, "STALL_WALL_S", 0.3)
    # Blocked without working: a wait that never ends, cut short.
    log, _ = beat_through(qtbot, "step 4 (click): a slot that waits", lambda: time.sleep(0.5))
    assert log.faults[0].kind == "stall"
    assert log.faults[0].step.startswith("step 4")


def test_a_loop_kept_from_a_core_by_a_busy_machine_is_no_stall(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Waiting for a core (here: sleeping) under the CPU limit and the wall ceiling is
    not a stall: the machines are shared, and a load of 20 kept the loop waiting 3 s."""
    monkeypatch.setattr(monkey_harness, "STALL_S", 0.2)
    log, heartbeat = beat_through(qtbot, "step 2 (menu)", lambda: time.sleep(0.5), fault=False)
    assert not log.faults
    assert heartbeat.longest[0] >= 0.5


def test_a_person_pauses_an_ai_against_ai_game_that_outlasts_their_patience(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Two AIs at a chess MCTS of 0.2 s a move play for many seconds: more than the
    # person waits. Then they pause it, the move under way stops, and the window settles
    # (before, the harness said "move now" and waited for the whole game: a false hang).
    monkeypatch.setattr(monkey_harness, "PATIENCE_MS", 1_000)
    monkeypatch.setattr(monkey_harness, "SETTLE_MS", 15_000)
    window.new_game(
        PlayConfig(game="chess", seats=Seats.TWO_AIS, search=mcts_search(None, 0.2, 1.41, 0))
    )
    # The AIs play two moves first, however busy the machine (the engine's start and a
    # 0.2 s move can outlast the 1 s patience at load 10): the pause must come mid-game.
    qtbot.waitUntil(lambda: len(window.match.plies) >= 2, timeout=60_000)
    log = FaultLog()
    assert monkey_harness.settle(window, monkey_harness.qtbot_waiter(qtbot), log)
    assert not log.faults
    assert window.paused and window.act_pause.isChecked()
    assert not window.match.game.is_terminal(window.match.state)
    assert len(window.match.plies) >= 2  # the AIs did play before the pause
