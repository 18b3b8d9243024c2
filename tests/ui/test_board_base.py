"""What every game's board owes a person who cannot see it or uses the keyboard."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from gamesearch_gui.core.games import game_specs
from gamesearch_gui.ui.boards.factory import make_board

_SPECS = [spec for spec in game_specs() if spec.board is not None]


@pytest.mark.parametrize("spec", _SPECS, ids=[spec.name for spec in _SPECS])
def test_every_board_is_named_and_hears_its_keys(qtbot: QtBot, spec) -> None:
    board = make_board(spec.make())
    qtbot.addWidget(board)
    # A screen reader names the board and reads the keys that play it.
    name = board.accessibleName()
    assert name.endswith(" board")
    assert name.lower().removesuffix(" board") in spec.title.lower()
    assert board.KEYS
    assert board.KEYS in board.accessibleDescription()
    # Those keys reach the board: it takes the focus.
    assert board.focusPolicy() == Qt.FocusPolicy.StrongFocus
