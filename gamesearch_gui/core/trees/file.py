"""Custom tree files: the JSON format (version 1, and version 2 for n players) and the
nested-list shorthand.

Reading is all or nothing: every rule is checked while walking the parsed JSON, and the
tree is built only once the whole input has passed, so a bad file never half-loads.
Every walk is iterative, so a deep file is refused with a message, never a RecursionError.
Errors name the node by its path (``node 1.2``, ``root``, or ``file`` for the top level),
and quote what the user wrote only through :func:`show`: a short excerpt, escaped.

Files and standard input are read the same way, as bytes (:func:`read_tree_bytes`, at
most ``MAX_FILE_BYTES`` of them, then :func:`load_tree_bytes`), so the same bytes give
the same tree or the same message whichever way they come in.
"""

from __future__ import annotations

import codecs
import difflib
import errno
import itertools
import json
import math
import os
import sys
from collections.abc import Callable
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path as FilePath
from typing import BinaryIO
from typing import Required
from typing import TypeAlias
from typing import TypedDict
from typing import TypeGuard

from gamesearch_gui.core.files import escape_char
from gamesearch_gui.core.files import printable
from gamesearch_gui.core.files import write_text
from gamesearch_gui.core.game import GameError
from gamesearch_gui.core.trees.cs188 import Cs188Error
from gamesearch_gui.core.trees.cs188 import looks_like_test
from gamesearch_gui.core.trees.cs188 import read_test
from gamesearch_gui.core.trees.efg import EFG_SUFFIX
from gamesearch_gui.core.trees.efg import EfgError
from gamesearch_gui.core.trees.efg import looks_like_efg
from gamesearch_gui.core.trees.efg import read_efg
from gamesearch_gui.core.trees.tree import MAX_DEPTH
from gamesearch_gui.core.trees.tree import MAX_NODES
from gamesearch_gui.core.trees.tree import CustomTree
from gamesearch_gui.core.trees.tree import NodeType
from gamesearch_gui.core.trees.tree import Number
from gamesearch_gui.core.trees.tree import Path
from gamesearch_gui.core.trees.tree import TreeNode
from gamesearch_gui.core.trees.tree import gc_paused
from gamesearch_gui.core.trees.tree import iter_nodes
from gamesearch_gui.core.trees.tree import path_text

__all__ = [
    "CS188_ORIGIN",
    "DEFAULT_NAME",
    "EFG_SUFFIX",
    "FORMAT_TAG",
    "GAMBIT_ORIGIN",
    "MAX_DEPTH",
    "MAX_FILE_BYTES",
    "MAX_NODES",
    "PROBABILITY_TOLERANCE",
    "QUOTE_LIMIT",
    "SUM_TOLERANCE",
    "SUPPORTED_VERSIONS",
    "TEST_SUFFIX",
    "TreeFileError",
    "TreeSource",
    "build_tree",
    "check_tree",
    "default_tree_name",
    "dump_tree",
    "load_tree",
    "load_tree_bytes",
    "load_tree_file",
    "load_tree_stream",
    "printable",
    "read_tree_bytes",
    "read_tree_file",
    "read_tree_source",
    "save_tree_file",
    "show",
    "text_problem",
    "tree_from_dict",
    "tree_from_json",
    "tree_from_nested",
    "tree_to_dict",
    "tree_to_nested",
]

FORMAT_TAG = "gamesearch-tree"
#: The suffix of UC Berkeley CS188's autograder test files (core/trees/cs188.py).
TEST_SUFFIX = ".test"
#: What a tree read from another format's file says it came from (``TreeSource.origin``).
CS188_ORIGIN = "CS188 test case"
GAMBIT_ORIGIN = "Gambit game"
SUPPORTED_VERSIONS = (1, 2)
#: How far from 1 a chance node's probabilities may sum.
PROBABILITY_TOLERANCE = 1e-9
#: How far a vector's sum may be from a declared "constant_sum", relative to its size.
SUM_TOLERANCE = 1e-9
#: The name of a tree whose file and caller give none.
DEFAULT_NAME = "untitled"
#: The most bytes a tree file (or standard input) may hold; reading stops one byte past it.
#: A file of ``MAX_NODES`` nodes as ``dump_tree`` writes it weighs 31 MiB (small whole
#: leaf values), 65 MiB (17-digit values and evals) or 211 MiB (every node labelled, with
#: a move, a probability and a 17-digit value), so 256 MiB holds any tree the app can
#: draw, with room for hand-made white space, while ``solve /dev/zero`` stops at once.
MAX_FILE_BYTES = 256 * 1024 * 1024
#: Characters of what a user wrote that a message quotes at most (cut with "…").
QUOTE_LIMIT = 40
#: Bytes read at a time, so a stream is never asked for more than it holds.
_CHUNK = 1024 * 1024

#: Keys in the order ``dump_tree`` writes them (the order of DESIGN.md's examples).
_TOP_KEYS = ("format", "version", "name", "value_bounds", "root")
_NODE_KEYS = ("type", "label", "move", "probability", "value", "eval", "children")
#: Version 2 with "players": the keys it adds, in the order they are written.
_PLAYER_TOP_KEYS = ("format", "version", "name", "players", "constant_sum", "value_bounds", "root")
_PLAYER_NODE_KEYS = ("type", "player", "label", "move", "probability", "values", "eval", "children")
_TYPES = {t.value: t for t in (NodeType.MAX, NodeType.MIN, NodeType.CHANCE, NodeType.LEAF)}
_PLAYER_TYPES = {t.value: t for t in (NodeType.PLAYER, NodeType.CHANCE, NodeType.LEAF)}
_KNOWN_KEYS: dict[tuple[str, ...], frozenset[str]] = {
    keys: frozenset(keys) for keys in (_TOP_KEYS, _NODE_KEYS, _PLAYER_TOP_KEYS, _PLAYER_NODE_KEYS)
}
_FLOAT_MAX = sys.float_info.max
#: Lines of a saved file stay within this width when a node's leaves are put on one line.
_LINE_WIDTH = 100

