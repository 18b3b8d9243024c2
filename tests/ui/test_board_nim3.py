"""Three-player Nim in the window (issue 17): seats A, B and C, each a person or the AI,
played by clicks through the real main window; the AIs search in the engine process with
max^n or the paranoid search."""

from __future__ import annotations

import math
import random
from pathlib import Path

from PySide6.QtCore import QPoint
from PySide6.QtCore import QSettings
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from pytestqt.qtbot import QtBot

from gamesearch_gui.core.games.nim3 import MAX_PILE
from gamesearch_gui.core.games.nim3 import ThreePlayerNim
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import search
from gamesearch_gui.ui.boards.nim3_board import Nim3Board
from gamesearch_gui.ui.main_window import MainWindow
from gamesearch_gui.ui.palette import seat_colour
from gamesearch_gui.ui.play_config import PlayConfig
from gamesearch_gui.ui.play_config import Seats
from gamesearch_gui.ui.play_config import default_search
from gamesearch_gui.ui.settings_panel import SettingsPanel
from tests.core.test_nim3 import brute
from tests.ui.test_main_window import AI_TIMEOUT_MS
from tests.ui.test_main_window import click_move
from tests.ui.test_main_window import store
from tests.ui.test_main_window import wait_for_person_or_end
from tests.ui.test_main_window import window

__all__ = ["store", "window"]  # the fixtures, shared with test_main_window

ONE_PERSON = (True, False, False)


def start(window: MainWindow, humans: tuple[bool, ...], pile: int = 7, **search: object) -> None:
    settings = SearchSettings(**search) if search else default_search("nim3")  # type: ignore[arg-type]
    config = PlayConfig(game="nim3", humans=humans, options={"nim_pile": pile}, search=settings)
    window.new_game(config)


def ai_plies_follow_their_search(window: MainWindow) -> int:
    """Check each AI move is the best move of the AI's own search, made again here (in the
    test's process) from the same position with the same settings; how many there were."""
    game = window.game
    count = 0
    for ply in window.match.plies:
        seat = game.player_index(ply.before)
        if window.config.is_human(seat):
            continue
        count += 1
        again = search(game, ply.before, window.config.search)
        assert ply.move == again.best_move, (ply, again)
    return count


def test_a_whole_game_by_clicks_against_two_ais(qtbot: QtBot, window: MainWindow) -> None:
    start(window, ONE_PERSON)
    assert isinstance(window.board, Nim3Board)
    assert window.headline.text() == "Your turn: you play A"
    rng = random.Random(17)
    clicks = 0
    while True:
        wait_for_person_or_end(qtbot, window)
        if window.match.is_over:
            break
        assert window.board.interactive and "you play A" in window.headline.text()
        take = rng.choice(window.match.legal())
        click_move(qtbot, window, take)
        clicks += 1
    game = window.game
    payoffs = game.utilities(window.match.state)
    winner = payoffs.index(1.0)
    # The AIs moved by their search; the person's clicks made A's moves.
    assert ai_plies_follow_their_search(window) >= 1 and clicks >= 1
    headline = window.headline.text()
    assert headline.startswith("Game over: ")
    assert headline.endswith(f"({', '.join(str(int(p)) for p in payoffs)})")
    assert ("you win!" in headline) == (winner == 0)
    if winner:
        assert f"the AI ({'ABC'[winner]}) wins" in headline
    lines = [window.history.item(i).text() for i in range(window.history.count())]
    assert len(lines) == len(window.match.plies)
    for line in lines:  # "3. C (AI): take 1", "4. A: take 2"
        who = line.split(". ", 1)[1].split(":")[0]
        assert who in ("A", "B (AI)", "C (AI)")
    assert not window.act_hint.isEnabled()


