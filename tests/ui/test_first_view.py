"""Issue 24's first hour, the tree's part: a readable first view of any search, and never
a blank canvas.

Driven as a student would: the real main window at 1366×768 and 1920×1080, a game
against the AI (Connect Four searched to depth 10, chess to depth 4 after three moves),
the replay slider, the zoom buttons, View > Focus on the tree.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot

from gamesearch_gui.core.narration.facts import shown_value
from gamesearch_gui.core.recording.depth_first import NONE
from gamesearch_gui.core.recording.depth_first import SearchRecording
from gamesearch_gui.core.recording.moment import Moment
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import Ordering
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.ui.main_window import MainWindow
from gamesearch_gui.ui.play_config import PlayConfig
from gamesearch_gui.ui.play_config import Seats
from gamesearch_gui.ui.tree.canvas import TreeCanvas
from gamesearch_gui.ui.tree.item import READABLE_PX
from gamesearch_gui.ui.tree.item import Frame
from gamesearch_gui.ui.tree.page import TreePage
from gamesearch_gui.ui.tree.placement import overlap

SEARCH_MS = 180_000
SIZES = [(1366, 768), (1920, 1080)]


def open_window(qtbot: QtBot, tmp_path: Path, size: tuple[int, int]) -> MainWindow:
    store = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    made = MainWindow(store, recovery_path=str(tmp_path / "recovery.gtree.json"))
    made.pace_override_ms = 0
    qtbot.addWidget(made)
    made.resize(*size)
    made.show()
    qtbot.waitExposed(made)
    return made


@pytest.fixture
def no_boxes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(MainWindow, "_message", lambda self, title, html: None)


def connect_four_reply(qtbot: QtBot, window: MainWindow) -> TreePage:
    """The student plays the middle column; the AI replies after a depth-10 search."""
    search = SearchSettings(
        Algorithm.ALPHABETA, depth=10, ordering=Ordering.STATIC, transposition_table=True
    )
    window.new_game(PlayConfig(game="connect4", seats=Seats.HUMAN_FIRST, search=search))
    return play(qtbot, window, moves=1, pick=3)


def chess_three_moves(qtbot: QtBot, window: MainWindow) -> TreePage:
    """Three moves of White's, each answered by the AI's depth-4 search (its default)."""
    window.new_game(PlayConfig(game="chess", seats=Seats.HUMAN_FIRST))
    return play(qtbot, window, moves=3, pick=0)


def play(qtbot: QtBot, window: MainWindow, moves: int, pick: int) -> TreePage:
    panel = window.tree_panel
    for turn in range(moves):
        assert window.board is not None
        legal = list(window.game.actions(window.match.state))
        window.board.moveChosen.emit(legal[pick])
        qtbot.waitUntil(lambda t=turn: len(window.match.plies) == 2 * (t + 1), timeout=SEARCH_MS)
    qtbot.waitUntil(lambda: panel.controller.finished, timeout=SEARCH_MS)
    qtbot.waitExposed(panel.canvas)
    return panel


def painted(canvas: TreeCanvas) -> Frame:
    canvas.viewport().repaint()
    return canvas.tree_item.last_frame


def value_of(canvas: TreeCanvas, frame: Frame, recording: SearchRecording, n: int) -> bool:
    """Whether node ``n``'s value is written near it (within a slot and a level): "≤ 2"
    (or, where only that fits, "≤2") where it is only a bound."""
    centre = canvas.view_point_of(n)
    texts = {shown_value(recording, n), shown_value(recording, n, sep="")}
    return any(
        t.text in texts
        and abs(t.left + t.width / 2 - centre.x()) < 30
        and -10 < t.top - centre.y() < 30
        for t in frame.placed
    )


def assert_first_view(panel: TreePage) -> None:
    """The root, each of its children with its value, and the principal variation, in
    view; every other subtree one mark with its count; every label readable, none on
    another."""
    canvas = panel.canvas
    recording = canvas.recording
    assert recording is not None
    frame = painted(canvas)
    line = recording.principal_variation()
    root = line[0]
    children = list(Moment(recording, recording.event_count).children(root))
    assert len(children) > 1
    for n in (root, *children, *line):
        assert canvas.node_visible(n), n
        assert n in frame.nodes, n
    for n in (root, *children):
        assert value_of(canvas, frame, recording, n), (n, recording.value[n])
    for t in frame.placed:
        assert t.px >= READABLE_PX, t
    for a, b in itertools.combinations(frame.placed, 2):
        assert not overlap(a.box(), b.box()), (a, b)
    lay = canvas.tree_item.model.layout
    assert lay is not None and lay.marks
    assert {f"+{mark.nodes:,}" for mark in lay.marks} <= set(frame.texts)
    shown = len(frame.nodes)
    assert shown + sum(mark.nodes for mark in lay.marks) == recording.node_count


@pytest.mark.usefixtures("no_boxes")
@pytest.mark.parametrize("size", SIZES, ids=["1366x768", "1920x1080"])
def test_connect_four_depth_10_opens_readable_after_the_ais_reply(
    qtbot: QtBot, tmp_path: Path, size: tuple[int, int]
) -> None:
    window = open_window(qtbot, tmp_path, size)
    panel = connect_four_reply(qtbot, window)
    assert panel.recording is not None and panel.recording.node_count > 50_000
    assert_first_view(panel)
    window.close()


@pytest.mark.usefixtures("no_boxes")
@pytest.mark.parametrize("size", SIZES, ids=["1366x768", "1920x1080"])
def test_chess_depth_4_opens_readable_after_three_moves(
    qtbot: QtBot, tmp_path: Path, size: tuple[int, int]
) -> None:
    window = open_window(qtbot, tmp_path, size)
    panel = chess_three_moves(qtbot, window)
    assert_first_view(panel)
    window.close()


# -- never a blank canvas ---------------------------------------------------------------


def something_in_view(canvas: TreeCanvas) -> bool:
    frame = painted(canvas)
    return bool(frame.nodes or frame.runs or frame.marks)


@pytest.fixture
def c4_window(qtbot: QtBot, tmp_path: Path, no_boxes: None) -> Iterator[MainWindow]:
    window = open_window(qtbot, tmp_path, SIZES[0])
    connect_four_reply(qtbot, window)
    yield window
    window.close()


def test_connect_four_slider_to_2000_then_zoom_in_keeps_the_step_in_view(
    qtbot: QtBot, c4_window: MainWindow
) -> None:
    """The issue's reproduction: slider to event 2,000, press + three times."""
    panel = c4_window.tree_panel
    canvas = panel.canvas
    panel.replay_bar.moment_slider.setValue(2_000)
    assert panel.moment == 2_000
    for _ in range(3):
        panel.act_zoom_in.trigger()
    assert not canvas.following  # zooming by hand turned Follow off
    assert something_in_view(canvas)
    assert canvas.node_visible(canvas.current_node)


