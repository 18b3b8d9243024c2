"""The tree on the clipboard: copied as a tree file's JSON or a nested list, pasted back.

:class:`TreeClipboard` holds Edit > Copy as JSON, Copy as nested list and Paste tree.
A paste replaces the whole tree as one undoable edit; what cannot be copied or pasted
is refused with the reason.
"""

from __future__ import annotations

import json

from PySide6.QtGui import QGuiApplication

from gamesearch_gui.core.game import GameError
from gamesearch_gui.core.trees.file import TreeFileError
from gamesearch_gui.core.trees.file import dump_tree
from gamesearch_gui.core.trees.file import load_tree
from gamesearch_gui.core.trees.file import tree_to_nested
from gamesearch_gui.ui.editor.edits import TreeEdits
from gamesearch_gui.ui.editor.host import EditorHost


class TreeClipboard:
    """Copy the editor's tree to the clipboard, or replace it by the clipboard's."""

    def __init__(self, editor: EditorHost, edits: TreeEdits) -> None:
        self.editor = editor
        self.edits = edits

    def copy_json(self) -> None:
        """Put the tree on the clipboard as a tree file's JSON (if it is a valid tree)."""
        try:
            text = dump_tree(self.editor.tree)
        except GameError as e:
            self.editor._refused(f"The tree cannot be copied as JSON until it is valid: {e}")
            return
        QGuiApplication.clipboard().setText(text)
        self.editor.message.emit("Copied the tree as JSON")

    def copy_nested(self) -> None:
        """Put the tree on the clipboard as a nested list, if the shorthand can say it."""
        nested = tree_to_nested(self.editor.tree)
        if nested is None:
            self.editor._refused(
                "This tree cannot be written as a nested list: the shorthand has only MAX and "
                "MIN levels alternating from a MAX root and numbers at the leaves (no chance "
                "nodes, labels, moves or evals). Use Copy as JSON."
            )
            return
        QGuiApplication.clipboard().setText(json.dumps(nested, separators=(",", ":")))
        self.editor.message.emit("Copied the tree as a nested list")

    def paste(self) -> None:
        """Replace the tree by the clipboard's nested list or tree JSON (undoable)."""
        text = QGuiApplication.clipboard().text().strip()
        if not text:
            self.editor._refused("The clipboard holds no text")
            return
        try:
            tree = load_tree(text, self.editor.tree.name)
        except TreeFileError as e:
            self.editor._refused(f"The clipboard does not hold a tree: {e}")
            return
        self.edits.replace_tree(tree, "Paste tree")
