"""Games of n players: max^n, its shallow pruning, the paranoid search, their events."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from typing import ClassVar

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamesearch_gui.core.game import Game
from gamesearch_gui.core.game import GameError
from gamesearch_gui.core.game import Player
from gamesearch_gui.core.games.nim3 import ThreePlayerNim
from gamesearch_gui.core.narration.steps import describe_choice
from gamesearch_gui.core.numbers import better
from gamesearch_gui.core.recording.events import ChildrenPruned
from gamesearch_gui.core.recording.events import EventRecorder
from gamesearch_gui.core.recording.events import NodeEntered
from gamesearch_gui.core.recording.events import NodeKind
from gamesearch_gui.core.recording.events import NodeValued
from gamesearch_gui.core.recording.events import NodeValues
from gamesearch_gui.core.root_values import RootValueWatcher
from gamesearch_gui.core.root_values import root_vectors
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import Bound
from gamesearch_gui.core.search import CancelToken
from gamesearch_gui.core.search import Ordering
from gamesearch_gui.core.search import SearchProgress
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import SettingsError
from gamesearch_gui.core.search import StopReason
from gamesearch_gui.core.search import search
from gamesearch_gui.core.search.maxn import vector_text
from gamesearch_gui.core.trees.examples import PLAYER_EXAMPLES
from gamesearch_gui.core.trees.examples import example
from gamesearch_gui.core.trees.file import build_tree
from gamesearch_gui.core.trees.file import tree_from_dict
from gamesearch_gui.core.trees.tree import CustomTree
from gamesearch_gui.core.trees.tree import NodeType
from gamesearch_gui.core.trees.tree import TreeGame
from gamesearch_gui.core.trees.tree import TreeNode
from gamesearch_gui.core.trees.tree import path_text
from gamesearch_gui.core.trees.tree import rebuild
from tests.core.leaves import leaves_and_cuts
from tests.core.tree_strategies import player_trees
from tests.core.tree_strategies import trees
from tests.properties import examples

MAXN = SearchSettings(Algorithm.MAXN)
SHALLOW = SearchSettings(Algorithm.MAXN, shallow_pruning=True)
PARANOID = SearchSettings(Algorithm.PARANOID)


def figure_5_4() -> CustomTree:
    return example("figure-5-4").tree()


def reference_maxn(tree: CustomTree, node: TreeNode) -> tuple[tuple[float, ...], int | None]:
    """Max^n as the textbook says it, for small trees: the vector and the move chosen."""
    if node.type is NodeType.LEAF:
        assert node.values is not None
        return node.values, None
    got = [reference_maxn(tree, child)[0] for child in node.children]
    if node.type is NodeType.CHANCE:
        return tuple(
            sum((c.probability or 0) * v[i] for c, v in zip(node.children, got, strict=True))
            for i in range(len(tree.players))
        ), None
    assert node.player is not None
    best = 0
    for k, vector in enumerate(got):
        # The app's tie rule: within TIE_TOLERANCE is a tie, and the first among equals
        # stays (a chance node's sum can leave 1e-17 where the exact value is 0).
        if better(vector[node.player], got[best][node.player], True):
            best = k
    return got[best], best


def as_paranoid(tree: CustomTree) -> CustomTree:
    """The two-player tree the paranoid search sees: the root player is MAX, every other
    player MIN, and each vector only the root player's component (the first player's at
    a chance root)."""
    me = tree.root.player or 0

    def change(node: TreeNode) -> TreeNode:
        kind = node.type
        if kind is NodeType.PLAYER:
            kind = NodeType.MAX if node.player == me else NodeType.MIN
        value = None if node.values is None else node.values[me]
        evaluation = None if node.evals is None else node.evals[me]
        return TreeNode(kind, (), value, evaluation, node.probability, node.label, node.move)

    return CustomTree(tree.name, rebuild(tree.root, change=change))


# The textbook's Figure 5.4 -------------------------------------------------------------


def test_figure_5_4_gives_1_2_6_by_the_first_move() -> None:
    tree = figure_5_4()
    assert tree.players == ("A", "B", "C")
    result = search(TreeGame(tree), tree.root, MAXN)
    assert result.values == (1, 2, 6)
    assert result.value == 1  # A's component
    assert result.best_move == 0
    assert result.principal_variation == (0, 0, 0)
    assert [m.values for m in result.root_moves] == [(1, 2, 6), (1, 5, 2)]
    assert all(m.bound is Bound.EXACT for m in result.root_moves)


def test_figure_5_4_is_the_library_s_example_of_version_2() -> None:
    (e,) = PLAYER_EXAMPLES
    text = e.resource().read_text(encoding="utf-8")
    assert '"version": 2' in text
    assert e.expected_values == (1, 2, 6)
    assert e.expected_best_move == 0


def test_each_choice_of_figure_5_4_says_whose_component_decided() -> None:
    tree = figure_5_4()
    recorder = EventRecorder()
    search(TreeGame(tree), tree.root, MAXN, listener=recorder)
    paths = {e.node_id: e.state.path for e in recorder.of_type(NodeEntered)}
    said = {
        path_text(paths[e.node_id]): describe_choice(tree.players, e.player, e.values)
        for e in recorder.of_type(NodeValues)
        if e.player is not None
    }
    assert said["1"] == "B picks (1, 5, 2): 5 is B's best"
    assert said["1.0"] == "C picks (1, 5, 2): 2 is C's best"
    assert said["0"] == "B picks (1, 2, 6): 2 is B's best"
    assert said[""] == "A picks (1, 2, 6): 1 is A's best"


def test_paranoid_on_figure_5_4_cuts_where_a_is_already_held_to_1() -> None:
    game = TreeGame(figure_5_4())
    result = search(game, game.tree.root, PARANOID)
    assert (result.value, result.best_move) == (1, 0)
    assert result.values == (1, 2, 6)
    # The right B node's first C child holds A to 1, no better than the left: B cuts.
    assert leaves_and_cuts(game, PARANOID)[1] == ["1.1"]
    assert [m.bound for m in result.root_moves] == [Bound.EXACT, Bound.UPPER]


# Events --------------------------------------------------------------------------------


def test_every_valued_node_tells_its_vector_first() -> None:
    game = TreeGame(figure_5_4())
    recorder = EventRecorder()
    search(game, game.tree.root, MAXN, listener=recorder)
    events = recorder.events
    for i, event in enumerate(events):
        if isinstance(event, NodeValued):
            before = events[i - 1]
            assert isinstance(before, NodeValues)
            assert before.node_id == event.node_id
            assert event.value == before.values[0]  # the root player's (A's) share
    kinds = {path_text(e.state.path): e.kind for e in recorder.of_type(NodeEntered)}
    assert kinds[""] is NodeKind.MAX  # A, the root player
    assert kinds["0"] is kinds["0.0"] is NodeKind.MIN  # the others
    assert kinds["0.0.0"] is NodeKind.TERMINAL


def test_a_watcher_of_two_player_searches_keeps_working() -> None:
    game = TreeGame(figure_5_4())
    watcher = RootValueWatcher()
    result = search(game, game.tree.root, MAXN, listener=watcher)
    assert [(move, value) for move, value, _ in watcher.children()] == [(0, 1), (1, 1)]
    assert root_vectors(game, game.tree.root, result) == [(1, 2, 6), (1, 5, 2)]


def test_a_chance_root_s_vectors_come_from_the_watcher() -> None:
    tree = build_tree(
        {
            "type": "chance",
            "children": [
                {"probability": 0.25, "values": [4, 0, 0]},
                {"probability": 0.75, "player": "B", "children": [{"values": [0, 2, 2]}]},
            ],
        },
        players=("A", "B", "C"),
    )
    game = TreeGame(tree)
    watcher = RootValueWatcher()
    result = search(game, tree.root, MAXN, listener=watcher)
    assert result.values == (1, 1.5, 1.5)
    assert result.best_move is None
    assert root_vectors(game, tree.root, result, watcher) == [(4, 0, 0), (0, 2, 2)]


# Properties ----------------------------------------------------------------------------


@examples(150)
@given(st.integers(3, 4).flatmap(lambda n: player_trees(players=n, max_depth=4)))
def test_maxn_is_the_textbook_s_max_n(tree: CustomTree) -> None:
    result = search(TreeGame(tree), tree.root, MAXN)
    values, best = reference_maxn(tree, tree.root)
    assert result.values == values
    assert result.best_move == best


@examples(150)
@given(st.integers(3, 4).flatmap(lambda n: player_trees(players=n, max_depth=4, chance=True)))
def test_maxn_backs_up_the_expected_vector_at_chance_nodes(tree: CustomTree) -> None:
    result = search(TreeGame(tree), tree.root, MAXN)
    values, _ = reference_maxn(tree, tree.root)
    assert result.values == pytest.approx(values)


@examples(200)
@given(st.integers(3, 4).flatmap(lambda n: player_trees(players=n, max_depth=5)))
def test_paranoid_is_alpha_beta_on_the_root_player_s_share(tree: CustomTree) -> None:
    """The same value, best move, leaves and cuts as alpha-beta (and so minimax) on the
    two-player tree where the root player is MAX and all the others are MIN."""
    game = TreeGame(tree)
    two = TreeGame(as_paranoid(tree))
    mine = search(game, tree.root, PARANOID)
    minimax = search(two, two.tree.root, SearchSettings(Algorithm.MINIMAX))
    assert mine.value == minimax.value
    assert mine.best_move == minimax.best_move
    alphabeta = SearchSettings(Algorithm.ALPHABETA)
    assert leaves_and_cuts(game, PARANOID) == leaves_and_cuts(two, alphabeta)


@examples(100)
@given(st.integers(3, 4).flatmap(lambda n: player_trees(players=n, max_depth=4, chance=True)))
def test_paranoid_with_chance_is_expectiminimax_on_the_root_player_s_share(
    tree: CustomTree,
) -> None:
    mine = search(TreeGame(tree), tree.root, PARANOID)
    two = TreeGame(as_paranoid(tree))
    theirs = search(two, two.tree.root, SearchSettings(Algorithm.EXPECTIMINIMAX))
    assert mine.value == pytest.approx(theirs.value)


@examples(200)
@given(
    st.tuples(st.integers(3, 4), st.integers(1, 8), st.booleans()).flatmap(
        lambda a: player_trees(players=a[0], max_depth=5, constant_sum=a[1], chance=a[2])
    )
)
def test_shallow_pruning_changes_nothing_but_the_work(tree: CustomTree) -> None:
    game = TreeGame(tree)
    plain = search(game, tree.root, MAXN)
    shallow = search(game, tree.root, SHALLOW)
    assert shallow.values == plain.values
    assert shallow.best_move == plain.best_move
    assert shallow.principal_variation == plain.principal_variation
    assert shallow.stats.nodes <= plain.stats.nodes
    assert (shallow.stats.cutoffs == 0) == (shallow.stats.nodes == plain.stats.nodes)
    # A root move cut short says only what holds: its mover is sure of at least its number.
    exact = {m.move: m.values for m in plain.root_moves}
    for move in shallow.root_moves:
        assert move.values is not None
        if move.bound is Bound.EXACT:
            assert move.values == exact[move.move] and move.share is None
        else:
            assert move.bound is Bound.LOWER and move.share is not None
            assert exact[move.move][move.share] >= move.values[move.share]


def shallow_cut_tree() -> CustomTree:
    """A has 5 of 6 from its first child; at the second, B is sure of 3, so A gets at most
    3 there: B's last child is never looked at."""
    return build_tree(
        {
            "player": "A",
            "children": [
                {"values": [5, 1, 0]},
                {"player": "B", "children": [{"values": [0, 3, 3]}, {"values": [6, 0, 0]}]},
            ],
        },
        players=("A", "B", "C"),
        constant_sum=6,
    )


