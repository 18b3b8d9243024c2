"""Compare MCTS with alpha-beta on one position: each search's choice and cost, and each
root move's N and win rate beside alpha-beta's value, as ``solve --json`` gives them."""

from __future__ import annotations

import json
from typing import Any

import pytest

from gamesearch_gui.cli import main
from gamesearch_gui.core.compare import CompareError
from gamesearch_gui.core.compare import ComparisonCancelled
from gamesearch_gui.core.compare import compare_mcts
from gamesearch_gui.core.game import Player
from gamesearch_gui.core.games import ConnectFour
from gamesearch_gui.core.games import Pig
from gamesearch_gui.core.games import TicTacToe
from gamesearch_gui.core.games.nim3 import ThreePlayerNim
from gamesearch_gui.core.review import exact_algorithm
from gamesearch_gui.core.review import found_depth
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import CancelToken
from gamesearch_gui.core.search import Ordering
from gamesearch_gui.core.search import SearchSettings


def solve(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    """``solve --json`` with these arguments, its answer."""
    assert main(["solve", *args, "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert isinstance(answer, dict)
    return answer


@pytest.mark.parametrize(
    ("position", "iterations", "seed"),
    [("XO.XO....", 2000, 1), (".........", 500, 7), ("X...O....", 1000, 3), ("XX.O.....", 300, 0)],
)
def test_tictactoe_numbers_are_what_solve_json_gives_for_each_search(
    capsys: pytest.CaptureFixture[str], position: str, iterations: int, seed: int
) -> None:
    game = TicTacToe()
    state = game.parse_position(position)
    mcts = SearchSettings(Algorithm.MCTS, iterations=iterations, seed=seed)
    found = compare_mcts(game, state, mcts)
    where = ["--game", "tictactoe", "--position", position]
    by_mcts = solve(
        capsys, *where, "--algorithm", "mcts", "--iterations", str(iterations), "--seed", str(seed)
    )
    plain = ("--ordering", "none", "--no-tt")  # the comparison's alpha-beta, not the game's
    by_alphabeta = solve(capsys, *where, "--algorithm", "alphabeta", *plain)
    by_minimax = solve(capsys, *where, "--algorithm", "minimax", *plain)  # every root value exact

    assert found.exact and found.player is game.to_move(state)
    assert [m.text for m in found.moves] == [game.move_text(state, a) for a in game.actions(state)]
    assert [m.visits for m in found.moves] == by_mcts["root_visits"]
    assert [m.win_rate for m in found.moves] == pytest.approx(by_mcts["root_win_rates"])
    assert [m.value for m in found.moves] == by_minimax["root_values"]
    assert found.mcts.best_text == by_mcts["best_move"]
    assert found.mcts.value == pytest.approx(by_mcts["value"])
    assert found.mcts.iterations == by_mcts["stats"]["iterations"] == iterations
    assert found.mcts.nodes == by_mcts["stats"]["nodes"]
    assert found.minimax.best_text == by_alphabeta["best_move"]
    assert found.minimax.value == by_alphabeta["value"] == by_minimax["value"]
    assert found.minimax.iterations == 0 and found.minimax.win_rate is None
    # The chosen move's win rate is its row's; Q/N in the game's units is within bounds.
    chosen = next(m for m in found.moves if m.move == found.mcts.best_move)
    assert found.mcts.win_rate == chosen.win_rate
    low, high = found.bounds
    for move in found.moves:
        assert move.mean is None or low <= move.mean <= high


def test_with_enough_iterations_they_agree_and_the_win_is_certain() -> None:
    game = TicTacToe()
    state = game.parse_position("XO.XO....")
    found = compare_mcts(game, state, SearchSettings(Algorithm.MCTS, iterations=2000, seed=1))
    assert found.agree and found.minimax.best_text == found.mcts.best_text == "7"
    win = next(m for m in found.moves if m.text == "7")
    assert win.value == 1 and win.mean == 1 and win.win_rate == 1
    assert [m.text for m in found.moves if found.is_best(m)] == ["7"]


def test_one_iteration_can_choose_a_move_alpha_beta_knows_loses() -> None:
    game = TicTacToe()
    state = game.parse_position("XO.XO....")
    seeds = []
    for seed in range(20):
        found = compare_mcts(game, state, SearchSettings(Algorithm.MCTS, iterations=1, seed=seed))
        if not found.agree:
            seeds.append(seed)
            chosen = next(m for m in found.moves if m.move == found.mcts.best_move)
            assert chosen.visits == 1 and chosen.value < found.best_value
            assert not found.is_best(chosen)
    assert seeds  # one try of five moves, one of them winning: most seeds miss it


def test_on_an_empty_board_every_move_draws_so_any_choice_agrees() -> None:
    game = TicTacToe()
    found = compare_mcts(
        game, game.initial_state(), SearchSettings(Algorithm.MCTS, iterations=200, seed=2)
    )
    assert all(m.value == 0 and found.is_best(m) for m in found.moves)
    assert found.agree
    assert sum(m.visits for m in found.moves) == 200


def test_min_to_move_win_rates_are_min_s() -> None:
    game = TicTacToe()
    state = game.parse_position("XX.O.....")  # O (MIN) must block at 3
    found = compare_mcts(game, state, SearchSettings(Algorithm.MCTS, iterations=2000, seed=4))
    assert found.player is Player.MIN and found.mcts.best_text == "3" and found.agree
    block = next(m for m in found.moves if m.text == "3")
    assert block.mean is not None and block.win_rate == pytest.approx(1 - (block.mean + 1) / 2)


def test_a_depth_limited_alpha_beta_is_not_called_exact(
    capsys: pytest.CaptureFixture[str],
) -> None:
    game = ConnectFour()
    state = game.parse_position("4453")
    alphabeta = SearchSettings(
        Algorithm.ALPHABETA, depth=3, ordering=Ordering.STATIC, transposition_table=True
    )
    mcts = SearchSettings(Algorithm.MCTS, iterations=300, seed=5)
    found = compare_mcts(game, state, mcts, alphabeta)
    assert not found.exact
    by_minimax = solve(
        capsys, "--game", "connect4", "--position", "4453", "--algorithm", "minimax", "--depth", "3"
    )
    assert [m.value for m in found.moves] == pytest.approx(by_minimax["root_values"])
    assert found.minimax.value == pytest.approx(by_minimax["value"])
    # Enough depth for the rest of the game is exact again.
    end = game.parse_position("1" * 6 + "2" * 6 + "3" * 6 + "5" * 6 + "6" * 6 + "7" * 5 + "4")
    deep = SearchSettings(Algorithm.ALPHABETA, depth=game.max_plies(end))
    assert compare_mcts(game, end, mcts, deep).exact


@pytest.mark.parametrize(
    ("game", "position", "settings", "message"),
    [
        (TicTacToe(), "XXXOO....", None, "the game is over"),
        (Pig(target=10), None, None, "chance moves here"),
        (ThreePlayerNim(), None, None, "3 players"),
        (TicTacToe(), None, SearchSettings(Algorithm.MINIMAX), "needs mcts settings"),
    ],
)
def test_what_cannot_be_compared_is_said(
    game: Any, position: str | None, settings: SearchSettings | None, message: str
) -> None:
    state = game.initial_state() if position is None else game.parse_position(position)
    mcts = settings or SearchSettings(Algorithm.MCTS, iterations=10)
    with pytest.raises(CompareError, match=message):
        compare_mcts(game, state, mcts)
    if settings is None:
        return
    with pytest.raises(CompareError, match="needs alphabeta settings"):
        compare_mcts(game, state, SearchSettings(Algorithm.MCTS, iterations=10), settings)


@pytest.mark.parametrize(
    ("position", "mover"),
    [
        ("max 5 min 7 turn 3 max to decide", Player.MAX),
        ("max 7 min 5 turn 3 min to decide", Player.MIN),
    ],
)
def test_in_a_game_of_chance_mcts_is_set_beside_expectiminimax_as_solve_json_gives_them(
    capsys: pytest.CaptureFixture[str], position: str, mover: Player
) -> None:
    game = Pig(target=10)  # each side's position the other's: values mirrored
    state = game.parse_position(position)
    assert exact_algorithm(game) is Algorithm.EXPECTIMINIMAX
    side = SearchSettings(Algorithm.EXPECTIMINIMAX, depth=6)
    mcts = SearchSettings(Algorithm.MCTS, iterations=500, seed=2)
    found = compare_mcts(game, state, mcts, side)
    where = ["--game", "pig", "--target", "10", "--position", position]
    by_mcts = solve(capsys, *where, "--algorithm", "mcts", "--iterations", "500", "--seed", "2")
    plain = ("--ordering", "none", "--no-tt")
    by_side = solve(capsys, *where, "--algorithm", "expectiminimax", "--depth", "6", *plain)

    assert not found.exact  # a turn can go on for ever: depth 6 is a cutoff
    assert found.player is mover
    assert [m.text for m in found.moves] == ["roll", "hold"]
    assert [m.value for m in found.moves] == pytest.approx(by_side["root_values"])
    assert found.minimax.value == pytest.approx(by_side["value"])
    assert found.minimax.best_text == by_side["best_move"] == "roll"
    assert [m.visits for m in found.moves] == by_mcts["root_visits"]
    assert [m.win_rate for m in found.moves] == pytest.approx(by_mcts["root_win_rates"])
    assert found.mcts.best_text == by_mcts["best_move"]
    # Holding on 3 gives the turn away: worse for whoever holds, as both searches see.
    hold = found.moves[1]
    assert not found.is_best(hold) and hold.win_rate is not None and hold.win_rate < 0.5


def test_in_a_game_of_chance_alpha_beta_and_star1_are_refused_for_their_bounds() -> None:
    game = Pig(target=10)
    state = game.parse_position("max 5 min 7 turn 3 max to decide")
    mcts = SearchSettings(Algorithm.MCTS, iterations=10)
    for other in (Algorithm.ALPHABETA, Algorithm.STAR1):
        with pytest.raises(CompareError, match="needs expectiminimax settings in Pig"):
            compare_mcts(game, state, mcts, SearchSettings(other, depth=3))


def test_a_found_depth_is_the_review_s_and_exact_where_every_line_ended_above_it() -> None:
    game = TicTacToe()
    mcts = SearchSettings(Algorithm.MCTS, iterations=100, seed=1)
    side = SearchSettings(Algorithm.ALPHABETA, depth=2)  # the depth found replaces it
    # Five plies from the end: every line ends above the depth found, so it is exact.
    near = game.parse_position("XO.XO....")
    found = compare_mcts(game, near, mcts, side, find_depth=True)
    assert found.depth_found and found.exact
    assert found.minimax.settings.depth == found_depth(game, near, side)[0] == 5
    assert [m.value for m in found.moves] == [m.value for m in compare_mcts(game, near, mcts).moves]
    # With a cap of 2,000 nodes, the empty board's whole tree is over it: a cutoff.
    side = SearchSettings(Algorithm.ALPHABETA, depth=2, node_cap=2000)
    start = game.initial_state()
    found = compare_mcts(game, start, mcts, side, find_depth=True)
    depth, ended = found_depth(game, start, side)
    assert found.depth_found and not found.exact and not ended
    assert 2 < found.minimax.settings.depth == depth < 9
    assert not compare_mcts(game, start, mcts, side).depth_found


def test_a_cancel_ends_it_with_no_answer() -> None:
    game = ConnectFour()
    token = CancelToken()
    token.cancel()
    for find in (False, True):  # finding the depth first, too
        with pytest.raises(ComparisonCancelled):
            compare_mcts(
                game,
                game.initial_state(),
                SearchSettings(Algorithm.MCTS, iterations=10_000),
                SearchSettings(Algorithm.ALPHABETA, depth=8),
                find_depth=find,
                cancel=token,
            )


def test_alpha_beta_s_time_budget_and_node_cap_are_dropped_so_every_move_has_its_value() -> None:
    game = TicTacToe()
    state = game.parse_position("X...O....")
    hasty = SearchSettings(Algorithm.ALPHABETA, node_cap=5, time_budget=0.001)
    found = compare_mcts(game, state, SearchSettings(Algorithm.MCTS, iterations=50), hasty)
    plain = compare_mcts(game, state, SearchSettings(Algorithm.MCTS, iterations=50))
    assert found.exact and found.minimax.settings.node_cap is None
    assert [m.value for m in found.moves] == [m.value for m in plain.moves]
