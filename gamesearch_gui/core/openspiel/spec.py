"""An OpenSpiel game's spec, ``breakthrough(rows=6,columns=6)``, read as
``pyspiel.load_game`` reads it, and checked against what OpenSpiel registers and what
the app can search, each problem in one line.

:func:`parse_spec` needs no OpenSpiel: it reads the text. :func:`check_spec` asks
OpenSpiel about the name and its parameters, and says why a game cannot be searched.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping
from dataclasses import dataclass
from dataclasses import field
from typing import Final

from gamesearch_gui.core.game import GameError
from gamesearch_gui.core.openspiel.library import GameKind
from gamesearch_gui.core.openspiel.library import Value
from gamesearch_gui.core.openspiel.library import registered_kinds

#: What a game name may be made of (OpenSpiel's short names: ``tic_tac_toe``, ``2048``).
_NAME: Final = re.compile(r"[A-Za-z0-9_]+\Z")
#: How many close names an unknown name is answered with.
CLOSE_NAMES: Final = 3


class SpecError(GameError):
    """An OpenSpiel spec that cannot be read, names no game, or a game the app cannot search."""


@dataclass(frozen=True, slots=True)
class Spec:
    """A game's name and the parameters given (typed as OpenSpiel types them)."""

    name: str
    parameters: Mapping[str, Value] = field(default_factory=dict)

    def __str__(self) -> str:
        """The spec as ``pyspiel.load_game`` reads it, parameters in name order."""
        if not self.parameters:
            return self.name
        inner = ",".join(f"{k}={value_text(v)}" for k, v in sorted(self.parameters.items()))
        return f"{self.name}({inner})"


