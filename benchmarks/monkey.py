"""Long monkey runs: seeded random steps on the main window for minutes, then what broke.

The harness of the CI monkey (tests/ui/test_monkey.py), for longer and with any seed:

    .venv/bin/python benchmarks/monkey.py --minutes 10 --seed 7
    .venv/bin/python benchmarks/monkey.py --steps 20000 --seed 3 --verbose

It prints the steps taken by kind (and how many did something), the dialogs met, every
fault by type and place (exceptions, Qt warnings and criticals, failed searches, hangs,
stalls over 2 s) with the step it first happened in, the longest stall of the event
loop, and the load average (as /proc/loadavg has it) at the start and at the end. Exit
status 1 on any fault. Runs offscreen unless QT_QPA_PLATFORM says otherwise; every file
it writes goes to a scratch folder, which is also the working folder.
"""

from __future__ import annotations

import argparse
import contextlib
import faulthandler
import os
import resource
import signal
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # for tests.ui.monkey_harness

from PySide6.QtCore import QSettings
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from gamesearch_gui.ui.main_window import MainWindow
from tests.ui.monkey_harness import Answers
from tests.ui.monkey_harness import FaultLog
from tests.ui.monkey_harness import Monkey
from tests.ui.monkey_harness import MonkeyStats
from tests.ui.monkey_harness import checkout_files
from tests.ui.monkey_harness import child_processes
from tests.ui.monkey_harness import children_before_a_run
from tests.ui.monkey_harness import close_window
from tests.ui.monkey_harness import open_window
from tests.ui.monkey_harness import patch_dialogs
from tests.ui.monkey_harness import prepare_folder


def wait_until(predicate: Callable[[], bool], timeout_ms: int) -> bool:
    """Process events until ``predicate()`` holds; False after ``timeout_ms``."""
    deadline = time.perf_counter() + timeout_ms / 1000
    while not predicate():
        if time.perf_counter() > deadline:
            return False
        QTest.qWait(5)
    return True


def run(seed: int, steps: int | None, seconds: float | None, verbose: bool) -> int:
    """One monkey run in a scratch folder; prints its figures, returns the exit status."""
    load_before = os.getloadavg()
    checkout, children = checkout_files(), children_before_a_run()
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        prepare_folder(folder)
        store = QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat)
        log = FaultLog()
        answers = Answers(folder, "random", wait_until)

        def make_window() -> MainWindow:
            return open_window(store, folder)

        # A relative file name typed into a dialog lands in the scratch folder too.
        with contextlib.chdir(folder), log.installed(), patch_dialogs(answers):
            monkey = Monkey(make_window, log, answers, wait_until, seed)
            if verbose:
                monkey.on_step = lambda text: print(text, file=sys.stderr, flush=True)
            try:
                stats = monkey.run(steps=steps, seconds=seconds)
            finally:
                log.step = "closing the window"
                close_window(monkey.window, answers)
                QApplication.processEvents()
    print_figures(seed, stats, monkey, answers, log, load_before)
    left = sorted(set(child_processes()) - children) + sorted(checkout_files() - checkout)
    if left:
        print("left behind (processes, files in the checkout):", left)
    return 1 if log.faults or left else 0


def print_figures(
    seed: int,
    stats: MonkeyStats,
    monkey: Monkey,
    answers: Answers,
    log: FaultLog,
    load_before: tuple[float, float, float],
) -> None:
    """What the run did and met."""
    print(f"seed {seed}: {stats.steps} steps in {stats.seconds:.1f} s, {stats.windows} windows")
    print("steps by kind (did something / taken):")
    for kind, count in sorted(stats.kinds.items()):
        print(f"  {kind:8} {stats.done[kind]:6} / {count}")
    print("dialogs met:", ", ".join(f"{k} {v}" for k, v in sorted(answers.asked.items())))
    gap, step = monkey.heartbeat.longest
    print(f"longest stall: {gap:.3f} s (during {step})")
    for when, load in (("at the start", load_before), ("at the end", os.getloadavg())):
        print(f"load average (1, 5, 15 min) {when}: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
    print(f"peak memory (RSS): {peak:,.0f} MiB")
    print(f"faults: {len(log.faults)}")
    if log.faults:
        print(log.report())
    if log.qt_ignored:
        print("platform messages allowed:", dict(log.qt_ignored))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=7)
    length = parser.add_mutually_exclusive_group()
    length.add_argument("--minutes", type=float, help="run this long (default: 1)")
    length.add_argument("--steps", type=int, help="take this many steps")
    parser.add_argument("--verbose", action="store_true", help="print each step")
    args = parser.parse_args(argv)
    seconds = None if args.minutes is None else args.minutes * 60
    if args.steps is None and seconds is None:
        seconds = 60.0
    # A crash prints where every thread was; so does kill -USR1 <pid> (a stuck run).
    faulthandler.enable()
    faulthandler.register(signal.SIGUSR1)
    _app = QApplication.instance() or QApplication(sys.argv[:1])
    return run(args.seed, args.steps, seconds, args.verbose)


if __name__ == "__main__":
    sys.exit(main())
