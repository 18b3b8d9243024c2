"""easyAI versions of our games, with the same rules and the same move order, for the benchmarks.

Each class is a :class:`easyAI.TwoPlayerGame` written the way an easyAI user writes one
(after easyAI's own ``games/TicTacToe.py`` and ``games/ConnectFour.py``): a mutable game
object with ``possible_moves``, ``make_move``, ``unmake_move``, ``lose``, ``is_over``,
``scoring`` and ``ttentry``. They are the fast, fair form of the peer:

* bitboards and precomputed tables where our games have them, so neither side wins by
  a cleverer board;
* ``unmake_move`` is defined, so easyAI's ``Negamax`` undoes a move instead of
  deep-copying the game at every node;
* the moves come in the same order as our games' ``actions`` (natural order), so a
  plain alpha-beta searches the same tree on both sides;
* ``scoring`` is our utility (and, at a depth cutoff, our default evaluation, the very
  same function) from the point of view of the player to move, as negamax wants.

Node counts: easyAI counts nothing, so ``make_move`` adds one to ``nodes``, which
starts at 1 for the root: every position the search visits, root included, the way
our engine counts.

easyAI's ``negamax`` multiplies every leaf score by ``1 + 0.001 * depth_left`` to
prefer quick wins. Connect Four's utility already prefers quick wins, and the factor
keeps the order of all leaf values there, so the tree is the same. Tic-tac-toe and
pennies score every win alike, so :func:`flat_scoring` gives easyAI a scoring that
cancels the factor exactly; with it easyAI searches our tree and finds our value.

easyAI as shipped: :func:`example_tictactoe` and :func:`example_connect_four` set one
of our positions up on easyAI's OWN example games (``easyAI.games.TicTacToe``, a list
board scanned with ``any``/``all``, and ``easyAI.games.ConnectFour``, a NumPy board
scanned cell by cell, with no ``unmake_move``, so ``Negamax`` deep-copies the game at
every node). Their rules, move order, scoring (a loss is -100, anything else 0) and
lack of ``ttentry`` are left as shipped; the only change is a ``make_move`` that also
counts the nodes, in a counter kept outside the game object (easyAI's copies of the
game would copy a counter kept on it) and read with :func:`example_nodes`. Those games
are easyAI's, not ours, so a search over them is not our tree: only speed (nodes per
second) compares directly. They need NumPy (easyAI's Connect Four imports it, and
``easyAI.games`` imports every example); :data:`EXAMPLES_MISSING` says why they could
not be loaded, or is None.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from collections.abc import Sequence
from typing import Any

from easyAI import TwoPlayerGame

from gamesearch_gui.core.games import connect4 as c4
from gamesearch_gui.core.games import pennies as pn
from gamesearch_gui.core.games import tictactoe as ttt

__all__ = [
    "EXAMPLES_MISSING",
    "EasyConnectFour",
    "EasyPennies",
    "EasyTicTacToe",
    "example_connect_four",
    "example_nodes",
    "example_tictactoe",
    "flat_scoring",
    "unbonus",
]


def unbonus(depth_left: int) -> float:
    """The factor ``x`` with ``x * (1 + 0.001 * depth_left) == 1.0`` exactly in floats.

    easyAI's negamax returns ``scoring(game) * (1 + 0.001 * depth)`` at a leaf; a
    scoring of ``u * unbonus(depth)`` for ``u`` in {-1, 0, 1} makes that exactly ``u``.
    """
    bonus = 1 + 0.001 * depth_left
    x = 1 / bonus
    for _ in range(8):
        product = x * bonus
        if product == 1.0:
            return x
        x = math.nextafter(x, 0.0 if product > 1.0 else 2.0)
    raise ArithmeticError(f"no float cancels easyAI's bonus at depth {depth_left}")


def flat_scoring(depth: int) -> Callable[[Any], float]:
    """A scoring for ``Negamax(depth, ...)`` under which every win is worth the same.

    For tic-tac-toe and pennies, whose utilities are -1, 0 and +1 at any depth: it
    cancels easyAI's quick-win bonus, so easyAI searches the same tree as our engine.
    The game's ``ply`` counts the moves made since the search's root.
    """
    factors = tuple(unbonus(d) for d in range(depth + 1))

    def scoring(game: Any) -> float:
        return game.scoring() * factors[depth - game.ply]  # type: ignore[no-any-return]

    return scoring


class _Counted(TwoPlayerGame):  # type: ignore[misc]
    """What the three games share: players, the ply counter and the node counter."""

    ply: int
    nodes: int

    def _setup(self, players: Sequence[Any] | None, max_to_move: bool) -> None:
        self.players = list(players) if players is not None else [None, None]
        self.current_player = 1 if max_to_move else 2  # player 1 is MAX
        self.ply = 0  # moves made since this object was made (the search's root)
        self.nodes = 1  # positions visited: the root, then one per make_move


# -- tic-tac-toe ------------------------------------------------------------------------

_TTT_FULL = ttt.FULL
_TTT_WON: tuple[bool, ...] = tuple(
    any(bits & line == line for line in (sum(1 << c for c in cells) for cells in ttt.LINES))
    for bits in range(512)
)
_TTT_EMPTY: tuple[tuple[int, ...], ...] = tuple(
    tuple(c for c in range(9) if not taken >> c & 1) for taken in range(512)
)


class EasyTicTacToe(_Counted):
    """Tic-tac-toe, cells 0..8 row-major; player 1 is X (MAX), player 2 is O (MIN).

    ``bits[0]`` and ``bits[1]`` are X's and O's cells as 9-bit masks.
    """

    def __init__(self, players: Sequence[Any] | None = None, state: ttt.TTTState = (0, 0)) -> None:
        x, o = state
        self.bits = [x, o]
        self._setup(players, x.bit_count() == o.bit_count())

    def possible_moves(self) -> list[int]:
        return list(_TTT_EMPTY[self.bits[0] | self.bits[1]])

    def make_move(self, move: int) -> None:
        self.bits[self.current_player - 1] |= 1 << move
        self.ply += 1
        self.nodes += 1

    def unmake_move(self, move: int) -> None:
        self.bits[self.current_player - 1] ^= 1 << move
        self.ply -= 1

    def lose(self) -> bool:
        """Has the opponent (who just moved) three in a row?"""
        return _TTT_WON[self.bits[2 - self.current_player]]

    def is_over(self) -> bool:
        return self.lose() or self.bits[0] | self.bits[1] == _TTT_FULL

    def scoring(self) -> float:
        """-1 lost, 0 drawn; otherwise our ``open_lines``, all for the player to move."""
        if self.lose():
            return -1.0
        x, o = self.bits
        if x | o == _TTT_FULL:
            return 0.0
        value = ttt.open_lines((x, o))
        return value if self.current_player == 1 else -value

    def ttentry(self) -> tuple[int, int]:
        return (self.bits[0], self.bits[1])

    def state(self) -> ttt.TTTState:
        """The position in our game's notation."""
        return (self.bits[0], self.bits[1])


