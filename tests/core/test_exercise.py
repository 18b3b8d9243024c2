"""Exercises: the answer key agrees with the search, the grader catches every single
mistake and explains it, hints reveal the key in order, and exercises are reproducible."""

from __future__ import annotations

import math
from collections.abc import Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamesearch_gui.core.exercises.exercise import CUSTOM
from gamesearch_gui.core.exercises.exercise import DIFFICULTIES
from gamesearch_gui.core.exercises.exercise import MAX_EXERCISE_NODES
from gamesearch_gui.core.exercises.exercise import MAX_RANDOM_LEAVES
from gamesearch_gui.core.exercises.exercise import Answer
from gamesearch_gui.core.exercises.exercise import AnswerKey
from gamesearch_gui.core.exercises.exercise import Difficulty
from gamesearch_gui.core.exercises.exercise import Exercise
from gamesearch_gui.core.exercises.exercise import ExerciseError
from gamesearch_gui.core.exercises.exercise import Field
from gamesearch_gui.core.exercises.exercise import Task
from gamesearch_gui.core.exercises.exercise import difficulty_name
from gamesearch_gui.core.exercises.exercise import exercise_set
from gamesearch_gui.core.exercises.exercise import exercise_tree
from gamesearch_gui.core.exercises.exercise import give_hint
from gamesearch_gui.core.exercises.exercise import hint_node
from gamesearch_gui.core.exercises.exercise import make_exercise
from gamesearch_gui.core.exercises.exercise import parse_entry
from gamesearch_gui.core.exercises.exercise import random_exercise
from gamesearch_gui.core.exercises.exercise import search_order
from gamesearch_gui.core.exercises.exercise import solve_exercise
from gamesearch_gui.core.exercises.grade import Mark
from gamesearch_gui.core.exercises.grade import grade
from gamesearch_gui.core.exercises.grade import node_name
from gamesearch_gui.core.recording.depth_first import format_number
from gamesearch_gui.core.trees.examples import EXAMPLES
from gamesearch_gui.core.trees.examples import PLAYER_EXAMPLES
from gamesearch_gui.core.trees.examples import Example
from gamesearch_gui.core.trees.examples import example
from gamesearch_gui.core.trees.examples import pennies_tree
from gamesearch_gui.core.trees.random_tree import random_tree
from gamesearch_gui.core.trees.tree import CustomTree
from gamesearch_gui.core.trees.tree import NodeType
from gamesearch_gui.core.trees.tree import Path
from gamesearch_gui.core.trees.tree import TreeNode
from gamesearch_gui.core.trees.tree import inner
from gamesearch_gui.core.trees.tree import leaf
from gamesearch_gui.core.trees.tree import path_text
from gamesearch_gui.core.trees.tree import same_tree
from tests.core.tree_strategies import trees
from tests.properties import examples

PROPERTY = examples(200)

# Figure 5.2's nodes by path: A is the root; B, C, D its MIN children.
A: Path = ()
B: Path = (0,)
C: Path = (1,)
D: Path = (2,)
INF = math.inf


def figure_5_2(task: Task) -> AnswerKey:
    return solve_exercise(make_exercise(example("figure-5-2").tree(), task))


def tasks_for(tree: CustomTree) -> list[Task]:
    return [Task.EXPECTIMINIMAX] if tree.has_chance else [Task.MINIMAX, Task.ALPHABETA]


def reference(node: TreeNode) -> float:
    """Plain recursive minimax / expectiminimax, written apart from the app's search."""
    if node.type is NodeType.LEAF:
        assert node.value is not None
        return float(node.value)
    values = [reference(c) for c in node.children]
    if node.type is NodeType.MAX:
        return max(values)
    if node.type is NodeType.MIN:
        return min(values)
    return sum((c.probability or 0.0) * v for c, v in zip(node.children, values, strict=True))


def close(a: float, b: float) -> bool:
    return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9)


def hint_sequence(key: AnswerKey, answer: Answer) -> list[Path]:
    """give_hint until it has nothing left, checking hint_node names each node first."""
    revealed: list[Path] = []
    for _ in range(len(key.items()) + 1):
        upcoming = hint_node(key, answer)
        path = give_hint(key, answer)
        assert path == upcoming
        if path is None:
            return revealed
        revealed.append(path)
    raise AssertionError("give_hint never ran out of hints")


def unique_paths(key: AnswerKey) -> list[Path]:
    seen: list[Path] = []
    for path, _ in key.items():
        if path not in seen:
            seen.append(path)
    return seen


# -- Figure 5.2, alpha-beta ------------------------------------------------------------


def test_figure_5_2_alphabeta_key_values_and_pruning() -> None:
    key = figure_5_2(Task.ALPHABETA)
    assert key.value == 3
    assert {p: key.nodes[p].value for p in (A, B, C, D)} == {A: 3, B: 3, C: 2, D: 2}
    # C's 4 and 6 are never looked at; nothing else is skipped.
    assert key.pruned == ((1, 1), (1, 2))
    assert [path_text(p) for p in key.pruned] == ["1.1", "1.2"]
    assert key.is_cut((1, 1)) and key.is_cut((1, 2))
    assert not key.is_cut(C) and not key.is_cut((1, 0)) and not key.is_cut((2, 0))
    assert (1, 1) not in key.nodes and (1, 2) not in key.nodes
    # The search settles B, C, D, then the root.
    assert key.order == (B, C, D, A)


