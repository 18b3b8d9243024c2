"""Limits on a user's code (a student's search file, a game file): CPU seconds, counted
from when the engine process begins the code's call, and a wall-clock ceiling of
``WALL_FACTOR`` times as long for code that waits instead of computing.

This is the one way user code is limited (``EngineClient.call(..., limit=SECONDS)``).
A busy machine makes code take longer but not use more CPU, so the limit trips only on
code that really computes too much; and the engine process's own start (spawning
Python, importing the app) is never counted, since the clocks start when the process
begins the call. Two sides share one block of numbers (the *clock*, a
``multiprocessing.RawArray`` of ``CLOCK_FIELDS`` doubles):

* In the engine process, :class:`CpuMeter` runs each limited call. Where the system
  has a CPU timer (``setitimer(ITIMER_PROF)``: Linux and macOS), the kernel ends the
  process the moment the call has used its CPU seconds, even inside one long C call
  that never lets Python run. Everywhere, Windows included, a thread of the meter
  writes the CPU seconds used into the clock every ``METER_INTERVAL`` and ends the
  process once they pass the limit: without the kernel's timer that thread is the
  limit, and code that holds the interpreter in one long C call is stopped by the
  wall-clock ceiling instead.
* In the calling process, :class:`LimitWatch` starts the wall clock when the clock says
  the call began, says when the ceiling has passed, and tells a death at the CPU limit
  from any other. :class:`LimitHit` says what happened, in the words every caller uses.
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
import time
from collections.abc import Callable
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Final
from typing import Protocol

# The wall-clock ceiling, as a multiple of the CPU limit: code that sleeps, waits for
# input or for a lock uses no CPU, and is stopped once this many times its limit passed.
from gamesearch_gui.core.cpu_time import WALL_FACTOR

#: CPU seconds a user's code may use in one call unless told otherwise.
DEFAULT_CPU_SECONDS: Final = 5.0
#: Seconds the engine process may take to begin a call (to start and import the app,
#: on a machine as busy as it gets) before it is given up.
READY_CEILING: Final = 120.0
#: Seconds between two readings of the CPU time a call has used.
METER_INTERVAL: Final = 0.1
#: A meter that has not written for this many seconds may have missed CPU time (the
#: code holds the interpreter): its figure is then a lower bound.
METER_STALE: Final = 1.0
#: Code that computed for at most this share of the ceiling's seconds was waiting.
WAITING_SHARE: Final = 0.01
#: Set (to anything) in the engine's environment, the kernel's CPU timer is not used,
#: as on Windows: the meter's thread alone keeps the limit (for tests of that path).
NO_CPU_TIMER_ENV: Final = "GAMESEARCH_NO_CPU_TIMER"
#: The engine process's exit status when the meter's thread ended it at the limit.
CPU_LIMIT_EXIT: Final = 3

# The clock's fields: the id of the call running (0: none), when it began (the engine's
# time.monotonic(), which is the system's: the caller checks it is plausible), the CPU
# seconds it has used (as last metered), how many times the meter has written, and the id
# of the call the meter stopped at its limit.
RUNNING, BEGAN, USED, BEATS, STOPPED = range(5)
CLOCK_FIELDS: Final = 5


class Clock(Protocol):
    """The numbers the engine process and its caller share (a ``RawArray("d", 5)``)."""

    def __getitem__(self, index: int, /) -> float: ...

    def __setitem__(self, index: int, value: float, /) -> None: ...


def _seconds(value: float) -> str:
    """A measured number of seconds, as precise as a person needs it."""
    if value < 0.01:
        return "less than 0.01 s"
    return f"{value:.2f} s" if value < 1 else f"{value:.1f} s"


@dataclass(frozen=True, slots=True)
class LimitHit:
    """A call of user code stopped at a limit, with the figures that say so.

    ``ceiling``: stopped at the wall-clock ceiling (else at the CPU limit); ``limit``:
    its CPU seconds; ``cpu``: CPU seconds it used (at least that, when ``cpu_at_least``);
    ``wall``: seconds from when the engine process began the call.
    """

    ceiling: bool
    limit: float
    cpu: float
    wall: float
    cpu_at_least: bool = False

    def text(self) -> str:
        """What happened, following the code it is said of: ``your code`` + ``was
        stopped at its CPU limit: it used 5.0 s of CPU (limit 5 s) in 7.3 s``."""
        if not self.ceiling:
            return (
                f"was stopped at its CPU limit: it used {_seconds(self.cpu)} of CPU "
                f"(limit {self.limit:g} s) in {_seconds(self.wall)}"
            )
        said = (
            f"was stopped at the wall-clock ceiling: {WALL_FACTOR * self.limit:g} s passed "
            f"({WALL_FACTOR} × its {self.limit:g} s CPU limit) while "
        )
        # Only what the figures show: next to no CPU in all that time is waiting; more
        # may be a machine too busy to run it, or computing and waiting by turns. A meter
        # that fell silent could not run: the code held the interpreter.
        if self.cpu_at_least:
            held = (
                "held Python's interpreter in one long call, where its CPU time cannot be measured"
            )
            if self.cpu < 0.01:
                return said + f"it {held}"
            return said + f"it used at least {_seconds(self.cpu)} of CPU, and then {held}"
        said += f"it used {_seconds(self.cpu)} of CPU"
        if self.cpu <= WAITING_SHARE * WALL_FACTOR * self.limit:
            said += ", so it was waiting, not computing (time.sleep, input() or a lock?)"
        return said

    def said(self, subject: str) -> str:
        """The sentence about ``subject``: ``your code was stopped at ...``."""
        return f"{subject} {self.text()}"


def kernel_timer() -> bool:
    """True where the kernel's CPU timer ends a call at its limit (not on Windows)."""
    return (
        hasattr(signal, "setitimer")
        and hasattr(signal, "SIGPROF")
        and not os.environ.get(NO_CPU_TIMER_ENV)
    )


