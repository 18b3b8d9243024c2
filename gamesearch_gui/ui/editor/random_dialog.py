"""The random-tree dialog: depth, branching, values, chance layers and a seed."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QSpinBox,
    QWidget,
)

from gamesearch_gui.core.randomtree import random_tree
from gamesearch_gui.core.tree import CustomTree

#: The most nodes a random tree's shape may allow: the editor makes and draws such a tree
#: in about a second (a million nodes froze the window for ten).
MAX_RANDOM_NODES = 100_000


def _spin(lo: int, hi: int, value: int) -> QSpinBox:
    box = QSpinBox()
    box.setRange(lo, hi)
    box.setValue(value)
    return box


class RandomTreeDialog(QDialog):
    """Asks for the shape of a random tree; :meth:`tree` makes it (same seed, same tree)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Random tree")
        self.depth_box = _spin(1, 12, 3)
        self.branch_lo = _spin(1, 10, 2)
        self.branch_hi = _spin(1, 10, 3)
        self.value_lo = _spin(-1000, 1000, -10)
        self.value_hi = _spin(-1000, 1000, 10)
        self.chance = QLineEdit()
        self.chance.setPlaceholderText("none, or levels such as 1, 3")
        self.chance.setToolTip("Levels (1 = the root's children) made of chance nodes")
        self.seed = QLineEdit("1")
        self.seed.setToolTip("The same seed and settings always give the same tree")
        branching = QHBoxLayout()
        branching.addWidget(self.branch_lo)
        branching.addWidget(self.branch_hi)
        values = QHBoxLayout()
        values.addWidget(self.value_lo)
        values.addWidget(self.value_hi)
        form = QFormLayout(self)
        form.addRow("Depth", self.depth_box)
        form.addRow("Children per node (from, to)", branching)
        form.addRow("Leaf values (from, to)", values)
        form.addRow("Chance levels", self.chance)
        form.addRow("Seed", self.seed)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def chance_levels(self) -> list[int]:
        """The chance levels typed (ValueError for anything but whole numbers)."""
        text = self.chance.text().replace(",", " ").split()
        return [int(part) for part in text]

    def tree(self) -> CustomTree:
        """The random tree the settings and seed describe. ValueError for bad settings."""
        lo, hi = sorted((self.branch_lo.value(), self.branch_hi.value()))
        vlo, vhi = sorted((self.value_lo.value(), self.value_hi.value()))
        seed = self.seed.text().strip()
        return random_tree(
            self.depth_box.value(),
            (lo, hi),
            (vlo, vhi),
            chance_layers=self.chance_levels(),
            seed=seed or None,
            name=f"random (seed {seed})" if seed else "random",
            max_nodes=MAX_RANDOM_NODES,
        )
