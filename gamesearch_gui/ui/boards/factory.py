"""The board that draws a game: the one place that turns a game's spec into its widget.

The registry (``gamesearch_gui.core.games.registry``) names each game's board as
``"package.module:Class"``; the core never imports Qt, so the board is imported here,
on first use.
"""

from __future__ import annotations

import importlib
from typing import Any

from gamesearch_gui.core.game import Game
from gamesearch_gui.core.game import GameError
from gamesearch_gui.core.games import GameSpec
from gamesearch_gui.core.games import UnknownGameError
from gamesearch_gui.core.games import find_game
from gamesearch_gui.engine.remote_game import RemoteGame
from gamesearch_gui.ui.boards.base import BoardWidget


def make_board(game: Game[Any, Any]) -> BoardWidget:
    """The board widget that draws ``game``; GameError for a game with no board."""
    if isinstance(game, RemoteGame):
        from gamesearch_gui.ui.boards.text_board import TextBoard

        return TextBoard(game)  # a user's game file: its own text, and buttons
    try:
        spec = find_game(game.name)
    except UnknownGameError:
        raise GameError(f"no board for {game.title}") from None
    return board_class(spec)(game)


def board_class(spec: GameSpec) -> type[BoardWidget]:
    """The class of the board the registry names for ``spec``'s game; GameError for a
    game with no board, or a name that is not a board widget."""
    where = spec.board
    if where is None:
        raise GameError(f"no board for {spec.title}")
    module, _, name = where.partition(":")
    try:
        board = getattr(importlib.import_module(module), name, None)
    except ImportError as error:
        raise GameError(f"no board for {spec.title}: cannot import {where} ({error})") from None
    if not (isinstance(board, type) and issubclass(board, BoardWidget)):
        raise GameError(f"no board for {spec.title}: {where} is not a board widget")
    return board
