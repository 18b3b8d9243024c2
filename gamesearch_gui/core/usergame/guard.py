"""Calls into a user's game file: every failure becomes one message naming the file, the
line and the method, and every answer is checked before the search trusts it.

A student's file is untrusted code: an exception there, a method that returns the wrong
kind of thing, or a call to ``exit()`` must end in a sentence such as
``tictactoe.py, line 42, in result: KeyError: (1, 1)``, never a traceback.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable
from collections.abc import Iterable
from collections.abc import Mapping
from dataclasses import dataclass
from dataclasses import field
from pathlib import Path
from types import TracebackType
from typing import TypeVar

from gamesearch_gui.core.files import printable
from gamesearch_gui.core.game import GameError
from gamesearch_gui.core.raised import raised_text
from gamesearch_gui.core.trees.file import show

R = TypeVar("R")

#: Longest repr of a value a message quotes.
DESCRIBE_LIMIT = 60


class UserCodeError(GameError):
    """The user's code raised an exception or gave a wrong answer; says where and what."""


class EndlessGameError(UserCodeError):
    """A line of play went past the ply limit without the game ending."""


@dataclass(frozen=True)
class UserFile:
    """The game file whose code is called, for messages that say where."""

    path: Path
    #: Where each class in the file starts, by qualified name (functions too: harmless).
    class_lines: Mapping[str, int] = field(default_factory=dict)

    @property
    def name(self) -> str:
        """The file's name, as a message starts: ``nim.py``."""
        return self.path.name

    def where(self, method: str, fn: object = None, line: int | None = None) -> str:
        """``nim.py, line 12, in actions``: the line given, else where ``fn`` starts."""
        if line is None:
            line = self.line_of(fn)
        at = f", line {line}" if line is not None else ""
        return f"{self.name}{at}, in {method}"

    def line_of(self, fn: object) -> int | None:
        """The first line of ``fn`` when it is defined in this file, else None."""
        code = getattr(getattr(fn, "__func__", fn), "__code__", None)
        if code is not None and self._ours(code.co_filename):
            return int(code.co_firstlineno)
        return None

    def run(self, method: str, fn: Callable[..., R], *args: object, about: str = "") -> R:
        """``fn(*args)``, with any exception turned into a UserCodeError saying where.

        ``method`` names the call for a failure outside the file's own lines; one inside
        them is named by the innermost function of the file on the traceback (the user's
        helper, when that is where it failed). ``about`` adds what was asked
        (``with move (1, 1)``).
        """
        try:
            return fn(*args)
        except UserCodeError:
            raise
        except SystemExit as error:
            raise UserCodeError(
                f"{self._located(method, fn, error.__traceback__)}{about}: "
                f"called exit({'' if error.code is None else described_code(error.code)})"
            ) from None
        except BaseException as error:  # user code may raise anything at all, Ctrl+C too
            raise self.failure(method, fn, error, about) from None

    def failure(
        self, method: str, fn: object, error: BaseException, about: str = ""
    ) -> UserCodeError:
        """The UserCodeError that tells of ``error``, raised in user code called as ``method``."""
        said = raised_text(error)
        return UserCodeError(f"{self._located(method, fn, error.__traceback__)}{about}: {said}")

    def wrong(self, method: str, fn: object, what: str) -> UserCodeError:
        """The error for a wrong answer: ``nim.py, line 12, in actions: returned ...``."""
        return UserCodeError(f"{self.where(method, fn)}: {what}")

    def number(self, method: str, fn: object, value: object) -> float:
        """``value`` if it is a finite number (a utility, an evaluation), else UserCodeError."""
        if (isinstance(value, int | float) and not isinstance(value, bool)) or _is_number_like(
            value
        ):
            try:
                number = float(value)  # type: ignore[arg-type]
            except OverflowError:
                raise self.wrong(
                    method, fn, f"returned {described(value)}, a number too large for a float"
                ) from None
            except Exception:  # a user's __float__ may fail in any way
                number = math.nan
            if math.isfinite(number):
                return number
        raise self.wrong(method, fn, f"returned {described(value)}, not a finite number")

    def moves(self, method: str, fn: object, value: object) -> tuple[object, ...]:
        """``value`` as a tuple of moves, if it is a list, tuple or other iterable of them."""
        if isinstance(value, str | bytes | Mapping) or not isinstance(value, Iterable):
            raise self.wrong(method, fn, f"returned {described(value)}, not a list of moves")
        return tuple(self.run(method, tuple, value))

    def _located(self, method: str, fn: object, trace: TracebackType | None) -> str:
        line = name = None
        while trace is not None:
            code = trace.tb_frame.f_code
            if self._ours(code.co_filename):
                line, name = trace.tb_lineno, code.co_name
            trace = trace.tb_next
        if name is not None and name not in ("<module>", "<lambda>"):
            method = name
        return self.where(method, fn, line)

    def _ours(self, filename: str) -> bool:
        return os.path.abspath(filename) == str(self.path)


def _is_number_like(value: object) -> bool:
    # NumPy's scalars and Fractions convert; a string that happens to hold digits does not.
    return hasattr(value, "__float__") and not isinstance(value, str | bytes | bool)


def described_code(code: object) -> str:
    """An exit code as ``exit()`` was given it, for a message."""
    try:
        return show(code)
    except Exception:  # a user's object whose __str__ fails
        return described(code)


def described(value: object) -> str:
    """A value and its type for a message: ``None``, ``'abc' (str)``."""
    if value is None:
        return "None"
    try:
        text = repr(value)
        if not isinstance(text, str):
            raise TypeError("__repr__ returned no str")
    except Exception:  # a user's __repr__ may fail too (or an int too long to write)
        text = "?"
    if len(text) > DESCRIBE_LIMIT:
        text = text[: DESCRIBE_LIMIT - 1] + "…"
    return f"{printable(text)} ({type(value).__qualname__})"
