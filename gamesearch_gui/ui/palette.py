"""Drawing helpers every board shares, so the boards look like one family.

What is here:

- ``MAX_COLOUR``, ``MIN_COLOUR``, ``HINT_COLOUR`` and ``side_colour(player)``: the
  sides' colours (MAX warm red, MIN cool blue), readable on light and dark palettes.
  Copies are handed out, so a caller may change what it gets.
- ``seat_colour(seat)``: the colour of a seat of a game of n players by its index: MAX's
  red and MIN's blue for the first two, then purple and amber.
- ``begin_board(widget)``: a painter on a board, smooth, over the window's colour.
- ``is_dark(palette)``: whether the palette is a dark theme.
- ``scaled_font(font, pixel_size, bold=False)``: a font at a size computed from the
  board's geometry, so text scales with the widget.
- ``BOARD_DECIMALS`` and ``best_moves(values, player)``: the decimals a move's value keeps
  on a board (core.numbers' ``format_number`` writes it, the app's one formatter), and
  which moves hold the best one for the player to move.
- ``draw_value_label(painter, rect, text, palette, emphasised=False)``: a move's value.
- ``draw_hint(painter, rect, radius)``: the dashed outline of the AI's suggestion.
- ``draw_last_move_marker(painter, rect, colour, radius)``: a soft tint behind the place
  the last move changed.
- ``draw_banner(painter, area, text, palette, accent=None, position=0.5)``: the game-over
  band across the board; ``draw_result_banner`` writes a two-player game's result in
  it (``"Red wins"`` edged in red, or ``"Draw"``).

Every ``draw_*`` function saves and restores the painter's state, and draws text only
when it would be large enough to read (the level of detail of Qt's chip example), so a
board may call them at any size.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import TypeVar

from PySide6.QtCore import QRectF
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtGui import QFont
from PySide6.QtGui import QFontMetricsF
from PySide6.QtGui import QPainter
from PySide6.QtGui import QPalette
from PySide6.QtGui import QPen
from PySide6.QtWidgets import QWidget

from gamesearch_gui.core.game import Player

M = TypeVar("M")

#: The first player, MAX (X in tic-tac-toe).
MAX_COLOUR = QColor("#d64541")
#: The second player, MIN (O in tic-tac-toe).
MIN_COLOUR = QColor("#2f7ddb")
#: The AI's suggested move; apart from both sides' colours and from the selection blue.
HINT_COLOUR = QColor("#17a65b")

#: Decimals a move's value keeps on a board (``format_number(value, BOARD_DECIMALS)``).
BOARD_DECIMALS = 2

#: Below this pixel size text is not drawn at all: it could not be read.
MIN_TEXT_PIXELS = 7.0

# U+2212, not a hyphen: a minus sign as wide as the plus, so columns of values line up.
_MINUS = "\u2212"
# The longest text a board writes for a value in (-10, 10): labels are sized to it.
_WIDEST_VALUE = _MINUS + "0.00"


def side_colour(player: Player) -> QColor:
    """The colour of MAX's or MIN's pieces (a neutral grey for chance)."""
    if player is Player.MAX:
        return QColor(MAX_COLOUR)
    if player is Player.MIN:
        return QColor(MIN_COLOUR)
    return QColor("#8a8f98")


#: The seats of a game of n players, in order; the first two are MAX's and MIN's colours.
SEAT_COLOURS = (MAX_COLOUR, MIN_COLOUR, QColor("#8e44ad"), QColor("#c98a00"))


def seat_colour(seat: int) -> QColor:
    """The colour of seat ``seat`` (0 is the first player), cycling past the fourth."""
    return QColor(SEAT_COLOURS[seat % len(SEAT_COLOURS)])


def begin_board(widget: QWidget) -> QPainter:
    """A painter on ``widget`` with smooth shapes and text, the widget filled with the
    window's colour: how a board starts to paint (it ends the painter)."""
    painter = QPainter(widget)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    painter.fillRect(widget.rect(), widget.palette().color(QPalette.ColorRole.Window))
    return painter


