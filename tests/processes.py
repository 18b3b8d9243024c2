"""Processes as the OS sees them (Linux ``/proc``), not as multiprocessing or Qt say:
for the checks that no test, window or monkey leaves a process behind."""

from __future__ import annotations

import os
from pathlib import Path


def _stat(pid: int | str) -> tuple[str, list[str]]:
    """(command, the fields after it) of ``/proc/PID/stat``; OSError once it is gone."""
    # "pid (command) state ppid ...": the command may hold spaces and parentheses.
    stat = Path("/proc", str(pid), "stat").read_text()
    return stat[stat.index("(") + 1 : stat.rindex(")")], stat[stat.rindex(")") + 2 :].split()


def process_alive(pid: int) -> bool:
    """True while process ``pid`` runs (a zombie, ended but not reaped, does not)."""
    try:
        return _stat(pid)[1][0] not in ("Z", "X")
    except (OSError, ValueError, IndexError):
        return False


def children(parent: int | None = None, *, live_only: bool = True) -> dict[int, str]:
    """The processes whose parent is ``parent`` (this process by default), with their
    commands: only the running ones, unless ``live_only`` is false (zombies too)."""
    me = str(os.getpid() if parent is None else parent)
    found = {}
    for entry in os.listdir("/proc") if os.path.isdir("/proc") else []:
        if not entry.isdigit():
            continue
        try:
            command, rest = _stat(entry)
        except (OSError, ValueError):
            continue  # gone meanwhile
        if rest[1] == me and not (live_only and rest[0] in ("Z", "X")):
            found[int(entry)] = command
    return found
