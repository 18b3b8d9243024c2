"""A node's alpha-beta window at every moment (``Moment.window``): what the tree draws, the
details list and the step words say, checked against the search written again."""

from __future__ import annotations

import math

import pytest

from gamesearch_gui.core.narration.steps import describe_step
from gamesearch_gui.core.recording.depth_first import SearchRecording
from gamesearch_gui.core.recording.moment import Moment
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import search
from gamesearch_gui.core.trees.examples import example
from gamesearch_gui.core.trees.random_tree import random_tree
from gamesearch_gui.core.trees.tree import CustomTree
from gamesearch_gui.core.trees.tree import TreeGame
from tests.core.window_reference import reference_windows

INF = math.inf


def recorded(tree: CustomTree, algorithm: Algorithm, *, fail_hard: bool = False) -> SearchRecording:
    game = TreeGame(tree)
    recording = SearchRecording(game, fail_hard=fail_hard, paranoid=algorithm is Algorithm.PARANOID)
    settings = SearchSettings(algorithm, fail_hard=fail_hard)
    recording.finish(search(game, tree.root, settings, listener=recording))
    return recording


def three_players(seed: int) -> CustomTree:
    return random_tree(4, (2, 3), (0, 9), seed=seed, players=3)


CASES = [
    ("figure 5.2, fail-soft", example("figure-5-2").tree(), Algorithm.ALPHABETA, False),
    ("figure 5.2, fail-hard", example("figure-5-2").tree(), Algorithm.ALPHABETA, True),
    *(
        (f"random {seed}, {soft}", random_tree(4, (2, 4), seed=seed), Algorithm.ALPHABETA, hard)
        for seed in (1, 7, 24)
        for soft, hard in (("fail-soft", False), ("fail-hard", True))
    ),
    *(
        (f"three players {seed}, paranoid", three_players(seed), Algorithm.PARANOID, False)
        for seed in (2, 5)
    ),
]


@pytest.mark.parametrize(
    ("tree", "algorithm", "fail_hard"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_every_nodes_window_at_every_event_is_the_searchs(
    tree: CustomTree, algorithm: Algorithm, fail_hard: bool
) -> None:
    recording = recorded(tree, algorithm, fail_hard=fail_hard)
    expected = reference_windows(tree, fail_hard=fail_hard)
    assert len(expected) == recording.event_count
    paths = [recording.state(n).path for n in range(recording.node_count)]
    for k in range(1, recording.event_count + 1):
        now = Moment(recording, k)
        shown = {paths[n]: now.window(n) for n in range(now.limit)}
        assert shown == expected[k - 1], f"after event {k}: {describe_step(recording, k - 1)}"


def test_figure_5_2_root_takes_alpha_3_when_c_is_entered_with_it() -> None:
    # Event 9: B is valued 3; event 10: C is entered with α = 3, A's window from then on.
    recording = recorded(example("figure-5-2").tree(), Algorithm.ALPHABETA)
    assert describe_step(recording, 9) == "Move a2 leads to MIN node C, entered with α = 3, β = +∞"
    assert Moment(recording, 9).window(0) == (-INF, INF)
    assert Moment(recording, 10).window(0) == (3, INF)
    assert Moment(recording, 22).window(0) == (3, INF)


def test_a_chance_node_keeps_the_window_it_was_given() -> None:
    # Star1 hands gamble 2's outcome a window of its own (α 1.889); gamble 2 keeps (2.1, +∞).
    recording = recorded(example("chance-small").tree(), Algorithm.STAR1)
    gamble = 4
    assert recording.state(gamble).label == "gamble 2"
    for k in range(recording.entered_at[gamble] + 1, recording.event_count + 1):
        assert Moment(recording, k).window(gamble) == (2.1, INF)
    assert Moment(recording, 8).window(0) == (2.1, INF)  # gamble 2 entered with α = 2.1
