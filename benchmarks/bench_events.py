"""What the event stream costs a search nobody listens to, and how fast a cancel lands.

Run from the project root::

    python -m benchmarks.bench_events            # a minute or two
    python -m benchmarks.bench_events --quick    # seconds

A search someone watches tells the event stream; a plain search nobody watches runs
the textbook's functions (``core/search/textbook.py``), which tell nothing, and a search
with a feature on runs the full recursion (``core/search/recursion.py``), which skips
each event with an ``if self.emit:`` test. Five searches of the same tree, same moves,
same order:

``bare``
    :mod:`benchmarks.bare_alphabeta`, a textbook alpha-beta with a node counter and
    nothing else: the floor.
``textbook``
    :func:`gamesearch_gui.core.search.search` with ``listener=None``, as shipped.
``no events``
    the full recursion with every ``if self.emit: ...`` statement cut out (its source is
    loaded and those statements are removed from its syntax tree before it is
    compiled), unwatched: the recursion as it would be without the stream.
``full``
    the full recursion as shipped, unwatched.
``listener``
    the search with a listener that appends each event to a list, for context.

The stream's cost with no listener is ``full`` against ``no events``; ``textbook``
against ``bare`` is everything the shipped search does beyond the bare loop (statistics,
principal variation, root move values, cancel checks). Runs alternate between the
variants and the fastest of each is kept, to keep other load on the machine out of the
figures.

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
from collections.abc import Callable
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from benchmarks.bare_alphabeta import alphabeta
from gamesearch_gui.core.game import Game
from gamesearch_gui.core.games import ConnectFour
from gamesearch_gui.core.games import Pennies
from gamesearch_gui.core.games import TicTacToe
from gamesearch_gui.core.search import CancelToken
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import StopReason
from gamesearch_gui.core.search import depth_first
from gamesearch_gui.core.search import recursion
from gamesearch_gui.core.search import search
from gamesearch_gui.core.search import textbook


class _DropEmits(ast.NodeTransformer):
    """Removes every ``if emit: ...``, ``if self.emit: ...`` and ``if emit is not None:
    ...`` statement (one with no ``else``). A transform that matched only one spelling
    removed nothing and timed the recursion against itself: the script warns when it
    removes none.
    """

    removed = 0

    def visit_If(self, node: ast.If) -> ast.AST | None:
        self.generic_visit(node)
        test = node.test
        bare = (isinstance(test, ast.Name) and test.id == "emit") or (
            isinstance(test, ast.Attribute)
            and isinstance(test.value, ast.Name)
            and test.value.id == "self"
            and test.attr == "emit"
        )
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
    """The full recursion's module compiled with its event statements removed, and how
    many."""
    source = inspect.getsource(recursion)
    tree = ast.parse(source)
    dropper = _DropEmits()
    tree = _FillEmpty().visit(dropper.visit(tree))
    ast.fix_missing_locations(tree)
    name = "benchmarks._search_without_events"
    spec = importlib.util.spec_from_loader(name, loader=None)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up while building
    exec(compile(tree, recursion.__file__ or "recursion.py", "exec"), module.__dict__)
    if not dropper.removed:
        print("WARNING: no event statement found to remove", file=sys.stderr)
    return module, dropper.removed


def full_recursion(
    case: EventCase, settings: SearchSettings, module: types.ModuleType = recursion
) -> tuple[int, Any, Any]:
    """The search run by the full recursion (``module``'s), not the textbook's, unwatched."""
    applies, kept = textbook.applies, recursion.Recursion
    setattr(textbook, "applies", lambda *_: False)  # noqa: B010 (a module's function swapped)
    setattr(depth_first, "Recursion", module.Recursion)  # noqa: B010
    try:
        r = search(case.game, case.state, settings)
    finally:
        setattr(textbook, "applies", applies)  # noqa: B010
        setattr(depth_first, "Recursion", kept)  # noqa: B010
    return r.stats.nodes, r.value, r.best_move


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
    print(
        f"'textbook' is search() as shipped, unwatched: plain alpha-beta runs "
        "core/search/textbook.py.\n'full' is the full recursion (core/search/recursion.py), "
        "unwatched, as a search with any feature on runs;\n'no events' is that recursion "
        f"with its {removed} `if self.emit:` statements removed.\n"
    )
    header = [
        "case",
        "nodes",
        "bare n/s",
        "textbook n/s",
        "no events n/s",
        "full n/s",
        "listener n/s",
        "stream cost",
        "textbook vs bare",
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
            return full_recursion(case, settings, stripped)

        def full(
            case: EventCase = case, settings: SearchSettings = settings
        ) -> tuple[int, Any, Any]:
            return full_recursion(case, settings)

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
            {
                "bare": bare,
                "textbook": ours,
                "no events": no_events,
                "full": full,
                "listener": listened,
            },
            case.runs,
        )
        nodes = got["textbook"][1]
        for label, (_, n, value, move) in got.items():
            if (n, value, move) != got["textbook"][1:]:
                warnings.append(
                    f"WARNING: {case.name}: {label} found {n} nodes, value {value}, "
                    f"move {move!r}; the textbook {got['textbook'][1:]}"
                )
        t = {label: got[label][0] for label in got}
        rows.append(
            [
                case.name,
                f"{nodes:,}",
                *(
                    f"{nodes / t[k]:,.0f}"
                    for k in ("bare", "textbook", "no events", "full", "listener")
                ),
                f"{100 * (t['full'] / t['no events'] - 1):+.1f}%",
                f"{100 * (t['textbook'] / t['bare'] - 1):+.1f}%",
            ]
        )
        print(f"  done: {case.name}", file=sys.stderr, flush=True)
    print(render(header, rows))
    print(
        "\nstream cost = full time / no-events time - 1 (what the stream costs the full "
        "recursion with no listener);\ntextbook vs bare = textbook time / bare time - 1 "
        "(what the shipped search keeps beyond the bare loop). Fastest of the runs."
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
