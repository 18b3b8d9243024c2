"""The one bridge between the window and the engine process: a worker on its own QThread.

Searches run in the engine process (:mod:`gamesearch_gui.engine`), never in this one,
so the search and the window never share a GIL. ``SearchController`` lives on the GUI
thread and owns a QThread with a ``SearchWorker`` moved onto it (the pattern of
napari/superqt: ``moveToThread``, ``deleteLater`` on both, a cooperative stop with
``wait()`` and never ``terminate()``). The worker hands each search to the engine and
then blocks reading the engine's reports (a blocking read releases the GIL); it appends
the recording's chunks to the request's recording and emits the Qt signals the pages
listen to, about 30 times a second, never one per node.

Every request gets an id; the controller forwards only the current request's signals,
so a cancelled search's late reports are dropped. A cancel reaches the engine directly
from the GUI thread, through shared memory, without waiting for the worker.
"""

from __future__ import annotations

import itertools
import logging
import time
import traceback
from dataclasses import dataclass
from dataclasses import field
from typing import Any

from PySide6.QtCore import QObject
from PySide6.QtCore import QThread
from PySide6.QtCore import Signal
from PySide6.QtCore import Slot

from gamesearch_gui.core.game import Game
from gamesearch_gui.core.recording.mcts import AnyRecording
from gamesearch_gui.core.recording.mcts import apply_chunk
from gamesearch_gui.core.search import CancelToken
from gamesearch_gui.core.search import SearchResult
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.engine.client import EngineClient
from gamesearch_gui.engine.client import EngineError
from gamesearch_gui.engine.protocol import FAILED
from gamesearch_gui.engine.protocol import FINISHED
from gamesearch_gui.engine.protocol import Record
from gamesearch_gui.engine.protocol import Report
from gamesearch_gui.ui.purpose import Purpose

#: How long closing waits for a thread before it ends the engine process outright.
SHUTDOWN_WAIT_MS = 2000
#: How long it then waits for the thread to see the process gone: a ceiling, not a
#: wait (the thread's read of the engine's pipe ends with the process).
KILLED_WAIT_MS = 30_000
#: How often it ends the engine process again meanwhile: a process the thread was still
#: starting when it was ended exists only once its start returns.
KILL_AGAIN_MS = 50

log = logging.getLogger(__name__)

_ids = itertools.count(1)


@dataclass(frozen=True, slots=True)
class SearchRequest:
    """One search to run: what, from where, how, and whether to stream its events."""

    game: Game[Any, Any]
    state: Any
    settings: SearchSettings
    record_events: bool = False
    purpose: Purpose = Purpose.MOVE  #: what the answer is for
    #: Fill this recording as the search runs (the tree view reads what is published).
    recording: AnyRecording | None = field(default=None, compare=False)
    request_id: int = field(default_factory=lambda: next(_ids))
    #: Asks the search to stop (a cancel, or "move now").
    cancel: CancelToken = field(default_factory=CancelToken, compare=False)

    @property
    def record(self) -> Record:
        """What the engine sends back besides progress and the result."""
        if self.recording is not None:
            return Record.RECORDING
        return Record.EVENTS if self.record_events else Record.NOTHING


