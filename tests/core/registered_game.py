"""A game that exists only as a registry entry, for the tests that check the registry.

It is the pennies game under another name, with its own option, sides, notation help
and rules: whatever the app shows of it, it can only have learnt from the spec.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import ClassVar

from gamesearch_gui.core.games import GameOption
from gamesearch_gui.core.games import GameSpec
from gamesearch_gui.core.games import pennies
from gamesearch_gui.core.games import register
from gamesearch_gui.core.games import unregister
from gamesearch_gui.core.games.pennies import Pennies


class Stacks(Pennies):
    """The pennies game, as a game the app was never told about except by its spec."""

    name: ClassVar[str] = "stacks"
    title = "Stacks (registered by a test)"


RULES = "<h3>Stacks</h3><p>Split one stack into two of unequal heights; stuck loses.</p>"

#: Its name, option, sides, notations and rules are its own (what the app shows of them,
#: it learnt here); its board and default search are the pennies game's.
SPEC = replace(
    pennies.SPEC,
    name=Stacks.name,
    title=Stacks.title,
    factory=Stacks,
    options=(
        GameOption(
            key="stacks_height",
            flag="--height",
            label="Stack height",
            help="how tall the one stack is",
            low=3,
            high=12,
            default=5,
        ),
    ),
    side_names=("Left hand", "Right hand"),
    position_help="stacks of coins, e.g. '5'\nor '3,1 min' (made up by a test)",
    move_help="'N=A+B' (made up by a test)",
    rules=RULES,
)


@contextmanager
def registered(spec: GameSpec = SPEC) -> Iterator[GameSpec]:
    """``spec`` in the registry for the ``with`` block, and gone after it."""
    register(spec)
    try:
        yield spec
    finally:
        unregister(spec.name)
