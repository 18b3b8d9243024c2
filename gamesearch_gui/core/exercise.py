"""Exercises: game trees to solve by hand, their answer keys, and the grader.

An :class:`Exercise` is a tree and a task (minimax values, alpha-beta, or expectiminimax
values). Its :class:`AnswerKey` is read from the engine's own event stream: the search
runs once with a :class:`~gamesearch_gui.core.recording.SearchRecording` listening, and
every expected entry (a node's value, its alpha and beta when it is left, which
branches a cutoff skips) is what that stream says. Nothing here computes a value a
second way, so the key and the tree view's replay of the same search always agree.

A student's :class:`Answer` holds what they typed and marked. :func:`grade` compares it
with the key entry by entry and explains each mistake in one line, in the words a
teacher would use. Hints reveal the key one node at a time, in the order the search
settled them; a revealed entry earns nothing.
"""

from __future__ import annotations

import enum
import math
import random
import re
from dataclasses import dataclass, field
from fractions import Fraction

from gamesearch_gui.core.numbers import format_number
from gamesearch_gui.core.recording import NONE, SearchRecording
from gamesearch_gui.core.search import Algorithm, SearchSettings, search
from gamesearch_gui.core.text import clip
from gamesearch_gui.core.tree import (
    CustomTree,
    NodeType,
    Path,
    TreeGame,
    TreeNode,
    path_text,
    rebuild,
)
from gamesearch_gui.core.treefile import TreeFileError, check_tree

__all__ = [
    "CUSTOM",
    "DIFFICULTIES",
    "MAX_EXERCISE_NODES",
    "MAX_RANDOM_LEAVES",
    "TOLERANCE",
    "Answer",
    "AnswerKey",
    "Difficulty",
    "Exercise",
    "ExerciseError",
    "Field",
    "Grade",
    "NodeKey",
    "Task",
    "Verdict",
    "difficulty_name",
    "exercise_set",
    "exercise_tree",
    "grade",
    "make_exercise",
    "parse_entry",
    "random_exercise",
    "solve_exercise",
]

#: The most nodes an exercise may have: past this, working by hand stops being practice.
MAX_EXERCISE_NODES = 300
#: How far a typed value may be from the key's and still count: answers to two decimals.
TOLERANCE = 0.005
#: The most leaves a random exercise has: what a printed page holds legibly (values at
#: about 6 points across A4 landscape), and more than enough to practise on.
MAX_RANDOM_LEAVES = 32
#: How many trees a random exercise may draw before one fits MAX_RANDOM_LEAVES.
_TRIES = 1000


class ExerciseError(ValueError):
    """An exercise that cannot be set (the message says why)."""


class Task(enum.Enum):
    """What the student works out."""

    MINIMAX = "minimax"
    ALPHABETA = "alphabeta"
    EXPECTIMINIMAX = "expectiminimax"

    @property
    def title(self) -> str:
        """The task's name in a menu."""
        return {
            Task.MINIMAX: "Minimax values",
            Task.ALPHABETA: "Alpha-beta pruning",
            Task.EXPECTIMINIMAX: "Expectiminimax values",
        }[self]

    @property
    def algorithm(self) -> Algorithm:
        """The search whose events make the key."""
        return {
            Task.MINIMAX: Algorithm.MINIMAX,
            Task.ALPHABETA: Algorithm.ALPHABETA,
            Task.EXPECTIMINIMAX: Algorithm.EXPECTIMINIMAX,
        }[self]

    @property
    def instructions(self) -> str:
        """What to do, as an exercise sheet says it."""
        if self is Task.MINIMAX:
            return "Write the minimax value of every MAX and MIN node."
        if self is Task.ALPHABETA:
            return (
                "Run alpha-beta, children from left to right. Write the value each MAX and "
                "MIN node returns, and its alpha and beta when it is left; cross out every "
                "branch that is never searched."
            )
        return (
            "Write the expectiminimax value of every MAX, MIN and chance node "
            "(a chance node's value is the probability-weighted average of its children)."
        )


class Field(enum.Enum):
    """One kind of entry on a node."""

    VALUE = "value"
    ALPHA = "alpha"
    BETA = "beta"
    PRUNED = "pruned"  #: the branch into this node is never searched


# -- exercises ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Exercise:
    """A tree to solve by hand and the task. ``source`` says where the tree came from."""

    tree: CustomTree
    task: Task
    title: str
    source: str = ""
    seed: str | None = None


