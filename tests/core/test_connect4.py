"""Connect Four: move generation counts, wins, notations, evaluations and helpers."""

from __future__ import annotations

import random
from collections.abc import Hashable

import pytest

from gamesearch_gui.core.game import GameError
from gamesearch_gui.core.game import IllegalMoveError
from gamesearch_gui.core.game import Player
from gamesearch_gui.core.game import PositionError
from gamesearch_gui.core.games.connect4 import C4State
from gamesearch_gui.core.games.connect4 import ConnectFour

# A full board on which nobody ever made four in a row.
FULL_BOARD_DRAW = "225344533673453576212645522737771141641166"


@pytest.fixture(scope="module")
def game() -> ConnectFour:
    """One rules object: it holds no state."""
    return ConnectFour()


def random_states(game: ConnectFour, count: int, seed: int) -> list[C4State]:
    """Every position along ``count`` random games, finished ones included."""
    rng = random.Random(seed)
    states = []
    for _ in range(count):
        state = game.initial_state()
        states.append(state)
        while not game.is_terminal(state):
            state = game.result(state, rng.choice(list(game.actions(state))))
            states.append(state)
    return states


def mirror(game: ConnectFour, state: C4State) -> C4State:
    """The position reflected left to right."""
    moves = game.position_text(state)
    return game.parse_position("".join(str(8 - int(char)) for char in moves))


def swap_colours(state: C4State) -> C4State:
    """The same squares with the colours exchanged (it keeps the stone count)."""
    mover, mask, plies = state
    return (mover ^ mask, mask, plies)


def test_distinct_positions_per_ply(game: ConnectFour) -> None:
    """Breadth-first expansion matches the known counts for plies 0 to 8."""
    expected = [1, 7, 49, 238, 1120, 4263, 16422, 54859, 184275]
    level: dict[Hashable, C4State] = {game.key(game.initial_state()): game.initial_state()}
    counts = [len(level)]
    for _ in range(8):
        following: dict[Hashable, C4State] = {}
        for state in level.values():
            if game.terminal_value(state) is not None:
                continue
            for action in game.actions(state):
                child = game.result(state, action)
                following[game.key(child)] = child
        level = following
        counts.append(len(level))
    assert counts == expected


def test_turns_and_plies(game: ConnectFour) -> None:
    """MAX first, then alternating; max_plies counts the empty squares."""
    state = game.initial_state()
    assert game.to_move(state) is Player.MAX
    assert game.max_plies(state) == 42
    state = game.result(state, 3)
    assert game.to_move(state) is Player.MIN
    assert game.max_plies(state) == 41
    assert game.cell(state, 3, 0) is Player.MAX


@pytest.mark.parametrize(
    ("moves", "winner", "squares"),
    [
        ("1212121", Player.MAX, ((0, 0), (0, 1), (0, 2), (0, 3))),
        ("112233", None, None),
        ("1122334", Player.MAX, ((0, 0), (1, 0), (2, 0), (3, 0))),
        ("71122334", Player.MIN, ((0, 0), (1, 0), (2, 0), (3, 0))),
        ("12234334544", Player.MAX, ((0, 0), (1, 1), (2, 2), (3, 3))),
        ("76654554344", Player.MAX, ((3, 3), (4, 2), (5, 1), (6, 0))),
    ],
)
def test_wins_in_every_direction(
    game: ConnectFour,
    moves: str,
    winner: Player | None,
    squares: tuple[tuple[int, int], ...] | None,
) -> None:
    """Vertical, horizontal and both diagonals; the sign says who won."""
    state = game.parse_position(moves)
    value = game.terminal_value(state)
    assert game.winner(state) is winner
    assert game.winning_cells(state) == squares
    if winner is None:
        assert value is None
        assert not game.is_terminal(state)
    else:
        assert value is not None
        assert game.is_terminal(state)
        assert game.utility(state) == value
        assert 1.0 <= abs(value) <= 2.0
        assert (value > 0) == (winner is Player.MAX)


def test_full_board_is_a_draw(game: ConnectFour) -> None:
    """42 stones and no four: terminal, worth 0, no moves left."""
    state = game.parse_position(FULL_BOARD_DRAW)
    assert state[2] == 42
    assert game.terminal_value(state) == 0.0
    assert game.winner(state) is None
    assert game.winning_cells(state) is None
    assert list(game.actions(state)) == []
    assert game.max_plies(state) == 0
    before = game.parse_position(FULL_BOARD_DRAW[:-1])
    assert game.terminal_value(before) is None


def test_faster_wins_score_higher(game: ConnectFour) -> None:
    """A win two plies sooner is worth more to the winner, for MAX and for MIN alike."""
    quick = game.utility(game.parse_position("1212121"))
    slow = game.utility(game.parse_position("761212121"))
    assert quick > slow > 1.0
    min_quick = game.utility(game.parse_position("71212121"))
    min_slow = game.utility(game.parse_position("7671212121"))
    assert min_quick < min_slow < -1.0
    low, high = game.utility_bounds()
    for value in (quick, slow, min_quick, min_slow):
        assert low <= value <= high
    assert high == quick
    assert low == -quick


def test_utility_of_an_unfinished_game_is_an_error(game: ConnectFour) -> None:
    """Asking for the utility too early is refused."""
    with pytest.raises(GameError, match="not over"):
        game.utility(game.parse_position("4444"))


