"""Custom game trees: immutable nodes, the tree that holds them, and the game that plays one.

A node knows its own path (child indices from the root), so a search event that carries
a node also says where it is in the drawing, and ``key(s)`` needs no lookup. The price is
that a node belongs to one place in one tree: ``CustomTree`` re-paths a root whose paths
do not match where its nodes sit, so trees can be built bottom-up with ``leaf``/``inner``.
"""

from __future__ import annotations

import contextlib
import enum
import gc
from collections.abc import Callable
from collections.abc import Iterator
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field
from typing import ClassVar
from typing import TypeAlias

from gamesearch_gui.core.game import Evaluation
from gamesearch_gui.core.game import Game
from gamesearch_gui.core.game import GameError
from gamesearch_gui.core.game import IllegalMoveError
from gamesearch_gui.core.game import Outcome
from gamesearch_gui.core.game import Player
from gamesearch_gui.core.game import PositionError
from gamesearch_gui.core.game import VectorEvaluation
from gamesearch_gui.core.game import outcome_by_sign
from gamesearch_gui.core.numbers import format_number
from gamesearch_gui.core.text import counted

#: A leaf value or an evaluation as written in the file: ints stay ints for a clean round trip.
Number: TypeAlias = int | float
#: Child indices from the root; the root's path is ``()``.
Path: TypeAlias = tuple[int, ...]

#: Deepest tree supported: searches recurse once per ply, and files deeper than this are
#: refused rather than risk a RecursionError halfway through a search.
MAX_DEPTH = 200
#: Most nodes a file or a generated tree may have (some 500 MB of nodes in memory).
MAX_NODES = 2_000_000


class NodeType(enum.Enum):
    """What a node is: a decision of MAX or MIN (or, in a tree of n players, of the node's
    ``player``), a chance event, or a leaf with a value."""

    MAX = "max"
    MIN = "min"
    CHANCE = "chance"
    LEAF = "leaf"
    PLAYER = "player"  #: a decision of ``TreeNode.player``, in a tree of n players


@dataclass(frozen=True, slots=True, eq=False)
class TreeNode:
    """One node of a custom tree. Identity equality: use ``same_tree`` to compare content.

    ``value`` is set on leaves only, ``eval`` (a cutoff's estimate) on inner nodes only,
    ``probability`` on children of chance nodes only. Construction trusts its caller; the
    file loader is what checks those rules.

    In a tree of n players (``CustomTree.players``) a decision node is ``PLAYER`` with
    ``player`` the index of who decides, a leaf has ``values`` (one per player) instead
    of ``value``, and an inner node's estimate is ``evals`` instead of ``eval``.
    """

    type: NodeType
    children: tuple[TreeNode, ...] = ()
    value: Number | None = None
    eval: Number | None = None
    probability: float | None = None
    label: str | None = None
    move: str | None = None
    path: Path = ()
    player: int | None = None
    values: tuple[Number, ...] | None = None
    evals: tuple[Number, ...] | None = None


def leaf(
    value: Number,
    *,
    probability: float | None = None,
    label: str | None = None,
    move: str | None = None,
) -> TreeNode:
    """A leaf node (its path is set when it becomes part of a ``CustomTree``)."""
    return TreeNode(NodeType.LEAF, (), value, None, probability, label, move)


def inner(
    type: NodeType,
    children: Sequence[TreeNode],
    *,
    eval: Number | None = None,
    probability: float | None = None,
    label: str | None = None,
    move: str | None = None,
) -> TreeNode:
    """A MAX, MIN or CHANCE node over ``children`` (paths are set by ``CustomTree``)."""
    if type is NodeType.LEAF:
        raise ValueError("use leaf() for a leaf")
    return TreeNode(type, tuple(children), None, eval, probability, label, move)


