"""The search tree of the position chosen in the review: the same search run again,
recorded, in the tree page every other mode uses (``ui/tree``), by a search controller
(and engine process) of its own, through the one binding of a search to a page
(``ui/recorded_search.py``)."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QWidget

from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.ui.purpose import Purpose
from gamesearch_gui.ui.recorded_search import RecordedSearch
from gamesearch_gui.ui.tree.page import TreePage
from gamesearch_gui.ui.worker import SearchController

EMPTY = "Choose a position in the graph or the table: its search tree grows here."


class PositionTree(TreePage):
    """A tree page that searches the position it is asked to show."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.search_controller = SearchController(self)
        self.searches = RecordedSearch(self.search_controller, self, self)
        self.shows_key: tuple[int, SearchSettings] | None = None
        self.clear(EMPTY)

    def search_position(
        self, key: int, game: Any, state: Any, settings: SearchSettings, title: str
    ) -> None:
        """Search ``state`` with ``settings`` and grow its tree here (``key``: which
        position, so that asking again for the one shown does nothing)."""
        if self.shows_key == (key, settings):
            return
        self.shows_key = (key, settings)
        if game.is_terminal(state):
            self.searches.cancel()
            self.clear("The game is over here: there is nothing to search.")
            return
        self.searches.start(game, state, settings, purpose=Purpose.ANALYSIS, title=title)

    def shutdown(self) -> None:
        """Stop the search and its thread, and end its engine process."""
        self.searches.cancel()
        self.search_controller.shutdown()
