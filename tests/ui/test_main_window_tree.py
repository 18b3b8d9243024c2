"""The search tree dock of the main window: live trees, reopened trees, bounded memory."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, QTimer
from pytestqt.qtbot import QtBot

from gamesearch_gui.core.search import Algorithm, Ordering, SearchSettings
from gamesearch_gui.ui.main_window import KEPT_NODES, MainWindow
from gamesearch_gui.ui.play_config import PlayConfig, Seats

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
        window._keep_recording(number, Fake(KEPT_NODES // 3))  # type: ignore[arg-type]
    kept = window.move_recordings
    assert sum(r.node_count for r in kept.values()) <= KEPT_NODES
    assert list(kept) == [5, 6, 7]  # the newest stay


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
