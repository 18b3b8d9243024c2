"""Every command of the window, declared once as data: its text, keys, tip, modes, places
in the menus and tool bars, and the method it calls.

Each part of the window that owns commands (an :class:`Owner`: the window, the tree
editor, the exercise page...) makes its QActions with :func:`build_actions`; the menus and
tool bars are filled from the same list (:func:`fill_menu`, :func:`fill_toolbar`,
:func:`fill_menu_bar`), and so are Help > Keyboard shortcuts and the action sweep's list of
what to trigger. To add a command: write its :class:`Command` in ``COMMANDS`` with the
name of the method it calls, and give it a :class:`Place`.

A handler is named by its path from its owner ("undo", "editor.document.undo_stack.undo")
and looked up when the action is triggered; it is called with no arguments but the
declared ``args`` (a QAction's ``triggered`` passes a ``checked`` bool, which is dropped),
or, for a ``toggle``, with the action's new checked state.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction
from PySide6.QtGui import QActionGroup
from PySide6.QtGui import QIcon
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QMainWindow
from PySide6.QtWidgets import QMenu
from PySide6.QtWidgets import QToolBar

from gamesearch_gui.core.levels import CUSTOM
from gamesearch_gui.core.levels import LEVEL_IDS
from gamesearch_gui.core.levels import LEVELS
from gamesearch_gui.core.levels import level_title
from gamesearch_gui.core.trees.tree import NodeType
from gamesearch_gui.ui.level_picker import CUSTOM_TIP
from gamesearch_gui.ui.settings_words import EQUAL_VALUES_TIP

Key = str | QKeySequence.StandardKey
_KEYS = QKeySequence.StandardKey


class Mode(StrEnum):
    """The window's modes (a str, so that a saved or typed "play" still reads)."""

    PLAY = "play"
    TREES = "trees"
    EXERCISE = "exercise"


ALL_MODES: tuple[Mode, ...] = tuple(Mode)
PLAY, TREES, EXERCISE = (Mode.PLAY,), (Mode.TREES,), (Mode.EXERCISE,)


class Owner(StrEnum):
    """The parts of the window that hold commands (their handlers are their methods)."""

    WINDOW = "window"  #: MainWindow
    TREES = "trees"  #: TreesMode: the tree editor's File and Edit menus
    EDITOR = "editor"  #: TreeEditor
    EXERCISE = "exercise"  #: ExercisePage
    SEARCH_CHECK = "search_check"  #: SearchCheck: checking a student's search code
    HELP = "help"  #: HelpDesk
    TREE_PAGE = "tree_page"  #: the search tree's page (TreePage)


@dataclass(frozen=True)
class Place:
    """Where an entry sits in a menu or tool bar: entries are in ``(group, order)`` order,
    with a separator wherever the group changes."""

    bar: str  #: a menu's or tool bar's id (a :class:`Bar`)
    group: int = 0
    order: int = 0


@dataclass(frozen=True)
class Command:
    """One action of the window."""

    id: str
    owner: Owner
    text: str
    #: The owner's method it calls, by its path from the owner.
    handler: str
    modes: tuple[Mode, ...]
    places: tuple[Place, ...] = ()
    #: The owner's attribute that holds the QAction, by its path from the owner ("act_new",
    #: "acts.act_value"; "" for none: see ``declared_actions``).
    attr: str = ""
    args: tuple[Any, ...] = ()
    kwargs: tuple[tuple[str, Any], ...] = ()
    shortcut: Key | None = None
    #: A key the canvas reads itself (never a shortcut, so it never clashes with typing
    #: elsewhere), shown after a tab in menus: "Ins".
    key_hint: str = ""
    tip: str = ""
    status_tip: bool = True  #: the tip in the status bar too (on hovering it)
    icon: str = ""  #: a theme icon's name
    icon_text: str = ""  #: the text on a tool bar, if not ``text``
    checkable: bool = False
    checked: bool = False
    #: The handler gets the action's checked state (on ``triggered``, or on ``toggled``
    #: when ``on_toggled``: then setting the state in code calls it too).
    toggle: bool = False
    on_toggled: bool = False
    #: An exclusive group of checkable actions (the modes).
    group: str = ""
    #: "undo" or "redo": the action is the handler's QUndoStack's own (it names the
    #: command and enables itself).
    from_stack: str = ""
    #: In a dynamic menu, when it is shown: "" always, "players" only in a tree of
    #: players, "no players" only in a tree of MAX and MIN.
    shown: str = ""

    @property
    def menu_text(self) -> str:
        """The text as a menu shows it (the canvas's key after a tab)."""
        return f"{self.text}\t{self.key_hint}" if self.key_hint else self.text


