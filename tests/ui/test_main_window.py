"""The main window, driven by clicks as a person would: the AI plays through its worker."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication
from PySide6.QtCore import QEvent
from PySide6.QtCore import QSettings
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDialog
from PySide6.QtWidgets import QTextBrowser
from pytestqt.qtbot import QtBot

from gamesearch_gui.core.game import Player
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import Ordering
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.ui.boards.base import BoardWidget
from gamesearch_gui.ui.main_window import MainWindow
from gamesearch_gui.ui.play_config import PlayConfig
from gamesearch_gui.ui.play_config import Seats
from gamesearch_gui.ui.play_config import default_search
from gamesearch_gui.ui.tree.model import TreeModel
from tests.core.reference import assert_optimal
from tests.core.reference import root_values
from tests.processes import process_alive

AI_TIMEOUT_MS = 60_000


@pytest.fixture
def store(tmp_path: Path) -> QSettings:
    """Settings in a file of the test's own, never the user's."""
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def window(qtbot: QtBot, store: QSettings, monkeypatch: pytest.MonkeyPatch) -> Iterator[MainWindow]:
    """A main window that plays at full speed and shows no modal boxes."""
    shown: list[tuple[str, str]] = []
    monkeypatch.setattr(
        MainWindow, "_message", lambda self, title, html: shown.append((title, html))
    )
    made = MainWindow(store)
    made.pace_override_ms = 0
    made.rng.seed(0)  # the window's dice and coins: the same throws in every run
    made.messages = shown  # type: ignore[attr-defined]
    qtbot.addWidget(made)
    made.show()
    yield made
    made.close()


def click_move(qtbot: QtBot, window: MainWindow, move: Any) -> None:
    """Play ``move`` by clicking the board where a person would."""
    assert window.board is not None
    for widget, point in window.board.click_targets(move):
        qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=point)


def wait_for_person_or_end(qtbot: QtBot, window: MainWindow) -> None:
    """Wait until the AI (and the dice) have moved and it is a person's turn, or it is over."""

    def ready() -> bool:
        match = window.match
        if match.is_over:
            return True
        return window.human_to_move() and window.board is not None and window.board.interactive

    qtbot.waitUntil(ready, timeout=AI_TIMEOUT_MS)


def start(window: MainWindow, game: str, seats: Seats, **search: Any) -> None:
    settings = replace(default_search(game), **search)
    window.new_game(PlayConfig(game=game, seats=seats, search=settings))


# -- whole games by clicks -------------------------------------------------------------


def test_thirty_tictactoe_games_by_clicking_the_ai_never_loses(
    qtbot: QtBot, window: MainWindow
) -> None:
    rng = random.Random(2024)
    full_depth = SearchSettings(Algorithm.ALPHABETA)
    for number in range(30):
        seats = Seats.HUMAN_FIRST if number % 2 == 0 else Seats.HUMAN_SECOND
        window.new_game(PlayConfig(game="tictactoe", seats=seats, search=full_depth))
        while True:
            wait_for_person_or_end(qtbot, window)
            if window.match.is_over:
                break
            click_move(qtbot, window, rng.choice(window.match.legal()))
        value = window.game.terminal_value(window.match.state)
        ai = Player.MIN if seats is Seats.HUMAN_FIRST else Player.MAX
        assert value is not None
        assert (value <= 0) if ai is Player.MIN else (value >= 0), window.match.plies
        assert "you win" not in window.headline.text()


def test_connect4_ai_blocks_every_immediate_threat(qtbot: QtBot, window: MainWindow) -> None:
    threats_seen = 0
    for seed in range(6):
        threats_seen += play_connect4_threatening(qtbot, window, random.Random(seed))
        if threats_seen >= 3:
            break
    assert threats_seen >= 3  # the test saw the AI face real threats


