"""A gamble with a coin, in gamesearch-gui's protocol: a game file with chance nodes.

MAX plays safe (0) or gambles. A gamble tosses a biased coin: heads (0.6) lets MIN
choose between paying 2 and paying 1; tails (0.4) costs MAX 1. Gambling is worth
0.6 * 1 + 0.4 * (-1) = 0.2 to MAX, more than playing safe.
"""

from gamesearch_gui.api import Game
from gamesearch_gui.api import Player


class CoinGamble(Game):
    """MAX plays safe or gambles on a biased coin; after heads MIN chooses what to pay."""

    title = "Coin gamble"
    has_chance = True

    def initial_state(self):
        return ()

    def to_move(self, state):
        if len(state) == 1:
            return Player.CHANCE
        return Player.MAX if not state else Player.MIN

    def actions(self, state):
        return ["safe", "gamble"] if not state else ["pay 2", "pay 1"]

    def chances(self, state):
        return [("heads", 0.6), ("tails", 0.4)]

    def result(self, state, action):
        return (*state, action)

    def terminal_value(self, state):
        if state == ("safe",):
            return 0
        if state[-1:] == ("tails",):
            return -1
        if len(state) == 3:
            return 2 if state[2] == "pay 2" else 1
        return None

    def utility_bounds(self):
        return (-1, 2)

    def move_text(self, state, action):
        return str(action)

    def board_text(self, state):
        return " → ".join(state) or "MAX to choose: safe or gamble"
