"""The search tree panel: the tree canvas with its replay controls, explanation, log and details.

The main window hands it a ``SearchRecording`` (live while the search runs into it, or
finished when reopened from the move history) and reports how many events are
published. Everything shown is a function of (recording, moment): the canvas, the
sentence explaining the last event, the log and the node details all follow the one
moment the ``ReplayController`` keeps, so a replay from the start, the live view and the
view after the end agree node for node.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from PySide6.QtCore import QSettings
from PySide6.QtCore import Qt
from PySide6.QtCore import Signal
from PySide6.QtCore import Slot
from PySide6.QtGui import QAction
from PySide6.QtGui import QKeySequence
from PySide6.QtGui import QShortcut
from PySide6.QtWidgets import QHBoxLayout
from PySide6.QtWidgets import QLabel
from PySide6.QtWidgets import QSizePolicy
from PySide6.QtWidgets import QStackedWidget
from PySide6.QtWidgets import QToolButton
from PySide6.QtWidgets import QVBoxLayout
from PySide6.QtWidgets import QWidget

from gamesearch_gui.core.narration.line import step_line
from gamesearch_gui.core.recording.depth_first import NONE
from gamesearch_gui.core.recording.depth_first import SearchRecording
from gamesearch_gui.core.recording.mcts import AnyRecording
from gamesearch_gui.core.recording.mcts import MctsRecording
from gamesearch_gui.core.recording.moment import Moment
from gamesearch_gui.ui.actions import Owner
from gamesearch_gui.ui.actions import build_actions
from gamesearch_gui.ui.mcts.page import MctsPage
from gamesearch_gui.ui.text import breakable
from gamesearch_gui.ui.throttle import RateLimiter
from gamesearch_gui.ui.tree.canvas import TreeCanvas
from gamesearch_gui.ui.tree.exporter import TreeExporter
from gamesearch_gui.ui.tree.iterations import IterationChooser
from gamesearch_gui.ui.tree.notes import cap_banner
from gamesearch_gui.ui.tree.notes import show_cap
from gamesearch_gui.ui.tree.notes import show_strategy
from gamesearch_gui.ui.tree.notes import strategy_note
from gamesearch_gui.ui.tree.replay import ReplayBar
from gamesearch_gui.ui.tree.replay import ReplayController
from gamesearch_gui.ui.tree.side import NODE_TAB
from gamesearch_gui.ui.tree.side import STEPS_TAB
from gamesearch_gui.ui.tree.side import TreeSide
from gamesearch_gui.ui.tree.side import TreeSplit
from gamesearch_gui.ui.tree.title import SearchTitle
from gamesearch_gui.ui.tree.view_bar import TreeViewBar
from gamesearch_gui.ui.widgets import connect_plain

__all__ = ["NODE_TAB", "STEPS_TAB", "TreePage"]

#: What the panel says when there is no tree to show.
EMPTY_TEXT: Final = "The AI's search tree appears here while it thinks."
#: What the title adds for a fail-hard search.
FAIL_HARD_NOTE: Final = "alpha-beta, fail-hard"
#: The title's note on a search by the strict pruning rule: no cut on an equal value.
STRICT_NOTE: Final = "strict rule (CS188)"
#: Most updates a second of the event log while it follows a running search.
LOG_UPDATES_PER_S: Final = 10
_EXPLANATION_STYLE: Final = (
    "QLabel#explanation { background: palette(alternate-base);"
    " border-left: 4px solid palette(highlight); padding: 3px 8px; }"
)


def _enlarge(label: QLabel) -> None:
    """Write ``label`` a little larger than the window's text (it is what to read)."""
    font = label.font()
    font.setPointSizeF(font.pointSizeF() * 1.15)
    label.setFont(font)


def _explanation_label() -> QLabel:
    """The line that says what the step did: two lines' room, so that the layout does
    not jump as sentences of both lengths pass by."""
    label = QLabel()
    label.setObjectName("explanation")
    label.setStyleSheet(_EXPLANATION_STYLE)
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    label.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum)
    _enlarge(label)
    label.setAccessibleName("What the search just did")
    label.setMinimumHeight(label.fontMetrics().lineSpacing() * 2 + 8)
    return label


