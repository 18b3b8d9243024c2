"""The random-tree dialog: depth, branching, values, chance layers, players and a seed.

Whatever is typed, OK either makes the tree or keeps the dialog open with the reason in
red under the fields: the dialog never closes on a setting the generator refuses.
"""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox
from PySide6.QtWidgets import QDialog
from PySide6.QtWidgets import QDialogButtonBox
from PySide6.QtWidgets import QFormLayout
from PySide6.QtWidgets import QHBoxLayout
from PySide6.QtWidgets import QLineEdit
from PySide6.QtWidgets import QSpinBox
from PySide6.QtWidgets import QWidget

from gamesearch_gui.core.trees.random_tree import random_tree
from gamesearch_gui.core.trees.tree import CustomTree
from gamesearch_gui.ui.widgets import error_label

#: Longest seed: a seed is something to read out to a class.
MAX_SEED_CHARS = 100

#: The most players the dialog offers: each leaf's vector still reads at a glance.
MAX_DIALOG_PLAYERS = 6

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
        self.made: CustomTree | None = None
        self.depth_box = _spin(1, 12, 3)
        self.branch_lo = _spin(1, 10, 2)
        self.branch_hi = _spin(1, 10, 3)
        self.value_lo = _spin(-1000, 1000, -10)
        self.value_hi = _spin(-1000, 1000, 10)
        self.chance = QLineEdit()
        # Short enough to read whole in the dialog's narrow field; the tip says the rest.
        self.chance.setPlaceholderText("none, or e.g. 1, 3")
        self.chance.setToolTip(
            "Levels made of chance nodes, such as 1, 3: 1 is the root's children, up to the "
            "depth minus 1. Empty: none"
        )
        self.chance.setMaxLength(200)
        self._make_player_fields()
        self.seed = QLineEdit("1")
        self.seed.setToolTip("The same seed and settings always give the same tree")
        self.seed.setMaxLength(MAX_SEED_CHARS)
        self.error = error_label("randomTreeError")
        for edit in (self.chance, self.seed):
            edit.textEdited.connect(lambda _text: self.error.hide())
        for box in (self.players_box, self.sum_box, self.value_lo, self.value_hi):
            box.valueChanged.connect(lambda _value: self.error.hide())
        self._lay_out()
        self._players_changed()

    def _make_player_fields(self) -> None:
        """How many players, and whether each leaf's values add up to one number."""
        self.players_box = _spin(2, MAX_DIALOG_PLAYERS, 2)
        self.players_box.setSpecialValueText("2: MAX and MIN")
        self.players_box.setToolTip(
            "2: a tree of MAX and MIN, one value a leaf. 3 or more: a tree of players A, B, "
            "C, … deciding in turn from A at the root, each leaf one value per player "
            "(solved with max^n or paranoid)"
        )
        self.constant_box = QCheckBox("add up to")
        self.constant_box.setToolTip(
            "Every leaf's values add up to the same number (a constant-sum game), so "
            "max^n's shallow pruning applies"
        )
        self.sum_box = _spin(-6000, 6000, 10)
        self.sum_box.setToolTip("What every leaf's values add up to")
        self.players_box.valueChanged.connect(self._players_changed)
        self.constant_box.toggled.connect(self._players_changed)

    def _lay_out(self) -> None:
        """The fields in a form, the error under them, OK and Cancel at the bottom."""
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
        form.addRow("Players", self.players_box)
        constant = QHBoxLayout()
        constant.addWidget(self.constant_box)
        constant.addWidget(self.sum_box, 1)
        form.addRow("Each leaf's values", constant)
        form.addRow("Seed", self.seed)
        form.addRow(self.error)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def _players_changed(self) -> None:
        """A constant sum belongs to trees of three players or more."""
        players = self.players_box.value() > 2
        self.constant_box.setEnabled(players)
        self.sum_box.setEnabled(players and self.constant_box.isChecked())

    def chance_levels(self) -> list[int]:
        """The chance levels typed; ValueError, saying what is wrong, for anything but
        whole numbers from 1 to the depth minus 1."""
        depth = self.depth_box.value()
        levels = []
        for part in self.chance.text().replace(",", " ").split():
            if not (part.isascii() and part.isdigit()):
                raise ValueError(
                    f"“{part[:20]}” is not a level: give whole numbers from 1 to {depth - 1}, "
                    "such as 1, 3"
                )
            level = int(part)
            if not 1 <= level < depth:
                where = f"from 1 to {depth - 1}" if depth > 1 else "none: the depth is 1"
                raise ValueError(f"there is no level {level} with depth {depth} (levels: {where})")
            levels.append(level)
        return levels

    def _seed(self) -> str:
        seed = self.seed.text().strip()
        if not seed.isprintable():
            raise ValueError("the seed can hold letters, digits and signs, not control characters")
        return seed

    def tree(self) -> CustomTree:
        """The random tree the settings and seed describe. ValueError, saying why, for
        settings the generator refuses."""
        lo, hi = sorted((self.branch_lo.value(), self.branch_hi.value()))
        vlo, vhi = sorted((self.value_lo.value(), self.value_hi.value()))
        seed = self._seed()
        players = self.players_box.value()
        constant = players > 2 and self.constant_box.isChecked()
        name = "random" if players == 2 else f"random, {players} players"
        return random_tree(
            self.depth_box.value(),
            (lo, hi),
            (vlo, vhi),
            chance_layers=self.chance_levels(),
            seed=seed or None,
            name=f"{name} (seed {seed})" if seed else name,
            max_nodes=MAX_RANDOM_NODES,
            players=players,
            constant_sum=self.sum_box.value() if constant else None,
        )

    def accept(self) -> None:
        """Make the tree; on a setting it refuses, say why and stay open."""
        try:
            self.made = self.tree()
        except ValueError as error:
            self.made = None
            self.error.setText(f"{str(error)[:1].upper()}{str(error)[1:]}.")
            self.error.show()
            return
        super().accept()
