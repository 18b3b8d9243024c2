"""Gambit's extensive-form game files (``.efg``), read as trees and written from them.

The format is Gambit's (doc/formats.efg.rst, and the reader in src/games/file.cc): a
prologue ``EFG 2 R "title" { "Player 1" "Player 2" } "optional comment"``, then the
nodes in pre-order, each one of

- ``p "name" PLAYER INFOSET ["infoset name" { "action" ... }] OUTCOME [...]``
- ``c "name" INFOSET ["infoset name" { "action" PROBABILITY ... }] OUTCOME [...]``
- ``t "name" OUTCOME [...]``

where an outcome is ``0`` (none) or a number followed, the first time, by ``"name" {
payoff payoff ... }`` (one per player, commas allowed). Numbers are integers, decimals
(``0.25``, ``1.5e3``) or rationals (``1/3``), read exactly. An information set or an
outcome that appears again may leave out its description, or repeat it exactly. An
outcome at an inner node adds its payoffs to every end below it.

Only games of perfect information are trees: an information set of a player that holds
more than one node is refused in words, as is every malformed file, each with the line
(:class:`EfgError`). One player is a tree of MAX (and chance); two are MAX (player 1) and
MIN (player 2) when the payoffs are zero-sum or constant-sum, each end valued by player
1's payoff; three or more are a tree of players (file version 2).

Writing: every decision node its own information set, numbered per player from 1 in
pre-order, chance nodes likewise, one outcome per distinct payoff vector (its
description repeated at each use, as Gambit writes). A tree of MAX and MIN is players
``"MAX"`` and ``"MIN"`` with payoffs ``v, -v``. Probabilities are the simplest rationals
that give back the tree's floats, written to sum to exactly 1, as Gambit requires. A
child with no move name is written as its index, as the app draws it; the names of a
node's moves are made distinct and non-empty as Gambit would make them (``x_1``,
``x_2``). Evals, value bounds and a constant sum have no place in the format.
"""

from __future__ import annotations

import functools
import os
import re
import sys
from collections.abc import Callable
from collections.abc import Iterator
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Final
from typing import NamedTuple

from gamesearch_gui.core.files import printable
from gamesearch_gui.core.files import write_text
from gamesearch_gui.core.trees.tree import MAX_DEPTH
from gamesearch_gui.core.trees.tree import MAX_NODES
from gamesearch_gui.core.trees.tree import CustomTree
from gamesearch_gui.core.trees.tree import NodeType
from gamesearch_gui.core.trees.tree import Number
from gamesearch_gui.core.trees.tree import TextLineError
from gamesearch_gui.core.trees.tree import TreeNode
from gamesearch_gui.core.trees.tree import iter_nodes

__all__ = [
    "EFG_SUFFIX",
    "EfgError",
    "EfgGame",
    "dump_efg",
    "looks_like_efg",
    "read_efg",
    "save_efg_file",
]

#: The suffix of Gambit's extensive-form files.
EFG_SUFFIX: Final = ".efg"
#: The names a tree of MAX and MIN gives its two players in a written file.
TWO_PLAYERS: Final = ("MAX", "MIN")
#: How far from 1 a chance node's probabilities may sum (the app's own tree files' rule).
PROBABILITY_TOLERANCE: Final = 1e-9
#: Characters of what the file wrote that a message quotes at most.
_QUOTE: Final = 40
#: Nodes read (or written) between two calls of a check.
_CHECK_EVERY: Final = 8192
#: Largest denominator tried for a probability's simplest rational.
_SIMPLE_DENOMINATOR: Final = 10**6
_FLOAT_MAX: Final = sys.float_info.max

# Tokens, as Gambit's lexer splits them: braces, commas, quoted text, numbers, and
# words (the node kinds, EFG and R). A number runs up to white space, a brace or a comma.
_NUMBER = re.compile(r"[+-]?(?:\d+/\d+|(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?)\Z")
_NUMBER_START = frozenset("0123456789+-.")


class EfgError(TextLineError):
    """A Gambit file that cannot be read as a tree: ``line`` (1-based) and ``rule``,
    what is wrong there."""


@dataclass(frozen=True)
class EfgGame:
    """A Gambit file read as a tree, with one line on how its players became the tree's."""

    tree: CustomTree
    about: str


