"""The one bridge between the GUI and the core search: a worker on its own QThread.

``SearchController`` lives on the GUI thread and owns a QThread with a ``SearchWorker``
moved onto it (the pattern of napari/superqt: ``moveToThread``, ``deleteLater`` on
both, a cooperative stop with ``wait()`` and never ``terminate()``). Every request gets
an id; the controller forwards only the current request's signals, so a cancelled
search's late events are dropped. Events and progress cross threads in batches, at most
about 30 times a second, never one signal per node.
"""

from __future__ import annotations

import itertools
import time
import traceback
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QObject, QThread, Signal, Slot

from gamesearch_gui.core.events import Listener, SearchEvent
from gamesearch_gui.core.game import Game, GameError
from gamesearch_gui.core.recording import SearchRecording
from gamesearch_gui.core.search import (
    CancelToken,
    SearchProgress,
    SearchResult,
    SearchSettings,
    search,
)

#: Seconds between two batches of events or progress reports (about 30 a second).
BATCH_INTERVAL = 1 / 30
#: How long closing waits for the thread before giving up on it.
SHUTDOWN_WAIT_MS = 2000

_ids = itertools.count(1)


@dataclass(frozen=True, slots=True)
class SearchRequest:
    """One search to run: what, from where, how, and whether to stream its events."""

    game: Game[Any, Any]
    state: Any
    settings: SearchSettings
    record_events: bool = False
    purpose: str = "move"  #: what the answer is for ("move", "hint", ...)
    #: Fill this recording on the worker thread (the tree view reads what is published).
    recording: SearchRecording | None = field(default=None, compare=False)
    request_id: int = field(default_factory=lambda: next(_ids))
    cancel: CancelToken = field(default_factory=CancelToken, compare=False)


class SearchWorker(QObject):
    """Runs searches on the worker thread; reports through queued signals."""

    progress = Signal(int, object)  # request id, SearchProgress
    # object, not list: PySide converts a list argument element by element (a QVariantList),
    # which for thousands of events a batch starves the GUI thread.
    eventsReady = Signal(int, object)  # request id, list of SearchEvent
    recorded = Signal(int, int)  # request id, events in the recording so far
    finished = Signal(int, object)  # request id, SearchResult
    failed = Signal(int, str)  # request id, message

    @Slot(object)
    def run(self, request: SearchRequest) -> None:
        """Search until done or cancelled, reporting in batches.

        A request cancelled while it waited in the queue still runs (it stops at its first
        look at the flag): it may be a Move now, whose answer the window waits for. A
        dropped one's answer is ignored by the controller.
        """
        rid = request.request_id
        recording = request.recording
        pending: list[SearchEvent] = []
        last = [time.perf_counter(), time.perf_counter()]  # last events batch, last progress

        def flush() -> None:
            if pending:
                self.eventsReady.emit(rid, pending.copy())
                pending.clear()

        def listen(event: SearchEvent) -> None:
            pending.append(event)
            now = time.perf_counter()
            if now - last[0] >= BATCH_INTERVAL:
                last[0] = now
                flush()

        def report(progress: SearchProgress) -> None:
            now = time.perf_counter()
            if now - last[1] >= BATCH_INTERVAL:
                last[1] = now
                self.progress.emit(rid, progress)
                if recording is not None:
                    self.recorded.emit(rid, recording.event_count)

        listener: Listener | None = None
        if recording is not None:
            listener = recording
        elif request.record_events:
            listener = listen
        try:
            result = search(
                request.game,
                request.state,
                request.settings,
                listener=listener,
                cancel=request.cancel,
                progress=report,
            )
        except GameError as error:
            self.failed.emit(rid, str(error))
            return
        except Exception as error:  # a bug: say so, keep the app alive
            traceback.print_exc()
            self.failed.emit(rid, f"internal error: {type(error).__name__}: {error}")
            return
        flush()
        if recording is not None:
            recording.finish(result)
            self.recorded.emit(rid, recording.event_count)
        self.finished.emit(rid, result)


class SearchController(QObject):
    """Owns the search thread; starts, cancels and filters searches for the GUI."""

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
        self._thread = QThread(self)
        self._thread.setObjectName("search thread")
        self._worker = SearchWorker()
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
        self._requested.emit(request)
        self.busyChanged.emit(True)
        return request

    def cancel(self) -> None:
        """Stop the current search and drop whatever it still reports."""
        request, self._current = self._current, None
        if request is not None:
            request.cancel.cancel()
            self.busyChanged.emit(False)

    def move_now(self) -> None:
        """Stop the current search but deliver its best answer so far."""
        if self._current is not None:
            self._current.cancel.cancel()

    def shutdown(self) -> None:
        """Cancel any search and stop the thread (for closing the window)."""
        self._shut_down = True
        self.cancel()
        if self._thread.isRunning():
            self._thread.quit()
            if not self._thread.wait(SHUTDOWN_WAIT_MS):
                # Never terminate(): it can leave the interpreter's state broken.
                print("gamesearch-gui: the search thread did not stop in time")

    def _is_current(self, request_id: int) -> bool:
        return self._current is not None and self._current.request_id == request_id

    @Slot(int, object)
    def _on_progress(self, request_id: int, progress: SearchProgress) -> None:
        if self._is_current(request_id):
            self.progress.emit(progress)

    @Slot(int, object)
    def _on_events(self, request_id: int, events: list[SearchEvent]) -> None:
        if self._is_current(request_id):
            self.eventsReady.emit(events)

    @Slot(int, int)
    def _on_recorded(self, request_id: int, count: int) -> None:
        if self._is_current(request_id):
            self.recorded.emit(count)

    @Slot(int, object)
    def _on_finished(self, request_id: int, result: SearchResult) -> None:
        if self._is_current(request_id):
            request, self._current = self._current, None
            self.busyChanged.emit(False)
            self.finished.emit(request, result)

    @Slot(int, str)
    def _on_failed(self, request_id: int, message: str) -> None:
        if self._is_current(request_id):
            request, self._current = self._current, None
            self.busyChanged.emit(False)
            self.failed.emit(request, message)
