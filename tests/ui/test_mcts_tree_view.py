"""The MCTS tree in the Play page's Search tree dock: drawn live, replayed by phase and
by iteration (issue 16)."""

from __future__ import annotations

import itertools

import pytest
from PySide6.QtGui import QColor
from PySide6.QtGui import QImage
from pytestqt.qtbot import QtBot

from gamesearch_gui.core.numbers import format_number
from gamesearch_gui.core.recording.mcts import MctsMoment
from gamesearch_gui.core.recording.mcts import MctsRecording
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.ui.main_window import MainWindow
from gamesearch_gui.ui.mcts.canvas import MctsCanvas
from gamesearch_gui.ui.mcts.layout import lay_out
from gamesearch_gui.ui.play_config import PlayConfig
from gamesearch_gui.ui.play_config import Seats
from gamesearch_gui.ui.tree.style import CURRENT_COLOUR
from gamesearch_gui.ui.tree.style import VALUE_PX
from tests.ui.test_main_window import AI_TIMEOUT_MS
from tests.ui.test_main_window import store
from tests.ui.test_main_window import window

__all__ = ["store", "window"]  # the fixtures, shared with test_main_window

ITERATIONS = 600


def _play_mcts_move(
    qtbot: QtBot,
    window: MainWindow,
    iterations: int = ITERATIONS,
    game: str = "tictactoe",
    *,
    hold: bool = False,
) -> None:
    """The AI's first move by MCTS, its tree in the dock; ``hold``: the AI pauses as soon
    as that search ends, so no later search (Pig's AI rolls again) replaces the tree."""
    search = SearchSettings(algorithm=Algorithm.MCTS, iterations=iterations, seed=4)
    window.docks["tree"].show()
    # Pig starts with the AI's first roll, tossed by the window: a 1 would end the AI's
    # turn before it searched anything (one run in six failed so). Seed 0 rolls a 6.
    window.rng.seed(0)
    if hold:

        def pause(*_: object) -> None:
            window.paused = True  # before the move is played and the next search begins

        window.searches.finished.connect(pause)
    window.new_game(PlayConfig(game=game, seats=Seats.HUMAN_SECOND, search=search))
    if hold:
        qtbot.waitUntil(lambda: bool(window.move_searches), timeout=AI_TIMEOUT_MS)
    else:
        qtbot.waitUntil(lambda: len(window.match.plies) == 1, timeout=AI_TIMEOUT_MS)
    qtbot.waitUntil(lambda: window.tree_panel.controller.finished, timeout=AI_TIMEOUT_MS)


def test_the_dock_draws_the_mcts_tree_with_the_search_s_visits(
    qtbot: QtBot, window: MainWindow
) -> None:
    _play_mcts_move(qtbot, window)
    panel = window.tree_panel
    recording = panel.mcts_recording
    assert isinstance(recording, MctsRecording)
    assert panel.stack.currentWidget() is panel.mcts
    canvas = panel.mcts.canvas
    moment = canvas.moment
    assert moment is not None and moment.k == recording.event_count
    # The root shows N = the iterations, its children the N the search reported.
    assert moment.visits[0] == ITERATIONS
    # The root's children drawn show the N the search reported; its "+k more" holds the rest.
    result = window.move_searches[1]
    reported = {m.move: m.visits for m in result.root_moves}
    shown = {recording.moves[c]: moment.visits[c] for c in canvas.layout_now.children[0]}
    assert shown and all(reported[move] == n for move, n in shown.items())
    stub = [stub for stub, _ in canvas.layout_now.stubs if stub.parent == 0]
    rest = (stub[0].count, stub[0].visits) if stub else (0, 0)
    assert rest == (len(reported) - len(shown), sum(reported.values()) - sum(shown.values()))
    # The details name the root and its N; the explanation says the search's last step.
    assert panel.mcts.details.node == 0
    assert f"<b>{ITERATIONS:,}</b>" in panel.mcts.details.facts.text()
    assert panel.explanation.text().startswith("Back-propagation:")
    assert f"root now N={ITERATIONS:,}" in panel.explanation.text().replace("\u200b", "")
    # The status bar counts the search's iterations: MCTS has no depth to tell.
    status = window.progress_label.text()
    assert f"{ITERATIONS:,} iterations" in status and "depth" not in status


def test_replay_forward_and_back_shows_the_same_tree_at_each_event(
    qtbot: QtBot, window: MainWindow
) -> None:
    _play_mcts_move(qtbot, window, 60)
    panel = window.tree_panel
    recording = panel.mcts_recording
    assert recording is not None
    canvas = panel.mcts.canvas
    controller = panel.controller
    controller.go_start()
    forward = []
    texts = []
    for _ in range(recording.event_count):
        controller.step_forward()
        assert canvas.moment is not None
        forward.append((canvas.moment.snapshot(), sorted(canvas.layout_now.x)))
        texts.append(panel.explanation.text())
    assert controller.moment == recording.event_count
    for i in range(recording.event_count - 1, 0, -1):
        controller.step_back()
        assert canvas.moment is not None
        assert (canvas.moment.snapshot(), sorted(canvas.layout_now.x)) == forward[i - 1]
        assert panel.explanation.text() == texts[i - 1]
    # Each phase is said as it happens.
    words = " ".join(texts)
    for phase in ("Selection: ", "Expansion: ", "Playout: ", "Back-propagation: "):
        assert phase in words


