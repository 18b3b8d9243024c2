"""A recorded search at one moment: the one place that says which nodes exist and where."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from gamesearch_gui.core.games import ConnectFour
from gamesearch_gui.core.games import Pig
from gamesearch_gui.core.games import TicTacToe
from gamesearch_gui.core.recording.depth_first import ITERATION_GAP
from gamesearch_gui.core.recording.depth_first import NONE
from gamesearch_gui.core.recording.depth_first import SearchRecording
from gamesearch_gui.core.recording.events import NodeKind
from gamesearch_gui.core.recording.moment import Depths
from gamesearch_gui.core.recording.moment import Moment
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import Ordering
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import search
from gamesearch_gui.core.trees.file import load_tree
from gamesearch_gui.core.trees.tree import TreeGame
from tests.core.test_recording import record

FIGURE_5_2 = "[[3,12,8],[2,4,6],[14,5,2]]"


@pytest.fixture(scope="module")
def deepening() -> SearchRecording:
    """Iterative deepening to depth 4, the previous best line tried first."""
    game = ConnectFour()
    settings = SearchSettings(
        Algorithm.ALPHABETA, depth=4, ordering=Ordering.PREVIOUS_BEST, transposition_table=True
    )
    return record(game, game.initial_state(), settings)


@pytest.fixture(scope="module")
def figure_5_2() -> SearchRecording:
    tree = load_tree(FIGURE_5_2)
    return record(TreeGame(tree), tree.root, SearchSettings(Algorithm.ALPHABETA))


@pytest.fixture(scope="module")
def chance() -> SearchRecording:
    game = Pig(20)
    return record(game, game.initial_state(), SearchSettings(Algorithm.STAR1, depth=3))


def moments(rec: SearchRecording, step: int = 1) -> list[Moment]:
    return [Moment(rec, k) for k in [*range(0, rec.event_count, step), rec.event_count]]


def test_nothing_has_happened_at_moment_zero(figure_5_2: SearchRecording) -> None:
    start = Moment(figure_5_2, 0)
    assert (start.limit, start.slots) == (0, 0)
    assert start.roots() == [] and start.open_path() == [] and start.snapshot() == []
    assert not start.is_over() and start.principal_variation() == []


def test_iterations_count_each_gap_once(deepening: SearchRecording) -> None:
    """With previous-best ordering the iterations stand side by side, ITERATION_GAP
    free slots apart, and the slots taken are exactly the slots the tree uses."""
    rec = deepening
    end = Moment(rec, rec.event_count)
    roots = end.roots()
    assert [rec.depth[r] for r in roots] == [0, 0, 0, 0] and len(roots) == len(rec.iterations)
    assert end.slots == max(rec.last_slot) + 1 == end.extent(roots[-1])[1] + 1
    for left, right in itertools.pairwise(roots):
        assert end.extent(right)[0] - end.extent(left)[1] - 1 == ITERATION_GAP
    for root in roots[1:]:
        # Just after a root is entered, it sits on the newest slot: its gap counted once.
        entered = Moment(rec, rec.entered_at[root] + 1)
        assert entered.slots == rec.first_slot[root] == end.extent(root)[0]
        assert root not in Moment(rec, rec.entered_at[root]).roots()
        assert entered.roots()[-1] == root


def test_every_node_lies_within_its_extent_and_the_slots_taken(
    deepening: SearchRecording,
) -> None:
    for now in moments(deepening, 7):
        for n in range(now.limit):
            first, last = now.extent(n)
            assert first <= now.x(n) <= last <= max(first, now.slots - 1)
            for child, c_first, c_last, x in now.spans(n):
                assert (c_first, c_last) == now.extent(child) and x == now.x(child)
                # Within the parent's slots; an open child may sit on the next free one.
                assert first <= c_first <= c_last <= max(last, now.slots)


def test_a_cutoff_shows_from_its_event_on_and_takes_a_slot(figure_5_2: SearchRecording) -> None:
    rec = figure_5_2
    (cut,) = rec.cutoffs
    c = cut.node  # MIN node C: its first leaf 2 <= alpha 3 prunes the other two
    before, after = Moment(rec, cut.seq), Moment(rec, cut.seq + 1)
    assert before.cutoff(c) is None and after.cutoff(c) == cut
    assert after.slots == before.slots + 1 == cut.slot + 1
    end = Moment(rec, rec.event_count)
    assert end.slots == 8  # seven leaves and one stub
    (leaf,) = end.children(c)
    assert end.extent(c) == (rec.first_slot[leaf], cut.slot)
    assert end.x(c) == (end.x(leaf) + cut.slot) / 2
    assert end.has_children(c) and end.subtree_size(c) == 2
    assert end.is_over() and [rec.depth[n] for n in end.principal_variation()] == [0, 1, 2]


def test_chance_nodes_centre_over_their_outcomes(chance: SearchRecording) -> None:
    rec = chance
    end = Moment(rec, rec.event_count)
    searched = [
        n for n in range(end.limit) if rec.node_kind(n) is NodeKind.CHANCE and end.has_children(n)
    ]
    assert searched and any(end.cutoff(n) for n in searched)  # Star1 pruned some
    for n in searched:
        kids = list(end.children(n))
        cut = end.cutoff(n)
        if cut is None:
            assert sum(rec.probability[c] for c in kids) == pytest.approx(1.0)
        right = cut.slot if cut else end.x(kids[-1])
        assert end.x(n) == (end.x(kids[0]) + right) / 2
        assert end.extent(n)[0] == end.extent(kids[0])[0]


def test_a_moment_in_the_middle_of_a_search(deepening: SearchRecording) -> None:
    rec = deepening
    k = rec.event_count // 2
    now = Moment(rec, k)
    assert 0 < now.limit < rec.node_count and not now.is_over()
    assert now.principal_variation() == []
    path = now.open_path()
    assert path[0] == now.roots()[-1] and rec.parent[path[-1]] in (NONE, *path)
    assert all(not now.is_valued(n) for n in path)
    for n in path:
        # An open node reaches to the newest slot, and its subtree to the newest node.
        assert now.extent(n)[1] == max(rec.first_slot[n], now.slots - 1)
        assert now.subtree_end(n) == now.limit
        assert all(child < now.limit for child in now.children(n))
    # Later moments add nodes and slots, never take them away.
    later = Moment(rec, k + 50)
    assert later.limit >= now.limit and later.slots >= now.slots


def test_a_moment_stays_true_while_the_recording_grows() -> None:
    """What a moment says while the search is still writing is what it says afterwards."""
    game = TicTacToe()
    rec = SearchRecording(game)
    seen: list[tuple[int, list[tuple[Any, ...]], list[int]]] = []

    def progress(_: object) -> None:
        now = Moment(rec, rec.event_count)
        seen.append((now.k, now.snapshot(), now.open_path()))

    settings = SearchSettings(Algorithm.ALPHABETA, depth=5)
    rec.finish(search(game, game.initial_state(), settings, listener=rec, progress=progress))
    assert seen
    for k, snapshot, path in seen:
        assert Moment(rec, k).snapshot() == snapshot
        assert Moment(rec, k).open_path() == path


def test_what_changes_between_two_moments_is_right_of_the_changed_slot(
    deepening: SearchRecording,
) -> None:
    rec = deepening
    ks = [*range(0, rec.event_count + 1, 13), rec.event_count]
    for a, b in itertools.pairwise(ks):
        early, late = Moment(rec, a), Moment(rec, b)
        leftmost = early.first_changed_slot(b)
        assert leftmost == late.first_changed_slot(a)
        before, after = early.snapshot(), late.snapshot()
        for n, row in enumerate(after):
            if n < len(before) and before[n] == row:
                continue
            assert rec.first_slot[n] >= leftmost, (a, b, n)
            if n >= len(before) and rec.parent[n] >= 0:
                assert rec.first_slot[rec.parent[n]] >= leftmost, (a, b, n)
    assert Moment(rec, 5).first_changed_slot(5) == Moment(rec, 5).slots


def test_depths_at_any_moment_in_any_order(deepening: SearchRecording) -> None:
    rec = deepening
    depths = Depths(rec)
    for now in reversed(moments(rec, 11)):
        assert depths.deepest(now) == max(rec.depth[: now.limit], default=0)
        for n in range(0, now.limit, 5):
            assert depths.subtree(now, n) == max(rec.depth[n : now.subtree_end(n)])


def test_the_current_node_is_the_node_each_event_speaks_of(
    figure_5_2: SearchRecording, deepening: SearchRecording
) -> None:
    """The node the explanation line describes at each moment, which the view marks."""
    rec = figure_5_2
    assert Moment(rec, 0).current() == NONE
    assert Moment(rec, 1).current() == 0  # the root entered
    for k in range(1, rec.event_count + 1):
        current = Moment(rec, k).current()
        if rec.entered_at[current] == k - 1 or rec.valued_at[current] == k - 1:
            continue
        (cut,) = [c for c in rec.cutoffs if c.seq == k - 1]  # else: its cutoff
        assert cut.node == current
    assert Moment(rec, rec.event_count).current() == 0  # the root, valued last
    # Iterative deepening: an iteration's start and end speak of its root.
    for it in deepening.iterations:
        assert Moment(deepening, it.finished + 1).current() == it.root
