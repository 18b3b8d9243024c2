"""UC Berkeley CS188's GraphGameTree test files (``.test``), read as trees.

The multi-agent project's autograder (http://ai.berkeley.edu) describes its small game
trees as text: fields ``name: "value"`` on one line, or ``name: \"\"\"`` and the lines up
to a closing ``\"\"\"``; ``#`` starts a comment outside a block. A GraphGameTree case has

- ``class: "GraphGameTreeTest"``, ``alg`` (``MinimaxAgent``, ``AlphaBetaAgent`` or
  ``ExpectimaxAgent``), ``depth`` (rounds in which every agent moves once) and
  ``num_agents`` (Pacman, then the ghosts);
- ``start_state``, ``win_states`` and ``lose_states`` (state names, space-separated);
- ``successors``: lines ``state action next_state``, each state's actions in order;
- ``evaluation``: lines ``state value``, what the evaluation function says of a state;
- ``diagram``: a drawing for people (optional here), not read.

The tree is what the autograder's search sees: Pacman (agent 0) is MAX, each ghost a MIN
level after it (an ``ExpectimaxAgent``'s ghosts are chance nodes, each action equally
likely), and the search stops at a win or lose state, at a state with no successors, and
after ``depth`` rounds, that is ``depth × num_agents`` plies; those states are the leaves,
valued by their evaluation line. An inner state's evaluation line becomes its ``eval``
(the estimate a cutoff of the app's own uses). A state reached twice is drawn twice.

Reading is all or nothing and never raises anything but :class:`Cs188Error`, whose
``line`` names the line of the file at fault. No search here: ``algorithm`` is the name
of the search the case's agent is (``Algorithm``'s values), as plain data.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from dataclasses import field
from typing import Final

from gamesearch_gui.core.files import printable
from gamesearch_gui.core.numbers import tidy
from gamesearch_gui.core.trees.tree import MAX_DEPTH
from gamesearch_gui.core.trees.tree import MAX_NODES
from gamesearch_gui.core.trees.tree import CustomTree
from gamesearch_gui.core.trees.tree import NodeType
from gamesearch_gui.core.trees.tree import Number
from gamesearch_gui.core.trees.tree import TextLineError
from gamesearch_gui.core.trees.tree import TreeNode
from gamesearch_gui.core.trees.tree import inner
from gamesearch_gui.core.trees.tree import leaf

__all__ = ["AGENTS", "FIELDS", "Cs188Case", "Cs188Error", "looks_like_test", "read_test"]

#: The file's test class that holds a tree.
TREE_CLASS: Final = "GraphGameTreeTest"
#: Each agent a case may name, and the search it is (``Algorithm``'s values).
AGENTS: Final = {
    "MinimaxAgent": "minimax",
    "AlphaBetaAgent": "alphabeta",
    "ExpectimaxAgent": "expectiminimax",
}
#: Every field of a GraphGameTree case, in the order the course's files write them.
FIELDS: Final = (
    "class",
    "alg",
    "depth",
    "diagram",
    "num_agents",
    "start_state",
    "win_states",
    "lose_states",
    "successors",
    "evaluation",
)
#: The fields a case may leave out (the drawing is only for people).
_OPTIONAL: Final = frozenset({"diagram"})
#: The most agents a case may have (Pacman and 99 ghosts: far beyond any course's).
MAX_AGENTS: Final = 100
#: Nodes built between two calls of the reader's check.
_CHECK_EVERY: Final = 8192
#: Characters of a file's line that a message quotes at most.
_QUOTE: Final = 40

# The course's own reader (testParser.py) takes a field as these two shapes.
_ONE_LINE = re.compile(r'\A([^"]*?):\s*"([^"]*)"\s*\Z')
_BLOCK = re.compile(r'\A([^"]*?):\s*"""\s*\Z')
_BLOCK_END = re.compile(r'\A\s*"""\s*\Z')


class Cs188Error(TextLineError):
    """A CS188 test file that cannot be read as a tree: ``line`` (1-based; the last line
    for what is missing) and ``rule``, what is wrong there."""


@dataclass(frozen=True)
class _Field:
    """A field as the file writes it: its text, where its name is, and its lines (a
    block's lines with their numbers; a one-line field's one)."""

    text: str
    line: int
    lines: tuple[tuple[int, str], ...]


