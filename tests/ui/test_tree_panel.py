"""The search tree panel, driven as a person would: replay, live following, details, export."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtGui import QImage
from pytestqt.qtbot import QtBot

from gamesearch_gui.core.games import TicTacToe
from gamesearch_gui.core.narration.line import START_TEXT
from gamesearch_gui.core.narration.steps import describe_step
from gamesearch_gui.core.recording.depth_first import PRUNED
from gamesearch_gui.core.recording.depth_first import SearchRecording
from gamesearch_gui.core.recording.moment import Moment
from gamesearch_gui.core.search import Ordering
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import search
from gamesearch_gui.core.trees.file import load_tree
from gamesearch_gui.core.trees.tree import TreeGame
from gamesearch_gui.ui.tree.page import EMPTY_TEXT
from gamesearch_gui.ui.tree.page import TreePage
from gamesearch_gui.ui.tree.replay import RATES

#: Russell & Norvig's Figure 5.2, with the labels of the book.
FIGURE_5_2 = """{
  "format": "gamesearch-tree", "version": 1, "name": "Figure 5.2",
  "root": {"type": "max", "label": "A", "children": [
    {"type": "min", "label": "B", "move": "a1", "children": [
      {"value": 3}, {"value": 12}, {"value": 8}]},
    {"type": "min", "label": "C", "children": [{"value": 2}, {"value": 4}, {"value": 6}]},
    {"type": "min", "label": "D", "children": [{"value": 14}, {"value": 5}, {"value": 2}]}
  ]}
}"""
CUTOFF_AT_C = "MIN node C: value 2 ≤ α = 3, so its remaining 2 children are pruned"
PLAY_TIMEOUT_MS = 10_000


def figure_recording(*, fail_hard: bool = False) -> SearchRecording:
    """Alpha-beta over Figure 5.2, recorded and finished (fail-soft unless told)."""
    tree = load_tree(FIGURE_5_2)
    game = TreeGame(tree)
    recording = SearchRecording(game, fail_hard=fail_hard)
    result = search(game, tree.root, SearchSettings(fail_hard=fail_hard), listener=recording)
    recording.finish(result)
    return recording


def tictactoe_recording(
    moves: int = 4, settings: SearchSettings | None = None, node_cap: int | None = 1_000_000
) -> SearchRecording:
    """Alpha-beta over tic-tac-toe after its first ``moves`` legal moves, recorded."""
    game = TicTacToe()
    state = game.initial_state()
    for _ in range(moves):
        state = game.result(state, game.actions(state)[0])
    recording = SearchRecording(game, node_cap=node_cap)
    result = search(game, state, settings or SearchSettings(), listener=recording)
    recording.finish(result)
    return recording


def image(panel: TreePage) -> QImage:
    """What the canvas shows now."""
    return panel.canvas.grab().toImage()


def play_to_the_end(qtbot: QtBot, panel: TreePage) -> None:
    """Press play at the fastest speed and wait for the replay to stop at the end."""
    bar = panel.replay_bar
    bar.speed_slider.setValue(bar.speed_slider.maximum())
    assert panel.controller.rate == RATES[-1]
    assert bar.rate_label.text() == "100,000 events/s"
    qtbot.mouseClick(bar.play_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not panel.controller.playing, timeout=PLAY_TIMEOUT_MS)


def test_figure_5_2_replayed_from_the_start(qtbot: QtBot, panel: TreePage) -> None:
    recording = figure_recording()
    panel.show_recording(recording, live=False, title="Figure 5.2")
    end = recording.event_count
    assert panel.moment == end  # a finished search opens at its end

    qtbot.mouseClick(panel.replay_bar.start_button, Qt.MouseButton.LeftButton)
    assert panel.moment == 0
    assert panel.explanation.text() == START_TEXT
    play_to_the_end(qtbot, panel)
    assert panel.moment == end
    assert Moment(recording, end).limit == 11
    assert len(Moment(recording, end).snapshot()) == 11

    # The cutoff under C, as the explanation says it when it happens.
    cut_seq = next(seq for seq in range(end) if recording.ev_type[seq] == PRUNED)
    panel.controller.seek(cut_seq + 1)
    assert panel.explanation.text() == CUTOFF_AT_C
    c = next(n for n in range(recording.node_count) if recording.name(n) == "MIN node C")
    cut = Moment(recording, panel.moment).cutoff(c)
    assert cut is not None and len(cut.moves) == 2

    names = [recording.name(n) for n in recording.principal_variation()]
    assert names == ["MAX node A", "MIN node B", "leaf after a1 0"]
    assert recording.value[recording.principal_variation()[-1]] == 3
    qtbot.mouseClick(panel.replay_bar.end_button, Qt.MouseButton.LeftButton)
    assert "Principal variation: root → a1 → 0 (value 3)" in panel.explanation.text()
    # The root is shown in the details once the search is over: value 3, best move a1.
    assert panel.details.node == 0
    assert panel.details.title.text() == "MAX node A"
    assert "3, backed up: the largest child value (best move a1)" in panel.details.facts.text()


def test_root_details_before_and_after_its_value(qtbot: QtBot, panel: TreePage) -> None:
    recording = figure_recording()
    panel.show_recording(recording, live=False)
    panel.controller.seek(5)
    assert "not valued yet" in panel.details.facts.text()
    qtbot.mouseClick(panel.details.valued_button, Qt.MouseButton.LeftButton)
    assert panel.moment == recording.valued_at[0] + 1
    assert "3, backed up" in panel.details.facts.text()
    qtbot.mouseClick(panel.details.entered_button, Qt.MouseButton.LeftButton)
    assert panel.moment == 1
    assert panel.explanation.text() == describe_step(recording, 0)


def test_window_history_of_d(qtbot: QtBot, panel: TreePage) -> None:
    recording = figure_recording()
    panel.show_recording(recording, live=False)
    d = next(n for n in range(recording.node_count) if recording.name(n) == "MIN node D")
    panel.select_node(d)
    text = panel.details.facts.text()
    assert panel.details.title.text() == "MIN node D"
    assert "on entry</td><td>α 3, β +∞" in text
    assert "after child 1 (0 → 14)</td><td>α 3, β 14" in text
    assert "after child 2 (1 → 5)</td><td>α 3, β 5" in text
    assert "after child 3 (2 → 2), on exit</td><td>α 3, β 5" in text
    assert "≤ 2, backed up" in text
    assert "at most 2: 2 ≤ α = 3" in text  # a bound: MAX has 3 at B already


@pytest.mark.parametrize("fail_hard", [False, True])
def test_figure_5_2_says_what_c_returns_under_each_convention(
    fail_hard: bool, panel: TreePage
) -> None:
    recording = figure_recording(fail_hard=fail_hard)
    panel.show_recording(recording, live=False, title="Figure 5.2")
    c = next(n for n in range(recording.node_count) if recording.name(n) == "MIN node C")
    panel.controller.seek(recording.valued_at[c] + 1)
    panel.select_node(c)
    facts = panel.details.facts.text()
    if fail_hard:
        assert panel.title_label.text() == "Figure 5.2 · alpha-beta, fail-hard"
        assert panel.explanation.text() == (
            "MIN node C fails low: it returns α = 3 (fail-hard; its own best is 2)"
        )
        assert "≤ 3, backed up: α, as fail-hard returns when it fails low" in facts
        assert "(its own best is 2)" in facts
    else:
        assert panel.title_label.text() == "Figure 5.2"
        assert panel.explanation.text() == (
            "MIN node C takes the smallest child value: 2 (best move 0) "
            "(fail-soft: its own best, below α = 3)"
        )
        assert "≤ 2, backed up: the smallest child value" in facts
    assert "at most" in facts  # either way a bound: MAX has 3 at B already


def test_live_follows_until_touched(qtbot: QtBot, panel: TreePage) -> None:
    recording = figure_recording()  # all recorded; published a little at a time below
    panel.show_recording(recording, live=True)
    bar = panel.replay_bar
    assert panel.moment == 0 and bar.live_button.isChecked()
    for count in (3, 8, 12):
        panel.set_published(count)
        assert panel.moment == count
        assert panel.canvas.moment == count
    assert panel.explanation.text() == describe_step(recording, 11)
    # While live the bar shows new events at its own rate: soon, not at every batch.
    qtbot.waitUntil(lambda: bar.moment_label.text().startswith("event 12 of 12"))

    qtbot.mouseClick(bar.back_button, Qt.MouseButton.LeftButton)
    assert panel.moment == 11
    assert not bar.live_button.isChecked()
    panel.set_published(20)
    assert panel.moment == 11  # detached: the replay stays where the person left it

    qtbot.mouseClick(bar.live_button, Qt.MouseButton.LeftButton)
    assert bar.live_button.isChecked()
    assert panel.moment == 20
    qtbot.mouseClick(bar.play_button, Qt.MouseButton.LeftButton)  # shows "pause" while live
    assert not bar.live_button.isChecked() and not panel.controller.playing
    panel.set_published(21)
    assert panel.moment == 20
    qtbot.mouseClick(bar.live_button, Qt.MouseButton.LeftButton)
    assert panel.moment == 21
    panel.set_published(recording.event_count)
    panel.finish()
    assert panel.moment == recording.event_count
    assert not bar.live_button.isEnabled()
    assert "Principal variation" in panel.explanation.text()


def test_live_view_left_alone_when_replaying_at_the_end(qtbot: QtBot, panel: TreePage) -> None:
    recording = figure_recording()
    panel.show_recording(recording, live=True)
    panel.set_published(10)
    panel.controller.seek(4)
    panel.set_published(recording.event_count)
    panel.finish()
    assert panel.moment == 4  # finishing does not yank a person's replay away
    assert panel.replay_bar.moment_label.text() == f"event 4 of {recording.event_count}"


def test_keys_drive_the_replay(qtbot: QtBot, panel: TreePage) -> None:
    recording = figure_recording()
    panel.show_recording(recording, live=False)
    panel.canvas.setFocus()
    qtbot.keyClick(panel.canvas, Qt.Key.Key_Home)
    assert panel.moment == 0
    qtbot.keyClick(panel.canvas, Qt.Key.Key_Right)
    qtbot.keyClick(panel.canvas, Qt.Key.Key_Right)
    assert panel.moment == 2
    qtbot.keyClick(panel.canvas, Qt.Key.Key_Left)
    assert panel.moment == 1
    qtbot.keyClick(panel.canvas, Qt.Key.Key_End)
    assert panel.moment == recording.event_count
    qtbot.keyClick(panel.canvas, Qt.Key.Key_Home)
    qtbot.keyClick(panel.canvas, Qt.Key.Key_Space)
    assert panel.controller.playing
    qtbot.keyClick(panel.canvas, Qt.Key.Key_Space)
    assert not panel.controller.playing


def test_a_replay_opened_at_its_end_steps_on_from_its_first_event(
    qtbot: QtBot, panel: TreePage
) -> None:
    # An exercise's solution: the finished search first, then how it got there.
    recording = figure_recording()
    panel.show_recording(recording, live=False)
    controller, bar = panel.controller, panel.replay_bar
    controller.open_at_end()
    assert panel.moment == recording.event_count and controller.starts_over
    assert bar.forward_button.isEnabled()
    assert "from its first event" in bar.forward_button.toolTip()
    qtbot.mouseClick(bar.forward_button, Qt.MouseButton.LeftButton)
    assert panel.moment == 1
    assert panel.explanation.text().startswith("Start at the root")
    # Only once: back at the end by hand, a step forward has nowhere to go.
    qtbot.keyClick(panel.canvas, Qt.Key.Key_End)
    assert not controller.starts_over and not bar.forward_button.isEnabled()
    controller.step_forward()
    assert panel.moment == recording.event_count
    # The Right key and play start from the first event too.
    controller.open_at_end()
    panel.canvas.setFocus()
    qtbot.keyClick(panel.canvas, Qt.Key.Key_Right)
    assert panel.moment == 1
    controller.open_at_end()
    controller.play()
    assert panel.moment == 1
    controller.pause()
    # Any other move of the moment ends it: a step back is one event back.
    controller.open_at_end()
    controller.step_back()
    assert panel.moment == recording.event_count - 1 and not controller.starts_over


def test_stepping_back_and_forth_shows_the_same_tree(qtbot: QtBot, panel: TreePage) -> None:
    recording = figure_recording()
    panel.show_recording(recording, live=False)
    end = recording.event_count
    bar = panel.replay_bar
    qtbot.mouseClick(bar.start_button, Qt.MouseButton.LeftButton)
    forward: list[tuple[QImage, list[tuple[Any, ...]]]] = []
    for k in range(end + 1):
        assert panel.moment == k
        forward.append((image(panel), Moment(recording, k).snapshot()))
        if k < end:
            qtbot.mouseClick(bar.forward_button, Qt.MouseButton.LeftButton)
    for k in range(end, -1, -1):
        assert panel.moment == k
        grabbed, snapshot = forward[k]
        assert Moment(recording, k).snapshot() == snapshot
        assert image(panel) == grabbed, f"moment {k} looks different stepping back"
        if k > 0:
            qtbot.mouseClick(bar.back_button, Qt.MouseButton.LeftButton)


def test_live_and_replay_draw_the_same(qtbot: QtBot, panel: TreePage) -> None:
    recording = figure_recording()
    panel.show_recording(recording, live=True)
    live: dict[int, QImage] = {}
    for count in range(0, recording.event_count + 1, 5):
        panel.set_published(count)
        live[count] = image(panel)
    panel.set_published(recording.event_count)
    panel.finish()
    panel.select_node(None)  # the root was chosen at the end, to show the answer
    for count, grabbed in live.items():
        panel.controller.seek(count)
        assert image(panel) == grabbed, f"moment {count} differs between live and replay"


def test_clicking_a_node_shows_its_position(qtbot: QtBot, panel: TreePage) -> None:
    recording = tictactoe_recording(moves=5)
    panel.show_recording(recording, live=False)
    canvas = panel.canvas
    # A node two moves below the root, away from the first line searched.
    node = max(n for n in range(recording.node_count) if recording.depth[n] == 2)
    canvas.fit_all()
    point = canvas.view_point_of(node)
    assert canvas.viewport().rect().contains(point)
    qtbot.mouseClick(canvas.viewport(), Qt.MouseButton.LeftButton, pos=point)
    details = panel.details
    assert details.node == node
    board = details.board
    assert board is not None and board.isVisible()
    assert board.state == recording.state(node)
    game = recording.game
    state = recording.root_states[recording.path(node)[0]]
    for step in recording.path(node)[1:]:
        state = game.result(state, recording.moves[step])
    assert board.state == state
    assert board.last_move == recording.moves[node]
    assert not board.interactive


def test_event_log_lists_the_events_up_to_the_moment(qtbot: QtBot, panel: TreePage) -> None:
    recording = figure_recording()
    panel.show_recording(recording, live=False)
    panel.tabs.setCurrentWidget(panel.log)  # the Steps tab: a hidden list is not kept up
    model = panel.log.log_model
    qtbot.waitUntil(lambda: model.rowCount() == recording.event_count)  # caught up
    for k in (recording.event_count, 13, 1, 0):
        panel.controller.seek(k)
        assert model.rowCount() == k
        if k:
            assert model.text(k - 1) == f"{k}. {describe_step(recording, k - 1)}"
    panel.controller.seek(13)
    qtbot.waitUntil(lambda: panel.log.currentIndex().row() == 12)
    # Clicking an event goes to the moment just after it.
    index = model.index(4)
    rect = panel.log.visualRect(index)
    qtbot.mouseClick(panel.log.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert panel.moment == 5


def test_cap_banner_names_both_counts(qtbot: QtBot, panel: TreePage) -> None:
    recording = tictactoe_recording(moves=3, node_cap=50)
    total = recording.result.stats.nodes
    assert recording.capped and total > 50
    panel.show_recording(recording, live=False)
    assert panel.banner.isVisible()
    text = panel.banner.text()
    assert f"Showing the first 50 nodes of {total:,}" in text
    assert "the statistics count them all" in text

    panel.show_recording(recording, live=True)
    panel.set_published(recording.event_count)
    assert "more nodes are coming" in panel.banner.text()
    panel.finish()
    assert f"of {total:,}" in panel.banner.text()

    panel.show_recording(figure_recording(), live=False)
    assert not panel.banner.isVisible()


def test_iterations_offered_one_by_one(
    qtbot: QtBot, panel: TreePage, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings = SearchSettings(depth=3, ordering=Ordering.PREVIOUS_BEST)
    recording = tictactoe_recording(moves=0, settings=settings)
    panel.show_recording(recording, live=False)
    box = panel.iteration_box
    # The legend under the tree explains the dashed edges iterative deepening tried first.
    assert box.isVisible() and ("tried", "tried first") in panel.canvas.legend_items()
    sizes = [it.nodes for it in recording.iterations]
    assert [box.itemText(i) for i in range(box.count())] == [
        "All iterations",
        *(f"depth {d} ({n:,} nodes)" for d, n in zip((1, 2, 3), sizes, strict=True)),
    ]
    fitted: list[int] = []
    monkeypatch.setattr(panel.canvas, "fit_iteration", fitted.append)
    box.setCurrentIndex(2)
    box.activated.emit(2)
    assert fitted == [1]

    panel.show_recording(figure_recording(), live=False)
    assert not box.isVisible()
    assert "tried" not in dict(panel.canvas.legend_items())  # one search: no dashed edges


def test_a_live_search_explains_tried_first_once_it_tries_one(
    qtbot: QtBot, panel: TreePage
) -> None:
    settings = SearchSettings(depth=3, ordering=Ordering.PREVIOUS_BEST)
    recording = tictactoe_recording(moves=0, settings=settings)
    written = bytes(recording.tried_first)
    # As the search thread writes it: nothing tried first during the first iteration.
    recording.tried_first[:] = bytes(len(written))
    panel.show_recording(recording, live=True)
    panel.set_published(recording.iterations[1].started)
    assert "tried" not in dict(panel.canvas.legend_items())
    recording.tried_first[:] = written  # the second iteration tries the first line first
    panel.set_published(recording.event_count)
    assert ("tried", "tried first") in panel.canvas.legend_items()


def test_a_live_search_explains_pruning_once_it_prunes(qtbot: QtBot, panel: TreePage) -> None:
    tree = load_tree(FIGURE_5_2)
    game = TreeGame(tree)
    recording = SearchRecording(game)
    panel.show_recording(recording, live=True)
    keys = [key for key, _ in panel.canvas.legend_items()]
    # Nothing searched yet: nothing pruned, no game over, no chance node, no table.
    assert keys == ["max", "min", "open", "pv", "now"]
    recording.finish(search(game, tree.root, SearchSettings(), listener=recording))
    panel.set_published(recording.event_count)
    keys = [key for key, _ in panel.canvas.legend_items()]
    assert keys == ["max", "min", "terminal", "open", "cut", "pv", "now"]


def test_node_cap_steps_by_powers_of_ten(qtbot: QtBot, panel: TreePage) -> None:
    assert panel.node_cap() == 1_000_000
    caps: list[object] = []
    panel.nodeCapChanged.connect(caps.append)
    box = panel.cap_box
    box.stepBy(1)
    assert panel.node_cap() == 10_000_000
    box.stepBy(1)
    assert panel.node_cap() is None
    assert box.text() == "No limit"
    box.stepBy(-3)
    assert panel.node_cap() == 100_000
    assert box.text() == "100,000 nodes"
    assert caps == [10_000_000, None, 100_000]
    panel.set_node_cap(None)
    assert panel.node_cap() is None


def test_export_writes_files(
    qtbot: QtBot, panel: TreePage, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    panel.show_recording(figure_recording(), live=False)
    names = iter([str(tmp_path / "tree"), str(tmp_path / "tree.png")])
    monkeypatch.setattr(panel.exporter, "_save_file_name", lambda caption, filter: next(names))
    panel.act_export_svg.trigger()
    panel.act_export_png.trigger()
    assert (tmp_path / "tree.svg").stat().st_size > 0
    assert (tmp_path / "tree.png").stat().st_size > 0
    monkeypatch.setattr(panel.exporter, "_save_file_name", lambda caption, filter: None)
    panel.act_export_svg.trigger()  # cancelled: nothing happens
    assert sorted(p.name for p in tmp_path.iterdir()) == ["tree.png", "tree.svg"]

    warnings: list[str] = []
    monkeypatch.setattr(panel.exporter, "_warn", lambda title, text: warnings.append(text))
    unwritable = str(tmp_path / "no such folder" / "tree.png")
    monkeypatch.setattr(panel.exporter, "_save_file_name", lambda caption, filter: unwritable)
    panel.act_export_png.trigger()
    assert warnings and unwritable in warnings[0]


def test_copy_view_puts_an_image_on_the_clipboard(qtbot: QtBot, panel: TreePage) -> None:
    panel.show_recording(figure_recording(), live=False)
    clipboard = QGuiApplication.clipboard()
    clipboard.clear()
    panel.act_copy.trigger()
    assert not clipboard.image().isNull()


def test_clear_shows_a_friendly_message(qtbot: QtBot, panel: TreePage) -> None:
    assert panel.stack.currentWidget() is panel.empty_label
    assert panel.empty_label.text() == EMPTY_TEXT
    panel.show_recording(figure_recording(), live=False)
    assert panel.stack.currentWidget() is panel.splitter
    panel.clear("Human against human: no search to show.")
    assert panel.recording is None
    assert panel.empty_label.text() == "Human against human: no search to show."
    assert not panel.replay_bar.isEnabled()


def test_the_log_slider_and_minimap_follow_a_live_search_at_their_rates(
    qtbot: QtBot, panel: TreePage
) -> None:
    recording = tictactoe_recording()
    panel.tabs.setCurrentWidget(panel.log)  # the list of steps in view
    panel.show_recording(recording, live=True)
    updates: list[int] = []
    set_count = panel.log.set_count
    panel.log.set_count = lambda count: (updates.append(count), set_count(count))  # type: ignore[method-assign]
    qtbot.wait(150)  # a quiet spell: the next batch shows at once
    end = recording.event_count
    for count in range(1, end, max(1, end // 60)):  # sixty batches, no time between
        panel.set_published(count)
    assert len(updates) <= 1  # not one update per batch
    assert panel.canvas.moment == panel.moment  # the tree itself follows every batch
    panel.set_published(end)
    panel.finish()
    # The end, exactly, without waiting for any rate.
    assert panel.log.log_model.rowCount() == end
    bar = panel.replay_bar
    assert bar.moment_slider.maximum() == bar.moment_slider.value() == end
    assert bar.moment_label.text() == f"event {end:,} of {end:,}"
    qtbot.waitUntil(lambda: panel.minimap.shown_moment == end)


def test_a_hidden_log_and_minimap_do_nothing_per_batch_and_are_right_once_shown(
    qtbot: QtBot, panel: TreePage
) -> None:
    recording = tictactoe_recording()
    panel.show_recording(recording, live=True)
    panel.tabs.setCurrentWidget(panel.log)
    qtbot.waitUntil(lambda: panel.minimap.shown_moment == 0)
    panel.act_side.trigger()  # Details off: the log and the minimap beside the tree go
    assert not panel.log.isVisible() and not panel.minimap.isVisible()
    end = recording.event_count
    for count in range(1, end // 2, max(1, end // 60)):
        panel.set_published(count)
        qtbot.wait(5)
    qtbot.wait(300)  # past every interval
    assert panel.log.log_model.rowCount() == 0
    assert panel.minimap.shown_moment == 0
    middle = panel.moment
    assert middle > 0
    panel.act_side.trigger()
    qtbot.waitUntil(lambda: panel.log.log_model.rowCount() == middle)
    qtbot.waitUntil(lambda: panel.minimap.shown_moment == middle)
