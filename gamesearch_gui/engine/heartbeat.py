"""Is the engine process still working? A heartbeat, the system's readings, and the rules
that end a process that hung, without ending one that is only slow.

Two sides share a block of numbers (a ``multiprocessing.RawArray`` of ``BEAT_FIELDS``
doubles, the *beats*):

* In the engine process, :func:`start_heartbeat` starts a thread that writes, every
  ``BEAT_INTERVAL``, a count of beats and the process's CPU seconds so far. A beat says
  the process is scheduled and its interpreter lets threads run; it does not say that
  the search advances.
* In the calling process, a :class:`Watchdog` (a thread of its own, one per engine
  process) watches while the caller waits for the engine: from the moment a request is
  sent until its last report, never while the engine is idle, and never while the caller
  is busy with a report it was given (then the engine may rightly wait for it). Each
  ``WATCH_INTERVAL`` it takes a :class:`Sample` and asks the :class:`Judge`, which holds
  the rules (pure: tested with made-up samples); on a verdict it records the
  :class:`~.failure.Fault` and kills the process, so that whatever the caller was
  blocked in (reading a report half sent, sending a big request) ends at once, and the
  caller says the fault (:meth:`Fault.said`). The next request starts a new process.

The rules (the delays are :class:`Patience`'s; ``PATIENCE`` is every client's):

* **Stopped**: on Linux the system says a process is stopped (state ``T``: SIGSTOP,
  Ctrl+Z; ``t``: held by a debugger) at once and for certain (``/proc/PID/stat``).
  Held stopped for ``stopped`` seconds (2 s) in a row, it is ended. Not at once: when a
  whole process group is continued (``fg`` after Ctrl+Z), the window may run a moment
  before its engine does.
* **Hung**: a process that used no CPU for ``idle`` seconds (10 s) while it was waited
  for, and was never seen runnable or in disk wait meanwhile, is waiting for something
  that will not come: a deadlock (its threads wait on each other, or on a lock held by
  a thread that is gone), or code that sleeps or waits for input in the middle of a
  search. We chose CPU time as the sign of progress, not a count of nodes: a search in
  one long evaluation uses CPU and is working; a count of nodes would stand still then
  just as in a deadlock. A busy machine slows a process but does not take all its CPU
  away (a process that is runnable but not running is in state ``R``, and then is not
  counted), so the rule does not trip on load; nor does a process whose words wait
  unread in the caller's end of the pipe (``FIONREAD``): it waits for a slow caller,
  not the other way round. A call of user code that has a limit (:mod:`.limits`) is
  left to that limit: waiting is what its wall-clock ceiling is for, and it says so
  with the figures.
* **Did not stop**: a request that was cancelled and still runs after using
  ``cancel_cpu`` CPU seconds since (2 s: a search looks at its cancel between nodes and
  stops within milliseconds), or after ``cancel_wall`` seconds of waiting (20 s, for a
  process that cannot be read or that computes very slowly), is ended. A search that
  computes for ever but is never cancelled (an endless loop in a game's evaluation) is
  not told from a long evaluation by anything the window can read: it runs until a
  person cancels it (New game, Back, closing), and then this rule ends it.
* **Silent**: where the system's readings are not used (macOS, Windows), the beats
  carry the CPU seconds, so *hung* and *did not stop* work from them while they come;
  no beat for ``silent`` seconds (30 s) ends the process. That is how a stopped
  process, or one deadlocked inside C code holding Python's interpreter, is ended
  there, later than on Linux. (A legitimate C call that holds the interpreter as long
  would be ended too; none in a search does.)

Time is counted only while the caller waits, and a gap in the watchdog's own turns is
counted as at most ``MAX_STEP``, so a window that was itself stopped (Ctrl+Z) or
starved counts less time, never more. A process in disk wait (``D``) for ever is not
ended (it is the system's trouble, not a hang of ours).
"""

from __future__ import annotations

import array
import contextlib
import os
import sys
import threading
import time
from dataclasses import dataclass
from typing import Final
from typing import Protocol