def test_shallow_pruning_cuts_where_the_sum_leaves_the_parent_nothing_better() -> None:
    tree = shallow_cut_tree()
    game = TreeGame(tree)
    assert leaves_and_cuts(game, SHALLOW) == (["0", "1.0"], ["1.1"])
    recorder = EventRecorder()
    result = search(game, tree.root, SHALLOW, listener=recorder)
    (cut,) = recorder.of_type(ChildrenPruned)
    assert (cut.value, cut.alpha, cut.beta) == (3, 5, 3)  # B's 3; A has 5, gets at most 3
    assert result.values == (5, 1, 0)
    assert [(m.bound, m.share) for m in result.root_moves] == [
        (Bound.EXACT, None),
        (Bound.LOWER, 1),
    ]
    assert leaves_and_cuts(game, MAXN) == (["0", "1.0", "1.1"], [])


def test_a_shallow_cut_bounds_the_mover_s_number_not_the_root_player_s() -> None:
    """A has 5 from its first move; at the second, B is sure of 5 of 10, so A gets at
    most 5 there and B's second move is cut. The vector so far, (2, 5, 3), is not a
    bound on A's number: B's cut move gives (4, 6, 0), and A would get 4 there."""
    tree = build_tree(
        {
            "player": "A",
            "children": [
                {"values": [5, 3, 2]},
                {"player": "B", "children": [{"values": [2, 5, 3]}, {"values": [4, 6, 0]}]},
            ],
        },
        players=("A", "B", "C"),
        constant_sum=10,
    )
    game = TreeGame(tree)
    cut = search(game, tree.root, SHALLOW).root_moves[1]
    assert (cut.values, cut.bound, cut.share) == ((2, 5, 3), Bound.LOWER, 1)
    assert search(game, tree.root, MAXN).root_moves[1].values == (4, 6, 0)
    assert vector_text(cut.values, cut.bound.value, cut.share) == "(2, ≥ 5, 3)"