def test_chess_focus_one_to_one_slider_to_40_shows_the_tree(
    qtbot: QtBot, tmp_path: Path, no_boxes: None
) -> None:
    """The issue's reproduction: Ctrl+T, 1:1, slider to event 40."""
    window = open_window(qtbot, tmp_path, SIZES[0])
    panel = chess_three_moves(qtbot, window)
    canvas = panel.canvas
    window.act_focus_tree.trigger()
    qtbot.waitUntil(lambda: canvas.height() > window.height() * 0.5)
    panel.act_reset_zoom.trigger()
    panel.replay_bar.moment_slider.setValue(40)
    assert panel.moment == 40
    assert something_in_view(canvas)
    current = canvas.current_node
    assert canvas.node_visible(current) or canvas.step_pointer
    window.close()


def test_when_nothing_of_the_tree_is_in_view_the_canvas_says_so_and_goes_back(
    qtbot: QtBot, c4_window: MainWindow
) -> None:
    panel = c4_window.tree_panel
    canvas = panel.canvas
    panel.act_whole.trigger()  # the whole tree keeps its end's frame while replayed
    panel.act_reset_zoom.trigger()
    bar = canvas.horizontalScrollBar()
    bar.setValue(bar.maximum())  # the far right of the finished tree
    panel.replay_bar.moment_slider.setValue(40)  # the tree is at the far left then
    assert not something_in_view(canvas)
    qtbot.waitUntil(lambda: canvas.shows_nothing)
    note = canvas.signposts.note
    assert note.isVisible() and note.step_button.isVisible()
    assert "No part of the tree is in view" in note.label.text()
    note.step_button.click()
    assert canvas.node_visible(canvas.current_node)
    qtbot.waitUntil(lambda: not canvas.shows_nothing)
    assert not canvas.following  # the view moved; following stays as the person left it


def test_stepping_with_follow_off_says_where_the_step_is(
    qtbot: QtBot, c4_window: MainWindow
) -> None:
    panel = c4_window.tree_panel
    canvas = panel.canvas
    panel.replay_bar.moment_slider.setValue(3_000)
    for _ in range(6):
        panel.act_zoom_in.trigger()  # close in: Follow off
    assert not canvas.following
    step = canvas.current_node
    assert canvas.node_visible(step)
    # Step on until the step's node is out of view: the pointer says which way.
    for _ in range(400):
        panel.replay_bar.forward_button.click()
        if not canvas._seen(canvas.current_node):
            break
    current = canvas.current_node
    assert current != NONE and not canvas._seen(current)
    qtbot.waitUntil(lambda: canvas.step_pointer != "")
    point = canvas.view_point_of(current)
    viewport = canvas.viewport().rect()
    expected = (
        "left"
        if point.x() < 0
        else "right"
        if point.x() > viewport.width()
        else "up"
        if point.y() < 0
        else "down"
    )
    assert canvas.step_pointer == expected
    canvas.signposts.pointer.click()
    assert canvas._seen(current)
    qtbot.waitUntil(lambda: canvas.step_pointer == "")
