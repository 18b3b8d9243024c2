"""Which functions a student's file defines that could be its search, read without
running it (the window offers them to choose from).

The file is parsed, never imported: reading a file's syntax runs none of its code, so
this may run in the window's own process. A file that does not parse has no outline;
the check itself says where its syntax error is.
"""

from __future__ import annotations

import ast
from typing import Final

from gamesearch_gui.search_check.student import KNOWN_FUNCTIONS

#: Words in a function's name that say it is a search.
SEARCH_WORDS: Final = ("minimax", "minmax", "alpha", "expect", "search", "decision")


def _called_as_search(function: ast.FunctionDef) -> bool:
    """True when ``function(state, game)`` is a call it accepts: two positional
    parameters, any others with defaults."""
    args = function.args
    positional = [*args.posonlyargs, *args.args]
    required = len(positional) - len(args.defaults)
    kw_required = any(d is None for d in args.kw_defaults)
    return not kw_required and (required == 2 or (required < 2 and args.vararg is not None))


def search_functions(source: str) -> list[str]:
    """The top-level functions of ``source`` that can be called as ``f(state, game)``:
    aima-python's names first, then those whose names look like a search, then the rest,
    each group in the file's order. Empty when ``source`` does not parse."""
    try:
        module = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return []
    names = [
        node.name
        for node in module.body
        if isinstance(node, ast.FunctionDef) and _called_as_search(node)
    ]

    def rank(name: str) -> int:
        if name in KNOWN_FUNCTIONS:
            return 0
        return 1 if any(word in name.lower() for word in SEARCH_WORDS) else 2

    return sorted(dict.fromkeys(names), key=rank)  # sorted() is stable: file order kept
