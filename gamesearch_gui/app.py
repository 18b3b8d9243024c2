"""The Qt entry point: create the application, show the window, run the event loop.

``gamesearch_gui.cli`` imports this module only when the window is asked for, so the
headless commands never load Qt.
"""

from __future__ import annotations

import os
import re
import signal
import socket
import sys
import tempfile
import threading
import time
import traceback
from collections.abc import Callable
from collections.abc import Iterator
from collections.abc import Sequence
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

from PySide6.QtCore import QEvent
from PySide6.QtCore import QEventLoop
from PySide6.QtCore import QObject
from PySide6.QtCore import QSettings
from PySide6.QtCore import QTimer
from PySide6.QtGui import QIcon
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import QApplication
from PySide6.QtWidgets import QMainWindow
from PySide6.QtWidgets import QMessageBox

from gamesearch_gui import __version__
from gamesearch_gui.core.game import Player
from gamesearch_gui.paths import resource_files

#: Names Qt files settings under (QSettings: ~/.config/gamesearch-gui/gamesearch-gui.conf).
APPLICATION_NAME = "gamesearch-gui"
ORGANIZATION_NAME = "gamesearch-gui"

#: Set (to anything but empty), the app prints ``<name>: window shown at <time.time()>`` once
#: its window is first painted, and exits 0: the cold-start probe of benchmarks/bench_frozen.py.
EXIT_WHEN_SHOWN_ENV = "GAMESEARCH_EXIT_WHEN_SHOWN"
#: The window icon's files in the bundled resources, one per size (packaging/make_icons.py).
_ICON_FILE = re.compile(r"gamesearch-gui-\d+\.png")

#: Set (to anything but empty), a failure to build the window prints its traceback.
DEBUG_ENV = "GAMESEARCH_DEBUG"
#: How long the smoke test waits for the AI's move in each game.
SMOKE_TIMEOUT_S = 60.0
# How often Python gets a turn inside Qt's event loop, so that Ctrl+C is noticed.
_SIGNAL_POLL_MS = 200


def run_app(
    argv: Sequence[str] | None = None, *, smoke_test: bool = False, game_file: str | None = None
) -> int:
    """Open the window and run until it is closed; returns the exit status.

    ``argv`` holds Qt's own options (``-style fusion``, ``-platform xcb``), without the
    program name. With ``smoke_test`` the window is opened offscreen, checked and closed
    again at once: 0 when it worked, 1 when it did not. ``game_file`` (``PATH[:CLASS]``)
    is a user's game to play from the start.
    """
    qt_args = list(argv or [])
    if smoke_test and QApplication.instance() is None:
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    elif QApplication.instance() is None:
        problem = display_problem(qt_args)
        if problem:
            # Qt itself would print a misleading line about xcb-cursor and abort.
            print(f"{APPLICATION_NAME}: {problem}", file=sys.stderr)
            return 1
    app = _application([APPLICATION_NAME, *qt_args])
    if smoke_test:
        return _smoke_test(app)
    try:
        window = create_main_window()
    except Exception as error:
        _startup_failed(error)
        return 1
    if os.environ.get(EXIT_WHEN_SHOWN_ENV):
        window.installEventFilter(_ExitWhenShown(window))
    show_window(window)
    if game_file is not None:
        window.open_game_file(game_file)  # type: ignore[attr-defined]
    else:
        # The first start's welcome, once the window is up (never when a window is only
        # made, as tests and the smoke test make it).
        QTimer.singleShot(0, window.help_desk.welcome_at_start)  # type: ignore[attr-defined]
    with _ctrl_c_closes_windows(app):
        return app.exec()


def _startup_failed(error: Exception) -> None:
    """Say, on the terminal and in a box, that the window could not be built."""
    what = " ".join(str(error).split())[:300] or "no details"
    text = f"The window could not be opened: {type(error).__name__}: {what}"
    print(f"{APPLICATION_NAME}: {text}", file=sys.stderr)
    if os.environ.get(DEBUG_ENV):
        traceback.print_exception(error)
    else:
        print(f"{APPLICATION_NAME}: set {DEBUG_ENV}=1 to see where", file=sys.stderr)
    if QApplication.platformName() not in ("offscreen", "minimal"):
        QMessageBox.critical(None, APPLICATION_NAME, f"{text}.\n\nThis is a bug: please report it.")


