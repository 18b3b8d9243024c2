"""The MCTS node details: one node of the tree as it stands at the moment shown, its
moves from the root, N, Q, Q/N, win rate and UCB sum written out, and its position.

The facts are :func:`gamesearch_gui.core.narration.mcts.node_facts`; the title and the moves
are the minimax details' own (:mod:`gamesearch_gui.core.narration.facts`), and so is the board
(:mod:`gamesearch_gui.ui.tree.details`), so both name a node alike.
"""

from __future__ import annotations

import html
from typing import Final

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel
from PySide6.QtWidgets import QVBoxLayout
from PySide6.QtWidgets import QWidget

from gamesearch_gui.core.narration.facts import move_path
from gamesearch_gui.core.narration.facts import node_title
from gamesearch_gui.core.narration.mcts import node_facts
from gamesearch_gui.core.recording.mcts import MctsMoment
from gamesearch_gui.core.recording.mcts import MctsRecording
from gamesearch_gui.ui.boards.base import BoardWidget
from gamesearch_gui.ui.text import breakable
from gamesearch_gui.ui.tree.details import is_tree
from gamesearch_gui.ui.tree.details import node_board

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
        game = None if recording is None or is_tree(recording) else recording.game
        if self.board is not None and (game is None or type(self.board.game) is not type(game)):
            self.board.hide()
            self._layout.removeWidget(self.board)
            self.board.deleteLater()
            self.board = None
        if game is not None and self.board is None:
            board = node_board(game)
            if board is not None:
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

    def show_node(self, n: int | None, moment: MctsMoment | None) -> None:
        """Show node ``n`` as it stands at ``moment`` (None: no node)."""
        recording = self.recording
        self.node = n
        if recording is None or moment is None or n is None or n >= moment.node_limit:
            self.facts.setText(NO_NODE_TEXT)
            if self.board is not None:
                self.board.hide()
            return
        rows = "".join(
            f"<tr><td>{html.escape(what)}</td><td><b>{html.escape(value)}</b></td></tr>"
            for what, value in node_facts(moment, n)
        )
        self.facts.setText(
            f"<p><b>{html.escape(breakable(node_title(recording, n)))}</b><br>"
            f"{html.escape(breakable(move_path(recording, n)))}</p>"
            f"<table cellspacing=4>{rows}</table>"
        )
        if self.board is not None:
            parent = recording.parent[n]
            self.board.set_state(recording.state(n), None if parent < 0 else recording.moves[n])
            self.board.set_interactive(False)
            self.board.show()
