"""The search in its own process: what the live tree costs the search, and the window.

Measures the goals of the engine process (issue 12), each side by side in one run, the
rounds interleaved, medians reported with the machine's load average:

* **Speed with the tree open.** The real main window offscreen, the AI (playing first)
  searching Connect Four with plain alpha-beta to depth 8 from the empty board while
  the Search tree dock is open (the search recorded and streamed into the tree) and
  while it is closed, against the same search run in this process with no listener
  ("headless"). Nodes per second are the search's own (its nodes over its seconds).
* **The window's stalls.** Meanwhile a 5 ms timer runs on the GUI thread; a stall is
  how much later than due a tick fires. Also for a full tic-tac-toe minimax (549,946
  nodes) streaming into the open dock.
* **The recording's cost in the engine.** The same search through the engine client,
  recorded and sent in chunks, against it not recorded.
* **Cancel.** 100 searches cancelled at random moments: time from the cancel to the
  engine's answer that the search stopped (p50, p99, max).
* **Start.** How long the engine process takes to start, and the first search after
  start-up against the next one.

    python -m benchmarks.bench_engine [--rounds 5] [--cancels 100] [--quick]
"""

from __future__ import annotations

import argparse
import itertools
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QEventLoop
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

from benchmarks.bench_gui_stall import Heartbeat
from benchmarks.bench_gui_stall import percentile
from gamesearch_gui.core.games import ConnectFour
from gamesearch_gui.core.games import TicTacToe
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import Ordering
from gamesearch_gui.core.search import SearchResult
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import search
from gamesearch_gui.engine.client import EngineClient
from gamesearch_gui.engine.protocol import FINISHED
from gamesearch_gui.engine.protocol import Record
from gamesearch_gui.engine.protocol import Report
from gamesearch_gui.ui.main_window import MainWindow
from gamesearch_gui.ui.play_config import PlayConfig
from gamesearch_gui.ui.play_config import Seats

_ids = itertools.count(1)


def load() -> str:
    """The machine's load averages (1, 5, 15 minutes)."""
    with open("/proc/loadavg") as f:
        return " ".join(f.read().split()[:3])


def connect4_settings(depth: int) -> SearchSettings:
    return SearchSettings(Algorithm.ALPHABETA, depth=depth, ordering=Ordering.NONE)


def headless(depth: int) -> float:
    """Nodes per second of the search in this process, no listener."""
    game = ConnectFour()
    result = search(game, game.initial_state(), connect4_settings(depth))
    return result.stats.nodes_per_second


def in_window(game_name: str, settings: SearchSettings, *, dock_open: bool) -> dict[str, float]:
    """One AI search in the real main window: its nodes/s and the GUI thread's stalls."""
    app = QApplication.instance() or QApplication(sys.argv[:1])
    with tempfile.TemporaryDirectory() as folder:
        store = QSettings(os.path.join(folder, "bench.ini"), QSettings.Format.IniFormat)
        window = MainWindow(store)
        window.pace_override_ms = 0
        window.resize(1366, 768)
        window.show()
        dock = window.docks["tree"]
        dock.setVisible(dock_open)
        window.new_game(PlayConfig(game=game_name, seats=Seats.TWO_HUMANS, search=settings))
        settle = time.perf_counter() + 0.3
        while time.perf_counter() < settle:
            app.processEvents()
        # Warm: the engine process is started before the measured search.
        window.controller.engine.start()
        heartbeat = Heartbeat()
        results: list[SearchResult] = []
        loop = QEventLoop()

        def done(_request: Any, result: SearchResult) -> None:
            results.append(result)
            loop.quit()

        window.searches.finished.connect(done)
        window.config = replace(window.config, seats=Seats.HUMAN_SECOND)
        window._advance()  # the AI's turn: its search starts in the engine
        heartbeat.start()
        loop.exec()  # Qt's own event loop, as the app runs it, until the AI has answered
        heartbeat.stop()
        recorded = window.tree_panel.recording
        app.processEvents()
        window.close()
        window.deleteLater()
        app.processEvents()
    result = results[0]
    if dock_open:
        assert recorded is not None and recorded.node_count > 0, "the tree was not recorded"
    return {
        **heartbeat.figures(),
        "nps": result.stats.nodes_per_second,
        "nodes": result.stats.nodes,
    }


def through_engine(client: EngineClient, depth: int, record: Record) -> float:
    """Nodes per second of the search in the engine process."""
    game = ConnectFour()
    rid = next(_ids)
    client.submit(rid, game, game.initial_state(), connect4_settings(depth), record=record)
    for kind, report in client.reports(rid, game):
        if kind == FINISHED:
            assert isinstance(report, Report) and report.result is not None
            return report.result.stats.nodes_per_second
    raise RuntimeError("the search failed")


def cancel_latencies(
    client: EngineClient,
    count: int,
    rng: random.Random,
    settings: SearchSettings | None = None,
    record: Record = Record.RECORDING,
) -> list[float]:
    """Milliseconds from a cancel to the engine's word that the search stopped: Connect
    Four from the empty board, searched with ``settings`` (alpha-beta to depth 14, hours
    of work, by default), cancelled 10 to 150 ms after it was asked for."""
    game = ConnectFour()
    deep = settings or SearchSettings(depth=14)
    latencies = []
    for _ in range(count):
        rid = next(_ids)
        client.submit(rid, game, game.initial_state(), deep, record=record)
        wait_until = time.perf_counter() + rng.uniform(0.01, 0.15)
        cancelled_at: float | None = None
        for kind, _report in client.reports(rid, game):
            if cancelled_at is None and time.perf_counter() >= wait_until:
                cancelled_at = time.perf_counter()
                client.cancel(rid)
            if kind == FINISHED:
                break
        if cancelled_at is None:  # it ended before its moment came: not a cancel
            continue
        latencies.append((time.perf_counter() - cancelled_at) * 1000)
    return latencies


