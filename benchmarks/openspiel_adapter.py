"""The OpenSpiel adapter's cost per node (issue 30): our search over an OpenSpiel game,
beside OpenSpiel's own Python alpha-beta on the same game, and beside our search over
the app's built-in version of the same game.

Run from the project root (OpenSpiel comes with the ``openspiel`` extra, and with
``test``)::

    python -m benchmarks.openspiel_adapter              # the full cases, a few minutes
    python -m benchmarks.openspiel_adapter --quick      # the smallest sizes, seconds
    python -m benchmarks.openspiel_adapter --markdown   # tables in Markdown (docs/benchmarks.md)
    python -m benchmarks.openspiel_adapter --rounds 11  # more rounds (default 5)

Cases: tic-tac-toe searched to the end, Connect Four to a depth, and Breakthrough on
6x6 to a depth (no built-in version), each by up to three searches of one tree:

* ``adapter``: our plain alpha-beta (natural move order, no table, evaluation "none")
  over :class:`~gamesearch_gui.core.openspiel.game.OpenSpielGame`;
* ``OpenSpiel minimax``: ``open_spiel.python.algorithms.minimax.alpha_beta_search``
  with a value function of 0, the same cut rule (alpha >= beta) and move order, so the
  same tree: its nodes are counted in an untimed run first (one ``clone`` per node),
  and the script prints a WARNING line where they are not ours;
* ``built-in``: our same search over the app's own game (``TicTacToe``,
  ``ConnectFour``), whose moves come in the same order.

Each round runs every search of a case once, the order turning from round to round, so
load from elsewhere falls on all of them alike. Figures are medians over the rounds; a
ratio is the median of the per-round ratios of microseconds per node to the adapter's.
The load average is printed when each case starts and at the end. A measurement, not a
test: it asserts nothing about speed.
"""

from __future__ import annotations

import argparse
import datetime
import gc
import platform
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from importlib import metadata
from typing import Any

from benchmarks.bench_search import fmt_int
from benchmarks.bench_search import load_average
from benchmarks.bench_search import table
from gamesearch_gui.core.game import Game
from gamesearch_gui.core.games import ConnectFour
from gamesearch_gui.core.games import TicTacToe
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import search

ADAPTER = "adapter"
OPENSPIEL = "OpenSpiel minimax"
BUILT_IN = "built-in"


@dataclass(frozen=True)
class Case:
    """One game searched to one depth (None: to the end) from its start."""

    name: str
    spec: str
    depth: int | None
    built_in: Game[Any, Any] | None


def cases(quick: bool) -> list[Case]:
    if quick:
        return [
            Case("tic-tac-toe, to the end", "tic_tac_toe", None, TicTacToe()),
            Case("Connect Four, depth 4", "connect_four", 4, ConnectFour()),
            Case("Breakthrough 6x6, depth 2", "breakthrough(rows=6,columns=6)", 2, None),
        ]
    return [
        Case("tic-tac-toe, to the end", "tic_tac_toe", None, TicTacToe()),
        Case("Connect Four, depth 6", "connect_four", 6, ConnectFour()),
        Case("Connect Four, depth 8", "connect_four", 8, ConnectFour()),
        Case("Breakthrough 6x6, depth 4", "breakthrough(rows=6,columns=6)", 4, None),
    ]


@dataclass(frozen=True)
class Run:
    nodes: int
    seconds: float
    value: float


def ours(game: Game[Any, Any], depth: int | None) -> Callable[[], Run]:
    settings = SearchSettings(Algorithm.ALPHABETA, depth=depth, evaluation="none")
    state = game.initial_state()

    def run() -> Run:
        started = time.perf_counter()
        result = search(game, state, settings)
        seconds = time.perf_counter() - started
        assert result.value is not None
        return Run(result.stats.nodes, seconds, result.value)

    return run


