"""The MCTS tree drawn: N and Q/N at every node, edges as wide as their visits, the
iteration's path in purple and its playout as a dashed line ending in its result.

It draws a :class:`~gamesearch_gui.ui.tree.mcts_layout.MctsLayout` of the moment (at
most ``MAX_SHOWN`` nodes, so a tree of tens of thousands stays fluid), lays it out again
at most ``RELAYOUTS_PER_S`` times a second, and glides each node from its old place to
its new one over ``GLIDE_MS``. Colours, pens and fonts are the tree view's own
(:mod:`gamesearch_gui.ui.tree.style`).
"""

from __future__ import annotations

import itertools
import math
from typing import Final

from PySide6.QtCore import QElapsedTimer, QPointF, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QMouseEvent, QPainter, QPainterPath, QPaintEvent, QPolygonF, QWheelEvent
from PySide6.QtWidgets import QSizePolicy, QWidget

from gamesearch_gui.core.mcts_recording import MctsMoment, MctsRecording
from gamesearch_gui.core.mcts_text import outcome_text, reward_text
from gamesearch_gui.core.numbers import format_number
from gamesearch_gui.ui.throttle import RateLimiter
from gamesearch_gui.ui.tree.geometry import KIND_CHANCE, KIND_LEAF, KIND_MAX, KIND_MIN
from gamesearch_gui.ui.tree.mcts_layout import MAX_SHOWN, MctsLayout, lay_out
from gamesearch_gui.ui.tree.style import Inks, TreeColours, mix