def test_paranoid_s_cut_bounds_the_root_player_s_number() -> None:
    tree = figure_5_4()
    result = search(TreeGame(tree), tree.root, PARANOID)
    assert [(m.bound, m.share) for m in result.root_moves] == [
        (Bound.EXACT, None),
        (Bound.UPPER, 0),
    ]


@examples(60)
@given(trees(max_depth=4, max_branching=3))
def test_two_players_maxn_is_minimax_and_paranoid_is_alpha_beta(tree: CustomTree) -> None:
    game = TreeGame(tree)
    minimax = search(game, tree.root, SearchSettings(Algorithm.MINIMAX))
    assert minimax.value is not None
    # Both report the root player's share: MAX's value at a MAX root, MIN's at a MIN root.
    share = minimax.value if tree.root.type is NodeType.MAX else -minimax.value
    maxn = search(game, tree.root, MAXN)
    assert maxn.values == (minimax.value, -minimax.value)
    assert (maxn.value, maxn.best_move) == (share, minimax.best_move)
    paranoid = search(game, tree.root, PARANOID)
    assert (paranoid.value, paranoid.best_move) == (share, minimax.best_move)
    alphabeta = SearchSettings(Algorithm.ALPHABETA)
    assert leaves_and_cuts(game, PARANOID) == leaves_and_cuts(game, alphabeta)
    # Shallow pruning on two players: a cut move's vector bounds the root player's number
    # (at most it, as the mover is sure of at least its own and the two add up to 0).
    shallow = search(game, tree.root, SHALLOW)
    assert shallow.values == maxn.values
    exact = {m.move: m.values for m in maxn.root_moves}
    for move in shallow.root_moves:
        assert move.values is not None
        if move.bound is not Bound.EXACT:
            assert (move.bound, move.share) == (Bound.UPPER, shallow.player)
            assert exact[move.move][shallow.player] <= move.values[shallow.player]


