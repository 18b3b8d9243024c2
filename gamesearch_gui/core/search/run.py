"""What one depth-first search keeps while it runs, as its recursions see it.

:class:`~gamesearch_gui.core.search.depth_first.DepthFirst` drives a search and holds
its state; the textbook's recursions (:mod:`.textbook`) and the full one
(:mod:`.recursion`) read the settings and the game from it, and leave their counts,
tables and root moves in it. :class:`SearchRun` names exactly that part, so neither recursion
imports the driver that runs them.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Hashable
from typing import Protocol

from gamesearch_gui.core.game import A
from gamesearch_gui.core.game import Game
from gamesearch_gui.core.game import S
from gamesearch_gui.core.recording.events import SearchObserver
from gamesearch_gui.core.search.settings import SearchSettings


class SearchRun(Protocol[S, A]):
    """One search's state, as its recursions read and write it."""

    game: Game[S, A]
    settings: SearchSettings
    #: Who is told every step, or None when nobody listens.
    observer: SearchObserver | None
    #: The evaluation at the cutoff (None for a game that has none).
    evaluate: Callable[[S], float] | None
    #: The transposition table: key -> (depth searched, value, flag, best move).
    tt: dict[Hashable, tuple[int, float, int, A | None]]
    #: Previous-best ordering's memory: key -> the best move found there last.
    best_memory: dict[Hashable, A | None]
    nodes: int
    leaves: int
    cutoffs: int
    tt_hits: int
    exact_checks: int
    quiescence_nodes: int
    max_ply: int
    #: Whether an evaluation was used at a cutoff (deepening stops when none was).
    used_evaluation: bool
    #: Whether the time budget may stop the search yet (once a root move is valued).
    clock_armed: bool

    def checkpoint(self, nodes: int, max_ply: int) -> None:
        """Between nodes: report progress; stop for a cancel, the time budget or the cap."""
