"""The MCTS page of the search tree panel: the tree canvas (:mod:`.canvas`), steps by
iteration, and the chosen node's details (:mod:`.details`).

The panel's replay bar and explanation serve it as they serve the minimax tree: the one
:class:`~gamesearch_gui.ui.tree.replay.ReplayController` keeps the moment, this page
shows it; its own buttons step a whole iteration at a time.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtCore import Slot
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QFrame
from PySide6.QtWidgets import QHBoxLayout
from PySide6.QtWidgets import QLabel
from PySide6.QtWidgets import QScrollArea
from PySide6.QtWidgets import QSplitter
from PySide6.QtWidgets import QToolButton
from PySide6.QtWidgets import QVBoxLayout
from PySide6.QtWidgets import QWidget

from gamesearch_gui.core.recording.mcts import MctsRecording
from gamesearch_gui.core.recording.mcts import iteration_step
from gamesearch_gui.ui.mcts.canvas import MctsCanvas
from gamesearch_gui.ui.mcts.details import MctsDetails
from gamesearch_gui.ui.tree.replay import ReplayController
from gamesearch_gui.ui.widgets import column
from gamesearch_gui.ui.widgets import connect_plain


class MctsPage(QWidget):
    """The MCTS tree, its step-by-iteration buttons and the chosen node's details."""

    def __init__(self, controller: ReplayController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.recording: MctsRecording | None = None
        self.canvas = MctsCanvas()
        self.details = MctsDetails()
        self.act_previous = QAction("◀ Iteration", self)
        self.act_previous.setToolTip("Back to the end of the previous iteration")
        connect_plain(self.act_previous.triggered, self.previous_iteration)
        self.act_next = QAction("Iteration ▶", self)
        self.act_next.setToolTip(
            "On to the end of the next iteration (the replay's step buttons go one phase: "
            "selection, expansion, playout, back-propagation)"
        )
        connect_plain(self.act_next.triggered, self.next_iteration)
        self.act_fit = QAction("Fit", self)
        self.act_fit.setToolTip("Fit the tree in view, and keep it fitted as it grows")
        connect_plain(self.act_fit.triggered, self.fit)
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        for action in (self.act_previous, self.act_next, self.act_fit):
            button = QToolButton()
            button.setDefaultAction(action)
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            row.addWidget(button)
        self.iteration_label = QLabel()
        row.addWidget(self.iteration_label, 1)
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.addWidget(column(row, (self.canvas, 1)))
        # Scrolled: in a low dock the facts (the UCB sum last) and the board need not fit.
        details = QScrollArea()
        details.setWidgetResizable(True)
        details.setFrameShape(QFrame.Shape.NoFrame)
        details.setWidget(self.details)
        self.splitter.addWidget(details)
        self.splitter.setStretchFactor(0, 1)
        self.splitter.setCollapsible(0, False)
        self.splitter.setSizes([700, 260])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.splitter)
        self.canvas.nodeClicked.connect(self._node_clicked)

    def set_recording(self, recording: MctsRecording | None) -> None:
        """Show ``recording`` from its start (the panel then sets the moment)."""
        self.recording = recording
        self.canvas.set_recording(recording)
        self.details.set_recording(recording)
        self.iteration_label.setText("")

    def set_moment(self, k: int, *, steady: bool) -> None:
        """Show moment ``k`` (see :meth:`MctsCanvas.set_moment`)."""
        self.canvas.set_moment(k, steady=steady)
        moment = self.canvas.moment
        if moment is not None:
            total = self.recording.iterations_at(self.controller.published) if self.recording else 0
            self.iteration_label.setText(f"  Iteration {moment.iteration:,} of {total:,}")
        self.details.show_node(self.details.node, self.canvas.moment)

    def select(self, n: int | None) -> None:
        """Choose node ``n`` (its UCB is drawn, its details shown)."""
        self.canvas.selected = n
        self.canvas.update()
        self.details.show_node(n, self.canvas.moment)

    @Slot(int)
    def _node_clicked(self, n: int) -> None:
        self.select(n if n >= 0 else None)

    @Slot()
    def next_iteration(self) -> None:
        """On to the end of the next iteration."""
        if self.recording is not None:
            k = iteration_step(self.recording, self.controller.moment, forward=True)
            self.controller.seek(min(k, self.controller.published))

    @Slot()
    def previous_iteration(self) -> None:
        """Back to the end of the previous iteration."""
        if self.recording is not None:
            self.controller.seek(
                iteration_step(self.recording, self.controller.moment, forward=False)
            )

    @Slot()
    def fit(self) -> None:
        """Fit the tree, and follow it again."""
        self.canvas.follow = True
        self.canvas.fit()

    def finished(self) -> Any:
        """The search ended: lay out its end at once."""
        self.canvas.relayout()
