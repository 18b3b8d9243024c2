"""Start-up never ends in an abort: a bad file beside the settings, a failure while the
window is built, or no display at all each get a message and a clean exit."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtCore import QThread
from pytestqt.qtbot import QtBot

from gamesearch_gui import app
from gamesearch_gui.app import EXIT_WHEN_SHOWN_ENV
from gamesearch_gui.app import display_problem
from gamesearch_gui.app import run_app
from gamesearch_gui.core.exercises.history import FORMAT
from gamesearch_gui.ui.main_window import MainWindow
from gamesearch_gui.ui.play.session import PlaySession
from tests.core.test_exercise_history import GOOD_ENTRY

ROOT = Path(__file__).resolve().parents[2]


def _start_and_exit(config_home: Path, **env: str) -> subprocess.CompletedProcess[str]:
    """Start the real app with its settings under ``config_home``; it exits once shown."""
    environment = {
        **os.environ,
        "XDG_CONFIG_HOME": str(config_home),
        "QT_QPA_PLATFORM": "offscreen",
        EXIT_WHEN_SHOWN_ENV: "1",
        **env,
    }
    return subprocess.run(
        [sys.executable, "-m", "gamesearch_gui"],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize(
    "content",
    [
        # A score json reads as infinity: OverflowError escaped and Qt aborted at every start.
        json.dumps({"format": FORMAT, "version": 1, "entries": [GOOD_ENTRY]})
        .replace('"score": 50', '"score": 1e400')
        .encode(),
        # Deep enough to exhaust the recursion limit: RecursionError, same abort.
        b'{"format": "%s", "entries": ' % FORMAT.encode() + b"[" * 200_000 + b"]" * 200_000 + b"}",
    ],
    ids=["score-1e400", "deep-nesting"],
)
def test_an_unreadable_history_is_moved_aside_and_the_app_starts(
    tmp_path: Path, content: bytes
) -> None:
    folder = tmp_path / "gamesearch-gui"
    folder.mkdir()
    history = folder / "exercise-history.json"
    history.write_bytes(content)
    done = _start_and_exit(tmp_path)
    assert done.returncode == 0, done.stderr
    assert "window shown" in done.stdout
    assert "Traceback" not in done.stderr and "QThread" not in done.stderr
    [aside] = [p for p in folder.iterdir() if ".unreadable-" in p.name]
    assert aside.read_bytes() == content


def test_the_history_problem_is_said_in_the_status_bar(qtbot: QtBot, tmp_path: Path) -> None:
    store = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    (tmp_path / "exercise-history.json").write_text(json.dumps({"format": FORMAT, "entries": 3}))
    window = MainWindow(store, recovery_path=str(tmp_path / "recovery.gtree.json"))
    qtbot.addWidget(window)
    assert "exercise history could not be read" in window.statusBar().currentMessage()
    window.close()


def test_a_failure_while_the_window_is_built_stops_its_searches_first(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The AI's first search starts as the window is built; if building then fails,
    the search thread is stopped before the error leaves (a running QThread destroyed
    with its window aborts the process)."""
    store = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    store.setValue("play/seats", "two-ais")
    threads: list[QThread] = []
    original = PlaySession.advance

    def advance_then_fail(self: PlaySession) -> None:
        original(self)
        assert self.controller.busy, "the AI's search should be under way"
        threads.append(self.controller._thread)
        raise RuntimeError("something went wrong after the first search started")

    monkeypatch.setattr(PlaySession, "advance", advance_then_fail)
    with pytest.raises(RuntimeError, match="after the first search started"):
        MainWindow(store, recovery_path=str(tmp_path / "recovery.gtree.json"))
    assert threads and not threads[0].isRunning()


