"""Exercises by the strict pruning rule (CS188's): the key, the grade and its reasons
follow the rule the exercise was made with, and the exercise says which rule it is."""

from __future__ import annotations

import pathlib

import pytest

from gamesearch_gui.core.exercises.exercise import Difficulty
from gamesearch_gui.core.exercises.exercise import ExerciseError
from gamesearch_gui.core.exercises.exercise import Field
from gamesearch_gui.core.exercises.exercise import Task
from gamesearch_gui.core.exercises.exercise import exercise_set
from gamesearch_gui.core.exercises.exercise import make_exercise
from gamesearch_gui.core.exercises.exercise import random_exercise
from gamesearch_gui.core.exercises.exercise import solve_exercise
from gamesearch_gui.core.exercises.grade import grade
from gamesearch_gui.core.exercises.history import ExerciseHistory
from gamesearch_gui.core.exercises.history import entry_for
from gamesearch_gui.core.trees.file import load_tree

#: CS188's q3/6-tied-root shape: A (MAX) has B (MIN, over 10) and C (MIN, over 10 and 0).
TIED = "[[10], [10, 0]]"
A, B, C = (), (0,), (1,)


def keys() -> tuple[object, object]:
    tree = load_tree(TIED, "tied root")
    return (
        solve_exercise(make_exercise(tree, Task.ALPHABETA)),
        solve_exercise(make_exercise(tree, Task.ALPHABETA, strict=True)),
    )


def test_the_key_follows_the_rule() -> None:
    equal, strict = keys()
    # The textbook's rule cuts C at its first leaf (10 ≤ α = 10): C returns 10.
    assert equal.pruned == ((1, 1),)  # type: ignore[attr-defined]
    assert equal.nodes[C].value == 10  # type: ignore[attr-defined]
    # The strict rule does not: C sees its 0 and returns it.
    assert strict.pruned == ()  # type: ignore[attr-defined]
    assert strict.nodes[C].value == 0  # type: ignore[attr-defined]
    assert equal.value == strict.value == 10  # type: ignore[attr-defined]


def test_the_textbook_s_answer_in_a_strict_exercise_is_wrong_saying_why() -> None:
    equal, strict = keys()
    result = grade(strict, equal.answer())  # type: ignore[arg-type, attr-defined]
    wrong = {(v.path, v.field): v.reason for v in result.mistakes}
    assert set(wrong) == {(C, Field.VALUE), (C, Field.BETA), ((1, 1), Field.PRUNED)}
    assert wrong[((1, 1), Field.PRUNED)] == (
        "Leaf C2 is evaluated: MIN node C has not fallen below α when it comes to it, so "
        "nothing is cut yet (strict rule: an equal value does not cut)"
    )
    # Its own answer scores 100.
    own = grade(strict, strict.answer())  # type: ignore[arg-type, attr-defined]
    assert own.score == 100


def test_a_strict_answer_in_a_textbook_exercise_is_wrong_saying_why() -> None:
    equal, strict = keys()
    result = grade(equal, strict.answer())  # type: ignore[arg-type, attr-defined]
    cut = [v.reason for v in result.mistakes if v.field is Field.PRUNED]
    assert cut == [
        "Leaf C2 is never evaluated: MIN node C cuts as soon as its value falls to α, so the "
        "rest of its children are cut"
    ]


def test_the_exercise_says_its_rule() -> None:
    tree = load_tree(TIED, "tied root")
    strict = make_exercise(tree, Task.ALPHABETA, strict=True)
    assert strict.task_title == "Alpha-beta pruning (fail-soft, strict rule)"
    assert "a value equal to it does not cut (the strict rule)" in strict.instructions
    assert strict.settings.strict_pruning
    textbook = make_exercise(tree, Task.ALPHABETA)
    assert textbook.task_title == "Alpha-beta pruning (fail-soft)"
    assert "strict" not in textbook.instructions


@pytest.mark.parametrize(
    ("task", "fail_hard", "words"),
    [
        (Task.MINIMAX, False, "a minimax values exercise prunes nothing"),
        (Task.ALPHABETA, True, "the strict rule is fail-soft"),
    ],
)
def test_the_strict_rule_is_refused_where_it_means_nothing(
    task: Task, fail_hard: bool, words: str
) -> None:
    with pytest.raises(ExerciseError, match=words):
        make_exercise(load_tree(TIED, "t"), task, strict=True, fail_hard=fail_hard)


def test_random_exercises_sets_and_history_keep_the_rule(tmp_path: pathlib.Path) -> None:
    medium = Difficulty(3, (2, 3))
    assert random_exercise(medium, Task.ALPHABETA, "4711", strict=True).strict
    assert all(e.strict for e in exercise_set("s", 2, medium, Task.ALPHABETA, strict=True))
    path = str(tmp_path / "history.json")
    history = ExerciseHistory(path)
    exercise = make_exercise(load_tree(TIED, "tied root"), Task.ALPHABETA, strict=True)
    history.add(entry_for(exercise, 100, 9, 9, 0))
    again = ExerciseHistory(path)
    assert again.problem == ""
    assert again.entries[0].exercise().strict
    assert again.entries[0].task_title == "Alpha-beta pruning (fail-soft, strict rule)"
