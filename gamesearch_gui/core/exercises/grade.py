"""The grader: an answer checked against its key, entry by entry, with reasons that teach.

Each entry asked for is right, wrong, or not yet filled in. A reason says the rule that
makes an entry what it is, and never a number the student has not earned (the reasons
are :mod:`gamesearch_gui.core.narration.reasons`'): so checking a half-done answer never
gives the rest away.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from gamesearch_gui.core.exercises.exercise import Answer
from gamesearch_gui.core.exercises.exercise import AnswerKey
from gamesearch_gui.core.exercises.exercise import Field
from gamesearch_gui.core.exercises.exercise import Task
from gamesearch_gui.core.exercises.exercise import is_right
from gamesearch_gui.core.exercises.exercise import search_order
from gamesearch_gui.core.narration.reasons import cut_reason
from gamesearch_gui.core.narration.reasons import empty_reason
from gamesearch_gui.core.narration.reasons import entry_reason
from gamesearch_gui.core.narration.reasons import extra_reason
from gamesearch_gui.core.narration.reasons import node_name
from gamesearch_gui.core.narration.reasons import searched_reason
from gamesearch_gui.core.numbers import format_number
from gamesearch_gui.core.trees.tree import Path

__all__ = ["Grade", "Mark", "Verdict", "grade", "node_name"]


class Mark(enum.Enum):
    """What a graded entry is."""

    RIGHT = "right"
    WRONG = "wrong"
    EMPTY = "empty"  #: not yet filled in


@dataclass(frozen=True)
class Verdict:
    """One graded entry."""

    path: Path
    field: Field
    mark: Mark
    #: One line: the rule, and what was written. Empty for a cut not yet judged (saying
    #: where it is would give it away).
    reason: str
    hinted: bool = False
    given: str = ""

    @property
    def correct(self) -> bool:
        """True for a right entry."""
        return self.mark is Mark.RIGHT


@dataclass(frozen=True)
class Grade:
    """The verdicts on an answer, in the order the search meets the tree (A, B, the
    leaves under B, C, ...: as a student works down it), and its score."""

    verdicts: tuple[Verdict, ...]
    earned: int  #: right entries not revealed by a hint
    total: int  #: entries asked for, plus wrong extra entries
    hints: int  #: entries revealed by hints (or the solution)
    wrong: int = 0  #: wrong entries not revealed
    empty: int = 0  #: entries not yet filled in (and not revealed)

    @property
    def score(self) -> int:
        """Percent of all entries right, rounded down (only a perfect answer shows 100)."""
        return 100 * self.earned // self.total if self.total else 100

    @property
    def mistakes(self) -> list[Verdict]:
        """The wrong entries, in the order the search meets the tree."""
        return [v for v in self.verdicts if v.mark is Mark.WRONG]

    def summary(self) -> str:
        """One line: the score and what it is made of."""
        text = f"Score {self.score}%: {self.earned} of {self.total} right"
        if self.wrong:
            text += f", {self.wrong} wrong"
        if self.empty:
            text += f", {self.empty} not yet filled in"
        if self.hints:
            text += f", {self.hints} revealed by hints"
        return text


def grade(key: AnswerKey, answer: Answer) -> Grade:
    """Grade ``answer`` against ``key``: every entry asked for, and every wrong extra one."""
    verdicts: list[Verdict] = []
    earned = hints = wrong = empty = 0
    asked = key.items()
    asked_set = set(asked)
    for path, field_ in asked:
        verdict = _verdict(key, answer, path, field_)
        verdicts.append(verdict)
        if verdict.hinted:
            hints += 1
        elif verdict.mark is Mark.RIGHT:
            earned += 1
        elif verdict.mark is Mark.WRONG:
            wrong += 1
        else:
            empty += 1
    # Entries where none was asked: numbers on nodes the search never reached (or α/β
    # in a task without them), and crossed-out branches that are in fact searched.
    extra = 0
    for field_ in (Field.VALUE, Field.ALPHA, Field.BETA):
        for path in sorted(answer.numbers(field_)):
            if (path, field_) not in asked_set:
                verdicts.append(_extra_number(key, path, field_, answer.numbers(field_)[path]))
                extra += 1
    for path in sorted(answer.pruned):
        if not key.is_cut(path):
            verdicts.append(_wrong_mark(key, path))
            extra += 1
    # Listed as a student works down the tree, not as the search settles it (which would
    # put the root's mistakes last).
    verdicts.sort(key=lambda v: search_order(v.path, v.field))
    return Grade(tuple(verdicts), earned, len(asked) + extra, hints, wrong + extra, empty)


def _verdict(key: AnswerKey, answer: Answer, path: Path, field_: Field) -> Verdict:
    hinted = (path, field_) in answer.hinted
    right = is_right(key, answer, path, field_)
    if field_ is Field.PRUNED:
        if right:
            return Verdict(path, field_, Mark.RIGHT, cut_reason(key, path), hinted, "crossed out")
        if not _cut_judged(key, answer, path):
            return Verdict(path, field_, Mark.EMPTY, "", hinted)
        return Verdict(path, field_, Mark.WRONG, cut_reason(key, path), hinted, "not crossed out")
    given_value = answer.get(path, field_)
    if given_value is None and not right:
        return Verdict(path, field_, Mark.EMPTY, empty_reason(key, path, field_), hinted)
    given = (
        "" if given_value is None or isinstance(given_value, bool) else format_number(given_value)
    )
    reason = entry_reason(key, answer, path, field_, given, right=right)
    return Verdict(path, field_, Mark.RIGHT if right else Mark.WRONG, reason, hinted, given)


def _cut_judged(key: AnswerKey, answer: Answer, top: Path) -> bool:
    """True when a cut not crossed out counts as missed rather than not yet done: in
    alpha-beta once the node above it has a value written, in Star1 (an answer of marks
    alone) always."""
    if key.exercise.task is not Task.ALPHABETA:
        return True
    parent = top[:-1]
    return answer.get(parent, Field.VALUE) is not None or (parent, Field.VALUE) in answer.hinted


def _wrong_mark(key: AnswerKey, path: Path) -> Verdict:
    reason = searched_reason(key, path)
    return Verdict(path, Field.PRUNED, Mark.WRONG, reason, False, "crossed out")


def _extra_number(key: AnswerKey, path: Path, field_: Field, value: float) -> Verdict:
    reason = extra_reason(key, path, field_)
    return Verdict(path, field_, Mark.WRONG, reason, False, format_number(value))
