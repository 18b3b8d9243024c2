"""A game written as its moves ("4, 4, 3, 5" or "1. e4 e5 2. Nf3"), read back into moves.

Game > Load moves… reads what the Moves list writes (each ply in the game's own move
notation, die rolls too), so a game played, lost or copied from a course page can be
played onto the board and reviewed. Moves are separated by commas, semicolons, new
lines or spaces; a move of several words ("take 2", "rolled 3") is read whole, the
longest that is legal first; move numbers ("1.", "12...") are skipped. A move that is not
legal is refused in one line that names it, its number and what was legal there.
"""

from __future__ import annotations

import re
from typing import Any
from typing import Final

from gamesearch_gui.core.game import Game
from gamesearch_gui.core.game import GameError

#: The most words one move is written with ("rolled 3" has two).
WORDS_PER_MOVE: Final = 3
#: Legal moves a refusal lists at the most.
LISTED: Final = 12
#: The longest move list read (characters): far more than any game here lasts.
MAX_CHARS: Final = 100_000

_SEPARATORS: Final = re.compile(r"[,;\n]")
_MOVE_NUMBER: Final = re.compile(r"\d+\.+")


class MoveListError(GameError):
    """A move list that cannot be played from the start: what and where."""


def parse_moves(game: Game[Any, Any], text: str, start: Any = None) -> list[Any]:
    """The moves ``text`` writes, each legal where it is played from ``start`` (default:
    the game's start); MoveListError naming the first that is not."""
    if len(text) > MAX_CHARS:
        raise MoveListError(f"the move list is longer than {MAX_CHARS:,} characters")
    state = game.initial_state() if start is None else start
    moves: list[Any] = []
    for chunk in _SEPARATORS.split(text):
        words = [word for word in chunk.split() if not _MOVE_NUMBER.fullmatch(word)]
        while words:
            where = f"move {len(moves) + 1} ({' '.join(words[:WORDS_PER_MOVE])!r})"
            if game.is_terminal(state):
                raise MoveListError(f"{where}: the game is already over")
            move, used = _read_move(game, state, words)
            if move is None:
                raise MoveListError(f"{where}: not a legal move here; {_legal(game, state)}")
            moves.append(move)
            state = game.result(state, move)
            words = words[used:]
    if not moves:
        raise MoveListError("no moves: write the game's moves, separated by commas or spaces")
    return moves


def _read_move(game: Game[Any, Any], state: Any, words: list[str]) -> tuple[Any, int]:
    """The legal move the first words write (the longest reading first), and how many
    words it takes; (None, 0) when none does."""
    for size in range(min(WORDS_PER_MOVE, len(words)), 0, -1):
        try:
            return game.parse_move(state, " ".join(words[:size])), size
        except (GameError, ValueError):
            continue
    return None, 0


def _legal(game: Game[Any, Any], state: Any) -> str:
    """What may be played at ``state``, as the refusal lists it."""
    texts = [game.move_text(state, option) for option in game.moves_or_outcomes(state)]
    more = f" and {len(texts) - LISTED} more" if len(texts) > LISTED else ""
    return f"legal: {', '.join(texts[:LISTED])}{more}"
