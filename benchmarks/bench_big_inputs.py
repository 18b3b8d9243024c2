"""Big inputs against a linear-time baseline: no quadratic surprises (issue 25).

Each case times one big input, the same input made smaller (its baseline: a linear cost
would be the smaller one's times the scale) and a tiny one (the start: the process, its
imports, the window), side by side in interleaved rounds, each in a fresh process, and
prints the medians net of the start and the ratio big / (scale x baseline). A cost that
grows linearly with the input gives a ratio near 1; a quadratic one, near the scale.

* **chance**: ``solve --algorithm star1`` (then expectiminimax) on a MAX root over one
  chance node of 100,001 outcomes and a leaf; baseline ten times the same tree with
  10,001 outcomes. (The sums of the probabilities still to come were quadratic: 100 s.)
* **fan**: the same 100,001 leaves under a MAX node, alpha-beta: the plain shape of the
  same size, for scale.
* **name**: a tree of three players whose second player's name has 1,000,000 characters,
  opened in the window's editor, solved, every node clicked and every event replayed
  (and through ``solve``); baseline ten times the same with 100,000 characters. (The node
  details laid the whole name out: 144 s.)
* **chain**: the deepest chain a tree file may hold (200 levels, ``core.trees.file``'s nesting
  limit) in the window as the name case runs it, and games that are chains of 10,000
  and 100,000 plies (``--max-plies``'s most) through ``solve --game-file``; baselines two
  times the chain of 100 levels and ten times the game a tenth as long.
* **million**: ``solve`` on a random tree of 4**10 = 1,048,576 leaves (1,398,101 nodes);
  baseline sixteen times 4**8.

Each figure is the process's CPU seconds (user + system, of the command and its
children) as the system accounts them, so other load on the machine changes little.

    python -m benchmarks.bench_big_inputs [--rounds 5] [--cases chance,fan,name,chain,million]

The figures, with the machine's load, are in docs/benchmarks.md ("Big inputs").
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from collections.abc import Sequence
from pathlib import Path

PYTHON = sys.executable
TREE = {"format": "gamesearch-tree", "version": 1}
CHAIN_GAME = '''
from gamesearch_gui.api import Game, Player


class Chain(Game):
    """One move at a time down a chain of {plies} plies."""

    title = "Chain"

    def initial_state(self):
        return {plies}

    def to_move(self, state):
        return Player.MAX if state % 2 == 0 else Player.MIN

    def actions(self, state):
        return list(range({width})) if state > 0 else []

    def result(self, state, action):
        return state - 1

    def terminal_value(self, state):
        return 1 if state == 0 else None
'''


def load_average() -> str:
    """The machine's load averages over 1, 5 and 15 minutes."""
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def write_json(folder: str, name: str, doc: object) -> str:
    path = os.path.join(folder, name)
    with open(path, "w", encoding="utf-8") as f:
        json.dump(doc, f)
    return path


def chance_tree(folder: str, outcomes: int) -> str:
    """A MAX root over a chance node of ``outcomes`` equally likely leaves, and a leaf."""
    children = [{"probability": 1 / outcomes, "value": i % 7} for i in range(outcomes)]
    root = {"type": "max", "children": [{"type": "chance", "children": children}, {"value": 3}]}
    return write_json(folder, f"chance-{outcomes}.gtree.json", {**TREE, "root": root})


def fan_tree(folder: str, leaves: int) -> str:
    """A MAX root over ``leaves`` leaves."""
    root = {"type": "max", "children": [{"value": i % 7} for i in range(leaves)]}
    return write_json(folder, f"fan-{leaves}.gtree.json", {**TREE, "root": root})


def chain_tree(folder: str, depth: int) -> str:
    """A chain of ``depth`` levels, MAX and MIN by turns, ending in one leaf."""
    node: dict[str, object] = {"value": 1}
    for level in range(depth):
        node = {"type": "max" if level % 2 else "min", "children": [node]}
    return write_json(folder, f"chain-{depth}.gtree.json", {**TREE, "root": node})


def random_tree_file(folder: str, depth: int) -> str:
    from gamesearch_gui.core.trees.file import save_tree_file
    from gamesearch_gui.core.trees.random_tree import random_tree

    path = os.path.join(folder, f"random-4x{depth}.gtree.json")
    save_tree_file(random_tree(depth, (4, 4), seed=1, name=f"4x{depth}"), path)
    return path


def chain_game(folder: str, plies: int, width: int = 1) -> str:
    path = os.path.join(folder, f"chain-{plies}x{width}.py")
    Path(path).write_text(CHAIN_GAME.format(plies=plies, width=width), encoding="utf-8")
    return path


def players_tree(folder: str, name: str) -> str:
    """Figure 5.4's shape (three players), its second player called ``name``."""

    def decide(player: str, *children: object) -> dict[str, object]:
        return {"player": player, "children": list(children)}

    def leaf(*values: int) -> dict[str, object]:
        return {"values": list(values)}

    root = decide(
        "A",
        decide(name, decide("C", leaf(1, 2, 6), leaf(4, 2, 3)), decide("C", leaf(6, 1, 2))),
        decide(name, decide("C", leaf(5, 1, 1), leaf(1, 5, 2)), decide("C", leaf(7, 7, 1))),
    )
    doc = {"format": "gamesearch-tree", "version": 2, "players": ["A", name, "C"], "root": root}
    return write_json(folder, f"players-{len(name)}.gtree.json", doc)


