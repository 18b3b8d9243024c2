"""What a search of the game is for: the AI's move, or the values of a person's moves."""

from __future__ import annotations

from enum import StrEnum


class Purpose(StrEnum):
    """The purpose of a search the play session starts.

    A ``StrEnum``: a request's ``purpose`` still reads as its word ("move") in a log.
    """

    #: The AI's move: its answer is played.
    MOVE = "move"
    #: The values of the person's moves (Show move values) and the best of them (Hint).
    ANALYSIS = "analysis"