def value_text(value: Value) -> str:
    """A parameter's value as a spec writes it (``true``, ``6``, ``1;3;5;7``)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def parse_spec(text: str) -> Spec:
    """``NAME`` or ``NAME(key=value,...)`` as a :class:`Spec`; SpecError saying what is
    wrong and where. A value is a bool (``true``, ``false``), an int, a float, or else a
    string, as OpenSpiel reads it."""
    spec = text.strip()
    name, paren, rest = spec.partition("(")
    name = name.strip()
    if not name:
        raise SpecError(f"{text!r} names no OpenSpiel game (write NAME or NAME(key=value,...))")
    if not _NAME.match(name):
        raise SpecError(
            f"{name!r} is not an OpenSpiel game name (letters, digits and _ only; "
            "parameters go in parentheses: NAME(key=value,...))"
        )
    if not paren:
        return Spec(name)
    if not rest.endswith(")"):
        raise SpecError(f"{text!r}: the parameters' ')' is missing at the end")
    inner = rest[:-1].strip()
    parameters: dict[str, Value] = {}
    for item in _split(inner, text) if inner else []:
        key, equals, raw = item.partition("=")
        key = key.strip()
        if not equals or not key:
            raise SpecError(f"{text!r}: {item.strip()!r} is not key=value")
        if key in parameters:
            raise SpecError(f"{text!r}: parameter {key!r} is given twice")
        parameters[key] = _typed(raw.strip())
    return Spec(name, parameters)


def _split(inner: str, text: str) -> list[str]:
    """``inner`` split at its top-level commas (a nested game's own stay whole)."""
    items, depth, start = [], 0, 0
    for i, char in enumerate(inner):
        if char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
            if depth < 0:
                raise SpecError(f"{text!r}: a ')' closes nothing")
        elif char == "," and depth == 0:
            items.append(inner[start:i])
            start = i + 1
    if depth:
        raise SpecError(f"{text!r}: a '(' is not closed")
    items.append(inner[start:])
    return items


def _typed(raw: str) -> Value:
    """A value as OpenSpiel's spec syntax types it."""
    if raw in ("true", "false"):
        return raw == "true"
    for kind in (int, float):
        try:
            return kind(raw)
        except ValueError:
            pass
    return raw


def refusal(kind: GameKind, players: int | None = None) -> str | None:
    """Why the app cannot search ``kind`` (with ``players`` players, when known), or None."""
    if not kind.sequential:
        return "its players move simultaneously; the app searches games where they take turns"
    if not kind.perfect_information:
        return (
            "it has imperfect information (hidden cards or moves); the app searches games "
            "of perfect information"
        )
    if kind.chance == "sampled":
        return (
            "its chance events are sampled, not listed with their probabilities; "
            "expectiminimax needs them listed"
        )
    if kind.name == "efg_game":
        return (
            "it reads a Gambit .efg file; open the file itself as a tree "
            "(File > Open, solve FILE.efg)"
        )
    most = kind.max_players if players is None else players
    if most < 2:
        return "it is a game of one player; the app searches games of two players or more"
    count = kind.min_players if players is None else players
    if count == 2 and kind.utility in ("general-sum", "identical"):
        return f"it is a {kind.utility} game of two players; minimax needs a zero-sum game"
    return None


def find_kind(name: str) -> GameKind:
    """What OpenSpiel registers under ``name``; SpecError naming the closest names."""
    kinds = {kind.name: kind for kind in registered_kinds()}
    found = kinds.get(name)
    if found is not None:
        return found
    close = difflib.get_close_matches(name, list(kinds), n=CLOSE_NAMES, cutoff=0.6)
    hint = f"; did you mean {_either(close)}?" if close else " (solve --openspiel list shows them)"
    raise SpecError(f"OpenSpiel has no game {name!r}{hint}")


def _either(names: list[str]) -> str:
    quoted = [repr(name) for name in names]
    return quoted[0] if len(quoted) == 1 else f"{', '.join(quoted[:-1])} or {quoted[-1]}"


def check_spec(spec: Spec) -> tuple[GameKind, dict[str, Value]]:
    """The game ``spec`` names and its parameters as OpenSpiel takes them (an int given
    for a float made a float); SpecError for an unknown name or parameter, a value of the
    wrong type, or a game the app cannot search (saying why)."""
    kind = find_kind(spec.name)
    why = refusal(kind)
    if why is not None:
        raise SpecError(f"the app cannot search {spec.name}: {why}")
    parameters: dict[str, Value] = {}
    for key, value in spec.parameters.items():
        if key not in kind.defaults:
            known = ", ".join(_described(k, v) for k, v in kind.defaults.items())
            has = f"its parameters: {known}" if known else "it takes none"
            raise SpecError(f"{spec.name} has no parameter {key!r}; {has}")
        parameters[key] = _fitted(spec.name, key, value, kind.defaults[key])
    players = parameters.get("players", kind.defaults.get("players"))
    why = refusal(kind, players if isinstance(players, int) and players > 0 else None)
    if why is not None:
        raise SpecError(f"the app cannot search {spec.name}: {why}")
    return kind, parameters


def type_name(default: object) -> str:
    """The type of a parameter whose default is ``default``, as a person reads it."""
    if isinstance(default, bool):
        return "bool"
    if isinstance(default, int):
        return "int"
    if isinstance(default, float):
        return "float"
    if isinstance(default, str):
        return "string"
    return "game"


def _described(key: str, default: object) -> str:
    shown = value_text(default) if isinstance(default, Value) else "a game"
    return f"{key} ({type_name(default)}, default {shown})"


def _fitted(name: str, key: str, value: Value, default: object) -> Value:
    """``value`` as parameter ``key`` takes it; SpecError when its type is wrong."""
    wanted = type_name(default)
    given = type_name(value)
    if wanted == given or (wanted == "string"):
        return value_text(value) if wanted == "string" else value
    if wanted == "float" and given == "int":
        return float(value)
    example = value_text(default) if isinstance(default, Value) else "a game"
    raise SpecError(
        f"{name}: parameter {key} is {_a(wanted)} (such as {example}), not {value_text(value)!r}"
    )


def _a(word: str) -> str:
    return f"an {word}" if word[0] in "aeiou" else f"a {word}"
