"""The tree's texts never collide: values, α/β, node labels, moves and prune marks are
placed so that none overlaps another, none leaves the scene, and none is too small to
read, at every zoom; where room runs out the move goes first and the value last."""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any

import pytest
from PySide6.QtGui import QTransform
from pytestqt.qtbot import QtBot

from gamesearch_gui.core.exercises.exercise import Task
from gamesearch_gui.core.exercises.exercise import make_exercise
from gamesearch_gui.core.games import Pig
from gamesearch_gui.core.narration.facts import shown_value
from gamesearch_gui.core.narration.legend import LEGEND_ITEMS
from gamesearch_gui.core.recording.depth_first import SearchRecording
from gamesearch_gui.core.recording.drawn_tree import Drawing
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import search
from gamesearch_gui.core.trees import edit as tree_edit
from gamesearch_gui.core.trees.examples import EXAMPLES
from gamesearch_gui.core.trees.examples import example
from gamesearch_gui.core.trees.file import load_tree
from gamesearch_gui.core.trees.random_tree import random_tree
from gamesearch_gui.core.trees.tree import CustomTree
from gamesearch_gui.core.trees.tree import NodeType
from gamesearch_gui.core.trees.tree import TreeGame
from gamesearch_gui.core.trees.tree import rebuild
from gamesearch_gui.ui.exercise.view import ExerciseCanvas
from gamesearch_gui.ui.palette import MIN_TEXT_PIXELS
from gamesearch_gui.ui.tree.canvas import TreeCanvas
from gamesearch_gui.ui.tree.geometry import KIND_MAX
from gamesearch_gui.ui.tree.geometry import KIND_MIN
from gamesearch_gui.ui.tree.item import Frame
from gamesearch_gui.ui.tree.placement import overlap
from gamesearch_gui.ui.tree.shapes import SHAPE_LEFT

#: No text on screen is smaller than this (font pixels).
READABLE_PX = 6


def _has_chance(tree: CustomTree) -> bool:
    return any(node.type is NodeType.CHANCE for node in tree.nodes())


CHANCE_EXAMPLES = [e.key for e in EXAMPLES if _has_chance(e.tree())]
KEYS = ["figure-5-2", *CHANCE_EXAMPLES, "pennies-7", "figure-5-4"]
ZOOMS = ["fitted", 1.0, 2.0, 0.7, 0.4, 0.2]


def _searched(tree: CustomTree, algorithm: Algorithm, depth: int | None = None) -> SearchRecording:
    game = TreeGame(tree)
    recording = SearchRecording(game)
    settings = SearchSettings(algorithm, depth=depth)
    recording.finish(search(game, tree.root, settings, listener=recording))
    return recording


def _solved(key: str) -> SearchRecording:
    chosen = example(key)
    return _searched(chosen.tree(), chosen.algorithm, chosen.depth)


def _labels(recording: SearchRecording) -> dict[int, str]:
    states = (recording.state(n) for n in range(recording.node_count))
    return {n: state.label for n, state in enumerate(states) if getattr(state, "label", None)}


def _show(
    canvas: TreeCanvas, recording: SearchRecording, labels: dict[int, str], zoom: Any
) -> Frame:
    canvas.set_recording(recording)
    canvas.set_moment(recording.event_count)
    canvas.tree_item.node_labels = labels
    if zoom == "fitted":
        canvas.fit_all()
    else:
        canvas.setTransform(QTransform.fromScale(zoom, zoom))
        # From the top left, where the root and the leftmost labels are.
        canvas.horizontalScrollBar().setValue(canvas.horizontalScrollBar().minimum())
        canvas.verticalScrollBar().setValue(canvas.verticalScrollBar().minimum())
    canvas.viewport().repaint()
    return canvas.tree_item.last_frame


