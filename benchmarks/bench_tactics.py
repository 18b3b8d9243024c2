"""Chess tactics and speed, our engine beside sunfish (issue 26).

Run from the project root, with sunfish installed (``pip install --no-deps sunfish``;
see ``docs/benchmarks.md``, "Tactics beside sunfish")::

    python -m benchmarks.bench_tactics                      # 5 s a position, 3 rounds
    python -m benchmarks.bench_tactics --seconds 0.5 --rounds 1
    python -m benchmarks.bench_tactics --positions WAC.001,mate3.2 --part tactics
    python -m benchmarks.bench_tactics --part nps --rounds 7 --markdown

Two parts:

* **Tactics.** Each position of ``benchmarks/tactics.epd`` (the first twenty of Win at
  Chess and six mates, the mates proved by an exhaustive search; sources in the file)
  searched by each engine for ``--seconds`` (default 5), each search in a fresh process
  of its own (:mod:`benchmarks.tactics_engines` says exactly how each engine is run).
  Ours runs the window's default chess search (ordering, table, quiescence, evaluation:
  whatever the game's registry entry gives the window, passed to ``solve`` as explicit
  options) with ``--time`` instead of the window's budget and no depth limit
  (``--keep-depth`` keeps the window's). A position is found when the move played is
  one of its ``bm`` moves.
* **Nodes per second at depth 4** on three standard middlegames (``MIDDLEGAMES``), each
  engine to depth 4 in a fresh process: ours one search of depth 4 with the window's
  options; sunfish its iterative deepening (MTD-bi) until depth 4 is complete. Sunfish's
  depth 4 is not ours: it searches captures past it (its quiescence), reduces null moves
  by three plies and prunes moves that cannot reach its window (futility), and each of
  its iterations is a series of zero-window probes; so the trees differ, the node counts
  differ (each engine counts its own: ours every position visited, the root included;
  sunfish every call of its ``bound``), and only the rate compares. The rate is nodes
  over the CPU seconds of the search.

Each round runs every position with both engines, the order turning from position to
position and from round to round, so load from elsewhere falls on both alike. The clock
that stops a search counts CPU seconds for both engines (``solve --time`` is the search's
CPU time; sunfish's deadline is read from the CPU clock, :mod:`.tactics_engines`), so a
busy machine gives both their whole budget, only later: each row reports the CPU each
search used, and the load average (1 minute) when the position's searches started.
Figures are medians over the rounds; a ratio is the median of the per-round ratios. A
measurement, not a test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field
from importlib import metadata

from benchmarks.bench_search import fmt_int
from benchmarks.bench_search import load_average
from benchmarks.bench_search import table
from benchmarks.tactics_engines import ENGINES
from benchmarks.tactics_engines import Answer
from benchmarks.tactics_engines import run
from benchmarks.tactics_engines import window_options
from benchmarks.tactics_engines import window_settings
from benchmarks.tactics_suite import SUITE
from benchmarks.tactics_suite import Tactic
from benchmarks.tactics_suite import choose
from benchmarks.tactics_suite import read_suite

#: Three middlegames every engine author knows, from the Chess Programming Wiki's
#: "Perft Results" page: position 2 (Kiwipete, Peter McKenzie), position 5 and
#: position 6 (Steven Edwards's).
MIDDLEGAMES = (
    ("Kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
    ("perft 5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"),
    ("perft 6", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10"),
)
NPS_DEPTH = 4
#: The issue's goals: at least sunfish's count of tactics, 1.5x its nodes per second.
NPS_GOAL = 1.5


def one_minute_load() -> float:
    return os.getloadavg()[0]


@dataclass
class Runs:
    """One engine's searches of one position, one a round."""

    answers: list[Answer] = field(default_factory=list)

    def median(self, what: str) -> float:
        return statistics.median(float(getattr(a, what)) for a in self.answers)


def turns(index: int, round_: int) -> tuple[str, ...]:
    """Which engine goes first: turning with the position and with the round."""
    return ENGINES if (index + round_) % 2 == 0 else ENGINES[::-1]


