"""The app's own answer for a tree, and how a student's run compares with it.

The reference is the app's search of the same kind, in drawn order: minimax and
expectiminimax evaluate every leaf, left to right; alpha-beta (fail-soft and fail-hard
examine the same leaves) exactly the textbook's, or under the strict rule (``strict``:
cut only when v > β or v < α, as UC Berkeley CS188 does) exactly CS188's. The decision
is compared by value: the app reports the first of several equally good moves
(DESIGN.md, "Ties"), and a student's code that returns another of them is not wrong, so
it agrees (with a note saying so). Code that returns ``(value, move)`` has its value of
the root compared too.
"""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass
from dataclasses import field
from typing import Any
from typing import Final

from gamesearch_gui.core.exercises.grade import node_name
from gamesearch_gui.core.narration.words import cut_sign
from gamesearch_gui.core.numbers import format_number
from gamesearch_gui.core.recording.events import ChildrenPruned
from gamesearch_gui.core.recording.events import NodeEntered
from gamesearch_gui.core.recording.events import NodeValued
from gamesearch_gui.core.recording.events import SearchEvent
from gamesearch_gui.core.recording.events import Valuation
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import search
from gamesearch_gui.core.trees.tree import CustomTree
from gamesearch_gui.core.trees.tree import NodeType
from gamesearch_gui.core.trees.tree import Path
from gamesearch_gui.core.trees.tree import TreeGame
from gamesearch_gui.core.trees.tree import as_index
from gamesearch_gui.core.trees.tree import as_node
from gamesearch_gui.core.trees.tree import move_names
from gamesearch_gui.core.trees.tree import path_text
from gamesearch_gui.search_check.student import StudentRun


class SearchKind(enum.Enum):
    """Which search the student's function is checked as."""

    MINIMAX = "minimax"
    ALPHABETA = "alphabeta"
    EXPECTIMINIMAX = "expectiminimax"

    @property
    def words(self) -> str:
        """The search's name in a sentence."""
        return "alpha-beta" if self is SearchKind.ALPHABETA else self.value


_ALGORITHM: Final = {
    SearchKind.MINIMAX: Algorithm.MINIMAX,
    SearchKind.ALPHABETA: Algorithm.ALPHABETA,
    SearchKind.EXPECTIMINIMAX: Algorithm.EXPECTIMINIMAX,
}
#: How far apart two expected values may be and still be the same (sums of products of
#: probabilities come out of float arithmetic in different orders).
VALUE_TOLERANCE: Final = 1e-9


def same_value(a: float, b: float) -> bool:
    """True when ``a`` and ``b`` are the same value, up to float rounding."""
    return math.isclose(a, b, rel_tol=VALUE_TOLERANCE, abs_tol=VALUE_TOLERANCE)


def skip_reason(tree: CustomTree, kind: SearchKind | None = None) -> str | None:
    """Why a search of ``kind`` does not apply to ``tree``, or None when it does (with
    ``kind`` None: why no search applies)."""
    if tree.has_chance and kind in (SearchKind.MINIMAX, SearchKind.ALPHABETA):
        return (
            "it has chance nodes (minimax and alpha-beta need MAX and MIN only; "
            "expectiminimax is checked on them)"
        )
    if not tree.root.children:
        return "its root is a leaf: there is no move to decide"
    return None


@dataclass(frozen=True, slots=True)
class Cut:
    """A cutoff of the app's search: at ``path`` (a MAX or MIN node) the value so far,
    ``value``, met the window ``alpha``/``beta``, and the subtrees ``pruned`` were skipped."""

    path: Path
    value: float
    alpha: float
    beta: float
    pruned: tuple[Path, ...]


@dataclass(frozen=True, slots=True)
class Expected:
    """The app's answer for one tree.

    ``leaves``: the leaves it evaluates, in order; ``decision``: its best move (the first
    among equals); ``move_values``: each root move's exact value (minimax, or
    expectiminimax on a tree with chance nodes); ``windows``: the window (alpha, beta)
    each evaluated leaf was entered with; ``cuts``: its cutoffs; ``values``: every node's
    exact value, by path (on a tree with chance nodes, to show how each chance node's
    value is made).
    """

    kind: SearchKind
    leaves: tuple[Path, ...]
    decision: int
    move_values: tuple[float, ...]
    windows: dict[Path, tuple[float, float]] = field(default_factory=dict)
    cuts: tuple[Cut, ...] = ()
    values: dict[Path, float] = field(default_factory=dict)
    #: Alpha-beta by the strict rule (CS188's): a cut only past β or α.
    strict: bool = False

    @property
    def value(self) -> float:
        """The root's exact value."""
        return self.move_values[self.decision]

    @property
    def words(self) -> str:
        """The search in a sentence: "alpha-beta", "alpha-beta (strict rule)"."""
        return f"{self.kind.words}{' (strict rule)' if self.strict else ''}"


