"""Playing against Monte Carlo tree search in the main window (issue 16)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot

from gamesearch_gui.core.games import ConnectFour
from gamesearch_gui.core.games import Pig
from gamesearch_gui.core.games import TicTacToe
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search.mcts import DEFAULT_EXPLORATION
from gamesearch_gui.ui.main_window import MainWindow
from gamesearch_gui.ui.play_config import DEFAULT_ITERATIONS
from gamesearch_gui.ui.play_config import PlayConfig
from gamesearch_gui.ui.play_config import Seats
from gamesearch_gui.ui.play_config import default_search
from gamesearch_gui.ui.play_config import search_from_dict
from gamesearch_gui.ui.play_config import search_to_dict
from gamesearch_gui.ui.settings_panel import SettingsPanel
from tests.ui.test_main_window import AI_TIMEOUT_MS
from tests.ui.test_main_window import click_move
from tests.ui.test_main_window import store
from tests.ui.test_main_window import window

__all__ = ["store", "window"]  # the fixtures, shared with test_main_window


def _choose_mcts(panel: SettingsPanel) -> None:
    panel.algorithm_box.setCurrentIndex(panel.algorithm_box.findData(Algorithm.MCTS))


def test_every_game_offers_mcts_with_its_own_settings(qtbot: QtBot) -> None:
    for game in (TicTacToe.name, ConnectFour.name, Pig.name):
        panel = SettingsPanel(PlayConfig().with_game(game))
        qtbot.addWidget(panel)
        panel.show()
        assert not panel.iterations_spin.isVisible()
        _choose_mcts(panel)
        search = panel.config.search
        assert search.algorithm is Algorithm.MCTS
        assert search.iterations == DEFAULT_ITERATIONS
        assert search.exploration == DEFAULT_EXPLORATION  # √2, though the box shows 1.41
        # Its own settings show; the depth-limited searches' do not apply and are hidden.
        assert panel.iterations_spin.isVisible() and panel.exploration_spin.isVisible()
        assert panel.seed_spin.isVisible()
        assert not panel.depth_spin.isVisible() and not panel.evaluation_box.isVisible()
        assert not panel.tt_box.isVisible() and not panel.ordering_box.isVisible()
        assert "iterations" in panel.note.text() and "tried most" in panel.note.text()


def test_mcts_settings_edit_and_no_iteration_limit_means_a_time_limit(qtbot: QtBot) -> None:
    panel = SettingsPanel(PlayConfig().with_game(TicTacToe.name))
    qtbot.addWidget(panel)
    _choose_mcts(panel)
    with qtbot.waitSignal(panel.searchChanged) as changed:
        panel.exploration_spin.setValue(0.5)
    assert changed.args[0].search.exploration == 0.5
    panel.seed_spin.setValue(7)
    panel.iterations_spin.setValue(300)
    assert panel.config.search.iterations == 300 and panel.config.search.seed == 7
    panel.iterations_spin.setValue(0)  # "No limit (time only)"
    search = panel.config.search
    assert search.iterations is None and search.time_budget is not None
    assert panel.timed.isChecked() and panel.timed.text() == "Time limit"
    # Back to alpha-beta: a depth-limited search again, without MCTS's fields.
    panel.algorithm_box.setCurrentIndex(panel.algorithm_box.findData(Algorithm.ALPHABETA))
    assert panel.config.search.iterations is None and panel.config.search.seed == 0
    assert panel.depth_spin.isVisibleTo(panel)


def test_mcts_settings_are_remembered() -> None:
    search = SearchSettings(
        algorithm=Algorithm.MCTS, iterations=750, exploration=0.8, seed=3, time_budget=1.5
    )
    stored = {k: str(v) for k, v in search_to_dict(search).items()}  # QSettings' strings
    assert search_from_dict(stored, default_search(TicTacToe.name)) == search
    # Held to the panel's ranges, as a settings file edited by hand may not be.
    stored.update(iterations="99999999", exploration="nan", time_budget="0")
    back = search_from_dict(stored, default_search(TicTacToe.name))
    assert back.iterations == 1_000_000 and back.exploration == DEFAULT_EXPLORATION


def test_playing_against_mcts_in_tictactoe(qtbot: QtBot, window: MainWindow) -> None:
    window.new_game(PlayConfig(game="tictactoe", seats=Seats.HUMAN_FIRST))
    _choose_mcts(window.settings_panel)
    window.settings_panel.iterations_spin.setValue(400)
    click_move(qtbot, window, 0)
    qtbot.waitUntil(lambda: len(window.match.plies) == 2, timeout=AI_TIMEOUT_MS)
    result = window.move_searches[2]
    assert result.settings.algorithm is Algorithm.MCTS
    assert result.stats.iterations == 400
    # It played the move it tried most.
    most = max(result.root_moves, key=lambda m: m.visits)
    assert window.match.plies[1].move == result.best_move
    assert next(m for m in result.root_moves if m.move == result.best_move).visits == most.visits
    assert "Monte Carlo tree search, " in window.stats.text("search")


def test_hint_under_mcts_is_the_most_visited_move(qtbot: QtBot, window: MainWindow) -> None:
    search = SearchSettings(algorithm=Algorithm.MCTS, iterations=3000)
    window.new_game(PlayConfig(game="tictactoe", seats=Seats.TWO_HUMANS, search=search))
    for move in (0, 4):
        click_move(qtbot, window, move)
    board = window.board
    assert board is not None
    window.act_hint.trigger()
    qtbot.waitUntil(lambda: board.hint is not None, timeout=AI_TIMEOUT_MS)
    assert board.hint in window.match.legal()
    analysis = window.session.analysis
    assert analysis is not None and analysis.settings.algorithm is Algorithm.MCTS
    assert board.hint == max(analysis.root_moves, key=lambda m: m.visits).move
    assert "Hint: play" in window.statusBar().currentMessage()


def test_move_now_under_mcts_plays_the_most_visited_move(qtbot: QtBot, window: MainWindow) -> None:
    search = SearchSettings(algorithm=Algorithm.MCTS, time_budget=120.0)
    window.new_game(PlayConfig(game="connect4", seats=Seats.HUMAN_FIRST, search=search))
    click_move(qtbot, window, 3)
    qtbot.waitUntil(lambda: window.act_move_now.isEnabled(), timeout=5000)
    qtbot.waitUntil(lambda: window.controller.busy, timeout=AI_TIMEOUT_MS)
    window.act_move_now.trigger()
    qtbot.waitUntil(lambda: len(window.match.plies) == 2, timeout=AI_TIMEOUT_MS)
    result = window.move_searches[2]
    assert result.stats.iterations >= 1
    most = max(m.visits for m in result.root_moves)
    played = window.match.plies[1].move
    assert next(m for m in result.root_moves if m.move == played).visits == most
    assert "stopped early" in window.stats.text("status")


def test_mcts_is_remembered_by_the_window(qtbot: QtBot, tmp_path: Path) -> None:
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    first = MainWindow(settings)
    qtbot.addWidget(first)
    first.new_game(PlayConfig(game="tictactoe", seats=Seats.TWO_HUMANS))
    _choose_mcts(first.settings_panel)
    first.settings_panel.seed_spin.setValue(11)
    first.close()
    second = MainWindow(settings)
    qtbot.addWidget(second)
    try:
        assert second.config.search.algorithm is Algorithm.MCTS
        assert second.config.search.seed == 11
        assert second.settings_panel.seed_spin.value() == 11
        assert second.settings_panel.iterations_spin.isVisibleTo(second.settings_panel)
    finally:
        second.close()


def test_the_statistics_say_what_mcts_did_and_claim_no_guarantee(
    qtbot: QtBot, window: MainWindow
) -> None:
    search = SearchSettings(algorithm=Algorithm.MCTS, iterations=300, seed=5)
    window.new_game(PlayConfig(game="tictactoe", seats=Seats.HUMAN_SECOND, search=search))
    qtbot.waitUntil(lambda: len(window.match.plies) == 1, timeout=AI_TIMEOUT_MS)
    assert window.stats.text("search").endswith(
        ": Monte Carlo tree search, 300 iterations, C 1.414, seed 5"
    )
    assert window.stats.text("depth") == "playouts to the end (300 iterations)"
    assert not window.stats.labels["guarantee"].isVisibleTo(window.stats)


def test_the_status_bar_counts_mcts_s_iterations_not_a_depth(
    qtbot: QtBot, window: MainWindow
) -> None:
    search = SearchSettings(algorithm=Algorithm.MCTS, iterations=2000, seed=5)
    window.new_game(PlayConfig(game="tictactoe", seats=Seats.HUMAN_SECOND, search=search))
    qtbot.waitUntil(lambda: len(window.match.plies) == 1, timeout=AI_TIMEOUT_MS)
    text = window.progress_label.text()
    assert text.startswith("searched:") and "2,000 iterations" in text
    assert "depth" not in text
    # While it thinks, too (and the statistics count its iterations so far).
    search = SearchSettings(algorithm=Algorithm.MCTS, time_budget=120.0)
    window.new_game(PlayConfig(game="connect4", seats=Seats.HUMAN_SECOND, search=search))
    qtbot.waitUntil(lambda: "thinking" in window.progress_label.text(), timeout=AI_TIMEOUT_MS)
    text = window.progress_label.text()
    assert " iterations · " in text and "depth" not in text
    qtbot.waitUntil(lambda: "so far" in window.stats.text("depth"), timeout=AI_TIMEOUT_MS)
    assert window.stats.text("depth").startswith("playouts to the end (")
    window.new_game(PlayConfig(game="tictactoe", seats=Seats.TWO_HUMANS))
