"""The search on textbook trees, on the games, and its event stream."""

from __future__ import annotations

import threading

import pytest

from gamesearch_gui.core.game import GameError
from gamesearch_gui.core.games import ConnectFour
from gamesearch_gui.core.games import Pennies
from gamesearch_gui.core.games import Pig
from gamesearch_gui.core.games import TicTacToe
from gamesearch_gui.core.recording.events import ChildrenPruned
from gamesearch_gui.core.recording.events import EventRecorder
from gamesearch_gui.core.recording.events import IterationFinished
from gamesearch_gui.core.recording.events import IterationStarted
from gamesearch_gui.core.recording.events import NodeEntered
from gamesearch_gui.core.recording.events import NodeKind
from gamesearch_gui.core.recording.events import NodeValued
from gamesearch_gui.core.recording.events import Valuation
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import Bound
from gamesearch_gui.core.search import CancelToken
from gamesearch_gui.core.search import Ordering
from gamesearch_gui.core.search import SearchProgress
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import SettingsError
from gamesearch_gui.core.search import StopReason
from gamesearch_gui.core.search import ValueOverflowError
from gamesearch_gui.core.search import search
from gamesearch_gui.core.trees.file import load_tree
from gamesearch_gui.core.trees.tree import TreeGame
from gamesearch_gui.core.trees.tree import path_text
from tests.core.reference import assert_optimal
from tests.core.reference import close
from tests.core.reference import root_values

FIGURE_5_2 = "[[3, 12, 8], [2, 4, 6], [14, 5, 2]]"


def solve_tree(text: str, settings: SearchSettings) -> tuple[object, list[str], list[str]]:
    """Search a tree; return the result, the leaves valued and the pruned paths."""
    tree = load_tree(text)
    recorder = EventRecorder()
    result = search(TreeGame(tree), tree.root, settings, listener=recorder)
    paths = {e.node_id: e.state.path for e in recorder.of_type(NodeEntered)}
    leaves = [
        path_text(paths[e.node_id])
        for e in recorder.of_type(NodeValued)
        if e.how in (Valuation.TERMINAL, Valuation.EVALUATION)
    ]
    pruned = [
        path_text((*paths[e.node_id], m)) for e in recorder.of_type(ChildrenPruned) for m in e.moves
    ]
    return result, leaves, pruned


# -- textbook trees -------------------------------------------------------------------


def test_figure_5_2_alphabeta_prunes_4_and_6() -> None:
    result, leaves, pruned = solve_tree(FIGURE_5_2, SearchSettings(Algorithm.ALPHABETA))
    assert result.value == 3
    assert result.best_move == 0
    assert result.principal_variation == (0, 0)
    assert leaves == ["0.0", "0.1", "0.2", "1.0", "2.0", "2.1", "2.2"]
    assert pruned == ["1.1", "1.2"]
    assert (result.stats.nodes, result.stats.leaves, result.stats.cutoffs) == (11, 7, 1)
    assert [m.bound for m in result.root_moves] == [Bound.EXACT, Bound.UPPER, Bound.UPPER]


def test_figure_5_2_fail_hard_returns_alpha_where_fail_soft_returns_its_own_value() -> None:
    # The lecture pseudo-code (return alpha or beta): C and D fail low and return
    # alpha = 3; fail-soft (R&N Figure 5.7) returns their own best so far, 2 and 2.
    soft, soft_leaves, soft_pruned = solve_tree(FIGURE_5_2, SearchSettings(Algorithm.ALPHABETA))
    hard, hard_leaves, hard_pruned = solve_tree(
        FIGURE_5_2, SearchSettings(Algorithm.ALPHABETA, fail_hard=True)
    )
    assert [m.value for m in soft.root_moves] == [3, 2, 2]
    assert [m.value for m in hard.root_moves] == [3, 3, 3]
    assert [m.bound for m in hard.root_moves] == [Bound.EXACT, Bound.UPPER, Bound.UPPER]
    assert hard.value == soft.value == 3
    assert hard.best_move == soft.best_move
    assert hard_leaves == soft_leaves
    assert hard_pruned == soft_pruned


