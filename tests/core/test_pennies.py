"""The pennies game: rules, exact solutions by search, notation and errors."""

from __future__ import annotations

from collections.abc import Hashable
from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamesearch_gui.core.game import GameError
from gamesearch_gui.core.game import IllegalMoveError
from gamesearch_gui.core.game import Player
from gamesearch_gui.core.game import PositionError
from gamesearch_gui.core.games.pennies import MAX_STACKS
from gamesearch_gui.core.games.pennies import MAX_TOTAL
from gamesearch_gui.core.games.pennies import Pennies
from gamesearch_gui.core.games.pennies import PenniesState
from gamesearch_gui.core.games.pennies import length_parity
from gamesearch_gui.core.games.pennies import splittable_parity

# Full game trees (every node, and the finished games among them), counted by two
# independent walks below: one through the game's own moves, one over raw stack lists.
TREE_SIZES = {7: (24, 7), 10: (364, 102), 13: (11647, 3178)}


def solve(game: Pennies, state: PenniesState, memo: dict[Hashable, float]) -> float:
    """Plain minimax with memoisation on key(s): the exact value from MAX's view."""
    key = game.key(state)
    if key in memo:
        return memo[key]
    value = game.terminal_value(state)
    if value is None:
        values = [solve(game, game.result(state, a), memo) for a in game.actions(state)]
        value = max(values) if game.to_move(state) is Player.MAX else min(values)
    memo[key] = value
    return value


def walk(game: Pennies, state: PenniesState) -> tuple[int, int]:
    """Nodes and leaves of the full game tree below ``state``, by the game's moves."""
    if game.terminal_value(state) is not None:
        return 1, 1
    nodes, leaves = 1, 0
    for action in game.actions(state):
        below, ends = walk(game, game.result(state, action))
        nodes += below
        leaves += ends
    return nodes, leaves


def naive_walk(stacks: list[int]) -> tuple[int, int]:
    """Nodes and leaves of the full tree, from the rules alone, over unsorted lists."""
    splits = {(n, a) for n in stacks for a in range(1, n) if a > n - a}
    if not splits:
        return 1, 1
    nodes, leaves = 1, 0
    for n, a in splits:
        rest = list(stacks)
        rest.remove(n)
        below, ends = naive_walk([*rest, a, n - a])
        nodes += below
        leaves += ends
    return nodes, leaves


