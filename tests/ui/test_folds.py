"""Folding (ui/tree/folds.py and the canvas's folds): what a folded view shows, where it
puts it, and how a person opens it up.

A big search opens folded: the root, its children, and the principal variation; every
other subtree is one mark that says how many nodes it holds. A click on a mark unfolds
it, Expand unfolds a level, Whole tree shows everything; an export of a big tree writes
the folded view.
"""

from __future__ import annotations

import gc
import itertools
import weakref
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPoint
from PySide6.QtCore import QPointF
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage
from pytestqt.qtbot import QtBot

from gamesearch_gui.core.games import ConnectFour
from gamesearch_gui.core.recording.depth_first import NONE
from gamesearch_gui.core.recording.depth_first import SearchRecording
from gamesearch_gui.core.recording.moment import Moment
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import Ordering
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.ui.exercise.page import ExercisePage
from gamesearch_gui.ui.tree.canvas import TreeCanvas
from gamesearch_gui.ui.tree.export import EXPORT_ZOOM
from gamesearch_gui.ui.tree.folds import HIDE
from gamesearch_gui.ui.tree.folds import LINE
from gamesearch_gui.ui.tree.folds import SHOW
from gamesearch_gui.ui.tree.folds import Folds
from gamesearch_gui.ui.tree.folds import Layout
from gamesearch_gui.ui.tree.folds import layout
from gamesearch_gui.ui.tree.geometry import LEVEL_H
from gamesearch_gui.ui.tree.geometry import SLOT_W
from gamesearch_gui.ui.tree.item import READABLE_PX
from gamesearch_gui.ui.tree.item import Frame
from gamesearch_gui.ui.tree.page import TreePage
from gamesearch_gui.ui.tree.placement import overlap
from tests.ui.test_tree_canvas import _paint as painted
from tests.ui.test_tree_canvas import _record


def record(depth: int, *, finish: bool = True) -> SearchRecording:
    """Alpha-beta on Connect Four after the first move in the middle, as the window
    searches it (static ordering, a transposition table)."""
    game = ConnectFour()
    settings = SearchSettings(
        Algorithm.ALPHABETA, depth=depth, ordering=Ordering.STATIC, transposition_table=True
    )
    recording: SearchRecording = _record(
        game, game.result(game.initial_state(), 3), settings, finish=finish
    )
    return recording


@pytest.fixture(scope="module")
def c4() -> SearchRecording:
    """Depth 6: a few thousand nodes."""
    return record(6)


def at_end(canvas: TreeCanvas, recording: SearchRecording) -> Frame:
    """The tree at its end, as it opens (folded, when big)."""
    canvas.set_recording(recording)
    canvas.set_moment(recording.event_count)
    return painted(canvas)


def shown_nodes(lay: Layout) -> list[int]:
    """Every node the layout shows, from the roots through the shown children."""
    seen = []
    stack = list(lay.now.roots())
    while stack:
        n = stack.pop()
        seen.append(n)
        stack.extend(lay.children(n))
    return seen


def the_line(recording: SearchRecording) -> list[int]:
    return recording.principal_variation()


# -- the layout ------------------------------------------------------------------------


