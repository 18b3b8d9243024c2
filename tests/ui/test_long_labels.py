"""A label of 100,000 characters: cut where it is drawn, the whole of it kept in the form.

A QLabel asks for room for all of its text, so one such label used to widen the window
to hundreds of thousands of pixels (gigabytes of backing store). Here the window keeps
its size, every text drawn of the tree is cut with "…", and the file's text is kept.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtCore import QSettings
from PySide6.QtCore import Qt
from PySide6.QtGui import QFontMetricsF
from PySide6.QtGui import QImage
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QToolTip
from pytestqt.qtbot import QtBot

from gamesearch_gui.core.exercises.exercise import Task
from gamesearch_gui.core.exercises.exercise import make_exercise
from gamesearch_gui.core.text import ELLIPSIS
from gamesearch_gui.core.text import LABEL_CHARS
from gamesearch_gui.core.trees.file import build_tree
from gamesearch_gui.core.trees.file import tree_from_dict
from gamesearch_gui.core.trees.tree import CustomTree
from gamesearch_gui.ui.editor.editor import TreeEditor
from gamesearch_gui.ui.exercise.export import page_title
from gamesearch_gui.ui.exercise.export import render_page
from gamesearch_gui.ui.main_window import MainWindow
from gamesearch_gui.ui.text import TOOLTIP_PX
from gamesearch_gui.ui.text import ElidedLabel
from gamesearch_gui.ui.text import breakable
from gamesearch_gui.ui.text import elide
from gamesearch_gui.ui.tree.geometry import LABEL_REACH_PX

LONG = "abcdefghij" * 10_000  # 100,000 characters, no space to wrap at
SOLVE_MS = 30_000
WIDTH, HEIGHT = 1366, 768


def long_tree() -> CustomTree:
    return build_tree(
        {
            "type": "max",
            "label": LONG,
            "children": [
                {
                    "type": "min",
                    "label": "B",
                    "move": LONG,
                    "children": [{"value": 3}, {"value": 12}, {"value": 8}],
                },
                {"type": "min", "label": "C", "children": [{"value": 2}, {"value": 4}]},
            ],
        },
        name=LONG,
    )


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[MainWindow]:
    monkeypatch.setattr(MainWindow, "_message", lambda self, title, html: None)
    monkeypatch.setattr(TreeEditor, "_ask_unsaved", lambda self: "discard")
    store = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    made = MainWindow(store, recovery_path=str(tmp_path / "recovery.gtree.json"))
    qtbot.addWidget(made)
    made.resize(WIDTH, HEIGHT)
    made.show()
    yield made
    made.close()


def test_a_huge_label_never_widens_the_window_and_is_cut_where_drawn(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.set_mode("trees")
    editor = window.editor
    assert editor.open_tree(long_tree())
    qtbot.waitExposed(editor.canvas)
    editor.canvas.viewport().repaint()
    assert window.width() == WIDTH
    assert window.minimumSizeHint().width() <= WIDTH
    # The whole label stays in the form; titles and drawings get the start of it.
    assert editor.properties.label.text() == LONG
    editor.properties.label.editingFinished.emit()  # leaving the field is no edit
    assert editor.tree.root.label == LONG and not editor.document.undo_stack.count()
    assert len(editor.title()) <= LABEL_CHARS + 2
    assert len(window.windowTitle()) < 2 * LABEL_CHARS
    texts = editor.canvas.tree_item.last_frame.texts
    drawn = [t for t in texts if t.startswith("abc")]
    assert len(drawn) == 2  # the root's label, and the move into B
    for text in drawn:
        assert text.endswith(ELLIPSIS)
    font = editor.canvas.tree_item.texts.font(8, True).metrics
    assert font.horizontalAdvance(drawn[0]) <= LABEL_REACH_PX * 1.5

    with qtbot.waitSignal(editor.solved, timeout=SOLVE_MS):
        editor.solve()
    panel = editor.solution_panel
    qtbot.waitExposed(panel.canvas)
    panel.canvas.viewport().repaint()
    assert window.width() == WIDTH
    assert window.minimumSizeHint().width() <= WIDTH
    for text in panel.canvas.tree_item.last_frame.texts:
        assert len(text) <= LABEL_CHARS
    # Sentences about the root name its label cut to the cap, and wrap it.
    assert len(panel.explanation.text()) < 8 * LABEL_CHARS
    assert len(panel.details.title.text()) < 2 * LABEL_CHARS
    assert panel.details.title.minimumSizeHint().width() < WIDTH // 2
    assert len(panel.details.facts.text()) < 20 * LABEL_CHARS
    panel.tabs.setCurrentWidget(panel.log)  # the Steps tab: a hidden list is not kept up
    log = panel.log.log_model
    qtbot.waitUntil(lambda: log.rowCount() == panel.moment)
    tip = QFontMetricsF(QToolTip.font())
    for row in range(log.rowCount()):
        assert len(log.text(row)) < 3 * LABEL_CHARS
        tooltip = log.data(log.index(row), Qt.ItemDataRole.ToolTipRole)
        assert all(tip.horizontalAdvance(line) <= TOOLTIP_PX for line in tooltip.split("\n"))
    canvas_tip = panel.canvas.tree_item.model.describe(0)
    assert len(canvas_tip) < 4 * LABEL_CHARS


def test_elided_label_shows_what_fits_and_asks_for_little(qtbot: QtBot) -> None:
    label = ElidedLabel(LONG)
    qtbot.addWidget(label)
    assert len(label.text()) == LABEL_CHARS
    assert label.minimumSizeHint().width() < 100
    label.resize(200, 20)
    label.show()
    assert label.toolTip()  # cut: the tooltip has more of it
    label.setText("short")
    label.resize(200, 20)
    assert label.toolTip() == ""
    metrics = label.fontMetrics()
    assert metrics.horizontalAdvance(elide(LONG, metrics, 150)) <= 150
    assert "\u200b" in breakable(LONG[:100]) and breakable("two words") == "two words"


def test_exercise_pages_and_titles_cut_a_huge_name(qtbot: QtBot) -> None:
    exercise = make_exercise(long_tree(), Task.ALPHABETA)
    assert len(page_title(exercise)) < LABEL_CHARS + 40
    image = QImage(595, 842, QImage.Format.Format_RGB32)
    painter = QPainter(image)
    try:
        render_page(painter, QRectF(0, 0, 595, 842), exercise, None)
    finally:
        painter.end()


def test_a_huge_player_name_is_cut_everywhere_a_tree_of_players_shows_it(
    qtbot: QtBot, window: MainWindow
) -> None:
    """A version-2 file whose second player is named with 100,000 characters: every text
    of the editor and of the solved search's panel names that player cut to the cap (the
    node details once spent minutes laying out the whole name), and the file keeps it."""
    tree = tree_from_dict(
        {
            "format": "gamesearch-tree",
            "version": 2,
            "name": "players",
            "players": ["A", LONG, "C"],
            "root": {
                "player": "A",
                "children": [
                    {
                        "player": LONG,
                        "children": [
                            {
                                "player": "C",
                                "children": [{"values": [1, 2, 6]}, {"values": [4, 2, 3]}],
                            },
                            {
                                "player": "C",
                                "children": [{"values": [6, 1, 2]}, {"values": [7, 4, 1]}],
                            },
                        ],
                    },
                    {"player": LONG, "children": [{"values": [5, 1, 1]}, {"values": [1, 5, 2]}]},
                ],
            },
        }
    )
    window.set_mode("trees")
    editor = window.editor
    assert editor.open_tree(tree)
    assert LONG in editor.players_form.names.text()  # the form keeps the whole name
    editor.players_form.apply()  # Set with the names as they are is no edit
    assert editor.tree.players[1] == LONG and not editor.document.undo_stack.count()
    menu_texts = [action.text() for action in editor.kind_menu.actions()]
    assert any(text.startswith("abc") for text in menu_texts)
    assert all(len(text) <= LABEL_CHARS + 20 for text in menu_texts)
    editor.select(())  # the root: M or N there says in words what this tree has instead
    with qtbot.waitSignal(editor.message) as said:
        qtbot.keyClick(editor.canvas, Qt.Key.Key_M)
    assert len(said.args[0]) < 5 * LABEL_CHARS
    with qtbot.waitSignal(editor.solved, timeout=SOLVE_MS):
        editor.solve()
    panel = editor.solution_panel
    qtbot.waitExposed(panel.canvas)
    panel.canvas.viewport().repaint()
    assert window.width() == WIDTH
    for _, text in panel.canvas.legend_items():
        assert len(text) < 2 * LABEL_CHARS
    recording = panel.canvas.recording
    assert recording is not None
    for k in range(recording.event_count + 1):
        panel.canvas.set_moment(k)
        assert len(panel.explanation.text()) < 8 * LABEL_CHARS
    for n in range(recording.node_count):
        panel.select_node(n)
        assert len(panel.details.title.text()) < 2 * LABEL_CHARS
        assert len(panel.details.facts.text()) < 20 * LABEL_CHARS
    assert editor.tree.players[1] == LONG
