"""The search tree panel: the tree canvas with its replay controls, explanation, log and details.

The main window hands it a ``SearchRecording`` (live while the search runs into it, or
finished when reopened from the move history) and reports how many events are
published. Everything shown is a function of (recording, moment): the canvas, the
sentence explaining the last event, the log and the node details all follow the one
moment the ``ReplayController`` keeps, so a replay from the start, the live view and the
view after the end agree node for node.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, Final

from PySide6.QtCore import QByteArray, QPointF, QSettings, QSize, Qt, Signal, Slot
from PySide6.QtGui import QAction, QKeySequence, QPainter, QPen, QPixmap, QShortcut, QValidator
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QMenu,
    QMessageBox,
    QSizePolicy,
    QSpinBox,
    QSplitter,
    QStackedWidget,
    QTabWidget,
    QToolBar,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from gamesearch_gui.core.files import describe
from gamesearch_gui.core.recording.depth_first import DEFAULT_NODE_CAP, NONE, SearchRecording
from gamesearch_gui.core.recording.mcts import AnyRecording, MctsRecording
from gamesearch_gui.core.recording.mcts_text import describe_event
from gamesearch_gui.core.recording.moment import Moment
from gamesearch_gui.core.strategy import max_strategy
from gamesearch_gui.ui.mcts.page import MctsPage as MctsView
from gamesearch_gui.ui.palette import HINT_COLOUR
from gamesearch_gui.ui.text import ElidedLabel, breakable, tooltip
from gamesearch_gui.ui.throttle import RateLimiter
from gamesearch_gui.ui.tree.canvas import TreeCanvas
from gamesearch_gui.ui.tree.details import NodeDetails, principal_variation_text
from gamesearch_gui.ui.tree.event_log import EventLogView
from gamesearch_gui.ui.tree.export import IllegibleExport
from gamesearch_gui.ui.tree.minimap import TreeMinimap
from gamesearch_gui.ui.tree.replay import ReplayBar, ReplayController
from gamesearch_gui.ui.widgets import connect_plain

#: What the panel says when there is no tree to show.
EMPTY_TEXT: Final = "The AI's search tree appears here while it thinks."
#: What the list of searches is, in its tooltip.
SEARCH_LIST_TIP: Final = (
    "The searches this tree can show: the AI's moves, and the searches of your moves "
    "that Show move values and Hint run"
)
#: What the title adds for a fail-hard search.
FAIL_HARD_NOTE: Final = "alpha-beta, fail-hard"
#: The explanation before the first event.
START_TEXT: Final = "Press play or step to watch the search"
#: The spin box value that stands for "no limit" (above every power-of-ten step).
NO_LIMIT: Final = 1_000_000_000
#: Most updates a second of the event log while it follows a running search.
LOG_UPDATES_PER_S: Final = 10
#: The side panel's share of the panel's width by default (the tree has the rest).
SIDE_SHARE: Final = 0.3
#: The side panel's narrowest (pixels); below it the splitter folds it away.
SIDE_MIN_WIDTH: Final = 240
#: The side panel's tabs, in order.
NODE_TAB, STEPS_TAB = 0, 1
#: Node caps the spin box steps through.
CAP_STEPS: Final = (10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, NO_LIMIT)

_BANNER_STYLE: Final = (
    "QLabel#capBanner { background: #fff3cd; color: #5c4400; border: 1px solid #e8cf7a;"
    " border-radius: 3px; padding: 3px 6px; }"
)
_STRATEGY_STYLE: Final = (
    "QLabel#strategyNote { background: palette(alternate-base);"
    " border-left: 4px solid #0e9aa7; padding: 2px 8px; }"
)
#: What the strategy note says while there is no finished search to read it from.
STRATEGY_WAIT_TEXT: Final = "MAX's strategy is shown once the search is over."
_EXPLANATION_STYLE: Final = (
    "QLabel#explanation { background: palette(alternate-base);"
    " border-left: 4px solid palette(highlight); padding: 3px 8px; }"
)


class NodeCapSpinBox(QSpinBox):
    """How many nodes the next recording keeps: steps by powers of ten, "No limit" on top."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setRange(CAP_STEPS[0], NO_LIMIT)
        self.setValue(DEFAULT_NODE_CAP)
        self.setKeyboardTracking(False)
        # Not on the Tab chain's way in: focus here would swallow the replay's arrow keys.
        self.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
        self.setMinimumWidth(
            self.fontMetrics().horizontalAdvance(self.textFromValue(10_000_000)) + 40
        )
        self.setAccessibleName("Keep at most this many nodes")
        self.setToolTip(
            "How many nodes the tree keeps for the next search (memory: about 100 bytes "
            "each). Past the cap the tree stops growing; the statistics still count every node."
        )

    def cap(self) -> int | None:
        """The cap chosen, None for no limit."""
        value = self.value()
        return None if value >= NO_LIMIT else value

    def set_cap(self, cap: int | None) -> None:
        """Show ``cap`` (None: no limit)."""
        self.setValue(NO_LIMIT if cap is None else min(max(cap, CAP_STEPS[0]), NO_LIMIT - 1))

    def stepBy(self, steps: int) -> None:
        """Go to the next power of ten up or down (from any value typed in between)."""
        value = self.value()
        for _ in range(abs(steps)):
            if steps > 0:
                value = next((s for s in CAP_STEPS if s > value), NO_LIMIT)
            else:
                value = next((s for s in reversed(CAP_STEPS) if s < value), CAP_STEPS[0])
        self.setValue(value)

    def textFromValue(self, value: int) -> str:
        """The text shown: "1,000,000 nodes", or "No limit"."""
        return "No limit" if value >= NO_LIMIT else f"{value:,} nodes"

    def valueFromText(self, text: str) -> int:
        """The number typed (separators and the word "nodes" allowed), or no limit."""
        return self._parse(text) or self.value()

    def validate(self, text: str, pos: int) -> Any:
        """Acceptable: a number in range, or "No limit"; anything on the way is intermediate."""
        words = text.strip().lower()
        if words == "no limit":
            return QValidator.State.Acceptable, text, pos
        if "no limit".startswith(words) or "nodes".startswith(words.lstrip("0123456789, ")):
            value = self._parse(text)
            if value is not None and CAP_STEPS[0] <= value <= NO_LIMIT:
                return QValidator.State.Acceptable, text, pos
            return QValidator.State.Intermediate, text, pos
        return QValidator.State.Invalid, text, pos

    @staticmethod
    def _parse(text: str) -> int | None:
        words = text.strip().lower()
        if words.startswith("no"):
            return NO_LIMIT
        digits = re.sub(r"[^0-9]", "", words)
        return int(digits) if digits and len(digits) < 11 else None


