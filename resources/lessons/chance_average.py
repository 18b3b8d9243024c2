"""Find the bug: an expectiminimax written in aima-python's style (its ``expect_minmax``),
with one slip.

Check it with ``gamesearch-gui check-search --lesson chance-average``: it evaluates
every leaf, as expectiminimax must, and yet on some trees it chooses a move that is not
the best. The command says what each move is worth, and how a chance node's value is
made. Which line computes a chance node's value, and what does it leave out?
"""

import math


def expect_minmax(state, game):
    """Return the best move for the player to move at state: MAX and MIN choose, and
    after each move the dice decide (chances, outcome and probability)."""
    player = game.to_move(state)

    def value(state):
        if game.terminal_test(state):
            return game.utility(state, player)
        if state.to_move == player:
            return max_value(state)
        return min_value(state)

    def max_value(state):
        v = -math.inf
        for a in game.actions(state):
            v = max(v, chance_node(state, a))
        return v

    def min_value(state):
        v = math.inf
        for a in game.actions(state):
            v = min(v, chance_node(state, a))
        return v

    def chance_node(state, action):
        res_state = game.result(state, action)
        if game.terminal_test(res_state):
            return game.utility(res_state, player)
        chances = game.chances(res_state)
        total = 0
        for chance in chances:
            total += value(game.outcome(res_state, chance))
        return total / len(chances)

    return max(game.actions(state), key=lambda a: chance_node(state, a), default=None)
