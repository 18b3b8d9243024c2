"""The board games that ship, by their command-line names."""

from __future__ import annotations

from typing import Any

from gamesearch_gui.core.game import Game, GameError
from gamesearch_gui.core.games.connect4 import ConnectFour
from gamesearch_gui.core.games.pennies import Pennies
from gamesearch_gui.core.games.pig import Pig
from gamesearch_gui.core.games.tictactoe import TicTacToe

__all__ = ["GAME_NAMES", "ConnectFour", "Pennies", "Pig", "TicTacToe", "make_game"]

#: Command-line name of each board game, in the order menus offer them.
GAME_NAMES: tuple[str, ...] = (TicTacToe.name, ConnectFour.name, Pennies.name, Pig.name)


def make_game(name: str, *, pennies_start: int = 7, pig_target: int = 20) -> Game[Any, Any]:
    """A board game by its command-line name; GameError for an unknown name or option."""
    if name == TicTacToe.name:
        return TicTacToe()
    if name == ConnectFour.name:
        return ConnectFour()
    if name == Pennies.name:
        return Pennies(pennies_start)
    if name == Pig.name:
        return Pig(pig_target)
    raise GameError(f"unknown game {name!r} (choose from: {', '.join(GAME_NAMES)})")
