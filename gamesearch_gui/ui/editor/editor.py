"""The tree editor: draw a game tree with mouse or keyboard, keep it in files, solve it in place.

``TreeEditor`` holds one :class:`TreeDocument` and lays out the page: the Solve row, the
drawing (the search view's canvas showing a synthetic recording of the tree, see
:mod:`gamesearch_gui.core.recording.drawn_tree`, rebuilt after every edit), and beside it
the node's properties, the players, the value bounds and the keys. Its rooms, each in a
module of its own, do the work:

- :mod:`.edits` (:class:`TreeEdits`): every change to the tree, one undoable step;
- :mod:`.node_actions` (:class:`NodeActions`): which node actions apply, the Kind menu
  and the drawing's context menu;
- :mod:`.keys` (:class:`CanvasKeys`): the drawing's keys and in-place editing;
- :mod:`.prompts` (:class:`NodePrompts`): the Edit menu's one-line questions;
- :mod:`.clipboard` (:class:`TreeClipboard`): copy and paste the tree;
- :mod:`.files` (:class:`TreeFiles`): open, save, recent files, the recovery file;
- :mod:`.solving` (:class:`TreeSolver`): the Solve row, the search, and its result,
  shown in a :class:`TreePage` in the drawing's place until the next edit;
- :mod:`.transform` (:class:`TreeTransform`): Tree > Transform values and its exercise.

The rooms see the editor through :class:`EditorHost` (:mod:`.host`), the part of it they
use. The editor keeps the public names the window, the menus and the tests use, handing
each to its room. Every question to the person (file names, texts, unsaved changes,
errors) goes through one method here (``_open_file_name``, ``_save_file_name``,
``_ask_text``, ``_ask_unsaved``, ``_warn``) so tests can answer it.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QSettings
from PySide6.QtCore import Signal
from PySide6.QtCore import Slot
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QFileDialog
from PySide6.QtWidgets import QInputDialog
from PySide6.QtWidgets import QLabel
from PySide6.QtWidgets import QMessageBox
from PySide6.QtWidgets import QSplitter
from PySide6.QtWidgets import QVBoxLayout
from PySide6.QtWidgets import QWidget

from gamesearch_gui.core.files import file_stem
from gamesearch_gui.core.recording.drawn_tree import Drawing
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import SearchResult
from gamesearch_gui.core.text import clip
from gamesearch_gui.core.trees import edit as tree_edit
from gamesearch_gui.core.trees.efg import EFG_SUFFIX
from gamesearch_gui.core.trees.tree import CustomTree
from gamesearch_gui.core.trees.tree import NodeType
from gamesearch_gui.core.trees.tree import Path
from gamesearch_gui.ui.actions import Owner
from gamesearch_gui.ui.actions import build_actions
from gamesearch_gui.ui.actions import make_menu
from gamesearch_gui.ui.canvas_keys import DRAWING_KEYS
from gamesearch_gui.ui.canvas_keys import DRAWING_PLAYERS_KEYS
from gamesearch_gui.ui.editor.action_set import EditorActions
from gamesearch_gui.ui.editor.bounds import BoundsForm
from gamesearch_gui.ui.editor.bounds import bounds_problem
from gamesearch_gui.ui.editor.clipboard import TreeClipboard
from gamesearch_gui.ui.editor.document import TreeDocument
from gamesearch_gui.ui.editor.edits import TreeEdits
from gamesearch_gui.ui.editor.files import EFG_FILTER
from gamesearch_gui.ui.editor.files import FILE_FILTER
from gamesearch_gui.ui.editor.files import OPEN_FILE_FILTER
from gamesearch_gui.ui.editor.files import TreeFiles
from gamesearch_gui.ui.editor.keys import CanvasKeys
from gamesearch_gui.ui.editor.loading import OpenedTree
from gamesearch_gui.ui.editor.node_actions import NodeActions
from gamesearch_gui.ui.editor.players import PlayersForm
from gamesearch_gui.ui.editor.prompts import NodePrompts
from gamesearch_gui.ui.editor.properties import PropertiesForm
from gamesearch_gui.ui.editor.properties import probability_problem
from gamesearch_gui.ui.editor.solving import SHALLOW
from gamesearch_gui.ui.editor.solving import TreeSolver
from gamesearch_gui.ui.editor.transform import TreeTransform
from gamesearch_gui.ui.tree.editable import EditorCanvas
from gamesearch_gui.ui.widgets import PageStack
from gamesearch_gui.ui.widgets import column
from gamesearch_gui.ui.widgets import make_action
from gamesearch_gui.ui.worker import SearchController

#: Names other modules and the tests import from here, where they used to live.
__all__ = ["SHALLOW", "TreeEditor"]


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
        self.document = TreeDocument(tree_edit.new_tree(), self)
        self.drawing = Drawing(self.document.tree)
        self._problems: tuple[CustomTree, list[tuple[Path, str]]] | None = None
        self.caption = ""
        self._make_rooms(recovery_path)
        self._hand_to_rooms()
        self._make_forms()
        self._lay_out()
        self._make_actions()
        self.document.changed.connect(self._tree_changed)
        self.document.statusChanged.connect(self._status_changed)
        self.document.undo_stack.indexChanged.connect(self._edited)
        self._tree_changed()
        self._status_changed()

    def _make_rooms(self, recovery_path: str | None) -> None:
        """The drawing, the pages in its place, and the rooms that do the editor's work."""
        self.canvas = EditorCanvas()
        self.canvas.setObjectName("editorCanvas")
        self.canvas.nodeClicked.connect(self._node_clicked)
        self.edits = TreeEdits(self)
        self.node_actions = NodeActions(self, self.edits, self)
        self.canvas.menu_builder = self.node_actions.node_menu
        self.keys = CanvasKeys(self, self.edits)
        self.prompts = NodePrompts(self, self.edits)
        self.clipboard = TreeClipboard(self, self.edits)
        self.solver = TreeSolver(self, self.controller, self)
        self.solver.solved.connect(self.solved)
        self.transform = TreeTransform(self, self)
        self.solution_panel = self.solver.solution_panel
        self.searches = self.solver.searches
        self.stack = PageStack()
        self.stack.addWidget(self.canvas)
        self.stack.addWidget(self.solution_panel)
        self.files = TreeFiles(self, self.store, recovery_path, self)
        self.files.message.connect(self.message)
        self.files.opened.connect(self.opened)
        self.files.loadingChanged.connect(self._loading_changed)
        self.files.searchNamed.connect(self._search_named)
        self.loading_page = self.files.loading_page
        self.loader = self.files.loader
        self.stack.addWidget(self.loading_page)

    def _hand_to_rooms(self) -> None:
        """Give the editor the rooms' methods that the menus, the window and the tests
        call on it: each is the room's own (see the room for what it does)."""
        edits, prompts, clipboard, files, solver = (
            self.edits,
            self.prompts,
            self.clipboard,
            self.files,
            self.solver,
        )
        self.add_child = edits.add_child
        self.insert_sibling = edits.insert_sibling
        self.delete_subtree = edits.delete_subtree
        self.set_kind = edits.set_kind
        self.step_player = edits.step_player
        self.make_uniform = edits.make_uniform
        self.set_label = edits.set_label
        self.set_move = edits.set_move
        self.ask_value = prompts.ask_value
        self.ask_eval = prompts.ask_eval
        self.ask_probability = prompts.ask_probability
        self.ask_bounds = prompts.ask_bounds
        self.ask_label = prompts.ask_label
        self.ask_move = prompts.ask_move
        self.copy_json = clipboard.copy_json
        self.copy_nested = clipboard.copy_nested
        self.paste = clipboard.paste
        self.maybe_save = files.maybe_save
        self.new_tree = files.new_tree
        self.open_file = files.open_file
        self.open_tree = files.open_tree
        self.save = files.save
        self.save_as = files.save_as
        self.remove_recovery = files.remove_recovery
        self.has_recovery = files.has_recovery
        self.open_recovery = files.open_recovery
        self.solve = solver.solve
        self.show_drawing = solver.show_drawing
        self.transform_values = self.transform.transform_values
        self.flip_exercise = self.transform.flip_exercise

    def _make_forms(self) -> None:
        """The side panel's forms (node, players, bounds) and the labels around the drawing."""
        self.properties = PropertiesForm()
        self.properties.kindChosen.connect(lambda p, k: self.set_kind(k, p))
        self.properties.valueEntered.connect(self.edits.value_entered)
        self.properties.probabilityEntered.connect(self.edits.probability_entered)
        self.properties.uniformRequested.connect(lambda p: self.make_uniform(p))
        self.properties.labelEntered.connect(lambda p, t: self.set_label(t, p))
        self.properties.moveEntered.connect(lambda p, t: self.set_move(t, p))
        self.players_form = PlayersForm()
        self.players_form.playersEntered.connect(self.edits.set_players)
        self.bounds_form = BoundsForm()
        self.bounds_form.boundsEntered.connect(self.edits.set_value_bounds)
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

    def _lay_out(self) -> None:
        """The Solve row, the result and the drawing on the left; the forms on the right."""
        solve_row = self.solver.make_controls()
        self.algorithm = self.solver.algorithm
        self.depth_box = self.solver.depth_box
        self.fail_hard = self.solver.fail_hard
        self.equal_values = self.solver.equal_values
        self.ordering = self.solver.ordering
        self.solve_button = self.solver.solve_button
        self.back_button = self.solver.back_button
        self.result_label = self.solver.result_label
        left = column(self.caption_label, solve_row, self.result_label, (self.stack, 1))
        right = column((self.properties, 1), self.players_form, self.bounds_form, self.keys_help)
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

    # -- actions ------------------------------------------------------------------------

    def _act(self, text: str, slot: Callable[[], Any], tip: str = "", key: str = "") -> QAction:
        # Single keys (Ins, Del, M...) are handled by the canvas, not as shortcuts: shown
        # after a tab in menus, they never clash with typing elsewhere.
        return make_action(self, f"{text}\t{key}" if key else text, slot, tip=tip)

    #: Made from ui/actions.py's list (build_actions), by id.
    declared_actions: dict[str, QAction]

    def _make_actions(self) -> None:
        #: The editor's actions (their list: EditorActions), each command's on its ``attr``.
        self.acts = EditorActions()
        made = build_actions(Owner.EDITOR, self)
        for kind in (NodeType.MAX, NodeType.MIN, NodeType.CHANCE, NodeType.LEAF):
            self.acts.act_kinds[kind] = made[f"editor.kind.{kind.name.lower()}"]
        #: Edit > Node > Kind: MAX, MIN, chance, leaf, or each player's decision.
        self.kind_menu = make_menu("editor.kind", self)
        self._update_kind_menu(())

    def _update_kind_menu(self, players: tuple[str, ...]) -> None:
        """Fill the Kind menu for ``players`` (see :meth:`NodeActions.update_kind_menu`)."""
        self.node_actions.update_kind_menu(players)

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
        opening = self.files.opening_path
        if opening is not None:
            return f"Opening {os.path.basename(opening)}…"
        doc = self.document
        if doc.file_path:
            where = f" ({os.path.basename(doc.file_path)})"
        else:
            where = f" ({doc.origin})" if doc.origin else ""
        return f"{'*' if doc.dirty else ''}{clip(doc.tree.name)}{where}"

    def _status_changed(self) -> None:
        self.titleChanged.emit(self.title())

    def take_drawing(self, opened: OpenedTree) -> None:
        """Show ``opened``'s drawing, made on the loader's thread, for its tree (once the
        document holds it) instead of drawing it again."""
        self.drawing = opened.drawing
        self._problems = (opened.tree, opened.problems)

    @Slot(str)
    def _search_named(self, algorithm: str) -> None:
        """The file opened names its search (a CS188 case's agent): the Solve row takes
        it, with no cutoff (the file's tree already ends where the agent's depth does)."""
        self.solver.set_algorithm(Algorithm(algorithm))
        self.depth_box.setValue(0)

    def show_caption(self, caption: str) -> None:
        """Show ``caption`` (an example's story) above the Solve row; "" hides it."""
        self.caption = caption
        self.caption_label.setText(caption)
        self.caption_label.setVisible(bool(caption))

    def _tree_changed(self) -> None:
        tree = self.document.tree
        if self.drawing.tree is not tree or self.canvas.recording is not self.drawing.recording:
            if self.drawing.tree is not tree:
                self.drawing = Drawing(tree)
            self.canvas.set_recording(self.drawing.recording)
            self.canvas.tree_item.node_labels = self.drawing.labels
            self.canvas.set_moment(self.drawing.recording.event_count)
            self.canvas.fit_all()
            self.solver.update_algorithms()
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
        """Enable and check the node actions for the selected node."""
        self.node_actions.update()

    @Slot(int)
    def _edited(self, _index: int = 0) -> None:
        # Any edit (or undo) makes a solution stale: back to the drawing, and keep a copy.
        self.show_drawing()
        self.files.edited()

    @Slot(bool)
    def _loading_changed(self, _loading: bool = False) -> None:
        # The window's actions (Save, Solve, Paste...) follow loadingChanged in TreesMode.
        loading = self.loading
        for action in self.acts.edit_actions:
            action.setEnabled(not loading)
        self.solve_button.setEnabled(not loading)
        self.properties.setEnabled(not loading)
        self.bounds_form.setEnabled(not loading)
        if not loading:
            self._update_actions()
        self.loadingChanged.emit(loading)
        self._status_changed()

    def _node_clicked(self, n: int) -> None:
        if self.stack.currentWidget() is self.canvas and n < len(self.drawing.paths):
            self.document.select(self.drawing.paths[n])

    def set_tree_focus(self, on: bool) -> None:
        """Give the tree the page's whole width (on), or bring the side panel back."""
        self.side_panel.setVisible(not on)

    def select(self, path: Path) -> None:
        """Select the node at ``path``."""
        self.document.select(path)

    # -- questions to the person (tests replace these) ----------------------------------

    def _ask_text(self, title: str, label: str, text: str) -> str | None:
        """Ask for one line of text (None: cancelled). Tests replace this."""
        answer, ok = QInputDialog.getText(self, title, label, text=text)
        return answer if ok else None

    def _open_file_name(self) -> str | None:
        """Ask which tree file to open (None: cancelled). Tests replace this."""
        name, _ = QFileDialog.getOpenFileName(
            self, "Open tree", self.files.folder(), OPEN_FILE_FILTER
        )
        return name or None

    def _save_file_name(self) -> str | None:
        """Ask where to save (None: cancelled). Tests replace this."""
        start = self.document.file_path or os.path.join(
            self.files.folder(), f"{file_stem(self.document.tree.name)}.gtree.json"
        )
        name, _ = QFileDialog.getSaveFileName(self, "Save tree", start, FILE_FILTER)
        if name and not name.lower().endswith(".json"):
            name += ".gtree.json"
        return name or None

    def _efg_file_name(self) -> str | None:
        """Ask where to export the tree as a Gambit game (None: cancelled). Tests
        replace this."""
        start = os.path.join(self.files.folder(), f"{file_stem(self.document.tree.name)}.efg")
        name, _ = QFileDialog.getSaveFileName(self, "Export as Gambit game", start, EFG_FILTER)
        if name and not name.lower().endswith(EFG_SUFFIX):
            name += EFG_SUFFIX
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

    def _refused(self, why: str, title: str = "Cannot do that") -> None:
        """Say why something cannot be done, in the status bar and a warning."""
        self.message.emit(why)
        self._warn(title, why)

    def _probabilities_ok(self, title: str) -> bool:
        """True when every chance node's probabilities sum to 1; else warns, under
        ``title`` (what cannot be done: "Cannot save the tree"), naming the node."""
        return self._fine(title, probability_problem(self.document.tree))

    def _bounds_ok(self, title: str) -> bool:
        """True when the declared value bounds hold every value; else warns under
        ``title``, naming the nodes outside them."""
        return self._fine(title, bounds_problem(self.document.tree, self.drawing))

    def _fine(self, title: str, problem: str | None) -> bool:
        """True when there is no ``problem``; else warns of it under ``title``."""
        if problem is not None:
            self._warn(title, problem)
        return problem is None

    # -- what the rooms know, asked of the editor ----------------------------------------

    @property
    def loading(self) -> bool:
        """True while a file is opening (see :class:`TreeFiles`)."""
        return self.files.loading

    @property
    def recovering(self) -> bool:
        """True while the recovery file is opening."""
        return self.files.recovering

    @property
    def result(self) -> SearchResult | None:
        """The last solve's result (None: none yet, or it is still running)."""
        return self.solver.result

    def shutdown(self) -> None:
        """Stop anything running before the window closes."""
        self.files.shutdown()
        self.searches.cancel()
        if self._owns_controller:
            self.controller.shutdown()