# -- Connect Four ---------------------------------------------------------------------

_C4_CELLS = c4.CELLS
_C4_TOP = tuple(1 << (7 * c + 5) for c in range(7))
_C4_TOP_ROW = sum(_C4_TOP)
_C4_MOVES: dict[int, tuple[int, ...]] = {
    sum(_C4_TOP[c] for c in range(7) if full >> c & 1): tuple(
        c for c in range(7) if not full >> c & 1
    )
    for full in range(1 << 7)
}
# The loser's score (negative) by the number of stones once the winning one is down.
_C4_LOSS = tuple(-(1.0 + (_C4_CELLS - n) / _C4_CELLS) for n in range(_C4_CELLS + 1))


def _four(bits: int) -> bool:
    """Four in a row in ``bits`` (7 bits per column: 6 rows and a clear sentinel)."""
    m = bits & (bits >> 1)
    if m & (m >> 2):
        return True
    m = bits & (bits >> 7)
    if m & (m >> 14):
        return True
    m = bits & (bits >> 6)
    if m & (m >> 12):
        return True
    m = bits & (bits >> 8)
    return bool(m & (m >> 16))


class EasyConnectFour(_Counted):
    """Connect Four, 7 columns by 6 rows, columns 0..6; player 1 (MAX) starts.

    ``bits[i]`` holds player ``i + 1``'s stones, column ``c`` on bits ``7c`` (bottom)
    to ``7c + 5``; ``heights[c]`` is the bit where the next stone in ``c`` lands.
    """

    def __init__(self, players: Sequence[Any] | None = None, state: c4.C4State = (0, 0, 0)) -> None:
        mover, mask, plies = state
        other = mover ^ mask
        self.bits = [mover, other] if plies % 2 == 0 else [other, mover]
        self.heights = [7 * c + ((mask >> (7 * c)) & 0b111111).bit_count() for c in range(7)]
        self.stones = plies
        self._setup(players, plies % 2 == 0)

    def possible_moves(self) -> list[int]:
        return list(_C4_MOVES[(self.bits[0] | self.bits[1]) & _C4_TOP_ROW])

    def make_move(self, column: int) -> None:
        self.bits[self.current_player - 1] |= 1 << self.heights[column]
        self.heights[column] += 1
        self.stones += 1
        self.ply += 1
        self.nodes += 1

    def unmake_move(self, column: int) -> None:
        self.heights[column] -= 1
        self.bits[self.current_player - 1] ^= 1 << self.heights[column]
        self.stones -= 1
        self.ply -= 1

    def lose(self) -> bool:
        """Has the opponent (who just moved) four in a row?"""
        return self.stones >= 7 and _four(self.bits[2 - self.current_player])

    def is_over(self) -> bool:
        return self.stones == _C4_CELLS or self.lose()

    def scoring(self) -> float:
        """Our utility (a quicker win is worth more), else our ``open_lines``; mover's view."""
        if self.lose():
            return _C4_LOSS[self.stones]
        if self.stones == _C4_CELLS:
            return 0.0
        mover = self.bits[self.current_player - 1]
        value = c4.open_lines((mover, self.bits[0] | self.bits[1], self.stones))
        return value if self.current_player == 1 else -value

    def ttentry(self) -> tuple[int, int]:
        return (self.bits[0], self.bits[1])

    def state(self) -> c4.C4State:
        """The position in our game's notation."""
        mover = self.bits[self.current_player - 1]
        return (mover, self.bits[0] | self.bits[1], self.stones)


