"""The node painter: each node's shape (:mod:`..shapes`), or a dot when tiny, and the
texts it proposes: its value in the shape or under it, a game of n players' vector under
it, the player's letter, the "E" and "TT" tags, α and β, and the node's own label.

Shapes are grouped by style so the pen and brush change a few times per paint, and one
path is cleared and refilled for each (see :mod:`.sheet`).
"""

from __future__ import annotations

import math
from typing import Final

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtGui import QPainter

from gamesearch_gui.core.narration.facts import bound_share
from gamesearch_gui.core.narration.facts import node_bound
from gamesearch_gui.core.narration.facts import shown_value
from gamesearch_gui.core.numbers import format_number
from gamesearch_gui.core.recording.depth_first import NONE
from gamesearch_gui.core.search.maxn import vector_numbers
from gamesearch_gui.core.text import player_letters
from gamesearch_gui.ui.palette import MIN_TEXT_PIXELS
from gamesearch_gui.ui.tree.folds import Layout
from gamesearch_gui.ui.tree.geometry import DOT_PX
from gamesearch_gui.ui.tree.geometry import HOW_EVALUATION
from gamesearch_gui.ui.tree.geometry import HOW_TABLE
from gamesearch_gui.ui.tree.geometry import KIND_LEAF
from gamesearch_gui.ui.tree.geometry import KIND_MAX
from gamesearch_gui.ui.tree.geometry import KIND_MIN
from gamesearch_gui.ui.tree.geometry import LABEL_REACH_PX
from gamesearch_gui.ui.tree.geometry import OPEN
from gamesearch_gui.ui.tree.painter.frame import CanvasText
from gamesearch_gui.ui.tree.painter.sheet import MIN_ELIDED_CHARS
from gamesearch_gui.ui.tree.painter.sheet import READABLE_PX
from gamesearch_gui.ui.tree.painter.sheet import Sheet
from gamesearch_gui.ui.tree.placement import MARK
from gamesearch_gui.ui.tree.placement import NAME
from gamesearch_gui.ui.tree.placement import VALUE
from gamesearch_gui.ui.tree.placement import WINDOW
from gamesearch_gui.ui.tree.shapes import SHAPE_LEFT
from gamesearch_gui.ui.tree.shapes import SHAPE_RIGHT
from gamesearch_gui.ui.tree.shapes import add_node_shape
from gamesearch_gui.ui.tree.shapes import player_shape
from gamesearch_gui.ui.tree.style import LABEL_PX
from gamesearch_gui.ui.tree.style import VALUE_PX
from gamesearch_gui.ui.tree.style import Inks

#: A value is shrunk to fit in its shape down to this share of its size, no further.
VALUE_SHRINK: Final = 0.75
#: A bound ("≤2") further, rather than go under its node and crowd its edges' labels.
BOUND_SHRINK: Final = 0.6

#: A vector is staggered over two lines (each under its node, neighbours alternating)
#: only while it is at most this many times its node's room wide.
STAGGER_ROOMS: Final = 1.9

#: Shapes of one style: (shape, how, player or -1) -> the centres drawn so.
Groups = dict[tuple[int, int, int], list[tuple[float, float]]]


def draw_nodes(sheet: Sheet, node_labels: dict[int, str], always_show_window: bool) -> int:
    """The frame's nodes, and the texts they propose (``node_labels``: the editor's
    names; ``always_show_window``: α and β even where they are (−∞, +∞)); the primitives
    drawn."""
    if sheet.r < DOT_PX:
        return _draw_dots(sheet)
    return NodePainter(sheet, node_labels, always_show_window).draw()


def _draw_dots(sheet: Sheet) -> int:
    """Dots: one opaque square each."""
    painter, inks, frame, rec = sheet.painter, sheet.inks, sheet.frame, sheet.rec
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
    side = max(2, round(sheet.r * 1.6))
    half = side / 2
    is_valued, kind_of = sheet.now.is_valued, rec.kind
    for n in frame.nodes:
        x, y = sheet.point(n)
        colour = inks.dot if is_valued(n) else inks.open_dot
        painter.fillRect(round(x - half), round(y - half), side, side, colour[kind_of[n]])
    return len(frame.nodes)


def own_room(lay: Layout, n: int, ax: float) -> float:
    """The width (pixels) of node ``n``'s own part of its level, which no other node's
    text at that level needs: its subtree's slots, as far on either side of it as it lies
    from the nearer edge."""
    first, last = lay.extent(n)
    slots = lay.x(n)
    return 2 * min(slots - first + 0.5, last + 0.5 - slots) * ax


