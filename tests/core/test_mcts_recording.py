"""The recording of a Monte Carlo tree search: rebuilt at any event, sent in chunks,
worded step by step."""

from __future__ import annotations

import math
import pickle
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamesearch_gui.core.game import Game
from gamesearch_gui.core.games import ConnectFour
from gamesearch_gui.core.games import Pig
from gamesearch_gui.core.games import TicTacToe
from gamesearch_gui.core.narration.mcts import describe
from gamesearch_gui.core.narration.mcts import describe_event
from gamesearch_gui.core.recording.events import BackPropagated
from gamesearch_gui.core.recording.events import EventStream
from gamesearch_gui.core.recording.events import NodeExpanded
from gamesearch_gui.core.recording.events import NodeSelected
from gamesearch_gui.core.recording.events import SearchEvent
from gamesearch_gui.core.recording.mcts import BACKPROPAGATED
from gamesearch_gui.core.recording.mcts import MctsMoment
from gamesearch_gui.core.recording.mcts import MctsRecording
from gamesearch_gui.core.recording.mcts import iteration_step
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import SearchResult
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import search
from gamesearch_gui.core.trees.file import load_tree_file
from gamesearch_gui.core.trees.tree import TreeGame
from tests.properties import examples

FIGURE_5_2 = Path(__file__).parents[2] / "resources" / "trees" / "figure-5-2.gtree.json"


class _Both:
    """Feeds one search's events to a recording and to a plain event list."""

    def __init__(self, recording: MctsRecording) -> None:
        self.recording = recording
        self.events: list[SearchEvent] = []

    def __call__(self, event: SearchEvent) -> None:
        self.events.append(event)
        self.recording(event)


def record(
    game: Game[Any, Any], iterations: int, seed: int = 1, **options: Any
) -> tuple[MctsRecording, SearchResult]:
    """An MCTS search of ``game`` from its start, recorded."""
    recording = MctsRecording(game, **options)
    settings = SearchSettings(Algorithm.MCTS, iterations=iterations, seed=seed)
    result = search(game, game.initial_state(), settings, listener=recording)
    recording.finish(result)
    return recording, result


def replayed_from_events(events: list[SearchEvent]) -> list[list[tuple[int, float]]]:
    """(N, Q) of every node after each event, by running the events on a plain tree."""
    visits: list[int] = []
    totals: list[float] = []
    snapshots = [[]]  # before any event: no tree
    for event in events:
        if isinstance(event, NodeExpanded):
            visits.append(0)
            totals.append(0.0)
        if isinstance(event, BackPropagated):
            for n in event.node_ids:
                visits[n] += 1
                totals[n] += event.reward
        snapshots.append([(v, round(q, 9)) for v, q in zip(visits, totals, strict=True)])
    return snapshots


@pytest.mark.parametrize(("game", "iterations"), [(TicTacToe(), 300), (Pig(), 120)])
def test_rebuilding_at_every_event_equals_the_search_snapshotted_there(
    game: Game[Any, Any], iterations: int
) -> None:
    recording = MctsRecording(game)
    both = _Both(recording)
    settings = SearchSettings(Algorithm.MCTS, iterations=iterations, seed=5)
    search(game, game.initial_state(), settings, listener=both)
    expected = replayed_from_events(both.events)
    assert recording.event_count == len(both.events)  # one recorded event per event
    moment = MctsMoment(recording)
    for k in range(recording.event_count + 1):
        moment.seek(k)
        assert moment.snapshot() == expected[k], k
    # And backwards, one event at a time, the same trees again.
    for k in range(recording.event_count, -1, -1):
        moment.seek(k)
        assert moment.snapshot() == expected[k], k


def test_a_selection_sees_the_ucb_scores_the_search_computed() -> None:
    recording = MctsRecording(TicTacToe())
    both = _Both(recording)
    settings = SearchSettings(Algorithm.MCTS, iterations=200, seed=2)
    search(TicTacToe(), TicTacToe().initial_state(), settings, listener=both)
    moment = MctsMoment(recording)
    checked = 0
    for seq, event in enumerate(both.events, start=1):
        if isinstance(event, NodeSelected):
            moment.seek(seq)  # the moment before the selection: seq events happened
            for child in event.children:
                assert moment.visits[child.node_id] == child.visits
                terms = moment.ucb(child.node_id)
                assert terms is not None and child.ucb is not None
                assert terms[2] == pytest.approx(child.ucb)
                checked += 1
    assert checked > 100


@pytest.mark.parametrize("game", [TicTacToe(), ConnectFour(), Pig()])
def test_the_root_is_visited_once_an_iteration_and_every_n_adds_up(game: Game[Any, Any]) -> None:
    recording, result = record(game, 400)
    moment = MctsMoment(recording, recording.event_count)
    assert moment.visits[0] == result.stats.iterations == 400
    ended_at: dict[int, int] = {}
    for seq in range(recording.event_count):
        if recording.ev_type[seq] == BACKPROPAGATED:
            n = recording.ev_ref[seq]
            ended_at[n] = ended_at.get(n, 0) + 1
    for n in range(recording.node_count):
        children = sum(moment.visits[c] for c in moment.children(n))
        assert moment.visits[n] == children + ended_at.get(n, 0), n
    # The root's children's N, as the search reported them.
    visits = {recording.moves[c]: moment.visits[c] for c in moment.children(0)}
    assert visits == {m.move: m.visits for m in result.root_moves}


