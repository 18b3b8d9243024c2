"""What a search's value guarantees, in words, for games of win, draw or loss."""

from __future__ import annotations

import pytest

from gamesearch_gui.core.game import Outcome
from gamesearch_gui.core.games import ConnectFour
from gamesearch_gui.core.games import Pennies
from gamesearch_gui.core.games import TicTacToe
from gamesearch_gui.core.guarantee import guarantee
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import search
from gamesearch_gui.core.trees.file import load_tree
from gamesearch_gui.core.trees.tree import TreeGame


@pytest.mark.parametrize(
    ("tree", "words"),
    [
        ("[[1, 1], [-1, 0]]", "MAX can force a win"),
        ("[[0, 1], [-1, 1]]", "either side can force at least a draw"),
        ("[[-1, 1], [0, -1]]", "MIN can force a win"),
    ],
)
def test_a_win_draw_loss_tree_says_what_its_root_value_guarantees(tree: str, words: str) -> None:
    game = TreeGame(load_tree(tree))
    for algorithm in (Algorithm.MINIMAX, Algorithm.ALPHABETA):
        result = search(game, game.initial_state(), SearchSettings(algorithm))
        assert guarantee(game, result) == words


def test_tictactoe_solved_is_a_draw_either_side_can_force() -> None:
    game = TicTacToe()
    result = search(game, game.initial_state(), SearchSettings(Algorithm.ALPHABETA))
    assert guarantee(game, result) == "either side can force at least a draw"


def test_pennies_seven_is_a_win_for_min() -> None:
    game = Pennies(7)
    result = search(game, game.initial_state(), SearchSettings(Algorithm.ALPHABETA))
    assert result.value == -1
    assert guarantee(game, result) == "MIN can force a win"


def test_no_guarantee_from_a_depth_cutoff_a_score_or_chance() -> None:
    ttt = TicTacToe()
    guessed = search(ttt, ttt.initial_state(), SearchSettings(Algorithm.ALPHABETA, depth=2))
    assert guarantee(ttt, guessed) is None  # the evaluation guessed
    scores = TreeGame(load_tree("[[3, 12, 8], [2, 4, 6], [14, 5, 2]]"))
    assert guarantee(scores, search(scores, scores.initial_state())) is None
    coin = TreeGame(load_tree(COIN))
    rolled = search(coin, coin.initial_state(), SearchSettings(Algorithm.EXPECTIMINIMAX))
    assert rolled.value == 1
    assert guarantee(coin, rolled) is None  # a chance game's value is an average


#: A coin that MAX wins on either side: still a gamble, not something forced.
COIN = """{"format": "gamesearch-tree", "version": 1, "name": "Coin",
 "root": {"type": "max", "children": [{"type": "chance", "children": [
   {"value": 1, "probability": 0.5}, {"value": 1, "probability": 0.5}]}]}}"""


def test_connect_four_scores_wins_by_speed_but_the_sign_says_who_wins() -> None:
    game = ConnectFour()
    assert game.outcome(game.utility_bounds()[1]) is Outcome.MAX_WINS
    assert game.outcome(0.0) is Outcome.DRAW
    assert game.outcome(game.utility_bounds()[0]) is Outcome.MIN_WINS


def test_mcts_guarantees_nothing_even_when_its_mean_is_a_win() -> None:
    game = TreeGame(load_tree("[[1, 1], [1, 1]]"))
    settings = SearchSettings(Algorithm.MCTS, iterations=50)
    result = search(game, game.initial_state(), settings)
    assert result.complete and game.outcome(result.value or 0) is Outcome.MAX_WINS
    assert guarantee(game, result) is None  # a sample mean of playouts, not a proof
