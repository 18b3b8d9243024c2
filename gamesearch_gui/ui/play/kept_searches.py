"""The searches of a game that the search tree dock can show again.

Each AI move's search, and each analysis of a person's moves (Show move values, Hint),
is kept with its recorded tree, newest last, within a budget of nodes (the oldest go
first). The running search is listed too, so a person can follow it or go back to an
older tree while it runs. The dock's list of searches reads :meth:`KeptSearches.entries`;
the move history reopens an AI move's tree through :attr:`KeptSearches.moves`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from gamesearch_gui.core.recording.mcts import AnyRecording
from gamesearch_gui.ui.purpose import Purpose

#: An AI move's search, and a search of the person's moves (its values, a hint).
MOVE: Final = Purpose.MOVE
ANALYSIS: Final = Purpose.ANALYSIS
#: What the list says after the title of the search still running.
RUNNING_NOTE: Final = " (searching…)"

#: A kept search: its purpose and the number of the ply about to be played when it ran.
Key = tuple[Purpose, int]


@dataclass(frozen=True)
class KeptSearch:
    """One search in the list: what it is called and its recorded tree."""

    title: str
    recording: AnyRecording


class KeptSearches:
    """The searches the tree dock can show, within ``budget`` nodes all together."""

    def __init__(self, budget: int) -> None:
        self.budget = budget
        #: The recorded tree of each AI move's search, by ply number, oldest first.
        self.moves: dict[int, AnyRecording] = {}
        self._kept: dict[Key, KeptSearch] = {}
        self._running: tuple[Key, KeptSearch] | None = None

    def start(self, key: Key, title: str, recording: AnyRecording) -> None:
        """A search began recording: listed as running until it ends."""
        self._running = (key, KeptSearch(title, recording))

    def finish(self, recording: AnyRecording | None) -> Key | None:
        """The running search of ``recording`` ended (finished, or failed with what it
        recorded): keep it. Its key, or None if it was not the running one."""
        running = self._running
        if running is None or recording is None or running[1].recording is not recording:
            return None
        self._running = None
        key, kept = running
        self._keep(key, kept)
        return key

    def drop(self, recording: AnyRecording | None) -> None:
        """Forget the running search of ``recording`` (cancelled: its tree is half grown)."""
        if self._running is not None and self._running[1].recording is recording:
            self._running = None

    def _keep(self, key: Key, kept: KeptSearch) -> None:
        self._kept.pop(key, None)
        self._kept[key] = kept
        if key[0] == MOVE:
            self.moves[key[1]] = kept.recording
        total = sum(k.recording.node_count for k in self._kept.values())
        for old in list(self._kept):
            if total <= self.budget or old == key:
                break
            total -= self._forget(old).recording.node_count

    def _forget(self, key: Key) -> KeptSearch:
        if key[0] == MOVE:
            self.moves.pop(key[1], None)
        return self._kept.pop(key)

    def forget_after(self, plies: int) -> None:
        """The game went back to ``plies`` plies: forget the AI moves after them, and the
        analyses of positions after the one now on the board."""
        for key in list(self._kept):
            purpose, number = key
            if number > plies + (purpose == ANALYSIS):
                self._forget(key)

    def clear(self) -> None:
        """A new game: nothing kept."""
        self._kept.clear()
        self.moves.clear()
        self._running = None

    def find(self, key: Key) -> tuple[KeptSearch, bool] | None:
        """The search of ``key`` and whether it is still running, or None."""
        if self._running is not None and self._running[0] == key:
            return self._running[1], True
        kept = self._kept.get(key)
        return None if kept is None else (kept, False)

    def key_of(self, recording: AnyRecording | None) -> Key | None:
        """The key of the search whose tree is ``recording``, if it is listed."""
        if recording is None:
            return None
        if self._running is not None and self._running[1].recording is recording:
            return self._running[0]
        return next((key for key, k in self._kept.items() if k.recording is recording), None)

    def entries(self) -> list[tuple[Key, str]]:
        """Every listed search as (key, title), in the order of the game; the running
        one last, marked as running (in place of a kept one it will replace)."""
        running = self._running
        listed = sorted(
            (item for item in self._kept.items() if running is None or item[0] != running[0]),
            key=lambda item: (item[0][1], item[0][0] != MOVE),
        )
        shown = [(key, kept.title) for key, kept in listed]
        if running is not None:
            shown.append((running[0], running[1].title + RUNNING_NOTE))
        return shown
