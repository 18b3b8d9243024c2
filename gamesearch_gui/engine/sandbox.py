"""How a process that runs user code is contained: the one place that says it.

Every engine process (:mod:`.client` starts them) may run a user's code, a game file or
a student's search file, so each is contained as it starts, before it runs any:

* **its own session and process group** (``setsid``), and on Linux a seccomp filter
  (:mod:`.seccomp`) by which it can signal, trace or stop no process outside that group,
  nor leave it; so ending the group ends everything the code started;
* **standard input closed**: ``input()`` fails at once, with a sentence that says so;
* **limits** (:class:`Containment`, each configurable): memory (its address space,
  ``RLIMIT_AS``), the bytes of any one file it writes (``RLIMIT_FSIZE``: the kernel
  ends it at the first byte past), how many files it opens for writing (counted by an
  audit hook), and its output (standard output and error go to a pipe that the calling
  process reads and counts: :class:`OutputTap`). CPU seconds are limited per call
  (:mod:`.limits`);
* **last words**: what the code was doing when it ended, for the one line that says
  how it ended (:class:`LastWords`, read by the caller after the end; :func:`ending`).

Where the system has no such mechanism (Windows and macOS have no seccomp; Windows no
sessions, rlimits or pipes for the output here), that part is left out and said
(:func:`Contained.missing`); docs/your-code.md says what is contained where.
"""

from __future__ import annotations

import contextlib
import io
import os
import signal
import sys
import sysconfig
import threading
from collections.abc import Callable
from dataclasses import dataclass
from dataclasses import replace
from multiprocessing.connection import Connection
from types import FrameType
from typing import Any
from typing import Final
from typing import NoReturn
from typing import Protocol

from gamesearch_gui.engine import seccomp

MB: Final = 1024**2
#: Set (to anything) in a process's environment, its engine processes go without the
#: seccomp filter, as on a system that has none (for the tests of that path).
NO_FILTER_ENV: Final = "GAMESEARCH_NO_SECCOMP"


@dataclass(frozen=True, slots=True)
class Containment:
    """The limits of a process that runs user code (CPU seconds are per call)."""

    #: Bytes of address space (Python's own start takes about 100 MB of it).
    memory: int = 2048 * MB
    #: Bytes written to standard output and standard error together.
    output: int = 1 * MB
    #: Bytes of any one file it writes.
    file_size: int = 16 * MB
    #: Files it may open for writing.
    files: int = 16

    def words(self) -> dict[str, str]:
        """Each limit as a person reads it, by the name a message uses."""
        return {
            "memory": _size(self.memory),
            "output": _size(self.output),
            "file size": _size(self.file_size),
            "files": f"{self.files} file{'s' if self.files != 1 else ''}",
        }


#: What user code runs under unless told otherwise.
DEFAULT: Final = Containment()
#: The window's search engine: a search records trees of millions of nodes.
SEARCHES: Final = replace(DEFAULT, memory=8192 * MB)


def _size(count: int) -> str:
    if count >= MB and count % MB == 0:
        return f"{count // MB} MB"
    if count >= 1024 and count % 1024 == 0:
        return f"{count // 1024} KB"
    return f"{count} bytes"


class Shared(Protocol):
    """Bytes shared between processes (``multiprocessing.RawArray("c", n)``)."""

    raw: bytes

    def __setitem__(self, index: slice, value: bytes, /) -> None: ...

    def __len__(self) -> int: ...


#: Bytes of :class:`LastWords`: three fields, each this long.
FIELD: Final = 512
WORDS_BYTES: Final = 3 * FIELD
#: The fields: what ended the process, where the code was last, what could not be contained.
_ENDED, _DOING, _MISSING = range(3)