def display_problem(qt_args: Sequence[str] = ()) -> str:
    """Why no window can be shown here ("" when one can): on Linux, no display is set,
    or the X display set cannot be reached. Other platforms and plugins are trusted."""
    if not sys.platform.startswith("linux"):
        return ""
    platform = os.environ.get("QT_QPA_PLATFORM", "")
    if "-platform" in qt_args[:-1]:
        platform = qt_args[list(qt_args).index("-platform") + 1]
    plugin = platform.split(":")[0].split(";")[0]
    if plugin and plugin != "xcb":
        return ""  # offscreen, wayland, vnc...: Qt reports its own problems clearly
    display = os.environ.get("DISPLAY", "")
    if not display:
        if os.environ.get("WAYLAND_DISPLAY") and not plugin:
            return ""
        return (
            "there is no display to open the window on (DISPLAY is not set): run it in a "
            "desktop session, or with QT_QPA_PLATFORM=offscreen to run it unseen"
        )
    why = _x_display_unreachable(display)
    return f"cannot reach the display DISPLAY={display} ({why})" if why else ""


def _x_display_unreachable(display: str) -> str:
    """Why the X server of ``display`` (``[host]:N[.screen]``) cannot be reached, or ""."""
    host, _, rest = display.rpartition(":")
    number = rest.split(".")[0]
    if not number.isdigit():
        return "not a display name such as :0"
    try:
        if host in ("", "unix") or host.startswith("/"):
            path = host if host.startswith("/") else f"/tmp/.X11-unix/X{number}"
            with socket.socket(socket.AF_UNIX) as unix:
                unix.settimeout(2)
                try:
                    unix.connect(path)
                except OSError:
                    unix.connect("\0" + path)  # Linux's abstract socket, as Xorg offers
        else:
            with socket.create_connection((host, 6000 + int(number)), timeout=2):
                pass
    except OSError as error:
        return f"no X server answers there: {error.strerror or error}"
    return ""


def create_main_window(settings: QSettings | None = None) -> QMainWindow:
    """The application's main window."""
    from gamesearch_gui.ui.main_window import MainWindow

    return MainWindow(settings)


def show_window(window: QMainWindow) -> None:
    """Show the main window at the start: maximized when its first size would nearly fill
    the screen (a laptop's), as the last run left it when it has been used before."""
    if window.dock_layout.fills_screen:  # type: ignore[attr-defined]
        window.showMaximized()
    else:
        window.show()


def _application(argv: list[str]) -> QApplication:
    QApplication.setApplicationName(APPLICATION_NAME)
    QApplication.setOrganizationName(ORGANIZATION_NAME)
    QApplication.setApplicationVersion(__version__)
    QApplication.setDesktopFileName(APPLICATION_NAME)
    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication(argv)
    app.setWindowIcon(application_icon())
    return app


def application_icon() -> QIcon:
    """The app's icon, from the bundled PNGs: one per size, so that each size is sharp.

    Empty where the resources are not installed (a bare source tree): the window opens
    without it, and the smoke test reports it.
    """
    icon = QIcon()
    try:
        folder = resource_files() / "icons"
    except ModuleNotFoundError:
        return icon
    for entry in folder.iterdir() if folder.is_dir() else ():
        if _ICON_FILE.fullmatch(entry.name):
            pixmap = QPixmap()
            if pixmap.loadFromData(entry.read_bytes(), "PNG"):
                icon.addPixmap(pixmap)
    return icon


