"""The search-tree canvas: what it draws at each moment, how it zooms, pans, selects,
collapses and exports, and that a large tree paints a bounded number of shapes."""

from __future__ import annotations

import itertools
import math
import xml.etree.ElementTree as ElementTree
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QEvent
from PySide6.QtCore import QPoint
from PySide6.QtCore import QPointF
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage
from PySide6.QtGui import QMouseEvent
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from gamesearch_gui.core.games import ConnectFour
from gamesearch_gui.core.games import Pig
from gamesearch_gui.core.games import TicTacToe
from gamesearch_gui.core.recording.depth_first import NONE
from gamesearch_gui.core.recording.depth_first import SearchRecording
from gamesearch_gui.core.recording.moment import Moment
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import Ordering
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import search
from gamesearch_gui.core.trees.file import load_tree
from gamesearch_gui.core.trees.tree import TreeGame
from gamesearch_gui.ui.tree.camera import LEGIBLE_ZOOM
from gamesearch_gui.ui.tree.camera import MAX_ZOOM
from gamesearch_gui.ui.tree.canvas import TreeCanvas
from gamesearch_gui.ui.tree.geometry import SLOT_W
from gamesearch_gui.ui.tree.item import Frame
from gamesearch_gui.ui.tree.minimap import TreeMinimap

FIGURE_5_2 = "[[3,12,8],[2,4,6],[14,5,2]]"


def _record(game: Any, state: Any, settings: SearchSettings, *, finish: bool = True) -> Any:
    recording = SearchRecording(game)
    result = search(game, state, settings, listener=recording)
    if finish:
        recording.finish(result)
    return recording


@pytest.fixture(scope="module")
def figure_5_2() -> SearchRecording:
    tree = load_tree(FIGURE_5_2)
    return _record(TreeGame(tree), tree.root, SearchSettings())


@pytest.fixture(scope="module")
def connect4_deepening() -> SearchRecording:
    game = ConnectFour()
    settings = SearchSettings(
        Algorithm.ALPHABETA, depth=4, ordering=Ordering.PREVIOUS_BEST, transposition_table=True
    )
    return _record(game, game.initial_state(), settings)


@pytest.fixture(scope="module")
def large() -> SearchRecording:
    """Connect Four minimax to depth 6: 137,257 nodes."""
    game = ConnectFour()
    return _record(game, game.initial_state(), SearchSettings(Algorithm.MINIMAX, depth=6))


@pytest.fixture(scope="module")
def live_large() -> SearchRecording:
    """The same search with no result yet: the canvas treats it as running."""
    game = ConnectFour()
    settings = SearchSettings(Algorithm.MINIMAX, depth=6)
    return _record(game, game.initial_state(), settings, finish=False)


def _paint(canvas: TreeCanvas) -> Frame:
    """Repaint the whole viewport now; what the paint drew."""
    canvas.viewport().repaint()
    return canvas.tree_item.last_frame


def _at_end(canvas: TreeCanvas, recording: SearchRecording) -> Frame:
    """The whole tree at its end (a big one opens folded: see tests/ui/test_folds.py)."""
    canvas.set_recording(recording)
    canvas.set_moment(recording.event_count)
    canvas.expand_all()
    return _paint(canvas)


def _image(canvas: TreeCanvas) -> QImage:
    return canvas.grab().toImage().convertToFormat(QImage.Format.Format_RGB32)


# -- what is drawn -----------------------------------------------------------------------


def test_figure_5_2_at_the_end_draws_eleven_nodes_and_one_cut(
    canvas: TreeCanvas, figure_5_2: SearchRecording
) -> None:
    frame = _at_end(canvas, figure_5_2)
    assert sorted(frame.nodes) == list(range(11))
    assert frame.silhouettes == []
    # The second MIN node (index 5) cut its last two leaves (4 and 6), with alpha 3.
    assert frame.stubs == [5]
    assert "2 pruned" in frame.texts
    assert "v 2 ≤ α 3" in frame.texts
    # Values, and the root's window as it was left.
    for value in ("3", "12", "8", "2", "14", "5"):
        assert value in frame.texts
    assert "α −∞→3" in frame.texts
    # The best line: root, first MIN node, its leaf 3.
    assert frame.best_line == [0, 1, 2]


