"""Loading a student's file and running its search function on one tree.

Everything here runs the student's code, so it runs in the engine process only (the
runner asks for it through :mod:`gamesearch_gui.engine.calls`), never in the window's
or the command line's own process. What the code prints goes to that process's output,
which the runner counts against its limit and drops (:mod:`gamesearch_gui.engine.sandbox`):
the command's own output (JSON, say) stays readable.
"""

from __future__ import annotations

import importlib.util
import math
import os
import sys
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Any
from typing import Final

from gamesearch_gui.core.game import GameError
from gamesearch_gui.core.raised import raised_text
from gamesearch_gui.core.trees.tree import CustomTree
from gamesearch_gui.core.trees.tree import Path
from gamesearch_gui.search_check.aima_tree import AimaTreeGame
from gamesearch_gui.search_check.aima_tree import MisuseError
from gamesearch_gui.search_check.aima_tree import TooManyCalls
from gamesearch_gui.search_check.own_tree import AIMA
from gamesearch_gui.search_check.own_tree import OWN
from gamesearch_gui.search_check.own_tree import OwnTreeGame
from gamesearch_gui.search_check.own_tree import uses_own_protocol

#: The functions looked for when none is named, with the search each is checked as
#: (aima-python's names, ``minmax_decision`` its newer spelling; and the name of the
#: algorithm itself, ``expectiminimax``, as courses write it).
KNOWN_FUNCTIONS: Final = {
    "minimax_decision": "minimax",
    "minmax_decision": "minimax",
    "alpha_beta_search": "alphabeta",
    "alphabeta_search": "alphabeta",
    "expect_minmax": "expectiminimax",
    "expectiminimax": "expectiminimax",
}
#: Longest text kept of what the code returned.
RETURNED_LIMIT: Final = 80


class StudentFileError(GameError):
    """The student's file cannot be checked: unreadable, a syntax error, an error while
    it is imported, or no function to check. The message names the file (and line)."""


@dataclass(frozen=True, slots=True)
class StudentRun:
    """What the student's function did on one tree.

    ``visited``: the leaves it evaluated, in order (as far as it got); ``decision``: the
    root move it returned, None when it returned no move (``returned`` says what it
    did return); ``error``: why it failed, for the student, or None; ``value``: the
    root's value, when the code returned ``(value, move)``; ``protocol``: the game's
    interface it was given (``aima``, or ``own``: this app's).
    """

    visited: tuple[Path, ...]
    decision: int | None
    returned: str
    error: str | None = None
    value: float | None = None
    protocol: str = AIMA


def _line(error: BaseException, filename: str) -> int | None:
    """The line of the deepest frame of ``error`` in the student's file, if any."""
    ours = os.path.abspath(filename)
    lines = [
        f.lineno
        for f in traceback.extract_tb(error.__traceback__)
        if os.path.abspath(f.filename) == ours
    ]
    return lines[-1] if lines else None


def _where(error: BaseException, filename: str) -> str:
    """`` (file, line N)`` of the deepest frame of ``error`` in the student's file."""
    line = _line(error, filename)
    return "" if line is None else f" ({os.path.basename(filename)}, line {line})"


def load_module(path: str) -> ModuleType:
    """Import the student's file as a module of its own; StudentFileError on failure."""
    shown = os.fspath(path)
    try:
        with open(shown, "rb") as file:
            source = file.read()
    except OSError as error:
        raise StudentFileError(f"cannot read {shown}: {error.strerror or error}") from None
    try:
        # Compiled as its absolute path: where the code is, whatever the working folder.
        code = compile(source, os.path.abspath(shown), "exec")
    except SyntaxError as error:
        line = f", line {error.lineno}" if error.lineno else ""
        raise StudentFileError(f"{shown}{line}: syntax error: {error.msg}") from None
    except (ValueError, RecursionError, MemoryError) as error:
        raise StudentFileError(f"{shown}: cannot be compiled: {raised_text(error)}") from None
    name = f"student_{abs(hash(os.path.abspath(shown))):x}"
    spec = importlib.util.spec_from_loader(name, loader=None, origin=shown)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    module.__file__ = shown
    # Its neighbours (a copy of aima's utils.py or games.py) can be imported from it.
    folder = os.path.dirname(os.path.abspath(shown))
    if folder not in sys.path:
        sys.path.insert(0, folder)
    sys.modules[name] = module  # dataclasses and pickling look their module up there
    try:
        exec(code, module.__dict__)
    except BaseException as error:  # the file is the student's: anything can come out
        del sys.modules[name]
        at = _line(error, shown)
        line = "" if at is None else f", line {at}"
        raise StudentFileError(f"{shown}{line}: importing it raised {raised_text(error)}") from None
    return module


