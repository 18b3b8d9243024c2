"""A user's own game file on the command line: ``solve --game-file``, ``check-game`` and
``new-game`` (issue 15), good files and bad ones. Every bad file gets a one-line message
naming the file, the line where there is one, and what is wrong; nothing crashes."""

from __future__ import annotations

import json
import re
import sys
import textwrap
from pathlib import Path

import pytest

from gamesearch_gui.cli import main
from gamesearch_gui.paths import resource_files
from tests.test_cli import one_line_message

GAME_FILES = Path(__file__).parent / "core" / "game_files"
TEMPLATES = ("nim.py", "nim_aima.py")

# A counter that only grows: never terminal.
ENDLESS = """\
class Counter:
    initial = 0

    def actions(self, state):
        return [1]

    def result(self, state, move):
        return state + move

    def utility(self, state, player):
        return 0

    def terminal_test(self, state):
        return False

    def to_move(self, state):
        return "A" if state % 2 == 0 else "B"
"""

# aima-style tic-tac-toe whose result writes into the board it was given.
MUTATING = (
    (GAME_FILES / "aima_tictactoe.py")
    .read_text(encoding="utf-8")
    .replace("board = state.board.copy()", "board = state.board")
)

# A state holding a function: neither hashable (a list) nor something a key can be built of.
UNKEYABLE = """\
class Pass:
    initial = (["start"], print)

    def actions(self, state):
        return ["go"] if len(state[0]) < 3 else []

    def result(self, state, move):
        return (state[0] + [move], state[1])

    def utility(self, state, player):
        return 1 if player == "A" else -1

    def terminal_test(self, state):
        return len(state[0]) >= 3

    def to_move(self, state):
        return "A" if len(state[0]) % 2 else "B"
"""


def write(tmp_path: Path, name: str, source: str) -> Path:
    path = tmp_path / name
    path.write_text(textwrap.dedent(source), encoding="utf-8")
    return path


def own_game(body: str, header: str = "") -> str:
    """A one-heap Nim in this app's protocol, with ``body`` replacing methods."""
    methods = {
        "initial_state": "return (3, Player.MAX)",
        "to_move": "return state[1]",
        "actions": "return [n for n in (1, 2) if n <= state[0]]",
        "result": "return (state[0] - action, "
        "Player.MIN if state[1] is Player.MAX else Player.MAX)",
        "terminal_value": "return None if state[0] else (-1 if state[1] is Player.MAX else 1)",
    }
    lines = [header, "from gamesearch_gui.api import Game, Player", "", "", "class Heap(Game):"]
    replaced = {}
    for line in textwrap.dedent(body).splitlines():
        if line.startswith("def "):
            current = line[4 : line.index("(")]
            replaced[current] = [line]
        elif line.strip():
            replaced[current].append(line)
    for name, code in methods.items():
        if name not in replaced:
            args = "self" if name == "initial_state" else "self, state"
            args += ", action" if name == "result" else ""
            lines += [f"    def {name}({args}):", f"        {code}", ""]
    for block in replaced.values():
        lines += ["    " + block[0], *("    " + x for x in block[1:]), ""]
    return "\n".join(lines)


