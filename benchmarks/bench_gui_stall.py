"""How responsive the window stays while the AI searches: event-loop stalls.

Opens the main window offscreen, lets the AI (playing first) search Connect Four to
depth 9 on its worker thread, and meanwhile runs a 5 ms timer on the GUI thread. A
stall is how much later than due each tick fires; the p99 of those is the figure
docs/play.md reports (goal: under 50 ms).

    python -m benchmarks.bench_gui_stall [--depth 9] [--ordering none|static|previous-best]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from dataclasses import replace

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QEventLoop, QSettings, Qt, QTimer
from PySide6.QtWidgets import QApplication

from gamesearch_gui.core.search import Ordering
from gamesearch_gui.ui.main_window import MainWindow
from gamesearch_gui.ui.play_config import PlayConfig, Seats, default_search

TICK_MS = 5


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def measure(depth: int, ordering: Ordering, table: bool) -> dict[str, float]:
    """Stalls of the GUI thread while one AI search runs, in milliseconds."""
    app = QApplication.instance() or QApplication(sys.argv[:1])
    with tempfile.TemporaryDirectory() as folder:
        store = QSettings(os.path.join(folder, "bench.ini"), QSettings.Format.IniFormat)
        window = MainWindow(store)
        window.pace_override_ms = 0
        window.show()
        search = replace(
            default_search("connect4"),
            depth=depth,
            ordering=ordering,
            transposition_table=table,
            time_budget=None,
        )
        stalls: list[float] = []
        last = [time.perf_counter()]

        def tick() -> None:
            now = time.perf_counter()
            stalls.append(max(0.0, (now - last[0]) * 1000 - TICK_MS))
            last[0] = now

        timer = QTimer()
        timer.setTimerType(Qt.TimerType.PreciseTimer)
        timer.setInterval(TICK_MS)
        timer.timeout.connect(tick)
        loop = QEventLoop()
        window.controller.finished.connect(lambda *_: loop.quit())
        # Set the board up and let it paint first: the figure is about the search.
        window.new_game(PlayConfig(game="connect4", seats=Seats.TWO_HUMANS, search=search))
        settle = time.perf_counter() + 0.3
        while time.perf_counter() < settle:
            app.processEvents()
        window.config = replace(window.config, seats=Seats.HUMAN_SECOND)
        started = time.perf_counter()
        window._advance()  # the AI's turn: its search starts on the worker
        last[0] = time.perf_counter()
        timer.start()
        loop.exec()  # Qt's own event loop, as the app runs it, until the AI has answered
        timer.stop()
        app.processEvents()
        seconds = time.perf_counter() - started
        nodes = window.stats.text("nodes").replace(",", "")
        window.close()
    return {
        "seconds": seconds,
        "nodes": int(nodes),
        "ticks": len(stalls),
        "p50": percentile(stalls, 0.50),
        "p99": percentile(stalls, 0.99),
        "max": max(stalls),
        "mean": statistics.fmean(stalls),
    }


def main() -> None:
    """Run the measurement and print one line per configuration."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--depth", type=int, default=9)
    args = parser.parse_args()
    print(f"Connect Four, the AI searching from the empty board; {TICK_MS} ms timer")
    print(
        f"{'depth':>5} {'ordering':<14} {'TT':<4} {'nodes':>10} {'search s':>9} {'ticks':>6} "
        f"{'p50 ms':>7} {'p99 ms':>7} {'max ms':>7}"
    )
    rows = (
        (Ordering.NONE, False, args.depth),
        (Ordering.STATIC, True, args.depth),
        (Ordering.STATIC, True, args.depth + 3),
    )
    for ordering, table, depth in rows:
        row = measure(depth, ordering, table)
        print(
            f"{depth:>5} {ordering.value:<14} {'on' if table else 'off':<4} {row['nodes']:>10,} "
            f"{row['seconds']:>9.2f} {row['ticks']:>6} {row['p50']:>7.2f} {row['p99']:>7.2f} "
            f"{row['max']:>7.2f}"
        )


if __name__ == "__main__":
    main()