class TreePage(QWidget):
    """The search tree of the AI's last (or running) search, replayable event by event.

    Its parts: the replay bar and Follow on top; the explanation of the step with the
    title, the list of searches and of iterations (``IterationChooser``); the canvas
    with its notes (:mod:`.notes`) and its own toolbar (``TreeViewBar``); beside it the
    map, the node's details and the list of steps (``TreeSide``, in a ``TreeSplit``).
    """

    #: The node cap for the next search changed (an int, or None for no limit).
    nodeCapChanged = Signal(object)
    #: The person chose a search in the list of searches: its key (``list_searches``).
    searchChosen = Signal(object)
    #: Whether the page holds a search whose replay can be written as a web page
    #: (:attr:`page_exportable`) changed: the menus' Export replay as web page follow it.
    pageExportable = Signal(bool)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("searchTreePanel")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.recording: SearchRecording | None = None
        #: The MCTS search shown instead (on a page of its own), if any.
        self.mcts_recording: MctsRecording | None = None
        self.controller = ReplayController(self)
        top = self._build_replay_row()
        explain_row = self._build_explanation_row()
        self.canvas = TreeCanvas()
        self.side = TreeSide(self.canvas)
        self.minimap, self.details, self.log = self.side.minimap, self.side.details, self.side.log
        self.tabs, self.cap_box, self.cap_label = (
            self.side.tabs,
            self.side.cap_box,
            self.side.cap_label,
        )
        self.cap_box.valueChanged.connect(lambda _v: self.nodeCapChanged.emit(self.cap_box.cap()))
        self._log_updates = RateLimiter(self.log, LOG_UPDATES_PER_S, self._update_log)
        self.banner = cap_banner()
        self.strategy_note = strategy_note()
        self._build_view_bar()
        self.splitter = TreeSplit(self._tree_column(), self.side, self.act_side)
        self.reset_layout()
        self._build_stack()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.setSpacing(4)
        layout.addLayout(top)
        layout.addLayout(explain_row)
        layout.addWidget(self.stack, 1)
        self._connect()
        self._shortcuts()
        self.clear()

    def _build_replay_row(self) -> QHBoxLayout:
        """The replay bar, and Follow beside it."""
        self.replay_bar = ReplayBar(self.controller)
        self.act_follow = QAction("Follow", self)
        self.act_follow.setCheckable(True)
        self.act_follow.setChecked(True)
        self.act_follow.setToolTip(
            "Keep the node of the current step in view, while the search runs and in a "
            "replay (panning or zooming by hand turns this off)"
        )
        self.act_follow.toggled.connect(self._follow_toggled)
        self.follow_button = QToolButton()
        self.follow_button.setDefaultAction(self.act_follow)
        self.follow_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.follow_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        top = QHBoxLayout()
        top.setContentsMargins(0, 0, 0, 0)
        top.addWidget(self.replay_bar, 1)
        top.addWidget(self.follow_button)
        return top

    def _build_explanation_row(self) -> QHBoxLayout:
        """What the step did; beside it the title (or the list of searches) and the list
        of iterations."""
        self.explanation = _explanation_label()
        self.search_title = SearchTitle(self)
        self.title_label = self.search_title.label
        self.iterations = IterationChooser()
        self.iteration_box = self.iterations.box
        self.iteration_box.activated.connect(self._iteration_chosen)
        self.search_box = self.search_title.box
        self.search_title.chosen.connect(self.searchChosen)
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.explanation, 1)
        for widget in (
            self.title_label,
            self.search_box,
            self.iteration_box,
        ):
            row.addWidget(widget)
        return row

    def _build_view_bar(self) -> None:
        """The tree's own toolbar; its actions are the page's too."""
        # MAX's strategy is declared in ui/actions.py (the window's View menu shows it too).
        strategy = build_actions(Owner.TREE_PAGE, self)["view.strategy"]
        bar = self.view_bar = TreeViewBar(self.canvas, self, strategy)
        self.act_zoom_in, self.act_zoom_out = bar.act_zoom_in, bar.act_zoom_out
        self.act_fit, self.act_reset_zoom = bar.act_fit, bar.act_reset_zoom
        self.act_expand, self.act_whole = bar.act_expand, bar.act_whole
        self.act_export_svg, self.act_export_png = bar.act_export_svg, bar.act_export_png
        self.act_copy, self.export_menu = bar.act_copy, bar.export_menu
        self.export_button = bar.export_button
        self.act_side, self.act_strategy = bar.act_side, bar.act_strategy
        self.act_whole.toggled.connect(self._whole_toggled)
        self.exporter = TreeExporter(
            self.canvas, self, lambda: self.title, lambda: self.controller.published
        )
        connect_plain(self.act_export_svg.triggered, self.exporter.export_svg)
        connect_plain(self.act_export_png.triggered, self.exporter.export_png)
        connect_plain(bar.act_export_page.triggered, self.exporter.export_page)

    def _tree_column(self) -> QWidget:
        """The notes over the tree, and the toolbar beside it."""
        canvas_row = QHBoxLayout()
        canvas_row.setContentsMargins(0, 0, 0, 0)
        canvas_row.setSpacing(0)
        canvas_row.addWidget(self.view_bar)
        canvas_row.addWidget(self.canvas, 1)
        column = QWidget()
        layout = QVBoxLayout(column)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(self.banner)
        layout.addWidget(self.strategy_note)
        layout.addLayout(canvas_row, 1)
        return column

    def _build_stack(self) -> None:
        """One of: the message when there is no tree, the tree, the MCTS page."""
        self.empty_label = QLabel(EMPTY_TEXT)
        self.empty_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty_label.setWordWrap(True)
        self.empty_label.setStyleSheet("color: palette(dark);")
        _enlarge(self.empty_label)
        self.stack = QStackedWidget()
        self.stack.addWidget(self.empty_label)
        self.stack.addWidget(self.splitter)
        self.mcts = MctsPage(self.controller)
        self.stack.addWidget(self.mcts)

    def _connect(self) -> None:
        self.canvas.nodeClicked.connect(self._node_clicked)
        self.canvas.nodeClicked.connect(lambda _n: self.tabs.setCurrentIndex(NODE_TAB))
        self.canvas.followChanged.connect(self._follow_changed)
        self.canvas.foldsChanged.connect(self._folds_changed)
        self.canvas.jumpRequested.connect(self._jump_to_node)
        self.details.jumpRequested.connect(self.controller.seek)
        self.log.jumpRequested.connect(self.controller.seek)
        self.controller.momentChanged.connect(self._moment_changed)
        self.controller.stateChanged.connect(self._state_changed)

    def _shortcuts(self) -> None:
        # Each with what it does, which Help > Keyboard shortcuts lists.
        keys = (
            (Qt.Key.Key_Space, self.controller.toggle_play, "play or pause the replay"),
            (Qt.Key.Key_Left, self.controller.step_back, "one event back"),
            (Qt.Key.Key_Right, self.controller.step_forward, "one event forward"),
            (Qt.Key.Key_Home, self.controller.go_start, "to the start"),
            (Qt.Key.Key_End, self.controller.go_end, "to the last event"),
            (Qt.Key.Key_W, self.act_whole.trigger, "the whole tree, or the folded view again"),
        )
        self._keys = []
        for key, slot, words in keys:
            shortcut = QShortcut(QKeySequence(key), self)
            shortcut.setWhatsThis(words)
            # Only while the panel (or a child) has focus: the board keeps its own keys.
            shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            shortcut.activated.connect(slot)
            self._keys.append(shortcut)

    # -- the main window's side --------------------------------------------------------

    @property
    def shown(self) -> AnyRecording | None:
        """The recording shown, of either kind."""
        return self.recording if self.recording is not None else self.mcts_recording

    def show_recording(self, recording: AnyRecording, *, live: bool, title: str = "") -> None:
        """Show ``recording``: following it as it grows (live), or at its end (finished)."""
        if isinstance(recording, MctsRecording):
            self._show_mcts(recording, live=live, title=title)
            return
        self.mcts_recording = None
        self.mcts.set_recording(None)
        self.recording = recording
        # Fail-hard: the values drawn are not the usual (fail-soft) ones; the strict rule:
        # the cuts are not the textbook's.
        note = FAIL_HARD_NOTE if recording.fail_hard else STRICT_NOTE if recording.strict else ""
        self.search_title.show(title, note)
        self.stack.setCurrentWidget(self.splitter)
        self.explanation.show()
        self._set_enabled(True)
        self.iterations.forget()
        self.canvas.set_recording(recording)
        self._log_updates.cancel()
        self.log.set_recording(recording, 0)
        self.details.set_recording(recording)
        # Live: only what the worker has published may be read; the rest is being written.
        published = 0 if live else recording.event_count
        self.canvas.live = live
        self.controller.reset(published, live=live, finished=not live, moment=published)
        self.canvas.set_follow(True)  # each new tree starts followed
        if not live:
            self._select_root()
        self._update_published()
        self._update_strategy()
        self._exportable_changed()

    def _show_mcts(self, recording: MctsRecording, *, live: bool, title: str) -> None:
        """The MCTS page, following ``recording`` (live) or at its end."""
        self.recording = None
        self.canvas.set_recording(None)
        self.log.set_recording(None)
        self.details.set_recording(None)
        self.mcts_recording = recording
        self.search_title.show(title, "")
        self.banner.hide()
        self.strategy_note.hide()
        self.iterations.set_shown(False)
        self.stack.setCurrentWidget(self.mcts)
        self.explanation.show()
        self._set_enabled(True)
        self.mcts.set_recording(recording)
        published = 0 if live else recording.event_count
        self.controller.reset(published, live=live, finished=not live, moment=published)
        if not live:
            self.mcts.select(0 if recording.node_count else None)
        self._explain(self.controller.moment)
        self._exportable_changed()

    def set_published(self, count: int) -> None:
        """The running search has ``count`` events ready to show."""
        if self.shown is None or self.controller.finished:
            return
        self.controller.set_published(count)

    def finish(self) -> None:
        """The search ended: show its end (unless the person is replaying) and its best line."""
        if self.mcts_recording is not None:
            self.controller.finish(self.mcts_recording.event_count)
            self.mcts.finished()
            if self.mcts.details.node is None:
                self.mcts.select(0)
            self._explain(self.controller.moment)
            return
        recording = self.recording
        if recording is None:
            return
        self.controller.finish(recording.event_count)
        self.canvas.live = False
        self.canvas.finished()
        # The end, exactly, whatever the rates (a hidden one catches up when shown).
        self._log_updates.flush()
        self.minimap.refresh()
        if self.details.node is None:
            self._select_root()
        self._update_published()
        self._update_strategy()
        self._explain(self.controller.moment)

    def clear(self, message: str = "") -> None:
        """No tree: a friendly message in its place."""
        self.recording = None
        self.mcts_recording = None
        self.mcts.set_recording(None)
        self.canvas.set_recording(None)
        self._log_updates.cancel()
        self.log.set_recording(None)
        self.details.set_recording(None)
        self.controller.reset(0, live=False, finished=True, moment=0)
        self.empty_label.setText(message or EMPTY_TEXT)
        self.stack.setCurrentWidget(self.empty_label)
        self.explanation.setText("")
        self.explanation.hide()
        self.search_title.show("", "")
        self.banner.hide()
        self.iterations.forget()
        self.iterations.set_shown(False)
        self._update_strategy()
        self._set_enabled(False)
        self._exportable_changed()

    @property
    def page_exportable(self) -> bool:
        """Whether there is a replay to write as a web page: a search of the minimax
        family shown (Monte Carlo tree search's replay stays in the app)."""
        return self.recording is not None

    def _exportable_changed(self) -> None:
        """Enable the Export menu's web page as there is a replay to write, and say so."""
        exportable = self.page_exportable
        self.view_bar.act_export_page.setEnabled(exportable)
        self.pageExportable.emit(exportable)

    def list_searches(self, entries: Sequence[tuple[object, str]], current: object) -> None:
        """Offer ``entries`` (key, title) as the searches the tree can show, ``current``
        chosen (None: none of them); no entries, no list (the title says what is shown)."""
        self.search_title.list_searches(entries, current)

    @property
    def title(self) -> str:
        """What is shown, as its title says it."""
        return self.search_title.text

    def node_cap(self) -> int | None:
        """The node cap the next recording should use (None: no limit)."""
        return self.cap_box.cap()

    def set_node_cap(self, cap: int | None) -> None:
        """Show ``cap`` in the spin box (a remembered setting)."""
        self.cap_box.set_cap(cap)

    @property
    def moment(self) -> int:
        """How many events have happened at the moment shown."""
        return self.controller.moment

    # -- following the moment ----------------------------------------------------------

    @Slot(int)
    def _moment_changed(self, k: int) -> None:
        if self.mcts_recording is not None:
            controller = self.controller
            self.mcts.set_moment(k, steady=controller.live or controller.playing)
            self._explain(k)
            return
        if self.recording is None:
            return
        self.canvas.set_moment(k)
        if self.controller.live:
            self._log_updates.request()
        else:
            self._log_updates.flush()
        self.details.set_moment(k, self.controller.published)
        self._explain(k)

    def _update_log(self) -> None:
        self.log.set_count(self.controller.moment)

    @Slot()
    def _state_changed(self) -> None:
        if self.recording is None:
            return
        self.canvas.live = self.controller.live
        self.details.set_moment(self.controller.moment, self.controller.published)
        self._update_published()

    def _explain(self, k: int) -> None:
        recording = self.shown
        if recording is None:
            return
        c = self.controller
        text = step_line(recording, k, starting=c.live and not c.published, over=c.finished)
        self.explanation.setText(breakable(text) if k else text)

    def _update_published(self) -> None:
        """What depends on how much is published: the iterations, the legend's entries
        (a mark the search has by now) and the cap banner."""
        if self.recording is not None:
            self.iterations.update(self.recording, self.controller.published)
            self.canvas.follow_legend()
        show_cap(self.banner, self.recording, self.controller.finished)

    # -- layout ------------------------------------------------------------------------

    def remember_layout(self, store: QSettings, key: str) -> None:
        """Restore the side panel's width, tab and visibility from ``store`` under
        ``key``, and keep them there as the person changes them."""
        self.splitter.remember_layout(store, key, self.width())

    def reset_layout(self) -> None:
        """The side panel shown, on the Node tab, with ``SIDE_SHARE`` of the width."""
        self.splitter.reset_layout(self.width())

    def _strategy_toggled(self, on: bool) -> None:
        self._update_strategy()

    def _update_strategy(self) -> None:
        """Highlight MAX's strategy (or nothing), and say what it is in the note."""
        on = self.act_strategy.isChecked()
        strategy = show_strategy(self.strategy_note, self.recording, on)
        self.canvas.set_strategy(strategy.nodes if strategy is not None else frozenset())

    def _follow_toggled(self, on: bool) -> None:
        self.canvas.set_follow(on)
        if on and self.mcts_recording is not None:
            self.mcts.fit()

    def _follow_changed(self, on: bool) -> None:
        if self.act_follow.isChecked() != on:
            self.act_follow.setChecked(on)

    def _whole_toggled(self, on: bool) -> None:
        if on == self.canvas.folds_active:
            self.canvas.show_whole_tree(on)

    def _folds_changed(self) -> None:
        whole = not self.canvas.folds_active
        if self.act_whole.isChecked() != whole:
            self.act_whole.blockSignals(True)
            self.act_whole.setChecked(whole)
            self.act_whole.blockSignals(False)

    # -- the person's side -------------------------------------------------------------

    def select_node(self, n: int | None) -> None:
        """Outline node ``n`` in the tree and show its details (None: no node)."""
        self.canvas.set_selected(n)
        self.details.set_node(n)

    @Slot(int)
    def _node_clicked(self, n: int) -> None:
        self.select_node(n if n >= 0 else None)

    @Slot(int)
    def _jump_to_node(self, n: int) -> None:
        """Replay from the moment the search reached node ``n``."""
        recording = self.recording
        if recording is None or not 0 <= n < recording.node_count:
            return
        self._node_clicked(n)
        self.controller.seek(recording.entered_at[n] + 1)

    def _select_root(self) -> None:
        """Show the root's details (value and best move) when nothing is chosen yet."""
        recording = self.recording
        if recording is None:
            return
        line = recording.principal_variation()
        root = (
            line[0] if line else (Moment(recording, self.controller.moment).roots() or [NONE])[-1]
        )
        if root != NONE:
            self._node_clicked(root)

    @Slot(int)
    def _iteration_chosen(self, index: int) -> None:
        if index <= 0:
            self.canvas.fit_all()
        else:
            self.canvas.fit_iteration(index - 1)

    def _set_enabled(self, on: bool) -> None:
        self.replay_bar.setEnabled(on)
        self.view_bar.setEnabled(on)
        self.act_follow.setEnabled(on)
