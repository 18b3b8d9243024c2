"""Fixtures the engine tests share."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from gamesearch_gui.engine import sandbox
from gamesearch_gui.engine.client import EngineClient
from tests.processes import process_alive


def _served(client: EngineClient) -> Iterator[EngineClient]:
    """``client``; its process, if it started, is ended and checked gone after."""
    yield client
    pid = client.pid
    client.close()
    assert pid is None or not process_alive(pid)


@pytest.fixture
def engine() -> Iterator[EngineClient]:
    """An engine client, as the window's searches use one."""
    yield from _served(EngineClient())


@pytest.fixture
def game_files_engine() -> Iterator[EngineClient]:
    """The engine client that answers the window's questions about a game (a file's, an
    OpenSpiel game's), contained as ui/game_files.py contains it."""
    yield from _served(EngineClient("gamesearch-game-files", sandbox.DEFAULT))