class _Token(NamedTuple):
    kind: str  #: "{", "}", ",", "text", "number" or "word"
    text: str
    line: int


def _quote(text: str) -> str:
    if len(text) > _QUOTE:
        text = text[: _QUOTE - 1] + "…"
    return f'"{printable(text)}"'


def looks_like_efg(text: str) -> bool:
    """True when ``text`` starts (after white space) with Gambit's ``EFG`` tag."""
    head = text.lstrip()[:4]
    return head.startswith("EFG") and (len(head) == 3 or head[3].isspace())


#: One token (or a run of white space) at a time, by the group that matched. A quoted
#: name is read whole, ``\"`` and ``\\`` inside it as Gambit writes them (C++'s
#: ``std::quoted``); a backslash before anything else is itself, as Gambit reads it. A
#: quote no name follows (one never closed) matches ``open``.
_TOKEN = re.compile(
    r"""(?P<space>[ \t\r\n\f\v]+)
    |(?P<mark>[{},])
    |"(?P<text>[^"\\]*(?:\\.[^"\\]*)*)"
    |(?P<open>")
    |(?P<word>[^ \t\r\n\f\v{},"]+)""",
    re.VERBOSE | re.DOTALL,
)
_ESCAPED = re.compile(r'\\(["\\])')


def _tokens(text: str) -> Iterator[_Token]:
    """The file's tokens with their lines; EfgError for a quote never closed or a
    number that is not one."""
    line = 1
    for match in _TOKEN.finditer(text):
        kind = match.lastgroup
        found = match.group(kind)  # type: ignore[arg-type]
        if kind == "space":
            line += found.count("\n")
        elif kind == "mark":
            yield _Token(found, found, line)
        elif kind == "text":
            name = _ESCAPED.sub(r"\1", found) if "\\" in found else found
            yield _Token("text", name, line)
            line += found.count("\n")
        elif kind == "open":
            raise EfgError(line, "a quoted name opened here never closes")
        elif found[0] in _NUMBER_START:
            if not _NUMBER.match(found):
                raise EfgError(line, f"{_quote(found)} is not a number")
            yield _Token("number", found, line)
        else:
            yield _Token("word", found, line)


def _fraction(token: _Token) -> Fraction:
    """A number token's exact value; EfgError for a zero denominator or one too large."""
    value = _exact(token.text)
    if isinstance(value, str):
        raise EfgError(token.line, f"{_quote(token.text)} {value}")
    return value


@functools.lru_cache(maxsize=1 << 16)
def _exact(text: str) -> Fraction | str:
    """A number's exact value, or what is wrong with it ("is not a number"). A file says
    the same payoffs again and again, and making a Fraction from its text, and comparing
    it with a float, was a third of reading one."""
    try:
        value = Fraction(text.lstrip("+"))
    except ZeroDivisionError:
        return "is not a number"
    except ValueError:
        # Python reads no integer of more digits than its limit (4,300 by default).
        digits, limit = sum(c.isdigit() for c in text), sys.get_int_max_str_digits()
        if digits > limit:
            return f"has {digits:,} digits, more than the {limit:,} a number may have"
        return "is not a number"
    except OverflowError:
        return "is too large a number"
    if abs(value) > _FLOAT_MAX:
        return "is too large a number"
    return value


def _number(value: Fraction) -> Number:
    """An exact value as the tree holds it: an int when whole, else the nearest float."""
    if value.denominator == 1:
        return int(value)
    return float(value)


class _Reader:
    """Tokens read one at a time, each expectation said in words when it fails."""

    def __init__(self, text: str) -> None:
        self._tokens = _tokens(text)
        self._next: _Token | None = None
        self.last_line = 1

    def peek(self) -> _Token | None:
        if self._next is None:
            self._next = next(self._tokens, None)
        return self._next

    def take(self, kind: str, what: str) -> _Token:
        token = self.peek()
        if token is None:
            raise EfgError(self.last_line, f"the file ends where {what} should be")
        if token.kind != kind:
            shown = _quote(token.text) if token.kind != "text" else f"the name {_quote(token.text)}"
            raise EfgError(token.line, f"expected {what}, not {shown}")
        self._next = None
        self.last_line = token.line
        return token

    def at(self, kind: str) -> bool:
        token = self.peek()
        return token is not None and token.kind == kind

    def whole(self, what: str, least: int) -> tuple[int, int]:
        """A whole number of at least ``least``, and its line."""
        token = self.take("number", what)
        if not re.fullmatch(r"\d+", token.text) or int(token.text) < least:
            raise EfgError(
                token.line,
                f"{what} must be a whole number of at least {least}, not {_quote(token.text)}",
            )
        return int(token.text), token.line