@cache
def grundy(n: int) -> int:
    """Sprague-Grundy value of one stack (the known theory, to cross-check search)."""
    options = {grundy(a) ^ grundy(n - a) for a in range(n // 2 + 1, n)}
    return next(g for g in range(n + 1) if g not in options)


@pytest.mark.parametrize("start", [7, 10, 20])
def test_first_player_loses(start: int) -> None:
    """MAX, moving first, loses with best play from 7, 10 and 20."""
    game = Pennies(start)
    assert solve(game, game.initial_state(), {}) == -1.0


@pytest.mark.parametrize("start", [8, 13, 16])
def test_first_player_wins(start: int) -> None:
    """MAX, moving first, wins with best play from 8, 13 and 16."""
    game = Pennies(start)
    assert solve(game, game.initial_state(), {}) == 1.0


def test_search_agrees_with_grundy_theory() -> None:
    """The mover wins exactly when the stacks' Grundy values have a non-zero xor."""
    memo: dict[Hashable, float] = {}
    for start in [*range(1, 26), (5, 4), (6, 6, 3), (9, 7, 2, 1)]:
        game = Pennies(start)
        stacks = game.start
        nim_sum = 0
        for size in stacks:
            nim_sum ^= grundy(size)
        assert solve(game, game.initial_state(), memo) == (1.0 if nim_sum else -1.0), start


@pytest.mark.parametrize("start", sorted(TREE_SIZES))
def test_full_tree_size(start: int) -> None:
    """The full game tree has the recorded size, by the game's moves and by the rules."""
    game = Pennies(start)
    assert walk(game, game.initial_state()) == TREE_SIZES[start]
    assert naive_walk([start]) == TREE_SIZES[start]


def test_moves_in_natural_order() -> None:
    """Largest stack first, most even split first, same-size stacks only once."""
    game = Pennies(7)
    assert list(game.actions(game.initial_state())) == [(7, 4), (7, 5), (7, 6)]
    state = game.parse_position("3,5,5,2,1")
    assert list(game.actions(state)) == [(5, 3), (5, 4), (3, 2)]
    assert list(game.actions(game.parse_position("8"))) == [(8, 5), (8, 6), (8, 7)]
    assert list(game.actions(game.parse_position("2,2,1"))) == []


def test_result_splits_and_passes_the_turn() -> None:
    """A split replaces one stack by its two parts, kept in descending order."""
    game = Pennies((5, 5, 2))
    state = game.result(game.initial_state(), (5, 3))
    assert state == ((5, 3, 2, 2), 1)
    assert game.to_move(state) is Player.MIN
    assert game.result(state, (3, 2)) == ((5, 2, 2, 2, 1), 0)


def test_who_cannot_move_loses() -> None:
    """Only stacks of one and two left: the player to move has lost."""
    game = Pennies()
    assert game.terminal_value(((2, 2, 1), 0)) == -1.0
    assert game.terminal_value(((2, 1), 1)) == 1.0
    assert game.terminal_value(((3, 1), 0)) is None
    assert game.is_terminal(((1,), 1))
    assert game.utility(((1,), 1)) == 1.0
    assert not game.is_terminal(((3,), 1))
    assert game.utility_bounds() == (-1.0, 1.0)


def test_key_merges_dead_stacks() -> None:
    """Positions that differ only in stacks of one and two share a key; the player counts."""
    game = Pennies(20)
    assert game.key(((5, 3, 2, 1, 1), 0)) == game.key(((5, 3), 0))
    assert game.key(((5, 3, 2), 0)) != game.key(((5, 3, 2), 1))
    assert game.key(((5, 3), 0)) != game.key(((5, 4), 0))
    assert game.key(((2, 1), 1)) == game.key(((1,), 1))


def test_max_plies_is_the_longest_game() -> None:
    """max_plies equals the longest line of play, so it bounds every line."""

    def longest(game: Pennies, state: PenniesState) -> int:
        if game.terminal_value(state) is not None:
            return 0
        return 1 + max(longest(game, game.result(state, a)) for a in game.actions(state))

    for start in [*range(1, 12), (6, 4, 3)]:
        game = Pennies(start)
        state = game.initial_state()
        assert game.max_plies(state) == longest(game, state)


def test_ordered_actions_fewest_replies_first() -> None:
    """A permutation of the moves, sorted by the opponent's number of replies."""
    game = Pennies(20)
    for text in ["8,3", "20", "9,6,6,4,2", "3,3", "12,7,5"]:
        state = game.parse_position(text)
        ordered = list(game.ordered_actions(state))
        assert sorted(ordered) == sorted(game.actions(state))
        replies = [len(game.actions(game.result(state, a))) for a in ordered]
        assert replies == sorted(replies), text
    # Splitting the 8 into 7+1 leaves the most replies, so it drops to the back.
    assert list(game.ordered_actions(game.parse_position("8,3"))) == [
        (8, 5),
        (8, 6),
        (3, 2),
        (8, 7),
    ]


def test_evaluations_strictly_inside_bounds() -> None:
    """Every evaluation of every position in the tree from 12 lies in (-1, 1)."""
    game = Pennies(12)
    names = list(game.evaluations())
    assert names == ["length_parity", "splittable_parity"]
    seen: set[PenniesState] = set()
    frontier = [game.initial_state()]
    while frontier:
        state = frontier.pop()
        if state in seen:
            continue
        seen.add(state)
        for evaluate in game.evaluations().values():
            assert -1.0 < evaluate(state) < 1.0
        if game.terminal_value(state) is None:
            frontier.extend(game.result(state, a) for a in game.actions(state))


def test_length_parity_exact_when_length_is_fixed() -> None:
    """With only stacks of 3 and 4 left the game's length is fixed, and so is its winner."""
    game = Pennies(30)
    for text in ["3", "4", "3,3", "4,3", "4,4,3,1", "4,3,3,3,2 min", "4,4 min"]:
        state = game.parse_position(text)
        value = solve(game, state, {})
        assert length_parity(state) == pytest.approx(0.9 * value), text
    # Splittable parity counts a stack of 4 as one move, which is wrong: 4 takes two.
    state = game.parse_position("4")
    assert solve(game, state, {}) == -1.0
    assert splittable_parity(state) > 0


def test_move_notation_round_trips() -> None:
    """move_text and parse_move are inverse on every move of several positions."""
    game = Pennies(30)
    for text in ["7", "13,7,2", "30 min", "6,6,5,5,3"]:
        state = game.parse_position(text)
        for action in game.actions(state):
            assert game.parse_move(state, game.move_text(state, action)) == action
    state = game.initial_state()
    assert game.move_text(state, (30, 17)) == "30=17+13"
    assert game.parse_move(state, " 30 = 13 + 17 ") == (30, 17)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("7=4", "not a split"),
        ("7-4-3", "not a split"),
        ("7=4+2", "do not make 7"),
        ("8=4+4", "equal"),
        ("7=7+0", "empty"),
        ("6=5+1", "no"),
    ],
)
def test_bad_moves_are_refused(text: str, words: str) -> None:
    """A move that cannot be read, or is not legal here, raises IllegalMoveError."""
    game = Pennies(7)
    with pytest.raises(IllegalMoveError, match=words):
        game.parse_move(game.initial_state(), text)