def expected(tree: CustomTree, kind: SearchKind, *, strict: bool = False) -> Expected:
    """Search ``tree`` as the app does (``kind``; alpha-beta by the strict rule if
    ``strict``), and each root move exactly (minimax, or expectiminimax on a tree with
    chance nodes)."""
    game = TreeGame(tree)
    paths: dict[int, Path] = {}
    windows: dict[Path, tuple[float, float]] = {}
    leaves: list[Path] = []
    cuts: list[Cut] = []

    def listen(event: SearchEvent) -> None:
        if isinstance(event, NodeEntered):
            path = as_node(event.state).path
            paths[event.node_id] = path
            windows[path] = (event.alpha, event.beta)
        elif isinstance(event, NodeValued) and event.how is Valuation.TERMINAL:
            leaves.append(paths[event.node_id])
        elif isinstance(event, ChildrenPruned):
            at = paths[event.node_id]
            pruned = tuple((*at, as_index(move)) for move in event.moves)
            cuts.append(Cut(at, event.value, event.alpha, event.beta, pruned))

    settings = SearchSettings(algorithm=_ALGORITHM[kind], strict_pruning=strict)
    result = search(game, tree.root, settings, listener=listen)
    exact_paths: dict[int, Path] = {}
    values: dict[Path, float] = {}

    def value_of(event: SearchEvent) -> None:
        if isinstance(event, NodeEntered):
            exact_paths[event.node_id] = as_node(event.state).path
        elif isinstance(event, NodeValued):
            values[exact_paths[event.node_id]] = event.value

    chance = tree.has_chance
    exact = search(
        game,
        tree.root,
        SearchSettings(algorithm=Algorithm.EXPECTIMINIMAX if chance else Algorithm.MINIMAX),
        listener=value_of if chance else None,
    )
    by_move = {root.move: root.value for root in exact.root_moves}
    assert result.best_move is not None  # a tree with a move to decide (skip_reason)
    return Expected(
        kind,
        tuple(leaves),
        result.best_move,
        tuple(by_move[m] for m in range(len(tree.root.children))),
        {path: windows[path] for path in leaves},
        tuple(cuts),
        values,
        strict,
    )


@dataclass(frozen=True, slots=True)
class Difference:
    """The first place the student's code and the app's search part ways.

    ``path``: the node it is about (the leaf evaluated or skipped, the root for a
    decision or a failure), for the window to mark; ``text``: the sentence.
    """

    path: Path
    text: str


@dataclass(frozen=True, slots=True)
class TreeCheck:
    """One tree checked: what the student's code did, what the app's search does, and
    the first difference (None when they agree). ``note`` says something worth knowing
    that is not a difference (another of several best moves); ``tree`` is the tree;
    ``pruned``: the subtrees the app's search cuts off (the top of each), for the window
    to draw; ``value``: the root's value the code returned (None when it returned a move
    alone), ``expected_value`` the app's; ``protocol``: the game's interface the code was
    given (``aima``, or ``own``: this app's)."""

    name: str
    tree: CustomTree
    kind: SearchKind
    visited: tuple[Path, ...]
    expected: tuple[Path, ...]
    decision: int | None
    expected_decision: int
    difference: Difference | None
    note: str | None = None
    pruned: tuple[Path, ...] = ()
    value: float | None = None
    expected_value: float | None = None
    protocol: str = "aima"

    @property
    def agrees(self) -> bool:
        """True when the code did what the app's search does."""
        return self.difference is None

    def move_name(self, move: int | None) -> str | None:
        """A root move as the tree names it."""
        return None if move is None else move_names(self.tree.root, [move])[0]

    def to_json(self) -> dict[str, Any]:
        """The tree's entry in ``check-search --json``."""
        return {
            "name": self.name,
            "agrees": self.agrees,
            "first_difference": None if self.difference is None else self.difference.text,
            "visited_leaves": [path_text(p) for p in self.visited],
            "expected_leaves": [path_text(p) for p in self.expected],
            "decision": self.move_name(self.decision),
            "expected_decision": self.move_name(self.expected_decision),
            "value": self.value,
            "expected_value": self.expected_value,
        }


def _leaf(tree: CustomTree, path: Path) -> str:
    value = tree.node_at(path).value
    return f"leaf {path_text(path)} (value {format_number(value if value is not None else 0)})"


def _cut_text(tree: CustomTree, cut: Cut, strict: bool) -> str:
    node = tree.node_at(cut.path)
    low = node.type is NodeType.MIN
    sign = cut_sign(above=not low, strict=strict)
    if low:
        test = f"value {format_number(cut.value)} {sign} α {format_number(cut.alpha)}"
    else:
        test = f"value {format_number(cut.value)} {sign} β {format_number(cut.beta)}"
    return f"at {node_name(tree, cut.path)}, {test} cut it off"


