"""Game > Review game: after a lost Connect Four game the review marks the blunder, shows
the better move and its line, goes to a position from the graph, exports its graph, and
Cancel keeps what was reviewed; nothing is left running."""

from __future__ import annotations

import logging
import os
import signal
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtGui import QFont
from PySide6.QtGui import QImage
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QInputDialog
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from gamesearch_gui.core.game import Player
from gamesearch_gui.core.games import ConnectFour
from gamesearch_gui.core.review import MOST_FOUND_DEPTH
from gamesearch_gui.core.review import Mark
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import Ordering
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.paths import resource_files
from gamesearch_gui.ui import game_files
from gamesearch_gui.ui.boards.text_board import TextBoard
from gamesearch_gui.ui.main_window import MainWindow
from gamesearch_gui.ui.play_config import PlayConfig
from gamesearch_gui.ui.play_config import Seats
from gamesearch_gui.ui.review.dialog import ReviewDialog
from gamesearch_gui.ui.review.export import EXPORT_SIZE
from gamesearch_gui.ui.review.graph import GraphData
from gamesearch_gui.ui.review.graph import GraphLayout
from gamesearch_gui.ui.review.graph import paint_graph
from tests.processes import process_alive
from tests.ui.test_game_file_window import THREE_NIM
from tests.ui.test_game_file_window import no_user_module_here
from tests.ui.test_game_file_window import play_by_hand
from tests.ui.test_main_window import AI_TIMEOUT_MS
from tests.ui.test_main_window import click_move
from tests.ui.test_main_window import store
from tests.ui.test_main_window import wait_for_person_or_end
from tests.ui.test_main_window import window

__all__ = ["store", "window"]  # the fixtures, shared with test_main_window

#: Red's moves: the AI (Yellow, alpha-beta to depth 3) builds a row along the bottom,
#: and Red's 7 at move 5 leaves it open.
RED = [0, 0, 6, 1, 6, 0]
SHALLOW = SearchSettings(Algorithm.ALPHABETA, depth=3, ordering=Ordering.STATIC)
NIM_SOURCE = (resource_files() / "templates" / "nim.py").read_text(encoding="utf-8")
NIM_WITH_BOUNDS = NIM_SOURCE.replace(
    "    def evaluations(self):",
    "    def utility_bounds(self):\n        return (-1, 1)\n\n    def evaluations(self):",
)


def lose_at_connect_four(qtbot: QtBot, window: MainWindow) -> None:
    """Play Red's moves by clicks against the AI until the game is over (Yellow wins)."""
    window.new_game(PlayConfig(game="connect4", seats=Seats.HUMAN_FIRST, search=SHALLOW))
    for move in RED:
        wait_for_person_or_end(qtbot, window)
        if window.match.is_over:
            break
        click_move(qtbot, window, move)
    wait_for_person_or_end(qtbot, window)
    assert window.match.is_over and window.game.terminal_value(window.match.state) < 0


