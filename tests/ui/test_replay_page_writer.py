"""File > Export replay as web page for a big search (Connect Four at depth 8): the page
is written on a thread of its own while the window goes on, with a progress dialog that
Cancel closes; a file that cannot be written is said in one box that names it, and the
search stays shown, to export again."""

from __future__ import annotations

import dataclasses
import errno
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication
from PySide6.QtCore import QEvent
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QProgressDialog
from PySide6.QtWidgets import QPushButton
from pytestqt.qtbot import QtBot
from shiboken6 import Shiboken

from gamesearch_gui.core import files
from gamesearch_gui.core.games import ConnectFour
from gamesearch_gui.core.games import find_game
from gamesearch_gui.core.recording.depth_first import SearchRecording
from gamesearch_gui.core.search import default_settings
from gamesearch_gui.core.search import search
from gamesearch_gui.ui.main_window import MainWindow
from gamesearch_gui.ui.tree import page_writer
from gamesearch_gui.ui.tree.page import TreePage
from gamesearch_gui.ui.tree.page_writer import PageWriter
from tests.replay_page import read_page
from tests.replay_page import recorded_words
from tests.ui import test_main_window
from tests.ui.test_replay_export import WRITE_MS
from tests.ui.test_replay_export import export_page

# The main window's fixtures: a window at full speed, its messages kept in a list.
store = test_main_window.store
window = test_main_window.window

#: How long a held job waits for the test at most (a ceiling: the test releases it).
HOLD_S = 120


def connect_four_depth_8() -> SearchRecording:
    """The window's own Connect Four search (ordering, table) at depth 8: 12,058 nodes."""
    game = ConnectFour()
    settings = dataclasses.replace(default_settings(find_game("connect4")), depth=8)
    recording = SearchRecording(game)
    recording.finish(search(game, game.initial_state(), settings, listener=recording))
    return recording


class Held:
    """Holds the page's job at its first step until released (or cancelled)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.entered = threading.Event()
        self.release = threading.Event()
        self.thread: threading.Thread | None = None
        #: How many steps the held job has told so far, and an event set at each.
        self.steps = 0
        self.stepped = threading.Event()
        #: Set when the job's writing has ended (written, cancelled or failed).
        self.ended = threading.Event()
        real = page_writer.write_replay_page

        def held(*args: Any, progress: Callable[[float], None], **kwargs: Any) -> None:
            def step(done: float) -> None:
                self.thread = threading.current_thread()
                self.entered.set()
                waited = 0
                while not self.release.wait(0.01) and waited < HOLD_S * 100:
                    progress(done)  # raises Cancelled once the job is cancelled
                    self.steps += 1
                    self.stepped.set()
                    waited += 1
                progress(done)

            try:
                real(*args, progress=step, **kwargs)
            finally:
                self.ended.set()

        monkeypatch.setattr(page_writer, "write_replay_page", held)

    def export(self, qtbot: QtBot, panel: TreePage) -> tuple[PageWriter, QProgressDialog]:
        """Export ``panel``'s search until its job is held: the writer and its dialog."""
        writer = panel.exporter.page_writer
        panel.view_bar.act_export_page.trigger()
        assert writer.busy  # the action returned before the page was written
        qtbot.waitUntil(self.entered.is_set, timeout=WRITE_MS)
        assert self.thread is not threading.main_thread()
        assert writer.dialog is not None
        return writer, writer.dialog


@dataclasses.dataclass
class Big:
    """A panel showing a Connect Four depth-8 search, whose export goes to ``path``."""

    panel: TreePage
    path: Path
    #: The boxes the export showed, as "title: text".
    warned: list[str]


