"""``solve`` on a tree of n players: the value and the root values as lists."""

from __future__ import annotations

import json
from importlib.resources import as_file

import pytest

from gamesearch_gui.cli import EXIT_BAD_INPUT
from gamesearch_gui.cli import main
from gamesearch_gui.core.trees.examples import example


def solve(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    with as_file(example("figure-5-4").resource()) as path:
        status = main(["solve", str(path), *args])
    out, err = capsys.readouterr()
    return status, out, err


def test_json_gives_the_value_and_root_values_as_lists(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = solve(capsys, "--json")
    assert status == 0
    answer = json.loads(out)
    assert answer["algorithm"] == "maxn"  # the default for n players
    assert answer["value"] == [1, 2, 6]
    assert answer["best_move"] == 0
    assert answer["root_values"] == [[1, 2, 6], [1, 5, 2]]
    assert answer["principal_variation"] == ["0", "0.0", "0.0.0"]
    assert answer["pruned"] == []


def test_paranoid_through_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = solve(capsys, "--algorithm", "paranoid", "--json")
    assert status == 0
    answer = json.loads(out)
    assert (answer["value"], answer["best_move"], answer["pruned"]) == ([1, 2, 6], 0, ["1.1"])


def test_text_writes_vectors_as_the_textbook_does(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = solve(capsys)
    assert status == 0
    assert "value               (1, 2, 6)" in out
    assert "root values         (1, 2, 6) (1, 5, 2)" in out


def test_a_two_player_search_is_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = solve(capsys, "--algorithm", "alphabeta")
    assert status == EXIT_BAD_INPUT
    assert out == ""
    assert err.strip().endswith("Figure 5.4 has 3 players: use maxn or paranoid, not alphabeta")


# -- a built-in game of three players ---------------------------------------------------


def test_solve_game_nim3_prints_the_value_as_a_list(capsys: pytest.CaptureFixture[str]) -> None:
    # From 7, A takes 2 and wins under max^n: B and C each take what is best for
    # themselves, and from 5 with B to move, no reply of theirs keeps A from the last one.
    status = main(["solve", "--game", "nim3", "--json"])
    answer = json.loads(capsys.readouterr().out)
    assert status == 0
    assert answer["algorithm"] == "maxn"
    assert answer["value"] == [1, 0, 0]
    assert answer["best_move"] == "take 2"
    assert answer["root_values"] == [[0, 1, 0], [1, 0, 0], [0, 0, 1]]


def test_solve_game_nim3_from_a_position_and_with_paranoid(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # B to move at 3 takes them all; and from 5, A cannot win if B and C gang up.
    status = main(["solve", "--game", "nim3", "--position", "3 B", "--json"])
    answer = json.loads(capsys.readouterr().out)
    assert status == 0
    assert (answer["value"], answer["best_move"]) == ([0, 1, 0], "take 3")  # B takes all
    status = main(["solve", "--game", "nim3", "--pile", "5", "--algorithm", "paranoid", "--json"])
    answer = json.loads(capsys.readouterr().out)
    assert status == 0
    assert answer["algorithm"] == "paranoid"
    assert len(answer["value"]) == 3 and answer["value"][0] == 0  # the other two gang up
    status = main(["solve", "--game", "nim3", "--algorithm", "minimax"])
    assert status == EXIT_BAD_INPUT
    assert "has 3 players" in capsys.readouterr().err


def test_solve_game_nim3_with_a_time_budget_deepens(capsys: pytest.CaptureFixture[str]) -> None:
    # Pile 7 is solved by the second or third iteration: the answer of the full search.
    status = main(["solve", "--game", "nim3", "--time", "60", "--json"])
    answer = json.loads(capsys.readouterr().out)
    assert status == 0
    assert (answer["value"], answer["best_move"], answer["depth"]) == ([1, 0, 0], "take 2", None)
    assert "stopped" not in answer
    # A big pile without the table runs out of time: the last depth finished is said.
    big = ["--pile", "30", "--algorithm", "maxn", "--no-tt", "--no-shallow-pruning"]
    status = main(["solve", "--game", "nim3", *big, "--time", "0.05"])
    out = capsys.readouterr().out
    assert status == 0
    assert "finished: the time budget ran out in depth" in out


def test_a_cut_root_vector_marks_the_one_number_it_bounds(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Max^n with shallow pruning: after A's "take 2" wins, B (to move after "take 3") is
    # sure of at least 0, so A gets at most 1 there and B's other moves are cut. B's
    # number is the bound, not A's: the vector so far is no bound on A's.
    status = main(["solve", "--game", "nim3", "--json"])
    answer = json.loads(capsys.readouterr().out)
    assert status == 0
    assert answer["root_bounds"] == ["exact", "exact", "lower"]
    assert answer["root_bound_shares"] == [None, None, 1]
    assert main(["solve", "--game", "nim3"]) == 0
    assert "root values         (0, 1, 0), (1, 0, 0), (0, ≥ 0, 1)" in capsys.readouterr().out
    # Paranoid: alpha-beta on A's number, which is what the cut bounds.
    assert main(["solve", "--game", "nim3", "--algorithm", "paranoid"]) == 0
    assert "root values         (0, 0, 1), (≤ 0, 0, 1), (≤ 0, 0, 1)" in capsys.readouterr().out
