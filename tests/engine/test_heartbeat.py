"""The heartbeat and the watchdog (engine/heartbeat.py): an engine process that hangs
(held stopped, deadlocked, deaf to a cancel, silent) is ended and said in the words of
engine/failure.py, and one that is only slow or starved is left to work.

The rules are tested twice: as a :class:`Judge` over made-up histories (every delay
exact, nothing timed), and on real engine processes with the patience shortened."""

from __future__ import annotations

import itertools
import os
import resource
import signal
import threading
import time
from collections.abc import Iterable
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest

from gamesearch_gui.core.games import ConnectFour
from gamesearch_gui.core.games import TicTacToe
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.engine import heartbeat
from gamesearch_gui.engine.client import EngineClient
from gamesearch_gui.engine.client import EngineError
from gamesearch_gui.engine.failure import OUT_OF_MEMORY_EXIT
from gamesearch_gui.engine.failure import Fault
from gamesearch_gui.engine.failure import FaultKind
from gamesearch_gui.engine.failure import death
from gamesearch_gui.engine.heartbeat import Judge
from gamesearch_gui.engine.heartbeat import Patience
from gamesearch_gui.engine.heartbeat import Sample
from gamesearch_gui.engine.protocol import FINISHED
from gamesearch_gui.engine.protocol import PROGRESS
from tests.busy import busy_loops
from tests.engine.stuck_games import Deadlocked
from tests.engine.stuck_games import Spinning
from tests.processes import process_alive

_ids = itertools.count(1)

PATIENCE = Patience(stopped=2.0, idle=10.0, cancel_cpu=2.0, cancel_wall=20.0, silent=30.0)
#: Short delays for the tests on real processes (users keep heartbeat.PATIENCE's).
QUICK = Patience(stopped=0.3, idle=1.5, cancel_cpu=0.5, cancel_wall=10.0, silent=1.5)


# -- the rules, over made-up histories -------------------------------------------------


def first_fault(
    judge: Judge, looks: Iterable[tuple[float, Sample]]
) -> tuple[float, Fault] | tuple[None, None]:
    """When the judge first finds a fault in ``looks`` (time, sample), and which."""
    for now, sample in looks:
        fault = judge.judge(now, sample)
        if fault is not None:
            return now, fault
    return None, None


def every(
    seconds: float, state: str | None, cpu_per_s: float = 0.0, *, start: float = 0.0
) -> Iterator[tuple[float, Sample]]:
    """A look every 0.1 s for ``seconds``: the system says ``state``, and the CPU
    seconds grow by ``cpu_per_s`` a second; the heartbeat beats at each look."""
    for i in range(1, round(seconds * 10) + 1):
        now = start + i / 10
        cpu = None if state is None else 1.0 + cpu_per_s * (now - start)
        yield now, Sample(state, cpu, float(i), 1.0 + cpu_per_s * (now - start))


def test_a_process_held_stopped_is_ended_once_its_patience_has_passed() -> None:
    when, fault = first_fault(Judge(PATIENCE, 0.0), every(60, "T"))
    assert fault == Fault(FaultKind.STOPPED, seconds=pytest.approx(2.0))
    assert when is not None and 2.0 <= when < 2.3
    when, fault = first_fault(Judge(PATIENCE, 0.0), every(60, "t"))  # a debugger's hold
    assert fault is not None and fault.kind is FaultKind.STOPPED


def test_a_moment_stopped_is_not_a_fault() -> None:
    """Stopped and continued, as a process group is by Ctrl+Z and fg: only a stop held
    for the whole patience counts."""
    judge = Judge(PATIENCE, 0.0)
    history = []
    for now, sample in every(120, "R", cpu_per_s=1.0):
        stopped = int(now * 10) % 30 < 19  # 1.9 s stopped, 1.1 s running, and again
        history.append((now, Sample("T" if stopped else "R", sample.cpu, sample.beats, 0)))
    assert first_fault(judge, history) == (None, None)