# -- pennies --------------------------------------------------------------------------

_PN_SPLITS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((n, larger) for larger in range(n // 2 + 1, n)) for n in range(pn.MAX_TOTAL + 1)
)


class EasyPennies(_Counted):
    """Grundy's game: split a stack into two unequal ones; who cannot move loses.

    ``stacks`` is a tuple sorted in descending order; a move ``(size, larger)`` splits
    a stack of ``size`` into ``larger`` and ``size - larger``. ``history`` keeps the
    stacks before each move, for ``unmake_move``.
    """

    def __init__(
        self, players: Sequence[Any] | None = None, state: pn.PenniesState = ((7,), 0)
    ) -> None:
        stacks, player = state
        self.stacks = tuple(sorted(stacks, reverse=True))
        self.history: list[tuple[int, ...]] = []
        self._setup(players, player == 0)

    def possible_moves(self) -> list[tuple[int, int]]:
        """Largest stack first, most even split first, each size once."""
        moves: list[tuple[int, int]] = []
        previous = 0
        for size in self.stacks:
            if size < 3:
                break
            if size != previous:
                moves.extend(_PN_SPLITS[size])
                previous = size
        return moves

    def make_move(self, move: tuple[int, int]) -> None:
        size, larger = move
        self.history.append(self.stacks)
        rest = list(self.stacks)
        rest.remove(size)
        rest.append(larger)
        rest.append(size - larger)
        rest.sort(reverse=True)
        self.stacks = tuple(rest)
        self.ply += 1
        self.nodes += 1

    def unmake_move(self, move: tuple[int, int]) -> None:
        self.stacks = self.history.pop()
        self.ply -= 1

    def lose(self) -> bool:
        """The player to move is stuck: no stack of three or more."""
        return self.stacks[0] < 3

    def is_over(self) -> bool:
        return self.stacks[0] < 3

    def scoring(self) -> float:
        """-1 when stuck, else our ``length_parity``, for the player to move."""
        if self.stacks[0] < 3:
            return -1.0
        player = 0 if self.current_player == 1 else 1
        value = pn.length_parity((self.stacks, player))
        return value if player == 0 else -value

    def ttentry(self) -> tuple[tuple[int, ...], int]:
        """The stacks that can still be split (ones and twos never matter), and the mover."""
        stacks = self.stacks
        dead = stacks.count(1) + stacks.count(2)
        return (stacks[: len(stacks) - dead] if dead else stacks, self.current_player)

    def state(self) -> pn.PenniesState:
        """The position in our game's notation."""
        return (self.stacks, 0 if self.current_player == 1 else 1)


# -- easyAI's own example games, as shipped -------------------------------------------

try:
    import numpy as np
    from easyAI.games import ConnectFour as _ShippedConnectFour
    from easyAI.games import TicTacToe as _ShippedTicTacToe
except ImportError as missing:  # pragma: no cover - NumPy is not a dependency of easyAI
    EXAMPLES_MISSING: str | None = f"easyAI's example games cannot be loaded: {missing}"
    _ShippedConnectFour = _ShippedTicTacToe = None
else:
    EXAMPLES_MISSING = None


class _Count:
    """A node counter kept outside the game object (easyAI's copies would copy it)."""

    __slots__ = ("n",)

    def __init__(self) -> None:
        self.n = 1


def _counting(base: type[Any]) -> type[Any]:
    """``base`` with a ``make_move`` that also counts the nodes, in ``counter.n``.

    The count lives outside the object because easyAI's ``Negamax`` deep-copies a game
    that has no ``unmake_move`` at every node: a counter on the object would be copied
    too. It is not a class attribute either: assigning one at every node would
    invalidate CPython's attribute caches for the class and slow every lookup on the
    game down (by about 20% on tic-tac-toe). Nothing else changes; the search, the
    rules and the scoring are the example's own.
    """
    counter = _Count()

    class Counted(base):  # type: ignore[misc,valid-type]
        def make_move(self, move: Any) -> Any:
            counter.n += 1
            return super().make_move(move)

    Counted.counter = counter
    Counted.__name__ = Counted.__qualname__ = f"Counted{base.__name__}"
    return Counted


def example_nodes(game: Any) -> int:
    """The nodes an example game made by this module has counted: the root, then one per
    ``make_move`` since it was made (or since the last one of its kind was made)."""
    return type(game).counter.n  # type: ignore[no-any-return]


_CountedTicTacToe = None if _ShippedTicTacToe is None else _counting(_ShippedTicTacToe)
_CountedConnectFour = None if _ShippedConnectFour is None else _counting(_ShippedConnectFour)


def example_tictactoe(state: ttt.TTTState = (0, 0), *, counted: bool = True) -> Any:
    """easyAI's example tic-tac-toe at our position (counted: its node count reset to 1).

    Its cells are 1..9 (ours 0..8) and its board a list of nine: 0 empty, 1 for player
    1 (X, MAX), 2 for player 2 (O). The count is :func:`example_nodes`; with
    ``counted=False`` the game is the example's own class, untouched.
    """
    if _CountedTicTacToe is None:
        raise RuntimeError(EXAMPLES_MISSING)
    x, o = state
    game = (_CountedTicTacToe if counted else _ShippedTicTacToe)([None, None])
    game.board = [1 if x >> c & 1 else 2 if o >> c & 1 else 0 for c in range(9)]
    game.current_player = 1 if x.bit_count() == o.bit_count() else 2
    _CountedTicTacToe.counter.n = 1
    return game


def example_connect_four(state: c4.C4State = (0, 0, 0), *, counted: bool = True) -> Any:
    """easyAI's example Connect Four at our position (counted: its node count reset to 1).

    Its board is a 6 x 7 NumPy array, ``board[row, column]`` with row 0 at the bottom
    (where its ``make_move`` drops a stone first): 0 empty, 1 for player 1 (who starts:
    MAX), 2 for player 2. Columns are 0..6, as ours. The count is :func:`example_nodes`;
    with ``counted=False`` the game is the example's own class, untouched.
    """
    if _CountedConnectFour is None:
        raise RuntimeError(EXAMPLES_MISSING)
    mover, mask, plies = state
    first = mover if plies % 2 == 0 else mover ^ mask
    board = np.array([[0 for _ in range(7)] for _ in range(6)])  # as the example makes it
    for column in range(7):
        for row in range(6):
            bit = 1 << (7 * column + row)
            if mask & bit:
                board[row, column] = 1 if first & bit else 2
    game = (_CountedConnectFour if counted else _ShippedConnectFour)([None, None], board)
    game.current_player = 1 if plies % 2 == 0 else 2
    _CountedConnectFour.counter.n = 1
    return game
