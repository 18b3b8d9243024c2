"""A game reviewed move by move: each position's value, its best move and line, what the
move played cost the side that made it, and a mark for the costly ones.

Every position before a move is searched once, with ``exact_root_values`` (each root move
gets the full window, so the value of every move is exact, not a bound): the search's
value is the position's value, its best move and principal variation the better line,
and the played move's value is read from the same search. The loss is best minus played
from the mover's point of view, so it is never negative and is 0 for a best move (ties
included). A chance position (a die to roll) is valued, and nobody is charged for it.

Values are from the first player's (MAX's) point of view and lie on the game's scale,
its utility bounds (:func:`review_scale`): a forced win is the top of the scale, a forced
loss the bottom, and a value beyond it (chess's mate, against evaluations in pawns) is
drawn and counted at the edge. A loss is marked by its share of the scale's width:
:data:`THRESHOLDS` (docs/play.md states them).

Games of chance are reviewed with expectiminimax (their values are expected values;
Star1 gives the same, but cuts some moves' values to bounds); MCTS's values are win
rates estimated from random playouts, different from run to run and no move's exact
value, so a review of MCTS settings searches with alpha-beta instead, and says so.

Games of more than two players are reviewed with max^n (every player choosing its own
best): a position's value is then a vector, a utility per player, and a move's loss is
its mover's own, the mover's share of the best move's vector less its share of the
played move's, on the same scale.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import replace
from typing import Any
from typing import Final

from gamesearch_gui.core.game import Game
from gamesearch_gui.core.game import GameError
from gamesearch_gui.core.game import Player
from gamesearch_gui.core.games import UnknownGameError
from gamesearch_gui.core.games import find_game
from gamesearch_gui.core.root_values import root_values
from gamesearch_gui.core.root_values import root_vectors
from gamesearch_gui.core.search import ALGORITHM_TITLES
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import CancelToken
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import StopReason
from gamesearch_gui.core.search import default_settings
from gamesearch_gui.core.search import search

#: The scale's top for games whose utilities dwarf their evaluations: chess's mate is
#: 100,000 against evaluations in pawns, so ten pawns is the top of its scale.
SCALE_TOPS: Final[dict[str, float]] = {"chess": 10.0}
#: The depth a review searches to when the settings it was given have none it can use
#: (MCTS's, or a time budget with no depth, in a game with no default depth).
FALLBACK_DEPTH: Final = 4


#: The most nodes the search of a game's first position may take, at the depth a review
#: finds for a game of unknown size (:func:`found_depth`): counted in nodes, not seconds,
#: so that a game gets the same depth on any machine, however busy.
DEPTH_NODES: Final = 50_000
#: The deepest a found depth goes (the review's depth box goes no deeper).
MOST_FOUND_DEPTH: Final = 12


#: The note's words while the depth is being found; :func:`depth_words` replaces them.
FINDING_NOTE: Final = (
    f"the depth is found first: the deepest (up to {MOST_FOUND_DEPTH}) whose search of the "
    f"first position stays within {DEPTH_NODES:,} nodes (the game's size is unknown)"
)


class ReviewError(GameError):
    """A game that cannot be reviewed (no move played, no utility bounds)."""


class ReviewCancelled(GameError):
    """The review was cancelled before it ended."""


class Mark(enum.Enum):
    """How costly a move was, by its loss's share of the scale (:data:`THRESHOLDS`)."""

    NONE = ""
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"

    @property
    def plural(self) -> str:
        """The mark's name for several: "inaccuracies", "mistakes", "blunders"."""
        return "inaccuracies" if self is Mark.INACCURACY else f"{self.value}s"

    @property
    def symbol(self) -> str:
        """The sign chess annotators use: ?! an inaccuracy, ? a mistake, ?? a blunder."""
        return {"": "", "inaccuracy": "?!", "mistake": "?", "blunder": "??"}[self.value]


