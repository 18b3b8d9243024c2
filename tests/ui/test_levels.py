"""The AI's strength levels in the window: the settings' Level picker and Game > AI
level, Custom after a change by hand, the level kept between runs, and the session
playing a level's slips exactly as the core draws them."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot

from gamesearch_gui.core.games import make_game
from gamesearch_gui.core.games.nim3 import ThreePlayerNim
from gamesearch_gui.core.games.tictactoe import TicTacToe
from gamesearch_gui.core.levels import CUSTOM
from gamesearch_gui.core.levels import FILE_GAME_LEVELS
from gamesearch_gui.core.levels import GAME_LEVELS
from gamesearch_gui.core.levels import PLAYERS_FILE_LEVELS
from gamesearch_gui.core.levels import level_move
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import search
from gamesearch_gui.ui import saved
from gamesearch_gui.ui.main_window import MainWindow
from gamesearch_gui.ui.play.saved_config import load_config
from gamesearch_gui.ui.play.session import PlaySession
from gamesearch_gui.ui.play_config import FILE_GAME_SECONDS
from gamesearch_gui.ui.play_config import SEED_RANGE
from gamesearch_gui.ui.play_config import PlayConfig
from gamesearch_gui.ui.play_config import Seats
from gamesearch_gui.ui.play_config import fit_search
from gamesearch_gui.ui.settings_panel import SettingsPanel

AI_TIMEOUT_MS = 60_000


def ini(tmp_path: Path) -> QSettings:
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def panel(qtbot: QtBot) -> SettingsPanel:
    made = SettingsPanel(PlayConfig(game="connect4"))
    qtbot.addWidget(made)
    return made


def test_picking_a_level_sets_its_search_and_shows_it(qtbot: QtBot, panel: SettingsPanel):
    assert panel.level.box.currentText() == "Custom"
    with qtbot.waitSignal(panel.searchChanged) as changed:
        panel.level.box.setCurrentIndex(panel.level.box.findText("Beginner"))
    config = changed.args[0]
    beginner = GAME_LEVELS["connect4"].find("beginner")
    assert config.level == "beginner" and config.search == beginner.search
    assert panel.depth_spin.value() == 1 and not panel.timed.isChecked()
    assert panel.evaluation_box.currentData() == "open_lines"
    assert "Beginner" in panel.note.text() and "35%" in panel.note.text()
    assert panel.level.seed_spin.isVisibleTo(panel)  # Beginner slips: its seed shows
    with qtbot.waitSignal(panel.searchChanged) as changed:
        panel.level.box.setCurrentIndex(panel.level.box.findText("Perfect"))
    assert changed.args[0].search.time_budget == 10.0
    assert panel.timed.isChecked() and panel.time_budget.value() == 10.0
    assert not panel.level.seed_spin.isVisibleTo(panel)  # Perfect never slips
    assert "not perfect" in panel.level.box.itemData(5, 3)  # its tip says so honestly


def test_a_setting_changed_by_hand_switches_to_custom_and_keeps_the_search(
    qtbot: QtBot, panel: SettingsPanel
):
    panel.level.choose("club")
    assert panel.config.level == "club"
    with qtbot.waitSignal(panel.searchChanged) as changed:
        panel.depth_spin.setValue(6)
    assert changed.args[0].level == CUSTOM
    assert panel.level.box.currentText() == "Custom"
    assert changed.args[0].search.depth == 6
    assert changed.args[0].search.evaluation == "open_lines"  # the rest as Club left it
    assert "Club" not in panel.note.text()


def test_a_level_follows_the_person_to_another_game(qtbot: QtBot, panel: SettingsPanel):
    panel.level.choose("casual")
    with qtbot.waitSignal(panel.newGameRequested) as asked:
        panel.game_box.setCurrentIndex(panel.game_box.findData("pig"))
    config = asked.args[0]
    assert config.level == "casual"
    assert config.search == GAME_LEVELS["pig"].find("casual").search
    assert panel.algorithm_box.currentText() == "Expectiminimax"


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> Iterator[MainWindow]:
    made = MainWindow(ini(tmp_path))
    qtbot.addWidget(made)
    made.show()
    yield made
    made.close()


def test_game_menu_ai_level_picks_a_level_and_checks_what_the_settings_show(
    window: MainWindow,
):
    entries = [a.text() for a in window.level_menu.actions() if not a.isSeparator()]
    assert entries == ["Custom", "Beginner", "Casual", "Club", "Strong", "Perfect"]
    assert window.act_level_custom.isChecked()
    window.act_level_strong.trigger()
    assert window.settings_panel.config.level == "strong"
    assert window.session.config.level == "strong"  # the AI's next move uses it
    assert window.act_level_strong.isChecked()
    window.settings_panel.depth_spin.setValue(window.settings_panel.depth_spin.value() - 1)
    assert window.act_level_custom.isChecked() and not window.act_level_strong.isChecked()


def test_the_level_and_its_seed_survive_a_restart(qtbot: QtBot, tmp_path: Path):
    first = MainWindow(ini(tmp_path))
    qtbot.addWidget(first)
    first.act_level_beginner.trigger()
    first.settings_panel.level.seed_spin.setValue(41)
    first.close()
    again = MainWindow(ini(tmp_path))
    qtbot.addWidget(again)
    config = again.settings_panel.config
    assert (config.level, config.level_seed) == ("beginner", 41)
    assert config.search == GAME_LEVELS[config.game].find("beginner").search
    assert again.act_level_beginner.isChecked()
    assert again.settings_panel.level.box.currentText() == "Beginner"
    again.close()


def test_a_hand_edited_level_or_seed_reads_back_held_to_what_the_picker_offers(
    tmp_path: Path,
):
    store = ini(tmp_path)
    store.setValue("play/level", "grandmaster")
    store.setValue("play/level_seed", "99999999999")
    store.setValue("search/tictactoe/depth", 3)
    assert saved.PLAY_LEVEL.read(store) == CUSTOM
    assert saved.PLAY_LEVEL_SEED.read(store) == SEED_RANGE[1]
    store.setValue("play/level", "club")
    store.setValue("play/game", "tictactoe")
    config = load_config(store)
    # The level's search wins over a game's saved search that disagrees with it.
    assert config.level == "club"
    assert config.search == GAME_LEVELS["tictactoe"].find("club").search


def _core_game(seed: int) -> tuple[list[object], int]:
    """Beginner against itself at tic-tac-toe, played by the core alone: the moves, and
    how many were slips."""
    game = make_game("tictactoe")
    beginner = GAME_LEVELS["tictactoe"].find("beginner")
    state, moves, slips = game.initial_state(), [], 0
    while not game.is_terminal(state):
        result = search(game, state, beginner.search)
        choice = level_move(game, state, result, beginner, seed, len(moves) + 1)
        moves.append(choice.move)
        slips += choice.slipped
        state = game.result(state, choice.move)
    return moves, slips


def test_the_session_plays_a_levels_slips_as_the_core_draws_them(qtbot: QtBot):
    seed = 7
    expected, slips = _core_game(seed)
    assert slips >= 2  # this seed slips: a session that ignored it would play otherwise
    config = PlayConfig(game="tictactoe", seats=Seats.TWO_AIS, level_seed=seed)
    session = PlaySession(config.with_level("beginner"))
    said: list[str] = []
    session.message.connect(lambda text, _ms: said.append(text))
    try:
        session.pace_override_ms = 0
        session.begin(session.config.make_game(), paused=False)
        session.advance()
        qtbot.waitUntil(lambda: session.match.is_over, timeout=AI_TIMEOUT_MS * 3)
        assert [ply.move for ply in session.match.plies] == expected
        slipped = [text for text in said if "slipped" in text]
        assert len(slipped) == slips
        assert all(f"seed {seed}" in text for text in slipped)
    finally:
        session.halt()
        session.controller.shutdown()
        session.deleteLater()


def test_a_game_file_has_levels_with_two_players_or_three(qtbot: QtBot, panel: SettingsPanel):
    game = TicTacToe()
    panel.show_file_game(game, "My game", ("X", "O"))
    with qtbot.waitSignal(panel.searchChanged) as changed:
        panel.level.choose("beginner")
    beginner = FILE_GAME_LEVELS[False].find("beginner")
    assert changed.args[0].level == "beginner"
    assert changed.args[0].search == fit_search(game, None, beginner.search)
    assert panel.depth_spin.value() == 1
    # Three players: max^n's levels; Beginner stays chosen, as max^n at depth 1.
    panel.show_file_game(ThreePlayerNim(), "Nim", ("A", "B", "C"))
    chosen = panel.level.chosen()
    assert panel.config.level == "beginner" and chosen == PLAYERS_FILE_LEVELS.levels[0]
    search = panel.config.search
    assert (search.algorithm, search.depth, search.time_budget) == (Algorithm.MAXN, 1, None)
    assert search.evaluation == "reach"  # the file's first, as its cutoffs need one
    with qtbot.waitSignal(panel.searchChanged) as changed:
        panel.level.choose("strong")
    strong = changed.args[0].search
    assert changed.args[0].level == "strong" and strong.algorithm is Algorithm.MAXN
    assert (strong.depth, strong.time_budget) == (5, FILE_GAME_SECONDS)
    assert not panel.timed.isHidden() and panel.timed.isChecked()
    assert "Deepens one ply at a time up to depth 5" in panel.note.text()
    # Custom with no depth limit: max^n deepens against the clock, and the panel shows it.
    with qtbot.waitSignal(panel.searchChanged):
        panel.level.choose(CUSTOM)
    with qtbot.waitSignal(panel.searchChanged):
        panel.full_depth.setChecked(True)
    assert panel.config.level == CUSTOM
    assert panel.config.search.depth is None
    assert panel.config.search.time_budget == FILE_GAME_SECONDS
    assert "Deepens one ply at a time up to the end" in panel.note.text()
