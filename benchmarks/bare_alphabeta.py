"""A bare textbook alpha-beta: the baseline that shows what the engine's extras cost.

Russell & Norvig's alpha-beta (4th ed., Figure 5.7) over the same game protocol as the
engine (``terminal_value``, ``to_move``, ``actions`` or ``ordered_actions``, ``result``
and an evaluation at the depth cutoff), with the same cut rule (``v >= beta`` at MAX,
``v <= alpha`` at MIN), the same move order and a node counter, and nothing else: no
events, no statistics, no principal variation, no cancellation. It visits exactly the
nodes that the engine's plain alpha-beta visits and returns the same value and best move.

Written with the usual Python speed habits (names bound to locals, one closure), so it
is a fair floor for the engine rather than a straw man.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from gamesearch_gui.core.game import Game
from gamesearch_gui.core.game import Player

__all__ = ["BareResult", "alphabeta"]


@dataclass(frozen=True, slots=True)
class BareResult:
    """Value (MAX's view), the first best root move, and the nodes visited (root included)."""

    value: float
    best_move: Any
    nodes: int


def alphabeta(
    game: Game[Any, Any],
    state: Any,
    depth: int | None = None,
    evaluate: Callable[[Any], float] | None = None,
    *,
    ordered: bool = False,
) -> BareResult:
    """Alpha-beta from ``state`` to ``depth`` plies (None: to the end of the game).

    ``evaluate`` defaults to the game's first evaluation; ``ordered`` searches the
    game's ``ordered_actions`` instead of its natural order.
    """
    if evaluate is None and depth is not None:
        evaluate = next(iter(game.evaluations().values()))
    terminal_value = game.terminal_value
    to_move = game.to_move
    actions = game.ordered_actions if ordered else game.actions
    result = game.result
    max_player = Player.MAX
    limit = depth if depth is not None else 1 << 30
    inf = math.inf
    nodes = 0

    def value(s: Any, ply: int, alpha: float, beta: float) -> float:
        nonlocal nodes
        nodes += 1
        v = terminal_value(s)
        if v is not None:
            return v
        if ply >= limit:
            assert evaluate is not None
            return evaluate(s)
        below = ply + 1
        if to_move(s) is max_player:
            v = -inf
            for a in actions(s):
                child = value(result(s, a), below, alpha, beta)
                if child > v:
                    v = child
                    if v >= beta:
                        return v
                    if v > alpha:
                        alpha = v
            return v
        v = inf
        for a in actions(s):
            child = value(result(s, a), below, alpha, beta)
            if child < v:
                v = child
                if v <= alpha:
                    return v
                if v < beta:
                    beta = v
        return v

    # The root: the same loop, keeping the first best move.
    nodes = 1
    root_value = terminal_value(state)
    if root_value is not None:
        return BareResult(root_value, None, nodes)
    maximizing = to_move(state) is max_player
    alpha, beta = -inf, inf
    best_value = -inf if maximizing else inf
    best_move = None
    for a in actions(state):
        child = value(result(state, a), 1, alpha, beta)
        if maximizing and child > best_value:
            best_value, best_move = child, a
            alpha = max(alpha, child)
        elif not maximizing and child < best_value:
            best_value, best_move = child, a
            beta = min(beta, child)
    return BareResult(best_value, best_move, nodes)
