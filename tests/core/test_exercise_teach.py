"""Exercises that teach: alpha-beta's convention, a Check that gives nothing away, Star1.

Issue 14: an exercise says which convention it grades (fail-soft by default, or
fail-hard); Check marks each entry right, wrong or not yet filled in, and never shows a
number the student has not earned; a Star1 task asks which children are never examined.
"""

from __future__ import annotations

import math
import pathlib
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamesearch_gui.core.exercises.exercise import Answer
from gamesearch_gui.core.exercises.exercise import AnswerKey
from gamesearch_gui.core.exercises.exercise import Difficulty
from gamesearch_gui.core.exercises.exercise import ExerciseError
from gamesearch_gui.core.exercises.exercise import Field
from gamesearch_gui.core.exercises.exercise import Task
from gamesearch_gui.core.exercises.exercise import exercise_set
from gamesearch_gui.core.exercises.exercise import give_hint
from gamesearch_gui.core.exercises.exercise import make_exercise
from gamesearch_gui.core.exercises.exercise import random_exercise
from gamesearch_gui.core.exercises.exercise import solve_exercise
from gamesearch_gui.core.exercises.grade import Grade
from gamesearch_gui.core.exercises.grade import Mark
from gamesearch_gui.core.exercises.grade import grade
from gamesearch_gui.core.exercises.history import ExerciseHistory
from gamesearch_gui.core.exercises.history import entry_for
from gamesearch_gui.core.narration.reasons import bounds_line
from gamesearch_gui.core.numbers import format_number
from gamesearch_gui.core.trees.examples import example
from gamesearch_gui.core.trees.random_tree import random_tree
from gamesearch_gui.core.trees.tree import CustomTree
from gamesearch_gui.core.trees.tree import NodeType
from gamesearch_gui.core.trees.tree import TreeNode
from gamesearch_gui.core.trees.tree import rebuild
from gamesearch_gui.core.trees.tree import same_tree
from tests.properties import examples

INF = math.inf
A, B, C, D = (), (0,), (1,), (2,)


def figure_5_2(*, fail_hard: bool = False, shift: float = 0) -> AnswerKey:
    tree = example("figure-5-2").tree()
    if shift:

        def moved(node: TreeNode) -> TreeNode:
            value = None if node.value is None else node.value + shift
            return TreeNode(node.type, (), value, None, None, node.label, node.move)

        tree = CustomTree(tree.name, rebuild(tree.root, change=moved))
    return solve_exercise(make_exercise(tree, Task.ALPHABETA, fail_hard=fail_hard))


# Figure 5.2 solved by hand the fail-hard way: C fails low at its first leaf (2 ≤ α = 3)
# and returns α = 3; D ends at 2 ≤ α = 3 and returns α = 3 too.
FAIL_HARD_ANSWER = Answer(
    values={A: 3, B: 3, C: 3, D: 3},
    alphas={A: 3, B: -INF, C: 3, D: 3},
    betas={A: INF, B: 3, C: INF, D: 5},
    pruned={(1, 1), (1, 2)},
)


# -- the convention --------------------------------------------------------------------


def test_a_fail_hard_answer_scores_100_in_a_fail_hard_exercise() -> None:
    key = figure_5_2(fail_hard=True)
    result = grade(key, FAIL_HARD_ANSWER.copy())
    assert result.score == 100, [v.reason for v in result.mistakes]
    assert result.summary() == "Score 100%: 14 of 14 right"


def test_the_same_answer_in_a_fail_soft_exercise_is_wrong_at_c_and_d_saying_why() -> None:
    key = figure_5_2()
    result = grade(key, FAIL_HARD_ANSWER.copy())
    assert [(v.path, v.field) for v in result.mistakes] == [(C, Field.VALUE), (D, Field.VALUE)]
    for verdict in result.mistakes:
        assert "fail-soft: it returns its own value, even outside α and β" in verdict.reason
        assert verdict.reason.endswith(": not 3")
    assert result.summary() == "Score 85%: 12 of 14 right, 2 wrong"


def test_a_fail_soft_answer_in_a_fail_hard_exercise_names_fail_hard() -> None:
    key = figure_5_2(fail_hard=True)
    soft = figure_5_2().answer()
    result = grade(key, soft)
    assert [(v.path, v.field) for v in result.mistakes] == [(C, Field.VALUE), (D, Field.VALUE)]
    for verdict in result.mistakes:
        assert "fail-hard: it returns α when it fails low and β when it fails high" in (
            verdict.reason
        )


