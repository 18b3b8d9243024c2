"""``solve --openspiel NAME[(PARAMS)] [--position MOVES]``: every algorithm that fits the
game, the JSON of the command-line contract, and bad input in one line with exit 2."""

from __future__ import annotations

import json
import sys
from typing import Any

import pytest

from gamesearch_gui.cli import main
from tests.test_cli import run_cli

pytest.importorskip("pyspiel")


def solve(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["solve", *args])
    out, err = capsys.readouterr()
    return status, out, err


def answer(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    status, out, err = solve(capsys, *args, "--json")
    assert status == 0, err
    found: dict[str, Any] = json.loads(out)
    return found


def test_tic_tac_toe_is_a_draw_and_its_moves_are_openspiels(
    capsys: pytest.CaptureFixture[str],
) -> None:
    found = answer(capsys, "--openspiel", "tic_tac_toe", "--algorithm", "minimax")
    assert found["value"] == 0 and found["stats"]["nodes"] == 549_946
    assert found["best_move"] == "x(0,0)" and found["principal_variation"][:2] == [
        "x(0,0)",
        "o(1,1)",
    ]
    # OpenSpiel's own minimax test: after x(1,1), o(0,1) X wins; after x(1,2) o(1,1)
    # x(1,0) o(2,2), X loses.
    assert answer(capsys, "--openspiel", "tic_tac_toe", "--position", "4,1")["value"] == 1
    lost = answer(capsys, "--openspiel", "tic_tac_toe", "--position", "x(1,2),o(1,1),x(1,0),o(2,2)")
    assert lost["value"] == -1


def test_every_algorithm_that_fits(capsys: pytest.CaptureFixture[str]) -> None:
    breakthrough = ("--openspiel", "breakthrough(rows=5,columns=4)")
    depth = answer(capsys, *breakthrough, "--depth", "2", "--eval", "none")
    assert depth["value"] == 0 and depth["algorithm"] == "alphabeta"
    playout = answer(capsys, *breakthrough, "--depth", "2", "--eval", "random playout")
    assert playout["value"] in (-1, 0, 1) and playout["best_move"]
    mcts = answer(
        capsys, *breakthrough, "--algorithm", "mcts", "--iterations", "100", "--seed", "3"
    )
    assert sum(mcts["root_visits"]) == 100 and mcts["stats"]["iterations"] == 100
    pig = ("--openspiel", "pig(winscore=6,diceoutcomes=3,horizon=8)", "--depth", "4")
    chance = answer(capsys, *pig, "--eval", "none")
    assert chance["algorithm"] == "expectiminimax" and chance["best_move"] in ("roll", "stop")
    star1 = answer(capsys, *pig, "--eval", "none", "--algorithm", "star1")
    assert star1["value"] == pytest.approx(chance["value"])
    assert star1["stats"]["nodes"] <= chance["stats"]["nodes"]
    three = ("--openspiel", "chinese_checkers(players=3)", "--depth", "1", "--eval", "none")
    maxn = answer(capsys, *three)
    assert maxn["algorithm"] == "maxn" and maxn["value"] == [0, 0, 0]
    assert answer(capsys, *three, "--algorithm", "paranoid")["algorithm"] == "paranoid"


def test_the_text_answer_names_the_game_and_its_spec(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = solve(capsys, "--openspiel", "nim(pile_sizes=1;2)")
    assert status == 0
    assert (
        out.splitlines()[0]
        == "Nim (pile_sizes=1;2), OpenSpiel's nim(pile_sizes=1;2): alphabeta (fail-soft)"
    )
    assert "best move           pile:2, take:2;" in out


def test_the_list_names_the_games_and_their_parameters(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = solve(capsys, "--openspiel", "list")
    assert status == 0
    assert "breakthrough" in out and "columns=8, rows=8" in out
    assert "backgammon" in out and "kuhn_poker" not in out
    entries = answer(capsys, "--openspiel", "list")
    pig = next(e for e in entries if e["name"] == "pig")  # type: ignore[attr-defined]
    assert (
        pig["chance"] and {"name": "winscore", "default": 100, "type": "int"} in pig["parameters"]
    )


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (
            ("--openspiel", "connect4"),
            "OpenSpiel has no game 'connect4'; did you mean 'connect_four'?",
        ),
        (("--openspiel", "hex(size=5)"), "hex has no parameter 'size'"),
        (("--openspiel", "hex(board_size=five)"), "parameter board_size is an int"),
        (("--openspiel", "leduc_poker"), "the app cannot search leduc_poker: it has imperfect"),
        (("--openspiel", "matrix_rps"), "its players move simultaneously"),
        (("--openspiel", "tic_tac_toe", "--position", "4,4"), "move 2, at '4', is not legal"),
        (("--openspiel", "pig", "--algorithm", "alphabeta"), "alphabeta"),
        (
            ("--openspiel", "tic_tac_toe", "--game", "pig"),
            "give one of a tree FILE, --game and --openspiel",
        ),
        (("--openspiel", "go(board_size=30)"), "supports board size up to 19"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], args: tuple[str, ...], said: str
) -> None:
    status, out, err = solve(capsys, *args)
    assert status == 2 and out == ""
    assert said in err and err.count("\n") == 1 and err.startswith("gamesearch-gui solve: error:")


def test_without_the_extra_it_says_how_to_install_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "pyspiel", None)  # import pyspiel now fails
    for name in ("breakthrough", "list"):
        status, _, err = solve(capsys, "--openspiel", name)
        assert status == 2
        assert err == (
            "gamesearch-gui solve: error: OpenSpiel is not installed: "
            'pip install "gamesearch-gui[openspiel]"\n'
        )


def test_a_big_game_asked_for_to_its_end_is_refused_in_words_not_searched_for_ever(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """OpenSpiel's games are searched in the command's own process, with no limit of
    their own: breakthrough to its end would never end. A count of nodes holds it (5
    million; here 20,000, so the test is quick) and says what to give instead."""
    monkeypatch.setattr("gamesearch_gui.cli.TO_THE_END_NODE_CAP", 20_000)
    status, out, err = solve(capsys, "--openspiel", "breakthrough")
    assert status == 2 and out == ""
    said = err.strip().splitlines()[-1]
    assert said.endswith(
        "Breakthrough was not searched to its end within 20,000 nodes: "
        "give --depth N (with --eval 'random playout' or none) or --time SECONDS (which "
        "deepens, to the end if it can)"
    )
    # A small game is still searched to its end, and a depth is taken as given.
    assert answer(capsys, "--openspiel", "tic_tac_toe")["stats"]["nodes"] == 18_297
    deep = answer(capsys, "--openspiel", "breakthrough", "--depth", "2")
    assert deep["best_move"] is not None


def test_a_game_too_big_for_memory_is_refused_in_words_not_by_the_kernel() -> None:
    """A game's parameters can ask for any amount of memory: the search is held to what
    the window's searches may use, and past it the command says so (without the ceiling,
    breakthrough(rows=99999999) took 23.7 GB before the kernel's out-of-memory killer
    ended it). In a process of its own: the ceiling is on the whole process."""
    done = run_cli("solve", "--openspiel", "gomoku(dims=10)", "--depth", "1")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == (
        "gamesearch-gui solve: error: OpenSpiel's gomoku(dims=10) needs more than the "
        "8192 MB of memory a search may use\n"
    )
