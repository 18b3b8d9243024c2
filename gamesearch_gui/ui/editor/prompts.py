"""The Edit menu's prompts: a node's value, eval, probability, label, move, the tree's bounds.

:class:`NodePrompts` asks for one line of text through the editor's one question method
(``TreeEditor._ask_text``, which tests answer) and hands the answer to the same handlers
the properties form uses, so a typed answer is read and refused the same way wherever
it was typed.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from gamesearch_gui.core.text import names_text
from gamesearch_gui.core.trees.tree import NodeType
from gamesearch_gui.core.trees.tree import Number
from gamesearch_gui.ui.editor.bounds import bounds_text
from gamesearch_gui.ui.editor.bounds import parse_bounds
from gamesearch_gui.ui.editor.edits import TreeEdits
from gamesearch_gui.ui.editor.host import EditorHost
from gamesearch_gui.ui.editor.properties import vector_edit_text


def edit_text(value: float | None) -> str:
    """A number as it is offered for editing ("" for none, 3 rather than 3.0)."""
    if value is None:
        return ""
    if isinstance(value, float) and math.isfinite(value) and value.is_integer():
        return str(int(value))
    return str(value)


#: The questions for a leaf's value and an inner node's eval: the title, the question,
#: and the question in a tree of players.
_VALUE = (
    "Set value",
    "Leaf value (MAX's point of view):",
    "Leaf values, one for each player ({names}):",
)
_EVAL = (
    "Set eval",
    "Eval for depth cutoffs (empty: none):",
    "Evals for depth cutoffs, one for each player ({names}; empty: none):",
)


class NodePrompts:
    """Ask for the selected node's fields, or the tree's value bounds, one line at a time."""

    def __init__(self, editor: EditorHost, edits: TreeEdits) -> None:
        self.editor = editor
        self.edits = edits

    def _ask_number(
        self, words: tuple[str, str, str], number: Number | None, vector: tuple[Number, ...] | None
    ) -> None:
        """Ask for the selected node's number, or in a tree of players its number for each
        player, offering what it holds; ``words``: the title, the question, and the
        question in a tree of players (its ``{names}`` the players')."""
        editor = self.editor
        title, label, each_label = words
        players = editor.tree.players
        if players:
            each = each_label.format(names=names_text(players))
            text = editor._ask_text(f"{title}s", each, vector_edit_text(vector))
        else:
            text = editor._ask_text(title, label, edit_text(number))
        if text is not None:
            self.edits.value_entered(editor.selected, text)

    def ask_value(self) -> None:
        """Ask for the selected leaf's value (an inner node: its eval)."""
        node = self.editor.tree.node_at(self.editor.selected)
        if node.type is not NodeType.LEAF:
            self.ask_eval()
            return
        self._ask_number(_VALUE, node.value, node.values)

    def ask_eval(self) -> None:
        """Ask for the selected inner node's eval (empty: none)."""
        node = self.editor.tree.node_at(self.editor.selected)
        self._ask_number(_EVAL, node.eval, node.evals)

    def ask_probability(self) -> None:
        """Ask for the selected outcome's probability."""
        editor = self.editor
        node = editor.tree.node_at(editor.selected)
        text = editor._ask_text(
            "Set probability", "Probability (0.25, 1/4 or 25%):", edit_text(node.probability)
        )
        if text is not None:
            self.edits.probability_entered(editor.selected, text)

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
        self.edits.set_value_bounds(bounds)

    def _ask_words(
        self, title: str, label: str, now: str | None, keep: Callable[[str], None]
    ) -> None:
        """Ask for a line of free text, offering ``now``, and ``keep`` the answer."""
        text = self.editor._ask_text(title, label, now or "")
        if text is not None:
            keep(text)

    def ask_label(self) -> None:
        """Ask for the selected node's label."""
        node = self.editor.tree.node_at(self.editor.selected)
        self._ask_words("Label", "Node label (empty: none):", node.label, self.editor.set_label)

    def ask_move(self) -> None:
        """Ask for the label of the move into the selected node."""
        node = self.editor.tree.node_at(self.editor.selected)
        self._ask_words("Move label", "Label of the move into it:", node.move, self.editor.set_move)
