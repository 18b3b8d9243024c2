"""Game > Compare MCTS with alpha-beta: the dialog's numbers are those ``solve --json``
gives for each search, disagreement is marked, and nothing is left running."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from gamesearch_gui.cli import main
from gamesearch_gui.core.compare import compare_mcts
from gamesearch_gui.core.games import TicTacToe
from gamesearch_gui.core.numbers import format_value
from gamesearch_gui.core.review import FALLBACK_DEPTH
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.ui.compare_mcts_dialog import DISAGREE
from gamesearch_gui.ui.compare_mcts_dialog import MctsCompareDialog
from gamesearch_gui.ui.compare_mcts_dialog import percent
from gamesearch_gui.ui.main_window import MainWindow
from gamesearch_gui.ui.play_config import PlayConfig
from gamesearch_gui.ui.play_config import Seats
from gamesearch_gui.ui.play_config import compare_file_searches
from gamesearch_gui.ui.play_config import compare_searches
from tests.processes import process_alive
from tests.ui.test_game_file_window import COIN_GAMBLE
from tests.ui.test_game_file_window import no_user_module_here
from tests.ui.test_game_file_window import play_by_hand
from tests.ui.test_main_window import AI_TIMEOUT_MS
from tests.ui.test_main_window import click_move
from tests.ui.test_main_window import store
from tests.ui.test_main_window import wait_for_person_or_end
from tests.ui.test_main_window import window
from tests.ui.test_review import NIM_SOURCE
from tests.ui.test_review import NIM_WITH_BOUNDS

__all__ = ["store", "window"]  # the fixtures, shared with test_main_window


def solve(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    """``solve --json`` of tic-tac-toe with these arguments, its answer."""
    return solve_any(capsys, "--game", "tictactoe", *args)


def solve_any(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    """``solve --json`` with these arguments (the game among them), its answer."""
    assert main(["solve", *args, "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert isinstance(answer, dict)
    return answer


def texts(dialog: MctsCompareDialog, table: str) -> list[list[str]]:
    shown = getattr(dialog, table)
    return [
        [shown.item(i, j).text() for j in range(shown.columnCount())]
        for i in range(shown.rowCount())
    ]


def open_from_the_menu(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> MctsCompareDialog:
    """Trigger the Game menu's action; the dialog it opens, once its answer is in."""
    opened: list[MctsCompareDialog] = []

    def run(dialog: MctsCompareDialog) -> int:
        opened.append(dialog)
        dialog.show()  # as exec() does: the searches start when it shows
        qtbot.waitUntil(
            lambda: dialog.comparison is not None or "Cannot" in dialog.status.text(),
            timeout=AI_TIMEOUT_MS,
        )
        dialog.reject()  # as the Close button does
        return 0

    monkeypatch.setattr(MctsCompareDialog, "exec", run)
    monkeypatch.setattr(MctsCompareDialog, "deleteLater", lambda self: None)  # kept to look at
    assert window.act_compare_mcts.isEnabled()
    window.act_compare_mcts.trigger()
    assert len(opened) == 1
    return opened[0]