#: The least loss, as a share of the scale's width (top minus bottom), that earns each
#: mark; the largest mark reached is the move's. Tic-tac-toe's scale is -1 to 1 (width
#: 2): a missed win (1 to 0) loses half the width, a blunder.
THRESHOLDS: Final[tuple[tuple[Mark, float], ...]] = (
    (Mark.BLUNDER, 0.20),
    (Mark.MISTAKE, 0.10),
    (Mark.INACCURACY, 0.05),
)
MARKS: Final = (Mark.INACCURACY, Mark.MISTAKE, Mark.BLUNDER)


def mark_of(loss: float, scale: tuple[float, float]) -> Mark:
    """The mark a move that lost ``loss`` earns on ``scale``."""
    width = scale[1] - scale[0]
    for mark, share in THRESHOLDS:
        if loss >= share * width - 1e-12:
            return mark
    return Mark.NONE


def review_scale(game: Game[Any, Any]) -> tuple[float, float]:
    """The bottom and top of ``game``'s scale: its utility bounds, or plus and minus
    :data:`SCALE_TOPS`'s figure for a game whose utilities dwarf its evaluations.
    ReviewError for a game that declares no bounds (a game file may leave them out)."""
    top = SCALE_TOPS.get(getattr(game, "name", ""))
    if top is not None:
        return (-top, top)
    try:
        return game.utility_bounds()
    except GameError:
        raise ReviewError(
            f"{game.title} does not declare utility_bounds(): a review draws each value and "
            "marks each move's loss on the game's scale, from its lowest utility to its "
            "highest (docs/your-code.md)"
        ) from None


def clamp(value: float, scale: tuple[float, float]) -> float:
    """``value`` kept within ``scale`` (a forced win beyond it is drawn at the top)."""
    return min(max(value, scale[0]), scale[1])


def review_fallback(game: Game[Any, Any]) -> SearchSettings:
    """The game's own search, which a review sees no less far than: a built-in game's
    default search; for a game file or an OpenSpiel game (their size is unknown, and
    their AI deepens against a clock) alpha-beta (expectiminimax with chance, max^n with
    more than two players) to :data:`FALLBACK_DEPTH` with the game's first evaluation."""
    own = _registry_search(game)
    if own is not None:
        return own
    algorithm = exact_algorithm(game)
    evaluation = first_evaluation(game, algorithm)
    return SearchSettings(algorithm, depth=FALLBACK_DEPTH, evaluation=evaluation)


def first_evaluation(game: Game[Any, Any], algorithm: Algorithm) -> str:
    """The game's first evaluation of the kind ``algorithm`` cuts off with: a vector one
    under max^n and the paranoid search, else one number ("none" when the game has no
    evaluation of its own)."""
    if algorithm.handles_players:
        return next(iter(game.cutoff_vector_evaluations()))
    return next(iter(game.cutoff_evaluations()))


def exact_algorithm(game: Game[Any, Any]) -> Algorithm:
    """The search a review of ``game`` values every move with, exactly: max^n with more
    than two players, expectiminimax with chance (Star1's pruning there would leave some
    moves' values as bounds), else alpha-beta."""
    if len(game.players) > 2:
        return Algorithm.MAXN
    return Algorithm.EXPECTIMINIMAX if game.has_chance else Algorithm.ALPHABETA


def finds_depth(game: Game[Any, Any], asked: SearchSettings) -> bool:
    """Whether a review of ``game`` finds its depth (:func:`found_depth`) before it
    starts: a game of no registry entry (a game file's, an OpenSpiel game's, whose size
    is unknown) whose AI gave no depth of its own (it deepened against a clock, or
    played MCTS)."""
    if _registry_search(game) is not None:
        return False
    return asked.algorithm is Algorithm.MCTS or asked.time_budget is not None or asked.depth is None


def _registry_search(game: Game[Any, Any]) -> SearchSettings | None:
    """A built-in game's default search; None for a game of no registry entry."""
    try:
        return default_settings(find_game(game.name))
    except UnknownGameError:
        return None