@dataclass(frozen=True)
class Difficulty:
    """The shape of a random exercise tree.

    ``chance_share`` is the share of the levels between the root and the leaves that are
    chance levels (rounded, but at least one when it is above zero). A tree has at most
    ``most_leaves`` leaves: a shape that could have more is drawn again until it fits.
    """

    depth: int = 3
    branching: tuple[int, int] = (2, 3)
    chance_share: float = 0.0
    values: tuple[int, int] = (0, 20)
    most_leaves: int = MAX_RANDOM_LEAVES

    def chance_levels(self) -> int:
        """How many levels are chance levels."""
        inner_levels = self.depth - 1
        if self.chance_share <= 0 or inner_levels <= 0:
            return 0
        return max(1, min(inner_levels, round(self.chance_share * inner_levels)))

    def check(self) -> None:
        """ExerciseError unless this difficulty can make a tree a person can work out."""
        if not 1 <= self.depth <= 6:
            raise ExerciseError(f"depth must be between 1 and 6, not {self.depth}")
        lo, hi = self.branching
        if not 1 <= lo <= hi <= 5 or hi < 2:
            raise ExerciseError(
                f"children per node must be a range within 1 to 5 that allows at least 2, "
                f"not {lo} to {hi}"
            )
        if not 0 <= self.chance_share <= 1:
            raise ExerciseError(f"the share of chance levels is 0 to 1, not {self.chance_share}")
        if self.chance_share > 0 and self.depth < 2:
            raise ExerciseError("chance nodes need a tree of depth 2 or more")
        if self.values[0] > self.values[1]:
            raise ExerciseError(f"leaf values {self.values} are not a range")
        if lo**self.depth > self.most_leaves:
            raise ExerciseError(
                f"depth {self.depth} with at least {lo} children makes at least "
                f"{lo**self.depth} leaves; a random exercise has at most {self.most_leaves}"
            )
        if _most_nodes(self.depth, hi) > MAX_EXERCISE_NODES:
            raise ExerciseError(
                f"depth {self.depth} with up to {hi} children can make "
                f"{_most_nodes(self.depth, hi):,} nodes; an exercise has at most "
                f"{MAX_EXERCISE_NODES}"
            )


def _most_nodes(depth: int, most: int) -> int:
    return sum(most**level for level in range(depth + 1))


#: Difficulties offered by name.
DIFFICULTIES: dict[str, Difficulty] = {
    "Easy": Difficulty(2, (2, 3)),
    "Medium": Difficulty(3, (2, 3)),
    "Hard": Difficulty(4, (2, 3)),
}


#: The name of a difficulty that is none of DIFFICULTIES.
CUSTOM = "Custom"


def difficulty_name(difficulty: Difficulty) -> str:
    """The preset whose depth and children per node ``difficulty`` has, else CUSTOM."""
    for name, preset in DIFFICULTIES.items():
        if (preset.depth, preset.branching) == (difficulty.depth, difficulty.branching):
            return name
    return CUSTOM


def _letters(i: int) -> str:
    """A, B, ..., Z, AA, AB, ...: the textbook's node names."""
    text = ""
    i += 1
    while i:
        i, rest = divmod(i - 1, 26)
        text = chr(ord("A") + rest) + text
    return text


def exercise_tree(tree: CustomTree) -> CustomTree:
    """``tree`` as an exercise shows it: no evals (a hand search goes to the leaves), and
    inner nodes named A, B, C... breadth first, unless some inner node is named already."""
    named = any(n.label for n in tree.nodes() if n.type is not NodeType.LEAF)
    labels: dict[Path, str] = {}
    if not named:
        queue = [tree.root]
        for node in queue:  # grows while it is read: breadth first
            if node.type is not NodeType.LEAF:
                labels[node.path] = _letters(len(labels))
                queue.extend(node.children)
    has_evals = any(n.eval is not None for n in tree.nodes())
    if not labels and not has_evals:
        return tree

    def change(node: TreeNode) -> TreeNode:
        label = labels.get(node.path, node.label)
        return TreeNode(node.type, (), node.value, None, node.probability, label, node.move)

    return CustomTree(tree.name, rebuild(tree.root, change=change), tree.value_bounds)


