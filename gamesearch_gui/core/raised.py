"""What an exception raised by a user's code says, in one line that never fails.

A student's exception class may have a ``__str__`` that raises, or returns something
that is not a string, or a megabyte of text; an exception's type name may be anything.
:func:`raised_text` says ``KeyError: (1, 1)`` whatever the exception does, and adds what
a person needs to know about the few that come from the limits user code runs under
(memory, the size of a file).
"""

from __future__ import annotations

import errno
from typing import Final

#: Longest message of an exception quoted.
DETAIL_LIMIT: Final = 200


def _limit(name: str) -> int | None:
    """This process's limit ``resource.RLIMIT_<name>`` in bytes, if it has one."""
    try:
        import resource
    except ImportError:
        return None
    try:
        soft, _ = resource.getrlimit(getattr(resource, f"RLIMIT_{name}"))
    except (AttributeError, ValueError, OSError):
        return None
    return None if soft == resource.RLIM_INFINITY else soft


def _megabytes(count: int) -> str:
    return f"{count // 1024**2} MB" if count >= 1024**2 else f"{count} bytes"


def message(error: BaseException, limit: int = DETAIL_LIMIT) -> str:
    """The exception's own text on one line, at most ``limit`` characters; says so when
    the text cannot be had."""
    try:
        text = str(error)
        if not isinstance(text, str):
            raise TypeError(f"__str__ returned {type(text).__name__}")
    except BaseException as failing:  # a user's __str__ may raise anything
        try:
            why = type(failing).__name__
        except BaseException:
            why = "an error"
        return f"(its message cannot be printed: its __str__ raised {why})"
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def raised_text(error: BaseException, limit: int = DETAIL_LIMIT) -> str:
    """``Type: message``, or ``Type`` alone when there is no message; with the limit
    that was hit where the error comes from one."""
    name = type(error).__name__
    if isinstance(error, MemoryError):
        memory = _limit("AS")
        said = "" if memory is None else f" (its memory limit is {_megabytes(memory)})"
        return f"{name}: it ran out of memory{said}"
    detail = message(error, limit)
    size = _limit("FSIZE")
    if isinstance(error, OSError) and error.errno == errno.EFBIG and size is not None:
        detail += f" (a file it wrote reached the limit on file size, {_megabytes(size)})"
    return f"{name}: {detail}" if detail else name