@pytest.mark.parametrize("fail_hard", [False, True])
def test_a_right_value_that_is_only_a_bound_says_so(fail_hard: bool) -> None:
    # C and D fail low: what they return (2, or fail-hard's α = 3) is an upper bound.
    key = figure_5_2(fail_hard=fail_hard)
    result = grade(key, key.answer())
    reasons = {(v.path, v.field): v.reason for v in result.verdicts}
    returned = "3" if fail_hard else "2"
    for path in (C, D):
        assert reasons[path, Field.VALUE].endswith(
            f": {returned}, only an upper bound (it fails low: its true value is at most that)"
        )
    assert "bound" not in reasons[B, Field.VALUE] and "bound" not in reasons[A, Field.VALUE]
    assert bounds_line(key) == (
        f"Only bounds (cut short): MIN node C ≤ {returned}; MIN node D ≤ {returned}"
    )
    # Minimax searches with no window: nothing is a bound.
    tree = example("figure-5-2").tree()
    assert bounds_line(solve_exercise(make_exercise(tree, Task.MINIMAX))) == ""


def test_the_exercise_states_its_convention() -> None:
    tree = example("figure-5-2").tree()
    soft = make_exercise(tree, Task.ALPHABETA)
    hard = make_exercise(tree, Task.ALPHABETA, fail_hard=True)
    assert not soft.fail_hard and hard.fail_hard
    assert "fail-soft: a node returns its own value" in soft.instructions
    assert "fail-hard: a node returns α or β at a cutoff" in hard.instructions
    assert soft.task_title == "Alpha-beta pruning (fail-soft)"
    assert hard.task_title == "Alpha-beta pruning (fail-hard)"
    assert hard.settings.fail_hard and not soft.settings.fail_hard
    assert make_exercise(tree, Task.MINIMAX).task_title == "Minimax values"


@pytest.mark.parametrize("task", [Task.MINIMAX, Task.EXPECTIMINIMAX])
def test_fail_hard_is_only_for_alpha_beta(task: Task) -> None:
    with pytest.raises(ExerciseError, match="fail-hard is a convention of alpha-beta"):
        make_exercise(example("figure-5-2").tree(), task, fail_hard=True)


def test_random_exercises_and_sets_carry_the_convention() -> None:
    medium = Difficulty(3, (2, 3))
    soft = random_exercise(medium, Task.ALPHABETA, "4711")
    hard = random_exercise(medium, Task.ALPHABETA, "4711", fail_hard=True)
    assert hard.fail_hard and not soft.fail_hard
    assert same_tree(hard.tree, soft.tree)
    assert [e.fail_hard for e in exercise_set("s", 3, medium, Task.ALPHABETA, fail_hard=True)] == [
        True,
        True,
        True,
    ]
    assert not any(e.fail_hard for e in exercise_set("s", 3, medium, Task.ALPHABETA))


def test_the_history_keeps_the_convention_and_old_entries_read_as_fail_soft(
    tmp_path: pathlib.Path,
) -> None:
    path = str(tmp_path / "history.json")
    history = ExerciseHistory(path)
    hard = make_exercise(example("figure-5-2").tree(), Task.ALPHABETA, fail_hard=True)
    history.add(entry_for(hard, 100, 14, 14, 0))
    again = ExerciseHistory(path)
    assert again.problem == ""
    assert again.entries[0].exercise().fail_hard
    assert again.entries[0].task_title == "Alpha-beta pruning (fail-hard)"

    # A file written before the convention existed: no "fail_hard" key at all.
    text = pathlib.Path(path).read_text(encoding="utf-8")
    old = re.sub(r',\s*"fail_hard": true', "", text)
    assert old != text
    with open(path, "w", encoding="utf-8") as f:
        f.write(old)
    before = ExerciseHistory(path)
    assert before.problem == ""
    assert not before.entries[0].exercise().fail_hard
    assert before.entries[0].task_title == "Alpha-beta pruning (fail-soft)"

    with open(path, "w", encoding="utf-8") as f:
        f.write(text.replace('"fail_hard": true', '"fail_hard": "yes"'))
    damaged = ExerciseHistory(path)
    assert "fail_hard 'yes' is not true or false" in damaged.problem


