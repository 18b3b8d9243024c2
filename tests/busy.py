"""A busy machine, made on purpose: processes that spin on the CPU until they are ended,
for the tests that user code's limits are fair (issue 24: they count CPU time from when
the engine process is ready, so a busy machine does not trip them)."""

from __future__ import annotations

import contextlib
import subprocess
import sys
from collections.abc import Iterator

#: Two, as in the issue: as many as CI's machine has cores.
BUSY_LOOPS = 2
#: What each busy process runs.
SPIN = "while True:\n    pass\n"


@contextlib.contextmanager
def busy_loops(count: int = BUSY_LOOPS) -> Iterator[list[subprocess.Popen[bytes]]]:
    """``count`` processes, each spinning on a CPU, for the body's time: ended (killed
    and reaped) however the body ends, so that no test leaves one behind."""
    spinning: list[subprocess.Popen[bytes]] = []
    try:
        for _ in range(count):
            spinning.append(
                subprocess.Popen(
                    [sys.executable, "-c", SPIN],
                    stdin=subprocess.DEVNULL,
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL,
                )
            )
        yield spinning
    finally:
        for process in spinning:
            process.kill()
        for process in spinning:
            process.wait()