class SearchWorker(QObject):
    """Runs searches through the engine process; reports through queued signals."""

    progress = Signal(int, object)  # request id, SearchProgress
    # object, not list: PySide converts a list argument element by element (a QVariantList),
    # which for thousands of events a batch starves the GUI thread.
    eventsReady = Signal(int, object)  # request id, list of SearchEvent
    recorded = Signal(int, int)  # request id, events in the recording so far
    finished = Signal(int, object)  # request id, SearchResult
    failed = Signal(int, str)  # request id, message

    def __init__(self, engine: EngineClient) -> None:
        super().__init__()
        self.engine = engine
        #: The request the window still wants (0: none). Written by the GUI thread.
        self.wanted = 0

    @Slot(object)
    def run(self, request: SearchRequest) -> None:
        """Search until done or cancelled, reporting in batches."""
        rid = request.request_id
        if self.wanted != rid:
            return  # dropped while it waited in the queue; "move now" still runs it
        try:
            self._run(request)
        except EngineError as error:
            self._fail(request, str(error))
        except Exception as error:  # a bug: say so, keep the app alive
            traceback.print_exc()
            self._fail(request, f"internal error: {type(error).__name__}: {error}")

    def _fail(self, request: SearchRequest, message: str) -> None:
        if request.recording is not None:
            request.recording.failure = message  # the tree says it stopped, and why
        self.failed.emit(request.request_id, message)

    def _run(self, request: SearchRequest) -> None:
        rid, game, recording = request.request_id, request.game, request.recording
        engine = self.engine
        engine.submit(
            rid,
            game,
            request.state,
            request.settings,
            record=request.record,
            node_cap=None if recording is None else recording.node_cap,
        )
        if request.cancel.cancelled:
            engine.cancel(rid)  # asked before the engine had this search (or was running)
        for kind, report in engine.reports(rid, game, cancelled=lambda: request.cancel.cancelled):
            if kind == FAILED:
                self._fail(request, str(report))
                return
            assert isinstance(report, Report)
            if report.events:
                self.eventsReady.emit(rid, report.events)
            if recording is not None and report.chunk is not None:
                apply_chunk(recording, report.chunk)
            if kind == FINISHED:
                if recording is not None:
                    recording.finish(report.result)
                    self.recorded.emit(rid, recording.event_count)
                self.finished.emit(rid, report.result)
                return
            if report.progress is not None:
                self.progress.emit(rid, report.progress)
            if recording is not None:
                self.recorded.emit(rid, recording.event_count)


def stop_engine_thread(
    thread: QThread, engine: EngineClient, request_id: int | None = None, *, at_once: bool = False
) -> bool:
    """The one way the app stops a thread that waits on ``engine`` (the search thread,
    a dialog's comparison, review or export thread) and then ends the engine process.

    Ask the thread to stop (an interruption, and ``quit`` for one that runs an event
    loop) and cancel ``request_id`` and every earlier call; wait ``SHUTDOWN_WAIT_MS`` for
    it; if it has not stopped, say so and end the engine process outright, which ends
    the thread's read of its pipe, and wait again, ``KILLED_WAIT_MS`` at the most (a
    ceiling a busy machine never reaches: the thread has only to see a closed pipe).
    Every wait past the first is logged, so a slow close is never silent. Never
    ``terminate()`` a thread. True when the thread stopped.

    ``at_once``: nothing the engine would still say is wanted (a dialog closing, or
    starting over), so there is no cancel to wait for: the process is ended at once (a
    process still starting sees a cancel only once it has started, a second or more on
    a busy machine, and the dialog would wait that long to close).

    While it waits after the kill, it ends the process again every ``KILL_AGAIN_MS``: a
    thread that was in the middle of starting its process when it was asked to stop has
    it only once the start returns, and would otherwise wait for it to boot and answer."""
    thread.requestInterruption()
    thread.quit()  # does nothing to a thread without an event loop
    name = thread.objectName() or type(thread).__name__
    said = "%s did not stop within %g s of %s"
    stopped = False
    if not at_once:
        if request_id is not None:
            engine.cancel(request_id)
        stopped = thread.wait(SHUTDOWN_WAIT_MS)
        if not stopped:
            since = "its cancel: ending its engine process"
            log.warning(said, name, SHUTDOWN_WAIT_MS / 1000, since)
    if not stopped:
        stopped = _killed_until_stopped(thread, engine)
        if not stopped:
            log.error(said, name, KILLED_WAIT_MS / 1000, "its engine process's end")
    engine.close()
    return stopped


def _killed_until_stopped(thread: QThread, engine: EngineClient) -> bool:
    """End ``engine``'s process, and again every ``KILL_AGAIN_MS`` while one runs (never
    a process already gone, whose id may be another's by then), until ``thread`` stops
    or ``KILLED_WAIT_MS`` have passed: True when it stopped."""
    deadline = time.monotonic() + KILLED_WAIT_MS / 1000
    engine.kill()
    while not thread.wait(min(KILL_AGAIN_MS, KILLED_WAIT_MS)):
        if time.monotonic() >= deadline:
            return False
        if engine.alive:
            engine.kill()
    return True


