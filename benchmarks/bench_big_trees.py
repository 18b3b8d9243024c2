"""Big trees in the window: opening a million-leaf file, and labels of 100,000 characters.

Part 1, opening. A tree of 4**10 = 1,048,576 leaves (1,398,101 nodes, a 46 MB file; made
once by ``core.trees.random_tree`` with seed 1 and kept in the temporary folder) is opened in
the main window's tree editor (1366 x 768, offscreen), as File > Open does. A 5 ms timer
on the GUI thread measures how late each tick fires (the window's stalls) from the
moment Open is chosen until the tree is shown, and for ``--after`` seconds more (a
collection of the cycle collector over the new objects would show there). It reports
the total time and the worst, p99 and median stall. The figure does not depend on the
editor opening files synchronously or not: it waits until the editor shows the tree.

Part 2, long labels. In a fresh process each (so that the peak memory is its own): a
small tree whose root label, root child's move label and tree name are N characters
long is opened, solved, every node of the solution is clicked and every step replayed;
it reports the peak resident memory and the seconds each stage took.

    python -m benchmarks.bench_big_trees [--file PATH] [--after 3] [--labels 10000 100000]
    python -m benchmarks.bench_big_trees --part open|labels

The figures, with the machine's load, are in docs/benchmarks.md ("Big trees").
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QEventLoop
from PySide6.QtCore import QSettings
from PySide6.QtCore import Qt
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

TICK_MS = 5
WINDOW = (1366, 768)
DEPTH, BRANCHING = 10, 4  # 4**10 leaves


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def peak_rss_mb() -> float:
    """The process's peak resident memory so far, in MB (Linux reports kB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def load_average() -> str:
    """The machine's load averages over 1, 5 and 15 minutes, as ``uptime`` gives them."""
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def million_leaf_file(folder: str) -> str:
    """The benchmark's tree file (made the first time, in about 20 s)."""
    path = os.path.join(folder, f"gamesearch-bench-{BRANCHING}x{DEPTH}.gtree.json")
    if not os.path.exists(path):
        from gamesearch_gui.core.trees.file import save_tree_file
        from gamesearch_gui.core.trees.random_tree import random_tree

        save_tree_file(random_tree(DEPTH, (BRANCHING, BRANCHING), seed=1, name="million"), path)
    return path


def _window(folder: str) -> Any:
    """The main window in Trees mode (imported here: after the QApplication exists)."""
    from gamesearch_gui.ui.main_window import MainWindow

    store = QSettings(os.path.join(folder, "bench.ini"), QSettings.Format.IniFormat)
    window = MainWindow(store, recovery_path=os.path.join(folder, "recovery.gtree.json"))
    window.resize(*WINDOW)
    window.show()
    window.set_mode("trees")
    return window


def _settle(app: QApplication, seconds: float) -> None:
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        app.processEvents()


def _run_until(app: QApplication, done: Callable[[], bool], after: float) -> list[float]:
    """Run Qt's event loop until ``done()`` and ``after`` seconds more; the stalls seen."""
    stalls: list[float] = []
    last = [time.perf_counter()]
    finished: list[float] = []
    loop = QEventLoop()

    def tick() -> None:
        now = time.perf_counter()
        stalls.append(max(0.0, (now - last[0]) * 1000 - TICK_MS))
        last[0] = now
        if not finished and done():
            finished.append(now)
            QTimer.singleShot(round(after * 1000), loop.quit)

    timer = QTimer()
    timer.setTimerType(Qt.TimerType.PreciseTimer)
    timer.setInterval(TICK_MS)
    timer.timeout.connect(tick)
    last[0] = time.perf_counter()
    timer.start()
    loop.exec()
    timer.stop()
    return stalls


def _open(
    app: QApplication, window: Any, path: str, shown: Callable[[], bool], after: float
) -> tuple[float, list[float]]:
    """Open ``path`` as File > Open does, and run the event loop until ``shown()`` and
    ``after`` seconds more: the seconds until it was shown, and the stalls."""
    at: list[float] = []

    def done() -> bool:
        if not at and shown():
            at.append(time.perf_counter())
        return bool(at)

    started = time.perf_counter()
    QTimer.singleShot(0, lambda: window.open_tree_file(path))
    stalls = _run_until(app, done, after)
    return at[0] - started, stalls


