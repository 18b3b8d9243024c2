"""The grid boards (tic-tac-toe, Connect Four): clicks and keys become legal moves, never
exceptions, and every position draws (last move, values, hint, win, draw) at any size."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QPoint
from PySide6.QtCore import QPointF
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtGui import QImage
from PySide6.QtGui import QMouseEvent
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from gamesearch_gui.core.game import Player
from gamesearch_gui.core.games.connect4 import ConnectFour
from gamesearch_gui.core.games.tictactoe import TicTacToe
from gamesearch_gui.ui import palette as palette_module
from gamesearch_gui.ui.boards.base import BoardWidget
from gamesearch_gui.ui.boards.connect4_board import RED
from gamesearch_gui.ui.boards.connect4_board import ConnectFourBoard
from gamesearch_gui.ui.boards.tictactoe_board import TicTacToeBoard
from gamesearch_gui.ui.palette import MAX_COLOUR
from gamesearch_gui.ui.palette import best_moves
from gamesearch_gui.ui.palette import side_colour

SIZES = [(240, 240), (560, 330)]

# Positions in each game's own notation: (start, middle, won, drawn, a taken/full move
# in the middle position).
TTT = {"middle": "XO.X.O...", "won": "XXXOO....", "drawn": "XOXXOOOXX"}
C4 = {
    "middle": "4453",
    "won": "1122334",
    "drawn": "547125662261271266215743771576315353334444",
    # Column 1 (index 0) is full here, the others are open.
    "column_full": "111111",
}


def _board(qtbot: QtBot, kind: type[BoardWidget], size: tuple[int, int] = (400, 400)) -> Any:
    board = kind()
    qtbot.addWidget(board)
    board.resize(*size)
    board.show()
    qtbot.waitExposed(board)
    return board


def _position(board: BoardWidget, text: str) -> Any:
    return board.game.parse_position(text)


def _click(qtbot: QtBot, board: BoardWidget, move: Any) -> None:
    ((widget, point),) = board.click_targets(move)
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=point)


def _image(board: BoardWidget) -> QImage:
    return board.grab().toImage().convertToFormat(QImage.Format.Format_RGB32)


def _colours(image: QImage) -> set[int]:
    """The distinct colours on a coarse grid over the image."""
    return {
        image.pixel(x, y)
        for x in range(0, image.width(), max(1, image.width() // 40))
        for y in range(0, image.height(), max(1, image.height() // 40))
    }


# -- clicks -----------------------------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(
    ("kind", "position"), [(TicTacToeBoard, TTT["middle"]), (ConnectFourBoard, C4["middle"])]
)
@pytest.mark.parametrize("from_start", [True, False], ids=["start", "middle"])
def test_clicking_each_legal_move_chooses_it(
    qtbot: QtBot,
    kind: type[BoardWidget],
    position: str,
    size: tuple[int, int],
    from_start: bool,
) -> None:
    board = _board(qtbot, kind, size)
    state = board.game.initial_state() if from_start else _position(board, position)
    board.set_state(state)
    board.set_interactive(True)
    moves = list(board.game.actions(state))
    assert moves
    for move in moves:
        with qtbot.assertNotEmitted(board.refused), qtbot.waitSignal(board.moveChosen) as chosen:
            _click(qtbot, board, move)
        assert chosen.args == [move]
    # The board never applies a move itself: the window does, through set_state.
    assert board.state == state


@pytest.mark.parametrize(
    ("kind", "position", "move", "reason"),
    [
        (TicTacToeBoard, TTT["middle"], 0, "That cell is taken"),
        (TicTacToeBoard, TTT["middle"], 5, "That cell is taken"),
        (ConnectFourBoard, C4["column_full"], 0, "That column is full"),
    ],
)
def test_a_taken_cell_or_full_column_is_refused(
    qtbot: QtBot, kind: type[BoardWidget], position: str, move: int, reason: str
) -> None:
    board = _board(qtbot, kind)
    board.set_state(_position(board, position))
    board.set_interactive(True)
    with qtbot.assertNotEmitted(board.moveChosen), qtbot.waitSignal(board.refused) as refused:
        _click(qtbot, board, move)
    assert refused.args == [reason]


@pytest.mark.parametrize("kind", [TicTacToeBoard, ConnectFourBoard])
def test_when_it_is_not_your_turn_a_click_only_says_so(
    qtbot: QtBot, kind: type[BoardWidget]
) -> None:
    board = _board(qtbot, kind)
    board.set_interactive(False)
    for move in board.game.actions(board.state):
        with qtbot.assertNotEmitted(board.moveChosen), qtbot.waitSignal(board.refused) as refused:
            _click(qtbot, board, move)
        assert refused.args == ["Not your turn"]


@pytest.mark.parametrize(
    ("kind", "position"),
    [
        (TicTacToeBoard, TTT["won"]),
        (TicTacToeBoard, TTT["drawn"]),
        (ConnectFourBoard, C4["won"]),
        (ConnectFourBoard, C4["drawn"]),
    ],
)
def test_after_the_game_is_over_nothing_is_chosen(
    qtbot: QtBot, kind: type[BoardWidget], position: str
) -> None:
    board = _board(qtbot, kind)
    board.set_state(_position(board, position))
    board.set_interactive(True)
    every_move = range(9) if kind is TicTacToeBoard else range(7)
    for move in every_move:
        with qtbot.assertNotEmitted(board.moveChosen), qtbot.waitSignal(board.refused) as refused:
            _click(qtbot, board, move)
        assert refused.args == ["The game is over"]
    for key in (Qt.Key.Key_1, Qt.Key.Key_7):
        with qtbot.assertNotEmitted(board.moveChosen):
            qtbot.keyClick(board, key)


@pytest.mark.parametrize("kind", [TicTacToeBoard, ConnectFourBoard])
def test_a_click_in_the_margin_or_dragged_off_does_nothing(
    qtbot: QtBot, kind: type[BoardWidget]
) -> None:
    # Wide enough that the board leaves an empty strip at the left for either game.
    board = _board(qtbot, kind, (700, 300))
    board.set_interactive(True)
    ((_, first),) = board.click_targets(0)
    ((_, last),) = board.click_targets(2)
    with qtbot.assertNotEmitted(board.moveChosen), qtbot.assertNotEmitted(board.refused):
        qtbot.mouseClick(board, Qt.MouseButton.LeftButton, pos=QPoint(3, 150))
        qtbot.mousePress(board, Qt.MouseButton.LeftButton, pos=first)
        qtbot.mouseRelease(board, Qt.MouseButton.LeftButton, pos=last)
        qtbot.mouseClick(board, Qt.MouseButton.RightButton, pos=first)


def test_a_double_click_chooses_the_move_once_then_is_refused(qtbot: QtBot) -> None:
    # The window applies the move at once, so the second press finds the cell taken.
    board = _board(qtbot, TicTacToeBoard)
    board.set_interactive(True)
    chosen: list[int] = []
    refused: list[str] = []

    def apply(move: int) -> None:
        chosen.append(move)
        board.set_state(board.game.result(board.state, move), move)

    board.moveChosen.connect(apply)
    board.refused.connect(refused.append)
    ((_, point),) = board.click_targets(4)
    # What a platform sends for a double click; QTest's mouseDClick sends only the third.
    qtbot.mouseClick(board, Qt.MouseButton.LeftButton, pos=point)
    qtbot.mouseDClick(board, Qt.MouseButton.LeftButton, pos=point)
    qtbot.mouseRelease(board, Qt.MouseButton.LeftButton, pos=point)
    assert chosen == [4]
    assert refused == ["That cell is taken"]


# -- keys --------------------------------------------------------------------------------------


def test_keys_1_to_9_play_tic_tac_toe_cells_row_by_row(qtbot: QtBot) -> None:
    board = _board(qtbot, TicTacToeBoard)
    board.set_interactive(True)
    for number in range(1, 10):
        key = getattr(Qt.Key, f"Key_{number}")
        with qtbot.waitSignal(board.moveChosen) as chosen:
            qtbot.keyClick(board, key)
        assert chosen.args == [number - 1]
    board.set_state(_position(board, TTT["middle"]))
    with qtbot.assertNotEmitted(board.moveChosen), qtbot.waitSignal(board.refused) as refused:
        qtbot.keyClick(board, Qt.Key.Key_1)
    assert refused.args == ["That cell is taken"]


def test_arrows_and_enter_play_tic_tac_toe(qtbot: QtBot) -> None:
    board = _board(qtbot, TicTacToeBoard)
    board.set_interactive(True)
    # The first arrow shows the cursor on the centre; then it moves.
    for key in (Qt.Key.Key_Down, Qt.Key.Key_Down, Qt.Key.Key_Right, Qt.Key.Key_Right):
        qtbot.keyClick(board, key)
    with qtbot.waitSignal(board.moveChosen) as chosen:
        qtbot.keyClick(board, Qt.Key.Key_Return)
    assert chosen.args == [8]


def test_keys_1_to_7_drop_connect_four_discs(qtbot: QtBot) -> None:
    board = _board(qtbot, ConnectFourBoard)
    board.set_interactive(True)
    for number in range(1, 8):
        key = getattr(Qt.Key, f"Key_{number}")
        with qtbot.waitSignal(board.moveChosen) as chosen:
            qtbot.keyClick(board, key)
        assert chosen.args == [number - 1]
    with qtbot.assertNotEmitted(board.moveChosen), qtbot.assertNotEmitted(board.refused):
        qtbot.keyClick(board, Qt.Key.Key_8)


def test_left_right_and_enter_drop_connect_four_discs(qtbot: QtBot) -> None:
    board = _board(qtbot, ConnectFourBoard)
    board.set_interactive(True)
    # Enter with no column chosen only shows the cursor, on the middle column.
    with qtbot.assertNotEmitted(board.moveChosen):
        qtbot.keyClick(board, Qt.Key.Key_Return)
    with qtbot.waitSignal(board.moveChosen) as chosen:
        qtbot.keyClick(board, Qt.Key.Key_Space)
    assert chosen.args == [3]
    for _ in range(5):
        qtbot.keyClick(board, Qt.Key.Key_Left)
    with qtbot.waitSignal(board.moveChosen) as chosen:
        qtbot.keyClick(board, Qt.Key.Key_Enter)
    assert chosen.args == [0]
    for _ in range(9):
        qtbot.keyClick(board, Qt.Key.Key_Right)
    with qtbot.waitSignal(board.moveChosen) as chosen:
        qtbot.keyClick(board, Qt.Key.Key_Return)
    assert chosen.args == [6]


@pytest.mark.parametrize("kind", [TicTacToeBoard, ConnectFourBoard])
@pytest.mark.parametrize(
    "modifier",
    [Qt.KeyboardModifier.ControlModifier, Qt.KeyboardModifier.AltModifier],
)
def test_a_number_key_held_with_ctrl_or_alt_plays_nothing(
    qtbot: QtBot, kind: type[BoardWidget], modifier: Qt.KeyboardModifier
) -> None:
    """Ctrl+4 or Alt+4 is a shortcut of the window's, as on the button boards: no move."""
    board = _board(qtbot, kind)
    board.set_interactive(True)
    with qtbot.assertNotEmitted(board.moveChosen), qtbot.assertNotEmitted(board.refused):
        qtbot.keyClick(board, Qt.Key.Key_4, modifier)
        qtbot.keyClick(board, Qt.Key.Key_Return, modifier)


