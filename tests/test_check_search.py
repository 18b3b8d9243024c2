"""check-search: a student's aima-style search checked leaf by leaf against the app's.

The expected leaves and decisions always come from the app's own search (``expected``);
the student files are tests/search_check/*.py (correct) and the bundled lessons (buggy).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from gamesearch_gui.cli import main
from gamesearch_gui.core.trees.examples import example
from gamesearch_gui.core.trees.tree import NodeType
from gamesearch_gui.search_check.aima_tree import AimaTreeGame
from gamesearch_gui.search_check.aima_tree import MisuseError
from gamesearch_gui.search_check.runner import LESSONS
from gamesearch_gui.search_check.runner import check_search
from gamesearch_gui.search_check.runner import default_trees
from gamesearch_gui.search_check.verdict import SearchKind
from gamesearch_gui.search_check.verdict import expected
from gamesearch_gui.search_check.verdict import skip_reason
from tests.search_check import check_json
from tests.search_check import lesson_path
from tests.search_check import write_correct_alphabeta

FIXTURES = Path(__file__).parent / "search_check"
MINIMAX = FIXTURES / "aima_minimax.py"
ROOT = Path(__file__).resolve().parents[1]
FIGURE = ROOT / "resources" / "trees" / "figure-5-2.gtree.json"
#: The keys of each tree in ``--json`` (DESIGN.md and issue 15).
TREE_KEYS = {
    "name",
    "agrees",
    "first_difference",
    "visited_leaves",
    "expected_leaves",
    "decision",
    "expected_decision",
    "value",
    "expected_value",
}


@pytest.fixture(scope="module")
def alphabeta(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A correct alpha-beta in aima-python's style (the alpha-min lesson, fixed)."""
    return write_correct_alphabeta(tmp_path_factory.mktemp("correct"))


