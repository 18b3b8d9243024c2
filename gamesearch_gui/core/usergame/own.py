"""A user's game written in this app's own protocol (a subclass of ``gamesearch_gui.api.Game``),
called through the guard.

A game of more than two players names them in ``players`` and says who decides with
``player_index(state)``; its game ends where ``is_terminal(state)`` says, with
``utilities(state)`` a vector, one finite number per player (``terminal_utilities``, if
it defines it too, answers both at once), and its cutoffs are valued by
``vector_evaluations()``. Each answer is checked, as the
two-player ones are.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from collections.abc import Hashable
from collections.abc import Mapping
from collections.abc import Sequence
from typing import Final

from gamesearch_gui.core.game import Evaluation
from gamesearch_gui.core.game import Game
from gamesearch_gui.core.game import GameError
from gamesearch_gui.core.game import Outcome
from gamesearch_gui.core.game import Player
from gamesearch_gui.core.game import VectorEvaluation
from gamesearch_gui.core.usergame.game import DEFAULT_PLY_LIMIT
from gamesearch_gui.core.usergame.game import Position
from gamesearch_gui.core.usergame.game import UserGame
from gamesearch_gui.core.usergame.guard import UserCodeError
from gamesearch_gui.core.usergame.guard import UserFile
from gamesearch_gui.core.usergame.guard import described

#: How far the probabilities at a chance state may sum from 1.
PROBABILITY_TOLERANCE = 1e-9
#: The most players a game file may name (as many as a random tree may have).
MAX_FILE_PLAYERS: Final = 26


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
        self.players = _players(obj, file)
        if len(self.players) != 2:
            _check_players_methods(obj, file, len(self.players))

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
        if len(self.players) != 2:
            # As a built-in game of more players answers: None where play goes on; where
            # it ends there is no one number to give.
            if self._user_utilities(state) is None:
                return None
            raise GameError(
                f"{self.title} has {len(self.players)} players: its utilities are a vector "
                "(utilities), not one number"
            )
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

    # -- games of more than two players ------------------------------------------------

    def player_index(self, state: Position) -> int:
        """Who decides at ``state``: the user's ``player_index``, an index into ``players``."""
        n = len(self.players)
        if n == 2:
            return super().player_index(state)
        if self.to_move(state) is Player.CHANCE:
            raise GameError("nobody decides at a chance state: chance does")
        fn = self.obj.player_index
        who = self.file.run("player_index", fn, state.state)
        if isinstance(who, bool) or not isinstance(who, int) or not 0 <= who < n:
            raise self.file.wrong(
                "player_index", fn, f"returned {described(who)}, not a player's index, 0 to {n - 1}"
            )
        return who

    def is_terminal(self, state: Position) -> bool:
        """Whether the game is over at ``state``."""
        if len(self.players) == 2:
            return super().is_terminal(state)
        return self.terminal_utilities(state) is not None

    def terminal_utilities(self, state: Position) -> tuple[float, ...] | None:
        """A finite number for each player where the game is over, else None."""
        if len(self.players) == 2:
            return super().terminal_utilities(state)
        return self._user_utilities(state.state)

    def _user_utilities(self, state: object) -> tuple[float, ...] | None:
        """The user's ``terminal_utilities(state)`` if it defines one, else ``is_terminal``
        and ``utilities``, each vector checked."""
        obj, file = self.obj, self.file
        if _overrides(obj, "terminal_utilities"):
            fn: Callable[[object], object] = obj.terminal_utilities
            found = file.run("terminal_utilities", fn, state)
            return None if found is None else self._vector("terminal_utilities", fn, found)
        if not file.run("is_terminal", obj.is_terminal, state):
            return None
        return self._vector("utilities", obj.utilities, file.run("utilities", obj.utilities, state))

    def utilities(self, state: Position) -> tuple[float, ...]:
        """A finite number for each player at a terminal ``state`` (GameError elsewhere)."""
        if len(self.players) == 2:
            return super().utilities(state)
        found = self.terminal_utilities(state)
        if found is None:
            raise GameError("the game is not over, so it has no utilities yet")
        return found

    def utility_sum(self) -> float | None:
        """The sum of every vector, if the user's game declares one (max^n's shallow
        pruning needs it); 0 for two players."""
        if len(self.players) == 2:
            return 0.0
        if not _overrides(self.obj, "utility_sum"):
            return None
        fn = self.obj.utility_sum
        total = self.file.run("utility_sum", fn)
        return None if total is None else self.file.number("utility_sum", fn, total)

    def evaluations(self) -> Mapping[str, Evaluation[Position]]:
        """A two-player game's evaluations; a game of more players values its cutoffs with
        vectors (:meth:`vector_evaluations`)."""
        return super().evaluations() if len(self.players) == 2 else {}

    def vector_evaluations(self) -> Mapping[str, VectorEvaluation[Position]]:
        """The user's ``vector_evaluations()``, each checked to give a finite number for
        each player (a two-player game's evaluations as ``(e, -e)``)."""
        if len(self.players) == 2:
            return super().vector_evaluations()
        if not _overrides(self.obj, "vector_evaluations"):
            return {}
        fn = self.obj.vector_evaluations
        found = self.file.run("vector_evaluations", fn)
        if not isinstance(found, Mapping) or not all(
            isinstance(name, str) and callable(f) for name, f in found.items()
        ):
            raise self.file.wrong(
                "vector_evaluations",
                fn,
                f"returned {described(found)}, not a dict of names and functions",
            )
        return {name: self._vector_evaluation(name, f) for name, f in found.items()}

    def _vector_evaluation(
        self, name: str, fn: Callable[[object], object]
    ) -> VectorEvaluation[Position]:
        def evaluate(state: Position) -> tuple[float, ...]:
            return self._vector(name, fn, self.file.run(name, fn, state.state))

        return evaluate

    def _vector(self, method: str, fn: object, value: object) -> tuple[float, ...]:
        """``value`` as one finite number for each player, else UserCodeError."""
        n = len(self.players)
        if not isinstance(value, tuple | list) or len(value) != n:
            raise self.file.wrong(
                method,
                fn,
                f"returned {described(value)}, not {n} numbers, one for each of "
                f"{', '.join(self.players)}",
            )
        return tuple(self.file.number(method, fn, v) for v in value)


