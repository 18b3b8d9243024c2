"""How a contained process ended while it ran user code, in one sentence.

The calling process knows the exit status; the contained one left last words
(:class:`~.sandbox.LastWords`: what its code called on the way out, where that code
was); the output tap knows whether the output limit was passed; the clock of
:mod:`.limits` knows whether the CPU limit was. :func:`ending` puts them together as an
:class:`Ending`, which says it about whatever runs there (``the game's code``, ``your
code``): a normal answer never gets here, and an exception in the code is the call's
own message (with its file and line), so what is left is a process that ended.
"""

from __future__ import annotations

import signal
from dataclasses import dataclass

from gamesearch_gui.engine.limits import LimitHit
from gamesearch_gui.engine.sandbox import FILES_EXIT
from gamesearch_gui.engine.sandbox import Containment
from gamesearch_gui.engine.sandbox import LastWords


@dataclass(frozen=True, slots=True)
class Ending:
    """How the process ended. When ``by_code`` (the code's own doing), ``what`` follows
    the subject: ``called os._exit(7), which ended its process``; else it says how the
    process ended: ``killed by SIGKILL``, ``exit status 7``. ``where`` is the user's line,
    when known; ``limit`` when a limit stopped it (``hit``: the CPU or wall-clock
    figures, for those two)."""

    what: str
    where: str = ""
    by_code: bool = True
    limit: bool = False
    hit: LimitHit | None = None

    def said(self, subject: str) -> str:
        """The sentence about ``subject``: ``nim.py, line 3, in actions: the game's code
        called os._exit(7), which ended its process``."""
        if self.by_code:
            text = f"{subject} {self.what}"
        else:
            text = f"the process running {subject} ended ({self.what})"
        return f"{self.where}: {text}" if self.where else text

    @property
    def plain(self) -> str:
        """The process's end alone, as the engine's own failures say it (``killed by
        SIGKILL``), or the code's doing, when it was."""
        return self.said("the code it ran") if self.by_code or self.where else self.what


def limit_hit(hit: LimitHit, words: LastWords | None) -> Ending:
    """The CPU limit or the wall-clock ceiling, where the code was last seen."""
    return Ending(hit.text(), words.where if words is not None else "", limit=True, hit=hit)


def ending(
    exitcode: int | None,
    words: LastWords | None,
    containment: Containment,
    output_over: bool,
    hit: LimitHit | None = None,
) -> Ending:
    """How the process that ended with ``exitcode`` ended (see the module); ``hit`` when
    the clock says it was at its CPU limit."""
    how = words.how if words is not None else ""
    where = words.where if words is not None else ""
    limits = containment.words()
    if hit is not None:
        return limit_hit(hit, words)
    if output_over:
        return Ending(
            "was stopped at its output limit: it wrote more than "
            f"{limits['output']} to standard output and standard error",
            where,
            limit=True,
        )
    xfsz = getattr(signal, "SIGXFSZ", None)
    if xfsz is not None and exitcode == -xfsz:
        return Ending(
            f"was stopped at its limit on file size: it wrote more than {limits['file size']} "
            "to one file",
            where,
            limit=True,
        )
    if exitcode == FILES_EXIT and how.startswith("files "):
        return Ending(
            f"was stopped at its limit on files written: it opened more than "
            f"{limits['files']} for writing",
            where,
            limit=True,
        )
    if exitcode is None:
        return Ending("it stopped answering", where, by_code=False)
    if exitcode < 0:
        name = _signal_name(-exitcode)
        if how == f"signal {name}":
            return Ending(f"sent its own process {name}, which ended it", where)
        return Ending(f"killed by {name}", where, by_code=False)
    if how == f"exit {exitcode}":
        return Ending(f"called os._exit({exitcode}), which ended its process", where)
    if exitcode == 0:
        return Ending("exit status 0, without an answer", where, by_code=False)
    return Ending(f"exit status {exitcode}", where, by_code=False)


def _signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"
