"""The search-tree canvas: a recorded search drawn as a tree, fluid up to a million nodes.

``TreeCanvas`` is a QGraphicsView over one ``TreeItem``, which draws a
:class:`~gamesearch_gui.core.recording.SearchRecording` as it was at one moment (how
many events had happened). Everything drawn is a pure function of (recording, moment,
collapsed nodes, selection): stepping back and forth shows the same picture.

Scale. One item per node would stop near ten thousand nodes, so the item draws nodes
itself, and only what the paint's exposed rectangle shows. It walks the tree top-down
from the roots, skipping every subtree whose extent (its slots) lies outside the
rectangle; a run of sibling subtrees each narrower than ``SILHOUETTE_PX`` on screen is
drawn as one silhouette (a fan from the parent, and blocks down to the deepest level,
about one per pixel column) instead of being descended. The work of a paint is
therefore bounded by the pixels, not the nodes: a million nodes fitted to the window
draw about two thousand primitives. Text appears only when it is large enough to read,
and shapes become dots when tiny (the level of detail of Qt's chip example).

Speed under a running search. The search thread holds Python's GIL most of the time,
and while it runs every call from the GUI thread into Python (a paint, a slot, a
virtual such as ``boundingRect``), and every Qt value object made in Python (a QPointF,
a QRectF, a QPen), can wait for it. So the paint makes no Qt objects in its loops
(colours and pens are made once, one path is reused for every shape, lines and rects
are drawn from plain numbers), the item is a QGraphicsRectItem so ``boundingRect``
stays in C++, no ``viewportEvent`` is overridden, and following the newest node
scrolls at most every ``FOLLOW_INTERVAL_MS``.

Coordinates. A node's scene position is ``(slot * SLOT_W, depth * LEVEL_H)``. The view
scales the two axes apart: zoomed out, a tree of a million leaves would otherwise be a
line one pixel high, so the vertical scale never drops below what fits the tree's depth
in the window (nor below the horizontal one). Because the axes may differ, the item
draws in device pixels: it maps its points through the painter's transform and sizes
shapes and text by the horizontal scale, so nothing is squashed.

The search thread appends to the recording while the canvas reads it: the canvas never
reads past its moment (every index is checked against ``visible_nodes(moment)``, every
cutoff and valuation against its sequence number).
"""

from __future__ import annotations

import math
import time
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Final

from PySide6.QtCore import QEvent, QPoint, QPointF, QRect, QRectF, QSize, Qt, QTimer, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QContextMenuEvent,
    QFont,
    QFontMetricsF,
    QGuiApplication,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPaintEvent,
    QPalette,
    QPen,
    QResizeEvent,
    QTransform,
    QWheelEvent,
)
from PySide6.QtWidgets import (
    QApplication,
    QGraphicsItem,
    QGraphicsRectItem,
    QGraphicsScene,
    QGraphicsView,
    QMenu,
    QStyleOptionGraphicsItem,
    QToolTip,
    QWidget,
)

from gamesearch_gui.core.events import NodeKind, Valuation
from gamesearch_gui.core.recording import KINDS, NONE, VALUATIONS, SearchRecording
from gamesearch_gui.ui.boards.painting import (
    HINT_COLOUR,
    MAX_COLOUR,
    MIN_COLOUR,
    MIN_TEXT_PIXELS,
    format_value,
    is_dark,
)
from gamesearch_gui.ui.text import elide, tooltip

#: Width of one slot (one leaf) at zoom 1, in scene units (pixels at 1:1).
SLOT_W: Final = 40.0
#: Height of one level of the tree at zoom 1.
LEVEL_H: Final = 90.0
#: Half the size of a node's shape at zoom 1.
NODE_R: Final = 13.0
#: Largest zoom (horizontal scale).
MAX_ZOOM: Final = 4.0
#: A subtree narrower than this on screen is drawn as one silhouette.
SILHOUETTE_PX: Final = 3.0
#: Below this half-size (pixels) nodes are drawn as dots, not shapes.
DOT_PX: Final = 2.5
#: Text sizes at zoom 1 (scene units): a node's value, and the small labels.
VALUE_PX: Final = 11.0
LABEL_PX: Final = 8.5
#: How far past the exposed rectangle a node's labels may reach (pixels): a node's own
#: label is cut to fit in it.
LABEL_REACH_PX: Final = 200.0
#: A move label cut to its room is drawn only when more than this many characters
#: ("…" included) are left of it.
MIN_ELIDED_CHARS: Final = 3
#: Largest vertical scale fitting gives a wide tree (its levels spread over the window).
MAX_LEVEL_STRETCH: Final = 2.0
#: Fewest milliseconds between two scrolls that follow the newest node.
FOLLOW_INTERVAL_MS: Final = 100
#: Fewest milliseconds between two repaints of what a new moment changed.
REPAINT_INTERVAL_MS: Final = 66
#: How long the iteration labels may lag behind the growing tree.
HEADER_LAG_MS: Final = 250
#: Zoom step of the keys and of one wheel notch.
ZOOM_STEP: Final = 1.25
#: Height of the iteration header above the tree and of the legend below it (pixels).
HEADER_H: Final = 22
LEGEND_H: Final = 20

CHANCE_COLOUR: Final = QColor("#8a8f98")
LEAF_FILL: Final = QColor("#e4e6ea")
LEAF_EDGE: Final = QColor("#55595f")
PV_COLOUR: Final = QColor("#e2a300")
CUT_COLOUR: Final = QColor("#c2185b")

_MAX, _MIN, _CHANCE, _TERMINAL = (KINDS.index(kind) for kind in NodeKind)
_HOW_TERMINAL, _HOW_EVAL, _HOW_TT, _HOW_BACKED = (VALUATIONS.index(how) for how in Valuation)
_KIND_WORD: Final = {_MAX: "MAX node", _MIN: "MIN node", _CHANCE: "chance node", _TERMINAL: "leaf"}
_HOW_WORD: Final = {
    _HOW_TERMINAL: "the game is over: its utility",
    _HOW_EVAL: "evaluation function at the depth cutoff",
    _HOW_TT: "transposition table",
    _HOW_BACKED: "backed up from its children",
}


# -- colours -----------------------------------------------------------------------------


@dataclass(frozen=True)
class TreeColours:
    """The colours the tree is drawn in (from a palette, or light for slides)."""

    background: QColor
    text: QColor
    edge: QColor  #: opaque: translucent lines draw several times slower
    silhouette: QColor  #: opaque: a subtree too narrow to draw
    silhouette_open: QColor  #: the same, still being searched
    highlight: QColor

    @staticmethod
    def from_palette(palette: QPalette) -> TreeColours:
        """Colours that read on ``palette`` (light or dark)."""
        text = palette.color(QPalette.ColorRole.Text)
        base = palette.color(QPalette.ColorRole.Base)
        share = 0.25 if is_dark(palette) else 0.3
        return TreeColours(
            base,
            text,
            _mix(base, text, 0.45),
            _mix(base, text, share),
            _mix(base, text, share / 2),
            palette.color(QPalette.ColorRole.Highlight),
        )

    @staticmethod
    def light() -> TreeColours:
        """Dark ink on white: exported pictures and slides."""
        ink, white = QColor("#202124"), QColor("white")
        return TreeColours(
            white,
            ink,
            _mix(white, ink, 0.45),
            _mix(white, ink, 0.3),
            _mix(white, ink, 0.15),
            QColor("#2a7be4"),
        )


def _mix(under: QColor, over: QColor, share: float) -> QColor:
    """``over`` laid at ``share`` opacity on ``under``, as one opaque colour."""
    return QColor.fromRgbF(
        under.redF() + (over.redF() - under.redF()) * share,
        under.greenF() + (over.greenF() - under.greenF()) * share,
        under.blueF() + (over.blueF() - under.blueF()) * share,
    )


def _tint(colour: QColor, alpha: float) -> QColor:
    tinted = QColor(colour)
    tinted.setAlphaF(alpha)
    return tinted


#: Each kind's colour (by KINDS index): MAX red, MIN blue, chance grey, leaves dark grey.
KIND_COLOUR: Final = {
    _MAX: MAX_COLOUR,
    _MIN: MIN_COLOUR,
    _CHANCE: CHANCE_COLOUR,
    _TERMINAL: LEAF_EDGE,
}


# -- what a paint drew -------------------------------------------------------------------


@dataclass
class Frame:
    """What one paint drew (kept for tests and the benchmark; the lists are the plan)."""

    moment: int = 0
    #: Nodes drawn one by one (as a shape, or a dot when tiny).
    nodes: list[int] = field(default_factory=list)
    #: Subtrees drawn as silhouettes (too narrow to tell apart), by their top node.
    silhouettes: list[int] = field(default_factory=list)
    #: The silhouettes as drawn: (parent, first child, last child) of each run of
    #: narrow siblings, one fan and one block each (parent NONE for a narrow root).
    runs: list[tuple[int, int, int]] = field(default_factory=list)
    #: Collapsed nodes drawn with their hidden subtree folded into a "+".
    collapsed: list[int] = field(default_factory=list)
    #: Nodes whose cutoff stub was drawn.
    stubs: list[int] = field(default_factory=list)
    #: Edges drawn, as (parent, child).
    edges: list[tuple[int, int]] = field(default_factory=list)
    #: Every text drawn.
    texts: list[str] = field(default_factory=list)
    #: The best line drawn in gold (root first), empty until the search is over.
    best_line: list[int] = field(default_factory=list)
    #: Drawing calls' worth of shapes, lines and texts.
    primitives: int = 0


@dataclass(frozen=True)
class IterationLabel:
    """One root's label: the slots its tree spans and what to write above it."""

    root: int
    first: int
    last: int
    text: str


# -- the tree at a moment: queries over the recording ------------------------------------


