"""The editor's edits: each change to the tree, made one undoable step.

:class:`TreeEdits` turns a request (from a menu, a key, the properties form or a prompt)
into a call of :mod:`gamesearch_gui.core.trees.edit` applied to the editor's
:class:`TreeDocument` as one undo step; when the core refuses, the person is told why
and nothing changes. Typed text (a value, a vector of values, a probability) is read
here too, so it is refused the same way wherever it was typed.
"""

from __future__ import annotations

from collections.abc import Callable

from gamesearch_gui.core.game import GameError
from gamesearch_gui.core.text import clip
from gamesearch_gui.core.trees import edit as tree_edit
from gamesearch_gui.core.trees.tree import CustomTree
from gamesearch_gui.core.trees.tree import NodeType
from gamesearch_gui.core.trees.tree import Path
from gamesearch_gui.core.trees.tree import path_text
from gamesearch_gui.ui.editor.host import EditorHost
from gamesearch_gui.ui.editor.properties import parse_number
from gamesearch_gui.ui.editor.properties import parse_probability
from gamesearch_gui.ui.editor.properties import parse_vector


class TreeEdits:
    """Make each edit of the editor's tree an undoable step, or say why it cannot be."""

    def __init__(self, editor: EditorHost) -> None:
        self.editor = editor
        self.document = editor.document

    def edit(self, text: str, make: Callable[[CustomTree], tuple[CustomTree, Path]]) -> bool:
        """Apply one edit as an undoable step; say why in a message if the core refuses it."""
        try:
            tree, selected = make(self.document.tree)
        except (GameError, ValueError) as e:
            self.editor._refused(str(e))
            return False
        self.document.apply(text, tree, selected)
        return True

    def _path(self, path: Path | None) -> Path:
        return self.document.selected if path is None else path

    # -- the tree's shape ---------------------------------------------------------------

    def add_child(self, path: Path | None = None) -> None:
        """Add a leaf under the node (a leaf becomes a MAX or MIN node)."""
        p = self._path(path)
        self.edit("Add child", lambda t: tree_edit.add_child(t, p))

    def insert_sibling(self, *, after: bool = True, path: Path | None = None) -> None:
        """Insert a leaf beside the node."""
        p = self._path(path)
        self.edit("Insert sibling", lambda t: tree_edit.insert_sibling(t, p, after=after))

    def delete_subtree(self, path: Path | None = None) -> None:
        """Delete the node and everything below it."""
        p = self._path(path)
        self.edit("Delete subtree", lambda t: tree_edit.delete_subtree(t, p))

    def replace_tree(self, tree: CustomTree, text: str = "Replace tree") -> None:
        """Replace the whole tree as one undoable edit."""
        self.document.apply(text, tree, ())

    # -- who moves ----------------------------------------------------------------------

    def set_kind(self, kind: NodeType | int, path: Path | None = None) -> None:
        """Make the node MAX, MIN, chance or a leaf (or, given a player's index in a tree
        of players, that player's decision)."""
        p = self._path(path)
        if isinstance(kind, int):
            self.set_player(kind, p)
            return
        if self.document.tree.node_at(p).type is kind:
            self.editor._update_actions()  # a checked entry chosen again stays checked
            return
        self.edit(f"Make {kind.value}", lambda t: (tree_edit.set_kind(t, p, kind), p))

    def set_player(self, player: int, path: Path | None = None) -> None:
        """Make the node a decision of ``player`` (a tree of players)."""
        p = self._path(path)
        tree = self.document.tree
        node = tree.node_at(p)
        if tree.players and node.type is NodeType.PLAYER and node.player == player:
            self.editor._update_actions()  # no edit, no undo step; the entry stays checked
            return
        name = clip(tree.players[player]) if 0 <= player < len(tree.players) else "?"
        self.edit(f"Make it {name}'s", lambda t: (tree_edit.set_player(t, p, player), p))

    def step_player(self, step: int, path: Path | None = None) -> None:
        """Give the node to the next (``step`` 1) or previous (-1) player in turn; a
        chance node or a leaf goes to the player in turn there (a tree of players)."""
        p = self._path(path)
        try:
            player = tree_edit.player_in_turn(self.document.tree, p, step)
        except GameError as e:
            self.editor._refused(str(e))
            return
        self.set_player(player, p)

    def set_players(self, names: list[str]) -> None:
        """Name the tree's players (three or more make a tree of players)."""
        keep = self.document.selected
        if self.edit("Set the players", lambda t: (tree_edit.set_players(t, names), keep)):
            return
        # Refused: the form shows the names as they were.
        self.editor.players_form.show_tree(self.document.tree, again=True)

    # -- the node's fields --------------------------------------------------------------

    def set_value(self, value: float, path: Path | None = None) -> None:
        """Set a leaf's value."""
        p = self._path(path)
        self.edit("Set value", lambda t: (tree_edit.set_value(t, p, value), p))

    def set_values(self, values: tuple[float, ...], path: Path | None = None) -> None:
        """Set a leaf's values (a tree of players)."""
        p = self._path(path)
        self.edit("Set values", lambda t: (tree_edit.set_values(t, p, values), p))

    def set_eval(self, value: float | None, path: Path | None = None) -> None:
        """Set (None: remove) an inner node's eval."""
        p = self._path(path)
        self.edit("Set eval", lambda t: (tree_edit.set_eval(t, p, value), p))

    def set_evals(self, values: tuple[float, ...] | None, path: Path | None = None) -> None:
        """Set (None: remove) an inner node's evals (a tree of players)."""
        p = self._path(path)
        self.edit("Set evals", lambda t: (tree_edit.set_evals(t, p, values), p))

    def set_probability(self, p_value: float, path: Path | None = None) -> None:
        """Set the probability of a chance node's outcome."""
        p = self._path(path)
        self.edit("Set probability", lambda t: (tree_edit.set_probability(t, p, p_value), p))

    def make_uniform(self, path: Path | None = None) -> None:
        """Give each outcome of the chance node (at, or above, ``path``) the same probability."""
        p = self._path(path)
        if self.document.tree.node_at(p).type is not NodeType.CHANCE and p:
            p = p[:-1]
        keep = self._path(path)
        self.edit("Make uniform", lambda t: (tree_edit.make_uniform(t, p), keep))

    def set_label(self, text: str | None, path: Path | None = None) -> None:
        """Set (empty: remove) the node's label."""
        p = self._path(path)
        label = text.strip() if text else None
        self.edit("Set label", lambda t: (tree_edit.set_label(t, p, label or None), p))

    def set_move(self, text: str | None, path: Path | None = None) -> None:
        """Set (empty: remove) the label of the move into the node."""
        p = self._path(path)
        move = text.strip() if text else None
        self.edit("Set move label", lambda t: (tree_edit.set_move(t, p, move or None), p))

    def set_value_bounds(self, bounds: tuple[float, float] | None) -> None:
        """Declare the lowest and highest value a leaf can have (None: infer them)."""
        if bounds == self.document.tree.value_bounds:
            return
        text = "Set the value bounds" if bounds is not None else "Infer the value bounds"
        keep = self.document.selected
        self.edit(text, lambda t: (tree_edit.set_value_bounds(t, bounds), keep))

    # -- typed text ---------------------------------------------------------------------

    def _refused_text(self, why: str) -> None:
        """Say why typed text was refused, and show the node's fields as they were."""
        self.editor._refused(why)
        self.editor._tree_changed()

    def value_entered(self, path: Path, text: str) -> None:
        """A leaf's value or an inner node's eval typed (empty eval: none)."""
        tree = self.document.tree
        node = tree.node_at(path)
        if tree.players:
            self._vector_entered(path, node.type is NodeType.LEAF, text)
            return
        if node.type is not NodeType.LEAF and not text.strip():
            self.set_eval(None, path)
            return
        try:
            value = parse_number(text)
        except ValueError:
            self._refused_text(f"{text!r} is not a number")
            return
        if node.type is NodeType.LEAF:
            self.set_value(value, path)
        else:
            self.set_eval(value, path)

    def _vector_entered(self, path: Path, leafy: bool, text: str) -> None:
        """A leaf's values or an inner node's evals typed in a tree of players."""
        if not leafy and not text.strip():
            self.set_evals(None, path)
            return
        try:
            values = parse_vector(text, self.document.tree.players)
        except ValueError as e:
            where = f"node {path_text(path)}" if path else "the root"
            self._refused_text(f"{where}: {e}")
            return
        if leafy:
            self.set_values(values, path)
        else:
            self.set_evals(values, path)

    def probability_entered(self, path: Path, text: str) -> None:
        """A chance outcome's probability typed (0.25, 1/4 or 25%)."""
        try:
            value = parse_probability(text)
        except ValueError:
            self._refused_text(f"{text!r} is not a probability (give 0.25, 1/4 or 25%)")
            return
        self.set_probability(value, path)
