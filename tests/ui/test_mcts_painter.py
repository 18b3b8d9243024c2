"""The MCTS tree's nodes are the minimax view's shapes (``ui/tree/shapes.py``), and the
ring around a chosen node stands clear of its shape (issue 27)."""

from __future__ import annotations

import math
from typing import NamedTuple

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor
from PySide6.QtGui import QImage
from pytestqt.qtbot import QtBot

from gamesearch_gui.core.games import TicTacToe
from gamesearch_gui.core.recording.mcts import MctsRecording
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import search
from gamesearch_gui.ui.mcts.canvas import MctsCanvas
from gamesearch_gui.ui.mcts.geometry import NODE
from gamesearch_gui.ui.tree.geometry import KIND_MIN

#: How much the canvas is zoomed in to read the pixels of one node.
ZOOM = 4.0


def _near(a: QColor, b: QColor, tolerance: int = 12) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a.getRgb()[:3], b.getRgb()[:3], strict=True))


class Chosen(NamedTuple):
    """A chosen node drawn zoomed in: the canvas's picture, its background and the
    selection ring's colour, the node's centre on screen, and its half size there
    (negative: its parent's edge comes from the right, so its left side is read)."""

    image: QImage
    background: QColor
    ring: QColor
    centre: QPointF
    r: float


@pytest.fixture
def chosen(qtbot: QtBot) -> Chosen:
    """A canvas showing tic-tac-toe's MCTS tree, a MIN node in the middle chosen and
    zoomed in (see :class:`Chosen`)."""
    game = TicTacToe()
    recording = MctsRecording(game)
    settings = SearchSettings(Algorithm.MCTS, iterations=200, seed=4)
    recording.finish(search(game, game.initial_state(), settings, listener=recording))
    canvas = MctsCanvas()
    qtbot.addWidget(canvas)
    canvas.resize(900, 560)
    canvas.show()
    qtbot.waitExposed(canvas)
    canvas.set_recording(recording)
    canvas.set_moment(recording.event_count, steady=False)
    kids = canvas.layout_now.children[0]
    n = kids[len(kids) // 2 + 1]
    assert recording.kind[n] == KIND_MIN
    canvas.selected = n
    canvas.zoom(ZOOM, canvas.screen_point(n))
    scene = canvas.scene()
    assert scene is not None
    root, centre = canvas.screen_point(0), canvas.screen_point(n)
    scale = (centre.y() - root.y()) / (scene.target(n)[1] - scene.target(0)[1])
    side = 1 if root.x() < centre.x() else -1  # away from the parent's edge
    image = canvas.grab().toImage()
    colours = canvas.inks.colours
    return Chosen(image, colours.background, colours.highlight, centre, side * NODE / 2 * scale)


def _pixel(image: QImage, centre: QPointF, dx: float, dy: float) -> QColor:
    return image.pixelColor(round(centre.x() + dx), round(centre.y() + dy))


def test_a_min_node_is_the_minimax_view_s_triangle(chosen: Chosen) -> None:
    image, background, _, centre, r = chosen
    assert abs(r) > 20  # zoomed in: a node is tens of pixels
    # The shared ▼ is 2.4 of its half size wide, its top 0.9 of it up: a point just
    # inside its top corner is drawn (the MCTS view's own ▼ was narrower).
    assert not _near(_pixel(image, centre, r * 1.1, -r * 0.85), background)
    # Outside the shared shape: the background.
    assert _near(_pixel(image, centre, r * 1.45, -r * 0.5), background)


def test_the_chosen_node_s_ring_stands_clear_of_its_shape(chosen: Chosen) -> None:
    image, background, ring, centre, r = chosen
    # From the centre out through the triangle's top corner: the shape, then the
    # background, then the ring.
    ux, uy = 1.2 / 1.5 * math.copysign(1, r), -0.9 / 1.5
    r = abs(r)
    colours = [_pixel(image, centre, ux * d, uy * d) for d in range(round(r * 3))]
    last = len(colours) - 1
    d = 0
    while d < last and not _near(colours[d], background):  # the shape, fill and outline
        d += 1
    shape_end = d
    while d < last and _near(colours[d], background):  # the gap
        d += 1
    gap = d - shape_end
    assert shape_end >= r * 1.4  # the corner was reached
    # Then the ring, not more of the shape or the ring run into it.
    assert any(_near(c, ring, 6) for c in colours[d : d + round(ZOOM * 2)]), (shape_end, d)
    # Clear by at least a pixel at zoom 1 (ZOOM here).
    assert gap >= ZOOM, (shape_end, d)
