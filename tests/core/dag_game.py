"""A small random game whose positions recur by many paths, to test transposition tables.

A state is (ply, x, player). Moves add a few fixed steps to x modulo a small number, so
different move orders reach the same state. Leaves at the final ply score a random
table; a cutoff evaluates another random table. Optional chance plies roll a coin.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Mapping
from collections.abc import Sequence

from gamesearch_gui.core.game import Evaluation
from gamesearch_gui.core.game import Game
from gamesearch_gui.core.game import Player
from gamesearch_gui.core.game import VectorEvaluation

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


PlayerState = tuple[int, int]  # counters left, whose turn (an index into ``players``)


class PlayersDagGame(Game[PlayerState, int]):
    """A seeded random game of ``n`` players whose positions recur by many paths and at
    many depths: as in Nim, each move takes one of a few fixed counts from a pile, and
    the turn passes on. An empty pile (or one too small for any count) ends the game
    with a random vector; a cutoff evaluates another random vector. With
    ``constant_sum`` every vector adds up to it; with ``chance`` some piles roll a coin
    first (take one count or another) and the same player moves after the roll."""

    name = "players-dag"
    title = "Random game of players"

    def __init__(
        self,
        seed: int,
        *,
        players: int = 3,
        pile: int = 12,
        constant_sum: int | None = None,
        chance: bool = False,
    ) -> None:
        rng = random.Random(seed)
        self.players = tuple("ABCDEFG"[:players])
        self.pile = pile
        self.total = constant_sum
        self.steps = tuple(sorted(rng.sample(range(1, 5), rng.randint(2, 3))))

        def vector() -> tuple[float, ...]:
            if constant_sum is None:
                return tuple(float(rng.randint(0, 6)) for _ in range(players))
            cuts = sorted(rng.randint(0, constant_sum) for _ in range(players - 1))
            edges = [0, *cuts, constant_sum]
            return tuple(float(b - a) for a, b in itertools.pairwise(edges))

        states = [(x, who) for x in range(pile + 1) for who in range(players)]
        self.table = {s: vector() for s in states}
        self.heuristic = {s: vector() for s in states}
        self.chance_piles = frozenset(
            x for x in range(self.steps[1], pile + 1) if chance and rng.random() < 0.3
        )
        self.has_chance = bool(self.chance_piles)

    def initial_state(self) -> PlayerState:
        return (self.pile, 0)

    def to_move(self, state: PlayerState) -> Player:
        return Player.CHANCE if state[0] in self.chance_piles else Player.MAX

    def player_index(self, state: PlayerState) -> int:
        return state[1]

    def actions(self, state: PlayerState) -> Sequence[int]:
        return tuple(step for step in self.steps if step <= state[0])

    def chances(self, state: PlayerState) -> Sequence[tuple[int, float]]:
        return (
            (self.steps[0], 0.25 + 0.5 * (state[0] % 2)),
            (self.steps[1], 0.75 - 0.5 * (state[0] % 2)),
        )

    def result(self, state: PlayerState, action: int) -> PlayerState:
        if state[0] in self.chance_piles:
            return (state[0] - action, state[1])
        return (state[0] - action, (state[1] + 1) % len(self.players))

    def is_terminal(self, state: PlayerState) -> bool:
        return state[0] < self.steps[0]

    def utilities(self, state: PlayerState) -> tuple[float, ...]:
        return self.table[state]

    def terminal_utilities(self, state: PlayerState) -> tuple[float, ...] | None:
        return self.table[state] if self.is_terminal(state) else None

    def utility_sum(self) -> float | None:
        return None if self.total is None else float(self.total)

    def utility_bounds(self) -> tuple[float, float]:
        return (0.0, float(self.total if self.total is not None else 6))

    def vector_evaluations(self) -> Mapping[str, VectorEvaluation[PlayerState]]:
        return {"table": lambda s: self.heuristic[s]}

    def max_plies(self, state: PlayerState) -> int:
        return state[0]