def _assert_readable(canvas: TreeCanvas, frame: Frame) -> None:
    boxes = [t.box() for t in frame.placed]
    for i, a in enumerate(boxes):
        for j in range(i + 1, len(boxes)):
            assert not overlap(a, boxes[j]), (frame.placed[i], frame.placed[j])
        for mark in frame.cut_marks:  # no text is drawn over a cut mark
            assert not overlap(a, mark), (frame.placed[i], mark)
    # Every text inside the scene's content, as the view maps it to the screen.
    content = canvas.content_rect()
    top_left = canvas.mapFromScene(content.topLeft())
    bottom_right = canvas.mapFromScene(content.bottomRight())
    for t in frame.placed:
        left, top, right, bottom = t.box()
        assert left >= top_left.x() - 1 and right <= bottom_right.x() + 1, t
        assert top >= top_left.y() - 1 and bottom <= bottom_right.y() + 1, t
        assert t.px >= READABLE_PX, t
    assert frame.texts == [t.text for t in frame.placed]


@pytest.mark.parametrize("zoom", ZOOMS)
@pytest.mark.parametrize("key", KEYS)
def test_no_two_texts_of_a_solved_example_collide(canvas: TreeCanvas, key: str, zoom: Any) -> None:
    recording = _solved(key)
    frame = _show(canvas, recording, _labels(recording), zoom)
    _assert_readable(canvas, frame)


@pytest.mark.parametrize("zoom", ZOOMS)
@pytest.mark.parametrize("key", KEYS)
def test_no_two_texts_of_a_drawn_example_collide(canvas: TreeCanvas, key: str, zoom: Any) -> None:
    drawing = Drawing(example(key).tree())
    frame = _show(canvas, drawing.recording, drawing.labels, zoom)
    _assert_readable(canvas, frame)


def three_player_tree(seed: int = 3) -> CustomTree:
    """A random tree of three players (36 leaves), each level one player's, vectors of
    digits: what a student draws to try max^n."""
    tree = tree_edit.set_players(random_tree(4, (2, 3), (0, 9), seed=seed), ["A", "B", "C"])
    rng = random.Random(seed)
    for path in tree_edit.leaf_paths(tree):
        tree = tree_edit.set_values(tree, path, [rng.randint(0, 9) for _ in range(3)])
    for node in list(tree.nodes()):
        if node.player is not None:
            tree = tree_edit.set_player(tree, node.path, len(node.path) % 3)
    return tree


@pytest.mark.parametrize("zoom", ZOOMS)
@pytest.mark.parametrize("solved", [False, True], ids=["drawn", "solved"])
def test_no_two_vectors_of_a_tree_of_three_players_collide(
    canvas: TreeCanvas, zoom: Any, solved: bool
) -> None:
    tree = three_player_tree()
    if solved:
        recording = _searched(tree, Algorithm.MAXN)
        frame = _show(canvas, recording, {}, zoom)
    else:
        drawing = Drawing(tree)
        frame = _show(canvas, drawing.recording, drawing.labels, zoom)
    _assert_readable(canvas, frame)
    if zoom == 1.0:  # readable size: vectors are written (not all dropped for room)
        assert sum(t.startswith("(") for t in frame.texts) >= 10


@pytest.mark.parametrize("zoom", ZOOMS)
def test_no_two_texts_of_unnamed_chance_outcomes_collide(canvas: TreeCanvas, zoom: Any) -> None:
    # Outcomes with no move names, as a person draws them: "0 · 1/2", "1 · 1/2".
    outcomes = '{"type": "chance", "children": [{"probability": 0.5, "value": 1}, ' + (
        '{"probability": 0.5, "value": 3}]}'
    )
    tree = load_tree(
        '{"format": "gamesearch-tree", "version": 1, "root": {"type": "max", "children": ['
        + ", ".join([outcomes] * 3)
        + "]}}"
    )
    for recording in (Drawing(tree).recording, _searched(tree, Algorithm.EXPECTIMINIMAX)):
        frame = _show(canvas, recording, {}, zoom)
        _assert_readable(canvas, frame)
        assert not any(t.count("1/2") > 1 for t in frame.texts)


@pytest.mark.parametrize("zoom", ZOOMS)
def test_no_two_texts_of_a_pig_search_collide(canvas: TreeCanvas, zoom: Any) -> None:
    game = Pig()
    recording = SearchRecording(game)
    settings = SearchSettings(Algorithm.STAR1, depth=4)
    recording.finish(search(game, game.initial_state(), settings, listener=recording))
    frame = _show(canvas, recording, {}, zoom)
    _assert_readable(canvas, frame)