def test_the_first_view_shows_the_root_its_children_and_the_line_the_rest_in_marks(
    c4: SearchRecording,
) -> None:
    now = Moment(c4, c4.event_count)
    lay = layout(now, Folds(auto=True))
    line = the_line(c4)
    root = line[0]
    shown = shown_nodes(lay)
    assert set(shown) == {root, *now.children(root), *line}
    assert lay.mode(root) == SHOW
    for n in line[1:-1]:
        assert lay.mode(n) == LINE
    # Every node is shown or in exactly one mark, which counts it.
    assert len(shown) + sum(mark.nodes for mark in lay.marks) == now.limit
    for mark in lay.marks:
        if mark.whole:
            assert mark.nodes == now.subtree_size(mark.parent) - 1
            assert lay.mode(mark.parent) == HIDE
        else:
            assert mark.parent in line
        held = range(mark.first, now.subtree_end(mark.last))
        assert all(lay.mark_holding(n) == mark for n in held[:: max(1, len(held) // 20)])
    assert lay.shown_count == len(shown)


def test_the_line_runs_down_with_its_marks_beside_it_not_a_funnel(c4: SearchRecording) -> None:
    now = Moment(c4, c4.event_count)
    lay = layout(now, Folds(auto=True))
    depth = c4.depth
    # At every level, the nodes and marks drawn there are at least a slot apart.
    levels: dict[int, list[float]] = {}
    for n in shown_nodes(lay):
        levels.setdefault(depth[n], []).append(lay.x(n))
    for mark in lay.marks:
        x, level = lay.mark_point(mark)
        levels.setdefault(round(level + 0.5), []).append(x)
    for xs in levels.values():
        for a, b in itertools.pairwise(sorted(xs)):
            assert b - a >= 1 - 1e-9
    # A line node's marks sit a slot from its child on the line, whatever the depth.
    for parent, child in itertools.pairwise(the_line(c4)):
        for mark in lay.marks_of(parent):
            assert abs(lay.mark_point(mark)[0] - lay.x(child)) == pytest.approx(1.0)
    # So the whole is a few slots wider than the root's children, not thousands.
    assert lay.slots <= len(list(now.children(the_line(c4)[0]))) + 2 * len(the_line(c4))


def test_folding_a_subtree_in_the_whole_tree_squeezes_it_to_one_slot(
    c4: SearchRecording,
) -> None:
    now = Moment(c4, c4.event_count)
    whole = layout(now, None)
    root = the_line(c4)[0]
    child = next(now.children(root))
    first, last = now.extent(child)
    folds = Folds()
    folds.fold(child)
    lay = layout(now, folds)
    assert lay.slots == whole.slots - (last - first)
    assert lay.mode(child) == HIDE and lay.extent(child) == (first, first)
    # What comes after it keeps its shape, moved left as one.
    later = list(now.children(root))[-1]
    assert lay.x(later) == whole.x(later) - (last - first)
    assert not lay.shown(child + 1) and lay.mark_holding(child + 1) == lay.marks[0]


def test_while_it_runs_the_first_view_shows_the_path_being_searched(
    c4: SearchRecording,
) -> None:
    for k in range(1, c4.event_count, c4.event_count // 25):
        now = Moment(c4, k)
        lay = layout(now, Folds(auto=True))
        current = now.current()
        assert lay.shown(current), k
        n = current
        while n != NONE:  # its path is shown
            assert lay.shown(n)
            n = c4.parent[n]
        assert len(shown_nodes(lay)) + sum(m.nodes for m in lay.marks) == now.limit


def test_a_layout_is_freed_as_soon_as_it_is_dropped(c4: SearchRecording) -> None:
    """A layout holds its moment, and so its whole recording (megabytes for a big
    search): one in a reference cycle waits for Python's next full collection, rare in a
    window, and fifty searches in a row piled up over a hundred megabytes
    (``test_fifty_searches_in_a_row_do_not_grow_memory_without_bound``)."""
    now = Moment(c4, c4.event_count)
    closed = Folds()
    closed.fold(next(now.children(the_line(c4)[0])))
    collecting = gc.isenabled()
    gc.disable()  # freed by their reference counts alone, or not at all
    try:
        for folds in (None, Folds(auto=True), closed):
            lay = layout(now, folds)
            assert lay.folded == (folds is not None)
            assert shown_nodes(lay)  # (a walk that used its places)
            gone = weakref.ref(lay)
            del lay
            assert gone() is None, folds
    finally:
        if collecting:
            gc.enable()


# -- the canvas ------------------------------------------------------------------------


def test_a_big_tree_opens_folded_and_readable_on_the_canvas(
    canvas: TreeCanvas, c4: SearchRecording
) -> None:
    frame = at_end(canvas, c4)
    lay = canvas.tree_item.model.layout
    assert lay is not None and lay.folded
    assert sorted(frame.nodes) == sorted(shown_nodes(lay))
    assert {mark.parent for mark in frame.marks} == {mark.parent for mark in lay.marks}
    counts = {f"+{mark.nodes:,}" for mark in lay.marks}
    assert counts <= set(frame.texts)
    for a, b in itertools.combinations(frame.placed, 2):
        assert not overlap(a.box(), b.box()), (a, b)
    assert all(t.px >= READABLE_PX for t in frame.placed)
    for n in shown_nodes(lay):
        assert canvas.node_visible(n), n


def mark_spot(canvas: TreeCanvas, parent: int) -> QPoint:
    """Where to click on a mark under ``parent``: its fan's base."""
    lay = canvas.tree_item.model.layout
    assert lay is not None
    mark = lay.marks_of(parent)[0]
    slot, level = lay.mark_point(mark)
    return canvas.mapFromScene(QPointF(slot * SLOT_W, level * LEVEL_H)) + QPoint(0, -2)


def test_a_click_on_a_mark_unfolds_it_one_level(
    canvas: TreeCanvas, qtbot: QtBot, c4: SearchRecording
) -> None:
    at_end(canvas, c4)
    now = Moment(c4, c4.event_count)
    root = the_line(c4)[0]
    folded = next(n for n in now.children(root) if n not in the_line(c4))
    lay = canvas.tree_item.model.layout
    assert lay is not None and lay.mode(folded) == HIDE
    count = f"+{lay.marks_of(folded)[0].nodes:,}"
    assert count in painted(canvas).texts
    spot = mark_spot(canvas, folded)
    assert canvas.mark_at(spot) == lay.marks_of(folded)[0]
    where = canvas.view_point_of(folded)
    qtbot.mouseClick(canvas.viewport(), Qt.MouseButton.LeftButton, pos=spot)
    lay = canvas.tree_item.model.layout
    assert lay is not None and lay.mode(folded) == SHOW
    frame = painted(canvas)
    assert set(now.children(folded)) <= set(frame.nodes)
    assert count not in frame.texts
    for n in (folded, *now.children(folded)):  # it stays in view, with its children
        assert canvas.node_visible(n), n
    where = canvas.view_point_of(folded)
    # Each child of it that has children of its own shows folded: one level only.
    for child in now.children(folded):
        assert lay.mode(child) == (HIDE if now.has_children(child) else SHOW)
    # A double click on it folds it again.
    qtbot.mouseDClick(canvas.viewport(), Qt.MouseButton.LeftButton, pos=where)
    assert canvas.tree_item.model.layout is not None
    assert canvas.tree_item.model.layout.mode(folded) == HIDE


def test_expand_unfolds_a_level_and_whole_tree_shows_everything(
    panel: TreePage, c4: SearchRecording
) -> None:
    panel.show_recording(c4, live=False)
    canvas = panel.canvas
    model = canvas.tree_item.model
    before = model.layout
    assert before is not None and before.folded and not panel.act_whole.isChecked()
    panel.act_expand.trigger()
    after = model.layout
    assert after is not None
    for mark in before.marks:
        # Each fold opened: its children shown, each folded in its turn.
        assert after.mode(mark.parent) == SHOW
    assert set(shown_nodes(before)) < set(shown_nodes(after))
    assert len(shown_nodes(after)) + sum(m.nodes for m in after.marks) == c4.node_count
    panel.act_whole.trigger()  # the whole tree, fitted
    assert panel.act_whole.isChecked()
    whole = model.layout
    assert whole is not None and not whole.folded
    assert model.slots == Moment(c4, c4.event_count).slots
    visible = canvas.mapToScene(canvas.viewport().rect()).boundingRect()
    assert visible.width() >= canvas.content_rect().width() - 2 / canvas.zoom()
    panel.act_whole.trigger()  # and back: folded
    assert not panel.act_whole.isChecked()
    assert model.layout is not None and model.layout.folded
    assert set(shown_nodes(model.layout)) == set(shown_nodes(before))


def test_whole_tree_is_one_key_away(qtbot: QtBot, panel: TreePage, c4: SearchRecording) -> None:
    panel.show_recording(c4, live=False)
    panel.canvas.setFocus()
    qtbot.keyClick(panel.canvas, Qt.Key.Key_W)
    assert panel.act_whole.isChecked()
    assert not panel.canvas.folds_active


def test_the_export_of_a_big_tree_writes_the_folded_view_legibly(
    panel: TreePage, c4: SearchRecording, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    panel.show_recording(c4, live=False)
    panel.act_whole.trigger()  # the whole tree on screen: too big for a legible picture
    asked: list[str] = []
    monkeypatch.setattr(
        panel.exporter, "_ask_export_in_view", lambda why: asked.append(why) or False
    )
    monkeypatch.setattr(
        panel.exporter, "_save_file_name", lambda caption, filter: str(tmp_path / "c4")
    )
    monkeypatch.setattr(panel.exporter, "_warn", lambda title, text: pytest.fail(text))
    panel.act_export_png.trigger()
    assert asked == []  # no question: the folded view is written
    image = QImage(str(tmp_path / "c4.png"))
    assert not image.isNull()
    frame = panel.canvas.tree_item.last_frame  # the export's paint
    folded = layout(Moment(c4, c4.event_count), Folds(auto=True))
    assert image.width() == round((folded.slots + 2) * SLOT_W * EXPORT_ZOOM)
    assert sorted(frame.nodes) == sorted(shown_nodes(folded))
    assert {f"+{mark.nodes:,}" for mark in folded.marks} <= set(frame.texts)
    assert all(t.px >= READABLE_PX for t in frame.placed)
    # The view is as it was: the whole tree.
    assert not panel.canvas.folds_active


def test_a_live_search_folds_once_too_big_and_follows_its_path(
    canvas: TreeCanvas, qtbot: QtBot
) -> None:
    live = record(7, finish=False)
    canvas.set_recording(live)
    canvas.set_follow(True)
    assert not canvas.folds_active  # small so far: whole, at 1:1
    for k in range(0, live.event_count, live.event_count // 30):
        canvas.set_moment(k)
        current = canvas.current_node
        qtbot.waitUntil(lambda n=current: n == NONE or canvas.node_visible(n), timeout=3000)
    assert canvas.folds_active
    lay = canvas.tree_item.model.layout
    assert lay is not None and lay.folded
    # Root, its children so far, and the path being searched; the view holds it all.
    root = live.iterations[0].root
    for n in (root, *Moment(live, canvas.moment).children(root)):
        assert canvas.node_visible(n)


def test_following_a_node_folded_by_the_person_follows_its_mark(
    panel: TreePage, qtbot: QtBot, c4: SearchRecording
) -> None:
    panel.show_recording(c4, live=False)
    canvas = panel.canvas
    panel.act_whole.trigger()
    root = the_line(c4)[0]
    child = next(Moment(c4, c4.event_count).children(root))
    canvas.toggle_collapsed(child)
    panel.act_reset_zoom.trigger()
    panel.follow_button.click()
    panel.controller.seek(c4.entered_at[child] + 40)  # a step inside the fold
    current = canvas.current_node
    lay = canvas.tree_item.model.layout
    assert lay is not None and lay.mark_holding(current) is not None
    qtbot.waitUntil(lambda: canvas._seen(current), timeout=3000)
    assert not canvas.node_visible(current)  # folded: its mark is what is seen


def test_right_click_on_a_mark_offers_expand(canvas: TreeCanvas, c4: SearchRecording) -> None:
    at_end(canvas, c4)
    root = the_line(c4)[0]
    folded = next(n for n in Moment(c4, c4.event_count).children(root) if n not in the_line(c4))
    menu = canvas.context_menu(folded)
    assert menu is not None
    actions: dict[str, Any] = {a.text(): a for a in menu.actions() if a.text()}
    assert actions["Expand"].isEnabled() and not actions["Collapse"].isEnabled()
    assert actions["Expand all"].isEnabled()
    actions["Expand all"].trigger()
    assert not canvas.folds_active


def test_a_canvas_that_never_folds_shows_a_big_tree_whole_and_fitted(
    canvas: TreeCanvas, c4: SearchRecording
) -> None:
    """As an exercise's key is shown: every node, however many."""
    canvas.auto_fold = False
    frame = at_end(canvas, c4)
    assert not canvas.folds_active and not frame.marks
    visible = canvas.mapToScene(canvas.viewport().rect()).boundingRect()
    assert visible.width() >= canvas.content_rect().width() - 2 / canvas.zoom()


def test_the_exercise_key_is_never_folded(qtbot: QtBot) -> None:
    page = ExercisePage()
    qtbot.addWidget(page)
    assert not page.solution_panel.canvas.auto_fold


def test_a_folds_tooltip_counts_in_the_singular_and_the_plural() -> None:
    # A fold of one leaf read "1 nodes folded under this node (1 moves from it)".
    from gamesearch_gui.ui.tree.folds import Mark
    from gamesearch_gui.ui.tree.model import TreeModel

    model = TreeModel()
    one = Mark(parent=0, first=1, last=1, whole=True, start=0, end=1, nodes=1, moves=1)
    assert model.describe_mark(one).startswith("1 node folded under this node (1 move from it).")
    many = Mark(parent=0, first=1, last=3, whole=False, start=0, end=9, nodes=1204, moves=3)
    assert model.describe_mark(many).startswith("3 other moves folded here: 1,204 nodes.")