def make_exercise(
    tree: CustomTree,
    task: Task,
    *,
    title: str | None = None,
    source: str = "",
    seed: str | None = None,
) -> Exercise:
    """An exercise on ``tree``; ExerciseError when the tree does not suit the task."""
    if tree.root.type is NodeType.LEAF:
        raise ExerciseError("the tree is a single leaf: there is nothing to work out")
    if tree.node_count > MAX_EXERCISE_NODES:
        raise ExerciseError(
            f"the tree has {tree.node_count:,} nodes; an exercise by hand has at most "
            f"{MAX_EXERCISE_NODES}"
        )
    if tree.has_chance and task is not Task.EXPECTIMINIMAX:
        raise ExerciseError(
            f"the tree has chance nodes, so its task is expectiminimax, not {task.title.lower()}"
        )
    for node in tree.nodes():
        if node.type is NodeType.LEAF and node.value is None:
            raise ExerciseError(f"the leaf at {path_text(node.path) or 'the root'} has no value")
        if node.type is not NodeType.LEAF and not node.children:
            where = path_text(node.path) or "the root"
            raise ExerciseError(f"the {node.type.value} node at {where} has no children")
    try:
        check_tree(tree)  # the file format's rules: probabilities that sum to 1, ...
    except TreeFileError as error:
        raise ExerciseError(str(error)) from None
    return Exercise(exercise_tree(tree), task, title or tree.name, source, seed)


def random_exercise(
    difficulty: Difficulty,
    task: Task,
    seed: int | str,
    *,
    title: str | None = None,
) -> Exercise:
    """A random exercise: the same difficulty, task and seed give the same exercise."""
    from gamesearch_gui.core.randomtree import random_tree

    difficulty.check()
    count = difficulty.chance_levels()
    if count and task is not Task.EXPECTIMINIMAX:
        raise ExerciseError(f"trees with chance nodes are for expectiminimax, not {task.title}")
    rng = random.Random(f"{seed}/chance levels")
    chance = sorted(rng.sample(range(1, difficulty.depth), count)) if count else []
    lo, hi = difficulty.branching
    seed_text = str(seed)
    # A shape that may grow past most_leaves is drawn again, from seeds derived from this
    # one (so the same seed still gives the same tree), until a tree fits.
    for attempt in range(_TRIES):
        tree = random_tree(
            difficulty.depth,
            (lo, hi),
            difficulty.values,
            chance_layers=chance,
            seed=seed_text if attempt == 0 else f"{seed_text}#{attempt}",
            name=title or f"Exercise {seed_text}",
        )
        leaves = sum(1 for node in tree.nodes() if node.type is NodeType.LEAF)
        if leaves <= difficulty.most_leaves:
            break
    else:
        raise ExerciseError(
            f"depth {difficulty.depth} with {lo} to {hi} children seldom makes a tree of at "
            f"most {difficulty.most_leaves} leaves: choose fewer children or less depth"
        )
    shape = f"depth {difficulty.depth}, {lo}–{hi} children"
    if chance:
        shape += f", {len(chance)} chance level{'s' if len(chance) > 1 else ''}"
    return make_exercise(
        tree,
        task,
        title=title or f"Exercise {seed_text}",
        source=f"random tree ({shape}), seed {seed_text}",
        seed=seed_text,
    )


def exercise_set(seed: int | str, count: int, difficulty: Difficulty, task: Task) -> list[Exercise]:
    """``count`` random exercises from one seed: the same arguments give the same set."""
    if not 1 <= count <= 200:
        raise ExerciseError(f"a set has 1 to 200 exercises, not {count}")
    return [
        random_exercise(difficulty, task, f"{seed}-{i}", title=f"Exercise {i}")
        for i in range(1, count + 1)
    ]


# -- the answer key ------------------------------------------------------------------------


@dataclass(frozen=True)
class NodeKey:
    """What the search did at one node it visited."""

    path: Path
    type: NodeType
    value: float
    alpha_in: float
    beta_in: float
    alpha_out: float
    beta_out: float
    #: The children searched, in order: (path, value).
    children: tuple[tuple[Path, float], ...] = ()
    #: The cut, if the search skipped the rest of the children: the skipped paths, and
    #: the value and window that made it.
    pruned: tuple[Path, ...] = ()
    cut_value: float = math.nan
    cut_alpha: float = math.nan
    cut_beta: float = math.nan