@dataclass(frozen=True)
class Cs188Case:
    """A GraphGameTree case read as a tree, and what its autograder asks of it."""

    tree: CustomTree
    agent: str  #: ``MinimaxAgent``, ``AlphaBetaAgent`` or ``ExpectimaxAgent``
    depth: int  #: rounds of every agent, as the course counts depth
    agents: int  #: Pacman and the ghosts

    @property
    def algorithm(self) -> str:
        """The search the agent is: ``minimax``, ``alphabeta`` or ``expectiminimax``."""
        return AGENTS[self.agent]

    @property
    def plies(self) -> int:
        """How deep the course's search looks: ``depth`` rounds of every agent."""
        return self.depth * self.agents

    def about(self) -> str:
        """One line on what was read: the agent, its depth in rounds and in plies, and
        who plays which level ("CS188 AlphaBetaAgent, depth 3: 3 rounds of Pacman (MAX)
        and 1 ghost (MIN), at most 6 plies")."""
        ghosts = self.agents - 1
        who = "Pacman (MAX)"
        if ghosts:
            kind = "chance" if self.agent == "ExpectimaxAgent" else "MIN"
            who += f" and {ghosts} ghost{'s' if ghosts > 1 else ''} ({kind})"
        rounds = "round" if self.depth == 1 else "rounds"
        plies = "ply" if self.plies == 1 else "plies"
        return (
            f"CS188 {self.agent}, depth {self.depth}: {self.depth} {rounds} of {who}, "
            f"at most {self.plies} {plies}"
        )


def _quote(text: str) -> str:
    """What the file wrote, short and printable, in quotes."""
    if len(text) > _QUOTE:
        text = text[: _QUOTE - 1] + "…"
    return f'"{printable(text)}"'


def _lines(text: str) -> list[str]:
    """The file's lines, with any newline convention (as Python's text files read them)."""
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def _uncommented(line: str) -> str:
    cut = line.find("#")
    return line if cut < 0 else line[:cut]


def looks_like_test(text: str) -> bool:
    """True when ``text``'s first field-like line is a CS188 field (not JSON)."""
    for raw in _lines(text[:4096]):
        line = _uncommented(raw)
        if not line.strip():
            continue
        return bool(_ONE_LINE.match(line) or _BLOCK.match(line))
    return False


def _fields(text: str) -> tuple[dict[str, _Field], int]:
    """The file's fields by name, in the file's order, and its number of lines;
    Cs188Error for a line that is no field, a block never closed or a field given twice."""
    raw_lines = _lines(text)
    fields: dict[str, _Field] = {}
    i = 0
    while i < len(raw_lines):
        number = i + 1
        line = _uncommented(raw_lines[i])
        if not line.strip():
            i += 1
            continue
        one = _ONE_LINE.match(line)
        block = None if one else _BLOCK.match(line)
        if one is not None:
            name, value = one.group(1).strip(), one.group(2)
            lines: tuple[tuple[int, str], ...] = ((number, value),)
            i += 1
        elif block is not None:
            name = block.group(1).strip()
            body: list[tuple[int, str]] = []
            i += 1
            while i < len(raw_lines) and not _BLOCK_END.match(_uncommented(raw_lines[i])):
                body.append((i + 1, raw_lines[i]))
                i += 1
            if i == len(raw_lines):
                raise Cs188Error(number, f'the block "{name}" opened here never ends with """')
            i += 1
            lines = tuple(body)
            value = "\n".join(text for _, text in body)
        else:
            raise Cs188Error(
                number,
                f'{_quote(raw_lines[i].strip())} is not a field: write name: "value", '
                'or name: """ and its lines up to a line of """',
            )
        if name in fields:
            raise Cs188Error(number, f'"{name}" is given twice (first on line {fields[name].line})')
        fields[name] = _Field(value, number, lines)
    # (the empty text after a last newline is no line of the file)
    return fields, max(1, len(raw_lines) - (raw_lines[-1] == ""))


def _whole(field: _Field, name: str, low: int, high: int) -> int:
    text = field.text.strip()
    if not re.fullmatch(r"[0-9]+", text):
        raise Cs188Error(field.line, f'"{name}" must be a whole number, not {_quote(text)}')
    number = int(text)
    if not low <= number <= high:
        raise Cs188Error(field.line, f'"{name}" must be {low} to {high}, not {number}')
    return number


def _name_problem(name: str) -> str | None:
    if not name.isprintable():
        return f"{_quote(name)} holds a character that is not printable"
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return f"{_quote(name)} holds a character that is not text"
    return None


def _names(field: _Field, name: str) -> dict[str, int]:
    """A space-separated list of state names, each with its line."""
    found: dict[str, int] = {}
    for number, text in field.lines:
        for state in text.split():
            problem = _name_problem(state)
            if problem is not None:
                raise Cs188Error(number, f'in "{name}": {problem}')
            found.setdefault(state, number)
    return found