def test_figure_5_2_alphabeta_windows_as_the_search_leaves_them() -> None:
    key = figure_5_2(Task.ALPHABETA)
    left_with = {p: (key.nodes[p].alpha_out, key.nodes[p].beta_out) for p in (A, B, C, D)}
    assert left_with == {
        B: (-INF, 3),  # B lowers beta to 3 (3, then 12 and 8 are larger)
        C: (3, INF),  # C cuts at its first leaf 2 <= alpha 3, before lowering beta
        D: (3, 5),  # D lowers beta 14, then 5; the last leaf 2 ends it without a cut
        A: (3, INF),  # the root raises alpha to B's 3; C's and D's 2 are lower
    }
    entered_with = {p: (key.nodes[p].alpha_in, key.nodes[p].beta_in) for p in (A, B, C, D)}
    assert entered_with == {A: (-INF, INF), B: (-INF, INF), C: (3, INF), D: (3, INF)}
    # D's leaves are each entered with the window D has when it gets to them.
    assert [(key.nodes[(2, i)].alpha_in, key.nodes[(2, i)].beta_in) for i in range(3)] == [
        (3, INF),
        (3, 14),
        (3, 5),
    ]
    cut = key.nodes[C]
    assert (cut.pruned, cut.cut_value, cut.cut_alpha, cut.cut_beta) == (((1, 1), (1, 2)), 2, 3, INF)
    assert key.nodes[D].pruned == ()


def test_figure_5_2_alphabeta_items_in_settling_order() -> None:
    key = figure_5_2(Task.ALPHABETA)
    numbers = [Field.VALUE, Field.ALPHA, Field.BETA]
    assert key.items() == [
        *((B, f) for f in numbers),
        ((1, 1), Field.PRUNED),
        ((1, 2), Field.PRUNED),
        *((C, f) for f in numbers),
        *((D, f) for f in numbers),
        *((A, f) for f in numbers),
    ]
    assert key.expected(C, Field.VALUE) == 2
    assert key.expected(D, Field.BETA) == 5
    assert key.expected((1, 1), Field.PRUNED) is True
    assert key.expected((2, 0), Field.PRUNED) is False


def test_figure_5_2_the_keys_own_answer_scores_100() -> None:
    key = figure_5_2(Task.ALPHABETA)
    answer = key.answer()
    assert answer.values == {A: 3, B: 3, C: 2, D: 2}
    assert answer.alphas == {A: 3, B: -INF, C: 3, D: 3}
    assert answer.betas == {A: INF, B: 3, C: INF, D: 5}
    assert answer.pruned == {(1, 1), (1, 2)}
    assert not answer.hinted
    result = grade(key, answer)
    assert result.score == 100
    assert result.mistakes == []
    assert (result.earned, result.total, result.hints) == (14, 14, 0)
    assert result.summary() == "Score 100%: 14 of 14 right"
    assert all(v.correct and v.reason and "\n" not in v.reason for v in result.verdicts)


def test_figure_5_2_whole_numbers_typed_as_int_count_too() -> None:
    # Answer's dicts are typed float, which admits int: 3 is as right as 3.0.
    key = figure_5_2(Task.ALPHABETA)
    answer = Answer(
        values={A: 3, B: 3, C: 2, D: 2},
        alphas={A: 3, B: -INF, C: 3, D: 3},
        betas={A: INF, B: 3, C: INF, D: 5},
        pruned={(1, 1), (1, 2)},
    )
    assert grade(key, answer).score == 100


def only_mistake(key: AnswerKey, answer: Answer) -> tuple[int, str, str]:
    result = grade(key, answer)
    assert len(result.mistakes) == 1, [v.reason for v in result.mistakes]
    wrong = result.mistakes[0]
    assert result.score < 100
    assert "\n" not in wrong.reason
    return result.score, wrong.reason, wrong.given


def test_figure_5_2_wrong_value_of_c() -> None:
    key = figure_5_2(Task.ALPHABETA)
    answer = key.answer()
    answer.values[C] = 4
    result = grade(key, answer)
    assert [(v.path, v.field) for v in result.mistakes] == [(C, Field.VALUE)]
    wrong = result.mistakes[0]
    assert wrong.given == "4"
    # The rule, not the answer: the key's 2 (and C's α of 3) are the student's to find.
    assert wrong.reason == (
        "MIN node C takes the smallest value of the children it searched, and cuts as soon "
        "as that value falls to α (fail-soft: it returns its own value, even outside α and "
        "β): not 4"
    )
    assert result.score == 100 * 13 // 14 == 92
    assert result.summary() == "Score 92%: 13 of 14 right, 1 wrong"


def test_figure_5_2_crossing_out_a_searched_leaf() -> None:
    key = figure_5_2(Task.ALPHABETA)
    answer = key.answer()
    answer.pruned.add((2, 0))  # leaf after a3 d1
    result = grade(key, answer)
    assert [(v.path, v.field) for v in result.mistakes] == [((2, 0), Field.PRUNED)]
    wrong = result.mistakes[0]
    assert wrong.reason == (
        "Leaf after a3 d1 is evaluated: MIN node D has not fallen to α when it comes to "
        "it, so nothing is cut yet"
    )
    assert wrong.given == "crossed out"
    # A wrong extra mark costs: 14 right entries of 15.
    assert (result.earned, result.total, result.score) == (14, 15, 93)


def test_figure_5_2_crossing_out_a_searched_inner_node_or_the_root() -> None:
    key = figure_5_2(Task.ALPHABETA)
    answer = key.answer()
    answer.pruned.add(D)
    _, reason, _ = only_mistake(key, answer)
    assert reason.startswith("MIN node D is searched: MAX node A has not reached β")
    answer = key.answer()
    answer.pruned.add(A)
    _, reason, _ = only_mistake(key, answer)
    assert reason == "The root is always searched"


def test_figure_5_2_not_crossing_out_a_pruned_leaf() -> None:
    key = figure_5_2(Task.ALPHABETA)
    answer = key.answer()
    answer.pruned.discard((1, 1))  # leaf after a2 c2
    result = grade(key, answer)
    assert [(v.path, v.field) for v in result.mistakes] == [((1, 1), Field.PRUNED)]
    wrong = result.mistakes[0]
    assert wrong.reason == (
        "Leaf after a2 c2 is never evaluated: MIN node C cuts as soon as its value falls "
        "to α, so the rest of its children are cut"
    )
    assert wrong.given == "not crossed out"
    assert (result.earned, result.total) == (13, 14)


