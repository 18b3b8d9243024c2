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
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from aima3.games import Game, alphabeta_cutoff_search

from gamesearch_gui.core.game import Player
from gamesearch_gui.core.games.connect4 import C4State, Column, ConnectFour

__all__ = ["AimaConnectFour", "aima_depth", "alphabeta_cutoff_search"]


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
