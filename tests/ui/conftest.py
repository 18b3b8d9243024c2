"""Fixtures the UI tests share."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from pytestqt.qtbot import QtBot

from gamesearch_gui.ui.tree.canvas import TreeCanvas
from gamesearch_gui.ui.tree.page import TreePage


@pytest.fixture
def panel(qtbot: QtBot) -> Iterator[TreePage]:
    """A panel the size of the main window's bottom dock, shown offscreen."""
    made = TreePage()
    qtbot.addWidget(made)
    made.resize(1200, 350)
    made.show()
    qtbot.waitExposed(made)
    yield made


@pytest.fixture
def canvas(qtbot: QtBot) -> TreeCanvas:
    """A tree canvas of its own, 900×600, shown offscreen."""
    view = TreeCanvas()
    qtbot.addWidget(view)
    view.resize(900, 600)
    view.show()
    qtbot.waitExposed(view)
    return view
