"""The node details: everything the search knew about one node at the moment shown.

Its moves from the root, who moves there, its value and how it got it, its state as the
game's formalism writes it (state, player to move, actions, result of each, terminal or
not, utility per player), how its alpha-beta window narrowed child by child, its cutoff,
and (in a game) the position itself drawn by the game's own board. Nothing here is
stored: it is all read from the recording at the moment, so stepping back "un-values" a
node here as it does in the tree. The words are :mod:`gamesearch_gui.core.narration.facts`'s
and :mod:`~gamesearch_gui.core.narration.state_machine`'s; this pane lays them out.
"""

from __future__ import annotations

import html
from typing import Any
from typing import Final

from PySide6.QtCore import QSize
from PySide6.QtCore import Qt
from PySide6.QtCore import Signal
from PySide6.QtCore import Slot
from PySide6.QtWidgets import QBoxLayout
from PySide6.QtWidgets import QFrame
from PySide6.QtWidgets import QGridLayout
from PySide6.QtWidgets import QLabel
from PySide6.QtWidgets import QPushButton
from PySide6.QtWidgets import QScrollArea
from PySide6.QtWidgets import QSizePolicy
from PySide6.QtWidgets import QVBoxLayout
from PySide6.QtWidgets import QWidget

from gamesearch_gui.core.game import Game
from gamesearch_gui.core.game import GameError
from gamesearch_gui.core.narration.facts import node_rows
from gamesearch_gui.core.narration.facts import node_title
from gamesearch_gui.core.narration.facts import window_history
from gamesearch_gui.core.narration.state_machine import STATE_MACHINE_HEADING
from gamesearch_gui.core.narration.state_machine import state_machine_rows
from gamesearch_gui.core.numbers import format_number
from gamesearch_gui.core.recording.depth_first import NEVER
from gamesearch_gui.core.recording.depth_first import NONE
from gamesearch_gui.core.recording.depth_first import SearchRecording
from gamesearch_gui.core.recording.events import NodeKind
from gamesearch_gui.core.recording.mcts import AnyRecording
from gamesearch_gui.core.search import SearchResult
from gamesearch_gui.core.trees.tree import TreeGame
from gamesearch_gui.ui.boards.base import BoardWidget
from gamesearch_gui.ui.text import breakable
from gamesearch_gui.ui.widgets import connect_plain

#: Side of the position drawn in the details (pixels), when there is room for it.
BOARD_SIZE: Final = 220
#: Smallest the position is drawn when the dock is small.
MIN_BOARD_SIZE: Final = 100
#: Width kept for the words beside the position.
TEXT_ROOM: Final = 250
#: Width beside a position drawn under the words: the margins and a scroll bar.
BOARD_MARGIN: Final = 24
#: What the details say before a node is chosen.
NO_NODE_TEXT: Final = "Click a node in the tree to see its moves, value and alpha-beta window."

#: The heading over an evaluation's terms.
EVALUATION_HEADING: Final = "Evaluation here ({name})"


def is_tree(recording: AnyRecording) -> bool:
    """True for a search of a drawn tree (states are tree nodes with labels and paths)."""
    return isinstance(recording.game, TreeGame)


def node_board(game: Game[Any, Any]) -> BoardWidget | None:
    """A board that shows a node's position: not for playing, never focused, clicks
    passing through; None for a game without a board (its moves still say it all)."""
    from gamesearch_gui.ui.boards.factory import make_board  # boards load on first use

    try:
        board = make_board(game)
    except GameError:
        return None
    board.set_interactive(False)
    board.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    board.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
    board.setToolTip("The position at this node")
    return board


def evaluation_terms(recording: SearchRecording, n: int) -> tuple[str, list[tuple[str, str]]]:
    """The name of the search's evaluation and its terms at node ``n``, as the game spells
    them out (``Game.evaluation_terms``); ("", []) at the end of a game, or for a game
    that does not say. The evaluation is the one the search named (told to the recording
    when it started, so also while it runs), else the game's default."""
    game = recording.game
    if is_tree(recording) or recording.node_kind(n) is NodeKind.TERMINAL:
        return "", []
    result = recording.result
    name = result.settings.evaluation if isinstance(result, SearchResult) else None
    name = name or recording.evaluation or next(iter(game.evaluations()), None)
    if name is None:
        return "", []
    terms = game.evaluation_terms(recording.state(n), name)
    return name, [(what, format_number(value)) for what, value in terms]


def _fact_table(rows: list[tuple[str, str]]) -> str:
    """(what, words) rows as the details' table: each what in bold, its words beside it."""
    cells = "".join(
        f"<tr><td style='padding-right:8px'><b>{html.escape(a)}</b></td>"
        f"<td>{html.escape(breakable(b))}</td></tr>"
        for a, b in rows
    )
    return f"<table cellspacing='0' cellpadding='1'>{cells}</table>"


