"""An OpenSpiel game travels the route a user's game file does: opened in the engine
process, asked about position by position, and searched there, its states crossing as
tuples of move indices; the window's process never imports OpenSpiel."""

from __future__ import annotations

import itertools
import subprocess
import sys
from typing import Any

import pytest

from gamesearch_gui.core.game import GameError
from gamesearch_gui.core.game import Player
from gamesearch_gui.core.game_source import OpenSpielSource
from gamesearch_gui.core.recording.depth_first import SearchRecording
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.engine.client import CallFailed
from gamesearch_gui.engine.client import EngineClient
from gamesearch_gui.engine.protocol import FINISHED
from gamesearch_gui.engine.protocol import Record
from gamesearch_gui.engine.protocol import Report
from gamesearch_gui.engine.remote_game import RemoteGame

pytest.importorskip("pyspiel")

from gamesearch_gui.core.openspiel.game import OpenSpielGame

_ids = itertools.count(1)


def asker(client: EngineClient) -> Any:
    def ask(name: str, *args: Any) -> Any:
        try:
            return client.call(next(_ids), name, *args, limit=60)
        except CallFailed as error:
            raise GameError(str(error)) from None

    return ask


def searched(client: EngineClient, game: Any, state: Any, settings: SearchSettings) -> Any:
    rid = next(_ids)
    client.submit(rid, game, state, settings)
    for kind, report in client.reports(rid, game):
        if kind != "progress":
            assert kind == FINISHED and isinstance(report, Report), report
            return report.result
    raise AssertionError("no end")


def test_the_engine_lists_the_searchable_games(game_files_engine: EngineClient) -> None:
    games = asker(game_files_engine)("openspiel_games")
    names = [entry.name for entry in games]
    assert {"breakthrough", "backgammon", "chess", "pig", "chinese_checkers"} <= set(names)
    assert "kuhn_poker" not in names and "goofspiel" not in names and "2048" not in names
    breakthrough = games[names.index("breakthrough")]
    assert {(p.name, p.default, p.type) for p in breakthrough.parameters} == {
        ("columns", 8, "int"),
        ("rows", 8, "int"),
    }


def test_breakthrough_opens_plays_and_searches_in_the_engine(
    game_files_engine: EngineClient, engine: EngineClient
) -> None:
    game = RemoteGame.open_source(
        OpenSpielSource("breakthrough(rows=6,columns=6)"), asker(game_files_engine)
    )
    here = OpenSpielGame("breakthrough(rows=6,columns=6)")
    assert game.title == here.title and game.players == ("player 0", "player 1")
    assert game.spec == "breakthrough(rows=6,columns=6)" and game.path == ""
    start = game.position(())
    assert start.board == here.board_text(here.initial_state())
    assert start.moves == tuple(
        here.move_text(here.initial_state(), a) for a in here.actions(here.initial_state())
    )
    assert game.to_move(()) is Player.MAX and game.to_move((0,)) is Player.MIN
    settings = SearchSettings(Algorithm.ALPHABETA, depth=2, evaluation="random playout")
    there = searched(engine, game, (), settings)
    from gamesearch_gui.core.search import search

    mine = search(here, here.initial_state(), settings)
    assert there.value == mine.value and there.stats.nodes == mine.stats.nodes
    # The engine's moves are indices into the position's moves; here, OpenSpiel's actions.
    assert start.moves[there.best_move] == here.move_text(here.initial_state(), mine.best_move)
    assert all(type(move) is int for move in there.principal_variation)


def test_a_game_of_three_players_crosses_with_its_players_and_vectors(
    game_files_engine: EngineClient, engine: EngineClient
) -> None:
    game = RemoteGame.open_source(
        OpenSpielSource("chinese_checkers(players=3)"), asker(game_files_engine)
    )
    assert game.players == ("player 0", "player 1", "player 2")
    assert game.utility_sum() == 0 and game.info.evaluations == ("random playout",)
    assert game.player_index(()) == 0 and game.player_index((0,)) == 1
    result = searched(
        engine, game, (), SearchSettings(Algorithm.MAXN, depth=1, evaluation="random playout")
    )
    assert result.best_move in game.actions(()) and len(result.root_moves) == len(game.actions(()))
    assert result.values is not None and len(result.values) == 3


def test_a_game_the_app_cannot_search_is_said_in_one_line(game_files_engine: EngineClient) -> None:
    with pytest.raises(GameError, match="imperfect information") as caught:
        RemoteGame.open_source(OpenSpielSource("kuhn_poker"), asker(game_files_engine))
    assert "\n" not in str(caught.value)
    with pytest.raises(GameError, match="did you mean 'breakthrough'"):
        RemoteGame.open_source(OpenSpielSource("breakthru"), asker(game_files_engine))


def test_the_window_side_never_imports_openspiel() -> None:
    code = (
        "import sys\n"
        "from gamesearch_gui.engine.remote_game import RemoteGame\n"
        "from gamesearch_gui.core.openspiel.catalog import OpenSpielEntry\n"
        "import gamesearch_gui.engine.unpickling\n"
        "assert 'pyspiel' not in sys.modules, 'pyspiel was imported'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_backgammons_search_is_recorded_with_its_chance_and_states_as_lines(
    game_files_engine: EngineClient, engine: EngineClient
) -> None:
    # As the window plays backgammon: the tree streams in, a chance node's outcomes with
    # their probabilities, and each node's state is its line of move indices, which the
    # window asks the engine to draw (the node's details show the state's text).
    game = RemoteGame.open_source(OpenSpielSource("backgammon"), asker(game_files_engine))
    assert game.has_chance and game.to_move(()) is Player.CHANCE
    first = game.position(())
    assert len(first.moves) == 30 and sum(first.probabilities) == pytest.approx(1)
    line = (first.moves.index(next(m for m in first.moves if "(roll: 12)" in m)),)
    settings = SearchSettings(Algorithm.EXPECTIMINIMAX, depth=2, evaluation="none")
    copy = SearchRecording(game)
    rid = next(_ids)
    engine.submit(rid, game, line, settings, record=Record.RECORDING)
    for kind, report in engine.reports(rid, game):
        assert isinstance(report, Report) and report.chunk is not None, report
        copy.apply_chunk(report.chunk)
        if kind == FINISHED:
            copy.finish(report.result)
    assert copy.node_count > 30
    state = copy.state(1)
    assert type(state) is tuple and state[:1] == line
    assert "X" in game.board_text(state) and game.board_text(state) != first.board