def open_review(qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> ReviewDialog:
    """Trigger Game > Review game; the dialog it opens, shown, kept to look at."""
    opened: list[ReviewDialog] = []

    def run(dialog: ReviewDialog) -> int:
        opened.append(dialog)
        dialog.show()  # as exec() does: the review starts when it shows
        qtbot.addWidget(dialog)
        return 0

    monkeypatch.setattr(ReviewDialog, "exec", run)
    monkeypatch.setattr(ReviewDialog, "deleteLater", lambda self: None)
    assert window.act_review.isEnabled()
    window.act_review.trigger()
    assert opened, window.statusBar().currentMessage()
    return opened[0]


def finished(qtbot: QtBot, dialog: ReviewDialog) -> None:
    """The review has ended as a person sees it: its thread is done, and the dialog has
    heard so (the thread's ``finished`` comes through the event loop after ``isRunning``
    turns False: waiting on that alone read the status of a cancel before its end)."""
    qtbot.waitUntil(
        lambda: (
            dialog.thread_ is not None
            and not dialog.running
            and not dialog.cancel_button.isEnabled()
        ),
        timeout=AI_TIMEOUT_MS,
    )


def _noting(run_again: Any, statuses: list[str]) -> Any:
    """``run_again`` that notes what the status says once the review has started."""

    def noted(dialog: ReviewDialog, *args: Any, **kwargs: Any) -> None:
        run_again(dialog, *args, **kwargs)
        statuses.append(dialog.status.text())

    return noted


def the_depth_found(dialog: ReviewDialog) -> int:
    """The depth the review found for a game of unknown size, as the dialog shows it:
    in its settings, its depth box and its note (which no longer says it is looking)."""
    depth = dialog.settings.depth
    assert depth is not None and 1 <= depth <= MOST_FOUND_DEPTH
    assert dialog.row.depth_spin.value() == depth and not dialog.row.to_end.isChecked()
    note = dialog.note.text()
    assert "is found first" not in note and f"o depth {depth}, " in note, note
    return depth


def reviewed_after(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch, moves: tuple[int, ...]
) -> ReviewDialog:
    """Play ``moves`` by their buttons, then review the game to its end; the dialog."""
    for move in moves:
        wait_for_person_or_end(qtbot, window)
        click_move(qtbot, window, move)
    dialog = open_review(qtbot, window, monkeypatch)
    finished(qtbot, dialog)
    total = len(moves) + 1
    assert dialog.complete and f"Reviewed all {total} positions" in dialog.status.text()
    return dialog


@pytest.fixture
def lost(qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> ReviewDialog:
    """The review of a lost Connect Four game, every position reviewed."""
    lose_at_connect_four(qtbot, window)
    dialog = open_review(qtbot, window, monkeypatch)
    finished(qtbot, dialog)
    return dialog


def test_review_after_a_lost_game_marks_the_blunder_and_shows_the_better_line(
    qtbot: QtBot, window: MainWindow, lost: ReviewDialog
) -> None:
    dialog = lost
    plies = window.match.plies
    assert dialog.complete and len(dialog.positions) == len(plies) + 1
    assert "Reviewed all" in dialog.status.text()
    # The game's own depth (7), not the AI's 3, and the note says so.
    assert dialog.settings.depth == 7 and "AI's depth 3" in dialog.note.text()
    blunders = [i for i, p in enumerate(dialog.positions) if p.mark is Mark.BLUNDER]
    assert blunders, [p.mark for p in dialog.positions]
    worst = blunders[0]
    assert dialog.positions[worst].mover is Player.MAX  # Red lost it
    row = [dialog.table.item(worst, c).text() for c in range(dialog.table.columnCount())]
    assert row[1] == "Red" and row[5] == "blunder ??" and row[6] == "3"
    assert row[7].startswith("3 ")  # the better move's line starts with it
    assert "Red" in dialog.summary.text() and "Blunders" in dialog.summary.text()
    # A click on the point after the blunder goes to that position: its board too.
    point = dialog.graph.point_at(worst)
    qtbot.mouseClick(dialog.graph, Qt.MouseButton.LeftButton, pos=point.toPoint())
    assert dialog.selected == worst
    board = dialog.view.board
    assert board is not None and board.state == dialog.states[worst]
    assert board.hint == ConnectFour().parse_move(dialog.states[worst], "3")
    assert "Better: <b>3</b>" in dialog.view.words.text()


def test_the_graph_exports_as_png_and_svg(
    lost: ReviewDialog, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    dialog = lost
    names = iter([str(tmp_path / "graph"), str(tmp_path / "graph.svg")])
    monkeypatch.setattr(dialog, "_save_file_name", lambda caption, kind: next(names))
    dialog.png_button.click()
    dialog.svg_button.click()
    image = QImage(str(tmp_path / "graph.png"))
    assert image.width() == EXPORT_SIZE.width() and image.height() == EXPORT_SIZE.height()
    svg = (tmp_path / "graph.svg").read_text(encoding="utf-8")
    assert "<svg" in svg and "Red wins" in svg and "Yellow wins" in svg


def _graph_image(data: GraphData, size: tuple[int, int]) -> QImage:
    image = QImage(*size, QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    paint_graph(painter, QRectF(image.rect()), data, QFont())
    painter.end()
    return image


@pytest.mark.parametrize(
    "values",
    [(0, 0, 1, 0, 1, 1), (-1, -1, 0, 1, 1, 1)],
    ids=["starts even, ends won", "starts lost, ends won"],
)
def test_the_selection_ring_covers_no_number_of_the_axes(
    qtbot: QtBot, values: tuple[float, ...]
) -> None:
    # The graph as a 1366×768 screen shows it. The ring on move 0, at the left edge of
    # the frame, covered the scale's "0" (its numbers end 6 px left of the frame), and at
    # the scale's bottom would cover the moves' "0" too: every pixel the ring changes is
    # inside the frame, where no number of the axes is.
    size = (550, 220)
    plain = GraphData(positions=len(values), values=tuple(map(float, values)))
    frame = GraphLayout(plain, QRectF(0, 0, *size)).plot.adjusted(-1, -1, 1, 1)
    before = _graph_image(plain, size)
    for selected in (0, len(values) - 1):
        ringed = _graph_image(replace(plain, selected=selected), size)
        changed = [
            (x, y)
            for x in range(size[0])
            for y in range(size[1])
            if ringed.pixel(x, y) != before.pixel(x, y)
        ]
        assert changed  # the selection is drawn
        outside = [(x, y) for x, y in changed if not frame.contains(x + 0.5, y + 0.5)]
        assert not outside, (selected, outside[:5])


VALUES = (0.0, -0.5, -1.0, -1.0, -1.0, 1.0, 1.0, -1.0, -1.0)
SHARES = tuple((v, -v, 0.0) for v in VALUES)


@pytest.mark.parametrize(
    "named",
    [
        GraphData(positions=len(VALUES), names=("Red", "Yellow")),
        GraphData(positions=len(VALUES), names=("A", "B", "C"), movers=(0, 1, 2) * 3),
    ],
    ids=["two sides", "three players"],
)
def test_no_value_covers_the_words_that_name_the_sides(qtbot: QtBot, named: GraphData) -> None:
    # A game lost early draws its line along the bottom, where the second side's words
    # stood. The words (a line's colour and a name each, with three players) now stand
    # above the frame, and every value is drawn inside it.
    size = (300, 160)
    frame = GraphLayout(named, QRectF(0, 0, *size)).plot.adjusted(-1, -1, 1, 1)
    unnamed = _graph_image(replace(named, names=("",) * len(named.names)), size)
    words = _changed(unnamed, _graph_image(named, size))
    assert words and not [p for p in words if frame.contains(p[0] + 0.5, p[1] + 0.5)]
    full = replace(named, values=VALUES, shares=SHARES if named.many else ())
    full = replace(full, marks=(Mark.BLUNDER,) * len(VALUES), selected=4)
    drawn = _changed(_graph_image(named, size), _graph_image(full, size))
    assert drawn and not [p for p in drawn if not frame.contains(p[0] + 0.5, p[1] + 0.5)]


def _changed(before: QImage, after: QImage) -> list[tuple[int, int]]:
    return [
        (x, y)
        for x in range(before.width())
        for y in range(before.height())
        if before.pixel(x, y) != after.pixel(x, y)
    ]


def test_cancel_keeps_what_was_reviewed_and_closing_ends_the_engine(
    qtbot: QtBot, lost: ReviewDialog
) -> None:
    dialog = lost
    dialog.row.depth_spin.setValue(12)  # far too deep to finish soon
    dialog.row.again.click()
    assert dialog.running and not dialog.positions
    qtbot.waitUntil(lambda: dialog.thread_ is not None and dialog.thread_.engine.alive)
    pid = dialog.thread_.engine.pid
    dialog.cancel_button.click()
    finished(qtbot, dialog)
    assert not dialog.complete and "Cancelled after" in dialog.status.text()
    assert dialog.settings.depth == 12
    dialog.reject()
    assert pid is not None and not process_alive(pid)


def test_closing_a_review_whose_engine_cannot_answer_ends_it_without_waiting(
    qtbot: QtBot, lost: ReviewDialog, caplog: pytest.LogCaptureFixture
) -> None:
    dialog = lost
    dialog.row.depth_spin.setValue(12)
    dialog.row.again.click()
    qtbot.waitUntil(lambda: dialog.thread_ is not None and dialog.thread_.engine.alive)
    pid = dialog.thread_.engine.pid
    assert pid is not None
    # As a process still starting on a busy machine: it cannot see a cancel.
    os.kill(pid, signal.SIGSTOP)
    with caplog.at_level(logging.WARNING):
        dialog.reject()
    assert not process_alive(pid) and not dialog.running
    # Ended at once, not after waiting for a cancel it could not see.
    assert not [r for r in caplog.records if "did not stop within" in r.getMessage()]


def test_review_is_offered_only_once_a_move_is_played(qtbot: QtBot, window: MainWindow) -> None:
    window.new_game(PlayConfig(game="connect4", seats=Seats.TWO_HUMANS, search=SHALLOW))
    assert not window.act_review.isEnabled()
    click_move(qtbot, window, 3)
    assert window.act_review.isEnabled()


def test_a_game_of_three_players_is_reviewed_a_line_each_and_each_loss_its_mover_s(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Seven counters: A takes 1, B 3, and C, with three left, takes 1 where taking all
    # three wins; A takes the last two and wins.
    window.new_game(PlayConfig(game="nim3", humans=(True, True, True)))
    dialog = reviewed_after(qtbot, window, monkeypatch, (1, 3, 1, 2))
    assert dialog.settings.algorithm is Algorithm.MAXN
    assert not dialog.settings.shallow_pruning and "Max^n" in dialog.note.text()
    rows = [
        [dialog.table.item(r, c).text() for c in range(dialog.table.columnCount())]
        for r in range(dialog.table.rowCount())
    ]
    assert [row[1] for row in rows] == ["A", "B", "C", "A"]
    assert rows[2][2] == "take 1" and rows[2][3] == "A 0, B 0, C 1"
    assert rows[2][4] == "1" and rows[2][5] == "blunder ??" and rows[2][6] == "take 3"
    assert rows[3][4] == "0" and rows[3][5] == ""
    summary = dialog.summary.text()
    assert all(f">{name}</th>" in summary for name in "ABC")
    data = dialog.graph_data()
    assert data.many and len(data.shares) == 5 and data.shares[-1] == (1.0, 0.0, 0.0)
    assert data.movers[2] == 2  # C's line carries the blunder's dot
    dialog.select(2)
    words = dialog.view.words.text()
    assert "C to move" in words and "Values <b>A 0, B 0, C 1</b>" in words
    assert "worth 0 to C" in words and "Better: <b>take 3</b>" in words and "worth 1 to C" in words
    # The board shows the seats as they were played, and the position's search tree.
    board = dialog.view.board
    assert board is not None and board.state == dialog.states[2]
    assert getattr(board, "humans", None) == (True, True, True)
    dialog.tabs.setCurrentWidget(dialog.tree)
    qtbot.waitUntil(
        lambda: dialog.tree.recording is not None and dialog.tree.searches.request is None,
        timeout=AI_TIMEOUT_MS,
    )
    assert dialog.tree.recording.node_count > 1


def test_a_game_file_is_reviewed_in_an_engine_process_with_its_own_search(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # Nim of 1, 3 and 5 matches: the first player wins by taking 3 from the last heap
    # (the heaps' XOR is then 0); taking the lone match of the first heap loses.
    play_by_hand(window, tmp_path / "plain_nim.py", NIM_SOURCE)
    wait_for_person_or_end(qtbot, window)
    click_move(qtbot, window, 0)
    window.act_review.trigger()  # the template declares no bounds: no scale to mark on
    assert "does not declare utility_bounds(): a review draws" in (
        window.statusBar().currentMessage()
    )
    play_by_hand(window, tmp_path / "nim.py", NIM_WITH_BOUNDS)
    statuses: list[str] = []
    monkeypatch.setattr(ReviewDialog, "run_again", _noting(ReviewDialog.run_again, statuses))
    dialog = reviewed_after(qtbot, window, monkeypatch, (0, 0))
    assert statuses == ["Finding the depth to search every position to…"]
    # The AI deepened against a clock; the review searches every position to one depth.
    assert the_depth_found(dialog) and dialog.settings.time_budget is None
    first = dialog.positions[0]
    assert first.mover is Player.MAX and first.mark is Mark.BLUNDER
    row = [dialog.table.item(0, c).text() for c in range(dialog.table.columnCount())]
    assert row[2] == "1@1" and row[5] == "blunder ??" and row[6] == "3@3"
    dialog.select(0)
    board = dialog.view.board
    assert isinstance(board, TextBoard) and "1: |" in board.text.text()
    assert "Better: <b>3@3</b>" in dialog.view.words.text()
    # Its search tree, grown in an engine process too, names the game's moves.
    dialog.tabs.setCurrentWidget(dialog.tree)
    qtbot.waitUntil(
        lambda: dialog.tree.recording is not None and dialog.tree.searches.request is None,
        timeout=AI_TIMEOUT_MS,
    )
    recording = dialog.tree.recording
    assert recording.node_count > 1 and recording.move_text(1) == "1@1"
    assert no_user_module_here()


def test_a_game_file_whose_code_never_returns_is_cancelled_and_the_review_ends(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # Past its start, this Nim's actions() loop for ever: the review's search of the
    # start never returns. Cancel ends it (the process cannot see a cancel, so it is
    # ended), and the dialog says what was reviewed.
    monkeypatch.setattr(game_files, "CALL_SECONDS", 0.5)
    loop = "        while heaps != self.heaps:\n            pass\n"
    start = "        heaps, _ = state\n"
    stuck = NIM_WITH_BOUNDS.replace(
        start + "        # A move is", start + loop + "        # A move is"
    )
    assert stuck != NIM_WITH_BOUNDS
    play_by_hand(window, tmp_path / "stuck.py", stuck)
    click_move(qtbot, window, 0)
    dialog = open_review(qtbot, window, monkeypatch)
    qtbot.waitUntil(lambda: dialog.thread_ is not None and dialog.thread_.engine.alive)
    pid = dialog.thread_.engine.pid
    assert dialog.running and "Finding the depth" in dialog.status.text()
    dialog.cancel_button.click()
    finished(qtbot, dialog)
    assert "Cancelled after 0 of 2 positions" in dialog.status.text()
    dialog.reject()
    assert pid is not None and not process_alive(pid)
    assert no_user_module_here()


def test_the_search_tree_tab_grows_the_chosen_positions_search(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    window.new_game(PlayConfig(game="tictactoe", seats=Seats.TWO_HUMANS, search=SearchSettings()))
    for move in (0, 3, 1, 4):  # X threatens 3; O threatens 6
        wait_for_person_or_end(qtbot, window)
        click_move(qtbot, window, move)
    dialog = open_review(qtbot, window, monkeypatch)
    finished(qtbot, dialog)
    assert dialog.tree.recording is None  # searched only once its tab is shown
    dialog.select(4)
    dialog.tabs.setCurrentWidget(dialog.tree)
    qtbot.waitUntil(
        lambda: dialog.tree.recording is not None and dialog.tree.searches.request is None,
        timeout=AI_TIMEOUT_MS,
    )
    recording = dialog.tree.recording
    assert recording.state(0) == dialog.states[4] and recording.node_count > 1
    engine = dialog.tree.search_controller.engine
    pid = engine.pid
    dialog.reject()
    assert pid is not None and not process_alive(pid)


def load_moves(window: MainWindow, monkeypatch: pytest.MonkeyPatch, *written: str) -> list[str]:
    """Have Game > Load moves read ``written`` each time it asks, and trigger it once;
    the warnings it gives (the list grows on later triggers)."""
    warnings: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text: warnings.append(text))
    texts = iter(written)
    monkeypatch.setattr(
        QInputDialog, "getMultiLineText", lambda *args, **kwargs: (next(texts), True)
    )
    window.act_load_moves.trigger()
    return warnings


def test_a_game_loaded_from_its_moves_is_played_out_paused_and_reviewed(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Game > Load moves plays a game written as the Moves list writes it onto the board
    (the AI paused), and Game > Review game finds its blunder; a bad list is refused in
    a line that names the move, and the game on the board stays."""
    window.new_game(PlayConfig(game="connect4", seats=Seats.HUMAN_FIRST, search=SHALLOW))
    wait_for_person_or_end(qtbot, window)
    warnings = load_moves(window, monkeypatch, "1, 4, 1, 9, 7", "1, 4, 1, 5, 7, 3, 2, 6")
    assert warnings and "move 4 ('9'" in warnings[0]
    assert not window.match.plies  # nothing played, the game as it was
    window.act_load_moves.trigger()
    assert [ply.text for ply in window.match.plies] == ["1", "4", "1", "5", "7", "3", "2", "6"]
    assert window.match.is_over and window.paused
    dialog = open_review(qtbot, window, monkeypatch)
    finished(qtbot, dialog)
    marks = [p.mark for p in dialog.positions]
    assert marks[4] is Mark.BLUNDER, marks  # Red's 7, as in the game lost by clicks


def test_a_game_file_s_game_is_loaded_from_its_moves_as_its_code_writes_them(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    play_by_hand(window, tmp_path / "nim.py", NIM_WITH_BOUNDS)
    warnings = load_moves(window, monkeypatch, "1@1, 4@2", "1@1 1@2 3@3")
    assert (
        warnings and "move 2 ('4@2'): not a legal move here; legal: 1@2, 2@2, 3@2" in (warnings[0])
    )
    assert not window.match.plies
    window.act_load_moves.trigger()
    assert [ply.text for ply in window.match.plies] == ["1@1", "1@2", "3@3"]
    assert window.paused and "1: \n2: ||\n3: ||" in window.board.text.text()
    dialog = open_review(qtbot, window, monkeypatch)
    finished(qtbot, dialog)
    assert dialog.complete and dialog.positions[0].mark is Mark.BLUNDER
    assert no_user_module_here()


def test_the_review_names_each_evaluation_as_the_settings_panel_does(
    qtbot: QtBot, window: MainWindow
) -> None:
    from gamesearch_gui.ui.review.settings_row import SettingsRow

    game = ConnectFour()
    settings = SearchSettings(Algorithm.ALPHABETA, depth=4, evaluation="centre")
    row = SettingsRow(game, settings, ends=False)
    qtbot.addWidget(row)
    panel = window.settings_panel.evaluation_box
    window.new_game(PlayConfig(game="connect4", seats=Seats.HUMAN_FIRST))
    titles = [panel.itemText(i) for i in range(panel.count())]
    assert [row.evaluation_box.itemText(i) for i in range(row.evaluation_box.count())] == titles
    assert "Open lines" in titles  # not "open_lines"
    # With the same tips: what the name leaves out.
    tips = [panel.itemData(i, Qt.ItemDataRole.ToolTipRole) for i in range(panel.count())]
    assert [
        row.evaluation_box.itemData(i, Qt.ItemDataRole.ToolTipRole)
        for i in range(row.evaluation_box.count())
    ] == tips
    assert "the more of its pieces" in tips[titles.index("Open lines")]
    assert row.evaluation_box.currentText() == "Centre control"
    assert row.chosen().evaluation == "centre"


def test_a_game_file_of_three_players_is_reviewed_with_max_n_to_its_end(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A takes 3 twice; the review values every position as a vector, down to the last,
    where the game's own utilities are read (before, reading them there failed: "its
    utilities are a vector (utilities), not one number")."""
    assert window.open_game_file(THREE_NIM)
    while not window.match.is_over:
        wait_for_person_or_end(qtbot, window)
        if not window.match.is_over:
            click_move(qtbot, window, 2)  # A takes 3
    dialog = open_review(qtbot, window, monkeypatch)
    finished(qtbot, dialog)
    total = len(window.match.plies) + 1
    assert f"Reviewed all {total} positions" in dialog.status.text()
    assert "Max^n" in dialog.note.text() and "every move of it in full" in dialog.note.text()
    assert all(len(p.values) == 3 for p in dialog.positions)
    final = window.game.utilities(window.match.state)
    assert dialog.positions[-1].values == final and sorted(final) == [0, 0, 1]
    # A's first move, 3 from 12, loses what taking 2 wins (tests/core/test_nim3.py).
    assert dialog.positions[0].loss == 1
