"""Nim for three players, as a user's game file: take 1 to 3 from one pile; who takes
the last counter wins. It names no evaluation of its own, so a search cut off by a
depth or a clock values a cutoff with "none" (a third of the win for each)."""

from gamesearch_gui.api import Game
from gamesearch_gui.api import Player


class ThreeNim(Game):
    """Three players, A, B and C in turn, on a pile of 12."""

    title = "Three-way Nim"
    players = ("A", "B", "C")

    def initial_state(self):
        return (12, 0)  # (counters left, who moves: 0, 1 or 2)

    def to_move(self, state):
        return Player.MAX  # everyone maximises their own share; player_index says who

    def player_index(self, state):
        return state[1]

    def actions(self, state):
        return list(range(1, min(3, state[0]) + 1))

    def result(self, state, action):
        return (state[0] - action, (state[1] + 1) % 3)

    def is_terminal(self, state):
        return state[0] == 0

    def utilities(self, state):
        winner = (state[1] - 1) % 3  # who took the last counter
        return tuple(1.0 if i == winner else 0.0 for i in range(3))

    def utility_sum(self):
        return 1.0

    def utility_bounds(self):
        return (0.0, 1.0)

    def max_plies(self, state):
        return state[0]
