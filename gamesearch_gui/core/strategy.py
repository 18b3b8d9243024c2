"""MAX's strategy in a finished search: MAX's move at every MAX node it can reach,
whatever MIN (and chance) does.

Read from a
:class:`~gamesearch_gui.core.recording.depth_first.SearchRecording`: from the root of the
search's final tree, follow MAX's chosen move at a MAX node (the search's best move,
the first among equals, as the search reports it) and every child at a MIN or chance
node. The strategy is *complete* when every MIN reply and chance outcome it meets was
searched down to the end of the game; otherwise it has *gaps*, each with its reason:

* a cutoff skipped MIN replies (or chance outcomes, in Star1) under it;
* a depth cutoff: below an evaluated node nobody knows how play goes on;
* a transposition hit: the subtree was searched elsewhere, not under this node;
* the node cap: the recording stopped keeping nodes while this one was open;
* the search stopped before the node was valued.

Alpha-beta never cuts the MIN replies of MAX's own strategy (a reply that could lower
the root's value is always searched: its tree is a proof that MAX gets at least the
root's value), but at a MAX node where it cut, the move it kept is merely good enough
to keep that value: MAX's other moves there were not searched, so it is not shown to
be MAX's best one. Such nodes are ``unproven``; minimax has none.
"""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass

from gamesearch_gui.core.numbers import format_number
from gamesearch_gui.core.recording.depth_first import NONE
from gamesearch_gui.core.recording.depth_first import SearchRecording
from gamesearch_gui.core.recording.events import NodeKind
from gamesearch_gui.core.recording.events import Valuation
from gamesearch_gui.core.recording.moment import Moment

__all__ = ["Gap", "Strategy", "max_strategy"]


class Gap(enum.Enum):
    """Why the strategy stops short of the end of the game below some node."""

    PRUNED = "pruned"
    DEPTH = "depth cutoff"
    TABLE = "transposition"
    CAP = "node cap"
    STOPPED = "stopped"


_GAP_WORDS = {
    Gap.PRUNED: "a cutoff skipped replies to it",
    Gap.DEPTH: "the depth limit stopped the search (the evaluation guessed there)",
    Gap.TABLE: "the transposition table gave values searched elsewhere",
    Gap.CAP: "the node cap stopped the recording",
    Gap.STOPPED: "the search stopped before it finished",
}


@dataclass(frozen=True, slots=True)
class Strategy:
    """MAX's strategy as far as a search found it (node indices of its recording)."""

    root: int
    #: Every node the strategy reaches, the root included.
    nodes: frozenset[int]
    #: MAX's move at each MAX node it reaches: the node, and the child it moves to.
    moves: dict[int, int]
    #: Nodes below which it is unknown how play goes on, with why.
    gaps: tuple[tuple[int, Gap], ...]
    #: MAX nodes where the search kept the first move good enough (it cut the rest).
    unproven: tuple[int, ...]
    #: What it guarantees MAX (MIN replies: the least; chance: the average), when complete.
    value: float | None

    @property
    def complete(self) -> bool:
        """True when it covers every MIN reply and chance outcome to the end of the game."""
        return not self.gaps

    def gap_counts(self) -> dict[Gap, int]:
        """How many gaps of each kind, in the order of :class:`Gap`."""
        counts = {gap: 0 for gap in Gap}
        for _, gap in self.gaps:
            counts[gap] += 1
        return {gap: count for gap, count in counts.items() if count}

    def describe(self, recording: SearchRecording) -> str:
        """The strategy in a sentence or two, for a person."""
        decisions = len(self.moves)
        plural = "" if decisions == 1 else "s"
        if not self.complete:
            reasons = "; ".join(
                f"{_GAP_WORDS[gap]} ({count:,} place{'s' if count != 1 else ''})"
                for gap, count in self.gap_counts().items()
            )
            first = recording.name(self.gaps[0][0])
            return (
                f"MAX's strategy is incomplete: {reasons}. The first gap is at {first}. "
                f"Shown: MAX's {decisions:,} move{plural} as far as the search saw."
            )
        if decisions == 0:
            return "MAX has no move to make here: the other side decides everything."
        text = (
            "MAX's strategy: one move at each MAX node MAX can reach, whatever "
            f"the other side does ({decisions:,} move{plural}). It guarantees MAX at least "
            f"{format_number(self.value or 0)}."
        )
        if self.unproven:
            count = len(self.unproven)
            text += (
                f" At {count:,} of these alpha-beta pruned MAX's other moves: the move kept "
                "is good enough, not shown to be the best."
            )
        return text


def _final_root(recording: SearchRecording) -> int:
    line = recording.principal_variation()
    return line[0] if line else NONE


def max_strategy(recording: SearchRecording) -> Strategy | None:
    """MAX's strategy in ``recording``'s final tree (None before it has a valued root)."""
    root = _final_root(recording)
    if root == NONE:
        return None
    rec = recording
    capped_after = rec.entered_at[rec.node_count - 1] if rec.capped else None
    end = Moment(rec, rec.event_count)
    nodes: set[int] = set()
    moves: dict[int, int] = {}
    gaps: list[tuple[int, Gap]] = []
    unproven: list[int] = []
    order: list[int] = []  # depth-first, parents before children
    stack = [root]
    while stack:
        n = stack.pop()
        nodes.add(n)
        order.append(n)
        how = rec.valuation(n)
        if how is None:
            gaps.append((n, Gap.STOPPED))
            continue
        if how is Valuation.EVALUATION:
            gaps.append((n, Gap.DEPTH))
            continue
        if how is Valuation.TRANSPOSITION:
            gaps.append((n, Gap.TABLE))
            continue
        if how is Valuation.TERMINAL:
            continue
        if capped_after is not None and rec.valued_at[n] > capped_after:
            gaps.append((n, Gap.CAP))  # open when the cap was reached: children dropped
        kind = rec.node_kind(n)
        if kind is NodeKind.MAX:
            child = rec.best_child[n]
            if child == NONE:
                if capped_after is None:
                    gaps.append((n, Gap.STOPPED))
                continue
            moves[n] = child
            if rec.cutoff_of[n] != NONE:
                unproven.append(n)
            stack.append(child)
            continue
        if rec.cutoff_of[n] != NONE:
            gaps.append((n, Gap.PRUNED))
        stack.extend(reversed(list(end.children(n))))  # searched order, left to right
    value = None if gaps else _guaranteed(end, order, moves)
    return Strategy(root, frozenset(nodes), moves, tuple(gaps), tuple(unproven), value)


def _guaranteed(end: Moment, order: list[int], moves: dict[int, int]) -> float:
    """The value MAX is sure of with this strategy, backed up over its own nodes only."""
    rec = end.recording
    worth: dict[int, float] = {}
    for n in reversed(order):  # children before parents
        kind = rec.node_kind(n)
        if kind is NodeKind.TERMINAL or rec.first_child[n] == NONE:
            worth[n] = rec.value[n]
        elif kind is NodeKind.MAX:
            worth[n] = worth[moves[n]]
        else:
            children = list(end.children(n))
            if kind is NodeKind.CHANCE:
                worth[n] = math.fsum(rec.probability[c] * worth[c] for c in children)
            else:
                worth[n] = min(worth[c] for c in children)
    return worth[order[0]]