@dataclass(frozen=True)
class Bar:
    """A menu or a tool bar: its id, title, modes, and where it is (a menu bar's menus are
    in the menu bar in the order of ``BARS``; a submenu has a place in its parent)."""

    id: str
    title: str
    owner: Owner
    #: The owner's attribute that holds the QMenu or QToolBar.
    attr: str
    modes: tuple[Mode, ...]
    toolbar: bool = False
    place: Place | None = None  #: a submenu's place in its menu (None: in the menu bar)
    #: Filled by its owner as things change (recent files, the kinds of a tree's nodes,
    #: the examples, the lessons): its declared entries are not added by ``fill_menu``.
    dynamic: bool = False
    tips_visible: bool = False
    object_name: str = ""  #: a tool bar's object name (saved layouts know it by it)


@dataclass(frozen=True)
class Listed:
    """Entries a menu shows that are not commands: the docks' own show/hide toggles."""

    id: str
    owner: Owner
    #: The owner's attribute: a dict or list of objects, each giving an action by ``each``.
    source: str
    each: str
    place: Place
    modes: tuple[Mode, ...] = ALL_MODES


BARS: tuple[Bar, ...] = (
    # The menu bar, in order.
    Bar("play.file", "&File", Owner.WINDOW, "play_file_menu", PLAY),
    Bar("trees.file", "&File", Owner.TREES, "file_menu", TREES),
    Bar("trees.edit", "&Edit", Owner.TREES, "edit_menu", TREES),
    Bar("trees.tree", "&Tree", Owner.TREES, "tree_menu", TREES),
    Bar("exercise", "E&xercise", Owner.EXERCISE, "menu", EXERCISE),
    Bar("game", "&Game", Owner.WINDOW, "game_menu", PLAY),
    Bar("view", "&View", Owner.WINDOW, "view_menu", ALL_MODES),
    Bar("help", "&Help", Owner.WINDOW, "help_menu", ALL_MODES),
    # Submenus (the lessons' places are in SUBMENU_PLACES).
    Bar("trees.recent", "Recent &Files", Owner.TREES, "recent_menu", TREES,
        place=Place("trees.file", 0, 2), dynamic=True),
    Bar("check.lessons", "Find-the-&bug lessons", Owner.SEARCH_CHECK, "lessons_menu",
        PLAY + TREES, dynamic=True, tips_visible=True),
    Bar("game.level", "AI &level", Owner.WINDOW, "level_menu", PLAY, place=Place("game", 3, 2),
        tips_visible=True),
    Bar("trees.node", "&Node", Owner.TREES, "node_menu", TREES, place=Place("trees.edit", 2)),
    Bar("editor.kind", "&Kind", Owner.EDITOR, "kind_menu", TREES,
        place=Place("trees.node", 0, 4), dynamic=True),
    Bar("help.examples", "&Examples", Owner.TREES, "examples_menu", ALL_MODES,
        place=Place("help", 1, 1), dynamic=True, tips_visible=True),
    # The tool bars, in the order the window adds them.
    Bar("toolbar.mode", "Mode", Owner.WINDOW, "modes_bar", ALL_MODES, toolbar=True,
        object_name="toolbar-mode"),
    Bar("toolbar.game", "Game", Owner.WINDOW, "game_toolbar", PLAY, toolbar=True,
        object_name="toolbar-game"),
    Bar("toolbar.tree", "Tree", Owner.TREES, "toolbar", TREES, toolbar=True,
        object_name="toolbar-tree"),
    Bar("toolbar.exercise", "Exercise", Owner.EXERCISE, "toolbar", EXERCISE, toolbar=True,
        object_name="toolbar-exercise"),
)  # fmt: skip
#: The lessons menu sits in both File menus (it is one menu, added twice).
SUBMENU_PLACES: dict[str, tuple[Place, ...]] = {
    "check.lessons": (Place("play.file", 1, 1), Place("trees.file", 3, 1)),
}

LISTED: tuple[Listed, ...] = (
    # Play's panels: shown in its View menu only (DockLayout.hide_docks).
    Listed("view.docks", Owner.WINDOW, "docks", "toggleViewAction", Place("view", 2), PLAY),
)

_W, _T, _E, _X = Owner.WINDOW, Owner.TREES, Owner.EDITOR, Owner.EXERCISE
_EXPORT_PAGE_TIP = (
    "Write the search's replay as one web page: the tree step by step with the same "
    "words, for a course page or a student without the app (any browser opens it)"
)


