"""A user's game file in the window: loaded, played and searched in the engine process,
never run in the window's own."""

from __future__ import annotations

import sys
import threading
from functools import partial
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox
from pytestqt.qtbot import QtBot

from gamesearch_gui.core.game import NO_EVALUATION
from gamesearch_gui.core.games.nim3 import ThreePlayerNim
from gamesearch_gui.core.levels import PLAYERS_FILE_LEVELS
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import search
from gamesearch_gui.engine.remote_game import RemoteGame
from gamesearch_gui.paths import resource_files
from gamesearch_gui.ui import game_files
from gamesearch_gui.ui.boards.text_board import TextBoard
from gamesearch_gui.ui.game_files import GameFileEngine
from gamesearch_gui.ui.main_window import MainWindow
from gamesearch_gui.ui.play_config import FILE_GAME_SECONDS
from gamesearch_gui.ui.play_config import Seats
from gamesearch_gui.ui.play_config import fit_search
from gamesearch_gui.ui.window import opening
from tests.replay_page import read_page
from tests.test_game_file_cli import ENDLESS
from tests.test_game_file_cli import MUTATING
from tests.test_game_file_cli import UNKEYABLE
from tests.ui import test_main_window
from tests.ui.test_main_window import AI_TIMEOUT_MS
from tests.ui.test_main_window import click_move
from tests.ui.test_main_window import wait_for_person_or_end
from tests.ui.test_replay_export import export_page

NIM = str(resource_files() / "templates" / "nim.py")
AIMA_TICTACTOE = str(Path(__file__).parents[1] / "core" / "game_files" / "aima_tictactoe.py")
THREE_NIM = str(Path(__file__).parents[1] / "core" / "game_files" / "three_nim.py")

# The main window's fixtures: a window at full speed, its messages kept in a list.
store = test_main_window.store
window = test_main_window.window


def no_user_module_here() -> bool:
    """True when no game file was run in this (the window's) process."""
    return not any(name.startswith("gamesearch_user_game_") for name in sys.modules)


def test_a_game_file_plays_against_the_ai_on_a_text_board(qtbot: QtBot, window: MainWindow) -> None:
    assert window.open_game_file(NIM)
    board = window.board
    assert isinstance(board, TextBoard) and isinstance(window.game, RemoteGame)
    assert "1: |" in board.text.text()
    assert "Nim" in window.windowTitle()
    wait_for_person_or_end(qtbot, window)
    click_move(qtbot, window, 0)  # a person's move, by its button
    qtbot.waitUntil(lambda: len(window.match.plies) >= 2, timeout=AI_TIMEOUT_MS)
    assert window.match.plies[1].text in window.game.position((0,)).moves  # the AI's answer
    assert window.move_recordings  # its search tree, recorded in the engine, kept
    recording = next(iter(window.move_recordings.values()))
    assert recording.move_text(1)  # the tree's labels come from the engine too
    assert no_user_module_here()


