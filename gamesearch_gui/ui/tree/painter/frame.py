"""What one paint of the tree draws: the frame planner, and what it hands the painters.

``plan_frame`` walks the tree top-down from the roots, skipping every subtree whose
extent (its slots) lies outside the exposed rectangle; a run of sibling subtrees each
narrower than ``SILHOUETTE_PX`` on screen becomes one silhouette instead of being
descended. The :class:`Frame` it returns is the plan, and, once painted, the record of
what was drawn (for tests and the benchmark). :class:`CanvasText` is a text a painter
proposes; :class:`Drawn` what a paint hands ``TreeItem.decorate``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from dataclasses import field
from typing import NamedTuple

from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor

from gamesearch_gui.core.recording.depth_first import NONE
from gamesearch_gui.core.recording.moment import Moment
from gamesearch_gui.ui.tree.folds import HIDE
from gamesearch_gui.ui.tree.folds import Layout
from gamesearch_gui.ui.tree.folds import Mark
from gamesearch_gui.ui.tree.geometry import LABEL_REACH_PX
from gamesearch_gui.ui.tree.geometry import LEVEL_H
from gamesearch_gui.ui.tree.geometry import SILHOUETTE_PX
from gamesearch_gui.ui.tree.geometry import SLOT_W
from gamesearch_gui.ui.tree.model import TreeModel
from gamesearch_gui.ui.tree.placement import WINDOW
from gamesearch_gui.ui.tree.placement import Box
from gamesearch_gui.ui.tree.placement import PlacedText

#: Node ``n``'s centre in device pixels.
PointOf = Callable[[int], tuple[float, float]]


@dataclass
class Frame:
    """What one paint drew (kept for tests and the benchmark; the lists are the plan)."""

    moment: int = 0
    #: Nodes drawn one by one (as a shape, or a dot when tiny).
    nodes: list[int] = field(default_factory=list)
    #: The shape each node of ``nodes`` was drawn as (``geometry``'s codes; none for dots).
    shapes: dict[int, int] = field(default_factory=dict)
    #: Subtrees drawn as silhouettes (too narrow to tell apart), by their top node.
    silhouettes: list[int] = field(default_factory=list)
    #: The silhouettes as drawn: (parent, first child, last child) of each run of
    #: narrow siblings, one fan and one block each (parent NONE for a narrow root).
    runs: list[tuple[int, int, int]] = field(default_factory=list)
    #: Folded nodes drawn with their whole subtree as one mark under them.
    collapsed: list[int] = field(default_factory=list)
    #: The fold marks drawn (a folded node's, and the runs of siblings beside a line).
    marks: list[Mark] = field(default_factory=list)
    #: Nodes whose cutoff stub was drawn.
    stubs: list[int] = field(default_factory=list)
    #: The cut marks as drawn (device pixels), one box each: no text overlaps one.
    cut_marks: list[Box] = field(default_factory=list)
    #: Edges drawn, as (parent, child).
    edges: list[tuple[int, int]] = field(default_factory=list)
    #: Every text drawn (those placed: a text with no room is left out).
    texts: list[str] = field(default_factory=list)
    #: The same texts with their boxes on screen (device pixels) and font sizes.
    placed: list[PlacedText] = field(default_factory=list)
    #: The scene's bounds on screen (left, top, right, bottom): every text lies inside.
    bounds: Box = (0.0, 0.0, 0.0, 0.0)
    #: The best line drawn in gold (root first), empty until the search is over.
    best_line: list[int] = field(default_factory=list)
    #: Edges drawn as part of MAX's strategy, as (parent, child).
    strategy_edges: list[tuple[int, int]] = field(default_factory=list)
    #: Drawing calls' worth of shapes, lines and texts.
    primitives: int = 0


@dataclass
class CanvasText:
    """A text to draw, centred on (x, y) in device pixels; ``halo``: on a background patch.

    It is drawn only where it overlaps no text placed before it (see :mod:`..placement`):
    ``priority`` says how soon it is placed, ``owner`` the node it belongs to (its own
    shape is no obstacle to it), ``places`` other centres (each with its own text, cut
    to the room there) to try when (x, y) has no room. ``instead`` is another form of the
    same text (another size, or lines) tried when none of these places has room or its
    size is too small to read. A text of several lines (apart by newlines) is a centred
    column; ``colours``, if given, is each line's own colour.
    """

    x: float  # centre
    y: float  # centre
    text: str
    px: int
    bold: bool
    colour: QColor
    halo: bool
    priority: int = WINDOW
    owner: int = NONE
    places: tuple[tuple[float, float, str], ...] = ()
    instead: CanvasText | None = None
    colours: tuple[QColor, ...] = ()


@dataclass(frozen=True, slots=True)
class Drawn:
    """What a paint has drawn, for ``TreeItem.decorate`` to draw over."""

    frame: Frame
    #: Node ``n``'s centre in device pixels.
    point: PointOf
    #: A node's half size, and the scale, in device pixels.
    r: float
    s: float
    #: Texts to draw last, with the others: a decoration may add to them.
    texts: list[CanvasText]


class Reach(NamedTuple):
    """What a paint covers: slots ``s0`` to ``s1`` across, levels ``d0`` to ``d1`` down
    (the exposed rectangle and the reach of a label past it), and how few slots make a
    subtree ``narrow`` (drawn as a silhouette)."""

    s0: float
    s1: float
    d0: float
    d1: float
    narrow: float


def plan_frame(model: TreeModel, rect: QRectF, sx: float, sy: float) -> Frame:
    """What to draw of ``model``'s tree inside ``rect`` (scene units) at scales ``sx``,
    ``sy``.

    A top-down walk that skips subtrees outside ``rect`` and stops at subtrees
    narrower than ``SILHOUETTE_PX``: the size of the plan is bounded by the pixels.
    """
    now, lay = model.now, model.layout
    frame = Frame(model.k)
    if now is None or lay is None or now.limit == 0:
        return frame
    reach_x = LABEL_REACH_PX / sx / SLOT_W
    reach_y = LABEL_REACH_PX / sy / LEVEL_H
    reach = Reach(
        rect.left() / SLOT_W - reach_x,
        rect.right() / SLOT_W + reach_x,
        rect.top() / LEVEL_H - reach_y,
        rect.bottom() / LEVEL_H + reach_y,
        SILHOUETTE_PX / (SLOT_W * sx),  # slots
    )
    stack = _plan_roots(now, lay, reach, frame)
    while stack:
        _plan_node(now, lay, reach, frame, stack.pop(), stack)
    return frame


def _plan_roots(now: Moment, lay: Layout, reach: Reach, frame: Frame) -> list[int]:
    """The roots in reach to descend (a narrow one is a silhouette of its own)."""
    stack: list[int] = []
    depth = now.recording.depth
    for root in now.roots():
        first, last = lay.extent(root)
        if last < reach.s0 or first > reach.s1 or depth[root] > reach.d1:
            continue
        if last - first + 1 < reach.narrow and now.has_children(root):
            frame.silhouettes.append(root)
            frame.runs.append((NONE, root, root))
        else:
            stack.append(root)
    return stack


def _plan_node(
    now: Moment, lay: Layout, reach: Reach, frame: Frame, n: int, stack: list[int]
) -> None:
    """Node ``n`` in the plan, with its fold marks, its children (onto ``stack``, or into
    runs of silhouettes) and its cutoff stub."""
    dn = now.recording.depth[n]
    if dn >= reach.d0:
        frame.nodes.append(n)
    marks = lay.marks_of(n)
    if marks and dn + 1 >= reach.d0:
        for mark in marks:
            if reach.s0 <= lay.mark_point(mark)[0] <= reach.s1:
                frame.marks.append(mark)
    if lay.mode(n) == HIDE:
        frame.collapsed.append(n)
        return
    if dn + 1 > reach.d1:
        return
    _plan_children(lay, reach, frame, n, dn + 1 >= reach.d0, stack)
    if dn + 1 >= reach.d0:
        cut = now.cutoff(n)
        if cut is not None and reach.s0 <= lay.stub_x(n) <= reach.s1 + 1:
            frame.stubs.append(n)


def _plan_children(
    lay: Layout, reach: Reach, frame: Frame, n: int, level_shown: bool, stack: list[int]
) -> None:
    """Node ``n``'s children: out of reach (their edge drawn where it crosses the view,
    when their level is shown), narrow (runs of silhouettes) or descended."""
    s0, s1, narrow = reach.s0, reach.s1, reach.narrow
    xn = lay.x(n)
    runs, edges = frame.runs, frame.edges
    # Consecutive narrow children make one run, drawn as one fan and silhouette: a node a
    # few pixels wide may have many children, each narrower still.
    run_first = run_last = NONE
    for child, first, last, xc in lay.spans(n):
        if last < s0 or first > s1:
            if run_first != NONE:
                runs.append((n, run_first, run_last))
                run_first = NONE
            if level_shown and min(xn, xc) <= s1 and max(xn, xc) >= s0:
                edges.append((n, child))  # it leads out of view, across it
        elif last - first + 1 < narrow:
            if run_first == NONE:
                run_first = child
            run_last = child
            frame.silhouettes.append(child)
        else:
            if run_first != NONE:
                runs.append((n, run_first, run_last))
                run_first = NONE
            if level_shown:
                edges.append((n, child))
            stack.append(child)
    if run_first != NONE:
        runs.append((n, run_first, run_last))
