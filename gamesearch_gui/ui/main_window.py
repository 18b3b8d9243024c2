"""The main window: play every game against the AI, which searches on a worker thread.

The board sits in the middle; docks hold the settings, the statistics, the move
history and the search tree. The window owns the search thread (through
``SearchController``) and never searches itself: it asks, and plays the answer when
it arrives.
"""

from __future__ import annotations

import html
from typing import Any

from PySide6.QtCore import QSettings, QSize, Qt, Slot
from PySide6.QtGui import (
    QAction,
    QActionGroup,
    QCloseEvent,
    QDragEnterEvent,
    QDropEvent,
    QGuiApplication,
    QKeySequence,
    QResizeEvent,
    QShowEvent,
)
from PySide6.QtWidgets import (
    QDockWidget,
    QListWidgetItem,
    QMainWindow,
    QMenu,
    QMessageBox,
    QToolBar,
    QWidget,
)

from gamesearch_gui import __version__
from gamesearch_gui.core.game import Game, GameError
from gamesearch_gui.core.games import game_names
from gamesearch_gui.core.search import (
    SearchResult,
)
from gamesearch_gui.core.trees.examples import example
from gamesearch_gui.ui.boards.base import BoardWidget
from gamesearch_gui.ui.boards.text_board import TextBoard
from gamesearch_gui.ui.compare_mcts_dialog import MctsCompareDialog
from gamesearch_gui.ui.dock_layout import LAYOUT_VERSION, DockLayout
from gamesearch_gui.ui.editor.trees_mode import TreesMode, default_recovery_path
from gamesearch_gui.ui.exercise.page import ExercisePage
from gamesearch_gui.ui.game_files import GameFileEngine, ask_game_file, ask_template, new_template
from gamesearch_gui.ui.help.desk import HelpDesk
from gamesearch_gui.ui.help.how_to_play import about_text, how_to_play, how_to_play_file
from gamesearch_gui.ui.play.history import MoveHistory, headline
from gamesearch_gui.ui.play.kept_searches import Key
from gamesearch_gui.ui.play.page import PlayPage
from gamesearch_gui.ui.play.progress_line import ProgressLine
from gamesearch_gui.ui.play.purpose import Purpose
from gamesearch_gui.ui.play.saved_config import load_config, load_search, save_config
from gamesearch_gui.ui.play.session import PlaySession
from gamesearch_gui.ui.play.shelf import TREE_EMPTY, DockShelf
from gamesearch_gui.ui.play_config import (
    PlayConfig,
    algorithms_for,
    compare_searches,
)
from gamesearch_gui.ui.search_check.actions import SearchCheck
from gamesearch_gui.ui.settings_panel import SettingsPanel
from gamesearch_gui.ui.stats_panel import (
    StatsPanel,
)
from gamesearch_gui.ui.tree.page import SearchTreePanel
from gamesearch_gui.ui.widgets import PageStack, make_action, make_toggle
from gamesearch_gui.ui.worker import SearchRequest

WINDOW_TITLE = "gamesearch-gui"

#: What the status bar says while the search tree has the whole window.
FOCUS_MESSAGE = (
    "The search tree has the whole window: Ctrl+T (View > Focus on the tree) brings the rest back."
)
#: The window's size at the first start, when the screen has room for it.
DEFAULT_SIZE = (1280, 800)


