"""The standalone executable: built with the documented command, it runs like the app.

Marked ``packaging``: a plain ``pytest`` skips these (tests/packaging/conftest.py), and
``pytest -m packaging`` runs them. They build with ``python packaging/build.py`` (into
packaging/dist/, about a minute), unless ``GAMESEARCH_FROZEN`` names a one-file program
that is already built, as .ci/run does to build only once.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import gamesearch_gui
from gamesearch_gui.core.games import game_names
from gamesearch_gui.core.recording.depth_first import NATIVE_WRITER
from tests.busy import busy_loops
from tests.hostile import CASES
from tests.hostile import LIMITS
from tests.hostile import as_a_shell_would

HOSTILE = {case.key: case for case in CASES}

ROOT = Path(__file__).resolve().parents[2]
NAME = "gamesearch-gui"
EXE = NAME + ".exe" if sys.platform == "win32" else NAME
SAMPLE = ROOT / "resources" / "trees" / "figure-5-2.gtree.json"
#: The issue's goal for the one-file program.
SIZE_GOAL_BYTES = 60_000_000
BUILD_TIMEOUT_S = 1200

pytestmark = pytest.mark.packaging


@pytest.fixture(scope="module")
def onefile() -> Path:
    """The one-file program: $GAMESEARCH_FROZEN, or one built now."""
    given = os.environ.get("GAMESEARCH_FROZEN")
    if given:
        path = Path(given).resolve()
        assert path.is_file(), f"GAMESEARCH_FROZEN={given}: no such program"
        return path
    try:
        import PyInstaller  # noqa: F401
    except ImportError:
        pytest.skip('PyInstaller is not installed: pip install -e ".[package]"')
    result = subprocess.run(
        [sys.executable, str(ROOT / "packaging" / "build.py")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=BUILD_TIMEOUT_S,
    )
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-4000:]
    return ROOT / "packaging" / "dist" / EXE


@pytest.fixture(scope="module")
def onedir(onefile: Path) -> Path:
    """The one-folder build's program, beside the one-file program."""
    path = onefile.parent / f"{NAME}-onedir" / EXE
    if not path.is_file():
        pytest.skip(f"no one-folder build beside {onefile}")
    return path


