"""What shapes one search: the algorithm, the ordering, and every setting, as one value.

:class:`SearchSettings` is immutable and checks itself as it is made;
:func:`check_settings` says whether settings fit a game and a position, and
:func:`default_settings` makes the settings a game's spec names in plain words (the
games sit below the search and never import it). Nothing here searches.
"""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass
from typing import TYPE_CHECKING
from typing import Final

from gamesearch_gui.core.game import NO_EVALUATION
from gamesearch_gui.core.game import A
from gamesearch_gui.core.game import Game
from gamesearch_gui.core.game import GameError
from gamesearch_gui.core.game import S
from gamesearch_gui.core.search.maxn import vector_problem
from gamesearch_gui.core.search.mcts import DEFAULT_EXPLORATION
from gamesearch_gui.core.search.mcts import MAX_EXPLORATION
from gamesearch_gui.core.search.mcts import MAX_ITERATIONS
from gamesearch_gui.core.search.mcts import Playout
from gamesearch_gui.core.search.mcts import check_uct

if TYPE_CHECKING:
    from gamesearch_gui.core.games.registry import GameSpec

#: Deepest depth limit a search accepts: each ply is two Python frames, and no game here
#: needs more (a drawn tree is at most 200 levels deep).
MAX_SEARCH_DEPTH: Final = 1000


class Algorithm(enum.Enum):
    """Which search to run."""

    MINIMAX = "minimax"
    ALPHABETA = "alphabeta"
    EXPECTIMINIMAX = "expectiminimax"
    STAR1 = "star1"
    MCTS = "mcts"  #: Monte Carlo tree search (UCT), in :mod:`gamesearch_gui.core.search.mcts`
    MAXN = "maxn"  #: max^n for n players, in :mod:`gamesearch_gui.core.search.maxn`
    #: all others against the root player: alpha-beta on its share (core/search/maxn.py)
    PARANOID = "paranoid"

    @property
    def handles_chance(self) -> bool:
        """True for the algorithms that know chance nodes."""
        return self in (
            Algorithm.EXPECTIMINIMAX,
            Algorithm.STAR1,
            Algorithm.MCTS,
            Algorithm.MAXN,
            Algorithm.PARANOID,
        )

    @property
    def prunes(self) -> bool:
        """True for the algorithms that cut with an (alpha, beta) window."""
        return self in (Algorithm.ALPHABETA, Algorithm.STAR1, Algorithm.PARANOID)

    @property
    def handles_players(self) -> bool:
        """True for the algorithms that search games of more than two players."""
        return self in (Algorithm.MAXN, Algorithm.PARANOID)

    @property
    def title(self) -> str:
        """The algorithm as a person reads it, with a gloss where the name alone says
        little ("Star1 (expectiminimax with chance pruning)"), as the help gives it;
        :attr:`short_title` is what the window's boxes and statistics show, ``value``
        the command line's name."""
        return ALGORITHM_TITLES[self]

    @property
    def short_title(self) -> str:
        """The title without the gloss it has in brackets ("Star1", not "Star1
        (expectiminimax with chance pruning)"): what the algorithm boxes and the
        statistics show, where a closed box at 1366×768 cut the whole title."""
        return self.title.split(" (")[0]


class Ordering(enum.Enum):
    """In what order a node's moves are searched."""

    NONE = "none"  #: the game's natural order (a drawn tree's drawn order)
    STATIC = "static"  #: the game's static heuristic (a drawn tree: by ``eval``)
    PREVIOUS_BEST = "previous-best"  #: the best move found for that position before first

    @property
    def title(self) -> str:
        """The ordering as a person reads it ("Static heuristic")."""
        return ORDERING_TITLES[self]


#: What each algorithm is called on screen (:attr:`Algorithm.title`).
ALGORITHM_TITLES: Final = {
    Algorithm.MINIMAX: "Minimax",
    Algorithm.ALPHABETA: "Alpha-beta",
    Algorithm.EXPECTIMINIMAX: "Expectiminimax",
    Algorithm.STAR1: "Star1 (expectiminimax with chance pruning)",
    Algorithm.MCTS: "Monte Carlo tree search (UCT)",
    Algorithm.MAXN: "Max^n",
    Algorithm.PARANOID: "Paranoid",
}
#: What each move ordering is called on screen (:attr:`Ordering.title`).
ORDERING_TITLES: Final = {
    Ordering.NONE: "None (natural order)",
    Ordering.STATIC: "Static heuristic",
    Ordering.PREVIOUS_BEST: "Previous best first",
}


