"""The text painter: the texts every painter of a sheet proposed, placed and drawn last.

Each :class:`~.frame.CanvasText` is kept at the first of its places with room, by
priority (:mod:`..placement`): clear of every text placed before it and of other nodes'
shapes, inside the scene, and readable; else its ``instead`` form is tried. Then the
kept texts are drawn, on their halos first, grouped by font and colour.
"""

from __future__ import annotations

from typing import Final

from PySide6.QtGui import QColor
from PySide6.QtGui import QPainter

from gamesearch_gui.ui.palette import MIN_TEXT_PIXELS
from gamesearch_gui.ui.tree.geometry import DOT_PX
from gamesearch_gui.ui.tree.painter.frame import CanvasText
from gamesearch_gui.ui.tree.painter.sheet import READABLE_PX
from gamesearch_gui.ui.tree.painter.sheet import Sheet
from gamesearch_gui.ui.tree.placement import PlacedText
from gamesearch_gui.ui.tree.placement import Placer
from gamesearch_gui.ui.tree.style import TextCache

#: Room kept clear beside a text, as a share of its size (each side; about a space
#: between two texts).
TEXT_MARGIN: Final = 0.15

#: The owner of an obstacle that is no node's (a cut mark): no text passes it.
NOBODY: Final = -2

#: A text kept, and where.
Kept = list[tuple[CanvasText, PlacedText]]


def place_texts(sheet: Sheet) -> Kept:
    """The sheet's texts that have room, each where it goes: by priority, clear of every
    text placed before it and of other nodes' shapes, inside the scene, and readable."""
    frame, r = sheet.frame, sheet.r
    placer = Placer(frame.bounds)
    if r >= DOT_PX:
        # The shape's core: a label at its corner (a node's name, a tag) may touch the
        # shape's bounding box, as drawn since the first version.
        half_w, half_h = r * 0.95, r
        for n in frame.nodes:
            x, y = sheet.point(n)
            placer.block((x - half_w, y - half_h, x + half_w, y + half_h), n)
    for box in frame.cut_marks:
        placer.block(box, NOBODY)  # a cut mark: an obstacle to every text
    kept: Kept = []
    # By priority, then by node: the same texts win wherever the paint starts.
    for first in sorted(sheet.texts, key=lambda t: (t.priority, t.owner)):
        form: CanvasText | None = first
        while form is not None and not _place_one(sheet, form, placer, kept):
            form = form.instead
    return kept


def _place_one(sheet: Sheet, t: CanvasText, placer: Placer, kept: Kept) -> bool:
    """Keep ``t`` at the first of its places with room, if it is readable; whether it
    was kept."""
    if t.px < MIN_TEXT_PIXELS:
        return False
    if t.px < READABLE_PX and sheet.readable:
        # Legible, not comfortably: at the smallest readable size.
        t.px = READABLE_PX
    cache = sheet.cache
    line = cache.font(t.px, t.bold).height
    # Half a space's margin on either side: two texts never read as one.
    margin = t.px * TEXT_MARGIN
    for x, y, text in ((t.x, t.y, t.text), *t.places):
        lines = text.split("\n")
        width = max(cache.width(part, t.px, t.bold) for part in lines)
        height = line * len(lines)
        left, top = x - width / 2, y - line / 2
        box = (left - margin, top, left + width + margin, top + height)
        if placer.take(box, t.owner):
            kept.append((t, PlacedText(text, left, top, width, height, t.px)))
            return True
    return False


def draw_texts(painter: QPainter, cache: TextCache, halo: QColor, placed: Kept) -> int:
    """The ``placed`` texts, each on a patch of ``halo`` where it asks for one; the
    primitives drawn."""
    if not placed:
        return 0
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
    for t, box in placed:
        if t.halo:
            painter.fillRect(
                round(box.left - 1.5),
                round(box.top + box.height * 0.1),
                round(box.width + 3),
                round(box.height * 0.85),
                halo,
            )
    # Grouped by font and colour: few state changes.
    ordered = sorted(placed, key=lambda p: (p[0].px, p[0].bold, p[0].colour.rgba()))
    current: tuple[int, bool, int] | None = None
    columns = 0
    for t, box in ordered:
        entry = cache.font(t.px, t.bold)
        if "\n" in box.text:
            columns += _draw_column(painter, cache, t, box)
            current = None
            continue
        key = (t.px, t.bold, t.colour.rgba())
        if key != current:
            painter.setFont(entry.font)
            painter.setPen(t.colour)
            current = key
        painter.drawText(round(box.left), round(box.top + entry.ascent), box.text)
    return len(placed) * 2 + columns


def _draw_column(painter: QPainter, cache: TextCache, t: CanvasText, box: PlacedText) -> int:
    """A column of lines, each centred, each in its own colour if it has one; the lines
    drawn."""
    entry = cache.font(t.px, t.bold)
    painter.setFont(entry.font)
    centre = box.left + box.width / 2
    parts = box.text.split("\n")
    for i, part in enumerate(parts):
        painter.setPen(t.colours[i] if i < len(t.colours) else t.colour)
        left = centre - cache.width(part, t.px, t.bold) / 2
        top = box.top + i * entry.height
        painter.drawText(round(left), round(top + entry.ascent), part)
    return len(parts)
