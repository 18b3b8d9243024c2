"""UC Berkeley CS188's GraphGameTree test files, read as trees (core/trees/cs188.py).

The course's own cases (tests/core/cs188/, see its README for their source and licence)
are solved with the search their agent asks for, and each must choose the ``action``
and generate exactly the ``generated`` states its ``.solution`` file gives. Bad files are
refused in one line that names the file and the line.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from gamesearch_gui.cli import main
from gamesearch_gui.core.recording.events import NodeEntered
from gamesearch_gui.core.recording.events import SearchEvent
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import search
from gamesearch_gui.core.trees.file import LineError
from gamesearch_gui.core.trees.file import TreeFileError
from gamesearch_gui.core.trees.file import read_tree_file
from gamesearch_gui.core.trees.file import read_tree_source
from gamesearch_gui.core.trees.tree import NodeType
from gamesearch_gui.core.trees.tree import TreeGame
from gamesearch_gui.core.trees.tree import TreeNode
from gamesearch_gui.core.trees.tree import as_node

CASES = Path(__file__).parent / "cs188"
ALL_CASES = sorted(CASES.glob("q*/*.test"))


def solution(test: Path) -> dict[str, str]:
    """The ``.solution`` file beside ``test``: its one-line fields."""
    fields: dict[str, str] = {}
    for line in test.with_suffix(".solution").read_text().splitlines():
        match = re.fullmatch(r'(\w+): "(.*)"', line)
        if match:
            fields[match.group(1)] = match.group(2)
    return fields


def solved(test: Path, **options: object) -> tuple[str, list[str], float]:
    """The action the app's search chooses for ``test`` with the file's own algorithm,
    the states it generated (the labels of the nodes it entered, sorted as the
    autograder sorts them) and the value."""
    source = read_tree_file(test)
    assert source.algorithm is not None
    entered: set[str] = set()

    def listen(event: SearchEvent) -> None:
        if isinstance(event, NodeEntered):
            label = as_node(event.state).label
            assert label is not None
            entered.add(label)

    tree = source.tree
    settings = SearchSettings(algorithm=Algorithm(source.algorithm), **options)  # type: ignore[arg-type]
    result = search(TreeGame(tree), tree.root, settings, listener=listen)
    assert result.best_move is not None
    action = tree.root.children[result.best_move].move
    assert action is not None
    return action, sorted(entered), float(result.value)  # type: ignore[arg-type]


def test_the_course_cases_are_here() -> None:
    assert len(ALL_CASES) >= 9
    assert {p.parent.name for p in ALL_CASES} == {"q2", "q3", "q4"}
    assert CASES.joinpath("q3", "6-tied-root.test").exists()


@pytest.mark.parametrize(
    "test", [t for t in ALL_CASES if t.stem != "6-tied-root"], ids=lambda p: p.stem
)
def test_each_case_gives_the_autograders_action_and_generated_states(test: Path) -> None:
    expected = solution(test)
    action, generated, _ = solved(test)
    assert action == expected["action"]
    assert " ".join(generated) == expected["generated"]


def test_the_tied_root_differs_only_by_the_leaf_the_strict_rule_keeps() -> None:
    """CS188 cuts on v > beta and v < alpha; the app's default rule (the textbook's)
    also cuts on equality, so at min2, where B = 10 ties alpha = 10, it skips C. The
    action and value are the same; the strict rule (--strict-pruning) generates C too."""
    expected = solution(CASES / "q3" / "6-tied-root.test")
    action, generated, value = solved(CASES / "q3" / "6-tied-root.test")
    assert (action, value) == (expected["action"], 10)
    assert set(expected["generated"].split()) - set(generated) == {"C"}
    assert set(generated) < set(expected["generated"].split())


def levels(node: TreeNode) -> list[set[NodeType]]:
    """The kinds of node at each depth of the tree below ``node``."""
    found: list[set[NodeType]] = []
    row = [node]
    while row:
        found.append({n.type for n in row})
        row = [c for n in row for c in n.children]
    return found


def test_two_ghosts_are_two_min_levels_and_depth_counts_rounds() -> None:
    """7-2a: depth 1 with three agents is three plies (Pacman, ghost 1, ghost 2): the
    d states are the leaves, valued by their evaluation lines, and nothing deeper is read."""
    source = read_tree_file(CASES / "q2" / "7-2a-check-depth-two-ghosts.test")
    tree = source.tree
    assert source.algorithm == "minimax"
    assert levels(tree.root) == [{NodeType.MAX}, {NodeType.MIN}, {NodeType.MIN}, {NodeType.LEAF}]
    leaves = [n for n in tree.nodes() if n.type is NodeType.LEAF]
    assert [(n.label, n.value) for n in leaves] == [("d1", 10), ("d2", 0), ("d3", 8)]
    assert [c.move for c in tree.root.children] == ["Left", "Center", "Right"]
    # An inner state's evaluation line is its estimate for a cutoff of the app's own.
    assert tree.root.children[2].eval == 8
    assert tree.name == "7-2a-check-depth-two-ghosts"
    assert "depth 1: 1 round of Pacman (MAX) and 2 ghosts (MIN), at most 3 plies" in source.about


def test_a_deeper_depth_reads_more_rounds() -> None:
    """7-1b: depth 2 of Pacman and one ghost is four plies."""
    source = read_tree_file(CASES / "q2" / "7-1b-check-depth-one-ghost.test")
    assert source.tree.height == 4
    assert levels(source.tree.root)[:4] == [
        {NodeType.MAX},
        {NodeType.MIN},
        {NodeType.MAX},
        {NodeType.MIN},
    ]


def test_expectimax_ghosts_are_chance_nodes_of_equal_probabilities() -> None:
    source = read_tree_file(CASES / "q4" / "4-two-ghosts-3level.test")
    assert source.algorithm == "expectiminimax"
    assert levels(source.tree.root)[:3] == [{NodeType.MAX}, {NodeType.CHANCE}, {NodeType.CHANCE}]
    for node in source.tree.nodes():
        if node.type is NodeType.CHANCE:
            assert [c.probability for c in node.children] == [1 / len(node.children)] * len(
                node.children
            )
    _, _, value = solved(CASES / "q4" / "0-expectimax1.test")
    assert value == pytest.approx((3 + 12 + 8) / 3)


def test_win_and_lose_states_are_leaves() -> None:
    tree = read_tree_file(CASES / "q2" / "0-eval-function-lose-states-1.test").tree
    text = (CASES / "q2" / "0-eval-function-lose-states-1.test").read_text()
    lose = re.search(r'lose_states: "(.*)"', text)
    assert lose is not None
    for node in tree.nodes():
        if node.label in lose.group(1).split():
            assert node.type is NodeType.LEAF


@pytest.mark.parametrize(
    ("test", "algorithm"),
    [
        ("q2/0-small-tree.test", "minimax"),
        ("q3/6-tied-root.test", "alphabeta"),
        ("q4/0-expectimax1.test", "expectiminimax"),
    ],
)
def test_solve_takes_the_agents_search_by_default(
    test: str, algorithm: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["solve", "--json", str(CASES / test)]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["algorithm"] == algorithm


def test_solve_algorithm_option_wins_over_the_agent(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(["solve", "--json", "--algorithm", "minimax", str(CASES / "q3/6-tied-root.test")]) == 0
    )
    answer = json.loads(capsys.readouterr().out)
    assert answer["algorithm"] == "minimax"
    assert answer["pruned"] == []


def test_solve_reads_a_case_from_standard_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import io
    import sys

    data = (CASES / "q2" / "0-small-tree.test").read_bytes()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))
    assert main(["solve", "-"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("stdin (CS188 MinimaxAgent, depth 3: 3 rounds of Pacman (MAX)")
    assert "best move           pacLeft" in out


@pytest.mark.parametrize("name", ["t.gtree.json", "t.test"])
def test_the_apps_own_formats_are_read_as_before(name: str, tmp_path: Path) -> None:
    path = tmp_path / name
    path.write_text("[[3,12,8],[2,4,6],[14,5,2]]")
    source = read_tree_file(path)
    assert (source.algorithm, source.about) == (None, "")
    assert source.tree.node_count == 13
    with pytest.raises(TreeFileError, match="not JSON"):
        read_tree_source(b"hello", "x")


GOOD = (CASES / "q3" / "6-tied-root.test").read_text()


def edited(old: str, new: str) -> str:
    assert old in GOOD
    return GOOD.replace(old, new, 1)


#: A bad case: its text, the line the message names, and words the message holds.
BAD = {
    "unknown field": (edited('depth: "3"', 'depth: "3"\nseed: "4"'), 4, 'unknown field "seed"'),
    "not a field": (edited('depth: "3"', "depth 3"), 3, '"depth 3" is not a field'),
    "block never closed": (GOOD.rsplit('"""', 1)[0], 27, 'the block "evaluation" opened'),
    "field twice": (edited('depth: "3"', 'depth: "3"\ndepth: "2"'), 4, '"depth" is given twice'),
    "another class": (
        edited("GraphGameTreeTest", "PacmanGameTreeTest"),
        1,
        'class "PacmanGameTreeTest" is not a tree',
    ),
    "unknown agent": (
        edited("AlphaBetaAgent", "ReflexAgent"),
        2,
        '"alg" must be MinimaxAgent, AlphaBetaAgent or ExpectimaxAgent, not "ReflexAgent"',
    ),
    "depth not a number": (edited('depth: "3"', 'depth: "three"'), 3, "whole number"),
    "depth 0": (edited('depth: "3"', 'depth: "0"'), 3, '"depth" must be 1 to'),
    "no agents": (edited('num_agents: "2"', 'num_agents: "0"'), 13, '"num_agents" must be 1'),
    "too deep": (edited('depth: "3"', 'depth: "150"'), 3, "deeper than the 200"),
    "short successor line": (edited("min2 Left B", "min2 Left"), 23, "state action next_state"),
    "action twice": (edited("min2 Right C", "min2 Left C"), 24, 'the action "Left" twice'),
    "value not a number": (edited("B 10.0", "B ten"), 29, 'not "ten"'),
    "value not finite": (edited("B 10.0", "B nan"), 29, "finite number"),
    "value infinite": (edited("B 10.0", "B inf"), 29, "finite number"),
    "long evaluation line": (edited("B 10.0", "B 10.0 # ten"), 29, "state value"),
    "valued twice": (edited("B 10.0", "B 10.0\nB 9.0"), 30, '"B" is valued twice'),
    "leaf not valued": (edited("C 0.0\n", ""), 24, '"C" is a leaf (a lose state)'),
    "missing field": (edited('lose_states: "C"\n', ""), 30, 'without "lose_states"'),
    "start has no move": (edited('start_state: "max"', 'start_state: "A"'), 15, "no move"),
    "two start states": (edited('start_state: "max"', 'start_state: "max A"'), 15, "one state"),
    "win and lose": (edited('lose_states: "C"', 'lose_states: "C B"'), 17, "both a win state"),
}


