"""The three-player Nim board: the seats A, B and C, the pile as counters, Take buttons.

Each seat is a card in its colour that says who plays it (you, a person, or the AI),
whose turn it is and, at the end, each player's payoff. The counters the last move took
stay as dashed outlines in the mover's colour. A person takes 1, 2 or 3 counters with
the Take buttons, the keys 1, 2 and 3, or a click on one of the last three counters
(it and the counters after it are taken; hovering shows which).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any
from typing import ClassVar

from PySide6.QtCore import QPoint
from PySide6.QtCore import QPointF
from PySide6.QtCore import QRectF
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtGui import QFontMetricsF
from PySide6.QtGui import QMouseEvent
from PySide6.QtGui import QPainter
from PySide6.QtGui import QPaintEvent
from PySide6.QtGui import QPalette
from PySide6.QtGui import QPen
from PySide6.QtWidgets import QPushButton
from PySide6.QtWidgets import QWidget

from gamesearch_gui.core.games.nim3 import MAX_TAKE
from gamesearch_gui.core.games.nim3 import ThreePlayerNim
from gamesearch_gui.core.numbers import format_number
from gamesearch_gui.core.search.maxn import vector_text
from gamesearch_gui.ui.boards.buttons import ButtonBoard
from gamesearch_gui.ui.palette import begin_board
from gamesearch_gui.ui.palette import draw_banner
from gamesearch_gui.ui.palette import elided
from gamesearch_gui.ui.palette import mix
from gamesearch_gui.ui.palette import scaled_font
from gamesearch_gui.ui.palette import seat_colour

#: Counters in one row of the pile, at most.
ROW_COUNTERS = 10
#: A counter's diameter, at most, in pixels.
MAX_COUNTER = 64.0
_WOOD = QColor("#d2a35f")
_WOOD_EDGE = QColor("#8a5f28")


@dataclass(frozen=True)
class _Layout:
    """Where everything goes at the widget's current size."""

    font_px: float
    seats: tuple[QRectF, ...]
    status: QRectF
    pile: QRectF
    buttons: QRectF


