"""Pig: chance nodes, rules, evaluations, a small expectiminimax, notation and errors."""

from __future__ import annotations

import itertools
import math
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamesearch_gui.core.game import Evaluation
from gamesearch_gui.core.game import GameError
from gamesearch_gui.core.game import IllegalMoveError
from gamesearch_gui.core.game import Player
from gamesearch_gui.core.game import PositionError
from gamesearch_gui.core.games.pig import DECIDING
from gamesearch_gui.core.games.pig import HOLD
from gamesearch_gui.core.games.pig import ROLL
from gamesearch_gui.core.games.pig import ROLLING
from gamesearch_gui.core.games.pig import Pig
from gamesearch_gui.core.games.pig import PigAction
from gamesearch_gui.core.games.pig import PigState


def expectiminimax(game: Pig, state: PigState, depth: int, evaluate: Evaluation[PigState]) -> float:
    """Depth-limited expectiminimax through the protocol only; every node is one ply."""
    value = game.terminal_value(state)
    if value is not None:
        return value
    if depth == 0:
        return evaluate(state)
    who = game.to_move(state)
    if who is Player.CHANCE:
        return sum(
            p * expectiminimax(game, game.result(state, face), depth - 1, evaluate)
            for face, p in game.chances(state)
        )
    values = [
        expectiminimax(game, game.result(state, a), depth - 1, evaluate)
        for a in game.actions(state)
    ]
    return max(values) if who is Player.MAX else min(values)


def best_move(game: Pig, state: PigState, depth: int) -> tuple[PigAction, float]:
    """The decision (first among equals) and its value, by expectiminimax to ``depth``."""
    evaluate = next(iter(game.evaluations().values()))
    sign = 1.0 if game.to_move(state) is Player.MAX else -1.0
    scored = [
        (a, expectiminimax(game, game.result(state, a), depth - 1, evaluate))
        for a in game.actions(state)
    ]
    return max(scored, key=lambda pair: sign * pair[1])


def playout_states(game: Pig, seed: int, count: int) -> list[PigState]:
    """States met by random play, finished games included."""
    rng = random.Random(seed)
    states: list[PigState] = []
    state = game.initial_state()
    while len(states) < count:
        states.append(state)
        if game.terminal_value(state) is not None:
            state = game.initial_state()
        elif game.to_move(state) is Player.CHANCE:
            state = game.result(state, rng.randint(1, 6))
        else:
            state = game.result(state, rng.choice(game.actions(state)))
    return states


def test_start_and_basic_facts() -> None:
    """MAX is about to roll from nothing; utilities are ±1; play can go on forever."""
    game = Pig()
    state = game.initial_state()
    assert state == (0, 0, 0, 0, ROLLING)
    assert game.to_move(state) is Player.CHANCE
    assert game.has_chance
    assert game.utility_bounds() == (-1.0, 1.0)
    assert game.max_plies(state) is None
    assert game.terminal_value(state) is None
    assert Pig.name == "pig"
    assert Pig.title == "Pig"


def test_chances_are_six_fair_faces() -> None:
    """A roll has the faces 1..6, each with probability 1/6, summing to 1."""
    game = Pig()
    outcomes = game.chances(game.initial_state())
    assert [face for face, _ in outcomes] == [1, 2, 3, 4, 5, 6]
    assert all(p == pytest.approx(1 / 6) for _, p in outcomes)
    assert math.fsum(p for _, p in outcomes) == pytest.approx(1.0, abs=1e-12)


def test_rolling_a_one_loses_the_turn_total() -> None:
    """A 1 banks nothing and starts the other player's turn with a roll."""
    game = Pig()
    assert game.result((5, 3, 8, 0, ROLLING), 1) == (5, 3, 0, 1, ROLLING)
    assert game.result((5, 3, 8, 1, ROLLING), 1) == (5, 3, 0, 0, ROLLING)


def test_rolling_two_to_six_adds_and_asks_for_a_decision() -> None:
    """A face of 2..6 grows the turn total, and the roller then decides."""
    game = Pig()
    state = game.result((5, 3, 8, 0, ROLLING), 4)
    assert state == (5, 3, 12, 0, DECIDING)
    assert game.to_move(state) is Player.MAX
    assert list(game.actions(state)) == [ROLL, HOLD]
    assert game.to_move(game.result((5, 3, 0, 1, ROLLING), 6)) is Player.MIN


def test_roll_again_and_hold() -> None:
    """Rolling again keeps the turn total at stake; holding banks it and passes the turn."""
    game = Pig()
    deciding = (5, 3, 12, 0, DECIDING)
    assert game.result(deciding, ROLL) == (5, 3, 12, 0, ROLLING)
    assert game.result(deciding, HOLD) == (17, 3, 0, 1, ROLLING)
    assert game.result((5, 3, 12, 1, DECIDING), HOLD) == (5, 15, 0, 0, ROLLING)