def test_figure_5_2_reads_c1_apart_from_its_cutoff(canvas: TreeCanvas) -> None:
    recording = _solved("figure-5-2")
    for zoom in ("fitted", 1.0, 2.0):
        frame = _show(canvas, recording, _labels(recording), zoom)
        texts = set(frame.texts)
        assert {"c1", "2 pruned", "a1", "A", "B", "C", "D"} <= texts, zoom
        assert {"3", "12", "8", "2", "14", "5"} <= texts, zoom
        assert not any("c12" in t for t in texts)


def test_chance_outcomes_each_show_their_probability(canvas: TreeCanvas) -> None:
    recording = _solved("chance-scaled")
    frame = _show(canvas, recording, _labels(recording), "fitted")
    assert sorted(t for t in frame.texts if t.endswith("/10")) == ["1/10", "1/10", "9/10", "9/10"]


def test_pennies_labels_are_not_cut_at_the_left_edge(canvas: TreeCanvas) -> None:
    recording = _solved("pennies-7")
    frame = _show(canvas, recording, _labels(recording), 2.0)
    # The leftmost column's states, whole: "3-3-1" and "3-2-1-1" stand under their nodes.
    assert {"7", "4-3", "3-3-1", "3-2-1-1"} <= set(frame.texts)


def test_where_room_runs_out_moves_go_before_values(canvas: TreeCanvas) -> None:
    # Twelve leaves with long move names under one MIN node: their moves cannot all be
    # written side by side, their values can.
    leaves = ",".join(f'{{"value": {v}, "move": "a rather long move {v}"}}' for v in range(10, 22))
    tree = load_tree(
        f'{{"format": "gamesearch-tree", "version": 1, "root": '
        f'{{"type": "min", "children": [{leaves}]}}}}'
    )
    frame = _show(canvas, _searched(tree, Algorithm.ALPHABETA), {}, 1.0)
    _assert_readable(canvas, frame)
    assert {str(v) for v in range(10, 22)} <= set(frame.texts)
    whole = [t for t in frame.texts if t.startswith("a rather long move")]
    assert 0 < len(whole) < 12


def test_text_too_small_to_read_is_left_out_but_values_are_raised_to_a_readable_size(
    canvas: TreeCanvas,
) -> None:
    recording = _solved("figure-5-2")
    labels = _labels(recording)
    frame = _show(canvas, recording, labels, 0.3)
    assert frame.nodes
    # The labels are left out; each value is written at the smallest readable size
    # where its node's part of the level holds it (here every node but two leaves).
    assert all(text.px >= MIN_TEXT_PIXELS for text in frame.placed)
    # "≤ 2" where a value is only a bound (C and D fail low), as the details write it.
    values = [shown_value(recording, n) for n in range(recording.node_count)]
    assert len(frame.texts) >= len(values) - 2
    assert not set(frame.texts) & set(labels.values())
    assert Counter(frame.texts) <= Counter(values)


@pytest.mark.parametrize(
    ("fail_hard", "root_moves"), [(False, ["3", "≤ 2", "≤ 2"]), (True, ["3", "≤ 3", "≤ 3"])]
)
def test_a_root_move_that_fails_low_is_drawn_as_an_upper_bound(
    canvas: TreeCanvas, fail_hard: bool, root_moves: list[str]
) -> None:
    # Figure 5.2: C and D fail low (fail-hard returns alpha, 3): at most their values.
    tree = example("figure-5-2").tree()
    game = TreeGame(tree)
    recording = SearchRecording(game)
    settings = SearchSettings(Algorithm.ALPHABETA, fail_hard=fail_hard)
    recording.finish(search(game, tree.root, settings, listener=recording))
    for zoom in ("fitted", 1.0):
        frame = _show(canvas, recording, {}, zoom)
        # In its shape "≤2" where "≤ 2" does not fit there.
        texts = [re.sub(r"^([≤≥])(?=\S)", r"\1 ", t) for t in frame.texts]
        bounds = [t for t in texts if t[0] in "≤≥"]
        assert bounds == root_moves[1:], zoom
        assert root_moves[0] in texts
    minimax = _searched(tree, Algorithm.MINIMAX)
    frame = _show(canvas, minimax, {}, "fitted")
    assert not any("≤" in t or "≥" in t for t in frame.texts)