def tactics(
    chosen: list[Tactic], seconds: float, rounds: int, keep_depth: bool
) -> tuple[dict[str, dict[str, Runs]], dict[str, list[float]]]:
    """Every position, every round, both engines: the answers and the loads."""
    runs = {t.id: {engine: Runs() for engine in ENGINES} for t in chosen}
    loads: dict[str, list[float]] = {t.id: [] for t in chosen}
    for round_ in range(rounds):
        for index, tactic in enumerate(chosen):
            loads[tactic.id].append(one_minute_load())
            print(
                f"  round {round_ + 1}, {tactic.id}: load {load_average()}",
                file=sys.stderr,
                flush=True,
            )
            for engine in turns(index, round_):
                answer = run(engine, tactic.fen, seconds=seconds, keep_depth=keep_depth)
                runs[tactic.id][engine].answers.append(answer)
    return runs, loads


def found_count(tactic: Tactic, runs: Runs) -> int:
    return sum(tactic.solved_by(a.move()) for a in runs.answers)


def span(values: Sequence[float]) -> str:
    low, high = min(values), max(values)
    return f"{low:.1f}" if f"{low:.1f}" == f"{high:.1f}" else f"{low:.1f}-{high:.1f}"


def tactics_report(
    chosen: list[Tactic],
    runs: dict[str, dict[str, Runs]],
    loads: dict[str, list[float]],
    rounds: int,
    markdown: bool,
) -> list[str]:
    header = ["position", "answer"]
    for engine in ENGINES:
        depth = "ply" if engine == "ours" else "depth"
        header += [f"{engine}: move", "found", depth, "nodes", "CPU s"]
    header.append("load")
    rows = []
    for tactic in chosen:
        row = [
            tactic.id + (f" (mate in {tactic.mate_in})" if tactic.mate_in else ""),
            "/".join(tactic.best),
        ]
        for engine in ENGINES:
            done = runs[tactic.id][engine]
            moves = sorted({a.san or "-" for a in done.answers})
            found = found_count(tactic, done)
            row += [
                "/".join(moves),
                ("yes" if found else "no") if rounds == 1 else f"{found}/{rounds}",
                f"{done.median('depth'):.0f}",
                fmt_int(done.median("nodes")),
                f"{done.median('cpu'):.2f}",
            ]
        row.append(span(loads[tactic.id]))
        rows.append(row)
    lines = [table(header, rows, markdown), ""]
    counts = {
        engine: [
            sum(tactic.solved_by(runs[tactic.id][engine].answers[r].move()) for tactic in chosen)
            for r in range(rounds)
        ]
        for engine in ENGINES
    }
    total = len(chosen)
    for engine in ENGINES:
        per_round = ", ".join(map(str, counts[engine]))
        median = statistics.median(counts[engine])
        note = f" (median of the rounds: {per_round})" if rounds > 1 else ""
        lines.append(f"{engine} found {median:g} of {total}{note}")
    ours, theirs = statistics.median(counts["ours"]), statistics.median(counts["sunfish"])
    verdict = "met" if ours >= theirs else "not met"
    lines.append(f"goal, at least sunfish's count: {verdict} ({ours:g} against {theirs:g})")
    return lines