@given(
    st.lists(st.integers(1, 10), min_size=1, max_size=MAX_STACKS).filter(
        lambda s: sum(s) <= MAX_TOTAL
    ),
    st.sampled_from([0, 1]),
)
def test_position_notation_round_trips(stacks: list[int], player: int) -> None:
    """position_text and parse_position are inverse, and stacks come out sorted."""
    game = Pennies()
    state = (tuple(sorted(stacks, reverse=True)), player)
    text = game.position_text(state)
    assert game.parse_position(text) == state
    shuffled = ",".join(map(str, stacks)) + (" min" if player else "")
    assert game.parse_position(shuffled) == state


def test_position_notation_examples() -> None:
    """Spaces are allowed, MAX moves unless told, the player is always written."""
    game = Pennies()
    assert game.parse_position("7") == ((7,), 0)
    assert game.parse_position(" 1, 5 ,2  MIN ") == ((5, 2, 1), 1)
    assert game.position_text(((5, 2, 1), 1)) == "5,2,1 min"
    assert game.position_text(game.initial_state()) == "7 max"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "no stacks"),
        ("max", "no stacks"),
        ("5,,2", "stack 2"),
        ("5,x", "stack 2"),
        ("5,-3", "stack 2"),
        ("5 2", "stack 1"),
        ("4,0", "stack 2 .* needs a penny"),
        ("5,2 both", "not a player"),
        ("61", "61 pennies"),
        (",".join(["1"] * 31), "31 stacks"),
    ],
)
def test_bad_positions_are_refused(text: str, words: str) -> None:
    """Unreadable or oversized positions raise PositionError saying what and where."""
    with pytest.raises(PositionError, match=words):
        Pennies().parse_position(text)


@pytest.mark.parametrize(
    ("start", "words"),
    [
        (0, "needs a penny"),
        (-2, "needs a penny"),
        (61, "61 pennies"),
        ((30, 31), "61 pennies"),
        ((1,) * 31, "31 stacks"),
        ((), "no stacks"),
        ((5, 2.5), "stack 2"),
        (True, "not a whole number"),
        (None, "not a stack size"),
    ],
)
def test_bad_starts_are_refused(start: object, words: str) -> None:
    """The constructor refuses starts that are not stacks, or whose tree would explode."""
    with pytest.raises(GameError, match=words):
        Pennies(start)  # type: ignore[arg-type]


def test_largest_start_is_accepted() -> None:
    """Sixty pennies in thirty stacks is within the limits."""
    game = Pennies((2,) * 30)
    assert game.start == (2,) * 30
    assert Pennies(60).max_plies(Pennies(60).initial_state()) == 58
    assert Pennies.name == "pennies"
    assert Pennies.title == "The pennies game"
