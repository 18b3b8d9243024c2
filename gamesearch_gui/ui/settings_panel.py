"""The settings panel: which game, who plays, and how the AI searches.

Changing the game, its options or the seats starts a new game; changing how the AI
searches takes effect at the AI's next move. Each game keeps its own search settings.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QCheckBox
from PySide6.QtWidgets import QComboBox
from PySide6.QtWidgets import QDoubleSpinBox
from PySide6.QtWidgets import QFormLayout
from PySide6.QtWidgets import QGroupBox
from PySide6.QtWidgets import QHBoxLayout
from PySide6.QtWidgets import QLabel
from PySide6.QtWidgets import QSpinBox
from PySide6.QtWidgets import QVBoxLayout
from PySide6.QtWidgets import QWidget

from gamesearch_gui.core.game import Game
from gamesearch_gui.core.games import GameOption
from gamesearch_gui.core.games import game_specs
from gamesearch_gui.core.levels import CUSTOM
from gamesearch_gui.core.levels import game_levels
from gamesearch_gui.core.levels import level_for
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import Ordering
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search.mcts import DEFAULT_EXPLORATION
from gamesearch_gui.ui.level_picker import LevelPicker
from gamesearch_gui.ui.play_config import DEFAULT_ITERATIONS
from gamesearch_gui.ui.play_config import DEPTH_RANGE
from gamesearch_gui.ui.play_config import EXPLORATION_RANGE
from gamesearch_gui.ui.play_config import ITERATIONS_RANGE
from gamesearch_gui.ui.play_config import SEED_RANGE
from gamesearch_gui.ui.play_config import TIME_BUDGET_RANGE
from gamesearch_gui.ui.play_config import PlayConfig
from gamesearch_gui.ui.play_config import Seats
from gamesearch_gui.ui.play_config import algorithms_for
from gamesearch_gui.ui.play_config import file_game_search
from gamesearch_gui.ui.play_config import fit_search
from gamesearch_gui.ui.play_config import mcts_search
from gamesearch_gui.ui.play_config import quiescence_fits
from gamesearch_gui.ui.settings_words import QUIESCENCE_TIP
from gamesearch_gui.ui.settings_words import TIME_BUDGET_TIP
from gamesearch_gui.ui.settings_words import algorithm_choices
from gamesearch_gui.ui.settings_words import evaluation_choices
from gamesearch_gui.ui.settings_words import search_note
from gamesearch_gui.ui.settings_words import seat_choices
from gamesearch_gui.ui.widgets import ChoiceBox
from gamesearch_gui.ui.widgets import equal_values_box
from gamesearch_gui.ui.widgets import fail_hard_box
from gamesearch_gui.ui.widgets import fill_choices

#: The game box's entry for a user's game file (the built-in games' are their names).
FILE_ITEM = "<file>"
#: Characters a choice box is sized for (longer choices show in full when it opens).
COMBO_CHARS = 16

#: What a seat of a game of more than two players is played by.
SEAT_CHOICES = (("Person", True), ("AI", False))


class SettingsPanel(QWidget):
    """Edits a PlayConfig; tells the window what changed."""

    #: The game, its options or the seats changed: start a new game with this config.
    newGameRequested = Signal(object)
    #: Only the AI's search changed: use this config from the AI's next move.
    searchChanged = Signal(object)

    def __init__(self, config: PlayConfig | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._updating = False
        self._quiescence_applies = False
        self._quiescence_stands_pat = False
        self._constant_sum = False
        self._searches: dict[str, SearchSettings] = {}
        self._config = config or PlayConfig()
        self._file_game: Game[Any, Any] | None = None
        self._file_search: SearchSettings | None = None
        self._make_game_boxes()
        self._make_search_boxes()
        self._make_mcts_boxes()
        self._lay_out()
        self._connect_edits()
        self.set_config(self._config)

    def _make_game_boxes(self) -> None:
        """The game box, each game's options, and the seats (two sides, or one box a seat)."""
        self.game_box = ChoiceBox()
        #: Each game's options: the game's name, the option, its label and its spin box.
        self._options: list[tuple[str, GameOption, QLabel, QSpinBox]] = []
        for spec in game_specs():
            self.game_box.addItem(spec.title, spec.name)
            for option in spec.options:
                spin = QSpinBox()
                spin.setRange(option.low, option.high)
                spin.setValue(option.default)
                spin.setToolTip(option.help[:1].upper() + option.help[1:])
                self._options.append((spec.name, option, QLabel(option.label), spin))
        #: The spin box of each game option, by the option's key (``pig_target``).
        self.option_spins = {option.key: spin for _, option, _, spin in self._options}
        self.seats_box = ChoiceBox()
        #: Games of more than two players: one Person/AI choice per seat, by game name.
        self.seat_boxes: dict[str, list[QComboBox]] = {}
        self._seat_labels: dict[str, list[QLabel]] = {}
        for spec in game_specs():
            if len(spec.side_names) == 2:
                continue
            boxes = []
            for side in spec.side_names:
                box = QComboBox()
                for text, human in SEAT_CHOICES:
                    box.addItem(text, human)
                box.setToolTip(f"Who plays {side}: a person (at this computer) or the AI")
                boxes.append(box)
            self.seat_boxes[spec.name] = boxes
            self._seat_labels[spec.name] = [QLabel(f"{side} is") for side in spec.side_names]

    def _make_search_boxes(self) -> None:
        """The boxes of the depth-limited searches: algorithm, depth, evaluation, ordering."""
        self.level = LevelPicker(self)  # Custom, or Beginner to Perfect
        self.algorithm_box = ChoiceBox()
        self.fail_hard = fail_hard_box()
        self.equal_values = equal_values_box()
        self.full_depth = QCheckBox("Search to the end of the game")
        self.depth_spin = QSpinBox()
        self.depth_spin.setRange(*DEPTH_RANGE)
        self.depth_spin.setSuffix(" plies")
        self.shallow_box = QCheckBox("Shallow pruning")
        self.shallow_box.setToolTip(
            "Cut a node's other moves once its player's share leaves the player above too "
            "little to choose it: possible when the payoffs add up to a constant"
        )
        self.quiescence_box = QCheckBox("Quiescence search")
        self.quiescence_box.setToolTip(QUIESCENCE_TIP)
        self.evaluation_box = ChoiceBox()
        self.evaluation_box.setToolTip("What the AI guesses at the depth cutoff")
        self.ordering_box = ChoiceBox()
        for ordering in Ordering:
            self.ordering_box.addItem(ordering.title, ordering)
        for box in (
            self.game_box,
            self.seats_box,
            self.level.box,
            self.algorithm_box,
            self.evaluation_box,
            self.ordering_box,
        ):
            # As narrow as a short choice: a long one is elided, and the column of docks
            # beside the board and the tree stays narrow.
            box.setSizeAdjustPolicy(
                QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
            )
            box.setMinimumContentsLength(COMBO_CHARS)
        self.tt_box = QCheckBox("Transposition table")
        self.tt_box.setToolTip("Remember positions already searched, reached by other move orders")
        self.timed = QCheckBox("Time limit (iterative deepening)")
        self.time_budget = QDoubleSpinBox()
        self.time_budget.setRange(*TIME_BUDGET_RANGE)
        self.time_budget.setSingleStep(0.5)
        self.time_budget.setSuffix(" s")
        self.time_budget.setValue(2.0)
        for widget in (self.timed, self.time_budget):
            widget.setToolTip(TIME_BUDGET_TIP)

    def _make_mcts_boxes(self) -> None:
        """Monte Carlo tree search's own settings, shown only when it is chosen."""
        self.iterations_spin, self.exploration_spin, self.seed_spin = mcts_spins()

    def _lay_out(self) -> None:
        """The Game group, then the AI search group with its note under the form."""
        game_group = QGroupBox("Game")
        game_form = QFormLayout(game_group)
        game_form.addRow("Game", self.game_box)
        game_form.addRow("You play", self.seats_box)
        self._game_form = game_form
        for name, boxes in self.seat_boxes.items():
            for label, box in zip(self._seat_labels[name], boxes, strict=True):
                game_form.addRow(label, box)
        for _, _, label, spin in self._options:
            game_form.addRow(label, spin)

        ai_group = QGroupBox("AI search")
        ai_column = QVBoxLayout(ai_group)  # the form, then the note under it
        ai_form = QFormLayout()
        ai_column.addLayout(ai_form)
        self.level.add_rows(ai_form)
        rows: tuple[tuple[str, QWidget], ...] = (
            ("Algorithm", self.algorithm_box),
            ("", self.fail_hard),
            ("", self.equal_values),
            ("", self.shallow_box),
            ("Depth limit", self.depth_spin),
            ("", self.full_depth),
            ("", self.quiescence_box),
            ("Evaluation", self.evaluation_box),
            ("Move ordering", self.ordering_box),
            ("", self.tt_box),
            ("Iterations", self.iterations_spin),
            ("Exploration C", self.exploration_spin),
            ("Random seed", self.seed_spin),
        )
        for text, widget in rows:
            ai_form.addRow(text, widget)
        self._ai_form = ai_form
        time_row = QHBoxLayout()
        time_row.addWidget(self.timed)
        time_row.addWidget(self.time_budget)
        ai_form.addRow(time_row)  # across both columns: the row is long
        self.note = QLabel("Changes apply from the AI's next move.")
        self.note.setWordWrap(True)
        self.note.setStyleSheet("color: palette(placeholder-text);")
        # Not a row of the form: a form gives a wrapped label the height of its first
        # text, and cut the three lines of a timed search's note.
        ai_column.addWidget(self.note)

        layout = QVBoxLayout(self)
        layout.addWidget(game_group)
        layout.addWidget(ai_group)
        layout.addStretch(1)

    def _connect_edits(self) -> None:
        """A change of the game or seats asks for a new game; one of the search, for the
        AI's next move."""
        for box in (self.game_box, self.seats_box):
            box.currentIndexChanged.connect(self._game_edited)
        for spin in self.option_spins.values():
            spin.valueChanged.connect(self._game_edited)
        for boxes in self.seat_boxes.values():
            for seat in boxes:
                seat.currentIndexChanged.connect(self._game_edited)
        for box in (self.algorithm_box, self.evaluation_box, self.ordering_box):
            box.currentIndexChanged.connect(self._search_edited)
        self.level.picked.connect(self._level_picked)
        for spin in (self.depth_spin, self.iterations_spin, self.seed_spin):
            spin.valueChanged.connect(self._search_edited)
        self.exploration_spin.valueChanged.connect(self._search_edited)
        self.time_budget.valueChanged.connect(self._search_edited)
        for check in (
            self.full_depth,
            self.quiescence_box,
            self.tt_box,
            self.timed,
            self.fail_hard,
            self.equal_values,
            self.shallow_box,
        ):
            check.toggled.connect(self._search_edited)

    # -- reading and writing -----------------------------------------------------------

    @property
    def config(self) -> PlayConfig:
        """The configuration the panel shows: with a user's game file shown, the seats
        chosen and the file's search (``game`` still names the built-in game, which a
        user's file does not replace in what is stored)."""
        if self._file_search is not None:
            return replace(self._config, search=self._file_search)
        return self._config

    def remembered_searches(self) -> dict[str, SearchSettings]:
        """Each built-in game's search settings as last set (for QSettings)."""
        return {**self._searches, self._config.game: self._config.search}

    def remember_search(self, game: str, search: SearchSettings) -> None:
        """Use ``search`` the next time ``game`` is chosen."""
        self._searches[game] = search

    def set_config(self, config: PlayConfig) -> None:
        """Show ``config`` (made valid for its game) without emitting signals; a user's
        game file shown before gives way to it."""
        game = config.make_game()
        config = replace(config, search=fit_search(game, config.game, config.search))
        self._config = config
        self._searches[config.game] = config.search
        self._updating = True
        try:
            self._forget_file_item()
            self.game_box.setCurrentIndex(self.game_box.findData(config.game))
            spec = config.spec
            self._show_seats(spec.side_names[:2], config.seats)
            self._game_form.setRowVisible(self.seats_box, config.seat_count == 2)
            for name, boxes in self.seat_boxes.items():
                for seat, box in enumerate(boxes):
                    box.setCurrentIndex(box.findData(config.is_human(seat)))
                    self._game_form.setRowVisible(box, name == config.game)
            for name, option, label, spin in self._options:
                spin.setValue(config.option(option))
                label.setVisible(name == config.game)
                spin.setVisible(name == config.game)
            self.level.show(config.level, config.level_seed, game_levels(config.game))
            self._show_search(
                game, config.search, spec.searchable_to_end, spec.default_search.depth
            )
        finally:
            self._updating = False

    @property
    def file_game(self) -> Game[Any, Any] | None:
        """The user's game file the panel shows as the game played (None: a built-in one)."""
        return self._file_game

    def show_file_game(self, game: Game[Any, Any], title: str, sides: tuple[str, ...]) -> None:
        """Show a user's game file (or an OpenSpiel game) as the game played, without
        emitting signals: ``title`` in the game box, its ``sides`` in the seats, the
        algorithms and evaluations it has, and the search its AI uses (a time limit: its
        size is unknown). The built-in game's settings are kept for when it is chosen again."""
        self._updating = True
        try:
            self._forget_file_item()
            self._file_game = game
            self.game_box.addItem(title, FILE_ITEM)
            self.game_box.setCurrentIndex(self.game_box.count() - 1)
            self._show_seats(sides, self._config.seats)
            self._game_form.setRowVisible(self.seats_box, True)
            for boxes in self.seat_boxes.values():
                for box in boxes:
                    self._game_form.setRowVisible(box, False)
            for _, _, label, spin in self._options:
                label.setVisible(False)
                spin.setVisible(False)
            self._show_file_level(game, file_game_search(game))
        finally:
            self._updating = False

    def _show_file_level(self, game: Game[Any, Any], search: SearchSettings) -> None:
        """Show the user's game file searched with ``search``, or at a level with its
        search."""
        found = level_for(game, None, self._config.level)
        self._file_search = fit_search(game, None, found.search if found else search)
        self._config = replace(self._config, level=found.level.id if found else CUSTOM)
        levels = game_levels(None, game.has_chance, len(game.players))
        self.level.show(self._config.level, self._config.level_seed, levels)
        self._show_search(game, self._file_search, True, None)

    def _forget_file_item(self) -> None:
        index = self.game_box.findData(FILE_ITEM)
        if index >= 0:
            self.game_box.removeItem(index)
        if self._file_game is not None:
            self._file_game = None
            self._file_search = None

    def _show_seats(self, sides: tuple[str, ...], seats: Seats) -> None:
        self.seats_box.clear()
        for text, choice in seat_choices(sides):
            self.seats_box.addItem(text, choice)
        self.seats_box.setCurrentIndex(self.seats_box.findData(seats))

    def _show_search(
        self,
        game: Game[Any, Any],
        search: SearchSettings,
        small: bool,
        default_depth: int | None,
    ) -> None:
        """Show ``search`` for ``game``; ``small`` when a search to its end may be asked
        for, ``default_depth`` the depth the spin box offers when ``search`` has none."""
        choices = algorithms_for(game)
        fill_choices(self.algorithm_box, algorithm_choices(choices))
        self.algorithm_box.setCurrentIndex(self.algorithm_box.findData(search.algorithm))
        self.fail_hard.setChecked(search.fail_hard)
        self.fail_hard.setEnabled(
            search.algorithm is Algorithm.ALPHABETA and not search.strict_pruning
        )
        self.equal_values.setChecked(not search.strict_pruning)
        self.equal_values.setEnabled(search.algorithm.prunes)
        self._constant_sum = game.utility_sum() is not None
        self.shallow_box.setChecked(search.shallow_pruning)
        self.shallow_box.setEnabled(search.algorithm is Algorithm.MAXN and self._constant_sum)
        self.full_depth.setEnabled(small)
        self.full_depth.setChecked(search.depth is None and small)
        self.depth_spin.setValue(search.depth or default_depth or 9)
        self.depth_spin.setEnabled(not self.full_depth.isChecked())
        self.quiescence_box.setChecked(search.quiescence)
        vectors = len(game.players) != 2
        evaluations = game.cutoff_vector_evaluations() if vectors else game.cutoff_evaluations()
        fill_choices(self.evaluation_box, evaluation_choices(evaluations, len(game.players)))
        own = game.vector_evaluations() if vectors else game.evaluations()
        chosen = search.evaluation or next(iter(own), None)
        self.evaluation_box.setCurrentIndex(max(self.evaluation_box.findData(chosen), 0))
        self.ordering_box.setCurrentIndex(self.ordering_box.findData(search.ordering))
        self.tt_box.setChecked(search.transposition_table)
        self.timed.setChecked(search.time_budget is not None)
        if search.time_budget is not None:
            self.time_budget.setValue(search.time_budget)
        self.time_budget.setEnabled(self.timed.isChecked())
        if search.algorithm is Algorithm.MCTS:
            self.iterations_spin.setValue(search.iterations or 0)
            self.exploration_spin.setValue(search.exploration)
            self.seed_spin.setValue(search.seed)
        self._show_rows(search.algorithm)
        self._quiescence_applies = game.has_quiescence
        self._quiescence_stands_pat = game.quiescence_stands_pat
        self._enable_quiescence(game.has_quiescence)
        self._explain()

    # -- edits -------------------------------------------------------------------------

    def _game_edited(self) -> None:
        if self._updating:
            return
        name = self.game_box.currentData()
        seats = self.seats_box.currentData() or self._config.seats
        if name == FILE_ITEM:  # only the seats of the user's game changed
            self._config = replace(self._config, seats=seats)
            self.newGameRequested.emit(self.config)
            return
        if name != self._config.game:
            self._searches[self._config.game] = self._config.search
            config = self._config.with_game(name, self._searches.get(name))
        else:
            config = self._config
        boxes = self.seat_boxes.get(config.game)
        humans = config.humans
        if boxes and name == self._config.game:
            humans = tuple(bool(box.currentData()) for box in boxes)
        config = replace(
            config,
            seats=seats,
            humans=humans,
            options={option.key: spin.value() for _, option, _, spin in self._options},
        )
        self.set_config(config)
        self.newGameRequested.emit(self._config)

    def _search_edited(self) -> None:
        if self._updating:
            return
        self.depth_spin.setEnabled(not self.full_depth.isChecked())
        self.time_budget.setEnabled(self.timed.isChecked())
        self._enable_quiescence(self._quiescence_applies)
        depth = None if self.full_depth.isChecked() else self.depth_spin.value()
        algorithm = self.algorithm_box.currentData()
        self._show_rows(algorithm)
        if algorithm is Algorithm.MCTS:
            spins = (self.iterations_spin, self.exploration_spin, self.seed_spin)
            self._set_search(read_mcts(*spins, self.timed, self.time_budget))
            return
        strict = read_strict(self.equal_values, algorithm)
        if algorithm.handles_players:
            shallow = algorithm is Algorithm.MAXN and self._constant_sum
            self.shallow_box.setEnabled(shallow)
            self._set_search(
                SearchSettings(
                    algorithm=algorithm,
                    depth=depth,
                    evaluation=self.evaluation_box.currentData(),
                    shallow_pruning=shallow and self.shallow_box.isChecked(),
                    strict_pruning=strict,
                    transposition_table=self.tt_box.isChecked(),
                    time_budget=self.time_budget.value() if self.timed.isChecked() else None,
                )
            )
            return
        alphabeta = algorithm is Algorithm.ALPHABETA
        self.fail_hard.setEnabled(alphabeta and not strict)
        if not alphabeta or strict:  # not left ticked beside a search it does not apply to
            _check_quietly(self.fail_hard, False)
        search = SearchSettings(
            algorithm=algorithm,
            fail_hard=self.fail_hard.isChecked(),  # unticked above where it does not apply
            strict_pruning=strict,
            depth=depth,
            evaluation=self.evaluation_box.currentData(),
            ordering=self.ordering_box.currentData(),
            transposition_table=self.tt_box.isChecked(),
            time_budget=self.time_budget.value() if self.timed.isChecked() else None,
            quiescence=self.quiescence_box.isEnabled() and self.quiescence_box.isChecked(),
        )
        self._set_search(search)

    def _level_picked(self) -> None:
        """A level or its seed was chosen: the level's search, shown (Custom keeps the
        search as it is, free to change)."""
        config = replace(self._config, level=self.level.level, level_seed=self.level.seed)
        if self._file_game is None:
            self.set_config(config.with_level(config.level))
        else:
            self._config, self._updating = config, True
            try:
                self._show_file_level(self._file_game, self._file_search or self.config.search)
            finally:
                self._updating = False
        self.searchChanged.emit(self.config)

    def set_equal_values(self, checked: bool) -> None:
        """Prune on equal values (the textbook's rule), or by the strict rule, as if the
        box were clicked (Game > Prune on equal values)."""
        self.equal_values.setChecked(checked)

    def _set_search(self, search: SearchSettings) -> None:
        """A setting changed by hand: the search as shown, at no level (Custom)."""
        self._config = replace(self._config, level=CUSTOM)
        self.level.show(CUSTOM, self._config.level_seed, self.level.levels)
        if self._file_game is not None:
            search = fit_search(self._file_game, None, search)
            if search.time_budget is not None and not self.timed.isChecked():
                # A search of a user's game with no depth limit always has a time limit.
                _check_quietly(self.timed, True)
                self.time_budget.setValue(search.time_budget)
                self.time_budget.setEnabled(True)
            self._file_search = search
        else:
            self._config = replace(self._config, search=search)
            self._searches[self._config.game] = search
        self._explain()
        self.searchChanged.emit(self.config)

    def _show_rows(self, algorithm: Algorithm) -> None:
        """Show the settings that apply to ``algorithm``: MCTS's, or the depth-limited
        searches' (MCTS plays every playout to the end of the game)."""
        mcts = algorithm is Algorithm.MCTS
        vectors = algorithm.handles_players
        self._ai_form.setRowVisible(self.equal_values, not mcts)
        mcts_rows: tuple[QWidget, ...] = (
            self.iterations_spin,
            self.exploration_spin,
            self.seed_spin,
        )
        for widget in mcts_rows:
            self._ai_form.setRowVisible(widget, mcts)
        for widget in (self.depth_spin, self.full_depth, self.evaluation_box):
            self._ai_form.setRowVisible(widget, not mcts)
        # Max^n and the paranoid search take a depth, an evaluation, a time limit and a
        # table, no more.
        two_player_rows: tuple[QWidget, ...] = (
            self.fail_hard,
            self.quiescence_box,
            self.ordering_box,
        )
        for widget in two_player_rows:
            self._ai_form.setRowVisible(widget, not mcts and not vectors)
        self._ai_form.setRowVisible(self.tt_box, not mcts)
        self._ai_form.setRowVisible(self.shallow_box, algorithm is Algorithm.MAXN)
        self.timed.setText("Time limit" if mcts else "Time limit (iterative deepening)")

    def _enable_quiescence(self, applies: bool) -> None:
        """Quiescence extends a depth limit, in the games that say what is quiet; where a
        side may stand pat (chess), only with alpha-beta (:func:`quiescence_fits`)."""
        limited = not self.full_depth.isChecked() or self.timed.isChecked()
        algorithm = self.algorithm_box.currentData()
        fits = algorithm is None or quiescence_fits(self._quiescence_stands_pat, algorithm)
        self.quiescence_box.setEnabled(applies and limited and fits)
        self.quiescence_box.setToolTip(
            QUIESCENCE_TIP
            if fits
            else "Chess's capture search follows every capture 10 plies on: without "
            "alpha-beta's pruning that is millions of positions. Choose alpha-beta for it."
        )

    def _explain(self) -> None:
        search = search_note(self.config.search, self._file_game is not None)
        self.note.setText(self.level.note() + search)


