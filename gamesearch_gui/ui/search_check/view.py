"""One checked tree drawn: the reference tree, the student's visited leaves in order, the
leaves the app's search evaluates, its cutoffs, and the first difference.

``CheckItem`` is the tree view's item over a :class:`~gamesearch_gui.core.recording.drawn_tree.
Drawing` of the tree, with the check drawn on top through the item's ``decorate`` hook
(as the exercise page draws its answers): a numbered blue badge on each leaf the
student's code evaluated (1, 2, 3… in its order), a green ring and a green number under
each leaf the app's search evaluates (in its order), a double stroke across each branch
the app's search cuts off, and a red ring round the first difference. A badge is red
where the app's search never evaluates that leaf.
"""

from __future__ import annotations

from typing import Final

from PySide6.QtCore import QRectF
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QWidget

from gamesearch_gui.core.recording.depth_first import NONE
from gamesearch_gui.core.recording.drawn_tree import Drawing
from gamesearch_gui.core.trees.tree import Path
from gamesearch_gui.search_check.verdict import TreeCheck
from gamesearch_gui.ui.palette import MIN_TEXT_PIXELS
from gamesearch_gui.ui.tree.drawn_item import DrawnTreeItem
from gamesearch_gui.ui.tree.drawn_item import show_drawing
from gamesearch_gui.ui.tree.fitted import FittedCanvas
from gamesearch_gui.ui.tree.item import CanvasText
from gamesearch_gui.ui.tree.item import Drawn
from gamesearch_gui.ui.tree.placement import MARK

#: The student's visits, the app's leaves and the first difference (one colour each, on
#: light and on dark backgrounds alike).
VISITED_COLOUR: Final = QColor("#1565c0")
EXPECTED_COLOUR: Final = QColor("#2e7d32")
DIFFERENCE_COLOUR: Final = QColor("#d32f2f")
#: The same, as the legend writes them.
LEGEND_COLOURS: Final = {
    "visited": VISITED_COLOUR.name(),
    "expected": EXPECTED_COLOUR.name(),
    "difference": DIFFERENCE_COLOUR.name(),
}


def visit_numbers(order: tuple[Path, ...]) -> dict[Path, list[int]]:
    """Each leaf's places (1, 2, 3…) in ``order``: a leaf evaluated twice has two."""
    numbers: dict[Path, list[int]] = {}
    for i, path in enumerate(order, 1):
        numbers.setdefault(path, []).append(i)
    return numbers


