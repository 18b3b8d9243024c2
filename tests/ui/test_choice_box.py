"""A choice too long for its box is cut with "…" and told whole in the box's tip.

A plain QComboBox cuts a long choice off mid-word, with nothing to show that it is cut:
"A very long evaluation" read as the whole name. Names from game files and OpenSpiel
can be any length; the Settings panel and the review's row are as narrow as a short
choice.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QEvent
from PySide6.QtCore import QPoint
from PySide6.QtGui import QHelpEvent
from PySide6.QtWidgets import QComboBox
from PySide6.QtWidgets import QToolTip
from pytestqt.qtbot import QtBot

from gamesearch_gui.paths import resource_files
from gamesearch_gui.ui.main_window import MainWindow
from gamesearch_gui.ui.widgets import ChoiceBox
from tests.ui import test_main_window

store = test_main_window.store
window = test_main_window.window

LONG = "The number of heaps that still hold an odd number of matches"


def _box(qtbot: QtBot, box: QComboBox, text: str) -> QComboBox:
    qtbot.addWidget(box)
    box.addItem(text)
    box.setToolTip("What the AI guesses at the depth cutoff")
    box.resize(160, box.sizeHint().height())
    box.show()
    qtbot.waitExposed(box)
    return box


def test_a_long_choice_is_cut_with_an_ellipsis_and_told_whole_in_the_tip(qtbot: QtBot) -> None:
    box = _box(qtbot, ChoiceBox(), LONG)
    assert isinstance(box, ChoiceBox)
    shown = box.shown_text()
    assert shown.endswith("…") and LONG.startswith(shown[:-1]) and len(shown) > 5
    assert box.fontMetrics().horizontalAdvance(shown) < box.width()
    assert box.tip_text() == f"{LONG}\n\nWhat the AI guesses at the depth cutoff"
    # What is painted is what a plain box shows for the cut text.
    plain = _box(qtbot, QComboBox(), shown)
    assert box.grab().toImage() == plain.grab().toImage()
    # Hovering shows the tip.
    box.event(QHelpEvent(QEvent.Type.ToolTip, QPoint(5, 5), box.mapToGlobal(QPoint(5, 5))))
    assert QToolTip.text() == box.tip_text()
    QToolTip.hideText()


def test_a_choice_that_fits_is_shown_whole_with_the_box_s_own_tip(qtbot: QtBot) -> None:
    box = _box(qtbot, ChoiceBox(), "Nim sum")
    assert isinstance(box, ChoiceBox)
    assert box.shown_text() == "Nim sum"
    assert box.tip_text() == "What the AI guesses at the depth cutoff"
    plain = _box(qtbot, QComboBox(), "Nim sum")
    assert box.grab().toImage() == plain.grab().toImage()


@pytest.mark.usefixtures("qtbot")
def test_a_game_file_s_long_names_are_cut_in_the_settings_and_told_whole(
    window: MainWindow, tmp_path: Path
) -> None:
    source = (resource_files() / "templates" / "nim.py").read_text(encoding="utf-8")
    title = "Nim of the many heaps, as Bouton wrote of it in 1901"
    source = source.replace('title = "Nim"', f"title = {title!r}")
    source = source.replace('{"nim_sum": self.nim_sum}', f"{{{LONG!r}: self.nim_sum}}")
    path = tmp_path / "long_nim.py"
    path.write_text(source, encoding="utf-8")
    assert window.open_game_file(str(path))
    panel = window.settings_panel
    for box, whole in ((panel.game_box, f"{title} (your file)"), (panel.evaluation_box, LONG)):
        assert isinstance(box, ChoiceBox)
        assert box.currentText() == whole
        assert box.shown_text().endswith("…")
        assert box.tip_text().startswith(whole)
