"""The pennies and Pig boards: clicks and keys make legal moves, and every state draws."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPoint
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtGui import QImage
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from gamesearch_gui.core.game import IllegalMoveError
from gamesearch_gui.core.game import Player
from gamesearch_gui.core.games.pennies import Pennies
from gamesearch_gui.core.games.pennies import PenniesState
from gamesearch_gui.core.games.pig import HOLD
from gamesearch_gui.core.games.pig import ROLL
from gamesearch_gui.core.games.pig import Pig
from gamesearch_gui.core.games.pig import PigState
from gamesearch_gui.ui.boards.pennies_board import PenniesBoard
from gamesearch_gui.ui.boards.pig_board import PigBoard

LEFT = Qt.MouseButton.LeftButton


def _pennies_board(qtbot: QtBot, game: Pennies, position: str | None = None) -> PenniesBoard:
    board = PenniesBoard(game)
    qtbot.addWidget(board)
    board.resize(500, 400)
    board.show()
    qtbot.waitExposed(board)
    if position is not None:
        board.set_state(game.parse_position(position))
    board.set_interactive(True)
    return board


def _pig_board(qtbot: QtBot, game: Pig | None = None) -> PigBoard:
    board = PigBoard(game or Pig())
    qtbot.addWidget(board)
    board.resize(500, 400)
    board.show()
    qtbot.waitExposed(board)
    return board


def _click(qtbot: QtBot, widget: QWidget, point: QPoint) -> None:
    qtbot.mouseClick(widget, LEFT, pos=point)


def _play_by_clicks(qtbot: QtBot, board: Any, move: Any) -> list[Any]:
    """Make the clicks ``click_targets`` names; the arguments ``moveChosen`` carried."""
    *first, (widget, point) = board.click_targets(move)
    for earlier_widget, earlier_point in first:
        _click(qtbot, earlier_widget, earlier_point)
    with qtbot.waitSignal(board.moveChosen, timeout=1000) as blocker:
        _click(qtbot, widget, point)
    return list(blocker.args or [])


def _colours(image: QImage) -> set[int]:
    """The distinct colours on a coarse grid over ``image``."""
    step = 7
    return {
        image.pixel(x, y)
        for x in range(0, image.width(), step)
        for y in range(0, image.height(), step)
    }


def _assert_distinct_drawings(images: dict[str, QImage]) -> None:
    for name, image in images.items():
        assert not image.isNull(), name
        assert len(_colours(image)) > 5, f"the {name} drawing is nearly blank"
    names = list(images)
    for i, first in enumerate(names):
        for second in names[i + 1 :]:
            assert images[first] != images[second], f"{first} and {second} draw the same"


def _dark_palette() -> QPalette:
    palette = QPalette()
    for role, colour in (
        (QPalette.ColorRole.Window, "#262626"),
        (QPalette.ColorRole.WindowText, "#eeeeee"),
        (QPalette.ColorRole.Base, "#1c1c1c"),
        (QPalette.ColorRole.Text, "#eeeeee"),
        (QPalette.ColorRole.Button, "#3a3a3a"),
        (QPalette.ColorRole.ButtonText, "#eeeeee"),
    ):
        palette.setColor(role, QColor(colour))
    return palette


# -- pennies: choosing a split ------------------------------------------------------------


@pytest.mark.parametrize("position", ["7", "5,4,2,1", "5,4,2,1 min", "9,5,5,3,1"])
def test_every_legal_split_is_played_by_its_clicks(qtbot: QtBot, position: str) -> None:
    game = Pennies()
    board = _pennies_board(qtbot, game, position)
    state = game.parse_position(position)
    moves = list(game.actions(state))
    assert moves
    for move in moves:
        assert _play_by_clicks(qtbot, board, move) == [move]


def test_same_size_stacks_give_the_same_move(qtbot: QtBot) -> None:
    board = _pennies_board(qtbot, Pennies((5, 5, 1)))
    (_, first_stack), (_, first_marker) = board.click_targets((5, 3))
    second_stack = board.stack_point(1)
    assert second_stack.x() != first_stack.x()
    offset = QPoint(second_stack.x() - first_stack.x(), 0)
    _click(qtbot, board, second_stack)
    with qtbot.waitSignal(board.moveChosen, timeout=1000) as blocker:
        _click(qtbot, board, first_marker + offset)
    assert blocker.args == [(5, 3)]


@pytest.mark.parametrize(("index", "size"), [(2, 2), (3, 1)])
def test_a_dead_stack_is_refused(qtbot: QtBot, index: int, size: int) -> None:
    board = _pennies_board(qtbot, Pennies((5, 4, 2, 1)))
    with (
        qtbot.assertNotEmitted(board.moveChosen),
        qtbot.waitSignal(board.refused, timeout=1000) as blocker,
    ):
        _click(qtbot, board, board.stack_point(index))
    assert blocker.args == [f"A stack of {size} cannot be split into two unequal stacks"]


def test_only_unequal_splits_are_offered(qtbot: QtBot) -> None:
    board = _pennies_board(qtbot, Pennies(6))
    (_, stack), (_, four_two) = board.click_targets((6, 4))
    _, (_, five_one) = board.click_targets((6, 5))
    coin = four_two.y() - five_one.y()  # markers sit one coin apart
    assert coin > 0
    offered = []
    for below in range(1, 6):  # every gap between two coins of the six
        gap = QPoint(stack.x(), four_two.y() + (4 - below) * coin)
        _click(qtbot, board, stack)
        with _Recorder(board) as moves:
            _click(qtbot, board, gap)
        offered.extend(moves)
    assert offered == [(6, 4), (6, 5)]  # not 3 + 3, and each split once
    with pytest.raises(IllegalMoveError):
        board.click_targets((6, 3))


class _Recorder:
    """Collects what ``moveChosen`` (or another signal) carries while the block runs."""

    def __init__(self, board: Any, signal: Any = None) -> None:
        self.signal = board.moveChosen if signal is None else signal
        self.moves: list[Any] = []

    def __enter__(self) -> list[Any]:
        self.signal.connect(self.moves.append)
        return self.moves

    def __exit__(self, *exc: object) -> None:
        self.signal.disconnect(self.moves.append)


def test_a_click_elsewhere_lets_go_of_the_stack(qtbot: QtBot) -> None:
    board = _pennies_board(qtbot, Pennies(7))
    (_, stack), (_, marker) = board.click_targets((7, 4))
    _click(qtbot, board, stack)
    _click(qtbot, board, QPoint(5, board.height() // 2))  # beside every stack
    with qtbot.assertNotEmitted(board.moveChosen):
        _click(qtbot, board, marker)


def test_a_board_that_is_not_interactive_plays_nothing(qtbot: QtBot) -> None:
    board = _pennies_board(qtbot, Pennies((5, 4, 2, 1)))
    board.set_interactive(False)
    with _Recorder(board) as moves, _Recorder(board, board.refused) as reasons:
        for move in ((5, 3), (4, 3)):
            for widget, point in board.click_targets(move):
                _click(qtbot, widget, point)
        _click(qtbot, board, board.stack_point(2))
        qtbot.keyClick(board, Qt.Key.Key_Right)
        qtbot.keyClick(board, Qt.Key.Key_Up)
        qtbot.keyClick(board, Qt.Key.Key_Return)
    assert moves == []
    assert set(reasons) == {"Not your turn"}


def test_a_finished_game_plays_nothing(qtbot: QtBot) -> None:
    board = _pennies_board(qtbot, Pennies(7), "2,2,2,1 max")
    with (
        qtbot.assertNotEmitted(board.moveChosen),
        qtbot.waitSignal(board.refused, timeout=1000) as blocker,
    ):
        _click(qtbot, board, board.stack_point(0))
    assert blocker.args == ["The game is over"]
    with pytest.raises(IllegalMoveError):
        board.click_targets((3, 2))


def test_the_keyboard_chooses_a_stack_and_a_split(qtbot: QtBot) -> None:
    board = _pennies_board(qtbot, Pennies((7, 4)))
    board.setFocus()
    qtbot.keyClick(board, Qt.Key.Key_Right)  # the stack of 7
    qtbot.keyClick(board, Qt.Key.Key_Up)  # its lowest marker: 4 + 3
    qtbot.keyClick(board, Qt.Key.Key_Up)  # one higher: 5 + 2
    with qtbot.waitSignal(board.moveChosen, timeout=1000) as blocker:
        qtbot.keyClick(board, Qt.Key.Key_Return)
    assert blocker.args == [(7, 5)]
    qtbot.keyClick(board, Qt.Key.Key_Left)  # from nothing selected: the last live stack, 4
    qtbot.keyClick(board, Qt.Key.Key_Down)
    with qtbot.waitSignal(board.moveChosen, timeout=1000) as blocker:
        qtbot.keyClick(board, Qt.Key.Key_Enter)
    assert blocker.args == [(4, 3)]


# -- pennies: drawing ---------------------------------------------------------------------


def test_pennies_drawings_differ_by_state(qtbot: QtBot, tmp_path: Path) -> None:
    game = Pennies(7)
    board = _pennies_board(qtbot, game)
    images = {"start": board.grab().toImage()}
    (_, stack), _ = board.click_targets((7, 5))
    _click(qtbot, board, stack)
    images["selected"] = board.grab().toImage()
    board.set_state(game.parse_position("5,4,2,1 min"), (7, 5))
    images["last move"] = board.grab().toImage()
    board.set_move_values({(5, 3): 0.5, (5, 4): -1.0, (4, 3): 1.0})
    images["values"] = board.grab().toImage()
    board.set_hint((5, 4))
    images["hint"] = board.grab().toImage()
    board.set_state(game.parse_position("2,2,2,1 max"), (3, 2))
    images["game over"] = board.grab().toImage()
    _assert_distinct_drawings(images)
    board.grab().save(str(tmp_path / "pennies-over.png"))


def test_pennies_draws_every_state_of_random_games(qtbot: QtBot) -> None:
    rng = random.Random(5)
    board = PenniesBoard(Pennies(60))
    qtbot.addWidget(board)
    sizes = [(500, 400), (160, 120), (900, 300)]
    for start in (60, (3,) * 20, (1,) * 30):
        game = Pennies(start)
        board.set_game(game)
        state: PenniesState = game.initial_state()
        move: Any = None
        for ply in range(80):
            board.resize(*sizes[ply % len(sizes)])
            board.set_state(state, move)
            board.set_interactive(ply % 2 == 0)
            if game.is_terminal(state):
                board.grab()
                break
            moves = list(game.actions(state))
            board.set_move_values({m: rng.uniform(-1, 1) for m in moves})
            board.set_hint(rng.choice(moves))
            targets = board.click_targets(moves[0])
            if board.interactive:
                qtbot.mouseClick(board, LEFT, pos=targets[0][1])
            assert not board.grab().isNull()
            move = rng.choice(moves)
            state = game.result(state, move)


def test_pennies_draws_on_a_dark_palette(qtbot: QtBot) -> None:
    board = _pennies_board(qtbot, Pennies((9, 6, 3, 1)))
    light = board.grab().toImage()
    board.setPalette(_dark_palette())
    dark = board.grab().toImage()
    assert dark != light
    assert QColor(dark.pixel(2, 2)).lightnessF() < 0.3


# -- Pig: the buttons ---------------------------------------------------------------------


def _decision(game: Pig) -> PigState:
    return game.parse_position("max 5 min 3 turn 4 max to decide")


def test_roll_and_hold_are_enabled_only_at_a_persons_decision(qtbot: QtBot) -> None:
    game = Pig()
    board = _pig_board(qtbot, game)
    buttons = (board.roll_button, board.hold_button)

    def enabled() -> tuple[bool, bool]:
        return (buttons[0].isEnabled(), buttons[1].isEnabled())

    board.set_state(_decision(game), 4)
    assert enabled() == (False, False)  # not the person's turn
    board.set_interactive(True)
    assert enabled() == (True, True)
    board.set_state(game.parse_position("max 5 min 3 turn 4 max to roll"), ROLL)
    assert game.to_move(board.state) is Player.CHANCE
    assert enabled() == (False, False)
    board.set_state(game.parse_position("max 21 min 3 max won"), HOLD)
    assert enabled() == (False, False)
    board.set_state(game.parse_position("max 5 min 3 turn 6 min to decide"), 6)
    assert enabled() == (True, True)
    board.set_interactive(False)
    assert enabled() == (False, False)


@pytest.mark.parametrize("move", [ROLL, HOLD])
def test_a_click_on_a_button_chooses_its_move(qtbot: QtBot, move: str) -> None:
    game = Pig()
    board = _pig_board(qtbot, game)
    board.set_state(_decision(game), 4)
    board.set_interactive(True)
    assert _play_by_clicks(qtbot, board, move) == [move]
    ((button, _),) = board.click_targets(move)
    assert button is (board.roll_button if move == ROLL else board.hold_button)


@pytest.mark.parametrize(("key", "move"), [(Qt.Key.Key_R, ROLL), (Qt.Key.Key_H, HOLD)])
def test_r_rolls_and_h_holds(qtbot: QtBot, key: Qt.Key, move: str) -> None:
    game = Pig()
    board = _pig_board(qtbot, game)
    board.set_state(_decision(game), 4)
    board.set_interactive(True)
    board.setFocus()
    with qtbot.waitSignal(board.moveChosen, timeout=1000) as blocker:
        qtbot.keyClick(board, key)
    assert blocker.args == [move]
    board.set_state(game.result(_decision(game), ROLL), ROLL)  # the die's turn now
    with qtbot.assertNotEmitted(board.moveChosen):
        qtbot.keyClick(board, key)


def test_nothing_is_chosen_when_the_board_is_not_interactive(qtbot: QtBot) -> None:
    game = Pig()
    board = _pig_board(qtbot, game)
    board.set_state(_decision(game), 4)
    board.setFocus()
    with _Recorder(board) as moves, _Recorder(board, board.refused) as reasons:
        for move in (ROLL, HOLD):
            for widget, point in board.click_targets(move):
                _click(qtbot, widget, point)
        qtbot.keyClick(board, Qt.Key.Key_R)
        qtbot.keyClick(board, Qt.Key.Key_H)
    assert moves == []
    assert reasons == ["Not your turn", "Not your turn"]  # the keys say why; buttons are off


def test_values_label_the_buttons_and_the_hint_marks_one(qtbot: QtBot) -> None:
    game = Pig()
    board = _pig_board(qtbot, game)
    board.set_state(game.parse_position("max 5 min 3 turn 4 min to decide"), 4)
    board.set_interactive(True)
    plain = board.grab().toImage()
    board.set_move_values({ROLL: 0.42, HOLD: -0.1})
    assert board.roll_button.text() == "Roll  (0.42)"
    assert board.hold_button.text() == "Hold  (\u22120.1)"
    # MIN is to move, so the lower value is the better one.
    assert board.hold_button.font().bold() and not board.roll_button.font().bold()
    valued = board.grab().toImage()
    board.set_hint(ROLL)
    hinted = board.grab().toImage()
    assert plain != valued != hinted
    board.set_state(game.result(board.state, ROLL), ROLL)
    assert board.roll_button.text() == "Roll"  # a new state clears the values


def test_the_die_tumbles_briefly_and_stops_for_a_new_state(qtbot: QtBot) -> None:
    game = Pig()
    board = _pig_board(qtbot, game)
    rolling = game.initial_state()
    board.set_state(game.result(rolling, 5), 5)
    assert board.tumbling
    qtbot.waitUntil(lambda: not board.tumbling, timeout=3000)
    board.set_state(game.result(rolling, 3), 3)
    assert board.tumbling
    board.set_state(game.result(game.result(rolling, 3), HOLD), HOLD)
    assert not board.tumbling
    with pytest.raises(IllegalMoveError):
        board.click_targets(4)


# -- Pig: drawing -------------------------------------------------------------------------


def test_pig_drawings_differ_by_state(qtbot: QtBot, tmp_path: Path) -> None:
    game = Pig()
    board = _pig_board(qtbot, game)
    board.set_interactive(True)
    images = {"start": board.grab().toImage()}
    middle = game.parse_position("max 12 min 9 turn 0 max to roll")
    board.set_state(middle)
    board.set_state(game.result(middle, 4), 4)
    qtbot.waitUntil(lambda: not board.tumbling, timeout=3000)
    images["mid-game"] = board.grab().toImage()
    board.set_move_values({ROLL: 0.3, HOLD: 0.1})
    images["values"] = board.grab().toImage()
    board.set_hint(HOLD)
    images["hint"] = board.grab().toImage()
    before_one = game.parse_position("max 12 min 9 turn 7 min to roll")
    board.set_state(before_one)
    board.set_state(game.result(before_one, 1), 1)
    qtbot.waitUntil(lambda: not board.tumbling, timeout=3000)
    images["after a 1"] = board.grab().toImage()
    winning = game.parse_position("max 12 min 17 turn 6 min to decide")
    board.set_state(winning)
    board.set_state(game.result(winning, HOLD), HOLD)
    images["game over"] = board.grab().toImage()
    _assert_distinct_drawings(images)
    board.grab().save(str(tmp_path / "pig-over.png"))


def test_pig_draws_every_state_of_random_games(qtbot: QtBot) -> None:
    rng = random.Random(7)
    board = PigBoard(Pig(2))
    qtbot.addWidget(board)
    sizes = [(500, 400), (220, 180), (1000, 260)]
    for target in (2, 20, 100):
        game = Pig(target)
        board.set_game(game)
        state: PigState = game.initial_state()
        move: Any = None
        for ply in range(150):
            board.resize(*sizes[ply % len(sizes)])
            board.set_state(state, move)
            board.set_interactive(ply % 3 != 0)
            assert not board.grab().isNull()
            if game.is_terminal(state):
                break
            if game.to_move(state) is Player.CHANCE:
                move = rng.randint(1, 6)
            else:
                board.set_move_values({ROLL: rng.uniform(-1, 1), HOLD: rng.uniform(-1, 1)})
                board.set_hint(rng.choice([ROLL, HOLD]))
                board.grab()
                move = ROLL if state[2] < 12 else HOLD
            state = game.result(state, move)


def test_pig_draws_on_a_dark_palette(qtbot: QtBot) -> None:
    game = Pig(50)
    board = _pig_board(qtbot, game)
    board.set_state(game.parse_position("max 38 min 41 turn 9 max to decide"), 3)
    light = board.grab().toImage()
    board.setPalette(_dark_palette())
    dark = board.grab().toImage()
    assert dark != light
    assert QColor(dark.pixel(2, 2)).lightnessF() < 0.3
