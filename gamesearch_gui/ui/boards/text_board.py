"""The board of a user's game file: the game's own text display, and its moves as buttons.

A user's game has no drawing of its own, so this board shows what the game writes of a
position (its ``board_text``, ``display`` or ``str()``) in a monospace panel, grown or
shrunk to its room (and scrolled, past the smallest size that is read), the last move
over it, and one button per legal move under it, in a strip that scrolls
(:class:`~gamesearch_gui.ui.boards.move_strip.MoveStrip`: backgammon has dozens). On a
board much wider than tall (the search tree below takes the height) the last move, who
is to move and the moves go beside the text instead. Every word of it comes from the
engine process through
:class:`~gamesearch_gui.engine.remote_game.RemoteGame`: the window runs no user code.
While the game's code has not answered about a position, the board says it is waiting,
with a Stop button that ends the code; :meth:`TextBoard.refresh` shows the answer.
"""

from __future__ import annotations

import html
from typing import Any
from typing import Final

from PySide6.QtCore import QPoint
from PySide6.QtCore import Qt
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import QFrame
from PySide6.QtWidgets import QGridLayout
from PySide6.QtWidgets import QLabel
from PySide6.QtWidgets import QPushButton
from PySide6.QtWidgets import QScrollArea
from PySide6.QtWidgets import QWidget

from gamesearch_gui.core.game import Game
from gamesearch_gui.core.game import IllegalMoveError
from gamesearch_gui.core.game import Player
from gamesearch_gui.core.numbers import format_value
from gamesearch_gui.core.usergame.indexed import PositionInfo
from gamesearch_gui.engine.remote_game import RemoteGame
from gamesearch_gui.ui.boards.base import BoardWidget
from gamesearch_gui.ui.boards.base import Shown
from gamesearch_gui.ui.boards.move_strip import MoveStrip
from gamesearch_gui.ui.text import FittedText

#: The most moves a game may have at its start to be played here: a button each, and a
#: search that can look at them all within its time limit.
MOST_MOVES: Final = 400
#: A board this many times wider than tall has its moves beside its text...
BESIDE_RATIO: Final = 2.2
#: ...and back under it once it is less than this.
UNDER_RATIO: Final = 1.8


def unplayable(game: RemoteGame) -> str | None:
    """Why ``game`` cannot be played here, in a line: its start fails (no move, yet not
    over), or it is too wide (more than ``MOST_MOVES`` moves there); None when it can
    be (or its code has not answered yet)."""
    start = game.initial_state()
    problem = game.problem(start)
    if problem:
        return problem
    count = len(game.position(start).moves)
    if count <= MOST_MOVES:
        return None
    return (
        f"{game.title} has {count:,} moves at its start, more than the {MOST_MOVES} a board "
        "of buttons shows and a search can look at in moments: choose a smaller board"
    )