class LastWords:
    """Three short texts the contained process leaves for its caller: how it ended
    (``exit 7``, ``files 17``), where the user's code was last (``nim.py, line 12, in
    actions``), and what of the containment could not be put in place."""

    def __init__(self, shared: Shared) -> None:
        self._shared = shared

    def _write(self, field: int, text: str) -> None:
        data = text.encode("utf-8", "replace")[: FIELD - 1] + b"\0"
        with contextlib.suppress(Exception):  # never a reason to fail the code's call
            self._shared[field * FIELD : field * FIELD + len(data)] = data

    def _read(self, field: int) -> str:
        data = self._shared.raw[field * FIELD : (field + 1) * FIELD]
        return data.split(b"\0", 1)[0].decode("utf-8", "replace")

    def ended(self, how: str, where: str = "") -> None:
        self._write(_ENDED, how)
        if where:
            self.doing(where)

    def doing(self, where: str) -> None:
        self._write(_DOING, where)

    def missing(self, what: str) -> None:
        self._write(_MISSING, what)

    @property
    def how(self) -> str:
        """How the process said it ended (``exit 7``, ``files 17``), or ""."""
        return self._read(_ENDED)

    @property
    def where(self) -> str:
        """Where the user's code was last seen, or ""."""
        return self._read(_DOING)

    @property
    def not_contained(self) -> str:
        """What of the containment could not be put in place here, or ""."""
        return self._read(_MISSING)


# -- in the contained process ----------------------------------------------------------


class ClosedInput(io.TextIOBase):
    """Standard input for user code: closed, so ``input()`` fails at once, saying why."""

    def readable(self) -> bool:
        return True

    def read(self, size: int | None = -1) -> str:
        raise EOFError("standard input is closed: code run by gamesearch-gui cannot read input")

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        return self.read()

    def fileno(self) -> int:
        return 0

    def isatty(self) -> bool:
        return False


#: The real ``os._exit``, kept before :func:`enter` wraps it.
real_exit: Callable[[int], NoReturn] = os._exit
#: How the process ends itself at the limit on files written.
FILES_EXIT: Final = 5  # 3 is the CPU limit's (limits.py); 4 is kept for running out of memory

_state: dict[str, Any] = {}


def enter(containment: Containment, words: LastWords, output: Connection | None) -> None:
    """Contain this process (an engine process, before it runs any user code): see the
    module. ``output``: the pipe standard output and standard error go to."""
    missing: list[str] = []
    _state.update(words=words, files=0, limit=containment.files, pid=os.getpid())
    if hasattr(os, "setsid"):
        try:
            os.setsid()
        except OSError as error:
            missing.append(f"its own session ({error.strerror})")
    else:
        missing.append("its own session and process group")
    _close_input()
    _leave_the_tracker()
    if output is not None:
        _send_output(output.fileno())
    missing += _set_limits(containment)
    sys.addaudithook(_audit)
    os._exit = _exit  # recorded on its way out, so the caller can say where
    filter_is = "the filter that keeps it from signalling other processes"
    if os.environ.get(NO_FILTER_ENV):
        missing.append(f"{filter_is} (turned off by {NO_FILTER_ENV})")
    elif sys.platform.startswith("linux"):
        try:
            seccomp.install()
        except seccomp.SeccompUnavailable as why:
            missing.append(f"{filter_is} ({why})")
    else:
        missing.append(f"{filter_is} (Linux only)")
    words.missing("; ".join(missing))


def leave() -> None:
    """End this process at once and quietly: no atexit hook or thread of the user's
    code may keep it (a call's answers have all been sent)."""
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):
            stream.flush()
    real_exit(0)


def _close_input() -> None:
    with contextlib.suppress(OSError):
        null = os.open(os.devnull, os.O_RDONLY)
        os.dup2(null, 0)
        os.close(null)
    sys.stdin = ClosedInput()


def _leave_the_tracker() -> None:
    """Close this process's pipe to multiprocessing's resource tracker, a helper of the
    calling process that every spawned process is handed. Code that wrote its own bytes
    there made the tracker put a traceback a line of them on the caller's standard
    error. An engine process registers nothing with it (were it to, a tracker of its
    own would be started)."""
    from multiprocessing import resource_tracker

    tracker: Any = resource_tracker._resource_tracker  # (its fields are private)
    with tracker._lock:
        fd, tracker._fd = tracker._fd, None
    if fd is not None:
        with contextlib.suppress(OSError):
            os.close(fd)


def _send_output(fd: int) -> None:
    """Standard output and error to ``fd``, written through (nothing waits in a buffer
    when the process ends)."""
    for target in (1, 2):
        with contextlib.suppress(OSError):
            os.dup2(fd, target)
    with contextlib.suppress(OSError):
        os.close(fd)
    for name, target in (("stdout", 1), ("stderr", 2)):
        raw = io.FileIO(target, "w", closefd=False)
        stream = _Noting(raw, "utf-8", "backslashreplace", write_through=True)
        setattr(sys, name, stream)
        setattr(sys, f"__{name}__", stream)


