"""Connect Four in aima-python's ``Game`` interface, over our rules, for the benchmarks.

aima-python (https://github.com/aimacode/aima-python), the code of Russell & Norvig's
book, is not on PyPI under its own name; the package ``aima3`` (Calysto's packaging of
it, https://github.com/Calysto/aima3, version 1.0.11) is, and its ``aima3/games.py``
holds the book's ``alphabeta_cutoff_search`` as aima-python wrote it. (aima-python has
since renamed the function ``alpha_beta_cutoff_search`` and writes ``np.inf`` for
``float('inf')``; the search is the same.) It comes with the ``bench`` extra.

:class:`AimaConnectFour` is Connect Four as an aima-python ``Game`` whose states, moves,
rules and evaluation are ours, so aima's search and our plain alpha-beta search the
same tree: the same moves in the same order (columns left to right), the same values
at the same leaves. It is the fast, fair form of the peer: where aima's interface and
ours agree (``actions``, ``result``, ``to_move``), our bound methods are set on the
instance, so aima's search calls our code with nothing in between; ``terminal_test``
and the ``eval_fn`` that aima calls at every cutoff and terminal state are one thin
function each over ``terminal_value`` and the evaluation.

Depth: aima's cutoff test is ``depth > d`` with the root's children at depth 1, so
``d = 7`` evaluates the positions 8 plies down, as our depth 8 does.

Nodes: aima-python counts nothing; a node is a call of ``result`` (every position the
search visits but the root, so one fewer than our ``stats.nodes`` on the same tree).
With ``counted=True`` the game counts them in ``nodes``; the benchmark times games
built without the counter and counts in one extra run, which must choose the same move.

aima-python as a student runs it: aima's OWN Connect Four, ``aima3.games.ConnectFour``
(a ``TicTacToe`` on a 7 x 6 board, connect 4): a state is aima's ``GameState`` with a
dictionary board ``{(x, y): 'X' or 'O'}``, ``x`` the column 1..7 from the left, ``y`` the
row 1..6 from the bottom, ``'X'`` the first player (our MAX); a move is the square
``(x, y)`` a stone drops to, and ``actions`` lists one per open column, left to right
(gravity: the bottom row, or a square above a stone), as our columns are ordered.
Its ``result`` copies the board and the list of empty squares and looks for four in a
row through the new stone; its ``utility`` is +1 or -1 once someone has won, else 0, and
``alphabeta_cutoff_search``'s default ``eval_fn`` is that utility, so a cutoff knows
nothing but a win. :func:`own_state` sets one of our positions up as its ``GameState``,
:func:`own_game` makes the game (``counted=True``: a subclass whose ``result`` counts
its calls in ``nodes``), :func:`own_column` turns its move into our column, and
:func:`own_eval_fn` is our ``open_lines`` ported to its board (:func:`own_open_lines`)
with our values at won and drawn positions: with it, aima's own game searches the very
tree our plain alpha-beta searches, move for move.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from aima3.games import ConnectFour as OwnConnectFour
from aima3.games import Game
from aima3.games import GameState
from aima3.games import alphabeta_cutoff_search

from gamesearch_gui.core.game import Player
from gamesearch_gui.core.games.connect4 import CELLS
from gamesearch_gui.core.games.connect4 import HEIGHT
from gamesearch_gui.core.games.connect4 import WIDTH
from gamesearch_gui.core.games.connect4 import C4State
from gamesearch_gui.core.games.connect4 import Column
from gamesearch_gui.core.games.connect4 import ConnectFour
from gamesearch_gui.core.games.connect4 import open_lines

__all__ = [
    "AimaConnectFour",
    "CountingOwnConnectFour",
    "OwnConnectFour",
    "aima_depth",
    "alphabeta_cutoff_search",
    "own_column",
    "own_eval_fn",
    "own_game",
    "own_open_lines",
    "own_search",
    "own_state",
]


def aima_depth(depth: int) -> int:
    """aima's ``d`` for a search that evaluates ``depth`` plies below the root."""
    return depth - 1


class AimaConnectFour(Game):  # type: ignore[misc]
    """Connect Four as aima-python's ``Game``: our states, rules and evaluation."""

    def __init__(
        self,
        evaluate: Callable[[C4State], float],
        *,
        rules: ConnectFour | None = None,
        counted: bool = False,
    ) -> None:
        rules = rules if rules is not None else ConnectFour()
        terminal_value = rules.terminal_value
        self.initial = rules.initial_state()
        self.nodes = 0
        self.actions = rules.actions
        self.to_move = rules.to_move
        if counted:
            result = rules.result

            def counting_result(state: C4State, move: Column) -> C4State:
                self.nodes += 1
                return result(state, move)

            self.result = counting_result
        else:
            self.result = rules.result

        def terminal_test(state: C4State) -> bool:
            return terminal_value(state) is not None

        def utility(state: C4State, player: Player) -> float:
            value = terminal_value(state)
            assert value is not None
            return value if player is Player.MAX else -value

        def value_for_max(state: C4State) -> float:
            # aima calls eval_fn at a terminal state too, so it must give the utility there.
            value = terminal_value(state)
            return evaluate(state) if value is None else value

        def value_for_min(state: C4State) -> float:
            return -value_for_max(state)

        self.terminal_test = terminal_test
        self.utility = utility
        self._eval_fns = {Player.MAX: value_for_max, Player.MIN: value_for_min}

    def eval_fn(self, player: Player) -> Callable[[C4State], float]:
        """The ``eval_fn`` for aima's search from a position where ``player`` moves.

        aima's search maximises for the player at the root, so values are from that
        player's point of view: our values (MAX's view), negated for MIN.
        """
        return self._eval_fns[player]

    def search(self, state: C4State, depth: int) -> Any:
        """aima-python's ``alphabeta_cutoff_search`` to ``depth`` plies; its move."""
        fn = self.eval_fn(self.to_move(state))
        return alphabeta_cutoff_search(state, self, d=aima_depth(depth), eval_fn=fn)


