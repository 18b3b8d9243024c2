"""The window's commands are one list (ui/actions.py): the menus, the tool bars and Help >
Keyboard shortcuts are made from it, and no two commands of one mode share a key."""

from __future__ import annotations

import dataclasses
import operator
from collections.abc import Iterable
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtGui import QAction
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QMenu
from PySide6.QtWidgets import QToolBar
from pytestqt.qtbot import QtBot

from gamesearch_gui.core.trees.examples import example
from gamesearch_gui.ui import actions
from gamesearch_gui.ui.actions import BARS
from gamesearch_gui.ui.actions import COMMANDS
from gamesearch_gui.ui.actions import LISTED
from gamesearch_gui.ui.actions import SUBMENU_PLACES
from gamesearch_gui.ui.actions import Bar
from gamesearch_gui.ui.actions import Command
from gamesearch_gui.ui.actions import Mode
from gamesearch_gui.ui.actions import command
from gamesearch_gui.ui.help.desk import SHORTCUTS_PAGE
from gamesearch_gui.ui.main_window import MainWindow


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> Iterator[MainWindow]:
    store = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    made = MainWindow(store, recovery_path=str(tmp_path / "recovery.gtree.json"))
    qtbot.addWidget(made)
    made.show()
    yield made
    made.close()


def declared(bar_id: str) -> list[tuple[int, object]]:
    """(group, entry) of what the list puts in ``bar_id``, in order, read from the list's
    fields here (not through the module's own helpers, which the window used)."""
    placed: list[tuple[int, int, object]] = []
    for spec in COMMANDS:
        placed += [(p.group, p.order, spec) for p in spec.places if p.bar == bar_id]
    for sub in BARS:
        places = SUBMENU_PLACES.get(sub.id, (sub.place,) if sub.place else ())
        placed += [(p.group, p.order, sub) for p in places if p.bar == bar_id]
    placed += [(i.place.group, i.place.order, i) for i in LISTED if i.place.bar == bar_id]
    placed.sort(key=lambda g: (g[0], g[1]))
    return [(group, entry) for group, _, entry in placed]


def expected_entries(window: MainWindow, bar_id: str) -> list[QAction | None]:
    """The actions the list says ``bar_id`` holds (None: a separator between groups)."""
    owners = window.action_owners
    found: list[QAction | None] = []
    last = None
    for group, entry in declared(bar_id):
        if last is not None and group != last:
            found.append(None)
        last = group
        if isinstance(entry, Command):
            owner = owners[entry.owner]
            action = owner.declared_actions[entry.id]  # type: ignore[attr-defined]
            assert operator.attrgetter(entry.attr)(owner) is action, entry.id
            found.append(action)
        elif isinstance(entry, Bar):
            found.append(getattr(owners[entry.owner], entry.attr).menuAction())
        else:
            found += [d.toggleViewAction() for d in window.docks.values()]
    return found


def shown_entries(actions_: Iterable[QAction]) -> list[QAction | None]:
    return [None if a.isSeparator() else a for a in actions_]


def test_every_menu_and_tool_bar_holds_exactly_what_the_list_declares(
    window: MainWindow,
) -> None:
    owners = window.action_owners
    bar_menus = [b for b in BARS if not b.toolbar and b.place is None and b.id != "check.lessons"]
    # The menu bar: the declared menus, in order, with their titles.
    titles = [a.menu() for a in window.menuBar().actions()]
    assert titles == [getattr(owners[b.owner], b.attr) for b in bar_menus]
    assert [m.title() for m in titles if isinstance(m, QMenu)] == [b.title for b in bar_menus]
    checked = 0
    for spec in BARS:
        widget = getattr(owners[spec.owner], spec.attr)
        if spec.toolbar:
            assert isinstance(widget, QToolBar) and widget.objectName() == spec.object_name
            assert widget.windowTitle() == spec.title
        else:
            assert isinstance(widget, QMenu) and widget.title() == spec.title
        if spec.dynamic:
            continue
        assert shown_entries(widget.actions()) == expected_entries(window, spec.id), spec.id
        checked += 1
    assert checked == 14  # eight menus of the menu bar, Node, AI level, four tool bars
    # The window's tool bars, in the declared order.
    bars = [b.objectName() for b in window.findChildren(QToolBar) if b.objectName()]
    assert [b.object_name for b in BARS if b.toolbar] == [n for n in bars if n in {
        "toolbar-mode", "toolbar-game", "toolbar-tree", "toolbar-exercise"}]  # fmt: skip
    # Each action is as declared.
    for spec in COMMANDS:
        action = owners[spec.owner].declared_actions[spec.id]  # type: ignore[attr-defined]
        assert not spec.attr or operator.attrgetter(spec.attr)(owners[spec.owner]) is action
        assert action.text() == spec.menu_text
        keys = QKeySequence(spec.shortcut) if spec.shortcut is not None else QKeySequence()
        assert action.shortcut() == keys, spec.id
        assert not spec.tip or action.toolTip() == spec.tip
        assert action.isCheckable() == spec.checkable
        assert not spec.from_stack or action.text() == spec.text


