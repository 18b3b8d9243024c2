"""The review's search settings, shown and changeable: the algorithm, the depth (or to
the end, where the game has an end in sight) and the evaluation; Review again re-runs."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QCheckBox
from PySide6.QtWidgets import QHBoxLayout
from PySide6.QtWidgets import QLabel
from PySide6.QtWidgets import QPushButton
from PySide6.QtWidgets import QSpinBox
from PySide6.QtWidgets import QWidget

from gamesearch_gui.core.game import Game
from gamesearch_gui.core.review import MOST_FOUND_DEPTH
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.ui.settings_words import algorithm_choices
from gamesearch_gui.ui.settings_words import evaluation_choices
from gamesearch_gui.ui.widgets import ChoiceBox
from gamesearch_gui.ui.widgets import fill_choices

#: The deepest the review's depth box goes (a review searches every position), as deep
#: as a depth the review finds for a game of unknown size.
MOST_DEPTH = MOST_FOUND_DEPTH


class SettingsRow(QWidget):
    """The settings a review runs with; ``rerun`` carries the ones chosen."""

    rerun = Signal(object)

    def __init__(self, game: Game[Any, Any], settings: SearchSettings, ends: bool) -> None:
        """``ends``: the game has an end in sight (so "to the end" may be chosen)."""
        super().__init__()
        self.settings = settings
        self.algorithm_box = ChoiceBox()
        many = len(game.players) > 2
        if many:  # every player's own value, and every move's exact
            choices: tuple[Algorithm, ...] = (Algorithm.MAXN,)
        elif game.has_chance:
            choices = (Algorithm.EXPECTIMINIMAX,)
        else:
            choices = (Algorithm.ALPHABETA, Algorithm.MINIMAX)
        fill_choices(self.algorithm_box, algorithm_choices(choices))
        self.algorithm_box.setCurrentIndex(max(0, self.algorithm_box.findData(settings.algorithm)))
        self.depth_spin = QSpinBox()
        self.depth_spin.setRange(1, MOST_DEPTH)
        self.depth_spin.setValue(min(settings.depth or 4, MOST_DEPTH))
        self.to_end = QCheckBox("to the end")
        self.to_end.setEnabled(ends)
        self.to_end.setChecked(ends and settings.depth is None)
        self.depth_spin.setEnabled(not self.to_end.isChecked())
        self.to_end.toggled.connect(lambda on: self.depth_spin.setEnabled(not on))
        self.evaluation_box = ChoiceBox()
        # Named as the Settings panel names them ("Open lines", not open_lines).
        evaluations = game.cutoff_vector_evaluations() if many else game.cutoff_evaluations()
        fill_choices(self.evaluation_box, evaluation_choices(evaluations, len(game.players)))
        if settings.evaluation is not None:
            self.evaluation_box.setCurrentIndex(
                max(0, self.evaluation_box.findData(settings.evaluation))
            )
        self.again = QPushButton("Review again")
        self.again.setToolTip("Search every position again with these settings")
        self.again.clicked.connect(self._rerun)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        for widget in (
            QLabel("Search:"),
            self.algorithm_box,
            QLabel("depth"),
            self.depth_spin,
            self.to_end,
            QLabel("evaluation"),
            self.evaluation_box,
            self.again,
        ):
            layout.addWidget(widget)
        layout.addStretch(1)

    def show_depth(self, depth: int) -> None:
        """Show ``depth`` (found by the review) as the depth searched to."""
        self.to_end.setChecked(False)
        self.depth_spin.setValue(min(depth, MOST_DEPTH))
        self.settings = replace(self.settings, depth=depth)

    def chosen(self) -> SearchSettings:
        """The settings as the row shows them."""
        depth = None if self.to_end.isChecked() else self.depth_spin.value()
        evaluation = self.evaluation_box.currentData()
        first = self.evaluation_box.itemData(0)
        return replace(
            self.settings,
            algorithm=self.algorithm_box.currentData(),
            depth=depth,
            evaluation=None if evaluation == first else evaluation,
            quiescence=self.settings.quiescence and depth is not None,
        )

    def _rerun(self) -> None:
        self.rerun.emit(self.chosen())
