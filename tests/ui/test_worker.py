"""The search worker: results arrive, cancels drop late events, the thread stops cleanly."""

from __future__ import annotations

import threading
from typing import Any

from pytestqt.qtbot import QtBot

from gamesearch_gui.core.games import ConnectFour
from gamesearch_gui.core.games import Pig
from gamesearch_gui.core.games import TicTacToe
from gamesearch_gui.core.recording.events import NodeEntered
from gamesearch_gui.core.recording.events import NodeValued
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import StopReason
from gamesearch_gui.ui.worker import SearchController
from gamesearch_gui.ui.worker import SearchRequest

DEEP = SearchSettings(depth=14)  # hours of search: only a cancel ends it


def test_a_search_runs_on_the_worker_and_reports_its_result(qtbot: QtBot) -> None:
    search = SearchController()
    try:
        game = TicTacToe()
        request = SearchRequest(game, game.initial_state(), SearchSettings(Algorithm.ALPHABETA))
        with qtbot.waitSignal(search.finished, timeout=20_000) as blocker:
            search.start(request)
        done_request, result = blocker.args
        assert done_request is request
        assert result.value == 0 and result.complete
        assert not search.busy
    finally:
        search.shutdown()


def test_events_arrive_in_batches_and_complete(qtbot: QtBot) -> None:
    search = SearchController()
    batches: list[list[Any]] = []
    search.eventsReady.connect(batches.append)
    try:
        game = TicTacToe()
        request = SearchRequest(
            game, game.initial_state(), SearchSettings(Algorithm.MINIMAX), record_events=True
        )
        with qtbot.waitSignal(search.finished, timeout=60_000) as blocker:
            search.start(request)
        result = blocker.args[1]
        events = [e for batch in batches for e in batch]
        entered = sum(isinstance(e, NodeEntered) for e in events)
        valued = sum(isinstance(e, NodeValued) for e in events)
        assert entered == valued == result.stats.nodes == 549_946
        # Batches, not a signal per node.
        assert len(batches) < result.stats.nodes / 100
    finally:
        search.shutdown()


def test_cancel_drops_the_search_and_its_late_reports(qtbot: QtBot) -> None:
    search = SearchController()
    seen: list[object] = []
    search.finished.connect(lambda *args: seen.append(args))
    search.eventsReady.connect(seen.append)
    try:
        game = ConnectFour()
        request = search.start(SearchRequest(game, game.initial_state(), DEEP, record_events=True))
        qtbot.waitUntil(lambda: bool(seen), timeout=10_000)  # events are flowing
        search.cancel()
        assert not search.busy
        seen.clear()
        qtbot.wait(300)
        assert seen == []
        assert request.cancel.cancelled
    finally:
        search.shutdown()


def test_move_now_delivers_the_best_move_so_far(qtbot: QtBot) -> None:
    search = SearchController()
    progress: list[object] = []
    search.progress.connect(progress.append)
    try:
        game = ConnectFour()
        deepening = SearchSettings(depth=14, time_budget=3600.0)
        with qtbot.waitSignal(search.finished, timeout=20_000) as blocker:
            search.start(SearchRequest(game, game.initial_state(), deepening))
            qtbot.waitUntil(lambda: len(progress) >= 2, timeout=10_000)
            search.move_now()
        result = blocker.args[1]
        assert result.stop_reason is StopReason.CANCELLED
        assert result.best_move in game.actions(game.initial_state())
    finally:
        search.shutdown()


class GatedTicTacToe(TicTacToe):
    """Tic-tac-toe whose search waits at its first node until the gate opens."""

    def __init__(self, gate: threading.Event) -> None:
        super().__init__()
        self.gate = gate

    def actions(self, state: Any) -> Any:
        self.gate.wait(20)
        return super().actions(state)


def test_move_now_before_the_worker_takes_the_search_still_answers(qtbot: QtBot) -> None:
    # Found by the action sweep: "Move now" pressed while the AI's search still waited
    # in the worker's queue set its cancel flag, the worker dropped the search unseen,
    # and the window waited for an answer for ever.
    search = SearchController()
    gate = threading.Event()
    try:
        busy = GatedTicTacToe(gate)
        search.start(SearchRequest(busy, busy.initial_state(), SearchSettings()))  # held
        game = TicTacToe()
        request = search.start(SearchRequest(game, game.initial_state(), DEEP))  # queued
        search.move_now()
        with qtbot.waitSignal(search.finished, timeout=20_000) as blocker:
            gate.set()
        done_request, result = blocker.args
        assert done_request is request and not search.busy
        assert result.stop_reason is StopReason.CANCELLED
    finally:
        gate.set()
        search.shutdown()


def test_hundred_start_cancel_cycles_leave_no_hang(qtbot: QtBot) -> None:
    search = SearchController()
    try:
        game = ConnectFour()
        for i in range(100):
            search.start(SearchRequest(game, game.initial_state(), DEEP, record_events=i % 2 == 0))
            if i % 10 == 0:
                qtbot.wait(5)
            search.cancel()
        game = TicTacToe()
        with qtbot.waitSignal(search.finished, timeout=20_000) as blocker:
            search.start(SearchRequest(game, game.parse_position("XO.X.O..."), SearchSettings()))
        assert blocker.args[1].complete
    finally:
        search.shutdown()
    assert not search._thread.isRunning()


def test_shutdown_mid_search_stops_the_thread(qtbot: QtBot) -> None:
    search = SearchController()
    game = ConnectFour()
    search.start(SearchRequest(game, game.initial_state(), DEEP))
    qtbot.wait(50)
    search.shutdown()
    assert not search._thread.isRunning()


def test_bad_settings_fail_with_a_message_not_a_crash(qtbot: QtBot) -> None:
    search = SearchController()
    try:
        game = Pig(20)
        with qtbot.waitSignal(search.failed, timeout=10_000) as blocker:
            search.start(
                SearchRequest(game, game.initial_state(), SearchSettings(Algorithm.ALPHABETA))
            )
        assert "chance" in blocker.args[1]
    finally:
        search.shutdown()
