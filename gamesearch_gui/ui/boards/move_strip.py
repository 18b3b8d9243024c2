"""A board's moves as buttons, as many to a row as fit, in a strip that scrolls.

Under a board the strip is as wide as the board and at most ``ROWS_SHOWN`` rows tall;
beside it (a board much wider than tall: the search tree below takes the height) it is
as tall as the board and as wide as its buttons need, up to ``BESIDE_SHARE`` of the
board's width. Past that it scrolls, so a game of many moves (backgammon has dozens)
neither overflows the window nor squeezes its board away.
"""

from __future__ import annotations

import math
from typing import Final

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame
from PySide6.QtWidgets import QGridLayout
from PySide6.QtWidgets import QPushButton
from PySide6.QtWidgets import QScrollArea
from PySide6.QtWidgets import QWidget

#: Rows of buttons shown under a board before the strip scrolls.
ROWS_SHOWN: Final = 4
#: The most of a board's width the strip takes beside it.
BESIDE_SHARE: Final = 0.45
#: Qt's largest widget size (QWIDGETSIZE_MAX): no limit.
_NO_LIMIT: Final = 16_777_215


class MoveStrip(QScrollArea):
    """The buttons of a position's moves, laid out to the room there is."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("move-buttons")
        self.buttons: list[QPushButton] = []
        self._inner = QWidget()
        self._grid = QGridLayout(self._inner)
        self._grid.setContentsMargins(0, 0, 0, 0)
        self.setWidget(self._inner)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self._placed: tuple[int, int] | None = None  #: (columns, buttons) laid out

    def set_buttons(self, buttons: list[QPushButton]) -> None:
        """Show ``buttons`` (the old ones are deleted)."""
        for button in self.buttons:
            self._grid.removeWidget(button)
            button.deleteLater()
        self.buttons = buttons
        for button in buttons:
            button.setParent(self._inner)  # even before they are laid out: never top-level
        self._placed = None

    def fit_under(self, width: int) -> None:
        """Lay the buttons out under a board ``width`` pixels wide."""
        self._free()
        columns = self._columns_in(width)
        rows = math.ceil(len(self.buttons) / columns) if self.buttons else 0
        self.setFixedHeight(min(rows, ROWS_SHOWN) * self._row_height())
        self._place(columns)

    def fit_beside(self, board_width: int, height: int) -> None:
        """Lay the buttons out beside a board ``board_width`` wide and ``height`` tall."""
        self._free()
        if not self.buttons:
            return
        rows = max(1, height // self._row_height())
        wanted = math.ceil(len(self.buttons) / rows)
        most = self._columns_in(round(board_width * BESIDE_SHARE))
        columns = max(1, min(wanted, most))
        self.setFixedWidth(columns * self._widest() + self._scroll_bar())
        self._place(columns)

    def ensure_shown(self, button: QPushButton) -> None:
        """Scroll ``button`` into sight (a click on it must land on it)."""
        self.ensureWidgetVisible(button)

    def _free(self) -> None:
        self.setMinimumSize(0, 0)
        self.setMaximumSize(_NO_LIMIT, _NO_LIMIT)

    def _widest(self) -> int:
        widest = max((b.sizeHint().width() for b in self.buttons), default=0)
        return widest + self._grid.horizontalSpacing()

    def _row_height(self) -> int:
        tallest = max((b.sizeHint().height() for b in self.buttons), default=0)
        return tallest + self._grid.verticalSpacing()

    def _scroll_bar(self) -> int:
        return self.verticalScrollBar().sizeHint().width()

    def _columns_in(self, width: int) -> int:
        room = width - self._scroll_bar() + self._grid.horizontalSpacing()
        return max(1, min(len(self.buttons), room // max(self._widest(), 1)))

    def _place(self, columns: int) -> None:
        if self._placed == (columns, len(self.buttons)):
            return
        self._placed = (columns, len(self.buttons))
        for button in self.buttons:
            self._grid.removeWidget(button)
        for index, button in enumerate(self.buttons):
            self._grid.addWidget(button, index // columns, index % columns)