class SettingsError(GameError):
    """Search settings that are impossible, or that do not fit the game."""


@dataclass(frozen=True, slots=True)
class SearchSettings:
    """Everything that shapes one search, as one immutable value.

    ``depth`` None means to the end of the game; ``evaluation`` None means the game's
    first (default) evaluation; a ``time_budget`` (seconds) switches to iterative
    deepening up to ``depth``; ``node_cap`` stops the search after that many nodes.
    ``exact_root_values`` searches every root move with the full window, so each gets
    its exact value (for hints and move labels), at the price of less pruning there.
    ``fail_hard`` (alpha-beta only) returns from each MAX or MIN node its window's edge
    instead of a value outside it: alpha when it fails low, beta when it fails high, as
    the lecture pseudo-code that returns alpha or beta does. The root's value, its best
    move and every cutoff are the same as fail-soft's (R&N Figure 5.7); the values inner
    nodes return are not.
    ``strict_pruning`` (the searches that prune) cuts only past the window's edge: at MAX
    when v > beta, at MIN when v < alpha, as UC Berkeley CS188 writes alpha-beta; off (the
    default) a value equal to the edge cuts too, as the textbook's v >= beta, v <= alpha.
    The root's value and best move are the same under both; the strict rule searches
    every node the other does, and sometimes more. It is fail-soft: fail-hard's edge
    values would be read as exact under it.
    ``quiescence`` keeps searching past the depth limit where the position is not quiet,
    along the game's noisy moves only (:meth:`Game.noisy_actions`), at most
    ``QUIESCENCE_PLIES`` plies further; it needs a depth limit (or deepening) to extend.
    Where the game says a side may stand pat (:attr:`Game.quiescence_stands_pat`, chess),
    the evaluation there is a choice besides the noisy moves.

    ``iterations``, ``exploration`` (UCB1's C), ``seed`` and ``playout`` belong to
    ``Algorithm.MCTS``, which takes an iteration count, a time budget or both (it stops
    at the first reached), and no depth, evaluation, ordering or table: its playouts
    run to the end of the game.

    ``shallow_pruning`` (max^n only) cuts where a game's declared constant sum shows that
    the parent's mover will not choose a node (core/search/maxn.py). Max^n and the paranoid
    search take a depth, an evaluation, a time budget (deepening one ply at a time, as
    the two-player searches do), a transposition table and a node cap, and none of the
    other options.
    """

    algorithm: Algorithm = Algorithm.ALPHABETA
    depth: int | None = None
    evaluation: str | None = None
    ordering: Ordering = Ordering.NONE
    transposition_table: bool = False
    time_budget: float | None = None
    node_cap: int | None = None
    exact_root_values: bool = False
    fail_hard: bool = False
    strict_pruning: bool = False
    quiescence: bool = False
    iterations: int | None = None
    exploration: float = DEFAULT_EXPLORATION
    seed: int = 0
    playout: Playout = Playout.RANDOM
    shallow_pruning: bool = False

    def __post_init__(self) -> None:
        if self.depth is not None and (
            isinstance(self.depth, bool) or not 1 <= self.depth <= MAX_SEARCH_DEPTH
        ):
            raise SettingsError(
                f"depth must be a whole number from 1 to {MAX_SEARCH_DEPTH}, not {self.depth}"
            )
        if self.time_budget is not None and not (
            math.isfinite(self.time_budget) and self.time_budget > 0
        ):
            raise SettingsError(
                f"time budget must be a positive number of seconds, not {self.time_budget}"
            )
        if self.node_cap is not None and self.node_cap < 1:
            raise SettingsError(f"node cap must be at least 1, not {self.node_cap}")
        if self.fail_hard and self.algorithm is not Algorithm.ALPHABETA:
            raise SettingsError(
                f"fail-hard is a variant of alpha-beta, not of {self.algorithm.value}"
            )
        self._check_strict()
        self._check_mcts()
        self._check_players()
        if self.quiescence and self.depth is None and not self.iterative:
            raise SettingsError(
                "quiescence search goes on past a depth limit: give a depth limit too"
            )

    def _check_strict(self) -> None:
        """The strict rule belongs to the searches that prune, fail-soft."""
        if not self.strict_pruning:
            return
        if not self.algorithm.prunes:
            raise SettingsError(
                f"strict pruning is a rule of the searches that prune (alphabeta, star1, "
                f"paranoid): {self.algorithm.value} prunes nothing"
            )
        if self.fail_hard:
            raise SettingsError(
                "strict pruning is fail-soft: fail-hard returns α or β, which the strict "
                "rule would read as an exact value; choose one of the two"
            )

    def _check_mcts(self) -> None:
        """The MCTS fields: valid under MCTS, at their defaults under any other search."""
        if self.algorithm is not Algorithm.MCTS:
            if (
                self.iterations is not None
                or self.exploration != DEFAULT_EXPLORATION
                or self.seed != 0
                or self.playout is not Playout.RANDOM
            ):
                raise SettingsError(
                    "iterations, exploration, seed and playout belong to mcts, "
                    f"not to {self.algorithm.value}"
                )
            return
        for what, unwanted in (
            ("depth limit", self.depth is not None),
            ("evaluation function", self.evaluation is not None),
            ("move ordering", self.ordering is not Ordering.NONE),
            ("transposition table", self.transposition_table),
            ("quiescence search", self.quiescence),
        ):
            if unwanted:
                raise SettingsError(
                    f"mcts takes no {what}: its playouts run to the end of the game"
                )
        if self.iterations is None and self.time_budget is None:
            raise SettingsError("mcts needs a number of iterations or a time budget")
        if self.iterations is not None and (
            isinstance(self.iterations, bool) or not 1 <= self.iterations <= MAX_ITERATIONS
        ):
            raise SettingsError(
                f"iterations must be a whole number from 1 to {MAX_ITERATIONS}, "
                f"not {self.iterations}"
            )
        if isinstance(self.exploration, bool) or not (0 <= self.exploration <= MAX_EXPLORATION):
            raise SettingsError(
                f"the exploration constant must be a number from 0 to {MAX_EXPLORATION:g}, "
                f"not {self.exploration}"
            )
        if isinstance(self.seed, bool) or not isinstance(self.seed, int):
            raise SettingsError(f"the seed must be a whole number, not {self.seed!r}")

    def _check_players(self) -> None:
        """Max^n and paranoid take no ordering, root window or quiescence; shallow
        pruning belongs to max^n."""
        if self.shallow_pruning and self.algorithm is not Algorithm.MAXN:
            raise SettingsError(f"shallow pruning belongs to maxn, not to {self.algorithm.value}")
        if not self.algorithm.handles_players:
            return
        for what, unwanted in (
            ("move ordering", self.ordering is not Ordering.NONE),
            ("exact root values", self.exact_root_values),
            ("quiescence search", self.quiescence),
        ):
            if unwanted:
                raise SettingsError(f"{self.algorithm.value} takes no {what}")

    @property
    def iterative(self) -> bool:
        """True when the search deepens one ply at a time."""
        if self.algorithm is Algorithm.MCTS:
            return False
        return self.time_budget is not None or self.ordering is Ordering.PREVIOUS_BEST

    @property
    def convention(self) -> str:
        """Which values alpha-beta returns, as people name it: "fail-hard" (alpha or
        beta) or "fail-soft" (the node's own best), followed by ", strict rule" under the
        strict pruning rule (which Star1 and paranoid name alone); "" otherwise."""
        named = []
        if self.algorithm is Algorithm.ALPHABETA:
            named.append("fail-hard" if self.fail_hard else "fail-soft")
        if self.strict_pruning:
            named.append("strict rule")
        return ", ".join(named)

    @property
    def pruning_rule(self) -> str:
        """Which values cut, as people name the rule: "strict" (only past beta or alpha,
        CS188) or "equal values" (at beta or alpha too, the textbook's); "" for the
        searches that do not prune."""
        if not self.algorithm.prunes:
            return ""
        return "strict" if self.strict_pruning else "equal values"


