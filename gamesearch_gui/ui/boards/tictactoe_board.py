"""The tic-tac-toe board: a 3x3 grid drawn to fit the widget, played by click or keys 1..9."""

from __future__ import annotations

from typing import cast

from PySide6.QtCore import QEvent
from PySide6.QtCore import QPoint
from PySide6.QtCore import QPointF
from PySide6.QtCore import QRectF
from PySide6.QtCore import Qt
from PySide6.QtGui import QFocusEvent
from PySide6.QtGui import QMouseEvent
from PySide6.QtGui import QPainter
from PySide6.QtGui import QPaintEvent
from PySide6.QtGui import QPalette
from PySide6.QtGui import QPen
from PySide6.QtWidgets import QWidget

from gamesearch_gui.core.game import Player
from gamesearch_gui.core.games.tictactoe import Cell
from gamesearch_gui.core.games.tictactoe import TicTacToe
from gamesearch_gui.core.games.tictactoe import TTTState
from gamesearch_gui.core.numbers import format_number
from gamesearch_gui.ui.boards.base import PLAY_KEYS
from gamesearch_gui.ui.boards.base import BoardWidget
from gamesearch_gui.ui.boards.base import centred_square
from gamesearch_gui.ui.boards.base import digit_keys
from gamesearch_gui.ui.boards.base import grid_square
from gamesearch_gui.ui.boards.base import grid_square_at
from gamesearch_gui.ui.palette import BOARD_DECIMALS
from gamesearch_gui.ui.palette import best_moves
from gamesearch_gui.ui.palette import draw_hint
from gamesearch_gui.ui.palette import draw_last_move_marker
from gamesearch_gui.ui.palette import draw_result_banner
from gamesearch_gui.ui.palette import draw_value_label
from gamesearch_gui.ui.palette import side_colour

_NAMES = {Player.MAX: "X", Player.MIN: "O"}

_ARROWS: dict[int, tuple[int, int]] = {
    Qt.Key.Key_Left: (0, -1),
    Qt.Key.Key_Right: (0, 1),
    Qt.Key.Key_Up: (-1, 0),
    Qt.Key.Key_Down: (1, 0),
}


