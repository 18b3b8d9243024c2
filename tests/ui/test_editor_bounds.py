"""The tree's value bounds in the editor: shown inferred or set, set and cleared as undoable
edits, saved and read back, refused when they bound nothing, and Star1 pruning by them
(or refusing a tree whose values lie outside them)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import search
from gamesearch_gui.core.trees.file import load_tree
from gamesearch_gui.core.trees.file import load_tree_file
from gamesearch_gui.core.trees.tree import CustomTree
from gamesearch_gui.core.trees.tree import TreeGame
from gamesearch_gui.ui.editor.editor import TreeEditor

SOLVE_MS = 30_000
OPEN_MS = 10_000

#: MAX over two gambles. After the first (worth 9), the second's first outcome (1) leaves
#: it worth at most 0.5 + 0.5 * U: below 9 with the leaves' own U = 10, not with U = 100.
GAMBLES = """{"format": "gamesearch-tree", "version": 1, "name": "two gambles",
 "root": {"type": "max", "children": [
   {"type": "chance", "move": "a1", "children": [
     {"probability": 0.5, "value": 8}, {"probability": 0.5, "value": 10}]},
   {"type": "chance", "move": "a2", "children": [
     {"probability": 0.5, "value": 1}, {"probability": 0.5, "value": 10}]}]}}"""


@pytest.fixture
def said(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    warnings: list[tuple[str, str]] = []
    monkeypatch.setattr(
        TreeEditor, "_warn", lambda self, title, text: warnings.append((title, text))
    )
    return warnings


@pytest.fixture
def editor(qtbot: QtBot, tmp_path: Path, said: list[tuple[str, str]]) -> Iterator[TreeEditor]:
    store = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    made = TreeEditor(None, store, recovery_path=str(tmp_path / "recovery.gtree.json"))
    qtbot.addWidget(made)
    made.resize(1100, 700)
    made.show()
    assert made.open_tree(load_tree(GAMBLES))
    yield made
    made.shutdown()


def set_in_form(qtbot: QtBot, editor: TreeEditor, low: str, high: str) -> None:
    """Type the bounds in the form's fields and click Set, as a person would."""
    form = editor.bounds_form
    for edit, text in ((form.low, low), (form.high, high)):
        edit.clear()
        qtbot.keyClicks(edit, text)
    qtbot.mouseClick(form.set_button, Qt.MouseButton.LeftButton)


def star1_nodes(tree: CustomTree) -> int:
    game = TreeGame(tree)
    return search(game, game.initial_state(), SearchSettings(Algorithm.STAR1)).stats.nodes


def test_bounds_show_inferred_then_set_then_cleared_as_undoable_edits(
    qtbot: QtBot, editor: TreeEditor
) -> None:
    form = editor.bounds_form
    assert form.isVisible()
    assert "Inferred from the leaves" in form.state.text() and "[1, 10]" in form.state.text()
    assert (form.low.placeholderText(), form.high.placeholderText()) == ("1", "10")
    assert not form.clear_button.isEnabled() and not editor.document.dirty

    set_in_form(qtbot, editor, "-5", "12.5")
    assert editor.tree.value_bounds == (-5, 12.5)
    assert "Set:" in form.state.text() and "[−5, 12.5]" in form.state.text()
    assert editor.document.dirty and editor.title().startswith("*")
    assert form.clear_button.isEnabled() and not form.warning.isVisible()

    editor.acts.act_undo.trigger()
    assert editor.tree.value_bounds is None and not editor.document.dirty
    assert "Inferred from the leaves" in form.state.text()
    editor.acts.act_redo.trigger()
    assert editor.tree.value_bounds == (-5, 12.5)

    qtbot.mouseClick(form.clear_button, Qt.MouseButton.LeftButton)
    assert editor.tree.value_bounds is None and editor.document.dirty
    assert editor.document.undo_stack.undoText() == "Infer the value bounds"

    # One field left empty takes the leaves' value there; the menu's question, both at once.
    set_in_form(qtbot, editor, "", "100")
    assert editor.tree.value_bounds == (1, 100)
    editor._ask_text = lambda title, label, text: "[0, 50]"  # type: ignore[method-assign]
    editor.acts.act_bounds.trigger()
    assert editor.tree.value_bounds == (0, 50)
    editor._ask_text = lambda title, label, text: " "  # type: ignore[method-assign]
    editor.acts.act_bounds.trigger()
    assert editor.tree.value_bounds is None


