"""How much of a person's own text a view shows: past ``LABEL_CHARS`` it is cut, with "…".

Node labels, move labels and tree names are free text in a tree file, and nothing bounds
their length. Everything that shows one (the tree drawings, sentences about nodes,
titles, tooltips) shows at most ``LABEL_CHARS`` characters of it: a label of 100,000
characters laid out whole costs seconds, and a widget sized to it widens its window to
match (gigabytes of backing store). The file and the properties form keep the whole text.
"""

from __future__ import annotations

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
