"""Hostile user code through every command that runs it (issue 25, defects 1, 2 and 4,
and the grading run): each ends in one line within its limits, with the command's own
exit status, and the shell that ran the command survives.

Every command runs as a child of a stand-in for the user's shell
(:func:`tests.hostile.as_a_shell_would`): before user code was contained, a file whose
code killed its parent killed that shell, and a file that called ``os._exit`` ended the
command with its own status.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gamesearch_gui.paths import resource_files
from tests.hostile import CASES
from tests.hostile import LIMITS
from tests.hostile import Hostile
from tests.hostile import app
from tests.hostile import as_a_shell_would
from tests.hostile import correct_alphabeta
from tests.hostile import huge_utility_game

FIGURE = str(resource_files() / "trees" / "figure-5-2.gtree.json")
LESSON = resource_files() / "lessons" / "fresh_root_window.py"


def last_line(stderr: str) -> str:
    """The one line a command ended with (what the code printed may come before it)."""
    lines = stderr.strip().splitlines()
    assert lines, "nothing on standard error"
    return lines[-1]


def nothing_beyond_the_limits(folder: Path) -> None:
    """The files hostile code wrote stayed within the test's limits (1 MB, 4 files)."""
    big = folder / "big.out"
    assert not big.exists() or big.stat().st_size <= 1024**2
    assert len(list(folder.glob("many*.out"))) <= 4


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.key)
def test_solve_game_file_ends_in_one_line_and_the_shell_survives(
    case: Hostile, tmp_path: Path
) -> None:
    path = case.game(tmp_path)
    done = as_a_shell_would(app("solve", "--game-file", str(path), "--json", *LIMITS))
    assert done.returncode >= 0, f"the shell was killed: {done.returncode}"
    assert "Traceback" not in done.stderr, done.stderr[-2000:]
    if case.answers:  # the thread or the hook it left does not keep the command
        assert done.returncode == 0, done.stderr
        assert json.loads(done.stdout)["value"] == 1
        return
    assert done.returncode == 2, done.stderr
    assert done.stdout == ""
    said = last_line(done.stderr)
    assert said.startswith(f"gamesearch-gui solve: error: {case.key}.py"), said
    assert case.said in said
    nothing_beyond_the_limits(tmp_path)


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.key)
def test_check_game_ends_in_one_line_and_the_shell_survives(case: Hostile, tmp_path: Path) -> None:
    path = case.game(tmp_path)
    done = as_a_shell_would(app("check-game", str(path), "--playouts", "3", *LIMITS))
    assert done.returncode >= 0, f"the shell was killed: {done.returncode}"
    assert "Traceback" not in done.stderr, done.stderr[-2000:]
    if case.answers:
        assert done.returncode == 0, done.stderr
        return
    if case.ends:  # the check could not be finished: the file is refused, in one line
        assert done.returncode == 2, done.stderr
        said = last_line(done.stderr)
        assert said.startswith(f"gamesearch-gui check-game: error: {case.key}.py"), said
        assert case.said in said
    else:  # a rule the game breaks, with the file, the line and the method
        assert done.returncode == 1, done.stderr
        assert "DOES NOT HOLD" in done.stdout
        assert f"{case.key}.py, line" in done.stdout and case.said in done.stdout
    nothing_beyond_the_limits(tmp_path)


def test_a_utility_no_float_can_hold_is_said_by_both_commands(tmp_path: Path) -> None:
    path = huge_utility_game(tmp_path)
    done = as_a_shell_would(app("solve", "--game-file", str(path), *LIMITS))
    assert done.returncode == 2
    said = last_line(done.stderr)
    assert "huge_utility.py, line" in said and "in terminal_value: returned" in said
    assert said.endswith("(int), a number too large for a float")
    done = as_a_shell_would(app("check-game", str(path), "--playouts", "3", *LIMITS))
    assert done.returncode == 1
    assert "a number too large for a float" in done.stdout


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.key)
def test_check_search_says_each_in_one_line_and_the_shell_survives(
    case: Hostile, tmp_path: Path
) -> None:
    path = case.student(tmp_path)
    done = as_a_shell_would(app("check-search", str(path), "--trees", FIGURE, *LIMITS))
    assert done.returncode >= 0, f"the shell was killed: {done.returncode}"
    assert "Traceback" not in done.stderr, done.stderr[-2000:]
    if case.answers:
        assert done.returncode == 0, done.stdout + done.stderr
        return
    assert done.returncode == 1, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert lines[1].startswith("  DIFFERS  Figure 5.2: "), lines
    assert case.said in lines[1]
    assert lines[-1] == "0 of 1 trees agree with the app's alpha-beta."
    nothing_beyond_the_limits(tmp_path)