@contextlib.contextmanager
def gc_paused() -> Iterator[None]:
    """Hold off Python's cycle collector while building many nodes at once.

    Each collection walks every live container, so while a large tree grows they make
    building it about twice as slow; nodes form no cycles, so nothing is lost by waiting.
    The pause is process-wide and ends when the outermost pause ends.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def path_text(path: Sequence[int]) -> str:
    """A path as text: indices joined by dots; the root is the empty string."""
    return ".".join(map(str, path))


def as_node(state: object) -> TreeNode:
    """A search event's ``state`` in the search of a tree: its node (a search event holds
    the state of any game, so a listener of a tree's search narrows it here)."""
    if not isinstance(state, TreeNode):
        raise TypeError(f"not a node of a custom tree: {state!r}")
    return state


def as_index(move: object) -> int:
    """A search event's move in the search of a tree: a child index (see ``as_node``)."""
    if not isinstance(move, int):
        raise TypeError(f"not a child index of a custom tree: {move!r}")
    return move


def move_names(node: TreeNode, moves: Sequence[int]) -> list[str]:
    """The moves from ``node`` (child indices) as the drawn edges name them: each child's
    ``move`` label if it has one, else its index. Trusts its caller."""
    names = []
    for i in moves:
        node = node.children[i]
        names.append(node.move if node.move is not None else str(i))
    return names


def iter_nodes(root: TreeNode) -> Iterator[TreeNode]:
    """``root`` and all its descendants in depth-first pre-order (drawn order)."""
    stack = [root]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(reversed(node.children))


def _same_node(a: TreeNode, b: TreeNode) -> bool:
    return (
        a.type is b.type
        and len(a.children) == len(b.children)
        and a.value == b.value
        and a.eval == b.eval
        and a.probability == b.probability
        and a.label == b.label
        and a.move == b.move
        and a.player == b.player
        and a.values == b.values
        and a.evals == b.evals
    )


def same_tree(a: TreeNode | CustomTree, b: TreeNode | CustomTree) -> bool:
    """True when two subtrees (or trees, with name and bounds) have the same content.

    Paths are not compared, so a subtree can be compared with a copy drawn elsewhere.
    """
    if isinstance(a, CustomTree) or isinstance(b, CustomTree):
        if not (isinstance(a, CustomTree) and isinstance(b, CustomTree)):
            return False
        if (a.name, a.value_bounds, a.players, a.constant_sum) != (
            b.name,
            b.value_bounds,
            b.players,
            b.constant_sum,
        ):
            return False
        a, b = a.root, b.root
    stack = [(a, b)]
    while stack:
        x, y = stack.pop()
        if x is y:
            continue
        if not _same_node(x, y):
            return False
        stack.extend(zip(x.children, y.children, strict=True))
    return True


@gc_paused()
def rebuild(
    root: TreeNode,
    base: Path = (),
    *,
    order: Callable[[TreeNode], Sequence[int]] | None = None,
    change: Callable[[TreeNode], TreeNode] | None = None,
    visit: Callable[[Path, TreeNode], None] | None = None,
) -> TreeNode:
    """A copy of ``root`` whose nodes carry their true paths, ``root`` itself at ``base``.

    ``order(node)`` gives the indices of a node's children in their new order (default:
    as drawn); ``change(node)`` a node with other fields (its children and path are
    ignored); ``visit(new_path, node)`` is told where each original node goes.
    Iterative (a pre-order list, then built bottom-up), so deep trees cannot hit the
    recursion limit.
    """
    order_of = order or (lambda node: range(len(node.children)))
    records: list[tuple[TreeNode, Path, Sequence[int]]] = []
    stack = [(root, base)]
    while stack:
        node, path = stack.pop()
        if visit is not None:
            visit(path, node)
        indices = order_of(node)
        records.append((node, path, indices))
        for new_i in range(len(indices) - 1, -1, -1):
            stack.append((node.children[indices[new_i]], (*path, new_i)))
    built: list[TreeNode] = []
    for node, path, indices in reversed(records):
        n = len(indices)
        children: tuple[TreeNode, ...] = ()
        if n:
            children = tuple(built[-1 : -n - 1 : -1])
            del built[-n:]
        fields = node if change is None else change(node)
        built.append(
            TreeNode(
                fields.type,
                children,
                fields.value,
                fields.eval,
                fields.probability,
                fields.label,
                fields.move,
                path,
                fields.player,
                fields.values,
                fields.evals,
            )
        )
    return built[0]


