"""The tree editor's Solve says what a win/draw/loss tree's value guarantees."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot

from gamesearch_gui.core.trees.file import load_tree
from gamesearch_gui.ui.editor.editor import TreeEditor
from gamesearch_gui.ui.worker import SearchController

SOLVE_MS = 30_000


@pytest.fixture
def editor(qtbot: QtBot, tmp_path: Path) -> Iterator[TreeEditor]:
    controller = SearchController()
    store = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    made = TreeEditor(controller, store, recovery_path=str(tmp_path / "recovery.gtree.json"))
    qtbot.addWidget(made)
    made.show()
    yield made
    made.shutdown()
    controller.shutdown()


@pytest.mark.parametrize(
    ("tree", "words"),
    [
        ("[[1, 1], [-1, 0]]", " · MAX can force a win"),
        ("[[0, 1], [-1, 1]]", " · either side can force at least a draw"),
        ("[[-1, 1], [0, -1]]", " · MIN can force a win"),
        ("[[3, 12, 8], [2, 4, 6], [14, 5, 2]]", ""),  # scores, not win/draw/loss
    ],
)
def test_solve_says_what_the_value_guarantees(
    qtbot: QtBot, editor: TreeEditor, tree: str, words: str
) -> None:
    assert editor.open_tree(load_tree(tree))
    with qtbot.waitSignal(editor.solved, timeout=SOLVE_MS):
        editor.acts.act_solve.trigger()
    text = editor.result_label.text()
    assert text.startswith("<b>Value ")
    assert text.endswith(" leaves" + words)
    assert editor.result_label.toolTip() == words.removeprefix(" · ")
