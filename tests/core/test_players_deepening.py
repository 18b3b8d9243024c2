"""Max^n and the paranoid search deepen one ply at a time against a time budget, as the
two-player searches do: each finished iteration is the fixed-depth search of its depth,
a game small enough is solved and the deepening ends, and the clock stops a big one
after the first iteration with that iteration's move."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamesearch_gui.core.game import VectorEvaluation
from gamesearch_gui.core.games.nim3 import NimState
from gamesearch_gui.core.games.nim3 import ThreePlayerNim
from gamesearch_gui.core.recording.depth_first import SearchRecording
from gamesearch_gui.core.recording.events import IterationFinished
from gamesearch_gui.core.recording.events import IterationStarted
from gamesearch_gui.core.recording.events import NodeEntered
from gamesearch_gui.core.recording.events import SearchEvent
from gamesearch_gui.core.recording.mcts import new_recording
from gamesearch_gui.core.root_values import RootValueWatcher
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import CancelToken
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import StopReason
from gamesearch_gui.core.search import search
from gamesearch_gui.core.trees.tree import CustomTree
from gamesearch_gui.core.trees.tree import TreeGame
from tests.core.test_maxn import figure_5_4
from tests.core.tree_strategies import player_trees
from tests.properties import examples

#: Far more CPU seconds than any of these small searches takes: the deepening ends by
#: solving the game, never by the clock.
AMPLE = 600.0
ALGORITHMS = (Algorithm.MAXN, Algorithm.PARANOID)


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_a_time_budget_is_accepted_and_deepens(algorithm: Algorithm) -> None:
    settings = SearchSettings(algorithm, time_budget=2.0)
    assert settings.iterative


@pytest.mark.parametrize("algorithm", ALGORITHMS)
@pytest.mark.parametrize("pile", [1, 5, 9])
def test_deepening_solves_a_small_pile_with_the_full_searchs_answer(
    algorithm: Algorithm, pile: int
) -> None:
    game = ThreePlayerNim(pile)
    root = game.initial_state()
    deepened = search(game, root, SearchSettings(algorithm, time_budget=AMPLE))
    full = search(game, root, SearchSettings(algorithm))
    assert deepened.complete and deepened.stop_reason is StopReason.FINISHED
    assert deepened.depth is None  # solved: the last iteration reached no cutoff
    assert (deepened.values, deepened.best_move) == (full.values, full.best_move)
    depths = [it.depth for it in deepened.iterations]
    assert depths == list(range(1, len(depths) + 1))
    assert all(it.completed for it in deepened.iterations)
    assert sum(it.nodes for it in deepened.iterations) == deepened.stats.nodes


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_each_iteration_is_the_fixed_depth_search_of_its_depth(algorithm: Algorithm) -> None:
    game = ThreePlayerNim(10)
    root = game.initial_state()
    deepened = search(game, root, SearchSettings(algorithm, time_budget=AMPLE))
    assert len(deepened.iterations) >= 4
    for it in deepened.iterations:
        fixed = search(game, root, SearchSettings(algorithm, depth=it.depth))
        assert (it.value, it.best_move) == (fixed.value, fixed.best_move)
        assert it.nodes == fixed.stats.nodes


def test_a_depth_limit_bounds_the_deepening() -> None:
    game = ThreePlayerNim(20)
    root = game.initial_state()
    deepened = search(game, root, SearchSettings(Algorithm.MAXN, depth=3, time_budget=AMPLE))
    fixed = search(game, root, SearchSettings(Algorithm.MAXN, depth=3))
    assert [it.depth for it in deepened.iterations] == [1, 2, 3]
    assert deepened.depth == 3 and deepened.complete
    assert (deepened.values, deepened.best_move) == (fixed.values, fixed.best_move)


def test_the_clock_stops_a_big_pile_with_the_last_finished_iterations_move() -> None:
    game = ThreePlayerNim(30)  # tens of millions of nodes to its end
    root = game.initial_state()
    result = search(game, root, SearchSettings(Algorithm.MAXN, time_budget=0.05))
    assert not result.complete and result.stop_reason is StopReason.TIME
    finished = [it for it in result.iterations if it.completed]
    assert finished, "the first iteration always finishes: there is a move to play"
    last = finished[-1]
    assert result.depth == last.depth
    fixed = search(game, root, SearchSettings(Algorithm.MAXN, depth=last.depth))
    assert (result.values, result.best_move) == (fixed.values, fixed.best_move)
    assert result.principal_variation == fixed.principal_variation


def test_a_cancel_in_the_first_iteration_still_answers() -> None:
    token = CancelToken()
    token.cancel()
    game = ThreePlayerNim(30)
    result = search(
        game, game.initial_state(), SearchSettings(Algorithm.MAXN, time_budget=5.0), cancel=token
    )
    assert result.stop_reason is StopReason.CANCELLED and not result.complete
    assert result.depth == 1
    assert [it.completed for it in result.iterations] == [False]


def test_the_node_cap_counts_every_iteration() -> None:
    game = ThreePlayerNim(30)
    settings = SearchSettings(Algorithm.MAXN, time_budget=AMPLE, node_cap=5_000)
    result = search(game, game.initial_state(), settings)
    assert result.stop_reason is StopReason.NODE_CAP
    assert 5_000 <= result.stats.nodes < 5_000 + 300  # looked at every 256 nodes


class NoEvaluationNim(ThreePlayerNim):
    """Three-player Nim that names no evaluation of its own."""

    def vector_evaluations(self) -> dict[str, VectorEvaluation[NimState]]:
        return {}


def test_a_game_with_no_evaluation_is_searched_once_and_the_clock_still_stops_it() -> None:
    """Nothing to cut off with, so no deepening: one search to the end, which the time
    budget stops as it stops a two-player one (the cap is only there to fail fast)."""
    game = NoEvaluationNim(30)
    settings = SearchSettings(Algorithm.MAXN, time_budget=0.05, node_cap=3_000_000)
    result = search(game, game.initial_state(), settings)
    assert result.stop_reason is StopReason.TIME and not result.complete
    assert result.iterations == ()


def test_a_tree_without_evals_is_searched_once_to_its_end() -> None:
    tree = figure_5_4()
    game = TreeGame(tree)
    deepened = search(game, tree.root, SearchSettings(Algorithm.MAXN, time_budget=AMPLE))
    full = search(game, tree.root, SearchSettings(Algorithm.MAXN))
    assert deepened.iterations == ()
    assert (deepened.values, deepened.best_move, deepened.depth) == (
        full.values,
        full.best_move,
        None,
    )


def test_the_event_stream_tells_each_iteration_with_node_ids_that_go_on() -> None:
    game = ThreePlayerNim(6)
    events: list[SearchEvent] = []
    result = search(
        game,
        game.initial_state(),
        SearchSettings(Algorithm.MAXN, time_budget=AMPLE),
        listener=events.append,
    )
    starts = [e.depth for e in events if isinstance(e, IterationStarted)]
    ends = [(e.depth, e.completed) for e in events if isinstance(e, IterationFinished)]
    assert starts == [it.depth for it in result.iterations]
    assert ends == [(d, True) for d in starts]
    ids = [e.node_id for e in events if isinstance(e, NodeEntered)]
    assert ids == list(range(len(ids)))  # never reused: a recording keeps every iteration
    roots = [e.node_id for e in events if isinstance(e, NodeEntered) and e.parent_id is None]
    assert len(roots) == len(starts)


def test_the_recording_keeps_every_iteration_and_its_answer() -> None:
    game = ThreePlayerNim(6)
    recording = SearchRecording(game)
    result = search(
        game,
        game.initial_state(),
        SearchSettings(Algorithm.MAXN, time_budget=AMPLE),
        listener=recording,
    )
    recording.finish(result)
    assert [it.depth for it in recording.iterations] == [it.depth for it in result.iterations]
    assert all(it.completed for it in recording.iterations)
    assert recording.iterations[-1].best_move == result.best_move
    assert recording.node_count == result.stats.nodes


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_no_edge_is_marked_tried_first(algorithm: Algorithm) -> None:
    """The deepening keeps the game's order (under max^n the order of equal choices
    decides the vector), so the last iteration's best line is not tried first, and the
    tree view must not draw it dashed as if it were, as it does for two players."""
    game = ThreePlayerNim(8)
    settings = SearchSettings(algorithm, time_budget=AMPLE)
    recording = new_recording(game, settings, None)
    assert isinstance(recording, SearchRecording)
    recording.finish(search(game, game.initial_state(), settings, listener=recording))
    assert len(recording.iterations) >= 3
    assert not any(recording.tried_first)
    # Where the best line is first in the game's order anyway (take 1), a recording told
    # that the search follows it marks those edges: the flag is what keeps them plain.
    marked = SearchRecording(game, follows_line=True)
    marked.finish(search(game, game.initial_state(), settings, listener=marked))
    assert any(marked.tried_first)


def test_root_vectors_come_from_the_last_finished_iteration() -> None:
    game = ThreePlayerNim(8)
    watcher = RootValueWatcher()
    search(
        game,
        game.initial_state(),
        SearchSettings(Algorithm.MAXN, time_budget=AMPLE),
        listener=watcher,
    )
    full = search(game, game.initial_state(), SearchSettings(Algorithm.MAXN))
    assert [values for _, values in watcher.vectors()] == [r.values for r in full.root_moves]


@examples(100)
@given(
    tree=st.integers(3, 4).flatmap(
        lambda n: player_trees(players=n, max_depth=5, chance=True, evals=True)
    ),
    algorithm=st.sampled_from(ALGORITHMS),
    table=st.booleans(),
)
def test_on_random_trees_each_iteration_is_the_search_of_its_depth(
    tree: CustomTree, algorithm: Algorithm, table: bool
) -> None:
    """Trees of three and four players with chance nodes and eval lists: the deepening
    ends solved, with the full search's answer, and each iteration before is the
    fixed-depth search of its depth, to its vector, move and node count."""
    game = TreeGame(tree)
    settings = SearchSettings(algorithm, transposition_table=table)
    deepened = search(game, tree.root, replace(settings, time_budget=AMPLE))
    full = search(game, tree.root, settings)
    assert deepened.complete and deepened.depth is None
    assert (deepened.values, deepened.best_move) == (full.values, full.best_move)
    total = 0
    for it in deepened.iterations:
        fixed = search(game, tree.root, replace(settings, depth=it.depth))
        assert (it.value, it.best_move, it.nodes) == (
            fixed.value,
            fixed.best_move,
            fixed.stats.nodes,
        )
        total += it.nodes
    assert total == deepened.stats.nodes
