"""The boards of the replay page's node details (core/share/boards.py): each detailed
node's position once, in the texts table, with the move that made it, for tic-tac-toe,
Connect Four and chess; no board for a drawn tree."""

from __future__ import annotations

from typing import Any

import chess
import pytest

from gamesearch_gui.core.game import Game
from gamesearch_gui.core.game import Player
from gamesearch_gui.core.games import ConnectFour
from gamesearch_gui.core.games import TicTacToe
from gamesearch_gui.core.games.chess import Chess
from gamesearch_gui.core.recording.depth_first import NONE
from gamesearch_gui.core.recording.depth_first import SearchRecording
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import search
from gamesearch_gui.core.share import replay
from gamesearch_gui.core.share.html import replay_page
from tests.core.test_replay_page import recorded
from tests.replay_page import read_page

#: Back-rank mate in one for White (Ra8#), searched one ply deep: 21 nodes.
MATE_IN_ONE = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"


def recorded_game(game: Game[Any, Any], position: str, depth: int | None) -> SearchRecording:
    recording = SearchRecording(game)
    settings = SearchSettings(Algorithm.ALPHABETA, depth=depth)
    recording.finish(search(game, game.parse_position(position), settings, listener=recording))
    return recording


def boards(recording: SearchRecording) -> tuple[dict[str, Any], list[str]]:
    data = read_page(replay_page(recording, "a game")).data
    return data["board"], data["texts"]


def test_tic_tac_toe_nodes_have_their_cells_and_last_move() -> None:
    game = TicTacToe()
    recording = recorded_game(game, "XO.XO....", None)
    board, texts = boards(recording)
    assert board["game"] == "tictactoe"
    assert set(board["position"]) == {str(n) for n in range(recording.node_count)}
    for n in range(recording.node_count):
        assert texts[board["position"][str(n)]] == game.position_text(recording.state(n))
    assert "0" not in board["last"]  # the root: no move made it
    assert board["last"]["1"] == str(recording.moves[1])
    # A position reached by several nodes is written once.
    assert len(set(board["position"].values())) < recording.node_count
    assert len(texts) == len(set(texts))


def test_connect_four_nodes_have_their_42_cells_from_the_top() -> None:
    game = ConnectFour()
    recording = recorded_game(game, "4453", 2)
    board, texts = boards(recording)
    assert board["game"] == "connect4"
    n = recording.node_count - 1
    cells = texts[board["position"][str(n)]]
    assert len(cells) == 42
    state = recording.state(n)
    for column in range(7):
        for row in range(6):
            owner = game.cell(state, column, row)
            want = {Player.MAX: "X", Player.MIN: "O", None: "."}[owner]
            assert cells[(5 - row) * 7 + column] == want, (column, row)
    assert board["last"][str(n)] == str(recording.moves[n])


def test_chess_nodes_have_their_piece_placement_and_last_move_in_uci() -> None:
    recording = recorded_game(Chess(), MATE_IN_ONE, 1)
    board, texts = boards(recording)
    assert board["game"] == "chess"
    assert texts[board["position"]["0"]] == "6k1/5ppp/8/8/8/8/5PPP/R5K1"
    mate = next(
        n
        for n in range(recording.node_count)
        if recording.parent[n] != NONE and recording.moves[n] == chess.Move.from_uci("a1a8")
    )
    assert board["last"][str(mate)] == "a1a8"
    assert texts[board["position"][str(mate)]] == "R5k1/5ppp/8/8/8/8/5PPP/6K1"


def test_a_drawn_tree_has_no_board() -> None:
    data = read_page(replay_page(recorded(), "Figure 5.2")).data
    assert data["board"] is None


def test_a_big_search_has_boards_for_its_detailed_nodes_only(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(replay, "DETAILED_NODES", 6)
    recording = recorded_game(TicTacToe(), "XO.XO....", None)
    data = replay.replay_data(recording, "tic-tac-toe")
    assert set(data["board"]["position"]) == set(data["details"])
    assert len(data["details"]) < recording.node_count
