"""The editor opens Gambit's extensive-form games (File > Open, recent files, drag and
drop) as new trees, refuses a game it cannot search in one line naming the line, and
File > Export as Gambit game (.efg)… writes any drawn tree as one."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot

from gamesearch_gui.core.trees.efg import read_efg
from gamesearch_gui.core.trees.examples import example
from gamesearch_gui.core.trees.file import load_tree_file
from gamesearch_gui.core.trees.tree import NodeType
from gamesearch_gui.core.trees.tree import same_tree
from gamesearch_gui.ui.editor.editor import TreeEditor
from gamesearch_gui.ui.editor.files import OPEN_FILE_FILTER
from gamesearch_gui.ui.main_window import MainWindow
from tests.ui import test_editor as shared
from tests.ui.test_editor import OPEN_MS
from tests.ui.test_editor import dropped
from tests.ui.test_editor import open_and_wait

# The editor's fixtures, shared with its other tests.
controller, store, warnings, editor = (
    shared.controller,
    shared.store,
    shared.warnings,
    shared.editor,
)

GAMES = Path(__file__).parent.parent / "core" / "gambit"
NIM = GAMES / "nim.efg"


def test_the_open_dialog_names_gambit_games() -> None:
    assert "Gambit" in OPEN_FILE_FILTER
    assert "*.efg" in OPEN_FILE_FILTER.split(";;")[0]


def test_a_gambit_game_opens_as_a_new_tree_of_max_and_min(
    qtbot: QtBot, editor: TreeEditor, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    open_and_wait(qtbot, editor, lambda: editor.open_file(str(NIM)))
    tree = editor.tree
    assert tree.name.startswith("Nim-like game")
    assert tree.root.type is NodeType.MAX and tree.root.label == "5 left"
    assert [c.move for c in tree.root.children] == ["TAKE 1", "TAKE 2"]
    caption = editor.caption_label.text()
    assert editor.caption_label.isVisibleTo(editor)
    assert "&quot;Player 1&quot; is MAX" in caption or '"Player 1" is MAX' in caption
    assert "wins.</b> Gambit game" in caption  # the title's own full stop, no ".:"
    assert editor.title().endswith("(Gambit game)")
    assert editor.files.recent_files()[0] == str(NIM)
    # Save never writes JSON over Gambit's file: it asks where.
    before = NIM.read_bytes()
    target = tmp_path / "nim.gtree.json"
    monkeypatch.setattr(editor, "_save_file_name", lambda: str(target))
    assert editor.files.save()
    assert NIM.read_bytes() == before
    assert same_tree(load_tree_file(target).root, tree.root)


def test_a_game_of_imperfect_information_is_refused_in_one_line(
    qtbot: QtBot, editor: TreeEditor, warnings: list[str]
) -> None:
    shown = editor.tree
    with qtbot.waitSignal(
        editor.files.loadingChanged, timeout=OPEN_MS, check_params_cb=lambda on: not on
    ):
        assert editor.open_file(str(GAMES / "e04.efg"))
    assert len(warnings) == 1
    assert warnings[0].startswith("e04.efg, line 9: information set 1 of player 2")
    assert "imperfect information" in warnings[0]
    assert editor.tree is shown


def test_export_writes_the_drawn_tree_as_a_gambit_game(
    qtbot: QtBot, editor: TreeEditor, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tree = example("chance-small").tree()
    editor.open_tree(tree)
    target = tmp_path / "dice"
    monkeypatch.setattr(editor, "_efg_file_name", lambda: str(target) + ".efg")
    assert editor.files.export_efg()
    text = (tmp_path / "dice.efg").read_text()
    assert text.startswith(f'EFG 2 R "{tree.name}" {{ "MAX" "MIN" }}')
    assert same_tree(read_efg(text).tree.root, tree.root)
    # The tree keeps its own (no) file: export is no save.
    assert editor.document.file_path is None


def test_export_cancelled_or_failing_writes_nothing_and_says_why(
    editor: TreeEditor, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, warnings: list[str]
) -> None:
    monkeypatch.setattr(editor, "_efg_file_name", lambda: None)
    assert not editor.files.export_efg()
    assert warnings == []
    missing = tmp_path / "no such folder" / "x.efg"
    monkeypatch.setattr(editor, "_efg_file_name", lambda: str(missing))
    assert not editor.files.export_efg()
    assert len(warnings) == 1
    assert warnings[0].startswith(f"Could not write {missing}: the folder ")
    assert not missing.parent.exists()


def test_the_window_exports_and_opens_a_dropped_gambit_game(
    qtbot: QtBot, store: QSettings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(MainWindow, "_message", lambda self, title, html: None)
    monkeypatch.setattr(TreeEditor, "_ask_unsaved", lambda self: "discard")
    window = MainWindow(store, recovery_path=str(tmp_path / "recovery.gtree.json"))
    qtbot.addWidget(window)
    window.show()
    try:
        drop = dropped(window, NIM)
        open_and_wait(qtbot, window.editor, lambda: window.dropEvent(drop) or True)
        assert window.mode == "trees" and window.editor.tree.root.label == "5 left"
        target = tmp_path / "again.efg"
        monkeypatch.setattr(window.editor, "_efg_file_name", lambda: str(target))
        assert window.trees.act_export_efg.isEnabled()
        window.trees.act_export_efg.trigger()
        assert same_tree(read_efg(target.read_text()).tree.root, window.editor.tree.root)
    finally:
        window.close()