def test_a_process_that_uses_no_cpu_while_waited_for_hung() -> None:
    when, fault = first_fault(Judge(PATIENCE, 0.0), every(60, "S"))
    assert fault is not None and fault.kind is FaultKind.HUNG
    assert when is not None and 10.0 <= when < 10.3


def test_a_working_or_starved_process_never_hangs() -> None:
    """A search that computes, however slowly (1 % of a CPU, on a machine as busy as it
    gets), or one that is runnable but gets no CPU at all for a while, is working."""
    assert first_fault(Judge(PATIENCE, 0.0), every(600, "S", cpu_per_s=0.01)) == (None, None)
    assert first_fault(Judge(PATIENCE, 0.0), every(600, "R")) == (None, None)
    assert first_fault(Judge(PATIENCE, 0.0), every(600, "D")) == (None, None)


def test_a_process_that_waits_for_the_caller_to_read_never_hangs() -> None:
    """It wrote, and the window reads slowly (starved, or busy painting): its words wait
    in the pipe, and the process waits for the window, not the other way round."""
    waiting = [(now, replace(sample, unread=True)) for now, sample in every(600, "S")]
    assert first_fault(Judge(PATIENCE, 0.0), waiting) == (None, None)
    blind = [(now, replace(sample, unread=True)) for now, sample in every(600, None)]
    silent = [(now, replace(sample, beats=7.0)) for now, sample in blind]
    assert first_fault(Judge(PATIENCE, 0.0), silent) == (None, None)


def test_a_call_under_a_cpu_limit_is_left_to_its_limit() -> None:
    """Code that waits in a limited call is the limit's wall-clock ceiling's to stop."""
    judge = Judge(PATIENCE, 0.0, limited=True)
    assert first_fault(judge, every(600, "S")) == (None, None)


def test_only_the_callers_waiting_counts() -> None:
    """The time the caller spends with a report (or a gap in the watchdog's own turns,
    as when the window itself was stopped) is not counted as the engine's."""
    judge = Judge(PATIENCE, 0.0)
    assert first_fault(judge, every(9, "S")) == (None, None)
    judge.resume(3600.0)  # an answer came, and the caller waited again an hour later
    assert first_fault(judge, every(9, "S", start=3600.0)) == (None, None)
    # A look an hour after the last counts as MAX_STEP, not as an hour.
    assert judge.judge(7200.0, Sample("S", 1.0, 0, 0)) is None
    when, fault = first_fault(judge, every(60, "S", start=7200.0))
    assert fault is not None and when is not None and when - 7200.0 < 0.3


def test_a_cancel_not_honoured_is_a_fault_after_its_cpu_seconds() -> None:
    judge = Judge(PATIENCE, 0.0)
    assert first_fault(judge, every(30, "R", cpu_per_s=1.0)) == (None, None)  # no cancel
    judge.cancel()
    when, fault = first_fault(judge, every(30, "R", cpu_per_s=1.0, start=30.0))
    assert fault is not None and fault.kind is FaultKind.IGNORED_CANCEL and fault.cpu
    assert fault.seconds == pytest.approx(2.0, abs=0.11)
    # Slowly (starved): the CPU seconds take longer to pass; the wall ceiling ends it.
    judge = Judge(PATIENCE, 0.0, limited=True)
    judge.cancel()
    when, fault = first_fault(judge, every(60, "R", cpu_per_s=0.01))
    assert fault is not None and fault.kind is FaultKind.IGNORED_CANCEL and not fault.cpu
    assert when is not None and 20.0 <= when < 20.3