#: A node's fields before it is built: type, value, eval, probability, label, move, path,
#: number of children, and in a tree of n players its player, values and evals.
_Record: TypeAlias = tuple[
    NodeType,
    Number | None,
    Number | None,
    float | None,
    str | None,
    str | None,
    Path,
    int,
    int | None,
    tuple[Number, ...] | None,
    tuple[Number, ...] | None,
]


#: Called now and then while a big tree is read; whatever it raises stops the reading.
Check: TypeAlias = Callable[[], None]


class NodeDocument(TypedDict, total=False):
    """A node as a tree file writes it (see DESIGN.md's formats): ``type`` or, in a
    tree of players (version 2), ``player``; ``value`` on a leaf, or its ``values``
    (one per player); ``eval`` a number, or a list (one per player)."""

    type: str
    player: str
    label: str
    move: str
    probability: float
    value: Number
    values: list[Number]
    eval: Number | list[Number]
    children: list[NodeDocument]


class TreeDocument(TypedDict, total=False):
    """A tree file's top level: version 1, or 2 with ``players`` (and ``constant_sum``)."""

    format: Required[str]
    version: Required[int]
    name: Required[str]
    players: list[str]
    constant_sum: Number
    value_bounds: list[Number]
    root: NodeDocument


#: The nested-list shorthand: a leaf's number, or a list of children.
Nested: TypeAlias = "Number | list[Nested]"
#: Objects (or nodes) read between two calls of a Check.
CHECK_EVERY = 8192


class TreeFileError(GameError):
    """A tree file (or tree data) that breaks a rule of the format.

    ``path`` is the offending node's path text (``""`` for the root), or None for a
    problem with the file as a whole; ``rule`` says what is wrong.
    """

    def __init__(self, path: str | None, rule: str) -> None:
        self.path = path
        self.rule = rule
        super().__init__(f"{_where(path)}: {rule}")


class LineError(TreeFileError):
    """A problem on a line of a tree file written as lines of text (CS188's ``.test``
    files), said with the file's name: ``tied.test, line 12: ...``."""

    def __init__(self, file_name: str, line: int, rule: str) -> None:
        super().__init__(None, rule)
        self.file_name = file_name
        self.line = line
        self.args = (f"{printable(file_name)}, line {line}: {rule}",)

    def __str__(self) -> str:
        return str(self.args[0])


@dataclass(frozen=True)
class TreeSource:
    """A tree as a file gave it, and what the file says about solving it.

    ``algorithm`` is the search the file asks for (a value of ``Algorithm``: a CS188
    case's agent), or None where the file names none; ``about`` is one line on what was
    read ("" for the app's own formats), and ``origin`` the kind of file it was
    (``CS188_ORIGIN``, ``GAMBIT_ORIGIN``; "" for the app's own formats).
    """

    tree: CustomTree
    algorithm: str | None = None
    about: str = ""
    origin: str = ""


def _error(path: Path | None, rule: str) -> TreeFileError:
    """A TreeFileError about the node at ``path`` (None: the file as a whole)."""
    return TreeFileError(None if path is None else path_text(path), rule)


def _where(path: str | None) -> str:
    if path is None:
        return "file"
    return f"node {path}" if path else "root"


class _JsonObject(dict[str, object]):
    """A parsed JSON object that had keys given twice (json alone keeps only the last)."""

    __slots__ = ("duplicates",)

    def __init__(self, pairs: list[tuple[str, object]], duplicates: list[str]) -> None:
        super().__init__(pairs)
        self.duplicates = duplicates


def _json_object(pairs: list[tuple[str, object]]) -> dict[str, object]:
    obj = dict(pairs)
    if len(obj) == len(pairs):
        return obj
    seen: set[str] = set()
    duplicates: list[str] = []
    for key, _ in pairs:
        if key in seen and key not in duplicates:
            duplicates.append(key)
        seen.add(key)
    return _JsonObject(pairs, duplicates)


def json_kind(value: object) -> str:
    """What a JSON value is, in words, for messages."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list | tuple):
        return "a list"
    if isinstance(value, Mapping):
        return "an object"
    return f"a {type(value).__name__}"


def show(value: object, limit: int = QUOTE_LIMIT) -> str:
    """What a user wrote, quoted for a message: JSON-like, short, and safe to print.

    Text is quoted (``"max"``), other values written as JSON writes them (``NaN`` for
    not-a-number); at most ``limit`` characters of it are kept (cut with "…"), and
    every character that is not printable is escaped (see :func:`printable`). The one
    way every message of the app quotes user text: keys, types, names, labels, moves,
    values, file names.
    """
    if isinstance(value, str):
        return f'"{_excerpt(value, limit, quoted=True)}"'
    if isinstance(value, float) and math.isnan(value):
        return "NaN"
    # Only the start of a large list or object can be shown, so only that is written.
    if isinstance(value, list | tuple):
        value = list(value[:limit])
    elif isinstance(value, Mapping):
        value = dict(itertools.islice(value.items(), limit))
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        # Not JSON (an object from code), or an int too long to write out.
        text = json_kind(value)
    return _excerpt(text, limit, quoted=False)


def _excerpt(text: str, limit: int, *, quoted: bool) -> str:
    """At most ``limit`` characters of ``text`` escaped, "…" where it was cut."""
    pieces: list[str] = []
    size = 0
    for char in text[: limit + 1]:
        if not char.isprintable():
            piece = escape_char(char)
        elif quoted and char in '"\\':
            piece = "\\" + char
        else:
            piece = char
        size += len(piece)
        if size > limit:
            pieces.append("…")
            break
        pieces.append(piece)
    return "".join(pieces)


def text_problem(text: str) -> str | None:
    """Why ``text`` cannot be a name, label or move, or None when it can.

    A Python string may hold lone surrogates (JSON's ``"\\udfff"``, a file name that
    is not UTF-8), which no UTF-8 file can store: a tree holding one could never be
    saved. The file loader and the editing functions both refuse text through this.
    """
    if text.isascii():
        return None
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as e:
        return f"holds a character that is not text (a lone surrogate {printable(text[e.start])})"
    return None


def _is_number(value: object) -> TypeGuard[int | float]:
    # bool is an int in Python, but true is no utility.
    return isinstance(value, int | float) and not isinstance(value, bool)


def _finite_number(value: object, key: str, path: Path | None) -> Number:
    """``value`` as a finite number, else a TreeFileError about ``key`` at ``path``."""
    if not _is_number(value):
        raise _error(path, f'"{key}" must be a number, not {json_kind(value)}')
    assert isinstance(value, int | float)
    if isinstance(value, float) and not math.isfinite(value):
        raise _error(path, f'"{key}" must be a finite number, not {show(value)}')
    # Huge ints are finite but would overflow the moment a search mixes them with floats.
    if isinstance(value, int) and abs(value) > _FLOAT_MAX:
        raise _error(path, f'"{key}" must be a finite number, not one this large')
    return value


# Reading ----------------------------------------------------------------------------------


def _checking(
    check: Check | None,
) -> Callable[[list[tuple[str, object]]], dict[str, object]]:
    """The parser's hook for objects: ``_json_object``, calling ``check`` now and then."""
    if check is None:
        return _json_object
    count = itertools.count()

    def hook(pairs: list[tuple[str, object]]) -> dict[str, object]:
        if next(count) % CHECK_EVERY == 0:
            check()
        return _json_object(pairs)

    return hook


