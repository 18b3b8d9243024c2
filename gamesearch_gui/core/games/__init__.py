"""The board games that ship, registered in the order menus offer them.

A new built-in game is its module (the game class and its ``SPEC``) and one line in
``BUILT_IN`` below; see ``registry`` for what a spec says.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gamesearch_gui.core.game import Game
from gamesearch_gui.core.games import chess
from gamesearch_gui.core.games import connect4
from gamesearch_gui.core.games import nim3
from gamesearch_gui.core.games import pennies
from gamesearch_gui.core.games import pig
from gamesearch_gui.core.games import tictactoe
from gamesearch_gui.core.games.connect4 import ConnectFour
from gamesearch_gui.core.games.pennies import Pennies
from gamesearch_gui.core.games.pig import Pig
from gamesearch_gui.core.games.registry import DefaultSearch
from gamesearch_gui.core.games.registry import GameOption
from gamesearch_gui.core.games.registry import GameSpec
from gamesearch_gui.core.games.registry import UnknownGameError
from gamesearch_gui.core.games.registry import all_options
from gamesearch_gui.core.games.registry import find_game
from gamesearch_gui.core.games.registry import game_names
from gamesearch_gui.core.games.registry import game_specs
from gamesearch_gui.core.games.registry import register
from gamesearch_gui.core.games.registry import unregister
from gamesearch_gui.core.games.tictactoe import TicTacToe

__all__ = [
    "BUILT_IN",
    "ConnectFour",
    "DefaultSearch",
    "GameOption",
    "GameSpec",
    "Pennies",
    "Pig",
    "TicTacToe",
    "UnknownGameError",
    "all_options",
    "find_game",
    "game_names",
    "game_specs",
    "make_game",
    "register",
    "unregister",
]

#: The games that ship, in the order menus offer them (the first is the default).
BUILT_IN: tuple[GameSpec, ...] = (
    tictactoe.SPEC,
    connect4.SPEC,
    pennies.SPEC,
    pig.SPEC,
    chess.SPEC,
    nim3.SPEC,
)

for _spec in BUILT_IN:
    register(_spec)


def make_game(name: str, options: Mapping[str, int] | None = None) -> Game[Any, Any]:
    """A registered game by its name, its options by key (``{"pig_target": 30}``);
    GameError for an unknown name or an option out of range."""
    return find_game(name).make(options)
