"""One OpenSpiel game as a game of this app (core/game.py's protocol).

A state is an :class:`OpenSpielState`: the actions played from the start (OpenSpiel's
history, chance outcomes included), which is its identity (equal, hashed and keyed by
it), and OpenSpiel's own state of that history, which answers every question about it.
A move is OpenSpiel's action number, written by ``action_to_string``. With two players,
player 0 is MAX and player 1 MIN, and utilities are player 0's return; with more, each
decision state is MAX for the player who moves there (max^n, paranoid) and utilities are
OpenSpiel's returns, one per player.

The game pickles as its spec and a state as the spec and its history, so an engine
process rebuilds both from numbers.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from collections.abc import Hashable
from collections.abc import Mapping
from collections.abc import Sequence
from typing import Any
from typing import ClassVar
from typing import Final

from gamesearch_gui.core.game import Evaluation
from gamesearch_gui.core.game import Game
from gamesearch_gui.core.game import GameError
from gamesearch_gui.core.game import IllegalMoveError
from gamesearch_gui.core.game import Outcome
from gamesearch_gui.core.game import Player
from gamesearch_gui.core.game import PositionError
from gamesearch_gui.core.game import VectorEvaluation
from gamesearch_gui.core.game import outcome_by_sign
from gamesearch_gui.core.kept import kept
from gamesearch_gui.core.openspiel.library import GameKind
from gamesearch_gui.core.openspiel.library import kind_of
from gamesearch_gui.core.openspiel.library import load
from gamesearch_gui.core.openspiel.spec import Spec
from gamesearch_gui.core.openspiel.spec import SpecError
from gamesearch_gui.core.openspiel.spec import check_spec
from gamesearch_gui.core.openspiel.spec import parse_spec
from gamesearch_gui.core.openspiel.spec import refusal

#: The evaluation every OpenSpiel game has: the result of one random game played out
#: from the position (chance by its probabilities), the same for the same position.
RANDOM_PLAYOUT: Final = "random playout"
#: OpenSpiel's player number of a chance node.
_CHANCE: Final = -1
#: How ``position_text`` separates the moves, and ``parse_position`` reads them.
MOVE_SEPARATOR: Final = ","
#: Loaded games kept, newest last (an engine process opens the same spec again and again).
GAMES_KEPT: Final = 4


class OpenSpielState:
    """A position: the actions from the start (its identity), and OpenSpiel's state."""

    __slots__ = ("_hash", "history", "native", "spec")

    def __init__(self, spec: str, history: tuple[int, ...], native: Any) -> None:
        self.spec = spec
        self.history = history
        self.native = native
        self._hash = hash(history)

    def __reduce__(
        self,
    ) -> tuple[Callable[[str, tuple[int, ...]], OpenSpielState], tuple[str, tuple[int, ...]]]:
        return (open_state, (self.spec, self.history))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, OpenSpielState) and other.history == self.history

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        return f"OpenSpielState({self.history!r})"