def test_stepping_by_iteration_adds_one_visit_at_the_root(qtbot: QtBot, window: MainWindow) -> None:
    _play_mcts_move(qtbot, window, 40)
    view = window.tree_panel.mcts
    window.tree_panel.controller.go_start()
    view.act_next.trigger()  # the first stop: the root alone
    assert window.tree_panel.explanation.text().startswith("Start: the tree is the root alone")
    roots = []
    for _ in range(5):
        view.act_next.trigger()
        assert view.canvas.moment is not None
        roots.append(view.canvas.moment.visits[0])
        assert window.tree_panel.explanation.text().startswith("Back-propagation:")
    assert roots == [1, 2, 3, 4, 5]
    view.act_previous.trigger()
    assert view.canvas.moment is not None and view.canvas.moment.visits[0] == 4
    assert view.iteration_label.text().strip() == "Iteration 4 of 40"


def test_a_big_tree_is_cut_to_its_most_visited_nodes_and_says_so(
    qtbot: QtBot, window: MainWindow
) -> None:
    _play_mcts_move(qtbot, window, 3000)
    canvas = window.tree_panel.mcts.canvas
    layout = canvas.layout_now
    assert layout.total == 3001 and layout.shown <= 400
    moment = canvas.moment
    assert moment is not None
    # A node's stub stands for exactly its children not drawn, and their visits.
    stubs = {stub.parent: stub for stub, _ in layout.stubs}
    for n, drawn in layout.children.items():
        hidden = [c for c in moment.children(n) if c not in drawn]
        stub = stubs.get(n)
        got = (stub.count, stub.visits) if stub else (0, 0)
        assert got == (len(hidden), sum(moment.visits[c] for c in hidden))
    # Every node drawn is at least as visited as every node folded away above the last
    # level drawn (below it, all are folded), but its path.
    assert layout.max_depth is not None
    folded = [
        c
        for n in layout.x
        if layout.depth[n] < layout.max_depth
        for c in moment.children(n)
        if c not in layout.x
    ]
    path = set(moment.path())
    least_shown = min(moment.visits[n] for n in layout.x if n not in path)
    assert max(moment.visits[c] for c in folded) <= least_shown
    # And the canvas says how much it shows: its picture is not blank.
    image = canvas.grab().toImage()
    assert image.width() > 0
    again = MctsMoment(moment.recording, moment.k)
    # The same tree, the same places.
    assert lay_out(again, layout.budget, again.path(), layout.max_depth).x == layout.x


@pytest.mark.parametrize(
    ("game", "iterations", "size"),
    [
        ("tictactoe", 2000, (1366, 768)),
        ("tictactoe", 2000, (1920, 1080)),
        ("connect4", 3000, (1366, 768)),
        ("pig", 1000, (1366, 768)),
    ],
)
def test_the_fitted_view_writes_every_node_s_n_and_q_n_legibly_and_no_label_touches_another(
    qtbot: QtBot, window: MainWindow, game: str, iterations: int, size: tuple[int, int]
) -> None:
    window.resize(*size)
    _play_mcts_move(qtbot, window, iterations, game, hold=True)
    canvas = window.tree_panel.mcts.canvas
    moment = canvas.moment
    assert moment is not None and canvas.follow
    labels = canvas.screen_labels()
    texts = [label.text for label, _ in labels]
    # Every node drawn writes its N and Q/N.
    for n in canvas.layout_now.x:
        assert f"N={moment.visits[n]:,}" in texts
    assert sum(text.startswith("Q/N=") for text in texts) == canvas.layout_now.shown
    # At least as large as the minimax view's values, inside the canvas, none on another.
    area = canvas.rect().toRectF()
    for label, px in labels:
        assert px >= VALUE_PX, label.text
        assert area.contains(label.rect), label.text
    for (a, _), (b, _) in itertools.combinations(labels, 2):
        assert not a.rect.intersects(b.rect), (a.text, b.text)
    # The playout's result is written when the moment has one.
    playouts = [label.text for label, _ in labels if label.role == "playout"]
    assert len(playouts) == (moment.playout() is not None)
    if playouts:
        assert "playout: " in playouts[0] or "the game ends" in playouts[0]
    # The tree uses the canvas's height, not a strip at its top.
    assert max(label.rect.bottom() for label, _ in labels) > 0.7 * canvas.height()


def _path_pixels(canvas: MctsCanvas) -> int:
    image = canvas.grab().toImage().convertToFormat(QImage.Format.Format_RGB32)
    purple = QColor(CURRENT_COLOUR).rgb()
    return sum(
        image.pixel(x, y) == purple
        for y in range(0, image.height(), 2)
        for x in range(0, image.width(), 2)
    )


def test_a_chosen_node_shows_its_ucb_sum_and_the_path_stays_purple(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.resize(1366, 768)
    _play_mcts_move(qtbot, window, 2000)
    view = window.tree_panel.mcts
    canvas = view.canvas
    moment = canvas.moment
    assert moment is not None
    purple_before = _path_pixels(canvas)
    assert purple_before > 20
    child = max(canvas.layout_now.children[0], key=lambda c: moment.visits[c])
    view.select(child)
    terms = moment.ucb(child)
    assert terms is not None
    rate, bonus, score = (format_number(t, 2) for t in terms)
    labels = canvas.screen_labels()
    ucb = [label.text for label, _ in labels if label.role == "ucb"]
    assert ucb == [f"UCB = {rate} + {bonus} = {score}"]
    for (a, _), (b, _) in itertools.combinations(labels, 2):
        assert not a.rect.intersects(b.rect), (a.text, b.text)  # it hides no other label
    assert "UCB1" in view.details.facts.text()
    assert _path_pixels(canvas) > 0.8 * purple_before
