"""Find the bug: an alpha-beta search written in aima-python's style, with one slip.

Check it with ``gamesearch-gui check-search --lesson alpha-min``: the command says on
which trees it evaluates leaves that alpha-beta never examines, and where the first one
is. Then find the line that is wrong, and say why it lets those leaves through.
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
            alpha = min(alpha, v)
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

    best_score = -math.inf
    beta = math.inf
    best_action = None
    for a in game.actions(state):
        v = min_value(game.result(state, a), best_score, beta)
        if v > best_score:
            best_score = v
            best_action = a
    return best_action