class CpuMeter:
    """In the engine process: runs calls under their CPU limits (see the module).

    Made on the process's main thread (it sets how SIGPROF is handled); its thread is
    started with the first limited call, and calls ``beat()`` (if given) at each reading.
    """

    def __init__(self, clock: Clock, beat: Callable[[], None] | None = None) -> None:
        self._clock = clock
        self._beat = beat
        self._timer = kernel_timer()
        self._ready = threading.Condition()
        self._job: tuple[int, float, float] | None = None
        self._thread: threading.Thread | None = None
        if self._timer:
            # The default action ends the process, wherever it is (C code included).
            signal.signal(signal.SIGPROF, signal.SIG_DFL)

    @contextlib.contextmanager
    def limit(self, request_id: int, seconds: float) -> Iterator[None]:
        """Run the body as the call ``request_id``, ended with its process once it has
        used ``seconds`` of CPU."""
        clock = self._clock
        start = time.process_time()
        clock[USED] = 0.0
        clock[BEGAN] = time.monotonic()
        clock[RUNNING] = request_id
        with self._ready:
            self._job = (request_id, start, seconds)
            self._ready.notify_all()
        if self._thread is None:
            self._thread = threading.Thread(target=self._meter, name="cpu meter", daemon=True)
            self._thread.start()
        if self._timer:
            signal.setitimer(signal.ITIMER_PROF, seconds)
        try:
            yield
        finally:
            if self._timer:
                signal.setitimer(signal.ITIMER_PROF, 0)
            with self._ready:
                self._job = None
            clock[USED] = time.process_time() - start
            clock[RUNNING] = 0

    def _meter(self) -> None:
        clock = self._clock
        with self._ready:
            while True:
                while self._job is None:
                    self._ready.wait()
                request_id, start, seconds = self._job
                used = time.process_time() - start
                clock[USED] = used
                clock[BEATS] += 1
                if self._beat is not None:
                    self._beat()
                if used >= seconds:
                    clock[STOPPED] = request_id
                    os._exit(CPU_LIMIT_EXIT)  # the call's code may catch any exception
                self._ready.wait(METER_INTERVAL)


class LimitWatch:
    """In the calling process: watches one call of ``limit`` CPU seconds through the
    engine process's ``clock``."""

    def __init__(self, clock: Clock, request_id: int, limit: float) -> None:
        self._clock = clock
        self.request_id = request_id
        self.limit = limit
        self._asked = time.monotonic()
        self._began: float | None = None
        self._beats = -1.0
        self._beat_at = self._asked

    def poll(self) -> LimitHit | None:
        """The wall-clock ceiling's LimitHit once it has passed since the call began."""
        now = time.monotonic()
        clock = self._clock
        if self._began is None:
            self._began = self._began_at(now)
            if self._began is None:
                return None
        beats = clock[BEATS]
        if beats != self._beats:
            self._beats, self._beat_at = beats, now
        wall = now - self._began
        if wall <= WALL_FACTOR * self.limit:
            return None
        stale = now - self._beat_at > METER_STALE
        return LimitHit(True, self.limit, clock[USED], wall, cpu_at_least=stale)

    def _began_at(self, now: float) -> float | None:
        """When the engine began the call, if it has: the time it wrote, where that is
        plausible (the system's clock, as on Linux, macOS and Windows), else ``now``."""
        if self._clock[RUNNING] != self.request_id:
            return None
        said = self._clock[BEGAN]
        return said if self._asked <= said <= now else now

    def never_began(self) -> bool:
        """True once the engine process has had ``READY_CEILING`` to begin the call and
        has not."""
        return self._began is None and time.monotonic() - self._asked > READY_CEILING

    def ended(self, exitcode: int | None) -> LimitHit | None:
        """The CPU limit's LimitHit when the engine process (which ended with
        ``exitcode``) was ended at it; None when it ended otherwise."""
        timer = getattr(signal, "SIGPROF", None)
        by_timer = timer is not None and exitcode == -timer
        if not by_timer and self._clock[STOPPED] != self.request_id:
            return None
        now = time.monotonic()
        began = self._began if self._began is not None else self._began_at(now)
        used = max(self.limit, self._clock[USED])
        return LimitHit(False, self.limit, used, now - (self._asked if began is None else began))