def measure_open(path: str, after: float) -> dict[str, float]:
    """Open ``path`` in the editor as File > Open does; the stalls until it shows, and after."""
    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    with tempfile.TemporaryDirectory() as folder:
        window = _window(folder)
        editor = window.editor
        _settle(app, 0.3)
        before = editor.tree
        seconds, stalls = _open(app, window, path, lambda: editor.tree is not before, after)
        nodes = editor.tree.node_count
        rss = peak_rss_mb()
        window.close()
    return {
        "seconds": seconds,
        "nodes": nodes,
        "max": max(stalls),
        "p99": percentile(stalls, 0.99),
        "p50": percentile(stalls, 0.50),
        "mean": statistics.fmean(stalls),
        "rss": rss,
    }


def measure_labels(chars: int) -> dict[str, float]:
    """Open, solve, click through and replay a tree with ``chars``-character labels."""
    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    text = ("abcdefghij" * (chars // 10 + 1))[:chars]
    doc = {
        "format": "gamesearch-tree",
        "version": 1,
        "name": text,
        "root": {
            "type": "max",
            "label": text,
            "children": [
                {
                    "type": "min",
                    "label": "B",
                    "move": text,
                    "children": [{"value": 3}, {"value": 12}, {"value": 8}],
                },
                {"type": "min", "label": "C", "children": [{"value": 2}, {"value": 4}]},
            ],
        },
    }
    row: dict[str, float] = {"chars": chars}
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "long.gtree.json")
        with open(path, "w", encoding="utf-8") as f:
            json.dump(doc, f)
        window = _window(folder)
        editor = window.editor
        _settle(app, 0.3)
        row["open_s"] = _open(app, window, path, lambda: editor.tree.name == text, 0.3)[0]
        started = time.perf_counter()
        loop = QEventLoop()
        editor.solved.connect(lambda *_: loop.quit())
        editor.solve()
        loop.exec()
        _settle(app, 0.3)
        row["solve_s"] = time.perf_counter() - started - 0.3
        started = time.perf_counter()
        panel = editor.solution_panel
        recording = panel.recording
        assert recording is not None
        for n in range(recording.node_count):
            panel.select_node(n)
            app.processEvents()
        panel.controller.go_start()
        for _ in range(recording.event_count):
            panel.controller.step_forward()
            app.processEvents()
        row["browse_s"] = time.perf_counter() - started
        row["window_width"] = window.width()
        row["rss"] = peak_rss_mb()
        window.close()
    return row


def main() -> None:
    """Run the parts asked for and print their figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--part", choices=("open", "labels"), action="append")
    parser.add_argument("--file", help="a tree file to open (default: the million leaves)")
    parser.add_argument("--after", type=float, default=3.0, help="seconds watched after")
    parser.add_argument("--labels", type=int, nargs="*", default=[10_000, 100_000])
    parser.add_argument("--label-case", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.label_case is not None:  # one case of part 2, in a process of its own
        print(json.dumps(measure_labels(args.label_case)))
        return
    parts = args.part or ["open", "labels"]
    if "open" in parts:
        path = args.file or million_leaf_file(tempfile.gettempdir())
        print(f"Part 1: opening {path} ({os.path.getsize(path) / 1e6:.0f} MB)")
        print(f"load before: {load_average()}")
        row = measure_open(path, args.after)
        print(f"load after:  {load_average()}")
        print(
            f"{'nodes':>10} {'open s':>7} {'max ms':>8} {'p99 ms':>7} {'p50 ms':>7} {'RSS MB':>7}"
        )
        print(
            f"{row['nodes']:>10,} {row['seconds']:>7.1f} {row['max']:>8.0f} {row['p99']:>7.1f} "
            f"{row['p50']:>7.1f} {row['rss']:>7.0f}"
        )
    if "labels" in parts:
        print("Part 2: a tree with labels of N characters (root, a move, the name)")
        print(f"load: {load_average()}")
        print(
            f"{'chars':>9} {'open s':>7} {'solve s':>8} {'browse s':>9} {'width':>7} {'RSS MB':>7}"
        )
        for chars in args.labels:
            out = subprocess.run(
                [sys.executable, "-m", "benchmarks.bench_big_trees", "--label-case", str(chars)],
                capture_output=True,
                text=True,
                check=True,
            ).stdout
            row = json.loads(out.strip().splitlines()[-1])
            print(
                f"{chars:>9,} {row['open_s']:>7.2f} {row['solve_s']:>8.2f} "
                f"{row['browse_s']:>9.2f} {row['window_width']:>7.0f} {row['rss']:>7.0f}"
            )


if __name__ == "__main__":
    main()
