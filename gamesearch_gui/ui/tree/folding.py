"""The person's folds in the search-tree canvas: collapse, expand, the whole tree, and
the menu a right click opens on a node or a fold's mark.

What is folded is the model's :class:`~gamesearch_gui.ui.tree.folds.Folds`; this part
changes it as the person asks and has the canvas lay the tree out again, keeping the
node the person looks at where it was in the window.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QMenu

from gamesearch_gui.core.recording.depth_first import NONE
from gamesearch_gui.ui.tree.folds import HIDE
from gamesearch_gui.ui.tree.folds import MAX_SHOWN
from gamesearch_gui.ui.tree.folds import SHOW

if TYPE_CHECKING:
    from gamesearch_gui.ui.tree.host import CanvasHost


class FoldControl:
    """Folds and unfolds ``canvas``'s tree (the canvas's fold methods call these)."""

    def __init__(self, canvas: CanvasHost) -> None:
        self._canvas = canvas

    def toggle(self, n: int) -> None:
        """Fold node ``n``'s subtree into one mark, or unfold it (see ``unfold``)."""
        model = self._canvas.tree_item.model
        lay, now = model.layout, model.now
        if lay is None or now is None or not 0 <= n < now.limit or not now.has_children(n):
            return
        if lay.mode(n) == HIDE:
            self.unfold(n)
        else:
            self._change(lambda: model.folds.fold(n), n)

    def unfold(self, n: int) -> None:
        """Show node ``n``'s children: folded, each, in a folded view (one level at a
        time); as they were, in the whole tree."""
        folds = self._canvas.tree_item.model.folds
        self._change(lambda: folds.unfold(n), n)

    def expand_level(self) -> None:
        """Unfold one more level under every fold (in the whole tree, each folded node's
        children then show folded). Past ``MAX_SHOWN`` nodes shown: the whole tree."""
        model = self._canvas.tree_item.model
        lay, now = model.layout, model.now
        if lay is None or now is None or not lay.folded:
            return
        folds = model.folds

        def unfold_all() -> None:
            for mark in list(lay.marks):
                n = mark.parent
                folds.unfold(n, (c for c in now.children(n) if now.has_children(c)))
            model.refold()
            shown = model.layout.shown_count if model.layout is not None else None
            if shown is not None and shown > MAX_SHOWN:
                folds.reset(auto=False)

        self._change(unfold_all, self._focus_node())

    def expand_all(self) -> None:
        """Unfold everything: the whole tree, where it is in view."""
        model = self._canvas.tree_item.model
        self._change(lambda: model.folds.reset(auto=False), self._focus_node())

    def show_whole_tree(self, whole: bool) -> None:
        """The whole tree fitted in the window (``whole`` False: folded, as a big tree's
        first view is: the root, its children and the line)."""
        model = self._canvas.tree_item.model
        if model.recording is None:
            return
        self._change(lambda: model.folds.reset(auto=not whole), None)
        self._canvas.fit_all()

    def menu(self, n: int | None) -> QMenu | None:
        """The menu for node ``n`` (None: for the view; no menu when nothing is folded)."""
        canvas = self._canvas
        model = canvas.tree_item.model
        folding = model.layout is not None and model.layout.folded
        if n is None and not folding:
            return None
        menu = QMenu(canvas.widget())
        if n is not None and model.layout is not None and model.now is not None:
            mode = model.layout.mode(n)
            collapse = menu.addAction("Collapse", lambda: self.toggle(n))
            collapse.setEnabled(mode != HIDE and model.now.has_children(n))
            expand = menu.addAction("Expand", lambda: self.unfold(n))
            expand.setEnabled(mode != SHOW)
        menu.addAction("Expand all", self.expand_all).setEnabled(folding)
        if n is not None:
            menu.addSeparator()
            menu.addAction("Go to this node's moment", lambda: canvas.jumpRequested.emit(n))
        return menu

    def _change(self, change: Callable[[], object], anchor: int | None) -> None:
        """Fold or unfold by ``change()``, lay the tree out again, and keep node
        ``anchor`` (if shown) where it was in the window."""
        canvas = self._canvas
        model = canvas.tree_item.model
        if model.recording is None:
            return
        before = None
        if anchor is not None and model.layout is not None and model.layout.shown(anchor):
            before = canvas.view_point_of(anchor)
        change()
        model.refold()
        canvas._navigated = True
        canvas.laid_out_again()
        if before is not None and anchor is not None and model.layout is not None:
            after = canvas.view_point_of(anchor)  # (shown: a fold does not hide its node)
            h_bar, v_bar = canvas.horizontalScrollBar(), canvas.verticalScrollBar()
            h_bar.setValue(h_bar.value() + after.x() - before.x())
            v_bar.setValue(v_bar.value() + after.y() - before.y())
        canvas.tree_item.update()
        canvas._update_header(force=True)
        canvas.viewChanged.emit()
        canvas.foldsChanged.emit()

    def _focus_node(self) -> int | None:
        """The node to keep in place when the tree is laid out again: the step's, the
        chosen one, or the root, the first of them in view."""
        canvas = self._canvas
        now = canvas.tree_item.model.now
        if now is None:
            return None
        roots = now.roots()
        for n in (canvas.tree_item.current, canvas.tree_item.selected, *roots[-1:]):
            if n is not None and n != NONE and canvas.node_visible(n):
                return n
        return None
