"""A game added only through a registry entry is offered by the window: the settings
panel's game choice, its option, its sides, its board and Help > How to play."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot

from gamesearch_gui.core.game import GameError
from gamesearch_gui.core.games import BUILT_IN
from gamesearch_gui.core.trees.file import load_tree
from gamesearch_gui.core.trees.tree import TreeGame
from gamesearch_gui.ui.boards.factory import make_board
from gamesearch_gui.ui.boards.pennies_board import PenniesBoard
from gamesearch_gui.ui.main_window import MainWindow
from tests.core.registered_game import RULES
from tests.core.registered_game import SPEC
from tests.core.registered_game import Stacks
from tests.core.registered_game import registered


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[MainWindow]:
    """A window made while the test game is registered; its messages are kept, not shown."""
    shown: list[tuple[str, str]] = []
    monkeypatch.setattr(
        MainWindow, "_message", lambda self, title, html: shown.append((title, html))
    )
    store = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    with registered():
        made = MainWindow(store, recovery_path=str(tmp_path / "recovery.gtree.json"))
        made.messages = shown  # type: ignore[attr-defined]
        qtbot.addWidget(made)
        made.show()
        yield made
        made.close()


def test_a_registered_game_is_offered_and_played_with_its_options_and_help(
    qtbot: QtBot, window: MainWindow
) -> None:
    panel = window.settings_panel
    games = [panel.game_box.itemData(i) for i in range(panel.game_box.count())]
    titles = [panel.game_box.itemText(i) for i in range(panel.game_box.count())]
    assert games == [*(spec.name for spec in BUILT_IN), "stacks"]
    assert titles[-1] == "Stacks (registered by a test)"

    panel.game_box.setCurrentIndex(games.index("stacks"))
    height = panel.option_spins["stacks_height"]
    assert isinstance(window.game, Stacks) and window.game.start == (5,)
    assert height.isVisibleTo(panel) and (height.minimum(), height.maximum()) == (3, 12)
    assert not panel.option_spins["pig_target"].isVisibleTo(panel)
    assert panel.seats_box.itemText(0) == "Left hand (moves first)"
    assert isinstance(window.board, PenniesBoard)

    height.setValue(9)  # a new game, from a stack of 9
    assert window.game.start == (9,) and window.config.options["stacks_height"] == 9
    assert window.store.value("play/stacks_height") in (9, "9")

    window.act_how.trigger()
    title, text = window.messages[-1]  # type: ignore[attr-defined]
    assert title == "How to play" and text.startswith(RULES)
    assert "What the AI does" in text


def test_every_built_in_game_has_a_board_and_a_drawn_tree_has_none(qtbot: QtBot) -> None:
    for spec in BUILT_IN:
        board = make_board(spec.make())
        qtbot.addWidget(board)
        assert board.game.name == spec.name
    with pytest.raises(GameError, match="no board for"):
        make_board(TreeGame(load_tree("[[1, 2]]")))
    no_board = replace(SPEC, board="no.such.module:Board")
    with registered(no_board), pytest.raises(GameError, match=r"cannot import no\.such\.module"):
        make_board(SPEC.make())
