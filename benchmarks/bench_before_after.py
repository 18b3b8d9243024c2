"""Plain alpha-beta on Connect Four, this checkout against an older commit, side by side.

Run from the project root, in a git checkout::

    python -m benchmarks.bench_before_after --rev 26607e3             # depth 8, 7 rounds
    python -m benchmarks.bench_before_after --rev 26607e3 --quick     # depth 6, 3 rounds
    python -m benchmarks.bench_before_after --rev 26607e3 --profile   # cProfile shares
    python -m benchmarks.bench_before_after --rev 26607e3 --listener recording  # recorded
    python -m benchmarks.bench_before_after --rev 26607e3 --engine    # issue 12's runs

The older commit is exported with ``git archive`` into a temporary folder (the
repository and its worktrees are left alone), and its native recording writer built
there (where it has one, and a C compiler is found; each child says whether it recorded
with it, and the script warns when the two sides differ). Every search runs in a fresh interpreter
whose ``PYTHONPATH`` starts with one of the two trees, so each imports its own
``gamesearch_gui``; the child reports which file it loaded, and the script refuses a
child that loaded the wrong one. Cases: the Connect Four cases of
:mod:`benchmarks.bench_search` (the empty board and three midgames) at depth 8, plain
alpha-beta (natural order, no table), as ``bench_search`` runs it; with ``--listener``,
told to an observer that does nothing (``noop``) or recorded into a ``SearchRecording``
(``recording``), made inside the timing.

Each round runs every case once on each tree, before and after taking turns to go
first. Figures are medians over the rounds; the speed-up is the median of the
per-round ratios, so that a burst of load elsewhere touches both sides of a ratio. The
load average (as ``uptime`` shows it) is printed at each round. Both trees must search
the same tree (same nodes, value and best move); a WARNING line says when they do not.

``--engine`` compares, instead of the cases, the runs of issue 12 on the empty board
(``benchmarks.bench_engine``, the tree's own copy): the search with no listener
(headless), through the engine process recorded and sent in chunks, and in the real main
window with the Search tree dock open, where it also takes the window process's CPU
time (all its threads) from the search's start to its answer: what taking in the
chunks and drawing them cost the window.

``--profile`` runs each case once per tree under cProfile instead and prints the share
of the search's time spent in each function of the game (with the builtins it calls),
the rest being the engine's; cProfile slows every call, so the shares are rough.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from benchmarks.bench_search import connect4_positions
from benchmarks.bench_search import fmt_int
from benchmarks.bench_search import load_average
from benchmarks.bench_search import table

ROOT = Path(__file__).resolve().parent.parent

# Runs in the child: one search, timed, as JSON on standard output.
CHILD = r"""
import gc, json, sys, time
import gamesearch_gui
from gamesearch_gui.core.games import ConnectFour
from gamesearch_gui.core.search import Ordering, SearchSettings, search

moves, depth, profile = sys.argv[1], int(sys.argv[2]), sys.argv[3] == "profile"
told = sys.argv[4]
game = ConnectFour()
try:  # where the recording lives since issue 26 regrouped core/, else where it was
    from gamesearch_gui.core.recording import depth_first as recording, events
except ImportError:
    from gamesearch_gui.core import events, recording
if told == "recording":
    SearchRecording = recording.SearchRecording
    listener = lambda: SearchRecording(game, node_cap=None)
elif told == "noop":
    SearchObserver = events.SearchObserver

    class NoOp(SearchObserver):  # told everything, does nothing (leaf: where it exists)
        def entered(self, *args): pass
        def valued(self, *args): pass
        def leaf(self, *args): pass
        def pruned(self, *args): pass
        def iteration_started(self, *args): pass
        def iteration_finished(self, *args): pass

    listener = NoOp
else:
    listener = lambda: None
state = game.parse_position(moves)
settings = SearchSettings(depth=depth, ordering=Ordering.NONE, transposition_table=False)
out = {"file": gamesearch_gui.__file__}
if profile:
    import cProfile, pstats
    profiler = cProfile.Profile()
    profiler.runcall(search, game, state, settings)
    stats = pstats.Stats(profiler).stats
    total = sum(entry[2] for entry in stats.values())
    shares = {}
    for (path, line, name), entry in stats.items():
        if path.endswith("connect4.py"):
            # Cumulative: with the builtins each calls (int.bit_count); none recurses.
            shares[name] = shares.get(name, 0.0) + entry[3] / total
    shares["(the rest)"] = 1.0 - sum(shares.values())
    out["shares"] = shares
else:
    gc.collect()
    started = time.perf_counter()
    result = search(game, state, settings, listener=listener())
    seconds = time.perf_counter() - started
    out.update(nodes=result.stats.nodes, seconds=seconds, value=result.value,
               best=result.best_move)
out["native"] = getattr(recording, "NATIVE_WRITER", None) is not None
print(json.dumps(out))
"""

# Runs in the child with --engine: one of issue 12's runs (bench_engine's), as JSON.
ENGINE_CHILD = r"""
import json, os, sys, time
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
import gamesearch_gui
from benchmarks import bench_engine

