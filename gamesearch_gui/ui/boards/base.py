"""What every board widget offers the main window (and the tests).

A board draws one immutable game state and turns a person's clicks into legal moves.
It never changes the state itself: it emits ``moveChosen`` and the window applies the
move (or not), then calls ``set_state`` with the new position.

A board played a cell or a column at a time gives ``_target_at`` (the move under a
point), ``NOT_LEGAL`` (why a target is refused), ``MOVE_KEYS`` (keys that play a move,
``digit_keys``) and ``_cursor_key`` (its keyboard cursor); the base turns clicks and
keys into moves. ``grid_square`` and ``grid_square_at`` cut a square board into cells.

Each of the window's setters (``set_state``, ``set_interactive``, ``set_move_values``,
``set_hint``) stores what it is told, then calls ``_shown_changed`` with what changed
(:class:`Shown`): a drawn board repaints, and a board of widgets (buttons, a text) says
it once there, in its own refresh, instead of overriding each setter.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from collections.abc import Sequence
from typing import Any
from typing import ClassVar
from typing import Final

from PySide6.QtCore import QPoint
from PySide6.QtCore import QPointF
from PySide6.QtCore import QRectF
from PySide6.QtCore import QSize
from PySide6.QtCore import Qt
from PySide6.QtCore import Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtGui import QMouseEvent
from PySide6.QtGui import QPainter
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QPushButton
from PySide6.QtWidgets import QWidget

from gamesearch_gui.core.game import Game
from gamesearch_gui.core.game import Player

#: How the rest of the app names the players: the first player is MAX.
PLAYER_NAMES = ("First player (MAX)", "Second player (MIN)")

#: Keys held with these belong to the window's menus (Ctrl+R), not to a board's keys.
_MENU_MODIFIERS = (
    Qt.KeyboardModifier.ControlModifier
    | Qt.KeyboardModifier.AltModifier
    | Qt.KeyboardModifier.MetaModifier
)


#: The keys that play the move under a board's keyboard cursor.
PLAY_KEYS: Final = frozenset({Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space})


def digit_keys(count: int) -> dict[int, int]:
    """The keys 1 to ``count`` (at most 9), each to its index from 0: moves by number."""
    return {getattr(Qt.Key, f"Key_{n}"): n - 1 for n in range(1, count + 1)}


def is_menu_key(event: QKeyEvent) -> bool:
    """True for a key pressed with Ctrl, Alt or Meta: a shortcut of the window's menus
    (Shift is fine: a capital R is still R)."""
    return bool(event.modifiers() & _MENU_MODIFIERS)


def place_buttons(buttons: list[QPushButton], area: QRectF, widest: float) -> None:
    """Lay ``buttons`` out in one row centred in ``area``, each at most ``widest`` times
    the row's height wide, with gaps of 0.4 of it."""
    count = len(buttons)
    gap = area.height() * 0.4
    width = min((area.width() - gap * (count - 1)) / count, area.height() * widest)
    left = area.center().x() - (width * count + gap * (count - 1)) / 2
    for i, button in enumerate(buttons):
        rect = QRectF(left + i * (width + gap), area.top(), width, area.height())
        button.setGeometry(rect.toRect())


def centred_square(area: QRectF, margin_share: float, least_margin: float) -> QRectF:
    """The largest square centred in ``area`` that leaves a margin of ``margin_share`` of
    its shorter side (``least_margin`` pixels at the least) all round."""
    short = min(area.width(), area.height())
    margin = max(least_margin, short * margin_share)
    side = max(0.0, short - 2 * margin)
    rect = QRectF(0, 0, side, side)
    rect.moveCenter(area.center())
    return rect


def grid_square(board: QRectF, cells: int, row: int, column: int) -> QRectF:
    """The square at ``row`` and ``column`` (from the top left) of ``board``, a square cut
    into ``cells`` by ``cells``."""
    size = board.width() / cells
    return QRectF(board.left() + column * size, board.top() + row * size, size, size)