def _pruned_by(want: Expected, leaf: Path) -> Cut | None:
    """The cutoff of the app's search that skips ``leaf``, if one does."""
    for cut in want.cuts:
        if any(leaf[: len(top)] == top for top in cut.pruned):
            return cut
    return None


def _skipped(tree: CustomTree, want: Expected, missed: Path) -> Difference:
    said = f"your code never evaluated {_leaf(tree, missed)}"
    if want.kind is not SearchKind.ALPHABETA:
        return Difference(
            missed, f"{said}, and {want.kind.words} evaluates every leaf, in drawn order"
        )
    alpha, beta = want.windows[missed]
    return Difference(
        missed,
        f"{said}, which {want.words} examines: it reaches that leaf with α "
        f"{format_number(alpha)}, β {format_number(beta)}, and nothing before it cuts it off",
    )


def _leaf_difference(
    tree: CustomTree, want: Expected, visited: tuple[Path, ...]
) -> Difference | None:
    """The first leaf where ``visited`` and the app's leaves part ways, in words."""
    for i, got in enumerate(visited):
        wanted = want.leaves[i] if i < len(want.leaves) else None
        if got == wanted:
            continue
        said = f"your code evaluated {_leaf(tree, got)}"
        if got in visited[:i]:
            return Difference(got, f"{said} a second time")
        cut = _pruned_by(want, got)
        if cut is not None:
            return Difference(
                got,
                f"{said}, which {want.words} never examines: {_cut_text(tree, cut, want.strict)}",
            )
        if wanted is not None and wanted not in visited:
            return _skipped(tree, want, wanted)
        return Difference(
            got, f"{said} too early: {want.kind.words} examines the leaves in drawn order"
        )
    if len(visited) < len(want.leaves):
        return _skipped(tree, want, want.leaves[len(visited)])
    return None


def _worth(tree: CustomTree, want: Expected, move: int) -> str:
    """What a root move is worth, in words; for a move to a chance node, how the value
    is made: each outcome's value times its probability."""
    said = f"worth {format_number(want.move_values[move])}"
    node = tree.root.children[move]
    if node.type is not NodeType.CHANCE or (move,) not in want.values:
        return said
    terms = " + ".join(
        f"{format_number(child.probability or 0.0)} × "
        f"{format_number(want.values.get((move, i), math.nan))}"
        for i, child in enumerate(node.children)
    )
    return f"{said} = {terms}"


def _same_root_value(tree: CustomTree, value: float, best: float) -> bool:
    """True when ``value`` is the root's value ``best`` (MAX's view, as drawn), or at a MIN
    root its negation (MIN's view, as aima's ``utility(state, "MIN")`` gives it)."""
    return same_value(value, best) or (tree.root.type is NodeType.MIN and same_value(value, -best))


def _decision_difference(tree: CustomTree, want: Expected, run: StudentRun) -> Difference | None:
    """How the code's decision (and value, if it returned one) differs, or None."""
    moves = [move_names(tree.root, [i])[0] for i in range(len(tree.root.children))]
    best = want.value
    if run.decision is None:
        return Difference(
            (),
            f"your code returned {run.returned}, which is not a move at the root "
            f"(the moves are {', '.join(str(m) for m in range(len(moves)))})",
        )
    if not same_value(want.move_values[run.decision], best):
        return Difference(
            (),
            f"your code chose move {moves[run.decision]} "
            f"({_worth(tree, want, run.decision)}); the best is {moves[want.decision]} "
            f"({_worth(tree, want, want.decision)})",
        )
    if run.value is not None and not _same_root_value(tree, run.value, best):
        return Difference(
            (),
            f"your code chose {moves[run.decision]}, a best move, but gave the root the "
            f"value {format_number(run.value)}; {want.kind.words} gives "
            f"{format_number(best)} ({moves[want.decision]} "
            f"{_worth(tree, want, want.decision)})",
        )
    return None


def compare_run(name: str, tree: CustomTree, want: Expected, run: StudentRun) -> TreeCheck:
    """How ``run`` compares with ``want`` on ``tree``: the first difference, in words."""
    difference = None
    note = None
    best = want.value
    if run.error is not None:
        difference = Difference((), run.error)
    else:
        difference = _leaf_difference(tree, want, run.visited)
    moves = [move_names(tree.root, [i])[0] for i in range(len(tree.root.children))]
    if difference is None:
        difference = _decision_difference(tree, want, run)
        if difference is None and run.decision != want.decision:
            assert run.decision is not None
            note = (
                f"your code chose {moves[run.decision]}, as good as {moves[want.decision]} "
                f"(both worth {format_number(best)}): the app reports the first of equal "
                "moves, but either is right"
            )
    return TreeCheck(
        name,
        tree,
        want.kind,
        run.visited,
        want.leaves,
        run.decision,
        want.decision,
        difference,
        note,
        tuple(top for cut in want.cuts for top in cut.pruned),
        run.value,
        best,
        run.protocol,
    )