def play_connect4_threatening(qtbot: QtBot, window: MainWindow, rng: random.Random) -> int:
    """Play a game that builds threats; check the AI blocks each single one. Returns how many."""
    start(window, "connect4", Seats.HUMAN_FIRST, depth=2, time_budget=None)
    game = window.game
    seen = 0
    while True:
        wait_for_person_or_end(qtbot, window)
        if window.match.is_over:
            return seen
        state = window.match.state
        click_move(qtbot, window, threatening_move(game, state, rng))
        after = window.match.state
        if game.is_terminal(after):
            return seen
        threats = winning_replies(game, after)
        ai_wins = winning_replies(game, (after[0] ^ after[1], after[1], after[2] + 1))
        wait_for_person_or_end(qtbot, window)
        if len(threats) == 1 and not ai_wins:
            seen += 1
            reply = window.match.plies[-1]
            assert reply.before == after
            assert reply.move == threats[0], f"the AI did not block column {threats[0] + 1}"


def threatening_move(game: Any, state: Any, rng: random.Random) -> int:
    """Win if we can, block if we must, else the move that makes the most threats."""
    moves = list(game.actions(state))
    rng.shuffle(moves)
    for move in moves:
        if game.terminal_value(game.result(state, move)):
            return move
    mover, mask, plies = state
    theirs = winning_replies(game, (mover ^ mask, mask, plies + 1))
    if theirs:
        return theirs[0]

    def score(move: int) -> tuple[bool, int]:
        after = game.result(state, move)
        opened = bool(winning_replies(game, (after[0] ^ after[1], after[1], after[2] + 1)))
        return (not opened, len(winning_replies(game, after)))

    return max(moves, key=score)


def winning_replies(game: Any, state: Any) -> list[int]:
    """Columns where the player who just moved would win if they moved again now."""
    if game.is_terminal(state):
        return []
    # Pass the turn: the same position with the other side to move, by a null move.
    mover_bits, mask, plies = state
    swapped = (mover_bits ^ mask, mask, plies + 1)
    return [m for m in game.actions(swapped) if game.terminal_value(game.result(swapped, m))]


def test_pennies_from_7_reaches_game_over_by_clicks(qtbot: QtBot, window: MainWindow) -> None:
    rng = random.Random(3)
    window.new_game(
        PlayConfig(game="pennies", seats=Seats.HUMAN_FIRST, options={"pennies_start": 7})
    )
    assert window.match.state == window.game.parse_position("7 max")
    while True:
        wait_for_person_or_end(qtbot, window)
        if window.match.is_over:
            break
        click_move(qtbot, window, rng.choice(window.match.legal()))
    # From 7 the first player loses against perfect play.
    assert window.game.terminal_value(window.match.state) == -1
    assert window.headline.text() == "Game over: the AI wins"


def test_pig_reaches_game_over_by_clicks(qtbot: QtBot, window: MainWindow) -> None:
    window.rng.seed(11)
    window.new_game(
        PlayConfig(
            game="pig",
            seats=Seats.HUMAN_FIRST,
            options={"pig_target": 12},
            search=SearchSettings(Algorithm.STAR1, depth=4, transposition_table=True),
        )
    )
    while True:
        wait_for_person_or_end(qtbot, window)
        if window.match.is_over:
            break
        score_max, _, turn, _, _ = window.match.state
        move = "hold" if turn >= 6 or score_max + turn >= 12 else "roll"
        if move not in window.match.legal():
            move = "roll"
        click_move(qtbot, window, move)
    score_max, score_min, *_ = window.match.state
    value = window.game.terminal_value(window.match.state)
    assert (value > 0) == (score_max >= 12) and (value < 0) == (score_min >= 12)
    assert window.headline.text().startswith("Game over")


# -- the worker: cancel, restart, close ------------------------------------------------


def test_hundred_new_games_during_searches_then_close(qtbot: QtBot, window: MainWindow) -> None:
    deep = SearchSettings(Algorithm.ALPHABETA, depth=12)
    config = PlayConfig(game="connect4", seats=Seats.HUMAN_SECOND, search=deep)
    for i in range(100):
        window.new_game(config)
        assert window.controller.busy
        if i % 10 == 0:
            qtbot.wait(10)
    window.new_game(PlayConfig(game="tictactoe", seats=Seats.HUMAN_SECOND))
    qtbot.waitUntil(lambda: len(window.match.plies) == 1, timeout=AI_TIMEOUT_MS)
    window.new_game(config)
    qtbot.wait(20)
    window.close()
    assert not window.controller._thread.isRunning()


