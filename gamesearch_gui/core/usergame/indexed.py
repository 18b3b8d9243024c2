"""A user's game as the window's engine process searches it: moves as indices, states
that cross to the window as the line of indices that reached them.

The window never runs a user's code (docs/your-code.md, "In the window"), so nothing of
the user's may cross to it: no move object, no state. :class:`IndexedGame` wraps a
:class:`~.game.UserGame` so that a move is its index in the user's list of moves, and a
state is a :class:`Line`: the indices played from the start, carrying the user's
position along in the engine process and pickled as a plain tuple of ints. A recording, a
result, a principal variation: all of it reaches the window as numbers, and the window
asks the engine process (:func:`position_info`) what a line looks like.
"""

from __future__ import annotations

import inspect
import os
from collections.abc import Callable
from collections.abc import Hashable
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from gamesearch_gui.core.game import Evaluation
from gamesearch_gui.core.game import Game
from gamesearch_gui.core.game import Outcome
from gamesearch_gui.core.game import Player
from gamesearch_gui.core.usergame.game import DEFAULT_PLY_LIMIT
from gamesearch_gui.core.usergame.game import Position
from gamesearch_gui.core.usergame.game import UserGame
from gamesearch_gui.core.usergame.loader import load_game

#: Loaded games an engine process keeps, newest last.
GAMES_KEPT: Final = 4


class Line(tuple[int, ...]):
    """The move indices played from the start; in the engine process it carries its position."""

    position: Position
    moves: Sequence[object] | None

    def __reduce__(self) -> tuple[type[tuple[int, ...]], tuple[tuple[int, ...]]]:
        return (tuple, (tuple(self),))  # only the numbers cross to the window


def _line(moves: Sequence[int], position: Position) -> Line:
    line = Line(moves)
    line.position = position
    line.moves = None
    return line


class IndexedGame(Game[Line, int]):
    """``game`` with moves named by their indices; see the module's docstring."""

    def __init__(self, game: UserGame) -> None:
        self.game = game
        self.title = game.title
        self.has_chance = game.has_chance

    def __reduce__(self) -> tuple[Callable[[str, str, int], IndexedGame], tuple[str, str, int]]:
        user = self.game
        return (open_indexed, (str(user.file.path), user.class_name, user.ply_limit))

    def place(self, state: Sequence[int]) -> Line:
        """``state`` with its position: a line from the window is replayed from the start."""
        if isinstance(state, Line):
            return state
        line = self.initial_state()
        for index in state:
            line = self.result(line, index)
        return line

    def _moves(self, line: Line) -> Sequence[object]:
        if line.moves is None:
            position = line.position
            if self.game.to_move(position) is Player.CHANCE:
                line.moves = [outcome for outcome, _ in self.game.chances(position)]
            else:
                line.moves = list(self.game.actions(position))
        return line.moves

    def initial_state(self) -> Line:
        return _line((), self.game.initial_state())

    def to_move(self, state: Line) -> Player:
        return self.game.to_move(self.place(state).position)

    def actions(self, state: Line) -> Sequence[int]:
        return range(len(self._moves(self.place(state))))

    def ordered_actions(self, state: Line) -> Sequence[int]:
        line = self.place(state)
        moves = self._moves(line)
        ordered = self.game.ordered_actions(line.position)
        if list(ordered) == list(moves):
            return range(len(moves))
        return [moves.index(move) for move in ordered]

    def chances(self, state: Line) -> Sequence[tuple[int, float]]:
        line = self.place(state)
        return [(i, p) for i, (_, p) in enumerate(self.game.chances(line.position))]

    def result(self, state: Line, action: int) -> Line:
        line = self.place(state)
        move = self._moves(line)[action]
        return _line((*line, action), self.game.result(line.position, move))

    def terminal_value(self, state: Line) -> float | None:
        return self.game.terminal_value(self.place(state).position)

    def key(self, state: Line) -> Hashable:
        return self.game.key(self.place(state).position)

    def evaluations(self) -> Mapping[str, Evaluation[Line]]:
        return {
            name: _on_position(self, evaluate) for name, evaluate in self.game.evaluations().items()
        }

    def utility_bounds(self) -> tuple[float, float]:
        return self.game.utility_bounds()

    def outcome(self, utility: float) -> Outcome | None:
        return self.game.outcome(utility)

    def max_plies(self, state: Line) -> int:
        return self.game.max_plies(self.place(state).position)

    def move_text(self, state: Line, action: int) -> str:
        line = self.place(state)
        return self.game.move_text(line.position, self._moves(line)[action])

    def board_text(self, state: Line) -> str:
        """The position drawn as text, as the user's game draws it."""
        return self.game.board_text(self.place(state).position)


def _on_position(game: IndexedGame, evaluate: Evaluation[Position]) -> Evaluation[Line]:
    def on_line(state: Line) -> float:
        return evaluate(game.place(state).position)

    return on_line


@dataclass(frozen=True, slots=True)
class GameInfo:
    """What the window knows of a user's game: data only."""

    title: str
    has_chance: bool
    evaluations: tuple[str, ...]
    #: Lowest and highest utility, where the game declares them (Star1 needs them).
    bounds: tuple[float, float] | None
    #: The game class's docstring (its rules, as its author wrote them), or "".
    rules: str = ""


@dataclass(frozen=True, slots=True)
class PositionInfo:
    """What the window shows of the position a line of play reached: data only."""

    to_move: Player
    #: The utility from MAX's view once the game is over, else None.
    value: float | None
    #: The moves (or chance outcomes) in order, as the game writes them.
    moves: tuple[str, ...]
    #: Each outcome's probability at a chance node (empty elsewhere).
    probabilities: tuple[float, ...]
    board: str


_games: dict[tuple[str, float, str | None, int], IndexedGame] = {}


def open_indexed(
    path: str, class_name: str | None = None, ply_limit: int = DEFAULT_PLY_LIMIT
) -> IndexedGame:
    """The game of ``path[:class_name]``, loaded once while the file is unchanged (a
    search and the calls about its positions then share one object of the user's)."""
    try:
        mtime = os.stat(path).st_mtime
    except OSError:
        mtime = -1.0  # load_game says what is wrong with it
    key = (os.path.abspath(path), mtime, class_name, ply_limit)
    game = _games.pop(key, None)
    if game is None:
        game = IndexedGame(load_game(path, class_name, ply_limit))
    _games[key] = game
    while len(_games) > GAMES_KEPT:
        del _games[next(iter(_games))]
    return game


def game_info(game: IndexedGame) -> GameInfo:
    """The title, chance, evaluations and utility bounds of ``game``."""
    try:
        bounds: tuple[float, float] | None = game.utility_bounds()
    except Exception:  # not declared (a GameError), or the user's method failed
        bounds = None
    rules = inspect.getdoc(type(game.game.obj)) or ""
    return GameInfo(game.title, game.has_chance, tuple(game.evaluations()), bounds, rules)


def position_info(game: IndexedGame, line: Sequence[int]) -> PositionInfo:
    """What the position after ``line`` (move indices from the start) looks like."""
    state = game.place(line)
    board = game.board_text(state)
    value = game.terminal_value(state)
    player = game.to_move(state) if value is None else Player.MAX
    if value is not None:
        return PositionInfo(player, value, (), (), board)
    if player is Player.CHANCE:
        chances = game.chances(state)
        texts = tuple(game.move_text(state, i) for i, _ in chances)
        return PositionInfo(player, None, texts, tuple(p for _, p in chances), board)
    moves = tuple(game.move_text(state, i) for i in game.actions(state))
    return PositionInfo(player, None, moves, (), board)
