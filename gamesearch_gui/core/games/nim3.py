"""Three-player Nim: players A, B and C take turns taking 1 to 3 counters from one pile.

Whoever takes the last counter wins: a utility of 1 for the winner and 0 for the other
two, so every vector of utilities adds up to 1 (a constant sum: max^n's shallow pruning
applies). A moves first, then B, then C, then A again.

State: ``(pile, player)``, the counters left and the index of who is to move (0 is A).

Move: how many counters to take, 1 to 3 (never more than the pile). Move notation:
``take 2`` (``parse_move`` also takes ``2``).

Position notation: the pile, then optionally who is to move (A when left out):
``7``, ``5 B``. ``position_text`` always names the player.
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Sequence
from typing import ClassVar
from typing import TypeAlias

from gamesearch_gui.core.game import Game
from gamesearch_gui.core.game import IllegalMoveError
from gamesearch_gui.core.game import Player
from gamesearch_gui.core.game import PositionError
from gamesearch_gui.core.game import VectorEvaluation
from gamesearch_gui.core.games.registry import DefaultSearch
from gamesearch_gui.core.games.registry import GameOption
from gamesearch_gui.core.games.registry import GameSpec

#: The counters left and the index of the player to move (0, 1 or 2).
NimState: TypeAlias = tuple[int, int]

#: Most counters a pile may start with. Max^n's full tree grows about 1.8-fold per counter
#: (tens of millions of nodes from 30); with the transposition table each of the
#: ``3 * pile`` positions is searched once.
MAX_PILE = 30
#: Most counters one move takes.
MAX_TAKE = 3
PLAYERS = ("A", "B", "C")


def _wins(winner: int) -> tuple[float, ...]:
    return tuple(1.0 if i == winner else 0.0 for i in range(len(PLAYERS)))


def _in_reach(state: NimState) -> tuple[float, ...]:
    """The mover wins a pile within reach (they take it all); any other pile is an even
    third for each, as far as this heuristic knows."""
    pile, player = state
    if 0 < pile <= MAX_TAKE:
        return _wins(player)
    return (1 / 3,) * len(PLAYERS)


class ThreePlayerNim(Game[NimState, int]):
    """Nim for three players on one pile: take 1 to 3; who takes the last counter wins."""

    name: ClassVar[str] = "nim3"
    title = "Three-player Nim"
    players = PLAYERS

    def __init__(self, pile: int = 7) -> None:
        if isinstance(pile, bool) or not 1 <= pile <= MAX_PILE:
            raise PositionError(f"the pile must hold 1 to {MAX_PILE} counters, not {pile}")
        self.pile = pile

    def initial_state(self) -> NimState:
        """The whole pile, A to move."""
        return (self.pile, 0)

    def to_move(self, state: NimState) -> Player:
        """MAX: every player maximises their own utility (``player_index`` says who)."""
        return Player.MAX

    def player_index(self, state: NimState) -> int:
        """0, 1 or 2: A, B or C."""
        return state[1]

    def actions(self, state: NimState) -> Sequence[int]:
        """Take 1, 2 or 3, never more than the pile."""
        return range(1, min(MAX_TAKE, state[0]) + 1)

    def result(self, state: NimState, action: int) -> NimState:
        """The pile less ``action``, the next player to move. Trusts its caller."""
        return (state[0] - action, (state[1] + 1) % len(PLAYERS))

    def is_terminal(self, state: NimState) -> bool:
        """True when the pile is empty."""
        return state[0] == 0

    def utilities(self, state: NimState) -> tuple[float, ...]:
        """1 for who took the last counter (the player before the one to move), 0 else."""
        return _wins((state[1] - 1) % len(PLAYERS))

    def terminal_utilities(self, state: NimState) -> tuple[float, ...] | None:
        """The utilities of an empty pile, or None."""
        return self.utilities(state) if state[0] == 0 else None

    def utility_sum(self) -> float:
        """1: one player wins, the others get 0."""
        return 1.0

    def utility_bounds(self) -> tuple[float, float]:
        """0 (a loss) to 1 (a win)."""
        return (0.0, 1.0)

    def vector_evaluations(self) -> Mapping[str, VectorEvaluation[NimState]]:
        """``reach``: the mover wins a pile of 1 to 3, any other pile is even thirds."""
        return {"reach": _in_reach}

    def max_plies(self, state: NimState) -> int:
        """At most one ply per counter."""
        return state[0]

    def move_text(self, state: NimState, action: int) -> str:
        """``take 2``."""
        return f"take {action}"

    def parse_move(self, state: NimState, text: str) -> int:
        """``take N`` or ``N``, a legal number to take; IllegalMoveError otherwise."""
        words = text.split()
        if words[:1] == ["take"]:
            words = words[1:]
        legal = self.actions(state)
        if len(words) == 1 and words[0].isdecimal() and int(words[0]) in legal:
            return int(words[0])
        if not legal:
            raise IllegalMoveError(f"{text!r} is not a legal move: the pile is empty")
        raise IllegalMoveError(f"{text!r} is not a legal move here: take 1 to {legal[-1]}")

    def position_text(self, state: NimState) -> str:
        """``5 B``: the pile and who is to move."""
        return f"{state[0]} {PLAYERS[state[1]]}"

    def parse_position(self, text: str) -> NimState:
        """``7`` or ``5 B``; PositionError saying what is wrong otherwise."""
        words = text.split()
        if not 1 <= len(words) <= 2 or not words[0].isdecimal():
            raise PositionError(
                f"{text!r} is not a position: give the pile, then who moves (A, B or C)"
            )
        pile = int(words[0])
        if pile > MAX_PILE:
            raise PositionError(f"the pile must hold at most {MAX_PILE} counters, not {pile}")
        who = words[1].upper() if len(words) == 2 else PLAYERS[0]
        if who not in PLAYERS:
            raise PositionError(f"{words[1]!r} is not a player: A, B or C")
        return (pile, PLAYERS.index(who))


#: Its entry for the registry (``BUILT_IN`` offers it everywhere).
SPEC = GameSpec.of(
    ThreePlayerNim,
    # The table: a pile's positions recur by many orders of moves, so max^n solves the
    # biggest pile in a few hundred nodes instead of tens of millions.
    default_search=DefaultSearch("maxn", shallow_pruning=True, transposition_table=True),
    options=(
        GameOption(
            key="nim_pile",
            flag="--pile",
            label="Pile",
            help="how many counters the pile starts with",
            low=1,
            high=MAX_PILE,
            default=7,
        ),
    ),
    side_names=PLAYERS,
    position_help="the pile, then who moves (A, B or C), e.g. '7' or '5 B'",
    move_help="'take N': take 1 to 3 counters",
    rules="""
<h3>Three-player Nim</h3>
<p>Three players, A, B and C, take turns taking 1, 2 or 3 counters from one pile. Whoever
takes the last counter wins; the other two lose. The result is a vector of payoffs, one
per player: (1, 0, 0) when A wins. Each seat is a person or the AI (Settings).</p>
<p>Click <b>Take 1</b>, <b>Take 2</b> or <b>Take 3</b> (or press 1, 2 or 3) on your turn.
Each player looks after their own payoff only, so the AI searches with <b>max^n</b>: every
player picks the move whose vector is best in their own component. The <b>paranoid</b>
search assumes instead that the other two play against the player to move.</p>
""",
    searchable_to_end=True,
    board="gamesearch_gui.ui.boards.nim3_board:Nim3Board",
)
