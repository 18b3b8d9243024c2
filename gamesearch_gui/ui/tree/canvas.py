"""The search-tree view: a recorded search's tree at one moment, to zoom, pan and explore.

``TreeCanvas`` is a :class:`~gamesearch_gui.ui.tree.camera.TreeCamera` (the QGraphicsView
over one :class:`~gamesearch_gui.ui.tree.item.TreeItem`, which draws: its scales, fits,
first view and hit tests), with the iteration labels above it and the legend below
(:class:`~gamesearch_gui.ui.tree.strips.CanvasStrips`) and the signposts over it
(:class:`~gamesearch_gui.ui.tree.signpost.Signposts`). It turns the person's wheel, keys,
clicks and drags into zooms, pans, selections and folds, follows the node of the
moment's event (while a search runs and in a replay after it:
:class:`~gamesearch_gui.ui.tree.follow.Follower`), and exports (:mod:`.export`).

Speed under a running search. Each call from the GUI thread into Python may wait for a
search thread's GIL, so the view calls back into Python as little as it can while the
tree streams in: what a moment changed is repainted at most every
``REPAINT_INTERVAL_MS``, following the current node scrolls at most every
``FOLLOW_INTERVAL_MS``, the iteration labels may lag ``HEADER_LAG_MS`` (each through the shared
:class:`~gamesearch_gui.ui.throttle.RateLimiter`), and no ``viewportEvent`` is overridden
(the tooltip is set as the mouse moves).

The search thread appends to the recording while the view reads it: the view never
reads past its moment (the :class:`~gamesearch_gui.core.recording.moment.Moment` it shows checks
every index against what had happened by then).
"""

from __future__ import annotations

from typing import Final

from PySide6.QtCore import QEvent
from PySide6.QtCore import QRectF
from PySide6.QtCore import QSize
from PySide6.QtCore import Qt
from PySide6.QtCore import Signal
from PySide6.QtGui import QContextMenuEvent
from PySide6.QtGui import QGuiApplication
from PySide6.QtGui import QKeyEvent
from PySide6.QtGui import QMouseEvent
from PySide6.QtGui import QPalette
from PySide6.QtGui import QResizeEvent
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QGraphicsView
from PySide6.QtWidgets import QMenu
from PySide6.QtWidgets import QWidget

from gamesearch_gui.core.narration.legend import LegendItems
from gamesearch_gui.core.narration.legend import recording_legend
from gamesearch_gui.core.recording.depth_first import NONE
from gamesearch_gui.core.recording.depth_first import SearchRecording
from gamesearch_gui.ui.throttle import RateLimiter
from gamesearch_gui.ui.tree import export
from gamesearch_gui.ui.tree.camera import ZOOM_STEP
from gamesearch_gui.ui.tree.camera import TreeCamera
from gamesearch_gui.ui.tree.folding import FoldControl
from gamesearch_gui.ui.tree.follow import Follower
from gamesearch_gui.ui.tree.geometry import LABEL_REACH_PX
from gamesearch_gui.ui.tree.geometry import SLOT_W
from gamesearch_gui.ui.tree.model import TreeModel
from gamesearch_gui.ui.tree.mouse import CanvasMouse
from gamesearch_gui.ui.tree.signpost import Signposts
from gamesearch_gui.ui.tree.strips import CanvasStrips
from gamesearch_gui.ui.tree.style import TreeColours

#: Fewest milliseconds between two repaints of what a new moment changed.
REPAINT_INTERVAL_MS: Final = 66


