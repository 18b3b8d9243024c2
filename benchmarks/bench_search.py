"""Nodes visited and nodes per second: our engine beside easyAI's Negamax, same positions.

Run from the project root (easyAI comes with the ``bench`` extra; easyAI's example
games, in part 2, also need NumPy)::

    python -m benchmarks.bench_search            # the full set, a few minutes
    python -m benchmarks.bench_search --quick    # smaller variants, seconds

Cases: tic-tac-toe solved from the empty board; Connect Four at depth 8 from the empty
board and from three midgame positions; the pennies game solved from one stack of 16.

Part 1, the same tree. On each case our engine runs plain alpha-beta (natural move
order, no table), alpha-beta with the static ordering and the transposition table, and
with previous-best ordering (iterative deepening) and the table; easyAI runs Negamax
plain and with its TranspositionTable, over the adapters of
:mod:`benchmarks.easyai_games`, which reuse our game code; a bare textbook alpha-beta
(:mod:`benchmarks.bare_alphabeta`) runs too, to show the engine's own per-node cost.
Plain alpha-beta on all three searches the same tree (same moves, same order, same
leaf values), so the node counts must match; the script checks that, and the values.

Part 2, easyAI as shipped. On the tic-tac-toe and Connect Four cases, easyAI's
Negamax runs on easyAI's OWN example games (``easyAI.games.TicTacToe`` and
``easyAI.games.ConnectFour``) with their own scoring, as a user meets them, beside our
plain and ordered alpha-beta at the same depth. The trees differ (the example scores
a loss -100 and everything else 0; ours uses its default evaluation), so only the
nodes per second compare directly; the node counts are shown for what they are.

Each configuration runs several times and its fastest run is kept; the configurations
of a case take turns. The script prints a WARNING line when something that must agree
does not. This is a measurement, not a test: it asserts nothing about speed.
"""

from __future__ import annotations

import argparse
import datetime
import gc
import math
import os
import platform
import sys
import time
from collections.abc import Callable
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import metadata
from typing import Any

from benchmarks.bare_alphabeta import alphabeta
from gamesearch_gui.core.game import Game
from gamesearch_gui.core.game import Player
from gamesearch_gui.core.games import ConnectFour
from gamesearch_gui.core.games import Pennies
from gamesearch_gui.core.games import TicTacToe
from gamesearch_gui.core.search import Ordering
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import search

try:
    import easyAI
    from easyAI import Negamax
    from easyAI import TranspositionTable

    from benchmarks.easyai_games import EXAMPLES_MISSING
    from benchmarks.easyai_games import EasyConnectFour
    from benchmarks.easyai_games import EasyPennies
    from benchmarks.easyai_games import EasyTicTacToe
    from benchmarks.easyai_games import example_connect_four
    from benchmarks.easyai_games import example_nodes
    from benchmarks.easyai_games import example_tictactoe
    from benchmarks.easyai_games import flat_scoring
except ImportError:  # pragma: no cover - told to the user in main()
    easyAI = None

#: Connect Four midgame positions (columns played, 1..7), with how they were chosen.
MIDGAMES: tuple[tuple[str, str], ...] = (
    ("434453", "6 plies, centre fight"),
    ("44455326", "8 plies, both sides spread out"),
    ("4343527716", "10 plies, edges in play"),
)


def connect4_positions() -> list[tuple[str, str]]:
    """The Connect Four cases by label: the empty board ("start"), then "mid A" .. "mid C"."""
    return [("start", "")] + [
        (f"mid {label}", moves) for label, (moves, _) in zip("ABC", MIDGAMES, strict=True)
    ]


def load_average() -> str:
    """The load averages over 1, 5 and 15 minutes, as ``uptime`` prints them."""
    return ", ".join(f"{x:.2f}" for x in os.getloadavg())