def default_settings(spec: GameSpec) -> SearchSettings:
    """The search ``spec`` offers a first-time player (its ``default_search``, in plain
    words), as settings: the window's defaults for the game, and ``solve --game``'s."""
    chosen = spec.default_search
    return SearchSettings(
        Algorithm(chosen.algorithm),
        depth=chosen.depth,
        ordering=Ordering(chosen.ordering),
        transposition_table=chosen.transposition_table,
        time_budget=chosen.time_budget,
        shallow_pruning=chosen.shallow_pruning,
    )


def check_settings(game: Game[S, A], state: S, settings: SearchSettings) -> None:
    """Raise SettingsError when ``settings`` cannot search ``game`` from ``state``."""
    algorithm = settings.algorithm
    _check_algorithm_fits(game, algorithm)
    if algorithm is Algorithm.MCTS:
        # Playouts end the game whatever its length: no evaluation, no depth to check.
        problem = check_uct(game, settings.playout)
        if problem:
            raise SettingsError(problem)
        return
    if algorithm.handles_players:
        problem = vector_problem(game, shallow=settings.shallow_pruning)
        if problem:
            raise SettingsError(problem)
    names = _check_evaluation(game, settings)
    _check_cutoffs(game, state, settings, names)
    if algorithm is Algorithm.STAR1:
        _check_star1_bounds(game, settings)