def test_a_new_game_s_board_alone_shows_before_the_old_one_is_deleted(
    qtbot: QtBot, window: MainWindow
) -> None:
    # The old board is deleted only back in the event loop; it showed through the new
    # one's page meanwhile (a white strip under the board in scripted screenshots).
    old = window.play_page.board
    assert old is not None and old.isVisible()
    window.new_game(PlayConfig(game="chess", seats=Seats.HUMAN_FIRST), start=False)
    assert not old.isVisible()  # at once, before the event loop deletes it
    new = window.play_page.board
    assert new is not None and new is not old
    qtbot.waitUntil(new.isVisible)
    boards = [child for child in window.play_page.children() if isinstance(child, BoardWidget)]
    assert [board for board in boards if board.isVisible()] == [new]


def test_undo_during_the_ai_search_cancels_it(qtbot: QtBot, window: MainWindow) -> None:
    start(window, "connect4", Seats.HUMAN_FIRST, depth=12, time_budget=None)
    click_move(qtbot, window, 3)
    assert window.controller.busy
    window.undo()
    assert not window.controller.busy
    assert window.match.plies == ()
    assert window.board is not None and window.board.interactive


def test_move_now_plays_the_best_move_so_far(qtbot: QtBot, window: MainWindow) -> None:
    start(window, "connect4", Seats.HUMAN_FIRST, depth=14, time_budget=600.0)
    click_move(qtbot, window, 3)
    qtbot.waitUntil(lambda: window.act_move_now.isEnabled(), timeout=5000)
    qtbot.wait(200)
    window.act_move_now.trigger()
    qtbot.waitUntil(lambda: len(window.match.plies) == 2, timeout=AI_TIMEOUT_MS)
    assert window.match.plies[1].player is Player.MIN
    assert "stopped early" in window.stats.text("status")


# -- settings, hint, values, undo ------------------------------------------------------


def test_settings_panel_changes_apply_at_the_next_ai_move(qtbot: QtBot, window: MainWindow) -> None:
    start(window, "connect4", Seats.HUMAN_FIRST, depth=2, time_budget=None)
    panel = window.settings_panel
    panel.depth_spin.setValue(4)
    panel.ordering_box.setCurrentIndex(panel.ordering_box.findData(Ordering.NONE))
    panel.tt_box.setChecked(False)
    assert window.config.search.depth == 4
    click_move(qtbot, window, 3)
    qtbot.waitUntil(lambda: len(window.match.plies) == 2, timeout=AI_TIMEOUT_MS)
    result = window.move_searches[2]
    assert result.settings.depth == 4
    assert result.settings.ordering is Ordering.NONE and not result.settings.transposition_table
    assert result.stats.max_depth == 4
    assert "depth 4" in window.stats.text("search")
    # Choosing another game starts it.
    panel.game_box.setCurrentIndex(panel.game_box.findData("pennies"))
    assert window.game.name == "pennies" and window.match.plies == ()


def test_fail_hard_is_offered_with_alpha_beta_and_reaches_the_ai(
    qtbot: QtBot, window: MainWindow
) -> None:
    start(window, "tictactoe", Seats.HUMAN_FIRST, transposition_table=False)
    panel = window.settings_panel
    assert panel.fail_hard.isEnabled() and not panel.fail_hard.isChecked()
    assert "α or β" in panel.fail_hard.text() and "fail-soft" in panel.fail_hard.toolTip()
    panel.algorithm_box.setCurrentIndex(panel.algorithm_box.findData(Algorithm.MINIMAX))
    assert not panel.fail_hard.isEnabled()
    panel.algorithm_box.setCurrentIndex(panel.algorithm_box.findData(Algorithm.ALPHABETA))
    qtbot.mouseClick(panel.fail_hard, Qt.MouseButton.LeftButton)
    assert window.config.search.fail_hard
    # The AI's search (in the engine process) is fail-hard, and says so.
    click_move(qtbot, window, 4)
    qtbot.waitUntil(lambda: len(window.match.plies) == 2, timeout=AI_TIMEOUT_MS)
    assert window.move_searches[2].settings.fail_hard
    assert "Alpha-beta, fail-hard" in window.stats.text("search")
    # A game without alpha-beta (Pig) leaves it off; tic-tac-toe remembers it.
    panel.game_box.setCurrentIndex(panel.game_box.findData("pig"))
    assert not panel.fail_hard.isEnabled() and not window.config.search.fail_hard
    panel.game_box.setCurrentIndex(panel.game_box.findData("tictactoe"))
    assert panel.fail_hard.isChecked() and window.config.search.fail_hard


