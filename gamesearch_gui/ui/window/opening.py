"""What the window opens from outside: a person's game file or one of OpenSpiel's games
(played in Play mode), a template game file written first, a tree file or an example of
the library (drawn in Trees mode; dropped on the window, named on the command line,
chosen in a menu), and the tree an unclean exit left behind.
"""

from __future__ import annotations

import html
from collections.abc import Callable

from PySide6.QtCore import QObject
from PySide6.QtCore import QSettings
from PySide6.QtCore import Signal
from PySide6.QtGui import QDragEnterEvent
from PySide6.QtGui import QDropEvent
from PySide6.QtWidgets import QWidget

from gamesearch_gui.core.game import GameError
from gamesearch_gui.core.trees.examples import example
from gamesearch_gui.core.trees.file import EFG_SUFFIX
from gamesearch_gui.core.trees.file import TEST_SUFFIX
from gamesearch_gui.engine.remote_game import RemoteGame
from gamesearch_gui.ui import saved
from gamesearch_gui.ui.boards.text_board import unplayable
from gamesearch_gui.ui.editor.trees_mode import TreesMode
from gamesearch_gui.ui.game_files import GameFileEngine
from gamesearch_gui.ui.game_files import ask_game_file
from gamesearch_gui.ui.game_files import ask_template
from gamesearch_gui.ui.game_files import new_template
from gamesearch_gui.ui.game_files import openspiel_missing
from gamesearch_gui.ui.openspiel_dialog import OpenSpielDialog
from gamesearch_gui.ui.openspiel_dialog import not_installed_html