# Settings ------------------------------------------------------------------------------


def test_two_player_algorithms_refuse_a_game_of_three() -> None:
    game = TreeGame(figure_5_4())
    for algorithm in (Algorithm.MINIMAX, Algorithm.ALPHABETA, Algorithm.EXPECTIMINIMAX):
        with pytest.raises(SettingsError, match="has 3 players: use maxn or paranoid"):
            search(game, game.tree.root, SearchSettings(algorithm))


def test_shallow_pruning_needs_a_declared_constant_sum() -> None:
    game = TreeGame(figure_5_4())
    with pytest.raises(SettingsError, match="declares no constant sum"):
        search(game, game.tree.root, SHALLOW)


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"algorithm": Algorithm.PARANOID, "shallow_pruning": True}, "belongs to maxn"),
        ({"algorithm": Algorithm.MAXN, "ordering": Ordering.STATIC}, "takes no move ordering"),
        ({"algorithm": Algorithm.PARANOID, "exact_root_values": True}, "no exact root values"),
    ],
)
def test_settings_that_do_not_fit_are_refused(fields: dict[str, Any], message: str) -> None:
    with pytest.raises(SettingsError, match=message):
        SearchSettings(**fields)


def test_a_depth_cutoff_uses_the_drawn_eval_lists() -> None:
    tree = build_tree(
        {
            "player": "A",
            "eval": [1, 1, 1],
            "children": [
                {"player": "B", "eval": [2, 0, 0], "children": [{"values": [0, 9, 0]}]},
                {"player": "B", "eval": [0, 3, 0], "children": [{"values": [9, 0, 0]}]},
            ],
        },
        players=("A", "B", "C"),
    )
    game = TreeGame(tree)
    cut = search(game, tree.root, SearchSettings(Algorithm.MAXN, depth=1))
    assert (cut.values, cut.best_move) == ((2, 0, 0), 0)
    full = search(game, tree.root, MAXN)
    assert (full.values, full.best_move) == ((9, 0, 0), 1)


def test_a_depth_cutoff_without_evals_is_refused() -> None:
    game = TreeGame(figure_5_4())
    with pytest.raises(SettingsError, match="needs an evaluation function"):
        search(game, game.tree.root, SearchSettings(Algorithm.MAXN, depth=1))


def test_an_evaluation_of_the_wrong_length_is_a_game_error() -> None:
    class Short(ThreePlayerNim):
        def vector_evaluations(self) -> Any:
            return {"short": lambda state: (1.0, 0.0)}

    game = Short(9)
    with pytest.raises(GameError, match="gives 2 numbers, not one for each of the 3"):
        search(game, game.initial_state(), SearchSettings(Algorithm.MAXN, depth=2))