def grid_square_at(board: QRectF, cells: int, pos: QPointF) -> tuple[int, int] | None:
    """The ``(row, column)`` of the square of ``board`` (cut as ``grid_square`` cuts it)
    under ``pos``; None off the board, or when the board has no size."""
    if board.isEmpty() or not board.contains(pos):
        return None
    size = board.width() / cells
    column = min(cells - 1, int((pos.x() - board.left()) / size))
    row = min(cells - 1, int((pos.y() - board.top()) / size))
    return row, column


class Shown(enum.Enum):
    """What the window has just told a board to show (``BoardWidget._shown_changed``)."""

    STATE = enum.auto()  #: a new position (``set_state``; ``set_game`` too)
    INTERACTIVE = enum.auto()  #: whether a person may choose a move now
    VALUES = enum.auto()  #: the moves' values from the last search
    HINT = enum.auto()  #: the move the AI suggests


class BoardWidget(QWidget):
    """Base class of the custom-drawn boards; one subclass per game."""

    #: What the board's own keys do, in a line (Help > Keyboard shortcuts lists it); ""
    #: for a board a person plays by clicks alone.
    KEYS: ClassVar[str] = ""
    #: The size the board asks for and the least it is drawn at, (width, height) in
    #: pixels; None for Qt's own (a board laid out from widgets).
    SIZE_HINT: ClassVar[tuple[int, int] | None] = None
    MINIMUM_SIZE: ClassVar[tuple[int, int] | None] = None
    #: What a screen reader calls the board; "" for the game's title and " board".
    ACCESSIBLE_NAME: ClassVar[str] = ""
    #: Why a target a click or a key chose (``_choose``) is no legal move now.
    NOT_LEGAL: ClassVar[str] = "That is not a legal move here"
    #: Keys that play a move at once, each to its move (``digit_keys``: 1 to 9 a cell).
    MOVE_KEYS: ClassVar[Mapping[Any, Any]] = {}

    #: A person chose this legal move (an action of the game, never a chance outcome).
    moveChosen = Signal(object)
    #: A click that cannot be a move: the reason, in a few words (the status bar shows it).
    refused = Signal(str)

    def __init__(self, game: Game[Any, Any], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        # A screen reader names the board and reads its keys; a board with keys of its
        # own takes the focus to hear them, and every board follows the mouse (hovers).
        self.setAccessibleName(self.ACCESSIBLE_NAME or f"{game.title} board")
        self.setAccessibleDescription(f"Keys: {self.KEYS}." if self.KEYS else "")
        if self.KEYS:
            self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMouseTracking(True)
        self.game = game
        self.state: Any = game.initial_state()
        self.last_move: Any = None
        self.interactive = False
        self.move_values: dict[Any, float] = {}
        self.hint: Any = None
        self._pressed: Any = None

    def sizeHint(self) -> QSize:
        return QSize(*self.SIZE_HINT) if self.SIZE_HINT else super().sizeHint()

    def minimumSizeHint(self) -> QSize:
        return QSize(*self.MINIMUM_SIZE) if self.MINIMUM_SIZE else super().minimumSizeHint()

    def set_game(self, game: Game[Any, Any]) -> None:
        """Use another game of the same kind (a new Pig target, a new pennies start)."""
        self.game = game
        self.set_state(game.initial_state())

    def set_state(self, state: Any, last_move: Any = None) -> None:
        """Draw ``state``; ``last_move`` led to it (marked). Clears the hint and values,
        and drops a choice under way."""
        self._drop_choice()
        self.state = state
        self.last_move = last_move
        self.move_values = {}
        self.hint = None
        self._shown_changed(Shown.STATE)

    def set_interactive(self, interactive: bool) -> None:
        """Whether clicks may choose moves now (a person's turn); a choice under way is
        dropped when they may not."""
        if not interactive:
            self._drop_choice()
        self.interactive = interactive
        self._shown_changed(Shown.INTERACTIVE)

    def set_viewpoint(self, player: Player) -> None:
        """Turn the board towards ``player``, the side a person plays; most boards look
        the same from either side (chess turns to Black for MIN)."""

    def set_seats(self, names: Sequence[str], humans: Sequence[bool]) -> None:
        """Who sits at each seat: its name, and whether a person (else the AI) plays it.
        Boards that show the seats (three-player Nim) draw them; most need not."""

    def show_players(self, names: Sequence[str], humans: Sequence[bool]) -> None:
        """Who plays: the seats (:meth:`set_seats`), and the board turned towards a person
        who plays MIN alone (:meth:`set_viewpoint`), as the game on the board is played."""
        self.set_viewpoint(Player.MIN if tuple(humans) == (False, True) else Player.MAX)
        self.set_seats(names, humans)

    def set_move_values(self, values: Mapping[Any, float] | None) -> None:
        """Label each legal move with its backed-up value from the last search."""
        self.move_values = dict(values or {})
        self._shown_changed(Shown.VALUES)

    def set_hint(self, move: Any) -> None:
        """Mark the move the AI suggests (None clears it)."""
        self.hint = move
        self._shown_changed(Shown.HINT)

    def _shown_changed(self, what: Shown) -> None:
        """Show ``what`` anew: a setter has just stored it (the state, whether a person
        may play, the values, the hint). A drawn board repaints; a board of widgets
        refreshes them here (and only here)."""
        self.update()

    def _cannot_play(self) -> bool:
        """True, having said why (``refused``), when no move may be chosen now: the game
        is over, or it is not a person's turn."""
        if self.game.is_terminal(self.state):
            self.refused.emit("The game is over")
        elif not self.interactive:
            self.refused.emit("Not your turn")
        else:
            return False
        return True

    def _begin_painting(self) -> QPainter:
        """A painter on the board, with smooth lines and text, over the window's colour:
        how a drawn board's ``paintEvent`` starts (it ends the painter)."""
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        painter.fillRect(self.rect(), self.palette().color(QPalette.ColorRole.Window))
        return painter

    def _drop_choice(self) -> None:
        """Let go of a choice under way (a chosen piece, a selected stack): boards that
        choose a move in more than one click define it."""

    # -- clicks that act as buttons do

    def _target_at(self, pos: QPointF) -> Any:
        """The move a click at ``pos`` would choose (None: nothing there). Boards that play
        a move per click (a cell, a column) define it, and say why one is refused
        (``NOT_LEGAL``)."""
        return None

    def _choose(self, target: Any) -> None:
        """Play ``target`` if it may be played now, else say why (``refused``): a legal
        move is chosen (``moveChosen``); any other is refused with ``NOT_LEGAL``."""
        if self._cannot_play():
            return
        if target not in self.game.actions(self.state):
            self.refused.emit(self.NOT_LEGAL)
        else:
            self.moveChosen.emit(target)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        target = self._target_at(event.position())
        if event.button() != Qt.MouseButton.LeftButton or target is None:
            self._pressed = None
            super().mousePressEvent(event)
            return
        # The move is made on release over the same target, as a button acts: a press can
        # still be taken back by dragging away.
        self._pressed = target
        event.accept()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton or self._pressed is None:
            super().mouseReleaseEvent(event)
            return
        pressed, self._pressed = self._pressed, None
        if pressed == self._target_at(event.position()):
            self._choose(pressed)
        event.accept()

    # -- keys that play moves

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        if is_menu_key(event):  # Ctrl+4 is the window's, never cell 4
            super().keyPressEvent(event)
            return
        if key in self.MOVE_KEYS:
            self._choose(self.MOVE_KEYS[key])
        elif not self._cursor_key(key):
            super().keyPressEvent(event)
            return
        event.accept()

    def _cursor_key(self, key: int) -> bool:
        """Move the board's keyboard cursor, or play the move under it, for ``key``; False
        for a key the board does not take. Boards with a cursor define it."""
        return False

    def click_targets(self, move: Any) -> list[tuple[QWidget, QPoint]]:
        """The clicks (widget, position in it) that play ``move``: for tests and demos."""
        raise NotImplementedError
