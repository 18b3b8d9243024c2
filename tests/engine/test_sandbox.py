"""How an engine process is contained (engine/sandbox.py, seccomp.py, unpickling.py,
endings.py): asked of the OS where the OS can say it, and through the words a person
reads."""

from __future__ import annotations

import io
import itertools
import os
import pickle
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from gamesearch_gui.engine import seccomp
from gamesearch_gui.engine import unpickling
from gamesearch_gui.engine.client import EngineClient
from gamesearch_gui.engine.client import EngineError
from gamesearch_gui.engine.endings import ending
from gamesearch_gui.engine.limits import LimitHit
from gamesearch_gui.engine.protocol import FINISHED
from gamesearch_gui.engine.protocol import Report
from gamesearch_gui.engine.protocol import decode
from gamesearch_gui.engine.protocol import encode
from gamesearch_gui.engine.sandbox import DEFAULT
from gamesearch_gui.engine.sandbox import FILES_EXIT
from gamesearch_gui.engine.sandbox import WORDS_BYTES
from gamesearch_gui.engine.sandbox import Containment
from gamesearch_gui.engine.sandbox import LastWords
from gamesearch_gui.engine.sandbox import OutputTap
from tests.processes import process_alive

_ids = itertools.count(1)
LINUX_FILTER = seccomp.this_arch() is not None


@pytest.fixture
def engine() -> Iterator[EngineClient]:
    client = EngineClient("gamesearch-sandbox-test", DEFAULT)
    yield client
    pid = client.pid
    client.close()
    assert pid is None or not process_alive(pid)


def started(engine: EngineClient, folder: Path) -> int:
    """Have the engine load a student's file (so it is contained and running): its pid."""
    path = folder / "student.py"
    path.write_text("def alpha_beta_search(state, game):\n    return 0\n", encoding="utf-8")
    engine.call(next(_ids), "check_search_load", str(path), None, limit=5.0)
    assert engine.pid is not None
    return engine.pid


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="asks Linux's /proc")
def test_an_engine_process_has_its_own_session_closed_input_and_its_limits(
    engine: EngineClient, tmp_path: Path
) -> None:
    pid = started(engine, tmp_path)
    assert os.getsid(pid) == pid and os.getpgid(pid) == pid  # the leader of its own
    assert os.readlink(f"/proc/{pid}/fd/0") == os.devnull
    limits = Path(f"/proc/{pid}/limits").read_text()
    assert f"Max address space         {DEFAULT.memory}" in limits
    assert f"Max file size             {DEFAULT.file_size}" in limits
    assert "Max core file size        0" in limits
    status = Path(f"/proc/{pid}/status").read_text()
    if LINUX_FILTER:
        assert "Seccomp:\t2" in status  # a filter
        assert "NoNewPrivs:\t1" in status
        assert engine.not_contained == ""


#: Run in a process of its own: the filter, then what it lets through.
FILTERED = """\
import os, resource, signal, sys, threading
from gamesearch_gui.engine import seccomp

parent = os.getppid()
os.setsid()
seccomp.install()
said = {}
def tried(name, call):
    try:
        call()
        said[name] = "allowed"
    except (OSError, ValueError) as error:
        said[name] = "refused"
tried("kill the parent", lambda: os.kill(parent, 0))
tried("kill everyone", lambda: os.kill(-1, 0))
tried("kill itself", lambda: os.kill(os.getpid(), 0))
tried("kill its group", lambda: os.kill(0, 0))
tried("kill its group by id", lambda: os.killpg(os.getpid(), 0))
tried("setsid", os.setsid)
tried("setpgid", lambda: os.setpgid(0, 0))
tried("read a limit", lambda: resource.getrlimit(resource.RLIMIT_AS))
tried("raise a limit", lambda: resource.setrlimit(resource.RLIMIT_CORE, (0, 0)))
tried("signal its thread", lambda: signal.pthread_kill(threading.get_ident(), 0))
child = os.fork()
if child == 0:
    try:
        os.kill(parent, 0)
        os._exit(0)
    except OSError:
        os._exit(1)
status = os.waitstatus_to_exitcode(os.waitpid(child, 0)[1])
said["its child kills the parent"] = "refused" if status else "allowed"
print(repr(said))
"""


