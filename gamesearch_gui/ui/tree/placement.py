"""Where a paint's texts go: none overlaps another or a node, none leaves the scene, none
is too small to read.

The painter proposes every text it would like to write (a node's value, α and β, a
node's label, an edge's move or probability, a cutoff's count and reason), each with a
priority and, for some, other places to try. :class:`Placer` then takes them in order of
priority and keeps each at the first of its places that overlaps nothing kept before it,
lies inside the scene's bounds; a text with no such
place is dropped. So where room runs out, texts go in this order, the least needed
first:

1. the move on an edge,
2. the node's label (A, B, ...),
3. α and β, a cutoff's reason ("v 2 ≤ α 3"), and an outcome's probability on the edge
   from a chance node,
4. a cutoff's count ("2 pruned"), E and TT tags, a fold's "+n",
5. the node's value, last: it stays readable as long as anything does.

Node shapes are obstacles too, except to their own node's texts (the value written
inside, a tag on its corner), and so are cut marks, to every text.

Cost: a uniform grid of cells (``CELL_PX``) holds what was kept, so each test looks at
a few cells' contents: linear in the texts proposed (a sort by priority aside), never
quadratic, at any zoom.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

#: Priorities: a text of a lower number is placed first, so it is the last to go.
VALUE: Final = 0
MARK: Final = 1
WINDOW: Final = 2
NAME: Final = 3
MOVE: Final = 4

#: Side of a grid cell in pixels: about a short label's size.
CELL_PX: Final = 48.0

#: A box: left, top, right, bottom in device pixels.
Box = tuple[float, float, float, float]


@dataclass(frozen=True, slots=True)
class PlacedText:
    """A text as drawn: its box in device pixels, and its font size."""

    text: str
    left: float
    top: float
    width: float
    height: float
    px: int

    def box(self) -> Box:
        """Left, top, right, bottom."""
        return (self.left, self.top, self.left + self.width, self.top + self.height)


def overlap(a: Box, b: Box) -> bool:
    """Whether two boxes share more than an edge."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


class Placer:
    """Boxes kept so far, in a grid of cells, inside ``bounds``."""

    def __init__(self, bounds: Box) -> None:
        self.bounds = bounds
        #: Cell -> boxes (with their owner node, and whether they are obstacles).
        self._cells: dict[tuple[int, int], list[tuple[Box, int, bool]]] = {}

    def _span(self, box: Box) -> tuple[int, int, int, int]:
        return (
            math.floor(box[0] / CELL_PX),
            math.floor(box[1] / CELL_PX),
            math.floor(box[2] / CELL_PX),
            math.floor(box[3] / CELL_PX),
        )

    def block(self, box: Box, owner: int) -> None:
        """Keep texts out of ``box`` (a node's shape), except ``owner``'s own."""
        self._add(box, owner, True)

    def _add(self, box: Box, owner: int, obstacle: bool) -> None:
        i0, j0, i1, j1 = self._span(box)
        cells = self._cells
        entry = (box, owner, obstacle)
        for i in range(i0, i1 + 1):
            for j in range(j0, j1 + 1):
                cell = cells.get((i, j))
                if cell is None:
                    cells[(i, j)] = [entry]
                else:
                    cell.append(entry)

    def fits(self, box: Box, owner: int) -> bool:
        """Whether ``box`` lies inside the bounds and clear of every box kept."""
        left, top, right, bottom = self.bounds
        if box[0] < left or box[1] < top or box[2] > right or box[3] > bottom:
            return False
        i0, j0, i1, j1 = self._span(box)
        cells = self._cells
        for i in range(i0, i1 + 1):
            for j in range(j0, j1 + 1):
                for other, other_owner, obstacle in cells.get((i, j), ()):
                    if obstacle and other_owner == owner:
                        continue
                    if overlap(box, other):
                        return False
        return True

    def take(self, box: Box, owner: int) -> bool:
        """Keep ``box`` if it fits; whether it did."""
        if not self.fits(box, owner):
            return False
        self._add(box, owner, False)
        return True
