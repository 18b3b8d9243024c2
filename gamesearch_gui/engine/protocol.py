"""What crosses between the window's process and the engine process, and how.

Every message is a tuple pickled to bytes and sent whole over a pipe
(``Connection.send_bytes``); its first item says what it is.

To the engine:

* ``("search", request_id, game_token, game_bytes | None, payload)``: search; the game
  is sent once (``game_bytes``) and named by its token after that; ``payload`` is
  :func:`dumps` of a :class:`Job`.
* ``("quit",)``: end the process.

From the engine, for the request it is working on:

* ``("progress", request_id, payload)``: :func:`dumps` of a :class:`Report` (about 30 a
  second);
* ``("finished", request_id, payload)``: the last :class:`Report`, with the result;
* ``("failed", request_id, message)``: the search could not run (bad settings, a game
  that raised, no memory); one sentence for a person.

A recording crosses as :class:`~gamesearch_gui.core.recording.RecordingChunk` values,
arrays and short lists, never an object per event. States of a drawn tree are nodes
that hold their whole subtree, so they cross as their paths (:func:`dumps` and
:func:`loads` are given the game, whose tree both sides have).
"""

from __future__ import annotations

import enum
import io
import pickle
from dataclasses import dataclass
from typing import Any, Final

from gamesearch_gui.core.events import SearchEvent
from gamesearch_gui.core.game import Game
from gamesearch_gui.core.recording import RecordingChunk
from gamesearch_gui.core.search import SearchProgress, SearchResult, SearchSettings
from gamesearch_gui.core.tree import TreeGame, TreeNode

#: Seconds between two reports of a running search (about 30 a second).
REPORT_INTERVAL: Final = 1 / 30
PROTOCOL: Final = pickle.HIGHEST_PROTOCOL

SEARCH: Final = "search"
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
    chunk: RecordingChunk | None = None
    events: list[SearchEvent] | None = None
    result: SearchResult | None = None


def encode(message: tuple[Any, ...]) -> bytes:
    """A message as bytes for the pipe."""
    return pickle.dumps(message, PROTOCOL)


def decode(data: bytes) -> tuple[Any, ...]:
    """A message from the pipe's bytes."""
    message = pickle.loads(data)
    if not isinstance(message, tuple) or not message:
        raise ValueError(f"not a message: {type(message).__name__}")
    return message


def dumps(value: Any, game: Game[Any, Any]) -> bytes:
    """``value`` pickled for the other process, which has ``game`` too."""
    if not isinstance(game, TreeGame):
        return pickle.dumps(value, PROTOCOL)
    buffer = io.BytesIO()
    _Pickler(buffer, PROTOCOL).dump(value)
    return buffer.getvalue()


def loads(data: bytes, game: Game[Any, Any]) -> Any:
    """The value :func:`dumps` pickled, its tree nodes found again in ``game``'s tree."""
    if not isinstance(game, TreeGame):
        return pickle.loads(data)
    return _Unpickler(io.BytesIO(data), game).load()


class _Pickler(pickle.Pickler):
    """Writes a drawn tree's nodes as their paths: a node pickled whole is its subtree."""

    def persistent_id(self, obj: Any) -> Any:
        if type(obj) is TreeNode:
            return ("node", obj.path)
        return None


class _Unpickler(pickle.Unpickler):
    def __init__(self, file: io.BytesIO, game: TreeGame) -> None:
        super().__init__(file)
        self.game = game

    def persistent_load(self, pid: Any) -> Any:
        if isinstance(pid, tuple) and len(pid) == 2 and pid[0] == "node":
            return self.game.tree.node_at(pid[1])
        raise pickle.UnpicklingError(f"unknown persistent id {pid!r}")
