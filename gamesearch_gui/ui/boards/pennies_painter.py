"""How the pennies board draws a position: the stacks as copper coins, the split
markers with their labels, the values and hint of a search, the header and footer."""

from __future__ import annotations

from typing import Any
from typing import Protocol

from PySide6.QtCore import QPointF
from PySide6.QtCore import QRectF
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtGui import QFont
from PySide6.QtGui import QLinearGradient
from PySide6.QtGui import QPainter
from PySide6.QtGui import QPainterPath
from PySide6.QtGui import QPalette
from PySide6.QtGui import QPen

from gamesearch_gui.core.game import Game
from gamesearch_gui.core.game import Player
from gamesearch_gui.core.games.pennies import PenniesMove
from gamesearch_gui.core.numbers import format_number
from gamesearch_gui.ui.boards.base import PLAYER_NAMES
from gamesearch_gui.ui.boards.pennies_layout import PenniesLayout
from gamesearch_gui.ui.boards.pennies_layout import labels_fit
from gamesearch_gui.ui.boards.pennies_layout import lift
from gamesearch_gui.ui.boards.pennies_layout import marker_font_px
from gamesearch_gui.ui.palette import BOARD_DECIMALS
from gamesearch_gui.ui.palette import HINT_COLOUR
from gamesearch_gui.ui.palette import best_moves
from gamesearch_gui.ui.palette import draw_banner
from gamesearch_gui.ui.palette import draw_last_move_marker
from gamesearch_gui.ui.palette import draw_value_label
from gamesearch_gui.ui.palette import elided
from gamesearch_gui.ui.palette import mix
from gamesearch_gui.ui.palette import scaled_font
from gamesearch_gui.ui.palette import side_colour


class PenniesView(Protocol):
    """What the painter reads of the board (``PenniesBoard``): its position, the search's
    values and hint, and the choice a person has under way."""

    game: Game[Any, Any]
    state: Any
    last_move: Any
    interactive: bool
    move_values: dict[Any, float]
    hint: Any
    selected: int | None
    hover_stack: int | None

    def palette(self) -> QPalette: ...
    def font(self) -> QFont: ...
    def stacks(self) -> tuple[int, ...]: ...
    def mover(self) -> Player: ...
    def splits_of(self, size: int) -> list[PenniesMove]: ...
    def last_split_indices(self) -> set[int]: ...
    def hint_index(self) -> int | None: ...
    def stack_values(self) -> dict[int, float]: ...
    def last_mover_colour(self) -> QColor: ...
    def lifted_above(self, index: int) -> int | None: ...
    def marker_text(self, move: PenniesMove) -> str: ...
    def marker_pill(self, layout: PenniesLayout, index: int, move: PenniesMove) -> QRectF: ...


_COPPER_LIGHT = QColor("#e3a36a")
_COPPER = QColor("#c27c3e")
_COPPER_DARK = QColor("#87501f")
_COIN_COLOURS = (_COPPER_LIGHT, _COPPER, _COPPER_DARK)
# Dead stacks (one or two pennies) fade, so the eye goes to the stacks still in play.
_DEAD_OPACITY = 0.4


