"""Quiescence search and the evaluation "none" (issue 14)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamesearch_gui.core.game import NO_EVALUATION
from gamesearch_gui.core.game import GameError
from gamesearch_gui.core.games import ConnectFour
from gamesearch_gui.core.games import Pennies
from gamesearch_gui.core.games import Pig
from gamesearch_gui.core.games import TicTacToe
from gamesearch_gui.core.recording.events import NodeValued
from gamesearch_gui.core.recording.events import Valuation
from gamesearch_gui.core.search import QUIESCENCE_PLIES
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import Ordering
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import SettingsError
from gamesearch_gui.core.search import search
from gamesearch_gui.core.trees.file import load_tree
from gamesearch_gui.core.trees.tree import TreeGame
from tests.properties import examples

C4 = ConnectFour()
TTT = TicTacToe()

#: Red to move; at depth 2 the evaluation likes column 4, but Yellow wins by force two
#: plies past that horizon. Quiescence follows the forcing moves and plays 6 instead.
C4_HORIZON = "677264"


def _played(game, moves):
    state = game.initial_state()
    for move in moves:
        if game.terminal_value(state) is not None:
            break
        state = game.result(state, game.actions(state)[move % len(game.actions(state))])
    return state


def _brute_noisy(game, state):
    """The wins of the side to move, else the blocks of the opponent's: by trying moves."""
    wins = tuple(a for a in game.actions(state) if game.terminal_value(game.result(state, a)))
    if wins:
        return wins
    return tuple(a for a in game.actions(state) if _opponent_wins_at(game, state, a))


def _opponent_wins_at(game, state, move):
    """Whether the opponent, were it its turn, would win by playing ``move``."""
    if isinstance(game, TicTacToe):
        x, o = state
        them = o if (x | o).bit_count() % 2 == 0 else x
        lines = (7, 56, 448, 73, 146, 292, 273, 84)
        return any((them | 1 << move) & line == line for line in lines)
    mover, mask, plies = state
    flipped = (mover ^ mask, mask, plies + 1)  # the same board, the opponent to move
    return bool(game.terminal_value(game.result(flipped, move)))


@given(st.sampled_from([C4, TTT]), st.lists(st.integers(0, 6), max_size=30))
@examples(200)
def test_noisy_moves_are_the_wins_else_the_blocks(game, moves):
    state = _played(game, moves)
    if game.terminal_value(state) is not None:
        return
    assert tuple(game.noisy_actions(state)) == _brute_noisy(game, state)


def test_quiescence_finds_a_forced_loss_past_the_horizon():
    state = C4.parse_position(C4_HORIZON)
    plain = search(C4, state, SearchSettings(depth=2, exact_root_values=True))
    quiet = search(C4, state, SearchSettings(depth=2, quiescence=True, exact_root_values=True))
    assert C4.move_text(state, plain.best_move) == "4"

    # Column 4 loses by force within four plies; column 6 does not lose within six.
    def outlook(move, plies):
        after = C4.result(state, move)
        return search(C4, after, SearchSettings(depth=plies, evaluation=NO_EVALUATION)).value

    assert outlook(plain.best_move, 3) <= -1
    assert C4.move_text(state, quiet.best_move) == "6"
    assert outlook(quiet.best_move, 5) == 0
    values = {C4.move_text(state, m.move): m.value for m in quiet.root_moves}
    assert values["4"] <= -1  # quiescence sees the loss
    assert -1 < quiet.value < 1
    assert quiet.stats.quiescence_nodes > 0
    assert quiet.stats.nodes > plain.stats.nodes
    assert quiet.stats.max_depth > 2
    assert plain.stats.quiescence_nodes == 0


def test_quiescence_avoids_the_fork_in_tictactoe():
    # O to move; O's threat at 1 forces X to 9, which makes two threats at once.
    state = TTT.parse_position("....OXX..")
    plain = search(TTT, state, SearchSettings(Algorithm.MINIMAX, depth=1))
    quiet = search(TTT, state, SearchSettings(Algorithm.MINIMAX, depth=1, quiescence=True))
    assert TTT.move_text(state, plain.best_move) == "1"
    assert {m.move: m.value for m in quiet.root_moves}[plain.best_move] == 1  # seen to lose
    exact = search(TTT, state, SearchSettings(Algorithm.MINIMAX, exact_root_values=True))
    values = {m.move: m.value for m in exact.root_moves}
    assert values[plain.best_move] == 1  # plain's move loses
    assert values[quiet.best_move] == 0  # quiescence's draws


