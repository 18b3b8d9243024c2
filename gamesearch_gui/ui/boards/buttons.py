"""A board played by a row of push buttons, one per move (Nim's Take 1 to 3, Pig's Roll
and Hold), written once: the buttons, their keys, their labels with the search's values,
the best in bold, the hinted one outlined, and the row placed along the board's bottom.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from typing import ClassVar

from PySide6.QtCore import QPoint
from PySide6.QtCore import QRectF
from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtGui import QKeyEvent
from PySide6.QtGui import QPainter
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QPushButton
from PySide6.QtWidgets import QWidget

from gamesearch_gui.core.game import Game
from gamesearch_gui.core.game import IllegalMoveError
from gamesearch_gui.core.numbers import format_number
from gamesearch_gui.ui.boards.base import BoardWidget
from gamesearch_gui.ui.boards.base import Shown
from gamesearch_gui.ui.boards.base import is_menu_key
from gamesearch_gui.ui.boards.base import place_buttons
from gamesearch_gui.ui.palette import BOARD_DECIMALS
from gamesearch_gui.ui.palette import best_moves
from gamesearch_gui.ui.palette import draw_hint


class ButtonBoard(BoardWidget):
    """Base of the boards whose moves are buttons. A subclass adds its buttons with
    ``_add_button``, says which moves are allowed now (``_allowed``), and gives a
    ``_layout()`` with ``font_px`` and a ``buttons`` rect for the row."""

    #: The keys that press the buttons: a key to the move it makes.
    BUTTON_KEYS: ClassVar[Mapping[Qt.Key, Any]] = {}
    #: A button's text size, in the layout's ``font_px``.
    BUTTON_FONT: ClassVar[float] = 1.0
    #: A button's widest, in times the row's height (``place_buttons``).
    BUTTON_WIDEST: ClassVar[float] = 5.0

    def __init__(self, game: Game[Any, Any], parent: QWidget | None = None) -> None:
        super().__init__(game, parent)
        self._buttons: dict[Any, tuple[QPushButton, str]] = {}

    def _add_button(self, move: Any, label: str, tip: str) -> QPushButton:
        """A button labelled ``label`` that plays ``move``."""
        button = QPushButton(label, self)
        button.setToolTip(tip)
        button.clicked.connect(lambda _=False, m=move: self._choose(m))
        # A click leaves the focus on the board, where the keys work; a button that took
        # it would lose it again the moment it is disabled.
        button.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        self._buttons[move] = (button, label)
        return button

    # -- the contract with the main window ---------------------------------------------

    def _shown_changed(self, what: Shown) -> None:
        """Whatever changed shows on the buttons: which may be pressed now, each move's
        value on its button (the best in bold), the suggested move's button outlined."""
        self._refresh_buttons()

    def click_targets(self, move: Any) -> list[tuple[QWidget, QPoint]]:
        """One click, on the button of ``move``."""
        button = self._button_of(move)
        if button is None:
            raise IllegalMoveError(self._not_a_button(move))
        return [(button, button.rect().center())]

    # -- Qt -----------------------------------------------------------------------------

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._place_buttons()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        move = self.BUTTON_KEYS.get(Qt.Key(event.key()))
        if move is None or is_menu_key(event):
            super().keyPressEvent(event)
            return
        event.accept()
        self._key_pressed(move)

    # -- what a subclass says -------------------------------------------------------------

    def _allowed(self, move: Any) -> bool:
        """Whether a person may choose ``move`` now."""
        raise NotImplementedError

    def _layout(self) -> Any:
        """The board's layout: it has ``font_px`` and ``buttons``, the row's rect."""
        raise NotImplementedError

    def _not_a_button(self, move: Any) -> str:
        """Why ``move`` has no button (IllegalMoveError's message)."""
        return f"{move!r} is not a move of this board"

    def _key_pressed(self, move: Any) -> None:
        """A key of ``BUTTON_KEYS`` asked for ``move``: as its button's click."""
        self._choose(move)

    def _best_buttons(self) -> frozenset[Any] | set[Any]:
        """The moves whose buttons are bold: the best values for the player to move."""
        return best_moves(self.move_values, self.game.to_move(self.state))

    # -- the buttons --------------------------------------------------------------------

    def _button_of(self, move: Any) -> QPushButton | None:
        """The button that plays ``move`` (None: no button does; any value may be asked)."""
        for known, (button, _) in self._buttons.items():
            if known == move:
                return button
        return None

    def _hinted_button(self) -> QPushButton | None:
        return self._button_of(self.hint)

    def _draw_button_hint(self, painter: QPainter) -> None:
        """Outline the hinted move's button (drawn on the board, around the button)."""
        hinted = self._hinted_button()
        if hinted is not None and hinted.isVisible():
            draw_hint(painter, QRectF(hinted.geometry()).adjusted(-5, -5, 5, 5), 8)

    def _refresh_buttons(self) -> None:
        """Enable, label and emphasise the buttons for the state and the values."""
        values = self.move_values
        best = self._best_buttons()
        font_px = max(9, round(self._layout().font_px * self.BUTTON_FONT))
        for move, (button, label) in self._buttons.items():
            button.setEnabled(self._allowed(move))
            text = label
            if move in values:
                text += f"  ({format_number(values[move], BOARD_DECIMALS)})"
            button.setText(text)
            font = QFont(self.font())
            font.setPixelSize(font_px)
            font.setBold(move in best)
            button.setFont(font)
        self.update()

    def _place_buttons(self) -> None:
        buttons = [button for button, _ in self._buttons.values()]
        place_buttons(buttons, self._layout().buttons, self.BUTTON_WIDEST)
        self._refresh_buttons()