@dataclass
class AnswerKey:
    """The expected answer to an exercise, as the engine's search reported it."""

    exercise: Exercise
    recording: SearchRecording
    #: Every node the search visited, by path.
    nodes: dict[Path, NodeKey]
    #: The tops of the skipped subtrees, in the order they were cut.
    pruned: tuple[Path, ...]
    #: Inner nodes in the order the search settled their values (children first).
    order: tuple[Path, ...]

    @classmethod
    def from_recording(cls, exercise: Exercise, recording: SearchRecording) -> AnswerKey:
        """The key read from a finished search of ``exercise``'s tree."""
        if recording.capped or not recording.node_count:
            raise ExerciseError("the search's recording is incomplete")
        paths: list[Path] = []
        for n in range(recording.node_count):
            parent = recording.parent[n]
            move = recording.moves[n]
            paths.append(() if parent == NONE else (*paths[parent], int(move)))
        tree = exercise.tree
        nodes: dict[Path, NodeKey] = {}
        cut_order: list[tuple[int, Path]] = []
        settled: list[tuple[int, Path]] = []
        for n in range(recording.node_count):
            path = paths[n]
            node = tree.node_at(path)
            children: list[tuple[Path, float]] = []
            child = recording.first_child[n]
            while child != NONE:
                children.append((paths[child], recording.value[child]))
                child = recording.next_sibling[child]
            pruned: tuple[Path, ...] = ()
            cut_value = cut_alpha = cut_beta = math.nan
            index = recording.cutoff_of[n]
            if index != NONE:
                cut = recording.cutoffs[index]
                pruned = tuple((*path, int(m)) for m in cut.moves)
                cut_value, cut_alpha, cut_beta = cut.value, cut.alpha, cut.beta
                cut_order.extend((cut.seq, p) for p in pruned)
            nodes[path] = NodeKey(
                path,
                node.type,
                recording.value[n],
                recording.alpha_in[n],
                recording.beta_in[n],
                recording.alpha_out[n],
                recording.beta_out[n],
                tuple(children),
                pruned,
                cut_value,
                cut_alpha,
                cut_beta,
            )
            if node.type is not NodeType.LEAF:
                settled.append((recording.valued_at[n], path))
        cut_order.sort()
        settled.sort()
        return cls(
            exercise,
            recording,
            nodes,
            tuple(p for _, p in cut_order),
            tuple(p for _, p in settled),
        )

    # -- what is asked

    def items(self) -> list[tuple[Path, Field]]:
        """Every entry the student must get right, in the order the search settled them."""
        items: list[tuple[Path, Field]] = []
        alphabeta = self.exercise.task is Task.ALPHABETA
        cuts: dict[Path, list[Path]] = {}  # the cut tops under each node, in cut order
        for top in self.pruned:
            cuts.setdefault(top[:-1], []).append(top)
        for path in self.order:
            for top in cuts.pop(path, []):
                items.append((top, Field.PRUNED))
            items.append((path, Field.VALUE))
            if alphabeta:
                items.append((path, Field.ALPHA))
                items.append((path, Field.BETA))
        return items

    def expected(self, path: Path, field: Field) -> float | bool:
        """The key's entry: a number, or True for a pruned branch."""
        if field is Field.PRUNED:
            return path in self.pruned
        node = self.nodes[path]
        return {
            Field.VALUE: node.value,
            Field.ALPHA: node.alpha_out,
            Field.BETA: node.beta_out,
        }[field]

    def is_cut(self, path: Path) -> bool:
        """True when ``path`` lies in a subtree the search skipped (its top included)."""
        return any(path[: len(top)] == top for top in self.pruned)

    def answer(self) -> Answer:
        """The key, written as a student's answer (it grades 100%)."""
        answer = Answer()
        for path, field_ in self.items():
            reveal(answer, self, path, field_)
        return answer

    @property
    def value(self) -> float:
        """The root's value."""
        return self.nodes[()].value


def solve_exercise(exercise: Exercise) -> AnswerKey:
    """Search the exercise's tree and read the key from the search's events.

    It runs the search here: the GUI runs it on its worker thread and calls
    :meth:`AnswerKey.from_recording` with the recording instead.
    """
    game = TreeGame(exercise.tree)
    recording = SearchRecording(game, node_cap=None)
    result = search(
        game,
        game.initial_state(),
        SearchSettings(algorithm=exercise.task.algorithm),
        listener=recording,
    )
    recording.finish(result)
    return AnswerKey.from_recording(exercise, recording)


# -- answers ---------------------------------------------------------------------------


