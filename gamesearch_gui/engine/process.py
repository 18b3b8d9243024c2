"""The engine process's own loop: take a request, search, report, and wait for the next.

Runs in a process started with the ``spawn`` method (see :mod:`.client`): it imports
the core and nothing of Qt. One search at a time; a cancel arrives not as a message but
through a number in shared memory (the highest request id cancelled), which the search
reads between nodes, so it stops within milliseconds even while it never reads the pipe.
A call of user code runs under its CPU limit (:class:`~.limits.CpuMeter`), the whole
process is contained as it starts (:mod:`.sandbox`): it may run user code, and a thread
beats all the while, so the window can tell a process that hung from one that is slow
(:mod:`.heartbeat`).
"""

from __future__ import annotations

import contextlib
import pickle
import signal
import sys
import threading
import time
from collections import OrderedDict
from collections import deque
from collections.abc import Sequence
from multiprocessing.connection import Connection
from typing import Any
from typing import Final

from gamesearch_gui.core.game import Game
from gamesearch_gui.core.game import GameError
from gamesearch_gui.core.raised import raised_text
from gamesearch_gui.core.recording.events import EventRecorder
from gamesearch_gui.core.recording.mcts import new_recording
from gamesearch_gui.core.search import CancelToken
from gamesearch_gui.core.search import SearchProgress
from gamesearch_gui.core.search import search
from gamesearch_gui.engine import sandbox
from gamesearch_gui.engine.calls import CALLS
from gamesearch_gui.engine.failure import OUT_OF_MEMORY_EXIT
from gamesearch_gui.engine.failure import SEARCH_OUT_OF_MEMORY
from gamesearch_gui.engine.heartbeat import Beats
from gamesearch_gui.engine.heartbeat import SharedNumber
from gamesearch_gui.engine.heartbeat import start_heartbeat
from gamesearch_gui.engine.limits import Clock
from gamesearch_gui.engine.limits import CpuMeter
from gamesearch_gui.engine.protocol import CALL
from gamesearch_gui.engine.protocol import FAILED
from gamesearch_gui.engine.protocol import FINISHED
from gamesearch_gui.engine.protocol import PROGRESS
from gamesearch_gui.engine.protocol import QUIT
from gamesearch_gui.engine.protocol import REPORT_INTERVAL
from gamesearch_gui.engine.protocol import SEARCH
from gamesearch_gui.engine.protocol import Job
from gamesearch_gui.engine.protocol import Record
from gamesearch_gui.engine.protocol import Report
from gamesearch_gui.engine.protocol import decode
from gamesearch_gui.engine.protocol import dumps_framed
from gamesearch_gui.engine.protocol import encode
from gamesearch_gui.engine.protocol import join_frames
from gamesearch_gui.engine.protocol import loads

#: Games kept by token, newest last (a window rarely plays more than a few at once).
GAMES_KEPT: Final = 8
#: How many bytes of reports may wait to be sent before the search waits for the window.
OUTBOX_BYTES: Final = 16 * 1024**2


class _Cancel(CancelToken):
    """Cancelled once the window cancels this request or a later one."""

    __slots__ = ("_request_id", "_upto")

    def __init__(self, request_id: int, upto: SharedNumber) -> None:
        self._request_id = request_id
        self._upto = upto

    @property
    def cancelled(self) -> bool:
        return bool(self._upto.value >= self._request_id)

    @cancelled.setter
    def cancelled(self, value: bool) -> None:
        if value:
            self.cancel()

    def cancel(self) -> None:
        self._upto.value = max(self._upto.value, self._request_id)


class _Outbox:
    """Sends messages to the window on a thread of its own, in order.

    A chunk of a recording is a megabyte or more, and the window's process reads it
    between paints (its reader shares that process's GIL): sent from the search's
    thread, the search would wait for every read. Sent from here, the search goes on,
    until ``OUTBOX_BYTES`` wait unsent; then it waits, so memory stays bounded.
    """

    def __init__(self, conn: Connection) -> None:
        self._conn = conn
        self._queue: deque[tuple[bytes, Sequence[memoryview]]] = deque()
        self._pending = 0
        self._broken: OSError | None = None
        self._ready = threading.Condition()
        threading.Thread(target=self._run, name="engine outbox", daemon=True).start()

    def send(self, data: bytes, frames: Sequence[memoryview] = ()) -> None:
        """Queue ``data`` and the frames that follow it (memory no one changes any more);
        OSError once the window's end is gone."""
        size = len(data) + sum(frame.nbytes for frame in frames)
        with self._ready:
            while self._pending > OUTBOX_BYTES and self._broken is None:
                self._ready.wait()
            if self._broken is not None:
                raise BrokenPipeError(f"the window's process is gone ({self._broken})")
            self._queue.append((data, frames))
            self._pending += size
            self._ready.notify_all()

    def _run(self) -> None:
        while True:
            with self._ready:
                while not self._queue:
                    self._ready.wait()
                data, frames = self._queue[0]
            try:
                self._conn.send_bytes(data)
                if frames:
                    self._conn.send_bytes(join_frames(frames))
            except OSError as error:
                with self._ready:
                    self._broken = error
                    self._ready.notify_all()
                return
            with self._ready:
                self._queue.popleft()
                self._pending -= len(data) + sum(frame.nbytes for frame in frames)
                self._ready.notify_all()