def test_fail_hard_clamps_a_max_cutoff_to_beta() -> None:
    # MIN root; its second child, a MAX node entered with beta = 3, finds 5 and cuts:
    # fail-hard returns beta (3), fail-soft the 5 it found.
    text = (
        '{"format": "gamesearch-tree", "version": 1, "root": {"type": "min", "children": ['
        '{"type": "max", "children": [{"value": 3}, {"value": 1}]},'
        '{"type": "max", "children": [{"value": 5}, {"value": 9}]}]}}'
    )
    soft, _, soft_pruned = solve_tree(text, SearchSettings(Algorithm.ALPHABETA))
    hard, _, hard_pruned = solve_tree(text, SearchSettings(Algorithm.ALPHABETA, fail_hard=True))
    assert [m.value for m in soft.root_moves] == [3, 5]
    assert [m.value for m in hard.root_moves] == [3, 3]
    assert soft_pruned == hard_pruned == ["1.1"]


@pytest.mark.parametrize(
    "algorithm", [Algorithm.MINIMAX, Algorithm.EXPECTIMINIMAX, Algorithm.STAR1]
)
def test_fail_hard_is_refused_for_other_algorithms(algorithm: Algorithm) -> None:
    with pytest.raises(SettingsError, match="fail-hard is a variant of alpha-beta"):
        SearchSettings(algorithm, fail_hard=True)


def test_figure_5_2_minimax_visits_everything() -> None:
    result, leaves, pruned = solve_tree(FIGURE_5_2, SearchSettings(Algorithm.MINIMAX))
    assert result.value == 3
    assert len(leaves) == 9 and pruned == []
    assert result.stats.nodes == 13
    assert [m.value for m in result.root_moves] == [3, 2, 2]


def test_figure_5_2_with_c_as_2_4_1() -> None:
    result, _, pruned = solve_tree("[[3,12,8],[2,4,1],[14,5,2]]", SearchSettings())
    assert result.value == 3 and result.best_move == 0
    assert pruned == ["1.1", "1.2"]


def test_greedy_friends_never_look_at_the_last_two_coins() -> None:
    result, leaves, pruned = solve_tree("[[10, 50, 25], [5, 2, 25]]", SearchSettings())
    assert result.value == 10
    assert pruned == ["1.1", "1.2"]
    assert leaves == ["0.0", "0.1", "0.2", "1.0"]


def test_generous_friends_min_root_prunes_the_unknown_coins() -> None:
    text = """{"format": "gamesearch-tree", "version": 1, "root": {"type": "min", "children": [
        {"type": "max", "children": [{"value": 5}, {"value": 2}, {"value": 25}]},
        {"type": "max", "children": [{"value": 50}, {"value": 0}, {"value": 99}]}]}}"""
    result, _, pruned = solve_tree(text, SearchSettings())
    assert result.value == 25
    assert result.best_move == 0
    assert pruned == ["1.1", "1.2"]


def test_rock_paper_scissors_first_among_equals_is_rock() -> None:
    # Rows: our rock, paper, scissors; columns: their rock, paper, scissors.
    result, _, _ = solve_tree("[[0, -1, 1], [1, 0, -1], [-20, 15, 0]]", SearchSettings())
    assert result.value == -1
    assert result.best_move == 0


def chance_tree(first: list[float], second: list[float]) -> str:
    def node(leaves: list[float], p: float) -> str:
        kids = ", ".join(
            f'{{"value": {v}, "probability": {q}}}' for v, q in zip(leaves, (0.9, 0.1), strict=True)
        )
        return f'{{"type": "chance", "probability": {p}, "children": [{kids}]}}'

    return (
        '{"format": "gamesearch-tree", "version": 1, "root": {"type": "max", "children": ['
        + node(first, 1).replace(', "probability": 1', "")
        + ", "
        + node(second, 1).replace(', "probability": 1', "")
        + "]}}"
    )