class CheckItem(DrawnTreeItem):
    """The tree item, drawing one tree's check over the tree."""

    def __init__(self) -> None:
        super().__init__()
        self.check: TreeCheck | None = None
        #: The student's and the app's leaf numbers, by path.
        self.visited: dict[Path, list[int]] = {}
        self.expected: dict[Path, list[int]] = {}
        #: The branches the app's search cuts off (the top of each skipped subtree).
        self.cut: set[Path] = set()
        #: The badges the last paint drew: each leaf's badge, in device pixels, and its
        #: colour (kept for tests, as ``last_frame`` is).
        self.last_badges: dict[Path, tuple[QRectF, QColor]] = {}

    def set_check(self, check: TreeCheck | None) -> Drawing | None:
        """Draw ``check``'s tree and marks."""
        self.check = check
        self.visited = {} if check is None else visit_numbers(check.visited)
        self.expected = {} if check is None else visit_numbers(check.expected)
        self.cut = set() if check is None else set(check.pruned)
        return self.set_tree(None if check is None else check.tree)

    def mark(self, painter: QPainter, drawn: Drawn, drawing: Drawing) -> int:
        check = self.check
        if check is None:
            return 0
        primitives = self._draw_cutoffs(painter, drawn, drawing)
        small_px = int(max(drawn.r * 0.95, MIN_TEXT_PIXELS))
        primitives += self._draw_rings(painter, drawn, drawing, small_px)
        # The student's visits last, on top.
        primitives += self._draw_badges(painter, drawn, drawing, small_px)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        return primitives

    def _draw_cutoffs(self, painter: QPainter, drawn: Drawn, drawing: Drawing) -> int:
        """The app's cutoffs: a double stroke across each branch it never enters (lower
        down than the exercise's marks, so that two cut siblings stay apart)."""
        pen = self.inks.pen(self.inks.cut, max(2.0, 2.4 * drawn.s))
        parent_of = drawing.recording.parent
        half = max(4.0, drawn.r * 0.5)
        primitives = 0
        for n in drawn.frame.nodes:
            if drawing.paths[n] in self.cut and parent_of[n] >= 0:
                primitives += self.cross_out(painter, pen, drawn, n, half, 0.52)
        return primitives

    def _draw_rings(self, painter: QPainter, drawn: Drawn, drawing: Drawing, small_px: int) -> int:
        """The app's leaves: a green ring, and its order under the leaf; the first
        difference: a thick red ring (dashed where the code never came)."""
        r, s = drawn.r, drawn.s
        difference = self.check.difference if self.check is not None else None
        primitives = 0
        for n in drawn.frame.nodes:
            path = drawing.paths[n]
            x, y = drawn.point(n)
            if path in self.expected:
                pen = self.inks.pen(EXPECTED_COLOUR, max(1.5, 2.2 * s))
                primitives += self.ring(painter, pen, (x, y), r * 1.45)
                text = ",".join(map(str, self.expected[path]))
                drawn.texts.append(
                    CanvasText(x, y + r * 2.3, text, small_px, True, EXPECTED_COLOUR, True, MARK, n)
                )
            if difference is not None and difference.path == path:
                missed = path not in self.visited and path != ()
                style = Qt.PenStyle.DashLine if missed else Qt.PenStyle.SolidLine
                pen = self.inks.pen(DIFFERENCE_COLOUR, max(2.5, 3.6 * s), style)
                primitives += self.ring(painter, pen, (x, y), r * 1.9)
        return primitives

    def _draw_badges(self, painter: QPainter, drawn: Drawn, drawing: Drawing, small_px: int) -> int:
        """The student's visits: numbered badges up and to the right of the leaves, red
        where the app's search never evaluates that leaf (the first difference, or
        after)."""
        r, s = drawn.r, drawn.s
        difference = self.check.difference if self.check is not None else None
        badge = max(small_px * 0.75, r * 0.62)
        self.last_badges = {}
        font = self.texts.font(small_px, True)
        painter.setFont(font.font)
        primitives = 0
        for n in drawn.frame.nodes:
            path = drawing.paths[n]
            numbers = self.visited.get(path)
            if not numbers:
                continue
            x, y = drawn.point(n)
            text = ",".join(map(str, numbers))
            width = max(2 * badge, font.metrics.horizontalAdvance(text) + badge)
            cx, cy = x + r * 0.9 + width / 2 - badge * 0.4, y - r * 0.9 - badge * 0.4
            box = QRectF(cx - width / 2, cy - badge, width, 2 * badge)
            wrong = path not in self.expected or (
                difference is not None and difference.path == path
            )
            colour = DIFFERENCE_COLOUR if wrong else VISITED_COLOUR
            painter.setPen(self.inks.pen(QColor("white"), max(1.0, 1.2 * s)))
            painter.setBrush(colour)
            painter.drawRoundedRect(box, badge, badge)
            self.last_badges[path] = (box, colour)
            painter.setPen(QColor("white"))
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
            primitives += 2
        return primitives


class CheckCanvas(FittedCanvas):
    """The tree of one check, fitted, with no search header or search legend."""

    item_class = CheckItem

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.set_header_visible(False)
        self.set_legend_visible(False)
        self.setAlignment(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop)
        self.setAccessibleName("Checked tree")

    @property
    def item(self) -> CheckItem:
        """The check item (typed)."""
        item = self.tree_item
        assert isinstance(item, CheckItem)
        return item

    def show_check(self, check: TreeCheck | None) -> None:
        """Draw ``check`` (None: nothing), the whole tree in view."""
        drawing = self.item.set_check(check)
        show_drawing(self, drawing)
        if drawing is not None:
            self._set_current(NONE)  # a drawing has no "this step" to ring
            self.fit_tree()

    def fitted_rect(self) -> QRectF:
        # Room for the badges above the top leaves and the numbers under the bottom ones.
        rect = super().fitted_rect()
        return rect.adjusted(-rect.width() * 0.03, -12, rect.width() * 0.03, 24)