class Nim3Board(ButtonBoard):
    """Three-player Nim: one pile; take 1, 2 or 3; who takes the last counter wins."""

    SIZE_HINT = (560, 420)
    MINIMUM_SIZE = (260, 220)

    KEYS = "1, 2 or 3 take that many counters"
    BUTTON_KEYS: ClassVar[Mapping[Qt.Key, Any]] = {
        Qt.Key.Key_1: 1,
        Qt.Key.Key_2: 2,
        Qt.Key.Key_3: 3,
    }
    BUTTON_FONT = 1.05
    BUTTON_WIDEST = 4.5

    def __init__(self, game: ThreePlayerNim | None = None, parent: QWidget | None = None) -> None:
        super().__init__(game if game is not None else ThreePlayerNim(), parent)
        players = self.game.players
        self.seat_names: tuple[str, ...] = tuple(players)
        self.humans: tuple[bool, ...] = tuple(i == 0 for i in range(len(players)))
        self._hover: int | None = None  # the move a click on the hovered counter makes
        self.take_buttons: list[QPushButton] = [
            self._add_button(
                take, f"Take {take}", f"Take {take} counter{'s' if take > 1 else ''} ({take})"
            )
            for take in range(1, MAX_TAKE + 1)
        ]
        self.setMinimumSize(260, 220)
        self._refresh_buttons()

    # -- the contract with the main window ---------------------------------------------

    def set_state(self, state: Any, last_move: Any = None) -> None:
        """Draw ``state``; the counters ``last_move`` took are outlined."""
        self._hover = None
        super().set_state(state, last_move)
        self._refresh_buttons()

    def set_seats(self, names: Sequence[str], humans: Sequence[bool]) -> None:
        """Name the seats and say which a person plays (the cards show it)."""
        self.seat_names = tuple(names)
        self.humans = tuple(humans)
        self.update()

    def counter_point(self, move: int) -> QPoint:
        """Where a click on the pile takes ``move`` counters (the counter it starts at)."""
        return self._counter_centre(self.state[0] - move).toPoint()

    # -- Qt -----------------------------------------------------------------------------

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        hover = self._target_at(event.position()) if self.interactive else None
        if hover != self._hover:
            self._hover = hover
            self.setCursor(
                Qt.CursorShape.PointingHandCursor if hover else Qt.CursorShape.ArrowCursor
            )
            self.update()
        super().mouseMoveEvent(event)

    def leaveEvent(self, event: Any) -> None:
        self._hover = None
        self.update()
        super().leaveEvent(event)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = begin_board(self)
        palette = self.palette()
        layout = self._layout()
        payoffs = self.game.terminal_utilities(self.state)
        for seat, rect in enumerate(layout.seats):
            self._paint_seat(painter, layout, seat, rect, payoffs)
        self._paint_status(painter, layout, payoffs)
        self._paint_pile(painter, layout)
        self._draw_button_hint(painter)
        if payoffs is not None:
            winner = max(range(len(payoffs)), key=lambda seat: payoffs[seat])
            wins = "win" if self._is_you(winner) else "wins"
            # Low, under the counters the winner took (their dashed rings stay in sight).
            draw_banner(
                painter,
                layout.pile,
                f"{self._seat_words(winner)} {wins}: took the last counter",
                palette,
                seat_colour(winner),
                position=0.97,
            )
        painter.end()

    # -- reading the state --------------------------------------------------------------

    def _mover(self) -> int:
        return int(self.state[1])

    def _is_you(self, seat: int) -> bool:
        """True when ``seat`` is the one person at the board."""
        return sum(self.humans) == 1 and seat < len(self.humans) and self.humans[seat]

    def _seat_words(self, seat: int) -> str:
        """``You (A)``, ``B (AI)`` or ``C (person)``: a seat as the board names it."""
        name = self.seat_names[seat] if seat < len(self.seat_names) else str(seat)
        if self._is_you(seat):
            return f"You ({name})"
        human = seat < len(self.humans) and self.humans[seat]
        return f"{name} ({'person' if human else 'AI'})"

    def _allowed(self, take: int) -> bool:
        return (
            self.interactive
            and not self.game.is_terminal(self.state)
            and take in self.game.actions(self.state)
        )

    def _not_a_button(self, move: Any) -> str:
        return f"{move!r} is not a move: take 1 to {MAX_TAKE}"

    def _best_buttons(self) -> set[Any]:
        """The moves of the highest value (each value is the mover's own payoff)."""
        values = self.move_values
        best = max(values.values()) if values else None
        return {move for move, value in values.items() if value == best}

    # -- choosing -----------------------------------------------------------------------

    def _target_at(self, pos: QPointF) -> Any:
        """The move a click on the counter at ``pos`` makes: take it and those after it."""
        pile = int(self.state[0])
        for index in range(max(pile - MAX_TAKE, 0), pile):
            centre = self._counter_centre(index)
            radius = self._counter_diameter() / 2
            if math.hypot(pos.x() - centre.x(), pos.y() - centre.y()) <= radius:
                return pile - index
        return None

    def _choose(self, target: Any) -> None:
        if self._allowed(target):
            self.moveChosen.emit(target)
        elif not self._cannot_play():
            self.refused.emit(f"Only {self.state[0]} counters are left: take fewer")

    # -- geometry -----------------------------------------------------------------------

    def _layout(self) -> _Layout:
        width, height = float(max(self.width(), 1)), float(max(self.height(), 1))
        font_px = max(9.0, min(20.0, width / 40, height / 19))
        margin = max(6.0, min(width, height) * 0.03)
        inner = width - 2 * margin
        count = len(self.game.players)
        gap = font_px
        card_width = (inner - gap * (count - 1)) / count
        card_height = font_px * 4.2
        seats = tuple(
            QRectF(margin + i * (card_width + gap), margin, card_width, card_height)
            for i in range(count)
        )
        status = QRectF(margin, margin + card_height + font_px * 0.4, inner, font_px * 2.0)
        button_height = max(font_px * 2.4, 26.0)
        buttons = QRectF(margin, height - margin - button_height, inner, button_height)
        pile_top = status.bottom() + font_px * 0.4
        pile = QRectF(margin, pile_top, inner, max(buttons.top() - font_px * 0.6 - pile_top, 10))
        return _Layout(font_px, seats, status, pile, buttons)

    def _grid(self) -> tuple[int, int]:
        """Columns and rows of the pile's counters (the taken ones included)."""
        total = max(int(self.state[0]) + self._taken(), 1)
        columns = min(ROW_COUNTERS, total)
        return columns, math.ceil(total / columns)

    def _taken(self) -> int:
        """How many counters the last move took (0 when none is known)."""
        move = self.last_move
        return move if isinstance(move, int) and not isinstance(move, bool) else 0

    def _counter_diameter(self) -> float:
        pile = self._layout().pile
        columns, rows = self._grid()
        cell = min(pile.width() / columns, pile.height() / rows, MAX_COUNTER / 0.82)
        return cell * 0.82

    def _counter_centre(self, index: int) -> QPointF:
        """The centre of counter ``index`` (0 is the first; the taken ones come last)."""
        pile = self._layout().pile
        columns, rows = self._grid()
        cell = self._counter_diameter() / 0.82
        left = pile.center().x() - columns * cell / 2
        top = pile.center().y() - rows * cell / 2
        row, column = divmod(index, columns)
        return QPointF(left + (column + 0.5) * cell, top + (row + 0.5) * cell)

    # -- painting -----------------------------------------------------------------------

    def _paint_seat(
        self,
        painter: QPainter,
        layout: _Layout,
        seat: int,
        rect: QRectF,
        payoffs: tuple[float, ...] | None,
    ) -> None:
        palette = self.palette()
        colour = seat_colour(seat)
        window = palette.color(QPalette.ColorRole.Window)
        text = palette.color(QPalette.ColorRole.WindowText)
        to_move = payoffs is None and seat == self._mover()
        won = payoffs is not None and payoffs[seat] == max(payoffs)
        painter.save()
        edge = max(1.5, layout.font_px * (0.22 if to_move or won else 0.08))
        painter.setPen(QPen(colour, edge))
        painter.setBrush(mix(colour, window, 0.16 if to_move or won else 0.05))
        radius = layout.font_px * 0.6
        inner = rect.adjusted(edge / 2, edge / 2, -edge / 2, -edge / 2)
        painter.drawRoundedRect(inner, radius, radius)
        pad = layout.font_px * 0.7
        # A counter in the seat's colour, then the seat's name and who plays it.
        dot = layout.font_px * 1.6
        centre = QPointF(inner.left() + pad + dot / 2, inner.top() + pad + dot / 2)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(colour)
        painter.drawEllipse(centre, dot / 2, dot / 2)
        flags = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
        text_left = inner.left() + pad * 1.6 + dot
        text_width = max(inner.right() - pad - text_left, 1.0)
        name = self.seat_names[seat] if seat < len(self.seat_names) else str(seat)
        human = seat < len(self.humans) and self.humans[seat]
        who = "You" if self._is_you(seat) else "Person" if human else "AI"
        # The name and who plays it on one baseline, centred on the seat's counter.
        name_font = scaled_font(self.font(), layout.font_px * 1.35, bold=True)
        small = scaled_font(self.font(), layout.font_px * 1.1)
        metrics = QFontMetricsF(name_font)
        baseline = centre.y() + (metrics.ascent() - metrics.descent()) / 2
        painter.setPen(text)
        painter.setFont(name_font)
        name = elided(name, name_font, text_width)
        painter.drawText(QPointF(text_left, baseline), name)
        used = metrics.horizontalAdvance(name + " ")
        painter.setFont(small)
        rest = max(text_width - used, 1.0)
        painter.drawText(QPointF(text_left + used, baseline), elided(f"· {who}", small, rest))
        top_line = QRectF(text_left, inner.top() + pad * 0.6, text_width, dot)
        if payoffs is not None:
            state_text = f"payoff {format_number(payoffs[seat])}" + (" · wins" if won else "")
        elif to_move:
            state_text = "▶ to move"
        else:
            state_text = ""
        bold = scaled_font(self.font(), layout.font_px, bold=to_move or won)
        painter.setFont(bold)
        painter.setPen(colour if to_move or won else text)
        bottom_line = QRectF(inner.left() + pad, top_line.bottom(), inner.width() - 2 * pad, dot)
        painter.drawText(bottom_line, flags, elided(state_text, bold, bottom_line.width()))
        painter.restore()

    def _paint_status(
        self, painter: QPainter, layout: _Layout, payoffs: tuple[float, ...] | None
    ) -> None:
        palette = self.palette()
        pile = int(self.state[0])
        names = ", ".join(self.seat_names)
        if payoffs is not None:
            line = f"Result: payoffs ({names}) = {vector_text(payoffs)}"
        else:
            counters = f"{pile} counter{'s' if pile != 1 else ''} left"
            taken = self._taken()
            if taken:  # the dashed rings: say whose they are
                mover = self.seat_names[(self._mover() - 1) % len(self.seat_names)]
                counters = f"{mover} took {taken} (dashed), {counters}"
            line = f"{counters}. Take 1, 2 or 3; whoever takes the last counter wins."
        font = scaled_font(self.font(), layout.font_px * 1.05, bold=payoffs is not None)
        painter.save()
        painter.setFont(font)
        painter.setPen(palette.color(QPalette.ColorRole.WindowText))
        painter.drawText(
            layout.status,
            Qt.AlignmentFlag.AlignCenter,
            elided(line, font, layout.status.width()),
        )
        painter.restore()

    def _paint_pile(self, painter: QPainter, layout: _Layout) -> None:
        pile = int(self.state[0])
        taken = self._taken()
        diameter = self._counter_diameter()
        radius = diameter / 2
        window = self.palette().color(QPalette.ColorRole.Window)
        last_mover = (self._mover() - 1) % len(self.game.players)
        hover = self._hover or 0
        painter.save()
        for index in range(pile + taken):
            centre = self._counter_centre(index)
            if index >= pile:  # taken by the last move: a dashed outline in its colour
                pen = QPen(seat_colour(last_mover), max(1.5, diameter * 0.06))
                pen.setStyle(Qt.PenStyle.DashLine)
                painter.setPen(pen)
                painter.setBrush(mix(seat_colour(last_mover), window, 0.12))
                painter.drawEllipse(centre, radius * 0.92, radius * 0.92)
                continue
            picked = index >= pile - hover
            painter.setPen(QPen(_WOOD_EDGE, max(1.0, diameter * 0.05)))
            painter.setBrush(mix(_WOOD, window, 0.55) if picked else _WOOD)
            painter.drawEllipse(centre, radius, radius)
            painter.setPen(QPen(mix(_WOOD_EDGE, _WOOD, 0.5), max(1.0, diameter * 0.03)))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(centre, radius * 0.62, radius * 0.62)
            if picked:
                pen = QPen(seat_colour(self._mover()), max(2.0, diameter * 0.08))
                painter.setPen(pen)
                painter.drawEllipse(centre, radius * 1.02, radius * 1.02)
        painter.restore()