def test_chance_values_depend_on_size_not_only_order() -> None:
    small, _, _ = solve_tree(chance_tree([2, 3], [1, 4]), SearchSettings(Algorithm.EXPECTIMINIMAX))
    assert small.best_move == 0 and close(small.value, 2.1)
    big, _, _ = solve_tree(
        chance_tree([20, 30], [1, 400]), SearchSettings(Algorithm.EXPECTIMINIMAX)
    )
    assert big.best_move == 1 and close(big.value, 40.9)
    star1, _, _ = solve_tree(chance_tree([20, 30], [1, 400]), SearchSettings(Algorithm.STAR1))
    assert star1.best_move == 1 and close(star1.value, 40.9)


def test_star1_prunes_where_the_bounds_allow() -> None:
    # Bounds [0, 10]: after the first chance node is worth 9, the second one's first
    # outcome (0, probability 0.5) caps it at 0.5 * 0 + 0.5 * 10 = 5 <= 9: the rest goes.
    text = """{"format": "gamesearch-tree", "version": 1, "value_bounds": [0, 10],
      "root": {"type": "max", "children": [
        {"type": "chance", "children": [{"value": 9, "probability": 0.5},
                                        {"value": 9, "probability": 0.5}]},
        {"type": "chance", "children": [{"value": 0, "probability": 0.5},
                                        {"value": 10, "probability": 0.5}]}]}}"""
    plain, plain_leaves, _ = solve_tree(text, SearchSettings(Algorithm.EXPECTIMINIMAX))
    star1, leaves, pruned = solve_tree(text, SearchSettings(Algorithm.STAR1))
    assert plain.value == star1.value == 9
    assert plain.best_move == star1.best_move == 0
    assert pruned == ["1.1"]
    assert len(leaves) == len(plain_leaves) - 1
    assert star1.stats.nodes < plain.stats.nodes


def test_depth_cutoff_uses_the_evaluation_at_the_cutoff() -> None:
    text = """{"format": "gamesearch-tree", "version": 1, "root": {"type": "max", "children": [
        {"type": "min", "eval": 7, "children": [{"value": 1}, {"value": 2}]},
        {"type": "min", "eval": 4, "children": [{"value": 5}, {"value": 6}]}]}}"""
    shallow, leaves, _ = solve_tree(text, SearchSettings(Algorithm.MINIMAX, depth=1))
    assert shallow.value == 7 and shallow.best_move == 0  # the horizon fools it
    assert leaves == ["0", "1"]
    deep, _, _ = solve_tree(text, SearchSettings(Algorithm.MINIMAX, depth=2))
    assert deep.value == 5 and deep.best_move == 1


def test_missing_eval_at_the_cutoff_names_the_node() -> None:
    text = """{"format": "gamesearch-tree", "version": 1, "root": {"type": "max", "children": [
        {"type": "min", "children": [{"value": 1}, {"value": 2}]},
        {"type": "min", "eval": 4, "children": [{"value": 3}, {"value": 4}]}]}}"""
    with pytest.raises(GameError, match=r"node 0 is at the depth cutoff .*eval"):
        solve_tree(text, SearchSettings(depth=1))


def test_a_cutoff_in_a_tree_without_evals_is_refused_before_searching() -> None:
    with pytest.raises(GameError, match=r"depth cutoff needs an evaluation function.*'eval'"):
        solve_tree("[[1, 2], [3, 4]]", SearchSettings(depth=1))


def test_a_cutoff_below_the_leaves_needs_no_evals() -> None:
    result, _, _ = solve_tree("[[1, 2], [3, 4]]", SearchSettings(depth=2))
    assert result.value == 3


def test_previous_best_ordering_without_evals_searches_to_the_end() -> None:
    """Deepening is only a means to order moves here: with no evals, one full search."""
    for settings in (
        SearchSettings(ordering=Ordering.PREVIOUS_BEST),
        SearchSettings(time_budget=60.0),
    ):
        result, _, _ = solve_tree("[[3,12,8],[2,4,6],[14,5,2]]", settings)
        assert (result.value, result.best_move, result.complete) == (3, 0, True)
        assert [i.depth for i in result.iterations] == []  # one search, no iterations


