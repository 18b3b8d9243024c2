"""The examples library: every example loads, is valid and gives its stated answer.

Each answer is checked twice: with search() and through ``gamesearch-gui solve --json``.
"""

from __future__ import annotations

import json
from importlib.resources import as_file
from pathlib import Path

import pytest

from gamesearch_gui.cli import main
from gamesearch_gui.core.recording.events import ChildrenPruned
from gamesearch_gui.core.recording.events import NodeEntered
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import SearchResult
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import search
from gamesearch_gui.core.trees.examples import ALL_EXAMPLES
from gamesearch_gui.core.trees.examples import EXAMPLES
from gamesearch_gui.core.trees.examples import Example
from gamesearch_gui.core.trees.examples import example
from gamesearch_gui.core.trees.examples import examples_folder
from gamesearch_gui.core.trees.examples import pennies_tree
from gamesearch_gui.core.trees.file import check_tree
from gamesearch_gui.core.trees.file import load_tree_file
from gamesearch_gui.core.trees.tree import NodeType
from gamesearch_gui.core.trees.tree import TreeGame
from gamesearch_gui.core.trees.tree import TreeNode
from gamesearch_gui.core.trees.tree import path_text
from gamesearch_gui.core.trees.tree import same_tree
from gamesearch_gui.paths import TREE_SUFFIX

ROOT = Path(__file__).resolve().parents[2]
IDS = [e.key for e in EXAMPLES]


def solve(e: Example, depth: int | None) -> tuple[SearchResult, list[str]]:
    tree = e.tree()
    paths: dict[int, tuple[int, ...]] = {}
    pruned: list[str] = []

    def listen(event: object) -> None:
        if isinstance(event, NodeEntered):
            paths[event.node_id] = event.state.path
        elif isinstance(event, ChildrenPruned):
            pruned.extend(path_text((*paths[event.node_id], m)) for m in event.moves)

    settings = SearchSettings(algorithm=e.algorithm, depth=depth)
    return search(TreeGame(tree), tree.root, settings, listener=listen), pruned


