"""A match: moves, undo and redo, chance outcomes, refusals."""

from __future__ import annotations

import pytest

from gamesearch_gui.core.game import IllegalMoveError
from gamesearch_gui.core.game import Player
from gamesearch_gui.core.games import Pig
from gamesearch_gui.core.games import TicTacToe
from gamesearch_gui.core.match import Match


def test_moves_undo_and_redo_walk_the_history() -> None:
    match = Match(TicTacToe())
    for cell in (4, 0, 8):
        match.play(cell)
    assert [p.text for p in match.plies] == ["5", "1", "9"]
    assert [p.player for p in match.plies] == [Player.MAX, Player.MIN, Player.MAX]
    assert match.state == match.game.parse_position("O...X...X")
    match.undo()
    match.undo()
    assert match.state == match.game.parse_position("....X....") and match.can_redo
    match.redo()
    assert match.last is not None and match.last.move == 0
    match.play(2)  # a new move forgets what was undone
    assert not match.can_redo
    match.undo_to(0)
    assert match.plies == () and match.state == match.start


def test_illegal_moves_are_refused_with_a_reason() -> None:
    match = Match(TicTacToe())
    match.play(4)
    with pytest.raises(IllegalMoveError, match="not a legal move"):
        match.play(4)
    for cell in (0, 1, 2, 7):  # X takes 4, 1 and 7: the middle column
        match.play(cell)
    assert match.is_over
    with pytest.raises(IllegalMoveError, match="over"):
        match.play(8)
    assert match.result_text({Player.MAX: "X", Player.MIN: "O"}) == "X wins"
    with pytest.raises(IndexError):
        Match(TicTacToe()).undo()


def test_chance_outcomes_are_moves_of_chance() -> None:
    match = Match(Pig(20))
    assert match.to_move is Player.CHANCE
    assert match.legal() == [1, 2, 3, 4, 5, 6]
    match.play(5)
    assert match.last is not None and match.last.player is Player.CHANCE
    assert match.to_move is Player.MAX and set(match.legal()) == {"roll", "hold"}