# -- games ----------------------------------------------------------------------------


def test_tictactoe_full_minimax_counts_every_node() -> None:
    game = TicTacToe()
    result = search(game, game.initial_state(), SearchSettings(Algorithm.MINIMAX))
    assert result.value == 0
    assert result.stats.nodes == 549_946
    assert result.stats.leaves == 255_168
    assert result.stats.max_depth == 9


def test_tictactoe_alphabeta_agrees_with_far_fewer_nodes_and_fewer_still_with_ordering() -> None:
    game = TicTacToe()
    root = game.initial_state()
    plain = search(game, root, SearchSettings(Algorithm.ALPHABETA))
    ordered = search(game, root, SearchSettings(Algorithm.ALPHABETA, ordering=Ordering.STATIC))
    table = search(
        game,
        root,
        SearchSettings(Algorithm.ALPHABETA, ordering=Ordering.STATIC, transposition_table=True),
    )
    assert plain.value == ordered.value == table.value == 0
    assert plain.stats.nodes < 549_946 // 10
    assert ordered.stats.nodes < plain.stats.nodes
    assert table.stats.nodes < ordered.stats.nodes
    assert table.stats.tt_hits > 0


@pytest.mark.parametrize(
    ("start", "first_player_wins"),
    [(7, False), (10, False), (20, False), (8, True), (13, True), (16, True)],
)
def test_pennies_is_solved_exactly(start: int, first_player_wins: bool) -> None:
    game = Pennies(start)
    result = search(
        game, game.initial_state(), SearchSettings(Algorithm.ALPHABETA, transposition_table=True)
    )
    assert result.value == (1 if first_player_wins else -1)
    assert result.depth is None and result.complete


def test_connect4_takes_an_immediate_win_at_depth_6() -> None:
    game = ConnectFour()
    for position in ("445566", "121212", "445571"):
        state = game.parse_position(position)
        result = search(game, state, SearchSettings(depth=6, transposition_table=True))
        after = game.result(state, result.best_move)
        assert game.terminal_value(after) is not None, position
        assert result.principal_variation == (result.best_move,)


@pytest.mark.parametrize(("position", "block"), [("12121", "1"), ("44557", "6"), ("77665", "4")])
def test_connect4_blocks_an_immediate_loss_at_depth_6(position: str, block: str) -> None:
    game = ConnectFour()
    state = game.parse_position(position)
    result = search(game, state, SearchSettings(depth=6))
    assert game.move_text(state, result.best_move) == block


def test_pig_star1_equals_expectiminimax_with_cutoffs() -> None:
    game = Pig(20)
    for text in (
        None,
        "max 12 min 7 turn 5 max to decide",
        "max 15 min 18 turn 0 min to roll",
        "max 3 min 17 turn 4 max to decide",
    ):
        state = game.initial_state() if text is None else game.parse_position(text)
        plain = search(game, state, SearchSettings(Algorithm.EXPECTIMINIMAX, depth=5))
        star1 = search(game, state, SearchSettings(Algorithm.STAR1, depth=5))
        assert close(plain.value, star1.value), text
        assert star1.stats.nodes <= plain.stats.nodes
        if plain.best_move is not None:
            assert_optimal(
                game, state, star1.best_move, 5, game.evaluations()[next(iter(game.evaluations()))]
            )


# -- settings and stopping ------------------------------------------------------------


def test_settings_that_do_not_fit_are_refused() -> None:
    pig = Pig(20)
    with pytest.raises(SettingsError, match="chance"):
        search(pig, pig.initial_state(), SearchSettings(Algorithm.ALPHABETA, depth=3))
    with pytest.raises(SettingsError, match="forever"):
        search(pig, pig.initial_state(), SearchSettings(Algorithm.EXPECTIMINIMAX))
    ttt = TicTacToe()
    with pytest.raises(SettingsError, match="no evaluation 'nope'"):
        search(ttt, ttt.initial_state(), SearchSettings(depth=2, evaluation="nope"))
    for bad in ({"depth": 0}, {"time_budget": -1.0}, {"node_cap": 0}):
        with pytest.raises(SettingsError):
            SearchSettings(**bad)  # type: ignore[arg-type]


