"""The main window: its three modes (play, draw a tree, practise), menus and toolbars.

Play mode is ``ui/play/``: the game is a ``PlaySession`` (no widget; it asks its
``SearchController`` for the AI's moves, searched in the engine process, and plays the
answers), shown by ``PlayMode``'s board page and docks (the settings, the statistics,
the moves, the search tree). The window lays the docks out (``DockLayout``), opens
files (``Opening``) and switches between the modes.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QSettings
from PySide6.QtCore import Slot
from PySide6.QtGui import QAction
from PySide6.QtGui import QCloseEvent
from PySide6.QtGui import QDragEnterEvent
from PySide6.QtGui import QDropEvent
from PySide6.QtWidgets import QInputDialog
from PySide6.QtWidgets import QMainWindow
from PySide6.QtWidgets import QMenu
from PySide6.QtWidgets import QMessageBox
from PySide6.QtWidgets import QToolBar
from PySide6.QtWidgets import QWidget

from gamesearch_gui import __version__
from gamesearch_gui.core.game import GameError
from gamesearch_gui.core.move_list import parse_moves
from gamesearch_gui.engine.remote_game import RemoteGame
from gamesearch_gui.ui import saved
from gamesearch_gui.ui.actions import MODE_COMMANDS
from gamesearch_gui.ui.actions import Mode
from gamesearch_gui.ui.actions import Owner
from gamesearch_gui.ui.actions import bar
from gamesearch_gui.ui.actions import build_actions
from gamesearch_gui.ui.actions import fill_menu_bar
from gamesearch_gui.ui.actions import fill_toolbar
from gamesearch_gui.ui.actions import make_menu
from gamesearch_gui.ui.editor.trees_mode import TreesMode
from gamesearch_gui.ui.editor.trees_mode import default_recovery_path
from gamesearch_gui.ui.exercise.page import ExercisePage
from gamesearch_gui.ui.help.desk import HelpDesk
from gamesearch_gui.ui.how_to_play import about_text
from gamesearch_gui.ui.play.history import headline
from gamesearch_gui.ui.play.mode import PlayMode
from gamesearch_gui.ui.play_config import PlayConfig
from gamesearch_gui.ui.review.dialog import open_review
from gamesearch_gui.ui.search_check.actions import SearchCheck
from gamesearch_gui.ui.tree.page import TreePage
from gamesearch_gui.ui.widgets import PageStack
from gamesearch_gui.ui.widgets import show_text
from gamesearch_gui.ui.window.dock_layout import LAYOUT_VERSION
from gamesearch_gui.ui.window.dock_layout import DockLayout
from gamesearch_gui.ui.window.opening import Opening

WINDOW_TITLE = "gamesearch-gui"

#: What the status bar says while the search tree has the whole window.
FOCUS_MESSAGE = (
    "The search tree has the whole window: Ctrl+T (View > Focus on the tree) brings the rest back."
)


class _Of:
    """An attribute or a method of the window that is one of its parts': with
    ``undo = _Of("session")``, ``window.undo`` is ``window.session.undo``, and
    ``window.paused = True`` sets ``window.session.paused``."""

    def __init__(self, part: str) -> None:
        self.part = part

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, window: Any, owner: type | None = None) -> Any:
        return getattr(getattr(window, self.part), self.name)

    def __set__(self, window: Any, value: Any) -> None:
        setattr(getattr(window, self.part), self.name, value)


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
        #: Play mode: the game (its session) and the panels that show it.
        self.play = PlayMode(self, self.store)
        self.play.message.connect(self.statusBar().showMessage)
        self.session = self.play.session
        self.controller = self.session.controller
        self.searches = self.session.searches
        self._make_pages(recovery_path)
        self._make_opening()
        self._make_docks()
        self._make_actions()
        self.session.changed.connect(self._refresh)
        self.session.pausedChanged.connect(self.act_pause.setChecked)
        self.config = self.settings_panel.config
        self.show_values = saved.SHOW_VALUES.read(self.store)
        self.act_values.setChecked(self.show_values)
        self.dock_layout.first_size()  # a remembered geometry replaces it
        self.dock_layout.restore(self.store)
        self.play.remember_searches()
        self.trees.set_active(False)
        self.exercises.set_active(False)
        if self.exercises.history.problem:
            self.statusBar().showMessage(self.exercises.history.problem, 15000)
        # Search threads start with the first search, so they start last; if anything
        # here fails, they are stopped before the error leaves (Qt aborts the process
        # when a running QThread is destroyed).
        try:
            self.new_game(self.config, start=False)
            self.opening.offer_recovery()
            self.session.advance()  # the AI's first search, if it moves first
        except BaseException:
            self._stop_searches()
            self.deleteLater()  # its signal connections would keep the half-built window alive
            raise

    def _make_pages(self, recovery_path: str | None) -> None:
        """The three modes' pages, one shown at a time: play, draw a tree, practise."""
        self.play_page = self.play.page
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

    def _make_opening(self) -> None:
        """What opens files: users' game files (in an engine process), trees, examples."""
        self.opening = Opening(
            self,
            self.trees,
            lambda title, text: self._message(title, text),
            lambda: self._ask_recover(),
            self.store,
        )
        self.game_files = self.opening.engine
        self.game_files.answered.connect(self.play.code_answered)
        self.opening.modeWanted.connect(self.set_mode)
        self.opening.message.connect(self.statusBar().showMessage)
        self.opening.gameLoaded.connect(self._play_game_file)

    def _make_docks(self) -> None:
        """Play mode's docks, laid out, and the status bar's line about the search."""
        play = self.play
        self.settings_panel = play.settings_panel
        self.settings_panel.newGameRequested.connect(self._config_for_new_game)
        self.stats = play.stats
        self.history = play.history
        self.tree_panel = play.tree_panel
        self.shelf = play.shelf
        self.editor.solution_panel.remember_layout(self.store, "layout/trees-tree")
        self.exercises.solution_panel.remember_layout(self.store, "layout/exercise-tree")
        self.docks = play.add_docks(self)
        self.dock_layout = DockLayout(self, self.docks, self.central_stack)
        self.progress_label = play.progress_label
        self.statusBar().addPermanentWidget(self.progress_label)

    # -- building ----------------------------------------------------------------------

    # Made from ui/actions.py's list (build_actions).
    declared_actions: dict[str, QAction]
    play_file_menu: QMenu
    game_menu: QMenu
    view_menu: QMenu
    help_menu: QMenu
    level_menu: QMenu
    act_new: QAction
    act_undo: QAction
    act_redo: QAction
    act_hint: QAction
    act_move_now: QAction
    act_pause: QAction
    act_compare_mcts: QAction
    act_review: QAction
    act_equal_values: QAction
    act_load_moves: QAction
    act_quit: QAction
    act_open_game_file: QAction
    act_new_game_file: QAction
    act_open_openspiel: QAction
    act_export_page: QAction
    act_export_solved_page: QAction
    act_mode_play: QAction
    act_mode_trees: QAction
    act_mode_exercise: QAction
    act_values: QAction
    act_focus_tree: QAction
    act_reset_layout: QAction
    act_how: QAction
    act_about: QAction

    def _make_actions(self) -> None:
        """The window's actions, menus and tool bars, all made from ``ui/actions.py``'s list."""
        self.search_check = SearchCheck(self, self.store, lambda: self.editor.tree)
        self.help_desk = HelpDesk(self, self.store)
        build_actions(Owner.WINDOW, self)
        # Export replay as web page, enabled while its page holds a search to write.
        for page, action in (
            (self.tree_panel, self.act_export_page),
            (self.editor.solution_panel, self.act_export_solved_page),
        ):
            action.setEnabled(page.page_exportable)
            page.pageExportable.connect(action.setEnabled)
        self.level_menu = make_menu("game.level", self)
        self.settings_panel.level.shown.connect(self._check_level)
        self._check_level(self.settings_panel.level.level)
        self.settings_panel.searchChanged.connect(self._show_pruning_rule)
        self._show_pruning_rule()
        #: The parts whose commands the window shows, by the name the list knows them by.
        self.action_owners: dict[Owner, object] = {
            Owner.WINDOW: self,
            Owner.TREES: self.trees,
            Owner.EDITOR: self.editor,
            Owner.EXERCISE: self.exercises,
            Owner.SEARCH_CHECK: self.search_check,
            Owner.HELP: self.help_desk,
            Owner.TREE_PAGE: self.tree_panel,
        }
        self.mode_actions = {
            mode: self.declared_actions[key] for mode, key in MODE_COMMANDS.items()
        }
        self.game_actions = [
            self.act_new,
            self.act_undo,
            self.act_redo,
            self.act_hint,
            self.act_move_now,
            self.act_pause,
            self.act_compare_mcts,
            self.act_review,
        ]
        fill_menu_bar(self, self.action_owners)
        for key, action in self.trees.example_actions.items():
            action.triggered.connect(lambda _=False, k=key: self.open_example(k))
        self.modes_bar = QToolBar(bar("toolbar.mode").title)
        self.game_toolbar = QToolBar(bar("toolbar.game").title)
        for toolbar, bar_id in (
            (self.modes_bar, "toolbar.mode"),
            (self.game_toolbar, "toolbar.game"),
            (self.trees.toolbar, "toolbar.tree"),
            (self.exercises.toolbar, "toolbar.exercise"),
        ):
            self.addToolBar(fill_toolbar(toolbar, bar_id, self.action_owners))
        self._default_layout = self.saveState(LAYOUT_VERSION)

    def _check_level(self, level: str) -> None:
        """Game > AI level checks the level the settings show."""
        self.declared_actions[f"game.level.{level}"].setChecked(True)

    def _show_pruning_rule(self) -> None:
        """Game > Prune on equal values shows the settings' box: its rule, and whether
        the search chosen prunes at all."""
        box = self.settings_panel.equal_values
        self.act_equal_values.setChecked(box.isChecked())
        self.act_equal_values.setEnabled(box.isEnabled())  # (the Game menu is Play's alone)

    # -- the game ----------------------------------------------------------------------

    # The play session's state and commands (``PlaySession`` says what each is).
    match = _Of("session")
    config = _Of("session")
    paused = _Of("session")
    user_game = _Of("session")
    rng = _Of("session")
    pace_override_ms = _Of("session")
    show_values = _Of("session")
    move_searches = _Of("session")
    move_recordings = _Of("session")
    kept = _Of("session")
    game = _Of("session")
    names = _Of("session")
    seat = _Of("session")
    human_to_move = _Of("session")
    undo = _Of("session")
    redo = _Of("session")
    hint = _Of("session")
    move_now = _Of("session")
    set_paused = _Of("session")

    def new_game(self, config: PlayConfig | None = None, *, start: bool = True) -> None:
        """Start a game with ``config`` (default: the current one); ``start`` False sets
        the board up without letting the AI begin."""
        self.play.new_game(config, away=self.mode != "play")
        self._refresh()
        if start:
            self.session.advance()

    board = _Of("play_page")  # the board of the game being played (None: none yet)

    # -- commands ----------------------------------------------------------------------

    compare_mcts = _Of("play")
    set_show_values = _Of("play")

    def review_game(self) -> None:
        """Game > Review game: the moves played so far, reviewed in a dialog of its own."""
        session = self.session
        why = open_review(
            session.game,
            session.match,
            session.names(),
            session.config.search,
            humans=session.seated(),
            parent=self,
        )
        if why:
            self.statusBar().showMessage(why, 6000)

    def load_moves(self) -> None:
        """Game > Load moves: a game written as its moves, played onto the board from the
        start (the AI paused), to review it or to play on from there. A game file's or an
        OpenSpiel game's moves are read as its engine process writes them."""
        game = self.session.game
        written = ", ".join(ply.text for ply in self.match.plies)
        text, ok = QInputDialog.getMultiLineText(
            self,
            "Load moves",
            f"The moves of a game of {game.title} from the start, as the Moves list writes "
            "them, separated by commas or spaces:",
            written,
        )
        if not ok:
            return
        try:
            moves = parse_moves(game, text)
        except GameError as error:
            QMessageBox.warning(self, "Load moves", f"Cannot play these moves: {error}")
            return
        self.new_game(start=False)
        self.session.replay(moves)
        self.statusBar().showMessage(
            f"Played {len(moves)} moves; the AI is paused (Game > Pause AI lets it play on)",
            8000,
        )

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
        for panel in self._tree_pages():
            panel.reset_layout()
        self.dock_layout.size_docks()

    tree_focus = _Of("dock_layout")  # True while the search tree has the whole window

    def set_tree_focus(self, on: bool) -> None:
        """Give the search tree the whole window, or bring the rest back. In Play the
        board and the other docks go; in the other modes the page's side panel."""
        self.act_focus_tree.setChecked(on)
        mode = self.mode
        page = None if mode == "play" else self.editor if mode == "trees" else self.exercises
        if not self.dock_layout.set_tree_focus(on, page):
            return
        if on:
            self.statusBar().showMessage(FOCUS_MESSAGE, 8000)
        elif self.statusBar().currentMessage() == FOCUS_MESSAGE:
            self.statusBar().clearMessage()

    def show_how_to_play(self) -> None:
        """The rules of the game and what the AI does, in a few paragraphs."""
        self._message("How to play", self.play.how_to_play())

    def show_about(self) -> None:
        """Version and purpose."""
        self._message(f"About {WINDOW_TITLE}", about_text(__version__))

    def _message(self, title: str, html: str) -> None:
        """Show a few paragraphs in a box (tests replace this method: a modal box would
        block them)."""
        show_text(self, title, html)

    # -- settings changes ----------------------------------------------------------------

    @Slot(object)
    def _config_for_new_game(self, config: PlayConfig) -> None:
        if self.settings_panel.file_game is None:  # a built-in game replaces the file's
            self.user_game = None
        self.new_game(config)
        self._retitle()

    # -- users' game files ----------------------------------------------------------------

    # What opens files (``Opening`` says what each does).
    ask_open_game_file = _Of("opening")
    open_game_file = _Of("opening")
    ask_new_game_file = _Of("opening")
    ask_open_openspiel = _Of("opening")
    open_openspiel = _Of("opening")
    open_example = _Of("opening")
    open_tree_file = _Of("opening")

    @Slot(object, str)
    def _play_game_file(self, game: RemoteGame, spec: str) -> None:
        """Play the game of a game file loaded from ``spec`` (or one of OpenSpiel's)."""
        self.set_mode("play")
        self.user_game = game
        origin = "your file" if game.path else "OpenSpiel"
        self.settings_panel.show_file_game(game, f"{game.title} ({origin})", game.players)
        self.new_game()
        self._retitle()
        self.statusBar().showMessage(f"Playing {game.title} from {spec}", 8000)

    # -- showing the state ---------------------------------------------------------------

    def _refresh(self) -> None:
        """The commands, the headline and the moves as the session stands now."""
        match = self.match
        self.act_undo.setEnabled(match.can_undo)
        self.act_redo.setEnabled(match.can_redo)
        self.act_hint.setEnabled(self.human_to_move())
        self.act_move_now.setEnabled(self.session.thinking_for_move())
        self.act_pause.setEnabled(not all(self.session.seated()))
        self.act_new.setEnabled(True)
        # MCTS here is for two players (its rewards are MAX's): the menu says so.
        self.act_compare_mcts.setEnabled(len(self.session.game.players) == 2)
        self.act_review.setEnabled(match.can_undo)  # a move has been played
        if self.mode != "play":
            for action in self.game_actions:
                action.setEnabled(False)
        self.headline.setText(headline(self.session))
        self.history.show_game(self.session)

    # -- remembering -------------------------------------------------------------------

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
        self.play.save()
        self.store.sync()
        super().closeEvent(event)

    def _stop_searches(self) -> None:
        """Stop every search thread of the window: the game's, the editor's, the exercises'."""
        self.editor.shutdown()
        self.exercises.shutdown()
        self.controller.shutdown()
        self.game_files.close()
        self.search_check.shutdown()
        for panel in self._tree_pages():  # a replay page being written: its thread ends
            panel.exporter.page_writer.shutdown()

    def _tree_pages(self) -> tuple[TreePage, ...]:
        """The search-tree pages of the three modes."""
        return (self.tree_panel, self.editor.solution_panel, self.exercises.solution_panel)

    # -- Trees mode ----------------------------------------------------------------------

    @property
    def mode(self) -> Mode:
        """Play (a game against the AI), Trees (the tree editor) or Exercise."""
        page = self.central_stack.currentWidget()
        if page is self.editor:
            return Mode.TREES
        return Mode.EXERCISE if page is self.exercises else Mode.PLAY

    def set_mode(self, mode: Mode | str) -> None:
        """Switch between playing, drawing a tree and exercises (menus and shortcuts follow)."""
        if mode not in self.mode_actions:
            raise ValueError(f"no mode {mode!r}")
        mode = Mode(mode)
        self.mode_actions[mode].setChecked(True)
        if mode == self.mode:
            return
        self.set_tree_focus(False)  # each mode hides its own panels: leave with all shown
        play = mode == "play"
        if self.mode == "play":
            if not any(self.session.seated()) and not self.paused and not self.match.is_over:
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
        self.act_how.setVisible(play)  # the rules of the game played
        self.game_toolbar.setVisible(play)
        self.progress_label.setVisible(play)  # the game's last search: not the tree's
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

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        self.opening.drag_enter(event)

    def dropEvent(self, event: QDropEvent) -> None:
        self.opening.drop(event)

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
