"""Gambit's extensive-form files (core/trees/efg.py): written from any drawn tree, read
back as the same tree, read by OpenSpiel's own ``efg_game`` reader to the same value the
app's search gives, and every malformed file refused in one line naming the line.

Gambit's own ``pygambit`` 16.x has no wheel for Python 3.11 here (only a source
package that compiles Gambit), so the independent reader of the exported files is
OpenSpiel's ``efg_game`` (``pyspiel.load_efg_game``), a separate implementation of the
format, installed with the test extra. Its values are computed here by backward
induction over the states OpenSpiel builds from the file.
"""

from __future__ import annotations

import io
import json
import math
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from gamesearch_gui.cli import main
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import search
from gamesearch_gui.core.trees.efg import EfgError
from gamesearch_gui.core.trees.efg import chance_fractions
from gamesearch_gui.core.trees.efg import dump_efg
from gamesearch_gui.core.trees.efg import normalized_labels
from gamesearch_gui.core.trees.efg import number_text
from gamesearch_gui.core.trees.efg import quoted
from gamesearch_gui.core.trees.efg import read_efg
from gamesearch_gui.core.trees.examples import ALL_EXAMPLES
from gamesearch_gui.core.trees.examples import Example
from gamesearch_gui.core.trees.file import LineError
from gamesearch_gui.core.trees.file import load_tree
from gamesearch_gui.core.trees.file import read_tree_file
from gamesearch_gui.core.trees.random_tree import random_tree
from gamesearch_gui.core.trees.tree import CustomTree
from gamesearch_gui.core.trees.tree import NodeType
from gamesearch_gui.core.trees.tree import TreeGame
from gamesearch_gui.core.trees.tree import TreeNode
from gamesearch_gui.core.trees.tree import rebuild
from gamesearch_gui.core.trees.tree import same_tree

GAMES = Path(__file__).parent / "gambit"


def without_estimates(tree: CustomTree) -> CustomTree:
    """The tree as a Gambit file can hold it: no evals, value bounds or constant sum."""

    def bare(node: TreeNode) -> TreeNode:
        return TreeNode(
            node.type,
            (),
            node.value,
            None,
            node.probability,
            node.label,
            node.move,
            player=node.player,
            values=node.values,
        )

    return CustomTree(tree.name, rebuild(tree.root, change=bare), players=tree.players)


def solved_value(tree: CustomTree) -> tuple[float, ...]:
    """The app's value of the whole tree: minimax, expectiminimax, or max^n's vector."""
    if tree.players:
        algorithm = Algorithm.MAXN
    elif tree.has_chance:
        algorithm = Algorithm.EXPECTIMINIMAX
    else:
        algorithm = Algorithm.MINIMAX
    result = search(TreeGame(tree), tree.root, SearchSettings(algorithm))
    if tree.players:
        assert result.values is not None
        return tuple(result.values)
    return (result.value,)


def openspiel_value(tree: CustomTree, text: str) -> tuple[float, ...]:
    """The value of OpenSpiel's reading of ``text``, by backward induction: each player
    maximises its own payoff (the first best child in drawn order), chance averages.

    The walk follows the app's tree alongside, finding each drawn child by its action's
    name in the file, and checks that OpenSpiel has the same player, the same actions
    and the same probabilities at every node.
    """
    pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel (the test extra) reads .efg")
    game = pyspiel.load_efg_game(text)
    assert game.get_type().information == pyspiel.GameType.Information.PERFECT_INFORMATION
    two = not tree.players
    assert game.num_players() == (2 if two else len(tree.players))

    def value(node: TreeNode, state: Any) -> tuple[float, ...]:
        if node.type is NodeType.LEAF:
            assert state.is_terminal()
            returns = tuple(state.returns())
            return returns
        by_name = {
            state.action_to_string(state.current_player(), a): a for a in state.legal_actions()
        }
        names = [c.move if c.move is not None else str(i) for i, c in enumerate(node.children)]
        assert sorted(by_name) == sorted(names)
        children = [
            value(c, state.child(by_name[n])) for c, n in zip(node.children, names, strict=True)
        ]
        if node.type is NodeType.CHANCE:
            assert state.is_chance_node()
            probabilities = dict(state.chance_outcomes())
            weights = [probabilities[by_name[n]] for n in names]
            for child, weight in zip(node.children, weights, strict=True):
                assert weight == pytest.approx(child.probability, abs=1e-12)
            return tuple(
                math.fsum(w * v[k] for w, v in zip(weights, children, strict=True))
                for k in range(len(children[0]))
            )
        mover = state.current_player()
        if node.type is NodeType.PLAYER:
            assert mover == node.player
        else:
            assert mover == (0 if node.type is NodeType.MAX else 1)
        best = children[0]
        for child in children[1:]:
            if child[mover] > best[mover]:
                best = child
        return best

    found = value(tree.root, game.new_initial_state())
    return found[:1] if two else found


