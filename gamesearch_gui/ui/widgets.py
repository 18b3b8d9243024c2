"""Small widgets the window's parts share."""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtWidgets import QStackedWidget


class PageStack(QStackedWidget):
    """A stacked widget as large as its current page only.

    QStackedWidget asks for room for its largest page, hidden ones included, which made
    the main window wider than the screen once the tree editor was one of its pages.
    """

    def __init__(self, parent: QStackedWidget | None = None) -> None:
        super().__init__(parent)
        self.currentChanged.connect(lambda _index: self.updateGeometry())

    def sizeHint(self) -> QSize:
        """The current page's size hint."""
        page = self.currentWidget()
        return page.sizeHint() if page is not None else super().sizeHint()

    def minimumSizeHint(self) -> QSize:
        """The current page's minimum size."""
        page = self.currentWidget()
        return page.minimumSizeHint() if page is not None else super().minimumSizeHint()