def solve_file(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, object]:
    assert main(["solve", "--game-file", *args, "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert isinstance(answer, dict)
    return answer


def failure(capsys: pytest.CaptureFixture[str], *args: str, status: int = 2) -> str:
    """Run the command line, expect ``status`` and one line on standard error; the line."""
    assert main(list(args)) == status
    captured = capsys.readouterr()
    assert captured.out == ""
    return one_line_message(captured.err)


# -- good files ---------------------------------------------------------------------------


def test_figure_5_2_as_an_aima_game_gives_3_and_a1(capsys: pytest.CaptureFixture[str]) -> None:
    for algorithm in ("minimax", "alphabeta"):
        answer = solve_file(
            capsys, str(GAME_FILES / "figure_5_2_aima.py"), "--algorithm", algorithm
        )
        assert answer["value"] == 3
        assert answer["best_move"] == "a1"
        assert answer["root_values"] == [3, 2, 2]  # alpha-beta's fail-soft bounds agree here


def test_aima_tictactoe_with_a_dict_board_solves_to_a_draw(
    capsys: pytest.CaptureFixture[str],
) -> None:
    answer = solve_file(capsys, str(GAME_FILES / "aima_tictactoe.py"))
    assert answer["value"] == 0
    assert len(answer["principal_variation"]) == 9  # a draw fills the board
    # The unhashable states get keys built from their contents: the table finds
    # transpositions, and the answer is the same.
    with_table = solve_file(capsys, str(GAME_FILES / "aima_tictactoe.py"), "--tt")
    assert with_table["value"] == 0
    assert with_table["stats"]["tt_hits"] > 0  # type: ignore[index]


@pytest.mark.parametrize("template", TEMPLATES)
def test_each_template_passes_its_check_and_solves(
    template: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(resource_files() / "templates" / template)
    assert main(["check-game", path, "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["ok"] and all(f["holds"] for f in report["findings"])
    # Heaps 1, 3 and 5: their XOR is 7, not 0, so the first player wins.
    assert solve_file(capsys, path)["value"] == 1


def test_the_own_template_s_evaluation_serves_a_depth_cutoff(
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = str(resource_files() / "templates" / "nim.py")
    answer = solve_file(capsys, path, "--depth", "2", "--eval", "nim_sum")
    assert answer["value"] == 0.5  # the player to move wins: the nim-sum says so
    assert answer["stats"]["max_depth"] == 2  # type: ignore[index]


def test_new_game_writes_a_template_that_loads_and_keeps_an_existing_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for style in ("own", "aima"):
        path = tmp_path / f"{style}.py"
        assert main(["new-game", str(path), "--style", style]) == 0
        capsys.readouterr()
        assert main(["check-game", str(path)]) == 0
        assert "DOES NOT HOLD" not in capsys.readouterr().out
    mine = tmp_path / "mine.py"
    mine.write_text("# my work\n", encoding="utf-8")
    message = failure(capsys, "new-game", str(mine))
    assert "already exists" in message
    assert mine.read_text(encoding="utf-8") == "# my work\n"


def test_the_file_leaves_no_module_or_path_behind(tmp_path: Path) -> None:
    import gamesearch_gui.api  # noqa: F401  (what the file imports: ours, and kept)
    from gamesearch_gui.core.usergame import load_game

    helper = write(tmp_path, "helper_rules.py", "START = 3\n")
    game_file = write(
        tmp_path, "game.py", own_game("", header="from helper_rules import START  # noqa")
    )
    modules, path = set(sys.modules), list(sys.path)
    game = load_game(game_file)
    assert game.initial_state().state == (3, game.to_move(game.initial_state()))
    assert set(sys.modules) == modules and sys.path == path
    assert helper.exists()
    assert not (tmp_path / "__pycache__").exists()


# -- bad files ----------------------------------------------------------------------------


def test_a_syntax_error_names_its_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "broken.py", "class Nim:\n    def actions(self, state)\n        pass\n")
    message = failure(capsys, "solve", "--game-file", str(path))
    assert "broken.py, line 2: SyntaxError" in message
    assert failure(capsys, "check-game", str(path)) == message.replace("solve", "check-game")


def test_an_error_as_the_file_loads_names_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, "boom.py", "x = 1\nimport no_such_module_here\n")
    message = failure(capsys, "solve", "--game-file", str(path))
    assert "boom.py, line 2" in message and "No module named 'no_such_module_here'" in message


def test_a_missing_method_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    aima = write(tmp_path, "nostop.py", ENDLESS.replace("def terminal_test", "def _terminal"))
    message = failure(capsys, "check-game", str(aima))
    assert "nostop.py: Counter has no method terminal_test" in message
    own = own_game("").replace(
        "    def result(self, state, action):", "    def _result(self, s, a):"
    )
    path = write(tmp_path, "noresult.py", own)
    message = failure(capsys, "solve", "--game-file", str(path))
    assert "noresult.py, line 5, in Heap: the game does not define result" in message


def test_a_mutating_result_is_caught_by_solve_and_by_the_check(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, "mutating.py", MUTATING)
    message = failure(capsys, "solve", "--game-file", str(path))
    assert "mutating.py, line 18, in result: changed the state it was given" in message
    assert main(["check-game", str(path)]) == 1
    out = capsys.readouterr().out
    assert "DOES NOT HOLD  result gives a new state" in out
    assert "changed the state it was given" in out


def test_an_endless_game_stops_at_the_ply_limit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, "endless.py", ENDLESS)
    message = failure(capsys, "solve", "--game-file", str(path), "--max-plies", "50")
    assert "endless.py: the game did not end within 50 plies" in message
    # A depth limit within the ply limit searches it, with the evaluation 'none'.
    answer = solve_file(capsys, str(path), "--depth", "4", "--eval", "none")
    assert answer["value"] == 0
    assert main(["check-game", str(path), "--playouts", "3"]) == 1
    out = capsys.readouterr().out
    assert "DOES NOT HOLD  every playout ends within 200 plies" in out


# A chain: one move at a time, down from ``initial`` to a won end.
CHAIN = """\
class Chain:
    initial = {plies}

    def actions(self, state):
        return [1] if state > 0 else []

    def result(self, state, move):
        return state - move

    def utility(self, state, player):
        return 1 if player == "A" else -1

    def terminal_test(self, state):
        return state == 0

    def to_move(self, state):
        return "A" if state % 2 == 0 else "B"
"""


def test_a_chain_of_ten_thousand_plies_is_searched_when_the_limit_allows_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A game whose lines are long (issue 25's 10,000-deep chain) is not refused for being
    deep: --max-plies allows up to 100,000, and the search follows the whole line."""
    path = write(tmp_path, "chain.py", CHAIN.format(plies=10_000))
    answer = solve_file(capsys, str(path), "--max-plies", "10000")
    assert answer["value"] == 1
    stats = answer["stats"]
    assert isinstance(stats, dict) and stats["nodes"] == 10_001
    message = failure(capsys, "solve", "--game-file", str(path), "--max-plies", "9999")
    assert "chain.py: the game did not end within 9999 plies" in message
    with pytest.raises(SystemExit) as refused:
        main(["solve", "--game-file", str(path), "--max-plies", "100001"])
    assert refused.value.code == 2
    message = one_line_message(capsys.readouterr().err)
    assert "--max-plies: must be at least 1 and at most 100000" in message


def test_an_unkeyable_state_turns_the_table_off_and_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, "unkeyable.py", UNKEYABLE)
    assert main(["solve", "--game-file", str(path), "--tt", "--json"]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["value"] == 1
    note = one_line_message(captured.err)
    assert "note: transposition table off" in note and "builtin_function_or_method" in note
    assert main(["check-game", str(path)]) == 1
    out = capsys.readouterr().out
    assert "DOES NOT HOLD  the key of a state is consistent" in out
    assert "define key(state)" in out


@pytest.mark.parametrize(
    ("body", "said"),
    [
        (
            "def actions(self, state):\n    return 2",
            r"in actions: returned 2 \(int\), not a list of moves",
        ),
        (
            "def terminal_value(self, state):\n    return None if state[0] else 'lost'",
            r"in terminal_value: returned 'lost' \(str\), not a finite number",
        ),
        (
            "def terminal_value(self, state):\n    return None if state[0] else float('nan')",
            "not a finite number",
        ),
        (
            "def to_move(self, state):\n    return 'MAX'",
            r"in to_move: returned 'MAX' \(str\), not Player\.MAX",
        ),
        (
            "def to_move(self, state):\n    return Player.CHANCE if state[0] == 1 else state[1]",
            r"in to_move: returned Player\.CHANCE, but the game does not say has_chance = True",
        ),
        (
            "def result(self, state, action):\n    return {3: 'a'}[action]",
            r"in result with move \d \(int\): KeyError: \d",
        ),
        ("def result(self, state, action):\n    state[0] - action", "in result: returned None"),
        (
            "def actions(self, state):\n    return [1, 2] if state[0] > 0 else []\n"
            "def terminal_value(self, state):\n    return None",
            "no moves at a state where the game is not over",
        ),
    ],
)
def test_a_wrong_answer_or_an_exception_says_where_and_what(
    body: str, said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, "heap.py", own_game(body))
    message = failure(capsys, "solve", "--game-file", str(path))
    assert re.match(r"gamesearch-gui solve: error: heap\.py(, line \d+)?[,:] ", message), message
    assert re.search(said, message), message
    assert main(["check-game", str(path)]) == 1
    assert re.search(said, capsys.readouterr().out)


def test_several_games_none_chosen_lists_them_and_class_picks_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    two = (GAME_FILES / "figure_5_2_aima.py").read_text(encoding="utf-8") + "\n" + ENDLESS
    path = write(tmp_path, "two.py", two)
    message = failure(capsys, "solve", "--game-file", str(path))
    assert "two.py defines several games (Fig52Game, Counter); pick one: two.py:Fig52Game" in (
        message
    )
    assert solve_file(capsys, f"{path}:Fig52Game")["value"] == 3
    assert "two.py has no class 'Nope'" in failure(capsys, "solve", "--game-file", f"{path}:Nope")


def test_no_game_and_constructor_arguments_are_said(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    empty = write(tmp_path, "empty.py", "X = 1\n")
    assert "empty.py defines no game" in failure(capsys, "check-game", str(empty))
    needs = write(
        tmp_path,
        "needs.py",
        ENDLESS.replace(
            "    initial = 0\n", "    def __init__(self, start):\n        self.initial = start\n"
        ),
    )
    message = failure(capsys, "solve", "--game-file", str(needs))
    assert "needs.py, line 1, in Counter: the class needs arguments" in message


def test_a_missing_file_is_a_message(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    message = failure(capsys, "solve", "--game-file", str(tmp_path / "nowhere.py"))
    assert "cannot read" in message and "nowhere.py" in message


def test_a_loaded_game_pickles_as_its_file_so_the_engine_can_load_it() -> None:
    import pickle

    from gamesearch_gui.core.usergame import load_game

    game = load_game(GAME_FILES / "figure_5_2_aima.py", ply_limit=30)
    again = pickle.loads(pickle.dumps(game))
    assert again is not game and again.ply_limit == 30
    assert again.actions(again.initial_state()) == ("a1", "a2", "a3")


def test_what_the_game_prints_while_searched_stays_off_the_answer(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # A student's debugging print in result runs during the search: standard output
    # still holds the JSON answer alone, and the prints go to standard error.
    path = write(
        tmp_path,
        "noisy.py",
        own_game(
            """
            def result(self, state, action):
                print("moving", action)
                return (state[0] - action, Player.MIN if state[1] is Player.MAX else Player.MAX)
            """
        ),
    )
    assert main(["solve", "--game-file", str(path), "--json"]) == 0
    captured = capsys.readouterr()
    assert "moving" in captured.err
    quiet = write(tmp_path, "quiet.py", own_game(""))
    answer, same = json.loads(captured.out), solve_file(capsys, str(quiet))
    for timed in (answer, same):
        del timed["stats"]["seconds"]
    assert answer == same


def test_a_game_file_with_chance_nodes_solves_by_expectation(
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = str(GAME_FILES / "coin_gamble.py")
    answer = solve_file(capsys, path)
    assert answer["algorithm"] == "expectiminimax"
    assert answer["value"] == pytest.approx(0.2) and answer["best_move"] == "gamble"
    starred = solve_file(capsys, path, "--algorithm", "star1")
    assert starred["value"] == pytest.approx(0.2) and starred["best_move"] == "gamble"
