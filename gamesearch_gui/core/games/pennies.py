"""The pennies game (Grundy's game): split one stack into two unequal stacks.

Players take turns; a move splits one stack of pennies into two non-empty stacks of
different sizes. Whoever cannot move (every stack holds one or two pennies) loses.
MAX moves first. The game is impartial: both players always have the same moves.

State: ``(stacks, player)``, where ``stacks`` is a tuple of stack sizes sorted in
descending order and ``player`` is 0 when MAX is to move, 1 when MIN is.

Move: ``(stack_size, larger_part)``; ``(7, 4)`` splits a stack of 7 into 4 and 3.
Natural order: the largest stack first, and for each stack the most even split first.
Stacks of the same size give the same moves, so they are listed once.

Move notation: ``7=4+3`` (whole, an equals sign, the larger part, a plus, the smaller
part). ``parse_move`` also takes spaces around the signs and the parts in either order.

Position notation: the stack sizes separated by commas, in any order, then optionally
``max`` or ``min`` for who is to move (MAX when left out): ``7``, ``5,2,1 min``.
``position_text`` writes the stacks in descending order and always names the player.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from collections.abc import Sequence
from operator import itemgetter
from types import MappingProxyType
from typing import ClassVar
from typing import TypeAlias

from gamesearch_gui.core.game import Evaluation
from gamesearch_gui.core.game import Game
from gamesearch_gui.core.game import GameError
from gamesearch_gui.core.game import IllegalMoveError
from gamesearch_gui.core.game import Outcome
from gamesearch_gui.core.game import Player
from gamesearch_gui.core.game import PositionError
from gamesearch_gui.core.game import outcome_by_sign
from gamesearch_gui.core.games.registry import GameOption
from gamesearch_gui.core.games.registry import GameSpec

#: Stack sizes, sorted descending, and the player to move (0 = MAX, 1 = MIN).
PenniesState: TypeAlias = tuple[tuple[int, ...], int]
#: A split: (size of the stack split, size of the larger part).
PenniesMove: TypeAlias = tuple[int, int]

#: Most pennies a position may hold: the full game tree explodes beyond this.
MAX_TOTAL = 60
#: Most stacks a position may hold, for the same reason.
MAX_STACKS = 30

_PLAYERS = (Player.MAX, Player.MIN)
_PLAYER_NAMES = ("max", "min")

# Confidence of a heuristic verdict; below 1 so that a real win always looks better.
_SURE = 0.9

_MOVE_RE = re.compile(r"^\s*([0-9]+)\s*=\s*([0-9]+)\s*\+\s*([0-9]+)\s*$")


def _splits(size: int) -> tuple[PenniesMove, ...]:
    """Every legal split of one stack of ``size``, the most even first."""
    return tuple((size, larger) for larger in range(size // 2 + 1, size))


def _move_counts() -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Fewest and most moves a lone stack of each size can still take, up to MAX_TOTAL."""
    least = [0] * (MAX_TOTAL + 1)
    most = [0] * (MAX_TOTAL + 1)
    for size in range(3, MAX_TOTAL + 1):
        # Stacks never interact, so a split's move count is the sum of its parts'.
        least[size] = 1 + min(least[a] + least[size - a] for _, a in _splits(size))
        most[size] = 1 + max(most[a] + most[size - a] for _, a in _splits(size))
    return tuple(least), tuple(most)


_SPLITS: tuple[tuple[PenniesMove, ...], ...] = tuple(_splits(n) for n in range(MAX_TOTAL + 1))
_SPLIT_COUNTS: tuple[int, ...] = tuple(map(len, _SPLITS))
_LEAST_MOVES, _MOST_MOVES = _move_counts()


def _check_stacks(stacks: Sequence[int], where: str, error: type[GameError]) -> None:
    """Raise ``error`` unless ``stacks`` is a non-empty list of stacks within the limits."""
    if not stacks:
        raise error(f"{where} has no stacks; it needs at least one")
    for index, size in enumerate(stacks, start=1):
        if isinstance(size, bool) or not isinstance(size, int):
            raise error(f"stack {index} of {where} is {size!r}, not a whole number")
        if size < 1:
            raise error(f"stack {index} of {where} is {size}; every stack needs a penny or more")
    if len(stacks) > MAX_STACKS:
        raise error(
            f"{where} has {len(stacks)} stacks; at most {MAX_STACKS} are allowed "
            "because the game tree explodes beyond that"
        )
    total = sum(stacks)
    if total > MAX_TOTAL:
        raise error(
            f"{where} has {total} pennies; at most {MAX_TOTAL} are allowed "
            "because the game tree explodes beyond that"
        )


