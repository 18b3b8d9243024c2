"""Issue 12's two speed goals on Connect Four at depth 8, measured side by side in one run.

Run from the project root (aima-python, as the package ``aima3``, comes with the
``bench`` extra)::

    python -m benchmarks.bench_overhead              # depth 8, 7 rounds, a few minutes
    python -m benchmarks.bench_overhead --quick      # depth 6, 3 rounds, seconds
    python -m benchmarks.bench_overhead --rounds 11  # more rounds

Four searches of the same tree, and the game's work in them alone, plain alpha-beta
(natural move order, no table, the default evaluation ``open_lines``), on the Connect
Four cases of :mod:`benchmarks.bench_search` (the empty board and three midgames):

* **bare**: :func:`~gamesearch_gui.core.search.search` with no listener;
* **no-op**: the same with an observer whose methods do nothing (what telling costs);
* **recording**: the same with a :class:`~gamesearch_gui.core.recording.depth_first.SearchRecording`
  (no node cap), as the engine process records a search for the tree view: with the
  native writer where it is built;
* **recording (Python)**: the same, the recording written by the Python writer (only
  where the native one is built, so that the two are measured side by side);
* **aima**: aima-python's ``alphabeta_cutoff_search`` over
  :class:`benchmarks.aima_games.AimaConnectFour` (our rules and evaluation; nodes are
  its calls of ``result``, counted in one extra, untimed run), as
  :mod:`benchmarks.bench_aima` runs it;
* **game code alone**: every call of the game (``terminal_value``, ``open_lines``,
  ``to_move``, ``actions``, ``result``) that plain alpha-beta makes on this tree, taped
  once and made again in C-level loops with no search around them: an estimate of the
  floor under any search of this tree over this game code. Replayed from a tape of
  hundreds of thousands of positions, the calls find colder caches than inside a
  search, so the estimate runs somewhat slower than the true floor (the bare textbook
  alpha-beta of ``bench_aima`` beats it); it says how much of aima's time per node is
  the game's, which no search over the same game code can save.

The goals: bare at least 2x aima's nodes per second; recording at least 60% of bare's
nodes per second (it costs at most 40%). Each round runs the five once, the order
turning from round to round, so load from elsewhere falls on all of them alike; a ratio
is the median of the per-round ratios. The load average is printed when each case
starts and at the end. The script checks that the four visit the same positions (and
the recording keeps every node) and choose the same move, and prints a WARNING line
where they do not. A measurement, not a test: it asserts nothing about speed.

Runs against another checkout's ``gamesearch_gui`` too (for a before-and-after table):
run it from this folder with ``PYTHONPATH`` at an export of the other commit.
"""

from __future__ import annotations

import datetime
import gc
import platform
import statistics
import sys
import time
from collections import deque
from collections.abc import Callable
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import metadata
from typing import Any

from benchmarks.bare_alphabeta import alphabeta
from benchmarks.bench_aima import Run
from benchmarks.bench_aima import aima
from benchmarks.bench_aima import options
from benchmarks.bench_search import connect4_positions
from benchmarks.bench_search import fmt_int
from benchmarks.bench_search import load_average
from benchmarks.bench_search import table
from gamesearch_gui.core.games.connect4 import C4State
from gamesearch_gui.core.games.connect4 import ConnectFour
from gamesearch_gui.core.games.connect4 import open_lines
from gamesearch_gui.core.recording.depth_first import SearchRecording
from gamesearch_gui.core.recording.events import SearchObserver

try:
    from gamesearch_gui.core.recording.depth_first import NATIVE_WRITER
except ImportError:  # a checkout from before the native writer
    NATIVE_WRITER = None
from gamesearch_gui.core.search import Ordering
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import search

BARE = "bare"
NOOP = "no-op observer"
RECORDING = "recording"
RECORDING_PY = "recording (Python)"
AIMA = "aima-python"
GAME = "game code alone"
SEARCHES = (BARE, NOOP, RECORDING, AIMA, GAME) + ((RECORDING_PY,) if NATIVE_WRITER else ())
#: Bare at least this many times aima's nodes per second.
AIMA_GOAL = 2.0
#: Recording at least this share of bare's nodes per second.
RECORDING_GOAL = 0.60