@dataclass
class _Outcome:
    label: str
    payoffs: tuple[Fraction, ...]
    line: int


@dataclass
class _Infoset:
    label: str
    actions: tuple[str, ...]
    probabilities: tuple[Fraction, ...] | None
    line: int
    nodes: int = 1


@dataclass
class _Record:
    """A node as read: kind ("p", "c", "t"), name, player (0 for chance), actions and
    probabilities, and the payoffs accumulated from the root down to it."""

    kind: str
    name: str
    player: int
    actions: tuple[str, ...]
    probabilities: tuple[Fraction, ...] | None
    payoffs: tuple[Fraction, ...]
    line: int


def normalized_labels(labels: Sequence[str]) -> list[str]:
    """Labels made distinct and non-empty as Gambit makes them on reading (file.cc's
    NormalizeLabels): each label that is empty or shared becomes ``label_1``,
    ``label_2``, ... (skipping any already in use)."""
    counts: dict[str, int] = {}
    for label in labels:
        counts[label] = counts.get(label, 0) + 1
    used = set(labels)
    visited: dict[str, int] = {}
    result = []
    for label in labels:
        if counts[label] == 1 and label:
            result.append(label)
            continue
        while True:
            visited[label] = visited.get(label, 0) + 1
            candidate = f"{label}_{visited[label]}"
            if candidate not in used:
                break
        used.add(candidate)
        result.append(candidate)
    return result


