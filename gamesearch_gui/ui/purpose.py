"""What a search the window asks for is for: one word each, on every request."""

from __future__ import annotations

from enum import StrEnum


class Purpose(StrEnum):
    """The purpose of a search request (``worker.SearchRequest.purpose``).

    A ``StrEnum``: a request's ``purpose`` still reads as its word ("move") in a log.
    """

    #: The AI's move: its answer is played.
    MOVE = "move"
    #: The values of the person's moves (Show move values) and the best of them (Hint).
    ANALYSIS = "analysis"
    #: A drawn tree solved in the editor: its answer is shown, never played.
    SOLVE_TREE = "solve-tree"
    #: An exercise's answer key: the search the grading and the solution read.
    EXERCISE_KEY = "exercise key"
