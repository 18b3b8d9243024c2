"""Play mode's setup as saved between runs: the game, its options, the seats, and the
AI's search settings of every game, under the keys ``play/...`` and ``search/GAME/...``
of the settings store. What cannot be read gives the defaults; numbers are clamped."""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import QSettings

from gamesearch_gui.core.games import all_options, game_names
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.ui.play_config import (
    PlayConfig,
    Seats,
    clamp,
    default_game,
    default_search,
    search_from_dict,
    search_to_dict,
)


def load_config(store: QSettings) -> PlayConfig:
    """The setup saved in ``store`` (the defaults where it holds nothing readable)."""
    try:
        game = str(store.value("play/game", default_game()))
        seats = Seats(str(store.value("play/seats", Seats.HUMAN_FIRST.value)))
        # One letter per seat, P a person and A the AI ("PAA"): no commas, which an
        # INI file reads back as a list, and no digits, which could read as a number.
        humans = tuple(c == "P" for c in str(store.value("play/humans", "") or ""))
        options = {
            option.key: int(str(store.value(f"play/{option.key}", option.default)))
            for option in all_options()
        }
    except (ValueError, TypeError, OverflowError):
        return PlayConfig()
    if game not in game_names():
        game = default_game()
    return PlayConfig(
        game=game,
        seats=seats,
        humans=humans,
        options={
            option.key: int(clamp(options[option.key], (option.low, option.high)))
            for option in all_options()
        },
        search=load_search(store, game),
    )


def load_search(store: QSettings, game: str) -> SearchSettings:
    """The AI's search settings saved for ``game`` (its defaults if none were)."""
    store.beginGroup(f"search/{game}")
    try:
        values = {key: store.value(key) for key in store.childKeys()}
    finally:
        store.endGroup()
    return search_from_dict(values, default_search(game)) if values else default_search(game)


def save_config(
    store: QSettings, config: PlayConfig, searches: Mapping[str, SearchSettings]
) -> None:
    """Save ``config`` and the search settings of every game in ``searches``."""
    store.setValue("play/game", config.game)
    store.setValue("play/seats", config.seats.value)
    store.setValue("play/humans", "".join("P" if h else "A" for h in config.humans))
    for option in all_options():
        store.setValue(f"play/{option.key}", config.option(option))
    for game, search in searches.items():
        for key, value in search_to_dict(search).items():
            store.setValue(f"search/{game}/{key}", value)
