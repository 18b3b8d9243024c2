"""The shape of a recorded tree: nodes and branching per depth, where games end, and
how many different positions the nodes stand for."""

from __future__ import annotations

from gamesearch_gui.core.games import TicTacToe
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.shape import PositionCounter
from gamesearch_gui.core.shape import distinct_positions
from gamesearch_gui.core.shape import tree_shape
from gamesearch_gui.core.trees.tree import TreeGame
from tests.core.test_recording import figure_5_2
from tests.core.test_recording import record


def test_figure_5_2_with_minimax_has_1_3_9_nodes_by_depth() -> None:
    tree = figure_5_2().game.tree  # type: ignore[attr-defined]
    rec = record(TreeGame(tree), tree.root, SearchSettings(Algorithm.MINIMAX))
    shape = tree_shape(rec)
    assert [row.nodes for row in shape.rows] == [1, 3, 9]
    assert [row.branching for row in shape.rows] == [3.0, 3.0, None]
    assert (shape.shallowest_terminal, shape.deepest_terminal) == (2, 2)
    assert shape.nodes == 13 and shape.branching == 3.0
    assert distinct_positions(rec) == 13  # a drawn tree: every node its own position


def test_alpha_beta_prunes_figure_5_2_to_fewer_leaves() -> None:
    shape = tree_shape(figure_5_2())
    assert [row.nodes for row in shape.rows] == [1, 3, 7]
    assert [row.branching for row in shape.rows][:2] == [3.0, 7 / 3]


def test_tictactoe_reaches_fewer_positions_than_nodes() -> None:
    """Three plies of tic-tac-toe: 1 + 9 + 72 + 504 nodes, but X-O-X and the other
    order of the same two crosses are one position: 9 * 8 * 7 / 2 at depth 3."""
    game = TicTacToe()
    rec = record(game, game.initial_state(), SearchSettings(Algorithm.MINIMAX, depth=3))
    shape = tree_shape(rec)
    assert [row.nodes for row in shape.rows] == [1, 9, 72, 504]
    assert shape.shallowest_terminal is None  # nobody can win in three plies
    assert distinct_positions(rec) == 1 + 9 + 72 + 252


def test_full_tictactoe_shape_and_positions() -> None:
    game = TicTacToe()
    rec = record(game, game.initial_state(), SearchSettings(Algorithm.MINIMAX), node_cap=None)
    shape = tree_shape(rec)
    assert shape.nodes == 549_946
    assert [row.branching for row in shape.rows[:3]] == [9.0, 8.0, 7.0]
    assert (shape.shallowest_terminal, shape.deepest_terminal) == (5, 9)
    counter = PositionCounter(rec)
    pieces = 0
    while not counter.run(100_000):
        pieces += 1
        assert 0 < counter.share_done < 1
    assert pieces == 5 and counter.count == 5478  # the legal tic-tac-toe positions