def test_figure_5_2_crossing_out_c_itself_is_not_crossing_out_its_leaves() -> None:
    # C is searched (its first leaf decides the cut): crossing C out is wrong, and the
    # two leaves below it are still asked for.
    key = figure_5_2(Task.ALPHABETA)
    answer = key.answer()
    answer.pruned -= {(1, 1), (1, 2)}
    answer.pruned.add(C)
    result = grade(key, answer)
    assert sorted((v.path, v.field) for v in result.mistakes) == [
        (C, Field.PRUNED),
        ((1, 1), Field.PRUNED),
        ((1, 2), Field.PRUNED),
    ]


def test_figure_5_2_wrong_alpha_and_beta() -> None:
    key = figure_5_2(Task.ALPHABETA)
    answer = key.answer()
    answer.betas[C] = 2  # the cut comes before beta would be lowered
    _, reason, given = only_mistake(key, answer)
    assert given == "2"
    assert reason == (
        "MIN node C starts from the β it was given and lowers it to each child value below "
        "it (but not after a cutoff): not β = 2 when it is left"
    )
    answer = key.answer()
    answer.alphas[B] = 3  # a MIN node never changes alpha
    _, reason, given = only_mistake(key, answer)
    assert given == "3"
    assert reason == (
        "MIN node B never changes α (it keeps the α it was given): not α = 3 when it is left"
    )
    answer = key.answer()
    answer.alphas[A] = 2  # the root's alpha rises to B's 3 and stays there
    _, reason, given = only_mistake(key, answer)
    assert given == "2"
    assert "MAX node A starts from the α it was given and raises it" in reason


def test_figure_5_2_empty_entries_and_extra_entries() -> None:
    key = figure_5_2(Task.ALPHABETA)
    answer = key.answer()
    del answer.values[D]
    result = grade(key, answer)
    assert result.mistakes == []
    (empty,) = [v for v in result.verdicts if v.mark is Mark.EMPTY]
    assert (empty.path, empty.field, empty.given) == (D, Field.VALUE, "")
    assert empty.reason == "MIN node D: its value, not yet filled in"
    assert result.summary() == "Score 92%: 13 of 14 right, 1 not yet filled in"

    answer = key.answer()
    answer.values[(1, 1)] = 4  # a value on a leaf that is never evaluated
    score, reason, given = only_mistake(key, answer)
    assert given == "4"
    assert "never searched" in reason
    assert score == 100 * 14 // 15

    answer = key.answer()
    answer.values[(0, 0)] = 3  # a leaf's value is given, not worked out
    _, reason, _ = only_mistake(key, answer)
    assert "is a leaf" in reason


def test_figure_5_2_mistakes_are_listed_in_the_order_the_tree_is_searched() -> None:
    # A student works down the tree: the root's mistake first, then B's, then the cut
    # under C, then D's and the leaf under D, as the search comes to them; never D
    # before B before A (the order the search settles the nodes in).
    key = figure_5_2(Task.ALPHABETA)
    answer = key.answer()
    answer.values[D] = 14
    answer.pruned.add((2, 0))  # a leaf D evaluates
    answer.betas[B] = 12
    answer.pruned.discard((1, 1))  # a cut C makes, missed
    answer.values[A] = 2
    result = grade(key, answer)
    assert [(v.path, v.field) for v in result.mistakes] == [
        (A, Field.VALUE),
        (B, Field.BETA),
        ((1, 1), Field.PRUNED),
        (D, Field.VALUE),
        ((2, 0), Field.PRUNED),
    ]
    # Every verdict, right or wrong, in that order too.
    places = [search_order(v.path, v.field) for v in result.verdicts]
    assert places == sorted(places)


def test_within_two_decimals_is_right_and_beyond_is_wrong() -> None:
    key = figure_5_2(Task.ALPHABETA)
    answer = key.answer()
    answer.values[B] = 3.004
    assert grade(key, answer).score == 100
    answer.values[B] = 3.01
    assert grade(key, answer).score < 100


# -- Figure 5.2, minimax ---------------------------------------------------------------


def test_figure_5_2_minimax_key() -> None:
    key = figure_5_2(Task.MINIMAX)
    assert {p: key.nodes[p].value for p in (A, B, C, D)} == {A: 3, B: 3, C: 2, D: 2}
    assert key.pruned == ()
    assert key.items() == [(B, Field.VALUE), (C, Field.VALUE), (D, Field.VALUE), (A, Field.VALUE)]
    # Every node is visited, C's 4 and 6 included.
    assert set(key.nodes) == {n.path for n in key.exercise.tree.nodes()}
    answer = key.answer()
    assert answer.values == {A: 3, B: 3, C: 2, D: 2}
    assert not answer.alphas and not answer.betas and not answer.pruned
    assert grade(key, answer).score == 100


@pytest.mark.parametrize("path", [(1, 1), (1, 2), (2, 0), C, A])
def test_figure_5_2_minimax_crossing_anything_out_is_wrong(path: Path) -> None:
    key = figure_5_2(Task.MINIMAX)
    answer = key.answer()
    answer.pruned.add(path)
    result = grade(key, answer)
    assert [(v.path, v.field) for v in result.mistakes] == [(path, Field.PRUNED)]
    assert result.score == 100 * 4 // 5
    if path:
        assert "minimax values prunes nothing" in result.mistakes[0].reason


def test_figure_5_2_minimax_asks_for_no_alpha_or_beta() -> None:
    key = figure_5_2(Task.MINIMAX)
    answer = key.answer()
    answer.alphas[A] = 3
    _, reason, given = only_mistake(key, answer)
    assert given == "3"
    assert reason == "Minimax values asks for no α or β"


# -- the examples library ----------------------------------------------------------------


