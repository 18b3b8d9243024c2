"""Monte Carlo tree search (UCT): its moves, its statistics, its event stream, its settings."""

from __future__ import annotations

import math
import random
import threading
from collections.abc import Callable
from dataclasses import dataclass
from dataclasses import field
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamesearch_gui.core.game import NO_EVALUATION
from gamesearch_gui.core.game import Game
from gamesearch_gui.core.game import GameError
from gamesearch_gui.core.game import Player
from gamesearch_gui.core.games import ConnectFour
from gamesearch_gui.core.games import Pig
from gamesearch_gui.core.games import TicTacToe
from gamesearch_gui.core.games.connect4 import urgent_column
from gamesearch_gui.core.games.tictactoe import urgent_cell
from gamesearch_gui.core.recording.events import BackPropagated
from gamesearch_gui.core.recording.events import EventRecorder
from gamesearch_gui.core.recording.events import MctsIterationStarted
from gamesearch_gui.core.recording.events import NodeExpanded
from gamesearch_gui.core.recording.events import NodeKind
from gamesearch_gui.core.recording.events import NodeSelected
from gamesearch_gui.core.recording.events import PlayoutFinished
from gamesearch_gui.core.recording.events import SearchEvent
from gamesearch_gui.core.recording.events import SearchObserver
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import Bound
from gamesearch_gui.core.search import CancelToken
from gamesearch_gui.core.search import Ordering
from gamesearch_gui.core.search import SearchProgress
from gamesearch_gui.core.search import SearchResult
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import SettingsError
from gamesearch_gui.core.search import StopReason
from gamesearch_gui.core.search import search
from gamesearch_gui.core.search.mcts import MAX_ITERATIONS
from gamesearch_gui.core.search.mcts import Playout
from gamesearch_gui.core.search.mcts import _below
from gamesearch_gui.core.search.mcts import win_rate
from gamesearch_gui.core.trees.file import load_tree_file
from gamesearch_gui.core.trees.tree import TreeGame
from tests.core.tree_strategies import trees
from tests.properties import examples

FIGURE_5_2 = Path(__file__).parents[2] / "resources" / "trees" / "figure-5-2.gtree.json"


def mcts(
    game: Game[Any, Any],
    position: str | None = None,
    listener: Any = None,
    **options: Any,
) -> tuple[SearchResult, Any]:
    """Run MCTS from ``position`` (the start if None); the result and the root state."""
    state = game.initial_state() if position is None else game.parse_position(position)
    options.setdefault("iterations", 2000)
    options.setdefault("seed", 1)
    result = search(game, state, SearchSettings(Algorithm.MCTS, **options), listener=listener)
    return result, state


# -- the moves it finds ---------------------------------------------------------------


#: A win in one ("win": the move ends the game, won) or a forced block ("block": every
#: other move lets the opponent win at once), and the move that does it.
URGENT = [
    (TicTacToe(), "XO.XO....", "7", "win", "X completes the left column"),
    (TicTacToe(), "X.O.O...X", "7", "block", "X blocks O's diagonal"),
    (TicTacToe(), "XX.O.....", "3", "block", "O (MIN) blocks X's top row"),
    (ConnectFour(), "121212", "1", "win", "MAX's fourth stone in column 1 wins"),
    (ConnectFour(), "123212", "2", "block", "MAX blocks MIN's three in column 2"),
    (ConnectFour(), "12131", "1", "block", "MIN blocks MAX's three in column 1"),
]


@pytest.mark.parametrize(("game", "position", "move", "kind", "why"), URGENT)
def test_the_urgent_positions_are_what_alpha_beta_says_they_are(
    game: Game[Any, Any], position: str, move: str, kind: str, why: str
) -> None:
    state = game.parse_position(position)
    urgent = game.parse_move(state, move)
    sign = 1 if game.to_move(state) is Player.MAX else -1
    # Two plies with no evaluation: a move is won (> 0 for the mover), lost at the
    # opponent's next move (< 0), or neither (0).
    settings = SearchSettings(
        Algorithm.ALPHABETA, depth=2, evaluation=NO_EVALUATION, exact_root_values=True
    )
    result = search(game, state, settings)
    value = {root.move: sign * root.value for root in result.root_moves}
    assert set(value) == set(game.actions(state))
    if kind == "win":
        won = game.terminal_value(game.result(state, urgent))
        assert won is not None and sign * won > 0, why
        assert result.best_move == urgent
    else:
        assert value[urgent] == 0, why  # blocked, and no win at once for the mover
        assert all(v < 0 for m, v in value.items() if m != urgent), why  # lost at once
        assert not any(
            game.terminal_value(game.result(state, m)) is not None for m in game.actions(state)
        )


