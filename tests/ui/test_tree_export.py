"""Exports for slides: legible or refused (the part in view instead), no view marks, and
the file modes any saved file has."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from gamesearch_gui.core.games import ConnectFour
from gamesearch_gui.core.numbers import format_number
from gamesearch_gui.core.recording.depth_first import NONE
from gamesearch_gui.core.recording.depth_first import SearchRecording
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import search
from gamesearch_gui.core.trees.file import load_tree
from gamesearch_gui.core.trees.tree import TreeGame
from gamesearch_gui.ui.tree.canvas import TreeCanvas
from gamesearch_gui.ui.tree.export import IllegibleExport
from gamesearch_gui.ui.tree.page import TreePage
from gamesearch_gui.ui.tree.style import CURRENT_COLOUR
from tests.ui.test_tree_panel import figure_recording
from tests.umask import umask


@pytest.fixture(scope="module")
def minimax_c4() -> SearchRecording:
    """Connect Four minimax to depth 4: 2,801 nodes, 2,401 leaves side by side."""
    game = ConnectFour()
    recording = SearchRecording(game)
    settings = SearchSettings(Algorithm.MINIMAX, depth=4)
    recording.finish(search(game, game.initial_state(), settings, listener=recording))
    return recording


@pytest.fixture(scope="module")
def fan() -> SearchRecording:
    """A root with 600 leaves: too wide for a legible picture even folded (nothing of it
    folds: its children are leaves)."""
    tree = load_tree("[" + ",".join(str(i % 10) for i in range(600)) + "]")
    recording = SearchRecording(TreeGame(tree))
    recording.finish(search(TreeGame(tree), tree.root, SearchSettings(), listener=recording))
    return recording


@pytest.fixture
def canvas(panel: TreePage) -> TreeCanvas:
    return panel.canvas


def shown(canvas: TreeCanvas, recording: SearchRecording) -> None:
    canvas.set_recording(recording)
    canvas.set_moment(recording.event_count)


def values_drawn(canvas: TreeCanvas, recording: SearchRecording) -> set[str]:
    """The values of ``recording``'s nodes that the last paint (the export's) wrote."""
    frame = canvas.tree_item.last_frame
    written = {format_number(recording.value[n]) for n in frame.nodes}
    return written & set(frame.texts)


def test_a_tree_too_big_to_read_is_refused_and_nothing_is_written(
    canvas: TreeCanvas, fan: SearchRecording, tmp_path: Path
) -> None:
    shown(canvas, fan)
    for export, name in ((canvas.export_png, "tree.png"), (canvas.export_svg, "tree.svg")):
        with pytest.raises(IllegibleExport, match=r"too big for a legible picture \(601 nodes\)"):
            export(str(tmp_path / name))
    assert list(tmp_path.iterdir()) == []


def test_the_part_in_view_is_exported_with_its_values(
    canvas: TreeCanvas, minimax_c4: SearchRecording, tmp_path: Path
) -> None:
    shown(canvas, minimax_c4)
    for _ in range(12):
        canvas.zoom_in()
    path = tmp_path / "part.png"
    canvas.export_png(str(path), in_view=True)
    image = QImage(str(path))
    assert not image.isNull()
    frame = canvas.tree_item.last_frame
    assert not frame.silhouettes  # every node drawn as itself, none as a strip
    assert len(frame.nodes) < minimax_c4.node_count  # only a part
    assert values_drawn(canvas, minimax_c4)


def test_the_part_in_view_of_a_tree_zoomed_out_is_its_legible_middle(
    canvas: TreeCanvas, minimax_c4: SearchRecording, tmp_path: Path
) -> None:
    shown(canvas, minimax_c4)
    canvas.fit_all()  # everything in view: too much for one legible picture
    path = tmp_path / "middle.svg"
    canvas.export_svg(str(path), in_view=True)
    assert path.stat().st_size > 0
    assert not canvas.tree_item.last_frame.silhouettes
    assert values_drawn(canvas, minimax_c4)


def test_a_small_tree_is_exported_whole_with_every_value(
    canvas: TreeCanvas, tmp_path: Path
) -> None:
    recording = figure_recording()
    shown(canvas, recording)
    canvas.export_png(str(tmp_path / "figure.png"))
    assert sorted(canvas.tree_item.last_frame.nodes) == list(range(recording.node_count))
    assert values_drawn(canvas, recording) == {"3", "12", "8", "2", "14", "5"}


def test_an_export_never_shows_the_selection(
    canvas: TreeCanvas, qtbot: QtBot, tmp_path: Path
) -> None:
    recording = figure_recording()
    shown(canvas, recording)
    plain_view = canvas.grab().toImage()
    canvas.export_png(str(tmp_path / "plain.png"))
    canvas.set_selected(4)
    canvas.viewport().repaint()
    assert canvas.grab().toImage() != plain_view  # the view rings the selected node
    canvas.export_png(str(tmp_path / "selected.png"))
    assert QImage(str(tmp_path / "selected.png")) == QImage(str(tmp_path / "plain.png"))
    assert canvas.tree_item.selected == 4  # and the view keeps its selection


@pytest.mark.parametrize(("mask", "mode"), [(0o022, 0o644), (0o077, 0o600)])
def test_exported_pictures_have_the_mode_any_new_file_has(
    canvas: TreeCanvas, tmp_path: Path, mask: int, mode: int
) -> None:
    shown(canvas, figure_recording())
    with umask(mask):
        canvas.export_png(str(tmp_path / "tree.png"))
        canvas.export_svg(str(tmp_path / "tree.svg"))
    for name in ("tree.png", "tree.svg"):
        assert (tmp_path / name).stat().st_mode & 0o777 == mode


def test_the_panel_asks_before_exporting_the_part_in_view(
    panel: TreePage,
    fan: SearchRecording,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    panel.show_recording(fan, live=False)
    asked: list[str] = []
    answer = iter([False, True])

    def ask(why: str) -> bool:
        asked.append(why)
        return next(answer)

    monkeypatch.setattr(panel.exporter, "_ask_export_in_view", ask)
    monkeypatch.setattr(
        panel.exporter, "_save_file_name", lambda caption, filter: str(tmp_path / "c4")
    )
    monkeypatch.setattr(panel.exporter, "_warn", lambda title, text: pytest.fail(text))
    panel.act_export_png.trigger()  # cancelled: nothing written
    assert asked == [
        "This tree is too big for a legible picture (601 nodes): its values could not be read."
    ]
    assert list(tmp_path.iterdir()) == []
    panel.act_export_png.trigger()  # the visible part
    assert len(asked) == 2
    assert not QImage(str(tmp_path / "c4.png")).isNull()
    assert values_drawn(panel.canvas, fan)


def test_an_export_never_shows_the_replay_ring(canvas: TreeCanvas, tmp_path: Path) -> None:
    """The view rings the node of the moment's event ("this step"); a picture does not."""
    recording = figure_recording()
    shown(canvas, recording)
    assert canvas.current_node != NONE  # the root, valued by the last event
    canvas.viewport().repaint()

    def purple(image: QImage) -> int:
        return sum(
            1
            for y in range(0, image.height(), 2)
            for x in range(0, image.width(), 2)
            if image.pixelColor(x, y).rgb() == CURRENT_COLOUR.rgb()
        )

    view = canvas.grab().toImage()
    canvas.export_png(str(tmp_path / "figure.png"))
    picture = QImage(str(tmp_path / "figure.png"))
    # The legend's "this step" sample is the picture's only purple: a few pixels.
    assert purple(view) > 3 * purple(picture)
    root = canvas.current_node
    assert root != NONE  # the view keeps its mark
    canvas.tree_item.current = NONE
    canvas.export_png(str(tmp_path / "unmarked.png"))
    assert QImage(str(tmp_path / "unmarked.png")) == picture
    canvas.tree_item.current = root


def test_copy_view_copies_the_view_without_its_rings(panel: TreePage, qtbot: QtBot) -> None:
    # The clipboard gets what the view shows, minus the selection and "this step" rings.
    recording = figure_recording()
    panel.show_recording(recording, live=False)
    canvas = panel.canvas
    qtbot.waitExposed(canvas)
    item = canvas.tree_item
    root = canvas.current_node
    assert root != NONE
    with item.marks_hidden():
        plain = canvas.grab().toImage()
    canvas.set_selected(4)
    canvas.viewport().repaint()
    assert canvas.grab().toImage() != plain  # the view rings both nodes
    canvas.copy_to_clipboard()
    assert QApplication.clipboard().image() == plain
    assert (item.selected, canvas.current_node) == (4, root)  # the view keeps its marks