@pytest.mark.parametrize(
    ("low", "high", "said_part"),
    [
        ("5", "5", "the lowest value 5 must be below the highest value 5"),
        ("9", "2", "the lowest value 9 must be below the highest value 2"),
        ("abc", "10", "The lowest value of the bounds, 'abc', is not a number"),
        ("0", "inf", "The highest value of the bounds, 'inf', is not a number"),
        ("nan", "10", "The lowest value of the bounds, 'nan', is not a number"),
    ],
)
def test_bounds_that_bound_nothing_are_refused_with_a_message(
    qtbot: QtBot,
    editor: TreeEditor,
    said: list[tuple[str, str]],
    low: str,
    high: str,
    said_part: str,
) -> None:
    set_in_form(qtbot, editor, low, high)
    assert said and said_part in said[-1][1]
    assert editor.tree.value_bounds is None
    assert editor.document.undo_stack.count() == 0 and not editor.document.dirty


def test_the_menu_s_question_refuses_what_is_not_two_numbers(
    editor: TreeEditor, said: list[tuple[str, str]]
) -> None:
    for answer in ("1, 2, 3", "7, 7", "1e999, 2"):
        editor._ask_text = lambda title, label, text, a=answer: a  # type: ignore[method-assign]
        editor.acts.act_bounds.trigger()
        assert editor.tree.value_bounds is None
    assert len(said) == 3
    assert "not two numbers" in said[0][1]
    assert "must be below" in said[1][1]
    assert "not a finite number" in said[2][1]


def test_values_outside_the_bounds_are_named_and_star1_refuses_the_tree(
    qtbot: QtBot, editor: TreeEditor, said: list[tuple[str, str]], tmp_path: Path
) -> None:
    set_in_form(qtbot, editor, "0", "9")
    form = editor.bounds_form
    assert form.warning.isVisible()
    # Named as the app names nodes everywhere: by the moves that lead there.
    assert "leaf after a1 1: value 10" in form.warning.text()
    assert "leaf after a2 1: value 10" in form.warning.text()

    editor.solver.set_algorithm(Algorithm.STAR1)
    editor.acts.act_solve.trigger()
    title, text = said[-1]
    assert title == "Cannot solve the tree" and "leaf after a1 1: value 10" in text
    assert editor.stack.currentWidget() is editor.canvas  # no search was started

    editor._save_file_name = lambda: str(tmp_path / "t.gtree.json")  # type: ignore[method-assign]
    assert not editor.files.save()
    assert said[-1][0] == "Cannot save the tree" and not (tmp_path / "t.gtree.json").exists()

    # Expectiminimax does not prune by the bounds: its answer stands.
    editor.solver.set_algorithm(Algorithm.EXPECTIMINIMAX)
    with qtbot.waitSignal(editor.solved, timeout=SOLVE_MS) as blocker:
        editor.acts.act_solve.trigger()
    assert blocker.args[1].value == 9

    # Widening them takes the warning away.
    set_in_form(qtbot, editor, "0", "10")
    assert not form.warning.isVisible()


def test_bounds_set_in_the_editor_are_saved_read_back_and_prune_star1(
    qtbot: QtBot, editor: TreeEditor, tmp_path: Path
) -> None:
    inferred = load_tree(GAMBLES)
    wide = CustomTree(inferred.name, inferred.root, (-100, 100))
    # What the engine does: the leaves' own bounds prune a child that wider ones do not.
    assert star1_nodes(wide) != star1_nodes(inferred)

    set_in_form(qtbot, editor, "-100", "100")
    path = tmp_path / "gambles.gtree.json"
    editor._save_file_name = lambda: str(path)  # type: ignore[method-assign]
    assert editor.files.save() and not editor.document.dirty
    assert json.loads(path.read_text(encoding="utf-8"))["value_bounds"] == [-100, 100]
    assert load_tree_file(path).value_bounds == (-100, 100)

    assert editor.open_tree(load_tree(GAMBLES))  # something else, then the file again
    with qtbot.waitSignal(editor.opened, timeout=OPEN_MS):
        assert editor.open_file(str(path))
    assert editor.tree.value_bounds == (-100, 100)
    assert "Set:" in editor.bounds_form.state.text()

    editor.solver.set_algorithm(Algorithm.STAR1)
    with qtbot.waitSignal(editor.solved, timeout=SOLVE_MS) as blocker:
        editor.acts.act_solve.trigger()
    result = blocker.args[1]
    assert result.value == 9
    assert result.stats.nodes == star1_nodes(wide)

    # Back to the leaves' bounds: Star1 prunes as the engine says it does with them.
    qtbot.mouseClick(editor.bounds_form.clear_button, Qt.MouseButton.LeftButton)
    with qtbot.waitSignal(editor.solved, timeout=SOLVE_MS) as blocker:
        editor.acts.act_solve.trigger()
    assert blocker.args[1].stats.nodes == star1_nodes(inferred)
