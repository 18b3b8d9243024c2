"""The random-tree dialog: depth, branching, values, chance layers, players and a seed.

Whatever is typed, Create either makes the tree or keeps the dialog open with the reason in
red under the fields: the dialog never closes on a setting the generator refuses.
"""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox
from PySide6.QtWidgets import QDialog
from PySide6.QtWidgets import QFormLayout
from PySide6.QtWidgets import QHBoxLayout
from PySide6.QtWidgets import QLineEdit
from PySide6.QtWidgets import QWidget

from gamesearch_gui.core.trees.random_tree import random_tree
from gamesearch_gui.core.trees.tree import CustomTree
from gamesearch_gui.ui.tree_fields import CHANCE_LEVELS_LABEL
from gamesearch_gui.ui.tree_fields import CHANCE_TIP
from gamesearch_gui.ui.tree_fields import DRAWN_LIMITS
from gamesearch_gui.ui.tree_fields import TreeShapeFields
from gamesearch_gui.ui.tree_fields import action_buttons
from gamesearch_gui.ui.tree_fields import add_row
from gamesearch_gui.ui.tree_fields import range_row
from gamesearch_gui.ui.tree_fields import spin
from gamesearch_gui.ui.widgets import error_label

#: The most players the dialog offers: each leaf's vector still reads at a glance.
MAX_DIALOG_PLAYERS = 6

#: The most nodes a random tree's shape may allow: the editor makes and draws such a tree
#: in about a second (a million nodes froze the window for ten).
MAX_RANDOM_NODES = 100_000


class RandomTreeDialog(QDialog):
    """Asks for the shape of a random tree; :meth:`tree` makes it (same seed, same tree)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Random tree")
        self.made: CustomTree | None = None
        self.fields = TreeShapeFields(DRAWN_LIMITS)
        self.value_lo = spin(-1000, 1000, -10)
        self.value_hi = spin(-1000, 1000, 10)
        self.chance = QLineEdit()
        # Short enough to read whole in the dialog's narrow field; the tip says the rest.
        self.chance.setPlaceholderText("none, or e.g. 1, 3")
        self.chance.setMaxLength(200)
        self._make_player_fields()
        self.error = error_label("randomTreeError")
        for edit in (self.chance, self.fields.seed):
            edit.textEdited.connect(lambda _text: self.error.hide())
        for box in (self.players_box, self.sum_box, self.value_lo, self.value_hi):
            box.valueChanged.connect(lambda _value: self.error.hide())
        self._lay_out()
        self._players_changed()

    def _make_player_fields(self) -> None:
        """How many players, and whether each leaf's values add up to one number."""
        self.players_box = spin(2, MAX_DIALOG_PLAYERS, 2)
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
        self.sum_box = spin(-6000, 6000, 10)
        self.sum_box.setToolTip("What every leaf's values add up to")
        self.players_box.valueChanged.connect(self._players_changed)
        self.constant_box.toggled.connect(self._players_changed)

    def _lay_out(self) -> None:
        """The fields in a form, the error under them, Create and Cancel at the bottom."""
        form = QFormLayout(self)
        self.fields.add_shape_rows(form)
        tip = "Each leaf's value (each player's, with players) is a whole number in this range"
        add_row(form, "Leaf values", range_row(self.value_lo, self.value_hi), tip)
        add_row(form, CHANCE_LEVELS_LABEL, self.chance, CHANCE_TIP)
        form.addRow("Players", self.players_box)
        constant = QHBoxLayout()
        constant.addWidget(self.constant_box)
        constant.addWidget(self.sum_box)
        constant.addStretch(1)
        form.addRow("Each leaf's values", constant)
        self.fields.add_seed_row(form)
        form.addRow(self.error)
        buttons, _create = action_buttons(self, "Create")
        buttons.accepted.connect(self.accept)
        form.addRow(buttons)

    def _players_changed(self) -> None:
        """A constant sum belongs to trees of three players or more."""
        players = self.players_box.value() > 2
        self.constant_box.setEnabled(players)
        self.sum_box.setEnabled(players and self.constant_box.isChecked())

    def chance_levels(self) -> list[int]:
        """The chance levels typed; ValueError, saying what is wrong, for anything but
        whole numbers from 1 to the depth minus 1."""
        depth = self.fields.depth_box.value()
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
        seed = self.fields.seed.text().strip()
        if not seed.isprintable():
            raise ValueError("the seed can hold letters, digits and signs, not control characters")
        return seed

    def tree(self) -> CustomTree:
        """The random tree the settings and seed describe. ValueError, saying why, for
        settings the generator refuses."""
        lo, hi = self.fields.branching()
        vlo, vhi = sorted((self.value_lo.value(), self.value_hi.value()))
        seed = self._seed()
        players = self.players_box.value()
        constant = players > 2 and self.constant_box.isChecked()
        name = "random" if players == 2 else f"random, {players} players"
        return random_tree(
            self.fields.depth_box.value(),
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