def test_reaching_the_target_needs_a_hold_and_ends_the_game() -> None:
    """A turn total that would win is not a win until banked; banking it ends the game."""
    game = Pig(20)
    deciding = (15, 3, 6, 0, DECIDING)
    assert game.terminal_value(deciding) is None
    assert game.terminal_value(game.result(deciding, ROLL)) is None
    won = game.result(deciding, HOLD)
    assert game.is_terminal(won)
    assert game.terminal_value(won) == game.utility(won) == 1.0
    lost = game.result((3, 17, 5, 1, DECIDING), HOLD)
    assert game.terminal_value(lost) == game.utility(lost) == -1.0


def test_ordered_actions_hold_first_when_it_wins_or_at_twenty() -> None:
    """Hold first when holding wins or the turn total reaches 20; else roll first."""
    game = Pig(100)
    assert list(game.ordered_actions((10, 0, 12, 0, DECIDING))) == [ROLL, HOLD]
    assert list(game.ordered_actions((10, 0, 20, 0, DECIDING))) == [HOLD, ROLL]
    assert list(game.ordered_actions((90, 0, 10, 0, DECIDING))) == [HOLD, ROLL]
    assert list(game.ordered_actions((90, 0, 8, 0, DECIDING))) == [ROLL, HOLD]
    assert list(game.ordered_actions((0, 95, 5, 1, DECIDING))) == [HOLD, ROLL]
    assert list(game.ordered_actions((95, 0, 5, 1, DECIDING))) == [ROLL, HOLD]


@pytest.mark.parametrize("target", [2, 10, 20, 50, 100])
def test_evaluations_strictly_inside_bounds(target: int) -> None:
    """Every evaluation of a wide range of states lies strictly inside (-1, 1)."""
    game = Pig(target)
    assert list(game.evaluations()) == ["win_chance", "score_difference"]
    scores = [0, *range(2, target)]
    for evaluate in game.evaluations().values():
        for mine in scores:
            for theirs in scores:
                for turn_total in (0, 2, 7, target, 5 * target):
                    for player in (0, 1):
                        for phase in (ROLLING, DECIDING):
                            state = (mine, theirs, turn_total, player, phase)
                            assert -1.0 < evaluate(state) < 1.0


@pytest.mark.parametrize("name", ["win_chance", "score_difference"])
def test_evaluations_increase_with_max_score(name: str) -> None:
    """More banked points for MAX, all else equal, never look worse, and mostly better."""
    game = Pig(30)
    evaluate = game.evaluations()[name]
    scores = [0, *range(2, 30)]
    for theirs in scores:
        for turn_total in (0, 2, 9, 40):
            for player in (0, 1):
                values = [evaluate((mine, theirs, turn_total, player, ROLLING)) for mine in scores]
                assert values == sorted(values)
                # Strictly better while MAX still needs points to win.
                reach = [mine + (turn_total if player == 0 else 0) for mine in scores]
                open_race = [v for v, r in zip(values, reach, strict=True) if r < 30]
                assert all(a < b for a, b in itertools.pairwise(open_race))


def test_evaluations_favour_the_player_whose_turn_it_is() -> None:
    """At equal scores the player to move is ahead, MAX's view flipping with the turn."""
    game = Pig(20)
    for evaluate in game.evaluations().values():
        assert evaluate((6, 6, 5, 0, DECIDING)) > 0 > evaluate((6, 6, 5, 1, DECIDING))


def test_expectiminimax_from_the_start_at_depth_four() -> None:
    """A depth-4 expectiminimax from the start gives an estimate inside the bounds."""
    game = Pig(20)
    for evaluate in game.evaluations().values():
        value = expectiminimax(game, game.initial_state(), 4, evaluate)
        assert -1.0 < value < 1.0
    # After the first roll MAX decides; both choices are searched to the cutoff.
    state = game.result(game.initial_state(), 3)
    move, value = best_move(game, state, 4)
    assert move in (ROLL, HOLD)
    assert -1.0 < value < 1.0


@pytest.mark.parametrize(
    ("position", "value"),
    [("max 15 min 18 turn 6 max to decide", 1.0), ("max 18 min 15 turn 6 min to decide", -1.0)],
)
def test_expectiminimax_holds_to_win(position: str, value: float) -> None:
    """Near the end, holding a winning turn total is the best move, worth a certain win."""
    game = Pig(20)
    state = game.parse_position(position)
    assert best_move(game, state, 4) == (HOLD, value)
    evaluate = game.evaluations()["win_chance"]
    rolled = expectiminimax(game, game.result(state, ROLL), 3, evaluate)
    assert abs(rolled) < 1.0


def test_move_notation() -> None:
    """Decisions by name (roll, hold), die faces as ``rolled 3``; parse_move also takes ``3``."""
    game = Pig()
    rolling = game.initial_state()
    deciding = (0, 0, 4, 0, DECIDING)
    assert [game.move_text(rolling, face) for face, _ in game.chances(rolling)] == [
        f"rolled {face}" for face in range(1, 7)
    ]
    assert [game.move_text(deciding, a) for a in game.actions(deciding)] == ["roll", "hold"]
    for face, _ in game.chances(rolling):
        assert game.parse_move(rolling, game.move_text(rolling, face)) == face
        assert game.parse_move(rolling, f" {face} ") == face
    for action in game.actions(deciding):
        assert game.parse_move(deciding, game.move_text(deciding, action)) == action
    assert game.parse_move(deciding, "HOLD") == HOLD