@pytest.mark.parametrize("kind", [TicTacToeBoard, ConnectFourBoard])
def test_keys_while_the_ai_thinks_are_refused(qtbot: QtBot, kind: type[BoardWidget]) -> None:
    board = _board(qtbot, kind)
    with qtbot.assertNotEmitted(board.moveChosen), qtbot.waitSignal(board.refused) as refused:
        qtbot.keyClick(board, Qt.Key.Key_2)
    assert refused.args == ["Not your turn"]


# -- drawing -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("kind", "positions"), [(TicTacToeBoard, TTT), (ConnectFourBoard, C4)])
@pytest.mark.parametrize("size", SIZES)
def test_each_position_draws_its_own_picture(
    qtbot: QtBot, kind: type[BoardWidget], positions: dict[str, str], size: tuple[int, int]
) -> None:
    board = _board(qtbot, kind, size)
    images: dict[str, QImage] = {}
    images["start"] = _image(board)
    for name in ("middle", "won", "drawn"):
        board.set_state(_position(board, positions[name]))
        images[name] = _image(board)
    middle = _position(board, positions["middle"])
    board.set_state(middle)
    legal = list(board.game.actions(middle))
    board.set_move_values({move: (-1) ** move * move / 10 for move in legal})
    images["values"] = _image(board)
    board.set_hint(legal[-1])
    images["hint"] = _image(board)
    board.set_state(middle, 3)
    images["last move"] = _image(board)

    for name, image in images.items():
        assert not image.isNull()
        assert (image.width(), image.height()) == size
        assert len(_colours(image)) > 3, f"{name} drew next to nothing"
    names = list(images)
    for i, first in enumerate(names):
        for second in names[i + 1 :]:
            assert images[first] != images[second], f"{first} looks the same as {second}"


