"""Test-wide setup: Qt draws offscreen, and no test may leave Qt threads, windows or child
processes behind.

The hygiene checks run only where PySide6 is already loaded, so this file itself never
imports Qt: tests/core stays Qt-free.
"""

from __future__ import annotations

import contextlib
import gc
import os
import signal
import sys
import time
import weakref
from collections.abc import Callable
from collections.abc import Generator
from collections.abc import Iterator
from pathlib import Path
from types import FrameType
from typing import Any

import pytest
from hypothesis import HealthCheck
from hypothesis import settings

from tests.processes import children

# Before any QApplication exists: no test opens a window on the developer's screen.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

pytest_plugins = ["pytester"]

# Hypothesis profiles (tests/properties.py): derandomized in CI, so that a run fails only
# on a real change; HYPOTHESIS_PROFILE=random or long draws fresh examples locally.
_PROFILES = ("ci", "random", "long")
for _name in _PROFILES:
    settings.register_profile(
        _name,
        derandomize=_name == "ci",
        database=None if _name == "ci" else settings.default.database,
        deadline=None,
        print_blob=True,
        suppress_health_check=[HealthCheck.too_slow],
    )
_PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "ci")
if _PROFILE not in _PROFILES:
    raise pytest.UsageError(f"HYPOTHESIS_PROFILE={_PROFILE!r}: use one of {', '.join(_PROFILES)}")
settings.load_profile(_PROFILE)

#: How long a left-over thread gets to stop after it is asked to.
THREAD_STOP_MS = 5000

# Threads that would not stop when asked. Kept referenced for the rest of the session,
# because Qt aborts the process when a running QThread is destroyed.
_unstoppable_threads: list[Any] = []


_CALL_PASSED = pytest.StashKey[bool]()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """Note on the item whether the test itself passed, for the hygiene check below."""
    report = yield
    if report.when == "call":
        item.stash[_CALL_PASSED] = report.passed
    return report


#: How long a child process a test started gets to end by itself after the test.
CHILD_EXIT_S = 2.0


@pytest.fixture(autouse=True)
def _no_child_processes(request: pytest.FixtureRequest) -> Iterator[None]:
    """Fail a test that leaves a child process alive (an engine process, say): asked of
    the OS, not of multiprocessing. Leftovers are killed in any case."""
    before = _child_processes()
    yield
    deadline = time.monotonic() + CHILD_EXIT_S
    left = _child_processes() - before
    while left and time.monotonic() < deadline:
        time.sleep(0.02)
        left = _child_processes() - before
    # Described before they are killed: a killed process's command line reads empty.
    described = ", ".join(f"{pid} ({_command(pid)})" for pid in sorted(left))
    for pid in left:
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)
    if left and request.node.stash.get(_CALL_PASSED, False):
        pytest.fail(f"the test left child processes alive: {described} (now killed)", False)


def _child_processes() -> set[int]:
    """This process's live children (not zombies), less multiprocessing's resource
    tracker, which lives as long as the process once any process was spawned."""
    pids = set(children())
    tracker = sys.modules.get("multiprocessing.resource_tracker")
    if tracker is not None:
        pids.discard(getattr(tracker._resource_tracker, "_pid", None))  # type: ignore[arg-type]
    return pids