class _Parser:
    """The whole file read into pre-order records, checked as it goes."""

    def __init__(self, text: str, check: Callable[[], None] | None = None) -> None:
        self.reader = _Reader(text)
        self.check = check
        self.players: list[str] = []
        self.title = ""
        self.infosets: dict[tuple[int, int], _Infoset] = {}
        self.outcomes: dict[int, _Outcome] = {}
        self.records: list[_Record] = []

    def prologue(self) -> None:
        reader = self.reader
        first = reader.peek()
        if first is None or first.kind != "word" or first.text != "EFG":
            raise EfgError(
                1 if first is None else first.line,
                'not a Gambit extensive-form file: it must start with EFG 2 R "title"',
            )
        reader.take("word", "EFG")
        version = reader.take("number", "the version, 2")
        if version.text != "2":
            raise EfgError(
                version.line,
                f"only EFG version 2 files are read, not version {_quote(version.text)}",
            )
        kind = reader.take("word", "R (or D)")
        if kind.text not in ("R", "D"):
            raise EfgError(kind.line, f"expected R (or D) after EFG 2, not {_quote(kind.text)}")
        self.title = reader.take("text", "the game's title in quotes").text
        reader.take("{", "{ and the players' names")
        while reader.at("text"):
            self.players.append(reader.take("text", "a player's name").text)
        closing = reader.take("}", "} after the players' names")
        if not self.players:
            raise EfgError(closing.line, "the game names no players")
        if reader.at("text"):
            reader.take("text", "the comment")  # the game's description: not kept

    def nodes(self) -> None:
        """Every node in pre-order, iteratively: ``waiting`` holds, for each open inner
        node, its children still to read and the payoffs accumulated down to it."""
        reader = self.reader
        # For each open inner node: its children still to read, and the payoffs
        # accumulated down to it (an inner node's outcome adds to every end below).
        left: list[int] = []
        sums: list[tuple[Fraction, ...]] = []
        payoffs = self.no_payoffs = tuple(Fraction(0) for _ in self.players)
        while True:
            token = reader.peek()
            if token is None:
                raise EfgError(reader.last_line, "the file ends before the tree does")
            if token.kind != "word" or token.text not in ("p", "c", "t"):
                raise EfgError(token.line, f"expected a node (p, c or t), not {_quote(token.text)}")
            if len(self.records) >= MAX_NODES:
                raise EfgError(token.line, f"the tree has more than {MAX_NODES:,} nodes")
            if len(left) > MAX_DEPTH:
                raise EfgError(
                    token.line, f"the tree is deeper than {MAX_DEPTH} levels, the app's limit"
                )
            if self.check is not None and len(self.records) % _CHECK_EVERY == 0:
                self.check()
            record = self._node(payoffs)
            self.records.append(record)
            if record.kind != "t":
                left.append(len(record.actions))
                sums.append(record.payoffs)
                payoffs = record.payoffs
                continue
            # A leaf: close every inner node whose last child this was.
            while left:
                left[-1] -= 1
                if left[-1]:
                    break
                left.pop()
                sums.pop()
            if not left:
                break
            payoffs = sums[-1]
        extra = reader.peek()
        if extra is not None:
            raise EfgError(
                extra.line,
                f"the tree ended on line {reader.last_line}, but the file goes on with "
                f"{_quote(extra.text)}",
            )

    def _node(self, above: tuple[Fraction, ...]) -> _Record:
        reader = self.reader
        kind_token = reader.take("word", "a node")
        kind, line = kind_token.text, kind_token.line
        name = reader.take("text", 'the node\'s name in quotes ("" for none)').text
        player = 0
        actions: tuple[str, ...] = ()
        probabilities: tuple[Fraction, ...] | None = None
        if kind == "p":
            player, player_line = reader.whole("the player's number", 1)
            if player > len(self.players):
                raise EfgError(
                    player_line,
                    f"player {player} does not exist: the game names {len(self.players)}",
                )
        if kind != "t":
            actions, probabilities = self._infoset(kind, player, line)
        payoffs = self._outcome(above)
        return _Record(kind, name, player, actions, probabilities, payoffs, line)

    def _infoset(
        self, kind: str, player: int, line: int
    ) -> tuple[tuple[str, ...], tuple[Fraction, ...] | None]:
        reader = self.reader
        number, number_line = reader.whole("the information set's number", 1)
        whose = "chance" if kind == "c" else f"player {player}"
        key = (player, number)
        known = self.infosets.get(key)
        if not reader.at("text"):
            if known is None:
                raise EfgError(
                    number_line,
                    f"information set {number} of {whose} is used before it is described "
                    "(its name and actions in { })",
                )
            described = known
        else:
            label = reader.take("text", "the information set's name").text
            reader.take("{", "{ and the actions")
            labels: list[str] = []
            chances: list[Fraction] = []
            while reader.at("text"):
                labels.append(reader.take("text", "an action's name").text)
                if kind == "c":
                    token = reader.take("number", "the action's probability")
                    chances.append(_fraction(token))
            closing = reader.take("}", "} after the actions" if labels else "an action in quotes")
            if not labels:
                raise EfgError(closing.line, "a node needs at least one action")
            described = _Infoset(
                label,
                tuple(normalized_labels(labels)),
                tuple(chances) if kind == "c" else None,
                line,
            )
            if known is not None and (
                (known.label, known.actions, known.probabilities)
                != (described.label, described.actions, described.probabilities)
            ):
                raise EfgError(
                    line,
                    f"information set {number} of {whose} is described differently than on "
                    f"line {known.line}",
                )
        if known is None:
            self.infosets[key] = described
        else:
            known.nodes += 1
            if kind == "p":
                raise EfgError(
                    line,
                    f"information set {number} of player {player} "
                    f"({_quote(self.players[player - 1])}) holds more than one node (lines "
                    f"{known.line} and {line}): a game of imperfect information, which the "
                    "app cannot search (it reads games of perfect information only)",
                )
        if kind == "c":
            assert described.probabilities is not None
            _check_probabilities(described.probabilities, line)
        return described.actions, described.probabilities

    def _outcome(self, above: tuple[Fraction, ...]) -> tuple[Fraction, ...]:
        reader = self.reader
        number, line = reader.whole("the outcome's number (0 for none)", 0)
        described: tuple[Fraction, ...] | None = None
        label: str | None = None
        if reader.at("text") or reader.at("{"):
            if reader.at("text"):
                label = reader.take("text", "the outcome's name").text
            if number == 0:
                raise EfgError(line, "outcome 0 is no outcome: it has no name or payoffs")
            reader.take("{", "{ and the payoffs")
            values: list[Fraction] = []
            while reader.at("number"):
                values.append(_fraction(reader.take("number", "a payoff")))
                if reader.at(","):
                    reader.take(",", "a comma")
            closing = reader.take("}", "} after the payoffs")
            if len(values) != len(self.players):
                raise EfgError(
                    closing.line,
                    f"outcome {number} has {len(values)} payoffs, but the game has "
                    f"{len(self.players)} players",
                )
            described = tuple(values)
        if number == 0:
            return above
        known = self.outcomes.get(number)
        if described is None:
            if known is None:
                raise EfgError(
                    line, f"outcome {number} is used before it is described (name and payoffs)"
                )
            described = known.payoffs
        elif known is None:
            self.outcomes[number] = _Outcome(label or "", described, line)
        elif known.payoffs != described or (label is not None and label != known.label):
            # (Gambit's rule: a repeated description matches the first exactly)
            raise EfgError(
                line, f"outcome {number} is described differently than on line {known.line}"
            )
        if above is self.no_payoffs:  # (no outcome above: the usual case, and no sum to make)
            return described
        return tuple(a + b for a, b in zip(above, described, strict=True))


