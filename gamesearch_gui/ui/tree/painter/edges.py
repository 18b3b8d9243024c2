"""The edge painter: the lines of the tree, under its nodes.

Silhouettes (runs of subtrees too narrow to draw), the edges and their labels (proposed
to :mod:`.edge_labels`), the dashed "tried first" edges, cutoff stubs with their cut
marks and reasons, MAX's strategy in teal and the best line in gold. Lines are drawn
from plain numbers, in device pixels (see :mod:`.sheet`).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QPainter

from gamesearch_gui.core.recording.depth_first import NONE
from gamesearch_gui.core.recording.depth_first import Cutoff
from gamesearch_gui.ui.tree.decorations import Stroke
from gamesearch_gui.ui.tree.decorations import cut_strokes
from gamesearch_gui.ui.tree.decorations import direction
from gamesearch_gui.ui.tree.geometry import DOT_PX
from gamesearch_gui.ui.tree.painter.frame import CanvasText
from gamesearch_gui.ui.tree.painter.sheet import Sheet
from gamesearch_gui.ui.tree.placement import MARK
from gamesearch_gui.ui.tree.placement import WINDOW

#: Proposes the label of the edge from ``parent`` to ``child`` (its ends on screen: x1,
#: y1, x2, y2) at ``px`` pixels; with ``above`` (the child's half size), straight above
#: the child (see :mod:`.edge_labels`).
EdgeLabeller = Callable[[Sheet, int, int, float, float, float, float, int, float | None], None]

#: A line on screen: x1, y1, x2, y2.
Line = Stroke


def draw_silhouettes(sheet: Sheet) -> int:
    """Each run of subtrees too narrow to draw: a fan from the parent to the run's slots,
    and under it blocks down to the deepest level, one per pixel column or so (the depth
    profile, at a cost bounded by the pixels); the primitives drawn. Opaque and without
    antialiasing: translucent or antialiased fills of such thin shapes cost fifty times
    more."""
    frame, painter, path = sheet.frame, sheet.painter, sheet.path
    if not frame.runs:
        return 0
    model, now, lay, rec = sheet.model, sheet.now, sheet.lay, sheet.rec
    ax, ay, dx, dy = sheet.ax, sheet.ay, sheet.dx, sheet.dy
    colours = sheet.inks.colours
    depth, extent = rec.depth, lay.extent
    primitives = 0
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
    painter.setPen(Qt.PenStyle.NoPen)
    shades = (colours.silhouette, colours.silhouette_open)
    next_sibling = rec.next_sibling
    for parent, first, last in frame.runs:
        top = depth[first] * ay + dy
        run_left = extent(first)[0] * ax + dx
        run_right = run_left
        left, deepest, searching = run_left, depth[first], False
        any_searching = False
        child = first
        while True:
            right = extent(child)[1] * ax + dx
            deepest = max(deepest, model.subtree_depth(child))
            searching = searching or not now.is_valued(child)
            if right - left >= 1.0 or child == last:
                column = round(left)
                width = max(1, round(right) - column)
                row = round(top)
                height = max(1, round(deepest * ay + dy) - row)
                painter.fillRect(column, row, width, height, shades[searching])
                primitives += 1
                any_searching = any_searching or searching
                run_right = right
                left, deepest, searching = right, depth[first], False
            if child == last:
                break
            child = next_sibling[child]
        if parent != NONE:
            x, y = sheet.point(parent)
            path.clear()
            path.moveTo(x, y)
            path.lineTo(max(run_right, run_left + 1), top)
            path.lineTo(run_left, top)
            path.closeSubpath()
            painter.setBrush(shades[any_searching])
            painter.drawPath(path)
            primitives += 1
    return primitives


def draw_edges(sheet: Sheet, label: EdgeLabeller, raise_moves: bool, readable_px: int) -> int:
    """The edges: plain, and the dashed "tried first" ones, each with its label where
    the zoom writes labels (or, ``raise_moves``, at ``readable_px``); the primitives
    drawn. Antialiased even when tiny: thin aliased lines come out dotted."""
    painter, inks, frame, rec = sheet.painter, sheet.inks, sheet.frame, sheet.rec
    point, s = sheet.point, sheet.s
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    edge_width = max(1.0, 1.3 * s)
    tried_first, parent_of = rec.tried_first, rec.parent
    tried: list[Line] = []
    show_labels, label_px, r = sheet.show_labels, sheet.label_px, sheet.r
    painter.setPen(inks.pen(inks.colours.edge, edge_width))
    for parent, child in frame.edges:
        x1, y1 = point(parent)
        x2, y2 = point(child)
        if tried_first[child]:
            tried.append((x1, y1, x2, y2))
        else:
            painter.drawLine(round(x1), round(y1), round(x2), round(y2))
        if show_labels and parent_of[child] != NONE:
            label(sheet, parent, child, x1, y1, x2, y2, label_px, None)
        elif raise_moves and parent_of[child] != NONE:
            label(sheet, parent, child, x1, y1, x2, y2, readable_px, max(r, 2.0))
    if tried:
        painter.setPen(inks.pen(inks.tried, max(1.5, 2.4 * s), Qt.PenStyle.DashLine))
        for x1, y1, x2, y2 in tried:
            painter.drawLine(round(x1), round(y1), round(x2), round(y2))
    return len(frame.edges)


def draw_stubs(sheet: Sheet) -> int:
    """Cutoff stubs: a short dashed edge towards the pruned slot, ending in a cut mark,
    with the count and the reason under it; the primitives drawn."""
    frame, painter, inks, now = sheet.frame, sheet.painter, sheet.inks, sheet.now
    r, s = sheet.r, sheet.s
    if not frame.stubs or r < DOT_PX:
        return 0
    marks: list[Line] = []
    painter.setPen(inks.pen(inks.colours.edge, max(1.0, 1.3 * s), Qt.PenStyle.DashLine))
    for n in frame.stubs:
        cut = now.cutoff(n)
        assert cut is not None
        px, py = sheet.point(n)
        tx, ty = sheet.lay.stub_x(n) * sheet.ax + sheet.dx, py + sheet.ay
        ex, ey = px + (tx - px) * 0.55, py + (ty - py) * 0.55
        painter.drawLine(round(px), round(py), round(ex), round(ey))
        half = max(3.0, r * 0.45)
        # Across the stub's end (the first stroke the nearer the pruned slot).
        strokes = cut_strokes(direction((px, py), (ex, ey)), (ex, ey), half, (0.44, -0.44), 0.35)
        marks.extend(strokes)
        # The cut mark's box: no text is drawn over it.
        xs = [x for mark in strokes for x in (mark[0], mark[2])]
        ys = [y for mark in strokes for y in (mark[1], mark[3])]
        frame.cut_marks.append((min(xs), min(ys), max(xs), max(ys)))
        if sheet.show_labels:
            _propose_cutoff_lines(sheet, n, cut, ex, ey + max(half, 3.0))
    painter.setPen(inks.pen(inks.cut, max(1.5, 2.0 * s)))
    for x1, y1, x2, y2 in marks:
        painter.drawLine(round(x1), round(y1), round(x2), round(y2))
    return len(frame.stubs) * 3


def _propose_cutoff_lines(sheet: Sheet, n: int, cut: Cutoff, x: float, below: float) -> None:
    """Under the cut mark (its foot at ``below``): the count always, the reason when it
    leaves the neighbours room."""
    label_px = sheet.label_px
    step = label_px * 1.25
    top = below + step * 0.6
    ink = sheet.inks.cut
    for i, text in enumerate(sheet.model.cutoff_lines(cut)):
        priority = MARK if i == 0 else WINDOW
        sheet.texts.append(
            CanvasText(x, top + i * step, text, label_px, i == 0, ink, True, priority, n)
        )


def draw_strategy(sheet: Sheet, strategy: frozenset[int]) -> int:
    """MAX's strategy, when asked for and the search is over (as the best line): thick
    teal edges, under the gold best line; the primitives drawn."""
    frame, painter, inks = sheet.frame, sheet.painter, sheet.inks
    if not strategy or not sheet.now.is_over():
        return 0
    ours = frame.strategy_edges = [edge for edge in frame.edges if edge[1] in strategy]
    painter.setPen(inks.pen(inks.strategy, max(2.0, 3.2 * sheet.s)))
    for parent, child in ours:
        x1, y1 = sheet.point(parent)
        x2, y2 = sheet.point(child)
        painter.drawLine(round(x1), round(y1), round(x2), round(y2))
    return len(ours)


def draw_best_line(sheet: Sheet) -> int:
    """The best line, once the search is over: thick gold edges from the root down (to
    where it goes into a fold); the primitives drawn."""
    painter, path, point = sheet.painter, sheet.path, sheet.point
    pv = sheet.frame.best_line = []
    for n in sheet.now.principal_variation():
        if not sheet.lay.shown(n):
            break
        pv.append(n)
    if len(pv) <= 1:
        return 0
    path.clear()
    path.moveTo(*point(pv[0]))
    for n in pv[1:]:
        path.lineTo(*point(n))
    painter.setPen(sheet.inks.pen(sheet.inks.pv, max(2.5, 4.0 * sheet.s)))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawPath(path)
    return 1