def test_hint_is_legal_and_optimal_in_tictactoe(qtbot: QtBot, window: MainWindow) -> None:
    window.new_game(PlayConfig(game="tictactoe", seats=Seats.TWO_HUMANS))
    for move in (0, 4, 8):
        click_move(qtbot, window, move)
    board = window.board
    assert board is not None
    window.act_hint.trigger()
    qtbot.waitUntil(lambda: board.hint is not None, timeout=AI_TIMEOUT_MS)
    state = window.match.state
    assert board.hint in window.match.legal()
    assert_optimal(window.game, state, board.hint)
    assert "Hint: play" in window.statusBar().currentMessage()


def test_move_values_label_each_move_with_its_exact_value(qtbot: QtBot, window: MainWindow) -> None:
    window.new_game(PlayConfig(game="tictactoe", seats=Seats.TWO_HUMANS))
    click_move(qtbot, window, 4)
    board = window.board
    assert board is not None
    window.act_values.trigger()
    qtbot.waitUntil(lambda: bool(board.move_values), timeout=AI_TIMEOUT_MS)
    assert board.move_values == root_values(window.game, window.match.state)


def test_undo_and_redo_over_the_whole_game(qtbot: QtBot, window: MainWindow) -> None:
    window.new_game(PlayConfig(game="tictactoe", seats=Seats.HUMAN_FIRST))
    for _ in range(2):
        wait_for_person_or_end(qtbot, window)
        click_move(qtbot, window, window.match.legal()[0])
    wait_for_person_or_end(qtbot, window)
    played = [ply.move for ply in window.match.plies]
    assert len(played) == 4
    window.undo()
    assert len(window.match.plies) == 2 and window.board is not None and window.board.interactive
    window.undo()
    assert window.match.plies == () and not window.act_undo.isEnabled()
    window.redo()
    window.redo()
    assert [ply.move for ply in window.match.plies] == played
    assert window.history.count() == 4


def test_layout_and_settings_are_remembered(qtbot: QtBot, store: QSettings) -> None:
    first = MainWindow(store)
    qtbot.addWidget(first)
    first.new_game(PlayConfig(game="connect4", seats=Seats.TWO_HUMANS))
    first.settings_panel.fail_hard.setChecked(True)
    first.new_game(PlayConfig(game="pig", seats=Seats.TWO_HUMANS, options={"pig_target": 30}))
    first.settings_panel.depth_spin.setValue(3)
    first.close()
    second = MainWindow(store)
    qtbot.addWidget(second)
    try:
        assert second.config.game == "pig" and second.config.options["pig_target"] == 30
        assert second.config.seats is Seats.TWO_HUMANS
        assert second.config.search.depth == 3
        second.settings_panel.game_box.setCurrentIndex(
            second.settings_panel.game_box.findData("connect4")
        )
        assert second.config.search.fail_hard
        assert second.settings_panel.fail_hard.isChecked()
    finally:
        second.close()


def test_help_and_about_say_what_they_should(qtbot: QtBot, window: MainWindow) -> None:
    window.act_how.trigger()
    window.act_about.trigger()
    titles = [title for title, _ in window.messages]  # type: ignore[attr-defined]
    assert titles == ["How to play", "About gamesearch-gui"]
    assert "alpha" in window.messages[0][1].lower()  # type: ignore[attr-defined]