def check_through_gambit(tree: CustomTree) -> None:
    """Export, read back (the same tree), and read by OpenSpiel (the same value)."""
    text = dump_efg(tree)
    back = read_efg(text).tree
    assert same_tree(back, without_estimates(tree))
    ours = solved_value(tree)
    theirs = openspiel_value(tree, text)
    assert len(ours) == len(theirs)
    for a, b in zip(ours, theirs, strict=True):
        assert a == pytest.approx(b, abs=1e-9)


@pytest.mark.parametrize("example", ALL_EXAMPLES, ids=lambda e: e.key)
def test_every_example_goes_through_gambits_format(example: Example) -> None:
    tree = load_tree(example.resource().read_text())
    check_through_gambit(tree)


@settings(max_examples=150)
@given(
    seed=st.integers(0, 10**6),
    depth=st.integers(1, 5),
    chance=st.sampled_from([(), 0.3, 0.6]),
    early=st.sampled_from([0.0, 0.2]),
    decimals=st.booleans(),
)
def test_random_trees_of_max_and_min_go_through_gambits_format(
    seed: int, depth: int, chance: tuple[int, ...] | float, early: float, decimals: bool
) -> None:
    tree = random_tree(
        depth,
        (1, 4),
        chance_layers=chance,
        early_leaf=early,
        integer_values=not decimals,
        root="min" if seed % 3 == 0 else "max",
        evals=seed % 2 == 0,
        seed=seed,
    )
    check_through_gambit(tree)


@settings(max_examples=100)
@given(
    seed=st.integers(0, 10**6),
    depth=st.integers(1, 5),
    players=st.integers(3, 5),
    chance=st.sampled_from([(), 0.4]),
)
def test_random_trees_of_players_go_through_gambits_format(
    seed: int, depth: int, players: int, chance: tuple[int, ...] | float
) -> None:
    tree = random_tree(
        depth, (1, 3), chance_layers=chance, early_leaf=0.2, players=players, seed=seed
    )
    check_through_gambit(tree)


def test_gambits_own_reader_takes_the_exported_files() -> None:
    """Where pygambit is installed (16.x has no wheel for Python 3.11; 17.0.0b2 does):
    Gambit's C++ reader takes every exported file, exact probabilities and all. Gambit
    17 asks node names to be distinct within a game, so the labels are made so here."""
    pygambit = pytest.importorskip("pygambit", reason="pygambit is not installed")
    trees = [load_tree(e.resource().read_text()) for e in ALL_EXAMPLES]
    for seed in range(40):
        trees.append(random_tree(1 + seed % 5, (1, 4), chance_layers=0.4, seed=seed))
        trees.append(random_tree(1 + seed % 4, (1, 3), chance_layers=0.4, players=3, seed=seed))
    for tree in trees:
        labelled = iter(range(tree.node_count))

        def distinct(node: TreeNode, numbers: Iterator[int] = labelled) -> TreeNode:
            label = None if node.label is None else f"{node.label} {next(numbers)}"
            return TreeNode(
                node.type,
                (),
                node.value,
                None,
                node.probability,
                label,
                node.move,
                player=node.player,
                values=node.values,
            )

        named = CustomTree(tree.name, rebuild(tree.root, change=distinct), players=tree.players)
        game = pygambit.read_efg(io.StringIO(dump_efg(named)))
        assert game.title == tree.name