def start_times(rounds: int) -> tuple[list[float], list[float], list[float]]:
    """Engine start (s), first tiny search after start (ms), the next one (ms)."""
    starts, firsts, seconds = [], [], []
    game = TicTacToe()
    state = game.parse_position("XO.X.O...")

    def timed(client: EngineClient) -> float:
        began = time.perf_counter()
        rid = next(_ids)
        client.submit(rid, game, state, SearchSettings())
        for kind, _ in client.reports(rid, game):
            if kind == FINISHED:
                break
        return (time.perf_counter() - began) * 1000

    for _ in range(rounds):
        client = EngineClient()
        try:
            firsts.append(timed(client))
            starts.append(client.start_seconds)
            seconds.append(timed(client))
        finally:
            client.close()
    return starts, firsts, seconds


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def interleave(rounds: int, runs: dict[str, Callable[[], Any]]) -> dict[str, list[Any]]:
    """Each run once per round, in turn, for ``rounds`` rounds."""
    out: dict[str, list[Any]] = {name: [] for name in runs}
    for index in range(rounds):
        for name, run in runs.items():
            out[name].append(run())
        print(f"  round {index + 1}/{rounds} done (load {load()})", file=sys.stderr)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--cancels", type=int, default=100)
    parser.add_argument("--depth", type=int, default=8)
    parser.add_argument("--quick", action="store_true", help="depth 6, 2 rounds, 20 cancels")
    args = parser.parse_args()
    if args.quick:
        args.depth, args.rounds, args.cancels = 6, 2, 20
    QApplication.instance() or QApplication(sys.argv[:1])
    print(f"load before: {load()}; {os.cpu_count()} cores; Python {sys.version.split()[0]}")

    c4 = connect4_settings(args.depth)
    ttt = SearchSettings(Algorithm.MINIMAX)
    client = EngineClient()
    client.start()
    try:
        runs = interleave(
            args.rounds,
            {
                "headless": lambda: headless(args.depth),
                "dock open": lambda: in_window("connect4", c4, dock_open=True),
                "dock closed": lambda: in_window("connect4", c4, dock_open=False),
                "ttt dock open": lambda: in_window("tictactoe", ttt, dock_open=True),
                "engine bare": lambda: through_engine(client, args.depth, Record.NOTHING),
                "engine recorded": lambda: through_engine(client, args.depth, Record.RECORDING),
            },
        )
        cancels = cancel_latencies(client, args.cancels, random.Random(12))
    finally:
        client.close()
    starts, firsts, seconds = start_times(args.rounds)

    bare = median(runs["headless"])
    print(f"\nConnect Four, plain alpha-beta, depth {args.depth}, empty board; load {load()}")
    print(f"{'run':<26} {'nodes/s':>10} {'share':>7} {'stall p50':>10} {'p99':>8} {'max':>8}")
    print(f"{'headless, in process':<26} {bare:>10,.0f} {'100%':>7}")
    for name in ("dock open", "dock closed"):
        rows = runs[name]
        nps = median([r["nps"] for r in rows])
        print(
            f"{'window, ' + name:<26} {nps:>10,.0f} {nps / bare:>7.0%} "
            f"{median([r['p50'] for r in rows]):>10.1f} {median([r['p99'] for r in rows]):>8.1f}"
            f" {median([r['max'] for r in rows]):>8.1f}"
        )
    eng_bare, eng_rec = median(runs["engine bare"]), median(runs["engine recorded"])
    print(f"{'engine, not recorded':<26} {eng_bare:>10,.0f} {eng_bare / bare:>7.0%}")
    print(f"{'engine, recorded':<26} {eng_rec:>10,.0f} {eng_rec / bare:>7.0%}")
    print(f"recording in the engine costs {1 - eng_rec / eng_bare:.0%} of its speed (goal: 40%)")
    rows = runs["ttt dock open"]
    print(
        f"\ntic-tac-toe, full minimax ({rows[0]['nodes']:,} nodes), dock open: stall p50 "
        f"{median([r['p50'] for r in rows]):.1f} ms, p99 {median([r['p99'] for r in rows]):.1f}"
        f" ms, max {median([r['max'] for r in rows]):.1f} ms (medians of {args.rounds} rounds)"
    )
    print(
        f"\ncancel to stopped, {len(cancels)} cancels: p50 {percentile(cancels, 0.5):.1f} ms, "
        f"p99 {percentile(cancels, 0.99):.1f} ms, max {max(cancels):.1f} ms"
    )
    print(
        f"engine start: median {median(starts) * 1000:.0f} ms (max {max(starts) * 1000:.0f});"
        f" first search after start {median(firsts):.0f} ms, the next {median(seconds):.1f} ms"
    )
    print(f"load after: {load()}")


if __name__ == "__main__":
    main()
