"""This app's games against OpenSpiel's implementations of the same games, through the
adapter: the same values and the same node counts of full or depth-limited searches,
and OpenSpiel's own minimax tests (python/algorithms/minimax_test.py) reproduced.

Where the rules differ (Pig: see ``test_pig_agrees_move_by_move_where_its_rules_match``)
the test says how, and checks what the two have in common."""

from __future__ import annotations

import re
from typing import Any

import pytest

from gamesearch_gui.core.game import Game
from gamesearch_gui.core.game import Player
from gamesearch_gui.core.games import ConnectFour
from gamesearch_gui.core.games import Pig
from gamesearch_gui.core.games import TicTacToe
from gamesearch_gui.core.games.pig import DECIDING
from gamesearch_gui.core.games.pig import ROLLING
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import search
from gamesearch_gui.core.usergame import load_game
from gamesearch_gui.paths import resource_files

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import minimax  # noqa: E402

from gamesearch_gui.core.openspiel.game import OpenSpielGame  # noqa: E402


def both(
    ours: Game[Any, Any],
    theirs: OpenSpielGame,
    settings: SearchSettings,
    moves: tuple[int, ...] = (),
) -> tuple[Any, Any]:
    """The same search of this app's game and of OpenSpiel's, after the same ``moves``
    (which both games number alike)."""
    mine, spiel = ours.initial_state(), theirs.initial_state()
    for move in moves:
        mine, spiel = ours.result(mine, move), theirs.result(spiel, move)
    return search(ours, mine, settings), search(theirs, spiel, settings)


def assert_same(a: Any, b: Any) -> None:
    assert a.value == b.value
    assert (a.stats.nodes, a.stats.leaves, a.stats.cutoffs) == (
        b.stats.nodes,
        b.stats.leaves,
        b.stats.cutoffs,
    )


def test_tic_tac_toe_full_trees_agree() -> None:
    ours, theirs = TicTacToe(), OpenSpielGame("tic_tac_toe")
    full = both(ours, theirs, SearchSettings(Algorithm.MINIMAX))
    assert_same(*full)
    assert full[1].value == 0 and full[1].stats.nodes == 549_946 and full[1].stats.leaves == 255_168
    # The same move order (cells row by row), so alpha-beta cuts alike.
    assert_same(*both(ours, theirs, SearchSettings(Algorithm.ALPHABETA)))
    for moves in ((4,), (4, 0), (0, 4, 8)):
        assert_same(*both(ours, theirs, SearchSettings(Algorithm.ALPHABETA), moves))


@pytest.mark.parametrize("depth", [2, 4, 6])
def test_connect_four_depth_limited_trees_agree(depth: int) -> None:
    ours, theirs = ConnectFour(), OpenSpielGame("connect_four")
    # No game ends in the first six plies: the trees and their values are the same.
    cutoff = SearchSettings(Algorithm.MINIMAX, depth=depth - 1, evaluation="none")
    assert_same(*both(ours, theirs, cutoff))
    pruned = SearchSettings(Algorithm.ALPHABETA, depth=depth, evaluation="none")
    assert_same(*both(ours, theirs, pruned))
    # After some play, wins inside the horizon: the same tree, won or lost alike (this
    # app scores a quicker win higher, OpenSpiel every win 1, so minimax, whose tree the
    # values do not shape, compares).
    moves = (3, 3, 4, 4, 2)
    mine, spiel = both(ours, theirs, cutoff, moves)
    assert (mine.stats.nodes, mine.stats.leaves) == (spiel.stats.nodes, spiel.stats.leaves)
    if depth > 2:
        assert spiel.value == 1 and mine.value > 0  # x (MAX) has an open three: x wins


def test_nim_full_trees_agree() -> None:
    # The template game (resources/templates/nim.py, heaps 1, 3 and 5, whoever takes the
    # last match wins) and OpenSpiel's nim in normal play (is_misere=false).
    ours = load_game(str(resource_files() / "templates" / "nim.py"))
    theirs = OpenSpielGame("nim(pile_sizes=1;3;5,is_misere=false)")
    full = both(ours, theirs, SearchSettings(Algorithm.MINIMAX))
    assert_same(*full)
    assert full[0].value == 1 and full[0].stats.nodes == 12_456  # 1 ^ 3 ^ 5 != 0: MAX wins
    # OpenSpiel lists the moves in another order, so alpha-beta cuts differently: the
    # same value, each best move winning.
    mine, spiel = both(ours, theirs, SearchSettings(Algorithm.ALPHABETA))
    assert mine.value == spiel.value == 1
    state = theirs.result(theirs.initial_state(), spiel.best_move)
    assert search(theirs, state, SearchSettings(Algorithm.ALPHABETA)).value == 1


