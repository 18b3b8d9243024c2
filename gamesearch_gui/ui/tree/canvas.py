"""The search-tree view: a recorded search's tree at one moment, to zoom, pan and explore.

``TreeCanvas`` is a QGraphicsView over one :class:`~gamesearch_gui.ui.tree.item.TreeItem`
(which draws), with the iteration labels above it and the legend below
(:mod:`.strips`). It turns the person's wheel, keys, clicks and drags into zooms, pans,
selections and folds, follows the node of the moment's event (while a search runs and
in a replay after it), and exports.

First view. A tree opens readable: a small one (``SMALL_TREE_NODES``), or one that
fits at ``LEGIBLE_ZOOM``, whole, fitted and centred; a bigger one folded (see
:mod:`.folds`): the root, its children, and the principal variation (while a search runs,
the path being searched), every other subtree one mark saying how many nodes it holds,
fitted. The view keeps that until the person pans, zooms or folds: a resize (a dock
moved, the tree given the whole window) shows it again.

Scales. The view scales the two axes apart: zoomed out, a tree of a million leaves
would otherwise be a line one pixel high, so the vertical scale never drops below what
fits the tree's depth in the window (nor below the horizontal one).

Speed under a running search. Each call from the GUI thread into Python may wait for a
search thread's GIL, so the view calls back into Python as little as it can while the
tree streams in: what a moment changed is repainted at most every
``REPAINT_INTERVAL_MS``, following the current node scrolls at most every
``FOLLOW_INTERVAL_MS``, the iteration labels may lag ``HEADER_LAG_MS``, and no
``viewportEvent`` is overridden (the tooltip is set as the mouse moves).

The search thread appends to the recording while the view reads it: the view never
reads past its moment (the :class:`~gamesearch_gui.core.recording.moment.Moment` it shows checks
every index against what had happened by then).
"""

from __future__ import annotations

import math
import time
from typing import Any, Final

from PySide6.QtCore import (
    QAbstractAnimation,
    QEasingCurve,
    QEvent,
    QPoint,
    QPointF,
    QRect,
    QRectF,
    QSize,
    Qt,
    QTimer,
    QVariantAnimation,
    Signal,
)
from PySide6.QtGui import (
    QContextMenuEvent,
    QGuiApplication,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPalette,
    QResizeEvent,
    QTransform,
    QWheelEvent,
)
from PySide6.QtWidgets import (
    QApplication,
    QGraphicsScene,
    QGraphicsView,
    QMenu,
    QToolTip,
    QWidget,
)

from gamesearch_gui.core.recording.depth_first import NONE, SearchRecording
from gamesearch_gui.ui.text import tooltip
from gamesearch_gui.ui.tree import export
from gamesearch_gui.ui.tree.folds import HIDE, MAX_SHOWN, SHOW, Folds, Mark
from gamesearch_gui.ui.tree.geometry import LABEL_REACH_PX, LEVEL_H, NODE_R, SLOT_W, tree_rect
from gamesearch_gui.ui.tree.item import TreeItem
from gamesearch_gui.ui.tree.model import TreeModel
from gamesearch_gui.ui.tree.signpost import EmptyNote, StepPointer
from gamesearch_gui.ui.tree.strips import (
    HEADER_H,
    LEGEND_H,
    IterationHeader,
    Legend,
    legend_rows,
    recording_legend,
)
from gamesearch_gui.ui.tree.style import TreeColours

#: Largest zoom (horizontal scale).
MAX_ZOOM: Final = 4.0
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
#: A finished tree of at most this many nodes opens fitted and centred.
SMALL_TREE_NODES: Final = 60
#: A tree that fits at this zoom opens whole (node values at their full size,
#: ``VALUE_PX``); a bigger one opens folded, at most at this zoom.
LEGIBLE_ZOOM: Final = 1.0
#: The fewest pixels a level of a folded first view gets (a node and its value).
FOLDED_LEVEL_PX: Final = 22.0
#: How long a replay's scroll to the current node takes (a live search jumps).
SCROLL_MS: Final = 200
#: How soon after a change of view or moment the canvas checks that it shows some of
#: the tree and the step's node (or says where they are).
SIGNPOST_MS: Final = 40


