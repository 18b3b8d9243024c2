"""Tic-tac-toe in aima-python's style: a dict board inside a namedtuple, so the states
are unhashable (as in aima-python's games.py, which this follows)."""

from collections import namedtuple

GameState = namedtuple("GameState", "to_move, utility, board, moves")


class TicTacToe:
    def __init__(self, h=3, v=3, k=3):
        self.h, self.v, self.k = h, v, k
        moves = [(x, y) for x in range(1, h + 1) for y in range(1, v + 1)]
        self.initial = GameState(to_move="X", utility=0, board={}, moves=moves)

    def actions(self, state):
        return state.moves

    def result(self, state, move):
        if move not in state.moves:
            return state
        board = state.board.copy()
        board[move] = state.to_move
        moves = list(state.moves)
        moves.remove(move)
        return GameState(
            to_move="O" if state.to_move == "X" else "X",
            utility=self.compute_utility(board, move, state.to_move),
            board=board,
            moves=moves,
        )

    def utility(self, state, player):
        return state.utility if player == "X" else -state.utility

    def terminal_test(self, state):
        return state.utility != 0 or len(state.moves) == 0

    def to_move(self, state):
        return state.to_move

    def display(self, state):
        for x in range(1, self.h + 1):
            print(" ".join(state.board.get((x, y), ".") for y in range(1, self.v + 1)))

    def compute_utility(self, board, move, player):
        for delta in ((0, 1), (1, 0), (1, -1), (1, 1)):
            if self.k_in_row(board, move, player, delta):
                return +1 if player == "X" else -1
        return 0

    def k_in_row(self, board, move, player, delta):
        (dx, dy) = delta
        x, y = move
        n = 0
        while board.get((x, y)) == player:
            n += 1
            x, y = x + dx, y + dy
        x, y = move
        while board.get((x, y)) == player:
            n += 1
            x, y = x - dx, y - dy
        n -= 1
        return n >= self.k
