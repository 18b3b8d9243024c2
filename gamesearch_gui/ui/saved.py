"""What the app keeps between runs: every saved setting in one place, with its default and
the values it may take, read back clamped.

The store is a QSettings (a file in the user's config folder; tests give their own).
What it holds may come from an older version, from a person's text editor, or from a
disk that failed halfway: a setting never trusts it. Each :class:`Setting` turns what
is stored into a value of its kind within its range, and gives its default for
anything it cannot read, so a broken settings file costs the person their settings,
never the app. Nothing else in the window reads or writes the store: a new setting is
declared here, beside the others.

The search settings of each game (``search/<game>/…``) are a group whose keys and
ranges are the settings panel's (:func:`~gamesearch_gui.ui.play_config.search_from_dict`
holds each to what the panel offers); :func:`read_search` and :func:`write_search` are
their one way in and out.
"""

from __future__ import annotations

import enum
import os
from collections.abc import Callable
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic
from typing import TypeVar

from PySide6.QtCore import QByteArray
from PySide6.QtCore import QSettings

from gamesearch_gui.core.games import GameOption
from gamesearch_gui.core.games import game_names
from gamesearch_gui.core.levels import CUSTOM
from gamesearch_gui.core.levels import LEVEL_IDS
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.ui.play_config import SEED_RANGE
from gamesearch_gui.ui.play_config import Seats
from gamesearch_gui.ui.play_config import default_game
from gamesearch_gui.ui.play_config import default_search
from gamesearch_gui.ui.play_config import search_from_dict
from gamesearch_gui.ui.play_config import search_to_dict

T = TypeVar("T")
E = TypeVar("E", bound=enum.Enum)

#: How many recently opened or saved tree files File > Open recent lists.
MAX_RECENT = 8
#: The side tabs of a search tree page, as saved: 0 the node's details, 1 the steps.
PAGE_TABS = (0, 1)


class Unreadable(ValueError):
    """What is stored is not a value of the setting's kind."""


@dataclass(frozen=True)
class Setting(Generic[T]):
    """One saved value: where it lives (``key``), what it is when nothing readable is
    stored (``default``), how a stored value is read back (``parse``: raises
    ``ValueError``/``TypeError`` when it cannot) and how a value is stored (``dump``)."""

    key: str
    default: T
    parse: Callable[[object], T]
    dump: Callable[[T], object] = lambda value: value

    def read(self, store: QSettings) -> T:
        """The stored value, clamped to what it may be, or the default."""
        raw = store.value(self.key)
        if raw is None:
            return self.default
        try:
            return self.parse(raw)
        except (ValueError, TypeError, OverflowError):
            return self.default

    def write(self, store: QSettings, value: T) -> None:
        store.setValue(self.key, self.dump(value))


# -- the kinds of value -------------------------------------------------------------------


def _flag(raw: object) -> bool:
    """True or False as QSettings gives them back: a bool (native stores), or "true",
    "false", "1", "0" (INI files)."""
    if isinstance(raw, bool):
        return raw
    text = str(raw).strip().lower()
    if text in ("true", "1"):
        return True
    if text in ("false", "0"):
        return False
    raise Unreadable(f"not a yes or no: {raw!r}")


def flag(key: str, default: bool) -> Setting[bool]:
    return Setting(key, default, _flag)


def whole(key: str, default: int, low: int, high: int) -> Setting[int]:
    """A whole number, held to ``low``..``high`` (a hand-edited file once asked for more
    than the panel offers)."""
    if not low <= default <= high:
        raise ValueError(f"{key}: the default {default} is not within {low} to {high}")

    def parse(raw: object) -> int:
        return min(max(int(str(raw).strip()), low), high)

    return Setting(key, default, parse)


def text(key: str, default: str = "") -> Setting[str]:
    def parse(raw: object) -> str:
        if isinstance(raw, list | tuple):  # an INI file reads "a, b" back as a list
            return ", ".join(str(part) for part in raw)
        return str(raw)

    return Setting(key, default, parse)


def choice(key: str, default: str, allowed: Callable[[], Sequence[str]]) -> Setting[str]:
    """One of ``allowed()`` (asked at each read: a game can be added), else the default."""

    def parse(raw: object) -> str:
        value = str(raw)
        if value not in allowed():
            raise Unreadable(f"not one of the choices: {value!r}")
        return value

    return Setting(key, default, parse)


def member(key: str, default: E) -> Setting[E]:
    """A member of ``default``'s enum, stored as its value."""
    kind = type(default)
    return Setting(key, default, lambda raw: kind(str(raw)), lambda value: value.value)


