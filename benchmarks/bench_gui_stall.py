"""How responsive the window stays while the AI searches: event-loop stalls.

Opens the main window offscreen, lets the AI (playing first) search Connect Four to
depth 9 on its worker thread, and meanwhile runs a 5 ms timer on the GUI thread. A
stall is how much later than due each tick fires; the p99 of those is the figure
docs/play.md reports (goal: under 50 ms).

    python -m benchmarks.bench_gui_stall [--depth 9]
    python -m benchmarks.bench_gui_stall --rev REV [--depth 8] [--rounds 5]
    python -m benchmarks.bench_gui_stall --rev REV --mcts 20000 [--rounds 5]

``--mcts N`` measures MCTS of N iterations instead (seed 4), streaming into the MCTS tree
view, the window at 1366x768.

``--rev`` measures this checkout against an older commit: plain alpha-beta (natural
order, no table) on Connect Four from the empty board, with the Search tree and
Statistics docks open, as medians of interleaved runs. The older commit is exported
with ``git archive`` (as :mod:`benchmarks.bench_before_after` does), and each run is a
fresh interpreter that imports the project from one of the two trees and this file's
``measure``; the rounds alternate which goes first, and the load average
(``/proc/loadavg``) is printed at each round.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QEventLoop
from PySide6.QtCore import QSettings
from PySide6.QtCore import Qt
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import Ordering
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.ui.main_window import MainWindow
from gamesearch_gui.ui.play_config import PlayConfig
from gamesearch_gui.ui.play_config import Seats
from gamesearch_gui.ui.play_config import default_search

TICK_MS = 5


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


class Heartbeat:
    """A TICK_MS timer on the GUI thread that notes how late each tick fires: the stall."""

    def __init__(self) -> None:
        self.stalls: list[float] = []  #: milliseconds late, a tick each
        self._last = 0.0
        self._timer = QTimer()
        self._timer.setTimerType(Qt.TimerType.PreciseTimer)
        self._timer.setInterval(TICK_MS)
        self._timer.timeout.connect(self._tick)

    def start(self) -> None:
        self._last = time.perf_counter()
        self._timer.start()

    def stop(self) -> None:
        self._timer.stop()

    def _tick(self) -> None:
        now = time.perf_counter()
        self.stalls.append(max(0.0, (now - self._last) * 1000 - TICK_MS))
        self._last = now

    def figures(self) -> dict[str, float]:
        """Ticks, and the stall's p50, p99, maximum and mean in milliseconds."""
        stalls = self.stalls
        return {
            "ticks": len(stalls),
            "p50": percentile(stalls, 0.50),
            "p99": percentile(stalls, 0.99),
            "max": max(stalls),
            "mean": statistics.fmean(stalls),
        }


def measure(
    depth: int,
    ordering: Ordering,
    table: bool,
    algorithm: Algorithm | None = None,
    iterations: int | None = None,
) -> dict[str, float]:
    """Stalls of the GUI thread while one AI search runs, in milliseconds (the AI's
    default algorithm unless ``algorithm`` is given; MCTS of ``iterations`` when given,
    the window at 1366x768); the tree and statistics docks open."""
    app = QApplication.instance() or QApplication(sys.argv[:1])
    with tempfile.TemporaryDirectory() as folder:
        store = QSettings(os.path.join(folder, "bench.ini"), QSettings.Format.IniFormat)
        window = MainWindow(store)
        window.pace_override_ms = 0
        if iterations is not None:
            window.resize(1366, 768)
        window.show()
        for dock in ("tree", "stats"):
            window.docks[dock].show()
        search = replace(
            default_search("connect4"),
            algorithm=algorithm or default_search("connect4").algorithm,
            depth=depth,
            ordering=ordering,
            transposition_table=table,
            time_budget=None,
        )
        if iterations is not None:
            search = SearchSettings(algorithm=Algorithm.MCTS, iterations=iterations, seed=4)
        heartbeat = Heartbeat()
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
        heartbeat.start()
        loop.exec()  # Qt's own event loop, as the app runs it, until the AI has answered
        heartbeat.stop()
        app.processEvents()
        seconds = time.perf_counter() - started
        nodes = window.stats.text("nodes").replace(",", "")
        window.close()
    return {"seconds": seconds, "nodes": int(nodes), **heartbeat.figures()}