try:
    import fcntl
    import termios
except ImportError:  # Windows: its pipes are not asked (see unread_bytes)
    fcntl = termios = None  # type: ignore[assignment]

from gamesearch_gui.engine.failure import Fault
from gamesearch_gui.engine.failure import FaultKind

#: Seconds between two beats of the engine's heartbeat.
BEAT_INTERVAL: Final = 0.25
#: Seconds between two looks of the watchdog at a process it waits for.
WATCH_INTERVAL: Final = 0.1
#: The most seconds one look counts, however long since the last (see the module).
MAX_STEP: Final = 1.0
#: CPU seconds a process must use for it to count as working (the heartbeat itself uses
#: about a millisecond in ten seconds).
IDLE_CPU: Final = 0.05
#: Process states (``/proc/PID/stat``) of a stopped process, and of one that is about
#: to run or waits on the disk (never idle by its own doing).
STOPPED_STATES: Final = frozenset("Tt")
RUNNABLE_STATES: Final = frozenset("RD")

# The beats' fields: how many beats so far, and the process's CPU seconds at the last.
BEATS, BEAT_CPU = range(2)
BEAT_FIELDS: Final = 2


class Beats(Protocol):
    """The numbers the heartbeat writes (a ``RawArray("d", BEAT_FIELDS)``)."""

    def __getitem__(self, index: int, /) -> float: ...

    def __setitem__(self, index: int, value: float, /) -> None: ...


class SharedNumber(Protocol):
    """A number in shared memory (``multiprocessing.RawValue``)."""

    value: int


class Watched(Protocol):
    """The process a watchdog watches (a ``multiprocessing.Process``)."""

    @property
    def pid(self) -> int | None: ...

    def kill(self) -> None: ...


@dataclass(frozen=True, slots=True)
class Patience:
    """How long each rule waits (see the module). Tests shorten them; users keep these."""

    stopped: float = 2.0
    idle: float = 10.0
    cancel_cpu: float = 2.0
    cancel_wall: float = 20.0
    silent: float = 30.0
    #: Read the system's figures for the process where it has them (Linux's ``/proc``);
    #: False: the beats alone, as on other systems (for the tests of that path).
    read_system: bool = True


#: The patience of every engine client (read when a request is sent).
PATIENCE = Patience()


# -- the engine's side ----------------------------------------------------------------


def start_heartbeat(beats: Beats) -> threading.Thread:
    """In the engine process: a daemon thread that beats every ``BEAT_INTERVAL``."""

    def beat() -> None:
        while True:
            beats[BEAT_CPU] = time.process_time()
            beats[BEATS] += 1  # after the CPU seconds: a new beat carries its own figure
            time.sleep(BEAT_INTERVAL)

    thread = threading.Thread(target=beat, name="heartbeat", daemon=True)
    thread.start()
    return thread


# -- readings -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Sample:
    """One look at a process: its state and CPU seconds as the system says them (None
    where it does not), its heartbeat's count and CPU seconds, and whether what it wrote
    waits unread in the caller's end of the pipe (then it waits for the caller)."""

    state: str | None
    cpu: float | None
    beats: float
    beat_cpu: float
    unread: bool = False


_TICKS: Final = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def read_process(pid: int) -> tuple[str, float] | None:
    """The state letter and CPU seconds (all threads, user and system) of process
    ``pid``, from Linux's ``/proc``; None elsewhere, or once it is gone."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        with open(f"/proc/{pid}/stat", "rb") as file:
            stat = file.read().decode("ascii", "replace")
        # "pid (command) state ppid ...": the command may hold spaces and parentheses.
        fields = stat[stat.rindex(")") + 2 :].split()
        return fields[0], (int(fields[11]) + int(fields[12])) / _TICKS
    except (OSError, ValueError, IndexError):
        return None


def unread_bytes(fd: int | None) -> int:
    """How many bytes wait to be read in the pipe's end ``fd`` (0 where it cannot be
    asked, as of Windows' pipes)."""
    if fd is None or not hasattr(termios, "FIONREAD"):
        return 0
    try:
        buffer = array.array("i", [0])
        fcntl.ioctl(fd, termios.FIONREAD, buffer)
        return buffer[0]
    except (OSError, ValueError):
        return 0


