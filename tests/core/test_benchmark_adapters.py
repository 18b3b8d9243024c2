"""The easyAI adapters of the benchmarks play by our games' rules and search our trees."""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("easyAI")

from easyAI import Negamax
from easyAI import TranspositionTable

from benchmarks.easyai_games import EasyConnectFour
from benchmarks.easyai_games import EasyPennies
from benchmarks.easyai_games import EasyTicTacToe
from benchmarks.easyai_games import example_nodes
from benchmarks.easyai_games import flat_scoring
from benchmarks.easyai_games import unbonus
from gamesearch_gui.core.game import Game
from gamesearch_gui.core.game import Player
from gamesearch_gui.core.games import ConnectFour
from gamesearch_gui.core.games import Pennies
from gamesearch_gui.core.games import TicTacToe
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import search

GAMES: list[tuple[Game[Any, Any], Any]] = [
    (TicTacToe(), EasyTicTacToe),
    (ConnectFour(), EasyConnectFour),
    (Pennies(13), EasyPennies),
]


def _mover_sign(game: Game[Any, Any], state: Any) -> float:
    return 1.0 if game.to_move(state) is Player.MAX else -1.0


@pytest.mark.parametrize(("game", "adapter"), GAMES, ids=lambda g: getattr(g, "name", ""))
def test_same_moves_results_and_scores_along_random_games(
    game: Game[Any, Any], adapter: type[Any]
) -> None:
    rng = random.Random(2024)
    evaluate = next(iter(game.evaluations().values()))
    for _ in range(12):
        state = game.initial_state()
        easy = adapter(state=state)
        while True:
            assert easy.state() == state
            assert (easy.current_player == 1) == (game.to_move(state) is Player.MAX)
            assert easy.is_over() == game.is_terminal(state)
            sign = _mover_sign(game, state)
            if game.is_terminal(state):
                assert easy.scoring() * sign == game.utility(state)
                break
            assert easy.scoring() * sign == evaluate(state)
            moves = easy.possible_moves()
            assert moves == list(game.actions(state))
            # make then unmake leaves the position as it was
            probe = rng.choice(moves)
            easy.make_move(probe)
            easy.switch_player()
            assert easy.state() == game.result(state, probe)
            easy.switch_player()
            easy.unmake_move(probe)
            assert easy.state() == state
            move = rng.choice(moves)
            easy.make_move(move)
            easy.switch_player()
            state = game.result(state, move)


def _easy_value(easy: Any, depth: int, flat: bool, tt: bool) -> tuple[float, Any, int]:
    max_moves = easy.current_player == 1
    scoring = flat_scoring(depth) if flat else type(easy).scoring
    ai = Negamax(depth, scoring, tt=TranspositionTable() if tt else None)
    move = ai(easy)
    return (ai.alpha if max_moves else -ai.alpha), move, easy.nodes


@pytest.mark.parametrize(
    ("game", "adapter", "state"),
    [
        (TicTacToe(), EasyTicTacToe, (0, 0)),
        (TicTacToe(), EasyTicTacToe, TicTacToe().parse_position("X...O....")),
        (Pennies(11), EasyPennies, Pennies(11).initial_state()),
        (Pennies((7, 5)), EasyPennies, Pennies((7, 5)).parse_position("7,5 min")),
    ],
)
def test_full_depth_negamax_searches_our_tree(
    game: Game[Any, Any], adapter: type[Any], state: Any
) -> None:
    ours = search(game, state, SearchSettings())
    depth = game.max_plies(state)
    assert depth is not None
    value, move, nodes = _easy_value(adapter(state=state), depth, flat=True, tt=False)
    assert (value, move, nodes) == (ours.value, ours.best_move, ours.stats.nodes)
    value_tt, _, _ = _easy_value(adapter(state=state), depth, flat=True, tt=True)
    assert value_tt == ours.value


@pytest.mark.parametrize("position", ["", "4453", "434453", "4343527716"])
def test_connect_four_at_a_small_depth_searches_our_tree(position: str) -> None:
    game = ConnectFour()
    state = game.parse_position(position)
    depth = 4
    ours = search(game, state, SearchSettings(depth=depth))
    value, move, nodes = _easy_value(EasyConnectFour(state=state), depth, flat=False, tt=False)
    assert (move, nodes) == (ours.best_move, ours.stats.nodes)
    assert ours.value is not None and abs(ours.value) < 1  # an evaluation: no bonus on it
    assert value == ours.value


def test_a_connect_four_win_keeps_its_order_under_easyais_bonus() -> None:
    # X threatens to complete the bottom row: both find the win, same tree.
    game = ConnectFour()
    state = game.parse_position("415263")
    ours = search(game, state, SearchSettings(depth=3))
    value, move, nodes = _easy_value(EasyConnectFour(state=state), 3, flat=False, tt=False)
    assert ours.value is not None and ours.value > 1
    assert (move, nodes) == (ours.best_move, ours.stats.nodes)
    assert value > 1