def test_three_ais_play_max_n_to_its_value(qtbot: QtBot, window: MainWindow) -> None:
    for pile in (7, 10):
        start(window, (False, False, False), pile, algorithm=Algorithm.MAXN, shallow_pruning=True)
        assert isinstance(window.game, ThreePlayerNim) and window.game.pile == pile
        qtbot.waitUntil(lambda: window.match.is_over, timeout=AI_TIMEOUT_MS)
        # Each AI plays max^n from where it stands: the game ends as max^n says it does.
        value, _ = brute(pile, 0)
        assert window.game.utilities(window.match.state) == value
        assert ai_plies_follow_their_search(window) == len(window.match.plies)
        winner = "ABC"[value.index(1.0)]
        assert window.headline.text().startswith(f"Game over: {winner} wins (")
        assert window.stats.text("value").startswith("(")  # a vector, one per player


def test_three_ais_deepening_against_the_clock_play_max_n_to_its_value(
    qtbot: QtBot, window: MainWindow
) -> None:
    """With a time limit each AI deepens one ply at a time; a pile of 9 is solved long
    before a minute of CPU time, so each move is max^n's and the game ends as it says."""
    start(window, (False, False, False), 9, algorithm=Algorithm.MAXN, time_budget=60.0)
    qtbot.waitUntil(lambda: window.match.is_over, timeout=AI_TIMEOUT_MS)
    value, _ = brute(9, 0)
    assert window.game.utilities(window.match.state) == value
    assert ai_plies_follow_their_search(window) == len(window.match.plies)
    # The last search solved its position in a few iterations, and says so.
    assert window.stats.text("depth").startswith("to the end (")
    assert "iteration" in window.stats.text("depth")
    assert window.stats.text("status") == "finished"


def test_three_ais_play_a_whole_game_from_the_biggest_pile(
    qtbot: QtBot, window: MainWindow
) -> None:
    # The game's own search (max^n, shallow pruning, the table): each move is a search
    # of a few hundred nodes, where without the table the first took minutes.
    start(window, (False, False, False), MAX_PILE)
    assert window.config.search.transposition_table
    qtbot.waitUntil(lambda: window.match.is_over, timeout=AI_TIMEOUT_MS)
    value, _ = brute(MAX_PILE, 0)
    assert window.game.utilities(window.match.state) == value
    assert ai_plies_follow_their_search(window) == len(window.match.plies)
    assert window.stats.text("nodes") and int(window.stats.text("nodes").replace(",", "")) < 1000


def test_the_paranoid_ai_plays_too(qtbot: QtBot, window: MainWindow) -> None:
    start(window, (False, True, False), 6)
    panel = window.settings_panel
    panel.algorithm_box.setCurrentIndex(panel.algorithm_box.findData(Algorithm.PARANOID))
    assert window.config.search.algorithm is Algorithm.PARANOID
    assert not panel.shallow_box.isVisibleTo(panel)  # max^n's own
    window.new_game()  # A, the AI, starts with the paranoid search
    qtbot.waitUntil(lambda: window.human_to_move() or window.match.is_over, timeout=AI_TIMEOUT_MS)
    assert window.match.plies and window.move_searches[1].settings.algorithm is Algorithm.PARANOID
    assert window.headline.text() == "Your turn: you play B"


def test_hint_marks_the_best_move_and_the_tree_dock_draws_the_vectors(
    qtbot: QtBot, window: MainWindow
) -> None:
    start(window, ONE_PERSON)
    board = window.board
    assert board is not None
    window.act_hint.trigger()
    qtbot.waitUntil(lambda: board.hint is not None, timeout=AI_TIMEOUT_MS)
    best = search(window.game, window.match.state, SearchSettings(Algorithm.MAXN)).best_move
    assert board.hint == best == 2  # from 7, A takes 2 and wins (tests/core/test_nim3.py)
    assert "Hint: play take 2" in window.statusBar().currentMessage()
    # The AIs' searches are recorded with their vectors and drawn in the tree dock.
    click_move(qtbot, window, 2)
    wait_for_person_or_end(qtbot, window)
    panel = window.tree_panel
    recording = panel.recording
    assert recording is not None and recording.vectors
    assert panel.stack.currentWidget() is not panel.empty_label
    root_vector = recording.vectors[0]
    assert len(root_vector) == 3 and sum(root_vector) == 1  # Nim's vectors sum to 1
    assert not window.match.is_over  # A takes the last counter, so it is A's turn
    # Move values: each legal move's button says what it is worth to A.
    assert isinstance(board, Nim3Board)
    window.act_values.trigger()
    qtbot.waitUntil(lambda: bool(board.move_values), timeout=AI_TIMEOUT_MS)
    for take in window.match.legal():
        value = board.move_values[take]
        assert board.take_buttons[take - 1].text() == f"Take {take}  ({value:g})"
    assert max(board.move_values.values()) == 1  # A can still win
    window.act_values.trigger()


