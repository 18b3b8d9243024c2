"""The registry of games: one :class:`GameSpec` per game, looked up by its name.

A spec carries everything the rest of the app needs to offer a game: its title, how to
make it and from which typed options, the names of its sides (two, or one per player),
its notation help and rules, the search a first-time player gets, the AI's pace and
which board draws it. The command line, the settings panel, the help and the board
factory all read it here, so a new built-in game is one module (the game and its
``SPEC``) and one line in ``gamesearch_gui.core.games``. The model is python-chess's
``VARIANTS`` and ``find_variant``.

Games made at run time (a student's game file) join with :func:`register` and leave
with :func:`unregister`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any
from typing import Final

from gamesearch_gui.core.game import Game
from gamesearch_gui.core.game import GameError

#: How long an AI move stays "in progress" at least, in milliseconds, unless a game
#: says otherwise, so a person can follow the game.
DEFAULT_PACE_MS: Final = 250


@dataclass(frozen=True, slots=True)
class DefaultSearch:
    """The search a game offers a first-time player, as plain data.

    The games sit below the search and never import it, so a spec names its search in
    words and numbers, and ``core.search.default_settings`` makes the
    :class:`~gamesearch_gui.core.search.SearchSettings` of it (the window's defaults for
    the game, and ``solve --game``'s). ``algorithm`` and ``ordering`` are the words the
    command line takes (``"alphabeta"``, ``"static"``); every other field means what the
    setting of the same name means, and defaults as it does.
    """

    algorithm: str = "alphabeta"
    depth: int | None = None
    ordering: str = "none"
    transposition_table: bool = False
    time_budget: float | None = None
    shallow_pruning: bool = False


#: The search a game gets unless it says otherwise: alpha-beta to the end, strong moves
#: first, with a transposition table.
STRONG_SEARCH: Final = DefaultSearch("alphabeta", ordering="static", transposition_table=True)

_NAME = re.compile(r"[a-z][a-z0-9_-]*")
_FLAG = re.compile(r"--[a-z][a-z0-9-]*")
_BOARD = re.compile(r"[A-Za-z_][\w.]*:[A-Za-z_]\w*")


class UnknownGameError(GameError):
    """A game name that no registered game has."""


@dataclass(frozen=True, slots=True)
class GameOption:
    """A whole-number option of a game, such as Pig's target score.

    ``key`` names it in a :class:`PlayConfig`'s options and in the saved settings
    (``play/<key>``); ``flag`` is its command-line flag; ``label`` its row in the
    settings panel; ``help`` says what it is, in lower case, without a final stop.
    """

    key: str
    flag: str
    label: str
    help: str
    low: int
    high: int
    default: int

    def __post_init__(self) -> None:
        if not _NAME.fullmatch(self.key):
            raise GameError(f"option key {self.key!r}: lower case letters, digits, - and _")
        if not _FLAG.fullmatch(self.flag):
            raise GameError(f"option flag {self.flag!r}: two dashes, then lower case words")
        if not self.low <= self.default <= self.high:
            raise GameError(
                f"option {self.key}: the default {self.default} is not within "
                f"{self.low} to {self.high}"
            )

    def check(self, value: int) -> int:
        """``value`` if it is a whole number within range; GameError otherwise."""
        if isinstance(value, bool) or not isinstance(value, int):
            raise GameError(f"{self.label}: {value!r} is not a whole number")
        if not self.low <= value <= self.high:
            raise GameError(f"{self.label}: {value} is out of range ({self.low} to {self.high})")
        return value


@dataclass(frozen=True, slots=True)
class GameSpec:
    """Everything the app needs to offer one game.

    ``factory`` is called with the values of ``options``, in their order (the game's
    class itself, usually). ``position_help`` and ``move_help`` are plain text for
    ``solve --help`` (a line break continues the entry); ``rules`` is rich text (a few
    HTML tags) for Help > How to play. ``searchable_to_end``: the whole game tree is
    small enough to search in moments, so the settings offer "to the end". ``board``
    names the widget that draws the game as ``"package.module:Class"``, imported only by
    the window (the core never imports Qt); None for a game without a board.
    """

    name: str
    title: str
    factory: Callable[..., Game[Any, Any]]
    default_search: DefaultSearch = STRONG_SEARCH
    options: tuple[GameOption, ...] = ()
    #: One name per player, in the order of the game's ``players``: two, or more.
    side_names: tuple[str, ...] = ("First player", "Second player")
    position_help: str = ""
    move_help: str = ""
    rules: str = ""
    searchable_to_end: bool = False
    pace_ms: int = DEFAULT_PACE_MS
    board: str | None = None

    def __post_init__(self) -> None:
        if not _NAME.fullmatch(self.name):
            raise GameError(f"game name {self.name!r}: lower case letters, digits, - and _")
        if len(self.side_names) < 2 or len(set(self.side_names)) != len(self.side_names):
            raise GameError(f"{self.name}: side names {self.side_names!r}: two or more, distinct")
        if self.board is not None and not _BOARD.fullmatch(self.board):
            raise GameError(f"{self.name}: board {self.board!r} is not 'package.module:Class'")
        for label, seen in (
            ("key", [o.key for o in self.options]),
            ("flag", [o.flag for o in self.options]),
        ):
            if len(set(seen)) != len(seen):
                raise GameError(f"{self.name}: two options share a {label}")

    @classmethod
    def of(cls, game: type[Game[Any, Any]], **fields: Any) -> GameSpec:
        """The spec of a game class: its ``name`` and ``title``, the class as the factory
        (taking the options' values), and ``fields`` for the rest."""
        return cls(name=game.name, title=game.title, factory=game, **fields)

    def make(self, values: Mapping[str, int] | None = None) -> Game[Any, Any]:
        """The game with its options taken from ``values`` by key (the default where one
        is missing; keys of other games' options are ignored); GameError for a value out
        of range."""
        given = values or {}
        return self.factory(*(o.check(given.get(o.key, o.default)) for o in self.options))


_GAMES: dict[str, GameSpec] = {}


def register(spec: GameSpec) -> GameSpec:
    """Add ``spec`` to the games offered everywhere, after those already there; returns it.

    GameError when its name is taken, or when one of its options has the key or flag of
    another game's option (the saved settings and the command line share them).
    """
    if spec.name in _GAMES:
        raise GameError(f"there is already a game named {spec.name!r}")
    for other in _GAMES.values():
        for mine in spec.options:
            for theirs in other.options:
                if mine.key == theirs.key or mine.flag == theirs.flag:
                    raise GameError(
                        f"{spec.name}: option {mine.key} ({mine.flag}) clashes with "
                        f"{other.name}'s {theirs.key} ({theirs.flag})"
                    )
    _GAMES[spec.name] = spec
    return spec


def unregister(name: str) -> GameSpec:
    """Remove the game called ``name``, and return its spec; UnknownGameError if none."""
    spec = find_game(name)
    del _GAMES[name]
    return spec


def find_game(name: str) -> GameSpec:
    """The spec of the game called ``name``; UnknownGameError naming the choices if none."""
    try:
        return _GAMES[name]
    except (KeyError, TypeError):
        choices = ", ".join(_GAMES) or "none registered"
        raise UnknownGameError(f"unknown game {name!r} (choose from: {choices})") from None


def game_specs() -> tuple[GameSpec, ...]:
    """Every registered game, in the order menus offer them."""
    return tuple(_GAMES.values())


def game_names() -> tuple[str, ...]:
    """The names of every registered game, in the order menus offer them."""
    return tuple(_GAMES)


def all_options() -> tuple[GameOption, ...]:
    """Every registered game's options, game by game."""
    return tuple(option for spec in _GAMES.values() for option in spec.options)
