"""Work that takes seconds, off the GUI thread: reading and drawing a big tree file, say.

``JobRunner`` lives on the GUI thread and owns one QThread (made when the first job
starts) with a worker moved onto it: the pattern of ``worker.SearchController``, for any
function instead of a search. A job is a function of its :class:`Job`; between pieces
of its work it calls :meth:`Job.step`, which reports how far it got (about 30 times a
second at most) and raises :class:`Cancelled` once the job is cancelled. The runner
forwards only the current job's signals, so what a cancelled job still says is dropped.

One job runs at a time: a cancelled job stops at its next step, and the next job starts
after it (two big trees read at once would only hold two in memory). Closing waits for
the step in progress, never ``terminate()``; a runner whose job is no longer wanted can
instead :meth:`~JobRunner.retire`, and its thread ends after that step without the GUI
waiting for it.

The GIL: a job in pure Python shares the interpreter with the GUI thread, which gets
its turn every few milliseconds (``sys.getswitchinterval()``), except while the job is
inside one long C call that never calls back into Python (freeing a big structure in one
go, or a collection of the cycle collector over millions of new objects: see
``editor.loading.read_tree``), which stalls the window for as long.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable
from dataclasses import dataclass
from dataclasses import field
from typing import Any

from PySide6.QtCore import QObject
from PySide6.QtCore import QThread
from PySide6.QtCore import Signal
from PySide6.QtCore import Slot

from gamesearch_gui.core.search import CancelToken
from gamesearch_gui.engine.protocol import REPORT_INTERVAL

_ids = itertools.count(1)


class Cancelled(Exception):
    """Raised inside a job by :meth:`Job.step` once the job is cancelled."""


@dataclass(eq=False)
class Job:
    """One piece of work: ``work(job)`` runs on the runner's thread and returns its result."""

    work: Callable[[Job], Any]
    job_id: int = field(default_factory=lambda: next(_ids))
    cancel: CancelToken = field(default_factory=CancelToken)
    #: How the worker passes progress on (set when the job starts).
    report: Callable[[int, float], None] | None = field(default=None, repr=False)
    _reported_at: float = field(default=0.0, repr=False)

    def check(self) -> None:
        """Raise Cancelled if the job is cancelled (for work that cannot say how far it got)."""
        if self.cancel.cancelled:
            raise Cancelled

    def step(self, done: float) -> None:
        """``done`` (0 to 1) of the work is done; raises Cancelled if the job is cancelled."""
        self.check()
        now = time.perf_counter()
        if self.report is not None and now - self._reported_at >= REPORT_INTERVAL:
            self._reported_at = now
            self.report(self.job_id, done)


class _JobWorker(QObject):
    """Runs jobs on the runner's thread; reports through queued signals."""

    progress = Signal(int, float)  # job id, share done
    finished = Signal(int, object)  # job id, result
    failed = Signal(int, object)  # job id, the exception

    @Slot(object)
    def run(self, job: Job) -> None:
        if job.cancel.cancelled:
            return  # dropped while it waited for the job before it
        job.report = self.progress.emit
        try:
            result = job.work(job)
        except Cancelled:
            return
        except Exception as error:  # the job's own failure: the GUI says why
            self.failed.emit(job.job_id, error)
            return
        self.finished.emit(job.job_id, result)


class JobRunner(QObject):
    """Runs one job at a time on a thread of its own; start, cancel, shut down."""

    #: The current job's progress: the share of its work done (0 to 1).
    progress = Signal(float)
    #: The current job's result.
    finished = Signal(object)
    #: The exception the current job raised.
    failed = Signal(object)
    #: After :meth:`retire`: the thread has ended.
    retired = Signal()

    _requested = Signal(object)

    def __init__(self, name: str, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._name = name
        self._thread: QThread | None = None
        self._worker: _JobWorker | None = None
        self._current: Job | None = None

    @property
    def busy(self) -> bool:
        """True from ``start`` until the job's result, failure or cancel."""
        return self._current is not None

    def start(self, work: Callable[[Job], Any]) -> Job:
        """Run ``work`` on the thread, dropping the job before it."""
        self.cancel()
        if self._thread is None:
            self._thread = QThread(self)
            self._thread.setObjectName(self._name)
            worker = self._worker = _JobWorker()
            worker.moveToThread(self._thread)
            self._thread.finished.connect(worker.deleteLater)
            self._requested.connect(worker.run)
            worker.progress.connect(self._on_progress)
            worker.finished.connect(self._on_finished)
            worker.failed.connect(self._on_failed)
            self._thread.start()
        job = self._current = Job(work)
        self._requested.emit(job)
        return job

    def cancel(self) -> None:
        """Stop the current job at its next step and drop whatever it still reports."""
        job, self._current = self._current, None
        if job is not None:
            job.cancel.cancel()

    def retire(self) -> None:
        """Cancel the job and let the thread end after the step in progress, without
        waiting for it here (the GUI goes on; a step may take a second on a busy
        machine): ``retired`` says when it has ended. The runner takes no more jobs;
        :meth:`shutdown` still waits for its thread."""
        self.cancel()
        thread = self._thread
        if thread is None:
            self.retired.emit()
            return
        thread.finished.connect(self.retired)  # queued: the thread emits it as it ends
        thread.quit()  # its event loop ends once the job's step returns

    def shutdown(self) -> None:
        """Cancel the job and stop the thread, waiting for the step in progress."""
        self.cancel()
        thread, self._thread = self._thread, None
        if thread is not None:
            thread.quit()
            thread.wait()
            self._worker = None

    def _take(self, job_id: int) -> bool:
        """True (and the job is over) when ``job_id`` is the current job."""
        if self._current is None or self._current.job_id != job_id:
            return False
        self._current = None
        return True

    @Slot(int, float)
    def _on_progress(self, job_id: int, done: float) -> None:
        if self._current is not None and self._current.job_id == job_id:
            self.progress.emit(done)

    @Slot(int, object)
    def _on_finished(self, job_id: int, result: Any) -> None:
        if self._take(job_id):
            self.finished.emit(result)

    @Slot(int, object)
    def _on_failed(self, job_id: int, error: BaseException) -> None:
        if self._take(job_id):
            self.failed.emit(error)
