"""One position of the review: its board (the game's own board widget, read-only, the
better move marked as a hint), its value, the move played there with its loss and mark,
and the better move with its principal variation."""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel
from PySide6.QtWidgets import QVBoxLayout
from PySide6.QtWidgets import QWidget

from gamesearch_gui.core.game import Game
from gamesearch_gui.core.game import GameError
from gamesearch_gui.core.game import Player
from gamesearch_gui.core.numbers import format_value
from gamesearch_gui.core.review import Mark
from gamesearch_gui.core.review import PositionReview
from gamesearch_gui.core.text import clip
from gamesearch_gui.ui.boards.base import BoardWidget


def mark_text(mark: Mark) -> str:
    """A mark in words with its sign ("blunder ??"), or "" for none."""
    return f"{mark.value} {mark.symbol}" if mark is not Mark.NONE else ""


class PositionView(QWidget):
    """The position chosen in the graph or the table."""

    def __init__(
        self, game: Game[Any, Any], names: Sequence[str], humans: Sequence[bool] = ()
    ) -> None:
        """``humans``: which seats a person played (the board shows them as in play)."""
        super().__init__()
        self.game = game
        self.names = names
        self.board: BoardWidget | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        from gamesearch_gui.ui.boards.factory import make_board  # boards load on first use

        try:
            self.board = make_board(game)
        except GameError:
            self.board = None
        if self.board is not None:
            self.board.set_interactive(False)
            if humans:
                self.board.show_players(names, humans)
            self.board.setMinimumSize(220, 200)
            layout.addWidget(self.board, 3)
        self.words = QLabel()
        self.words.setWordWrap(True)
        self.words.setTextFormat(Qt.TextFormat.RichText)
        self.words.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.words.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.words, 2)

    def show_position(
        self, index: int, state: Any, last_move: Any, reviewed: PositionReview | None
    ) -> None:
        """Show position ``index`` (``state``, reached by ``last_move``) and what the
        review says of it (None: not reviewed yet)."""
        if self.board is not None:
            self.board.set_state(state, last_move)
            if reviewed is not None and reviewed.loss:
                self.board.set_hint(reviewed.best_move)
        self.words.setText(self._words(index, state, reviewed))

    def _words(self, index: int, state: Any, reviewed: PositionReview | None) -> str:
        where = "The start" if index == 0 else f"After move {index}"
        game = self.game
        if game.is_terminal(state):
            who = "the game is over"
        elif game.to_move(state) is Player.CHANCE:
            who = "chance moves (a die is rolled)"
        else:
            who = f"{html.escape(self.names[game.player_index(state)])} to move"
        lines = [f"<b>{where}</b>: {who}."]
        if reviewed is None:
            lines.append("Not reviewed yet.")
            return "<br>".join(lines)
        if reviewed.values:
            lines.append(f"Values <b>{html.escape(shares_text(reviewed.values, self.names))}</b>.")
        else:
            lines.append(
                f"Value <b>{format_value(reviewed.value)}</b> "
                f"(from {html.escape(self.names[0])}'s view)."
            )
        if reviewed.played_move is not None and reviewed.loss is None:
            lines.append(
                f"Chance chose {html.escape(clip(reviewed.played_text))}: nobody is charged."
            )
        if reviewed.loss is None:
            return "<br>".join(lines)
        played = html.escape(clip(reviewed.played_text))
        lines.append(
            f"Played <b>{played}</b>, {self._worth(reviewed, reviewed.played_value)}: "
            f"loss {format_value(round(reviewed.loss, 3))}"
            + (f", <b>{mark_text(reviewed.mark)}</b>" if reviewed.mark is not Mark.NONE else "")
            + "."
        )
        if reviewed.loss == 0:
            lines.append("A best move.")
        else:
            best = (
                reviewed.values[reviewed.seat]
                if reviewed.values and reviewed.seat is not None
                else reviewed.value
            )
            line = " ".join(html.escape(clip(move, 20)) for move in reviewed.line)
            lines.append(
                f"Better: <b>{html.escape(clip(reviewed.best_text))}</b> "
                f"(marked on the board), {self._worth(reviewed, best)}; "
                f"its line: {line}."
            )
        return "<br>".join(lines)

    def _worth(self, reviewed: PositionReview, value: float | None) -> str:
        """What a move is worth: its value (two players), or the mover's share of its
        vector, said as the mover's ("worth 0 to B")."""
        if reviewed.values and reviewed.seat is not None:
            name = html.escape(self.names[reviewed.seat])
            return f"worth {format_value(value)} to {name}"
        return f"value {format_value(value)}"


def shares_text(values: Sequence[float], names: Sequence[str]) -> str:
    """A vector of utilities, each with its player's name: "A 1, B 0, C 0"."""
    return ", ".join(f"{name} {format_value(v)}" for name, v in zip(names, values, strict=False))
