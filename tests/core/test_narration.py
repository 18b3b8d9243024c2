"""One narration: the words of a search's steps, node kinds and node facts are spelled in
core/narration and nowhere else, and every view says them alike."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

from gamesearch_gui.core.exercises.grade import node_name as reason_name
from gamesearch_gui.core.narration.facts import kind_text
from gamesearch_gui.core.narration.facts import node_title
from gamesearch_gui.core.narration.line import START_TEXT
from gamesearch_gui.core.narration.line import STARTING_TEXT
from gamesearch_gui.core.narration.line import step_line
from gamesearch_gui.core.narration.steps import describe_step
from gamesearch_gui.core.narration.words import KIND_NOUNS
from gamesearch_gui.core.narration.words import KIND_RULES
from gamesearch_gui.core.narration.words import VALUATION_WORDS
from gamesearch_gui.core.narration.words import kind_noun
from gamesearch_gui.core.narration.words import kind_rule
from gamesearch_gui.core.narration.words import type_noun
from gamesearch_gui.core.recording.events import NodeKind
from gamesearch_gui.core.recording.events import Valuation
from gamesearch_gui.core.trees.tree import NodeType
from tests.core.test_recording import figure_5_2

PACKAGE = Path(__file__).resolve().parents[2] / "gamesearch_gui"
NARRATION = PACKAGE / "core" / "narration"

#: The node kinds' names: a string that is exactly one of them names a node.
NOUNS = tuple(noun for noun in KIND_NOUNS.values() if noun != "leaf")
#: Pieces of sentences only the narration says: the rules, how a value came about, and
#: the step line's and the details' own turns of phrase.
#: (Not the few words other texts say too: "the game is over", "transposition table".)
PHRASES = (
    *(rule for kind, rule in KIND_RULES.items() if kind is not NodeKind.TERMINAL),
    *(words for how, words in VALUATION_WORDS.items() if how is not Valuation.TRANSPOSITION),
    "child value",
    "entered with",
    "Start at the root",
    " leads to ",
    " ends the game: ",
    "Star1's bound",
    "'s node",
    "'s decision (",
    "Principal variation:",
    "The search is over",
    "Press play or step",
    "not yet known (being searched)",
)


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the docstring constants in ``tree`` (they explain code, not the app)."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def spelled_words(source: str) -> Iterator[tuple[int, str]]:
    """(line, text) of each string in ``source`` (f-strings' pieces too, docstrings not)
    that names a node kind or says one of the narration's phrases."""
    tree = ast.parse(source)
    skip = _docstrings(tree)
    for node in ast.walk(tree):
        if not isinstance(node, ast.Constant) or not isinstance(node.value, str):
            continue
        if id(node) in skip:
            continue
        text = node.value
        if text.strip() in NOUNS or any(phrase in text for phrase in PHRASES):
            yield node.lineno, text


def test_the_scan_finds_a_node_kind_or_a_phrase_spelled_out() -> None:
    source = (
        '"""A docstring may say MAX node and takes the smallest child value."""\n'
        'KIND = {1: "MAX node"}\n'
        "def f(name):\n"
        '    """MIN node."""\n'
        '    return f"{name} takes the smallest child value: 3"\n'
        'NOTE = "chance nodes need a tree of depth 2"\n'
    )
    assert [line for line, _ in spelled_words(source)] == [2, 5]


def test_no_module_but_the_narration_spells_its_words() -> None:
    """A second module that names a node kind or says a step's words would drift from
    these: say them with core/narration instead."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if NARRATION in path.parents:
            continue
        for line, text in spelled_words(path.read_text(encoding="utf-8")):
            found.append(f"{path.relative_to(PACKAGE)}:{line}: {text!r}")
    assert not found, "words spelled outside core/narration:\n" + "\n".join(found)


@pytest.mark.parametrize("kind", list(NodeKind))
def test_every_node_kind_has_a_name_and_a_rule(kind: NodeKind) -> None:
    assert kind_rule(kind) == f"{kind_noun(kind)} ({KIND_RULES[kind]})"


def test_every_valuation_has_words() -> None:
    assert set(VALUATION_WORDS) == set(Valuation)


def test_a_drawn_node_is_named_as_the_search_names_its_kind() -> None:
    assert [type_noun(t) for t in NodeType if t is not NodeType.PLAYER] == [
        "MAX node",
        "MIN node",
        "chance node",
        "leaf",
    ]


def test_the_step_line_the_details_and_the_reasons_name_a_node_alike() -> None:
    recording = figure_5_2()
    tree = recording.game.tree
    for n in range(recording.node_count):
        path = recording.state(n).path
        title = node_title(recording, n)
        assert title == reason_name(tree, path)[:1].upper() + reason_name(tree, path)[1:]
        kind = recording.node_kind(n)
        assert kind_text(recording, n) == kind_rule(kind)
        said = describe_step(recording, recording.entered_at[n])
        if n:
            assert said.startswith(f"Move {recording.move_text(n)} leads to {recording.name(n)},")
        else:
            assert said == "Start at the root, a MAX node with α = −∞, β = +∞"


def test_the_step_line_says_how_to_start_each_step_and_at_the_end_the_best_line() -> None:
    recording = figure_5_2()
    assert step_line(recording, 0, starting=False, over=True) == START_TEXT
    assert step_line(recording, 0, starting=True, over=False) == STARTING_TEXT
    assert step_line(recording, 1, starting=False, over=True) == describe_step(recording, 0)
    last = recording.event_count
    said = describe_step(recording, last - 1)
    assert step_line(recording, last, starting=False, over=False) == said
    assert step_line(recording, last, starting=False, over=True) == (
        f"{said}\nThe search is over. Principal variation: root → a1 → 0 (value 3)."
    )
