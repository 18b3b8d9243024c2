"""A few loaded things kept for reuse, newest last: the one rule of the caches of loaded
games (a game file's, an OpenSpiel game's), which an engine process opens again and again."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

K = TypeVar("K")
V = TypeVar("V")


def kept(cache: dict[K, V], key: K, make: Callable[[], V], most: int) -> V:
    """``cache[key]``, made by ``make()`` when it is not there, and now the newest; the
    oldest are dropped past ``most``."""
    value = cache.pop(key) if key in cache else make()
    cache[key] = value
    while len(cache) > most:
        del cache[next(iter(cache))]
    return value
