"""Fixtures the engine tests share."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from gamesearch_gui.engine.client import EngineClient
from tests.processes import process_alive


@pytest.fixture
def engine() -> Iterator[EngineClient]:
    """An engine client; its process, if it started, is ended and checked gone after."""
    client = EngineClient()
    yield client
    pid = client.pid
    client.close()
    assert pid is None or not process_alive(pid)