class SearchController(QObject):
    """Owns the search thread and its engine process; starts, cancels and filters
    searches for the GUI."""

    #: The current search's progress (SearchProgress).
    progress = Signal(object)
    #: A batch of the current search's events (list of SearchEvent).
    eventsReady = Signal(object)
    #: The current search's recording has this many events ready to show.
    recorded = Signal(int)
    #: The current search ended: its request and its SearchResult.
    finished = Signal(object, object)
    #: The current search could not run: its request and why.
    failed = Signal(object, str)
    #: True while a search runs.
    busyChanged = Signal(bool)

    _requested = Signal(object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._current: SearchRequest | None = None
        #: The engine process, started with the first search and kept for the next.
        self.engine = EngineClient()
        self._thread = QThread(self)
        self._thread.setObjectName("search thread")
        self._worker = SearchWorker(self.engine)
        self._worker.moveToThread(self._thread)
        self._thread.finished.connect(self._worker.deleteLater)
        self._requested.connect(self._worker.run)
        self._worker.progress.connect(self._on_progress)
        self._worker.eventsReady.connect(self._on_events)
        self._worker.recorded.connect(self._on_recorded)
        self._worker.finished.connect(self._on_finished)
        self._worker.failed.connect(self._on_failed)
        # The thread starts with the first search, not here: a window whose construction
        # fails later on must not leave a running thread for Qt to abort on.
        self._shut_down = False

    @property
    def current(self) -> SearchRequest | None:
        """The search whose signals are forwarded, if one runs."""
        return self._current

    @property
    def busy(self) -> bool:
        """True while a search runs."""
        return self._current is not None

    def start(self, request: SearchRequest) -> SearchRequest:
        """Run ``request``, dropping whatever search ran before it."""
        if self._shut_down:
            raise RuntimeError("the search thread has been shut down")
        if not self._thread.isRunning():
            self._thread.start()
        self.cancel()
        self._current = request
        self._worker.wanted = request.request_id
        self._requested.emit(request)
        self.busyChanged.emit(True)
        return request

    def cancel(self) -> None:
        """Stop the current search and drop whatever it still reports."""
        request, self._current = self._current, None
        self._worker.wanted = 0
        if request is not None:
            self._stop(request)
            self.busyChanged.emit(False)

    def move_now(self) -> None:
        """Stop the current search but deliver its best answer so far."""
        if self._current is not None:
            self._stop(self._current)

    def _stop(self, request: SearchRequest) -> None:
        request.cancel.cancel()
        self.engine.cancel(request.request_id)

    def shutdown(self) -> None:
        """Stop the thread and end the engine process (for closing), as
        :func:`stop_engine_thread` does: bounded, and logged when it must wait. Nothing a
        search would still say is wanted, so its process is ended at once rather than
        cancelled and waited for (a process still starting on a busy machine sees a
        cancel only when it has started, and the window's close would wait for that)."""
        self._shut_down = True
        self.cancel()
        stop_engine_thread(self._thread, self.engine, at_once=True)

    def _is_current(self, request_id: int) -> bool:
        return self._current is not None and self._current.request_id == request_id

    @Slot(int, object)
    def _on_progress(self, request_id: int, progress: Any) -> None:
        if self._is_current(request_id):
            self.progress.emit(progress)

    @Slot(int, object)
    def _on_events(self, request_id: int, events: Any) -> None:
        if self._is_current(request_id):
            self.eventsReady.emit(events)

    @Slot(int, int)
    def _on_recorded(self, request_id: int, count: int) -> None:
        if self._is_current(request_id):
            self.recorded.emit(count)

    def _end_current(self) -> SearchRequest | None:
        """The current search, over: forgotten, and the controller says it is idle."""
        request, self._current = self._current, None
        self._worker.wanted = 0
        self.busyChanged.emit(False)
        return request

    @Slot(int, object)
    def _on_finished(self, request_id: int, result: SearchResult) -> None:
        if self._is_current(request_id):
            request = self._end_current()
            self.finished.emit(request, result)

    @Slot(int, str)
    def _on_failed(self, request_id: int, message: str) -> None:
        if self._is_current(request_id):
            request = self._end_current()
            self.failed.emit(request, message)
