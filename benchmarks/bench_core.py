"""Issue 26's speed goals for the rebuilt search, side by side in one run.

Run from the project root::

    python -m benchmarks.bench_core                # 9 rounds, a few minutes
    python -m benchmarks.bench_core --rounds 3     # a trial
    python -m benchmarks.bench_core --markdown     # tables for docs/benchmarks.md

Each row is one search against its floor, on the same game code and the same tree:

* **plain alpha-beta, nobody watching** (``search()`` as the command line and a match run
  it: core/search/textbook.py) against :mod:`benchmarks.bare_alphabeta`, the bare
  textbook loop with a node counter and nothing else: tic-tac-toe solved, Connect Four at
  depth 8 from the start and from a midgame. Goal: at least 0.95x.
* **recorded** (the same search into a ``SearchRecording``, as the engine process keeps
  it for the tree view, made inside the timing) against the bare loop: what recording
  costs. Issue 12 measured 28% to 34% with the native writer (recorded / bare 0.66x to
  0.72x); goal: no more than that.
* **MCTS** (``search()`` with ``Algorithm.MCTS``, nobody watching) against
  :mod:`benchmarks.bare_uct`, a bare UCT making the same draws from the same seed:
  tic-tac-toe and Connect Four from the start. Goal: at least 1.0x.

Every figure is CPU seconds (``time.process_time``) around one search in this process
(tic-tac-toe's, a few milliseconds, 20 times);
a round runs every variant of a row once, the order turning from round to round, so
load from elsewhere falls on both sides alike. A ratio is the median of the per-round
ratios (above 1: ours is faster than its floor). Both sides must find the same value or
visit counts, and the same node count where both count, or the script stops. The load
average is printed with every row. A measurement, not a test: it asserts nothing about
speed.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
from collections.abc import Callable
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any
from typing import Final

from benchmarks.bare_alphabeta import alphabeta
from benchmarks.bare_uct import uct
from benchmarks.bench_search import load_average
from benchmarks.bench_search import table
from gamesearch_gui.core.game import Game
from gamesearch_gui.core.games import ConnectFour
from gamesearch_gui.core.games import TicTacToe
from gamesearch_gui.core.recording.depth_first import SearchRecording
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import Ordering
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import search

#: The seed of both MCTS searches.
SEED: Final = 7


@dataclass(frozen=True)
class Row:
    """A search against its floor: ``ours`` and ``floor`` each run it once and return
    what both must agree on."""

    goal: str
    case: str
    nodes: str
    ours: Callable[[], object]
    floor: Callable[[], object]
    #: Runs inside one timing: a search of milliseconds is repeated, for the clock.
    repeat: int = 1


def timed(work: Callable[[], object], repeat: int) -> tuple[float, object]:
    """CPU seconds of ``repeat`` runs, and what the last found."""
    gc.collect()
    started = time.process_time()
    for _ in range(repeat):
        found = work()
    return time.process_time() - started, found


def _bare(game: Game[Any, Any], state: object, depth: int | None) -> object:
    found = alphabeta(game, state, depth)
    return found.value, found.nodes


def _plain(game: Game[Any, Any], state: object, settings: SearchSettings) -> object:
    found = search(game, state, settings)
    return found.value, found.stats.nodes


def _recorded(game: Game[Any, Any], state: object, settings: SearchSettings) -> object:
    found = search(game, state, settings, listener=SearchRecording(game, node_cap=None))
    return found.value, found.stats.nodes


def _bare_uct(game: Game[Any, Any], state: object, iterations: int) -> object:
    return uct(game, state, iterations, seed=SEED).visits


def _mcts(game: Game[Any, Any], state: object, settings: SearchSettings) -> object:
    found = search(game, state, settings)
    return {move.move: move.visits for move in found.root_moves}


def alphabeta_rows() -> list[Row]:
    """Plain alpha-beta, unwatched and recorded, against the bare loop."""
    ttt, c4 = TicTacToe(), ConnectFour()
    cases: list[tuple[str, Game[Any, Any], object, int | None]] = [
        ("tic-tac-toe solved", ttt, ttt.initial_state(), None),
        ("Connect Four depth 8, start", c4, c4.initial_state(), 8),
        ("Connect Four depth 8, mid A", c4, c4.parse_position("434453"), 8),
    ]
    rows = []
    for name, game, state, depth in cases:
        settings = SearchSettings(Algorithm.ALPHABETA, depth=depth, ordering=Ordering.NONE)
        nodes = f"{alphabeta(game, state, depth).nodes:,}"
        bare = partial(_bare, game, state, depth)
        plain = partial(_plain, game, state, settings)
        repeat = 20 if depth is None else 1
        rows.append(Row("0.95x", f"{name}, nobody watching", nodes, plain, bare, repeat))
        if depth is not None:
            recorded = partial(_recorded, game, state, settings)
            rows.append(Row("0.66x", f"{name}, recorded", nodes, recorded, bare))
    return rows


def mcts_rows() -> list[Row]:
    """MCTS against the bare UCT, the same draws from the same seed."""
    rows = []
    cases: list[tuple[str, Game[Any, Any], int]] = [
        ("tic-tac-toe", TicTacToe(), 20_000),
        ("Connect Four", ConnectFour(), 5_000),
    ]
    for name, game, iterations in cases:
        state = game.initial_state()
        settings = SearchSettings(Algorithm.MCTS, iterations=iterations, seed=SEED)
        rows.append(
            Row(
                "1.0x",
                f"MCTS, {name}, {iterations:,} iterations",
                "",
                partial(_mcts, game, state, settings),
                partial(_bare_uct, game, state, iterations),
            )
        )
    return rows


def measure(row: Row, rounds: int) -> list[str]:
    ratios, ours_s, floor_s = [], [], []
    for i in range(rounds):
        if i % 2 == 0:
            ours = timed(row.ours, row.repeat)
            floor = timed(row.floor, row.repeat)
        else:
            floor = timed(row.floor, row.repeat)
            ours = timed(row.ours, row.repeat)
        if ours[1] != floor[1]:
            sys.exit(f"{row.case}: ours found {ours[1]!r}, the floor {floor[1]!r}")
        ours_s.append(ours[0])
        floor_s.append(floor[0])
        ratios.append(floor[0] / ours[0])
    print(f"  done: {row.case} (load {load_average()})", file=sys.stderr, flush=True)
    return [
        row.case,
        row.nodes,
        f"{statistics.median(floor_s):.3f}",
        f"{statistics.median(ours_s):.3f}",
        f"{statistics.median(ratios):.2f}x",
        f"{min(ratios):.2f}x to {max(ratios):.2f}x",
        row.goal,
        load_average().split(",")[0],
    ]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=9, help="rounds per row (default 9)")
    parser.add_argument("--markdown", action="store_true", help="Markdown tables")
    parser.add_argument("--only", choices=["alphabeta", "mcts"], help="one part only")
    args = parser.parse_args(argv)
    rows = []
    if args.only in (None, "alphabeta"):
        rows += alphabeta_rows()
    if args.only in (None, "mcts"):
        rows += mcts_rows()
    print(f"{args.rounds} rounds; load average at the start {load_average()}\n")
    header = ["search", "nodes", "floor s", "ours s", "speed / floor", "range", "goal", "load"]
    print(table(header, [measure(row, args.rounds) for row in rows], args.markdown))
    print(
        "\nfloor: the bare textbook alpha-beta (benchmarks/bare_alphabeta.py) or bare UCT "
        "(benchmarks/bare_uct.py); speed / floor above 1: ours is faster.\n"
        f"Load average at the end {load_average()}."
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