@pytest.mark.parametrize("playout", list(Playout))
@pytest.mark.parametrize(("game", "position", "move", "kind", "why"), URGENT)
def test_takes_a_win_and_blocks_a_loss(
    game: Game[Any, Any], position: str, move: str, kind: str, why: str, playout: Playout
) -> None:
    result, state = mcts(game, position, playout=playout)
    assert game.move_text(state, result.best_move) == move, why
    visits = {root.move: root.visits for root in result.root_moves}
    assert visits[result.best_move] == max(visits.values())


def test_figure_5_2_with_enough_iterations_picks_a1() -> None:
    tree = load_tree_file(FIGURE_5_2)
    game = TreeGame(tree)
    result = search(game, tree.root, SearchSettings(Algorithm.MCTS, iterations=3000, seed=7))
    assert game.move_text(tree.root, result.best_move) == "a1"
    assert result.principal_variation[0] == result.best_move


def test_the_root_value_and_root_moves_are_q_over_n_from_max_s_view() -> None:
    game = TicTacToe()
    result, _ = mcts(game, "XO.XO....")
    root_visits = sum(root.visits or 0 for root in result.root_moves)
    assert root_visits == result.stats.iterations == 2000
    for root in result.root_moves:
        assert root.bound is Bound.ESTIMATE
        assert root.visits is not None and root.total is not None
        assert root.value == pytest.approx(root.total / root.visits)
    total = sum(root.total or 0.0 for root in result.root_moves)
    assert result.value == pytest.approx(total / 2000)
    win = next(root for root in result.root_moves if root.move == 6)
    assert win.value == 1.0  # every iteration through the winning move ends there, won


# -- the event stream -----------------------------------------------------------------


@dataclass
class Mirror:
    """The tree rebuilt from the event stream, with N and Q counted from it alone."""

    parent: dict[int, int | None] = field(default_factory=dict)
    kind: dict[int, NodeKind] = field(default_factory=dict)
    visits: dict[int, int] = field(default_factory=dict)
    total: dict[int, float] = field(default_factory=dict)
    ended: dict[int, int] = field(default_factory=dict)
    iterations: int = 0


def replay(events: list[SearchEvent], bounds: tuple[float, float]) -> Mirror:
    """Check the stream's story, iteration by iteration, as a tree view would follow it."""
    tree = Mirror()
    low, high = bounds
    expanded_now: int | None = None
    for event in events:
        if isinstance(event, MctsIterationStarted):
            tree.iterations += 1
            assert event.iteration == tree.iterations
            expanded_now = None
        elif isinstance(event, NodeExpanded):
            assert event.node_id not in tree.parent
            assert event.parent_id is None or event.parent_id in tree.parent
            tree.parent[event.node_id] = event.parent_id
            tree.kind[event.node_id] = event.kind
            tree.visits[event.node_id] = 0
            tree.total[event.node_id] = 0.0
            if event.parent_id is not None:
                assert expanded_now is None, "one node per iteration"
                expanded_now = event.node_id
        elif isinstance(event, NodeSelected):
            children = [c for c, p in tree.parent.items() if p == event.node_id]
            assert sorted(c.node_id for c in event.children) == sorted(children)
            for child in event.children:
                # What the search said it saw is what the stream has told so far.
                assert child.visits == tree.visits[child.node_id] >= 1
                assert child.total == pytest.approx(tree.total[child.node_id])
            chosen = next(c for c in event.children if c.node_id == event.child_id)
            if tree.kind[event.node_id] is NodeKind.CHANCE:
                assert all(c.ucb is None for c in event.children)
            else:
                scores = [c.ucb for c in event.children]
                assert chosen.ucb == max(s for s in scores if s is not None)
        elif isinstance(event, PlayoutFinished):
            assert event.node_id == expanded_now
            assert low <= event.reward <= high
        elif isinstance(event, BackPropagated):
            where = event.node_ids[0]
            if expanded_now is None:
                assert tree.kind[where] is NodeKind.TERMINAL, "only a terminal node ends again"
            else:
                assert where == expanded_now
            for child, parent in zip(event.node_ids, event.node_ids[1:], strict=False):
                assert tree.parent[child] == parent
            assert tree.parent[event.node_ids[-1]] is None
            for node in event.node_ids:
                tree.visits[node] += 1
                tree.total[node] += event.reward
            tree.ended[where] = tree.ended.get(where, 0) + 1
    return tree


