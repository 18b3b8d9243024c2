"""The pennies board: stacks drawn as coins; choose a stack, then where to split it.

A click on a stack of three or more selects it, and markers appear at the heights where
it can be split into two unequal parts (the larger part stays below the marker, the
smaller is lifted off above it). A click on a marker plays that split. Keyboard: Left and
Right choose a stack, Up and Down a split, Enter plays it, Escape lets go.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QPoint, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import (
    QColor,
    QFontMetricsF,
    QKeyEvent,
    QLinearGradient,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPaintEvent,
    QPalette,
    QPen,
)
from PySide6.QtWidgets import QWidget

from gamesearch_gui.core.game import IllegalMoveError, Player
from gamesearch_gui.core.games.pennies import Pennies, PenniesMove
from gamesearch_gui.core.numbers import format_number
from gamesearch_gui.ui.boards.base import BoardWidget
from gamesearch_gui.ui.palette import (
    BOARD_DECIMALS,
    HINT_COLOUR,
    best_moves,
    draw_banner,
    draw_last_move_marker,
    draw_value_label,
    elided,
    mix,
    scaled_font,
    side_colour,
)

#: How the rest of the app names the players: the first player is MAX.
PLAYER_NAMES = ("First player (MAX)", "Second player (MIN)")

_COPPER_LIGHT = QColor("#e3a36a")
_COPPER = QColor("#c27c3e")
_COPPER_DARK = QColor("#87501f")
_COIN_COLOURS = (_COPPER_LIGHT, _COPPER, _COPPER_DARK)
# Dead stacks (one or two pennies) fade, so the eye goes to the stacks still in play.
_DEAD_OPACITY = 0.4
# Largest coin, in pixels: a lone stack of 7 should look like coins, not like dinner plates.
_MAX_COIN_WIDTH = 110.0
_MAX_COIN_STEP = 26.0
# A column never gets wider than this many coin widths, so a few stacks stay together.
_MAX_COLUMN_COINS = 2.3


@dataclass(frozen=True)
class _Layout:
    """Where everything goes at the widget's current size (recomputed on every use)."""

    font_px: float
    header: QRectF
    footer: QRectF
    table: QRectF  # the area the stacks stand in; its bottom is the table top
    columns: tuple[QRectF, ...]  # one per stack, full height: what a click on a stack hits
    coin_width: float
    step: float  # the height of one coin in the stack
    face: float  # the height of a coin's top face (an ellipse)

    @property
    def base_y(self) -> float:
        """The bottom edge of the lowest coin's side: its rim then just touches the table."""
        return self.table.bottom() - self.face / 2

    def centre_x(self, index: int) -> float:
        return self.columns[index].center().x()

    def gap_y(self, coins_below: int) -> float:
        """The height between coin ``coins_below`` and the next, counted from the table."""
        return self.base_y - coins_below * self.step