def solve_cli(
    capsys: pytest.CaptureFixture[str], e: Example, depth: int | None
) -> dict[str, object]:
    args = ["--algorithm", e.algorithm.value]
    if depth is not None:
        args += ["--depth", str(depth)]
    with as_file(e.resource()) as path:
        assert main(["solve", str(path), *args, "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert isinstance(answer, dict)
    return answer


def test_the_library_lists_every_file_once_in_order() -> None:
    on_disk = sorted(
        p.name for p in (ROOT / "resources" / "trees" / "examples").glob("*" + TREE_SUFFIX)
    )
    assert [e.filename for e in ALL_EXAMPLES] == on_disk
    bundled = sorted(t.name for t in examples_folder().iterdir() if t.name.endswith(TREE_SUFFIX))
    assert bundled == on_disk
    assert len({e.key for e in ALL_EXAMPLES}) == len(ALL_EXAMPLES)
    assert len(EXAMPLES) == 11  # the eight, the chance example thrice, quiescence


def test_example_by_key() -> None:
    assert example("figure-5-2") is EXAMPLES[0]
    with pytest.raises(KeyError, match="no example 'nope'"):
        example("nope")


@pytest.mark.parametrize("e", EXAMPLES, ids=IDS)
def test_example_loads_and_is_valid(e: Example) -> None:
    tree = e.tree()
    check_tree(tree)
    assert tree.name == e.title
    assert e.caption and "\n" not in e.caption
    assert e.filename.endswith(TREE_SUFFIX)
    assert e.filename[:2].isdecimal()
    assert e.algorithm.handles_chance == tree.has_chance
    assert (e.full_value is None) == (e.depth is None) == (e.full_best_move is None)


@pytest.mark.parametrize("e", EXAMPLES, ids=IDS)
def test_example_gives_its_answer_with_search(e: Example) -> None:
    result, pruned = solve(e, e.depth)
    assert result.value == pytest.approx(e.expected_value)
    assert result.best_move == e.expected_best_move
    if e.expected_pruned is not None:
        assert tuple(pruned) == e.expected_pruned
    if e.depth is not None:
        full, _ = solve(e, None)
        assert full.value == pytest.approx(e.full_value)
        assert full.best_move == e.full_best_move
        assert (full.value, full.best_move) != (result.value, result.best_move)


@pytest.mark.parametrize("e", EXAMPLES, ids=IDS)
def test_example_gives_its_answer_through_the_command_line(
    e: Example, capsys: pytest.CaptureFixture[str]
) -> None:
    answer = solve_cli(capsys, e, e.depth)
    assert answer["algorithm"] == e.algorithm.value
    assert answer["value"] == pytest.approx(e.expected_value)
    assert answer["best_move"] == e.expected_best_move
    if e.expected_pruned is not None:
        assert answer["pruned"] == list(e.expected_pruned)
    if e.depth is not None:
        full = solve_cli(capsys, e, None)
        assert full["value"] == pytest.approx(e.full_value)
        assert full["best_move"] == e.full_best_move


def test_figure_5_2_is_drawn_as_in_the_textbook() -> None:
    tree = example("figure-5-2").tree()
    root = tree.root
    assert root.label == "A"
    assert [c.label for c in root.children] == ["B", "C", "D"]
    assert [c.move for c in root.children] == ["a1", "a2", "a3"]
    assert [c.move for c in root.children[0].children] == ["b1", "b2", "b3"]
    assert [[g.value for g in c.children] for c in root.children] == [
        [3, 12, 8],
        [2, 4, 6],
        [14, 5, 2],
    ]
    variant = example("figure-5-2-variant").tree()
    assert [g.value for g in variant.node_at((1,)).children] == [2, 4, 1]


def test_friends_examples() -> None:
    greedy = example("greedy-friends").tree()
    assert greedy.root.type is NodeType.MAX
    assert [[g.value for g in c.children] for c in greedy.root.children] == [
        [10, 50, 25],
        [5, 2, 25],
    ]
    generous = example("generous-friends").tree()
    assert generous.root.type is NodeType.MIN
    assert all(c.type is NodeType.MAX for c in generous.root.children)
    unknown = [path_text(n.path) for n in generous.nodes() if n.label == "?"]
    assert unknown == list(example("generous-friends").expected_pruned or ())


def test_rock_paper_scissors_values() -> None:
    tree = example("rock-paper-scissors").tree()
    names = ["rock", "paper", "scissors"]
    assert [c.move for c in tree.root.children] == names
    table = {(c.move, g.move): g.value for c in tree.root.children for g in c.children}
    assert table[("scissors", "rock")] == -20
    assert table[("scissors", "paper")] == 15
    assert [table[(n, n)] for n in names] == [0, 0, 0]
    assert table[("rock", "scissors")] == table[("paper", "rock")] == 1
    assert table[("rock", "paper")] == table[("paper", "scissors")] == -1


def test_the_chance_examples_keep_the_order_of_values_but_not_the_choice() -> None:
    small = example("chance-small").tree()
    scaled = example("chance-scaled").tree()
    values = [n.value for n in small.nodes() if n.type is NodeType.LEAF]
    scaled_values = [n.value for n in scaled.nodes() if n.type is NodeType.LEAF]
    assert values == [2, 3, 1, 4]
    assert scaled_values == [20, 30, 1, 400]
    assert sorted(range(4), key=values.__getitem__) == sorted(
        range(4), key=scaled_values.__getitem__
    )
    assert [c.probability for c in small.root.children[0].children] == [0.9, 0.1]
    moves = {e.key: e.expected_best_move for e in EXAMPLES}
    assert moves["chance-small"] != moves["chance-scaled"]
    # Without chance (MIN in place of each chance node) both trees agree: order is all.
    for e in (example("chance-small"), example("chance-scaled")):
        tree = e.tree()
        as_min = tree
        for i in range(2):
            node = tree.node_at((i,))
            plain = TreeNode(NodeType.MIN, node.children)
            as_min = as_min.replace_at((i,), plain)
        result = search(TreeGame(as_min), as_min.root, SearchSettings(algorithm=Algorithm.MINIMAX))
        assert result.best_move == 0


def test_the_pennies_file_is_the_game_walked() -> None:
    tree = example("pennies-7").tree()
    assert same_tree(tree, pennies_tree(7))
    assert tree.root.children[0].move == "7=4+3"
    assert {n.value for n in tree.nodes() if n.type is NodeType.LEAF} == {-1, 1}


def test_the_horizon_example_has_evals_on_every_inner_node() -> None:
    tree = load_tree_file(
        ROOT / "resources" / "trees" / "examples" / "08-horizon-effect.gtree.json"
    )
    inner = [n for n in tree.nodes() if n.type is not NodeType.LEAF]
    assert inner and all(n.eval is not None for n in inner)
    assert tree.height > example("horizon-effect").depth  # type: ignore[operator]


def test_the_quiescence_companion_is_the_tree_quiescence_searches() -> None:
    from gamesearch_gui.core.games import TicTacToe
    from gamesearch_gui.core.trees.examples import QUIESCENCE_POSITION
    from gamesearch_gui.core.trees.examples import quiescence_tree

    tree = example("horizon-quiescence").tree()
    assert same_tree(tree, quiescence_tree())
    # Its answers are the game's: depth 1 plays 1, quiescence plays 3, and the file
    # holds one node for each node the game's quiescence search visits.
    game = TicTacToe()
    state = game.parse_position(QUIESCENCE_POSITION)
    plain = search(game, state, SearchSettings(Algorithm.MINIMAX, depth=1))
    quiet = search(game, state, SearchSettings(Algorithm.MINIMAX, depth=1, quiescence=True))
    moves = [child.move for child in tree.root.children]
    assert game.move_text(state, plain.best_move) == moves[0] == "1"
    assert game.move_text(state, quiet.best_move) == moves[2] == "3"
    assert quiet.stats.nodes == sum(1 for _ in tree.nodes())
    labels = {n.label for n in tree.nodes() if n.label}
    assert labels == {"X must block", "O must block", "X can win", "quiet"}
