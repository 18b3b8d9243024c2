"""The MCTS tree's short texts, said once in core/narration/mcts.py: a playout's result, a
node's N and Q/N, the chosen node's UCB sum."""

from __future__ import annotations

from pathlib import Path

import pytest

from gamesearch_gui.core.games import TicTacToe
from gamesearch_gui.core.narration.mcts import deeper_text
from gamesearch_gui.core.narration.mcts import mean_text
from gamesearch_gui.core.narration.mcts import playout_text
from gamesearch_gui.core.narration.mcts import q_per_n_text
from gamesearch_gui.core.narration.mcts import result_text
from gamesearch_gui.core.narration.mcts import ucb_sum_text
from gamesearch_gui.core.narration.mcts import visits_text
from gamesearch_gui.core.numbers import format_number
from gamesearch_gui.core.recording.mcts import MctsMoment
from gamesearch_gui.core.recording.mcts import MctsRecording
from gamesearch_gui.core.trees.file import load_tree_file
from gamesearch_gui.core.trees.tree import TreeGame
from tests.core.test_mcts_recording import record

FIGURE_5_2 = Path(__file__).parents[2] / "resources" / "trees" / "figure-5-2.gtree.json"


@pytest.mark.parametrize(
    ("reward", "said"),
    [(1.0, "+1, a win for MAX"), (-1.0, "−1, a win for MIN"), (0.0, "0, a draw")],
)
def test_a_won_or_lost_game_s_result_says_who_won(reward: float, said: str) -> None:
    assert result_text(MctsRecording(TicTacToe()), reward) == said


def test_a_result_of_another_kind_is_its_reward_alone() -> None:
    recording = MctsRecording(TreeGame(load_tree_file(FIGURE_5_2)))
    assert result_text(recording, 8.0) == "+8"
    assert result_text(recording, -2.0) == "−2"


def test_a_playout_says_its_moves_and_its_result_in_agreement() -> None:
    recording = MctsRecording(TicTacToe())
    assert playout_text(recording, 1, 1.0) == "playout: 1 move → +1, a win for MAX"
    assert playout_text(recording, 7, -1.0) == "playout: 7 moves → −1, a win for MIN"
    assert playout_text(recording, 0, 0.0) == "the game ends: 0, a draw"
    said = "playout: 2 moves → 0, a draw"
    assert deeper_text(1, said) == f"1 level deeper in “more”, then {said}"
    assert deeper_text(3, said) == f"3 levels deeper in “more”, then {said}"


def test_n_and_q_over_n_read_as_the_explanation_writes_them() -> None:
    recording, _ = record(TicTacToe(), 120, seed=2)
    moment = MctsMoment(recording, recording.event_count)
    assert visits_text(moment.visits[0]) == "N=120"
    assert q_per_n_text(None) == "Q/N=–"
    for n in moment.children(0):
        mean = moment.mean(n)
        assert mean_text(moment, n) == f"{visits_text(moment.visits[n])}, {q_per_n_text(mean)}"
        if mean is not None:
            assert q_per_n_text(mean) == f"Q/N={format_number(mean, 2)}"


def test_the_chosen_node_s_ucb_sum_adds_its_terms() -> None:
    recording, _ = record(TicTacToe(), 120, seed=2)
    moment = MctsMoment(recording, recording.event_count)
    assert ucb_sum_text(moment, 0) == ""  # the root: UCB does not choose it
    child = max(moment.children(0), key=lambda c: moment.visits[c])
    terms = moment.ucb(child)
    assert terms is not None
    rate, bonus, score = (format_number(t, 2) for t in terms)
    assert ucb_sum_text(moment, child) == f"UCB = {rate} + {bonus} = {score}"
