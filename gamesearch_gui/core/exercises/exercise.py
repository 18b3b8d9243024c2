"""Exercises: game trees to solve by hand, their answer keys, answers and hints.

An :class:`Exercise` is a tree and a task (minimax values, alpha-beta in its fail-soft
or fail-hard convention, expectiminimax values, or what Star1 prunes). Its
:class:`AnswerKey` is read from the search's own event stream: the search runs once
with a :class:`~gamesearch_gui.core.recording.depth_first.SearchRecording` listening, and every
expected entry (a node's value, its alpha and beta when it is left, which
branches a cutoff skips) is what that stream says. Nothing here computes a value a
second way, so the key and the tree view's replay of the same search always agree.

A student's :class:`Answer` holds what they typed and marked; the grader
(:mod:`gamesearch_gui.core.exercises.grade`) compares it with the key entry by entry.
Hints reveal the key one node at a time, in the order the search settled them; a
revealed entry earns nothing.
"""

from __future__ import annotations

import enum
import math
import random
import re
from dataclasses import dataclass
from dataclasses import field
from fractions import Fraction

from gamesearch_gui.core.numbers import format_number
from gamesearch_gui.core.recording.depth_first import NONE
from gamesearch_gui.core.recording.depth_first import SearchRecording
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import search
from gamesearch_gui.core.trees.file import TreeFileError
from gamesearch_gui.core.trees.file import check_tree
from gamesearch_gui.core.trees.tree import CustomTree
from gamesearch_gui.core.trees.tree import NodeType
from gamesearch_gui.core.trees.tree import Path
from gamesearch_gui.core.trees.tree import TreeGame
from gamesearch_gui.core.trees.tree import TreeNode
from gamesearch_gui.core.trees.tree import as_index
from gamesearch_gui.core.trees.tree import path_text
from gamesearch_gui.core.trees.tree import rebuild

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
    "ExerciseGame",
    "Field",
    "NodeKey",
    "PlayersTreeError",
    "Task",
    "difficulty_name",
    "exercise_set",
    "exercise_tree",
    "instructions",
    "make_exercise",
    "parse_entry",
    "players_problem",
    "random_exercise",
    "search_order",
    "solve_exercise",
    "task_title",
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


class PlayersTreeError(ExerciseError):
    """An exercise asked for on a tree of n players, which exercises do not grade: the
    message says why; a caller that knows where the tree came from adds what to do."""


def players_problem(tree: CustomTree) -> str | None:
    """Why no exercise can be set on ``tree`` for having players (None: it has none)."""
    if not tree.players:
        return None
    return (
        f"the tree has {len(tree.players)} players ({', '.join(tree.players)}): each of its "
        "nodes backs up a vector, one number per player, and an exercise grades one number "
        "per entry (a value, an α, a β), so exercises are set on trees of MAX and MIN"
    )


class Task(enum.Enum):
    """What the student works out."""

    MINIMAX = "minimax"
    ALPHABETA = "alphabeta"
    EXPECTIMINIMAX = "expectiminimax"
    STAR1 = "star1"

    @property
    def title(self) -> str:
        """The task's name in a menu."""
        return {
            Task.MINIMAX: "Minimax values",
            Task.ALPHABETA: "Alpha-beta pruning",
            Task.EXPECTIMINIMAX: "Expectiminimax values",
            Task.STAR1: "Star1 pruning",
        }[self]

    @property
    def algorithm(self) -> Algorithm:
        """The search whose events make the key."""
        return {
            Task.MINIMAX: Algorithm.MINIMAX,
            Task.ALPHABETA: Algorithm.ALPHABETA,
            Task.EXPECTIMINIMAX: Algorithm.EXPECTIMINIMAX,
            Task.STAR1: Algorithm.STAR1,
        }[self]

    @property
    def chance(self) -> bool:
        """True for the tasks on trees with chance nodes."""
        return self in (Task.EXPECTIMINIMAX, Task.STAR1)

    @property
    def marks(self) -> bool:
        """True for the tasks whose answer crosses out the branches never searched."""
        return self.algorithm.prunes

    @property
    def values(self) -> bool:
        """True for the tasks whose answer writes the inner nodes' values."""
        return self is not Task.STAR1


#: How each convention of alpha-beta is said on a sheet and in a title.
FAIL_SOFT_RULE = "fail-soft: a node returns its own value, even outside its α–β window"
FAIL_HARD_RULE = "fail-hard: a node returns α or β at a cutoff, and never a value outside α–β"
#: How the strict pruning rule (CS188's) is said on a sheet.
STRICT_RULE = (
    "Cut only when a value passes β (at MAX) or α (at MIN): a value equal to it does not cut"
)


