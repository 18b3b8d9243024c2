"""The window's side of the engine process: start it, hand it searches, read its reports.

:class:`EngineClient` is Qt-free; ``ui/worker.py`` drives one from a QThread. The
process is started with the ``spawn`` method when the first search is asked for, and
kept for the next ones. Its pipe is read with a blocking read, which releases the GIL,
so the window's thread runs while the search streams in.

What can go wrong is said as :class:`EngineError`: the process died (a crash, the
system killed it) or did not stop within ``STOP_GRACE`` of a cancel (a hang). Either
way the process is ended, and the next search starts a fresh one. A call of user code
runs under a limit (:mod:`.limits`); one stopped there is :class:`LimitExceeded`.

The process may run user code, so it is contained (:mod:`.sandbox`): its own session,
limits on memory, files and output (its standard output and error come through a pipe
here, counted: :meth:`EngineClient._contain`), and last words that say how it ended
(:mod:`.endings`).
"""

from __future__ import annotations

import contextlib
import multiprocessing
import pickle
import time
import weakref
from collections.abc import Callable, Iterator
from typing import Any, Final

from gamesearch_gui.core.game import Game
from gamesearch_gui.core.raised import raised_text
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.engine import sandbox
from gamesearch_gui.engine.endings import Ending, ending, limit_hit
from gamesearch_gui.engine.limits import CLOCK_FIELDS, READY_CEILING, Clock, LimitWatch
from gamesearch_gui.engine.process import serve
from gamesearch_gui.engine.protocol import (
    CALL,
    FAILED,
    FINISHED,
    PROGRESS,
    QUIT,
    SEARCH,
    Job,
    Record,
    Report,
    decode,
    dumps,
    encode,
    loads,
    split_frames,
)

#: How long a cancelled search may take to stop before its process is ended.
STOP_GRACE: Final = 2.0
#: How long closing waits for the process to end by itself, then after terminate().
CLOSE_WAIT: Final = 1.0
#: How often a read of the pipe wakes to look at the process and the cancel.
_POLL: Final = 0.05


class EngineError(Exception):
    """The engine process failed: it died, or did not stop when asked. ``ending`` says
    how it ended, when it did (None for a hang)."""

    def __init__(self, message: str, ending: Ending | None = None) -> None:
        super().__init__(message)
        self.ending = ending


