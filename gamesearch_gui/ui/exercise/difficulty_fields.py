"""A random exercise tree's settings: the difficulty, the shape, the chance levels, the
seed and the size they make, the same in New exercise and in Export a set."""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtCore import Signal
from PySide6.QtWidgets import QComboBox
from PySide6.QtWidgets import QFormLayout
from PySide6.QtWidgets import QLabel

from gamesearch_gui.core.exercises.exercise import CUSTOM
from gamesearch_gui.core.exercises.exercise import DIFFICULTIES
from gamesearch_gui.core.exercises.exercise import Difficulty
from gamesearch_gui.core.exercises.exercise import ExerciseError
from gamesearch_gui.core.exercises.exercise import Task
from gamesearch_gui.core.exercises.exercise import difficulty_name
from gamesearch_gui.ui.tree_fields import CHANCE_COUNT_LABEL
from gamesearch_gui.ui.tree_fields import CHANCE_TIP
from gamesearch_gui.ui.tree_fields import EXERCISE_LIMITS
from gamesearch_gui.ui.tree_fields import TreeShapeFields
from gamesearch_gui.ui.tree_fields import add_row
from gamesearch_gui.ui.tree_fields import chance_count_box
from gamesearch_gui.ui.widgets import ERROR_COLOUR

DIFFICULTY_TIP = "; ".join(
    f"{name}: depth {d.depth}, {d.branching[0]} to {d.branching[1]} children"
    for name, d in DIFFICULTIES.items()
) + (". Changing the depth or the children per node makes it Custom.")


class DifficultyFields(QObject):
    """The exercise tree's fields; ``changed`` whenever the difficulty they give changes."""

    changed = Signal()

    def __init__(self, size_of: str = "A tree") -> None:
        """``size_of`` begins the size line: "A tree" (of 15 to 40 nodes), or "Each tree"
        where the fields make a set."""
        super().__init__()
        self._size_of = size_of
        self.difficulty = QComboBox()
        self.difficulty.addItems([*DIFFICULTIES, CUSTOM])
        self.shape = TreeShapeFields(EXERCISE_LIMITS)
        self.chance = chance_count_box()
        self.size_label = QLabel()
        self.size_label.setObjectName("exerciseSize")
        self._presetting = False
        self.difficulty.currentTextChanged.connect(self._preset)
        for box in (self.shape.depth_box, self.shape.branch_lo, self.shape.branch_hi):
            box.valueChanged.connect(self._shape_edited)
        self.chance.valueChanged.connect(self._refresh)
        self.difficulty.setCurrentText("Medium")
        self._preset("Medium")

    def add_rows(self, form: QFormLayout) -> None:
        """Difficulty, depth, children per node, chance levels, seed, and the size."""
        add_row(form, "Difficulty", self.difficulty, DIFFICULTY_TIP)
        self.shape.add_shape_rows(form)
        add_row(form, CHANCE_COUNT_LABEL, self.chance, CHANCE_TIP)
        self.shape.add_seed_row(form)
        form.addRow(self.size_label)

    def value(self) -> Difficulty:
        """The difficulty the fields describe."""
        depth = self.shape.depth_box.value()
        lo, hi = self.shape.branching()
        count = self.chance.value()
        share = count / (depth - 1) if count and depth > 1 else 0.0
        return Difficulty(depth, (lo, max(hi, 2)), share)

    def follow_task(self, task: Task) -> None:
        """Chance levels as ``task`` needs them: some for expectiminimax and Star1, none
        for the others."""
        if task.chance and not self.chance.value():
            self.chance.setValue(1)
        elif not task.chance and self.chance.value():
            self.chance.setValue(0)

    def _preset(self, name: str) -> None:
        preset = DIFFICULTIES.get(name)
        if preset is None:
            return
        self._presetting = True
        self.shape.depth_box.setValue(preset.depth)
        self.shape.branch_lo.setValue(preset.branching[0])
        self.shape.branch_hi.setValue(preset.branching[1])
        self._presetting = False
        self._shape_edited()

    def _shape_edited(self) -> None:
        self.chance.setMaximum(max(0, self.shape.depth_box.value() - 1))
        if not self._presetting:
            self.difficulty.blockSignals(True)
            self.difficulty.setCurrentText(difficulty_name(self.value()))
            self.difficulty.blockSignals(False)
            self._refresh()

    def _refresh(self) -> None:
        difficulty = self.value()
        try:
            difficulty.check()
            lo, hi = difficulty.branching
            fewest = sum(lo**level for level in range(difficulty.depth + 1))
            most = sum(hi**level for level in range(difficulty.depth + 1))
            size = f"{fewest} to {most} nodes" if fewest != most else f"{most} nodes"
            self.size_label.setText(f"{self._size_of} of {size}.")
        except ExerciseError as error:
            self.size_label.setText(f"<span style='color:{ERROR_COLOUR}'>{error}.</span>")
        self.changed.emit()
