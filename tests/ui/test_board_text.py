"""The text board of a user's game: its buttons show the values, the hint and the turn,
and only a new position asks the game's code anything (the code runs in the engine; here
a stand-in answers)."""

from __future__ import annotations

from typing import Any

from pytestqt.qtbot import QtBot

from gamesearch_gui.core.game import Player
from gamesearch_gui.core.game_source import GameFileSource
from gamesearch_gui.core.usergame.indexed import GameInfo
from gamesearch_gui.core.usergame.indexed import PositionInfo
from gamesearch_gui.engine.remote_game import RemoteGame
from gamesearch_gui.ui.boards.text_board import TextBoard


class Sticks:
    """Stands in for the engine: a game of sticks, take 1 or 2; it counts the questions."""

    def __init__(self) -> None:
        self.asked: list[tuple[Any, ...]] = []

    def __call__(self, name: str, *args: Any) -> Any:
        self.asked.append((name, *args))
        if name == "user_game_open":
            return GameInfo("Sticks", False, ("left",), None)
        assert name == "user_game_position"
        line = args[1]
        to_move = Player.MIN if len(line) % 2 else Player.MAX
        return PositionInfo(to_move, None, ("take 1", "take 2"), (), f"{7 - len(line)} sticks")


def test_values_hint_and_turn_relabel_the_buttons_and_ask_the_game_nothing(
    qtbot: QtBot,
) -> None:
    ask = Sticks()
    board = TextBoard(RemoteGame.open_source(GameFileSource("sticks.py", None, 50), ask))
    qtbot.addWidget(board)
    board.resize(500, 300)
    board.show()
    board.set_state((0,), 0)
    assert board.text.text() == "6 sticks" and board.caption.text() == "MIN to move"
    buttons = list(board.buttons)
    assert [b.text() for b in buttons] == ["take 1", "take 2"]
    assert not any(b.isEnabled() for b in buttons)  # not a person's turn yet
    asked = len(ask.asked)

    board.set_interactive(True)
    assert all(b.isEnabled() for b in buttons)
    board.set_move_values({0: 0.5, 1: -1.0})
    assert [b.text() for b in buttons] == ["take 1  (0.5)", "take 2  (\u22121)"]
    board.set_hint(1)
    assert buttons[1].font().bold() and buttons[1].toolTip() == "The AI's hint"
    assert not buttons[0].font().bold()
    board.set_hint(None)
    board.set_move_values(None)
    assert [b.text() for b in buttons] == ["take 1", "take 2"]
    assert not buttons[1].font().bold()
    board.set_interactive(False)
    assert not any(b.isEnabled() for b in buttons)
    # The same buttons throughout, and no question to the game's code: none of that is a
    # new position.
    assert board.buttons == buttons and len(ask.asked) == asked

    board.set_state((0, 1), 1)  # a new position is asked about, and gets new buttons
    assert board.text.text() == "5 sticks" and board.caption.text() == "MAX to move"
    assert len(ask.asked) > asked and board.buttons != buttons
