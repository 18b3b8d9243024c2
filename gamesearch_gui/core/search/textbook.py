"""Minimax and alpha-beta as the textbook writes them: Russell & Norvig, Figures 5.3 and 5.7.

A search runs these when none of the other features is on: two players and no chance,
nobody listening to its events, no transposition table, no quiescence, no fail-hard
values, no strict pruning rule, no previous-best ordering, no exact root values, and no
earlier iteration to follow. They are the figures' recursions with what a real search
must also keep: a cutoff with an evaluation (the textbook's H-MINIMAX, section 5.3), the
node counts, the principal variation, every root move's value, and a look at the clock,
the cancel flag and the node cap every few hundred nodes. The full recursion
(:mod:`.recursion`) searches the same tree in the same order and gives the same
values, moves and counts; a test holds the two to that.

Two habits keep them fast, and neither changes what they compute: the game's methods
are bound to local names once, and a child that is a leaf (the end of the game, or the
cutoff) is valued inside its parent's loop instead of in a call of its own. Lines that
are the figure's are marked ``# 5.3`` or ``# 5.7``; the rest is bookkeeping.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from collections.abc import Sequence
from typing import Final
from typing import Generic
from typing import cast

from gamesearch_gui.core.game import A
from gamesearch_gui.core.game import Evaluation
from gamesearch_gui.core.game import Game
from gamesearch_gui.core.game import GameError
from gamesearch_gui.core.game import Player
from gamesearch_gui.core.game import S
from gamesearch_gui.core.numbers import TIE_TOLERANCE
from gamesearch_gui.core.search.results import Bound
from gamesearch_gui.core.search.results import RootMove
from gamesearch_gui.core.search.run import SearchRun
from gamesearch_gui.core.search.settings import Algorithm
from gamesearch_gui.core.search.settings import Ordering
from gamesearch_gui.core.search.settings import SearchSettings

INF: Final = math.inf
#: How many nodes pass between two looks at the clock, the cancel flag and the node cap.
CHECK_EVERY: Final = 256
#: Plies no search reaches: the depth limit of a search to the end of the game.
NO_LIMIT: Final = 1 << 30

#: A principal variation as linked pairs (move, rest of the line), the rest another pair
#: or None: O(1) to extend. (Not written as the recursive alias it is: mypyc overflows its
#: stack on one.)
Linked = tuple[object, object] | None

_TWO_PLAYERS: Final = frozenset(
    {Algorithm.MINIMAX, Algorithm.ALPHABETA, Algorithm.EXPECTIMINIMAX, Algorithm.STAR1}
)


def applies(settings: SearchSettings, game: Game[S, A], root: S, following: bool) -> bool:
    """Whether the textbook's search gives all that ``settings`` ask of it, unobserved,
    from ``root`` (a position where the game goes on).

    ``following``: the search first follows an earlier iteration's line.
    """
    return (
        game.terminal_value(root) is None
        and settings.algorithm in _TWO_PLAYERS
        and not game.has_chance
        and not following
        and not settings.transposition_table
        and not settings.quiescence
        and not settings.fail_hard
        and not settings.strict_pruning
        and not settings.exact_root_values
        and settings.ordering is not Ordering.PREVIOUS_BEST
    )


class _Game(Generic[S, A]):
    """The game's methods and the search's limits, bound once for the recursion."""

    def __init__(self, run: SearchRun[S, A], root: S, depth: int | None) -> None:
        game = run.game
        self.game = game
        self.terminal_value = game.terminal_value
        self.to_move = game.to_move
        self.result = game.result
        static = run.settings.ordering is Ordering.STATIC
        self.actions: Callable[[S], Sequence[A]] = game.ordered_actions if static else game.actions
        self.evaluate: Evaluation[S] = run.evaluate or no_cutoff
        self.limit = depth if depth is not None else NO_LIMIT
        plies = game.max_plies(root)
        #: Room for the line of each ply, from the root to the deepest leaf.
        self.plies = (self.limit if plies is None else min(self.limit, plies)) + 2


def minimax(
    run: SearchRun[S, A], root: S, depth: int | None, root_moves: list[RootMove]
) -> tuple[float, tuple[A, ...]]:
    """Figure 5.3: MINIMAX(s) is UTILITY(s) at the end of the game (or the evaluation at
    the cutoff), else the largest of the children's values when MAX moves, the smallest
    when MIN moves. Both return the value and the principal variation, fill ``root_moves``
    and leave the counts in ``run``."""
    g = _Game(run, root, depth)
    terminal_value, to_move, result, actions = g.terminal_value, g.to_move, g.result, g.actions
    evaluate, limit, tie, checkpoint = g.evaluate, g.limit, TIE_TOLERANCE, run.checkpoint
    max_player, min_player = Player.MAX, Player.MIN
    nodes, leaves, max_ply = run.nodes, run.leaves, run.max_ply
    check_at, evaluated = nodes + 1, False
    pvs: list[Linked] = [None] * g.plies

    def value(state: S, ply: int) -> float:
        nonlocal nodes, check_at, leaves, max_ply, evaluated
        nodes += 1
        if nodes >= check_at:
            checkpoint(nodes, max(ply, max_ply))
            check_at = nodes + CHECK_EVERY
        player = to_move(state)
        if player is not max_player and player is not min_player:
            raise _chance_here(g.game, state)
        maximizing = player is max_player
        v = -INF if maximizing else INF  # 5.3
        below = ply + 1
        moves = actions(state)  # 5.3
        for i in range(len(moves)):
            move = moves[i]
            child = result(state, move)  # 5.3
            child_value = terminal_value(child)  # 5.3: UTILITY(s) if IS-TERMINAL(s)
            if child_value is None and below < limit:
                child_value = value(child, below)  # 5.3
            else:
                nodes += 1  # a leaf, valued here
                if nodes >= check_at:
                    checkpoint(nodes, max(below, max_ply))
                    check_at = nodes + CHECK_EVERY
                if child_value is None:
                    child_value = evaluate(child)  # H-MINIMAX: EVAL at the cutoff
                    evaluated = True
                leaves += 1
                pvs[below] = None
                if below > max_ply:
                    max_ply = below
            if ply == 0:
                root_moves.append(RootMove(move, child_value, Bound.EXACT))
                run.clock_armed = True
            # 5.3: the max (or min) of the children's values; the first of equals.
            if maximizing:
                if child_value > v and (
                    i == 0 or child_value - v > tie * (child_value if child_value > -v else -v)
                ):
                    v = child_value
                    pvs[ply] = (move, pvs[below])
            elif child_value < v and (
                i == 0 or v - child_value > tie * (v if v > -child_value else -child_value)
            ):
                v = child_value
                pvs[ply] = (move, pvs[below])
        return v

    try:
        found = value(root, 0)
    finally:
        run.nodes, run.leaves, run.max_ply = nodes, leaves, max_ply
        run.used_evaluation = run.used_evaluation or evaluated
    return found, cast("tuple[A, ...]", unlink(pvs[0]))


def alphabeta(
    run: SearchRun[S, A], root: S, depth: int | None, root_moves: list[RootMove]
) -> tuple[float, tuple[A, ...]]:
    """Figure 5.7: minimax's value without the children that cannot change it. A MAX node
    reaching beta (what MIN can make sure of on the path) prunes the rest; so does a MIN
    node falling to alpha (MAX's). Fail-soft: a value outside (alpha, beta) is a bound."""
    g = _Game(run, root, depth)
    terminal_value, to_move, result, actions = g.terminal_value, g.to_move, g.result, g.actions
    evaluate, limit, tie, checkpoint = g.evaluate, g.limit, TIE_TOLERANCE, run.checkpoint
    max_player, min_player = Player.MAX, Player.MIN
    nodes, leaves, cutoffs, max_ply = run.nodes, run.leaves, run.cutoffs, run.max_ply
    check_at, evaluated = nodes + 1, False
    pvs: list[Linked] = [None] * g.plies

    def value(state: S, ply: int, alpha: float, beta: float) -> float:
        nonlocal nodes, check_at, leaves, cutoffs, max_ply, evaluated
        nodes += 1
        if nodes >= check_at:
            checkpoint(nodes, max(ply, max_ply))
            check_at = nodes + CHECK_EVERY
        player = to_move(state)
        if player is not max_player and player is not min_player:
            raise _chance_here(g.game, state)
        maximizing = player is max_player
        v = -INF if maximizing else INF  # 5.7
        below = ply + 1
        moves = actions(state)  # 5.7
        count = len(moves)
        for i in range(count):
            move = moves[i]
            child = result(state, move)  # 5.7
            child_value = terminal_value(child)  # 5.7: UTILITY(s) if IS-TERMINAL(s)
            if child_value is None and below < limit:
                child_value = value(child, below, alpha, beta)  # 5.7
            else:
                nodes += 1  # a leaf, valued here
                if nodes >= check_at:
                    checkpoint(nodes, max(below, max_ply))
                    check_at = nodes + CHECK_EVERY
                if child_value is None:
                    child_value = evaluate(child)  # H-MINIMAX: EVAL at the cutoff
                    evaluated = True
                leaves += 1
                pvs[below] = None
                if below > max_ply:
                    max_ply = below
            if ply == 0:
                bound = root_bound(child_value, alpha, beta)
                root_moves.append(RootMove(move, child_value, bound))
                run.clock_armed = True
            # 5.7: if v2 > v (MIN: v2 < v), but the first of equals stays (TIE_TOLERANCE).
            if maximizing:
                if child_value > v and (
                    i == 0 or child_value - v > tie * (child_value if child_value > -v else -v)
                ):
                    v = child_value  # 5.7: v <- MAX(v, v2)
                    pvs[ply] = (move, pvs[below])
                    if v >= beta:  # 5.7: if v >= beta then return v
                        cutoffs += i + 1 < count
                        return v
                    if v > alpha:
                        alpha = v  # 5.7: alpha <- MAX(alpha, v)
            elif child_value < v and (
                i == 0 or v - child_value > tie * (v if v > -child_value else -child_value)
            ):
                v = child_value  # 5.7: v <- MIN(v, v2)
                pvs[ply] = (move, pvs[below])
                if v <= alpha:  # 5.7: if v <= alpha then return v
                    cutoffs += i + 1 < count
                    return v
                if v < beta:
                    beta = v  # 5.7: beta <- MIN(beta, v)
        return v

    try:
        found = value(root, 0, -INF, INF)
    finally:
        run.nodes, run.leaves, run.cutoffs, run.max_ply = nodes, leaves, cutoffs, max_ply
        run.used_evaluation = run.used_evaluation or evaluated
    return found, cast("tuple[A, ...]", unlink(pvs[0]))


def root_bound(value: float, alpha: float, beta: float, *, strict: bool = False) -> Bound:
    """What a root move's value says, given the (alpha, beta) window it was searched with:
    at most the true value at or below alpha, at least it at or above beta. Under the
    strict rule (``strict``) a value on the window's edge is exact: only one past it cut."""
    if value < alpha or (value == alpha and not strict):
        return Bound.UPPER
    if value > beta or (value == beta and not strict):
        return Bound.LOWER
    return Bound.EXACT


def unlink(linked: Linked) -> tuple[object, ...]:
    """A line kept as nested (move, rest) pairs, as a flat tuple."""
    line = []
    while linked is not None:
        move, rest = linked
        line.append(move)
        linked = cast(Linked, rest)
    return tuple(line)


def no_cutoff(state: object) -> float:
    """Never called: settings with a reachable cutoff name an evaluation."""
    raise AssertionError("a cutoff was reached with no evaluation")


def _chance_here(game: Game[S, A], state: S) -> GameError:
    return GameError(
        f"{game.title} says it has no chance nodes (has_chance is false), but chance moves "
        f"at {game.position_name(state)}"
    )