def serve(
    conn: Connection,
    cancel_upto: SharedNumber,
    clock: Clock,
    beats: Beats,
    words: sandbox.Shared,
    containment: sandbox.Containment,
    output: Connection | None,
) -> None:
    """Contain this process (:func:`.sandbox.enter`: ``words`` for its last words,
    ``output`` the pipe its standard output and error go to), then answer requests from
    ``conn`` until told to quit or the window's end closes; ``clock`` is shared with the
    caller, for the limits of calls (:mod:`.limits`), and so are ``beats``, for the
    heartbeat (:mod:`.heartbeat`)."""
    # In its own session, no Ctrl+C in a terminal reaches this process; should one come
    # from elsewhere, the window closes itself (and this process with it) cleanly.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _die_with_parent()
    sandbox.enter(containment, sandbox.LastWords(words), output)
    start_heartbeat(beats)
    main = threading.get_ident()
    meter = CpuMeter(clock, beat=lambda: sandbox.note_where(main))
    try:
        _answer(conn, cancel_upto, meter)
    except MemoryError:
        # A request too big to read (a search that runs out is only failed): the pipe
        # is out of step now, so the process ends, saying why with its exit status.
        sandbox.real_exit(OUT_OF_MEMORY_EXIT)
    finally:
        sandbox.leave()  # no hook or thread of the user's code keeps the process


def _answer(conn: Connection, cancel_upto: SharedNumber, meter: CpuMeter) -> None:
    """Answer requests from ``conn`` until told to quit or the window's end closes."""
    games: OrderedDict[int, Game[Any, Any]] = OrderedDict()
    outbox = _Outbox(conn)
    while True:
        try:
            message = decode(conn.recv_bytes())
        except (EOFError, OSError):
            return  # the window's process is gone
        if message[0] == QUIT:
            return
        if message[0] == CALL:
            try:
                _call(outbox, message[1:], cancel_upto, meter)
            except (EOFError, OSError):
                return
            continue
        if message[0] != SEARCH:
            continue
        _, request_id, token, game_bytes, payload = message
        try:
            if game_bytes is not None:
                games[token] = pickle.loads(game_bytes)
                while len(games) > GAMES_KEPT:
                    games.popitem(last=False)
            game = games[token]
            games.move_to_end(token)
            job = loads(payload, game)
            if not isinstance(job, Job):
                raise TypeError(f"not a search job: {type(job).__name__}")
            _search(outbox, request_id, game, job, _Cancel(request_id, cancel_upto))
        except (EOFError, OSError, BrokenPipeError):
            return
        except BaseException as error:  # reported, and the process serves the next request
            with contextlib.suppress(OSError):
                outbox.send(encode((FAILED, request_id, failure_text(error))))


def failure_text(error: BaseException) -> str:
    """Why a search could not run, as one sentence for a person."""
    if isinstance(error, GameError):
        return str(error)
    if isinstance(error, MemoryError):
        return SEARCH_OUT_OF_MEMORY
    if isinstance(error, RecursionError):
        return "the search went deeper than Python's stack allows: give it a depth limit"
    return f"internal error: {raised_text(error, 300)}"


def _search(
    outbox: _Outbox, request_id: int, game: Game[Any, Any], job: Job, cancel: CancelToken
) -> None:
    recording = (
        new_recording(game, job.settings, job.node_cap) if job.record is Record.RECORDING else None
    )
    events = EventRecorder() if job.record is Record.EVENTS else None
    sent_events = 0
    last = time.perf_counter()

    def report(progress: SearchProgress | None, kind: str = PROGRESS, result: Any = None) -> None:
        nonlocal sent_events
        chunk = recording.take_chunk() if recording is not None else None
        batch = None
        if events is not None:
            batch = events.events[sent_events:]
            sent_events = len(events.events)
        payload, frames = dumps_framed(Report(progress, chunk, batch, result), game)
        sizes = tuple(frame.nbytes for frame in frames)
        outbox.send(encode((kind, request_id, payload, sizes)), frames)

    def progress(now_at: SearchProgress) -> None:
        nonlocal last
        now = time.perf_counter()
        if now - last >= REPORT_INTERVAL:
            last = now
            report(now_at)

    result = search(
        game,
        job.state,
        job.settings,
        listener=recording if recording is not None else events,
        cancel=cancel,
        progress=progress,
    )
    if recording is not None:
        recording.finish(result)
    report(None, FINISHED, result)


def _die_with_parent() -> None:
    """On Linux, have the system end this process when the window's process dies, even
    in the middle of a search that never writes to the pipe (elsewhere the pipe's end
    tells it, at its next report)."""
    if sys.platform.startswith("linux"):
        import ctypes

        pr_set_pdeathsig = 1
        with contextlib.suppress(OSError, AttributeError):
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(pr_set_pdeathsig, signal.SIGKILL, 0, 0, 0)


def _call(
    outbox: _Outbox, request: Sequence[Any], cancel_upto: SharedNumber, meter: CpuMeter
) -> None:
    """Run a function of :mod:`.calls` (``request``: the call message after its kind)
    within its CPU limit, if it has one, and send its value, or why it could not."""
    request_id, name, args_bytes, limit = request
    call = CALLS.get(name)
    try:
        if call is None:
            raise ValueError(f"no call named {name!r}")
        args = pickle.loads(args_bytes)
        limited = contextlib.nullcontext() if limit is None else meter.limit(request_id, limit)
        with limited:
            value = call.run(*args, cancel=_Cancel(request_id, cancel_upto))
        payload = pickle.dumps(Report(None, result=value), pickle.HIGHEST_PROTOCOL)
    except BaseException as error:  # user code may raise anything, KeyboardInterrupt too
        known = call is not None and isinstance(error, call.errors)
        message = str(error) if known else failure_text(error)
        outbox.send(encode((FAILED, request_id, message)))
        return
    outbox.send(encode((FINISHED, request_id, payload, ())))
