"""Which functions of a student's file the window offers as its search: read from the
file's syntax, never run."""

from __future__ import annotations

from gamesearch_gui.search_check.outline import search_functions

SOURCE = """\
import math

print("importing me would print this")

def max_value(state, alpha, beta):
    return 0

def helper(game):
    return game

def search_anything(*args):
    return 0

def my_search(state, game, depth=4):
    return 0

def needs_a_keyword(state, game, *, depth):
    return 0

def decide(state, game):
    return 0

def alpha_beta_search(state, game):
    def inner(state, game):
        return 0
    return inner(state, game)

class Agent:
    def minimax_decision(self, state, game):
        return 0
"""


def test_the_file_s_searches_come_aima_s_names_first() -> None:
    # Two parameters (others with defaults) or *args: callable as f(state, game).
    # Nested functions and methods are not the file's own searches.
    assert search_functions(SOURCE) == [
        "alpha_beta_search",
        "search_anything",
        "my_search",
        "decide",
    ]


def test_a_file_that_does_not_parse_offers_nothing() -> None:
    assert search_functions("def alpha_beta_search(state, game)\n    return 0\n") == []
    assert search_functions("def decide(state, game):\n    return '\0'\n\0") == []
    assert search_functions("") == []
