"""Opening a tree file off the GUI thread: the window meanwhile, cancelling, replacing, errors.

A big file takes seconds to read; here the loader is made slow on purpose instead: it
waits for the test to let it go, so every state in between is looked at in turn, with
no timing involved.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from gamesearch_gui.core.exercises.exercise import Task
from gamesearch_gui.core.trees import file as treefile
from gamesearch_gui.core.trees.examples import example
from gamesearch_gui.core.trees.file import TreeFileError
from gamesearch_gui.core.trees.file import dump_tree
from gamesearch_gui.core.trees.file import load_tree
from gamesearch_gui.core.trees.file import save_tree_file
from gamesearch_gui.core.trees.random_tree import random_tree
from gamesearch_gui.ui.editor import loading
from gamesearch_gui.ui.editor.editor import TreeEditor
from gamesearch_gui.ui.exercise import dialogs
from gamesearch_gui.ui.exercise.dialogs import FILE
from gamesearch_gui.ui.exercise.dialogs import NewExerciseDialog
from gamesearch_gui.ui.jobs import JobRunner
from gamesearch_gui.ui.main_window import MainWindow

OPEN_MS = 10_000


class SlowLoader:
    """A tree file reader (``read`` of core/trees/file.py) that, for files named slow*,
    waits until the test lets it go."""

    def __init__(self, read: Callable[..., Any] = treefile.load_tree_file) -> None:
        self.read = read
        self.reading = threading.Event()  #: a slow file is being read
        self.gate = threading.Event()

    def reading_with(self, read: Callable[..., Any]) -> SlowLoader:
        """This loader's events, for another reader (the editor's and the dialogs' differ)."""
        other = SlowLoader(read)
        other.reading, other.gate = self.reading, self.gate
        return other

    def __call__(self, path: Any, *, check: Callable[[], None] | None = None) -> Any:
        if Path(path).name.startswith("slow"):
            self.reading.set()
            deadline = time.monotonic() + OPEN_MS / 1000
            # As the real loader does while it parses and builds: a cancel stops it.
            while not self.gate.wait(0.01):
                if check is not None:
                    check()
                if time.monotonic() > deadline:
                    raise TimeoutError("the test never let the loader go")
        return self.read(path, check=check)


@pytest.fixture
def slow(monkeypatch: pytest.MonkeyPatch) -> Iterator[SlowLoader]:
    loader = SlowLoader()
    monkeypatch.setattr(loading, "read_tree_file", loader.reading_with(treefile.read_tree_file))
    monkeypatch.setattr(dialogs, "load_tree_file", loader)
    yield loader
    loader.gate.set()  # whatever the test did, no thread stays waiting


