"""A hashable copy of a user's state, for transposition keys and for seeing a mutation.

Students' states are often mutable and unhashable: aima-python's tic-tac-toe keeps its
board in a dict inside a namedtuple. :func:`freeze` turns such a value into nested
tuples and frozensets that compare equal exactly when the originals hold the same
contents, so it serves as the position's key, and a state frozen before ``result`` and
after tells whether ``result`` changed it.
"""

from __future__ import annotations

import enum
from collections.abc import Hashable
from typing import Final

#: Deepest nesting followed: a deeper (or cyclic) state is refused, not a RecursionError.
FREEZE_DEPTH: Final = 60

_ATOMS: Final = (type(None), bool, int, float, complex, str, bytes, enum.Enum, range)


class FreezeError(TypeError):
    """A state holding a value that :func:`freeze` cannot turn into a key; says which."""


def freeze(value: object, _depth: int = 0) -> Hashable:
    """``value`` as nested tuples and frozensets, equal exactly when the contents are.

    Lists and tuples keep their order, dicts and sets do not; a namedtuple, a dataclass
    or any object with a ``__dict__`` or ``__slots__`` is its type's name and its fields.
    Raises FreezeError (naming the type) for anything else, and for nesting deeper than
    :data:`FREEZE_DEPTH`.
    """
    if isinstance(value, _ATOMS):
        return value
    if _depth >= FREEZE_DEPTH:
        raise FreezeError(
            f"the state nests deeper than {FREEZE_DEPTH} levels (or refers to itself)"
        )
    depth = _depth + 1
    kind = type(value)
    if isinstance(value, tuple):
        items = tuple(freeze(item, depth) for item in value)
        return items if kind is tuple else (kind.__qualname__, items)
    if isinstance(value, list):
        return ("list", tuple(freeze(item, depth) for item in value))
    if isinstance(value, dict):
        return ("dict", frozenset((freeze(k, depth), freeze(v, depth)) for k, v in value.items()))
    if isinstance(value, set | frozenset):
        return ("set", frozenset(freeze(item, depth) for item in value))
    # NumPy-like arrays, without importing NumPy: their shape, element type and bytes.
    tobytes = getattr(value, "tobytes", None)
    if callable(tobytes) and hasattr(value, "shape") and hasattr(value, "dtype"):
        return (kind.__qualname__, tuple(value.shape), str(value.dtype), tobytes())
    fields = _fields(value)
    if fields is None:
        raise FreezeError(f"the state holds a {kind.__qualname__}, which cannot be made a key")
    return (kind.__qualname__, tuple((name, freeze(v, depth)) for name, v in fields))


def _fields(value: object) -> list[tuple[str, object]] | None:
    """An object's attributes by name, from ``__dict__`` and ``__slots__``; None if none."""
    if callable(value) or isinstance(value, type):
        return None
    found: dict[str, object] = {}
    own = getattr(value, "__dict__", None)
    if isinstance(own, dict):
        found.update(own)
    for cls in type(value).__mro__:
        slots = cls.__dict__.get("__slots__", ())
        for name in (slots,) if isinstance(slots, str) else slots:
            if name not in ("__dict__", "__weakref__") and hasattr(value, name):
                found[name] = getattr(value, name)
    if not found and own is None:
        return None
    return sorted(found.items())
