"""Play mode's page: the headline over the board, showing what the play session says
(the position, whether a person may move, move values, the hint)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtCore import Signal
from PySide6.QtCore import Slot
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QLabel
from PySide6.QtWidgets import QVBoxLayout
from PySide6.QtWidgets import QWidget

from gamesearch_gui.core.game import Game
from gamesearch_gui.ui.boards.base import BoardWidget
from gamesearch_gui.ui.boards.factory import make_board
from gamesearch_gui.ui.play.session import PlaySession


class PlayPage(QWidget):
    """The headline and the board of the game being played (a new board each game)."""

    #: A person chose a move on the board.
    moveChosen = Signal(object)
    #: The board refused a click, and why.
    refused = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.headline = QLabel()
        self.headline.setAlignment(Qt.AlignmentFlag.AlignCenter)
        font = QFont(self.headline.font())
        font.setPointSizeF(font.pointSizeF() * 1.35)
        font.setBold(True)
        self.headline.setFont(font)
        self.headline.setObjectName("headline")
        self._layout = QVBoxLayout(self)
        self._layout.addWidget(self.headline)
        self.board: BoardWidget | None = None

    def follow(self, session: PlaySession) -> None:
        """Show on the board what ``session`` says."""
        session.positionChanged.connect(self._show_position)
        session.interactiveChanged.connect(self._set_interactive)
        session.moveValues.connect(self._show_move_values)
        session.hintFound.connect(self._show_hint)

    def show_game(
        self, game: Game[Any, Any], names: tuple[str, ...], humans: tuple[bool, ...]
    ) -> None:
        """A new board for ``game``, its players called ``names``; ``humans`` says which
        seats people play (a person playing MIN alone sees the board from MIN's side)."""
        if self.board is not None:
            # Hidden at once: deleted only when control is back in the event loop, it
            # showed through under the new board meanwhile (a script driving the window
            # with processEvents alone never gets there).
            self._layout.removeWidget(self.board)
            self.board.hide()
            self.board.deleteLater()
        self.board = make_board(game)
        self.board.setObjectName("board")
        self.board.moveChosen.connect(self.moveChosen)
        self.board.refused.connect(self.refused)
        self.board.show_players(names, humans)
        self._layout.addWidget(self.board, 1)

    @Slot(object, object)
    def _show_position(self, state: Any, move: Any) -> None:
        if self.board is not None:
            self.board.set_state(state, move)

    @Slot(bool)
    def _set_interactive(self, on: bool) -> None:
        if self.board is not None:
            self.board.set_interactive(on)

    @Slot(object)
    def _show_move_values(self, values: dict[Any, float] | None) -> None:
        if self.board is not None:
            self.board.set_move_values(values)

    @Slot(object)
    def _show_hint(self, move: Any) -> None:
        if self.board is not None:
            self.board.set_hint(move)
