"""The one door to OpenSpiel's Python module, ``pyspiel``, which is optional and untyped.

pyspiel is imported on first use, never when this module is, and a missing extra reads
as :class:`OpenSpielMissing`, a sentence that says how to install it. Everything else
here turns pyspiel's answers into typed values: what a registered game is
(:class:`GameKind`) and what loading a spec gives.
"""

from __future__ import annotations

import contextlib
import importlib
import os
import re
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any
from typing import Final

from gamesearch_gui.core.game import GameError

#: How to get OpenSpiel, said wherever it is missing.
INSTALL_HINT: Final = 'pip install "gamesearch-gui[openspiel]"'


class OpenSpielMissing(GameError):
    """OpenSpiel is not installed (or, in the standalone program, not carried)."""

    def __init__(self) -> None:
        if getattr(sys, "frozen", False):
            super().__init__(
                "OpenSpiel is not part of this standalone program; install gamesearch-gui "
                f"with Python's pip to use it: {INSTALL_HINT}"
            )
        else:
            super().__init__(f"OpenSpiel is not installed: {INSTALL_HINT}")


def pyspiel() -> Any:
    """The ``pyspiel`` module; OpenSpielMissing when the extra is not installed."""
    try:
        return importlib.import_module("pyspiel")
    except ImportError:
        raise OpenSpielMissing() from None


def installed() -> bool:
    """True when OpenSpiel can be imported."""
    try:
        pyspiel()
    except OpenSpielMissing:
        return False
    return True


#: A parameter's value as OpenSpiel types it.
Value = bool | int | float | str


@dataclass(frozen=True, slots=True)
class GameKind:
    """What OpenSpiel registers about a game, typed: its ``GameType``."""

    name: str
    long_name: str
    sequential: bool
    perfect_information: bool
    #: "deterministic", "explicit" (chance nodes list their outcomes) or "sampled".
    chance: str
    #: "zero-sum", "constant-sum", "general-sum" or "identical".
    utility: str
    min_players: int
    max_players: int
    #: Each parameter's default (its type is the default's), in OpenSpiel's order.
    defaults: dict[str, Value | dict[str, Any]]


def _kind(game_type: Any) -> GameKind:
    spiel = pyspiel()
    kinds = spiel.GameType
    chance = {
        kinds.ChanceMode.DETERMINISTIC: "deterministic",
        kinds.ChanceMode.EXPLICIT_STOCHASTIC: "explicit",
        kinds.ChanceMode.SAMPLED_STOCHASTIC: "sampled",
    }
    utility = {
        kinds.Utility.ZERO_SUM: "zero-sum",
        kinds.Utility.CONSTANT_SUM: "constant-sum",
        kinds.Utility.GENERAL_SUM: "general-sum",
        kinds.Utility.IDENTICAL: "identical",
    }
    defaults = game_type.parameter_specification
    return GameKind(
        name=str(game_type.short_name),
        long_name=str(game_type.long_name),
        sequential=game_type.dynamics == kinds.Dynamics.SEQUENTIAL,
        perfect_information=game_type.information == kinds.Information.PERFECT_INFORMATION,
        chance=chance.get(game_type.chance_mode, "sampled"),
        utility=utility.get(game_type.utility, "general-sum"),
        min_players=int(game_type.min_num_players),
        max_players=int(game_type.max_num_players),
        defaults={str(key): defaults[key] for key in defaults},
    )


def registered_kinds() -> tuple[GameKind, ...]:
    """Every game OpenSpiel registers, sorted by name."""
    kinds = (_kind(game_type) for game_type in pyspiel().registered_games())
    return tuple(sorted(kinds, key=lambda kind: kind.name))


def kind_of(game: Any) -> GameKind:
    """What a loaded ``pyspiel.Game`` is (loading may change it: a file's game)."""
    return _kind(game.get_type())


def load(name: str, parameters: dict[str, Value], shown: str) -> tuple[Any, Any]:
    """``pyspiel.load_game(name, parameters)`` and its initial state; GameError naming
    the game as ``shown`` (its spec), with OpenSpiel's own words, when it refuses either
    (some parameters load, and fail only when a state is made). What OpenSpiel writes
    to standard error meanwhile is kept out of sight."""
    spiel = pyspiel()
    with _quiet_stderr() as said:
        try:
            game = spiel.load_game(name, parameters)
            return game, game.new_initial_state()
        except (spiel.SpielError, ValueError, RuntimeError) as error:
            problem = str(error).strip() or said()
    raise GameError(f"OpenSpiel refuses {shown}: {_reason(problem)}")


#: Where in OpenSpiel's C++ a check failed, at the start of its message.
_SOURCE_LINE: Final = re.compile(r"^\S+\.(cc|h):\d+\s*")
#: A failed ``SPIEL_CHECK_*`` of OpenSpiel's C++: the condition on the first line, then
#: ``a = 1, b = 2``, the two sides' values (a side that is a number reads ``1 = 1``).
_CHECK: Final = re.compile(r"^(?P<condition>[^\n]+)\n(?P<sides>\S+ = [^\n]+)$")


def _reason(text: str) -> str:
    """OpenSpiel's message on one line, without the C++ file it came from; a failed
    check of its C++ said as one ("its check rows_ > 1 failed: rows_ = 1")."""
    text = text.strip()
    if _SOURCE_LINE.match(text) and (check := _CHECK.match(_SOURCE_LINE.sub("", text, 1))):
        sides = [side.strip() for side in check["sides"].split(",")]
        told = [side for side in sides if len(set(side.split(" = "))) > 1]
        values = f": {', '.join(told)}" if told else ""
        return f"its check {check['condition'].strip()} failed{values}"
    lines = [_SOURCE_LINE.sub("", line.strip()) for line in text.splitlines()]
    return "; ".join(line for line in lines if line) or "it gave no reason"


@contextlib.contextmanager
def _quiet_stderr() -> Iterator[Any]:
    """Standard error (file descriptor 2, where OpenSpiel's C++ writes) into a temporary
    file while the block runs; yields a function that reads what was written."""
    with tempfile.TemporaryFile(mode="w+b") as caught:
        saved = os.dup(2)
        os.dup2(caught.fileno(), 2)

        def said() -> str:
            caught.seek(0)
            return caught.read().decode("utf-8", "replace")

        try:
            yield said
        finally:
            os.dup2(saved, 2)
            os.close(saved)