def _parse_json(text: str, check: Check | None = None) -> object:
    try:
        return json.loads(text, object_pairs_hook=_checking(check))
    except json.JSONDecodeError as e:
        raise TreeFileError(
            None, f"not JSON (line {e.lineno}, column {e.colno}: {e.msg})"
        ) from None
    except RecursionError:
        raise TreeFileError(
            None, f"the tree is nested too deeply (the limit is {MAX_DEPTH} levels)"
        ) from None
    except ValueError as e:
        # json raises plain ValueError for a few things, such as an integer of thousands
        # of digits.
        raise TreeFileError(None, f"not JSON ({e})") from None


def _check_keys(raw: Mapping[str, object], allowed: tuple[str, ...], path: Path | None) -> None:
    if isinstance(raw, _JsonObject):
        raise _error(path, f"the key {show(raw.duplicates[0])} is given twice")
    if raw.keys() <= _KNOWN_KEYS[allowed]:
        return
    for key in raw:
        if key not in allowed:
            if allowed is _NODE_KEYS and key in ("player", "values"):
                raise _error(
                    path,
                    f"{show(key)} belongs to a tree of players, but the file names none: a "
                    'tree of players is "version": 2 with the players\' names at the top, '
                    'such as "players": ["A", "B", "C"]',
                )
            rule = f"unknown key {show(key)}"
            close = difflib.get_close_matches(str(key), allowed, n=1)
            if close:
                rule += f' (did you mean "{close[0]}"?)'
            else:
                rule += " (allowed: " + ", ".join(f'"{k}"' for k in allowed) + ")"
            raise _error(path, rule)


def _optional_text(raw: Mapping[str, object], key: str, path: Path) -> str | None:
    if key not in raw:
        return None
    value = raw[key]
    if not isinstance(value, str):
        raise _error(path, f'"{key}" must be a string, not {json_kind(value)}')
    problem = text_problem(value)
    if problem is not None:
        raise _error(path, f'"{key}" {problem}')
    return value


def _tree_name(name: str | None) -> str:
    """``name``, or ``DEFAULT_NAME`` for None; TreeFileError if it is not text."""
    if name is None:
        return DEFAULT_NAME
    problem = text_problem(name)
    if problem is not None:
        raise TreeFileError(None, f'"name" {problem}')
    return name


def _check_bounds(
    value: Number, key: str, path: Path, bounds: tuple[Number, Number] | None
) -> None:
    if bounds is not None and not bounds[0] <= value <= bounds[1]:
        raise _error(
            path,
            f'"{key}" {show(value)} lies outside "value_bounds" '
            f"[{show(bounds[0])}, {show(bounds[1])}]",
        )


def _count_and_depth(count: int, path: Path) -> None:
    if count > MAX_NODES:
        raise TreeFileError(None, f"the tree has more than {MAX_NODES:,} nodes (the limit)")
    if len(path) > MAX_DEPTH:
        raise TreeFileError(
            path_text(path), f"the tree is deeper than {MAX_DEPTH} levels (the limit)"
        )


@dataclass(frozen=True)
class _Players:
    """The top level of a version 2 file with ``players``: what its nodes are read with."""

    names: tuple[str, ...]
    total: Number | None  #: the declared "constant_sum"

    @property
    def described(self) -> str:
        return ", ".join(show(name) for name in self.names)


def _read_node(
    raw: object,
    path: Path,
    parent: NodeType | None,
    bounds: tuple[Number, Number] | None,
    players: _Players | None = None,
) -> tuple[_Record, Sequence[object]]:
    """Check one node against every rule of its format: version 1 (and version 2 without
    ``players``) when ``players`` is None, else version 2 with players. Its record and raw
    children."""
    if not isinstance(raw, Mapping):
        raise _error(path, f"a node must be a JSON object, not {json_kind(raw)}")
    _check_keys(raw, _NODE_KEYS if players is None else _PLAYER_NODE_KEYS, path)
    node_type = _node_type(raw, path, players)

    label = _optional_text(raw, "label", path)
    move = _optional_text(raw, "move", path)
    if move is not None and not path:
        raise _error(path, 'the root has no parent, so it cannot have a "move"')

    probability = _read_probability(raw, path, parent)
    player: int | None = None
    if players is not None:
        player = _read_node_player(raw, path, node_type, players)

    value: Number | None = None
    values: tuple[Number, ...] | None = None
    evaluation: Number | None = None
    evals: tuple[Number, ...] | None = None
    children: Sequence[object] = ()
    if node_type is NodeType.LEAF:
        value, values = _read_leaf(raw, path, bounds, players)
    else:
        children = _read_children(raw, path, node_type, players)
        if "eval" in raw:
            evaluation, evals = _read_eval(raw["eval"], path, bounds, players)
    if players is not None and len(players.names) == 2:
        # Two players are MAX and MIN: the tree is read as the version 1 tree it is.
        node_type, value, evaluation = _as_two_players(node_type, player, values, evals, path)
        player = values = evals = None
    record = (
        node_type,
        value,
        evaluation,
        probability,
        label,
        move,
        path,
        len(children),
        player,
        values,
        evals,
    )
    return record, children


