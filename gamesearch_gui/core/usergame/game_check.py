"""The conformance check of a user's game (``gamesearch-gui check-game``): random playouts
from the initial state, with a fixed seed, and what holds and what does not.

Each finding is one property a search relies on: moves at every state where play goes
on, ``result`` that returns a new state and leaves the old one alone, a utility at every
end, a key consistent with equality, an end within the ply limit, evaluations and move
texts that make sense. A failure says the first place it was seen.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from collections.abc import Hashable
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from gamesearch_gui.core.game import GameError
from gamesearch_gui.core.game import Player
from gamesearch_gui.core.usergame.freeze import freeze
from gamesearch_gui.core.usergame.game import Position
from gamesearch_gui.core.usergame.game import UserGame
from gamesearch_gui.core.usergame.guard import EndlessGameError

#: Playouts a check plays unless told otherwise.
DEFAULT_PLAYOUTS: Final = 100
#: Distinct positions whose keys are compared at most (the comparison is quadratic in
#: the states that share a key, linear otherwise).
KEYED_STATES: Final = 5000


@dataclass(frozen=True, slots=True)
class Finding:
    """One property of the game, whether it holds, and what was seen."""

    what: str  #: the property, as a sentence: "result leaves the state it is given as it was"
    holds: bool
    detail: str = ""  #: why not (the first failure seen), or a note when it holds


@dataclass(frozen=True, slots=True)
class CheckReport:
    """Everything a check found."""

    title: str
    playouts: int
    seed: int
    findings: tuple[Finding, ...]

    @property
    def ok(self) -> bool:
        """True when every property holds."""
        return all(f.holds for f in self.findings)


# The properties, in the order a report lists them.
STARTS = "the initial state and who moves there can be read"
MOVES = "actions gives at least one move at every state where the game goes on"
RESULT = "result gives a new state for each move and leaves the one it is given as it was"
UTILITY = "the game says where it ends, with a finite utility there"
#: UTILITY for a game of more than two players, and what such a game says besides.
UTILITIES = "the game says where it ends, with a finite utility for each player there"
WHO = "player_index names one of the players at every state where a player decides"
ENDS = "every playout ends within {limit} plies"
KEYS = "the key of a state is consistent with equality (for the transposition table)"
EVALUATIONS = "each evaluation gives a finite number"
TEXTS = "the moves at a state have distinct texts"


class _Failures:
    """The first failure of each property, and how often it was seen."""

    def __init__(self) -> None:
        self.first: dict[str, str] = {}
        self.count: dict[str, int] = {}

    def add(self, what: str, detail: str) -> None:
        self.first.setdefault(what, detail)
        self.count[what] = self.count.get(what, 0) + 1

    def finding(self, what: str, note: str = "") -> Finding:
        if what not in self.first:
            return Finding(what, True, note)
        times = self.count[what]
        again = f" (seen {times} times)" if times > 1 else ""
        return Finding(what, False, self.first[what] + again)


def check_game(game: UserGame, playouts: int = DEFAULT_PLAYOUTS, seed: int = 0) -> CheckReport:
    """Play ``playouts`` random games of ``game`` (seeded by ``seed``) and report."""
    failures = _Failures()
    ends = ENDS.format(limit=game.ply_limit)
    players = len(game.players) != 2
    findings: list[Finding] = []
    try:
        root = game.initial_state()
        if not game.is_terminal(root) and game.to_move(root) is not Player.CHANCE and players:
            game.player_index(root)
    except GameError as error:
        return CheckReport(game.title, playouts, seed, (Finding(STARTS, False, str(error)),))
    findings.append(Finding(STARTS, True))
    rng = random.Random(seed)
    visited: dict[Hashable, Position] = {}
    evaluations = _evaluations(game, failures)
    for _ in range(playouts):
        _playout(game, root, rng, failures, visited, evaluations, ends)
    findings += [
        failures.finding(MOVES),
        failures.finding(RESULT, _result_note(game, root)),
        failures.finding(UTILITIES if players else UTILITY),
        *([failures.finding(WHO)] if players else []),
        failures.finding(ends),
    ]
    findings.append(_check_keys(game, list(visited.values())))
    if evaluations:
        findings.append(failures.finding(EVALUATIONS, ", ".join(evaluations)))
    findings.append(failures.finding(TEXTS))
    return CheckReport(game.title, playouts, seed, tuple(findings))


def _evaluations(game: UserGame, failures: _Failures) -> dict[str, Callable[[Position], object]]:
    try:
        if len(game.players) != 2:
            return dict(game.vector_evaluations())
        return dict(game.evaluations())
    except GameError as error:
        failures.add(EVALUATIONS, str(error))
        return {}


def _playout(
    game: UserGame,
    state: Position,
    rng: random.Random,
    failures: _Failures,
    visited: dict[Hashable, Position],
    evaluations: dict[str, Callable[[Position], object]],
    ends: str,
) -> None:
    """One random game from ``state``; stops at the first failure."""
    players = len(game.players) != 2
    while True:
        _remember(visited, state)
        try:
            if game.is_terminal(state):
                return
            player = game.to_move(state)
        except GameError as error:
            failures.add(UTILITIES if players else UTILITY, str(error))
            return
        if players and player is not Player.CHANCE:
            try:
                game.player_index(state)
            except GameError as error:
                failures.add(WHO, str(error))
                return
        for name, evaluate in evaluations.items():
            try:
                evaluate(state)
            except GameError as error:
                failures.add(EVALUATIONS, f"{name}: {error}")
        try:
            if player is Player.CHANCE:
                outcomes = game.chances(state)
                move = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
            else:
                moves = game.actions(state)
                _check_texts(game, state, moves, failures)
                move = rng.choice(list(moves))
        except GameError as error:
            failures.add(MOVES, str(error))
            return
        try:
            state = game.result(state, move)
        except EndlessGameError as error:
            failures.add(ends, str(error))
            return
        except GameError as error:
            failures.add(RESULT, str(error))
            return


def _remember(visited: dict[Hashable, Position], state: Position) -> None:
    if len(visited) >= KEYED_STATES:
        return
    try:
        visited.setdefault(freeze(state.state), state)
    except Exception:  # a state that cannot be frozen is compared through its key alone
        visited.setdefault(len(visited), state)


def _check_texts(
    game: UserGame, state: Position, moves: Sequence[object], failures: _Failures
) -> None:
    seen: dict[str, object] = {}
    for move in moves:
        text = game.move_text(state, move)
        if text in seen:
            failures.add(
                TEXTS,
                f"two moves at one state are both written {text!r}: a person cannot "
                "tell them apart (define move_text, or give moves distinct str())",
            )
            return
        seen[text] = move


def _result_note(game: UserGame, root: Position) -> str:
    try:
        freeze(root.state)
    except Exception:
        return "not checked whether result changes its state: the state cannot be copied"
    return ""


def _check_keys(game: UserGame, states: list[Position]) -> Finding:
    """Equal states have equal keys, and states with equal keys are equal."""
    by_key: dict[Hashable, Position] = {}
    for state in states:
        try:
            key = game.key(state)
            again = game.key(Position(copy.deepcopy(state.state), state.ply))
        except GameError as error:
            return Finding(KEYS, False, str(error))
        except Exception as error:  # deepcopy of a user's state
            return Finding(KEYS, False, f"a state cannot be copied to compare keys: {error}")
        if _equal(state.state, copy.deepcopy(state.state)) and again != key:
            return Finding(
                KEYS, False, f"a state and a copy of it (equal to it) have different keys: {key!r}"
            )
        other = by_key.setdefault(key, state)
        if other is not state and not _equal(other.state, state.state):
            return Finding(
                KEYS,
                False,
                f"two different states have the same key {key!r}: the transposition table "
                "would take one for the other",
            )
    note = ""
    if states and not _hashable(states[0].state):
        note = "the state is not hashable; its key is built from its contents"
    return Finding(KEYS, True, note)


def _hashable(value: object) -> bool:
    try:
        hash(value)
    except Exception:
        return False
    return True


def _equal(a: object, b: object) -> bool:
    """``a == b`` as the user's classes say (False when their ``__eq__`` fails)."""
    try:
        return bool(a == b)
    except Exception:
        return False
