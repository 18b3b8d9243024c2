"""A search bound to a tree panel: recorded in the engine process, shown growing, handed
to the page once, and the same tree state for state as a search recorded in place."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from gamesearch_gui.core.games import ConnectFour
from gamesearch_gui.core.games import TicTacToe
from gamesearch_gui.core.narration.steps import describe_step
from gamesearch_gui.core.recording.depth_first import SearchRecording
from gamesearch_gui.core.recording.moment import Moment
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import Ordering
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import search
from gamesearch_gui.core.trees.examples import example
from gamesearch_gui.core.trees.tree import TreeGame
from gamesearch_gui.ui.purpose import Purpose
from gamesearch_gui.ui.recorded_search import RecordedSearch
from gamesearch_gui.ui.tree.page import TreePage
from gamesearch_gui.ui.worker import SearchController

TIMEOUT_MS = 60_000


@pytest.fixture
def bound(qtbot: QtBot) -> Iterator[tuple[RecordedSearch, TreePage]]:
    panel = TreePage()
    qtbot.addWidget(panel)
    panel.show()
    controller = SearchController()
    searches = RecordedSearch(controller, panel)
    yield searches, panel
    controller.shutdown()


def local_recording(game: Any, state: Any, settings: SearchSettings) -> SearchRecording:
    recording = SearchRecording(game)
    recording.finish(search(game, state, settings, listener=recording))
    return recording


CASES = [
    ("tictactoe alpha-beta", TicTacToe(), SearchSettings(Algorithm.ALPHABETA)),
    (
        "connect four, deepening with previous-best ordering",
        ConnectFour(),
        SearchSettings(
            Algorithm.ALPHABETA, depth=4, ordering=Ordering.PREVIOUS_BEST, transposition_table=True
        ),
    ),
    ("a drawn tree with chance nodes", TreeGame(example("chance-scaled").tree()), SearchSettings()),
]


@pytest.mark.parametrize(("name", "game", "settings"), CASES, ids=[c[0] for c in CASES])
def test_the_tree_from_the_engine_is_the_tree_recorded_in_place_state_for_state(
    qtbot: QtBot,
    bound: tuple[RecordedSearch, TreePage],
    name: str,
    game: Any,
    settings: SearchSettings,
) -> None:
    searches, panel = bound
    state = game.initial_state()
    if name.startswith("a drawn"):
        settings = SearchSettings(Algorithm.EXPECTIMINIMAX)
    here = local_recording(game, state, settings)
    seen_live: list[int] = []
    searches.controller.recorded.connect(seen_live.append)
    with qtbot.waitSignal(searches.finished, timeout=TIMEOUT_MS) as done:
        request = searches.start(game, state, settings, purpose=Purpose.MOVE, title=name)
    assert done.args[0] is request
    there = request.recording
    assert there is not None and there is panel.recording
    # Finished once, by the worker; the panel shows the end.
    assert there.result is done.args[1]
    assert panel.controller.finished and panel.moment == there.event_count
    assert there.event_count == here.event_count and there.node_count == here.node_count
    # The same tree at the start, at every moment published live, and at the end.
    moments = {0, 1, there.event_count // 3, there.event_count} | set(seen_live)
    for k in [*sorted(moments)[:: max(1, len(moments) // 40)], there.event_count]:
        assert Moment(there, k).snapshot() == Moment(here, k).snapshot(), f"moment {k}"
    assert there.principal_variation() == here.principal_variation()
    assert [describe_step(there, s) for s in range(0, there.event_count, 97)] == [
        describe_step(here, s) for s in range(0, here.event_count, 97)
    ]


def test_a_replaced_search_is_never_reported_and_its_tree_not_shown(
    qtbot: QtBot, bound: tuple[RecordedSearch, TreePage]
) -> None:
    searches, panel = bound
    game = ConnectFour()
    reported: list[Any] = []
    searches.finished.connect(lambda request, result: reported.append(request))
    first = searches.start(
        game, game.initial_state(), SearchSettings(depth=14), purpose=Purpose.MOVE
    )
    qtbot.waitUntil(lambda: panel.controller.published > 0, timeout=TIMEOUT_MS)
    small = game.initial_state()
    with qtbot.waitSignal(searches.finished, timeout=TIMEOUT_MS):
        second = searches.start(game, small, SearchSettings(depth=2), purpose=Purpose.MOVE)
    qtbot.wait(200)
    assert reported == [second]
    assert panel.recording is second.recording is not first.recording
    assert searches.request is None


def test_an_unrecorded_search_leaves_the_panel_alone(
    qtbot: QtBot, bound: tuple[RecordedSearch, TreePage]
) -> None:
    searches, panel = bound
    game = TicTacToe()
    with qtbot.waitSignal(searches.finished, timeout=TIMEOUT_MS) as done:
        request = searches.start(
            game,
            game.initial_state(),
            SearchSettings(depth=3),
            purpose=Purpose.ANALYSIS,
            record=False,
        )
    assert request.recording is None and panel.recording is None
    assert done.args[1].stats.nodes > 0
