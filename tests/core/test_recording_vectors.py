"""A recorded search of a game of n players keeps each node's vector and says who decided."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamesearch_gui.core.narration.facts import bound_share
from gamesearch_gui.core.narration.facts import bound_text
from gamesearch_gui.core.narration.facts import node_bound
from gamesearch_gui.core.narration.facts import shown_value
from gamesearch_gui.core.narration.steps import describe_step
from gamesearch_gui.core.recording.depth_first import NATIVE_WRITER
from gamesearch_gui.core.recording.depth_first import NONE
from gamesearch_gui.core.recording.depth_first import SearchRecording
from gamesearch_gui.core.recording.moment import Moment
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import search
from gamesearch_gui.core.trees.examples import example
from gamesearch_gui.core.trees.file import build_tree
from gamesearch_gui.core.trees.tree import CustomTree
from gamesearch_gui.core.trees.tree import TreeGame
from gamesearch_gui.core.trees.tree import TreeNode
from gamesearch_gui.core.trees.tree import path_text
from tests.core.test_maxn import reference_maxn
from tests.core.test_maxn import shallow_cut_tree
from tests.core.test_recording import NO_NATIVE
from tests.core.test_recording import _both_writers
from tests.core.test_recording import assert_same_columns
from tests.core.tree_strategies import player_trees
from tests.properties import examples

MAXN = SearchSettings(Algorithm.MAXN)
PARANOID = SearchSettings(Algorithm.PARANOID)
SHALLOW = SearchSettings(Algorithm.MAXN, shallow_pruning=True)


def recorded(tree: CustomTree, settings: SearchSettings) -> SearchRecording:
    game = TreeGame(tree)
    recording = SearchRecording(game, paranoid=settings.algorithm is Algorithm.PARANOID)
    recording.finish(search(game, tree.root, settings, listener=recording))
    return recording


def said_when_valued(recording: SearchRecording) -> dict[str, str]:
    """What the explanation line says as each node is valued, by the node's path."""
    return {
        path_text(recording.state(n).path): describe_step(recording, recording.valued_at[n])
        for n in range(recording.node_count)
    }


def test_figure_5_4_keeps_every_vector_and_says_whose_component_decided() -> None:
    tree = example("figure-5-4").tree()
    recording = recorded(tree, MAXN)
    root = 0
    assert recording.vectors[root] == (1, 2, 6)
    assert recording.value_text(root) == "(1, 2, 6)"
    assert recording.players == ("A", "B", "C")
    assert [recording.mover(n) for n in (0, 1, 2)] == [0, 1, 2]  # A, B, C down the left
    said = said_when_valued(recording)
    assert said["1"] == "B picks (1, 5, 2): 5 is B's best by move 0"
    assert said[""] == "A picks (1, 2, 6): 1 is A's best by move 0"
    assert said["0.0.0"] == "Leaf after 0 0 0 ends the game: utilities (1, 2, 6)"
    # Max^n has no window to speak of.
    assert "α" not in describe_step(recording, recording.entered_at[1])


def test_a_vector_shows_only_from_the_moment_its_node_is_valued() -> None:
    recording = recorded(example("figure-5-4").tree(), MAXN)
    k = recording.valued_at[0]
    assert not Moment(recording, k).is_valued(0)
    assert Moment(recording, k + 1).is_valued(0)


def test_paranoid_words_say_the_others_play_against_the_root_player() -> None:
    recording = recorded(example("figure-5-4").tree(), PARANOID)
    said = said_when_valued(recording)
    assert said["0"] == (
        "B plays against A (paranoid): B picks (1, 2, 6), where A gets least (1) by move 0"
    )
    (cut,) = recording.cutoffs
    words = describe_step(recording, cut.seq)
    assert words.startswith("B's node after 1: the others hold A to 1 here, ≤ α = 1")
    # The cut is on an equal value (1 ≤ α = 1): the textbook's rule, and the words say so.
    assert words.endswith("its remaining child is pruned (equal values prune)")


def test_a_shallow_cut_says_why_the_parent_will_not_come() -> None:
    tree = shallow_cut_tree()
    recording = recorded(tree, SHALLOW)
    (cut,) = recording.cutoffs
    assert describe_step(recording, cut.seq) == (
        "B's node after 1: B is sure of 3, so with the utilities' constant sum A can get at "
        "most 3 here, no more than the 5 A already has: A will not come here (shallow "
        "pruning), so its remaining child is pruned"
    )


def test_the_tree_marks_the_number_a_cut_vector_bounds() -> None:
    """A cut vector is no exact value: the tree and the details mark the one number of
    it that holds, as the command line's root values do."""
    shallow = recorded(shallow_cut_tree(), SHALLOW)
    cut = shallow.cutoffs[0].node
    assert (node_bound(shallow, cut), bound_share(shallow, cut)) == ("lower", 1)
    assert shown_value(shallow, cut) == "(0, ≥ 3, 3)"
    assert shown_value(shallow, cut, sep="") == "(0, ≥3, 3)"
    assert shown_value(shallow, 0) == "(5, 1, 0)"
    assert bound_text(shallow, cut, shallow.event_count).startswith("B is sure of at least 3")
    paranoid = recorded(example("figure-5-4").tree(), PARANOID)
    cut = paranoid.cutoffs[0].node
    assert (node_bound(paranoid, cut), bound_share(paranoid, cut)) == ("upper", 0)
    assert shown_value(paranoid, cut).startswith("(≤ 1, ")
    assert bound_text(paranoid, cut, paranoid.event_count).startswith("at most 1 for A: ")
    assert "and A already has at least α elsewhere" in bound_text(
        paranoid, cut, paranoid.event_count
    )
    exact = recorded(example("figure-5-4").tree(), MAXN)
    assert all(node_bound(exact, n) == "exact" for n in range(exact.node_count))


