"""The legend under a search tree (core/narration/legend.py) lists the marks this search
has: what a student sees explained is what the tree can show."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from gamesearch_gui.core.game import Game
from gamesearch_gui.core.games import ConnectFour
from gamesearch_gui.core.games import Pig
from gamesearch_gui.core.games import TicTacToe
from gamesearch_gui.core.games import find_game
from gamesearch_gui.core.narration.legend import LEGEND_ITEMS
from gamesearch_gui.core.narration.legend import marks_missing
from gamesearch_gui.core.narration.legend import recording_legend
from gamesearch_gui.core.recording.depth_first import SearchRecording
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import Ordering
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import default_settings
from gamesearch_gui.core.search import search
from gamesearch_gui.core.trees.examples import example
from gamesearch_gui.core.trees.tree import TreeGame
from tests.core.test_replay_page import recorded

ALWAYS = ["max", "min", "open", "pv", "now"]


def _keys(recording: SearchRecording | None) -> list[str]:
    return [key for key, _ in recording_legend(recording, False)]


def _searched(game: Game[Any, Any], settings: SearchSettings, state: Any = None) -> SearchRecording:
    recording = SearchRecording(game)
    root = game.initial_state() if state is None else state
    recording.finish(search(game, root, settings, listener=recording))
    return recording


def _in_order(keys: set[str]) -> list[str]:
    return [key for key, _ in LEGEND_ITEMS if key in keys]


def test_minimax_to_the_end_of_tic_tac_toe_has_no_cut_no_evaluation_no_table_no_chance() -> None:
    game = TicTacToe()
    state = game.initial_state()
    for move in (4, 0, 8):
        state = game.result(state, move)
    recording = _searched(game, SearchSettings(algorithm=Algorithm.MINIMAX), state)
    assert _keys(recording) == _in_order({*ALWAYS, "terminal"})


def test_the_windows_connect_four_search_evaluates_prunes_and_uses_its_table() -> None:
    game = ConnectFour()
    settings = dataclasses.replace(default_settings(find_game("connect4")), depth=4)
    assert settings.transposition_table
    recording = _searched(game, settings)
    assert _keys(recording) == _in_order({*ALWAYS, "eval", "tt", "cut"})
    # Without the table, nothing is taken from one.
    plain = _searched(game, dataclasses.replace(settings, transposition_table=False))
    assert _keys(plain) == _in_order({*ALWAYS, "eval", "cut"})


def test_expectiminimax_on_pig_has_chance_nodes_and_prunes_nothing() -> None:
    settings = SearchSettings(algorithm=Algorithm.EXPECTIMINIMAX, depth=3)
    recording = _searched(Pig(), settings)
    assert {"chance", "eval"} <= set(_keys(recording))
    assert "cut" not in _keys(recording)


def test_iterative_deepening_explains_the_moves_it_tried_first() -> None:
    settings = SearchSettings(depth=3, ordering=Ordering.PREVIOUS_BEST)
    recording = _searched(TicTacToe(), settings)
    assert "tried" in _keys(recording) and "tried" not in marks_missing(recording)


def test_a_growing_search_gains_its_entries_as_its_marks_come() -> None:
    # Figure 5.2 recorded event by event: "pruned" comes with its first cutoff.
    recording = recorded()
    assert "cut" in _keys(recording)
    empty = SearchRecording(recording.game)
    assert _keys(empty) == _in_order(set(ALWAYS))
    assert marks_missing(empty) == {"chance", "terminal", "eval", "tt", "cut", "tried"}


def test_a_game_of_n_players_keeps_its_players_and_a_leafs_order() -> None:
    tree = example("figure-5-4").tree()
    game = TreeGame(tree)
    recording = _searched(game, SearchSettings(algorithm=Algorithm.MAXN), tree.root)
    items = recording_legend(recording, False)
    assert [words for _, words in items][:3] == ["A", "B", "C"]
    assert ("terminal", "leaf: (A, B, C)") in items
    assert "cut" not in dict(items)  # max^n prunes nothing
    # The replay page draws MAX's and MIN's shapes: its legend has them, not the players.
    assert [key for key, _ in recording_legend(recording, False, players=())][:2] == ["max", "min"]


@pytest.mark.parametrize("strategy", [False, True])
def test_no_recording_explains_everything_but_tried_first(strategy: bool) -> None:
    keys = [key for key, _ in recording_legend(None, strategy)]
    assert "tried" not in keys and ("strategy" in keys) == strategy
    assert len(keys) == len(LEGEND_ITEMS) - 1 + strategy
