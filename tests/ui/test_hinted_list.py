"""widgets.HintedList: an empty list says what will come in it (the exercise's results
were an empty white box before the first Check, which looked broken)."""

from __future__ import annotations

from PySide6.QtGui import QImage
from PySide6.QtWidgets import QListWidgetItem
from pytestqt.qtbot import QtBot

from gamesearch_gui.ui.widgets import HintedList


def inked(image: QImage, base: int) -> int:
    """How many pixels of ``image`` are not the list's base colour."""
    return sum(
        1
        for y in range(0, image.height(), 2)
        for x in range(0, image.width(), 2)
        if image.pixel(x, y) != base
    )


def test_an_empty_list_shows_its_hint_and_a_filled_one_does_not(qtbot: QtBot) -> None:
    hinted = HintedList("Check marks your entries: each mistake shows here.")
    plain = HintedList("")
    for shown in (hinted, plain):
        qtbot.addWidget(shown)
        shown.resize(300, 200)
        shown.show()
    base = hinted.palette().base().color().rgb()
    empty = inked(hinted.viewport().grab().toImage(), base)
    assert empty > 50  # the words
    assert inked(plain.viewport().grab().toImage(), base) == 0
    hinted.addItem(QListWidgetItem(""))  # an item, even a blank one: no hint behind it
    assert inked(hinted.viewport().grab().toImage(), base) < empty / 10
