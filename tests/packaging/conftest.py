"""Tests marked ``packaging`` build the standalone executable: they run only when asked for.

``pytest -m packaging`` (what .ci/run does) selects them; a plain ``pytest`` skips them, so
the normal test command never builds. With ``GAMESEARCH_FROZEN=path/to/gamesearch-gui``
they check that build instead of making one.
"""

from __future__ import annotations

import re

import pytest

#: The marker expression names ``packaging`` without ``not`` before it.
_SELECTED = re.compile(r"(?<!not )\bpackaging\b")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Skip the packaging tests unless ``-m`` asked for them."""
    if _SELECTED.search(config.getoption("markexpr") or ""):
        return
    skip = pytest.mark.skip(reason="builds the standalone executable: run with -m packaging")
    for item in items:
        if item.get_closest_marker("packaging") is not None:
            item.add_marker(skip)
