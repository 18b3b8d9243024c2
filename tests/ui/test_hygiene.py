"""The conftest's hygiene check fails a test that leaves a Qt thread, a window or a child
process behind."""

from __future__ import annotations

from pathlib import Path

import pytest

CONFTEST = Path(__file__).parents[1] / "conftest.py"
PROCESSES = Path(__file__).parents[1] / "processes.py"

INNER_TESTS = '''
import subprocess
import sys

from PySide6.QtCore import QThread
from PySide6.QtWidgets import QWidget

_keep = []


class Spinner(QThread):
    """Runs until asked to stop, as a search worker does."""

    def __init__(self):
        super().__init__()
        self.setObjectName("spinning-search")

    def run(self):
        while not self.isInterruptionRequested():
            self.msleep(2)


def test_leaves_an_event_loop_thread_running():
    thread = QThread()
    thread.setObjectName("leaky-worker")
    thread.start()
    _keep.append(thread)


def test_leaves_a_subclassed_thread_running():
    thread = Spinner()
    thread.start()
    _keep.append(thread)


def test_stops_its_thread():
    thread = Spinner()
    thread.start()
    thread.requestInterruption()
    assert thread.wait(5000)


def test_leaves_a_window_open(qapp):
    window = QWidget()
    window.setObjectName("stray-window")
    window.show()
    _keep.append(window)


def test_registers_its_window(qtbot):
    window = QWidget()
    qtbot.addWidget(window)
    window.show()
    _keep.append(window)


def test_drops_its_window(qapp):
    QWidget().show()


def test_fails_with_a_thread_running():
    thread = QThread()
    thread.setObjectName("failing-worker")
    thread.start()
    _keep.append(thread)
    raise AssertionError("the test's own failure")


def test_leaves_a_child_process():
    _keep.append(subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"]))


def test_waits_for_its_child_process():
    subprocess.run([sys.executable, "-c", "pass"], check=True)


def test_after_the_others_nothing_is_left():
    assert all(p.poll() is not None for p in _keep if isinstance(p, subprocess.Popen))
    assert not any(t.isRunning() for t in _keep if isinstance(t, QThread))
'''


def test_a_test_that_leaves_threads_or_windows_fails(pytester: pytest.Pytester) -> None:
    pytester.makeconftest(CONFTEST.read_text(encoding="utf-8"))
    # What the conftest imports from the tests' own package.
    package = pytester.mkpydir("tests")
    (package / "processes.py").write_text(PROCESSES.read_text(encoding="utf-8"))
    pytester.makepyfile(test_inner=INNER_TESTS)
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider", timeout=120)

    result.assert_outcomes(passed=9, failed=1, errors=4)
    result.stdout.fnmatch_lines_random(
        [
            "*ERROR at teardown of test_leaves_an_event_loop_thread_running*",
            "*ERROR at teardown of test_leaves_a_subclassed_thread_running*",
            "*ERROR at teardown of test_leaves_a_window_open*",
            "*left a QThread running: QThread 'leaky-worker', created at *test_inner.py:*",
            "*left a QThread running: Spinner 'spinning-search', created at *test_inner.py:*",
            "*left a top-level widget alive: QWidget 'stray-window' (shown)*qtbot.addWidget*",
            "*ERROR at teardown of test_leaves_a_child_process*",
            "*left child processes alive: * (*time.sleep(60)) (now killed)*",
        ]
    )
    # The threads were stopped, not destroyed while running (which aborts the process).
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    assert "Destroyed while thread" not in result.stdout.str() + result.stderr.str()
    # A test that fails anyway reports its own failure, not what it left behind.
    assert "the test's own failure" in result.stdout.str()
    assert "running: QThread 'failing-worker'" not in result.stdout.str()
