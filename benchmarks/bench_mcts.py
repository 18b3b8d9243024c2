"""Monte Carlo tree search: iterations per second against a bare UCT, cancel, and strength.

Run from the project root::

    python -m benchmarks.bench_mcts            # a few minutes
    python -m benchmarks.bench_mcts --quick    # well under a minute, fewer games

Part 1, speed. Tic-tac-toe and Connect Four from the empty board, the same number of
iterations and the same seed, four ways:

``bare``
    :mod:`benchmarks.bare_uct`, a textbook UCT with nothing else: the floor. It makes
    the same random draws as the engine and grows the same tree (the visit counts of
    the root moves are checked to agree).
``engine``
    :func:`gamesearch_gui.core.search.search` with ``Algorithm.MCTS`` and no listener.
``observer``
    the same with a :class:`~gamesearch_gui.core.recording.events.SearchObserver` whose methods
    do nothing: what the search pays to tell, without event objects.
``listener``
    the same with a listener that appends each event object to a list.

Runs of the variants are interleaved, and the median of each is reported with its
ratio to ``bare``. The heuristic playout runs too (engine only: the bare UCT has none).

Part 2, cancel: a long Connect Four MCTS in a thread, cancelled from the main thread;
the time from ``cancel()`` until ``search()`` returns. Then as the window does it: 100
MCTS searches through the engine process (:class:`~gamesearch_gui.engine.client.
EngineClient`), not recorded and recorded, each cancelled 10 to 150 ms after it was
asked for; the time from the cancel to the engine's word that the search stopped, as
``bench_engine`` measures it for alpha-beta (p50, p99, max).

Part 3, strength. MCTS at 2,000 iterations against a uniformly random player in
tic-tac-toe, half the games as X and half as O, one seed for the whole match; and
MCTS against alpha-beta at depth 4 (static ordering, transposition table, the default
evaluation) in Connect Four, colours alternating and the MCTS seed changing from game
to game (alpha-beta is deterministic, so one seed would replay one game).

A measurement, not a test: it asserts nothing about speed. It prints the load average
before and after.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import threading
import time
from collections.abc import Callable
from collections.abc import Sequence
from typing import Any

from benchmarks.bare_uct import uct
from gamesearch_gui.core.game import Game
from gamesearch_gui.core.game import Player
from gamesearch_gui.core.games import ConnectFour
from gamesearch_gui.core.games import TicTacToe
from gamesearch_gui.core.recording.events import SearchEvent
from gamesearch_gui.core.recording.events import SearchObserver
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import CancelToken
from gamesearch_gui.core.search import Ordering
from gamesearch_gui.core.search import SearchResult
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import search
from gamesearch_gui.core.search.mcts import Playout


def load_average() -> str:
    """The load averages over 1, 5 and 15 minutes, as ``uptime`` prints them."""
    return ", ".join(f"{x:.2f}" for x in os.getloadavg())


class Silent(SearchObserver):
    """An observer that hears every call and does nothing with it."""

    def entered(self, *args: Any) -> None:
        """Nothing."""

    def valued(self, *args: Any) -> None:
        """Nothing."""

    def pruned(self, *args: Any) -> None:
        """Nothing."""

    def iteration_started(self, depth: int) -> None:
        """Nothing."""

    def iteration_finished(self, *args: Any) -> None:
        """Nothing."""

    def mcts_iteration(self, iteration: int) -> None:
        """Nothing."""

    def selected(self, *args: Any) -> None:
        """Nothing."""

    def expanded(self, *args: Any) -> None:
        """Nothing."""

    def playout(self, *args: Any) -> None:
        """Nothing."""

    def backpropagated(self, *args: Any) -> None:
        """Nothing."""


def mcts(
    game: Game[Any, Any],
    state: Any,
    iterations: int,
    seed: int,
    listener: Any = None,
    playout: Playout = Playout.RANDOM,
) -> SearchResult:
    """The engine's MCTS."""
    settings = SearchSettings(Algorithm.MCTS, iterations=iterations, seed=seed, playout=playout)
    return search(game, state, settings, listener=listener)


# -- part 1: speed --------------------------------------------------------------------


