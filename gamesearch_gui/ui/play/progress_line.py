"""The status bar's line about the AI's search: nodes, how far, speed; while it runs
(at the statistics' rate) and once it ends."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel

from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import SearchProgress
from gamesearch_gui.core.search import SearchResult
from gamesearch_gui.ui.stats_panel import PROGRESS_UPDATES_PER_S
from gamesearch_gui.ui.stats_panel import iterations_text
from gamesearch_gui.ui.throttle import RateLimiter


class ProgressLine(QLabel):
    """How far the running (or last) search of the game got."""

    def __init__(self) -> None:
        super().__init__()
        self._thinking = ""  #: the progress line to show next (at the statistics' rate)
        self._updates = RateLimiter(self, PROGRESS_UPDATES_PER_S, self._show_thinking)

    def _show_thinking(self) -> None:
        self.setText(self._thinking)

    def show_progress(self, progress: SearchProgress) -> None:
        """The search runs: its line, at most ``PROGRESS_UPDATES_PER_S`` times a second."""
        self._thinking = progress_text(
            progress.nodes,
            progress.depth,
            progress.seconds,
            done=False,
            iterations=progress.iterations,
        )
        self._updates.request()

    def show_done(self, result: SearchResult) -> None:
        """The search ended with ``result``."""
        self._updates.cancel()
        mcts = result.settings.algorithm is Algorithm.MCTS
        self.setText(
            progress_text(
                result.stats.nodes,
                result.depth,
                result.stats.seconds,
                done=True,
                iterations=result.stats.iterations if mcts else None,
            )
        )

    def show_failed(self) -> None:
        self._updates.cancel()
        self.setText("search failed")

    def stop(self) -> None:
        """No search runs: no line."""
        self._updates.cancel()
        self.clear()


def progress_text(
    nodes: int,
    depth: int | None,
    seconds: float,
    *,
    done: bool,
    iterations: int | None = None,
) -> str:
    """The status bar's line: nodes, how far (depth, or MCTS's ``iterations``), speed."""
    rate = nodes / seconds if seconds > 0 else 0.0
    if iterations is not None:  # MCTS: no depth, its playouts run to the end
        far = iterations_text(iterations)
    else:
        far = f"depth {'end' if depth is None else depth}"
    head = "searched" if done else "thinking"
    return f"{head}: {nodes:,} nodes · {far} · {rate:,.0f} nodes/s · {seconds:.1f} s"