def mcts_spins() -> tuple[QSpinBox, QDoubleSpinBox, QSpinBox]:
    """MCTS's iterations, exploration constant C and random seed, each a spin box with
    its range, default and tip."""
    iterations = QSpinBox()
    iterations.setRange(0, ITERATIONS_RANGE[1])
    iterations.setSingleStep(500)
    iterations.setGroupSeparatorShown(True)
    iterations.setSpecialValueText("No limit (time only)")
    iterations.setValue(DEFAULT_ITERATIONS)
    iterations.setToolTip(
        "How many times MCTS selects, expands, plays out and backs up before it moves; "
        "with a time limit too, it stops at whichever comes first"
    )
    exploration = QDoubleSpinBox()
    exploration.setRange(*EXPLORATION_RANGE)
    exploration.setSingleStep(0.1)
    exploration.setDecimals(2)
    exploration.setValue(DEFAULT_EXPLORATION)
    exploration.setToolTip(
        "UCB1's constant C: higher tries the less visited moves more often, 0 only "
        "follows the best win rate (√2 ≈ 1.41 is the textbook's)"
    )
    seed = QSpinBox()
    seed.setRange(*SEED_RANGE)
    seed.setToolTip(
        "The random numbers' seed: the same seed plays the same moves in the same position"
    )
    return iterations, exploration, seed


