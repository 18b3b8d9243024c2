"""The review's searches, one position at a time, in an engine process of the review's
own (never in the window's process): a call of ``review_position`` (engine/calls.py)
per position, each position's answer sent to the window as it comes, and a Cancel that
stops the search under way and keeps what was reviewed."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from PySide6.QtCore import QThread
from PySide6.QtCore import Signal
from PySide6.QtWidgets import QWidget

from gamesearch_gui.core.game import Game
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.engine.client import CallFailed
from gamesearch_gui.engine.client import EngineClient
from gamesearch_gui.engine.client import EngineError
from gamesearch_gui.ui.worker import stop_engine_thread


class ReviewThread(QThread):
    """Reviews ``states`` (the game's positions, start first) in turn: the move played
    at each is ``moves[i]`` (None at the last position). ``reviewed(i, PositionReview)``
    as each is done; ``failed`` says why it stopped short (not for a Cancel)."""

    reviewed = Signal(int, object)
    failed = Signal(str)
    #: With ``find_depth``: the depth found, and whether every line ended above it.
    depthFound = Signal(int, bool)

    _ids = itertools.count(1)

    def __init__(
        self,
        game: Game[Any, Any],
        states: Sequence[Any],
        moves: Sequence[Any],
        settings: SearchSettings,
        parent: QWidget | None = None,
        *,
        find_depth: bool = False,
    ) -> None:
        """``find_depth``: first find the depth to search to (``review_depth``), for a
        game of unknown size, and review with it."""
        super().__init__(parent)
        self.setObjectName("review thread")
        self.game = game
        self.states = list(states)
        self.moves = list(moves)
        self.settings = settings
        self.find_depth = find_depth
        self.engine = EngineClient("gamesearch-review")
        self._request = 0
        self._stopped = False

    def run(self) -> None:
        if self.find_depth:
            found = self._ask("review_depth", self.game, self.states[0], self.settings)
            if found is None:
                return
            depth, ended = found
            self.settings = replace(self.settings, depth=depth)
            self.depthFound.emit(depth, ended)
        for index, state in enumerate(self.states):
            played = self.moves[index] if index < len(self.moves) else None
            answer = self._ask("review_position", self.game, state, played, self.settings)
            if answer is None:
                return
            self.reviewed.emit(index, answer)

    def _ask(self, call: str, *args: Any) -> Any:
        """The engine's answer to ``call``; None when the review stops here (asked to,
        or ``failed`` says why)."""
        if self.isInterruptionRequested():
            return None
        self._request = request = next(self._ids)
        try:
            return self.engine.call(request, call, *args, cancelled=self._asked_to_stop)
        except (CallFailed, EngineError) as error:
            if not self.isInterruptionRequested():
                self.failed.emit(str(error))
        except Exception as error:  # a bug: said in the dialog, never lost in the thread
            self.failed.emit(f"internal error: {type(error).__name__}: {error}")
        return None

    def _asked_to_stop(self) -> bool:
        """Whether to stop; asked while the call is waited for, so a cancel that came
        before the engine process had started reaches it now."""
        if self.isInterruptionRequested():
            self.engine.cancel(self._request)
            return True
        return False

    def cancel(self) -> None:
        """Stop after (or in the middle of) the position under way; what was reviewed
        stays. The engine process stays too, until :meth:`stop`."""
        self.requestInterruption()
        self.engine.cancel(self._request)

    def stop(self) -> None:
        """End the engine process at once (the review is closed or run again), wait for
        the thread, and tidy up (once)."""
        if self._stopped:
            return
        self._stopped = True
        stop_engine_thread(self, self.engine, self._request, at_once=True)
