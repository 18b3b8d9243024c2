"""What a search's value guarantees, in words, for games whose utilities are win, draw
or loss: "MAX can force a win", "either side can force at least a draw", "MIN can force
a win".

Said only when the value is exact and backed up from terminal utilities alone: a
search that finished, to the end of the game (no depth cutoff, whose evaluation is a
guess), in a game without chance (whose value is an average, which nobody can force),
and whose game says what its utilities mean (:meth:`Game.outcome`). Never under Monte
Carlo tree search, whose value is a sample mean of random playouts.
"""

from __future__ import annotations

from typing import Final

from gamesearch_gui.core.game import A
from gamesearch_gui.core.game import Game
from gamesearch_gui.core.game import Outcome
from gamesearch_gui.core.game import S
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import SearchResult

__all__ = ["GUARANTEES", "guarantee"]

#: The words for each outcome that both sides can force.
GUARANTEES: Final = {
    Outcome.MAX_WINS: "MAX can force a win",
    Outcome.DRAW: "either side can force at least a draw",
    Outcome.MIN_WINS: "MIN can force a win",
}


def guarantee(game: Game[S, A], result: SearchResult) -> str | None:
    """What ``result``'s value guarantees, or None where it guarantees no such thing."""
    if game.has_chance or result.value is None or not result.complete or result.depth is not None:
        return None
    if result.settings.algorithm is Algorithm.MCTS:
        return None
    outcome = game.outcome(result.value)
    return None if outcome is None else GUARANTEES[outcome]