def task_title(task: Task, *, fail_hard: bool = False, strict: bool = False) -> str:
    """The task's name, with alpha-beta's convention and the pruning rule: "Alpha-beta
    pruning (fail-hard)", "Alpha-beta pruning (fail-soft, strict rule)"."""
    named = []
    if task is Task.ALPHABETA:
        named.append("fail-hard" if fail_hard else "fail-soft")
    if strict:
        named.append("strict rule")
    return f"{task.title} ({', '.join(named)})" if named else task.title


def instructions(
    task: Task,
    *,
    fail_hard: bool = False,
    bounds: tuple[float, float] | None = None,
    strict: bool = False,
) -> str:
    """What to do, as an exercise sheet says it: the task, alpha-beta's convention, for
    Star1 the bounds every value lies within, and the strict pruning rule if chosen."""
    rule_said = f" {STRICT_RULE} (the strict rule)." if strict else ""
    if task is Task.MINIMAX:
        return "Write the minimax value of every MAX and MIN node."
    if task is Task.ALPHABETA:
        rule = FAIL_HARD_RULE if fail_hard else FAIL_SOFT_RULE
        return (
            f"Run alpha-beta, children from left to right. Write the value each MAX and "
            f"MIN node returns ({rule}), and its alpha and beta when it is left; cross out "
            f"every branch that is never searched.{rule_said}"
        )
    if task is Task.STAR1:
        within = (
            "the values lie between the smallest and the largest leaf"
            if bounds is None
            else f"all values lie between {format_number(bounds[0])} and {format_number(bounds[1])}"
        )
        return (
            f"Run Star1 (alpha-beta with chance-node pruning), children from left to right: "
            f"{within}. A chance node stops as soon as those bounds put its value outside "
            f"its window. Cross out every branch that is never searched.{rule_said}"
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


#: Where each entry of a node comes among the node's entries, as the search meets them:
#: the branch into it first (crossed out or not), then what is written on the node.
_FIELD_PLACE = {Field.PRUNED: 0, Field.VALUE: 1, Field.ALPHA: 2, Field.BETA: 3}


def search_order(path: Path, field_: Field) -> tuple[Path, int]:
    """Where the entry (path, field) comes in the order the search meets the tree: depth
    first, children from left to right as drawn (A, B, the leaves under B, C, ...), so a
    node before its children and the branch into a node before its entries. A sort key.

    An exercise's search tries children as drawn (no move ordering), so a node's path,
    read as a sequence, puts it where the search enters it, and a cut branch where the
    search would have come to it."""
    return path, _FIELD_PLACE[field_]


# -- exercises ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Exercise:
    """A tree to solve by hand and the task. ``source`` says where the tree came from."""

    tree: CustomTree
    task: Task
    title: str
    source: str = ""
    seed: str | None = None
    #: Alpha-beta's convention: a node returns alpha or beta at a cutoff (fail-hard), or
    #: its own value (fail-soft, the default). Only an alpha-beta exercise has it.
    fail_hard: bool = False
    #: The strict pruning rule (CS188's: a cut only past β or α, not at it); only the
    #: tasks that prune have it, and it grades by it.
    strict: bool = False

    @property
    def settings(self) -> SearchSettings:
        """The search whose events make the key."""
        return SearchSettings(
            algorithm=self.task.algorithm, fail_hard=self.fail_hard, strict_pruning=self.strict
        )

    @property
    def task_title(self) -> str:
        """The task's name, with the convention and the rule it grades: "Alpha-beta
        pruning (fail-hard)", "Alpha-beta pruning (fail-soft, strict rule)"."""
        return task_title(self.task, fail_hard=self.fail_hard, strict=self.strict)

    @property
    def game(self) -> ExerciseGame:
        """The tree as the key's search plays it."""
        return ExerciseGame(self.tree)

    @property
    def instructions(self) -> str:
        """What to do, as the page and the sheet say it."""
        bounds = self.tree.bounds() if self.task is Task.STAR1 else None
        return instructions(self.task, fail_hard=self.fail_hard, bounds=bounds, strict=self.strict)


class ExerciseGame(TreeGame):
    """An exercise's tree as its key's search plays it: a move with no name of its own
    is called by the node it leads to, the name the student sees on the tree ("C",
    "C2"), so the replay of the key says "best move C" and "root → C → F → F2", never
    "1" and "root → 1 → 0 → 1"."""

    def move_text(self, state: TreeNode, action: int) -> str:
        """The child's ``move`` label if it has one, else its name, else its index."""
        child = state.children[action]
        if child.move is None and child.label:
            return child.label
        return super().move_text(state, action)


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
    """``tree`` as an exercise shows it: no evals (a hand search goes to the leaves),
    inner nodes named A, B, C... breadth first, unless some inner node is named already,
    and, unless some leaf is named already, each leaf under a named node whose move has no
    name by that node's name and its place, C1, C2, C3 under C. A node's name is then the
    same on the screen, on paper and in every reason ("leaf C2", or "leaf after a2 c1"
    where the edges are named), where move numbers would be noise on a sheet."""
    named = any(n.label for n in tree.nodes() if n.type is not NodeType.LEAF)
    labels: dict[Path, str] = {}
    if not named:
        queue = [tree.root]
        for node in queue:  # grows while it is read: breadth first
            if node.type is not NodeType.LEAF:
                labels[node.path] = _letters(len(labels))
                queue.extend(node.children)
    if not any(n.label for n in tree.nodes() if n.type is NodeType.LEAF):
        for node in tree.nodes():
            parent = labels.get(node.path, node.label)
            if node.type is NodeType.LEAF or not parent:
                continue
            for i, child in enumerate(node.children, start=1):
                if child.type is NodeType.LEAF and child.move is None:
                    labels[child.path] = f"{parent}{i}"
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
    fail_hard: bool = False,
    strict: bool = False,
) -> Exercise:
    """An exercise on ``tree``; ExerciseError when the tree does not suit the task.
    ``strict``: graded by the strict pruning rule (only for the tasks that prune)."""
    if fail_hard and task is not Task.ALPHABETA:
        raise ExerciseError(f"fail-hard is a convention of alpha-beta, not of {task.title}")
    if strict and not task.marks:
        raise ExerciseError(
            f"the strict rule is a rule of pruning, and a {task.title.lower()} exercise "
            "prunes nothing"
        )
    if strict and fail_hard:
        raise ExerciseError("the strict rule is fail-soft: choose it or fail-hard, not both")
    if tree.root.type is NodeType.LEAF:
        raise ExerciseError("the tree is a single leaf: there is nothing to work out")
    players = players_problem(tree)
    if players is not None:
        raise PlayersTreeError(players)
    if tree.node_count > MAX_EXERCISE_NODES:
        raise ExerciseError(
            f"the tree has {tree.node_count:,} nodes; an exercise by hand has at most "
            f"{MAX_EXERCISE_NODES}"
        )
    if tree.has_chance and not task.chance:
        raise ExerciseError(
            f"the tree has chance nodes, so its task is expectiminimax or Star1, not "
            f"{task.title.lower()}"
        )
    if task is Task.STAR1 and not tree.has_chance:
        raise ExerciseError("Star1 prunes at chance nodes: the tree has none")
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
    return Exercise(exercise_tree(tree), task, title or tree.name, source, seed, fail_hard, strict)