#: Scene units: the width of one slot, the height of one level, a node's size.
SLOT: Final = 64.0
LEVEL: Final = 64.0
NODE: Final = 20.0
#: Most layouts a second while the moment runs on (live or playing).
RELAYOUTS_PER_S: Final = 4
#: How long a node glides to its new place.
GLIDE_MS: Final = 300
#: The playout's dashed line: its length per ply, at most.
PLAYOUT_PER_PLY: Final = 6.0
PLAYOUT_MAX: Final = 90.0
MIN_SCALE, MAX_SCALE = 0.05, 4.0
#: Fewest nodes drawn however narrow the view.
MIN_SHOWN: Final = 30


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
        self._glide_timer.setInterval(16)
        self._glide_timer.timeout.connect(self._glide_tick)
        self._relayouts = RateLimiter(self, RELAYOUTS_PER_S, self.relayout)
        self._drag: QPointF | None = None
        self._dragged = False
        self.inks = Inks(TreeColours.from_palette(self.palette()))

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
        if moment is None:
            return
        old = self.layout_now
        self._from = {n: self._place(n) for n in old.x}
        # As many nodes as the width can show with their numbers legible (a tree is
        # about twice as many nodes as leaves, and each leaf needs a slot).
        budget = min(max(int(self.width() / (SLOT * 0.7)) * 2, MIN_SHOWN), MAX_SHOWN)
        self.layout_now = lay_out(moment, budget, moment.path())
        if self.follow:
            self.fit()
        self._glide.start()
        self._glide_timer.start()
        self.update()

    def fit(self) -> None:
        """The whole shown tree in view."""
        layout = self.layout_now
        if not layout.x:
            return
        width = max(layout.slots, 1) * SLOT
        height = (max(layout.depth.values()) + 1) * LEVEL + PLAYOUT_MAX
        room_w, room_h = max(self.width() - 20, 50), max(self.height() - 50, 50)
        self._scale = min(max(min(room_w / width, room_h / height), MIN_SCALE), 1.6)
        self._offset = QPointF(
            (self.width() - width * self._scale) / 2, 40 + (room_h - height * self._scale) / 2
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
        layout = self.layout_now
        return (layout.x[n] + 0.5) * SLOT, layout.depth[n] * LEVEL + NODE

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
        """Keep the tree fitted while following."""
        if self.follow:
            self.fit()

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

    def _paint_tree(self, painter: QPainter, moment: MctsMoment, rec: MctsRecording) -> None:
        inks, layout, visits = self.inks, self.layout_now, moment.visits
        colours = inks.colours
        root_visits = max(visits[0], 1)
        path = moment.path()
        on_path = set(itertools.pairwise(path))
        places = {n: self._place(n) for n in layout.x}
        text_shown = self._scale * 9 >= 5
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
        # Stubs: the children not drawn.
        painter.setFont(self.font())
        for stub, sx in layout.stubs:
            px, py = places[stub.parent]
            x, y = (sx + 0.5) * SLOT, py + LEVEL * 0.7
            painter.setPen(inks.pen(colours.silhouette, 1, Qt.PenStyle.DotLine))
            painter.drawLine(QPointF(px, py), QPointF(x, y - 8))
            if text_shown:
                painter.setPen(colours.text)
                painter.drawText(
                    QRectF(x - SLOT / 2, y - 6, SLOT, 30),
                    Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop,
                    f"+{stub.count} more\nN={stub.visits:,}",
                )
        # The playout: a dashed line down from the new node, ending in its result.
        playout = moment.playout()
        if playout is not None and playout[1] in places:
            seq, node, reward = playout
            x, y = places[node]
            plies = len(rec.playout_of(seq))
            end = y + NODE + min(PLAYOUT_MAX, 14 + PLAYOUT_PER_PLY * plies)
            if plies:
                painter.setPen(inks.pen(inks.tried, 2.5, Qt.PenStyle.DashLine))
                painter.drawLine(QPointF(x, y + NODE * 0.6), QPointF(x, end))
            label = f"{reward_text(reward)} {outcome_text(rec, reward)}"
            if plies:
                label = f"{plies} moves → {label}"
            painter.setPen(inks.tried.darker(130))
            painter.drawText(
                QRectF(x - 120, end + 2, 240, 20), Qt.AlignmentFlag.AlignHCenter, label
            )
        # Nodes.
        current = path[-1] if path else None
        for n, (x, y) in places.items():
            self._paint_node(painter, rec, moment, n, x, y, n == current, text_shown)

    def _paint_node(
        self,
        painter: QPainter,
        rec: MctsRecording,
        moment: MctsMoment,
        n: int,
        x: float,
        y: float,
        current: bool,
        text_shown: bool,
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
            ring.addEllipse(QPointF(x, y), r + 5, r + 5)
            colour = inks.current if current else inks.colours.highlight
            painter.setPen(inks.pen(colour, 2.5))
            painter.drawPath(ring)
        if not text_shown:
            return
        painter.setPen(inks.colours.text)
        mean = moment.mean(n)
        lines = [f"N={moment.visits[n]:,}", "–" if mean is None else format_number(mean, 2)]
        if n == self.selected:
            terms = moment.ucb(n)
            if terms is not None:
                lines.append(f"UCB {format_number(terms[2], 2)}")
        painter.drawText(
            QRectF(x - SLOT / 2, y + r + 2, SLOT, 44),
            Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop,
            "\n".join(lines),
        )
        if rec.parent[n] >= 0:
            painter.setPen(inks.tag[KIND_MIN if kind == KIND_MAX else KIND_MAX])
            painter.drawText(
                QRectF(x - SLOT / 2, y - r - 18, SLOT, 16),
                Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignBottom,
                rec.move_text(n),
            )

    def _paint_note(self, painter: QPainter, moment: MctsMoment) -> None:
        """Say what is drawn: all the tree, or its most visited part."""
        layout = self.layout_now
        if layout.shown < layout.total:
            note = (
                f"Showing the {layout.shown:,} most visited of {layout.total:,} nodes; "
                "“+k more” stands for the rest of a node's children."
            )
        else:
            note = f"The whole tree: {layout.total:,} nodes."
        note += "  Edge width: visits.  Purple: this iteration's path.  Green dashes: its playout."
        painter.setPen(self.inks.colours.text)
        painter.drawText(QRectF(8, 4, self.width() - 16, 34), Qt.TextFlag.TextWordWrap, note)
