"""The Qt entry point: create the application, show the window, run the event loop.

``gamesearch_gui.cli`` imports this module only when the window is asked for, so the
headless commands never load Qt.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMainWindow

from gamesearch_gui import __version__

#: Names Qt files settings under (QSettings: ~/.config/gamesearch-gui/gamesearch-gui.conf).
APPLICATION_NAME = "gamesearch-gui"
ORGANIZATION_NAME = "gamesearch-gui"

# How often Python gets a turn inside Qt's event loop, so that Ctrl+C is noticed.
_SIGNAL_POLL_MS = 200


def run_app(argv: Sequence[str] | None = None, *, smoke_test: bool = False) -> int:
    """Open the window and run until it is closed; returns the exit status.

    ``argv`` holds Qt's own options (``-style fusion``, ``-platform xcb``), without the
    program name. With ``smoke_test`` the window is opened offscreen, checked and closed
    again at once: 0 when it worked, 1 when it did not.
    """
    if smoke_test and QApplication.instance() is None:
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    app = _application([APPLICATION_NAME, *(argv or [])])
    window = create_main_window()
    window.show()
    if smoke_test:
        return _smoke_test(app, window)
    with _ctrl_c_closes_windows(app):
        return app.exec()


def create_main_window() -> QMainWindow:
    """The application's main window."""
    from gamesearch_gui.ui.placeholder import PlaceholderWindow

    return PlaceholderWindow()


def _application(argv: list[str]) -> QApplication:
    QApplication.setApplicationName(APPLICATION_NAME)
    QApplication.setOrganizationName(ORGANIZATION_NAME)
    QApplication.setApplicationVersion(__version__)
    QApplication.setDesktopFileName(APPLICATION_NAME)
    existing = QApplication.instance()
    if isinstance(existing, QApplication):
        return existing
    return QApplication(argv)


def _smoke_test(app: QApplication, window: QMainWindow) -> int:
    app.processEvents()
    shown = window.isVisible() and window.windowTitle() == APPLICATION_NAME
    window.close()
    app.processEvents()
    if not shown:
        print(f"{APPLICATION_NAME}: smoke test failed: the window did not open", file=sys.stderr)
        return 1
    print(f"{APPLICATION_NAME} {__version__}: smoke test passed")
    return 0


@contextmanager
def _ctrl_c_closes_windows(app: QApplication) -> Iterator[None]:
    """While Qt's loop runs, Ctrl+C in the terminal closes the windows as a click would.

    Qt's C++ loop gives Python's signal handlers no chance to run, so a timer wakes
    Python up now and then. Closing rather than exiting lets a window stop its search
    threads cleanly.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    timer = QTimer()
    timer.setInterval(_SIGNAL_POLL_MS)
    timer.timeout.connect(lambda: None)
    previous = signal.signal(signal.SIGINT, lambda _signum, _frame: app.closeAllWindows())
    timer.start()
    try:
        yield
    finally:
        timer.stop()
        signal.signal(signal.SIGINT, previous)
