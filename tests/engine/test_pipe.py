"""engine.pipe: the engine's messages read as recv_bytes reads them, never waited for
beyond what ``waiting`` allows."""

from __future__ import annotations

import multiprocessing
import struct
import threading
from multiprocessing.connection import Connection

import pytest

from gamesearch_gui.engine.pipe import MAX_MESSAGE
from gamesearch_gui.engine.pipe import receive


class GaveUp(Exception):
    pass


def pipe() -> tuple[Connection, Connection]:
    return multiprocessing.Pipe()


def never_waits(midway: str) -> None:
    raise AssertionError(f"waited ({midway!r})")


@pytest.mark.parametrize("size", [0, 1, 16384, 16385, 3 * 1024**2])
def test_it_reads_what_send_bytes_wrote(size: int) -> None:
    ours, theirs = pipe()
    data = bytes(range(256)) * (size // 256) + bytes(size % 256)

    def send() -> None:
        theirs.send_bytes(data)  # a big one fills the pipe: sent while it is read
        theirs.send_bytes(b"next")

    sender = threading.Thread(target=send)
    sender.start()
    read = [receive(ours, lambda _: None, 0.01) for _ in range(2)]
    sender.join()
    assert read == [data, b"next"]


def test_a_length_whose_bytes_never_come_is_given_up_on_when_waiting_says() -> None:
    # User code wrote a length and nothing more: recv_bytes waited for ever.
    ours, theirs = pipe()
    theirs.send_bytes(b"partial")  # a whole message first
    theirs._send(struct.pack("!i", 1000) + b"abc")  # type: ignore[attr-defined]
    said: list[str] = []

    def waiting(midway: str) -> None:
        said.append(midway)
        if len(said) == 3:
            raise GaveUp

    assert receive(ours, never_waits, 0.01) == b"partial"
    with pytest.raises(GaveUp):
        receive(ours, waiting, 0.01)
    assert said == ["3 of 1,000 bytes"] * 3


def test_nothing_yet_is_not_midway() -> None:
    ours, _theirs = pipe()
    said: list[str] = []

    def waiting(midway: str) -> None:
        said.append(midway)
        raise GaveUp

    with pytest.raises(GaveUp):
        receive(ours, waiting, 0.01)
    assert said == [""]


def test_a_length_no_message_has_is_refused_at_once() -> None:
    ours, theirs = pipe()
    theirs._send(b"GARBAGE")  # type: ignore[attr-defined]  # "GARB": 1.2 GB
    with pytest.raises(ValueError, match="a message said to be 1,195,463,234 bytes long"):
        receive(ours, never_waits, 0.01)
    assert MAX_MESSAGE < 1_195_463_234
    ours, theirs = pipe()
    theirs._send(struct.pack("!i", -7))  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="-7 bytes"):
        receive(ours, never_waits, 0.01)


def test_a_closed_end_is_eof_even_midway() -> None:
    ours, theirs = pipe()
    theirs._send(struct.pack("!i", 10) + b"abc")  # type: ignore[attr-defined]
    theirs.close()
    with pytest.raises(EOFError):
        receive(ours, never_waits, 0.01)
