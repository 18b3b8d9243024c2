"""A dialog that owns a thread stops it however it closes.

A dialog closes by ``done`` (accept, reject, Escape, its buttons) or by a close event;
a dialog closed while hidden is not rejected, so ``done`` alone would miss it, and its
thread (with the engine process the thread waits on) would outlive the dialog. The
dialogs that run engine calls on a thread of their own (the comparisons, the exercise
export) derive from :class:`ThreadDialog` and say how to stop in ``stop``; those whose
answer is one engine call (the comparisons of searches, in Trees and Play mode) derive
from :class:`ComparisonDialog`, whose :class:`CompareThread` runs it.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QThread
from PySide6.QtCore import Signal
from PySide6.QtGui import QCloseEvent
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QDialog
from PySide6.QtWidgets import QLabel
from PySide6.QtWidgets import QWidget

from gamesearch_gui.engine.client import CallFailed
from gamesearch_gui.engine.client import EngineClient
from gamesearch_gui.engine.client import EngineError
from gamesearch_gui.ui.worker import stop_engine_thread


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


class CompareThread(QThread):
    """Has an engine process of its own run one comparison (a call of engine.calls:
    ``compare`` of a tree, ``compare_mcts`` of a position) and waits for it; ``done``
    carries its answer, ``failed`` why there is none."""

    done = Signal(object)
    failed = Signal(str)

    def __init__(self, call: str, args: tuple[Any, ...], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.call = call
        self.args = args
        self.engine = EngineClient("gamesearch-compare")

    def run(self) -> None:
        if self.isInterruptionRequested():  # closed before it began: start no process
            return
        try:
            rows = self.engine.call(
                1, self.call, *self.args, cancelled=self.isInterruptionRequested
            )
        except (CallFailed, EngineError) as e:  # reported in the dialog
            self.failed.emit(str(e))
            return
        except Exception as e:  # a bug: reported in the dialog, never lost in the thread
            self.failed.emit(f"internal error: {type(e).__name__}: {e}")
            return
        self.done.emit(rows)

    def stop(self) -> None:
        """End the engine process at once, wait for the thread, and tidy up."""
        stop_engine_thread(self, self.engine, 1, at_once=True)


class ComparisonDialog(ThreadDialog):
    """A dialog whose answer one engine call computes (:class:`CompareThread`): it says
    why when there is none, and closing it stops the call, its thread and its process.
    A subclass makes ``self.status`` (a QLabel) and calls :meth:`start_call`.

    The call starts when the dialog is first shown: a dialog closed unseen starts no
    process (and costs its closing nothing)."""

    status: QLabel

    def start_call(self, call: str, args: tuple[Any, ...]) -> None:
        """Have the engine run ``call`` on ``args`` once the dialog shows; its answer
        goes to ``show_answer``."""
        self._stopped = False
        self.thread_ = thread = CompareThread(call, args, self)
        # An answer (or failure) of a thread stopped to start over may still be on its
        # way: only the current thread's is shown.
        thread.done.connect(lambda answer: self._answered(thread, answer))
        thread.failed.connect(lambda message: self._answered(thread, None, message))

    def _answered(self, thread: CompareThread, answer: Any, failure: str | None = None) -> None:
        """``thread``'s answer, or why it has none, if it is the dialog's current thread."""
        if thread is not self.thread_:
            return
        if failure is None:
            self.show_answer(answer)
        else:
            self._failed(failure)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self._stopped and not self.thread_.isRunning() and not self.thread_.isFinished():
            self.thread_.start()

    def show_answer(self, answer: Any) -> None:
        """Show what the call returned."""
        raise NotImplementedError

    def _failed(self, message: str) -> None:
        self.status.setWordWrap(True)  # a long reason wraps, and never widens the dialog
        self.status.setText(f"Cannot compare: {message}")

    def stop(self) -> None:
        """Stop the searches and wait for the thread (once: later calls do nothing)."""
        if not self._stopped:
            self._stopped = True
            self.thread_.stop()
