"""The one game protocol every game speaks: board games and custom trees alike.

A game object holds only its rules and settings (a Pig target, a tree); the positions
are separate immutable values (``S``), so a search can hand a state to another thread,
and a click on a tree node can show that position on a board.
"""

from __future__ import annotations

import enum
from abc import ABC
from abc import abstractmethod
from collections.abc import Callable
from collections.abc import Hashable
from collections.abc import Mapping
from collections.abc import Sequence
from types import MappingProxyType
from typing import Any
from typing import ClassVar
from typing import Final
from typing import Generic
from typing import Self
from typing import TypeVar

S = TypeVar("S")
A = TypeVar("A")

#: A heuristic value of a non-terminal state, from MAX's point of view.
Evaluation = Callable[[S], float]
#: A heuristic value of a non-terminal state for each player, in the order of ``players``.
VectorEvaluation = Callable[[S], tuple[float, ...]]

#: The evaluation every game offers beside its own: 0 at every non-terminal cutoff node,
#: as in the course notes, to show what a depth cutoff does with no knowledge at all.
NO_EVALUATION = "none"


def _no_evaluation(state: object) -> float:
    """0: the cutoff knows nothing about ``state``."""
    return 0.0


#: How every game names its first position on screen (``Game.position_name``).
START_POSITION: Final = "the start position"
#: How ``Game.position_name`` names a position of a game that has no notation.
UNNAMED_POSITION: Final = "this position"


class Player(enum.Enum):
    """Who decides at a state: MAX, MIN, or chance (a die, a coin)."""

    MAX = "max"
    MIN = "min"
    CHANCE = "chance"


class Outcome(enum.Enum):
    """How a game ended, for a game whose utilities mean win, draw or loss."""

    MAX_WINS = "max wins"
    DRAW = "draw"
    MIN_WINS = "min wins"


class GameError(ValueError):
    """Base of every error a game raises about what a user gave it."""


class IllegalMoveError(GameError):
    """A move that is not legal in the given state, or that cannot be parsed."""


class PositionError(GameError):
    """A position text that cannot be read, or a position that cannot occur."""


