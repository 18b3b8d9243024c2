"""The editor's files when things go wrong: a full disk, a bad name, no recovery folder,
text no file can hold. Each is said, once, in words; nothing the person made is lost."""

from __future__ import annotations

import errno
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from gamesearch_gui.core.trees.file import load_tree
from gamesearch_gui.core.trees.tree import CustomTree
from gamesearch_gui.core.trees.tree import NodeType
from gamesearch_gui.core.trees.tree import inner
from gamesearch_gui.core.trees.tree import leaf
from gamesearch_gui.ui.editor.editor import TreeEditor
from gamesearch_gui.ui.editor.random_dialog import RandomTreeDialog

FIGURE_5_2 = "[[3,12,8],[2,4,6],[14,5,2]]"


@pytest.fixture
def said(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    """What the editor warned about, as (title, text)."""
    warnings: list[tuple[str, str]] = []
    monkeypatch.setattr(
        TreeEditor, "_warn", lambda self, title, text: warnings.append((title, text))
    )
    return warnings


def make_editor(qtbot: QtBot, tmp_path: Path, recovery: Path) -> TreeEditor:
    store = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    editor = TreeEditor(None, store, recovery_path=str(recovery))
    qtbot.addWidget(editor)
    return editor


@pytest.fixture
def editor(qtbot: QtBot, tmp_path: Path, said: list[tuple[str, str]]) -> Iterator[TreeEditor]:
    made = make_editor(qtbot, tmp_path, tmp_path / "recovery.gtree.json")
    yield made
    made.shutdown()


def test_a_save_on_a_full_disk_says_so_and_keeps_the_old_file(
    editor: TreeEditor,
    tmp_path: Path,
    said: list[tuple[str, str]],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    target = tmp_path / "t.gtree.json"
    monkeypatch.setattr(editor, "_save_file_name", lambda: str(target))
    editor.edits.replace_tree(load_tree(FIGURE_5_2, "figure"))
    assert editor.files.save()
    before = target.read_bytes()
    editor.set_label("A", ())

    def full(_fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    assert not editor.files.save()
    assert said[-1] == ("Cannot save the tree", f"Could not write {target}: the disk is full")
    assert target.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")) == []
    assert editor.document.dirty and editor.title().startswith("*")


def test_a_file_name_with_a_nul_is_refused_not_cut_short(
    editor: TreeEditor, tmp_path: Path, said: list[tuple[str, str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Save once wrote "a\\0b.gtree.json" as "a"."""
    monkeypatch.setattr(editor, "_save_file_name", lambda: str(tmp_path / "a\0b.gtree.json"))
    editor.add_child(())
    assert not editor.files.save()
    assert "cannot hold a NUL character" in said[-1][1]
    assert "\\x00" in said[-1][1]  # the name is shown with the NUL escaped
    assert [p.name for p in tmp_path.iterdir() if not p.name.startswith("settings")] == []
    assert editor.document.dirty


def test_text_no_file_can_hold_is_said_on_save_not_raised(
    editor: TreeEditor, tmp_path: Path, said: list[tuple[str, str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A lone surrogate (possible only from code: the loader and the edits refuse one)
    could not be saved, and Save As raised without a word."""
    tree = CustomTree("t", inner(NodeType.MAX, [leaf(1, label="\udfff"), leaf(2)]))
    editor.edits.replace_tree(tree)
    monkeypatch.setattr(editor, "_save_file_name", lambda: str(tmp_path / "t.gtree.json"))
    assert not editor.files.save_as()
    assert "node 0" in said[-1][1] and "not text" in said[-1][1] and "\\udfff" in said[-1][1]
    assert editor.title().startswith("*")


def test_autosave_that_cannot_write_says_why_once_then_says_it_works_again(
    qtbot: QtBot, tmp_path: Path, said: list[tuple[str, str]]
) -> None:
    """The recovery folder could not be made: autosave raised from its timer after every
    edit. Now it says so once, and again only when the reason changes."""
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the recovery folder should be")
    editor = make_editor(qtbot, tmp_path, blocker / "recovery.gtree.json")
    messages: list[str] = []
    editor.message.connect(messages.append)
    for _ in range(3):
        editor.add_child(())
        editor.files.write_recovery()  # what the autosave timer calls
    autosave = [text for title, text in said if title == "Autosave failed"]
    assert len(autosave) == 1
    assert "not-a-folder" in autosave[0] and "Save the tree to keep them" in autosave[0]
    blocker.unlink()
    editor.add_child(())
    editor.files.write_recovery()
    assert (blocker / "recovery.gtree.json").exists()
    assert messages[-1].startswith("Autosave works again")
    editor.shutdown()


def test_autosave_on_a_full_disk_names_it(
    editor: TreeEditor, said: list[tuple[str, str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    def full(_fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    editor.add_child(())
    editor.files.write_recovery()
    editor.add_child(())
    editor.files.write_recovery()
    [(title, text)] = said
    assert title == "Autosave failed" and "the disk is full" in text


def test_copy_as_json_of_an_invalid_tree_says_why(
    editor: TreeEditor, said: list[tuple[str, str]]
) -> None:
    tree = load_tree(
        '{"format": "gamesearch-tree", "version": 1, "root": {"type": "chance", "children": ['
        '{"probability": 0.5, "value": 1}, {"probability": 0.5, "value": 2}]}}'
    )
    editor.edits.replace_tree(tree)
    editor.edits.set_probability(0.9, (0,))  # now they sum to 1.4
    QApplication.clipboard().setText("before")
    editor.acts.act_copy_json.trigger()
    assert said and "cannot be copied as JSON" in said[-1][1] and "sum to 1" in said[-1][1]
    assert QApplication.clipboard().text() == "before"


@pytest.mark.parametrize(
    ("levels", "reason"),
    [
        ("1/4", "“1/4” is not a level"),
        ("-1e308", "is not a level"),
        ("0/0", "is not a level"),
        ("x", "“x” is not a level"),
        ("25%", "is not a level"),
        ("\0", "is not a level"),
        ("٣", "is not a level"),  # a digit, but not one a level is written with
        ("0", "There is no level 0"),
        ("3", "There is no level 3 with depth 3"),
        ("99999999999999999999", "There is no level"),
    ],
)
def test_the_random_tree_dialog_keeps_bad_levels_open_with_the_reason(
    qtbot: QtBot, levels: str, reason: str
) -> None:
    """These raised ValueError from OK and closed the dialog without a word."""
    dialog = RandomTreeDialog()
    qtbot.addWidget(dialog)
    dialog.chance.setText(levels)
    dialog.accept()
    assert dialog.result() != dialog.DialogCode.Accepted and dialog.made is None
    assert reason in dialog.error.text() and not dialog.error.isHidden()
    dialog.chance.setText("1")
    dialog.accept()
    assert dialog.made is not None and dialog.made.has_chance


def test_the_random_tree_dialog_refuses_a_tree_too_big_and_a_control_character(
    qtbot: QtBot,
) -> None:
    dialog = RandomTreeDialog()
    qtbot.addWidget(dialog)
    dialog.fields.depth_box.setValue(12)
    dialog.fields.branch_hi.setValue(10)
    dialog.accept()
    assert dialog.made is None and "could exceed" in dialog.error.text()
    dialog.fields.depth_box.setValue(3)
    dialog.fields.seed.setText("a\x1bb")
    dialog.accept()
    assert dialog.made is None and "control characters" in dialog.error.text()


@pytest.mark.parametrize("text", ["0/0", "1/0", "x", "25 %%", "nan", "1e999", "-1/4", ""])
def test_a_probability_that_is_not_one_is_refused_with_a_message(
    editor: TreeEditor, said: list[tuple[str, str]], text: str
) -> None:
    """ "0/0" raised ZeroDivisionError out of the properties form."""
    editor.edits.replace_tree(
        load_tree(
            '{"format": "gamesearch-tree", "version": 1, "root": {"type": "chance", "children":'
            ' [{"probability": 0.5, "value": 1}, {"probability": 0.5, "value": 2}]}}'
        )
    )
    before = editor.tree
    editor.edits.probability_entered((0,), text)
    assert editor.tree is before
    assert said and said[-1][0] == "Cannot do that"


@pytest.mark.parametrize("text", ["1e400", "nan", "-inf", "9" * 5000, "x", "1/2"])
def test_a_value_that_is_not_a_finite_number_is_refused_with_a_message(
    editor: TreeEditor, said: list[tuple[str, str]], text: str
) -> None:
    editor.add_child(())
    before = editor.tree
    editor.edits.value_entered((0,), text)
    assert editor.tree is before
    assert said and said[-1][0] == "Cannot do that"
