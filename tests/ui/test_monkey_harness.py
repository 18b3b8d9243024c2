"""The monkey's harness catches what it promises to: a sweep or a monkey run that passes
means no exception, Qt warning or stall happened, not that the harness looked away."""

from __future__ import annotations

import time

import pytest
from PySide6.QtCore import QObject, qWarning
from PySide6.QtGui import QAction
from pytestqt.qtbot import QtBot

from tests.ui import monkey_harness
from tests.ui.monkey_harness import FaultLog, Heartbeat


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


def test_an_event_loop_that_does_not_turn_is_a_stall(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(monkey_harness, "STALL_S", 0.2)
    log = FaultLog()
    heartbeat = Heartbeat(log)
    heartbeat.start()
    try:
        qtbot.wait(2 * monkey_harness.HEARTBEAT_MS)
        log.step = "step 9 (key): a slot that blocks"
        time.sleep(0.3)  # the event loop blocked, as a slot that hangs would block it
        qtbot.waitUntil(lambda: bool(log.faults), timeout=5_000)
    finally:
        heartbeat.stop()
    assert log.faults[0].kind == "stall" and log.faults[0].step.startswith("step 9")
    assert heartbeat.longest[0] >= 0.3