@pytest.mark.parametrize("kind", ["alphabeta", "minimax"])
def test_a_correct_search_agrees_on_every_tree(
    kind: str, alphabeta: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = alphabeta if kind == "alphabeta" else MINIMAX
    status, answer = check_json(capsys, str(path))
    assert status == 0
    trees = answer["trees"]
    assert isinstance(trees, list)
    checkable = [t for t in default_trees() if skip_reason(t, SearchKind(kind)) is None]
    assert [t["name"] for t in trees] == [t.name for t in checkable]
    assert len(checkable) >= 50 + 1  # the random trees and Figure 5.2 at least
    assert all(t["agrees"] and t["visited_leaves"] == t["expected_leaves"] for t in trees)


def test_minimax_expects_every_leaf_and_alphabeta_fewer() -> None:
    tree = example("figure-5-2").tree()
    every = [n.path for n in tree.nodes() if n.type is NodeType.LEAF]
    assert list(expected(tree, SearchKind.MINIMAX).leaves) == every
    pruned = expected(tree, SearchKind.ALPHABETA)
    assert len(pruned.leaves) < len(every) and set(pruned.leaves) < set(every)


def test_the_json_has_exactly_the_contract_s_keys(
    alphabeta: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, answer = check_json(capsys, str(alphabeta), "--trees", str(FIGURE))
    assert status == 0
    assert set(answer) == {"function", "trees"}
    assert answer["function"] == "alpha_beta_search"
    (tree,) = answer["trees"]  # type: ignore[misc]
    assert set(tree) == TREE_KEYS
    assert tree["decision"] == tree["expected_decision"] == "a1"


def test_the_fresh_root_window_lesson_differs_first_at_c_s_pruned_leaf(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """aima-python's issue #34: every root move gets (−∞, +∞), so C's 4 is evaluated,
    which the textbook prunes since B already gave 3."""
    status, answer = check_json(capsys, "--lesson", "fresh-root-window")
    assert status == 1
    figure = answer["trees"][0]  # type: ignore[index]
    assert figure["name"] == "Figure 5.2"
    assert not figure["agrees"]
    assert figure["decision"] == figure["expected_decision"]  # the move is right all the same
    assert figure["first_difference"] == (
        "your code evaluated leaf 1.1 (value 4), which alpha-beta never examines: "
        "at MIN node C, value 2 ≤ α 3 cut it off"
    )


def test_the_alpha_min_lesson_misses_cutoffs_at_min_nodes() -> None:
    """alpha = min(alpha, v) in MAX-VALUE: alpha never rises, so MIN nodes below a MAX
    node stop cutting; the first difference is a leaf a MIN node's cutoff skips."""
    report = check_search(lesson_path("alpha-min"))
    figure = report.checks[0]
    assert figure.name == "Figure 5.2" and figure.agrees  # no MAX node below the root
    differing = [c for c in report.checks if not c.agrees]
    assert differing
    for check in differing:
        assert check.difference is not None
        leaf = check.difference.path
        want = expected(check.tree, SearchKind.ALPHABETA)
        cuts = [c for c in want.cuts if any(leaf[: len(top)] == top for top in c.pruned)]
        assert len(cuts) == 1, check.difference.text
        assert check.tree.node_at(cuts[0].path).type is NodeType.MIN
        assert "alpha-beta never examines: at MIN node" in check.difference.text


def test_every_lesson_is_bundled_and_differs_somewhere() -> None:
    for each in LESSONS:
        assert each.resource().is_file()
        report = check_search(lesson_path(each.key))
        assert not report.agrees


MISBEHAVING = """
import sys

def loops(state, game):
    while True:
        pass

def spins(state, game):
    while True:
        game.actions(state)

def recurses(state, game):
    return recurses(state, game)

def raises(state, game):
    return 1 / 0

def chats(state, game):
    print("thinking...")
    print("still thinking", file=sys.stderr)
    return game.actions(state)[0]

def nonsense(state, game):
    game.utility(state, "MAX")
"""


@pytest.mark.parametrize(
    ("function", "said"),
    [
        ("loops", "your code was stopped at its CPU limit: it used 0.5"),
        ("spins", "go round in circles"),
        ("recurses", "recursed deeper than Python allows"),
        ("raises", "raised ZeroDivisionError: division by zero (student.py, line 16)"),
        ("nonsense", "utility() was asked about the root (), which is not a leaf"),
    ],
)
def test_code_that_misbehaves_is_a_reported_difference(
    function: str, said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "student.py"
    path.write_text(MISBEHAVING, encoding="utf-8")
    status, answer = check_json(
        capsys,
        str(path),
        "--function",
        function,
        "--algorithm",
        "alphabeta",
        "--time-limit",
        "0.5",
        "--trees",
        str(FIGURE),
    )
    assert status == 1
    (tree,) = answer["trees"]  # type: ignore[misc]
    assert not tree["agrees"]
    assert said in tree["first_difference"]


def test_what_the_code_prints_stays_off_the_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "student.py"
    path.write_text(MISBEHAVING, encoding="utf-8")
    # json.loads in check_json fails if anything else reached standard output.
    status, answer = check_json(
        capsys, str(path), "--function", "chats", "--algorithm", "minimax", "--trees", str(FIGURE)
    )
    assert status == 1
    (tree,) = answer["trees"]  # type: ignore[misc]
    assert tree["visited_leaves"] == []
    assert tree["first_difference"].startswith("your code never evaluated leaf 0.0")


@pytest.mark.parametrize(
    ("source", "said"),
    [
        ("def alpha_beta_search(state, game):\n    return (\n", "student.py, line 2: syntax error"),
        ("x = 1\n", "defines none of the functions looked for (minimax_decision,"),
        ("import no_such_module_here\n", "student.py, line 1: importing it raised"),
        (
            "def minimax_decision(s, g): pass\ndef alpha_beta_search(s, g): pass\n",
            "defines minimax_decision and alpha_beta_search: choose one with --function",
        ),
    ],
    ids=["syntax", "missing", "import", "ambiguous"],
)
def test_a_file_that_cannot_be_checked_is_bad_input(
    source: str, said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "student.py"
    path.write_text(source, encoding="utf-8")
    assert main(["check-search", str(path), "--trees", str(FIGURE)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert said in captured.err
    assert len(captured.err.splitlines()) == 1


def test_a_named_function_that_is_missing_is_bad_input(
    alphabeta: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["check-search", str(alphabeta), "--function", "my_search"]) == 2
    assert "defines no function 'my_search'" in capsys.readouterr().err


def test_a_malformed_tree_file_is_refused_naming_it(
    alphabeta: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.gtree.json"
    bad.write_text('{"format": "gamesearch-tree", "version": 1, "root": {"children": []}}')
    assert main(["check-search", str(alphabeta), "--trees", str(bad)]) == 2
    assert "bad.gtree.json" in capsys.readouterr().err


def test_trees_in_the_nested_list_format_are_checked_and_chance_trees_skipped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    nested = tmp_path / "three.json"
    nested.write_text("[[3, 12, 8], [2, 4, 6], [14, 5, 2]]")
    chance = ROOT / "resources" / "trees" / "two-gambles.gtree.json"
    status = main(["check-search", str(MINIMAX), "--trees", str(nested), str(chance)])
    out = capsys.readouterr().out
    assert status == 0
    assert "agrees   three" in out
    assert "skipped  Two gambles: it has chance nodes" in out


def test_another_move_of_the_best_value_is_not_wrong(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Ties: the app reports the first best move; the last one is just as good."""
    source = MINIMAX.read_text(encoding="utf-8").replace(
        "return max(game.actions(state), key=lambda a: min_value(game.result(state, a)))",
        "return max((min_value(game.result(state, a)), a) for a in game.actions(state))[1]",
    )
    assert "[1]" in source
    path = tmp_path / "student.py"
    path.write_text(source, encoding="utf-8")
    tied = tmp_path / "tied.json"
    tied.write_text("[[5, 9], [5, 6], [0, 9]]")
    assert main(["check-search", str(path), "--trees", str(tied)]) == 0
    assert "note: your code chose 1, as good as 0" in capsys.readouterr().out


def test_the_instrumented_game_records_utility_calls_and_refuses_misuse() -> None:
    game = AimaTreeGame(example("figure-5-2").tree())
    assert game.to_move(game.initial) == "MAX"
    assert game.actions(()) == [0, 1, 2]
    child = game.result((), 1)
    assert game.to_move(child) == "MIN" and not game.terminal_test(child)
    leaf = game.result(child, 0)
    assert game.terminal_test(leaf)
    assert game.utility(leaf, "MAX") == 2 and game.utility(leaf, "MIN") == -2
    assert game.evaluated == [(1, 0), (1, 0)]
    with pytest.raises(MisuseError, match="not a leaf"):
        game.utility(child, "MAX")
    with pytest.raises(MisuseError, match="whose moves are"):
        game.result(child, 7)
    with pytest.raises(MisuseError, match="not a state"):
        game.actions("root")  # type: ignore[arg-type]
