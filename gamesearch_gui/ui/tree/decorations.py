"""Marks that a decoration (``TreeItem.decorate``) draws over the tree, shared by the
pages that decorate it: the double stroke across a branch that is cut off."""

from __future__ import annotations

import math

from PySide6.QtGui import QPainter, QPen


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
    length = math.hypot(x2 - x1, y2 - y1) or 1.0
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    nx, ny = -uy, ux
    cx, cy = x1 + (x2 - x1) * at, y1 + (y2 - y1) * at
    painter.setPen(pen)
    for offset in (-0.3, 0.3):
        ox, oy = cx + ux * half * offset, cy + uy * half * offset
        painter.drawLine(
            round(ox - nx * half + ux * half * 0.4),
            round(oy - ny * half + uy * half * 0.4),
            round(ox + nx * half - ux * half * 0.4),
            round(oy + ny * half - uy * half * 0.4),
        )
    return 2