@dataclass(frozen=True)
class Case:
    """One position searched to one depth (None: to the end of the game)."""

    name: str
    game: Game[Any, Any]
    state: Any
    depth: int | None
    note: str
    easy: Callable[[Any], Any]  # our state -> easyAI game object
    flat: bool  # the game scores every win alike: cancel easyAI's quick-win bonus

    @property
    def easy_depth(self) -> int:
        """easyAI's Negamax needs a depth: the game's longest remaining line if unlimited."""
        if self.depth is not None:
            return self.depth
        plies = self.game.max_plies(self.state)
        assert plies is not None
        return plies


@dataclass(frozen=True)
class Measure:
    """The fastest of several runs of one configuration."""

    engine: str
    config: str
    nodes: int
    seconds: float
    runs: int
    value: float | None  # from MAX's point of view
    best_move: Any

    @property
    def rate(self) -> float:
        return self.nodes / self.seconds if self.seconds > 0 else math.inf


@dataclass(frozen=True)
class Outcome:
    nodes: int
    value: float | None
    best_move: Any


@dataclass(frozen=True)
class Repeat:
    """How often to run a configuration: rounds at least, at most, and seconds per configuration."""

    min_runs: int
    max_runs: int
    budget: float


OURS_CONFIGS: tuple[tuple[str, Ordering, bool], ...] = (
    ("alpha-beta plain", Ordering.NONE, False),
    ("alpha-beta static+TT", Ordering.STATIC, True),
    ("alpha-beta prev-best+TT", Ordering.PREVIOUS_BEST, True),
)
PLAIN = "alpha-beta plain"
ORDERED = "alpha-beta static+TT"
PREVIOUS = "alpha-beta prev-best+TT"
EASY_PLAIN = "Negamax plain"
EASY_TT = "Negamax+TT"
BARE = "textbook alpha-beta"
SHIPPED = "Negamax, easyAI's example game"
SHIPPED_TT = "Negamax+TT, easyAI's example game"


def cases(quick: bool) -> list[Case]:
    """The positions and depths to measure."""
    ttt = TicTacToe()
    c4 = ConnectFour()
    pennies_start = 12 if quick else 16
    pennies = Pennies(pennies_start)
    c4_depth = 6 if quick else 8
    found = [
        Case(
            "tictactoe",
            ttt,
            ttt.initial_state(),
            None,
            "empty board",
            lambda s: EasyTicTacToe(state=s),
            True,
        ),
        Case(
            f"connect4 d{c4_depth} start",
            c4,
            c4.initial_state(),
            c4_depth,
            "empty board",
            lambda s: EasyConnectFour(state=s),
            False,
        ),
    ]
    for label, (moves, why) in zip("ABC", MIDGAMES, strict=True):
        found.append(
            Case(
                f"connect4 d{c4_depth} mid {label}",
                c4,
                c4.parse_position(moves),
                c4_depth,
                f"after {moves} ({why})",
                lambda s: EasyConnectFour(state=s),
                False,
            )
        )
    found.append(
        Case(
            f"pennies {pennies_start}",
            pennies,
            pennies.initial_state(),
            None,
            f"one stack of {pennies_start}",
            lambda s: EasyPennies(state=s),
            True,
        )
    )
    return found


Runner = Callable[[], Outcome]


def interleaved(
    runners: dict[tuple[str, str], Runner], repeat: Repeat
) -> dict[tuple[str, str], tuple[float, int, Outcome]]:
    """The fastest time of each runner, the rounds run, and its last outcome.

    Runners take turns, one run each per round, so that load from elsewhere on the
    machine falls on all of them alike; rounds go on until ``repeat.min_runs`` are done,
    then while the rounds are fewer than ``repeat.max_runs`` and have taken less than
    ``repeat.budget`` seconds per runner.
    """
    best = dict.fromkeys(runners, math.inf)
    last: dict[tuple[str, str], Outcome] = {}
    rounds = 0
    spent = 0.0
    while rounds < repeat.min_runs or (
        rounds < repeat.max_runs and spent < repeat.budget * len(runners)
    ):
        for key, run in runners.items():
            gc.collect()
            started = time.perf_counter()
            last[key] = run()
            elapsed = time.perf_counter() - started
            best[key] = min(best[key], elapsed)
            spent += elapsed
        rounds += 1
    return {key: (best[key], rounds, last[key]) for key in runners}


