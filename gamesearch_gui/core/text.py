"""How much of a person's own text a view shows: past ``LABEL_CHARS`` it is cut, with "…".

Node labels, move labels and tree names are free text in a tree file, and nothing bounds
their length. Everything that shows one (the tree drawings, sentences about nodes,
titles, tooltips) shows at most ``LABEL_CHARS`` characters of it: a label of 100,000
characters laid out whole costs seconds, and a widget sized to it widens its window to
match (gigabytes of backing store). The file and the properties form keep the whole text.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

#: The most characters of one label, move or name that any view shows.
LABEL_CHARS: Final = 200
#: What stands for the cut-off rest.
ELLIPSIS: Final = "…"


def clip(text: str, limit: int = LABEL_CHARS) -> str:
    """``text`` whole when it has at most ``limit`` characters, else cut to ``limit``
    characters ending in "…"."""
    if len(text) <= limit:
        return text
    return text[: max(limit - 1, 0)] + ELLIPSIS


def names_text(names: Sequence[str]) -> str:
    """Names in one line, apart by commas ("A, B, C"), each cut to ``LABEL_CHARS``."""
    return ", ".join(clip(name) for name in names)


def counted(count: int, one: str, many: str) -> str:
    """``count`` and the noun that agrees with it: "1 child", "2 children", "1,204 nodes"."""
    return f"{count:,} {one if count == 1 else many}"


def node_name(kind: str, label: str | None, moves: Sequence[str]) -> str:
    """How the app names a node, the one way everywhere (the tree view's explanations,
    details and log, and the exercises' reasons): its kind, then its label if it has one
    ("MIN node C", "leaf C2"), else the moves from the root as the edges name them
    ("leaf after a2 c1"), or "at the root". ``moves`` are shown as given."""
    if label:
        return f"{kind} {clip(label)}"
    return f"{kind} after {' '.join(moves)}" if moves else f"{kind} at the root"


def player_letters(players: Sequence[str]) -> tuple[str, ...]:
    """The short mark of each player of a game of n players, drawn on its nodes: the names
    themselves when each is one or two characters ("A", "B", "C"), else their first
    letters when those differ, else "P1", "P2", ..."""
    if all(len(name) <= 2 for name in players):
        return tuple(players)
    initials = tuple(name[:1].upper() for name in players)
    if len(set(initials)) == len(initials):
        return initials
    return tuple(f"P{i + 1}" for i in range(len(players)))
