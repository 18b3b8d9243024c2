"""A seeded monkey on the main window in CI: a fixed number of random steps, about a
minute here, and not one exception, Qt warning or critical, or stall (the event loop
working 2 s of CPU without turning, or not turning for 30 s: a busy machine trips
neither).

The steps are a fixed number, not a fixed time, so the same seed takes the same steps
on every machine (see tests/ui/monkey_harness.py); benchmarks/monkey.py runs the same
harness for longer and with any seed. Deselect it with ``-m "not monkey"``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot

from gamesearch_gui.ui.main_window import MainWindow
from tests.ui.monkey_harness import STEP_WEIGHTS
from tests.ui.monkey_harness import Answers
from tests.ui.monkey_harness import FaultLog
from tests.ui.monkey_harness import Monkey
from tests.ui.monkey_harness import checkout_files
from tests.ui.monkey_harness import child_processes
from tests.ui.monkey_harness import children_before_a_run
from tests.ui.monkey_harness import close_window
from tests.ui.monkey_harness import open_window
from tests.ui.monkey_harness import patch_dialogs
from tests.ui.monkey_harness import prepare_folder
from tests.ui.monkey_harness import qtbot_waiter
from tests.ui.monkey_harness import settle

SEED = 2024
#: About 60 s of steps on the machine of docs/benchmarks.md ("Monkey runs").
STEPS = 14000


@pytest.mark.monkey
@pytest.mark.qt_no_exception_capture
def test_a_seeded_monkey_meets_no_exception_warning_or_stall(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # a relative file name typed into a dialog lands here
    checkout, children = checkout_files(), children_before_a_run()
    prepare_folder(tmp_path)
    store = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    wait_until = qtbot_waiter(qtbot)

    def make_window() -> MainWindow:
        # Closed and deleted by the monkey (after Quit) or below, never left to pytest-qt.
        return open_window(store, tmp_path)

    log = FaultLog()
    answers = Answers(tmp_path, "random", wait_until)
    with log.installed(), patch_dialogs(answers):
        monkey = Monkey(make_window, log, answers, wait_until, SEED)
        try:
            stats = monkey.run(steps=STEPS)
        finally:
            log.step = "closing the window"
            close_window(monkey.window, answers)
            settle(monkey.window, wait_until, log)
    print(
        f"seed {SEED}: {stats.steps} steps in {stats.seconds:.0f} s, {stats.windows} windows, "
        f"done {dict(stats.done)}, longest stall {monkey.heartbeat.longest[0]:.2f} s"
    )
    print(log.report(details=False))
    assert not log.faults, f"seed {SEED}:\n{log.report()}"
    # Nothing left behind: no new process, no file outside tmp_path (threads and windows are
    # checked by the suite's own fixture).
    assert set(child_processes()) <= children
    assert checkout_files() == checkout
    # It did what a person does: every kind of step, most of them to some effect.
    assert set(stats.done) == set(STEP_WEIGHTS)
    assert sum(stats.done.values()) > STEPS // 2
