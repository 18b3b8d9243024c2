"""The game protocol's own rules."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from gamesearch_gui.core.game import Game
from gamesearch_gui.core.game import GameError
from gamesearch_gui.core.game import Player
from gamesearch_gui.core.games import game_names
from gamesearch_gui.core.games import make_game


class Countdown(Game[int, int]):
    """Take 1 or 2 from a number; whoever takes the last one wins (terminal_value only)."""

    name = "countdown"
    title = "Countdown"

    def initial_state(self) -> int:
        return 4

    def to_move(self, state: int) -> Player:
        return Player.MAX

    def actions(self, state: int) -> Sequence[int]:
        return [1, 2][:state]

    def result(self, state: int, action: int) -> int:
        return state - action

    def terminal_value(self, state: int) -> float | None:
        return 1.0 if state == 0 else None


def test_is_terminal_and_utility_follow_from_terminal_value() -> None:
    game = Countdown()
    assert not game.is_terminal(3) and game.is_terminal(0)
    assert game.utility(0) == 1.0
    with pytest.raises(GameError, match="not over"):
        game.utility(2)


def test_a_game_must_say_when_it_ends() -> None:
    with pytest.raises(TypeError, match="terminal_value, or is_terminal and utility"):

        class Endless(Countdown):  # pragma: no cover - refused at class creation
            terminal_value = Game.terminal_value  # type: ignore[assignment]


@pytest.mark.parametrize("name", game_names())
def test_every_game_names_its_start_in_words_and_other_positions_by_notation(
    name: str,
) -> None:
    # Connect Four's empty board used to read "position ''".
    game = make_game(name)
    start = game.initial_state()
    assert game.position_name(start) == "the start position"
    if game.to_move(start) is Player.CHANCE:  # Pig starts with a roll of the die
        first = game.chances(start)[0][0]
    else:
        first = next(iter(game.ordered_actions(start)))
    later = game.result(start, first)
    assert game.position_name(later) == f"position {game.position_text(later)!r}"


def test_a_game_without_notation_names_its_start_and_then_this_position() -> None:
    game = Countdown()
    assert game.position_name(4) == "the start position"
    assert game.position_name(3) == "this position"
