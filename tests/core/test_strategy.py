"""MAX's strategy read from a finished search: its moves, its reach and its gaps."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given

from gamesearch_gui.core.games import TicTacToe
from gamesearch_gui.core.recording.depth_first import SearchRecording
from gamesearch_gui.core.recording.events import NodeKind
from gamesearch_gui.core.recording.moment import Moment
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.strategy import Gap
from gamesearch_gui.core.strategy import max_strategy
from gamesearch_gui.core.trees.file import load_tree
from gamesearch_gui.core.trees.tree import TreeGame
from tests.core.test_recording import figure_5_2
from tests.core.test_recording import record
from tests.core.tree_strategies import trees
from tests.properties import examples

#: MAX's only reply leads to MIN, who chooses between two gambles. Star1 cuts the
#: second gamble after its first outcome (it cannot beat the first for MIN), so MAX's
#: strategy misses an outcome of a reply MIN may make.
GAMBLES = """{"format": "gamesearch-tree", "version": 1, "name": "Gambles",
 "value_bounds": [-10, 10],
 "root": {"type": "max", "children": [{"type": "min", "children": [
   {"type": "chance", "children": [{"value": 0, "probability": 0.5},
                                   {"value": 0, "probability": 0.5}]},
   {"type": "chance", "children": [{"value": 10, "probability": 0.5},
                                   {"value": 10, "probability": 0.5}]}]}]}}"""


def solved(text: str, algorithm: Algorithm, **settings: Any) -> SearchRecording:
    tree = load_tree(text)
    return record(TreeGame(tree), tree.root, SearchSettings(algorithm, **settings))


@pytest.fixture(scope="module")
def tictactoe_minimax() -> SearchRecording:
    game = TicTacToe()
    return record(game, game.initial_state(), SearchSettings(Algorithm.MINIMAX), node_cap=None)


def test_figure_5_2_with_minimax_is_a1_at_the_root() -> None:
    tree = figure_5_2().game.tree  # type: ignore[attr-defined]
    rec = record(TreeGame(tree), tree.root, SearchSettings(Algorithm.MINIMAX))
    strategy = max_strategy(rec)
    assert strategy is not None and strategy.complete
    assert [rec.move_text(child) for child in strategy.moves.values()] == ["a1"]
    # The root, B, and all three of MIN's replies at B: nothing under C or D.
    assert sorted(rec.name(n) for n in strategy.nodes) == [
        "MAX node A",
        "MIN node B",
        "leaf after a1 0",
        "leaf after a1 1",
        "leaf after a1 2",
    ]
    assert strategy.value == 3
    assert "guarantees MAX at least 3" in strategy.describe(rec)


def test_full_tictactoe_strategy_answers_every_reply_and_never_loses(
    tictactoe_minimax: SearchRecording,
) -> None:
    rec = tictactoe_minimax
    game = rec.game
    strategy = max_strategy(rec)
    assert strategy is not None and strategy.complete and not strategy.unproven
    # Walk the game itself along the strategy: one move at each MAX position, every
    # legal reply at each MIN position, and every game ends in a draw or a win for X.
    stack = [(strategy.root, game.initial_state())]
    max_positions = endings = 0
    while stack:
        n, state = stack.pop()
        assert n in strategy.nodes
        if game.is_terminal(state):
            assert game.utility(state) >= 0, rec.name(n)
            endings += 1
            continue
        children = {rec.moves[c]: c for c in _children(rec, n)}
        if rec.node_kind(n) is NodeKind.MAX:
            max_positions += 1
            move = rec.moves[strategy.moves[n]]
            assert move in game.actions(state)
            assert sum(c in strategy.nodes for c in children.values()) == 1
            stack.append((strategy.moves[n], game.result(state, move)))
        else:
            assert set(children) == set(game.actions(state))  # every reply
            stack.extend((c, game.result(state, m)) for m, c in children.items())
    assert max_positions == len(strategy.moves) > 100
    assert endings > 100 and strategy.value == 0


def _children(rec: SearchRecording, n: int) -> list[int]:
    return list(Moment(rec, rec.event_count).children(n))


def test_ties_take_the_first_best_move_as_the_search_reports() -> None:
    rec = solved("[[0, 3], [1, 5], [1, 2]]", Algorithm.MINIMAX)
    strategy = max_strategy(rec)
    assert strategy is not None
    assert [rec.moves[c] for c in strategy.moves.values()] == [1]


def test_alphabeta_answers_every_reply_but_leaves_some_moves_unproven() -> None:
    """Alpha-beta never cuts a reply MIN can make against MAX's strategy, but at a MAX
    node where it cut, the move kept is only shown to be good enough."""
    game = TicTacToe()
    rec = record(game, game.initial_state(), SearchSettings(Algorithm.ALPHABETA))
    strategy = max_strategy(rec)
    assert strategy is not None and strategy.complete and strategy.value == 0
    assert strategy.unproven
    assert "not shown to be the best" in strategy.describe(rec)


def test_star1_pruning_along_the_strategy_leaves_it_incomplete() -> None:
    rec = solved(GAMBLES, Algorithm.STAR1)
    strategy = max_strategy(rec)
    assert strategy is not None and not strategy.complete
    assert strategy.gap_counts() == {Gap.PRUNED: 1}
    assert strategy.value is None
    text = strategy.describe(rec)
    assert text.startswith("MAX's strategy is incomplete: a cutoff skipped replies")
    # Expectiminimax searches every outcome: the same tree's strategy is complete.
    full = max_strategy(solved(GAMBLES, Algorithm.EXPECTIMINIMAX))
    assert full is not None and full.complete and full.value == 0


def test_a_depth_cutoff_or_the_node_cap_leaves_it_incomplete() -> None:
    game = TicTacToe()
    shallow = record(game, game.initial_state(), SearchSettings(Algorithm.MINIMAX, depth=2))
    strategy = max_strategy(shallow)
    assert strategy is not None and set(strategy.gap_counts()) == {Gap.DEPTH}
    assert "the depth limit stopped the search" in strategy.describe(shallow)
    capped = record(game, game.initial_state(), SearchSettings(Algorithm.MINIMAX), node_cap=1000)
    strategy = max_strategy(capped)
    assert strategy is not None and Gap.CAP in strategy.gap_counts()


def test_a_transposition_hit_leaves_it_incomplete() -> None:
    game = TicTacToe()
    settings = SearchSettings(Algorithm.MINIMAX, transposition_table=True)
    rec = record(game, game.initial_state(), settings)
    strategy = max_strategy(rec)
    assert strategy is not None and Gap.TABLE in strategy.gap_counts()


def test_no_strategy_before_the_search_has_a_value() -> None:
    game = TicTacToe()
    assert max_strategy(SearchRecording(game)) is None


@examples(60)
@given(trees(max_depth=4))
def test_alphabeta_strategy_is_complete_and_guarantees_the_root_value(tree: Any) -> None:
    for algorithm in (Algorithm.MINIMAX, Algorithm.ALPHABETA):
        rec = record(TreeGame(tree), tree.root, SearchSettings(algorithm))
        strategy = max_strategy(rec)
        assert strategy is not None and strategy.complete
        assert strategy.value == rec.result.value
        if algorithm is Algorithm.MINIMAX:
            assert not strategy.unproven