class TreeCanvas(TreeCamera):
    """A recorded search's tree at one moment: zoom, pan, select, collapse, export.

    Besides the page's API: the signals ``momentChanged`` and ``viewChanged``,
    ``recording``, ``following``, ``zoom()``, ``zoom_limits()``, ``content_rect()``,
    ``pan_to(scene_point)``, ``context_menu(n)``, ``set_always_show_window(on)``,
    ``set_legend_visible(on)``, and ``tree_item`` (its ``last_frame`` says what the last
    paint drew; its ``model`` answers questions about the tree at the moment). Its parts:
    ``strips``, ``signposts``, ``follower``, ``folding`` and ``mouse``.
    """

    nodeClicked = Signal(int)
    jumpRequested = Signal(int)
    followChanged = Signal(bool)
    #: The moment shown changed (or a new recording was set).
    momentChanged = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        # Top-left: a growing tree never shifts what is already on screen.
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.strips = CanvasStrips(self, lambda: self.tree_item.model.iteration_labels())
        #: The legend explains a search (False: a drawing, whose legend only names the
        #: players of a game of n players, and is hidden for MAX and MIN).
        self.search_legend = True
        #: True while a search runs into the tree (following jumps ahead to the right).
        self.live = False
        self.follower = Follower(self)
        self.mouse = CanvasMouse(self)
        self.folding = FoldControl(self)
        self._pv_shown = False
        #: What new moments changed and is not repainted yet.
        self._dirty: QRectF | None = None
        self._repaints = RateLimiter(self, 1000 / REPAINT_INTERVAL_MS, self._flush)
        self.signposts = Signposts(self)
        for changed in (self.viewChanged, self.momentChanged, self.foldsChanged):
            changed.connect(self.signposts.soon)
        self.followChanged.connect(self.signposts.soon)
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
        self.follower.stop()
        self._final = None
        self._first_view = False
        self._navigated = False
        self.live = recording is not None and recording.result is None
        self._pv_shown = False
        self._dirty = None
        self._repaints.cancel()
        self.mouse.reset()
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
            self._repaints.cancel()
            item.update()
        elif k != old:
            content = item.content_rect().united(old_content)
            assert model.now is not None
            left = model.now.first_changed_slot(old) * SLOT_W
            reach = LABEL_REACH_PX / max(self.transform().m11(), 1e-9)
            content.setLeft(max(content.left(), left - reach - SLOT_W))
            self._dirty = content if self._dirty is None else self._dirty.united(content)
            self._repaints.request()
        self._pv_shown = pv_shown
        self._set_current(model.now.current() if model.now is not None else NONE)
        if self.follower.on or (self.live and not self._navigated):
            self.follower.soon()  # (a growing tree is folded in time: keep_current_in_view)
        self.mouse.moment_changed()
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

    @property
    def current_node(self) -> int:
        """The node of the moment's event, marked in the tree (NONE: none)."""
        return self.tree_item.current

    # -- folding (see FoldControl)

    def toggle_collapsed(self, n: int) -> None:
        """Fold node ``n``'s subtree into one mark, or unfold it (see ``unfold``)."""
        self.folding.toggle(n)

    def unfold(self, n: int) -> None:
        """Show node ``n``'s children: folded, each, in a folded view (one level at a
        time); as they were, in the whole tree."""
        self.folding.unfold(n)

    def expand_level(self) -> None:
        """Unfold one more level under every fold (past ``MAX_SHOWN`` nodes shown: the
        whole tree)."""
        self.folding.expand_level()

    def expand_all(self) -> None:
        """Unfold everything: the whole tree, where it is in view."""
        self.folding.expand_all()

    def show_whole_tree(self, whole: bool = True) -> None:
        """The whole tree fitted in the window (``whole`` False: folded, as a big tree's
        first view is: the root, its children and the line)."""
        self.folding.show_whole_tree(whole)

    @property
    def folds_active(self) -> bool:
        """True when something may be folded (not the whole tree)."""
        return self.tree_item.model.folds.active

    def context_menu(self, n: int | None) -> QMenu | None:
        """The menu for node ``n`` (tests call it to see its actions)."""
        return self.folding.menu(n)

    def laid_out_again(self) -> None:
        """The tree was laid out afresh (folds changed): new bounds, frame and scene,
        and the first view given up."""
        self._first_view = False
        self.tree_item.reset_bounds()
        self._refresh_final()
        self._update_scene_rect()
        self._dirty = None
        self._repaints.cancel()

    # -- following, signposts, strips and export (each a part of its own)

    def set_follow(self, on: bool) -> None:
        """Keep the node of the moment's event in view (scrolling only when it leaves
        it), live and in a replay; panning or zooming by hand turns this off."""
        if on == self.follower.on:
            return
        self.follower.on = on
        if on:
            self.follower.keep_current_in_view()
        else:
            self.follower.stop()
        self.followChanged.emit(on)

    def widget(self) -> QWidget:
        """The canvas as its parts see it (:class:`~.host.CanvasHost`): the parent of what
        they make."""
        return self

    @property
    def following(self) -> bool:
        """True while the view keeps the current node in sight."""
        return self.follower.on

    def set_scroll_ms(self, ms: int) -> None:
        """How long a replay's glide to the current node takes (``SCROLL_MS``)."""
        self.follower.set_duration(ms)

    def step_node(self, *, newest: bool = True) -> int | None:
        """The node of the moment's event (before the first event: NONE, or with
        ``newest`` the newest node); None when there is no tree."""
        model = self.tree_item.model
        now = model.now
        if now is None or model.limit == 0:
            return None
        n = now.current()
        return model.limit - 1 if n == NONE and newest else n

    def show_step(self) -> None:
        """Bring the node of the moment's event into view (before the first event: fit
        the tree). Following stays as it is."""
        if self.step_node() is None:
            return
        self.follower.show_step()
        self.signposts.update()  # (the note goes with the blank view)

    @property
    def shows_nothing(self) -> bool:
        """True when the note "No part of the tree is in view" is up."""
        return self.signposts.note.isVisible()

    @property
    def step_pointer(self) -> str:
        """Where the pointer to the step's node points ("left", "right", "up", "down"),
        or "" when it is not shown."""
        pointer = self.signposts.pointer
        return pointer.direction if pointer.isVisible() else ""

    def _legend(self) -> LegendItems:
        return recording_legend(
            self.tree_item.model.recording, bool(self.tree_item.strategy), search=self.search_legend
        )

    def _update_legend(self, items: LegendItems | None = None) -> None:
        """The legend says what the tree shows (``items``, else worked out now): the
        marks the search has (see
        :func:`~gamesearch_gui.core.narration.legend.recording_legend`), MAX's strategy,
        and the players of a game of n players (only them under a drawing,
        ``search_legend`` False)."""
        rec = self.tree_item.model.recording
        strips = self.strips
        strips.legend.items = self._legend() if items is None else items
        if not self.search_legend:
            strips.set_legend_visible(rec is not None and bool(rec.players))
        strips.set_margins()
        strips.place()
        strips.legend.update()
        self.tree_item.update()

    def follow_legend(self) -> None:
        """A growing search: the legend gains an entry when the search first has its
        mark (its first cutoff, chance node, value from the table, edge tried first)."""
        items = self._legend()
        if items != self.strips.legend.items:
            self._update_legend(items)

    def legend_items(self) -> LegendItems:
        """What the legend under the tree explains: (key, words) of each entry."""
        return self.strips.legend.items

    def set_legend_visible(self, on: bool) -> None:
        """Show or hide the legend strip under the tree."""
        self.strips.set_legend_visible(on)

    def set_header_visible(self, on: bool) -> None:
        """Show or hide the iteration header above the tree (a drawn tree has no search)."""
        self.strips.set_header_visible(on)

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

    def _export(self, write: export.Writer, path: str, in_view: bool) -> None:
        if in_view:
            shown = self.mapToScene(self.viewport().rect()).boundingRect()
            region = export.legible_region(self.tree_item, shown)
            write(self.tree_item, path, self.font(), region)
        else:
            export.export_shown(write, self.tree_item, path, self.font())

    def copy_to_clipboard(self) -> None:
        """Copy what the view shows, as an image, without the selection and "this step"
        rings (as every export)."""
        with self.tree_item.marks_hidden():
            image = self.grab().toImage()
        self.tree_item.update()
        QGuiApplication.clipboard().setImage(image)

    # -- extras

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
        self.mouse.press(event)
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        self.mouse.move(event)
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        super().mouseReleaseEvent(event)
        self.mouse.release(event)

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        if self.mouse.double_click(event):
            event.accept()
        else:
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

    def scrollContentsBy(self, dx: int, dy: int) -> None:
        super().scrollContentsBy(dx, dy)
        if dx:
            self._update_header(force=True)
        self.viewChanged.emit()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.strips.resized()
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

    def _user_navigated(self, *_: object) -> None:
        super()._user_navigated()
        # A glide to the step's node ends there, not half-way over empty space.
        self.follower.finish_glide()
        if self.follower.on:
            self.follower.on = False
            self.followChanged.emit(False)

    def _scales_changed(self) -> None:
        self.strips.header.update()

    def _update_header(self, force: bool = False) -> None:
        self.strips.update_header(force)

    def _flush(self) -> None:
        """Repaint what new moments changed (at most every ``REPAINT_INTERVAL_MS``: each
        repaint is a call into Python that may wait for the GIL)."""
        if self._dirty is not None:
            self.tree_item.update(self._dirty)
            self._dirty = None

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
