"""One open tree: its current version, its undo history, its file and whether it is saved."""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtCore import Signal
from PySide6.QtCore import Slot
from PySide6.QtGui import QUndoCommand
from PySide6.QtGui import QUndoStack

from gamesearch_gui.core.trees.tree import CustomTree
from gamesearch_gui.core.trees.tree import Path


class TreeEdit(QUndoCommand):
    """One edit: the tree and selection before it, and after it (trees are immutable)."""

    def __init__(
        self,
        document: TreeDocument,
        text: str,
        before: tuple[CustomTree, Path],
        after: tuple[CustomTree, Path],
    ) -> None:
        super().__init__(text)
        self.document = document
        self.before = before
        self.after = after

    def redo(self) -> None:
        self.document._show(*self.after)

    def undo(self) -> None:
        self.document._show(*self.before)


class TreeDocument(QObject):
    """A tree being edited: ``tree``, ``selected`` path, ``undo_stack``, ``file_path``.

    Every change goes through :meth:`apply` as a :class:`TreeEdit` on the undo stack, so
    undo restores the earlier tree object and selection. ``dirty`` follows the stack's
    clean state, plus an unsaved start for a tree that exists nowhere else (one recovered
    from the last session). A tree with no file that has a copy elsewhere (an example, a
    random tree from its seed) starts clean, with ``origin`` saying where it came from.
    """

    #: The tree or the selection changed (the editor redraws).
    changed = Signal()
    #: The saved/unsaved state or the file path changed (the window retitles).
    statusChanged = Signal()

    def __init__(self, tree: CustomTree, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.tree = tree
        self.selected: Path = ()
        self.file_path: str | None = None
        #: Where a tree without a file came from ("example", "random tree"; "" for none).
        self.origin = ""
        self.undo_stack = QUndoStack(self)
        self._unsaved_start = False
        self.undo_stack.cleanChanged.connect(self._clean_changed)

    @property
    def dirty(self) -> bool:
        """True when the tree has changes no file holds."""
        return self._unsaved_start or not self.undo_stack.isClean()

    def reset(
        self,
        tree: CustomTree,
        *,
        file_path: str | None = None,
        unsaved: bool = False,
        origin: str = "",
    ) -> None:
        """Start over with ``tree`` (a new or opened tree): no history, nothing selected.

        ``unsaved``: the tree is held nowhere else, so it counts as changed until saved.
        """
        self.undo_stack.clear()
        self.undo_stack.setClean()
        self.file_path = file_path
        self.origin = "" if file_path else origin
        self._unsaved_start = unsaved
        self._show(tree, ())
        self.statusChanged.emit()

    def apply(self, text: str, tree: CustomTree, selected: Path | None = None) -> None:
        """Make ``tree`` the current tree as one undoable edit named ``text``."""
        after = (tree, self.selected if selected is None else selected)
        self.undo_stack.push(TreeEdit(self, text, (self.tree, self.selected), after))

    def select(self, path: Path) -> None:
        """Select the node at ``path`` (not an edit: no undo step)."""
        if path != self.selected:
            self.selected = path
            self.changed.emit()

    def mark_saved(self, file_path: str) -> None:
        """The tree as it is now is in ``file_path``."""
        self.file_path = file_path
        self.origin = ""
        self._unsaved_start = False
        self.undo_stack.setClean()
        self.statusChanged.emit()

    @Slot(bool)
    def _clean_changed(self, _clean: bool) -> None:
        self.statusChanged.emit()

    def _show(self, tree: CustomTree, selected: Path) -> None:
        self.tree = tree
        try:
            tree.node_at(selected)
        except Exception:
            selected = ()
        self.selected = selected
        self.changed.emit()
