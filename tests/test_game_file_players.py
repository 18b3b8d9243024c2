"""A user's game file of three players (or more), on the command line: ``solve
--game-file`` searches it with max^n in the file's own engine process, ``check-game``
checks what such a game must say (who decides, a utility for each player), and a file
that says it wrongly gets one line naming the file, the line and what is wrong."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gamesearch_gui.cli import main
from gamesearch_gui.core.games.nim3 import ThreePlayerNim
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import search
from tests.test_cli import one_line_message

THREE_NIM = Path(__file__).parent / "core" / "game_files" / "three_nim.py"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def test_solve_searches_the_file_with_max_n_to_the_built_in_games_answer(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = run(capsys, "solve", "--game-file", str(THREE_NIM), "--json")
    assert (status, err) == (0, "")
    answer = json.loads(out)
    built_in = ThreePlayerNim(12)  # the same rules, built in
    full = search(built_in, built_in.initial_state(), SearchSettings(Algorithm.MAXN))
    assert answer["algorithm"] == "maxn"  # the default for more than two players
    assert answer["value"] == list(full.values or ())
    assert answer["best_move"] == str(full.best_move)
    assert answer["root_values"] == [list(r.values or ()) for r in full.root_moves]


def test_solve_with_a_time_limit_and_paranoid(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        capsys, "solve", "--game-file", str(THREE_NIM), "--algorithm", "paranoid", "--json"
    )
    assert status == 0
    assert len(json.loads(out)["value"]) == 3
    # No evaluation of its own: deepening cuts off with "none", a third for each.
    status, out, _ = run(
        capsys, "solve", "--game-file", str(THREE_NIM), "--eval", "none", "--time", "60"
    )
    assert status == 0
    assert "depth               to the end of the game" in out


def test_check_game_says_what_a_game_of_players_must_hold(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run(capsys, "check-game", str(THREE_NIM))
    assert status == 0
    assert "holds          the game says where it ends, with a finite utility for each" in out
    assert "holds          player_index names one of the players" in out
    assert "DOES NOT HOLD" not in out


BROKEN = {
    "players a string": (
        ('    players = ("A", "B", "C")', '    players = "ABC"'),
        "three_nim.py: ThreeNim.players is 'ABC' (str); it must be a tuple of 2 to 26 "
        'different names, such as ("A", "B", "C")',
    ),
    "no player_index": (
        ("    def player_index(self, state):", "    def whose_turn(self, state):"),
        "three_nim.py: ThreeNim names 3 players, so it must define player_index(state), "
        "the index of who decides",
    ),
    "a two-player end": (
        ("    def utilities(self, state):", "    def terminal_value(self, state):"),
        "three_nim.py: ThreeNim names 3 players, so it must define is_terminal(state) and "
        "utilities(state), a number for each player where the game ends",
    ),
    "a short vector": (
        (
            "        return tuple(1.0 if i == winner else 0.0 for i in range(3))",
            "        return (1.0, 0.0)",
        ),
        "three_nim.py, line 33, in utilities: returned (1.0, 0.0) (tuple), not 3 numbers, "
        "one for each of A, B, C",
    ),
    "an index out of range": (
        ("        return state[1]\n", "        return 7\n"),
        "three_nim.py, line 21, in player_index: returned 7 (int), not a player's index, 0 to 2",
    ),
}


@pytest.mark.parametrize("case", BROKEN, ids=list(BROKEN))
def test_a_game_of_players_said_wrongly_gets_one_line(
    case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (old, new), message = BROKEN[case]
    source = THREE_NIM.read_text(encoding="utf-8")
    assert old in source
    path = tmp_path / "three_nim.py"
    path.write_text(source.replace(old, new), encoding="utf-8")
    status, out, err = run(capsys, "solve", "--game-file", str(path))
    assert (status, out) == (2, "")
    assert one_line_message(err) == f"gamesearch-gui solve: error: {message}"


def test_check_game_checks_a_vector_evaluation_gives_a_number_for_each_player(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = THREE_NIM.read_text(encoding="utf-8") + (
        "\n    def vector_evaluations(self):\n"
        '        return {"pile": lambda state: (state[0], 0)}\n'
    )
    path = tmp_path / "three_nim.py"
    path.write_text(source, encoding="utf-8")
    status, out, _ = run(capsys, "check-game", str(path))
    assert status == 1
    assert "DOES NOT HOLD  each evaluation gives a finite number" in out
    assert "returned (12, 0) (tuple), not 3 numbers, one for each of A, B, C" in out