class _Shared:
    """An attribute of the window that is its play session's (``window.match`` is
    ``window.session.match``): read and set through the window as before the split."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, window: Any, owner: type | None = None) -> Any:
        return getattr(window.session, self.name)

    def __set__(self, window: Any, value: Any) -> None:
        setattr(window.session, self.name, value)


class MainWindow(QMainWindow):
    """Play a game against the AI and see what its search did."""

    def __init__(
        self,
        settings: QSettings | None = None,
        parent: QWidget | None = None,
        *,
        recovery_path: str | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(WINDOW_TITLE)
        self.setObjectName("MainWindow")
        self.store = settings if settings is not None else QSettings()
        self.game_files = GameFileEngine(self)
        self.game_files.answered.connect(self._game_file_answered)
        self._make_pages(recovery_path)
        #: The game itself: whose turn, the AI's searches, undo and redo.
        self.session = PlaySession(load_config(self.store), self)
        self.controller = self.session.controller
        self.searches = self.session.searches
        self._make_docks()
        self.progress_label = ProgressLine()
        self.statusBar().addPermanentWidget(self.progress_label)
        self._make_actions()
        self._connect_session()
        self.config = self.settings_panel.config
        self.show_values = bool(self.store.value("view/show_values", False, type=bool))
        self.act_values.setChecked(self.show_values)
        # The first start's size, within the screen (a 1366×768 laptop included); a
        # remembered geometry replaces it.
        size = QSize(*DEFAULT_SIZE)
        screen = QGuiApplication.primaryScreen()
        if screen is not None:
            size = size.boundedTo(screen.availableGeometry().size())
        self.resize(size)
        self._restore_layout()
        self.trees.set_active(False)
        self.exercises.set_active(False)
        if self.exercises.history.problem:
            self.statusBar().showMessage(self.exercises.history.problem, 15000)
        # Search threads start with the first search, so they start last; if anything
        # here fails, they are stopped before the error leaves (Qt aborts the process
        # when a running QThread is destroyed).
        try:
            self.new_game(self.config, start=False)
            self._offer_recovery()
            self.session.advance()  # the AI's first search, if it moves first
        except BaseException:
            self._stop_searches()
            self.deleteLater()  # its signal connections would keep the half-built window alive
            raise

    def _make_pages(self, recovery_path: str | None) -> None:
        """The three modes' pages, one shown at a time: play, draw a tree, practise."""
        self.play_page = PlayPage()
        self.headline = self.play_page.headline
        self.trees = TreesMode(
            self,
            self.store,
            recovery_path if recovery_path is not None else default_recovery_path(self.store),
        )
        self.editor = self.trees.editor
        self.editor.titleChanged.connect(self._retitle)
        self.editor.message.connect(lambda text: self.statusBar().showMessage(text, 5000))
        self.exercises = ExercisePage(self.store, drawn_tree=lambda: self.editor.tree)
        self.exercises.titleChanged.connect(self._retitle)
        self.exercises.message.connect(lambda text: self.statusBar().showMessage(text, 5000))
        self.central_stack = PageStack()
        self.central_stack.addWidget(self.play_page)
        self.central_stack.addWidget(self.editor)
        self.central_stack.addWidget(self.exercises)
        self.setCentralWidget(self.central_stack)
        self.setAcceptDrops(True)

    def _make_docks(self) -> None:
        """Play mode's docks: the settings, the statistics, the moves, the search tree."""
        self.settings_panel = SettingsPanel(self.session.config)
        self.settings_panel.newGameRequested.connect(self._config_for_new_game)
        self.settings_panel.searchChanged.connect(self._search_settings_changed)
        self.stats = StatsPanel()
        self.history = MoveHistory()
        self.history.itemClicked.connect(self._history_clicked)
        self.tree_panel = SearchTreePanel()
        self.tree_panel.searchChosen.connect(self._search_chosen)
        self.searches.panel = self.tree_panel  # the searches grow in the tree dock
        self.tree_panel.clear(TREE_EMPTY)
        self.tree_panel.remember_layout(self.store, "layout/play-tree")
        self.editor.solution_panel.remember_layout(self.store, "layout/trees-tree")
        self.exercises.solution_panel.remember_layout(self.store, "layout/exercise-tree")
        self.docks = {
            "settings": self._dock(
                "Settings", self.settings_panel, Qt.DockWidgetArea.LeftDockWidgetArea
            ),
            "stats": self._dock("Statistics", self.stats, Qt.DockWidgetArea.RightDockWidgetArea),
            "history": self._dock("Moves", self.history, Qt.DockWidgetArea.RightDockWidgetArea),
            "tree": self._dock(
                "Search tree", self.tree_panel, Qt.DockWidgetArea.BottomDockWidgetArea
            ),
        }
        self.dock_layout = DockLayout(self, self.docks, self.central_stack)
        self.shelf = DockShelf(
            self.session.kept,
            self.tree_panel,
            lambda: self.docks["tree"].toggleViewAction().isChecked(),
        )
        self.session.shelf = self.shelf

    def _connect_session(self) -> None:
        """Show what the play session says: the board, the status bar, the statistics."""
        session = self.session
        self.play_page.follow(session)
        self.play_page.moveChosen.connect(session.human_move)
        self.play_page.refused.connect(lambda why: self.statusBar().showMessage(why, 3000))
        session.changed.connect(self._refresh)
        session.message.connect(self.statusBar().showMessage)
        session.pausedChanged.connect(self.act_pause.setChecked)
        session.searchStarted.connect(self.stats.show_started)
        session.searchStopped.connect(self.stats.show_stopped)
        session.searchFinished.connect(self._search_finished)
        session.searchFailed.connect(self._search_failed)
        session.halted.connect(self.progress_label.stop)
        self.searches.finished.connect(lambda _, result: self.progress_label.show_done(result))
        self.searches.progress.connect(self.stats.show_progress)
        self.searches.progress.connect(self.progress_label.show_progress)

    # -- building ----------------------------------------------------------------------

    def _dock(self, title: str, widget: QWidget, area: Qt.DockWidgetArea) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(f"dock-{title}")
        dock.setWidget(widget)
        self.addDockWidget(area, dock)
        return dock

    def _action(self, text: str, slot: Any, shortcut: Any = None, tip: str = "") -> QAction:
        return make_action(self, text, slot, shortcut, tip)

    def _make_actions(self) -> None:
        keys = QKeySequence.StandardKey
        self.act_new = self._action("&New game", lambda: self.new_game(), keys.New, "Start again")
        self.act_undo = self._action("&Undo", self.undo, keys.Undo, "Take back your last move")
        self.act_redo = self._action("&Redo", self.redo, keys.Redo, "Play the move taken back")
        self.act_hint = self._action(
            "&Hint", self.hint, "Ctrl+H", "Show the AI's best move for you"
        )
        self.act_move_now = self._action(
            "&Move now", self.move_now, "Ctrl+Return", "Make the AI play its best move so far"
        )
        self.act_pause = make_toggle(
            self, "&Pause AI", self.set_paused, "Ctrl+P", "Stop the AI moving"
        )
        self.act_compare_mcts = self._action(
            "&Compare MCTS with alpha-beta…",
            self.compare_mcts,
            tip="Both searches on this position: the move each chooses, MCTS's estimates "
            "beside alpha-beta's values",
        )
        self.act_quit = self._action("&Quit", self.close, keys.Quit)
        self.act_open_game_file = self._action(
            "Open &game file…",
            self.ask_open_game_file,
            tip="Play a game you wrote in Python (this app's protocol or aima-python's)",
        )
        self.act_new_game_file = self._action(
            "New game from &template…",
            self.ask_new_game_file,
            tip="Write a commented game file (Nim) to change, and play it",
        )
        self.search_check = SearchCheck(self, self.store, lambda: self.editor.tree)
        self.act_values = make_toggle(
            self,
            "Show move &values",
            self.set_show_values,
            "Ctrl+M",
            "Label each move with its value",
        )
        self.act_reset_layout = self._action("&Reset layout", self.reset_layout)
        self.act_focus_tree = make_toggle(
            self,
            "&Focus on the tree",
            self.set_tree_focus,
            "Ctrl+T",
            "Give the search tree the whole window (again: bring the rest back)",
        )
        self.act_how = self._action(
            "&How to play", self.show_how_to_play, tip="The rules of this game, what the AI does"
        )
        self.act_about = self._action("&About", self.show_about)
        self.help_desk = HelpDesk(self, self.store)
        self.act_mode_play = self._action(
            "&Play a game", lambda: self.set_mode("play"), "Ctrl+1", "Play against the AI"
        )
        self.act_mode_trees = self._action(
            "&Draw a tree",
            lambda: self.set_mode("trees"),
            "Ctrl+2",
            "Draw a game tree and solve it",
        )
        self.act_mode_exercise = self._action(
            "&Practise by hand",
            lambda: self.set_mode("exercise"),
            "Ctrl+3",
            "Exercises: work out minimax and alpha-beta by hand, and have them graded",
        )
        self.mode_actions = {
            "play": self.act_mode_play,
            "trees": self.act_mode_trees,
            "exercise": self.act_mode_exercise,
        }
        modes = QActionGroup(self)
        for mode_action in self.mode_actions.values():
            mode_action.setCheckable(True)
            modes.addAction(mode_action)
        self.act_mode_play.setChecked(True)
        self.game_actions = [
            self.act_new,
            self.act_undo,
            self.act_redo,
            self.act_hint,
            self.act_move_now,
            self.act_pause,
            self.act_compare_mcts,
        ]

        self.play_file_menu = self.menuBar().addMenu("&File")
        self.play_file_menu.addActions([self.act_open_game_file, self.act_new_game_file])
        self._add_check_search(self.play_file_menu)
        self.play_file_menu.addSeparator()
        self.play_file_menu.addAction(self.act_quit)
        self.menuBar().addMenu(self.trees.file_menu)
        self.menuBar().addMenu(self.trees.edit_menu)
        self.menuBar().addMenu(self.exercises.menu)
        game_menu = self.menuBar().addMenu("&Game")
        self.game_menu = game_menu
        for action in (
            self.act_new,
            None,
            self.act_undo,
            self.act_redo,
            None,
            self.act_hint,
            self.act_move_now,
            self.act_pause,
            None,
            self.act_compare_mcts,
            None,
            self.act_quit,
        ):
            if action is None:
                game_menu.addSeparator()
            else:
                game_menu.addAction(action)
        self._add_check_search(self.trees.file_menu)
        self.trees.file_menu.addSeparator()
        self.trees.file_menu.addAction(self.act_quit)
        view_menu = self.menuBar().addMenu("&View")
        for mode_action in self.mode_actions.values():
            view_menu.addAction(mode_action)
        view_menu.addSeparator()
        view_menu.addAction(self.act_values)
        view_menu.addAction(self.act_focus_tree)
        view_menu.addAction(self.tree_panel.act_strategy)
        view_menu.addSeparator()
        for dock in self.docks.values():
            view_menu.addAction(dock.toggleViewAction())
        view_menu.addSeparator()
        view_menu.addAction(self.act_reset_layout)
        help_menu = self.menuBar().addMenu("&Help")
        self.help_desk.fill(help_menu, self.act_how, self.trees.examples_menu, self.act_about)
        for key, action in self.trees.example_actions.items():
            action.triggered.connect(lambda _=False, k=key: self.open_example(k))
        modes_bar = QToolBar("Mode")
        modes_bar.setObjectName("toolbar-mode")
        for mode_action in self.mode_actions.values():
            modes_bar.addAction(mode_action)
        self.addToolBar(modes_bar)

        toolbar = QToolBar("Game")
        toolbar.setObjectName("toolbar-game")
        for action in (
            self.act_new,
            self.act_undo,
            self.act_redo,
            self.act_hint,
            self.act_move_now,
            self.act_pause,
        ):
            toolbar.addAction(action)
        self.addToolBar(toolbar)
        self.game_toolbar = toolbar
        self.addToolBar(self.trees.toolbar)
        self.addToolBar(self.exercises.toolbar)
        self._default_layout = self.saveState(LAYOUT_VERSION)

    def _add_check_search(self, menu: QMenu) -> None:
        """The commands that check a student's own search code, at the end of ``menu``."""
        menu.addSeparator()
        menu.addAction(self.search_check.act_check)
        menu.addMenu(self.search_check.lessons_menu)

    # -- the game ----------------------------------------------------------------------

    # The play session's state, read and set through the window as before.
    match = _Shared()
    config = _Shared()
    paused = _Shared()
    user_game = _Shared()
    rng = _Shared()
    pace_override_ms = _Shared()
    show_values = _Shared()
    move_searches = _Shared()
    move_recordings = _Shared()
    kept = _Shared()

    @property
    def game(self) -> Game[Any, Any]:
        """The game being played."""
        return self.session.game

    def new_game(self, config: PlayConfig | None = None, *, start: bool = True) -> None:
        """Start a game with ``config`` (default: the current one); ``start`` False sets
        the board up without letting the AI begin."""
        session = self.session
        session.halt()
        if config is not None and config != self.settings_panel.config:
            self.settings_panel.set_config(config)
        session.config = self.settings_panel.config
        game = session.user_game if session.user_game is not None else session.config.make_game()
        # Two AIs do not start to play unseen (from Draw a tree or Practise): Pause AI,
        # in Play, starts them.
        session.begin(game, paused=self.mode != "play" and not any(session.config.seated()))
        self.play_page.show_game(game, self.names(), session.config.seated())
        self.stats.clear()
        self._save_config()
        self._refresh()
        if start:
            session.advance()

    def names(self) -> tuple[str, ...]:
        """What each seat (player) is called in this game, in the order of its players."""
        return self.session.names()

    def seat(self, state: Any) -> int | None:
        """Who decides at ``state``: the index of a seat, or None (chance, or the end)."""
        return self.session.seat(state)

    def human_to_move(self) -> bool:
        """True when the game goes on and a person decides now."""
        return self.session.human_to_move()

    # -- showing what the session says ---------------------------------------------------

    @property
    def board(self) -> BoardWidget | None:
        """The board of the game being played."""
        return self.play_page.board

    @Slot(object)
    def _search_chosen(self, key: Key) -> None:
        """The person chose a search in the tree dock's list."""
        self.shelf.show(key)

    @Slot(object, object)
    def _search_finished(self, request: SearchRequest, result: SearchResult) -> None:
        """A search of the position on the board ended: its figures, in the statistics."""
        self.stats.show_result(self.game, request.state, result, request.recording)

    @Slot(object, str)
    def _search_failed(self, request: SearchRequest, message: str) -> None:
        """Say why; for the AI's move, the session paused it until the person resumes."""
        self.stats.show_stopped("failed")
        self.progress_label.show_failed()
        self.statusBar().showMessage(f"The search failed: {message}")
        if request.purpose == Purpose.MOVE:
            self.headline.setText("The AI's search failed: resume it with Ctrl+P")

    # -- commands ----------------------------------------------------------------------

    def undo(self) -> None:
        """Take back moves until it is a person's turn again (one move when only AIs play)."""
        self.session.undo()

    def redo(self) -> None:
        """Play again the moves taken back, up to the person's next turn."""
        self.session.redo()

    @Slot(QListWidgetItem)
    def _history_clicked(self, item: QListWidgetItem) -> None:
        """Reopen the search tree behind an AI move."""
        number = item.data(Qt.ItemDataRole.UserRole)
        if number not in self.move_recordings:
            why = "a person's move" if number not in self.move_searches else "not kept"
            self.statusBar().showMessage(f"No search tree for this move ({why})", 4000)
            return
        if self.controller.busy:
            self.statusBar().showMessage(
                "The AI is thinking: choose its search in the Search tree's list to follow it",
                4000,
            )
        self.docks["tree"].show()
        self.docks["tree"].raise_()
        self.shelf.show((Purpose.MOVE, number))

    def hint(self) -> None:
        """Ask the AI for the person's best move, and mark it on the board."""
        self.session.hint()

    def move_now(self) -> None:
        """Make the AI play the best move it has found so far."""
        self.session.move_now()

    def compare_mcts(self) -> None:
        """Set MCTS beside alpha-beta on the position on the board, in a dialog; both
        search in an engine process of the dialog's own."""
        if self.user_game is not None:
            # Its code runs only in the window's own engine processes (docs/your-code.md).
            self.statusBar().showMessage(
                "Compare MCTS with alpha-beta works on the built-in games, not on a game file",
                5000,
            )
            return
        alphabeta, mcts = compare_searches(self.config)
        dialog = MctsCompareDialog(self.game, self.match.state, mcts, alphabeta, self.names(), self)
        dialog.setModal(True)
        dialog.exec()
        dialog.deleteLater()

    def set_paused(self, paused: bool) -> None:
        """Stop (or let) the AI start its moves."""
        self.session.set_paused(paused)

    def set_show_values(self, on: bool) -> None:
        """Label every legal move with its value (searched for the person's turn)."""
        self.store.setValue("view/show_values", on)
        if self.board is None:
            self.session.show_values = on
            return
        self.session.set_show_values(on)

    def reset_layout(self) -> None:
        """Put the panels back where they started (shown in Play mode, as this mode wants
        its bars: the saved layout knows nothing of modes), the search tree with about
        half the window's height, and the tree panels' sides as they were at first."""
        self.set_tree_focus(False)
        mode = self.mode
        self.dock_layout.reset(self._default_layout, play=mode == "play")
        self.game_toolbar.setVisible(mode == "play")
        self.trees.set_active(mode == "trees")
        self.exercises.set_active(mode == "exercise")
        for panel in (self.tree_panel, self.editor.solution_panel, self.exercises.solution_panel):
            panel.reset_layout()
        self.dock_layout.size_docks()

    def resizeEvent(self, event: QResizeEvent) -> None:
        """The search tree dock keeps its share of the height (``DockLayout.resized``)."""
        super().resizeEvent(event)
        self.dock_layout.resized()

    def showEvent(self, event: QShowEvent) -> None:
        """The first show of a window with no remembered layout: the default sizes, now
        that the window has its own."""
        super().showEvent(event)
        self.dock_layout.shown()

    @property
    def tree_focus(self) -> bool:
        """True while the search tree has the whole window."""
        return self.dock_layout.tree_focus

    def set_tree_focus(self, on: bool) -> None:
        """Give the search tree the whole window, or bring the rest back. In Play the
        board and the other docks go; in the other modes the page's side panel."""
        self.act_focus_tree.setChecked(on)
        if on == self.dock_layout.tree_focus:
            return
        self.dock_layout.tree_focus = on
        mode = self.mode
        if mode == "play":
            self.dock_layout.focus_on_tree(on)
        else:
            page = self.editor if mode == "trees" else self.exercises
            page.set_tree_focus(on)
        if on:
            self.statusBar().showMessage(FOCUS_MESSAGE, 8000)
        elif self.statusBar().currentMessage() == FOCUS_MESSAGE:
            self.statusBar().clearMessage()

    def show_how_to_play(self) -> None:
        """The rules of the game and what the AI does, in a few paragraphs."""
        game = self.user_game
        offered = algorithms_for(self.game)
        if game is None:
            self._message("How to play", how_to_play(self.config.spec, offered))
        else:
            text = how_to_play_file(game.title, game.spec, game.info.rules, offered)
            self._message("How to play", text)

    def show_about(self) -> None:
        """Version and purpose."""
        self._message(f"About {WINDOW_TITLE}", about_text(__version__))

    def _message(self, title: str, html: str) -> None:
        """Show a message box (tests replace this method: a modal box would block them)."""
        box = QMessageBox(QMessageBox.Icon.NoIcon, title, html, QMessageBox.StandardButton.Ok, self)
        box.setTextFormat(Qt.TextFormat.RichText)
        box.exec()
        box.deleteLater()  # a child of the window: it would stay, hidden, until it closes

    # -- settings changes ----------------------------------------------------------------

    @Slot(object)
    def _config_for_new_game(self, config: PlayConfig) -> None:
        if self.settings_panel.file_game is None:  # a built-in game replaces the file's
            self.user_game = None
        self.new_game(config)
        self._retitle()

    # -- users' game files ----------------------------------------------------------------

    def ask_open_game_file(self) -> None:
        """Ask for a game file, and play it."""
        path = ask_game_file(self)
        if path:
            self.open_game_file(path)

    def open_game_file(self, spec: str) -> bool:
        """Play the game of ``PATH[:CLASS]`` against the AI; loaded (and run) in the
        engine process. A file that cannot be used is said, and the game stays."""
        self.statusBar().showMessage(f"Loading {spec}…")
        try:
            game = self.game_files.open(spec, parent=self)
        except GameError as error:
            self.statusBar().showMessage(f"The game file could not be used: {error}", 15000)
            self._message("The game file could not be used", _html(str(error)))
            return False
        self.set_mode("play")
        self.user_game = game
        self.settings_panel.show_file_game(game, game.title, game.players)
        self.new_game()
        self._retitle()
        self.statusBar().showMessage(f"Playing {game.title} from {spec}", 8000)
        return True

    @Slot()
    def _game_file_answered(self) -> None:
        """The game's code answered a question the window did not wait for: show the
        position again, and go on with the play if it waited for that answer."""
        if self.user_game is None or not isinstance(self.board, TextBoard):
            return
        if self.user_game.waiting(self.match.state):
            return  # another question of this position is still out
        self.board.refresh()
        self.session.code_answered()

    def ask_new_game_file(self) -> None:
        """Write a template game file where the person says, and play it."""
        answer = ask_template(self)
        if answer is None:
            return
        path, style = answer
        try:
            new_template(path, style)
        except (GameError, OSError) as error:
            self._message("The template could not be written", _html(str(error)))
            return
        self.open_game_file(path)

    @Slot(object)
    def _search_settings_changed(self, config: PlayConfig) -> None:
        self.config = config
        self._save_config()
        self.statusBar().showMessage("The AI uses the new settings from its next move", 4000)

    # -- showing the state ---------------------------------------------------------------

    def _refresh(self) -> None:
        """The commands, the headline and the moves as the session stands now."""
        match = self.match
        self.act_undo.setEnabled(match.can_undo)
        self.act_redo.setEnabled(match.can_redo)
        self.act_hint.setEnabled(self.human_to_move())
        self.act_move_now.setEnabled(self.session.thinking_for_move())
        self.act_pause.setEnabled(not all(self.config.seated()))
        self.act_new.setEnabled(True)
        self.act_compare_mcts.setEnabled(True)
        if self.mode != "play":
            for action in self.game_actions:
                action.setEnabled(False)
        self.headline.setText(headline(self.session))
        self.history.show_game(self.session)

    # -- remembering -------------------------------------------------------------------

    def _save_config(self) -> None:
        save_config(self.store, self.config, self.settings_panel.remembered_searches())

    def _restore_layout(self) -> None:
        self.dock_layout.restore(self.store)
        for game in game_names():
            if game != self.settings_panel.config.game:
                self.settings_panel.remember_search(game, load_search(self.store, game))

    def closeEvent(self, event: QCloseEvent) -> None:
        """Ask about an unsaved tree and an unchecked exercise; stop the search threads;
        remember layout and settings."""
        if not self.editor.maybe_save() or not self.exercises.may_leave():
            event.ignore()
            return
        if not self.editor.recovering:  # else its tree was never shown: keep the file
            self.editor.remove_recovery()
        self.set_tree_focus(False)  # the layout is remembered with everything in it
        if self.mode != "play":
            self.set_mode("play")  # the layout is remembered as Play mode shows it
        self.session.halt()
        self._stop_searches()
        self.dock_layout.save(self.store)
        self._save_config()
        self.store.sync()
        super().closeEvent(event)

    def _stop_searches(self) -> None:
        """Stop every search thread of the window: the game's, the editor's, the exercises'."""
        self.editor.shutdown()
        self.exercises.shutdown()
        self.controller.shutdown()
        self.game_files.close()
        self.search_check.shutdown()

    # -- Trees mode ----------------------------------------------------------------------

    @property
    def mode(self) -> str:
        """ "play" (a game against the AI), "trees" (the tree editor) or "exercise"."""
        page = self.central_stack.currentWidget()
        if page is self.editor:
            return "trees"
        return "exercise" if page is self.exercises else "play"

    def set_mode(self, mode: str) -> None:
        """Switch between playing, drawing a tree and exercises (menus and shortcuts follow)."""
        if mode not in self.mode_actions:
            raise ValueError(f"no mode {mode!r}")
        self.mode_actions[mode].setChecked(True)
        if mode == self.mode:
            return
        self.set_tree_focus(False)  # each mode hides its own panels: leave with all shown
        play = mode == "play"
        if self.mode == "play":
            if not any(self.config.seated()) and not self.paused and not self.match.is_over:
                # Two AIs would play on unseen, and Pause AI is out of reach elsewhere
                # (as a new game of two AIs started from there waits: ``new_game``).
                self.session.set_paused(True)
            self.dock_layout.hide_docks()
        # Leave the old mode first: no two enabled actions may share a shortcut.
        self.trees.set_active(False)
        self.exercises.set_active(False)
        page = {"play": 0, "trees": 1, "exercise": 2}[mode]
        # The page first, then the docks: docks shown beside the editor's page would ask
        # for its width plus theirs, and the window would grow past the screen for good.
        self.central_stack.setCurrentIndex(page)
        if play:
            self.dock_layout.show_docks()
        self.game_menu.menuAction().setVisible(play)
        self.play_file_menu.menuAction().setVisible(play)
        self.game_toolbar.setVisible(play)
        self.trees.set_active(mode == "trees")
        self.exercises.set_active(mode == "exercise")
        self._refresh()
        self._retitle()
        if mode == "trees":
            self.editor.canvas.setFocus()
        elif mode == "exercise":
            self.exercises.canvas.setFocus()

    def _retitle(self, *_: object) -> None:
        if self.mode == "trees":
            self.setWindowTitle(f"{self.editor.title()} — {WINDOW_TITLE}")
        elif self.mode == "exercise":
            self.setWindowTitle(f"{self.exercises.title()} — {WINDOW_TITLE}")
        elif self.user_game is not None:
            self.setWindowTitle(f"{self.user_game.title} ({self.user_game.spec}) — {WINDOW_TITLE}")
        else:
            self.setWindowTitle(WINDOW_TITLE)

    def open_example(self, key: str) -> bool:
        """Open an example of the library in Trees mode (unless the person cancels)."""
        opened = self.trees.open_example(example(key))
        if opened:
            self.set_mode("trees")
        return opened

    def open_tree_file(self, path: str) -> bool:
        """Open a tree file in Trees mode (drag and drop, the command line)."""
        self.set_mode("trees")
        return self.editor.open_file(path)

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if any(_is_tree_file(url.toLocalFile()) for url in event.mimeData().urls()):
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        for url in event.mimeData().urls():
            path = url.toLocalFile()
            if _is_tree_file(path):
                event.acceptProposedAction()
                self.open_tree_file(path)
                return

    def _ask_recover(self) -> bool:
        """Ask whether to reopen the tree an unclean exit left behind. Tests replace this."""
        buttons = QMessageBox.StandardButton
        answer = QMessageBox.question(
            self,
            "Recover the tree?",
            "The last session ended with a tree that was not saved. Open it again?",
            buttons.Yes | buttons.No,
            buttons.Yes,
        )
        return answer == buttons.Yes

    def _offer_recovery(self) -> None:
        if not self.editor.has_recovery():
            return
        if self._ask_recover():
            self.set_mode("trees")
            self.editor.open_recovery()  # read off the GUI thread: it may be a big tree
        else:
            self.editor.remove_recovery()


def _html(text: str) -> str:
    """Plain text for a rich-text message box."""
    return html.escape(text).replace("\n", "<br>")


def _is_tree_file(path: str) -> bool:
    return bool(path) and path.lower().endswith(".json")
