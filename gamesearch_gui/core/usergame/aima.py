"""A user's game written in aima-python's ``Game`` interface, as a game of this app.

aima-python (the code of Russell & Norvig's book) writes a game as an object with an
``initial`` state and ``actions(state)``, ``result(state, move)``,
``utility(state, player)``, ``terminal_test(state)``, ``to_move(state)`` and
``display(state)``. Its players are whatever ``to_move`` returns ('X' and 'O', 'MAX'
and 'MIN'). Here MAX is the player to move at ``initial``; every other player is MIN,
and utilities are read from MAX's view, ``utility(state, max_player)``.
"""

from __future__ import annotations

import contextlib
import io
from typing import Final

from gamesearch_gui.core.game import Player
from gamesearch_gui.core.usergame.game import DEFAULT_PLY_LIMIT
from gamesearch_gui.core.usergame.game import UserGame
from gamesearch_gui.core.usergame.guard import UserCodeError
from gamesearch_gui.core.usergame.guard import UserFile

#: The methods an aima-style game must have; ``initial`` is an attribute.
AIMA_METHODS: Final = ("actions", "result", "utility", "terminal_test", "to_move")


class AimaGame(UserGame):
    """An aima-python style game object, called through the guard."""

    def __init__(self, obj: object, file: UserFile, ply_limit: int = DEFAULT_PLY_LIMIT) -> None:
        """Wrap ``obj``; UserCodeError when it lacks a method or its initial state."""
        super().__init__(obj, file, ply_limit)
        missing = [m for m in AIMA_METHODS if not callable(getattr(obj, m, None))]
        if missing:
            names = ", ".join(missing)
            raise UserCodeError(
                f"{file.name}: {type(obj).__name__} has no method {names} "
                f"(an aima-style game needs {', '.join(AIMA_METHODS)})"
            )
        if getattr(obj, "initial", None) is None:
            raise UserCodeError(
                f"{file.name}: {type(obj).__name__} has no initial state; "
                "set self.initial (in __init__, or as a class attribute)"
            )
        self.max_player = file.run("to_move", self.user_method("to_move"), self.user_initial())

    def user_initial(self) -> object:
        """The ``initial`` attribute."""
        initial = getattr(self.obj, "initial", None)
        if initial is None:
            raise UserCodeError(
                f"{self.file.name}: {self.class_name} has no initial state; "
                "set self.initial (in __init__, or as a class attribute)"
            )
        return initial

    def user_to_move(self, state: object) -> Player:
        """MAX when the player to move is the one who moves at ``initial``, else MIN."""
        to_move = self.user_method("to_move")
        player = self.file.run("to_move", to_move, state)
        try:
            same = bool(player == self.max_player)
        except Exception as error:
            raise self.file.failure("to_move", to_move, error) from None
        return Player.MAX if same else Player.MIN

    def user_terminal_value(self, state: object) -> float | None:
        """``utility(state, max_player)`` where ``terminal_test(state)``, else None."""
        file = self.file
        if not file.run("terminal_test", self.user_method("terminal_test"), state):
            return None
        utility = self.user_method("utility")
        return file.number("utility", utility, file.run("utility", utility, state, self.max_player))

    def user_board_text(self, state: object) -> str | None:
        """What ``display(state)`` prints, if anything."""
        display = getattr(self.obj, "display", None)
        if not callable(display):
            return None
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            self.file.run("display", display, state)
        return printed.getvalue().rstrip("\n") or None