@dataclass
class Answer:
    """What a student has written: numbers by node, and the branches they crossed out.

    ``hinted`` holds the (path, field) entries a hint revealed: they earn nothing.
    """

    values: dict[Path, float] = field(default_factory=dict)
    alphas: dict[Path, float] = field(default_factory=dict)
    betas: dict[Path, float] = field(default_factory=dict)
    pruned: set[Path] = field(default_factory=set)
    hinted: set[tuple[Path, Field]] = field(default_factory=set)

    def numbers(self, field_: Field) -> dict[Path, float]:
        """The entries of one numeric field."""
        if field_ is Field.VALUE:
            return self.values
        if field_ is Field.ALPHA:
            return self.alphas
        if field_ is Field.BETA:
            return self.betas
        raise ValueError(f"{field_} is not a number")

    def get(self, path: Path, field_: Field) -> float | bool | None:
        """The entry written, None when empty (a mark is True or False)."""
        if field_ is Field.PRUNED:
            return path in self.pruned
        return self.numbers(field_).get(path)

    def set(self, path: Path, field_: Field, value: float | bool | None) -> None:
        """Write (or with None, rub out) one entry."""
        if field_ is Field.PRUNED:
            if value:
                self.pruned.add(path)
            else:
                self.pruned.discard(path)
            return
        numbers = self.numbers(field_)
        if value is None:
            numbers.pop(path, None)
        else:
            numbers[path] = float(value)

    def copy(self) -> Answer:
        """An independent copy."""
        return Answer(
            dict(self.values),
            dict(self.alphas),
            dict(self.betas),
            set(self.pruned),
            set(self.hinted),
        )


_INFINITY = re.compile(r"^([+\-−]?)\s*(?:∞|inf|infinity)$", re.IGNORECASE)


def parse_entry(text: str) -> float | None:
    """A typed entry as a number: 3, -2.5, 7/3, +inf, −∞; None for an empty entry.

    ValueError (with a message for the person) for anything else.
    """
    text = text.strip().replace("\u2212", "-")
    if not text:
        return None
    match = _INFINITY.match(text)
    if match:
        return -math.inf if match.group(1) == "-" else math.inf
    try:
        value = float(Fraction(text.replace(" ", ""))) if "/" in text else float(text)
    except (ValueError, ZeroDivisionError, OverflowError):
        raise ValueError(f"“{text}” is not a number (try 3, -2.5, 7/3 or inf)") from None
    if not math.isfinite(value):
        raise ValueError(f"“{text}” is not a number (try 3, -2.5, 7/3 or inf)")
    return value


def same_number(a: float, b: float) -> bool:
    """Equal as a grader counts it: within TOLERANCE, or the same infinity."""
    if math.isinf(a) or math.isinf(b):
        return a == b
    return abs(a - b) <= TOLERANCE + 1e-9 * abs(b)


def reveal(answer: Answer, key: AnswerKey, path: Path, field_: Field) -> None:
    """Write the key's entry for (path, field) into ``answer``."""
    expected = key.expected(path, field_)
    answer.set(path, field_, expected)


def hint_node(key: AnswerKey, answer: Answer) -> Path | None:
    """The node the next hint reveals: the first, in the order the search settled them,
    with an entry that is wrong or empty (None: nothing left to reveal)."""
    for path, field_ in key.items():
        if not is_right(key, answer, path, field_):
            return path
    return None


def give_hint(key: AnswerKey, answer: Answer) -> Path | None:
    """Reveal the next node's entries (all of them); they then earn nothing."""
    path = hint_node(key, answer)
    if path is None:
        return None
    for item_path, field_ in key.items():
        if item_path == path:
            reveal(answer, key, item_path, field_)
            answer.hinted.add((item_path, field_))
    return path


def is_right(key: AnswerKey, answer: Answer, path: Path, field_: Field) -> bool:
    """True when the answer's entry (path, field) matches the key."""
    if field_ is Field.PRUNED:
        return _covered(key, answer, path)
    given = answer.get(path, field_)
    expected = key.expected(path, field_)
    # An int is a number too (``Answer.values`` is typed ``float``, which admits int).
    return (
        isinstance(given, int | float)
        and not isinstance(given, bool)
        and not isinstance(expected, bool)
        and same_number(float(given), expected)
    )


