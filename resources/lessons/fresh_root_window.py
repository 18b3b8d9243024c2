"""Find the bug: an alpha-beta search as aima-python once published it (its issue #34).

Check it with ``gamesearch-gui check-search --lesson fresh-root-window``: the best move
always comes out right, and still the command finds a difference, already on the
textbook's Figure 5.2. Which leaves does it evaluate that alpha-beta never examines,
and what does the root forget to pass down?
"""

import math


def alpha_beta_search(state, game):
    """Search game to determine the best action; use alpha-beta pruning."""
    player = game.to_move(state)

    def max_value(state, alpha, beta):
        if game.terminal_test(state):
            return game.utility(state, player)
        v = -math.inf
        for a in game.actions(state):
            v = max(v, min_value(game.result(state, a), alpha, beta))
            if v >= beta:
                return v
            alpha = max(alpha, v)
        return v

    def min_value(state, alpha, beta):
        if game.terminal_test(state):
            return game.utility(state, player)
        v = math.inf
        for a in game.actions(state):
            v = min(v, max_value(game.result(state, a), alpha, beta))
            if v <= alpha:
                return v
            beta = min(beta, v)
        return v

    # Each move of the root is searched on its own, with the widest window.
    return max(
        game.actions(state),
        key=lambda a: min_value(game.result(state, a), -math.inf, math.inf),
    )