def run(program: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """Run ``program`` offscreen, from a folder that is not the checkout."""
    environment = {**os.environ, "QT_QPA_PLATFORM": "offscreen", **env}
    return subprocess.run(
        [str(program), *args],
        cwd=program.parent,
        env=environment,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_version_is_the_apps(onefile: Path) -> None:
    result = run(onefile, "--version")
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == f"{NAME} {gamesearch_gui.__version__}"


def test_smoke_test_opens_the_window_and_the_ai_moves(onefile: Path) -> None:
    result = run(onefile, "--smoke-test")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "smoke test passed" in result.stdout
    # Every registered game, chess (python-chess and its SVG pieces) included.
    games = game_names()
    assert "chess" in games
    for game in games:
        assert f"{game}: the AI played" in result.stdout
    # Through the engine process, which the frozen executable starts as itself again.
    assert result.stdout.count("(engine process ") == len(games)
    # The native recording writer is in the build wherever it is built here.
    writer = "the native writer" if NATIVE_WRITER is not None else "Python"
    assert f"search recordings are written by {writer}" in result.stdout
    # QtPrintSupport (PDF sheets) and QtSvg are in the build.
    assert "exercise: graded 100%, exported sheet and key as PDF and SVG" in result.stdout
    # The user guide's pages (docs/, bundled as gamesearch_gui.docs) opened and read.
    assert "user guide: " in result.stdout


def test_solve_answers_figure_5_2(onefile: Path) -> None:
    result = run(onefile, "solve", "--json", str(SAMPLE))
    assert result.returncode == 0, result.stderr
    answer = json.loads(result.stdout)
    assert answer["value"] == 3
    assert answer["best_move"] == 0
    assert answer["pruned"] == ["1.1", "1.2"]


def test_solve_counts_the_whole_tictactoe_tree(onefile: Path) -> None:
    plain = ("--algorithm", "minimax", "--ordering", "none", "--no-tt")  # no table to merge
    result = run(onefile, "solve", "--game", "tictactoe", *plain, "--json")
    assert result.returncode == 0, result.stderr
    answer = json.loads(result.stdout)
    assert answer["value"] == 0
    assert answer["stats"]["nodes"] == 549_946
    assert answer["stats"]["leaves"] == 255_168


def test_bad_input_is_one_line_and_status_2(onefile: Path) -> None:
    result = run(onefile, "solve", "no-such-file.gtree.json")
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.stderr


def test_the_one_file_program_says_it_does_not_carry_openspiel(onefile: Path) -> None:
    result = run(onefile, "solve", "--openspiel", "tic_tac_toe")
    assert result.returncode == 2
    assert result.stderr == (
        "gamesearch-gui solve: error: OpenSpiel is not part of this standalone program; "
        "install gamesearch-gui with Python's pip to use it: "
        'pip install "gamesearch-gui[openspiel]"\n'
    )


def test_the_lessons_and_the_template_pass_while_the_machine_is_busy(
    onefile: Path, tmp_path: Path
) -> None:
    """Issue 24: user code's limit is CPU time from when the engine process (here the
    program started again as itself) begins the call, so two busy loops do not trip a
    limit of 0.2 s, which the lessons' and the template's code is far within."""
    nim = tmp_path / "nim.py"
    with busy_loops() as spinning:
        for lesson in ("alpha-min", "fresh-root-window", "chance-average"):
            result = run(
                onefile, "check-search", "--lesson", lesson, "--time-limit", "0.2", "--json"
            )
            assert result.returncode == 1, result.stderr  # the lesson's bug, found
            trees = json.loads(result.stdout)["trees"]
            assert len(trees) > 50
            assert not [t for t in trees if "was stopped" in (t["first_difference"] or "")]
        assert run(onefile, "new-game", str(nim)).returncode == 0
        checked = run(onefile, "check-game", str(nim))
        assert checked.returncode == 0, checked.stdout + checked.stderr
        solved = run(onefile, "solve", "--game-file", str(nim), "--json")
        assert solved.returncode == 0, solved.stderr
        assert json.loads(solved.stdout)["value"] == 1
        assert all(process.poll() is None for process in spinning)  # busy all along


def test_hostile_code_is_contained_in_the_one_file_program(onefile: Path, tmp_path: Path) -> None:
    """Issue 25: the program's engine, started again as itself, contains user code as
    the app does (its filter, session and limits work frozen too), and the shell that
    ran the command survives a file that kills its parent."""
    for case in (HOSTILE["kill_parent"], HOSTILE["exits_7"], HOSTILE["output_flood"]):
        command = [str(onefile), "solve", "--game-file", str(case.game(tmp_path)), *LIMITS]
        done = as_a_shell_would(command)
        assert done.returncode == 2, done.stderr
        said = done.stderr.strip().splitlines()[-1]
        assert said.startswith(f"gamesearch-gui solve: error: {case.key}.py, line 32"), said
        assert case.said in said
        assert "ran without" not in done.stderr  # all of it in place, frozen too
    student = HOSTILE["kill_parent"].student(tmp_path)
    done = as_a_shell_would([str(onefile), "check-search", str(student), "--trees", str(SAMPLE)])
    assert done.returncode == 1, done.stderr
    assert HOSTILE["kill_parent"].said in done.stdout


def test_start_probe_reports_the_window_and_exits(onefile: Path) -> None:
    result = run(onefile, GAMESEARCH_EXIT_WHEN_SHOWN="1")
    assert result.returncode == 0, result.stderr
    assert f"{NAME}: window shown at " in result.stdout


def test_one_file_is_within_the_size_goal(onefile: Path) -> None:
    size = onefile.stat().st_size
    assert size <= SIZE_GOAL_BYTES, f"{onefile} is {size / 1e6:.1f} MB"


def test_one_folder_build_runs_too(onedir: Path) -> None:
    result = run(onedir, "--smoke-test")
    assert result.returncode == 0, result.stdout + result.stderr
    internal = onedir.parent / "_internal"
    bundled = {
        path.relative_to(internal / "gamesearch_gui" / "resources").as_posix()
        for path in (internal / "gamesearch_gui" / "resources").rglob("*")
        if path.is_file()
    }
    assert "trees/figure-5-2.gtree.json" in bundled
    assert f"icons/{NAME}-32.png" in bundled
    # The user guide (Help > User guide); the smoke test above read its pages.
    assert (internal / "gamesearch_gui" / "docs" / "play.md").is_file()


def test_what_the_app_does_not_use_is_left_out(onedir: Path) -> None:
    internal = onedir.parent / "_internal"
    names = [path.relative_to(internal).as_posix() for path in internal.rglob("*")]
    for unwanted in ("Network", "Qml", "Quick", "Pdf", "VirtualKeyboard", "Wayland", "OpenGL"):
        assert not [n for n in names if f"Qt6{unwanted}" in n or f"Qt{unwanted}." in n], unwanted
    assert not [n for n in names if "/translations/" in n]
    plugins = [n for n in names if "/plugins/" in n and Path(n).suffix in {".so", ".dll", ".dylib"}]
    platforms = [p for p in plugins if "/platforms/" in p]
    assert platforms, "no platform plugin"
    assert not [p for p in platforms if "wayland" in p or "eglfs" in p or "vnc" in p]
    assert not [p for p in plugins if "/platformthemes/" in p or "/tls/" in p]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux desktop menu entry")
def test_linux_desktop_entry_and_icons(onefile: Path) -> None:
    share = onefile.parent / "share"
    entry = (share / "applications" / f"{NAME}.desktop").read_text(encoding="utf-8")
    lines = entry.splitlines()
    assert lines[0] == "[Desktop Entry]"
    assert f"Exec={NAME}" in lines
    assert f"Icon={NAME}" in lines
    assert "@" not in entry
    for size in (16, 32, 48, 256):
        assert (share / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{NAME}.png").is_file()
    assert (share / "icons" / "hicolor" / "scalable" / "apps" / f"{NAME}.svg").is_file()