def _read_probability(
    raw: Mapping[str, object], path: Path, parent: NodeType | None
) -> float | None:
    """The node's "probability": required in (0, 1] under a chance node, refused elsewhere."""
    if parent is NodeType.CHANCE:
        rule = 'a chance node\'s children need a "probability" in (0, 1]'
        if "probability" not in raw:
            raise _error(path, rule)
        p = raw["probability"]
        if not _is_number(p) or not 0 < p <= 1:
            got = json_kind(p) if not _is_number(p) else show(p)
            raise _error(path, f"{rule}, not {got}")
        return p
    if "probability" in raw:
        raise _error(path, '"probability" is only allowed on a child of a chance node')
    return None


def _read_node_player(
    raw: Mapping[str, object], path: Path, node_type: NodeType, players: _Players
) -> int | None:
    """Who decides at the node of a tree of players: a player node's "player"; nobody at
    a chance node or a leaf, which may not name one."""
    if node_type is NodeType.PLAYER:
        return _read_player(raw, path, players)
    if "player" in raw:
        raise _error(path, f'a {node_type.value} node has no "player": nobody decides there')
    return None


def _read_leaf(
    raw: Mapping[str, object],
    path: Path,
    bounds: tuple[Number, Number] | None,
    players: _Players | None,
) -> tuple[Number | None, tuple[Number, ...] | None]:
    """A leaf's exact "value" (version 1) or "values" (a tree of players), and no
    children or eval."""
    value_key = "value" if players is None else "values"
    if "children" in raw:
        raise _error(path, 'a leaf cannot have "children"')
    if "eval" in raw:
        raise _error(path, f'a leaf cannot have an "eval": its "{value_key}" is already exact')
    if value_key not in raw:
        raise _error(path, f'a leaf needs "{value_key}"' if players else 'a leaf needs a "value"')
    if players is None:
        value = _finite_number(raw["value"], "value", path)
        _check_bounds(value, "value", path, bounds)
        return value, None
    return None, _read_vector(raw["values"], "values", path, bounds, players)


def _read_children(
    raw: Mapping[str, object], path: Path, node_type: NodeType, players: _Players | None
) -> Sequence[object]:
    """An inner node's raw "children", a non-empty list, and no value of its own."""
    value_key = "value" if players is None else "values"
    if value_key in raw:
        raise _error(
            path,
            f"a {node_type.value} node cannot have {'a ' if players is None else ''}"
            f'"{value_key}" '
            '(only leaves do; "eval" is a depth cutoff\'s estimate)',
        )
    if "children" not in raw:
        raise _error(path, f'a {node_type.value} node needs a non-empty "children"')
    children = raw["children"]
    if not isinstance(children, list | tuple):
        raise _error(path, f'"children" must be a list, not {json_kind(children)}')
    if not children:
        raise _error(path, f'a {node_type.value} node needs a non-empty "children"')
    return children


def _read_eval(
    raw: object, path: Path, bounds: tuple[Number, Number] | None, players: _Players | None
) -> tuple[Number | None, tuple[Number, ...] | None]:
    """An inner node's "eval": one number (version 1), or one per player."""
    if players is None:
        evaluation = _finite_number(raw, "eval", path)
        _check_bounds(evaluation, "eval", path, bounds)
        return evaluation, None
    return None, _read_vector(raw, "eval", path, bounds, players)


def _node_type(raw: Mapping[str, object], path: Path, players: _Players | None) -> NodeType:
    """What the node is, by its "type" or else by what it holds."""
    types = _TYPES if players is None else _PLAYER_TYPES
    if "type" in raw:
        name = raw["type"]
        node_type = types.get(name) if isinstance(name, str) else None
        if node_type is None:
            expected = '"max", "min", "chance" or "leaf"'
            if players is not None:
                expected = '"player", "chance" or "leaf"'
                if isinstance(name, str) and name in _TYPES:
                    expected += ': a tree of players has no "max" or "min" nodes'
            raise _error(path, f'unknown "type" {show(name)} (expected {expected})')
        return node_type
    if players is not None and "player" in raw:
        return NodeType.PLAYER
    if "children" in raw:
        if players is not None:
            raise _error(
                path,
                f'a node with "children" needs a "player" (one of {players.described}) '
                'or "type": "chance"',
            )
        raise _error(path, 'a node with "children" needs a "type" ("max", "min" or "chance")')
    return NodeType.LEAF


def _read_player(raw: Mapping[str, object], path: Path, players: _Players) -> int:
    """The index of the node's "player" among the file's players."""
    if "player" not in raw:
        raise _error(path, f'a player node needs a "player" (one of {players.described})')
    name = raw["player"]
    if isinstance(name, str) and name in players.names:
        return players.names.index(name)
    raise _error(path, f'unknown "player" {show(name)} (players: {players.described})')


