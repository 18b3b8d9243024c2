"""The AI's strength levels: valid settings for every game, a slip that is reproducible
and keeps its rate, and levels whose order shows on the board."""

from __future__ import annotations

from pathlib import Path

import pytest

from gamesearch_gui.core.games import BUILT_IN
from gamesearch_gui.core.games import find_game
from gamesearch_gui.core.games import make_game
from gamesearch_gui.core.games.nim3 import ThreePlayerNim
from gamesearch_gui.core.games.pig import Pig
from gamesearch_gui.core.games.tictactoe import TicTacToe
from gamesearch_gui.core.levels import FILE_GAME_LEVELS
from gamesearch_gui.core.levels import FILE_SECONDS
from gamesearch_gui.core.levels import GAME_LEVELS
from gamesearch_gui.core.levels import LEVEL_IDS
from gamesearch_gui.core.levels import LEVELS
from gamesearch_gui.core.levels import PLAYERS_FILE_LEVELS
from gamesearch_gui.core.levels import GameLevel
from gamesearch_gui.core.levels import describe
from gamesearch_gui.core.levels import game_levels
from gamesearch_gui.core.levels import level_for
from gamesearch_gui.core.levels import level_move
from gamesearch_gui.core.levels import level_title
from gamesearch_gui.core.levels import slip_choice
from gamesearch_gui.core.review import exact_algorithm
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import Bound
from gamesearch_gui.core.search import RootMove
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import check_settings
from gamesearch_gui.core.search import search


def _moves(*values: float) -> tuple[RootMove, ...]:
    return tuple(RootMove(f"m{i}", value, Bound.EXACT) for i, value in enumerate(values))


@pytest.mark.parametrize("spec", BUILT_IN, ids=lambda spec: spec.name)
def test_every_built_in_game_has_the_five_levels_and_each_fits_the_game(spec):
    levels = game_levels(spec.name)
    assert levels is not None
    assert tuple(g.level.id for g in levels.levels) == LEVEL_IDS
    game = spec.make()
    for option in spec.options:  # the levels fit the smallest and the largest game too
        for value in (option.low, option.high):
            small = spec.make({option.key: value})
            for level in levels.levels:
                check_settings(small, small.initial_state(), level.search)
    for level in levels.levels:
        check_settings(game, game.initial_state(), level.search)
    assert levels.perfect.startswith(("perfect", "not perfect", "max^n"))


@pytest.mark.parametrize(
    "game", [TicTacToe(), Pig(), ThreePlayerNim()], ids=["no chance", "chance", "three players"]
)
def test_a_user_game_files_levels_fit_a_game_of_its_kind(game):
    levels = game_levels(None, game.has_chance, len(game.players))
    assert levels is not None
    for level in levels.levels:
        check_settings(game, game.initial_state(), level.search)
    algorithms = {level.search.algorithm for level in levels.levels}
    assert algorithms == ({Algorithm.MAXN} if len(game.players) > 2 else {exact_algorithm(game)})
    # Strong and Perfect deepen against the clock; the slipping ones value each move.
    assert [level.search.time_budget for level in levels.levels[3:]] == [FILE_SECONDS] * 2
    assert all(level.exact_values for level in levels.levels[:3])


def test_a_three_player_game_files_beginner_slips_by_max_n_values():
    game = ThreePlayerNim(9)
    level = level_for(game, None, "beginner")
    assert level is not None and level.search.algorithm is Algorithm.MAXN
    assert level.slip > 0 and level.search.depth == 1
    assert level_for(game, "nim3", "beginner") == GAME_LEVELS["nim3"].levels[0]


def test_levels_slip_less_as_they_grow_stronger_and_the_strong_ones_never():
    for name, levels in GAME_LEVELS.items():
        slips = [g.slip for g in levels.levels]
        assert slips == sorted(slips, reverse=True), name
        assert slips[0] > 0 and slips[-2:] == [0.0, 0.0], name


def test_a_level_that_slips_must_replay_the_same_search():
    timed = SearchSettings(Algorithm.ALPHABETA, depth=3, time_budget=1.0, exact_root_values=True)
    with pytest.raises(ValueError, match="fixed depth"):
        GameLevel(LEVELS[0], timed, 0.2)
    with pytest.raises(ValueError, match="fixed depth"):  # bounds would rank the slip badly
        GameLevel(LEVELS[0], SearchSettings(Algorithm.ALPHABETA, depth=3), 0.2)