class Game(ABC, Generic[S, A]):
    """Rules of a two-player zero-sum game, possibly with chance, or of a game of n players.

    Utilities and evaluations are always from MAX's point of view. ``actions`` is
    called only at MAX and MIN states, ``chances`` only at CHANCE states; at a chance
    state ``result(s, outcome)`` applies one outcome.

    A game of more than two players names them in ``players``; ``to_move`` then answers
    MAX at every decision state (whoever moves there maximises their own utility) and
    CHANCE at chance states, and ``player_index`` says who decides. Such a game defines
    ``is_terminal`` and ``utilities`` (one utility per player) instead of ``utility``,
    and ``vector_evaluations`` instead of ``evaluations``; only max^n and the paranoid
    search (core/search/maxn.py) search it. A two-player game is zero-sum: its ``utilities``
    are ``(u, -u)`` and need no code of its own.
    """

    #: Short identifier used by the command line (``tictactoe``, ``connect4``, ...).
    name: ClassVar[str]
    #: Name shown to a person.
    title: str
    #: True when some states are chance nodes (needs expectiminimax or Star1).
    has_chance: bool = False
    #: The players' names, in the order of a utility vector: two (MAX, then MIN), or more.
    players: tuple[str, ...] = ("MAX", "MIN")

    @abstractmethod
    def initial_state(self) -> S:
        """The starting position."""

    @abstractmethod
    def to_move(self, state: S) -> Player:
        """Who decides at ``state``: MAX, MIN or CHANCE."""

    @abstractmethod
    def actions(self, state: S) -> Sequence[A]:
        """Legal moves at a MAX or MIN state, in the game's natural order."""

    def chances(self, state: S) -> Sequence[tuple[A, float]]:
        """Outcomes and their probabilities at a CHANCE state (they sum to 1)."""
        raise GameError(f"{self.title} has no chance nodes")

    def moves_or_outcomes(self, state: S) -> list[A]:
        """What may happen at ``state``: its legal moves, or at a CHANCE state its
        outcomes, in order; none at a terminal state."""
        if self.is_terminal(state):
            return []
        if self.to_move(state) is Player.CHANCE:
            return [outcome for outcome, _ in self.chances(state)]
        return list(self.actions(state))

    @abstractmethod
    def result(self, state: S, action: A) -> S:
        """The state after ``action`` (or chance outcome) at ``state``. Trusts its caller."""

    # A game defines either terminal_value, or both is_terminal and utility: each pair
    # is written in terms of the other (checked in __init_subclass__).

    def is_terminal(self, state: S) -> bool:
        """True when the game is over at ``state``."""
        return self.terminal_value(state) is not None

    def utility(self, state: S) -> float:
        """Final value of a terminal ``state`` from MAX's point of view."""
        if len(self.players) != 2:
            raise GameError(
                f"{self.title} has {len(self.players)} players: its utilities are a vector "
                "(utilities), not one number"
            )
        value = self.terminal_value(state)
        if value is None:
            raise GameError("the game is not over, so it has no utility yet")
        return value

    def terminal_value(self, state: S) -> float | None:
        """``utility(state)`` if ``state`` is terminal, else None: one call on the hot path."""
        return self.utility(state) if self.is_terminal(state) else None

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        own_terminal = cls.is_terminal is not Game.is_terminal
        own_pair = own_terminal and (
            cls.utility is not Game.utility or cls.utilities is not Game.utilities
        )
        if cls.terminal_value is Game.terminal_value and not own_pair:
            raise TypeError(
                f"{cls.__name__} must define terminal_value, or is_terminal and utility "
                "(or utilities, for a game of more than two players)"
            )

    # -- games of n players (two-player games inherit these as they are) ----------------

    def player_index(self, state: S) -> int:
        """Who decides at a decision ``state``: an index into ``players``.

        A two-player game: 0 where MAX moves, 1 where MIN does. A game of more players
        must say. GameError at a chance state, where nobody decides.
        """
        mover = self.to_move(state)
        if mover is Player.CHANCE:
            raise GameError(f"nobody decides at {self.position_name(state)}: chance does")
        if len(self.players) != 2:
            raise GameError(f"{self.title} does not say which of its players moves")
        return 0 if mover is Player.MAX else 1

    def utilities(self, state: S) -> tuple[float, ...]:
        """The utility of a terminal ``state`` for each player, in the order of ``players``.

        A two-player game: ``(u, -u)``, ``u`` its utility from MAX's point of view.
        """
        u = self.utility(state)
        return (u, -u)

    def terminal_utilities(self, state: S) -> tuple[float, ...] | None:
        """``utilities(state)`` if ``state`` is terminal, else None: one call on the hot path."""
        return self.utilities(state) if self.is_terminal(state) else None

    def utility_sum(self) -> float | None:
        """The sum every utility vector (and evaluation vector) has, when the game declares
        one: max^n's shallow pruning needs it. 0 for a two-player (zero-sum) game; None
        (the default) for a game of more players that declares none."""
        return 0.0 if len(self.players) == 2 else None

    def vector_evaluations(self) -> Mapping[str, VectorEvaluation[S]]:
        """The game's named evaluations as vectors, one entry per player; the first is the
        default. A two-player game's are its ``evaluations`` as ``(e, -e)``."""
        if len(self.players) != 2:
            return {}
        return {name: _as_vector(e) for name, e in self.evaluations().items()}

    def cutoff_vector_evaluations(self) -> Mapping[str, VectorEvaluation[S]]:
        """Every vector evaluation a search may name: the game's own, then ``none``: an
        equal share of the declared ``utility_sum`` for each player (0 without one)."""
        n = len(self.players)
        total = self.utility_sum()
        share = (0.0 if total is None else total / n,) * n
        return {**self.vector_evaluations(), NO_EVALUATION: lambda _state: share}

    def outcome(self, utility: float) -> Outcome | None:
        """What a utility (or a value backed up from utilities alone) means, for a game
        whose utilities say only who won: MAX_WINS, DRAW or MIN_WINS. None here: the
        game's utilities are scores, not a win, draw or loss (the default)."""
        return None

    def key(self, state: S) -> Hashable:
        """A hashable key that identifies the position, for transposition tables."""
        return state

    def evaluations(self) -> Mapping[str, Evaluation[S]]:
        """The game's own named evaluation functions for depth cutoffs; the first is the
        default. A search may also name ``none`` (see :meth:`cutoff_evaluations`)."""
        return {}

    def evaluation_terms(self, state: S, name: str) -> Sequence[tuple[str, float]]:
        """The terms that make up evaluation ``name`` at ``state``, as rows of (what,
        value), for a person to check the sum; none here (the game does not say)."""
        return ()

    def cutoff_evaluations(self) -> Mapping[str, Evaluation[S]]:
        """Every evaluation a search may name: the game's own, then ``none`` (0 at every
        non-terminal cutoff node), which every game offers and none has as its default."""
        return {**self.evaluations(), NO_EVALUATION: _no_evaluation}

    def noisy_actions(self, state: S) -> Sequence[A]:
        """The moves a quiescence search follows past the depth limit from a MAX or MIN
        ``state`` that is not quiet, or none when it is quiet.

        A game that defines this (see :attr:`has_quiescence`) says what "not quiet" means;
        Connect Four and tic-tac-toe: the side to move has an immediate win (its winning
        moves), or else must block the opponent's (the blocking moves).
        """
        return ()

    #: Whether the side to move at a noisy position may decline its noisy moves and take
    #: the evaluation there instead ("stand pat"), as in chess, where no one has to
    #: capture. False: the noisy moves are the only moves quiescence search considers.
    quiescence_stands_pat: bool = False

    @property
    def has_quiescence(self) -> bool:
        """True when the game says what a quiet position is, so quiescence search applies."""
        return type(self).noisy_actions is not Game.noisy_actions

    def ordered_actions(self, state: S) -> Sequence[A]:
        """Legal moves, most promising first (the static move-ordering heuristic)."""
        return self.actions(state)

    def playout_heuristic(self) -> Callable[[S], A | None] | None:
        """A light playout policy for Monte Carlo tree search, or None if the game has none.

        The function it returns names the move to play at a MAX or MIN state when one
        stands out (take an immediate win, else block an immediate loss), and None to
        leave the choice to chance. It must be cheap: it runs at every ply of a playout.
        """
        return None

    def utility_bounds(self) -> tuple[float, float]:
        """Lowest and highest utility (and evaluation) any state can have."""
        raise GameError(f"{self.title} does not declare utility bounds")

    def max_plies(self, state: S) -> int | None:
        """An upper bound on the plies left from ``state``, or None if play can go on forever."""
        return None

    def move_text(self, state: S, action: A) -> str:
        """``action`` at ``state`` in the game's move notation."""
        return str(action)

    def parse_move(self, state: S, text: str) -> A:
        """The legal move at ``state`` written as ``text``; IllegalMoveError otherwise."""
        wanted = text.strip()
        if self.to_move(state) is Player.CHANCE:
            options = [a for a, _ in self.chances(state)]
        else:
            options = list(self.actions(state))
        for action in options:
            if self.move_text(state, action) == wanted:
                return action
        raise IllegalMoveError(f"{text!r} is not a legal move here")

    def position_text(self, state: S) -> str:
        """``state`` in the position notation that ``parse_position`` reads."""
        raise GameError(f"{self.title} has no position notation")

    def position_name(self, state: S) -> str:
        """``state`` named for a person: ``the start position``, ``position 'X.O......'``,
        or ``this position`` (a game without a notation)."""
        try:
            if state == self.initial_state():
                return START_POSITION
        except (GameError, TypeError, ValueError):  # a state that cannot be compared
            pass
        try:
            return f"position {self.position_text(state)!r}"
        except GameError:
            return UNNAMED_POSITION

    def parse_position(self, text: str) -> S:
        """The state written as ``text``; PositionError (saying what and where) otherwise."""
        raise PositionError(f"{self.title} has no position notation")


