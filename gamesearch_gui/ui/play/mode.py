"""Play mode: a game against the AI (the play session) and the widgets that show it.

The board's page, and the docks for the settings, the statistics, the moves and the
search tree, with the status bar's line about the search; the window puts them in
place, adds the menus and switches between the modes.
"""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtCore import QSettings
from PySide6.QtCore import Qt
from PySide6.QtCore import Signal
from PySide6.QtCore import Slot
from PySide6.QtWidgets import QDockWidget
from PySide6.QtWidgets import QListWidgetItem
from PySide6.QtWidgets import QMainWindow
from PySide6.QtWidgets import QWidget

from gamesearch_gui.core.game import GameError
from gamesearch_gui.core.games import game_names
from gamesearch_gui.core.review import finds_depth
from gamesearch_gui.core.search import SearchResult
from gamesearch_gui.ui import saved
from gamesearch_gui.ui.boards.text_board import TextBoard
from gamesearch_gui.ui.compare_mcts_dialog import MctsCompareDialog
from gamesearch_gui.ui.how_to_play import how_to_play
from gamesearch_gui.ui.how_to_play import how_to_play_file
from gamesearch_gui.ui.play.history import MoveHistory
from gamesearch_gui.ui.play.kept_searches import Key
from gamesearch_gui.ui.play.page import PlayPage
from gamesearch_gui.ui.play.progress_line import ProgressLine
from gamesearch_gui.ui.play.saved_config import load_config
from gamesearch_gui.ui.play.saved_config import save_config
from gamesearch_gui.ui.play.session import PlaySession
from gamesearch_gui.ui.play.shelf import TREE_EMPTY
from gamesearch_gui.ui.play.shelf import DockShelf
from gamesearch_gui.ui.play_config import PlayConfig
from gamesearch_gui.ui.play_config import algorithms_for
from gamesearch_gui.ui.play_config import compare_file_searches
from gamesearch_gui.ui.play_config import compare_searches
from gamesearch_gui.ui.purpose import Purpose
from gamesearch_gui.ui.settings_panel import SettingsPanel
from gamesearch_gui.ui.stats_panel import StatsPanel
from gamesearch_gui.ui.tree.page import TreePage
from gamesearch_gui.ui.worker import SearchRequest