class LimitExceeded(EngineError):
    """A call of user code was stopped at one of its limits: CPU seconds or the
    wall-clock ceiling (``hit`` has the figures), memory, output or files written; its
    process was ended (the next call starts a new one)."""

    def __init__(self, ending: Ending) -> None:
        super().__init__(ending.said("the code"), ending)
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
        self._tokens: weakref.WeakKeyDictionary[Game[Any, Any], int] = weakref.WeakKeyDictionary()
        self._next_token = 1
        self._cancelled_at: dict[int, float] = {}
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

    def start(self) -> None:
        """Start the engine process if it is not running (it may take part of a second)."""
        if self.alive:
            return
        self._end()
        started = time.perf_counter()
        self._cancel_upto = self._context.RawValue("q", 0)
        self._clock = self._context.RawArray("d", CLOCK_FIELDS)
        ours, theirs = self._context.Pipe(duplex=True)
        words, tap = self._contain()
        process = self._context.Process(
            target=serve,
            args=(theirs, self._cancel_upto, self._clock, words, self.containment, tap),
            name=self.name,
            daemon=True,
        )
        process.start()
        theirs.close()  # only the engine holds that end: its death shows as EOF here
        if self._tap is not None:
            self._tap.started()
        self._process, self._conn = process, ours
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
        """End the engine process: ask, then terminate, then kill."""
        if self._conn is not None and self.alive:
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
        process, conn = self._process, self._conn
        self._process = self._conn = None
        if process is not None:
            process.join(CLOSE_WAIT)
            if process.is_alive():
                process.terminate()
                process.join(CLOSE_WAIT)
            if process.is_alive():
                process.kill()
                process.join(CLOSE_WAIT)
            if process.pid is not None:
                sandbox.end_group(process.pid)  # what the code started and left running
            process.close()
        if conn is not None:
            conn.close()
        if self._tap is not None:
            self._tap.wait(CLOSE_WAIT)  # everything it wrote is handed on
        self._cancelled_at.clear()

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
        self._send((CALL, request_id, name, pickle.dumps(args, pickle.HIGHEST_PROTOCOL), limit))
        for kind, report in self.reports(request_id, None, cancelled=cancelled, watch=watch):
            if kind == FAILED:
                raise CallFailed(str(report))
            if kind == FINISHED:
                assert isinstance(report, Report)
                return report.result
        raise EngineError("the engine process ended the call without an answer")

    def _send(self, message: tuple[Any, ...]) -> None:
        """Send a request to the running process; EngineError (and the process ended)
        when it cannot be reached."""
        assert self._conn is not None
        try:
            self._conn.send_bytes(encode(message))
        except OSError as error:
            self._end()
            raise EngineError(f"the engine process could not be reached ({error})") from None

    def cancel(self, request_id: int) -> None:
        """Ask the search ``request_id`` (and any earlier one) to stop, from any thread."""
        upto = self._cancel_upto
        if upto is not None and upto.value < request_id:
            upto.value = request_id
        self._cancelled_at.setdefault(request_id, time.monotonic())

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

        EngineError when the process dies, or does not answer within ``STOP_GRACE`` of a
        cancel (``cancelled()`` says whether one was asked for); the process is ended.
        LimitExceeded when the call ``watch`` watches passed a limit.
        """
        conn = self._conn
        if conn is None:
            raise EngineError("the engine process is not running")
        while True:
            try:
                ready = conn.poll(_POLL)
            except (OSError, EOFError):
                ready = True
            if not ready:
                self._check(request_id, cancelled, watch)
                continue
            try:
                message = decode(conn.recv_bytes())
                kind, rid = message[0], message[1]
                # A report's frames follow it at once, whichever search it is about.
                sizes = message[3] if kind != FAILED else ()
                frames = split_frames(conn.recv_bytes(), sizes) if sizes else []
            except (EOFError, OSError):
                raise self._died(watch) from None
            except Exception as error:  # not a message the engine writes: user code's?
                raise self._unreadable(error) from None
            if rid != request_id:
                continue  # the end of a search given up on before
            if kind == FAILED:
                self._cancelled_at.pop(request_id, None)
                yield FAILED, str(message[2])
                return
            try:
                report = loads(message[2], game, frames)
            except Exception as error:
                raise self._unreadable(error) from None
            if kind == FINISHED:
                self._cancelled_at.pop(request_id, None)
                yield FINISHED, report
                return
            if kind == PROGRESS:
                yield PROGRESS, report

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
        if cancelled is not None and cancelled():
            since = self._cancelled_at.setdefault(request_id, time.monotonic())
            if time.monotonic() - since > STOP_GRACE:
                self._end()
                raise EngineError(
                    f"the search did not stop within {STOP_GRACE:g} s of being asked; "
                    "its process was ended, and the next search starts a new one"
                )

    def _unreadable(self, error: Exception) -> EngineError:
        """A message that is not one the engine writes (user code can write to the pipe):
        the process is ended, and nothing of the message is used."""
        self.kill()
        self._end()
        return EngineError(
            f"the engine process sent a message that cannot be read ({raised_text(error)}); "
            "it was ended, and the next call starts a new one"
        )

    def _died(self, watch: LimitWatch | None = None) -> EngineError:
        process = self._process
        code = None
        if process is not None:
            process.join(CLOSE_WAIT)
            code = process.exitcode
        self._end()
        tap = self._tap
        over = tap is not None and tap.over
        hit = None if watch is None else watch.ended(code)
        ended = ending(code, self._words, self.containment, over, hit)
        if ended.limit:
            return LimitExceeded(ended)
        return EngineError(
            f"the engine process stopped unexpectedly ({ended.plain}); "
            "the next search starts a new one",
            ended,
        )
