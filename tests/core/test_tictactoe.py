"""Tic-tac-toe: the full game tree, the notations, the evaluations and the helpers."""

from __future__ import annotations

import contextlib
import itertools
from collections import Counter

import pytest

from gamesearch_gui.core.game import GameError
from gamesearch_gui.core.game import IllegalMoveError
from gamesearch_gui.core.game import Player
from gamesearch_gui.core.game import PositionError
from gamesearch_gui.core.games.tictactoe import LINES
from gamesearch_gui.core.games.tictactoe import TicTacToe
from gamesearch_gui.core.games.tictactoe import TTTState


@pytest.fixture(scope="module")
def game() -> TicTacToe:
    """One rules object: it holds no state."""
    return TicTacToe()


@pytest.fixture(scope="module")
def reachable(game: TicTacToe) -> set[TTTState]:
    """Every position that can arise in play, finished games included."""
    seen: set[TTTState] = set()
    stack = [game.initial_state()]
    while stack:
        state = stack.pop()
        if state in seen:
            continue
        seen.add(state)
        if not game.is_terminal(state):
            stack.extend(game.result(state, action) for action in game.actions(state))
    return seen


def test_full_game_tree_counts(game: TicTacToe) -> None:
    """A plain walk through the protocol finds the textbook counts."""
    outcomes: Counter[float] = Counter()

    def walk(state: TTTState) -> int:
        if game.is_terminal(state):
            outcomes[game.utility(state)] += 1
            return 1
        return 1 + sum(walk(game.result(state, action)) for action in game.actions(state))

    assert walk(game.initial_state()) == 549_946
    assert sum(outcomes.values()) == 255_168
    assert outcomes == {1.0: 131_184, -1.0: 77_904, 0.0: 46_080}


def test_reachable_positions_are_exactly_those_parse_position_accepts(
    game: TicTacToe, reachable: set[TTTState]
) -> None:
    """Of all 3^9 boards, parse_position accepts the 5,478 legal positions and no other."""
    accepted = set()
    for cells in itertools.product("XO.", repeat=9):
        with contextlib.suppress(PositionError):
            accepted.add(game.parse_position("".join(cells)))
    assert len(reachable) == 5_478
    assert accepted == reachable


def test_terminal_value_agrees_with_is_terminal_and_utility(
    game: TicTacToe, reachable: set[TTTState]
) -> None:
    """The one-call hot path says what the two textbook calls say."""
    for state in reachable:
        value = game.terminal_value(state)
        assert (value is not None) == game.is_terminal(state)
        if value is not None:
            assert value == game.utility(state)


def test_utility_of_an_unfinished_game_is_an_error(game: TicTacToe) -> None:
    """Asking for the utility too early is refused."""
    with pytest.raises(GameError, match="not over"):
        game.utility(game.initial_state())


def test_turns_alternate_from_x(game: TicTacToe) -> None:
    """X (MAX) moves first, then O (MIN), then X again."""
    state = game.initial_state()
    assert game.to_move(state) is Player.MAX
    state = game.result(state, 4)
    assert game.to_move(state) is Player.MIN
    state = game.result(state, 0)
    assert game.to_move(state) is Player.MAX
    assert game.position_text(state) == "O...X...."


def test_actions_and_max_plies(game: TicTacToe) -> None:
    """Empty cells ascending; max_plies counts them."""
    state = game.parse_position("X.O/.X./...")
    assert list(game.actions(state)) == [1, 3, 5, 6, 7, 8]
    assert game.max_plies(state) == 6
    assert game.max_plies(game.initial_state()) == 9
    assert game.utility_bounds() == (-1.0, 1.0)


def completes_line(held: set[int], cell: int) -> bool:
    """True when taking ``cell`` gives the holder of ``held`` three in a row."""
    return any(cell in line and set(line) - {cell} <= held for line in LINES)


def test_ordered_actions_win_then_block_then_centre_corners_edges(
    game: TicTacToe, reachable: set[TTTState]
) -> None:
    """A permutation of the legal moves: wins, blocks, then centre, corners, edges."""
    assert list(game.ordered_actions(game.initial_state())) == [4, 0, 2, 6, 8, 1, 3, 5, 7]
    rank = {4: 0, 0: 1, 2: 1, 6: 1, 8: 1, 1: 2, 3: 2, 5: 2, 7: 2}
    for state in reachable:
        if game.is_terminal(state):
            continue
        ordered = list(game.ordered_actions(state))
        assert sorted(ordered) == list(game.actions(state))
        xs = {c for c in range(9) if state[0] >> c & 1}
        os_ = {c for c in range(9) if state[1] >> c & 1}
        mine, theirs = (xs, os_) if game.to_move(state) is Player.MAX else (os_, xs)
        groups = [
            0 if completes_line(mine, c) else 1 if completes_line(theirs, c) else 2 for c in ordered
        ]
        assert groups == sorted(groups), (state, ordered)
        for group in range(3):
            cells = [c for c, g in zip(ordered, groups, strict=True) if g == group]
            assert [rank[c] for c in cells] == sorted(rank[c] for c in cells)


def test_position_round_trip(game: TicTacToe, reachable: set[TTTState]) -> None:
    """position_text writes what parse_position reads back."""
    for state in reachable:
        text = game.position_text(state)
        assert len(text) == 9
        assert game.parse_position(text) == state