class TreeModel:
    """Read-only queries over a recording at one moment, with caches of what never changes.

    Everything here is a function of (recording, moment). Caches keep only facts that
    hold at every later moment too (a valued node's subtree is final), so moving the
    moment back and forth never shows stale data.
    """

    def __init__(self, recording: SearchRecording | None = None) -> None:
        self.recording = recording
        self.moment = 0
        self.limit = 0  #: visible nodes at the moment
        self.slots = 0  #: slots taken at the moment
        # Prefix maximum of the depths, as record-breaking node indices: deepest level at
        # any moment without scanning all nodes again.
        self._record_at: list[int] = []
        self._record_depth: list[int] = []
        self._scanned = 0
        self._subtree_depth: dict[int, int] = {}
        self._move_texts: dict[int, str] = {}

    def set_moment(self, k: int) -> None:
        """Look at the tree after ``k`` events."""
        rec = self.recording
        if rec is None:
            self.moment = self.limit = self.slots = 0
            return
        self.moment = k
        self.limit = rec.visible_nodes(k)
        self.slots = self.slot_count(k, self.limit)
        if self.limit > self._scanned:
            self._scan_depths(self._scanned, self.limit)
            self._scanned = self.limit

    # -- positions

    def x(self, n: int) -> float:
        """Node ``n``'s horizontal place, in slots."""
        rec = self.recording
        assert rec is not None
        return rec.x_final[n] if rec.valued_at[n] < self.moment else float(rec.first_slot[n])

    def extent(self, n: int) -> tuple[int, int]:
        """First and last slot of ``n``'s subtree."""
        rec = self.recording
        assert rec is not None
        first = rec.first_slot[n]
        last = rec.last_slot[n] if rec.valued_at[n] < self.moment else self.slots - 1
        return first, max(first, last)

    def valued(self, n: int) -> bool:
        """True once ``n`` has its value."""
        rec = self.recording
        return rec is not None and rec.valued_at[n] < self.moment

    def children(self, n: int) -> Iterator[int]:
        """``n``'s children so far, in search order."""
        rec = self.recording
        assert rec is not None
        limit = self.limit
        child = rec.first_child[n]
        while child != NONE and child < limit:
            yield child
            child = rec.next_sibling[child]

    def has_children(self, n: int) -> bool:
        """True when ``n`` has a child or a cutoff stub at the moment."""
        rec = self.recording
        assert rec is not None
        first = rec.first_child[n]
        return (first != NONE and first < self.limit) or self.cutoff_index(n) != NONE

    def cutoff_index(self, n: int) -> int:
        """Index of ``n``'s cutoff if it has happened, else NONE."""
        rec = self.recording
        assert rec is not None
        index = rec.cutoff_of[n]
        if index == NONE or rec.cutoffs[index].seq >= self.moment:
            return NONE
        return index

    def slot_count(self, k: int, limit: int) -> int:
        """Slots taken (the next free slot) after ``k`` events, ``limit`` nodes visible.

        Not ``SearchRecording.slot_count``: that counts the slots leaves and stubs took,
        but not the gaps left between iterations, so past the first iteration it falls
        short of the slots the nodes sit on. Counting from the newest root's first slot
        (which includes the gaps) is exact.
        """
        rec = self.recording
        if rec is None:
            return 0
        root = NONE
        for it in rec.iterations:
            if it.root != NONE and it.root < limit:
                root = it.root
        if root == NONE:
            return 0
        return rec.first_slot[root] + rec.slot_count(k) - rec.slot_count(rec.entered_at[root])

    def roots(self) -> list[int]:
        """The roots entered by the moment (the recording's own ``roots`` may see a root
        the worker entered after it)."""
        rec = self.recording
        if rec is None:
            return []
        return [r for r in rec.roots(self.moment) if r < self.limit]

    def subtree_end(self, n: int) -> int:
        """One past the last node of ``n``'s subtree (depth-first order keeps it contiguous)."""
        rec = self.recording
        assert rec is not None
        valued_at = rec.valued_at[n]
        if valued_at < self.moment:
            return min(self.limit, bisect_left(rec.entered_at, valued_at))
        return self.limit

    def subtree_size(self, n: int) -> int:
        """Nodes in ``n``'s subtree, ``n`` included."""
        return self.subtree_end(n) - n

    def subtree_depth(self, n: int) -> int:
        """The deepest level in ``n``'s subtree."""
        rec = self.recording
        assert rec is not None
        if rec.valued_at[n] < self.moment:
            cached = self._subtree_depth.get(n)
            if cached is None:
                if len(self._subtree_depth) > 200_000:
                    self._subtree_depth.clear()
                cached = max(rec.depth[n : self.subtree_end(n)])
                self._subtree_depth[n] = cached
            return cached
        # Open (on the current path): it grows, so it is not kept; an open subtree drawn as
        # a silhouette is a narrow one near the frontier, hence short.
        return max(rec.depth[n : max(n + 1, self.limit)])

    def max_depth(self) -> int:
        """The deepest level of any node entered by the moment."""
        if self.limit == 0:
            return 0
        i = bisect_right(self._record_at, self.limit - 1) - 1
        return self._record_depth[i] if i >= 0 else 0

    def _scan_depths(self, start: int, stop: int) -> None:
        rec = self.recording
        assert rec is not None
        depth = rec.depth
        best = self._record_depth[-1] if self._record_depth else -1
        # Halving with a C-speed max() finds the few record-breaking nodes among many.
        pending = [(start, stop)]
        while pending:
            a, b = pending.pop()
            if b - a <= 64:
                for n in range(a, b):
                    if depth[n] > best:
                        best = depth[n]
                        self._record_at.append(n)
                        self._record_depth.append(best)
                continue
            if max(depth[a:b]) <= best:
                continue
            middle = (a + b) // 2
            pending.append((middle, b))
            pending.append((a, middle))

    # -- words

    def move_text(self, n: int) -> str:
        """The move into ``n`` (kept: the recording rebuilds a state to write it)."""
        text = self._move_texts.get(n)
        if text is None:
            rec = self.recording
            assert rec is not None
            if len(self._move_texts) > 20_000:
                self._move_texts.clear()
            try:
                text = rec.move_text(n)
            except Exception:  # a game that cannot write a move must not break painting
                text = "?"
            self._move_texts[n] = text
        return text

    def edge_text(self, n: int) -> str:
        """The label of the edge into ``n``: its move, and its probability under chance."""
        rec = self.recording
        assert rec is not None
        probability = rec.probability[n]
        if math.isnan(probability):
            return self.move_text(n)
        return f"{self.move_text(n)} · {format_probability(probability)}"

    def window_lines(self, n: int) -> list[str]:
        """α and β at entry, and entry → exit where leaving changed them."""
        rec = self.recording
        assert rec is not None
        alpha_in, beta_in = rec.alpha_in[n], rec.beta_in[n]
        if self.valued(n):
            alpha_out, beta_out = rec.alpha_out[n], rec.beta_out[n]
        else:
            alpha_out, beta_out = alpha_in, beta_in
        lines = []
        for name, before, after in (("α", alpha_in, alpha_out), ("β", beta_in, beta_out)):
            text = f"{name} {format_value(before)}"
            if after != before:
                text += f"→{format_value(after)}"
            lines.append(text)
        return lines

    def shows_window(self, n: int) -> bool:
        """Whether α and β are written under ``n``.

        When the search is over its settings say whether the algorithm prunes (minimax
        never narrows the window: (−∞, +∞) on every node would be noise). While it runs,
        a node shows its window once it is not (−∞, +∞).
        """
        rec = self.recording
        assert rec is not None
        settings = getattr(rec.result, "settings", None)
        algorithm = getattr(settings, "algorithm", None)
        if algorithm is not None:
            return bool(algorithm.prunes)
        if rec.alpha_in[n] != -math.inf or rec.beta_in[n] != math.inf:
            return True
        return self.valued(n) and (rec.alpha_out[n] != -math.inf or rec.beta_out[n] != math.inf)

    def cutoff_lines(self, index: int) -> list[str]:
        """A cutoff in two short lines: how many were pruned, and the bound that did it."""
        rec = self.recording
        assert rec is not None
        cut = rec.cutoffs[index]
        value = format_value(cut.value)
        kind = rec.kind[cut.node]
        if kind == _MAX:
            reason = f"v {value} ≥ β {format_value(cut.beta)}"
        elif kind == _MIN:
            reason = f"v {value} ≤ α {format_value(cut.alpha)}"
        elif cut.value >= cut.beta:
            reason = f"bound {value} ≥ β {format_value(cut.beta)}"
        else:
            reason = f"bound {value} ≤ α {format_value(cut.alpha)}"
        return [f"{len(cut.moves)} pruned", reason]

    def iteration_labels(self) -> list[IterationLabel]:
        """Each root's span and label: "depth 3 · 1,234 nodes" (or searching, stopped)."""
        rec = self.recording
        if rec is None:
            return []
        labels = []
        for it in rec.iterations:
            root = it.root
            if root == NONE or root >= self.limit:
                continue
            depth = it.depth
            if depth is None and rec.result is not None:
                depth = getattr(rec.result, "depth", None)
            words = [f"depth {depth}" if depth is not None else "to the end"]
            if self.valued(root):
                words.append(f"{self.subtree_size(root):,} nodes")
            elif it.finished < self.moment and not it.completed:
                words.append(f"stopped after {self.subtree_size(root):,} nodes")
            else:
                words.append("searching…")
            if (
                self.pv_visible()
                and rec.capped
                and root == self.roots()[-1]
                and self.moment >= rec.event_count
            ):
                words.append(f"{rec.dropped_nodes:,} more not kept (node cap)")
            first, last = self.extent(root)
            labels.append(IterationLabel(root, first, last, " · ".join(words)))
        return labels

    def pv_visible(self) -> bool:
        """The best line is shown at the end of a finished search."""
        rec = self.recording
        return rec is not None and rec.result is not None and self.moment >= rec.event_count

    def principal_variation(self) -> list[int]:
        """The final best line, root first, when it is shown; else empty."""
        if not self.pv_visible():
            return []
        assert self.recording is not None
        return [n for n in self.recording.principal_variation() if n < self.limit]

    def open_path(self) -> list[int]:
        """The nodes being searched at the moment (root first): the newest node's open ancestors."""
        rec = self.recording
        if rec is None or self.limit == 0:
            return []
        path = []
        n = self.limit - 1
        while n != NONE:
            if rec.valued_at[n] >= self.moment:
                path.append(n)
            n = rec.parent[n]
        return path[::-1]

    def changed_from_slot(self, k_a: int, k_b: int) -> int:
        """The leftmost slot whose drawing differs between moments ``k_a`` and ``k_b``.

        Between two moments, what changes is: nodes entered after the earlier one (to the
        right of every slot taken by then), and nodes open at the earlier moment that got
        a value or a new child in between. The open nodes are the path to the newest node,
        so this looks at a few dozen nodes, never the whole tree.
        """
        rec = self.recording
        if rec is None:
            return 0
        lo, hi = min(k_a, k_b), max(k_a, k_b)
        limit_lo, limit_hi = rec.visible_nodes(lo), rec.visible_nodes(hi)
        leftmost = self.slot_count(lo, limit_lo)
        n = limit_lo - 1
        while n != NONE and n >= 0:
            valued_at = rec.valued_at[n]
            if valued_at >= lo:  # open at the earlier moment
                if valued_at < hi:
                    leftmost = min(leftmost, rec.first_slot[n])
                else:
                    child = rec.first_child[n]
                    while child != NONE and child < limit_lo:
                        child = rec.next_sibling[child]
                    if child != NONE and child < limit_hi:
                        leftmost = min(leftmost, rec.first_slot[n])
            n = rec.parent[n]
        return leftmost

    def describe(self, n: int) -> str:
        """A tooltip's worth about node ``n``: kind, name, value, how, α/β, move."""
        rec = self.recording
        assert rec is not None
        try:
            name = rec.name(n)
        except Exception:  # a game that cannot rebuild a state must not break the tooltip
            name = _KIND_WORD[rec.kind[n]]
        lines = [name[:1].upper() + name[1:]]
        if rec.parent[n] != NONE:
            lines.append(f"Move: {self.edge_text(n)}")
        if self.valued(n):
            lines.append(f"Value: {format_value(rec.value[n])} ({_HOW_WORD[rec.how[n]]})")
        else:
            lines.append("Value: not yet known (being searched)")
        alpha = f"α {format_value(rec.alpha_in[n])}, β {format_value(rec.beta_in[n])}"
        if self.valued(n):
            alpha += f" → α {format_value(rec.alpha_out[n])}, β {format_value(rec.beta_out[n])}"
        lines.append(f"Window: {alpha}")
        cut = self.cutoff_index(n)
        if cut != NONE:
            count, reason = self.cutoff_lines(cut)
            lines.append(f"Cutoff: {reason}, {count}")
        size = self.subtree_size(n)
        if size > 1:
            lines.append(f"Subtree: {size:,} nodes")
        return "\n".join(lines)


