"""The tree view's item over a drawn tree, with marks of its own drawn on top.

An exercise (the student's answer and its grading) and a search check (the leaves a
student's code visited) both show a hand-made tree, not a search: the tree is a
:class:`~gamesearch_gui.core.recording.drawn_tree.Drawing`, which the tree view draws
as it draws any recording, and the marks come after, through the item's ``decorate``
hook. :class:`DrawnTreeItem` says once what both do: hold the drawing, name its nodes,
prepare the painter for the marks, and draw a ring round a node or a double stroke
across a branch.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPainter
from PySide6.QtGui import QPainterPath
from PySide6.QtGui import QPen

from gamesearch_gui.core.recording.drawn_tree import Drawing
from gamesearch_gui.core.trees.tree import CustomTree
from gamesearch_gui.ui.tree.canvas import TreeCanvas
from gamesearch_gui.ui.tree.decorations import draw_cut
from gamesearch_gui.ui.tree.item import Drawn
from gamesearch_gui.ui.tree.item import TreeItem

#: Below this half size (device pixels) a node is too small to carry marks.
MARKS_MIN_R = 2.5


class DrawnTreeItem(TreeItem):
    """The tree item over a drawn tree; a subclass draws its marks in ``mark``."""

    def __init__(self) -> None:
        super().__init__()
        self.drawing: Drawing | None = None
        self._ring = QPainterPath()

    def set_tree(self, tree: CustomTree | None) -> Drawing | None:
        """Draw ``tree`` (None: nothing); its drawing is returned for the canvas to show."""
        self.drawing = drawing = None if tree is None else Drawing(tree)
        self.node_labels = {} if drawing is None else drawing.labels
        return drawing

    def decorate(self, painter: QPainter, drawn: Drawn) -> int:
        drawing = self.drawing
        if drawing is None or drawn.r < MARKS_MIN_R:
            return 0
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        return self.mark(painter, drawn, drawing)

    def mark(self, painter: QPainter, drawn: Drawn, drawing: Drawing) -> int:
        """Draw the marks over the nodes ``drawn`` (antialiased, no brush); the
        primitives drawn."""
        return 0

    def ring(self, painter: QPainter, pen: QPen, centre: tuple[float, float], radius: float) -> int:
        """A circle of ``radius`` round ``centre`` (device pixels); the primitives drawn."""
        x, y = centre
        painter.setPen(pen)
        shape = self._ring
        shape.clear()
        shape.addEllipse(x - radius, y - radius, 2 * radius, 2 * radius)
        painter.drawPath(shape)
        return 1

    def cross_out(
        self, painter: QPainter, pen: QPen, drawn: Drawn, n: int, half: float, at: float = 0.45
    ) -> int:
        """A double stroke across the branch into node ``n`` (see ``draw_cut``)."""
        assert self.drawing is not None
        parent = self.drawing.recording.parent[n]
        return draw_cut(painter, pen, drawn.point(parent), drawn.point(n), half, at)


def show_drawing(canvas: TreeCanvas, drawing: Drawing | None) -> None:
    """Show ``drawing`` on ``canvas`` whole (None: nothing): a drawn tree has no steps."""
    canvas.set_recording(None if drawing is None else drawing.recording)
    if drawing is not None:
        canvas.set_moment(drawing.recording.event_count)