def check_counts(tree: Mirror, bounds: tuple[float, float]) -> None:
    """N is the children's N plus the iterations that ended at the node; Q/N in bounds."""
    low, high = bounds
    for node, n in tree.visits.items():
        children = sum(tree.visits[c] for c, p in tree.parent.items() if p == node)
        assert n == children + tree.ended.get(node, 0)
        if n:
            assert low - 1e-9 <= tree.total[node] / n <= high + 1e-9
    root = next(node for node, parent in tree.parent.items() if parent is None)
    assert tree.visits[root] == tree.iterations


@pytest.mark.parametrize(
    ("game", "position"),
    [
        (TicTacToe(), None),
        (TicTacToe(), "XO.XO...."),  # terminal nodes reached again and again
        (ConnectFour(), "123212"),
        (Pig(target=10), None),  # a chance root, and chance nodes all the way down
    ],
)
def test_the_event_stream_tells_every_iteration_and_its_counts_add_up(
    game: Game[Any, Any], position: str | None
) -> None:
    recorder = EventRecorder()
    result, _ = mcts(game, position, recorder, iterations=500)
    bounds = game.utility_bounds()
    tree = replay(recorder.events, bounds)
    check_counts(tree, bounds)
    assert tree.iterations == result.stats.iterations == 500
    assert len(tree.parent) == result.stats.nodes
    assert len(recorder.of_type(PlayoutFinished)) == result.stats.leaves
    root_children = {e.move: e.node_id for e in recorder.of_type(NodeExpanded) if e.depth == 1}
    for root in result.root_moves:
        assert root.visits == tree.visits[root_children[root.move]]


@given(trees(max_depth=4, chance=True), st.integers(0, 2**32))
@examples(100)
def test_on_drawn_trees_the_counts_add_up_and_q_over_n_stays_in_bounds(
    tree: Any, seed: int
) -> None:
    game = TreeGame(tree)
    recorder = EventRecorder()
    settings = SearchSettings(Algorithm.MCTS, iterations=60, seed=seed)
    result = search(game, tree.root, settings, listener=recorder)
    bounds = game.utility_bounds()
    mirror = replay(recorder.events, bounds)
    check_counts(mirror, bounds)
    low, high = bounds
    assert result.value is not None and low <= result.value <= high
    if game.to_move(tree.root) is not Player.CHANCE:
        assert result.best_move == max(result.root_moves, key=lambda r: r.visits or 0).move


@st.composite
def game_positions(draw: st.DrawFn) -> tuple[Game[Any, Any], Any]:
    """Tic-tac-toe or Connect Four after a few random legal moves, not yet over."""
    game: Game[Any, Any] = draw(st.sampled_from([TicTacToe(), ConnectFour()]))
    state = game.initial_state()
    for pick in draw(st.lists(st.integers(0, 6), max_size=12)):
        moves = list(game.actions(state))
        after = game.result(state, moves[pick % len(moves)])
        if game.terminal_value(after) is not None:
            break
        state = after
    return game, state


def test_a_mean_of_wins_is_never_past_the_win_s_value() -> None:
    """Six playouts all won by MAX, each worth 11/6, sum to 11.000000000000002: the mean
    was 1.8333333333333337, past the utility bound 1.8333333333333335 (found by the long
    property run). A mean is within the bounds, and so is every win rate."""
    game = ConnectFour()
    low, high = game.utility_bounds()
    result = search(game, (16513, 17283, 6), SearchSettings(Algorithm.MCTS, iterations=25, seed=0))
    won = [r for r in result.root_moves if r.total is not None and r.total > 10.9]
    assert won and won[0].visits == 6  # the case itself, rounded past the bound
    assert all(low <= r.value <= high for r in result.root_moves)
    assert result.value is not None and low <= result.value <= high
    assert win_rate(high * (1 + 1e-15), low, high, Player.MAX) == 1.0
    assert win_rate(high * (1 + 1e-15), low, high, Player.MIN) == 0.0


