"""Compare MCTS with alpha-beta (expectiminimax in a game of chance) on the position on
the board: what each chose and what it cost, and each move's MCTS estimate beside the
minimax value.

Both searches (core.compare.compare_mcts) run in an engine process of the dialog's own,
never in the window's process (see :class:`ComparisonDialog`): closing the dialog cancels
them and ends the thread and the process.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtGui import QFont
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QDialogButtonBox
from PySide6.QtWidgets import QHBoxLayout
from PySide6.QtWidgets import QHeaderView
from PySide6.QtWidgets import QLabel
from PySide6.QtWidgets import QPushButton
from PySide6.QtWidgets import QSpinBox
from PySide6.QtWidgets import QTableWidget
from PySide6.QtWidgets import QTableWidgetItem
from PySide6.QtWidgets import QVBoxLayout
from PySide6.QtWidgets import QWidget

from gamesearch_gui.core.compare import MctsComparison
from gamesearch_gui.core.compare import MoveComparison
from gamesearch_gui.core.game import Game
from gamesearch_gui.core.game import Player
from gamesearch_gui.core.numbers import format_number
from gamesearch_gui.core.numbers import format_value
from gamesearch_gui.core.review import DEPTH_NODES
from gamesearch_gui.core.review import MOST_FOUND_DEPTH
from gamesearch_gui.core.search import ALGORITHM_TITLES
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.text import clip
from gamesearch_gui.ui.play_config import DEFAULT_ITERATIONS
from gamesearch_gui.ui.play_config import DEPTH_RANGE
from gamesearch_gui.ui.settings_panel import mcts_spins
from gamesearch_gui.ui.stats_panel import describe_settings
from gamesearch_gui.ui.threads import ComparisonDialog

#: The background of the move MCTS chose where the minimax side knows a better one.
DISAGREE = QColor("#f8d7da")
#: The background of the minimax side's best moves.
BEST = QColor("#d4edda")


#: The dialog's width when the screen has room: the summary's seven columns whole.
WIDTH = 1040
#: The columns of words, not numbers, of the two tables (aligned left).
SUMMARY_WORDS = (0, 1)
MOVE_WORDS = (0, 5)


def duration(seconds: float) -> str:
    """A search's time: milliseconds under a second (most here take a few)."""
    return f"{seconds * 1000:.1f} ms" if seconds < 1 else f"{seconds:.2f} s"


def percent(rate: float | None) -> str:
    """A win rate in [0, 1] as a percentage with one decimal, or a dash for none."""
    return "–" if rate is None else f"{rate * 100:.1f}%"