@pytest.fixture
def window(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[tuple[MainWindow, list[str]]]:
    said: list[str] = []
    monkeypatch.setattr(MainWindow, "_message", lambda self, title, html: None)
    monkeypatch.setattr(TreeEditor, "_warn", lambda self, title, text: said.append(text))
    monkeypatch.setattr(TreeEditor, "_ask_unsaved", lambda self: "discard")
    store = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    made = MainWindow(store, recovery_path=str(tmp_path / "recovery.gtree.json"))
    qtbot.addWidget(made)
    made.show()
    made.set_mode("trees")
    yield made, said
    made.close()


def tree_file(folder: Path, name: str, text: str = "[[3, 12, 8], [2, 4, 6]]") -> str:
    path = folder / name
    path.write_text(dump_tree(load_tree(text, name.split(".")[0])))
    return str(path)


def wait_reading(qtbot: QtBot, slow: SlowLoader) -> None:
    """Wait, running the event loop, until the loader's thread is inside the slow read."""
    qtbot.waitUntil(slow.reading.is_set, timeout=OPEN_MS)


def open_slowly(qtbot: QtBot, win: MainWindow, slow: SlowLoader, path: str) -> None:
    """Open ``path`` (a slow* file) in the window; back once the loader is reading it."""
    assert win.open_tree_file(path)  # returns at once: the file is read on a thread
    wait_reading(qtbot, slow)  # the event loop ran meanwhile: the window is not blocked


def drain(runner: JobRunner) -> None:
    """Let the loader's thread finish what it was doing, then deliver what it said."""
    runner.shutdown()
    QApplication.processEvents()


def test_the_window_works_while_a_file_opens_and_shows_it_at_the_end(
    qtbot: QtBot, window: tuple[MainWindow, list[str]], slow: SlowLoader, tmp_path: Path
) -> None:
    win, said = window
    editor, trees = win.editor, win.trees
    before = editor.tree
    path = tree_file(tmp_path, "slow.gtree.json")
    open_slowly(qtbot, win, slow, path)
    assert editor.loading and editor.tree is before
    assert editor.stack.currentWidget() is editor.loading_page
    assert editor.loading_page.text() == "Opening slow.gtree.json…"
    assert win.windowTitle().startswith("Opening slow.gtree.json…")
    # Nothing acts on the tree being replaced: saving, solving, editing, undo.
    for action in (trees.act_save, trees.act_save_as, editor.acts.act_solve, trees.act_undo):
        assert not action.isEnabled()
    assert not editor.properties.isEnabled() and not editor.solve_button.isEnabled()
    editor.solve()
    assert editor.solver.solution is None  # refused
    # Switching modes and back keeps them off.
    win.set_mode("play")
    win.set_mode("trees")
    assert not trees.act_save.isEnabled() and not editor.acts.act_solve.isEnabled()

    with qtbot.waitSignal(editor.opened, timeout=OPEN_MS) as opened:
        slow.gate.set()
    assert opened.args == [path]
    assert not editor.loading and editor.tree.name == "slow"
    assert editor.stack.currentWidget() is editor.canvas
    assert editor.canvas.recording is editor.drawing.recording
    assert editor.drawing.tree is editor.tree
    assert trees.act_save.isEnabled() and editor.acts.act_solve.isEnabled()
    assert editor.properties.isEnabled()
    assert win.windowTitle().startswith("slow (slow.gtree.json)")
    assert editor.files.recent_files()[0] == path
    assert not said


def test_the_node_edits_and_each_players_decision_are_off_while_a_file_opens(
    qtbot: QtBot, window: tuple[MainWindow, list[str]], slow: SlowLoader, tmp_path: Path
) -> None:
    win, _ = window
    editor, acts = win.editor, win.editor.acts
    assert editor.open_tree(example("figure-5-4").tree())  # three players
    players = acts.act_players[:3]
    edits = [acts.act_add_child, acts.act_label, acts.act_next_player, *players]
    assert all(action.isEnabled() for action in edits)
    open_slowly(qtbot, win, slow, tree_file(tmp_path, "slow.gtree.json"))
    # They would edit the tree about to be replaced.
    assert [action.text() for action in edits if action.isEnabled()] == []
    with qtbot.waitSignal(editor.opened, timeout=OPEN_MS):
        slow.gate.set()
    # A tree of MAX and MIN: its edits are back, and no player's decision.
    assert acts.act_add_child.isEnabled() and acts.act_label.isEnabled()
    assert not any(action.isEnabled() for action in players)


def test_escape_cancels_and_the_tree_shown_before_stays(
    qtbot: QtBot, window: tuple[MainWindow, list[str]], slow: SlowLoader, tmp_path: Path
) -> None:
    win, said = window
    editor = win.editor
    before = editor.tree
    title = win.windowTitle()
    path = tree_file(tmp_path, "slow.gtree.json")
    open_slowly(qtbot, win, slow, path)
    win.activateWindow()  # Esc is the window's shortcut while a file opens
    qtbot.waitUntil(lambda: QApplication.activeWindow() is win, timeout=OPEN_MS)
    with qtbot.assertNotEmitted(editor.opened):
        qtbot.keyClick(editor.loading_page, Qt.Key.Key_Escape)  # the button's animated click
        qtbot.waitUntil(lambda: not editor.loading, timeout=OPEN_MS)
        assert editor.stack.currentWidget() is editor.canvas
        assert win.windowTitle() == title and win.trees.act_save.isEnabled()
        slow.gate.set()
        drain(editor.loader)  # what the cancelled job might still say is dropped
    assert editor.tree is before and not said
    assert path not in editor.files.recent_files()


def test_a_later_open_replaces_one_still_opening(
    qtbot: QtBot, window: tuple[MainWindow, list[str]], slow: SlowLoader, tmp_path: Path
) -> None:
    win, said = window
    editor = win.editor
    open_slowly(qtbot, win, slow, tree_file(tmp_path, "slow.gtree.json"))
    quick = tree_file(tmp_path, "quick.gtree.json", "[[1, 2], [3, 4]]")
    with qtbot.waitSignal(editor.opened, timeout=OPEN_MS) as opened:
        assert editor.open_file(quick)
        slow.gate.set()  # the first file's read ends; the second is read after it
    assert opened.args == [quick] and editor.tree.name == "quick"
    drain(editor.loader)
    assert editor.tree.name == "quick" and not said


def test_a_new_tree_replaces_one_still_opening(
    qtbot: QtBot, window: tuple[MainWindow, list[str]], slow: SlowLoader, tmp_path: Path
) -> None:
    win, _ = window
    editor = win.editor
    open_slowly(qtbot, win, slow, tree_file(tmp_path, "slow.gtree.json"))
    win.trees.act_new.trigger()
    assert not editor.loading and editor.tree.node_count == 2
    slow.gate.set()
    drain(editor.loader)
    assert editor.tree.node_count == 2


def test_an_error_at_the_end_is_shown_once_and_nothing_changes(
    qtbot: QtBot, window: tuple[MainWindow, list[str]], slow: SlowLoader, tmp_path: Path
) -> None:
    win, said = window
    editor = win.editor
    before = editor.tree
    bad = tmp_path / "slow-bad.gtree.json"
    bad.write_text('{"format": "gamesearch-tree", "version": 1, "root": {"type": "max"}}')
    open_slowly(qtbot, win, slow, str(bad))
    assert not said
    with qtbot.waitSignal(editor.loadingChanged, timeout=OPEN_MS):
        slow.gate.set()
    drain(editor.loader)
    assert len(said) == 1 and said[0].startswith("slow-bad.gtree.json: root")
    assert editor.tree is before and editor.stack.currentWidget() is editor.canvas
    assert not win.windowTitle().startswith("Opening")


def test_a_file_too_big_is_refused_with_the_loaders_message(
    qtbot: QtBot,
    window: tuple[MainWindow, list[str]],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The loader refuses a file over its limit before reading it whole (TreeFileError):
    # whatever it says reaches the person as it is.
    def too_big(path: Any, **_: Any) -> Any:
        raise TreeFileError(None, "the file is 3.2 GB; a tree file may have at most 1 GB")

    monkeypatch.setattr(loading, "read_tree_file", too_big)
    win, said = window
    path = tree_file(tmp_path, "huge.gtree.json")
    with qtbot.waitSignal(win.editor.loadingChanged, timeout=OPEN_MS):
        win.open_tree_file(path)
    qtbot.waitUntil(lambda: bool(said), timeout=OPEN_MS)
    assert said == ["huge.gtree.json: file: the file is 3.2 GB; a tree file may have at most 1 GB"]


def test_closing_the_window_stops_a_file_opening(
    qtbot: QtBot, window: tuple[MainWindow, list[str]], slow: SlowLoader, tmp_path: Path
) -> None:
    win, said = window
    editor = win.editor
    open_slowly(qtbot, win, slow, tree_file(tmp_path, "slow.gtree.json"))
    slow.gate.set()  # the read in progress ends; the job stops at its next step
    with qtbot.assertNotEmitted(editor.opened):
        win.close()
    assert not editor.loading and not editor.loader.busy and not said


@pytest.fixture
def recovering(
    qtbot: QtBot, tmp_path: Path, slow: SlowLoader, monkeypatch: pytest.MonkeyPatch
) -> Iterator[tuple[MainWindow, Path]]:
    """A window started where a recovery file was left: its tree is being read (slowly)."""
    recovery = tmp_path / "slow-recovery.gtree.json"
    save_tree_file(random_tree(3, seed=2, name="lost work"), recovery)
    monkeypatch.setattr(MainWindow, "_message", lambda self, title, html: None)
    monkeypatch.setattr(MainWindow, "_ask_recover", lambda self: True)
    monkeypatch.setattr(TreeEditor, "_ask_unsaved", lambda self: "discard")
    store = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    win = MainWindow(store, recovery_path=str(recovery))
    qtbot.addWidget(win)
    win.show()
    wait_reading(qtbot, slow)
    yield win, recovery
    slow.gate.set()
    win.close()


def test_the_recovery_file_opens_off_the_gui_thread(
    qtbot: QtBot, recovering: tuple[MainWindow, Path], slow: SlowLoader
) -> None:
    win, _ = recovering
    editor = win.editor
    assert win.mode == "trees" and editor.loading and editor.recovering
    with qtbot.waitSignal(editor.opened, timeout=OPEN_MS):
        slow.gate.set()
    assert editor.tree.name == "lost work" and editor.document.dirty
    assert editor.document.file_path is None  # a new tree, not the recovery file itself
    assert "Recovered" in editor.caption_label.text()


def test_the_recovery_file_stays_until_its_tree_is_shown(
    recovering: tuple[MainWindow, Path], slow: SlowLoader
) -> None:
    win, recovery = recovering
    win.trees.act_new.trigger()  # a new tree instead: the recovered one was never shown
    assert not win.editor.loading and recovery.exists()
    win.editor.open_recovery()
    assert win.editor.recovering
    slow.gate.set()  # the read in progress ends; the window closes before it is shown
    win.close()  # a clean close, but the recovered tree was never shown
    assert recovery.exists()


def test_the_exercise_dialog_reads_a_file_off_the_gui_thread(
    qtbot: QtBot, slow: SlowLoader, tmp_path: Path
) -> None:
    path = tmp_path / "slow.gtree.json"
    save_tree_file(random_tree(2, seed=1, name="two levels"), path)
    dialog = NewExerciseDialog()
    qtbot.addWidget(dialog)
    dialog.set_source(FILE)
    dialog.set_task(Task.ALPHABETA)
    dialog.file_edit.setText(str(path))
    dialog.accept()
    wait_reading(qtbot, slow)
    assert dialog.busy_box.isVisibleTo(dialog) and "slow.gtree.json" in dialog.busy.text()
    assert not dialog.ok_button.isEnabled()
    with qtbot.waitSignal(dialog.accepted, timeout=OPEN_MS):
        slow.gate.set()
    assert dialog.result_exercise is not None
    assert dialog.result_exercise.tree.name == "two levels"


def test_cancelling_the_exercise_dialog_drops_the_file(
    qtbot: QtBot, slow: SlowLoader, tmp_path: Path
) -> None:
    path = tmp_path / "slow.gtree.json"
    save_tree_file(random_tree(2, seed=1, name="two levels"), path)
    runner = JobRunner("test loader")
    dialog = NewExerciseDialog(loader=runner)
    qtbot.addWidget(dialog)
    dialog.set_source(FILE)
    dialog.file_edit.setText(str(path))
    dialog.accept()
    wait_reading(qtbot, slow)
    dialog.reject()  # returns at once: the loader's thread is the page's, not the dialog's
    assert not runner.busy and dialog.result_exercise is None
    slow.gate.set()
    drain(runner)
    assert dialog.result_exercise is None


def test_job_runner_passes_on_progress_results_and_failures_and_drops_cancelled_jobs(
    qtbot: QtBot,
) -> None:
    runner = JobRunner("test jobs")
    progress: list[float] = []
    runner.progress.connect(progress.append)
    with qtbot.waitSignal(runner.finished, timeout=OPEN_MS) as finished:
        runner.start(lambda job: job.step(0.5) or "done")
    assert finished.args == ["done"] and progress == [0.5]
    gate = threading.Event()

    def waits(job: Any) -> str:
        gate.wait(OPEN_MS / 1000)
        job.step(1.0)  # cancelled meanwhile: stops here
        return "late"

    with qtbot.assertNotEmitted(runner.finished), qtbot.assertNotEmitted(runner.failed):
        job = runner.start(waits)
        assert runner.busy
        runner.cancel()
        assert not runner.busy and job.cancel.cancelled
        gate.set()
        drain(runner)
    with qtbot.waitSignal(runner.failed, timeout=OPEN_MS) as failed:
        runner.start(lambda job: 1 / 0)
    assert isinstance(failed.args[0], ZeroDivisionError)
    runner.shutdown()