class _ExitWhenShown(QObject):
    """Prints when the window it watches is first painted, then quits the app."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            watched.removeEventFilter(self)
            print(f"{APPLICATION_NAME}: window shown at {time.time():.6f}", flush=True)
            QTimer.singleShot(0, QApplication.quit)
        return False


def _alive(pid: int) -> bool:
    """True while process ``pid`` runs (a zombie, ended but not yet reaped, does not)."""
    try:
        os.kill(pid, 0)
    except OSError:
        return False
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return True  # no /proc here: it answered the signal


def _smoke_test(app: QApplication) -> int:
    """Open the window offscreen and let the AI make one move in each game.

    Settings go to a temporary file, so a smoke test never changes the user's own.
    """
    from gamesearch_gui.core.games import find_game
    from gamesearch_gui.core.games import game_names
    from gamesearch_gui.core.recording.depth_first import NATIVE_WRITER
    from gamesearch_gui.ui.main_window import MainWindow
    from gamesearch_gui.ui.play_config import PlayConfig
    from gamesearch_gui.ui.play_config import Seats
    from gamesearch_gui.ui.play_config import default_search

    with tempfile.TemporaryDirectory() as folder:
        store = QSettings(os.path.join(folder, "smoke.ini"), QSettings.Format.IniFormat)
        window = MainWindow(store)
        window.pace_override_ms = 0
        window.show()
        failures = []
        engines: set[int] = set()
        for name in game_names():
            search = replace(default_search(name), time_budget=None)
            ais = (False,) * len(find_game(name).side_names)  # every seat the AI's
            window.new_game(PlayConfig(game=name, seats=Seats.TWO_AIS, humans=ais, search=search))
            if not _wait(app, lambda: _ai_moves(window) >= 1, SMOKE_TIMEOUT_S):
                failures.append(f"no AI move in {name}")
                continue
            played = [ply.text for ply in window.match.plies if ply.player is not Player.CHANCE]
            engine = window.controller.engine.pid
            if engine is None or engine == os.getpid():
                failures.append(f"{name}: the search did not run in the engine process")
                continue
            print(
                f"{APPLICATION_NAME}: {name}: the AI played {played[0]} (engine process {engine})"
            )
            engines.add(engine)
        # The engine process is this same program: what loads here loads there.
        writer = "the native writer" if NATIVE_WRITER is not None else "Python"
        print(f"{APPLICATION_NAME}: search recordings are written by {writer}")
        shown = window.isVisible() and window.windowTitle() == APPLICATION_NAME
        has_icon = not app.windowIcon().isNull()
        exercise_problem = _smoke_exercise(app, window, folder)
        if exercise_problem:
            failures.append(exercise_problem)
        guide_problem = _smoke_guide(window)
        if guide_problem:
            failures.append(guide_problem)
        window.close()  # which ends the engine process
        window.deleteLater()
        app.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        failures += [
            f"the engine process {pid} outlived the window" for pid in engines if _alive(pid)
        ]
    if not shown or failures or not has_icon:
        problem = "the window did not open" if not shown else "; ".join(failures)
        if shown and not failures:
            problem = "no icon: the bundled resources lack icons/gamesearch-gui-*.png"
        print(f"{APPLICATION_NAME}: smoke test failed: {problem}", file=sys.stderr)
        return 1
    print(f"{APPLICATION_NAME} {__version__}: smoke test passed")
    return 0


def _smoke_exercise(app: QApplication, window: Any, folder: str) -> str:
    """Grade a perfect answer in Exercise mode and export its sheet and key (PDF and SVG):
    what a frozen build could miss (the printing and SVG modules). "" when it worked."""
    from gamesearch_gui.core.exercises.exercise import DIFFICULTIES
    from gamesearch_gui.core.exercises.exercise import Task
    from gamesearch_gui.core.exercises.exercise import random_exercise
    from gamesearch_gui.ui.exercise.export import export_exercises
    from gamesearch_gui.ui.exercise.export import export_paths

    window.set_mode("exercise")
    page = window.exercises
    page.start(random_exercise(DIFFICULTIES["Easy"], Task.ALPHABETA, "smoke"))
    if not _wait(app, lambda: page.key is not None, SMOKE_TIMEOUT_S):
        return "exercise (no answer key)"
    page.answer = page.key.answer()
    graded = page.check()
    if graded is None or graded.score != 100:
        return "exercise (a perfect answer was not graded 100%)"
    written = []
    for suffix in (".pdf", ".svg"):
        sheet, key = export_paths(os.path.join(folder, "smoke" + suffix))
        written += export_exercises([(page.exercise, page.key)], sheet, key)
    heads = [Path(path).read_bytes()[:200] for path in written]
    if len(written) != 4 or not all(h.startswith(b"%PDF") or b"<svg" in h for h in heads):
        return "exercise (the sheet and key were not exported)"
    window.set_mode("play")
    print(f"{APPLICATION_NAME}: exercise: graded 100%, exported sheet and key as PDF and SVG")
    return ""


def _smoke_guide(window: Any) -> str:
    """Open Help > User guide and read its pages: what a frozen build could miss (docs/,
    bundled as gamesearch_gui.docs). "" when it worked."""
    window.help_desk.show_guide()
    guide = window.help_desk.guide
    pages = [page for page in guide.pages if page.name.endswith(".md")]
    text = guide.page_text("play.md") if any(p.name == "play.md" for p in pages) else ""
    guide.close()
    if len(pages) < 2 or "Playing against the AI" not in text:
        return f"user guide (found {len(pages)} pages of docs/)"
    print(f"{APPLICATION_NAME}: user guide: {len(pages)} pages")
    return ""


def _ai_moves(window: Any) -> int:
    return sum(1 for ply in window.match.plies if ply.player is not Player.CHANCE)


def _wait(app: QApplication, done: Callable[[], bool], seconds: float) -> bool:
    """Run Qt's events until ``done()`` or the time is up."""
    deadline = time.monotonic() + seconds
    while not done():
        if time.monotonic() > deadline:
            return False
        app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 50)
        time.sleep(0.005)
    return True


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
