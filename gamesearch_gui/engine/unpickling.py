"""What a message from an engine process may be made of, when it is unpickled.

An engine process runs user code, and that code owns its process: it can write any
bytes to the pipe. Plain ``pickle.loads`` of such bytes calls whatever function the bytes
name (``os.system``, say), in the window's process or the grader's: the containment of
the code (:mod:`.sandbox`) would be for nothing. So messages are unpickled with
:class:`SafeUnpickler`, which finds only the classes that the answers are made of: the
app's own value types (the core's, the checks', the protocol's), the standard library's
containers and numbers, and python-chess's positions. A forged message is then an error
(:class:`pickle.UnpicklingError`), like any broken one; no function is ever found.
"""

from __future__ import annotations

import io
import pickle
from collections.abc import Sequence
from typing import Any
from typing import Final

#: Modules whose classes (types only, never functions) a message may hold.
MODULE_PREFIXES: Final = (
    "gamesearch_gui.core.",
    "gamesearch_gui.search_check.",
)
MODULES: Final = frozenset(
    {
        "gamesearch_gui.engine.protocol",
        "gamesearch_gui.engine.limits",
        "gamesearch_gui.solving",
        "chess",
    }
)
#: Classes of those modules that do more than hold values (reading files).
REFUSED: Final = frozenset({("gamesearch_gui.core.exercises.history", "ExerciseHistory")})
#: The standard library's value types a message may hold.
STANDARD: Final = frozenset(
    {
        ("builtins", name)
        for name in (
            "tuple",
            "list",
            "dict",
            "set",
            "frozenset",
            "bytearray",
            "bytes",
            "complex",
            "range",
            "slice",
            "int",
            "float",
            "str",
            "bool",
        )
    }
    | {
        ("array", "array"),
        ("array", "_array_reconstructor"),
        ("collections", "OrderedDict"),
        ("collections", "deque"),
        ("collections", "Counter"),
        ("fractions", "Fraction"),
        ("decimal", "Decimal"),
        ("copyreg", "_reconstructor"),
        # A report's big arrays, rebuilt from their frames (protocol.dumps_framed).
        ("gamesearch_gui.engine.protocol", "_array_from"),
    }
)


#: Methods a message may hold, by the class of what they are bound to: pickle writes a
#: bound method as ``getattr(owner, name)``. A chess state names its class method in its
#: ``__reduce__``; a whole recording (an exercise's answer key) keeps its columns'
#: ``append`` bound.
METHODS: Final = frozenset(
    {
        ("gamesearch_gui.core.games.chess.ChessState", "from_fen"),
        ("array.array", "append"),
        ("builtins.list", "append"),
        ("builtins.bytearray", "append"),
    }
)


def _getattr(owner: Any, name: str) -> Any:
    """``getattr`` as a message may use it: one of ``METHODS``, nothing else."""
    cls = owner if isinstance(owner, type) else type(owner)
    key = (f"{cls.__module__}.{cls.__qualname__}", name)
    if key not in METHODS:
        raise pickle.UnpicklingError(f"an engine's message may not call {key[0]}.{name}")
    return getattr(owner, name)


def allowed(module: str, name: str, found: Any) -> bool:
    """True when a message may hold the global ``module.name`` (``found``)."""
    if (module, name) in STANDARD:
        return True
    if (module, name) in REFUSED or not isinstance(found, type):
        return False
    return module in MODULES or module.startswith(MODULE_PREFIXES)


class SafeUnpickler(pickle.Unpickler):
    """An unpickler that finds only what :func:`allowed` allows."""

    def find_class(self, module: str, name: str) -> Any:
        if (module, name) == ("builtins", "getattr"):
            return _getattr
        found = super().find_class(module, name) if _known(module, name) else None
        if found is None or not allowed(module, name, found):
            raise pickle.UnpicklingError(f"an engine's message may not hold {module}.{name}")
        return found


def _known(module: str, name: str) -> bool:
    """Whether ``module.name`` is worth looking up (it imports the module, if needed)."""
    return (
        (module, name) in STANDARD
        or module in MODULES
        or (module.startswith(MODULE_PREFIXES) and (module, name) not in REFUSED)
    )


def loads(data: bytes | bytearray, buffers: Sequence[Any] = ()) -> Any:
    """``pickle.loads`` of a message, finding only what it may hold."""
    return SafeUnpickler(io.BytesIO(data), buffers=buffers).load()