def format_probability(p: float) -> str:
    """A probability as a student reads it: 1/6 when it is a small fraction, else 0.17."""
    fraction = Fraction(p).limit_denominator(24)
    if fraction.denominator > 1 and math.isclose(float(fraction), p, abs_tol=1e-9):
        return f"{fraction.numerator}/{fraction.denominator}"
    return f"{p:.2f}".rstrip("0").rstrip(".")


# -- the item that draws -----------------------------------------------------------------


class _TextCache:
    """Fonts and text widths by pixel size and weight.

    Text is drawn with ``drawText(int, int, str)``: under a busy search thread, every
    Qt value object made in Python (a QPointF, a QStaticText) can cost a wait for the
    GIL, while calls on existing objects with plain numbers stay cheap.
    """

    def __init__(self) -> None:
        self.base = QFont()
        self._fonts: dict[tuple[int, bool], tuple[QFont, QFontMetricsF, float, float]] = {}
        self._widths: dict[tuple[str, int, bool], float] = {}
        self._elided: dict[tuple[str, int, bool, int], str] = {}

    def set_base(self, font: QFont) -> None:
        self.base = QFont(font)
        self._fonts.clear()
        self._widths.clear()
        self._elided.clear()

    def font(self, px: int, bold: bool) -> tuple[QFont, QFontMetricsF, float, float]:
        """The font, its metrics, its ascent and its height."""
        key = (px, bold)
        entry = self._fonts.get(key)
        if entry is None:
            font = QFont(self.base)
            font.setPixelSize(px)
            font.setBold(bold)
            metrics = QFontMetricsF(font)
            entry = (font, metrics, metrics.ascent(), metrics.height())
            self._fonts[key] = entry
        return entry

    def width(self, text: str, px: int, bold: bool) -> float:
        key = (text, px, bold)
        width = self._widths.get(key)
        if width is None:
            if len(self._widths) > 20_000:
                self._widths.clear()
            width = self.font(px, bold)[1].horizontalAdvance(text)
            self._widths[key] = width
        return width

    def elided(self, text: str, px: int, bold: bool, room: float) -> str:
        """``text`` cut to ``room`` pixels (and to ``LABEL_CHARS``), with "…"."""
        key = (text, px, bold, int(room))
        shown = self._elided.get(key)
        if shown is None:
            if len(self._elided) > 20_000:
                self._elided.clear()
            shown = elide(text, self.font(px, bold)[1], int(room))
            self._elided[key] = shown
        return shown


@dataclass
class CanvasText:
    """A text to draw, centred on (x, y) in device pixels; ``halo``: on a background patch."""

    x: float  # centre
    y: float  # centre
    text: str
    px: int
    bold: bool
    colour: QColor
    halo: bool


class _Inks:
    """Every colour and pen a paint uses, made once: making Qt objects in the paint loop
    is what a busy search thread makes slow (see ``_TextCache``)."""

    def __init__(self, colours: TreeColours) -> None:
        self.colours = colours
        background = colours.background
        kinds = (_MAX, _MIN, _CHANCE, _TERMINAL)
        base = KIND_COLOUR
        self.fill = {k: QColor(LEAF_FILL if k == _TERMINAL else base[k]) for k in kinds}
        self.outline = {
            k: QColor(LEAF_EDGE if k == _TERMINAL else base[k].darker(135)) for k in kinds
        }
        self.open_outline = {k: _mix(background, base[k], 0.85) for k in kinds}
        self.open_dot = {k: _mix(background, base[k], 0.45) for k in kinds}
        self.eval_fill = {
            k: QColor(LEAF_FILL) if k == _TERMINAL else _mix(background, base[k], 0.35)
            for k in kinds
        }
        self.eval_outline = {k: base[k].darker(115) for k in kinds}
        self.dot = {k: QColor(base[k]) for k in kinds}
        self.on_fill = QColor("white")
        self.on_leaf = QColor("#202124")
        # Coloured text on the background: darker than the shapes on light, lighter on dark.
        dark = background.lightnessF() < 0.5

        def ink(colour: QColor) -> QColor:
            return colour.lighter(135) if dark else colour.darker(125)

        self.on_eval = {k: QColor(colours.text) if dark else base[k].darker(170) for k in kinds}
        self.under = {k: QColor(colours.text) if k == _TERMINAL else ink(base[k]) for k in kinds}
        self.tag = {k: ink(base[k]) for k in kinds}
        self.cut = QColor(CUT_COLOUR)
        self.pv = QColor(PV_COLOUR)
        self.tried = QColor(HINT_COLOUR)
        self.fold = _tint(colours.text, 0.6)
        self._pens: dict[tuple[int, int, int], QPen] = {}

    def pen(self, colour: QColor, width: float, style: Qt.PenStyle = Qt.PenStyle.SolidLine) -> QPen:
        """A pen, kept by colour, width (to an eighth of a pixel) and style."""
        key = (colour.rgba(), round(width * 8), style.value)
        pen = self._pens.get(key)
        if pen is None:
            if len(self._pens) > 500:
                self._pens.clear()
            pen = QPen(colour, round(width * 8) / 8)
            pen.setStyle(style)
            pen.setCapStyle(Qt.PenCapStyle.RoundCap)
            pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
            self._pens[key] = pen
        return pen