def test_a_tree_of_max_and_min_is_written_as_gambit_writes_a_game() -> None:
    tree = load_tree(
        '{"format": "gamesearch-tree", "version": 1, "name": "Figure 5.2", "root": '
        '{"type": "max", "label": "A", "children": ['
        '{"type": "min", "label": "B", "move": "a1", "children": [{"value": 3}, {"value": 12}]},'
        '{"type": "chance", "move": "a2", "children": ['
        '{"probability": 0.3333333333333333, "value": 3},'
        '{"probability": 0.6666666666666666, "value": -0.5}]}]}}'
    )
    assert dump_efg(tree).splitlines() == [
        'EFG 2 R "Figure 5.2" { "MAX" "MIN" }',
        '"Written by gamesearch-gui: MAX is player 1, MIN player 2; an end worth v pays v, -v"',
        "",
        'p "A" 1 1 "" { "a1" "a2" } 0',
        'p "B" 2 1 "" { "0" "1" } 0',
        't "" 1 "" { 3, -3 }',
        't "" 2 "" { 12, -12 }',
        'c "" 1 "" { "0" 1/3 "1" 2/3 } 0',
        't "" 1 "" { 3, -3 }',
        't "" 3 "" { -0.5, 0.5 }',
    ]


def test_names_are_quoted_as_gambit_quotes_them() -> None:
    assert quoted('say "hi"') == '"say \\"hi\\""'
    assert quoted("C:\\games") == '"C:\\games"'  # a backslash before a letter is itself
    assert quoted("ends\\") == '"ends\\\\"'
    tree = load_tree(
        '{"format": "gamesearch-tree", "version": 1, "name": "a \\"b\\" \\\\ c\\\\",'
        ' "root": {"type": "max", "label": "x\\\\\\"y\\nz", "children": ['
        '{"value": 1, "move": "\\"", "label": "é ♟"}, {"value": 2, "move": "\\\\"}]}}'
    )
    back = read_efg(dump_efg(tree)).tree
    assert same_tree(back, tree)
    assert back.name == 'a "b" \\ c\\'


def test_numbers_are_written_so_that_gambit_reads_them_exactly() -> None:
    assert [number_text(v) for v in (3, -12, 0.1, 3.0, 1e-20, 1e22, -2.5)] == [
        "3",
        "-12",
        "0.1",
        "3.0",
        "0.00000000000000000001",
        "10000000000000000000000.0",
        "-2.5",
    ]
    for value in (0.1, 1e-20, 1e22, -2.5, 1 / 3, 123456.789):
        assert float(number_text(value)) == value


def test_probabilities_are_the_trees_rationals_and_sum_to_exactly_one() -> None:
    assert chance_fractions([1 / 3] * 3) == [Fraction(1, 3)] * 3
    assert chance_fractions([0.1, 0.2, 0.7]) == [Fraction(1, 10), Fraction(1, 5), Fraction(7, 10)]
    # A closing probability as random trees make them: each float comes back exactly.
    closing = [0.3, 0.5, 1 - 0.3 - 0.5]
    fractions = chance_fractions(closing)
    assert sum(fractions) == 1
    assert [float(f) for f in fractions] == closing


def test_move_names_are_made_distinct_as_gambit_makes_them() -> None:
    assert normalized_labels(["x", "x", "x_1", ""]) == ["x_2", "x_3", "x_1", "_1"]
    assert normalized_labels(["a", "b"]) == ["a", "b"]


# Gambit's own games -----------------------------------------------------------------


