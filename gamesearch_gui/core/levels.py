"""The AI's strength levels: for each game, a few named settings of the search, and the
chance of a slip (not playing the best move), drawn from a seeded source.

A level is data: the search (depth, time, evaluation, ordering, table) and a slip rate.
Every game has the same five levels, :data:`LEVELS`, from Beginner to Perfect, each set
for that game in :data:`GAME_LEVELS` (a user's game file gets :data:`FILE_GAME_LEVELS`,
or :data:`PLAYERS_FILE_LEVELS` when it has more than two players).
"Perfect" is the game's strongest practical search: the whole game where it can be
searched to its end, else the deepest search that answers within a few seconds; its
``perfect`` note says which.

A slip is decided by :func:`slip_choice`, a pure function of the seed, the ply and the
search's root moves and values: the same seed and the same moves give the same game.
The levels that slip search to a fixed depth, with no time limit and with every root
move's exact value, so what the search returns does not hang on the machine's speed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any
from typing import Final

from gamesearch_gui.core.game import A
from gamesearch_gui.core.game import Game
from gamesearch_gui.core.game import Player
from gamesearch_gui.core.game import S
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import Ordering
from gamesearch_gui.core.search import RootMove
from gamesearch_gui.core.search import SearchResult
from gamesearch_gui.core.search import SearchSettings

#: The level that is none: the search settings as the person set them.
CUSTOM: Final = "custom"
#: How long Strong and Perfect deepen a move in a user's game file (the window's own
#: limit for a game file's search with no depth limit).
FILE_SECONDS: Final = 2.0


@dataclass(frozen=True, slots=True)
class Level:
    """One of the named strengths, the same in every game: its id and its name."""

    id: str
    title: str
    #: What it is for, in a few words (the picker's tip).
    blurb: str


LEVELS: Final = (
    Level("beginner", "Beginner", "a shallow search that often slips"),
    Level("casual", "Casual", "a little deeper, and slips now and then"),
    Level("club", "Club", "a fair search that slips rarely"),
    Level("strong", "Strong", "a deep search, no slips"),
    Level("perfect", "Perfect", "the strongest practical search, no slips"),
)
#: The level ids, weakest first.
LEVEL_IDS: Final = tuple(level.id for level in LEVELS)


@dataclass(frozen=True, slots=True)
class GameLevel:
    """A level as one game plays it: the search, and the chance of a slip at each move."""

    level: Level
    search: SearchSettings
    #: The chance, from 0 to 1, that the AI plays another move than its search's best.
    slip: float = 0.0

    def __post_init__(self) -> None:
        if not 0.0 <= self.slip < 1.0:
            raise ValueError(f"{self.level.title}: a slip rate is from 0 to under 1")
        if self.slip and (self.search.time_budget is not None or not self.exact_values):
            raise ValueError(
                f"{self.level.title}: a level that slips searches to a fixed depth with "
                "exact root values, so the same seed replays the same game"
            )

    @property
    def exact_values(self) -> bool:
        """True when every root move gets its exact value (the slip weighs them)."""
        search = self.search
        if search.algorithm is Algorithm.MAXN:
            return not search.shallow_pruning
        return search.exact_root_values or search.algorithm in (
            Algorithm.MINIMAX,
            Algorithm.EXPECTIMINIMAX,
        )


@dataclass(frozen=True, slots=True)
class GameLevels:
    """A game's five levels, weakest first, and what its Perfect is worth."""

    levels: tuple[GameLevel, ...]
    #: Whether Perfect plays perfectly, and if not, why not (shown in the docs and tips).
    perfect: str

    def find(self, level_id: str) -> GameLevel | None:
        """The level called ``level_id``; None for :data:`CUSTOM` or an unknown id."""
        return next((g for g in self.levels if g.level.id == level_id), None)


def _levels(*rows: tuple[SearchSettings, float], perfect: str) -> GameLevels:
    """Five (search, slip) rows, weakest first, as a game's levels."""
    if len(rows) != len(LEVELS):
        raise ValueError(f"a game has {len(LEVELS)} levels, not {len(rows)}")
    made = tuple(
        GameLevel(level, search, slip) for level, (search, slip) in zip(LEVELS, rows, strict=True)
    )
    return GameLevels(made, perfect)


def _ab(
    depth: int | None,
    evaluation: str | None,
    *,
    exact: bool = False,
    algorithm: Algorithm = Algorithm.ALPHABETA,
    **more: Any,
) -> SearchSettings:
    """Alpha-beta (or Star1, its chance-node form), strong moves first, with a table (and
    exact root values to slip with)."""
    return SearchSettings(
        algorithm,
        depth=depth,
        evaluation=evaluation,
        ordering=Ordering.STATIC,
        transposition_table=True,
        exact_root_values=exact,
        **more,
    )


