"""A drawn tree as a game in this app's own protocol (``gamesearch_gui.api.Game``), for
a student's search written against that protocol rather than aima-python's.

The calls are the protocol's (docs/your-code.md, "The protocol"): ``initial_state()``,
``to_move(state)`` (a :class:`~gamesearch_gui.core.game.Player`), ``actions(state)`` at
MAX and MIN nodes, ``chances(state)`` at chance nodes (``(outcome, probability)``
pairs), ``result(state, action)`` for a move or an outcome, and ``terminal_value(state)``
(the leaf's value from MAX's view, None elsewhere), or ``is_terminal(state)`` and
``utility(state)``. States are paths, as in :mod:`.aima_tree`. A leaf counts as
evaluated each time ``terminal_value`` or ``utility`` gives its value; ``is_terminal``
is not an evaluation.

A file is searched in this protocol when it imports from ``gamesearch_gui.api`` (its
code needs ``Player`` to read ``to_move``): see :func:`uses_own_protocol`.
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import Any
from typing import Final

from gamesearch_gui import api
from gamesearch_gui.core.game import Player
from gamesearch_gui.core.trees.tree import NodeType
from gamesearch_gui.core.trees.tree import Number
from gamesearch_gui.core.trees.tree import Path
from gamesearch_gui.search_check.aima_tree import CHANCE
from gamesearch_gui.search_check.aima_tree import MAX
from gamesearch_gui.search_check.aima_tree import MisuseError
from gamesearch_gui.search_check.aima_tree import TreeCalls
from gamesearch_gui.search_check.aima_tree import state_text

#: The names the check says each protocol by.
AIMA: Final = "aima"
OWN: Final = "own"
_PLAYERS: Final = {MAX: Player.MAX, CHANCE: Player.CHANCE}


def uses_own_protocol(function: Callable[..., Any]) -> bool:
    """True when ``function``'s module imports ``gamesearch_gui.api`` or a name of it."""
    found = getattr(function, "__globals__", None)
    if not isinstance(found, dict):
        return False
    exported = tuple(getattr(api, name) for name in api.__all__)
    for value in list(found.values()):
        if value is api or (type(value) is ModuleType and value.__name__ == api.__name__):
            return True
        if any(value is each for each in exported):
            return True
    return False


class OwnTreeGame(TreeCalls):
    """This app's Game protocol over a drawn tree."""

    title = "a drawn tree"

    @property
    def has_chance(self) -> bool:
        """True when the tree has chance nodes."""
        return self.tree.has_chance

    def initial_state(self) -> Path:
        """The root, ``()``."""
        return self.initial

    def to_move(self, state: Path) -> Player:
        """``Player.MAX``, ``Player.MIN`` or ``Player.CHANCE``."""
        self._node(state, "to_move")
        return _PLAYERS.get(self._mover(state), Player.MIN)

    def actions(self, state: Path) -> list[int]:
        """The moves at a MAX or MIN node: its children's indices (none at a leaf)."""
        node = self._node(state, "actions")
        if node.type is NodeType.CHANCE:
            raise MisuseError(
                f"actions() was asked about {state_text(state)}, a chance node: ask "
                "chances(state) for its outcomes and their probabilities"
            )
        return list(range(len(node.children)))

    def chances(self, state: Path) -> list[tuple[int, float]]:
        """The outcomes of a chance node and their probabilities."""
        node = self._node(state, "chances")
        if node.type is not NodeType.CHANCE:
            raise MisuseError(
                f"chances() was asked about {state_text(state)}, which is not a chance node "
                "(to_move(state) is Player.CHANCE at one)"
            )
        return [(i, child.probability or 0.0) for i, child in enumerate(node.children)]

    def result(self, state: Path, action: int) -> Path:
        """The child ``action`` (a move, or a chance node's outcome) leads to."""
        node = self._node(state, "result")
        if not (
            isinstance(action, int)
            and not isinstance(action, bool)
            and 0 <= action < len(node.children)
        ):
            raise MisuseError(
                f"result() was given {action!r} at {state_text(state)}, whose moves are "
                f"{list(range(len(node.children)))}"
            )
        return self._state((*state, action))

    def is_terminal(self, state: Path) -> bool:
        """True at a leaf."""
        return self._node(state, "is_terminal").type is NodeType.LEAF

    def terminal_value(self, state: Path) -> Number | None:
        """The leaf's value from MAX's view (it counts as evaluated), None elsewhere."""
        if not self.is_terminal(state):
            return None
        return self._evaluate(state, "terminal_value")

    def utility(self, state: Path) -> Number:
        """The leaf's value from MAX's view; the leaf counts as evaluated."""
        return self._evaluate(state, "utility")
