"""One rate limiter for everything the window updates while a search streams in.

A search reports about 30 batches a second. The tree canvas draws each (it is what the
person watches); the event log, the replay slider, the minimap and the statistics need
far fewer updates to look live, and each update is work on the GUI thread. So each of
them updates through a ``RateLimiter``: at most at its own rate, only while it is
visible, and exactly once more when asked for the final state (superqt's
``qthrottled``, with visibility added).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

from PySide6.QtCore import QEvent
from PySide6.QtCore import QObject
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QWidget


class RateLimiter(QObject):
    """Runs ``action`` at most ``per_second`` times a second, and only while ``widget``
    is visible.

    ``request()`` says the action is due: it runs at once when it has not run for an
    interval, else once the interval is over (requests in between make one run, which
    sees the latest state). While ``widget`` is hidden (a closed dock, another tab)
    nothing runs; a request made meanwhile runs once the widget is shown again.
    ``flush()`` runs it now whatever the rate: the final, exact update.
    """

    def __init__(self, widget: QWidget, per_second: float, action: Callable[[], object]) -> None:
        super().__init__(widget)
        self._widget = widget
        self._action = action
        self._interval = 1.0 / per_second
        self._due = False
        self._last = -math.inf
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._fire)
        widget.installEventFilter(self)

    @property
    def pending(self) -> bool:
        """True while a requested run has not happened yet."""
        return self._due

    def request(self) -> None:
        """The action is due: run it now, or at the end of the interval, or when shown."""
        self._due = True
        if self._timer.isActive() or not self._widget.isVisible():
            return
        wait = self._last + self._interval - time.monotonic()
        if wait <= 0:
            self._run()
        else:
            self._timer.start(math.ceil(wait * 1000))

    def flush(self) -> None:
        """Run the action now (or, while the widget is hidden, as soon as it is shown)."""
        self._due = True
        self._timer.stop()
        if self._widget.isVisible():
            self._run()

    def cancel(self) -> None:
        """Forget a run that is due (what it would show was replaced)."""
        self._due = False
        self._timer.stop()

    def _fire(self) -> None:
        if self._due and self._widget.isVisible():
            self._run()

    def _run(self) -> None:
        self._due = False
        self._last = time.monotonic()
        self._action()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Catch up when the widget is shown (soon after: not inside its show event)."""
        if event.type() == QEvent.Type.Show and self._due and not self._timer.isActive():
            self._timer.start(0)
        return False
