"""What a person chose for a game against the AI: which game, who plays, how the AI searches.

No Qt here: the settings panel edits a ``PlayConfig``, the window reads it, QSettings
stores it as plain strings and numbers.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Mapping
from dataclasses import dataclass
from dataclasses import field
from dataclasses import replace
from typing import Any

from gamesearch_gui.core.game import Game
from gamesearch_gui.core.game import GameError
from gamesearch_gui.core.games import GameOption
from gamesearch_gui.core.games import GameSpec
from gamesearch_gui.core.games import find_game
from gamesearch_gui.core.games import game_names
from gamesearch_gui.core.levels import CUSTOM
from gamesearch_gui.core.levels import FILE_SECONDS
from gamesearch_gui.core.levels import game_levels
from gamesearch_gui.core.review import exact_algorithm
from gamesearch_gui.core.review import first_evaluation
from gamesearch_gui.core.review import review_fallback
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import Ordering
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import default_settings
from gamesearch_gui.core.search.mcts import DEFAULT_EXPLORATION
from gamesearch_gui.core.search.mcts import MAX_ITERATIONS
from gamesearch_gui.core.search.mcts import Playout


class Seats(enum.Enum):
    """Who sits at the board of a two-player game: which sides a person plays (a game of
    more players seats each player on its own: ``PlayConfig.humans``)."""

    HUMAN_FIRST = "human-first"  #: the person plays MAX, the AI MIN
    HUMAN_SECOND = "human-second"  #: the AI plays MAX (and moves first)
    TWO_HUMANS = "two-humans"
    TWO_AIS = "two-ais"

    @property
    def human_max(self) -> bool:
        """True when a person plays MAX."""
        return self in (Seats.HUMAN_FIRST, Seats.TWO_HUMANS)

    @property
    def human_min(self) -> bool:
        """True when a person plays MIN."""
        return self in (Seats.HUMAN_SECOND, Seats.TWO_HUMANS)


#: What the settings panel offers, and so what any stored setting is held to.
DEPTH_RANGE = (1, 42)
TIME_BUDGET_RANGE = (0.1, 120.0)
#: MCTS's iterations per move (0 in the panel: no count, the time limit alone).
ITERATIONS_RANGE = (1, MAX_ITERATIONS)
#: What a first MCTS gets: a few thousand iterations answer tic-tac-toe in a blink.
DEFAULT_ITERATIONS = 2000
#: UCB1's C, as the panel offers it (√2 by default).
EXPLORATION_RANGE = (0.0, 10.0)
SEED_RANGE = (0, 2**31 - 1)
#: The time limit of every search of a user's game file that has no depth limit: nobody
#: has said how big the game is, and a search to its end might never finish.
FILE_GAME_SECONDS = FILE_SECONDS


def clamp(value: float, bounds: tuple[float, float]) -> float:
    """``value`` held within ``bounds`` (lo, hi)."""
    return min(max(value, bounds[0]), bounds[1])


def default_search(game: str) -> SearchSettings:
    """Settings a first-time player gets for ``game``: strong, and quick to answer."""
    return default_settings(find_game(game))


def default_game() -> str:
    """The game offered first: the first registered."""
    return game_names()[0]


@dataclass(frozen=True, slots=True)
class PlayConfig:
    """One game's setup: the game and its options, the seats, and the AI's search."""

    game: str = field(default_factory=default_game)
    seats: Seats = Seats.HUMAN_FIRST
    #: A game of more than two players: True where a person plays that seat, in the
    #: order of the game's players (a seat left out: a person plays the first, the AI
    #: the others). Two-player games read ``seats`` instead.
    humans: tuple[bool, ...] = ()
    #: Game options by key (``pig_target``), of any game; a missing one is its default.
    options: Mapping[str, int] = field(default_factory=dict)
    search: SearchSettings = field(default_factory=lambda: default_search(default_game()))
    #: The AI's strength level (``core/levels.py``): CUSTOM, or one whose search ``search``
    #: is; ``level_seed`` seeds its slips (and, at a level, the die), so a game replays.
    level: str = CUSTOM
    level_seed: int = 0

    @property
    def spec(self) -> GameSpec:
        """What the registry says of the game."""
        return find_game(self.game)

    def option(self, option: GameOption) -> int:
        """The value chosen for ``option`` (its default if none was)."""
        return self.options.get(option.key, option.default)

    def make_game(self) -> Game[Any, Any]:
        """The game object these options describe."""
        return self.spec.make(self.options)

    @property
    def seat_count(self) -> int:
        """How many players sit at the board: one per side name of the game."""
        return len(self.spec.side_names)

    def is_human(self, seat: int) -> bool:
        """True when a person plays seat ``seat`` (an index into the game's players).

        Under the two-player ``seats`` (a built-in game of two, and every game file or
        OpenSpiel game, whose seats the panel chooses the same way) a seat past the
        second is a person only when both sides are: "A (moves first)" seats one person
        at A and the AI everywhere else."""
        if self.seat_count == 2:
            if seat < 2:
                return self.seats.human_max if seat == 0 else self.seats.human_min
            return self.seats.human_max and self.seats.human_min
        if seat < len(self.humans):
            return self.humans[seat]
        return seat == 0

    def seated(self, count: int | None = None) -> tuple[bool, ...]:
        """For each of ``count`` seats (the game's players; by default its side names),
        whether a person plays it."""
        return tuple(self.is_human(seat) for seat in range(count or self.seat_count))

    def with_game(self, game: str, search: SearchSettings | None = None) -> PlayConfig:
        """The same seats and level with another game (and its own search settings, or
        the level's)."""
        changed = replace(self, game=game, search=search or default_search(game))
        return changed.with_level(self.level)

    def with_level(self, level: str) -> PlayConfig:
        """The same setup at ``level``: its search for this game; CUSTOM (the search
        kept) where the game has no such level."""
        levels = game_levels(self.game)
        found = levels.find(level) if levels is not None else None
        if found is None:
            return replace(self, level=CUSTOM)
        return replace(self, level=level, search=found.search)


def algorithms_for(game: Game[Any, Any]) -> tuple[Algorithm, ...]:
    """The algorithms that apply to ``game``: Star1 and MCTS only where it declares the
    utility bounds they need (to prune with, to scale rewards by); a user's game file may
    not."""
    if len(game.players) != 2:
        return (Algorithm.MAXN, Algorithm.PARANOID)
    try:
        game.utility_bounds()
    except GameError:
        bounded: tuple[Algorithm, ...] = ()
    else:
        bounded = (Algorithm.STAR1, Algorithm.MCTS) if game.has_chance else (Algorithm.MCTS,)
    if game.has_chance:
        return (Algorithm.EXPECTIMINIMAX, *bounded)
    return (Algorithm.MINIMAX, Algorithm.ALPHABETA, *bounded)


def file_game_search(game: Game[Any, Any]) -> SearchSettings:
    """What the AI first searches a user's game file with. Its size is unknown, so it
    deepens one ply at a time for :data:`FILE_GAME_SECONDS` (a small game is searched to
    its end well within that, and its moves are then perfect), cutting off with the
    game's first evaluation, or with none (0) when it has none. A game of more than two
    players deepens the same way under max^n, with its first vector evaluation."""
    algorithm = exact_algorithm(game)
    evaluation = first_evaluation(game, algorithm)
    return SearchSettings(algorithm, evaluation=evaluation, time_budget=FILE_GAME_SECONDS)


def quiescence_fits(stands_pat: bool, algorithm: Algorithm) -> bool:
    """Whether a quiescence search goes with ``algorithm`` in a game whose sides may stand
    pat (``stands_pat``, chess): its captures are followed 10 plies past the depth limit,
    which only alpha-beta's pruning keeps to a few thousand positions (under minimax one
    chess position's depth 1 took 200 s and 6 million nodes)."""
    return not stands_pat or algorithm is Algorithm.ALPHABETA


def fit_mcts(search: SearchSettings) -> SearchSettings:
    """``search`` as MCTS takes it (:func:`mcts_search`)."""
    return mcts_search(
        search.iterations, search.time_budget, search.exploration, search.seed, search.playout
    )


def mcts_search(
    iterations: int | None,
    budget: float | None,
    exploration: float,
    seed: int,
    playout: Playout = Playout.RANDOM,
) -> SearchSettings:
    """MCTS settings held to what the panel offers: no depth, evaluation, ordering, table
    or quiescence, and :data:`DEFAULT_ITERATIONS` when neither a count nor a time limit
    would stop it."""
    if iterations is None and budget is None:
        iterations = DEFAULT_ITERATIONS
    if not math.isfinite(exploration):
        exploration = DEFAULT_EXPLORATION
    return SearchSettings(
        algorithm=Algorithm.MCTS,
        time_budget=None if budget is None else clamp(budget, TIME_BUDGET_RANGE),
        iterations=None if iterations is None else int(clamp(iterations, ITERATIONS_RANGE)),
        exploration=clamp(exploration, EXPLORATION_RANGE),
        seed=int(clamp(seed, SEED_RANGE)),
        playout=playout,
    )


def fit_search(game: Game[Any, Any], name: str | None, search: SearchSettings) -> SearchSettings:
    """``search`` made valid for ``game``: an algorithm that applies, a known evaluation,
    a depth limit where the whole game is too big to search (said by the registry's
    ``name``), and for a game of no registry (``name`` None: a user's game file) a time
    limit when it has no depth limit."""
    algorithm = search.algorithm
    allowed = algorithms_for(game)
    if algorithm not in allowed:
        if len(game.players) != 2:
            algorithm = allowed[0]
        else:
            algorithm = Algorithm.STAR1 if game.has_chance else Algorithm.ALPHABETA
            if algorithm not in allowed:
                algorithm = allowed[0]
    elif algorithm is Algorithm.MCTS:
        return fit_mcts(search)
    if algorithm.handles_players:
        return fit_vector_search(game, name, algorithm, search)
    evaluations = game.cutoff_evaluations()
    evaluation = search.evaluation if search.evaluation in evaluations else None
    spec = find_game(name) if name is not None else None
    if evaluation is None and spec is None:
        # A user's game may have no evaluation of its own: deepening then cuts off with
        # "none" (0), so each finished depth still gives a move.
        evaluation = next(iter(evaluations))
    depth = search.depth
    too_big = spec is not None and not spec.searchable_to_end
    if depth is None and too_big and search.time_budget is None:
        assert spec is not None
        depth = spec.default_search.depth
    if depth is not None:
        depth = int(clamp(depth, DEPTH_RANGE))
    budget = search.time_budget
    if budget is None and depth is None and spec is None:
        budget = FILE_GAME_SECONDS
    if budget is not None:
        budget = clamp(budget, TIME_BUDGET_RANGE)
    quiescence = (
        search.quiescence
        and game.has_quiescence
        and (depth or budget) is not None
        and quiescence_fits(game.quiescence_stands_pat, algorithm)
    )
    return replace(
        search,
        algorithm=algorithm,
        evaluation=evaluation,
        depth=depth,
        time_budget=budget,
        fail_hard=search.fail_hard and algorithm is Algorithm.ALPHABETA,
        strict_pruning=search.strict_pruning and algorithm.prunes,
        quiescence=quiescence,
        iterations=None,
        exploration=DEFAULT_EXPLORATION,
        seed=0,
        shallow_pruning=False,
    )


def analysis_settings(search: SearchSettings) -> SearchSettings:
    """``search`` as it values every move of a person's turn (a hint, the move labels):
    each root move with its exact value. Max^n gets them without shallow pruning; the
    paranoid search takes no full root window, so its cut moves stay bounds."""
    if search.algorithm.handles_players:
        return replace(search, shallow_pruning=False)
    return replace(search, exact_root_values=True)


def fit_vector_search(
    game: Game[Any, Any], name: str | None, algorithm: Algorithm, search: SearchSettings
) -> SearchSettings:
    """``search`` as ``algorithm`` (max^n or paranoid) takes it for ``game``, a game of n
    players: a depth, a known evaluation (for a user's game file that names none, its
    first), a time limit and the table, none of what only two-player searches take, and
    shallow pruning only under max^n in a game that declares a constant sum. As
    :func:`fit_search`, a game too big to search to its end gets its registry's depth
    limit when it has no time limit, and a user's game file with neither gets
    :data:`FILE_GAME_SECONDS`."""
    evaluations = game.cutoff_vector_evaluations()
    evaluation = search.evaluation if search.evaluation in evaluations else None
    depth, budget = search.depth, search.time_budget
    spec = find_game(name) if name is not None else None
    if evaluation is None and spec is None:
        # As fit_search: a user's game may have no evaluation of its own; its cutoffs
        # then take "none" (an equal share for each), so each finished depth gives a move.
        evaluation = next(iter(evaluations))
    if depth is None and budget is None:
        if spec is None:
            budget = FILE_GAME_SECONDS
        elif not spec.searchable_to_end:
            depth = spec.default_search.depth or DEPTH_RANGE[0]
    return SearchSettings(
        algorithm=algorithm,
        depth=None if depth is None else int(clamp(depth, DEPTH_RANGE)),
        time_budget=None if budget is None else clamp(budget, TIME_BUDGET_RANGE),
        evaluation=evaluation,
        shallow_pruning=search.shallow_pruning
        and algorithm is Algorithm.MAXN
        and game.utility_sum() is not None,
        strict_pruning=search.strict_pruning and algorithm.prunes,
        transposition_table=search.transposition_table,
    )


# -- storing (QSettings keeps strings and numbers) ------------------------------------


def search_to_dict(search: SearchSettings) -> dict[str, Any]:
    """``search`` as plain values, for QSettings."""
    return {
        "algorithm": search.algorithm.value,
        "depth": 0 if search.depth is None else search.depth,
        "evaluation": search.evaluation or "",
        "ordering": search.ordering.value,
        "transposition_table": int(search.transposition_table),
        "time_budget": 0.0 if search.time_budget is None else search.time_budget,
        "fail_hard": int(search.fail_hard),
        "strict_pruning": int(search.strict_pruning),
        "quiescence": int(search.quiescence),
        "iterations": 0 if search.iterations is None else search.iterations,
        "exploration": search.exploration,
        "seed": search.seed,
        "shallow_pruning": int(search.shallow_pruning),
    }


def search_from_dict(values: Mapping[str, Any], fallback: SearchSettings) -> SearchSettings:
    """Settings read back from plain values, held to what the panel offers (a settings
    file edited by hand once asked for depth 1000 while the panel showed 42); anything
    unreadable keeps ``fallback``'s."""
    try:
        depth = int(values.get("depth", 0) or 0)
        budget = float(values.get("time_budget", 0.0) or 0.0)
        if not math.isfinite(budget):
            budget = TIME_BUDGET_RANGE[1] if budget > 0 else 0.0
        algorithm = Algorithm(values.get("algorithm", fallback.algorithm.value))
        if algorithm is Algorithm.MCTS:
            iterations = int(values.get("iterations", 0) or 0)
            return mcts_search(
                iterations if iterations > 0 else None,
                budget if budget > 0 else None,
                float(values.get("exploration", DEFAULT_EXPLORATION)),
                int(values.get("seed", 0) or 0),
            )
        fail_hard = algorithm is Algorithm.ALPHABETA and str(values.get("fail_hard", "0")) not in (
            "0",
            "false",
        )
        return SearchSettings(
            algorithm=algorithm,
            depth=int(clamp(depth, DEPTH_RANGE)) if depth > 0 else None,
            evaluation=str(values.get("evaluation") or "") or None,
            ordering=Ordering(values.get("ordering", fallback.ordering.value)),
            transposition_table=str(values.get("transposition_table", "1")) not in ("0", "false"),
            time_budget=clamp(budget, TIME_BUDGET_RANGE) if budget > 0 else None,
            fail_hard=fail_hard,
            # Fail-soft by nature: fail-hard, when both were stored, wins.
            strict_pruning=algorithm.prunes
            and not fail_hard
            and str(values.get("strict_pruning", "0")) not in ("0", "false"),
            quiescence=str(values.get("quiescence", "0")) not in ("0", "false")
            and (depth > 0 or budget > 0),
            shallow_pruning=algorithm is Algorithm.MAXN
            and str(values.get("shallow_pruning", "0")) not in ("0", "false"),
        )
    except (ValueError, TypeError, OverflowError):  # SettingsError is a ValueError
        return fallback


def _mcts_side(search: SearchSettings) -> SearchSettings:
    """The MCTS of Compare MCTS: the AI's own, when it plays MCTS; else
    :data:`DEFAULT_ITERATIONS` with seed 0."""
    if search.algorithm is Algorithm.MCTS:
        return fit_mcts(search)
    return mcts_search(DEFAULT_ITERATIONS, None, DEFAULT_EXPLORATION, 0)


def _minimax_kin(search: SearchSettings, wanted: Algorithm) -> bool:
    """Whether the AI's ``search`` is the minimax side ``wanted`` (alpha-beta, or
    expectiminimax), or its pruning twin Star1, whose depth and evaluation it keeps."""
    if wanted is Algorithm.EXPECTIMINIMAX:
        return search.algorithm in (Algorithm.EXPECTIMINIMAX, Algorithm.STAR1)
    return search.algorithm is wanted


def compare_file_searches(
    game: Game[Any, Any], search: SearchSettings
) -> tuple[SearchSettings, SearchSettings]:
    """:func:`compare_searches` for a game file's or an OpenSpiel game, whose size is
    unknown: the minimax side with no time budget (the AI's, when it has a depth limit
    and no time limit; else with the game's first evaluation, to a depth that the
    comparison finds first where :func:`~gamesearch_gui.core.review.finds_depth` says
    so, as a review finds it), and MCTS as the AI plays it or with
    :data:`DEFAULT_ITERATIONS` and seed 0. GameError, in words, for a game that declares
    no utility bounds: MCTS scales its rewards by them."""
    try:
        game.utility_bounds()
    except GameError:
        raise GameError(
            f"{game.title} does not declare utility_bounds(): MCTS scales each playout's "
            "result by the game's lowest and highest utility (docs/your-code.md)"
        ) from None
    wanted = exact_algorithm(game)
    fallback = review_fallback(game)
    mine = _minimax_kin(search, wanted) and search.time_budget is None
    minimax = SearchSettings(
        wanted,
        depth=search.depth if mine else fallback.depth,
        evaluation=search.evaluation if mine else fallback.evaluation,
        ordering=search.ordering if mine else fallback.ordering,
    )
    return minimax, _mcts_side(search)


def compare_searches(
    config: PlayConfig, game: Game[Any, Any]
) -> tuple[SearchSettings, SearchSettings]:
    """The minimax side and the MCTS that Game > Compare MCTS sets side by side in
    ``config``'s ``game``: each as the AI plays it, when it is the AI's algorithm (Star1
    as expectiminimax, its values exact); else the game's own search (to the end where
    the whole game can be searched, else to its default depth) and MCTS with
    :data:`DEFAULT_ITERATIONS` and seed 0. The minimax side is alpha-beta, or
    expectiminimax in a game of chance
    (:func:`~gamesearch_gui.core.review.exact_algorithm`), with no time budget: how deep
    it went must not hang on the machine's speed."""
    search = config.search
    spec = config.spec
    wanted = exact_algorithm(game)
    base = search if _minimax_kin(search, wanted) else default_settings(spec)
    if not _minimax_kin(base, wanted):
        base = SearchSettings(wanted, depth=base.depth)
    depth = base.depth
    if not spec.searchable_to_end and (depth is None or base.time_budget is not None):
        # The time budget stopped the AI's deepening early; without it, the game's own
        # depth, not the AI's ceiling (Connect Four to 30 plies would take hours).
        fallback = spec.default_search.depth
        depth = fallback if depth is None or fallback is None else min(depth, fallback)
    minimax = replace(
        base,
        algorithm=wanted,
        depth=depth,
        time_budget=None,
        strict_pruning=base.strict_pruning and wanted.prunes,
        quiescence=base.quiescence and depth is not None,
    )
    return minimax, _mcts_side(search)