class TreeItem(QGraphicsRectItem):
    """The whole tree as one item: draws only what is exposed, at the zoom's detail.

    A QGraphicsRectItem, so that Qt's frequent ``boundingRect`` calls stay in C++: each
    call into Python can wait for the GIL while the search thread runs.
    """

    # QGraphicsItem.UserType (65536) + 71; the type stubs do not know UserType.
    Type: Final = 65536 + 71

    def __init__(self) -> None:
        super().__init__()
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)
        self.model = TreeModel()
        self.collapsed: set[int] = set()
        self.selected: int | None = None
        #: Show α/β even where the window is (−∞, +∞) (minimax never narrows it).
        self.always_show_window = False
        #: Text written beside a node, up and to its left (the tree editor's node labels).
        self.node_labels: dict[int, str] = {}
        self.colours = TreeColours.light()
        self.texts = _TextCache()
        self.last_frame = Frame()
        self.last_paint_ms = 0.0
        self.last_paint_primitives = 0
        self.setPen(Qt.PenStyle.NoPen)
        self.setRect(QRectF(0, 0, 1, 1))
        self._inks = _Inks(self.colours)
        # One path, cleared and refilled for each shape: making a QPainterPath per shape
        # costs more than drawing it, and one path of many shapes fills far slower.
        self._scratch = QPainterPath()

    def type(self) -> int:
        return int(self.Type)

    # -- geometry

    def content_rect(self) -> QRectF:
        """The tree at the moment, with room for a ring above and labels below."""
        model = self.model
        width = max(model.slots, 1) * SLOT_W
        depth = model.max_depth()
        return QRectF(
            -SLOT_W,
            -NODE_R * 2.2,
            width + 2 * SLOT_W,
            depth * LEVEL_H + LEVEL_H * 0.6 + NODE_R * 2.2,
        )

    def fit_bounds(self) -> None:
        """Grow the bounding rect in big steps, so geometry changes (which repaint the
        whole item) stay rare while the tree streams in."""
        content = self.content_rect()
        bounds = self.rect()
        if bounds.contains(content):
            return
        width = max(bounds.width(), 1.0)
        while width < content.width():
            width *= 2
        height = max(bounds.height(), 1.0)
        while height < content.height():
            height *= 1.5
        self.setRect(QRectF(content.left(), content.top(), width, height))

    def reset_bounds(self) -> None:
        """Shrink back to the tree (a new recording)."""
        self.setRect(self.content_rect())

    # -- painting

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        started = time.perf_counter()
        world = painter.worldTransform()
        # The chip example's level of detail; the axes may be scaled apart, so the
        # horizontal scale (the crowded one) decides sizes.
        lod = QStyleOptionGraphicsItem.levelOfDetailFromTransform(world)
        sx, sy = abs(world.m11()), abs(world.m22())
        if lod <= 0 or sx <= 0 or sy <= 0:
            return
        frame = self.plan(option.exposedRect, sx, sy)
        painter.resetTransform()  # device pixels: nothing is squashed
        try:
            self._render(painter, frame, world)
        finally:
            painter.setWorldTransform(world)
        self.last_frame = frame
        self.last_paint_primitives = frame.primitives
        self.last_paint_ms = (time.perf_counter() - started) * 1000

    def plan(self, rect: QRectF, sx: float, sy: float) -> Frame:
        """What to draw of the tree inside ``rect`` (scene units) at scales ``sx``, ``sy``.

        A top-down walk that skips subtrees outside ``rect`` and stops at subtrees
        narrower than ``SILHOUETTE_PX``: the size of the plan is bounded by the pixels.
        """
        model = self.model
        rec = model.recording
        frame = Frame(model.moment)
        if rec is None or model.limit == 0:
            return frame
        k, limit, slots_now = model.moment, model.limit, model.slots
        first_child, next_sibling = rec.first_child, rec.next_sibling
        first_slot, last_slot, valued_at = rec.first_slot, rec.last_slot, rec.valued_at
        x_final, depth, cutoff_of, cutoffs = rec.x_final, rec.depth, rec.cutoff_of, rec.cutoffs
        collapsed = self.collapsed
        reach_x = LABEL_REACH_PX / sx / SLOT_W
        reach_y = LABEL_REACH_PX / sy / LEVEL_H
        s0 = rect.left() / SLOT_W - reach_x
        s1 = rect.right() / SLOT_W + reach_x
        d0 = rect.top() / LEVEL_H - reach_y
        d1 = rect.bottom() / LEVEL_H + reach_y
        narrow = SILHOUETTE_PX / (SLOT_W * sx)  # slots
        nodes, silhouettes, runs, folded, stubs, edges = (
            frame.nodes,
            frame.silhouettes,
            frame.runs,
            frame.collapsed,
            frame.stubs,
            frame.edges,
        )

        def x_of(n: int) -> float:
            return x_final[n] if valued_at[n] < k else float(first_slot[n])

        stack: list[int] = []
        for root in model.roots():
            first = first_slot[root]
            last = max(first, last_slot[root] if valued_at[root] < k else slots_now - 1)
            if last < s0 or first > s1 or depth[root] > d1:
                continue
            if last - first + 1 < narrow and model.has_children(root):
                silhouettes.append(root)
                runs.append((NONE, root, root))
            else:
                stack.append(root)
        while stack:
            n = stack.pop()
            dn = depth[n]
            if dn >= d0:
                nodes.append(n)
            if n in collapsed and model.has_children(n):
                folded.append(n)
                continue
            if dn + 1 > d1:
                continue
            xn = x_of(n)
            # Consecutive narrow children make one run, drawn as one fan and silhouette:
            # a node a few pixels wide may have many children, each narrower still.
            run_first = run_last = NONE
            child = first_child[n]
            while child != NONE and child < limit:
                first = first_slot[child]
                valued = valued_at[child] < k
                last = last_slot[child] if valued else slots_now - 1
                if last < first:
                    last = first
                if last < s0 or first > s1:
                    if run_first != NONE:
                        runs.append((n, run_first, run_last))
                        run_first = NONE
                    xc = x_final[child] if valued else float(first)
                    if dn + 1 >= d0 and min(xn, xc) <= s1 and max(xn, xc) >= s0:
                        edges.append((n, child))  # it leads out of view, across it
                elif last - first + 1 < narrow:
                    if run_first == NONE:
                        run_first = child
                    run_last = child
                    silhouettes.append(child)
                else:
                    if run_first != NONE:
                        runs.append((n, run_first, run_last))
                        run_first = NONE
                    if dn + 1 >= d0:
                        edges.append((n, child))
                    stack.append(child)
                child = next_sibling[child]
            if run_first != NONE:
                runs.append((n, run_first, run_last))
            cut = cutoff_of[n]
            if cut != NONE and dn + 1 >= d0:
                cutoff = cutoffs[cut]
                if cutoff.seq < k and s0 <= cutoff.slot <= s1 + 1:
                    stubs.append(n)
        return frame

    def _render(self, painter: QPainter, frame: Frame, world: QTransform) -> None:
        model = self.model
        rec = model.recording
        if rec is None or (not frame.nodes and not frame.runs):
            return
        if self._inks.colours is not self.colours:
            self._inks = _Inks(self.colours)
        inks, colours, path = self._inks, self.colours, self._scratch
        k = model.moment
        sx, sy, dx, dy = world.m11(), world.m22(), world.dx(), world.dy()
        ax, ay = SLOT_W * sx, LEVEL_H * sy
        s = min(sx, sy)
        r = NODE_R * s
        valued_at, x_final, first_slot, depth = (
            rec.valued_at,
            rec.x_final,
            rec.first_slot,
            rec.depth,
        )
        antialiasing = QPainter.RenderHint.Antialiasing

        def point(n: int) -> tuple[float, float]:
            x = x_final[n] if valued_at[n] < k else float(first_slot[n])
            return x * ax + dx, depth[n] * ay + dy

        primitives = 0
        texts: list[CanvasText] = []
        label_px = int(LABEL_PX * s)
        show_labels = label_px >= MIN_TEXT_PIXELS

        # Silhouettes: each run of subtrees too narrow to draw is a fan from the parent
        # to the run's slots, and under it blocks down to the deepest level, one per
        # pixel column or so: the depth profile, at a cost bounded by the pixels. Opaque
        # and without antialiasing: translucent or antialiased fills of such thin shapes
        # cost fifty times more.
        if frame.runs:
            painter.setRenderHint(antialiasing, False)
            painter.setPen(Qt.PenStyle.NoPen)
            shades = (colours.silhouette, colours.silhouette_open)
            next_sibling = rec.next_sibling
            for parent, first, last in frame.runs:
                top = depth[first] * ay + dy
                run_left = first_slot[first] * ax + dx
                run_right = run_left
                left, deepest, searching = run_left, depth[first], False
                any_searching = False
                child = first
                while True:
                    right = model.extent(child)[1] * ax + dx
                    deepest = max(deepest, model.subtree_depth(child))
                    searching = searching or valued_at[child] >= k
                    if right - left >= 1.0 or child == last:
                        column = round(left)
                        width = max(1, round(right) - column)
                        row = round(top)
                        height = max(1, round(deepest * ay + dy) - row)
                        painter.fillRect(column, row, width, height, shades[searching])
                        primitives += 1
                        any_searching = any_searching or searching
                        run_right = right
                        left, deepest, searching = right, depth[first], False
                    if child == last:
                        break
                    child = next_sibling[child]
                if parent != NONE:
                    x, y = point(parent)
                    path.clear()
                    path.moveTo(x, y)
                    path.lineTo(max(run_right, run_left + 1), top)
                    path.lineTo(run_left, top)
                    path.closeSubpath()
                    painter.setBrush(shades[any_searching])
                    painter.drawPath(path)
                    primitives += 1

        # Edges: plain, and the dashed "tried first" ones. Antialiased even when tiny:
        # thin aliased lines come out dotted.
        painter.setRenderHint(antialiasing, True)
        edge_width = max(1.0, 1.3 * s)
        tried_first, parent_of = rec.tried_first, rec.parent
        tried: list[tuple[float, float, float, float]] = []
        painter.setPen(inks.pen(colours.edge, edge_width))
        for parent, child in frame.edges:
            x1, y1 = point(parent)
            x2, y2 = point(child)
            if tried_first[child]:
                tried.append((x1, y1, x2, y2))
            else:
                painter.drawLine(round(x1), round(y1), round(x2), round(y2))
            if show_labels and parent_of[child] != NONE:
                self._edge_label(texts, model, parent, child, x1, y1, x2, y2, ax, label_px)
        if tried:
            painter.setPen(inks.pen(inks.tried, max(1.5, 2.4 * s), Qt.PenStyle.DashLine))
            for x1, y1, x2, y2 in tried:
                painter.drawLine(round(x1), round(y1), round(x2), round(y2))
        primitives += len(frame.edges)

        # Cutoff stubs: a short dashed edge towards the pruned slot, ending in a cut mark.
        if frame.stubs and r >= DOT_PX:
            marks = []
            painter.setPen(inks.pen(colours.edge, edge_width, Qt.PenStyle.DashLine))
            for n in frame.stubs:
                index = rec.cutoff_of[n]
                px, py = point(n)
                tx, ty = rec.cutoffs[index].slot * ax + dx, py + ay
                ex, ey = px + (tx - px) * 0.55, py + (ty - py) * 0.55
                painter.drawLine(round(px), round(py), round(ex), round(ey))
                length = math.hypot(ex - px, ey - py) or 1.0
                ux, uy = (ex - px) / length, (ey - py) / length  # along the stub
                nx, ny = -uy, ux  # across it
                half = max(3.0, r * 0.45)
                for offset in (-0.44, 0.44):
                    cx, cy = ex - ux * half * offset, ey - uy * half * offset
                    marks.append(
                        (
                            cx - nx * half + ux * half * 0.35,
                            cy - ny * half + uy * half * 0.35,
                            cx + nx * half - ux * half * 0.35,
                            cy + ny * half - uy * half * 0.35,
                        )
                    )
                if show_labels:
                    # Under the cut mark: the count always, the reason when it leaves
                    # the neighbours room.
                    step = label_px * 1.25
                    top = ey + max(half, 3.0) + step * 0.6
                    lines = model.cutoff_lines(index)
                    for i, (text, room) in enumerate(zip(lines, (3.0, 1.8), strict=True)):
                        if self.texts.width(text, label_px, i == 0) <= ax * room:
                            texts.append(
                                CanvasText(
                                    ex, top + i * step, text, label_px, i == 0, inks.cut, True
                                )
                            )
            painter.setPen(inks.pen(inks.cut, max(1.5, 2.0 * s)))
            for x1, y1, x2, y2 in marks:
                painter.drawLine(round(x1), round(y1), round(x2), round(y2))
            primitives += len(frame.stubs) * 3

        # The best line, once the search is over: thick gold edges from the root down.
        pv = frame.best_line = model.principal_variation()
        if len(pv) > 1:
            path.clear()
            path.moveTo(*point(pv[0]))
            for n in pv[1:]:
                path.lineTo(*point(n))
            painter.setPen(inks.pen(inks.pv, max(2.5, 4.0 * s)))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPath(path)
            primitives += 1

        primitives += self._draw_nodes(painter, frame, point, r, s, ax, texts, show_labels)
        primitives += self._draw_folds(painter, frame, point, ax, ay, r, texts, s)
        primitives += self.decorate(painter, frame, point, r, s, texts)

        # Rings: the best line's nodes, and the selection.
        painter.setBrush(Qt.BrushStyle.NoBrush)
        on_line = set(pv)
        ring = max(3.0, r * 1.45)
        painter.setPen(inks.pen(inks.pv, max(1.5, 2.5 * s)))
        for n in frame.nodes:
            if n in on_line:
                x, y = point(n)
                path.clear()
                path.addEllipse(x - ring, y - ring, 2 * ring, 2 * ring)
                painter.drawPath(path)
                primitives += 1
        selected = self.selected
        if selected is not None and selected < model.limit:
            x, y = point(selected)
            radius = max(5.0, r * 1.75)
            painter.setPen(inks.pen(colours.highlight, max(2.0, 3.0 * s)))
            path.clear()
            path.addEllipse(x - radius, y - radius, 2 * radius, 2 * radius)
            painter.drawPath(path)
            primitives += 1

        primitives += self._draw_texts(painter, texts)
        frame.texts = [t.text for t in texts]
        frame.primitives = primitives

    def decorate(
        self,
        painter: QPainter,
        frame: Frame,
        point: Callable[[int], tuple[float, float]],
        r: float,
        s: float,
        texts: list[CanvasText],
    ) -> int:
        """Draw extras over the nodes (a subclass's hook); return the primitives drawn.

        ``point(n)`` is node ``n``'s centre in device pixels, ``r`` a node's half size and
        ``s`` the scale; texts appended to ``texts`` are drawn last, with the others.
        """
        return 0

    def _edge_label(
        self,
        texts: list[CanvasText],
        model: TreeModel,
        parent: int,
        child: int,
        x1: float,
        y1: float,
        x2: float,
        y2: float,
        ax: float,
        px: int,
    ) -> None:
        """The move on an edge, near the child, when the neighbours leave room for it."""
        rec = model.recording
        assert rec is not None
        t = 0.68
        text = model.edge_text(child)
        if not text:
            return
        # Labels of neighbouring edges sit t of the children's spacing apart.
        room = self._sibling_room(model, parent, child) * ax * t - 2
        if self.texts.width(text, px, False) > room:
            probability = rec.probability[child]
            if math.isnan(probability):
                # A long move label, cut to the room; a short one that does not fit
                # would say nothing cut, so it is left out.
                text = self.texts.elided(text, px, False, room)
                if len(text) <= MIN_ELIDED_CHARS:
                    return
            else:
                text = format_probability(probability)  # under chance: at least the chance
                if self.texts.width(text, px, False) > room:
                    return
        x, y = x1 + (x2 - x1) * t, y1 + (y2 - y1) * t
        texts.append(CanvasText(x, y, text, px, False, self.colours.text, True))

    def _sibling_room(self, model: TreeModel, parent: int, child: int) -> float:
        rec = model.recording
        assert rec is not None
        x = model.x(child)
        room = math.inf
        sibling = rec.first_child[parent]
        previous = NONE
        while sibling != NONE and sibling < model.limit:
            if sibling == child:
                if previous != NONE:
                    room = min(room, x - model.x(previous))
                following = rec.next_sibling[child]
                if following != NONE and following < model.limit:
                    room = min(room, model.x(following) - x)
                elif model.cutoff_index(parent) != NONE:
                    room = min(room, rec.cutoffs[rec.cutoff_of[parent]].slot - x)
                break
            previous = sibling
            sibling = rec.next_sibling[sibling]
        return room if math.isfinite(room) else 3.0

    def _draw_nodes(
        self,
        painter: QPainter,
        frame: Frame,
        point: Callable[[int], tuple[float, float]],
        r: float,
        s: float,
        ax: float,
        texts: list[CanvasText],
        show_labels: bool,
    ) -> int:
        model = self.model
        rec = model.recording
        assert rec is not None
        inks, path = self._inks, self._scratch
        k = model.moment
        kind_of, how_of, valued_at, value = rec.kind, rec.how, rec.valued_at, rec.value
        first_slot = rec.first_slot
        if r < DOT_PX:
            # Dots: one opaque square each.
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
            side = max(2, round(r * 1.6))
            half = side / 2
            for n in frame.nodes:
                x, y = point(n)
                colour = inks.dot if valued_at[n] < k else inks.open_dot
                painter.fillRect(round(x - half), round(y - half), side, side, colour[kind_of[n]])
            return len(frame.nodes)

        # Shapes, grouped by style so the pen and brush change a few times per paint.
        groups: dict[tuple[int, int], list[tuple[float, float]]] = {}
        value_px = VALUE_PX * s
        tag_px = int(max(LABEL_PX * s, VALUE_PX * s * 0.7))
        small_px = int(LABEL_PX * s)
        step = small_px * 1.2
        ink_label = self.colours.text
        for n in frame.nodes:
            kind = kind_of[n]
            valued = valued_at[n] < k
            how = how_of[n] if valued else -1
            x, y = point(n)
            groups.setdefault((kind, how), []).append((x, y))
            if not show_labels:
                continue
            under: list[CanvasText] = []
            top = y + r * (1.2 if how == _HOW_EVAL else 1.05) + step / 2 + 1
            label = self.node_labels.get(n) if self.node_labels else None
            if label:
                # Up and to the left of the node, over the left of its subtree (at least
                # a slot, at most the reach of a label): a longer label is cut there.
                room = max((model.x(n) - first_slot[n] + 0.5) * ax - r * 1.15, ax)
                room = min(room, LABEL_REACH_PX - r * 1.15)
                label = self.texts.elided(label, tag_px, True, room)
                left = x - r * 1.15 - self.texts.width(label, tag_px, True) / 2
                texts.append(CanvasText(left, y - r * 0.9, label, tag_px, True, ink_label, True))
            # NaN: a drawn node with no value yet (the editor's inner nodes): nothing to write.
            if valued and not math.isnan(value[n]):
                if not self._value_inside(texts, kind, how, x, y, r, value[n], value_px):
                    # Too long for the shape (−0.35 in a triangle): the first line under it.
                    text = format_value(value[n])
                    under.append(
                        CanvasText(x, top, text, int(small_px * 1.15), True, inks.under[kind], True)
                    )
                if how in (_HOW_EVAL, _HOW_TT):
                    tag = "E" if how == _HOW_EVAL else "TT"
                    texts.append(
                        CanvasText(x + r * 1.05, y - r, tag, tag_px, True, inks.tag[kind], True)
                    )
            if self.always_show_window or model.shows_window(n):
                ink = self.colours.text
                for text in model.window_lines(n):
                    line = top + len(under) * step * (1.1 if under and under[0].bold else 1.0)
                    under.append(CanvasText(x, line, text, small_px, False, ink, True))
            texts.extend(under)
        outline = max(1.0, 1.4 * s)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        for (kind, how), points in groups.items():
            if how < 0:  # not valued yet: hollow
                painter.setBrush(self.colours.background)
                painter.setPen(inks.pen(inks.open_outline[kind], outline))
            elif how == _HOW_EVAL:
                painter.setBrush(inks.eval_fill[kind])
                painter.setPen(inks.pen(inks.eval_outline[kind], outline, Qt.PenStyle.DashLine))
            else:
                painter.setBrush(inks.fill[kind])
                painter.setPen(inks.pen(inks.outline[kind], outline))
            for x, y in points:
                path.clear()
                add_node_shape(path, kind, how, x, y, r)
                painter.drawPath(path)
        return len(frame.nodes)

    def _value_inside(
        self,
        texts: list[CanvasText],
        kind: int,
        how: int,
        x: float,
        y: float,
        r: float,
        value: float,
        px: float,
    ) -> bool:
        """The value inside the shape, if it fits there at a readable size."""
        inks = self._inks
        text = format_value(value)
        if how == _HOW_EVAL:
            room, cy, colour = r * 1.15, y, inks.on_eval[kind]
        elif kind == _TERMINAL:
            room, cy, colour = r * 1.55, y, inks.on_leaf
        elif kind == _MAX:
            room, cy, colour = r * 1.45, y + r * 0.3, inks.on_fill
        elif kind == _MIN:
            room, cy, colour = r * 1.45, y - r * 0.3, inks.on_fill
        else:
            room, cy, colour = r * 1.6, y, inks.on_fill
        size = int(px)
        width = self.texts.width(text, size, True)
        if width > room:
            size = int(px * room / width)
        if size < max(MIN_TEXT_PIXELS, px * 0.75):
            return False
        texts.append(CanvasText(x, cy, text, size, True, colour, False))
        return True

    def _draw_folds(
        self,
        painter: QPainter,
        frame: Frame,
        point: Callable[[int], tuple[float, float]],
        ax: float,
        ay: float,
        r: float,
        texts: list[CanvasText],
        s: float,
    ) -> int:
        """Collapsed nodes: a hatched fan under the node with "+" and the nodes it hides."""
        if not frame.collapsed:
            return 0
        path, inks = self._scratch, self._inks
        painter.setPen(inks.pen(inks.fold, max(1.0, s)))
        painter.setBrush(QBrush(inks.fold, Qt.BrushStyle.BDiagPattern))
        px = int(LABEL_PX * s * 1.1)
        for n in frame.collapsed:
            x, y = point(n)
            half = max(4.0, min(ax * 0.45, r * 1.4))
            top, bottom = y + max(r, 2.0), y + max(ay * 0.55, 10.0)
            path.clear()
            path.moveTo(x, top)
            path.lineTo(x + half, bottom)
            path.lineTo(x - half, bottom)
            path.closeSubpath()
            painter.drawPath(path)
            if px >= MIN_TEXT_PIXELS:
                count = self.model.subtree_size(n) - 1
                texts.append(
                    CanvasText(
                        x, bottom + px * 0.9, f"+{count:,}", px, True, self.colours.text, True
                    )
                )
        return len(frame.collapsed)

    def _draw_texts(self, painter: QPainter, texts: list[CanvasText]) -> int:
        if not texts:
            return 0
        cache = self.texts
        placed = []
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        halo = self.colours.background
        for t in texts:
            _, _, ascent, height = cache.font(t.px, t.bold)
            width = cache.width(t.text, t.px, t.bold)
            left, top = t.x - width / 2, t.y - height / 2
            placed.append((t, left, top + ascent))
            if t.halo:
                painter.fillRect(
                    round(left - 1.5),
                    round(top + height * 0.1),
                    round(width + 3),
                    round(height * 0.85),
                    halo,
                )
        # Grouped by font and colour: few state changes.
        placed.sort(key=lambda p: (p[0].px, p[0].bold, p[0].colour.rgba()))
        current: tuple[int, bool, int] | None = None
        for t, left, baseline in placed:
            key = (t.px, t.bold, t.colour.rgba())
            if key != current:
                painter.setFont(cache.font(t.px, t.bold)[0])
                painter.setPen(t.colour)
                current = key
            painter.drawText(round(left), round(baseline), t.text)
        return len(texts) * 2