class PlayMode(QObject):
    """The play session of ``window``, shown in its page and docks; the settings are
    read from and saved in ``store``."""

    #: A line for the status bar, and how long it stays (milliseconds; 0: until replaced).
    message = Signal(str, int)

    def __init__(self, window: QMainWindow, store: QSettings) -> None:
        super().__init__(window)
        self._window = window
        self.store = store
        #: The game itself: whose turn, the AI's searches, undo and redo.
        self.session = PlaySession(load_config(store), self)
        self.page = PlayPage()
        self.settings_panel = SettingsPanel(self.session.config)
        self.settings_panel.searchChanged.connect(self._search_settings_changed)
        self.stats = StatsPanel()
        self.history = MoveHistory()
        self.history.itemClicked.connect(self._history_clicked)
        self.tree_panel = TreePage()
        self.tree_panel.searchChosen.connect(self._search_chosen)
        self.session.searches.panel = self.tree_panel  # the searches grow in the tree dock
        self.tree_panel.clear(TREE_EMPTY)
        self.tree_panel.remember_layout(store, "layout/play-tree")
        self.progress_label = ProgressLine()
        self.docks: dict[str, QDockWidget] = {}
        self.shelf = DockShelf(
            self.session.kept,
            self.tree_panel,
            lambda: self.docks["tree"].toggleViewAction().isChecked(),
        )
        self.session.shelf = self.shelf
        self._follow_session()

    def add_docks(self, window: QMainWindow) -> dict[str, QDockWidget]:
        """Put the docks in ``window``: the settings, the statistics, the moves, the tree."""
        areas = Qt.DockWidgetArea
        for key, title, widget, area in (
            ("settings", "Settings", self.settings_panel, areas.LeftDockWidgetArea),
            ("stats", "Statistics", self.stats, areas.RightDockWidgetArea),
            ("history", "Moves", self.history, areas.RightDockWidgetArea),
            ("tree", "Search tree", self.tree_panel, areas.BottomDockWidgetArea),
        ):
            self.docks[key] = _dock(window, title, widget, area)
        return self.docks

    def _follow_session(self) -> None:
        """Show what the session says: the board, the statistics, the status bar."""
        session = self.session
        self.page.follow(session)
        self.page.moveChosen.connect(session.human_move)
        self.page.refused.connect(lambda why: self.message.emit(why, 3000))
        session.message.connect(self.message)
        session.searchStarted.connect(self.stats.show_started)
        session.searchStopped.connect(self.stats.show_stopped)
        session.searchFinished.connect(self._search_finished)
        session.searchFailed.connect(self._search_failed)
        session.halted.connect(self.progress_label.stop)
        searches = session.searches
        searches.finished.connect(lambda _, result: self.progress_label.show_done(result))
        searches.progress.connect(self.stats.show_progress)
        searches.progress.connect(self.progress_label.show_progress)

    def new_game(self, config: PlayConfig | None, *, away: bool) -> None:
        """Set up a game of ``config`` (default: the current one), not yet begun; ``away``
        when another mode is shown (a game of two AIs then waits for Pause AI)."""
        session = self.session
        session.halt()
        if config is not None and config != self.settings_panel.config:
            self.settings_panel.set_config(config)
        session.config = self.settings_panel.config
        game = session.user_game if session.user_game is not None else session.config.make_game()
        # Two AIs do not start to play unseen (from Draw a tree or Practise): Pause AI,
        # in Play, starts them.
        session.begin(game, paused=away and not any(session.seated()))
        self.page.show_game(game, session.names(), session.seated())
        self.stats.clear()
        self.save()

    def compare_mcts(self) -> None:
        """Set MCTS beside alpha-beta (expectiminimax in a game of chance) on the
        position on the board, in a dialog; both search in an engine process of the
        dialog's own."""
        session = self.session
        find = False
        if session.user_game is None:
            minimax, mcts = compare_searches(session.config, session.game)
        else:  # its code runs in the dialog's engine process, never in the window's
            try:
                minimax, mcts = compare_file_searches(session.game, session.config.search)
            except GameError as error:
                self.message.emit(f"Cannot compare MCTS: {error}", 8000)
                return
            find = finds_depth(session.game, session.config.search)  # as a review does
        dialog = MctsCompareDialog(
            session.game,
            session.match.state,
            mcts,
            minimax,
            session.names(),
            self._window,
            find_depth=find,
        )
        dialog.setModal(True)
        dialog.exec()
        dialog.deleteLater()

    def how_to_play(self) -> str:
        """The rules of the game and what the AI does, in a few paragraphs (HTML)."""
        session = self.session
        game = session.user_game
        offered = algorithms_for(session.game)
        if game is None:
            return how_to_play(session.config.spec, offered)
        return how_to_play_file(
            game.title, game.spec, game.info.rules, offered, openspiel=not game.path
        )

    # -- remembering -------------------------------------------------------------------

    def save(self) -> None:
        """Save the setup and every game's search settings."""
        save_config(self.store, self.session.config, self.settings_panel.remembered_searches())

    def remember_searches(self) -> None:
        """The settings panel knows the saved search settings of the other games."""
        for game in game_names():
            if game != self.settings_panel.config.game:
                self.settings_panel.remember_search(game, saved.read_search(self.store, game))

    @Slot(object)
    def _search_settings_changed(self, config: PlayConfig) -> None:
        self.session.config = config
        self.save()
        self.message.emit("The AI uses the new settings from its next move", 4000)

    def set_show_values(self, on: bool) -> None:
        """Label every legal move with its value (searched for the person's turn)."""
        saved.SHOW_VALUES.write(self.store, on)
        if self.page.board is None:
            self.session.show_values = on
            return
        self.session.set_show_values(on)

    # -- what the session says -----------------------------------------------------------

    @Slot(object, object)
    def _search_finished(self, request: SearchRequest, result: SearchResult) -> None:
        """A search of the position on the board ended: its figures, in the statistics."""
        self.stats.show_result(self.session.game, request.state, result, request.recording)

    @Slot(object, str)
    def _search_failed(self, request: SearchRequest, message: str) -> None:
        """Say why; for the AI's move, the session paused it until the person resumes."""
        self.stats.show_stopped("failed")
        self.progress_label.show_failed()
        self.message.emit(f"The search failed: {message}", 0)
        if request.purpose == Purpose.MOVE:
            self.page.headline.setText("The AI's search failed: resume it with Ctrl+P")

    def code_answered(self) -> None:
        """The game's code answered a question the play did not wait for: show the
        position again, and go on with the play if it waited for that answer."""
        session = self.session
        if session.user_game is None or not isinstance(self.page.board, TextBoard):
            return
        if session.waiting():
            return  # another question of this position is still out
        self.page.board.refresh()
        session.code_answered()

    # -- the search tree dock ------------------------------------------------------------

    @Slot(object)
    def _search_chosen(self, key: Key) -> None:
        """The person chose a search in the tree dock's list."""
        self.shelf.show(key)

    @Slot(QListWidgetItem)
    def _history_clicked(self, item: QListWidgetItem) -> None:
        """Reopen the search tree behind an AI move."""
        number = item.data(Qt.ItemDataRole.UserRole)
        session = self.session
        if number not in session.move_recordings:
            why = "a person's move" if number not in session.move_searches else "not kept"
            self.message.emit(f"No search tree for this move ({why})", 4000)
            return
        if session.controller.busy:
            self.message.emit(
                "The AI is thinking: choose its search in the Search tree's list to follow it",
                4000,
            )
        self.docks["tree"].show()
        self.docks["tree"].raise_()
        self.shelf.show((Purpose.MOVE, number))


def _dock(window: QMainWindow, title: str, widget: QWidget, area: Qt.DockWidgetArea) -> QDockWidget:
    dock = QDockWidget(title, window)
    dock.setObjectName(f"dock-{title}")
    dock.setWidget(widget)
    window.addDockWidget(area, dock)
    return dock
