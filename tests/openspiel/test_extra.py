"""The optional extra: installed wherever the tests are run by ./dev.sh (CI), and, where
it is missing, said in one line that tells how to install it."""

from __future__ import annotations

import importlib.util
import os
import sys

import pytest

from gamesearch_gui.core.openspiel.catalog import searchable_games
from gamesearch_gui.core.openspiel.game import OpenSpielGame
from gamesearch_gui.core.openspiel.library import OpenSpielMissing


def test_openspiel_is_installed_where_the_tests_require_it() -> None:
    # ./dev.sh test sets it (its test extra brings OpenSpiel): the tests that need OpenSpiel
    # skip only on a machine set up otherwise, never in CI.
    if os.environ.get("GAMESEARCH_REQUIRE_OPENSPIEL") != "1":
        pytest.skip("not run by ./dev.sh test: OpenSpiel may be missing here")
    assert importlib.util.find_spec("pyspiel") is not None, (
        "OpenSpiel is missing: ./dev.sh installs it with the test extra "
        '("gamesearch-gui[openspiel]")'
    )


def test_without_the_extra_a_game_or_the_list_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "pyspiel", None)  # import pyspiel now fails
    for ask in (searchable_games, lambda: OpenSpielGame("breakthrough")):
        with pytest.raises(OpenSpielMissing) as caught:
            ask()
        assert str(caught.value) == (
            'OpenSpiel is not installed: pip install "gamesearch-gui[openspiel]"'
        )


def test_the_standalone_program_says_it_does_not_carry_openspiel(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "pyspiel", None)
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    with pytest.raises(OpenSpielMissing) as caught:
        searchable_games()
    assert str(caught.value) == (
        "OpenSpiel is not part of this standalone program; install gamesearch-gui with "
        'Python\'s pip to use it: pip install "gamesearch-gui[openspiel]"'
    )
