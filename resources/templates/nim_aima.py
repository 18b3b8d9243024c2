"""Nim, written in aima-python's style (the code of Russell & Norvig's book): a template
to copy and change.

Heaps of matches lie on the table. A move takes one or more matches from one heap;
whoever takes the last match wins. Try it:

    gamesearch-gui check-game nim_aima.py
    gamesearch-gui solve --game-file nim_aima.py

The class needs no import: gamesearch-gui reads any class with aima-python's methods.
With aima-python's games.py beside this file, you may write ``from games import Game``
and ``class Nim(Game):`` to play it with aima's players as well.
"""


class Nim:
    """Nim with the heaps given; player 'A' moves first (gamesearch-gui's MAX)."""

    def __init__(self, heaps=(1, 3, 5)):
        # A state is (heaps, player to move): a tuple, so result() builds a new one.
        self.initial = (tuple(heaps), "A")

    def to_move(self, state):
        return state[1]

    def actions(self, state):
        heaps, _ = state
        # A move is (heap number, matches taken), heaps counted from 0.
        return [(i, n) for i, size in enumerate(heaps) for n in range(1, size + 1)]

    def result(self, state, move):
        heaps, player = state
        i, n = move
        heaps = list(heaps)  # a new list: the state given stays as it was
        heaps[i] -= n
        heaps = tuple(heaps)
        return (heaps, "B" if player == "A" else "A")

    def terminal_test(self, state):
        heaps, _ = state
        return not any(heaps)

    def utility(self, state, player):
        """+1 for the player who took the last match, -1 for the other."""
        _, to_move = state
        return -1 if player == to_move else 1  # the player to move did not take it

    def display(self, state):
        heaps, player = state
        for i, size in enumerate(heaps):
            print(f"{i + 1}: {'|' * size}")
        print(f"{player} to move")