def test_a_broken_file_is_said_and_the_game_stays(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    assert window.open_game_file(NIM)
    broken = tmp_path / "broken.py"
    broken.write_text("class Nim:\n    def actions(self, s)\n        return []\n", encoding="utf-8")
    assert not window.open_game_file(str(broken))
    _title, text = window.messages[-1]  # type: ignore[attr-defined]
    assert "broken.py, line 2" in text and "SyntaxError" in text
    assert isinstance(window.game, RemoteGame) and window.game.path == NIM
    missing = tmp_path / "missing.py"
    missing.write_text("class Pass:\n    def actions(self, s):\n        return []\n")
    assert not window.open_game_file(str(missing))
    assert "missing.py" in window.messages[-1][1]  # type: ignore[attr-defined]
    assert window.game.path == NIM
    assert no_user_module_here()


def test_an_aima_tictactoe_with_a_dict_board_plays_in_the_window(
    qtbot: QtBot, window: MainWindow
) -> None:
    assert window.open_game_file(AIMA_TICTACTOE)
    wait_for_person_or_end(qtbot, window)
    click_move(qtbot, window, 4)
    qtbot.waitUntil(lambda: len(window.match.plies) >= 2, timeout=AI_TIMEOUT_MS)
    result = window.move_searches[2]
    assert result.value == 0  # a draw, with perfect play from here
    assert no_user_module_here()


def test_a_template_is_written_and_opened(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "my_nim.py"
    monkeypatch.setattr(opening, "ask_template", lambda parent: (str(path), "aima"))
    window.act_new_game_file.trigger()
    assert "aima" in path.read_text(encoding="utf-8").lower()
    assert isinstance(window.game, RemoteGame) and window.game.path == str(path)


def test_choosing_a_built_in_game_leaves_the_file(qtbot: QtBot, window: MainWindow) -> None:
    assert window.open_game_file(NIM)
    panel = window.settings_panel
    panel.seats_box.setCurrentIndex(panel.seats_box.findData(Seats.TWO_HUMANS))
    assert isinstance(window.game, RemoteGame)  # only the seats changed: the file stays
    assert window.config.seats is Seats.TWO_HUMANS
    panel.game_box.setCurrentIndex(panel.game_box.findData("tictactoe"))
    assert window.user_game is None and not isinstance(window.board, TextBoard)
    assert panel.game_box.findText("Nim (your file)") == -1
    assert "nim_sum" not in _choices(panel.evaluation_box)


def _choices(box: QComboBox) -> list[str]:
    return [box.itemData(i) for i in range(box.count())]


def test_the_settings_show_the_file_s_game_and_its_evaluations(
    qtbot: QtBot, window: MainWindow
) -> None:
    assert window.open_game_file(NIM)
    panel = window.settings_panel
    assert panel.game_box.currentText() == "Nim (your file)"
    assert _choices(panel.evaluation_box) == ["nim_sum", NO_EVALUATION]
    assert panel.evaluation_box.currentData() == "nim_sum"
    # Its size is unknown: a time limit, shown as such, and said in the note.
    assert panel.timed.isChecked() and panel.time_budget.value() == FILE_GAME_SECONDS
    assert window.config.search.time_budget == FILE_GAME_SECONDS
    assert "size is unknown" in panel.note.text()
    # Asking for a search to the end keeps the time limit.
    panel.full_depth.setChecked(True)
    panel.timed.setChecked(False)
    assert panel.timed.isChecked()
    assert window.config.search.depth is None
    assert window.config.search.time_budget == FILE_GAME_SECONDS
    # The built-in game's own settings are kept for when it is chosen again.
    assert "nim_sum" not in str(panel.remembered_searches())
    window.show_how_to_play()
    _title, text = window.messages[-1]  # type: ignore[attr-defined]
    assert "Nim with the heaps given" in text  # the class's own docstring


def test_a_game_too_big_to_search_to_its_end_still_gets_an_answer(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    # Nim on heaps of 3, 4, 5, 6 and 7 has astronomically many lines: a search to its end
    # would never answer. The AI moves within its time limit instead.
    big = tmp_path / "big_nim.py"
    big.write_text(
        Path(NIM).read_text(encoding="utf-8").replace("heaps=(1, 3, 5)", "heaps=(3, 4, 5, 6, 7)"),
        encoding="utf-8",
    )
    panel = window.settings_panel
    assert window.open_game_file(str(big))
    panel.evaluation_box.setCurrentIndex(panel.evaluation_box.findData(NO_EVALUATION))
    panel.time_budget.setValue(0.5)
    panel.seats_box.setCurrentIndex(panel.seats_box.findData(Seats.HUMAN_SECOND))
    qtbot.waitUntil(lambda: len(window.match.plies) >= 1, timeout=AI_TIMEOUT_MS)
    result = window.move_searches[1]
    assert result.best_move is not None and not result.complete


def test_a_mutating_result_is_said_when_the_ai_meets_it(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    path = tmp_path / "mutating.py"
    path.write_text(MUTATING, encoding="utf-8")
    panel = window.settings_panel
    panel.seats_box.setCurrentIndex(panel.seats_box.findData(Seats.HUMAN_SECOND))
    assert window.open_game_file(str(path))  # the file loads: its fault shows in play
    said = "mutating.py, line 18, in result: changed the state it was given"
    qtbot.waitUntil(lambda: said in window.statusBar().currentMessage(), timeout=AI_TIMEOUT_MS)
    assert "resume it" in window.headline.text()  # the AI waits; nothing crashed
    # The person can leave for a built-in game at once.
    panel.game_box.setCurrentIndex(panel.game_box.findData("tictactoe"))
    assert window.user_game is None
    assert no_user_module_here()


def test_an_endless_game_stops_at_the_ply_limit_and_says_so(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "endless.py"
    path.write_text(ENDLESS, encoding="utf-8")
    files = window.game_files
    monkeypatch.setattr(files, "open", partial(GameFileEngine.open, files, ply_limit=12))
    panel = window.settings_panel
    panel.seats_box.setCurrentIndex(panel.seats_box.findData(Seats.TWO_AIS))
    assert window.open_game_file(str(path))
    said = "endless.py: the game did not end within 12 plies"
    qtbot.waitUntil(lambda: said in window.statusBar().currentMessage(), timeout=AI_TIMEOUT_MS)
    assert "resume it" in window.headline.text()  # the AI waits; nothing crashed
    assert len(window.match.plies) == 12
    assert no_user_module_here()


# A counter whose moves, once it has left 0, are computed for ever.
LOOPING = """\
class Stuck:
    initial = 0

    def actions(self, state):
        while state > 0:
            pass
        return [1]

    def result(self, state, move):
        return state + move

    def utility(self, state, player):
        return 0

    def terminal_test(self, state):
        return state > 3

    def to_move(self, state):
        return "A" if state % 2 == 0 else "B"
"""


# The counter whose moves, once it has left 0, take a second to come, or never come.
SLOW = LOOPING.replace(
    "while state > 0:\n            pass",
    "import time\n        if state > 0:\n            time.sleep(1)",
)
ASLEEP = SLOW.replace("time.sleep(1)", "time.sleep(10**6)")


def play_by_hand(window: MainWindow, path: Path, source: str) -> None:
    """Open the game ``source`` (written to ``path``) for two people to play."""
    path.write_text(source, encoding="utf-8")
    panel = window.settings_panel
    panel.seats_box.setCurrentIndex(panel.seats_box.findData(Seats.TWO_HUMANS))
    assert window.open_game_file(str(path))


def test_a_method_that_computes_for_ever_is_stopped_at_its_cpu_limit_with_the_figures(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(game_files, "CALL_SECONDS", 0.5)
    play_by_hand(window, tmp_path / "stuck.py", LOOPING)
    board = window.board
    assert isinstance(board, TextBoard)
    click_move(qtbot, window, 0)  # to 1, where actions never returns
    # The window does not wait for it: the board says it waits, and the answer comes.
    said = "in actions: the game's code was stopped at its CPU limit"
    qtbot.waitUntil(lambda: said in board.text.text(), timeout=AI_TIMEOUT_MS)
    assert board.text.text().startswith("stuck.py, line ")  # where the loop was
    assert " s of CPU (limit 0.5 s) in " in board.text.text()
    assert board.caption.text() == "The game's code failed at this position."
    assert not board.stop_button.isVisible()
    assert no_user_module_here()


def test_a_method_that_waits_for_ever_is_stopped_at_the_ceiling_and_said_in_full(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(game_files, "CALL_SECONDS", 0.2)  # a ceiling of 2 s
    play_by_hand(window, tmp_path / "asleep.py", ASLEEP)
    click_move(qtbot, window, 0)  # to 1, where actions sleeps
    board = window.board
    assert isinstance(board, TextBoard)
    said = (
        "asleep.py, line 7, in actions: the game's code was stopped at the wall-clock "
        "ceiling: 2 s passed (10 × its 0.2 s CPU limit) while it used "
    )
    qtbot.waitUntil(lambda: board.text.text().startswith(said), timeout=AI_TIMEOUT_MS)
    assert board.text.text().endswith(
        "so it was waiting, not computing (time.sleep, input() or a lock?)"
    )
    # Wrapped on the board: it does not widen the window (1366 px at most) past the screen.
    assert board.minimumSizeHint().width() < 1366 // 2


def test_the_window_never_waits_on_the_game_s_code_and_goes_on_when_it_answers(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    play_by_hand(window, tmp_path / "slow.py", SLOW)
    board = window.board
    assert isinstance(board, TextBoard)
    click_move(qtbot, window, 0)  # to 1, whose moves take a second
    # Back from the click well before the code answers: the board says it waits.
    assert board.text.text() == game_files.WAITING_TEXT
    assert board.stop_button.isVisibleTo(board) and not board.buttons
    assert window.headline.text() == "Waiting for the game's code…"
    qtbot.waitUntil(lambda: len(board.buttons) == 1, timeout=AI_TIMEOUT_MS)
    assert not board.stop_button.isVisibleTo(board)
    assert window.headline.text().endswith("to move")  # the play goes on
    click_move(qtbot, window, 0)  # and the next position waits, and answers, the same way
    qtbot.waitUntil(
        lambda: len(window.match.plies) == 2 and len(board.buttons) == 1, timeout=AI_TIMEOUT_MS
    )


def test_stop_ends_the_game_s_code_and_the_position_says_so(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    play_by_hand(window, tmp_path / "asleep.py", ASLEEP)
    board = window.board
    assert isinstance(board, TextBoard)
    click_move(qtbot, window, 0)
    assert board.stop_button.isVisibleTo(board)
    qtbot.mouseClick(board.stop_button, Qt.MouseButton.LeftButton)
    said = "the game's code was stopped (Stop) before it answered"
    qtbot.waitUntil(lambda: board.text.text() == said, timeout=AI_TIMEOUT_MS)
    assert board.caption.text() == "The game's code failed at this position."
    # The next file loads in a new process: the stopped one is gone.
    assert window.open_game_file(NIM)
    assert "1: |" in window.board.text.text()  # type: ignore[attr-defined]


def test_unkeyable_states_play_with_the_table_off(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    path = tmp_path / "unkeyable.py"
    path.write_text(UNKEYABLE, encoding="utf-8")
    panel = window.settings_panel
    panel.seats_box.setCurrentIndex(panel.seats_box.findData(Seats.TWO_AIS))
    assert window.open_game_file(str(path))
    assert not panel.tt_box.isChecked()
    qtbot.waitUntil(lambda: window.match.is_over, timeout=AI_TIMEOUT_MS)
    assert [ply.text for ply in window.match.plies] == ["go", "go"]


def test_mcts_and_star1_are_offered_only_with_declared_bounds(
    qtbot: QtBot, window: MainWindow
) -> None:
    # The template Nim declares no utility_bounds(): MCTS could not scale its rewards.
    assert window.open_game_file(NIM)
    offered = _choices(window.settings_panel.algorithm_box)
    assert offered == [Algorithm.MINIMAX, Algorithm.ALPHABETA]
    stored = SearchSettings(Algorithm.MCTS, iterations=100)
    assert fit_search(window.game, None, stored).algorithm is Algorithm.ALPHABETA


COIN_GAMBLE = str(Path(__file__).parents[1] / "core" / "game_files" / "coin_gamble.py")


@pytest.mark.parametrize("face", [0, 1])
def test_a_game_file_with_chance_plays_with_its_coin(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch, face: int
) -> None:
    # The window tosses the coin with its own random numbers: each side of it, in turn.
    monkeypatch.setattr(window.rng, "choices", lambda faces, weights: [faces[face]])
    panel = window.settings_panel
    panel.seats_box.setCurrentIndex(panel.seats_box.findData(Seats.HUMAN_SECOND))
    assert window.open_game_file(COIN_GAMBLE)
    # It declares its bounds: every algorithm for chance is offered.
    assert _choices(panel.algorithm_box) == [
        Algorithm.EXPECTIMINIMAX,
        Algorithm.STAR1,
        Algorithm.MCTS,
    ]
    qtbot.waitUntil(lambda: len(window.match.plies) >= 2, timeout=AI_TIMEOUT_MS)
    assert window.match.plies[0].text == "gamble"  # worth 0.2 against 0 for playing safe
    assert window.move_searches[1].value == pytest.approx(0.2)
    assert window.match.plies[1].text in ("heads", "tails")  # the coin, tossed by the window
    wait_for_person_or_end(qtbot, window)
    board = window.board
    assert isinstance(board, TextBoard)
    if window.match.plies[1].text == "tails":
        # As the board writes it, with a true minus sign ("−1"): the test once looked
        # for "-1" and failed whenever the coin came down tails.
        assert window.match.is_over
        assert board.caption.text() == "Game over: \u22121 for MAX"
    else:  # MIN (the person) chooses what to pay
        assert [button.text() for button in board.buttons] == ["pay 2", "pay 1"]
    assert no_user_module_here()


def test_a_game_file_s_search_is_exported_as_a_page_naming_the_game_s_moves(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The page's job asked the window's RemoteGame for the move names from its own
    # thread, which waits on the window for the answers: pages of "waiting" texts, and
    # a window that hung when the export was cancelled or the page closed meanwhile.
    assert window.open_game_file(NIM)
    wait_for_person_or_end(qtbot, window)
    click_move(qtbot, window, 0)
    qtbot.waitUntil(lambda: len(window.match.plies) >= 2, timeout=AI_TIMEOUT_MS)
    panel = window.tree_panel
    qtbot.waitUntil(lambda: panel.recording is not None and panel.recording.node_count > 1)
    recording = panel.recording
    assert recording is not None and isinstance(recording.game, RemoteGame)
    # The window's questions to the game's code are asked from its own thread alone.
    askers: set[str] = set()
    real_ask = GameFileEngine.ask

    def ask(engine: GameFileEngine, name: str, *args: object) -> object:
        askers.add(threading.current_thread().name)
        return real_ask(engine, name, *args)

    monkeypatch.setattr(GameFileEngine, "ask", ask)
    window.game._positions.clear()  # type: ignore[attr-defined]  # none known: all asked
    target = tmp_path / "nim"
    monkeypatch.setattr(panel.exporter, "_save_file_name", lambda *_: str(target))
    monkeypatch.setattr(panel.exporter, "_warn", lambda title, text: pytest.fail(text))
    export_page(qtbot, panel.exporter, panel.view_bar.act_export_page)
    data = read_page((tmp_path / "nim.html").read_text(encoding="utf-8")).data
    texts, nodes = data["texts"], data["nodes"]
    root_moves = window.game.position((0,)).moves  # the AI's search starts after move 1
    children = [n for n, parent in enumerate(nodes["parent"]) if parent == 0]
    assert [texts[nodes["move"][n]] for n in children] == list(root_moves[: len(children)])
    assert game_files.WAITING_TEXT not in texts
    assert askers <= {threading.main_thread().name}
    assert no_user_module_here()


def test_a_game_file_of_three_players_plays_a_person_against_two_ais(
    qtbot: QtBot, window: MainWindow
) -> None:
    """Its code runs in the engine process; its AIs deepen with max^n for 2 s, which
    solves a pile of 12, so each AI move is the built-in three-player Nim's max^n move."""
    assert window.open_game_file(THREE_NIM)
    game = window.game
    assert isinstance(game, RemoteGame) and game.players == ("A", "B", "C")
    panel = window.settings_panel
    search_now = panel.config.search
    assert search_now.algorithm is Algorithm.MAXN and search_now.time_budget == FILE_GAME_SECONDS
    assert panel.evaluation_box.currentText() == "None (equal shares)"
    assert panel.level.levels is PLAYERS_FILE_LEVELS  # max^n's levels, not Custom alone
    taken = 0
    while not window.match.is_over:
        wait_for_person_or_end(qtbot, window)
        if window.match.is_over:
            break
        assert window.headline.text() == "Your turn: you play A"
        click_move(qtbot, window, 0)  # A takes 1
    built_in, state = ThreePlayerNim(12), ThreePlayerNim(12).initial_state()
    for ply in window.match.plies:
        if state[1] != 0:  # B's and C's moves are the AI's
            best = search(built_in, state, SearchSettings(Algorithm.MAXN)).best_move
            assert ply.text == str(best), (ply, state)
        taken += int(ply.text)
        state = built_in.result(state, int(ply.text))
    assert taken == 12 and window.headline.text().startswith("Game over")
    assert window.stats.text("depth").startswith("to the end (")
    assert no_user_module_here()


def test_the_seats_of_a_game_file_of_three_players_seat_one_person_or_all(
    qtbot: QtBot, window: MainWindow
) -> None:
    """The seats box offers the two-player choices, said for three: "B (moves second)"
    seats one person, at B, and the AI at A and at C; before, C was a person too."""
    assert window.open_game_file(THREE_NIM)
    panel = window.settings_panel
    texts = [panel.seats_box.itemText(i) for i in range(panel.seats_box.count())]
    assert texts == [
        "A (moves first)",
        "B (moves second)",
        "Every side (people only)",
        "No side (AIs only)",
    ]
    panel.seats_box.setCurrentIndex(panel.seats_box.findData(Seats.HUMAN_SECOND))
    assert window.session.seated() == (False, True, False)
    wait_for_person_or_end(qtbot, window)
    assert window.headline.text() == "Your turn: you play B"
    click_move(qtbot, window, 0)
    qtbot.waitUntil(lambda: len(window.match.plies) >= 4, timeout=AI_TIMEOUT_MS)
    lines = [window.history.item(i).text() for i in range(4)]
    who = [line.split(". ", 1)[1].split(":")[0] for line in lines]  # "1. A (AI): 1"
    assert who == ["A (AI)", "B", "C (AI)", "A (AI)"]
    panel.seats_box.setCurrentIndex(panel.seats_box.findData(Seats.TWO_HUMANS))
    assert window.session.seated() == (True, True, True)
    panel.seats_box.setCurrentIndex(panel.seats_box.findData(Seats.TWO_AIS))
    assert window.session.seated() == (False, False, False)