def give_up(key: AnswerKey, answer: Answer) -> int:
    """Count every entry not yet right as revealed (the solution was shown); how many."""
    count = 0
    for path, field_ in key.items():
        if not is_right(key, answer, path, field_) and (path, field_) not in answer.hinted:
            answer.hinted.add((path, field_))
            count += 1
    return count


def _covered(key: AnswerKey, answer: Answer, path: Path) -> bool:
    """True when the student crossed out ``path``'s branch, or every branch below it."""
    if path in answer.pruned:
        return True
    node = key.exercise.tree.node_at(path)
    return bool(node.children) and all(_covered(key, answer, c.path) for c in node.children)


# -- grading ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Verdict:
    """One graded entry."""

    path: Path
    field: Field
    correct: bool
    reason: str  #: one line; for a right entry, what makes it right
    hinted: bool = False
    expected: str = ""
    given: str = ""


@dataclass(frozen=True)
class Grade:
    """The verdicts on an answer, and its score."""

    verdicts: tuple[Verdict, ...]
    earned: int  #: right entries not revealed by a hint
    total: int  #: entries asked for, plus wrong extra entries
    hints: int  #: entries revealed by hints

    @property
    def score(self) -> int:
        """Percent, rounded down (so only a perfect answer shows 100)."""
        return 100 * self.earned // self.total if self.total else 100

    @property
    def mistakes(self) -> list[Verdict]:
        """The wrong entries."""
        return [v for v in self.verdicts if not v.correct]

    def summary(self) -> str:
        """One line: the score and what it is made of."""
        wrong = len(self.mistakes)
        text = f"Score {self.score}%: {self.earned} of {self.total} entries right"
        if wrong:
            text += f", {wrong} wrong"
        if self.hints:
            text += f", {self.hints} revealed by hints"
        return text


def node_name(tree: CustomTree, path: Path) -> str:
    """How a reason names a node: "MIN node D", "the root", "the leaf 4 under C"."""
    node = tree.node_at(path)
    if node.type is NodeType.LEAF:
        if node.label:
            return f"leaf {clip(node.label)}"
        value = format_number(float(node.value if node.value is not None else math.nan))
        if not path:
            return f"the leaf {value}"
        parent = tree.node_at(path[:-1])
        return f"the leaf {value} under {clip(parent.label or path_text(path[:-1]) or 'the root')}"
    kind = {NodeType.MAX: "MAX node", NodeType.MIN: "MIN node", NodeType.CHANCE: "chance node"}[
        node.type
    ]
    if node.label:
        return f"{kind} {clip(node.label)}"
    return f"{kind} {path_text(path)}" if path else f"the root ({kind})"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _num(value: float) -> str:
    return format_number(value)


def grade(key: AnswerKey, answer: Answer) -> Grade:
    """Grade ``answer`` against ``key``: every entry asked for, and every wrong extra one."""
    verdicts: list[Verdict] = []
    earned = hints = 0
    asked = key.items()
    asked_set = set(asked)
    for path, field_ in asked:
        hinted = (path, field_) in answer.hinted
        right = is_right(key, answer, path, field_)
        verdicts.append(_verdict(key, answer, path, field_, right, hinted))
        if right and not hinted:
            earned += 1
        if hinted:
            hints += 1
    # Entries where none was asked: numbers on nodes the search never reached (or α/β
    # in a task without them), and crossed-out branches that are in fact searched.
    extra = 0
    for field_ in (Field.VALUE, Field.ALPHA, Field.BETA):
        for path in sorted(answer.numbers(field_)):
            if (path, field_) not in asked_set:
                verdicts.append(_extra_number(key, path, field_, answer.numbers(field_)[path]))
                extra += 1
    for path in sorted(answer.pruned):
        if not key.is_cut(path):
            verdicts.append(_wrong_mark(key, path))
            extra += 1
    return Grade(tuple(verdicts), earned, len(asked) + extra, hints)


def _verdict(
    key: AnswerKey, answer: Answer, path: Path, field_: Field, right: bool, hinted: bool
) -> Verdict:
    tree = key.exercise.tree
    if field_ is Field.PRUNED:
        reason = _cut_reason(key, path)
        given = "crossed out" if right else "not crossed out"
        return Verdict(path, field_, right, reason, hinted, "crossed out", given)
    expected = key.expected(path, field_)
    assert not isinstance(expected, bool)
    given_value = answer.get(path, field_)
    given = "" if given_value is None else _num(float(given_value))
    node = key.nodes[path]
    name = node_name(tree, path)
    if field_ is Field.VALUE:
        rule = _value_rule(key, node, name)
    else:
        rule = _window_rule(node, name, field_)
    symbol, after = {
        Field.VALUE: ("", ""),
        Field.ALPHA: ("α = ", " when it is left"),
        Field.BETA: ("β = ", " when it is left"),
    }[field_]
    answer_text = f"{rule}: {symbol}{_num(expected)}{after}"
    if right:
        reason = answer_text
    elif given_value is None:
        reason = f"{answer_text} (left empty)"
    else:
        reason = f"{answer_text}, not {given}"
    return Verdict(path, field_, right, reason, hinted, _num(expected), given)


