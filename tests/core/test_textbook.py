"""Plain minimax and alpha-beta run the textbook's functions, and only they do.

``core/search/textbook.py`` holds Figures 5.3 and 5.7 as a student reads them; a search
chooses them when it starts, from its settings. That they give what the full recursion
gives, search for search, is ``test_search_unchanged.py``'s work; here: that they are
the ones chosen when nothing else is asked for, never when something is, and that a
game that hides its chance nodes is told so rather than searched wrongly.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from gamesearch_gui.core.game import Game
from gamesearch_gui.core.game import GameError
from gamesearch_gui.core.game import Player
from gamesearch_gui.core.games import ConnectFour
from gamesearch_gui.core.games import Pig
from gamesearch_gui.core.games import TicTacToe
from gamesearch_gui.core.recording.events import EventRecorder
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import Ordering
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import search
from gamesearch_gui.core.search import textbook


@pytest.fixture
def textbook_runs(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the textbook's searches run, in order."""
    runs: list[str] = []
    for name in ("minimax", "alphabeta"):
        real: Callable[..., object] = getattr(textbook, name)

        def spy(*args: Any, _real: Callable[..., object] = real, _name: str = name) -> object:
            runs.append(_name)
            return _real(*args)

        monkeypatch.setattr(textbook, name, spy)
    return runs


def test_plain_searches_nobody_watches_run_the_textbook(textbook_runs: list[str]) -> None:
    game = TicTacToe()
    for algorithm, ordering in [
        (Algorithm.MINIMAX, Ordering.NONE),
        (Algorithm.ALPHABETA, Ordering.NONE),
        (Algorithm.ALPHABETA, Ordering.STATIC),
    ]:
        settings = SearchSettings(algorithm, depth=3, ordering=ordering)
        result = search(game, game.initial_state(), settings)
        assert result.complete and result.best_move is not None
    assert textbook_runs == ["minimax", "alphabeta", "alphabeta"]


@pytest.mark.parametrize(
    "changes",
    [
        {"transposition_table": True},
        {"fail_hard": True},
        {"exact_root_values": True},
        {"ordering": Ordering.PREVIOUS_BEST},
    ],
)
def test_a_feature_that_is_on_runs_the_full_recursion(
    changes: dict[str, Any], textbook_runs: list[str]
) -> None:
    game = ConnectFour()
    settings = replace(SearchSettings(Algorithm.ALPHABETA, depth=3), **changes)
    plain = search(game, game.initial_state(), SearchSettings(Algorithm.ALPHABETA, depth=3))
    assert textbook_runs == ["alphabeta"]
    featured = search(game, game.initial_state(), settings)
    assert textbook_runs == ["alphabeta"], "the textbook ran with a feature on"
    assert featured.value == plain.value


def test_a_watched_search_chance_nodes_and_later_iterations_run_the_full_recursion(
    textbook_runs: list[str],
) -> None:
    game = TicTacToe()
    search(
        game, game.initial_state(), SearchSettings(Algorithm.ALPHABETA), listener=EventRecorder()
    )
    pig = Pig()
    search(pig, pig.initial_state(), SearchSettings(Algorithm.EXPECTIMINIMAX, depth=2))
    assert textbook_runs == []
    # Iterative deepening: the first iteration has no earlier line to follow.
    deepening = SearchSettings(Algorithm.ALPHABETA, depth=3, time_budget=86_400.0)
    result = search(game, game.initial_state(), deepening)
    assert textbook_runs == ["alphabeta"] and len(result.iterations) == 3


def test_a_game_over_at_the_root_is_valued_as_the_full_recursion_values_it(
    textbook_runs: list[str],
) -> None:
    game = TicTacToe()
    won = game.parse_position("XXX/OO./...")
    result = search(game, won, SearchSettings(Algorithm.ALPHABETA))
    assert (result.value, result.best_move, result.stats.nodes) == (1, None, 1)
    assert result.root_moves == () and textbook_runs == []


class _Hidden(Game[int, int]):
    """Says it has no chance nodes, but chance moves after the first move."""

    title = "Hidden dice"

    def initial_state(self) -> int:
        return 0

    def to_move(self, state: int) -> Player:
        return Player.MAX if state == 0 else Player.CHANCE

    def actions(self, state: int) -> list[int]:
        return [1, 2]

    def chances(self, state: int) -> list[tuple[int, float]]:
        return [(10, 0.5), (20, 0.5)]

    def result(self, state: int, action: int) -> int:
        return state + action

    def terminal_value(self, state: int) -> float | None:
        return float(state) if state >= 10 else None

    def max_plies(self, state: int) -> int:
        return 0 if state >= 10 else 2 if state == 0 else 1


def test_a_game_hiding_its_chance_nodes_is_told_so() -> None:
    game = _Hidden()
    with pytest.raises(GameError, match=r"has no chance nodes \(has_chance is false\), but chance"):
        search(game, 0, SearchSettings(Algorithm.ALPHABETA))