def test_vector_text() -> None:
    assert vector_text((1, 2.5, -3)) == "(1, 2.5, −3)"
    assert vector_text((1, 2.5, -3), "upper", 0, sep="") == "(≤1, 2.5, −3)"


def test_a_cancel_or_a_node_cap_stops_it_with_the_best_root_move_so_far() -> None:
    game = ThreePlayerNim(14)
    capped = search(game, game.initial_state(), SearchSettings(Algorithm.MAXN, node_cap=500))
    assert not capped.complete
    assert capped.stop_reason is StopReason.NODE_CAP
    assert capped.values is None and capped.value is None
    assert capped.stats.nodes <= 500 + 256
    token = CancelToken()
    seen: list[SearchProgress] = []

    def progress(p: SearchProgress) -> None:
        seen.append(p)
        token.cancel()

    stopped = search(game, game.initial_state(), MAXN, cancel=token, progress=progress)
    assert stopped.stop_reason is StopReason.CANCELLED
    assert seen and seen[0].nodes == 0


#: B's node: a leaf worth 3 to B, or a chance node worth 3 to B up to float noise
#: (4/7 x 2 + 1/7 x 3 + 2/7 x 5). The long property run found the reference taking the
#: chance node for its noise; the app's tie rule keeps the first.
NOISY_TIE = {
    "format": "gamesearch-tree",
    "version": 2,
    "name": "hypothesis tree",
    "players": ["A", "B", "C", "D"],
    "root": {
        "player": "A",
        "children": [
            {
                "type": "chance",
                "children": [
                    {
                        "type": "chance",
                        "probability": 0.5,
                        "children": [
                            {"probability": 0.3333333333333333, "values": [0, 0, 0, 0]},
                            {"probability": 0.3333333333333333, "values": [0, 0, 0, 0]},
                            {"probability": 0.3333333333333333, "values": [0, 0, 0, 0]},
                        ],
                    },
                    {
                        "player": "B",
                        "probability": 0.5,
                        "children": [
                            {"values": [0, 3, 0, 0]},
                            {
                                "type": "chance",
                                "children": [
                                    {"probability": 0.5714285714285714, "values": [0, 2, 0, 0]},
                                    {"probability": 0.14285714285714285, "values": [0, 3, 0, 0]},
                                    {"probability": 0.2857142857142858, "values": [0, 5, 0, 1]},
                                ],
                            },
                        ],
                    },
                ],
            }
        ],
    },
}


def test_a_tie_within_float_noise_keeps_the_first_move() -> None:
    tree = tree_from_dict(NOISY_TIE)
    result = search(TreeGame(tree), tree.root, MAXN)
    assert result.values == pytest.approx((0, 1.5, 0, 0))
    b_node = tree.root.children[0].children[1]
    assert reference_maxn(tree, b_node) == (b_node.children[0].values, 0)


class CoinRun(Game[int, int]):
    """Three players, and ``flips`` coin flips in a row before A's one move ends it."""

    name: ClassVar[str] = "coin-run"
    title = "Coin run"
    has_chance = True
    players = ("A", "B", "C")

    def __init__(self, flips: int) -> None:
        self.flips = flips

    def initial_state(self) -> int:
        return 0

    def to_move(self, state: int) -> Player:
        return Player.CHANCE if state < self.flips else Player.MAX

    def player_index(self, state: int) -> int:
        return 0

    def actions(self, state: int) -> Sequence[int]:
        return [0]

    def chances(self, state: int) -> Sequence[tuple[int, float]]:
        return [(0, 0.5), (1, 0.5)] if state == 0 else [(0, 1.0)]

    def result(self, state: int, action: int) -> int:
        return state + 1

    def is_terminal(self, state: int) -> bool:
        return state > self.flips

    def utilities(self, state: int) -> tuple[float, ...]:
        return (1.0, 0.0, 0.0)

    def max_plies(self, state: int) -> int:
        return self.flips + 1 - state


def test_a_long_run_of_chance_nodes_is_searched_to_its_end() -> None:
    # Each chance node takes more than two frames of the recursion: the search must
    # allow for them, as deep as a search may go (MAX_SEARCH_DEPTH, 1000).
    game = CoinRun(998)
    for algorithm in (Algorithm.MAXN, Algorithm.PARANOID):
        result = search(game, 0, SearchSettings(algorithm))
        assert result.values == (1.0, 0.0, 0.0)
        assert result.stats.nodes == 1 + 2 * 999
