"""Never a blank canvas: where the tree is when the view shows none of it, and where the
step's node is when it is out of view.

Two small widgets over the canvas's viewport (children of the canvas, as its strips are,
so they do not scroll with the scene):

* :class:`EmptyNote`, in the middle, when no node or mark of the tree is in view (the
  person zoomed or panned into empty room, or the replay went to a moment where the tree
  is elsewhere): it says so, and offers the way back, "Show this step" and "Fit".
* :class:`StepPointer`, at the edge towards the node of the moment's event, when
  following is off and that node is out of view: "this step →", a click goes there.

:class:`Signposts` decides when each shows, ``SIGNPOST_MS`` after the view or the moment
changed; the two widgets only draw and report clicks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING
from typing import Final

from PySide6.QtCore import QObject
from PySide6.QtCore import QPoint
from PySide6.QtCore import QRect
from PySide6.QtCore import Qt
from PySide6.QtCore import QTimer
from PySide6.QtCore import Signal
from PySide6.QtWidgets import QFrame
from PySide6.QtWidgets import QHBoxLayout
from PySide6.QtWidgets import QLabel
from PySide6.QtWidgets import QPushButton
from PySide6.QtWidgets import QToolButton
from PySide6.QtWidgets import QVBoxLayout
from PySide6.QtWidgets import QWidget

from gamesearch_gui.core.recording.depth_first import NONE
from gamesearch_gui.ui.tree.geometry import LEVEL_H
from gamesearch_gui.ui.tree.geometry import NODE_R
from gamesearch_gui.ui.tree.geometry import SLOT_W

if TYPE_CHECKING:
    from gamesearch_gui.ui.tree.host import CanvasHost

#: The note's and the pointer's look: a small card in the window's colours.
CARD_STYLE: Final = (
    "QFrame#treeSignpost { background: palette(window); border: 1px solid palette(mid);"
    " border-radius: 4px; }"
)
#: How soon after a change of view or moment the canvas checks that it shows some of
#: the tree and the step's node (or says where they are).
SIGNPOST_MS: Final = 40
#: How far in from the viewport's edge the pointer sits (pixels).
EDGE_GAP: Final = 4

#: The pointer's words for each direction the step's node lies in.
POINTER_TEXT: Final = {
    "left": "← this step",
    "right": "this step →",
    "up": "↑ this step",
    "down": "↓ this step",
}


class EmptyNote(QFrame):
    """The note that no part of the tree is in view, with the ways back."""

    showStep = Signal()
    fit = Signal()

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("treeSignpost")
        self.setStyleSheet(CARD_STYLE)
        self.label = QLabel("No part of the tree is in view here.")
        self.label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.step_button = QPushButton("Show this step")
        self.step_button.setToolTip("Move the view to the node of the current step")
        self.step_button.clicked.connect(self.showStep)
        self.fit_button = QPushButton("Fit")
        self.fit_button.setToolTip("Fit the tree in view")
        self.fit_button.clicked.connect(self.fit)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.step_button)
        buttons.addWidget(self.fit_button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 8, 12, 8)
        layout.addWidget(self.label)
        layout.addLayout(buttons)
        self.setAccessibleName("No part of the tree is in view")
        self.hide()

    def place(self, viewport: QRect, has_step: bool) -> None:
        """Show the note in the middle of ``viewport`` (its step button only when there
        is a step to show)."""
        self.step_button.setVisible(has_step)
        self.adjustSize()
        size = self.sizeHint()
        self.setGeometry(
            QRect(
                viewport.center().x() - size.width() // 2,
                viewport.center().y() - size.height() // 2,
                size.width(),
                size.height(),
            )
        )
        self.show()
        self.raise_()


class StepPointer(QToolButton):
    """At the viewport's edge, towards the step's node: a click goes there."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("treeSignpost")
        self.setStyleSheet(
            "QToolButton#treeSignpost { background: palette(window); border: 1px solid "
            "palette(mid); border-radius: 4px; padding: 2px 6px; }"
        )
        self.setToolTip("The node of the current step is this way: click to go there")
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        #: Where the step's node lies: "left", "right", "up" or "down".
        self.direction = ""
        self.hide()

    def place(self, viewport: QRect, at: QPoint) -> None:
        """Show the pointer at ``viewport``'s edge nearest the step's node, drawn at
        ``at`` (viewport coordinates, outside it), level with it along that edge."""
        if at.x() < 0:
            direction = "left"
        elif at.x() > viewport.width():
            direction = "right"
        elif at.y() < 0:
            direction = "up"
        else:
            direction = "down"
        self.direction = direction
        self.setText(POINTER_TEXT[direction])
        self.adjustSize()
        w, h = self.width(), self.height()
        if direction in ("left", "right"):
            y = min(max(at.y() - h // 2, EDGE_GAP), viewport.height() - h - EDGE_GAP)
            x = EDGE_GAP if direction == "left" else viewport.width() - w - EDGE_GAP
        else:
            x = min(max(at.x() - w // 2, EDGE_GAP), viewport.width() - w - EDGE_GAP)
            y = EDGE_GAP if direction == "up" else viewport.height() - h - EDGE_GAP
        self.move(viewport.left() + x, viewport.top() + y)
        self.show()
        self.raise_()


class Signposts(QObject):
    """The empty note and the step pointer over ``canvas``: shown, hidden and placed
    ``SIGNPOST_MS`` after what the canvas shows changed (``soon``)."""

    def __init__(self, canvas: CanvasHost) -> None:
        super().__init__(canvas.widget())
        self._canvas = canvas
        self.note = EmptyNote(canvas.widget())
        self.note.showStep.connect(canvas.show_step)
        self.note.fit.connect(canvas.fit_all)
        self.pointer = StepPointer(canvas.widget())
        self.pointer.clicked.connect(canvas.show_step)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(SIGNPOST_MS)
        self._timer.timeout.connect(self.update)

    def soon(self, *_: object) -> None:
        """Check the view in ``SIGNPOST_MS`` (many changes in between: one check)."""
        if not self._timer.isActive():
            self._timer.start()

    def update(self) -> None:
        """Say so when the view holds no part of the tree; point to the step's node when
        following is off and it is out of view."""
        self._timer.stop()
        canvas = self._canvas
        model = canvas.tree_item.model
        now, lay = model.now, model.layout
        geometry = canvas.viewport().geometry()
        if now is None or lay is None or model.limit == 0:
            self.note.hide()
            self.pointer.hide()
            return
        shown = canvas.mapToScene(canvas.viewport().rect()).boundingRect()
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
        current = canvas.tree_item.current
        if empty:
            self.pointer.hide()
            self.note.place(geometry, current != NONE)
            return
        self.note.hide()
        if not canvas.following and current != NONE and not canvas._seen(current):
            self.pointer.place(geometry, canvas.view_point_of(current))
        else:
            self.pointer.hide()