def test_iterative_deepening_tries_the_previous_best_line_first() -> None:
    game = ConnectFour()
    recorder = EventRecorder()
    result = search(
        game,
        game.initial_state(),
        SearchSettings(depth=4, time_budget=60.0),
        listener=recorder,
    )
    started = [e.depth for e in recorder.of_type(IterationStarted)]
    finished = recorder.of_type(IterationFinished)
    assert started == [1, 2, 3, 4]
    assert [f.completed for f in finished] == [True] * 4
    assert result.depth == 4 and len(result.iterations) == 4
    # In each iteration after the first, the root's first child is the last best move.
    roots = [e for e in recorder.of_type(NodeEntered) if e.parent_id is None]
    for previous, root in zip(finished, roots[1:], strict=False):
        first_child = next(e for e in recorder.of_type(NodeEntered) if e.parent_id == root.node_id)
        assert first_child.move == previous.best_move
    assert result.stats.nodes == sum(i.nodes for i in result.iterations)


def test_time_budget_returns_the_last_finished_iteration() -> None:
    game = ConnectFour()
    result = search(game, game.initial_state(), SearchSettings(time_budget=0.3))
    assert result.stop_reason is StopReason.TIME
    finished = [i for i in result.iterations if i.completed]
    assert finished and result.depth == finished[-1].depth
    assert result.best_move == finished[-1].best_move
    assert result.value == finished[-1].value


def test_cancel_stops_within_a_few_hundred_nodes() -> None:
    game = ConnectFour()
    token = CancelToken()
    seen = 0

    def listen(event: object) -> None:
        nonlocal seen
        if isinstance(event, NodeEntered):
            seen += 1
            if seen == 5000:
                token.cancel()

    result = search(
        game, game.initial_state(), SearchSettings(depth=9), listener=listen, cancel=token
    )
    assert result.stop_reason is StopReason.CANCELLED and not result.complete
    assert 5000 <= seen <= 5000 + 300


def test_cancel_from_another_thread_stops_the_search() -> None:
    game = ConnectFour()
    token = CancelToken()
    results = []
    started = threading.Event()

    def listen(event: object) -> None:
        started.set()

    def work() -> None:
        results.append(
            search(
                game, game.initial_state(), SearchSettings(depth=14), listener=listen, cancel=token
            )
        )

    thread = threading.Thread(target=work)
    thread.start()
    assert started.wait(10)
    token.cancel()
    thread.join(10)  # a depth-14 search would take hours: only the cancel ends it
    assert not thread.is_alive()
    assert results[0].stop_reason is StopReason.CANCELLED


def test_node_cap_stops_the_search_with_the_best_move_so_far() -> None:
    game = TicTacToe()
    result = search(game, game.initial_state(), SearchSettings(Algorithm.MINIMAX, node_cap=200_000))
    assert result.stop_reason is StopReason.NODE_CAP
    assert 200_000 <= result.stats.nodes <= 200_000 + 300
    assert result.best_move in game.actions(game.initial_state())


# -- the event stream -----------------------------------------------------------------


@pytest.mark.parametrize("algorithm", [Algorithm.MINIMAX, Algorithm.ALPHABETA])
def test_event_stream_is_well_nested_and_matches_the_statistics(algorithm: Algorithm) -> None:
    game = TicTacToe()
    state = game.parse_position("X...O....")
    recorder = EventRecorder()
    result = search(game, state, SearchSettings(algorithm, depth=4), listener=recorder)
    open_nodes: list[int] = []
    kinds: dict[int, NodeKind] = {}
    valued = 0
    for event in recorder.events:
        if isinstance(event, NodeEntered):
            assert event.parent_id == (open_nodes[-1] if open_nodes else None)
            assert event.depth == len(open_nodes)
            kinds[event.node_id] = event.kind
            open_nodes.append(event.node_id)
        elif isinstance(event, NodeValued):
            assert open_nodes.pop() == event.node_id
            valued += 1
            if event.how is Valuation.TERMINAL:
                assert kinds[event.node_id] is NodeKind.TERMINAL
        elif isinstance(event, ChildrenPruned):
            assert open_nodes[-1] == event.node_id
            assert algorithm is Algorithm.ALPHABETA
    assert not open_nodes
    assert valued == len(kinds) == result.stats.nodes
    assert len(recorder.of_type(ChildrenPruned)) == result.stats.cutoffs