def _slipping(depth: int, evaluation: str | None) -> SearchSettings:
    return _ab(depth, evaluation, exact=True)


#: Each built-in game's levels, by the game's name.
GAME_LEVELS: Final[dict[str, GameLevels]] = {
    "tictactoe": _levels(
        (_slipping(1, "centre_corners"), 0.5),
        (_slipping(2, "open_lines"), 0.25),
        (_slipping(4, "open_lines"), 0.05),
        (_ab(6, "open_lines"), 0.0),
        (_ab(None, None), 0.0),
        perfect="perfect: the whole game is searched, so it never loses",
    ),
    "connect4": _levels(
        (_slipping(1, "open_lines"), 0.35),
        (_slipping(2, "open_lines"), 0.15),
        (_slipping(4, "open_lines"), 0.05),
        (_ab(7, "open_lines"), 0.0),
        (_ab(42, "open_lines", time_budget=10.0), 0.0),
        perfect="not perfect: it deepens for 10 seconds a move, which reaches the end of "
        "the game only late in it",
    ),
    "pennies": _levels(
        (_slipping(1, "length_parity"), 0.4),
        (_slipping(2, "length_parity"), 0.2),
        (_slipping(3, "length_parity"), 0.05),
        (_ab(5, "length_parity"), 0.0),
        (_ab(None, None), 0.0),
        perfect="perfect: the whole game is searched",
    ),
    "pig": _levels(
        (SearchSettings(Algorithm.EXPECTIMINIMAX, depth=1, evaluation="score_difference"), 0.3),
        (SearchSettings(Algorithm.EXPECTIMINIMAX, depth=2, evaluation="win_chance"), 0.15),
        (SearchSettings(Algorithm.EXPECTIMINIMAX, depth=4, evaluation="win_chance"), 0.05),
        (_ab(6, "win_chance", algorithm=Algorithm.STAR1), 0.0),
        (_ab(10, "win_chance", algorithm=Algorithm.STAR1), 0.0),
        perfect="not perfect: a turn can go on for ever, so the search stops at depth 10 "
        "and estimates the chance of winning there",
    ),
    "chess": _levels(
        (_slipping(1, "material"), 0.3),
        (_slipping(2, "material"), 0.15),
        (_ab(3, "material", exact=True, quiescence=True), 0.05),
        (_ab(4, "material", quiescence=True, time_budget=3.0), 0.0),
        (_ab(42, "material", quiescence=True, time_budget=10.0), 0.0),
        perfect="not perfect: it deepens for 10 seconds a move, a few plies of a game "
        "far too big to search",
    ),
    "nim3": _levels(
        (SearchSettings(Algorithm.MAXN, depth=1, evaluation="reach"), 0.4),
        (SearchSettings(Algorithm.MAXN, depth=2, evaluation="reach"), 0.2),
        (SearchSettings(Algorithm.MAXN, depth=3, evaluation="reach"), 0.05),
        (
            SearchSettings(Algorithm.MAXN, depth=6, evaluation="reach", transposition_table=True),
            0.0,
        ),
        (
            SearchSettings(Algorithm.MAXN, shallow_pruning=True, transposition_table=True),
            0.0,
        ),
        perfect="max^n to the end of the game: each player's best for itself, as max^n "
        "defines it (with three players no move guarantees a win)",
    ),
}


def _file_levels(algorithm: Algorithm) -> GameLevels:
    """The levels of a user's game file searched with ``algorithm``, whose size nobody
    has said: small depths for the levels that slip, and for Strong and Perfect
    deepening for :data:`FILE_SECONDS` a move (as every search of a game file without a
    depth limit does), Strong to depth 5, Perfect to the end of the game if it gets
    there. Alpha-beta's slipping levels value every root move exactly; expectiminimax
    and max^n (without shallow pruning) always do."""
    exact = algorithm is Algorithm.ALPHABETA
    rows = [
        (SearchSettings(algorithm, depth=depth, exact_root_values=exact), slip)
        for depth, slip in ((1, 0.3), (2, 0.15), (3, 0.05))
    ]
    for depth in (5, None):
        rows.append((SearchSettings(algorithm, depth=depth, time_budget=FILE_SECONDS), 0.0))
    return _levels(
        *rows,
        perfect="perfect only where the file's game is searched to its end within its time",
    )