def _kind(kind: NodeType, text: str, key: str, order: int, shown: str) -> Command:
    return Command(
        f"editor.kind.{kind.name.lower()}",
        _E,
        text,
        "set_kind",
        TREES,
        (Place("editor.kind", 0, order),),
        args=(kind,),
        key_hint=key,
        checkable=True,
        shown=shown,
    )


def _level(level: str, order: int) -> Command:
    """Game > AI level's entry for ``level`` (the settings' Level box, chosen as by hand)."""
    blurb = next((f"{lv.title}: {lv.blurb}" for lv in LEVELS if lv.id == level), CUSTOM_TIP)
    return Command(
        f"game.level.{level}",
        _W,
        level_title(level),
        "play.settings_panel.level.choose",
        PLAY,
        (Place("game.level", 0 if level == CUSTOM else 1, order),),
        f"act_level_{level}",
        args=(level,),
        tip=blurb,
        checkable=True,
        checked=level == CUSTOM,
        group="levels",
    )


#: Game > AI level's choices: Custom, then the levels from the weakest.
LEVEL_CHOICES = (CUSTOM, *LEVEL_IDS)

COMMANDS: tuple[Command, ...] = (
    # -- Play: the game ----------------------------------------------------------------
    Command("game.new", _W, "&New game", "new_game", PLAY,
            (Place("game", 0), Place("toolbar.game", 0, 0)), "act_new",
            shortcut=_KEYS.New, tip="Start again"),
    Command("game.undo", _W, "&Undo", "undo", PLAY,
            (Place("game", 1, 0), Place("toolbar.game", 0, 1)), "act_undo",
            shortcut=_KEYS.Undo, tip="Take back your last move"),
    Command("game.redo", _W, "&Redo", "redo", PLAY,
            (Place("game", 1, 1), Place("toolbar.game", 0, 2)), "act_redo",
            shortcut=_KEYS.Redo, tip="Play the move taken back"),
    Command("game.hint", _W, "&Hint", "hint", PLAY,
            (Place("game", 2, 0), Place("toolbar.game", 0, 3)), "act_hint",
            shortcut="Ctrl+H", tip="Show the AI's best move for you"),
    Command("game.move_now", _W, "&Move now", "move_now", PLAY,
            (Place("game", 2, 1), Place("toolbar.game", 0, 4)), "act_move_now",
            shortcut="Ctrl+Return", tip="Make the AI play its best move so far"),
    Command("game.pause", _W, "&Pause AI", "set_paused", PLAY,
            (Place("game", 2, 2), Place("toolbar.game", 0, 5)), "act_pause",
            shortcut="Ctrl+P", tip="Stop the AI moving", checkable=True, toggle=True),
    Command("game.compare_mcts", _W, "&Compare MCTS with alpha-beta…", "compare_mcts", PLAY,
            (Place("game", 3),), "act_compare_mcts",
            tip="Both searches on this position: the move each chooses, MCTS's estimates "
            "beside alpha-beta's values (expectiminimax's in a game of chance); for games of "
            "two players"),
    Command("game.load_moves", _W, "&Load moves…", "load_moves", PLAY,
            (Place("game", 3, 1),), "act_load_moves",
            tip="Play a game written as its moves (as the Moves list writes them) onto the "
            "board, to review it or play on"),
    Command("game.review", _W, "Re&view game…", "review_game", PLAY,
            (Place("game", 3, 1),), "act_review",
            tip="Search every position of the game: a graph of its value, each costly move "
            "marked, the better move and its line"),
    *(_level(level, order) for order, level in enumerate(LEVEL_CHOICES)),
    Command("game.equal_values", _W, "Prune on &equal values",
            "play.settings_panel.set_equal_values", PLAY, (Place("game", 3, 3),),
            "act_equal_values", checkable=True, checked=True, toggle=True, tip=EQUAL_VALUES_TIP),
    Command("app.quit", _W, "&Quit", "close", ALL_MODES,
            (Place("game", 9), Place("play.file", 9), Place("trees.file", 9),
             Place("exercise", 9)), "act_quit",
            shortcut=_KEYS.Quit),
    Command("play.open_game_file", _W, "Open &game file…", "ask_open_game_file", PLAY,
            (Place("play.file", 0, 0),), "act_open_game_file",
            tip="Play a game you wrote in Python (this app's protocol or aima-python's)"),
    Command("play.open_openspiel", _W, "Open &OpenSpiel game…", "ask_open_openspiel", PLAY,
            (Place("game", 0, 1), Place("play.file", 0, 2)), "act_open_openspiel",
            tip="Play one of OpenSpiel's games (breakthrough, checkers, backgammon, ...), "
            "with its parameters"),
    Command("play.new_game_file", _W, "New game from &template…", "ask_new_game_file", PLAY,
            (Place("play.file", 0, 1),), "act_new_game_file",
            tip="Write a commented game file (Nim) to change, and play it"),
    Command("check.code", Owner.SEARCH_CHECK, "Check my search &code…", "ask", PLAY + TREES,
            (Place("play.file", 1, 0), Place("trees.file", 3, 0)), "act_check",
            tip="Compare your minimax or alpha-beta (aima-python's style) with the app's, "
            "leaf by leaf"),
    # The replay as a web page, from the search tree of the mode's tree page.
    Command("play.export_page", _W, "Export replay as &web page…",
            "tree_panel.exporter.export_page", PLAY, (Place("play.file", 2, 0),),
            "act_export_page", tip=_EXPORT_PAGE_TIP),
    Command("trees.export_page", _W, "Export replay as &web page…",
            "editor.solution_panel.exporter.export_page", TREES, (Place("trees.file", 2, 2),),
            "act_export_solved_page", tip=_EXPORT_PAGE_TIP),
    # -- View --------------------------------------------------------------------------
    Command("mode.play", _W, "&Play a game", "set_mode", ALL_MODES,
            (Place("view", 0, 0), Place("toolbar.mode", 0, 0)), "act_mode_play",
            args=(Mode.PLAY,), shortcut="Ctrl+1", tip="Play against the AI",
            checkable=True, checked=True, group="modes"),
    Command("mode.trees", _W, "&Draw a tree", "set_mode", ALL_MODES,
            (Place("view", 0, 1), Place("toolbar.mode", 0, 1)), "act_mode_trees",
            args=(Mode.TREES,), shortcut="Ctrl+2", tip="Draw a game tree and solve it",
            checkable=True, group="modes"),
    Command("mode.exercise", _W, "&Practise by hand", "set_mode", ALL_MODES,
            (Place("view", 0, 2), Place("toolbar.mode", 0, 2)), "act_mode_exercise",
            args=(Mode.EXERCISE,), shortcut="Ctrl+3",
            tip="Exercises: work out minimax and alpha-beta by hand, and have them graded",
            checkable=True, group="modes"),
    Command("view.values", _W, "Show move &values", "set_show_values", ALL_MODES,
            (Place("view", 1, 0),), "act_values", shortcut="Ctrl+M",
            tip="Label each move with its value", checkable=True, toggle=True),
    Command("view.focus_tree", _W, "&Focus on the tree", "set_tree_focus", ALL_MODES,
            (Place("view", 1, 1),), "act_focus_tree", shortcut="Ctrl+T",
            tip="Give the search tree the whole window (again: bring the rest back)",
            checkable=True, toggle=True),
    Command("view.strategy", Owner.TREE_PAGE, "MAX's &strategy in the tree",
            "_strategy_toggled", ALL_MODES, (Place("view", 1, 2),), "act_strategy",
            tip="Highlight MAX's strategy in teal: MAX's move at every MAX node it can "
            "reach, whatever MIN (or chance) does; and say what it guarantees, or why the "
            "search left it incomplete",
            status_tip=False, icon_text="Strategy", checkable=True, toggle=True,
            on_toggled=True),
    Command("view.reset_layout", _W, "&Reset layout", "reset_layout", ALL_MODES,
            (Place("view", 3),), "act_reset_layout"),
    # -- Help --------------------------------------------------------------------------
    Command("help.guide", Owner.HELP, "User &guide", "show_guide", ALL_MODES,
            (Place("help", 0, 0),), "act_guide", shortcut=_KEYS.HelpContents,
            tip="The guide to everything in the window, with search (it opens at this "
            "mode's page)"),
    Command("help.shortcuts", Owner.HELP, "&Keyboard shortcuts", "show_shortcuts", ALL_MODES,
            (Place("help", 0, 1),), "act_shortcuts",
            tip="Every key of the menus, the replay, the trees and the boards"),
    # The rules of the game being played: shown in Play mode only (MainWindow.set_mode).
    Command("help.how_to_play", _W, "&How to play", "show_how_to_play", PLAY,
            (Place("help", 1, 0),), "act_how", tip="The rules of this game, what the AI does"),
    Command("help.welcome", Owner.HELP, "&Welcome…", "show_welcome", ALL_MODES,
            (Place("help", 2, 0),), "act_welcome",
            tip="The first start's welcome: play a game, watch Figure 5.2 solved, practise"),
    Command("help.about", _W, "&About", "show_about", ALL_MODES, (Place("help", 2, 1),),
            "act_about"),
    # -- Draw a tree: File and Edit ----------------------------------------------------
    Command("trees.new", _T, "&New tree", "editor.new_tree", TREES,
            (Place("trees.file", 0, 0), Place("toolbar.tree", 0, 0)), "act_new",
            shortcut=_KEYS.New, tip="Start a new tree"),
    Command("trees.open", _T, "&Open…", "editor.open_file", TREES,
            (Place("trees.file", 0, 1), Place("toolbar.tree", 0, 1)), "act_open",
            shortcut=_KEYS.Open, tip="Open a tree file"),
    Command("trees.save", _T, "&Save", "editor.save", TREES,
            (Place("trees.file", 1, 0), Place("toolbar.tree", 0, 2)), "act_save",
            shortcut=_KEYS.Save, tip="Save the tree"),
    Command("trees.save_as", _T, "Save &As…", "editor.save_as", TREES,
            (Place("trees.file", 1, 1),), "act_save_as",
            shortcut=_KEYS.SaveAs, tip="Save under a new name"),
    Command("trees.export_efg", _T, "Export as &Gambit game (.efg)…", "editor.files.export_efg",
            TREES, (Place("trees.file", 1, 2),), "act_export_efg",
            tip="Write the tree as a Gambit extensive-form game of perfect information"),
    Command("trees.random", _T, "&Random tree…", "random_tree", TREES,
            (Place("trees.file", 2, 0),), "act_random",
            shortcut="Ctrl+Shift+R", tip="Make a random tree from a seed"),
    Command("trees.compare", _T, "&Compare searches…", "compare", TREES,
            (Place("trees.file", 2, 1), Place("toolbar.tree", 0, 6)), "act_compare",
            shortcut="Ctrl+Shift+C",
            tip="Count what minimax and alpha-beta (and move order) visit on this tree"),
    # The undo stack's own actions enable themselves whenever there is something to undo;
    # these wrappers are enabled only in Trees mode, so Ctrl+Z never clashes.
    Command("trees.undo", _T, "&Undo", "editor.document.undo_stack.undo", TREES,
            (Place("trees.edit", 0, 0), Place("toolbar.tree", 0, 3)), "act_undo",
            shortcut=_KEYS.Undo),
    Command("trees.redo", _T, "&Redo", "editor.document.undo_stack.redo", TREES,
            (Place("trees.edit", 0, 1), Place("toolbar.tree", 0, 4)), "act_redo",
            shortcut=_KEYS.Redo),
    # -- Draw a tree: the editor's own ---------------------------------------------------
    # The stack's own undo and redo, for the editor on its own (the window's Trees mode
    # uses the wrappers above): in no mode's menu, so in no mode.
    Command("editor.undo", _E, "&Undo", "document.undo_stack.undo", (), (), "acts.act_undo",
            shortcut=_KEYS.Undo, from_stack="undo"),
    Command("editor.redo", _E, "&Redo", "document.undo_stack.redo", (), (), "acts.act_redo",
            shortcut=_KEYS.Redo, from_stack="redo"),
    Command("editor.add_child", _E, "Add child", "add_child", TREES,
            (Place("trees.node", 0, 0),), "acts.act_add_child", key_hint="Ins",
            tip="Add a leaf under it"),
    Command("editor.sibling_before", _E, "Insert sibling before", "insert_sibling", TREES,
            (Place("trees.node", 0, 1),), "acts.act_sibling_before", kwargs=(("after", False),)),
    Command("editor.sibling_after", _E, "Insert sibling after", "insert_sibling", TREES,
            (Place("trees.node", 0, 2),), "acts.act_sibling_after", kwargs=(("after", True),)),
    Command("editor.delete", _E, "Delete subtree", "delete_subtree", TREES,
            (Place("trees.node", 0, 3),), "acts.act_delete", key_hint="Del",
            tip="Remove it and all below it"),
    _kind(NodeType.MAX, "MAX", "M", 0, "no players"),
    _kind(NodeType.MIN, "MIN", "N", 1, "no players"),
    _kind(NodeType.CHANCE, "Chance", "C", 5, ""),
    _kind(NodeType.LEAF, "Leaf", "L", 6, ""),
    # A tree of players: one checkable action per player (the editor makes them as the
    # players are named), and P / Shift+P to step round the table.
    Command("editor.next_player", _E, "Next player's decision", "step_player", TREES,
            (Place("editor.kind", 0, 2),), "acts.act_next_player", args=(1,), key_hint="P",
            tip="Give the node to the next player in turn (from a chance node or a leaf: "
            "to the player after the decision above)", shown="players"),
    Command("editor.previous_player", _E, "Previous player's decision", "step_player", TREES,
            (Place("editor.kind", 0, 3),), "acts.act_previous_player", args=(-1,),
            key_hint="Shift+P", tip="Give the node to the previous player in turn",
            shown="players"),
    Command("editor.value", _E, "Set value…", "ask_value", TREES,
            (Place("trees.node", 0, 5),), "acts.act_value", key_hint="F2", tip="A leaf's utility"),
    Command("editor.eval", _E, "Set eval…", "ask_eval", TREES, (Place("trees.node", 0, 6),),
            "acts.act_eval", tip="The estimate a cutoff uses"),
    Command("editor.probability", _E, "Set probability…", "ask_probability", TREES,
            (Place("trees.node", 0, 7),), "acts.act_probability"),
    Command("editor.uniform", _E, "Make probabilities uniform", "make_uniform", TREES,
            (Place("trees.node", 0, 8),), "acts.act_uniform",
            tip="Give each outcome of this chance node the same probability"),
    Command("editor.label", _E, "Label…", "ask_label", TREES, (Place("trees.node", 0, 9),),
            "acts.act_label"),
    Command("editor.move", _E, "Move label…", "ask_move", TREES,
            (Place("trees.node", 0, 10),), "acts.act_move"),
    Command("editor.copy_json", _E, "Copy as JSON", "copy_json", TREES,
            (Place("trees.edit", 1, 0),), "acts.act_copy_json"),
    Command("editor.copy_nested", _E, "Copy as nested list", "copy_nested", TREES,
            (Place("trees.edit", 1, 1),), "acts.act_copy_nested"),
    Command("editor.paste", _E, "Paste tree", "paste", TREES, (Place("trees.edit", 1, 2),),
            "acts.act_paste", shortcut=_KEYS.Paste,
            tip="Replace the tree by a nested list such as [[3,12,8],[2,4,6]] or a tree "
            "file's JSON"),
    Command("editor.bounds", _E, "Value bounds…", "ask_bounds", TREES,
            (Place("trees.edit", 2, 1),), "acts.act_bounds",
            tip="The lowest and highest value a leaf can have, which Star1 prunes by"),
    Command("editor.solve", _E, "Solve", "solve", TREES,
            (Place("trees.edit", 3), Place("toolbar.tree", 0, 5)), "acts.act_solve",
            shortcut="Ctrl+R", tip="Solve the tree with the chosen search"),
    # -- Draw a tree: the Tree menu (issue 28: try a transformation) --------------------
    Command("editor.transform", _E, "&Transform values…", "transform_values", TREES,
            (Place("trees.tree", 0, 0),), "acts.act_transform",
            tip="Make every leaf value x f(x) (a·x + b, x², eˣ or a formula you type) and "
            "see minimax's and expectiminimax's decisions before and after"),
    Command("editor.flip_exercise", _E, "Exercise: does the decision &flip?…",
            "flip_exercise", TREES, (Place("trees.tree", 0, 1),), "acts.act_flip_exercise",
            tip="Predict whether x² changes expectiminimax's choice between two gambles, "
            "then see it: graded"),
    # -- Practise by hand ---------------------------------------------------------------
    Command("exercise.new", _X, "&New exercise…", "new_exercise", EXERCISE,
            (Place("exercise", 0, 0), Place("toolbar.exercise", 0, 0)), "act_new",
            shortcut="Ctrl+Shift+N", tip="Start an exercise"),
    Command("exercise.restart", _X, "&Start again", "restart", EXERCISE,
            (Place("exercise", 0, 1),), "act_restart",
            tip="Rub out every entry of this exercise"),
    Command("exercise.undo", _X, "&Undo", "undo_stack.undo", EXERCISE,
            (Place("exercise", 1, 0),), "act_undo", shortcut=_KEYS.Undo,
            tip="Take back the last entry"),
    Command("exercise.redo", _X, "&Redo", "undo_stack.redo", EXERCISE,
            (Place("exercise", 1, 1),), "act_redo", shortcut=_KEYS.Redo,
            tip="Write it again"),
    Command("exercise.check", _X, "&Check", "check", EXERCISE,
            (Place("exercise", 2, 0), Place("toolbar.exercise", 0, 1)), "act_check",
            shortcut="Ctrl+Return", tip="Grade every entry and show the score"),
    Command("exercise.hint", _X, "&Hint", "hint", EXERCISE,
            (Place("exercise", 2, 1), Place("toolbar.exercise", 0, 2)), "act_hint",
            shortcut="Ctrl+H", tip="Fill in the next node's entries (they earn no points)"),
    Command("exercise.solution", _X, "Show &solution", "show_solution", EXERCISE,
            (Place("exercise", 2, 2), Place("toolbar.exercise", 0, 3)), "act_solution",
            shortcut="Ctrl+Shift+L",
            tip="The answer: the real search on this tree, finished, ready to step through "
            "from its first event"),
    Command("exercise.back", _X, "&Back to my answer", "show_answer", EXERCISE,
            (Place("exercise", 2, 3), Place("toolbar.exercise", 0, 4)), "act_back",
            tip="Leave the replay"),
    Command("exercise.export", _X, "&Export sheet and key…", "export_current", EXERCISE,
            (Place("exercise", 3, 0), Place("toolbar.exercise", 0, 5)), "act_export",
            shortcut="Ctrl+E", tip="Write this exercise's sheet and its answer key as PDF or SVG"),
    Command("exercise.export_set", _X, "Export a &set of exercises…", "export_set", EXERCISE,
            (Place("exercise", 3, 1),), "act_export_set",
            tip="Write N random exercises from one seed, with their keys"),
)  # fmt: skip

