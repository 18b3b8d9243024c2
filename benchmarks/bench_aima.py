"""Our plain alpha-beta against aima-python's ``alphabeta_cutoff_search`` on Connect Four.

Run from the project root (aima-python, as the package ``aima3``, comes with the
``bench`` extra)::

    python -m benchmarks.bench_aima              # depth 8, under a minute
    python -m benchmarks.bench_aima --quick      # depth 6, seconds
    python -m benchmarks.bench_aima --rounds 11  # more rounds (default 7)

Cases: the Connect Four cases of :mod:`benchmarks.bench_search`, the empty board and
three midgame positions, each searched to the same depth by three searches of the same
tree: our engine's plain alpha-beta (natural move order, no table), the bare textbook
alpha-beta of :mod:`benchmarks.bare_alphabeta` (the floor: the same search with no
bookkeeping), and aima-python's ``alphabeta_cutoff_search`` over
:class:`benchmarks.aima_games.AimaConnectFour`, which uses our rules and evaluation.
The script checks that all three visit the same positions (aima's calls of ``result``
are our nodes less the root) and choose the same move, and prints a WARNING line where
they do not.

Two evaluations at the cutoff: ``open_lines``, the default, which is what a user runs;
and ``zero``, 0 everywhere, which takes the evaluation's cost out and leaves the
searches' own (on another, smaller tree: a flat evaluation prunes far more).

Each round runs every search of a case once, the order turning from round to round,
so load from elsewhere falls on all of them alike. Figures are medians over the rounds;
a ratio is the median of the per-round ratios. The load average (as ``uptime`` shows
it) is printed when each case starts and at the end. A measurement, not a test: it
asserts nothing about speed.
"""

from __future__ import annotations

import argparse
import datetime
import gc
import platform
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib import metadata
from typing import Any

from benchmarks.bare_alphabeta import alphabeta
from benchmarks.bench_search import connect4_positions, fmt_int, load_average, table
from gamesearch_gui.core.games.connect4 import C4State, ConnectFour, open_lines
from gamesearch_gui.core.search import Ordering, SearchSettings, search

try:
    from benchmarks.aima_games import AimaConnectFour
except ImportError:  # pragma: no cover - told to the user in main()
    AimaConnectFour = None  # type: ignore[assignment,misc]

OURS = "ours, plain alpha-beta"
BARE = "textbook alpha-beta"
AIMA = "aima-python alphabeta_cutoff_search"
SEARCHES = (OURS, BARE, AIMA)
#: The goal: our plain alpha-beta at least this many times aima's nodes per second.
GOAL = 2.0


def zero(state: C4State) -> float:
    """The evaluation that knows nothing: 0 at every cutoff."""
    return 0.0


class ConnectFourZero(ConnectFour):
    """Connect Four whose only evaluation is :func:`zero`."""

    def evaluations(self) -> dict[str, Callable[[C4State], float]]:  # type: ignore[override]
        return {"zero": zero}


EVALUATIONS: dict[str, tuple[Callable[[C4State], float], ConnectFour]] = {
    "open_lines": (open_lines, ConnectFour()),
    "zero": (zero, ConnectFourZero()),
}


@dataclass(frozen=True)
class Run:
    """One search: nodes as that search counts them, seconds, and the move chosen."""

    nodes: int
    seconds: float
    move: Any


def ours(rules: ConnectFour, state: C4State, depth: int) -> Callable[[], Run]:
    settings = SearchSettings(depth=depth, ordering=Ordering.NONE, transposition_table=False)

    def run() -> Run:
        started = time.perf_counter()
        result = search(rules, state, settings)
        return Run(result.stats.nodes, time.perf_counter() - started, result.best_move)

    return run


def bare(rules: ConnectFour, state: C4State, depth: int) -> Callable[[], Run]:
    def run() -> Run:
        started = time.perf_counter()
        result = alphabeta(rules, state, depth)
        return Run(result.nodes, time.perf_counter() - started, result.best_move)

    return run


def aima(rules: ConnectFour, state: C4State, depth: int) -> Callable[[], Run]:
    evaluate = next(iter(rules.evaluations().values()))
    # The node count, from one run of the counting game; the timed runs count nothing.
    counter = AimaConnectFour(evaluate, rules=rules, counted=True)
    counted_move = counter.search(state, depth)
    nodes = counter.nodes

    def run() -> Run:
        game = AimaConnectFour(evaluate, rules=rules)  # built inside the timing, as ours is
        started = time.perf_counter()
        move = game.search(state, depth)
        seconds = time.perf_counter() - started
        if move != counted_move:
            raise AssertionError("aima's search chose another move when counted")
        return Run(nodes, seconds, move)

    return run


@dataclass(frozen=True)
class Row:
    """A case's figures for one evaluation."""

    case: str
    evaluation: str
    nodes: dict[str, int]
    rates: dict[str, list[float]]  # nodes per second, one per round
    moves: dict[str, Any]
    ratios: dict[str, list[float]]  # per round: ours / aima, bare / aima, ours / bare

    def median_rate(self, name: str) -> float:
        return statistics.median(self.rates[name])