def _check_probabilities(probabilities: Sequence[Fraction], line: int) -> None:
    for p in probabilities:
        if not 0 < p <= 1:
            raise EfgError(
                line,
                f"a chance probability of {_show_fraction(p)}: the app's chance outcomes "
                "each have a probability above 0 and at most 1",
            )
    total = sum(probabilities, Fraction(0))
    if abs(total - 1) > PROBABILITY_TOLERANCE:
        raise EfgError(line, f"the chance probabilities add up to {_show_fraction(total)}, not 1")


def _show_fraction(value: Fraction) -> str:
    decimal = _decimal_text(value)
    if decimal is not None and len(decimal) <= 12:
        return decimal
    return f"{value} ({float(value):.6g})"


def _decision_type(players: int, player: int) -> tuple[NodeType, int | None]:
    if players <= 2:
        return (NodeType.MAX if player == 1 else NodeType.MIN), None
    return NodeType.PLAYER, player - 1


def _leaf_fields(
    players: int, payoffs: tuple[Fraction, ...]
) -> tuple[Number | None, tuple[Number, ...] | None]:
    if players <= 2:
        return _number(payoffs[0]), None
    return None, tuple(_number(p) for p in payoffs)


def _two_player_sum(records: Sequence[_Record]) -> Fraction:
    """What every end's two payoffs add up to; EfgError naming the first end whose sum
    differs from the first's (a game the app's trees of MAX and MIN cannot hold)."""
    first: _Record | None = None
    first_total = Fraction(0)
    for record in records:
        if record.kind != "t":
            continue
        total = record.payoffs[0] + record.payoffs[1]
        if first is None:
            first, first_total = record, total
        elif total != first_total:
            shown = ", ".join(_show_fraction(p) for p in record.payoffs)
            raise EfgError(
                record.line,
                f"a general-sum game of two players (this end pays {shown}, which sum to "
                f"{_show_fraction(total)}; the end on line {first.line} sums to "
                f"{_show_fraction(first_total)}): the app's trees of two players are MAX and "
                "MIN, zero-sum or constant-sum",
            )
    return first_total


