"""The replay page written off the GUI thread: a big search's page (a Connect Four search
at depth 8 is tens of thousands of events, each with its sentence) takes seconds to
make, so it is made as a job of its own :class:`~gamesearch_gui.ui.jobs.JobRunner`,
with a progress dialog over the page that Cancel closes, while the window goes on.

The dialog is not modal (a modal one's setValue runs the event loop re-entrantly): the
job writes the events it was given, whatever the window shows meanwhile.
A cancel (or a new page) does not wait for the job's step in progress: the old job's
thread ends after it by itself, and only closing waits for it (:meth:`PageWriter.shutdown`).
The file is written whole or not at all, so a cancel or a failure
(the disk full, no permission) leaves whatever was there before; the search stays in
the window, to export again.
"""

from __future__ import annotations

import contextlib
import copy
import itertools
import os
from collections.abc import Iterator
from typing import Any
from typing import Final

from PySide6.QtCore import QObject
from PySide6.QtCore import Qt
from PySide6.QtCore import Signal
from PySide6.QtCore import Slot
from PySide6.QtWidgets import QProgressDialog
from PySide6.QtWidgets import QWidget
from shiboken6 import Shiboken

from gamesearch_gui.core.files import describe
from gamesearch_gui.core.files import printable
from gamesearch_gui.core.recording.depth_first import SearchRecording
from gamesearch_gui.core.share.html import write_replay_page
from gamesearch_gui.engine import sandbox
from gamesearch_gui.engine.client import EngineClient
from gamesearch_gui.engine.remote_game import RemoteGame
from gamesearch_gui.ui.game_files import ask_game_code
from gamesearch_gui.ui.jobs import Job
from gamesearch_gui.ui.jobs import JobRunner

__all__ = ["PageWriter"]

#: The dialog shows only for a page that takes longer than this to write (milliseconds).
SHOW_AFTER_MS: Final = 400
#: The dialog's scale: the job's share done, in steps of 1/STEPS.
STEPS: Final = 100


@contextlib.contextmanager
def readable_in_job(recording: SearchRecording, job: Job) -> Iterator[SearchRecording]:
    """``recording`` as the job may read it. A search of a game file or of an OpenSpiel
    game names its moves through the game's code, in an engine process: the window's
    :class:`RemoteGame` asks it from the GUI thread and waits there for the answers, so
    the job asks an engine process of its own (once for each position), ended with the
    page. A cancel ends the question in progress."""
    game = recording.game
    if not isinstance(game, RemoteGame):
        yield recording
        return
    engine = EngineClient("gamesearch-page-writer", sandbox.DEFAULT)
    ids = itertools.count(1)

    def ask(name: str, *args: Any) -> Any:
        # Cancelled raised here ends the page at once: the game's failures (GameError)
        # are a position's own, and the page goes on past them.
        job.check()
        return ask_game_code(engine, next(ids), name, *args, cancelled=lambda: job.cancel.cancelled)

    readable = copy.copy(recording)  # the same columns, read through the job's game
    readable.game = RemoteGame(game.source, game.info, ask)
    try:
        yield readable
    finally:
        engine.close()