def _dashed_line_icon(height: int) -> QPixmap:
    """A short dashed line, as the canvas draws the "tried first" edges."""
    pixmap = QPixmap(QSize(28, height))
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    pen = QPen(HINT_COLOUR, 2, Qt.PenStyle.DashLine)
    painter.setPen(pen)
    painter.drawLine(QPointF(1, height / 2), QPointF(27, height / 2))
    painter.end()
    return pixmap


class SearchTreePanel(QWidget):
    """The search tree of the AI's last (or running) search, replayable event by event."""

    #: The node cap for the next search changed (an int, or None for no limit).
    nodeCapChanged = Signal(object)
    #: The person chose a search in the list of searches: its key (``list_searches``).
    searchChosen = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("searchTreePanel")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.recording: SearchRecording | None = None
        #: The MCTS search shown instead (on a page of its own), if any.
        self.mcts_recording: MctsRecording | None = None
        self.title = ""
        self._iteration_texts: list[str] = []

        self.controller = ReplayController(self)
        self.replay_bar = ReplayBar(self.controller)
        self.cap_box = NodeCapSpinBox()
        self.cap_box.valueChanged.connect(self._cap_changed)
        self.cap_label = cap_label = QLabel("Keep at most")
        cap_label.setBuddy(self.cap_box)
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

        self.explanation = QLabel()
        self.explanation.setObjectName("explanation")
        self.explanation.setStyleSheet(_EXPLANATION_STYLE)
        self.explanation.setWordWrap(True)
        self.explanation.setTextFormat(Qt.TextFormat.PlainText)
        self.explanation.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.explanation.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum)
        font = self.explanation.font()
        font.setPointSizeF(font.pointSizeF() * 1.15)
        self.explanation.setFont(font)
        self.explanation.setAccessibleName("What the search just did")
        metrics = self.explanation.fontMetrics()
        # Two lines reserved: the layout must not jump as sentences of both lengths pass by.
        self.explanation.setMinimumHeight(metrics.lineSpacing() * 2 + 8)
        self.title_label = ElidedLabel()
        self.title_label.setStyleSheet("color: palette(dark);")  # a caption, not news
        # Beside the explanation, which needs the room more.
        self.title_label.setMaximumWidth(self.title_label.fontMetrics().averageCharWidth() * 40)
        self.iteration_box = QComboBox()
        self.iteration_box.setToolTip(
            "Iterative deepening searched once per depth: the iterations stand side by "
            "side. Choose one to fit it in view."
        )
        self.iteration_box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.iteration_box.activated.connect(self._iteration_chosen)
        # The host's searches, when it keeps more than one to show (the main window's
        # AI moves and analyses of the person's moves); else the title says which.
        self.search_box = QComboBox()
        self.search_box.setObjectName("searchList")
        self.search_box.setAccessibleName("Search shown")
        self.search_box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.search_box.setMaximumWidth(self.title_label.maximumWidth())
        self.search_box.setFocusPolicy(Qt.FocusPolicy.ClickFocus)  # the arrows replay
        self.search_box.activated.connect(self._search_chosen)
        self.search_box.hide()
        self._search_keys: list[object] = []
        self._title_note = ""
        self.legend = QLabel()
        self.legend.setText("tried first")
        self.legend_icon = QLabel()
        self.legend_icon.setPixmap(_dashed_line_icon(self.legend.fontMetrics().height()))
        for widget in (self.legend, self.legend_icon):
            widget.setToolTip(
                "A dashed edge is a move tried first because it was on the previous "
                "depth's best line: ordering the likely best move first makes more cutoffs."
            )
        explain_row = QHBoxLayout()
        explain_row.setContentsMargins(0, 0, 0, 0)
        explain_row.addWidget(self.explanation, 1)
        explain_row.addWidget(self.title_label)
        explain_row.addWidget(self.search_box)
        explain_row.addWidget(self.iteration_box)
        explain_row.addWidget(self.legend_icon)
        explain_row.addWidget(self.legend)

        self.canvas = TreeCanvas()
        self.minimap = TreeMinimap(self.canvas)
        self.details = NodeDetails()
        self.log = EventLogView()
        self._log_updates = RateLimiter(self.log, LOG_UPDATES_PER_S, self._update_log)
        self.banner = QLabel()
        self.banner.setObjectName("capBanner")
        self.banner.setStyleSheet(_BANNER_STYLE)
        self.banner.setWordWrap(True)
        self.banner.hide()
        self.strategy_note = QLabel()
        self.strategy_note.setObjectName("strategyNote")
        self.strategy_note.setStyleSheet(_STRATEGY_STYLE)
        self.strategy_note.setWordWrap(True)
        self.strategy_note.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.strategy_note.hide()

        self.view_bar = QToolBar("Tree view")
        self.view_bar.setOrientation(Qt.Orientation.Vertical)
        self.view_bar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.act_zoom_in = self._view_action(
            "+", "Zoom in (or turn the mouse wheel over the tree)", self.canvas.zoom_in
        )
        self.act_zoom_out = self._view_action("−", "Zoom out", self.canvas.zoom_out)
        self.act_fit = self._view_action(
            "Fit", "Fit the tree, as it is folded, in view", self.canvas.fit_all
        )
        self.act_reset_zoom = self._view_action("1:1", "Actual size", self.canvas.reset_zoom)
        self.act_expand = self._view_action(
            "Expand",
            "Unfold one more level under every fold (a click on a fold's “+n” unfolds "
            "only that one)",
            self.canvas.expand_level,
        )
        self.act_whole = QAction("Whole tree", self)
        self.act_whole.setCheckable(True)
        self.act_whole.setToolTip(
            "The whole tree, nothing folded, fitted in view (W). Again: folded, the root, "
            "its moves and the best line, every other subtree one mark “+n” (n nodes)"
        )
        self.act_whole.toggled.connect(self._whole_toggled)
        self.view_bar.addAction(self.act_whole)
        self.act_export_svg = QAction("SVG…", self)
        self.act_export_svg.setToolTip("Save the whole tree as an SVG drawing")
        connect_plain(self.act_export_svg.triggered, self.export_svg)
        self.act_export_png = QAction("PNG…", self)
        self.act_export_png.setToolTip("Save the whole tree as a PNG image")
        connect_plain(self.act_export_png.triggered, self.export_png)
        self.act_copy = QAction("Copy view", self)
        self.act_copy.setToolTip("Copy what the view shows to the clipboard, as an image")
        connect_plain(self.act_copy.triggered, self.canvas.copy_to_clipboard)
        self.export_menu = QMenu("Export", self)
        self.export_menu.addActions([self.act_export_svg, self.act_export_png, self.act_copy])
        self.export_button = QToolButton()
        self.export_button.setText("Export")
        self.export_button.setToolTip("Save or copy the tree")
        self.export_button.setMenu(self.export_menu)
        self.export_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.view_bar.addSeparator()
        self.view_bar.addWidget(self.export_button)
        self.view_bar.addSeparator()
        self.act_side = QAction("Details", self)
        self.act_side.setCheckable(True)
        self.act_side.setChecked(True)
        self.act_side.setToolTip("Show or hide the node details and the list of steps")
        self.act_side.toggled.connect(self._side_toggled)
        self.view_bar.addAction(self.act_side)
        self.act_strategy = QAction("MAX's &strategy in the tree", self)
        self.act_strategy.setIconText("Strategy")  # on the tree's own toolbar
        self.act_strategy.setCheckable(True)
        self.act_strategy.setToolTip(
            "Highlight MAX's strategy in teal: MAX's move at every MAX node it can reach, "
            "whatever MIN (or chance) does; and say what it guarantees, or why the search "
            "left it incomplete"
        )
        self.act_strategy.toggled.connect(self._strategy_toggled)
        self.view_bar.addAction(self.act_strategy)

        canvas_row = QHBoxLayout()
        canvas_row.setContentsMargins(0, 0, 0, 0)
        canvas_row.setSpacing(0)
        canvas_row.addWidget(self.view_bar)
        canvas_row.addWidget(self.canvas, 1)
        canvas_column = QWidget()
        canvas_layout = QVBoxLayout(canvas_column)
        canvas_layout.setContentsMargins(0, 0, 0, 0)
        canvas_layout.setSpacing(2)
        canvas_layout.addWidget(self.banner)
        canvas_layout.addWidget(self.strategy_note)
        canvas_layout.addLayout(canvas_row, 1)

        # Beside the tree, one column: the map of the whole tree, then the chosen node
        # or the list of steps, as tabs.
        self.minimap.setMinimumHeight(60)
        self.minimap.setMaximumHeight(140)
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        self.tabs.addTab(self.details, "Node")
        self.tabs.addTab(self.log, "Steps")
        self.tabs.setTabToolTip(NODE_TAB, "The node you clicked: its moves, value and window")
        self.tabs.setTabToolTip(
            STEPS_TAB, "Every step of the search, in words: click one to go there"
        )
        self.side = QWidget()
        side_layout = QVBoxLayout(self.side)
        # A least width in the layout, not on the widget: a fixed minimum would stand in
        # for the layout's own, and the details (a position drawn under them, say) could
        # be squeezed narrower than they need and be cut at the edge.
        side_layout.addStrut(SIDE_MIN_WIDTH)
        side_layout.setContentsMargins(0, 0, 0, 0)
        side_layout.setSpacing(4)
        side_layout.addWidget(self.minimap)
        side_layout.addWidget(self.tabs, 1)
        # The node cap is for the next search: out of the replay's way, under the tabs.
        cap_row = QHBoxLayout()
        cap_row.setContentsMargins(4, 0, 0, 0)
        cap_row.addWidget(cap_label)
        cap_row.addWidget(self.cap_box, 1)
        side_layout.addLayout(cap_row)

        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.addWidget(canvas_column)
        self.splitter.addWidget(self.side)
        self.splitter.setStretchFactor(0, 1)
        self.splitter.setStretchFactor(1, 0)
        self.splitter.setCollapsible(0, False)
        self.splitter.splitterMoved.connect(self._splitter_moved)
        self._store: QSettings | None = None
        self._store_key = ""
        self.reset_layout()

        self.empty_label = QLabel(EMPTY_TEXT)
        self.empty_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty_label.setWordWrap(True)
        self.empty_label.setStyleSheet("color: palette(dark);")
        empty_font = self.empty_label.font()
        empty_font.setPointSizeF(empty_font.pointSizeF() * 1.15)
        self.empty_label.setFont(empty_font)
        self.stack = QStackedWidget()
        self.stack.addWidget(self.empty_label)
        self.stack.addWidget(self.splitter)
        self.mcts = MctsView(self.controller)
        self.stack.addWidget(self.mcts)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.setSpacing(4)
        layout.addLayout(top)
        layout.addLayout(explain_row)
        layout.addWidget(self.stack, 1)

        self.canvas.nodeClicked.connect(self._node_clicked)
        self.canvas.nodeClicked.connect(lambda _n: self.tabs.setCurrentIndex(NODE_TAB))
        self.canvas.followChanged.connect(self._follow_changed)
        self.canvas.foldsChanged.connect(self._folds_changed)
        self.tabs.currentChanged.connect(lambda _i: self._save_layout())
        self.canvas.jumpRequested.connect(self._jump_to_node)
        self.details.jumpRequested.connect(self.controller.seek)
        self.log.jumpRequested.connect(self.controller.seek)
        self.controller.momentChanged.connect(self._moment_changed)
        self.controller.stateChanged.connect(self._state_changed)
        self._shortcuts()
        self.clear()

    def _view_action(self, text: str, tip: str, slot: Any) -> QAction:
        action = self.view_bar.addAction(text)
        action.setToolTip(tip)
        connect_plain(action.triggered, slot)
        return action

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
        # Fail-hard: the values drawn are not the usual (fail-soft) ones.
        self._show_title(title, FAIL_HARD_NOTE if recording.fail_hard else "")
        self.stack.setCurrentWidget(self.splitter)
        self.explanation.show()
        self._set_enabled(True)
        self._iteration_texts = []
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

    def _show_mcts(self, recording: MctsRecording, *, live: bool, title: str) -> None:
        """The MCTS page, following ``recording`` (live) or at its end."""
        self.recording = None
        self.canvas.set_recording(None)
        self.log.set_recording(None)
        self.details.set_recording(None)
        self.mcts_recording = recording
        self._show_title(title, "")
        self.banner.hide()
        self.strategy_note.hide()
        self._show_iterations(False)
        self.stack.setCurrentWidget(self.mcts)
        self.explanation.show()
        self._set_enabled(True)
        self.mcts.set_recording(recording)
        published = 0 if live else recording.event_count
        self.controller.reset(published, live=live, finished=not live, moment=published)
        if not live:
            self.mcts.select(0 if recording.node_count else None)
        self._explain(self.controller.moment)

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
        self._show_title("", "")
        self.banner.hide()
        self._iteration_texts = []
        self._show_iterations(False)
        self._update_strategy()
        self._set_enabled(False)

    def list_searches(self, entries: Sequence[tuple[object, str]], current: object) -> None:
        """Offer ``entries`` (key, title) as the searches the tree can show, ``current``
        chosen (None: none of them); no entries, no list (the title says what is shown)."""
        box = self.search_box
        box.blockSignals(True)
        box.clear()
        self._search_keys = [key for key, _ in entries]
        for _, title in entries:
            box.addItem(title)
        index = self._search_keys.index(current) if current in self._search_keys else -1
        box.setCurrentIndex(index)
        shown = box.currentText()
        box.setToolTip(f"{tooltip(shown)}\n{SEARCH_LIST_TIP}" if shown else SEARCH_LIST_TIP)
        box.blockSignals(False)
        box.setVisible(bool(entries))
        self._sync_title()

    @Slot(int)
    def _search_chosen(self, index: int) -> None:
        if 0 <= index < len(self._search_keys):
            self.searchChosen.emit(self._search_keys[index])

    def _show_title(self, title: str, note: str) -> None:
        """Say what is shown: ``title``, and a ``note`` on how to read it."""
        self.title = " · ".join(part for part in (title, note) if part)
        self._title_note = note
        self._sync_title()

    def _sync_title(self) -> None:
        # With a list of searches, the list names the search: the label keeps the note.
        text = self._title_note if self.search_box.isVisibleTo(self) else self.title
        self.title_label.setText(text)
        self.title_label.setVisible(bool(text))

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
        if k == 0:
            published = self.controller.published
            text = "The search is starting…" if self.controller.live and not published else ""
            self.explanation.setText(text or START_TEXT)
            return
        if isinstance(recording, MctsRecording):
            text = describe_event(recording, k - 1)
        else:
            text = recording.describe(k - 1)
        if (
            isinstance(recording, SearchRecording)
            and self.controller.finished
            and k >= recording.event_count
            and recording.result is not None
        ):
            pv = principal_variation_text(recording)
            if pv:
                text += f"\nThe search is over. {pv}."
        self.explanation.setText(breakable(text))

    def _update_published(self) -> None:
        """What depends on how much is published: the iterations and the cap banner."""
        self._update_iterations()
        self._update_banner()

    def _update_iterations(self) -> None:
        recording = self.recording
        published = self.controller.published
        if recording is None:
            return
        texts = ["All iterations"]
        for it in recording.iterations:
            if it.started >= published:
                break
            if it.finished < published:
                if it.completed:
                    texts.append(f"depth {it.depth} ({it.nodes:,} nodes)")
                else:
                    texts.append(f"depth {it.depth} (stopped early)")
            elif recording.failure is not None:
                texts.append(f"depth {it.depth} (the search failed)")
            else:
                texts.append(f"depth {it.depth} (searching…)")
        if texts == self._iteration_texts:
            return
        box = self.iteration_box
        current = box.currentIndex()
        box.blockSignals(True)
        if len(texts) != box.count():
            box.clear()
            box.addItems(texts)
            box.setCurrentIndex(min(max(current, 0), len(texts) - 1))
        else:
            for i, text in enumerate(texts):
                box.setItemText(i, text)
        box.blockSignals(False)
        self._iteration_texts = texts
        self._show_iterations(len(texts) > 2)

    def _show_iterations(self, shown: bool) -> None:
        self.iteration_box.setVisible(shown)
        self.legend.setVisible(shown)
        self.legend_icon.setVisible(shown)

    def _update_banner(self) -> None:
        recording = self.recording
        if recording is None or not recording.capped:
            self.banner.hide()
            return
        kept = recording.node_count
        result = recording.result
        if result is not None and self.controller.finished:
            counted = f"of {result.stats.nodes:,}"
        else:
            counted = "; more nodes are coming"
        self.banner.setText(
            f"Showing the first {kept:,} nodes {counted}: the view stopped adding nodes at "
            "the cap; the statistics count them all. (Raise “Keep at most” to see more "
            "next time.)"
        )
        self.banner.show()

    # -- layout ------------------------------------------------------------------------

    def remember_layout(self, store: QSettings, key: str) -> None:
        """Restore the side panel's width, tab and visibility from ``store`` under
        ``key``, and keep them there as the person changes them."""
        sizes = store.value(f"{key}/splitter")
        tab = store.value(f"{key}/tab", NODE_TAB)
        shown = store.value(f"{key}/side", True)
        self._store, self._store_key = store, key
        if not (isinstance(sizes, QByteArray) and self.splitter.restoreState(sizes)):
            self.reset_layout()
        self.tabs.setCurrentIndex(NODE_TAB if str(tab) != str(STEPS_TAB) else STEPS_TAB)
        self.act_side.setChecked(str(shown).lower() not in ("false", "0"))

    def reset_layout(self) -> None:
        """The side panel shown, on the Node tab, with ``SIDE_SHARE`` of the width."""
        width = max(self.width(), 900)
        side = max(SIDE_MIN_WIDTH, round(width * SIDE_SHARE))
        self.splitter.setSizes([width - side, side])
        self.tabs.setCurrentIndex(NODE_TAB)
        self.act_side.setChecked(True)
        self.side.show()
        self._save_layout()

    def _save_layout(self) -> None:
        store = self._store
        if store is None:
            return
        key = self._store_key
        store.setValue(f"{key}/splitter", self.splitter.saveState())
        store.setValue(f"{key}/tab", self.tabs.currentIndex())
        store.setValue(f"{key}/side", self.act_side.isChecked())

    def _splitter_moved(self, *_: object) -> None:
        folded = self.splitter.sizes()[1] == 0
        if folded == self.act_side.isChecked():
            self.act_side.setChecked(not folded)  # dragged shut, or open again
        self._save_layout()

    def _strategy_toggled(self, on: bool) -> None:
        self._update_strategy()

    def _update_strategy(self) -> None:
        """Highlight MAX's strategy (or nothing), and say what it is in the note."""
        recording = self.recording
        on = self.act_strategy.isChecked() and recording is not None
        strategy = None
        if on and recording is not None and recording.result is not None:
            strategy = max_strategy(recording)
        self.canvas.set_strategy(strategy.nodes if strategy is not None else frozenset())
        self.strategy_note.setVisible(on)
        if on and recording is not None:
            if strategy is not None:
                text = strategy.describe(recording)
            elif recording.result is not None:
                text = "The search stopped before its root had a value: there is no strategy."
            else:
                text = STRATEGY_WAIT_TEXT
            self.strategy_note.setText(text)

    def _side_toggled(self, on: bool) -> None:
        if on and self.splitter.sizes()[1] == 0:
            total = sum(self.splitter.sizes())
            side = max(SIDE_MIN_WIDTH, round(total * SIDE_SHARE))
            self.splitter.setSizes([max(total - side, 1), side])
        self.side.setVisible(on)
        self._save_layout()

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

    @Slot(int)
    def _cap_changed(self, value: int) -> None:
        self.nodeCapChanged.emit(self.cap_box.cap())

    def _set_enabled(self, on: bool) -> None:
        self.replay_bar.setEnabled(on)
        self.view_bar.setEnabled(on)
        self.act_follow.setEnabled(on)

    # -- export ------------------------------------------------------------------------

    @Slot()
    def export_svg(self) -> None:
        """Ask where, then save the tree as SVG."""
        name = self._save_file_name("Export the search tree as SVG", "SVG drawings (*.svg)")
        if name:
            self._export(self.canvas.export_svg, _with_suffix(name, ".svg"))

    @Slot()
    def export_png(self) -> None:
        """Ask where, then save the tree as PNG."""
        name = self._save_file_name("Export the search tree as PNG", "PNG images (*.png)")
        if name:
            self._export(self.canvas.export_png, _with_suffix(name, ".png"))

    def _export(self, write: Any, path: str) -> None:
        """Write the whole tree to ``path``; one too big to read is exported as the part
        in view if the person says so (never as a strip without values)."""
        try:
            try:
                write(path)
            except IllegibleExport as whole:
                if self._ask_export_in_view(str(whole)):
                    write(path, in_view=True)
        except IllegibleExport as error:  # a safety net: the part in view is fitted to fit
            self._warn("Could not export the tree", str(error))
        except OSError as error:
            self._warn("Could not export the tree", describe(error, path))

    def _ask_export_in_view(self, why: str) -> bool:
        """Whether to export only the part of the tree in view (tests replace this: a
        box is modal)."""
        box = QMessageBox(self)
        box.setIcon(QMessageBox.Icon.Question)
        box.setWindowTitle("Export the search tree")
        box.setText(f"{why} Export the part in view?")
        box.setInformativeText(
            "The picture will show what the view shows now, at a size where every value "
            "can be read. Zoom in on a part of the tree first to choose it."
        )
        save = QMessageBox.StandardButton.Save
        box.setStandardButtons(save | QMessageBox.StandardButton.Cancel)
        box.button(save).setText("Export the visible part")
        box.setDefaultButton(save)
        return bool(box.exec() == save.value)

    def _save_file_name(self, caption: str, filter: str) -> str | None:
        """The file a person chose to save to, None if cancelled (tests replace this)."""
        name, _ = QFileDialog.getSaveFileName(self, caption, "search-tree", filter)
        return name or None

    def _warn(self, title: str, text: str) -> None:
        """Tell the person something went wrong (tests replace this: a box is modal)."""
        QMessageBox.warning(self, title, text)


def _with_suffix(name: str, suffix: str) -> str:
    return name if name.lower().endswith(suffix) else name + suffix
