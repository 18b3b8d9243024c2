"""A dialog that owns a thread stops it however it closes.

A dialog closes by ``done`` (accept, reject, Escape, its buttons) or by a close event;
a dialog closed while hidden is not rejected, so ``done`` alone would miss it, and its
thread (with the engine process the thread waits on) would outlive the dialog. The
dialogs that run engine calls on a thread of their own (the comparisons, the exercise
export) derive from :class:`ThreadDialog` and say how to stop in ``stop``.
"""

from __future__ import annotations

from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QDialog


class ThreadDialog(QDialog):
    """A dialog whose ``stop`` is called before it closes, by any path."""

    def stop(self) -> None:
        """Stop the dialog's thread and wait for it; a second call does nothing."""
        raise NotImplementedError

    def done(self, result: int) -> None:
        self.stop()
        super().done(result)

    def closeEvent(self, event: QCloseEvent) -> None:
        self.stop()
        super().closeEvent(event)