@given(game_positions(), st.integers(0, 2**32), st.integers(1, 300))
@examples(60)
def test_on_random_game_positions_the_counts_add_up_and_a_seed_repeats_its_tree(
    position: tuple[Game[Any, Any], Any], seed: int, iterations: int
) -> None:
    game, state = position
    settings = SearchSettings(Algorithm.MCTS, iterations=iterations, seed=seed)
    runs = []
    for _ in range(2):
        recorder = EventRecorder()
        runs.append((search(game, state, settings, listener=recorder), recorder.events))
    (result, events), (again, events_again) = runs
    bounds = game.utility_bounds()
    mirror = replay(events, bounds)
    check_counts(mirror, bounds)
    assert mirror.iterations == result.stats.iterations == iterations
    assert sum(root.visits or 0 for root in result.root_moves) == iterations
    low, high = bounds
    assert all(low <= root.value <= high for root in result.root_moves)
    # The same seed: the same tree, event for event, and the same move.
    assert events == events_again
    assert again.best_move == result.best_move and again.root_moves == result.root_moves


def test_the_same_seed_gives_the_same_tree_and_move_and_another_seed_another_tree() -> None:
    game = ConnectFour()
    runs = []
    for seed in (5, 5, 6):
        recorder = EventRecorder()
        result, _ = mcts(game, None, recorder, iterations=300, seed=seed)
        runs.append((recorder.events, result.best_move, result.root_moves))
    assert runs[0] == runs[1]
    assert runs[0][0] != runs[2][0]


def test_without_a_listener_it_finds_what_it_finds_with_one() -> None:
    game = TicTacToe()
    quiet, _ = mcts(game, None, None, iterations=400, seed=3)
    told, _ = mcts(game, None, EventRecorder(), iterations=400, seed=3)
    assert quiet.root_moves == told.root_moves
    assert quiet.principal_variation == told.principal_variation


class _Selections(SearchObserver):
    """Keeps what each selection told, and nothing else."""

    def __init__(self, child_stats: bool) -> None:
        self.child_stats = child_stats  # type: ignore[misc]
        self.told: list[tuple[int, int, tuple[Any, ...]]] = []

    def entered(self, *args: Any) -> None:
        raise AssertionError("MCTS enters no node the minimax way")

    def valued(self, *args: Any) -> None:
        raise AssertionError("MCTS values no node the minimax way")

    def pruned(self, *args: Any) -> None:
        raise AssertionError("MCTS prunes nothing")

    def iteration_started(self, *args: Any) -> None:
        raise AssertionError("MCTS deepens nothing")

    def iteration_finished(self, *args: Any) -> None:
        raise AssertionError("MCTS deepens nothing")

    def selected(self, node_id: int, child_id: int, children: tuple[Any, ...]) -> None:
        self.told.append((node_id, child_id, children))


def test_an_observer_keeping_its_own_counts_gets_the_same_selections_without_them() -> None:
    game = TicTacToe()
    settings = SearchSettings(Algorithm.MCTS, iterations=300, seed=5)
    full, bare = _Selections(child_stats=True), _Selections(child_stats=False)
    found_full = search(game, game.initial_state(), settings, listener=full)
    found_bare = search(game, game.initial_state(), settings, listener=bare)
    assert found_full.root_moves == found_bare.root_moves
    assert len(full.told) > 300  # a selection at the root and below, iteration after iteration
    assert [(n, c) for n, c, _ in full.told] == [(n, c) for n, c, _ in bare.told]
    assert all(children for _, _, children in full.told)
    assert all(children == () for _, _, children in bare.told)
    # The event stream is one that wants them: its NodeSelected events carry them.
    recorder = EventRecorder()
    search(game, game.initial_state(), settings, listener=recorder)
    selections = [e for e in recorder.events if isinstance(e, NodeSelected)]
    assert [(e.node_id, e.child_id, e.children) for e in selections] == full.told


# -- stopping -------------------------------------------------------------------------


