"""Where the tree is drawn, and in what shapes: scene units, level of detail, node shapes.

A node's scene position is ``(x * SLOT_W, depth * LEVEL_H)``, where ``x`` is its place
in slots (one per leaf, :class:`~gamesearch_gui.core.recording.moment.Moment` says where). The
view may scale the two axes apart (see :mod:`.view`), so the item draws in device
pixels and sizes shapes by the horizontal scale.
"""

from __future__ import annotations

from typing import Final

from PySide6.QtCore import QRectF
from PySide6.QtGui import QPainterPath

from gamesearch_gui.core.recording.depth_first import KINDS, VALUATIONS
from gamesearch_gui.core.recording.events import NodeKind, Valuation

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
#: Shapes beyond the recording's kinds, for the players of a game of n players: a
#: triangle pointing left, and one pointing right.
SHAPE_LEFT: Final = 4
SHAPE_RIGHT: Final = 5
#: Each seat's shape in a game of n players, in the order of the seats' colours (both
#: cycle past the fourth): the first player's nodes point up and the second's down, as
#: MAX's and MIN's do, the third's left, the fourth's right.
PLAYER_SHAPES: Final = (KIND_MAX, KIND_MIN, SHAPE_LEFT, SHAPE_RIGHT)


def player_shape(player: int) -> int:
    """The shape of player ``player``'s nodes (an index into the game's players): one
    per player in every tree, whoever's search it is."""
    return PLAYER_SHAPES[player % len(PLAYER_SHAPES)]


def tree_rect(slots: int, deepest: int) -> QRectF:
    """The scene rectangle of a tree ``slots`` wide and ``deepest`` levels deep, with room
    for a ring above and labels below."""
    return QRectF(
        -SLOT_W,
        -NODE_R * 2.2,
        max(slots, 1) * SLOT_W + 2 * SLOT_W,
        deepest * LEVEL_H + LEVEL_H * 0.6 + NODE_R * 2.2,
    )


def add_node_shape(path: QPainterPath, kind: int, how: int, x: float, y: float, r: float) -> None:
    """Node shapes: MAX ▲, MIN ▼, chance ●, end of game ■, evaluation ◆; and for a player
    of a game of n players (``player_shape``) ◀ and ▶ too."""
    if how == HOW_EVALUATION:
        d = r * 1.15
        path.moveTo(x, y - d)
        path.lineTo(x + d, y)
        path.lineTo(x, y + d)
        path.lineTo(x - d, y)
        path.closeSubpath()
    elif kind == KIND_MAX:
        path.moveTo(x, y - r)
        path.lineTo(x + r * 1.2, y + r * 0.9)
        path.lineTo(x - r * 1.2, y + r * 0.9)
        path.closeSubpath()
    elif kind == KIND_MIN:
        path.moveTo(x - r * 1.2, y - r * 0.9)
        path.lineTo(x + r * 1.2, y - r * 0.9)
        path.lineTo(x, y + r)
        path.closeSubpath()
    elif kind == SHAPE_LEFT:
        path.moveTo(x - r, y)
        path.lineTo(x + r * 0.9, y - r * 1.2)
        path.lineTo(x + r * 0.9, y + r * 1.2)
        path.closeSubpath()
    elif kind == SHAPE_RIGHT:
        path.moveTo(x + r, y)
        path.lineTo(x - r * 0.9, y + r * 1.2)
        path.lineTo(x - r * 0.9, y - r * 1.2)
        path.closeSubpath()
    elif kind == KIND_CHANCE:
        path.addEllipse(x - r, y - r, 2 * r, 2 * r)
    else:
        h = r * 0.88
        path.addRect(x - h, y - h, 2 * h, 2 * h)
