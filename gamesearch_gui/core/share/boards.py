"""The boards of the replay page's node details: each detailed node's position as a short
string, and the move that made it, for tic-tac-toe, Connect Four and chess (the page's
``board.js`` draws them as SVG, as the window's details pane draws the game's board).

A position is written once per node (never per event), in the texts table the page's
other columns share, so a position reached by several nodes is one string:

- tic-tac-toe: the game's own notation, nine cells row by row from the top left, ``X``,
  ``O`` or ``.``; the last move is its cell, 0 to 8;
- Connect Four: 42 cells row by row from the top, ``X`` (MAX, red), ``O`` (MIN, yellow)
  or ``.``; the last move is its column, 0 to 6 (its disc is the column's highest);
- chess: the piece placement of the FEN (its first field); the last move in UCI
  (``e2e4``, ``e7e8q``).

Every other game, and a drawn tree, has no board on the page. No Qt.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Iterable
from typing import Any
from typing import Final

from gamesearch_gui.core.game import Player
from gamesearch_gui.core.games.chess import Chess
from gamesearch_gui.core.games.chess import ChessState
from gamesearch_gui.core.games.connect4 import HEIGHT
from gamesearch_gui.core.games.connect4 import WIDTH
from gamesearch_gui.core.games.connect4 import ConnectFour
from gamesearch_gui.core.games.tictactoe import TicTacToe
from gamesearch_gui.core.recording.depth_first import NONE
from gamesearch_gui.core.recording.depth_first import SearchRecording

__all__ = ["BOARD_GAMES", "board_data"]

#: The games whose nodes the page draws a board for, by the name the page knows them.
BOARD_GAMES: Final = ("tictactoe", "connect4", "chess")

_MARK: Final = {Player.MAX: "X", Player.MIN: "O"}


def _mark(owner: Player | None) -> str:
    return "." if owner is None else _MARK[owner]


def _connect4_cells(game: ConnectFour, state: Any) -> str:
    return "".join(
        _mark(game.cell(state, column, row))
        for row in reversed(range(HEIGHT))
        for column in range(WIDTH)
    )


def _chess_placement(state: ChessState) -> str:
    return state.fen.split(" ", 1)[0]


def _writer(game: object) -> tuple[str, Callable[[Any], str], Callable[[Any], str]] | None:
    """The page's name for ``game``'s board, how a position is written, and how a move
    is (None: the page draws no board for it). Exact types: a game that only derives
    from one of these may draw its positions otherwise."""
    if type(game) is TicTacToe:
        return "tictactoe", game.position_text, str
    if type(game) is ConnectFour:
        return "connect4", lambda state: _connect4_cells(game, state), str
    if type(game) is Chess:
        return "chess", _chess_placement, lambda move: move.uci()
    return None


def board_data(
    recording: SearchRecording, nodes: Iterable[int], texts: Callable[[str], int]
) -> dict[str, Any] | None:
    """The board of each of ``nodes`` for the page: ``game`` (one of ``BOARD_GAMES``),
    ``position`` (node to a text index of ``texts``) and ``last`` (node to the move
    that made it, absent at a root); None for a game the page draws no board for."""
    writer = _writer(recording.game)
    if writer is None:
        return None
    name, position, move = writer
    positions: dict[str, int] = {}
    last: dict[str, str] = {}
    for n in nodes:
        positions[str(n)] = texts(position(recording.state(n)))
        if recording.parent[n] != NONE:
            last[str(n)] = move(recording.moves[n])
    return {"game": name, "position": positions, "last": last}