def test_cancel_from_another_thread_returns_the_most_visited_move() -> None:
    game = ConnectFour()
    token = CancelToken()
    started = threading.Event()
    results: list[SearchResult] = []

    def listen(event: SearchEvent) -> None:
        if isinstance(event, BackPropagated):
            started.set()

    def work() -> None:
        settings = SearchSettings(Algorithm.MCTS, iterations=MAX_ITERATIONS)
        results.append(search(game, game.initial_state(), settings, listener=listen, cancel=token))

    thread = threading.Thread(target=work)
    thread.start()
    assert started.wait(10)
    token.cancel()
    thread.join(30)  # a million iterations with a listener take many minutes: the cancel ends it
    assert not thread.is_alive()
    result = results[0]
    assert result.stop_reason is StopReason.CANCELLED and not result.complete
    assert 1 <= result.stats.iterations < MAX_ITERATIONS
    most = max(result.root_moves, key=lambda root: root.visits or 0)
    assert result.best_move == most.move


def test_a_cancel_is_seen_before_the_next_iteration() -> None:
    game = TicTacToe()
    token = CancelToken()

    def listen(event: SearchEvent) -> None:
        if isinstance(event, MctsIterationStarted) and event.iteration == 100:
            token.cancel()

    result = search(
        game,
        game.initial_state(),
        SearchSettings(Algorithm.MCTS, iterations=5000),
        listener=listen,
        cancel=token,
    )
    assert result.stats.iterations == 100
    assert result.stop_reason is StopReason.CANCELLED


def test_a_cancel_before_the_start_still_gives_a_move() -> None:
    game = TicTacToe()
    token = CancelToken()
    token.cancel()  # "move now" pressed as the search was asked for
    result = search(
        game, game.initial_state(), SearchSettings(Algorithm.MCTS, iterations=5000), cancel=token
    )
    assert result.stats.iterations == 1 and result.best_move in game.actions(game.initial_state())
    assert result.stop_reason is StopReason.CANCELLED


def test_a_time_budget_alone_ends_it_as_planned() -> None:
    game = ConnectFour()
    result, _ = mcts(game, None, iterations=None, time_budget=0.05)
    assert result.stop_reason is StopReason.TIME and result.complete
    assert result.stats.iterations >= 1 and result.best_move in game.actions(game.initial_state())


def test_the_node_cap_stops_it_and_progress_is_reported() -> None:
    game = TicTacToe()
    seen: list[SearchProgress] = []
    state = game.initial_state()
    result = search(
        game,
        state,
        SearchSettings(Algorithm.MCTS, iterations=5000, node_cap=300),
        progress=seen.append,
    )
    assert result.stop_reason is StopReason.NODE_CAP and not result.complete
    assert result.stats.nodes == 300
    assert seen and seen[-1].nodes <= 300


def test_a_finished_game_at_the_root_is_its_own_value() -> None:
    game = TicTacToe()
    result, _ = mcts(game, "XXXOO....", iterations=10)
    assert result.value == 1.0 and result.best_move is None
    assert result.stats.iterations == 10 and result.stats.nodes == 1


def test_at_a_chance_root_there_is_no_move_but_every_outcome_has_n_and_q() -> None:
    game = Pig(target=10)
    result, state = mcts(game, None, iterations=600)
    assert game.to_move(state) is Player.CHANCE
    assert result.best_move is None
    assert [root.move for root in result.root_moves] == [o for o, _ in game.chances(state)]
    assert sum(root.visits or 0 for root in result.root_moves) == 600


# -- settings -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"algorithm": Algorithm.MCTS, "depth": 3, "iterations": 9}, "no depth limit"),
        ({"algorithm": Algorithm.MCTS, "evaluation": "open_lines", "iterations": 9}, "evaluation"),
        ({"algorithm": Algorithm.MCTS, "ordering": Ordering.STATIC, "iterations": 9}, "ordering"),
        ({"algorithm": Algorithm.MCTS, "transposition_table": True, "iterations": 9}, "table"),
        ({"algorithm": Algorithm.MCTS, "fail_hard": True, "iterations": 9}, "fail-hard"),
        ({"algorithm": Algorithm.MCTS}, "number of iterations or a time budget"),
        ({"algorithm": Algorithm.MCTS, "iterations": 0}, "from 1 to"),
        ({"algorithm": Algorithm.MCTS, "iterations": 9, "exploration": -1.0}, "from 0 to 1000"),
        ({"algorithm": Algorithm.MCTS, "iterations": 9, "exploration": math.nan}, "from 0 to"),
        ({"algorithm": Algorithm.MCTS, "iterations": 9, "exploration": 1e308}, "from 0 to 1000"),
        ({"algorithm": Algorithm.ALPHABETA, "iterations": 9}, "belong to mcts"),
        ({"algorithm": Algorithm.MINIMAX, "seed": 4}, "belong to mcts"),
        ({"algorithm": Algorithm.STAR1, "playout": Playout.HEURISTIC}, "belong to mcts"),
    ],
)
def test_settings_that_do_not_fit_mcts_are_refused(options: dict[str, Any], message: str) -> None:
    with pytest.raises(SettingsError, match=message):
        SearchSettings(**options)