#: The command that switches to each mode.
MODE_COMMANDS: dict[Mode, str] = {
    Mode.PLAY: "mode.play",
    Mode.TREES: "mode.trees",
    Mode.EXERCISE: "mode.exercise",
}


def command(command_id: str) -> Command:
    """The command of ``command_id``."""
    return _BY_ID[command_id]


def bar(bar_id: str) -> Bar:
    """The menu or tool bar of ``bar_id``."""
    return _BARS[bar_id]


_BY_ID = {c.id: c for c in COMMANDS}
_BARS = {b.id: b for b in BARS}
assert len(_BY_ID) == len(COMMANDS), "two commands share an id"


# -- making the actions ---------------------------------------------------------------


def _handler(owner: object, spec: Command, action: QAction) -> Callable[[], None]:
    """What a trigger of ``action`` calls: the owner's handler, looked up then."""
    find = operator.attrgetter(spec.handler)
    kwargs = dict(spec.kwargs)

    def call() -> None:
        args = (action.isChecked(),) if spec.toggle else spec.args
        find(owner)(*args, **kwargs)

    return call


def build_actions(
    owner_kind: Owner, owner: object, parent: QObject | None = None
) -> dict[str, QAction]:
    """Make the QActions of every command of ``owner_kind``, parented to ``parent`` (default:
    the owner), each calling its handler on ``owner``; set each on the owner's ``attr`` (a
    path from the owner) and in its ``declared_actions`` (by id), and return them by id."""
    if parent is None:
        assert isinstance(owner, QObject), "an owner that is no QObject needs a parent"
        parent = owner
    made: dict[str, QAction] = {}
    groups: dict[str, QActionGroup] = {}
    for spec in COMMANDS:
        if spec.owner is not owner_kind:
            continue
        handler = operator.attrgetter(spec.handler)(owner)  # fails here if misnamed
        if spec.from_stack:
            stack = handler.__self__
            make = stack.createUndoAction if spec.from_stack == "undo" else stack.createRedoAction
            action = make(parent, spec.text)
        else:
            action = QAction(spec.menu_text, parent)
            signal = action.toggled if spec.on_toggled else action.triggered
            call = _handler(owner, spec, action)
            signal.connect(lambda *_args, call=call: call())
        _dress(action, spec)
        if spec.group:
            if spec.group not in groups:
                groups[spec.group] = QActionGroup(parent)
            groups[spec.group].addAction(action)
        if spec.checked:
            action.setChecked(True)
        made[spec.id] = action
        if spec.attr:
            holder, _, name = spec.attr.rpartition(".")
            setattr(operator.attrgetter(holder)(owner) if holder else owner, name, action)
    declared: dict[str, QAction] | None = getattr(owner, "declared_actions", None)
    if declared is None:
        declared = {}
        vars(owner)["declared_actions"] = declared
    declared.update(made)
    return made