def layout(key: str) -> Setting[QByteArray | None]:
    """A widget's saved geometry or state (QByteArray), or None: nothing saved yet."""

    def parse(raw: object) -> QByteArray | None:
        if not isinstance(raw, QByteArray):
            raise Unreadable("not a saved layout")
        return raw

    return Setting(key, None, parse)


def paths(key: str, most: int) -> Setting[list[str]]:
    """A list of file paths, newest first, at most ``most`` of them."""

    def parse(raw: object) -> list[str]:
        if isinstance(raw, str):  # a list of one reads back from an INI file as its item
            raw = [raw] if raw else []
        if not isinstance(raw, list | tuple):
            raise Unreadable("not a list of paths")
        return [str(path) for path in raw if str(path)][:most]

    return Setting(key, [], parse, lambda value: list(value)[:most])


def seats_letters(raw: object) -> tuple[bool, ...]:
    """Who plays each seat of a game of n players, one letter a seat: P a person, A the
    AI ("PAA": no commas, which an INI file reads back as a list, and no digits, which
    could read as a number)."""
    letters = str(raw)
    if any(letter not in "PA" for letter in letters):
        raise Unreadable(f"seats are P or A: {letters!r}")
    return tuple(letter == "P" for letter in letters)


# -- everything the app keeps ---------------------------------------------------------------

#: View > Show move values.
SHOW_VALUES = flag("view/show_values", False)
#: The window's place, size and docks (restored with ``LAYOUT_VERSION``).
WINDOW_GEOMETRY = layout("window/geometry")
WINDOW_STATE = layout("window/state")
#: The game last played, who sat where, and who plays each seat of a game of n players.
PLAY_GAME = choice("play/game", default_game(), game_names)
PLAY_SEATS = member("play/seats", Seats.HUMAN_FIRST)
PLAY_HUMANS: Setting[tuple[bool, ...]] = Setting(
    "play/humans", (), seats_letters, lambda seated: "".join("P" if h else "A" for h in seated)
)
#: The AI's strength level (Settings > Level, Game > AI level), the same in every game,
#: and the seed of its slips.
PLAY_LEVEL = choice("play/level", CUSTOM, lambda: (CUSTOM, *LEVEL_IDS))
PLAY_LEVEL_SEED = whole("play/level_seed", 0, *SEED_RANGE)
#: Draw a tree: File > Open recent (its folder is where tree file dialogs start).
RECENT_TREES = paths("editor/recent_files", MAX_RECENT)
#: Game > Open OpenSpiel game: the spec of the game last opened (the dialog opens on it).
LAST_OPENSPIEL = text("play/openspiel")
#: The student's search file last checked (File > Check my search code…).
SEARCH_CHECK_PATH = text("check/path")
#: The first-run welcome was shown (it shows once, however it was closed).
WELCOME_SEEN = flag("help/welcome_seen", False)


def tree_folder(store: QSettings) -> str:
    """Where a dialog that opens or saves tree files starts: the folder of the newest
    recent tree, else the person's home."""
    recent = RECENT_TREES.read(store)
    return os.path.dirname(recent[0]) if recent else os.path.expanduser("~")


def game_option(option: GameOption) -> Setting[int]:
    """A game's whole-number option (Pig's target, say), held to its range."""
    return whole(f"play/{option.key}", option.default, option.low, option.high)


@dataclass(frozen=True)
class PageLayout:
    """A search tree page's side panel: its width, its tab, whether it shows; one set a
    page (``layout/play-tree``, ``layout/trees-tree``, ``layout/exercise-tree``)."""

    splitter: Setting[QByteArray | None]
    tab: Setting[int]
    side: Setting[bool]


def page_layout(key: str) -> PageLayout:
    return PageLayout(
        layout(f"{key}/splitter"),
        whole(f"{key}/tab", PAGE_TABS[0], PAGE_TABS[0], PAGE_TABS[-1]),
        flag(f"{key}/side", True),
    )


def read_search(store: QSettings, game: str) -> SearchSettings:
    """The search last set for ``game``, held to what the settings panel offers; the
    game's default search where nothing readable is stored."""
    store.beginGroup(f"search/{game}")
    try:
        values = {key: store.value(key) for key in store.childKeys()}
    finally:
        store.endGroup()
    return search_from_dict(values, default_search(game)) if values else default_search(game)


def write_search(store: QSettings, game: str, search: SearchSettings) -> None:
    for key, value in search_to_dict(search).items():
        store.setValue(f"search/{game}/{key}", value)