def find_function(
    module: ModuleType, path: str, name: str | None
) -> tuple[str, Callable[..., Any]]:
    """The function to check: ``name``, or the one of :data:`KNOWN_FUNCTIONS` the file
    defines. StudentFileError when there is none, or more than one to choose from."""
    if name is not None:
        found = getattr(module, name, None)
        if found is None:
            raise StudentFileError(f"{path} defines no function {name!r}")
        if not callable(found):
            raise StudentFileError(f"{path}: {name!r} is not a function")
        return name, found
    present = [known for known in KNOWN_FUNCTIONS if callable(getattr(module, known, None))]
    if not present:
        looked = ", ".join(KNOWN_FUNCTIONS)
        raise StudentFileError(
            f"{path} defines none of the functions looked for ({looked}); "
            "name yours with --function NAME"
        )
    if len(present) > 1:
        raise StudentFileError(
            f"{path} defines {' and '.join(present)}: choose one with --function NAME"
        )
    return present[0], getattr(module, present[0])


#: The student's functions loaded in this process, by (file, function asked for).
_LOADED: dict[tuple[str, str | None], tuple[str, Callable[..., Any]]] = {}


def student_function(path: str, name: str | None) -> tuple[str, Callable[..., Any]]:
    """The function's name and the function, loaded once per process."""
    key = (path, name)
    if key not in _LOADED:
        _LOADED[key] = find_function(load_module(path), path, name)
    return _LOADED[key]


def run_student(function: Callable[..., Any], filename: str, tree: CustomTree) -> StudentRun:
    """Call ``function(game.initial, game)`` on ``tree`` as an instrumented game: in
    aima-python's interface, or this app's protocol when the function's file imports it.

    Whatever the code does (raises, recurses without end, returns nonsense) comes back as
    a StudentRun; only an endless loop does not come back, which is the runner's part.
    """
    own = uses_own_protocol(function)
    game = OwnTreeGame(tree) if own else AimaTreeGame(tree)
    error: str | None = None
    returned: Any = None
    try:
        returned = function(game.initial, game)
    except TooManyCalls as stop:
        error = str(stop)
    except MisuseError as misuse:
        error = f"your code misused the game: {misuse}{_where(misuse, filename)}"
    except RecursionError as deep:
        error = (
            "your code recursed deeper than Python allows (a recursion without end?)"
            f"{_where(deep, filename)}"
        )
    except BaseException as raised:  # the student's code: anything can come out
        error = f"your code raised {raised_text(raised)}{_where(raised, filename)}"
    try:
        decision, value = _move_and_value(returned, len(tree.root.children))
    except BaseException:  # a student's tuple whose indexing fails
        decision, value = None, None
    try:
        said = repr(returned)
    except BaseException:  # a student's class whose __repr__ fails
        said = f"a {type(returned).__name__}"
    if len(said) > RETURNED_LIMIT:
        said = said[: RETURNED_LIMIT - 1] + "…"
    return StudentRun(tuple(game.evaluated), decision, said, error, value, OWN if own else AIMA)


def _is_move(returned: object, moves: int) -> bool:
    return isinstance(returned, int) and not isinstance(returned, bool) and 0 <= returned < moves


def _move_and_value(returned: object, moves: int) -> tuple[int | None, float | None]:
    """The root move ``returned`` names (None when none), and the root's value when it is
    a ``(value, move)`` pair of a finite number and a move."""
    if _is_move(returned, moves):
        assert isinstance(returned, int)
        return returned, None
    if isinstance(returned, tuple) and len(returned) == 2 and _is_move(returned[1], moves):
        number = returned[0]
        if isinstance(number, int | float) and not isinstance(number, bool):
            try:
                value = float(number)
            except (OverflowError, ValueError):  # an int too large for a float
                return None, None
            if math.isfinite(value):
                return returned[1], value
    return None, None
