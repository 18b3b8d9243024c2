"""What the event stream costs a search nobody listens to, and how fast a cancel lands.

Run from the project root::

    python -m benchmarks.bench_events            # a minute or two
    python -m benchmarks.bench_events --quick    # seconds

Every search emits the event stream; with no listener each emit is skipped by an
``if emit is not None`` test. Four searches of the same tree, same moves, same order:

``bare``
    :mod:`benchmarks.bare_alphabeta`, a textbook alpha-beta with a node counter and
    nothing else: the floor.
``no events``
    the engine's own code with every ``if emit is not None: ...`` statement cut out
    (its source, :mod:`gamesearch_gui.core.search`, is loaded and those statements are
    removed from its syntax tree before it is compiled): the engine as it would be
    without the stream.
``engine``
    :func:`gamesearch_gui.core.search.search` with ``listener=None``, as shipped.
``listener``
    the same with a listener that appends each event to a list, for context.

The stream's cost with no listener is ``engine`` against ``no events``; ``engine``
against ``bare`` is everything the engine does beyond the textbook (statistics,
principal variation, root move values, cancel checks, the stream). Runs alternate
between the variants and the fastest of each is kept, to keep other load on the
machine out of the figures.

Cancel latency: a long Connect Four search runs in a thread, the main thread calls
``CancelToken.cancel()`` at a random moment, and the time from that call until
``search()`` returns in the thread is recorded, over many tries.

A measurement, not a test: it asserts nothing about speed.
"""

from __future__ import annotations

import argparse
import ast
import gc
import importlib.util
import inspect
import math
import random
import statistics
import sys
import threading
import time
import types
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from benchmarks.bare_alphabeta import alphabeta
from gamesearch_gui.core.game import Game
from gamesearch_gui.core.games import ConnectFour, Pennies, TicTacToe
from gamesearch_gui.core.search import CancelToken, SearchSettings, StopReason, search
from gamesearch_gui.core.search import depth_first as engine


class _DropEmits(ast.NodeTransformer):
    """Removes every ``if emit: ...`` and ``if emit is not None: ...`` statement (one
    with no ``else``). The engine has written ``if emit:`` for a while; a transform that
    matched only the other spelling removed nothing and timed the engine against itself.
    """

    removed = 0

    def visit_If(self, node: ast.If) -> ast.AST | None:
        self.generic_visit(node)
        test = node.test
        bare = isinstance(test, ast.Name) and test.id == "emit"
        compared = (
            isinstance(test, ast.Compare)
            and isinstance(test.left, ast.Name)
            and test.left.id == "emit"
            and len(test.ops) == 1
            and isinstance(test.ops[0], ast.IsNot)
            and isinstance(test.comparators[0], ast.Constant)
            and test.comparators[0].value is None
        )
        if (bare or compared) and not node.orelse:
            self.removed += 1
            return None
        return node


class _FillEmpty(ast.NodeTransformer):
    """Puts ``pass`` in any body left empty."""

    def generic_visit(self, node: ast.AST) -> ast.AST:
        super().generic_visit(node)
        for name in ("body", "orelse", "finalbody"):
            block = getattr(node, name, None)
            if name == "body" and isinstance(block, list) and not block:
                block.append(ast.Pass())
        return node


def engine_without_events() -> tuple[types.ModuleType, int]:
    """The engine module compiled with its event statements removed, and how many."""
    source = inspect.getsource(engine)
    tree = ast.parse(source)
    dropper = _DropEmits()
    tree = _FillEmpty().visit(dropper.visit(tree))
    ast.fix_missing_locations(tree)
    name = "benchmarks._search_without_events"
    spec = importlib.util.spec_from_loader(name, loader=None)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up while building
    exec(compile(tree, engine.__file__ or "search.py", "exec"), module.__dict__)
    return module, dropper.removed


@dataclass(frozen=True)
class EventCase:
    name: str
    game: Game[Any, Any]
    state: Any
    depth: int | None
    runs: int


def event_cases(quick: bool) -> list[EventCase]:
    """Tic-tac-toe and pennies 16 solved, Connect Four at depth 7 (5 when quick)."""
    ttt, c4, pennies = TicTacToe(), ConnectFour(), Pennies(16)
    scale = 0.3 if quick else 1.0
    depth = 5 if quick else 7
    return [
        EventCase("tictactoe, to the end", ttt, ttt.initial_state(), None, int(120 * scale)),
        EventCase(
            f"connect4 depth {depth}, start", c4, c4.initial_state(), depth, max(2, int(8 * scale))
        ),
        EventCase(
            f"connect4 depth {depth}, mid A",
            c4,
            c4.parse_position("434453"),
            depth,
            max(2, int(6 * scale)),
        ),
        EventCase(
            "pennies 16, to the end", pennies, pennies.initial_state(), None, int(200 * scale)
        ),
    ]


def time_variants(
    variants: dict[str, Callable[[], tuple[int, Any, Any]]], runs: int
) -> dict[str, tuple[float, int, Any, Any]]:
    """Fastest time of each variant over ``runs`` rounds (variants alternate each round)."""
    best = dict.fromkeys(variants, math.inf)
    seen: dict[str, tuple[int, Any, Any]] = {}
    for _ in range(runs):
        for label, run in variants.items():
            gc.collect()
            started = time.perf_counter()
            seen[label] = run()
            best[label] = min(best[label], time.perf_counter() - started)
    return {label: (best[label], *seen[label]) for label in variants}


