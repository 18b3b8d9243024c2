"""The main window: play every game against the AI, which searches on a worker thread.

The board sits in the middle; docks hold the settings, the statistics, the move
history and the search tree. The window owns the search thread (through
``SearchController``) and never searches itself: it asks, and plays the answer when
it arrives.
"""

from __future__ import annotations

import html
import random
import time
from typing import Any

from PySide6.QtCore import QByteArray, QEvent, QObject, QSettings, QSize, Qt, QTimer, Slot
from PySide6.QtGui import (
    QAction,
    QCloseEvent,
    QDragEnterEvent,
    QDropEvent,
    QFont,
    QGuiApplication,
    QResizeEvent,
    QShowEvent,
)
from PySide6.QtWidgets import (
    QDockWidget,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QMenu,
    QMessageBox,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from gamesearch_gui import __version__
from gamesearch_gui.core.game import Game, GameError, Player
from gamesearch_gui.core.games import all_options, game_names
from gamesearch_gui.core.games.registry import DEFAULT_PACE_MS
from gamesearch_gui.core.match import Match
from gamesearch_gui.core.recording.mcts import AnyRecording
from gamesearch_gui.core.search import (
    Algorithm,
    Bound,
    SearchProgress,
    SearchResult,
    SearchSettings,
)
from gamesearch_gui.core.search.maxn import vector_text
from gamesearch_gui.core.trees.examples import example
from gamesearch_gui.engine.remote_game import RemoteGame
from gamesearch_gui.ui.actions import (
    MODE_COMMANDS,
    Mode,
    Owner,
    bar,
    build_actions,
    fill_menu_bar,
    fill_toolbar,
)
from gamesearch_gui.ui.boards.base import BoardWidget
from gamesearch_gui.ui.boards.factory import make_board
from gamesearch_gui.ui.boards.text_board import TextBoard
from gamesearch_gui.ui.compare_mcts_dialog import MctsCompareDialog
from gamesearch_gui.ui.editor.trees_mode import TreesMode, default_recovery_path
from gamesearch_gui.ui.exercise.page import ExercisePage
from gamesearch_gui.ui.game_files import GameFileEngine, ask_game_file, ask_template, new_template
from gamesearch_gui.ui.help.desk import HelpDesk
from gamesearch_gui.ui.help.how_to_play import about_text, how_to_play, how_to_play_file
from gamesearch_gui.ui.kept_searches import ANALYSIS, MOVE, KeptSearches, Key
from gamesearch_gui.ui.play_config import (
    PlayConfig,
    Seats,
    algorithms_for,
    analysis_settings,
    clamp,
    compare_searches,
    default_game,
    default_search,
    fit_search,
    search_from_dict,
    search_to_dict,
)
from gamesearch_gui.ui.recorded_search import RecordedSearch
from gamesearch_gui.ui.search_check.actions import SearchCheck
from gamesearch_gui.ui.settings_panel import SettingsPanel
from gamesearch_gui.ui.stats_panel import (
    PROGRESS_UPDATES_PER_S,
    StatsPanel,
    format_value,
    iterations_text,
)
from gamesearch_gui.ui.throttle import RateLimiter
from gamesearch_gui.ui.tree.page import TreePage
from gamesearch_gui.ui.widgets import PageStack
from gamesearch_gui.ui.worker import SearchController, SearchRequest

WINDOW_TITLE = "gamesearch-gui"

#: Nodes kept in the recorded trees of past AI moves, all together (about 180 MB).
KEPT_NODES = 1_000_000
#: The version of the window layout saved: a layout saved by an older version (the
#: search tree a strip at the bottom) is not restored, the new default is made instead.
LAYOUT_VERSION = 2
#: What the status bar says while the search tree has the whole window.
FOCUS_MESSAGE = (
    "The search tree has the whole window: Ctrl+T (View > Focus on the tree) brings the rest back."
)
#: The window's size at the first start, when the screen has room for it.
DEFAULT_SIZE = (1280, 800)
#: The search tree dock's share of the window's height in the default layout...
TREE_SHARE = 0.55
#: ...and the most height the default layout leaves the board (its share at a laptop's
#: 768 pixels): a taller window gives the rest to the tree.
BOARD_HEIGHT = 346
#: The default widths of the Settings dock and of the Statistics dock (pixels).
SETTINGS_WIDTH = 330
STATS_WIDTH = 260
TREE_EMPTY = "The AI's search tree appears here while it thinks. Click an AI move to see it again."


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
        #: None: pace by game; tests set 0 to play at full speed.
        self.pace_override_ms: int | None = None
        self.rng = random.Random()
        self.paused = False
        self.show_values = False
        self._hint_wanted = False
        self._analysis: SearchResult | None = None
        self._analysis_state: Any = None
        self._turn_started = 0.0
        self._pending_move: Any = None
        #: The search behind each AI move, by ply number.
        self.move_searches: dict[int, SearchResult] = {}
        #: The recorded trees the search tree dock can show again: each AI move's search
        #: and each analysis of the person's moves. Old ones go once they hold too many
        #: nodes together.
        self.kept = KeptSearches(KEPT_NODES)
        #: The recorded tree of each AI move's search, by ply number, oldest first; the
        #: move history reopens them.
        self.move_recordings: dict[int, AnyRecording] = self.kept.moves

        self.controller = SearchController(self)
        #: The user's game file played instead of the settings' game (None: none).
        self.user_game: RemoteGame | None = None
        self.game_files = GameFileEngine(self)
        self.game_files.answered.connect(self._game_file_answered)
        #: The play waits for the game's code to answer about the current position.
        self._waiting_for_code = False

        self._pace_timer = QTimer(self)
        self._pace_timer.setSingleShot(True)
        self._pace_timer.timeout.connect(self._paced_step)

        self.headline = QLabel()
        self.headline.setAlignment(Qt.AlignmentFlag.AlignCenter)
        font = QFont(self.headline.font())
        font.setPointSizeF(font.pointSizeF() * 1.35)
        font.setBold(True)
        self.headline.setFont(font)
        self.headline.setObjectName("headline")
        central = QWidget()
        self._central_layout = QVBoxLayout(central)
        self._central_layout.addWidget(self.headline)
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
        self.central_stack.addWidget(central)
        self.central_stack.addWidget(self.editor)
        self.central_stack.addWidget(self.exercises)
        self.setCentralWidget(self.central_stack)
        self.setAcceptDrops(True)
        self._play_docks: dict[str, bool] = {}
        #: "Focus on the tree" is on, and what it hid (the docks shown before, in Play).
        self._tree_focus = False
        self._focus_docks: dict[str, bool] = {}
        #: No layout was restored: the default one is made once the window has its size.
        self._fresh_layout = True
        #: The heights of the window, the board's page and the tree dock, as last laid
        #: out (None: the tree is not docked under the board).
        self._heights: tuple[int, int, int] | None = None

        self.settings_panel = SettingsPanel(self._load_config())
        self.settings_panel.newGameRequested.connect(self._config_for_new_game)
        self.settings_panel.searchChanged.connect(self._search_settings_changed)
        self.stats = StatsPanel()
        self.history = QListWidget()
        self.history.setObjectName("history")
        self.history.itemClicked.connect(self._history_clicked)
        self.tree_panel = TreePage()
        self.tree_panel.searchChosen.connect(self._search_chosen)
        self.searches = RecordedSearch(self.controller, self.tree_panel, self)
        self.searches.finished.connect(self._search_finished)
        self.searches.failed.connect(self._search_failed)
        self.searches.progress.connect(self._search_progress)
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
        # Its height as the person leaves it (a drag of its edge) is what a resize keeps.
        self.docks["tree"].installEventFilter(self)
        # The default layout: the settings on the left, the whole height; the board with
        # the statistics and the moves (as tabs) beside it; the search tree under both,
        # with about half of the height.
        self.setCorner(Qt.Corner.TopLeftCorner, Qt.DockWidgetArea.LeftDockWidgetArea)
        self.setCorner(Qt.Corner.BottomLeftCorner, Qt.DockWidgetArea.LeftDockWidgetArea)
        self.setCorner(Qt.Corner.BottomRightCorner, Qt.DockWidgetArea.BottomDockWidgetArea)
        self.tabifyDockWidget(self.docks["stats"], self.docks["history"])
        self.docks["stats"].raise_()
        self.progress_label = QLabel()
        self.statusBar().addPermanentWidget(self.progress_label)
        self._thinking = ""  #: the progress line to show next (at the statistics' rate)
        self._thinking_updates = RateLimiter(
            self.progress_label,
            PROGRESS_UPDATES_PER_S,
            lambda: self.progress_label.setText(self._thinking),
        )
        self._make_actions()
        self.board: BoardWidget | None = None
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
            self._advance()  # the AI's first search, if it moves first
        except BaseException:
            self._stop_searches()
            self.deleteLater()  # its signal connections would keep the half-built window alive
            raise

    # -- building ----------------------------------------------------------------------

    def _dock(self, title: str, widget: QWidget, area: Qt.DockWidgetArea) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(f"dock-{title}")
        dock.setWidget(widget)
        self.addDockWidget(area, dock)
        return dock

    # Made from ui/actions.py's list (build_actions).
    declared_actions: dict[str, QAction]
    play_file_menu: QMenu
    game_menu: QMenu
    view_menu: QMenu
    help_menu: QMenu
    act_new: QAction
    act_undo: QAction
    act_redo: QAction
    act_hint: QAction
    act_move_now: QAction
    act_pause: QAction
    act_compare_mcts: QAction
    act_quit: QAction
    act_open_game_file: QAction
    act_new_game_file: QAction
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

    # -- the game ----------------------------------------------------------------------

    @property
    def game(self) -> Game[Any, Any]:
        """The game being played."""
        return self.match.game

    def new_game(self, config: PlayConfig | None = None, *, start: bool = True) -> None:
        """Start a game with ``config`` (default: the current one); ``start`` False sets
        the board up without letting the AI begin."""
        self._halt()
        if config is not None and config != self.settings_panel.config:
            self.settings_panel.set_config(config)
        self.config = self.settings_panel.config
        game = self.user_game if self.user_game is not None else self.config.make_game()
        self.match = Match(game)
        self.move_searches.clear()
        self.kept.clear()
        self.tree_panel.clear(TREE_EMPTY)
        self._list_searches()
        # Two AIs do not start to play unseen (from Draw a tree or Practise): Pause AI,
        # in Play, starts them.
        self.paused = self.mode != "play" and not any(self.config.seated())
        self.act_pause.setChecked(self.paused)
        if self.board is not None:
            self._central_layout.removeWidget(self.board)
            self.board.deleteLater()
        self.board = make_board(game)
        self.board.setObjectName("board")
        self.board.moveChosen.connect(self._human_move)
        self.board.refused.connect(lambda why: self.statusBar().showMessage(why, 3000))
        humans = self.config.seated()
        self.board.set_viewpoint(Player.MIN if humans == (False, True) else Player.MAX)
        self.board.set_seats(self.names(), humans)
        self._central_layout.addWidget(self.board, 1)
        self.stats.clear()
        self._save_config()
        self._refresh()
        if start:
            self._advance()

    def names(self) -> tuple[str, ...]:
        """What each seat (player) is called in this game, in the order of its players."""
        if self.user_game is not None:
            return self.user_game.players
        return self.config.spec.side_names

    def seat(self, state: Any) -> int | None:
        """Who decides at ``state``: the index of a seat, or None (chance, or the end)."""
        game = self.game
        if game.is_terminal(state) or game.to_move(state) is Player.CHANCE:
            return None
        return game.player_index(state)

    def human_to_move(self) -> bool:
        """True when the game goes on and a person decides now."""
        seat = self.seat(self.match.state)
        return seat is not None and self.config.is_human(seat)

    def _ai_waits_at(self, state: Any) -> bool:
        """True at a chance node, or where the AI decides (undo and redo go past them)."""
        seat = self.seat(state)
        return seat is None or not self.config.is_human(seat)

    def _pace_ms(self) -> int:
        if self.pace_override_ms is not None:
            return self.pace_override_ms
        return DEFAULT_PACE_MS if self.user_game is not None else self.config.spec.pace_ms

    def _cancel_search(self) -> None:
        """Stop the running search, if any, and drop its answer (and its half-grown tree)."""
        request = self.controller.current
        if request is None:
            return
        self.stats.show_stopped("cancelled")
        self.controller.cancel()
        self.kept.drop(request.recording)
        if request.recording is not None and request.recording is self.tree_panel.shown:
            self._show_last_tree()
        else:
            self._list_searches()

    def _show_last_tree(self) -> None:
        """Show the newest kept AI search tree, or say there is none."""
        if self.move_recordings:
            self._show_kept((MOVE, max(self.move_recordings)))
        else:
            self.tree_panel.clear(TREE_EMPTY)
            self._list_searches()

    def _show_kept(self, key: Key) -> None:
        """Show the search of ``key`` in the tree dock: following it if it still runs."""
        found = self.kept.find(key)
        if found is None:
            return
        kept, running = found
        self.tree_panel.show_recording(kept.recording, live=running, title=kept.title)
        self._list_searches()

    def _list_searches(self) -> None:
        """The tree dock's list of searches, the one it shows chosen."""
        self.tree_panel.list_searches(self.kept.entries(), self.kept.key_of(self.tree_panel.shown))

    @Slot(object)
    def _search_chosen(self, key: Key) -> None:
        """The person chose a search in the tree dock's list."""
        self._show_kept(key)

    def _halt(self) -> None:
        """Stop whatever was under way: a search, a paced move, a hint."""
        self._cancel_search()
        self._pace_timer.stop()
        self._pending_move = None
        self._waiting_for_code = False
        self._hint_wanted = False
        self._analysis = None
        self._thinking_updates.cancel()
        self.progress_label.clear()

    def _advance(self) -> None:
        """Decide what happens next: a die roll, the AI's search, or a person's click."""
        match = self.match
        self._refresh()
        if self.board is None:
            return
        self.board.set_interactive(False)
        if self.user_game is not None and self.user_game.waiting(match.state):
            self._waiting_for_code = True  # the play goes on once the code has answered
            return
        if match.is_over:
            return
        self._turn_started = time.perf_counter()
        if match.to_move is Player.CHANCE:
            self._pace_timer.start(self._pace_ms())
        elif self.human_to_move():
            self.board.set_interactive(True)
            if self.show_values:
                self._analyse()
        elif not self.paused:
            self._start_search("move", self.config.search)

    def _play(self, move: Any) -> None:
        """Make ``move`` and carry on."""
        ply = self.match.play(move)
        assert self.board is not None
        self.board.set_state(ply.after, move)
        self._analysis = None
        self._advance()

    @Slot(object)
    def _human_move(self, move: Any) -> None:
        if not self.human_to_move():
            self.statusBar().showMessage("Not your turn", 3000)
            return
        try:
            self._play(move)
        except GameError as error:
            self.statusBar().showMessage(str(error), 3000)

    @Slot()
    def _paced_step(self) -> None:
        """A die roll, or an AI move held back until a person could follow it."""
        if self._pending_move is not None:
            move, self._pending_move = self._pending_move, None
            self._play(move)
        elif not self.match.is_over and self.match.to_move is Player.CHANCE:
            outcomes = self.game.chances(self.match.state)
            faces = [o for o, _ in outcomes]
            weights = [p for _, p in outcomes]
            self._play(self.rng.choices(faces, weights)[0])

    # -- searching ---------------------------------------------------------------------

    def _start_search(self, purpose: str, settings: SearchSettings) -> None:
        state = self.match.state
        if purpose == "move":
            seat = self.seat(state)
            title = f"AI move for {self.names()[seat or 0]}"
        else:
            title = "Analysis of your moves"
        turn = sum(1 for ply in self.match.plies if ply.player is not Player.CHANCE) + 1
        if self.user_game is not None:  # the panel fitted it; Hint and analysis add to it
            settings = fit_search(self.user_game, None, settings)
        title = f"{title} (move {turn})"
        # An analysis of the person's moves grows in the dock only where it would hide
        # no AI search; else it waits in the dock's list of searches.
        shown = self.kept.key_of(self.tree_panel.shown)
        show = purpose == MOVE or shown is None or shown[0] == ANALYSIS
        request = self.searches.start(
            self.game,
            state,
            settings,
            purpose=purpose,
            # Recorded only while the tree dock is open, to grow there.
            record=self.docks["tree"].toggleViewAction().isChecked(),
            node_cap=self.tree_panel.node_cap(),
            title=title,
            show=show,
        )
        if request.recording is not None:
            self.kept.start((purpose, len(self.match.plies) + 1), title, request.recording)
            self._list_searches()
            if not show:
                self.statusBar().showMessage(
                    f"{title}: its tree is in the Search tree's list of searches", 5000
                )
        self.stats.show_started(title, settings)
        self._refresh()

    def _analyse(self) -> None:
        """Search the person's position with exact values for every move."""
        if self._analysis is not None and self._analysis_fresh():
            self._show_analysis()
            return
        self._start_search("analysis", analysis_settings(self.config.search))

    def _analysis_fresh(self) -> bool:
        return self._analysis is not None and self._analysis_state == self.match.state

    @Slot(object, object)
    def _search_finished(self, request: SearchRequest, result: SearchResult) -> None:
        self._thinking_updates.cancel()
        mcts = result.settings.algorithm is Algorithm.MCTS
        self.progress_label.setText(
            self._progress_text(
                result.stats.nodes,
                result.depth,
                result.stats.seconds,
                done=True,
                iterations=result.stats.iterations if mcts else None,
            )
        )
        if request.state != self.match.state:
            self.kept.drop(request.recording)
            self._list_searches()
            return  # the game moved on (undo, new game): nothing to do with it
        self.kept.finish(request.recording)
        self._list_searches()
        self.stats.show_result(self.game, request.state, result, request.recording)
        if request.purpose == "move":
            move = result.best_move
            if move is None:
                move = next(iter(self.game.ordered_actions(request.state)))
                self.statusBar().showMessage(
                    "Stopped before any move was fully searched: playing the first move tried",
                    5000,
                )
            number = len(self.match.plies) + 1
            self.move_searches[number] = result
            waited = (time.perf_counter() - self._turn_started) * 1000
            self._pending_move = move
            self._pace_timer.start(max(0, int(self._pace_ms() - waited)))
        else:
            self._analysis = result
            self._analysis_state = request.state
            self._show_analysis()
        self._refresh()

    def _show_analysis(self) -> None:
        result = self._analysis
        if result is None or self.board is None:
            return
        if self.show_values:
            # Max^n and paranoid: only exact values (a cut move's is a bound).
            exact = result.values is None
            self.board.set_move_values(
                {m.move: m.value for m in result.root_moves if exact or m.bound is Bound.EXACT}
            )
        if self._hint_wanted and result.best_move is not None:
            self._hint_wanted = False
            self.board.set_hint(result.best_move)
            text = self.game.move_text(self.match.state, result.best_move)
            self.statusBar().showMessage(
                f"Hint: play {text} (value {format_value(result.value)})", 8000
            )

    @Slot(object, str)
    def _search_failed(self, request: SearchRequest, message: str) -> None:
        """Say why, and for the AI's move, pause it until the person resumes: settings
        that do not fit, or an engine process that crashed or hung (restarted next)."""
        self.stats.show_stopped("failed")
        self.kept.finish(request.recording)  # what it recorded before it failed
        self._list_searches()
        self._thinking_updates.cancel()
        self.progress_label.setText("search failed")
        self.statusBar().showMessage(f"The search failed: {message}")
        if request.purpose != "move":
            self._refresh()
            return
        self._set_paused(True)
        self.headline.setText("The AI's search failed: resume it with Ctrl+P")

    @Slot(object)
    def _search_progress(self, progress: SearchProgress) -> None:
        self.stats.show_progress(progress)
        self._thinking = self._progress_text(
            progress.nodes,
            progress.depth,
            progress.seconds,
            done=False,
            iterations=progress.iterations,
        )
        self._thinking_updates.request()

    @staticmethod
    def _progress_text(
        nodes: int,
        depth: int | None,
        seconds: float,
        *,
        done: bool,
        iterations: int | None = None,
    ) -> str:
        """The status bar's line: nodes, how far (depth, or MCTS's ``iterations``), speed."""
        rate = nodes / seconds if seconds > 0 else 0.0
        if iterations is not None:  # MCTS: no depth, its playouts run to the end
            far = iterations_text(iterations)
        else:
            far = f"depth {'end' if depth is None else depth}"
        head = "searched" if done else "thinking"
        return f"{head}: {nodes:,} nodes · {far} · {rate:,.0f} nodes/s · {seconds:.1f} s"

    # -- commands ----------------------------------------------------------------------

    def undo(self) -> None:
        """Take back moves until it is a person's turn again (one move when only AIs play)."""
        match = self.match
        if not match.can_undo:
            return
        self._halt()
        only_ais = not any(self.config.seated())
        match.undo()
        while match.can_undo and (
            match.to_move is Player.CHANCE or (not only_ais and self._ai_waits_at(match.state))
        ):
            match.undo()
        if only_ais:
            self._set_paused(True)
        self._after_jump()

    def redo(self) -> None:
        """Play again the moves taken back, up to the person's next turn."""
        match = self.match
        if not match.can_redo:
            return
        self._halt()
        match.redo()
        while match.can_redo and not match.is_over and self._ai_waits_at(match.state):
            match.redo()
        self._after_jump()

    def _after_jump(self) -> None:
        assert self.board is not None
        last = self.match.last
        self.board.set_state(self.match.state, None if last is None else last.move)
        for number in [n for n in self.move_searches if n > len(self.match.plies)]:
            del self.move_searches[number]
        self.kept.forget_after(len(self.match.plies))
        if self.tree_panel.shown is not None and self.kept.key_of(self.tree_panel.shown) is None:
            self._show_last_tree()  # the tree shown was of a move taken back
        else:
            self._list_searches()
        self._advance()

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
        self._show_kept((MOVE, number))

    def hint(self) -> None:
        """Ask the AI for the person's best move, and mark it on the board."""
        if not self.human_to_move():
            self.statusBar().showMessage("A hint is for your own turn", 3000)
            return
        self._hint_wanted = True
        self._analyse()

    def move_now(self) -> None:
        """Make the AI play the best move it has found so far."""
        request = self.controller.current
        if request is not None and request.purpose == "move":
            self.controller.move_now()

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
        self._set_paused(paused)
        if not paused:
            self._advance()

    def _set_paused(self, paused: bool) -> None:
        self.paused = paused
        self.act_pause.setChecked(paused)
        if paused:
            request = self.controller.current
            if request is not None and request.purpose == "move":
                self._cancel_search()
            self._pending_move = None
            self._pace_timer.stop()
        self._refresh()

    def set_show_values(self, on: bool) -> None:
        """Label every legal move with its value (searched for the person's turn)."""
        self.show_values = on
        self.store.setValue("view/show_values", on)
        if self.board is None:
            return
        if not on:
            self.board.set_move_values(None)
            return
        if self.human_to_move():
            self._analyse()

    def reset_layout(self) -> None:
        """Put the panels back where they started (shown in Play mode, as this mode wants
        its bars: the saved layout knows nothing of modes), the search tree with about
        half the window's height, and the tree panels' sides as they were at first."""
        self.set_tree_focus(False)
        self.restoreState(self._default_layout, LAYOUT_VERSION)
        mode = self.mode
        self._play_docks = dict.fromkeys(self.docks, True)
        for dock in self.docks.values():
            dock.setVisible(mode == "play")
        self.game_toolbar.setVisible(mode == "play")
        self.trees.set_active(mode == "trees")
        self.exercises.set_active(mode == "exercise")
        for panel in self._tree_panels():
            panel.reset_layout()
        self._size_docks()

    def _tree_panels(self) -> list[TreePage]:
        return [self.tree_panel, self.editor.solution_panel, self.exercises.solution_panel]

    def _size_docks(self) -> None:
        """The default sizes: the search tree gets ``TREE_SHARE`` of the height, and all
        above what the board is given (``BOARD_HEIGHT``) in a taller window; the side
        docks no more than they need."""
        height = self.height()
        tree = max(round(height * TREE_SHARE), height - BOARD_HEIGHT)
        self.resizeDocks([self.docks["tree"]], [tree], Qt.Orientation.Vertical)
        self.resizeDocks(
            [self.docks["settings"], self.docks["stats"]],
            [SETTINGS_WIDTH, STATS_WIDTH],
            Qt.Orientation.Horizontal,
        )
        # Noted again once laid out: a resize before then must not start from the old.
        self._heights = None
        QTimer.singleShot(0, self._note_heights)

    def _tree_under_board(self) -> bool:
        """True while the search tree is docked under the board (the default place)."""
        dock = self.docks["tree"]
        return (
            dock.isVisible()
            and not dock.isFloating()
            and self.central_stack.isVisible()
            and self.dockWidgetArea(dock) == Qt.DockWidgetArea.BottomDockWidgetArea
        )

    def _note_heights(self) -> None:
        """Remember the heights as laid out now: the next resize starts from them."""
        if self._tree_under_board():
            board, tree = self.central_stack.height(), self.docks["tree"].height()
            self._heights = (self.height(), board, tree)
        else:
            self._heights = None

    def resizeEvent(self, event: QResizeEvent) -> None:
        """A taller window gives the search tree all the extra height (Qt would give it
        to the board); a shorter one takes it from the tree while the tree keeps its
        share of the height (its own, or ``TREE_SHARE`` if less), then from both."""
        super().resizeEvent(event)
        before = self._heights
        if before is not None and self._tree_under_board() and before[0] != self.height():
            window, board, tree = before
            total = board + tree + self.height() - window
            share = min(tree / max(board + tree, 1), TREE_SHARE)
            wanted = max(total - board, round(total * share))
            self.resizeDocks([self.docks["tree"]], [wanted], Qt.Orientation.Vertical)
        QTimer.singleShot(0, self._note_heights)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Note the tree dock's height when it changes (the person dragged its edge)."""
        if watched is self.docks.get("tree") and event.type() == QEvent.Type.Resize:
            QTimer.singleShot(0, self._note_heights)
        return super().eventFilter(watched, event)

    def showEvent(self, event: QShowEvent) -> None:
        """The first show of a window with no remembered layout: the default sizes, now
        that the window has its own."""
        super().showEvent(event)
        if self._fresh_layout:
            self._fresh_layout = False
            QTimer.singleShot(0, self._size_docks)  # once the window is laid out

    @property
    def tree_focus(self) -> bool:
        """True while the search tree has the whole window."""
        return self._tree_focus

    def set_tree_focus(self, on: bool) -> None:
        """Give the search tree the whole window, or bring the rest back. In Play the
        board and the other docks go; in the other modes the page's side panel."""
        self.act_focus_tree.setChecked(on)
        if on == self._tree_focus:
            return
        self._tree_focus = on
        mode = self.mode
        if mode == "play":
            if on:
                self._focus_docks = {k: d.isVisible() for k, d in self.docks.items()}
                for key, dock in self.docks.items():
                    dock.setVisible(key == "tree")
                self.central_stack.hide()
            else:
                self.central_stack.show()
                for key, dock in self.docks.items():
                    dock.setVisible(self._focus_docks.get(key, True))
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
        if self._waiting_for_code:
            self._waiting_for_code = False
            self._advance()
        else:
            self._refresh()

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
        match = self.match
        names = self.names()
        busy = self.controller.busy
        self.act_undo.setEnabled(match.can_undo)
        self.act_redo.setEnabled(match.can_redo)
        human_turn = self.human_to_move()
        self.act_hint.setEnabled(human_turn)
        request = self.controller.current
        self.act_move_now.setEnabled(request is not None and request.purpose == "move")
        self.act_pause.setEnabled(not all(self.config.seated()))
        self.act_new.setEnabled(True)
        self.act_compare_mcts.setEnabled(True)
        if self.mode != "play":
            for action in self.game_actions:
                action.setEnabled(False)
        self.headline.setText(self._headline(names, human_turn, busy))
        self.history.clear()
        turn = 0
        for ply in match.plies:
            seat = self.seat(ply.before)
            if seat is not None:
                turn += 1
            self.history.addItem(self._history_item(ply.number, turn, seat, ply.text))
        self.history.scrollToBottom()

    def _headline(self, names: tuple[str, ...], human_turn: bool, busy: bool) -> str:
        match = self.match
        people = [seat for seat, human in enumerate(self.config.seated()) if human]
        if self.user_game is not None and self.user_game.waiting(match.state):
            return "Waiting for the game's code…"
        if match.is_over:
            return "Game over: " + self._result_words(names, people)
        seat = self.seat(match.state)
        if seat is None:
            return "Rolling the die…"
        if human_turn:
            if len(people) > 1:
                return f"{names[seat]} to move"
            return f"Your turn: you play {names[seat]}"
        if self.paused:
            return f"Paused: the AI ({names[seat]}) waits"
        return f"The AI ({names[seat]}) is thinking…"

    def _result_words(self, names: tuple[str, ...], people: list[int]) -> str:
        """Who won the finished game: "you win!", "the AI wins", "B wins (0, 1, 0)"."""
        state = self.match.state
        payoffs = self.game.utilities(state)
        best = max(payoffs)
        winners = [seat for seat, payoff in enumerate(payoffs) if payoff == best]
        vector = f" {vector_text(payoffs)}" if len(payoffs) > 2 else ""
        if len(winners) == len(payoffs):
            return f"a draw{vector}"
        who = " and ".join(names[seat] for seat in winners)
        if len(people) == 1:
            if people[0] in winners:
                return f"you win!{vector}"
            if len(payoffs) == 2:
                return "the AI wins"
            return f"the AI ({who}) wins{vector}"
        return f"{who} win{'s' if len(winners) == 1 else ''}{vector}"

    def _history_item(self, number: int, turn: int, seat: int | None, text: str) -> QListWidgetItem:
        """One line of the move list; ``number`` counts every ply, ``turn`` only decisions;
        ``seat`` is who moved (None: chance)."""
        if seat is None:
            return QListWidgetItem(f"      die: {text}")
        who = self.names()[seat] + ("" if self.config.is_human(seat) else " (AI)")
        item = QListWidgetItem(f"{turn}. {who}: {text}")
        item.setData(Qt.ItemDataRole.UserRole, number)
        result = self.move_searches.get(number)
        if result is not None:
            reopen = "; click to see its search tree" if number in self.move_recordings else ""
            item.setToolTip(
                f"value {format_value(result.value)}, {result.stats.nodes:,} nodes, "
                f"{result.stats.seconds:.2f} s{reopen}"
            )
        return item

    # -- remembering -------------------------------------------------------------------

    def _load_config(self) -> PlayConfig:
        store = self.store
        try:
            game = str(store.value("play/game", default_game()))
            seats = Seats(str(store.value("play/seats", Seats.HUMAN_FIRST.value)))
            # One letter per seat, P a person and A the AI ("PAA"): no commas, which an
            # INI file reads back as a list, and no digits, which could read as a number.
            humans = tuple(c == "P" for c in str(store.value("play/humans", "") or ""))
            options = {
                option.key: int(str(store.value(f"play/{option.key}", option.default)))
                for option in all_options()
            }
        except (ValueError, TypeError, OverflowError):
            return PlayConfig()
        if game not in game_names():
            game = default_game()
        return PlayConfig(
            game=game,
            seats=seats,
            humans=humans,
            options={
                option.key: int(clamp(options[option.key], (option.low, option.high)))
                for option in all_options()
            },
            search=self._load_search(game),
        )

    def _load_search(self, game: str) -> SearchSettings:
        self.store.beginGroup(f"search/{game}")
        try:
            values = {key: self.store.value(key) for key in self.store.childKeys()}
        finally:
            self.store.endGroup()
        return search_from_dict(values, default_search(game)) if values else default_search(game)

    def _save_config(self) -> None:
        config = self.config
        store = self.store
        store.setValue("play/game", config.game)
        store.setValue("play/seats", config.seats.value)
        store.setValue("play/humans", "".join("P" if h else "A" for h in config.humans))
        for option in all_options():
            store.setValue(f"play/{option.key}", config.option(option))
        for game, search in self.settings_panel.remembered_searches().items():
            for key, value in search_to_dict(search).items():
                store.setValue(f"search/{game}/{key}", value)

    def _restore_layout(self) -> None:
        geometry = self.store.value("window/geometry")
        if isinstance(geometry, QByteArray):
            self.restoreGeometry(geometry)
        state = self.store.value("window/state")
        if isinstance(state, QByteArray) and self.restoreState(state, LAYOUT_VERSION):
            self._fresh_layout = False
        for game in game_names():
            if game != self.settings_panel.config.game:
                self.settings_panel.remember_search(game, self._load_search(game))

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
        self._halt()
        self._stop_searches()
        self.store.setValue("window/geometry", self.saveGeometry())
        self.store.setValue("window/state", self.saveState(LAYOUT_VERSION))
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
            if not any(self.config.seated()) and not self.paused and not self.match.is_over:
                # Two AIs would play on unseen, and Pause AI is out of reach elsewhere
                # (as a new game of two AIs started from there waits: ``new_game``).
                self._set_paused(True)
            self._play_docks = {k: d.isVisible() for k, d in self.docks.items()}
            for dock in self.docks.values():
                dock.hide()
        # Leave the old mode first: no two enabled actions may share a shortcut.
        self.trees.set_active(False)
        self.exercises.set_active(False)
        page = {"play": 0, "trees": 1, "exercise": 2}[mode]
        # The page first, then the docks: docks shown beside the editor's page would ask
        # for its width plus theirs, and the window would grow past the screen for good.
        self.central_stack.setCurrentIndex(page)
        if play:
            for key, dock in self.docks.items():
                dock.setVisible(self._play_docks.get(key, True))
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
