"""The MCTS tree drawn: N and Q/N at every node, edges as wide as their visits, the
iteration's path in purple and its playout as a dashed line ending in its result.

It draws a :class:`~gamesearch_gui.ui.tree.mcts_layout.MctsLayout` of the moment: as
many nodes (at most ``MAX_SHOWN``) and levels as the canvas holds with every label at
``TEXT_PX`` at the fitted zoom 1 and none touching another, so a student reads the
numbers without zooming and a tree of tens of thousands stays fluid. It lays it out again
at most ``RELAYOUTS_PER_S`` times a second, and glides each node from its old place to
its new one over ``GLIDE_MS``. Colours, pens and fonts are the tree view's own
(:mod:`gamesearch_gui.ui.tree.style`).
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from typing import Final

from PySide6.QtCore import QElapsedTimer, QPointF, QRect, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import (
    QColor,
    QFontMetrics,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPaintEvent,
    QPolygonF,
    QWheelEvent,
)
from PySide6.QtWidgets import QSizePolicy, QWidget

from gamesearch_gui.core.mcts_recording import MctsMoment, MctsRecording
from gamesearch_gui.core.mcts_text import (
    q_per_n_text,
    result_text,
    ucb_sum_text,
    visits_text,
)
from gamesearch_gui.ui.boards.painting import MIN_TEXT_PIXELS
from gamesearch_gui.ui.throttle import RateLimiter
from gamesearch_gui.ui.tree.geometry import KIND_CHANCE, KIND_LEAF, KIND_MAX, KIND_MIN
from gamesearch_gui.ui.tree.mcts_layout import MAX_SHOWN, MctsLayout, lay_out
from gamesearch_gui.ui.tree.style import VALUE_PX, Inks, TextCache, TreeColours, mix

#: Scene units (pixels at the fitted zoom): a node's size, and the space between labels.
NODE: Final = 16.0
GAP: Final = 6.0
#: Text size of every label (scene units): the minimax view's values' size, so the fitted
#: view, drawn at zoom 1, writes N and Q/N as legibly as the minimax tree its values.
TEXT_PX: Final = int(VALUE_PX)
#: The levels spread to fill the height, up to this many times their least height.
MAX_SPREAD: Final = 2.0
#: Most layouts a second while the moment runs on (live or playing).
RELAYOUTS_PER_S: Final = 4
#: How long a node glides to its new place, and how often it is drawn on its way (30
#: frames a second: each frame writes every label, and the path moves at each layout).
GLIDE_MS: Final = 300
GLIDE_FRAME_MS: Final = 33
#: The playout's dashed line: at least this long down to its result.
PLAYOUT_MIN: Final = 12.0
MIN_SCALE, MAX_SCALE = 0.05, 4.0
#: Most layouts tried to find the most nodes that fit.
FIT_TRIES: Final = 8


@dataclass(frozen=True, slots=True)
class Label:
    """One text drawn in the tree: where (scene units), what, and in which ink."""

    rect: QRectF
    text: str
    ink: QColor
    role: str  #: "value", "move", "stub", "playout", "ucb"


@dataclass(frozen=True, slots=True)
class Sizes:
    """The sizes a layout is drawn with (scene units), chosen from the canvas's size."""

    slot: float = 70.0
    level: float = 60.0
    line: float = 13.0
    top: float = 40.0  #: where the tree starts: below the note