class _Counted:
    """A pyspiel state that counts its clones: one per node of OpenSpiel's alpha-beta."""

    clones = 0

    def __init__(self, native: Any) -> None:
        self.native = native

    def clone(self) -> _Counted:
        _Counted.clones += 1
        return _Counted(self.native.clone())

    def __getattr__(self, name: str) -> Any:
        return getattr(self.native, name)


def openspiels(native_game: Any, depth: int | None) -> tuple[Callable[[], Run], int]:
    """OpenSpiel's own Python alpha-beta as a timed run, and the nodes it visits."""
    from open_spiel.python.algorithms import minimax

    plies = int(native_game.max_game_length()) if depth is None else depth

    def zero(state: Any) -> float:
        return 0.0

    _Counted.clones = 0
    minimax.alpha_beta_search(
        native_game,
        state=_Counted(native_game.new_initial_state()),
        value_function=zero,
        maximum_depth=plies,
    )
    nodes = _Counted.clones

    def run() -> Run:
        started = time.perf_counter()
        value, _ = minimax.alpha_beta_search(native_game, value_function=zero, maximum_depth=plies)
        return Run(nodes, time.perf_counter() - started, value)

    return run, nodes


def measure(case: Case, rounds: int) -> dict[str, list[Run]]:
    from gamesearch_gui.core.openspiel.game import OpenSpielGame

    adapted = OpenSpielGame(case.spec)
    searches: dict[str, Callable[[], Run]] = {ADAPTER: ours(adapted, case.depth)}
    searches[OPENSPIEL] = openspiels(adapted.native, case.depth)[0]
    if case.built_in is not None:
        searches[BUILT_IN] = ours(case.built_in, case.depth)
    first = {name: run() for name, run in searches.items()}  # a warm-up, and the check
    for name, run in first.items():
        if run.nodes != first[ADAPTER].nodes or run.value != first[ADAPTER].value:
            print(
                f"WARNING: {case.name}: {name} visits {run.nodes:,} nodes (value "
                f"{run.value}), the adapter {first[ADAPTER].nodes:,} (value {first[ADAPTER].value})"
            )
    runs: dict[str, list[Run]] = {name: [] for name in searches}
    names = list(searches)
    for i in range(rounds):
        order = names[i % len(names) :] + names[: i % len(names)]
        for name in order:
            gc.collect()
            runs[name].append(searches[name]())
    return runs


def report(case: Case, runs: dict[str, list[Run]], markdown: bool) -> str:
    adapter = runs[ADAPTER]
    rows = []
    for name, done in runs.items():
        nodes = done[0].nodes
        per_node = [run.seconds / run.nodes * 1e6 for run in done]
        ratios = [
            (run.seconds / run.nodes) / (mine.seconds / mine.nodes)
            for run, mine in zip(done, adapter, strict=True)
        ]
        rows.append(
            [
                name,
                fmt_int(nodes),
                f"{statistics.median(run.seconds for run in done):.3f}",
                f"{statistics.median(per_node):.2f}",
                f"{statistics.median(ratios):.2f}",
            ]
        )
    header = ["search", "nodes", "seconds", "µs per node", "× the adapter's"]
    return f"{case.name}\n\n" + table(header, rows, markdown)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="the smallest sizes, seconds")
    parser.add_argument("--rounds", type=int, default=5, help="rounds of every search (5)")
    parser.add_argument("--markdown", action="store_true", help="tables in Markdown")
    args = parser.parse_args(argv)
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        print('OpenSpiel is not installed: pip install -e ".[openspiel]"', file=sys.stderr)
        return 2
    print(
        f"{datetime.datetime.now().isoformat(timespec='seconds')}, Python "
        f"{platform.python_version()}, open_spiel {metadata.version('open_spiel')}, "
        f"{platform.machine()}, rounds {args.rounds}"
    )
    for case in cases(args.quick):
        print(f"\nload average {load_average()}")
        print(report(case, measure(case, args.rounds), args.markdown))
    print(f"\nload average at the end {load_average()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
