"""The node shapes, one set for both tree views (minimax and MCTS), the legend, and the
exercises' pictures: MAX ▲, MIN ▼, chance ●, end of game ■, evaluation ◆, and for the
players of a game of n players ▲ ▼ ◀ ▶.

A shape is added to a ``QPainterPath`` the caller keeps: a paint that draws thousands of
shapes reuses one path (see :mod:`.item`). ``r`` is half the node's size; every caller
sizes its rings and labels around the same shapes.
"""

from __future__ import annotations

from typing import Final

from PySide6.QtGui import QPainterPath

from gamesearch_gui.ui.tree.geometry import HOW_EVALUATION
from gamesearch_gui.ui.tree.geometry import KIND_CHANCE
from gamesearch_gui.ui.tree.geometry import KIND_MAX
from gamesearch_gui.ui.tree.geometry import KIND_MIN

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