def add_node_shape(path: QPainterPath, kind: int, how: int, x: float, y: float, r: float) -> None:
    """Node shapes: MAX ▲, MIN ▼, chance ●, end of game ■, evaluation ◆."""
    if how == _HOW_EVAL:
        d = r * 1.15
        path.moveTo(x, y - d)
        path.lineTo(x + d, y)
        path.lineTo(x, y + d)
        path.lineTo(x - d, y)
        path.closeSubpath()
    elif kind == _MAX:
        path.moveTo(x, y - r)
        path.lineTo(x + r * 1.2, y + r * 0.9)
        path.lineTo(x - r * 1.2, y + r * 0.9)
        path.closeSubpath()
    elif kind == _MIN:
        path.moveTo(x - r * 1.2, y - r * 0.9)
        path.lineTo(x + r * 1.2, y - r * 0.9)
        path.lineTo(x, y + r)
        path.closeSubpath()
    elif kind == _CHANCE:
        path.addEllipse(x - r, y - r, 2 * r, 2 * r)
    else:
        h = r * 0.88
        path.addRect(x - h, y - h, 2 * h, 2 * h)


# -- the strips above and below the tree -------------------------------------------------


class _Header(QWidget):
    """Above the tree: each iteration's label, over the part of the view its tree spans."""

    def __init__(self, canvas: TreeCanvas) -> None:
        super().__init__(canvas)
        self._canvas = canvas
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents, True)

    def paintEvent(self, event: QPaintEvent) -> None:
        canvas = self._canvas
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = canvas.palette()
        painter.fillRect(self.rect(), palette.color(QPalette.ColorRole.Window))
        labels = canvas.tree_item.model.iteration_labels()
        transform = canvas.viewportTransform()
        draw_iteration_labels(
            painter,
            labels,
            lambda slot: transform.map(QPointF(slot * SLOT_W, 0)).x(),
            QRectF(self.rect()),
            palette.color(QPalette.ColorRole.WindowText),
            canvas.font(),
        )
        painter.end()


