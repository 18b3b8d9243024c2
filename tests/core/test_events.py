"""The event stream's plumbing: one listener for many."""

from __future__ import annotations

from gamesearch_gui.core.games.tictactoe import TicTacToe
from gamesearch_gui.core.recording.events import SearchEvent
from gamesearch_gui.core.recording.events import fan_out
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import search


def test_fan_out_tells_each_listener_every_event_in_order() -> None:
    heard: list[tuple[str, SearchEvent]] = []

    def a(event: SearchEvent) -> None:
        heard.append(("a", event))

    def b(event: SearchEvent) -> None:
        heard.append(("b", event))

    game = TicTacToe()
    state = game.parse_position("XO.XO....")
    search(game, state, SearchSettings(Algorithm.MINIMAX), listener=fan_out(a, None, b))
    assert len(heard) > 2
    assert [who for who, _ in heard] == ["a", "b"] * (len(heard) // 2)
    assert [event for _, event in heard[0::2]] == [event for _, event in heard[1::2]]


def test_fan_out_of_one_listener_is_that_listener_and_of_none_is_none() -> None:
    def a(event: SearchEvent) -> None:
        pass

    assert fan_out(None, a, None) is a
    assert fan_out(None, None) is None
    assert fan_out() is None
