"""The drawing's keys and in-place editing: what each key does on the selected node.

:class:`CanvasKeys` is the editing canvas's key handler (Ins, Del, Tab, the arrows, the
kind keys, P / Shift+P in a tree of players, digits that start typing a leaf's value)
and opens the line editor over a node on Enter, F2 or a double click. The same keys in
words, shown beside the drawing and in Help, are ``ui/canvas_keys.py``'s ``DRAWING_KEYS``.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent

from gamesearch_gui.core.game import GameError
from gamesearch_gui.core.text import names_text
from gamesearch_gui.core.trees import edit as tree_edit
from gamesearch_gui.core.trees.tree import NodeType
from gamesearch_gui.core.trees.tree import Path
from gamesearch_gui.ui.editor.edits import TreeEdits
from gamesearch_gui.ui.editor.host import EditorHost
from gamesearch_gui.ui.editor.prompts import edit_text
from gamesearch_gui.ui.editor.properties import vector_edit_text
from gamesearch_gui.ui.tree.editable import NUMBER_START

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


class CanvasKeys:
    """The editing canvas's keys, double clicks and line editor, on the selected node."""

    def __init__(self, editor: EditorHost, edits: TreeEdits) -> None:
        self.editor = editor
        self.edits = edits
        self.canvas = editor.canvas
        self._inline_path: Path | None = None
        self.canvas.key_handler = self.key
        self.canvas.doubleClicked.connect(self._double_clicked)
        self.canvas.inline.committed.connect(self._inline_committed)

    def _drawing_shown(self) -> bool:
        return self.editor.stack.currentWidget() is self.canvas

    def key(self, event: QKeyEvent) -> bool:
        """Act on a key pressed on the drawing (False: not one of the editor's keys)."""
        if not self._drawing_shown():
            return False
        key = Qt.Key(event.key())
        mods = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        shift = Qt.KeyboardModifier.ShiftModifier
        if mods & ~shift:
            return False  # Ctrl/Alt combinations: zoom and menus
        if self._move_key(key) or self._kind_key(key, bool(mods & shift)):
            return True
        return self._edit_key(key, event.text())

    def _move_key(self, key: Qt.Key) -> bool:
        """Ins, Del, Tab and the arrows: change the tree's shape or the selection."""
        editor = self.editor
        tree, path = editor.tree, editor.selected
        if key == Qt.Key.Key_Insert:
            editor.add_child()
        elif key in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace):
            editor.delete_subtree()
        elif key == Qt.Key.Key_Tab:
            editor.select(tree_edit.next_leaf(tree, path))
        elif key == Qt.Key.Key_Backtab:
            editor.select(tree_edit.next_leaf(tree, path, backwards=True))
        elif key in _ARROWS:
            editor.select(tree_edit.neighbour(tree, path, _ARROWS[key]))
        else:
            return False
        return True

    def _kind_key(self, key: Qt.Key, shifted: bool) -> bool:
        """M N C L, and P / Shift+P in a tree of players: who moves at the node."""
        editor = self.editor
        tree = editor.tree
        if key == Qt.Key.Key_P and tree.players:
            editor.step_player(-1 if shifted else 1)
        elif key in (Qt.Key.Key_M, Qt.Key.Key_N) and tree.players and not shifted:
            # No dialog for a stray key: the status bar says what this tree has instead.
            editor.message.emit(
                f"A tree of players ({names_text(tree.players)}) has no MAX or MIN: P gives "
                "the node to the next player, Shift+P to the previous one"
            )
        elif key in _KIND_KEYS and not shifted:
            editor.set_kind(_KIND_KEYS[key])
        else:
            return False
        return True

    def _edit_key(self, key: Qt.Key, text: str) -> bool:
        """Enter, F2 and the keys that start a number: edit the node in place."""
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_F2):
            self.edit_in_place()
        elif text and text in NUMBER_START:
            if self.editor.tree.node_at(self.editor.selected).type is NodeType.LEAF:
                self.edit_in_place(text)
            else:
                self.editor.message.emit("Type numbers on a leaf; Enter edits this node's label")
        else:
            return False
        return True

    def edit_in_place(self, start: str | None = None) -> None:
        """Open the editor over the selected node: a leaf's value, else the node's label."""
        path = self.editor.selected
        n = self.editor.drawing.index.get(path)
        if n is None or not self._drawing_shown():
            return
        node = self.editor.tree.node_at(path)
        if start is not None:
            text, select_all = start, False
        elif node.type is NodeType.LEAF:
            text, select_all = edit_text(node.value), True
            if node.values is not None:
                text = vector_edit_text(node.values)
        else:
            text, select_all = node.label or "", True
        self._inline_path = path
        self.canvas.inline.start(text, self.canvas.view_point_of(n), select_all=select_all)

    def _double_clicked(self, n: int) -> None:
        if self._drawing_shown():
            self.edit_in_place()

    def _inline_committed(self, text: str) -> None:
        path = self._inline_path if self._inline_path is not None else self.editor.selected
        self.canvas.setFocus(Qt.FocusReason.OtherFocusReason)
        try:
            node = self.editor.tree.node_at(path)
        except GameError:
            return
        if node.type is NodeType.LEAF:
            self.edits.value_entered(path, text)
        else:
            self.editor.set_label(text, path)
