"""The node details show a game as a state machine: the state, the player to move, the
actions, the result of each, terminal or not, and the utility per player, under those
names (docs/state-machine.md)."""

from __future__ import annotations

import html
import re

from pytestqt.qtbot import QtBot

from gamesearch_gui.core.games import TicTacToe
from gamesearch_gui.core.recording.depth_first import SearchRecording
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import search
from gamesearch_gui.core.trees.examples import example
from gamesearch_gui.core.trees.tree import TreeGame
from gamesearch_gui.ui.tree.details import NodeDetails
from tests.core.test_game import Countdown


def _rows(details: NodeDetails) -> list[tuple[str, str]]:
    """The details' rows under "As a state machine", as (what, words), as a person reads
    them (no markup, no soft breaks)."""
    text = details.facts.text().replace("\u200b", "")
    section = text.split("<b>As a state machine</b>", 1)[1].split("</table>", 1)[0]
    cells = re.findall(r"<tr><td[^>]*>(?:<b>)?(.*?)(?:</b>)?</td><td>(.*?)</td></tr>", section)
    return [(html.unescape(a), html.unescape(b)) for a, b in cells]


def _details(qtbot: QtBot, recording: SearchRecording) -> NodeDetails:
    details = NodeDetails()
    qtbot.addWidget(details)
    details.set_recording(recording)
    details.set_moment(recording.event_count, recording.event_count)
    return details


def test_tictactoe_s0_shows_its_nine_actions_and_the_result_of_each(qtbot: QtBot) -> None:
    # The lecture notes' successor list: from the empty board, X's nine moves, each
    # leading to the board with an X in that square.
    game = TicTacToe()
    s0 = game.initial_state()
    recording = SearchRecording(game, node_cap=None)
    settings = SearchSettings(Algorithm.ALPHABETA, depth=1)
    recording.finish(search(game, s0, settings, listener=recording))
    details = _details(qtbot, recording)
    details.set_node(0)
    rows = _rows(details)
    assert rows[0] == ("State", "s = S0, the initial state: the start position '.........'")
    assert rows[1] == ("Player to move", "TO-MOVE(s) = MAX (X)")
    assert rows[2] == ("Actions", "ACTIONS(s) = {1, 2, 3, 4, 5, 6, 7, 8, 9}: 9 moves")
    results = [words for _, words in rows[3:12]]
    assert rows[3][0] == "Result of each"
    assert results == [
        f"RESULT(s, {i + 1}) = position '{'.' * i}X{'.' * (8 - i)}'" for i in range(9)
    ]
    assert rows[12] == ("Terminal", "IS-TERMINAL(s) = no")
    assert rows[13][0] == "Utility per player" and rows[13][1].startswith("none: s is not")


def test_a_won_tictactoe_position_is_terminal_with_a_utility_per_player(qtbot: QtBot) -> None:
    # X has 1, 2 and 3 (the top row) after O's 4 and 5: the game is over, X won.
    game = TicTacToe()
    state = game.parse_position("XXXOO....")
    recording = SearchRecording(game, node_cap=None)
    recording.finish(search(game, state, SearchSettings(), listener=recording))
    details = _details(qtbot, recording)
    details.set_node(0)
    rows = dict(_rows(details))
    assert rows["State"] == "s = position 'XXXOO....'"
    assert rows["Player to move"] == "TO-MOVE(s): nobody, the game is over"
    assert rows["Actions"] == "ACTIONS(s) = { }: none, the game is over"
    assert "Result of each" not in rows
    assert rows["Terminal"] == "IS-TERMINAL(s) = yes: the game is over"
    assert rows["Utility per player"] == "UTILITY(s, MAX (X)) = 1; UTILITY(s, MIN (O)) = −1"


def test_a_drawn_tree_node_names_its_results_as_the_tree_does(qtbot: QtBot) -> None:
    # Figure 5.2: MIN node C (reached by a2), its three leaves, and a leaf's utility.
    tree = example("figure-5-2").tree()
    game = TreeGame(tree)
    recording = SearchRecording(game, node_cap=None)
    recording.finish(search(game, tree.root, SearchSettings(), listener=recording))
    details = _details(qtbot, recording)
    c = next(n for n in range(recording.node_count) if recording.name(n) == "MIN node C")
    details.set_node(c)
    rows = _rows(details)
    assert rows[:3] == [
        ("State", "s = MIN node C"),
        ("Player to move", "TO-MOVE(s) = MIN"),
        ("Actions", "ACTIONS(s) = {c1, c2, c3}: 3 moves"),
    ]
    assert rows[3:6] == [
        ("Result of each", "RESULT(s, c1) = leaf after a2 c1"),
        ("", "RESULT(s, c2) = leaf after a2 c2"),
        ("", "RESULT(s, c3) = leaf after a2 c3"),
    ]
    assert rows[6] == ("Terminal", "IS-TERMINAL(s) = no")
    leaf = recording.first_child[c]
    details.set_node(leaf)
    rows = dict(_rows(details))
    assert rows["State"] == f"s = {recording.name(leaf)}"
    assert rows["Terminal"] == "IS-TERMINAL(s) = yes: the game is over"
    assert rows["Utility per player"] == "UTILITY(s, MAX) = 2; UTILITY(s, MIN) = −2"


def test_a_game_without_a_notation_names_each_result_by_its_move(qtbot: QtBot) -> None:
    # A game file or an OpenSpiel game has no position notation in the window's process:
    # every RESULT(s, a) read "= this position", the same words for every move.
    game = Countdown()
    recording = SearchRecording(game, node_cap=None)
    settings = SearchSettings(Algorithm.ALPHABETA, depth=1, evaluation="none")
    recording.finish(search(game, game.initial_state(), settings, listener=recording))
    details = _details(qtbot, recording)
    details.set_node(0)
    rows = _rows(details)
    assert rows[2] == ("Actions", "ACTIONS(s) = {1, 2}: 2 moves")
    assert rows[3:5] == [
        ("Result of each", "RESULT(s, 1) = the position after 1"),
        ("", "RESULT(s, 2) = the position after 2"),
    ]
