"""Solving the drawn tree: the Solve row's choices, the search, and its result.

:class:`TreeSolver` owns the row above the drawing (which search, fail-hard, cutoff depth,
move ordering, Solve, Back to the drawing) and the result line under it. It offers the
searches that fit the tree (minimax and alpha-beta; expectiminimax and Star1 with
chance; max^n, paranoid and shallow pruning with players), runs the chosen one on the
editor's search thread, shows its recording in a :class:`TreePage` in the
drawing's place, and says the value, best move and line when it ends.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from PySide6.QtCore import QObject
from PySide6.QtCore import Qt
from PySide6.QtCore import Signal
from PySide6.QtWidgets import QCheckBox
from PySide6.QtWidgets import QComboBox
from PySide6.QtWidgets import QHBoxLayout
from PySide6.QtWidgets import QLabel
from PySide6.QtWidgets import QPushButton
from PySide6.QtWidgets import QSizePolicy
from PySide6.QtWidgets import QSpinBox

from gamesearch_gui.core.game import GameError
from gamesearch_gui.core.guarantee import guarantee
from gamesearch_gui.core.numbers import format_number
from gamesearch_gui.core.recording.depth_first import SearchRecording
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import Ordering
from gamesearch_gui.core.search import SearchResult
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search.maxn import vector_text
from gamesearch_gui.core.text import clip
from gamesearch_gui.core.trees import edit as tree_edit
from gamesearch_gui.core.trees.tree import CustomTree
from gamesearch_gui.core.trees.tree import TreeGame
from gamesearch_gui.core.trees.tree import move_names
from gamesearch_gui.ui.editor.host import EditorHost
from gamesearch_gui.ui.purpose import Purpose
from gamesearch_gui.ui.recorded_search import RecordedSearch
from gamesearch_gui.ui.recorded_search import show_node_labels
from gamesearch_gui.ui.settings_words import algorithm_choices
from gamesearch_gui.ui.stats_panel import exact_note
from gamesearch_gui.ui.tree.page import TreePage
from gamesearch_gui.ui.widgets import connect_plain
from gamesearch_gui.ui.widgets import equal_values_box
from gamesearch_gui.ui.widgets import fail_hard_box
from gamesearch_gui.ui.widgets import fill_choices
from gamesearch_gui.ui.worker import SearchController
from gamesearch_gui.ui.worker import SearchRequest

#: The algorithm box's entry for max^n with shallow pruning (its data).
SHALLOW = "maxn-shallow"


class TreeSolver(QObject):
    """Choose a search, solve the editor's tree with it, and show the search."""

    #: A solve finished: its request and result.
    solved = Signal(object, object)

    def __init__(self, editor: EditorHost, controller: SearchController, parent: QObject) -> None:
        super().__init__(parent)
        self.editor = editor
        self.solution: SearchRecording | None = None
        self.result: SearchResult | None = None
        self.solution_panel = TreePage()
        self.searches = RecordedSearch(controller, self.solution_panel, self)
        self.searches.finished.connect(self._search_finished)
        self.searches.failed.connect(self._search_failed)

    def make_controls(self) -> QHBoxLayout:
        """Make the Solve row's widgets and the result line; the row's layout."""
        self.algorithm = QComboBox()
        self.algorithm.setToolTip("The search that solves the tree")
        self.algorithm.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        # Never narrower than its longest name: a squeezed row (1280 px, once "Back to the
        # drawing" joins it) cut "Alpha-beta" to "Alpha-be".
        self.algorithm.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.depth_box = QSpinBox()
        self.depth_box.setRange(0, 200)
        self.depth_box.setSpecialValueText("no cutoff")
        self.depth_box.setPrefix("depth ")
        self.depth_box.setToolTip(
            "Stop this many moves down and use the nodes' evals there (no cutoff: search to "
            "the leaves)"
        )
        self.fail_hard = fail_hard_box()
        self.equal_values = equal_values_box()
        self.equal_values.toggled.connect(self._rule_changed)
        self.algorithm.currentIndexChanged.connect(self._algorithm_changed)
        self.ordering = QCheckBox("Order by eval")
        self.ordering.setToolTip("Search each node's most promising child first (by eval)")
        self.solve_button = QPushButton("Solve")
        self.solve_button.setDefault(False)
        connect_plain(self.solve_button.clicked, self.editor.solve)
        self.back_button = QPushButton("Back to the drawing")
        connect_plain(self.back_button.clicked, self.editor.show_drawing)
        self.back_button.hide()
        self.result_label = QLabel()
        self.result_label.setObjectName("solveResult")
        self.result_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        # On a line of its own under the choices (they fill a 1366 px row), shown while it
        # has something to say. The best line's move labels are free text: it is cut at
        # the window's edge, never widens the window.
        self.result_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.result_label.hide()
        row = QHBoxLayout()
        row.addWidget(QLabel("Solve with"))
        for widget in (
            self.algorithm,
            self.fail_hard,
            self.equal_values,
            self.depth_box,
            self.ordering,
        ):
            row.addWidget(widget)
        row.addWidget(self.solve_button)
        row.addWidget(self.back_button)
        row.addStretch(1)
        return row

    @property
    def tree(self) -> CustomTree:
        """The editor's tree as it is now."""
        return self.editor.document.tree

    # -- the choices --------------------------------------------------------------------

    def search_settings(self) -> SearchSettings:
        """The chosen algorithm, cutoff and ordering."""
        algorithm = self.algorithm.currentData()
        shallow = algorithm == SHALLOW
        if shallow:
            algorithm = Algorithm.MAXN
        depth = self.depth_box.value() or None
        ordering = Ordering.STATIC if self.ordering.isChecked() else Ordering.NONE
        if algorithm.handles_players:
            ordering = Ordering.NONE
        strict = algorithm.prunes and not self.equal_values.isChecked()
        fail_hard = algorithm is Algorithm.ALPHABETA and not strict and self.fail_hard.isChecked()
        return SearchSettings(
            algorithm=algorithm,
            depth=depth,
            ordering=ordering,
            fail_hard=fail_hard,
            strict_pruning=strict,
            shallow_pruning=shallow,
        )

    def set_algorithm(self, algorithm: Algorithm) -> None:
        """Choose the search (if it applies to the tree)."""
        index = self.algorithm.findData(algorithm)
        if index >= 0:
            self.algorithm.setCurrentIndex(index)

    def update_algorithms(self) -> None:
        """Offer the searches that fit the tree as it is now."""
        tree = self.tree
        chance = tree.has_chance
        wanted: list[Any]
        if tree.players:
            wanted = [Algorithm.MAXN, Algorithm.PARANOID, SHALLOW]
        elif chance:
            wanted = [Algorithm.EXPECTIMINIMAX, Algorithm.STAR1]
        else:
            wanted = [Algorithm.MINIMAX, Algorithm.ALPHABETA]
        current = [self.algorithm.itemData(i) for i in range(self.algorithm.count())]
        if current != wanted:
            # Named as the Settings panel names them ("Star1": its gloss is in its tip).
            choices: list[tuple[str, Any, str | None]] = [
                *algorithm_choices(a for a in wanted if a != SHALLOW)
            ]
            if SHALLOW in wanted:
                choices.append(("Max^n, shallow pruning", SHALLOW, None))
            fill_choices(self.algorithm, choices)
            self.algorithm.setCurrentIndex(0 if tree.players else 1)
        if tree.players:
            self._update_player_algorithms(tree)
        self._algorithm_changed(self.algorithm.currentIndex())

    def _update_player_algorithms(self, tree: CustomTree) -> None:
        """Name whose side the paranoid search takes, and offer shallow pruning only
        where the vectors add up to a constant (the tooltip says why not)."""
        me = clip(tree.players[tree.root.player or 0])
        paranoid = self.algorithm.findData(Algorithm.PARANOID)
        self.algorithm.setItemText(paranoid, f"Paranoid ({me} against all)")
        self.algorithm.setItemData(
            paranoid,
            f"Every other player plays against {me}, the root's player: alpha-beta on {me}'s share",
            Qt.ItemDataRole.ToolTipRole,
        )
        shallow = self.algorithm.findData(SHALLOW)
        why = self.shallow_problem()
        item = self.algorithm.model().item(shallow)  # type: ignore[attr-defined]
        item.setEnabled(why is None)
        self.algorithm.setItemData(
            shallow,
            why or "Max^n that skips children a constant sum shows cannot matter (Korf 1991)",
            Qt.ItemDataRole.ToolTipRole,
        )
        if why is not None and self.algorithm.currentData() == SHALLOW:
            self.algorithm.setCurrentIndex(self.algorithm.findData(Algorithm.MAXN))

    def shallow_problem(self) -> str | None:
        """Why max^n's shallow pruning cannot solve the tree (None: it can)."""
        tree = self.tree
        if tree.constant_sum is not None:
            return None
        sums = tree_edit.vector_sums(tree)
        if sums is not None and sums[0] == sums[1]:
            return None
        lo, hi = sums if sums is not None else (0.0, 0.0)
        return (
            "Shallow pruning needs every vector to add up to the same number; here they add "
            f"up to {format_number(lo)} to {format_number(hi)}"
        )

    def _algorithm_changed(self, _index: int) -> None:
        algorithm = self.algorithm.currentData()
        prunes = isinstance(algorithm, Algorithm) and algorithm.prunes
        self.equal_values.setEnabled(prunes)
        self._rule_changed()
        # Max^n and the paranoid search take no move ordering.
        self.ordering.setEnabled(not self.tree.players)

    def _rule_changed(self) -> None:
        """Fail-hard applies to alpha-beta by the textbook's rule only (the strict rule is
        fail-soft): unticked and greyed out otherwise."""
        alphabeta = self.algorithm.currentData() is Algorithm.ALPHABETA
        strict = not self.equal_values.isChecked()
        self.fail_hard.setEnabled(alphabeta and not strict)
        if strict:
            self.fail_hard.setChecked(False)

    # -- the search ---------------------------------------------------------------------

    def solve(self) -> None:
        """Solve the tree on the search thread and show the search in place."""
        editor = self.editor
        if self.searches.request is not None or editor.loading:
            return
        if not editor._probabilities_ok("Cannot solve the tree"):
            return
        star1 = self.algorithm.currentData() is Algorithm.STAR1
        if star1 and not editor._bounds_ok("Cannot solve the tree"):
            return
        tree = self.tree
        if self.algorithm.currentData() == SHALLOW and tree.constant_sum is None:
            # The drawn vectors add up to one constant (else the choice is off): shallow
            # pruning takes it as declared.
            sums = tree_edit.vector_sums(tree)
            if sums is not None:
                tree = dataclasses.replace(tree, constant_sum=sums[0])
        game = TreeGame(tree)
        try:
            settings = self.search_settings()
        except GameError as e:
            editor._refused(str(e), "Cannot solve the tree")
            return
        self.result = None
        request = self.searches.start(
            game, game.initial_state(), settings, purpose=Purpose.SOLVE_TREE, title=tree.name
        )
        # The editor's Solve offers the depth-first searches only (no MCTS).
        assert request.recording is None or isinstance(request.recording, SearchRecording)
        self.solution = request.recording
        editor.stack.setCurrentWidget(self.solution_panel)
        self.back_button.show()
        self.solve_button.setEnabled(False)
        self.result_label.setText("Solving…")
        self.result_label.show()

    def show_drawing(self) -> None:
        """Show the drawn tree (leave the solution view)."""
        stack, canvas = self.editor.stack, self.editor.canvas
        if stack.currentWidget() is not canvas:
            self.searches.cancel()
            stack.setCurrentWidget(canvas)
            self.back_button.hide()
            self.result_label.clear()
            self.result_label.hide()
            self.solve_button.setEnabled(True)

    def _search_finished(self, request: SearchRequest, result: SearchResult) -> None:
        self.result = result
        show_node_labels(self.solution_panel)
        self.solve_button.setEnabled(True)
        said = guarantee(request.game, result)  # a tree of -1, 0 and 1 only, solved
        self.result_label.setText(self._result_text(result) + (f" · {said}" if said else ""))
        # The line is cut where the window is narrow: its tooltip keeps what it adds.
        tip = [said or "", exact_note(result.stats.exact_checks).strip(" ()")]
        self.result_label.setToolTip("\n".join(filter(None, tip)))
        self.solved.emit(request, result)

    def _search_failed(self, request: SearchRequest, message: str) -> None:
        self.editor.show_drawing()
        self.editor._refused(message, "Cannot solve the tree")

    def _result_text(self, result: SearchResult) -> str:
        value = "?" if result.value is None else format_number(result.value)
        if result.values is not None:
            value = vector_text(result.values)
        root = self.tree.root
        pv = [clip(move) for move in move_names(root, result.principal_variation)]
        best = "—" if result.best_move is None else clip(move_names(root, [result.best_move])[0])
        stats = result.stats
        convention = result.settings.convention
        if result.settings.algorithm is Algorithm.ALPHABETA:
            convention = f"alpha-beta, {convention}"
        return (
            f"<b>Value {value}</b>"
            + (f" ({convention})" if convention else "")
            + f" · best move {best} · line {' → '.join(pv) or '—'} · "
            f"{stats.nodes} nodes, {stats.leaves} leaves"
            + (f", {stats.exact_checks} exact" if stats.exact_checks else "")
        )