def found_depth(
    game: Game[Any, Any],
    state: Any,
    settings: SearchSettings,
    *,
    cancel: CancelToken | None = None,
) -> tuple[int, bool]:
    """The depth a review of a game of unknown size searches every position to (and
    Compare MCTS its minimax side): the deepest, up to :data:`MOST_FOUND_DEPTH`, whose
    search of ``state`` (the review's first position) with ``settings`` stays within
    their node cap (:data:`DEPTH_NODES` when they have none); at least 1. True beside
    it when no line of that search reached the depth (every line ended above it: a
    deeper search is the same search). The table is left out while it looks, so that
    what the table cut short is not taken for the end of a line."""
    nodes = settings.node_cap or DEPTH_NODES
    plain = replace(settings, transposition_table=False)
    depth = 1
    for tried in range(1, MOST_FOUND_DEPTH + 1):
        result = search(game, state, replace(plain, depth=tried, node_cap=nodes), cancel=cancel)
        if result.stop_reason is StopReason.CANCELLED:
            raise ReviewCancelled("the review was cancelled")
        # The cap is looked at every few hundred nodes: the count says it too.
        if result.stop_reason is StopReason.NODE_CAP or result.stats.nodes > nodes:
            break
        depth = tried
        if result.stats.max_depth < tried:
            return max(1, result.stats.max_depth), True
    return depth, False


def depth_words(depth: int, ended: bool) -> str:
    """The note's words for a depth :func:`found_depth` found."""
    if ended:
        return f"to depth {depth}, where every line of the first position's search ended"
    return (
        f"to depth {depth}, the deepest (up to {MOST_FOUND_DEPTH}) whose search of the "
        f"first position stays within {DEPTH_NODES:,} nodes, so that every value is "
        "comparable (the game's size is unknown)"
    )


def review_settings(
    game: Game[Any, Any], asked: SearchSettings, fallback: SearchSettings
) -> tuple[SearchSettings, str]:
    """The settings a review searches every position with, from the ``asked`` ones (the
    AI's), and a note that says what was changed and why ("" for nothing worth saying).

    ``fallback`` is the game's default search, used where ``asked`` is MCTS's. The review
    searches to a fixed depth (a time budget would give each position a different depth),
    never shallower than ``fallback``'s (a review that sees no further than a weak AI
    cannot show it its mistakes), with no node cap, and every root move with the full
    window.
    """
    notes = []
    settings = asked
    if asked.algorithm is Algorithm.MCTS:
        settings = fallback
        notes.append(
            "MCTS's values are win rates estimated from random playouts: they change from "
            "run to run and are no move's exact value, so the review searches with "
            f"{ALGORITHM_TITLES[exact_algorithm(game)].lower()} instead"
        )
    depth = settings.depth
    finding = finds_depth(game, asked)
    if finding:
        depth = FALLBACK_DEPTH  # until the review's engine process has found it
        notes.append(FINDING_NOTE)
    elif settings.time_budget is not None:
        # The budget stopped the AI's deepening early; without it, no deeper than the
        # game's own depth (Connect Four to 30 plies would take hours).
        if depth is None:
            depth = fallback.depth or FALLBACK_DEPTH
        elif fallback.depth is not None:
            depth = min(depth, fallback.depth)
        notes.append(
            f"no time budget: every position is searched to depth {depth}, so that every "
            "value is comparable"
        )
    if not finding and depth is not None and (fallback.depth is None or depth < fallback.depth):
        depth = fallback.depth
        notes.append(
            f"to {'the end' if depth is None else f'depth {depth}'}, the game's own search, "
            f"not the AI's depth {settings.depth}: the review sees further than the AI did"
        )
    if len(game.players) > 2:
        return _vector_settings(settings, depth, notes)
    if game.has_chance:
        algorithm = Algorithm.EXPECTIMINIMAX
        if settings.algorithm is Algorithm.STAR1:
            notes.append("expectiminimax, not Star1: the same values, and every move's value exact")
    else:
        algorithm = settings.algorithm
    reviewed = SearchSettings(
        algorithm,
        depth=depth,
        evaluation=settings.evaluation,
        ordering=settings.ordering,
        transposition_table=settings.transposition_table,
        exact_root_values=True,
        quiescence=settings.quiescence,
    )
    return reviewed, "; ".join(notes)