def _read_vector(
    raw: object,
    key: str,
    path: Path,
    bounds: tuple[Number, Number] | None,
    players: _Players,
) -> tuple[Number, ...]:
    """A list of finite numbers, one per player, within the bounds and the constant sum."""
    n = len(players.names)
    if not isinstance(raw, list | tuple) or len(raw) != n:
        got = json_kind(raw) if not isinstance(raw, list | tuple) else f"{len(raw)} of them"
        raise _error(path, f'"{key}" must be a list of {n} numbers, one per player, not {got}')
    numbers = tuple(_finite_number(x, key, path) for x in raw)
    for number in numbers:
        _check_bounds(number, key, path, bounds)
    total = players.total
    if total is not None:
        added = math.fsum(numbers)
        if abs(added - total) > SUM_TOLERANCE * max(1.0, abs(total)):
            raise _error(
                path,
                f'the "{key}" add up to {added:.12g}, not the "constant_sum" {show(total)}',
            )
    return numbers


def _as_two_players(
    node_type: NodeType,
    player: int | None,
    values: tuple[Number, ...] | None,
    evals: tuple[Number, ...] | None,
    path: Path,
) -> tuple[NodeType, Number | None, Number | None]:
    """A node of a two-player version 2 file as version 1 says it: the first player is
    MAX, the second MIN, and ``[v, -v]`` is the value ``v``."""
    if node_type is NodeType.PLAYER:
        node_type = NodeType.MAX if player == 0 else NodeType.MIN
    scalars: list[Number | None] = []
    for key, vector in (("values", values), ("eval", evals)):
        if vector is not None and vector[1] != -vector[0]:
            raise _error(
                path,
                f'a tree of two players is zero-sum (MAX and MIN): "{key}" must be [v, -v], '
                f"not {show(list(vector))}",
            )
        scalars.append(None if vector is None else vector[0])
    return node_type, scalars[0], scalars[1]


def _build(records: list[_Record], check: Check | None = None) -> TreeNode:
    """Nodes from pre-order records, built bottom-up; checks chance probabilities sum to 1."""
    built: list[TreeNode] = []
    for i, record in enumerate(reversed(records)):
        node_type, value, evaluation, probability, label, move, path, n = record[:8]
        if check is not None and i % CHECK_EVERY == 0:
            check()
        children: tuple[TreeNode, ...] = ()
        if n:
            # In reverse pre-order a node's children are the last n built, first child on top.
            children = tuple(built[-1 : -n - 1 : -1])
            del built[-n:]
        if node_type is NodeType.CHANCE:
            total = math.fsum(c.probability or 0.0 for c in children)
            if abs(total - 1) > PROBABILITY_TOLERANCE:
                raise TreeFileError(
                    path_text(path),
                    f"the probabilities of a chance node's children must sum to 1, "
                    f"not {total:.12g}",
                )
        built.append(
            TreeNode(
                node_type, children, value, evaluation, probability, label, move, path, *record[8:]
            )
        )
    return built[0]


def _read_root(
    raw_root: object,
    bounds: tuple[Number, Number] | None,
    check: Check | None = None,
    players: _Players | None = None,
) -> TreeNode:
    records: list[_Record] = []
    stack: list[tuple[object, Path, NodeType | None]] = [(raw_root, (), None)]
    while stack:
        if check is not None and len(records) % CHECK_EVERY == 0:
            check()
        raw, path, parent = stack.pop()
        _count_and_depth(len(records) + 1, path)
        record, children = _read_node(raw, path, parent, bounds, players)
        records.append(record)
        node_type = record[0]
        for i in range(len(children) - 1, -1, -1):
            stack.append((children[i], (*path, i), node_type))
    return _build(records, check)


def _read_bounds(raw: object) -> tuple[Number, Number]:
    rule = '"value_bounds" must be [lo, hi]: two finite numbers with lo <= hi'
    if not isinstance(raw, list | tuple) or len(raw) != 2:
        raise TreeFileError(None, f"{rule}, not {show(raw)}")
    try:
        lo = _finite_number(raw[0], "value_bounds", None)
        hi = _finite_number(raw[1], "value_bounds", None)
    except TreeFileError:
        raise TreeFileError(None, f"{rule}, not {show(raw)}") from None
    if lo > hi:
        raise TreeFileError(None, f"{rule}, not {show(raw)}")
    return lo, hi


@gc_paused()
def tree_from_dict(
    doc: Mapping[str, object], name: str | None = None, *, check: Check | None = None
) -> CustomTree:
    """A tree from a format-1 or format-2 document already parsed into Python objects.

    ``name`` is used when the document has none. Raises TreeFileError. ``check`` is
    called now and then on a big tree (it may raise to stop the reading).
    """
    if not isinstance(doc, Mapping):
        raise TreeFileError(None, f"a tree document must be a JSON object, not {json_kind(doc)}")
    if isinstance(doc, _JsonObject) and doc.duplicates:
        raise TreeFileError(None, f"the key {show(doc.duplicates[0])} is given twice")
    if "format" not in doc:
        raise TreeFileError(None, f'missing "format": a tree file says "format": "{FORMAT_TAG}"')
    if doc["format"] != FORMAT_TAG:
        raise TreeFileError(None, f'"format" must be "{FORMAT_TAG}", not {show(doc["format"])}')
    supported = ", ".join(map(str, SUPPORTED_VERSIONS))
    if "version" not in doc:
        raise TreeFileError(None, f'missing "version" (supported versions: {supported})')
    version = doc["version"]
    if (
        isinstance(version, bool)
        or not isinstance(version, int)
        or (version not in SUPPORTED_VERSIONS)
    ):
        raise TreeFileError(
            None, f'unsupported "version" {show(version)} (supported versions: {supported})'
        )
    has_players = version >= 2 and "players" in doc
    _check_keys(doc, _PLAYER_TOP_KEYS if has_players else _TOP_KEYS, None)
    players = _read_players(doc) if has_players else None
    tree_name = name
    if "name" in doc:
        given = doc["name"]
        if not isinstance(given, str):
            raise TreeFileError(None, f'"name" must be a string, not {json_kind(given)}')
        tree_name = given
    bounds = _read_bounds(doc["value_bounds"]) if "value_bounds" in doc else None
    if "root" not in doc:
        raise TreeFileError(None, 'missing "root": the tree\'s root node')
    root = _read_root(doc["root"], bounds, check, players)
    if players is None or len(players.names) == 2:
        return CustomTree(_tree_name(tree_name), root, bounds)
    return CustomTree(_tree_name(tree_name), root, bounds, players.names, players.total)


