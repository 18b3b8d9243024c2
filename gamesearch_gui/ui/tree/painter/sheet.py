"""One paint of the tree: what every painter of it draws with and where.

``TreeItem.paint`` makes a :class:`Sheet` for each paint and hands it to the painters in
turn (:mod:`.edges`, :mod:`.nodes`, :mod:`.marks`, :mod:`.texts`): the Qt painter
in device pixels, the frame planned (:mod:`.frame`), the moment and its layout, the inks
and fonts, the scales, and the texts proposed so far (placed and drawn last, all
together). Nothing here makes a Qt value object: under a busy search thread each one
can wait for the GIL (see :mod:`..style`).
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field
from typing import Final

from PySide6.QtGui import QPainter
from PySide6.QtGui import QPainterPath
from PySide6.QtGui import QTransform

from gamesearch_gui.core.recording.depth_first import SearchRecording
from gamesearch_gui.core.recording.moment import Moment
from gamesearch_gui.ui.palette import MIN_TEXT_PIXELS
from gamesearch_gui.ui.tree.folds import Layout
from gamesearch_gui.ui.tree.geometry import LEVEL_H
from gamesearch_gui.ui.tree.geometry import NODE_R
from gamesearch_gui.ui.tree.geometry import SLOT_W
from gamesearch_gui.ui.tree.model import TreeModel
from gamesearch_gui.ui.tree.painter.frame import CanvasText
from gamesearch_gui.ui.tree.painter.frame import Frame
from gamesearch_gui.ui.tree.painter.frame import PointOf
from gamesearch_gui.ui.tree.style import LABEL_PX
from gamesearch_gui.ui.tree.style import Inks
from gamesearch_gui.ui.tree.style import TextCache
from gamesearch_gui.ui.tree.style import labels_shown

#: The size (pixels) a vector of a game of n players, a value, a fold's count or a
#: folded view's move is written at where the zoom would make it smaller: a fitted tree
#: of a few dozen leaves still shows every vector.
READABLE_PX: Final = int(MIN_TEXT_PIXELS) + 1

#: A label cut to its room is drawn only when more than this many characters ("…"
#: included) are left of it.
MIN_ELIDED_CHARS: Final = 3


@dataclass(slots=True)
class Sheet:
    """One paint: the painter (device pixels), the plan, the moment, and the sizes.

    ``ax`` and ``ay`` are a slot's width and a level's height on screen, ``s`` the
    smaller scale (it sizes shapes and text: nothing is squashed) and ``r`` a node's
    half size; ``point`` gives a node's centre. ``texts`` gathers what the painters
    propose to write.
    """

    painter: QPainter
    frame: Frame
    model: TreeModel
    now: Moment
    lay: Layout
    inks: Inks
    cache: TextCache
    #: One path, cleared and refilled for each shape.
    path: QPainterPath
    #: Texts too small at the zoom are written at the smallest readable size instead.
    readable: bool
    sx: float
    sy: float
    dx: float
    dy: float
    ax: float
    ay: float
    s: float
    r: float
    #: The size of the small labels (α and β, moves, cutoffs), and whether the zoom
    #: writes them at all.
    label_px: int
    show_labels: bool
    point: PointOf
    texts: list[CanvasText] = field(default_factory=list)

    @staticmethod
    def start(
        painter: QPainter,
        frame: Frame,
        model: TreeModel,
        world: QTransform,
        inks: Inks,
        cache: TextCache,
        path: QPainterPath,
        readable: bool,
    ) -> Sheet:
        """The sheet of a paint of ``model`` through ``world`` (the view's transform);
        the model has a moment and a layout."""
        now, lay = model.now, model.layout
        assert now is not None and lay is not None
        sx, sy, dx, dy = world.m11(), world.m22(), world.dx(), world.dy()
        ax, ay = SLOT_W * sx, LEVEL_H * sy
        x_of, depth = lay.x, now.recording.depth

        def point(n: int) -> tuple[float, float]:
            return x_of(n) * ax + dx, depth[n] * ay + dy

        s = min(sx, sy)
        r, label_px, show = NODE_R * s, int(LABEL_PX * s), labels_shown(s)
        return Sheet(
            painter, frame, model, now, lay, inks, cache, path, readable,
            sx, sy, dx, dy, ax, ay, s, r, label_px, show, point,
        )  # fmt: skip

    @property
    def rec(self) -> SearchRecording:
        """The recording the moment reads."""
        return self.now.recording
