"""The search tree dock of the main window: live trees, reopened trees, bounded memory."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtCore import QTimer
from pytestqt.qtbot import QtBot

from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import Ordering
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.ui.main_window import MainWindow
from gamesearch_gui.ui.play.kept_searches import ANALYSIS
from gamesearch_gui.ui.play.kept_searches import MOVE
from gamesearch_gui.ui.play.session import KEPT_NODES
from gamesearch_gui.ui.play_config import PlayConfig
from gamesearch_gui.ui.play_config import Seats

TIMEOUT_MS = 180_000


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[MainWindow]:
    monkeypatch.setattr(MainWindow, "_message", lambda self, title, html: None)
    store = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    made = MainWindow(store)
    made.pace_override_ms = 0
    qtbot.addWidget(made)
    made.show()
    yield made
    made.close()


def rss_mb() -> float:
    """This process's resident memory, in MB (Linux)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    pytest.skip("no /proc/self/status here")


def test_full_tictactoe_minimax_streams_into_the_tree_and_the_view_stays_live(
    qtbot: QtBot, window: MainWindow
) -> None:
    ticks = []
    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append(window.tree_panel.canvas.moment))
    timer.start(20)
    minimax = SearchSettings(Algorithm.MINIMAX)
    window.new_game(PlayConfig(game="tictactoe", seats=Seats.HUMAN_SECOND, search=minimax))
    recording = window.tree_panel.recording
    assert recording is not None
    # Interact while it streams: zoom, and the tree keeps growing.
    qtbot.waitUntil(lambda: window.tree_panel.canvas.moment > 10_000, timeout=TIMEOUT_MS)
    window.tree_panel.canvas.zoom_in()
    window.tree_panel.canvas.fit_all()
    qtbot.waitUntil(lambda: len(window.match.plies) == 1, timeout=TIMEOUT_MS)
    timer.stop()
    assert recording.node_count == 549_946
    assert recording.result.stats.nodes == 549_946
    assert window.tree_panel.canvas.moment == recording.event_count == 2 * 549_946
    assert window.stats.text("nodes") == "549,946"
    # The statistics say what the value guarantees and how the tree is shaped, its
    # distinct positions counted between paints.
    assert window.stats.text("guarantee") == "either side can force at least a draw"
    assert window.stats.shape.table.rowCount() == 10
    qtbot.waitUntil(lambda: window.stats.shape.distinct_text() == "5,478", timeout=TIMEOUT_MS)
    # The GUI thread ran all along: the timer saw the tree at sizes between empty and
    # whole. How many depends on the machine's load, so only a few are required.
    growing = {moment for moment in ticks if 0 < moment < recording.event_count}
    assert len(growing) >= 3, sorted(growing)


def test_clicking_an_ai_move_reopens_its_search_tree(qtbot: QtBot, window: MainWindow) -> None:
    search = SearchSettings(Algorithm.ALPHABETA, depth=3, ordering=Ordering.STATIC)
    window.new_game(PlayConfig(game="connect4", seats=Seats.TWO_AIS, search=search))
    qtbot.waitUntil(lambda: len(window.match.plies) >= 3, timeout=TIMEOUT_MS)
    window.set_paused(True)
    first, second = window.move_recordings[1], window.move_recordings[2]
    assert first is not second
    item = window.history.item(0)
    window.history.itemClicked.emit(item)
    assert window.tree_panel.recording is first
    assert window.tree_panel.canvas.moment == first.event_count
    window.history.itemClicked.emit(window.history.item(1))
    assert window.tree_panel.recording is second


