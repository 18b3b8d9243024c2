"""The engine process, driven as the window drives it (no Qt): searches, recordings
sent in chunks, cancels, crashes and restarts. Every process is checked with the OS."""

from __future__ import annotations

import contextlib
import itertools
import os
import signal
from typing import Any

import pytest

from gamesearch_gui.core.games import ConnectFour
from gamesearch_gui.core.games import Pig
from gamesearch_gui.core.games import TicTacToe
from gamesearch_gui.core.narration.steps import describe_step
from gamesearch_gui.core.recording.depth_first import SearchRecording
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import StopReason
from gamesearch_gui.core.search import search
from gamesearch_gui.core.trees.file import load_tree
from gamesearch_gui.core.trees.tree import TreeGame
from gamesearch_gui.engine.client import EngineClient
from gamesearch_gui.engine.client import EngineError
from gamesearch_gui.engine.protocol import FAILED
from gamesearch_gui.engine.protocol import FINISHED
from gamesearch_gui.engine.protocol import PROGRESS
from gamesearch_gui.engine.protocol import Record
from gamesearch_gui.engine.protocol import Report
from tests.core.test_recording import assert_same_columns
from tests.processes import process_alive

_ids = itertools.count(1)


def run(
    engine: EngineClient, game: Any, state: Any, settings: SearchSettings, **kwargs: Any
) -> tuple[str, Any, list[Report]]:
    rid = next(_ids)
    engine.submit(rid, game, state, settings, **kwargs)
    reports: list[Report] = []
    for kind, report in engine.reports(rid, game):
        if kind == PROGRESS:
            assert isinstance(report, Report)
            reports.append(report)
        else:
            return kind, report, reports
    raise AssertionError("no end")


def test_a_search_in_the_engine_finds_what_it_finds_here(engine: EngineClient) -> None:
    game = TicTacToe()
    kind, report, _ = run(engine, game, game.initial_state(), SearchSettings(Algorithm.MINIMAX))
    assert kind == FINISHED and isinstance(report, Report) and report.result is not None
    here = search(game, game.initial_state(), SearchSettings(Algorithm.MINIMAX))
    assert report.result.value == here.value == 0
    assert report.result.stats.nodes == here.stats.nodes == 549_946
    assert engine.starts == 1 and engine.start_seconds > 0
    # The process stays for the next search.
    pid = engine.pid
    run(engine, game, game.initial_state(), SearchSettings())
    assert engine.pid == pid and engine.starts == 1


def test_a_recording_arrives_in_chunks_and_equals_one_made_here(engine: EngineClient) -> None:
    game = ConnectFour()
    settings = SearchSettings(Algorithm.ALPHABETA, depth=6)
    copy = SearchRecording(game)
    rid = next(_ids)
    engine.submit(rid, game, game.initial_state(), settings, record=Record.RECORDING)
    for kind, report in engine.reports(rid, game):
        assert isinstance(report, Report) and report.chunk is not None
        copy.apply_chunk(report.chunk)
        if kind == FINISHED:
            copy.finish(report.result)
    here = SearchRecording(game, depth_limit=settings.depth)  # as the engine makes it
    search(game, game.initial_state(), settings, listener=here)
    assert_same_columns(copy, here)
    assert describe_step(copy, copy.event_count - 1) == describe_step(here, here.event_count - 1)


def test_a_drawn_trees_states_cross_as_paths(engine: EngineClient) -> None:
    tree = load_tree("[[3,12,8],[2,4,6],[14,5,2]]", "figure")
    game = TreeGame(tree)
    copy = SearchRecording(game)
    rid = next(_ids)
    engine.submit(rid, game, tree.root.children[2], SearchSettings(), record=Record.RECORDING)
    for _, report in engine.reports(rid, game):
        assert isinstance(report, Report) and report.chunk is not None
        copy.apply_chunk(report.chunk)
    # The root state is this process's own node, not a copy of it.
    assert copy.state(0) is tree.root.children[2]
    assert copy.state(1) is tree.root.children[2].children[0]