def main():
    run, depth = sys.argv[1], int(sys.argv[2])
    out = {"file": gamesearch_gui.__file__}
    if run == "headless":
        out["nps"] = bench_engine.headless(depth)
    elif run == "engine recorded":
        from gamesearch_gui.engine.client import EngineClient
        from gamesearch_gui.engine.protocol import Record
        client = EngineClient()
        try:
            client.start()
            out["nps"] = bench_engine.through_engine(client, depth, Record.RECORDING)
        finally:
            client.close()
    else:
        from PySide6.QtWidgets import QApplication
        QApplication(sys.argv[:1])
        cpu = []

        class Timed(bench_engine.Heartbeat):  # the window's CPU while the search runs
            def start(self):
                cpu.append(time.process_time())
                super().start()

            def stop(self):
                super().stop()
                cpu.append(time.process_time())

        bench_engine.Heartbeat = Timed
        figures = bench_engine.in_window(
            "connect4", bench_engine.connect4_settings(depth), dock_open=True
        )
        out.update(nps=figures["nps"], p99=figures["p99"], window_cpu=cpu[1] - cpu[0])
    try:
        from gamesearch_gui.core.recording import depth_first as recording
    except ImportError:
        from gamesearch_gui.core import recording
    out["native"] = getattr(recording, "NATIVE_WRITER", None) is not None
    print(json.dumps(out))

if __name__ == "__main__":
    main()
"""
#: The runs of --engine, in the order each round makes them.
ENGINE_RUNS = ("headless", "engine recorded", "dock open")


def export(rev: str, into: Path) -> str:
    """Write the tree of ``rev`` into ``into``; its full commit id."""
    commit = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "--verify", f"{rev}^{{commit}}"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    archive = into / "tree.tar"
    subprocess.run(
        ["git", "-C", str(ROOT), "archive", "--format=tar", "-o", str(archive), commit],
        check=True,
    )
    with tarfile.open(archive) as tar:
        tar.extractall(into / "tree", filter="data")
    archive.unlink()
    if (into / "tree" / "setup.py").exists():  # its native writer, where it has one
        subprocess.run(
            [sys.executable, "setup.py", "-q", "build_ext", "--inplace"],
            cwd=into / "tree",
            capture_output=True,
            check=False,
        )
    return commit


def child(
    tree: Path, moves: str, depth: int, profile: bool, listener: str = "none"
) -> dict[str, Any]:
    """One search in a fresh interpreter that imports the project from ``tree``."""
    return in_tree(tree, CHILD, moves, str(depth), "profile" if profile else "time", listener)


def in_tree(tree: Path, code: str, *args: str) -> dict[str, Any]:
    """Run ``code`` in a fresh interpreter that imports the project from ``tree``; the
    JSON object it prints last."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(tree), env.get("PYTHONPATH")]))
    # -c: an engine process spawned from it has no main module to import again.
    done = subprocess.run(
        [sys.executable, "-c", code, *args],
        check=True,
        capture_output=True,
        text=True,
        env=env,
        cwd=tree,
    )
    out: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    if not Path(out["file"]).resolve().is_relative_to(tree.resolve()):
        raise RuntimeError(f"the child imported {out['file']}, not the tree at {tree}")
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.bench_before_after", description=__doc__
    )
    parser.add_argument("--rev", required=True, help="the older commit (any git revision)")
    parser.add_argument("--quick", action="store_true", help="depth 6 and 3 rounds")
    parser.add_argument("--rounds", type=int, default=None, help="rounds (default 7)")
    parser.add_argument("--profile", action="store_true", help="cProfile shares instead")
    parser.add_argument("--engine", action="store_true", help="issue 12's runs instead")
    parser.add_argument(
        "--listener",
        choices=("none", "noop", "recording"),
        default="none",
        help="what the search tells: nobody (default), an observer that does nothing, "
        "or a SearchRecording",
    )
    args = parser.parse_args(argv)
    depth = 6 if args.quick else 8
    rounds = args.rounds or (3 if args.quick else 7)
    cases = connect4_positions()
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="gamesearch-before-") as scratch:
        commit = export(args.rev, Path(scratch))
        trees = {"before": Path(scratch) / "tree", "after": ROOT}
        head = subprocess.run(
            ["git", "-C", str(ROOT), "describe", "--always", "--dirty"],
            capture_output=True,
            text=True,
        ).stdout.strip()
        told = {"none": "", "noop": ", told to a no-op observer", "recording": ", recorded"}
        print(
            f"Connect Four, plain alpha-beta at depth {depth}{told[args.listener]}: "
            "before and after"
        )
        print(
            f"{datetime.date.today()}  Python {platform.python_version()}  "
            f"{platform.machine()}  before: {commit[:12]}  after: {head} (this checkout)"
        )
        if args.profile:
            return profile(trees, cases, depth)
        if args.engine:
            return engine(trees, depth, rounds)
        runs: dict[tuple[str, str], list[dict[str, Any]]] = {}
        loads = []
        for r in range(rounds):
            loads.append(load_average())
            print(f"  round {r + 1}/{rounds}: load {loads[-1]}", file=sys.stderr, flush=True)
            for label, moves in cases:
                sides = ["before", "after"] if r % 2 == 0 else ["after", "before"]
                for side in sides:
                    runs.setdefault((label, side), []).append(
                        child(trees[side], moves, depth, False, args.listener)
                    )
        loads.append(load_average())

    print(f"{rounds} rounds; load average (1, 5, 15 min) at each round and at the end:")
    for line in loads:
        print(f"  {line}")
    print()
    rows = []
    warnings = []
    for label, _ in cases:
        before, after = runs[label, "before"], runs[label, "after"]
        nodes = before[0]["nodes"]
        for side in (before, after):
            for run in side:
                if (run["nodes"], run["value"], run["best"]) != (
                    nodes,
                    before[0]["value"],
                    before[0]["best"],
                ):
                    warnings.append(f"WARNING: {label}: {run} differs from {before[0]}")
        rate_before = [run["nodes"] / run["seconds"] for run in before]
        rate_after = [run["nodes"] / run["seconds"] for run in after]
        speedup = [a / b for a, b in zip(rate_after, rate_before, strict=True)]
        rows.append(
            [
                f"connect4 d{depth} {label}",
                fmt_int(nodes),
                fmt_int(statistics.median(rate_before)),
                fmt_int(statistics.median(rate_after)),
                f"{statistics.median(speedup):.2f}x",
                f"{min(speedup):.2f}x to {max(speedup):.2f}x",
            ]
        )
    header = ["case", "nodes", "before n/s", "after n/s", "after / before", "range"]
    print(table(header, rows, markdown=False))
    print()
    for line in warnings:
        print(line)
    if not warnings:
        print("Checks: before and after visit the same nodes, with the same value and move.")
    print(f"Total time: {time.perf_counter() - started:.0f} s")
    return 0


