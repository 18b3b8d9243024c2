"""A user's game as a game of this app: every call guarded, every answer checked.

:class:`UserGame` is what the search sees. Its states are :class:`Position` values, the
user's own state and how many plies were played to reach it, so that a line of play
that goes on past the ply limit stops with a message instead of recursing forever. Two
subclasses speak to the user's object: :class:`~.own.OwnProtocolGame` (a subclass of
``gamesearch_gui.api.Game``) and :class:`~.aima.AimaGame` (aima-python's interface).

What is checked on every call, besides exceptions (:mod:`.guard`): moves are a list;
a non-terminal state has at least one move; ``result`` returns a state and leaves the
one it was given as it was; utilities and evaluations are finite numbers; a key is
hashable.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable
from collections.abc import Hashable
from collections.abc import Mapping
from collections.abc import Sequence
from typing import ClassVar
from typing import Final
from typing import NamedTuple

from gamesearch_gui.core.game import Evaluation
from gamesearch_gui.core.game import Game
from gamesearch_gui.core.game import Player
from gamesearch_gui.core.usergame.freeze import FreezeError
from gamesearch_gui.core.usergame.freeze import freeze
from gamesearch_gui.core.usergame.guard import EndlessGameError
from gamesearch_gui.core.usergame.guard import UserCodeError
from gamesearch_gui.core.usergame.guard import UserFile
from gamesearch_gui.core.usergame.guard import described

#: Plies a line of play may last, by default, before the game is declared endless.
DEFAULT_PLY_LIMIT: Final = 200
#: The most plies ``--max-plies`` may allow: a search follows a line that long (a chain
#: of 100,000 plies takes about a second; the search lifts Python's recursion limit to
#: match), where ``--depth`` stops at ``MAX_SEARCH_DEPTH``.
MAX_PLY_LIMIT: Final = 100_000


class Position(NamedTuple):
    """A user's state, and the plies played from the start to reach it."""

    state: object
    ply: int


