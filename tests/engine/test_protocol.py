"""What crosses the pipe: a recording's chunks, their big arrays as frames of their own."""

from __future__ import annotations

import pickle

import pytest

from gamesearch_gui.core.games import ConnectFour
from gamesearch_gui.core.recording.depth_first import SearchRecording
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import search
from gamesearch_gui.core.trees.file import load_tree
from gamesearch_gui.core.trees.tree import TreeGame
from gamesearch_gui.engine import protocol
from gamesearch_gui.engine.protocol import Report
from gamesearch_gui.engine.protocol import dumps_framed
from gamesearch_gui.engine.protocol import join_frames
from gamesearch_gui.engine.protocol import loads
from gamesearch_gui.engine.protocol import split_frames
from tests.core.test_recording import assert_same_columns


def _cross(report: Report, game: object) -> tuple[Report, int, int]:
    """``report`` pickled with its frames, and read back from the one message of frames
    (as the pipe delivers it); with the pickle's size and the frames' bytes."""
    payload, frames = dumps_framed(report, game)  # type: ignore[arg-type]
    sizes = [frame.nbytes for frame in frames]
    received = split_frames(join_frames(frames), sizes)
    back = loads(payload, game, received)  # type: ignore[arg-type]
    assert isinstance(back, Report)
    return back, len(payload), sum(frame.nbytes for frame in frames)


def test_a_big_chunks_columns_cross_as_frames_and_arrive_whole() -> None:
    game = ConnectFour()
    original = SearchRecording(game)
    result = search(
        game, game.initial_state(), SearchSettings(Algorithm.ALPHABETA, depth=7), listener=original
    )
    original.finish(result)
    back, pickled, framed = _cross(Report(None, original.take_chunk(), result=result), game)
    # The columns (tens of thousands of nodes, 8 bytes a node each) went as frames.
    assert original.node_count > 10_000
    assert framed > 10 * 8 * original.node_count
    assert pickled < framed // 4
    copy = SearchRecording(game)
    assert back.chunk is not None
    copy.apply_chunk(back.chunk)
    copy.finish(back.result)
    assert_same_columns(copy, original)


def test_a_drawn_trees_chunk_crosses_framed_with_its_states_as_paths(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(protocol, "FRAME_BYTES", 1)  # every array as a frame
    tree = load_tree("[[3,12,8],[2,4,6],[14,5,2]]", "figure")
    game = TreeGame(tree)
    original = SearchRecording(game)
    search(game, tree.root, SearchSettings(), listener=original)
    back, _, framed = _cross(Report(None, original.take_chunk()), game)
    assert framed > 0
    copy = SearchRecording(game)
    assert back.chunk is not None
    copy.apply_chunk(back.chunk)
    assert_same_columns(copy, original)
    assert copy.state(0) is tree.root  # the window's own node, not a copy of it


def test_without_frames_a_framed_pickle_cannot_be_read() -> None:
    """The frames are part of the message: a reader that skips them fails loudly."""
    game = ConnectFour()
    original = SearchRecording(game)
    search(game, game.initial_state(), SearchSettings(depth=5), listener=original)
    payload, frames = dumps_framed(Report(None, original.take_chunk()), game)
    assert frames
    with pytest.raises(pickle.UnpicklingError):
        loads(payload, game)


def test_frames_that_do_not_fill_their_message_are_refused() -> None:
    with pytest.raises(ValueError, match="frames of 3 bytes in a message of 4"):
        split_frames(b"abcd", [1, 2])
