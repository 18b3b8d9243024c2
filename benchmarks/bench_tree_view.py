"""The search-tree canvas at a million nodes: event-loop stalls, paint times, memory.

A search of about a million nodes (Connect Four minimax to depth 7 from the empty board:
960,800 nodes) is recorded into a ``SearchRecording`` on a worker thread, while the GUI
thread shows a ``TreeCanvas`` (1200 x 800, offscreen) and its ``TreeMinimap``. A 33 ms
timer calls ``set_moment(recording.event_count)``, as the tree panel does while a search
runs, with following on (the view scrolls along with the newest node at 1:1), and a 5 ms
timer measures how late each of its ticks fires: the event-loop stall.

Then, with the whole tree in, it times full repaints of the viewport at several zooms
(best of a few, ``viewport().repaint()``), stepping to random moments as a replay does,
and the PNG export; and it reports the peak resident memory of the process.

    python -m benchmarks.bench_tree_view [--game connect4|tictactoe] [--depth 7]
                                         [--algorithm minimax|alphabeta] [--quick]

``--quick`` searches Connect Four to depth 5 (19,608 nodes): a smoke test in seconds.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QEventLoop
from PySide6.QtCore import QPointF
from PySide6.QtCore import Qt
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
from PySide6.QtWidgets import QHBoxLayout
from PySide6.QtWidgets import QWidget

from gamesearch_gui.core.games import ConnectFour
from gamesearch_gui.core.games import TicTacToe
from gamesearch_gui.core.recording.depth_first import SearchRecording
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import search
from gamesearch_gui.ui.tree.canvas import MAX_ZOOM
from gamesearch_gui.ui.tree.canvas import TreeCanvas
from gamesearch_gui.ui.tree.export import IllegibleExport
from gamesearch_gui.ui.tree.minimap import TreeMinimap

TICK_MS = 5
MOMENT_MS = 33
VIEW = (1200, 800)


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def peak_rss_mb() -> float:
    """The process's peak resident memory so far, in MB (Linux reports kB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def stream(
    app: QApplication, canvas: TreeCanvas | None, game: Any, settings: SearchSettings
) -> dict[str, Any]:
    """Record a search on a worker thread while the canvas shows it; the stalls.

    With no canvas, the same search and timers with nothing shown: the stalls the
    search thread causes by itself (it holds Python's GIL most of the time).
    """
    recording = SearchRecording(game)
    done = threading.Event()
    outcome: dict[str, Any] = {}

    def work() -> None:
        started = time.perf_counter()
        result = search(game, game.initial_state(), settings, listener=recording)
        recording.finish(result)
        outcome["search_s"] = time.perf_counter() - started
        done.set()

    if canvas is not None:
        canvas.set_recording(recording)
        canvas.set_follow(True)
    stalls: list[float] = []
    moment_ms: list[float] = []
    paint_ms: list[float] = []
    last = [time.perf_counter()]

    def tick() -> None:
        now = time.perf_counter()
        stalls.append(max(0.0, (now - last[0]) * 1000 - TICK_MS))
        last[0] = now

    def show_moment() -> None:
        if canvas is not None:
            started = time.perf_counter()
            canvas.set_moment(recording.event_count)
            moment_ms.append((time.perf_counter() - started) * 1000)
            paint_ms.append(canvas.last_paint_ms)
        if done.is_set():
            loop.quit()

    ticker, mover = QTimer(), QTimer()
    for timer, interval, slot in ((ticker, TICK_MS, tick), (mover, MOMENT_MS, show_moment)):
        timer.setTimerType(Qt.TimerType.PreciseTimer)
        timer.setInterval(interval)
        timer.timeout.connect(slot)
    loop = QEventLoop()
    thread = threading.Thread(target=work, name="search")
    started = time.perf_counter()
    last[0] = started
    ticker.start()
    mover.start()
    thread.start()
    loop.exec()
    ticker.stop()
    mover.stop()
    thread.join()
    if canvas is not None:
        canvas.set_moment(recording.event_count)
    app.processEvents()
    return {
        "recording": recording,
        "nodes": recording.node_count,
        "events": recording.event_count,
        "seconds": time.perf_counter() - started,
        "search_s": outcome["search_s"],
        "ticks": len(stalls),
        "p50": percentile(stalls, 0.50),
        "p99": percentile(stalls, 0.99),
        "max": max(stalls),
        "moment_p50": percentile(moment_ms, 0.5) if moment_ms else 0.0,
        "moment_max": max(moment_ms, default=0.0),
        "paint_p50": percentile(paint_ms, 0.5) if paint_ms else 0.0,
        "paint_max": max(paint_ms, default=0.0),
    }