class _Noting(io.TextIOWrapper):
    """Standard output or error that notes where the user's code writes from: code
    stopped at the output limit is said with its line."""

    def write(self, text: str) -> int:
        words = _state.get("words")
        if words is not None and text:
            words.doing(user_frame_text(sys._getframe(1)))
        return super().write(text)


def _set_limits(containment: Containment) -> list[str]:
    try:
        import resource
    except ImportError:
        return ["limits on memory and on the size of files written (no rlimits here)"]
    missing = []
    wanted = (
        ("memory", resource.RLIMIT_AS, containment.memory),
        ("file size", resource.RLIMIT_FSIZE, containment.file_size),
        ("core dumps", resource.RLIMIT_CORE, 0),
    )
    for name, which, limit in wanted:
        try:
            _, hard = resource.getrlimit(which)
            if hard != resource.RLIM_INFINITY:
                limit = min(limit, hard)
            resource.setrlimit(which, (limit, limit))
        except (ValueError, OSError) as error:
            missing.append(f"its {name} limit ({error})")
    return missing


def _exit(status: int) -> NoReturn:
    """``os._exit``, for user code: the caller is told who called it, and from where
    (only when it was called from user code: the engine's own ends say themselves)."""
    where = user_frame_text(sys._getframe(1))
    if where:
        words: LastWords = _state["words"]
        words.ended(f"exit {status}", where)
    real_exit(status)


def _audit(event: str, args: tuple[Any, ...]) -> None:
    if event == "open":
        _opened(args)
    elif event in ("os.kill", "os.killpg", "signal.pthread_kill"):
        _signalled(event, args)


def _opened(args: tuple[Any, ...]) -> None:
    path, _, flags = args
    if isinstance(path, int) or not isinstance(flags, int):
        return
    if not flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND):
        return  # read only (O_ACCMODE is not Windows')
    if os.fspath(path) == os.devnull:
        return
    _state["files"] += 1
    if _state["files"] > _state["limit"]:
        words: LastWords = _state["words"]
        words.ended(f"files {_state['files']}", user_frame_text(sys._getframe(2)))
        real_exit(FILES_EXIT)


def _signalled(event: str, args: tuple[Any, ...]) -> None:
    """Refuse, in words, what the kernel's filter refuses anyway: a signal to a process
    outside this one's group (the filter holds for code that bypasses Python too)."""
    if event == "signal.pthread_kill":
        return  # a thread of this process
    target = int(args[0])
    own = _state["pid"]
    if event == "os.killpg":
        target = -target
    if target in (own, 0, -own):
        words: LastWords = _state["words"]
        with contextlib.suppress(Exception):
            name = signal.Signals(int(args[1])).name
            words.ended(f"signal {name}", user_frame_text(sys._getframe(2)))
        return
    raise PermissionError(
        f"code run by gamesearch-gui may not signal process {abs(target)}: it is not "
        "one that the code started"
    )


# -- where the user's code is ------------------------------------------------------------


def _not_users() -> tuple[tuple[str, ...], str]:
    """Folders whose code is not a user's (the app's, Python's, installed packages'), and
    the app's resources folder, whose lessons are user code all the same."""
    from gamesearch_gui.paths import resource_files

    package = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    folders = {package, sys.prefix, sys.base_prefix, sys.exec_prefix}
    for key in ("stdlib", "platstdlib", "purelib", "platlib"):
        with contextlib.suppress(KeyError):
            folders.add(sysconfig.get_paths()[key])
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        folders.add(bundle)
    try:
        resources = os.path.abspath(os.fspath(resource_files()))  # type: ignore[call-overload]
    except (TypeError, ModuleNotFoundError):
        resources = ""
    return tuple(os.path.join(os.path.abspath(f), "") for f in folders if f), resources