@pytest.mark.parametrize("kind", [TicTacToeBoard, ConnectFourBoard])
def test_the_board_scales_with_the_widget(qtbot: QtBot, kind: type[BoardWidget]) -> None:
    board = _board(qtbot, kind, (200, 200))
    small = board.click_targets(1)[0][1]
    board.resize(600, 600)
    large = board.click_targets(1)[0][1]
    assert large != small
    assert board.rect().contains(large)
    hint, minimum = board.sizeHint(), board.minimumSizeHint()
    assert 0 < minimum.width() <= hint.width()
    assert 0 < minimum.height() <= hint.height()
    assert board.accessibleName()
    # Down to a sliver, painting must not fail.
    for width, height in ((40, 40), (3, 90), (1, 1)):
        board.resize(width, height)
        assert not _image(board).isNull()


@pytest.mark.parametrize(
    ("kind", "position"), [(TicTacToeBoard, TTT["won"]), (ConnectFourBoard, C4["won"])]
)
def test_a_dark_palette_draws_differently(
    qtbot: QtBot, kind: type[BoardWidget], position: str
) -> None:
    board = _board(qtbot, kind)
    board.set_state(_position(board, position))
    light = _image(board)
    palette = QPalette(board.palette())
    for role, colour in (
        (QPalette.ColorRole.Window, "#2b2d31"),
        (QPalette.ColorRole.WindowText, "#e8e8e8"),
        (QPalette.ColorRole.Base, "#1e1f22"),
        (QPalette.ColorRole.Text, "#e8e8e8"),
    ):
        palette.setColor(role, QColor(colour))
    board.setPalette(palette)
    dark = _image(board)
    assert dark != light
    # The background follows the palette: the corner is the dark window colour.
    assert QColor(dark.pixel(0, 0)) == QColor("#2b2d31")


