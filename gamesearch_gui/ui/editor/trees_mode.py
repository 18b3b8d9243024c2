"""The main window's Trees mode: the editor's File, Edit and Tree menus, examples, recent files.

``TreesMode`` builds the actions and menus the window shows while a tree is drawn; the
window switches them on and off with :meth:`set_active`, so that no two enabled actions
ever share a shortcut (the game's Undo and the tree's Undo both use Ctrl+Z).
"""

from __future__ import annotations

import os
from typing import Any

from PySide6.QtCore import QObject
from PySide6.QtCore import QSettings
from PySide6.QtCore import Slot
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMainWindow
from PySide6.QtWidgets import QToolBar

from gamesearch_gui.core.text import names_text
from gamesearch_gui.core.trees.examples import ALL_EXAMPLES
from gamesearch_gui.core.trees.examples import Example
from gamesearch_gui.ui.actions import Owner
from gamesearch_gui.ui.actions import bar
from gamesearch_gui.ui.actions import build_actions
from gamesearch_gui.ui.actions import fill_menu
from gamesearch_gui.ui.actions import fill_toolbar
from gamesearch_gui.ui.actions import make_menu
from gamesearch_gui.ui.editor.compare_dialog import CompareDialog
from gamesearch_gui.ui.editor.editor import TreeEditor
from gamesearch_gui.ui.editor.random_dialog import RandomTreeDialog
from gamesearch_gui.ui.widgets import beside_settings

RECOVERY_NAME = "recovery.gtree.json"


def default_recovery_path(store: QSettings) -> str:
    """Where the recovery file lives: beside the settings file, else in the app's data folder."""
    return beside_settings(store, RECOVERY_NAME)


