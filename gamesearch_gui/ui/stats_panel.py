"""The statistics panel: what the AI's search is doing now, and what its last one found."""

from __future__ import annotations

from typing import Any
from typing import Final

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame
from PySide6.QtWidgets import QGridLayout
from PySide6.QtWidgets import QLabel
from PySide6.QtWidgets import QScrollArea
from PySide6.QtWidgets import QVBoxLayout
from PySide6.QtWidgets import QWidget

from gamesearch_gui.core.game import Game
from gamesearch_gui.core.guarantee import guarantee
from gamesearch_gui.core.numbers import format_number
from gamesearch_gui.core.numbers import format_value
from gamesearch_gui.core.recording.depth_first import SearchRecording
from gamesearch_gui.core.recording.mcts import AnyRecording
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import Ordering
from gamesearch_gui.core.search import SearchProgress
from gamesearch_gui.core.search import SearchResult
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import StopReason
from gamesearch_gui.core.search.maxn import vector_text
from gamesearch_gui.ui.shape_section import ShapeSection
from gamesearch_gui.ui.throttle import RateLimiter

#: Most updates a second of the counts while a search runs.
PROGRESS_UPDATES_PER_S: Final = 4


def iterations_text(count: int) -> str:
    """MCTS's iterations, as the statistics and the status bar say them: "2,000 iterations"."""
    return f"{count:,} iteration{'' if count == 1 else 's'}"


def describe_settings(settings: SearchSettings, *, named: bool = True) -> str:
    """One line, in the settings' own words: algorithm (unless ``named`` is False),
    depth, ordering, table, time (MCTS: iterations, C, seed)."""
    parts = [settings.algorithm.short_title] if named else []
    if settings.algorithm is Algorithm.MCTS:
        if settings.iterations is not None:
            parts.append(iterations_text(settings.iterations))
        parts.append(f"C {format_number(settings.exploration)}, seed {settings.seed}")
        if settings.time_budget is not None:
            parts.append(f"{settings.time_budget:g} s")
        return ", ".join(parts)
    if settings.fail_hard:
        parts.append("fail-hard")
    if settings.strict_pruning:
        parts.append("strict pruning")
    parts.append("to the end" if settings.depth is None else f"depth {settings.depth}")
    if settings.ordering is not Ordering.NONE:
        parts.append(f"ordering: {settings.ordering.title.lower()}")
    if settings.transposition_table:
        parts.append("transposition table")
    if settings.time_budget is not None:
        parts.append(f"{settings.time_budget:g} s")
    return ", ".join(parts)


def exact_note(exact_checks: int) -> str:
    """What to add to a cutoff count when Star1 decided some cuts in exact arithmetic."""
    if not exact_checks:
        return ""
    plural = "s" if exact_checks != 1 else ""
    return (
        f" ({exact_checks:,} decision{plural} on a window's edge taken in exact arithmetic: "
        "floating point could not tell)"
    )


