"""One set of words for an engine process that failed: every page says it with these.

An engine process can fail in a few ways, and each is a :class:`Fault`: it died (a
signal, an exit status, its memory ran out) or it was ended because it hung (stopped
by a signal, waiting with no CPU in the middle of the work, silent, or computing on
after a cancel: :mod:`.heartbeat` decides). ``Fault.said()`` is the one sentence for a
person, whichever page shows it: the play page's status bar, the editor's message, the
exercise page, the comparison dialogs, the export, the check and the game files. Each
sentence ends by saying that the next request starts a new process, which is what
happens (:class:`~.client.EngineClient` starts one for it).

Qt-free, and free of the client: ``cli.py`` and the pages alike may import it.
"""

from __future__ import annotations

import enum
import signal
from dataclasses import dataclass
from typing import Final

#: The engine process's exit status when it ran out of memory outside a search (reading
#: a request too big for it): a search that does is only failed (``SEARCH_OUT_OF_MEMORY``).
OUT_OF_MEMORY_EXIT: Final = 4

#: A search that ran out of memory (the process lives on and serves the next request).
SEARCH_OUT_OF_MEMORY: Final = (
    "the search ran out of memory: give it a depth limit, or a smaller tree"
)

#: Signals that mean the process crashed, rather than that something ended it.
_CRASHES: Final = frozenset(
    getattr(signal, name)
    for name in ("SIGSEGV", "SIGBUS", "SIGILL", "SIGFPE", "SIGABRT", "SIGSYS")
    if hasattr(signal, name)
)

_NEXT: Final = "a new one starts for the next request"


class FaultKind(enum.Enum):
    """How an engine process failed."""

    KILLED = "killed"  #: ended by a signal (``signal``)
    EXITED = "exited"  #: ended with an exit status it should not have (``status``)
    OUT_OF_MEMORY = "out of memory"  #: ended itself, out of memory
    STOPPED = "stopped"  #: held stopped (SIGSTOP, a debugger) for ``seconds``
    HUNG = "hung"  #: used no CPU for ``seconds`` while it was waited for
    SILENT = "silent"  #: gave no heartbeat for ``seconds`` (where CPU cannot be read)
    IGNORED_CANCEL = "ignored cancel"  #: computed on for ``seconds`` after a cancel
    UNREACHABLE = "unreachable"  #: its pipe broke while it still ran (``detail``)


@dataclass(frozen=True, slots=True)
class Fault:
    """What happened to an engine process, with the figure that says so."""

    kind: FaultKind
    signal: int | None = None
    status: int | None = None
    seconds: float | None = None
    #: IGNORED_CANCEL: ``seconds`` are CPU seconds (else wall-clock seconds waited).
    cpu: bool = False
    detail: str = ""

    @property
    def ended_by_us(self) -> bool:
        """True when the app ended the process (it hung), not the process or the system."""
        return self.kind in (
            FaultKind.STOPPED,
            FaultKind.HUNG,
            FaultKind.SILENT,
            FaultKind.IGNORED_CANCEL,
            FaultKind.UNREACHABLE,
        )

    def said(self) -> str:
        """The sentence for a person: what happened, then what happens next."""
        what = self.what
        return f"{what}; it was ended, and {_NEXT}" if self.ended_by_us else f"{what}; {_NEXT}"

    @property
    def what(self) -> str:
        """What happened, alone (for a command that makes no next request)."""
        kind, seconds = self.kind, _seconds(self.seconds)
        if kind is FaultKind.KILLED:
            name = signal_name(self.signal)
            if self.signal == getattr(signal, "SIGKILL", None):
                return (
                    f"the engine process was killed by {name} (another program ended it, "
                    "or the system did when memory ran out)"
                )
            if self.signal in _CRASHES:
                return f"the engine process crashed ({name})"
            return f"the engine process was killed by {name}"
        if kind is FaultKind.EXITED:
            return f"the engine process ended unexpectedly (exit status {self.status})"
        if kind is FaultKind.OUT_OF_MEMORY:
            return "the engine process ran out of memory"
        if kind is FaultKind.STOPPED:
            return f"the engine process was stopped (by SIGSTOP or a debugger) for {seconds}"
        if kind is FaultKind.HUNG:
            return (
                f"the engine process hung: it used no CPU for {seconds} in the middle of the "
                "work (a deadlock, or code that waits)"
            )
        if kind is FaultKind.SILENT:
            return f"the engine process gave no sign of life for {seconds}"
        if kind is FaultKind.IGNORED_CANCEL:
            spent = f"{seconds} of CPU" if self.cpu else f"{seconds}"
            return f"the engine process did not stop when asked: it went on for {spent}"
        return f"the engine process could not be reached ({self.detail})"


def signal_name(number: int | None) -> str:
    """``SIGKILL`` for 9, ``signal 99`` for a number this system has no name for."""
    if number is None:
        return "a signal"
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


def death(exitcode: int | None) -> Fault:
    """The fault of a process that ended by itself with ``exitcode`` (multiprocessing's:
    negative for a signal; None when it could not be waited for)."""
    if exitcode is None:
        return Fault(FaultKind.UNREACHABLE, detail="it stopped answering")
    if exitcode < 0:
        return Fault(FaultKind.KILLED, signal=-exitcode)
    if exitcode == OUT_OF_MEMORY_EXIT:
        return Fault(FaultKind.OUT_OF_MEMORY)
    return Fault(FaultKind.EXITED, status=exitcode)


def _seconds(value: float | None) -> str:
    if value is None:
        return "a while"
    return f"{value:.1f} s" if value < 10 else f"{value:.0f} s"
