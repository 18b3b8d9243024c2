"""The public API for writing your own game: what a game file imports.

A game file defines one class, a subclass of :class:`Game`, and the app loads it with
``gamesearch-gui solve --game-file nim.py`` or ``gamesearch-gui check-game nim.py``
(docs/your-code.md has the whole story and a worked example). These names are stable:
they keep their meaning from one release to the next.

The methods a game must define: ``initial_state()``, ``to_move(state)`` (a
:class:`Player`), ``actions(state)``, ``result(state, action)`` (a new state: never
change the one given), and either ``terminal_value(state)`` (the utility from MAX's
view, or None while play goes on) or both ``is_terminal(state)`` and
``utility(state)``. Optional: ``evaluations()`` (named evaluation functions for depth
cutoffs), ``key(state)`` (a hashable key, when states are not hashable themselves),
``move_text(state, action)``, ``board_text(state)`` (the position drawn as text),
``utility_bounds()``, ``chances(state)`` with ``has_chance = True`` for dice.

For a notebook: ``solve(tree, algorithm=...)`` (a tree file, an example's key such as
"figure-5-2", or a nested list) and ``solve_game(name, position, ...)`` search and record,
and answer a :class:`Replay` that Jupyter shows as the interactive replay of the search
(docs/sharing.md); ``load(tree)`` makes the tree alone.
"""

from gamesearch_gui.core.game import NO_EVALUATION
from gamesearch_gui.core.game import Evaluation
from gamesearch_gui.core.game import Game
from gamesearch_gui.core.game import GameError
from gamesearch_gui.core.game import IllegalMoveError
from gamesearch_gui.core.game import Outcome
from gamesearch_gui.core.game import Player
from gamesearch_gui.core.game import outcome_by_sign
from gamesearch_gui.notebook import Replay
from gamesearch_gui.notebook import load
from gamesearch_gui.notebook import solve
from gamesearch_gui.notebook import solve_game

__all__ = [
    "NO_EVALUATION",
    "Evaluation",
    "Game",
    "GameError",
    "IllegalMoveError",
    "Outcome",
    "Player",
    "Replay",
    "load",
    "outcome_by_sign",
    "solve",
    "solve_game",
]