# -- aima-python's own Connect Four, as a student runs it ------------------------------

#: aima's marks: 'X' moves first (our MAX), 'O' second.
OWN_MAX = "X"
OWN_MIN = "O"
#: Stones in a row that win.
CONNECT = 4
#: Bits per column in our layout: the six rows and a sentinel (connect4's docstring).
_STRIDE = HEIGHT + 1
#: Bits per side in :func:`own_open_lines`'s one int: MAX's stones low, MIN's above.
_SIDE = WIDTH * _STRIDE
_MAX_SQUARES = (1 << _SIDE) - 1


def _square_bit(x: int, y: int) -> int:
    """Our bit for aima's square ``(x, y)``, both counted from 1."""
    return 1 << ((x - 1) * _STRIDE + (y - 1))


# A stone of aima's board as our bit: MAX's at the square's bit, MIN's _SIDE bits above.
_STONE_BITS: dict[tuple[tuple[int, int], str], int] = {
    ((x, y), mark): _square_bit(x, y) << (0 if mark == OWN_MAX else _SIDE)
    for x in range(1, WIDTH + 1)
    for y in range(1, HEIGHT + 1)
    for mark in (OWN_MAX, OWN_MIN)
}


#: Our rules, to tell who has won a position being set up.
_RULES = ConnectFour()


class CountingOwnConnectFour(OwnConnectFour):  # type: ignore[misc]
    """aima's own Connect Four whose ``result`` counts its calls in ``nodes``."""

    nodes = 0

    def result(self, state: Any, move: Any) -> Any:
        self.nodes += 1
        return super().result(state, move)


def own_game(*, counted: bool = False) -> Any:
    """aima's own ``ConnectFour``, 7 columns by 6 rows, connect 4 (said, not assumed:
    its defaults are the same); with ``counted`` the subclass that counts nodes."""
    cls = CountingOwnConnectFour if counted else OwnConnectFour
    return cls(h=WIDTH, v=HEIGHT, k=CONNECT)


def own_state(state: C4State, game: Any = None) -> Any:
    """Our position as aima's own ``GameState`` (``to_move``, ``utility``, ``board``,
    ``moves``), as aima's own ``result`` would have made it playing the same stones.

    ``moves`` are the empty squares in the order of aima's initial list (column by
    column), from which its ``result`` only ever removes; ``utility`` is +1 if MAX
    ('X') has four in a row, -1 if MIN has, else 0.
    """
    game = game if game is not None else own_game()
    mover, mask, plies = state
    max_bits = mover if plies % 2 == 0 else mover ^ mask
    board = {
        (x, y): OWN_MAX if max_bits & _square_bit(x, y) else OWN_MIN
        for x in range(1, WIDTH + 1)
        for y in range(1, HEIGHT + 1)
        if mask & _square_bit(x, y)
    }
    moves = [square for square in game.initial.moves if square not in board]
    winner = _RULES.winner(state)
    utility = 0 if winner is None else (1 if winner is Player.MAX else -1)
    to_move = OWN_MAX if plies % 2 == 0 else OWN_MIN
    return GameState(to_move=to_move, utility=utility, board=board, moves=moves)


def own_column(move: tuple[int, int]) -> Column:
    """Our column (0..6) for aima's move, the square ``(x, y)`` with ``x`` from 1."""
    return move[0] - 1


def own_open_lines(board: dict[tuple[int, int], str]) -> float:
    """Our ``open_lines`` of aima's board: the same value on the same position.

    The port that costs aima least we found: one pass over the stones (a C-level
    ``map`` and ``sum`` through a table) lays them out as our bitboards, and our
    ``open_lines`` does the rest with its arithmetic over every window at once. (A
    loop over the 69 windows with dictionary look-ups, the book's own way of looking
    at this board, is several times slower.)
    """
    sides = sum(map(_STONE_BITS.__getitem__, board.items()))
    max_bits = sides & _MAX_SQUARES
    min_bits = sides >> _SIDE
    plies = len(board)
    mover = max_bits if plies % 2 == 0 else min_bits
    return open_lines((mover, max_bits | min_bits, plies))


def own_eval_fn(root_to_move: str) -> Callable[[Any], float]:
    """The ``eval_fn`` for aima's search from a position where ``root_to_move`` moves:
    our values on aima's own states, from that player's point of view.

    aima calls it at every cutoff and at terminal positions, so it gives our utility
    there: a win is worth ``1 + (42 - stones) / 42`` to the winner (aima's ``utility``
    says who won), a full board 0; elsewhere :func:`own_open_lines`.
    """
    sign = 1.0 if root_to_move == OWN_MAX else -1.0

    def eval_fn(state: Any) -> float:
        won = state.utility
        if won:
            return sign * won * (1.0 + (CELLS - len(state.board)) / CELLS)
        if not state.moves:
            return 0.0
        return sign * own_open_lines(state.board)

    return eval_fn


def own_search(
    game: Any, state: Any, depth: int, eval_fn: Callable[[Any], float] | None = None
) -> Any:
    """aima's ``alphabeta_cutoff_search`` on its own game to ``depth`` plies; its move.

    Without ``eval_fn``, aima's default: its ``utility`` for the player at the root
    (+1 or -1 after a win, 0 otherwise), as a student runs it.
    """
    return alphabeta_cutoff_search(state, game, d=aima_depth(depth), eval_fn=eval_fn)