def _dress(action: QAction, spec: Command) -> None:
    """Give ``action`` its declared keys, tips, icon and checkability."""
    action.setCheckable(spec.checkable)
    if spec.shortcut is not None:
        action.setShortcut(QKeySequence(spec.shortcut))
    if spec.tip:
        if spec.status_tip:
            action.setStatusTip(spec.tip)
        action.setToolTip(spec.tip)
    if spec.icon:
        action.setIcon(QIcon.fromTheme(spec.icon))
    if spec.icon_text:
        action.setIconText(spec.icon_text)


# -- filling the menus and tool bars --------------------------------------------------

Owners = Mapping[Owner, object]
Entry = Command | Bar | Listed


def placed(bar_id: str) -> list[tuple[Place, Entry]]:
    """(place, entry) of what ``bar_id`` holds, in order: commands, submenus and listed
    entries."""
    found: list[tuple[Place, Entry]] = []
    for spec in COMMANDS:
        found += [(p, spec) for p in spec.places if p.bar == bar_id]
    for sub in BARS:
        places = SUBMENU_PLACES.get(sub.id, (sub.place,) if sub.place else ())
        found += [(p, sub) for p in places if p.bar == bar_id]
    found += [(item.place, item) for item in LISTED if item.place.bar == bar_id]
    found.sort(key=lambda pe: (pe[0].group, pe[0].order))
    return found


