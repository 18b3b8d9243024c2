"""A tree canvas for a small drawn tree: the whole tree fitted, and kept fitted.

The exercise page and the search check show a tree the person reads as a whole: it
opens fitted to the window (at most ``FIT_ZOOM_MAX``: a small tree need not fill a big
window), centred and from the top, and stays fitted as the window is resized until the
person zooms or scrolls.
"""

from __future__ import annotations

from typing import Final

from PySide6.QtCore import QRectF
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QWidget

from gamesearch_gui.ui.tree.canvas import TreeCanvas

#: Largest zoom a fitted tree is shown at.
FIT_ZOOM_MAX: Final = 1.8


class FittedCanvas(TreeCanvas):
    """A TreeCanvas whose :meth:`fit_tree` shows the whole tree and keeps it so."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        #: Refit when the window is resized, until the person zooms or scrolls.
        self._auto_fit = False

    def fitted_rect(self) -> QRectF:
        """What :meth:`fit_tree` fits: the tree (a subclass may add room around it)."""
        return self.tree_item.content_rect()

    def fit_tree(self) -> None:
        """The whole tree in the window, at most FIT_ZOOM_MAX; it stays fitted as the
        window is resized until the person zooms or scrolls."""
        rect = self.fitted_rect()
        sx, sy = self._fit_scales(rect)
        sx = min(sx, FIT_ZOOM_MAX)
        sy = max(sx, min(sy, sx * 1.5))
        self._sy_floor = sy
        self._set_scales(sx, sy)
        self.centerOn(rect.center())
        self.verticalScrollBar().setValue(self.verticalScrollBar().minimum())
        self._auto_fit = True

    def _user_navigated(self, *args: object) -> None:
        self._auto_fit = False
        super()._user_navigated(*args)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self._auto_fit and self.recording is not None:
            self.fit_tree()