@pytest.mark.skipif(not LINUX_FILTER, reason="the seccomp filter is for Linux on x86-64 and ARM64")
def test_the_filter_refuses_every_signal_outside_the_group_and_any_way_out() -> None:
    done = subprocess.run(
        [sys.executable, "-c", FILTERED], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    said = eval(done.stdout)  # a dict of words, printed by the script above
    assert said == {
        "kill the parent": "refused",
        "kill everyone": "refused",
        "kill itself": "allowed",
        "kill its group": "allowed",
        "kill its group by id": "allowed",
        "setsid": "refused",
        "setpgid": "refused",
        "read a limit": "allowed",
        "raise a limit": "refused",
        "signal its thread": "allowed",
        "its child kills the parent": "refused",
    }


def test_the_program_checks_the_architecture_first_and_ends_in_its_answers() -> None:
    arch = seccomp.ARCHES["x86_64"]
    code = seccomp.program(arch, 1234)
    assert code[0] == (0x20, 0, 0, 4)  # load the architecture
    assert code[1][3] == arch.audit
    assert code[-2] == (0x06, 0, 0, seccomp.SECCOMP_RET_ALLOW)
    assert code[-1] == (0x06, 0, 0, seccomp.DENY)
    # Every jump lands inside the program.
    for at, (op, jt, jf, _) in enumerate(code):
        if op & 0x07 == 0x05:  # a jump
            assert at + 1 + max(jt, jf) < len(code)


# -- what crosses back ---------------------------------------------------------------------


class _Forged:
    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (os.system, ("echo forged",))


class _ForgedClassMethod:
    def __reduce__(self) -> tuple[object, tuple[object, str]]:
        return (getattr, (Report, "mro"))


def test_a_message_is_read_only_as_what_answers_are_made_of() -> None:
    report = Report(None, result={"value": 3, "moves": [1, 2]})
    assert decode(encode((FINISHED, 1, report)))[2] == report
    with pytest.raises(pickle.UnpicklingError, match=r"may not hold posix\.system"):
        unpickling.loads(pickle.dumps(_Forged()))
    with pytest.raises(pickle.UnpicklingError, match=r"may not call .*Report\.mro"):
        unpickling.loads(pickle.dumps(_ForgedClassMethod()))  # only the states' own
    with pytest.raises(pickle.UnpicklingError):
        unpickling.loads(pickle.dumps(EngineClient))  # a class that starts processes


def test_a_whole_recording_crosses_with_its_bound_columns() -> None:
    # An exercise's answer key holds its search's recording, whose columns' append
    # methods are kept bound (pickled as getattr of each column).
    from gamesearch_gui.core.exercises.exercise import DIFFICULTIES
    from gamesearch_gui.core.exercises.exercise import Task
    from gamesearch_gui.core.exercises.exercise import exercise_set
    from gamesearch_gui.core.exercises.exercise import solve_exercise

    exercise = exercise_set("cross", 1, DIFFICULTIES["Easy"], Task.ALPHABETA)[0]
    key = solve_exercise(exercise)
    again = unpickling.loads(pickle.dumps(key, pickle.HIGHEST_PROTOCOL))
    # (compared as written: a node's cut figures are NaN where there was no cut)
    assert repr((again.nodes, again.pruned, again.order)) == repr(
        (key.nodes, key.pruned, key.order)
    )
    assert again.recording.node_count == key.recording.node_count


FORGER = """\
import gc, os, pickle
from multiprocessing.connection import Connection


class Forged:
    def __reduce__(self):
        return (os.system, ("touch {marker}",))


for found in gc.get_objects():
    if isinstance(found, Connection) and found.writable:
        try:
            found.send_bytes(pickle.dumps(("finished", 1, pickle.dumps(Forged()), ())))
        except OSError:
            pass


def alpha_beta_search(state, game):
    return 0
"""


def test_code_that_forges_a_message_runs_nothing_here(tmp_path: Path) -> None:
    marker = tmp_path / "forged"
    path = tmp_path / "forger.py"
    path.write_text(FORGER.format(marker=marker), encoding="utf-8")
    client = EngineClient("gamesearch-forged", DEFAULT, output=None)
    try:
        with pytest.raises(EngineError, match="sent a message that cannot be read"):
            client.call(1, "check_search_load", str(path), None, limit=5.0)
        assert not client.alive
    finally:
        client.close()
    time.sleep(0.2)  # a command run through os.system would have made it by now
    assert not marker.exists()


# -- how it ended, in words ------------------------------------------------------------


def words(how: str = "", where: str = "") -> LastWords:
    said = LastWords(_Bytes(WORDS_BYTES))
    said.ended(how, where)
    return said


class _Bytes:
    """Stands for the shared bytes of LastWords."""

    def __init__(self, size: int) -> None:
        self._data = bytearray(size)

    @property
    def raw(self) -> bytes:
        return bytes(self._data)

    def __setitem__(self, index: slice, value: bytes) -> None:
        self._data[index] = value

    def __len__(self) -> int:
        return len(self._data)


def test_every_way_a_process_ends_is_one_sentence_with_its_place() -> None:
    here = "nim.py, line 12, in actions"
    cases = {
        (7, "exit 7"): f"{here}: the game's code called os._exit(7), which ended its process",
        (-signal.SIGTERM, "signal SIGTERM"): (
            f"{here}: the game's code sent its own process SIGTERM, which ended it"
        ),
        (
            -signal.SIGKILL,
            "",
        ): f"{here}: the process running the game's code ended (killed by SIGKILL)",
        (FILES_EXIT, "files 17"): (
            f"{here}: the game's code was stopped at its limit on files written: it opened "
            "more than 16 files for writing"
        ),
        (3, ""): f"{here}: the process running the game's code ended (exit status 3)",
    }
    for (code, how), said in cases.items():
        assert ending(code, words(how, here), DEFAULT, False).said("the game's code") == said
    over = ending(-signal.SIGKILL, words(), Containment(output=2048), True)
    assert over.limit and over.said("your code") == (
        "your code was stopped at its output limit: it wrote more than 2 KB to standard "
        "output and standard error"
    )
    hit = LimitHit(False, 1.0, 1.0, 1.5)
    cpu = ending(-signal.SIGPROF, words("", here), DEFAULT, False, hit)
    assert cpu.hit is hit and cpu.said("your code").startswith(
        f"{here}: your code was stopped at its CPU limit: it used 1.0 s"
    )
    # The engine's own words, where no user code is to blame, are as they were.
    assert ending(-signal.SIGKILL, words(), DEFAULT, False).plain == "killed by SIGKILL"


def test_the_output_tap_counts_hands_on_and_ends_at_its_limit() -> None:
    got = io.StringIO()
    ended: list[bool] = []
    tap = OutputTap(10, lambda data: got.write(data.decode()), lambda: ended.append(True))
    assert tap.child_end is not None
    write = os.dup(tap.child_end.fileno())
    tap.started()
    os.write(write, b"hello")
    os.write(write, b" world, and more")
    os.close(write)
    tap.wait(10)
    assert tap.over and ended == [True]
    assert got.getvalue() == "hello worl\n"  # the first 10 bytes, and the line ended


def test_a_process_s_words_say_what_was_not_contained(tmp_path: Path) -> None:
    said = LastWords(_Bytes(WORDS_BYTES))
    said.missing("its own session (not here)")
    said.doing("x.py, line 3")
    said.ended("exit 1")
    assert (said.not_contained, said.where, said.how) == (
        "its own session (not here)",
        "x.py, line 3",
        "exit 1",
    )


def test_a_student_file_s_input_fails_at_once_with_a_sentence(
    engine: EngineClient, tmp_path: Path
) -> None:
    path = tmp_path / "asks.py"
    path.write_text(
        textwrap.dedent(
            """\
            def alpha_beta_search(state, game):
                return int(input("move? "))
            """
        ),
        encoding="utf-8",
    )
    from gamesearch_gui.core.trees.file import load_tree_file
    from gamesearch_gui.paths import resource_files

    tree = load_tree_file(resource_files() / "trees" / "figure-5-2.gtree.json")
    name = engine.call(next(_ids), "check_search_load", str(path), None, limit=5.0)
    run = engine.call(next(_ids), "check_search_run", str(path), name, tree, limit=5.0)
    assert run.error == (
        "your code raised EOFError: standard input is closed: code run by gamesearch-gui "
        "cannot read input (asks.py, line 2)"
    )