def test_events_cross_as_objects_for_other_listeners(engine: EngineClient) -> None:
    game = TicTacToe()
    state = game.parse_position("XOX.O....")
    rid = next(_ids)
    engine.submit(rid, game, state, SearchSettings(), record=Record.EVENTS)
    events = []
    for _, report in engine.reports(rid, game):
        assert isinstance(report, Report)
        events.extend(report.events or [])
    here: list[Any] = []
    search(game, state, SearchSettings(), listener=here.append)
    assert events == here


def test_bad_settings_are_said_and_the_process_serves_on(engine: EngineClient) -> None:
    game = Pig(20)
    kind, message, _ = run(engine, game, game.initial_state(), SearchSettings(Algorithm.MINIMAX))
    assert kind == FAILED and "chance" in str(message)
    kind, _, _ = run(
        engine, game, game.initial_state(), SearchSettings(Algorithm.EXPECTIMINIMAX, depth=2)
    )
    assert kind == FINISHED and engine.starts == 1


def test_a_cancel_stops_the_search_and_says_how_far_it_got(engine: EngineClient) -> None:
    game = ConnectFour()
    rid = next(_ids)
    engine.submit(rid, game, game.initial_state(), SearchSettings(depth=12))
    for kind, report in engine.reports(rid, game, cancelled=lambda: True):
        if kind == PROGRESS:
            engine.cancel(rid)
            continue
        assert kind == FINISHED and isinstance(report, Report) and report.result is not None
        assert report.result.stop_reason is StopReason.CANCELLED
    assert engine.alive


def test_a_killed_engine_is_an_error_and_the_next_search_starts_a_new_one(
    engine: EngineClient,
) -> None:
    game = ConnectFour()
    rid = next(_ids)
    engine.submit(rid, game, game.initial_state(), SearchSettings(depth=12))
    pid = engine.pid
    assert pid is not None
    with pytest.raises(EngineError, match="killed by SIGKILL"):
        for _ in engine.reports(rid, game):
            os.kill(pid, signal.SIGKILL)
    assert not process_alive(pid) and not engine.alive
    kind, _, _ = run(engine, game, game.initial_state(), SearchSettings(depth=2))
    assert kind == FINISHED and engine.starts == 2


def test_a_search_that_will_not_stop_is_ended(engine: EngineClient) -> None:
    """A hang (here: the process stopped with SIGSTOP) after a cancel is ended, not
    waited on forever (tests/engine/test_heartbeat.py has every kind of hang)."""
    game = ConnectFour()
    rid = next(_ids)
    engine.submit(rid, game, game.initial_state(), SearchSettings(depth=12))
    pid = engine.pid
    assert pid is not None
    os.kill(pid, signal.SIGSTOP)
    engine.cancel(rid)
    with pytest.raises(EngineError, match=r"was stopped \(by SIGSTOP"):
        for _ in engine.reports(rid, game, cancelled=lambda: True):
            pass
    assert not process_alive(pid)


def _pipes() -> int:
    """Pipes and sockets this process holds open (shared memory's arenas, which
    multiprocessing keeps for its next blocks, are not counted)."""
    held = 0
    for fd in os.listdir(f"/proc/{os.getpid()}/fd"):
        with contextlib.suppress(OSError):
            held += os.readlink(f"/proc/{os.getpid()}/fd/{fd}").startswith(("pipe:", "socket:"))
    return held


def test_a_hundred_starts_and_cancels_leave_nothing_behind() -> None:
    from multiprocessing import resource_tracker

    resource_tracker.ensure_running()  # its pipe lives as long as this process
    game = ConnectFour()
    fds = _pipes()
    pids = set()
    for _ in range(10):
        client = EngineClient()
        for _ in range(10):
            rid = next(_ids)
            client.submit(rid, game, game.initial_state(), SearchSettings(depth=10))
            client.cancel(rid)
            for _kind, _report in client.reports(rid, game, cancelled=lambda: True):
                pass
        pids.add(client.pid)
        client.close()
    assert not any(process_alive(pid) for pid in pids if pid is not None)
    assert _pipes() <= fds  # no pipe left open (the output's among them)


