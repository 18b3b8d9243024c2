"""The relevant part of benchmarks.bench_tree_view: repaints at the zooms a user visits,
on Connect Four minimax depth 6 (137,257 nodes) and alpha-beta depth 7, fully recorded."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
from PySide6.QtWidgets import QApplication

from benchmarks.bench_tree_view import VIEW, paints
from gamesearch_gui.core.games import ConnectFour
from gamesearch_gui.core.recording import SearchRecording
from gamesearch_gui.core.search import Algorithm, SearchSettings, search
from gamesearch_gui.ui.tree.view import TreeCanvas

if __name__ == "__main__":
    app = QApplication([])
    import gamesearch_gui

    print(gamesearch_gui.__file__, open("/proc/loadavg").read().split()[:3])
    game = ConnectFour()
    for algo, depth in ((Algorithm.MINIMAX, 6), (Algorithm.ALPHABETA, 7)):
        rec = SearchRecording(game)
        rec.finish(
            search(game, game.initial_state(), SearchSettings(algo, depth=depth), listener=rec)
        )
        c = TreeCanvas()
        c.resize(*VIEW)
        c.show()
        c.set_recording(rec)
        c.set_moment(rec.event_count)
        for name, wall, paint, prims in paints(c):
            print(
                f"{algo.name} d{depth} {rec.node_count} | {name:32s} | paint {paint:7.2f} ms | wall {wall:7.2f} | prims {prims}"
            )
        c.close()
        c.deleteLater()
        app.processEvents()
    print("load", open("/proc/loadavg").read().split()[:3])