def test_move_now_plays_at_once_on_a_big_pile(qtbot: QtBot, window: MainWindow) -> None:
    # Max^n to the end from 30 counters takes minutes: Move now makes the AI play now.
    start(window, (False, True, True), 30, algorithm=Algorithm.MAXN)
    qtbot.waitUntil(lambda: window.act_move_now.isEnabled(), timeout=AI_TIMEOUT_MS)
    window.act_move_now.trigger()
    qtbot.waitUntil(lambda: len(window.match.plies) == 1, timeout=AI_TIMEOUT_MS)
    assert window.match.plies[0].move in (1, 2, 3)
    assert "stopped early" in window.stats.text("status")
    assert window.headline.text() == "B to move"  # two people: each is named


def test_the_board_takes_clicks_on_counters_and_keys_and_refuses_in_words(
    qtbot: QtBot, window: MainWindow
) -> None:
    start(window, (True, True, True))  # three people at one computer
    board = window.board
    assert isinstance(board, Nim3Board)
    said: list[str] = []
    board.refused.connect(said.append)
    qtbot.mouseClick(board, Qt.MouseButton.LeftButton, pos=board.counter_point(3))
    assert window.match.state == (4, 1)  # A took 3: the clicked counter and those after it
    assert window.headline.text() == "B to move"
    board.setFocus()
    qtbot.keyClick(board, Qt.Key.Key_2)
    assert window.match.state == (2, 2)
    assert not board.take_buttons[2].isEnabled()  # only 2 left
    qtbot.keyClick(board, Qt.Key.Key_3)
    assert window.match.state == (2, 2) and said[-1] == "Only 2 counters are left: take fewer"
    click_move(qtbot, window, 2)
    assert window.match.is_over
    assert window.headline.text() == "Game over: C wins (0, 0, 1)"
    qtbot.keyClick(board, Qt.Key.Key_1)
    assert said[-1] == "The game is over"
    window.act_undo.trigger()  # three people: one move back
    assert window.match.state == (2, 2) and board.interactive


def test_the_board_shows_seats_turn_pile_and_result(qtbot: QtBot, tmp_path: Path) -> None:
    board = Nim3Board(ThreePlayerNim(5))
    qtbot.addWidget(board)
    board.resize(560, 420)
    board.set_seats(("A", "B", "C"), ONE_PERSON)
    board.set_state((3, 1), 2)  # A took 2: B to move
    image = board.grab().toImage()
    # B's card, the one to move, is edged in B's colour, thicker than the others.
    layout = board._layout()
    card = layout.seats[1]
    edge = image.pixelColor(QPoint(round(card.center().x()), round(card.top() + 1)))
    assert _near(edge, seat_colour(1))
    # The pile: three counters, then the two A took, outlined in A's colour.
    centres = [board._counter_centre(i) for i in range(5)]
    taken = board._counter_centre(4)
    radius = board._counter_diameter() / 2
    rim = [
        image.pixelColor(
            QPoint(
                round(taken.x() + radius * 0.92 * math.cos(k * math.pi / 12)),
                round(taken.y() + radius * 0.92 * math.sin(k * math.pi / 12)),
            )
        )
        for k in range(24)
    ]
    assert sum(_near(colour, seat_colour(0)) for colour in rim) >= 6  # dashed
    untaken = image.pixelColor(centres[0].toPoint())
    assert not _near(untaken, seat_colour(0))
    assert len({round(c.y()) for c in centres}) == 1  # one row
    board.set_state((0, 0), 3)  # C took the last three
    assert board.game.terminal_utilities(board.state) == (0.0, 0.0, 1.0)
    assert not any(button.isEnabled() for button in board.take_buttons)
    board.grab().save(str(tmp_path / "nim3-end.png"))


