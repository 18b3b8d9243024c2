"""A random tree's settings, asked the same way wherever they are asked.

Three dialogs make random trees: Draw a tree's Random tree, and the exercises' New
exercise and Export a set. A student moving between them once met chance levels as a
list, a percentage and a count, a seed of 1 against a random one, and the same setting
under three names. Here each shared setting has one label, one kind of field, one tip
and one unit; the limits that differ (an exercise is worked by hand, so its tree is
smaller) are :class:`ShapeLimits`, and the tips say both.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from PySide6.QtWidgets import QDialog
from PySide6.QtWidgets import QDialogButtonBox
from PySide6.QtWidgets import QFormLayout
from PySide6.QtWidgets import QHBoxLayout
from PySide6.QtWidgets import QLabel
from PySide6.QtWidgets import QLineEdit
from PySide6.QtWidgets import QPushButton
from PySide6.QtWidgets import QSizePolicy
from PySide6.QtWidgets import QSpinBox
from PySide6.QtWidgets import QWidget

from gamesearch_gui.ui.widgets import connect_plain

#: Longest seed: a seed is something to read out to a class.
MAX_SEED_CHARS = 100

DEPTH_LABEL = "Depth"
DEPTH_TIP = (
    "Moves from the root to the leaves: up to 12 in Draw a tree, up to 6 in an exercise "
    "(worked by hand)"
)
CHILDREN_LABEL = "Children per node"
CHILDREN_TIP = (
    "The fewest and the most children of a node that is not a leaf, each drawn at random "
    "between them: up to 10 in Draw a tree, up to 5 in an exercise (where the most is at "
    "least 2)"
)
#: Draw a tree says which levels are chance; an exercise says how many, and its seed
#: picks which: two settings, two labels, one tip that tells them apart.
CHANCE_LEVELS_LABEL = "Chance levels"
CHANCE_COUNT_LABEL = "Number of chance levels"
CHANCE_TIP = (
    "Levels made of chance nodes: level 1 is the root's children, the last is the depth "
    "minus 1. In Draw a tree you list which levels (such as 1, 3; empty: none); an "
    "exercise asks how many, and its seed picks which. Chance levels make an "
    "expectiminimax or Star1 tree."
)
SEED_LABEL = "Seed"
SEED_TIP = (
    "Any word or number: the same seed and settings always give the same tree, so a "
    "class can share one. New seed draws another."
)
NEW_SEED_TEXT = "New seed"


def new_seed() -> str:
    """A fresh seed a person can read out to a class."""
    return str(random.randint(1000, 9999))


@dataclass(frozen=True)
class ShapeLimits:
    """How deep and wide a dialog's random tree may be (the tips say both kinds)."""

    depth: int
    children: int
    #: The least that "the most children" may be.
    least_most: int


#: Draw a tree's random trees: the editor still draws them at once.
DRAWN_LIMITS = ShapeLimits(depth=12, children=10, least_most=1)
#: An exercise's tree, worked by hand (see core.exercises.exercise.Difficulty.check).
EXERCISE_LIMITS = ShapeLimits(depth=6, children=5, least_most=2)


def spin(lo: int, hi: int, value: int, tip: str = "") -> QSpinBox:
    """A spin box from ``lo`` to ``hi`` showing ``value``, with ``tip``: as wide as its
    numbers, so that a lone one in a form does not stretch across the dialog."""
    box = QSpinBox()
    box.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
    box.setRange(lo, hi)
    box.setValue(value)
    if tip:
        box.setToolTip(tip)
    return box


def add_row(form: QFormLayout, label: str, field: QWidget, tip: str) -> QLabel:
    """Add ``field`` to ``form`` under ``label``, the label and the field both tipped."""
    title = QLabel(label)
    title.setToolTip(tip)
    field.setToolTip(tip)
    title.setBuddy(field)
    form.addRow(title, field)
    return title


def range_row(lo: QSpinBox, hi: QSpinBox) -> QWidget:
    """Two spin boxes read as a range: ``lo`` to ``hi``."""
    widget = QWidget()
    row = QHBoxLayout(widget)
    row.setContentsMargins(0, 0, 0, 0)
    row.addWidget(lo)
    row.addWidget(QLabel("to"))
    row.addWidget(hi)
    row.addStretch(1)
    return widget


def chance_count_box() -> QSpinBox:
    """How many levels are chance levels (an exercise's), 0 for none."""
    box = spin(0, EXERCISE_LIMITS.depth - 1, 0, CHANCE_TIP)
    box.setSpecialValueText("0: none")
    return box


def action_buttons(dialog: QDialog, action: str) -> tuple[QDialogButtonBox, QPushButton]:
    """The action button (``action``: what it does, never OK) and Cancel, placed alike in
    every tree dialog; Cancel rejects ``dialog``, the caller connects the action."""
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
    button = buttons.addButton(action, QDialogButtonBox.ButtonRole.AcceptRole)
    button.setDefault(True)
    buttons.rejected.connect(dialog.reject)
    return buttons, button


class TreeShapeFields:
    """Depth, children per node (from, to) and the seed, as every tree dialog asks them."""

    def __init__(self, limits: ShapeLimits) -> None:
        self.limits = limits
        self.depth_box = spin(1, limits.depth, 3)
        self.branch_lo = spin(1, limits.children, 2)
        self.branch_hi = spin(limits.least_most, limits.children, 3)
        self.children_row = range_row(self.branch_lo, self.branch_hi)
        self.seed = QLineEdit(new_seed())
        self.seed.setMaxLength(MAX_SEED_CHARS)
        self.new_seed_button = QPushButton(NEW_SEED_TEXT)
        connect_plain(self.new_seed_button.clicked, lambda: self.seed.setText(new_seed()))
        self.seed_row = QWidget()
        row = QHBoxLayout(self.seed_row)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.seed, 1)
        row.addWidget(self.new_seed_button)
        for box in (self.branch_lo, self.branch_hi):
            box.setToolTip(CHILDREN_TIP)
        self.seed.setToolTip(SEED_TIP)

    def add_shape_rows(self, form: QFormLayout) -> None:
        """Depth, then children per node."""
        add_row(form, DEPTH_LABEL, self.depth_box, DEPTH_TIP)
        add_row(form, CHILDREN_LABEL, self.children_row, CHILDREN_TIP)

    def add_seed_row(self, form: QFormLayout) -> None:
        """The seed and New seed."""
        add_row(form, SEED_LABEL, self.seed_row, SEED_TIP)
        self.new_seed_button.setToolTip("Draw another seed")

    def branching(self) -> tuple[int, int]:
        """(fewest, most) children per node, in order whichever way they were typed."""
        lo, hi = sorted((self.branch_lo.value(), self.branch_hi.value()))
        return lo, hi


__all__ = [
    "DRAWN_LIMITS",
    "EXERCISE_LIMITS",
    "TreeShapeFields",
    "action_buttons",
    "add_row",
    "chance_count_box",
    "new_seed",
]