class TextBoard(BoardWidget):
    """A user's game: its text display and a button per legal move."""

    def __init__(self, game: Game[Any, Any], parent: QWidget | None = None) -> None:
        if not isinstance(game, RemoteGame):
            raise TypeError("a text board draws a user's game file (a RemoteGame)")
        super().__init__(game, parent)
        self.remote = game
        self.buttons: list[QPushButton] = []
        self.last = QLabel()
        self.last.setObjectName("last-move")
        self.last.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.last.setWordWrap(True)
        self.text = FittedText(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.text.setObjectName("board-text")
        self.text.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.text.setMargin(12)
        self.text_area = QScrollArea()
        self.text_area.setObjectName("board-text-area")
        self.text_area.setWidget(self.text)
        self.text_area.setWidgetResizable(True)
        self.text_area.setFrameShape(QFrame.Shape.StyledPanel)
        self.caption = QLabel()
        self.caption.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.caption.setWordWrap(True)
        self.stop_button = QPushButton("Stop")
        self.stop_button.setObjectName("stop-code")
        self.stop_button.setToolTip("End the game's code: this position then says it was stopped")
        self.stop_button.clicked.connect(lambda _=False: self.remote.stop())
        self.stop_button.hide()
        self.moves = MoveStrip()
        self._beside = False
        self._layout = QGridLayout(self)
        self._arrange()
        self._show()

    def set_game(self, game: Game[Any, Any]) -> None:
        if isinstance(game, RemoteGame):
            self.remote = game
        super().set_game(game)

    def _shown_changed(self, what: Shown) -> None:
        """A new position asks the game's code (through the engine) for its text and
        moves; the rest only enables or labels the buttons there are."""
        super()._shown_changed(what)
        if what is Shown.STATE:
            self._show()
        elif what is Shown.INTERACTIVE:
            self._enable()
        else:
            self._label()

    def refresh(self) -> None:
        """Show the position again: the game's code has answered a question."""
        self._show()

    def _show(self) -> None:
        """The text and the buttons of the position drawn now."""
        info = self.remote.position(self.state)
        waiting = self.remote.waiting(self.state)
        problem = self.remote.problem(self.state)
        over = info.value is not None or bool(info.utilities)
        self.text.setText(info.board)
        self.text.setStyleSheet("color: #b00020;" if problem else "")
        # A board keeps its lines; a message about the code wraps, or it would widen the
        # window past the screen (a stopped call's message has two figures and a why).
        self.text.setWordWrap(bool(problem))
        self.buttons = []
        self.stop_button.setVisible(waiting)
        if waiting:
            self.caption.setText("The game's code has not answered yet; Stop ends it.")
        elif problem:
            self.caption.setText("The game's code failed at this position.")
        elif over:
            self.caption.setText(f"Game over: {self._result(info)}")
        elif info.to_move is Player.CHANCE:
            self.caption.setText("A chance move: the die decides")
        else:
            self.caption.setText(f"{self._who(info)} to move")
        if not over and info.to_move is not Player.CHANCE and not waiting:
            for index, text in enumerate(info.moves):
                button = QPushButton(text)
                button.setObjectName(f"move-{index}")
                button.clicked.connect(lambda _=False, i=index: self._choose(i))
                self.buttons.append(button)
        self.moves.set_buttons(self.buttons)
        self._show_last()
        self._label()
        self._enable()

    def _show_last(self) -> None:
        """The move that reached this position, and who made it (none at the start);
        after a roll of the dice, the player's move before it too (backgammon's AI
        moves, then the dice roll for the person: both are news)."""
        line = tuple(self.state)
        rolls: list[str] = []
        mover = ""
        for end in range(len(line), 0, -1):
            before = self.remote.position(line[: end - 1])
            text = html.escape(self.remote.move_text(line[: end - 1], line[end - 1]))
            if before.to_move is not Player.CHANCE:
                mover = f"<b>{text}</b> ({html.escape(self._who(before))})"
                break
            rolls.insert(0, f"chance: <b>{text}</b>")
        parts = [mover, *rolls] if mover else rolls
        self.last.setText(f"Last move: {', then '.join(parts)}" if parts else "")
        self.last.setVisible(bool(parts))

    def _who(self, info: PositionInfo) -> str:
        """Who decides at a position: MAX or MIN, or the game's name for the player
        (with MAX or MIN beside it in a game of two players)."""
        names = self.remote.players
        side = info.to_move.value.upper()
        if len(names) != 2:
            return names[info.player] if 0 <= info.player < len(names) else side
        return side if names == ("MAX", "MIN") else f"{names[info.player]} ({side})"

    def _result(self, info: PositionInfo) -> str:
        """The result at the end: MAX's utility, or each player's."""
        if info.value is not None:
            return f"{format_value(info.value)} for MAX"
        return ", ".join(
            f"{name} {format_value(u)}"
            for name, u in zip(self.remote.players, info.utilities, strict=False)
        )

    def resizeEvent(self, event: Any) -> None:
        """The moves laid out to the room there is now."""
        super().resizeEvent(event)
        self._place_buttons()

    def _place_buttons(self) -> None:
        """The move buttons under the text, or beside it when the board is much wider
        than tall (``BESIDE_RATIO``; back under it below ``UNDER_RATIO``, so that a width
        near the line does not flip it to and fro)."""
        # A board nobody can click (a node's position in the tree's details) lists no moves.
        clickable = not self.testAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.moves.setVisible(bool(self.buttons) and clickable)
        if not self.buttons or not clickable:
            return
        ratio = self.width() / max(self.height(), 1)
        beside = ratio > (UNDER_RATIO if self._beside else BESIDE_RATIO)
        if beside != self._beside:
            self._beside = beside
            self._arrange()
        if beside:
            spacing = self._layout.verticalSpacing()
            taken = self.last.sizeHint().height() + self.caption.sizeHint().height()
            self.moves.fit_beside(self.width(), self.text_area.height() - taken - 2 * spacing)
        else:
            self.moves.fit_under(self.width())

    def _arrange(self) -> None:
        """The parts one under another, or the text on the left and the rest beside it."""
        layout = self._layout
        parts: tuple[QWidget, ...] = (self.last, self.caption, self.stop_button, self.moves)
        for widget in (self.text_area, *parts):
            layout.removeWidget(widget)
        centre = Qt.AlignmentFlag.AlignCenter
        if self._beside:
            layout.addWidget(self.text_area, 0, 0, 4, 1)
            for row, widget in enumerate(parts):
                layout.addWidget(
                    widget, row, 1, centre if widget is self.stop_button else Qt.AlignmentFlag(0)
                )
            stretched_row, columns = 3, (1, 0)
        else:
            layout.addWidget(self.last, 0, 0)
            layout.addWidget(self.text_area, 1, 0)
            for row, widget in enumerate(parts[1:], start=2):
                layout.addWidget(
                    widget, row, 0, centre if widget is self.stop_button else Qt.AlignmentFlag(0)
                )
            stretched_row, columns = 1, (1, 0)
        for row in range(5):
            layout.setRowStretch(row, int(row == stretched_row))
        for column, stretch in enumerate(columns):
            layout.setColumnStretch(column, stretch)

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
        self._place_buttons()

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
        self.moves.ensure_shown(button)
        return [(button, button.rect().center())]