def _pig_state(text: str) -> tuple[int, int, int, int, int]:
    """OpenSpiel's Pig position (its text) as this app's Pig state."""
    found = re.match(
        r"Scores: (\d+) (\d+), Turn total: (\d+)\nCurrent player: (\d+)( \(rolling\))?", text
    )
    assert found is not None, text
    a, b, total, player, rolling = found.groups()
    return (int(a), int(b), int(total), int(player), ROLLING if rolling else DECIDING)


def test_pig_agrees_move_by_move_where_its_rules_match() -> None:
    # OpenSpiel's Pig differs from this app's in its rules, whatever the parameters: a
    # turn starts with a choice (OpenSpiel may stop at once; here the first roll is
    # compulsory), a player whose score and turn total reach the target may only stop
    # there (here roll is still offered), and `horizon` ends a long game in a draw. So
    # no search of the two is the same tree. What must agree, and is checked over every
    # position within 8 plies (winscore 10, six faces): the die's faces and their
    # probabilities, what a roll, a 1, a hold do, the positions reached, who moves, and
    # the utility of every finished game.
    ours, theirs = Pig(target=10), OpenSpielGame("pig(winscore=10,diceoutcomes=6,horizon=1000)")
    roll, stop = 0, 1

    def turn_start(spiel: Any) -> Any:
        # This app's turn starts with its roll; OpenSpiel's with a choice: roll.
        return spiel if theirs.is_terminal(spiel) else theirs.result(spiel, roll)

    pairs = [(ours.initial_state(), theirs.result(theirs.initial_state(), roll))]
    checked = 0
    for _ in range(8):
        following = []
        for mine, spiel in pairs:
            checked += 1
            assert theirs.is_terminal(spiel) == ours.is_terminal(mine)
            if ours.is_terminal(mine):
                assert theirs.utility(spiel) == ours.utility(mine)
                continue
            assert _pig_state(theirs.board_text(spiel)) == mine
            assert theirs.to_move(spiel) is ours.to_move(mine)
            if ours.to_move(mine) is Player.CHANCE:
                assert [(a + 1, p) for a, p in theirs.chances(spiel)] == list(ours.chances(mine))
                for face, _ in ours.chances(mine):
                    after = theirs.result(spiel, face - 1)
                    following.append(
                        (ours.result(mine, face), turn_start(after) if face == 1 else after)
                    )
                continue
            legal = list(theirs.actions(spiel))
            following.append((ours.result(mine, "hold"), turn_start(theirs.result(spiel, stop))))
            if roll in legal:
                following.append((ours.result(mine, "roll"), theirs.result(spiel, roll)))
            else:  # the target is reached: OpenSpiel offers stop alone
                banked, total = mine[mine[3]], mine[2]
                assert legal == [stop] and banked + total >= ours.target
        pairs = following
    assert checked > 1_000


# -- OpenSpiel's own minimax tests (open_spiel/python/algorithms/minimax_test.py) -----


def test_openspiels_minimax_test_values_through_the_adapter() -> None:
    game = OpenSpielGame("tic_tac_toe")
    start = game.initial_state()
    # test_compute_game_value: tic-tac-toe is a draw.
    assert search(game, start, SearchSettings(Algorithm.ALPHABETA)).value == 0.0
    # test_compute_game_value_with_evaluation_function: depth 1, value 0 everywhere.
    one = search(game, start, SearchSettings(Algorithm.ALPHABETA, depth=1, evaluation="none"))
    assert one.value == 0.0
    # test_win: .o. / .x. / ... with x to move: x wins.
    win = game.result(game.result(start, 4), 1)
    assert search(game, win, SearchSettings(Algorithm.ALPHABETA)).value == 1.0
    # test_loss: ... / xox / ..o with x to move: x loses.
    loss = start
    for action in (5, 4, 3, 8):
        loss = game.result(loss, action)
    assert search(game, loss, SearchSettings(Algorithm.ALPHABETA)).value == -1.0


@pytest.mark.parametrize(("spec", "depth"), [("tic_tac_toe", 9), ("connect_four", 4)])
def test_openspiels_alpha_beta_values_and_leaves_agree(spec: str, depth: int) -> None:
    # OpenSpiel's own Python alpha-beta cuts on alpha >= beta as this app does, and asks
    # its value function at each leaf the depth cuts: the same count as our leaves where
    # no game ends inside the depth (Connect Four at 4 plies).
    game = OpenSpielGame(spec)
    asked = []

    def value_function(state: Any) -> float:
        asked.append(state)
        return 0.0

    value, action = minimax.alpha_beta_search(
        game.native, value_function=value_function, maximum_depth=depth
    )
    ours = search(
        game,
        game.initial_state(),
        SearchSettings(Algorithm.ALPHABETA, depth=depth, evaluation="none"),
    )
    assert ours.value == value and ours.best_move == action
    if spec == "connect_four":
        assert ours.stats.leaves == len(asked) > 0