def ours_runner(case: Case, ordering: Ordering, tt: bool) -> Runner:
    settings = SearchSettings(depth=case.depth, ordering=ordering, transposition_table=tt)

    def run() -> Outcome:
        result = search(case.game, case.state, settings)
        return Outcome(result.stats.nodes, result.value, result.best_move)

    return run


def easy_runner(case: Case, use_tt: bool) -> Runner:
    depth = case.easy_depth
    max_moves = case.game.to_move(case.state) is Player.MAX

    def run() -> Outcome:
        # Making the game object is timed, as our engine's set-up is: both are tiny.
        game = case.easy(case.state)
        scoring = flat_scoring(depth) if case.flat else type(game).scoring
        ai = Negamax(depth, scoring, tt=TranspositionTable() if use_tt else None)
        move = ai(game)
        value = ai.alpha if max_moves else -ai.alpha
        return Outcome(game.nodes, value, move)

    return run


def bare_runner(case: Case) -> Runner:
    """The textbook alpha-beta of :mod:`benchmarks.bare_alphabeta`: the floor."""

    def run() -> Outcome:
        result = alphabeta(case.game, case.state, case.depth)
        return Outcome(result.nodes, result.value, result.best_move)

    return run


def measure_case(case: Case, repeat: Repeat) -> list[Measure]:
    """Every configuration of part 1 on one case, interleaved."""
    runners: dict[tuple[str, str], Runner] = {}
    for label, ordering, tt in OURS_CONFIGS:
        runners["ours", label] = ours_runner(case, ordering, tt)
    runners["easyAI", EASY_PLAIN] = easy_runner(case, False)
    runners["easyAI", EASY_TT] = easy_runner(case, True)
    runners["textbook", BARE] = bare_runner(case)
    return [
        Measure(engine, label, out.nodes, seconds, runs, out.value, out.best_move)
        for (engine, label), (seconds, runs, out) in interleaved(runners, repeat).items()
    ]


# -- part 2: easyAI as shipped ----------------------------------------------------------


@dataclass(frozen=True)
class Example:
    """How to put one of our positions on one of easyAI's example games."""

    title: str  # the example's module
    make: Callable[..., Any]  # (our state, counted=) -> the example game, count reset
    to_ours: Callable[[Any], Any]  # the example's move -> ours
    win: float  # |easyAI's value| at or above which it has found a forced win or loss


def examples() -> dict[str, Example]:
    """easyAI's own example games, by the name of our game; none without NumPy."""
    if EXAMPLES_MISSING is not None:
        return {}
    return {
        "tictactoe": Example(
            "easyAI.games.TicTacToe", example_tictactoe, lambda move: move - 1, 100.0
        ),
        "connect4": Example(
            "easyAI.games.ConnectFour", example_connect_four, lambda move: move, 100.0
        ),
    }


def example_runner(case: Case, example: Example, use_tt: bool) -> Runner:
    """easyAI's Negamax on its own example game, scored as its examples' AI players are.

    ``Negamax(depth)`` with no scoring function falls back on the game's own
    ``scoring`` (-100 for a loss, else 0), as in the examples' ``__main__`` and the
    docstring of ``Negamax``. The value is MAX's view of ``ai.alpha``.

    The timed runs use the example's own class, untouched: the node count comes from
    one untimed run of the counting subclass (its extra call per ``make_move`` costs a
    few percent on tic-tac-toe), which must find the same move and value.
    """
    depth = case.easy_depth
    sign = 1.0 if case.game.to_move(case.state) is Player.MAX else -1.0

    def search_once(counted: bool) -> tuple[Any, float, int]:
        game = example.make(case.state, counted=counted)
        ai = Negamax(depth, tt=TranspositionTable() if use_tt else None)
        move = ai(game)
        return move, sign * ai.alpha + 0.0, example_nodes(game) if counted else 0

    counted_move, counted_value, nodes = search_once(True)

    def run() -> Outcome:
        move, value, _ = search_once(False)
        if (move, value) != (counted_move, counted_value):
            raise AssertionError("easyAI's example searched differently when counted")
        return Outcome(nodes, value, example.to_ours(move))

    return run