def is_dark(palette: QPalette) -> bool:
    """True for a dark theme: the window background is darker than mid grey."""
    return palette.color(QPalette.ColorRole.Window).lightnessF() < 0.5


def scaled_font(font: QFont, pixel_size: float, *, bold: bool = False) -> QFont:
    """A copy of ``font`` at ``pixel_size`` pixels (at least 1), bold if asked."""
    scaled = QFont(font)
    scaled.setPixelSize(max(1, round(pixel_size)))
    scaled.setBold(bold)
    return scaled


def best_moves(values: Mapping[M, float], player: Player) -> frozenset[M]:
    """The moves whose value is the best for ``player`` (highest for MAX, lowest for MIN).

    Every tied move is returned: each is a correct best move. Empty when there are no
    values or ``player`` is chance, which does not choose.
    """
    finite = {move: value for move, value in values.items() if not math.isnan(value)}
    if not finite or player is Player.CHANCE:
        return frozenset()
    best = max(finite.values()) if player is Player.MAX else min(finite.values())
    return frozenset(
        move
        for move, value in finite.items()
        if value == best or math.isclose(value, best, rel_tol=1e-9, abs_tol=1e-12)
    )


def draw_value_label(
    painter: QPainter,
    rect: QRectF,
    text: str,
    palette: QPalette,
    *,
    emphasised: bool = False,
) -> None:
    """``text`` centred in ``rect``, sized to fit it; the best move's as a highlighted pill.

    The font is 60 % of the rect's height, shrunk until a five-character value such as
    ``−0.35`` fits its width, so that labels in equal rects share one size whatever
    their length; nothing is drawn when that is below ``MIN_TEXT_PIXELS``.
    """
    if not text or rect.isEmpty():
        return
    widest = max(text, _WIDEST_VALUE, key=len)
    font = _fitted_font(
        painter.font(), widest, rect.height() * 0.6, rect.width() * 0.92, emphasised
    )
    if font is None:
        return
    painter.save()
    painter.setFont(font)
    if emphasised:
        metrics = QFontMetricsF(font)
        width = min(rect.width(), metrics.horizontalAdvance(text) + metrics.height() * 0.8)
        height = min(rect.height(), metrics.height() * 1.15)
        pill = QRectF(0, 0, width, height)
        pill.moveCenter(rect.center())
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(palette.color(QPalette.ColorRole.Highlight))
        painter.drawRoundedRect(pill, height / 2, height / 2)
        painter.setPen(palette.color(QPalette.ColorRole.HighlightedText))
    else:
        colour = palette.color(QPalette.ColorRole.Text)
        colour.setAlphaF(0.75)
        painter.setPen(colour)
    painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)
    painter.restore()


def draw_hint(painter: QPainter, rect: QRectF, radius: float = 0.0) -> None:
    """A dashed outline in ``HINT_COLOUR`` around ``rect``, over a faint green wash."""
    if rect.isEmpty():
        return
    width = max(2.0, min(rect.width(), rect.height()) * 0.035)
    inner = rect.adjusted(width / 2, width / 2, -width / 2, -width / 2)
    painter.save()
    wash = QColor(HINT_COLOUR)
    wash.setAlphaF(0.12)
    pen = QPen(HINT_COLOUR, width)
    pen.setStyle(Qt.PenStyle.DashLine)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    painter.setPen(pen)
    painter.setBrush(wash)
    painter.drawRoundedRect(inner, radius, radius)
    painter.restore()


