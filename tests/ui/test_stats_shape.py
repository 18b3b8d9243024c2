"""The statistics panel's guarantee and tree shape, as a person reads them."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from gamesearch_gui.core.games import Pennies
from gamesearch_gui.core.games import TicTacToe
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.trees.tree import TreeGame
from gamesearch_gui.ui.shape_section import NOT_RECORDED_TEXT
from gamesearch_gui.ui.stats_panel import StatsPanel
from tests.core.test_recording import figure_5_2
from tests.core.test_recording import record


def shown_panel(qtbot: QtBot) -> StatsPanel:
    panel = StatsPanel()
    qtbot.addWidget(panel)
    panel.resize(330, 700)
    panel.show()
    qtbot.waitExposed(panel)
    return panel


def table(panel: StatsPanel) -> list[list[str]]:
    grid = panel.shape.table
    return [
        [grid.item(row, column).text() for column in range(3)]  # type: ignore[union-attr]
        for row in range(grid.rowCount())
    ]


def test_figure_5_2_shape_by_depth_and_no_guarantee_for_scores(qtbot: QtBot) -> None:
    panel = shown_panel(qtbot)
    tree = figure_5_2().game.tree  # type: ignore[attr-defined]
    rec = record(TreeGame(tree), tree.root, SearchSettings(Algorithm.MINIMAX))
    panel.show_result(rec.game, tree.root, rec.result, rec)
    assert table(panel) == [["0", "1", "3"], ["1", "3", "3"], ["2", "9", "–"]]
    qtbot.waitUntil(lambda: panel.shape.distinct_text() == "13")
    assert "Games end at depth 2." in panel.shape.summary.text()
    assert "Distinct positions: 13 among 13 nodes." in panel.shape.summary.text()
    assert not panel.labels["guarantee"].isVisible()  # 3 is a score, not a win


def test_a_solved_win_loss_game_says_who_can_force_it(qtbot: QtBot) -> None:
    panel = shown_panel(qtbot)
    game = Pennies(7)
    rec = record(game, game.initial_state(), SearchSettings(Algorithm.ALPHABETA))
    panel.show_result(game, game.initial_state(), rec.result, rec)
    assert panel.labels["guarantee"].isVisible()
    assert panel.text("guarantee") == "MIN can force a win"
    panel.show_result(game, game.initial_state(), rec.result)  # not recorded
    assert panel.shape.summary.text() == NOT_RECORDED_TEXT and panel.shape.table.isHidden()
    panel.clear()
    assert not panel.labels["guarantee"].isVisible()


def test_positions_are_counted_only_while_the_section_is_open(qtbot: QtBot) -> None:
    panel = shown_panel(qtbot)
    game = TicTacToe()
    rec = record(game, game.initial_state(), SearchSettings(Algorithm.MINIMAX, depth=4))
    panel.shape.toggle.setChecked(False)  # folded: nothing to count for
    panel.show_result(game, game.initial_state(), rec.result, rec)
    qtbot.wait(50)
    assert panel.shape.distinct_text() == "counting… 0%"
    panel.shape.toggle.setChecked(True)
    qtbot.waitUntil(lambda: panel.shape.distinct_text() == f"{1 + 9 + 72 + 252 + 756:,}")
    assert [row[1] for row in table(panel)] == ["1", "9", "72", "504", "3,024"]
    assert "No game ended in this tree" in panel.shape.summary.text()


def test_a_capped_recording_says_its_counts_cover_the_first_nodes(qtbot: QtBot) -> None:
    panel = shown_panel(qtbot)
    game = TicTacToe()
    rec = record(game, game.initial_state(), SearchSettings(Algorithm.MINIMAX), node_cap=1000)
    panel.show_result(game, game.initial_state(), rec.result, rec)
    qtbot.waitUntil(lambda: "counting" not in panel.shape.distinct_text())
    assert "among the first 1,000 nodes." in panel.shape.summary.text()
    assert panel.text("nodes") == "549,946"  # the statistics count them all
