"""The Play settings' quiescence checkbox and the evaluation "none" (issue 14)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from gamesearch_gui.core.game import NO_EVALUATION
from gamesearch_gui.core.games import ConnectFour
from gamesearch_gui.core.games import Pennies
from gamesearch_gui.core.games import TicTacToe
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.ui.play_config import PlayConfig
from gamesearch_gui.ui.play_config import default_search
from gamesearch_gui.ui.play_config import fit_search
from gamesearch_gui.ui.play_config import search_from_dict
from gamesearch_gui.ui.play_config import search_to_dict
from gamesearch_gui.ui.settings_panel import SettingsPanel


def _panel(qtbot: QtBot, game: str) -> SettingsPanel:
    panel = SettingsPanel(PlayConfig().with_game(game))
    qtbot.addWidget(panel)
    return panel


def test_quiescence_is_offered_beside_the_depth_limit_in_connect_four(qtbot: QtBot) -> None:
    panel = _panel(qtbot, ConnectFour.name)
    assert panel.quiescence_box.isEnabled()
    assert "block" in panel.quiescence_box.toolTip()
    with qtbot.waitSignal(panel.searchChanged) as changed:
        panel.quiescence_box.setChecked(True)
    assert changed.args[0].search.quiescence
    assert panel.config.search.depth == 7
    assert "quiet" in panel.note.text()


def test_quiescence_is_off_where_the_game_has_none_or_there_is_no_limit(qtbot: QtBot) -> None:
    panel = _panel(qtbot, Pennies.name)
    assert not panel.quiescence_box.isEnabled()
    panel = _panel(qtbot, TicTacToe.name)
    panel.full_depth.setChecked(True)  # to the end: nothing lies past a horizon
    assert not panel.quiescence_box.isEnabled()
    panel.full_depth.setChecked(False)
    panel.quiescence_box.setChecked(True)
    assert panel.config.search.quiescence
    panel.full_depth.setChecked(True)
    assert not panel.config.search.quiescence


def test_every_game_offers_the_evaluation_none_with_a_tooltip(qtbot: QtBot) -> None:
    panel = _panel(qtbot, ConnectFour.name)
    box = panel.evaluation_box
    last = box.count() - 1
    assert box.itemData(last) == NO_EVALUATION
    assert box.currentData() != NO_EVALUATION  # the game's own is the default
    assert "0" in box.itemData(last, Qt.ItemDataRole.ToolTipRole)
    box.setCurrentIndex(last)
    assert panel.config.search.evaluation == NO_EVALUATION


def test_quiescence_and_none_are_remembered() -> None:
    search = SearchSettings(depth=4, evaluation=NO_EVALUATION, quiescence=True)
    stored = {k: str(v) for k, v in search_to_dict(search).items()}  # QSettings' strings
    back = search_from_dict(stored, default_search(ConnectFour.name))
    assert back.quiescence and back.evaluation == NO_EVALUATION and back.depth == 4
    plain = search_from_dict(search_to_dict(SearchSettings(depth=4)), search)
    assert not plain.quiescence


def test_the_note_under_the_settings_is_shown_whole_when_it_grows(qtbot: QtBot) -> None:
    # A timed search's note takes three lines at the dock's width: none is cut off.
    panel = _panel(qtbot, ConnectFour.name)
    panel.resize(330, 700)
    panel.show()
    qtbot.waitExposed(panel)
    short = panel.note.height()
    panel.timed.setChecked(True)
    note = panel.note
    qtbot.waitUntil(lambda: note.height() >= note.heightForWidth(note.width()))
    assert note.height() > short


def test_chess_quiescence_goes_with_alpha_beta_only(qtbot: QtBot) -> None:
    # Under minimax, chess's capture search has no pruning: depth 1 of one position took
    # 200 s and 6 million nodes. The box is offered with alpha-beta only, and says why.
    panel = _panel(qtbot, "chess")
    alphabeta = panel.algorithm_box.findData(Algorithm.ALPHABETA)
    minimax = panel.algorithm_box.findData(Algorithm.MINIMAX)
    panel.algorithm_box.setCurrentIndex(alphabeta)
    assert panel.quiescence_box.isEnabled()
    panel.quiescence_box.setChecked(True)
    assert panel.config.search.quiescence
    panel.algorithm_box.setCurrentIndex(minimax)
    assert not panel.quiescence_box.isEnabled()
    assert "alpha-beta" in panel.quiescence_box.toolTip()
    assert not panel.config.search.quiescence
    # Stored settings that ask for it are fitted the same way.
    chess = PlayConfig().with_game("chess")
    fitted = fit_search(
        chess.make_game(),
        "chess",
        SearchSettings(Algorithm.MINIMAX, depth=2, evaluation="material", quiescence=True),
    )
    assert not fitted.quiescence
