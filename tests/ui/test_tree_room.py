"""The search tree takes the stage (issue 13): room, a readable first view, Follow.

Driven as a person would: the real main window at a laptop's 1366×768, the editor's
Solve, the replay's buttons, the Follow button, View > Focus on the tree.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint
from PySide6.QtCore import QSettings
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from gamesearch_gui.core.exercises.exercise import Difficulty
from gamesearch_gui.core.exercises.exercise import Task
from gamesearch_gui.core.exercises.exercise import random_exercise
from gamesearch_gui.core.games import ConnectFour
from gamesearch_gui.core.numbers import format_number
from gamesearch_gui.core.recording.depth_first import NONE
from gamesearch_gui.core.recording.depth_first import SearchRecording
from gamesearch_gui.core.recording.moment import Moment
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import search
from gamesearch_gui.ui.editor.editor import TreeEditor
from gamesearch_gui.ui.main_window import MainWindow
from gamesearch_gui.ui.tree.camera import LEGIBLE_ZOOM
from gamesearch_gui.ui.tree.canvas import TreeCanvas
from gamesearch_gui.ui.tree.geometry import SLOT_W
from gamesearch_gui.ui.tree.item import READABLE_PX
from gamesearch_gui.ui.tree.page import STEPS_TAB
from gamesearch_gui.ui.tree.page import TreePage
from gamesearch_gui.ui.window.dock_layout import BOARD_HEIGHT
from gamesearch_gui.ui.window.dock_layout import TREE_SHARE
from tests.ui.test_tree_panel import figure_recording

WIDTH, HEIGHT = 1366, 768
SOLVE_MS = 30_000


@pytest.fixture
def store(tmp_path: Path) -> QSettings:
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


@pytest.fixture(autouse=True)
def no_boxes(monkeypatch: pytest.MonkeyPatch) -> None:
    """No modal box: messages are dropped, an unsaved drawing is discarded."""
    monkeypatch.setattr(MainWindow, "_message", lambda self, title, html: None)
    monkeypatch.setattr(TreeEditor, "_ask_unsaved", lambda self: "discard")


def open_window(qtbot: QtBot, store: QSettings) -> MainWindow:
    folder = Path(store.fileName()).parent
    made = MainWindow(store, recovery_path=str(folder / "recovery.gtree.json"))
    made.pace_override_ms = 0
    qtbot.addWidget(made)
    made.resize(WIDTH, HEIGHT)
    made.show()
    qtbot.waitExposed(made)
    return made


@pytest.fixture
def window(qtbot: QtBot, store: QSettings) -> Iterator[MainWindow]:
    made = open_window(qtbot, store)
    yield made
    made.close()


def solve_figure_5_2(qtbot: QtBot, window: MainWindow) -> TreePage:
    assert window.open_example("figure-5-2")
    editor = window.editor
    qtbot.waitUntil(lambda: not editor.loading)
    with qtbot.waitSignal(editor.solved, timeout=SOLVE_MS):
        editor.solve()
    panel = editor.solution_panel
    qtbot.waitExposed(panel.canvas)
    return panel


def painted(canvas: TreeCanvas) -> None:
    canvas.viewport().repaint()


def value_heights(canvas: TreeCanvas, recording: SearchRecording) -> list[int]:
    """The pixel sizes of the node values the last paint drew: for each node drawn, the
    text of its value nearest its centre (a move or a bound may read the same)."""
    frame = canvas.tree_item.last_frame
    heights = []
    for n in frame.nodes:
        centre = canvas.view_point_of(n)
        text = format_number(recording.value[n])
        near = [
            (abs(b.left + b.width / 2 - centre.x()) + abs(b.top + b.height / 2 - centre.y()), b.px)
            for b in frame.placed
            if b.text == text
        ]
        if near:
            heights.append(min(near)[1])
    return heights


def c4_recording() -> SearchRecording:
    """A finished Connect Four search of about 2,000 nodes: minimax to depth 4 from the
    empty board (2,801 nodes)."""
    game = ConnectFour()
    recording = SearchRecording(game)
    result = search(
        game,
        game.initial_state(),
        SearchSettings(Algorithm.MINIMAX, depth=4),
        listener=recording,
    )
    recording.finish(result)
    assert 1_500 <= recording.node_count <= 3_000
    return recording


# -- a readable first view ------------------------------------------------------------


def test_figure_5_2_opens_fitted_centred_with_values_at_least_11_px(
    qtbot: QtBot, window: MainWindow
) -> None:
    panel = solve_figure_5_2(qtbot, window)
    canvas = panel.canvas
    recording = canvas.recording
    assert recording is not None
    painted(canvas)
    heights = value_heights(canvas, recording)
    assert len(heights) == recording.node_count  # every node's value is written
    assert min(heights) >= 11
    # The whole tree in view, its middle at the view's middle.
    for n in range(recording.node_count):
        assert canvas.node_visible(n), n
    viewport = canvas.viewport().rect()
    root_x = canvas.view_point_of(recording.principal_variation()[0]).x()
    assert abs(root_x - viewport.center().x()) < viewport.width() * 0.03
    assert window.width() == WIDTH


def test_a_big_finished_tree_opens_folded_with_its_root_children_and_best_line(
    qtbot: QtBot, panel: TreePage
) -> None:
    recording = c4_recording()
    panel.show_recording(recording, live=False)
    canvas = panel.canvas
    assert canvas.zoom() <= LEGIBLE_ZOOM
    line = recording.principal_variation()
    root = line[0]
    seen = [root, *Moment(recording, recording.event_count).children(root), *line]
    for n in seen:
        assert canvas.node_visible(n), n
    painted(canvas)
    assert min(value_heights(canvas, recording)) >= READABLE_PX
    # Every other subtree is one mark: the whole view is the tree.
    visible = canvas.mapToScene(canvas.viewport().rect()).boundingRect()
    assert visible.contains(canvas.content_rect().adjusted(SLOT_W, 0, -SLOT_W, 0))


# -- Follow ---------------------------------------------------------------------------


def replay_following(qtbot: QtBot, panel: TreePage) -> int:
    """Step through the whole replay; after each step the node of the moment's event is
    marked and comes into view. Returns how many steps had to scroll."""
    canvas = panel.canvas
    recording = canvas.recording
    assert recording is not None
    panel.controller.go_start()
    scrolled = 0
    for k in range(1, recording.event_count + 1):
        before = canvas.horizontalScrollBar().value(), canvas.verticalScrollBar().value()
        panel.replay_bar.forward_button.click()
        assert panel.moment == k
        current = canvas.current_node
        assert current == Moment(recording, k).current() != NONE
        if not canvas.node_visible(current):  # a glide, or a scroll held for its rate
            qtbot.waitUntil(lambda n=current: canvas.node_visible(n), timeout=3_000)
        after = canvas.horizontalScrollBar().value(), canvas.verticalScrollBar().value()
        scrolled += before != after
        assert canvas.following
    return scrolled


def test_replay_follows_every_step_of_figure_5_2_zoomed_in(
    qtbot: QtBot, window: MainWindow
) -> None:
    panel = solve_figure_5_2(qtbot, window)
    canvas = panel.canvas
    assert panel.act_follow.isChecked()
    for _ in range(6):
        panel.act_zoom_in.trigger()  # zooming by hand turns Follow off
    assert not canvas.following and not panel.act_follow.isChecked()
    panel.follow_button.click()  # one click turns it back on
    assert canvas.following
    assert replay_following(qtbot, panel) > 0  # zoomed in, the view had to move


def test_replay_follows_every_step_of_a_2000_node_connect_four_search(
    qtbot: QtBot, panel: TreePage
) -> None:
    recording = c4_recording()
    panel.show_recording(recording, live=False)
    panel.canvas.set_scroll_ms(1)  # glide at once: thousands of steps
    panel.act_whole.trigger()  # unfolded, at 1:1, the view has to move
    panel.act_reset_zoom.trigger()
    panel.follow_button.click()
    assert replay_following(qtbot, panel) > 5


def test_panning_by_hand_stops_following_and_the_button_says_so(
    qtbot: QtBot, panel: TreePage
) -> None:
    recording = c4_recording()
    panel.show_recording(recording, live=False)
    canvas = panel.canvas
    assert canvas.following
    centre = canvas.viewport().rect().center()
    qtbot.mousePress(canvas.viewport(), Qt.MouseButton.LeftButton, pos=centre)
    qtbot.mouseMove(canvas.viewport(), centre + QPoint(120, 0))
    qtbot.mouseRelease(canvas.viewport(), Qt.MouseButton.LeftButton, pos=centre + QPoint(120, 0))
    assert not canvas.following
    assert not panel.act_follow.isChecked()
    panel.controller.go_start()
    panel.replay_bar.forward_button.click()
    panel.replay_bar.forward_button.click()
    moved = canvas.horizontalScrollBar().value()
    qtbot.wait(300)
    assert canvas.horizontalScrollBar().value() == moved  # the person's view stays


# -- room -----------------------------------------------------------------------------


def test_focus_on_the_tree_gives_it_the_whole_window_and_back(
    qtbot: QtBot, window: MainWindow
) -> None:
    dock = window.docks["tree"]
    shown_before = {key: d.isVisible() for key, d in window.docks.items()}
    window.act_focus_tree.trigger()
    assert window.tree_focus
    assert not window.central_stack.isVisible()  # no board
    assert [key for key, d in window.docks.items() if d.isVisible()] == ["tree"]
    qtbot.waitUntil(lambda: dock.height() > window.height() * 0.75)
    assert dock.width() >= window.width() - 10
    window.act_focus_tree.trigger()
    assert not window.tree_focus
    assert window.central_stack.isVisible()
    assert {key: d.isVisible() for key, d in window.docks.items()} == shown_before

    # In Draw a tree the tree keeps the page; the side panel goes, and comes back.
    panel = solve_figure_5_2(qtbot, window)
    width = panel.canvas.width()
    window.act_focus_tree.trigger()
    assert not window.editor.side_panel.isVisible()
    qtbot.waitUntil(lambda: panel.canvas.width() > width)
    window.set_mode("play")  # leaving the mode leaves the focus
    assert not window.tree_focus and not window.act_focus_tree.isChecked()
    window.set_mode("trees")
    assert window.editor.side_panel.isVisible()


def test_show_solution_gives_a_small_exercise_tree_the_width_and_legible_values(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A 17-leaf alpha-beta exercise: while its solution replays, the answer tabs (closed
    # then) make way, so the tree opens fitted with values of 11 px or more at 1366×768.
    window.set_mode("exercise")
    page = window.exercises
    exercise = random_exercise(Difficulty(3, (2, 3), 0.0), Task.ALPHABETA, "7")
    monkeypatch.setattr(page, "_ask_exercise", lambda: exercise)
    page.new_exercise()
    qtbot.waitUntil(lambda: page.key is not None, timeout=SOLVE_MS)
    assert page.side_panel.isVisible()
    page.act_solution.trigger()
    assert not page.side_panel.isVisible()
    panel = page.solution_panel
    canvas = panel.canvas
    qtbot.waitExposed(canvas)
    qtbot.waitUntil(lambda: canvas.viewport().width() > WIDTH * 0.7)
    panel.controller.go_end()
    recording = canvas.recording
    assert recording is not None
    qtbot.waitUntil(lambda: all(canvas.node_visible(n) for n in range(recording.node_count)))
    painted(canvas)
    heights = value_heights(canvas, recording)
    assert len(heights) == recording.node_count
    assert min(heights) >= 11
    page.act_back.trigger()
    assert page.side_panel.isVisible()
    # With the tree in focus, the panel stays away on either page until focus ends.
    window.act_focus_tree.trigger()
    assert not page.side_panel.isVisible()
    page.act_solution.trigger()
    page.act_back.trigger()
    assert not page.side_panel.isVisible()
    window.act_focus_tree.trigger()
    assert page.side_panel.isVisible()


def test_the_default_layout_gives_the_tree_half_the_height_and_fits_the_screen(
    qtbot: QtBot, window: MainWindow
) -> None:
    dock = window.docks["tree"]
    qtbot.waitUntil(lambda: dock.height() > window.height() * (TREE_SHARE - 0.1))
    assert window.width() == WIDTH
    assert window.minimumSizeHint().width() <= WIDTH
    # Drawing a tree and coming back does not widen the window past the screen.
    solve_figure_5_2(qtbot, window)
    window.set_mode("play")
    assert window.width() == WIDTH


def test_the_layout_is_remembered_and_reset_layout_restores_the_default(
    qtbot: QtBot, store: QSettings
) -> None:
    first = open_window(qtbot, store)
    panel = first.tree_panel
    panel.tabs.setCurrentIndex(STEPS_TAB)
    panel.act_side.trigger()  # the details and steps folded away
    first.docks["settings"].hide()
    first.close()

    again = open_window(qtbot, store)
    try:
        panel = again.tree_panel
        assert panel.tabs.currentIndex() == STEPS_TAB
        assert not panel.act_side.isChecked()
        assert not again.docks["settings"].isVisible()
        again.act_reset_layout.trigger()
        assert panel.act_side.isChecked() and not panel.side.isHidden()
        assert panel.tabs.currentWidget() is panel.details
        assert again.docks["settings"].isVisible()
        dock = again.docks["tree"]
        qtbot.waitUntil(lambda: dock.height() > again.height() * (TREE_SHARE - 0.1))
    finally:
        again.close()


def test_clicking_a_node_shows_its_details_tab(qtbot: QtBot, panel: TreePage) -> None:
    recording = figure_recording()
    panel.show_recording(recording, live=False)
    panel.tabs.setCurrentIndex(STEPS_TAB)
    canvas = panel.canvas
    leaf = recording.principal_variation()[-1]
    qtbot.mouseClick(canvas.viewport(), Qt.MouseButton.LeftButton, pos=canvas.view_point_of(leaf))
    assert panel.tabs.currentWidget() is panel.details
    assert panel.details.node == leaf


# -- space goes to the tree -------------------------------------------------------------


def heights(window: MainWindow) -> tuple[int, int]:
    """The board's page and the search tree dock, in pixels high."""
    return window.central_stack.height(), window.docks["tree"].height()


