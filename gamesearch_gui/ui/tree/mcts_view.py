"""The MCTS page of the search tree panel: the tree canvas, steps by iteration, and the
chosen node's details (its position, N, Q, Q/N and UCB terms).

The panel's replay bar and explanation serve it as they serve the minimax tree: the one
:class:`~gamesearch_gui.ui.tree.replay.ReplayController` keeps the moment, this page
shows it; its own buttons step a whole iteration at a time.
"""

from __future__ import annotations

import html
from typing import Any, Final

from PySide6.QtCore import Qt, Slot
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QSplitter,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from gamesearch_gui.core.game import GameError
from gamesearch_gui.core.mcts_recording import MctsRecording, iteration_step
from gamesearch_gui.core.mcts_text import node_facts
from gamesearch_gui.core.tree import TreeGame
from gamesearch_gui.ui.boards.base import BoardWidget
from gamesearch_gui.ui.text import breakable
from gamesearch_gui.ui.tree.mcts_canvas import MctsCanvas
from gamesearch_gui.ui.tree.replay import ReplayController
from gamesearch_gui.ui.widgets import connect_plain

#: What the details say before a node is chosen.
NO_NODE_TEXT: Final = "Click a node in the tree to see its N, Q, Q/N and UCB."
#: Side of the position drawn in the details (pixels).
BOARD_SIZE: Final = 180


class MctsDetails(QWidget):
    """One node of the MCTS tree at the moment shown: its moves, N, Q, Q/N, UCB, board."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.recording: MctsRecording | None = None
        self.node: int | None = None
        self.facts = QLabel(NO_NODE_TEXT)
        self.facts.setWordWrap(True)
        self.facts.setTextFormat(Qt.TextFormat.RichText)
        self.facts.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.facts.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.board: BoardWidget | None = None
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(6, 6, 6, 6)
        self._layout.addWidget(self.facts)
        self._layout.addStretch(1)

    def set_recording(self, recording: MctsRecording | None) -> None:
        """Show nodes of ``recording`` (none chosen yet)."""
        self.recording = recording
        self.node = None
        game = None if recording is None or isinstance(recording.game, TreeGame) else recording.game
        if self.board is not None and (game is None or type(self.board.game) is not type(game)):
            self.board.hide()
            self._layout.removeWidget(self.board)
            self.board.deleteLater()
            self.board = None
        if game is not None and self.board is None:
            from gamesearch_gui.ui.boards.factory import make_board  # boards load on first use

            try:
                board = make_board(game)
            except GameError:
                board = None
            if board is not None:
                board.set_interactive(False)
                board.setFocusPolicy(Qt.FocusPolicy.NoFocus)
                board.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
                board.setToolTip("The position at this node")
                hint = board.sizeHint()
                aspect = hint.width() / max(hint.height(), 1)
                board.setFixedSize(round(BOARD_SIZE * aspect), BOARD_SIZE)
                self._layout.insertWidget(1, board, 0, Qt.AlignmentFlag.AlignLeft)
                self.board = board
        elif game is not None and self.board is not None and self.board.game is not game:
            self.board.set_game(game)
        if self.board is not None:
            self.board.hide()
        self.facts.setText(NO_NODE_TEXT)

    def show_node(self, n: int | None, canvas: MctsCanvas) -> None:
        """Show node ``n`` as it stands at the canvas's moment (None: no node)."""
        recording, moment = self.recording, canvas.moment
        self.node = n
        if recording is None or moment is None or n is None or n >= moment.node_limit:
            self.facts.setText(NO_NODE_TEXT)
            if self.board is not None:
                self.board.hide()
            return
        title = recording.name(n)
        moves = " → ".join(["root", *(recording.move_text(m) for m in recording.path(n)[1:])])
        rows = "".join(
            f"<tr><td>{html.escape(what)}</td><td><b>{html.escape(value)}</b></td></tr>"
            for what, value in node_facts(moment, n)
        )
        self.facts.setText(
            f"<p><b>{html.escape(breakable(title[:1].upper() + title[1:]))}</b><br>"
            f"{html.escape(breakable(moves))}</p>"
            f"<table cellspacing=4>{rows}</table>"
        )
        if self.board is not None:
            parent = recording.parent[n]
            self.board.set_state(recording.state(n), None if parent < 0 else recording.moves[n])
            self.board.set_interactive(False)
            self.board.show()


class MctsView(QWidget):
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
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addLayout(row)
        left_layout.addWidget(self.canvas, 1)
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.addWidget(left)
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
        self.details.show_node(self.details.node, self.canvas)

    def select(self, n: int | None) -> None:
        """Choose node ``n`` (its UCB is drawn, its details shown)."""
        self.canvas.selected = n
        self.canvas.update()
        self.details.show_node(n, self.canvas)

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
