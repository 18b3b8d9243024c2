"""Pig, a dice game with chance nodes, played to a small target score.

A turn starts with a compulsory roll of one die. A roll of 2..6 adds to the roller's
turn total, and the roller then chooses to ``roll`` again or to ``hold``: holding banks
the turn total, and wins if the banked score reaches the target; otherwise the other
player's turn starts. A roll of 1 ends the turn with nothing banked. MAX starts. A
player whose score and turn total reach the target has still to hold to win.

State: a plain tuple ``(score_max, score_min, turn_total, player, phase)``; ``player``
is 0 for MAX and 1 for MIN, ``phase`` is ``ROLLING`` (the die is about to be rolled: a
CHANCE state) or ``DECIDING`` (the player chooses ``roll`` or ``hold``). A finished game
is written the way ``result`` leaves it: turn total 0, the loser's turn, ``ROLLING``.

Moves: the strings ``"roll"`` and ``"hold"``; chance outcomes are the die faces 1..6
(ints), written ``rolled 3`` (``parse_move`` also takes a bare ``3``).

Position notation, in lower case words and numbers separated by spaces:
``max 12 min 7 turn 5 max to roll`` (a die is about to be rolled for MAX, whose turn
total is 5) or ``max 12 min 7 turn 5 min to decide`` (MIN chooses), and for a finished
game ``max 21 min 7 max won``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from collections.abc import Sequence
from types import MappingProxyType
from typing import ClassVar
from typing import Final
from typing import Literal
from typing import TypeAlias

from gamesearch_gui.core.game import Evaluation
from gamesearch_gui.core.game import Game
from gamesearch_gui.core.game import GameError
from gamesearch_gui.core.game import IllegalMoveError
from gamesearch_gui.core.game import Player
from gamesearch_gui.core.game import PositionError
from gamesearch_gui.core.games.registry import DefaultSearch
from gamesearch_gui.core.games.registry import GameOption
from gamesearch_gui.core.games.registry import GameSpec

#: (score_max, score_min, turn_total, player (0 = MAX, 1 = MIN), phase).
PigState: TypeAlias = tuple[int, int, int, int, int]
#: ``"roll"`` or ``"hold"`` at a decision, a die face 1..6 at a chance state.
PigAction: TypeAlias = Literal["roll", "hold"] | int

#: Phase: the die is about to be rolled.
ROLLING = 0
#: Phase: the player whose turn it is chooses to roll or hold.
DECIDING = 1
#: The decision to roll again.
ROLL: Final = "roll"
#: The decision to bank the turn total.
HOLD: Final = "hold"

#: Smallest and largest target a game may have.
MIN_TARGET = 2
MAX_TARGET = 100

#: The classic rule of thumb: hold once the turn total reaches this.
HOLD_AT = 20

_FACES: tuple[tuple[PigAction, float], ...] = tuple((face, 1 / 6) for face in range(1, 7))
# Indexed [phase][player]: a roll is chance whoever's turn it is.
_WHO = ((Player.CHANCE, Player.CHANCE), (Player.MAX, Player.MIN))
_NATURAL: tuple[PigAction, ...] = (ROLL, HOLD)
_HOLD_FIRST: tuple[PigAction, ...] = (HOLD, ROLL)
_PLAYER_NAMES = ("max", "min")
_PHASE_NAMES = ("roll", "decide")

# Points an average turn banks under "hold at 20" (about 8.14, Neller and Presser).
_POINTS_PER_TURN = 8.0
# win_chance's head start for the player whose turn it is, in turns, its steepness, and
# the turns of luck still to come at the finish line. Round values fitted by hand to the
# exact winning chances under optimal play for targets 10 to 100: at the start of a turn
# the sign is right in 92 to 100% of positions, the mean error 0.07 to 0.11.
_TEMPO_TURNS = 1.5
_STEEPNESS = 0.5
_LUCK_AT_FINISH = 0.5
# Keeps evaluations strictly inside (-1, 1), below any real win.
_SURE = 0.95

_SHAPE = "max A min B turn T (max|min) to (roll|decide), or max A min B (max|min) won"


class Pig(Game[PigState, PigAction]):
    """Pig to ``target`` points: two players, one die, roll or hold."""

    name: ClassVar[str] = "pig"
    title = "Pig"
    has_chance = True

    def __init__(self, target: int = 20) -> None:
        """Rules for a race to ``target`` points (2 to 100)."""
        if isinstance(target, bool) or not isinstance(target, int):
            raise GameError(f"the Pig target is {target!r}, not a whole number")
        if not MIN_TARGET <= target <= MAX_TARGET:
            raise GameError(
                f"the Pig target is {target}; it must be from {MIN_TARGET} to {MAX_TARGET}"
            )
        self.target = target
        self._evaluations: Mapping[str, Evaluation[PigState]] = MappingProxyType(
            {"win_chance": self._win_chance(), "score_difference": self._score_difference()}
        )

    def __reduce__(self) -> tuple[type[Pig], tuple[int]]:
        """Pickled as its constructor and options, to cross to the engine process."""
        return (Pig, (self.target,))

    def initial_state(self) -> PigState:
        """No points yet, MAX about to roll."""
        return (0, 0, 0, 0, ROLLING)

    def to_move(self, state: PigState) -> Player:
        """CHANCE before a roll, else the player whose turn it is."""
        return _WHO[state[4]][state[3]]

    def actions(self, state: PigState) -> Sequence[PigAction]:
        """``("roll", "hold")`` at a decision."""
        return _NATURAL

    def ordered_actions(self, state: PigState) -> Sequence[PigAction]:
        """Hold first when holding wins or the turn total reaches 20, else roll first."""
        turn_total = state[2]
        banked = state[1] if state[3] else state[0]
        if turn_total >= HOLD_AT or banked + turn_total >= self.target:
            return _HOLD_FIRST
        return _NATURAL

    def chances(self, state: PigState) -> Sequence[tuple[PigAction, float]]:
        """The faces 1..6, each with probability 1/6."""
        return _FACES

    def result(self, state: PigState, action: PigAction) -> PigState:
        """The state after a die face, ``roll`` or ``hold``. Trusts its caller."""
        score_max, score_min, turn_total, player, phase = state
        if phase == ROLLING:
            if action == 1:
                return (score_max, score_min, 0, 1 - player, ROLLING)
            # At a roll the action is a face, an int; a cast would cost a call per node.
            total = turn_total + action  # type: ignore[operator]
            return (score_max, score_min, total, player, DECIDING)
        if action == ROLL:
            return (score_max, score_min, turn_total, player, ROLLING)
        if player == 0:
            return (score_max + turn_total, score_min, 0, 1, ROLLING)
        return (score_max, score_min + turn_total, 0, 0, ROLLING)

    def is_terminal(self, state: PigState) -> bool:
        """True once a banked score reaches the target."""
        return state[0] >= self.target or state[1] >= self.target

    def utility(self, state: PigState) -> float:
        """+1 when MAX reached the target, -1 when MIN did."""
        return 1.0 if state[0] >= self.target else -1.0

    def terminal_value(self, state: PigState) -> float | None:
        """The utility of a finished game, else None."""
        if state[0] >= self.target:
            return 1.0
        if state[1] >= self.target:
            return -1.0
        return None

    def evaluations(self) -> Mapping[str, Evaluation[PigState]]:
        """``win_chance`` (the default) and ``score_difference``; see their builders."""
        return self._evaluations

    def utility_bounds(self) -> tuple[float, float]:
        """Utilities are -1 and +1."""
        return (-1.0, 1.0)

    def max_plies(self, state: PigState) -> int | None:
        """None: a player may keep rolling, and ones can go on forever."""
        return None

    def move_text(self, state: PigState, action: PigAction) -> str:
        """``roll``, ``hold``, or ``rolled 3`` for a die face."""
        if isinstance(action, int):
            return f"rolled {action}"
        return action

    def parse_move(self, state: PigState, text: str) -> PigAction:
        """``roll`` or ``hold`` at a decision; ``rolled 3`` or ``3`` at a roll."""
        if self.terminal_value(state) is not None:
            raise IllegalMoveError(f"{text!r} is not legal: the game is over")
        words = text.lower().split()
        if state[4] == DECIDING:
            if len(words) == 1 and words[0] in _NATURAL:
                return words[0]
            raise IllegalMoveError(f"{text!r} is not a decision; write roll or hold")
        if len(words) == 2 and words[0] == "rolled":
            words = words[1:]
        if len(words) == 1 and words[0] in ("1", "2", "3", "4", "5", "6"):
            return int(words[0])
        raise IllegalMoveError(f"{text!r} is not a die face; a roll is written like rolled 3")

    def position_text(self, state: PigState) -> str:
        """``max 12 min 7 turn 5 max to roll``, or ``max 21 min 7 max won`` when over."""
        score_max, score_min, turn_total, player, phase = state
        scores = f"max {score_max} min {score_min}"
        if score_max >= self.target:
            return scores + " max won"
        if score_min >= self.target:
            return scores + " min won"
        return f"{scores} turn {turn_total} {_PLAYER_NAMES[player]} to {_PHASE_NAMES[phase]}"

    def parse_position(self, text: str) -> PigState:
        """The state written as ``position_text`` writes it; PositionError otherwise."""
        words = text.lower().split()
        if len(words) not in (6, 9) or words[0] != "max" or words[2] != "min":
            raise PositionError(f"{text!r} is not a Pig position; write {_SHAPE}")
        score_max = _number(words[1], "MAX's score", text)
        score_min = _number(words[3], "MIN's score", text)
        target = self.target
        if score_max >= target and score_min >= target:
            raise PositionError(
                f"in {text!r} both scores reach the target {target}; only one player can win"
            )
        if len(words) == 6:
            if words[5] != "won" or words[4] not in _PLAYER_NAMES:
                raise PositionError(f"{text!r} is not a Pig position; write {_SHAPE}")
            winner = _PLAYER_NAMES.index(words[4])
            if (score_max, score_min)[winner] < target:
                raise PositionError(
                    f"in {text!r} {words[4].upper()} has not reached the target {target}"
                )
            return (score_max, score_min, 0, 1 - winner, ROLLING)
        if words[4] != "turn" or words[7] != "to" or words[6] not in _PLAYER_NAMES:
            raise PositionError(f"{text!r} is not a Pig position; write {_SHAPE}")
        if words[8] not in _PHASE_NAMES:
            raise PositionError(f"{words[8]!r} in {text!r} is not a phase; write roll or decide")
        turn_total = _number(words[5], "the turn total", text)
        player = _PLAYER_NAMES.index(words[6])
        phase = _PHASE_NAMES.index(words[8])
        for who, score in (("MAX", score_max), ("MIN", score_min)):
            if score >= target:
                raise PositionError(
                    f"in {text!r} {who}'s score {score} reaches the target {target}, so the "
                    f"game is over; write it as max {score_max} min {score_min} "
                    f"{who.lower()} won"
                )
        if phase == DECIDING and turn_total < 2:
            raise PositionError(
                f"in {text!r} the turn total is {turn_total} at a decision; a decision "
                "follows a roll of 2 to 6, so it is at least 2"
            )
        return (score_max, score_min, turn_total, player, phase)

    def _win_chance(self) -> Evaluation[PigState]:
        """The ``win_chance`` evaluation for this target.

        A race model of MAX's winning chance p, given as 2p - 1. Each player needs the
        points still missing, in turns of about 8 points (the turn total counted as if
        banked), and the player whose turn it is has a head start of 1.5 turns. The lead
        in turns is divided by the square root of the turns left, because luck evens out
        over a long race and decides a short one.
        """
        target = self.target
        per_turn = _POINTS_PER_TURN

        def win_chance(state: PigState) -> float:
            """MAX's estimated winning chance, as 2p - 1, from the race in turns."""
            score_max, score_min, turn_total, player, _ = state
            if player == 0:
                need_max = max(target - score_max - turn_total, 0) / per_turn
                need_min = max(target - score_min, 0) / per_turn + _TEMPO_TURNS
            else:
                need_max = max(target - score_max, 0) / per_turn + _TEMPO_TURNS
                need_min = max(target - score_min - turn_total, 0) / per_turn
            left = _LUCK_AT_FINISH + (need_max + need_min) / 2
            return _SURE * math.tanh(_STEEPNESS * (need_min - need_max) / math.sqrt(left))

        return win_chance

    def _score_difference(self) -> Evaluation[PigState]:
        """The ``score_difference`` evaluation for this target.

        MAX's lead in points, where the player whose turn it is counts their turn total
        and an average turn's 8 points as theirs, squashed by x / (1 + |x|) with half the
        target as the unit. Cruder than ``win_chance``: a lead counts the same early and
        late in the race.
        """
        unit = self.target / 2

        def score_difference(state: PigState) -> float:
            """MAX's lead in points (the turn and its total to the mover), squashed."""
            score_max, score_min, turn_total, player, _ = state
            turn = turn_total + _POINTS_PER_TURN
            x = (score_max - score_min + (turn if player == 0 else -turn)) / unit
            return _SURE * x / (1 + abs(x))

        return score_difference