@dataclass
class _Graph:
    """The case's states: wins and losses, successors in order, evaluations, and the
    line where each state is first named (each with its line)."""

    wins: dict[str, int]
    losses: dict[str, int]
    successors: dict[str, list[tuple[str, str, int]]] = field(default_factory=dict)
    evaluation: dict[str, tuple[Number, int]] = field(default_factory=dict)
    first_seen: dict[str, int] = field(default_factory=dict)

    def ends(self, state: str, ply: int, plies: int) -> str | None:
        """Why the search stops at ``state``, ``ply`` plies down (it is a leaf there), or
        None where it goes on."""
        if state in self.wins:
            return "a win state"
        if state in self.losses:
            return "a lose state"
        if ply == plies:
            return f"the search stops after depth × num_agents = {plies} plies"
        if not self.successors.get(state):
            return "no successors"
        return None

    def tree_size(self, start: str, plies: int) -> int:
        """The nodes of the tree from ``start`` (a state once per path to it), counted
        level by level from the bottom without building it; past ``MAX_NODES`` it says
        ``MAX_NODES + 1``."""
        states = {start, *self.first_seen}
        below: dict[str, int] = {}
        for ply in range(plies, -1, -1):
            here: dict[str, int] = {}
            for state in states:
                if self.ends(state, ply, plies) is not None:
                    here[state] = 1
                else:
                    moves = self.successors[state]
                    here[state] = min(MAX_NODES + 1, 1 + sum(below[c] for _, c, _ in moves))
            below = here
        return below[start]


def _successors(field: _Field, graph: _Graph) -> None:
    for number, text in field.lines:
        tokens = text.split()
        if not tokens:
            continue  # a blank line says nothing
        if len(tokens) != 3:
            raise Cs188Error(
                number,
                f"a successor line is: state action next_state, not {_quote(text.strip())}",
            )
        for token in tokens:
            problem = _name_problem(token)
            if problem is not None:
                raise Cs188Error(number, problem)
        state, action, child = tokens
        moves = graph.successors.setdefault(state, [])
        for earlier, _, line in moves:
            if earlier == action:
                raise Cs188Error(
                    number,
                    f"state {_quote(state)} has the action {_quote(action)} twice "
                    f"(first on line {line})",
                )
        moves.append((action, child, number))
        graph.first_seen.setdefault(state, number)
        graph.first_seen.setdefault(child, number)


def _evaluation(field: _Field, graph: _Graph) -> None:
    for number, text in field.lines:
        tokens = text.split()
        if not tokens:
            continue
        if len(tokens) != 2:
            raise Cs188Error(
                number, f"an evaluation line is: state value, not {_quote(text.strip())}"
            )
        state, written = tokens
        problem = _name_problem(state)
        if problem is not None:
            raise Cs188Error(number, problem)
        try:
            value = float(written)
        except ValueError:
            value = math.nan
        if "_" in written or not math.isfinite(value):
            raise Cs188Error(
                number,
                f"the value of {_quote(state)} must be a finite number, not {_quote(written)}",
            )
        if state in graph.evaluation:
            raise Cs188Error(
                number,
                f"{_quote(state)} is valued twice (first on line {graph.evaluation[state][1]})",
            )
        graph.evaluation[state] = (tidy(value), number)


def _read_graph(fields: dict[str, _Field]) -> tuple[_Graph, str]:
    start_field = fields["start_state"]
    starts = start_field.text.split()
    if len(starts) != 1:
        raise Cs188Error(
            start_field.line, f'"start_state" is one state, not {_quote(start_field.text)}'
        )
    start = starts[0]
    problem = _name_problem(start)
    if problem is not None:
        raise Cs188Error(start_field.line, problem)
    graph = _Graph(
        _names(fields["win_states"], "win_states"), _names(fields["lose_states"], "lose_states")
    )
    for state, number in graph.losses.items():
        if state in graph.wins:
            raise Cs188Error(
                number,
                f"{_quote(state)} is both a win state (line {graph.wins[state]}) and a lose state",
            )
    _successors(fields["successors"], graph)
    _evaluation(fields["evaluation"], graph)
    graph.first_seen.setdefault(start, start_field.line)
    return graph, start


def _leaf_value(graph: _Graph, state: str, why: str) -> Number:
    valued = graph.evaluation.get(state)
    if valued is None:
        line = graph.first_seen.get(state, 1)
        raise Cs188Error(line, f'{_quote(state)} is a leaf ({why}) but has no line in "evaluation"')
    return valued[0]