def test_a_grading_run_reports_every_file_and_nothing_outside_is_touched(tmp_path: Path) -> None:
    folder = tmp_path / "class"
    folder.mkdir()
    (folder / "correct.py").write_text(correct_alphabeta(), "utf-8")
    (folder / "wrong.py").write_text(LESSON.read_text("utf-8"), "utf-8")
    for case in CASES:
        case.student(folder)
    done = as_a_shell_would(
        app("check-search", str(folder), "--trees", FIGURE, "--json", *LIMITS), timeout=900
    )
    assert done.returncode == 1, done.stderr  # some differ: the grader survived to say so
    graded = {Path(entry["path"]).stem: entry for entry in json.loads(done.stdout)["files"]}
    assert set(graded) == {"correct", "wrong", *(case.key for case in CASES)}
    assert graded["correct"]["status"] == "agrees"
    assert graded["wrong"]["status"] == "differs"
    assert "leaf 1.1" in graded["wrong"]["first_difference"]
    for case in CASES:
        entry = graded[case.key]
        if case.answers:
            assert entry["status"] == "agrees", entry
        else:
            assert entry["status"] == "differs", entry
            assert case.said in entry["first_difference"], entry
    nothing_beyond_the_limits(folder)
    # And in words: a line for each file, then the count.
    done = as_a_shell_would(
        app(
            "check-search",
            str(folder / "correct.py"),
            str(folder / "exits_7.py"),
            "--trees",
            FIGURE,
            *LIMITS,
        )
    )
    assert done.returncode == 1
    lines = done.stdout.splitlines()
    assert lines[0].split()[1:3] == ["agrees", "alpha_beta_search,"]
    assert lines[1].split()[1] == "DIFFERS" and "called os._exit(7)" in lines[1]
    assert lines[2] == "2 files: 1 agree, 1 differ, 0 could not be checked."


def test_a_file_that_cannot_be_checked_is_refused_and_the_run_goes_on(tmp_path: Path) -> None:
    (tmp_path / "a_broken.py").write_text("def alpha_beta_search(state, game)\n", "utf-8")
    (tmp_path / "b_exits.py").write_text("import os\nos._exit(3)\n", "utf-8")
    (tmp_path / "c_correct.py").write_text(correct_alphabeta(), "utf-8")
    done = as_a_shell_would(app("check-search", str(tmp_path), "--trees", FIGURE, *LIMITS))
    assert done.returncode == 1
    lines = done.stdout.splitlines()
    assert "REFUSED" in lines[0] and "a_broken.py, line 1: syntax error" in lines[0]
    assert (
        "REFUSED" in lines[1] and "b_exits.py, line 2: importing it called os._exit(3)" in lines[1]
    )
    assert "agrees" in lines[2]
    assert lines[3] == "3 files: 1 agree, 0 differ, 2 could not be checked."
    # One table: every verdict word starts in the same column, refusals too.
    words = ("REFUSED", "REFUSED", "agrees")
    columns = {line.index(word) for line, word in zip(lines[:3], words, strict=True)}
    assert len(columns) == 1


def test_a_folder_without_python_files_is_bad_input(tmp_path: Path) -> None:
    done = as_a_shell_would(app("check-search", str(tmp_path)))
    assert done.returncode == 2
    assert last_line(done.stderr).endswith("holds no Python file (*.py) to check")


def test_without_the_kernel_s_filter_the_rest_holds_and_the_command_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # As on a system without seccomp: Python's own os.kill is still refused (an audit
    # hook), and the command says, once, what it could not put in place.
    monkeypatch.setenv("GAMESEARCH_NO_SECCOMP", "1")
    path = CASES[0].game(tmp_path)
    done = as_a_shell_would(app("solve", "--game-file", str(path), *LIMITS))
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert lines[0] == (
        "gamesearch-gui solve: note: the game's code ran without the filter that keeps it "
        "from signalling other processes (turned off by GAMESEARCH_NO_SECCOMP)"
    )
    assert CASES[0].said in lines[1] and len(lines) == 2


def test_the_limits_belong_to_game_files_only(tmp_path: Path) -> None:
    done = as_a_shell_would(app("solve", FIGURE, "--time-limit", "1", "--memory-limit", "100"))
    assert done.returncode == 2
    assert last_line(done.stderr) == (
        "gamesearch-gui solve: error: --time-limit and --memory-limit belong to "
        "--game-file: only a game file's code is limited"
    )