@dataclass(frozen=True)
class CustomTree:
    """A named game tree, with optional declared bounds on its values (for Star1).

    ``players`` is empty for a tree of MAX and MIN (file version 1), else the names of
    its n players (file version 2); ``constant_sum``, if declared, is what every leaf's
    ``values`` (and every ``evals``) of such a tree add up to (max^n's shallow pruning).
    Bounds and the value range then cover every component of every vector.

    Creating one walks the tree once to gather its size, height and value range, and
    re-paths the nodes if their paths do not match their places.
    """

    name: str
    root: TreeNode
    value_bounds: tuple[Number, Number] | None = None
    players: tuple[str, ...] = ()
    constant_sum: Number | None = None
    _node_count: int = field(init=False, repr=False, compare=False, default=0)
    _height: int = field(init=False, repr=False, compare=False, default=0)
    _has_chance: bool = field(init=False, repr=False, compare=False, default=False)
    _has_evals: bool = field(init=False, repr=False, compare=False, default=False)
    _extent: tuple[Number, Number] = field(init=False, repr=False, compare=False, default=(0, 0))

    def __post_init__(self) -> None:
        if len(self.players) in (1, 2):
            raise ValueError(
                "a tree of two players is a tree of MAX and MIN: leave its players empty"
            )
        count = 0
        height = 0
        has_chance = False
        has_evals = False
        lo: Number | None = None
        hi: Number | None = None
        paths_ok = True
        stack: list[tuple[TreeNode, Path]] = [(self.root, ())]
        while stack:
            node, path = stack.pop()
            count += 1
            if node.path != path:
                paths_ok = False
            height = max(height, len(path))
            if node.type is NodeType.CHANCE:
                has_chance = True
            # Evals join the range too: a cutoff's estimate must also lie within the bounds.
            v = node.value if node.type is NodeType.LEAF else node.eval
            if node.eval is not None or node.evals is not None:
                has_evals = True
            if v is not None:
                lo = v if lo is None or v < lo else lo
                hi = v if hi is None or v > hi else hi
            vector = node.values if node.type is NodeType.LEAF else node.evals
            if vector:
                low, high = min(vector), max(vector)
                lo = low if lo is None or low < lo else lo
                hi = high if hi is None or high > hi else hi
            for i in range(len(node.children) - 1, -1, -1):
                stack.append((node.children[i], (*path, i)))
        if not paths_ok:
            object.__setattr__(self, "root", rebuild(self.root))
        object.__setattr__(self, "_node_count", count)
        object.__setattr__(self, "_height", height)
        object.__setattr__(self, "_has_chance", has_chance)
        object.__setattr__(self, "_has_evals", has_evals)
        object.__setattr__(self, "_extent", (0, 0) if lo is None or hi is None else (lo, hi))

    def bounds(self) -> tuple[Number, Number]:
        """The declared ``value_bounds``, else the lowest and highest leaf value or eval."""
        return self.value_bounds if self.value_bounds is not None else self._extent

    def value_range(self) -> tuple[Number, Number]:
        """The lowest and highest leaf value or eval: the bounds inferred when none are
        declared."""
        return self._extent

    def outside_bounds(self) -> list[tuple[Path, str, Number]]:
        """The nodes whose value (a leaf) or eval (an inner node) lies outside the declared
        ``value_bounds``, as (path, "value" or "eval", number) in drawn order.

        None while the bounds hold every value (at once, without a walk, when they hold
        the tree's range), nor when none are declared.
        """
        bounds = self.value_bounds
        if bounds is None:
            return []
        lo, hi = bounds
        if lo <= self._extent[0] and self._extent[1] <= hi:
            return []
        found: list[tuple[Path, str, Number]] = []
        for node in iter_nodes(self.root):
            leafy = node.type is NodeType.LEAF
            v = node.value if leafy else node.eval
            vector = node.values if leafy else node.evals
            numbers = (v,) if v is not None else vector or ()
            for number in numbers:
                if not lo <= number <= hi:
                    what = "value" if leafy else "eval"
                    found.append((node.path, what if v is not None else what + "s", number))
                    break
        return found

    @property
    def player_count(self) -> int:
        """How many players the tree has: 2 (MAX and MIN), or its ``players``."""
        return len(self.players) or 2

    @property
    def has_chance(self) -> bool:
        """True when some node is a chance node."""
        return self._has_chance

    @property
    def has_evals(self) -> bool:
        """True when some inner node has an ``eval`` (so a depth cutoff can be made)."""
        return self._has_evals

    @property
    def height(self) -> int:
        """Edges on the longest root-to-leaf path (a lone leaf has height 0)."""
        return self._height

    @property
    def node_count(self) -> int:
        """Number of nodes, root and leaves included."""
        return self._node_count

    def nodes(self) -> Iterator[TreeNode]:
        """All nodes in depth-first pre-order, children in drawn order."""
        return iter_nodes(self.root)

    def node_at(self, path: Sequence[int]) -> TreeNode:
        """The node at ``path``; PositionError if there is none."""
        node = self.root
        for depth, i in enumerate(path):
            if not 0 <= i < len(node.children):
                where = path_text(path[:depth]) or "the root"
                raise PositionError(
                    f"no node {path_text(path)}: {where} has "
                    f"{counted(len(node.children), 'child', 'children')}"
                )
            node = node.children[i]
        return node

    def replace_at(self, path: Sequence[int], subtree: TreeNode) -> CustomTree:
        """A copy of this tree with the node at ``path`` replaced by ``subtree``."""
        self.node_at(path)  # fails early, with a message, on a bad path
        new = rebuild(subtree, tuple(path))
        if not path:
            return CustomTree(self.name, new, self.value_bounds, self.players, self.constant_sum)
        ancestors = [self.root]
        for i in path[:-1]:
            ancestors.append(ancestors[-1].children[i])
        for parent, i in zip(reversed(ancestors), reversed(path), strict=True):
            kids = list(parent.children)
            kids[i] = new
            new = TreeNode(
                parent.type,
                tuple(kids),
                parent.value,
                parent.eval,
                parent.probability,
                parent.label,
                parent.move,
                parent.path,
                parent.player,
                parent.values,
                parent.evals,
            )
        return CustomTree(self.name, new, self.value_bounds, self.players, self.constant_sum)