def engine(trees: dict[str, Path], depth: int, rounds: int) -> int:
    """Issue 12's runs on the empty board, before and after, the sides taking turns."""
    runs: dict[tuple[str, str], list[dict[str, Any]]] = {}
    loads = []
    for r in range(rounds):
        loads.append(load_average())
        print(f"  round {r + 1}/{rounds}: load {loads[-1]}", file=sys.stderr, flush=True)
        for name in ENGINE_RUNS:
            for side in ["before", "after"] if r % 2 == 0 else ["after", "before"]:
                runs.setdefault((name, side), []).append(
                    in_tree(trees[side], ENGINE_CHILD, name, str(depth))
                )
    loads.append(load_average())
    print(f"{rounds} rounds; load average (1, 5, 15 min) at each round and at the end:")
    for line in loads:
        print(f"  {line}")
    print()

    def share(name: str, side: str) -> list[float]:
        """Per round: the run's nodes/s over the same side's headless in that round."""
        return [
            run["nps"] / bare["nps"]
            for run, bare in zip(runs[name, side], runs["headless", side], strict=True)
        ]

    rows = []
    for name in ENGINE_RUNS:
        before, after = runs[name, "before"], runs[name, "after"]
        speedup = [a["nps"] / b["nps"] for a, b in zip(after, before, strict=True)]
        rows.append(
            [
                name,
                fmt_int(statistics.median(run["nps"] for run in before)),
                fmt_int(statistics.median(run["nps"] for run in after)),
                f"{statistics.median(share(name, 'before')):.0%}",
                f"{statistics.median(share(name, 'after')):.0%}",
                f"{statistics.median(speedup):.2f}x",
                f"{min(speedup):.2f}x to {max(speedup):.2f}x",
            ]
        )
    header = ["run", "before n/s", "after n/s", "before share", "after share", "after / before"]
    print(table([*header, "range"], rows, markdown=False))
    print()
    for side in ("before", "after"):
        window = runs["dock open", side]
        cpu = statistics.median(run["window_cpu"] for run in window) * 1000
        p99 = statistics.median(run["p99"] for run in window)
        print(f"dock open, {side}: the window's CPU {cpu:.0f} ms a search, stall p99 {p99:.1f} ms")
    native = {
        side: {run["native"] for (_, s), rs in runs.items() if s == side for run in rs}
        for side in ("before", "after")
    }
    print(f"native writer: before {native['before']}, after {native['after']}")
    if native["before"] != native["after"]:
        print("WARNING: the two sides record with different writers")
    return 0


def profile(trees: dict[str, Path], cases: list[tuple[str, str]], depth: int) -> int:
    """The share of each Connect Four function in a profiled search, before and after."""
    shares = {
        (label, side): child(tree, moves, depth, True)["shares"]
        for label, moves in cases
        for side, tree in trees.items()
    }
    names = sorted(
        {name for found in shares.values() for name in found},
        key=lambda name: -max(found.get(name, 0.0) for found in shares.values()),
    )
    print(
        "Share of the search's time under cProfile in each function of connect4.py (with\n"
        "the builtins it calls), and the rest: the engine and its own builtins."
    )
    print()
    header = ["case", "side", *names]
    rows = [
        [label, side, *(f"{100 * shares[label, side].get(name, 0.0):.1f}%" for name in names)]
        for label, _ in cases
        for side in trees
    ]
    print(table(header, rows, markdown=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