def laid_out(qtbot: QtBot, window: MainWindow, tree: int) -> None:
    """Wait for the tree dock to be ``tree`` pixels high, and the window to settle."""
    qtbot.waitUntil(lambda: abs(window.docks["tree"].height() - tree) <= 10)
    for _ in range(3):
        QApplication.processEvents()


def test_a_taller_window_gives_the_extra_height_to_the_tree_not_the_board(
    qtbot: QtBot, window: MainWindow
) -> None:
    # At 1920×1080 the docks kept their 1366×768 heights and the board took the rest.
    laid_out(qtbot, window, round(HEIGHT * TREE_SHARE))
    board, tree = heights(window)
    window.resize(1920, 1080)
    laid_out(qtbot, window, tree + 1080 - HEIGHT)
    assert heights(window)[0] <= board + 10  # the board kept its height
    # Back to the laptop's size: the tree gives it back, the board is as it was.
    window.resize(WIDTH, HEIGHT)
    laid_out(qtbot, window, tree)
    assert abs(heights(window)[0] - board) <= 10
    # Smaller still: the tree keeps its share, the board gives too.
    window.resize(WIDTH, 600)

    def shared() -> bool:
        board_now, tree_now = heights(window)
        return board_now < board - 10 and abs(tree_now / (board_now + tree_now) - TREE_SHARE) < 0.03

    qtbot.waitUntil(shared)


