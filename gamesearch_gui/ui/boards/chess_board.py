"""The chess board: pieces drawn from python-chess's SVG, moved by click or drag.

Click a piece of the side to move (its legal squares are marked) and then a square, or
drag the piece there. A pawn's move to the last rank opens a picker of four pieces in
that file, on the board itself, not a modal dialog: click one, or anywhere else to take
the move back. The board turns to the side a person plays (``set_viewpoint``). A king in
check glows red and a "Check" tab says so; the end of the game is a banner naming the
rule that ended it (checkmate, stalemate, or which draw).
"""

from __future__ import annotations

from typing import Final
from typing import cast

import chess
import chess.svg
from PySide6.QtCore import QByteArray
from PySide6.QtCore import QPoint
from PySide6.QtCore import QPointF
from PySide6.QtCore import QRectF
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtGui import QKeyEvent
from PySide6.QtGui import QMouseEvent
from PySide6.QtGui import QPainter
from PySide6.QtGui import QPaintEvent
from PySide6.QtGui import QPalette
from PySide6.QtGui import QPen
from PySide6.QtGui import QRadialGradient
from PySide6.QtSvg import QSvgRenderer
from PySide6.QtWidgets import QWidget

from gamesearch_gui.core.game import Player
from gamesearch_gui.core.games.chess import Chess
from gamesearch_gui.core.games.chess import ChessState
from gamesearch_gui.core.numbers import format_number
from gamesearch_gui.ui.boards.base import BoardWidget
from gamesearch_gui.ui.boards.base import centred_square
from gamesearch_gui.ui.boards.base import grid_square
from gamesearch_gui.ui.boards.base import grid_square_at
from gamesearch_gui.ui.palette import BOARD_DECIMALS
from gamesearch_gui.ui.palette import MIN_TEXT_PIXELS
from gamesearch_gui.ui.palette import best_moves
from gamesearch_gui.ui.palette import draw_banner
from gamesearch_gui.ui.palette import draw_hint
from gamesearch_gui.ui.palette import draw_value_label
from gamesearch_gui.ui.palette import scaled_font

LIGHT: Final = QColor("#f0d9b5")
DARK: Final = QColor("#b58863")
#: The squares the last move left and reached.
LAST_MOVE: Final = QColor(205, 210, 106, 170)
#: The chosen piece's square.
SELECTED: Final = QColor(20, 85, 30, 110)
#: The marks on the squares the chosen piece may go to.
TARGET: Final = QColor(20, 85, 30, 120)
CHECK: Final = QColor("#e02020")
#: The pieces a pawn may become, in the picker's order.
PROMOTIONS: Final = (chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT)
#: How far the mouse moves with the button down before a press becomes a drag (pixels).
DRAG_START: Final = 4.0

_RENDERERS: dict[str, QSvgRenderer] = {}


def piece_renderer(piece: chess.Piece) -> QSvgRenderer:
    """The SVG renderer of ``piece`` (python-chess's drawing), made once per piece."""
    symbol = piece.symbol()
    renderer = _RENDERERS.get(symbol)
    if renderer is None:
        renderer = QSvgRenderer(QByteArray(chess.svg.piece(piece).encode()))
        _RENDERERS[symbol] = renderer
    return renderer


def _side(color: chess.Color) -> str:
    return "White" if color == chess.WHITE else "Black"


