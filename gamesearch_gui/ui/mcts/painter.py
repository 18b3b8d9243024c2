"""The MCTS tree painted: edges as wide and dark as their visits, the iteration's path in
purple, stubs dotted, the playout dashed down to its result, the nodes in the shapes both
tree views share (:mod:`gamesearch_gui.ui.tree.shapes`) and the minimax view's colours,
then every text over the lines; and the note above the tree that says what is drawn and
how to read it.

It paints a :class:`~gamesearch_gui.ui.mcts.geometry.MctsScene` in scene units
(the canvas has scaled and shifted the painter), with the pens and colours of the tree
view's :class:`~gamesearch_gui.ui.tree.style.Inks` and the texts of
:class:`~gamesearch_gui.ui.mcts.labels.MctsLabels`.
"""

from __future__ import annotations

import itertools
import math
from typing import Final

from PySide6.QtCore import QPointF
from PySide6.QtCore import QRectF
from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtGui import QPainter
from PySide6.QtGui import QPainterPath

from gamesearch_gui.ui.mcts.geometry import NODE
from gamesearch_gui.ui.mcts.geometry import TEXT_PX
from gamesearch_gui.ui.mcts.geometry import MctsScene
from gamesearch_gui.ui.mcts.geometry import Point
from gamesearch_gui.ui.mcts.labels import Label
from gamesearch_gui.ui.mcts.labels import MctsLabels
from gamesearch_gui.ui.palette import MIN_TEXT_PIXELS
from gamesearch_gui.ui.tree.geometry import HOW_BACKED_UP
from gamesearch_gui.ui.tree.shapes import add_node_shape
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


#: The rings around the iteration's last node and the chosen one, as a share of a node's
#: half size: clear of the shared shapes (a triangle's corners reach 1.5 of it).
RING: Final = 2.0


class MctsPainter:
    """Paints scenes with the inks and texts of ``labels``."""

    def __init__(self, labels: MctsLabels) -> None:
        self.labels = labels
        self.inks = labels.inks
        self._halo = self.inks.colours.background  # labels read over the edges
        self._path = QPainterPath()  # one path, cleared for each shape

    def paint(
        self, painter: QPainter, scene: MctsScene, places: dict[int, Point], scale: float
    ) -> None:
        """Draw ``scene``'s nodes at ``places``; texts only when ``scale`` writes them
        large enough to read."""
        path = scene.moment.path()
        self._paint_edges(painter, scene, places, set(itertools.pairwise(path)))
        last = path[-1] if path else None
        hides_path = None  # the deepest node drawn on the path, when the path goes on
        if last is not None and last not in places:
            hides_path = scene.layout.deepest_shown(path)
        self._paint_stubs(painter, scene, places, hides_path)
        # The playout: a dashed line down from the new node to its result.
        playout = self.labels.playout(scene, places)
        if playout is not None:
            painter.setPen(self.inks.pen(self.inks.tried, 2.5, Qt.PenStyle.DashLine))
            painter.drawLine(playout.start, playout.end)
        # Nodes, then every text over the lines.
        for n, (x, y) in places.items():
            self._paint_node(painter, scene, n, x, y, n == last)
        if scale * TEXT_PX >= MIN_TEXT_PIXELS:
            self._paint_labels(painter, self.labels.labels(scene, places, playout))

    def _paint_edges(
        self,
        painter: QPainter,
        scene: MctsScene,
        places: dict[int, Point],
        on_path: set[tuple[int, int]],
    ) -> None:
        """Edges, widest under: width and shade grow with the child's share of the
        visits; the iteration's path in purple."""
        inks, visits = self.inks, scene.moment.visits
        colours = inks.colours
        root_visits = max(visits[0], 1)
        for parent, kids in scene.layout.children.items():
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

    def _paint_stubs(
        self,
        painter: QPainter,
        scene: MctsScene,
        places: dict[int, Point],
        hides_path: int | None,
    ) -> None:
        """Stubs: the children not drawn, a dotted line to their count (purple when the
        iteration's path goes on inside them, under ``hides_path``)."""
        inks = self.inks
        for stub, slot in scene.layout.stubs:
            px, py = places[stub.parent]
            x, y = scene.stub_place(slot, py)
            inside = stub.parent == hides_path
            colour = inks.current if inside else inks.colours.silhouette
            painter.setPen(inks.pen(colour, 2.5 if inside else 1.2, Qt.PenStyle.DotLine))
            painter.drawLine(QPointF(px, py), QPointF(x, y))

    def _paint_labels(self, painter: QPainter, labels: list[Label]) -> None:
        """Every text, on a patch of the background (the UCB sum in a rounded box)."""
        colours = self.inks.colours
        entry = self.labels.text.font(TEXT_PX, False)
        painter.setFont(entry.font)
        ascent = entry.ascent
        for label in labels:
            if label.role == "ucb":
                painter.setPen(self.inks.pen(label.ink, 1.2))
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
        """Node ``n`` in the shared shape of its kind, and its ring when it is the
        iteration's last node or the chosen one."""
        inks, path = self.inks, self._path
        kind = scene.recording.kind[n]
        r = NODE / 2
        painter.setPen(inks.pen(inks.outline[kind], 1.2))
        painter.setBrush(inks.fill[kind])
        path.clear()
        add_node_shape(path, kind, HOW_BACKED_UP, x, y, r)
        painter.drawPath(path)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        if current or n == scene.selected:
            path.clear()
            path.addEllipse(QPointF(x, y), r * RING, r * RING)
            colour = inks.current if current else inks.colours.highlight
            painter.setPen(inks.pen(colour, 2.5))
            painter.drawPath(path)

    def paint_note(self, painter: QPainter, rect: QRectF, font: QFont, text: str) -> None:
        """Write the note ``text`` in ``rect`` (widget pixels), wrapped."""
        painter.setFont(font)
        painter.setPen(self.inks.colours.text)
        painter.drawText(rect, Qt.TextFlag.TextWordWrap, text)
