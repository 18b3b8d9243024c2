"""A user's game (or an OpenSpiel game) as the window plays it: a proxy whose every
answer comes from the engine.

The window never runs a user's code nor imports OpenSpiel, so :class:`RemoteGame` holds
only where the game comes from (a :data:`~gamesearch_gui.core.game_source.GameSource`)
and what the engine said about it. A state is the line of move indices
played from the start (a tuple of ints), a move its index among the position's moves;
what a position looks like (who moves, its moves' texts, its board text, the result)
is asked of the engine once per line (:func:`~gamesearch_gui.core.usergame.indexed.position_info`)
and kept. A question the game's code is slow to answer is not waited for: ``ask``
raises :class:`Waiting`, the position reads as waiting (no moves) until the answer comes,
and the window asks again then. Pickled for a search, it becomes the engine's
:class:`~gamesearch_gui.core.usergame.indexed.IndexedGame` of the same source, whose
states come back as the same tuples.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Hashable
from collections.abc import Mapping
from collections.abc import Sequence
from typing import Any
from typing import Final

from gamesearch_gui.core.game import Evaluation
from gamesearch_gui.core.game import Game
from gamesearch_gui.core.game import GameError
from gamesearch_gui.core.game import Player
from gamesearch_gui.core.game import VectorEvaluation
from gamesearch_gui.core.game_source import GameFileSource
from gamesearch_gui.core.game_source import GameSource
from gamesearch_gui.core.usergame.indexed import GameInfo
from gamesearch_gui.core.usergame.indexed import PositionInfo
from gamesearch_gui.core.usergame.indexed import open_source

#: Positions whose answers are kept (a tree view asks about many).
POSITIONS_KEPT: Final = 20_000

#: ``ask(name, *args)``: run the engine's call ``name`` and return its value; raises
#: GameError with a sentence for a person when it cannot, Waiting when the answer is
#: not there yet.
Ask = Callable[..., Any]


class Waiting(GameError):
    """The game's code has not answered yet: the question runs on, and the window is
    told when its answer is there."""


Line = tuple[int, ...]


def _never(state: object) -> float:
    raise GameError("a game's evaluation runs in the engine process, never in the window")


def _never_vector(state: object) -> tuple[float, ...]:
    raise GameError("a game's evaluation runs in the engine process, never in the window")


class RemoteGame(Game[Line, int]):
    """A user's game file or an OpenSpiel game, played in the window and searched in
    the engine."""

    name = "file"

    def __init__(
        self,
        source: GameSource,
        info: GameInfo,
        ask: Ask,
        stop: Callable[[], None] | None = None,
    ) -> None:
        self.source = source
        self.info = info
        self.title = info.title
        self.has_chance = info.has_chance
        self.players = info.players
        self._ask = ask
        self._stop = stop
        self._positions: dict[Line, PositionInfo] = {}
        self._problems: dict[Line, str] = {}
        self._waiting: dict[Line, str] = {}

    @classmethod
    def open(
        cls,
        path: str,
        class_name: str | None,
        ply_limit: int,
        ask: Ask,
        stop: Callable[[], None] | None = None,
    ) -> RemoteGame:
        """Have the engine load the file; GameError (naming file and line) when it cannot.
        ``stop`` ends the game's code while it is answering (the window's Stop)."""
        return cls.open_source(GameFileSource(path, class_name, ply_limit), ask, stop)

    @classmethod
    def open_source(
        cls, source: GameSource, ask: Ask, stop: Callable[[], None] | None = None
    ) -> RemoteGame:
        """Have the engine open the game of ``source`` (a file, an OpenSpiel spec);
        GameError saying what is wrong (and where) when it cannot."""
        info = ask("user_game_open", source)
        assert isinstance(info, GameInfo)
        return cls(source, info, ask, stop)

    def __reduce__(self) -> tuple[Any, ...]:
        return (open_source, (self.source,))

    @property
    def spec(self) -> str:
        """Where the game comes from as the command line writes it: ``PATH[:CLASS]``,
        or an OpenSpiel game's spec."""
        return self.source.text

    @property
    def path(self) -> str:
        """The game file's path ("" for a game that is not a file's)."""
        return self.source.path if isinstance(self.source, GameFileSource) else ""

    def position(self, state: Line) -> PositionInfo:
        """What the engine says of the position after ``state``."""
        line = tuple(state)
        known = self._positions.get(line)
        if known is None:
            try:
                known = self._ask("user_game_position", self.source, line)
                assert isinstance(known, PositionInfo)
            except Waiting as waiting:
                # Not kept: asked again when the answer is there.
                self._waiting[line] = str(waiting)
                return PositionInfo(Player.MAX, None, (), (), str(waiting))
            except GameError as error:
                # A position the game's code fails at: shown as what went wrong, with no
                # moves, so play stops there (and a search from it fails with the same).
                self._problems[line] = str(error)
                known = PositionInfo(Player.MAX, None, (), (), str(error))
            self._waiting.pop(line, None)
            if len(self._positions) >= POSITIONS_KEPT:
                self._positions.clear()
            self._positions[line] = known
        return known

    def waiting(self, state: Line) -> bool:
        """True while the game's code has not answered about ``state`` yet."""
        self.position(state)
        line = tuple(state)
        return line in self._waiting and line not in self._positions

    def stop(self) -> None:
        """End the game's code while it answers (its process; the next question starts
        a new one). The position it was asked about then says it was stopped."""
        if self._stop is not None:
            self._stop()

    def problem(self, state: Line) -> str:
        """Why the game's code failed at ``state`` ("" when it did not)."""
        self.position(state)
        return self._problems.get(tuple(state), "")

    def initial_state(self) -> Line:
        return ()

    def to_move(self, state: Line) -> Player:
        return self.position(state).to_move

    def actions(self, state: Line) -> Sequence[int]:
        return range(len(self.position(state).moves))

    def chances(self, state: Line) -> Sequence[tuple[int, float]]:
        return list(enumerate(self.position(state).probabilities))

    def result(self, state: Line, action: int) -> Line:
        return (*state, action)

    def terminal_value(self, state: Line) -> float | None:
        return self.position(state).value

    def is_terminal(self, state: Line) -> bool:
        return bool(self.position(state).utilities)

    def utilities(self, state: Line) -> tuple[float, ...]:
        utilities = self.position(state).utilities
        if not utilities:
            raise GameError("the game is not over, so it has no utilities yet")
        return utilities

    def terminal_utilities(self, state: Line) -> tuple[float, ...] | None:
        return self.position(state).utilities or None

    def player_index(self, state: Line) -> int:
        position = self.position(state)
        if position.to_move is Player.CHANCE:
            raise GameError("nobody decides at a chance node: chance does")
        return position.player

    def utility_sum(self) -> float | None:
        return self.info.utility_sum

    def vector_evaluations(self) -> Mapping[str, VectorEvaluation[Line]]:
        if len(self.players) == 2:
            return super().vector_evaluations()
        return dict.fromkeys(self.info.evaluations, _never_vector)

    def key(self, state: Line) -> Hashable:
        return tuple(state)

    def evaluations(self) -> Mapping[str, Evaluation[Line]]:
        if len(self.players) != 2:
            return {}
        return dict.fromkeys(self.info.evaluations, _never)

    def utility_bounds(self) -> tuple[float, float]:
        if self.info.bounds is None:
            raise GameError(f"{self.title} does not declare utility_bounds() (star1 needs them)")
        return self.info.bounds

    def move_text(self, state: Line, action: int) -> str:
        moves = self.position(state).moves
        return moves[action] if 0 <= action < len(moves) else str(action)

    def board_text(self, state: Line) -> str:
        """The position as the game draws it in text."""
        return self.position(state).board