def _build(records: list[_Record], players: int) -> TreeNode:
    """The tree of the pre-order records, built bottom-up without recursion."""
    moves: list[str | None] = [None] * len(records)
    chances: list[float | None] = [None] * len(records)
    # Each record's move and probability come from its parent's actions.
    open_nodes: list[tuple[_Record, int]] = []
    for i, record in enumerate(records):
        if open_nodes:
            parent, taken = open_nodes.pop()
            action = parent.actions[taken]
            moves[i] = None if action == str(taken) else action
            if parent.probabilities is not None:
                chances[i] = float(parent.probabilities[taken])
            if taken + 1 < len(parent.actions):
                open_nodes.append((parent, taken + 1))
        if record.kind != "t":
            open_nodes.append((record, 0))
    built: list[TreeNode] = []
    for i in range(len(records) - 1, -1, -1):
        record = records[i]
        label = record.name or None
        if record.kind == "t":
            value, values = _leaf_fields(players, record.payoffs)
            built.append(
                TreeNode(
                    NodeType.LEAF,
                    (),
                    value,
                    None,
                    chances[i],
                    label,
                    moves[i],
                    values=values,
                )
            )
            continue
        n = len(record.actions)
        children = tuple(built[-1 : -n - 1 : -1])
        del built[-n:]
        if record.kind == "c":
            node_type, player = NodeType.CHANCE, None
        else:
            node_type, player = _decision_type(players, record.player)
        built.append(
            TreeNode(node_type, children, None, None, chances[i], label, moves[i], player=player)
        )
    return built[0]


def read_efg(
    text: str, name: str | None = None, *, check: Callable[[], None] | None = None
) -> EfgGame:
    """The tree a Gambit ``.efg`` file's ``text`` holds, and how its players were read.

    ``name`` is the tree's name when the file's title is empty. EfgError (naming the
    line) for a malformed file, a game of imperfect information, or one the app's trees
    cannot hold (a general-sum game of two players, a zero probability). ``check`` is
    called now and then while a big file is read; whatever it raises stops the reading.
    """
    parser = _Parser(text, check)
    parser.prologue()
    parser.nodes()
    records = parser.records
    players = parser.players
    count = len(players)
    if count == 1:
        about = f"Gambit game of one player, {_quote(players[0])}: a tree of MAX"
    elif count == 2:
        total = _two_player_sum(records)
        about = f"Gambit game: {_quote(players[0])} is MAX, {_quote(players[1])} MIN"
        if total != 0:
            about += f"; constant-sum, the second gets {_show_fraction(total)} minus the first's"
    else:
        about = f"Gambit game of {count} players"
    root = _build(records, count)
    title = parser.title or name or "untitled"
    names = tuple(normalized_labels(players)) if count > 2 else ()
    return EfgGame(CustomTree(title, root, players=names), about)


# Writing --------------------------------------------------------------------------------


def quoted(text: str) -> str:
    """``text`` in double quotes, as Gambit writes and reads it: a quote inside is
    ``\\"``; a backslash is written ``\\\\`` only where Gambit's reader would otherwise
    take it for an escape (before a quote or a backslash, or at the end)."""
    pieces = ['"']
    for i, char in enumerate(text):
        if char == '"':
            pieces.append('\\"')
        elif char == "\\" and (i + 1 == len(text) or text[i + 1] in '"\\'):
            pieces.append("\\\\")
        else:
            pieces.append(char)
    pieces.append('"')
    return "".join(pieces)


def _decimal_text(value: Fraction) -> str | None:
    """``value`` as a plain decimal (``0.25``, ``-3``) when it has a finite one, else None."""
    denominator = value.denominator
    twos = fives = 0
    while denominator % 2 == 0:
        denominator //= 2
        twos += 1
    while denominator % 5 == 0:
        denominator //= 5
        fives += 1
    if denominator != 1:
        return None
    places = max(twos, fives)
    scaled = abs(value.numerator) * 10**places // value.denominator
    digits = str(scaled).rjust(places + 1, "0")
    sign = "-" if value < 0 else ""
    if not places:
        return sign + digits
    return f"{sign}{digits[:-places]}.{digits[-places:]}"


def number_text(value: Number) -> str:
    """A payoff as Gambit reads it exactly: an int as itself, a float as the plain
    decimal of its shortest repr (``0.1``, ``3.0``: no exponent, which Gambit's
    reader takes only in part)."""
    if isinstance(value, int):
        return str(value)
    text = _decimal_text(Fraction(repr(value)))
    assert text is not None
    return text if "." in text else text + ".0"


def _fraction_text(value: Fraction) -> str:
    return _decimal_text(value) or f"{value.numerator}/{value.denominator}"