def test_a_window_opened_at_1920_by_1080_gives_the_tree_all_but_the_board(
    qtbot: QtBot, store: QSettings
) -> None:
    made = MainWindow(store, recovery_path=str(Path(store.fileName()).parent / "r.json"))
    qtbot.addWidget(made)
    made.resize(1920, 1080)
    made.show()
    qtbot.waitExposed(made)
    try:
        laid_out(qtbot, made, 1080 - BOARD_HEIGHT)
        assert made.central_stack.height() <= BOARD_HEIGHT
        # View > Reset layout makes the same, after the person's own.
        made.resizeDocks([made.docks["tree"]], [300], Qt.Orientation.Vertical)
        laid_out(qtbot, made, 300)
        made.act_reset_layout.trigger()
        laid_out(qtbot, made, 1080 - BOARD_HEIGHT)
    finally:
        made.close()


def test_the_persons_own_tree_height_is_kept_through_restarts_and_resizes(
    qtbot: QtBot, store: QSettings
) -> None:
    first = open_window(qtbot, store)
    laid_out(qtbot, first, round(HEIGHT * TREE_SHARE))
    first.resizeDocks([first.docks["tree"]], [250], Qt.Orientation.Vertical)  # a drag
    laid_out(qtbot, first, 250)
    board = first.central_stack.height()
    first.close()

    folder = Path(store.fileName()).parent
    again = MainWindow(store, recovery_path=str(folder / "recovery.gtree.json"))
    qtbot.addWidget(again)
    again.show()  # at its remembered size, with its remembered docks
    qtbot.waitExposed(again)
    try:
        assert again.height() == HEIGHT
        laid_out(qtbot, again, 250)
        assert abs(again.central_stack.height() - board) <= 10
        again.resize(WIDTH, HEIGHT + 100)  # taller: the tree takes it, the board stays
        laid_out(qtbot, again, 350)
        assert abs(again.central_stack.height() - board) <= 10
    finally:
        again.close()