def _vector_settings(
    settings: SearchSettings, depth: int | None, notes: list[str]
) -> tuple[SearchSettings, str]:
    """:func:`review_settings` for a game of more than two players: max^n, each player
    choosing its own best, with every move's vector exact (no shallow pruning)."""
    if settings.algorithm is Algorithm.PARANOID:
        notes.append(
            "max^n, not paranoid: paranoid values a position for one player only, as if "
            "the others all played against it; max^n gives each player's own value"
        )
    elif settings.shallow_pruning:
        notes.append("without shallow pruning, so that every move's values are exact")
    reviewed = SearchSettings(
        Algorithm.MAXN,
        depth=depth,
        evaluation=settings.evaluation,
        transposition_table=settings.transposition_table,
    )
    return reviewed, "; ".join(notes)


@dataclass(frozen=True, slots=True)
class PositionReview:
    """One position of the game, before its move: its value, the best move and line, and
    the move played with its value and loss (None at a chance position or at the end)."""

    mover: Player
    value: float  #: the position's value, MAX's view, as the search found it
    best_text: str  #: "" at a chance position or at the end
    line: tuple[str, ...]  #: the principal variation, as move texts from here
    best_move: Any
    played_move: Any
    played_text: str
    played_value: float | None
    loss: float | None  #: best minus played, the mover's view; never negative
    mark: Mark
    nodes: int
    #: Who chose the move played here, an index into the game's players (0: MAX, 1: MIN
    #: in a game of two); None at a chance position or at the end.
    seat: int | None = None
    #: More than two players: the position's vector, a utility per player (``value`` is
    #: the first player's), and the played move's (``played_value`` is the mover's).
    values: tuple[float, ...] = ()
    played_values: tuple[float, ...] = ()

    @property
    def decided(self) -> bool:
        """True when a player (not chance) chose the move played here."""
        return self.loss is not None


def review_position(
    game: Game[Any, Any],
    state: Any,
    played: Any,
    settings: SearchSettings,
    *,
    cancel: CancelToken | None = None,
) -> PositionReview:
    """Search ``state`` with ``settings`` (made by :func:`review_settings`) and judge the
    move ``played`` there (None: the position the game ended in, or where it stands).

    ReviewCancelled when ``cancel`` stops the search. With more than two players the
    values are vectors (max^n's), ``value`` is the first player's share, and the loss
    is the mover's own: its share of the best move's vector less that of the move played."""
    scale = review_scale(game)
    many = len(game.players) > 2
    if game.is_terminal(state):
        vector = tuple(game.utilities(state)) if many else ()
        value = vector[0] if many else game.utility(state)
        return PositionReview(
            Player.MAX, value, "", (), None, None, "", None, None, Mark.NONE, 0, values=vector
        )
    result = search(game, state, settings, cancel=cancel)
    if result.stop_reason is StopReason.CANCELLED:
        raise ReviewCancelled("the review was cancelled")
    assert result.value is not None  # a finished search of a live position has one
    vector = tuple(result.values or ()) if many else ()
    value = vector[0] if many else result.value
    mover = game.to_move(state)
    played_text = "" if played is None else game.move_text(state, played)
    if mover is Player.CHANCE or played is None:
        return PositionReview(
            mover, value, "", (), None, played, played_text, None, None, Mark.NONE,
            result.stats.nodes, values=vector,
        )  # fmt: skip
    seat = game.player_index(state)
    moves = _moves(game, state)
    played_vector: tuple[float, ...] = ()
    if many:
        vectors = dict(zip(moves, root_vectors(game, state, result), strict=True))
        played_vector = tuple(vectors.get(played) or ())
        best_value = vector[seat]
        played_value = played_vector[seat] if played_vector else None
    else:
        best_value = result.value
        played_value = dict(zip(moves, root_values(game, state, result), strict=True)).get(played)
    if played_value is None:
        raise ReviewError(f"{played_text} is not a legal move at {game.position_name(state)}")
    best, got = clamp(best_value, scale), clamp(played_value, scale)
    loss = max(0.0, got - best if mover is Player.MIN and not many else best - got)
    return PositionReview(
        mover,
        value,
        game.move_text(state, result.best_move),
        line_texts(game, state, result.principal_variation),
        result.best_move,
        played,
        played_text,
        played_value,
        loss,
        mark_of(loss, scale),
        result.stats.nodes,
        seat,
        vector,
        played_vector,
    )


