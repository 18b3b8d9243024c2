"""Three-player Nim under max^n and the paranoid search, with and without the
transposition table: nodes, seconds, and the ratio, side by side.

Run from the project root::

    python -m benchmarks.bench_maxn_table            # piles 12 to 24, then 30 once each
    python -m benchmarks.bench_maxn_table --quick    # piles 12 to 18, no pile of 30
    python -m benchmarks.bench_maxn_table --rounds 7

For each pile and search (max^n, max^n with shallow pruning: the game's default, and
paranoid) the runs with and without the table take turns, ``--rounds`` times each, in
one process with no listener; the medians and the ratio of the medians are printed.
Without the table the pile of 30 takes minutes, so it runs once per search (``--big``
picks the pile; 0 skips it). Every pair of runs is checked to give the same root vector
and move.

A measurement, not a test: it asserts nothing about speed. It prints the load average
before and after.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from gamesearch_gui.core.games.nim3 import MAX_PILE
from gamesearch_gui.core.games.nim3 import ThreePlayerNim
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import SearchResult
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import search

SEARCHES = {
    "maxn": SearchSettings(Algorithm.MAXN),
    "maxn, shallow": SearchSettings(Algorithm.MAXN, shallow_pruning=True),
    "paranoid": SearchSettings(Algorithm.PARANOID),
}


def run(pile: int, settings: SearchSettings, table: bool) -> tuple[SearchResult, float]:
    """One search of Nim from ``pile``; its result and its wall-clock seconds."""
    game = ThreePlayerNim(pile)
    chosen = SearchSettings(
        settings.algorithm,
        shallow_pruning=settings.shallow_pruning,
        transposition_table=table,
    )
    started = time.perf_counter()
    result = search(game, game.initial_state(), chosen)
    return result, time.perf_counter() - started


def compare(pile: int, name: str, rounds: int) -> str:
    """A Markdown row: pile, search, nodes and median seconds without and with the table."""
    settings = SEARCHES[name]
    seconds: dict[bool, list[float]] = {False: [], True: []}
    nodes: dict[bool, int] = {}
    answers: dict[bool, tuple[object, object]] = {}
    for _ in range(rounds):
        for table in (False, True):
            result, took = run(pile, settings, table)
            seconds[table].append(took)
            nodes[table] = result.stats.nodes
            answers[table] = (result.values, result.best_move)
    if answers[False] != answers[True]:
        raise SystemExit(f"pile {pile}, {name}: {answers[False]} without, {answers[True]} with")
    before, after = (statistics.median(seconds[t]) for t in (False, True))
    return (
        f"| {pile} | {name} | {rounds} | {nodes[False]:,} | {before:.4f} | {nodes[True]:,} | "
        f"{after:.5f} | {before / after:,.0f} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="piles 12 to 18 only")
    parser.add_argument("--rounds", type=int, default=5, help="runs of each, interleaved")
    parser.add_argument("--big", type=int, default=MAX_PILE, help="the pile run once (0: none)")
    args = parser.parse_args()
    print("load average before:", " ".join(f"{x:.2f}" for x in os.getloadavg()))
    print(
        "| pile | search | rounds | nodes without | s without (median) | nodes with | "
        "s with (median) | without / with |"
    )
    print("|---|---|---|---|---|---|---|---|")
    piles = (12, 15, 18) if args.quick else (12, 15, 18, 21, 24)
    for pile in piles:
        for name in SEARCHES:
            print(compare(pile, name, args.rounds), flush=True)
    if args.big and not args.quick:
        for name in SEARCHES:
            print(compare(args.big, name, 1), flush=True)
    print("load average after:", " ".join(f"{x:.2f}" for x in os.getloadavg()))


if __name__ == "__main__":
    main()