class TextLineError(GameError):
    """A tree file written as lines of text (a CS188 ``.test`` case, a Gambit ``.efg``
    game) that cannot be read as a tree: ``line`` (1-based) and ``rule``, what is wrong
    there. The file's reader raises its own kind; the loader names the file."""

    def __init__(self, line: int, rule: str) -> None:
        self.line = line
        self.rule = rule
        super().__init__(f"line {line}: {rule}")


class MissingEvalError(GameError):
    """A depth cutoff reached an inner node that has no ``eval``."""

    def __init__(self, path: Path) -> None:
        self.path = path
        where = f"node {path_text(path)}" if path else "the root"
        super().__init__(f"{where} is at the depth cutoff but has no 'eval'")


_PLAYER = {NodeType.MAX: Player.MAX, NodeType.MIN: Player.MIN, NodeType.CHANCE: Player.CHANCE}


def _static_value(node: TreeNode) -> Number | None:
    return node.value if node.type is NodeType.LEAF else node.eval


class TreeGame(Game[TreeNode, int]):
    """A custom tree as a game: states are nodes, moves and chance outcomes child indices."""

    name: ClassVar[str] = "tree"
    title = "Custom tree"

    def __init__(self, tree: CustomTree) -> None:
        self.tree = tree
        self.title = tree.name
        self.has_chance = tree.has_chance
        if tree.players:
            self.players = tree.players
        # Keyed by node (identity hash), so an entry cannot be mistaken for another node's.
        self._heights: dict[TreeNode, int] = {}
        self._win_draw_loss: bool | None = None  # found out on the first ``outcome``

    def initial_state(self) -> TreeNode:
        """The root."""
        return self.tree.root

    def to_move(self, state: TreeNode) -> Player:
        """MAX, MIN or CHANCE by node type (a leaf answers MAX; nobody moves there; so does
        a decision of a tree of n players, whose ``player_index`` says who decides)."""
        return _PLAYER.get(state.type, Player.MAX)

    def player_index(self, state: TreeNode) -> int:
        """The node's ``player`` in a tree of n players; MAX 0 and MIN 1 in one of two."""
        if state.player is not None:
            return state.player
        return super().player_index(state)

    def utilities(self, state: TreeNode) -> tuple[float, ...]:
        """The leaf's ``values`` (a tree of n players), else ``(value, -value)``."""
        if state.values is not None:
            return state.values
        return super().utilities(state)

    def terminal_utilities(self, state: TreeNode) -> tuple[float, ...] | None:
        """The leaf's utilities, or None at an inner node."""
        if state.type is not NodeType.LEAF:
            return None
        return state.values if state.values is not None else self.utilities(state)

    def utility_sum(self) -> float | None:
        """The tree's declared ``constant_sum`` (a tree of n players), else 0."""
        return self.tree.constant_sum if self.tree.players else 0.0

    def vector_evaluations(self) -> Mapping[str, VectorEvaluation[TreeNode]]:
        """A tree of n players: one evaluation, ``eval``, each node's drawn ``evals`` (a
        leaf's ``values``); a tree of two: its ``eval`` as ``(e, -e)``."""
        if not self.tree.players:
            return super().vector_evaluations()
        return {"eval": _drawn_evals} if self.tree.has_evals else {}

    def actions(self, state: TreeNode) -> Sequence[int]:
        """Child indices in drawn order."""
        return range(len(state.children))

    def chances(self, state: TreeNode) -> Sequence[tuple[int, float]]:
        """Child indices with their probabilities."""
        return tuple((i, c.probability or 0.0) for i, c in enumerate(state.children))

    def result(self, state: TreeNode, action: int) -> TreeNode:
        """The child at index ``action``. Trusts its caller."""
        return state.children[action]

    def is_terminal(self, state: TreeNode) -> bool:
        """True at a leaf."""
        return state.type is NodeType.LEAF

    def utility(self, state: TreeNode) -> float:
        """The leaf's value."""
        if self.tree.players:
            return super().utility(state)  # refused: the utilities are a vector
        if state.value is None:
            where = f"node {path_text(state.path)}" if state.path else "the root"
            raise GameError(f"{where} is not a leaf")
        return state.value

    def terminal_value(self, state: TreeNode) -> float | None:
        """The leaf's value, or None at an inner node."""
        return state.value if state.type is NodeType.LEAF else None

    def outcome(self, utility: float) -> Outcome | None:
        """A tree without chance nodes whose every leaf is -1, 0 or +1 is read as a game
        of win (+1 for MAX), draw and loss; any other tree's values are scores: None."""
        if self._win_draw_loss is None:
            self._win_draw_loss = not self.tree.has_chance and all(
                node.value in (-1, 0, 1) for node in self.tree.nodes() if node.type is NodeType.LEAF
            )
        return outcome_by_sign(utility) if self._win_draw_loss else None

    def key(self, state: TreeNode) -> Path:
        """The node's path: equal-looking subtrees are still different nodes."""
        return state.path

    def evaluations(self) -> Mapping[str, Evaluation[TreeNode]]:
        """One evaluation, ``eval``: each node's drawn ``eval`` (MissingEvalError where a
        cutoff meets a node without one); none at all when no node has an ``eval``."""
        return {"eval": _drawn_eval} if self.tree.has_evals else {}

    def ordered_actions(self, state: TreeNode) -> Sequence[int]:
        """Children by their eval (a leaf by its value), best for the mover first.

        Children with neither come after, in drawn order; ties keep drawn order.
        """
        if state.type is NodeType.MAX:
            sign = -1
        elif state.type is NodeType.MIN:
            sign = 1
        else:
            return self.actions(state)
        known: list[tuple[Number, int]] = []
        unknown: list[int] = []
        for i, child in enumerate(state.children):
            v = _static_value(child)
            if v is None:
                unknown.append(i)
            else:
                known.append((sign * v, i))
        # Sorting on the key alone keeps the sort stable among equal values.
        known.sort(key=lambda item: item[0])
        return tuple([i for _, i in known] + unknown)

    def utility_bounds(self) -> tuple[float, float]:
        """The tree's declared bounds, else the range of its leaf values and evals.

        GameError when declared bounds leave out a value or eval (an edited tree can):
        Star1 would prune by a false premise and give a wrong answer.
        """
        outside = self.tree.outside_bounds()
        if outside:
            path, what, number = outside[0]
            lo, hi = self.tree.bounds()
            where = f"node {path_text(path)}" if path else "the root"
            raise GameError(
                f"the {what} {format_number(number)} of {where} lies outside the tree's value "
                f"bounds [{format_number(lo)}, {format_number(hi)}], so chance pruning could "
                "give a wrong answer"
            )
        return self.tree.bounds()

    def max_plies(self, state: TreeNode) -> int:
        """Height of the subtree at ``state``."""
        if state is self.tree.root:
            return self.tree.height
        height = self._heights.get(state)
        if height is None:
            # Searches ask at their root only, so one walk per asked node is cheap enough
            # and spares a table of every node's height.
            height = max(len(n.path) for n in iter_nodes(state)) - len(state.path)
            self._heights[state] = height
        return height

    def move_text(self, state: TreeNode, action: int) -> str:
        """The child's ``move`` label if it has one, else its index."""
        return move_names(state, (action,))[0]

    def parse_move(self, state: TreeNode, text: str) -> int:
        """A child by its ``move`` label or by its index; IllegalMoveError otherwise."""
        wanted = text.strip()
        for i, child in enumerate(state.children):
            if child.move == wanted:
                return i
        if wanted.isdecimal() and int(wanted) < len(state.children):
            return int(wanted)
        where = f"node {path_text(state.path)}" if state.path else "the root"
        if not state.children:
            raise IllegalMoveError(f"{text!r} is not a legal move: {where} is a leaf")
        raise IllegalMoveError(
            f"{text!r} is not a legal move at {where}: give a move label or an index "
            f"0..{len(state.children) - 1}"
        )

    def position_text(self, state: TreeNode) -> str:
        """The node's path (the root is the empty string)."""
        return path_text(state.path)

    def position_name(self, state: TreeNode) -> str:
        """``node 1.2``, or ``the root``."""
        return f"node {path_text(state.path)}" if state.path else "the root"

    def parse_position(self, text: str) -> TreeNode:
        """The node at a dotted path such as ``1.2`` (empty for the root)."""
        wanted = text.strip()
        if not wanted:
            return self.tree.root
        parts = wanted.split(".")
        if not all(p.isdecimal() for p in parts):
            raise PositionError(
                f"{text!r} is not a node path: use child indices joined by dots, like 1.2"
            )
        return self.tree.node_at(tuple(int(p) for p in parts))


def _drawn_eval(node: TreeNode) -> float:
    if node.eval is not None:
        return node.eval
    # A leaf's value is exact, so it is the best estimate a cutoff could ask for.
    if node.value is not None:
        return node.value
    raise MissingEvalError(node.path)


def _drawn_evals(node: TreeNode) -> tuple[float, ...]:
    if node.evals is not None:
        return node.evals
    if node.values is not None:
        return node.values
    raise MissingEvalError(node.path)