def bench_stream(quick: bool) -> None:
    stripped, removed = engine_without_events()
    print(f"'no events' is the engine with its {removed} `if emit:` statements removed.\n")
    header = [
        "case",
        "nodes",
        "bare n/s",
        "no events n/s",
        "engine n/s",
        "listener n/s",
        "stream cost",
        "engine vs bare",
    ]
    rows = []
    warnings = []
    for case in event_cases(quick):
        settings = SearchSettings(depth=case.depth)

        def bare(case: EventCase = case) -> tuple[int, Any, Any]:
            r = alphabeta(case.game, case.state, case.depth)
            return r.nodes, r.value, r.best_move

        def no_events(
            case: EventCase = case, settings: SearchSettings = settings
        ) -> tuple[int, Any, Any]:
            # The depth-first search compiled without its events (the settings' class is
            # shared: the copy imports it).
            r = stripped.DepthFirst(case.game, settings, None, None).run(case.state)
            return r.stats.nodes, r.value, r.best_move

        def ours(
            case: EventCase = case, settings: SearchSettings = settings
        ) -> tuple[int, Any, Any]:
            r = search(case.game, case.state, settings)
            return r.stats.nodes, r.value, r.best_move

        def listened(
            case: EventCase = case, settings: SearchSettings = settings
        ) -> tuple[int, Any, Any]:
            events: list[Any] = []
            r = search(case.game, case.state, settings, listener=events.append)
            return r.stats.nodes, r.value, r.best_move

        got = time_variants(
            {"bare": bare, "no events": no_events, "engine": ours, "listener": listened},
            case.runs,
        )
        nodes = got["engine"][1]
        for label, (_, n, value, move) in got.items():
            if (n, value, move) != got["engine"][1:]:
                warnings.append(
                    f"WARNING: {case.name}: {label} found {n} nodes, value {value}, "
                    f"move {move!r}; the engine {got['engine'][1:]}"
                )
        t = {label: got[label][0] for label in got}
        rows.append(
            [
                case.name,
                f"{nodes:,}",
                *(f"{nodes / t[k]:,.0f}" for k in ("bare", "no events", "engine", "listener")),
                f"{100 * (t['engine'] / t['no events'] - 1):+.1f}%",
                f"{100 * (t['engine'] / t['bare'] - 1):+.1f}%",
            ]
        )
        print(f"  done: {case.name}", file=sys.stderr, flush=True)
    print(render(header, rows))
    print(
        "\nstream cost = engine time / no-events time - 1 (what the stream costs with no "
        "listener);\nengine vs bare = engine time / bare time - 1 (everything beyond the "
        "textbook). Fastest of the runs."
    )
    for line in warnings:
        print(line)


def cancel_latency(tries: int, with_listener: bool) -> list[float]:
    """Seconds from ``cancel()`` to ``search()`` returning, one per try."""
    game = ConnectFour()
    settings = SearchSettings(depth=12)
    rng = random.Random(7)
    latencies = []
    for _ in range(tries):
        token = CancelToken()
        returned: list[float] = []
        reasons: list[StopReason] = []
        events: list[Any] = []

        def work(
            token: CancelToken = token,
            returned: list[float] = returned,
            reasons: list[StopReason] = reasons,
            events: list[Any] = events,
        ) -> None:
            result = search(
                game,
                game.initial_state(),
                settings,
                cancel=token,
                listener=events.append if with_listener else None,
            )
            returned.append(time.perf_counter())
            reasons.append(result.stop_reason)

        thread = threading.Thread(target=work)
        thread.start()
        time.sleep(rng.uniform(0.05, 0.3))
        asked = time.perf_counter()
        token.cancel()
        thread.join()
        if reasons != [StopReason.CANCELLED]:
            print(f"WARNING: a search stopped for {reasons}, not for the cancel")
        latencies.append(returned[0] - asked)
    return latencies


def bench_cancel(quick: bool) -> None:
    tries = 6 if quick else 20
    print(
        f"\nCancel latency: Connect Four depth 12 from the start in a thread, cancelled "
        f"after 50-300 ms; {tries} tries each.\n"
    )
    rows = []
    for with_listener in (False, True):
        ms = sorted(1000 * s for s in cancel_latency(tries, with_listener))
        rows.append(
            [
                "with a listener" if with_listener else "no listener",
                f"{statistics.median(ms):.2f}",
                f"{ms[int(0.9 * (len(ms) - 1))]:.2f}",
                f"{ms[-1]:.2f}",
            ]
        )
    print(render(["search", "p50 ms", "p90 ms", "max ms"], rows))


def render(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]

    def line(row: Sequence[str]) -> str:
        return "  ".join(
            c.ljust(w) if i == 0 else c.rjust(w)
            for i, (c, w) in enumerate(zip(row, widths, strict=True))
        ).rstrip()

    return "\n".join([line(header), "  ".join("-" * w for w in widths), *(line(r) for r in rows)])


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.bench_events", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer runs, smaller searches")
    args = parser.parse_args(argv)
    print(f"gamesearch-gui event-stream benchmark{' (quick)' if args.quick else ''}\n")
    bench_stream(args.quick)
    bench_cancel(args.quick)
    return 0


if __name__ == "__main__":
    sys.exit(main())