def _read_players(doc: Mapping[str, object]) -> _Players:
    """The "players" and "constant_sum" of a version 2 file."""
    raw = doc["players"]
    rule = '"players" must be a list of two or more distinct names'
    if not isinstance(raw, list | tuple):
        raise TreeFileError(None, f"{rule}, not {json_kind(raw)}")
    if not raw:
        raise TreeFileError(None, f"{rule}; this one is empty")
    if len(raw) < 2:
        raise TreeFileError(None, f"{rule}; this one has only {show(raw[0])}")
    for name in raw:
        if not isinstance(name, str):
            raise TreeFileError(None, f"{rule}: {show(name)} is not a name")
        problem = text_problem(name)
        if problem is not None:
            raise TreeFileError(None, f'a name in "players" {problem}')
    for i, name in enumerate(raw):
        if name in raw[:i]:
            raise TreeFileError(None, f"{rule}: {show(name)} is given twice")
    total: Number | None = None
    if "constant_sum" in doc:
        total = _finite_number(doc["constant_sum"], "constant_sum", None)
        if len(raw) == 2 and total != 0:
            raise TreeFileError(
                None,
                'a tree of two players is zero-sum (MAX and MIN): its "constant_sum" is 0, '
                f"not {show(total)}",
            )
    return _Players(tuple(raw), total)


@gc_paused()
def tree_from_nested(
    obj: Sequence[object], name: str | None = None, *, check: Check | None = None
) -> CustomTree:
    """A tree from the nested-list shorthand: root MAX, levels alternate, numbers are leaves.

    Raises TreeFileError; ``check`` as for :func:`tree_from_dict`.
    """
    if not isinstance(obj, list | tuple):
        raise TreeFileError(None, f"the shorthand is a nested list, not {json_kind(obj)}")
    records: list[_Record] = []
    stack: list[tuple[object, Path]] = [(obj, ())]
    while stack:
        if check is not None and len(records) % CHECK_EVERY == 0:
            check()
        raw, path = stack.pop()
        _count_and_depth(len(records) + 1, path)
        if isinstance(raw, list | tuple):
            if not raw:
                raise _error(
                    path, "an empty list is not a node: an inner node needs at least one child"
                )
            node_type = NodeType.MAX if len(path) % 2 == 0 else NodeType.MIN
            records.append(
                (node_type, None, None, None, None, None, path, len(raw), None, None, None)
            )
            for i in range(len(raw) - 1, -1, -1):
                stack.append((raw[i], (*path, i)))
        elif _is_number(raw):
            value = _finite_number(raw, "value", path)
            records.append(
                (NodeType.LEAF, value, None, None, None, None, path, 0, None, None, None)
            )
        else:
            raise _error(
                path, f"a shorthand entry must be a number or a list, not {json_kind(raw)}"
            )
    return CustomTree(_tree_name(name), _build(records, check))


def tree_from_json(
    obj: object, name: str | None = None, *, check: Check | None = None
) -> CustomTree:
    """A tree from parsed JSON in either form: a format-1 or -2 object or a nested list."""
    if isinstance(obj, Mapping):
        return tree_from_dict(obj, name, check=check)
    if isinstance(obj, list | tuple):
        return tree_from_nested(obj, name, check=check)
    raise TreeFileError(
        None,
        "the top level must be a JSON object (a tree file) or a list (the nested-list "
        f"shorthand), not {json_kind(obj)}",
    )


@gc_paused()
def load_tree(text: str, name: str | None = None, *, check: Check | None = None) -> CustomTree:
    """A tree from JSON text in either form; ``name`` is used when the text names none.

    ``check`` is called now and then while a big tree is parsed and built; whatever it
    raises (a cancel) stops the reading.
    """
    return tree_from_json(_parse_json(text, check), name, check=check)


def default_tree_name(path: str | os.PathLike[str]) -> str:
    """The name a tree file gives its tree by default: its file name without the extension.

    A file name that is not UTF-8 (its bytes arrive as lone surrogates) gives U+FFFD
    in their place, so that the tree can be saved under that name.
    """
    stem = FilePath(path).name
    for suffix in (".json", ".gtree"):
        if stem.lower().endswith(suffix):
            stem = stem[: -len(suffix)]
    if text_problem(stem) is None:
        return stem
    return "".join("\ufffd" if "\ud800" <= c <= "\udfff" else c for c in stem)


def _too_large() -> TreeFileError:
    size = f"{MAX_FILE_BYTES:,} bytes"
    if MAX_FILE_BYTES >= 2**20:
        size += f" ({MAX_FILE_BYTES / 2**20:.4g} MiB)"
    return TreeFileError(None, f"larger than {size}, the limit for a tree file")


def read_tree_bytes(stream: BinaryIO) -> bytes:
    """All of ``stream`` (a file, a pipe, standard input), refused past ``MAX_FILE_BYTES``.

    Reads in chunks and at most one byte past the limit, so an endless stream
    (``/dev/zero``, a FIFO that never closes its end) is refused, not read until memory
    runs out. TreeFileError past the limit; OSError if the stream cannot be read.
    """
    chunks: list[bytes] = []
    size = 0
    while size <= MAX_FILE_BYTES:
        chunk = stream.read(min(_CHUNK, MAX_FILE_BYTES + 1 - size))
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
    if size > MAX_FILE_BYTES:
        raise _too_large()
    return b"".join(chunks)