class NodeDetails(QWidget):
    """What the search knew about the selected node at the moment shown."""

    #: Go to this moment (just after the node was entered, or valued).
    jumpRequested = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("nodeDetails")
        self.recording: SearchRecording | None = None
        self.node: int | None = None
        self.moment = 0
        self.published = 0
        #: The position at the node, drawn by the game's board (None for drawn trees).
        self.board: BoardWidget | None = None
        #: Where the board sits: under the words (a narrow panel) or beside them.
        self._board_below: bool | None = None
        self._board_min = QSize()

        self.title = QLabel(NO_NODE_TEXT)
        self.title.setWordWrap(True)
        self.title.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        font = self.title.font()
        font.setBold(True)
        self.title.setFont(font)
        self.entered_button = QPushButton("Go to when entered")
        self.entered_button.setToolTip("Replay from the moment the search reached this node")
        connect_plain(self.entered_button.clicked, self._go_entered)
        self.valued_button = QPushButton("Go to when valued")
        self.valued_button.setToolTip("Show the moment this node got its value")
        connect_plain(self.valued_button.clicked, self._go_valued)
        # Side by side where they fit, else one above the other (a narrow panel).
        buttons = self._buttons = QBoxLayout(QBoxLayout.Direction.LeftToRight)
        buttons.setContentsMargins(0, 0, 0, 0)
        buttons.addWidget(self.entered_button)
        buttons.addWidget(self.valued_button)
        buttons.addStretch(1)

        self.facts = QLabel()
        self.facts.setTextFormat(Qt.TextFormat.RichText)
        self.facts.setWordWrap(True)
        self.facts.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.facts.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.facts.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.facts.setMinimumWidth(180)

        self._content = QWidget()
        self._grid = QGridLayout(self._content)
        self._grid.setContentsMargins(4, 4, 4, 4)
        self._grid.addWidget(self.title, 0, 0, 1, 2)
        self._grid.addLayout(buttons, 1, 0, 1, 2)
        self._grid.addWidget(self.facts, 2, 0, Qt.AlignmentFlag.AlignTop)
        self._grid.setColumnStretch(0, 1)
        self._grid.setRowStretch(4, 1)
        self.scroll_area = QScrollArea()
        self.scroll_area.setWidget(self._content)
        self.scroll_area.setWidgetResizable(True)
        self.scroll_area.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.scroll_area)
        self._refresh()

    # -- what to show ------------------------------------------------------------------

    def set_recording(self, recording: SearchRecording | None) -> None:
        """Show nodes of ``recording`` (no node chosen yet)."""
        self.recording = recording
        self.node = None
        self._prepare_board()
        self._refresh()

    def set_node(self, n: int | None) -> None:
        """Show node ``n`` (None: no node)."""
        self.node = n if n is None or n >= 0 else None
        self._refresh()

    def set_moment(self, k: int, published: int | None = None) -> None:
        """Describe the node as it was once ``k`` events had happened."""
        self.moment = k
        if published is not None:
            self.published = published
        self._refresh()

    # -- buttons -----------------------------------------------------------------------

    @Slot()
    def _go_entered(self) -> None:
        if self.recording is not None and self.node is not None:
            self.jumpRequested.emit(self.recording.entered_at[self.node] + 1)

    @Slot()
    def _go_valued(self) -> None:
        if self.recording is not None and self.node is not None:
            valued = self.recording.valued_at[self.node]
            if valued != NEVER:
                self.jumpRequested.emit(valued + 1)

    # -- drawing -----------------------------------------------------------------------

    def _prepare_board(self) -> None:
        """A board for the recording's game: the same widget while the kind of game stays."""
        recording = self.recording
        game = None if recording is None or is_tree(recording) else recording.game
        board = self.board
        if board is not None and game is not None and type(board.game) is type(game):
            if board.game is not game:
                board.set_game(game)  # another Pig target, another pennies start
            return
        if board is not None:
            board.hide()  # at once: deleteLater waits for the event loop
            self._grid.removeWidget(board)
            board.deleteLater()
            self.board = None
        board = None if game is None else node_board(game)
        if board is None:
            self.setMinimumWidth(0)
            return
        self.board = board
        # The board's own minimum, before this panel fixes its size.
        self._board_min = board.minimumSizeHint().expandedTo(board.minimumSize())
        self._board_below = None
        self._fit_board()

    def resizeEvent(self, event: Any) -> None:
        """Fit the buttons and the position to the room there is."""
        super().resizeEvent(event)
        self._fit_buttons()
        self._fit_board()

    def _fit_buttons(self) -> None:
        """The two buttons side by side when both fit beside each other (with room for a
        scroll bar), else one above the other: never a button cut off at the edge."""
        margins = self._grid.contentsMargins()
        room = (
            self.width()
            - margins.left()
            - margins.right()
            - self.scroll_area.verticalScrollBar().sizeHint().width()
        )
        needed = (
            self.entered_button.sizeHint().width()
            + self._buttons.spacing()
            + self.valued_button.sizeHint().width()
        )
        direction = QBoxLayout.Direction
        self._buttons.setDirection(
            direction.LeftToRight if needed <= room else direction.TopToBottom
        )

    def _fit_board(self) -> None:
        """As large as BOARD_SIZE (in the board's own proportions): beside the words when
        there is room for both, else under them; never below the board's own minimum."""
        board = self.board
        if board is None:
            return
        hint = board.sizeHint()
        aspect = hint.width() / max(hint.height(), 1)
        below = self.width() < TEXT_ROOM + MIN_BOARD_SIZE * aspect + 16
        if below != self._board_below:
            self._board_below = below
            self._grid.removeWidget(board)
            if below:
                self._grid.addWidget(board, 3, 0, 1, 2, Qt.AlignmentFlag.AlignTop)
            else:
                self._grid.addWidget(board, 2, 1, 2, 1, Qt.AlignmentFlag.AlignTop)
        if below:
            room_w = min(BOARD_SIZE * 1.2, self.width() - BOARD_MARGIN)
            room_h = BOARD_SIZE
        else:
            room_w = min(BOARD_SIZE * 1.2, self.width() - TEXT_ROOM)
            room_h = min(BOARD_SIZE, self.scroll_area.viewport().height() - 70)
        smallest = self._board_min
        least = max(MIN_BOARD_SIZE, smallest.height(), smallest.width() / aspect)
        height = max(min(room_h, room_w / aspect), least)
        board.setFixedSize(round(height * aspect), round(height))
        # Never narrower than the smallest board under the words: a wider board would
        # widen the words' column past the edge, and cut every line of it there.
        self.setMinimumWidth(round(least * aspect) + BOARD_MARGIN)

    def _refresh(self) -> None:
        recording, n, k = self.recording, self.node, self.moment
        known = recording is not None and n is not None and n < recording.node_count
        self.entered_button.setVisible(known)
        self.valued_button.setVisible(known)
        if self.board is not None:
            self.board.setVisible(known)
        if not known or recording is None or n is None:
            self.title.setText(NO_NODE_TEXT)
            self.facts.setText("")
            return
        self.title.setText(breakable(node_title(recording, n)))
        self.entered_button.setEnabled(recording.entered_at[n] < self.published)
        self.valued_button.setEnabled(recording.valued_at[n] < self.published)
        if self.board is not None:
            last = None if recording.parent[n] == NONE else recording.moves[n]
            if self.board.state is not recording.state(n) or self.board.last_move != last:
                self.board.set_state(recording.state(n), last)
                self.board.set_interactive(False)
        self.facts.setText(self._facts_html(recording, n, k))

    def _facts_html(self, recording: SearchRecording, n: int, k: int) -> str:
        rows = node_rows(recording, n, k, self.published)
        text = _fact_table(rows)
        # The formalism's parts (docs: "A game as a state machine"), each under its name.
        text += (
            f"<p style='margin-top:6px; margin-bottom:2px'><b>{STATE_MACHINE_HEADING}</b></p>"
            + _fact_table(state_machine_rows(recording, n))
        )
        name, terms = evaluation_terms(recording, n)
        if terms:
            term_rows = "".join(
                f"<tr><td style='padding-right:8px'>{html.escape(breakable(what))}</td>"
                f"<td align='right'>{html.escape(value)}</td></tr>"
                for what, value in terms
            )
            title = EVALUATION_HEADING.format(name=name)
            text += (
                f"<p style='margin-top:6px; margin-bottom:2px'><b>{html.escape(title)}</b></p>"
                f"<table cellspacing='0' cellpadding='1'>{term_rows}</table>"
            )
        # Max^n has no window: each player looks after their own number.
        windowless = bool(recording.players) and not recording.paranoid
        history = [] if windowless else window_history(recording, n, k)
        if history:
            window_rows = "".join(
                f"<tr><td style='padding-right:8px'>{html.escape(breakable(when))}</td>"
                f"<td>{html.escape(window)}</td></tr>"
                for when, window in history
            )
            text += (
                "<p style='margin-top:6px; margin-bottom:2px'><b>Alpha-beta window</b></p>"
                f"<table cellspacing='0' cellpadding='1'>{window_rows}</table>"
            )
        return text