class PenniesBoard(BoardWidget):
    """Grundy's game: stacks of coins, split by a click on a stack and one on a marker."""

    KEYS = (
        "Left and Right choose a stack, Up and Down a split, Enter plays it, Esc takes the "
        "choice back"
    )

    def __init__(self, game: Pennies | None = None, parent: QWidget | None = None) -> None:
        super().__init__(game if game is not None else Pennies(), parent)
        self._selected: int | None = None  # index of the chosen stack in state[0]
        self._chosen_split: int | None = None  # keyboard choice, index in the stack's splits
        self._hover_stack: int | None = None
        self._hover_move: PenniesMove | None = None
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMinimumSize(160, 120)

    # -- the contract with the main window ---------------------------------------------

    def set_state(self, state: Any, last_move: Any = None) -> None:
        """Draw ``state``; the two stacks ``last_move`` made are marked."""
        self._forget_selection()
        self._hover_stack = None
        self._hover_move = None
        super().set_state(state, last_move)

    def set_interactive(self, interactive: bool) -> None:
        """Whether clicks may choose moves now; a selection is dropped when they may not."""
        if not interactive:
            self._forget_selection()
        super().set_interactive(interactive)

    def click_targets(self, move: Any) -> list[tuple[QWidget, QPoint]]:
        """A click on the stack, then one on the marker of the split ``move``."""
        if move not in self._legal_moves():
            raise IllegalMoveError(f"{move!r} is not a legal split here")
        size, larger = move
        index = self._stacks().index(size)
        on_marker = QPointF(self._layout().centre_x(index), self._layout().gap_y(larger))
        return [(self, self.stack_point(index)), (self, on_marker.toPoint())]

    def stack_point(self, index: int) -> QPoint:
        """Where a click selects the stack at ``index`` of the state's stacks."""
        layout = self._layout()
        # The bottom coin: no marker sits that low (the larger part has two coins or more).
        return QPointF(layout.centre_x(index), layout.base_y - layout.step / 2).toPoint()

    # -- Qt -----------------------------------------------------------------------------

    def sizeHint(self) -> QSize:
        return QSize(520, 400)

    def minimumSizeHint(self) -> QSize:
        return QSize(160, 120)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            super().mousePressEvent(event)
            return
        event.accept()
        layout = self._layout()
        point = event.position()
        move = self._marker_at(layout, point)
        index = self._stack_at(layout, point) if move is None else None
        if move is None and index is None:
            self._forget_selection()  # a click beside every stack lets go
            self.update()
            return
        if self._cannot_play():
            return
        if move is not None:
            self._play(move)
            return
        assert index is not None
        size = self._stacks()[index]
        if size < 3:
            self._forget_selection()
            self.update()
            self.refused.emit(f"A stack of {size} cannot be split into two unequal stacks")
            return
        if index != self._selected:
            self._selected = index
            self._chosen_split = None
        self.update()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        layout = self._layout()
        point = event.position()
        hover_move = self._marker_at(layout, point)
        hover_stack = None if hover_move is not None else self._stack_at(layout, point)
        if (hover_move, hover_stack) != (self._hover_move, self._hover_stack):
            self._hover_move, self._hover_stack = hover_move, hover_stack
            self.update()
        super().mouseMoveEvent(event)

    def leaveEvent(self, event: Any) -> None:
        self._hover_move = self._hover_stack = None
        self.update()
        super().leaveEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        keys = Qt.Key
        if key not in (
            keys.Key_Left,
            keys.Key_Right,
            keys.Key_Up,
            keys.Key_Down,
            keys.Key_Return,
            keys.Key_Enter,
            keys.Key_Escape,
        ):
            super().keyPressEvent(event)
            return
        event.accept()
        if key == keys.Key_Escape:
            self._forget_selection()
        elif key in (keys.Key_Return, keys.Key_Enter):
            splits = self._selected_splits()
            if self._cannot_play():
                return
            if self._chosen_split is None or not splits:
                self.refused.emit("Choose a stack with Left/Right and a split with Up/Down")
                return
            self._play(splits[self._chosen_split])
            return
        elif not self.interactive or self.game.is_terminal(self.state):
            return  # nothing to choose, so nothing to point at
        elif key in (keys.Key_Left, keys.Key_Right):
            self._step_stack(1 if key == keys.Key_Right else -1)
        else:
            self._step_split(1 if key == keys.Key_Up else -1)
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        palette = self.palette()
        painter.fillRect(self.rect(), palette.color(QPalette.ColorRole.Window))
        layout = self._layout()
        stacks = self._stacks()
        if not stacks:
            painter.end()
            return
        over = self.game.is_terminal(self.state)
        self._paint_header(painter, layout, over)
        self._paint_table(painter, layout)
        last = self._last_split_indices()
        values = self._stack_values()
        best_stacks = best_moves(values, self._mover()) if values else frozenset()
        hint_index = self._hint_index()
        for index, size in enumerate(stacks):
            column = self._stack_box(layout, index)
            hovered = index == self._hover_stack and self.interactive and size >= 3 and not over
            if index == self._selected or hovered:
                tint = palette.color(QPalette.ColorRole.Highlight)
                tint.setAlphaF(0.18 if index == self._selected else 0.08)
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(tint)
                painter.drawRoundedRect(column, 8, 8)
            if index in last:
                draw_last_move_marker(painter, column, self._last_mover_colour(), 8)
            if index == hint_index:
                _draw_hint_outline(painter, column.adjusted(-2, -2, 2, 2), 9)
            self._paint_stack(painter, layout, index, size)
            self._paint_size_label(painter, layout, index, size)
            if size in values:
                self._paint_stack_value(painter, layout, index, size, values, best_stacks)
        if self._selected is not None:
            self._paint_markers(painter, layout, self._selected)
        if hint_index is not None and hint_index != self._selected:
            self._paint_markers(painter, layout, hint_index, only=self.hint)
        self._paint_footer(painter, layout)
        if over:
            self._paint_game_over(painter, layout)
        painter.end()

    # -- reading the state --------------------------------------------------------------

    def _stacks(self) -> tuple[int, ...]:
        stacks = self.state[0]
        return tuple(stacks)

    def _mover(self) -> Player:
        return Player.MAX if self.state[1] == 0 else Player.MIN

    def _legal_moves(self) -> list[PenniesMove]:
        if self.game.is_terminal(self.state):
            return []
        return list(self.game.actions(self.state))

    def _splits_of(self, size: int) -> list[PenniesMove]:
        """The legal splits of a stack of ``size``, lowest marker first."""
        return [(size, larger) for larger in range(size // 2 + 1, size)]

    def _selected_splits(self) -> list[PenniesMove]:
        if self._selected is None:
            return []
        return self._splits_of(self._stacks()[self._selected])

    def _scale_size(self) -> int:
        """The tallest stack the coins are sized for: stable through a game."""
        tallest = max(self._stacks(), default=1)
        if isinstance(self.game, Pennies):
            tallest = max(tallest, *self.game.start)
        return max(tallest, 3)

    def _last_split_indices(self) -> set[int]:
        """The two stacks the last split made (the first of each size when sizes repeat)."""
        move = self.last_move
        if not (isinstance(move, tuple) and len(move) == 2):
            return set()
        size, larger = move
        stacks = self._stacks()
        found: set[int] = set()
        for part in (larger, size - larger):
            for index, stack in enumerate(stacks):
                if stack == part and index not in found:
                    found.add(index)
                    break
            else:
                return set()  # not the position this move led to: mark nothing
        return found

    def _hint_index(self) -> int | None:
        hint = self.hint
        if not (isinstance(hint, tuple) and len(hint) == 2) or hint not in self._legal_moves():
            return None
        if self._selected is not None and self._stacks()[self._selected] == hint[0]:
            return self._selected
        return self._stacks().index(hint[0])

    def _stack_values(self) -> dict[int, float]:
        """The best value among each stack size's splits, for the player to move."""
        by_size: dict[int, list[float]] = {}
        for move, value in self.move_values.items():
            if isinstance(move, tuple) and len(move) == 2:
                by_size.setdefault(move[0], []).append(value)
        pick = max if self._mover() is Player.MAX else min
        return {size: pick(values) for size, values in by_size.items()}

    def _last_mover_colour(self) -> QColor:
        return side_colour(Player.MIN if self.state[1] == 0 else Player.MAX)

    # -- choosing -----------------------------------------------------------------------

    def _cannot_play(self) -> bool:
        """True, having said why, when no move may be chosen now."""
        if self.game.is_terminal(self.state):
            self.refused.emit("The game is over")
        elif not self.interactive:
            self.refused.emit("Not your turn")
        else:
            return False
        return True

    def _play(self, move: PenniesMove) -> None:
        self._forget_selection()
        self.update()
        self.moveChosen.emit(move)

    def _forget_selection(self) -> None:
        self._selected = None
        self._chosen_split = None

    def _step_stack(self, step: int) -> None:
        live = [index for index, size in enumerate(self._stacks()) if size >= 3]
        if not live:
            return
        if self._selected not in live:
            self._selected = live[0] if step > 0 else live[-1]
        else:
            position = live.index(self._selected)
            self._selected = live[(position + step) % len(live)]
        self._chosen_split = None

    def _step_split(self, step: int) -> None:
        if self._selected is None:
            self._step_stack(1)
        splits = self._selected_splits()
        if not splits:
            return
        if self._chosen_split is None:
            self._chosen_split = 0 if step > 0 else len(splits) - 1
        else:
            self._chosen_split = max(0, min(len(splits) - 1, self._chosen_split + step))

    # -- geometry -----------------------------------------------------------------------

    def _layout(self) -> _Layout:
        width, height = float(max(self.width(), 1)), float(max(self.height(), 1))
        font_px = max(9.0, min(14.0, width / 40, height / 24))
        margin = max(4.0, min(width, height) * 0.025)
        header = QRectF(margin, margin, width - 2 * margin, font_px * 3.0)
        footer = QRectF(margin, height - margin - font_px * 1.7, width - 2 * margin, font_px * 1.7)
        labels = font_px * 1.6  # the stack sizes under the table line
        values = font_px * 1.8  # a value label above the tallest stack
        room = max(footer.top() - labels - header.bottom() - values, 8.0)
        stacks = self._stacks()
        count = max(len(stacks), 1)
        column_width = (width - 2 * margin) / count
        coin_width = max(3.0, min(column_width * 0.7, _MAX_COIN_WIDTH, width * 0.3))
        column_width = min(column_width, coin_width * _MAX_COLUMN_COINS)
        tallest = self._scale_size()
        # Room for the tallest stack, its face, and the lift of a previewed split (_lift).
        step = min(room / (tallest + 3.0), coin_width * 0.42, _MAX_COIN_STEP)
        step = max(step, 0.5)
        face = min(max(step * 1.4, 2.0), coin_width * 0.45)
        # The scene (tallest stack, its value label, the sizes) sits in the middle of the
        # free height, and stays put through a game because ``tallest`` does.
        scene = values + tallest * step + face + max(face + step * 0.4, 4.0)
        spare = max(room + values - scene, 0.0)
        top = header.bottom() + spare / 2
        table = QRectF(margin, top, width - 2 * margin, scene)
        left = table.center().x() - column_width * count / 2
        columns = tuple(
            QRectF(left + i * column_width, header.bottom(), column_width, height - header.bottom())
            for i in range(count)
        )
        return _Layout(font_px, header, footer, table, columns, coin_width, step, face)

    def _stack_box(self, layout: _Layout, index: int) -> QRectF:
        """The rounded box behind a stack: its coins, its size label and its value label."""
        size = self._stacks()[index]
        column = layout.columns[index]
        pad = min(column.width() * 0.12, layout.coin_width * 0.22)
        top = layout.gap_y(size) - layout.face / 2 - layout.font_px * 1.6
        if self._lifted_above(index) is not None:
            top -= _lift(layout)
        bottom = layout.table.bottom() + layout.font_px * 1.5
        return QRectF(column.left() + pad, top, column.width() - 2 * pad, bottom - top)

    def _stack_at(self, layout: _Layout, point: QPointF) -> int | None:
        for index, column in enumerate(layout.columns[: len(self._stacks())]):
            if column.contains(point) and point.y() <= layout.table.bottom() + layout.font_px * 1.6:
                return index
        return None

    def _marker_at(self, layout: _Layout, point: QPointF) -> PenniesMove | None:
        """The split of the selected stack whose marker is nearest ``point``, if it is near."""
        if self._selected is None:
            return None
        splits = self._selected_splits()
        left, right = self._marker_span(layout, self._selected, splits)
        if not left <= point.x() <= right:
            return None
        reach = max(layout.step / 2, 4.0)
        nearest: tuple[float, PenniesMove] | None = None
        for move in splits:
            distance = abs(point.y() - layout.gap_y(move[1]))
            if distance <= reach and (nearest is None or distance < nearest[0]):
                nearest = (distance, move)
        return None if nearest is None else nearest[1]

    def _marker_span(
        self, layout: _Layout, index: int, splits: list[PenniesMove]
    ) -> tuple[float, float]:
        """The horizontal extent of a stack's markers: its column, and its labels beside it."""
        column = layout.columns[index]
        left, right = column.left(), column.right()
        if self._labels_fit(layout):
            for move in splits:
                pill = self._marker_pill(layout, index, move)
                left, right = min(left, pill.left()), max(right, pill.right())
        return left, right

    def _labels_fit(self, layout: _Layout) -> bool:
        """Whether a label fits between two neighbouring markers."""
        return layout.step >= self._marker_font_px(layout) * 1.25

    def _marker_font_px(self, layout: _Layout) -> float:
        return max(layout.font_px * 0.85, 8.0)

    def _marker_text(self, move: PenniesMove) -> str:
        size, larger = move
        text = f"{larger} + {size - larger}"
        if move in self.move_values:
            text += "   " + format_number(self.move_values[move], BOARD_DECIMALS)
        return text

    def _marker_pill(self, layout: _Layout, index: int, move: PenniesMove) -> QRectF:
        """Where a split's label goes: beside the stack, right of it unless it would not fit."""
        font = scaled_font(self.font(), self._marker_font_px(layout), bold=True)
        metrics = QFontMetricsF(font)
        width = metrics.horizontalAdvance(self._marker_text(move)) + metrics.height() * 1.2
        height = min(metrics.height() * 1.3, max(layout.step, metrics.height() * 1.05))
        centre_x = layout.centre_x(index)
        gap = layout.coin_width / 2 + max(4.0, layout.font_px * 0.4)
        left = centre_x + gap
        if left + width > self.width() - 2 and centre_x - gap - width >= 2:
            left = centre_x - gap - width
        return QRectF(left, layout.gap_y(move[1]) - height / 2, width, height)

    # -- painting -----------------------------------------------------------------------

    def _paint_header(self, painter: QPainter, layout: _Layout, over: bool) -> None:
        palette = self.palette()
        rect = layout.header
        if over:
            title = "Game over"
            rest = ""
        else:
            title = f"{PLAYER_NAMES[self.state[1]]} to move"
            if not self.interactive:
                rest = ""
            elif self._selected is not None:
                size = self._stacks()[self._selected]
                rest = f"Split the stack of {size}: click a marker"
            else:
                rest = "Click a stack of 3 or more to split it"
        title_rect = QRectF(rect.left(), rect.top(), rect.width(), rect.height() * 0.55)
        rest_rect = QRectF(rect.left(), title_rect.bottom(), rect.width(), rect.height() * 0.45)
        flags = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
        bold = scaled_font(self.font(), layout.font_px * 1.15, bold=True)
        painter.setFont(bold)
        if over:
            painter.setPen(palette.color(QPalette.ColorRole.WindowText))
        else:
            painter.setPen(side_colour(self._mover()))
        painter.drawText(title_rect, flags, elided(title, bold, rect.width()))
        if rest:
            plain = scaled_font(self.font(), layout.font_px)
            painter.setFont(plain)
            painter.setPen(palette.color(QPalette.ColorRole.WindowText))
            painter.drawText(rest_rect, flags, elided(rest, plain, rect.width()))

    def _paint_table(self, painter: QPainter, layout: _Layout) -> None:
        colour = self.palette().color(QPalette.ColorRole.Mid)
        painter.setPen(QPen(colour, max(1.0, layout.font_px * 0.12)))
        first, last = layout.columns[0], layout.columns[len(self._stacks()) - 1]
        y = layout.table.bottom()
        painter.drawLine(QPointF(first.left() + 2, y), QPointF(last.right() - 2, y))

    def _lifted_above(self, index: int) -> int | None:
        """Coins above this many are drawn lifted: a preview of the split under the pointer."""
        if index != self._selected:
            return None
        if self._hover_move is not None:
            return self._hover_move[1]
        splits = self._selected_splits()
        if self._chosen_split is not None and splits:
            return splits[self._chosen_split][1]
        return None

    def _paint_stack(self, painter: QPainter, layout: _Layout, index: int, size: int) -> None:
        left = layout.centre_x(index) - layout.coin_width / 2
        if size < 3:
            # Faded by mixing with the background, not by opacity: translucent coins
            # would show the hidden edges of the coins beneath them.
            background = self.palette().color(QPalette.ColorRole.Window)
            light, copper, dark = (mix(c, background, _DEAD_OPACITY) for c in _COIN_COLOURS)
            colours = (light, copper, dark)
        else:
            colours = _COIN_COLOURS
        split_at = self._lifted_above(index)
        if split_at is None:
            self._paint_coins(painter, layout, left, layout.base_y, size, colours)
        else:
            self._paint_coins(painter, layout, left, layout.base_y, split_at, colours)
            bottom = layout.gap_y(split_at) - _lift(layout)
            self._paint_coins(painter, layout, left, bottom, size - split_at, colours)

    def _paint_coins(
        self,
        painter: QPainter,
        layout: _Layout,
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

    def _paint_size_label(self, painter: QPainter, layout: _Layout, index: int, size: int) -> None:
        column = layout.columns[index]
        px = min(layout.font_px, column.width() * 0.55)
        if px < 6:
            return
        rect = QRectF(
            column.left(), layout.table.bottom() + 2, column.width(), layout.font_px * 1.5
        )
        colour = self.palette().color(QPalette.ColorRole.WindowText)
        if size < 3:
            colour.setAlphaF(0.5)
        painter.setFont(scaled_font(self.font(), px, bold=index == self._selected))
        painter.setPen(colour)
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, str(size))

    def _paint_stack_value(
        self,
        painter: QPainter,
        layout: _Layout,
        index: int,
        size: int,
        values: dict[int, float],
        best: frozenset[int],
    ) -> None:
        column = layout.columns[index]
        bottom = layout.gap_y(size) - layout.face / 2 - 2
        if self._lifted_above(index) is not None:
            bottom -= _lift(layout)
        height = layout.font_px * 1.6
        rect = QRectF(column.left(), bottom - height, column.width(), height)
        draw_value_label(
            painter,
            rect,
            format_number(values[size], BOARD_DECIMALS),
            self.palette(),
            emphasised=size in best,
        )

    def _paint_markers(
        self, painter: QPainter, layout: _Layout, index: int, only: Any = None
    ) -> None:
        """The split markers of one stack (or only the hinted one, on a stack not selected)."""
        palette = self.palette()
        size = self._stacks()[index]
        splits = [m for m in self._splits_of(size) if only is None or m == only]
        active = self._lifted_above(index)
        best = best_moves({m: v for m, v in self.move_values.items() if m in splits}, self._mover())
        fits = self._labels_fit(layout)
        half = layout.coin_width / 2 + 3
        centre_x = layout.centre_x(index)
        for move in splits:
            y = layout.gap_y(move[1])
            hinted = move == self.hint
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
        self, painter: QPainter, layout: _Layout, centre_x: float, y: float, colour: QColor
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
        layout: _Layout,
        index: int,
        move: PenniesMove,
        colour: QColor,
        strong: bool,
    ) -> None:
        palette = self.palette()
        pill = self._marker_pill(layout, index, move)
        painter.save()
        painter.setPen(QPen(colour, 2.0 if strong else 1.0))
        painter.setBrush(palette.color(QPalette.ColorRole.Base))
        painter.drawRoundedRect(pill, pill.height() / 2, pill.height() / 2)
        painter.setFont(scaled_font(self.font(), self._marker_font_px(layout), bold=strong))
        painter.setPen(palette.color(QPalette.ColorRole.Text))
        painter.drawText(pill, Qt.AlignmentFlag.AlignCenter, self._marker_text(move))
        painter.restore()

    def _paint_footer(self, painter: QPainter, layout: _Layout) -> None:
        palette = self.palette()
        move = self.last_move
        if isinstance(move, tuple) and len(move) == 2 and self._last_split_indices():
            size, larger = move
            mover = 1 - self.state[1]
            text = f"Last move: {size} = {larger} + {size - larger}, by {PLAYER_NAMES[mover]}"
            colour = side_colour(Player.MAX if mover == 0 else Player.MIN)
            bold = True
        else:
            text = "Split a stack into two unequal stacks. Whoever cannot split loses."
            colour = palette.color(QPalette.ColorRole.WindowText)
            colour.setAlphaF(0.7)
            bold = False
        font = scaled_font(self.font(), layout.font_px, bold=bold)
        painter.setFont(font)
        painter.setPen(colour)
        painter.drawText(
            layout.footer,
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            elided(text, font, layout.footer.width()),
        )

    def _paint_game_over(self, painter: QPainter, layout: _Layout) -> None:
        winner = 1 - self.state[1]  # the player to move is stuck, and loses
        text = f"No stack can be split: {PLAYER_NAMES[winner]} wins"
        accent = side_colour(Player.MAX if winner == 0 else Player.MIN)
        painter.setFont(self.font())
        draw_banner(painter, layout.table, text, self.palette(), accent, position=0.3)


def _lift(layout: _Layout) -> float:
    """How far the part above a previewed split is lifted: enough to show a gap."""
    return max(layout.face + layout.step * 0.4, 4.0)


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
