"""The Help menu's own parts, for the main window: the user guide, the keyboard shortcuts
(a page of the guide, made from the window's actions), the welcome and its three starts.

The Help menu's entries (these, and the window's How to play, Examples and About) are
declared in ``ui/actions.py``. Every action's slot takes no arguments
(tests/ui/test_action_sweep.py triggers them all).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject
from PySide6.QtCore import QSettings
from PySide6.QtGui import QAction
from PySide6.QtGui import QShortcut
from PySide6.QtWidgets import QMainWindow

from gamesearch_gui.core.exercises.exercise import DIFFICULTIES
from gamesearch_gui.core.exercises.exercise import Task
from gamesearch_gui.core.exercises.exercise import random_exercise
from gamesearch_gui.core.games import game_specs
from gamesearch_gui.ui import saved
from gamesearch_gui.ui.actions import ALL_MODES
from gamesearch_gui.ui.actions import MODE_COMMANDS
from gamesearch_gui.ui.actions import Mode
from gamesearch_gui.ui.actions import Owner
from gamesearch_gui.ui.actions import bar
from gamesearch_gui.ui.actions import build_actions
from gamesearch_gui.ui.actions import menu_bar_ids
from gamesearch_gui.ui.boards.factory import board_class
from gamesearch_gui.ui.canvas_keys import ALPHABETA_KEYS
from gamesearch_gui.ui.canvas_keys import DRAWING_KEYS
from gamesearch_gui.ui.canvas_keys import DRAWING_PLAYERS_KEYS
from gamesearch_gui.ui.canvas_keys import TREE_VIEW_KEYS
from gamesearch_gui.ui.help.guide import GeneratedPage
from gamesearch_gui.ui.help.guide import UserGuide
from gamesearch_gui.ui.help.shortcuts import Section
from gamesearch_gui.ui.help.shortcuts import action_text
from gamesearch_gui.ui.help.shortcuts import declared_rows
from gamesearch_gui.ui.help.shortcuts import plain
from gamesearch_gui.ui.help.shortcuts import shortcut_rows
from gamesearch_gui.ui.help.shortcuts import shortcuts_html
from gamesearch_gui.ui.help.welcome import WelcomeDialog
from gamesearch_gui.ui.tree.replay import RATES

#: The generated page of the keyboard shortcuts.
SHORTCUTS_PAGE = "keyboard-shortcuts"
#: The page of the guide that goes with each mode of the window (F1 opens it).
MODE_PAGES = {Mode.PLAY: "play.md", Mode.TREES: "editor.md", Mode.EXERCISE: "exercises.md"}
#: The example the welcome's second start solves, and the pace of its replay.
WELCOME_EXAMPLE = "figure-5-2"
WELCOME_RATE = 1  #: events a second: a step to read each second


class HelpDesk(QObject):
    """The user guide, the shortcuts and the welcome of one main window."""

    # Made from ui/actions.py's list (build_actions).
    declared_actions: dict[str, QAction]
    act_guide: QAction
    act_shortcuts: QAction
    act_welcome: QAction

    def __init__(self, window: QMainWindow, store: QSettings) -> None:
        super().__init__(window)
        #: The main window (not imported: the window is built from its parts, never the
        #: other way round). The desk reads its menus, modes, docks and pages, and starts
        #: a game, an example or an exercise through them.
        self.window: Any = window
        self.store = store
        self.guide: UserGuide | None = None
        build_actions(Owner.HELP, self, window)

    # -- the guide ---------------------------------------------------------------------

    def user_guide(self) -> UserGuide:
        """The guide's window, made on first use (it reads and lays out every page)."""
        if self.guide is None:
            shortcuts = GeneratedPage(
                SHORTCUTS_PAGE, "Keyboard shortcuts", "Keys", self.shortcuts_page
            )
            self.guide = UserGuide(self.window, generated=[shortcuts])
        return self.guide

    def show_guide(self) -> None:
        """Help > User guide: the guide, at this mode's page when it opens."""
        guide = self.user_guide()
        if not guide.isVisible():
            guide.open(MODE_PAGES[self.window.mode])
        self._raise(guide)

    def show_shortcuts(self) -> None:
        """Help > Keyboard shortcuts: the guide's page of them, made afresh."""
        guide = self.user_guide()
        guide.open(SHORTCUTS_PAGE)
        self._raise(guide)

    def _raise(self, guide: UserGuide) -> None:
        guide.show()
        guide.raise_()
        guide.activateWindow()

    def shortcuts_page(self) -> str:
        """The keyboard shortcuts' page: the menus' keys from the list of the window's
        commands, the replay's read from its panel, then the keys the boards and trees
        read themselves."""
        w = self.window
        owners = w.action_owners
        mode_names = {m: action_text(w.declared_actions[c]) for m, c in MODE_COMMANDS.items()}
        generated = []
        # Each mode's menus, then those of every mode.
        for mode in [*Mode, None]:
            for bar_id in menu_bar_ids():
                menu = bar(bar_id)
                if menu.modes != ((mode,) if mode else ALL_MODES):
                    continue
                rows = declared_rows(owners, bar_id)
                where = f"In {mode_names[mode]}." if mode else "In every mode."
                if rows:
                    title = f"{plain(menu.title)} menu"
                    if mode:
                        title += f" ({mode_names[mode]})"
                    generated.append(Section(title, where, tuple(rows)))
            if mode is Mode.TREES:
                generated.append(
                    Section(
                        f"Edit menu > Node > Kind, in a tree of players ({mode_names[mode]})",
                        "On a tree of three players or more.",
                        tuple(declared_rows(owners, "editor.kind", ("players",))),
                    )
                )
        generated.append(
            Section(
                "Replaying a search",
                "With the search tree clicked first: in the Search tree panel, a solved "
                "tree and an exercise's solution.",
                shortcut_rows(w.tree_panel.findChildren(QShortcut)),
            )
        )
        boards = tuple(
            (spec.title, keys)
            for spec in game_specs()
            if spec.board is not None and (keys := board_class(spec).KEYS)
        )
        listed = [
            Section(
                "Drawing a tree", "The tree being drawn (not the solved one).", (), DRAWING_KEYS
            ),
            Section("Drawing a tree of players", "", (), DRAWING_PLAYERS_KEYS),
            Section("Practising by hand", "The exercise's tree.", (), ALPHABETA_KEYS),
            Section(
                "Every tree view",
                "The search tree, a drawn or solved tree, an exercise.",
                TREE_VIEW_KEYS,
            ),
            Section("The boards", "The board of the game being played.", boards),
        ]
        return shortcuts_html(generated, listed)

    # -- the welcome -------------------------------------------------------------------

    def welcome_at_start(self) -> None:
        """The welcome, if it was never closed before (the app's start calls this)."""
        if not saved.WELCOME_SEEN.read(self.store):
            self.show_welcome()

    def show_welcome(self) -> None:
        """Help > Welcome: the three starts; whichever way it is closed, it is not shown at
        the start again."""
        dialog = WelcomeDialog(self.window)
        try:
            dialog.exec()
            choice = dialog.choice
        finally:
            dialog.deleteLater()
        saved.WELCOME_SEEN.write(self.store, True)
        if choice == "play":
            self.start_playing()
        elif choice == "example":
            self.start_example()
        elif choice == "exercise":
            self.start_exercise()

    def start_playing(self) -> None:
        """A new game of the settings' game, its search tree open below the board."""
        w = self.window
        w.set_mode(Mode.PLAY)
        w.set_tree_focus(False)
        w.new_game()
        tree = w.docks["tree"]
        tree.show()
        tree.raise_()
        w.statusBar().showMessage(
            "The AI's search tree grows in the panel below the board as it thinks.", 15000
        )

    def start_example(self) -> None:
        """Figure 5.2 in the tree editor, solved, and its search replayed a step a second."""
        w = self.window
        if not w.open_example(WELCOME_EXAMPLE):
            return  # the person kept an unsaved tree
        editor = w.editor
        panel = editor.solution_panel
        editor.solve()
        started = editor.searches.request
        if started is None:
            return  # refused: the editor said why

        def replay(request: object, _result: object) -> None:
            editor.solved.disconnect(replay)
            if request is not started:
                return  # that solve failed; this is a later one of the person's
            panel.replay_bar.speed_slider.setValue(RATES.index(WELCOME_RATE))
            panel.controller.seek(0)
            panel.controller.play()
            w.statusBar().showMessage(
                "Each step is said above the tree; Space pauses, Left and Right step.", 15000
            )

        editor.solved.connect(replay)

    def start_exercise(self) -> None:
        """A small random minimax exercise in Practise by hand."""
        w = self.window
        w.set_mode(Mode.EXERCISE)
        page = w.exercises
        if not page.may_leave():
            return
        seed = str(w.rng.randrange(1000, 10_000))
        page.start(random_exercise(DIFFICULTIES["Easy"], Task.MINIMAX, seed))
