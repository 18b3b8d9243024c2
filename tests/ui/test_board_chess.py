"""The chess board (issue 17): a game to the end by clicks against the AI, drags,
promotion, the board turned to Black, and illegal moves refused with a message."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import chess
import pytest
from PySide6.QtCore import QPoint
from PySide6.QtCore import QSettings
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from gamesearch_gui.core.game import Player
from gamesearch_gui.core.games.chess import Chess
from gamesearch_gui.core.games.chess import ChessState
from gamesearch_gui.core.match import Match
from gamesearch_gui.core.recording.depth_first import SearchRecording
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import search
from gamesearch_gui.ui.boards.chess_board import ChessBoard
from gamesearch_gui.ui.main_window import MainWindow
from gamesearch_gui.ui.play_config import PlayConfig
from gamesearch_gui.ui.play_config import Seats
from gamesearch_gui.ui.play_config import default_search
from gamesearch_gui.ui.tree.details import NodeDetails
from tests.core.test_chess import mate_in_one
from tests.ui.test_main_window import click_move
from tests.ui.test_main_window import wait_for_person_or_end

GAME = Chess()
#: White mates in two whatever Black does: 1. Ra6, then bxa6 b7# or Bc7/Be5... Rxa7#.
MATE_IN_TWO = "kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1"


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[MainWindow]:
    """A main window with settings of its own that plays at full speed, no modal boxes."""
    monkeypatch.setattr(MainWindow, "_message", lambda self, title, html: None)
    store = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    made = MainWindow(store, recovery_path=str(tmp_path / "recovery.json"))
    made.pace_override_ms = 0
    qtbot.addWidget(made)
    made.show()
    yield made
    made.close()


def from_position(window: MainWindow, fen: str, seats: Seats, depth: int = 2) -> ChessState:
    """A chess game in ``window`` that starts at ``fen``, the AI searching to ``depth``."""
    search = replace(default_search("chess"), depth=depth, time_budget=None)
    window.new_game(PlayConfig(game="chess", seats=seats, search=search), start=False)
    state = window.game.parse_position(fen)
    window.match = Match(window.game, state)
    assert window.board is not None
    window.board.set_state(state)
    window.session.advance()
    return state


def test_a_game_to_the_end_by_clicks_against_a_depth_two_ai(
    qtbot: QtBot, window: MainWindow
) -> None:
    state = from_position(window, MATE_IN_TWO, Seats.HUMAN_FIRST)
    wait_for_person_or_end(qtbot, window)
    click_move(qtbot, window, GAME.parse_move(state, "Ra6"))
    assert window.match.plies[-1].text == "Ra6"
    wait_for_person_or_end(qtbot, window)  # the AI (Black) replies
    assert len(window.match.plies) == 2
    mate = mate_in_one(window.match.state.board())
    assert mate is not None
    click_move(qtbot, window, mate)
    assert window.match.is_over
    assert GAME.ending(window.match.state) == "checkmate"
    assert window.headline.text() == "Game over: you win!"
    assert window.match.plies[-1].text.endswith("#")


def test_a_drag_plays_a_move(qtbot: QtBot, window: MainWindow) -> None:
    window.new_game(PlayConfig(game="chess", seats=Seats.TWO_HUMANS))
    board = window.board
    assert isinstance(board, ChessBoard)
    start, end = (board._square_rect(s).center().toPoint() for s in (chess.E2, chess.E4))
    qtbot.mousePress(board, Qt.MouseButton.LeftButton, pos=start)
    qtbot.mouseMove(board, QPoint(start.x(), start.y() - 20))
    qtbot.mouseMove(board, end)
    qtbot.mouseRelease(board, Qt.MouseButton.LeftButton, pos=end)
    assert [ply.text for ply in window.match.plies] == ["e4"]


def test_a_pawn_on_the_last_rank_becomes_the_piece_chosen(qtbot: QtBot, window: MainWindow) -> None:
    state = from_position(window, "8/4P1k1/8/8/8/8/8/4K3 w - - 0 1", Seats.TWO_HUMANS)
    board = window.board
    assert isinstance(board, ChessBoard)
    under = GAME.parse_move(state, "e8=N+")
    clicks = board.click_targets(under)
    assert len(clicks) == 3
    for widget, point in clicks[:2]:
        qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=point)
    assert board.promotion == (chess.E7, chess.E8) and not window.match.plies  # it asks
    widget, point = clicks[2]
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=point)
    assert window.match.plies[-1].text == "e8=N+"
    piece = window.match.state.piece_at(chess.E8)
    assert piece == chess.Piece(chess.KNIGHT, chess.WHITE)


def test_an_illegal_move_is_refused_with_a_message(qtbot: QtBot, window: MainWindow) -> None:
    # The rook on e8 pins the bishop to White's king: it may not leave the e-file.
    state = from_position(window, "4r1k1/8/8/8/8/8/4B3/4K3 w - - 0 1", Seats.TWO_HUMANS)
    board = window.board
    assert isinstance(board, ChessBoard)
    said: list[str] = []
    board.refused.connect(said.append)
    for square in (chess.E2, chess.D3):
        point = board._square_rect(square).center().toPoint()
        qtbot.mouseClick(board, Qt.MouseButton.LeftButton, pos=point)
    assert window.match.state == state and not window.match.plies
    assert said == [
        "The bishop on e2 has no legal move",
        "The bishop cannot go e2–d3: that would leave your king in check",
    ]
    assert "leave your king in check" in window.statusBar().currentMessage()
    # A click on the other side's piece says whose it is.
    point = board._square_rect(chess.G8).center().toPoint()
    qtbot.mouseClick(board, Qt.MouseButton.LeftButton, pos=point)
    assert said[-1] == "That is Black's piece: White moves"


def test_the_board_turns_to_black_for_a_person_playing_black(
    qtbot: QtBot, window: MainWindow
) -> None:
    search = replace(default_search("chess"), depth=1, time_budget=None)
    window.new_game(PlayConfig(game="chess", seats=Seats.HUMAN_SECOND, search=search))
    board = window.board
    assert isinstance(board, ChessBoard)
    assert board.flipped
    # Black's a8 rook stands at the bottom right, as a player with Black sees it.
    rook = board._square_rect(chess.A8)
    assert rook.center().x() > board.width() / 2 and rook.center().y() > board.height() / 2
    wait_for_person_or_end(qtbot, window)
    assert window.match.to_move is Player.MIN


@pytest.mark.parametrize(
    ("evaluation", "rows"),
    [
        (
            "material",
            [
                ("White material: K 10 + B 3 + B 3", "16"),
                ("Black material: K 10 + Q 9", "19"),
                ("material, White − Black", "−3"),
            ],
        ),
        ("piece_count", [("piece count, White − Black", "1")]),
    ],
)
def test_node_details_show_the_position_and_its_evaluation_terms(
    qtbot: QtBot, evaluation: str, rows: list[tuple[str, str]]
) -> None:
    # The course notes' example: White king and two bishops against king and queen.
    state = GAME.parse_position("3qk3/8/8/8/8/8/8/2B1KB2 w - - 0 1")
    recording = SearchRecording(GAME, node_cap=None)
    settings = SearchSettings(Algorithm.ALPHABETA, depth=1, evaluation=evaluation)
    recording.finish(search(GAME, state, settings, listener=recording))
    details = NodeDetails()
    qtbot.addWidget(details)
    details.set_recording(recording)
    details.set_moment(recording.event_count, recording.event_count)
    details.set_node(0)
    shown = details.facts.text()
    assert f"Evaluation here ({evaluation})" in shown
    for what, value in rows:
        assert f"{what}</td><td align='right'>{value}</td>" in shown.replace("\u200b", "")
    # A child: its move in SAN, its position on a chess board.
    child = recording.first_child[0]
    details.set_node(child)
    assert isinstance(details.board, ChessBoard)
    assert details.board.state == GAME.result(state, recording.moves[child])
    assert recording.move_text(child) == GAME.move_text(state, recording.moves[child])
    assert "root → " + recording.move_text(child) in details.facts.text()


def test_node_details_of_a_running_search_show_the_evaluation_it_uses(
    qtbot: QtBot, window: MainWindow
) -> None:
    # The notes' position, the AI (White) searching with "piece count", not the default
    # "material": while the search runs the root's details tell piece count's terms.
    search = SearchSettings(Algorithm.MINIMAX, depth=4, evaluation="piece_count")
    window.new_game(PlayConfig(game="chess", seats=Seats.HUMAN_SECOND, search=search), start=False)
    state = window.game.parse_position("3qk3/8/8/8/8/8/8/2B1KB2 w - - 0 1")
    window.match = Match(window.game, state)
    window.session.advance()
    panel = window.tree_panel
    qtbot.waitUntil(lambda: panel.controller.published > 100, timeout=30_000)
    recording = panel.recording
    assert recording is not None and recording.result is None  # still searching
    panel.details.set_node(0)
    shown = panel.details.facts.text().replace("\u200b", "")
    assert "Evaluation here (piece_count)" in shown
    assert "piece count, White − Black</td><td align='right'>1</td>" in shown
    assert "material" not in shown
