"""The ``solve`` command line: the JSON contract of DESIGN.md, and bad input."""

from __future__ import annotations

import contextlib
import dataclasses
import io
import json
import math
import os
import subprocess
import sys
import threading
from collections.abc import Callable
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

import pytest

from benchmarks import fuzz_cli
from gamesearch_gui import cli
from gamesearch_gui import solving
from gamesearch_gui.cli import main
from gamesearch_gui.core.search import MAX_SEARCH_DEPTH
from gamesearch_gui.core.trees import file as treefile
from gamesearch_gui.paths import resource_files

FIGURE_5_2 = """{"format": "gamesearch-tree", "version": 1, "name": "Figure 5.2",
 "root": {"type": "max", "label": "A", "children": [
   {"type": "min", "label": "B", "move": "a1",
    "children": [{"value": 3}, {"value": 12}, {"value": 8}]},
   {"type": "min", "label": "C", "children": [{"value": 2}, {"value": 4}, {"value": 6}]},
   {"type": "min", "label": "D", "children": [{"value": 14}, {"value": 5}, {"value": 2}]}]}}"""


def run_cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """Run the installed command line in a fresh interpreter."""
    return subprocess.run(
        [sys.executable, "-m", "gamesearch_gui", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def run_cli_bytes(
    *args: str, stdin: bytes = b"", env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[bytes]:
    """Run the command line in a fresh interpreter, bytes in and out."""
    return subprocess.run(
        [sys.executable, "-m", "gamesearch_gui", *args],
        input=stdin,
        capture_output=True,
        timeout=120,
        check=False,
        env=env,
    )


def run_in_sh(script: str) -> subprocess.CompletedProcess[bytes]:
    """Run a POSIX shell script, in which ``$0`` is this Python."""
    return subprocess.run(
        ["sh", "-c", script, sys.executable], capture_output=True, timeout=120, check=False
    )


def one_line_message(stderr: bytes | str) -> str:
    """``stderr`` as the one printable line the contract promises, without its newline."""
    text = stderr.decode("utf-8") if isinstance(stderr, bytes) else stderr
    assert text.endswith("\n") and text.count("\n") == 1, text
    line = text[:-1]
    assert line.isprintable(), line
    assert "Traceback" not in line
    assert len(line) <= cli.MESSAGE_LIMIT
    return line


def solve_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, object]:
    assert main(["solve", *args, "--json"]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1  # one JSON object on one line
    answer = json.loads(out)
    assert isinstance(answer, dict)
    return answer


def test_figure_5_2_answers_exactly_as_the_contract_shows(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "figure.gtree.json"
    path.write_text(FIGURE_5_2, encoding="utf-8")
    answer = solve_json(capsys, str(path))
    seconds = answer["stats"].pop("seconds")  # type: ignore[union-attr]
    assert isinstance(seconds, float) and seconds >= 0
    assert answer == {
        "algorithm": "alphabeta",
        "value": 3,
        "best_move": 0,
        "principal_variation": ["0", "0.0"],
        "visited_leaves": ["0.0", "0.1", "0.2", "1.0", "2.0", "2.1", "2.2"],
        "pruned": ["1.1", "1.2"],
        "root_values": [3, 2, 2],
        "root_bounds": ["exact", "upper", "upper"],
        "stats": {"nodes": 11, "leaves": 7, "cutoffs": 1, "tt_hits": 0, "max_depth": 2},
    }


@pytest.mark.parametrize(
    ("args", "root_values"),
    [
        ([], [3, 2, 2]),  # fail-soft: C and D return their own best, 2 and 2
        (["--fail-hard"], [3, 3, 3]),  # fail-hard: they return alpha = 3
        (["--algorithm", "alphabeta", "--fail-hard"], [3, 3, 3]),
        (["--algorithm", "minimax"], [3, 2, 2]),
        (["--algorithm", "expectiminimax"], [3, 2, 2]),
        (["--algorithm", "star1"], [3, 2, 2]),
    ],
)
def test_figure_5_2_root_values_under_each_algorithm_and_convention(
    args: list[str], root_values: list[int], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "figure.gtree.json"
    path.write_text(FIGURE_5_2, encoding="utf-8")
    answer = solve_json(capsys, str(path), *args)
    assert answer["root_values"] == root_values
    # Both conventions: the same root value, best move and pruning.
    assert answer["value"] == 3 and answer["best_move"] == 0
    if answer["algorithm"] in ("alphabeta", "star1"):
        assert answer["pruned"] == ["1.1", "1.2"]


def test_mcts_on_figure_5_2_answers_with_every_key_and_its_own(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "figure.gtree.json"
    path.write_text(FIGURE_5_2, encoding="utf-8")
    args = (str(path), "--algorithm", "mcts", "--iterations", "3000", "--seed", "7")
    answer = solve_json(capsys, *args)
    again = solve_json(capsys, *args)
    for one in (answer, again):
        one["stats"].pop("seconds")  # type: ignore[union-attr]
    assert answer == again  # the same seed, the same search
    alphabeta = solve_json(capsys, str(path))
    assert set(answer) == set(alphabeta) | {"root_visits", "root_win_rates"}
    assert answer["algorithm"] == "mcts" and answer["best_move"] == 0  # a1
    assert answer["principal_variation"][0] == "0"  # type: ignore[index]
    visits = answer["root_visits"]
    assert isinstance(visits, list) and sum(visits) == 3000 == answer["stats"]["iterations"]  # type: ignore[index]
    assert visits[0] == max(visits)
    assert answer["pruned"] == []
    # Every leaf a playout reached, once; Figure 5.2 has nine.
    leaves = answer["visited_leaves"]
    assert isinstance(leaves, list) and len(set(leaves)) == len(leaves) <= 9
    values, rates = answer["root_values"], answer["root_win_rates"]
    assert isinstance(values, list) and isinstance(rates, list)
    for value, rate in zip(values, rates, strict=True):
        assert 2 <= value <= 14  # the tree's smallest and largest leaf
        assert rate == pytest.approx((value - 2) / 12)  # MAX's win rate, scaled by them
    assert answer["value"] == pytest.approx(
        sum(v * n for v, n in zip(values, visits, strict=True)) / 3000
    )


def test_mcts_on_a_game_takes_the_win_and_says_each_move_s_visits(
    capsys: pytest.CaptureFixture[str],
) -> None:
    position = ["--game", "tictactoe", "--position", "XX.OO...."]  # X to move: 3 wins
    answer = solve_json(
        capsys, *position, "--algorithm", "mcts", "--iterations", "500", "--playout", "heuristic"
    )
    assert answer["best_move"] == "3"
    assert answer["root_win_rates"][0] == 1  # type: ignore[index]
    assert len(answer["root_visits"]) == 5  # type: ignore[arg-type]
    assert sum(answer["root_visits"]) == 500  # type: ignore[arg-type]


def test_mcts_text_output_says_visits_win_rates_and_iterations(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status = main(
        [
            "solve",
            "--game",
            "connect4",
            "--position",
            "121212",
            "--algorithm",
            "mcts",
            "--iterations",
            "200",
        ]
    )
    out = capsys.readouterr().out
    assert status == 0
    assert "best move           1" in out
    assert "iterations          200" in out
    assert "root visits" in out and "root win rates" in out


def test_root_values_follow_move_order_whatever_the_search_order() -> None:
    tree = json.dumps(
        {
            "format": "gamesearch-tree",
            "version": 1,
            "root": {
                "type": "max",
                "children": [
                    {"type": "min", "eval": 1, "children": [{"value": 1}, {"value": 9}]},
                    {"type": "min", "eval": 5, "children": [{"value": 5}, {"value": 6}]},
                ],
            },
        }
    )
    done = run_cli("solve", "-", "--ordering", "static", "--json", stdin=tree)
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    # Searched second child first (eval 5): its 5 raises alpha, and the first child,
    # cut after its 1, returns 1; listed in drawn order all the same.
    assert answer["root_values"] == [1, 5] and answer["best_move"] == 1


def test_root_values_at_a_chance_root_are_its_outcomes() -> None:
    tree = {
        "format": "gamesearch-tree",
        "version": 1,
        "root": {
            "type": "chance",
            "children": [
                {"probability": 0.5, "type": "max", "children": [{"value": 1}, {"value": 4}]},
                {"probability": 0.5, "type": "min", "children": [{"value": 2}, {"value": 8}]},
            ],
        },
    }
    for algorithm in ("expectiminimax", "star1"):
        done = run_cli("solve", "-", "--algorithm", algorithm, "--json", stdin=json.dumps(tree))
        assert done.returncode == 0, done.stderr
        answer = json.loads(done.stdout)
        assert answer["best_move"] is None and answer["value"] == 3
        assert answer["root_values"] == [4, 2]


def test_a_game_answer_has_root_values_in_move_order(capsys: pytest.CaptureFixture[str]) -> None:
    position = ["--game", "tictactoe", "--position", "XX.OO...."]  # cells 3 6 7 8 9 free
    exact = solve_json(capsys, *position, "--algorithm", "minimax")
    assert exact["root_values"] == [1, 0, -1, -1, -1]  # 3 wins; 6 blocks O's threat
    soft = solve_json(capsys, *position)
    hard = solve_json(capsys, *position, "--fail-hard")
    # After the win, every other move fails low (its value <= alpha = 1): fail-hard
    # returns alpha itself, fail-soft its own best, an upper bound on the exact value.
    assert hard["root_values"] == [1, 1, 1, 1, 1]
    assert soft["root_values"][0] == 1
    pairs = zip(exact["root_values"], soft["root_values"], strict=True)
    assert all(e <= s <= 1 for e, s in pairs)
    assert hard["value"] == soft["value"] == 1 and hard["best_move"] == soft["best_move"] == "3"


def test_a_die_roll_at_the_root_gives_one_root_value_per_face(
    capsys: pytest.CaptureFixture[str],
) -> None:
    position = "max 12 min 7 turn 5 max to roll"
    answer = solve_json(capsys, "--game", "pig", "--position", position, "--depth", "2")
    faces = answer["root_values"]
    assert isinstance(faces, list) and len(faces) == 6
    # A fair die: the root's value is the average of what its faces returned.
    assert sum(faces) / 6 == pytest.approx(answer["value"])


def test_text_output_names_the_convention_and_the_root_values(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "figure.gtree.json"
    path.write_text(FIGURE_5_2, encoding="utf-8")
    assert main(["solve", str(path), "--fail-hard"]) == 0
    hard = capsys.readouterr().out.splitlines()
    assert hard[0] == "Figure 5.2: alphabeta (fail-hard)"
    # C and D fail low: fail-hard returns alpha, 3, an upper bound on each.
    assert "  root values         3, ≤ 3, ≤ 3" in hard
    assert main(["solve", str(path)]) == 0
    soft = capsys.readouterr().out.splitlines()
    assert soft[0] == "Figure 5.2: alphabeta (fail-soft)"
    assert "  root values         3, ≤ 2, ≤ 2" in soft
    assert main(["solve", str(path), "--algorithm", "minimax"]) == 0
    exact = capsys.readouterr().out.splitlines()
    assert exact[0] == "Figure 5.2: minimax"
    assert "  root values         3 2 2" in exact  # every value exact: no bound to mark


def test_json_says_which_root_values_are_bounds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "figure.gtree.json"
    path.write_text(FIGURE_5_2, encoding="utf-8")
    soft = solve_json(capsys, str(path))
    # C is cut after its leaf 2 and D after its leaf 2: each is at most 2, not 2.
    assert soft["root_values"] == [3, 2, 2]
    assert soft["root_bounds"] == ["exact", "upper", "upper"]
    exact = solve_json(capsys, str(path), "--algorithm", "minimax")
    assert exact["root_values"] == [3, 2, 2]
    assert exact["root_bounds"] == ["exact", "exact", "exact"]
    # A game too: tic-tac-toe's first move searched is exact, the others only bounds.
    game = solve_json(capsys, "--game", "tictactoe")
    assert game["root_bounds"].count("exact") >= 1
    assert set(game["root_bounds"]) <= {"exact", "upper"}
    assert len(game["root_bounds"]) == len(game["root_values"]) == 9


def test_shorthand_from_standard_input_with_minimax() -> None:
    done = run_cli(
        "solve", "-", "--algorithm", "minimax", "--json", stdin="[[3,12,8],[2,4,6],[14,5,2]]"
    )
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert answer["algorithm"] == "minimax"
    assert answer["value"] == 3 and answer["best_move"] == 0
    assert answer["pruned"] == [] and len(answer["visited_leaves"]) == 9
    assert answer["stats"]["nodes"] == 13


def test_a_nested_list_given_as_the_argument_is_the_tree(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # solve --help says FILE may be a nested list: written out, it once failed with
    # "No such file or directory".
    monkeypatch.chdir(tmp_path)
    answer = solve_json(capsys, "[[3,12,8],[2,4,6],[14,5,2]]")
    assert answer["value"] == 3 and answer["best_move"] == 0
    assert answer["pruned"] == ["1.1", "1.2"]
    assert main(["solve", "[[3,12,8],[2,4,6],[14,5,2]]"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "nested list: alphabeta (fail-soft)"
    # A file of that very name is still the file.
    (tmp_path / "[1]").write_text("[[5], [7]]", encoding="utf-8")
    assert solve_json(capsys, "[1]")["value"] == 7  # the list [1] would be worth 1


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("[[3,12,8],[2,4", "the nested list given: not JSON (line 1, column 15"),
        ('[[3,"x"],[2]]', "the nested list given: node 0.1: a shorthand entry must be a number"),
        ("[]", "the nested list given: root: an empty list is not a node"),
    ],
)
def test_a_malformed_nested_list_is_one_clear_line(
    capsys: pytest.CaptureFixture[str], text: str, words: str
) -> None:
    assert main(["solve", text]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert one_line_message(captured.err).startswith(f"gamesearch-gui solve: error: {words}")


def test_solve_help_says_a_nested_list_may_be_given() -> None:
    done = run_cli("solve", "--help")
    assert done.returncode == 0
    assert "a nested list itself such as '[[3,12,8],[2,4,6],[14,5,2]]'" in " ".join(
        done.stdout.split()
    )


def test_check_search_takes_a_nested_list_as_a_tree(capsys: pytest.CaptureFixture[str]) -> None:
    lesson = ["check-search", "--lesson", "fresh-root-window", "--trees"]
    assert main([*lesson, "[[3,12,8],[2,4,6],[14,5,2]]"]) == 1  # the lesson's bug shows
    assert "nested list" in capsys.readouterr().out


def test_chance_trees_default_to_expectiminimax_and_star1_agrees(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    tree = {
        "format": "gamesearch-tree",
        "version": 1,
        "root": {
            "type": "max",
            "children": [
                {
                    "type": "chance",
                    "children": [
                        {"value": 2, "probability": 0.9},
                        {"value": 3, "probability": 0.1},
                    ],
                },
                {
                    "type": "chance",
                    "children": [
                        {"value": 1, "probability": 0.9},
                        {"value": 4, "probability": 0.1},
                    ],
                },
            ],
        },
    }
    path = tmp_path / "chance.gtree.json"
    path.write_text(json.dumps(tree), encoding="utf-8")
    plain = solve_json(capsys, str(path))
    assert plain["algorithm"] == "expectiminimax"
    # 0.9 * 2 + 0.1 * 3 is 2.1000000000000005 in floating point: JSON says 2.1.
    assert plain["best_move"] == 0 and plain["value"] == 2.1
    star1 = solve_json(capsys, str(path), "--algorithm", "star1")
    assert star1["best_move"] == 0 and star1["value"] == 2.1


def test_depth_cutoff_on_a_tree_uses_eval(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    tree = {
        "format": "gamesearch-tree",
        "version": 1,
        "root": {
            "type": "max",
            "children": [
                {"type": "min", "eval": 7, "children": [{"value": 1}, {"value": 2}]},
                {"type": "min", "eval": 4, "children": [{"value": 5}, {"value": 6}]},
            ],
        },
    }
    path = tmp_path / "horizon.gtree.json"
    path.write_text(json.dumps(tree), encoding="utf-8")
    answer = solve_json(capsys, str(path), "--depth", "1")
    assert answer["value"] == 7 and answer["visited_leaves"] == ["0", "1"]


def test_sample_tree_ships_with_the_package(capsys: pytest.CaptureFixture[str]) -> None:
    sample = resource_files() / "trees" / "figure-5-2.gtree.json"
    answer = solve_json(capsys, str(sample))
    assert answer["value"] == 3 and answer["pruned"] == ["1.1", "1.2"]


def test_tictactoe_full_minimax_reports_549946_nodes(capsys: pytest.CaptureFixture[str]) -> None:
    # Plain minimax: no table (the game's default) to merge transpositions.
    answer = solve_json(
        capsys, "--game", "tictactoe", "--algorithm", "minimax", "--ordering", "none", "--no-tt"
    )
    assert answer["value"] == 0
    assert answer["stats"]["nodes"] == 549_946  # type: ignore[index]
    assert answer["stats"]["leaves"] == 255_168  # type: ignore[index]
    assert set(answer) == {
        "algorithm",
        "value",
        "best_move",
        "principal_variation",
        "root_values",
        "root_bounds",
        "stats",
        "guarantee",
    }
    assert answer["guarantee"] == "either side can force at least a draw"


def test_game_positions_and_moves_use_the_game_notation(capsys: pytest.CaptureFixture[str]) -> None:
    answer = solve_json(capsys, "--game", "tictactoe", "--position", "XX.OO....")
    assert answer["best_move"] == "3" and answer["value"] == 1
    answer = solve_json(capsys, "--game", "connect4", "--position", "445566", "--depth", "4")
    assert answer["best_move"] in ("3", "7")
    answer = solve_json(capsys, "--game", "pennies", "--position", "16", "--tt")
    assert answer["value"] == 1
    assert "=" in answer["best_move"]  # type: ignore[operator]
    answer = solve_json(
        capsys, "--game", "pig", "--depth", "4", "--algorithm", "star1", "--target", "10"
    )
    assert answer["best_move"] is None  # Pig starts with a roll of the die
    answer = solve_json(
        capsys, "--game", "connect4", "--time", "0.2", "--ordering", "previous-best", "--tt"
    )
    assert answer["best_move"] in list("1234567")


@pytest.mark.parametrize(
    ("args", "stdin", "words"),
    [
        (["solve", "missing.gtree.json"], None, "No such file"),
        (["solve", "-"], "{not json", "not JSON"),
        (["solve", "-"], '[[1, "x"]]', "node 0.1"),
        (
            ["solve", "-", "--algorithm", "alphabeta"],
            json.dumps(
                {
                    "format": "gamesearch-tree",
                    "version": 1,
                    "root": {
                        "type": "chance",
                        "children": [
                            {"value": 1, "probability": 0.5},
                            {"value": 2, "probability": 0.5},
                        ],
                    },
                }
            ),
            "chance",
        ),
        (["solve", "-", "--depth", "1"], "[[1, 2], [3, 4]]", "eval"),
        (["solve", "-", "--depth", "0"], "[1]", "at least 1"),
        (["solve", "-", "--algorithm", "magic"], "[1]", "invalid choice"),
        (["solve", "--game", "tictactoe", "--position", "XXXOOO..."], None, "three in a row"),
        (["solve", "--game", "pig", "--algorithm", "alphabeta", "--depth", "3"], None, "chance"),
        (["solve", "--game", "pig", "--depth", "end"], None, "forever"),
        (["solve", "-", "--fail-hard", "--algorithm", "minimax"], "[1]", "--fail-hard"),
        (["solve", "-", "--fail-hard", "--algorithm", "star1"], "[1]", "variant of alpha-beta"),
        (
            ["solve", "--game", "pig", "--depth", "2", "--fail-hard"],
            None,
            "default here is star1",
        ),
        (["solve", "--game", "tictactoe", "--eval", "nope", "--depth", "2"], None, "nope"),
        (["solve", "--game", "pennies", "--depth", "2", "--quiescence"], None, "quiet"),
        (["solve", "--game", "connect4", "--depth", "end", "--quiescence"], None, "depth limit"),
        (["solve"], None, "FILE"),
        (["solve", "-", "--position", "1"], "[1, 2]", "--position goes with --game"),
        (["solve", "-", "--html", ""], "[1, 2]", "no file name was given"),
        (["solve", "--game", "tictactoe", "--html", ""], None, "no file name was given"),
        (["solve", "-", "--iterations", "10"], "[1]", "--iterations belongs to --algorithm mcts"),
        (["solve", "-", "--seed", "3", "--algorithm", "star1"], "[1]", "not star1"),
        (["solve", "-", "--algorithm", "mcts"], "[1]", "needs --iterations"),
        (
            ["solve", "-", "--algorithm", "mcts", "--iterations", "9", "--shape"],
            "[1]",
            "--shape counts the tree of a depth-first search",
        ),
        (
            ["solve", "-", "--algorithm", "mcts", "--iterations", "9", "--quiescence"],
            "[1]",
            "mcts takes no quiescence search",
        ),
        (["solve", "-", "--algorithm", "mcts", "--iterations", "0"], "[1]", "at least 1"),
        (
            ["solve", "-", "--algorithm", "mcts", "--iterations", "9", "--shallow-pruning"],
            "[1]",
            "shallow pruning belongs to maxn, not to mcts",
        ),
        (
            ["solve", "-", "--algorithm", "mcts", "--iterations", "9", "--fail-hard"],
            "[1]",
            "--fail-hard is a variant of alpha-beta, and --algorithm here is mcts",
        ),
        (
            ["solve", "-", "--algorithm", "mcts", "--iterations", "9", "--depth", "1"],
            "[1]",
            "depth",
        ),
        (
            ["solve", "-", "--algorithm", "mcts", "--iterations", "9", "--exploration", "nan"],
            "[1]",
            "--exploration",
        ),
        (
            [
                "solve",
                "--game",
                "pig",
                "--algorithm",
                "mcts",
                "--iterations",
                "9",
                "--playout",
                "heuristic",
            ],
            None,
            "no playout heuristic",
        ),
    ],
)
def test_bad_input_gets_one_line_and_status_2(
    args: list[str], stdin: str | None, words: str
) -> None:
    done = run_cli(*args, stdin=stdin)
    assert done.returncode == 2, done.stdout + done.stderr
    assert done.stdout == ""
    message = done.stderr.strip()
    assert "\n" not in message, message
    assert "Traceback" not in message
    assert words.lower() in message.lower(), message


def test_quiescence_and_the_evaluation_none_from_the_command_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    common = ("--game", "connect4", "--position", "677264", "--depth", "2")
    plain = solve_json(capsys, *common)
    quiet = solve_json(capsys, *common, "--quiescence")
    assert (plain["best_move"], quiet["best_move"]) == ("4", "6")
    stats = quiet["stats"]
    assert isinstance(stats, dict) and stats["quiescence_nodes"] > 0
    assert "quiescence_nodes" not in plain["stats"]  # type: ignore[operator]
    blind = solve_json(capsys, "--game", "tictactoe", "--depth", "2", "--eval", "none")
    assert blind["value"] == 0


def test_version_and_help() -> None:
    from gamesearch_gui import __version__

    done = run_cli("--version")
    assert done.returncode == 0 and __version__ in done.stdout
    done = run_cli("solve", "--help")
    assert done.returncode == 0
    for notation in ("tictactoe", "connect4", "pennies", "pig"):
        assert notation in done.stdout


def test_previous_best_ordering_on_a_tree_without_evals_searches_it_to_its_end(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "figure.gtree.json"
    path.write_text(FIGURE_5_2, encoding="utf-8")
    answer = solve_json(capsys, str(path), "--ordering", "previous-best")
    assert answer["value"] == 3 and answer["best_move"] == 0


# The same bytes give the same answer from a file and from standard input -------------------

FIGURE_BYTES = FIGURE_5_2.encode("utf-8")
BOM = b"\xef\xbb\xbf"
SAME_BYTES = {
    "valid": FIGURE_BYTES,
    "bom": BOM + FIGURE_BYTES,
    "two-boms": BOM + BOM + FIGURE_BYTES,
    "half-a-bom": BOM[:2] + FIGURE_BYTES,
    "only-a-bom": BOM,
    "empty": b"",
    "crlf": FIGURE_BYTES.replace(b"\n", b"\r\n"),
    "lone-cr-in-a-string": FIGURE_BYTES.replace(b'"A"', b'"A\r"'),
    "invalid-utf8-in-a-label": FIGURE_BYTES.replace(b'"A"', b'"\xff"'),
    "latin1-name": FIGURE_BYTES.replace(b"Figure 5.2", "Figure café".encode("latin-1")),
    "utf8-name": FIGURE_BYTES.replace(b"Figure 5.2", "Figure café ✓".encode()),
    "surrogate-encoded-in-utf8": FIGURE_BYTES.replace(b'"A"', b'"\xed\xb3\xbf"'),
    "surrogate-escape": FIGURE_BYTES.replace(b'"A"', b'"\\udfff"'),
    "escape-sequence-name": FIGURE_BYTES.replace(b"Figure 5.2", b"\\u001b]0;owned\\u0007"),
    "nul-byte": FIGURE_BYTES.replace(b'"A"', b'"\x00"'),
    "truncated": FIGURE_BYTES[:100],
    "flipped": FIGURE_BYTES[:50] + bytes([FIGURE_BYTES[50] ^ 0x40]) + FIGURE_BYTES[51:],
    "shorthand": b"[[3, 12, 8], [2, 4, 6], [14, 5, 2]]",
    "shorthand-with-bom": BOM + b"[[3, 12, 8], [2, 4, 6], [14, 5, 2]]",
    "shorthand-latin1": b"[[3, 12, 8], [2, 4, \xe9]]",
}


@pytest.mark.parametrize("args", [("--json",), ()], ids=["json", "text"])
@pytest.mark.parametrize("name", sorted(SAME_BYTES))
def test_same_bytes_same_answer_from_a_file_and_from_stdin(
    name: str, args: tuple[str, ...], tmp_path: Path
) -> None:
    # fuzz_cli.check runs main() on a file and on standard input, under each text layer
    # a locale may give standard input, and compares status, message and answer.
    case = fuzz_cli.Case(0, SAME_BYTES[name], args, name)
    for encoding in ("utf-8", "utf-8:surrogateescape", "latin-1", "ascii"):
        status, problems = fuzz_cli.check(case, tmp_path, encoding)
        assert problems == [], (encoding, problems)
        assert status in (0, 2)


@pytest.mark.parametrize(
    "env",
    [{"LC_ALL": "C", "LANG": "C"}, {"PYTHONIOENCODING": "latin-1"}, {"PYTHONIOENCODING": "ascii"}],
    ids=["C-locale", "latin1", "ascii"],
)
def test_standard_input_is_read_as_bytes_whatever_the_locale(
    env: dict[str, str], tmp_path: Path
) -> None:
    base = {k: v for k, v in os.environ.items() if k not in ("PYTHONIOENCODING", "PYTHONUTF8")}
    for name in ("bom", "invalid-utf8-in-a-label", "latin1-name", "utf8-name", "surrogate-escape"):
        data = SAME_BYTES[name]
        path = tmp_path / "stdin.gtree.json"
        path.write_bytes(data)
        from_file = run_cli_bytes("solve", str(path), "--json")
        from_stdin = run_cli_bytes("solve", "-", "--json", stdin=data, env={**base, **env})
        assert from_stdin.returncode == from_file.returncode, (name, from_stdin.stderr)
        assert from_stdin.stderr == from_file.stderr, name
        assert b"Traceback" not in from_stdin.stderr
        if from_file.returncode == 0:
            answer = json.loads(from_stdin.stdout)
            assert answer["value"] == 3
        else:
            one_line_message(from_stdin.stderr)


def test_text_output_survives_a_terminal_that_cannot_write_the_name() -> None:
    done = run_cli_bytes(
        "solve",
        "-",
        stdin=SAME_BYTES["utf8-name"],
        env={**os.environ, "PYTHONIOENCODING": "ascii"},
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(b"Figure caf\\xe9 \\u2713: alphabeta (fail-soft)\n")


def test_text_output_names_moves_and_writes_values_as_the_window_does(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    figure = resource_files() / "trees" / "examples" / "01-figure-5-2.gtree.json"
    assert main(["solve", str(figure)]) == 0
    text = capsys.readouterr().out
    assert "  best move           a1\n" in text
    assert "  principal variation a1 b1\n" in text
    assert main(["solve", str(figure), "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["best_move"] == 0 and answer["principal_variation"] == ["0", "0.0"]
    negative = tmp_path / "negative.json"
    negative.write_text("[[-1.5, -2], [-3, -4]]")
    assert main(["solve", str(negative)]) == 0
    assert "  value               \u22122\n" in capsys.readouterr().out  # a minus sign


# Size -------------------------------------------------------------------------------------


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero and sh")
def test_an_endless_file_is_refused_at_the_size_limit() -> None:
    # The child may not grow past 2 GiB: a reader that reads on fails soon, not the machine.
    done = run_in_sh('ulimit -v 2097152; exec "$0" -m gamesearch_gui solve /dev/zero')
    assert done.returncode == 2
    assert one_line_message(done.stderr) == (
        "gamesearch-gui solve: error: file: larger than 268,435,456 bytes (256 MiB), "
        "the limit for a tree file"
    )


@contextlib.contextmanager
def fed(open_sink: Callable[[], BinaryIO]) -> Iterator[None]:
    """A thread writes "[" to ``open_sink()`` until its reader closes the other end.

    It stops after 16 MiB all the same, so that a reader that reads on does not take the
    test's memory with it.
    """

    def feed() -> None:
        with contextlib.suppress(BrokenPipeError), open_sink() as sink:
            for _ in range(4096):
                sink.write(b"[" * 4096)

    feeder = threading.Thread(target=feed, daemon=True)
    feeder.start()
    try:
        yield
    finally:
        feeder.join(timeout=60)


def test_endless_standard_input_and_fifos_are_refused_at_the_size_limit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(treefile, "MAX_FILE_BYTES", 100_000)
    expected = "gamesearch-gui solve: error: file: larger than 100,000 bytes, the limit"
    read_fd, write_fd = os.pipe()
    with fed(lambda: open(write_fd, "wb")), open(read_fd, "rb") as pipe:
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(pipe))
        assert main(["solve", "-"]) == 2
    assert one_line_message(capsys.readouterr().err).startswith(expected)
    if hasattr(os, "mkfifo"):
        fifo = tmp_path / "endless"
        os.mkfifo(fifo)
        with fed(lambda: open(fifo, "wb")):
            assert main(["solve", str(fifo)]) == 2
        assert one_line_message(capsys.readouterr().err).startswith(expected)
    # Exactly at the limit is allowed.
    monkeypatch.setattr(treefile, "MAX_FILE_BYTES", len(FIGURE_BYTES))
    path = tmp_path / "exact.gtree.json"
    path.write_bytes(FIGURE_BYTES)
    assert main(["solve", str(path), "--json"]) == 0
    path.write_bytes(FIGURE_BYTES + b" ")
    assert main(["solve", str(path), "--json"]) == 2


# Messages: short, escaped, one line ---------------------------------------------------------

HOSTILE = "\x1b]0;owned\x07\x1b[2J\x1b[H\r\x7f\x9b\u2028"


def no_control_bytes(output: bytes) -> bool:
    """True when no byte below 0x20 (but the newlines that end lines) nor 0x7f is in it."""
    return not any((b < 0x20 and b != 0x0A) or b == 0x7F for b in output)


def test_a_message_for_a_10000_character_key_is_short() -> None:
    tree = FIGURE_5_2.replace('"label": "A"', '"%s": 1, "label": "A"' % ("k" * 10_000))
    done = run_cli_bytes("solve", "-", stdin=tree.encode())
    assert done.returncode == 2
    line = one_line_message(done.stderr)
    assert len(line) < 200, len(line)
    assert line.startswith('gamesearch-gui solve: error: root: unknown key "kkkk')


@pytest.mark.parametrize("json_mode", [False, True], ids=["text", "json"])
def test_no_control_character_reaches_the_terminal(json_mode: bool) -> None:
    quoted = json.dumps(HOSTILE)
    named = FIGURE_5_2.replace('"Figure 5.2"', quoted).replace('"a1"', quoted)
    flag = ("--json",) if json_mode else ()
    done = run_cli_bytes("solve", "-", *flag, stdin=named.encode())
    assert done.returncode == 0, done.stderr
    assert no_control_bytes(done.stdout), done.stdout
    if not json_mode:
        assert done.stdout.startswith(b"\\x1b]0;owned\\x07\\x1b[2J\\x1b[H\\x0d\\x7f\\x9b\\u2028: ")
    for bad in (
        FIGURE_5_2.replace('"label"', quoted),  # an unknown key
        FIGURE_5_2.replace('"min"', quoted, 1),  # a bad type name
        FIGURE_5_2.replace('"gamesearch-tree"', quoted),  # a bad format
        FIGURE_5_2.replace('"label": "A"', f'"label": "A", {quoted}: 1, {quoted}: 2'),
    ):
        done = run_cli_bytes("solve", "-", *flag, stdin=bad.encode())
        assert done.returncode == 2
        assert no_control_bytes(done.stderr), done.stderr
        assert "\\x1b]0;owned\\x07" in one_line_message(done.stderr)


def test_file_names_in_messages_are_short_and_escaped() -> None:
    done = run_cli_bytes("solve", f"missing{HOSTILE}.gtree.json")
    assert done.returncode == 2 and no_control_bytes(done.stderr)
    assert one_line_message(done.stderr) == (
        "gamesearch-gui solve: error: No such file or directory: "
        '"missing\\x1b]0;owned\\x07\\x1b[2J\\x1b[H\\x0d…"'
    )
    done = run_cli_bytes("solve", "x" * 10_000)
    assert done.returncode == 2
    assert len(one_line_message(done.stderr)) < 200


def test_argument_errors_are_one_short_escaped_line(capsys: pytest.CaptureFixture[str]) -> None:
    for args in (
        ["solve", "--algorithm", HOSTILE * 1000],
        ["solve", "-", "--json", "one-file-too-many", HOSTILE],
        ["solve", "--depth", HOSTILE],
        ["solve", "--game", "tictactoe", "--position", HOSTILE * 1000],
    ):
        with contextlib.suppress(SystemExit):
            assert main(args) == 2
        assert "\\x1b" in one_line_message(capsys.readouterr().err)


def test_a_path_hundreds_of_levels_deep_is_cut_in_the_middle() -> None:
    done = run_cli_bytes("solve", "-", stdin=b"[" * 201 + b"1" + b"]" * 201)
    assert done.returncode == 2
    line = one_line_message(done.stderr)
    assert line.startswith("gamesearch-gui solve: error: node 0.0.0.0.0.")
    assert line.endswith(".0.0.0: the tree is deeper than 200 levels (the limit)")
    assert "…" in line and len(line) <= cli.MESSAGE_LIMIT


def test_a_lone_surrogate_is_refused_naming_the_node_and_the_field() -> None:
    tree = FIGURE_5_2.replace('{"value": 6}', '{"value": 6, "label": "\\udfff"}')
    done = run_cli_bytes("solve", "-", stdin=tree.encode())
    assert done.returncode == 2
    assert one_line_message(done.stderr) == (
        'gamesearch-gui solve: error: node 1.2: "label" holds a character that is not text '
        "(a lone surrogate \\udfff)"
    )


# Numbers ----------------------------------------------------------------------------------

OVERFLOW = json.dumps(
    {
        "format": "gamesearch-tree",
        "version": 1,
        "root": {
            "type": "chance",
            "children": [
                {"value": 1.7976931348623157e308, "probability": p} for p in (0.2, 0.4, 0.4)
            ],
        },
    }
)


@pytest.mark.parametrize("algorithm", ["expectiminimax", "star1"])
def test_a_chance_sum_that_overflows_is_one_line_and_status_2(algorithm: str) -> None:
    done = run_cli("solve", "-", "--json", "--algorithm", algorithm, stdin=OVERFLOW)
    assert done.returncode == 2, done.stdout
    assert done.stdout == ""
    line = one_line_message(done.stderr)
    assert "the root" in line and "too large for floating point" in line


def test_json_never_holds_a_number_json_cannot_say(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "figure.gtree.json"
    path.write_text(FIGURE_5_2, encoding="utf-8")
    real_search = cli.search
    for bad in (math.inf, -math.inf, math.nan):

        def search(*args: object, bad: float = bad, **kwargs: object) -> object:
            return dataclasses.replace(real_search(*args, **kwargs), value=bad)  # type: ignore[arg-type]

        monkeypatch.setattr(cli, "search", search)
        assert main(["solve", str(path), "--json"]) == 2
        out, err = capsys.readouterr()
        assert out == ""
        assert "not a number JSON can hold" in one_line_message(err)


def test_json_values_are_tidied(capsys: pytest.CaptureFixture[str]) -> None:
    answer = solve_json(capsys, "--game", "pig", "--depth", "2", "--target", "10")
    assert isinstance(answer["value"], float)
    assert answer["value"] == float(f"{answer['value']:.12g}")


# Command-line numbers ---------------------------------------------------------------------


# A position searched at once: were a bad --time taken, the test would still end quickly.
QUICK = ["--game", "tictactoe", "--position", "XX.OO...."]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (
            ["--game", "pig", "--depth", "1073741574"],
            "--depth: must be at least 1 and at most 1000",
        ),
        (["--game", "pig", "--depth", str(MAX_SEARCH_DEPTH + 1)], 'at most 1000, not "1001"'),
        (["--game", "pig", "--depth", "9" * 5000], 'at most 1000, not "99999'),
        (["--game", "pig", "--depth", "-3"], "at least 1"),
        (["--game", "pig", "--depth", "two"], 'not a whole number: "two"'),
        (["--game", "pig", "--depth", "2", "--target", "1"], "--target: must be at least 2"),
        (["--game", "pig", "--depth", "2", "--target", "101"], 'at most 100, not "101"'),
        (["--game", "pig", "--depth", "2", "--target", "10" * 40], "at most 100"),
        ([*QUICK, "--time", "86401"], "--time: must be from 0.01 to 86400 seconds"),
        ([*QUICK, "--time", "1e-300"], 'to 86400 seconds (one day), not "1e-300"'),
        ([*QUICK, "--time", "1e999"], 'not "1e999"'),
        ([*QUICK, "--time", "inf"], 'not "inf"'),
        ([*QUICK, "--time", "nan"], 'not "nan"'),
        ([*QUICK, "--time", "0"], "from 0.01"),
        ([*QUICK, "--algorithm", "mcts", "--exploration", "1e308"], "from 0 to 1000"),
        ([*QUICK, "--algorithm", "mcts", "--exploration", "-0.5"], "from 0 to 1000"),
        ([*QUICK, "--time", "soon"], 'not a number of seconds: "soon"'),
    ],
)
def test_command_line_numbers_are_refused_out_of_range(
    args: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["solve", *args])
    assert caught.value.code == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert words in one_line_message(err)


def test_command_line_numbers_at_their_limits_are_taken(capsys: pytest.CaptureFixture[str]) -> None:
    answer = solve_json(capsys, *QUICK, "--depth", str(MAX_SEARCH_DEPTH))
    assert answer["value"] == 1
    answer = solve_json(capsys, "--game", "pig", "--depth", "1", "--target", "100")
    assert answer["best_move"] is None
    answer = solve_json(capsys, "--game", "pig", "--depth", "1", "--target", "2")
    assert answer["best_move"] is None
    answer = solve_json(capsys, *QUICK, "--time", "86400")
    assert answer["value"] == 1
    answer = solve_json(capsys, *QUICK, "--time", "0.01")
    assert answer["value"] == 1
    mcts = ["--algorithm", "mcts", "--iterations", "50"]
    answer = solve_json(capsys, *QUICK, *mcts, "--exploration", "1000")
    assert answer["stats"]["iterations"] == 50


# Every way solve can fail is one line and a documented status --------------------------------


def failing_search(error: BaseException) -> Callable[..., object]:
    def search(*args: object, **kwargs: object) -> object:
        raise error

    return search


@pytest.mark.parametrize(
    ("error", "status", "message"),
    [
        (TypeError("boom"), 70, "gamesearch-gui solve: internal error: TypeError: boom"),
        (KeyError("x"), 70, "gamesearch-gui solve: internal error: KeyError: 'x'"),
        (RecursionError("deep"), 70, "gamesearch-gui solve: internal error: RecursionError"),
        (ValueError("no such thing"), 2, "gamesearch-gui solve: error: no such thing"),
        (
            UnicodeEncodeError("utf-8", "\udfff", 0, 1, "surrogates not allowed"),
            2,
            "gamesearch-gui solve: error: text that cannot be read or written",
        ),
        (
            PermissionError(13, "Permission denied", "a.json"),
            2,
            'gamesearch-gui solve: error: Permission denied: "a.json"',
        ),
        (MemoryError(), 2, "gamesearch-gui solve: error: not enough memory for this input"),
        (KeyboardInterrupt(), 130, None),
    ],
)
def test_every_failure_is_one_line_and_a_documented_status(
    error: BaseException,
    status: int,
    message: str | None,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setattr(solving, "search", failing_search(error))  # a game's search
    assert main(["solve", "--game", "tictactoe"]) == status
    out, err = capsys.readouterr()
    assert out == ""
    if message is None:
        assert err == ""
    else:
        assert one_line_message(err).startswith(message)


def test_a_file_name_with_a_nul_character(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "tree\0.gtree.json"]) == 2
    assert one_line_message(capsys.readouterr().err) == (
        'gamesearch-gui solve: error: not a file name (embedded null byte): "tree\\x00.gtree.json"'
    )


def test_a_folder_is_no_tree(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", str(tmp_path)]) == 2
    assert "Is a directory" in one_line_message(capsys.readouterr().err)


@pytest.mark.skipif(os.name != "posix", reason="closes a file descriptor with sh")
def test_closed_standard_input() -> None:
    done = run_in_sh('exec "$0" -m gamesearch_gui solve - <&-')
    assert done.returncode == 2
    assert one_line_message(done.stderr) == (
        "gamesearch-gui solve: error: standard input is closed: there is no tree to read"
    )


@pytest.mark.skipif(os.name != "posix", reason="closes a file descriptor with sh")
@pytest.mark.parametrize(
    "command",
    [
        "solve '[[1, 2], [3]]' --json",
        "solve --game tictactoe",
        "check-search --list-lessons",
        'new-game "$TMP/mine.py"',
    ],
)
def test_closed_standard_output_is_said_and_nothing_is_written(
    tmp_path: Path, command: str
) -> None:
    # Python gives a closed stream as None: "internal error: AttributeError" (exit 70),
    # after new-game had written its file; with standard error closed too, exit 1.
    done = run_in_sh(f'TMP="{tmp_path}" exec "$0" -m gamesearch_gui {command} >&-')
    assert done.returncode == 2, done.stderr
    who = " ".join(command.split()[:1])
    assert one_line_message(done.stderr) == (
        f"gamesearch-gui {who}: error: standard output is closed: there is nowhere to answer"
    )
    assert not (tmp_path / "mine.py").exists()
    both = run_in_sh(f'TMP="{tmp_path}" exec "$0" -m gamesearch_gui {command} >&- 2>&-')
    assert both.returncode == 2 and both.stderr == b""


class _ClosedPipe(io.StringIO):
    def write(self, text: str) -> int:
        raise BrokenPipeError(32, "Broken pipe")


def test_a_reader_that_leaves_early_ends_quietly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdout", _ClosedPipe())
    assert main(["solve", "--game", "tictactoe", "--position", "XX.OO...."]) == 141
    assert capsys.readouterr().err == ""


def test_a_closed_pipe_gives_no_traceback(tmp_path: Path) -> None:
    # A tree whose text answer is far larger than a pipe's buffer.
    path = tmp_path / "wide.gtree.json"
    path.write_text(json.dumps([[i, i + 1] for i in range(20_000)]), encoding="utf-8")
    for flag in ((), ("--json",)):
        with subprocess.Popen(
            [sys.executable, "-m", "gamesearch_gui", "solve", str(path), *flag],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        ) as child:
            assert child.stdout is not None and child.stderr is not None
            child.stdout.close()  # like `| head -c0`: nobody reads
            err = child.stderr.read()
            assert child.wait(timeout=120) == 141
        assert err == b"", err


# The fuzzer, a small fixed slice ------------------------------------------------------------


def test_fuzzed_trees_from_a_file_and_from_stdin() -> None:
    # benchmarks/fuzz_cli.py: mutated sample trees (bit flips, truncations, huge numbers,
    # deep nesting, control characters, surrogate escapes, byte order marks), each run as
    # a file and on standard input; the figures of long runs are in docs/benchmarks.md.
    report = fuzz_cli.fuzz(300, seed=20_240_601)
    assert report.failures == []
    assert report.cases == 300 and report.answered > 30 and report.refused > 150


def test_a_solved_game_says_what_its_value_guarantees(capsys: pytest.CaptureFixture[str]) -> None:
    answer = solve_json(capsys, "--game", "pennies", "--position", "7")
    assert answer["value"] == -1 and answer["guarantee"] == "MIN can force a win"
    assert main(["solve", "--game", "tictactoe", "--position", "XX.OO...."]) == 0
    assert "guarantee           MAX can force a win" in capsys.readouterr().out
    # A depth cutoff's value is a guess: no guarantee, and no key for it.
    answer = solve_json(capsys, "--game", "tictactoe", "--depth", "2")
    assert "guarantee" not in answer


def test_shape_counts_nodes_per_depth_and_distinct_positions(
    capsys: pytest.CaptureFixture[str],
) -> None:
    answer = solve_json(capsys, "--game", "tictactoe", "--algorithm", "minimax", "--depth", "3")
    assert "shape" not in answer  # only when asked: it records the search
    answer = solve_json(
        capsys, "--game", "tictactoe", "--algorithm", "minimax", "--depth", "3", "--shape"
    )
    assert answer["shape"] == {
        "nodes_per_depth": [1, 9, 72, 504],
        "branching_per_depth": [9, 8, 7, None],
        "shallowest_terminal": None,
        "deepest_terminal": None,
        "distinct_positions": 334,
        "nodes_counted": 586,
    }
    sample = resource_files() / "trees" / "figure-5-2.gtree.json"
    assert main(["solve", str(sample), "--algorithm", "minimax", "--shape"]) == 0
    out = capsys.readouterr().out
    assert "      1  3            3" in out and "      2  9            -" in out
    assert "distinct positions  13 among 13 nodes" in out
