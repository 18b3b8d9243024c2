"""The command line's limits on user code: the options that set them, and the one way a
command runs a user's code, a call of a contained engine process (:mod:`.engine.sandbox`).

``solve --game-file``, ``check-game`` and ``check-search`` take the same options (CPU
seconds, memory, output, file size and files written), and never run the user's code in
their own process: a game file that ends its process, signals its parent, floods its
output or waits for ever is one line on standard error, and the command goes on or
ends with its own exit status.
"""

from __future__ import annotations

import argparse
import contextlib
import math
import os
from collections.abc import Callable
from collections.abc import Iterator
from typing import Any
from typing import Final

from gamesearch_gui.core.cpu_time import WALL_FACTOR
from gamesearch_gui.core.game import GameError
from gamesearch_gui.engine import sandbox

#: CPU seconds of a whole ``solve --game-file`` or ``check-game`` (a full minimax of
#: tic-tac-toe written in aima-python's style takes about 15).
GAME_FILE_SECONDS: Final = 60.0
#: The largest of each limit the options accept.
MAX_MEGABYTES: Final = 1024**2
MAX_FILES: Final = 100_000


@contextlib.contextmanager
def memory_ceiling(limit: int) -> Iterator[None]:
    """This process's address space held to ``limit`` bytes while the block runs (where
    the system has such a limit and it is not lower already), then as it was. Past it an
    allocation fails with MemoryError, which the command says in words; without it a
    search that asks for too much is ended by the kernel's out-of-memory killer, or
    ends another process in its place."""
    try:
        import resource
    except ImportError:  # (not on Windows)
        yield
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    held = limit if hard == resource.RLIM_INFINITY else min(limit, hard)
    if soft != resource.RLIM_INFINITY and soft <= held:
        yield
        return
    resource.setrlimit(resource.RLIMIT_AS, (held, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


def _amount(what: str, low: int, high: int) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a whole number of {what}: {text!r}") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(
                f"must be at least {low} and at most {high} {what}, not {value}"
            )
        return value

    return parse


def add_limit_options(
    parser: argparse.ArgumentParser, seconds: Callable[[str], float], cpu: float, per: str
) -> None:
    """The options of the limits on the user's code, with ``cpu`` seconds by default
    (``seconds`` parses them; ``per`` says what they are counted for)."""
    group = parser.add_argument_group(
        "limits on your code", "it runs in a process of its own (docs/your-code.md)"
    )
    group.add_argument(
        "--time-limit",
        type=seconds,
        metavar="SECONDS",
        help=f"CPU seconds your code may use {per} (default: {cpu:g}); code that waits "
        f"instead is stopped once {WALL_FACTOR} times as long has passed",
    )
    default = sandbox.DEFAULT
    for flag, unit, low, default_value, says in (
        ("--memory-limit", "MB", 64, default.memory // sandbox.MB, "memory its process may use"),
        ("--output-limit", "KB", 1, default.output // 1024, "what it may print"),
        (
            "--file-size-limit",
            "MB",
            0,
            default.file_size // sandbox.MB,
            "the size of any file it writes",
        ),
        ("--files-limit", "N", 0, default.files, "how many files it may open for writing"),
    ):
        what = "files" if unit == "N" else unit
        group.add_argument(
            flag,
            type=_amount(what, low, MAX_FILES if unit == "N" else MAX_MEGABYTES),
            metavar=unit,
            help=f"{says} (default: {default_value})",
        )


#: The options' names, as ``args`` has them.
LIMIT_OPTIONS: Final = (
    "time_limit",
    "memory_limit",
    "output_limit",
    "file_size_limit",
    "files_limit",
)


def limits_given(args: argparse.Namespace) -> list[str]:
    """The limit options given, as the command line writes them."""
    return [f"--{n.replace('_', '-')}" for n in LIMIT_OPTIONS if getattr(args, n, None) is not None]


def containment(args: argparse.Namespace) -> sandbox.Containment:
    """The limits the options set (CPU seconds aside), the defaults for those not given."""
    default = sandbox.DEFAULT

    def given(name: str, unit: int, otherwise: int) -> int:
        value = getattr(args, name, None)
        return otherwise if value is None else value * unit

    return sandbox.Containment(
        memory=given("memory_limit", sandbox.MB, default.memory),
        output=given("output_limit", 1024, default.output),
        file_size=given("file_size_limit", sandbox.MB, default.file_size),
        files=given("files_limit", 1, default.files),
    )


def cpu_seconds(args: argparse.Namespace, default: float, budget: float | None = None) -> float:
    """The CPU seconds ``--time-limit`` gives, else ``default``, or more when a time
    ``budget`` of the search itself asks for more."""
    if args.time_limit is not None:
        return float(args.time_limit)
    if budget is not None:
        return max(default, math.ceil(2 * budget))
    return default


def run_contained(
    args: argparse.Namespace,
    name: str,
    *call_args: Any,
    cpu: float,
    subject: str,
    source: str,
    note: Callable[[str], None],
) -> Any:
    """The value of the engine's call ``name`` (:mod:`.engine.calls`), run in a
    contained process of its own within ``cpu`` CPU seconds and the options' other
    limits; what the code prints goes to standard error. GameError, in one sentence
    about ``subject`` ("the game's code", from the file ``source``), when it failed or
    ended its process; ``note``
    is told what of the containment this system could not put in place, if anything."""
    # Here, not at the top: a command that runs no user code need not load the engine.
    from gamesearch_gui.engine.client import CallFailed
    from gamesearch_gui.engine.client import EngineClient
    from gamesearch_gui.engine.client import EngineError

    client = EngineClient(f"gamesearch-{args.command}", containment(args), sandbox.TO_STDERR)
    try:
        try:
            return client.call(1, name, *call_args, limit=cpu)
        except CallFailed as failed:
            raise GameError(str(failed)) from None
        except EngineError as error:  # LimitExceeded too
            said = error.said_of(subject, again=False)
            name = os.path.basename(source)  # the file, where no line of it is known
            raise GameError(said if said.startswith(name) else f"{name}: {said}") from None
        finally:
            missing = client.not_contained
            if missing:
                with contextlib.suppress(Exception):
                    note(f"note: {subject} ran without {missing}")
    finally:
        client.close()
