"""The two engines of :mod:`benchmarks.bench_tactics`, one search each, in a process of
its own, and what each answered, in the same words.

Ours runs as ``python -m gamesearch_gui solve --game chess --position FEN --json`` does:
the command line's ``main`` with those arguments, in this process, with the window's
default search for chess spelled out as options (:func:`window_options`): the search
the game's registry entry gives the window (``default_settings``), read when the
benchmark runs, so it measures the same search before and after the command line's own
defaults change. Given seconds, its ``--time`` replaces the window's budget and its
depth limit is dropped (``--depth end``: the budget alone ends the deepening), unless
``keep_depth``; given a depth, that depth and no time budget.

Sunfish (``pip install --no-deps sunfish``: the PyPI wheel; see ``docs/benchmarks.md``)
runs through its own API: ``sunfish_ui.uci.from_fen`` sets the position up (rotated
when Black is to move, as its UCI loop does), ``Searcher.search`` deepens (MTD-bi), and
the move played is its UCI loop's: the best move of the last depth completed, else the
current depth's candidate. Given seconds, its in-search deadline (checked every 2,048
nodes, on this process's CPU clock here, as ours counts its search's) stops it; the
whole budget is its hard limit (its UCI ``movetime`` would stop at two thirds of it).
Given a depth, it stops when that depth is complete, and its nodes and CPU are read at
that moment.

Both clocks count CPU seconds: the command line's ``--time`` is the search's CPU time
(``core/cpu_time.py``), and sunfish's deadline is read from ``time.process_time`` in
place of its ``time.time`` (sunfish runs in this process alone), so a busy machine gives
both the same computing. Each engine is still run alone, one after the other, never
side by side; each answer reports the CPU seconds its search used (``time.process_time``
around it).

Run as a module, it runs one search and prints its answer as one line of JSON::

    python -m benchmarks.tactics_engines ours|sunfish FEN (--seconds S | --depth N)
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import subprocess
import sys
import time
import types
from collections.abc import Sequence
from dataclasses import asdict
from dataclasses import dataclass
from dataclasses import replace
from pathlib import Path
from typing import Any

import chess

from gamesearch_gui import cli
from gamesearch_gui.core.games.registry import find_game
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import default_settings

ENGINES = ("ours", "sunfish")
ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Answer:
    """What one search answered: the move (UCI and SAN; None if it gave none), how deep
    it went (``depth_kind`` says what ``depth`` counts), nodes (each engine's own count)
    and the CPU and wall seconds of its search."""

    engine: str
    uci: str | None
    san: str | None
    depth: int
    depth_kind: str
    nodes: int
    cpu: float
    wall: float

    def move(self) -> chess.Move | None:
        return None if self.uci is None else chess.Move.from_uci(self.uci)


def window_settings() -> SearchSettings:
    """The window's default search for chess, from the game's registry entry."""
    return default_settings(find_game("chess"))


def window_options(settings: SearchSettings) -> list[str]:
    """``settings`` as ``solve``'s options, without its depth and time budget (the
    benchmark gives those); ValueError for a setting the command line cannot express."""
    options = ["--algorithm", settings.algorithm.value, "--ordering", settings.ordering.value]
    if settings.evaluation is not None:
        options += ["--eval", settings.evaluation]
    if settings.transposition_table:
        options.append("--tt")
    if settings.quiescence:
        options.append("--quiescence")
    if settings.fail_hard:
        options.append("--fail-hard")
    default = SearchSettings(settings.algorithm)
    left = replace(
        settings,
        depth=None,
        time_budget=None,
        evaluation=None,
        ordering=default.ordering,
        transposition_table=False,
        quiescence=False,
        fail_hard=False,
    )
    if left != default:
        raise ValueError(f"the window's chess search has settings solve cannot take: {left}")
    return options


def ours_arguments(
    fen: str, *, seconds: float | None, depth: int | None, keep_depth: bool = False
) -> list[str]:
    """The ``solve`` command line of one search of ours."""
    settings = window_settings()
    arguments = ["solve", "--game", "chess", "--position", fen, "--json"]
    arguments += window_options(settings)
    if seconds is not None:
        arguments += ["--time", repr(seconds)]
        if keep_depth and settings.depth is not None:
            arguments += ["--depth", str(settings.depth)]
        else:  # the command line takes the game's depth when none is given: drop it
            arguments += ["--depth", "end"]
    if depth is not None:
        arguments += ["--depth", str(depth)]
    return arguments


def run_ours(
    fen: str, *, seconds: float | None = None, depth: int | None = None, keep_depth: bool = False
) -> Answer:
    """One search of ours, through the command line's ``main``, in this process."""
    arguments = ours_arguments(fen, seconds=seconds, depth=depth, keep_depth=keep_depth)
    out, err = io.StringIO(), io.StringIO()
    wall, cpu = time.perf_counter(), time.process_time()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = cli.main(arguments)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    if status != 0:
        raise RuntimeError(f"solve exited with {status}: {err.getvalue().strip()}")
    answer = json.loads(out.getvalue())
    san = answer["best_move"]
    board = chess.Board(fen)
    move = None if san is None else board.parse_san(san)
    return Answer(
        engine="ours",
        uci=None if move is None else move.uci(),
        san=san,
        depth=answer["stats"]["max_depth"],
        depth_kind="deepest ply",
        nodes=answer["stats"]["nodes"],
        cpu=cpu,
        wall=wall,
    )