def example_cases() -> Iterator[object]:
    for e in EXAMPLES:
        for task in tasks_for(e.tree()):
            yield pytest.param(e, task, id=f"{e.key}-{task.value}")


@pytest.mark.parametrize(("e", "task"), list(example_cases()))
def test_every_example_as_an_exercise(e: Example, task: Task) -> None:
    tree = e.tree()
    if tree.node_count > MAX_EXERCISE_NODES:
        with pytest.raises(ExerciseError, match=f"at most {MAX_EXERCISE_NODES}"):
            make_exercise(tree, task)
        return
    exercise = make_exercise(tree, task, source=f"example {e.key}")
    assert exercise.title == e.title
    assert exercise.source == f"example {e.key}"
    assert all(n.eval is None for n in exercise.tree.nodes())
    key = solve_exercise(exercise)
    full_value = e.expected_value if e.depth is None else e.full_value
    assert full_value is not None
    assert key.value == pytest.approx(full_value)
    if task is Task.ALPHABETA and e.expected_pruned is not None:
        assert tuple(path_text(p) for p in key.pruned) == e.expected_pruned
    if task is not Task.ALPHABETA:
        assert key.pruned == ()
    result = grade(key, key.answer())
    assert result.score == 100
    assert result.mistakes == []


def test_the_horizon_example_is_solved_to_the_leaves() -> None:
    # Its evals make depth 2 look like 6; an exercise has no evals and no cutoff.
    e = example("horizon-effect")
    key = solve_exercise(make_exercise(e.tree(), Task.ALPHABETA))
    assert key.value == e.full_value == 4
    assert key.value != e.expected_value


# -- properties on random trees ----------------------------------------------------------

# Up to 121 nodes: always within MAX_EXERCISE_NODES.
plain_trees = trees(max_depth=4, max_branching=3)
chance_trees = trees(max_depth=4, max_branching=3, chance=True)


# Seeded random trees: fuller, so alpha-beta cuts (also above inner nodes) are common.
seeded_trees = st.builds(
    lambda depth, branching, chance, early_leaf, seed: random_tree(
        depth,
        branching,
        (-5, 5),
        chance_layers=chance,
        early_leaf=early_leaf,
        seed=seed,
    ),
    st.integers(2, 4),
    st.sampled_from([(1, 3), (2, 3)]),
    st.sampled_from([0.0, 0.4]),
    st.sampled_from([0.0, 0.2]),
    st.integers(0, 10**6),
)


# Full trees with alpha-beta: nearly always some cutoffs, often above inner nodes.
full_alphabeta = st.builds(
    lambda depth, seed: make_exercise(
        random_tree(depth, (2, 3), (-5, 5), seed=seed), Task.ALPHABETA
    ),
    st.integers(3, 4),
    st.integers(0, 10**6),
)


@st.composite
def mixed_exercises(draw: st.DrawFn) -> Exercise:
    tree = draw(st.one_of(seeded_trees, plain_trees, chance_trees))
    task = draw(st.sampled_from(tasks_for(tree)))
    return make_exercise(tree, task)


def exercises() -> st.SearchStrategy[Exercise]:
    return st.one_of(mixed_exercises(), full_alphabeta)


@PROPERTY
@given(exercises())
def test_the_engines_answer_always_scores_100(exercise: Exercise) -> None:
    key = solve_exercise(exercise)
    result = grade(key, key.answer())
    assert result.score == 100
    assert result.mistakes == []
    assert result.earned == result.total == len(key.items())
    assert result.hints == 0
    per_node = 3 if exercise.task is Task.ALPHABETA else 1
    inner_visited = [p for p, n in key.nodes.items() if n.type is not NodeType.LEAF]
    assert len(key.items()) == per_node * len(inner_visited) + len(key.pruned)
    assert sorted(key.order) == sorted(inner_visited)


@PROPERTY
@given(exercises())
def test_the_key_agrees_with_plain_minimax(exercise: Exercise) -> None:
    key = solve_exercise(exercise)
    tree = exercise.tree
    all_paths = {n.path for n in tree.nodes()}
    assert close(key.value, reference(tree.root))
    if exercise.task is not Task.ALPHABETA:
        # Nothing is pruned: every node is visited and has its exact value.
        assert key.pruned == ()
        assert set(key.nodes) == all_paths
        for node in tree.nodes():
            assert close(key.nodes[node.path].value, reference(node)), path_text(node.path)
        return
    # Alpha-beta: every node is either visited or lies in exactly one skipped subtree.
    cut = {p for p in all_paths if key.is_cut(p)}
    assert cut.isdisjoint(key.nodes)
    assert cut | set(key.nodes) == all_paths
    assert len(set(key.pruned)) == len(key.pruned)
    # Fail-soft: a value inside the window it was searched with is exact; outside, a bound.
    for path, visited in key.nodes.items():
        true = reference(tree.node_at(path))
        if visited.alpha_in < visited.value < visited.beta_in:
            assert visited.value == true
        elif visited.value <= visited.alpha_in:
            assert true <= visited.value
        else:
            assert true >= visited.value


@PROPERTY
@given(exercises())
def test_search_order_is_the_order_the_search_enters_the_nodes(exercise: Exercise) -> None:
    # The key's nodes are kept in the order the recording entered them.
    key = solve_exercise(exercise)
    entered = list(key.nodes)
    assert sorted(entered, key=lambda p: search_order(p, Field.VALUE)) == entered
    # The cuts too, as an answer key lists what is never searched: in that order.
    assert list(key.pruned) == sorted(key.pruned, key=lambda p: search_order(p, Field.PRUNED))
    # Every mistake listed in that order: a node the search enters first comes first.
    answer = key.answer()
    for path, field_ in key.items():
        if field_ is Field.PRUNED:
            answer.pruned.discard(path)
        elif field_ is Field.VALUE:
            answer.values[path] = 1000.0
    listed = [v.path for v in grade(key, answer).mistakes]
    visited = [p for p in listed if p in key.nodes]
    assert visited == [p for p in entered if p in visited]