def draw_iteration_labels(
    painter: QPainter,
    labels: list[IterationLabel],
    slot_x: Callable[[float], float],
    band: QRectF,
    ink: QColor,
    font: QFont,
) -> None:
    """Each label centred over the visible part of its iteration, with a bracket under it."""
    if not labels:
        return
    small = QFont(font)
    small.setPixelSize(max(9, int(band.height() * 0.55)))
    metrics = QFontMetricsF(small)
    painter.setFont(small)
    bracket = _tint(ink, 0.35)
    for label in labels:
        left = slot_x(label.first - 0.4)
        right = slot_x(label.last + 0.4)
        if right < band.left() or left > band.right():
            continue
        shown_left, shown_right = max(left, band.left() + 2), min(right, band.right() - 2)
        width = shown_right - shown_left
        y = band.bottom() - 3
        painter.setPen(QPen(bracket, 1.0))
        painter.drawLine(QPointF(shown_left, y), QPointF(shown_right, y))
        if left >= band.left():
            painter.drawLine(QPointF(left, y), QPointF(left, y - 4))
        if right <= band.right():
            painter.drawLine(QPointF(right, y), QPointF(right, y - 4))
        text = metrics.elidedText(label.text, Qt.TextElideMode.ElideRight, max(width, 0.0))
        if not text:
            continue
        painter.setPen(ink)
        area = QRectF(shown_left, band.top(), width, band.height() - 4)
        painter.drawText(area, Qt.AlignmentFlag.AlignCenter, text)


class _Legend(QWidget):
    """Below the tree: what the shapes, colours and marks mean, in one line."""

    ITEMS: Final = (
        ("max", "MAX"),
        ("min", "MIN"),
        ("chance", "chance"),
        ("terminal", "game over"),
        ("eval", "evaluated (E)"),
        ("open", "being searched"),
        ("tt", "TT: from the table"),
        ("cut", "pruned"),
        ("pv", "best line"),
        ("tried", "tried first"),
    )

    def __init__(self, canvas: TreeCanvas) -> None:
        super().__init__(canvas)
        self._canvas = canvas
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents, True)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self._canvas.palette()
        painter.fillRect(self.rect(), palette.color(QPalette.ColorRole.Window))
        draw_legend(
            painter,
            QRectF(self.rect()),
            palette.color(QPalette.ColorRole.WindowText),
            self._canvas.font(),
        )
        painter.end()


def _legend_places(
    width: float, row_height: float, metrics: QFontMetricsF
) -> list[tuple[int, float, float]]:
    """Each legend item's row, left and width, in a band ``width`` wide."""
    r = row_height * 0.26
    places = []
    row, x = 0, 6.0
    for key, word in _Legend.ITEMS:
        item = (r * 2.6 if key != "tt" else 0.0) + metrics.horizontalAdvance(word) + 14
        if x + item > width and x > 6.0:
            row, x = row + 1, 6.0
        places.append((row, x, item))
        x += item
    return places


def legend_rows(width: float, row_height: float, font: QFont) -> int:
    """How many rows the legend takes in a band ``width`` wide."""
    small = QFont(font)
    small.setPixelSize(max(9, int(row_height * 0.55)))
    return _legend_places(width, row_height, QFontMetricsF(small))[-1][0] + 1


def draw_legend(
    painter: QPainter, band: QRectF, ink: QColor, font: QFont, row_height: float | None = None
) -> None:
    """The legend's samples and words in ``band``: rows of ``row_height`` (one row of the
    band's height by default), as many items as fit."""
    row_height = row_height or band.height()
    small = QFont(font)
    small.setPixelSize(max(9, int(row_height * 0.55)))
    metrics = QFontMetricsF(small)
    painter.setFont(small)
    r = row_height * 0.26
    rows = max(1, int(band.height() / row_height + 0.01))
    for (key, word), (row, left, width) in zip(
        _Legend.ITEMS, _legend_places(band.width(), row_height, metrics), strict=True
    ):
        if row >= rows:
            break
        x = band.left() + left
        cy = band.top() + row_height * (row + 0.5)
        cx = x + r * 1.2
        path = QPainterPath()
        pen = QPen(ink, 1.0)
        brush: QColor | Qt.BrushStyle = Qt.BrushStyle.NoBrush
        if key in ("max", "min", "chance", "terminal"):
            kind = {"max": _MAX, "min": _MIN, "chance": _CHANCE, "terminal": _TERMINAL}[key]
            add_node_shape(path, kind, _HOW_BACKED, cx, cy, r)
            brush = LEAF_FILL if kind == _TERMINAL else KIND_COLOUR[kind]
            pen = QPen(KIND_COLOUR[kind].darker(135), 1.0)
        elif key == "eval":
            add_node_shape(path, _MAX, _HOW_EVAL, cx, cy, r)
            brush = _tint(MAX_COLOUR, 0.35)
            pen = QPen(MAX_COLOUR, 1.0, Qt.PenStyle.DashLine)
        elif key == "open":
            add_node_shape(path, _MAX, -1, cx, cy, r)
            pen = QPen(MAX_COLOUR, 1.0)
        elif key == "tt":
            pass
        elif key == "cut":
            path.moveTo(cx - r * 1.2, cy - r)
            path.lineTo(cx + r * 0.2, cy + r * 0.2)
            pen = QPen(ink, 1.0, Qt.PenStyle.DashLine)
        elif key in ("pv", "tried"):
            path.moveTo(cx - r * 1.2, cy)
            path.lineTo(cx + r * 1.2, cy)
            pen = (
                QPen(PV_COLOUR, 3.0)
                if key == "pv"
                else QPen(HINT_COLOUR, 2.0, Qt.PenStyle.DashLine)
            )
        painter.setPen(pen)
        painter.setBrush(brush)
        painter.drawPath(path)
        if key == "cut":
            painter.setPen(QPen(CUT_COLOUR, 1.6))
            for offset in (-0.25, 0.25):
                painter.drawLine(
                    QPointF(cx + r * (0.05 + offset), cy + r * (0.6 - offset)),
                    QPointF(cx + r * (0.55 + offset), cy + r * (0.0 - offset)),
                )
        painter.setPen(ink)
        text_left = x + r * 2.6 if key != "tt" else x
        painter.drawText(
            QRectF(text_left, cy - row_height / 2, width, row_height),
            Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft,
            word,
        )


# -- the view ----------------------------------------------------------------------------