def _number(word: str, what: str, text: str) -> int:
    """``word`` as a whole number of points; PositionError naming ``what`` otherwise."""
    if not word.isdecimal() or not word.isascii():
        raise PositionError(f"{what} in {text!r} is {word!r}, not a whole number of points")
    value = int(word)
    if value == 1:
        raise PositionError(
            f"{what} in {text!r} is 1; points come in rolls of 2 to 6, so it cannot be"
        )
    return value


#: Pig in the registry (``gamesearch_gui.core.games.registry``).
SPEC = GameSpec.of(
    Pig,
    default_search=DefaultSearch("star1", depth=6, ordering="static", transposition_table=True),
    options=(
        GameOption(
            key="pig_target",
            flag="--target",
            label="Target",
            help="the score that wins",
            low=MIN_TARGET,
            high=MAX_TARGET,
            default=20,
        ),
    ),
    position_help="'max A min B turn T (max|min) to (roll|decide)',\n"
    "e.g. 'max 12 min 7 turn 5 max to decide' (MAX starts; --target sets the goal)",
    move_help="'roll', 'hold', or 'rolled N' for a die face",
    rules="""
<h3>Pig</h3>
<p>A dice game for two. On your turn you roll a die again and again, adding each roll to
your turn total, until you <b>Hold</b> to bank the total, or roll a <b>1</b> and lose
the turn total. The first to reach the target score wins. Each turn starts with a roll.
The AI's own rolls are shown one at a time. Chance makes this a game for
expectiminimax: the AI weighs each roll by its probability of 1 in 6.</p>
""",
    pace_ms=700,  # the AI's rolls are shown one at a time
    board="gamesearch_gui.ui.boards.pig_board:PigBoard",
)