class MctsCompareDialog(ComparisonDialog):
    """MCTS and alpha-beta (expectiminimax in a game of chance) on one position, side by
    side."""

    SUMMARY = ("Search", "Settings", "Move chosen", "Value", "Time", "Nodes", "Iterations")

    def __init__(
        self,
        game: Game[Any, Any],
        state: Any,
        mcts: SearchSettings,
        minimax: SearchSettings,
        names: Sequence[str],
        parent: QWidget | None = None,
        *,
        find_depth: bool = False,
    ) -> None:
        """``minimax``: the settings of the search beside MCTS (alpha-beta, or
        expectiminimax in a game of chance); ``names``: MAX's and MIN's, as the game calls
        them; ``find_depth``: find the minimax side's depth first (a game of unknown
        size, whose AI gave no depth of its own)."""
        super().__init__(parent)
        self.game = game
        self.state = state
        self.names = {Player.MAX: names[0], Player.MIN: names[1]}
        self.comparison: MctsComparison | None = None
        #: The minimax side's name, as a row's first word ("Alpha-beta") and in a sentence.
        self.side = ALGORITHM_TITLES[minimax.algorithm]
        self.side_word = self.side[:1].lower() + self.side[1:]
        self.setWindowTitle(f"MCTS against {self.side_word} — {clip(game.title)}")
        to_move = game.to_move(state)
        self.mover = self.names.get(to_move, to_move.name)
        self.where = where = self._where_label()
        self.summary = self._table(self.SUMMARY)
        self.moves = self._table(self._move_headings())
        self.verdict = QLabel()
        self.verdict.setWordWrap(True)
        self.verdict.setTextFormat(Qt.TextFormat.RichText)
        self.note = QLabel()
        self.note.setWordWrap(True)
        #: The engine call's settings: MCTS's change when it compares again.
        self.mcts = mcts
        self.minimax = minimax
        self.find_depth = find_depth
        #: Whether the depth box's lowest value finds the depth first (else: to the end).
        self.finds_first = find_depth
        self.status = QLabel(self._searching(mcts))
        layout = QVBoxLayout(self)
        layout.addWidget(where)
        layout.addWidget(self.summary)
        layout.addWidget(self.verdict)
        layout.addWidget(QLabel("<b>Each move</b>"))
        layout.addWidget(self.moves, 1)
        layout.addWidget(self.note)
        layout.addWidget(self.status)
        layout.addLayout(self._again_row(mcts))
        width = WIDTH
        screen = self.screen()
        if screen is not None:  # within a laptop's screen
            width = min(width, screen.availableGeometry().width() - 40)
        self.resize(width, 600)
        self.start_call("compare_mcts", self._arguments())

    def _where_label(self) -> QLabel:
        """The position ("the start position", "position '…'", or "this position") and
        who is to move there."""
        named = clip(self.game.position_name(self.state))
        label = QLabel(
            f"{html.escape(named[:1].upper() + named[1:])}, <b>{html.escape(self.mover)}</b> "
            "to move. Both searches start from here."
        )
        label.setWordWrap(True)
        return label

    def _arguments(self) -> tuple[object, ...]:
        """compare_mcts's arguments in the engine process (the depth is found again on
        each call, alike)."""
        return (self.game, self.state, self.mcts, self.minimax, self.find_depth)

    def _searching(self, mcts: SearchSettings) -> str:
        """The status line while both search."""
        depth = self.minimax.depth
        finding = " to the end" if depth is None else f" to depth {depth}"
        if self.find_depth:
            finding = " (finding its depth first)"
        count = mcts.iterations
        many = f" with {count:,} iteration{'' if count == 1 else 's'}" if count else ""
        return f"Searching: {self.side_word}{finding}, then MCTS{many}…"

    def _again_row(self, mcts: SearchSettings) -> QVBoxLayout:
        """The minimax side's depth; under it MCTS's iterations, C and seed (the settings
        panel's boxes), a button that compares again with them, and Close: how MCTS's
        choice changes with more iterations, another C or another seed, and how the
        minimax side's values change with its depth."""
        self.iterations, self.exploration, self.seed = mcts_spins()
        self.iterations.setMinimum(1)  # no time limit here: a count, always
        self.iterations.setSpecialValueText("")
        self.iterations.setValue(mcts.iterations or DEFAULT_ITERATIONS)
        self.exploration.setValue(mcts.exploration)
        self.seed.setValue(mcts.seed)
        self.again = QPushButton("Compare again")
        self.depth_box = self._depth_box()
        self.again.setToolTip(
            f"Both searches again: MCTS with these iterations, C and seed (and no time "
            f"limit), {self.side_word} to this depth"
        )
        self.again.clicked.connect(self._compare_again)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        deep = QHBoxLayout()
        deep.addWidget(QLabel(f"{self.side} searches"))
        deep.addWidget(self.depth_box)
        deep.addStretch(1)
        row = QHBoxLayout()
        for widget in (
            QLabel("MCTS with"),
            self.iterations,
            QLabel("iterations, C"),
            self.exploration,
            QLabel("seed"),
            self.seed,
            self.again,
        ):
            row.addWidget(widget)
        row.addStretch(1)
        row.addWidget(buttons)
        rows = QVBoxLayout()
        rows.addLayout(deep)
        rows.addLayout(row)
        return rows

    def _depth_box(self) -> QSpinBox:
        """The minimax side's depth in plies. Where the comparison came with no depth,
        the box's lowest value, 0, stands for how it came: "to the end" (a game searched
        to its end) or "to a depth found first" (a game of unknown size). Else it starts
        at the depth searched, and goes no lower than 1."""
        box = QSpinBox()
        box.setSuffix(" plies deep")
        box.setMaximum(DEPTH_RANGE[1])
        if self.finds_first or self.minimax.depth is None:
            box.setMinimum(0)  # 0: as it came
            box.setSpecialValueText("to a depth found first" if self.finds_first else "to the end")
        else:
            box.setMinimum(DEPTH_RANGE[0])
        box.setValue(0 if self.finds_first else self.minimax.depth or 0)
        box.setToolTip(
            f"How deep {self.side_word} searches when you compare again: the deeper, the "
            "longer it takes, and a value found to the end of the game is exact"
        )
        return box

    def _minimax_again(self) -> SearchSettings:
        """The minimax side as the depth box says; its lowest setting (0) is as the
        comparison came: the depth found again, or to the end."""
        chosen = self.depth_box.value() or None
        self.find_depth = self.finds_first and chosen is None
        if self.find_depth:
            return self.minimax  # compare_mcts finds its depth
        quiescence = self.minimax.quiescence and chosen is not None
        return replace(self.minimax, depth=chosen, quiescence=quiescence)

    def _compare_again(self) -> None:
        """Stop what runs, then both searches again with the boxes' settings."""
        mcts = self.mcts
        shown = self.exploration.value()  # to its two decimals: √2 is shown as 1.41
        exploration = mcts.exploration if shown == round(mcts.exploration, 2) else shown
        self.mcts = mcts = replace(
            mcts,
            iterations=self.iterations.value(),
            exploration=exploration,
            seed=self.seed.value(),
            time_budget=None,
        )
        self.minimax = self._minimax_again()
        self.thread_.stop()
        self.comparison = None
        for table in (self.summary, self.moves):
            table.setRowCount(0)
        self.verdict.setText("")
        self.note.setText("")
        self.status.setText(self._searching(mcts))
        self.start_call("compare_mcts", self._arguments())
        self.thread_.start()

    def _move_headings(self) -> tuple[str, ...]:
        return (
            "Move",
            "MCTS visits N",
            f"MCTS win rate for {self.mover}\n(estimate)",
            "MCTS Q/N\n(estimate, game's units)",
            f"{self.side} value",
            "Chosen by",
        )

    @staticmethod
    def _table(headings: tuple[str, ...]) -> QTableWidget:
        table = QTableWidget(0, len(headings))
        table.setHorizontalHeaderLabels(list(headings))
        table.verticalHeader().hide()
        table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        table.setSelectionMode(QTableWidget.SelectionMode.NoSelection)
        table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        table.horizontalHeader().setStretchLastSection(True)
        return table

    @staticmethod
    def _fill(
        table: QTableWidget, row: int, cells: tuple[str, ...], words: tuple[int, ...]
    ) -> list[QTableWidgetItem]:
        """One row; the columns of numbers (all but ``words``) to the right."""
        items = []
        for column, text in enumerate(cells):
            item = QTableWidgetItem(text)
            if column not in words:
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            table.setItem(row, column, item)
            items.append(item)
        return items

    def show_answer(self, comparison: MctsComparison) -> None:
        """Fill both tables, say whether they agree and what the numbers mean."""
        self.comparison = comparison
        self.status.setText("")
        self.iterations.setValue(comparison.mcts.iterations)  # those a time limit allowed
        self._fill_summary(comparison)
        self._fill_moves(comparison)
        self.verdict.setText(self._verdict(comparison))
        self.note.setText(self._note(comparison))

    def _fill_summary(self, comparison: MctsComparison) -> None:
        """The two searches' rows: settings, move chosen, value, time, nodes, iterations."""
        ab, mc = comparison.minimax, comparison.mcts
        kind = "exact" if comparison.exact else "at the depth cutoff"
        self.summary.setRowCount(2)
        self._fill(
            self.summary,
            0,
            (
                self.side,
                describe_settings(ab.settings, named=False),
                clip(ab.best_text),
                f"{format_value(ab.value)} ({kind})",
                duration(ab.seconds),
                f"{ab.nodes:,}",
                "–",
            ),
            SUMMARY_WORDS,
        )
        self._fill(
            self.summary,
            1,
            (
                "MCTS",
                describe_settings(mc.settings, named=False),
                clip(mc.best_text),
                f"win rate {percent(mc.win_rate)} for {self.mover} (estimate)",
                duration(mc.seconds),
                f"{mc.nodes:,}",
                f"{mc.iterations:,}",
            ),
            SUMMARY_WORDS,
        )
        self._fit_summary()

    def _fit_summary(self) -> None:
        """The summary's two rows whole, with room under them for the scroll bar that
        long settings need in a narrow dialog (it hid the second row)."""
        table = self.summary
        if table.rowCount() == 0:
            return
        header = table.horizontalHeader()
        scroll = table.horizontalScrollBar()
        across = scroll.sizeHint().height() if header.length() > table.viewport().width() else 0
        table.setFixedHeight(
            header.height()
            + sum(table.rowHeight(i) for i in range(table.rowCount()))
            + 2 * table.frameWidth()
            + across
        )

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)  # the table's new width first (its layout has run)
        self._fit_summary()

    def _fill_moves(self, comparison: MctsComparison) -> None:
        """A row a move: MCTS's N, win rate and Q/N beside the minimax side's value; its
        best in green, MCTS's choice in bold (in red where the minimax side knows better)."""
        ab, mc = comparison.minimax, comparison.mcts
        depth = ab.settings.depth
        heading = "exact" if comparison.exact else f"depth {depth}"
        self.moves.setHorizontalHeaderItem(4, QTableWidgetItem(f"{self.side} value\n({heading})"))
        self.moves.setRowCount(len(comparison.moves))
        bold = QFont(self.font())
        bold.setBold(True)
        for i, move in enumerate(comparison.moves):
            chosen = self._chosen_by(comparison, move)
            items = self._fill(
                self.moves,
                i,
                (
                    clip(move.text),
                    f"{move.visits:,}",
                    percent(move.win_rate),
                    "–" if move.mean is None else format_number(round(move.mean, 4)),
                    format_value(move.value),
                    chosen,
                ),
                MOVE_WORDS,
            )
            if comparison.is_best(move):
                items[4].setBackground(BEST)
            if move.move == mc.best_move:
                for item in items:
                    item.setFont(bold)
                if not comparison.is_best(move):
                    for item in items:
                        item.setBackground(DISAGREE)

    def _chosen_by(self, comparison: MctsComparison, move: MoveComparison) -> str:
        who = []
        if move.move == comparison.minimax.best_move:
            who.append(self.side_word)
        if move.move == comparison.mcts.best_move:
            who.append("MCTS")
        return " and ".join(who)

    def _verdict(self, comparison: MctsComparison) -> str:
        ab, mc = comparison.minimax, comparison.mcts
        side = self.side_word
        chosen = next(m for m in comparison.moves if m.move == mc.best_move)
        best = [clip(m.text) for m in comparison.moves if comparison.is_best(m)]
        shown = ", ".join(best)
        if comparison.agree:
            if chosen.move == ab.best_move:
                return f"<b>They agree</b>: both play {clip(chosen.text)}."
            return (
                f"<b>They agree</b>: MCTS plays {clip(chosen.text)}, {side} "
                f"{clip(ab.best_text)}, and {side} values both alike "
                f"({format_value(comparison.best_value)}): its best moves are {shown}."
            )
        cutoff = "" if comparison.exact else " at its depth limit"
        return (
            f"<b>They disagree</b>: MCTS plays {clip(chosen.text)}, which {side} values "
            f"{format_value(chosen.value)}{cutoff}; {side}'s best "
            f"{'move is' if len(best) == 1 else 'moves are'} {shown}, value "
            f"{format_value(comparison.best_value)}. The row in red is MCTS's choice."
        )

    def _found_words(self, comparison: MctsComparison) -> str:
        """How the minimax side's depth was found (the game's size is unknown)."""
        depth = comparison.minimax.settings.depth
        if comparison.exact:
            return f"Its depth, {depth}, was found first: no line of the game goes deeper."
        return (
            f"Its depth, {depth}, was found first: the deepest (up to {MOST_FOUND_DEPTH}) "
            f"whose search of this position stays within {DEPTH_NODES:,} nodes, as the game's "
            "size is unknown."
        )

    def _note(self, comparison: MctsComparison) -> str:
        low, high = comparison.bounds
        side = self.side
        if comparison.exact:
            exact = (
                f"{side}'s values are <b>exact</b>: it searched to the end of the game, "
                "each move with the full window, so no value is a bound."
            )
        else:
            exact = (
                f"{side}'s values are <b>not exact</b>: it stopped at its depth limit and "
                "judged the positions there with its evaluation function."
            )
        if comparison.depth_found:
            exact += f" {self._found_words(comparison)}"
        if self.game.has_chance:
            exact += (
                " Expectiminimax stands in for alpha-beta here: a chance node's value is the "
                "average of its outcomes, weighted by their probabilities."
            )
        return (
            f"MCTS's numbers are <b>estimates</b> from random playouts: N is how many of its "
            f"iterations went through the move; Q/N is their mean result in the game's units "
            f"(from {format_number(low)} to {format_number(high)}, from the first player's "
            f"view), and the win rate is Q/N scaled to 0–100% for {self.mover}. {exact} "
            f"Green: {self.side_word}'s best moves. Bold: MCTS's choice (its most visited "
            "move)."
        )