def measure(
    name: str, evaluation: str, state: C4State, depth: int, rounds: int
) -> tuple[Row, list[str]]:
    """Every search of one case, ``rounds`` times, interleaved."""
    _, rules = EVALUATIONS[evaluation]
    runners = {
        OURS: ours(rules, state, depth),
        BARE: bare(rules, state, depth),
        AIMA: aima(rules, state, depth),
    }
    rates: dict[str, list[float]] = {key: [] for key in runners}
    ratios: dict[str, list[float]] = {"ours/aima": [], "bare/aima": [], "ours/bare": []}
    last: dict[str, Run] = {}
    order = list(runners)
    for r in range(rounds):
        turn = order[r % len(order) :] + order[: r % len(order)]
        seconds: dict[str, float] = {}
        for key in turn:
            gc.collect()
            run = runners[key]()
            last[key] = run
            seconds[key] = run.seconds
            rates[key].append(run.nodes / run.seconds)
        rate = {key: last[key].nodes / seconds[key] for key in runners}
        ratios["ours/aima"].append(rate[OURS] / rate[AIMA])
        ratios["bare/aima"].append(rate[BARE] / rate[AIMA])
        ratios["ours/bare"].append(rate[OURS] / rate[BARE])
    nodes = {key: run.nodes for key, run in last.items()}
    moves = {key: run.move for key, run in last.items()}
    warnings = []
    if not nodes[OURS] == nodes[BARE] == nodes[AIMA] + 1:
        warnings.append(
            f"WARNING: {name}, {evaluation}: nodes ours {nodes[OURS]}, textbook "
            f"{nodes[BARE]}, aima {nodes[AIMA]} calls of result (+1 for the root): "
            "not the same tree"
        )
    if not moves[OURS] == moves[BARE] == moves[AIMA]:
        warnings.append(f"WARNING: {name}, {evaluation}: moves differ: {moves}")
    return Row(name, evaluation, nodes, rates, moves, ratios), warnings


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.bench_aima", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="depth 6 and 3 rounds")
    parser.add_argument("--rounds", type=int, default=None, help="rounds per case (default 7)")
    args = parser.parse_args(argv)
    if AimaConnectFour is None:
        print("aima-python (aima3) is missing: pip install -e '.[bench]'", file=sys.stderr)
        return 2
    depth = 6 if args.quick else 8
    rounds = args.rounds or (3 if args.quick else 7)
    print(f"Connect Four: our alpha-beta against aima-python{' (quick)' if args.quick else ''}")
    print(
        f"{datetime.date.today()}  Python {platform.python_version()}  "
        f"aima3 {metadata.version('aima3')}  {platform.machine()}  depth {depth}  "
        f"{rounds} rounds, medians"
    )
    rules = ConnectFour()
    cases = connect4_positions()
    started = time.perf_counter()
    rows: list[Row] = []
    warnings: list[str] = []
    loads = [load_average()]
    for evaluation in EVALUATIONS:
        for label, moves in cases:
            name = f"connect4 d{depth} {label}"
            print(f"  {name}, {evaluation}: load {load_average()}", file=sys.stderr, flush=True)
            row, found = measure(name, evaluation, rules.parse_position(moves), depth, rounds)
            rows.append(row)
            warnings += found
    loads.append(load_average())
    print(f"Load average (1, 5, 15 min): {loads[0]} at the start, {loads[1]} at the end.\n")

    detail = []
    for row in rows:
        for i, key in enumerate(SEARCHES):
            rates = row.rates[key]
            detail.append(
                [
                    row.case if i == 0 else "",
                    row.evaluation if i == 0 else "",
                    key,
                    fmt_int(row.nodes[key]),
                    fmt_int(statistics.median(rates)),
                    fmt_int(min(rates)),
                    fmt_int(max(rates)),
                    rules.move_text(rules.initial_state(), row.moves[key]),
                ]
            )
    print("Nodes: ours and the textbook's count the root; aima's are its calls of result.")
    print()
    header = ["case", "eval", "search", "nodes", "median n/s", "slowest", "fastest", "move"]
    print(table(header, detail, markdown=False))
    print()
    print(f"Ratios: medians of the per-round ratios of nodes per second ({rounds} rounds).")
    print()
    summary = [
        [
            row.case,
            row.evaluation,
            f"{statistics.median(row.ratios['ours/aima']):.2f}x",
            f"{statistics.median(row.ratios['bare/aima']):.2f}x",
            f"{statistics.median(row.ratios['ours/bare']):.2f}x",
        ]
        for row in rows
    ]
    print(
        table(
            ["case", "eval", "ours / aima", "textbook / aima", "ours / textbook"],
            summary,
            markdown=False,
        )
    )
    print()
    default = [
        statistics.median(r.ratios["ours/aima"]) for r in rows if r.evaluation == "open_lines"
    ]
    met = all(x >= GOAL for x in default)
    print(
        f"Goal, ours at least {GOAL:.0f}x aima-python's nodes per second with open_lines at "
        f"depth {depth}: {'met' if met else 'NOT met'} "
        f"({min(default):.2f}x to {max(default):.2f}x)."
    )
    for line in warnings:
        print(line)
    if not warnings:
        print("Checks: all three searches visit the same nodes and choose the same move.")
    print(f"Total time: {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
