"""The Connect Four board: red and yellow discs in a blue frame, dropped by click or keys.

The frame is drawn over the discs with its holes cut out, as the real one stands in
front of them, so a falling disc shows through the holes it passes.
"""

from __future__ import annotations

from typing import Any
from typing import cast

from PySide6.QtCore import QEasingCurve
from PySide6.QtCore import QEvent
from PySide6.QtCore import QPoint
from PySide6.QtCore import QPointF
from PySide6.QtCore import QRectF
from PySide6.QtCore import Qt
from PySide6.QtCore import QVariantAnimation
from PySide6.QtGui import QColor
from PySide6.QtGui import QFocusEvent
from PySide6.QtGui import QLinearGradient
from PySide6.QtGui import QMouseEvent
from PySide6.QtGui import QPainter
from PySide6.QtGui import QPainterPath
from PySide6.QtGui import QPaintEvent
from PySide6.QtGui import QPalette
from PySide6.QtGui import QPen
from PySide6.QtWidgets import QWidget

from gamesearch_gui.core.game import Player
from gamesearch_gui.core.games.connect4 import HEIGHT
from gamesearch_gui.core.games.connect4 import WIDTH
from gamesearch_gui.core.games.connect4 import C4State
from gamesearch_gui.core.games.connect4 import Column
from gamesearch_gui.core.games.connect4 import ConnectFour
from gamesearch_gui.core.numbers import format_number
from gamesearch_gui.ui.boards.base import PLAY_KEYS
from gamesearch_gui.ui.boards.base import BoardWidget
from gamesearch_gui.ui.boards.base import digit_keys
from gamesearch_gui.ui.palette import BOARD_DECIMALS
from gamesearch_gui.ui.palette import best_moves
from gamesearch_gui.ui.palette import draw_hint
from gamesearch_gui.ui.palette import draw_result_banner
from gamesearch_gui.ui.palette import draw_value_label

#: The first player's discs (MAX).
RED = QColor("#e0393e")
#: The second player's discs (MIN).
YELLOW = QColor("#f5c211")
#: The frame, lighter at the top than at the bottom.
FRAME_TOP = QColor("#2c6fd6")
FRAME_BOTTOM = QColor("#1a4fa6")

#: How long a dropped disc takes to fall, in milliseconds.
DROP_MS = 250

_NAMES = {Player.MAX: "Red", Player.MIN: "Yellow"}
_COLOURS = {Player.MAX: RED, Player.MIN: YELLOW}

# The strip above the frame, in cells: room for the value labels and the drop's start.
_HEADER = 0.8
_HOLE = 0.39
# A disc is a little wider than its hole, so the frame's edge hides the disc's.
_DISC = 0.42


