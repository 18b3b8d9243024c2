"""The whole-tree computations the window asks of the engine besides searches: each runs
searches, so it runs in the engine process, never in the window's.

A call is named, not sent as code: only the functions here can be asked for. Each takes
its arguments and a cancel token, and the errors it may raise for a person to read are
listed beside it (the message goes back as it is; anything else is a bug, said so).
"""

from __future__ import annotations

import argparse
import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from typing import Final

from gamesearch_gui.core.compare import CompareError
from gamesearch_gui.core.compare import ComparisonCancelled
from gamesearch_gui.core.compare import compare
from gamesearch_gui.core.compare import compare_mcts
from gamesearch_gui.core.decisions import Decisions
from gamesearch_gui.core.decisions import decisions
from gamesearch_gui.core.exercises.exercise import Exercise
from gamesearch_gui.core.exercises.exercise import ExerciseError
from gamesearch_gui.core.exercises.exercise import solve_exercise
from gamesearch_gui.core.game import GameError
from gamesearch_gui.core.game_source import GameSource
from gamesearch_gui.core.openspiel.catalog import OpenSpielEntry
from gamesearch_gui.core.openspiel.catalog import searchable_games
from gamesearch_gui.core.review import PositionReview
from gamesearch_gui.core.review import ReviewError
from gamesearch_gui.core.review import found_depth
from gamesearch_gui.core.review import review_position
from gamesearch_gui.core.search import CancelToken
from gamesearch_gui.core.usergame.game_check import CheckReport
from gamesearch_gui.core.usergame.game_check import check_game
from gamesearch_gui.core.usergame.indexed import GameInfo
from gamesearch_gui.core.usergame.indexed import PositionInfo
from gamesearch_gui.core.usergame.indexed import game_info
from gamesearch_gui.core.usergame.indexed import open_source
from gamesearch_gui.core.usergame.indexed import position_info
from gamesearch_gui.core.usergame.loader import load_game
from gamesearch_gui.search_check.student import StudentFileError
from gamesearch_gui.search_check.student import run_student
from gamesearch_gui.search_check.student import student_function
from gamesearch_gui.search_check.verdict import SearchKind
from gamesearch_gui.search_check.verdict import expected
from gamesearch_gui.solving import SolvedFile
from gamesearch_gui.solving import game_answer
from gamesearch_gui.solving import search_settings


@dataclass(frozen=True, slots=True)
class Call:
    """A function the window may ask the engine to run."""

    run: Callable[..., Any]  #: called as run(*args, cancel=token)
    errors: tuple[type[BaseException], ...]  #: raised for a person, the message said as is


def _compare(tree: Any, *, cancel: CancelToken) -> Any:
    return compare(tree, cancel=cancel)


def _compare_mcts(
    game: Any, state: Any, mcts: Any, minimax: Any, find_depth: bool = False, *, cancel: CancelToken
) -> Any:
    return compare_mcts(game, state, mcts, minimax, find_depth=find_depth, cancel=cancel)


def _review_position(
    game: Any, state: Any, played: Any, settings: Any, *, cancel: CancelToken
) -> PositionReview:
    """One position of Game > Review game: searched, and the move played there judged."""
    return review_position(game, state, played, settings, cancel=cancel)


def _review_depth(game: Any, state: Any, settings: Any, *, cancel: CancelToken) -> tuple[int, bool]:
    """The depth a review of a game of unknown size searches to (``found_depth``)."""
    return found_depth(game, state, settings, cancel=cancel)


def _transform_decisions(tree: Any, formula: str, *, cancel: CancelToken) -> Decisions:
    """Minimax's and expectiminimax's decisions before and after ``formula``."""
    return decisions(tree, formula, cancel=cancel)


def _solve_exercise(exercise: Exercise, *, cancel: CancelToken) -> Any:
    if cancel.cancelled:
        raise ComparisonCancelled("cancelled")
    return solve_exercise(exercise)


def _check_search_load(path: str, function: str | None, *, cancel: CancelToken) -> str:
    """Load a student's file (check-search) and name the function it is checked on."""
    return student_function(path, function)[0]


def _check_search_expected(
    trees: list[Any], kind: str, strict: bool = False, *, cancel: CancelToken
) -> Any:
    return [expected(tree, SearchKind(kind), strict=strict) for tree in trees]


def _check_search_run(path: str, function: str, tree: Any, *, cancel: CancelToken) -> Any:
    """Run a student's search function on one tree (its time limit is the caller's)."""
    return run_student(student_function(path, function)[1], path, tree)


def _user_game_open(source: GameSource, *, cancel: CancelToken) -> GameInfo:
    """Open a user's game file (the window's File > Open game file) or an OpenSpiel game,
    and say what it is."""
    return game_info(open_source(source))


def _user_game_position(
    source: GameSource, line: tuple[int, ...], *, cancel: CancelToken
) -> PositionInfo:
    """What the position after ``line`` (move indices) of that game looks like."""
    return position_info(open_source(source), line)


def _openspiel_games(*, cancel: CancelToken) -> tuple[OpenSpielEntry, ...]:
    """The OpenSpiel games the app can search (OpenSpielMissing, a GameError that says
    how to install it, without the extra)."""
    return searchable_games()


def _solve_game_file(
    path: str,
    class_name: str | None,
    ply_limit: int,
    options: dict[str, Any],
    *,
    cancel: CancelToken,
) -> SolvedFile:
    """Load a user's game file and search it from its initial state (``options``: the
    command line's, as a dict)."""
    game = load_game(path, class_name, ply_limit)
    state = game.initial_state()
    args = argparse.Namespace(**options)
    settings = search_settings(args, game.has_chance, len(game.players))
    notes = []
    if settings.transposition_table:
        try:
            game.key(state)
        except GameError as error:
            notes.append(f"note: transposition table off: {error}")
            settings = dataclasses.replace(settings, transposition_table=False)
    answer, convention = game_answer(game, state, settings, shape=bool(args.shape))
    return SolvedFile(answer, game.title, convention, tuple(notes))


def _check_game(
    path: str,
    class_name: str | None,
    ply_limit: int,
    playouts: int,
    seed: int,
    *,
    cancel: CancelToken,
) -> CheckReport:
    """``check-game``: play random games of a user's game file and say what holds."""
    return check_game(load_game(path, class_name, ply_limit), playouts, seed)


CALLS: Final[dict[str, Call]] = {
    "compare": Call(_compare, (CompareError, ComparisonCancelled, GameError)),
    "compare_mcts": Call(_compare_mcts, (CompareError, ComparisonCancelled, GameError)),
    "review_position": Call(_review_position, (ReviewError, GameError)),
    "review_depth": Call(_review_depth, (ReviewError, GameError)),
    "transform_decisions": Call(_transform_decisions, (ComparisonCancelled, GameError)),
    "solve_exercise": Call(_solve_exercise, (ExerciseError, ComparisonCancelled, GameError)),
    "check_search_load": Call(_check_search_load, (StudentFileError,)),
    "check_search_expected": Call(_check_search_expected, (GameError,)),
    "check_search_run": Call(_check_search_run, (StudentFileError,)),
    "user_game_open": Call(_user_game_open, (GameError,)),
    "user_game_position": Call(_user_game_position, (GameError,)),
    "openspiel_games": Call(_openspiel_games, (GameError,)),
    "solve_game_file": Call(_solve_game_file, (GameError,)),
    "check_game": Call(_check_game, (GameError,)),
}
