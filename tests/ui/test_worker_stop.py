"""Stopping an engine thread: one bounded path, and it says so when it must wait.

The engines here are stand-ins: a thread blocked on one waits as a thread reading a
real engine's pipe does, until the process ends (``kill``) or answers the cancel.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import QThread
from pytestqt.qtbot import QtBot

from gamesearch_gui.core.games import TicTacToe
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.ui import worker
from gamesearch_gui.ui.worker import SearchController
from gamesearch_gui.ui.worker import SearchRequest
from gamesearch_gui.ui.worker import stop_engine_thread


class _Engine:
    """An engine process that answers a cancel or not, and whose end ends every read."""

    def __init__(self, *, answers_cancel: bool, kills_missed: int = 0) -> None:
        self.answers_cancel = answers_cancel
        self.ended = threading.Event()
        self.calls: list[Any] = []
        #: How many kills came while its process was still starting (and missed it).
        self.kills_missed = kills_missed
        self.kills = 0

    def cancel(self, request_id: int) -> None:
        self.calls.append(("cancel", request_id))
        if self.answers_cancel:
            self.ended.set()

    def kill(self) -> None:
        self.kills += 1
        if self.calls[-1:] != ["kill"]:  # a kill repeated while it waits: said once
            self.calls.append("kill")
        if self.kills > self.kills_missed:
            self.ended.set()

    def close(self) -> None:
        self.calls.append("close")
        self.ended.set()

    @property
    def alive(self) -> bool:
        """A process runs (one that was still starting when a kill missed it, too)."""
        return not self.ended.is_set()

    # What the search worker asks of it.
    def submit(self, *args: Any, **kwargs: Any) -> None:
        self.calls.append("submit")

    def reports(self, *args: Any, **kwargs: Any) -> Iterator[Any]:
        self.ended.wait()  # a read of the pipe: it ends when the process does
        return iter(())


class _Reader(QThread):
    """A thread that waits on its engine, and perhaps on more (``stuck``)."""

    def __init__(self, engine: _Engine, stuck: threading.Event | None = None) -> None:
        super().__init__()
        self.engine = engine
        self.stuck = stuck
        self.reading = threading.Event()

    def run(self) -> None:
        self.reading.set()
        self.engine.ended.wait()
        if self.stuck is not None:
            self.stuck.wait()


@pytest.fixture
def short_waits(monkeypatch: pytest.MonkeyPatch) -> None:
    """Waits of a twentieth of a second, so that a test of the kill is quick (what the
    tests assert is what happened, never how long it took)."""
    monkeypatch.setattr(worker, "SHUTDOWN_WAIT_MS", 50)
    monkeypatch.setattr(worker, "KILLED_WAIT_MS", 50)


def _started(thread: _Reader) -> _Reader:
    thread.start()
    assert thread.reading.wait(60)
    return thread


@pytest.mark.parametrize(
    ("answers_cancel", "at_once", "calls"),
    [
        # A thread that answers its cancel stops quietly.
        (True, False, [("cancel", 7), "close"]),
        # A dialog closing: its answer is no longer wanted, so no cancel is waited for (a
        # process still starting could not see one): the engine is ended first.
        (False, True, ["kill", "close"]),
    ],
)
def test_a_thread_stops_quietly_when_it_answers_its_cancel_or_is_not_asked_to(
    qtbot: QtBot,
    caplog: pytest.LogCaptureFixture,
    answers_cancel: bool,
    at_once: bool,
    calls: list[Any],
) -> None:
    engine = _Engine(answers_cancel=answers_cancel)
    thread = _started(_Reader(engine))
    with caplog.at_level(logging.WARNING, logger=worker.__name__):
        assert stop_engine_thread(thread, engine, 7, at_once=at_once)  # type: ignore[arg-type]
    assert engine.calls == calls
    assert thread.isFinished()
    assert not caplog.records


def test_a_thread_that_ignores_its_cancel_has_its_engine_ended_and_says_so(
    qtbot: QtBot, caplog: pytest.LogCaptureFixture, short_waits: None
) -> None:
    engine = _Engine(answers_cancel=False)
    thread = _started(_Reader(engine))
    thread.setObjectName("export thread")
    with caplog.at_level(logging.WARNING, logger=worker.__name__):
        assert stop_engine_thread(thread, engine, 7)  # type: ignore[arg-type]
    assert engine.calls == [("cancel", 7), "kill", "close"]
    assert thread.isFinished()
    [record] = caplog.records
    assert record.levelno == logging.WARNING
    assert "export thread did not stop" in record.getMessage()
    assert "ending its engine process" in record.getMessage()


@pytest.mark.parametrize(
    ("at_once", "calls", "levels"),
    [
        (False, [("cancel", 3), "kill", "close"], [logging.WARNING, logging.ERROR]),
        # Ended at once: no cancel, so nothing is said of one; the one wait is bounded.
        (True, ["kill", "close"], [logging.ERROR]),
    ],
)
def test_the_wait_after_the_kill_is_bounded_and_says_so(
    qtbot: QtBot,
    caplog: pytest.LogCaptureFixture,
    short_waits: None,
    at_once: bool,
    calls: list[Any],
    levels: list[int],
) -> None:
    engine = _Engine(answers_cancel=False)
    stuck = threading.Event()
    thread = _started(_Reader(engine, stuck))
    try:
        with caplog.at_level(logging.WARNING, logger=worker.__name__):
            assert not stop_engine_thread(thread, engine, 3, at_once=at_once)  # type: ignore[arg-type]
        assert engine.calls == calls
        assert [r.levelno for r in caplog.records] == levels
        assert "did not stop within" in caplog.records[-1].getMessage()
        assert "its cancel" not in caplog.records[-1].getMessage()
        assert thread.isRunning()  # returned while the thread still ran: bounded
    finally:
        stuck.set()
        assert thread.wait(60_000)


@pytest.mark.parametrize("at_once", [False, True])
def test_a_process_still_starting_when_it_was_ended_is_ended_once_it_has_started(
    qtbot: QtBot, caplog: pytest.LogCaptureFixture, at_once: bool
) -> None:
    # The thread was starting its process when the kill came: the kill found none, and
    # the thread would wait for the process to boot and answer. The kill comes again.
    engine = _Engine(answers_cancel=False, kills_missed=1)
    thread = _started(_Reader(engine))
    with caplog.at_level(logging.ERROR, logger=worker.__name__):
        assert stop_engine_thread(thread, engine, 7, at_once=at_once)  # type: ignore[arg-type]
    assert engine.kills >= 2 and engine.calls[-2:] == ["kill", "close"]
    assert thread.isFinished() and not caplog.records


def test_the_search_controller_shuts_down_at_once_without_waiting_for_a_cancel(
    qtbot: QtBot, caplog: pytest.LogCaptureFixture, short_waits: None
) -> None:
    controller = SearchController()
    real_engine = controller.engine
    engine = _Engine(answers_cancel=False)
    controller.engine = controller._worker.engine = engine  # type: ignore[assignment]
    try:
        game = TicTacToe()
        controller.start(SearchRequest(game, game.initial_state(), SearchSettings(depth=3)))
        qtbot.waitUntil(lambda: "submit" in engine.calls, timeout=60_000)
        with caplog.at_level(logging.WARNING, logger=worker.__name__):
            controller.shutdown()
        # Ended at once: no wait for a cancel the process does not answer, so no warning.
        assert engine.calls[-2:] == ["kill", "close"]
        assert controller._thread.isFinished()
        assert not caplog.records
    finally:
        real_engine.close()
