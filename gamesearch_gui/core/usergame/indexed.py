"""A user's game (or an OpenSpiel game) as the window's engine process searches it:
moves as indices, states that cross to the window as the line of indices that reached them.

The window never runs a user's code (docs/your-code.md, "In the window") nor imports
OpenSpiel, so nothing of the game's may cross to it: no move object, no state.
:class:`IndexedGame` wraps a :class:`~.game.UserGame` (or an
:class:`~gamesearch_gui.core.openspiel.game.OpenSpielGame`) so that a move is its index in
the game's list of moves, and a state is a :class:`Line`: the indices played from the
start, carrying the game's position along in the engine process and pickled as a plain
tuple of ints. A recording, a result, a principal variation: all of it reaches the window
as numbers, and the window asks the engine process (:func:`position_info`) what a line
looks like. Where the game comes from is a :data:`~gamesearch_gui.core.game_source.GameSource`.
"""

from __future__ import annotations

import inspect
import os
from collections.abc import Callable
from collections.abc import Hashable
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any
from typing import Final

from gamesearch_gui.core.game import Evaluation
from gamesearch_gui.core.game import Game
from gamesearch_gui.core.game import Outcome
from gamesearch_gui.core.game import Player
from gamesearch_gui.core.game import VectorEvaluation
from gamesearch_gui.core.game_source import GameFileSource
from gamesearch_gui.core.game_source import GameSource
from gamesearch_gui.core.game_source import OpenSpielSource
from gamesearch_gui.core.kept import kept
from gamesearch_gui.core.usergame.game import DEFAULT_PLY_LIMIT
from gamesearch_gui.core.usergame.loader import load_game

#: Loaded games an engine process keeps, newest last.
GAMES_KEPT: Final = 4


class Line(tuple[int, ...]):
    """The move indices played from the start; in the engine process it carries its position."""

    position: Any
    moves: Sequence[object] | None

    def __reduce__(self) -> tuple[type[tuple[int, ...]], tuple[tuple[int, ...]]]:
        return (tuple, (tuple(self),))  # only the numbers cross to the window


def _line(moves: Sequence[int], position: Any) -> Line:
    line = Line(moves)
    line.position = position
    line.moves = None
    return line


class IndexedGame(Game[Line, int]):
    """``game`` with moves named by their indices; see the module's docstring. It came
    from ``source`` (and pickles as it); ``draw`` writes one of its positions as text,
    and ``rules`` says what it is, for a person."""

    def __init__(
        self, game: Game[Any, Any], source: GameSource, draw: Callable[[Any], str], rules: str
    ) -> None:
        self.game = game
        self.source = source
        self.draw = draw
        self.rules = rules
        self.title = game.title
        self.has_chance = game.has_chance
        self.players = game.players

    def __reduce__(self) -> tuple[Callable[[GameSource], IndexedGame], tuple[GameSource]]:
        return (open_source, (self.source,))

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

    def is_terminal(self, state: Line) -> bool:
        return self.game.is_terminal(self.place(state).position)

    def utilities(self, state: Line) -> tuple[float, ...]:
        return self.game.utilities(self.place(state).position)

    def terminal_utilities(self, state: Line) -> tuple[float, ...] | None:
        return self.game.terminal_utilities(self.place(state).position)

    def player_index(self, state: Line) -> int:
        return self.game.player_index(self.place(state).position)

    def utility_sum(self) -> float | None:
        return self.game.utility_sum()

    def vector_evaluations(self) -> Mapping[str, VectorEvaluation[Line]]:
        return {
            name: _vector_on_position(self, evaluate)
            for name, evaluate in self.game.vector_evaluations().items()
        }

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

    def max_plies(self, state: Line) -> int | None:
        return self.game.max_plies(self.place(state).position)

    def move_text(self, state: Line, action: int) -> str:
        line = self.place(state)
        return self.game.move_text(line.position, self._moves(line)[action])

    def board_text(self, state: Line) -> str:
        """The position drawn as text, as the game draws it."""
        return self.draw(self.place(state).position)


