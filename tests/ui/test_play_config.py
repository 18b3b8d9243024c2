"""What the AI first searches a game of no registry with (a game file, an OpenSpiel
game): the search made to fit the game, as the settings panel shows it."""

from __future__ import annotations

from gamesearch_gui.core.games import find_game
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.ui.play_config import FILE_GAME_SECONDS
from gamesearch_gui.ui.play_config import file_game_search
from gamesearch_gui.ui.play_config import fit_search


def test_a_game_of_three_players_is_first_searched_with_its_own_evaluation() -> None:
    """Not with "none" (0 for everyone at every cutoff), under which max^n's AI can only
    play its first move: chinese_checkers(players=3) did so."""
    game = find_game("nim3").make({})
    first = file_game_search(game)
    assert first.algorithm is Algorithm.MAXN  # as it is shown: no alpha-beta to correct
    assert fit_search(game, None, first) == first
    assert first.evaluation == next(iter(game.vector_evaluations())) == "reach"
    # Its size is unknown: it deepens against the clock, as a two-player file does,
    # rather than looking one ply ahead.
    assert first.depth is None and first.time_budget == FILE_GAME_SECONDS
    assert first.iterative


def test_a_three_player_file_search_left_with_no_limit_gets_a_time_limit() -> None:
    game = find_game("nim3").make({})
    unlimited = SearchSettings(Algorithm.PARANOID, transposition_table=True)
    fitted = fit_search(game, None, unlimited)
    assert (fitted.depth, fitted.time_budget) == (None, FILE_GAME_SECONDS)
    assert fitted.algorithm is Algorithm.PARANOID and fitted.transposition_table
    # The registry's nim3 is small enough to search to its end: no limit is added there.
    assert fit_search(game, "nim3", unlimited).time_budget is None


def test_a_game_of_two_players_is_first_searched_with_its_first_evaluation() -> None:
    game = find_game("connect4").make({})
    search = fit_search(game, None, file_game_search(game))
    assert search.algorithm is Algorithm.ALPHABETA
    assert search.evaluation == next(iter(game.evaluations()))
    assert search.time_budget is not None  # its size is unknown to a game of no registry
