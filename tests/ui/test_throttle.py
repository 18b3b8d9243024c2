"""The one rate limiter, and the statistics that use it: at their own rate, only while
visible, and exactly at the end. (The tree panel's parts: tests/ui/test_tree_panel.py.)"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from gamesearch_gui.core.search import SearchProgress
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.ui.stats_panel import StatsPanel
from gamesearch_gui.ui.throttle import RateLimiter


@pytest.fixture
def widget(qtbot: QtBot) -> Iterator[QWidget]:
    made = QWidget()
    qtbot.addWidget(made)
    made.show()
    qtbot.waitExposed(made)
    yield made


def test_requests_run_at_once_then_merge_into_one_run_per_interval(
    qtbot: QtBot, widget: QWidget
) -> None:
    runs: list[int] = []
    limiter = RateLimiter(widget, 20, lambda: runs.append(len(runs)))
    limiter.request()
    assert runs == [0]  # the first request after a quiet spell answers at once
    for _ in range(50):
        limiter.request()
    assert runs == [0] and limiter.pending
    qtbot.waitUntil(lambda: len(runs) == 2)  # the fifty make one run, at the interval's end
    assert not limiter.pending
    qtbot.wait(120)
    assert len(runs) == 2  # nothing more was asked for


def test_flush_runs_now_and_cancel_forgets(qtbot: QtBot, widget: QWidget) -> None:
    runs: list[str] = []
    limiter = RateLimiter(widget, 1, lambda: runs.append("run"))
    limiter.request()
    limiter.request()
    limiter.flush()
    assert runs == ["run", "run"] and not limiter.pending
    limiter.request()
    limiter.cancel()
    qtbot.wait(50)
    assert runs == ["run", "run"] and not limiter.pending


def test_a_hidden_widget_does_no_work_and_catches_up_once_shown(
    qtbot: QtBot, widget: QWidget
) -> None:
    runs: list[str] = []
    child = QWidget(widget)  # hidden with its parent, as a part of a closed dock is
    child.show()
    limiter = RateLimiter(child, 1000, lambda: runs.append("run"))
    widget.hide()
    for _ in range(10):
        limiter.request()
    limiter.flush()
    qtbot.wait(30)
    assert runs == [] and limiter.pending
    widget.show()
    qtbot.waitUntil(lambda: runs == ["run"])
    assert not limiter.pending


def _progress(nodes: int) -> SearchProgress:
    return SearchProgress(nodes=nodes, depth=3, max_depth=3, seconds=nodes / 1000)


def test_the_statistics_show_progress_at_their_rate_and_only_when_visible(
    qtbot: QtBot,
) -> None:
    stats = StatsPanel()
    qtbot.addWidget(stats)
    stats.show()
    qtbot.waitExposed(stats)
    stats.show_started("AI", SearchSettings())
    for nodes in range(1, 31):  # thirty batches at once: one update now, one at the end
        stats.show_progress(_progress(nodes))
    assert stats.text("nodes") == "1"
    qtbot.waitUntil(lambda: stats.text("nodes") == "30")
    stats.hide()
    for nodes in range(31, 61):
        stats.show_progress(_progress(nodes))
    qtbot.wait(300)  # past its interval: still nothing done while hidden
    assert stats.text("nodes") == "30"
    stats.show()
    qtbot.waitUntil(lambda: stats.text("nodes") == "60")
    # A search's result is final: a progress still due must not overwrite it.
    stats.show_progress(_progress(61))
    stats.show_progress(_progress(62))
    stats.show_stopped("cancelled")
    qtbot.wait(300)
    assert stats.text("nodes") in ("60", "61") and stats.text("status") == "cancelled"