class OpenSpielGame(Game[OpenSpielState, int]):
    """The OpenSpiel game of ``spec`` (``breakthrough(rows=6,columns=6)``); SpecError
    (one line) when it names no game, its parameters are wrong, or the app cannot
    search it; OpenSpielMissing without the extra."""

    name: ClassVar[str] = "openspiel"

    def __init__(self, spec: str | Spec) -> None:
        parsed = parse_spec(spec) if isinstance(spec, str) else spec
        kind, parameters = check_spec(parsed)
        self.spec = str(Spec(kind.name, parameters))
        self.native, self._start = load(kind.name, parameters, self.spec)
        self.kind: GameKind = kind_of(self.native)
        count = int(self.native.num_players())
        why = refusal(self.kind, count)
        if why is not None:
            raise SpecError(f"the app cannot search {parsed.name}: {why}")
        self.title = (
            kind.long_name if not parameters else f"{kind.long_name} {self.spec[len(kind.name) :]}"
        )
        self.has_chance = self.kind.chance == "explicit"
        self.players = tuple(f"player {i}" for i in range(count))
        self._two = count == 2
        self._bounds = (float(self.native.min_utility()), float(self.native.max_utility()))
        if self.kind.utility == "zero-sum":
            self._sum: float | None = 0.0
        elif self.kind.utility == "constant-sum":
            self._sum = float(self.native.utility_sum())
        else:
            self._sum = None
        self._longest = int(self.native.max_history_length())

    def __reduce__(self) -> tuple[Callable[[str], OpenSpielGame], tuple[str]]:
        return (open_game, (self.spec,))

    @property
    def rules(self) -> str:
        """What the game is, for a person: its names, players and chance."""
        chance = (
            "Chance plays (its outcomes are listed with their probabilities)."
            if self.has_chance
            else "No chance."
        )
        who = (
            "player 0 is MAX and player 1 is MIN; utilities are player 0's"
            if self._two
            else f"{len(self.players)} players, each maximising their own utility (max^n, paranoid)"
        )
        return f"{self.kind.long_name}, OpenSpiel's {self.spec}: {who}. {chance}"

    # -- the protocol ---------------------------------------------------------------

    def initial_state(self) -> OpenSpielState:
        return OpenSpielState(self.spec, (), self._start.clone())

    def to_move(self, state: OpenSpielState) -> Player:
        player = int(state.native.current_player())
        if player == _CHANCE:
            return Player.CHANCE
        return Player.MIN if self._two and player == 1 else Player.MAX

    def player_index(self, state: OpenSpielState) -> int:
        player = int(state.native.current_player())
        if player < 0:
            raise GameError(f"nobody decides at {self.position_name(state)}")
        return player

    def actions(self, state: OpenSpielState) -> Sequence[int]:
        actions: list[int] = state.native.legal_actions()
        if not actions:  # asked only where play goes on (hex(board_size=0) at its start)
            raise GameError(
                f"OpenSpiel's {self.spec} has no moves at {self.position_name(state)}, "
                "where the game is not over: the app cannot search it"
            )
        return actions

    def chances(self, state: OpenSpielState) -> Sequence[tuple[int, float]]:
        outcomes: list[tuple[int, float]] = state.native.chance_outcomes()
        return outcomes

    def result(self, state: OpenSpielState, action: int) -> OpenSpielState:
        return OpenSpielState(self.spec, (*state.history, action), state.native.child(action))

    def is_terminal(self, state: OpenSpielState) -> bool:
        return bool(state.native.is_terminal())

    def utility(self, state: OpenSpielState) -> float:
        if not self._two:
            return super().utility(state)
        if not state.native.is_terminal():
            raise GameError("the game is not over, so it has no utility yet")
        return float(state.native.player_return(0))

    def terminal_value(self, state: OpenSpielState) -> float | None:
        if not self._two:
            return super().terminal_value(state)
        native = state.native
        return float(native.player_return(0)) if native.is_terminal() else None

    def utilities(self, state: OpenSpielState) -> tuple[float, ...]:
        return tuple(float(r) for r in state.native.returns())

    def terminal_utilities(self, state: OpenSpielState) -> tuple[float, ...] | None:
        return self.utilities(state) if state.native.is_terminal() else None

    def utility_sum(self) -> float | None:
        return self._sum

    def utility_bounds(self) -> tuple[float, float]:
        return self._bounds

    def outcome(self, utility: float) -> Outcome | None:
        return outcome_by_sign(utility) if self._bounds == (-1.0, 1.0) else None

    def key(self, state: OpenSpielState) -> Hashable:
        return state.history

    def max_plies(self, state: OpenSpielState) -> int | None:
        return max(self._longest - len(state.history), 0)

    def evaluations(self) -> Mapping[str, Evaluation[OpenSpielState]]:
        if not self._two:
            return {}
        return {RANDOM_PLAYOUT: lambda state: self.playout(state)[0]}

    def vector_evaluations(self) -> Mapping[str, VectorEvaluation[OpenSpielState]]:
        if self._two:
            return super().vector_evaluations()
        return {RANDOM_PLAYOUT: self.playout}

    def playout(self, state: OpenSpielState) -> tuple[float, ...]:
        """The returns of one random game from ``state`` to its end, chance by its
        probabilities, seeded by the position (so the same each time, in any process)."""
        rng = random.Random(state._hash)
        native = state.native.clone()
        while not native.is_terminal():
            if native.is_chance_node():
                outcomes = native.chance_outcomes()
                weights = [p for _, p in outcomes]
                native.apply_action(rng.choices(outcomes, weights)[0][0])
            else:
                native.apply_action(rng.choice(native.legal_actions()))
        return tuple(float(r) for r in native.returns())

    def move_text(self, state: OpenSpielState, action: int) -> str:
        native = state.native
        return str(native.action_to_string(native.current_player(), action))

    def board_text(self, state: OpenSpielState) -> str:
        """The position as OpenSpiel writes it (``str(state)``), or a line saying it
        could not (hex's board of size 0: its C++ fails), so that what is wrong with the
        position is what the window says, not how it failed to draw it."""
        try:
            return str(state.native)
        except (ValueError, RuntimeError) as error:
            return f"(OpenSpiel cannot write this position of {self.spec}: {error})"

    # -- positions as the moves that reach them ----------------------------------------

    def position_text(self, state: OpenSpielState) -> str:
        """The moves from the start, each as ``action_to_string`` writes it, separated
        by commas (``parse_position`` reads it back)."""
        texts = []
        line = self.initial_state()
        for action in state.history:
            texts.append(self.move_text(line, action))
            line = self.result(line, action)
        return MOVE_SEPARATOR.join(texts)

    def parse_position(self, text: str) -> OpenSpielState:
        """The state after the moves ``text`` names, separated by commas, each as
        ``action_to_string`` writes it or as its action number; PositionError naming
        the first move that is not legal (and the legal ones)."""
        state = self.initial_state()
        pieces = text.split(MOVE_SEPARATOR) if text.strip() else []
        start, number = 0, 0
        while start < len(pieces):
            if self.is_terminal(state):
                raise PositionError(
                    f"the game is over after {number} moves, before {pieces[start].strip()!r}"
                )
            number += 1
            action, start = self._next_move(state, pieces, start, number)
            state = self.result(state, action)
        return state

    def _next_move(
        self, state: OpenSpielState, pieces: list[str], start: int, number: int
    ) -> tuple[int, int]:
        """The move that the pieces from ``start`` begin with (its text may hold commas),
        and where the next one starts."""
        options = self.moves_or_outcomes(state)
        texts = {self.move_text(state, a).strip(): a for a in options}
        longest = max(map(len, texts), default=0)
        for end in range(start + 1, len(pieces) + 1):
            wanted = MOVE_SEPARATOR.join(pieces[start:end]).strip()
            if wanted in texts:
                return texts[wanted], end
            if len(wanted) > longest:  # longer joins only grow: no move is that long
                break
        first = pieces[start].strip()
        if first.lstrip("-").isdigit() and int(first) in options:
            return int(first), start + 1
        rest = MOVE_SEPARATOR.join(pieces[start:]).strip()
        rest = rest if len(rest) <= 40 else rest[:39] + "…"
        legal = ", ".join(list(texts)[:12]) + (", …" if len(texts) > 12 else "")
        raise IllegalMoveError(f"move {number}, at {rest!r}, is not legal there; legal: {legal}")


_games: dict[str, OpenSpielGame] = {}


def open_game(spec: str) -> OpenSpielGame:
    """The game of ``spec``, loaded once while kept (see ``GAMES_KEPT``)."""
    return kept(_games, spec, lambda: OpenSpielGame(spec), GAMES_KEPT)


def open_state(spec: str, history: tuple[int, ...]) -> OpenSpielState:
    """The state after ``history`` in the game of ``spec`` (how a state unpickles)."""
    game = open_game(spec)
    state = game.initial_state()
    for action in history:
        state = game.result(state, action)
    return state