def entries(bar_id: str) -> list[Entry]:
    """What ``bar_id`` holds, in order."""
    return [entry for _, entry in placed(bar_id)]


def declared_action(owners: Owners, spec: Command) -> QAction | None:
    """The QAction made for ``spec``, if its owner is among ``owners``."""
    owner = owners.get(spec.owner)
    declared = getattr(owner, "declared_actions", {}) if owner is not None else {}
    action = declared.get(spec.id)
    return action if isinstance(action, QAction) else None


def bar_widget(owners: Owners, bar_spec: Bar) -> Any:
    """The QMenu or QToolBar of ``bar_spec``, if its owner is among ``owners``."""
    owner = owners.get(bar_spec.owner)
    return getattr(owner, bar_spec.attr, None) if owner is not None else None


def listed_actions(owners: Owners, item: Listed) -> list[QAction]:
    """The actions of a listed entry (the docks' toggles)."""
    owner = owners.get(item.owner)
    if owner is None:
        return []
    source = operator.attrgetter(item.source)(owner)
    objects = source.values() if isinstance(source, dict) else source
    return [getattr(o, item.each)() for o in objects]


def resolve(owners: Owners, bar_id: str) -> list[QAction | QMenu | None]:
    """The entries of ``bar_id`` whose owners are among ``owners`` (None: a separator,
    between two groups that both have entries)."""
    found: list[QAction | QMenu | None] = []
    last_group: int | None = None
    for place, entry in placed(bar_id):
        group = place.group
        if isinstance(entry, Command):
            action = declared_action(owners, entry)
            items: list[QAction | QMenu] = [action] if action is not None else []
        elif isinstance(entry, Bar):
            menu = bar_widget(owners, entry)
            items = [menu] if isinstance(menu, QMenu) else []
        else:
            items = list(listed_actions(owners, entry))
        if not items:
            continue
        if last_group is not None and group != last_group:
            found.append(None)
        last_group = group
        found += items
    return found


