"""Repaint times with label placement: the repaints of ``bench_tree_view`` on two fully
recorded Connect Four trees (minimax to depth 6: 137,257 nodes; alpha-beta to depth 7).

Run it on two checkouts side by side to compare (``PYTHONPATH`` chooses the code):

    PYTHONPATH=. python -m benchmarks.bench_tree_labels
"""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtWidgets import QApplication

from benchmarks.bench_tree_view import VIEW
from benchmarks.bench_tree_view import paints
from gamesearch_gui.core.games import ConnectFour
from gamesearch_gui.core.recording.depth_first import SearchRecording
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import search
from gamesearch_gui.ui.tree.canvas import TreeCanvas


def load() -> str:
    """The machine's load averages (1, 5, 15 minutes)."""
    with open("/proc/loadavg") as f:
        return " ".join(f.read().split()[:3])


def main() -> None:
    """Print each view's best repaint (ms) for both trees, with the load before and after."""
    app = QApplication([])
    print(f"load {load()}")
    game = ConnectFour()
    for algorithm, depth in ((Algorithm.MINIMAX, 6), (Algorithm.ALPHABETA, 7)):
        recording = SearchRecording(game)
        settings = SearchSettings(algorithm, depth=depth)
        recording.finish(search(game, game.initial_state(), settings, listener=recording))
        canvas = TreeCanvas()
        canvas.resize(*VIEW)
        canvas.show()
        canvas.set_recording(recording)
        canvas.set_moment(recording.event_count)
        for name, _wall, paint, primitives in paints(canvas):
            print(f"{algorithm.name} d{depth} | {name} | paint {paint:.2f} ms | {primitives}")
        canvas.close()
        canvas.deleteLater()
        app.processEvents()
    print(f"load {load()}")


if __name__ == "__main__":
    main()
