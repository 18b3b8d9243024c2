"""Three-player Nim: its rules, and max^n's answers checked against a brute force."""

from __future__ import annotations

import functools

import pytest

from gamesearch_gui.core.game import IllegalMoveError
from gamesearch_gui.core.game import PositionError
from gamesearch_gui.core.games.nim3 import SPEC
from gamesearch_gui.core.games.nim3 import ThreePlayerNim
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import SettingsError
from gamesearch_gui.core.search import default_settings
from gamesearch_gui.core.search import search


@functools.cache
@functools.cache
def brute(pile: int, player: int) -> tuple[tuple[float, ...], int | None]:
    """Max^n by hand: each player takes what is best for themselves, the smallest first
    (each position worked out once, so the biggest pile takes no time)."""
    if pile == 0:
        winner = (player - 1) % 3
        return tuple(1.0 if i == winner else 0.0 for i in range(3)), None
    best: tuple[float, ...] | None = None
    chosen = None
    for take in range(1, min(3, pile) + 1):
        got, _ = brute(pile - take, (player + 1) % 3)
        if best is None or got[player] > best[player]:
            best, chosen = got, take
    assert best is not None
    return best, chosen


@pytest.mark.parametrize("pile", range(1, 16))
def test_maxn_with_and_without_shallow_pruning_is_the_brute_force(pile: int) -> None:
    game = ThreePlayerNim(pile)
    plain = search(game, game.initial_state(), SearchSettings(Algorithm.MAXN))
    shallow = search(
        game, game.initial_state(), SearchSettings(Algorithm.MAXN, shallow_pruning=True)
    )
    assert (plain.values, plain.best_move) == brute(pile, 0)
    assert (shallow.values, shallow.best_move) == brute(pile, 0)
    assert shallow.stats.nodes <= plain.stats.nodes
    assert sum(plain.values or ()) == 1


def test_shallow_pruning_saves_work_on_a_real_pile() -> None:
    game = ThreePlayerNim(12)
    plain = search(game, game.initial_state(), SearchSettings(Algorithm.MAXN))
    shallow = search(
        game, game.initial_state(), SearchSettings(Algorithm.MAXN, shallow_pruning=True)
    )
    assert shallow.stats.cutoffs > 0
    assert shallow.stats.nodes < plain.stats.nodes


def test_paranoid_sees_two_players_ganging_up() -> None:
    # From 5 the other two can always keep A from the last counter.
    game = ThreePlayerNim(5)
    result = search(game, game.initial_state(), SearchSettings(Algorithm.PARANOID))
    assert result.value == 0


def test_a_depth_cutoff_uses_reach() -> None:
    game = ThreePlayerNim(9)
    result = search(game, game.initial_state(), SearchSettings(Algorithm.MAXN, depth=1))
    # Every pile A can leave (8, 7, 6) is beyond B's reach: thirds each, the first move.
    assert result.values == pytest.approx((1 / 3,) * 3)
    assert result.best_move == 1


def test_rules_and_notation() -> None:
    game = ThreePlayerNim(7)
    state = game.initial_state()
    assert game.players == ("A", "B", "C")
    assert list(game.actions(state)) == [1, 2, 3]
    assert list(game.actions((2, 1))) == [1, 2]
    assert game.player_index(game.result(state, 2)) == 1
    assert game.utilities((0, 1)) == (1.0, 0.0, 0.0)  # A took the last, B would move
    assert game.utility_sum() == 1.0
    assert game.move_text(state, 2) == "take 2"
    assert game.parse_move(state, "take 3") == game.parse_move(state, " 3 ") == 3
    assert game.position_text((5, 1)) == "5 B"
    assert game.parse_position("5 b") == (5, 1)
    assert game.parse_position("7") == state


@pytest.mark.parametrize(
    ("text", "message"),
    [("take 4", "take 1 to 3"), ("two", "take 1 to 3"), ("", "take 1 to 3")],
)
def test_bad_moves_say_what_is_legal(text: str, message: str) -> None:
    game = ThreePlayerNim(7)
    with pytest.raises(IllegalMoveError, match=message):
        game.parse_move(game.initial_state(), text)


@pytest.mark.parametrize(
    ("text", "message"),
    [("", "give the pile"), ("5 D", "not a player"), ("99", "at most 30"), ("x A", "give the")],
)
def test_bad_positions_say_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(PositionError, match=message):
        ThreePlayerNim().parse_position(text)


def test_two_player_searches_are_refused() -> None:
    game = ThreePlayerNim()
    with pytest.raises(SettingsError, match="has 3 players"):
        search(game, game.initial_state(), SearchSettings(Algorithm.ALPHABETA))


def test_its_spec_makes_it_with_its_pile_and_searches_it_with_maxn() -> None:
    game = SPEC.make({"nim_pile": 9})
    assert isinstance(game, ThreePlayerNim) and game.pile == 9
    assert default_settings(SPEC).algorithm is Algorithm.MAXN
    search(game, game.initial_state(), default_settings(SPEC))