def test_the_kind_menu_shows_the_declared_kinds_of_the_tree_shown(window: MainWindow) -> None:
    editor = window.editor
    kinds = [e for _, e in declared("editor.kind") if isinstance(e, Command)]

    def shown(when: set[str]) -> list[QAction]:
        return [editor.declared_actions[c.id] for c in kinds if c.shown in when]

    entries = [a for a in editor.kind_menu.actions() if not a.isSeparator()]
    assert entries == shown({"", "no players"})
    window.set_mode("trees")
    assert editor.open_tree(example("figure-5-4").tree())  # three players
    entries = [a for a in editor.kind_menu.actions() if not a.isSeparator()]
    players = entries[: len(editor.tree.players)]
    assert players == editor.acts.act_players[: len(editor.tree.players)]
    assert entries[len(players) :] == shown({"", "players"})


def clashes(commands: Iterable[Command]) -> list[tuple[Mode, str, str, str]]:
    """(mode, key, one command, another) for each key two commands of a mode share."""
    found = []
    for mode in Mode:
        seen: dict[str, str] = {}
        for spec in commands:
            if mode not in spec.modes:
                continue
            keys = [spec.key_hint] if spec.key_hint else []
            if isinstance(spec.shortcut, QKeySequence.StandardKey):
                keys += [k.toString() for k in QKeySequence.keyBindings(spec.shortcut)]
            elif spec.shortcut is not None:
                keys.append(QKeySequence(spec.shortcut).toString())
            for key in keys:
                if key in seen:
                    found.append((mode, key, seen[key], spec.id))
                seen[key] = spec.id
    return found


def test_no_two_commands_of_one_mode_share_a_key(qtbot: QtBot) -> None:
    assert clashes(COMMANDS) == []
    # It finds one: the exercise's Hint (Ctrl+H) in Play too would clash with the game's.
    hint = dataclasses.replace(command("exercise.hint"), modes=tuple(Mode))
    assert (Mode.PLAY, "Ctrl+H", "game.hint", "exercise.hint") in clashes([*COMMANDS, hint])
    # Every command of a mode is in one of that mode's menus (else no one could find it),
    # bar the editor's own undo and redo, which are in no mode.
    in_menus = {
        e.id for b in BARS if not b.toolbar for _, e in declared(b.id) if isinstance(e, Command)
    }
    assert {c.id for c in COMMANDS if c.modes} == in_menus
    assert {c.id for c in COMMANDS if not c.modes} == {"editor.undo", "editor.redo"}


def _shortcuts_text(window: MainWindow) -> str:
    window.help_desk.act_shortcuts.trigger()
    guide = window.help_desk.guide
    assert guide is not None and guide.current == SHORTCUTS_PAGE
    text = guide.browser.toPlainText()
    guide.close()
    return text


def test_the_shortcuts_page_is_made_from_the_list(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = _shortcuts_text(window)
    assert "Help menu\nIn every mode.\nUser guide\nF1\n" in text
    assert "Node > Kind > MAX\nM" in text and "Node > Add child\nIns" in text
    # A key placed in the Help menu by the list shows there on the page.
    moved = dataclasses.replace(
        command("game.hint"), places=(actions.Place("help", 0, 2),), modes=tuple(Mode)
    )
    monkeypatch.setattr(
        actions, "COMMANDS", tuple(moved if c.id == "game.hint" else c for c in COMMANDS)
    )
    text = _shortcuts_text(window)
    assert "Help menu\nIn every mode.\nUser guide\nF1\nHint\nCtrl+H\n" in text


def test_modes_are_an_enum_that_reads_the_old_strings(window: MainWindow) -> None:
    assert window.mode is Mode.PLAY and window.mode == "play"
    window.set_mode("trees")  # a saved or typed string still reads
    assert window.mode is Mode.TREES and window.act_mode_trees.isChecked()
    window.set_mode(Mode.EXERCISE)
    assert window.mode == "exercise" and window.act_mode_exercise.isChecked()
    with pytest.raises(ValueError, match="no mode 'chess'"):
        window.set_mode("chess")