def test_kept_trees_stay_within_their_node_budget(qtbot: QtBot, window: MainWindow) -> None:
    class Fake:
        def __init__(self, nodes: int) -> None:
            self.node_count = nodes

    for number in range(1, 8):
        recording = Fake(KEPT_NODES // 3)
        window.kept.start((MOVE, number), "AI move", recording)  # type: ignore[arg-type]
        window.kept.finish(recording)  # type: ignore[arg-type]
    kept = window.move_recordings
    assert sum(r.node_count for r in kept.values()) <= KEPT_NODES
    assert list(kept) == [5, 6, 7]  # the newest stay
    # An analysis of the person's moves counts in the same budget.
    analysis = Fake(KEPT_NODES // 3)
    window.kept.start((ANALYSIS, 8), "Analysis", analysis)  # type: ignore[arg-type]
    window.kept.finish(analysis)  # type: ignore[arg-type]
    assert list(kept) == [6, 7]
    assert [key for key, _ in window.kept.entries()] == [(MOVE, 6), (MOVE, 7), (ANALYSIS, 8)]


def list_texts(window: MainWindow) -> list[str]:
    box = window.tree_panel.search_box
    return [box.itemText(i) for i in range(box.count())]


def choose(window: MainWindow, text: str) -> None:
    """Choose a search in the tree dock's list, as a click on it does."""
    box = window.tree_panel.search_box
    index = box.findText(text)
    assert index >= 0, list_texts(window)
    box.setCurrentIndex(index)
    box.activated.emit(index)


def test_move_values_are_searched_beside_the_ai_tree_and_listed_as_a_search_of_their_own(
    qtbot: QtBot, window: MainWindow
) -> None:
    # Show move values used to replace the AI's tree in the dock, without a word.
    search = SearchSettings(Algorithm.ALPHABETA, depth=3, ordering=Ordering.STATIC)
    window.new_game(PlayConfig(game="connect4", seats=Seats.HUMAN_SECOND, search=search))
    board = window.board
    assert board is not None
    qtbot.waitUntil(lambda: board.interactive, timeout=TIMEOUT_MS)
    ai = window.move_recordings[1]
    panel = window.tree_panel
    assert panel.recording is ai
    assert list_texts(window) == ["AI move for Red (move 1)"]
    window.act_values.trigger()
    assert list_texts(window) == [
        "AI move for Red (move 1)",
        "Analysis of your moves (move 2) (searching…)",
    ]
    qtbot.waitUntil(lambda: bool(board.move_values), timeout=TIMEOUT_MS)
    assert panel.recording is ai  # still the AI's tree
    assert list_texts(window) == ["AI move for Red (move 1)", "Analysis of your moves (move 2)"]
    assert panel.search_box.currentText() == "AI move for Red (move 1)"
    assert "list of searches" in window.statusBar().currentMessage()

    choose(window, "Analysis of your moves (move 2)")
    analysis = panel.recording
    assert analysis is not None and analysis is not ai
    assert panel.moment == analysis.event_count  # the whole search, finished
    assert analysis.result is not None and analysis.result.settings.exact_root_values
    choose(window, "AI move for Red (move 1)")
    assert panel.recording is ai

    # The person moves: the AI's next search grows in the dock, and the values of the
    # person's next moves are searched beside it.
    window.session.human_move(3)
    qtbot.waitUntil(lambda: board.interactive and not window.controller.busy, timeout=TIMEOUT_MS)
    assert panel.recording is window.move_recordings[3]
    assert list_texts(window) == [
        "AI move for Red (move 1)",
        "Analysis of your moves (move 2)",
        "AI move for Red (move 3)",
        "Analysis of your moves (move 4)",
    ]
    # Undo forgets what came after the position on the board again; its own analysis
    # stays (searched again, as the values are still asked for).
    window.undo()
    assert panel.recording is ai  # not the tree of the move taken back
    qtbot.waitUntil(lambda: not window.controller.busy, timeout=TIMEOUT_MS)
    assert list_texts(window) == ["AI move for Red (move 1)", "Analysis of your moves (move 2)"]
    assert panel.search_box.currentText() == "AI move for Red (move 1)"


def test_move_values_with_no_tree_shown_grow_in_the_dock(qtbot: QtBot, window: MainWindow) -> None:
    window.new_game(PlayConfig(game="tictactoe", seats=Seats.HUMAN_FIRST))
    board = window.board
    assert board is not None and window.tree_panel.shown is None
    window.act_values.trigger()
    assert window.tree_panel.shown is not None  # nothing hidden: it shows at once
    qtbot.waitUntil(lambda: bool(board.move_values), timeout=TIMEOUT_MS)
    assert window.tree_panel.search_box.currentText() == "Analysis of your moves (move 1)"


def test_fifty_searches_in_a_row_do_not_grow_memory_without_bound(
    qtbot: QtBot, window: MainWindow
) -> None:
    search = SearchSettings(Algorithm.ALPHABETA)  # about 18,000 nodes recorded each time
    config = PlayConfig(game="tictactoe", seats=Seats.HUMAN_SECOND, search=search)
    sizes = []
    for number in range(50):
        window.new_game(config)
        qtbot.waitUntil(lambda: len(window.match.plies) == 1, timeout=TIMEOUT_MS)
        assert window.tree_panel.recording is not None
        if number in (9, 49):
            gc.collect()
            qtbot.wait(50)
            sizes.append(rss_mb())
    # Forty more searches after the first ten: the memory stays where it was.
    assert sizes[1] - sizes[0] < 40, sizes
    # Each opened folded (too big to read whole): the folded view's memory is measured.
    assert window.tree_panel.canvas.folds_active
    assert window.board is not None and window.board.interactive  # still playable


def test_after_a_search_the_log_slider_minimap_and_statistics_show_its_end_exactly(
    qtbot: QtBot, window: MainWindow
) -> None:
    """They update at their own rates while the search streams; its end is exact."""
    search = SearchSettings(Algorithm.ALPHABETA, depth=7)  # a second or two: many batches
    window.tree_panel.tabs.setCurrentWidget(window.tree_panel.log)  # the list of steps
    window.new_game(PlayConfig(game="connect4", seats=Seats.HUMAN_SECOND, search=search))
    panel = window.tree_panel
    recording = panel.recording
    assert recording is not None
    qtbot.waitUntil(lambda: len(window.match.plies) == 1, timeout=TIMEOUT_MS)
    end = recording.event_count
    assert panel.moment == end
    assert panel.log.log_model.rowCount() == end
    bar = panel.replay_bar
    assert bar.moment_slider.maximum() == bar.moment_slider.value() == end
    assert bar.moment_label.text() == f"event {end:,} of {end:,}"
    qtbot.waitUntil(lambda: panel.minimap.shown_moment == end)
    assert window.stats.text("nodes") == f"{recording.result.stats.nodes:,}"
    assert window.progress_label.text().startswith("searched:")
    # The game's search line is the game's: Trees and Practise do not show it as theirs.
    for mode, shown in (("trees", False), ("exercise", False), ("play", True)):
        window.set_mode(mode)
        assert window.progress_label.isVisible() == shown, mode
    assert window.progress_label.text().startswith("searched:")