def _check_algorithm_fits(game: Game[S, A], algorithm: Algorithm) -> None:
    """The algorithm knows the game's kind: its number of players, its chance nodes."""
    n = len(game.players)
    if n != 2 and not algorithm.handles_players:
        raise SettingsError(
            f"{game.title} has {n} players: use maxn or paranoid, not {algorithm.value}"
        )
    if game.has_chance and not algorithm.handles_chance:
        raise SettingsError(
            f"{game.title} has chance nodes: use expectiminimax or star1, not {algorithm.value}"
        )


def _check_evaluation(game: Game[S, A], settings: SearchSettings) -> list[str]:
    """The named evaluation, and quiescence, are the game's; the names of its cutoff
    evaluations (one value, or one per player past two players)."""
    two_players = len(game.players) == 2
    evaluations = game.cutoff_evaluations() if two_players else game.cutoff_vector_evaluations()
    names = list(evaluations)
    if settings.evaluation is not None and settings.evaluation not in names:
        known = ", ".join(names)
        raise SettingsError(
            f"{game.title} has no evaluation {settings.evaluation!r} (it has: {known})"
        )
    if settings.quiescence and not game.has_quiescence:
        raise SettingsError(
            f"{game.title} does not say which positions are quiet, so it has no quiescence search"
        )
    return names


def _check_cutoffs(game: Game[S, A], state: S, settings: SearchSettings, names: list[str]) -> None:
    """A search that can be cut off has an evaluation to cut with, and one that cannot
    ends: a game that can go on forever needs a depth limit or a time budget."""
    plies = game.max_plies(state)
    # A cutoff that can be reached needs an evaluation; a finite game without one is
    # searched to its end even when deepening was asked for (see DepthFirst.run).
    cutoffs = (settings.depth is not None and (plies is None or settings.depth < plies)) or (
        settings.iterative and plies is None
    )
    if cutoffs and settings.evaluation is None and len(names) < 2:
        raise SettingsError(
            f"a depth cutoff needs an evaluation function (a drawn tree: an 'eval' on its "
            f"inner nodes), and {game.title} has none; name the evaluation "
            f"'{NO_EVALUATION}' for 0 at every cutoff"
        )
    if plies is None and settings.depth is None and settings.time_budget is None:
        raise SettingsError(f"{game.title} can go on forever: give a depth limit or a time budget")


def _check_star1_bounds(game: Game[S, A], settings: SearchSettings) -> None:
    """Star1 prunes with the game's utility bounds: finite, and holding a 0 evaluation."""
    low, high = game.utility_bounds()
    if not (math.isfinite(low) and math.isfinite(high) and low <= high):
        raise SettingsError(f"star1 needs finite utility bounds, not [{low}, {high}]")
    if settings.evaluation == NO_EVALUATION and not low <= 0 <= high:
        raise SettingsError(
            f"the evaluation '{NO_EVALUATION}' gives 0, outside the value bounds "
            f"[{low}, {high}] that star1 prunes with"
        )