@pytest.mark.parametrize("case", BAD, ids=list(BAD))
def test_a_bad_case_is_refused_naming_its_line(case: str, tmp_path: Path) -> None:
    text, line, words = BAD[case]
    path = tmp_path / "tied.test"
    path.write_text(text)
    with pytest.raises(LineError) as raised:
        read_tree_file(path)
    message = str(raised.value)
    assert message.startswith(f"tied.test, line {line}: "), message
    assert words in message
    assert "\n" not in message


@pytest.mark.parametrize("case", ["unknown field", "leaf not valued", "another class"])
def test_solve_refuses_a_bad_case_in_one_line(
    case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text, line, words = BAD[case]
    path = tmp_path / "tied.test"
    path.write_text(text)
    assert main(["solve", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert err.startswith(f"gamesearch-gui solve: error: tied.test, line {line}: ")
    assert words in err
    assert "Traceback" not in err


def test_a_case_that_is_not_utf8_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "tied.test"
    path.write_bytes(GOOD.encode() + b"\xff")
    with pytest.raises(TreeFileError, match="not UTF-8"):
        read_tree_file(path)


def test_a_case_named_otherwise_is_known_by_its_first_field(tmp_path: Path) -> None:
    path = tmp_path / "tied.txt"
    path.write_text(GOOD)
    assert read_tree_file(path).algorithm == "alphabeta"
    # A JSON tree whose label holds "#" and ": " is still JSON.
    text = (
        '{"format": "gamesearch-tree", "version": 1, "name": "a: \\"#1\\"", "root": {"value": 1}}'
    )
    assert read_tree_source(text.encode(), "x").tree.name == 'a: "#1"'


def test_comments_and_windows_line_ends_are_read(tmp_path: Path) -> None:
    path = tmp_path / "tied.test"
    path.write_bytes(("# a comment\r\n" + GOOD.replace("\n", "\r\n")).encode())
    action, generated, _ = solved(path)
    assert action == "Left"
    assert "C" not in generated


def test_a_state_reached_twice_is_drawn_twice(tmp_path: Path) -> None:
    text = edited("min1 Down A", "min1 Down A\nmin1 Up B")
    path = tmp_path / "graph.test"
    path.write_text(text)
    tree = read_tree_file(path).tree
    assert [n.label for n in tree.nodes() if n.type is NodeType.LEAF] == ["A", "B", "B", "C"]


def test_a_graph_whose_paths_explode_is_refused_before_it_is_built(tmp_path: Path) -> None:
    """Two states that both lead to both of the next two, 60 levels down: 2**61 paths.
    Counted, not built: refused at once, naming the depth's line."""
    lines = ["s0a Left s1a", "s0a Right s1b"]
    for i in range(1, 60):
        for here in (f"s{i}a", f"s{i}b"):
            lines += [f"{here} Left s{i + 1}a", f"{here} Right s{i + 1}b"]
    text = (
        'class: "GraphGameTreeTest"\nalg: "MinimaxAgent"\ndepth: "30"\nnum_agents: "2"\n'
        'start_state: "s0a"\nwin_states: "s60a s60b"\nlose_states: ""\n'
        'successors: """\n' + "\n".join(lines) + '\n"""\n'
        'evaluation: """\ns60a 1\ns60b 2\n"""\n'
    )
    path = tmp_path / "wide.test"
    path.write_text(text)
    with pytest.raises(LineError, match=r"wide\.test, line 3: to depth 30, .* more than 2,000,000"):
        read_tree_file(path)
