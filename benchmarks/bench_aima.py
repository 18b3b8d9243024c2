"""Our plain alpha-beta against aima-python's ``alphabeta_cutoff_search`` on Connect Four.

Run from the project root (aima-python, as the package ``aima3``, comes with the
``bench`` extra)::

    python -m benchmarks.bench_aima              # depth 8, about 90 s
    python -m benchmarks.bench_aima --quick      # depth 6, seconds
    python -m benchmarks.bench_aima --rounds 11  # more rounds (default 7)

Cases: the Connect Four cases of :mod:`benchmarks.bench_search`, the empty board and
three midgame positions, each searched to the same depth by four searches:

* our engine's plain alpha-beta (natural move order, no table);
* the bare textbook alpha-beta of :mod:`benchmarks.bare_alphabeta` (the floor: the same
  search with no bookkeeping);
* aima-python's ``alphabeta_cutoff_search`` over
  :class:`benchmarks.aima_games.AimaConnectFour`, which uses OUR rules and evaluation:
  the like-for-like reading, where both searches run the same game code;
* aima-python's ``alphabeta_cutoff_search`` over aima-python's OWN ``ConnectFour``
  (``aima3.games``: a dictionary board, its own ``result`` and win test), as a student
  runs it: the second reading, which measures aima's game code as much as its search.

The first three search the same tree; the script checks that they visit the same
positions (aima's calls of ``result`` are our nodes less the root) and choose the same
move, and prints a WARNING line where they do not.

Two evaluations at the cutoff: ``open_lines``, the default, which is what a user runs;
and ``zero``, 0 everywhere, which takes the evaluation's cost out and leaves the
searches' own (on another, smaller tree: a flat evaluation prunes far more). aima's own
game runs with ``open_lines`` ported to its board (``aima_games.own_eval_fn``), which
makes its tree ours (checked before the timing: the same node count and move, or the
script stops), and beside ``zero`` with its own evaluation, the default ``eval_fn``
(its utility: 0 until someone wins). That tree is nearly ours with ``zero`` but not
quite: aima's wins are all worth 1, ours more the sooner they come, so the two prune a
little differently; both node counts are printed.

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
from collections.abc import Callable
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import metadata
from typing import Any

from benchmarks.bare_alphabeta import alphabeta
from benchmarks.bench_search import connect4_positions
from benchmarks.bench_search import fmt_int
from benchmarks.bench_search import load_average
from benchmarks.bench_search import table
from gamesearch_gui.core.games.connect4 import C4State
from gamesearch_gui.core.games.connect4 import ConnectFour
from gamesearch_gui.core.games.connect4 import open_lines
from gamesearch_gui.core.search import Ordering
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import search

try:
    from benchmarks import aima_games
    from benchmarks.aima_games import AimaConnectFour
except ImportError:  # pragma: no cover - told to the user in main()
    AimaConnectFour = None  # type: ignore[assignment,misc]

OURS = "ours, plain alpha-beta"
BARE = "textbook alpha-beta"
AIMA = "aima-python alphabeta_cutoff_search"
AIMA_OWN = "aima-python, its own ConnectFour"
SEARCHES = (OURS, BARE, AIMA, AIMA_OWN)
#: What aima's own game evaluates at a cutoff, beside each of our evaluations.
OWN_EVALUATION = {"open_lines": "open_lines, ported", "zero": "its utility (0 until a win)"}
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


def aima_own(rules: ConnectFour, state: C4State, depth: int, *, ported: bool) -> Callable[[], Run]:
    """aima's search over aima's own ``ConnectFour`` at our position, as a student runs
    it; ``ported``: with our ``open_lines`` ported to its board, else with its default
    evaluation (its utility).

    The node count comes from one run of the counting subclass; the timed runs use
    aima's own class, made inside the timing as ours is (the position is set up as
    aima's ``GameState`` once, outside it, as ours is parsed outside it). Ported, the
    tree must be ours: the same nodes (its calls of ``result``, plus the root) and the
    same move as our plain alpha-beta, or AssertionError before any timing.
    """
    start = aima_games.own_state(state)
    to_move = start.to_move

    def eval_fn() -> Callable[[Any], float] | None:
        return aima_games.own_eval_fn(to_move) if ported else None

    counter = aima_games.own_game(counted=True)
    counted_move = aima_games.own_search(counter, start, depth, eval_fn())
    nodes = counter.nodes
    if ported:
        settings = SearchSettings(depth=depth, ordering=Ordering.NONE, transposition_table=False)
        expected = search(rules, state, settings)
        got = (nodes + 1, aima_games.own_column(counted_move))
        if got != (expected.stats.nodes, expected.best_move):
            raise AssertionError(
                f"aima's own game with open_lines ported is not our tree: nodes and move "
                f"{got}, ours {(expected.stats.nodes, expected.best_move)}"
            )

    def run() -> Run:
        started = time.perf_counter()
        game = aima_games.own_game()
        move = aima_games.own_search(game, start, depth, eval_fn())
        seconds = time.perf_counter() - started
        if move != counted_move:
            raise AssertionError("aima's own game chose another move when counted")
        return Run(nodes, seconds, aima_games.own_column(move))

    return run


@dataclass(frozen=True)
class Row:
    """A case's figures for one evaluation."""

    case: str
    evaluation: str
    nodes: dict[str, int]
    rates: dict[str, list[float]]  # nodes per second, one per round
    moves: dict[str, Any]
    # per round: ours / aima, bare / aima, ours / bare, ours / aima's own game
    ratios: dict[str, list[float]]

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
        AIMA_OWN: aima_own(rules, state, depth, ported=evaluation == "open_lines"),
    }
    rates: dict[str, list[float]] = {key: [] for key in runners}
    ratios: dict[str, list[float]] = {
        "ours/aima": [],
        "bare/aima": [],
        "ours/bare": [],
        "ours/aima own": [],
    }
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
        ratios["ours/aima own"].append(rate[OURS] / rate[AIMA_OWN])
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