def test_position_accepts_lower_case_slashes_and_spaces(game: TicTacToe) -> None:
    """Lower case, row separators and surrounding spaces are all fine."""
    assert game.parse_position(" x.o/.x./..o ") == game.parse_position("X.O.X...O")
    assert game.parse_position(".........") == game.initial_state()


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("X.O.X...", "8 cells"),
        ("X.O.X...O.", "10 cells"),
        ("", "0 cells"),
        ("X.O.Z...O", r"'Z' at position 5"),
        ("X.O/-X./..O", r"'-' at position 5"),
        ("OO.......", "O has 2 pieces and X only 0"),
        ("XX.......", "X has 2 pieces and O only 0"),
        ("XXXOOO...", "both X and O have three in a row"),
        ("XXXOO.O..", "X has three in a row, but O moved after"),
        ("OOOXX.XX.", "O has three in a row, but X moved after"),
    ],
)
def test_impossible_positions_are_refused(game: TicTacToe, text: str, problem: str) -> None:
    """Each kind of bad position gets a message that names the problem."""
    with pytest.raises(PositionError, match=problem):
        game.parse_position(text)


def test_move_notation_round_trip(game: TicTacToe) -> None:
    """Cells 1..9 row-major from the top-left, both ways."""
    state = game.initial_state()
    assert [game.move_text(state, cell) for cell in game.actions(state)] == list("123456789")
    for cell in game.actions(state):
        assert game.parse_move(state, game.move_text(state, cell)) == cell
    assert game.parse_move(state, " 9 ") == 8


@pytest.mark.parametrize(
    ("position", "text", "problem"),
    [
        (".........", "0", "not a cell"),
        (".........", "10", "not a cell"),
        (".........", "a1", "not a cell"),
        (".........", "", "not a cell"),
        ("....X....", "5", "already taken"),
        ("XXXOO....", "6", "game is over"),
    ],
)
def test_illegal_moves_are_refused(game: TicTacToe, position: str, text: str, problem: str) -> None:
    """Unreadable text, a taken cell and a move after the end are IllegalMoveError."""
    with pytest.raises(IllegalMoveError, match=problem):
        game.parse_move(game.parse_position(position), text)


def test_evaluations_are_named_and_open_lines_is_the_default(game: TicTacToe) -> None:
    """At least two evaluations; the first is open_lines."""
    names = list(game.evaluations())
    assert names[0] == "open_lines"
    assert "centre_corners" in names


def test_evaluations_stay_strictly_inside_the_utilities(
    game: TicTacToe, reachable: set[TTTState]
) -> None:
    """Every evaluation of every reachable position lies in (-1, 1)."""
    for evaluate in game.evaluations().values():
        for state in reachable:
            assert -1.0 < evaluate(state) < 1.0


def test_open_lines_favours_the_side_with_more_open_lines(game: TicTacToe) -> None:
    """X in the centre has more open lines than O on an edge, and the reverse."""
    open_lines = game.evaluations()["open_lines"]
    assert open_lines(game.initial_state()) == 0.0
    assert open_lines(game.parse_position("....X....")) > 0
    assert open_lines(game.parse_position(".O..X....")) > 0
    assert open_lines(game.parse_position("X...O...X")) < open_lines(
        game.parse_position("X.X.O....")
    )
    # X's two edge pieces leave it two open lines; O's two corners keep three.
    assert open_lines(game.parse_position("OX.X..O..")) < 0


def test_centre_corners_weights_cells_by_lines_through_them(game: TicTacToe) -> None:
    """Centre beats a corner beats an edge."""
    centre_corners = game.evaluations()["centre_corners"]
    centre = centre_corners(game.parse_position("....X...."))
    corner = centre_corners(game.parse_position("X........"))
    edge = centre_corners(game.parse_position(".X......."))
    assert centre > corner > edge > 0
    assert centre_corners(game.parse_position("X...O....")) < 0


@pytest.mark.parametrize(
    ("position", "line", "winner"),
    [
        ("XXXOO....", (0, 1, 2), Player.MAX),
        ("X.OXO.X..", (0, 3, 6), Player.MAX),
        ("XXOXO.O..", (2, 4, 6), Player.MIN),
        ("X.O.X.O.X", (0, 4, 8), Player.MAX),
        ("XOXXOOOXX", None, None),
        (".........", None, None),
    ],
)
def test_winning_line_and_winner(
    game: TicTacToe, position: str, line: tuple[int, int, int] | None, winner: Player | None
) -> None:
    """The UI gets the three cells to draw through, and who won."""
    state = game.parse_position(position)
    assert game.winning_line(state) == line
    assert game.winner(state) is winner


def test_winning_line_with_two_lines_names_the_first(game: TicTacToe) -> None:
    """X's last move may complete a row and a column at once."""
    state = game.parse_position("XXXXOOXOO")
    assert game.winning_line(state) == (0, 1, 2)
    assert game.terminal_value(state) == 1.0


def test_cell_reports_who_holds_it(game: TicTacToe) -> None:
    """MAX for X, MIN for O, None for empty."""
    state = game.parse_position("X.O......")
    assert [game.cell(state, cell) for cell in range(3)] == [Player.MAX, None, Player.MIN]


def test_key_is_the_state(game: TicTacToe) -> None:
    """Transpositions meet in one key."""
    first = game.result(game.result(game.result(game.initial_state(), 0), 4), 8)
    second = game.result(game.result(game.result(game.initial_state(), 8), 4), 0)
    assert game.key(first) == game.key(second) == first
