"""Marks drawn across the tree's edges, shared by the tree's own painters and the pages
that decorate it (``TreeItem.decorate``): the double stroke across a branch that is cut
off."""

from __future__ import annotations

import math

from PySide6.QtGui import QPainter
from PySide6.QtGui import QPen

#: A stroke on screen: x1, y1, x2, y2.
Stroke = tuple[float, float, float, float]


def direction(start: tuple[float, float], end: tuple[float, float]) -> tuple[float, float]:
    """The unit vector from ``start`` to ``end`` (down, for a point on itself)."""
    (x1, y1), (x2, y2) = start, end
    length = math.hypot(x2 - x1, y2 - y1) or 1.0
    return (x2 - x1) / length, (y2 - y1) / length


def cut_strokes(
    along: tuple[float, float],
    centre: tuple[float, float],
    half: float,
    offsets: tuple[float, float],
    slant: float,
) -> list[Stroke]:
    """The two strokes of a cut mark across a line that runs ``along`` (a unit vector)
    through ``centre``: each ``offsets`` of ``half`` from the centre along the line,
    reaching ``half`` pixels to either side of it, leaning by ``slant`` of ``half``."""
    ux, uy = along
    nx, ny = -uy, ux  # across the line
    cx, cy = centre
    strokes = []
    for offset in offsets:
        ox, oy = cx + ux * half * offset, cy + uy * half * offset
        strokes.append(
            (
                ox - nx * half + ux * half * slant,
                oy - ny * half + uy * half * slant,
                ox + nx * half - ux * half * slant,
                oy + ny * half - uy * half * slant,
            )
        )
    return strokes


def draw_cut(
    painter: QPainter,
    pen: QPen,
    parent: tuple[float, float],
    child: tuple[float, float],
    half: float,
    at: float = 0.45,
) -> int:
    """A double stroke across the edge from ``parent`` to ``child`` (device pixels),
    ``at`` of the way down, ``half`` pixels each side of it; the primitives drawn."""
    (x1, y1), (x2, y2) = parent, child
    centre = (x1 + (x2 - x1) * at, y1 + (y2 - y1) * at)
    painter.setPen(pen)
    for a, b, c, d in cut_strokes(direction(parent, child), centre, half, (-0.3, 0.3), 0.4):
        painter.drawLine(round(a), round(b), round(c), round(d))
    return 2
