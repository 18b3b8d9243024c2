"""A recorded search: what it keeps, how it lays the tree out, what it says."""

from __future__ import annotations

import itertools
import pickle
from array import array
from collections import defaultdict
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamesearch_gui.core.game import GameError
from gamesearch_gui.core.games import ConnectFour
from gamesearch_gui.core.games import Pig
from gamesearch_gui.core.games import TicTacToe
from gamesearch_gui.core.narration.steps import describe_step
from gamesearch_gui.core.recording import depth_first as recording_module
from gamesearch_gui.core.recording.depth_first import NATIVE_WRITER
from gamesearch_gui.core.recording.depth_first import NEVER
from gamesearch_gui.core.recording.depth_first import NONE
from gamesearch_gui.core.recording.depth_first import SearchRecording
from gamesearch_gui.core.recording.events import EventRecorder
from gamesearch_gui.core.recording.events import EventStream
from gamesearch_gui.core.recording.events import NodeEntered
from gamesearch_gui.core.recording.events import NodeKind
from gamesearch_gui.core.recording.events import SearchObserver
from gamesearch_gui.core.recording.events import Valuation
from gamesearch_gui.core.recording.moment import Moment
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import Ordering
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import search
from gamesearch_gui.core.trees.file import load_tree
from gamesearch_gui.core.trees.tree import CustomTree
from gamesearch_gui.core.trees.tree import TreeGame
from gamesearch_gui.paths import resource_files
from tests.core.tree_strategies import trees
from tests.properties import examples


def record(game: object, state: object, settings_: SearchSettings, **kw: object) -> SearchRecording:
    recording = SearchRecording(game, **kw)  # type: ignore[arg-type]
    result = search(game, state, settings_, listener=recording)  # type: ignore[arg-type]
    recording.finish(result)
    return recording


def figure_5_2(*, fail_hard: bool = False) -> SearchRecording:
    text = (resource_files() / "trees" / "figure-5-2.gtree.json").read_text(encoding="utf-8")
    tree = load_tree(text)
    settings_ = SearchSettings(Algorithm.ALPHABETA, fail_hard=fail_hard)
    return record(TreeGame(tree), tree.root, settings_, fail_hard=fail_hard)


def node_values_said(rec: SearchRecording) -> dict[str, str]:
    """What the explanation line says as each MAX or MIN node of ``rec`` is valued."""
    return {
        rec.name(n): describe_step(rec, rec.valued_at[n])
        for n in range(rec.node_count)
        if rec.node_kind(n) in (NodeKind.MAX, NodeKind.MIN)
    }


def test_figure_5_2_explains_what_fail_soft_and_fail_hard_return() -> None:
    soft, hard = figure_5_2(), figure_5_2(fail_hard=True)
    assert node_values_said(soft) == {
        "MAX node A": "MAX node A takes the largest child value: 3 (best move a1)",
        "MIN node B": "MIN node B takes the smallest child value: 3 (best move 0)",
        "MIN node C": "MIN node C takes the smallest child value: 2 (best move 0) "
        "(fail-soft: its own best, below α = 3)",
        "MIN node D": "MIN node D takes the smallest child value: 2 (best move 2) "
        "(fail-soft: its own best, below α = 3)",
    }
    said = node_values_said(hard)
    assert said["MIN node C"] == (
        "MIN node C fails low: it returns α = 3 (fail-hard; its own best is 2)"
    )
    assert said["MIN node D"] == (
        "MIN node D fails low: it returns α = 3 (fail-hard; its own best is 2)"
    )
    # Inside their windows, both conventions return the node's own best.
    for name in ("MAX node A", "MIN node B"):
        assert said[name] == node_values_said(soft)[name]
    # The tree shows the returned values: 3, 3, 3 under fail-hard, 3, 2, 2 under fail-soft.
    children = [n for n in range(hard.node_count) if hard.parent[n] == 0]
    assert [hard.value[n] for n in children] == [3, 3, 3]
    assert [soft.value[n] for n in children] == [3, 2, 2]
    assert [hard.returned_edge(n) for n in children] == ["", "α", "α"]
    assert [soft.returned_edge(n) for n in children] == ["", "", ""]