def make_menu(bar_id: str, parent: QObject | None) -> QMenu:
    """An empty menu with its declared title (``fill_menu`` fills it)."""
    spec = bar(bar_id)
    menu = QMenu(spec.title, parent)  # type: ignore[arg-type]
    menu.setToolTipsVisible(spec.tips_visible)
    return menu


def _fill(target: QMenu | QToolBar, bar_id: str, owners: Owners) -> None:
    """Make the resolved entries of ``bar_id`` ``target``'s (a tool bar takes no submenus)."""
    target.clear()
    for item in resolve(owners, bar_id):
        if item is None:
            target.addSeparator()
        elif isinstance(item, QAction):
            target.addAction(item)
        elif isinstance(target, QMenu):
            target.addMenu(item)


def fill_menu(menu: QMenu, bar_id: str, owners: Owners) -> QMenu:
    """Make the declared entries of ``bar_id`` (those of ``owners``) ``menu``'s entries."""
    _fill(menu, bar_id, owners)
    return menu


def fill_toolbar(toolbar: QToolBar, bar_id: str, owners: Owners) -> QToolBar:
    """Make the declared buttons of ``bar_id`` ``toolbar``'s, and name it as declared."""
    toolbar.setObjectName(bar(bar_id).object_name)
    _fill(toolbar, bar_id, owners)
    return toolbar


def menu_bar_ids() -> list[str]:
    """The menus of the menu bar, in order."""
    return [b.id for b in BARS if not b.toolbar and b.place is None and b.id not in SUBMENU_PLACES]


def fill_menu_bar(window: QMainWindow, owners: Owners) -> None:
    """Fill every menu of every owner and put the menu bar's in the window's menu bar, in
    order (a menu the window owns is made here, and set on its attribute)."""
    for spec in BARS:
        if spec.toolbar or spec.dynamic:
            continue
        owner = owners[spec.owner]
        in_bar = spec.id in menu_bar_ids()
        if in_bar and spec.owner is Owner.WINDOW:
            menu = window.menuBar().addMenu(spec.title)
            setattr(owner, spec.attr, menu)
        else:
            menu = getattr(owner, spec.attr)
            if in_bar:
                window.menuBar().addMenu(menu)
        fill_menu(menu, spec.id, owners)
