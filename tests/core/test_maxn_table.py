"""Max^n and the paranoid search with a transposition table: the same root vector, move
and line as without it, in far fewer nodes where positions recur (three-player Nim)."""

from __future__ import annotations

import functools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamesearch_gui.core.game import Game
from gamesearch_gui.core.games.nim3 import MAX_PILE
from gamesearch_gui.core.games.nim3 import MAX_TAKE
from gamesearch_gui.core.games.nim3 import PLAYERS
from gamesearch_gui.core.games.nim3 import ThreePlayerNim
from gamesearch_gui.core.narration.steps import describe_step
from gamesearch_gui.core.recording.depth_first import SearchRecording
from gamesearch_gui.core.recording.events import EventRecorder
from gamesearch_gui.core.recording.events import NodeValued
from gamesearch_gui.core.recording.events import NodeValues
from gamesearch_gui.core.recording.events import Valuation
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import SearchResult
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import search
from tests.core.dag_game import PlayersDagGame
from tests.core.test_nim3 import brute
from tests.properties import examples


def solve(game: Game, settings: SearchSettings, table: bool) -> SearchResult:  # type: ignore[type-arg]
    from dataclasses import replace

    return search(game, game.initial_state(), replace(settings, transposition_table=table))


def same_answer(game: Game, settings: SearchSettings) -> SearchResult:  # type: ignore[type-arg]
    """Search ``game`` with and without the table; assert they agree; the table's result."""
    plain = solve(game, settings, False)
    tabled = solve(game, settings, True)
    assert plain.complete and tabled.complete
    assert tabled.values == plain.values
    assert tabled.best_move == plain.best_move
    assert tabled.principal_variation == plain.principal_variation
    assert tabled.stats.nodes <= plain.stats.nodes
    return tabled


@examples(300)
@given(
    seed=st.integers(0, 10**6),
    players=st.integers(3, 4),
    pile=st.integers(4, 14),
    constant=st.booleans(),
    chance=st.booleans(),
    depth=st.none() | st.integers(1, 6),
)
def test_the_table_changes_no_answer_on_random_games_with_transpositions(
    seed: int, players: int, pile: int, constant: bool, chance: bool, depth: int | None
) -> None:
    game = PlayersDagGame(
        seed, players=players, pile=pile, constant_sum=10 if constant else None, chance=chance
    )
    searches = [SearchSettings(Algorithm.MAXN, depth=depth)]
    searches.append(SearchSettings(Algorithm.PARANOID, depth=depth))
    if constant:
        searches.append(SearchSettings(Algorithm.MAXN, depth=depth, shallow_pruning=True))
    for settings in searches:
        same_answer(game, settings)


@pytest.mark.parametrize("pile", range(1, 19))
@pytest.mark.parametrize(
    "settings",
    [
        SearchSettings(Algorithm.MAXN),
        SearchSettings(Algorithm.MAXN, shallow_pruning=True),
        SearchSettings(Algorithm.PARANOID),
        SearchSettings(Algorithm.MAXN, depth=5),
        SearchSettings(Algorithm.MAXN, depth=4, shallow_pruning=True),
        SearchSettings(Algorithm.PARANOID, depth=6),
    ],
    ids=["maxn", "shallow", "paranoid", "maxn-5", "shallow-4", "paranoid-6"],
)
def test_nim_gives_the_same_answer_with_the_table(pile: int, settings: SearchSettings) -> None:
    same_answer(ThreePlayerNim(pile), settings)


@pytest.mark.parametrize("shallow", [False, True])
def test_nim_from_the_biggest_pile_is_solved_in_a_few_hundred_nodes(shallow: bool) -> None:
    game = ThreePlayerNim(MAX_PILE)
    settings = SearchSettings(Algorithm.MAXN, shallow_pruning=shallow, transposition_table=True)
    result = search(game, game.initial_state(), settings)
    assert result.complete
    assert (result.values, result.best_move) == brute(MAX_PILE, 0)
    # Each of the 90 positions (pile, player) is searched once; the rest are table hits.
    assert result.stats.nodes < 1000 and result.stats.tt_hits > 0
    # Every move of the line is the textbook's.
    state = game.initial_state()
    for move in result.principal_variation:
        assert move == brute(*state)[1]
        state = game.result(state, move)
    assert game.is_terminal(state)


def test_the_paranoid_search_from_the_biggest_pile_is_prompt_too() -> None:
    game = ThreePlayerNim(MAX_PILE)
    settings = SearchSettings(Algorithm.PARANOID, transposition_table=True)
    result = search(game, game.initial_state(), settings)
    assert result.complete and result.stats.nodes < 2000 and result.stats.tt_hits > 0
    # A's share under paranoid: what A can force against B and C together.
    assert result.value == textbook_paranoid(MAX_PILE, 0)


@functools.cache
def textbook_paranoid(pile: int, who: int) -> float:
    """A's share of three-player Nim when B and C play against A: minimax, remembered."""
    if pile == 0:
        return 1.0 if (who - 1) % len(PLAYERS) == 0 else 0.0
    shares = [
        textbook_paranoid(pile - take, (who + 1) % len(PLAYERS))
        for take in range(1, min(MAX_TAKE, pile) + 1)
    ]
    return max(shares) if who == 0 else min(shares)


def test_a_table_hit_is_told_with_its_vector_and_recorded() -> None:
    game = ThreePlayerNim(9)
    recorder = EventRecorder()
    settings = SearchSettings(Algorithm.MAXN, transposition_table=True)
    result = search(game, game.initial_state(), settings, listener=recorder)
    hits = [
        (i, e)
        for i, e in enumerate(recorder.events)
        if isinstance(e, NodeValued) and e.how is Valuation.TRANSPOSITION
    ]
    assert len(hits) == result.stats.tt_hits > 0
    for i, hit in hits:
        told = recorder.events[i - 1]
        assert isinstance(told, NodeValues) and told.node_id == hit.node_id
        assert told.values[told.values.index(1.0)] == 1.0 and hit.value == told.values[0]
    recording = SearchRecording(game)
    search(game, game.initial_state(), settings, listener=recording)
    n = next(
        n for n in range(recording.node_count) if recording.valuation(n) is Valuation.TRANSPOSITION
    )
    said = describe_step(recording, recording.valued_at[n])
    assert "was searched before: the transposition table gives (" in said