class StatsPanel(QWidget):
    """Live progress while the AI thinks, then the full statistics of its search."""

    FIELDS = (
        ("search", "Search"),
        ("status", "Status"),
        ("value", "Value"),
        ("guarantee", "Guarantee"),
        ("best", "Best move"),
        ("pv", "Principal variation"),
        ("depth", "Depth"),
        ("nodes", "Nodes"),
        ("leaves", "Leaves"),
        ("cutoffs", "Cutoffs"),
        ("tt_hits", "Transposition hits"),
        ("max_depth", "Deepest ply"),
        ("seconds", "Time"),
        ("rate", "Nodes per second"),
    )

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        # The counts, then the tree's shape, in a scroll area: a short dock (a laptop's
        # screen) scrolls rather than squeezing the rows over each other.
        content = QWidget()
        grid = self._grid = QGridLayout(content)
        scroll = QScrollArea()
        scroll.setWidget(content)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(scroll)
        # A grid, not a QFormLayout: a form keeps the heights of wrapped rows it laid out
        # before, so a value that now takes more lines than the last one was cut off.
        grid.setColumnStretch(1, 1)
        self.labels: dict[str, QLabel] = {}
        self._titles: dict[str, QLabel] = {}
        top = Qt.AlignmentFlag.AlignTop
        for row, (key, title) in enumerate(self.FIELDS):
            label = QLabel("–")
            label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            label.setWordWrap(True)
            self.labels[key] = label
            self._titles[key] = QLabel(title)
            self._titles[key].setBuddy(label)
            grid.addWidget(self._titles[key], row, 0, top)
            grid.addWidget(label, row, 1, top)
        # Only for a game of win, draw or loss solved to the end (see core.guarantee).
        self._show_row("guarantee", False)
        self.shape = ShapeSection()
        grid.addWidget(self.shape, len(self.FIELDS), 0, 1, 2)
        grid.setRowStretch(len(self.FIELDS) + 1, 1)
        self._progress: SearchProgress | None = None
        self._progress_updates = RateLimiter(self, PROGRESS_UPDATES_PER_S, self._show_progress)

    def text(self, key: str) -> str:
        """The text shown for one field (for tests)."""
        return self.labels[key].text()

    def _show_row(self, key: str, shown: bool) -> None:
        self._titles[key].setVisible(shown)
        self.labels[key].setVisible(shown)

    def clear(self) -> None:
        """Show nothing: no search yet."""
        self._progress_updates.cancel()
        for label in self.labels.values():
            label.setText("–")
        self._show_row("guarantee", False)
        self.shape.clear()

    def show_started(self, title: str, settings: SearchSettings) -> None:
        """A search began."""
        self.clear()
        self.labels["search"].setText(f"{title}: {describe_settings(settings)}")
        self.labels["status"].setText("thinking…")

    def show_stopped(self, status: str) -> None:
        """The search ended without an answer: "cancelled" (new game, undo, pause) or
        "failed"; what it counted so far stays."""
        self._progress_updates.cancel()
        self.labels["status"].setText(status)

    def show_progress(self, progress: SearchProgress) -> None:
        """Counts so far, while it runs (shown at most PROGRESS_UPDATES_PER_S times a
        second, and only while the panel is visible)."""
        self._progress = progress
        self._progress_updates.request()

    def _show_progress(self) -> None:
        progress = self._progress
        if progress is None:
            return
        self.labels["nodes"].setText(f"{progress.nodes:,}")
        if progress.iterations is not None:  # MCTS
            depth = f"playouts to the end ({iterations_text(progress.iterations)} so far)"
        else:
            depth = "to the end" if progress.depth is None else str(progress.depth)
            depth += " (searching)"
        self.labels["depth"].setText(depth)
        self.labels["max_depth"].setText(str(progress.max_depth))
        self.labels["seconds"].setText(f"{progress.seconds:.2f} s")
        if progress.seconds > 0:
            self.labels["rate"].setText(f"{progress.nodes / progress.seconds:,.0f}")

    def show_result(
        self,
        game: Game[Any, Any],
        state: Any,
        result: SearchResult,
        recording: AnyRecording | None = None,
    ) -> None:
        """Everything the search found; its tree's shape from ``recording``, if it was
        recorded."""
        self._progress_updates.cancel()
        stats = result.stats
        mcts = result.settings.algorithm is Algorithm.MCTS
        status = {
            StopReason.FINISHED: "finished",
            StopReason.TIME: "time budget used: most visited move played"
            if mcts
            else "time budget used: last finished depth played",
            StopReason.CANCELLED: "stopped early (move now)",
            StopReason.NODE_CAP: "node cap reached",
        }[result.stop_reason]
        self.labels["status"].setText(status)
        if result.values is not None:  # max^n, paranoid: one payoff per player
            self.labels["value"].setText(
                f"{vector_text(result.values)} for {', '.join(game.players)}"
            )
        else:
            self.labels["value"].setText(format_value(result.value))
        said = guarantee(game, result)
        self.labels["guarantee"].setText(said or "–")
        self._show_row("guarantee", said is not None)
        best = "–" if result.best_move is None else game.move_text(state, result.best_move)
        self.labels["best"].setText(best)
        line, walk = [], state
        for move in result.principal_variation:
            line.append(game.move_text(walk, move))
            walk = game.result(walk, move)
        self.labels["pv"].setText(" → ".join(line) or "–")
        depth = "to the end" if result.depth is None else str(result.depth)
        if result.iterations:
            done = sum(1 for i in result.iterations if i.completed)
            depth += f" ({done} iterations)"
        if mcts:  # playouts run to the end: the count of iterations says how far it got
            depth = f"playouts to the end ({stats.iterations:,} iterations)"
        self.labels["depth"].setText(depth)
        self.labels["nodes"].setText(f"{stats.nodes:,}")
        self.labels["leaves"].setText(f"{stats.leaves:,}")
        self.labels["cutoffs"].setText(f"{stats.cutoffs:,}{exact_note(stats.exact_checks)}")
        self.labels["tt_hits"].setText(f"{stats.tt_hits:,}")
        self.labels["max_depth"].setText(str(stats.max_depth))
        self.labels["seconds"].setText(f"{stats.seconds:.3f} s")
        self.labels["rate"].setText(f"{stats.nodes_per_second:,.0f}")
        # The shape of a depth-first search (MCTS's tree has none of its cutoffs).
        self.shape.show_recording(recording if isinstance(recording, SearchRecording) else None)
