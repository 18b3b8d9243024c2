"""MAX's strategy in the search tree: the toggle, the teal edges, the legend and the note."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from gamesearch_gui.core.narration.legend import STRATEGY_ITEM
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.strategy import max_strategy
from gamesearch_gui.ui.tree.notes import STRATEGY_WAIT_TEXT
from gamesearch_gui.ui.tree.page import TreePage
from gamesearch_gui.ui.tree.strips import LEGEND_H
from gamesearch_gui.ui.tree.strips import legend_rows
from tests.ui.test_tree_panel import figure_recording
from tests.ui.test_tree_panel import tictactoe_recording


def drawn(qtbot: QtBot, panel: TreePage) -> list[tuple[int, int]]:
    """The strategy's edges as the next paint draws them."""
    panel.canvas.fit_all()
    panel.canvas.viewport().repaint()
    return panel.canvas.tree_item.last_frame.strategy_edges


def test_toggling_the_action_highlights_the_strategy_and_the_legend_says_so(
    qtbot: QtBot, panel: TreePage
) -> None:
    recording = figure_recording()
    panel.show_recording(recording, live=False)
    assert not drawn(qtbot, panel) and STRATEGY_ITEM not in panel.canvas.legend_items()
    assert not panel.strategy_note.isVisible()

    panel.act_strategy.trigger()
    strategy = max_strategy(recording)
    assert strategy is not None
    edges = drawn(qtbot, panel)
    # A to B (MAX's move a1), and B to each of MIN's three replies; nothing under C, D.
    assert sorted(child for _, child in edges) == sorted(strategy.nodes - {strategy.root})
    assert len(edges) == 4
    assert [recording.move_text(child) for parent, child in edges if parent == 0] == ["a1"]
    assert STRATEGY_ITEM in panel.canvas.legend_items()
    assert panel.strategy_note.isVisible()
    assert "guarantees MAX at least 3" in panel.strategy_note.text()

    panel.act_strategy.trigger()
    assert not drawn(qtbot, panel) and STRATEGY_ITEM not in panel.canvas.legend_items()
    assert not panel.strategy_note.isVisible()


def test_a_replay_shows_the_strategy_only_at_the_end(qtbot: QtBot, panel: TreePage) -> None:
    panel.show_recording(figure_recording(), live=False)
    panel.act_strategy.setChecked(True)
    panel.controller.seek(3)
    assert not drawn(qtbot, panel)  # MAX has not chosen yet
    panel.controller.go_end()
    assert len(drawn(qtbot, panel)) == 4


def test_an_incomplete_strategy_says_why(qtbot: QtBot, panel: TreePage) -> None:
    panel.act_strategy.setChecked(True)
    shallow = tictactoe_recording(moves=2, settings=SearchSettings(Algorithm.MINIMAX, depth=2))
    panel.show_recording(shallow, live=False)
    text = panel.strategy_note.text()
    assert text.startswith("MAX's strategy is incomplete: the depth limit stopped the search")
    assert drawn(qtbot, panel)  # what there is of it is still shown


def test_a_live_search_waits_for_its_end(qtbot: QtBot, panel: TreePage) -> None:
    panel.act_strategy.setChecked(True)
    recording = tictactoe_recording(moves=4)
    result, recording.result = recording.result, None
    panel.show_recording(recording, live=True)
    assert panel.strategy_note.text() == STRATEGY_WAIT_TEXT
    assert not panel.canvas.tree_item.strategy
    recording.result = result
    panel.set_published(recording.event_count)
    panel.finish()
    assert panel.canvas.tree_item.strategy
    assert "MAX's strategy" in panel.strategy_note.text()


def test_a_narrow_legend_wraps_and_keeps_the_strategy_entry(qtbot: QtBot, panel: TreePage) -> None:
    # At a laptop's width the legend with MAX's strategy takes two rows, never drops it.
    panel.resize(900, 350)
    panel.show_recording(figure_recording(), live=False)
    panel.act_strategy.trigger()
    canvas = panel.canvas
    legend = canvas.strips.legend
    qtbot.waitUntil(lambda: legend.height() > LEGEND_H)
    rows = legend_rows(legend.width(), LEGEND_H, canvas.font(), canvas.legend_items())
    assert rows >= 2 and legend.height() == rows * LEGEND_H
    assert canvas.viewport().geometry().bottom() < legend.geometry().top()
    panel.resize(1900, 350)  # room for one row again
    qtbot.waitUntil(lambda: legend.height() == LEGEND_H)