def options(
    prog: str, description: str | None, argv: Sequence[str] | None
) -> tuple[int, int, bool] | None:
    """``--quick`` and ``--rounds``: depth, rounds and quick; None (said) without aima3."""
    parser = argparse.ArgumentParser(prog=prog, description=description)
    parser.add_argument("--quick", action="store_true", help="depth 6 and 3 rounds")
    parser.add_argument("--rounds", type=int, default=None, help="rounds per case (default 7)")
    args = parser.parse_args(argv)
    if AimaConnectFour is None:
        print("aima-python (aima3) is missing: pip install -e '.[bench]'", file=sys.stderr)
        return None
    return (6 if args.quick else 8), args.rounds or (3 if args.quick else 7), args.quick


def main(argv: Sequence[str] | None = None) -> int:
    chosen = options("python -m benchmarks.bench_aima", __doc__, argv)
    if chosen is None:
        return 2
    depth, rounds, quick = chosen
    print(f"Connect Four: our alpha-beta against aima-python{' (quick)' if quick else ''}")
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
            if key == AIMA_OWN:
                evaluation = OWN_EVALUATION[row.evaluation]
            else:
                evaluation = row.evaluation if i == 0 else ""
            detail.append(
                [
                    row.case if i == 0 else "",
                    evaluation,
                    key,
                    fmt_int(row.nodes[key]),
                    fmt_int(statistics.median(rates)),
                    fmt_int(min(rates)),
                    fmt_int(max(rates)),
                    rules.move_text(rules.initial_state(), row.moves[key]),
                ]
            )
    print(
        "Nodes: ours and the textbook's count the root; aima's are its calls of result.\n"
        "aima's own ConnectFour with open_lines ported searches our tree (checked); with\n"
        "its utility (every win worth 1) its tree is close to ours with zero, not the same."
    )
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
            f"{statistics.median(row.ratios['ours/aima own']):.2f}x",
        ]
        for row in rows
    ]
    print(
        table(
            [
                "case",
                "eval",
                "ours / aima",
                "textbook / aima",
                "ours / textbook",
                "ours / aima's own game",
            ],
            summary,
            markdown=False,
        )
    )
    print()
    for line in goal_lines(rows, depth):
        print(line)
    for line in warnings:
        print(line)
    if not warnings:
        print(
            "Checks: ours, the textbook's and aima's over our game code visit the same "
            "nodes and choose the same move; so does aima's own game with open_lines ported."
        )
    print(f"Total time: {time.perf_counter() - started:.0f} s")
    return 0


def _span(rows: Sequence[Row], evaluation: str, ratio: str) -> tuple[float, float]:
    """The lowest and highest of the cases' median ``ratio`` with ``evaluation``."""
    found = [statistics.median(r.ratios[ratio]) for r in rows if r.evaluation == evaluation]
    return min(found), max(found)


def goal_lines(rows: Sequence[Row], depth: int) -> list[str]:
    """The goal, said plainly on both readings: what the figures show and no more."""
    same_low, same_high = _span(rows, "open_lines", "ours/aima")
    bare_low, bare_high = _span(rows, "open_lines", "bare/aima")
    own_low, own_high = _span(rows, "open_lines", "ours/aima own")
    zero_low, zero_high = _span(rows, "zero", "ours/aima own")
    zero_nodes = "; ".join(
        f"{r.case.split(' ', 2)[2]}: "
        f"ours {fmt_int(r.nodes[OURS])}, aima's {fmt_int(r.nodes[AIMA_OWN] + 1)}"
        for r in rows
        if r.evaluation == "zero"
    )

    def verdict(low: float) -> str:
        return "reaches" if low >= GOAL else "does NOT reach"

    return [
        f"Goal: our plain alpha-beta at least {GOAL:.0f}x aima-python's nodes per second "
        f"(alphabeta_cutoff_search, nodes its calls of result), Connect Four at depth {depth}.",
        f"1. On the same game code (aima's search over our rules and open_lines, the same "
        f"tree): {same_low:.2f}x to {same_high:.2f}x, which {verdict(same_low)} "
        f"{GOAL:.0f}x. Both searches spend most of their time in the same calls of our game "
        f"code, so the ratio is that of the two search loops alone; even the bare textbook "
        f"loop gets {bare_low:.2f}x to {bare_high:.2f}x.",
        f"2. Against aima-python's own ConnectFour, as a student runs it (its dictionary "
        f"board, its result and win test), with our open_lines ported to its board (the "
        f"same tree, checked): {own_low:.2f}x to {own_high:.2f}x, which "
        f"{verdict(own_low)} {GOAL:.0f}x. Most of that margin is aima's game code, not its "
        f"search (reading 1).",
        f"   With its own evaluation (its utility, 0 until a win) against ours with zero: "
        f"{zero_low:.2f}x to {zero_high:.2f}x, which {verdict(zero_low)} {GOAL:.0f}x, on "
        f"nearly but not quite the same trees "
        f"(nodes with the root: {zero_nodes}).",
    ]


if __name__ == "__main__":
    sys.exit(main())