class ChessBoard(BoardWidget):
    """Chess: click a piece then a square, or drag it; Escape takes a choice back."""

    SIZE_HINT = (440, 440)
    MINIMUM_SIZE = (120, 120)

    KEYS = "Esc takes back the piece chosen (or the promotion offered)"

    def __init__(self, game: Chess | None = None, parent: QWidget | None = None) -> None:
        super().__init__(game if game is not None else Chess(), parent)
        #: Black at the bottom (a person plays Black).
        self.flipped = False
        #: The square of the piece chosen to move, or None.
        self.selected: chess.Square | None = None
        #: A pawn's move to the last rank waiting for its piece: (from, to), or None.
        self.promotion: tuple[chess.Square, chess.Square] | None = None
        self._press: QPointF | None = None
        self._press_square: chess.Square | None = None
        self._dragging = False
        self._cursor = QPointF()

    # -- the contract with the window -----------------------------------------------------

    def set_viewpoint(self, player: Player) -> None:
        """White at the bottom for MAX, Black for MIN."""
        self.flipped = player is Player.MIN
        self.update()

    def click_targets(self, move: chess.Move) -> list[tuple[QWidget, QPoint]]:
        """The piece's square, the square it goes to, and for a promotion the piece in
        the picker."""
        clicks = [move.from_square, move.to_square]
        points = [self._square_rect(s).center().toPoint() for s in clicks]
        if move.promotion:
            cell = self._picker_square(move.to_square, PROMOTIONS.index(move.promotion))
            points.append(self._square_rect(cell).center().toPoint())
        return [(self, point) for point in points]

    # -- geometry ----------------------------------------------------------------------------

    @property
    def _chess_state(self) -> ChessState:
        return cast(ChessState, self.state)

    def _board_rect(self) -> QRectF:
        """The 64 squares, centred, with a margin for the coordinates."""
        return centred_square(QRectF(self.rect()), 0.045, 3.0)

    def _square_rect(self, square: chess.Square) -> QRectF:
        file, rank = chess.square_file(square), chess.square_rank(square)
        column, row = (7 - file, rank) if self.flipped else (file, 7 - rank)
        return grid_square(self._board_rect(), 8, row, column)

    def _square_at(self, pos: QPointF) -> chess.Square | None:
        found = grid_square_at(self._board_rect(), 8, pos)
        if found is None:
            return None
        row, column = found
        file, rank = (7 - column, row) if self.flipped else (column, 7 - row)
        return chess.square(file, rank)

    @staticmethod
    def _picker_square(to_square: chess.Square, index: int) -> chess.Square:
        """The picker's ``index``-th cell: from the promotion square towards the centre."""
        rank = chess.square_rank(to_square)
        step = -1 if rank == 7 else 1
        return chess.square(chess.square_file(to_square), rank + step * index)

    # -- choosing a move ---------------------------------------------------------------------

    def _drop_choice(self) -> None:
        self.selected = None
        self.promotion = None
        self._press = None
        self._press_square = None
        self._dragging = False

    def _moves_from(self, square: chess.Square) -> list[chess.Move]:
        return [m for m in self.game.actions(self.state) if m.from_square == square]

    def _own_piece(self, square: chess.Square) -> bool:
        piece = self._chess_state.piece_at(square)
        return piece is not None and piece.color == self._chess_state.turn

    def _why_not_now(self) -> str:
        """Why no move may be chosen now ("" when one may)."""
        ending = cast(Chess, self.game).ending(self._chess_state)
        if ending:
            return f"The game is over ({ending})"
        if not self.interactive:
            return "Not your turn"
        return ""

    def _pick(self, square: chess.Square) -> None:
        """A click or press on ``square`` with no move under way: choose the piece there."""
        why = self._why_not_now()
        if why:
            self.refused.emit(why)
            return
        state = self._chess_state
        piece = state.piece_at(square)
        if piece is None:
            self.selected = None
        elif piece.color != state.turn:
            self.refused.emit(f"That is {_side(piece.color)}'s piece: {_side(state.turn)} moves")
            self.selected = None
        elif not self._moves_from(square):
            self.refused.emit(
                f"The {chess.piece_name(piece.piece_type)} on "
                f"{chess.square_name(square)} has no legal move"
            )
            self.selected = square
        else:
            self.selected = square
        self.update()

    def _try(self, start: chess.Square, end: chess.Square) -> None:
        """Play the piece on ``start`` to ``end``, or say why not."""
        why = self._why_not_now()
        if why:
            self.refused.emit(why)
            return
        moves = [m for m in self._moves_from(start) if m.to_square == end]
        if not moves:
            self.selected = None  # start again: the next click chooses a piece
            self.update()
            self.refused.emit(self._illegal_reason(start, end))
            return
        if any(m.promotion for m in moves):
            self.promotion = (start, end)
            self.update()
            return
        self._drop_choice()
        self.update()
        self.moveChosen.emit(moves[0])

    def _illegal_reason(self, start: chess.Square, end: chess.Square) -> str:
        """In a few words, why the piece on ``start`` cannot go to ``end``."""
        board = self._chess_state.board()
        piece = board.piece_at(start)
        name = chess.piece_name(piece.piece_type) if piece else "piece"
        where = f"{chess.square_name(start)}–{chess.square_name(end)}"
        if any(m.from_square == start and m.to_square == end for m in board.pseudo_legal_moves):
            return f"The {name} cannot go {where}: that would leave your king in check"
        return f"The {name} cannot go {where}: not a legal move"

    def _choose_promotion(self, square: chess.Square | None) -> None:
        """A click while the picker is open: its piece, or anything else to take it back."""
        assert self.promotion is not None
        start, end = self.promotion
        self.promotion = None
        for index, kind in enumerate(PROMOTIONS):
            if square == self._picker_square(end, index):
                self._drop_choice()
                self.update()
                self.moveChosen.emit(chess.Move(start, end, promotion=kind))
                return
        self.update()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            super().mousePressEvent(event)
            return
        event.accept()
        square = self._square_at(event.position())
        if self.promotion is not None:
            self._choose_promotion(square)
            return
        self._press = event.position()
        self._press_square = square
        self._dragging = False
        if square is None:
            return
        if self.selected is not None and self.selected != square and not self._own_piece(square):
            return  # a click on a target square: the move is tried on release
        self._pick(square)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        self._cursor = event.position()
        if (
            self._press is not None
            and self.selected is not None
            and (self._press_square == self.selected)
        ):
            moved = (event.position() - self._press).manhattanLength()
            if moved >= DRAG_START and not self._why_not_now():
                self._dragging = True
            if self._dragging:
                self.update()
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton or self._press is None:
            super().mouseReleaseEvent(event)
            return
        event.accept()
        pressed, dragging = self._press_square, self._dragging
        self._press = None
        self._press_square = None
        self._dragging = False
        square = self._square_at(event.position())
        selected = self.selected
        if selected is None or square is None or square == selected:
            pass  # nothing chosen, off the board, or back where it started
        elif dragging or (square == pressed and not self._own_piece(square)):
            # A drop, or a click on a square that is not one of the mover's pieces.
            self._try(selected, square)
        self.update()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape and (self.selected is not None or self.promotion):
            self._drop_choice()
            self.update()
            event.accept()
            return
        super().keyPressEvent(event)

    # -- painting -----------------------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:
        state = self._chess_state
        game = cast(Chess, self.game)
        palette = self.palette()
        board = self._board_rect()
        size = board.width() / 8
        painter = self._begin_painting()
        if size < 4:
            painter.end()
            return
        painter.setPen(Qt.PenStyle.NoPen)
        for square in chess.SQUARES:
            light = (chess.square_file(square) + chess.square_rank(square)) % 2 == 1
            painter.fillRect(self._square_rect(square), LIGHT if light else DARK)
        last = self.last_move
        if isinstance(last, chess.Move):
            for square in (last.from_square, last.to_square):
                painter.fillRect(self._square_rect(square), LAST_MOVE)
        if self.selected is not None:
            painter.fillRect(self._square_rect(self.selected), SELECTED)
        ending = game.ending(state)
        if state.is_check():
            self._draw_check_glow(painter, state)
        dragged = self.selected if self._dragging else None
        for square in chess.SQUARES:
            piece = state.piece_at(square)
            if piece is not None and square != dragged:
                piece_renderer(piece).render(painter, self._square_rect(square))
        self._draw_coordinates(painter, board, size, palette)
        targets = self._moves_from(self.selected) if self.selected is not None else []
        self._draw_targets(painter, state, targets, size)
        if not ending and isinstance(self.hint, chess.Move):
            for square in (self.hint.from_square, self.hint.to_square):
                draw_hint(painter, self._square_rect(square), size * 0.08)
        if self.move_values and not ending and targets:
            self._draw_values(painter, targets, game.to_move(state), palette, size)
        if dragged is not None:
            piece = state.piece_at(dragged)
            if piece is not None:
                rect = QRectF(0, 0, size * 1.1, size * 1.1)
                rect.moveCenter(self._cursor)
                piece_renderer(piece).render(painter, rect)
        if self.promotion is not None:
            self._draw_picker(painter, board, state.turn, size)
        if ending:
            self._draw_game_over(painter, state, ending, board, palette)
        elif state.is_check():
            self._draw_check_tab(painter, state, board, size)
        painter.end()

    def _draw_check_glow(self, painter: QPainter, state: ChessState) -> None:
        king = state.board().king(state.turn)
        if king is None:
            return
        rect = self._square_rect(king)
        glow = QRadialGradient(rect.center(), rect.width() * 0.6)
        glow.setColorAt(0.0, CHECK)
        glow.setColorAt(0.6, QColor(224, 32, 32, 150))
        glow.setColorAt(1.0, QColor(224, 32, 32, 0))
        painter.fillRect(rect, glow)

    def _draw_coordinates(
        self, painter: QPainter, board: QRectF, size: float, palette: QPalette
    ) -> None:
        """Files under the board and ranks beside it, in the margin."""
        margin = board.left() - self.rect().left()
        pixels = min(size * 0.22, (self.height() - board.height()) / 2 * 0.8, margin * 0.8)
        if pixels < MIN_TEXT_PIXELS:
            return
        painter.save()
        painter.setFont(scaled_font(painter.font(), pixels))
        colour = palette.color(QPalette.ColorRole.WindowText)
        colour.setAlphaF(0.7)
        painter.setPen(colour)
        strip = (self.height() - board.height()) / 2
        for index in range(8):
            file_square = chess.square(index, 0)
            column = self._square_rect(file_square)
            below = QRectF(column.left(), board.bottom(), column.width(), strip)
            painter.drawText(below, Qt.AlignmentFlag.AlignCenter, chess.FILE_NAMES[index])
            rank_square = chess.square(0, index)
            row = self._square_rect(rank_square)
            left = QRectF(board.left() - margin, row.top(), margin, row.height())
            painter.drawText(left, Qt.AlignmentFlag.AlignCenter, chess.RANK_NAMES[index])
        painter.restore()

    def _draw_targets(
        self, painter: QPainter, state: ChessState, moves: list[chess.Move], size: float
    ) -> None:
        """A dot on each empty square the chosen piece may go to, a ring on a capture."""
        painter.save()
        seen: set[chess.Square] = set()
        for move in moves:
            if move.to_square in seen:
                continue
            seen.add(move.to_square)
            centre = self._square_rect(move.to_square).center()
            if state.piece_at(move.to_square) is None:
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(TARGET)
                painter.drawEllipse(centre, size * 0.16, size * 0.16)
            else:
                painter.setPen(QPen(TARGET, size * 0.08))
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawEllipse(centre, size * 0.44, size * 0.44)
        painter.restore()

    def _draw_values(
        self,
        painter: QPainter,
        moves: list[chess.Move],
        player: Player,
        palette: QPalette,
        size: float,
    ) -> None:
        """The chosen piece's moves' values, on their squares (a promotion: the queen's)."""
        best = best_moves(self.move_values, player)
        for move in moves:
            if move not in self.move_values or move.promotion not in (None, chess.QUEEN):
                continue
            rect = self._square_rect(move.to_square)
            strip = QRectF(rect.left(), rect.top(), rect.width(), size * 0.34)
            draw_value_label(
                painter,
                strip,
                format_number(self.move_values[move], BOARD_DECIMALS),
                palette,
                emphasised=move in best,
            )

    def _draw_picker(
        self, painter: QPainter, board: QRectF, turn: chess.Color, size: float
    ) -> None:
        """The board dimmed, and four pieces to choose from in the promotion file."""
        assert self.promotion is not None
        painter.save()
        painter.fillRect(board, QColor(0, 0, 0, 110))
        for index, kind in enumerate(PROMOTIONS):
            rect = self._square_rect(self._picker_square(self.promotion[1], index))
            painter.setPen(QPen(QColor("#555"), max(1.0, size * 0.03)))
            painter.setBrush(QColor("#fafafa"))
            painter.drawEllipse(rect.center(), size * 0.48, size * 0.48)
            piece_renderer(chess.Piece(kind, turn)).render(
                painter, rect.adjusted(size * 0.08, size * 0.08, -size * 0.08, -size * 0.08)
            )
        painter.restore()

    def _draw_check_tab(
        self, painter: QPainter, state: ChessState, board: QRectF, size: float
    ) -> None:
        """ "Check" in a red tab on the board's edge, the edge away from the king in check."""
        pixels = size * 0.28
        if pixels < MIN_TEXT_PIXELS:
            return
        painter.save()
        font = scaled_font(painter.font(), pixels, bold=True)
        painter.setFont(font)
        king = state.board().king(state.turn)
        low = king is not None and self._square_rect(king).center().y() > board.center().y()
        tab = QRectF(0, 0, size * 1.4, size * 0.42)
        edge = board.top() + size * 0.21 if low else board.bottom() - size * 0.21
        tab.moveCenter(QPointF(board.center().x(), edge))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(200, 30, 30, 225))
        painter.drawRoundedRect(tab, size * 0.12, size * 0.12)
        painter.setPen(QColor("white"))
        painter.drawText(tab, Qt.AlignmentFlag.AlignCenter, "Check")
        painter.restore()

    def _draw_game_over(
        self,
        painter: QPainter,
        state: ChessState,
        ending: str,
        board: QRectF,
        palette: QPalette,
    ) -> None:
        if ending == "checkmate":
            winner = not state.turn
            text = f"Checkmate: {_side(winner)} wins"
            accent = QColor("#f5f5f5") if winner == chess.WHITE else QColor("#222")
        else:
            text = f"Draw: {ending}"
            accent = None
        draw_banner(painter, board, text, palette, accent)