class ConnectFourBoard(BoardWidget):
    """Connect Four: click or hover a column and click, press 1..7, or Left/Right and Enter."""

    SIZE_HINT = (420, 410)
    MINIMUM_SIZE = (140, 136)

    NOT_LEGAL = "That column is full"
    MOVE_KEYS = digit_keys(WIDTH)
    KEYS = "1 to 7 drop in a column; Left and Right move a cursor, Enter or Space drops"

    def __init__(self, game: ConnectFour | None = None, parent: QWidget | None = None) -> None:
        super().__init__(game if game is not None else ConnectFour(), parent)
        # The column under the mouse, or the one Left/Right chose: the drop preview.
        self._hover: Column | None = None
        self._drop = QVariantAnimation(self)
        self._drop.setStartValue(0.0)
        self._drop.setEndValue(1.0)
        self._drop.setDuration(DROP_MS)
        # Accelerating, as a falling disc does.
        self._drop.setEasingCurve(QEasingCurve.Type.InQuad)
        self._drop.valueChanged.connect(self._drop_moved)
        self._drop.finished.connect(self._landed)
        self._dropping: tuple[Column, int] | None = None

    # -- the contract with the window -----------------------------------------------------

    def set_state(self, state: Any, last_move: Any = None) -> None:
        """Draw ``state``; when ``last_move`` made it, that disc falls into place."""
        previous = self.state
        self._drop.stop()
        self._dropping = None
        super().set_state(state, last_move)
        # Only a shown board animates, and only a new position: redrawing the same one
        # (a settings change, a repaint of the window) must not drop the disc again.
        if last_move is None or state == previous or not self.isVisible():
            return
        game = self._rules
        if isinstance(last_move, int) and 0 <= last_move < WIDTH and game.height(state, last_move):
            self._dropping = (last_move, game.height(state, last_move) - 1)
            self._drop.start()

    def click_targets(self, move: Column) -> list[tuple[QWidget, QPoint]]:
        """The middle of column ``move``."""
        frame = self._frame_rect()
        size = frame.width() / WIDTH
        point = QPointF(frame.left() + (move + 0.5) * size, frame.center().y())
        return [(self, point.toPoint())]

    @property
    def animating(self) -> bool:
        """True while the newest disc is still falling (purely visual)."""
        return self._dropping is not None

    # -- geometry, recomputed from the widget's size at every use -------------------------

    @property
    def _rules(self) -> ConnectFour:
        return cast(ConnectFour, self.game)

    def _cell_size(self) -> float:
        margin = max(4.0, min(self.width(), self.height()) * 0.04)
        return max(
            0.0,
            min(
                (self.width() - 2 * margin) / WIDTH,
                (self.height() - 2 * margin) / (HEIGHT + _HEADER),
            ),
        )

    def _frame_rect(self) -> QRectF:
        """The frame's six rows, centred with the header strip above it."""
        size = self._cell_size()
        whole = QRectF(0, 0, WIDTH * size, (HEIGHT + _HEADER) * size)
        whole.moveCenter(QRectF(self.rect()).center())
        return QRectF(whole.left(), whole.top() + _HEADER * size, WIDTH * size, HEIGHT * size)

    def _centre(self, column: int, row: int) -> QPointF:
        """The centre of the hole at ``(column, row)``, row 0 at the bottom."""
        frame = self._frame_rect()
        size = frame.width() / WIDTH
        return QPointF(frame.left() + (column + 0.5) * size, frame.bottom() - (row + 0.5) * size)

    def _column_rect(self, column: Column) -> QRectF:
        """Column ``column`` from the top of the header strip to the frame's bottom."""
        frame = self._frame_rect()
        size = frame.width() / WIDTH
        top = frame.top() - _HEADER * size
        return QRectF(frame.left() + column * size, top, size, frame.bottom() - top)

    def _target_at(self, pos: QPointF) -> Column | None:
        """The column under ``pos``, anywhere from the widget's top to its bottom."""
        frame = self._frame_rect()
        if frame.isEmpty() or not frame.left() <= pos.x() < frame.right():
            return None
        return min(WIDTH - 1, int((pos.x() - frame.left()) / (frame.width() / WIDTH)))

    # -- input ------------------------------------------------------------------------------

    def _set_hover(self, column: Column | None) -> None:
        if column != self._hover:
            self._hover = column
            self.update()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        self._set_hover(self._target_at(event.position()))
        super().mouseMoveEvent(event)

    def leaveEvent(self, event: QEvent) -> None:
        self._set_hover(None)
        super().leaveEvent(event)

    def focusOutEvent(self, event: QFocusEvent) -> None:
        if not self.underMouse():
            self._set_hover(None)
        super().focusOutEvent(event)

    def _cursor_key(self, key: int) -> bool:
        """Left and Right move the cursor, the column lit; Enter or Space drops in it."""
        if key in (Qt.Key.Key_Left, Qt.Key.Key_Right):
            step = -1 if key == Qt.Key.Key_Left else 1
            start = WIDTH // 2 if self._hover is None else self._hover + step
            self._set_hover(min(WIDTH - 1, max(0, start)))
        elif key in PLAY_KEYS:
            if self._hover is None:
                # Nothing chosen yet: show where the cursor is before anything drops.
                self._set_hover(WIDTH // 2)
            else:
                self._choose(self._hover)
        else:
            return False
        return True

    # -- painting ---------------------------------------------------------------------------

    def _drop_moved(self, _value: object) -> None:
        self.update()

    def _landed(self) -> None:
        self._dropping = None
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        state = cast(C4State, self.state)
        game = self._rules
        palette = self.palette()
        frame = self._frame_rect()
        size = frame.width() / WIDTH
        painter = self._begin_painting()
        if size < 4:
            painter.end()
            return
        over = game.is_terminal(state)
        legal = set(game.actions(state))
        # What shows through the empty holes.
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(palette.color(QPalette.ColorRole.Base))
        painter.drawRect(frame.adjusted(size * 0.05, size * 0.05, -size * 0.05, -size * 0.05))
        self._draw_discs(painter, state, frame, size, legal)
        self._draw_frame(painter, frame, size)
        if not over:
            self._draw_choice(painter, state, frame, size, legal)
        last = self.last_move
        if self._dropping is None and isinstance(last, int) and 0 <= last < WIDTH:
            top = game.height(state, last) - 1
            if top >= 0:
                self._draw_last_marker(painter, self._centre(last, top), size)
        if not over:
            if self.hint in legal:
                draw_hint(painter, self._column_rect(cast(Column, self.hint)), size * 0.12)
            self._draw_values(painter, game.to_move(state), size, legal)
        if over and self._dropping is None:
            self._draw_game_over(painter, state, game, frame, size, palette)
        painter.end()

    def _draw_discs(
        self, painter: QPainter, state: C4State, frame: QRectF, size: float, legal: set[Column]
    ) -> None:
        """The discs in the grid, faint previews of the hint's and the hovered column's
        landing square, and the disc still falling."""
        game = self._rules
        falling = self._dropping
        for column in range(WIDTH):
            for row in range(game.height(state, column)):
                if (column, row) != falling:
                    owner = game.cell(state, column, row)
                    if owner is not None:
                        self._draw_disc(painter, self._centre(column, row), size, owner)
        if not game.is_terminal(state):
            mover = game.to_move(state)
            preview = self._hover if self.interactive else None
            for shown, opacity in ((self.hint, 0.35), (preview, 0.45)):
                if shown in legal:
                    landing = self._centre(shown, game.height(state, shown))
                    self._draw_disc(painter, landing, size, mover, opacity)
        if falling is not None:
            column, row = falling
            owner = game.cell(state, column, row)
            if owner is not None:
                start = frame.top() - _HEADER * size / 2
                end = self._centre(column, row)
                progress = float(self._drop.currentValue())
                y = start + (end.y() - start) * progress
                self._draw_disc(painter, QPointF(end.x(), y), size, owner)

    def _draw_choice(
        self, painter: QPainter, state: C4State, frame: QRectF, size: float, legal: set[Column]
    ) -> None:
        """The hovered column lit, and the disc about to drop above it (unless values fill
        the strip above the frame)."""
        if not (self.interactive and self._hover in legal):
            return
        wash = QColor(255, 255, 255, 40)
        column_rect = self._column_rect(self._hover)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(wash)
        painter.drawRoundedRect(column_rect, size * 0.12, size * 0.12)
        if not self.move_values:
            above = QPointF(column_rect.center().x(), frame.top() - _HEADER * size / 2)
            self._draw_disc(painter, above, size * 0.8, self._rules.to_move(state), 0.6)

    def _draw_values(
        self, painter: QPainter, mover: Player, size: float, legal: set[Column]
    ) -> None:
        """Each legal column's value from the last search, above the frame; the best bold."""
        if not self.move_values:
            return
        best = best_moves(self.move_values, mover)
        for column, value in self.move_values.items():
            if column in legal:
                strip = self._column_rect(column)
                strip.setHeight(_HEADER * size)
                draw_value_label(
                    painter,
                    strip.adjusted(size * 0.08, size * 0.12, -size * 0.08, -size * 0.1),
                    format_number(value, BOARD_DECIMALS),
                    self.palette(),
                    emphasised=column in best,
                )

    def _draw_frame(self, painter: QPainter, frame: QRectF, size: float) -> None:
        """The blue frame with a hole for every square, a shade darker at each hole's rim."""
        path = QPainterPath()
        path.setFillRule(Qt.FillRule.OddEvenFill)
        path.addRoundedRect(frame, size * 0.18, size * 0.18)
        for column in range(WIDTH):
            for row in range(HEIGHT):
                path.addEllipse(self._centre(column, row), size * _HOLE, size * _HOLE)
        gradient = QLinearGradient(frame.topLeft(), frame.bottomLeft())
        gradient.setColorAt(0.0, FRAME_TOP)
        gradient.setColorAt(1.0, FRAME_BOTTOM)
        painter.setPen(QPen(FRAME_BOTTOM.darker(125), max(1.0, size * 0.03)))
        painter.setBrush(gradient)
        painter.drawPath(path)

    def _draw_disc(
        self,
        painter: QPainter,
        centre: QPointF,
        size: float,
        player: Player,
        opacity: float = 1.0,
    ) -> None:
        """A disc of ``player``'s colour, with the embossed inner ring when large enough."""
        colour = QColor(_COLOURS[player])
        radius = size * _DISC
        painter.save()
        painter.setOpacity(opacity)
        painter.setPen(QPen(colour.darker(130), max(1.0, size * 0.03)))
        painter.setBrush(colour)
        painter.drawEllipse(centre, radius, radius)
        if size >= 18:
            painter.setPen(QPen(colour.darker(112), size * 0.035))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(centre, radius * 0.68, radius * 0.68)
        painter.restore()

    def _draw_last_marker(self, painter: QPainter, centre: QPointF, size: float) -> None:
        """A white dot, dark-edged so it shows on red and on yellow alike."""
        radius = max(2.0, size * 0.09)
        painter.save()
        painter.setPen(QPen(QColor(0, 0, 0, 110), max(1.0, size * 0.025)))
        painter.setBrush(QColor(255, 255, 255, 235))
        painter.drawEllipse(centre, radius, radius)
        painter.restore()

    def _draw_game_over(
        self,
        painter: QPainter,
        state: C4State,
        game: ConnectFour,
        frame: QRectF,
        size: float,
        palette: QPalette,
    ) -> None:
        """The four winning discs ringed and joined, and the banner saying who won."""
        winner = game.winner(state)
        cells = game.winning_cells(state)
        centres = [self._centre(column, row) for column, row in cells] if cells else []
        if winner is not None and centres:
            painter.save()
            painter.setBrush(Qt.BrushStyle.NoBrush)
            # A dark stroke under the white one, so the mark shows on yellow as on blue.
            for colour, extra in ((QColor(10, 25, 60, 150), size * 0.05), (QColor("white"), 0.0)):
                line = QPen(colour, size * 0.1 + extra)
                line.setCapStyle(Qt.PenCapStyle.RoundCap)
                painter.setPen(line)
                painter.drawLine(centres[0], centres[-1])
                painter.setPen(QPen(colour, size * 0.07 + extra))
                for centre in centres:
                    painter.drawEllipse(centre, size * 0.45, size * 0.45)
            painter.restore()
        position = self._banner_position(frame, centres)
        draw_result_banner(painter, frame, palette, winner, _NAMES, _COLOURS, position)

    @staticmethod
    def _banner_position(frame: QRectF, centres: list[QPointF]) -> float:
        """Where the banner hides the fewest winning discs: the middle unless it covers one."""
        # Half the band plus a disc's radius: closer than that, the band hides part of it.
        half = frame.height() * 0.1 + frame.width() / WIDTH * _DISC

        def covered(position: float) -> int:
            y = frame.top() + frame.height() * position
            return sum(abs(centre.y() - y) < half for centre in centres)

        return min((0.5, 0.2, 0.8), key=covered)
