"""Fixtures the UI tests share."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from pytestqt.qtbot import QtBot

from gamesearch_gui.ui.tree.panel import SearchTreePanel


@pytest.fixture
def panel(qtbot: QtBot) -> Iterator[SearchTreePanel]:
    """A panel the size of the main window's bottom dock, shown offscreen."""
    made = SearchTreePanel()
    qtbot.addWidget(made)
    made.resize(1200, 350)
    made.show()
    qtbot.waitExposed(made)
    yield made
