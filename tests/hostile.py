"""Hostile user code (issue 25): the ``new-game`` Nim template, and a correct alpha-beta
in aima-python's style, each with one line changed, for every way code can end badly.

Each case names the line, where it goes (``actions`` runs at the first question about
a position; the top of the file runs as it loads), and words of the one line that must
say what happened. Tests run them through every path that runs user code: ``solve
--game-file``, ``check-game``, ``check-search`` (alone and grading a folder), and the
window's game files and its check. Small limits keep them fast (``LIMITS``).
"""

from __future__ import annotations

import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from gamesearch_gui.core.usergame.templates import template_text
from tests.search_check import FIX
from tests.search_check import SLIP
from tests.search_check import lesson_path

#: The command line's limits in these tests: a fraction of the defaults.
LIMITS: Final = (
    "--time-limit",
    "0.5",
    "--memory-limit",
    "512",
    "--output-limit",
    "64",
    "--file-size-limit",
    "1",
    "--files-limit",
    "4",
)


@dataclass(frozen=True)
class Hostile:
    """One hostile line, where it goes, and what the line that reports it must say."""

    key: str
    line: str
    said: str
    top: bool = False  #: at the file's top level (it runs as the file loads), not in a method
    answers: bool = False  #: the command still answers (the code's leftovers do not keep it)
    ends: bool = False  #: its process ends (a limit, an exit, a signal): no exception to catch
    #: The message surely names the code's line. Not where the process is ended as soon
    #: as the line has run (its message refused as it comes), perhaps before a note of
    #: the line was taken: then the commands name the file, and the window may say what
    #: without where.
    line_known: bool = True

    def game(self, folder: Path) -> Path:
        """The template Nim with this line: in ``actions``, or at its top."""
        text = template_text("own")
        if self.top:
            text = text.replace("\nclass Nim", f"\n{self._lines('')}\n\nclass Nim", 1)
        else:
            anchor = "        heaps, _ = state\n        # A move is"
            assert anchor in text
            text = text.replace(anchor, self._lines("        ") + anchor, 1)
        path = folder / f"{self.key}.py"
        path.write_text(text.replace("FOLDER", str(folder)), encoding="utf-8")
        return path

    def student(self, folder: Path) -> Path:
        """A correct alpha-beta with this line at the top of its search function."""
        body = self._lines("    ")
        correct = correct_alphabeta()
        assert correct.count(SEARCH_STARTS) == 1
        if self.top:
            text = self._lines("") + "\n" + correct
        else:
            text = correct.replace(SEARCH_STARTS, SEARCH_STARTS + body, 1)
        path = folder / f"{self.key}.py"
        path.write_text(text.replace("FOLDER", str(folder)), encoding="utf-8")
        return path

    def _lines(self, indent: str) -> str:
        return "".join(f"{indent}{line}\n" for line in self.line.split("\n"))


SEARCH_STARTS: Final = "    player = game.to_move(state)\n"


def correct_alphabeta() -> str:
    """A correct alpha-beta in aima-python's style (the alpha-min lesson, fixed)."""
    source = Path(lesson_path("alpha-min")).read_text(encoding="utf-8")
    return source.replace(SLIP, FIX)