@st.composite
def numeric_mistakes(draw: st.DrawFn) -> tuple[AnswerKey, Path, Field, float]:
    key = solve_exercise(draw(exercises()))
    path, field_ = draw(st.sampled_from([i for i in key.items() if i[1] is not Field.PRUNED]))
    expected = key.expected(path, field_)
    assert not isinstance(expected, bool)
    if math.isinf(expected):
        wrong = draw(st.sampled_from([-expected, 0.0, float(draw(st.integers(-50, 50)))]))
    else:
        kind = draw(st.sampled_from(["shift", "+inf", "-inf"]))
        if kind == "shift":
            step = draw(st.floats(0.01, 1000, allow_nan=False))
            wrong = expected + draw(st.sampled_from([step, -step]))
        else:
            wrong = INF if kind == "+inf" else -INF
    return key, path, field_, wrong


@PROPERTY
@given(numeric_mistakes())
def test_any_single_wrong_number_is_the_one_mistake(
    case: tuple[AnswerKey, Path, Field, float],
) -> None:
    key, path, field_, wrong = case
    answer = key.answer()
    answer.set(path, field_, wrong)
    result = grade(key, answer)
    assert [(v.path, v.field) for v in result.mistakes] == [(path, field_)]
    assert result.score < 100
    assert result.earned == result.total - 1
    verdict = result.mistakes[0]
    assert verdict.given == format_number(wrong)
    symbol = {Field.VALUE: "", Field.ALPHA: "α = ", Field.BETA: "β = "}[field_]
    assert f": not {symbol}{format_number(wrong)}" in verdict.reason


@st.composite
def mark_toggles(draw: st.DrawFn) -> tuple[AnswerKey, str, Path]:
    key = solve_exercise(draw(exercises()))
    toggles = [("add", p) for p in key.nodes] + [("remove", p) for p in key.pruned]
    action, path = draw(st.sampled_from(toggles))
    return key, action, path


@PROPERTY
@given(mark_toggles())
def test_any_single_wrong_mark_is_caught(case: tuple[AnswerKey, str, Path]) -> None:
    key, action, path = case
    answer = key.answer()
    if action == "add":
        assert path not in answer.pruned
        answer.pruned.add(path)
    else:
        answer.pruned.remove(path)
    result = grade(key, answer)
    assert result.score < 100
    assert [(v.path, v.field) for v in result.mistakes] == [(path, Field.PRUNED)]
    reason = result.mistakes[0].reason
    if action == "add" and not path:
        assert reason == "The root is always searched"
    elif action == "add":
        assert "is searched" in reason or "is evaluated" in reason
    else:
        assert "never searched" in reason or "never evaluated" in reason


@PROPERTY
@given(exercises())
def test_hints_reveal_the_key_in_settling_order(exercise: Exercise) -> None:
    key = solve_exercise(exercise)
    answer = Answer()
    revealed = hint_sequence(key, answer)
    assert revealed == unique_paths(key)
    assert [p for p in revealed if p not in key.pruned] == list(key.order)
    result = grade(key, answer)
    assert result.mistakes == []
    assert (result.score, result.earned, result.hints) == (0, 0, len(key.items()))


# -- hints -------------------------------------------------------------------------------


def test_figure_5_2_hints_on_an_empty_answer() -> None:
    key = figure_5_2(Task.ALPHABETA)
    answer = Answer()
    assert grade(key, answer).score == 0
    assert hint_sequence(key, answer) == [B, (1, 1), (1, 2), C, D, A]
    assert hint_node(key, answer) is None
    assert give_hint(key, answer) is None
    assert answer.values == key.answer().values
    assert answer.pruned == {(1, 1), (1, 2)}
    result = grade(key, answer)
    assert result.mistakes == []
    assert result.score == 0
    assert result.hints == len(key.items()) == 14
    assert all(v.hinted for v in result.verdicts)
    assert result.summary() == "Score 0%: 0 of 14 right, 14 revealed by hints"


def test_a_hint_skips_the_nodes_already_right() -> None:
    key = figure_5_2(Task.ALPHABETA)
    answer = Answer(values={B: 3}, alphas={B: -INF}, betas={B: 3}, pruned={(1, 1), (1, 2)})
    assert hint_node(key, answer) == C
    assert give_hint(key, answer) == C
    assert (answer.values[C], answer.alphas[C], answer.betas[C]) == (2, 3, INF)
    assert answer.hinted == {(C, Field.VALUE), (C, Field.ALPHA), (C, Field.BETA)}
    assert hint_node(key, answer) == D
    result = grade(key, answer)
    assert (result.earned, result.hints) == (5, 3)
    assert {v.path for v in result.verdicts if v.hinted} == {C}


def test_a_hint_fixes_a_wrong_entry_and_that_entry_then_earns_nothing() -> None:
    key = figure_5_2(Task.ALPHABETA)
    answer = key.answer()
    answer.values[D] = 5
    assert hint_node(key, answer) == D
    assert give_hint(key, answer) == D
    assert answer.values[D] == 2
    assert hint_node(key, answer) is None
    result = grade(key, answer)
    assert result.mistakes == []
    # All of D's entries are revealed (value, alpha, beta), so they earn nothing.
    assert (result.earned, result.hints, result.total) == (11, 3, 14)
    assert result.score == 100 * 11 // 14