def _simplest(p: float) -> Fraction:
    """The simplest rational whose float is ``p``: a small fraction (1/3) where one
    gives ``p`` back, else the shortest decimal (0.19999999999999996)."""
    small = Fraction(p).limit_denominator(_SIMPLE_DENOMINATOR)
    decimal = Fraction(repr(p))
    candidates = [c for c in (small, decimal) if float(c) == p]
    return min(candidates, key=lambda c: c.denominator)


def chance_fractions(probabilities: Sequence[float]) -> list[Fraction]:
    """A chance node's probabilities as rationals that sum to exactly 1 (Gambit's rule).

    Each is the simplest rational that gives its float back; when those do not sum to
    1, one of them (the first that then still gives its float back, else the largest)
    becomes 1 minus the others, so a file read again gives the same floats wherever
    they can be given.
    """
    fractions = [_simplest(p) for p in probabilities]
    total = sum(fractions, Fraction(0))
    if total == 1:
        return fractions
    order = sorted(range(len(fractions)), key=lambda i: -probabilities[i])
    for i in order:
        rest = 1 - (total - fractions[i])
        if rest > 0 and float(rest) == probabilities[i]:
            fractions[i] = rest
            return fractions
    i = order[0]
    rest = 1 - (total - fractions[i])
    if not rest > 0:
        raise ValueError(f"probabilities {list(probabilities)} leave nothing to close them")
    fractions[i] = rest
    return fractions


def _move_labels(node: TreeNode) -> list[str]:
    names = [c.move if c.move is not None else str(i) for i, c in enumerate(node.children)]
    return normalized_labels(names)


def _payoffs(node: TreeNode) -> tuple[Number, ...]:
    if node.values is not None:
        return node.values
    assert node.value is not None
    value = node.value
    return (value, -value)


def dump_efg(tree: CustomTree, check: Callable[[], None] | None = None) -> str:
    """The tree as a Gambit ``.efg`` file of perfect information (see the module's
    docstring for how each part is written)."""
    players = tree.players or TWO_PLAYERS
    lines = [
        f"EFG 2 R {quoted(tree.name)} {{ {' '.join(quoted(p) for p in players)} }}",
        quoted(_comment(tree)),
        "",
    ]
    infosets = [0] * (len(players) + 1)  # chance's at 0
    outcomes: dict[str, int] = {}
    for count, node in enumerate(iter_nodes(tree.root)):
        if check is not None and count % _CHECK_EVERY == 0:
            check()
        label = quoted(node.label or "")
        if node.type is NodeType.LEAF:
            # Keyed by the text written, which Gambit compares when an outcome is used
            # again: 0 and 0.0 are two outcomes.
            written = ", ".join(number_text(v) for v in _payoffs(node))
            number = outcomes.setdefault(written, len(outcomes) + 1)
            lines.append(f't {label} {number} "" {{ {written} }}')
            continue
        actions = _move_labels(node)
        if node.type is NodeType.CHANCE:
            infosets[0] += 1
            probabilities = chance_fractions([c.probability or 0.0 for c in node.children])
            listed = " ".join(
                f"{quoted(a)} {_fraction_text(p)}"
                for a, p in zip(actions, probabilities, strict=True)
            )
            lines.append(f'c {label} {infosets[0]} "" {{ {listed} }} 0')
            continue
        player = _player_number(node)
        infosets[player] += 1
        listed = " ".join(quoted(a) for a in actions)
        lines.append(f'p {label} {player} {infosets[player]} "" {{ {listed} }} 0')
    return "\n".join(lines) + "\n"


def save_efg_file(
    tree: CustomTree, path: str | os.PathLike[str], check: Callable[[], None] | None = None
) -> None:
    """Write the tree to ``path`` as a Gambit game, atomically (core/files.py's one
    writer): a failed write leaves any old file intact. OSError when it cannot be
    written."""
    write_text(path, dump_efg(tree, check))


def _player_number(node: TreeNode) -> int:
    if node.type is NodeType.PLAYER:
        return (node.player or 0) + 1
    return 1 if node.type is NodeType.MAX else 2


def _comment(tree: CustomTree) -> str:
    if tree.players:
        return f"Written by gamesearch-gui: a tree of {len(tree.players)} players"
    return "Written by gamesearch-gui: MAX is player 1, MIN player 2; an end worth v pays v, -v"