def test_only_what_has_happened_is_drawn(canvas: TreeCanvas, figure_5_2: SearchRecording) -> None:
    canvas.set_recording(figure_5_2)
    for k in range(figure_5_2.event_count + 1):
        canvas.set_moment(k)
        frame = _paint(canvas)
        now = Moment(figure_5_2, k)
        assert sorted(frame.nodes) == list(range(now.limit))
        assert bool(frame.stubs) == (now.cutoff(5) is not None)
        # The best line is the search's answer: shown only once it is over.
        assert bool(frame.best_line) == (k == figure_5_2.event_count)


def test_a_live_search_shows_no_best_line(canvas: TreeCanvas) -> None:
    tree = load_tree(FIGURE_5_2)
    live = _record(TreeGame(tree), tree.root, SearchSettings(), finish=False)
    frame = _at_end(canvas, live)
    assert len(frame.nodes) == 11
    assert frame.best_line == []


def test_stepping_back_draws_what_stepping_forward_drew(
    canvas: TreeCanvas, figure_5_2: SearchRecording
) -> None:
    canvas.set_recording(figure_5_2)
    forward = []
    for k in range(figure_5_2.event_count + 1):
        canvas.set_moment(k)
        forward.append(_image(canvas))
    for k in reversed(range(figure_5_2.event_count + 1)):
        canvas.set_moment(k)
        assert _image(canvas) == forward[k], f"moment {k} differs after stepping back"
    # And jumping straight to a moment draws it the same way too.
    canvas.set_moment(figure_5_2.event_count)
    canvas.set_moment(7)
    assert _image(canvas) == forward[7]


def test_iterations_stand_side_by_side_with_labels(
    canvas: TreeCanvas, connect4_deepening: SearchRecording
) -> None:
    rec = connect4_deepening
    canvas.set_recording(rec)
    canvas.set_moment(rec.event_count)
    labels = canvas.tree_item.model.iteration_labels()
    assert [label.text for label in labels] == [
        f"depth {it.depth} · {it.nodes:,} nodes" for it in rec.iterations
    ]
    for left, right in itertools.pairwise(labels):
        assert left.last < right.first
    # The previous iteration's best line is tried first: marked on its edges.
    assert any(rec.tried_first[n] for n in range(rec.node_count))


def test_the_scene_is_as_wide_as_the_slots_the_core_counts(
    canvas: TreeCanvas, connect4_deepening: SearchRecording
) -> None:
    """With iterative deepening, each gap between iterations counted once: the view's
    width is the core's slot count, at the end and at every moment on the way."""
    rec = connect4_deepening
    canvas.set_recording(rec)
    canvas.expand_all()  # the recording's own layout, nothing folded
    for k in [*range(0, rec.event_count, 97), rec.event_count]:
        canvas.set_moment(k)
        slots = Moment(rec, k).slots
        assert canvas.tree_item.model.slots == slots
        # One free slot on each side of the tree.
        assert canvas.content_rect().width() == (max(slots, 1) + 2) * SLOT_W
    end = canvas.tree_item.model.iteration_labels()[-1]
    assert end.last + 1 == Moment(rec, rec.event_count).slots == max(rec.last_slot) + 1