def is_users(filename: str) -> bool:
    """True when code from ``filename`` is a user's, not the app's or Python's."""
    if filename.startswith("<") or not os.path.isabs(filename):
        return False
    if "folders" not in _state:
        _state["folders"], _state["resources"] = _not_users()
    resources = _state["resources"]
    if resources and filename.startswith(os.path.join(resources, "")):
        return True
    return not filename.startswith(_state["folders"])


def user_frame_text(frame: FrameType | None) -> str:
    """``nim.py, line 12, in actions``: the innermost frame of user code from ``frame``
    outwards, or "" when there is none."""
    while frame is not None:
        code = frame.f_code
        if is_users(code.co_filename):
            name = code.co_name
            where = f"{os.path.basename(code.co_filename)}, line {frame.f_lineno}"
            return where if name == "<module>" else f"{where}, in {name}"
        frame = frame.f_back
    return ""


def note_where(thread_id: int) -> None:
    """Leave, as last words, where the user's code on thread ``thread_id`` is now (called
    from time to time while a call runs: a process ended from outside cannot say it)."""
    words = _state.get("words")
    if words is None:
        return
    frame = sys._current_frames().get(thread_id)
    words.doing(user_frame_text(frame))


# -- in the calling process --------------------------------------------------------------


class OutputTap:
    """Reads what a contained process writes to standard output and error, counts it,
    and hands each piece to ``sink`` (None: drops it) until ``limit`` bytes have come;
    past them it calls ``over()`` (which ends the process) once.

    What it hands on ends with a newline: the caller's next line (a message about how
    the code ended, say) starts a line of its own. POSIX only (:func:`OutputTap.make`
    returns None elsewhere).
    """

    def __init__(
        self, limit: int, sink: Callable[[bytes], None] | None, over: Callable[[], None]
    ) -> None:
        self.limit = limit
        self.total = 0
        self.over = False
        self._sink = sink
        self._over = over
        self._open_line = False  #: the last byte handed on was not a newline
        self._read, write = os.pipe()
        self.child_end: Connection | None = Connection(write, readable=False)
        self._thread = threading.Thread(target=self._run, name="user code's output", daemon=True)
        self._thread.start()

    @classmethod
    def make(
        cls, limit: int, sink: Callable[[bytes], None] | None, over: Callable[[], None]
    ) -> OutputTap | None:
        """A tap where the system has pipes to hand a child (not on Windows)."""
        return None if sys.platform == "win32" else cls(limit, sink, over)

    def started(self) -> None:
        """The process has its end: close this process's copy, so the end of every
        writer shows here."""
        end, self.child_end = self.child_end, None
        if end is not None:
            end.close()

    def _run(self) -> None:
        try:
            while True:
                try:
                    data = os.read(self._read, 65536)
                except OSError:
                    return
                if not data:
                    return
                if self.over:
                    continue  # drained until the process is gone
                room = self.limit - self.total
                self.total += len(data)
                if self._sink is not None and room > 0:
                    self._hand_on(data[:room])
                if self.total > self.limit:
                    self.over = True
                    self._over()
        finally:
            with contextlib.suppress(OSError):
                os.close(self._read)
            if self._open_line:
                self._hand_on(b"\n")

    def _hand_on(self, data: bytes) -> None:
        assert self._sink is not None
        with contextlib.suppress(Exception):  # a sink that fails loses the output, no more
            self._sink(data)
        self._open_line = not data.endswith(b"\n")

    def wait(self, seconds: float) -> None:
        """Wait (at most ``seconds``) for everything the process wrote to be handed on."""
        self.started()
        self._thread.join(seconds)


def to_stream(stream_of: Callable[[], Any]) -> Callable[[bytes], None]:
    """A sink that writes to the text stream ``stream_of()`` returns when it is called
    (``lambda: sys.stderr``: the stream of the moment, which a test may have replaced)."""

    def sink(data: bytes) -> None:
        stream = stream_of()
        if stream is not None:
            stream.write(data.decode("utf-8", "replace"))
            stream.flush()

    return sink


#: What a contained process writes, to this process's standard error of the moment.
TO_STDERR: Final = to_stream(lambda: sys.stderr)


def end_group(pid: int) -> None:
    """End every process of the group ``pid`` leads (what the contained code started)."""
    if hasattr(os, "killpg"):
        with contextlib.suppress(OSError):
            os.killpg(pid, signal.SIGKILL)
