"""How exact a value kept in a transposition table is: one set of flags for every search
that keeps one (alpha-beta's in :mod:`.search`, max^n's and paranoid's in :mod:`.maxn`)."""

from __future__ import annotations

from typing import Final

#: The value itself.
TT_EXACT: Final = 0
#: A lower bound: the value is at least this (the search failed high).
TT_LOWER: Final = 1
#: An upper bound: the value is at most this (the search failed low).
TT_UPPER: Final = 2
