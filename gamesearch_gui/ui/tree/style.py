"""What the tree is drawn with: colours, the inks and pens made from them, fonts and text.

Everything here is made once and kept: under a busy search thread, every Qt value object
made in Python (a QColor, a QPen, a QFont, a QPointF) can cost a wait for the GIL, while
calls on existing objects with plain numbers stay cheap. So a paint takes its pens from
:class:`Inks` and its fonts and text widths from :class:`TextCache`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtGui import QFont
from PySide6.QtGui import QFontMetricsF
from PySide6.QtGui import QPalette
from PySide6.QtGui import QPen

from gamesearch_gui.ui.palette import HINT_COLOUR
from gamesearch_gui.ui.palette import MAX_COLOUR
from gamesearch_gui.ui.palette import MIN_COLOUR
from gamesearch_gui.ui.palette import MIN_TEXT_PIXELS
from gamesearch_gui.ui.palette import SEAT_COLOURS
from gamesearch_gui.ui.palette import is_dark
from gamesearch_gui.ui.palette import seat_colour
from gamesearch_gui.ui.text import elide
from gamesearch_gui.ui.tree.geometry import KIND_CHANCE
from gamesearch_gui.ui.tree.geometry import KIND_LEAF
from gamesearch_gui.ui.tree.geometry import KIND_MAX
from gamesearch_gui.ui.tree.geometry import KIND_MIN

#: Text sizes at zoom 1 (scene units): a node's value, and the small labels.
VALUE_PX: Final = 11.0
LABEL_PX: Final = 8.5


def labels_shown(scale: float) -> bool:
    """Whether the tree writes its values and labels at zoom ``scale`` (the smaller of
    its two axes' scales): its small labels are then at least ``MIN_TEXT_PIXELS`` high."""
    return int(LABEL_PX * scale) >= MIN_TEXT_PIXELS


CHANCE_COLOUR: Final = QColor("#8a8f98")
LEAF_FILL: Final = QColor("#e4e6ea")
LEAF_EDGE: Final = QColor("#55595f")
PV_COLOUR: Final = QColor("#e2a300")
#: MAX's strategy, under the gold best line: a teal apart from every other mark.
STRATEGY_COLOUR: Final = QColor("#0e9aa7")
#: The ring around the node of the moment's event ("this step").
CURRENT_COLOUR: Final = QColor("#7b3fc4")
CUT_COLOUR: Final = QColor("#c2185b")

#: Each kind's colour (by the recording's kind code): MAX red, MIN blue, chance grey,
#: leaves dark grey.
KIND_COLOUR: Final = {
    KIND_MAX: MAX_COLOUR,
    KIND_MIN: MIN_COLOUR,
    KIND_CHANCE: CHANCE_COLOUR,
    KIND_LEAF: LEAF_EDGE,
}


def mix(under: QColor, over: QColor, share: float) -> QColor:
    """``over`` laid at ``share`` opacity on ``under``, as one opaque colour."""
    return QColor.fromRgbF(
        under.redF() + (over.redF() - under.redF()) * share,
        under.greenF() + (over.greenF() - under.greenF()) * share,
        under.blueF() + (over.blueF() - under.blueF()) * share,
    )


def tint(colour: QColor, alpha: float) -> QColor:
    """``colour`` at opacity ``alpha``."""
    tinted = QColor(colour)
    tinted.setAlphaF(alpha)
    return tinted


@dataclass(frozen=True)
class TreeColours:
    """The colours the tree is drawn in (from a palette, or light for slides)."""

    background: QColor
    text: QColor
    edge: QColor  #: opaque: translucent lines draw several times slower
    silhouette: QColor  #: opaque: a subtree too narrow to draw
    silhouette_open: QColor  #: the same, still being searched
    highlight: QColor

    @staticmethod
    def from_palette(palette: QPalette) -> TreeColours:
        """Colours that read on ``palette`` (light or dark)."""
        text = palette.color(QPalette.ColorRole.Text)
        base = palette.color(QPalette.ColorRole.Base)
        share = 0.25 if is_dark(palette) else 0.3
        return TreeColours(
            base,
            text,
            mix(base, text, 0.45),
            mix(base, text, share),
            mix(base, text, share / 2),
            palette.color(QPalette.ColorRole.Highlight),
        )

    @staticmethod
    def light() -> TreeColours:
        """Dark ink on white: exported pictures and slides."""
        ink, white = QColor("#202124"), QColor("white")
        return TreeColours(
            white,
            ink,
            mix(white, ink, 0.45),
            mix(white, ink, 0.3),
            mix(white, ink, 0.15),
            QColor("#2a7be4"),
        )


class Inks:
    """Every colour and pen a paint uses, made from one set of ``TreeColours``."""

    def __init__(self, colours: TreeColours) -> None:
        self.colours = colours
        background = colours.background
        kinds = (KIND_MAX, KIND_MIN, KIND_CHANCE, KIND_LEAF)
        base = KIND_COLOUR
        self.fill = {k: QColor(LEAF_FILL if k == KIND_LEAF else base[k]) for k in kinds}
        self.outline = {
            k: QColor(LEAF_EDGE if k == KIND_LEAF else base[k].darker(135)) for k in kinds
        }
        self.open_outline = {k: mix(background, base[k], 0.85) for k in kinds}
        self.open_dot = {k: mix(background, base[k], 0.45) for k in kinds}
        self.eval_fill = {
            k: QColor(LEAF_FILL) if k == KIND_LEAF else mix(background, base[k], 0.35)
            for k in kinds
        }
        self.eval_outline = {k: base[k].darker(115) for k in kinds}
        self.dot = {k: QColor(base[k]) for k in kinds}
        self.on_fill = QColor("white")
        self.on_leaf = QColor("#202124")
        # Coloured text on the background: darker than the shapes on light, lighter on dark.
        dark = background.lightnessF() < 0.5

        def ink(colour: QColor) -> QColor:
            return colour.lighter(135) if dark else colour.darker(125)

        self.on_eval = {k: QColor(colours.text) if dark else base[k].darker(170) for k in kinds}
        self.under = {k: QColor(colours.text) if k == KIND_LEAF else ink(base[k]) for k in kinds}
        self.tag = {k: ink(base[k]) for k in kinds}
        # Games of n players: each player's decisions in the colour of their seat on the
        # board (``seat_colour``, one palette for boards and trees), by index.
        players = range(len(SEAT_COLOURS))
        self.player_fill = [seat_colour(i) for i in players]
        self.player_outline = [seat_colour(i).darker(135) for i in players]
        self.player_open = [mix(background, seat_colour(i), 0.85) for i in players]
        self.player_eval_fill = [mix(background, seat_colour(i), 0.35) for i in players]
        self.player_eval_outline = [seat_colour(i).darker(115) for i in players]
        self.player_ink = [ink(seat_colour(i)) for i in players]
        self.cut = QColor(CUT_COLOUR)
        self.pv = QColor(PV_COLOUR)
        self.strategy = QColor(STRATEGY_COLOUR)
        self.current = QColor(CURRENT_COLOUR)
        self.tried = QColor(HINT_COLOUR)
        self.fold = tint(colours.text, 0.6)
        self._pens: dict[tuple[int, int, int], QPen] = {}

    def pen(self, colour: QColor, width: float, style: Qt.PenStyle = Qt.PenStyle.SolidLine) -> QPen:
        """A pen, kept by colour, width (to an eighth of a pixel) and style."""
        key = (colour.rgba(), round(width * 8), style.value)
        pen = self._pens.get(key)
        if pen is None:
            if len(self._pens) > 500:
                self._pens.clear()
            pen = QPen(colour, round(width * 8) / 8)
            pen.setStyle(style)
            pen.setCapStyle(Qt.PenCapStyle.RoundCap)
            pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
            self._pens[key] = pen
        return pen


@dataclass(frozen=True, slots=True)
class FontEntry:
    """A font at one pixel size and weight, with what placing its text needs."""

    font: QFont
    metrics: QFontMetricsF
    ascent: float
    height: float


class TextCache:
    """Fonts and text widths by pixel size and weight, and texts cut to a width.

    Text is drawn with ``drawText(int, int, str)``: no QPointF or QStaticText per text.
    """

    def __init__(self) -> None:
        self.base = QFont()
        self._fonts: dict[tuple[int, bool], FontEntry] = {}
        self._widths: dict[tuple[str, int, bool], float] = {}
        self._elided: dict[tuple[str, int, bool, int], str] = {}

    def set_base(self, font: QFont) -> None:
        """Derive every size from ``font`` (forgetting what was measured before)."""
        self.base = QFont(font)
        self._fonts.clear()
        self._widths.clear()
        self._elided.clear()

    def font(self, px: int, bold: bool) -> FontEntry:
        """The font of ``px`` pixels, bold or not, with its metrics."""
        key = (px, bold)
        entry = self._fonts.get(key)
        if entry is None:
            font = QFont(self.base)
            font.setPixelSize(px)
            font.setBold(bold)
            metrics = QFontMetricsF(font)
            entry = FontEntry(font, metrics, metrics.ascent(), metrics.height())
            self._fonts[key] = entry
        return entry

    def width(self, text: str, px: int, bold: bool) -> float:
        """How wide ``text`` is drawn, in pixels."""
        key = (text, px, bold)
        width = self._widths.get(key)
        if width is None:
            if len(self._widths) > 20_000:
                self._widths.clear()
            width = self.font(px, bold).metrics.horizontalAdvance(text)
            self._widths[key] = width
        return width

    def elided(self, text: str, px: int, bold: bool, room: float) -> str:
        """``text`` cut to ``room`` pixels (and to ``LABEL_CHARS``), with "…"."""
        key = (text, px, bold, int(room))
        shown = self._elided.get(key)
        if shown is None:
            if len(self._elided) > 20_000:
                self._elided.clear()
            shown = elide(text, self.font(px, bold).metrics, int(room))
            self._elided[key] = shown
        return shown