def test_tic_tac_toe_alpha_beta_fitted_and_zoomed_in(canvas: TreeCanvas) -> None:
    game = TicTacToe()
    rec = _record(game, game.initial_state(), SearchSettings(Algorithm.ALPHABETA))
    frame = _at_end(canvas, rec)
    # A big finished tree opens legible, around its root: not a cloud of dots.
    assert canvas.zoom() == pytest.approx(LEGIBLE_ZOOM)
    assert canvas.node_visible(rec.principal_variation()[0])
    assert frame.texts
    canvas.fit_all()  # the whole tree
    frame = _paint(canvas)
    assert frame.silhouettes and frame.best_line
    assert len(frame.nodes) < rec.node_count / 4
    assert not frame.texts  # too small to read: no text at all
    canvas.reset_zoom()
    canvas.horizontalScrollBar().setValue(0)
    canvas.verticalScrollBar().setValue(0)
    frame = _paint(canvas)
    assert not frame.silhouettes
    assert frame.stubs  # alpha-beta cut here
    assert any(text.endswith("pruned") for text in frame.texts)
    assert {"1", "0"} <= set(frame.texts)


def test_chance_edges_carry_their_probability(canvas: TreeCanvas) -> None:
    game = Pig()
    rec = _record(game, game.initial_state(), SearchSettings(Algorithm.STAR1, depth=4))
    canvas.set_recording(rec)
    canvas.set_moment(rec.event_count)
    canvas.reset_zoom()
    canvas.zoom_in()
    canvas.horizontalScrollBar().setValue(0)
    frame = _paint(canvas)
    assert any(text.endswith("1/6") for text in frame.texts)
    assert "E" in frame.texts  # a node valued by the evaluation at the depth cutoff


def test_minimax_shows_no_windows_but_alpha_beta_does(canvas: TreeCanvas) -> None:
    tree = load_tree(FIGURE_5_2)
    minimax = _record(TreeGame(tree), tree.root, SearchSettings(Algorithm.MINIMAX))
    frame = _at_end(canvas, minimax)
    assert not any(text.startswith(("α", "β")) for text in frame.texts)
    canvas.set_always_show_window(True)
    frame = _paint(canvas)
    assert "α −∞" in frame.texts


# -- scale -------------------------------------------------------------------------------


def test_a_large_tree_fitted_paints_a_bounded_number_of_shapes(
    canvas: TreeCanvas, large: SearchRecording
) -> None:
    assert large.node_count > 100_000
    canvas.set_recording(large)
    canvas.set_moment(large.event_count)
    canvas.show_whole_tree()
    frame = _paint(canvas)
    assert frame.silhouettes, "narrow subtrees are drawn as silhouettes"
    assert canvas.last_paint_primitives < 20_000
    assert len(frame.nodes) + len(frame.silhouettes) < 20_000
    # Any zoom stays bounded: 1:1 at the start and at the end of the tree.
    canvas.reset_zoom()
    for value in (0, canvas.horizontalScrollBar().maximum()):
        canvas.horizontalScrollBar().setValue(value)
        _paint(canvas)
        assert 0 < canvas.last_paint_primitives < 20_000


def _current_in_view(canvas: TreeCanvas) -> bool:
    """The node of the moment's event (while live: the newest event) is in view."""
    current = canvas.current_node
    return current == NONE or canvas.node_visible(current)


def test_a_large_tree_streams_in_with_bounded_paints(
    canvas: TreeCanvas, qtbot: QtBot, live_large: SearchRecording
) -> None:
    rec = live_large
    canvas.set_recording(rec)
    assert canvas.zoom() == pytest.approx(1.0)  # a running search starts at 1:1
    canvas.set_follow(True)
    step = rec.event_count // 40
    for k in range(0, rec.event_count + 1, step):
        canvas.set_moment(k)
        # Following scrolls at most every FOLLOW_INTERVAL_MS: soon, not at once.
        qtbot.waitUntil(lambda: _current_in_view(canvas), timeout=2000)
        frame = _paint(canvas)
        assert canvas.last_paint_primitives < 20_000
        assert bool(frame.nodes) == (k > 0)
        assert all(n < canvas.tree_item.model.limit for n in frame.nodes)


