"""The tree's value bounds in the editor: shown, set, cleared, and checked against the leaves.

Star1 prunes a chance node's remaining outcomes by the lowest and highest value any leaf
can have. A tree file may declare them (``value_bounds``); otherwise they are inferred
from the leaves. :class:`BoundsForm` shows which, lets the person set or clear them, and
warns, naming each node by the app's one namer, when a value lies outside declared
bounds. It only emits requests; the editor makes them undoable edits.
"""

from __future__ import annotations

import re

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QGroupBox
from PySide6.QtWidgets import QHBoxLayout
from PySide6.QtWidgets import QLabel
from PySide6.QtWidgets import QLineEdit
from PySide6.QtWidgets import QPushButton
from PySide6.QtWidgets import QVBoxLayout
from PySide6.QtWidgets import QWidget

from gamesearch_gui.core.numbers import format_number
from gamesearch_gui.core.recording.drawn_tree import Drawing
from gamesearch_gui.core.trees.tree import CustomTree
from gamesearch_gui.core.trees.tree import Number
from gamesearch_gui.ui.editor.properties import number_text
from gamesearch_gui.ui.editor.properties import parse_number
from gamesearch_gui.ui.editor.properties import warning_label

#: Nodes named one by one in the warning; the rest are counted.
SHOWN_PROBLEMS = 5

WHY = (
    "Star1 (chance pruning) stops searching a chance node's outcomes once even the best "
    "and worst values they could still have cannot change the choice above. It needs the "
    "lowest and highest value any leaf can have: set here, or inferred from the leaves. "
    "Bounds wider than the leaves are safe but prune less."
)


def bounds_text(bounds: tuple[Number, Number]) -> str:
    """``[lo, hi]`` as the app writes numbers."""
    return f"[{format_number(bounds[0])}, {format_number(bounds[1])}]"


def parse_bounds(text: str) -> tuple[Number, Number] | None:
    """Bounds typed on one line: "0, 100", "0 100" or "[0, 100]"; empty: None (inferred).

    ValueError with a message for anything else (the edit checks the numbers' order).
    """
    cleaned = text.strip().strip("[]()").strip()
    if not cleaned:
        return None
    parts = [p for p in re.split(r"[;,\s]+", cleaned) if p]
    if len(parts) != 2:
        raise ValueError(f"{text!r} is not two numbers: give the lowest and highest, as 0, 100")
    return parse_number(parts[0]), parse_number(parts[1])


def outside_lines(tree: CustomTree, drawing: Drawing) -> list[str]:
    """One line per node whose value lies outside the tree's declared bounds, named as
    the app names nodes everywhere (``drawing`` must draw ``tree``)."""
    lines = []
    outside = tree.outside_bounds()
    for path, what, number in outside[:SHOWN_PROBLEMS]:
        name = drawing.recording.name(drawing.index[path])
        lines.append(f"{name}: {what} {format_number(number)}")
    if len(outside) > SHOWN_PROBLEMS:
        lines.append(f"and {len(outside) - SHOWN_PROBLEMS} more")
    return lines


def bounds_problem(tree: CustomTree, drawing: Drawing) -> str | None:
    """What is wrong when values lie outside ``tree``'s declared bounds, naming those
    nodes and what to do (None: the bounds hold every value)."""
    lines = outside_lines(tree, drawing)
    if not lines:
        return None
    assert tree.value_bounds is not None
    return (
        f"These values lie outside the tree's value bounds {bounds_text(tree.value_bounds)}, "
        "by which Star1 prunes:\n" + "\n".join(lines) + "\nWiden the bounds "
        "(Edit > Value bounds…, or Use the leaves), or change the values."
    )


class BoundsForm(QGroupBox):
    """The tree's value bounds: inferred or set, two fields to set them, one to clear them.

    ``boundsEntered`` carries ``(lo, hi)`` or None (infer them from the leaves again);
    ``refused`` a message when what was typed is no number.
    """

    boundsEntered = Signal(object)
    refused = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Value bounds (for Star1)", parent)
        self.setObjectName("valueBounds")
        self.setToolTip(WHY)
        self._tree: CustomTree | None = None
        self.about = QLabel("Star1 prunes by the lowest and highest value a leaf can have.")
        self.about.setWordWrap(True)
        small = self.about.font()
        small.setPointSizeF(small.pointSizeF() * 0.9)
        self.about.setFont(small)
        self.state = QLabel()
        self.state.setObjectName("boundsState")
        self.state.setWordWrap(True)
        self.low = QLineEdit()
        self.high = QLineEdit()
        for edit, what in ((self.low, "lowest"), (self.high, "highest")):
            edit.setToolTip(f"The {what} value a leaf can have; left empty, the {what} leaf value")
            edit.returnPressed.connect(self.apply)
        self.set_button = QPushButton("Set")
        self.set_button.setToolTip("Declare these bounds (an edit: Undo takes it back)")
        self.set_button.clicked.connect(self.apply)
        self.clear_button = QPushButton("Use the leaves")
        self.clear_button.setToolTip("Forget the declared bounds: infer them from the leaves")
        self.clear_button.clicked.connect(lambda: self.boundsEntered.emit(None))
        self.warning = warning_label("boundsWarning")

        row = QHBoxLayout()
        row.addWidget(QLabel("from"))
        row.addWidget(self.low, 1)
        row.addWidget(QLabel("to"))
        row.addWidget(self.high, 1)
        row.addWidget(self.set_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.about)
        layout.addWidget(self.state)
        layout.addLayout(row)
        layout.addWidget(self.clear_button)
        layout.addWidget(self.warning)

    def show_tree(self, tree: CustomTree, drawing: Drawing) -> None:
        """Show ``tree``'s bounds (``drawing`` draws it, for the nodes' names)."""
        if tree is self._tree:
            return  # the selection moved: nothing here changed
        self._tree = tree
        inferred = tree.value_range()
        declared = tree.value_bounds
        # Only chance trees are pruned by them; a tree that declares some shows them anyway.
        self.setVisible(tree.has_chance or declared is not None)
        if declared is None:
            self.state.setText(f"Inferred from the leaves: <b>{bounds_text(inferred)}</b>")
            self.low.setText("")
            self.high.setText("")
        else:
            self.state.setText(
                f"Set: <b>{bounds_text(declared)}</b> (the leaves span {bounds_text(inferred)})"
            )
            self.low.setText(number_text(declared[0]))
            self.high.setText(number_text(declared[1]))
        self.low.setPlaceholderText(number_text(inferred[0]))
        self.high.setPlaceholderText(number_text(inferred[1]))
        self.clear_button.setEnabled(declared is not None)
        lines = outside_lines(tree, drawing)
        if lines:
            assert declared is not None
            self.warning.setText(
                f"⚠ Outside the bounds {bounds_text(declared)}, so Star1 and Save refuse "
                "the tree until the bounds or these values change:\n" + "\n".join(lines)
            )
        self.warning.setVisible(bool(lines))

    def apply(self) -> None:
        """Ask for the bounds in the fields (an empty one: the leaves' value there)."""
        numbers: list[Number] = []
        for edit, what in ((self.low, "lowest"), (self.high, "highest")):
            text = edit.text() or edit.placeholderText()
            try:
                numbers.append(parse_number(text))
            except ValueError:
                self.refused.emit(f"The {what} value of the bounds, {text!r}, is not a number")
                return
        self.boundsEntered.emit((numbers[0], numbers[1]))
