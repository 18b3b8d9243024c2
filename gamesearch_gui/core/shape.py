"""The shape of a recorded search tree: nodes per depth, the branching at each depth,
the shallowest and deepest end of the game, and how many distinct positions it visited.

Counted over every node the recording kept (all iterations of iterative deepening, up
to the node cap). The counts by depth read the recording's columns at C speed (a full
tic-tac-toe tree, 549,946 nodes, in well under a second); the distinct positions need each
node's position, rebuilt from the moves and asked for its ``game.key``: one
``game.result`` per node (0.14 s for that tree), done apart by :class:`PositionCounter`,
a piece at a time, so that a window can count between its paints.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable
from dataclasses import dataclass
from itertools import compress
from itertools import repeat
from operator import eq
from operator import ne
from typing import Final

from gamesearch_gui.core.recording.depth_first import NONE
from gamesearch_gui.core.recording.depth_first import VALUATIONS
from gamesearch_gui.core.recording.depth_first import SearchRecording
from gamesearch_gui.core.recording.events import Valuation

__all__ = ["DepthRow", "PositionCounter", "TreeShape", "distinct_positions", "tree_shape"]

#: The ``how`` code of a node whose game is over.
_TERMINAL: Final = VALUATIONS.index(Valuation.TERMINAL)


@dataclass(frozen=True, slots=True)
class DepthRow:
    """One depth of the tree."""

    depth: int
    nodes: int
    #: Nodes at this depth that have children (searched further).
    expanded: int
    #: Their children, all at the next depth.
    children: int

    @property
    def branching(self) -> float | None:
        """Average children of an expanded node here (None where none was expanded)."""
        return self.children / self.expanded if self.expanded else None


@dataclass(frozen=True, slots=True)
class TreeShape:
    """How the tree is shaped, by depth, and where its games end."""

    nodes: int
    rows: tuple[DepthRow, ...]
    #: Shallowest and deepest node where the game is over (None: no game ended).
    shallowest_terminal: int | None
    deepest_terminal: int | None

    @property
    def branching(self) -> float | None:
        """Average children per expanded node, over the whole tree."""
        expanded = sum(row.expanded for row in self.rows)
        return sum(row.children for row in self.rows) / expanded if expanded else None


def tree_shape(recording: SearchRecording) -> TreeShape:
    """The shape of every node ``recording`` kept."""
    count = recording.node_count
    depth = recording.depth[:count]
    per_depth = Counter(depth)
    has_children = map(ne, recording.first_child[:count], repeat(NONE))
    expanded = Counter(compress(depth, has_children))
    ended = list(compress(depth, map(eq, recording.how[:count], repeat(_TERMINAL))))
    rows = []
    for d in range(max(per_depth, default=-1) + 1):
        below = per_depth.get(d + 1, 0) if expanded.get(d, 0) else 0
        rows.append(DepthRow(d, per_depth.get(d, 0), expanded.get(d, 0), below))
    return TreeShape(
        count,
        tuple(rows),
        min(ended) if ended else None,
        max(ended) if ended else None,
    )


class PositionCounter:
    """Counts the different positions (by ``game.key``) the kept nodes stand for, a
    piece at a time, so a window can do it between its paints.

    Rebuilds each node's position from its parent's (nodes come in depth-first order, a
    parent before its children): one ``game.result`` and one ``game.key`` per node.
    """

    def __init__(self, recording: SearchRecording) -> None:
        #: Let go once counted: a window may keep the count long after the tree is gone.
        self._recording: SearchRecording | None = recording
        #: Nodes to count, and whether the recording dropped more (past its node cap).
        self.total = recording.node_count
        self.capped = recording.capped
        self._done = 0
        self._states: list[object] = [None] * self.total
        self._seen: set[Hashable] = set()

    @property
    def finished(self) -> bool:
        """True once every node was counted."""
        return self._done >= self.total

    @property
    def share_done(self) -> float:
        """How much of the work is done, 0 to 1."""
        return self._done / self.total if self.total else 1.0

    @property
    def count(self) -> int:
        """Different positions among the nodes counted so far."""
        return len(self._seen)

    def run(self, nodes: int | None = None) -> bool:
        """Count ``nodes`` more nodes (None: all the rest); True once finished."""
        rec = self._recording
        if rec is None:
            return True
        start = self._done
        stop = self.total if nodes is None else min(self.total, start + nodes)
        result, key = rec.game.result, rec.game.key
        parent, moves, roots = rec.parent, rec.moves, rec.root_states
        states, add = self._states, self._seen.add
        for n in range(start, stop):
            p = parent[n]
            state = roots[n] if p == NONE else result(states[p], moves[n])
            states[n] = state
            add(key(state))
        self._done = stop
        if self.finished:
            self._states, self._recording = [], None  # the count is all that is kept
        return self.finished


def distinct_positions(recording: SearchRecording) -> int:
    """How many different positions (by ``game.key``) the kept nodes stand for."""
    counter = PositionCounter(recording)
    counter.run()
    return counter.count
