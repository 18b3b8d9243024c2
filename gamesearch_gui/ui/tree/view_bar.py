"""The tree page's own toolbar, beside the canvas: zoom, fit, folds, export, the side
panel and MAX's strategy.

It holds the actions; the page connects the ones that change more than the canvas
(the whole tree, the side panel, the strategy and the exports ask the page).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu
from PySide6.QtWidgets import QToolBar
from PySide6.QtWidgets import QToolButton
from PySide6.QtWidgets import QWidget

from gamesearch_gui.ui.tree.canvas import TreeCanvas
from gamesearch_gui.ui.widgets import connect_plain


class TreeViewBar(QToolBar):
    """A vertical bar of text buttons for ``canvas``: the zoom and fold actions act on
    it; ``act_whole``, ``act_side`` and the exports are the page's to connect;
    ``strategy`` (MAX's strategy, declared in ui/actions.py) is shown here. Those, and
    the export menu, belong to ``owner`` (the page)."""

    def __init__(self, canvas: TreeCanvas, owner: QWidget, strategy: QAction) -> None:
        super().__init__("Tree view")
        self._owner = owner
        self.setOrientation(Qt.Orientation.Vertical)
        self.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.act_zoom_in = self._action(
            "+", "Zoom in (or turn the mouse wheel over the tree)", canvas.zoom_in
        )
        self.act_zoom_out = self._action("−", "Zoom out", canvas.zoom_out)
        self.act_fit = self._action("Fit", "Fit the tree, as it is folded, in view", canvas.fit_all)
        self.act_reset_zoom = self._action("1:1", "Actual size", canvas.reset_zoom)
        self.act_expand = self._action(
            "Expand",
            "Unfold one more level under every fold (a click on a fold's “+n” unfolds "
            "only that one)",
            canvas.expand_level,
        )
        self.act_whole = self._toggle(
            "Whole tree",
            "The whole tree, nothing folded, fitted in view (W). Again: folded, the root, "
            "its moves and the best line, every other subtree one mark “+n” (n nodes)",
        )
        self.addAction(self.act_whole)
        self._export_button(canvas)
        self.addSeparator()
        self.act_side = self._toggle(
            "Details", "Show or hide the node details and the list of steps", checked=True
        )
        self.addAction(self.act_side)
        self.act_strategy = strategy
        self.addAction(self.act_strategy)

    def _action(self, text: str, tip: str, slot: Callable[[], object]) -> QAction:
        action = self.addAction(text)
        action.setToolTip(tip)
        connect_plain(action.triggered, slot)
        return action

    def _toggle(self, text: str, tip: str, *, checked: bool = False) -> QAction:
        action = QAction(text, self._owner)
        action.setCheckable(True)
        action.setChecked(checked)
        action.setToolTip(tip)
        return action

    def _export_button(self, canvas: TreeCanvas) -> None:
        """The Export button and its menu: SVG, PNG (the page asks where) and a copy."""
        owner = self._owner
        self.act_export_svg = QAction("SVG…", owner)
        self.act_export_svg.setToolTip("Save the whole tree as an SVG drawing")
        self.act_export_png = QAction("PNG…", owner)
        self.act_export_png.setToolTip("Save the whole tree as a PNG image")
        self.act_export_page = QAction("Web page (replay)…", owner)
        self.act_export_page.setToolTip(
            "Save the search's replay as one web page that any browser opens from disk"
        )
        self.act_copy = QAction("Copy view", owner)
        self.act_copy.setToolTip("Copy what the view shows to the clipboard, as an image")
        connect_plain(self.act_copy.triggered, canvas.copy_to_clipboard)
        self.export_menu = QMenu("Export", owner)
        self.export_menu.addActions(
            [self.act_export_svg, self.act_export_png, self.act_export_page, self.act_copy]
        )
        self.export_button = QToolButton()
        self.export_button.setText("Export")
        self.export_button.setToolTip("Save or copy the tree")
        self.export_button.setMenu(self.export_menu)
        self.export_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.addSeparator()
        self.addWidget(self.export_button)