def _decoded(data: bytes) -> str:
    """The text of a file's bytes: UTF-8, optionally after a byte order mark."""
    if len(data) > MAX_FILE_BYTES:
        raise _too_large()
    # Some Windows editors start UTF-8 files with a byte order mark.
    bom = len(codecs.BOM_UTF8) if data.startswith(codecs.BOM_UTF8) else 0
    try:
        return str(memoryview(data)[bom:], "utf-8")
    except UnicodeDecodeError as e:
        raise TreeFileError(
            None, f"not UTF-8 text (byte {bom + e.start} cannot be decoded)"
        ) from None


def read_tree_source(
    data: bytes,
    name: str | None = None,
    *,
    file_name: str | None = None,
    check: Check | None = None,
) -> TreeSource:
    """The tree the bytes of a file hold, in any format the app reads, and what the file
    says about solving it.

    The one way bytes become a tree, for files and standard input alike: a file named
    ``*.test`` (``file_name``) that is not JSON, or text whose first line is a field such as
    ``class: "GraphGameTreeTest"``, is a CS188 test case (core/trees/cs188.py), and a file
    named ``*.efg`` or text that starts with ``EFG`` a Gambit game (core/trees/efg.py),
    each refused with a LineError that names ``file_name`` (else ``name``) and the line;
    anything else is JSON in either form (:func:`load_tree`). TreeFileError for more than
    ``MAX_FILE_BYTES``, undecodable bytes (naming the first one's offset) or content that
    breaks a rule.
    """
    text = _decoded(data)
    named_efg = file_name is not None and file_name.lower().endswith(EFG_SUFFIX)
    if named_efg or looks_like_efg(text):
        try:
            game = read_efg(text, None if name is None else _efg_name(name), check=check)
        except EfgError as e:
            raise LineError(file_name or _tree_name(name), e.line, e.rule) from None
        return TreeSource(game.tree, None, game.about, GAMBIT_ORIGIN)
    # (JSON in a file named *.test is still JSON: it starts with "{" or "[")
    named_test = file_name is not None and file_name.lower().endswith(TEST_SUFFIX)
    is_test = named_test and not text.lstrip().startswith(("{", "["))
    if not (is_test or looks_like_test(text)):
        return TreeSource(load_tree(text, name, check=check))
    case_name = _tree_name(name)
    if case_name.lower().endswith(TEST_SUFFIX) and len(case_name) > len(TEST_SUFFIX):
        case_name = case_name[: -len(TEST_SUFFIX)]
    try:
        case = read_test(text, case_name, check=check)
    except Cs188Error as e:
        raise LineError(file_name or case_name, e.line, e.rule) from None
    return TreeSource(case.tree, case.algorithm, case.about(), CS188_ORIGIN)


def _efg_name(name: str) -> str:
    """A Gambit game's name where its title is empty: the file's, without ``.efg``."""
    if name.lower().endswith(EFG_SUFFIX) and len(name) > len(EFG_SUFFIX):
        return name[: -len(EFG_SUFFIX)]
    return name


def load_tree_bytes(
    data: bytes, name: str | None = None, *, check: Check | None = None
) -> CustomTree:
    """A tree from the bytes of a file (see :func:`read_tree_source`)."""
    return read_tree_source(data, name, check=check).tree


def load_tree_stream(
    stream: BinaryIO, name: str | None = None, *, check: Check | None = None
) -> CustomTree:
    """A tree from a binary stream, such as ``sys.stdin.buffer`` (see ``read_tree_bytes``)."""
    return load_tree_bytes(read_tree_bytes(stream), name, check=check)


def read_tree_file(path: str | os.PathLike[str], *, check: Check | None = None) -> TreeSource:
    """The tree a file holds (any format the app reads), and what the file says about
    solving it. TreeFileError for bad content; OSError if unreadable.

    ``check`` is called now and then while a big file is parsed and built (a cancel
    raised there stops the reading).
    """
    try:
        stream = open(path, "rb")  # noqa: SIM115 (closed just below, with the error turned)
    except ValueError as e:
        # open() refuses a name with a NUL character before the system sees it.
        raise OSError(errno.EINVAL, f"not a file name ({e})", os.fspath(path)) from None
    with stream:
        data = read_tree_bytes(stream)
    file_name = FilePath(path).name
    return read_tree_source(data, default_tree_name(path), file_name=file_name, check=check)


def load_tree_file(path: str | os.PathLike[str], *, check: Check | None = None) -> CustomTree:
    """A tree from a file (see :func:`read_tree_file`). TreeFileError for bad content;
    OSError if unreadable."""
    return read_tree_file(path, check=check).tree


def build_tree(
    root: Mapping[str, object] | Sequence[object],
    *,
    name: str = DEFAULT_NAME,
    value_bounds: tuple[Number, Number] | None = None,
    players: Sequence[str] = (),
    constant_sum: Number | None = None,
) -> CustomTree:
    """A checked tree from a root node given as a dict (format 1, or format 2 when
    ``players`` are named) or a nested list.

    The quick way to write a tree in code: ``build_tree([[3, 12, 8], [2, 4, 6]])``.
    """
    if isinstance(root, Mapping):
        doc: dict[str, object] = {"format": FORMAT_TAG, "version": 1, "name": name, "root": root}
        if players:
            doc.update(version=2, players=list(players))
            if constant_sum is not None:
                doc["constant_sum"] = constant_sum
        if value_bounds is not None:
            doc["value_bounds"] = list(value_bounds)
        return tree_from_dict(doc)
    if players or constant_sum is not None:
        raise ValueError("the nested-list shorthand has two players and no constant sum")
    if value_bounds is not None:
        raise ValueError("the nested-list shorthand cannot declare value_bounds")
    return tree_from_nested(root, name)


# Writing ----------------------------------------------------------------------------------