@pytest.mark.parametrize(
    ("state", "text", "words"),
    [
        ((0, 0, 4, 0, DECIDING), "rolled 3", "not a decision"),
        ((0, 0, 4, 0, DECIDING), "pass", "not a decision"),
        ((0, 0, 0, 0, ROLLING), "hold", "not a die face"),
        ((0, 0, 0, 0, ROLLING), "7", "not a die face"),
        ((0, 0, 0, 0, ROLLING), "rolled", "not a die face"),
        ((20, 0, 0, 1, ROLLING), "3", "game is over"),
    ],
)
def test_bad_moves_are_refused(state: PigState, text: str, words: str) -> None:
    """A move that is not legal at the state raises IllegalMoveError."""
    with pytest.raises(IllegalMoveError, match=words):
        Pig(20).parse_move(state, text)


def test_position_notation_examples() -> None:
    """The documented forms, read and written."""
    game = Pig(20)
    assert game.position_text(game.initial_state()) == "max 0 min 0 turn 0 max to roll"
    assert game.parse_position("max 12 min 7 turn 5 max to roll") == (12, 7, 5, 0, ROLLING)
    assert game.parse_position("MAX 12 Min 7  turn 5 min to decide") == (12, 7, 5, 1, DECIDING)
    assert game.parse_position("max 21 min 7 max won") == (21, 7, 0, 1, ROLLING)
    assert game.position_text((3, 25, 0, 0, ROLLING)) == "max 3 min 25 min won"


@pytest.mark.parametrize("target", [2, 7, 20, 100])
def test_position_notation_round_trips_over_play(target: int) -> None:
    """Every state met in random play survives position_text then parse_position."""
    game = Pig(target)
    for state in playout_states(game, seed=target, count=2000):
        assert game.parse_position(game.position_text(state)) == state


@given(
    st.sampled_from([0, *range(2, 20)]),
    st.sampled_from([0, *range(2, 20)]),
    st.sampled_from([0, *range(2, 60)]),
    st.sampled_from([0, 1]),
    st.sampled_from([ROLLING, DECIDING]),
)
def test_position_notation_round_trips(
    score_max: int, score_min: int, turn_total: int, player: int, phase: int
) -> None:
    """Any possible unfinished state survives position_text then parse_position."""
    if phase == DECIDING and turn_total == 0:
        turn_total = 2
    game = Pig(20)
    state = (score_max, score_min, turn_total, player, phase)
    assert game.parse_position(game.position_text(state)) == state


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "not a Pig position"),
        ("max 3 min 4", "not a Pig position"),
        ("max 3 min 4 turn 5 max to", "not a Pig position"),
        ("min 3 max 4 turn 5 max to roll", "not a Pig position"),
        ("max 3 min 4 turn 5 both to roll", "not a Pig position"),
        ("max 3 min 4 turn 5 max to hold", "'hold' .* not a phase"),
        ("max -3 min 4 turn 5 max to roll", "MAX's score .* '-3'"),
        ("max 3 min x turn 5 max to roll", "MIN's score .* 'x'"),
        ("max 3 min 4 turn 2.5 max to roll", "turn total .* '2.5'"),
        ("max 1 min 4 turn 0 max to roll", "MAX's score .* is 1"),
        ("max 3 min 4 turn 1 max to roll", "turn total .* is 1"),
        ("max 3 min 4 turn 0 max to decide", "at least 2"),
        ("max 20 min 4 turn 0 min to roll", "game is over; write it as max 20 min 4 max won"),
        ("max 3 min 25 turn 6 min to decide", "MIN's score 25 reaches the target"),
        ("max 20 min 21 max won", "both scores"),
        ("max 19 min 4 max won", "MAX has not reached"),
        ("max 20 min 4 min won", "MIN has not reached"),
        ("max 20 min 4 max lost", "not a Pig position"),
    ],
)
def test_bad_positions_are_refused(text: str, words: str) -> None:
    """Unreadable or impossible positions raise PositionError saying what and where."""
    with pytest.raises(PositionError, match=words):
        Pig(20).parse_position(text)


@pytest.mark.parametrize(
    ("target", "words"),
    [(1, "from 2 to 100"), (0, "from 2 to 100"), (101, "from 2 to 100"), (True, "whole")],
)
def test_bad_targets_are_refused(target: object, words: str) -> None:
    """The constructor takes targets from 2 to 100 only."""
    with pytest.raises(GameError, match=words):
        Pig(target)  # type: ignore[arg-type]


def test_key_is_hashable_and_identifies_the_state() -> None:
    """Equal states share a key; states that differ in any field do not."""
    game = Pig()
    states = playout_states(game, seed=1, count=500)
    keys = {game.key(s): s for s in states}
    assert all(keys[game.key(s)] == s for s in states)