def test_actions_skip_full_columns(game: ConnectFour) -> None:
    """Left to right, and centre out for the static ordering, without full columns."""
    start = game.initial_state()
    assert list(game.actions(start)) == [0, 1, 2, 3, 4, 5, 6]
    assert list(game.ordered_actions(start)) == [3, 2, 4, 1, 5, 0, 6]
    state = game.parse_position("444444")
    assert list(game.actions(state)) == [0, 1, 2, 4, 5, 6]
    assert list(game.ordered_actions(state)) == [2, 4, 1, 5, 0, 6]
    assert game.height(state, 3) == 6
    assert game.height(state, 0) == 0


def test_ordered_actions_is_a_permutation_of_actions(game: ConnectFour) -> None:
    """The static ordering never adds or drops a move."""
    for state in random_states(game, 50, seed=3):
        assert sorted(game.ordered_actions(state)) == list(game.actions(state))


def test_position_round_trip(game: ConnectFour) -> None:
    """position_text writes moves that parse_position replays to the same state."""
    for state in random_states(game, 200, seed=1):
        assert game.parse_position(game.position_text(state)) == state
    # Taking the stones off greedily would strand O's stone on top of column 1.
    assert game.position_text(game.parse_position("1221")) in {"1221", "2112"}
    assert game.position_text(game.initial_state()) == ""
    draw = game.parse_position(FULL_BOARD_DRAW)
    assert game.parse_position(game.position_text(draw)) == draw


def test_position_ignores_spaces(game: ConnectFour) -> None:
    """Spaces between the moves are fine."""
    assert game.parse_position(" 4 4 5 3 ") == game.parse_position("4453")
    assert game.parse_position("") == game.initial_state()


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("4480", r"bad character '8' at position 3"),
        ("44a", r"bad character 'a' at position 3"),
        ("1111111", "move 7 plays column 1, which is already full"),
        ("12121212", "move 8 .column 2. comes after the game was over: move 7"),
    ],
)
def test_bad_positions_are_refused(game: ConnectFour, text: str, problem: str) -> None:
    """A bad character, a full column and a move after a win are named."""
    with pytest.raises(PositionError, match=problem):
        game.parse_position(text)


def test_move_notation_round_trip(game: ConnectFour) -> None:
    """Columns 1..7 from the left, both ways."""
    state = game.parse_position("4453")
    assert [game.move_text(state, column) for column in game.actions(state)] == list("1234567")
    for column in game.actions(state):
        assert game.parse_move(state, game.move_text(state, column)) == column


@pytest.mark.parametrize(
    ("position", "text", "problem"),
    [
        ("", "0", "not a column"),
        ("", "8", "not a column"),
        ("", "d", "not a column"),
        ("444444", "4", "column 4 is full"),
        ("1212121", "3", "game is over"),
    ],
)
def test_illegal_moves_are_refused(
    game: ConnectFour, position: str, text: str, problem: str
) -> None:
    """Unreadable text, a full column and a move after the end are IllegalMoveError."""
    with pytest.raises(IllegalMoveError, match=problem):
        game.parse_move(game.parse_position(position), text)


def test_evaluations_are_named_and_open_lines_is_the_default(game: ConnectFour) -> None:
    """At least two evaluations; the first is open_lines."""
    names = list(game.evaluations())
    assert names[0] == "open_lines"
    assert "centre" in names


def test_evaluations_stay_strictly_inside_a_win(game: ConnectFour) -> None:
    """Every evaluation lies in (-1, 1), below any win, and is 0 at the start."""
    for name, evaluate in game.evaluations().items():
        assert evaluate(game.initial_state()) == 0.0, name
        for state in random_states(game, 100, seed=2):
            assert -1.0 < evaluate(state) < 1.0, name


def test_evaluations_are_symmetric(game: ConnectFour) -> None:
    """A mirrored board scores the same; exchanging the colours negates the score."""
    for evaluate in game.evaluations().values():
        for state in random_states(game, 50, seed=4):
            value = evaluate(state)
            assert evaluate(mirror(game, state)) == pytest.approx(value)
            assert evaluate(swap_colours(state)) == pytest.approx(-value)
            assert evaluate(swap_colours(mirror(game, state))) == pytest.approx(-value)


def test_evaluations_prefer_the_centre(game: ConnectFour) -> None:
    """One stone in the centre column is worth more than one at the edge."""
    for evaluate in game.evaluations().values():
        centre = evaluate(game.parse_position("4"))
        edge = evaluate(game.parse_position("1"))
        assert centre > edge > 0


def test_open_lines_rewards_three_in_an_open_window(game: ConnectFour) -> None:
    """Three stones side by side in open windows beat the same three spread out."""
    open_lines = game.evaluations()["open_lines"]
    together = open_lines(game.parse_position("31415"))
    apart = open_lines(game.parse_position("31517"))
    assert together > apart > 0


def test_cell_reads_the_board(game: ConnectFour) -> None:
    """Row 0 is the bottom; MAX's stones are MAX's whoever is to move."""
    state = game.parse_position("445")
    assert game.cell(state, 3, 0) is Player.MAX
    assert game.cell(state, 3, 1) is Player.MIN
    assert game.cell(state, 4, 0) is Player.MAX
    assert game.cell(state, 3, 2) is None
    with pytest.raises(GameError):
        game.cell(state, 7, 0)


def test_key_meets_transpositions(game: ConnectFour) -> None:
    """Two orders of the same moves give one key; different positions differ."""
    assert game.key(game.parse_position("4453")) == game.key(game.parse_position("4354"))
    assert game.key(game.parse_position("4453")) != game.key(game.parse_position("4435"))
