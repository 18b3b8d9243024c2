"""The tree's players in the editor: MAX and MIN, or the names of three or more.

A tree of MAX and MIN (file version 1) becomes a tree of n players (version 2) when the
person names three players or more here; with players, renaming one, adding one at the
end or removing an unused last one are edits too. :class:`PlayersForm` shows the names
and whether the tree's vectors add up to a constant (what max^n's shallow pruning
needs); it only emits requests, and the editor makes them undoable edits.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QGroupBox
from PySide6.QtWidgets import QHBoxLayout
from PySide6.QtWidgets import QLabel
from PySide6.QtWidgets import QLineEdit
from PySide6.QtWidgets import QPushButton
from PySide6.QtWidgets import QVBoxLayout

from gamesearch_gui.core.numbers import format_number
from gamesearch_gui.core.trees.edit import vector_sums
from gamesearch_gui.core.trees.tree import CustomTree
from gamesearch_gui.ui.text import keep_whole

#: What the form says about a tree of MAX and MIN.
TWO_PLAYERS = (
    "MAX and MIN. Name three players or more (A, B, C) to draw a game of n players, "
    "solved by max^n: MAX becomes the first, MIN the second."
)


def sum_note(tree: CustomTree) -> str:
    """Whether the vectors of a tree of n players add up to one constant, in words."""
    if tree.constant_sum is not None:
        return f"Every vector adds up to {format_number(tree.constant_sum)} (declared)."
    sums = vector_sums(tree)
    if sums is None:
        return ""
    lo, hi = sums
    if lo == hi:
        return f"Every vector adds up to {format_number(lo)}: shallow pruning applies."
    return (
        f"The vectors add up to {format_number(lo)} to {format_number(hi)}, not one "
        "constant: shallow pruning does not apply."
    )


def players_text(tree: CustomTree) -> str:
    """The players as the field shows them: ``A, B, C`` (``MAX, MIN`` for two)."""
    return ", ".join(tree.players) if tree.players else "MAX, MIN"


class PlayersForm(QGroupBox):
    """The players' names in one field (comma-separated), and what they mean."""

    #: The names typed, in order.
    playersEntered = Signal(object)

    def __init__(self) -> None:
        super().__init__("Players")
        self.setObjectName("playersForm")
        self._tree: CustomTree | None = None
        self.names = keep_whole(QLineEdit())
        self.names.setToolTip(
            "The players in turn order, apart by commas: rename one, add one at the end, "
            "or remove an unused last one (Enter applies)"
        )
        self.names.returnPressed.connect(self.apply)
        self.apply_button = QPushButton("Set")
        self.apply_button.clicked.connect(self.apply)
        self.note = QLabel()
        self.note.setObjectName("playersNote")
        self.note.setWordWrap(True)
        small = self.note.font()
        small.setPointSizeF(small.pointSizeF() * 0.9)
        self.note.setFont(small)
        row = QHBoxLayout()
        row.addWidget(self.names, 1)
        row.addWidget(self.apply_button)
        layout = QVBoxLayout(self)
        layout.addLayout(row)
        layout.addWidget(self.note)

    def show_tree(self, tree: CustomTree, *, again: bool = False) -> None:
        """Show ``tree``'s players (``again``: even if shown, over what was typed)."""
        if tree is self._tree and not again:
            return
        self._tree = tree
        self.names.setText(players_text(tree))
        self.names.setCursorPosition(0)
        self.note.setText(sum_note(tree) if tree.players else TWO_PLAYERS)

    def apply(self) -> None:
        """Ask for the names typed (nothing when they are the tree's already)."""
        tree = self._tree
        names = [name.strip() for name in self.names.text().split(",")]
        if tree is not None and self.names.text() == players_text(tree):
            return
        self.playersEntered.emit(names)