def test_a_pruned_subtree_crossed_out_below_its_top_counts_as_crossed_out() -> None:
    # A cut that skips an inner node: crossing out every leaf below it counts as
    # crossing out the node itself; crossing out only some of them does not.
    tree = CustomTree(
        "cut skips a subtree",
        inner(
            NodeType.MAX,
            [
                inner(NodeType.MIN, [leaf(5), leaf(6)]),
                inner(NodeType.MIN, [leaf(1), inner(NodeType.MAX, [leaf(7), leaf(8)])]),
            ],
        ),
    )
    key = solve_exercise(make_exercise(tree, Task.ALPHABETA))
    assert key.pruned == ((1, 1),)
    answer = key.answer()
    answer.pruned = {(1, 1, 0), (1, 1, 1)}
    assert grade(key, answer).score == 100
    answer.pruned = {(1, 1, 0)}
    result = grade(key, answer)
    assert [(v.path, v.field) for v in result.mistakes] == [((1, 1), Field.PRUNED)]
    assert result.mistakes[0].reason == (
        "MAX node D is never searched: MIN node C cuts as soon as its value falls to α, "
        "so the rest of its children are cut"
    )


# -- parse_entry -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("3", 3.0),
        (" -2.5 ", -2.5),
        ("7/3", 7 / 3),
        ("−4", -4.0),
        ("inf", INF),
        ("+∞", INF),
        ("∞", INF),
        ("-inf", -INF),
        ("−∞", -INF),
        ("Infinity", INF),
        ("0", 0.0),
    ],
)
def test_parse_entry_reads_numbers(text: str, value: float) -> None:
    parsed = parse_entry(text)
    assert parsed == pytest.approx(value)
    assert isinstance(parsed, float)


@pytest.mark.parametrize("text", ["", "   ", "\t"])
def test_parse_entry_empty_is_none(text: str) -> None:
    assert parse_entry(text) is None


@pytest.mark.parametrize(
    "text", ["abc", "1/0", "nan", "1e999", "3 4", "1/x", "1" + "0" * 400 + "/1"]
)
def test_parse_entry_refuses_what_is_not_a_number(text: str) -> None:
    with pytest.raises(ValueError, match="is not a number") as error:
        parse_entry(text)
    assert f"“{text}”" in str(error.value)


# -- random exercises ------------------------------------------------------------------


def test_random_exercise_is_reproducible_from_its_seed() -> None:
    difficulty = Difficulty(3, (2, 3))
    a = random_exercise(difficulty, Task.ALPHABETA, 42)
    b = random_exercise(difficulty, Task.ALPHABETA, 42)
    assert same_tree(a.tree, b.tree)
    assert (a.source, a.seed, a.title) == (b.source, b.seed, b.title)
    assert a.seed == "42"
    assert a.source == "random tree (depth 3, 2–3 children), seed 42"
    c = random_exercise(difficulty, Task.ALPHABETA, 43)
    assert not same_tree(a.tree.root, c.tree.root)
    assert c.source != a.source
    # A string seed is the same seed as its int.
    assert same_tree(random_exercise(difficulty, Task.ALPHABETA, "42").tree, a.tree)
    # Its tree has the difficulty's shape, is named A, B, C... and has no evals.
    assert a.tree.height == 3
    assert all(2 <= len(n.children) <= 3 for n in a.tree.nodes() if n.type is not NodeType.LEAF)
    assert a.tree.root.label == "A"
    assert all(n.eval is None for n in a.tree.nodes())
    values = [n.value for n in a.tree.nodes() if n.type is NodeType.LEAF]
    assert all(v is not None and 0 <= v <= 20 for v in values)


def test_exercise_set_is_reproducible_and_its_exercises_differ() -> None:
    difficulty = Difficulty(2, (2, 3))
    one = exercise_set("week 3", 5, difficulty, Task.MINIMAX)
    again = exercise_set("week 3", 5, difficulty, Task.MINIMAX)
    other = exercise_set("week 4", 5, difficulty, Task.MINIMAX)
    assert len(one) == 5
    assert [e.title for e in one] == [f"Exercise {i}" for i in range(1, 6)]
    assert [e.seed for e in one] == [f"week 3-{i}" for i in range(1, 6)]
    for a, b in zip(one, again, strict=True):
        assert same_tree(a.tree, b.tree)
        assert a.source == b.source
    assert all(not same_tree(a.tree.root, b.tree.root) for a, b in zip(one, other, strict=True))
    roots = [e.tree.root for e in one]
    assert all(not same_tree(roots[i], roots[j]) for i in range(5) for j in range(i + 1, 5))
    assert all(e.task is Task.MINIMAX for e in one)
    assert grade(solve_exercise(one[0]), solve_exercise(one[0]).answer()).score == 100


@pytest.mark.parametrize("count", [0, 201])
def test_exercise_set_size_is_checked(count: int) -> None:
    with pytest.raises(ExerciseError, match=f"a set has 1 to 200 exercises, not {count}"):
        exercise_set(1, count, Difficulty(), Task.MINIMAX)


@pytest.mark.parametrize(
    ("difficulty", "message"),
    [
        (Difficulty(depth=0), "depth must be between 1 and 6, not 0"),
        (Difficulty(depth=7), "depth must be between 1 and 6, not 7"),
        (
            Difficulty(depth=5, branching=(2, 3)),
            "depth 5 with up to 3 children can make 364 nodes; an exercise has at most 300",
        ),
        (Difficulty(depth=1, chance_share=0.5), "chance nodes need a tree of depth 2 or more"),
        (
            Difficulty(depth=6, branching=(2, 3)),
            "depth 6 with at least 2 children makes at least 64 leaves; a random exercise "
            "has at most 32",
        ),
        (Difficulty(branching=(1, 1)), "children per node must be a range"),
        (Difficulty(branching=(3, 2)), "not 3 to 2"),
        (Difficulty(chance_share=1.5), "the share of chance levels is 0 to 1, not 1.5"),
        (Difficulty(values=(10, 0)), "leaf values (10, 0) are not a range"),
    ],
)
def test_difficulty_refusals(difficulty: Difficulty, message: str) -> None:
    with pytest.raises(ExerciseError) as error:
        difficulty.check()
    assert message in str(error.value)
    with pytest.raises(ExerciseError):
        random_exercise(difficulty, Task.EXPECTIMINIMAX, 1)