def test_the_same_seed_records_the_same_search() -> None:
    one, result_one = record(ConnectFour(), 300, seed=9)
    two, result_two = record(ConnectFour(), 300, seed=9)
    for name in ("parent", "kind", "expanded_at", "ev_type", "ev_ref", "ev_value", "playout_end"):
        assert getattr(one, name).tobytes() == getattr(two, name).tobytes(), name
    assert one.moves == two.moves and one.playout_moves == two.playout_moves
    assert result_one.best_move == result_two.best_move
    other, _ = record(ConnectFour(), 300, seed=10)
    assert other.ev_ref != one.ev_ref


@given(st.lists(st.integers(min_value=1, max_value=400), min_size=1, max_size=6))
@examples(15)
def test_chunks_rebuild_the_same_recording(cuts: list[int]) -> None:
    game = TicTacToe()
    source = MctsRecording(game)
    copy = MctsRecording(game)
    marks = sorted(set(cuts))
    seen = 0

    def listener(event: SearchEvent) -> None:
        nonlocal seen
        source(event)
        seen += 1
        if marks and seen == marks[0]:
            marks.pop(0)
            copy.apply_chunk(pickle.loads(pickle.dumps(source.take_chunk())))

    settings = SearchSettings(Algorithm.MCTS, iterations=80, seed=4)
    search(game, game.initial_state(), settings, listener=EventStream(listener))
    copy.apply_chunk(pickle.loads(pickle.dumps(source.take_chunk())))
    assert copy.event_count == source.event_count
    for seq in range(source.event_count):
        assert describe_event(copy, seq) == describe_event(source, seq)
    assert (
        MctsMoment(copy, copy.event_count).snapshot()
        == MctsMoment(source, source.event_count).snapshot()
    )


def test_the_node_cap_ends_the_recording_after_a_whole_iteration() -> None:
    recording, result = record(TicTacToe(), 500, node_cap=50)
    assert recording.capped and recording.node_count == 50
    assert recording.ev_type[recording.event_count - 1] == BACKPROPAGATED
    assert result.stats.iterations == 500  # the search itself went on
    assert MctsMoment(recording, recording.event_count).visits[0] == 49


def test_stepping_by_iteration_stops_where_one_iteration_ends() -> None:
    recording, _ = record(TicTacToe(), 30)
    k = 0
    stops = []
    while k < recording.event_count:
        k = iteration_step(recording, k, forward=True)
        stops.append(k)
    assert len(stops) == 31  # the root alone, then the end of each iteration
    assert all(recording.ev_type[s - 1] == BACKPROPAGATED for s in stops[1:])
    assert [MctsMoment(recording, s).visits[0] for s in stops] == list(range(31))
    back = []
    while k > 0:
        k = iteration_step(recording, k, forward=False)
        back.append(k)
    assert back == [*stops[-2::-1], 0]


def test_each_phase_is_said_in_plain_words() -> None:
    recording, _ = record(TicTacToe(), 200, seed=3)
    texts = [describe_event(recording, seq) for seq in range(recording.event_count)]
    assert texts[0].startswith("Start: the tree is the root alone, a MAX node")
    assert texts[1] == "Iteration 1 begins at the root (N=0, Q/N=–)."
    assert texts[2].startswith("Expansion: adds MIN node after ")
    assert texts[3].startswith("Playout: ") and " random moves to " in texts[3]
    assert texts[4].startswith("Back-propagation: ")
    assert texts[4].endswith("added to 2 nodes on the path; root now N=1, Q/N=" + texts[4][-3:])
    selections = [t for t in texts if t.startswith("Selection: at MAX node at the root")]
    assert selections
    # "0.61 + 1.41·√(ln 120 / 9) = 1.12": the sum's numbers add up.
    words = selections[-1].split("UCB picks move ")[1]
    rate, rest = words.split(": ", 1)[1].split(" + ")
    score = float(rest.split(" = ")[1].split(",")[0])
    inside = rest.split("√(ln ")[1].split(")")[0]
    parent, child = (int(x.replace(",", "")) for x in inside.split(" / "))
    assert score == pytest.approx(
        float(rate) + 1.41 * math.sqrt(math.log(parent) / child), abs=0.02
    )


def test_a_playout_from_a_finished_game_and_a_chance_draw_are_said_so() -> None:
    recording, _ = record(Pig(), 150, seed=1)
    texts = [describe_event(recording, seq) for seq in range(recording.event_count)]
    assert any(
        t.startswith("Selection: at chance node") and "chance draws outcome" in t for t in texts
    )
    assert any("probability 1/6" in t for t in texts)
    # Figure 5.2's nine leaves: each is added once, then reached again and again.
    tree = TreeGame(load_tree_file(FIGURE_5_2))
    tiny, _ = record(tree, 60, seed=1)
    moment = MctsMoment(tiny)
    words = []
    for seq in range(tiny.event_count):
        moment.seek(seq + 1)
        words.append(describe(moment))
    assert words == [describe_event(tiny, seq) for seq in range(tiny.event_count)]
    assert any(w.startswith("Playout: none needed, leaf after ") for w in words)
    again = [w for w in words if "reached again" in w]
    assert again and again[-1].startswith("Back-propagation: +")
    assert "Playout: 1 random move to a result of 8 (+8)." in words  # not "a draw"