def test_results_are_the_same_with_and_without_a_listener() -> None:
    game = ConnectFour()
    state = game.parse_position("4453")
    settings = SearchSettings(depth=5, ordering=Ordering.STATIC, transposition_table=True)
    quiet = search(game, state, settings)
    loud = search(game, state, settings, listener=EventRecorder())
    assert (quiet.value, quiet.best_move, quiet.principal_variation, quiet.stats.nodes) == (
        loud.value,
        loud.best_move,
        loud.principal_variation,
        loud.stats.nodes,
    )


def test_progress_reports_growing_counts_without_a_listener() -> None:
    game = ConnectFour()
    reports: list[SearchProgress] = []
    result = search(
        game,
        game.initial_state(),
        SearchSettings(time_budget=30.0, depth=5),
        progress=reports.append,
    )
    assert len(reports) > 10
    nodes = [r.nodes for r in reports]
    assert nodes == sorted(nodes) and nodes[-1] <= result.stats.nodes
    assert {r.depth for r in reports} <= {1, 2, 3, 4, 5} and reports[-1].depth == 5
    assert max(r.max_depth for r in reports) <= 5


def test_exact_root_values_match_the_reference_for_every_move() -> None:
    game = TicTacToe()
    state = game.parse_position("X...O....")
    settings = SearchSettings(Algorithm.ALPHABETA, ordering=Ordering.STATIC, exact_root_values=True)
    result = search(game, state, settings)
    expected = root_values(game, state)
    assert {m.move: m.value for m in result.root_moves} == expected
    assert all(m.bound is Bound.EXACT for m in result.root_moves)
    assert_optimal(game, state, result.best_move)
    plain = search(game, state, SearchSettings(Algorithm.MINIMAX))
    assert result.stats.nodes < plain.stats.nodes


# -- the edges of the numbers (issue 11's regression cases) ---------------------------

#: Leaves of ±1e300 make inferred bounds so wide that, with a probability sum off by an
#: ulp, they swamped Star1's window arithmetic: it answered 3 and move 0.
HUGE_BOUNDS = """{"format": "gamesearch-tree", "version": 1,
 "root": {"type": "min", "children": [
   {"value": 3},
   {"type": "max", "children": [
     {"type": "chance", "children": [
       {"probability": 0.38461538461538464, "value": 11},
       {"probability": 0.38461538461538464, "value": -18},
       {"probability": 0.07692307692307693, "value": -9},
       {"probability": 0.15384615384615385, "value": -2}]},
     {"value": -20}]},
   {"type": "max", "children": [{"value": -1e300}, {"value": 1e300}]}]}}"""
#: Probabilities that sum to 1 + 9e-10 (the format allows it) under wide declared bounds:
#: Star1 answered 5 and move 0.
DRIFTING_PROBABILITIES = """{"format": "gamesearch-tree", "version": 1,
 "value_bounds": [-1e12, 1e12],
 "root": {"type": "max", "children": [
   {"value": 5},
   {"type": "chance", "children": [
     {"probability": 0.5, "value": 10}, {"probability": 0.5000000009, "value": 10}]}]}}"""
#: 0.6 * -3 + 0.4 * 2 is -0.9999999999999998 in floats: a tie with -1, not a better move.
FLOAT_TIE = """{"format": "gamesearch-tree", "version": 1,
 "root": {"type": "max", "children": [
   {"type": "max", "children": [{"value": -1}]},
   {"type": "chance", "children": [
     {"probability": 0.6, "type": "max", "children": [
       {"type": "max", "children": [{"value": -3}]}]},
     {"probability": 0.4, "value": 2}]}]}}"""


