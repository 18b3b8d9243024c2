"""What crosses between the window's process and the engine process, and how.

Every message is a tuple pickled to bytes and sent whole over a pipe
(``Connection.send_bytes``); its first item says what it is. A report from the engine
may be followed by one message of frames: see below.

To the engine:

* ``("search", request_id, game_token, game_bytes | None, payload)``: search; the game
  is sent once (``game_bytes``) and named by its token after that; ``payload`` is
  :func:`dumps` of a :class:`Job`.
* ``("call", request_id, name, args_bytes, limit)``: run the named function of
  :mod:`.calls` on the pickled tuple of arguments, within ``limit`` CPU seconds (None:
  no limit; :mod:`.limits`); it ends as a search does, its value as the ``result`` of
  the last :class:`Report`;
* ``("quit",)``: end the process.

From the engine, for the request it is working on:

* ``("progress", request_id, payload, sizes)``: :func:`dumps_framed` of a
  :class:`Report` (about 30 a second); when ``sizes`` (a tuple of its frames' sizes) is
  not empty, the next message is the frames, one after another (:func:`join_frames`);
* ``("finished", request_id, payload, sizes)``: the last :class:`Report`, with the
  result, followed likewise;
* ``("failed", request_id, message)``: the search could not run (bad settings, a game
  that raised, no memory); one sentence for a person.

A recording crosses as :class:`~gamesearch_gui.core.recording.depth_first.RecordingChunk` values,
arrays and short lists, never an object per event. Its big arrays cross out of band
(pickle protocol 5): all of a report's are joined into one message after it, not
copied into the pickle and the message (two copies of tens of megabytes a search saved
in the engine, two in the window: docs/benchmarks.md). One message, not one per array:
the engine's sending thread needs the GIL back after every write, and took it from
the search each time. States of a drawn tree are nodes
that hold their whole subtree, so they cross as their paths (:func:`dumps` and
:func:`loads` are given the game, whose tree both sides have).

What is read is unpickled finding only the classes answers are made of
(:mod:`.unpickling`): the process at the other end may run user code.
"""

from __future__ import annotations

import enum
import io
import pickle
from array import array
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any
from typing import Final

from gamesearch_gui.core.game import Game
from gamesearch_gui.core.recording.depth_first import RecordingChunk
from gamesearch_gui.core.recording.events import SearchEvent
from gamesearch_gui.core.recording.mcts import MctsChunk
from gamesearch_gui.core.search import SearchProgress
from gamesearch_gui.core.search import SearchResult
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.trees.tree import TreeGame
from gamesearch_gui.core.trees.tree import TreeNode
from gamesearch_gui.engine import unpickling

#: Seconds between two reports of a running search (about 30 a second).
REPORT_INTERVAL: Final = 1 / 30
PROTOCOL: Final = pickle.HIGHEST_PROTOCOL
#: Arrays of at least this many bytes cross as frames of their own (smaller ones are not
#: worth a write and a read of the pipe each).
FRAME_BYTES: Final = 32 * 1024

SEARCH: Final = "search"
CALL: Final = "call"
QUIT: Final = "quit"
PROGRESS: Final = "progress"
FINISHED: Final = "finished"
FAILED: Final = "failed"


class Record(enum.Enum):
    """What a search sends back besides its progress and result."""

    NOTHING = "nothing"
    RECORDING = "recording"  #: chunks of its recording, for the tree view
    EVENTS = "events"  #: its events as objects (for tests and other listeners)


@dataclass(frozen=True, slots=True)
class Job:
    """One search, as the engine is asked for it."""

    state: Any
    settings: SearchSettings
    record: Record = Record.NOTHING
    node_cap: int | None = None


@dataclass(frozen=True, slots=True)
class Report:
    """What the engine says about a search: how far it got, what it recorded since the
    last report, and, at the end, what it found."""

    progress: SearchProgress | None
    chunk: RecordingChunk | MctsChunk | None = None
    events: list[SearchEvent] | None = None
    result: SearchResult | None = None


