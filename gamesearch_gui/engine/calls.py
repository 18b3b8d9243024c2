"""The whole-tree computations the window asks of the engine besides searches: each runs
searches, so it runs in the engine process, never in the window's.

A call is named, not sent as code: only the functions here can be asked for. Each takes
its arguments and a cancel token, and the errors it may raise for a person to read are
listed beside it (the message goes back as it is; anything else is a bug, said so).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from gamesearch_gui.core.compare import CompareError, ComparisonCancelled, compare
from gamesearch_gui.core.exercise import Exercise, ExerciseError, solve_exercise
from gamesearch_gui.core.game import GameError
from gamesearch_gui.core.search import CancelToken


@dataclass(frozen=True, slots=True)
class Call:
    """A function the window may ask the engine to run."""

    run: Callable[..., Any]  #: called as run(*args, cancel=token)
    errors: tuple[type[BaseException], ...]  #: raised for a person, the message said as is


def _compare(tree: Any, *, cancel: CancelToken) -> Any:
    return compare(tree, cancel=cancel)


def _solve_exercise(exercise: Exercise, *, cancel: CancelToken) -> Any:
    if cancel.cancelled:
        raise ComparisonCancelled("cancelled")
    return solve_exercise(exercise)


CALLS: Final[dict[str, Call]] = {
    "compare": Call(_compare, (CompareError, ComparisonCancelled, GameError)),
    "solve_exercise": Call(_solve_exercise, (ExerciseError, ComparisonCancelled, GameError)),
}