def nps(rounds: int, markdown: bool) -> list[str]:
    """Nodes per second at depth 4 on the middlegames, interleaved rounds."""
    header = [
        "middlegame",
        "ours nodes",
        "ours CPU s",
        "ours nodes/s",
        "sunfish nodes",
        "sunfish CPU s",
        "sunfish nodes/s",
        "ours / sunfish",
        "load",
    ]
    rows = []
    ratios_all = []
    for index, (name, fen) in enumerate(MIDDLEGAMES):
        runs = {engine: Runs() for engine in ENGINES}
        ratios = []
        loads = []
        for round_ in range(rounds):
            loads.append(one_minute_load())
            print(
                f"  round {round_ + 1}, {name} at depth {NPS_DEPTH}: load {load_average()}",
                file=sys.stderr,
                flush=True,
            )
            rates = {}
            for engine in turns(index, round_):
                answer = run(engine, fen, depth=NPS_DEPTH)
                runs[engine].answers.append(answer)
                rates[engine] = answer.nodes / answer.cpu if answer.cpu > 0 else 0.0
            if rates["sunfish"] > 0:
                ratios.append(rates["ours"] / rates["sunfish"])
        ratio = statistics.median(ratios) if ratios else 0.0
        ratios_all.append(ratio)
        row = [name]
        for engine in ENGINES:
            done = runs[engine]
            rate = statistics.median(a.nodes / a.cpu for a in done.answers if a.cpu > 0)
            row += [fmt_int(done.median("nodes")), f"{done.median('cpu'):.2f}", fmt_int(rate)]
        row += [f"{ratio:.2f}x", span(loads)]
        rows.append(row)
    overall = statistics.median(ratios_all)
    verdict = "met" if overall >= NPS_GOAL else "not met"
    return [
        table(header, rows, markdown),
        "",
        f"nodes per second, ours / sunfish at depth {NPS_DEPTH}: {overall:.2f}x "
        f"(median of the three middlegames); goal {NPS_GOAL}x: {verdict}",
    ]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.bench_tactics", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument(
        "--seconds", type=float, default=5.0, help="budget of each search (default 5)"
    )
    parser.add_argument("--rounds", type=int, default=3, help="rounds (default 3)")
    parser.add_argument(
        "--positions",
        help="which tactics: a number N for the first N, or ids separated by commas "
        f"(default: all of {SUITE.name})",
    )
    parser.add_argument(
        "--part", choices=("all", "tactics", "nps"), default="all", help="default: all"
    )
    parser.add_argument(
        "--keep-depth",
        action="store_true",
        help="ours keeps the window's depth limit in the tactics (default: none)",
    )
    parser.add_argument("--markdown", action="store_true", help="tables in Markdown")
    args = parser.parse_args(argv)
    if args.seconds <= 0 or args.rounds < 1:
        parser.error("--seconds must be above 0 and --rounds at least 1")
    try:
        chosen = choose(read_suite(), args.positions)
        sunfish = metadata.version("sunfish")
    except ValueError as error:
        parser.error(str(error))
    except metadata.PackageNotFoundError:
        print("sunfish is missing: pip install --no-deps sunfish", file=sys.stderr)
        return 2
    settings = window_settings()
    print("Chess: our engine beside sunfish (issue 26)")
    print(
        f"{datetime.date.today()}  Python {platform.python_version()}  "
        f"python-chess {metadata.version('chess')}  sunfish {sunfish}  {platform.machine()}  "
        f"{os.cpu_count()} CPUs  {args.rounds} round{'s' if args.rounds > 1 else ''}, medians"
    )
    print(
        f"ours: solve --game chess {' '.join(window_options(settings))} (the window's default "
        f"search; its depth {settings.depth} and budget {settings.time_budget} s replaced "
        "as below)"
    )
    started = time.perf_counter()
    print(f"Load average (1, 5, 15 min) at the start: {load_average()}\n")
    if args.part in ("all", "tactics"):
        cap = f", depth limit {settings.depth}" if args.keep_depth else ", no depth limit"
        print(f"Tactics: {len(chosen)} positions, {args.seconds:g} s (wall clock) per search{cap}")
        runs, loads = tactics(chosen, args.seconds, args.rounds, args.keep_depth)
        print("\n".join(tactics_report(chosen, runs, loads, args.rounds, args.markdown)))
        print()
    if args.part in ("all", "nps"):
        print(f"Nodes per second at depth {NPS_DEPTH}")
        print("\n".join(nps(args.rounds, args.markdown)))
        print()
    print(
        f"Load average (1, 5, 15 min) at the end: {load_average()}; "
        f"{time.perf_counter() - started:.0f} s in all."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