class UserGame(Game[Position, object]):
    """A game from a user's file, searched like any other; see the module's docstring."""

    name: ClassVar[str] = "file"

    def __init__(self, obj: object, file: UserFile, ply_limit: int = DEFAULT_PLY_LIMIT) -> None:
        """The user's game object ``obj``, of a class from ``file``; a line of play longer
        than ``ply_limit`` fails."""
        self.obj = obj
        self.file = file
        self.class_name = type(obj).__name__
        self.ply_limit = ply_limit
        self.title = self.class_name

    # -- what subclasses say about the user's object ----------------------------------

    def user_method(self, name: str) -> Callable[..., object]:
        """The user's method ``name`` (the loader made sure the object has it; a
        UserCodeError if it is gone or no longer callable)."""
        fn: object = getattr(self.obj, name, None)
        if not callable(fn):
            raise UserCodeError(f"{self.file.name}: {self.class_name} has no method {name}")
        return fn

    @abstractmethod
    def user_initial(self) -> object:
        """The user's starting state."""

    @abstractmethod
    def user_to_move(self, state: object) -> Player:
        """Who moves at a user's state (checked to be a Player)."""

    @abstractmethod
    def user_terminal_value(self, state: object) -> float | None:
        """The user's utility (from MAX's view) if ``state`` is terminal, else None."""

    def user_key(self, state: object) -> Hashable:
        """The state's key: the state itself if hashable, else :func:`freeze` of it."""
        try:
            hash(state)
        except TypeError:
            try:
                return freeze(state)
            except FreezeError as error:
                raise UserCodeError(
                    f"{self.file.name}: the state is not hashable, so it cannot key the "
                    f"transposition table, and {error}; define key(state) to return a "
                    "hashable value (a tuple) that identifies the position"
                ) from None
        except Exception as error:
            raise self.file.failure("__hash__", None, error) from None
        return state

    def user_evaluations(self) -> Mapping[str, Callable[[object], object]]:
        """The user's ``evaluations()``, if it has one: names and functions of a state
        that give its value from MAX's view."""
        fn = getattr(self.obj, "evaluations", None)
        if not callable(fn):
            return {}
        found = self.file.run("evaluations", fn)
        if not isinstance(found, Mapping) or not all(
            isinstance(name, str) and callable(f) for name, f in found.items()
        ):
            raise self.file.wrong(
                "evaluations", fn, f"returned {described(found)}, not a dict of names and functions"
            )
        return dict(found)

    def board_text(self, state: Position) -> str:
        """The position drawn as text for a person: the user's ``board_text(state)`` if
        it has one, else what its style offers (:meth:`user_board_text`), else ``str()``."""
        own = getattr(self.obj, "board_text", None)
        text = (
            self.file.run("board_text", own, state.state)
            if callable(own)
            else self.user_board_text(state.state)
        )
        if text is None:
            text = self.file.run("__str__", str, state.state)
        if not isinstance(text, str):
            raise self.file.wrong("board_text", own, f"returned {described(text)}, not a str")
        return text

    def user_board_text(self, state: object) -> str | None:
        """The position as the game's style draws it, or None to fall back on ``str()``."""
        return None

    # -- the protocol, guarded ---------------------------------------------------------

    def initial_state(self) -> Position:
        """The user's starting state, at ply 0."""
        return Position(self.user_initial(), 0)

    def to_move(self, state: Position) -> Player:
        """Who moves, as the user's game says."""
        return self.user_to_move(state.state)

    def actions(self, state: Position) -> Sequence[object]:
        """The user's moves; at least one, since the search asks only where play goes on."""
        fn = self.user_method("actions")
        moves = self.file.moves("actions", fn, self.file.run("actions", fn, state.state))
        if not moves:
            raise UserCodeError(
                f"{self.file.name}: no moves at a state where the game is not over "
                f"(after {state.ply} plies); a game with no move left must be terminal"
            )
        return moves

    def result(self, state: Position, action: object) -> Position:
        """The user's next state, refused when the line goes past the ply limit, when
        ``result`` changed the state it was given, or when it returned nothing."""
        if state.ply >= self.ply_limit:
            raise EndlessGameError(
                f"{self.file.name}: the game did not end within {self.ply_limit} plies "
                "(it may never end); give a depth limit, or a larger ply limit"
            )
        fn = self.user_method("result")
        before = _snapshot(state.state)
        after = self.file.run(
            "result", fn, state.state, action, about=f" with move {described(action)}"
        )
        if before is not None and _snapshot(state.state) != before:
            raise self.file.wrong(
                "result",
                fn,
                f"changed the state it was given (move {described(action)}); "
                "return a new state and leave the old one as it was",
            )
        if after is None:
            raise self.file.wrong(
                "result", fn, f"returned None for move {described(action)}, not a state"
            )
        return Position(after, state.ply + 1)

    def terminal_value(self, state: Position) -> float | None:
        """The user's utility at a terminal state, else None."""
        return self.user_terminal_value(state.state)

    def key(self, state: Position) -> Hashable:
        """The user's state's key (the ply is left out: a position is a position)."""
        return self.user_key(state.state)

    def evaluations(self) -> Mapping[str, Evaluation[Position]]:
        """The user's evaluations, each checked to give a finite number."""
        return {name: self._evaluation(name, fn) for name, fn in self.user_evaluations().items()}

    def _evaluation(self, name: str, fn: Callable[[object], object]) -> Evaluation[Position]:
        file = self.file

        def evaluate(state: Position) -> float:
            return file.number(name, fn, file.run(name, fn, state.state))

        return evaluate

    def max_plies(self, state: Position) -> int:
        """The plies left before the ply limit: the search's bound on any line, which
        :meth:`result` enforces (a game's own ``max_plies`` is not trusted for it)."""
        return max(self.ply_limit - state.ply, 0)

    def move_text(self, state: Position, action: object) -> str:
        """The move as ``str()`` writes it."""
        text = self.file.run("__str__", str, action)
        assert isinstance(text, str)
        return text


def _snapshot(state: object) -> Hashable | None:
    """A frozen copy of ``state`` to compare after ``result``; None when it cannot be made."""
    try:
        return freeze(state)
    except Exception:  # FreezeError, or a user's __dict__ property that fails
        return None
