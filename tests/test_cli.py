"""The ``solve`` command line: the JSON contract of DESIGN.md, and bad input."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from gamesearch_gui.cli import main
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
        "stats": {"nodes": 11, "leaves": 7, "cutoffs": 1, "tt_hits": 0, "max_depth": 2},
    }


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
    assert plain["best_move"] == 0 and abs(plain["value"] - 2.1) < 1e-9  # type: ignore[operator]
    star1 = solve_json(capsys, str(path), "--algorithm", "star1")
    assert star1["best_move"] == 0 and abs(star1["value"] - 2.1) < 1e-9  # type: ignore[operator]


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
    answer = solve_json(capsys, "--game", "tictactoe", "--algorithm", "minimax")
    assert answer["value"] == 0
    assert answer["stats"]["nodes"] == 549_946  # type: ignore[index]
    assert answer["stats"]["leaves"] == 255_168  # type: ignore[index]
    assert set(answer) == {"algorithm", "value", "best_move", "principal_variation", "stats"}


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
        (["solve", "--game", "pig"], None, "forever"),
        (["solve", "--game", "tictactoe", "--eval", "nope", "--depth", "2"], None, "nope"),
        (["solve"], None, "FILE"),
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


def test_version_and_help() -> None:
    from gamesearch_gui import __version__

    done = run_cli("--version")
    assert done.returncode == 0 and __version__ in done.stdout
    done = run_cli("solve", "--help")
    assert done.returncode == 0
    for notation in ("tictactoe", "connect4", "pennies", "pig"):
        assert notation in done.stdout