def is_stopped(pid: int | None) -> bool:
    """True when the system says process ``pid`` is stopped (Linux only)."""
    read = None if pid is None else read_process(pid)
    return read is not None and read[0] in STOPPED_STATES


# -- the rules ------------------------------------------------------------------------


class Judge:
    """The rules of the module, for one request, over the samples of a process.

    Pure: each call is given the time, so the tests can replay any history. The times
    counted are the caller's waiting only: :meth:`resume` starts counting again after
    the caller was busy (the time in between does not count).
    """

    def __init__(self, patience: Patience, now: float, *, limited: bool = False) -> None:
        self.patience = patience
        self.limited = limited
        self._last = now
        self._was_stopped = False
        self._stopped = 0.0
        self._idle = 0.0
        self._idle_cpu: float | None = None
        self._beats: float | None = None
        self._silent = 0.0
        self._cancel_waited: float | None = None
        self._cancel_cpu: float | None = None

    def resume(self, now: float) -> None:
        """The engine just answered, or the caller waits again after a report: what it
        waited for so far was answered (a cancel stays)."""
        self._last = now
        self._was_stopped = False
        self._stopped = self._idle = self._silent = 0.0
        self._idle_cpu = None

    def cancel(self) -> None:
        """The request was cancelled (a second call changes nothing)."""
        if self._cancel_waited is None:
            self._cancel_waited = 0.0

    def judge(self, now: float, sample: Sample) -> Fault | None:
        """The fault the process has shown by ``now``, if any."""
        step = min(max(now - self._last, 0.0), MAX_STEP)
        self._last = now
        patience = self.patience
        # Stopped: only what lies between two looks that both saw it stopped counts.
        stopped = sample.state in STOPPED_STATES
        self._stopped = self._stopped + step if stopped and self._was_stopped else 0.0
        self._was_stopped = stopped
        if self._stopped >= patience.stopped:
            return Fault(FaultKind.STOPPED, seconds=self._stopped)
        # The CPU seconds, where known now: the system's, else a new beat's.
        new_beat = sample.beats != self._beats
        self._beats = sample.beats
        cpu = sample.cpu if sample.cpu is not None else sample.beat_cpu if new_beat else None
        # What it wrote waits for the caller to read: it waits for a slow caller, and
        # neither silence nor idleness is its own.
        answered = sample.unread
        if sample.cpu is None:
            self._silent = 0.0 if new_beat or answered else self._silent + step
            if self._silent >= patience.silent:
                return Fault(FaultKind.SILENT, seconds=self._silent)
        # Hung: no CPU used while waited for (a silent heartbeat holds this clock).
        if cpu is not None:
            working = self._idle_cpu is None or cpu - self._idle_cpu >= IDLE_CPU
            if working or answered or sample.state in RUNNABLE_STATES:
                self._idle_cpu, self._idle = cpu, 0.0
            else:
                self._idle += step
                if not self.limited and self._idle >= patience.idle:
                    return Fault(FaultKind.HUNG, seconds=self._idle)
        # Did not stop: CPU used since the cancel, or time waited since it.
        if self._cancel_waited is not None:
            if not answered:
                self._cancel_waited += step
            if cpu is not None:
                if self._cancel_cpu is None:
                    self._cancel_cpu = cpu
                elif cpu - self._cancel_cpu >= patience.cancel_cpu:
                    spent = cpu - self._cancel_cpu
                    return Fault(FaultKind.IGNORED_CANCEL, seconds=spent, cpu=True)
            if self._cancel_waited >= patience.cancel_wall:
                return Fault(FaultKind.IGNORED_CANCEL, seconds=self._cancel_waited)
        return None


# -- the watchdog ---------------------------------------------------------------------