def measure_shipped(case: Case, example: Example, repeat: Repeat) -> list[Measure]:
    """Part 2 on one case: ours beside easyAI's example game, interleaved."""
    runners: dict[tuple[str, str], Runner] = {}
    for label, ordering, tt in OURS_CONFIGS:
        runners["ours", label] = ours_runner(case, ordering, tt)
    runners["easyAI", SHIPPED] = example_runner(case, example, False)
    if hasattr(example.make(case.state), "ttentry"):  # its TranspositionTable needs one
        runners["easyAI", SHIPPED_TT] = example_runner(case, example, True)
    return [
        Measure(engine, label, out.nodes, seconds, runs, out.value, out.best_move)
        for (engine, label), (seconds, runs, out) in interleaved(runners, repeat).items()
    ]


def proven(value: float | None, win: float) -> int:
    """+1 if MAX forces a win within the search, -1 if MIN does, 0 if neither."""
    if value is None or abs(value) < win:
        return 0
    return 1 if value > 0 else -1


def check_shipped(case: Case, example: Example, rows: Sequence[Measure]) -> list[str]:
    """What must agree between trees that differ: a forced win or loss within the depth."""
    by = {m.config: m for m in rows}
    ours = proven(by[PLAIN].value, 1.0)  # our wins lie in [1, 2], evaluations in (-1, 1)
    lines = []
    for label in (SHIPPED, SHIPPED_TT):
        if label in by and proven(by[label].value, example.win) != ours:
            lines.append(
                f"WARNING: {label} value {by[label].value} and ours {by[PLAIN].value} "
                "disagree on a forced win or loss: is the position set up the same?"
            )
    return lines


def easy_view(case: Case, value: float) -> float:
    """Our value as easyAI reports it for the same tree (MAX's view).

    Connect Four: easyAI multiplies a win by ``1 + 0.001 * depth_left``; our win value
    tells at which ply the win falls. Everything else is unchanged.
    """
    if case.flat or abs(value) < 1.0:
        return value
    cells = 42
    stones = round(cells - (abs(value) - 1.0) * cells)
    ply = stones - int(case.state[2])
    return value * (1 + 0.001 * (case.easy_depth - ply))


def check(case: Case, rows: Sequence[Measure]) -> list[str]:
    """Warnings (must agree, does not) and notes (may differ, does) for one case."""
    lines: list[str] = []
    by = {m.config: m for m in rows}
    plain = by[PLAIN]
    for m in rows:
        if m.engine == "ours" and m is not plain and m.value != plain.value:
            lines.append(f"WARNING: ours {m.config} value {m.value} != plain {plain.value}")
    bare = by.get(BARE)
    if bare is not None and (bare.nodes, bare.value, bare.best_move) != (
        plain.nodes,
        plain.value,
        plain.best_move,
    ):
        lines.append(
            f"WARNING: textbook alpha-beta ({bare.nodes} nodes, {bare.value}, "
            f"{bare.best_move!r}) != ours plain ({plain.nodes}, {plain.value}, "
            f"{plain.best_move!r}): not the same tree"
        )
    easy = by.get(EASY_PLAIN)
    if easy is not None and plain.value is not None and easy.value is not None:
        expected = easy_view(case, plain.value)
        if not math.isclose(easy.value, expected, rel_tol=1e-12, abs_tol=1e-12):
            lines.append(f"WARNING: easyAI value {easy.value} != ours {expected} (same tree)")
        if easy.nodes != plain.nodes:
            lines.append(
                f"WARNING: easyAI plain visited {easy.nodes} nodes, ours {plain.nodes}: "
                "not the same tree"
            )
        if easy.best_move != plain.best_move:
            lines.append(
                f"WARNING: easyAI best move {easy.best_move!r} != ours {plain.best_move!r}"
            )
    easy_tt = by.get(EASY_TT)
    if easy_tt is not None and plain.value is not None and easy_tt.value is not None:
        expected = easy_view(case, plain.value)
        if not math.isclose(easy_tt.value, expected, rel_tol=1e-12, abs_tol=1e-12):
            if case.depth is None:
                lines.append(f"WARNING: easyAI+TT value {easy_tt.value} != ours {expected}")
            else:
                lines.append(
                    f"note: easyAI+TT value {easy_tt.value:.6g} != {expected:.6g}: its table "
                    "reuses entries searched deeper than asked"
                )
    return lines


