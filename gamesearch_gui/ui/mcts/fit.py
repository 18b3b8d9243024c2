"""How much of the MCTS tree the canvas shows: the most nodes and levels whose labels fit
its room at zoom 1 without touching, and the slot and level sizes that spread them over it.

So a student reads every N and Q/N without zooming, and a tree of tens of thousands of
nodes stays fluid: at most ``MAX_SHOWN`` nodes are laid out, however big the canvas.
"""

from __future__ import annotations

from typing import Final
from typing import NamedTuple

from gamesearch_gui.core.narration.mcts import visits_text
from gamesearch_gui.core.recording.mcts import MctsMoment
from gamesearch_gui.ui.mcts.geometry import GAP
from gamesearch_gui.ui.mcts.geometry import NODE
from gamesearch_gui.ui.mcts.geometry import MctsScene
from gamesearch_gui.ui.mcts.geometry import Sizes
from gamesearch_gui.ui.mcts.labels import MctsLabels
from gamesearch_gui.ui.mcts.layout import MAX_SHOWN
from gamesearch_gui.ui.mcts.layout import MctsLayout
from gamesearch_gui.ui.mcts.layout import lay_out

#: The levels spread to fill the height, up to this many times their least height.
MAX_SPREAD: Final = 2.0
#: Most layouts tried to find the most nodes that fit.
FIT_TRIES: Final = 8
#: Most times the slots are narrowed for the moves written left of the first nodes.
NARROWINGS: Final = 3


class Room(NamedTuple):
    """The canvas's room for the tree at zoom 1 (scene units)."""

    width: float
    height: float  #: above the playout's band
    top: float  #: where the tree starts: below the note


def fitted(moment: MctsMoment, room: Room, labels: MctsLabels) -> tuple[MctsLayout, Sizes]:
    """The layout of ``moment`` that fits ``room``, its labels included, and its sizes."""
    narrower = 0.0
    for _ in range(NARROWINGS):  # moves written left of the first nodes: narrower slots
        layout, sizes = fitted_layout(moment, room, labels, narrower)
        left, right = labels.reach(MctsScene(moment, layout, sizes))
        over = right - left - room.width
        if over <= 0.5:
            break
        narrower += over
    return layout, sizes


def fitted_layout(
    moment: MctsMoment, room: Room, labels: MctsLabels, narrower: float = 0.0
) -> tuple[MctsLayout, Sizes]:
    """The most nodes whose labels fit ``room`` at zoom 1 without touching, and the slot
    and level sizes that spread them over it (``narrower`` than the room)."""
    line = labels.line()
    widest = max(
        labels.width(text) for text in (visits_text(moment.visits[0]), "Q/N=−0.00", "+888 more")
    )
    slot_min = widest + 2 * GAP
    block = NODE + 2 + 2 * line  # a node and its two lines of numbers
    level_min = block + GAP + NODE / 2  # down to the top of the next level's nodes
    room_w = max(room.width - narrower, slot_min)
    room_h = room.height
    rows = max(1 + int((room_h - block) // level_min), 1)
    max_slots = max(int(room_w // slot_min), 1)
    path = moment.path()

    def attempt(budget: int) -> MctsLayout:
        layout = lay_out(moment, budget, path, rows - 1)
        if layout.rows > rows and rows > 1:  # stubs below the last level: one less
            layout = lay_out(moment, budget, path, rows - 2)
        return layout

    # The most nodes that fit across: the widest budget whose slots fit.
    fits, too_many = 0, MAX_SHOWN + 1
    budget = min(max_slots * 2, MAX_SHOWN)
    best = None
    for _ in range(FIT_TRIES):
        layout = attempt(budget)
        if layout.slots <= max_slots:
            best, fits = layout, budget
            if layout.shown < budget:
                break  # every node there is down to the last level
        else:
            too_many = budget
            best = best or (layout if budget == 1 else None)
        if too_many - fits <= 1:
            break
        budget = (fits + too_many) // 2 if too_many <= MAX_SHOWN else min(fits * 2, MAX_SHOWN)
        budget = max(budget, 1)
    if best is None:
        best = attempt(1)  # the path alone does not fit: drawn smaller
    slot = min(max(room_w / max(best.slots, 1), slot_min), slot_min * MAX_SPREAD)
    level = level_min
    if best.rows > 1:
        level = min(max((room_h - block) / (best.rows - 1), level_min), level_min * MAX_SPREAD)
    return best, Sizes(slot, level, line, room.top)