def read_strict(equal_values: QCheckBox, algorithm: Algorithm) -> bool:
    """Whether the strict pruning rule is chosen: "prune on equal values" unchecked under
    a search that prunes (under the others the rule is off, and the box shows the default)."""
    equal_values.setEnabled(algorithm.prunes)
    if not algorithm.prunes:
        _check_quietly(equal_values, True)
    return algorithm.prunes and not equal_values.isChecked()


def read_mcts(
    iterations: QSpinBox,
    exploration: QDoubleSpinBox,
    seed: QSpinBox,
    timed: QCheckBox,
    budget: QDoubleSpinBox,
) -> SearchSettings:
    """MCTS's settings as the panel's boxes show them; a time limit of its own when the
    iterations say "no limit" and none was set."""
    if not iterations.value() and not timed.isChecked():
        _check_quietly(timed, True)
        budget.setEnabled(True)
    constant = exploration.value()
    if constant == round(DEFAULT_EXPLORATION, exploration.decimals()):
        constant = DEFAULT_EXPLORATION  # the box shows √2 as 1.41: keep √2 itself
    return mcts_search(
        iterations.value() or None,
        budget.value() if timed.isChecked() else None,
        constant,
        seed.value(),
    )


def _check_quietly(box: QCheckBox, checked: bool) -> None:
    """Tick or clear ``box`` without telling its listeners (the panel's own correction)."""
    box.blockSignals(True)
    box.setChecked(checked)
    box.blockSignals(False)
