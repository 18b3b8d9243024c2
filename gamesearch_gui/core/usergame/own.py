"""A user's game written in this app's own protocol (a subclass of ``gamesearch_gui.api.Game``),
called through the guard."""

from __future__ import annotations

import math
from collections.abc import Hashable
from collections.abc import Sequence

from gamesearch_gui.core.game import Game
from gamesearch_gui.core.game import GameError
from gamesearch_gui.core.game import Outcome
from gamesearch_gui.core.game import Player
from gamesearch_gui.core.usergame.game import DEFAULT_PLY_LIMIT
from gamesearch_gui.core.usergame.game import Position
from gamesearch_gui.core.usergame.game import UserGame
from gamesearch_gui.core.usergame.guard import UserFile
from gamesearch_gui.core.usergame.guard import described

#: How far the probabilities at a chance state may sum from 1.
PROBABILITY_TOLERANCE = 1e-9


def _overrides(obj: object, method: str) -> bool:
    """True when the user's class defines ``method`` itself, not only the base class."""
    return getattr(type(obj), method, None) is not getattr(Game, method)


class OwnProtocolGame(UserGame):
    """A user's ``Game`` subclass: its answers checked, its failures located."""

    def __init__(
        self, obj: Game[object, object], file: UserFile, ply_limit: int = DEFAULT_PLY_LIMIT
    ) -> None:
        """Wrap the user's game object ``obj``, made from a class defined in ``file``."""
        super().__init__(obj, file, ply_limit)
        self.obj: Game[object, object] = obj
        title = getattr(obj, "title", None)
        self.title = title if isinstance(title, str) and title.strip() else type(obj).__name__
        self.has_chance = bool(getattr(obj, "has_chance", False))

    def user_initial(self) -> object:
        """``initial_state()``."""
        fn = self.obj.initial_state
        state = self.file.run("initial_state", fn)
        if state is None:
            raise self.file.wrong("initial_state", fn, "returned None, not a state")
        return state

    def user_to_move(self, state: object) -> Player:
        """``to_move(state)``: a Player."""
        fn = self.obj.to_move
        player = self.file.run("to_move", fn, state)
        if not isinstance(player, Player):
            raise self.file.wrong(
                "to_move",
                fn,
                f"returned {described(player)}, not Player.MAX, Player.MIN or Player.CHANCE",
            )
        if player is Player.CHANCE and not self.has_chance:
            raise self.file.wrong(
                "to_move", fn, "returned Player.CHANCE, but the game does not say has_chance = True"
            )
        return player

    def ordered_actions(self, state: Position) -> Sequence[object]:
        """The user's ``ordered_actions`` if the game has its own, else its moves."""
        if not _overrides(self.obj, "ordered_actions"):
            return self.actions(state)
        fn = self.obj.ordered_actions
        return self.file.moves(
            "ordered_actions", fn, self.file.run("ordered_actions", fn, state.state)
        )

    def chances(self, state: Position) -> Sequence[tuple[object, float]]:
        """``chances(state)``: outcomes with probabilities that sum to 1."""
        fn = self.obj.chances
        pairs = self.file.moves("chances", fn, self.file.run("chances", fn, state.state))
        checked: list[tuple[object, float]] = []
        for pair in pairs:
            if not (isinstance(pair, tuple) and len(pair) == 2):
                raise self.file.wrong(
                    "chances", fn, f"gave {described(pair)}, not a pair (outcome, probability)"
                )
            p = self.file.number("chances", fn, pair[1])
            if not 0 < p <= 1:
                raise self.file.wrong("chances", fn, f"gave a probability of {p}, not in (0, 1]")
            checked.append((pair[0], p))
        total = math.fsum(p for _, p in checked)
        if not checked or abs(total - 1) > PROBABILITY_TOLERANCE:
            raise self.file.wrong("chances", fn, f"gave probabilities that sum to {total}, not 1")
        return checked

    def user_terminal_value(self, state: object) -> float | None:
        """``terminal_value(state)``, or ``is_terminal`` and ``utility``: whichever it defines."""
        obj, file = self.obj, self.file
        if _overrides(obj, "terminal_value"):
            fn = obj.terminal_value
            value = file.run("terminal_value", fn, state)
            return None if value is None else file.number("terminal_value", fn, value)
        if not file.run("is_terminal", obj.is_terminal, state):
            return None
        return file.number("utility", obj.utility, file.run("utility", obj.utility, state))

    def user_key(self, state: object) -> Hashable:
        """The user's ``key(state)`` if it defines one (checked hashable), else the default."""
        if not _overrides(self.obj, "key"):
            return super().user_key(state)
        fn = self.obj.key
        key = self.file.run("key", fn, state)
        try:
            hash(key)
        except Exception:
            raise self.file.wrong(
                "key", fn, f"returned {described(key)}, which is not hashable (use a tuple)"
            ) from None
        return key

    def utility_bounds(self) -> tuple[float, float]:
        """The user's ``utility_bounds()``, if it declares them (Star1 needs them)."""
        if not _overrides(self.obj, "utility_bounds"):
            raise GameError(f"{self.title} does not declare utility_bounds() (star1 needs them)")
        fn = self.obj.utility_bounds
        bounds = self.file.run("utility_bounds", fn)
        if not (isinstance(bounds, tuple | list) and len(bounds) == 2):
            raise self.file.wrong(
                "utility_bounds", fn, f"returned {described(bounds)}, not (low, high)"
            )
        return (
            self.file.number("utility_bounds", fn, bounds[0]),
            self.file.number("utility_bounds", fn, bounds[1]),
        )

    def outcome(self, utility: float) -> Outcome | None:
        """The user's ``outcome(utility)``, if it says what utilities mean."""
        if not _overrides(self.obj, "outcome"):
            return None
        fn = self.obj.outcome
        said = self.file.run("outcome", fn, utility)
        if said is not None and not isinstance(said, Outcome):
            raise self.file.wrong("outcome", fn, f"returned {described(said)}, not an Outcome")
        return said

    def move_text(self, state: Position, action: object) -> str:
        """The user's ``move_text``, if it has one, else ``str(action)``."""
        if not _overrides(self.obj, "move_text"):
            return super().move_text(state, action)
        fn = self.obj.move_text
        text = self.file.run("move_text", fn, state.state, action)
        if not isinstance(text, str):
            raise self.file.wrong("move_text", fn, f"returned {described(text)}, not a str")
        return text

    def user_board_text(self, state: object) -> str | None:
        """The user's ``position_text(state)``, if the game has a notation."""
        if not _overrides(self.obj, "position_text"):
            return None
        text = self.file.run("position_text", self.obj.position_text, state)
        if not isinstance(text, str):
            raise self.file.wrong(
                "position_text", self.obj.position_text, f"returned {described(text)}, not a str"
            )
        return text