def best_repaint(canvas: TreeCanvas, tries: int = 5) -> tuple[float, float, int]:
    """Best wall time of a full viewport repaint, the paint's own time, its primitives."""
    best_wall, best_paint, primitives = float("inf"), float("inf"), 0
    for _ in range(tries):
        started = time.perf_counter()
        canvas.viewport().repaint()
        wall = (time.perf_counter() - started) * 1000
        if wall < best_wall:
            best_wall, best_paint = wall, canvas.last_paint_ms
            primitives = canvas.last_paint_primitives
    return best_wall, best_paint, primitives


def zoom_to(canvas: TreeCanvas, zoom: float, place: float) -> None:
    """Horizontal ``zoom``, the view's centre at ``place`` (0 left .. 1 right) of the tree."""
    content = canvas.content_rect()
    canvas.fit_all()  # the vertical scale of a fitted view
    factor = zoom / canvas.zoom()
    canvas._zoom_by(factor, None)
    x = content.left() + content.width() * place
    centre = canvas.mapToScene(canvas.viewport().rect().center())
    canvas.centerOn(QPointF(x, centre.y()))


def paints(canvas: TreeCanvas) -> list[tuple[str, float, float, int]]:
    """Repaint times at the zooms a user visits."""
    rows = []
    canvas.fit_all()
    fit = canvas.zoom()
    views: list[tuple[str, Callable[[], None]]] = [
        ("fit all", canvas.fit_all),
        ("1/16 of the width, middle", lambda: zoom_to(canvas, fit * 16, 0.5)),
        ("1/256 of the width, middle", lambda: zoom_to(canvas, fit * 256, 0.5)),
        ("1:1, start", lambda: zoom_to(canvas, 1.0, 0.0)),
        ("1:1, middle", lambda: zoom_to(canvas, 1.0, 0.5)),
        ("1:1, end", lambda: zoom_to(canvas, 1.0, 1.0)),
        (f"max zoom ({MAX_ZOOM:g}x), middle", lambda: zoom_to(canvas, MAX_ZOOM, 0.5)),
    ]
    for name, arrange in views:
        arrange()
        QApplication.processEvents()
        wall, paint, primitives = best_repaint(canvas)
        rows.append((name, wall, paint, primitives))
    return rows


def replay(canvas: TreeCanvas, recording: SearchRecording, steps: int = 60) -> dict[str, float]:
    """Jumps to random moments at 1:1, following, as a replay slider does: set + repaint."""
    rng = random.Random(7)
    canvas.reset_zoom()
    canvas.set_follow(True)
    times = []
    for _ in range(steps):
        k = rng.randrange(recording.event_count + 1)
        started = time.perf_counter()
        canvas.set_moment(k)
        canvas.viewport().repaint()
        times.append((time.perf_counter() - started) * 1000)
    canvas.set_follow(False)
    canvas.set_moment(recording.event_count)
    return {"p50": percentile(times, 0.5), "max": max(times)}


def export(canvas: TreeCanvas) -> dict[str, float]:
    """Time and size of a PNG export: the whole tree, or, for a tree too big for a
    legible picture, the part in view (as the panel offers)."""
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "tree.png")
        started = time.perf_counter()
        try:
            canvas.export_png(path)
        except IllegibleExport:
            canvas.export_png(path, in_view=True)
        seconds = time.perf_counter() - started
        size = os.path.getsize(path)
    frame = canvas.tree_item.last_frame
    return {"seconds": seconds, "mb": size / 1e6, "primitives": frame.primitives}


