"""Game review's engine call: one position searched and judged in the engine process."""

from __future__ import annotations

import itertools

import pytest

from gamesearch_gui.core.games import ConnectFour
from gamesearch_gui.core.games import TicTacToe
from gamesearch_gui.core.review import Mark
from gamesearch_gui.core.review import review_position
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.engine.client import CallFailed
from gamesearch_gui.engine.client import EngineClient

_ids = itertools.count(1)


def test_a_position_judged_in_the_engine_is_judged_as_here(engine: EngineClient) -> None:
    game = TicTacToe()
    state = game.parse_position("XX.OO....")
    settings = SearchSettings(exact_root_values=True)
    there = engine.call(next(_ids), "review_position", game, state, 8, settings)
    here = review_position(game, state, 8, settings)
    assert there == here
    assert there.mark is Mark.BLUNDER and there.best_text == "3"


def test_a_cancelled_review_call_says_so_and_the_engine_serves_the_next(
    engine: EngineClient,
) -> None:
    game = ConnectFour()
    settings = SearchSettings(depth=12, exact_root_values=True)  # far too long to finish
    rid = next(_ids)
    engine.start()
    engine.cancel(rid)  # seen by the search as it starts: it stops at once
    with pytest.raises(CallFailed, match="cancelled"):
        engine.call(rid, "review_position", game, game.initial_state(), 3, settings)
    pid = engine.pid
    quick = SearchSettings(depth=1, exact_root_values=True)
    answer = engine.call(next(_ids), "review_position", game, game.initial_state(), 3, quick)
    assert answer.loss == 0 and engine.pid == pid