@given(st.lists(st.integers(0, 8), max_size=8), st.sampled_from(list(Algorithm)[:2]))
@examples(60)
def test_quiescence_changes_nothing_in_a_search_to_the_end(moves, algorithm):
    state = _played(TTT, moves)
    full = search(TTT, state, SearchSettings(algorithm, ordering=Ordering.STATIC))
    deep = SearchSettings(algorithm, depth=9, ordering=Ordering.STATIC, quiescence=True)
    found = search(TTT, state, deep)
    assert found.value == full.value
    assert found.best_move == full.best_move
    assert found.stats.nodes == full.stats.nodes
    assert found.stats.quiescence_nodes == 0


@given(
    st.lists(st.integers(0, 6), max_size=24),
    st.integers(1, 3),
    st.booleans(),
    st.booleans(),
)
@examples(40)
def test_quiescence_ends_within_its_cap_and_never_hurts_a_win(moves, depth, tt, deepen):
    state = _played(C4, moves)
    if C4.terminal_value(state) is not None:
        return
    settings = SearchSettings(
        depth=depth,
        quiescence=True,
        transposition_table=tt,
        ordering=Ordering.PREVIOUS_BEST if deepen else Ordering.STATIC,
    )
    result = search(C4, state, settings)
    assert result.complete
    assert result.stats.max_depth <= depth + QUIESCENCE_PLIES
    # It sees at least what the plain search sees of wins within the depth limit.
    plain = search(C4, state, SearchSettings(depth=depth, ordering=Ordering.STATIC))
    if abs(plain.value) >= 1:
        assert result.value == pytest.approx(plain.value)


def test_quiescence_is_refused_where_it_does_not_apply():
    with pytest.raises(SettingsError, match="give a depth limit"):
        SearchSettings(quiescence=True)
    for game in (Pennies(7), Pig(10)):
        settings = SearchSettings(
            Algorithm.EXPECTIMINIMAX if game.has_chance else Algorithm.ALPHABETA,
            depth=2,
            quiescence=True,
        )
        with pytest.raises(SettingsError, match="no quiescence search"):
            search(game, game.initial_state(), settings)
    assert C4.has_quiescence and TTT.has_quiescence
    assert not Pennies(7).has_quiescence


# -- the evaluation "none" ---------------------------------------------------------


@pytest.mark.parametrize("game", [TTT, C4, Pennies(9), Pig(10)], ids=lambda g: g.name)
def test_every_game_offers_none_after_its_own(game):
    names = list(game.cutoff_evaluations())
    assert names[-1] == NO_EVALUATION
    assert names[:-1] == list(game.evaluations())
    assert NO_EVALUATION not in game.evaluations()  # never the default


def test_none_values_every_cutoff_leaf_zero_and_still_sees_wins():
    # X to move can win at 3; the other moves end at the cutoff, unfinished.
    state = TTT.parse_position("XX.OO....")
    seen = []
    result = search(
        TTT,
        state,
        SearchSettings(Algorithm.MINIMAX, depth=1, evaluation=NO_EVALUATION),
        listener=seen.append,
    )
    cutoff = [e.value for e in seen if isinstance(e, NodeValued) and e.how is Valuation.EVALUATION]
    assert cutoff and set(cutoff) == {0.0}
    assert result.value == 1 and TTT.move_text(state, result.best_move) == "3"
    # Without the win, every move is worth 0 to a search that knows nothing.
    quiet = search(C4, C4.initial_state(), SearchSettings(depth=2, evaluation=NO_EVALUATION))
    assert quiet.value == 0


def test_none_on_a_drawn_tree_is_zero_instead_of_eval():
    tree = TreeGame(
        load_tree(
            '{"format": "gamesearch-tree", "version": 1, "root": '
            '{"type": "max", "children": ['
            '{"type": "min", "eval": 5, "children": [{"value": 1}]},'
            '{"type": "min", "children": [{"value": -2}]},'
            '{"value": 0.5}]}}'
        )
    )
    with pytest.raises(GameError, match="no 'eval'"):
        search(tree, tree.initial_state(), SearchSettings(depth=1))
    result = search(tree, tree.initial_state(), SearchSettings(depth=1, evaluation=NO_EVALUATION))
    assert result.value == 0.5  # the leaf beats the two zeros
    assert result.best_move == 2


def test_none_is_refused_for_star1_when_zero_lies_outside_the_bounds():
    tree = TreeGame(
        load_tree(
            '{"format": "gamesearch-tree", "version": 1, "root": '
            '{"type": "chance", "children": ['
            '{"probability": 0.5, "type": "max", "children": [{"value": 1}]},'
            '{"probability": 0.5, "value": 3}]}}'
        )
    )
    settings = SearchSettings(Algorithm.STAR1, depth=1, evaluation=NO_EVALUATION)
    with pytest.raises(SettingsError, match="outside the value bounds"):
        search(tree, tree.initial_state(), settings)
