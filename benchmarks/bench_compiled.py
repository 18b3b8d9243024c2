"""The search compiled with mypyc beside the same code in pure Python (issue 26).

Builds, in a scratch folder, a copy of this checkout whose depth-first search
(``core/search/depth_first.py``, ``textbook.py``, ``recursion.py``, ``chance.py``),
number helpers (``core/numbers.py``) and two games (``core/games/tictactoe.py``,
``connect4.py``) are compiled with mypyc; the copy and a pure copy of the same
checkout then run the same searches, each in a fresh process (``python -c``, the copy
first on ``sys.path``), in interleaved rounds. Each figure is
the CPU seconds of the search alone (``time.process_time`` around it), so the start and
the load of the machine change little; the table gives medians and the ratio pure /
compiled (above 1: the compiled copy is faster). Every pair must find the same value and
node count, or the benchmark stops.

``core/game.py`` is not compiled: mypyc's classes cannot be subclassed by interpreted
code, and every drawn tree and user game is a subclass of ``Game``.

    python -m benchmarks.bench_compiled [--rounds 5] [--keep DIR]

Needs mypy (the ``dev`` extra) and a C compiler. Figures: docs/benchmarks.md,
"The search compiled with mypyc".
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable
COMPILED = (
    "gamesearch_gui/core/search/depth_first.py",
    "gamesearch_gui/core/search/textbook.py",
    "gamesearch_gui/core/search/recursion.py",
    "gamesearch_gui/core/search/chance.py",
    "gamesearch_gui/core/numbers.py",
    "gamesearch_gui/core/games/tictactoe.py",
    "gamesearch_gui/core/games/connect4.py",
)

#: Each case: a name and the Python that runs it, ending with ``found`` (value, nodes).
CASES: dict[str, str] = {
    "tic-tac-toe solved, alpha-beta": (
        "from gamesearch_gui.core.games import TicTacToe as G\n"
        "g = G(); s = g.initial_state(); settings = SearchSettings(Algorithm.ALPHABETA)\n"
    ),
    "tic-tac-toe solved, minimax": (
        "from gamesearch_gui.core.games import TicTacToe as G\n"
        "g = G(); s = g.initial_state(); settings = SearchSettings(Algorithm.MINIMAX)\n"
    ),
    "Connect Four depth 8, alpha-beta": (
        "from gamesearch_gui.core.games import ConnectFour as G\n"
        "g = G(); s = g.initial_state()\n"
        "settings = SearchSettings(Algorithm.ALPHABETA, depth=8)\n"
    ),
    "Connect Four depth 8, ordering and table": (
        "from gamesearch_gui.core.games import ConnectFour as G\n"
        "g = G(); s = g.initial_state()\n"
        "settings = SearchSettings(Algorithm.ALPHABETA, depth=8, ordering=Ordering.STATIC,"
        " transposition_table=True)\n"
    ),
    "Connect Four depth 6, recorded": (
        "from gamesearch_gui.core.games import ConnectFour as G\n"
        "from gamesearch_gui.core.recording.depth_first import SearchRecording\n"
        "g = G(); s = g.initial_state(); settings = SearchSettings(Algorithm.ALPHABETA, depth=6)\n"
        "listener = SearchRecording(g, depth_limit=6)\n"
    ),
}
RUN = """
import json, sys, time
from gamesearch_gui.core.search import Algorithm, Ordering, SearchSettings, search
listener = None
{setup}
t = time.process_time()
r = search(g, s, settings, listener=listener)
cpu = time.process_time() - t
import gamesearch_gui.core.search.depth_first as d
print(json.dumps([cpu, float(r.value), r.stats.nodes, d.__file__.endswith(".so")]))
"""


def load_average() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def copy_checkout(folder: Path) -> None:
    """This checkout's committed files (``git archive HEAD``) into ``folder``."""
    archive = subprocess.run(
        ["git", "archive", "HEAD"], cwd=ROOT, check=True, capture_output=True
    ).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(folder, filter="data")


def build(folder: Path) -> float:
    """Compile ``COMPILED`` in ``folder`` with mypyc; the seconds it took."""
    started = time.perf_counter()
    mypyc = shutil.which("mypyc", path=str(Path(PYTHON).parent)) or "mypyc"
    done = subprocess.run(
        [mypyc, *COMPILED], cwd=folder, capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        sys.exit(f"mypyc failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}")
    return time.perf_counter() - started


def run(folder: Path, setup: str) -> tuple[float, float, int, bool]:
    env = {**os.environ, "PYTHONPATH": str(folder)}
    out = subprocess.run(
        [PYTHON, "-c", RUN.format(setup=setup)],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    cpu, value, nodes, native = json.loads(out.strip().splitlines()[-1])
    return cpu, value, nodes, native


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--keep", help="build here (kept) instead of a temporary folder")
    args = parser.parse_args(argv)
    scratch = Path(args.keep or tempfile.mkdtemp(prefix="bench-compiled-"))
    pure, compiled = scratch / "pure", scratch / "compiled"
    for folder in (pure, compiled):
        if folder.exists():
            shutil.rmtree(folder)
        folder.mkdir(parents=True)
        copy_checkout(folder)
    print(f"mypyc build: {build(compiled):.0f} s; load before: {load_average()}", flush=True)
    times: dict[str, dict[str, list[float]]] = {c: {"pure": [], "compiled": []} for c in CASES}
    try:
        for round_ in range(args.rounds):
            for name, setup in CASES.items():
                order = [("pure", pure), ("compiled", compiled)]
                if round_ % 2:
                    order.reverse()
                found = {}
                for label, folder in order:
                    cpu, value, nodes, native = run(folder, setup)
                    if native != (label == "compiled"):
                        sys.exit(f"{label}: the search ran {'compiled' if native else 'pure'}")
                    times[name][label].append(cpu)
                    found[label] = (value, nodes)
                if found["pure"] != found["compiled"]:
                    sys.exit(f"{name}: pure found {found['pure']}, compiled {found['compiled']}")
            print(f"round {round_ + 1} done; load {load_average()}", flush=True)
    finally:
        if not args.keep:
            shutil.rmtree(scratch, ignore_errors=True)
    print(f"\n{'case':<42} {'pure s':>8} {'compiled s':>11} {'pure/compiled':>14}")
    for name, by in times.items():
        p, c = statistics.median(by["pure"]), statistics.median(by["compiled"])
        print(f"{name:<42} {p:8.3f} {c:11.3f} {p / c:13.2f}x")
    print(f"\nload after: {load_average()}; medians of {args.rounds} interleaved rounds")
    return 0


if __name__ == "__main__":
    sys.exit(main())