class MctsCanvas(QWidget):
    """The MCTS tree at one moment, zoomable (wheel) and pannable (drag)."""

    #: A node was clicked (its index; -1 for the background).
    nodeClicked = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(200, 150)
        self.setMouseTracking(False)
        self.recording: MctsRecording | None = None
        self.moment: MctsMoment | None = None
        self.layout_now = MctsLayout()
        self.selected: int | None = None
        self.follow = True
        self._scale = 1.0
        self._offset = QPointF(0, 0)
        self._from: dict[int, tuple[float, float]] = {}
        self._glide = QElapsedTimer()
        self._glide_timer = QTimer(self)
        self._glide_timer.setInterval(GLIDE_FRAME_MS)
        self._glide_timer.timeout.connect(self._glide_tick)
        self._relayouts = RateLimiter(self, RELAYOUTS_PER_S, self.relayout)
        self._drag: QPointF | None = None
        self._dragged = False
        self.inks = Inks(TreeColours.from_palette(self.palette()))
        self._halo = self.inks.colours.background  # labels read over the edges
        self._playout_ink = self.inks.tried.darker(130)
        self.text = TextCache()
        self.text.set_base(self.font())
        self._note_metrics = QFontMetrics(self.font())
        self.sizes = Sizes()
        self._room_cache: tuple[tuple[int, int], tuple[float, float, float]] | None = None

    # -- what is shown -------------------------------------------------------------------

    def set_recording(self, recording: MctsRecording | None) -> None:
        """Draw ``recording`` (from its start) or nothing."""
        self.recording = recording
        self.moment = MctsMoment(recording) if recording is not None else None
        self.layout_now = MctsLayout()
        self._from = {}
        self.selected = None
        self.follow = True
        self.update()

    def set_moment(self, k: int, *, steady: bool) -> None:
        """Show moment ``k``; ``steady``: lay out again at the steady rate (live, playing),
        else at once (a step, a jump)."""
        if self.moment is None:
            return
        self.moment.seek(k)
        if steady:
            self._relayouts.request()
        else:
            self._relayouts.cancel()
            self.relayout()
        self.update()

    def relayout(self) -> None:
        """Lay the moment's tree out again, gliding from where the nodes were drawn."""
        moment = self.moment
        if moment is None or moment.node_limit == 0:
            self.layout_now = MctsLayout()
            self.update()
            return
        old = self.layout_now
        self._from = {n: self._place(n) for n in old.x}
        narrower = 0.0
        for _ in range(3):  # moves written left of the first nodes: narrower slots
            self.layout_now, self.sizes = self._fitted_layout(moment, narrower)
            left, right = self._bounds()
            over = right - left - self._room()[0]
            if over <= 0.5:
                break
            narrower += over
        if self.follow:
            self.fit()
        if self._from.keys() == self.layout_now.x.keys() and all(
            self._from[n] == self._target(n) for n in self._from
        ):
            self._from = {}  # nothing moved: no glide to draw (most relayouts of a long search)
        else:
            self._glide.start()
            self._glide_timer.start()
        self.update()

    def _room(self) -> tuple[float, float, float]:
        """The canvas's room for the tree at zoom 1: its width, its height above the
        playout's band, and where it starts (below the note)."""
        size = (self.width(), self.height())
        if self._room_cache is not None and self._room_cache[0] == size:
            return self._room_cache[1]
        metrics = self._note_metrics
        note = metrics.boundingRect(
            QRect(0, 0, max(self.width() - 16, 50), 1000),
            int(Qt.TextFlag.TextWordWrap),
            self._note_text(MAX_SHOWN, 99_999),
        )
        top = note.height() + 10.0
        line = self.text.font(TEXT_PX, False).height
        band = PLAYOUT_MIN + line + 4
        room = max(self.width() - 16.0, 50.0), max(self.height() - top - band - 8, 50.0), top
        self._room_cache = (size, room)
        return room

    def _bounds(self) -> tuple[float, float]:
        """How far the tree and its labels reach, left and right (scene units)."""
        left, right = 0.0, max(self.layout_now.slots, 1) * self.sizes.slot
        for label in self.labels():
            if label.role != "ucb":  # the chosen node's, drawn over the rest
                left, right = min(left, label.rect.left()), max(right, label.rect.right())
        return left, right

    def _fitted_layout(self, moment: MctsMoment, narrower: float = 0.0) -> tuple[MctsLayout, Sizes]:
        """The most nodes whose labels fit the canvas at zoom 1 without touching, and the
        slot and level sizes that spread them over it (``narrower`` than the canvas)."""
        line = self.text.font(TEXT_PX, False).height
        widest = max(
            self.text.width(text, TEXT_PX, False)
            for text in (visits_text(moment.visits[0]), "Q/N=−0.00", "+888 more")
        )
        slot_min = widest + 2 * GAP
        block = NODE + 2 + 2 * line  # a node and its two lines of numbers
        level_min = block + GAP + NODE / 2  # down to the top of the next level's nodes
        room_w, room_h, top = self._room()
        room_w = max(room_w - narrower, slot_min)
        rows = max(1 + int((room_h - block) // level_min), 1)
        max_slots = max(int(room_w // slot_min), 1)
        path = moment.path()

        def attempt(budget: int) -> MctsLayout:
            layout = lay_out(moment, budget, path, rows - 1)
            if layout.rows > rows and rows > 1:  # stubs below the last level: one less
                layout = lay_out(moment, budget, path, rows - 2)
            return layout

        # The most nodes that fit across: the widest budget whose slots fit.
        fits, too_many = 0, MAX_SHOWN + 1
        budget = min(max_slots * 2, MAX_SHOWN)
        best = None
        for _ in range(FIT_TRIES):
            layout = attempt(budget)
            if layout.slots <= max_slots:
                best, fits = layout, budget
                if layout.shown < budget:
                    break  # every node there is down to the last level
            else:
                too_many = budget
                best = best or (layout if budget == 1 else None)
            if too_many - fits <= 1:
                break
            budget = (fits + too_many) // 2 if too_many <= MAX_SHOWN else min(fits * 2, MAX_SHOWN)
            budget = max(budget, 1)
        if best is None:
            best = attempt(1)  # the path alone does not fit: drawn smaller
        slot = min(max(room_w / max(best.slots, 1), slot_min), slot_min * MAX_SPREAD)
        level = level_min
        if best.rows > 1:
            level = min(max((room_h - block) / (best.rows - 1), level_min), level_min * MAX_SPREAD)
        return best, Sizes(slot, level, line, top)

    def fit(self) -> None:
        """The whole shown tree in view, at zoom 1 when it fits (it was laid out to)."""
        layout, geo = self.layout_now, self.sizes
        if not layout.x:
            return
        left, right = self._bounds()
        width = right - left
        height = self._band_top() + geo.line + 4
        room_w, room_h = max(self.width() - 16, 50), max(self.height() - geo.top - 8, 50)
        # A pixel's slack: a layout made to fill the room exactly is drawn at zoom 1.
        ratio = min((room_w + 1) / width, (room_h + 1) / height)
        self._scale = min(max(ratio, MIN_SCALE), 1.0)
        self._offset = QPointF(
            (self.width() - width * self._scale) / 2 - left * self._scale, geo.top
        )
        self.update()

    def zoom(self, factor: float, at: QPointF | None = None) -> None:
        """Zoom by ``factor`` about ``at`` (the centre when None); stops following."""
        at = at if at is not None else QPointF(self.width() / 2, self.height() / 2)
        scale = min(max(self._scale * factor, MIN_SCALE), MAX_SCALE)
        real = scale / self._scale
        self._offset = at - (at - self._offset) * real
        self._scale = scale
        self.follow = False
        self.update()

    # -- places --------------------------------------------------------------------------

    def _target(self, n: int) -> tuple[float, float]:
        layout, geo = self.layout_now, self.sizes
        return (layout.x[n] + 0.5) * geo.slot, layout.depth[n] * geo.level + NODE / 2

    def _band_top(self) -> float:
        """Where the playout's result is written: below every level."""
        geo = self.sizes
        return (
            (max(self.layout_now.rows, 1) - 1) * geo.level + NODE + 2 + 2 * geo.line + PLAYOUT_MIN
        )

    def _place(self, n: int) -> tuple[float, float]:
        """Where node ``n`` is drawn now, part way along its glide."""
        x, y = self._target(n) if n in self.layout_now.x else self._from.get(n, (0.0, 0.0))
        start = self._from.get(n)
        if start is None and self.recording is not None:
            parent = self.recording.parent[n]
            start = self._from.get(parent) if parent >= 0 else None
        t = min(self._glide.elapsed() / GLIDE_MS, 1.0) if self._glide.isValid() else 1.0
        if start is None or t >= 1.0:
            return x, y
        ease = 1 - (1 - t) ** 3
        return start[0] + (x - start[0]) * ease, start[1] + (y - start[1]) * ease

    def _glide_tick(self) -> None:
        if not self._glide.isValid() or self._glide.elapsed() >= GLIDE_MS:
            self._glide_timer.stop()
        self.update()

    def node_at(self, pos: QPointF) -> int | None:
        """The node drawn under ``pos`` (widget pixels), if any."""
        best, best_d = None, (NODE * 0.9) ** 2
        sx = (pos.x() - self._offset.x()) / self._scale
        sy = (pos.y() - self._offset.y()) / self._scale
        for n in self.layout_now.x:
            x, y = self._place(n)
            d = (x - sx) ** 2 + (y - sy) ** 2
            if d < best_d:
                best, best_d = n, d
        return best

    def screen_point(self, n: int) -> QPointF:
        """Where node ``n`` is on screen (for tests and tooltips)."""
        x, y = self._target(n)
        return QPointF(self._offset.x() + x * self._scale, self._offset.y() + y * self._scale)

    # -- the person's side ---------------------------------------------------------------

    def wheelEvent(self, event: QWheelEvent) -> None:
        """Zoom about the mouse."""
        steps = event.angleDelta().y() / 120
        if steps:
            self.zoom(1.2**steps, event.position())

    def mousePressEvent(self, event: QMouseEvent) -> None:
        """Start a drag (or a click)."""
        self._drag = event.position()
        self._dragged = False

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        """Pan."""
        if self._drag is None:
            return
        delta = event.position() - self._drag
        if self._dragged or abs(delta.x()) + abs(delta.y()) > 4:
            self._dragged = True
            self._drag = event.position()
            self._offset += delta
            self.follow = False
            self.update()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        """A click without a drag chooses a node."""
        if self._drag is not None and not self._dragged:
            n = self.node_at(event.position())
            self.nodeClicked.emit(-1 if n is None else n)
        self._drag = None

    def resizeEvent(self, event: object) -> None:
        """Keep the tree fitted while following: as many nodes as the new size shows."""
        if self.follow:
            self.relayout()

    # -- painting ------------------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:
        """The tree, then the note of what is shown."""
        painter = QPainter(self)
        painter.fillRect(self.rect(), self.inks.colours.background)
        moment, rec = self.moment, self.recording
        if moment is None or rec is None or not self.layout_now.x:
            painter.end()
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.save()
        painter.translate(self._offset)
        painter.scale(self._scale, self._scale)
        self._paint_tree(painter, moment, rec)
        painter.restore()
        self._paint_note(painter, moment)
        painter.end()

    def labels(
        self,
        places: dict[int, tuple[float, float]] | None = None,
        playout: tuple[QPointF, QPointF, Label] | None = None,
    ) -> list[Label]:
        """Every text of the tree (scene units), the nodes at ``places`` (where they end
        their glide when None): N and Q/N under each node, its move at its left, each
        stub's count and visits, the playout's result, the chosen node's UCB."""
        moment, rec = self.moment, self.recording
        if moment is None or rec is None:
            return []
        if places is None:
            places = {n: self._target(n) for n in self.layout_now.x}
        geo, inks, r = self.sizes, self.inks, NODE / 2
        line = geo.line
        found: list[Label] = []

        def add(cx: float, y: float, text: str, ink: QColor, role: str) -> None:
            w = self.text.width(text, TEXT_PX, False)
            found.append(Label(QRectF(cx - w / 2, y, w, line), text, ink, role))

        for n, (x, y) in places.items():
            add(x, y + r + 2, visits_text(moment.visits[n]), inks.colours.text, "value")
            add(x, y + r + 2 + line, q_per_n_text(moment.mean(n)), inks.colours.text, "value")
            if rec.parent[n] >= 0:
                text = rec.move_text(n)
                w = self.text.width(text, TEXT_PX, False)
                ink = inks.tag[KIND_MIN if rec.kind[n] == KIND_MAX else KIND_MAX]
                add(x - r - 4 - w / 2, y - line / 2, text, ink, "move")
        for stub, sx in self.layout_now.stubs:
            if stub.parent in places:
                y = places[stub.parent][1] + geo.level - r + 2
                x = (sx + 0.5) * geo.slot
                add(x, y, f"+{stub.count} more", inks.colours.text, "stub")
                add(x, y + line, visits_text(stub.visits), inks.colours.text, "stub")
        playout = playout or self._playout(places)
        if playout is not None:
            found.append(playout[2])
        chosen = self.selected
        if chosen is not None and chosen in places:
            text = ucb_sum_text(moment, chosen)
            if text:
                x, y = places[chosen]
                # A third line under N and Q/N, in the gap above the next level's labels.
                add(x, y + r + 3 + 2 * line, text, inks.colours.highlight, "ucb")
        return found

    def screen_labels(self) -> list[tuple[Label, float]]:
        """Each label as it is on the canvas at the end of the glide (its rectangle in
        widget pixels) and its text's size there in pixels: what a test checks."""
        scale, off = self._scale, self._offset
        return [
            (
                Label(
                    QRectF(
                        off.x() + label.rect.x() * scale,
                        off.y() + label.rect.y() * scale,
                        label.rect.width() * scale,
                        label.rect.height() * scale,
                    ),
                    label.text,
                    label.ink,
                    label.role,
                ),
                TEXT_PX * scale,
            )
            for label in self.labels()
        ]

    def _playout(
        self, places: dict[int, tuple[float, float]]
    ) -> tuple[QPointF, QPointF, Label] | None:
        """The playout's dashed line (from, to) and its result, or None when the moment
        has none: from under the new node, or under the stub that holds it when the path
        goes deeper than the levels drawn."""
        moment, rec = self.moment, self.recording
        if moment is None or rec is None:
            return None
        playout = moment.playout()
        if playout is None:
            return None
        seq, node, reward = playout
        geo, r = self.sizes, NODE / 2
        plies = len(rec.playout_of(seq))
        result = result_text(rec, reward)
        moves = "move" if plies == 1 else "moves"
        text = f"playout: {plies} {moves} → {result}" if plies else f"the game ends: {result}"
        if node in places:
            x, y = places[node]
            start = y + r + 2 + 2 * geo.line
        else:
            path = moment.path()
            shown = [n for n in path if n in places]
            if not shown:
                return None
            deepest = shown[-1]
            stub_x = next(
                (sx for stub, sx in self.layout_now.stubs if stub.parent == deepest), None
            )
            if stub_x is None:
                return None
            x = (stub_x + 0.5) * geo.slot
            start = places[deepest][1] + geo.level - r + 2 + 2 * geo.line
            deeper = len(path) - len(shown)
            levels = "level" if deeper == 1 else "levels"
            text = f"{deeper} {levels} deeper in “more”, then {text}"
        band = max(self._band_top(), start + PLAYOUT_MIN)
        w = self.text.width(text, TEXT_PX, False)
        right = max(self.layout_now.slots, 1) * geo.slot
        cx = x if right < w else min(max(x, w / 2), right - w / 2)
        label = Label(QRectF(cx - w / 2, band, w, geo.line), text, self._playout_ink, "playout")
        return QPointF(x, start), QPointF(x, band), label

    def _paint_tree(self, painter: QPainter, moment: MctsMoment, rec: MctsRecording) -> None:
        inks, layout, visits, geo = self.inks, self.layout_now, moment.visits, self.sizes
        colours = inks.colours
        root_visits = max(visits[0], 1)
        path = moment.path()
        on_path = set(itertools.pairwise(path))
        places = {n: self._place(n) for n in layout.x}
        r = NODE / 2
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
            hides_path = next(n for n in reversed(path) if n in places)
        for stub, sx in layout.stubs:
            px, py = places[stub.parent]
            x, y = (sx + 0.5) * geo.slot, py + geo.level - r
            inside = stub.parent == hides_path
            colour = inks.current if inside else colours.silhouette
            painter.setPen(inks.pen(colour, 2.5 if inside else 1.2, Qt.PenStyle.DotLine))
            painter.drawLine(QPointF(px, py), QPointF(x, y))
        # The playout: a dashed line down from the new node to its result.
        playout = self._playout(places)
        if playout is not None:
            start, end, _ = playout
            painter.setPen(inks.pen(inks.tried, 2.5, Qt.PenStyle.DashLine))
            painter.drawLine(start, end)
        # Nodes, then every text over the lines.
        for n, (x, y) in places.items():
            self._paint_node(painter, rec, n, x, y, n == last)
        if self._scale * TEXT_PX < MIN_TEXT_PIXELS:
            return
        entry = self.text.font(TEXT_PX, False)
        painter.setFont(entry.font)
        ascent = entry.ascent
        for label in self.labels(places, playout):
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
        self, painter: QPainter, rec: MctsRecording, n: int, x: float, y: float, current: bool
    ) -> None:
        inks = self.inks
        kind = rec.kind[n]
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
        if current or n == self.selected:
            ring = QPainterPath()
            ring.addEllipse(QPointF(x, y), r + 4, r + 4)
            colour = inks.current if current else inks.colours.highlight
            painter.setPen(inks.pen(colour, 2.5))
            painter.drawPath(ring)

    @staticmethod
    def _note_text(shown: int, total: int) -> str:
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

    def _paint_note(self, painter: QPainter, moment: MctsMoment) -> None:
        """Say what is drawn: all the tree, or its most visited part."""
        layout = self.layout_now
        painter.setFont(self.font())
        painter.setPen(self.inks.colours.text)
        painter.drawText(
            QRectF(8, 4, self.width() - 16, self.sizes.top - 6),
            Qt.TextFlag.TextWordWrap,
            self._note_text(layout.shown, layout.total),
        )