class PenniesPainter:
    """Paints a pennies board as it stands: it reads the board's state and the choice
    under way (the selected stack, the hovered or chosen split) and changes neither."""

    def __init__(self, board: PenniesView) -> None:
        self.board = board

    def paint(self, painter: QPainter, layout: PenniesLayout) -> None:
        """The whole board, on ``painter`` (already cleared to the window colour)."""
        board = self.board
        stacks = board.stacks()
        if not stacks:
            return
        over = board.game.is_terminal(board.state)
        self._paint_header(painter, layout, over)
        self._paint_table(painter, layout)
        last = board.last_split_indices()
        values = board.stack_values()
        best_stacks = best_moves(values, board.mover()) if values else frozenset()
        hint_index = board.hint_index()
        for index, size in enumerate(stacks):
            self._paint_column_marks(painter, layout, index, over, index in last, hint_index)
            self._paint_stack(painter, layout, index, size)
            self._paint_size_label(painter, layout, index, size)
            if size in values:
                self._paint_stack_value(painter, layout, index, size, values, best_stacks)
        if board.selected is not None:
            self._paint_markers(painter, layout, board.selected)
        if hint_index is not None and hint_index != board.selected:
            self._paint_markers(painter, layout, hint_index, only=board.hint)
        self._paint_footer(painter, layout)
        if over:
            self._paint_game_over(painter, layout)

    def _paint_column_marks(
        self,
        painter: QPainter,
        layout: PenniesLayout,
        index: int,
        over: bool,
        last: bool,
        hint_index: int | None,
    ) -> None:
        """The box behind a stack: tinted when selected or hovered, marked when the last
        move made it, outlined when the hint splits it."""
        board = self.board
        column = self._stack_box(layout, index)
        size = board.stacks()[index]
        hovered = index == board.hover_stack and board.interactive and size >= 3 and not over
        if index == board.selected or hovered:
            tint = board.palette().color(QPalette.ColorRole.Highlight)
            tint.setAlphaF(0.18 if index == board.selected else 0.08)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(tint)
            painter.drawRoundedRect(column, 8, 8)
        if last:
            draw_last_move_marker(painter, column, board.last_mover_colour(), 8)
        if index == hint_index:
            _draw_hint_outline(painter, column.adjusted(-2, -2, 2, 2), 9)

    def _stack_box(self, layout: PenniesLayout, index: int) -> QRectF:
        """The rounded box behind a stack: its coins, its size label and its value label."""
        board = self.board
        size = board.stacks()[index]
        column = layout.columns[index]
        pad = min(column.width() * 0.12, layout.coin_width * 0.22)
        top = layout.gap_y(size) - layout.face / 2 - layout.font_px * 1.6
        if board.lifted_above(index) is not None:
            top -= lift(layout)
        bottom = layout.table.bottom() + layout.font_px * 1.5
        return QRectF(column.left() + pad, top, column.width() - 2 * pad, bottom - top)

    def _paint_header(self, painter: QPainter, layout: PenniesLayout, over: bool) -> None:
        board = self.board
        palette = board.palette()
        rect = layout.header
        if over:
            title = "Game over"
            rest = ""
        else:
            title = f"{PLAYER_NAMES[board.state[1]]} to move"
            if not board.interactive:
                rest = ""
            elif board.selected is not None:
                size = board.stacks()[board.selected]
                rest = f"Split the stack of {size}: click a marker"
            else:
                rest = "Click a stack of 3 or more to split it"
        title_rect = QRectF(rect.left(), rect.top(), rect.width(), rect.height() * 0.55)
        rest_rect = QRectF(rect.left(), title_rect.bottom(), rect.width(), rect.height() * 0.45)
        flags = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
        bold = scaled_font(board.font(), layout.font_px * 1.15, bold=True)
        painter.setFont(bold)
        if over:
            painter.setPen(palette.color(QPalette.ColorRole.WindowText))
        else:
            painter.setPen(side_colour(board.mover()))
        painter.drawText(title_rect, flags, elided(title, bold, rect.width()))
        if rest:
            plain = scaled_font(board.font(), layout.font_px)
            painter.setFont(plain)
            painter.setPen(palette.color(QPalette.ColorRole.WindowText))
            painter.drawText(rest_rect, flags, elided(rest, plain, rect.width()))

    def _paint_table(self, painter: QPainter, layout: PenniesLayout) -> None:
        board = self.board
        colour = board.palette().color(QPalette.ColorRole.Mid)
        painter.setPen(QPen(colour, max(1.0, layout.font_px * 0.12)))
        first, last = layout.columns[0], layout.columns[len(board.stacks()) - 1]
        y = layout.table.bottom()
        painter.drawLine(QPointF(first.left() + 2, y), QPointF(last.right() - 2, y))

    def _paint_stack(self, painter: QPainter, layout: PenniesLayout, index: int, size: int) -> None:
        board = self.board
        left = layout.centre_x(index) - layout.coin_width / 2
        if size < 3:
            # Faded by mixing with the background, not by opacity: translucent coins
            # would show the hidden edges of the coins beneath them.
            background = board.palette().color(QPalette.ColorRole.Window)
            light, copper, dark = (mix(c, background, _DEAD_OPACITY) for c in _COIN_COLOURS)
            colours = (light, copper, dark)
        else:
            colours = _COIN_COLOURS
        split_at = board.lifted_above(index)
        if split_at is None:
            self._paint_coins(painter, layout, left, layout.base_y, size, colours)
        else:
            self._paint_coins(painter, layout, left, layout.base_y, split_at, colours)
            bottom = layout.gap_y(split_at) - lift(layout)
            self._paint_coins(painter, layout, left, bottom, size - split_at, colours)

    def _paint_coins(
        self,
        painter: QPainter,
        layout: PenniesLayout,
        left: float,
        bottom: float,
        count: int,
        colours: tuple[QColor, QColor, QColor],
    ) -> None:
        """``count`` coins standing on ``bottom``, and the face of the top one."""
        width, step, face = layout.coin_width, layout.step, layout.face
        light, copper, dark = colours
        side = QLinearGradient(left, 0, left + width, 0)
        side.setColorAt(0.0, dark)
        side.setColorAt(0.35, light)
        side.setColorAt(1.0, dark)
        # Thin coins get an edge every fifth coin only, like a ruler: every edge would
        # blur into a spring, and fives still help to count.
        edge_every = 1 if step >= 5 else 5
        edge_pen = QPen(dark.darker(130), 1.0)
        for coin in range(count):
            coin_bottom = bottom - coin * step
            rim = QRectF(left, coin_bottom - face / 2, width, face)
            body = QPainterPath()
            body.addRect(QRectF(left, coin_bottom - step, width, step))
            body.addEllipse(rim)
            body.setFillRule(Qt.FillRule.WindingFill)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(side)
            painter.drawPath(body.simplified())
            if coin % edge_every == 0:
                painter.setPen(edge_pen)
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawArc(rim, 180 * 16, 180 * 16)
        # Only the top coin's face shows; every other is covered by the coin above it.
        face_rect = QRectF(left, bottom - count * step - face / 2, width, face)
        painter.setPen(QPen(dark, 1.0) if step >= 2 else Qt.PenStyle.NoPen)
        painter.setBrush(copper)
        painter.drawEllipse(face_rect)
        if face >= 6:
            inner = face_rect.adjusted(width * 0.14, face * 0.16, -width * 0.14, -face * 0.16)
            painter.setPen(QPen(light, 1.0))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(inner)

    def _paint_size_label(
        self, painter: QPainter, layout: PenniesLayout, index: int, size: int
    ) -> None:
        board = self.board
        column = layout.columns[index]
        px = min(layout.font_px, column.width() * 0.55)
        if px < 6:
            return
        rect = QRectF(
            column.left(), layout.table.bottom() + 2, column.width(), layout.font_px * 1.5
        )
        colour = board.palette().color(QPalette.ColorRole.WindowText)
        if size < 3:
            colour.setAlphaF(0.5)
        painter.setFont(scaled_font(board.font(), px, bold=index == board.selected))
        painter.setPen(colour)
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, str(size))

    def _paint_stack_value(
        self,
        painter: QPainter,
        layout: PenniesLayout,
        index: int,
        size: int,
        values: dict[int, float],
        best: frozenset[int],
    ) -> None:
        board = self.board
        column = layout.columns[index]
        bottom = layout.gap_y(size) - layout.face / 2 - 2
        if board.lifted_above(index) is not None:
            bottom -= lift(layout)
        height = layout.font_px * 1.6
        rect = QRectF(column.left(), bottom - height, column.width(), height)
        draw_value_label(
            painter,
            rect,
            format_number(values[size], BOARD_DECIMALS),
            board.palette(),
            emphasised=size in best,
        )

    def _paint_markers(
        self, painter: QPainter, layout: PenniesLayout, index: int, only: Any = None
    ) -> None:
        """The split markers of one stack (or only the hinted one, on a stack not selected)."""
        board = self.board
        palette = board.palette()
        size = board.stacks()[index]
        splits = [m for m in board.splits_of(size) if only is None or m == only]
        active = board.lifted_above(index)
        best = best_moves(
            {m: v for m, v in board.move_values.items() if m in splits}, board.mover()
        )
        fits = labels_fit(layout)
        half = layout.coin_width / 2 + 3
        centre_x = layout.centre_x(index)
        for move in splits:
            y = layout.gap_y(move[1])
            hinted = move == board.hint
            if hinted:
                colour = QColor(HINT_COLOUR)
            elif move[1] == active:
                colour = palette.color(QPalette.ColorRole.Highlight)
            else:
                colour = palette.color(QPalette.ColorRole.WindowText)
                colour.setAlphaF(0.55)
            if not fits and move[1] != active and not hinted:
                # Too many to label: a tick beside the stack says where a split can go.
                painter.setPen(QPen(colour, 1.0))
                tick = centre_x + layout.coin_width / 2 + 2
                painter.drawLine(QPointF(tick, y), QPointF(tick + max(4.0, half * 0.25), y))
                continue
            pen = QPen(colour, max(1.5, min(layout.step * 0.3, 3.0)))
            if move[1] != active and not hinted:
                pen.setStyle(Qt.PenStyle.DashLine)
            painter.setPen(pen)
            painter.drawLine(QPointF(centre_x - half, y), QPointF(centre_x + half, y))
            self._paint_notch(painter, layout, centre_x, y, colour)
            if fits or move[1] == active or hinted:
                self._paint_marker_label(
                    painter, layout, index, move, colour, move in best or hinted
                )

    def _paint_notch(
        self, painter: QPainter, layout: PenniesLayout, centre_x: float, y: float, colour: QColor
    ) -> None:
        """Small arrowheads either side of the stack, pointing at the gap."""
        size = max(3.0, min(layout.step * 0.45, layout.font_px * 0.45))
        tip = layout.coin_width / 2 + 2
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(colour)
        for direction in (-1, 1):
            x = centre_x + direction * tip
            arrow = QPainterPath(QPointF(x, y))
            arrow.lineTo(x + direction * size * 1.4, y - size)
            arrow.lineTo(x + direction * size * 1.4, y + size)
            arrow.closeSubpath()
            painter.drawPath(arrow)

    def _paint_marker_label(
        self,
        painter: QPainter,
        layout: PenniesLayout,
        index: int,
        move: PenniesMove,
        colour: QColor,
        strong: bool,
    ) -> None:
        board = self.board
        palette = board.palette()
        pill = board.marker_pill(layout, index, move)
        painter.save()
        painter.setPen(QPen(colour, 2.0 if strong else 1.0))
        painter.setBrush(palette.color(QPalette.ColorRole.Base))
        painter.drawRoundedRect(pill, pill.height() / 2, pill.height() / 2)
        painter.setFont(scaled_font(board.font(), marker_font_px(layout), bold=strong))
        painter.setPen(palette.color(QPalette.ColorRole.Text))
        painter.drawText(pill, Qt.AlignmentFlag.AlignCenter, board.marker_text(move))
        painter.restore()

    def _paint_footer(self, painter: QPainter, layout: PenniesLayout) -> None:
        board = self.board
        palette = board.palette()
        move = board.last_move
        if isinstance(move, tuple) and len(move) == 2 and board.last_split_indices():
            size, larger = move
            mover = 1 - board.state[1]
            text = f"Last move: {size} = {larger} + {size - larger}, by {PLAYER_NAMES[mover]}"
            colour = side_colour(Player.MAX if mover == 0 else Player.MIN)
            bold = True
        else:
            text = "Split a stack into two unequal stacks. Whoever cannot split loses."
            colour = palette.color(QPalette.ColorRole.WindowText)
            colour.setAlphaF(0.7)
            bold = False
        font = scaled_font(board.font(), layout.font_px, bold=bold)
        painter.setFont(font)
        painter.setPen(colour)
        painter.drawText(
            layout.footer,
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            elided(text, font, layout.footer.width()),
        )

    def _paint_game_over(self, painter: QPainter, layout: PenniesLayout) -> None:
        board = self.board
        winner = 1 - board.state[1]  # the player to move is stuck, and loses
        text = f"No stack can be split: {PLAYER_NAMES[winner]} wins"
        accent = side_colour(Player.MAX if winner == 0 else Player.MIN)
        painter.setFont(board.font())
        draw_banner(painter, layout.table, text, board.palette(), accent, position=0.3)


def _draw_hint_outline(painter: QPainter, rect: QRectF, radius: float) -> None:
    """``draw_hint``'s look (dashed, over a faint wash) with a pen that stays thin.

    ``painting.draw_hint`` widens its pen with the rect, which suits a board cell but
    turns a tall stack's outline into a thick fence.
    """
    width = max(2.0, min(3.0, rect.width() * 0.03))
    wash = QColor(HINT_COLOUR)
    wash.setAlphaF(0.12)
    pen = QPen(HINT_COLOUR, width)
    pen.setStyle(Qt.PenStyle.DashLine)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    painter.save()
    painter.setPen(pen)
    painter.setBrush(wash)
    painter.drawRoundedRect(rect, radius, radius)
    painter.restore()
