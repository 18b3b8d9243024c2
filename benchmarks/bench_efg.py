"""Reading a Gambit ``.efg`` file, this checkout against an older commit, side by side.

Run from the project root, in a git checkout::

    python -m benchmarks.bench_efg --rev ffa0ad3~1                 # 250,000 leaves, 5 rounds
    python -m benchmarks.bench_efg --rev ffa0ad3~1 --leaves 2000000 --rounds 3

The file is made once: a root of ``--leaves`` moves, each to an end with an outcome of
its own (two players, payoffs 1 and -1), the widest shape a file within the limits can
have, as a helper's audit found it (2,000,000 leaves took over two minutes). The older
commit is exported as :mod:`benchmarks.bench_before_after` exports it, and each read
runs in a fresh interpreter that imports the project from one of the two trees, the two
taking turns to go first. Figures are the CPU seconds of ``read_efg`` alone (the file
already in memory), medians over the rounds; the ratio is the median of the per-round
ratios. The figures, with the machine's load, are in docs/benchmarks.md ("Reading a
Gambit file").
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from benchmarks.bench_before_after import ROOT
from benchmarks.bench_before_after import export
from benchmarks.bench_before_after import in_tree

CHILD = """
import json, sys, time
import gamesearch_gui
from gamesearch_gui.core.trees.efg import read_efg

text = open(sys.argv[1], encoding="utf-8").read()
started = time.process_time()
game = read_efg(text)
seconds = time.process_time() - started
print(json.dumps({"file": gamesearch_gui.__file__, "seconds": seconds}))
"""


def wide_file(path: Path, leaves: int) -> None:
    """A root of ``leaves`` moves, each to an end with an outcome of its own."""
    moves = " ".join(f'"a{i}"' for i in range(leaves))
    with path.open("w", encoding="utf-8") as out:
        out.write(f'EFG 2 R "wide" {{ "1" "2" }}\n""\n\np "" 1 1 "" {{ {moves} }} 0\n')
        for i in range(1, leaves + 1):
            out.write(f't "" {i} "" {{ 1, -1 }}\n')


def load_average() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rev", required=True, help="the older commit")
    parser.add_argument("--leaves", type=int, default=250_000)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        commit = export(args.rev, work)
        trees = {"before": work / "tree", "after": ROOT}
        efg = work / "wide.efg"
        wide_file(efg, args.leaves)
        print(f"{args.leaves:,} leaves ({efg.stat().st_size / 2**20:.1f} MiB); before = {commit}")
        seconds: dict[str, list[float]] = {"before": [], "after": []}
        ratios: list[float] = []
        for round_ in range(args.rounds):
            order = ["before", "after"] if round_ % 2 == 0 else ["after", "before"]
            took = {side: in_tree(trees[side], CHILD, str(efg))["seconds"] for side in order}
            for side in order:
                seconds[side].append(took[side])
            ratios.append(took["after"] / took["before"])
            print(
                f"round {round_ + 1}: before {took['before']:.2f} s, after {took['after']:.2f} s"
                f"  (load {load_average()})"
            )
        before, after = (statistics.median(seconds[s]) for s in ("before", "after"))
        print(
            f"median CPU s: before {before:.2f}, after {after:.2f}; "
            f"after/before {statistics.median(ratios):.3f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