def test_the_engine_process_loads_no_qt(engine: EngineClient) -> None:
    """The process the window starts runs the search and nothing of Qt."""
    game = TicTacToe()
    run(engine, game, game.initial_state(), SearchSettings(depth=1))
    pid = engine.pid
    assert pid is not None
    with open(f"/proc/{pid}/maps") as maps:
        libraries = maps.read()
    assert "Qt6" not in libraries and "shiboken" not in libraries


def test_a_call_runs_in_the_engine_and_its_errors_read_as_sentences(
    engine: EngineClient,
) -> None:
    from gamesearch_gui.core.compare import compare
    from gamesearch_gui.core.trees.examples import example
    from gamesearch_gui.core.trees.tree import CustomTree
    from gamesearch_gui.core.trees.tree import leaf
    from gamesearch_gui.engine.client import CallFailed

    tree = example("figure-5-2").tree()
    rows = engine.call(next(_ids), "compare", tree)
    assert rows == compare(tree)
    leaf = CustomTree("just a leaf", leaf(3))
    with pytest.raises(CallFailed, match="the root is a leaf"):
        engine.call(next(_ids), "compare", leaf)
    with pytest.raises(CallFailed, match=r"no call named 'os\.system'"):
        engine.call(next(_ids), "os.system", "true")
    # The engine serves on after a failed call.
    assert engine.call(next(_ids), "compare", tree) == rows


def test_an_mcts_cancelled_through_the_engine_answers_with_its_most_visited_move(
    engine: EngineClient,
) -> None:
    """Cancel and "move now" as the window sends them: the search stops, its answer is
    the move tried most so far, and the engine is idle for the next search. (How soon:
    benchmarks/bench_mcts.py, the cancel part.)"""
    from gamesearch_gui.core.search.mcts import MAX_ITERATIONS

    game = ConnectFour()
    rid = next(_ids)
    settings = SearchSettings(Algorithm.MCTS, iterations=MAX_ITERATIONS)  # hours
    engine.submit(rid, game, game.initial_state(), settings)
    reports = 0
    for kind, report in engine.reports(rid, game, cancelled=lambda: True):
        if kind == PROGRESS:
            reports += 1
            engine.cancel(rid)
            continue
        assert kind == FINISHED and isinstance(report, Report) and report.result is not None
        result = report.result
    assert reports >= 1
    assert result.stop_reason is StopReason.CANCELLED and not result.complete
    assert 1 <= result.stats.iterations < MAX_ITERATIONS
    most = max(root.visits or 0 for root in result.root_moves)
    chosen = next(root for root in result.root_moves if root.move == result.best_move)
    assert chosen.visits == most
    assert sum(root.visits or 0 for root in result.root_moves) == result.stats.iterations
    # Idle again: the next search is answered by the same process.
    pid = engine.pid
    kind, report, _ = run(engine, game, game.initial_state(), SearchSettings(depth=2))
    assert kind == FINISHED and engine.pid == pid and engine.starts == 1


def test_compare_mcts_in_the_engine_is_what_it_is_here(engine: EngineClient) -> None:
    from gamesearch_gui.core.compare import compare_mcts

    game = TicTacToe()
    state = game.parse_position("XO.XO....")
    mcts = SearchSettings(Algorithm.MCTS, iterations=500, seed=3)
    there = engine.call(next(_ids), "compare_mcts", game, state, mcts, None)
    here = compare_mcts(game, state, mcts)
    assert there.moves == here.moves and there.mcts.best_move == here.mcts.best_move
    assert there.minimax.value == here.minimax.value == 1