def random_exercise(
    difficulty: Difficulty,
    task: Task,
    seed: int | str,
    *,
    title: str | None = None,
    fail_hard: bool = False,
    strict: bool = False,
) -> Exercise:
    """A random exercise: the same difficulty, task and seed give the same exercise.

    A Star1 exercise's tree declares its leaf value range as its ``value_bounds``."""
    from gamesearch_gui.core.trees.random_tree import random_tree

    difficulty.check()
    count = difficulty.chance_levels()
    if count and not task.chance:
        raise ExerciseError(
            f"trees with chance nodes are for expectiminimax or Star1, not {task.title}"
        )
    if task.chance and not count:
        raise ExerciseError(f"{task.title} needs a tree with chance levels")
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
            if task is Task.STAR1:
                tree = CustomTree(tree.name, tree.root, difficulty.values)
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
        fail_hard=fail_hard,
        strict=strict,
    )


def exercise_set(
    seed: int | str,
    count: int,
    difficulty: Difficulty,
    task: Task,
    *,
    fail_hard: bool = False,
    strict: bool = False,
) -> list[Exercise]:
    """``count`` random exercises from one seed: the same arguments give the same set."""
    if not 1 <= count <= 200:
        raise ExerciseError(f"a set has 1 to 200 exercises, not {count}")
    return [
        random_exercise(
            difficulty,
            task,
            f"{seed}-{i}",
            title=f"Exercise {i}",
            fail_hard=fail_hard,
            strict=strict,
        )
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
    """The expected answer to an exercise, as the app's search reported it."""

    exercise: Exercise
    recording: SearchRecording
    #: Every node the search visited, by path.
    nodes: dict[Path, NodeKey]
    #: The tops of the skipped subtrees, in the order they were cut (which is the order
    #: the search meets the tree, ``search_order``: the key's words list them so).
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
            paths.append(() if parent == NONE else (*paths[parent], as_index(move)))
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
                pruned = tuple((*path, as_index(m)) for m in cut.moves)
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
        task = self.exercise.task
        alphabeta = task is Task.ALPHABETA
        cuts: dict[Path, list[Path]] = {}  # the cut tops under each node, in cut order
        for top in self.pruned:
            cuts.setdefault(top[:-1], []).append(top)
        for path in self.order:
            for top in cuts.pop(path, []):
                items.append((top, Field.PRUNED))
            if task.values:
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
    game = exercise.game
    recording = SearchRecording(game, node_cap=None, strict=exercise.settings.strict_pruning)
    result = search(game, game.initial_state(), exercise.settings, listener=recording)
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