def test_a_hidden_canvas_follows_once_shown(
    canvas: TreeCanvas, qtbot: QtBot, live_large: SearchRecording
) -> None:
    # Following runs through the shared RateLimiter: a closed dock does no work while
    # the search streams in, and catches up when it is opened.
    canvas.set_recording(live_large)
    canvas.set_follow(True)
    canvas.hide()
    canvas.set_moment(live_large.event_count // 2)
    assert canvas.zoom() == pytest.approx(1.0)  # not folded and fitted while hidden
    assert not _current_in_view(canvas)
    canvas.show()
    qtbot.waitUntil(lambda: _current_in_view(canvas), timeout=3000)


# -- zoom, pan, follow -------------------------------------------------------------------


def test_zoom_steps_stay_within_limits(canvas: TreeCanvas, large: SearchRecording) -> None:
    _at_end(canvas, large)
    canvas.reset_zoom()
    assert canvas.zoom() == pytest.approx(1.0)
    canvas.zoom_in()
    assert canvas.zoom() > 1.0
    for _ in range(40):
        canvas.zoom_in()
    assert canvas.zoom() == pytest.approx(MAX_ZOOM)
    canvas.fit_all()
    fitted = canvas.zoom()
    assert fitted < 0.01
    low, high = canvas.zoom_limits()
    assert low == pytest.approx(fitted / 2) and high == MAX_ZOOM
    for _ in range(40):
        canvas.zoom_out()
    assert canvas.zoom() == pytest.approx(low)
    # Fitted, the whole tree is in the window: its depth too.
    canvas.fit_all()
    visible = canvas.mapToScene(canvas.viewport().rect()).boundingRect()
    content = canvas.content_rect()
    pixel = 2 / canvas.zoom()  # scene units
    assert visible.left() <= content.left() + pixel
    assert visible.right() >= content.right() - pixel
    assert visible.bottom() >= content.bottom() - 2


def test_keys_zoom(canvas: TreeCanvas, qtbot: QtBot, figure_5_2: SearchRecording) -> None:
    _at_end(canvas, figure_5_2)
    canvas.reset_zoom()
    ctrl = Qt.KeyboardModifier.ControlModifier
    for key, bigger in (
        (Qt.Key.Key_Equal, True),
        (Qt.Key.Key_Minus, False),
        (Qt.Key.Key_Plus, True),
    ):
        before = canvas.zoom()
        qtbot.keyClick(canvas, key, ctrl)
        assert (canvas.zoom() > before) == bigger
    qtbot.keyClick(canvas, Qt.Key.Key_0, ctrl)
    assert canvas.zoom() == pytest.approx(1.0)


def test_the_wheel_zooms_around_the_mouse(canvas: TreeCanvas, large: SearchRecording) -> None:
    _at_end(canvas, large)
    canvas.reset_zoom()
    canvas.horizontalScrollBar().setValue(canvas.horizontalScrollBar().maximum() // 2)
    where = QPointF(300, 200)
    before = canvas.mapToScene(where.toPoint())
    wheel = QWheelEvent(
        where,
        QPointF(canvas.viewport().mapToGlobal(where.toPoint())),
        QPoint(0, 0),
        QPoint(0, 120),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(canvas.viewport(), wheel)
    assert canvas.zoom() > 1.0
    after = canvas.mapToScene(where.toPoint())
    assert after.x() == pytest.approx(before.x(), abs=SLOT_W / 4)
    assert after.y() == pytest.approx(before.y(), abs=SLOT_W / 4)


def test_following_keeps_the_newest_node_until_the_user_zooms(
    canvas: TreeCanvas, qtbot: QtBot, live_large: SearchRecording
) -> None:
    canvas.set_recording(live_large)
    canvas.expand_all()  # the whole tree as it grows (it would fold, fitted, once big)
    with qtbot.waitSignal(canvas.followChanged) as on:
        canvas.set_follow(True)
    assert on.args == [True]
    for k in range(1000, 30_000, 1000):
        canvas.set_moment(k)
        qtbot.waitUntil(lambda: _current_in_view(canvas), timeout=2000)
    with qtbot.waitSignal(canvas.followChanged) as off:
        canvas.zoom_in()
    assert off.args == [False]
    assert not canvas.following
    scroll = canvas.horizontalScrollBar().value()
    canvas.set_moment(60_000)
    qtbot.wait(250)
    assert canvas.horizontalScrollBar().value() == scroll
    assert not _current_in_view(canvas)


def _mouse(canvas: TreeCanvas, kind: QEvent.Type, pos: QPoint, buttons: Any) -> None:
    button = Qt.MouseButton.LeftButton
    event = QMouseEvent(
        kind,
        QPointF(pos),
        QPointF(canvas.viewport().mapToGlobal(pos)),
        button,
        buttons,
        Qt.KeyboardModifier.NoModifier,
    )
    QApplication.sendEvent(canvas.viewport(), event)


def test_dragging_pans_without_selecting(
    canvas: TreeCanvas, qtbot: QtBot, large: SearchRecording
) -> None:
    _at_end(canvas, large)
    canvas.reset_zoom()
    canvas.set_follow(True)
    bar = canvas.horizontalScrollBar()
    bar.setValue(bar.maximum() // 2)
    start = bar.value()
    with qtbot.assertNotEmitted(canvas.nodeClicked):
        press = QPoint(400, 300)
        _mouse(canvas, QEvent.Type.MouseButtonPress, press, Qt.MouseButton.LeftButton)
        for dx in range(10, 200, 10):
            _mouse(canvas, QEvent.Type.MouseMove, press - QPoint(dx, 0), Qt.MouseButton.LeftButton)
        _mouse(
            canvas, QEvent.Type.MouseButtonRelease, press - QPoint(190, 0), Qt.MouseButton.NoButton
        )
    assert bar.value() > start
    assert not canvas.following


# -- selection, hit testing, collapse, menu ----------------------------------------------


def test_clicking_a_node_selects_it(
    canvas: TreeCanvas, qtbot: QtBot, figure_5_2: SearchRecording
) -> None:
    _at_end(canvas, figure_5_2)
    for n in range(figure_5_2.node_count):
        point = canvas.view_point_of(n)
        assert canvas.viewport().rect().contains(point)
        with qtbot.waitSignal(canvas.nodeClicked) as clicked:
            qtbot.mouseClick(canvas.viewport(), Qt.MouseButton.LeftButton, pos=point)
        assert clicked.args == [n]
        assert canvas.tree_item.selected == n


def test_node_at_finds_nodes_and_nothing_between_them(
    canvas: TreeCanvas, figure_5_2: SearchRecording
) -> None:
    _at_end(canvas, figure_5_2)
    for n in range(figure_5_2.node_count):
        point = canvas.view_point_of(n)
        assert canvas.node_at(point) == n
        assert canvas.node_at(point + QPoint(3, 3)) == n
    root, first = canvas.view_point_of(0), canvas.view_point_of(1)
    between = QPoint((root.x() + first.x()) // 2, (root.y() + first.y()) // 2)
    assert canvas.node_at(between) is None


def test_collapsing_hides_a_subtree(
    canvas: TreeCanvas, qtbot: QtBot, figure_5_2: SearchRecording
) -> None:
    _at_end(canvas, figure_5_2)
    canvas.toggle_collapsed(1)
    frame = _paint(canvas)
    assert frame.collapsed == [1]
    assert not {2, 3, 4} & set(frame.nodes)
    assert "3" in frame.texts  # the three leaves it hides
    # Hidden nodes cannot be clicked.
    assert canvas.node_at(canvas.view_point_of(3)) is None
    canvas.expand_all()
    assert sorted(_paint(canvas).nodes) == list(range(11))
    # A double click folds, another unfolds.
    qtbot.mouseDClick(canvas.viewport(), Qt.MouseButton.LeftButton, pos=canvas.view_point_of(7))
    assert _paint(canvas).collapsed == [7]
    qtbot.mouseDClick(canvas.viewport(), Qt.MouseButton.LeftButton, pos=canvas.view_point_of(7))
    assert _paint(canvas).collapsed == []


def test_context_menu(canvas: TreeCanvas, qtbot: QtBot, figure_5_2: SearchRecording) -> None:
    _at_end(canvas, figure_5_2)
    menu = canvas.context_menu(5)
    assert menu is not None
    actions = {action.text(): action for action in menu.actions() if action.text()}
    assert list(actions) == ["Collapse", "Expand", "Expand all", "Go to this node's moment"]
    assert not actions["Expand"].isEnabled()
    with qtbot.waitSignal(canvas.jumpRequested) as jump:
        actions["Go to this node's moment"].trigger()
    assert jump.args == [5]
    actions["Collapse"].trigger()
    assert canvas.tree_item.model.folds.closed == {5}
    leaf_menu = canvas.context_menu(2)
    assert leaf_menu is not None
    leaf_actions = {action.text(): action for action in leaf_menu.actions()}
    assert not leaf_actions["Collapse"].isEnabled()
    assert leaf_actions["Expand all"].isEnabled()


def test_the_tooltip_summarises_a_node(canvas: TreeCanvas, figure_5_2: SearchRecording) -> None:
    _at_end(canvas, figure_5_2)
    text = canvas.tree_item.model.describe(5)
    assert "MIN node after 1" in text
    # Cut after its first leaf: its 2 is only an upper bound, and says so.
    assert "Value: ≤ 2 (backed up from its children)" in text
    assert "α 3, β +∞" in text
    assert "Cutoff: v 2 ≤ α 3, 2 pruned" in text
    assert "Move: 1" in text


# -- export, clipboard, minimap ----------------------------------------------------------


def test_export_svg_holds_the_whole_tree(
    canvas: TreeCanvas, figure_5_2: SearchRecording, tmp_path: Path
) -> None:
    _at_end(canvas, figure_5_2)
    canvas.zoom_in()  # only part of the tree in view: the export still has all of it
    path = tmp_path / "tree.svg"
    canvas.export_svg(str(path))
    root = ElementTree.parse(path).getroot()
    assert root.tag.endswith("svg")
    texts = " ".join(
        "".join(element.itertext()) for element in root.iter() if element.tag.endswith("text")
    )
    for value in ("3", "12", "14", "2 pruned", "to the end · 11 nodes"):
        assert value in texts


def test_export_png_holds_the_whole_tree(
    canvas: TreeCanvas, connect4_deepening: SearchRecording, tmp_path: Path
) -> None:
    _at_end(canvas, connect4_deepening)
    canvas.reset_zoom()
    path = tmp_path / "tree.png"
    canvas.export_png(str(path))
    image = QImage(str(path))
    assert not image.isNull()
    assert image.width() > canvas.viewport().width() * 2
    assert sorted(canvas.tree_item.last_frame.nodes) == list(range(connect4_deepening.node_count))


def test_copy_to_clipboard(canvas: TreeCanvas, figure_5_2: SearchRecording) -> None:
    _at_end(canvas, figure_5_2)
    canvas.copy_to_clipboard()
    image = QApplication.clipboard().image()
    assert not image.isNull()
    assert image.width() == canvas.width()


def test_the_minimap_pans_the_canvas(
    canvas: TreeCanvas, qtbot: QtBot, large: SearchRecording
) -> None:
    minimap = TreeMinimap(canvas)
    qtbot.addWidget(minimap)
    minimap.resize(300, 100)
    minimap.show()
    qtbot.waitExposed(minimap)
    _at_end(canvas, large)
    canvas.reset_zoom()
    canvas.horizontalScrollBar().setValue(0)
    target = QPoint(225, 50)
    qtbot.mouseClick(minimap, Qt.MouseButton.LeftButton, pos=target)
    centre = canvas.mapToScene(canvas.viewport().rect().center())
    wanted = minimap.scene_point(QPointF(target))
    assert centre.x() == pytest.approx(wanted.x(), abs=SLOT_W)
    assert canvas.horizontalScrollBar().value() > 0
    # The visible area is drawn where the canvas looks.
    shown = minimap.widget_point(centre)
    assert math.dist((shown.x(), shown.y()), (target.x(), target.y())) < 60
    minimap.repaint()
