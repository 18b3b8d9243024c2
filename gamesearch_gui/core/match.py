"""A game being played: its positions, the moves that led there, undo and redo.

Pure Python, so the rules of a session (what undo takes back, what a move is called)
are tested without Qt. Chance outcomes (a die roll) are moves too, made by CHANCE.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic

from gamesearch_gui.core.game import A
from gamesearch_gui.core.game import Game
from gamesearch_gui.core.game import IllegalMoveError
from gamesearch_gui.core.game import Player
from gamesearch_gui.core.game import S


@dataclass(frozen=True, slots=True)
class Ply(Generic[S, A]):
    """One move of a match: who made it, from which position, and how it is written."""

    number: int  #: 1 for the first move of the match
    player: Player
    before: S
    move: A
    after: S
    text: str


class Match(Generic[S, A]):
    """The history of one game, with undo and redo."""

    def __init__(self, game: Game[S, A], start: S | None = None) -> None:
        self.game = game
        self.start: S = game.initial_state() if start is None else start
        self._plies: list[Ply[S, A]] = []
        self._undone: list[Ply[S, A]] = []

    @property
    def state(self) -> S:
        """The current position."""
        return self._plies[-1].after if self._plies else self.start

    @property
    def plies(self) -> tuple[Ply[S, A], ...]:
        """The moves made so far, oldest first."""
        return tuple(self._plies)

    @property
    def last(self) -> Ply[S, A] | None:
        """The latest move, if any."""
        return self._plies[-1] if self._plies else None

    @property
    def is_over(self) -> bool:
        """True when the game has ended."""
        return self.game.is_terminal(self.state)

    @property
    def to_move(self) -> Player:
        """Who decides at the current position."""
        return self.game.to_move(self.state)

    def legal(self) -> list[A]:
        """The moves (or chance outcomes) possible now."""
        return self.game.moves_or_outcomes(self.state)

    def play(self, move: A) -> Ply[S, A]:
        """Make ``move`` now; IllegalMoveError if it is not legal. Clears the redo list."""
        state = self.state
        if move not in self.legal():
            if self.game.is_terminal(state):
                raise IllegalMoveError("the game is over")
            raise IllegalMoveError(f"{move!r} is not a legal move here")
        ply = Ply(
            number=len(self._plies) + 1,
            player=self.game.to_move(state),
            before=state,
            move=move,
            after=self.game.result(state, move),
            text=self.game.move_text(state, move),
        )
        self._plies.append(ply)
        self._undone.clear()
        return ply

    @property
    def can_undo(self) -> bool:
        """True when there is a move to take back."""
        return bool(self._plies)

    @property
    def can_redo(self) -> bool:
        """True when a move taken back can be made again."""
        return bool(self._undone)

    def undo(self) -> Ply[S, A]:
        """Take back the latest move."""
        return _shift(self._plies, self._undone, "undo")

    def redo(self) -> Ply[S, A]:
        """Make again the move taken back last."""
        return _shift(self._undone, self._plies, "redo")

    def undo_to(self, keep: int) -> None:
        """Take back moves until ``keep`` of them are left."""
        while len(self._plies) > max(keep, 0):
            self.undo()

    def result_text(self, names: dict[Player, str]) -> str | None:
        """Who won, or "Draw", once the game is over (None before)."""
        value = self.game.terminal_value(self.state)
        if value is None:
            return None
        if value > 0:
            return f"{names[Player.MAX]} wins"
        if value < 0:
            return f"{names[Player.MIN]} wins"
        return "Draw"


def _shift(source: list[Ply[S, A]], target: list[Ply[S, A]], verb: str) -> Ply[S, A]:
    """Move the last ply of ``source`` onto ``target`` (undo and redo, each the other's
    mirror); IndexError naming ``verb`` when there is none."""
    if not source:
        raise IndexError(f"there is no move to {verb}")
    ply = source.pop()
    target.append(ply)
    return ply