def _players(obj: Game[object, object], file: UserFile) -> tuple[str, ...]:
    """The user's ``players``: two to :data:`MAX_FILE_PLAYERS` distinct names
    (``("MAX", "MIN")`` when the class names none)."""
    players = getattr(obj, "players", Game.players)
    if (
        isinstance(players, tuple | list)
        and 2 <= len(players) <= MAX_FILE_PLAYERS
        and all(isinstance(name, str) and name.strip() for name in players)
        and len(set(players)) == len(players)
    ):
        return tuple(players)
    raise UserCodeError(
        f"{file.name}: {type(obj).__name__}.players is {described(players)}; it must be a "
        f'tuple of 2 to {MAX_FILE_PLAYERS} different names, such as ("A", "B", "C")'
    )


def _check_players_methods(obj: Game[object, object], file: UserFile, n: int) -> None:
    """A game of ``n`` players (more than two) says who decides and gives a vector where
    it ends: UserCodeError naming what it lacks."""
    lacking = []
    if not _overrides(obj, "player_index"):
        lacking.append("player_index(state), the index of who decides")
    if not (_overrides(obj, "is_terminal") and _overrides(obj, "utilities")):
        lacking.append(
            "is_terminal(state) and utilities(state), a number for each player where the game ends"
        )
    if lacking:
        raise UserCodeError(
            f"{file.name}: {type(obj).__name__} names {n} players, so it must define "
            + "; and ".join(lacking)
        )
