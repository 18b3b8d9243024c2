"""``solve --html OUT``: the replay page of the search solve ran, for a tree and a game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gamesearch_gui.cli import main
from gamesearch_gui.core.games import find_game
from gamesearch_gui.core.recording.depth_first import SearchRecording
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import search
from gamesearch_gui.core.trees.file import load_tree
from gamesearch_gui.core.trees.tree import TreeGame
from tests.core.test_replay_page import HOSTILE
from tests.replay_page import read_page
from tests.replay_page import recorded_words
from tests.test_cli import FIGURE_5_2
from tests.test_cli import run_cli


def test_solve_writes_the_replay_page_of_a_tree(tmp_path: Path) -> None:
    tree_file = tmp_path / "figure-5-2.gtree.json"
    tree_file.write_text(FIGURE_5_2, encoding="utf-8")
    out = tmp_path / "replay.html"
    done = run_cli("solve", str(tree_file), "--html", str(out), "--json")
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert answer["value"] == 3 and "shape" not in answer  # the answer is as without it
    page = read_page(out.read_text(encoding="utf-8"))
    data = page.data
    assert page.title == "Figure 5.2"
    assert data["source"] == "figure-5-2.gtree.json"
    # Every event's words, as the window says them for the same search.
    tree = load_tree(FIGURE_5_2)
    recording = SearchRecording(TreeGame(tree))
    recording.finish(search(TreeGame(tree), tree.root, SearchSettings(), listener=recording))
    assert data["words"] == recorded_words(recording)
    assert len(data["words"]) == 24


def test_solve_writes_the_replay_page_of_a_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "tictactoe.html"
    assert main(["solve", "--game", "tictactoe", "--depth", "2", "--html", str(out), "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    data = read_page(out.read_text(encoding="utf-8")).data
    assert data["title"] == find_game("tictactoe").make({}).title
    assert data["finished"] is True and data["status"] == ""
    assert data["nodeCount"] == answer["stats"]["nodes"]
    assert len(data["words"]) == data["eventCount"] + 1
    assert data["words"][-1].splitlines()[-1].startswith("The search is over.")


def test_markup_in_a_tree_file_and_its_name_stays_text(tmp_path: Path) -> None:
    tree_file = tmp_path / "<script>alert(1)<script>.json"
    text = FIGURE_5_2.replace('"label": "C"', json.dumps({"label": HOSTILE})[1:-1])
    tree_file.write_text(text, encoding="utf-8")
    out = tmp_path / "replay.html"
    assert main(["solve", str(tree_file), "--html", str(out)]) == 0
    page_text = out.read_text(encoding="utf-8")
    assert page_text.lower().count("<script") == 3  # the data, board.js, page.js: no more
    data = read_page(page_text).data
    assert data["source"] == "<script>alert(1)<script>.json"
    assert any(HOSTILE in words for words in data["words"])


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--game", "tictactoe", "--algorithm", "mcts", "--iterations", "5"], "not Monte Carlo"),
        (["--game-file", "nim.py"], "--html is not available with --game-file"),
    ],
)
def test_html_of_a_search_it_cannot_replay_is_bad_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], said: str
) -> None:
    out = tmp_path / "replay.html"
    assert main(["solve", *args, "--html", str(out)]) == 2
    error = capsys.readouterr().err
    assert said in error and error.count("\n") == 1
    assert not out.exists()


def test_html_to_a_folder_that_is_not_there_says_where(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "missing" / "replay.html"
    assert main(["solve", "[[3, 12], [2, 4]]", "--html", str(out)]) == 2
    error = capsys.readouterr().err
    assert "error:" in error and "missing" in error and error.count("\n") == 1


@pytest.mark.parametrize("args", [["[[3, 12], [2, 4]]"], ["--game", "tictactoe", "--depth", "3"]])
def test_a_page_that_cannot_be_written_is_said_before_the_search(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    args: list[str],
) -> None:
    def never(*args: object, **kwargs: object) -> object:
        raise AssertionError("searched before the page's folder was looked at")

    monkeypatch.setattr("gamesearch_gui.cli.search", never)
    monkeypatch.setattr("gamesearch_gui.solving.search", never)
    out = tmp_path / "missing" / "replay.html"
    assert main(["solve", *args, "--html", str(out)]) == 2
    error = capsys.readouterr().err
    assert "does not exist" in error and error.count("\n") == 1


def test_help_names_html() -> None:
    done = run_cli("solve", "--help")
    assert "--html OUT" in done.stdout
    assert "web page" in done.stdout