def _moves(game: Game[Any, Any], state: Any) -> list[Any]:
    return list(game.actions(state))


def line_texts(game: Game[Any, Any], state: Any, line: Sequence[Any]) -> tuple[str, ...]:
    """A line of moves from ``state`` in the game's notation (it stops at a chance
    position or the end, where the search's line stops too)."""
    texts = []
    for move in line:
        if game.is_terminal(state) or game.to_move(state) is Player.CHANCE:
            break
        texts.append(game.move_text(state, move))
        state = game.result(state, move)
    return tuple(texts)


@dataclass(frozen=True, slots=True)
class SideSummary:
    """One side's moves: how many, their average loss, and how many earned each mark."""

    seat: int  #: the side, an index into the game's players (0: MAX, 1: MIN in a game of two)
    moves: int
    average_loss: float
    counts: tuple[tuple[Mark, int], ...]  #: for each of :data:`MARKS`

    def count(self, mark: Mark) -> int:
        """How many of the side's moves earned ``mark``."""
        return dict(self.counts).get(mark, 0)


@dataclass(frozen=True, slots=True)
class GameReview:
    """The review of a game: its settings, and a :class:`PositionReview` for every
    position from the start to the last (the last has no move played, unless the
    review was cancelled before it)."""

    settings: SearchSettings
    note: str
    scale: tuple[float, float]
    positions: tuple[PositionReview, ...]

    def graph_values(self) -> list[float]:
        """Each position's value on the scale (a forced win at its top), start first."""
        return [clamp(position.value, self.scale) for position in self.positions]

    def summary(self, seat: int) -> SideSummary:
        """What player ``seat``'s moves cost (0: MAX, 1: MIN in a game of two), and how
        many of each mark."""
        return summarise(self.positions, seat)


def summarise(positions: Sequence[PositionReview], seat: int) -> SideSummary:
    """What player ``seat``'s moves among ``positions`` cost, and how many of each mark
    (a review under way is summarised as far as it got)."""
    judged = [(p.loss, p.mark) for p in positions if p.seat == seat and p.loss is not None]
    losses = [loss for loss, _ in judged]
    marks = [mark for _, mark in judged]
    counts = tuple((mark, marks.count(mark)) for mark in MARKS)
    average = sum(losses) / len(losses) if losses else 0.0
    return SideSummary(seat, len(losses), average, counts)


def replay(game: Game[Any, Any], start: Any, moves: Sequence[Any]) -> list[Any]:
    """The positions of a game: ``start``, then the one after each move in turn.

    ReviewError naming the move when one is not legal where it is played."""
    states = [start]
    for number, move in enumerate(moves, 1):
        state = states[-1]
        if game.is_terminal(state):
            raise ReviewError(f"move {number} is played after the game ended")
        if move not in game.moves_or_outcomes(state):
            raise ReviewError(f"move {number} ({move!r}) is not legal where it is played")
        states.append(game.result(state, move))
    return states


def review_game(
    game: Game[Any, Any],
    start: Any,
    moves: Sequence[Any],
    settings: SearchSettings,
    *,
    note: str = "",
    cancel: CancelToken | None = None,
    reviewed: Callable[[int, PositionReview], None] | None = None,
) -> GameReview:
    """Review the game of ``moves`` from ``start``, every position searched with
    ``settings`` (made by :func:`review_settings`, whose ``note`` it keeps).

    ``reviewed(i, position)`` is called as each position is done. ReviewError for a game
    with no moves or no utility bounds, or a move that is not legal; ReviewCancelled."""
    check_reviewable(game, moves)
    states = replay(game, start, moves)
    positions = []
    for i, state in enumerate(states):
        played = moves[i] if i < len(moves) else None
        position = review_position(game, state, played, settings, cancel=cancel)
        positions.append(position)
        if reviewed is not None:
            reviewed(i, position)
    return GameReview(settings, note, review_scale(game), tuple(positions))


def check_reviewable(game: Game[Any, Any], moves: Sequence[Any]) -> None:
    """ReviewError, in words, for a game a review cannot judge."""
    if not moves:
        raise ReviewError("no move has been played yet: there is nothing to review")