@pytest.mark.parametrize(
    ("kind", "position", "said", "edge"),
    [
        (TicTacToeBoard, TTT["won"], "X wins", MAX_COLOUR),
        (TicTacToeBoard, TTT["drawn"], "Draw", None),
        (ConnectFourBoard, C4["won"], "Red wins", RED),
        (ConnectFourBoard, C4["drawn"], "Draw", None),
    ],
)
def test_the_banner_says_who_won_edged_in_their_colour_or_a_draw(
    qtbot: QtBot,
    monkeypatch: pytest.MonkeyPatch,
    kind: type[BoardWidget],
    position: str,
    said: str,
    edge: QColor | None,
) -> None:
    banners: list[tuple[str, QColor | None]] = []
    monkeypatch.setattr(
        palette_module,
        "draw_banner",
        lambda _painter, _area, text, _palette, accent, _position: banners.append((text, accent)),
    )
    board = _board(qtbot, kind)
    board.set_state(_position(board, position))
    _image(board)
    assert banners == [(said, edge)]


def test_hovering_a_connect_four_column_previews_the_drop(qtbot: QtBot) -> None:
    board = _board(qtbot, ConnectFourBoard)
    board.set_interactive(True)
    plain = _image(board)
    ((_, point),) = board.click_targets(2)
    _move_mouse(board, point)
    hovered = _image(board)
    assert hovered != plain
    # Not the person's turn: no preview, whatever the mouse does.
    board.set_interactive(False)
    assert _image(board) == plain


