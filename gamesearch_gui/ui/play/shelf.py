"""The search tree dock of Play mode as the play session's shelf of kept searches: the
one growing, each AI move's, each analysis of the person's moves, and the list of them.
"""

from __future__ import annotations

from collections.abc import Callable

from gamesearch_gui.core.recording.mcts import AnyRecording
from gamesearch_gui.ui.play.kept_searches import KeptSearches
from gamesearch_gui.ui.play.kept_searches import Key
from gamesearch_gui.ui.purpose import Purpose
from gamesearch_gui.ui.tree.page import TreePage

TREE_EMPTY = "The AI's search tree appears here while it thinks. Click an AI move to see it again."


class DockShelf:
    """The kept searches of ``kept`` shown in ``panel``; ``dock_open`` says whether the
    dock is open (a search is recorded only then, to grow there)."""

    def __init__(self, kept: KeptSearches, panel: TreePage, dock_open: Callable[[], bool]) -> None:
        self.kept = kept
        self.panel = panel
        self._dock_open = dock_open

    def records(self) -> bool:
        return self._dock_open()

    def node_cap(self) -> int | None:
        return self.panel.node_cap()

    def shown_key(self) -> Key | None:
        return self.kept.key_of(self.panel.shown)

    def list(self) -> None:
        """The tree dock's list of searches, the one it shows chosen."""
        self.panel.list_searches(self.kept.entries(), self.shown_key())

    def show(self, key: Key) -> None:
        """Show the search of ``key`` in the tree dock: following it if it still runs."""
        found = self.kept.find(key)
        if found is None:
            return
        kept, running = found
        self.panel.show_recording(kept.recording, live=running, title=kept.title)
        self.list()

    def show_last(self) -> None:
        """Show the newest kept AI search tree, or say there is none."""
        if self.kept.moves:
            self.show((Purpose.MOVE, max(self.kept.moves)))
        else:
            self.panel.clear(TREE_EMPTY)
            self.list()

    def dropped(self, recording: AnyRecording | None) -> None:
        if recording is not None and recording is self.panel.shown:
            self.show_last()
        else:
            self.list()

    def cleared(self) -> None:
        self.panel.clear(TREE_EMPTY)
        self.list()

    def jumped(self) -> None:
        if self.panel.shown is not None and self.shown_key() is None:
            self.show_last()  # the tree shown was of a move taken back
        else:
            self.list()
