"""The node's actions: which apply, the Kind menu, and the drawing's context menu.

:class:`NodeActions` enables and checks the editor's node actions for the selected node,
fills Edit > Node > Kind for the tree as it is (MAX, MIN, chance, leaf; or, in a tree of
players, each player's decision and the steps round the table), and builds the menu a
right click on the drawing shows. The actions themselves are the editor's (``editor.acts``:
:class:`~.action_set.EditorActions`).
"""

from __future__ import annotations

import functools

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu
from PySide6.QtWidgets import QWidget

from gamesearch_gui.core.trees.tree import NodeType
from gamesearch_gui.ui.editor.edits import TreeEdits
from gamesearch_gui.ui.editor.host import EditorHost
from gamesearch_gui.ui.editor.properties import decision_name


def fill_menu(menu: QMenu, actions: list[QAction | None]) -> None:
    """Make ``actions`` the entries of ``menu`` (None: a separator)."""
    menu.clear()
    for action in actions:
        if action is None:
            menu.addSeparator()
        else:
            menu.addAction(action)


class NodeActions:
    """Keep the editor's node actions and menus in step with the tree and the selection."""

    def __init__(self, editor: EditorHost, edits: TreeEdits, parent: QWidget) -> None:
        self.editor = editor
        self.edits = edits
        #: What the context menus belong to (the editor's page).
        self.parent = parent
        #: The players the Kind menu was last filled for (None: not filled yet).
        self._players: tuple[str, ...] | None = None

    def kind_actions(self) -> list[QAction | None]:
        """The Kind menu's entries for the tree as it is (None: a separator): MAX, MIN,
        chance and leaf; or, in a tree of players, each player's decision, the steps
        round the table, chance and leaf."""
        acts = self.editor.acts
        if not self.editor.document.tree.players:
            return list(acts.act_kinds.values())
        n = len(self.editor.document.tree.players)
        return [
            *acts.act_players[:n],
            None,
            acts.act_next_player,
            acts.act_previous_player,
            None,
            acts.act_kinds[NodeType.CHANCE],
            acts.act_kinds[NodeType.LEAF],
        ]

    def update_kind_menu(self, players: tuple[str, ...]) -> None:
        """Name an action after each player (made when first needed) and fill the Kind
        menu again, when the tree's players are not those it was filled for."""
        editor = self.editor
        if players == self._players:
            return
        self._players = players
        made = editor.acts.act_players
        while len(made) < len(players):
            action = editor._act("", functools.partial(self.edits.set_player, len(made)))
            action.setCheckable(True)
            made.append(action)
        for i, action in enumerate(made):
            if i < len(players):
                action.setText(decision_name(players[i]))
                action.setStatusTip(f"Make it {players[i]}'s decision: {players[i]} moves here")
            action.setEnabled(i < len(players) and not editor.loading)
        fill_menu(editor.kind_menu, self.kind_actions())

    def node_menu(self, n: int | None) -> QMenu | None:
        """The context menu of recording node ``n`` (None: the background)."""
        editor, acts = self.editor, self.editor.acts
        menu = QMenu(self.parent)
        if n is None or editor.stack.currentWidget() is not editor.canvas:
            menu.addAction(acts.act_paste)
            menu.addAction(acts.act_copy_json)
            menu.addAction(acts.act_copy_nested)
            return menu
        for action in acts.shape_actions:
            menu.addAction(action)
        fill_menu(menu.addMenu("Kind"), self.kind_actions())
        menu.addSeparator()
        for action in (
            acts.act_value,
            acts.act_eval,
            acts.act_probability,
            acts.act_uniform,
        ):
            menu.addAction(action)
        menu.addSeparator()
        menu.addAction(acts.act_label)
        menu.addAction(acts.act_move)
        return menu

    def update(self) -> None:
        """Enable what applies to the selected node."""
        acts = self.editor.acts
        tree, path = self.editor.document.tree, self.editor.document.selected
        node = tree.node_at(path)
        parent = tree.node_at(path[:-1]) if path else None
        under_chance = parent is not None and parent.type is NodeType.CHANCE
        leafy = node.type is NodeType.LEAF
        for action in (acts.act_sibling_before, acts.act_sibling_after, acts.act_delete):
            action.setEnabled(bool(path))
        for kind, action in acts.act_kinds.items():
            action.setChecked(kind is node.type)
            # A tree of players has their decisions instead (the Kind menu lists them).
            action.setEnabled(not (tree.players and kind in (NodeType.MAX, NodeType.MIN)))
        n = len(tree.players)
        for i, action in enumerate(acts.act_players):
            action.setChecked(node.type is NodeType.PLAYER and node.player == i)
            action.setEnabled(i < n)
        for action in (acts.act_next_player, acts.act_previous_player):
            action.setEnabled(bool(n))
        acts.act_value.setEnabled(leafy)
        acts.act_eval.setEnabled(not leafy)
        acts.act_probability.setEnabled(under_chance)
        acts.act_uniform.setEnabled(node.type is NodeType.CHANCE or under_chance)
        acts.act_move.setEnabled(bool(path))