def main() -> None:
    """Run the measurements and print them as Markdown tables."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", choices=("connect4", "tictactoe"), default="connect4")
    parser.add_argument("--depth", type=int, default=7)
    parser.add_argument("--algorithm", choices=("minimax", "alphabeta"), default="minimax")
    parser.add_argument("--quick", action="store_true")
    parser.add_argument(
        "--no-baseline", action="store_true", help="skip the run with no canvas shown"
    )
    args = parser.parse_args()
    depth = 5 if args.quick else args.depth
    game = ConnectFour() if args.game == "connect4" else TicTacToe()
    algorithm = Algorithm(args.algorithm)
    settings = SearchSettings(algorithm, depth=depth if args.game == "connect4" else None)

    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    window = QWidget()
    layout = QHBoxLayout(window)
    canvas = TreeCanvas()
    minimap = TreeMinimap(canvas)
    layout.addWidget(canvas, 1)
    layout.addWidget(minimap)
    window.resize(VIEW[0] + 250, VIEW[1])
    window.show()
    canvas.setFixedSize(*VIEW)
    app.processEvents()
    rss_before = peak_rss_mb()

    live = stream(app, canvas, game, settings)
    recording = live["recording"]
    rss_recorded = peak_rss_mb()
    views = paints(canvas)
    jumps = replay(canvas, recording)
    exported = export(canvas)
    rss_end = peak_rss_mb()
    window.close()
    # Last: its own recording would count in the memory figures above.
    alone = None if args.no_baseline else stream(app, None, game, settings)

    what = f"{game.title} {algorithm.value}" + (f" to depth {depth}" if settings.depth else "")
    print(f"## {what}: {live['nodes']:,} nodes, {live['events']:,} events")
    print()
    print(f"Python {sys.version.split()[0]}, canvas {VIEW[0]} x {VIEW[1]} offscreen, minimap shown")
    print()
    row("streaming in", "value", header=True)
    row("wall time (the search alone)", f"{live['seconds']:.1f} s ({live['search_s']:.1f} s)")
    row(f"{TICK_MS} ms ticks measured", f"{live['ticks']:,}")
    row("stall p50 / p99 / max", ms(live["p50"], live["p99"], live["max"]))
    row(f"set_moment every {MOMENT_MS} ms: p50 / max", ms(live["moment_p50"], live["moment_max"]))
    row("paint while streaming (following): p50 / max", ms(live["paint_p50"], live["paint_max"]))
    if alone is not None:
        row(
            "the same search, no canvas: stall p50 / p99 / max",
            f"{ms(alone['p50'], alone['p99'], alone['max'])} ({alone['ticks']:,} ticks in "
            f"{alone['seconds']:.1f} s)",
        )
    print()
    print("| view (whole tree in) | repaint ms | of it in paint() | primitives |")
    print("|---|---:|---:|---:|")
    for name, wall, paint, primitives in views:
        print(f"| {name} | {wall:.1f} | {paint:.1f} | {primitives:,} |")
    print()
    row("other", "value", header=True)
    row("replay: jump to a random moment + repaint, p50 / max", ms(jumps["p50"], jumps["max"]))
    row(
        "PNG export (the whole tree, or the part in view when too big to read)",
        f"{exported['seconds']:.2f} s, {exported['mb']:.1f} MB",
    )
    row(
        "peak RSS: before / after recording / at the end",
        f"{rss_before:.0f} / {rss_recorded:.0f} / {rss_end:.0f} MB",
    )


def row(label: str, value: str, *, header: bool = False) -> None:
    """One row of a two-column Markdown table (and its rule, for a header)."""
    print(f"| {label} | {value} |")
    if header:
        print("|---|---:|")


def ms(*values: float) -> str:
    """Milliseconds, slash-separated."""
    return " / ".join(f"{value:.1f}" for value in values) + " ms"


if __name__ == "__main__":
    main()