class Pennies(Game[PenniesState, PenniesMove]):
    """Grundy's game from a chosen start: one stack of ``start`` pennies, or several."""

    name: ClassVar[str] = "pennies"
    title = "The pennies game"

    def __init__(self, start: int | Sequence[int] = 7) -> None:
        """Rules for a game that starts from ``start`` (a stack size or a tuple of sizes)."""
        if not isinstance(start, (int, Sequence)):
            raise GameError(f"the start is {start!r}, not a stack size or a tuple of sizes")
        stacks = [start] if isinstance(start, int) else list(start)
        _check_stacks(stacks, "the start", GameError)
        self.start: tuple[int, ...] = tuple(sorted(stacks, reverse=True))
        self._evaluations: Mapping[str, Evaluation[PenniesState]] = MappingProxyType(
            {"length_parity": length_parity, "splittable_parity": splittable_parity}
        )

    def __reduce__(self) -> tuple[type[Pennies], tuple[tuple[int, ...]]]:
        """Pickled as its constructor and options, to cross to the engine process."""
        return (Pennies, (self.start,))

    def initial_state(self) -> PenniesState:
        """The start stacks with MAX to move."""
        return (self.start, 0)

    def to_move(self, state: PenniesState) -> Player:
        """MAX or MIN: the game has no chance."""
        return _PLAYERS[state[1]]

    def actions(self, state: PenniesState) -> Sequence[PenniesMove]:
        """Every split, largest stack first, most even split first; one set per stack size."""
        stacks = state[0]
        if len(stacks) == 1:
            return _SPLITS[stacks[0]]
        moves: list[PenniesMove] = []
        previous = 0
        for size in stacks:
            if size < 3:
                break  # sorted descending, so every later stack is dead too
            if size != previous:
                moves.extend(_SPLITS[size])
                previous = size
        return moves

    def ordered_actions(self, state: PenniesState) -> Sequence[PenniesMove]:
        """Splits that leave the opponent the fewest replies first (an immediate win first).

        A player with few moves is close to having none, which loses; ties keep the
        natural order.
        """
        stacks = state[0]
        present = set(stacks)
        base = sum(map(_SPLIT_COUNTS.__getitem__, present))
        scored: list[tuple[int, PenniesMove]] = []
        previous = 0
        for size in stacks:
            if size < 3:
                break
            if size == previous:
                continue
            previous = size
            # The split stack's own moves vanish only if no other stack has its size.
            rest = base - _SPLIT_COUNTS[size] if stacks.count(size) == 1 else base
            for move in _SPLITS[size]:
                larger = move[1]
                smaller = size - larger
                replies = rest
                if larger not in present:
                    replies += _SPLIT_COUNTS[larger]
                if smaller not in present:
                    replies += _SPLIT_COUNTS[smaller]
                scored.append((replies, move))
        scored.sort(key=itemgetter(0))  # stable: ties stay in the natural order
        return [move for _, move in scored]

    def result(self, state: PenniesState, action: PenniesMove) -> PenniesState:
        """The position after the split ``action``. Trusts its caller."""
        stacks, player = state
        size, larger = action
        rest = list(stacks)
        rest.remove(size)
        rest.append(larger)
        rest.append(size - larger)
        rest.sort(reverse=True)
        return (tuple(rest), 1 - player)

    def is_terminal(self, state: PenniesState) -> bool:
        """True when no stack holds three pennies or more."""
        return state[0][0] < 3

    def utility(self, state: PenniesState) -> float:
        """+1 when MIN cannot move, -1 when MAX cannot move."""
        return -1.0 if state[1] == 0 else 1.0

    def terminal_value(self, state: PenniesState) -> float | None:
        """The utility when the player to move is stuck, else None."""
        if state[0][0] >= 3:
            return None
        return -1.0 if state[1] == 0 else 1.0

    def outcome(self, utility: float) -> Outcome:
        """Utilities say who won: +1 a win of MAX, -1 a win of MIN (there are no draws)."""
        return outcome_by_sign(utility)

    def key(self, state: PenniesState) -> tuple[tuple[int, ...], int]:
        """The stacks that can still be split, and the player: dead stacks never matter."""
        stacks, player = state
        dead = stacks.count(1) + stacks.count(2)
        return (stacks[: len(stacks) - dead] if dead else stacks, player)

    def evaluations(self) -> Mapping[str, Evaluation[PenniesState]]:
        """``length_parity`` (the default) and ``splittable_parity``; see their docs."""
        return self._evaluations

    def utility_bounds(self) -> tuple[float, float]:
        """Utilities are -1 and +1."""
        return (-1.0, 1.0)

    def max_plies(self, state: PenniesState) -> int:
        """The length of the longest game left: exact, as stacks never interact."""
        return sum(map(_MOST_MOVES.__getitem__, state[0]))

    def move_text(self, state: PenniesState, action: PenniesMove) -> str:
        """``7=4+3``: the stack, then its two parts, larger first."""
        size, larger = action
        return f"{size}={larger}+{size - larger}"

    def parse_move(self, state: PenniesState, text: str) -> PenniesMove:
        """The split written ``7=4+3`` (parts in either order); IllegalMoveError otherwise."""
        match = _MOVE_RE.match(text)
        if match is None:
            raise IllegalMoveError(f"{text!r} is not a split; write it like 7=4+3")
        size, first, second = (int(group) for group in match.groups())
        if first + second != size:
            raise IllegalMoveError(f"in {text!r} the parts {first}+{second} do not make {size}")
        if first == 0 or second == 0:
            raise IllegalMoveError(f"in {text!r} a part is empty; both need a penny or more")
        if first == second:
            raise IllegalMoveError(f"in {text!r} the parts are equal; they must differ")
        if size not in state[0]:
            raise IllegalMoveError(f"{text!r} splits a stack of {size}, but there is none here")
        return (size, max(first, second))

    def position_text(self, state: PenniesState) -> str:
        """``5,2,1 min``: the stacks in descending order, then who is to move."""
        stacks, player = state
        return ",".join(map(str, stacks)) + " " + _PLAYER_NAMES[player]

    def parse_position(self, text: str) -> PenniesState:
        """Stacks separated by commas, then optionally ``max`` or ``min`` (MAX by default)."""
        body = text.strip()
        player = 0
        words = body.rsplit(None, 1)
        if words and words[-1].isalpha():
            who = words[-1].lower()
            if who not in _PLAYER_NAMES:
                raise PositionError(
                    f"{words[-1]!r} at the end of {text!r} is not a player; write max or min"
                )
            player = _PLAYER_NAMES.index(who)
            body = words[0] if len(words) == 2 else ""
        if not body:
            raise PositionError(f"{text!r} has no stacks; write them like 5,2,1")
        stacks: list[int] = []
        for index, raw in enumerate(body.split(","), start=1):
            field = raw.strip()
            if not field.isdecimal() or not field.isascii():
                raise PositionError(
                    f"stack {index} of {text!r} is {field!r}, not a positive whole number"
                )
            stacks.append(int(field))
        _check_stacks(stacks, repr(text), PositionError)
        return (tuple(sorted(stacks, reverse=True)), player)


