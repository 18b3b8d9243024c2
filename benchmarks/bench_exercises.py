"""Exercise mode: how long a key, a grade, a page and a seeded set of sheets take.

For the largest exercise a person can set (MAX_EXERCISE_NODES) and for the preset
difficulties, it times (best of several runs): the answer key (the search, with its
recording, and reading the key from it), grading a full answer, and drawing one sheet
page; then exporting a set of N exercises with their keys as PDF and as SVG.

    python -m benchmarks.bench_exercises [--count 20] [--runs 5]
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from collections.abc import Callable

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor
from PySide6.QtGui import QImage
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QApplication

from gamesearch_gui.core.exercises.exercise import DIFFICULTIES
from gamesearch_gui.core.exercises.exercise import MAX_EXERCISE_NODES
from gamesearch_gui.core.exercises.exercise import Exercise
from gamesearch_gui.core.exercises.exercise import Task
from gamesearch_gui.core.exercises.exercise import exercise_set
from gamesearch_gui.core.exercises.exercise import make_exercise
from gamesearch_gui.core.exercises.exercise import random_exercise
from gamesearch_gui.core.exercises.exercise import solve_exercise
from gamesearch_gui.core.exercises.grade import grade
from gamesearch_gui.core.trees.random_tree import random_tree
from gamesearch_gui.ui.exercise.export import export_exercises
from gamesearch_gui.ui.exercise.export import export_paths
from gamesearch_gui.ui.exercise.export import render_page


def best_ms(work: Callable[[], object], runs: int) -> float:
    """The fastest of ``runs`` runs of ``work``, in milliseconds."""
    best = float("inf")
    for _ in range(runs):
        started = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - started)
    return best * 1000


def biggest() -> Exercise:
    """An alpha-beta exercise of close to MAX_EXERCISE_NODES nodes (a drawn or loaded tree
    may be that big; the random difficulties stop at 156)."""
    for seed in range(1000):
        tree = random_tree(5, (2, 3), (0, 20), seed=f"big-{seed}")
        if MAX_EXERCISE_NODES * 0.8 < tree.node_count <= MAX_EXERCISE_NODES:
            return make_exercise(tree, Task.ALPHABETA)
    raise RuntimeError("no big tree found")


def page_ms(exercise: Exercise, runs: int) -> float:
    image = QImage(1240, 1754, QImage.Format.Format_ARGB32)  # A4 at 150 dpi

    def draw() -> None:
        image.fill(QColor("white"))
        painter = QPainter(image)
        render_page(painter, QRectF(0, 0, image.width(), image.height()), exercise, None)
        painter.end()

    return best_ms(draw, runs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=20, help="exercises in the exported set")
    parser.add_argument("--runs", type=int, default=5, help="runs per figure (the best counts)")
    args = parser.parse_args()
    QApplication([])

    cases = [
        (name, random_exercise(d, Task.ALPHABETA, "bench")) for name, d in DIFFICULTIES.items()
    ]
    cases.append(("largest", biggest()))
    print(f"{'exercise':<10} {'nodes':>6} {'key ms':>8} {'grade ms':>9} {'page ms':>8}")
    for name, exercise in cases:
        key = solve_exercise(exercise)
        answer = key.answer()
        print(
            f"{name:<10} {exercise.tree.node_count:>6} "
            f"{best_ms(lambda e=exercise: solve_exercise(e), args.runs):>8.1f} "
            f"{best_ms(lambda k=key, a=answer: grade(k, a), args.runs):>9.2f} "
            f"{page_ms(exercise, args.runs):>8.1f}"
        )

    with tempfile.TemporaryDirectory() as folder:
        started = time.perf_counter()
        exercises = exercise_set("bench", args.count, DIFFICULTIES["Medium"], Task.ALPHABETA)
        pairs = [(e, solve_exercise(e)) for e in exercises]
        keys_s = time.perf_counter() - started
        for suffix in (".pdf", ".svg"):
            sheet, key_path = export_paths(os.path.join(folder, "set" + suffix))
            started = time.perf_counter()
            written = export_exercises(pairs, sheet, key_path, heading="bench")
            seconds = time.perf_counter() - started
            size = sum(os.path.getsize(p) for p in written) / 1e6
            print(
                f"set of {args.count} Medium exercises as {suffix[1:].upper()}: keys "
                f"{keys_s:.2f} s, writing {seconds:.2f} s, {len(written)} files, {size:.1f} MB"
            )


if __name__ == "__main__":
    main()