class TreeCanvas(QGraphicsView):
    """A recorded search's tree at one moment: zoom, pan, select, collapse, export.

    Besides the panel's API: the signals ``momentChanged`` and ``viewChanged``,
    ``recording``, ``following``, ``zoom()``, ``zoom_limits()``, ``content_rect()``,
    ``pan_to(scene_point)``, ``context_menu(n)``, ``set_always_show_window(on)``,
    ``set_legend_visible(on)``, and ``tree_item`` (its ``last_frame`` says what the last
    paint drew; its ``model`` answers questions about the tree at the moment).
    """

    nodeClicked = Signal(int)
    #: What is folded changed (by the person, or a new first view).
    foldsChanged = Signal()
    jumpRequested = Signal(int)
    followChanged = Signal(bool)
    #: The moment shown changed (or a new recording was set).
    momentChanged = Signal(int)
    #: What the view shows changed, but not the moment: scroll, zoom, resize or a fold.
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
        self._header = IterationHeader(
            self, lambda: self.tree_item.model.iteration_labels(), self.viewportTransform
        )
        self._legend = Legend(self)
        self._legend_visible = True
        #: The legend explains a search (False: a drawing, whose legend only names the
        #: players of a game of n players, and is hidden for MAX and MIN).
        self.search_legend = True
        self._header_visible = True
        self.setViewportMargins(0, HEADER_H, 0, LEGEND_H)
        self._follow = False
        #: True while a search runs into the tree (following jumps ahead to the right).
        self.live = False
        #: A tree too big to read whole opens folded (False: always whole, as an
        #: exercise's key is shown).
        self.auto_fold = True
        #: The first view is kept (shown again on a resize) until the person navigates.
        self._first_view = False
        #: The person panned or zoomed since the tree was set.
        self._navigated = False
        self._final: QRectF | None = None
        self._scroll = QVariantAnimation(self)
        self._scroll.setDuration(SCROLL_MS)
        self._scroll.setEasingCurve(QEasingCurve.Type.OutCubic)
        self._scroll.valueChanged.connect(self._scroll_to)
        self._sy_floor = 1.0
        self._press_pos: QPoint | None = None
        self._dragged = False
        self._pv_shown = False
        self._tip_node: int | None = None
        self._tip_mark: Mark | None = None
        #: When and where a click last unfolded a mark (the double click it begins is
        #: not also a double click on what the unfolding put there).
        self._unfolded_at = (-math.inf, QPoint())
        self._last_follow = 0.0
        self._dirty: QRectF | None = None
        self._flushed_at = 0.0
        self._flush_timer = QTimer(self)
        self._flush_timer.setSingleShot(True)
        self._flush_timer.timeout.connect(self._flush)
        self._follow_timer = QTimer(self)
        self._follow_timer.setSingleShot(True)
        self._follow_timer.timeout.connect(self._keep_current_in_view)
        self._header_key: tuple[Any, ...] = ()
        self._header_at = 0.0
        self._header_timer = QTimer(self)
        self._header_timer.setSingleShot(True)
        self._header_timer.timeout.connect(lambda: self._update_header(force=True))
        self._empty_note = EmptyNote(self)
        self._empty_note.showStep.connect(self.show_step)
        self._empty_note.fit.connect(self.fit_all)
        self._pointer = StepPointer(self)
        self._pointer.clicked.connect(self.show_step)
        self._signpost_timer = QTimer(self)
        self._signpost_timer.setSingleShot(True)
        self._signpost_timer.setInterval(SIGNPOST_MS)
        self._signpost_timer.timeout.connect(self._update_signposts)
        for changed in (self.viewChanged, self.momentChanged, self.foldsChanged):
            changed.connect(self._signposts_soon)
        self.followChanged.connect(self._signposts_soon)
        self.setAccessibleName("Search tree")
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
        return self.tree_item.model.k

    @property
    def last_paint_ms(self) -> float:
        """Milliseconds the last paint of the tree took (measured in paint)."""
        return self.tree_item.last_paint_ms

    @property
    def last_paint_primitives(self) -> int:
        """Shapes, lines and texts the last paint drew."""
        return self.tree_item.last_paint_primitives

    def set_recording(self, recording: SearchRecording | None) -> None:
        """Show a new tree at moment 0.

        A finished recording (it has a result) opens in its first view, as it will be
        at its end (see the module's words), so stepping through it fills a frame that
        stays put; a live one starts at 1:1, top left, following the search, and once
        it is too big to read whole, folds (the root, its children and the path being
        searched) and stays fitted as it grows, until the person navigates.
        """
        item = self.tree_item
        item.model = TreeModel(recording)
        item.selected = None
        item.current = NONE
        self._scroll.stop()
        self._final = None
        self._first_view = False
        self._navigated = False
        self.live = recording is not None and recording.result is None
        self._pv_shown = False
        self._dirty = None
        self._tip_node = None
        self.viewport().setToolTip("")
        item.model.set_moment(0)
        self._update_legend()
        item.reset_bounds()
        self._update_scene_rect()
        if recording is not None and recording.result is not None:
            self._open_finished()
        else:
            self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
            self._sy_floor = 1.0
            self._set_scales(1.0, 1.0)
            self.horizontalScrollBar().setValue(self.horizontalScrollBar().minimum())
            self.verticalScrollBar().setValue(self.verticalScrollBar().minimum())
        self.viewport().update()
        self._update_header(force=True)
        self.momentChanged.emit(0)
        self.foldsChanged.emit()

    def set_moment(self, k: int) -> None:
        """Show the tree after ``k`` events (cheap: redraws only what changed)."""
        item = self.tree_item
        model = item.model
        rec = model.recording
        if rec is None:
            return
        k = max(0, min(k, rec.event_count))
        old = model.k
        old_content = item.content_rect()
        was_folded = model.layout is not None and model.layout.folded
        model.set_moment(k)
        pv_shown = model.pv_visible()
        if k == old and pv_shown == self._pv_shown:
            return
        item.fit_bounds()
        self._update_scene_rect()
        folded = was_folded or (model.layout is not None and model.layout.folded)
        if (
            folded  # a fold's marks move with the line: the folded tree is small
            or pv_shown != self._pv_shown
            or self._iteration_finished_between(old, k)
        ):
            self._dirty = None
            item.update()
        elif k != old:
            content = item.content_rect().united(old_content)
            assert model.now is not None
            left = model.now.first_changed_slot(old) * SLOT_W
            reach = LABEL_REACH_PX / max(self.transform().m11(), 1e-9)
            content.setLeft(max(content.left(), left - reach - SLOT_W))
            self._dirty = content if self._dirty is None else self._dirty.united(content)
            self._flush_soon()
        self._pv_shown = pv_shown
        self._set_current(model.now.current() if model.now is not None else NONE)
        if self._follow or (self.live and not self._navigated):
            self._follow_soon()  # (a growing tree is folded in time: _keep_current_in_view)
        self._tip_mark = None
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

    def finished(self) -> None:
        """The search ran to its end: unless the person has panned or zoomed, the tree
        now shows as a finished one opens (see ``show_first_view``)."""
        if self.recording is not None and not self._navigated:
            self._open_finished()

    def _open_finished(self) -> None:
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.show_first_view()

    def set_follow(self, on: bool) -> None:
        """Keep the node of the moment's event in view (scrolling only when it leaves
        it), live and in a replay; panning or zooming by hand turns this off."""
        if on == self._follow:
            return
        self._follow = on
        if on:
            self._keep_current_in_view()
        else:
            self._scroll.stop()
        self.followChanged.emit(on)

    @property
    def following(self) -> bool:
        """True while the view keeps the current node in sight."""
        return self._follow

    def set_scroll_ms(self, ms: int) -> None:
        """How long a replay's glide to the current node takes (``SCROLL_MS``)."""
        self._scroll.setDuration(max(1, ms))

    @property
    def current_node(self) -> int:
        """The node of the moment's event, marked in the tree (NONE: none)."""
        return self.tree_item.current

    def node_visible(self, n: int) -> bool:
        """True when node ``n`` is drawn inside the viewport (wholly, its marks aside;
        not folded into a mark)."""
        lay = self.tree_item.model.layout
        if lay is None or not lay.shown(n):
            return False
        return self._seen(n)

    def _seen(self, n: int) -> bool:
        """True when node ``n``, or the mark it is folded into, is inside the viewport."""
        centre = self.view_point_of(n)
        sx, sy = self._scales()
        r = NODE_R * min(sx, sy)
        shape = QRect(round(centre.x() - r), round(centre.y() - r), round(2 * r), round(2 * r))
        return self.viewport().rect().contains(shape)

    def show_first_view(self) -> None:
        """Show the tree as it opens: a small one (``SMALL_TREE_NODES``), or one that
        fits at ``LEGIBLE_ZOOM``, whole, fitted and centred; a bigger one folded (the
        root, its children and the principal variation, see :mod:`.folds`), fitted. A
        search under way stays folded, fitted as it grows."""
        item = self.tree_item
        model = item.model
        rec = model.recording
        if rec is None:
            return
        if rec.result is None:  # a search under way (followed live or not)
            self._fold_live()
            return
        self._first_view = True
        active = model.folds.active
        folds = model.folds
        folds.reset(auto=False)
        whole = self._content_at(rec.event_count)
        fits = (
            not self.auto_fold
            or rec.node_count <= SMALL_TREE_NODES
            or self._fit_scales(whole)[0] >= LEGIBLE_ZOOM
        )
        if not fits:
            folds.reset(auto=True)
        self._refresh_final()
        assert self._final is not None
        item.reset_bounds()
        item.fit_bounds()
        self._update_scene_rect()
        if fits:
            self._fit_rect(self._final)
        else:
            self._fit_folded(self._final)
        item.update()
        self._update_header(force=True)
        self.viewChanged.emit()
        if folds.active != active:
            self.foldsChanged.emit()

    def _fold_live(self) -> bool:
        """A search under way, the person not having navigated: once the tree is too big
        to read whole, fold it (the root, its children and the path being searched) and
        keep it fitted. Whether it is folded."""
        item = self.tree_item
        model = item.model
        now = model.now
        if now is None:
            return False
        folds = model.folds
        if not folds.auto:
            if not self.auto_fold:
                return False
            whole = tree_rect(now.slots, model.whole_depth())
            if now.limit <= SMALL_TREE_NODES or self._fit_scales(whole)[0] >= LEGIBLE_ZOOM:
                return False
            folds.reset(auto=True)
            model.refold()
            item.reset_bounds()
            item.update()
            self.foldsChanged.emit()
        item.fit_bounds()
        self._update_scene_rect()
        self._first_view = True
        self._fit_folded(item.content_rect())
        return True

    def _content_at(self, k: int) -> QRectF:
        """The tree's rectangle at moment ``k``, as folded."""
        model = self.tree_item.model
        shown = model.k
        model.set_moment(k)
        content = self.tree_item.content_rect()
        model.set_moment(shown)
        return content

    def _refresh_final(self) -> None:
        """A finished tree's frame: the tree at its end, as folded now."""
        rec = self.tree_item.model.recording
        if rec is None or rec.result is None:
            self._final = None
            return
        # The content has a free slot left of the first leaf and two right of the last
        # (the last slot's own width): one more on the left centres the tree itself.
        self._final = self._content_at(rec.event_count).adjusted(-SLOT_W, 0, 0, 0)

    def _fit_folded(self, rect: QRectF) -> None:
        """Show the folded tree ``rect`` whole: its width at most at ``LEGIBLE_ZOOM``,
        its levels spread over the height (down to ``FOLDED_LEVEL_PX`` a level: a deeper
        line goes on below, under the scroll bar)."""
        width = max(self.viewport().width() - 4, 10)
        sx = min(LEGIBLE_ZOOM, width / max(rect.width(), 1.0))
        sy = max(min(self._vertical_fit(rect), MAX_LEVEL_STRETCH), FOLDED_LEVEL_PX / LEVEL_H)
        if (sx, sy) != self._scales():
            self._sy_floor = sy
            self._set_scales(sx, sy)
        self.centerOn(QPointF(rect.center().x(), rect.top()))
        self.verticalScrollBar().setValue(self.verticalScrollBar().minimum())

    def zoom_in(self) -> None:
        """One step closer, around the step's node if it is in view (else the centre)."""
        self._zoom_step(ZOOM_STEP)

    def zoom_out(self) -> None:
        """One step further, around the step's node if it is in view (else the centre)."""
        self._zoom_step(1 / ZOOM_STEP)

    def _zoom_step(self, factor: float) -> None:
        """Zoom by ``factor`` as the keys and buttons do: around the node of the moment's
        event when it is in view, which stays in view (zooming in on a step keeps it in
        sight), else around the view's centre."""
        self._user_navigated()
        n = self.tree_item.current
        if n == NONE or n >= self.tree_item.model.limit or not self._seen(n):
            self._zoom_by(factor, None)
            return
        self._zoom_by(factor, QPointF(self.view_point_of(n)))
        if not self._seen(n):  # it grew past the edge it sat at
            self.ensureVisible(self._node_rect(n), 0, 0)

    def fit_all(self) -> None:
        """The whole tree as it is now (as folded) in the window (following, if on, stays
        on: the current node is in view). A folded first view is fitted as it opens."""
        self._first_view = False
        if self.tree_item.model.folds.auto:
            self._fit_folded(self.tree_item.content_rect())
        else:
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
        now, lay = self.tree_item.model.now, self.tree_item.model.layout
        if now is None or lay is None or not 0 <= index < len(now.recording.iterations):
            return
        root = now.recording.iterations[index].root
        if root == NONE or root >= now.limit:
            return
        self._user_navigated()
        first, last = lay.extent(root)
        content = self.tree_item.content_rect()
        rect = QRectF(
            (first - 1) * SLOT_W, content.top(), (last - first + 2) * SLOT_W, content.height()
        )
        self._fit_rect(rect)

    # -- never a blank canvas

    def show_step(self) -> None:
        """Bring the node of the moment's event into view (before the first event: fit
        the tree). Following stays as it is."""
        model = self.tree_item.model
        now = model.now
        if now is None or model.limit == 0:
            return
        n = now.current()
        if n == NONE:
            self.fit_all()
            return
        self._scroll.stop()
        self._bring_into_view(n)
        if self._scroll.state() == QAbstractAnimation.State.Running:
            # At once: a click asked for it (and the note goes with the blank view).
            end = self._scroll.endValue()
            self._scroll.stop()
            self._scroll_to(end)
        self._update_signposts()

    @property
    def shows_nothing(self) -> bool:
        """True when the note "No part of the tree is in view" is up."""
        return self._empty_note.isVisible()

    @property
    def step_pointer(self) -> str:
        """Where the pointer to the step's node points ("left", "right", "up", "down"),
        or "" when it is not shown."""
        return self._pointer.direction if self._pointer.isVisible() else ""

    def _signposts_soon(self, *_: object) -> None:
        if not self._signpost_timer.isActive():
            self._signpost_timer.start()

    def _update_signposts(self) -> None:
        """Say so when the view holds no part of the tree; point to the step's node when
        following is off and it is out of view."""
        self._signpost_timer.stop()
        model = self.tree_item.model
        now, lay = model.now, model.layout
        geometry = self.viewport().geometry()
        if now is None or lay is None or model.limit == 0:
            self._empty_note.hide()
            self._pointer.hide()
            return
        shown = self.mapToScene(self.viewport().rect()).boundingRect()
        reach = NODE_R
        d0 = (shown.top() - reach) / LEVEL_H
        d1 = (shown.bottom() + reach) / LEVEL_H
        empty = (
            d0 > model.max_depth() + 1
            or lay.first_in(
                (shown.left() - reach) / SLOT_W, (shown.right() + reach) / SLOT_W, d0, d1
            )
            == NONE
        )
        current = self.tree_item.current
        if empty:
            self._pointer.hide()
            self._empty_note.place(geometry, current != NONE)
            return
        self._empty_note.hide()
        if not self._follow and current != NONE and not self._seen(current):
            self._pointer.place(geometry, self.view_point_of(current))
        else:
            self._pointer.hide()

    # -- folding

    def toggle_collapsed(self, n: int) -> None:
        """Fold node ``n``'s subtree into one mark, or unfold it (see ``unfold``)."""
        model = self.tree_item.model
        lay, now = model.layout, model.now
        if lay is None or now is None or not 0 <= n < now.limit or not now.has_children(n):
            return
        if lay.mode(n) == HIDE:
            self.unfold(n)
        else:
            self._change_folds(lambda: model.folds.fold(n), n)

    def unfold(self, n: int) -> None:
        """Show node ``n``'s children: folded, each, in a folded view (one level at a
        time); as they were, in the whole tree."""
        folds = self.tree_item.model.folds
        self._change_folds(lambda: folds.unfold(n), n)

    def expand_level(self) -> None:
        """Unfold one more level under every fold (in the whole tree, each folded node's
        children then show folded). Past ``MAX_SHOWN`` nodes shown: the whole tree."""
        model = self.tree_item.model
        lay, now = model.layout, model.now
        if lay is None or now is None or not lay.folded:
            return
        folds = model.folds

        def unfold_all() -> None:
            for mark in list(lay.marks):
                n = mark.parent
                folds.unfold(n, (c for c in now.children(n) if now.has_children(c)))
            model.refold()
            shown = model.layout.shown_count if model.layout is not None else None
            if shown is not None and shown > MAX_SHOWN:
                folds.reset(auto=False)

        self._change_folds(unfold_all, self._focus_node())

    def expand_all(self) -> None:
        """Unfold everything: the whole tree, where it is in view."""
        model = self.tree_item.model
        self._change_folds(lambda: model.folds.reset(auto=False), self._focus_node())

    def show_whole_tree(self, whole: bool = True) -> None:
        """The whole tree fitted in the window (``whole`` False: folded, as a big tree's
        first view is: the root, its children and the line)."""
        model = self.tree_item.model
        if model.recording is None:
            return
        self._change_folds(lambda: model.folds.reset(auto=not whole), None)
        self.fit_all()

    @property
    def folds_active(self) -> bool:
        """True when something may be folded (not the whole tree)."""
        return self.tree_item.model.folds.active

    def _change_folds(self, change: Any, anchor: int | None) -> None:
        """Fold or unfold by ``change()``, lay the tree out again, and keep node
        ``anchor`` (if shown) where it was in the window."""
        item = self.tree_item
        model = item.model
        if model.recording is None:
            return
        before = None
        if anchor is not None and model.layout is not None and model.layout.shown(anchor):
            before = self.view_point_of(anchor)
        change()
        model.refold()
        self._first_view = False
        self._navigated = True
        item.reset_bounds()
        self._refresh_final()
        self._update_scene_rect()
        if before is not None and anchor is not None and model.layout is not None:
            after = self.view_point_of(anchor)  # (shown: a fold does not hide its node)
            h_bar, v_bar = self.horizontalScrollBar(), self.verticalScrollBar()
            h_bar.setValue(h_bar.value() + after.x() - before.x())
            v_bar.setValue(v_bar.value() + after.y() - before.y())
        self._dirty = None
        item.update()
        self._update_header(force=True)
        self.viewChanged.emit()
        self.foldsChanged.emit()

    def _focus_node(self) -> int | None:
        """The node to keep in place when the tree is laid out again: the step's, the
        chosen one, or the root, the first of them in view."""
        model = self.tree_item.model
        now = model.now
        if now is None:
            return None
        roots = now.roots()
        for n in (self.tree_item.current, self.tree_item.selected, *roots[-1:]):
            if n is not None and n != NONE and self.node_visible(n):
                return n
        return None

    def mark_at(self, view_pos: QPoint) -> Mark | None:
        """The fold mark drawn at ``view_pos`` (its fan or its count), or None."""
        lay = self.tree_item.model.layout
        if lay is None or not lay.marks:
            return None
        sx, sy = self._scales()
        r = NODE_R * min(sx, sy)
        half = max(4.0, min(SLOT_W * sx * 0.45, r * 1.4)) + 6
        x, y = view_pos.x(), view_pos.y()
        for mark in lay.marks:
            slot, level = lay.mark_point(mark)
            base = self.mapFromScene(QPointF(slot * SLOT_W, level * LEVEL_H))
            top = self.mapFromScene(QPointF(0, self._scene_point(mark.parent).y())).y() + r
            # The fan's lower part, and its count under it.
            if abs(x - base.x()) <= max(half, 16) and (base.y() + top) / 2 <= y <= base.y() + 18:
                return mark
        return None

    def node_at(self, view_pos: QPoint) -> int | None:
        """The node drawn at ``view_pos`` (viewport coordinates), or None."""
        model = self.tree_item.model
        now, lay = model.now, model.layout
        if now is None or lay is None or now.limit == 0:
            return None
        depth = now.recording.depth
        scene = self.mapToScene(view_pos)
        sx, sy = self._scales()
        reach_px = max(NODE_R * min(sx, sy) * 1.2, 6.0)
        tol_slots = reach_px / sx / SLOT_W
        level = round(scene.y() / LEVEL_H)
        if abs(scene.y() - level * LEVEL_H) > reach_px / sy:
            return None
        xs = scene.x() / SLOT_W
        best, best_distance = None, math.inf
        stack = now.roots()
        while stack:
            n = stack.pop()
            first, last = lay.extent(n)
            if last < xs - tol_slots or first > xs + tol_slots:
                continue
            if depth[n] == level:
                distance = abs(lay.x(n) - xs)
                if distance <= tol_slots and distance < best_distance:
                    best, best_distance = n, distance
                continue
            if depth[n] > level:
                continue
            stack.extend(lay.children(n))
        return best

    def view_point_of(self, n: int) -> QPoint:
        """Where node ``n`` is drawn, in viewport coordinates."""
        return self.mapFromScene(self._scene_point(n))

    def export_svg(self, path: str, *, in_view: bool = False) -> None:
        """Write the tree at the moment, as folded (or the part in view), as SVG; one
        too big to read so is written folded as a first view is (see :mod:`.export`:
        IllegibleExport when even that is too big to read)."""
        self._export(export.export_svg, path, in_view)

    def export_png(self, path: str, *, in_view: bool = False) -> None:
        """Write the tree at the moment, as folded (or the part in view), as a PNG; one
        too big to read so is written folded as a first view is (see :mod:`.export`:
        IllegibleExport when even that is too big to read)."""
        self._export(export.export_png, path, in_view)

    def _export(self, write: Any, path: str, in_view: bool) -> None:
        item = self.tree_item
        if in_view:
            write(item, path, self.font(), self._export_region(True))
            return
        model = item.model
        try:
            write(item, path, self.font(), None)
            return
        except export.IllegibleExport:
            folds = model.folds
            if folds.auto and not folds.opened and not folds.closed:
                raise  # folded as a first view already
        # The root, its children and the line, every other subtree one mark.
        shown = model.folds
        model.folds = Folds(auto=True)
        model.refold()
        try:
            write(item, path, self.font(), None)
        finally:
            model.folds = shown
            model.refold()
            item.update()

    def _export_region(self, in_view: bool) -> QRectF | None:
        if not in_view:
            return None
        shown = self.mapToScene(self.viewport().rect()).boundingRect()
        return export.legible_region(self.tree_item, shown)

    def copy_to_clipboard(self) -> None:
        """Copy what the view shows, as an image, without the selection and "this step"
        rings (as every export)."""
        with self.tree_item.marks_hidden():
            image = self.grab().toImage()
        self.tree_item.update()
        QGuiApplication.clipboard().setImage(image)

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

    def set_strategy(self, nodes: frozenset[int]) -> None:
        """Highlight MAX's strategy (``nodes``; empty: none), and say so in the legend."""
        self.tree_item.strategy = nodes
        self._update_legend()
        self.tree_item.update()

    def _update_legend(self) -> None:
        """The legend says what the tree shows: MAX's strategy, the players of a game of
        n players (only them under a drawing, ``search_legend`` False)."""
        rec = self.tree_item.model.recording
        self._legend.items = recording_legend(
            rec, bool(self.tree_item.strategy), search=self.search_legend
        )
        if not self.search_legend:
            self.set_legend_visible(rec is not None and bool(rec.players))
        self._set_margins()
        self._place_strips()
        self._legend.update()
        self.tree_item.update()

    def legend_items(self) -> tuple[tuple[str, str], ...]:
        """What the legend under the tree explains: (key, words) of each entry."""
        return self._legend.items

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
        self.setViewportMargins(0, top, 0, self._legend_height() if self._legend_visible else 0)

    def _legend_height(self) -> int:
        """The legend's height: as many rows of LEGEND_H as its entries take at this
        width (a narrow view wraps it rather than leave entries out)."""
        width = self.width() - 2 * self.frameWidth()
        return LEGEND_H * legend_rows(width, LEGEND_H, self.font(), self._legend.items)

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
        pos = event.position().toPoint()
        n = self.node_at(pos)
        mark = self.mark_at(pos) if n is None else None
        if n != self._tip_node or mark != self._tip_mark:
            self._tip_node, self._tip_mark = n, mark
            model = self.tree_item.model
            text = ""
            if n is not None:
                text = tooltip(model.describe(n))
            elif mark is not None:
                text = tooltip(model.describe_mark(mark))
            self.viewport().setToolTip(text)
            if not text:
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
            return
        mark = self.mark_at(pos)
        if mark is not None:
            # A click unfolds a fold (the double click it may begin does nothing more).
            self._unfolded_at = (time.monotonic(), pos)
            self.unfold(mark.parent)

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        when, where = self._unfolded_at
        self._unfolded_at = (-math.inf, QPoint())
        if (
            time.monotonic() - when < QApplication.doubleClickInterval() / 1000
            and (event.position().toPoint() - where).manhattanLength()
            < QApplication.startDragDistance()
        ):
            event.accept()
            return
        n = self.node_at(event.position().toPoint())
        now = self.tree_item.model.now
        if n is not None and now is not None and now.has_children(n):
            self.toggle_collapsed(n)
            event.accept()
            return
        super().mouseDoubleClickEvent(event)

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        n = self.node_at(event.pos())
        if n is None:
            mark = self.mark_at(event.pos())
            n = None if mark is None else mark.parent
        menu = self.context_menu(n)
        if menu is not None:
            menu.exec(event.globalPos())
            menu.deleteLater()

    def context_menu(self, n: int | None) -> QMenu | None:
        """The menu for node ``n`` (tests call it to see its actions)."""
        model = self.tree_item.model
        folding = model.layout is not None and model.layout.folded
        if n is None and not folding:
            return None
        menu = QMenu(self)
        if n is not None and model.layout is not None and model.now is not None:
            mode = model.layout.mode(n)
            collapse = menu.addAction("Collapse", lambda: self.toggle_collapsed(n))
            collapse.setEnabled(mode != HIDE and model.now.has_children(n))
            expand = menu.addAction("Expand", lambda: self.unfold(n))
            expand.setEnabled(mode != SHOW)
        menu.addAction("Expand all", self.expand_all).setEnabled(folding)
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
        if self._legend_visible and self.viewportMargins().bottom() != self._legend_height():
            self._set_margins()  # the legend wraps to another number of rows
        self._place_strips()
        if self._first_view:
            self.show_first_view()  # until the person navigates: the view fits its room
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
            QRect(viewport.left(), viewport.bottom() + 1, viewport.width(), self._legend_height())
        )
        self._legend.setVisible(self._legend_visible)

    def _user_navigated(self, *_: object) -> None:
        self._first_view = False
        self._navigated = True
        if self._scroll.state() == QAbstractAnimation.State.Running:
            # A glide to the step's node ends there, not half-way over empty space.
            end = self._scroll.endValue()
            self._scroll.stop()
            self._scroll_to(end)
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
        width = max(viewport.width() - 4, 10)
        sx = min(MAX_ZOOM, width / max(rect.width(), 1.0), self._vertical_fit(rect))
        return sx, self._level_scale(rect, sx)

    def _vertical_fit(self, rect: QRectF) -> float:
        """The vertical scale that fits ``rect``'s depth in the window."""
        return max(self.viewport().height() - 4, 10) / max(rect.height(), 1.0)

    def _level_scale(self, rect: QRectF, sx: float) -> float:
        """The vertical scale beside ``sx``: a wide tree is stretched to the window's
        height, up to MAX_LEVEL_STRETCH, and never squashed below ``sx``."""
        return max(sx, min(self._vertical_fit(rect), MAX_LEVEL_STRETCH))

    def _fit_rect(self, rect: QRectF) -> None:
        sx, sy = self._fit_scales(rect)
        self._sy_floor = sy
        self._set_scales(sx, sy)
        self.centerOn(rect.center())
        self.verticalScrollBar().setValue(self.verticalScrollBar().minimum())
        self.viewChanged.emit()

    def _zoom_by(self, factor: float, anchor: QPointF | None) -> None:
        sx, sy = self._scales()
        low, high = self.zoom_limits()
        new_sx = min(max(sx * factor, low), high)
        if new_sx == sx:
            return
        if anchor is None:
            anchor = QPointF(self.viewport().rect().center())
        before = self.mapToScene(anchor.toPoint())
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.NoAnchor)
        # The vertical scale follows the horizontal one, never under what fits the depth;
        # where levels were squeezed under it (a folded first view), in proportion.
        new_sy = new_sx if sy >= sx else sy * new_sx / sx
        self._set_scales(new_sx, max(new_sy, self._sy_floor))
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        # Keep the scene point that was under the anchor under it.
        after = self.mapFromScene(before)
        delta = after - anchor.toPoint()
        self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() + delta.x())
        self.verticalScrollBar().setValue(self.verticalScrollBar().value() + delta.y())

    def _update_scene_rect(self) -> None:
        content = self.tree_item.content_rect()
        # A finished tree: the frame of its end stays put, as its nodes do. Not when
        # folded as a first view is: that tree is laid out afresh at each moment, and
        # its end's frame would be empty room at an earlier one (a blank view).
        if self._final is not None and not self.tree_item.model.folds.auto:
            content = content.united(self._final)
        self.scene().setSceneRect(content)
        self.setSceneRect(content)

    def _scene_point(self, n: int) -> QPointF:
        """Where node ``n`` sits in the scene (folded: where its fold's mark is)."""
        lay = self.tree_item.model.layout
        assert lay is not None
        slot, level = lay.anchor(n)
        return QPointF(slot * SLOT_W, level * LEVEL_H)

    def _node_rect(self, n: int) -> QRectF:
        sx, sy = self._scales()
        centre = self._scene_point(n)
        x, y = centre.x(), centre.y()
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
        """Scroll to the current node now, or, while live, when FOLLOW_INTERVAL_MS since
        the last scroll has passed: a fast search would otherwise scroll, and repaint the
        whole view, at every batch. A replay's moments come at most once a frame, each
        one a step the explanation line describes: its node is shown at once."""
        wait = self._last_follow + FOLLOW_INTERVAL_MS / 1000 - time.monotonic()
        if wait <= 0 or not self.live:
            self._keep_current_in_view()
        elif not self._follow_timer.isActive():
            self._follow_timer.start(max(1, round(wait * 1000)))

    def _keep_current_in_view(self) -> None:
        """Scroll so that the current node is in view, if it is not: a live search
        jumps, well ahead on the right where it goes next (fewer scrolls); a replay
        glides there in ``SCROLL_MS``, the node a third of the way in. A search under
        way in its first view is kept fitted instead (the folded tree is small). A node
        folded into a mark is followed to the mark."""
        model = self.tree_item.model
        now = model.now
        if now is None or model.limit == 0:
            return
        n = now.current()
        if n == NONE:
            n = model.limit - 1
        if self.live and not self._navigated and self._fold_live():
            self._last_follow = time.monotonic()
            if self._follow and not self._seen(n):  # a line deeper than the window
                self.ensureVisible(self._node_rect(n), 0, self.viewport().height() // 4)
            return
        if not self._follow:
            return
        target = self._scroll.endValue() if self._scroll.state() else None
        if target is None and self._seen(n):
            return
        self._last_follow = time.monotonic()
        self._bring_into_view(n)

    def _bring_into_view(self, n: int) -> None:
        """Scroll node ``n`` (or the mark it is folded into) into view: live, a jump
        well ahead on the right; else a glide, the node a third of the way in."""
        self._first_view = False  # the view moved on: a resize keeps where it is
        viewport = self.viewport().rect()
        h_bar, v_bar = self.horizontalScrollBar(), self.verticalScrollBar()
        start = QPointF(h_bar.value(), v_bar.value())
        if self.live:
            self._scroll.stop()
            self.ensureVisible(
                self._node_rect(n), viewport.width() * 2 // 3, viewport.height() // 4
            )
            return
        # Where ensureVisible would scroll to, taken back at once: the glide goes there.
        self.ensureVisible(self._node_rect(n), viewport.width() // 3, viewport.height() // 4)
        end = QPointF(h_bar.value(), v_bar.value())
        h_bar.setValue(round(start.x()))
        v_bar.setValue(round(start.y()))
        if end == start:
            self._scroll.stop()
            return
        self._scroll.stop()
        self._scroll.setStartValue(start)
        self._scroll.setEndValue(end)
        self._scroll.start()

    def _scroll_to(self, value: Any) -> None:
        """One frame of the glide to the current node."""
        if isinstance(value, QPointF):
            self.horizontalScrollBar().setValue(round(value.x()))
            self.verticalScrollBar().setValue(round(value.y()))

    def _set_current(self, n: int) -> None:
        """Mark node ``n`` as the node of the moment's event (repainting both marks)."""
        item = self.tree_item
        if item.current == n:
            return
        for old in (item.current, n):
            if old != NONE and old < item.model.limit:
                item.update(self._node_rect(old))
        item.current = n

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