@pytest.fixture
def big(panel: TreePage, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Big:
    panel.show_recording(connect_four_depth_8(), live=False, title="Connect Four, depth 8")
    made = Big(panel, tmp_path / "c4.html", [])
    monkeypatch.setattr(panel.exporter, "_save_file_name", lambda *_: str(tmp_path / "c4"))
    monkeypatch.setattr(panel.exporter, "_warn", lambda t, text: made.warned.append(f"{t}: {text}"))
    return made


@pytest.fixture
def held(monkeypatch: pytest.MonkeyPatch) -> Held:
    return Held(monkeypatch)


def test_a_big_page_is_written_off_the_gui_thread_while_a_dialog_shows(
    qtbot: QtBot, big: Big, held: Held
) -> None:
    writer, dialog = held.export(qtbot, big.panel)
    # While the job works, the window goes on: the dialog's own timer shows it.
    qtbot.waitUntil(dialog.isVisible, timeout=WRITE_MS)
    assert dialog.labelText() == "Writing the replay page c4.html…"
    held.release.set()
    qtbot.waitUntil(lambda: not writer.busy, timeout=WRITE_MS)
    assert writer.dialog is None and big.warned == []
    data = read_page(big.path.read_text(encoding="utf-8")).data
    recording = big.panel.recording
    assert recording is not None
    assert data["nodeCount"] == recording.node_count > 10_000
    assert data["words"] == recorded_words(recording)


def test_cancel_writes_nothing_and_says_nothing(qtbot: QtBot, big: Big, held: Held) -> None:
    writer, dialog = held.export(qtbot, big.panel)
    (cancel,) = dialog.findChildren(QPushButton)
    assert cancel.text() == "Cancel"
    cancel.click()  # the job stops at its next step
    assert not writer.busy and writer.dialog is None
    qtbot.waitUntil(lambda: not writer.stopping and held.ended.is_set(), timeout=WRITE_MS)
    assert list(big.path.parent.iterdir()) == [] and big.warned == []


@pytest.mark.parametrize(
    ("number", "words"),
    [(errno.ENOSPC, "the disk is full"), (errno.EACCES, "permission denied")],
    ids=["disk-full", "no-permission"],
)
def test_a_page_that_cannot_be_written_names_the_file_and_keeps_the_search(
    qtbot: QtBot, big: Big, monkeypatch: pytest.MonkeyPatch, number: int, words: str
) -> None:
    big.path.write_text("an older page", encoding="utf-8")
    real = files.write_bytes

    def fails(path: Any, data: bytes, **_: Any) -> None:
        raise OSError(number, "refused", str(path))

    monkeypatch.setattr(files, "write_bytes", fails)
    panel = big.panel
    shown = panel.recording
    export_page(qtbot, panel.exporter, panel.view_bar.act_export_page)
    assert big.warned == [f"Could not export the replay: Could not write {big.path}: {words}"]
    # Nothing lost: the file that was there, the search shown, and a second try works.
    assert big.path.read_text(encoding="utf-8") == "an older page"
    assert panel.recording is shown
    monkeypatch.setattr(files, "write_bytes", real)
    export_page(qtbot, panel.exporter, panel.view_bar.act_export_page)
    assert len(big.warned) == 1
    assert read_page(big.path.read_text(encoding="utf-8")).data["finished"]


def test_a_page_that_cannot_be_made_says_why_in_one_box(
    qtbot: QtBot, big: Big, monkeypatch: pytest.MonkeyPatch
) -> None:
    def breaks(*_: Any, **__: Any) -> None:
        raise ValueError("the recording could not be read")

    monkeypatch.setattr(page_writer, "write_replay_page", breaks)
    panel = big.panel
    export_page(qtbot, panel.exporter, panel.view_bar.act_export_page)
    assert big.warned == [
        f"Could not export the replay: Could not write {big.path}: the recording could not be read"
    ]
    assert not big.path.exists()


def test_a_page_deleted_while_its_writer_reports_progress_stops_the_job_and_the_window_lives(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, held: Held
) -> None:
    """The action sweep's segfault: the page went while steps of its writer's job were
    still on their way to it. The job stops, nothing is written, nothing is touched."""
    page = TreePage()  # not the fixture's: this test deletes it
    page.resize(1200, 350)
    page.show()
    page.show_recording(connect_four_depth_8(), live=False, title="Connect Four, depth 8")
    target = tmp_path / "c4"
    monkeypatch.setattr(page.exporter, "_save_file_name", lambda *_: str(target))
    warned: list[str] = []
    monkeypatch.setattr(page.exporter, "_warn", lambda t, text: warned.append(text))
    writer, dialog = held.export(qtbot, page)
    qtbot.waitUntil(dialog.isVisible, timeout=WRITE_MS)
    # Steps pile up while the GUI thread is busy: the job's thread makes one every 10 ms.
    piled = held.steps + 5
    while held.steps < piled and not held.ended.is_set():
        held.stepped.wait(1.0)
        held.stepped.clear()
    page.close()
    page.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    assert not Shiboken.isValid(page) and not Shiboken.isValid(writer)
    # The job was cancelled with its page (which waited for its step in progress); the
    # steps still queued arrive now, at a writer that is gone, and are dropped.
    assert held.ended.is_set()
    QCoreApplication.processEvents()
    assert list(tmp_path.iterdir()) == [] and warned == []


def test_a_progress_step_never_runs_the_event_loop(qtbot: QtBot, big: Big, held: Held) -> None:
    """A modal progress dialog's setValue runs the event loop inside the job's progress
    signal, where anything may happen to the page (the action sweep closed it there:
    a segfault). The dialog takes a step without running anything else."""
    writer, dialog = held.export(qtbot, big.panel)
    qtbot.waitUntil(dialog.isVisible, timeout=WRITE_MS)
    ran: list[str] = []
    QTimer.singleShot(0, lambda: ran.append("a timer"))
    writer._progressed(0.5)
    assert ran == [] and dialog.value() == 50
    qtbot.waitUntil(lambda: ran == ["a timer"], timeout=WRITE_MS)
    held.release.set()
    qtbot.waitUntil(lambda: not writer.busy, timeout=WRITE_MS)


def test_closing_the_window_ends_a_page_being_written(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, held: Held
) -> None:
    # The writer's thread has no parent: the window's close stopped every search thread
    # but this one, which ran on (a QThread destroyed while running aborts the app).
    panel = window.tree_panel
    panel.show_recording(connect_four_depth_8(), live=False, title="Connect Four, depth 8")
    pages = tmp_path / "pages"
    pages.mkdir()
    monkeypatch.setattr(panel.exporter, "_save_file_name", lambda *_: str(pages / "c4"))
    monkeypatch.setattr(panel.exporter, "_warn", lambda title, text: pytest.fail(text))
    writer, _dialog = held.export(qtbot, panel)
    window.close()
    assert not writer.busy and writer.dialog is None
    assert held.ended.is_set()  # the job ended at its next step, before the close returned
    assert list(pages.iterdir()) == []


class Stuck:
    """A page whose job is in one long step that does not look at its cancel (a big
    page's first step on a busy machine) until let go, or ``LET_GO_S`` at the most."""

    LET_GO_S = 10

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.entered = threading.Event()
        self.let_go = threading.Event()
        self.ended = threading.Event()
        self.calls = 0
        real = page_writer.write_replay_page

        def stuck(*args: Any, progress: Callable[[float], None], **kwargs: Any) -> None:
            self.calls += 1
            if self.calls > 1:  # the next page: written as it would be
                real(*args, progress=progress, **kwargs)
                return
            try:
                progress(0.0)
                self.entered.set()
                self.let_go.wait(self.LET_GO_S)
                progress(0.5)  # raises Cancelled once the job is cancelled
            finally:
                self.ended.set()

        monkeypatch.setattr(page_writer, "write_replay_page", stuck)


def cancelled_while_stuck(qtbot: QtBot, big: Big, stuck: Stuck) -> PageWriter:
    """Export ``big``'s page and cancel it while its job is stuck in its step: the writer."""
    writer = big.panel.exporter.page_writer
    big.panel.view_bar.act_export_page.trigger()
    qtbot.waitUntil(stuck.entered.is_set, timeout=WRITE_MS)
    writer.cancel()
    return writer


def test_a_cancel_or_a_new_page_does_not_wait_for_the_step_in_progress(
    qtbot: QtBot, big: Big, monkeypatch: pytest.MonkeyPatch
) -> None:
    stuck = Stuck(monkeypatch)
    panel = big.panel
    writer = cancelled_while_stuck(qtbot, big, stuck)
    # It returned while the job's step went on: the window did not wait for it.
    assert not stuck.ended.is_set()
    assert not writer.busy and writer.dialog is None and writer.stopping
    # A new page starts at once, on a thread of its own, and is written.
    panel.view_bar.act_export_page.trigger()
    assert writer.busy and not stuck.ended.is_set()
    qtbot.waitUntil(lambda: not writer.busy, timeout=WRITE_MS)
    assert read_page(big.path.read_text(encoding="utf-8")).data["finished"]
    # The cancelled job ends at its next step, and writes nothing.
    stuck.let_go.set()
    qtbot.waitUntil(lambda: not writer.stopping, timeout=WRITE_MS)
    assert stuck.ended.is_set() and big.warned == []


def test_closing_waits_for_a_cancelled_page_still_in_its_step(
    qtbot: QtBot, big: Big, monkeypatch: pytest.MonkeyPatch
) -> None:
    stuck = Stuck(monkeypatch)
    writer = cancelled_while_stuck(qtbot, big, stuck)
    assert writer.stopping
    letting_go = threading.Timer(0.2, stuck.let_go.set)
    letting_go.start()
    try:
        writer.shutdown()  # as the window's close does: its thread has ended on return
    finally:
        letting_go.join()
    assert stuck.ended.is_set() and not writer.stopping and not writer.busy
    assert list(big.path.parent.iterdir()) == [] and big.warned == []