SPEED_HEADER = (
    "case",
    "iterations",
    "bare it/s",
    "engine it/s",
    "observer it/s",
    "listener it/s",
    "heuristic it/s",
    "engine vs bare",
    "observer vs bare",
    "listener vs bare",
)


def speed_row(name: str, game: Game[Any, Any], iterations: int, rounds: int) -> list[str]:
    """One case of part 1: interleaved runs of each variant, medians and ratios."""
    state = game.initial_state()
    seed = 11
    events: list[SearchEvent] = []
    variants: dict[str, Callable[[], Any]] = {
        "bare": lambda: uct(game, state, iterations, seed=seed),
        "engine": lambda: mcts(game, state, iterations, seed),
        "observer": lambda: mcts(game, state, iterations, seed, Silent()),
        "listener": lambda: mcts(game, state, iterations, seed, events.append),
        "heuristic": lambda: mcts(game, state, iterations, seed, None, Playout.HEURISTIC),
    }
    times: dict[str, list[float]] = {k: [] for k in variants}
    answers: dict[str, Any] = {}
    for _ in range(rounds):
        for key, run in variants.items():
            events.clear()
            started = time.perf_counter()
            answers[key] = run()
            times[key].append(time.perf_counter() - started)
    bare = answers["bare"]
    for key in ("engine", "observer", "listener"):
        found = {r.move: r.visits for r in answers[key].root_moves}
        if found != bare.visits or answers[key].best_move != bare.best_move:
            print(f"WARNING: {name}: {key} grew another tree than bare UCT")
    median = {k: statistics.median(v) for k, v in times.items()}
    rates = [f"{iterations / median[k]:,.0f}" for k in variants]
    ratios = [f"{median[k] / median['bare']:.2f}x" for k in ("engine", "observer", "listener")]
    return [name, f"{iterations:,}", *rates, *ratios]


def bench_speed(quick: bool) -> None:
    rounds = 3 if quick else 11
    rows = [
        speed_row("tictactoe, start", TicTacToe(), 5_000 if quick else 20_000, rounds),
        speed_row("connect4, start", ConnectFour(), 2_000 if quick else 10_000, rounds),
    ]
    print(f"Speed: median of {rounds} interleaved runs each (ratio: time over bare's time)")
    print(render(SPEED_HEADER, rows))


# -- part 2: cancel -------------------------------------------------------------------


def bench_cancel(quick: bool) -> None:
    tries = 10 if quick else 30
    rng = random.Random(5)
    game = ConnectFour()
    settings = SearchSettings(Algorithm.MCTS, iterations=1_000_000)
    for with_listener in (False, True):
        listener = (lambda _event: None) if with_listener else None
        waits = []
        for _ in range(tries):
            token = CancelToken()
            done = threading.Event()
            returned: list[float] = []

            def work(
                token: CancelToken = token,
                done: threading.Event = done,
                returned: list[float] = returned,
                listener: Any = listener,
            ) -> None:
                search(game, game.initial_state(), settings, listener=listener, cancel=token)
                returned.append(time.perf_counter())
                done.set()

            thread = threading.Thread(target=work)
            thread.start()
            time.sleep(0.05 + rng.random() * 0.1)
            asked = time.perf_counter()
            token.cancel()
            done.wait(60)
            thread.join()
            waits.append((returned[0] - asked) * 1000)
        waits.sort()
        print(
            f"Cancel, {'with' if with_listener else 'no'} listener, {tries} tries: "
            f"p50 {statistics.median(waits):.2f} ms, p90 {waits[int(0.9 * (tries - 1))]:.2f} ms, "
            f"max {waits[-1]:.2f} ms"
        )
    engine_cancels(20 if quick else 100)


def engine_cancels(count: int) -> None:
    """Cancel to stopped through the engine process, as the window's cancel and "move
    now" are: MCTS of a million iterations, not recorded and recorded."""
    from benchmarks.bench_engine import cancel_latencies
    from benchmarks.bench_gui_stall import percentile
    from gamesearch_gui.engine.client import EngineClient
    from gamesearch_gui.engine.protocol import Record

    settings = SearchSettings(Algorithm.MCTS, iterations=1_000_000)
    client = EngineClient()
    try:
        for record in (Record.NOTHING, Record.RECORDING):
            waits = cancel_latencies(client, count, random.Random(12), settings, record)
            print(
                f"Cancel through the engine, MCTS, {record.value}, {len(waits)} cancels: "
                f"p50 {percentile(waits, 0.5):.1f} ms, p99 {percentile(waits, 0.99):.1f} ms, "
                f"max {max(waits):.1f} ms"
            )
    finally:
        client.close()


