"""The board that draws a game: one place that knows which widget goes with which game."""

from __future__ import annotations

from typing import Any

from gamesearch_gui.core.game import Game, GameError
from gamesearch_gui.core.games import ConnectFour, Pennies, Pig, TicTacToe
from gamesearch_gui.ui.boards.base import BoardWidget


def make_board(game: Game[Any, Any]) -> BoardWidget:
    """The board widget that draws ``game``; GameError for a game with no board."""
    if isinstance(game, TicTacToe):
        from gamesearch_gui.ui.boards.tictactoe_board import TicTacToeBoard

        return TicTacToeBoard(game)
    if isinstance(game, ConnectFour):
        from gamesearch_gui.ui.boards.connect4_board import ConnectFourBoard

        return ConnectFourBoard(game)
    if isinstance(game, Pennies):
        from gamesearch_gui.ui.boards.pennies_board import PenniesBoard

        return PenniesBoard(game)
    if isinstance(game, Pig):
        from gamesearch_gui.ui.boards.pig_board import PigBoard

        return PigBoard(game)
    raise GameError(f"no board for {game.title}")
