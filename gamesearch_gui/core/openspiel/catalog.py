"""The OpenSpiel games the app can search, each with what a person picks it by: its
names, its players, whether chance plays, and its parameters with their defaults.

The entries are plain values (no pyspiel in them), so the engine process can send the
list to the window, which never imports OpenSpiel.
"""

from __future__ import annotations

from dataclasses import dataclass

from gamesearch_gui.core.openspiel.library import Value
from gamesearch_gui.core.openspiel.library import registered_kinds
from gamesearch_gui.core.openspiel.spec import refusal
from gamesearch_gui.core.openspiel.spec import type_name


@dataclass(frozen=True, slots=True)
class Parameter:
    """One parameter of a game: its name, default and type (``int``, ``float``,
    ``bool`` or ``string``)."""

    name: str
    default: Value
    type: str


@dataclass(frozen=True, slots=True)
class OpenSpielEntry:
    """A registered game the app can search."""

    name: str
    long_name: str
    #: How many players it has by default (its ``players`` parameter, where it has one).
    players: int
    min_players: int
    max_players: int
    has_chance: bool
    parameters: tuple[Parameter, ...]


def searchable_games() -> tuple[OpenSpielEntry, ...]:
    """Every registered game the app can search (sequential, perfect information, no
    chance or chance with its outcomes listed; two players, or more for max^n and the
    paranoid search), by name. OpenSpielMissing without the extra."""
    entries = []
    for kind in registered_kinds():
        if refusal(kind) is not None:
            continue
        parameters = tuple(
            Parameter(key, default, type_name(default))
            for key, default in sorted(kind.defaults.items())
            if isinstance(default, Value)
        )
        players = kind.defaults.get("players")
        entries.append(
            OpenSpielEntry(
                name=kind.name,
                long_name=kind.long_name,
                players=players if isinstance(players, int) else max(kind.min_players, 2),
                min_players=max(kind.min_players, 2),
                max_players=kind.max_players,
                has_chance=kind.chance == "explicit",
                parameters=parameters,
            )
        )
    return tuple(entries)
