"""The settings panel's Level picker: the AI's named strengths (``core/levels.py``) and
the seed of their slips, as two rows of the panel's form.

Picking a level tells the panel (``picked``), which sets that level's search and shows
it; the panel shows Custom again when a person changes a setting by hand.
"""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtCore import Qt
from PySide6.QtCore import Signal
from PySide6.QtGui import QStandardItemModel
from PySide6.QtWidgets import QFormLayout
from PySide6.QtWidgets import QSpinBox

from gamesearch_gui.core.levels import CUSTOM
from gamesearch_gui.core.levels import LEVELS
from gamesearch_gui.core.levels import GameLevel
from gamesearch_gui.core.levels import GameLevels
from gamesearch_gui.core.levels import describe
from gamesearch_gui.ui.play_config import SEED_RANGE
from gamesearch_gui.ui.widgets import ChoiceBox

#: The tip of Custom, the level that is none.
CUSTOM_TIP = "Your own settings, below: change any of them"


class LevelPicker(QObject):
    """The Level box (Custom, then Beginner to Perfect) and the Slip seed box."""

    #: A level, or a seed, was chosen by hand (read ``level`` and ``seed``).
    picked = Signal()
    #: The level shown now (a level's id, or CUSTOM), however it came to be shown.
    shown = Signal(str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.box = ChoiceBox()
        self.box.addItem("Custom", CUSTOM)
        for level in LEVELS:
            self.box.addItem(level.title, level.id)
        self.seed_spin = QSpinBox()
        self.seed_spin.setRange(*SEED_RANGE)
        self.seed_spin.setToolTip(
            "Where the level's slips (and, at a level, the die) come from: the same seed "
            "and the same moves replay the same game"
        )
        self._form: QFormLayout | None = None
        self._levels: GameLevels | None = None
        self._showing = False
        self.box.currentIndexChanged.connect(self._edited)
        self.seed_spin.valueChanged.connect(self._edited)

    def add_rows(self, form: QFormLayout) -> None:
        """Add the two rows to ``form`` (the seed's shows at a level that slips)."""
        form.addRow("Level", self.box)
        form.addRow("Slip seed", self.seed_spin)
        self._form = form

    @property
    def level(self) -> str:
        """The level chosen: a level's id, or CUSTOM."""
        return str(self.box.currentData())

    @property
    def seed(self) -> int:
        return self.seed_spin.value()

    @property
    def levels(self) -> GameLevels | None:
        """The levels of the game shown (None: it has none)."""
        return self._levels

    def chosen(self) -> GameLevel | None:
        """The chosen level as the game shown plays it (None: Custom)."""
        return self._levels.find(self.level) if self._levels is not None else None

    def choose(self, level: str) -> None:
        """Choose ``level`` as a person would (Game > AI level)."""
        self.box.setCurrentIndex(max(self.box.findData(level), 0))

    def show(self, level: str, seed: int, levels: GameLevels | None) -> None:
        """Show ``level`` and ``seed`` for a game with ``levels`` (None: it has none, so
        only Custom), without telling anyone."""
        self._levels = levels
        self._showing = True
        try:
            for index in range(1, self.box.count()):
                found = levels.find(self.box.itemData(index)) if levels else None
                tip = "" if found is None else describe(found)
                if found is not None and levels is not None and found.level.id == "perfect":
                    tip += f": {levels.perfect}"
                self.box.setItemData(index, tip, Qt.ItemDataRole.ToolTipRole)
                self._enable(index, found is not None)
            self.box.setItemData(0, CUSTOM_TIP, Qt.ItemDataRole.ToolTipRole)
            self.box.setCurrentIndex(max(self.box.findData(level), 0))
            self.seed_spin.setValue(seed)
        finally:
            self._showing = False
        chosen = self.chosen()
        self.box.setToolTip(CUSTOM_TIP if chosen is None else describe(chosen))
        if self._form is not None:
            self._form.setRowVisible(self.seed_spin, chosen is not None and chosen.slip > 0)
        self.shown.emit(self.level)

    def note(self) -> str:
        """The chosen level in a sentence, for the note under the settings ("" at Custom)."""
        chosen = self.chosen()
        if chosen is None:
            return ""
        text = f"{chosen.level.title}: {chosen.level.blurb}"
        if chosen.slip:
            text += f" (about {chosen.slip:.0%} of its moves, seed {self.seed})"
        elif chosen.level.id == "perfect" and self._levels is not None:
            text += f"; {self._levels.perfect}"
        return text + ". "

    def _enable(self, index: int, enabled: bool) -> None:
        """Offer the level at ``index`` or grey it out (a game with no such level)."""
        model = self.box.model()
        if isinstance(model, QStandardItemModel):  # a QComboBox's own model is one
            model.item(index).setEnabled(enabled)

    def _edited(self) -> None:
        if not self._showing:
            self.picked.emit()
