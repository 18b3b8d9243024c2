"""``solve`` says how deep a deepening search got, and when a search stopped short of
finishing (a time budget, the node cap): a value of "-" must never come without a reason."""

from __future__ import annotations

import json
import re

import pytest

from gamesearch_gui.cli import main
from tests.test_cli import solve_json


def solve_text(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert main(["solve", *args]) == 0
    return capsys.readouterr().out


def test_a_deepening_search_the_time_budget_cuts_says_which_depth_it_answers_for(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Chess to depth 1000 in a hundredth of a CPU second: it cannot finish.
    args = ("--game", "chess", "--depth", "1000", "--time", "0.01")
    answer = solve_json(capsys, *args)
    assert answer["stopped"] == "time budget"
    depth = answer["depth"]
    assert depth is None or 1 <= depth < 1000
    text = solve_text(capsys, *args)
    assert re.search(
        r"\n  depth +(\d+|none) finished: the time budget ran out in depth \d+", text
    ), text


def test_a_deepening_search_that_finishes_says_where_it_ended(
    capsys: pytest.CaptureFixture[str],
) -> None:
    to_the_end = solve_json(capsys, "--game", "tictactoe", "--time", "600")
    assert to_the_end["depth"] is None and "stopped" not in to_the_end
    text = solve_text(capsys, "--game", "tictactoe", "--time", "600")
    assert "\n  depth               to the end of the game\n" in text
    limited = solve_json(capsys, "--game", "tictactoe", "--time", "600", "--depth", "3")
    assert limited["depth"] == 3 and "stopped" not in limited
    text = solve_text(capsys, "--game", "tictactoe", "--time", "600", "--depth", "3")
    assert "\n  depth               3, the depth limit\n" in text


def test_a_search_to_a_fixed_depth_says_nothing_more(capsys: pytest.CaptureFixture[str]) -> None:
    answer = solve_json(capsys, "--game", "tictactoe", "--depth", "2")
    assert "depth" not in answer and "stopped" not in answer
    assert "stopped" not in solve_text(capsys, "--game", "tictactoe", "--depth", "2")


def test_a_tree_search_the_time_budget_cuts_says_its_values_are_partial(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # 250,000 leaves, none prunable (all equal): far more than a hundredth of a second.
    tree = json.dumps([[[1] * 50] * 50] * 100)
    answer = solve_json(capsys, tree, "--algorithm", "minimax", "--time", "0.01")
    assert answer["stopped"] == "time budget"
    assert answer["stats"]["leaves"] < 250_000
    text = solve_text(capsys, tree, "--algorithm", "minimax", "--time", "0.01")
    assert (
        "\n  stopped             the time budget ran out before the search was finished: "
        "the values are as far as it got\n"
    ) in text


def test_mcts_stopped_by_its_budget_before_its_iterations_says_after_how_many(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ("--game", "tictactoe", "--algorithm", "mcts", "--iterations", "1000000")
    answer = solve_json(capsys, *args, "--time", "0.05")
    assert answer["stopped"] == "time budget"
    ran = answer["stats"]["iterations"]
    assert 0 < ran < 1_000_000
    text = solve_text(capsys, *args, "--time", "0.05")
    assert re.search(r"\n  stopped +the time budget ran out after [\d,]+ iterations\n", text)
    # Its time budget alone is how MCTS is meant to end: that is no stopping short.
    alone = solve_json(capsys, "--game", "tictactoe", "--algorithm", "mcts", "--time", "0.05")
    assert "stopped" not in alone


def test_a_big_game_asked_for_to_its_end_is_refused_in_words_not_searched_for_hours(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Connect Four to its end from the start ran for hours. A count of nodes holds a
    search to the end (5 million; here 20,000, so the test is quick) and says what to
    give instead; a small game is still searched to its end."""
    monkeypatch.setattr("gamesearch_gui.cli.TO_THE_END_NODE_CAP", 20_000)
    assert main(["solve", "--game", "connect4", "--depth", "end"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == (
        "gamesearch-gui solve: error: Connect Four was not searched to its end within 20,000 "
        "nodes: give --depth N or --time SECONDS (which deepens, to the end if it can)\n"
    )
    answer = solve_json(capsys, "--game", "tictactoe", "--depth", "end")
    assert answer["value"] == 0 and "stopped" not in answer
    # Near its end, Connect Four is searched to it.
    position = "25523546515174352274664472"  # 26 plies, 2,082 nodes to the end
    late = solve_json(capsys, "--game", "connect4", "--position", position, "--depth", "end")
    assert "stopped" not in late and late["guarantee"] == "MAX can force a win"