# -- part 3: strength -----------------------------------------------------------------


def play(game: Game[Any, Any], players: dict[Player, Callable[[Any], Any]]) -> float:
    """One game; the final utility (MAX's view)."""
    state = game.initial_state()
    while (value := game.terminal_value(state)) is None:
        state = game.result(state, players[game.to_move(state)](state))
    return value


def match(
    game: Game[Any, Any],
    games: int,
    thinker: Callable[[int], Callable[[Any], Any]],
    opponent: Callable[[Any], Any],
) -> tuple[int, int, int]:
    """MCTS (``thinker(i)`` plays game ``i``) against ``opponent``, MCTS moving first in
    the even games: MCTS's wins, draws and losses."""
    score = [0, 0, 0]
    for i in range(games):
        mcts_side = Player.MAX if i % 2 == 0 else Player.MIN
        other = Player.MIN if mcts_side is Player.MAX else Player.MAX
        value = play(game, {mcts_side: thinker(i), other: opponent})
        mine = value if mcts_side is Player.MAX else -value
        score[0 if mine > 0 else 1 if mine == 0 else 2] += 1
    return score[0], score[1], score[2]


def against_random(games: int, iterations: int, seed: int) -> tuple[int, int, int]:
    """MCTS against a random player in tic-tac-toe, one seed for the whole match."""
    game = TicTacToe()
    rng = random.Random(seed)
    return match(
        game,
        games,
        lambda _i: lambda state: mcts(game, state, iterations, seed).best_move,
        lambda state: rng.choice(list(game.actions(state))),
    )


def against_alphabeta(games: int, iterations: int, seed: int) -> tuple[int, int, int]:
    """MCTS against depth-4 alpha-beta in Connect Four, MCTS's seed ``seed + game``."""
    game = ConnectFour()
    settings = SearchSettings(depth=4, ordering=Ordering.STATIC, transposition_table=True)
    return match(
        game,
        games,
        lambda i: lambda state: mcts(game, state, iterations, seed + i).best_move,
        lambda state: search(game, state, settings).best_move,
    )


def bench_strength(quick: bool) -> None:
    games = 20 if quick else 100
    started = time.perf_counter()
    won, drawn, lost = against_random(games, 2_000, seed=2026)
    print(
        f"Tic-tac-toe, MCTS 2,000 iterations vs random, {games} games (half as X), seed 2026: "
        f"MCTS won {won}, drew {drawn}, lost {lost} ({time.perf_counter() - started:.0f} s)"
    )
    games = 4 if quick else 20
    for iterations in (2_000, 10_000):
        started = time.perf_counter()
        won, drawn, lost = against_alphabeta(games, iterations, seed=2026)
        print(
            f"Connect Four, MCTS {iterations:,} iterations vs alpha-beta depth 4, {games} games "
            f"(colours alternate; MCTS seed 2026 + game): MCTS won {won}, drew {drawn}, "
            f"lost {lost} ({time.perf_counter() - started:.0f} s)"
        )


def render(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """A Markdown table."""

    def line(row: Sequence[str]) -> str:
        return "| " + " | ".join(row) + " |"

    rule = "|" + "|".join("---" if i == 0 else "---:" for i in range(len(header))) + "|"
    return "\n".join([line(header), rule, *map(line, rows)])


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer runs and games")
    parser.add_argument(
        "--part", choices=["speed", "cancel", "strength"], action="append", help="only these"
    )
    args = parser.parse_args(argv)
    parts = args.part or ["speed", "cancel", "strength"]
    print(f"load average before: {load_average()}")
    started = time.perf_counter()
    if "speed" in parts:
        bench_speed(args.quick)
    if "cancel" in parts:
        bench_cancel(args.quick)
    if "strength" in parts:
        bench_strength(args.quick)
    print(f"load average after: {load_average()} ({time.perf_counter() - started:.0f} s in all)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