def _command(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_text().replace("\0", " ").strip()[:120]
    except OSError:
        return "?"


@pytest.fixture(autouse=True)
def _qt_hygiene(request: pytest.FixtureRequest) -> Iterator[None]:
    """Fail a test that leaves a QThread running or a top-level widget of its own alive.

    What a test leaves behind is cleaned up in any case, but reported only when the
    test itself passed: a failed test's traceback keeps its widgets alive, and its
    failure is the news.
    """
    if "PySide6.QtCore" not in sys.modules:
        yield
        return
    threads = _ThreadTracker()
    windows = _WindowCheck()
    threads.start()
    try:
        yield
    finally:
        threads.stop()
    problems = threads.stop_leftovers() + windows.close_leftovers()
    if problems and request.node.stash.get(_CALL_PASSED, False):
        pytest.fail("\n".join(problems), pytrace=False)


class _ThreadTracker:
    """Records every QThread made from Python while a test runs.

    Qt keeps no list of its threads, so QThread.__init__ is wrapped for the test's
    duration (subclasses reach it through super().__init__). Threads made in C++ (a
    QThreadPool's, QThread.create) are not seen.
    """

    def __init__(self) -> None:
        from PySide6.QtCore import QThread

        self._qthread = QThread
        self._original_init: Callable[..., None] = QThread.__dict__["__init__"]
        self._created: list[tuple[weakref.ref[Any], str]] = []

    def start(self) -> None:
        original_init = self._original_init
        created = self._created

        def __init__(thread: Any, *args: Any, **kwargs: Any) -> None:
            original_init(thread, *args, **kwargs)
            created.append((weakref.ref(thread), _caller_outside_init(sys._getframe(1))))

        self._qthread.__init__ = __init__  # type: ignore[method-assign]

    def stop(self) -> None:
        self._qthread.__init__ = self._original_init  # type: ignore[method-assign]

    def stop_leftovers(self) -> list[str]:
        """Stop the threads still running, cooperatively; describe each one."""
        import shiboken6

        problems = []
        for ref, created_at in self._created:
            thread = ref()
            if thread is None or not shiboken6.isValid(thread) or not thread.isRunning():
                continue
            what = f"{_describe(thread)}, created at {created_at}"
            thread.requestInterruption()
            thread.quit()
            if thread.wait(THREAD_STOP_MS):
                problems.append(f"the test left a QThread running: {what} (now stopped)")
            else:
                _unstoppable_threads.append(thread)
                problems.append(
                    f"the test left a QThread running: {what}; it did not stop within "
                    f"{THREAD_STOP_MS / 1000:g} s of requestInterruption() and quit()"
                )
        return problems


class _WindowCheck:
    """Notes the top-level widgets before a test, and finds the ones it left alive.

    Only parentless widgets made from Python count: Qt's own windows (tooltips, popups)
    are not the test's doing. Widgets registered with qtbot.addWidget are closed and
    deleted by pytest-qt before this check runs.
    """

    def __init__(self) -> None:
        self._before = {_address(widget) for widget in _own_top_level_widgets()}

    def close_leftovers(self) -> list[str]:
        """Close and delete the widgets the test left; describe each one."""
        leftovers = self._new_widgets()
        if leftovers:
            # Perhaps only garbage in a reference cycle: give it a chance to go.
            del leftovers
            gc.collect()
            leftovers = self._new_widgets()
        problems = []
        for widget in leftovers:
            problems.append(
                f"the test left a top-level widget alive: {_describe(widget)}"
                f"{' (shown)' if widget.isVisible() else ''}; register it with"
                " qtbot.addWidget(), which closes it after the test"
            )
            widget.close()
            widget.deleteLater()
        _flush_deferred_deletes()
        return problems

    def _new_widgets(self) -> list[Any]:
        _flush_deferred_deletes()
        return [w for w in _own_top_level_widgets() if _address(w) not in self._before]


def _own_top_level_widgets() -> list[Any]:
    if "PySide6.QtWidgets" not in sys.modules:
        return []
    import shiboken6
    from PySide6.QtWidgets import QApplication

    if not isinstance(QApplication.instance(), QApplication):
        return []
    return [
        widget
        for widget in QApplication.topLevelWidgets()
        if widget.parent() is None and shiboken6.createdByPython(widget)
    ]


def _flush_deferred_deletes() -> None:
    from PySide6.QtCore import QCoreApplication
    from PySide6.QtCore import QEvent

    if QCoreApplication.instance() is not None:
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def _address(qobject: Any) -> int:
    import shiboken6

    address: int = shiboken6.getCppPointer(qobject)[0]
    return address


def _describe(qobject: Any) -> str:
    name = qobject.objectName()
    text = type(qobject).__name__ + (f" {name!r}" if name else "")
    title = getattr(qobject, "windowTitle", lambda: "")()
    return text + (f" titled {title!r}" if title else "")


def _caller_outside_init(frame: FrameType | None) -> str:
    """Where the object was made: the first caller that is not a constructor."""
    while frame is not None and frame.f_code.co_name == "__init__" and frame.f_back is not None:
        frame = frame.f_back
    if frame is None:
        return "an unknown place"
    return f"{frame.f_code.co_filename}:{frame.f_lineno}"
