"""A drawn tree as an aima-python ``Game`` that records every leaf a search evaluates.

aima-python's games (``games.py``) have ``initial``, ``actions(state)``,
``result(state, move)``, ``utility(state, player)``, ``terminal_test(state)``,
``to_move(state)`` and ``display(state)``; older copies also ``successors(state)``.
This game has them all, over a :class:`~gamesearch_gui.core.trees.tree.CustomTree` without
chance nodes:

* a state is a node's path, a tuple of child indices (``()`` is the root): opaque
  enough that the only way to a leaf's value is ``utility``;
* a move is a child's index, in drawn order;
* ``to_move`` is ``"MAX"`` or ``"MIN"``; ``utility(state, player)`` is the leaf's value
  for ``"MAX"`` and its negation for ``"MIN"``, as aima's games score for the player
  asked about.

A leaf counts as evaluated each time ``utility`` is called on it, in order; a call of
``terminal_test`` is not an evaluation (code asks it of every node it enters). Misuse
(a state or move that is not one, ``utility`` of an inner node) raises
:class:`MisuseError` with a sentence for the student.
"""

from __future__ import annotations

from typing import Final

from gamesearch_gui.core.numbers import format_number
from gamesearch_gui.core.trees.tree import CustomTree, NodeType, Number, Path, TreeNode, path_text

MAX: Final = "MAX"
MIN: Final = "MIN"
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


def state_text(state: object) -> str:
    """A state as the student's code sees it: its path, or the root."""
    if state == ():
        return "the root ()"
    if isinstance(state, tuple):
        return f"node {path_text(state)} {state!r}"
    return repr(state)[:80]


class AimaTreeGame:
    """aima-python's Game interface over ``tree``; ``evaluated`` lists the paths of the
    leaves ``utility`` was asked for, in order."""

    def __init__(self, tree: CustomTree) -> None:
        self.tree = tree
        self.initial: Path = ()
        self.evaluated: list[Path] = []
        self._calls = 0
        self._most_calls = max(CALLS_AT_LEAST, CALLS_PER_NODE * tree.node_count)

    def __repr__(self) -> str:
        return f"AimaTreeGame({self.tree.name!r})"

    def _node(self, state: object, asked: str) -> TreeNode:
        self._calls += 1
        if self._calls > self._most_calls:
            raise TooManyCalls(
                f"your code called the game more than {self._most_calls:,} times on a tree "
                f"of {self.tree.node_count} nodes: it seems to go round in circles"
            )
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
        return (*state, move)

    def successors(self, state: Path) -> list[tuple[int, Path]]:
        """(move, state) pairs, as older copies of aima-python ask for them."""
        return [(move, (*state, move)) for move in self.actions(state)]

    def terminal_test(self, state: Path) -> bool:
        """True at a leaf."""
        return self._node(state, "terminal_test").type is NodeType.LEAF

    def to_move(self, state: Path) -> str:
        """``"MAX"`` or ``"MIN"`` (asked of a leaf, its parent's opponent, as in a game)."""
        node = self._node(state, "to_move")
        if node.type is NodeType.LEAF:
            above = self.tree.node_at(state[:-1]) if state else node
            return MIN if above.type is NodeType.MAX else MAX
        return MAX if node.type is NodeType.MAX else MIN

    def utility(self, state: Path, player: str) -> Number:
        """The leaf's value for ``player``; the leaf counts as evaluated."""
        node = self._node(state, "utility")
        if node.value is None:
            raise MisuseError(
                f"utility() was asked about {state_text(state)}, which is not a leaf "
                "(check terminal_test first, and search to the end: no depth cutoff)"
            )
        if player not in (MAX, MIN):
            raise MisuseError(
                f"utility() was given the player {player!r}: ask for 'MAX' or 'MIN', "
                "as to_move() names them"
            )
        self.evaluated.append(state)
        return node.value if player == MAX else -node.value

    def display(self, state: Path) -> None:
        """Print the node, as aima's games print a board."""
        node = self._node(state, "display")
        kind = node.type.value.upper()
        value = "" if node.value is None else f" = {format_number(node.value)}"
        print(f"{kind} {path_text(state) or '(root)'}{value}")