def _value_rule(key: AnswerKey, node: NodeKey, name: str) -> str:
    if node.type is NodeType.CHANCE:
        terms = []
        for child, value in node.children:
            probability = key.exercise.tree.node_at(child).probability or 0.0
            terms.append(f"{_num(probability)} × {_num(value)}")
        formula = " + ".join(terms) if len(terms) <= 4 else f"{len(terms)} terms"
        return f"{_cap(name)} averages its children by probability ({formula})"
    largest = node.type is NodeType.MAX
    rule = "largest" if largest else "smallest"
    if node.pruned:
        sign = "≥ β" if largest else "≤ α"
        bound = node.cut_beta if largest else node.cut_alpha
        return (
            f"{_cap(name)} takes the {rule} value of the children it searched, and "
            f"stops at {_num(node.cut_value)} {sign} = {_num(bound)}"
        )
    return f"{_cap(name)} takes the {rule} child value"


def _window_rule(node: NodeKey, name: str, field_: Field) -> str:
    maximizing = node.type is NodeType.MAX
    if (field_ is Field.ALPHA) == maximizing:
        symbol = "α" if maximizing else "β"
        start = node.alpha_in if maximizing else node.beta_in
        verb = "raises" if maximizing else "lowers"
        than = "above" if maximizing else "below"
        return (
            f"{_cap(name)} enters with {symbol} = {_num(start)} and {verb} it to each child "
            f"value {than} it (but not after a cutoff)"
        )
    symbol = "β" if maximizing else "α"
    kept = node.beta_in if maximizing else node.alpha_in
    return f"{_cap(name)} never changes {symbol}: it keeps the {_num(kept)} it was given"


def _cut_reason(key: AnswerKey, top: Path) -> str:
    tree = key.exercise.tree
    parent = key.nodes[top[:-1]]
    name = node_name(tree, top)
    what = "is never evaluated" if tree.node_at(top).children == () else "is never searched"
    parent_name = node_name(tree, parent.path)
    if parent.type is NodeType.MAX:
        why = f"{parent_name} already has {_num(parent.cut_value)} ≥ β = {_num(parent.cut_beta)}"
    else:
        why = f"{parent_name} already has {_num(parent.cut_value)} ≤ α = {_num(parent.cut_alpha)}"
    return f"{_cap(name)} {what}: {why}, so the rest of its children are cut"


def _wrong_mark(key: AnswerKey, path: Path) -> Verdict:
    tree = key.exercise.tree
    name = node_name(tree, path)
    if not path:
        reason = "The root is always searched"
    elif key.exercise.task is not Task.ALPHABETA:
        reason = f"{_cap(name)} is searched: {key.exercise.task.title.lower()} prunes nothing"
    else:
        node = key.nodes[path]
        what = "is evaluated" if node.type is NodeType.LEAF else "is searched"
        reason = (
            f"{_cap(name)} {what}: when it is reached α = {_num(node.alpha_in)} and "
            f"β = {_num(node.beta_in)}, so nothing is cut yet"
        )
    return Verdict(path, Field.PRUNED, False, reason, False, "searched", "crossed out")


def _extra_number(key: AnswerKey, path: Path, field_: Field, value: float) -> Verdict:
    tree = key.exercise.tree
    name = _cap(node_name(tree, path))
    if key.is_cut(path):
        reason = f"{name} is never searched (its branch is cut), so it has no value"
        if field_ is not Field.VALUE:
            reason = f"{name} is never searched (its branch is cut), so it has no α or β"
    elif tree.node_at(path).type is NodeType.LEAF:
        reason = f"{name} is a leaf: its value is given, and it has nothing to work out"
    else:
        reason = f"{key.exercise.task.title} asks for no α or β"
    return Verdict(path, field_, False, reason, False, "", _num(value))