def test_help_and_about_boxes_go_once_closed(
    qtbot: QtBot, store: QSettings, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Found by the long monkey runs: every How to play and About box stayed a child of
    # the window, hidden, until the window closed (39 of them after 6,000 steps).
    shown: list[tuple[str, int, str]] = []

    def look(box: QDialog) -> int:
        [text] = box.findChildren(QTextBrowser)
        shown.append((box.windowTitle(), box.height(), text.toPlainText()))
        return 0

    monkeypatch.setattr(QDialog, "exec", look)
    window = MainWindow(store)
    qtbot.addWidget(window)
    for _ in range(3):
        window.act_how.trigger()
        window.act_about.trigger()
    assert [title for title, _, _ in shown] == ["How to play", "About gamesearch-gui"] * 3
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    assert window.findChildren(QDialog) == []
    # Never taller than the screen (a message box of the rules grew past a laptop's 768
    # pixels, its OK button off the screen): the long text scrolls, all of it there.
    screen = window.screen().availableGeometry().height()
    assert all(height <= screen - 80 for _, height, _ in shown)
    rules = shown[0][2]
    assert rules.startswith("Tic-tac-toe") and "What the AI does" in rules


def test_status_bar_shows_live_progress(qtbot: QtBot, window: MainWindow) -> None:
    # Plain alpha-beta at depth 9 takes seconds: long enough to watch.
    start(
        window,
        "connect4",
        Seats.HUMAN_SECOND,
        depth=9,
        time_budget=None,
        ordering=Ordering.NONE,
        transposition_table=False,
    )
    qtbot.waitUntil(lambda: "thinking" in window.progress_label.text(), timeout=10_000)
    text = window.progress_label.text()
    assert "nodes" in text and "depth 9" in text and "nodes/s" in text
    window.new_game(PlayConfig(game="tictactoe", seats=Seats.TWO_HUMANS))


CLOSE_MID_SEARCH = """
import os, sys, tempfile, time
os.environ["QT_QPA_PLATFORM"] = "offscreen"
from PySide6.QtCore import QSettings, QTimer
from PySide6.QtWidgets import QApplication
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.ui.main_window import MainWindow
from gamesearch_gui.ui.play_config import PlayConfig, Seats
app = QApplication([])
store = QSettings(os.path.join(tempfile.mkdtemp(), "s.ini"), QSettings.Format.IniFormat)
window = MainWindow(store)
window.show()
window.new_game(PlayConfig(game="connect4", seats=Seats.HUMAN_SECOND,
                           search=SearchSettings(depth=14)))
closed = []
def close():
    assert window.controller.busy, "the search should still be running"
    pid = window.controller.engine.pid
    assert pid is not None, "the search should run in the engine process"
    print("engine", pid)
    started = time.perf_counter()
    window.close()
    closed.append(time.perf_counter() - started)
    app.quit()
QTimer.singleShot(1500, close)
app.exec()
print("closed in", closed[0])
"""


def test_closing_mid_search_exits_cleanly_and_ends_the_engine_process() -> None:
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-c", CLOSE_MID_SEARCH], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert "closed in" in done.stdout
    # The engine process ended with the window: asked of the OS.
    engine = int(done.stdout.split("engine", 1)[1].split()[0])
    assert not process_alive(engine)
    assert "QThread" not in done.stderr and "Destroyed while" not in done.stderr
    assert "did not stop" not in done.stdout + done.stderr


def test_the_window_fits_a_laptop_screen_in_both_modes(qtbot: QtBot, window: MainWindow) -> None:
    # A hidden page of a stacked widget used to widen the window past the screen.
    for mode in ("play", "trees", "play"):
        window.set_mode(mode)
        assert window.minimumSizeHint().width() <= 1280, mode


def test_the_view_menu_offers_play_s_panels_only_in_play_mode(
    qtbot: QtBot, window: MainWindow
) -> None:
    # In another mode Statistics, Moves and the rest would show Play's panels, empty,
    # beside a tree being drawn (and squeeze its side panel).
    def offered() -> set[str]:
        return {a.text() for a in window.view_menu.actions() if a.isVisible()}

    panels = {dock.toggleViewAction().text() for dock in window.docks.values()}
    assert {"Settings", "Statistics", "Moves", "Search tree"} <= panels
    assert panels <= offered()
    for mode in ("trees", "exercise"):
        window.set_mode(mode)
        assert not panels & offered(), mode
        assert "&Reset layout" in offered()
        assert not any(dock.isVisible() for dock in window.docks.values())
    window.set_mode("play")
    assert panels <= offered()
    assert window.docks["stats"].isVisible()


def test_every_mode_s_menus_hold_quit_and_the_rules_only_where_a_game_is_played(
    qtbot: QtBot, window: MainWindow
) -> None:
    # Practise by hand had no Quit in any menu; Help > How to play gave tic-tac-toe's
    # rules beside a tree being drawn.
    def offered() -> list[QAction]:
        menus = [a.menu() for a in window.menuBar().actions() if a.isVisible() and a.menu()]
        return [a for menu in menus for a in menu.actions() if a.isVisible()]

    for mode in ("exercise", "trees", "play"):
        window.set_mode(mode)
        assert window.act_quit in offered(), mode
        assert (window.act_how in offered()) == (mode == "play"), mode


def test_an_engine_that_dies_mid_search_is_reported_and_the_next_search_runs(
    qtbot: QtBot, window: MainWindow
) -> None:
    import os
    import signal

    from gamesearch_gui.engine.failure import death

    start(window, "connect4", Seats.HUMAN_SECOND, depth=14, time_budget=None)
    engine = window.controller.engine
    # Killed once part of the tree has arrived.
    qtbot.waitUntil(lambda: window.tree_panel.controller.published > 0, timeout=AI_TIMEOUT_MS)
    first = engine.pid
    assert first is not None
    os.kill(first, signal.SIGKILL)
    # The window says what happened, pauses the AI, and stays responsive.
    qtbot.waitUntil(lambda: window.paused, timeout=AI_TIMEOUT_MS)
    said = window.statusBar().currentMessage()
    assert said == "The search failed: " + death(-signal.SIGKILL).said(), said  # engine.failure
    assert "search failed" in window.headline.text()
    assert window.stats.text("status") == "failed"
    assert window.tree_panel.controller.finished  # the tree shows what was recorded, for good
    recording = window.tree_panel.recording
    assert recording is not None and recording.failure == said.removeprefix("The search failed: ")
    model = TreeModel(recording)
    model.set_moment(recording.event_count)
    assert [label.text for label in model.iteration_labels()] == [
        f"depth 14 · stopped after {recording.node_count:,} nodes"
    ]
    assert not window.controller.busy and len(window.match.plies) == 0
    # Resumed with a search that ends: a new engine process answers it.
    window.config = replace(window.config, search=replace(window.config.search, depth=2))
    window.set_paused(False)
    qtbot.waitUntil(lambda: len(window.match.plies) == 1, timeout=AI_TIMEOUT_MS)
    assert engine.pid not in (None, first)


def test_a_game_between_two_ais_pauses_when_the_person_leaves_play(
    qtbot: QtBot, window: MainWindow
) -> None:
    """Unseen, it would play on for minutes (a chess game of weak AIs runs to a thousand
    plies), with Pause AI out of reach in the other modes."""
    search = SearchSettings(Algorithm.ALPHABETA, depth=2)
    window.new_game(PlayConfig(game="connect4", seats=Seats.TWO_AIS, search=search))
    qtbot.waitUntil(lambda: len(window.match.plies) >= 2, timeout=60_000)
    window.set_mode("trees")
    assert window.paused
    qtbot.waitUntil(lambda: not window.controller.busy, timeout=60_000)
    plies = len(window.match.plies)
    window.set_mode("play")
    assert window.act_pause.isChecked() and window.act_pause.isEnabled()
    assert window.headline.text().startswith("Paused")
    assert len(window.match.plies) == plies
    window.set_paused(False)  # the person resumes it
    qtbot.waitUntil(lambda: len(window.match.plies) > plies, timeout=60_000)
    # A new game of two AIs started from elsewhere (a setting, New game) waits too.
    window.set_mode("trees")
    window.new_game()
    assert window.paused and not window.controller.busy and not window.match.plies
    window.set_mode("play")
    assert window.headline.text().startswith("Paused")