def test_settings_seat_each_player_and_offer_only_n_player_searches(qtbot: QtBot) -> None:
    panel = SettingsPanel(PlayConfig())
    qtbot.addWidget(panel)
    panel.show()
    assert panel.seats_box.isVisible() and not panel.seat_boxes["nim3"][0].isVisible()
    with qtbot.waitSignal(panel.newGameRequested) as asked:
        panel.game_box.setCurrentIndex(panel.game_box.findData("nim3"))
    config = asked.args[0]
    assert config.game == "nim3" and config.seated() == ONE_PERSON
    assert not panel.seats_box.isVisible()
    assert all(box.isVisible() for box in panel.seat_boxes["nim3"])
    algorithms = [panel.algorithm_box.itemData(i) for i in range(panel.algorithm_box.count())]
    assert algorithms == [Algorithm.MAXN, Algorithm.PARANOID]
    assert panel.shallow_box.isVisible() and panel.shallow_box.isChecked()
    assert not panel.ordering_box.isVisible() and not panel.quiescence_box.isVisible()
    # A time limit deepens max^n one ply at a time, as it does a two-player search.
    assert panel.timed.isVisible() and not panel.timed.isChecked()
    with qtbot.waitSignal(panel.searchChanged) as changed:
        panel.timed.setChecked(True)
    search = changed.args[0].search
    assert search.algorithm is Algorithm.MAXN and search.time_budget == 2.0
    assert search.iterative and "Deepens one ply at a time" in panel.note.text()
    with qtbot.waitSignal(panel.searchChanged):
        panel.timed.setChecked(False)
    # The table is offered, and on by default: a big pile's positions recur.
    assert panel.tt_box.isVisible() and panel.tt_box.isChecked()
    assert "own share" in panel.note.text()
    with qtbot.waitSignal(panel.searchChanged) as changed:
        panel.tt_box.setChecked(False)
    search = changed.args[0].search
    assert search.algorithm is Algorithm.MAXN and not search.transposition_table
    panel.algorithm_box.setCurrentIndex(panel.algorithm_box.findData(Algorithm.PARANOID))
    with qtbot.waitSignal(panel.searchChanged) as changed:
        panel.tt_box.setChecked(True)
    search = changed.args[0].search
    assert search.algorithm is Algorithm.PARANOID and search.transposition_table
    with qtbot.waitSignal(panel.newGameRequested) as asked:
        panel.seat_boxes["nim3"][2].setCurrentIndex(0)  # C: a person
    assert asked.args[0].seated() == (True, False, True)
    # Back to a two-player game: its four choices, its own searches.
    panel.game_box.setCurrentIndex(panel.game_box.findData("tictactoe"))
    assert panel.seats_box.isVisible() and panel.config.seats is Seats.HUMAN_FIRST
    assert panel.algorithm_box.findData(Algorithm.MAXN) == -1
    assert not panel.shallow_box.isVisible()


def test_the_seats_are_remembered(qtbot: QtBot, tmp_path: Path) -> None:
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    first = MainWindow(settings)
    qtbot.addWidget(first)
    first.new_game(PlayConfig(game="nim3", humans=(False, True, True)))
    first.close()
    assert settings.value("play/humans") == "APP"  # A the AI, B and C people
    second = MainWindow(settings)
    qtbot.addWidget(second)
    try:
        assert second.config.game == "nim3"
        assert second.config.seated() == (False, True, True)
        assert second.settings_panel.config.search.algorithm is Algorithm.MAXN
    finally:
        second.close()


def _near(colour: QColor, wanted: QColor) -> bool:
    return all(
        abs(a - b) < 40
        for a, b in zip(
            (colour.red(), colour.green(), colour.blue()),
            (wanted.red(), wanted.green(), wanted.blue()),
            strict=True,
        )
    )