def leaf_count(exercise: Exercise) -> int:
    return sum(1 for node in exercise.tree.nodes() if node.type is NodeType.LEAF)


def test_random_trees_have_at_most_the_leaves_a_page_holds() -> None:
    hard = DIFFICULTIES["Hard"]  # depth 4 with 2 to 3 children: up to 81 leaves drawn
    counts = [leaf_count(random_exercise(hard, Task.ALPHABETA, seed)) for seed in range(60)]
    assert max(counts) <= MAX_RANDOM_LEAVES < 3**4
    assert min(counts) >= 2**4 and len(set(counts)) > 5  # still varied
    # Redrawn trees come from seeds derived from the one given: the same seed, the same tree.
    again = [leaf_count(random_exercise(hard, Task.ALPHABETA, seed)) for seed in range(60)]
    assert again == counts
    small = Difficulty(3, (2, 5), most_leaves=12)
    assert leaf_count(random_exercise(small, Task.MINIMAX, "x")) <= 12


def test_a_shape_that_seldom_fits_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    import gamesearch_gui.core.exercises.exercise as exercise_module

    monkeypatch.setattr(exercise_module, "_TRIES", 1)
    difficulty = Difficulty(3, (4, 5), most_leaves=64)
    with pytest.raises(ExerciseError, match="seldom makes a tree of at most 64 leaves"):
        for seed in range(20):  # some first tree has more than 64 leaves
            random_exercise(difficulty, Task.MINIMAX, seed)


def test_difficulties_that_work() -> None:
    for difficulty in (Difficulty(1), Difficulty(4, (2, 3)), Difficulty(6, (1, 2))):
        difficulty.check()
        exercise = random_exercise(difficulty, Task.MINIMAX, 5)
        assert exercise.tree.height == difficulty.depth
        assert exercise.tree.node_count <= MAX_EXERCISE_NODES


def test_a_chance_share_makes_chance_levels_and_needs_expectiminimax() -> None:
    difficulty = Difficulty(3, (2, 3), chance_share=0.5)
    assert difficulty.chance_levels() == 1
    assert Difficulty(4, chance_share=0.1).chance_levels() == 1  # at least one
    assert Difficulty(4, chance_share=1).chance_levels() == 3
    assert Difficulty(4).chance_levels() == 0
    exercise = random_exercise(difficulty, Task.EXPECTIMINIMAX, 7)
    tree = exercise.tree
    assert tree.has_chance
    chance_depths = {len(n.path) for n in tree.nodes() if n.type is NodeType.CHANCE}
    assert len(chance_depths) == 1 and chance_depths <= {1, 2}
    assert tree.root.type is NodeType.MAX
    assert "1 chance level" in exercise.source
    for n in tree.nodes():
        if n.type is NodeType.CHANCE:
            assert sum(c.probability or 0.0 for c in n.children) == pytest.approx(1)
    key = solve_exercise(exercise)
    assert close(key.value, reference(tree.root))
    for task in (Task.ALPHABETA, Task.MINIMAX):
        with pytest.raises(ExerciseError, match="expectiminimax"):
            random_exercise(difficulty, task, 7)


def test_exercise_tree_names_inner_nodes_breadth_first_and_strips_evals() -> None:
    # Breadth first: X's child is named after Y, which a depth-first walk would not do.
    tree = CustomTree(
        "unnamed",
        inner(
            NodeType.MAX,
            [
                inner(NodeType.MIN, [inner(NodeType.MAX, [leaf(1), leaf(2)], eval=1), leaf(3)]),
                inner(NodeType.MIN, [leaf(4), leaf(5)], eval=4),
            ],
            eval=2,
        ),
    )
    shown = exercise_tree(tree)
    labels = {path_text(n.path): n.label for n in shown.nodes() if n.type is not NodeType.LEAF}
    assert labels == {"": "A", "0": "B", "1": "C", "0.0": "D"}
    # Each leaf by its parent's name and its place: one name on screen, paper and reasons.
    leaves = {path_text(n.path): n.label for n in shown.nodes() if n.type is NodeType.LEAF}
    assert leaves == {"0.0.0": "D1", "0.0.1": "D2", "0.1": "B2", "1.0": "C1", "1.1": "C2"}
    assert all(n.eval is None for n in shown.nodes())
    assert [n.value for n in shown.nodes()] == [n.value for n in tree.nodes()]
    assert shown.name == tree.name
    # The tree given is left as it was.
    assert tree.root.label is None and tree.root.eval == 2
    # make_exercise shows the same.
    assert same_tree(make_exercise(tree, Task.MINIMAX).tree, shown)


def test_exercise_tree_names_past_z_as_aa() -> None:
    tree = CustomTree(
        "wide",
        inner(NodeType.MAX, [inner(NodeType.MIN, [leaf(i)]) for i in range(29)]),
    )
    labels = [n.label for n in exercise_tree(tree).nodes() if n.type is not NodeType.LEAF]
    assert labels[:3] == ["A", "B", "C"]
    assert len(labels) == 30
    assert labels[25:] == ["Z", "AA", "AB", "AC", "AD"]


def test_exercise_tree_keeps_existing_labels() -> None:
    figure = example("figure-5-2").tree()
    assert exercise_tree(figure) is figure  # named and without evals: nothing to do
    partly = CustomTree(
        "partly named",
        inner(
            NodeType.MAX,
            [inner(NodeType.MIN, [leaf(1)], label="Q", eval=1), inner(NodeType.MIN, [leaf(2)])],
        ),
    )
    shown = exercise_tree(partly)
    assert [n.label for n in shown.nodes() if n.type is not NodeType.LEAF] == [None, "Q", None]
    assert all(n.eval is None for n in shown.nodes())
    # A labelled leaf does not stop the inner nodes being named.
    leaf_named = CustomTree(
        "leaf named", inner(NodeType.MAX, [leaf(1, label="x"), inner(NodeType.MIN, [leaf(2)])])
    )
    shown = exercise_tree(leaf_named)
    assert [n.label for n in shown.nodes()] == ["A", "x", "B", None]