def test_a_fail_hard_max_cutoff_is_explained_as_returning_beta() -> None:
    tree = load_tree(
        '{"format": "gamesearch-tree", "version": 1, "root": {"type": "min", "children": ['
        '{"type": "max", "label": "P", "children": [{"value": 3}, {"value": 1}]},'
        '{"type": "max", "label": "Q", "children": [{"value": 5}, {"value": 9}]}]}}'
    )
    game = TreeGame(tree)
    hard = record(
        game, tree.root, SearchSettings(Algorithm.ALPHABETA, fail_hard=True), fail_hard=True
    )
    soft = record(game, tree.root, SearchSettings(Algorithm.ALPHABETA))
    assert node_values_said(hard)["MAX node Q"] == (
        "MAX node Q fails high: it returns β = 3 (fail-hard; its own best is 5)"
    )
    assert node_values_said(soft)["MAX node Q"] == (
        "MAX node Q takes the largest child value: 5 (best move 0) "
        "(fail-soft: its own best, above β = 3)"
    )


def test_figure_5_2_is_recorded_node_for_node() -> None:
    rec = figure_5_2()
    end = rec.event_count
    assert rec.node_count == 11 and rec.result.stats.nodes == 11
    assert [rec.name(n) for n in rec.principal_variation()] == [
        "MAX node A",
        "MIN node B",
        "leaf after a1 0",
    ]
    assert rec.value[rec.principal_variation()[0]] == 3
    (cut,) = rec.cutoffs
    assert rec.name(cut.node) == "MIN node C" and len(cut.moves) == 2
    assert (cut.value, cut.alpha) == (2, 3)
    assert describe_step(rec, cut.seq) == (
        "MIN node C: value 2 ≤ α = 3, so its remaining 2 children are pruned"
    )
    leaves = [n for n in range(rec.node_count) if rec.node_kind(n) is NodeKind.TERMINAL]
    assert len(leaves) == 7
    assert all(rec.valuation(n) is Valuation.TERMINAL for n in leaves)
    assert Moment(rec, end).is_valued(0) and not Moment(rec, end - 1).is_valued(0)


def test_states_are_rebuilt_exactly_from_moves() -> None:
    game = TicTacToe()
    recorder = EventRecorder()
    rec = SearchRecording(game)
    search(
        game,
        game.initial_state(),
        SearchSettings(depth=3),
        listener=lambda e: (recorder(e), rec(e)),
    )
    entered = recorder.of_type(NodeEntered)
    assert len(entered) == rec.node_count
    for event in entered[::7]:
        assert rec.state(event.node_id) == event.state


def layout_is_tidy(rec: SearchRecording, k: int) -> None:
    """At every level, nodes go left to right in search order, without overlap."""
    now = Moment(rec, k)
    by_depth: dict[int, list[float]] = defaultdict(list)
    for n in range(now.limit):
        by_depth[rec.depth[n]].append(now.x(n))
    for xs in by_depth.values():
        assert all(a < b for a, b in itertools.pairwise(xs)), xs
    for n in range(now.limit):
        first, last = now.extent(n)
        assert first <= now.x(n) <= last
        kids = list(now.children(n))
        if kids and now.is_valued(n):
            stub = now.cutoff(n)
            right = stub.slot if stub else now.x(kids[-1])
            assert now.x(n) == (now.x(kids[0]) + right) / 2


