"""The Pig board: the die, both banked scores, the turn total, and Roll and Hold buttons.

A new die face tumbles for a moment before it settles (the state is already final; the
tumble only lets a person see that a roll happened, one roll at a time). Keyboard: R
rolls, H holds.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any
from typing import ClassVar

from PySide6.QtCore import QPointF
from PySide6.QtCore import QRectF
from PySide6.QtCore import Qt
from PySide6.QtCore import QTimer
from PySide6.QtGui import QColor
from PySide6.QtGui import QFontMetricsF
from PySide6.QtGui import QPainter
from PySide6.QtGui import QPaintEvent
from PySide6.QtGui import QPalette
from PySide6.QtGui import QPen
from PySide6.QtWidgets import QWidget

from gamesearch_gui.core.game import Player
from gamesearch_gui.core.games.pig import DECIDING
from gamesearch_gui.core.games.pig import HOLD
from gamesearch_gui.core.games.pig import ROLL
from gamesearch_gui.core.games.pig import ROLLING
from gamesearch_gui.core.games.pig import Pig
from gamesearch_gui.ui.boards.base import PLAYER_NAMES
from gamesearch_gui.ui.boards.buttons import ButtonBoard
from gamesearch_gui.ui.palette import begin_board
from gamesearch_gui.ui.palette import draw_banner
from gamesearch_gui.ui.palette import elided
from gamesearch_gui.ui.palette import is_dark
from gamesearch_gui.ui.palette import mix
from gamesearch_gui.ui.palette import scaled_font
from gamesearch_gui.ui.palette import side_colour

#: The tumble: this many random faces, this far apart (about 300 ms in all).
TUMBLE_FRAMES = 6
TUMBLE_INTERVAL_MS = 50

_PLAYERS = (Player.MAX, Player.MIN)
# Pip positions on a 3 x 3 grid (column, row), per face.
_PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)),
}
_LOST = QColor("#d9822b")  # a roll of 1: an alarm, but neither side's colour


@dataclass(frozen=True)
class _Layout:
    """Where everything goes at the widget's current size (recomputed on every use)."""

    font_px: float
    header: QRectF
    bars: tuple[QRectF, QRectF]  # one row per player: name, bar, score
    die: QRectF
    info: QRectF  # beside the die: the turn total and what just happened
    buttons: QRectF


