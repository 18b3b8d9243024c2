"""Following: the tree canvas keeps the node of the moment's event in view.

While a search runs, a fast search would scroll (and repaint the whole view) at every
batch: following scrolls at most every ``FOLLOW_INTERVAL_MS`` (through the shared
:class:`~gamesearch_gui.ui.throttle.RateLimiter`). A replay's moments come at most once
a frame, each one a step the explanation line describes: its node is shown at once,
gliding there in ``SCROLL_MS``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING
from typing import Any
from typing import Final

from PySide6.QtCore import QAbstractAnimation
from PySide6.QtCore import QEasingCurve
from PySide6.QtCore import QObject
from PySide6.QtCore import QPointF
from PySide6.QtCore import QVariantAnimation

from gamesearch_gui.core.recording.depth_first import NONE
from gamesearch_gui.ui.throttle import RateLimiter

if TYPE_CHECKING:
    from gamesearch_gui.ui.tree.host import CanvasHost

#: Fewest milliseconds between two scrolls that follow the newest node.
FOLLOW_INTERVAL_MS: Final = 100
#: How long a replay's scroll to the current node takes (a live search jumps).
SCROLL_MS: Final = 200


class Follower(QObject):
    """Keeps ``canvas``'s current node in view while ``on``: a live search jumps, well
    ahead on the right where it goes next (fewer scrolls); a replay glides there, the
    node a third of the way in."""

    def __init__(self, canvas: CanvasHost) -> None:
        super().__init__(canvas.widget())
        self._canvas = canvas
        #: True while the view keeps the current node in sight.
        self.on = False
        self._glide = QVariantAnimation(self)
        self._glide.setDuration(SCROLL_MS)
        self._glide.setEasingCurve(QEasingCurve.Type.OutCubic)
        self._glide.valueChanged.connect(self._scroll_to)
        self._scrolls = RateLimiter(
            canvas.widget(), 1000 / FOLLOW_INTERVAL_MS, self.keep_current_in_view
        )

    def set_duration(self, ms: int) -> None:
        """How long a replay's glide to the current node takes (``SCROLL_MS``)."""
        self._glide.setDuration(max(1, ms))

    def stop(self) -> None:
        """Stop a glide where it is."""
        self._glide.stop()

    def finish_glide(self) -> None:
        """End a glide under way at its end, not half-way over empty space."""
        if self._glide.state() == QAbstractAnimation.State.Running:
            end = self._glide.endValue()
            self._glide.stop()
            self._scroll_to(end)

    def soon(self) -> None:
        """Scroll to the current node now, or, while live, once ``FOLLOW_INTERVAL_MS``
        since the last scroll has passed: a replay's node is shown at once."""
        if self._canvas.live:
            self._scrolls.request()
        else:
            self._scrolls.flush()

    def keep_current_in_view(self) -> None:
        """Scroll so that the current node is in view, if it is not. A search under way
        in its first view is kept fitted instead (the folded tree is small). A node
        folded into a mark is followed to the mark."""
        canvas = self._canvas
        n = canvas.step_node()
        if n is None:
            return
        if canvas.live and not canvas._navigated and canvas._fold_live():
            if self.on and not canvas._seen(n):  # a line deeper than the window
                canvas.ensureVisible(canvas._node_rect(n), 0, canvas.viewport().height() // 4)
            return
        if not self.on:
            return
        target = self._glide.endValue() if self._glide.state() else None
        if target is None and canvas._seen(n):
            return
        self.bring_into_view(n)

    def bring_into_view(self, n: int) -> None:
        """Scroll node ``n`` (or the mark it is folded into) into view: live, a jump
        well ahead on the right; else a glide, the node a third of the way in."""
        canvas = self._canvas
        canvas._first_view = False  # the view moved on: a resize keeps where it is
        viewport = canvas.viewport().rect()
        h_bar, v_bar = canvas.horizontalScrollBar(), canvas.verticalScrollBar()
        start = QPointF(h_bar.value(), v_bar.value())
        rect = canvas._node_rect(n)
        self._glide.stop()
        if canvas.live:
            canvas.ensureVisible(rect, viewport.width() * 2 // 3, viewport.height() // 4)
            return
        # Where ensureVisible would scroll to, taken back at once: the glide goes there.
        canvas.ensureVisible(rect, viewport.width() // 3, viewport.height() // 4)
        end = QPointF(h_bar.value(), v_bar.value())
        h_bar.setValue(round(start.x()))
        v_bar.setValue(round(start.y()))
        if end != start:
            self._glide.setStartValue(start)
            self._glide.setEndValue(end)
            self._glide.start()

    def show_step(self) -> None:
        """Bring the node of the moment's event into view at once (before the first
        event: fit the tree)."""
        canvas = self._canvas
        n = canvas.step_node(newest=False)
        if n is None:
            return
        if n == NONE:
            canvas.fit_all()
            return
        self._glide.stop()
        self.bring_into_view(n)
        self.finish_glide()  # at once: a click asked for it

    def _scroll_to(self, value: Any) -> None:
        """One frame of the glide to the current node."""
        if isinstance(value, QPointF):
            self._canvas.horizontalScrollBar().setValue(round(value.x()))
            self._canvas.verticalScrollBar().setValue(round(value.y()))