class NoOp(SearchObserver):
    """An observer that is told everything and does nothing with it."""

    def entered(self, *args: Any) -> None:  # type: ignore[override]
        pass

    def valued(self, *args: Any) -> None:  # type: ignore[override]
        pass

    def leaf(self, *args: Any) -> None:  # type: ignore[override]
        pass  # (a checkout from before leaf() never calls it)

    def pruned(self, *args: Any) -> None:  # type: ignore[override]
        pass

    def iteration_started(self, *args: Any) -> None:  # type: ignore[override]
        pass

    def iteration_finished(self, *args: Any) -> None:  # type: ignore[override]
        pass


def ours(
    game: ConnectFour, state: C4State, depth: int, listener: Callable[[], SearchObserver | None]
) -> Callable[[], Run]:
    """Our plain alpha-beta, told nothing or told ``listener()``, made inside the timing
    (a recording's set-up is part of its cost)."""
    settings = SearchSettings(depth=depth, ordering=Ordering.NONE, transposition_table=False)

    def run() -> Run:
        started = time.perf_counter()
        result = search(game, state, settings, listener=listener())
        return Run(result.stats.nodes, time.perf_counter() - started, result.best_move)

    return run


def game_code(game: ConnectFour, state: C4State, depth: int) -> Callable[[], Run]:
    """The game's own work in the search, alone: every call of the game that plain
    alpha-beta makes on this tree (taped once from the bare textbook search, untimed),
    made again in tight C-level loops, with no search around them.

    An estimate of the floor under any search of this tree over the same game code,
    a little slow: replayed from the tape, the calls miss the caches that a search
    keeps warm.
    """
    visited: list[C4State] = []
    inner: list[C4State] = []
    parents: list[C4State] = []
    moves: list[Any] = []
    leaves: list[C4State] = []

    class Taped(ConnectFour):
        def terminal_value(self, s: C4State) -> float | None:
            visited.append(s)
            return super().terminal_value(s)

        def actions(self, s: C4State) -> Sequence[Any]:
            inner.append(s)
            return super().actions(s)

        def result(self, s: C4State, a: Any) -> C4State:
            parents.append(s)
            moves.append(a)
            return super().result(s, a)

    def evaluate(s: C4State) -> float:
        leaves.append(s)
        return open_lines(s)

    taped = alphabeta(Taped(), state, depth, evaluate)
    nodes = len(visited)
    terminal_value, actions, to_move, result = (
        game.terminal_value,
        game.actions,
        game.to_move,
        game.result,
    )

    def run() -> Run:
        started = time.perf_counter()
        deque(map(terminal_value, visited), maxlen=0)
        deque(map(open_lines, leaves), maxlen=0)
        deque(map(to_move, inner), maxlen=0)
        deque(map(actions, inner), maxlen=0)
        deque(map(result, parents, moves), maxlen=0)
        return Run(nodes, time.perf_counter() - started, taped.best_move)

    return run


def kept_nodes(game: ConnectFour, state: C4State, depth: int) -> tuple[int, int]:
    """Nodes a recording of the search keeps, and the search's own count (untimed)."""
    settings = SearchSettings(depth=depth, ordering=Ordering.NONE, transposition_table=False)
    recording = SearchRecording(game, node_cap=None)
    result = search(game, state, settings, listener=recording)
    return recording.node_count, result.stats.nodes


@dataclass(frozen=True)
class Row:
    """One case: each search's rates and the per-round ratios."""

    case: str
    nodes: dict[str, int]
    rates: dict[str, list[float]]
    ratios: dict[str, list[float]]
    warnings: list[str]


RATIOS = ("bare / aima", "game code alone / aima", "no-op / bare", "recording / bare") + (
    ("recording (Python) / bare",) if NATIVE_WRITER else ()
)


