"""One vocabulary: a value, a probability and a node read the same on every surface.

The canvas, the explanation line, the node details, the tooltip and the statistics of
one search are compared with each other, for Figure 5.2 (moves named a1, b1, ...) and
for a chance tree with negative, fractional values.
"""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from gamesearch_gui.core.games import game_names
from gamesearch_gui.core.recording.depth_first import SearchRecording
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import Ordering
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import search
from gamesearch_gui.core.trees.examples import example
from gamesearch_gui.core.trees.file import load_tree
from gamesearch_gui.core.trees.tree import CustomTree
from gamesearch_gui.core.trees.tree import TreeGame
from gamesearch_gui.ui.play_config import PlayConfig
from gamesearch_gui.ui.settings_panel import SettingsPanel
from gamesearch_gui.ui.stats_panel import StatsPanel
from gamesearch_gui.ui.tree.page import TreePage

MINUS = "\u2212"

#: MAX chooses between two gambles: 3/4 of −1 and 1/4 of 2 (worth −0.25), or a sure −1.
GAMBLES = """{
  "format": "gamesearch-tree", "version": 1, "name": "Gambles",
  "root": {"type": "max", "children": [
    {"type": "chance", "move": "risk", "children": [
      {"probability": 0.75, "move": "lose", "value": -1},
      {"probability": 0.25, "move": "win", "value": 2}]},
    {"type": "chance", "move": "safe", "children": [
      {"probability": 0.5, "move": "h", "value": -1},
      {"probability": 0.5, "move": "t", "value": -1}]}
  ]}
}"""


def solved(tree: CustomTree) -> tuple[TreeGame, SearchRecording]:
    game = TreeGame(tree)
    algorithm = Algorithm.EXPECTIMINIMAX if tree.has_chance else Algorithm.ALPHABETA
    recording = SearchRecording(game)
    result = search(game, tree.root, SearchSettings(algorithm=algorithm), listener=recording)
    recording.finish(result)
    return game, recording


def canvas_texts(panel: TreePage) -> list[str]:
    """Every text the canvas drew, painted at a laptop's width."""
    panel.resize(1366, 700)
    panel.canvas.viewport().repaint()
    return panel.canvas.tree_item.last_frame.texts


@pytest.mark.parametrize(
    ("tree", "root_value", "best", "line"),
    [
        (example("figure-5-2").tree(), "3", "a1", "a1 → b1"),
        (load_tree(GAMBLES), f"{MINUS}0.25", "risk", "risk → lose"),
    ],
    ids=["figure-5-2", "gambles"],
)
def test_the_root_value_reads_the_same_everywhere(
    qtbot: QtBot,
    panel: TreePage,
    tree: CustomTree,
    root_value: str,
    best: str,
    line: str,
) -> None:
    game, recording = solved(tree)
    panel.show_recording(recording, live=False, title=tree.name)
    # The canvas writes the root's value as the value itself, no sign and no decimals.
    assert root_value in canvas_texts(panel)
    # The explanation of the moment the root is valued.
    panel.controller.seek(recording.valued_at[0] + 1)
    assert f"takes the largest child value: {root_value} (" in panel.explanation.text()
    assert f"(value {root_value})" in panel.explanation.text()  # the principal variation
    # The details of the root.
    panel.select_node(0)
    assert f"{root_value}, " in panel.details.facts.text()
    # The tooltip.
    assert f"Value: {root_value} (" in panel.canvas.tree_item.model.describe(0)
    # The statistics panel, with the best move and line by their move names.
    stats = StatsPanel()
    qtbot.addWidget(stats)
    assert recording.result is not None
    stats.show_result(game, tree.root, recording.result)
    assert stats.text("value") == root_value
    assert stats.text("best") == best
    assert stats.text("pv") == line
    # No other spelling of the same value anywhere.
    for text in (panel.explanation.text(), panel.details.facts.text(), *canvas_texts(panel)):
        assert f"+{root_value}" not in text and f"{root_value}0" not in text


def test_probabilities_read_the_same_on_edges_details_and_explanation(
    panel: TreePage,
) -> None:
    _, recording = solved(load_tree(GAMBLES))
    panel.show_recording(recording, live=False)
    lose = next(n for n in range(recording.node_count) if recording.move_text(n) == "lose")
    texts = canvas_texts(panel)
    assert "lose · 3/4" in texts or "3/4" in texts  # the move gives way when room is short
    panel.controller.seek(recording.entered_at[lose] + 1)
    assert panel.explanation.text().startswith("Move lose (probability 3/4) leads to")
    panel.select_node(lose)
    assert "3/4" in panel.details.facts.text()
    assert "0.75" not in panel.details.facts.text()


def test_the_explanation_names_nodes_as_the_edges_do(panel: TreePage) -> None:
    _, recording = solved(example("figure-5-2").tree())
    panel.show_recording(recording, live=False)
    c1 = next(n for n in range(recording.node_count) if recording.move_text(n) == "c1")
    assert "c1" in canvas_texts(panel)  # the edge into the leaf
    panel.controller.seek(recording.valued_at[c1] + 1)
    assert panel.explanation.text() == "Leaf after a2 c1 ends the game: utility 2"
    panel.select_node(c1)
    assert panel.details.title.text() == "Leaf after a2 c1"
    assert panel.canvas.tree_item.model.describe(c1).startswith("Leaf after a2 c1\n")
    # Labelled nodes go by their label, on every surface alike.
    c = recording.parent[c1]
    panel.controller.seek(recording.valued_at[c] + 1)
    assert panel.explanation.text().startswith("MIN node C ")
    panel.select_node(c)
    assert panel.details.title.text() == "MIN node C"


@pytest.mark.parametrize("game", game_names())
def test_the_statistics_name_the_search_as_the_settings_do(qtbot: QtBot, game: str) -> None:
    # The statistics said "alphabeta", "mcts", "maxn", "static ordering".
    settings = SettingsPanel(PlayConfig(game=game))
    stats = StatsPanel()
    qtbot.addWidget(settings)
    qtbot.addWidget(stats)
    box = settings.algorithm_box
    orderings = {
        settings.ordering_box.itemData(i): settings.ordering_box.itemText(i)
        for i in range(settings.ordering_box.count())
    }
    for i in range(box.count()):
        algorithm = box.itemData(i)
        if algorithm is Algorithm.MCTS:
            chosen = SearchSettings(algorithm, iterations=100)
        elif algorithm.handles_players:
            chosen = SearchSettings(algorithm, depth=3)
        else:
            chosen = SearchSettings(
                algorithm, depth=3, ordering=Ordering.STATIC, transposition_table=True
            )
        stats.show_started("AI move", chosen)
        line = stats.text("search")
        assert line.startswith(f"AI move: {box.itemText(i)}, "), line
        assert algorithm.value not in line
        if chosen.ordering is Ordering.STATIC:
            assert f"ordering: {orderings[Ordering.STATIC].lower()}" in line
            assert line.endswith("transposition table")
