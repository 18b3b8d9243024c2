"""A small random game whose positions recur by many paths, to test transposition tables.

A state is (ply, x, player). Moves add a few fixed steps to x modulo a small number, so
different move orders reach the same state. Leaves at the final ply score a random
table; a cutoff evaluates another random table. Optional chance plies roll a coin.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from gamesearch_gui.core.game import Evaluation, Game, Player

State = tuple[int, int, int]  # ply, x, who moves (0 MAX, 1 MIN, 2 chance)


class DagGame(Game[State, int]):
    """A seeded random game with transpositions (and chance plies if asked)."""

    name = "dag"
    title = "Random DAG game"

    def __init__(self, seed: int, *, height: int = 6, width: int = 7, chance: bool = False):
        rng = random.Random(seed)
        self.height = height
        self.width = width
        self.steps = tuple(rng.sample(range(1, width), rng.randint(2, 3)))
        self.table = {
            (ply, x): rng.randint(-5, 5) for ply in range(height + 1) for x in range(width)
        }
        self.heuristic = {
            (ply, x): rng.randint(-5, 5) for ply in range(height + 1) for x in range(width)
        }
        self.chance_plies = frozenset(
            ply for ply in range(1, height) if chance and rng.random() < 0.4
        )
        self.has_chance = bool(self.chance_plies)
        self.odds = {ply: rng.choice((0.5, 0.25, 0.75, 0.125)) for ply in self.chance_plies}

    def initial_state(self) -> State:
        return (0, 0, 0)

    def to_move(self, state: State) -> Player:
        return (Player.MAX, Player.MIN, Player.CHANCE)[state[2]]

    def actions(self, state: State) -> Sequence[int]:
        return self.steps

    def chances(self, state: State) -> Sequence[tuple[int, float]]:
        p = self.odds[state[0]]
        return ((self.steps[0], p), (self.steps[1], 1.0 - p))

    def result(self, state: State, action: int) -> State:
        ply = state[0] + 1
        who = 2 if ply in self.chance_plies else ply % 2
        return (ply, (state[1] + action) % self.width, who)

    def is_terminal(self, state: State) -> bool:
        return state[0] >= self.height

    def utility(self, state: State) -> float:
        return self.table[state[0], state[1]]

    def evaluations(self) -> Mapping[str, Evaluation[State]]:
        return {"table": lambda s: self.heuristic[s[0], s[1]] * 0.9}

    def ordered_actions(self, state: State) -> Sequence[int]:
        return tuple(sorted(self.steps, reverse=state[1] % 2 == 0))

    def utility_bounds(self) -> tuple[float, float]:
        return (-5.0, 5.0)

    def max_plies(self, state: State) -> int:
        return self.height - state[0]
