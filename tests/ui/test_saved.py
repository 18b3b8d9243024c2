"""The one settings store (issue 27): every saved setting read back clamped, and a broken
or hand-edited settings file costs the person their settings, never the app."""

from __future__ import annotations

import ast
from pathlib import Path

from PySide6.QtCore import QByteArray
from PySide6.QtCore import QSettings

from gamesearch_gui.core.games import all_options
from gamesearch_gui.ui import saved
from gamesearch_gui.ui.play_config import Seats
from gamesearch_gui.ui.play_config import default_game
from gamesearch_gui.ui.play_config import default_search
from tests.test_layers import PACKAGE


def ini(tmp_path: Path, text: str = "") -> QSettings:
    path = tmp_path / "settings.ini"
    path.write_text(text, encoding="utf-8")
    return QSettings(str(path), QSettings.Format.IniFormat)


def reopened(store: QSettings) -> QSettings:
    """The same file read afresh, as the next run reads it."""
    store.sync()
    return QSettings(store.fileName(), QSettings.Format.IniFormat)


def test_every_setting_round_trips_through_an_ini_file(tmp_path: Path) -> None:
    store = ini(tmp_path)
    option = all_options()[0]
    values = [
        (saved.SHOW_VALUES, True),
        (saved.PLAY_GAME, "connect4"),
        (saved.PLAY_SEATS, Seats.TWO_AIS),
        (saved.PLAY_HUMANS, (True, False, False)),
        (saved.RECENT_TREES, ["/a/one tree.json"]),  # a list of one reads back as a str
        (saved.text("test/a text"), "/home/x/a, b.py"),  # a comma: INI reads back a list
        (saved.SEARCH_CHECK_PATH, "/s/my_search.py"),
        (saved.WELCOME_SEEN, True),
        (saved.game_option(option), option.high),
        (saved.page_layout("layout/play-tree").tab, 1),
        (saved.page_layout("layout/play-tree").side, False),
        (saved.WINDOW_STATE, QByteArray(b"\x00\x01state")),
    ]
    for setting, value in values:
        setting.write(store, value)  # type: ignore[attr-defined]
    again = reopened(store)
    for setting, value in values:
        assert setting.read(again) == value, setting.key  # type: ignore[attr-defined]


def test_nothing_stored_reads_as_the_defaults(tmp_path: Path) -> None:
    store = ini(tmp_path)
    assert saved.SHOW_VALUES.read(store) is False
    assert saved.PLAY_GAME.read(store) == default_game()
    assert saved.PLAY_SEATS.read(store) is Seats.HUMAN_FIRST
    assert saved.RECENT_TREES.read(store) == []
    assert saved.WINDOW_GEOMETRY.read(store) is None
    assert saved.page_layout("layout/x").side.read(store) is True
    assert saved.read_search(store, "connect4") == default_search("connect4")


def test_a_hand_edited_file_is_read_clamped_or_as_the_defaults(tmp_path: Path) -> None:
    option = all_options()[0]
    store = ini(
        tmp_path,
        "[view]\nshow_values=perhaps\n"
        "[play]\ngame=checkers\nseats=everyone\nhumans=P1A\n"
        f"{option.key}={option.high + 1000}\n"
        "[editor]\nrecent_files=" + ", ".join(f"/t/{i}.json" for i in range(20)) + "\n"
        "[layout]\nplay-tree\\tab=7\nplay-tree\\side=0\nplay-tree\\splitter=junk\n"
        "[search]\nconnect4\\depth=1000\nconnect4\\algorithm=alphabeta\n",
    )
    assert saved.SHOW_VALUES.read(store) is False
    assert saved.PLAY_GAME.read(store) == default_game()
    assert saved.PLAY_SEATS.read(store) is Seats.HUMAN_FIRST
    assert saved.PLAY_HUMANS.read(store) == ()
    assert saved.game_option(option).read(store) == option.high
    assert len(saved.RECENT_TREES.read(store)) == saved.MAX_RECENT
    page = saved.page_layout("layout/play-tree")
    assert (page.tab.read(store), page.side.read(store)) == (1, False)
    assert page.splitter.read(store) is None
    assert saved.read_search(store, "connect4").depth == 42  # the panel's most


def test_the_window_reads_and_writes_settings_only_through_the_store() -> None:
    """No module of the window calls a QSettings' value/setValue but ``ui/saved.py``: a
    new setting is declared there, with its default and range, or it is not saved."""
    found = []
    for path in sorted((PACKAGE / "ui").rglob("*.py")):
        if path.name == "saved.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in ("value", "setValue", "beginGroup", "childKeys")
                and "store" in ast.unparse(node.func.value).lower()
            ):
                found.append(f"{path.relative_to(PACKAGE)}:{node.lineno} {ast.unparse(node)}")
    assert not found, "\n".join(found)