class Opening(QObject):
    """Opens files for ``window``: game files through an engine process of their own
    (``engine``, which runs the game's code while it is played), trees through
    ``trees``. ``tell(title, html)`` shows a message box; ``ask_recover()`` asks whether
    to reopen the tree left behind."""

    #: Show this mode ("play", "trees") for what is opened.
    modeWanted = Signal(str)
    #: A line for the status bar, and how long it stays (milliseconds; 0: until replaced).
    message = Signal(str, int)
    #: A game file was loaded: its game (a RemoteGame) and the spec it came from; the
    #: window plays it (before ``open_game_file`` returns). OpenSpiel's games too.
    gameLoaded = Signal(object, str)

    def __init__(
        self,
        window: QWidget,
        trees: TreesMode,
        tell: Callable[[str, str], None],
        ask_recover: Callable[[], bool],
        store: QSettings | None = None,
    ) -> None:
        super().__init__(window)
        self._window = window
        self.trees = trees
        self.engine = GameFileEngine(window)
        self._tell = tell
        self._ask_recover = ask_recover
        self._store = store

    # -- users' game files ----------------------------------------------------------------

    def ask_open_game_file(self) -> None:
        """Ask for a game file, and play it."""
        path = ask_game_file(self._window)
        if path:
            self.open_game_file(path)

    def open_game_file(self, spec: str) -> bool:
        """Play the game of ``PATH[:CLASS]`` against the AI; loaded (and run) in the
        engine process. A file that cannot be used is said, and the game stays."""
        self.message.emit(f"Loading {spec}…", 0)
        try:
            game = self.engine.open(spec, parent=self._window)
        except GameError as error:
            self.message.emit(f"The game file could not be used: {error}", 15000)
            self._tell("The game file could not be used", _html(str(error)))
            return False
        self.gameLoaded.emit(game, spec)
        return True

    def ask_new_game_file(self) -> None:
        """Write a template game file where the person says, and play it."""
        answer = ask_template(self._window)
        if answer is None:
            return
        path, style = answer
        try:
            new_template(path, style)
        except (GameError, OSError) as error:
            self._tell("The template could not be written", _html(str(error)))
            return
        self.open_game_file(path)

    # -- OpenSpiel's games ------------------------------------------------------------

    def ask_open_openspiel(self) -> None:
        """Game > Open OpenSpiel game: choose a game and its parameters, and play it; or
        say how to install OpenSpiel when it is not there."""
        self.message.emit("Asking the engine for OpenSpiel's games…", 0)
        try:
            games = self.engine.openspiel_games(self._window)
        except GameError as error:
            if openspiel_missing(error):
                self.message.emit(str(error), 15000)
                self._tell("OpenSpiel is not installed", not_installed_html())
            else:
                self._refused("OpenSpiel's games could not be listed", str(error))
            return
        self.message.emit("", 0)
        opened: list[RemoteGame] = []

        def try_open(spec: str) -> str | None:
            try:
                opened[:] = [self._open_openspiel(spec)]
            except GameError as error:
                return str(error)
            return None

        last = saved.LAST_OPENSPIEL.read(self._store) if self._store is not None else ""
        dialog = OpenSpielDialog(games, try_open, self._window, chosen=last)
        accepted = dialog.exec() == OpenSpielDialog.DialogCode.Accepted and opened
        dialog.deleteLater()
        if accepted:
            self._play_openspiel(opened[0], dialog.spec)

    def open_openspiel(self, spec: str) -> bool:
        """Play OpenSpiel's game of ``spec`` against the AI (opened and searched in the
        engine process). A game the engine refuses is said in one line, and the game
        played stays."""
        self.message.emit(f"Opening OpenSpiel's {spec}…", 0)
        try:
            game = self._open_openspiel(spec)
        except GameError as error:
            self._refused("The OpenSpiel game could not be opened", str(error))
            return False
        self._play_openspiel(game, spec)
        return True

    def _open_openspiel(self, spec: str) -> RemoteGame:
        """The game of ``spec`` opened in the engine; GameError when the engine refuses
        it, or when it cannot be played here (its start fails, or has too many moves)."""
        game = self.engine.open_openspiel(spec, self._window)
        why = unplayable(game)
        if why is not None:
            raise GameError(why)
        return game

    def _play_openspiel(self, game: RemoteGame, spec: str) -> None:
        if self._store is not None:
            saved.LAST_OPENSPIEL.write(self._store, spec)
        self.gameLoaded.emit(game, f"OpenSpiel ({spec})")

    def _refused(self, title: str, why: str) -> None:
        self.message.emit(f"{title}: {why}", 15000)
        self._tell(title, _html(why))

    # -- trees -------------------------------------------------------------------------

    def open_example(self, key: str) -> bool:
        """Open an example of the library in Trees mode (unless the person cancels)."""
        opened = self.trees.open_example(example(key))
        if opened:
            self.modeWanted.emit("trees")
        return opened

    def open_tree_file(self, path: str) -> bool:
        """Open a tree file in Trees mode (drag and drop, the command line)."""
        self.modeWanted.emit("trees")
        return self.trees.editor.open_file(path)

    def drag_enter(self, event: QDragEnterEvent) -> None:
        """Take a drag that brings a tree file."""
        if any(_is_tree_file(url.toLocalFile()) for url in event.mimeData().urls()):
            event.acceptProposedAction()

    def drop(self, event: QDropEvent) -> None:
        """Open the first tree file dropped."""
        for url in event.mimeData().urls():
            path = url.toLocalFile()
            if _is_tree_file(path):
                event.acceptProposedAction()
                self.open_tree_file(path)
                return

    def offer_recovery(self) -> None:
        """Offer to reopen the tree an unclean exit left behind, if it left one."""
        editor = self.trees.editor
        if not editor.has_recovery():
            return
        if self._ask_recover():
            self.modeWanted.emit("trees")
            editor.open_recovery()  # read off the GUI thread: it may be a big tree
        else:
            editor.remove_recovery()


def _html(text: str) -> str:
    """Plain text for a rich-text message box."""
    return html.escape(text).replace("\n", "<br>")


def _is_tree_file(path: str) -> bool:
    """A file the editor opens: the app's JSON trees, CS188's test cases, Gambit's games."""
    return bool(path) and path.lower().endswith((".json", TEST_SUFFIX, EFG_SUFFIX))
