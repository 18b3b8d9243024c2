"""The strict pruning rule (UC Berkeley CS188's: cut only when v > beta at MAX, v < alpha
at MIN) against the textbook's (cut at v >= beta, v <= alpha too).

Both rules give minimax's value and best move; the strict one searches every leaf the
textbook's does, and more where a value equals the bound. The oracle trees are CS188's
q3/6-tied-root shape: a root MAX whose first child's value equals a later sibling's.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamesearch_gui.core.narration.facts import bound_text
from gamesearch_gui.core.narration.steps import describe_step
from gamesearch_gui.core.recording.depth_first import SearchRecording
from gamesearch_gui.core.recording.mcts import new_recording
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import Bound
from gamesearch_gui.core.search import Ordering
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import SettingsError
from gamesearch_gui.core.search import search
from gamesearch_gui.core.trees.file import load_tree
from gamesearch_gui.core.trees.tree import CustomTree
from gamesearch_gui.core.trees.tree import TreeGame
from tests.core.leaves import leaves_and_cuts
from tests.core.reference import assert_optimal
from tests.core.reference import reference_value
from tests.core.tree_strategies import player_trees
from tests.core.tree_strategies import trees
from tests.properties import examples

EQUAL = SearchSettings(Algorithm.ALPHABETA)
STRICT = SearchSettings(Algorithm.ALPHABETA, strict_pruning=True)


# -- the tied root, by hand ---------------------------------------------------------------


def tied_root() -> CustomTree:
    """CS188's q3/6-tied-root: MAX's first child is worth 10, and its second (MIN) child's
    first leaf is 10 too, equal to alpha; the leaf after it is 0."""
    return load_tree("[[10], [10, 0]]", "tied root")


def test_tied_root_the_textbook_rule_prunes_at_equal_values() -> None:
    game = TreeGame(tied_root())
    assert leaves_and_cuts(game, EQUAL) == (["0.0", "1.0"], ["1.1"])
    result = search(game, game.tree.root, EQUAL)
    assert (result.value, result.best_move) == (10, 0)
    # The second move's 10 is a bound: at most 10 (it was cut at alpha = 10).
    assert [(m.value, m.bound) for m in result.root_moves] == [
        (10, Bound.EXACT),
        (10, Bound.UPPER),
    ]


def test_tied_root_the_strict_rule_searches_past_an_equal_value() -> None:
    game = TreeGame(tied_root())
    assert leaves_and_cuts(game, STRICT) == (["0.0", "1.0", "1.1"], [])
    result = search(game, game.tree.root, STRICT)
    assert (result.value, result.best_move) == (10, 0)
    # 0 is below alpha = 10: a bound, as fail-soft's values outside the window are.
    assert [(m.value, m.bound) for m in result.root_moves] == [(10, Bound.EXACT), (0, Bound.UPPER)]


def test_a_value_past_the_bound_cuts_under_both_rules() -> None:
    # B's first leaf, 3, is below alpha = 10: both rules cut B's other leaves.
    game = TreeGame(load_tree("[[10], [3, 20, 0]]", "past"))
    for settings in (EQUAL, STRICT):
        assert leaves_and_cuts(game, settings) == (["0.0", "1.0"], ["1.1", "1.2"])


def test_tied_root_at_depth_three_under_max_and_min() -> None:
    # A MIN root whose MAX child ties beta: the mirror image, one level deeper.
    tree = load_tree(
        '{"format": "gamesearch-tree", "version": 1, "root": {"type": "min", "children": ['
        '{"type": "max", "children": [{"value": 4}, {"value": 2}]},'
        '{"type": "max", "children": [{"value": 4}, {"value": 9}, {"value": 1}]}]}}',
        "mirror",
    )
    game = TreeGame(tree)
    assert leaves_and_cuts(game, EQUAL) == (["0.0", "0.1", "1.0"], ["1.1", "1.2"])
    # Strict: 4 is not past beta = 4, so the 9 is searched, and it cuts the 1.
    assert leaves_and_cuts(game, STRICT) == (["0.0", "0.1", "1.0", "1.1"], ["1.2"])
    for settings in (EQUAL, STRICT):
        result = search(game, tree.root, settings)
        assert (result.value, result.best_move) == (4, 0)


def test_a_transposition_table_keeps_the_strict_rule() -> None:
    game = TreeGame(tied_root())
    table = SearchSettings(Algorithm.ALPHABETA, strict_pruning=True, transposition_table=True)
    assert leaves_and_cuts(game, table) == leaves_and_cuts(game, STRICT)


def test_star1_strict_searches_an_outcome_that_only_ties_the_bound() -> None:
    # A MAX root: its first child is worth 5; the chance node after it, with leaves in
    # [0, 10], has 0 then 5 at 1/2 each... its first outcome 0 holds it to at most
    # 0/2 + 10/2 = 5 = alpha: the textbook's Star1 cuts there, the strict rule does not.
    tree = load_tree(
        '{"format": "gamesearch-tree", "version": 1, "value_bounds": [0, 10], "root": '
        '{"type": "max", "children": [{"value": 5}, {"type": "chance", "children": ['
        '{"value": 0, "probability": 0.5}, {"value": 5, "probability": 0.5}]}]}}',
        "chance tie",
    )
    game = TreeGame(tree)
    equal = SearchSettings(Algorithm.STAR1)
    strict = SearchSettings(Algorithm.STAR1, strict_pruning=True)
    assert leaves_and_cuts(game, equal) == (["0", "1.0"], ["1.1"])
    assert leaves_and_cuts(game, strict) == (["0", "1.0", "1.1"], [])
    for settings in (equal, strict):
        result = search(game, tree.root, settings)
        assert (result.value, result.best_move) == (5, 0)


# -- settings ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("settings", "words"),
    [
        ({"algorithm": Algorithm.MINIMAX}, "minimax prunes nothing"),
        ({"algorithm": Algorithm.EXPECTIMINIMAX}, "expectiminimax prunes nothing"),
        ({"algorithm": Algorithm.ALPHABETA, "fail_hard": True}, "strict pruning is fail-soft"),
    ],
)
def test_strict_pruning_is_refused_where_it_means_nothing(
    settings: dict[str, object], words: str
) -> None:
    with pytest.raises(SettingsError, match=words):
        SearchSettings(strict_pruning=True, **settings)  # type: ignore[arg-type]


def test_the_rule_is_named() -> None:
    assert STRICT.pruning_rule == "strict"
    assert EQUAL.pruning_rule == "equal values"
    assert SearchSettings(Algorithm.MINIMAX).pruning_rule == ""


# -- properties -------------------------------------------------------------------------


@examples(500)
@given(
    trees(max_depth=4, max_branching=4, evals=True, values=(-3, 3)),
    st.sampled_from([Ordering.NONE, Ordering.STATIC]),
    st.one_of(st.none(), st.integers(1, 4)),
)
def test_both_rules_give_minimax_and_strict_never_evaluates_fewer_leaves(
    tree: CustomTree, ordering: Ordering, depth: int | None
) -> None:
    game = TreeGame(tree)
    plain = search(game, tree.root, SearchSettings(Algorithm.MINIMAX, depth=depth))
    common = {"ordering": ordering, "depth": depth}
    equal = search(game, tree.root, SearchSettings(Algorithm.ALPHABETA, **common))
    strict = search(
        game, tree.root, SearchSettings(Algorithm.ALPHABETA, strict_pruning=True, **common)
    )
    if depth is None:
        assert plain.value == reference_value(game, tree.root)
        assert_optimal(game, tree.root, strict.best_move)
    assert equal.value == strict.value == plain.value
    # The same order searched, so the same first among equals.
    assert strict.best_move == equal.best_move
    if ordering is Ordering.NONE:
        assert equal.best_move == strict.best_move == plain.best_move
    assert strict.stats.leaves >= equal.stats.leaves
    # More: every leaf the textbook's rule evaluates, the strict rule evaluates too.
    settings = SearchSettings(Algorithm.ALPHABETA, **common)
    strict_settings = SearchSettings(Algorithm.ALPHABETA, strict_pruning=True, **common)
    equal_leaves, _ = leaves_and_cuts(game, settings)
    strict_leaves, _ = leaves_and_cuts(game, strict_settings)
    assert set(equal_leaves) <= set(strict_leaves)


@examples(300)
@given(
    trees(max_depth=4, max_branching=3, values=(-3, 3)),
    st.sampled_from(list(Ordering)),
    st.booleans(),
    st.booleans(),
)
def test_strict_with_every_feature_gives_minimax(
    tree: CustomTree, ordering: Ordering, table: bool, exact_root: bool
) -> None:
    game = TreeGame(tree)
    plain = search(game, tree.root, SearchSettings(Algorithm.MINIMAX))
    strict = search(
        game,
        tree.root,
        SearchSettings(
            Algorithm.ALPHABETA,
            strict_pruning=True,
            ordering=ordering,
            transposition_table=table,
            exact_root_values=exact_root,
        ),
    )
    assert strict.value == plain.value
    assert_optimal(game, tree.root, strict.best_move)
    for move in strict.root_moves:
        # An exact root value is the move's minimax value; a bound is on its side of it.
        truth = reference_value(game, tree.root.children[move.move])
        if move.bound is Bound.EXACT:
            assert move.value == truth
        elif move.bound is Bound.UPPER:
            assert truth <= move.value
        else:
            assert truth >= move.value


@examples(300)
@given(trees(max_depth=4, max_branching=3, chance=True, values=(-3, 3)))
def test_star1_strict_gives_expectiminimax(tree: CustomTree) -> None:
    game = TreeGame(tree)
    plain = search(game, tree.root, SearchSettings(Algorithm.EXPECTIMINIMAX))
    equal = search(game, tree.root, SearchSettings(Algorithm.STAR1))
    strict = search(game, tree.root, SearchSettings(Algorithm.STAR1, strict_pruning=True))
    assert strict.value == pytest.approx(plain.value)
    assert strict.best_move == plain.best_move
    assert strict.stats.leaves >= equal.stats.leaves


@examples(200)
@given(st.integers(3, 4).flatmap(lambda n: player_trees(players=n, max_depth=4)))
def test_paranoid_strict_gives_paranoid(tree: CustomTree) -> None:
    game = TreeGame(tree)
    equal = search(game, tree.root, SearchSettings(Algorithm.PARANOID))
    strict = search(game, tree.root, SearchSettings(Algorithm.PARANOID, strict_pruning=True))
    assert strict.value == equal.value
    assert strict.best_move == equal.best_move
    assert strict.stats.leaves >= equal.stats.leaves


# -- the words ----------------------------------------------------------------------------


def cut_words(tree: CustomTree, settings: SearchSettings) -> list[str]:
    """Each cutoff of a recorded search of ``tree``, as the step line says it."""
    game = TreeGame(tree)
    recording = new_recording(game, settings, None)
    assert isinstance(recording, SearchRecording)
    recording.finish(search(game, tree.root, settings, listener=recording))
    return [describe_step(recording, cut.seq) for cut in recording.cutoffs]


def test_the_steps_say_which_rule_cut() -> None:
    assert cut_words(tied_root(), EQUAL) == [
        "MIN node after 1: value 10 ≤ α = 10, so its remaining child is pruned (equal values prune)"
    ]
    assert cut_words(tied_root(), STRICT) == []
    # A cut both rules make: the strict rule's says so, the textbook's adds nothing.
    past = load_tree("[[10], [3, 20, 0]]", "past")
    assert cut_words(past, STRICT) == [
        "MIN node after 1: value 3 < α = 10, so its remaining 2 children are pruned (strict rule)"
    ]
    assert cut_words(past, EQUAL) == [
        "MIN node after 1: value 3 ≤ α = 10, so its remaining 2 children are pruned"
    ]


def test_a_value_on_the_edge_is_exact_under_the_strict_rule() -> None:
    # B = min(10, 20) = 10 = alpha: the textbook's rule cuts at the 10 and knows only
    # "at most 10"; the strict rule searches the 20 and knows B is 10.
    tree = load_tree("[[10], [10, 20]]", "edge")
    game = TreeGame(tree)
    for settings, bound in ((EQUAL, "at most 10"), (STRICT, "")):
        recording = new_recording(game, settings, None)
        assert isinstance(recording, SearchRecording)
        recording.finish(search(game, tree.root, settings, listener=recording))
        b = recording.next_sibling[recording.first_child[0]]
        assert bound_text(recording, b, recording.event_count).startswith(bound)
        assert bool(bound_text(recording, b, recording.event_count)) == bool(bound)


def test_the_step_into_a_node_only_the_strict_rule_searches_says_so() -> None:
    game = TreeGame(tied_root())
    said = {}
    for settings in (STRICT, EQUAL):
        recording = new_recording(game, settings, None)
        assert isinstance(recording, SearchRecording)
        recording.finish(search(game, game.tree.root, settings, listener=recording))
        words = [describe_step(recording, k) for k in range(recording.event_count)]
        said[settings.strict_pruning] = [w for w in words if "would skip it" in w]
    assert said[True] == [
        "Move 1 leads to leaf after 1 1, entered with α = 10, β = 10 (α = β: pruning on "
        "equal values would skip it; the strict rule searches on)"
    ]
    assert said[False] == []  # the textbook's search never enters that leaf
