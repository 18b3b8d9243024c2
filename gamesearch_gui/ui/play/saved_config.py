"""Play mode's setup as saved between runs: the game, its options, the seats, the AI's
level and seed, and its search settings of every game, made of ``ui/saved.py``'s
settings (``play/...`` and ``search/GAME/...``). Each is read back on its own: what
cannot be read gives its default, numbers are clamped to their ranges."""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import QSettings

from gamesearch_gui.core.games import all_options
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.ui import saved
from gamesearch_gui.ui.play_config import PlayConfig


def load_config(store: QSettings) -> PlayConfig:
    """The setup saved in ``store`` (the defaults where it holds nothing readable)."""
    game = saved.PLAY_GAME.read(store)
    config = PlayConfig(
        game=game,
        seats=saved.PLAY_SEATS.read(store),
        humans=saved.PLAY_HUMANS.read(store),
        options={option.key: saved.game_option(option).read(store) for option in all_options()},
        search=saved.read_search(store, game),
        level_seed=saved.PLAY_LEVEL_SEED.read(store),
    )
    # At a level, the level's search, whatever the game's saved search says.
    return config.with_level(saved.PLAY_LEVEL.read(store))


def save_config(
    store: QSettings, config: PlayConfig, searches: Mapping[str, SearchSettings]
) -> None:
    """Save ``config`` and the search settings of every game in ``searches``."""
    saved.PLAY_GAME.write(store, config.game)
    saved.PLAY_SEATS.write(store, config.seats)
    saved.PLAY_HUMANS.write(store, config.humans)
    saved.PLAY_LEVEL.write(store, config.level)
    saved.PLAY_LEVEL_SEED.write(store, config.level_seed)
    for option in all_options():
        saved.game_option(option).write(store, config.option(option))
    for game, search in searches.items():
        saved.write_search(store, game, search)