# -- make_exercise refusals ----------------------------------------------------------------


def test_make_exercise_refuses_a_single_leaf() -> None:
    with pytest.raises(ExerciseError, match="single leaf: there is nothing to work out"):
        make_exercise(CustomTree("one leaf", leaf(3)), Task.MINIMAX)


@pytest.mark.parametrize("task", [Task.ALPHABETA, Task.MINIMAX])
def test_make_exercise_refuses_chance_without_expectiminimax(task: Task) -> None:
    tree = example("chance-small").tree()
    with pytest.raises(ExerciseError) as error:
        make_exercise(tree, task)
    assert str(error.value) == (
        f"the tree has chance nodes, so its task is expectiminimax or Star1, not "
        f"{task.title.lower()}"
    )
    assert make_exercise(tree, Task.EXPECTIMINIMAX).task is Task.EXPECTIMINIMAX


def test_make_exercise_refuses_a_tree_too_big_to_do_by_hand() -> None:
    big = random_tree(6, (3, 3), seed=1)
    assert big.node_count == 1093
    with pytest.raises(ExerciseError) as error:
        make_exercise(big, Task.ALPHABETA)
    assert str(error.value) == ("the tree has 1,093 nodes; an exercise by hand has at most 300")
    pennies = pennies_tree(10)
    assert pennies.node_count > MAX_EXERCISE_NODES
    with pytest.raises(
        ExerciseError, match=f"an exercise by hand has at most {MAX_EXERCISE_NODES}"
    ):
        make_exercise(pennies, Task.MINIMAX)


def test_make_exercise_size_limit_is_inclusive() -> None:
    most = CustomTree("most", inner(NodeType.MAX, [leaf(i) for i in range(MAX_EXERCISE_NODES - 1)]))
    assert most.node_count == MAX_EXERCISE_NODES
    assert solve_exercise(make_exercise(most, Task.MINIMAX)).value == MAX_EXERCISE_NODES - 2
    over = CustomTree("over", inner(NodeType.MAX, [leaf(i) for i in range(MAX_EXERCISE_NODES)]))
    with pytest.raises(ExerciseError, match="301 nodes"):
        make_exercise(over, Task.MINIMAX)


def test_make_exercise_refuses_a_leaf_without_value_and_an_empty_inner_node() -> None:
    no_value = CustomTree("no value", inner(NodeType.MAX, [leaf(1), TreeNode(NodeType.LEAF)]))
    with pytest.raises(ExerciseError, match="the leaf at 1 has no value"):
        make_exercise(no_value, Task.MINIMAX)
    empty = CustomTree("empty", inner(NodeType.MAX, [leaf(1), inner(NodeType.MIN, [])]))
    with pytest.raises(ExerciseError, match="the min node at 1 has no children"):
        make_exercise(empty, Task.MINIMAX)


def test_make_exercise_refuses_probabilities_that_do_not_sum_to_1() -> None:
    # A tree half drawn in the editor can be like this; its key would be nonsense.
    chance = inner(NodeType.CHANCE, [leaf(1, probability=0.5), leaf(2, probability=0.4)])
    tree = CustomTree("unfinished", inner(NodeType.MAX, [chance, leaf(0)]))
    with pytest.raises(ExerciseError) as error:
        make_exercise(tree, Task.EXPECTIMINIMAX)
    assert str(error.value) == (
        "node 0: the probabilities of a chance node's children must sum to 1, not 0.9"
    )


def test_difficulty_names_the_preset_with_its_shape() -> None:
    for name, preset in DIFFICULTIES.items():
        assert difficulty_name(preset) == name
        # The chance share does not change the shape's name.
        assert difficulty_name(Difficulty(preset.depth, preset.branching, 0.5)) == name
    assert difficulty_name(Difficulty(3, (2, 4))) == CUSTOM
    assert difficulty_name(Difficulty(5, (2, 3))) == CUSTOM


def test_the_keys_search_names_each_move_as_the_exercise_names_its_node() -> None:
    # A random tree's moves have no names: the key's search calls them by the nodes
    # they lead to, as the exercise shows them, never by their place (0, 1, 2).
    key = solve_exercise(random_exercise(DIFFICULTIES["Medium"], Task.ALPHABETA, 4711))
    recording = key.recording
    paths = list(key.nodes)  # in the order the recording entered them
    for n in range(1, recording.node_count):
        assert recording.move_text(n) == key.exercise.tree.node_at(paths[n]).label
    # Moves that have names keep them: Figure 5.2's a1, b1, ...
    figure = figure_5_2(Task.ALPHABETA).recording
    assert [figure.move_text(n) for n in range(1, 5)] == ["a1", "b1", "b2", "b3"]


def test_a_node_has_one_name_in_the_reasons_and_in_the_tree_view() -> None:
    # Issue 13: "a node is named the same way everywhere". A random exercise's leaves are
    # named by the grader exactly as the replay of its key names them.
    exercise = random_exercise(Difficulty(3, (2, 3), 0.0), Task.ALPHABETA, "7")
    key = solve_exercise(exercise)
    recording = key.recording
    for n in range(recording.node_count):
        path = tuple(recording.moves[m] for m in recording.path(n)[1:])
        assert node_name(exercise.tree, path) == recording.name(n)
    leaf = next(n for n in exercise.tree.nodes() if n.type is NodeType.LEAF)
    assert leaf.label and node_name(exercise.tree, leaf.path) == f"leaf {leaf.label}"


def test_a_tree_of_three_players_is_no_exercise() -> None:
    figure = next(e for e in PLAYER_EXAMPLES if "5.4" in e.title).tree()
    with pytest.raises(ExerciseError, match="3 players"):
        make_exercise(figure, Task.MINIMAX)
