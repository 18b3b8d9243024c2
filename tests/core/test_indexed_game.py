"""A user's game as the engine searches it for the window: moves as indices, states that
cross as plain tuples of ints."""

from __future__ import annotations

import pickle
from pathlib import Path

from gamesearch_gui.core.game import Player
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import search
from gamesearch_gui.core.usergame.indexed import game_info
from gamesearch_gui.core.usergame.indexed import open_indexed
from gamesearch_gui.core.usergame.indexed import position_info
from gamesearch_gui.paths import resource_files

GAME_FILES = Path(__file__).parent / "game_files"


def test_aima_tictactoe_with_a_dict_board_solves_to_a_draw_with_indices() -> None:
    game = open_indexed(str(GAME_FILES / "aima_tictactoe.py"))
    result = search(
        game, game.initial_state(), SearchSettings(Algorithm.ALPHABETA, transposition_table=True)
    )
    assert result.value == 0
    assert all(isinstance(move, int) for move in result.principal_variation)
    # What crosses to the window is numbers only: no state or move of the user's.
    crossed = pickle.loads(pickle.dumps(result))
    assert crossed.principal_variation == result.principal_variation


def test_a_line_crosses_as_a_tuple_and_is_replayed_from_the_start() -> None:
    game = open_indexed(str(resource_files() / "templates" / "nim.py"))
    line = game.result(game.result(game.initial_state(), 0), 0)
    assert type(pickle.loads(pickle.dumps(line))) is tuple
    replayed = game.place((0, 0))
    assert replayed.position == line.position
    info = position_info(game, (0, 0))
    assert info.to_move is Player.MAX and info.value is None
    assert info.moves == tuple(game.move_text(line, i) for i in game.actions(line))
    assert "to move" in info.board
    assert game_info(game).evaluations == ("nim_sum",)


def test_the_file_is_loaded_once_while_unchanged() -> None:
    path = str(resource_files() / "templates" / "nim.py")
    assert open_indexed(path) is open_indexed(path)