def test_where_the_system_is_not_read_the_beats_carry_the_cpu() -> None:
    """macOS and Windows: the heartbeat's own CPU figures make the hang rule; no beat
    at all for the silent patience ends the process."""
    # Beats, but no CPU used between them: a deadlock.
    when, fault = first_fault(Judge(PATIENCE, 0.0), every(60, None))
    assert fault is not None and fault.kind is FaultKind.HUNG
    # Beats and CPU: working.
    assert first_fault(Judge(PATIENCE, 0.0), every(600, None, cpu_per_s=0.5)) == (None, None)
    # No beat: the hang rule's clock stands (the CPU is unknown); silence ends it.
    silent = ((i / 10, Sample(None, None, 7.0, 1.0)) for i in range(1, 601))
    when, fault = first_fault(Judge(PATIENCE, 0.0), silent)
    assert fault is not None and fault.kind is FaultKind.SILENT
    assert when is not None and 30.0 <= when < 30.3


def test_each_fault_is_one_sentence_that_says_what_comes_next() -> None:
    said = {
        FaultKind.KILLED: Fault(FaultKind.KILLED, signal=signal.SIGKILL).said(),
        FaultKind.EXITED: death(1).said(),
        FaultKind.OUT_OF_MEMORY: death(OUT_OF_MEMORY_EXIT).said(),
        FaultKind.STOPPED: Fault(FaultKind.STOPPED, seconds=2.04).said(),
        FaultKind.HUNG: Fault(FaultKind.HUNG, seconds=10.0).said(),
        FaultKind.SILENT: Fault(FaultKind.SILENT, seconds=30.0).said(),
        FaultKind.IGNORED_CANCEL: Fault(FaultKind.IGNORED_CANCEL, seconds=2.0, cpu=True).said(),
        FaultKind.UNREACHABLE: Fault(FaultKind.UNREACHABLE, detail="EOF").said(),
    }
    assert set(said) == set(FaultKind)
    for kind, sentence in said.items():
        assert sentence.startswith("the engine process "), kind
        assert sentence.endswith("a new one starts for the next request"), kind
        assert "\n" not in sentence and "Errno" not in sentence
    assert "killed by SIGKILL" in said[FaultKind.KILLED] and "memory" in said[FaultKind.KILLED]
    assert death(-signal.SIGSEGV).said().startswith("the engine process crashed (SIGSEGV)")
    assert "exit status 1" in said[FaultKind.EXITED]
    assert "ran out of memory" in said[FaultKind.OUT_OF_MEMORY]
    assert "SIGSTOP" in said[FaultKind.STOPPED] and "2.0 s" in said[FaultKind.STOPPED]
    assert "no CPU for 10 s" in said[FaultKind.HUNG]
    assert "2.0 s of CPU" in said[FaultKind.IGNORED_CANCEL]


# -- the watchdog's thread ----------------------------------------------------------------


class _Held:
    """A process the system says is stopped, whose ``kill`` is noted."""

    pid = 4_000_000  # never read: the system's reading is given by the test

    def __init__(self) -> None:
        self.killed = threading.Event()

    def kill(self) -> None:
        self.killed.set()


class _Number:
    value = 0


