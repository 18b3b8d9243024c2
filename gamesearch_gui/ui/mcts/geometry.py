"""Where the MCTS tree is drawn: its scene units, and the places of a layout's nodes, stubs
and playout band at the sizes the canvas chose.

Scene units are pixels at the fitted zoom 1 (the canvas scales and shifts them). A node
sits at its slot's centre across and its level down; a stub's count one level below its
parent; the playout's result in a band below every level. No painting here: the
labels (:mod:`.labels`), the painter (:mod:`.painter`) and the canvas all ask
the one :class:`MctsScene`, so they cannot disagree on where a node is.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from gamesearch_gui.core.recording.mcts import MctsMoment
from gamesearch_gui.core.recording.mcts import MctsRecording
from gamesearch_gui.ui.mcts.layout import MctsLayout
from gamesearch_gui.ui.tree.style import VALUE_PX

#: Scene units (pixels at the fitted zoom): a node's size, and the space between labels.
NODE: Final = 16.0
GAP: Final = 6.0
#: Text size of every label (scene units): the minimax view's values' size, so the fitted
#: view, drawn at zoom 1, writes N and Q/N as legibly as the minimax tree its values.
TEXT_PX: Final = int(VALUE_PX)
#: The playout's dashed line: at least this long down to its result.
PLAYOUT_MIN: Final = 12.0

#: A place in the scene: x, y.
Point = tuple[float, float]


@dataclass(frozen=True, slots=True)
class Sizes:
    """The sizes a layout is drawn with (scene units), chosen from the canvas's size."""

    slot: float = 70.0
    level: float = 60.0
    line: float = 13.0
    top: float = 40.0  #: where the tree starts: below the note


@dataclass(frozen=True, slots=True)
class MctsScene:
    """One picture of the MCTS tree: the moment, its layout, the sizes it is drawn at, and
    the chosen node (its UCB sum is written)."""

    moment: MctsMoment
    layout: MctsLayout
    sizes: Sizes
    selected: int | None = None

    @property
    def recording(self) -> MctsRecording:
        """The recording the moment reads."""
        return self.moment.recording

    def target(self, n: int) -> Point:
        """Where node ``n`` is drawn once it has glided to its place."""
        layout, sizes = self.layout, self.sizes
        return (layout.x[n] + 0.5) * sizes.slot, layout.depth[n] * sizes.level + NODE / 2

    def targets(self) -> dict[int, Point]:
        """Every drawn node's :meth:`target`."""
        return {n: self.target(n) for n in self.layout.x}

    def stub_place(self, slot: float, parent_y: float) -> Point:
        """Where a stub at ``slot`` (in slots) begins, its parent drawn at ``parent_y``: a
        level down, where a node's shape would begin."""
        sizes = self.sizes
        return (slot + 0.5) * sizes.slot, parent_y + sizes.level - NODE / 2

    def width(self) -> float:
        """How wide the tree's slots reach (its labels may reach further)."""
        return max(self.layout.slots, 1) * self.sizes.slot

    def band_top(self) -> float:
        """Where the playout's result is written: below every level."""
        sizes = self.sizes
        rows = max(self.layout.rows, 1)
        return (rows - 1) * sizes.level + NODE + 2 + 2 * sizes.line + PLAYOUT_MIN