def fmt_int(n: float) -> str:
    return f"{n:,.0f}"


def table(header: Sequence[str], rows: Sequence[Sequence[str]], markdown: bool) -> str:
    """Rows under a header, aligned (numbers to the right), or as a Markdown table."""
    if markdown:
        out = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
        out += ["| " + " | ".join(row) + " |" for row in rows]
        return "\n".join(out)
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]

    def line(row: Sequence[str]) -> str:
        cells = []
        for i, cell in enumerate(row):
            numeric = (
                cell[:1].isdigit() or (cell[:1] in "-+" and cell[1:2].isdigit()) or cell == "n/a"
            )
            cells.append(cell.rjust(widths[i]) if numeric else cell.ljust(widths[i]))
        return "  ".join(cells).rstrip()

    rule = "  ".join("-" * w for w in widths)
    return "\n".join([line(header), rule, *(line(r) for r in rows)])


def ratio(a: float, b: float) -> str:
    return f"{a / b:.2f}x" if b > 0 else "n/a"


def detail_row(case: Case, m: Measure, first: bool, depth: str | None = None) -> list[str]:
    """One line of a detail table."""
    best = "" if m.best_move is None else case.game.move_text(case.state, m.best_move)
    row = [case.name if first else ""]
    if depth is not None:
        row.append(depth if first else "")
    value = "" if m.value is None else f"{m.value + 0.0:+.4f}"
    return [
        *row,
        m.engine,
        m.config,
        fmt_int(m.nodes),
        f"{m.seconds:.4f}",
        fmt_int(m.rate),
        value,
        best,
    ]