def test_gambits_nim_is_a_tree_of_max_and_min_with_its_names() -> None:
    source = read_tree_file(GAMES / "nim.efg")
    tree = source.tree
    assert tree.name.startswith("Nim-like game")
    assert source.origin == "Gambit game"
    assert '"Player 1" is MAX' in source.about
    assert tree.root.type is NodeType.MAX and tree.root.label == "5 left"
    assert [c.move for c in tree.root.children] == ["TAKE 1", "TAKE 2"]
    assert tree.root.children[0].type is NodeType.MIN
    # The file's last end pays player 2 (as it is written), so player 1 loses: -1.
    assert solved_value(tree) == (-1,)
    assert solved_value(tree) == openspiel_value(tree, (GAMES / "nim.efg").read_text())


def test_a_constant_sum_game_is_max_and_min_on_player_ones_payoff() -> None:
    source = read_tree_file(GAMES / "centcs6.efg")
    assert "constant-sum, the second gets 3.2 minus the first's" in source.about
    assert solved_value(source.tree) == (pytest.approx(1.6),)
    result = search(TreeGame(source.tree), source.tree.root, SearchSettings(Algorithm.MINIMAX))
    assert result.best_move == 0  # TAKE at once, as backward induction says


def test_a_chance_node_of_rationals_is_read_exactly() -> None:
    tree = read_tree_file(GAMES / "perfect_info_with_chance.efg").tree
    chance = tree.root.children[0]
    assert chance.type is NodeType.CHANCE
    assert [c.probability for c in chance.children] == [0.5, 0.5]
    assert solved_value(tree) == (-1,)


def test_three_players_are_a_tree_of_players() -> None:
    tree = read_tree_file(GAMES / "3_player_perfect_info_1_move_each.efg").tree
    assert tree.players == ("Player 1", "Player 2", "Player 3")
    assert tree.root.type is NodeType.PLAYER and tree.root.player == 0
    assert solved_value(tree) == (1, 1, 1)


def test_imperfect_information_is_refused_in_words() -> None:
    with pytest.raises(LineError) as raised:
        read_tree_file(GAMES / "e04.efg")
    assert str(raised.value) == (
        'e04.efg, line 9: information set 1 of player 2 ("Player 2") holds more than one '
        "node (lines 6 and 9): a game of imperfect information, which the app cannot "
        "search (it reads games of perfect information only)"
    )


def test_a_general_sum_game_of_two_players_is_refused_in_words() -> None:
    with pytest.raises(LineError, match=r"cent4\.efg, line 7: a general-sum game of two"):
        read_tree_file(GAMES / "cent4.efg")


def test_an_outcome_at_an_inner_node_adds_to_every_end_below() -> None:
    tree = read_efg(
        'EFG 2 R "stages" { "1" "2" }\n'
        'p "" 1 1 "" { "a" "b" } 1 "stage" { 10, -10 }\n'
        't "" 2 "" { 1, -1 }\n'
        't "" 0\n'
    ).tree
    assert [c.value for c in tree.root.children] == [11, 10]


def test_repeated_infosets_and_outcomes_may_leave_out_their_description() -> None:
    tree = read_efg(
        'EFG 2 D "reuse" { "1" "2" } "a comment"\n'
        'c "" 1 "" { "h" 1/4 "t" .75 } 0\n'
        'c "" 1 0\n'
        't "" 1 "win" { 1.5e1 -15 }\n'
        't "" 1\n'
        't "" 1 "win" { 15, -15 }\n'
    ).tree
    assert [c.probability for c in tree.root.children] == [0.25, 0.75]
    assert [c.value for c in tree.root.children[0].children] == [15, 15]
    assert tree.root.children[1].value == 15


def test_solve_reads_an_efg_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "--json", str(GAMES / "perfect_info_with_chance.efg")]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["algorithm"] == "expectiminimax"
    assert answer["value"] == -1
    assert answer["best_move"] == 1