def _move_mouse(board: BoardWidget, point: QPoint) -> None:
    # Sent directly: QTest's mouseMove moves the real cursor, which offscreen may not track.
    local = QPointF(point)
    event = QMouseEvent(
        QMouseEvent.Type.MouseMove,
        local,
        QPointF(board.mapToGlobal(point)),
        Qt.MouseButton.NoButton,
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
    )
    QApplication.sendEvent(board, event)


# -- Connect Four's falling disc ---------------------------------------------------------------


def _after(game: ConnectFour, text: str) -> Any:
    return game.parse_position(text)


def test_the_newest_disc_falls_and_lands(qtbot: QtBot) -> None:
    board = _board(qtbot, ConnectFourBoard)
    game = board.game
    board.set_state(_after(game, "44"), 3)
    assert board.animating
    qtbot.waitUntil(lambda: not board.animating, timeout=3000)
    landed = _image(board)
    # Drawing the same position again neither drops the disc again nor changes the picture.
    board.set_state(_after(game, "44"), 3)
    assert not board.animating
    assert _image(board) == landed


def test_a_new_state_stops_the_falling_disc(qtbot: QtBot) -> None:
    board = _board(qtbot, ConnectFourBoard)
    game = board.game
    board.set_state(_after(game, "4"), 3)
    assert board.animating
    board.set_state(_after(game, "45"), 4)
    assert board.animating
    board.set_state(_after(game, "45"))
    assert not board.animating


def test_a_hidden_board_does_not_animate(qtbot: QtBot) -> None:
    board = ConnectFourBoard()
    qtbot.addWidget(board)
    board.set_state(_after(board.game, "4"), 3)
    assert not board.animating


def test_the_win_is_drawn_once_the_disc_lands(qtbot: QtBot) -> None:
    won = ConnectFour().parse_position(C4["won"])
    # A hidden board draws at once: the picture the falling disc must end in.
    still = ConnectFourBoard()
    qtbot.addWidget(still)
    still.resize(400, 400)
    still.set_state(won, 3)
    expected = _image(still)
    board = _board(qtbot, ConnectFourBoard)
    board.set_state(won, 3)
    assert board.animating
    assert _image(board) != expected
    qtbot.waitUntil(lambda: not board.animating, timeout=3000)
    assert _image(board) == expected


def test_a_move_can_be_chosen_while_the_disc_falls(qtbot: QtBot) -> None:
    board = _board(qtbot, ConnectFourBoard)
    board.set_state(_after(board.game, "4"), 3)
    board.set_interactive(True)
    assert board.animating
    with qtbot.waitSignal(board.moveChosen) as chosen:
        _click(qtbot, board, 3)
    assert chosen.args == [3]


def test_set_game_starts_over(qtbot: QtBot) -> None:
    board = _board(qtbot, TicTacToeBoard)
    board.set_state(_position(board, TTT["middle"]), 5)
    board.set_game(TicTacToe())
    assert board.state == TicTacToe().initial_state()
    assert board.last_move is None


# -- the shared painting helpers ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("player", "best"),
    [(Player.MAX, {2, 5}), (Player.MIN, {0}), (Player.CHANCE, set())],
)
def test_the_best_moves_are_the_movers(player: Player, best: set[int]) -> None:
    values = {0: -1.0, 1: 0.0, 2: 1.0, 5: 1.0, 6: float("nan")}
    assert best_moves(values, player) == best
    assert best_moves({}, player) == frozenset()


def test_side_colours_are_copies() -> None:
    mine = side_colour(Player.MAX)
    mine.setRed(0)
    assert side_colour(Player.MAX) != mine
    assert side_colour(Player.MAX) != side_colour(Player.MIN)