def test_a_two_player_tree_s_cut_vector_is_marked_too() -> None:
    """Max^n and paranoid also search games of two players: MIN, sure of at least −2
    after its first leaf, lets MAX get at most 2 there, no more than its 3."""
    tree = build_tree(
        {
            "type": "max",
            "children": [{"value": 3}, {"type": "min", "children": [{"value": 2}, {"value": 9}]}],
        }
    )
    shallow = recorded(tree, SHALLOW)
    cut = shallow.cutoffs[0].node
    assert shown_value(shallow, cut) == "(2, ≥ −2)"
    assert bound_text(shallow, cut, shallow.event_count).startswith("MIN is sure of at least −2")
    paranoid = recorded(tree, PARANOID)
    cut = paranoid.cutoffs[0].node
    assert shown_value(paranoid, cut) == "(≤ 2, −2)"
    assert bound_text(paranoid, cut, paranoid.event_count).startswith("at most 2 for MAX: ")


def vectors_by_path(recording: SearchRecording) -> dict[str, tuple[float, ...]]:
    return {path_text(recording.state(n).path): vector for n, vector in recording.vectors.items()}


@examples(40)
@given(st.integers(3, 4).flatmap(lambda n: player_trees(players=n, max_depth=4, chance=True)))
def test_every_valued_node_keeps_the_textbook_s_vector(tree: CustomTree) -> None:
    recording = recorded(tree, MAXN)
    assert len(recording.vectors) == recording.node_count

    def walk(node: TreeNode) -> None:
        vector, _ = reference_maxn(tree, node)
        got = vectors_by_path(recording)[path_text(node.path)]
        assert got == pytest.approx(vector)
        for child in node.children:
            walk(child)

    walk(tree.root)
    best = recording.best_child[0]
    if tree.root.player is not None:
        assert best != NONE
        assert recording.mover(0) == tree.root.player


@pytest.mark.parametrize("settings", [MAXN, PARANOID, SHALLOW], ids=["maxn", "paranoid", "shallow"])
def test_a_copy_built_from_chunks_keeps_the_vectors(settings: SearchSettings) -> None:
    tree = build_tree(
        {
            "player": "A",
            "children": [
                {"values": [5, 1, 0]},
                {
                    "player": "B",
                    "children": [
                        {"player": "C", "children": [{"values": [0, 3, 3]}, {"values": [1, 1, 4]}]},
                        {"values": [6, 0, 0]},
                    ],
                },
                {"player": "C", "children": [{"values": [2, 2, 2]}, {"values": [3, 0, 3]}]},
            ],
        },
        players=("A", "B", "C"),
        constant_sum=6,
    )
    game = TreeGame(tree)
    paranoid = settings.algorithm is Algorithm.PARANOID
    original = SearchRecording(game, paranoid=paranoid)
    copy = SearchRecording(game, paranoid=paranoid)

    def progress(_: object) -> None:
        copy.apply_chunk(pickle.loads(pickle.dumps(original.take_chunk())))

    result = search(game, tree.root, settings, listener=original, progress=progress)
    copy.apply_chunk(pickle.loads(pickle.dumps(original.take_chunk())))
    original.finish(result)
    copy.finish(result)
    assert_same_columns(copy, original)
    assert copy.vectors == original.vectors and len(copy.vectors) == original.node_count
    assert [describe_step(copy, k) for k in range(copy.event_count)] == [
        describe_step(original, k) for k in range(original.event_count)
    ]


def test_chunks_taken_between_nodes_carry_each_vector_once() -> None:
    tree = example("figure-5-4").tree()
    game = TreeGame(tree)
    original = SearchRecording(game)
    copy = SearchRecording(game)
    sent: list[int] = []

    # A chunk after every vector: each goes in the first chunk after it, and only there.
    def send() -> None:
        chunk = pickle.loads(pickle.dumps(original.take_chunk()))
        sent.extend(chunk.vectors)
        copy.apply_chunk(chunk)

    tell = original.node_values

    def node_values(node_id: int, values: tuple[float, ...], player: int | None) -> None:
        tell(node_id, values, player)
        send()

    original.node_values = node_values  # type: ignore[method-assign]
    search(game, tree.root, MAXN, listener=original)
    send()
    assert sorted(sent) == list(range(original.node_count))  # each once
    assert copy.vectors == original.vectors


@pytest.mark.skipif(NATIVE_WRITER is None, reason=NO_NATIVE)
@examples(30)
@given(
    tree=st.integers(3, 4).flatmap(lambda n: player_trees(players=n, max_depth=4, chance=True)),
    settings=st.sampled_from([MAXN, PARANOID]),
)
def test_both_writers_record_a_search_of_n_players_the_same(
    tree: CustomTree, settings: SearchSettings
) -> None:
    _both_writers(TreeGame(tree), tree.root, settings)