ROOT = Path(__file__).resolve().parent.parent

# Runs in the child: one measurement with this file's ``measure``, the project imported
# from the tree the child runs in; JSON on standard output.
CHILD = r"""
import importlib.util, json, sys
spec = importlib.util.spec_from_file_location("bench_gui_stall_child", sys.argv[1])
bench = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bench)
import gamesearch_gui
from gamesearch_gui.core.search import Algorithm, Ordering
iterations = int(sys.argv[3]) or None
row = bench.measure(int(sys.argv[2]), Ordering.NONE, False, Algorithm.ALPHABETA, iterations)
row["file"] = gamesearch_gui.__file__
print(json.dumps(row))
"""


def run_child(tree: Path, depth: int, iterations: int | None) -> dict[str, Any]:
    """One measurement in a fresh interpreter that imports the project from ``tree``."""
    from benchmarks.bench_before_after import in_tree

    return in_tree(tree, CHILD, __file__, str(depth), str(iterations or 0))


def compare(rev: str, depth: int, rounds: int, iterations: int | None = None) -> None:
    """Stall p99 (and the rest) before and after, as medians of interleaved runs."""
    from benchmarks.bench_before_after import export

    with tempfile.TemporaryDirectory(prefix="gamesearch-stall-") as scratch:
        commit = export(rev, Path(scratch))
        before = Path(scratch) / "tree"
        # Installed as gamesearch_gui.resources; a bare tree needs it in place.
        shutil.copytree(before / "resources", before / "gamesearch_gui" / "resources")
        trees = {"before": before, "after": ROOT}
        head = subprocess.run(
            ["git", "-C", str(ROOT), "describe", "--always", "--dirty"],
            capture_output=True,
            text=True,
        ).stdout.strip()
        what = (
            f"MCTS {iterations:,} iterations (seed 4), the window at 1366x768"
            if iterations
            else f"alpha-beta depth {depth} (natural order, no table)"
        )
        print(
            f"Connect Four, {what}, the real MainWindow offscreen; {TICK_MS} ms heartbeat; "
            f"before {commit[:12]}, after {head}"
        )
        runs: dict[str, list[dict[str, Any]]] = {"before": [], "after": []}
        for r in range(rounds):
            load = Path("/proc/loadavg").read_text().strip()
            print(f"  round {r + 1}/{rounds}: /proc/loadavg {load}", flush=True)
            for side in ("before", "after") if r % 2 == 0 else ("after", "before"):
                row = run_child(trees[side], depth, iterations)
                runs[side].append(row)
                print(
                    f"    {side:<6} p50 {row['p50']:6.1f}  p99 {row['p99']:6.1f}  "
                    f"max {row['max']:6.1f} ms  {row['nodes']:,} nodes in "
                    f"{row['seconds']:.2f} s",
                    flush=True,
                )
        print(f"  at the end: /proc/loadavg {Path('/proc/loadavg').read_text().strip()}")
    print(f"Medians over {rounds} rounds:")
    print(f"{'':<7} {'p50 ms':>7} {'p99 ms':>7} {'max ms':>7} {'search s':>9} {'nodes':>10}")
    for side, rows in runs.items():
        med = {key: statistics.median(row[key] for row in rows) for key in rows[0] if key != "file"}
        print(
            f"{side:<7} {med['p50']:>7.1f} {med['p99']:>7.1f} {med['max']:>7.1f} "
            f"{med['seconds']:>9.2f} {int(med['nodes']):>10,}"
        )


def main() -> None:
    """Run the measurement and print one line per configuration."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--depth", type=int, default=None, help="9; with --rev, 8")
    parser.add_argument("--rev", help="measure this checkout against that older commit")
    parser.add_argument("--rounds", type=int, default=5, help="with --rev: rounds (5)")
    parser.add_argument("--mcts", type=int, help="with --rev: MCTS of this many iterations")
    args = parser.parse_args()
    if args.rev:
        compare(args.rev, args.depth or 8, args.rounds, args.mcts)
        return
    args.depth = args.depth or 9
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