def cpu_of(command: Sequence[str]) -> float:
    """CPU seconds (user + system) ``command`` and its children took; its output is checked
    to be a JSON answer or nothing."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command[:6])} failed ({done.returncode}): {done.stderr}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def solve(path: str, *args: str) -> list[str]:
    return [PYTHON, "-m", "gamesearch_gui", "solve", path, "--json", *args]


def solve_game(path: str, *args: str) -> list[str]:
    return [
        PYTHON,
        "-m",
        "gamesearch_gui",
        "solve",
        "--game-file",
        path,
        "--json",
        "--algorithm",
        "minimax",
        *args,
    ]


def window_run(path: str) -> list[str]:
    return [PYTHON, "-m", "benchmarks.bench_big_inputs", "--window", path]


def window_main(path: str) -> None:
    """In this process: open ``path`` in the editor, solve it, click every node and
    replay every event (the --window mode the name case runs)."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QEventLoop
    from PySide6.QtCore import QSettings
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    app = QApplication(sys.argv[:1])
    from gamesearch_gui.ui.editor.editor import TreeEditor

    with tempfile.TemporaryDirectory() as folder:
        store = QSettings(os.path.join(folder, "s.ini"), QSettings.Format.IniFormat)
        editor = TreeEditor(None, store, recovery_path=os.path.join(folder, "r.json"))
        editor.resize(1366, 700)
        editor.show()

        def wait(signal: object, start: Callable[[], object]) -> None:
            loop = QEventLoop()
            signal.connect(loop.quit)  # type: ignore[attr-defined]
            QTimer.singleShot(600_000, loop.quit)
            start()
            loop.exec()

        wait(editor.opened, lambda: editor.open_file(path))
        wait(editor.solved, editor.acts.act_solve.trigger)
        panel = editor.solution_panel
        recording = panel.canvas.recording
        assert recording is not None
        for k in range(recording.event_count + 1):
            panel.canvas.set_moment(k)
            app.processEvents()
        for n in range(recording.node_count):
            panel.select_node(n)
            app.processEvents()
        editor.shutdown()
        editor.close()


Case = tuple[list[str], list[str], float, list[str]]


def rounds_of(pairs: dict[str, Case], rounds: int) -> None:
    """Run each case's big, baseline and start commands in turn, ``rounds`` times, and
    print the medians net of the start (the same command on a tiny input: the process,
    its imports, the window) and the ratio big / (scale × baseline)."""
    print(f"load before: {load_average()}", flush=True)
    for name, (big, base, scale, start) in pairs.items():
        cpu_of(big), cpu_of(base)  # warm the disk cache
        bigs, bases, starts = [], [], []
        for _ in range(rounds):
            bigs.append(cpu_of(big))
            bases.append(cpu_of(base))
            starts.append(cpu_of(start))
        z = statistics.median(starts)
        b = max(statistics.median(bigs) - z, 0.001)
        s = max(statistics.median(bases) - z, 0.001)
        print(
            f"{name:<30} big {b:7.2f} s  baseline {s:6.3f} s x {scale:<2g} = {s * scale:7.2f} s"
            f"  ratio {b / (s * scale):5.2f}  (start {z:.2f} s; load {load_average()})",
            flush=True,
        )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--cases", default="chance,fan,name,chain,million")
    parser.add_argument("--window", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.window:
        window_main(args.window)
        return 0
    cases = set(args.cases.split(","))
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        pairs: dict[str, Case] = {}
        tiny = fan_tree(folder, 2)
        if "chance" in cases:
            big, small = chance_tree(folder, 100_001), chance_tree(folder, 10_001)
            for algorithm in ("star1", "expectiminimax"):
                pairs[f"chance 100,001, {algorithm}"] = (
                    solve(big, "--algorithm", algorithm),
                    solve(small, "--algorithm", algorithm),
                    10,
                    solve(tiny),
                )
        if "fan" in cases:
            pairs["fan 100,001, alphabeta"] = (
                solve(fan_tree(folder, 100_001)),
                solve(fan_tree(folder, 10_001)),
                10,
                solve(tiny),
            )
        if "name" in cases:
            short = players_tree(folder, "B")
            pairs["name 1,000,000 chars, window"] = (
                window_run(players_tree(folder, "B" * 1_000_000)),
                window_run(players_tree(folder, "B" * 100_000)),
                10,
                window_run(short),
            )
            pairs["name 1,000,000 chars, solve"] = (
                solve(players_tree(folder, "B" * 1_000_000)),
                solve(players_tree(folder, "B" * 100_000)),
                10,
                solve(short),
            )
        if "chain" in cases:
            pairs["chain file, 200 levels, window"] = (
                window_run(chain_tree(folder, 200)),
                window_run(chain_tree(folder, 100)),
                2,
                window_run(tiny),
            )
            for plies in (10_000, 100_000):
                pairs[f"chain game, {plies:,} plies"] = (
                    solve_game(chain_game(folder, plies), "--max-plies", str(plies)),
                    solve_game(chain_game(folder, plies // 10), "--max-plies", str(plies)),
                    10,
                    solve_game(chain_game(folder, 1)),
                )
        if "million" in cases:
            pairs["million leaves, alphabeta"] = (
                solve(random_tree_file(folder, 10)),
                solve(random_tree_file(folder, 8)),
                16,
                solve(tiny),
            )
        rounds_of(pairs, args.rounds)
    print(f"load after: {load_average()}; {time.perf_counter() - started:.0f} s in all")
    return 0


if __name__ == "__main__":
    sys.exit(main())
