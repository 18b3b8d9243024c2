"""The exercise "does the decision flip?": a prediction graded against the decisions."""

from __future__ import annotations

from gamesearch_gui.core.decisions import decisions
from gamesearch_gui.core.exercises.flip import FLIP_EXERCISE
from gamesearch_gui.core.exercises.flip import grade_flip
from gamesearch_gui.core.trees.examples import example


def test_the_exercise_flips_and_a_right_prediction_scores_full_marks() -> None:
    key = decisions(FLIP_EXERCISE.tree(), FLIP_EXERCISE.formula)
    right = grade_flip(key, predicted_change=True)
    assert right.right and right.score == 100
    assert right.summary() == (
        "Right (100%): it changes. Before: a1 3, a2 2.5, so a1. After: a1 10, a2 12.5, so "
        "a2. The averages weigh the sizes of the values, and the transformation stretched "
        "some more than others."
    )
    wrong = grade_flip(key, predicted_change=False)
    assert not wrong.right and wrong.score == 0
    assert wrong.summary().startswith("Not this time (0%): it changes.")
    assert "x**2" in FLIP_EXERCISE.question


def test_a_decision_that_stays_grades_the_other_way_and_says_why() -> None:
    linear = decisions(FLIP_EXERCISE.tree(), "2*x + 1")
    assert grade_flip(linear, predicted_change=False).right
    assert not grade_flip(linear, predicted_change=True).right
    assert "not past each other" in grade_flip(linear, False).reason
    plain = decisions(example("figure-5-2").tree(), "x**3")
    assert grade_flip(plain, False).right
    assert "only the order of the values counts" in grade_flip(plain, False).reason
