"""Where the tree is drawn: scene units, level of detail, the recording's codes.

A node's scene position is ``(x * SLOT_W, depth * LEVEL_H)``, where ``x`` is its place
in slots (one per leaf, :class:`~gamesearch_gui.core.recording.moment.Moment` says where). The
view may scale the two axes apart (see :mod:`.view`), so the item draws in device
pixels and sizes shapes by the horizontal scale.
"""

from __future__ import annotations

from typing import Final

from PySide6.QtCore import QRectF

from gamesearch_gui.core.recording.depth_first import KINDS
from gamesearch_gui.core.recording.depth_first import VALUATIONS
from gamesearch_gui.core.recording.events import NodeKind
from gamesearch_gui.core.recording.events import Valuation

#: Width of one slot (one leaf) at zoom 1, in scene units (pixels at 1:1).
SLOT_W: Final = 40.0
#: Height of one level of the tree at zoom 1.
LEVEL_H: Final = 90.0
#: Half the size of a node's shape at zoom 1.
NODE_R: Final = 13.0
#: A subtree narrower than this on screen is drawn as one silhouette.
SILHOUETTE_PX: Final = 3.0
#: Below this half-size (pixels) nodes are drawn as dots, not shapes.
DOT_PX: Final = 2.5
#: How far past the exposed rectangle a node's labels may reach (pixels): a node's own
#: label is cut to fit in it.
LABEL_REACH_PX: Final = 200.0

#: The recording's codes for who moves at a node (``SearchRecording.kind``).
KIND_MAX, KIND_MIN, KIND_CHANCE, KIND_LEAF = (KINDS.index(kind) for kind in NodeKind)
#: The recording's codes for how a node got its value (``SearchRecording.how``), and
#: ``OPEN`` for a node still being searched (drawn hollow).
HOW_TERMINAL, HOW_EVALUATION, HOW_TABLE, HOW_BACKED_UP = (
    VALUATIONS.index(how) for how in Valuation
)
OPEN: Final = -1


def tree_rect(slots: int, deepest: int) -> QRectF:
    """The scene rectangle of a tree ``slots`` wide and ``deepest`` levels deep, with room
    for a ring above and labels below."""
    return QRectF(
        -SLOT_W,
        -NODE_R * 2.2,
        max(slots, 1) * SLOT_W + 2 * SLOT_W,
        deepest * LEVEL_H + LEVEL_H * 0.6 + NODE_R * 2.2,
    )