class PigBoard(ButtonBoard):
    """Pig: roll as often as you like, but a 1 loses the turn total."""

    SIZE_HINT = (520, 400)
    MINIMUM_SIZE = (220, 180)

    KEYS = "R rolls, H holds"
    BUTTON_KEYS: ClassVar[Mapping[Qt.Key, Any]] = {Qt.Key.Key_R: ROLL, Qt.Key.Key_H: HOLD}
    BUTTON_FONT = 1.1

    def __init__(self, game: Pig | None = None, parent: QWidget | None = None) -> None:
        super().__init__(game if game is not None else Pig(), parent)
        self._face: int | None = None  # the die's last face, kept while no new roll comes
        self._fresh = False  # whether that face is the roll that led to this state
        self._event = ""  # what the last move did, in words
        self._event_colour: QColor | None = None
        self._tumble_face: int | None = None
        self._tumble_angle = 0.0
        self._tumbles_left = 0
        self._random = random.Random()
        self._timer = QTimer(self)
        self._timer.setInterval(TUMBLE_INTERVAL_MS)
        self._timer.timeout.connect(self._tumble)
        self.roll_button = self._add_button(
            ROLL, "Roll", "Roll the die again (R). A 1 loses the turn total."
        )
        self.hold_button = self._add_button(
            HOLD, "Hold", "Bank the turn total and pass the die (H)."
        )
        self.setMinimumSize(220, 180)
        self._refresh_buttons()

    # -- the contract with the main window ---------------------------------------------

    def set_state(self, state: Any, last_move: Any = None) -> None:
        """Draw ``state``; a die face as ``last_move`` tumbles, then shows what it did."""
        previous = self.state
        follows = self._follows(previous, last_move, state)
        self._stop_tumble()
        self._fresh = _is_face(last_move)
        if self._fresh:
            self._face = last_move
        elif not follows:
            # A jump (a new game, an undo, a node of the tree): the old face means nothing.
            self._face = None
        super().set_state(state, last_move)
        self._describe(previous, last_move, follows)
        if self._fresh:
            self._start_tumble()

    @property
    def tumbling(self) -> bool:
        """Whether the die is still tumbling (purely visual; the state is already final)."""
        return self._timer.isActive()

    # -- Qt -----------------------------------------------------------------------------

    def _key_pressed(self, move: Any) -> None:
        if self._allowed(move):
            self._choose(move)
        elif not self._cannot_play():
            self.refused.emit(f"You cannot {move} now: the die is about to be rolled")

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = begin_board(self)
        palette = self.palette()
        layout = self._layout()
        over = self.game.is_terminal(self.state)
        self._paint_header(painter, layout, over)
        for player in (0, 1):
            self._paint_score(painter, layout, player)
        self._paint_die(painter, layout.die)
        self._paint_info(painter, layout, over)
        self._draw_button_hint(painter)
        if over:
            winner = 0 if self.state[0] >= self._target() else 1
            middle = QRectF(
                layout.header.left(),
                layout.info.top(),
                layout.header.width(),
                layout.info.height(),
            )
            # High in the middle, so the words about the winning hold stay readable below.
            draw_banner(
                painter,
                middle,
                f"{PLAYER_NAMES[winner]} wins",
                palette,
                side_colour(_PLAYERS[winner]),
                position=0.22,
            )
        painter.end()

    # -- reading the state --------------------------------------------------------------

    def _target(self) -> int:
        return self.game.target if isinstance(self.game, Pig) else 100

    def _deciding(self) -> bool:
        return not self.game.is_terminal(self.state) and self.state[4] == DECIDING

    def _allowed(self, move: str) -> bool:
        """Whether a person may choose ``move`` now."""
        return self.interactive and self._deciding() and move in self.game.actions(self.state)

    def _follows(self, previous: Any, move: Any, state: Any) -> bool:
        """Whether ``move`` at ``previous`` led to ``state`` (so its numbers count)."""
        game = self.game
        if not (isinstance(previous, tuple) and len(previous) == 5):
            return False
        if game.is_terminal(previous):
            return False
        phase = previous[4]
        if phase == ROLLING and not _is_face(move):
            return False
        if phase == DECIDING and move not in (ROLL, HOLD):
            return False
        return bool(game.result(previous, move) == state)

    def _describe(self, previous: Any, move: Any, known: bool) -> None:
        """Put what ``move`` did into words, for the line beside the die."""
        state = self.state
        self._event_colour = None
        if _is_face(move):
            roller = previous[3] if known else (1 - state[3] if move == 1 else state[3])
            who = PLAYER_NAMES[roller]
            if move == 1:
                lost = previous[2] if known else 0
                self._event = f"{who} rolled 1: turn total lost" + (
                    f" ({lost} points)" if lost else ""
                )
                self._event_colour = QColor(_LOST)
            else:
                self._event = f"{who} rolled {move}"
        elif move == HOLD:
            holder = 1 - state[3]
            banked = f"+{previous[2]}" if known else "the turn total"
            self._event = f"{PLAYER_NAMES[holder]} held: {banked} banked"
            self._event_colour = side_colour(_PLAYERS[holder])
        elif move == ROLL:
            self._event = f"{PLAYER_NAMES[state[3]]} rolls again"
        else:
            self._event = ""

    # -- choosing -----------------------------------------------------------------------

    def _not_a_button(self, move: Any) -> str:
        return f"{move!r} is not a decision; Pig's are roll and hold"

    def _choose(self, move: str) -> None:
        if self._allowed(move):
            self.moveChosen.emit(move)

    # -- the tumble ---------------------------------------------------------------------

    def _start_tumble(self) -> None:
        self._tumbles_left = TUMBLE_FRAMES
        self._tumble()
        self._timer.start()

    def _stop_tumble(self) -> None:
        self._timer.stop()
        self._tumbles_left = 0
        self._tumble_face = None
        self._tumble_angle = 0.0

    def _tumble(self) -> None:
        if self._tumbles_left <= 0:
            self._stop_tumble()
            self.update()
            return
        faces = [face for face in range(1, 7) if face != self._tumble_face]
        self._tumble_face = self._random.choice(faces)
        self._tumble_angle = self._random.uniform(-25, 25) * self._tumbles_left / TUMBLE_FRAMES
        self._tumbles_left -= 1
        self.update()

    # -- geometry -----------------------------------------------------------------------

    def _layout(self) -> _Layout:
        width, height = float(max(self.width(), 1)), float(max(self.height(), 1))
        font_px = max(9.0, min(20.0, width / 38, height / 26))
        margin = max(6.0, min(width, height) * 0.03)
        inner = width - 2 * margin
        header = QRectF(margin, margin, inner, font_px * 3.0)
        row = font_px * 2.3
        bars = (
            QRectF(margin, header.bottom() + font_px * 0.3, inner, row),
            QRectF(margin, header.bottom() + font_px * 0.3 + row, inner, row),
        )
        button_height = max(font_px * 2.4, 26.0)
        buttons = QRectF(margin, height - margin - button_height, inner, button_height)
        middle_top = bars[1].bottom() + font_px * 0.8
        middle_height = max(buttons.top() - font_px * 0.8 - middle_top, 10.0)
        side = max(min(middle_height, inner * 0.36, 300.0), 10.0)
        # The die and the words beside it are one group, centred; the words need room for
        # "Second player (MIN) rolled 1: turn total lost" on two lines.
        gap = font_px * 1.5
        info_width = max(min(inner - side - gap, font_px * 18), 1.0)
        left = margin + max((inner - side - gap - info_width) / 2, 0.0)
        die = QRectF(left, middle_top + (middle_height - side) / 2, side, side)
        info = QRectF(die.right() + gap, middle_top, info_width, middle_height)
        return _Layout(font_px, header, bars, die, info, buttons)

    # -- painting -----------------------------------------------------------------------

    def _paint_header(self, painter: QPainter, layout: _Layout, over: bool) -> None:
        palette = self.palette()
        rect = layout.header
        state = self.state
        if over:
            title = "Game over"
            colour = palette.color(QPalette.ColorRole.WindowText)
        else:
            who = PLAYER_NAMES[state[3]]
            title = f"{who}: roll again or hold?" if state[4] == DECIDING else f"{who} rolls"
            colour = side_colour(_PLAYERS[state[3]])
        flags = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
        top = QRectF(rect.left(), rect.top(), rect.width(), rect.height() * 0.55)
        bottom = QRectF(rect.left(), top.bottom(), rect.width(), rect.height() * 0.45)
        bold = scaled_font(self.font(), layout.font_px * 1.15, bold=True)
        painter.setFont(bold)
        painter.setPen(colour)
        painter.drawText(top, flags, elided(title, bold, top.width()))
        plain = scaled_font(self.font(), layout.font_px)
        rules = f"First to {self._target()} points wins. A roll of 1 loses the turn total."
        muted = palette.color(QPalette.ColorRole.WindowText)
        muted.setAlphaF(0.7)
        painter.setFont(plain)
        painter.setPen(muted)
        painter.drawText(bottom, flags, elided(rules, plain, bottom.width()))

    def _paint_score(self, painter: QPainter, layout: _Layout, player: int) -> None:
        palette = self.palette()
        state = self.state
        rect = layout.bars[player]
        target = self._target()
        banked = state[player]
        playing = state[3] == player and not self.game.is_terminal(state)
        pending = state[2] if playing else 0
        colour = side_colour(_PLAYERS[player])
        name_font = scaled_font(self.font(), layout.font_px, bold=playing)
        labels, names = self._name_column(layout, rect.width())
        score_text = f"{banked} + {pending}" if pending else f"{banked}"
        score_font = scaled_font(self.font(), layout.font_px * 1.05, bold=True)
        target_font = scaled_font(self.font(), layout.font_px * 0.9)
        target_text = f" / {target}"
        scores = QFontMetricsF(score_font).horizontalAdvance(f"{target} + {target}")
        scores += QFontMetricsF(target_font).horizontalAdvance(target_text + "  ")
        scores = min(scores, rect.width() * 0.3)
        flags = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
        name_rect = QRectF(rect.left(), rect.top(), names, rect.height())
        painter.setFont(name_font)
        painter.setPen(colour if playing else palette.color(QPalette.ColorRole.WindowText))
        label = ("▶ " if playing else "   ") + labels[player]
        painter.drawText(name_rect, flags, elided(label, name_font, names))
        bar_height = min(rect.height() * 0.5, layout.font_px * 1.2)
        bar = QRectF(
            name_rect.right(),
            rect.center().y() - bar_height / 2,
            max(rect.width() - names - scores, 10.0),
            bar_height,
        )
        self._paint_bar(painter, bar, colour, banked / target, (banked + pending) / target)
        score_rect = QRectF(bar.right() + layout.font_px * 0.6, rect.top(), scores, rect.height())
        painter.setFont(score_font)
        painter.setPen(palette.color(QPalette.ColorRole.WindowText))
        painter.drawText(score_rect, flags, score_text)
        used = QFontMetricsF(score_font).horizontalAdvance(score_text)
        muted = palette.color(QPalette.ColorRole.WindowText)
        muted.setAlphaF(0.6)
        painter.setFont(target_font)
        painter.setPen(muted)
        painter.drawText(score_rect.adjusted(used, 0, 0, 0), flags, target_text)

    def _name_column(self, layout: _Layout, width: float) -> tuple[tuple[str, ...], float]:
        """The players' names and the width of their column. Both rows share it, measured
        in bold (the name of the player whose turn it is); a narrow board says only MAX
        and MIN, which still tells them apart."""
        labels: tuple[str, ...] = PLAYER_NAMES
        bold_metrics = QFontMetricsF(scaled_font(self.font(), layout.font_px, bold=True))
        names = max(bold_metrics.horizontalAdvance(f"▶ {name}") for name in labels)
        if names + layout.font_px > width * 0.42:
            labels = (Player.MAX.name, Player.MIN.name)
            names = max(bold_metrics.horizontalAdvance(f"▶ {name}") for name in labels)
        return labels, names + layout.font_px

    def _paint_bar(
        self, painter: QPainter, bar: QRectF, colour: QColor, banked: float, reached: float
    ) -> None:
        """A score bar: the track, the ``banked`` share of the target in ``colour``, and up
        to ``reached`` (banked and the turn total) faded."""
        track = self.palette().color(QPalette.ColorRole.Mid)
        track.setAlphaF(0.35)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(track)
        radius = bar.height() / 2
        painter.drawRoundedRect(bar, radius, radius)
        banked_width = bar.width() * min(banked, 1.0)
        pending_width = bar.width() * min(reached, 1.0) - banked_width
        painter.save()
        clip = QRectF(bar)
        painter.setClipRect(clip.adjusted(0, 0, -bar.width() + banked_width + pending_width, 0))
        if pending_width > 0:
            faded = QColor(colour)
            faded.setAlphaF(0.35)
            painter.setBrush(faded)
            painter.drawRoundedRect(bar, radius, radius)
            painter.setClipRect(clip.adjusted(0, 0, -bar.width() + banked_width, 0))
        painter.setBrush(colour)
        painter.drawRoundedRect(bar, radius, radius)
        painter.restore()

    def _paint_die(self, painter: QPainter, rect: QRectF) -> None:
        palette = self.palette()
        face = self._tumble_face if self._tumble_face is not None else self._face
        dark = is_dark(palette)
        body = QColor("#f7f4ec") if not dark else QColor("#e8e4da")
        pip = QColor("#202124")
        if self._face == 1 and self._fresh and self._tumble_face is None:
            pip = QColor("#c0392b")  # the classic red ace, and here it costs the turn total
        if not self._fresh and self._tumble_face is None:
            # An old roll: faded, so it does not read as what just happened.
            body = mix(body, palette.color(QPalette.ColorRole.Window), 0.45)
            pip = mix(pip, palette.color(QPalette.ColorRole.Window), 0.3)
        painter.save()
        painter.translate(rect.center())
        painter.rotate(self._tumble_angle)
        side = rect.width() * 0.86
        square = QRectF(-side / 2, -side / 2, side, side)
        shadow = QColor(0, 0, 0, 60)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(shadow)
        painter.drawRoundedRect(
            square.translated(side * 0.03, side * 0.04), side * 0.16, side * 0.16
        )
        painter.setBrush(body)
        painter.setPen(QPen(QColor("#8d8a83"), max(1.0, side * 0.012)))
        painter.drawRoundedRect(square, side * 0.16, side * 0.16)
        if face is None:
            painter.setPen(pip)
            painter.setFont(scaled_font(self.font(), side * 0.45, bold=True))
            painter.drawText(square, Qt.AlignmentFlag.AlignCenter, "?")
        else:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(pip)
            radius = side * (0.11 if face == 1 else 0.085)
            cell = side * 0.28
            for column, row in _PIPS[face]:
                centre = QPointF((column - 1) * cell, (row - 1) * cell)
                painter.drawEllipse(centre, radius, radius)
        painter.restore()

    def _paint_info(self, painter: QPainter, layout: _Layout, over: bool) -> None:
        palette = self.palette()
        rect = layout.info
        state = self.state
        flags = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
        line = layout.font_px * 1.5
        top = rect.center().y() - line * 2.2
        if not over:
            small = scaled_font(self.font(), layout.font_px)
            painter.setFont(small)
            painter.setPen(palette.color(QPalette.ColorRole.WindowText))
            painter.drawText(QRectF(rect.left(), top, rect.width(), line), flags, "Turn total")
            big = scaled_font(
                self.font(), min(layout.font_px * 2.6, rect.height() * 0.3), bold=True
            )
            painter.setFont(big)
            painter.setPen(side_colour(_PLAYERS[state[3]]))
            number = QRectF(rect.left(), top + line, rect.width(), line * 1.9)
            painter.drawText(number, flags, str(state[2]))
        if self._event:
            event_font = scaled_font(self.font(), layout.font_px, bold=True)
            painter.setFont(event_font)
            colour = self._event_colour or palette.color(QPalette.ColorRole.WindowText)
            painter.setPen(colour)
            event_rect = QRectF(rect.left(), top + line * 3.1, rect.width(), line * 1.4)
            flags_wrap = flags | Qt.TextFlag.TextWordWrap
            painter.drawText(event_rect, flags_wrap, self._event)


def _is_face(move: Any) -> bool:
    """Whether ``move`` is a die face (an int 1..6, never a bool)."""
    return isinstance(move, int) and not isinstance(move, bool) and 1 <= move <= 6
