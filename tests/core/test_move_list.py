"""Reading a game written as its moves back into moves (Game > Load moves)."""

from __future__ import annotations

import random

import pytest

from gamesearch_gui.core.games import ConnectFour
from gamesearch_gui.core.games import Pig
from gamesearch_gui.core.games import TicTacToe
from gamesearch_gui.core.games import game_specs
from gamesearch_gui.core.match import Match
from gamesearch_gui.core.move_list import MoveListError
from gamesearch_gui.core.move_list import parse_moves


@pytest.mark.parametrize("spec", game_specs(), ids=[spec.name for spec in game_specs()])
def test_what_the_moves_list_writes_reads_back_as_the_same_moves(spec) -> None:
    """Every game: a game played at random, written as the Moves list writes it, comma
    separated or space separated, reads back move for move."""
    game = spec.make()
    match = Match(game)
    rng = random.Random(7)
    while not match.is_over and len(match.plies) < 30:
        match.play(rng.choice(match.legal()))
    moves = [ply.move for ply in match.plies]
    texts = [ply.text for ply in match.plies]
    assert parse_moves(game, ", ".join(texts)) == moves
    assert parse_moves(game, " ".join(texts)) == moves


def test_move_numbers_and_new_lines_are_read_as_a_person_writes_them() -> None:
    chess = next(spec for spec in game_specs() if spec.name == "chess").make()
    moves = parse_moves(chess, "1. e4 e5\n2. Nf3 Nc6")
    assert [str(move) for move in moves] == ["e2e4", "e7e5", "g1f3", "b8c6"]


def test_pig_reads_its_die_rolls_and_words_of_two() -> None:
    game = Pig(20)
    moves = parse_moves(game, "rolled 3 roll rolled 6 hold")
    assert len(moves) == 4


def test_an_illegal_move_is_refused_with_its_number_and_what_was_legal() -> None:
    with pytest.raises(MoveListError, match=r"move 3 \('9'\): not a legal move here; legal: 1, 2"):
        parse_moves(ConnectFour(), "4, 4, 9, 3")


def test_a_move_after_the_end_and_an_empty_list_are_refused() -> None:
    with pytest.raises(MoveListError, match=r"move 6 .*the game is already over"):
        parse_moves(TicTacToe(), "1 4 2 5 3 9")
    with pytest.raises(MoveListError, match="no moves"):
        parse_moves(TicTacToe(), " ,\n ")