def _node_fields(node: TreeNode, players: tuple[str, ...]) -> NodeDocument:
    fields: NodeDocument = {}
    if node.type is NodeType.PLAYER:
        # "player" says what the node is.
        fields["player"] = players[node.player or 0]
    elif node.type is not NodeType.LEAF:
        fields["type"] = node.type.value
    if node.label is not None:
        fields["label"] = node.label
    if node.move is not None:
        fields["move"] = node.move
    if node.probability is not None:
        fields["probability"] = node.probability
    if node.value is not None:
        fields["value"] = node.value
    if node.values is not None:
        fields["values"] = list(node.values)
    if node.eval is not None:
        fields["eval"] = node.eval
    if node.evals is not None:
        fields["eval"] = list(node.evals)
    return fields


@gc_paused()
def tree_to_dict(tree: CustomTree) -> TreeDocument:
    """The tree as a document of plain dicts and lists (not checked): format version 1
    for a tree of two players, version 2 for a tree of more."""
    built: list[NodeDocument] = []
    for node in reversed(list(iter_nodes(tree.root))):
        fields = _node_fields(node, tree.players)
        n = len(node.children)
        if node.type is not NodeType.LEAF:
            fields["children"] = built[-1 : -n - 1 : -1] if n else []
            if n:
                del built[-n:]
        built.append(fields)
    doc: TreeDocument = {"format": FORMAT_TAG, "version": 1, "name": tree.name}
    if tree.players:
        doc["version"] = 2
        doc["players"] = list(tree.players)
        if tree.constant_sum is not None:
            doc["constant_sum"] = tree.constant_sum
    if tree.value_bounds is not None:
        doc["value_bounds"] = list(tree.value_bounds)
    doc["root"] = built[0]
    return doc


def check_tree(tree: CustomTree) -> None:
    """Raise TreeFileError if ``tree`` (built in code) breaks a rule of the file format."""
    tree_from_dict(tree_to_dict(tree))


#: One encoder for every value: json.dumps with options builds a new one on each call.
_ENCODER = json.JSONEncoder(ensure_ascii=False, allow_nan=False)


def _dumps(value: object) -> str:
    # Numbers are most of a file; int and float reprs are exactly what json writes.
    if type(value) is int or type(value) is float:
        return repr(value)
    return _ENCODER.encode(value)


def _fields_text(fields: Mapping[str, object]) -> str:
    return ", ".join(f'"{k}": {_dumps(v)}' for k, v in fields.items() if k != "children")


def _format_document(doc: TreeDocument) -> str:
    """Pretty JSON: one node a line, a node's leaves on its line when they fit."""
    lines = ["{"]
    top: Mapping[str, object] = doc
    for key in _PLAYER_TOP_KEYS[:-1]:
        if key in top:
            lines.append(f"  {_dumps(key)}: {_dumps(top[key])},")
    # Items are (node, indent, lead, trailer), or a closing line as a str.
    stack: list[tuple[NodeDocument, int, str, str] | str] = [(doc["root"], 2, '"root": ', "")]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            lines.append(item)
            continue
        node, indent, lead, trailer = item
        pad = " " * indent
        fields = _fields_text(node)
        children = node.get("children")
        if children is None:
            lines.append(f"{pad}{lead}{{{fields}}}{trailer}")
            continue
        head = f'{pad}{lead}{{{fields}, "children": ['
        close = f"{pad}]}}{trailer}"
        if all("children" not in c for c in children):
            leaves = [_format_leaf(c) for c in children]
            one_line = head + ", ".join(leaves) + f"]}}{trailer}"
            if len(one_line) <= _LINE_WIDTH:
                lines.append(one_line)
            else:
                lines.append(head)
                lines.extend(_packed(leaves, " " * (indent + 2)))
                lines.append(close)
            continue
        lines.append(head)
        stack.append(close)
        last = len(children) - 1
        for i in range(last, -1, -1):
            stack.append((children[i], indent + 2, "", "" if i == last else ","))
    lines.append("}")
    return "\n".join(lines) + "\n"


def _packed(items: list[str], pad: str) -> list[str]:
    """``items`` joined by commas into as few lines as fit the line width."""
    lines: list[str] = []
    line = ""
    for item in items:
        if line and len(pad) + len(line) + 2 + len(item) + 1 > _LINE_WIDTH:
            lines.append(f"{pad}{line},")
            line = item
        else:
            line = f"{line}, {item}" if line else item
    lines.append(pad + line)
    return lines


def _format_leaf(fields: NodeDocument) -> str:
    return "{" + _fields_text(fields) + "}"


@gc_paused()
def dump_tree(tree: CustomTree) -> str:
    """The tree as JSON text (version 1, or 2 for n players), checked so it will load again."""
    doc = tree_to_dict(tree)
    tree_from_dict(doc)
    return _format_document(doc)


def save_tree_file(tree: CustomTree, path: str | os.PathLike[str]) -> None:
    """Write the tree to ``path`` atomically: a failed save leaves any old file intact.

    OSError (see :mod:`gamesearch_gui.core.files`) when it cannot be written.
    """
    write_text(path, dump_tree(tree))


def tree_to_nested(tree: CustomTree) -> list[Nested] | None:
    """The tree as nested-list shorthand, or None if the shorthand cannot say it all.

    The shorthand has no chance nodes, labels, moves, evals or bounds, and its root is
    MAX with levels alternating MIN and MAX; a lone leaf is no list at all.
    """
    root = tree.root
    if root.type is not NodeType.MAX or tree.value_bounds is not None:
        return None
    built: list[Nested] = []
    for node in reversed(list(iter_nodes(root))):
        if node.label is not None or node.move is not None or node.eval is not None:
            return None
        if node.probability is not None:
            return None
        if node.type is NodeType.LEAF:
            if node.value is None:
                return None
            built.append(node.value)
            continue
        expected = NodeType.MAX if len(node.path) % 2 == 0 else NodeType.MIN
        if node.type is not expected or not node.children:
            return None
        n = len(node.children)
        kids = built[-1 : -n - 1 : -1]
        del built[-n:]
        built.append(kids)
    result = built[0]
    assert isinstance(result, list)
    return result
