"""Beside the tree on its page: the map of the whole tree, the chosen node's details or
the list of steps (as tabs), and the node cap for the next search; and the splitter
between the tree and that side, whose width, tab and visibility are remembered.
"""

from __future__ import annotations

import re
from typing import Any
from typing import Final

from PySide6.QtCore import QSettings
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtGui import QValidator
from PySide6.QtWidgets import QHBoxLayout
from PySide6.QtWidgets import QLabel
from PySide6.QtWidgets import QSpinBox
from PySide6.QtWidgets import QSplitter
from PySide6.QtWidgets import QTabWidget
from PySide6.QtWidgets import QVBoxLayout
from PySide6.QtWidgets import QWidget

from gamesearch_gui.core.recording.depth_first import DEFAULT_NODE_CAP
from gamesearch_gui.ui import saved
from gamesearch_gui.ui.tree.canvas import TreeCanvas
from gamesearch_gui.ui.tree.details import NodeDetails
from gamesearch_gui.ui.tree.event_log import EventLogView
from gamesearch_gui.ui.tree.minimap import TreeMinimap

#: The spin box value that stands for "no limit" (above every power-of-ten step).
NO_LIMIT: Final = 1_000_000_000
#: Node caps the spin box steps through.
CAP_STEPS: Final = (10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, NO_LIMIT)
#: The side panel's share of the page's width by default (the tree has the rest).
SIDE_SHARE: Final = 0.3
#: The side panel's narrowest (pixels); below it the splitter folds it away.
SIDE_MIN_WIDTH: Final = 240
#: The side panel's tabs, in order.
NODE_TAB, STEPS_TAB = 0, 1


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


class TreeSide(QWidget):
    """One column beside the tree: the map of the whole tree, then the chosen node or
    the list of steps, as tabs; the node cap for the next search under them."""

    def __init__(self, canvas: TreeCanvas) -> None:
        super().__init__()
        self.minimap = TreeMinimap(canvas)
        self.details = NodeDetails()
        self.log = EventLogView()
        self.cap_box = NodeCapSpinBox()
        self.cap_label = QLabel("Keep at most")
        self.cap_label.setBuddy(self.cap_box)
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
        layout = QVBoxLayout(self)
        # A least width in the layout, not on the widget: a fixed minimum would stand in
        # for the layout's own, and the details (a position drawn under them, say) could
        # be squeezed narrower than they need and be cut at the edge.
        layout.addStrut(SIDE_MIN_WIDTH)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        layout.addWidget(self.minimap)
        layout.addWidget(self.tabs, 1)
        # The node cap is for the next search: out of the replay's way, under the tabs.
        cap_row = QHBoxLayout()
        cap_row.setContentsMargins(4, 0, 0, 0)
        cap_row.addWidget(self.cap_label)
        cap_row.addWidget(self.cap_box, 1)
        layout.addLayout(cap_row)


class TreeSplit(QSplitter):
    """The tree (``tree``) and ``side`` side by side; ``act_side`` shows or hides the
    side, and dragging the side shut unchecks it. Its width, tab and visibility are
    kept in a store once ``remember_layout`` names one."""

    def __init__(self, tree: QWidget, side: TreeSide, act_side: QAction) -> None:
        super().__init__(Qt.Orientation.Horizontal)
        self._side = side
        self._act_side = act_side
        self.addWidget(tree)
        self.addWidget(side)
        self.setStretchFactor(0, 1)
        self.setStretchFactor(1, 0)
        self.setCollapsible(0, False)
        self.splitterMoved.connect(self._moved)
        act_side.toggled.connect(self._side_toggled)
        side.tabs.currentChanged.connect(lambda _i: self.save_layout())
        self._store: QSettings | None = None
        self._store_key = ""

    def remember_layout(self, store: QSettings, key: str, width: int) -> None:
        """Restore the side's width, tab and visibility from ``store`` under ``key`` (none
        kept: ``reset_layout(width)``), and keep them there as the person changes them."""
        kept = saved.page_layout(key)
        sizes = kept.splitter.read(store)
        tab, shown = kept.tab.read(store), kept.side.read(store)
        self._store, self._store_key = store, key
        if sizes is None or not self.restoreState(sizes):
            self.reset_layout(width)
        self._side.tabs.setCurrentIndex(tab)
        self._act_side.setChecked(shown)

    def reset_layout(self, width: int) -> None:
        """The side shown, on the Node tab, with ``SIDE_SHARE`` of ``width`` (at least
        900 pixels)."""
        width = max(width, 900)
        side = max(SIDE_MIN_WIDTH, round(width * SIDE_SHARE))
        self.setSizes([width - side, side])
        self._side.tabs.setCurrentIndex(NODE_TAB)
        self._act_side.setChecked(True)
        self._side.show()
        self.save_layout()

    def save_layout(self) -> None:
        """Keep the width, tab and visibility in the store (if one was named)."""
        store = self._store
        if store is None:
            return
        kept = saved.page_layout(self._store_key)
        kept.splitter.write(store, self.saveState())
        kept.tab.write(store, self._side.tabs.currentIndex())
        kept.side.write(store, self._act_side.isChecked())

    def _moved(self, *_: object) -> None:
        folded = self.sizes()[1] == 0
        if folded == self._act_side.isChecked():
            self._act_side.setChecked(not folded)  # dragged shut, or open again
        self.save_layout()

    def _side_toggled(self, on: bool) -> None:
        if on and self.sizes()[1] == 0:
            total = sum(self.sizes())
            side = max(SIDE_MIN_WIDTH, round(total * SIDE_SHARE))
            self.setSizes([max(total - side, 1), side])
        self._side.setVisible(on)
        self.save_layout()
