"""Issue 14's readings of a finished search: what they cost beside the search itself.

On the full tic-tac-toe minimax tree (549,946 nodes, recorded with no node cap) and on
Connect Four to depth 6 (minimax, about 140,000 nodes), it times the recorded search,
then MAX's strategy (``max_strategy``), the shape by depth (``tree_shape``) and the
distinct positions (``PositionCounter``, which rebuilds every node's position). The
four take turns in each round, so load falls on all alike; the medians are printed,
with each reading's ratio to the search and ``uptime``'s load before and after.

    python -m benchmarks.bench_shape [--rounds 7]
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Callable
from typing import Any

from gamesearch_gui.core.games import ConnectFour
from gamesearch_gui.core.games import TicTacToe
from gamesearch_gui.core.recording.depth_first import SearchRecording
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import search
from gamesearch_gui.core.shape import PositionCounter
from gamesearch_gui.core.shape import tree_shape
from gamesearch_gui.core.strategy import max_strategy


def _recorded(game: Any, settings: SearchSettings) -> SearchRecording:
    recording = SearchRecording(game, node_cap=None)
    recording.finish(search(game, game.initial_state(), settings, listener=recording))
    return recording


def _seconds(work: Callable[[], object]) -> float:
    started = time.perf_counter()
    work()
    return time.perf_counter() - started


def _load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    """Print one table row per case."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    cases = [
        ("tictactoe, minimax to the end", TicTacToe(), SearchSettings(Algorithm.MINIMAX)),
        ("connect4, minimax depth 6", ConnectFour(), SearchSettings(Algorithm.MINIMAX, depth=6)),
    ]
    print(f"load before: {_load()}")
    print("| case | nodes | search + recording | strategy | shape | distinct positions |")
    print("|---|---:|---:|---:|---:|---:|")
    for name, game, settings in cases:
        times: dict[str, list[float]] = {"search": [], "strategy": [], "shape": [], "distinct": []}
        recording = _recorded(game, settings)
        for _ in range(args.rounds):
            times["search"].append(_seconds(lambda g=game, s=settings: _recorded(g, s)))
            times["strategy"].append(_seconds(lambda r=recording: max_strategy(r)))
            times["shape"].append(_seconds(lambda r=recording: tree_shape(r)))
            times["distinct"].append(_seconds(lambda r=recording: PositionCounter(r).run()))
        median = {key: statistics.median(values) for key, values in times.items()}
        cells = [f"{median['search']:.3f} s"]
        for key in ("strategy", "shape", "distinct"):
            cells.append(f"{median[key] * 1000:.1f} ms ({median[key] / median['search']:.1%})")
        print(f"| {name} | {recording.node_count:,} | {' | '.join(cells)} |")
    print(f"load after: {_load()}")


if __name__ == "__main__":
    main()