def overhead(a: Measure, b: Measure) -> str:
    """How much longer ``a`` takes than ``b`` on the same nodes, as a percentage."""
    return f"{100 * (a.seconds / b.seconds - 1):+.1f}%" if b.seconds > 0 else "n/a"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.bench_search", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="smaller variants, a fast check")
    parser.add_argument("--markdown", action="store_true", help="print Markdown tables")
    args = parser.parse_args(argv)
    if easyAI is None:
        print("easyAI is missing: pip install -e '.[bench]'", file=sys.stderr)
        return 2
    repeat = Repeat(1, 3, 0.5) if args.quick else Repeat(5, 30, 2.0)
    # easyAI's example Connect Four takes up to half a minute a run at depth 8.
    repeat_shipped = Repeat(1, 2, 0.5) if args.quick else Repeat(3, 10, 3.0)
    print(f"gamesearch-gui search benchmark{' (quick)' if args.quick else ''}")
    print(
        f"{datetime.date.today()}  Python {platform.python_version()}  "
        f"easyAI {metadata.version('easyAI')}  {platform.machine()}"
    )
    print(
        f"Each configuration: fastest of {repeat.min_runs} to {repeat.max_runs} runs in part 1, "
        f"{repeat_shipped.min_runs} to {repeat_shipped.max_runs} in part 2,\nthe "
        "configurations of a case taking turns. Nodes: positions visited, root included.\n",
        flush=True,
    )

    started = time.perf_counter()
    all_cases = cases(args.quick)
    messages: list[str] = []

    # Part 1: the same tree.
    detail: list[list[str]] = []
    speed: list[list[str]] = []
    fewer: list[list[str]] = []
    floor: list[list[str]] = []
    for case in all_cases:
        rows = measure_case(case, repeat)
        by = {m.config: m for m in rows}
        shown = [m for m in rows if m.config != BARE]
        detail += [detail_row(case, m, i == 0) for i, m in enumerate(shown)]
        messages += [f"{case.name}: {line}" for line in check(case, rows)]
        plain, easy, bare = by[PLAIN], by[EASY_PLAIN], by[BARE]
        speed.append(
            [
                case.name,
                fmt_int(plain.nodes),
                fmt_int(plain.rate),
                fmt_int(easy.rate),
                ratio(plain.rate, easy.rate),
            ]
        )
        floor.append(
            [
                case.name,
                fmt_int(plain.nodes),
                fmt_int(bare.rate),
                fmt_int(plain.rate),
                fmt_int(easy.rate),
                overhead(plain, bare),
                ratio(bare.rate, easy.rate),
                ratio(plain.rate, easy.rate),
            ]
        )
        fewer.append(
            [
                case.name,
                fmt_int(by[ORDERED].nodes),
                fmt_int(by[PREVIOUS].nodes),
                fmt_int(easy.nodes),
                fmt_int(by[EASY_TT].nodes),
                ratio(easy.nodes, by[ORDERED].nodes),
                ratio(easy.nodes, by[PREVIOUS].nodes),
                ratio(by[EASY_TT].nodes, by[ORDERED].nodes),
                ratio(by[EASY_TT].nodes, by[PREVIOUS].nodes),
            ]
        )
        print(
            f"  done: {case.name} ({time.perf_counter() - started:.0f} s)",
            file=sys.stderr,
            flush=True,
        )

    # Part 2: easyAI as shipped.
    shipped_examples = examples()
    shipped_detail: list[list[str]] = []
    shipped_speed: list[list[str]] = []
    shipped_fewer: list[list[str]] = []
    no_tt: list[str] = []
    for case in all_cases:
        example = shipped_examples.get(case.game.name)
        if example is None:
            continue
        rows = measure_shipped(case, example, repeat_shipped)
        by = {m.config: m for m in rows}
        depth = str(case.easy_depth)
        shipped_detail += [detail_row(case, m, i == 0, depth) for i, m in enumerate(rows)]
        messages += [f"{case.name}: {line}" for line in check_shipped(case, example, rows)]
        plain, easy = by[PLAIN], by[SHIPPED]
        easy_tt = by.get(SHIPPED_TT)
        if easy_tt is None and example.title not in no_tt:
            no_tt.append(example.title)
        shipped_speed.append(
            [
                case.name,
                depth,
                fmt_int(plain.nodes),
                fmt_int(plain.rate),
                fmt_int(easy.nodes),
                fmt_int(easy.rate),
                ratio(plain.rate, easy.rate),
            ]
        )
        shipped_fewer.append(
            [
                case.name,
                depth,
                fmt_int(by[ORDERED].nodes),
                fmt_int(by[PREVIOUS].nodes),
                fmt_int(easy.nodes),
                "n/a" if easy_tt is None else fmt_int(easy_tt.nodes),
                ratio(easy.nodes, by[ORDERED].nodes),
                ratio(easy.nodes, by[PREVIOUS].nodes),
                "n/a" if easy_tt is None else ratio(easy_tt.nodes, by[ORDERED].nodes),
                "n/a" if easy_tt is None else ratio(easy_tt.nodes, by[PREVIOUS].nodes),
            ]
        )
        print(
            f"  done: {case.name}, easyAI as shipped ({time.perf_counter() - started:.0f} s)",
            file=sys.stderr,
            flush=True,
        )

    print("Cases:")
    for case in all_cases:
        depth = "to the end" if case.depth is None else f"depth {case.depth}"
        print(f"  {case.name}: {case.note}; {depth}")
    print()
    print("PART 1: THE SAME TREE. easyAI's Negamax over adapters that reuse our game code")
    print("(benchmarks/easyai_games.py): same moves, same order, same leaf values.")
    print()
    header = ["case", "engine", "config", "nodes", "seconds", "nodes/s", "value", "best"]
    print(table(header, detail, args.markdown))
    print()
    print("Speed: our plain alpha-beta against easyAI's plain Negamax, the same tree.")
    print()
    speed_header = ["case", "nodes", "ours n/s", "easyAI n/s", "ours / easyAI"]
    print(table(speed_header, speed, args.markdown))
    print()
    print(
        "The floor: a bare textbook alpha-beta (benchmarks/bare_alphabeta.py), the same "
        "tree.\nEngine vs bare = engine time / bare time - 1: the engine's own cost per node."
    )
    print()
    floor_header = [
        "case",
        "nodes",
        "bare n/s",
        "engine n/s",
        "easyAI n/s",
        "engine vs bare",
        "bare / easyAI",
        "engine / easyAI",
    ]
    print(table(floor_header, floor, args.markdown))
    print()
    print(
        "Nodes: ours with ordering and the transposition table against easyAI at the same "
        "depth;\nthe ratios are easyAI's nodes over ours (higher: we visit fewer)."
    )
    print()
    fewer_header = [
        "case",
        "static+TT",
        "prev-best+TT",
        "easyAI",
        "easyAI+TT",
        "easyAI/static",
        "easyAI/prev",
        "easyAI+TT/static",
        "easyAI+TT/prev",
    ]
    print(table(fewer_header, fewer, args.markdown))
    print()

    print("PART 2: EASYAI AS SHIPPED. easyAI's Negamax on its own example games")
    print("(easyAI.games.TicTacToe, easyAI.games.ConnectFour) with their own scoring")
    print("(a loss -100, anything else 0), beside ours with its default evaluation.")
    if not shipped_examples:
        print(f"Skipped: {EXAMPLES_MISSING} (pip install numpy)")
    else:
        print(
            "THE TREES DIFFER (different evaluations and win scores), so the node counts "
            "differ:\nnodes per second is what compares. Depth: plies searched by both "
            "(tic-tac-toe: to the end).\nValues: ours in our units (a win 1 to 2), "
            "easyAI's in its own (a win about 100)."
        )
        print()
        shipped_header = ["case", "depth", *header[1:]]
        print(table(shipped_header, shipped_detail, args.markdown))
        print()
        print("Speed: our plain alpha-beta against easyAI's Negamax on its example game.")
        print()
        shipped_speed_header = [
            "case",
            "depth",
            "ours nodes",
            "ours n/s",
            "easyAI nodes",
            "easyAI n/s",
            "ours / easyAI",
        ]
        print(table(shipped_speed_header, shipped_speed, args.markdown))
        print()
        print(
            "Nodes: ours with ordering and the table against easyAI's Negamax on its "
            "example game,\nsame depth (easyAI's nodes over ours; the trees differ)."
        )
        print()
        shipped_fewer_header = [
            "case",
            "depth",
            "static+TT",
            "prev-best+TT",
            "easyAI",
            "easyAI+TT",
            "easyAI/static",
            "easyAI/prev",
            "easyAI+TT/static",
            "easyAI+TT/prev",
        ]
        print(table(shipped_fewer_header, shipped_fewer, args.markdown))
        for title in no_tt:
            print(
                f"easyAI+TT n/a: {title} defines no ttentry, which easyAI's "
                "TranspositionTable needs."
            )
    print()
    for message in messages:
        print(message)
    if not any(m.startswith(c.name + ": WARNING") for m in messages for c in all_cases):
        print("Checks: every value, best move and node count that must agree does.")
    print(f"Total time: {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
