"""The MCTS tree painted: edges as wide and dark as their visits, the iteration's path in
purple, stubs dotted, the playout dashed down to its result, the nodes in the minimax
view's shapes and colours, then every text over the lines; and the note above the tree
that says what is drawn and how to read it.

It paints a :class:`~gamesearch_gui.ui.mcts.geometry.MctsScene` in scene units
(the canvas has scaled and shifted the painter), with the pens and colours of the tree
view's :class:`~gamesearch_gui.ui.tree.style.Inks` and the texts of
:class:`~gamesearch_gui.ui.mcts.labels.MctsLabels`.
"""

from __future__ import annotations

import itertools
import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QFont, QPainter, QPainterPath, QPolygonF

from gamesearch_gui.ui.mcts.geometry import NODE, TEXT_PX, MctsScene, Point
from gamesearch_gui.ui.mcts.labels import MctsLabels
from gamesearch_gui.ui.palette import MIN_TEXT_PIXELS
from gamesearch_gui.ui.tree.geometry import KIND_CHANCE, KIND_LEAF, KIND_MAX, KIND_MIN
from gamesearch_gui.ui.tree.style import mix


def note_text(shown: int, total: int) -> str:
    """What is drawn, and how to read it."""
    if shown < total:
        note = (
            f"The {shown:,} most visited of {total:,} nodes; “+k more”: the rest of a "
            "node's children."
        )
    else:
        note = f"The whole tree: {total:,} nodes."
    return (
        note + "  Under each node: N (visits) and Q/N (mean reward for MAX).  Edge width: "
        "visits.  Purple: this iteration's path.  Green dashes: its playout."
    )


class MctsPainter:
    """Paints scenes with the inks and texts of ``labels``."""

    def __init__(self, labels: MctsLabels) -> None:
        self.labels = labels
        self.inks = labels.inks
        self._halo = self.inks.colours.background  # labels read over the edges

    def paint(
        self, painter: QPainter, scene: MctsScene, places: dict[int, Point], scale: float
    ) -> None:
        """Draw ``scene``'s nodes at ``places``; texts only when ``scale`` writes them
        large enough to read."""
        inks, layout, visits = self.inks, scene.layout, scene.moment.visits
        colours = inks.colours
        root_visits = max(visits[0], 1)
        path = scene.moment.path()
        on_path = set(itertools.pairwise(path))
        # Edges, widest under: width and shade grow with the child's share of the visits.
        for parent, kids in layout.children.items():
            px, py = places[parent]
            for c in kids:
                cx, cy = places[c]
                share = math.sqrt(visits[c] / root_visits)
                if (parent, c) in on_path:
                    pen = inks.pen(inks.current, 2 + 8 * share + 2)
                else:
                    pen = inks.pen(
                        mix(colours.background, colours.edge, 0.25 + 0.75 * share), 1 + 8 * share
                    )
                painter.setPen(pen)
                painter.drawLine(QPointF(px, py), QPointF(cx, cy))
        # Stubs: the children not drawn, a dotted line to their count (purple when the
        # iteration's path goes on inside them).
        last = path[-1] if path else None
        hides_path = None  # the deepest node drawn on the path, when the path goes on
        if last is not None and last not in places:
            hides_path = layout.deepest_shown(path)
        for stub, slot in layout.stubs:
            px, py = places[stub.parent]
            x, y = scene.stub_place(slot, py)
            inside = stub.parent == hides_path
            colour = inks.current if inside else colours.silhouette
            painter.setPen(inks.pen(colour, 2.5 if inside else 1.2, Qt.PenStyle.DotLine))
            painter.drawLine(QPointF(px, py), QPointF(x, y))
        # The playout: a dashed line down from the new node to its result.
        playout = self.labels.playout(scene, places)
        if playout is not None:
            painter.setPen(inks.pen(inks.tried, 2.5, Qt.PenStyle.DashLine))
            painter.drawLine(playout.start, playout.end)
        # Nodes, then every text over the lines.
        for n, (x, y) in places.items():
            self._paint_node(painter, scene, n, x, y, n == last)
        if scale * TEXT_PX < MIN_TEXT_PIXELS:
            return
        entry = self.labels.text.font(TEXT_PX, False)
        painter.setFont(entry.font)
        ascent = entry.ascent
        for label in self.labels.labels(scene, places, playout):
            if label.role == "ucb":
                painter.setPen(inks.pen(label.ink, 1.2))
                painter.setBrush(colours.background)
                painter.drawRoundedRect(label.rect.adjusted(-4, 0, 4, 0), 3, 3)
                painter.setBrush(Qt.BrushStyle.NoBrush)
            else:
                painter.fillRect(label.rect.adjusted(-2, 0, 2, 0), self._halo)
            painter.setPen(label.ink)
            # At a point, not in a rectangle: Qt then lays nothing out (labels are one line,
            # their rectangles exactly their text's width).
            painter.drawText(round(label.rect.x()), round(label.rect.y() + ascent), label.text)

    def _paint_node(
        self, painter: QPainter, scene: MctsScene, n: int, x: float, y: float, current: bool
    ) -> None:
        inks = self.inks
        kind = scene.recording.kind[n]
        r = NODE / 2
        painter.setPen(inks.pen(inks.outline[kind], 1.2))
        painter.setBrush(inks.fill[kind])
        if kind == KIND_MAX:
            painter.drawPolygon(
                QPolygonF(
                    [QPointF(x, y - r), QPointF(x + r, y + r * 0.8), QPointF(x - r, y + r * 0.8)]
                )
            )
        elif kind == KIND_MIN:
            painter.drawPolygon(
                QPolygonF(
                    [QPointF(x, y + r), QPointF(x + r, y - r * 0.8), QPointF(x - r, y - r * 0.8)]
                )
            )
        elif kind == KIND_CHANCE:
            painter.drawEllipse(QPointF(x, y), r, r)
        else:
            assert kind == KIND_LEAF
            painter.drawRect(QRectF(x - r * 0.8, y - r * 0.8, r * 1.6, r * 1.6))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        if current or n == scene.selected:
            ring = QPainterPath()
            ring.addEllipse(QPointF(x, y), r + 4, r + 4)
            colour = inks.current if current else inks.colours.highlight
            painter.setPen(inks.pen(colour, 2.5))
            painter.drawPath(ring)

    def paint_note(self, painter: QPainter, rect: QRectF, font: QFont, text: str) -> None:
        """Write the note ``text`` in ``rect`` (widget pixels), wrapped."""
        painter.setFont(font)
        painter.setPen(self.inks.colours.text)
        painter.drawText(rect, Qt.TextFlag.TextWordWrap, text)