def test_a_watchdog_held_while_its_caller_was_busy_watches_again_when_heard(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Its thread found the caller busy (``hold``) and slept until told; ``heard`` did
    not tell it, so a search stopped after that was never ended (CI, twice)."""
    monkeypatch.setattr(heartbeat, "read_process", lambda pid: ("T", 1.0))
    monkeypatch.setattr(heartbeat, "PATIENCE", QUICK)
    process = _Held()
    watchdog = heartbeat.Watchdog(process, [0.0, 0.0], _Number())
    try:
        watchdog.expect(1)
        watchdog.hold()  # a report being handled: the engine's time does not count
        time.sleep(0.5)  # the thread looks, finds the caller busy, and waits to be told
        assert not process.killed.is_set()
        watchdog.heard()  # the caller waits for the engine again
        assert process.killed.wait(30), "the watchdog slept through a stopped engine"
        assert watchdog.fault is not None and watchdog.fault.kind is FaultKind.STOPPED
    finally:
        watchdog.close()


# -- on real engine processes ----------------------------------------------------------


@pytest.fixture
def quick(monkeypatch: pytest.MonkeyPatch) -> Patience:
    monkeypatch.setattr(heartbeat, "PATIENCE", QUICK)
    return QUICK


@pytest.fixture
def engine() -> Iterator[EngineClient]:
    client = EngineClient("gamesearch-heartbeat-test")
    yield client
    pid = client.pid
    client.close()
    assert pid is None or not process_alive(pid)


def fault_of(
    engine: EngineClient, game: Any, settings: SearchSettings, **reports: Any
) -> Fault | None:
    """Run a search from ``game``'s start to its end; the engine's fault (its process
    ended, the message its sentence), or None when the search finished."""
    rid = next(_ids)
    engine.submit(rid, game, game.initial_state(), settings)
    try:
        for kind, _ in engine.reports(rid, game, **reports):
            if kind == FINISHED:
                return None
    except EngineError as error:
        assert error.fault is not None and str(error) == error.fault.said()
        assert not engine.alive
        return error.fault
    raise AssertionError("the search ended without an answer")


def stopped_mid_search(engine: EngineClient) -> Iterator[None]:
    """The reports of a long search; the engine is stopped once the first arrives."""
    game = ConnectFour()
    rid = next(_ids)
    engine.submit(rid, game, game.initial_state(), SearchSettings(depth=14))
    for kind, _ in engine.reports(rid, game):
        if kind == PROGRESS and engine.pid is not None:
            os.kill(engine.pid, signal.SIGSTOP)
        yield


def works_afresh(engine: EngineClient, before: int | None) -> None:
    """The next search is answered, by a new process; the old one is gone."""
    assert before is not None and not process_alive(before)
    assert fault_of(engine, TicTacToe(), SearchSettings(depth=2)) is None
    assert engine.pid not in (None, before)


def test_an_engine_stopped_mid_search_is_ended_and_the_next_search_runs(
    quick: Patience, engine: EngineClient
) -> None:
    """The play page's search, never cancelled: before, it waited for ever."""
    with pytest.raises(EngineError) as caught:
        for _ in stopped_mid_search(engine):
            before = engine.pid
    fault = caught.value.fault
    assert fault is not None and fault.kind is FaultKind.STOPPED
    assert str(caught.value).startswith("the engine process was stopped (by SIGSTOP")
    works_afresh(engine, before)
    assert engine.starts == 2


def test_an_engine_stopped_while_idle_is_ended_at_the_next_request(
    quick: Patience, engine: EngineClient
) -> None:
    """The editor's Solve after a stop between two searches: "Solving…" for ever."""
    game = TicTacToe()
    assert fault_of(engine, game, SearchSettings(depth=1)) is None
    before = engine.pid
    assert before is not None
    os.kill(before, signal.SIGSTOP)
    fault = fault_of(engine, game, SearchSettings(depth=2))
    assert fault is not None and fault.kind is FaultKind.STOPPED
    works_afresh(engine, before)


def test_a_deadlocked_search_is_ended_as_hung(quick: Patience, engine: EngineClient) -> None:
    fault = fault_of(engine, Deadlocked(), SearchSettings(depth=3))
    assert fault is not None and fault.kind is FaultKind.HUNG
    assert fault.seconds is not None and fault.seconds >= quick.idle


def test_a_search_that_ignores_its_cancel_is_ended_but_not_before(
    quick: Patience, engine: EngineClient
) -> None:
    """Computing for ever is allowed until a cancel (it may be a long evaluation); then
    the search has ``cancel_cpu`` CPU seconds to stop."""
    asked = time.monotonic() + 3 * quick.idle  # long past the hang rule's patience

    def cancelled() -> bool:
        return time.monotonic() > asked

    fault = fault_of(engine, Spinning(), SearchSettings(depth=3), cancelled=cancelled)
    assert fault is not None and fault.kind is FaultKind.IGNORED_CANCEL and fault.cpu
    assert "did not stop when asked" in fault.said()


def test_a_busy_machine_does_not_end_a_search_that_works(
    quick: Patience, engine: EngineClient
) -> None:
    """Two processes spin on the CPU while a search of several seconds runs, with the
    patience far shorter than users': it is starved, never ended."""
    with busy_loops():
        fault = fault_of(engine, ConnectFour(), SearchSettings(depth=9))
    assert fault is None and engine.starts == 1


def test_without_the_systems_readings_a_stop_is_silence(
    monkeypatch: pytest.MonkeyPatch, engine: EngineClient
) -> None:
    """The path of macOS and Windows: the heartbeat alone."""
    monkeypatch.setattr(heartbeat, "PATIENCE", Patience(idle=1.5, silent=1.5, read_system=False))
    with pytest.raises(EngineError) as caught:
        for _ in stopped_mid_search(engine):
            before = engine.pid
    fault = caught.value.fault
    assert fault is not None and fault.kind is FaultKind.SILENT
    works_afresh(engine, before)
    fault = fault_of(engine, Deadlocked(), SearchSettings(depth=3))
    assert fault is not None and fault.kind is FaultKind.HUNG


def big_request(engine: EngineClient) -> Any:
    """A call whose request (64 MB) fills the pipe many times over."""
    return engine.call(next(_ids), "compare", b"x" * 64 * 1024**2)


def test_a_request_too_big_for_the_engines_memory_is_said_as_memory(engine: EngineClient) -> None:
    """The editor said "could not be reached ([Errno 32] Broken pipe)" for this."""
    assert fault_of(engine, TicTacToe(), SearchSettings(depth=1)) is None
    pid = engine.pid
    assert pid is not None
    with open(f"/proc/{pid}/status") as status:
        size = next(int(line.split()[1]) for line in status if line.startswith("VmSize:"))
    _, hard = resource.prlimit(pid, resource.RLIMIT_AS)
    resource.prlimit(pid, resource.RLIMIT_AS, (size * 1024 + 32 * 1024**2, hard))
    with pytest.raises(EngineError) as caught:
        big_request(engine)
    assert caught.value.fault == Fault(FaultKind.OUT_OF_MEMORY)
    assert str(caught.value).startswith("the engine process ran out of memory")
    works_afresh(engine, pid)


def test_an_engine_killed_while_a_request_is_sent_is_said_as_killed(
    monkeypatch: pytest.MonkeyPatch, engine: EngineClient
) -> None:
    """Killed while the window still sends (the engine held stopped, so the send waits):
    the kill is said, not the broken pipe."""
    monkeypatch.setattr(heartbeat, "PATIENCE", Patience(stopped=600.0))
    assert fault_of(engine, TicTacToe(), SearchSettings(depth=1)) is None
    pid = engine.pid
    assert pid is not None
    os.kill(pid, signal.SIGSTOP)

    def kill_once_asked() -> None:
        while not engine.awaited:  # the request is being sent
            time.sleep(0.01)
        os.kill(pid, signal.SIGKILL)

    killer = threading.Thread(target=kill_once_asked)
    killer.start()
    try:
        with pytest.raises(EngineError) as caught:
            big_request(engine)
    finally:
        killer.join()
    assert caught.value.fault == Fault(FaultKind.KILLED, signal=signal.SIGKILL)
    works_afresh(engine, pid)


def test_a_request_sent_to_a_stopped_engine_does_not_wait_for_ever(
    quick: Patience, engine: EngineClient
) -> None:
    """A request bigger than the pipe, to a process that cannot read it: the send
    itself waits, and the watchdog ends that wait."""
    assert fault_of(engine, TicTacToe(), SearchSettings(depth=1)) is None
    pid = engine.pid
    assert pid is not None
    os.kill(pid, signal.SIGSTOP)
    with pytest.raises(EngineError) as caught:
        big_request(engine)
    assert caught.value.fault is not None and caught.value.fault.kind is FaultKind.STOPPED
    works_afresh(engine, pid)