class PageWriter(QObject):
    """Writes one replay page at a time on a thread of its own, over ``page``."""

    #: The page was written: its path.
    written = Signal(str)
    #: It was not: why, in a sentence that names the file.
    failed = Signal(str)

    def __init__(self, page: QWidget) -> None:
        super().__init__(page)
        self._page = page
        self._runner: JobRunner | None = None
        #: Runners of cancelled pages whose thread is still ending its step.
        self._retiring: set[JobRunner] = set()
        self._path = ""
        #: The dialog of the page being written (None when none is).
        self.dialog: QProgressDialog | None = None

    @property
    def busy(self) -> bool:
        """True while a page is being written."""
        return self._runner is not None

    @property
    def stopping(self) -> bool:
        """True while a cancelled page's thread is still ending its step in progress."""
        return bool(self._retiring)

    def start(self, path: str, recording: SearchRecording, title: str, events: int | None) -> None:
        """Write ``recording``'s page (its first ``events`` events) to ``path``."""
        self.cancel()
        self._path = path
        self.dialog = self._make_dialog(path)
        # The runner has no parent, so that its thread never dies with the page: a page
        # closed while it writes stops the job and the thread first.
        runner = self._runner = JobRunner("replay page writer")
        self.destroyed.connect(runner.shutdown)
        runner.progress.connect(self._progressed)
        runner.finished.connect(self._finished)
        runner.failed.connect(self._failed)

        def work(job: Job) -> None:
            with readable_in_job(recording, job) as readable:
                write_replay_page(path, readable, title, events=events, progress=job.step)

        runner.start(work)

    @Slot()
    def cancel(self) -> None:
        """Stop the page being written: nothing is written, nothing is said. The job ends
        at its next step, without the window waiting for it (see :meth:`shutdown`)."""
        self._end(wait=False)

    def shutdown(self) -> None:
        """Stop the page being written and wait for every thread of this writer to end
        (for closing: a QThread destroyed while it runs aborts the app)."""
        self._end(wait=True)
        for runner in list(self._retiring):
            runner.shutdown()
            self._retiring.discard(runner)

    def _make_dialog(self, path: str) -> QProgressDialog:
        dialog = QProgressDialog(
            f"Writing the replay page {os.path.basename(path)}…", "Cancel", 0, STEPS, self._page
        )
        dialog.setWindowTitle("Export replay as web page")
        # Not modal: a modal progress dialog's setValue runs the event loop inside the
        # job's progress signal, where the page could close under it (a segfault).
        dialog.setWindowModality(Qt.WindowModality.NonModal)
        dialog.setMinimumDuration(SHOW_AFTER_MS)
        dialog.setAutoClose(False)
        dialog.setAutoReset(False)
        dialog.setValue(0)
        dialog.canceled.connect(self.cancel)
        return dialog

    def _alive(self) -> bool:
        """Whether this writer and its page are still there: the runner outlives them
        (it has no parent), so a step it reported just before the page closed may come
        after; touching the deleted dialog then crashed the window (a segfault the
        action sweep met)."""
        return Shiboken.isValid(self) and Shiboken.isValid(self._page)

    @Slot(float)
    def _progressed(self, done: float) -> None:
        dialog = self.dialog
        if self._alive() and dialog is not None and Shiboken.isValid(dialog):
            dialog.setValue(min(STEPS - 1, int(done * STEPS)))

    @Slot(object)
    def _finished(self, _result: object) -> None:
        if not self._alive():
            return
        self._end()
        self.written.emit(self._path)

    @Slot(object)
    def _failed(self, error: BaseException) -> None:
        if not self._alive():
            return
        self._end()
        if isinstance(error, OSError):
            self.failed.emit(describe(error, self._path))
        else:  # a recording that could not be read: say so, never a traceback
            self.failed.emit(f"Could not write {printable(self._path)}: {error}")

    def _end(self, *, wait: bool = True) -> None:
        """Close the dialog and stop the thread: the job, if it still runs, at its next
        step, waited for or (not ``wait``) left to end by itself."""
        dialog, self.dialog = self.dialog, None
        if dialog is not None and Shiboken.isValid(dialog):
            dialog.canceled.disconnect(self.cancel)
            dialog.close()
            dialog.deleteLater()
        runner, self._runner = self._runner, None
        if runner is None:
            return
        if wait:
            runner.shutdown()
            runner.deleteLater()
            return
        # Kept until its thread has ended (its last step may take a second on a busy
        # machine); the page's destruction and shutdown() still wait for it.
        retiring = self._retiring
        retiring.add(runner)

        def retired() -> None:
            retiring.discard(runner)
            runner.shutdown()  # its thread has ended: nothing to wait for
            runner.deleteLater()

        runner.retired.connect(retired)
        runner.retire()