class NodePainter:
    """Paints the nodes of one sheet, shapes grouped by style, and proposes their texts."""

    def __init__(self, sheet: Sheet, node_labels: dict[int, str], always_window: bool) -> None:
        self.sheet = sheet
        self.node_labels = node_labels
        self.always_window = always_window
        s = sheet.s
        self.players = sheet.rec.players
        self.letters = player_letters(self.players)
        self.inked = len(sheet.inks.player_fill)
        self.value_px = VALUE_PX * s
        self.tag_px = int(max(LABEL_PX * s, VALUE_PX * s * 0.7))
        self.small_px = int(LABEL_PX * s)
        self.step = self.small_px * 1.2
        self.show_labels = sheet.show_labels
        self.groups: Groups = {}

    def draw(self) -> int:
        """Every node's texts proposed, then the shapes drawn; the primitives drawn."""
        for n in self.sheet.frame.nodes:
            self._node(n)
        self._fill()
        return len(self.sheet.frame.nodes)

    def _node(self, n: int) -> None:
        """Node ``n``'s shape (into its group) and its texts."""
        sheet, inks = self.sheet, self.sheet.inks
        rec, texts = sheet.rec, sheet.texts
        kind = rec.kind[n]
        valued = sheet.now.is_valued(n)
        how = rec.how[n] if valued else OPEN
        x, y = sheet.point(n)
        r = sheet.r
        who = rec.mover(n) if self.players else None
        # A player's own shape, whoever's search it is (the recording's MAX and MIN only
        # say whether the player is the root's).
        shape = sheet.frame.shapes[n] = kind if who is None else player_shape(who)
        group = (shape, how, -1 if who is None else who % self.inked)
        self.groups.setdefault(group, []).append((x, y))
        under: list[CanvasText] = []
        top = y + r * (1.2 if how == HOW_EVALUATION else 1.05) + self.step / 2 + 1
        value = rec.value[n]
        if who is not None:
            # The player's letter in the shape (its value, a vector, goes under it).
            hollow = how in (OPEN, HOW_EVALUATION)
            letter_ink = inks.player_ink[who % self.inked] if hollow else inks.on_fill
            mark = self.letters[who]
            self.value_inside(n, shape, how, x, y, value, mark, letter_ink)
        # NaN: a drawn node with no value yet (the editor's inner nodes): nothing to
        # write. Values are written even where the smaller labels are too small.
        if valued and not math.isnan(value):
            top = self._value(n, kind, how, who, x, y, top, under)
            if how in (HOW_EVALUATION, HOW_TABLE) and self.show_labels:
                tag = "E" if how == HOW_EVALUATION else "TT"
                tag_ink = inks.tag[kind] if who is None else inks.player_ink[who % self.inked]
                texts.append(
                    CanvasText(x + r * 1.05, y - r, tag, self.tag_px, True, tag_ink, True, MARK, n)
                )
        if self.show_labels and (self.always_window or sheet.model.shows_window(n)):
            ink = inks.colours.text
            for text in sheet.model.window_lines(n):
                line = top + len(under) * self.step * (1.1 if under and under[0].bold else 1.0)
                under.append(CanvasText(x, line, text, self.small_px, False, ink, True, WINDOW, n))
        label = self.node_labels.get(n) if self.show_labels and self.node_labels else None
        if label:
            self._name(n, label, x, y, top, len(under))
        texts.extend(under)

    def _value(
        self,
        n: int,
        kind: int,
        how: int,
        who: int | None,
        x: float,
        y: float,
        top: float,
        under: list[CanvasText],
    ) -> float:
        """Node ``n``'s value: a vector under it, else in its shape, else under it (onto
        ``under``); where the lines under the node now begin."""
        sheet = self.sheet
        value = sheet.rec.value[n]
        if self.players:
            room = own_room(sheet.lay, n, sheet.ax)
            under.append(self._vector_under(n, x, top, who, kind, room))
            return top
        if self.value_inside(n, kind, how, x, y, value):
            return top
        # Too long for the shape (−0.35, ≤ 2 in a triangle): the first line under it. A
        # bound is wider than its number: where "≤ −0.25" has no room, "≤−0.25", else
        # "≤" over "−0.25".
        forms = [shown_value(sheet.rec, n)]
        if node_bound(sheet.rec, n) != "exact":
            # Last, the sign over the number: as wide as the number alone.
            forms += [shown_value(sheet.rec, n, sep=""), shown_value(sheet.rec, n, sep="\n")]
        ink_under = sheet.inks.under[kind]
        # As long as a value fits in a shape, one under a shape is drawn too.
        px = int(self.small_px * 1.15)

        def width(text: str) -> float:  # a column's: its widest line's
            return max(sheet.cache.width(line, READABLE_PX, True) for line in text.split("\n"))

        if self.value_px >= MIN_TEXT_PIXELS:
            px = max(px, int(MIN_TEXT_PIXELS))
        elif sheet.readable and (
            sheet.lay.sparse or width(forms[-1]) <= own_room(sheet.lay, n, sheet.ax)
        ):
            # Too small to read at this zoom (a fitted tree of a few dozen leaves, a
            # folded first view): at the smallest readable size, where the node's own
            # part of its level holds it, as a vector would be (in a first view,
            # wherever it finds room).
            top += (READABLE_PX - px) / 2
            px = READABLE_PX
            if not sheet.lay.sparse:
                room = own_room(sheet.lay, n, sheet.ax)
                forms = [text for text in forms if width(text) <= room]
        # A line lower where a neighbour's value is in the way (values of crowded
        # siblings alternate).
        line = sheet.cache.font(px, True).height
        form: CanvasText | None = None
        for text in reversed(forms):
            y_text = top + line / 2 if "\n" in text else top  # a column: under the node
            lower = ((x, y_text + line, text),)
            form = CanvasText(x, y_text, text, px, True, ink_under, True, VALUE, n, lower, form)
        assert form is not None
        under.append(form)
        return top

    def _name(self, n: int, label: str, x: float, y: float, top: float, lines: int) -> None:
        """Node ``n``'s own label up and to its left, over the left of its subtree (at
        most the reach of a label, never past the scene's edge): a longer label is cut
        there. Where that has no room, under the node's ``lines`` other lines; last, over
        the node on its edge."""
        sheet = self.sheet
        lay, r, ax, tag_px = sheet.lay, sheet.r, sheet.ax, self.tag_px
        room = (lay.x(n) - lay.extent(n)[0] + 0.5) * ax - r * 1.15
        room = min(room, LABEL_REACH_PX - r * 1.15, x - r * 1.15 - sheet.frame.bounds[0] - 1)
        line = top + lines * self.step * 1.1 + (tag_px - self.small_px) / 2
        forms = self._name_places(label, tag_px, room, ax)
        places = [
            (x - r * 1.15 - width / 2 if up else x, y - r * 0.9 if up else line, text)
            for up, text, width in forms
        ]
        under_forms = [text for up, text, _ in forms if not up]
        if sheet.rec.parent[n] != NONE and under_forms:
            # Last, over the node on its edge: under it, its children's edges may need
            # the room for their probabilities, or a cutoff for its mark.
            places.append((x, y - r * 1.25 - tag_px * 0.75, under_forms[0]))
        if places:
            (cx, cy, text), *others = places
            ink = sheet.inks.colours.text
            sheet.texts.append(
                CanvasText(cx, cy, text, tag_px, True, ink, True, NAME, n, tuple(others))
            )

    def _name_places(
        self, label: str, px: int, room: float, ax: float
    ) -> list[tuple[bool, str, float]]:
        """Where a node's label may go, best first: (up and to the left, or under the
        node; the label, cut to the room there; its width). A label cut to a stub says
        nothing, so a place that leaves too little room is not offered."""
        cache = self.sheet.cache
        places = []
        for up, width in ((True, room), (False, ax * 1.8), (False, ax * 0.8)):
            text = cache.elided(label, px, True, width) if width > 0 else ""
            if text == label or len(text) > MIN_ELIDED_CHARS:
                places.append((up, text, cache.width(text, px, True)))
        return places

    def _vector_under(
        self, n: int, x: float, top: float, who: int | None, kind: int, room: float
    ) -> CanvasText:
        """Node ``n``'s vector (a game of n players) under it, in its player's ink; where
        neighbours leave no room, without spaces, or a line lower (staggered).

        ``room`` is the width (pixels) of the node's own part of its level
        (:func:`own_room`). Where the zoom makes the vector too small to read, or too
        wide for staggering to keep each under its node (wider than two rooms: a fitted
        tree of a few dozen leaves), it is written at the smallest readable size
        (``READABLE_PX``): on one line where the room holds it, else as a column of its
        numbers, each in its player's colour (the legend's), top to bottom in the
        players' order; a leaf's room is narrower than its vector, never than a number.
        So neighbours all take the same form, each under its own node.
        """
        sheet = self.sheet
        rec, inks, width = sheet.rec, sheet.inks, sheet.cache.width
        vector = rec.vectors.get(n)
        # A cut vector marks the number it bounds: "(0, ≥ 3, 3)".
        text = shown_value(rec, n) if vector is not None else format_number(rec.value[n])
        tight = text.replace(" ", "")
        px = int(self.small_px * 1.15)
        if self.value_px >= MIN_TEXT_PIXELS:
            px = max(px, int(MIN_TEXT_PIXELS))
        ink = inks.under[kind] if who is None else inks.player_ink[who % len(inks.player_ink)]
        # A line lower, clear of the first line's text (its size may have been raised to
        # the smallest readable one, past what ``step`` allows for).
        lower = top + max(self.step * 1.15, sheet.cache.font(px, True).height)
        places = ((x, lower, text), (x, top, tight), (x, lower, tight))
        if vector is None or not sheet.readable:
            return CanvasText(x, top, text, px, True, ink, True, VALUE, n, places)
        readable = max(px, READABLE_PX)
        raised = top + (readable - px) / 2  # the same gap under the node as at ``px``
        shades = inks.player_ink
        bound, share = node_bound(rec, n), bound_share(rec, n)
        column = "\n".join(vector_numbers(vector, bound, share, sep=""))
        colours = tuple(shades[i % len(shades)] for i in range(len(vector)))
        form = CanvasText(x, raised, column, readable, True, ink, True, VALUE, n, colours=colours)
        if width(tight, readable, True) <= room:
            line = text if width(text, readable, True) <= room else tight
            form = CanvasText(x, raised, line, readable, True, ink, True, VALUE, n, (), form)
        if px >= MIN_TEXT_PIXELS and width(tight, px, True) <= STAGGER_ROOMS * room:
            form = CanvasText(x, top, text, px, True, ink, True, VALUE, n, places, form)
        return form

    def value_inside(
        self,
        n: int,
        kind: int,
        how: int,
        x: float,
        y: float,
        value: float,
        mark: str | None = None,
        ink: QColor | None = None,
    ) -> bool:
        """The value (or ``mark``, in ``ink``) inside the shape, if it fits there at a
        readable size: "≤ 2" where the value is only a bound (:func:`shown_value`), or
        "≤2" where only that fits."""
        rec = self.sheet.rec
        inks, r, px = self.sheet.inks, self.sheet.r, self.value_px
        forms = [(shown_value(rec, n) if mark is None else mark, VALUE_SHRINK)]
        if mark is None and node_bound(rec, n) != "exact":
            forms.append((shown_value(rec, n, sep=""), BOUND_SHRINK))
        cx = x
        if how == HOW_EVALUATION:
            room, cy = r * 1.15, y
            colour = inks.on_eval[kind] if ink is None else ink  # a player's mark has ink
        elif kind == KIND_LEAF:
            room, cy, colour = r * 1.55, y, inks.on_leaf
        elif kind == KIND_MAX:
            room, cy, colour = r * 1.45, y + r * 0.3, inks.on_fill
        elif kind == KIND_MIN:
            room, cy, colour = r * 1.45, y - r * 0.3, inks.on_fill
        elif kind in (SHAPE_LEFT, SHAPE_RIGHT):  # a player's ◀ or ▶: the wide end
            room, cy, colour = r * 1.2, y, inks.on_fill
            cx = x + r * 0.3 if kind == SHAPE_LEFT else x - r * 0.3
        else:
            room, cy, colour = r * 1.6, y, inks.on_fill
        if ink is not None:
            colour = ink
        for text, shrink in forms:
            size = int(px)
            width = self.sheet.cache.width(text, size, True)
            if width > room:
                size = int(px * room / width)
            if size >= max(MIN_TEXT_PIXELS, px * shrink):
                self.sheet.texts.append(
                    CanvasText(cx, cy, text, size, True, colour, False, VALUE, n)
                )
                return True
        return False

    def _fill(self) -> None:
        """The shapes, group by group: a player's in their colour, a node not valued yet
        hollow, an evaluation dashed."""
        sheet = self.sheet
        painter, inks, path, r = sheet.painter, sheet.inks, sheet.path, sheet.r
        outline = max(1.0, 1.4 * sheet.s)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        for (kind, how, who), points in self.groups.items():
            fill, line, style = _style(inks, kind, how, who)
            painter.setBrush(fill)
            painter.setPen(inks.pen(line, outline, style))
            for x, y in points:
                path.clear()
                add_node_shape(path, kind, how, x, y, r)
                painter.drawPath(path)


def _style(inks: Inks, kind: int, how: int, who: int) -> tuple[QColor, QColor, Qt.PenStyle]:
    """The fill, the outline's colour and its line of a group's shapes: a player's (``who``
    from 0: a game of n players) in their colour, else in their kind's; a node not valued
    yet hollow, an evaluation dashed."""
    if who >= 0:
        hollow, evaluated = inks.player_open[who], inks.player_eval_fill[who]
        dashed, filled, solid = (
            inks.player_eval_outline[who],
            inks.player_fill[who],
            inks.player_outline[who],
        )
    else:
        hollow, evaluated = inks.open_outline[kind], inks.eval_fill[kind]
        dashed, filled, solid = inks.eval_outline[kind], inks.fill[kind], inks.outline[kind]
    if how == OPEN:
        return inks.colours.background, hollow, Qt.PenStyle.SolidLine
    if how == HOW_EVALUATION:
        return evaluated, dashed, Qt.PenStyle.DashLine
    return filled, solid, Qt.PenStyle.SolidLine
