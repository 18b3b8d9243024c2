"""The canvas shows each node's alpha-beta window as it stands at the event shown, and
agrees with the step words and the node details at every event."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from gamesearch_gui.core.narration.facts import window_history
from gamesearch_gui.core.narration.steps import describe_step
from gamesearch_gui.core.numbers import format_number
from gamesearch_gui.core.recording.depth_first import ENTERED
from gamesearch_gui.core.recording.depth_first import NONE
from gamesearch_gui.core.recording.depth_first import SearchRecording
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import search
from gamesearch_gui.core.trees.examples import example
from gamesearch_gui.core.trees.random_tree import random_tree
from gamesearch_gui.core.trees.tree import CustomTree
from gamesearch_gui.core.trees.tree import TreeGame
from gamesearch_gui.ui.tree.canvas import TreeCanvas
from gamesearch_gui.ui.tree.geometry import KIND_CHANCE
from gamesearch_gui.ui.tree.geometry import KIND_MAX
from gamesearch_gui.ui.tree.geometry import KIND_MIN
from tests.core.window_reference import reference_windows

#: What the step words say a node was entered with.
ENTERED_WITH = re.compile(r"with α = (\S+), β = (\S+)$")


def recorded(tree: CustomTree, *, fail_hard: bool) -> SearchRecording:
    game = TreeGame(tree)
    recording = SearchRecording(game, fail_hard=fail_hard)
    settings = SearchSettings(Algorithm.ALPHABETA, fail_hard=fail_hard)
    recording.finish(search(game, tree.root, settings, listener=recording))
    return recording


def lines(entry: tuple[float, float], now: tuple[float, float]) -> list[str]:
    """α and β as the canvas writes them: on entry, and "→ now" where they changed."""
    return [
        f"{name} {format_number(before)}" + (f"→{format_number(after)}" if after != before else "")
        for name, before, after in zip("αβ", entry, now, strict=True)
    ]


CASES = [
    ("figure 5.2, fail-soft", "figure-5-2", False),
    ("figure 5.2, fail-hard", "figure-5-2", True),
    ("random tree, fail-soft", 11, False),
    ("random tree, fail-hard", 11, True),
]


@pytest.mark.parametrize(("which", "fail_hard"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_the_canvas_shows_each_window_as_it_stands_at_every_event(
    canvas: TreeCanvas, which: str | int, fail_hard: bool
) -> None:
    tree = example(which).tree() if isinstance(which, str) else random_tree(4, (2, 3), seed=which)
    recording = recorded(tree, fail_hard=fail_hard)
    expected = reference_windows(tree, fail_hard=fail_hard)
    paths = [recording.state(n).path for n in range(recording.node_count)]
    canvas.set_recording(recording)
    canvas.fit_all()
    model = canvas.tree_item.model
    for k in range(1, recording.event_count + 1):
        canvas.set_moment(k)
        canvas.viewport().repaint()
        frame = canvas.tree_item.last_frame
        assert frame.moment == k and frame.nodes
        windows = expected[k - 1]
        drawn: list[str] = []
        for n in frame.nodes:
            entry = (recording.alpha_in[n], recording.beta_in[n])
            want = lines(entry, windows[paths[n]])
            assert model.window_lines(n) == want, (k, recording.name(n))
            drawn += want
            if recording.kind[n] in (KIND_MAX, KIND_MIN):
                # The details' newest window is the canvas's.
                rows = [w for _, w in window_history(recording, n, k) if w.startswith("α")]
                alpha, beta = windows[paths[n]]
                assert rows[-1] == f"α {format_number(alpha)}, β {format_number(beta)}", k
        if which == "figure-5-2":
            # Painted, every one of them (the figure has room for all).
            assert Counter(drawn) <= Counter(frame.texts), k
        # The step words' "entered with α = .., β = .." is the parent's window on the canvas.
        seq = k - 1
        if recording.ev_type[seq] == ENTERED:
            child = recording.ev_ref[seq]
            parent = recording.parent[child]
            said = ENTERED_WITH.search(describe_step(recording, seq))
            assert said is not None
            if parent != NONE and recording.kind[parent] in (KIND_MAX, KIND_MIN):
                alpha, beta = model.window(parent)
                assert said.groups() == (format_number(alpha), format_number(beta)), k


def test_figure_5_2_at_event_10_draws_the_window_c_was_entered_with(canvas: TreeCanvas) -> None:
    recording = recorded(example("figure-5-2").tree(), fail_hard=False)
    canvas.set_recording(recording)
    canvas.fit_all()
    canvas.set_moment(9)
    canvas.viewport().repaint()
    assert "α −∞→3" not in canvas.tree_item.last_frame.texts  # B is valued, C not entered
    canvas.set_moment(10)
    canvas.viewport().repaint()
    assert describe_step(recording, 9).endswith("entered with α = 3, β = +∞")
    assert canvas.tree_item.model.window_lines(0) == ["α −∞→3", "β +∞"]
    assert "α −∞→3" in canvas.tree_item.last_frame.texts
    assert "Window: α −∞, β +∞ → α 3, β +∞" in canvas.tree_item.model.describe(0)


AGREEING = [
    ("star1, chance example", "chance-small", Algorithm.STAR1),
    ("star1, random chance tree", "chance", Algorithm.STAR1),
    ("paranoid, figure 5.4", "figure-5-4", Algorithm.PARANOID),
    ("paranoid, random three players", "players", Algorithm.PARANOID),
]


@pytest.mark.parametrize(
    ("which", "algorithm"), [c[1:] for c in AGREEING], ids=[c[0] for c in AGREEING]
)
def test_canvas_details_and_step_words_agree_at_every_event(
    canvas: TreeCanvas, which: str, algorithm: Algorithm
) -> None:
    # Star1's chance nodes keep the window they were given (their outcomes get their own);
    # the paranoid search's nodes narrow theirs as alpha-beta's do.
    if which == "chance":
        tree = random_tree(4, (2, 3), (0, 9), chance_layers=(1, 3), seed=5)
    elif which == "players":
        tree = random_tree(4, (2, 3), (0, 9), seed=3, players=3)
    else:
        tree = example(which).tree()
    game = TreeGame(tree)
    recording = SearchRecording(game, paranoid=algorithm is Algorithm.PARANOID)
    recording.finish(search(game, tree.root, SearchSettings(algorithm), listener=recording))
    assert recording.cutoffs  # something to get right
    canvas.set_recording(recording)
    model = canvas.tree_item.model
    for k in range(1, recording.event_count + 1):
        canvas.set_moment(k)
        for n in range(model.limit):
            entry = (recording.alpha_in[n], recording.beta_in[n])
            window = model.window(n)
            assert model.window_lines(n) == lines(entry, window), (k, recording.name(n))
            rows = [w for _, w in window_history(recording, n, k) if w.startswith("α")]
            if recording.kind[n] in (KIND_MAX, KIND_MIN):
                assert rows[-1] == f"α {format_number(window[0])}, β {format_number(window[1])}"
            elif recording.kind[n] == KIND_CHANCE:
                assert window == entry, (k, recording.name(n))
        seq = k - 1
        if recording.ev_type[seq] == ENTERED:
            child = recording.ev_ref[seq]
            said = ENTERED_WITH.search(describe_step(recording, seq))
            assert said is not None
            assert said.groups() == tuple(
                format_number(v) for v in (recording.alpha_in[child], recording.beta_in[child])
            )
            parent = recording.parent[child]
            if parent != NONE and recording.kind[parent] in (KIND_MAX, KIND_MIN):
                assert said.groups() == tuple(format_number(v) for v in model.window(parent)), k