def test_a_failed_start_is_one_line_and_exit_status_1(
    qapp: object, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def broken(*_: object) -> None:
        raise ValueError("the settings hold nonsense\nover two lines")

    monkeypatch.setattr(app, "create_main_window", broken)
    monkeypatch.delenv(app.DEBUG_ENV, raising=False)
    assert run_app() == 1
    err = capsys.readouterr().err
    lines = err.strip().splitlines()
    assert lines[0] == (
        "gamesearch-gui: The window could not be opened: ValueError: the settings hold "
        "nonsense over two lines"
    )
    assert "Traceback" not in err
    assert app.DEBUG_ENV in lines[1]


def _unused_display() -> str:
    for number in range(150, 250):
        if not Path(f"/tmp/.X11-unix/X{number}").exists():
            with socket.socket(socket.AF_UNIX) as probe:
                try:
                    probe.connect(f"\0/tmp/.X11-unix/X{number}")
                except OSError:
                    return f":{number}"
    pytest.skip("no free display number")


def test_display_problems_are_found_before_qt_starts(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("QT_QPA_PLATFORM", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.delenv("DISPLAY", raising=False)
    if not sys.platform.startswith("linux"):
        pytest.skip("only Linux chooses between X11 and other platforms this way")
    assert "DISPLAY is not set" in display_problem()
    assert display_problem(["-platform", "offscreen"]) == ""
    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    assert display_problem() == ""
    monkeypatch.setenv("QT_QPA_PLATFORM", "xcb")
    monkeypatch.setenv("DISPLAY", _unused_display())
    assert "no X server answers there" in display_problem()
    monkeypatch.setenv("DISPLAY", "not-a-display")
    assert "not a display name" in display_problem()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11 displays are Linux's")
@pytest.mark.parametrize("command", ["app", "dev.sh"])
def test_no_display_is_one_clear_line_and_exit_1(command: str) -> None:
    """Qt, left to itself, said "could not connect to display", blamed a missing
    xcb-cursor library that was installed, and aborted (exit 134)."""
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")
    }
    if command == "app":
        argv = [sys.executable, "-m", "gamesearch_gui"]
    else:
        argv = ["bash", str(ROOT / "dev.sh"), "app"]
    done = subprocess.run(argv, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 1
    [line] = done.stderr.strip().splitlines()
    assert "no display" in line and "DISPLAY" in line
    assert "xcb-cursor" not in done.stderr and "Aborted" not in done.stderr


@pytest.mark.parametrize(
    ("stored", "depth", "budget"),
    [
        ({"depth": "1000"}, 42, None),
        ({"depth": "-5", "time_budget": "1e999"}, None, 120.0),
        ({"depth": "7", "time_budget": "0.001"}, 7, 0.1),
        ({"depth": "x", "time_budget": "nan"}, 6, None),  # unreadable: the defaults
    ],
)
def test_settings_read_back_are_held_to_what_the_panel_offers(
    qtbot: QtBot, tmp_path: Path, stored: dict[str, str], depth: int | None, budget: float | None
) -> None:
    """search/pig/depth=1000 once showed 42 in the panel while the AI searched to 1000
    and never moved: what the panel shows is what the AI uses."""
    store = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    store.setValue("play/game", "pig")
    store.setValue("play/pig_target", "99999999999999999999999")
    store.setValue("play/seats", "two-humans")
    for key, value in stored.items():
        store.setValue(f"search/pig/{key}", value)
    store.sync()
    window = MainWindow(store, recovery_path=str(tmp_path / "recovery.gtree.json"))
    qtbot.addWidget(window)
    panel = window.settings_panel
    search = window.config.search
    assert window.config.options["pig_target"] == panel.option_spins["pig_target"].value() == 100
    if budget is None:
        assert search.time_budget is None
    else:
        assert search.time_budget == budget == panel.time_budget.value()
    if depth is None:  # no depth with a time budget: iterative deepening to the end
        assert search.depth is None
    else:
        assert search.depth == depth == panel.depth_spin.value()
    window.close()


def test_the_first_window_fills_a_small_screen_and_then_opens_as_it_was_left(
    qtbot: QtBot, tmp_path: Path
) -> None:
    # The offscreen screen is 800×600, smaller than the first size (1280×800): at the
    # first start the window opens maximized, as a person on a laptop would make it.
    store = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    first = MainWindow(store, recovery_path=str(tmp_path / "recovery.gtree.json"))
    qtbot.addWidget(first)
    app.show_window(first)
    qtbot.waitExposed(first)
    assert first.isMaximized()
    first.showNormal()
    qtbot.waitUntil(lambda: not first.isMaximized())
    first.move(20, 30)
    qtbot.waitUntil(lambda: first.pos().x() == 20)
    left = first.geometry()
    first.close()
    # Restored from the maximized state by hand, it opens so the next time.
    again = MainWindow(store, recovery_path=str(tmp_path / "recovery.gtree.json"))
    qtbot.addWidget(again)
    app.show_window(again)
    qtbot.waitExposed(again)
    assert not again.isMaximized()
    assert again.width() == left.width()  # (its height and place are kept on the screen)
    again.close()
