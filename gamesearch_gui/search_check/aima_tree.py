"""A drawn tree as an aima-python ``Game`` that records every leaf a search evaluates.

aima-python's games (``games.py``) have ``initial``, ``actions(state)``,
``result(state, move)``, ``utility(state, player)``, ``terminal_test(state)``,
``to_move(state)`` and ``display(state)``; older copies also ``successors(state)``; its
``StochasticGame`` adds ``chances(state)``, ``outcome(state, chance)`` and
``probability(chance)``, which its ``expect_minmax`` uses. This game has them all, over a
:class:`~gamesearch_gui.core.trees.tree.CustomTree`:

* a state is a node's path, a tuple of child indices (``()`` is the root): opaque
  enough that the only way to a leaf's value is ``utility``. It also answers
  ``state.to_move``, as aima's ``StochasticGameState`` does (``expect_minmax`` reads it);
* a move is a child's index, in drawn order;
* ``to_move`` is ``"MAX"``, ``"MIN"`` or ``"CHANCE"``; ``utility(state, player)`` is the
  leaf's value for ``"MAX"`` and its negation for ``"MIN"``, as aima's games score for
  the player asked about;
* a chance is an ``(outcome, probability)`` pair: at a chance node one per child, the
  outcome its index; ``outcome(state, chance)`` is that child and ``probability(chance)``
  its probability. aima's ``expect_minmax`` throws the dice after every move, so at a
  MAX or MIN node ``chances`` gives one certain chance, ``(None, 1.0)``, whose outcome
  is the node itself: code written that way searches a tree where some moves have no
  dice exactly as one where they all do.

A leaf counts as evaluated each time ``utility`` is called on it, in order; a call of
``terminal_test`` is not an evaluation (code asks it of every node it enters). Misuse
(a state or move that is not one, ``utility`` of an inner node) raises
:class:`MisuseError` with a sentence for the student.
"""

from __future__ import annotations

from typing import Final

from gamesearch_gui.core.numbers import format_number
from gamesearch_gui.core.trees.tree import CustomTree
from gamesearch_gui.core.trees.tree import NodeType
from gamesearch_gui.core.trees.tree import Number
from gamesearch_gui.core.trees.tree import Path
from gamesearch_gui.core.trees.tree import TreeNode
from gamesearch_gui.core.trees.tree import path_text

MAX: Final = "MAX"
MIN: Final = "MIN"
CHANCE: Final = "CHANCE"
#: The chance at a MAX or MIN node: no dice, the node itself for certain.
CERTAIN: Final = (None, 1.0)
#: Calls of the game per node of the tree beyond which code is taken to go round in
#: circles (a correct search makes about four per node it visits).
CALLS_PER_NODE: Final = 100
#: Calls any search may make, however small the tree.
CALLS_AT_LEAST: Final = 10_000


class MisuseError(Exception):
    """The student's code used the game in a way it cannot be used."""


class TooManyCalls(BaseException):
    """The code called the game far more often than any search of the tree needs.

    A BaseException, so that a student's ``except Exception`` cannot swallow it.
    """


class TreeState(tuple[int, ...]):
    """A node's path that also says who moves there, as ``state.to_move``."""

    to_move: str

    def __new__(cls, path: Path, to_move: str) -> TreeState:
        state = super().__new__(cls, path)
        state.to_move = to_move
        return state


def state_text(state: object) -> str:
    """A state as the student's code sees it: its path, or the root."""
    if state == ():
        return "the root ()"
    if isinstance(state, tuple):
        return f"node {path_text(state)} {state!r}"
    return repr(state)[:80]


class TreeCalls:
    """What every game over ``tree`` that a student's code calls shares: states checked
    and looked up, calls counted, and ``evaluated``, the paths of the leaves whose values
    were asked for, in order."""

    def __init__(self, tree: CustomTree) -> None:
        self.tree = tree
        self.initial: Path = self._state(())
        self.evaluated: list[Path] = []
        self._calls = 0
        self._most_calls = max(CALLS_AT_LEAST, CALLS_PER_NODE * tree.node_count)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.tree.name!r})"

    def _count_call(self) -> None:
        self._calls += 1
        if self._calls > self._most_calls:
            raise TooManyCalls(
                f"your code called the game more than {self._most_calls:,} times on a tree "
                f"of {self.tree.node_count} nodes: it seems to go round in circles"
            )

    def _state(self, path: Path) -> TreeState:
        return TreeState(path, self._mover(path))

    def _mover(self, path: Path) -> str:
        """Who moves at ``path``; at a leaf, the opponent of the last to decide above it."""
        node = self.tree.node_at(path)
        if node.type is NodeType.CHANCE:
            return CHANCE
        if node.type is not NodeType.LEAF:
            return MAX if node.type is NodeType.MAX else MIN
        for depth in range(len(path) - 1, -1, -1):
            above = self.tree.node_at(path[:depth])
            if above.type is not NodeType.CHANCE:
                return MIN if above.type is NodeType.MAX else MAX
        return MAX

    def _node(self, state: object, asked: str) -> TreeNode:
        self._count_call()
        if not isinstance(state, tuple) or not all(
            isinstance(i, int) and not isinstance(i, bool) for i in state
        ):
            raise MisuseError(f"{asked}() was given {state_text(state)}, which is not a state")
        node = self.tree.root
        for i in state:
            if not 0 <= i < len(node.children):
                raise MisuseError(f"{asked}() was given {state!r}, which is not a node of the tree")
            node = node.children[i]
        return node

    def _evaluate(self, state: Path, asked: str) -> Number:
        """The value of the leaf ``state``, as drawn; the leaf counts as evaluated."""
        node = self._node(state, asked)
        if node.value is None:
            raise MisuseError(
                f"{asked}() was asked about {state_text(state)}, which is not a leaf "
                "(check terminal_test first, and search to the end: no depth cutoff)"
            )
        self.evaluated.append(tuple(state))  # a plain path: it crosses to the caller
        return node.value