def draw_last_move_marker(
    painter: QPainter, rect: QRectF, colour: QColor, radius: float = 0.0
) -> None:
    """A soft tint of ``colour`` (the mover's) filling ``rect``: where the last move went."""
    if rect.isEmpty():
        return
    tint = QColor(colour)
    tint.setAlphaF(0.16)
    edge = QColor(colour)
    edge.setAlphaF(0.45)
    painter.save()
    painter.setPen(QPen(edge, max(1.0, min(rect.width(), rect.height()) * 0.02)))
    painter.setBrush(tint)
    painter.drawRoundedRect(rect, radius, radius)
    painter.restore()


def draw_banner(
    painter: QPainter,
    area: QRectF,
    text: str,
    palette: QPalette,
    accent: QColor | None = None,
    position: float = 0.5,
) -> None:
    """A band across the width of ``area`` saying ``text`` (``"X wins"``, ``"Draw"``).

    The band is a fifth of the area's height, centred at ``position`` (0 top, 1 bottom)
    and kept inside the area: a board places it away from the pieces that matter.
    It is translucent, edged in ``accent`` (the winner's colour; none for a draw).
    """
    if area.isEmpty():
        return
    height = max(area.height() * 0.2, min(area.height(), 24.0))
    top = area.top() + area.height() * position - height / 2
    top = min(max(top, area.top()), area.bottom() - height)
    band = QRectF(area.left(), top, area.width(), height)
    painter.save()
    background = palette.color(QPalette.ColorRole.Window)
    background.setAlphaF(0.88)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(background)
    painter.drawRect(band)
    if accent is not None:
        edge = max(2.0, height * 0.07)
        painter.setBrush(accent)
        painter.drawRect(QRectF(band.left(), band.top(), band.width(), edge))
        painter.drawRect(QRectF(band.left(), band.bottom() - edge, band.width(), edge))
    font = _fitted_font(painter.font(), text, height * 0.52, band.width() * 0.9, bold=True)
    if font is not None:
        painter.setFont(font)
        painter.setPen(palette.color(QPalette.ColorRole.WindowText))
        painter.drawText(band, Qt.AlignmentFlag.AlignCenter, text)
    painter.restore()


def draw_result_banner(
    painter: QPainter,
    area: QRectF,
    palette: QPalette,
    winner: Player | None,
    names: Mapping[Player, str],
    colours: Mapping[Player, QColor] | None = None,
    position: float = 0.5,
) -> None:
    """The banner at the end of a two-player game (``draw_banner``): ``"X wins"`` by the
    winner's name in ``names``, edged in its colour (in ``colours``; the sides' own,
    ``side_colour``, by default), or ``"Draw"``, with no edge, when ``winner`` is None."""
    if winner is None:
        draw_banner(painter, area, "Draw", palette, None, position)
        return
    accent = QColor(colours[winner]) if colours is not None else side_colour(winner)
    draw_banner(painter, area, f"{names[winner]} wins", palette, accent, position)


def _fitted_font(
    base: QFont, text: str, pixel_size: float, max_width: float, bold: bool
) -> QFont | None:
    """``base`` at ``pixel_size``, shrunk until ``text`` fits ``max_width``; None if too small."""
    font = scaled_font(base, pixel_size, bold=bold)
    width = QFontMetricsF(font).horizontalAdvance(text)
    if width > max_width > 0:
        font = scaled_font(base, pixel_size * max_width / width, bold=bold)
    if font.pixelSize() < MIN_TEXT_PIXELS:
        return None
    return font


def mix(colour: QColor, background: QColor, amount: float) -> QColor:
    """``colour`` faded towards ``background``: ``amount`` of it, the rest background."""
    return QColor.fromRgbF(
        colour.redF() * amount + background.redF() * (1 - amount),
        colour.greenF() * amount + background.greenF() * (1 - amount),
        colour.blueF() * amount + background.blueF() * (1 - amount),
    )


def elided(text: str, font: QFont, width: float) -> str:
    """``text`` cut short with an ellipsis where ``width`` is too narrow for all of it."""
    return QFontMetricsF(font).elidedText(text, Qt.TextElideMode.ElideRight, max(width, 0.0))
