"""The Edit menu's prompts: a node's value, eval, probability, label, move, the tree's bounds.

:class:`NodePrompts` asks for one line of text through the editor's one question method
(``TreeEditor._ask_text``, which tests answer) and hands the answer to the same handlers
the properties form uses, so a typed answer is read and refused the same way wherever
it was typed.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from gamesearch_gui.core.text import names_text
from gamesearch_gui.core.trees.tree import NodeType, Number
from gamesearch_gui.ui.editor.bounds import bounds_text, parse_bounds
from gamesearch_gui.ui.editor.properties import vector_edit_text

if TYPE_CHECKING:
    from gamesearch_gui.ui.editor.editor import TreeEditor


def edit_text(value: float | None) -> str:
    """A number as it is offered for editing ("" for none, 3 rather than 3.0)."""
    if value is None:
        return ""
    if isinstance(value, float) and math.isfinite(value) and value.is_integer():
        return str(int(value))
    return str(value)


class NodePrompts:
    """Ask for the selected node's fields, or the tree's value bounds, one line at a time."""

    def __init__(self, editor: TreeEditor) -> None:
        self.editor = editor

    def _ask_number(
        self,
        title: str,
        label: str,
        number: Number | None,
        each_label: str,
        vector: tuple[Number, ...] | None,
    ) -> str | None:
        """Ask for one number (``label``), or in a tree of players one for each player
        (``each_label``, its ``{names}`` the players'), offering what the node holds."""
        players = self.editor.tree.players
        if players:
            names = names_text(players)
            return self.editor._ask_text(
                f"{title}s", each_label.format(names=names), vector_edit_text(vector)
            )
        return self.editor._ask_text(title, label, edit_text(number))

    def ask_value(self) -> None:
        """Ask for the selected leaf's value (an inner node: its eval)."""
        editor = self.editor
        node = editor.tree.node_at(editor.selected)
        if node.type is not NodeType.LEAF:
            self.ask_eval()
            return
        text = self._ask_number(
            "Set value",
            "Leaf value (MAX's point of view):",
            node.value,
            "Leaf values, one for each player ({names}):",
            node.values,
        )
        if text is not None:
            editor.edits.value_entered(editor.selected, text)

    def ask_eval(self) -> None:
        """Ask for the selected inner node's eval (empty: none)."""
        editor = self.editor
        node = editor.tree.node_at(editor.selected)
        text = self._ask_number(
            "Set eval",
            "Eval for depth cutoffs (empty: none):",
            node.eval,
            "Evals for depth cutoffs, one for each player ({names}; empty: none):",
            node.evals,
        )
        if text is not None:
            editor.edits.value_entered(editor.selected, text)

    def ask_probability(self) -> None:
        """Ask for the selected outcome's probability."""
        editor = self.editor
        node = editor.tree.node_at(editor.selected)
        text = editor._ask_text(
            "Set probability", "Probability (0.25, 1/4 or 25%):", edit_text(node.probability)
        )
        if text is not None:
            editor.edits.probability_entered(editor.selected, text)

    def ask_bounds(self) -> None:
        """Ask for the tree's value bounds (empty: infer them from the leaves)."""
        editor = self.editor
        tree = editor.tree
        declared = tree.value_bounds
        text = editor._ask_text(
            "Value bounds",
            "Lowest and highest value a leaf can have, as 0, 100\n"
            f"(empty: the leaves' range, {bounds_text(tree.value_range())}):",
            bounds_text(declared).strip("[]") if declared is not None else "",
        )
        if text is None:
            return
        try:
            bounds = parse_bounds(text)
        except ValueError as e:
            editor._refused(str(e))
            return
        editor.edits.set_value_bounds(bounds)

    def ask_label(self) -> None:
        """Ask for the selected node's label."""
        editor = self.editor
        node = editor.tree.node_at(editor.selected)
        text = editor._ask_text("Label", "Node label (empty: none):", node.label or "")
        if text is not None:
            editor.set_label(text)

    def ask_move(self) -> None:
        """Ask for the label of the move into the selected node."""
        editor = self.editor
        node = editor.tree.node_at(editor.selected)
        text = editor._ask_text("Move label", "Label of the move into it:", node.move or "")
        if text is not None:
            editor.set_move(text)
