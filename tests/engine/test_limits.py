"""Limits on user code in the engine process (engine/limits.py): CPU seconds counted from
when the process begins the call, a wall-clock ceiling of ten times as long, and a
sentence with both figures when either stops the code."""

from __future__ import annotations

import itertools
import re
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest

from gamesearch_gui.core.cpu_time import WALL_FACTOR
from gamesearch_gui.engine.client import EngineClient
from gamesearch_gui.engine.client import LimitExceeded
from gamesearch_gui.engine.limits import NO_CPU_TIMER_ENV
from gamesearch_gui.engine.limits import LimitHit
from tests.processes import process_alive

_ids = itertools.count(1)

#: A student's file whose import computes for ever in Python's own loop.
LOOPS = "while True:\n    pass\n"
#: ... in one C call that never lets another thread run (the interpreter is held).
HOLDS = "import itertools\nsum(itertools.repeat(1, 10**15))\n"
#: ... that waits for ever, using no CPU.
SLEEPS = "import time\ntime.sleep(10**6)\n"
#: ... that imports at once.
QUICK = "def alpha_beta_search(state, game):\n    return 0\n"


@pytest.fixture
def engine() -> Iterator[EngineClient]:
    client = EngineClient("gamesearch-limits-test")
    yield client
    pid = client.pid
    client.close()
    assert pid is None or not process_alive(pid)


def load(engine: EngineClient, folder: Path, source: str, limit: float) -> str:
    """Import ``source`` as a student's file in the engine, within ``limit`` CPU seconds."""
    path = folder / "student.py"
    path.write_text(source, encoding="utf-8")
    name = engine.call(next(_ids), "check_search_load", str(path), None, limit=limit)
    assert isinstance(name, str)
    return name


def stopped(engine: EngineClient, folder: Path, source: str, limit: float) -> LimitHit:
    """The limit that stopped ``source``'s import; its process was ended."""
    with pytest.raises(LimitExceeded) as caught:
        load(engine, folder, source, limit)
    assert not engine.alive  # ended, and the next call starts a new one
    return caught.value.hit


@pytest.fixture(params=["kernel timer", "meter thread"])
def either_way(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Each way the engine keeps the CPU limit: the kernel's timer, and (as on Windows,
    where there is none) the meter's thread alone."""
    if request.param == "kernel timer":
        if not hasattr(signal, "setitimer"):
            pytest.skip("no kernel CPU timer here")
        monkeypatch.delenv(NO_CPU_TIMER_ENV, raising=False)
    else:
        monkeypatch.setenv(NO_CPU_TIMER_ENV, "1")  # the engine process inherits it
    return str(request.param)


#: The sentence for code stopped at its CPU limit, with the CPU it used.
CPU_USED = re.compile(r"was stopped at its CPU limit: it used (?P<cpu>\d+\.\d+) s of CPU")


def says_the_cpu_used(text: str, hit: LimitHit) -> bool:
    """True when ``text`` gives the CPU the stopped code used, as measured: at least the
    limit, and a little past it (how far depends on when the timer's signal is handled,
    not a figure a test can fix)."""
    used = CPU_USED.search(text)
    return used is not None and hit.limit <= float(used["cpu"]) <= hit.cpu + 0.05


def test_a_loop_is_stopped_at_its_cpu_limit_with_both_figures(
    engine: EngineClient, tmp_path: Path, either_way: str
) -> None:
    hit = stopped(engine, tmp_path, LOOPS, 0.5)
    assert not hit.ceiling
    assert hit.limit == 0.5 and hit.cpu >= 0.5
    said = hit.said("your code")
    assert said.startswith("your code was stopped at its CPU limit: ")
    assert says_the_cpu_used(said, hit), said
    assert " s of CPU (limit 0.5 s) in " in said
    assert "loop" not in said  # no guess at a cause the figures do not show
    # The next call gets a fresh process, and its own limit.
    assert load(engine, tmp_path, QUICK, 0.5) == "alpha_beta_search"
    assert engine.starts == 2


def test_code_that_sleeps_is_stopped_at_the_wall_clock_ceiling_and_said_to_wait(
    engine: EngineClient, tmp_path: Path
) -> None:
    hit = stopped(engine, tmp_path, SLEEPS, 0.5)
    assert hit.ceiling and hit.wall > WALL_FACTOR * 0.5
    said = hit.said("your code")
    assert said.startswith(
        "your code was stopped at the wall-clock ceiling: 5 s passed (10 × its 0.5 s CPU "
        "limit) while it used "
    )
    assert said.endswith(
        " of CPU, so it was waiting, not computing (time.sleep, input() or a lock?)"
    )


@pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="no kernel CPU timer here")
def test_the_kernel_timer_stops_a_long_c_call_at_the_cpu_limit(
    engine: EngineClient, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(NO_CPU_TIMER_ENV, raising=False)
    hit = stopped(engine, tmp_path, HOLDS, 0.5)
    assert not hit.ceiling
    assert says_the_cpu_used(hit.text(), hit), hit.text()


def test_without_the_kernel_timer_a_long_c_call_meets_the_ceiling_and_is_not_said_to_wait(
    engine: EngineClient, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As on Windows: the meter cannot run while the code holds the interpreter, so the
    CPU figure is unknown, and the message says so rather than guess "waiting"."""
    monkeypatch.setenv(NO_CPU_TIMER_ENV, "1")
    hit = stopped(engine, tmp_path, HOLDS, 0.5)
    assert hit.ceiling and hit.cpu_at_least
    assert hit.text().endswith(
        "while it held Python's interpreter in one long call, where its CPU time cannot be measured"
    )
    assert "waiting" not in hit.text()


def test_a_call_within_its_limit_answers_and_the_process_serves_on(
    engine: EngineClient, tmp_path: Path
) -> None:
    assert load(engine, tmp_path, QUICK, 0.5) == "alpha_beta_search"
    pid = engine.pid
    assert load(engine, tmp_path, QUICK, 0.5) == "alpha_beta_search"
    assert engine.pid == pid and engine.starts == 1


@pytest.mark.parametrize(
    ("hit", "said"),
    [
        (
            LimitHit(False, 5.0, 5.0, 7.31),
            "was stopped at its CPU limit: it used 5.0 s of CPU (limit 5 s) in 7.3 s",
        ),
        (
            LimitHit(True, 5.0, 0.004, 50.02),
            "was stopped at the wall-clock ceiling: 50 s passed (10 × its 5 s CPU limit) "
            "while it used less than 0.01 s of CPU, so it was waiting, not computing "
            "(time.sleep, input() or a lock?)",
        ),
        (  # a good share of its limit: busy machine or waiting by turns, not said which
            LimitHit(True, 5.0, 3.21, 50.0),
            "was stopped at the wall-clock ceiling: 50 s passed (10 × its 5 s CPU limit) "
            "while it used 3.2 s of CPU",
        ),
        (
            LimitHit(True, 0.5, 0.31, 5.1, cpu_at_least=True),
            "was stopped at the wall-clock ceiling: 5 s passed (10 × its 0.5 s CPU limit) "
            "while it used at least 0.31 s of CPU, and then held Python's interpreter in "
            "one long call, where its CPU time cannot be measured",
        ),
    ],
)
def test_a_limit_is_said_with_both_figures_and_no_cause_they_do_not_show(
    hit: LimitHit, said: str
) -> None:
    assert hit.text() == said
