"""The MCTS tree's canvas: the tree at one moment, fitted, zoomable (wheel) and pannable
(drag), a click choosing a node.

It shows as much of the moment's tree as its size holds with every label at ``TEXT_PX``
at the fitted zoom 1 (:mod:`.fit`), lays it out again at most ``RELAYOUTS_PER_S``
times a second while the moment runs on, and lets the nodes glide to their new places
(:mod:`.glide`). What is drawn where is :mod:`.geometry` and
:mod:`.labels`; the drawing, :mod:`.painter`. Colours, pens and fonts are the
tree view's own (:mod:`gamesearch_gui.ui.tree.style`).
"""

from __future__ import annotations

from typing import Final

from PySide6.QtCore import QPointF
from PySide6.QtCore import QRect
from PySide6.QtCore import QRectF
from PySide6.QtCore import Qt
from PySide6.QtCore import Signal
from PySide6.QtGui import QFontMetrics
from PySide6.QtGui import QMouseEvent
from PySide6.QtGui import QPainter
from PySide6.QtGui import QPaintEvent
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QSizePolicy
from PySide6.QtWidgets import QWidget

from gamesearch_gui.core.recording.mcts import MctsMoment
from gamesearch_gui.core.recording.mcts import MctsRecording
from gamesearch_gui.ui.mcts.fit import Room
from gamesearch_gui.ui.mcts.fit import fitted
from gamesearch_gui.ui.mcts.geometry import NODE
from gamesearch_gui.ui.mcts.geometry import PLAYOUT_MIN
from gamesearch_gui.ui.mcts.geometry import TEXT_PX
from gamesearch_gui.ui.mcts.geometry import MctsScene
from gamesearch_gui.ui.mcts.geometry import Point
from gamesearch_gui.ui.mcts.geometry import Sizes
from gamesearch_gui.ui.mcts.glide import Glide
from gamesearch_gui.ui.mcts.labels import Label
from gamesearch_gui.ui.mcts.labels import MctsLabels
from gamesearch_gui.ui.mcts.layout import MAX_SHOWN
from gamesearch_gui.ui.mcts.layout import MctsLayout
from gamesearch_gui.ui.mcts.painter import MctsPainter
from gamesearch_gui.ui.mcts.painter import note_text
from gamesearch_gui.ui.throttle import RateLimiter
from gamesearch_gui.ui.tree.style import Inks
from gamesearch_gui.ui.tree.style import TextCache
from gamesearch_gui.ui.tree.style import TreeColours

#: Most layouts a second while the moment runs on (live or playing).
RELAYOUTS_PER_S: Final = 4
MIN_SCALE, MAX_SCALE = 0.05, 4.0


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
        self._glide = Glide(self)
        self._relayouts = RateLimiter(self, RELAYOUTS_PER_S, self.relayout)
        self._drag: QPointF | None = None
        self._dragged = False
        self.inks = Inks(TreeColours.from_palette(self.palette()))
        self.text = TextCache()
        self.text.set_base(self.font())
        self.labels = MctsLabels(self.text, self.inks)
        self._painter = MctsPainter(self.labels)
        self._note_metrics = QFontMetrics(self.font())
        self.sizes = Sizes()
        self._room_cache: tuple[tuple[int, int], Room] | None = None

    # -- what is shown -------------------------------------------------------------------

    def set_recording(self, recording: MctsRecording | None) -> None:
        """Draw ``recording`` (from its start) or nothing."""
        self.recording = recording
        self.moment = MctsMoment(recording) if recording is not None else None
        self.layout_now = MctsLayout()
        self._glide.clear()
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

    def scene(self) -> MctsScene | None:
        """What is drawn now (None before a recording)."""
        if self.moment is None:
            return None
        return MctsScene(self.moment, self.layout_now, self.sizes, self.selected)

    def relayout(self) -> None:
        """Lay the moment's tree out again, gliding from where the nodes were drawn."""
        moment = self.moment
        if moment is None or moment.node_limit == 0:
            self.layout_now = MctsLayout()
            self.update()
            return
        was = self._places()
        self.layout_now, self.sizes = fitted(moment, self._room(), self.labels)
        if self.follow:
            self.fit()
        self._glide.begin(was, MctsScene(moment, self.layout_now, self.sizes).targets())
        self.update()

    def _room(self) -> Room:
        """The canvas's room for the tree at zoom 1: its width, its height above the
        playout's band, and where it starts (below the note)."""
        size = (self.width(), self.height())
        if self._room_cache is not None and self._room_cache[0] == size:
            return self._room_cache[1]
        note = self._note_metrics.boundingRect(
            QRect(0, 0, max(self.width() - 16, 50), 1000),
            int(Qt.TextFlag.TextWordWrap),
            note_text(MAX_SHOWN, 99_999),
        )
        top = note.height() + 10.0
        band = PLAYOUT_MIN + self.labels.line() + 4
        room = Room(max(self.width() - 16.0, 50.0), max(self.height() - top - band - 8, 50.0), top)
        self._room_cache = (size, room)
        return room

    def fit(self) -> None:
        """The whole shown tree in view, at zoom 1 when it fits (it was laid out to)."""
        scene = self.scene()
        if scene is None or not scene.layout.x:
            return
        left, right = self.labels.reach(scene)
        width = right - left
        height = scene.band_top() + scene.sizes.line + 4
        room_w, room_h = max(self.width() - 16, 50), max(self.height() - scene.sizes.top - 8, 50)
        # A pixel's slack: a layout made to fill the room exactly is drawn at zoom 1.
        ratio = min((room_w + 1) / width, (room_h + 1) / height)
        self._scale = min(max(ratio, MIN_SCALE), 1.0)
        self._offset = QPointF(
            (self.width() - width * self._scale) / 2 - left * self._scale, scene.sizes.top
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

    def _places(self) -> dict[int, Point]:
        """Where each drawn node is now, part way along its glide."""
        scene = self.scene()
        if scene is None:
            return {}
        return self._glide.places(scene.targets(), scene.recording.parent)

    def node_at(self, pos: QPointF) -> int | None:
        """The node drawn under ``pos`` (widget pixels), if any."""
        best, best_d = None, (NODE * 0.9) ** 2
        sx = (pos.x() - self._offset.x()) / self._scale
        sy = (pos.y() - self._offset.y()) / self._scale
        for n, (x, y) in self._places().items():
            d = (x - sx) ** 2 + (y - sy) ** 2
            if d < best_d:
                best, best_d = n, d
        return best

    def screen_point(self, n: int) -> QPointF:
        """Where node ``n``, a drawn node, is on screen at the end of its glide."""
        scene = self.scene()
        if scene is None or n not in scene.layout.x:
            raise KeyError(f"node {n} is not drawn")
        x, y = scene.target(n)
        return QPointF(self._offset.x() + x * self._scale, self._offset.y() + y * self._scale)

    def screen_labels(self) -> list[tuple[Label, float]]:
        """Each label as it is on the canvas at the end of the glide (its rectangle in
        widget pixels) and its text's size there in pixels: what a test checks."""
        scene = self.scene()
        if scene is None:
            return []
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
            for label in self.labels.labels(scene)
        ]

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
        scene = self.scene()
        if scene is None or not scene.layout.x:
            painter.end()
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.save()
        painter.translate(self._offset)
        painter.scale(self._scale, self._scale)
        self._painter.paint(painter, scene, self._places(), self._scale)
        painter.restore()
        layout = scene.layout
        self._painter.paint_note(
            painter,
            QRectF(8, 4, self.width() - 16, scene.sizes.top - 6),
            self.font(),
            note_text(layout.shown, layout.total),
        )
        painter.end()
