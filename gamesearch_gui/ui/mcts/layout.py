"""Where the MCTS tree view puts each node: the most visited part of the tree, laid out.

MCTS grows its tree anywhere, so the depth-first slots of the minimax view do not fit.
Here a moment's tree is cut to its ``budget`` most visited nodes no deeper than
``max_depth`` (the iteration's own path always among them, down to ``max_depth``), each
node's other children folded into one "+k more" stub; then laid out as a tidy tree:
children in move order, one slot per shown leaf or stub, a parent centred over its
children. A node keeps its place while the shown tree keeps its shape, and the view
animates the rest, so nothing jumps. No Qt here.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from dataclasses import field
from typing import TYPE_CHECKING
from typing import Final
from typing import cast

from gamesearch_gui.core.recording.mcts import MctsMoment

if TYPE_CHECKING:
    from _typeshed import SupportsRichComparison

#: Most nodes drawn at once: past it the least visited are folded into stubs.
MAX_SHOWN: Final = 400


@dataclass(slots=True)
class Stub:
    """The children of ``parent`` that are not drawn: how many, and their visits."""

    parent: int
    count: int
    visits: int


@dataclass(slots=True)
class MctsLayout:
    """The shown nodes' places (in slots across, levels down), and the stubs'."""

    x: dict[int, float] = field(default_factory=dict)
    depth: dict[int, int] = field(default_factory=dict)
    children: dict[int, list[int]] = field(default_factory=dict)
    stubs: list[tuple[Stub, float]] = field(default_factory=list)
    slots: int = 0
    total: int = 0  #: nodes in the tree at the moment (shown or not)
    budget: int = MAX_SHOWN  #: the most nodes it could draw
    max_depth: int | None = None  #: the deepest level it could draw (None: any)

    @property
    def shown(self) -> int:
        """How many nodes are drawn."""
        return len(self.x)

    @property
    def rows(self) -> int:
        """Levels drawn, counting the stubs' (a stub sits a level below its parent)."""
        deepest = max(self.depth.values(), default=-1)
        stubs = max((self.depth[stub.parent] + 1 for stub, _ in self.stubs), default=-1)
        return max(deepest, stubs) + 1

    def stub_of(self, parent: int) -> float | None:
        """Where ``parent``'s stub is (in slots), None when all its children are drawn."""
        return next((x for stub, x in self.stubs if stub.parent == parent), None)

    def deepest_shown(self, path: list[int]) -> int | None:
        """The deepest node of ``path`` (a path from the root) that is drawn."""
        return next((n for n in reversed(path) if n in self.x), None)


def _ordered(moment: MctsMoment, kids: list[int]) -> list[int]:
    """Children in move order (the order they joined where moves do not compare)."""
    moves = moment.recording.moves
    try:
        # A game's moves are its own values: compared if they can be (TypeError if not).
        return sorted(kids, key=lambda c: cast("SupportsRichComparison", moves[c]))
    except TypeError:
        return kids


def lay_out(
    moment: MctsMoment,
    budget: int = MAX_SHOWN,
    keep: list[int] | None = None,
    max_depth: int | None = None,
) -> MctsLayout:
    """The layout of ``moment``'s tree: its ``budget`` most visited nodes no deeper than
    ``max_depth``, and ``keep`` (a path from the root) whatever their visits, down to
    ``max_depth``."""
    layout = MctsLayout(total=moment.node_limit, budget=budget, max_depth=max_depth)
    if moment.node_limit == 0:
        return layout
    _place(moment, layout, _shown(moment, budget, keep or [], max_depth))
    return layout


def _shown(moment: MctsMoment, budget: int, keep: list[int], max_depth: int | None) -> set[int]:
    """The nodes drawn: the most visited first, up to ``budget`` of them, no deeper than
    ``max_depth``; and the kept path's, opened like any other."""
    visits = moment.visits
    kept = keep[: None if max_depth is None else max_depth + 1]
    shown = {0, *kept}
    level = {n: d for d, n in enumerate(kept)}
    level[0] = 0
    heap = [(-visits[n], n) for n in shown]
    heapq.heapify(heap)
    opened: set[int] = set()
    while heap:
        _, n = heapq.heappop(heap)
        if n in opened:
            continue
        if n not in shown:
            if len(shown) >= budget:
                continue  # the kept path may still have nodes to open
            shown.add(n)
        opened.add(n)
        if max_depth is not None and level[n] >= max_depth:
            continue  # its children are folded into its stub
        for c in moment.children(n):
            if visits[c] and c not in opened:
                level[c] = level[n] + 1
                heapq.heappush(heap, (-visits[c], c))
    return shown


def _place(moment: MctsMoment, layout: MctsLayout, shown: set[int]) -> None:
    """Give the ``shown`` nodes and the stubs their slots: one per shown leaf or stub, a
    parent centred over its children. Iteratively, children before parents: a deep tree
    must not meet the recursion limit."""
    visits = moment.visits
    slot = 0
    stack: list[tuple[int, int, bool]] = [(0, 0, False)]
    while stack:
        n, depth, done = stack.pop()
        if not done:
            drawn = _ordered(moment, [c for c in moment.children(n) if c in shown])
            layout.children[n] = drawn
            layout.depth[n] = depth
            stack.append((n, depth, True))
            for c in reversed(drawn):
                stack.append((c, depth + 1, False))
            continue
        drawn = layout.children[n]
        hidden = [c for c in moment.children(n) if c not in shown]
        stub_x = None
        if hidden:
            stub_x = float(slot)
            layout.stubs.append((Stub(n, len(hidden), sum(visits[c] for c in hidden)), stub_x))
            slot += 1
        if drawn:
            right = stub_x if stub_x is not None else layout.x[drawn[-1]]
            layout.x[n] = (layout.x[drawn[0]] + right) / 2
        elif stub_x is not None:
            layout.x[n] = stub_x
        else:
            layout.x[n] = float(slot)
            slot += 1
    layout.slots = slot
