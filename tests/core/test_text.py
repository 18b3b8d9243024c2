"""The cap on a person's text in views: labels, moves and names past LABEL_CHARS are cut."""

from __future__ import annotations

from gamesearch_gui.core.exercises.grade import node_name
from gamesearch_gui.core.narration.steps import describe_step
from gamesearch_gui.core.recording.depth_first import SearchRecording
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import search
from gamesearch_gui.core.text import ELLIPSIS
from gamesearch_gui.core.text import LABEL_CHARS
from gamesearch_gui.core.text import clip
from gamesearch_gui.core.trees.file import build_tree
from gamesearch_gui.core.trees.tree import CustomTree
from gamesearch_gui.core.trees.tree import TreeGame

LONG = "abcdefghij" * 10_000  # 100,000 characters


def test_clip_keeps_short_text_and_cuts_long_text_with_an_ellipsis() -> None:
    assert clip("") == ""
    assert clip("A") == "A"
    assert clip("x" * LABEL_CHARS) == "x" * LABEL_CHARS
    cut = clip(LONG)
    assert len(cut) == LABEL_CHARS
    assert cut.endswith(ELLIPSIS) and LONG.startswith(cut[:-1])
    assert clip(LONG, 10) == LONG[:9] + ELLIPSIS


def long_tree() -> tuple[SearchRecording, CustomTree]:
    tree = build_tree(
        {
            "type": "max",
            "label": LONG,
            "children": [
                {"type": "min", "label": "B", "move": LONG, "children": [{"value": 3}]},
                {"value": 1, "label": LONG},
            ],
        }
    )
    game = TreeGame(tree)
    recording = SearchRecording(game)
    result = search(
        game, game.initial_state(), SearchSettings(Algorithm.ALPHABETA), listener=recording
    )
    recording.finish(result)
    return recording, tree


def test_words_about_nodes_carry_at_most_the_cap_of_each_label() -> None:
    recording, tree = long_tree()
    assert len(recording.name(0)) <= LABEL_CHARS + len("MAX node ")
    assert len(recording.move_text(1)) == LABEL_CHARS
    for seq in range(recording.event_count):
        # A sentence names a node and a move at most: two labels' worth and some words.
        assert len(describe_step(recording, seq)) < 3 * LABEL_CHARS
    assert len(node_name(tree, ())) <= LABEL_CHARS + len("MAX node ")
    assert len(node_name(tree, (1,))) <= LABEL_CHARS + len("leaf ")
