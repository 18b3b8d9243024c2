"""Limits on time in CPU seconds, with a wall-clock ceiling: the app's one rule for them.

A busy machine (two shared cores at load 20) makes code take ten times as long on the
wall clock, but not use more CPU. So a limit on time counts the CPU seconds of the code
it limits, from when that code starts, and trips only on code that really computes too
much; a search given a budget searches as deep on a busy machine as on a quiet one. A
ceiling of ``WALL_FACTOR`` times as long on the wall clock ends what waits instead of
computing (a game's code that sleeps, say). The engine's limits on a user's code
(``engine/limits.py``) keep the same rule across two processes; :class:`CpuBudget`
keeps it inside one thread.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Final

#: The wall-clock ceiling, as a multiple of a CPU limit.
WALL_FACTOR: Final = 10


class CpuBudget:
    """``seconds`` of the CPU time of the thread that makes it, from now: ``passed()``
    once the thread has used them, or once ``WALL_FACTOR`` times as long has passed on
    the wall clock, whichever comes first.

    ``cpu`` and ``wall`` are the clocks (the thread's CPU time, the monotonic wall
    clock): a test may give its own. Asking costs one system call (about 0.4 µs), so a
    search asks every few hundred nodes, not at each.
    """

    __slots__ = ("_cpu", "_cpu_end", "_wall", "_wall_end")

    def __init__(
        self,
        seconds: float,
        *,
        cpu: Callable[[], float] = time.thread_time,
        wall: Callable[[], float] = time.perf_counter,
    ) -> None:
        self._cpu = cpu
        self._wall = wall
        self._cpu_end = cpu() + seconds
        self._wall_end = wall() + WALL_FACTOR * seconds

    def passed(self) -> bool:
        """True once the budget's CPU seconds are used, or its ceiling has passed."""
        return self._cpu() >= self._cpu_end or self._wall() >= self._wall_end