class TicTacToeBoard(BoardWidget):
    """Tic-tac-toe: click a cell, press 1..9 (row-major), or move with arrows and press Enter."""

    SIZE_HINT = (360, 360)
    MINIMUM_SIZE = (96, 96)

    NOT_LEGAL = "That cell is taken"
    MOVE_KEYS = digit_keys(9)
    KEYS = (
        "1 to 9 play a cell (row by row from the top left); arrows move a cursor, Enter or "
        "Space plays it"
    )

    def __init__(self, game: TicTacToe | None = None, parent: QWidget | None = None) -> None:
        super().__init__(game if game is not None else TicTacToe(), parent)
        self._hover: Cell | None = None
        # The keyboard cursor shows only once arrows moved it, so mouse users never see it.
        self._cursor: Cell = 4
        self._cursor_shown = False

    # -- the contract with the window -----------------------------------------------------

    def click_targets(self, move: Cell) -> list[tuple[QWidget, QPoint]]:
        """The centre of cell ``move``."""
        return [(self, self._cell_rect(move).center().toPoint())]

    # -- geometry, recomputed from the widget's size at every use -------------------------

    def _board_rect(self) -> QRectF:
        """The largest centred square that leaves a margin around it."""
        return centred_square(QRectF(self.rect()), 0.05, 4.0)

    def _cell_rect(self, cell: Cell) -> QRectF:
        row, column = divmod(cell, 3)
        return grid_square(self._board_rect(), 3, row, column)

    def _target_at(self, pos: QPointF) -> Cell | None:
        found = grid_square_at(self._board_rect(), 3, pos)
        if found is None:
            return None
        row, column = found
        return row * 3 + column

    # -- input ------------------------------------------------------------------------------

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        hover = self._target_at(event.position())
        if hover != self._hover or self._cursor_shown:
            self._hover = hover
            self._cursor_shown = False
            self.update()
        super().mouseMoveEvent(event)

    def leaveEvent(self, event: QEvent) -> None:
        if self._hover is not None:
            self._hover = None
            self.update()
        super().leaveEvent(event)

    def _cursor_key(self, key: int) -> bool:
        """Arrows move the cursor (the first press shows it where it is); Enter or Space
        plays its cell."""
        if key in _ARROWS:
            d_row, d_column = _ARROWS[key]
            row, column = divmod(self._cursor, 3)
            if self._cursor_shown:
                row, column = min(2, max(0, row + d_row)), min(2, max(0, column + d_column))
            self._cursor = row * 3 + column
            self._cursor_shown = True
            self.update()
        elif key in PLAY_KEYS and self._cursor_shown:
            self._choose(self._cursor)
        else:
            return False
        return True

    def focusOutEvent(self, event: QFocusEvent) -> None:
        self._cursor_shown = False
        self.update()
        super().focusOutEvent(event)

    # -- painting ---------------------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:
        state = cast(TTTState, self.state)
        game = cast(TicTacToe, self.game)
        board = self._board_rect()
        palette = self.palette()
        painter = self._begin_painting()
        if board.width() < 9:
            painter.end()
            return
        size = board.width() / 3
        radius = size * 0.08
        over = game.is_terminal(state)
        mover = game.to_move(state)
        legal = set(game.actions(state))

        painter.setPen(QPen(palette.color(QPalette.ColorRole.Mid), max(1.0, size * 0.01)))
        painter.setBrush(palette.color(QPalette.ColorRole.Base))
        painter.drawRoundedRect(board, radius * 1.5, radius * 1.5)

        self._draw_marks(painter, state, radius, legal)
        self._draw_grid(painter, board, palette)

        for cell in range(9):
            owner = game.cell(state, cell)
            if owner is not None:
                self._draw_piece(painter, cell, owner)

        if self.move_values and not over:
            self._draw_values(painter, size, mover, legal)
        if self._cursor_shown and self.hasFocus():
            self._draw_cursor(painter, size, radius)

        if over:
            self._draw_game_over(painter, state, game, board, palette)
        painter.end()

    def _draw_marks(
        self, painter: QPainter, state: TTTState, radius: float, legal: set[Cell]
    ) -> None:
        """Under the grid: the last move's square, and faint pieces where the hint and
        the pointer (or the keyboard's cursor) would play."""
        game = cast(TicTacToe, self.game)
        last = self.last_move
        if isinstance(last, int) and 0 <= last < 9:
            owner = game.cell(state, last)
            if owner is not None:
                draw_last_move_marker(painter, self._inset(last, 0.06), side_colour(owner), radius)
        if game.is_terminal(state):
            return
        mover = game.to_move(state)
        if self.hint in legal:
            hinted = cast(Cell, self.hint)
            draw_hint(painter, self._inset(hinted, 0.06), radius)
            self._draw_piece(painter, hinted, mover, opacity=0.28)
        if self.interactive:
            preview = self._cursor if self._cursor_shown else self._hover
            if preview in legal and preview != self.hint:
                self._draw_piece(painter, preview, mover, opacity=0.22)

    def _draw_values(self, painter: QPainter, size: float, mover: Player, legal: set[Cell]) -> None:
        """Each legal cell's value from the last search, low in the cell; the best bold."""
        best = best_moves(self.move_values, mover)
        for cell, value in self.move_values.items():
            if cell in legal:
                label = self._cell_rect(cell)
                label = QRectF(label.left(), label.bottom() - size * 0.36, size, size * 0.26)
                draw_value_label(
                    painter,
                    label,
                    format_number(value, BOARD_DECIMALS),
                    self.palette(),
                    emphasised=cell in best,
                )

    def _draw_cursor(self, painter: QPainter, size: float, radius: float) -> None:
        """The keyboard's cursor: a dotted outline of its cell."""
        colour = self.palette().color(QPalette.ColorRole.Highlight)
        pen = QPen(colour, max(1.5, size * 0.025))
        pen.setStyle(Qt.PenStyle.DotLine)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(self._inset(self._cursor, 0.04), radius, radius)

    def _inset(self, cell: Cell, fraction: float) -> QRectF:
        rect = self._cell_rect(cell)
        gap = rect.width() * fraction
        return rect.adjusted(gap, gap, -gap, -gap)

    def _draw_grid(self, painter: QPainter, board: QRectF, palette: QPalette) -> None:
        size = board.width() / 3
        colour = palette.color(QPalette.ColorRole.Text)
        colour.setAlphaF(0.55)
        pen = QPen(colour, max(1.5, size * 0.035))
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(pen)
        inset = size * 0.12
        for i in (1, 2):
            x = board.left() + i * size
            y = board.top() + i * size
            painter.drawLine(QPointF(x, board.top() + inset), QPointF(x, board.bottom() - inset))
            painter.drawLine(QPointF(board.left() + inset, y), QPointF(board.right() - inset, y))

    def _draw_piece(
        self, painter: QPainter, cell: Cell, player: Player, opacity: float = 1.0
    ) -> None:
        """X as two strokes for MAX, O as a ring for MIN, in the side's colour."""
        rect = self._inset(cell, 0.24)
        colour = side_colour(player)
        colour.setAlphaF(opacity)
        pen = QPen(colour, max(2.0, rect.width() * 0.16))
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.save()
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        if player is Player.MAX:
            painter.drawLine(rect.topLeft(), rect.bottomRight())
            painter.drawLine(rect.topRight(), rect.bottomLeft())
        else:
            painter.drawEllipse(rect)
        painter.restore()

    def _draw_game_over(
        self,
        painter: QPainter,
        state: TTTState,
        game: TicTacToe,
        board: QRectF,
        palette: QPalette,
    ) -> None:
        """The stroke through the winning three and the banner saying who won."""
        winner = game.winner(state)
        line = game.winning_line(state)
        position = 0.5
        if winner is not None and line is not None:
            size = board.width() / 3
            start = self._cell_rect(line[0]).center()
            end = self._cell_rect(line[-1]).center()
            # Reach a little past the outer cells' centres, as a pencil stroke would.
            direction = end - start
            length = (direction.x() ** 2 + direction.y() ** 2) ** 0.5
            reach = direction * (size * 0.38 / length)
            start, end = start - reach, end + reach
            halo = palette.color(QPalette.ColorRole.Base)
            halo.setAlphaF(0.85)
            stroke = side_colour(winner).darker(115)
            for colour, width in ((halo, size * 0.16), (stroke, size * 0.09)):
                pen = QPen(colour, max(2.0, width))
                pen.setCapStyle(Qt.PenCapStyle.RoundCap)
                painter.setPen(pen)
                painter.drawLine(start, end)
            # The banner goes where it hides the least of the line: off a winning row.
            rows = {cell // 3 for cell in line}
            if rows == {1}:
                position = 5 / 6
        draw_result_banner(painter, board, palette, winner, _NAMES, position=position)
