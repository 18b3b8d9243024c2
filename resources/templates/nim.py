"""Nim, written in gamesearch-gui's own protocol: a template to copy and change.

Heaps of matches lie on the table. A move takes one or more matches from one heap;
whoever takes the last match wins. Try it:

    gamesearch-gui check-game nim.py      # does the game keep the rules a search needs?
    gamesearch-gui solve --game-file nim.py

docs/your-code.md ("Your own game") explains each method.
"""

from gamesearch_gui.api import Game, Player


class Nim(Game):
    """Nim with the heaps given; MAX moves first."""

    title = "Nim"

    def __init__(self, heaps=(1, 3, 5)):
        self.heaps = tuple(heaps)

    # A state is (heaps, player to move). Tuples never change, so result() builds a
    # new one, and a tuple is hashable: it keys the transposition table as it is.
    def initial_state(self):
        return (self.heaps, Player.MAX)

    def to_move(self, state):
        return state[1]

    def actions(self, state):
        heaps, _ = state
        # A move is (heap number, matches taken), heaps counted from 0.
        return [(i, n) for i, size in enumerate(heaps) for n in range(1, size + 1)]

    def result(self, state, action):
        heaps, player = state
        i, n = action
        heaps = list(heaps)  # a new list: the state given stays as it was
        heaps[i] -= n
        heaps = tuple(heaps)
        return (heaps, Player.MIN if player is Player.MAX else Player.MAX)

    def terminal_value(self, state):
        """None while matches are left; else +1 if MAX took the last one, -1 if MIN did."""
        heaps, player = state
        if any(heaps):
            return None
        return -1 if player is Player.MAX else 1  # the player to move did not take it

    def evaluations(self):
        """Named evaluation functions for a depth cutoff, the first the default."""
        return {"nim_sum": self.nim_sum}

    def nim_sum(self, state):
        """The player to move wins when the heaps' XOR is not 0 (Bouton, 1901)."""
        heaps, player = state
        xor = 0
        for size in heaps:
            xor ^= size
        mover_wins = 0.5 if xor else -0.5
        return mover_wins if player is Player.MAX else -mover_wins

    def move_text(self, state, action):
        i, n = action
        return f"{n}@{i + 1}"  # take n matches from heap i + 1

    def board_text(self, state):
        heaps, player = state
        rows = [f"{i + 1}: {'|' * size}" for i, size in enumerate(heaps)]
        return "\n".join([*rows, f"{player.value.upper()} to move"])
