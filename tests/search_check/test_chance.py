"""check-search on trees with chance nodes: an aima-python style ``expect_minmax``
checked against the app's expectiminimax (value, decision and leaves), and the
chance-average lesson.

The expected answers come from the app's own search (``expected``); what a buggy file
should choose is worked out here on its own, from the tree.
"""

from __future__ import annotations

import statistics
from pathlib import Path

import pytest

from gamesearch_gui.cli import main
from gamesearch_gui.core.trees.examples import example
from gamesearch_gui.core.trees.file import load_tree_file
from gamesearch_gui.core.trees.tree import NodeType
from gamesearch_gui.core.trees.tree import TreeNode
from gamesearch_gui.search_check.aima_tree import CERTAIN
from gamesearch_gui.search_check.aima_tree import AimaTreeGame
from gamesearch_gui.search_check.aima_tree import MisuseError
from gamesearch_gui.search_check.runner import check_search
from gamesearch_gui.search_check.runner import default_trees
from gamesearch_gui.search_check.runner import lesson
from gamesearch_gui.search_check.verdict import SearchKind
from gamesearch_gui.search_check.verdict import expected
from gamesearch_gui.search_check.verdict import skip_reason
from tests.search_check import check_json
from tests.search_check import lesson_path
from tests.search_check import write_correct_expect_minmax

ROOT = Path(__file__).resolve().parents[2]
TWO_GAMBLES = ROOT / "resources" / "trees" / "two-gambles.gtree.json"
FIGURE = ROOT / "resources" / "trees" / "figure-5-2.gtree.json"
CHANCE = SearchKind.EXPECTIMINIMAX

#: aima-python's expect_minmax as its games.py publishes it, in shape: after each move
#: the dice are thrown, and the state is reassigned to each outcome in turn.
REASSIGNS = """\
import math

def expect_minmax(state, game):
    player = game.to_move(state)

    def max_value(state):
        if game.terminal_test(state):
            return game.utility(state, player)
        return max(chance_node(state, a) for a in game.actions(state))

    def min_value(state):
        if game.terminal_test(state):
            return game.utility(state, player)
        return min(chance_node(state, a) for a in game.actions(state))

    def chance_node(state, action):
        res_state = game.result(state, action)
        if game.terminal_test(res_state):
            return game.utility(res_state, player)
        total = 0
        for chance in game.chances(res_state):
            res_state = game.outcome(res_state, chance)
            if res_state.to_move == player:
                util = max_value(res_state)
            else:
                util = min_value(res_state)
            total += util * game.probability(chance)
        return total

    return max(game.actions(state), key=lambda a: chance_node(state, a))
"""

#: An expectiminimax that takes a chance node for a MAX node, written against the
#: game's to_move, and returns (value, move).
CHANCE_AS_MAX = """\
def expectiminimax(state, game):
    def value(state):
        if game.terminal_test(state):
            return game.utility(state, "MAX")
        values = [value(game.result(state, a)) for a in game.actions(state)]
        return min(values) if game.to_move(state) == "MIN" else max(values)

    values = [value(game.result(state, a)) for a in game.actions(state)]
    best = max(range(len(values)), key=values.__getitem__)
    return values[best], best
"""

#: The same, right: each outcome weighted by its probability.
WEIGHTED = """\
def expectiminimax(state, game):
    def value(state):
        if game.terminal_test(state):
            return game.utility(state, "MAX")
        if game.to_move(state) == "CHANCE":
            return sum(p * value(game.outcome(state, (i, p))) for i, p in game.chances(state))
        values = [value(game.result(state, a)) for a in game.actions(state)]
        return min(values) if game.to_move(state) == "MIN" else max(values)

    values = [value(game.result(state, a)) for a in game.actions(state)]
    best = max(range(len(values)), key=values.__getitem__)
    return values[best] + OFFSET, best
"""


#: An expectiminimax in this app's own protocol (gamesearch_gui.api), returning
#: (value, move); CHANCE_TEST is how it tells a chance node.
OWN_PROTOCOL = """\
from gamesearch_gui.api import Player


def expectiminimax(state, game):
    def value(s):
        v = game.terminal_value(s)
        if v is not None:
            return v
        mover = game.to_move(s)
        if CHANCE_TEST:
            return sum(p * value(game.result(s, o)) for o, p in game.chances(s))
        values = [value(game.result(s, a)) for a in game.actions(s)]
        return max(values) if mover is Player.MAX else min(values)

    moves = game.actions(state)
    values = [value(game.result(state, a)) for a in moves]
    pick = max if game.to_move(state) is Player.MAX else min
    best = pick(range(len(moves)), key=values.__getitem__)
    return values[best], moves[best]
"""