def test_a_playout_heuristic_only_where_the_game_has_one() -> None:
    with pytest.raises(SettingsError, match="Pig has no playout heuristic"):
        mcts(Pig(), None, playout=Playout.HEURISTIC)


def test_mcts_runs_on_games_with_chance_and_without_an_end() -> None:
    result, state = mcts(Pig(), "max 0 min 0 turn 4 max to decide", iterations=300)
    assert result.best_move in Pig().actions(state)


class _Stuck(TicTacToe):
    """Tic-tac-toe whose positions with two marks offer no move, though not over."""

    def actions(self, state: tuple[int, int]) -> Any:
        return () if (state[0] | state[1]).bit_count() == 2 else super().actions(state)


@pytest.mark.parametrize("playout", list(Playout))
def test_a_playout_that_meets_a_position_with_no_move_says_where(playout: Playout) -> None:
    with pytest.raises(
        GameError, match=r"^Tic-tac-toe offers no move at .*, which is not terminal$"
    ):
        mcts(_Stuck(), iterations=5, playout=playout)


def test_the_random_draws_are_those_of_randrange() -> None:
    # The search draws its random moves with _below, randrange without its calls: the
    # same numbers from the same seed, or a seed would no longer give its tree.
    for seed in range(20):
        ours, theirs = random.Random(seed), random.Random(seed)
        for n in [*range(1, 70), 127, 128, 129, 218, 255, 256, 1000, 2**20 + 1]:
            assert _below(ours.getrandbits, n) == theirs.randrange(n)
    assert ours.random() == theirs.random()


# -- the playout heuristics -----------------------------------------------------------


def expected_urgent(
    moves: list[Any], wins: Callable[[Any], bool], loses: Callable[[Any], bool]
) -> Any:
    """What 'win, else block' names: the first winning move, else the first square the
    opponent would win on if it moved there now, else None."""
    for move in moves:
        if wins(move):
            return move
    for move in moves:
        if loses(move):
            return move
    return None


def test_tictactoe_heuristic_wins_else_blocks_in_every_position() -> None:
    game = TicTacToe()
    seen = set()
    frontier = [game.initial_state()]
    while frontier:
        state = frontier.pop()
        if state in seen or game.terminal_value(state) is not None:
            continue
        seen.add(state)
        x, o = state
        mine, theirs = (Player.MAX, Player.MIN)
        if game.to_move(state) is Player.MIN:
            mine, theirs = theirs, mine

        def line(cell: int, who: Player, x: int = x, o: int = o) -> bool:
            bit = 1 << cell
            return game.winner((x | bit, o) if who is Player.MAX else (x, o | bit)) is who

        assert urgent_cell(state) == expected_urgent(
            list(game.actions(state)),
            lambda c, mine=mine: line(c, mine),  # type: ignore[misc]
            lambda c, theirs=theirs: line(c, theirs),  # type: ignore[misc]
        )
        frontier.extend(game.result(state, m) for m in game.actions(state))
    assert len(seen) == 4520  # every non-terminal position


@given(st.lists(st.integers(0, 6), max_size=42))
@examples(300)
def test_connect4_heuristic_wins_else_blocks(columns: list[int]) -> None:
    game = ConnectFour()
    state = game.initial_state()
    for column in columns:
        if game.terminal_value(state) is not None:
            break
        if column in game.actions(state):
            state = game.result(state, column)
    if game.terminal_value(state) is not None:
        return
    mover, mask, plies = state
    # The same board with the opponent to move, as if this player had passed (counted as
    # at least 6 stones: terminal_value skips the early plies, where no real game has four).
    passed = (mover ^ mask, mask, max(plies, 6))

    def wins(column: int) -> bool:
        return bool(game.terminal_value(game.result(state, column)))

    def loses(column: int) -> bool:
        return bool(game.terminal_value(game.result(passed, column)))

    assert urgent_column(state) == expected_urgent(list(game.actions(state)), wins, loses)
