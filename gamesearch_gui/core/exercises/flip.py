"""The exercise "does the decision flip?": predict, then see, whether a transformation of
the leaf values changes expectiminimax's decision, graded with the reason.

The student sees a tree with chance nodes and an order-preserving transformation, and
answers one question: will expectiminimax choose another move once every value x is
f(x)? The key is what :func:`gamesearch_gui.core.decisions.decisions` finds, computed by
the engine process as the editor's Transform values does; :func:`grade_flip` grades the
prediction against it and says why, with the numbers, so a wrong guess teaches the rule
(a positive linear transformation keeps expectiminimax's decision, others need not;
minimax's worst case only compares values and never changes).
"""

from __future__ import annotations

from dataclasses import dataclass

from gamesearch_gui.core.decisions import Decisions
from gamesearch_gui.core.decisions import SearchDecisions
from gamesearch_gui.core.numbers import format_number
from gamesearch_gui.core.trees.examples import example
from gamesearch_gui.core.trees.tree import CustomTree

__all__ = ["FLIP_EXERCISE", "FlipExercise", "FlipGrade", "flip_question", "grade_flip"]


@dataclass(frozen=True)
class FlipExercise:
    """One question: the example tree (by key), the formula, and how it is asked."""

    example: str  #: the key of the example tree (Help > Examples)
    formula: str

    def tree(self) -> CustomTree:
        """The exercise's tree."""
        return example(self.example).tree()

    @property
    def question(self) -> str:
        """The question as the student reads it."""
        return flip_question(self.formula)


def flip_question(formula: str) -> str:
    """The exercise's question for ``formula``."""
    return (
        f"Every leaf value x becomes {formula}, which keeps their order. Will "
        "expectiminimax choose another move?"
    )


#: The exercise the editor offers: the steady and the risky gamble, under x².
FLIP_EXERCISE = FlipExercise("chance-flip", "x**2")


@dataclass(frozen=True)
class FlipGrade:
    """A graded prediction: right or not, and one line that says why."""

    right: bool
    reason: str

    @property
    def score(self) -> int:
        """100 for a right prediction, else 0 (one question, one point)."""
        return 100 if self.right else 0

    def summary(self) -> str:
        """The verdict and the reason, as the student reads them."""
        return f"{'Right' if self.right else 'Not this time'} ({self.score}%): {self.reason}"


def _settled(row: SearchDecisions, moves: tuple[str, ...]) -> str:
    """Before: a1 3, a2 2.5, so a1. After: a1 10, a2 12.5, so a2."""
    said = []
    for when, decision in (("Before", row.before), ("After", row.after)):
        values = ", ".join(
            f"{move} {format_number(value)}"
            for move, value in zip(moves, decision.move_values, strict=True)
        )
        said.append(f"{when}: {values}, so {decision.move}.")
    return " ".join(said)


def grade_flip(decisions: Decisions, predicted_change: bool) -> FlipGrade:
    """Grade the prediction that expectiminimax's decision changes (True) or stays
    (False) against ``decisions``, with the values that settle it."""
    row = decisions.rows[-1]  # expectiminimax (minimax itself on a tree without chance)
    settled = _settled(row, decisions.moves)
    if row.changed:
        why = (
            f"it changes. {settled} The averages weigh the sizes of the values, and the "
            "transformation stretched some more than others."
        )
    elif not decisions.chance:
        why = (
            f"it stays. {settled} Without chance nodes only the order of the values "
            "counts, and an order-preserving transformation keeps it."
        )
    else:
        why = f"it stays. {settled} The averages moved, but not past each other."
    return FlipGrade(predicted_change == row.changed, why)