@pytest.fixture(scope="module")
def correct(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A correct expect_minmax in aima-python's style (the lesson, fixed)."""
    return write_correct_expect_minmax(tmp_path_factory.mktemp("correct"))


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


# -- the game's chance interface


def test_the_game_throws_the_dice_as_aima_s_stochastic_games_do() -> None:
    tree = example("chance-small").tree()  # MAX, two chance nodes (0.9, 0.1), leaves
    game = AimaTreeGame(tree)
    gamble = game.result(game.initial, 0)
    assert game.initial.to_move == "MAX" and gamble.to_move == "CHANCE"
    assert game.to_move(gamble) == "CHANCE" and not game.terminal_test(gamble)
    chances = game.chances(gamble)
    assert chances == [(0, 0.9), (1, 0.1)]
    assert [game.probability(c) for c in chances] == [0.9, 0.1]
    leaf = game.outcome(gamble, chances[1])
    assert leaf == (0, 1) and game.terminal_test(leaf)
    assert leaf.to_move == "MIN"  # the opponent of the last to decide above it
    assert game.utility(leaf, "MAX") == 3 and game.evaluated == [(0, 1)]
    # No dice at a MAX node: one certain chance, whose outcome is the node itself.
    assert game.chances(game.initial) == [CERTAIN]
    assert game.outcome(game.initial, CERTAIN) == ()


def test_misusing_the_dice_is_said_in_words() -> None:
    game = AimaTreeGame(example("chance-small").tree())
    gamble = game.result(game.initial, 0)
    first, second = game.chances(gamble)
    leaf = game.outcome(gamble, first)
    with pytest.raises(MisuseError, match=r"outcome\(\) was given node 0\.0 .* not one of its"):
        game.outcome(leaf, second)  # the state reassigned to the last outcome
    with pytest.raises(MisuseError, match=r"chances\(\) was asked about node 0\.0 .*a leaf"):
        game.chances(leaf)
    with pytest.raises(MisuseError, match=r"probability\(\) was given 1, which is not a chance"):
        game.probability(1)


# -- the check


def test_a_correct_expect_minmax_agrees_on_every_chance_tree(
    correct: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, answer = check_json(capsys, str(correct))
    assert status == 0, answer
    assert answer["function"] == "expect_minmax"
    trees = answer["trees"]
    assert isinstance(trees, list)
    chance_trees = default_trees(CHANCE)
    assert [t["name"] for t in trees] == [t.name for t in chance_trees]
    assert all(t.has_chance for t in chance_trees)
    assert len(chance_trees) >= 50 + 2  # the random trees and the chance examples
    for entry, tree in zip(trees, chance_trees, strict=True):
        want = expected(tree, CHANCE)
        assert entry["agrees"] and entry["visited_leaves"] == entry["expected_leaves"]
        assert entry["expected_value"] == want.value and entry["value"] is None
        assert len(want.leaves) == sum(n.type is NodeType.LEAF for n in tree.nodes())


def test_expect_minmax_is_told_by_its_name_and_minimax_skips_chance_trees(
    correct: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert lesson("chance-average").kind is CHANCE
    status = main(["check-search", str(correct), "--trees", str(TWO_GAMBLES), str(FIGURE)])
    out = capsys.readouterr().out
    assert status == 0
    assert "checked as expectiminimax:" in out
    assert "agrees   Two gambles" in out and "agrees   Figure 5.2" in out  # no dice: minimax
    assert skip_reason(load_tree_file(FIGURE), CHANCE) is None


def test_an_alpha_beta_given_only_chance_trees_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status = main(["check-search", lesson_path("alpha-min"), "--trees", str(TWO_GAMBLES)])
    err = capsys.readouterr().err
    assert status == 2
    assert "none of the trees can be checked as alpha-beta (Two gambles: it has chance" in err


def averaged(node: TreeNode) -> float:
    """A node's value as the chance-average lesson computes it: chance nodes the plain
    mean of their outcomes."""
    if node.type is NodeType.LEAF:
        assert node.value is not None
        return node.value
    values = [averaged(child) for child in node.children]
    if node.type is NodeType.CHANCE:
        return statistics.fmean(values)
    return max(values) if node.type is NodeType.MAX else min(values)


def test_the_chance_average_lesson_chooses_the_move_plain_averages_favour() -> None:
    report = check_search(lesson_path("chance-average"))
    assert report.kind is CHANCE and not report.agrees
    differing = [c for c in report.checks if not c.agrees]
    assert len(differing) >= 3
    for check in report.checks:
        tree = check.tree
        assert check.visited == check.expected  # every leaf, in order, as it should
        values = [averaged(child) for child in tree.root.children]
        assert check.decision == values.index(max(values))  # max() keeps the first
        want = expected(tree, CHANCE)
        right = abs(want.move_values[check.decision] - want.value) < 1e-9
        assert check.agrees == right
    first = differing[0]
    assert first.difference is not None and first.difference.path == ()  # the root
    want = expected(first.tree, CHANCE)
    moves = first.tree.root.children
    chosen, best = moves[first.decision or 0], moves[want.decision]
    assert chosen.type is NodeType.CHANCE and best.type is NodeType.CHANCE
    text = first.difference.text
    assert text.startswith(f"your code chose move {first.decision} (worth ")
    assert f"; the best is {want.decision} (worth " in text
    # How each gamble's value is made: its outcomes' probabilities times their values.
    for move, node in ((first.decision, chosen), (want.decision, best)):
        assert move is not None
        terms = " + ".join(
            f"{child.probability:g} × {want.values[(move, i)]:g}".replace("-", "−")
            for i, child in enumerate(node.children)
        )
        assert f" = {terms})" in text


def test_the_published_shape_that_reassigns_the_state_is_named_at_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, "published.py", REASSIGNS)
    status, answer = check_json(capsys, str(path), "--trees", str(TWO_GAMBLES))
    assert status == 1
    (tree,) = answer["trees"]  # type: ignore[misc]
    said = tree["first_difference"]
    assert said.startswith("your code misused the game: outcome() was given node ")
    line = REASSIGNS.splitlines().index("            res_state = game.outcome(res_state, chance)")
    assert f"(published.py, line {line + 1})" in said


def test_a_chance_node_taken_for_max_is_caught_and_a_returned_value_compared(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    wrong = write(tmp_path, "as_max.py", CHANCE_AS_MAX)
    status, answer = check_json(capsys, str(wrong))
    assert status == 1
    trees = answer["trees"]
    assert isinstance(trees, list)
    assert any(t["first_difference"].startswith("your code chose move") for t in trees)
    # Where the move is right all the same, the value it returned is not.
    assert any(
        "a best move, but gave the root the value" in str(t["first_difference"]) for t in trees
    )
    for t in trees:
        assert t["value"] is not None
    right = write(tmp_path, "weighted.py", "OFFSET = 0\n" + WEIGHTED)
    status, answer = check_json(capsys, str(right))
    assert status == 0
    off = write(tmp_path, "off.py", "OFFSET = 0.5\n" + WEIGHTED)
    status, answer = check_json(capsys, str(off), "--trees", str(TWO_GAMBLES))
    assert status == 1
    (tree,) = answer["trees"]  # type: ignore[misc]
    value = expected(load_tree_file(TWO_GAMBLES), CHANCE).value
    assert tree["value"] == value + 0.5 and tree["expected_value"] == value
    assert "gave the root the value" in tree["first_difference"]


def test_the_lesson_is_listed(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check-search", "--list-lessons"]) == 0
    out = capsys.readouterr().out
    assert "chance-average: expect_minmax averages a chance node's outcomes" in out
    assert "chance_average.py" in out


def test_an_expectiminimax_in_the_app_s_own_protocol_is_checked_in_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    right = write(tmp_path, "own.py", OWN_PROTOCOL.replace("CHANCE_TEST", "mover is Player.CHANCE"))
    status = main(["check-search", str(right)])
    out = capsys.readouterr().out
    assert status == 0, out
    assert "checked as expectiminimax, in this app's protocol:" in out
    assert f"{len(default_trees(CHANCE))} of {len(default_trees(CHANCE))} trees agree" in out
    report = check_search(str(right), trees=[load_tree_file(TWO_GAMBLES)])
    (check,) = report.checks
    assert check.protocol == "own" and check.value == check.expected_value
    # The same code, but a chance node's outcomes asked for as moves: said in words.
    wrong = write(tmp_path, "own_wrong.py", OWN_PROTOCOL.replace("CHANCE_TEST", "False"))
    status, answer = check_json(capsys, str(wrong), "--trees", str(TWO_GAMBLES))
    assert status == 1
    (tree,) = answer["trees"]  # type: ignore[misc]
    assert tree["first_difference"].startswith(
        "your code misused the game: actions() was asked about node 0 (0,), a chance node: "
        "ask chances(state)"
    )


def test_a_file_is_given_the_app_s_protocol_only_when_it_imports_it() -> None:
    from gamesearch_gui.search_check.own_tree import uses_own_protocol

    scope: dict[str, object] = {}
    exec("def f(state, game):\n    return 0\n", scope)
    assert not uses_own_protocol(scope["f"])  # type: ignore[arg-type]
    exec("import gamesearch_gui.api as api\ndef f(state, game):\n    return 0\n", scope)
    assert uses_own_protocol(scope["f"])  # type: ignore[arg-type]


def test_a_leaf_an_expectiminimax_never_evaluates_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each gamble valued by its likeliest outcome alone: the other is never evaluated."""
    likeliest = OWN_PROTOCOL.replace(
        "return sum(p * value(game.result(s, o)) for o, p in game.chances(s))",
        "return value(game.result(s, max(game.chances(s), key=lambda c: c[1])[0]))",
    ).replace("CHANCE_TEST", "mover is Player.CHANCE")
    path = write(tmp_path, "likeliest.py", likeliest)
    status, answer = check_json(capsys, str(path), "--trees", str(TWO_GAMBLES))
    assert status == 1
    (tree,) = answer["trees"]  # type: ignore[misc]
    assert tree["first_difference"] == (
        "your code never evaluated leaf 0.1.0 (value 3), "
        "and expectiminimax evaluates every leaf, in drawn order"
    )
