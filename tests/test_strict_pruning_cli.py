"""The strict pruning rule on the command line: ``solve --strict-pruning`` and
``check-search --strict-pruning`` (a CS188 student's alpha-beta checked by their rule)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gamesearch_gui.cli import main
from tests.search_check import write_correct_alphabeta

#: CS188's q3/6-tied-root shape: the first move is worth 10, and the second's first
#: leaf is 10 too, equal to alpha.
TIED = "[[10], [10, 0]]"


def solve_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, object]:
    assert main(["solve", *args, "--json"]) == 0
    answer: dict[str, object] = json.loads(capsys.readouterr().out)
    return answer


def test_solve_strict_pruning_searches_the_tied_leaf(capsys: pytest.CaptureFixture[str]) -> None:
    equal = solve_json(capsys, TIED)
    strict = solve_json(capsys, TIED, "--strict-pruning")
    assert (equal["visited_leaves"], equal["pruned"]) == (["0.0", "1.0"], ["1.1"])
    assert (strict["visited_leaves"], strict["pruned"]) == (["0.0", "1.0", "1.1"], [])
    assert equal["value"] == strict["value"] == 10
    assert equal["best_move"] == strict["best_move"] == 0
    assert strict["root_values"] == [10, 0]
    assert strict["strict_pruning"] is True
    assert "strict_pruning" not in equal


def test_solve_text_names_the_rule(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", TIED, "--strict-pruning"]) == 0
    assert (
        capsys.readouterr().out.splitlines()[0] == "nested list: alphabeta (fail-soft, strict rule)"
    )
    assert main(["solve", "--game", "pig", "--depth", "2", "--strict-pruning"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "Pig: star1 (strict rule)"


def test_solve_help_documents_the_flag(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["solve", "--help"])
    said = " ".join(capsys.readouterr().out.split())
    assert "--strict-pruning cut only when v > beta at MAX and v < alpha at MIN" in said
    assert "CS188" in said


@pytest.mark.parametrize(
    ("args", "words"),
    [
        ([TIED, "--algorithm", "minimax"], "--algorithm here is minimax"),
        ([TIED, "--fail-hard"], "give one of --strict-pruning and --fail-hard"),
        (["--game", "nim3"], "the default here is maxn"),
    ],
)
def test_solve_refuses_the_rule_where_it_means_nothing(
    args: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["solve", *args, "--strict-pruning"]) == 2
    said = capsys.readouterr().err
    assert words in said and said.count("\n") == 1


# -- check-search ------------------------------------------------------------------------


def write_cs188_alphabeta(folder: Path) -> Path:
    """A correct alpha-beta in aima-python's style, cutting by CS188's strict rule."""
    textbook = write_correct_alphabeta(folder).read_text(encoding="utf-8")
    strict = textbook.replace("if v >= beta:", "if v > beta:").replace(
        "if v <= alpha:", "if v < alpha:"
    )
    assert strict.count("if v > beta:") == strict.count("if v < alpha:") == 1
    path = folder / "cs188_alphabeta.py"
    path.write_text(strict, encoding="utf-8")
    return path


def check_json(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict[str, object]]:
    status = main(["check-search", *args, "--json"])
    return status, json.loads(capsys.readouterr().out)


def test_a_cs188_alphabeta_agrees_under_its_own_rule_only(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(write_cs188_alphabeta(tmp_path))
    status, answer = check_json(capsys, path, "--trees", TIED)
    assert status == 1
    (tree,) = answer["trees"]  # type: ignore[misc]
    assert tree["first_difference"] == (
        "your code evaluated leaf 1.1 (value 0), which alpha-beta never examines: "
        "at MIN node after 1, value 10 ≤ α 10 cut it off"
    )
    status, answer = check_json(capsys, path, "--trees", TIED, "--strict-pruning")
    assert status == 0
    assert answer["strict_pruning"] is True
    (tree,) = answer["trees"]  # type: ignore[misc]
    assert tree["visited_leaves"] == tree["expected_leaves"] == ["0.0", "1.0", "1.1"]


def test_a_textbook_alphabeta_differs_under_the_strict_rule(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(write_correct_alphabeta(tmp_path))
    assert main(["check-search", path, "--trees", TIED, "--strict-pruning"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].endswith("checked as alpha-beta (strict rule):")
    assert out[1] == (
        "  DIFFERS  nested list: your code never evaluated leaf 1.1 (value 0), which "
        "alpha-beta (strict rule) examines: it reaches that leaf with α 10, β 10, and "
        "nothing before it cuts it off"
    )


def test_check_search_refuses_the_rule_for_minimax(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check-search", "x.py", "--algorithm", "minimax", "--strict-pruning"]) == 2
    assert "--strict-pruning is a rule of alpha-beta" in capsys.readouterr().err


def test_solve_game_file_takes_the_rule_into_the_engine(capsys: pytest.CaptureFixture[str]) -> None:
    path = Path(__file__).parent / "core" / "game_files" / "figure_5_2_aima.py"
    answer = solve_json(capsys, "--game-file", str(path), "--strict-pruning")
    assert answer["strict_pruning"] is True
    assert (answer["value"], answer["best_move"]) == (3, "a1")