#: The levels of a user's game file: two-player games without chance, and with it.
FILE_GAME_LEVELS: Final = {
    False: _file_levels(Algorithm.ALPHABETA),
    True: _file_levels(Algorithm.EXPECTIMINIMAX),
}
#: The levels of a user's game file of more than two players, with chance or without:
#: max^n, each player after its own share.
PLAYERS_FILE_LEVELS: Final = _file_levels(Algorithm.MAXN)


def game_levels(name: str | None, has_chance: bool = False, players: int = 2) -> GameLevels | None:
    """The levels of the built-in game ``name``, or of a user's game file (``name``
    None, ``has_chance`` when it has chance nodes, of ``players`` players); None for a
    game of the registry that has no levels."""
    if name is None:
        return FILE_GAME_LEVELS[has_chance] if players == 2 else PLAYERS_FILE_LEVELS
    return GAME_LEVELS.get(name)


def level_title(level_id: str) -> str:
    """The name a person reads for ``level_id`` ("Custom" for :data:`CUSTOM`)."""
    found = next((level for level in LEVELS if level.id == level_id), None)
    return found.title if found is not None else "Custom"


# -- the slip ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Choice:
    """The move a level plays, and whether it is a slip (not the search's best move)."""

    move: Any
    slipped: bool


def slip_random(seed: int, ply: int) -> random.Random:
    """The random numbers of the move at ``ply`` of a game played with ``seed``: the same
    two give the same numbers on every machine and every run (a string seeds Python's
    generator through SHA-512, never through the salted ``hash``)."""
    return random.Random(f"gamesearch-slip:{seed}:{ply}")


def slip_choice(
    seed: int,
    ply: int,
    slip: float,
    root_moves: Sequence[RootMove],
    best: Any,
    maximizing: bool = True,
) -> Choice:
    """The move to play at ``ply``: ``best``, or, with chance ``slip``, another root move.

    A slip picks among the other moves by their rank in the search's own values (the
    best of them twice as likely as the second best, three times the third, ...), as a
    person's slip is more often to a fair move than to the worst. ``maximizing``: the
    mover wants high values (MAX, or the root player's share under max^n); MIN wants low.
    A move whose value is a bound, not exact, ranks by its bound. With no other move
    there is nothing to slip to.
    """
    rng = slip_random(seed, ply)
    draw = rng.random()
    others = [m for m in root_moves if m.move != best]
    if draw >= slip or not others:
        return Choice(best, False)
    sign = 1.0 if maximizing else -1.0
    # sorted() is stable: equal values keep the search's order, so the choice is exact.
    ranked = sorted(others, key=lambda m: -sign * m.value)
    weights = [1.0 / rank for rank in range(1, len(ranked) + 1)]
    picked = rng.choices(ranked, weights)[0]
    return Choice(picked.move, True)


def level_move(
    game: Game[S, A], state: S, result: SearchResult, level: GameLevel, seed: int, ply: int
) -> Choice:
    """The move ``level`` plays at ``state`` (ply ``ply`` of a game played with ``seed``),
    given what its search found there: :func:`slip_choice` over the result's root moves,
    for the side to move (under max^n a root value is the mover's own share)."""
    maximizing = result.values is not None or game.to_move(state) is not Player.MIN
    return slip_choice(seed, ply, level.slip, result.root_moves, result.best_move, maximizing)


def roll_random(seed: int, ply: int) -> random.Random:
    """The random numbers of the die roll at ``ply`` of a game played at a level with
    ``seed``: with them a game of chance replays too."""
    return random.Random(f"gamesearch-roll:{seed}:{ply}")


def level_for(game: Game[Any, Any], name: str | None, level_id: str) -> GameLevel | None:
    """The level ``level_id`` of ``game``: the built-in game called ``name``, or a user's
    game file (``name`` None). None for :data:`CUSTOM`, an unknown id, or a game with no
    levels."""
    levels = game_levels(name, game.has_chance, len(game.players))
    return levels.find(level_id) if levels is not None else None


def describe(level: GameLevel) -> str:
    """What ``level`` searches, in words: "alpha-beta to depth 2 (open_lines), slips on
    25% of moves" (the picker's tips and the docs' table say the same)."""
    search = level.search
    parts = [search.algorithm.short_title.lower()]
    if search.time_budget is not None:
        limit = "the end" if search.depth is None else f"depth {search.depth}"
        parts.append(f"deepening up to {limit} for {search.time_budget:g} s")
    elif search.depth is None:
        parts.append("to the end of the game")
    else:
        parts.append(f"to depth {search.depth}")
    text = " ".join(parts)
    if search.evaluation is not None:
        text += f" ({search.evaluation})"
    if search.quiescence:
        text += ", quiescence"
    if level.slip:
        text += f", slips on {level.slip:.0%} of moves"
    return text
