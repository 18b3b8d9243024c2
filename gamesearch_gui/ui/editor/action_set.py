"""The tree editor's actions, declared once: :class:`EditorActions`.

``TreeEditor`` holds one (``editor.acts``) and the rooms see it through
:class:`~.host.EditorHost` as that one attribute, so the list below is the only place
that names the editor's actions for the type checker. The commands of ``ui/actions.py``'s
list set their actions here (each command's ``attr`` is a path from the editor:
``"acts.act_value"``); the editor adds the Kind menu's (``act_kinds``, and the players'
as they are named, ``act_players``).
"""

from __future__ import annotations

from PySide6.QtGui import QAction

from gamesearch_gui.core.trees.tree import NodeType


class EditorActions:
    """The editor's QActions, and the groups of them its menus and its loading use."""

    # Set by build_actions, from ui/actions.py's list.
    act_undo: QAction
    act_redo: QAction
    act_add_child: QAction
    act_sibling_before: QAction
    act_sibling_after: QAction
    act_delete: QAction
    act_next_player: QAction
    act_previous_player: QAction
    act_value: QAction
    act_eval: QAction
    act_probability: QAction
    act_uniform: QAction
    act_label: QAction
    act_move: QAction
    act_copy_json: QAction
    act_copy_nested: QAction
    act_paste: QAction
    act_bounds: QAction
    act_solve: QAction
    act_transform: QAction
    act_flip_exercise: QAction

    def __init__(self) -> None:
        #: Edit > Node > Kind's MAX, MIN, chance and leaf.
        self.act_kinds: dict[NodeType, QAction] = {}
        #: A tree of players: one checkable action per player, made as players are named
        #: (see ``NodeActions.update_kind_menu``).
        self.act_players: list[QAction] = []

    @property
    def shape_actions(self) -> list[QAction]:
        """The node menu's entries above the Kind menu."""
        return [
            self.act_add_child,
            self.act_sibling_before,
            self.act_sibling_after,
            self.act_delete,
        ]

    @property
    def edit_actions(self) -> list[QAction]:
        """Every edit of the node, the players' actions made so far among them (off while a
        file opens)."""
        return [
            *self.shape_actions,
            *self.act_kinds.values(),
            *self.act_players,
            self.act_next_player,
            self.act_previous_player,
            self.act_value,
            self.act_eval,
            self.act_probability,
            self.act_uniform,
            self.act_label,
            self.act_move,
        ]