def test_titles():
    assert [level_title(i) for i in LEVEL_IDS] == [
        "Beginner",
        "Casual",
        "Club",
        "Strong",
        "Perfect",
    ]
    assert level_title("custom") == "Custom"


def test_the_same_seed_and_ply_give_the_same_choice_and_others_differ():
    moves = _moves(5, 3, 1, 0, -2)
    runs = [
        [slip_choice(seed, ply, 0.5, moves, "m0") for ply in range(1, 60)] for seed in (4, 4, 5)
    ]
    assert runs[0] == runs[1]
    assert runs[0] != runs[2]


def test_the_slip_keeps_its_rate_and_prefers_the_better_of_the_other_moves():
    moves = _moves(5, 3, 1, 0, -2)
    choices = [slip_choice(11, ply, 0.3, moves, "m0") for ply in range(1, 4001)]
    slipped = [c for c in choices if c.slipped]
    # 4000 draws at 0.3: 1200 expected, 29 the standard deviation; this seed is fixed.
    assert 1110 <= len(slipped) <= 1290
    assert all(c.move != "m0" for c in slipped)
    assert all(c.move == "m0" for c in choices if not c.slipped)
    counts = [sum(c.move == f"m{i}" for c in slipped) for i in range(1, 5)]
    assert counts == sorted(counts, reverse=True)  # second best most often, worst least
    assert counts[-1] > 0


def test_min_slips_to_its_own_better_moves_and_nothing_slips_from_a_lone_move():
    moves = _moves(-5, 9, 1)  # MIN's best is m0; of the others, m2 is better for MIN
    slipped = [
        c
        for c in (slip_choice(3, p, 0.9, moves, "m0", maximizing=False) for p in range(400))
        if c.slipped
    ]
    assert sum(c.move == "m2" for c in slipped) > sum(c.move == "m1" for c in slipped)
    lone = _moves(1)
    assert {slip_choice(3, p, 0.9, lone, "m0").move for p in range(50)} == {"m0"}


def test_a_rate_of_zero_never_slips():
    moves = _moves(1, 0)
    assert not any(slip_choice(s, p, 0.0, moves, "m0").slipped for s in range(5) for p in range(50))


def _play(game, first, second, seed):
    """A whole game of level ``first`` (the first player) against ``second``; the
    utility at the end, from the first player's view."""
    state, ply = game.initial_state(), 0
    while not game.is_terminal(state):
        ply += 1
        level = first if ply % 2 else second
        result = search(game, state, level.search)
        state = game.result(state, level_move(game, state, result, level, seed, ply).move)
    return game.utility(state)


def test_beginner_loses_to_perfect_at_tic_tac_toe_and_never_wins():
    game = make_game("tictactoe")
    levels = GAME_LEVELS["tictactoe"]
    beginner, perfect = levels.find("beginner"), levels.find("perfect")
    outcomes = []
    for seed in range(5):
        outcomes.append(_play(game, beginner, perfect, seed))  # Beginner as X
        outcomes.append(-_play(game, perfect, beginner, seed))  # Beginner as O
    assert all(o <= 0 for o in outcomes), outcomes  # Perfect never loses
    assert sum(o < 0 for o in outcomes) >= 7, outcomes


def test_a_seeded_game_between_levels_replays_move_for_move():
    game = make_game("connect4")
    levels = GAME_LEVELS["connect4"]
    beginner, casual = levels.find("beginner"), levels.find("casual")

    def moves(seed):
        state, played = game.initial_state(), []
        for ply in range(1, 9):
            level = beginner if ply % 2 else casual
            result = search(game, state, level.search)
            move = level_move(game, state, result, level, seed, ply).move
            played.append(move)
            state = game.result(state, move)
        return played

    assert moves(2) == moves(2)
    assert moves(2) != moves(3)


def test_the_guide_tables_every_level_as_the_data_says_and_each_perfects_worth():
    page = (Path(__file__).parents[2] / "docs" / "play.md").read_text(encoding="utf-8")
    rows = [(find_game(name).title, levels) for name, levels in GAME_LEVELS.items()]
    rows += [("your game file", FILE_GAME_LEVELS[False])]
    rows += [("your game file, with chance", FILE_GAME_LEVELS[True])]
    rows += [("your game file, three players or more", PLAYERS_FILE_LEVELS)]
    for title, levels in rows:
        for level in levels.levels:
            row = f"| {title} | {level.level.title} | {describe(level)} |"
            assert row in page, row
    for name, levels in GAME_LEVELS.items():
        assert f"- **{find_game(name).title}:** {levels.perfect}." in page, name