def test_solve_writes_an_efg_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "fig.efg"
    assert main(["solve", "[[3,12,8],[2,4,6],[14,5,2]]", "--efg", str(out), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["value"] == 3
    assert out.read_text().startswith('EFG 2 R "nested list" { "MAX" "MIN" }\n')
    assert main(["solve", "--json", str(out)]) == 0
    assert json.loads(capsys.readouterr().out)["value"] == 3


def test_solve_efg_takes_only_a_tree(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "--game", "tictactoe", "--efg", "x.efg"]) == 2
    assert "--efg writes a tree FILE" in capsys.readouterr().err


# Malformed files --------------------------------------------------------------------

GOOD = 'EFG 2 R "g" { "A" "B" }\np "" 1 1 "" { "l" "r" } 0\nt "" 1 "" { 1, -1 }\nt "" 0\n'

#: Each malformed file: its text, the line named, and words the message holds.
BAD: dict[str, tuple[str, int, str]] = {
    "empty": ("", 1, "not a Gambit extensive-form file"),
    "another tag": ('NFG 1 R "g" { "A" }', 1, "must start with EFG 2 R"),
    "version": ('EFG 3 R "g" { "A" }', 1, "only EFG version 2"),
    "data type": ('EFG 2 X "g" { "A" }', 1, "expected R (or D)"),
    "no title": ("EFG 2 R { }", 1, "the game's title in quotes"),
    "no players": ('EFG 2 R "g" { }\nt "" 0\n', 1, "names no players"),
    "unknown node": (GOOD.replace('t "" 0', 'x "" 0'), 4, "expected a node (p, c or t)"),
    "player out of range": (GOOD.replace('p "" 1 1', 'p "" 3 1'), 2, "player 3 does not exist"),
    "player zero": (GOOD.replace('p "" 1 1', 'p "" 0 1'), 2, "at least 1"),
    "infoset undefined": (GOOD.replace('1 "" { "l" "r" }', "1"), 2, "used before it is described"),
    "no actions": (GOOD.replace('{ "l" "r" }', "{ }"), 2, "at least one action"),
    "imperfect information": (
        'EFG 2 R "g" { "A" "B" }\nc "" 1 "" { "h" 1/2 "t" 1/2 } 0\n'
        'p "" 2 1 "" { "l" } 0\nt "" 0\np "" 2 1 "" { "l" } 0\nt "" 0\n',
        5,
        "imperfect information",
    ),
    "probabilities do not sum": (
        'EFG 2 R "g" { "A" }\nc "" 1 "" { "h" 0.5 "t" 0.4 } 0\nt "" 0\nt "" 0\n',
        2,
        "add up to 0.9, not 1",
    ),
    "zero probability": (
        'EFG 2 R "g" { "A" }\nc "" 1 "" { "h" 1 "t" 0 } 0\nt "" 0\nt "" 0\n',
        2,
        "probability of 0",
    ),
    "zero denominator": (GOOD.replace("{ 1, -1 }", "{ 1/0, -1 }"), 3, '"1/0" is not a number'),
    "not a number": (GOOD.replace("{ 1, -1 }", "{ 1, -1x }"), 3, '"-1x" is not a number'),
    "too large": (GOOD.replace("{ 1, -1 }", "{ 1e400, -1 }"), 3, '"1e400" is too large a number'),
    "too many digits": (
        GOOD.replace("{ 1, -1 }", "{ " + "7" * 5000 + ", -1 }"),
        3,
        "has 5,000 digits, more than the 4,300 a number may have",
    ),
    "payoff count": (GOOD.replace("{ 1, -1 }", "{ 1 }"), 3, "has 1 payoffs, but the game has 2"),
    "outcome undefined": (GOOD.replace('1 "" { 1, -1 }', "2"), 3, "outcome 2 is used before"),
    "null outcome with payoffs": (
        GOOD.replace('t "" 0', 't "" 0 "" { 1, -1 }'),
        4,
        "outcome 0 is no outcome",
    ),
    "outcome described twice": (
        GOOD.replace('t "" 0', 't "" 1 "" { 2, -2 }'),
        4,
        "described differently than on line 3",
    ),
    "unclosed quote": (GOOD.replace('t "" 0', 't "oops 0'), 4, "never closes"),
    "unclosed after an escape": (GOOD.replace('t "" 0', 't "oops \\" 0'), 4, "never closes"),
    # A name's own lines count: the error after it is on the line it is on.
    "after a name of two lines": (
        GOOD.replace('p "" 1 1 ""', 'p "two\nlines" 1 1 "a \\"quoted\\"\nname"').replace(
            "{ 1, -1 }", "{ 1, -1x }"
        ),
        5,
        '"-1x" is not a number',
    ),
    "ends early": (GOOD.replace('t "" 0\n', ""), 3, "ends before the tree does"),
    "goes on": (GOOD + 't "" 0\n', 5, "the file goes on"),
    "general sum": (GOOD.replace('t "" 0', 't "" 2 "" { 1, 1 }'), 4, "general-sum"),
    "too deep": (
        'EFG 2 R "g" { "A" }\n'
        + "".join(f'p "" 1 {i} "" {{ "a" }} 0\n' for i in range(1, 203))
        + 't "" 0\n',
        203,
        "deeper than 200 levels",
    ),
}


@pytest.mark.parametrize("case", BAD, ids=list(BAD))
def test_a_malformed_file_is_refused_naming_its_line(case: str, tmp_path: Path) -> None:
    text, line, words = BAD[case]
    path = tmp_path / "game.efg"
    path.write_text(text)
    with pytest.raises(LineError) as raised:
        read_tree_file(path)
    message = str(raised.value)
    assert message.startswith(f"game.efg, line {line}: "), message
    assert words in message, message
    assert "\n" not in message


def test_the_good_file_of_the_malformed_ones_is_read() -> None:
    tree = read_efg(GOOD).tree
    assert [c.value for c in tree.root.children] == [1, 0]
    assert [c.move for c in tree.root.children] == ["l", "r"]


@pytest.mark.parametrize("case", ["imperfect information", "unclosed quote", "general sum"])
def test_solve_refuses_a_malformed_file_in_one_line(
    case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text, line, words = BAD[case]
    path = tmp_path / "game.efg"
    path.write_text(text)
    assert main(["solve", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert err.startswith(f"gamesearch-gui solve: error: game.efg, line {line}: ")
    assert words in err
    assert "Traceback" not in err


def test_an_efg_error_names_its_line() -> None:
    with pytest.raises(EfgError) as raised:
        read_efg('EFG 2 R "g" { "A" }\n\n\np "" 1 1 "" { "a" } 7\n')
    assert raised.value.line == 4


def test_a_big_file_is_read_with_its_check_called_and_a_cancel_stops_it() -> None:
    text = dump_efg(random_tree(9, (3, 3), seed=1))  # 29,524 nodes
    calls: list[int] = []
    tree = read_efg(text, check=lambda: calls.append(1)).tree
    assert tree.node_count == 29524 and len(calls) >= 3

    class Cancelled(Exception):
        pass

    def cancel() -> None:
        if calls:
            raise Cancelled
        calls.append(1)

    calls.clear()
    with pytest.raises(Cancelled):
        read_efg(text, check=cancel)


def test_an_outcome_is_reused_only_where_gambit_would_read_it_the_same() -> None:
    tree = load_tree("[[0, 0.0], [0, -0.0]]")
    lines = dump_efg(tree).splitlines()[3:]
    assert lines[2:4] == ['t "" 1 "" { 0, 0 }', 't "" 2 "" { 0.0, 0.0 }']
    assert lines[5:] == ['t "" 1 "" { 0, 0 }', 't "" 2 "" { 0.0, 0.0 }']