class Watchdog:
    """Watches one engine process while its caller waits for it (see the module): a
    thread of its own, started with the first request; on a fault it records it in
    ``fault`` and kills the process.

    The caller (one thread) says :meth:`expect` when it sends a request, :meth:`heard`
    when a message arrives or it waits again after handing one on, :meth:`hold` while it
    is busy, and :meth:`done` at the request's end; :meth:`cancelled` may come from any
    thread. :meth:`close` before the process is waited for and closed.
    """

    def __init__(
        self, process: Watched, beats: Beats, cancel_upto: SharedNumber, fd: int | None = None
    ) -> None:
        """``fd``: the caller's end of the pipe, asked whether the process's words wait
        there unread."""
        self._process = process
        self._fd = fd
        self._beats = beats
        self._cancel_upto = cancel_upto
        self._lock = threading.Condition()
        self._judge: Judge | None = None
        self._request = 0
        self._waiting = False
        self._closed = False
        self._thread: threading.Thread | None = None
        #: Why the watchdog ended the process (None while it has not).
        self.fault: Fault | None = None

    @property
    def request(self) -> int:
        """The request being watched (0: none)."""
        return self._request

    def expect(self, request_id: int, *, limited: bool = False) -> None:
        """A request was sent (``limited``: a call under a CPU limit); watch from now."""
        with self._lock:
            if self._closed or self.fault is not None:
                return
            self._request = request_id
            self._judge = Judge(PATIENCE, time.monotonic(), limited=limited)
            self._waiting = True
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="watchdog", daemon=True)
                self._thread.start()
            self._lock.notify_all()

    def heard(self) -> None:
        """The engine answered, or the caller waits for it again."""
        with self._lock:
            if self._judge is not None:
                self._judge.resume(time.monotonic())
                self._waiting = True
                # Wake the thread: while the caller was held it may have gone to sleep in
                # _next, and without this it slept on until the next request, leaving a
                # search stopped from then on unwatched (a rare CI failure, found here).
                self._lock.notify_all()

    def hold(self) -> None:
        """The caller is busy with what it was given: its time does not count."""
        with self._lock:
            self._waiting = False

    def cancelled(self) -> None:
        """The request being waited for was cancelled."""
        with self._lock:
            if self._judge is not None:
                self._judge.cancel()

    def done(self, request_id: int) -> None:
        """The request ``request_id`` ended: stop watching (the engine is idle)."""
        with self._lock:
            if self._request == request_id:
                self._request, self._judge, self._waiting = 0, None, False

    def close(self) -> None:
        """Stop watching for good, and wait for the thread."""
        with self._lock:
            self._closed = True
            self._judge = None
            self._lock.notify_all()
            thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join()

    def _run(self) -> None:
        while (watched := self._next()) is not None:
            judge, request = watched
            sample = self._sample(judge.patience.read_system)
            with self._lock:
                if sample is not None and judge is self._judge and self._waiting:
                    if self._cancel_upto.value >= request:
                        judge.cancel()
                    fault = judge.judge(time.monotonic(), sample)
                    if fault is not None:
                        self.fault, self._judge, self._waiting = fault, None, False
                        with contextlib.suppress(OSError, ValueError):
                            self._process.kill()
                        continue
                self._lock.wait(WATCH_INTERVAL)

    def _next(self) -> tuple[Judge, int] | None:
        """The judge and request to look for, once the caller waits; None once closed."""
        with self._lock:
            while not self._closed:
                if self._waiting and self._judge is not None:
                    return self._judge, self._request
                self._lock.wait()
            return None

    def _sample(self, read_system: bool) -> Sample | None:
        """A look at the process; None once it is gone (its reader sees that itself)."""
        state = cpu = None
        pid = self._process.pid
        if read_system and pid is not None:
            read = read_process(pid)
            if read is not None:
                state, cpu = read
                if state in ("Z", "X"):
                    return None
            elif sys.platform.startswith("linux"):
                return None
        unread = unread_bytes(self._fd) > 0
        return Sample(state, cpu, self._beats[BEATS], self._beats[BEAT_CPU], unread)
