"""The notebook's functions (gamesearch_gui.api): solve a tree or a game position, and the
replay Jupyter shows inline; no Qt on this path; the example notebook runs top to bottom."""

from __future__ import annotations

import ast
import html
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from gamesearch_gui import api
from gamesearch_gui.core.game import GameError
from tests.replay_page import read_page
from tests.replay_page import recorded_words

NOTEBOOK = Path(__file__).resolve().parent.parent / "docs" / "sharing-example.ipynb"


def framed_page(shown: str) -> str:
    """The page inside the iframe a notebook shows, as the browser reads its srcdoc."""
    match = re.fullmatch(
        r'<iframe srcdoc="([^"]*)" title="[^"]*" style="[^"]*" [^>]*></iframe>', shown
    )
    assert match is not None, shown[:200]
    return html.unescape(match.group(1))


def test_solve_an_example_shows_its_replay_inline() -> None:
    replay = api.solve("figure-5-2", algorithm="alphabeta")
    assert replay.value == 3 and replay.best_move == 0
    page = read_page(framed_page(replay._repr_html_()))
    assert page.data["words"] == recorded_words(replay.recording)
    assert page.title == "Figure 5.2: alphabeta"


def test_solve_a_nested_list_as_the_issue_writes_it() -> None:
    replay = api.solve([[3, 12, 8], [2, 4, 6], [14, 5, 2]], algorithm="alphabeta")
    assert replay.value == 3
    assert replay.recording.cutoffs[0].moves == (1, 2)
    assert api.solve("[[3, 12, 8], [2, 4, 6], [14, 5, 2]]").value == 3


def test_solve_a_cs188_case_that_its_autograder_runs() -> None:
    """The tied root of CS188's q3, loaded from its .test file: the textbook's rule prunes
    leaf C, the course's strict rule evaluates it."""
    case = Path(__file__).resolve().parent / "core" / "cs188" / "q3" / "6-tied-root.test"
    assert api.load(case).name == "6-tied-root"
    textbook = api.solve(case, algorithm="alphabeta")
    strict = api.solve(case, algorithm="alphabeta", strict_pruning=True)
    assert textbook.value == strict.value == 10
    assert textbook.recording.cutoffs and not strict.recording.cutoffs


def test_solve_a_chance_tree_with_star1_and_a_game_position(tmp_path: Path) -> None:
    star1 = api.solve("chance-small", algorithm="star1")
    assert star1.recording.event_count > 0
    assert "star1" in star1.title
    game = api.solve_game("connect4", depth=3)
    assert game.title == "Connect Four: alphabeta"
    game.save(tmp_path / "c4.html")
    data = read_page((tmp_path / "c4.html").read_text(encoding="utf-8")).data
    assert data["words"] == recorded_words(game.recording)


def test_bad_options_say_what_is_wrong() -> None:
    with pytest.raises(TypeError, match="unknown option 'colour'"):
        api.solve("figure-5-2", colour="red")
    with pytest.raises(GameError, match="fail-hard"):
        api.solve("chance-small", fail_hard=True)
    with pytest.raises(GameError, match="not Monte Carlo"):
        api.solve_game("tictactoe", algorithm="mcts", iterations=5)


def test_no_qt_is_loaded_on_the_notebooks_path() -> None:
    code = (
        "import sys\n"
        "from gamesearch_gui.api import solve\n"
        "solve('figure-5-2')._repr_html_()\n"
        "print([m for m in sys.modules if m.startswith(('PySide6', 'shiboken'))])\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_the_example_notebook_runs_top_to_bottom(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each code cell run in order in one namespace, as a kernel would; each cell that
    ends in a replay shows one."""
    monkeypatch.chdir(tmp_path)
    notebook: dict[str, Any] = json.loads(NOTEBOOK.read_text(encoding="utf-8"))
    namespace: dict[str, Any] = {}
    shown = 0
    for cell in notebook["cells"]:
        if cell["cell_type"] != "code":
            continue
        tree = ast.parse("".join(cell["source"]))
        last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
        exec(compile(tree, "cell", "exec"), namespace)
        result = None
        if last is not None:
            result = eval(compile(ast.Expression(last.value), "cell", "eval"), namespace)
        if isinstance(result, api.Replay):
            read_page(framed_page(result._repr_html_()))
            shown += 1
    assert shown == 4
    assert read_page((tmp_path / "figure-5-2-replay.html").read_text(encoding="utf-8"))