def test_the_dialog_shows_each_move_with_both_numbers_as_solve_json_gives_them(
    qtbot: QtBot,
    window: MainWindow,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    window.new_game(PlayConfig(game="tictactoe", seats=Seats.TWO_HUMANS))
    for move in (0, 1, 3, 4):  # X O X O: X to move, and 7 wins
        click_move(qtbot, window, move)
    position = "XO.XO...."
    assert TicTacToe().position_text(window.match.state) == position
    dialog = open_from_the_menu(qtbot, window, monkeypatch)

    alphabeta, mcts = compare_searches(window.config, window.game)
    assert mcts.iterations == 2000 and mcts.seed == 0
    assert alphabeta.depth is None and alphabeta.transposition_table  # the game's own
    where = ["--position", position]
    by_mcts = solve(capsys, *where, "--algorithm", "mcts", "--iterations", "2000", "--seed", "0")
    by_alphabeta = solve(capsys, *where, "--algorithm", "alphabeta", "--ordering", "static", "--tt")
    plain = ("--ordering", "none", "--no-tt")
    by_minimax = solve(capsys, *where, "--algorithm", "minimax", *plain)  # each move's exact value

    moves = texts(dialog, "moves")
    assert [row[0] for row in moves] == ["3", "6", "7", "8", "9"]  # a row per legal move
    assert [int(row[1].replace(",", "")) for row in moves] == by_mcts["root_visits"]
    assert [row[2] for row in moves] == [percent(r) for r in by_mcts["root_win_rates"]]
    assert [row[4] for row in moves] == [format_value(v) for v in by_minimax["root_values"]]
    assert "estimate" in dialog.moves.horizontalHeaderItem(2).text()
    assert "exact" in dialog.note.text() and "estimates" in dialog.note.text()
    summary = texts(dialog, "summary")
    assert summary[0][0] == "Alpha-beta" and summary[1][0] == "MCTS"
    assert summary[0][2] == by_alphabeta["best_move"] == "7"
    assert summary[0][3] == f"{format_value(by_alphabeta['value'])} (exact)"
    assert summary[1][2] == by_mcts["best_move"] == "7"
    assert summary[1][6] == f"{by_mcts['stats']['iterations']:,}"
    assert summary[1][5] == f"{by_mcts['stats']['nodes']:,}"
    assert "They agree" in dialog.verdict.text()
    assert moves[2][5] == "alpha-beta and MCTS"
    # Closed, it leaves no thread and no engine process behind.
    assert not dialog.thread_.isRunning() and not dialog.thread_.engine.alive


def one_iteration_that_misses() -> tuple[TicTacToe, Any, SearchSettings, SearchSettings]:
    """Tic-tac-toe where X wins at 7, MCTS of one iteration whose one try misses the win
    (a seed found for it), and alpha-beta to the end."""
    game = TicTacToe()
    state = game.parse_position("XO.XO....")
    alphabeta = SearchSettings(Algorithm.ALPHABETA)
    seed = next(
        s
        for s in range(50)
        if not compare_mcts(
            game, state, SearchSettings(Algorithm.MCTS, iterations=1, seed=s), alphabeta
        ).agree
    )
    return game, state, SearchSettings(Algorithm.MCTS, iterations=1, seed=seed), alphabeta


def test_where_mcts_chooses_a_worse_move_the_dialog_says_so(
    qtbot: QtBot, window: MainWindow
) -> None:
    game, state, mcts, alphabeta = one_iteration_that_misses()
    dialog = MctsCompareDialog(game, state, mcts, alphabeta, window.names(), window)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitUntil(lambda: dialog.comparison is not None, timeout=AI_TIMEOUT_MS)
    comparison = dialog.comparison
    assert comparison is not None and not comparison.agree
    verdict = dialog.verdict.text()
    assert "They disagree" in verdict and "best move is 7" in verdict
    chosen = next(i for i, m in enumerate(comparison.moves) if m.move == comparison.mcts.best_move)
    assert dialog.moves.item(chosen, 0).background().color() == DISAGREE
    assert dialog.moves.item(chosen, 5).text() == "MCTS"
    assert dialog.moves.item(chosen, 1).text() == "1"
    dialog.close()
    assert not dialog.thread_.isRunning() and not dialog.thread_.engine.alive


def test_compare_again_with_more_iterations_and_mcts_finds_the_win(
    qtbot: QtBot, window: MainWindow, capsys: pytest.CaptureFixture[str]
) -> None:
    game, state, mcts, alphabeta = one_iteration_that_misses()
    position = game.position_text(state)
    seed = mcts.seed
    dialog = MctsCompareDialog(game, state, mcts, alphabeta, window.names(), window)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitUntil(lambda: dialog.comparison is not None, timeout=AI_TIMEOUT_MS)
    assert "They disagree" in dialog.verdict.text()
    assert dialog.iterations.value() == 1 and dialog.seed.value() == seed
    first = dialog.thread_
    dialog.iterations.setValue(2000)
    dialog.seed.setValue(1)
    qtbot.mouseClick(dialog.again, Qt.MouseButton.LeftButton)
    assert dialog.comparison is None and dialog.moves.rowCount() == 0
    searching = "Searching: alpha-beta to the end, then MCTS with 2,000 iterations…"
    assert dialog.status.text() == searching
    assert not first.engine.alive
    qtbot.waitUntil(lambda: dialog.comparison is not None, timeout=AI_TIMEOUT_MS)
    where = ("--position", position, "--algorithm", "mcts", "--iterations", "2000", "--seed", "1")
    by_mcts = solve(capsys, *where)
    moves = texts(dialog, "moves")
    assert [int(row[1].replace(",", "")) for row in moves] == by_mcts["root_visits"]
    assert texts(dialog, "summary")[1][6] == "2,000"
    assert dialog.verdict.text() == "<b>They agree</b>: both play 7."
    # C as it was (√2, though the box shows 1.41); then C = 0, which only exploits.
    assert "C 1.414" in texts(dialog, "summary")[1][1]
    dialog.exploration.setValue(0)
    qtbot.mouseClick(dialog.again, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog.comparison is not None, timeout=AI_TIMEOUT_MS)
    greedy = solve(capsys, *where, "--exploration", "0")
    assert texts(dialog, "summary")[1][1] == "2,000 iterations, C 0, seed 1"
    assert [int(row[1].replace(",", "")) for row in texts(dialog, "moves")] == greedy["root_visits"]
    dialog.close()
    assert not dialog.thread_.isRunning() and not dialog.thread_.engine.alive


def compare_again(qtbot: QtBot, dialog: MctsCompareDialog) -> None:
    """Click Compare again; wait for its answer."""
    qtbot.mouseClick(dialog.again, Qt.MouseButton.LeftButton)
    assert dialog.comparison is None
    qtbot.waitUntil(lambda: dialog.comparison is not None, timeout=AI_TIMEOUT_MS)


def test_compare_again_at_another_depth_and_alpha_beta_s_values_are_those_of_that_depth(
    qtbot: QtBot, window: MainWindow, capsys: pytest.CaptureFixture[str]
) -> None:
    game, state, mcts, alphabeta = one_iteration_that_misses()
    dialog = MctsCompareDialog(game, state, mcts, alphabeta, window.names(), window)
    qtbot.addWidget(dialog)
    assert dialog.depth_box.text() == "to the end"  # tic-tac-toe is searched to its end
    dialog.show()
    qtbot.waitUntil(lambda: dialog.comparison is not None, timeout=AI_TIMEOUT_MS)
    assert "exact" in dialog.moves.horizontalHeaderItem(4).text()

    dialog.depth_box.setValue(1)
    assert dialog.depth_box.text() == "1 plies deep"
    qtbot.mouseClick(dialog.again, Qt.MouseButton.LeftButton)
    assert dialog.status.text() == "Searching: alpha-beta to depth 1, then MCTS with 1 iteration…"
    qtbot.waitUntil(lambda: dialog.comparison is not None, timeout=AI_TIMEOUT_MS)
    where = ("--position", game.position_text(state), "--depth", "1")
    by_minimax = solve(capsys, *where, "--algorithm", "minimax", "--ordering", "none", "--no-tt")
    moves = texts(dialog, "moves")
    assert [row[4] for row in moves] == [format_value(v) for v in by_minimax["root_values"]]
    assert dialog.moves.horizontalHeaderItem(4).text() == "Alpha-beta value\n(depth 1)"
    summary = texts(dialog, "summary")
    assert "depth 1" in summary[0][1] and summary[0][3].endswith("(at the depth cutoff)")
    assert "not exact" in dialog.note.text()
    assert texts(dialog, "summary")[1][6] == "1"  # MCTS as it was

    dialog.depth_box.setValue(0)  # to the end again: exact
    compare_again(qtbot, dialog)
    assert texts(dialog, "summary")[0][3].endswith("(exact)")
    dialog.close()
    assert not dialog.thread_.isRunning() and not dialog.thread_.engine.alive


def test_compare_again_mid_search_stops_it_and_starts_over_with_the_new_depth(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A depth chosen too deep need not be waited for, nor the dialog closed: Compare
    again stops the search that runs, and nothing it would still have said shows."""
    config = PlayConfig(game="connect4")
    game = config.make_game()
    deep = replace(sides(config)[0], depth=12)  # minutes, from the empty board
    mcts = SearchSettings(Algorithm.MCTS, iterations=100, seed=0)
    dialog = MctsCompareDialog(game, game.initial_state(), mcts, deep, window.names(), window)
    qtbot.addWidget(dialog)
    said: list[str] = []
    monkeypatch.setattr(dialog, "_failed", said.append)  # "Cannot compare: …" never shows
    dialog.show()
    first = dialog.thread_
    qtbot.waitUntil(lambda: first.engine.alive, timeout=AI_TIMEOUT_MS)
    assert dialog.status.text().startswith("Searching: alpha-beta to depth 12")
    assert dialog.again.isEnabled()  # while it searches
    dialog.depth_box.setValue(2)
    qtbot.mouseClick(dialog.again, Qt.MouseButton.LeftButton)
    assert not first.isRunning() and not first.engine.alive
    assert dialog.status.text().startswith("Searching: alpha-beta to depth 2")
    qtbot.waitUntil(lambda: dialog.comparison is not None, timeout=AI_TIMEOUT_MS)
    assert dialog.comparison.minimax.settings.depth == 2
    qtbot.wait(300)  # anything the stopped search still had on its way would show by now
    assert dialog.status.text() == "" and dialog.comparison.minimax.settings.depth == 2
    assert said == []
    dialog.close()
    assert not dialog.thread_.isRunning() and not dialog.thread_.engine.alive


def test_an_ai_s_time_limit_gives_way_to_the_iterations_it_reached(
    qtbot: QtBot, window: MainWindow
) -> None:
    game = TicTacToe()
    mcts = SearchSettings(Algorithm.MCTS, time_budget=0.05, seed=3)
    alphabeta = SearchSettings(Algorithm.ALPHABETA)
    dialog = MctsCompareDialog(game, game.initial_state(), mcts, alphabeta, window.names(), window)
    qtbot.addWidget(dialog)
    assert dialog.iterations.value() == 2000  # before: the default
    dialog.show()
    qtbot.waitUntil(lambda: dialog.comparison is not None, timeout=AI_TIMEOUT_MS)
    reached = dialog.comparison.mcts.iterations
    assert dialog.iterations.value() == reached >= 1  # what the time allowed
    qtbot.mouseClick(dialog.again, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog.comparison is not None, timeout=AI_TIMEOUT_MS)
    again = dialog.comparison.mcts
    assert again.settings.time_budget is None and again.iterations == reached
    dialog.close()


def test_closing_it_mid_search_cancels_and_leaves_nothing_running(
    qtbot: QtBot, window: MainWindow
) -> None:
    from gamesearch_gui.core.games import ConnectFour

    game = ConnectFour()
    alphabeta = SearchSettings(Algorithm.ALPHABETA, depth=14)  # hours: only a cancel ends it
    mcts = SearchSettings(Algorithm.MCTS, iterations=1_000_000)
    dialog = MctsCompareDialog(game, game.initial_state(), mcts, alphabeta, window.names(), window)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitUntil(lambda: dialog.thread_.engine.pid is not None, timeout=AI_TIMEOUT_MS)
    pid = dialog.thread_.engine.pid
    assert pid is not None
    dialog.reject()
    assert not dialog.thread_.isRunning() and not dialog.thread_.engine.alive
    assert not process_alive(pid)
    assert dialog.comparison is None


def test_a_dialog_closed_before_it_shows_starts_no_engine(qtbot: QtBot, window: MainWindow) -> None:
    game = TicTacToe()
    mcts = SearchSettings(Algorithm.MCTS, iterations=100)
    dialog = MctsCompareDialog(
        game, game.initial_state(), mcts, SearchSettings(), window.names(), window
    )
    qtbot.addWidget(dialog)
    dialog.reject()
    assert dialog.thread_.engine.starts == 0 and not dialog.thread_.isRunning()


def test_the_start_position_is_named_in_words_and_a_later_one_by_its_notation(
    qtbot: QtBot, window: MainWindow
) -> None:
    # At Connect Four's start it said "Position '', Red to move".
    window.new_game(PlayConfig(game="connect4", seats=Seats.TWO_HUMANS))
    game = window.game
    alphabeta, mcts = compare_searches(window.config, window.game)
    for state, where in (
        (game.initial_state(), "The start position, <b>Red</b> to move."),
        (game.result(game.initial_state(), 3), "Position &#x27;4&#x27;, <b>Yellow</b> to move."),
    ):
        dialog = MctsCompareDialog(game, state, mcts, alphabeta, window.names(), window)
        qtbot.addWidget(dialog)
        assert dialog.where.text().startswith(where)
        dialog.reject()


def test_a_position_with_no_move_to_compare_is_said(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    window.new_game(PlayConfig(game="pig", seats=Seats.TWO_HUMANS))
    dialog = open_from_the_menu(qtbot, window, monkeypatch)
    assert dialog.status.text().startswith("Cannot compare: ")
    assert "chance" in dialog.status.text()
    assert dialog.comparison is None


def test_in_pig_mcts_is_set_beside_expectiminimax_with_the_ai_s_depth(
    qtbot: QtBot,
    window: MainWindow,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    # It was refused: "alpha-beta does not apply". MCTS plays chance; expectiminimax
    # values every move exactly to its depth (Star1's pruning would leave bounds).
    window.rng.seed(11)
    star1 = SearchSettings(Algorithm.STAR1, depth=4, transposition_table=True)
    window.new_game(
        PlayConfig(game="pig", seats=Seats.TWO_HUMANS, options={"pig_target": 12}, search=star1)
    )
    wait_for_person_or_end(qtbot, window)  # the die rolled: a person decides
    game = window.game
    position = game.position_text(window.match.state)
    assert position.endswith("max to decide")
    minimax, _ = compare_searches(window.config, game)
    assert minimax.algorithm is Algorithm.EXPECTIMINIMAX and minimax.depth == 4
    dialog = open_from_the_menu(qtbot, window, monkeypatch)
    assert dialog.comparison is not None, dialog.status.text()
    assert dialog.windowTitle() == "MCTS against expectiminimax — Pig"

    where = ["--game", "pig", "--target", "12", "--position", position]
    plain = ("--ordering", "none", "--no-tt")
    by_side = solve_any(capsys, *where, "--algorithm", "expectiminimax", "--depth", "4", *plain)
    by_mcts = solve_any(
        capsys, *where, "--algorithm", "mcts", "--iterations", "2000", "--seed", "0"
    )
    summary = texts(dialog, "summary")
    assert summary[0][0] == "Expectiminimax" and summary[1][0] == "MCTS"
    assert summary[0][2] == by_side["best_move"] and summary[1][2] == by_mcts["best_move"]
    assert summary[0][3] == f"{format_value(by_side['value'])} (at the depth cutoff)"
    moves = texts(dialog, "moves")
    assert [row[0] for row in moves] == ["roll", "hold"]
    assert [row[4] for row in moves] == [format_value(v) for v in by_side["root_values"]]
    assert [int(row[1].replace(",", "")) for row in moves] == by_mcts["root_visits"]
    heading = dialog.moves.horizontalHeaderItem(4).text()
    assert heading == "Expectiminimax value\n(depth 4)"
    assert "stands in for alpha-beta" in dialog.note.text()
    assert by_side["best_move"] == by_mcts["best_move"] == "roll"
    assert dialog.verdict.text() == "<b>They agree</b>: both play roll."
    assert moves[0][5] == "expectiminimax and MCTS"


def test_a_game_file_with_chance_is_compared_with_expectiminimax_in_its_engine_process(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # MAX's gamble is worth 0.6 * 1 + 0.4 * (-1) = 0.2, more than playing safe (0).
    play_by_hand(window, tmp_path / "coin.py", Path(COIN_GAMBLE).read_text(encoding="utf-8"))
    minimax, _ = compare_file_searches(window.game, window.config.search)
    assert minimax.algorithm is Algorithm.EXPECTIMINIMAX
    dialog = open_from_the_menu(qtbot, window, monkeypatch)
    assert dialog.comparison is not None, dialog.status.text()
    moves = texts(dialog, "moves")
    assert [(row[0], row[4]) for row in moves] == [("safe", "0"), ("gamble", "0.2")]
    summary = texts(dialog, "summary")
    assert summary[0][0] == "Expectiminimax" and summary[0][2] == "gamble"
    assert summary[0][3] == "0.2 (exact)"  # its depth found: the game ends within it
    assert no_user_module_here()


def test_a_game_of_three_players_offers_no_comparison_and_the_menu_says_why(
    window: MainWindow,
) -> None:
    """MCTS here is for two players: the menu item is greyed out in three-player Nim, its
    tip says so, and it comes back with a game of two."""
    window.new_game(PlayConfig(game="nim3", humans=(True, True, True)))
    assert not window.act_compare_mcts.isEnabled()
    assert window.act_compare_mcts.statusTip().endswith("for games of two players")
    window.new_game(PlayConfig(game="tictactoe", humans=(True, True)))
    assert window.act_compare_mcts.isEnabled()


def sides(config: PlayConfig) -> tuple[SearchSettings, SearchSettings]:
    """What Compare MCTS sets side by side in ``config``'s game: the minimax side, MCTS."""
    return compare_searches(config, config.make_game())


def test_the_ai_s_own_settings_are_compared_when_it_plays_them() -> None:
    mcts = SearchSettings(Algorithm.MCTS, iterations=750, seed=3, exploration=0.5)
    alphabeta, mine = sides(PlayConfig(game="tictactoe", search=mcts))
    assert mine == mcts and alphabeta.algorithm is Algorithm.ALPHABETA
    timed = SearchSettings(Algorithm.ALPHABETA, depth=5, time_budget=2.0)
    alphabeta, mine = sides(PlayConfig(game="connect4", search=timed))
    assert alphabeta.depth == 5 and alphabeta.time_budget is None
    assert mine.iterations == 2000
    # Connect Four cannot be searched to its end: its own depth, not the end.
    endless = SearchSettings(Algorithm.ALPHABETA, time_budget=2.0)
    alphabeta, _ = sides(PlayConfig(game="connect4", search=endless))
    assert alphabeta.depth == 7
    # Deepening to 30 plies within 2 s: without the clock, the game's own depth.
    deep = SearchSettings(Algorithm.ALPHABETA, depth=30, time_budget=2.0)
    alphabeta, _ = sides(PlayConfig(game="connect4", search=deep))
    assert alphabeta.depth == 7 and alphabeta.time_budget is None
    # Without a time budget the AI's own depth is what it searches for a move: kept.
    fixed = SearchSettings(Algorithm.ALPHABETA, depth=9)
    alphabeta, _ = sides(PlayConfig(game="connect4", search=fixed))
    assert alphabeta.depth == 9


@pytest.mark.parametrize("width", [1040, 700])
def test_both_rows_of_the_summary_show_whole_however_narrow_the_dialog(
    qtbot: QtBot, window: MainWindow, width: int
) -> None:
    # Long settings need a scroll bar in a narrow dialog: it hid the MCTS row.
    game = TicTacToe()
    mcts = SearchSettings(Algorithm.MCTS, iterations=200, seed=0)
    alphabeta = SearchSettings(Algorithm.ALPHABETA, transposition_table=True)
    dialog = MctsCompareDialog(game, game.initial_state(), mcts, alphabeta, window.names(), window)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitUntil(lambda: dialog.comparison is not None, timeout=AI_TIMEOUT_MS)
    dialog.resize(width, 600)
    table = dialog.summary
    qtbot.waitUntil(lambda: dialog.width() == width)
    header = table.horizontalHeader()
    assert (header.length() > table.viewport().width()) == (width == 700)  # a scroll bar
    assert table.horizontalScrollBar().isVisible() == (width == 700)
    for row in (0, 1):
        bottom = table.rowViewportPosition(row) + table.rowHeight(row)
        assert bottom <= table.viewport().height(), (row, bottom, table.viewport().height())
    dialog.close()


def test_a_game_file_s_position_is_compared_in_the_dialog_s_engine_process(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # The template declares no utility bounds: MCTS could not scale its rewards.
    play_by_hand(window, tmp_path / "plain_nim.py", NIM_SOURCE)
    window.act_compare_mcts.trigger()
    assert "does not declare utility_bounds(): MCTS scales" in window.statusBar().currentMessage()
    # With them, both search the position; the one winning move (3 from the last heap,
    # leaving heaps whose XOR is 0) is alpha-beta's, at the review's depth.
    play_by_hand(window, tmp_path / "nim.py", NIM_WITH_BOUNDS)
    dialog = open_from_the_menu(qtbot, window, monkeypatch)
    assert dialog.comparison is not None, dialog.status.text()
    alphabeta, mcts = compare_file_searches(window.game, window.config.search)
    assert alphabeta.depth == FALLBACK_DEPTH and alphabeta.time_budget is None
    assert mcts.iterations == 2000 and mcts.seed == 0
    moves = texts(dialog, "moves")
    assert [row[0] for row in moves] == list(window.game.position(()).moves)
    summary = texts(dialog, "summary")
    assert summary[0][0] == "Alpha-beta" and summary[0][2] == "3@3"
    # Its AI deepens against a clock: the depth is found first, as a review finds it.
    # Nim ends within 9 plies, so alpha-beta searched to the end: exact.
    found = dialog.comparison
    assert found.depth_found and found.exact and found.minimax.settings.depth == 9
    assert "Its depth, 9, was found first: no line of the game goes deeper." in dialog.note.text()
    assert summary[0][3].endswith("(exact)")
    assert no_user_module_here()


def test_a_game_file_s_found_depth_gives_way_to_a_depth_chosen_and_back(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    play_by_hand(window, tmp_path / "nim.py", NIM_WITH_BOUNDS)
    alphabeta, mcts = compare_file_searches(window.game, window.config.search)
    dialog = MctsCompareDialog(
        window.game, window.match.state, mcts, alphabeta, window.names(), window, find_depth=True
    )
    qtbot.addWidget(dialog)
    assert dialog.depth_box.text() == "to a depth found first"
    dialog.show()
    qtbot.waitUntil(lambda: dialog.comparison is not None, timeout=AI_TIMEOUT_MS)
    assert dialog.comparison.depth_found and "was found first" in dialog.note.text()

    dialog.depth_box.setValue(2)
    compare_again(qtbot, dialog)
    chosen = dialog.comparison
    assert chosen is not None and not chosen.depth_found and not chosen.exact
    assert chosen.minimax.settings.depth == 2 and "found first" not in dialog.note.text()
    assert dialog.moves.horizontalHeaderItem(4).text() == "Alpha-beta value\n(depth 2)"

    dialog.depth_box.setValue(0)  # found first again: Nim ends within 9 plies
    compare_again(qtbot, dialog)
    found = dialog.comparison
    assert found is not None and found.depth_found and found.minimax.settings.depth == 9
    dialog.close()
    assert not dialog.thread_.isRunning() and not dialog.thread_.engine.alive
    assert no_user_module_here()