# -- a Check that gives nothing away -------------------------------------------------------

NUMBER = re.compile(r"[+\-−]?∞|[\-−]?\d+(?:\.\d+)?")


def shown_numbers(text: str) -> set[str]:
    return set(NUMBER.findall(text.replace("−", "-")))


def allowed_numbers(key: AnswerKey, answer: Answer) -> set[str]:
    """What the student may see: the leaves, the probabilities and bounds the sheet
    gives, and every entry they wrote or had revealed."""
    tree = key.exercise.tree
    allowed: set[str] = set()
    for node in tree.nodes():
        if node.value is not None:
            allowed.add(format_number(node.value))
        if node.probability is not None:
            allowed.add(format_number(node.probability))
    allowed.update(format_number(b) for b in tree.bounds())
    for field_ in (Field.VALUE, Field.ALPHA, Field.BETA):
        allowed.update(format_number(v) for v in answer.numbers(field_).values())
    return {a.replace("−", "-").lstrip("+") for a in allowed} | {
        a.replace("−", "-") for a in allowed
    }


def check_text(result: Grade) -> str:
    return "\n".join([result.summary(), *(v.reason for v in result.verdicts)])


def values_seen(text: str) -> set[str]:
    """The numbers in ``text`` that could be a value: over 900 (the shifted tree's values
    lie from 1000 up; counts and percentages stay below), or an infinity."""
    return {n for n in shown_numbers(text) if "∞" in n or abs(float(n)) > 900}


def test_check_on_a_half_done_figure_5_2_shows_no_number_not_earned() -> None:
    key = figure_5_2(shift=1000)  # values 1002 to 1014: no count or score can be one
    answer = Answer(values={B: 1003, C: 1004}, alphas={B: -INF}, pruned=set())
    result = grade(key, answer)
    text = check_text(result)
    assert values_seen(text) <= allowed_numbers(key, answer), text
    assert "1002" not in text.replace("the leaf 1002", "")  # C's value is the student's to find
    assert result.summary() == "Score 14%: 2 of 14 right, 3 wrong, 9 not yet filled in"
    marks = {(v.path, v.field): v.mark for v in result.verdicts}
    assert marks[(B, Field.VALUE)] is Mark.RIGHT
    assert marks[(C, Field.VALUE)] is Mark.WRONG
    assert marks[(A, Field.VALUE)] is Mark.EMPTY
    # C has a value written, so its cuts are judged: both missed. D's are not reached yet.
    assert marks[((1, 1), Field.PRUNED)] is Mark.WRONG
    empty_cut = [v for v in result.verdicts if v.field is Field.PRUNED and v.mark is Mark.EMPTY]
    assert all(v.reason == "" for v in empty_cut)


def test_a_hinted_entry_may_be_shown_and_the_rest_still_not() -> None:
    key = figure_5_2(shift=1000)
    answer = Answer()
    give_hint(key, answer)  # reveals B: value, α and β
    result = grade(key, answer)
    text = check_text(result)
    assert "1003" in text  # B's value, revealed
    assert values_seen(text) <= allowed_numbers(key, answer), text


@st.composite
def half_done(draw: st.DrawFn) -> tuple[AnswerKey, Answer]:
    depth = draw(st.integers(2, 4))
    chance = draw(st.sampled_from([0.0, 0.5])) if depth > 2 else 0.0
    tree = random_tree(
        depth,
        (2, 3),
        (1000, 1020),
        chance_layers=[1] if chance else [],
        seed=draw(st.integers(0, 10**6)),
    )
    task = Task.EXPECTIMINIMAX if chance else draw(st.sampled_from([Task.ALPHABETA, Task.MINIMAX]))
    fail_hard = task is Task.ALPHABETA and draw(st.booleans())
    key = solve_exercise(make_exercise(tree, task, fail_hard=fail_hard))
    answer = Answer()
    full = key.answer()
    for path, field_ in key.items():
        choice = draw(st.sampled_from(["empty", "right", "wrong"]))
        if choice == "right":
            answer.set(path, field_, full.get(path, field_))
        elif choice == "wrong" and field_ is not Field.PRUNED:
            answer.set(path, field_, draw(st.integers(1000, 1020)))
    if draw(st.booleans()):
        give_hint(key, answer)
    return key, answer


