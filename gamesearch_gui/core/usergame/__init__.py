"""Games from users' own Python files: loading them, guarding every call, checking them.

:func:`load_game` reads ``PATH[:CLASS]`` into a :class:`UserGame`, which the search and
every other part of the core use like any shipped game. Runs wherever user code may
run: the command line's process, or the engine process, never the window's.
"""

from gamesearch_gui.core.usergame.game import DEFAULT_PLY_LIMIT
from gamesearch_gui.core.usergame.game import Position
from gamesearch_gui.core.usergame.game import UserGame
from gamesearch_gui.core.usergame.guard import EndlessGameError
from gamesearch_gui.core.usergame.guard import UserCodeError
from gamesearch_gui.core.usergame.loader import GameFileError
from gamesearch_gui.core.usergame.loader import load_game
from gamesearch_gui.core.usergame.loader import split_game_spec

__all__ = [
    "DEFAULT_PLY_LIMIT",
    "EndlessGameError",
    "GameFileError",
    "Position",
    "UserCodeError",
    "UserGame",
    "load_game",
    "split_game_spec",
]
