"""The board of a user's game file: the game's own text display, and its moves as buttons.

A user's game has no drawing of its own, so this board shows what the game writes of a
position (its ``board_text``, ``display`` or ``str()``) in a monospace panel, and one
button per legal move under it. Every word of it comes from the engine process through
:class:`~gamesearch_gui.engine.remote_game.RemoteGame`: the window runs no user code.
While the game's code has not answered about a position, the board says it is waiting,
with a Stop button that ends the code; :meth:`TextBoard.refresh` shows the answer.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from typing import Final

from PySide6.QtCore import QPoint
from PySide6.QtCore import Qt
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import QGridLayout
from PySide6.QtWidgets import QLabel
from PySide6.QtWidgets import QPushButton
from PySide6.QtWidgets import QVBoxLayout
from PySide6.QtWidgets import QWidget

from gamesearch_gui.core.game import Game
from gamesearch_gui.core.game import IllegalMoveError
from gamesearch_gui.core.game import Player
from gamesearch_gui.engine.remote_game import RemoteGame
from gamesearch_gui.ui.boards.base import BoardWidget
from gamesearch_gui.ui.stats_panel import format_value

#: Move buttons in a row.
BUTTONS_PER_ROW: Final = 6


class TextBoard(BoardWidget):
    """A user's game: its text display and a button per legal move."""

    def __init__(self, game: Game[Any, Any], parent: QWidget | None = None) -> None:
        if not isinstance(game, RemoteGame):
            raise TypeError("a text board draws a user's game file (a RemoteGame)")
        super().__init__(game, parent)
        self.remote = game
        self.buttons: list[QPushButton] = []
        self.text = QLabel()
        self.text.setObjectName("board-text")
        self.text.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.text.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.text.setFrameShape(QLabel.Shape.StyledPanel)
        self.text.setMargin(12)
        self.caption = QLabel()
        self.caption.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.caption.setWordWrap(True)
        self.stop_button = QPushButton("Stop")
        self.stop_button.setObjectName("stop-code")
        self.stop_button.setToolTip("End the game's code: this position then says it was stopped")
        self.stop_button.clicked.connect(lambda _=False: self.remote.stop())
        self.stop_button.hide()
        self._grid = QGridLayout()
        layout = QVBoxLayout(self)
        layout.addWidget(self.text, 1)
        layout.addWidget(self.caption)
        layout.addWidget(self.stop_button, 0, Qt.AlignmentFlag.AlignCenter)
        layout.addLayout(self._grid)
        self._show()

    def set_game(self, game: Game[Any, Any]) -> None:
        if isinstance(game, RemoteGame):
            self.remote = game
        super().set_game(game)

    def set_state(self, state: Any, last_move: Any = None) -> None:
        super().set_state(state, last_move)
        self._show()

    def set_interactive(self, interactive: bool) -> None:
        super().set_interactive(interactive)
        self._enable()

    def set_move_values(self, values: Mapping[Any, float] | None) -> None:
        super().set_move_values(values)
        self._label()

    def set_hint(self, move: Any) -> None:
        super().set_hint(move)
        self._label()

    def refresh(self) -> None:
        """Show the position again: the game's code has answered a question."""
        self._show()

    def _show(self) -> None:
        """The text and the buttons of the position drawn now."""
        info = self.remote.position(self.state)
        waiting = self.remote.waiting(self.state)
        problem = self.remote.problem(self.state)
        self.text.setText(info.board)
        self.text.setStyleSheet("color: #b00020;" if problem else "")
        # A board keeps its lines; a message about the code wraps, or it would widen the
        # window past the screen (a stopped call's message has two figures and a why).
        self.text.setWordWrap(bool(problem))
        for button in self.buttons:
            self._grid.removeWidget(button)
            button.deleteLater()
        self.buttons = []
        self.stop_button.setVisible(waiting)
        if waiting:
            self.caption.setText("The game's code has not answered yet; Stop ends it.")
        elif problem:
            self.caption.setText("The game's code failed at this position.")
        elif info.value is not None:
            self.caption.setText(f"Game over: {format_value(info.value)} for MAX")
        elif info.to_move is Player.CHANCE:
            self.caption.setText("A chance move: the die decides")
        else:
            self.caption.setText(f"{info.to_move.value.upper()} to move")
        if info.value is None and info.to_move is not Player.CHANCE and not waiting:
            for index, text in enumerate(info.moves):
                button = QPushButton(text)
                button.setObjectName(f"move-{index}")
                button.clicked.connect(lambda _=False, i=index: self._choose(i))
                self._grid.addWidget(button, index // BUTTONS_PER_ROW, index % BUTTONS_PER_ROW)
                self.buttons.append(button)
        self._label()
        self._enable()

    def _label(self) -> None:
        moves = self.remote.position(self.state).moves
        for index, button in enumerate(self.buttons):
            text = moves[index]
            value = self.move_values.get(index)
            if value is not None:
                text += f"  ({format_value(value)})"
            button.setText(text)
            hinted = index == self.hint
            button.setDefault(hinted)
            button.setToolTip("The AI's hint" if hinted else "")
            font = button.font()
            font.setBold(hinted)
            button.setFont(font)

    def _enable(self) -> None:
        for button in self.buttons:
            button.setEnabled(self.interactive)

    def _choose(self, target: Any) -> None:
        if not self.interactive:
            self.refused.emit("Not your turn")
            return
        self.moveChosen.emit(target)

    def click_targets(self, move: Any) -> list[tuple[QWidget, QPoint]]:
        """A click on the move's button."""
        if not (isinstance(move, int) and 0 <= move < len(self.buttons)):
            raise IllegalMoveError(f"{move!r} is not a legal move here")
        button = self.buttons[move]
        return [(button, button.rect().center())]