def _build(
    graph: _Graph,
    start: str,
    agent: str,
    agents: int,
    plies: int,
    check: Callable[[], None] | None,
) -> TreeNode:
    """The tree the agent's search sees, built bottom-up without recursion (``check``
    called now and then: a graph whose states are reached many ways is a big tree)."""
    chance = agent == "ExpectimaxAgent"
    # Walk entries: (state, action, ply, probability); a None entry closes the last node
    # opened, whose children are the last ``n`` built.
    built: list[TreeNode] = []
    opened: list[tuple[str, str | None, int, float | None, int]] = []
    stack: list[tuple[str, str | None, int, float | None] | None] = [(start, None, 0, None)]
    count = 0
    while stack:
        entry = stack.pop()
        if entry is None:
            state, action, ply, probability, n = opened.pop()
            children = built[len(built) - n :]
            del built[len(built) - n :]
            mover = ply % agents
            kind = NodeType.MAX if mover == 0 else NodeType.CHANCE if chance else NodeType.MIN
            estimate = graph.evaluation.get(state)
            built.append(
                inner(
                    kind,
                    children,
                    eval=None if estimate is None else estimate[0],
                    probability=probability,
                    label=state,
                    move=action,
                )
            )
            continue
        state, action, ply, probability = entry
        count += 1
        if check is not None and count % _CHECK_EVERY == 0:
            check()
        why = graph.ends(state, ply, plies)
        if why is not None:
            value = _leaf_value(graph, state, why)
            built.append(leaf(value, probability=probability, label=state, move=action))
            continue
        moves = graph.successors[state]
        mover = ply % agents
        share = 1 / len(moves) if chance and mover != 0 else None
        opened.append((state, action, ply, probability, len(moves)))
        stack.append(None)
        for move, child, _ in reversed(moves):
            stack.append((child, move, ply + 1, share))
    return built[0]


def read_test(text: str, name: str, *, check: Callable[[], None] | None = None) -> Cs188Case:
    """The case a CS188 GraphGameTree test file's ``text`` holds, as a tree named ``name``.

    Cs188Error (naming the line) for anything the course's autograder would not read,
    for another class of test, and for a case that is no tree to search. ``check`` is
    called now and then while a big tree is built; whatever it raises stops the reading.
    """
    fields, line_count = _fields(text)
    test_class = fields.get("class")
    # Another class of test says so first: its fields are not a tree's.
    if test_class is not None and test_class.text != TREE_CLASS:
        raise Cs188Error(
            test_class.line,
            f"the class {_quote(test_class.text)} is not a tree: only {TREE_CLASS} cases are "
            "(the others play whole Pacman games)",
        )
    for key, given in fields.items():
        if key not in FIELDS:
            raise Cs188Error(
                given.line,
                f"unknown field {_quote(key)} (a {TREE_CLASS} case has " + ", ".join(FIELDS) + ")",
            )
    missing = [f for f in FIELDS if f not in fields and f not in _OPTIONAL]
    if missing:
        names = ", ".join(f'"{f}"' for f in missing)
        raise Cs188Error(
            line_count, f"the file ends without {names}: a GraphGameTree case needs them"
        )
    alg = fields["alg"]
    if alg.text not in AGENTS:
        agents_named = ", ".join(list(AGENTS)[:-1]) + f" or {list(AGENTS)[-1]}"
        raise Cs188Error(alg.line, f'"alg" must be {agents_named}, not {_quote(alg.text)}')
    agents = _whole(fields["num_agents"], "num_agents", 1, MAX_AGENTS)
    depth = _whole(fields["depth"], "depth", 1, MAX_DEPTH)
    if depth * agents > MAX_DEPTH:
        raise Cs188Error(
            fields["depth"].line,
            f"depth {depth} of {agents} agents is {depth * agents} plies, deeper than the "
            f"{MAX_DEPTH} the app can draw",
        )
    graph, start = _read_graph(fields)
    if start in graph.wins or start in graph.losses or not graph.successors.get(start):
        raise Cs188Error(
            fields["start_state"].line,
            f"the start state {_quote(start)} has no move to choose (it is a win or lose "
            "state, or no successor line starts from it)",
        )
    size = graph.tree_size(start, depth * agents)
    if size > MAX_NODES:
        raise Cs188Error(
            fields["depth"].line,
            f"to depth {depth}, this case's tree has more than {MAX_NODES:,} nodes (a state "
            "reached by several paths is drawn once per path), more than the app can draw",
        )
    root = _build(graph, start, alg.text, agents, depth * agents, check)
    return Cs188Case(CustomTree(name, root), alg.text, depth, agents)
