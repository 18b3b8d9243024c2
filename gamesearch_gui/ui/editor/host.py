"""What the editor's rooms ask of the editor: :class:`EditorHost`.

The rooms (:mod:`.edits`, :mod:`.keys`, :mod:`.prompts`, :mod:`.clipboard`, :mod:`.files`,
:mod:`.solving`, :mod:`.node_actions`) are made by ``TreeEditor`` and call back into it
for the document, the pages, the questions to the person and the node's actions. They
are typed against this protocol, not the editor's class, so that none imports the
editor (the package has no import cycle), and it says in one place what they share.
``TreeEditor`` is checked against it (mypy) wherever it makes a room.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from typing import Protocol

from PySide6.QtCore import SignalInstance
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu

from gamesearch_gui.core.recording.drawn_tree import Drawing
from gamesearch_gui.core.trees.tree import CustomTree
from gamesearch_gui.core.trees.tree import Path
from gamesearch_gui.ui.editor.action_set import EditorActions
from gamesearch_gui.ui.editor.document import TreeDocument
from gamesearch_gui.ui.editor.loading import OpenedTree
from gamesearch_gui.ui.editor.players import PlayersForm
from gamesearch_gui.ui.tree.editable import EditorCanvas
from gamesearch_gui.ui.widgets import PageStack


class EditorHost(Protocol):
    """The editor as its rooms see it."""

    # -- the document and what shows it
    document: TreeDocument
    drawing: Drawing
    canvas: EditorCanvas
    stack: PageStack
    players_form: PlayersForm

    @property
    def tree(self) -> CustomTree: ...
    @property
    def selected(self) -> Path: ...
    @property
    def loading(self) -> bool: ...
    @property
    def message(self) -> SignalInstance: ...

    def select(self, path: Path) -> None: ...
    def take_drawing(self, opened: OpenedTree) -> None: ...
    def show_caption(self, caption: str) -> None: ...
    def _tree_changed(self) -> None: ...
    def _update_actions(self) -> None: ...

    # -- the questions to the person, and the checks that warn
    def _ask_text(self, title: str, label: str, text: str) -> str | None: ...
    def _open_file_name(self) -> str | None: ...
    def _save_file_name(self) -> str | None: ...
    def _efg_file_name(self) -> str | None: ...
    def _ask_unsaved(self) -> str: ...
    def _warn(self, title: str, text: str) -> None: ...
    def _refused(self, why: str, title: str = ...) -> None: ...
    def _probabilities_ok(self, title: str) -> bool: ...
    def _bounds_ok(self, title: str) -> bool: ...

    # -- the rooms' methods the editor hands out, called through it
    add_child: Callable[..., None]
    delete_subtree: Callable[..., None]
    set_kind: Callable[..., None]
    step_player: Callable[..., None]
    set_label: Callable[..., None]
    set_move: Callable[..., None]
    open_tree: Callable[..., bool]
    remove_recovery: Callable[[], None]
    show_drawing: Callable[[], None]
    solve: Callable[[], None]

    # -- the node's actions (made by the editor's _make_actions)
    def _act(
        self, text: str, slot: Callable[[], Any], tip: str = ..., key: str = ...
    ) -> QAction: ...

    kind_menu: QMenu
    #: The editor's actions, listed once there.
    acts: EditorActions
