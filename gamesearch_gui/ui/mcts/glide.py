"""The MCTS tree's nodes glide from where they were drawn to their new places, so a new
layout never makes the tree jump.

A glide lasts ``GLIDE_MS`` and is drawn ``1000 / GLIDE_FRAME_MS`` times a second (each
frame writes every label, and the path moves at each layout); a node new to the tree
starts where its parent was. A layout that moved nothing starts no glide, so a long
search's many relayouts cost no frames.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from PySide6.QtCore import QElapsedTimer
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QWidget

from gamesearch_gui.ui.mcts.geometry import Point

#: How long a node glides to its new place, and how often it is drawn on its way (30
#: frames a second).
GLIDE_MS: Final = 300
GLIDE_FRAME_MS: Final = 33


class Glide:
    """Where each node is drawn on its way; repaints ``widget`` while they move."""

    def __init__(self, widget: QWidget) -> None:
        self._widget = widget
        self._from: dict[int, Point] = {}
        self._clock = QElapsedTimer()
        self._frames = QTimer(widget)
        self._frames.setInterval(GLIDE_FRAME_MS)
        self._frames.timeout.connect(self._frame)

    def clear(self) -> None:
        """Forget where nodes were: the next places are drawn at once."""
        self._from = {}

    def begin(self, was: dict[int, Point], now: dict[int, Point]) -> None:
        """Glide from ``was`` (where each node was drawn) to ``now`` (where it goes)."""
        if was.keys() == now.keys() and all(was[n] == now[n] for n in was):
            self._from = {}  # nothing moved: no glide to draw (most relayouts of a long search)
            return
        self._from = was
        self._clock.start()
        self._frames.start()

    def places(self, targets: dict[int, Point], parent: Sequence[int]) -> dict[int, Point]:
        """Where each node of ``targets`` is drawn now, part way along its glide (a node
        new to the tree from its ``parent``'s old place)."""
        t = min(self._clock.elapsed() / GLIDE_MS, 1.0) if self._clock.isValid() else 1.0
        if t >= 1.0 or not self._from:
            return dict(targets)
        ease = 1 - (1 - t) ** 3
        starts = self._from
        drawn: dict[int, Point] = {}
        for n, (x, y) in targets.items():
            start = starts.get(n)
            if start is None:
                up = parent[n]
                start = starts.get(up) if up >= 0 else None
            if start is None:
                drawn[n] = x, y
            else:
                drawn[n] = start[0] + (x - start[0]) * ease, start[1] + (y - start[1]) * ease
        return drawn

    def _frame(self) -> None:
        if not self._clock.isValid() or self._clock.elapsed() >= GLIDE_MS:
            self._frames.stop()
        self._widget.update()