class TreesMode(QObject):
    """The tree editor and everything the window shows for it."""

    # Made from ui/actions.py's list (build_actions).
    declared_actions: dict[str, QAction]
    act_new: QAction
    act_open: QAction
    act_save: QAction
    act_save_as: QAction
    act_export_efg: QAction
    act_random: QAction
    act_compare: QAction
    act_undo: QAction
    act_redo: QAction

    def __init__(self, window: QMainWindow, store: QSettings, recovery_path: str | None) -> None:
        super().__init__(window)
        self.window = window
        self.editor = TreeEditor(None, store, recovery_path=recovery_path)
        editor = self.editor
        build_actions(Owner.TREES, self, window)
        # The undo wrappers follow the editor's stack (see _update_undo).
        stack = editor.document.undo_stack
        stack.canUndoChanged.connect(self._update_undo)
        stack.canRedoChanged.connect(self._update_undo)
        stack.undoTextChanged.connect(self._update_undo)
        stack.redoTextChanged.connect(self._update_undo)
        self.recent_menu = make_menu("trees.recent", window)
        self.recent_menu.aboutToShow.connect(self._fill_recent)
        self.examples_menu = make_menu("help.examples", window)
        # The window connects these: it switches to Trees mode only once one has opened.
        self.example_actions: dict[str, QAction] = {}
        for example in ALL_EXAMPLES:
            action = self.examples_menu.addAction(example.title)
            action.setStatusTip(example.caption)
            action.setToolTip(example.caption)
            self.example_actions[example.key] = action
        # Filled here with the editor's entries, and again by the window with its own.
        owners = {Owner.TREES: self, Owner.EDITOR: editor}
        self.node_menu = fill_menu(make_menu("trees.node", window), "trees.node", owners)
        self.file_menu = fill_menu(make_menu("trees.file", window), "trees.file", owners)
        self.edit_menu = fill_menu(make_menu("trees.edit", window), "trees.edit", owners)
        self.tree_menu = fill_menu(make_menu("trees.tree", window), "trees.tree", owners)
        self.toolbar = fill_toolbar(QToolBar(bar("toolbar.tree").title), "toolbar.tree", owners)
        self._group_actions()
        self.active = False
        self._update_undo()
        editor.loadingChanged.connect(self._loading_changed)

    def _group_actions(self) -> None:
        """The actions Trees mode switches on and off, and those a file's opening stops."""
        editor = self.editor
        self.mode_actions = [
            self.act_new,
            self.act_open,
            self.act_save,
            self.act_save_as,
            self.act_export_efg,
            self.act_random,
            self.act_compare,
            editor.acts.act_paste,
            editor.acts.act_copy_json,
            editor.acts.act_copy_nested,
            editor.acts.act_bounds,
            editor.acts.act_solve,
            editor.acts.act_transform,
            editor.acts.act_flip_exercise,
        ]
        #: Off while a file opens: they would act on the tree it is about to replace.
        self.loading_actions = [
            self.act_save,
            self.act_save_as,
            self.act_export_efg,
            self.act_compare,
            editor.acts.act_solve,
            editor.acts.act_paste,
            editor.acts.act_copy_json,
            editor.acts.act_copy_nested,
            editor.acts.act_bounds,
            editor.acts.act_transform,
            editor.acts.act_flip_exercise,
        ]

    def set_active(self, on: bool) -> None:
        """Enable (Trees mode) or disable (Play mode) every action with a shortcut here."""
        self.active = on
        for action in self.mode_actions:
            action.setEnabled(on)
        self.file_menu.menuAction().setVisible(on)
        self.edit_menu.menuAction().setVisible(on)
        self.tree_menu.menuAction().setVisible(on)
        self.toolbar.setVisible(on)
        self._loading_changed(self.editor.loading)

    @Slot(bool)
    def _loading_changed(self, loading: bool) -> None:
        """Switch the loading actions off while a file opens (and undo, redo)."""
        for action in self.loading_actions:
            action.setEnabled(self.active and not loading)
        self._update_undo()

    @Slot()
    def _update_undo(self, *_: object) -> None:
        stack = self.editor.document.undo_stack
        ready = self.active and not self.editor.loading
        self.act_undo.setEnabled(ready and stack.canUndo())
        self.act_redo.setEnabled(ready and stack.canRedo())
        undo, redo = stack.undoText(), stack.redoText()
        self.act_undo.setText(f"&Undo {undo}" if undo else "&Undo")
        self.act_redo.setText(f"&Redo {redo}" if redo else "&Redo")

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        files = self.editor.files.recent_files()
        for i, path in enumerate(files, 1):
            action = self.recent_menu.addAction(f"&{i} {os.path.basename(path)}")
            action.setStatusTip(path)
            action.triggered.connect(lambda _=False, p=path: self.editor.open_file(p))
        if files:
            self.recent_menu.addSeparator()
            self.recent_menu.addAction("Clear the list", self.editor.files.clear_recent)
        else:
            self.recent_menu.addAction("No recent files").setEnabled(False)

    def open_example(self, example: Example) -> bool:
        """Open an example from the library as a new tree with no file, set to its search."""
        caption = f"<b>{example.title}</b>: {example.caption}"
        if not self.editor.open_tree(example.tree(), caption=caption, origin="example"):
            return False
        self.editor.solver.set_algorithm(example.algorithm)
        self.editor.depth_box.setValue(example.depth or 0)
        self.editor.ordering.setChecked(False)
        return True

    def random_tree(self) -> None:
        """Ask for a random tree's shape and seed, and open it."""
        tree = self._random_dialog()
        if tree is not None:
            self.editor.open_tree(tree, origin="random tree")

    def _random_dialog(self) -> Any:
        """The random-tree dialog's tree (None: cancelled). Tests replace this."""
        dialog = RandomTreeDialog(self.window)
        try:
            return dialog.made if dialog.exec() else None
        finally:
            dialog.deleteLater()

    def compare(self) -> None:
        """Show how the searches compare on this tree."""
        if not self.editor._probabilities_ok("Cannot compare the searches"):
            return
        if self.editor.tree.players:
            self.editor._refused(
                "The comparison is of minimax, alpha-beta and their kin on trees of MAX and "
                "MIN; this tree has players "
                f"({names_text(self.editor.tree.players)}): solve it with max^n or paranoid",
                "Cannot compare the searches",
            )
            return
        # With chance nodes the comparison runs Star1 too.
        if self.editor.tree.has_chance and not self.editor._bounds_ok(
            "Cannot compare the searches"
        ):
            return
        dialog = CompareDialog(self.editor.tree, self.window)
        dialog.setModal(True)
        dialog.exec()
        dialog.deleteLater()