class TreeCanvas(QGraphicsView):
    """A recorded search's tree at one moment: zoom, pan, select, collapse, export.

    Besides the panel's API: the signals ``momentChanged`` and ``viewChanged``,
    ``recording``, ``following``, ``zoom()``, ``zoom_limits()``, ``content_rect()``,
    ``pan_to(scene_point)``, ``context_menu(n)``, ``set_always_show_window(on)``,
    ``set_legend_visible(on)``, and ``tree_item`` (its ``last_frame`` says what the last
    paint drew; its ``model`` answers questions about the tree at the moment).
    """

    nodeClicked = Signal(int)
    jumpRequested = Signal(int)
    followChanged = Signal(bool)
    #: The moment shown changed (or a new recording was set).
    momentChanged = Signal(int)
    #: The visible area changed: scroll, zoom or resize.
    viewChanged = Signal()

    #: The item that draws the tree (a subclass may draw more: see ``TreeItem.decorate``).
    item_class: type[TreeItem] = TreeItem

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.tree_item = self.item_class()
        scene = QGraphicsScene(self)
        scene.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)
        scene.addItem(self.tree_item)
        self.setScene(scene)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setOptimizationFlags(
            QGraphicsView.OptimizationFlag.DontSavePainterState
            | QGraphicsView.OptimizationFlag.DontAdjustForAntialiasing
        )
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        # Top-left: a growing tree never shifts what is already on screen.
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self._header = _Header(self)
        self._legend = _Legend(self)
        self._legend_visible = True
        self._header_visible = True
        self.setViewportMargins(0, HEADER_H, 0, LEGEND_H)
        self._follow = False
        self._sy_floor = 1.0
        self._press_pos: QPoint | None = None
        self._dragged = False
        self._pv_shown = False
        self._tip_node: int | None = None
        self._last_follow = 0.0
        self._dirty: QRectF | None = None
        self._flushed_at = 0.0
        self._flush_timer = QTimer(self)
        self._flush_timer.setSingleShot(True)
        self._flush_timer.timeout.connect(self._flush)
        self._follow_timer = QTimer(self)
        self._follow_timer.setSingleShot(True)
        self._follow_timer.timeout.connect(self._keep_newest_in_view)
        self._header_key: tuple[Any, ...] = ()
        self._header_at = 0.0
        self._header_timer = QTimer(self)
        self._header_timer.setSingleShot(True)
        self._header_timer.timeout.connect(lambda: self._update_header(force=True))
        self.horizontalScrollBar().actionTriggered.connect(self._user_navigated)
        self.verticalScrollBar().actionTriggered.connect(self._user_navigated)
        self._apply_palette()
        self._set_scales(1.0, 1.0)

    # -- the panel's API

    @property
    def recording(self) -> SearchRecording | None:
        """The recording shown (None: an empty canvas)."""
        return self.tree_item.model.recording

    @property
    def moment(self) -> int:
        """How many of the recording's events the drawing shows."""
        return self.tree_item.model.moment

    @property
    def last_paint_ms(self) -> float:
        """Milliseconds the last paint of the tree took (measured in paint)."""
        return self.tree_item.last_paint_ms

    @property
    def last_paint_primitives(self) -> int:
        """Shapes, lines and texts the last paint drew."""
        return self.tree_item.last_paint_primitives

    def set_recording(self, recording: SearchRecording | None) -> None:
        """Show a new tree at moment 0, fitted.

        A finished recording (it has a result) is fitted as it will be at its end, so
        stepping through it fills a frame that stays put; a live one starts at 1:1.
        """
        item = self.tree_item
        item.model = TreeModel(recording)
        item.collapsed.clear()
        item.selected = None
        self._pv_shown = False
        self._dirty = None
        self._tip_node = None
        self.viewport().setToolTip("")
        item.model.set_moment(0)
        item.reset_bounds()
        self._update_scene_rect()
        if recording is not None and recording.result is not None:
            item.model.set_moment(recording.event_count)
            content = item.content_rect()
            item.model.set_moment(0)
            self._fit_rect(content)
        else:
            self._sy_floor = 1.0
            self._set_scales(1.0, 1.0)
            self.horizontalScrollBar().setValue(self.horizontalScrollBar().minimum())
            self.verticalScrollBar().setValue(self.verticalScrollBar().minimum())
        self.viewport().update()
        self._update_header(force=True)
        self.momentChanged.emit(0)

    def set_moment(self, k: int) -> None:
        """Show the tree after ``k`` events (cheap: redraws only what changed)."""
        item = self.tree_item
        model = item.model
        rec = model.recording
        if rec is None:
            return
        k = max(0, min(k, rec.event_count))
        old = model.moment
        old_content = item.content_rect()
        model.set_moment(k)
        pv_shown = model.pv_visible()
        if k == old and pv_shown == self._pv_shown:
            return
        item.fit_bounds()
        self._update_scene_rect()
        if pv_shown != self._pv_shown or self._iteration_finished_between(old, k):
            self._dirty = None
            item.update()
        elif k != old:
            content = item.content_rect().united(old_content)
            left = model.changed_from_slot(old, k) * SLOT_W
            reach = LABEL_REACH_PX / max(self.transform().m11(), 1e-9)
            content.setLeft(max(content.left(), left - reach - SLOT_W))
            self._dirty = content if self._dirty is None else self._dirty.united(content)
            self._flush_soon()
        self._pv_shown = pv_shown
        if self._follow:
            self._follow_soon()
        if self._tip_node is not None:
            self._tip_node = None if self._tip_node >= model.limit else self._tip_node
            text = "" if self._tip_node is None else tooltip(model.describe(self._tip_node))
            self.viewport().setToolTip(text)
        self._update_header()
        self.momentChanged.emit(k)

    def set_selected(self, n: int | None) -> None:
        """Outline node ``n`` (None: no selection)."""
        item = self.tree_item
        if item.selected == n:
            return
        for old in (item.selected, n):
            if old is not None and old < item.model.limit:
                item.update(self._node_rect(old))
        item.selected = n

    def set_follow(self, on: bool) -> None:
        """While live: keep the newest node in view (scrolling only when it leaves it)."""
        if on == self._follow:
            return
        self._follow = on
        if on:
            self._keep_newest_in_view()
        self.followChanged.emit(on)

    @property
    def following(self) -> bool:
        """True while the view keeps the newest node in sight."""
        return self._follow

    def zoom_in(self) -> None:
        """One step closer, around the centre of the view."""
        self._user_navigated()
        self._zoom_by(ZOOM_STEP, None)

    def zoom_out(self) -> None:
        """One step further, around the centre of the view."""
        self._user_navigated()
        self._zoom_by(1 / ZOOM_STEP, None)

    def fit_all(self) -> None:
        """The whole tree as it is now in the window (following, if on, stays on: the
        newest node is in view)."""
        self._fit_rect(self.tree_item.content_rect())

    def reset_zoom(self) -> None:
        """Back to 1:1 (one slot is SLOT_W pixels), around the centre of the view."""
        self._user_navigated()
        centre = self.mapToScene(self.viewport().rect().center())
        self._sy_floor = min(self._sy_floor, 1.0)
        self._set_scales(1.0, 1.0)
        self.centerOn(centre)

    def fit_iteration(self, index: int) -> None:
        """Fit the tree of iteration ``index`` (of iterative deepening) in the window."""
        model = self.tree_item.model
        rec = model.recording
        if rec is None or not 0 <= index < len(rec.iterations):
            return
        root = rec.iterations[index].root
        if root == NONE or root >= model.limit:
            return
        self._user_navigated()
        first, last = model.extent(root)
        content = self.tree_item.content_rect()
        rect = QRectF(
            (first - 1) * SLOT_W, content.top(), (last - first + 2) * SLOT_W, content.height()
        )
        self._fit_rect(rect)

    def toggle_collapsed(self, n: int) -> None:
        """Fold node ``n``'s subtree into a "+", or unfold it."""
        collapsed = self.tree_item.collapsed
        if n in collapsed:
            collapsed.discard(n)
        else:
            collapsed.add(n)
        self.tree_item.update()

    def expand_all(self) -> None:
        """Unfold every collapsed node."""
        self.tree_item.collapsed.clear()
        self.tree_item.update()

    def node_at(self, view_pos: QPoint) -> int | None:
        """The node drawn at ``view_pos`` (viewport coordinates), or None."""
        model = self.tree_item.model
        rec = model.recording
        if rec is None or model.limit == 0:
            return None
        scene = self.mapToScene(view_pos)
        sx, sy = self._scales()
        reach_px = max(NODE_R * min(sx, sy) * 1.2, 6.0)
        tol_slots = reach_px / sx / SLOT_W
        level = round(scene.y() / LEVEL_H)
        if abs(scene.y() - level * LEVEL_H) > reach_px / sy:
            return None
        xs = scene.x() / SLOT_W
        best, best_distance = None, math.inf
        collapsed = self.tree_item.collapsed
        stack = list(model.roots())
        while stack:
            n = stack.pop()
            first, last = model.extent(n)
            if last < xs - tol_slots or first > xs + tol_slots:
                continue
            if rec.depth[n] == level:
                distance = abs(model.x(n) - xs)
                if distance <= tol_slots and distance < best_distance:
                    best, best_distance = n, distance
                continue
            if rec.depth[n] > level or n in collapsed:
                continue
            stack.extend(model.children(n))
        return best

    def view_point_of(self, n: int) -> QPoint:
        """Where node ``n`` is drawn, in viewport coordinates."""
        model = self.tree_item.model
        assert model.recording is not None
        return self.mapFromScene(QPointF(model.x(n) * SLOT_W, model.recording.depth[n] * LEVEL_H))

    def export_svg(self, path: str) -> None:
        """Write the whole tree at the moment as SVG (see :mod:`.export`)."""
        from gamesearch_gui.ui.tree.export import export_svg

        export_svg(self.tree_item, path, self.font())

    def export_png(self, path: str) -> None:
        """Write the whole tree at the moment as a PNG (see :mod:`.export`)."""
        from gamesearch_gui.ui.tree.export import export_png

        export_png(self.tree_item, path, self.font())

    def copy_to_clipboard(self) -> None:
        """Copy what the view shows, as an image."""
        QGuiApplication.clipboard().setImage(self.grab().toImage())

    # -- extras

    def content_rect(self) -> QRectF:
        """The tree at the moment, in scene coordinates."""
        return self.tree_item.content_rect()

    def pan_to(self, scene_point: QPointF) -> None:
        """Centre the view on ``scene_point`` (a user's pan: following stops)."""
        self._user_navigated()
        self.centerOn(scene_point)

    def set_always_show_window(self, on: bool) -> None:
        """Write α and β under every node, (−∞, +∞) included (by default a node whose
        window was never narrowed, as in minimax, shows none)."""
        self.tree_item.always_show_window = on
        self.tree_item.update()

    def set_legend_visible(self, on: bool) -> None:
        """Show or hide the legend strip under the tree."""
        self._legend_visible = on
        self._legend.setVisible(on)
        self._set_margins()

    def set_header_visible(self, on: bool) -> None:
        """Show or hide the iteration header above the tree (a drawn tree has no search)."""
        self._header_visible = on
        self._header.setVisible(on)
        self._set_margins()

    def _set_margins(self) -> None:
        top = HEADER_H if self._header_visible else 0
        self.setViewportMargins(0, top, 0, LEGEND_H if self._legend_visible else 0)

    def zoom(self) -> float:
        """The horizontal scale (1: one slot is SLOT_W pixels)."""
        return self._scales()[0]

    def zoom_limits(self) -> tuple[float, float]:
        """The smallest and largest zoom: half of fitting the whole tree, and MAX_ZOOM."""
        fit = self._fit_scales(self.tree_item.content_rect())[0]
        return min(fit / 2, MAX_ZOOM), MAX_ZOOM

    # -- Qt virtuals

    def wheelEvent(self, event: QWheelEvent) -> None:
        steps = event.angleDelta().y() / 120
        if steps == 0:
            super().wheelEvent(event)
            return
        self._user_navigated()
        self._zoom_by(ZOOM_STEP**steps, event.position())
        event.accept()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        ctrl = bool(event.modifiers() & Qt.KeyboardModifier.ControlModifier)
        if ctrl and key in (Qt.Key.Key_Equal, Qt.Key.Key_Plus):
            self.zoom_in()
        elif ctrl and key == Qt.Key.Key_Minus:
            self.zoom_out()
        elif ctrl and key == Qt.Key.Key_0:
            self.reset_zoom()
        else:
            if key in (
                Qt.Key.Key_Left,
                Qt.Key.Key_Right,
                Qt.Key.Key_Up,
                Qt.Key.Key_Down,
                Qt.Key.Key_PageUp,
                Qt.Key.Key_PageDown,
                Qt.Key.Key_Home,
                Qt.Key.Key_End,
            ):
                self._user_navigated()
            super().keyPressEvent(event)
            return
        event.accept()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self._press_pos = event.position().toPoint()
            self._dragged = False
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        # The tooltip is set as the mouse moves, not in viewportEvent: overriding that
        # would call into Python for every event of the viewport, paints included.
        n = self.node_at(event.position().toPoint())
        if n != self._tip_node:
            self._tip_node = n
            text = "" if n is None else tooltip(self.tree_item.model.describe(n))
            self.viewport().setToolTip(text)
            if n is None:
                QToolTip.hideText()
        if self._press_pos is not None and not self._dragged:
            moved = (event.position().toPoint() - self._press_pos).manhattanLength()
            if moved >= QApplication.startDragDistance():
                self._dragged = True
                self._user_navigated()
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        super().mouseReleaseEvent(event)
        if event.button() != Qt.MouseButton.LeftButton or self._press_pos is None:
            return
        pos, dragged = self._press_pos, self._dragged
        self._press_pos = None
        if dragged:
            return
        n = self.node_at(pos)
        if n is not None:
            self.set_selected(n)
            self.nodeClicked.emit(n)

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        n = self.node_at(event.position().toPoint())
        if n is not None and self.tree_item.model.has_children(n):
            self.toggle_collapsed(n)
            event.accept()
            return
        super().mouseDoubleClickEvent(event)

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        n = self.node_at(event.pos())
        menu = self.context_menu(n)
        if menu is not None:
            menu.exec(event.globalPos())
            menu.deleteLater()

    def context_menu(self, n: int | None) -> QMenu | None:
        """The menu for node ``n`` (tests call it to see its actions)."""
        if n is None and not self.tree_item.collapsed:
            return None
        menu = QMenu(self)
        if n is not None:
            item = self.tree_item
            folded = n in item.collapsed
            collapse = menu.addAction("Collapse", lambda: self.toggle_collapsed(n))
            collapse.setEnabled(not folded and item.model.has_children(n))
            expand = menu.addAction("Expand", lambda: self.toggle_collapsed(n))
            expand.setEnabled(folded)
        menu.addAction("Expand all", self.expand_all).setEnabled(bool(self.tree_item.collapsed))
        if n is not None:
            menu.addSeparator()
            menu.addAction("Go to this node's moment", lambda: self.jumpRequested.emit(n))
        return menu

    def scrollContentsBy(self, dx: int, dy: int) -> None:
        super().scrollContentsBy(dx, dy)
        if dx:
            self._update_header(force=True)
        self.viewChanged.emit()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._place_strips()
        self.viewChanged.emit()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.FontChange):
            self._apply_palette()

    def sizeHint(self) -> QSize:
        return QSize(800, 500)

    # -- internals

    def _apply_palette(self) -> None:
        self.tree_item.colours = TreeColours.from_palette(self.palette())
        self.tree_item.texts.set_base(self.font())
        self.setBackgroundBrush(self.palette().color(QPalette.ColorRole.Base))
        self.viewport().update()

    def _place_strips(self) -> None:
        viewport = self.viewport().geometry()
        self._header.setGeometry(
            QRect(viewport.left(), viewport.top() - HEADER_H, viewport.width(), HEADER_H)
        )
        self._legend.setGeometry(
            QRect(viewport.left(), viewport.bottom() + 1, viewport.width(), LEGEND_H)
        )
        self._legend.setVisible(self._legend_visible)

    def _user_navigated(self, *_: object) -> None:
        if self._follow:
            self._follow = False
            self.followChanged.emit(False)

    def _scales(self) -> tuple[float, float]:
        t = self.transform()
        return abs(t.m11()), abs(t.m22())

    def _set_scales(self, sx: float, sy: float) -> None:
        self.setTransform(QTransform.fromScale(sx, sy))
        self._update_scene_rect()
        self._header.update()
        self.viewChanged.emit()

    def _fit_scales(self, rect: QRectF) -> tuple[float, float]:
        """Scales that show ``rect``: as wide as it can be, the depth in the window."""
        viewport = self.viewport().rect()
        width, height = max(viewport.width() - 4, 10), max(viewport.height() - 4, 10)
        vertical = height / max(rect.height(), 1.0)
        sx = min(MAX_ZOOM, width / max(rect.width(), 1.0), vertical)
        # A wide tree is stretched to the window's height, up to twice its own.
        return sx, max(sx, min(vertical, MAX_LEVEL_STRETCH))

    def _fit_rect(self, rect: QRectF) -> None:
        sx, sy = self._fit_scales(rect)
        self._sy_floor = sy
        self._set_scales(sx, sy)
        self.centerOn(rect.center())
        self.verticalScrollBar().setValue(self.verticalScrollBar().minimum())
        self.viewChanged.emit()

    def _zoom_by(self, factor: float, anchor: QPointF | None) -> None:
        sx, _ = self._scales()
        low, high = self.zoom_limits()
        new_sx = min(max(sx * factor, low), high)
        if new_sx == sx:
            return
        if anchor is None:
            anchor = QPointF(self.viewport().rect().center())
        before = self.mapToScene(anchor.toPoint())
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.NoAnchor)
        self._set_scales(new_sx, max(new_sx, self._sy_floor))
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        # Keep the scene point that was under the anchor under it.
        after = self.mapFromScene(before)
        delta = after - anchor.toPoint()
        self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() + delta.x())
        self.verticalScrollBar().setValue(self.verticalScrollBar().value() + delta.y())

    def _update_scene_rect(self) -> None:
        content = self.tree_item.content_rect()
        self.scene().setSceneRect(content)
        self.setSceneRect(content)

    def _node_rect(self, n: int) -> QRectF:
        model = self.tree_item.model
        assert model.recording is not None
        sx, sy = self._scales()
        x, y = model.x(n) * SLOT_W, model.recording.depth[n] * LEVEL_H
        half_x = max(NODE_R * 2.5, 12 / sx)
        half_y = max(NODE_R * 2.5, 12 / sy)
        return QRectF(x - half_x, y - half_y, 2 * half_x, 2 * half_y)

    def _flush_soon(self) -> None:
        """Repaint what changed now, or once REPAINT_INTERVAL_MS since the last repaint
        has passed: each repaint is a call into Python that may wait for the GIL."""
        wait = self._flushed_at + REPAINT_INTERVAL_MS / 1000 - time.monotonic()
        if wait <= 0:
            self._flush()
        elif not self._flush_timer.isActive():
            self._flush_timer.start(max(1, round(wait * 1000)))

    def _flush(self) -> None:
        self._flush_timer.stop()
        if self._dirty is not None:
            self.tree_item.update(self._dirty)
            self._dirty = None
            self._flushed_at = time.monotonic()

    def _follow_soon(self) -> None:
        """Scroll to the newest node now, or when FOLLOW_INTERVAL_MS since the last
        scroll has passed: a fast search would otherwise scroll, and repaint the whole
        view, at every moment (each repaint calls into Python a few times, and each call
        may wait for the GIL the search thread holds)."""
        wait = self._last_follow + FOLLOW_INTERVAL_MS / 1000 - time.monotonic()
        if wait <= 0:
            self._keep_newest_in_view()
        elif not self._follow_timer.isActive():
            self._follow_timer.start(max(1, round(wait * 1000)))

    def _keep_newest_in_view(self) -> None:
        model = self.tree_item.model
        if not self._follow or model.recording is None or model.limit == 0:
            return
        n = model.limit - 1
        rect = self._node_rect(n)
        visible = self.mapToScene(self.viewport().rect()).boundingRect()
        if visible.contains(rect.center()):
            return
        viewport = self.viewport().rect()
        # Well ahead on the right, where the search goes next: fewer scrolls.
        self.ensureVisible(rect, viewport.width() * 2 // 3, viewport.height() // 4)
        self._last_follow = time.monotonic()

    def _iteration_finished_between(self, a: int, b: int) -> bool:
        rec = self.tree_item.model.recording
        if rec is None:
            return False
        lo, hi = min(a, b), max(a, b)
        return any(lo <= it.finished < hi or lo <= it.started < hi for it in rec.iterations)

    def _update_header(self, force: bool = False) -> None:
        """Repaint the iteration labels when what they show changed, in pixels: a
        repaint at every moment would be one more call into Python each time."""
        labels = self.tree_item.model.iteration_labels()
        transform = self.viewportTransform()
        scale, shift = transform.m11() * SLOT_W, transform.dx()
        width = self._header.width()

        def pixel(slot: float) -> int:
            return round(min(max(slot * scale + shift, -2.0), width + 2.0))

        key = tuple(
            (label.text, pixel(label.first - 0.4), pixel(label.last + 0.4)) for label in labels
        )
        if key == self._header_key and not force:
            return
        # The right end of the running iteration's bracket moves at every moment: it
        # may lag a little (the labels themselves change rarely).
        texts = [label[0] for label in key]
        lag = time.monotonic() - self._header_at < HEADER_LAG_MS / 1000
        if not force and lag and texts == [label[0] for label in self._header_key]:
            if not self._header_timer.isActive():
                self._header_timer.start(HEADER_LAG_MS)
            return
        self._header_key, self._header_at = key, time.monotonic()
        self._header.update()