class FixedRules:
    """What a game whose rules have no settings (tic-tac-toe, Connect Four, chess) says
    once, mixed in before :class:`Game`: its evaluations are one table of the class's,
    and it crosses to the engine process pickled as a call of its class with no
    arguments (one instance is as good as another; a subclass that takes some, as a
    test's game may, says how it pickles in its own ``__reduce__``)."""

    #: The game's named evaluations, the default first (:meth:`evaluations`); read-only.
    EVALUATIONS: ClassVar[Mapping[str, Evaluation[Any]]] = MappingProxyType({})

    def __reduce__(self) -> tuple[type[Self], tuple[()]]:
        """Pickled as its constructor, to cross to the engine process."""
        return (type(self), ())

    def evaluations(self) -> Mapping[str, Evaluation[Any]]:
        """The class's ``EVALUATIONS``."""
        return self.EVALUATIONS


def _as_vector(evaluate: Evaluation[S]) -> VectorEvaluation[S]:
    """A two-player evaluation from MAX's point of view as a vector ``(e, -e)``."""

    def vector(state: S) -> tuple[float, ...]:
        e = evaluate(state)
        return (e, -e)

    return vector


def outcome_by_sign(utility: float) -> Outcome:
    """MAX_WINS above 0, DRAW at 0, MIN_WINS below: ``Game.outcome`` of a game whose
    utilities are positive for a win of MAX's, 0 for a draw, negative for MIN's."""
    if utility > 0:
        return Outcome.MAX_WINS
    if utility < 0:
        return Outcome.MIN_WINS
    return Outcome.DRAW


def numbered_move(game: Game[S, int], state: S, text: str, noun: str, count: int) -> int:
    """The move written as its one-digit number from 1 to ``count`` (at most 9):
    tic-tac-toe's cell, Connect Four's column, as its index from 0. IllegalMoveError if
    it is no such number or the game is over; whether that cell or column is free is the
    game's to say."""
    wanted = text.strip()
    if len(wanted) != 1 or not "1" <= wanted <= str(count):
        raise IllegalMoveError(f"{text!r} is not a {noun}; write a number from 1 to {count}")
    if game.is_terminal(state):
        raise IllegalMoveError(f"cannot play {wanted}: the game is over")
    return int(wanted) - 1
