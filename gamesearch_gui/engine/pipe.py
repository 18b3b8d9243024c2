"""Reading the engine process's messages without waiting for ever.

``Connection.recv_bytes`` reads a message's length, then waits for that many bytes with
no look at the clock. The engine process runs user code, and that code can write to the
pipe (it has the descriptor): a length whose bytes never come, and the caller waited for
ever, deaf to a time limit's wall-clock ceiling and to a cancel. :func:`receive` reads
the same messages (multiprocessing's framing: a big-endian ``int32`` length, or ``-1``
then a ``uint64`` one) and, every ``step`` seconds that nothing comes, calls
``waiting(midway)``, which looks at the limits and raises to give up; ``midway`` says
how much of a begun message has come ("" between messages).

Where a pipe cannot be polled (Windows' named pipes) it is ``recv_bytes``, and the
watchdog (:mod:`.heartbeat`) ends a process that leaves its caller waiting.
"""

from __future__ import annotations

import os
import select
import struct
import sys
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Final

#: The most bytes one message may say it has: four times a tree file's 256 MiB, more
#: than any answer the engine sends (a recording comes in chunks), so a larger length
#: is not the engine's; refused at once, not waited for.
MAX_MESSAGE: Final = 1 << 30
#: A message's buffer is made whole at once up to this size (a length user code wrote
#: costs no more), and grows by at least this much past it.
WHOLE_BYTES: Final = 64 << 20
READ_BYTES: Final = 1 << 20
#: Up to this size a message is given as ``bytes``; a larger one as the ``bytearray`` it
#: was read into (unpickling and frames take either), not copied again.
SMALL_BYTES: Final = 1 << 16


def receive(conn: Connection, waiting: Callable[[str], None], step: float) -> bytes | bytearray:
    """The next message's bytes, as ``conn.recv_bytes()`` gives them; ``waiting`` is
    called every ``step`` seconds that no byte comes. EOFError once the other end is
    closed; ValueError for a length no message has."""
    fd = None if sys.platform == "win32" else conn.fileno()
    if fd is None:
        return conn.recv_bytes()
    watch = select.poll()
    watch.register(fd, select.POLLIN)
    read = _Reader(fd, watch, waiting, round(step * 1000))
    (size,) = struct.unpack("!i", read.exactly(4))
    if size == -1:
        (size,) = struct.unpack("!Q", read.exactly(8))
    if not 0 <= size <= MAX_MESSAGE:
        raise ValueError(f"a message said to be {size:,} bytes long")
    return read.exactly(size)


class _Reader:
    def __init__(
        self, fd: int, watch: select.poll, waiting: Callable[[str], None], step_ms: int
    ) -> None:
        self._fd = fd
        self._watch = watch
        self._waiting = waiting
        self._step_ms = step_ms

    def exactly(self, count: int) -> bytes | bytearray:
        """``count`` bytes, however many reads they take, read into one buffer. The
        buffer is made whole at once up to ``WHOLE_BYTES``; past that it grows with what
        comes, not with the length a message claims."""
        buffer = bytearray(min(count, WHOLE_BYTES))
        got = 0
        while got < count:
            if not self._watch.poll(self._step_ms):
                self._waiting(f"{got:,} of {count:,} bytes" if got or count > 4 else "")
                continue
            if got == len(buffer):
                buffer.extend(bytes(min(count - got, max(got, READ_BYTES))))
            read = os.readv(self._fd, [memoryview(buffer)[got:]])
            if not read:
                raise EOFError("the engine process's end of the pipe is closed")
            got += read
        return bytes(buffer) if len(buffer) <= SMALL_BYTES else buffer
