"""The window's side of the engine process: start it, hand it searches, read its reports.

:class:`EngineClient` is Qt-free; ``ui/worker.py`` drives one from a QThread. The
process is started with the ``spawn`` method when the first search is asked for, and
kept for the next ones. Its pipe is read with a blocking read, which releases the GIL,
so the window's thread runs while the search streams in.

What can go wrong is said as :class:`EngineError`: the process died (a crash, the
system killed it), or it hung: held stopped, waiting with no CPU in the middle of the
work, or computing on after a cancel. A :class:`~.heartbeat.Watchdog` watches the
process while a request is waited for, by its heartbeat and what the system says of it,
and ends it when it hangs (the rules and their delays: :mod:`.heartbeat`). Either way
the process is ended, the error says what happened in the words every page uses
(:mod:`.failure`), and the next search starts a fresh one. A call of user code runs
under a limit (:mod:`.limits`); one stopped there is :class:`LimitExceeded`.

The process may run user code, so it is contained (:mod:`.sandbox`): its own session,
limits on memory, files and output (its standard output and error come through a pipe
here, counted: :meth:`EngineClient._contain`), and last words that say how it ended
when the code ended it (:mod:`.endings`).
"""

from __future__ import annotations

import contextlib
import multiprocessing
import multiprocessing.connection
import pickle
import time
import weakref
from collections.abc import Callable
from collections.abc import Iterator
from typing import Any
from typing import Final

from gamesearch_gui.core.game import Game
from gamesearch_gui.core.raised import raised_text
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.engine import sandbox
from gamesearch_gui.engine.endings import Ending
from gamesearch_gui.engine.endings import ending
from gamesearch_gui.engine.endings import limit_hit
from gamesearch_gui.engine.failure import Fault
from gamesearch_gui.engine.failure import FaultKind
from gamesearch_gui.engine.failure import death
from gamesearch_gui.engine.heartbeat import BEAT_FIELDS
from gamesearch_gui.engine.heartbeat import Watchdog
from gamesearch_gui.engine.heartbeat import is_stopped
from gamesearch_gui.engine.limits import CLOCK_FIELDS
from gamesearch_gui.engine.limits import READY_CEILING
from gamesearch_gui.engine.limits import Clock
from gamesearch_gui.engine.limits import LimitWatch
from gamesearch_gui.engine.pipe import receive
from gamesearch_gui.engine.process import serve
from gamesearch_gui.engine.protocol import CALL
from gamesearch_gui.engine.protocol import FAILED
from gamesearch_gui.engine.protocol import FINISHED
from gamesearch_gui.engine.protocol import PROGRESS
from gamesearch_gui.engine.protocol import QUIT
from gamesearch_gui.engine.protocol import SEARCH
from gamesearch_gui.engine.protocol import Job
from gamesearch_gui.engine.protocol import Record
from gamesearch_gui.engine.protocol import Report
from gamesearch_gui.engine.protocol import decode
from gamesearch_gui.engine.protocol import dumps
from gamesearch_gui.engine.protocol import encode
from gamesearch_gui.engine.protocol import loads
from gamesearch_gui.engine.protocol import split_frames

#: How long closing waits for the process to end by itself, then after terminate().
CLOSE_WAIT: Final = 1.0
#: How often a read of the pipe wakes to look at the process and the cancel.
_POLL: Final = 0.05


class EngineError(Exception):
    """The engine process failed: it died, or hung and was ended. ``fault`` says how,
    where it is known (the message is then its sentence, :meth:`Fault.said`), and
    ``ending`` how the process ended, said of the code it ran, when it ended by itself
    (a page that ran user code says that: "the game's code called os._exit(7)")."""

    def __init__(
        self, message: str, fault: Fault | None = None, ending: Ending | None = None
    ) -> None:
        super().__init__(message)
        self.fault = fault
        self.ending = ending

    @classmethod
    def of(cls, fault: Fault, ending: Ending | None = None) -> EngineError:
        """The error of ``fault``, in the words every page uses."""
        return cls(fault.said(), fault, ending)

    def said_of(self, subject: str, *, again: bool = True) -> str:
        """The sentence for a page that ran user code, about ``subject`` ("the game's
        code"): the code's own doing, or a limit it reached, in the code's words; else
        the engine's fault in the words every page uses (without what happens next, for
        a command that makes no next request: ``again=False``); either with where the
        code was, when known."""
        ending = self.ending
        if ending is not None and (ending.by_code or ending.limit):
            return ending.said(subject)
        where = "" if ending is None else ending.where
        text = str(self) if again or self.fault is None else self.fault.what
        return f"{where}: {text}" if where else text


