"""Help > Keyboard shortcuts: a page of the user guide made from the list of the window's
commands (``ui/actions.py``) each time it is shown, with the keys their actions have then,
so it lists the keys that work, and cannot go stale.

Generated: every command of every menu of every mode that has a key (its shortcuts, or the
key its text names after a tab, as the tree editor's "Add child\tIns"), and the replay's
keys (the search tree panel's own shortcuts, by their descriptions). Listed by hand, and
said to be: the keys the canvases and boards read themselves, which no action holds (the
tree views', the editor's and the exercise's in ``ui/canvas_keys.py``, each board's in
its ``KEYS``).
"""

from __future__ import annotations

import html
from collections.abc import Iterable
from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtGui import QAction
from PySide6.QtGui import QKeySequence
from PySide6.QtGui import QShortcut

from gamesearch_gui.ui.actions import Bar
from gamesearch_gui.ui.actions import Command
from gamesearch_gui.ui.actions import Owners
from gamesearch_gui.ui.actions import declared_action
from gamesearch_gui.ui.actions import entries


@dataclass(frozen=True)
class Section:
    """A table of the page: its title, a line that says where the keys work, its rows of
    (what, keys) or, for text kept elsewhere, its HTML."""

    title: str
    note: str = ""
    rows: tuple[tuple[str, str], ...] = ()
    html: str = ""


def action_text(action: QAction) -> str:
    """An action's text as a person reads it ("&Undo Add child\\tIns" gives "Undo Add child")."""
    return plain(action.text().split("\t")[0])


def action_keys(action: QAction) -> str:
    """The keys of ``action``: its shortcuts ("Ctrl+Y or Ctrl+Shift+Z"), or the key its text
    names after a tab (keys a canvas reads: "Ins"); "" for none."""
    keys = [
        key.toString(QKeySequence.SequenceFormat.NativeText)
        for key in action.shortcuts()
        if not key.isEmpty()
    ]
    if keys:
        return " or ".join(keys)
    _, tab, hint = action.text().partition("\t")
    return hint.strip() if tab else ""


def declared_rows(
    owners: Owners, bar_id: str, shown: tuple[str, ...] = ("", "no players"), prefix: str = ""
) -> list[tuple[str, str]]:
    """(entry, keys) of every command declared in menu ``bar_id`` and its submenus that has
    keys now, among those ``shown`` (in a dynamic menu: "" always, "players" in a tree of
    players, "no players" in a tree of MAX and MIN); an entry of a submenu is named by its
    path ("Node > Kind > MAX")."""
    rows: list[tuple[str, str]] = []
    for entry in entries(bar_id):
        if isinstance(entry, Command) and entry.shown in shown:
            action = declared_action(owners, entry)
            if action is not None and (keys := action_keys(action)):
                rows.append((prefix + action_text(action), keys))
        elif isinstance(entry, Bar):
            rows += declared_rows(owners, entry.id, shown, f"{prefix}{plain(entry.title)} > ")
    return rows


def plain(text: str) -> str:
    """A menu text as a person reads it: "&Undo" gives "Undo", "&&" gives "&"."""
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&")


def shortcut_rows(shortcuts: Iterable[QShortcut]) -> tuple[tuple[str, str], ...]:
    """(what, key) of each shortcut, by its description (its What's This text)."""
    return tuple(
        (s.whatsThis() or "—", s.key().toString(QKeySequence.SequenceFormat.NativeText))
        for s in shortcuts
    )


def shortcuts_html(generated: Sequence[Section], listed: Sequence[Section]) -> str:
    """The page: the ``generated`` sections, then the ``listed`` ones under a heading that
    says they are listed by hand."""
    parts = [
        "<h1>Keyboard shortcuts</h1>",
        "<p>The keys of the menus and of the replay are read from the window itself each "
        "time this page opens, so they are the keys that work now. Only the current mode's "
        "menus are in the menu bar: their keys work in that mode (View &gt; Play a game, "
        "Draw a tree, Practise by hand).</p>",
        *(_section(s, level=2) for s in generated),
        "<h2>Keys of the boards and the trees</h2>",
        "<p>These keys are read by the board or the tree itself, not by a menu, so this "
        "list is kept by hand. Click the board or the tree first, so it has the keys.</p>",
        *(_section(s, level=3) for s in listed),
    ]
    return "\n".join(parts)


def _section(section: Section, level: int) -> str:
    note = f"<p><i>{html.escape(section.note)}</i></p>" if section.note else ""
    body = section.html
    if section.rows:
        rows = "".join(
            f"<tr><td>{html.escape(what)}</td><td><b>{html.escape(keys)}</b></td></tr>"
            for what, keys in section.rows
        )
        body += f"<table cellspacing='0' cellpadding='4' border='1'>{rows}</table>"
    return f"<h{level}>{html.escape(section.title)}</h{level}>{note}{body}"
