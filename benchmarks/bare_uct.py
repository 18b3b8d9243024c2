"""A bare textbook UCT: the baseline that shows what the engine's MCTS extras cost.

The MCTS counterpart of :mod:`benchmarks.bare_alphabeta`: UCT (Kocsis and Szepesvári
2006; Russell & Norvig, 4th ed., Figure 5.11) over the same game protocol as the engine
(``terminal_value``, ``to_move``, ``actions``, ``chances``, ``result``), with the same
rules as ``core/search/mcts.py`` (one node added per iteration, UCB1 on win rates scaled by the
utility bounds, chance outcomes drawn by their probabilities, uniformly random playouts)
and the same draws from the same ``random.Random(seed)``, so it grows the same tree and
ends with the same visit counts. Nothing else: no events, no statistics, no principal
variation, no cancel, no clock, no progress.

Written with the usual Python speed habits (names bound to locals), so it is a fair
floor for the engine rather than a straw man.
"""

from __future__ import annotations

import math
import random
from bisect import bisect_right
from dataclasses import dataclass
from itertools import accumulate
from typing import Any

from gamesearch_gui.core.game import Game
from gamesearch_gui.core.game import Player

__all__ = ["BareUctResult", "uct"]


@dataclass(frozen=True, slots=True)
class BareUctResult:
    """The most visited root move (the first among equals) and each root move's N."""

    best_move: Any
    visits: dict[Any, int]


class _Node:
    __slots__ = (
        "by_outcome",
        "children",
        "cumulative",
        "move",
        "outcomes",
        "parent",
        "player",
        "state",
        "terminal",
        "total",
        "untried",
        "visits",
    )

    def __init__(self, game: Game[Any, Any], parent: _Node | None, move: Any, state: Any) -> None:
        self.parent = parent
        self.move = move
        self.state = state
        self.terminal = game.terminal_value(state)
        self.player = game.to_move(state) if self.terminal is None else Player.MAX
        self.children: list[_Node] = []
        self.by_outcome: dict[Any, _Node] = {}
        self.untried: list[Any] = []
        self.outcomes: Any = ()
        self.cumulative: list[float] = []
        if self.terminal is None:
            if self.player is Player.CHANCE:
                self.outcomes = game.chances(state)
                self.cumulative = list(accumulate(p for _, p in self.outcomes))
            else:
                self.untried = list(game.actions(state))
        self.visits = 0
        self.total = 0.0


def uct(
    game: Game[Any, Any], state: Any, iterations: int, *, seed: int = 0, c: float = math.sqrt(2)
) -> BareUctResult:
    """``iterations`` of UCT from ``state``."""
    rng = random.Random(seed)
    low, high = game.utility_bounds()
    span = high - low if high > low else 1.0
    terminal_value = game.terminal_value
    to_move = game.to_move
    actions = game.actions
    chances = game.chances
    result = game.result
    chance = Player.CHANCE
    maximum = Player.MAX
    sqrt = math.sqrt
    log = math.log
    root = _Node(game, None, None, state)
    for _ in range(iterations):
        node = root
        new = None
        # Select, and expand one node.
        while node.terminal is None:
            if node.player is chance:
                cumulative = node.cumulative
                i = min(
                    bisect_right(cumulative, rng.random() * cumulative[-1]), len(cumulative) - 1
                )
                outcome = node.outcomes[i][0]
                child = node.by_outcome.get(outcome)
                if child is None:
                    new = child = _Node(game, node, outcome, result(node.state, outcome))
                    node.by_outcome[outcome] = child
                    node.children.append(child)
                    node = child
                    break
                node = child
            elif node.untried:
                untried = node.untried
                i = rng.randrange(len(untried))
                move = untried[i]
                untried[i] = untried[-1]
                untried.pop()
                new = child = _Node(game, node, move, result(node.state, move))
                node.children.append(child)
                node = child
                break
            else:
                maximizing = node.player is maximum
                factor = c * sqrt(log(node.visits))
                best = node.children[0]
                best_score = -math.inf
                for child in node.children:
                    rate = (child.total / child.visits - low) / span
                    score = (rate if maximizing else 1.0 - rate) + factor / sqrt(child.visits)
                    if score > best_score:
                        best_score = score
                        best = child
                node = best
        # Play out.
        if new is not None:
            s = new.state
            reward = new.terminal
            while reward is None:
                if to_move(s) is chance:
                    pick = rng.random()
                    outcomes = chances(s)
                    move = outcomes[-1][0]
                    for outcome, p in outcomes:
                        pick -= p
                        if pick < 0.0:
                            move = outcome
                            break
                else:
                    legal = actions(s)
                    move = legal[rng.randrange(len(legal))]
                s = result(s, move)
                reward = terminal_value(s)
        else:
            reward = node.terminal
        # Back up.
        up: _Node | None = node
        while up is not None:
            up.visits += 1
            up.total += reward
            up = up.parent
    visits = {child.move: child.visits for child in root.children}
    best_move = None
    for move in game.actions(state) if root.player is not chance else []:
        if visits.get(move, 0) > visits.get(best_move, 0):
            best_move = move
    return BareUctResult(best_move, visits)