def test_layout_is_tidy_and_placed_nodes_never_move() -> None:
    game = ConnectFour()
    rec = record(game, game.initial_state(), SearchSettings(depth=4, time_budget=60.0))
    end = rec.event_count
    for k in range(0, end + 1, max(1, end // 40)):
        layout_is_tidy(rec, k)
    layout_is_tidy(rec, end)
    # A node moves at most once: when it is valued and centres over its children.
    for n in range(0, rec.node_count, 13):
        places = {Moment(rec, k).x(n) for k in range(rec.entered_at[n] + 1, end + 1, 97)}
        places.add(Moment(rec, end).x(n))
        assert len(places) <= 2
        if rec.first_child[n] == NONE:
            assert len(places) == 1  # leaves never move


@examples(200)
@given(trees(max_depth=4, max_branching=3, chance=True))
def test_any_tree_is_laid_out_tidily_at_every_moment(tree: CustomTree) -> None:
    game = TreeGame(tree)
    algorithm = Algorithm.STAR1 if tree.has_chance else Algorithm.ALPHABETA
    rec = record(game, tree.root, SearchSettings(algorithm))
    assert rec.node_count == rec.result.stats.nodes
    for k in range(rec.event_count + 1):
        layout_is_tidy(rec, k)
    assert all(rec.valued_at[n] != NEVER for n in range(rec.node_count))


def test_snapshots_depend_only_on_the_moment() -> None:
    rec = figure_5_2()
    first = [Moment(rec, k).snapshot() for k in range(rec.event_count + 1)]
    again = [Moment(rec, k).snapshot() for k in reversed(range(rec.event_count + 1))][::-1]
    assert first == again
    assert len({str(s) for s in first}) == rec.event_count + 1  # every event changes something


def test_iterations_are_laid_side_by_side_and_mark_the_line_tried_first() -> None:
    game = ConnectFour()
    rec = record(game, game.initial_state(), SearchSettings(depth=4, time_budget=60.0))
    assert [it.depth for it in rec.iterations] == [1, 2, 3, 4]
    assert all(it.completed for it in rec.iterations)
    end = Moment(rec, rec.event_count)
    roots = end.roots()
    assert len(roots) == 4
    # Each root appears only once it is entered, and the slots count the gaps between.
    for root in roots:
        assert root not in Moment(rec, rec.entered_at[root]).roots()
        assert root in Moment(rec, rec.entered_at[root] + 1).roots()
        assert Moment(rec, rec.entered_at[root] + 1).slots >= rec.first_slot[root]
    assert end.slots == max(rec.last_slot) + 1
    for left, right in itertools.pairwise(roots):
        assert end.extent(left)[1] < end.extent(right)[0]
    # From the second iteration on, the previous best line is tried first.
    for it, previous in zip(rec.iterations[1:], rec.iterations, strict=False):
        line = [rec.moves[n] for n in rec.principal_line(previous.root)]
        n, marked = it.root, []
        while n != NONE and rec.tried_first[n]:
            marked.append(n)
            n = rec.first_child[n]
        assert [rec.moves[m] for m in marked[1:]] == line[: len(marked) - 1]
        assert len(marked) - 1 == min(len(line), it.depth or 0)
    assert "finished" in describe_step(rec, rec.iterations[0].finished)


def test_the_node_cap_keeps_the_first_nodes_and_says_so() -> None:
    game = TicTacToe()
    rec = record(game, game.initial_state(), SearchSettings(Algorithm.MINIMAX), node_cap=1000)
    assert rec.node_count == 1000 and rec.capped
    assert rec.dropped_nodes == rec.result.stats.nodes - 1000
    # The kept part is still a tree whose ancestors all got their values.
    assert Moment(rec, rec.event_count).is_valued(0) and rec.value[0] == 0
    layout_is_tidy(rec, rec.event_count)


def test_chance_nodes_carry_probabilities_and_words() -> None:
    game = Pig(20)
    rec = record(game, game.initial_state(), SearchSettings(Algorithm.STAR1, depth=3))
    assert rec.node_kind(0) is NodeKind.CHANCE
    kids = list(Moment(rec, rec.event_count).children(0))
    assert [round(rec.probability[c] * 6) for c in kids] == [1] * len(kids)
    assert "probability" in describe_step(rec, rec.entered_at[kids[0]])
    assert "averages its outcomes" in describe_step(rec, rec.valued_at[0])


def star1(tree: CustomTree) -> SearchRecording:
    return record(TreeGame(tree), tree.root, SearchSettings(Algorithm.STAR1))


def test_star1_says_a_cut_chance_node_returns_its_bound_not_an_average() -> None:
    # Examples > "Chance: values 2, 3 and 1, 4": gamble 2's 1.3 is 0.9·1 + 0.1·4, the
    # most it can be, not an average of what it holds.
    text = (resource_files() / "trees" / "examples" / "06-chance-small.gtree.json").read_text(
        encoding="utf-8"
    )
    rec = star1(load_tree(text))
    assert describe_step(rec, 10) == (
        "Chance node gamble 2: even if its remaining outcome gives the highest value a leaf "
        "can have, its value is at most 1.3 (Star1's bound), and 1.3 ≤ α = 2.1, so it is "
        "pruned"
    )
    assert describe_step(rec, 11) == (
        "Chance node gamble 2 returns 1.3, Star1's bound, not an average: its value is at "
        "most 1.3 ≤ α = 2.1, so the exact average does not matter"
    )
    assert (
        describe_step(rec, 6)
        == "Chance node gamble 1 averages its outcomes by their probabilities: 2.1"
    )


def test_star1_words_agree_in_number() -> None:
    # Leaves in [0, 10]. After the leaf 6, the first gamble's first outcome (0) leaves it
    # at most 5: its two others are cut. After the leaf 10 no gamble can do better: the
    # next two are cut whole on entry, one with two outcomes and one with one.
    def gamble(*outcomes: tuple[float, int]) -> str:
        children = ", ".join(f'{{"probability": {p}, "value": {v}}}' for p, v in outcomes)
        return f'{{"type": "chance", "children": [{children}]}}'

    children = [
        '{"value": 6}',
        gamble((0.5, 0), (0.25, 10), (0.25, 10)),
        '{"value": 10}',
        gamble((0.5, 0), (0.5, 10)),
        gamble((1, 0)),
    ]
    rec = star1(
        load_tree(
            '{"format": "gamesearch-tree", "version": 1, "value_bounds": [0, 10], '
            f'"root": {{"type": "max", "children": [{", ".join(children)}]}}}}'
        )
    )
    assert [describe_step(rec, cut.seq).split(": ", 1)[1] for cut in rec.cutoffs] == [
        "even if its remaining 2 outcomes give the highest value a leaf can have, its value "
        "is at most 5 (Star1's bound), and 5 ≤ α = 6, so they are pruned",
        "even if each of its outcomes gives the highest value a leaf can have, its value is "
        "at most 10 (Star1's bound), and 10 ≤ α = 10, so all its 2 outcomes are pruned "
        "(equal values prune)",
        "even if its outcome gives the highest value a leaf can have, its value is at most 10 "
        "(Star1's bound), and 10 ≤ α = 10, so its outcome is pruned (equal values prune)",
    ]


def test_star1_says_an_average_outside_the_window_is_a_bound() -> None:
    # The gamble's last outcome, 0, falls below its own window: nothing is left to prune,
    # and the average, 5, only says that the gamble is no better than the leaf 6.
    gamble = (
        '{"type": "chance", "children": [{"probability": 0.5, "value": 10}, '
        '{"probability": 0.5, "value": 0}]}'
    )
    rec = star1(
        load_tree(
            '{"format": "gamesearch-tree", "version": 1, "root": {"type": "max", '
            f'"children": [{{"value": 6}}, {gamble}]}}}}'
        )
    )
    assert describe_step(rec, rec.valued_at[2]) == (
        "Chance node after 1 averages its outcomes by their probabilities: 5 "
        "(a bound: at most 5 ≤ α = 6)"
    )
    assert not rec.cutoffs


@pytest.mark.parametrize("algorithm", [Algorithm.MINIMAX, Algorithm.ALPHABETA])
def test_every_event_has_words(algorithm: Algorithm) -> None:
    game = TicTacToe()
    state = game.parse_position("XO.X.O...")
    rec = record(game, state, SearchSettings(algorithm, transposition_table=True))
    texts = [describe_step(rec, seq) for seq in range(rec.event_count)]
    assert all(texts)
    assert any("transposition table" in t for t in texts)
    assert texts[0].startswith("Start at the root")


def assert_same_columns(copy: SearchRecording, original: SearchRecording) -> None:
    """Every column, node for node and event for event, the same (floats by repr)."""
    assert copy.node_count == original.node_count > 0
    assert copy.event_count == original.event_count
    n = original.node_count
    for name in (
        "parent",
        "depth",
        "kind",
        "entered_at",
        "valued_at",
        "first_slot",
        "last_slot",
        "first_child",
        "last_child",
        "next_sibling",
        "best_child",
        "cutoff_of",
        "how",
    ):
        assert list(getattr(copy, name)[:n]) == list(getattr(original, name)[:n]), name
    for name in ("value", "x_final", "alpha_in", "beta_in", "alpha_out", "beta_out"):
        assert [repr(v) for v in getattr(copy, name)[:n]] == [
            repr(v) for v in getattr(original, name)[:n]
        ], name
    assert copy.moves == original.moves and copy.tried_first == original.tried_first
    assert copy.cutoffs == original.cutoffs and copy.slot_seq == original.slot_seq
    assert copy.iterations == original.iterations


def _copy_in_chunks(game: Any, state: Any, settings: SearchSettings, every: int) -> tuple[Any, Any]:
    """A search recorded, and a copy of its recording built only from chunks taken every
    ``every`` progress calls (as the engine process sends them)."""
    original = SearchRecording(game)
    copy = SearchRecording(game)
    calls = [0]

    def progress(_: object) -> None:
        calls[0] += 1
        if calls[0] % every == 0:
            copy.apply_chunk(pickle.loads(pickle.dumps(original.take_chunk())))

    result = search(game, state, settings, listener=original, progress=progress)
    copy.apply_chunk(pickle.loads(pickle.dumps(original.take_chunk())))
    original.finish(result)
    copy.finish(result)
    return original, copy


@pytest.mark.parametrize("every", [1, 3, 1000])
@pytest.mark.parametrize(
    ("game_name", "settings"),
    [
        ("connect4", SearchSettings(Algorithm.ALPHABETA, depth=4)),
        ("tictactoe", SearchSettings(Algorithm.ALPHABETA, ordering=Ordering.PREVIOUS_BEST)),
        ("pig", SearchSettings(Algorithm.STAR1, depth=4)),
    ],
)
def test_a_recording_sent_in_chunks_is_the_same_recording(
    game_name: str, settings: SearchSettings, every: int
) -> None:
    """Chunks carry everything: the copy answers every query as the original does."""
    game = {"connect4": ConnectFour(), "tictactoe": TicTacToe(), "pig": Pig(20)}[game_name]
    original, copy = _copy_in_chunks(game, game.initial_state(), settings, every)
    assert_same_columns(copy, original)
    for k in (0, original.event_count // 3, original.event_count):
        mine, theirs = Moment(copy, k), Moment(original, k)
        assert (mine.limit, mine.slots) == (theirs.limit, theirs.slots)
        for node in range(0, theirs.limit, 7):
            assert mine.x(node) == theirs.x(node)
            assert mine.extent(node) == theirs.extent(node)
    for seq in range(0, original.event_count, 11):
        assert describe_step(copy, seq) == describe_step(original, seq)


class _Tee(SearchObserver):
    """Tells a recording what the search tells it, and keeps the events a plain
    listener would get."""

    def __init__(self, recording: SearchRecording) -> None:
        self.recording = recording
        self.events = EventRecorder()
        self.stream = EventStream(self.events)

    def entered(self, *args: Any) -> None:
        self.stream.entered(*args)
        self.recording.entered(*args)

    def valued(self, *args: Any) -> None:
        self.stream.valued(*args)
        self.recording.valued(*args)

    def leaf(self, *args: Any) -> None:
        self.stream.leaf(*args)
        self.recording.leaf(*args)

    def pruned(self, *args: Any) -> None:
        self.stream.pruned(*args)
        self.recording.pruned(*args)

    def iteration_started(self, depth: int) -> None:
        self.stream.iteration_started(depth)
        self.recording.iteration_started(depth)

    def iteration_finished(self, *args: Any) -> None:
        self.stream.iteration_finished(*args)
        self.recording.iteration_finished(*args)


NO_NATIVE = "the native writer is not built (or GAMESEARCH_PURE_RECORDER is set)"
#: Both writers: Python, and the native one where it is built (not with
#: GAMESEARCH_PURE_RECORDER=1, which makes the whole suite record in Python).
WRITERS = [
    pytest.param(False, id="python"),
    pytest.param(
        True,
        id="native",
        marks=pytest.mark.skipif(NATIVE_WRITER is None, reason=NO_NATIVE),
    ),
]


@pytest.mark.parametrize("native", WRITERS)
@pytest.mark.parametrize("node_cap", [None, 300])
@pytest.mark.parametrize(
    ("game_name", "settings"),
    [
        ("connect4", SearchSettings(Algorithm.ALPHABETA, depth=5)),
        ("tictactoe", SearchSettings(Algorithm.ALPHABETA, ordering=Ordering.PREVIOUS_BEST)),
        ("tictactoe", SearchSettings(Algorithm.MINIMAX, transposition_table=True)),
        ("pig", SearchSettings(Algorithm.STAR1, depth=4)),
        ("pig", SearchSettings(Algorithm.EXPECTIMINIMAX, depth=3)),
    ],
)
def test_the_fast_calls_record_what_the_events_say(
    game_name: str, settings: SearchSettings, node_cap: int | None, native: bool
) -> None:
    """What the search tells the recording directly (a leaf in one call) is recorded
    exactly as the same search's events, one by one, are."""
    game = {"connect4": ConnectFour(), "tictactoe": TicTacToe(), "pig": Pig(20)}[game_name]
    direct = SearchRecording(game, node_cap=node_cap, native=native)
    assert direct.native is native
    tee = _Tee(direct)
    result = search(game, game.initial_state(), settings, listener=tee)
    replayed = SearchRecording(game, node_cap=node_cap, native=native)
    for event in tee.events.events:
        replayed(event)
    assert_same_columns(replayed, direct)
    assert replayed.dropped_nodes == direct.dropped_nodes
    assert direct.node_count + direct.dropped_nodes == result.stats.nodes


def assert_same_recording(mine: SearchRecording, theirs: SearchRecording) -> None:
    """Every column whole (the room grown ahead included; floats by repr), every list
    and every counter the same."""
    for name, value in vars(theirs).items():
        if name in ("game", "entered", "leaf", "valued", "pruned", "_appends", "_states"):
            continue  # the game and the writer's calls are each recording's own
        if name == "result":  # timed: all but the seconds
            assert (mine.result is None) is (value is None)
            if value is not None:
                assert mine.result.stats.nodes == value.stats.nodes
                assert (mine.result.value, mine.result.best_move) == (value.value, value.best_move)
            continue
        other = vars(mine)[name]
        if isinstance(value, array) and value.typecode == "d":
            assert [repr(v) for v in other] == [repr(v) for v in value], name
        else:
            assert other == value, name


def _both_writers(game: Any, state: Any, settings: SearchSettings, **kw: Any) -> None:
    """The same search recorded by each writer: the same recording, and the same
    error where the search fails."""
    recordings = []
    for native in (False, True):
        recording = SearchRecording(game, native=native, **kw)
        try:
            recording.finish(search(game, state, settings, listener=recording))
        except GameError as error:
            recording.failure = str(error)
        recordings.append(recording)
    python, native = recordings
    assert native.native and not python.native
    assert python.node_count > 0
    assert_same_recording(native, python)


@pytest.mark.skipif(NATIVE_WRITER is None, reason=NO_NATIVE)
@pytest.mark.parametrize("node_cap", [None, 1, 300, 4096, 4097, 20_000])
@pytest.mark.parametrize(
    ("game_name", "settings"),
    [
        ("connect4", SearchSettings(Algorithm.ALPHABETA, depth=5)),
        ("connect4", SearchSettings(Algorithm.ALPHABETA, depth=6)),  # columns grow often
        ("connect4", SearchSettings(Algorithm.ALPHABETA, depth=4, ordering=Ordering.STATIC)),
        ("connect4", SearchSettings(Algorithm.MINIMAX, depth=3, transposition_table=True)),
        ("tictactoe", SearchSettings(Algorithm.ALPHABETA, ordering=Ordering.PREVIOUS_BEST)),
        (
            "tictactoe",
            SearchSettings(
                Algorithm.ALPHABETA, ordering=Ordering.PREVIOUS_BEST, transposition_table=True
            ),
        ),
        ("tictactoe", SearchSettings(Algorithm.MINIMAX, transposition_table=True)),
        ("tictactoe", SearchSettings(Algorithm.ALPHABETA, exact_root_values=True)),
        ("tictactoe", SearchSettings(Algorithm.ALPHABETA, depth=3, time_budget=1e6)),
        ("pig", SearchSettings(Algorithm.STAR1, depth=4)),
        ("pig", SearchSettings(Algorithm.EXPECTIMINIMAX, depth=3)),
        ("pig", SearchSettings(Algorithm.STAR1, depth=5, ordering=Ordering.PREVIOUS_BEST)),
    ],
)
def test_both_writers_record_the_same(
    game_name: str, settings: SearchSettings, node_cap: int | None
) -> None:
    """The native writer records what the Python one does, column for column: every
    game and algorithm, node caps (at and past a block the columns grow by, and past
    several growths), the line
    tried first, the transposition table, chance nodes and iterative deepening."""
    game = {"connect4": ConnectFour(), "tictactoe": TicTacToe(), "pig": Pig(20)}[game_name]
    _both_writers(game, game.initial_state(), settings, node_cap=node_cap)


@pytest.mark.skipif(NATIVE_WRITER is None, reason=NO_NATIVE)
def test_both_writers_record_a_failing_evaluation_the_same() -> None:
    """A search that fails at a node (no evaluation there) leaves the same recording."""
    tree = load_tree(
        """{"format": "gamesearch-tree", "version": 1, "root": {"type": "max", "children": [
        {"type": "min", "eval": 4, "children": [{"value": 3}, {"value": 4}]},
        {"type": "min", "eval": 2, "children": [{"value": 1}, {"value": 5}]},
        {"type": "min", "children": [{"value": 1}, {"value": 2}]}]}}"""
    )
    _both_writers(TreeGame(tree), tree.root, SearchSettings(Algorithm.ALPHABETA, depth=1))


@pytest.mark.skipif(NATIVE_WRITER is None, reason=NO_NATIVE)
@examples(40)
@given(tree=trees(chance=True, evals=True), depth=st.sampled_from([None, 1, 2]))
def test_both_writers_record_any_tree_the_same(tree: CustomTree, depth: int | None) -> None:
    algorithm = Algorithm.STAR1 if tree.has_chance else Algorithm.ALPHABETA
    _both_writers(TreeGame(tree), tree.root, SearchSettings(algorithm, depth=depth))


def test_a_copy_built_from_chunks_is_written_by_no_writer() -> None:
    """apply_chunk makes a recording a copy: its own writer, if any, is let go."""
    game = TicTacToe()
    original = SearchRecording(game)
    search(game, game.initial_state(), SearchSettings(depth=2), listener=original)
    copy = SearchRecording(game)
    copy.apply_chunk(original.take_chunk())
    assert not copy.native
    assert_same_columns(copy, original)


@pytest.mark.parametrize("native", WRITERS)
def test_a_recording_pickles_whichever_writer_wrote_it(native: bool) -> None:
    """A finished recording crosses processes whole (an exercise's answer key does)."""
    game = Pig(20)
    original = record(game, game.initial_state(), SearchSettings(Algorithm.STAR1, depth=3))
    recording = SearchRecording(game, native=native)
    recording.finish(
        search(
            game, game.initial_state(), SearchSettings(Algorithm.STAR1, depth=3), listener=recording
        )
    )
    copy = pickle.loads(pickle.dumps(recording))
    assert not copy.native
    assert_same_columns(copy, recording)
    assert_same_recording(copy, original)


def test_asking_for_the_native_writer_where_there_is_none_says_so(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(recording_module, "NATIVE_WRITER", None)
    with pytest.raises(RuntimeError, match="native recording writer is not available"):
        SearchRecording(TicTacToe(), native=True)
    assert not SearchRecording(TicTacToe()).native


@pytest.mark.parametrize("depth_limit", [None, 4])
def test_a_search_without_deepening_has_its_best_line_whatever_its_depth_limit(
    depth_limit: int | None,
) -> None:
    """The search tells a recording its depth limit (for the tree's label); the gold best
    line must still be drawn at the end, as the search's own answer says."""
    game = ConnectFour()
    recording = SearchRecording(game, depth_limit=depth_limit)
    result = search(
        game, game.initial_state(), SearchSettings(Algorithm.ALPHABETA, depth=4), listener=recording
    )
    recording.finish(result)
    line = recording.principal_variation()
    assert [recording.moves[n] for n in line[1:]] == list(result.principal_variation)
    assert Moment(recording, recording.event_count).principal_variation() == line
    assert Moment(recording, recording.event_count - 1).principal_variation() == []


class _Watched(array):  # type: ignore[type-arg]
    """A column that lets a reader look after each write, as the window's thread may
    between any two of apply_chunk's writes while the engine's chunks arrive."""

    look: Any = None

    def extend(self, values: Any) -> None:
        super().extend(values)
        self.look()

    def __setitem__(self, index: Any, value: Any) -> None:
        super().__setitem__(index, value)
        self.look()

    def __delitem__(self, index: Any) -> None:
        super().__delitem__(index)
        self.look()


def test_a_reader_between_any_two_writes_of_a_chunk_finds_every_cutoff_it_points_to() -> None:
    """The tree view lays out the moment while chunks arrive: a node's cutoff it sees
    must already be there (it was not: an IndexError in the view under load)."""
    game = ConnectFour()
    settings = SearchSettings(Algorithm.ALPHABETA, depth=4)
    original = SearchRecording(game)
    copy = SearchRecording(game)
    looks = [0]

    def look() -> None:
        looks[0] += 1
        moment = Moment(copy, copy.event_count)
        moment.snapshot()
        moment.principal_variation()
        for n in range(min(moment.limit, len(copy.cutoff_of))):
            moment.cutoff(n)  # raised IndexError when the node's cutoff was not there yet
            list(moment.spans(n))
            moment.window(n)
            moment.subtree_end(n)

    for name, column in vars(copy).items():
        if isinstance(column, array):
            watched = _Watched(column.typecode, column)
            watched.look = look
            setattr(copy, name, watched)
    calls = [0]

    def progress(_: object) -> None:
        calls[0] += 1
        copy.apply_chunk(original.take_chunk())

    search(game, game.initial_state(), settings, listener=original, progress=progress)
    copy.apply_chunk(original.take_chunk())
    assert len(original.cut_node) > 0 and looks[0] > 0 and calls[0] > 1
    assert_same_columns(copy, original)
