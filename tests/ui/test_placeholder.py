"""The stand-in window says what the app is, what is coming and what works today."""

from __future__ import annotations

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from gamesearch_gui.ui.placeholder import PlaceholderWindow


def _shown_window(qtbot: QtBot) -> PlaceholderWindow:
    window = PlaceholderWindow()
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


def _text(window: PlaceholderWindow) -> str:
    return "\n".join(label.text() for label in window.findChildren(QLabel))


def test_window_shows_with_the_app_title(qtbot: QtBot) -> None:
    window = _shown_window(qtbot)
    assert window.isVisible()
    assert window.windowTitle() == "gamesearch-gui"


def test_window_says_what_is_coming(qtbot: QtBot) -> None:
    text = _text(_shown_window(qtbot))
    for feature in ("Play against the AI", "Live search tree", "Tree editor"):
        assert feature in text


def test_window_shows_commands_that_work_today(qtbot: QtBot) -> None:
    text = _text(_shown_window(qtbot))
    assert "gamesearch-gui solve resources/trees/figure-5-2.gtree.json" in text
    assert "gamesearch-gui solve --game tictactoe --algorithm minimax --json" in text


def test_quit_closes_the_window(qtbot: QtBot) -> None:
    window = _shown_window(qtbot)
    (quit_action,) = (a for a in window.findChildren(QAction) if a.text() == "&Quit")
    quit_action.trigger()
    assert not window.isVisible()