def measure(name: str, game: ConnectFour, state: C4State, depth: int, rounds: int) -> Row:
    """The four searches of one case, ``rounds`` times, interleaved."""
    runners = {
        BARE: ours(game, state, depth, lambda: None),
        NOOP: ours(game, state, depth, NoOp),
        RECORDING: ours(game, state, depth, lambda: SearchRecording(game, node_cap=None)),
        AIMA: aima(game, state, depth),  # nodes: its calls of result
        GAME: game_code(game, state, depth),
    }
    if NATIVE_WRITER:
        runners[RECORDING_PY] = ours(
            game, state, depth, lambda: SearchRecording(game, node_cap=None, native=False)
        )
    rates: dict[str, list[float]] = {key: [] for key in runners}
    ratios: dict[str, list[float]] = {key: [] for key in RATIOS}
    last: dict[str, Run] = {}
    order = list(runners)
    for r in range(rounds):
        turn = order[r % len(order) :] + order[: r % len(order)]
        rate: dict[str, float] = {}
        for key in turn:
            gc.collect()
            run = runners[key]()
            last[key] = run
            rate[key] = run.nodes / run.seconds
            rates[key].append(rate[key])
        ratios["bare / aima"].append(rate[BARE] / rate[AIMA])
        ratios["game code alone / aima"].append(rate[GAME] / rate[AIMA])
        ratios["no-op / bare"].append(rate[NOOP] / rate[BARE])
        ratios["recording / bare"].append(rate[RECORDING] / rate[BARE])
        if NATIVE_WRITER:
            ratios["recording (Python) / bare"].append(rate[RECORDING_PY] / rate[BARE])
    nodes = {key: run.nodes for key, run in last.items()}
    kept, counted = kept_nodes(game, state, depth)
    warnings = []
    same = len({nodes[key] for key in nodes if key != AIMA}) == 1 == nodes[BARE] - nodes[AIMA]
    if not same or not kept == counted == nodes[BARE]:
        warnings.append(f"WARNING: {name}: not the same tree: {nodes}, recording kept {kept}")
    moves = {key: run.move for key, run in last.items()}
    if len(set(moves.values())) != 1:
        warnings.append(f"WARNING: {name}: moves differ: {moves}")
    return Row(name, nodes, rates, ratios, warnings)


def main(argv: Sequence[str] | None = None) -> int:
    chosen = options("python -m benchmarks.bench_overhead", __doc__, argv)
    if chosen is None:
        return 2
    depth, rounds, _ = chosen
    import gamesearch_gui

    print(f"Connect Four, plain alpha-beta: bare, observed, recorded, aima-python, depth {depth}")
    print(
        f"{datetime.date.today()}  Python {platform.python_version()}  "
        f"aima3 {metadata.version('aima3')}  {platform.machine()}  {rounds} rounds, medians  "
        f"({gamesearch_gui.__file__})"
    )
    writer = "the native writer" if NATIVE_WRITER else "the Python writer (no native one here)"
    print(f"The recording is written by {writer}.")
    game = ConnectFour()
    started = time.perf_counter()
    rows: list[Row] = []
    loads = [load_average()]
    for label, moves in connect4_positions():
        name = f"connect4 d{depth} {label}"
        print(f"  {name}: load {load_average()}", file=sys.stderr, flush=True)
        rows.append(measure(name, game, game.parse_position(moves), depth, rounds))
    loads.append(load_average())
    print(f"Load average (1, 5, 15 min): {loads[0]} at the start, {loads[1]} at the end.\n")

    detail = [
        [
            row.case,
            fmt_int(row.nodes[BARE]),
            *(fmt_int(statistics.median(row.rates[key])) for key in SEARCHES),
        ]
        for row in rows
    ]
    print("Nodes per second, medians over the rounds:\n")
    print(table(["case", "nodes", *SEARCHES], detail, markdown=False))
    print(f"\nRatios of nodes per second: medians of the per-round ratios ({rounds} rounds).\n")
    summary = [
        [row.case, *(f"{statistics.median(row.ratios[key]):.2f}x" for key in RATIOS)]
        for row in rows
    ]
    print(table(["case", *RATIOS], summary, markdown=False))
    print()
    speed = [statistics.median(row.ratios["bare / aima"]) for row in rows]
    game = [statistics.median(row.ratios["game code alone / aima"]) for row in rows]
    kept = [statistics.median(row.ratios["recording / bare"]) for row in rows]
    print(
        f"Goal A, bare at least {AIMA_GOAL:.0f}x aima-python's nodes per second, on the "
        f"same game code: {'met' if min(speed) >= AIMA_GOAL else 'NOT met'} "
        f"({min(speed):.2f}x to {max(speed):.2f}x). The game's calls alone, replayed with "
        f"no search around them, take {1 / max(game):.0%} to {1 / min(game):.0%} of "
        "aima's time per node (an estimate, a little high). Against aima-python's own "
        "ConnectFour, as a student runs it: python -m benchmarks.bench_aima."
    )
    print(
        f"Goal B, the recording keeps at least {RECORDING_GOAL:.0%} of bare's speed: "
        f"{'met' if min(kept) >= RECORDING_GOAL else 'NOT met'} "
        f"({min(kept):.1%} to {max(kept):.1%}; "
        f"it costs {1 - max(kept):.1%} to {1 - min(kept):.1%})."
    )
    warnings = [line for row in rows for line in row.warnings]
    for line in warnings:
        print(line)
    if not warnings:
        print("Checks: all four visit the same nodes, the recording keeps them all, same move.")
    print(f"Total time: {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
