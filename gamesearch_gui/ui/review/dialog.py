"""Game > Review game: the value of every position of the game, move by move, each
costly move marked, the better move and its line, and a summary per side.

The positions are searched in an engine process of the dialog's own
(:class:`~.thread.ReviewThread`), one at a time, shown as they come; Cancel keeps what
was reviewed, and closing the dialog stops the search, its thread and its process.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any
from typing import Final

from PySide6.QtCore import Qt
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QDialogButtonBox
from PySide6.QtWidgets import QFileDialog
from PySide6.QtWidgets import QHBoxLayout
from PySide6.QtWidgets import QHeaderView
from PySide6.QtWidgets import QLabel
from PySide6.QtWidgets import QMessageBox
from PySide6.QtWidgets import QProgressBar
from PySide6.QtWidgets import QPushButton
from PySide6.QtWidgets import QSplitter
from PySide6.QtWidgets import QTableWidget
from PySide6.QtWidgets import QTableWidgetItem
from PySide6.QtWidgets import QTabWidget
from PySide6.QtWidgets import QVBoxLayout
from PySide6.QtWidgets import QWidget

from gamesearch_gui.core.files import describe
from gamesearch_gui.core.game import Game
from gamesearch_gui.core.game import GameError
from gamesearch_gui.core.game import Player
from gamesearch_gui.core.match import Match
from gamesearch_gui.core.numbers import format_value
from gamesearch_gui.core.review import FINDING_NOTE
from gamesearch_gui.core.review import PositionReview
from gamesearch_gui.core.review import check_reviewable
from gamesearch_gui.core.review import clamp
from gamesearch_gui.core.review import depth_words
from gamesearch_gui.core.review import finds_depth
from gamesearch_gui.core.review import replay
from gamesearch_gui.core.review import review_fallback
from gamesearch_gui.core.review import review_scale
from gamesearch_gui.core.review import review_settings
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.text import clip
from gamesearch_gui.ui.review.export import export_png
from gamesearch_gui.ui.review.export import export_svg
from gamesearch_gui.ui.review.graph import MARK_COLOURS
from gamesearch_gui.ui.review.graph import GraphData
from gamesearch_gui.ui.review.graph import ValueGraph
from gamesearch_gui.ui.review.position_tree import PositionTree
from gamesearch_gui.ui.review.position_view import PositionView
from gamesearch_gui.ui.review.position_view import mark_text
from gamesearch_gui.ui.review.position_view import shares_text
from gamesearch_gui.ui.review.settings_row import SettingsRow
from gamesearch_gui.ui.review.summary import summary_html
from gamesearch_gui.ui.review.thread import ReviewThread
from gamesearch_gui.ui.stats_panel import describe_settings
from gamesearch_gui.ui.threads import ThreadDialog

COLUMNS: Final = ("#", "By", "Played", "Value before", "Loss", "Mark", "Better move", "Its line")


class ReviewDialog(ThreadDialog):
    """The review of the game of ``moves`` from ``start``; ``names``: its players' (MAX's
    and MIN's in a game of two).
    ``asked`` are the AI's settings, ``fallback`` the game's default search (for MCTS's).
    ReviewError when the game cannot be reviewed (see :func:`check_reviewable`)."""

    def __init__(
        self,
        game: Game[Any, Any],
        start: Any,
        moves: Sequence[Any],
        names: Sequence[str],
        asked: SearchSettings,
        fallback: SearchSettings,
        parent: QWidget | None = None,
        humans: Sequence[bool] = (),
    ) -> None:
        check_reviewable(game, moves)
        super().__init__(parent)
        self.game = game
        self.moves = list(moves)
        self.states = replay(game, start, moves)
        self.names = tuple(names)
        self.humans = tuple(humans)
        self.scale = review_scale(game)
        self.settings, self.note_text = review_settings(game, asked, fallback)
        #: A game of unknown size: the first review finds its depth (found_depth).
        self.find_depth = finds_depth(game, asked)
        self.positions: list[PositionReview] = []
        self.selected = 0
        self.thread_: ReviewThread | None = None
        self.setWindowTitle(f"Review of the game — {clip(game.title)}")
        self._build(game, start)
        self.resize(1300, 720)

    def _build(self, game: Game[Any, Any], start: Any) -> None:
        self.row = SettingsRow(game, self.settings, game.max_plies(start) is not None)
        self.row.rerun.connect(self.run_again)
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.graph = ValueGraph()
        self.graph.chosen.connect(self.select)
        self.table = _table()
        self.table.cellClicked.connect(lambda row, _column: self.select(row))
        self.view = PositionView(game, self.names, self.humans)
        self.tree = PositionTree()
        self.tabs = QTabWidget()
        self.tabs.addTab(self.view, "Position")
        self.tabs.addTab(self.tree, "Search tree")
        self.tabs.currentChanged.connect(lambda _index: self._show_tree())
        left = QWidget()
        column = QVBoxLayout(left)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.graph, 2)
        column.addWidget(self.table, 3)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(left)
        split.addWidget(self.tabs)
        split.setStretchFactor(0, 1)
        split.setStretchFactor(1, 1)
        split.setChildrenCollapsible(False)
        split.setSizes([700, 600])
        self.summary = QLabel()
        self.summary.setTextFormat(Qt.TextFormat.RichText)
        self.progress = QProgressBar()
        self.progress.setRange(0, len(self.states))
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.cancel_button = QPushButton("Cancel review")
        self.cancel_button.clicked.connect(self.cancel)
        progress = QHBoxLayout()
        progress.addWidget(self.progress, 1)
        progress.addWidget(self.status, 2)
        progress.addWidget(self.cancel_button)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.png_button = buttons.addButton(
            "Export graph as PNG…", QDialogButtonBox.ButtonRole.ActionRole
        )
        self.svg_button = buttons.addButton(
            "Export graph as SVG…", QDialogButtonBox.ButtonRole.ActionRole
        )
        self.png_button.clicked.connect(self.ask_export_png)
        self.svg_button.clicked.connect(self.ask_export_svg)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.row)
        layout.addWidget(self.note)
        layout.addWidget(split, 1)
        layout.addWidget(self.summary)
        layout.addLayout(progress)
        layout.addWidget(buttons)
        self._show_note()
        self._refresh()

    # -- running -------------------------------------------------------------------

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self.thread_ is None:  # the review starts when the dialog first shows
            self.run_again(self.settings, find_depth=self.find_depth)

    def run_again(self, settings: SearchSettings, *, find_depth: bool = False) -> None:
        """Review every position again with ``settings`` (what was shown goes); first
        find the depth (``find_depth``: a game of unknown size, its first review)."""
        self._stop_review()
        if self.thread_ is not None:
            self.thread_.deleteLater()  # stopped: what it still had to say is dropped
        self.settings = settings
        self.positions = []
        self.selected = 0
        self._show_note()
        self.thread_ = thread = ReviewThread(
            self.game, self.states, self.moves, settings, self, find_depth=find_depth
        )
        thread.depthFound.connect(self._depth_found)
        thread.reviewed.connect(self._reviewed)
        thread.failed.connect(self._failed)
        thread.finished.connect(self._ended)
        self.cancel_button.setEnabled(True)
        self._refresh()
        thread.start()
        if find_depth:
            self.status.setText("Finding the depth to search every position to…")

    def cancel(self) -> None:
        """Stop the review; the positions reviewed so far stay."""
        if self.thread_ is not None and self.thread_.isRunning():
            self.thread_.cancel()
            self.status.setText("Cancelling…")

    def _stop_review(self) -> None:
        """Stop the review's thread and end its engine process (any number of times)."""
        if self.thread_ is not None:
            self.thread_.stop()

    def stop(self) -> None:
        """Stop the review and the search tree's search, their threads and processes."""
        self._stop_review()
        self.tree.shutdown()

    @property
    def running(self) -> bool:
        """True while positions are being searched."""
        return self.thread_ is not None and self.thread_.isRunning()

    @property
    def complete(self) -> bool:
        """True once every position is reviewed."""
        return len(self.positions) == len(self.states)

    def _reviewed(self, index: int, position: PositionReview) -> None:
        if index != len(self.positions) or self.sender() is not self.thread_:
            return  # a stale answer of a review given up on
        self.positions.append(position)
        self._refresh()
        if index == self.selected:
            self.select(index)

    def _depth_found(self, depth: int, ended: bool) -> None:
        if self.sender() is not self.thread_:
            return  # a review given up on
        self.settings = replace(self.settings, depth=depth)
        self.note_text = self.note_text.replace(FINDING_NOTE, depth_words(depth, ended))
        self.row.show_depth(depth)
        self._show_note()
        self._refresh()

    def _failed(self, message: str) -> None:
        if self.sender() is self.thread_:
            self.status.setText(f"Cannot review: {message}")

    def _ended(self) -> None:
        if self.sender() is not self.thread_:
            return
        self.cancel_button.setEnabled(False)
        if self.status.text().startswith("Cannot"):
            return
        done, total = len(self.positions), len(self.states)
        if done == total:
            self.status.setText(f"Reviewed all {total} positions.")
        else:
            self.status.setText(
                f"Cancelled after {done} of {total} positions: the rest are not reviewed. "
                "Review again to finish."
            )

    # -- showing ---------------------------------------------------------------------

    def _show_note(self) -> None:
        words = describe_settings(self.settings)
        note = f" {self.note_text[:1].upper()}{self.note_text[1:]}." if self.note_text else ""
        # Max^n has no window to give: it searches every move in full anyway.
        how = "in full" if self.settings.algorithm.handles_players else "with the full window"
        self.note.setText(
            f"Every position is searched with {words}, every move of it {how}, so the "
            f"move played is valued by the same search as the best.{note}"
        )

    def graph_data(self) -> GraphData:
        """What the graph draws now (the same numbers go to the exported files)."""
        return GraphData(
            positions=len(self.states),
            values=tuple(clamp(p.value, self.scale) for p in self.positions),
            marks=tuple(p.mark for p in self.positions),
            shares=tuple(
                tuple(clamp(v, self.scale) for v in p.values)
                for p in self.positions
                if len(self.names) > 2
            ),
            movers=tuple(-1 if p.seat is None else p.seat for p in self.positions),
            scale=self.scale,
            names=self.names,
            selected=self.selected,
        )

    def _refresh(self) -> None:
        """The graph, the table, the summary and the progress as the review stands."""
        self.graph.set_data(self.graph_data())
        self._fill_table()
        self.summary.setText(summary_html(self.positions, self.names) if self.positions else "")
        self.progress.setValue(len(self.positions))
        if self.running or self.thread_ is None:
            self.status.setText(
                f"Reviewing position {min(len(self.positions) + 1, len(self.states))} "
                f"of {len(self.states)}…"
            )

    def _fill_table(self) -> None:
        self.table.setRowCount(len(self.moves))
        for row, move in enumerate(self.moves):
            reviewed = self.positions[row] if row < len(self.positions) else None
            state = self.states[row]
            mover = self.game.to_move(state)
            by = "chance" if mover is Player.CHANCE else self.names[self.game.player_index(state)]
            cells = [str(row + 1), by, clip(self.game.move_text(state, move))]
            if reviewed is None:
                cells += ["…", "", "", "", ""]
            else:
                cells += [
                    shares_text(reviewed.values, self.names)
                    if reviewed.values
                    else format_value(reviewed.value),
                    "" if reviewed.loss is None else format_value(round(reviewed.loss, 3)),
                    mark_text(reviewed.mark),
                    "" if reviewed.loss is None or reviewed.loss == 0 else reviewed.best_text,
                    "" if reviewed.loss is None or reviewed.loss == 0 else " ".join(reviewed.line),
                ]
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if reviewed is not None and reviewed.mark in MARK_COLOURS:
                    colour = MARK_COLOURS[reviewed.mark].lighter(170)
                    item.setBackground(colour)
                self.table.setItem(row, column, item)

    def select(self, index: int) -> None:
        """Show position ``index`` (0: the start): its board, its value, the move played
        there and the better one with its line."""
        index = max(0, min(index, len(self.states) - 1))
        self.selected = index
        reviewed = self.positions[index] if index < len(self.positions) else None
        last_move = self.moves[index - 1] if index > 0 else None
        self.view.show_position(index, self.states[index], last_move, reviewed)
        self.graph.set_data(self.graph_data())
        if index < self.table.rowCount():
            self.table.selectRow(index)
        self._show_tree()

    def _show_tree(self) -> None:
        """The selected position's search tree, when its tab is shown (searched once)."""
        if self.tabs.currentWidget() is not self.tree:
            return
        index = self.selected
        where = "the start" if index == 0 else f"after move {index}"
        self.tree.search_position(
            index, self.game, self.states[index], self.settings, f"The position {where}"
        )

    # -- exporting -------------------------------------------------------------------

    def ask_export_png(self) -> None:
        """Ask where, then write the graph as PNG."""
        self._export("PNG images (*.png)", ".png", export_png)

    def ask_export_svg(self) -> None:
        """Ask where, then write the graph as SVG."""
        self._export("SVG drawings (*.svg)", ".svg", export_svg)

    def _export(self, kind: str, suffix: str, write: Any) -> None:
        name = self._save_file_name(f"Export the review's graph ({suffix[1:].upper()})", kind)
        if not name:
            return
        path = name if name.lower().endswith(suffix) else name + suffix
        try:
            write(self.graph_data(), path, self.font())
        except OSError as error:
            self._warn("Could not export the graph", describe(error, path))
            return
        self.status.setText(f"The graph was written to {clip(path)}")

    def _save_file_name(self, caption: str, kind: str) -> str | None:
        """The file a person chose to save to, None if cancelled (tests replace this)."""
        name, _ = QFileDialog.getSaveFileName(self, caption, "game-review", kind)
        return name or None

    def _warn(self, title: str, text: str) -> None:
        """Tell the person something went wrong (tests replace this: a box is modal)."""
        QMessageBox.warning(self, title, text)


def _table() -> QTableWidget:
    table = QTableWidget(0, len(COLUMNS))
    table.setHorizontalHeaderLabels(list(COLUMNS))
    table.verticalHeader().hide()
    table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
    table.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
    table.setSelectionMode(QTableWidget.SelectionMode.SingleSelection)
    header = table.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    header.setStretchLastSection(True)
    return table


def open_review(
    game: Game[Any, Any],
    match: Match[Any, Any],
    names: Sequence[str],
    asked: SearchSettings,
    *,
    humans: Sequence[bool] = (),
    parent: QWidget,
) -> str:
    """Review the game of ``match`` in a modal dialog; or say in a line why it cannot be
    (returned: "" when the dialog was shown). ``asked``: the AI's search settings;
    ``humans``: which seats a person played (the boards show them so). A game
    file's or an OpenSpiel game's code runs in the review's engine process, as in the
    AI's: the window asks it only what it knows already of the positions played."""
    try:
        fallback = review_fallback(game)
        dialog = ReviewDialog(
            game,
            match.start,
            [ply.move for ply in match.plies],
            names,
            asked,
            fallback,
            parent,
            humans,
        )
    except GameError as error:  # ReviewError among them
        return f"Cannot review this game: {error}"
    dialog.setModal(True)
    dialog.exec()
    dialog.deleteLater()
    return ""
