"""Where the pennies board puts things at a size: the header, the table, the stacks'
columns, the coins' size; the geometry the board's clicks and its painter share."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QRectF

# Largest coin, in pixels: a lone stack of 7 should look like coins, not like dinner plates.
_MAX_COIN_WIDTH = 110.0
_MAX_COIN_STEP = 26.0
# A column never gets wider than this many coin widths, so a few stacks stay together.
_MAX_COLUMN_COINS = 2.3


@dataclass(frozen=True)
class PenniesLayout:
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


def lay_out(width_px: int, height_px: int, stack_count: int, tallest: int) -> PenniesLayout:
    """Where everything goes on a board ``width_px`` by ``height_px`` with ``stack_count``
    stacks, the coins sized for a stack of ``tallest`` (stable through a game)."""
    width, height = float(max(width_px, 1)), float(max(height_px, 1))
    font_px = max(9.0, min(14.0, width / 40, height / 24))
    margin = max(4.0, min(width, height) * 0.025)
    header = QRectF(margin, margin, width - 2 * margin, font_px * 3.0)
    footer = QRectF(margin, height - margin - font_px * 1.7, width - 2 * margin, font_px * 1.7)
    labels = font_px * 1.6  # the stack sizes under the table line
    values = font_px * 1.8  # a value label above the tallest stack
    room = max(footer.top() - labels - header.bottom() - values, 8.0)
    count = max(stack_count, 1)
    column_width = (width - 2 * margin) / count
    coin_width = max(3.0, min(column_width * 0.7, _MAX_COIN_WIDTH, width * 0.3))
    column_width = min(column_width, coin_width * _MAX_COLUMN_COINS)
    # Room for the tallest stack, its face, and the lift of a previewed split (lift).
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
    return PenniesLayout(font_px, header, footer, table, columns, coin_width, step, face)


def lift(layout: PenniesLayout) -> float:
    """How far the part above a previewed split is lifted: enough to show a gap."""
    return max(layout.face + layout.step * 0.4, 4.0)


def marker_font_px(layout: PenniesLayout) -> float:
    """The pixel size of a split marker's label."""
    return max(layout.font_px * 0.85, 8.0)


def labels_fit(layout: PenniesLayout) -> bool:
    """Whether a label fits between two neighbouring markers."""
    return layout.step >= marker_font_px(layout) * 1.25