def _on_position(game: IndexedGame, evaluate: Evaluation[Any]) -> Evaluation[Line]:
    def on_line(state: Line) -> float:
        return evaluate(game.place(state).position)

    return on_line


def _vector_on_position(
    game: IndexedGame, evaluate: VectorEvaluation[Any]
) -> VectorEvaluation[Line]:
    def on_line(state: Line) -> tuple[float, ...]:
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
    #: The players' names, in the order of a utility vector (two: MAX, then MIN).
    players: tuple[str, ...] = ("MAX", "MIN")
    #: The sum of every utility vector, where the game declares one (max^n's shallow
    #: pruning needs it); 0 for two players.
    utility_sum: float | None = 0.0


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
    #: Who decides here: an index into the game's players (0 at a chance node and at
    #: the end, where nobody does).
    player: int = 0
    #: Each player's utility once the game is over (two players: ``(u, -u)``), else empty.
    utilities: tuple[float, ...] = ()


_games: dict[tuple[GameSource, float], IndexedGame] = {}


def open_indexed(
    path: str, class_name: str | None = None, ply_limit: int = DEFAULT_PLY_LIMIT
) -> IndexedGame:
    """The game of the file ``path[:class_name]`` (see :func:`open_source`)."""
    return open_source(GameFileSource(path, class_name, ply_limit))


def open_source(source: GameSource) -> IndexedGame:
    """The game of ``source``, loaded once while kept (and, for a file, while it is
    unchanged): a search and the calls about its positions then share one object.
    GameError (OpenSpielMissing, SpecError, GameFileError) saying what is wrong."""
    if isinstance(source, GameFileSource):
        try:
            mtime = os.stat(source.path).st_mtime
        except OSError:
            mtime = -1.0  # load_game says what is wrong with it
        source = GameFileSource(os.path.abspath(source.path), source.class_name, source.ply_limit)
    else:
        mtime = 0.0
    opened = source
    return kept(_games, (opened, mtime), lambda: _open(opened), GAMES_KEPT)


def _open(source: GameSource) -> IndexedGame:
    if isinstance(source, OpenSpielSource):
        # Here, not at the top: the window imports this module, never OpenSpiel.
        from gamesearch_gui.core.openspiel.game import open_game

        spiel = open_game(source.spec)
        return IndexedGame(spiel, OpenSpielSource(spiel.spec), spiel.board_text, spiel.rules)
    user = load_game(source.path, source.class_name, source.ply_limit)
    return IndexedGame(user, source, user.board_text, inspect.getdoc(type(user.obj)) or "")


def game_info(game: IndexedGame) -> GameInfo:
    """The title, chance, evaluations, utility bounds, rules and players of ``game``."""
    try:
        bounds: tuple[float, float] | None = game.utility_bounds()
    except Exception:  # not declared (a GameError), or the user's method failed
        bounds = None
    two = len(game.players) == 2
    evaluations = tuple(game.evaluations() if two else game.vector_evaluations())
    return GameInfo(
        game.title,
        game.has_chance,
        evaluations,
        bounds,
        game.rules,
        game.players,
        game.utility_sum(),
    )


def position_info(game: IndexedGame, line: Sequence[int]) -> PositionInfo:
    """What the position after ``line`` (move indices from the start) looks like."""
    state = game.place(line)
    board = game.board_text(state)
    if len(game.players) == 2:
        value = game.terminal_value(state)
        utilities: tuple[float, ...] = () if value is None else (value, -value)
    else:
        value = None
        utilities = game.terminal_utilities(state) or ()
    if utilities:
        return PositionInfo(Player.MAX, value, (), (), board, 0, utilities)
    player = game.to_move(state)
    if player is Player.CHANCE:
        chances = game.chances(state)
        texts = tuple(game.move_text(state, i) for i, _ in chances)
        return PositionInfo(player, None, texts, tuple(p for _, p in chances), board)
    moves = tuple(game.move_text(state, i) for i in game.actions(state))
    return PositionInfo(player, None, moves, (), board, game.player_index(state))