#: Every hostile case of the issue, and a few more of the same kind.
CASES: Final = (
    Hostile(
        "kill_parent",
        "import os, signal; os.kill(os.getppid(), signal.SIGKILL)",
        "PermissionError: code run by gamesearch-gui may not signal process",
    ),
    Hostile("endless_loop", "while True: pass", "was stopped at its CPU limit", ends=True),
    Hostile(
        "sleeps",
        "import time; time.sleep(10**6)",
        "was stopped at the wall-clock ceiling",
        ends=True,
    ),
    Hostile("asks", 'input("your move? ")', "EOFError: standard input is closed"),
    Hostile(
        "thread_left",
        "import threading, time\nthreading.Thread(target=time.sleep, args=(10**6,)).start()",
        "",
        top=True,
        answers=True,
    ),
    Hostile(
        "atexit_hangs",
        "import atexit, time\natexit.register(time.sleep, 10**6)",
        "",
        top=True,
        answers=True,
    ),
    Hostile(
        "exits_0",
        "import os; os._exit(0)",
        "called os._exit(0), which ended its process",
        ends=True,
    ),
    Hostile(
        "exits_7",
        "import os; os._exit(7)",
        "called os._exit(7), which ended its process",
        ends=True,
    ),
    Hostile("interrupts", "raise KeyboardInterrupt", "KeyboardInterrupt"),
    Hostile(
        "unprintable",
        "raise type('Bad', (Exception,), {'__str__': lambda self: 1 / 0})()",
        "Bad: (its message cannot be printed: its __str__ raised ZeroDivisionError)",
    ),
    Hostile("memory_hog", "hog = bytearray(10**10)", "MemoryError: it ran out of memory"),
    Hostile(
        "output_flood",
        "while True: print('x' * 1000)",
        "was stopped at its output limit",
        ends=True,
    ),
    Hostile(
        "big_file",
        "open('FOLDER/big.out', 'wb').write(b'x' * 10**7)",
        "File too large (a file it wrote reached the limit on file size, 1 MB)",
    ),
    Hostile(
        "many_files",
        "[open(f'FOLDER/many{i}.out', 'w').close() for i in range(50)]",
        "was stopped at its limit on files written",
        ends=True,
    ),
    Hostile(
        "signals_itself",
        "import os, signal; os.kill(os.getpid(), signal.SIGTERM)",
        "sent its own process SIGTERM, which ended it",
        ends=True,
    ),
    Hostile("leaves_its_group", "import os; os.setsid()", "PermissionError"),
    # multiprocessing's join() then took the closed pipe for the process's end and waited
    # in waitpid() for good: the command hung, deaf to Ctrl+C and to every limit.
    Hostile(
        "closes_its_pipes",
        "import os, time; os.closerange(3, 1024); time.sleep(10**6)",
        "the engine process could not be reached",
        ends=True,
    ),
    # Its pipes are the command's: to its resource tracker, which put a traceback on the
    # command's standard error for every line it could not read.
    Hostile(
        "garbles_every_pipe",
        "import os\n"
        "for fd in os.listdir('/proc/self/fd'):\n"
        "    try:\n"
        "        if int(fd) > 2 and os.readlink(f'/proc/self/fd/{fd}').startswith('pipe:'):\n"
        "            os.write(int(fd), b'GARBAGE\\x80\\n')\n"
        "    except OSError:\n"
        "        pass",
        "",
        top=True,
        answers=True,
    ),
    # A length of 1.2 GB ("GARB"), whose bytes never come: the command waited for them
    # for good. (Its sockets are its pipe to the command: the code can write to it.)
    Hostile(
        "garbles_its_pipe",
        "import os\n"
        "for fd in os.listdir('/proc/self/fd'):\n"
        "    try:\n"
        "        if os.readlink(f'/proc/self/fd/{fd}').startswith('socket:'):\n"
        "            os.write(int(fd), b'GARBAGE')\n"
        "    except OSError:\n"
        "        pass",
        "it sent a message that cannot be read: ValueError: a message said to be "
        "1,195,463,234 bytes long",
        ends=True,
        line_known=False,
    ),
)
#: The utility no float can hold is a game's: it replaces terminal_value's answer.
HUGE_UTILITY: Final = (
    "return -1 if player is Player.MAX else 1",
    "return -10**400 if player is Player.MAX else 10**400",
)


def huge_utility_game(folder: Path) -> Path:
    """The template Nim whose utilities are ±10**400."""
    text = template_text("own")
    old, new = HUGE_UTILITY
    assert old in text
    path = folder / "huge_utility.py"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def as_a_shell_would(command: list[str], timeout: float = 300) -> subprocess.CompletedProcess[str]:
    """Run ``command`` from a process of its own that stands for the user's shell, and
    say how that process ended: killed (a negative return code) if the command's user
    code reached its parent, else with the command's own exit status and output."""
    shell = (
        "import subprocess, sys\n"
        "done = subprocess.run(sys.argv[1:], capture_output=True, text=True)\n"
        "sys.stdout.write(done.stdout); sys.stderr.write(done.stderr)\n"
        "sys.exit(done.returncode)\n"
    )
    return subprocess.run(
        [sys.executable, "-c", shell, *command],
        capture_output=True,
        text=True,
        timeout=timeout,
        stdin=subprocess.DEVNULL,
    )


def app(*args: str) -> list[str]:
    """The command line of the app (``python -m gamesearch_gui ARGS``)."""
    return [sys.executable, "-m", "gamesearch_gui", *args]
