"""The edge-label painter: each edge's move (and its probability under a chance node),
proposed near its child, cut to the room its neighbours leave.

A label is a :class:`~.frame.CanvasText` with other places to try (higher up the edge,
or, for a raised label, beside and above its child): :mod:`.texts` keeps the
first with room.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Final

from gamesearch_gui.core.numbers import format_probability
from gamesearch_gui.core.recording.depth_first import NONE
from gamesearch_gui.ui.tree.painter.frame import CanvasText
from gamesearch_gui.ui.tree.painter.sheet import MIN_ELIDED_CHARS
from gamesearch_gui.ui.tree.painter.sheet import Sheet
from gamesearch_gui.ui.tree.placement import MOVE
from gamesearch_gui.ui.tree.placement import WINDOW

#: Where along an edge (from the parent, 0, to the child, 1) its label goes: the first
#: place with room.
EDGE_LABEL_AT: Final = (0.68, 0.52, 0.38)


class EdgeLabels:
    """Proposes edges' labels, their texts from ``edge_text`` (``TreeItem.edge_text``,
    which a subclass may override)."""

    def __init__(self, edge_text: Callable[[int], str]) -> None:
        self.edge_text = edge_text

    def __call__(
        self,
        sheet: Sheet,
        parent: int,
        child: int,
        x1: float,
        y1: float,
        x2: float,
        y2: float,
        px: int,
        above: float | None = None,
    ) -> None:
        """The edge's label, near the child, cut to the room its neighbours leave (and
        placed higher up the edge where another text is in the way). With ``above``
        (the child's half size), straight above the child instead, clear of its shape,
        else at its left, else a line higher: a crowded fan's edges run far aside near
        their children."""
        full = self.edge_text(child)
        if not full:
            return
        probability = sheet.rec.probability[child]
        # A fair share first: labels of neighbouring edges sit t of the children's
        # spacing apart, so each gets that room.
        share = EDGE_LABEL_AT[0] if above is None else 1.0
        room = sibling_room(sheet, parent, child) * sheet.ax * share - 2
        forms = _forms(sheet, full, probability, px, room)
        if not forms:
            return
        if above is None:
            places = [
                (x1 + (x2 - x1) * t, y1 + (y2 - y1) * t, text)
                for t in EDGE_LABEL_AT
                for text in forms
            ]
        else:
            places = _places_above(sheet, forms, x2, y2, px, above)
        (x, y, text), *others = places
        # An outcome's probability is a number the chance node's value is made of (and
        # Star1's bound): placed with α and β, before the nodes' labels.
        priority = MOVE if math.isnan(probability) else WINDOW
        # Above its child, the label is not to cover that child's shape either.
        owner = child if above is None else NONE
        ink = sheet.inks.colours.text
        sheet.texts.append(
            CanvasText(x, y, text, px, False, ink, True, priority, owner, tuple(others))
        )


def _forms(sheet: Sheet, full: str, probability: float, px: int, room: float) -> list[str]:
    """The forms of an edge's label ``full`` to try, longest first, for ``room`` pixels
    (none: it is left out)."""
    cache = sheet.cache
    if cache.width(full, px, False) <= room:
        return [full]
    if math.isnan(probability):
        # A long move: whole where the neighbours' labels leave it room, else cut to its
        # share; cut to a stub it would say nothing, so it is left out.
        short = cache.elided(full, px, False, room)
        return [full, short] if len(short) > MIN_ELIDED_CHARS else [full]
    # Under chance: at least the chance, and each outcome's only in its share.
    short = format_probability(probability)
    if cache.width(short, px, False) > room:
        return []
    return [short]


def _places_above(
    sheet: Sheet, forms: list[str], x2: float, y2: float, px: int, above: float
) -> list[tuple[float, float, str]]:
    """Places above the child at (``x2``, ``y2``), clear of its shape (``above``: its
    half size), else at its left, else a line higher."""
    line = sheet.cache.font(px, False).height
    width = sheet.cache.width
    return [
        place
        for text in forms
        for place in (
            (x2, y2 - above - line * 0.6, text),
            (x2 - above - 2 - width(text, px, False) / 2, y2 - line * 0.25, text),
            (x2, y2 - above - line * 1.6, text),
        )
    ]


def sibling_room(sheet: Sheet, parent: int, child: int) -> float:
    """Slots between ``child`` and its nearer neighbour (a sibling, a fold's mark or its
    parent's stub)."""
    now, lay = sheet.now, sheet.lay
    x = lay.x(child)
    room = math.inf
    previous = NONE
    siblings = lay.children(parent)
    for sibling in siblings:
        if sibling == child:
            if previous != NONE:
                room = min(room, x - lay.x(previous))
            following = next(siblings, NONE)
            cut = now.cutoff(parent)
            if following != NONE:
                room = min(room, lay.x(following) - x)
            elif cut is not None:
                room = min(room, lay.stub_x(parent) - x)
            break
        previous = sibling
    for mark in lay.marks_of(parent):
        room = min(room, abs(lay.mark_point(mark)[0] - x))
    return room if math.isfinite(room) else 3.0