def encode(message: tuple[Any, ...]) -> bytes:
    """A message as bytes for the pipe."""
    return pickle.dumps(message, PROTOCOL)


def decode(data: bytes | bytearray) -> tuple[Any, ...]:
    """A message from the pipe's bytes (holding only what a message may:
    :mod:`.unpickling`; an engine process runs user code, which may write anything)."""
    message = unpickling.loads(data)
    if not isinstance(message, tuple) or not message:
        raise ValueError(f"not a message: {type(message).__name__}")
    return message


def dumps(value: Any, game: Game[Any, Any]) -> bytes:
    """``value`` pickled for the other process, which has ``game`` too."""
    if not isinstance(game, TreeGame):
        return pickle.dumps(value, PROTOCOL)
    buffer = io.BytesIO()
    _TreePickler(buffer, PROTOCOL).dump(value)
    return buffer.getvalue()


def dumps_framed(value: Any, game: Game[Any, Any]) -> tuple[bytes, list[memoryview]]:
    """``value`` pickled as :func:`dumps` does, but its arrays of ``FRAME_BYTES`` or more
    left out, as frames to send after it (views of the arrays' own memory)."""
    buffers: list[pickle.PickleBuffer] = []
    file = io.BytesIO()
    pickler = _FramingTreePickler if isinstance(game, TreeGame) else _FramingPickler
    pickler(file, PROTOCOL, buffer_callback=buffers.append).dump(value)
    return file.getvalue(), [buffer.raw() for buffer in buffers]


def join_frames(frames: Sequence[memoryview]) -> bytes:
    """A report's frames as one message (joining a megabyte or more lets go of the GIL)."""
    return b"".join(frames)


def split_frames(data: bytes | bytearray, sizes: Sequence[int]) -> list[memoryview]:
    """The frames :func:`join_frames` joined, as views of ``data``."""
    view = memoryview(data)
    frames = []
    at = 0
    for size in sizes:
        frames.append(view[at : at + size])
        at += size
    if at != len(view):
        raise ValueError(f"frames of {at} bytes in a message of {len(view)}")
    return frames


def loads(data: bytes, game: Game[Any, Any] | None, frames: Sequence[Any] = ()) -> Any:
    """The value :func:`dumps` (or :func:`dumps_framed`, with its ``frames``) pickled,
    its tree nodes found again in ``game``'s tree."""
    if not isinstance(game, TreeGame):
        return unpickling.loads(data, frames)
    return _Unpickler(io.BytesIO(data), game, frames).load()


def _array_from(typecode: str, data: Any) -> array[Any]:
    """An array of ``typecode`` from its items' bytes (a frame)."""
    column = array(typecode)
    column.frombytes(data)
    return column


class _FramingPickler(pickle.Pickler):
    """Leaves big arrays out of the pickle, for its ``buffer_callback`` to frame."""

    def reducer_override(self, obj: Any) -> Any:
        if type(obj) is array and len(obj) * obj.itemsize >= FRAME_BYTES:
            return _array_from, (obj.typecode, pickle.PickleBuffer(obj))
        return NotImplemented


class _TreePickler(pickle.Pickler):
    """Writes a drawn tree's nodes as their paths: a node pickled whole is its subtree."""

    def persistent_id(self, obj: Any) -> Any:
        if type(obj) is TreeNode:
            return ("node", obj.path)
        return None


class _FramingTreePickler(_TreePickler, _FramingPickler):
    """Both: a drawn tree's nodes as paths, big arrays as frames."""


class _Unpickler(unpickling.SafeUnpickler):
    def __init__(self, file: io.BytesIO, game: TreeGame, frames: Sequence[Any]) -> None:
        super().__init__(file, buffers=frames)
        self.game = game

    def persistent_load(self, pid: Any) -> Any:
        if isinstance(pid, tuple) and len(pid) == 2 and pid[0] == "node":
            return self.game.tree.node_at(pid[1])
        raise pickle.UnpicklingError(f"unknown persistent id {pid!r}")
