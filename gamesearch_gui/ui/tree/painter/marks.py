"""The mark painter: what is drawn over the nodes to say where to look.

Fold marks (a hatched fan down to where a folded node's children are, with "+n", the
nodes they hold), the gold rings of the best line's nodes, the selection's ring, and the
dashed ring of the node of the moment's event ("this step").
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush

from gamesearch_gui.core.recording.depth_first import NONE
from gamesearch_gui.ui.palette import MIN_TEXT_PIXELS
from gamesearch_gui.ui.tree.folds import MARK_LEVEL
from gamesearch_gui.ui.tree.painter.frame import CanvasText
from gamesearch_gui.ui.tree.painter.sheet import READABLE_PX
from gamesearch_gui.ui.tree.painter.sheet import Sheet
from gamesearch_gui.ui.tree.placement import MARK
from gamesearch_gui.ui.tree.style import LABEL_PX


def draw_folds(sheet: Sheet) -> int:
    """Fold marks: a hatched fan from the node down to where its folded children are,
    with "+n", the nodes they hold, under it; the primitives drawn."""
    frame, lay = sheet.frame, sheet.lay
    if not frame.marks:
        return 0
    painter, path, inks, cache = sheet.painter, sheet.path, sheet.inks, sheet.cache
    ax, ay, r, s = sheet.ax, sheet.ay, sheet.r, sheet.s
    painter.setPen(inks.pen(inks.fold, max(1.0, s)))
    painter.setBrush(QBrush(inks.fold, Qt.BrushStyle.BDiagPattern))
    px = int(LABEL_PX * s * 1.1)
    if px < READABLE_PX and sheet.readable:
        px = READABLE_PX  # few, and what a folded view is read by
    half = max(4.0, min(ax * 0.45, r * 1.4))
    for mark in frame.marks:
        x, y = sheet.point(mark.parent)
        at = lay.mark_point(mark)[0] * ax + (x - lay.x(mark.parent) * ax)
        top, bottom = y + max(r, 2.0), y + max(ay * MARK_LEVEL, 10.0)
        path.clear()
        path.moveTo(x, top)
        path.lineTo(at + half, bottom)
        path.lineTo(at - half, bottom)
        path.closeSubpath()
        painter.drawPath(path)
        if px >= MIN_TEXT_PIXELS:
            count = f"+{mark.nodes:,}"
            top = bottom + px * 0.9
            line = cache.font(px, True).height
            aside = half + 2 + cache.width(count, px, True) / 2
            # Under the fan (a line lower where a neighbour's is), else beside its base,
            # else lower still.
            lower = (
                (at, top + line, count),
                (at - aside, bottom - line * 0.4, count),
                (at + aside, bottom - line * 0.4, count),
                (at, top + 2 * line, count),
            )
            ink = inks.colours.text
            sheet.texts.append(
                CanvasText(at, top, count, px, True, ink, True, MARK, mark.parent, lower)
            )
    return len(frame.marks)


def draw_rings(sheet: Sheet, selected: int | None, current: int) -> int:
    """Rings: the best line's nodes in gold, the ``selected`` node, and the ``current``
    one (the moment's event; NONE: none), dashed, on the node or on the mark it is
    folded into; the primitives drawn."""
    painter, path, inks, lay = sheet.painter, sheet.path, sheet.inks, sheet.lay
    r, s = sheet.r, sheet.s
    primitives = 0
    painter.setBrush(Qt.BrushStyle.NoBrush)
    on_line = set(sheet.frame.best_line)
    ring = max(3.0, r * 1.45)
    painter.setPen(inks.pen(inks.pv, max(1.5, 2.5 * s)))
    for n in sheet.frame.nodes:
        if n in on_line:
            x, y = sheet.point(n)
            path.clear()
            path.addEllipse(x - ring, y - ring, 2 * ring, 2 * ring)
            painter.drawPath(path)
            primitives += 1
    if selected is not None and lay.shown(selected):
        x, y = sheet.point(selected)
        radius = max(5.0, r * 1.75)
        painter.setPen(inks.pen(inks.colours.highlight, max(2.0, 3.0 * s)))
        path.clear()
        path.addEllipse(x - radius, y - radius, 2 * radius, 2 * radius)
        painter.drawPath(path)
        primitives += 1
    if current != NONE and current < sheet.now.limit:
        slot, level = lay.anchor(current)
        x, y = slot * sheet.ax + sheet.dx, level * sheet.ay + sheet.dy
        radius = max(7.0, r * 1.95)
        width = min(max(1.8, 2.2 * s), 3.0)
        painter.setPen(inks.pen(inks.current, width, Qt.PenStyle.DashLine))
        path.clear()
        path.addEllipse(x - radius, y - radius, 2 * radius, 2 * radius)
        painter.drawPath(path)
        primitives += 1
    return primitives