@examples(150)
@given(half_done())
def test_check_never_shows_a_number_not_written_given_or_revealed(
    case: tuple[AnswerKey, Answer],
) -> None:
    key, answer = case
    result = grade(key, answer)
    text = check_text(result)
    assert values_seen(text) <= allowed_numbers(key, answer), text
    counted = result.earned + result.wrong + result.empty + result.hints
    assert counted == result.total
    for verdict in result.verdicts:
        if verdict.mark is Mark.EMPTY and not verdict.hinted:
            assert answer.get(verdict.path, verdict.field) in (None, False)


def test_the_summary_lists_empties_apart() -> None:
    key = figure_5_2()
    answer = Answer(values={B: 3, C: 2, D: 7}, alphas={B: -INF}, betas={B: 3})
    result = grade(key, answer)
    # Right: B's three and C's value; wrong: D's value, C's two missed cuts.
    assert result.summary() == "Score 28%: 4 of 14 right, 3 wrong, 7 not yet filled in"
    assert result.score == 100 * 4 // 14


# -- Star1 -------------------------------------------------------------------------------

STAR1_SHAPE = Difficulty(3, (2, 3), 0.5)


def star1_keys(count: int = 20) -> list[AnswerKey]:
    return [solve_exercise(random_exercise(STAR1_SHAPE, Task.STAR1, i)) for i in range(count)]


def test_a_random_star1_exercise_states_its_bounds_and_asks_only_for_cuts() -> None:
    exercise = random_exercise(STAR1_SHAPE, Task.STAR1, "4711")
    assert exercise.tree.has_chance
    assert exercise.tree.value_bounds == (0, 20)
    assert "all values lie between 0 and 20" in exercise.instructions
    assert "Cross out every branch that is never searched" in exercise.instructions
    key = solve_exercise(exercise)
    assert {f for _, f in key.items()} <= {Field.PRUNED}
    assert [p for p, _ in key.items()] == list(key.pruned)


def test_star1_needs_chance_nodes() -> None:
    with pytest.raises(ExerciseError, match="Star1 prunes at chance nodes: the tree has none"):
        make_exercise(example("figure-5-2").tree(), Task.STAR1)
    with pytest.raises(ExerciseError, match="needs a tree with chance levels"):
        random_exercise(Difficulty(3, (2, 3)), Task.STAR1, 1)


def test_the_engines_star1_answer_scores_100() -> None:
    keys = star1_keys()
    assert sum(1 for k in keys if k.pruned) >= 10  # most such trees prune something
    for key in keys:
        result = grade(key, key.answer())
        assert result.score == 100, [v.reason for v in result.mistakes]


def test_star1_catches_one_missed_mark() -> None:
    for key in star1_keys():
        for top in key.pruned:
            answer = key.answer()
            answer.pruned.discard(top)
            result = grade(key, answer)
            assert result.score < 100
            assert [(v.path, v.field) for v in result.mistakes] == [(top, Field.PRUNED)]
            reason = result.mistakes[0].reason
            assert "never searched" in reason or "never evaluated" in reason
            parent = key.exercise.tree.node_at(top[:-1])
            if parent.type is NodeType.CHANCE:
                assert "with every child still unseen at 0" in reason
                assert "with every one at 20" in reason


def test_star1_catches_one_wrong_mark() -> None:
    for key in star1_keys():
        searched = [p for p in key.nodes if p and not key.is_cut(p)]
        for path in searched[:6]:
            answer = key.answer()
            answer.pruned.add(path)
            result = grade(key, answer)
            assert result.score < 100
            assert [(v.path, v.field) for v in result.mistakes] == [(path, Field.PRUNED)]
            assert "nothing is cut yet" in result.mistakes[0].reason


def test_a_star1_exercise_keeps_its_bounds_in_the_history(tmp_path: pathlib.Path) -> None:
    path = str(tmp_path / "history.json")
    exercise = random_exercise(STAR1_SHAPE, Task.STAR1, "b")
    ExerciseHistory(path).add(entry_for(exercise, 50, 1, 2, 0))
    again = ExerciseHistory(path).entries[0].exercise()
    assert again.task is Task.STAR1
    assert again.tree.value_bounds == (0, 20)
    assert again.instructions == exercise.instructions