def test_an_exercise_shows_alpha_and_beta_of_every_inner_node(qtbot: QtBot) -> None:
    # The last MIN node stands over its only leaf, at the right edge of the tree: its
    # α and β, written to its right, still lie inside the scene.
    canvas = ExerciseCanvas()
    qtbot.addWidget(canvas)
    canvas.resize(900, 600)
    canvas.show()
    qtbot.waitExposed(canvas)
    canvas.set_exercise(make_exercise(load_tree("[[3,12],[5]]"), Task.ALPHABETA))
    for zoom in ("fitted", 1.0, 2.0):
        if zoom != "fitted":
            canvas.setTransform(QTransform.fromScale(zoom, zoom))
        qtbot.waitUntil(lambda: canvas.tree_item.last_frame.nodes != [])
        canvas.viewport().repaint()
        frame = canvas.tree_item.last_frame
        _assert_readable(canvas, frame)
        assert frame.texts.count("α ?") == 3 and frame.texts.count("β ?") == 3, zoom


def test_values_outlast_every_other_text(canvas: TreeCanvas) -> None:
    # Zoomed out until the small labels are too small to read: every value still shows,
    # the one under the chance node (too long for its circle) included.
    recording = _solved("chance-scaled")
    frame = _show(canvas, recording, _labels(recording), 0.7)
    _assert_readable(canvas, frame)
    assert sorted(frame.texts) == sorted(["40.9", "21", "40.9", "20", "30", "1", "400"])


def test_star1_example_shows_each_outcomes_probability_and_no_text_over_a_cut_mark(
    canvas: TreeCanvas,
) -> None:
    # Examples > "Chance: values 2, 3 and 1, 4" with Star1, at event 12 (gamble 2 valued):
    # gamble 2's cut mark stands beside the edge to its one outcome searched, whose 9/10
    # is what its bound 1.3 = 9/10 · 1 + 1/10 · 4 is made of.
    recording = _searched(example("chance-small").tree(), Algorithm.STAR1)
    labels = _labels(recording)
    for size in ((900, 600), (700, 500)):
        canvas.resize(*size)
        canvas.set_recording(recording)
        canvas.set_moment(12)
        canvas.tree_item.node_labels = labels
        canvas.fit_all()
        canvas.viewport().repaint()
        frame = canvas.tree_item.last_frame
        assert len(frame.cut_marks) == 1
        _assert_readable(canvas, frame)
        assert sorted(t for t in frame.texts if t.endswith("/10")) == ["1/10", "9/10", "9/10"]
        assert {"gamble 1", "gamble 2", "1 pruned"} <= set(frame.texts), size


LEGEND_KEYS = {key for key, _ in LEGEND_ITEMS} - {"terminal"}


@pytest.mark.parametrize("algorithm", [Algorithm.MAXN, Algorithm.PARANOID])
def test_a_player_keeps_one_shape_whoever_s_search_it_is(
    canvas: TreeCanvas, algorithm: Algorithm
) -> None:
    # Figure 5.4 searched from A's root, from B's node and from C's node as trees of their
    # own: B's nodes are ▼ in each (not ▲ in its own search), C's ◀, A's ▲; the legend
    # says the same whoever is at the root.
    figure = example("figure-5-4").tree()
    shapes = {0: KIND_MAX, 1: KIND_MIN, 2: SHAPE_LEFT}
    legends = set()
    for path in ((), (1,), (1, 0)):
        root = rebuild(figure.node_at(path))
        tree = CustomTree(figure.name, root, players=figure.players)
        recording = _searched(tree, algorithm)
        frame = _show(canvas, recording, {}, "fitted")
        drawn = {n: frame.shapes[n] for n in frame.nodes if recording.mover(n) is not None}
        assert drawn, path
        for n, shape in drawn.items():
            assert shape == shapes[recording.mover(n)], (path, recording.name(n))
        # Its players and a leaf's order (the marks it lists differ: one search prunes).
        legends.add(tuple(item for item in canvas.legend_items() if item[0] not in LEGEND_KEYS))
    assert len(legends) == 1 and len(legends.pop()) == 4
