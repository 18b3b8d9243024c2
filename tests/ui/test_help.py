"""The Help menu: How to play names every algorithm the settings offer."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot

from gamesearch_gui.core.games import find_game, game_names
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.ui.help.how_to_play import ALGORITHM_WORDS, how_to_play
from gamesearch_gui.ui.main_window import MainWindow
from gamesearch_gui.ui.play_config import PlayConfig, algorithms_for
from gamesearch_gui.ui.settings_panel import ALGORITHM_TITLES


@pytest.fixture
def store(tmp_path: Path) -> QSettings:
    """Settings in a file of the test's own, never the user's."""
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def window(
    qtbot: QtBot, store: QSettings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[MainWindow]:
    """A main window that shows no modal boxes (How to play's text is kept instead)."""
    shown: list[tuple[str, str]] = []
    monkeypatch.setattr(
        MainWindow, "_message", lambda self, title, html: shown.append((title, html))
    )
    made = MainWindow(store, recovery_path=str(tmp_path / "recovery.gtree.json"))
    made.pace_override_ms = 0
    made.messages = shown  # type: ignore[attr-defined]
    qtbot.addWidget(made)
    made.show()
    yield made
    made.close()


# -- How to play -------------------------------------------------------------------------


@pytest.mark.parametrize("name", game_names())
def test_how_to_play_names_every_algorithm_the_settings_offer(name: str) -> None:
    spec = find_game(name)
    offered = algorithms_for(spec.make())
    text = how_to_play(spec, offered)
    for algorithm in offered:
        assert f"<b>{ALGORITHM_TITLES[algorithm]}</b> {ALGORITHM_WORDS[algorithm]}" in text
    # And names the others, which other games offer.
    for algorithm in Algorithm:
        assert ALGORITHM_TITLES[algorithm] in text


def test_help_how_to_play_in_the_window_covers_mcts_max_n_and_paranoid(
    window: MainWindow,
) -> None:
    # It once never mentioned MCTS, max^n or paranoid.
    window.act_how.trigger()
    window.new_game(PlayConfig(game="nim3"), start=False)
    window.act_how.trigger()
    (title, tictactoe), (_, nim3) = window.messages  # type: ignore[attr-defined]
    assert title == "How to play"
    assert "<b>Monte Carlo tree search (UCT)</b> plays thousands" in tictactoe
    assert "<b>Max^n</b> is for three or more players" in nim3
    assert "<b>Paranoid</b> assumes" in nim3
    assert "Three-player Nim" in nim3


def test_every_algorithm_has_words() -> None:
    assert set(ALGORITHM_WORDS) == set(Algorithm) == set(ALGORITHM_TITLES)