def length_parity(state: PenniesState) -> float:
    """Whether the game's remaining length looks odd (good for the mover), from MAX's view.

    Each stack can still take between a fewest and a most number of moves, and the
    player to move wins exactly when the game lasts an odd number of moves. The verdict
    follows the parity of the shortest possible game; it is exact (±0.9) when the
    shortest and longest agree, and trusted less the more the length can vary.
    """
    stacks, player = state
    least = sum(map(_LEAST_MOVES.__getitem__, stacks))
    most = sum(map(_MOST_MOVES.__getitem__, stacks))
    verdict = _SURE / (1 + most - least)
    if least % 2 == 0:
        verdict = -verdict
    return verdict if player == 0 else -verdict


def splittable_parity(state: PenniesState) -> float:
    """±0.5 from MAX's view: good for the mover when an odd number of stacks can be split.

    The crude guess that each splittable stack takes one more move; right when every
    such stack has three pennies, misleading for larger stacks (a 4 takes two moves).
    """
    stacks, player = state
    live = len(stacks) - stacks.count(1) - stacks.count(2)
    verdict = 0.5 if live % 2 == 1 else -0.5
    return verdict if player == 0 else -verdict


#: The pennies game in the registry (``gamesearch_gui.core.games.registry``); the
#: settings offer single stacks of 3 to 40 (a position may hold up to ``MAX_TOTAL``).
SPEC = GameSpec.of(
    Pennies,
    options=(
        GameOption(
            key="pennies_start",
            flag="--start",
            label="Start stack",
            help="how many pennies the single starting stack has",
            low=3,
            high=40,
            default=7,
        ),
    ),
    position_help="the stacks, comma-separated, then who moves, e.g. '7' or '5,2 min'",
    move_help="'N=A+B': split a stack of N into A and B",
    rules="""
<h3>The pennies game</h3>
<p>The pennies start in one stack. On your turn, click a stack, then choose where to split
it: the two new stacks must be of different sizes (a 6 can become 5 + 1 or 4 + 2, never
3 + 3). Stacks of 1 and 2 cannot be split. Whoever cannot move loses. The game is small
enough for the AI to search to the end, so it plays perfectly: from some starts the
first player cannot win.</p>
""",
    searchable_to_end=True,
    board="gamesearch_gui.ui.boards.pennies_board:PenniesBoard",
)
