"""The pennies board: stacks drawn as coins; choose a stack, then where to split it.

A click on a stack of three or more selects it, and markers appear at the heights where
it can be split into two unequal parts (the larger part stays below the marker, the
smaller is lifted off above it). A click on a marker plays that split. Keyboard: Left and
Right choose a stack, Up and Down a split, Enter plays it, Escape lets go.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPoint
from PySide6.QtCore import QPointF
from PySide6.QtCore import QRectF
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtGui import QFontMetricsF
from PySide6.QtGui import QKeyEvent
from PySide6.QtGui import QMouseEvent
from PySide6.QtGui import QPaintEvent
from PySide6.QtWidgets import QWidget

from gamesearch_gui.core.game import IllegalMoveError
from gamesearch_gui.core.game import Player
from gamesearch_gui.core.games.pennies import Pennies
from gamesearch_gui.core.games.pennies import PenniesMove
from gamesearch_gui.core.numbers import format_number
from gamesearch_gui.ui.boards.base import BoardWidget
from gamesearch_gui.ui.boards.pennies_layout import PenniesLayout
from gamesearch_gui.ui.boards.pennies_layout import labels_fit
from gamesearch_gui.ui.boards.pennies_layout import lay_out
from gamesearch_gui.ui.boards.pennies_layout import marker_font_px
from gamesearch_gui.ui.boards.pennies_painter import PenniesPainter
from gamesearch_gui.ui.palette import BOARD_DECIMALS
from gamesearch_gui.ui.palette import scaled_font
from gamesearch_gui.ui.palette import side_colour


class PenniesBoard(BoardWidget):
    """Grundy's game: stacks of coins, split by a click on a stack and one on a marker."""

    SIZE_HINT = (520, 400)
    MINIMUM_SIZE = (160, 120)

    KEYS = (
        "Left and Right choose a stack, Up and Down a split, Enter plays it, Esc takes the "
        "choice back"
    )
    ACCESSIBLE_NAME = "Pennies board"

    def __init__(self, game: Pennies | None = None, parent: QWidget | None = None) -> None:
        super().__init__(game if game is not None else Pennies(), parent)
        self.selected: int | None = None  # index of the chosen stack in state[0]
        self._chosen_split: int | None = None  # keyboard choice, index in the stack's splits
        self.hover_stack: int | None = None
        self._hover_move: PenniesMove | None = None
        self.setMinimumSize(160, 120)
        self._painter = PenniesPainter(self)

    # -- the contract with the main window ---------------------------------------------

    def set_state(self, state: Any, last_move: Any = None) -> None:
        """Draw ``state``; the two stacks ``last_move`` made are marked."""
        self.hover_stack = None
        self._hover_move = None
        super().set_state(state, last_move)

    def click_targets(self, move: Any) -> list[tuple[QWidget, QPoint]]:
        """A click on the stack, then one on the marker of the split ``move``."""
        if move not in self._legal_moves():
            raise IllegalMoveError(f"{move!r} is not a legal split here")
        size, larger = move
        index = self.stacks().index(size)
        on_marker = QPointF(self._layout().centre_x(index), self._layout().gap_y(larger))
        return [(self, self.stack_point(index)), (self, on_marker.toPoint())]

    def stack_point(self, index: int) -> QPoint:
        """Where a click selects the stack at ``index`` of the state's stacks."""
        layout = self._layout()
        # The bottom coin: no marker sits that low (the larger part has two coins or more).
        return QPointF(layout.centre_x(index), layout.base_y - layout.step / 2).toPoint()

    # -- Qt -----------------------------------------------------------------------------

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
            self._drop_choice()  # a click beside every stack lets go
            self.update()
            return
        if self._cannot_play():
            return
        if move is not None:
            self._play(move)
            return
        assert index is not None
        size = self.stacks()[index]
        if size < 3:
            self._drop_choice()
            self.update()
            self.refused.emit(f"A stack of {size} cannot be split into two unequal stacks")
            return
        if index != self.selected:
            self.selected = index
            self._chosen_split = None
        self.update()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        layout = self._layout()
        point = event.position()
        hover_move = self._marker_at(layout, point)
        hover_stack = None if hover_move is not None else self._stack_at(layout, point)
        if (hover_move, hover_stack) != (self._hover_move, self.hover_stack):
            self._hover_move, self.hover_stack = hover_move, hover_stack
            self.update()
        super().mouseMoveEvent(event)

    def leaveEvent(self, event: Any) -> None:
        self._hover_move = self.hover_stack = None
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
            self._drop_choice()
        elif key in (keys.Key_Return, keys.Key_Enter):
            splits = self.selected_splits()
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
        painter = self._begin_painting()
        self._painter.paint(painter, self._layout())
        painter.end()

    # -- reading the state (the painter reads these too) -------------------------------

    def stacks(self) -> tuple[int, ...]:
        """The sizes of the stacks, in the state's order."""
        stacks = self.state[0]
        return tuple(stacks)

    def mover(self) -> Player:
        """The player to move."""
        return Player.MAX if self.state[1] == 0 else Player.MIN

    def _legal_moves(self) -> list[PenniesMove]:
        if self.game.is_terminal(self.state):
            return []
        return list(self.game.actions(self.state))

    def splits_of(self, size: int) -> list[PenniesMove]:
        """The legal splits of a stack of ``size``, lowest marker first."""
        return [(size, larger) for larger in range(size // 2 + 1, size)]

    def selected_splits(self) -> list[PenniesMove]:
        if self.selected is None:
            return []
        return self.splits_of(self.stacks()[self.selected])

    def _scale_size(self) -> int:
        """The tallest stack the coins are sized for: stable through a game."""
        tallest = max(self.stacks(), default=1)
        if isinstance(self.game, Pennies):
            tallest = max(tallest, *self.game.start)
        return max(tallest, 3)

    def last_split_indices(self) -> set[int]:
        """The two stacks the last split made (the first of each size when sizes repeat)."""
        move = self.last_move
        if not (isinstance(move, tuple) and len(move) == 2):
            return set()
        size, larger = move
        stacks = self.stacks()
        found: set[int] = set()
        for part in (larger, size - larger):
            for index, stack in enumerate(stacks):
                if stack == part and index not in found:
                    found.add(index)
                    break
            else:
                return set()  # not the position this move led to: mark nothing
        return found

    def hint_index(self) -> int | None:
        """The stack the hinted split splits (None: no hint, or not a legal one)."""
        hint = self.hint
        if not (isinstance(hint, tuple) and len(hint) == 2) or hint not in self._legal_moves():
            return None
        if self.selected is not None and self.stacks()[self.selected] == hint[0]:
            return self.selected
        return self.stacks().index(hint[0])

    def stack_values(self) -> dict[int, float]:
        """The best value among each stack size's splits, for the player to move."""
        by_size: dict[int, list[float]] = {}
        for move, value in self.move_values.items():
            if isinstance(move, tuple) and len(move) == 2:
                by_size.setdefault(move[0], []).append(value)
        pick = max if self.mover() is Player.MAX else min
        return {size: pick(values) for size, values in by_size.items()}

    def last_mover_colour(self) -> QColor:
        """The colour of the player who made the last move."""
        return side_colour(Player.MIN if self.state[1] == 0 else Player.MAX)

    # -- choosing -----------------------------------------------------------------------

    def _play(self, move: PenniesMove) -> None:
        self._drop_choice()
        self.update()
        self.moveChosen.emit(move)

    def _drop_choice(self) -> None:
        self.selected = None
        self._chosen_split = None

    def _step_stack(self, step: int) -> None:
        live = [index for index, size in enumerate(self.stacks()) if size >= 3]
        if not live:
            return
        if self.selected not in live:
            self.selected = live[0] if step > 0 else live[-1]
        else:
            position = live.index(self.selected)
            self.selected = live[(position + step) % len(live)]
        self._chosen_split = None

    def _step_split(self, step: int) -> None:
        if self.selected is None:
            self._step_stack(1)
        splits = self.selected_splits()
        if not splits:
            return
        if self._chosen_split is None:
            self._chosen_split = 0 if step > 0 else len(splits) - 1
        else:
            self._chosen_split = max(0, min(len(splits) - 1, self._chosen_split + step))

    # -- geometry -----------------------------------------------------------------------

    def _layout(self) -> PenniesLayout:
        return lay_out(self.width(), self.height(), len(self.stacks()), self._scale_size())

    def _stack_at(self, layout: PenniesLayout, point: QPointF) -> int | None:
        for index, column in enumerate(layout.columns[: len(self.stacks())]):
            if column.contains(point) and point.y() <= layout.table.bottom() + layout.font_px * 1.6:
                return index
        return None

    def _marker_at(self, layout: PenniesLayout, point: QPointF) -> PenniesMove | None:
        """The split of the selected stack whose marker is nearest ``point``, if it is near."""
        if self.selected is None:
            return None
        splits = self.selected_splits()
        left, right = self._marker_span(layout, self.selected, splits)
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
        self, layout: PenniesLayout, index: int, splits: list[PenniesMove]
    ) -> tuple[float, float]:
        """The horizontal extent of a stack's markers: its column, and its labels beside it."""
        column = layout.columns[index]
        left, right = column.left(), column.right()
        if labels_fit(layout):
            for move in splits:
                pill = self.marker_pill(layout, index, move)
                left, right = min(left, pill.left()), max(right, pill.right())
        return left, right

    def marker_text(self, move: PenniesMove) -> str:
        """A split's label: the two parts, and its value when a search gave one."""
        size, larger = move
        text = f"{larger} + {size - larger}"
        if move in self.move_values:
            text += "   " + format_number(self.move_values[move], BOARD_DECIMALS)
        return text

    def marker_pill(self, layout: PenniesLayout, index: int, move: PenniesMove) -> QRectF:
        """Where a split's label goes: beside the stack, right of it unless it would not fit."""
        font = scaled_font(self.font(), marker_font_px(layout), bold=True)
        metrics = QFontMetricsF(font)
        width = metrics.horizontalAdvance(self.marker_text(move)) + metrics.height() * 1.2
        height = min(metrics.height() * 1.3, max(layout.step, metrics.height() * 1.05))
        centre_x = layout.centre_x(index)
        gap = layout.coin_width / 2 + max(4.0, layout.font_px * 0.4)
        left = centre_x + gap
        if left + width > self.width() - 2 and centre_x - gap - width >= 2:
            left = centre_x - gap - width
        return QRectF(left, layout.gap_y(move[1]) - height / 2, width, height)

    # -- painting -----------------------------------------------------------------------

    def lifted_above(self, index: int) -> int | None:
        """Coins above this many are drawn lifted: a preview of the split under the pointer."""
        if index != self.selected:
            return None
        if self._hover_move is not None:
            return self._hover_move[1]
        splits = self.selected_splits()
        if self._chosen_split is not None and splits:
            return splits[self._chosen_split][1]
        return None
