"""The MCTS tree's texts and where each goes: N and Q/N under every node, its move at its
left, each stub's count and visits, the playout's result in a band under the tree, the
chosen node's UCB sum.

Every text is one line at ``TEXT_PX`` and its rectangle is exactly its text's width, so
the canvas can fit the tree (:mod:`.fit`) and a test can check that no two touch.
The words come from :mod:`gamesearch_gui.core.narration.mcts`; the widths from the tree's
:class:`~gamesearch_gui.ui.tree.style.TextCache`.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor

from gamesearch_gui.core.narration.mcts import deeper_text
from gamesearch_gui.core.narration.mcts import playout_text
from gamesearch_gui.core.narration.mcts import q_per_n_text
from gamesearch_gui.core.narration.mcts import ucb_sum_text
from gamesearch_gui.core.narration.mcts import visits_text
from gamesearch_gui.ui.mcts.geometry import NODE
from gamesearch_gui.ui.mcts.geometry import PLAYOUT_MIN
from gamesearch_gui.ui.mcts.geometry import TEXT_PX
from gamesearch_gui.ui.mcts.geometry import MctsScene
from gamesearch_gui.ui.mcts.geometry import Point
from gamesearch_gui.ui.tree.geometry import KIND_MAX
from gamesearch_gui.ui.tree.geometry import KIND_MIN
from gamesearch_gui.ui.tree.style import Inks
from gamesearch_gui.ui.tree.style import TextCache


@dataclass(frozen=True, slots=True)
class Label:
    """One text drawn in the tree: where (scene units), what, and in which ink."""

    rect: QRectF
    text: str
    ink: QColor
    role: str  #: "value", "move", "stub", "playout", "ucb"


@dataclass(frozen=True, slots=True)
class PlayoutLine:
    """The playout drawn: a dashed line from ``start`` down to ``end``, and its result."""

    start: QPointF
    end: QPointF
    label: Label


class MctsLabels:
    """The texts of an :class:`~.geometry.MctsScene`, measured with ``text`` and in
    the colours of ``inks``."""

    def __init__(self, text: TextCache, inks: Inks) -> None:
        self.text = text
        self.inks = inks
        self.playout_ink = inks.tried.darker(130)

    def width(self, text: str) -> float:
        """How wide ``text`` is written (scene units)."""
        return self.text.width(text, TEXT_PX, False)

    def line(self) -> float:
        """How high a line of text is (scene units)."""
        return self.text.font(TEXT_PX, False).height

    def labels(
        self,
        scene: MctsScene,
        places: dict[int, Point] | None = None,
        playout: PlayoutLine | None = None,
    ) -> list[Label]:
        """Every text of ``scene``, the nodes at ``places`` (where they end their glide
        when None); ``playout``: its line, when already found for these places."""
        moment, rec = scene.moment, scene.recording
        if places is None:
            places = scene.targets()
        inks, r, line = self.inks, NODE / 2, scene.sizes.line
        plain = inks.colours.text
        found: list[Label] = []

        def add(cx: float, y: float, text: str, ink: QColor, role: str) -> None:
            w = self.width(text)
            found.append(Label(QRectF(cx - w / 2, y, w, line), text, ink, role))

        for n, (x, y) in places.items():
            add(x, y + r + 2, visits_text(moment.visits[n]), plain, "value")
            add(x, y + r + 2 + line, q_per_n_text(moment.mean(n)), plain, "value")
            if rec.parent[n] >= 0:
                text = rec.move_text(n)
                w = self.width(text)
                tag = inks.tag[KIND_MIN if rec.kind[n] == KIND_MAX else KIND_MAX]
                add(x - r - 4 - w / 2, y - line / 2, text, tag, "move")
        for stub, slot in scene.layout.stubs:
            if stub.parent in places:
                x, y = scene.stub_place(slot, places[stub.parent][1])
                add(x, y + 2, f"+{stub.count} more", plain, "stub")
                add(x, y + 2 + line, visits_text(stub.visits), plain, "stub")
        playout = playout or self.playout(scene, places)
        if playout is not None:
            found.append(playout.label)
        chosen = scene.selected
        if chosen is not None and chosen in places:
            text = ucb_sum_text(moment, chosen)
            if text:
                x, y = places[chosen]
                # A third line under N and Q/N, in the gap above the next level's labels.
                add(x, y + r + 3 + 2 * line, text, inks.colours.highlight, "ucb")
        return found

    def playout(self, scene: MctsScene, places: dict[int, Point]) -> PlayoutLine | None:
        """The playout's line and result, or None when the moment has none: from under the
        new node, or under the stub that holds it when the path goes deeper than the
        levels drawn."""
        moment, rec, layout = scene.moment, scene.recording, scene.layout
        playout = moment.playout()
        if playout is None:
            return None
        seq, node, reward = playout
        line, r = scene.sizes.line, NODE / 2
        text = playout_text(rec, len(rec.playout_of(seq)), reward)
        if node in places:
            x, y = places[node]
            start = y + r + 2 + 2 * line
        else:
            path = moment.path()
            deepest = layout.deepest_shown(path)
            if deepest is None:
                return None
            slot = layout.stub_of(deepest)
            if slot is None:
                return None
            x, y = scene.stub_place(slot, places[deepest][1])
            start = y + 2 + 2 * line
            text = deeper_text(len(path) - 1 - layout.depth[deepest], text)
        band = max(scene.band_top(), start + PLAYOUT_MIN)
        w = self.width(text)
        right = scene.width()
        cx = x if right < w else min(max(x, w / 2), right - w / 2)
        label = Label(QRectF(cx - w / 2, band, w, line), text, self.playout_ink, "playout")
        return PlayoutLine(QPointF(x, start), QPointF(x, band), label)

    def reach(self, scene: MctsScene) -> tuple[float, float]:
        """How far the tree and its texts reach, left and right (scene units), the chosen
        node's UCB sum aside (it is drawn over the rest)."""
        left, right = 0.0, scene.width()
        for label in self.labels(scene):
            if label.role != "ucb":
                left, right = min(left, label.rect.left()), max(right, label.rect.right())
        return left, right