class AimaTreeGame(TreeCalls):
    """aima-python's Game interface over ``tree``; a leaf counts as evaluated each time
    ``utility`` is asked about it."""

    def actions(self, state: Path) -> list[int]:
        """The moves at ``state``: its children's indices (none at a leaf)."""
        return list(range(len(self._node(state, "actions").children)))

    def result(self, state: Path, move: int) -> Path:
        """The child of ``state`` that ``move`` leads to."""
        node = self._node(state, "result")
        if not (
            isinstance(move, int) and not isinstance(move, bool) and 0 <= move < len(node.children)
        ):
            raise MisuseError(
                f"result() was given the move {move!r} at {state_text(state)}, whose moves are "
                f"{list(range(len(node.children)))}"
            )
        return self._state((*state, move))

    def successors(self, state: Path) -> list[tuple[int, Path]]:
        """(move, state) pairs, as older copies of aima-python ask for them."""
        return [(move, self._state((*state, move))) for move in self.actions(state)]

    def chances(self, state: Path) -> list[tuple[int | None, float]]:
        """The chances at ``state``: ``(outcome, probability)`` for each child of a
        chance node, the one certain chance at a MAX or MIN node."""
        node = self._node(state, "chances")
        if node.type is NodeType.LEAF:
            raise MisuseError(
                f"chances() was asked about {state_text(state)}, which is a leaf: the game "
                "is over there (check terminal_test first)"
            )
        if node.type is not NodeType.CHANCE:
            return [CERTAIN]
        return [(i, child.probability or 0.0) for i, child in enumerate(node.children)]

    def outcome(self, state: Path, chance: object) -> Path:
        """The state ``chance`` (one of ``chances(state)``) leads to."""
        node = self._node(state, "outcome")
        found = [] if node.type is NodeType.LEAF else self.chances(state)
        if chance not in found:
            raise MisuseError(
                f"outcome() was given {state_text(state)} and the chance {chance!r}, which "
                f"is not one of its chances {found}: give outcome() the state whose "
                "chances() gave that chance"
            )
        assert isinstance(chance, tuple)
        index = chance[0]
        return self._state(state if index is None else (*state, index))

    def probability(self, chance: object) -> float:
        """The probability of ``chance``, an ``(outcome, probability)`` pair."""
        self._count_call()
        if not (
            isinstance(chance, tuple)
            and len(chance) == 2
            and isinstance(chance[1], int | float)
            and not isinstance(chance[1], bool)
            and 0 < chance[1] <= 1
        ):
            raise MisuseError(
                f"probability() was given {chance!r}, which is not a chance: pass one of "
                "the (outcome, probability) pairs chances() gives"
            )
        return float(chance[1])

    def terminal_test(self, state: Path) -> bool:
        """True at a leaf."""
        return self._node(state, "terminal_test").type is NodeType.LEAF

    def to_move(self, state: Path) -> str:
        """``"MAX"``, ``"MIN"`` or ``"CHANCE"`` (asked of a leaf, the opponent of the
        last player to decide above it, as in a game)."""
        self._node(state, "to_move")
        return self._mover(state)

    def utility(self, state: Path, player: str) -> Number:
        """The leaf's value for ``player``; the leaf counts as evaluated."""
        if player not in (MAX, MIN):
            self._node(state, "utility")  # a state that is not one is said first
            raise MisuseError(
                f"utility() was given the player {player!r}: ask for 'MAX' or 'MIN', "
                "as to_move() names them"
            )
        value = self._evaluate(state, "utility")
        return value if player == MAX else -value

    def display(self, state: Path) -> None:
        """Print the node, as aima's games print a board."""
        node = self._node(state, "display")
        kind = node.type.value.upper()
        value = "" if node.value is None else f" = {format_number(node.value)}"
        print(f"{kind} {path_text(state) or '(root)'}{value}")