@pytest.mark.parametrize("algorithm", [Algorithm.EXPECTIMINIMAX, Algorithm.STAR1])
@pytest.mark.parametrize(
    ("text", "value", "best"),
    [
        (HUGE_BOUNDS, -48 / 13, 1),
        (DRIFTING_PROBABILITIES, 10, 1),
        (FLOAT_TIE, -1, 0),
    ],
    ids=["huge-bounds", "drifting-probabilities", "float-tie"],
)
def test_star1_and_expectiminimax_agree_at_the_edges_of_the_numbers(
    text: str, value: float, best: int, algorithm: Algorithm
) -> None:
    result, _, _ = solve_tree(text, SearchSettings(algorithm))
    assert close(result.value, value)
    assert result.best_move == best


def test_a_float_tie_gives_a_clean_value() -> None:
    """The tie's value is -1 exactly, as on paper, not -0.9999999999999998."""
    for algorithm in (Algorithm.EXPECTIMINIMAX, Algorithm.STAR1):
        result, _, _ = solve_tree(FLOAT_TIE, SearchSettings(algorithm))
        assert result.value == -1
        assert [m.value for m in result.root_moves] == [-1, -1]


def test_star1_cuts_on_the_edge_exactly_as_the_textbook_does() -> None:
    """After 0.6 x -3, the chance node is worth at most -1.8 + 0.4 x 2 = -1 = alpha: the
    textbook cuts (v <= alpha). Floats make the sum -0.9999999999999998, so the decision
    is taken in exact arithmetic on the numbers as written."""
    result, leaves, pruned = solve_tree(FLOAT_TIE, SearchSettings(Algorithm.STAR1))
    assert (result.value, result.best_move) == (-1, 0)
    assert pruned == ["1.1"]
    assert leaves == ["0.0", "1.0.0.0"]
    assert result.stats.exact_checks == 1


@pytest.mark.parametrize(
    ("first", "cut"), [(-999999999990, True), (-999999999989, False)], ids=["edge", "past"]
)
def test_star1_decides_exactly_under_bounds_too_wide_for_floats(first: int, cut: bool) -> None:
    """With bounds of 1e12 a unit of the values is lost in the window arithmetic: a value
    on the window's edge cuts (0.5 x first + 0.5 x 1e12 = 5 <= alpha), one past it not."""
    text = f"""{{"format": "gamesearch-tree", "version": 1, "value_bounds": [-1e12, 1e12],
     "root": {{"type": "max", "children": [
       {{"value": 5}},
       {{"type": "chance", "children": [
         {{"probability": 0.5, "value": {first}}}, {{"probability": 0.5, "value": 6}}]}}]}}}}"""
    for algorithm in (Algorithm.EXPECTIMINIMAX, Algorithm.STAR1):
        result, _, pruned = solve_tree(text, SearchSettings(algorithm))
        assert (result.value, result.best_move) == (5, 0)
    assert pruned == (["1.1"] if cut else [])
    assert result.stats.exact_checks == 1


def test_an_expected_value_that_overflows_is_refused_with_the_node() -> None:
    text = """{"format": "gamesearch-tree", "version": 1, "root": {"type": "chance", "children": [
      {"probability": 0.2, "value": 1.7976931348623157e308},
      {"probability": 0.4, "value": 1.7976931348623157e308},
      {"probability": 0.4, "value": 1.7976931348623157e308}]}}"""
    for algorithm in (Algorithm.EXPECTIMINIMAX, Algorithm.STAR1):
        with pytest.raises(ValueOverflowError, match="the expected value at the root is too large"):
            solve_tree(text, SearchSettings(algorithm))


def test_a_depth_no_recursion_can_reach_is_refused() -> None:
    with pytest.raises(SettingsError, match="depth must be a whole number from 1 to 1000"):
        SearchSettings(depth=1073741574)
