"""Games that hang the engine process in the ways the heartbeat must tell apart: importable
by the engine process (a spawned process imports ``tests`` as this one does)."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

from gamesearch_gui.core.games import TicTacToe

EMPTY = (0, 0)


class Deadlocked(TicTacToe):
    """Tic-tac-toe whose moves, past the first ply, wait on a lock that is never
    released: a deadlock, using no CPU (the other threads run on)."""

    def actions(self, state: Any) -> Sequence[int]:
        if state != EMPTY:
            lock = threading.Lock()
            lock.acquire()
            lock.acquire()  # for ever
        return super().actions(state)

    ordered_actions = actions


class Spinning(TicTacToe):
    """Tic-tac-toe whose moves, past the first ply, are computed for ever: a search
    that computes (and so cannot be told from a long one) and never looks at a cancel."""

    def actions(self, state: Any) -> Sequence[int]:
        while state != EMPTY:
            pass
        return super().actions(state)

    ordered_actions = actions