def run_sunfish(fen: str, *, seconds: float | None = None, depth: int | None = None) -> Answer:
    """One search of sunfish's, through its API, in this process."""
    import sunfish
    from sunfish_ui import uci

    uci.sunfish = sunfish  # its helpers read the engine module from here (run() sets it)
    board = chess.Board(fen)  # sunfish's from_fen checks nothing: python-chess reads it first
    if board.status() != chess.STATUS_VALID:
        raise ValueError(f"FEN {fen!r} is not a legal position")
    position = uci.from_fen(*board.fen().split())
    history = [position] if uci.get_color(position) == uci.WHITE else [position.rotate(), position]
    searcher = sunfish.Searcher()
    wall, cpu = time.perf_counter(), time.process_time()
    if seconds is not None:
        # Its deadline in CPU seconds, as ours: sunfish reads ``time.time()``.
        sunfish.time = types.SimpleNamespace(time=time.process_time)
        searcher.deadline = time.process_time() + seconds
    best = candidate = None
    current, completed = 1, 0
    at_depth = (0, 0.0, 0.0)  # nodes, CPU and wall at the last probe of depth `depth`
    try:
        for probe_depth, gamma, score, move in searcher.search(history):
            if probe_depth > current:  # the previous depth is complete
                best, completed, current = candidate or best, current, probe_depth
                if depth is not None and completed >= depth:
                    break
            if score >= gamma:
                if move is None:
                    break  # the root is over (mate or stalemate): nothing to search
                candidate = move
            if depth is not None and probe_depth == depth:
                at_depth = (
                    searcher.nodes,
                    time.process_time() - cpu,
                    time.perf_counter() - wall,
                )
    except sunfish.Stop:
        pass
    finally:
        sunfish.time = time
    played = best or candidate
    if depth is not None:
        nodes, cpu, wall = at_depth
    else:
        nodes, cpu, wall = searcher.nodes, time.process_time() - cpu, time.perf_counter() - wall
    text = None if played is None else uci.render_move(played, white_pov=len(history) % 2 == 1)
    move_ = None if text is None else chess.Move.from_uci(text)
    legal = move_ is not None and move_ in board.legal_moves
    return Answer(
        engine="sunfish",
        uci=text,
        san=board.san(move_) if legal and move_ is not None else text,
        depth=completed,
        depth_kind="depth completed",
        nodes=nodes,
        cpu=cpu,
        wall=wall,
    )


def run(
    engine: str,
    fen: str,
    *,
    seconds: float | None = None,
    depth: int | None = None,
    keep_depth: bool = False,
) -> Answer:
    """One search by ``engine`` in a fresh Python process (its own table, nothing warm
    from an earlier search), with a generous wall-clock ceiling."""
    command = [sys.executable, "-m", "benchmarks.tactics_engines", engine, fen]
    if seconds is not None:
        command += ["--seconds", repr(seconds)]
    if depth is not None:
        command += ["--depth", str(depth)]
    if keep_depth:
        command.append("--keep-depth")
    ceiling = 600.0 if seconds is None else 10 * seconds + 120
    done = subprocess.run(
        command, cwd=ROOT, capture_output=True, text=True, timeout=ceiling, check=False
    )
    if done.returncode != 0:
        lines = done.stderr.strip().splitlines() or [f"exit status {done.returncode}"]
        raise RuntimeError(f"{engine} on {fen!r}: {lines[-1]}")
    return Answer(**json.loads(done.stdout))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.tactics_engines", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("engine", choices=ENGINES)
    parser.add_argument("fen")
    budget = parser.add_mutually_exclusive_group(required=True)
    budget.add_argument("--seconds", type=float, help="search for this long (wall clock)")
    budget.add_argument("--depth", type=int, help="search to this depth")
    parser.add_argument(
        "--keep-depth", action="store_true", help="ours: keep the window's depth limit"
    )
    args = parser.parse_args(argv)
    found: Any
    try:
        if args.engine == "ours":
            found = run_ours(
                args.fen, seconds=args.seconds, depth=args.depth, keep_depth=args.keep_depth
            )
        else:
            found = run_sunfish(args.fen, seconds=args.seconds, depth=args.depth)
    except (RuntimeError, ValueError) as error:  # a FEN that cannot be read, say
        print(f"{parser.prog}: error: {error}", file=sys.stderr)
        return 2
    print(json.dumps(asdict(found)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