@pytest.mark.parametrize("depth_left", range(100))
def test_unbonus_cancels_easyais_quick_win_bonus_exactly(depth_left: int) -> None:
    factor = unbonus(depth_left)
    assert factor * (1 + 0.001 * depth_left) == 1.0
    assert -factor * (1 + 0.001 * depth_left) == -1.0


# -- easyAI's own example games, set up at our positions ----------------------------------


def _example(game: Game[Any, Any], state: Any, counted: bool = True) -> Any:
    from benchmarks.easyai_games import example_connect_four
    from benchmarks.easyai_games import example_tictactoe

    make = example_tictactoe if game.name == "tictactoe" else example_connect_four
    return make(state, counted=counted)


def _example_cells(game: Game[Any, Any], example: Any) -> list[int]:
    """The example's board as a list of 0/1/2 in our cell order (C4: bit 7c + r)."""
    if game.name == "tictactoe":
        return list(example.board)
    return [int(example.board[r, c]) for c in range(7) for r in range(6)]


def _our_cells(game: Game[Any, Any], state: Any) -> list[int]:
    if game.name == "tictactoe":
        x, o = state
        return [1 if x >> c & 1 else 2 if o >> c & 1 else 0 for c in range(9)]
    mover, mask, plies = state
    first = mover if plies % 2 == 0 else mover ^ mask
    cells = []
    for c in range(7):
        for r in range(6):
            bit = 1 << (7 * c + r)
            cells.append(0 if not mask & bit else 1 if first & bit else 2)
    return cells


EXAMPLE_GAMES: list[Game[Any, Any]] = [TicTacToe(), ConnectFour()]


@pytest.mark.parametrize("game", EXAMPLE_GAMES, ids=lambda g: g.name)
def test_easyais_example_games_are_set_up_at_our_positions(game: Game[Any, Any]) -> None:
    pytest.importorskip("numpy")
    offset = 1 if game.name == "tictactoe" else 0  # its cells are 1..9, its columns 0..6
    rng = random.Random(7)
    for _ in range(10):
        state = game.initial_state()
        while True:
            example = _example(game, state)
            assert example_nodes(example) == 1
            assert _example_cells(game, example) == _our_cells(game, state)
            own = _example(game, state, counted=False)  # the example's own class
            assert _example_cells(game, own) == _our_cells(game, state)
            assert own.current_player == example.current_player
            assert (example.current_player == 1) == (game.to_move(state) is Player.MAX)
            assert example.is_over() == game.is_terminal(state)
            if game.is_terminal(state):
                assert example.lose() == (game.utility(state) != 0)
                break
            assert not example.lose()
            assert example.possible_moves() == [a + offset for a in game.actions(state)]
            move = rng.choice(list(game.actions(state)))
            example.make_move(move + offset)  # the example's own rules play our move
            example.switch_player()
            state = game.result(state, move)
            assert _example_cells(game, example) == _our_cells(game, state)
            assert example_nodes(example) == 2


def test_the_node_count_of_the_connect_four_example_survives_its_deep_copies() -> None:
    pytest.importorskip("numpy")
    start = ConnectFour().initial_state()
    game = _example(ConnectFour(), start)
    Negamax(1)(game)
    assert example_nodes(game) == 1 + 7
    # Depth 2, every score 0: the first move's seven replies, then one reply each for
    # the other six moves (a 0 reply already reaches the bound of 0).
    game = _example(ConnectFour(), start)
    Negamax(2)(game)
    assert example_nodes(game) == 1 + 7 + 7 + 6


@pytest.mark.parametrize(
    ("game", "position", "depth"),
    [
        (TicTacToe(), ".........", 9),
        (TicTacToe(), "X...O....", 7),
        (TicTacToe(), "XX..O...O", 5),
        (ConnectFour(), "415263", 2),  # X wins at once in column 7
        (ConnectFour(), "1415267", 2),  # O wins at once in column 3
        (ConnectFour(), "434453", 4),
    ],
)
def test_easyais_examples_search_as_shipped_and_agree_on_wins(
    game: Game[Any, Any], position: str, depth: int
) -> None:
    pytest.importorskip("numpy")
    state = game.parse_position(position)
    sign = _mover_sign(game, state)
    counted = _example(game, state)
    ai = Negamax(depth)
    move = ai(counted)
    # Counting changes nothing: the example's own class finds the same move and value.
    shipped = _example(game, state, counted=False)
    assert not hasattr(type(shipped), "counter")
    plain = Negamax(depth)
    assert (plain(shipped), plain.alpha) == (move, ai.alpha)
    # A forced win or loss within the depth is the same whatever the evaluation.
    ours = search(game, state, SearchSettings(depth=depth if game.name == "connect4" else None))
    assert ours.value is not None
    ours_proven = 0 if abs(ours.value) < 1 else (1 if ours.value > 0 else -1)
    easy_value = sign * ai.alpha
    easy_proven = 0 if abs(easy_value) < 100 else (1 if easy_value > 0 else -1)
    assert easy_proven == ours_proven
    if ours_proven:  # each of these has one winning move
        assert move - (1 if game.name == "tictactoe" else 0) == ours.best_move
