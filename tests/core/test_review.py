"""Game review (core/review.py): hand-made games whose mistakes are known."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from gamesearch_gui.core.game import Player
from gamesearch_gui.core.games import ConnectFour
from gamesearch_gui.core.games import Pig
from gamesearch_gui.core.games import TicTacToe
from gamesearch_gui.core.games.nim3 import ThreePlayerNim
from gamesearch_gui.core.games.registry import find_game
from gamesearch_gui.core.review import FALLBACK_DEPTH
from gamesearch_gui.core.review import FINDING_NOTE
from gamesearch_gui.core.review import Mark
from gamesearch_gui.core.review import ReviewCancelled
from gamesearch_gui.core.review import ReviewError
from gamesearch_gui.core.review import depth_words
from gamesearch_gui.core.review import finds_depth
from gamesearch_gui.core.review import found_depth
from gamesearch_gui.core.review import mark_of
from gamesearch_gui.core.review import review_fallback
from gamesearch_gui.core.review import review_game
from gamesearch_gui.core.review import review_scale
from gamesearch_gui.core.review import review_settings
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import CancelToken
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import default_settings
from gamesearch_gui.core.search import search
from gamesearch_gui.core.usergame.loader import load_game

# X takes 1 and 2 (cells 0 and 1), O takes 4 and 5 (cells 3 and 4); X misses the win at
# 3 and plays 9; O wins at 6. Cells are written 1..9.
MISSED_WIN = [0, 3, 1, 4, 8, 5]

GAME_FILES = Path(__file__).parent / "game_files"


def _tictactoe_review() -> object:
    game = TicTacToe()
    settings, note = review_settings(game, SearchSettings(), SearchSettings())
    return review_game(game, game.initial_state(), MISSED_WIN, settings, note=note)


def test_a_missed_win_is_a_blunder_with_the_winning_move_as_the_better_one() -> None:
    review = _tictactoe_review()
    missed = review.positions[4]
    assert missed.mover is Player.MAX and missed.played_text == "9"
    assert missed.value == 1 and missed.played_value == -1
    assert missed.loss == 2 and missed.mark is Mark.BLUNDER
    assert missed.best_text == "3" and missed.line == ("3",)


def test_best_moves_cost_nothing_and_the_summary_counts_each_side() -> None:
    review = _tictactoe_review()
    first = review.positions[0]
    assert first.loss == 0 and first.mark is Mark.NONE and first.value == 0
    # O's 4 beside X's corner loses a drawn game: from 0 to +1 for X.
    assert review.positions[1].loss == 1 and review.positions[1].mark is Mark.BLUNDER
    assert review.graph_values() == [0, 0, 1, 1, 1, -1, -1]
    x, o = review.summary(0), review.summary(1)
    assert (x.moves, x.count(Mark.BLUNDER), x.average_loss) == (3, 1, pytest.approx(2 / 3))
    assert (o.moves, o.count(Mark.BLUNDER), o.count(Mark.MISTAKE)) == (3, 1, 0)
    last = review.positions[-1]
    assert last.loss is None and not last.decided and last.value == -1


def test_marks_are_shares_of_the_scale() -> None:
    scale = (-1.0, 1.0)  # width 2
    assert mark_of(0.09, scale) is Mark.NONE
    assert mark_of(0.1, scale) is Mark.INACCURACY
    assert mark_of(0.2, scale) is Mark.MISTAKE
    assert mark_of(0.39, scale) is Mark.MISTAKE
    assert mark_of(0.4, scale) is Mark.BLUNDER


def test_the_scale_is_the_games_utility_bounds_but_chess_tops_at_ten_pawns() -> None:
    assert review_scale(TicTacToe()) == (-1, 1)
    assert review_scale(ConnectFour()) == ConnectFour().utility_bounds()
    assert review_scale(find_game("chess").make()) == (-10, 10)


def test_pig_is_reviewed_with_expectiminimax_and_chance_is_charged_to_nobody() -> None:
    game = Pig()
    spec = find_game("pig")
    settings, note = review_settings(game, default_settings(spec), default_settings(spec))
    assert settings.algorithm is Algorithm.EXPECTIMINIMAX and "Star1" in note
    settings = SearchSettings(Algorithm.EXPECTIMINIMAX, depth=2, exact_root_values=True)
    state = game.initial_state()
    moves = []
    for _ in range(6):  # roll, whatever the die says
        if game.to_move(state) is Player.CHANCE:
            move = game.chances(state)[3][0]
        else:
            move = next(a for a in game.actions(state) if game.move_text(state, a) == "roll")
        moves.append(move)
        state = game.result(state, move)
    review = review_game(game, game.initial_state(), moves, settings)
    chances = [p for p in review.positions if p.mover is Player.CHANCE]
    decisions = [p for p in review.positions if p.decided]
    assert chances and all(p.loss is None and p.mark is Mark.NONE for p in chances)
    assert decisions and all(p.loss is not None and p.loss >= 0 for p in decisions)
    assert review.summary(0).moves + review.summary(1).moves == len(decisions)
    assert all(-1 <= v <= 1 for v in review.graph_values())


def test_mcts_settings_are_reviewed_with_alpha_beta_and_the_note_says_why() -> None:
    game = ConnectFour()
    fallback = default_settings(find_game("connect4"))
    mcts = SearchSettings(Algorithm.MCTS, iterations=200)
    settings, note = review_settings(game, mcts, fallback)
    assert settings.algorithm is Algorithm.ALPHABETA and settings.depth == fallback.depth
    assert "MCTS" in note and "win rates" in note and "alpha-beta" in note


def test_a_time_budget_becomes_a_fixed_depth() -> None:
    game = ConnectFour()
    asked = SearchSettings(depth=None, time_budget=1.0)
    settings, note = review_settings(game, asked, SearchSettings(depth=5))
    assert settings.time_budget is None and settings.depth == 5 and "depth 5" in note
    assert settings.exact_root_values


def test_a_connect_four_blunder_is_found_at_a_small_depth() -> None:
    # Red (MAX) has three in the bottom row (columns 1-3) with 4 open; Yellow plays 7
    # instead of blocking, and Red wins at 4.
    game = ConnectFour()
    moves = [0, 0, 1, 1, 2, 6, 3]
    settings = SearchSettings(depth=3, exact_root_values=True)
    review = review_game(game, game.initial_state(), moves, settings)
    lapse = review.positions[5]
    assert lapse.mover is Player.MIN and lapse.played_text == "7"
    assert lapse.mark is Mark.BLUNDER and lapse.best_text == "4"
    assert review.graph_values()[-1] == review.scale[1]  # Red's win: the top


def test_a_game_of_three_players_is_reviewed_with_max_n_each_loss_its_mover_s() -> None:
    # Three counters: A takes all three and wins. Taking one leaves two for B, who
    # takes them and wins: A gave away its whole win, a blunder on the 0-to-1 scale.
    nim = ThreePlayerNim(3)
    own = default_settings(find_game("nim3"))
    assert own.shallow_pruning
    settings, note = review_settings(nim, own, own)
    assert settings.algorithm is Algorithm.MAXN and not settings.shallow_pruning
    assert "without shallow pruning" in note
    review = review_game(nim, nim.initial_state(), [1, 2], settings, note=note)
    start, after, end = review.positions
    assert start.values == (1.0, 0.0, 0.0) and start.value == 1.0
    assert start.seat == 0 and start.best_text == "take 3" and start.played_text == "take 1"
    assert start.played_values == (0.0, 1.0, 0.0) and start.played_value == 0.0
    assert start.loss == 1.0 and start.mark is Mark.BLUNDER
    assert after.seat == 1 and after.loss == 0.0 and after.mark is Mark.NONE
    assert end.values == (0.0, 1.0, 0.0) and end.seat is None
    assert review.summary(0).count(Mark.BLUNDER) == 1 and review.summary(1).moves == 1
    assert review.summary(2).moves == 0
    # Paranoid values a position for one player only: the review says it uses max^n.
    paranoid = SearchSettings(Algorithm.PARANOID, depth=4)
    settings, note = review_settings(nim, paranoid, own)
    assert settings.algorithm is Algorithm.MAXN and "max^n, not paranoid" in note


def test_a_game_a_review_cannot_judge_is_refused_in_words() -> None:
    game = TicTacToe()
    with pytest.raises(ReviewError, match="no move"):
        review_game(game, game.initial_state(), [], SearchSettings())
    with pytest.raises(ReviewError, match="move 2"):
        review_game(game, game.initial_state(), [0, 0], SearchSettings())


def test_a_cancelled_review_says_so() -> None:
    game = TicTacToe()
    cancel = CancelToken()
    cancel.cancel()
    with pytest.raises(ReviewCancelled):
        review_game(game, game.initial_state(), [0], SearchSettings(), cancel=cancel)


def test_a_shallow_ai_is_reviewed_at_the_games_own_depth() -> None:
    game = ConnectFour()
    fallback = default_settings(find_game("connect4"))
    settings, note = review_settings(game, SearchSettings(depth=2), fallback)
    assert settings.depth == fallback.depth and "AI's depth 2" in note
    deeper, note = review_settings(game, SearchSettings(depth=9), fallback)
    assert deeper.depth == 9 and note == ""
    tictactoe = TicTacToe()
    to_the_end, _ = review_settings(tictactoe, SearchSettings(depth=2), SearchSettings())
    assert to_the_end.depth is None


def test_a_built_in_game_is_reviewed_no_shallower_than_its_own_search() -> None:
    for game in (ConnectFour(), Pig(), TicTacToe()):
        assert review_fallback(game) == default_settings(find_game(game.name))


@pytest.mark.parametrize(
    ("name", "algorithm"),
    [("aima_tictactoe.py", Algorithm.ALPHABETA), ("coin_gamble.py", Algorithm.EXPECTIMINIMAX)],
)
def test_a_game_file_is_reviewed_to_a_fixed_depth_with_its_first_evaluation(
    name: str, algorithm: Algorithm
) -> None:
    # Its size is unknown and its AI deepens against a clock: the review searches every
    # position to one depth, so that every value is comparable.
    game = load_game(str(GAME_FILES / name))
    fallback = review_fallback(game)
    assert fallback.algorithm is algorithm and fallback.depth == FALLBACK_DEPTH
    assert fallback.evaluation == next(iter(game.cutoff_evaluations()), None)
    # Its AI deepened against a clock: the review finds its depth first (in the review's
    # engine process), with a stand-in until then.
    asked = SearchSettings(algorithm, time_budget=2.0)
    assert finds_depth(game, asked)
    settings, note = review_settings(game, asked, fallback)
    assert settings.depth == FALLBACK_DEPTH and settings.time_budget is None
    assert note == FINDING_NOTE


def test_a_game_that_declares_no_bounds_has_no_scale_to_review_on() -> None:
    game = load_game(str(GAME_FILES / "aima_tictactoe.py"))
    with pytest.raises(ReviewError, match=r"does not declare utility_bounds\(\): a review"):
        review_scale(game)


def test_a_game_of_unknown_size_finds_its_depth_its_ai_gave_none() -> None:
    game = load_game(str(GAME_FILES / "aima_tictactoe.py"))
    assert finds_depth(game, SearchSettings(Algorithm.ALPHABETA, time_budget=2.0))
    assert finds_depth(game, SearchSettings(Algorithm.MCTS, iterations=100))
    assert not finds_depth(game, SearchSettings(Algorithm.ALPHABETA, depth=6))
    # A built-in game has its own search: Connect Four's depth 7.
    assert not finds_depth(ConnectFour(), SearchSettings(Algorithm.ALPHABETA, time_budget=2.0))


def test_the_depth_found_is_the_deepest_whose_search_stays_within_its_nodes() -> None:
    game = TicTacToe()
    settings = SearchSettings(Algorithm.ALPHABETA, exact_root_values=True)
    start = game.initial_state()
    depth, ended = found_depth(game, start, replace(settings, node_cap=5_000))
    assert 1 <= depth < 9 and not ended

    def nodes(d: int) -> int:
        return search(game, start, replace(settings, depth=d)).stats.nodes  # with no cap

    assert nodes(depth) <= 5_000 < nodes(depth + 1)
    assert depth_words(depth, ended).startswith(f"to depth {depth}, the deepest")
    # Three moves from the end, every line ends above any larger depth.
    late = game.parse_position("XOXOXO...")
    depth, ended = found_depth(game, late, settings)
    assert ended and depth == 3


def test_the_depth_found_is_counted_in_nodes_not_seconds_and_has_a_floor() -> None:
    # However few nodes are allowed, the review searches one ply.
    game = TicTacToe()
    settings = SearchSettings(Algorithm.ALPHABETA, exact_root_values=True)
    tiny = replace(settings, node_cap=2)
    assert found_depth(game, game.initial_state(), tiny) == (1, False)
