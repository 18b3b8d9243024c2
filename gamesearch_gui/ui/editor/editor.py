"""The tree editor: draw a game tree with mouse or keyboard, keep it in files, solve it in place.

``TreeEditor`` holds one :class:`TreeDocument`. The drawing is the search view's canvas
showing a synthetic recording of the tree (see :mod:`.drawing`), rebuilt after every
edit; solving shows the search's own recording in a :class:`SearchTreePanel` in the same
place, with its replay controls, until the next edit brings the drawing back.

Every question to the person (file names, texts, unsaved changes, errors) goes through
one method (``_open_file_name``, ``_save_file_name``, ``_ask_text``, ``_ask_unsaved``,
``_warn``, ``_ask_recover``) so tests can answer it.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import json
import math
import os
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QSettings, Qt, QTimer, Signal, Slot
from PySide6.QtGui import QAction, QGuiApplication, QKeyEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QMenu,
    QMessageBox,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from gamesearch_gui.core.files import describe, file_stem, write_text
from gamesearch_gui.core.game import GameError
from gamesearch_gui.core.guarantee import guarantee
from gamesearch_gui.core.numbers import format_number
from gamesearch_gui.core.recording.depth_first import SearchRecording
from gamesearch_gui.core.recording.drawn_tree import Drawing
from gamesearch_gui.core.search import Algorithm, Ordering, SearchResult, SearchSettings
from gamesearch_gui.core.search.maxn import vector_text
from gamesearch_gui.core.text import clip, names_text
from gamesearch_gui.core.trees import edit as tree_edit
from gamesearch_gui.core.trees.file import (
    DEFAULT_NAME,
    TreeFileError,
    default_tree_name,
    dump_tree,
    load_tree,
    tree_to_nested,
)
from gamesearch_gui.core.trees.tree import (
    CustomTree,
    NodeType,
    Path,
    TreeGame,
    move_names,
    path_text,
)
from gamesearch_gui.ui.actions import Owner, build_actions, make_menu
from gamesearch_gui.ui.canvas_keys import DRAWING_KEYS, DRAWING_PLAYERS_KEYS
from gamesearch_gui.ui.editor.bounds import BoundsForm, bounds_text, outside_lines, parse_bounds
from gamesearch_gui.ui.editor.document import TreeDocument
from gamesearch_gui.ui.editor.loading import LoadingPage, OpenedTree, read_tree
from gamesearch_gui.ui.editor.players import PlayersForm
from gamesearch_gui.ui.editor.properties import (
    PropertiesForm,
    decision_name,
    parse_number,
    parse_probability,
    parse_vector,
    vector_edit_text,
)
from gamesearch_gui.ui.jobs import JobRunner
from gamesearch_gui.ui.recorded_search import RecordedSearch, show_node_labels
from gamesearch_gui.ui.stats_panel import exact_note
from gamesearch_gui.ui.tree.editable import NUMBER_START, EditorCanvas
from gamesearch_gui.ui.tree.page import SearchTreePanel
from gamesearch_gui.ui.widgets import PageStack, connect_plain, fail_hard_box, make_action
from gamesearch_gui.ui.worker import SearchController, SearchRequest

#: Most files in File > Recent Files.
MAX_RECENT = 8
RECENT_KEY = "editor/recent_files"
FILE_FILTER = "Game trees (*.gtree.json *.json);;All files (*)"
#: Milliseconds after an edit before the recovery file is written.
AUTOSAVE_DELAY_MS = 1000


def fill_menu(menu: QMenu, actions: list[QAction | None]) -> None:
    """Make ``actions`` the entries of ``menu`` (None: a separator)."""
    menu.clear()
    for action in actions:
        if action is None:
            menu.addSeparator()
        else:
            menu.addAction(action)


_KIND_KEYS = {
    Qt.Key.Key_M: NodeType.MAX,
    Qt.Key.Key_N: NodeType.MIN,
    Qt.Key.Key_C: NodeType.CHANCE,
    Qt.Key.Key_L: NodeType.LEAF,
}
_ARROWS = {
    Qt.Key.Key_Up: "up",
    Qt.Key.Key_Down: "down",
    Qt.Key.Key_Left: "left",
    Qt.Key.Key_Right: "right",
}
#: The caption of a tree opened from the recovery file.
RECOVERED_CAPTION = "Recovered from the last session: save it to keep it."


@dataclass(frozen=True)
class _Opening:
    """A file being opened: where it is, and how the tree it holds is to be shown."""

    path: str
    caption: str = ""
    unsaved: bool = False  #: True for the recovery file: a new, unsaved tree


#: The algorithm box's entry for max^n with shallow pruning (its data).
SHALLOW = "maxn-shallow"


class TreeEditor(QWidget):
    """Draw, edit, save and solve one custom game tree."""

    #: The title (tree name, file, unsaved mark) changed.
    titleChanged = Signal(str)
    #: A solve finished: its request and result.
    solved = Signal(object, object)
    #: A message for the status bar.
    message = Signal(str)
    #: A file (or the recovery file) finished opening and is shown: its path.
    opened = Signal(str)
    #: True while a file is opening (Save, Solve and the edits are off meanwhile).
    loadingChanged = Signal(bool)

    def __init__(
        self,
        controller: SearchController | None = None,
        settings: QSettings | None = None,
        *,
        recovery_path: str | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("treeEditor")
        # Its own search thread unless given one: solving a tree never meets a game's search.
        self._owns_controller = controller is None
        self.controller = controller if controller is not None else SearchController(self)
        self.store = settings if settings is not None else QSettings()
        self.recovery_path = recovery_path
        self.document = TreeDocument(tree_edit.new_tree(), self)
        self.drawing = Drawing(self.document.tree)
        self._problems: tuple[CustomTree, list[tuple[Path, str]]] | None = None
        self.solution: SearchRecording | None = None
        self.result: SearchResult | None = None
        self.caption = ""

        self.canvas = EditorCanvas()
        self.canvas.setObjectName("editorCanvas")
        self.canvas.key_handler = self._key
        self.canvas.menu_builder = self.node_menu
        self.canvas.nodeClicked.connect(self._node_clicked)
        self.canvas.doubleClicked.connect(self._double_clicked)
        self.canvas.inline.committed.connect(self._inline_committed)
        self.solution_panel = SearchTreePanel()
        self.searches = RecordedSearch(self.controller, self.solution_panel, self)
        self.stack = PageStack()
        self.stack.addWidget(self.canvas)
        self.stack.addWidget(self.solution_panel)
        # Opening a file: read and drawn on the loader's thread, this page meanwhile.
        self.loading_page = LoadingPage()
        self.loading_page.cancelled.connect(self.cancel_loading)
        self.stack.addWidget(self.loading_page)
        self.loader = JobRunner("tree file loader", self)
        self.loader.progress.connect(self.loading_page.set_progress)
        self.loader.finished.connect(self._loaded)
        self.loader.failed.connect(self._load_failed)
        self._opening: _Opening | None = None

        self.properties = PropertiesForm()
        self.properties.kindChosen.connect(lambda p, k: self.set_kind(k, p))
        self.properties.valueEntered.connect(self._value_entered)
        self.properties.probabilityEntered.connect(self._probability_entered)
        self.properties.uniformRequested.connect(lambda p: self.make_uniform(p))
        self.properties.labelEntered.connect(lambda p, t: self.set_label(t, p))
        self.properties.moveEntered.connect(lambda p, t: self.set_move(t, p))
        self.players_form = PlayersForm()
        self.players_form.playersEntered.connect(self.set_players)
        self.bounds_form = BoundsForm()
        self.bounds_form.boundsEntered.connect(self.set_value_bounds)
        self.bounds_form.refused.connect(self._refused)

        self.caption_label = QLabel()
        self.caption_label.setObjectName("exampleCaption")
        self.caption_label.setWordWrap(True)
        self.caption_label.hide()
        self.keys_help = QLabel(DRAWING_KEYS)
        self.keys_help.setWordWrap(True)
        self.keys_help.setObjectName("editorKeys")
        small = self.keys_help.font()
        small.setPointSizeF(small.pointSizeF() * 0.9)
        self.keys_help.setFont(small)

        # Solve controls.
        self.algorithm = QComboBox()
        self.algorithm.setToolTip("The search that solves the tree")
        self.algorithm.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.depth_box = QSpinBox()
        self.depth_box.setRange(0, 200)
        self.depth_box.setSpecialValueText("no cutoff")
        self.depth_box.setPrefix("depth ")
        self.depth_box.setToolTip(
            "Stop this many moves down and use the nodes' evals there (no cutoff: search to "
            "the leaves)"
        )
        self.fail_hard = fail_hard_box()
        self.algorithm.currentIndexChanged.connect(self._algorithm_changed)
        self.ordering = QCheckBox("Order children by eval")
        self.ordering.setToolTip("Search each node's most promising child first (by eval)")
        self.solve_button = QPushButton("Solve")
        self.solve_button.setDefault(False)
        connect_plain(self.solve_button.clicked, self.solve)
        self.back_button = QPushButton("Back to the drawing")
        connect_plain(self.back_button.clicked, self.show_drawing)
        self.back_button.hide()
        self.result_label = QLabel()
        self.result_label.setObjectName("solveResult")
        self.result_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        # On a line of its own under the choices (they fill a 1366 px row), shown while it
        # has something to say. The best line's move labels are free text: it is cut at
        # the window's edge, never widens the window.
        self.result_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.result_label.hide()

        solve_row = QHBoxLayout()
        solve_row.addWidget(QLabel("Solve with"))
        solve_row.addWidget(self.algorithm)
        solve_row.addWidget(self.fail_hard)
        solve_row.addWidget(self.depth_box)
        solve_row.addWidget(self.ordering)
        solve_row.addWidget(self.solve_button)
        solve_row.addWidget(self.back_button)
        solve_row.addStretch(1)

        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(self.caption_label)
        left_layout.addLayout(solve_row)
        left_layout.addWidget(self.result_label)
        left_layout.addWidget(self.stack, 1)
        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.addWidget(self.properties, 1)
        right_layout.addWidget(self.players_form)
        right_layout.addWidget(self.bounds_form)
        right_layout.addWidget(self.keys_help)
        #: What "Focus on the tree" hides: the node's properties and the keys.
        self.side_panel = right
        splitter = QSplitter()
        splitter.addWidget(left)
        splitter.addWidget(right)
        splitter.setStretchFactor(0, 1)
        splitter.setSizes([800, 280])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(splitter)

        #: Why the last autosave failed ("" while it works), so it is said only once.
        self._autosave_problem = ""
        self._autosave_timer = QTimer(self)
        self._autosave_timer.setSingleShot(True)
        self._autosave_timer.setInterval(AUTOSAVE_DELAY_MS)
        self._autosave_timer.timeout.connect(self.write_recovery)

        self._make_actions()
        self.document.changed.connect(self._tree_changed)
        self.document.statusChanged.connect(self._status_changed)
        self.document.undo_stack.indexChanged.connect(self._edited)
        self.searches.finished.connect(self._search_finished)
        self.searches.failed.connect(self._search_failed)
        self._tree_changed()
        self._status_changed()

    # -- actions ------------------------------------------------------------------------

    def _act(self, text: str, slot: Callable[[], Any], tip: str = "", key: str = "") -> QAction:
        # Single keys (Ins, Del, M...) are handled by the canvas, not as shortcuts: shown
        # after a tab in menus, they never clash with typing elsewhere.
        return make_action(self, f"{text}\t{key}" if key else text, slot, tip=tip)

    # Made from ui/actions.py's list (build_actions).
    declared_actions: dict[str, QAction]
    act_undo: QAction
    act_redo: QAction
    act_add_child: QAction
    act_sibling_before: QAction
    act_sibling_after: QAction
    act_delete: QAction
    act_next_player: QAction
    act_previous_player: QAction
    act_value: QAction
    act_eval: QAction
    act_probability: QAction
    act_uniform: QAction
    act_label: QAction
    act_move: QAction
    act_copy_json: QAction
    act_copy_nested: QAction
    act_paste: QAction
    act_bounds: QAction
    act_solve: QAction

    def _make_actions(self) -> None:
        made = build_actions(Owner.EDITOR, self)
        kinds = (NodeType.MAX, NodeType.MIN, NodeType.CHANCE, NodeType.LEAF)
        self.act_kinds = {kind: made[f"editor.kind.{kind.name.lower()}"] for kind in kinds}
        # A tree of players: one checkable action per player (made as players are named,
        # see _update_kind_menu), and P / Shift+P to step round the table.
        self.act_players: list[QAction] = []
        #: Edit > Node > Kind: MAX, MIN, chance, leaf, or each player's decision.
        self.kind_menu = make_menu("editor.kind", self)
        self._kind_players: tuple[str, ...] | None = None
        #: The node menu's entries above the Kind menu, and those below it.
        self.shape_actions = [
            self.act_add_child,
            self.act_sibling_before,
            self.act_sibling_after,
            self.act_delete,
        ]
        self.field_actions = [
            self.act_value,
            self.act_eval,
            self.act_probability,
            self.act_uniform,
            self.act_label,
            self.act_move,
        ]
        #: Every edit of the node (the players' actions join as they are made).
        self.edit_actions = [
            *self.shape_actions,
            *self.act_kinds.values(),
            self.act_next_player,
            self.act_previous_player,
            *self.field_actions,
        ]
        self._update_kind_menu(())

    def kind_actions(self) -> list[QAction | None]:
        """The Kind menu's entries for the tree as it is (None: a separator): MAX, MIN,
        chance and leaf; or, in a tree of players, each player's decision, the steps
        round the table, chance and leaf."""
        if not self.document.tree.players:
            return list(self.act_kinds.values())
        n = len(self.document.tree.players)
        return [
            *self.act_players[:n],
            None,
            self.act_next_player,
            self.act_previous_player,
            None,
            self.act_kinds[NodeType.CHANCE],
            self.act_kinds[NodeType.LEAF],
        ]

    def _update_kind_menu(self, players: tuple[str, ...]) -> None:
        """Name an action after each player (made when first needed) and fill the Kind
        menu again, when the tree's players are not those it was filled for."""
        if players == self._kind_players:
            return
        self._kind_players = players
        while len(self.act_players) < len(players):
            action = self._act("", functools.partial(self.set_player, len(self.act_players)))
            action.setCheckable(True)
            self.act_players.append(action)
            self.edit_actions.append(action)
        for i, action in enumerate(self.act_players):
            if i < len(players):
                action.setText(decision_name(players[i]))
                action.setStatusTip(f"Make it {players[i]}'s decision: {players[i]} moves here")
            action.setEnabled(i < len(players) and not self.loading)
        fill_menu(self.kind_menu, self.kind_actions())

    def node_menu(self, n: int | None) -> QMenu | None:
        """The context menu of recording node ``n`` (None: the background)."""
        menu = QMenu(self)
        if n is None or self.stack.currentWidget() is not self.canvas:
            menu.addAction(self.act_paste)
            menu.addAction(self.act_copy_json)
            menu.addAction(self.act_copy_nested)
            return menu
        for action in self.shape_actions:
            menu.addAction(action)
        fill_menu(menu.addMenu("Kind"), self.kind_actions())
        menu.addSeparator()
        for action in (self.act_value, self.act_eval, self.act_probability, self.act_uniform):
            menu.addAction(action)
        menu.addSeparator()
        menu.addAction(self.act_label)
        menu.addAction(self.act_move)
        return menu

    # -- what is shown ------------------------------------------------------------------

    @property
    def tree(self) -> CustomTree:
        """The tree as it is now."""
        return self.document.tree

    @property
    def selected(self) -> Path:
        """The selected node's path."""
        return self.document.selected

    def title(self) -> str:
        """The tree's name, its file, and a * while it has unsaved changes (or, while a
        file opens, which one)."""
        if self._opening is not None:
            return f"Opening {os.path.basename(self._opening.path)}…"
        doc = self.document
        if doc.file_path:
            where = f" ({os.path.basename(doc.file_path)})"
        else:
            where = f" ({doc.origin})" if doc.origin else ""
        return f"{'*' if doc.dirty else ''}{clip(doc.tree.name)}{where}"

    def _status_changed(self) -> None:
        self.titleChanged.emit(self.title())

    def _tree_changed(self) -> None:
        tree = self.document.tree
        if self.drawing.tree is not tree or self.canvas.recording is not self.drawing.recording:
            if self.drawing.tree is not tree:
                self.drawing = Drawing(tree)
            self.canvas.set_recording(self.drawing.recording)
            self.canvas.tree_item.node_labels = self.drawing.labels
            self.canvas.set_moment(self.drawing.recording.event_count)
            self.canvas.fit_all()
            self._update_algorithms()
        n = self.drawing.index.get(self.document.selected, 0)
        self.canvas.set_selected(n)
        self.properties.show_node(tree, self.document.selected, self._probability_problems(tree))
        self.players_form.show_tree(tree)
        self._update_kind_menu(tree.players)
        self.keys_help.setText(DRAWING_PLAYERS_KEYS if tree.players else DRAWING_KEYS)
        # Star1's bounds mean nothing to a tree of players (shallow pruning infers its own).
        self.bounds_form.setVisible(not tree.players)
        self.bounds_form.show_tree(tree, self.drawing)
        self._update_actions()

    def _probability_problems(self, tree: CustomTree) -> list[tuple[Path, str]]:
        """``tree_edit.probability_problems(tree)``, kept while the tree is the same: it
        walks every node, and the form asks at every change of the selection."""
        if self._problems is None or self._problems[0] is not tree:
            self._problems = (tree, tree_edit.probability_problems(tree))
        return self._problems[1]

    def _update_actions(self) -> None:
        """Enable what applies to the selected node."""
        tree, path = self.document.tree, self.document.selected
        node = tree.node_at(path)
        parent = tree.node_at(path[:-1]) if path else None
        under_chance = parent is not None and parent.type is NodeType.CHANCE
        leafy = node.type is NodeType.LEAF
        for action in (self.act_sibling_before, self.act_sibling_after, self.act_delete):
            action.setEnabled(bool(path))
        for kind, action in self.act_kinds.items():
            action.setChecked(kind is node.type)
            # A tree of players has their decisions instead (the Kind menu lists them).
            action.setEnabled(not (tree.players and kind in (NodeType.MAX, NodeType.MIN)))
        n = len(tree.players)
        for i, action in enumerate(self.act_players):
            action.setChecked(node.type is NodeType.PLAYER and node.player == i)
            action.setEnabled(i < n)
        for action in (self.act_next_player, self.act_previous_player):
            action.setEnabled(bool(n))
        self.act_value.setEnabled(leafy)
        self.act_eval.setEnabled(not leafy)
        self.act_probability.setEnabled(under_chance)
        self.act_uniform.setEnabled(node.type is NodeType.CHANCE or under_chance)
        self.act_move.setEnabled(bool(path))

    @Slot(int)
    def _edited(self, _index: int = 0) -> None:
        # Any edit (or undo) makes a solution stale: back to the drawing, and keep a copy.
        self.show_drawing()
        if self.recovery_path is not None:
            self._autosave_timer.start()

    def show_drawing(self) -> None:
        """Show the drawn tree (leave the solution view)."""
        if self.stack.currentWidget() is not self.canvas:
            self.searches.cancel()
            self.stack.setCurrentWidget(self.canvas)
            self.back_button.hide()
            self.result_label.clear()
            self.result_label.hide()
            self.solve_button.setEnabled(True)

    def _update_algorithms(self) -> None:
        tree = self.document.tree
        chance = tree.has_chance
        wanted: list[Any]
        if tree.players:
            wanted = [Algorithm.MAXN, Algorithm.PARANOID, SHALLOW]
        elif chance:
            wanted = [Algorithm.EXPECTIMINIMAX, Algorithm.STAR1]
        else:
            wanted = [Algorithm.MINIMAX, Algorithm.ALPHABETA]
        current = [self.algorithm.itemData(i) for i in range(self.algorithm.count())]
        if current != wanted:
            self.algorithm.clear()
            for algorithm in wanted:
                name = "Max^n, shallow pruning" if algorithm == SHALLOW else None
                self.algorithm.addItem(name or algorithm.title, algorithm)
            self.algorithm.setCurrentIndex(0 if tree.players else 1)
        if tree.players:
            self._update_player_algorithms(tree)
        self._algorithm_changed(self.algorithm.currentIndex())

    def _update_player_algorithms(self, tree: CustomTree) -> None:
        """Name whose side the paranoid search takes, and offer shallow pruning only
        where the vectors add up to a constant (the tooltip says why not)."""
        me = clip(tree.players[tree.root.player or 0])
        paranoid = self.algorithm.findData(Algorithm.PARANOID)
        self.algorithm.setItemText(paranoid, f"Paranoid ({me} against all)")
        self.algorithm.setItemData(
            paranoid,
            f"Every other player plays against {me}, the root's player: alpha-beta on {me}'s share",
            Qt.ItemDataRole.ToolTipRole,
        )
        shallow = self.algorithm.findData(SHALLOW)
        why = self.shallow_problem()
        item = self.algorithm.model().item(shallow)  # type: ignore[attr-defined]
        item.setEnabled(why is None)
        self.algorithm.setItemData(
            shallow,
            why or "Max^n that skips children a constant sum shows cannot matter (Korf 1991)",
            Qt.ItemDataRole.ToolTipRole,
        )
        if why is not None and self.algorithm.currentData() == SHALLOW:
            self.algorithm.setCurrentIndex(self.algorithm.findData(Algorithm.MAXN))

    def shallow_problem(self) -> str | None:
        """Why max^n's shallow pruning cannot solve the tree (None: it can)."""
        tree = self.document.tree
        if tree.constant_sum is not None:
            return None
        sums = tree_edit.vector_sums(tree)
        if sums is not None and sums[0] == sums[1]:
            return None
        lo, hi = sums if sums is not None else (0.0, 0.0)
        return (
            "Shallow pruning needs every vector to add up to the same number; here they add "
            f"up to {format_number(lo)} to {format_number(hi)}"
        )

    def _algorithm_changed(self, _index: int) -> None:
        alphabeta = self.algorithm.currentData() is Algorithm.ALPHABETA
        self.fail_hard.setEnabled(alphabeta)
        # Max^n and the paranoid search take no move ordering.
        self.ordering.setEnabled(not self.document.tree.players)

    def _node_clicked(self, n: int) -> None:
        if self.stack.currentWidget() is self.canvas and n < len(self.drawing.paths):
            self.document.select(self.drawing.paths[n])

    def set_tree_focus(self, on: bool) -> None:
        """Give the tree the page's whole width (on), or bring the side panel back."""
        self.side_panel.setVisible(not on)

    def select(self, path: Path) -> None:
        """Select the node at ``path``."""
        self.document.select(path)

    # -- edits --------------------------------------------------------------------------

    def _edit(self, text: str, make: Callable[[CustomTree], tuple[CustomTree, Path]]) -> bool:
        """Apply one edit as an undoable step; say why in a message if the core refuses it."""
        try:
            tree, selected = make(self.document.tree)
        except (GameError, ValueError) as e:
            self._refused(str(e))
            return False
        self.document.apply(text, tree, selected)
        return True

    def _refused(self, why: str, title: str = "Cannot do that") -> None:
        self.message.emit(why)
        self._warn(title, why)

    def _path(self, path: Path | None) -> Path:
        return self.document.selected if path is None else path

    def add_child(self, path: Path | None = None) -> None:
        """Add a leaf under the node (a leaf becomes a MAX or MIN node)."""
        p = self._path(path)
        self._edit("Add child", lambda t: tree_edit.add_child(t, p))

    def insert_sibling(self, *, after: bool = True, path: Path | None = None) -> None:
        """Insert a leaf beside the node."""
        p = self._path(path)
        self._edit("Insert sibling", lambda t: tree_edit.insert_sibling(t, p, after=after))

    def delete_subtree(self, path: Path | None = None) -> None:
        """Delete the node and everything below it."""
        p = self._path(path)
        self._edit("Delete subtree", lambda t: tree_edit.delete_subtree(t, p))

    def set_kind(self, kind: NodeType | int, path: Path | None = None) -> None:
        """Make the node MAX, MIN, chance or a leaf (or, given a player's index in a tree
        of players, that player's decision)."""
        p = self._path(path)
        if isinstance(kind, int):
            self.set_player(kind, p)
            return
        if self.document.tree.node_at(p).type is kind:
            self._update_actions()  # a checked entry chosen again stays checked
            return
        self._edit(f"Make {kind.value}", lambda t: (tree_edit.set_kind(t, p, kind), p))

    def set_player(self, player: int, path: Path | None = None) -> None:
        """Make the node a decision of ``player`` (a tree of players)."""
        p = self._path(path)
        tree = self.document.tree
        node = tree.node_at(p)
        if tree.players and node.type is NodeType.PLAYER and node.player == player:
            self._update_actions()  # no edit, no undo step; the entry stays checked
            return
        name = clip(tree.players[player]) if 0 <= player < len(tree.players) else "?"
        self._edit(f"Make it {name}'s", lambda t: (tree_edit.set_player(t, p, player), p))

    def step_player(self, step: int, path: Path | None = None) -> None:
        """Give the node to the next (``step`` 1) or previous (-1) player in turn; a
        chance node or a leaf goes to the player in turn there (a tree of players)."""
        p = self._path(path)
        try:
            player = tree_edit.player_in_turn(self.document.tree, p, step)
        except GameError as e:
            self._refused(str(e))
            return
        self.set_player(player, p)

    def set_values(self, values: tuple[float, ...], path: Path | None = None) -> None:
        """Set a leaf's values (a tree of players)."""
        p = self._path(path)
        self._edit("Set values", lambda t: (tree_edit.set_values(t, p, values), p))

    def set_evals(self, values: tuple[float, ...] | None, path: Path | None = None) -> None:
        """Set (None: remove) an inner node's evals (a tree of players)."""
        p = self._path(path)
        self._edit("Set evals", lambda t: (tree_edit.set_evals(t, p, values), p))

    def set_players(self, names: list[str]) -> None:
        """Name the tree's players (three or more make a tree of players)."""
        keep = self.document.selected
        if self._edit("Set the players", lambda t: (tree_edit.set_players(t, names), keep)):
            return
        self.players_form.show_tree(self.document.tree, again=True)  # the names as they were

    def set_value(self, value: float, path: Path | None = None) -> None:
        """Set a leaf's value."""
        p = self._path(path)
        self._edit("Set value", lambda t: (tree_edit.set_value(t, p, value), p))

    def set_eval(self, value: float | None, path: Path | None = None) -> None:
        """Set (None: remove) an inner node's eval."""
        p = self._path(path)
        self._edit("Set eval", lambda t: (tree_edit.set_eval(t, p, value), p))

    def set_probability(self, p_value: float, path: Path | None = None) -> None:
        """Set the probability of a chance node's outcome."""
        p = self._path(path)
        self._edit("Set probability", lambda t: (tree_edit.set_probability(t, p, p_value), p))

    def make_uniform(self, path: Path | None = None) -> None:
        """Give each outcome of the chance node (at, or above, ``path``) the same probability."""
        p = self._path(path)
        if self.document.tree.node_at(p).type is not NodeType.CHANCE and p:
            p = p[:-1]
        keep = self._path(path)
        self._edit("Make uniform", lambda t: (tree_edit.make_uniform(t, p), keep))

    def set_label(self, text: str | None, path: Path | None = None) -> None:
        """Set (empty: remove) the node's label."""
        p = self._path(path)
        label = text.strip() if text else None
        self._edit("Set label", lambda t: (tree_edit.set_label(t, p, label or None), p))

    def set_move(self, text: str | None, path: Path | None = None) -> None:
        """Set (empty: remove) the label of the move into the node."""
        p = self._path(path)
        move = text.strip() if text else None
        self._edit("Set move label", lambda t: (tree_edit.set_move(t, p, move or None), p))

    def set_value_bounds(self, bounds: tuple[float, float] | None) -> None:
        """Declare the lowest and highest value a leaf can have (None: infer them)."""
        if bounds == self.document.tree.value_bounds:
            return
        text = "Set the value bounds" if bounds is not None else "Infer the value bounds"
        keep = self.document.selected
        self._edit(text, lambda t: (tree_edit.set_value_bounds(t, bounds), keep))

    def replace_tree(self, tree: CustomTree, text: str = "Replace tree") -> None:
        """Replace the whole tree as one undoable edit."""
        self.document.apply(text, tree, ())

    def _value_entered(self, path: Path, text: str) -> None:
        tree = self.document.tree
        node = tree.node_at(path)
        if tree.players:
            self._vector_entered(path, node.type is NodeType.LEAF, text)
            return
        if node.type is not NodeType.LEAF and not text.strip():
            self.set_eval(None, path)
            return
        try:
            value = parse_number(text)
        except ValueError:
            self._refused(f"{text!r} is not a number")
            self._tree_changed()
            return
        if node.type is NodeType.LEAF:
            self.set_value(value, path)
        else:
            self.set_eval(value, path)

    def _vector_entered(self, path: Path, leafy: bool, text: str) -> None:
        """A leaf's values or an inner node's evals typed in a tree of players."""
        if not leafy and not text.strip():
            self.set_evals(None, path)
            return
        try:
            values = parse_vector(text, self.document.tree.players)
        except ValueError as e:
            where = f"node {path_text(path)}" if path else "the root"
            self._refused(f"{where}: {e}")
            self._tree_changed()
            return
        if leafy:
            self.set_values(values, path)
        else:
            self.set_evals(values, path)

    def _probability_entered(self, path: Path, text: str) -> None:
        try:
            value = parse_probability(text)
        except ValueError:
            self._refused(f"{text!r} is not a probability (give 0.25, 1/4 or 25%)")
            self._tree_changed()
            return
        self.set_probability(value, path)

    # -- asking (menus) -----------------------------------------------------------------

    def _ask_text(self, title: str, label: str, text: str) -> str | None:
        """Ask for one line of text (None: cancelled). Tests replace this."""
        answer, ok = QInputDialog.getText(self, title, label, text=text)
        return answer if ok else None

    def ask_value(self) -> None:
        """Ask for the selected leaf's value."""
        node = self.document.tree.node_at(self.selected)
        if node.type is not NodeType.LEAF:
            self.ask_eval()
            return
        players = self.document.tree.players
        if players:
            text = self._ask_text(
                "Set values",
                f"Leaf values, one for each player ({names_text(players)}):",
                vector_edit_text(node.values),
            )
        else:
            text = self._ask_text(
                "Set value", "Leaf value (MAX's point of view):", _num(node.value)
            )
        if text is not None:
            self._value_entered(self.selected, text)

    def ask_eval(self) -> None:
        """Ask for the selected inner node's eval (empty: none)."""
        node = self.document.tree.node_at(self.selected)
        players = self.document.tree.players
        if players:
            text = self._ask_text(
                "Set evals",
                f"Evals for depth cutoffs, one for each player ({names_text(players)}; "
                "empty: none):",
                vector_edit_text(node.evals),
            )
        else:
            text = self._ask_text(
                "Set eval", "Eval for depth cutoffs (empty: none):", _num(node.eval)
            )
        if text is not None:
            self._value_entered(self.selected, text)

    def ask_probability(self) -> None:
        """Ask for the selected outcome's probability."""
        node = self.document.tree.node_at(self.selected)
        text = self._ask_text(
            "Set probability", "Probability (0.25, 1/4 or 25%):", _num(node.probability)
        )
        if text is not None:
            self._probability_entered(self.selected, text)

    def ask_bounds(self) -> None:
        """Ask for the tree's value bounds (empty: infer them from the leaves)."""
        tree = self.document.tree
        declared = tree.value_bounds
        text = self._ask_text(
            "Value bounds",
            "Lowest and highest value a leaf can have, as 0, 100\n"
            f"(empty: the leaves' range, {bounds_text(tree.value_range())}):",
            bounds_text(declared).strip("[]") if declared is not None else "",
        )
        if text is None:
            return
        try:
            bounds = parse_bounds(text)
        except ValueError as e:
            self._refused(str(e))
            return
        self.set_value_bounds(bounds)

    def ask_label(self) -> None:
        """Ask for the selected node's label."""
        node = self.document.tree.node_at(self.selected)
        text = self._ask_text("Label", "Node label (empty: none):", node.label or "")
        if text is not None:
            self.set_label(text)

    def ask_move(self) -> None:
        """Ask for the label of the move into the selected node."""
        node = self.document.tree.node_at(self.selected)
        text = self._ask_text("Move label", "Label of the move into it:", node.move or "")
        if text is not None:
            self.set_move(text)

    # -- keys and in-place editing ------------------------------------------------------

    def _key(self, event: QKeyEvent) -> bool:
        if self.stack.currentWidget() is not self.canvas:
            return False
        key = Qt.Key(event.key())
        mods = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        shift = Qt.KeyboardModifier.ShiftModifier
        if mods & ~shift:
            return False  # Ctrl/Alt combinations: zoom and menus
        text = event.text()
        tree, path = self.document.tree, self.document.selected
        if key == Qt.Key.Key_Insert:
            self.add_child()
        elif key in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace):
            self.delete_subtree()
        elif key == Qt.Key.Key_Tab:
            self.select(tree_edit.next_leaf(tree, path))
        elif key == Qt.Key.Key_Backtab:
            self.select(tree_edit.next_leaf(tree, path, backwards=True))
        elif key in _ARROWS:
            self.select(tree_edit.neighbour(tree, path, _ARROWS[key]))
        elif key == Qt.Key.Key_P and tree.players:
            self.step_player(-1 if mods & shift else 1)
        elif key in (Qt.Key.Key_M, Qt.Key.Key_N) and tree.players and not mods:
            # No dialog for a stray key: the status bar says what this tree has instead.
            self.message.emit(
                f"A tree of players ({names_text(tree.players)}) has no MAX or MIN: P gives "
                "the node to the next player, Shift+P to the previous one"
            )
        elif key in _KIND_KEYS and not mods:
            self.set_kind(_KIND_KEYS[key])
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_F2):
            self.edit_in_place()
        elif text and text in NUMBER_START:
            if tree.node_at(path).type is NodeType.LEAF:
                self.edit_in_place(text)
            else:
                self.message.emit("Type numbers on a leaf; Enter edits this node's label")
        else:
            return False
        return True

    def edit_in_place(self, start: str | None = None) -> None:
        """Open the editor over the selected node: a leaf's value, else the node's label."""
        path = self.document.selected
        n = self.drawing.index.get(path)
        if n is None or self.stack.currentWidget() is not self.canvas:
            return
        node = self.document.tree.node_at(path)
        if start is not None:
            text, select_all = start, False
        elif node.type is NodeType.LEAF:
            text, select_all = _num(node.value), True
            if node.values is not None:
                text = vector_edit_text(node.values)
        else:
            text, select_all = node.label or "", True
        self._inline_path = path
        self.canvas.inline.start(text, self.canvas.view_point_of(n), select_all=select_all)

    def _double_clicked(self, n: int) -> None:
        if self.stack.currentWidget() is self.canvas:
            self.edit_in_place()

    def _inline_committed(self, text: str) -> None:
        path = getattr(self, "_inline_path", self.document.selected)
        self.canvas.setFocus(Qt.FocusReason.OtherFocusReason)
        try:
            node = self.document.tree.node_at(path)
        except GameError:
            return
        if node.type is NodeType.LEAF:
            self._value_entered(path, text)
        else:
            self.set_label(text, path)

    # -- clipboard ----------------------------------------------------------------------

    def copy_json(self) -> None:
        """Put the tree on the clipboard as a tree file's JSON (if it is a valid tree)."""
        try:
            text = dump_tree(self.document.tree)
        except GameError as e:
            self._refused(f"The tree cannot be copied as JSON until it is valid: {e}")
            return
        QGuiApplication.clipboard().setText(text)
        self.message.emit("Copied the tree as JSON")

    def copy_nested(self) -> None:
        """Put the tree on the clipboard as a nested list, if the shorthand can say it."""
        nested = tree_to_nested(self.document.tree)
        if nested is None:
            self._refused(
                "This tree cannot be written as a nested list: the shorthand has only MAX and "
                "MIN levels alternating from a MAX root and numbers at the leaves (no chance "
                "nodes, labels, moves or evals). Use Copy as JSON."
            )
            return
        QGuiApplication.clipboard().setText(json.dumps(nested, separators=(",", ":")))
        self.message.emit("Copied the tree as a nested list")

    def paste(self) -> None:
        """Replace the tree by the clipboard's nested list or tree JSON (undoable)."""
        text = QGuiApplication.clipboard().text().strip()
        if not text:
            self._refused("The clipboard holds no text")
            return
        try:
            tree = load_tree(text, self.document.tree.name)
        except TreeFileError as e:
            self._refused(f"The clipboard does not hold a tree: {e}")
            return
        self.replace_tree(tree, "Paste tree")

    # -- files --------------------------------------------------------------------------

    def _open_file_name(self) -> str | None:
        """Ask which tree file to open (None: cancelled). Tests replace this."""
        name, _ = QFileDialog.getOpenFileName(self, "Open tree", self._folder(), FILE_FILTER)
        return name or None

    def _save_file_name(self) -> str | None:
        """Ask where to save (None: cancelled). Tests replace this."""
        start = self.document.file_path or os.path.join(
            self._folder(), f"{file_stem(self.document.tree.name)}.gtree.json"
        )
        name, _ = QFileDialog.getSaveFileName(self, "Save tree", start, FILE_FILTER)
        if name and not name.lower().endswith(".json"):
            name += ".gtree.json"
        return name or None

    def _ask_unsaved(self) -> str:
        """Ask about unsaved changes: "save", "discard" or "cancel". Tests replace this."""
        buttons = QMessageBox.StandardButton
        answer = QMessageBox.question(
            self,
            "Unsaved changes",
            f"The tree “{self.document.tree.name}” has changes that are not saved. Save them?",
            buttons.Save | buttons.Discard | buttons.Cancel,
            buttons.Save,
        )
        return {buttons.Save: "save", buttons.Discard: "discard"}.get(answer, "cancel")

    def _warn(self, title: str, text: str) -> None:
        """Tell the person something went wrong. Tests replace this."""
        QMessageBox.warning(self, title, text)

    def _folder(self) -> str:
        recent = self.recent_files()
        return os.path.dirname(recent[0]) if recent else os.path.expanduser("~")

    def maybe_save(self) -> bool:
        """Before unsaved changes would be lost: True when it is fine to go on."""
        if not self.document.dirty:
            return True
        answer = self._ask_unsaved()
        if answer == "save":
            return self.save()
        return answer == "discard"

    def new_tree(self) -> bool:
        """Start a new tree (asking about unsaved changes first)."""
        if not self.maybe_save():
            return False
        self._set_tree(tree_edit.new_tree(), None, caption="")
        return True

    def open_file(self, path: str | None = None) -> bool:
        """Start opening a tree file (False: the person cancelled before it started).

        The file is read, checked and drawn on the loader's thread while the window stays
        responsive; ``opened`` follows, or a warning with the loader's reason, and the
        tree shown until then stays as it was.
        """
        if not self.maybe_save():
            return False
        if path is None:
            path = self._open_file_name()
            if path is None:
                return False
        self._start_opening(_Opening(path))
        return True

    @property
    def loading(self) -> bool:
        """True while a file is opening."""
        return self._opening is not None

    @property
    def recovering(self) -> bool:
        """True while the recovery file is opening: until its tree is shown, the file is
        the only copy of it, and nothing removes it."""
        return self._opening is not None and self._opening.unsaved

    def cancel_loading(self) -> None:
        """Stop opening the file (the tree shown before stays)."""
        opening = self._opening
        if opening is not None:
            self._stop_loading()
            self.message.emit(f"Stopped opening {opening.path}")

    def _start_opening(self, opening: _Opening) -> None:
        self._stop_loading()
        self.show_drawing()
        self._opening = opening
        self.loading_page.start(os.path.basename(opening.path))
        self.stack.setCurrentWidget(self.loading_page)
        self._loading_changed()
        self.loader.start(lambda job: read_tree(opening.path, job))

    def _stop_loading(self) -> None:
        """Drop the file being opened, if any, and show the drawing again."""
        if self._opening is None:
            return
        self.loader.cancel()
        self._opening = None
        self.stack.setCurrentWidget(self.canvas)
        self._loading_changed()

    def _loading_changed(self) -> None:
        # The window's actions (Save, Solve, Paste...) follow loadingChanged in TreesMode.
        loading = self.loading
        for action in self.edit_actions:
            action.setEnabled(not loading)
        self.solve_button.setEnabled(not loading)
        self.properties.setEnabled(not loading)
        self.bounds_form.setEnabled(not loading)
        if not loading:
            self._update_actions()
        self.loadingChanged.emit(loading)
        self._status_changed()

    @Slot(object)
    def _loaded(self, opened: OpenedTree) -> None:
        opening = self._opening
        assert opening is not None
        self._opening = None
        # Drawn already: _set_tree shows this drawing instead of making one.
        self.drawing = opened.drawing
        self._problems = (opened.tree, opened.problems)
        path = None if opening.unsaved else opening.path
        self._set_tree(opened.tree, path, caption=opening.caption, unsaved=opening.unsaved)
        self._loading_changed()
        if path is not None:
            self._add_recent(path)
            self.message.emit(f"Opened {path}")
        self.opened.emit(opening.path)

    @Slot(object)
    def _load_failed(self, error: BaseException) -> None:
        opening = self._opening
        assert opening is not None
        self._stop_loading()
        path = opening.path
        if isinstance(error, TreeFileError):
            why = f"{os.path.basename(path)}: {error}"
        elif isinstance(error, OSError):
            why = f"{path}: {error.strerror or error}"
        else:  # a bug: say so, keep the app alive
            traceback.print_exception(error)
            why = f"{os.path.basename(path)}: internal error: {type(error).__name__}: {error}"
        self._warn("Cannot open the tree", why)

    def open_tree(self, tree: CustomTree, *, caption: str = "", origin: str = "") -> bool:
        """Open ``tree`` as a new document with no file (an example, a random tree).

        It opens unchanged: nothing is asked about it until it is edited, and Save asks
        for a file name. ``origin`` says in the title where it came from ("example").
        """
        if not self.maybe_save():
            return False
        self._set_tree(tree, None, caption=caption, origin=origin)
        return True

    def _set_tree(
        self,
        tree: CustomTree,
        path: str | None,
        *,
        caption: str,
        unsaved: bool = False,
        origin: str = "",
    ) -> None:
        keep_recovery = self.recovering
        self._stop_loading()  # a new, pasted or random tree replaces a file being opened
        self.show_drawing()
        self.caption = caption
        self.caption_label.setText(caption)
        self.caption_label.setVisible(bool(caption))
        self.document.reset(tree, file_path=path, unsaved=unsaved, origin=origin)
        self._autosave_timer.stop()
        if unsaved and self.recovery_path is not None:
            self._autosave_timer.start()
        elif not unsaved and not keep_recovery:
            self.remove_recovery()

    def save(self) -> bool:
        """Save to the tree's file (asking for one if it has none)."""
        if self.document.file_path is None:
            return self.save_as()
        return self._write(self.document.file_path)

    def save_as(self) -> bool:
        """Save to a file the person chooses."""
        if not self._probabilities_ok("Cannot save the tree"):
            return False
        path = self._save_file_name()
        if path is None:
            return False
        return self._write(path)

    def _probabilities_ok(self, title: str) -> bool:
        """True when every chance node's probabilities sum to 1; else warns, under
        ``title`` (what cannot be done: "Cannot save the tree"), naming the node."""
        problems = tree_edit.probability_problems(self.document.tree)
        if not problems:
            return True
        path, why = problems[0]
        where = f"node {path_text(path)}" if path else "the root"
        self._warn(title, f"The probabilities at {where} are wrong: {why}")
        return False

    def _bounds_ok(self, title: str) -> bool:
        """True when the declared value bounds hold every value; else warns under
        ``title``, naming the nodes outside them."""
        tree = self.document.tree
        lines = outside_lines(tree, self.drawing)
        if not lines:
            return True
        assert tree.value_bounds is not None
        self._warn(
            title,
            f"These values lie outside the tree's value bounds {bounds_text(tree.value_bounds)}, "
            "by which Star1 prunes:\n" + "\n".join(lines) + "\nWiden the bounds "
            "(Edit > Value bounds…, or Use the leaves), or change the values.",
        )
        return False

    def _write(self, path: str) -> bool:
        if not self._probabilities_ok("Cannot save the tree"):
            return False
        if not self._bounds_ok("Cannot save the tree"):
            return False
        tree = self.document.tree
        named = tree.name == DEFAULT_NAME
        if named:
            # A new tree takes the name of the file it is first saved as (an edit like any
            # other: undo gives the old name back).
            renamed = tree_edit.set_name(tree, default_tree_name(path))
            self.document.apply("Name the tree", renamed)
        try:
            write_text(path, dump_tree(self.document.tree))
        except (GameError, OSError) as e:
            why = describe(e, path) if isinstance(e, OSError) else str(e)
            self._warn("Cannot save the tree", why)
            if named:
                self.document.undo_stack.undo()
            return False
        self.document.mark_saved(path)
        self._add_recent(path)
        self.remove_recovery()
        self.message.emit(f"Saved {path}")
        return True

    def recent_files(self) -> list[str]:
        """Recently opened or saved files, newest first."""
        value = self.store.value(RECENT_KEY, [])
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list):
            return []
        return [str(v) for v in value][:MAX_RECENT]

    def _add_recent(self, path: str) -> None:
        path = os.path.abspath(path)
        files = [path] + [f for f in self.recent_files() if f != path]
        self.store.setValue(RECENT_KEY, files[:MAX_RECENT])

    def clear_recent(self) -> None:
        """Forget the recent files."""
        self.store.setValue(RECENT_KEY, [])

    # -- recovery -----------------------------------------------------------------------

    def write_recovery(self) -> None:
        """Write the tree to the recovery file (if it has unsaved changes)."""
        self._autosave_timer.stop()
        path = self.recovery_path
        if path is None:
            return
        if not self.document.dirty:
            self.remove_recovery()
            return
        try:
            text = dump_tree(self.document.tree)
        except GameError:
            return  # e.g. probabilities being typed in: the next edit writes it
        try:
            write_text(path, text, make_folder=True)
        except OSError as e:
            # Said once, not after every edit; said again only if the reason changes.
            problem = (
                f"Your recent edits are not in the recovery file ({describe(e, path)}). "
                "Save the tree to keep them."
            )
            if problem != self._autosave_problem:
                self._autosave_problem = problem
                self.message.emit(problem)
                self._warn("Autosave failed", problem)
            return
        if self._autosave_problem:
            self._autosave_problem = ""
            self.message.emit("Autosave works again: the recovery file holds your edits")

    def remove_recovery(self) -> None:
        """Remove the recovery file (the tree is saved, or closed on purpose)."""
        self._autosave_timer.stop()
        if self.recovery_path is not None:
            with contextlib.suppress(OSError):  # gone already, or its folder went read-only
                os.remove(self.recovery_path)

    def has_recovery(self) -> bool:
        """True when a session that did not end cleanly left a recovery file."""
        path = self.recovery_path
        return path is not None and os.path.exists(path)

    def open_recovery(self) -> None:
        """Start opening the recovery file's tree as a new, unsaved tree (as open_file)."""
        if self.recovery_path is not None:
            self._start_opening(_Opening(self.recovery_path, RECOVERED_CAPTION, unsaved=True))

    # -- solving ------------------------------------------------------------------------

    def search_settings(self) -> SearchSettings:
        """The chosen algorithm, cutoff and ordering."""
        algorithm = self.algorithm.currentData()
        shallow = algorithm == SHALLOW
        if shallow:
            algorithm = Algorithm.MAXN
        depth = self.depth_box.value() or None
        ordering = Ordering.STATIC if self.ordering.isChecked() else Ordering.NONE
        if algorithm.handles_players:
            ordering = Ordering.NONE
        fail_hard = algorithm is Algorithm.ALPHABETA and self.fail_hard.isChecked()
        return SearchSettings(
            algorithm=algorithm,
            depth=depth,
            ordering=ordering,
            fail_hard=fail_hard,
            shallow_pruning=shallow,
        )

    def set_algorithm(self, algorithm: Algorithm) -> None:
        """Choose the search (if it applies to the tree)."""
        index = self.algorithm.findData(algorithm)
        if index >= 0:
            self.algorithm.setCurrentIndex(index)

    def solve(self) -> None:
        """Solve the tree on the search thread and show the search in place."""
        if self.searches.request is not None or self.loading:
            return
        if not self._probabilities_ok("Cannot solve the tree"):
            return
        star1 = self.algorithm.currentData() is Algorithm.STAR1
        if star1 and not self._bounds_ok("Cannot solve the tree"):
            return
        tree = self.document.tree
        if self.algorithm.currentData() == SHALLOW and tree.constant_sum is None:
            # The drawn vectors add up to one constant (else the choice is off): shallow
            # pruning takes it as declared.
            sums = tree_edit.vector_sums(tree)
            if sums is not None:
                tree = dataclasses.replace(tree, constant_sum=sums[0])
        game = TreeGame(tree)
        try:
            settings = self.search_settings()
        except GameError as e:
            self._refused(str(e), "Cannot solve the tree")
            return
        self.result = None
        request = self.searches.start(
            game, game.initial_state(), settings, purpose="solve-tree", title=tree.name
        )
        # The editor's Solve offers the depth-first searches only (no MCTS).
        assert request.recording is None or isinstance(request.recording, SearchRecording)
        self.solution = request.recording
        self.stack.setCurrentWidget(self.solution_panel)
        self.back_button.show()
        self.solve_button.setEnabled(False)
        self.result_label.setText("Solving…")
        self.result_label.show()

    def _search_finished(self, request: SearchRequest, result: SearchResult) -> None:
        self.result = result
        show_node_labels(self.solution_panel)
        self.solve_button.setEnabled(True)
        said = guarantee(request.game, result)  # a tree of -1, 0 and 1 only, solved
        self.result_label.setText(self._result_text(result) + (f" · {said}" if said else ""))
        # The line is cut where the window is narrow: its tooltip keeps what it adds.
        tip = [said or "", exact_note(result.stats.exact_checks).strip(" ()")]
        self.result_label.setToolTip("\n".join(filter(None, tip)))
        self.solved.emit(request, result)

    def _search_failed(self, request: SearchRequest, message: str) -> None:
        self.show_drawing()
        self._refused(message, "Cannot solve the tree")

    def _result_text(self, result: SearchResult) -> str:
        value = "?" if result.value is None else format_number(result.value)
        if result.values is not None:
            value = vector_text(result.values)
        root = self.document.tree.root
        pv = [clip(move) for move in move_names(root, result.principal_variation)]
        best = "—" if result.best_move is None else clip(move_names(root, [result.best_move])[0])
        stats = result.stats
        convention = result.settings.convention
        return (
            f"<b>Value {value}</b>"
            + (f" (alpha-beta, {convention})" if convention else "")
            + f" · best move {best} · line {' → '.join(pv) or '—'} · "
            f"{stats.nodes} nodes, {stats.leaves} leaves"
            + (f", {stats.exact_checks} exact" if stats.exact_checks else "")
        )

    def shutdown(self) -> None:
        """Stop anything running before the window closes."""
        self._stop_loading()
        self.loader.shutdown()
        self._autosave_timer.stop()
        self.searches.cancel()
        if self._owns_controller:
            self.controller.shutdown()


def _num(value: float | None) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and math.isfinite(value) and value.is_integer():
        return str(int(value))
    return str(value)