class LimitExceeded(EngineError):
    """A call of user code was stopped at one of its limits: CPU seconds or the
    wall-clock ceiling (``hit`` has the figures), memory, output or files written; its
    process was ended (the next call starts a new one)."""

    def __init__(self, ending: Ending) -> None:
        super().__init__(ending.said("the code"), ending=ending)
        self.hit = ending.hit

    def said(self, subject: str) -> str:
        """The sentence about ``subject``: ``your code was stopped at ...``."""
        assert self.ending is not None
        return self.ending.said(subject)


class CallFailed(Exception):
    """A call the engine ran raised an error meant for a person (the message)."""


class EngineClient:
    """One engine process, started on first use; one search at a time.

    ``submit`` and ``reports`` run on one thread (the worker's); ``cancel`` may be
    called from any thread; ``close`` once the worker is done.
    """

    def __init__(
        self,
        name: str = "gamesearch-engine",
        containment: sandbox.Containment = sandbox.SEARCHES,
        output: Callable[[bytes], None] | None = sandbox.TO_STDERR,
    ) -> None:
        """``containment``: the limits of the process; ``output``: where what it writes
        to standard output and error goes (None: nowhere), up to its output limit."""
        self.name = name
        self.containment = containment
        self._output = output
        self._tap: sandbox.OutputTap | None = None
        self._words: sandbox.LastWords | None = None
        self._context = multiprocessing.get_context("spawn")
        self._process: Any = None
        self._conn: Any = None
        self._cancel_upto: Any = None
        self._clock: Clock | None = None
        self._watchdog: Watchdog | None = None
        self._tokens: weakref.WeakKeyDictionary[Game[Any, Any], int] = weakref.WeakKeyDictionary()
        self._next_token = 1
        #: Seconds the last start of the process took (0 while none has started).
        self.start_seconds = 0.0
        #: How many times a process was started (a restart after a failure counts).
        self.starts = 0

    # -- the process ---------------------------------------------------------------

    @property
    def alive(self) -> bool:
        """True while the engine process runs."""
        return self._process is not None and self._process.is_alive()

    @property
    def pid(self) -> int | None:
        """The engine process's id, while it runs."""
        return self._process.pid if self.alive else None

    @property
    def awaited(self) -> int:
        """The id of the request sent and not yet answered in full (0: none)."""
        watchdog = self._watchdog
        return 0 if watchdog is None else watchdog.request

    def start(self) -> None:
        """Start the engine process if it is not running (it may take part of a second)."""
        if self.alive:
            return
        self._end()
        started = time.perf_counter()
        self._cancel_upto = self._context.RawValue("q", 0)
        self._clock = self._context.RawArray("d", CLOCK_FIELDS)
        beats = self._context.RawArray("d", BEAT_FIELDS)
        ours, theirs = self._context.Pipe(duplex=True)
        words, tap = self._contain()
        process = self._context.Process(
            target=serve,
            args=(theirs, self._cancel_upto, self._clock, beats, words, self.containment, tap),
            name=self.name,
            daemon=True,
        )
        process.start()
        theirs.close()  # only the engine holds that end: its death shows as EOF here
        if self._tap is not None:
            self._tap.started()
        self._process, self._conn = process, ours
        self._watchdog = Watchdog(process, beats, self._cancel_upto, _fileno(ours))
        self._tokens = weakref.WeakKeyDictionary()  # a new process knows no game yet
        self.start_seconds = time.perf_counter() - started
        self.starts += 1

    def _contain(self) -> tuple[Any, Any]:
        """The shared last words and the output pipe of a new process (the pipe's end
        for it, or None where there is no tap)."""
        shared = self._context.RawArray("c", sandbox.WORDS_BYTES)
        self._words = sandbox.LastWords(shared)
        self._tap = sandbox.OutputTap.make(self.containment.output, self._output, self.kill)
        return shared, None if self._tap is None else self._tap.child_end

    @property
    def not_contained(self) -> str:
        """What of the containment the running process could not put in place ("" when
        all of it is, or before it has started)."""
        return "" if self._words is None else self._words.not_contained

    def close(self) -> None:
        """End the engine process: ask, then terminate, then kill (at once when it is
        held stopped: it could not read the question, nor act on a terminate)."""
        if self._conn is not None and self.alive:
            if is_stopped(self.pid):
                self.kill()
            else:
                with contextlib.suppress(OSError):
                    self._conn.send_bytes(encode((QUIT,)))
        self._end()

    def kill(self) -> None:
        """End the engine process at once, from any thread (for a search that will not
        stop): the thread reading its reports then sees it die, and says so."""
        process = self._process
        if process is not None:
            with contextlib.suppress(OSError, ValueError):
                if process.pid is not None:
                    sandbox.end_group(process.pid)  # and whatever the code started
                process.kill()

    def _end(self) -> None:
        process, conn, watchdog = self._process, self._conn, self._watchdog
        self._process = self._conn = self._watchdog = None
        if watchdog is not None:
            watchdog.close()  # before the process is waited for: its pid may be reused
        if process is not None:
            _join(process, CLOSE_WAIT)
            if process.is_alive():
                process.terminate()
                _join(process, CLOSE_WAIT)
            if process.is_alive():
                process.kill()
                _join(process, CLOSE_WAIT)
            if process.pid is not None:
                sandbox.end_group(process.pid)  # what the code started and left running
            process.close()
        if conn is not None:
            conn.close()
        if self._tap is not None:
            self._tap.wait(CLOSE_WAIT)  # everything it wrote is handed on

    # -- searches ------------------------------------------------------------------

    def submit(
        self,
        request_id: int,
        game: Game[Any, Any],
        state: Any,
        settings: SearchSettings,
        *,
        record: Record = Record.NOTHING,
        node_cap: int | None = None,
    ) -> None:
        """Start a search in the engine process (starting the process first if needed)."""
        self.start()
        token = self._tokens.get(game)
        game_bytes = None
        if token is None:
            token = self._next_token
            self._next_token += 1
            self._tokens[game] = token
            game_bytes = pickle.dumps(game, pickle.HIGHEST_PROTOCOL)
        job = dumps(Job(state, settings, record, node_cap), game)
        self._expect(request_id)
        self._send((SEARCH, request_id, token, game_bytes, job))

    def call(
        self,
        request_id: int,
        name: str,
        *args: Any,
        limit: float | None = None,
        cancelled: Callable[[], bool] | None = None,
    ) -> Any:
        """Run the engine's function ``name`` (see :mod:`.calls`) on ``args`` and return
        its value. CallFailed with a sentence for a person when it raised one of its
        errors (or was cancelled); EngineError when the process died or hung.

        ``limit``: the CPU seconds the call may use, counted from when the engine process
        begins it, with a wall-clock ceiling of ``limits.WALL_FACTOR`` times as long; past
        either, its process is ended and LimitExceeded says which, with the figures."""
        self.start()
        watch = None
        if limit is not None:  # made first: the engine may begin the moment it is asked
            assert self._clock is not None
            watch = LimitWatch(self._clock, request_id, limit)
        self._expect(request_id, limited=limit is not None)
        self._send((CALL, request_id, name, pickle.dumps(args, pickle.HIGHEST_PROTOCOL), limit))
        for kind, report in self.reports(request_id, None, cancelled=cancelled, watch=watch):
            if kind == FAILED:
                raise CallFailed(str(report))
            if kind == FINISHED:
                assert isinstance(report, Report)
                return report.result
        raise EngineError("the engine process ended the call without an answer")

    def _expect(self, request_id: int, *, limited: bool = False) -> None:
        """Have the watchdog watch from now, for the request about to be sent."""
        assert self._watchdog is not None
        self._watchdog.expect(request_id, limited=limited)

    def _send(self, message: tuple[Any, ...]) -> None:
        """Send a request to the running process; EngineError (and the process ended)
        when it cannot be reached: why it died, if it did (a big request is sent while
        the process reads it, and it may die or be ended meanwhile)."""
        assert self._conn is not None
        try:
            self._conn.send_bytes(encode(message))
        except OSError as error:
            raise self._died(unreachable=str(error)) from None

    def cancel(self, request_id: int) -> None:
        """Ask the search ``request_id`` (and any earlier one) to stop, from any thread
        (the watchdog sees it too, and ends a process that does not stop)."""
        upto = self._cancel_upto
        if upto is not None and upto.value < request_id:
            upto.value = request_id

    def reports(
        self,
        request_id: int,
        game: Game[Any, Any] | None,
        *,
        cancelled: Callable[[], bool] | None = None,
        watch: LimitWatch | None = None,
    ) -> Iterator[tuple[str, Report | str]]:
        """The reports of search ``request_id`` as they come: ``("progress", Report)``,
        then ``("finished", Report)`` or ``("failed", message)``, and then it ends.

        EngineError when the process dies, or hangs (:mod:`.heartbeat`: held stopped,
        waiting with no CPU, or computing on after a cancel, which ``engine.cancel`` or
        ``cancelled()`` says was asked for); the process is ended. LimitExceeded when the
        call ``watch`` watches passed a limit.
        """
        conn, watchdog = self._conn, self._watchdog
        if conn is None or watchdog is None:
            raise EngineError("the engine process is not running")

        def waiting(midway: str = "") -> None:
            if not midway or not self.alive:  # a process that died says how, as ever
                self._check(request_id, cancelled, watch)
                return
            try:
                self._check(request_id, cancelled, watch)
            except EngineError:
                # Given up on, alive, with a message begun (the engine writes each whole
                # at once): user code wrote a length whose bytes never came.
                stopped = ValueError(f"a message that stopped part-way ({midway} came)")
                raise self._unreadable(stopped) from None

        try:
            while True:
                try:
                    ready = conn.poll(_POLL)
                except (OSError, EOFError):
                    ready = True
                if not ready:
                    waiting()
                    continue
                try:
                    message = decode(receive(conn, waiting, _POLL))
                    kind, rid = message[0], message[1]
                    # A report's frames follow it at once, whichever search it is about.
                    sizes = message[3] if kind != FAILED else ()
                    frames = split_frames(receive(conn, waiting, _POLL), sizes) if sizes else []
                except EngineError:
                    raise  # a limit, or the process died, while a message was half come
                except (EOFError, OSError):
                    raise self._died(watch) from None
                except Exception as error:  # not a message the engine writes: user code's?
                    raise self._unreadable(error) from None
                watchdog.heard()
                if rid != request_id:
                    continue  # the end of a search given up on before
                if kind == FAILED:
                    watchdog.done(request_id)
                    yield FAILED, str(message[2])
                    return
                try:
                    report = loads(message[2], game, frames)
                except Exception as error:
                    raise self._unreadable(error) from None
                if kind == FINISHED:
                    watchdog.done(request_id)
                    yield FINISHED, report
                    return
                if kind == PROGRESS:
                    watchdog.hold()  # the caller's time with it is not the engine's
                    yield PROGRESS, report
                    watchdog.heard()
        finally:
            watchdog.done(request_id)

    def _check(
        self, request_id: int, cancelled: Callable[[], bool] | None, watch: LimitWatch | None
    ) -> None:
        if not self.alive:
            raise self._died(watch)
        if watch is not None:
            hit = watch.poll()
            if hit is not None:
                self.kill()  # code that waits does not look at a cancel: end it now
                self._end()
                raise LimitExceeded(limit_hit(hit, self._words))
            if watch.never_began():
                self.kill()
                self._end()
                raise EngineError(
                    f"the engine process did not begin the call within {READY_CEILING:g} s; "
                    "it was ended, and the next call starts a new one"
                )
        if cancelled is not None and cancelled() and self._watchdog is not None:
            self._watchdog.cancelled()

    def _unreadable(self, error: Exception) -> EngineError:
        """A message that is not one the engine writes (user code can write to the pipe):
        the process is ended, and nothing of the message is used."""
        where = "" if self._words is None else self._words.where  # the code's line
        self.kill()
        self._end()
        detail = f"it sent a message that cannot be read: {raised_text(error)}"
        return EngineError.of(
            Fault(FaultKind.UNREACHABLE, detail=detail),
            Ending(detail, where, by_code=False) if where else None,
        )

    def _died(self, watch: LimitWatch | None = None, *, unreachable: str = "") -> EngineError:
        """The error of a process that ended (or whose pipe broke, ``unreachable`` saying
        how), in the words of :mod:`.failure`, or of the code it ran when the code ended it
        (:mod:`.endings`); the process is ended and waited for."""
        process, watchdog = self._process, self._watchdog
        code = None
        if process is not None:
            _join(process, CLOSE_WAIT)
            code = process.exitcode
        fault = None if watchdog is None else watchdog.fault  # it ended the process: why
        self._end()
        if fault is not None:
            return EngineError.of(fault)
        tap = self._tap
        hit = None if watch is None else watch.ended(code)
        ended = ending(code, self._words, self.containment, tap is not None and tap.over, hit)
        if ended.limit:
            return LimitExceeded(ended)
        if ended.by_code:  # the code's own doing (os._exit, a signal to its own process)
            return EngineError(
                f"the engine process ended: {ended.plain}; a new one starts for the next request",
                ending=ended,
            )
        fault = death(code)
        if code is None and unreachable:
            fault = Fault(FaultKind.UNREACHABLE, detail=unreachable)
        return EngineError.of(fault, ended)


def _join(process: Any, seconds: float) -> None:
    """``process.join(seconds)``, bounded even for a process that closed its end of the
    pipe multiprocessing watches (user code can: ``os.closerange``). ``join`` takes that
    end's closing for the process's and then waits in ``waitpid`` with no bound: the
    command hung for good, deaf to Ctrl+C. Here the pipe is waited on only as a hint,
    then the process's end is asked of the system without waiting (``exitcode``)."""
    deadline = time.monotonic() + seconds
    with contextlib.suppress(OSError, ValueError):
        multiprocessing.connection.wait([process.sentinel], seconds)
    while process.exitcode is None and time.monotonic() < deadline:
        time.sleep(0.01)


def _fileno(conn: Any) -> int | None:
    """The pipe end's file descriptor, where it has one (not Windows' pipes)."""
    try:
        fd = conn.fileno()
    except (OSError, ValueError):
        return None
    return fd if isinstance(fd, int) else None
