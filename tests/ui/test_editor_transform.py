"""Tree > Transform values: f(x) on every value as one undo step, and the decisions before
and after from the engine process, side by side; the exercise "does the decision flip?"."""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot

from gamesearch_gui.core.trees.examples import example
from gamesearch_gui.core.trees.file import load_tree
from gamesearch_gui.core.trees.tree import CustomTree
from gamesearch_gui.core.trees.tree import NodeType
from gamesearch_gui.core.trees.tree import TreeNode
from gamesearch_gui.core.trees.tree import same_tree
from gamesearch_gui.ui.editor.editor import TreeEditor
from gamesearch_gui.ui.editor.transform import TreeTransform
from gamesearch_gui.ui.editor.transform_dialog import TransformDialog
from gamesearch_gui.ui.editor.transform_dialog import linear_formula
from gamesearch_gui.ui.main_window import MainWindow

#: How long the engine may take to start and solve a small tree twice on a busy machine.
ENGINE_MS = 60_000


@pytest.fixture
def warnings(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    said: list[tuple[str, str]] = []
    monkeypatch.setattr(TreeEditor, "_warn", lambda self, title, text: said.append((title, text)))
    monkeypatch.setattr(TreeEditor, "_ask_unsaved", lambda self: "discard")
    return said


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path, warnings: list[tuple[str, str]]) -> Iterator[MainWindow]:
    store = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    made = MainWindow(store, recovery_path=str(tmp_path / "recovery.gtree.json"))
    qtbot.addWidget(made)
    made.show()
    yield made
    made.close()


Answer = Callable[[TransformDialog], None]


@pytest.fixture
def answer(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Answer]]:
    """The person's hand in the dialog: each answer fills one dialog shown (and closes it)."""
    answers: list[Answer] = []
    seen: list[TransformDialog] = []

    def run(self: TreeTransform, dialog: TransformDialog) -> TransformDialog:
        seen.append(dialog)
        dialog.show()
        answers.pop(0)(dialog)
        if dialog.isVisible():
            dialog.reject()
        return dialog

    monkeypatch.setattr(TreeTransform, "_dialog", run)
    yield answers
    assert not answers, "a dialog expected was never shown"


def decided(qtbot: QtBot, dialog: TransformDialog) -> None:
    qtbot.waitUntil(
        lambda: dialog.decisions is not None or "Cannot" in dialog.status.text(),
        timeout=ENGINE_MS,
    )
    assert dialog.decisions is not None, dialog.status.text()


def cells(dialog: TransformDialog) -> list[list[str]]:
    table = dialog.table
    return [
        [table.item(r, c).text() for c in range(table.columnCount())]
        for r in range(table.rowCount())
    ]


def test_x_squared_flips_expectiminimax_in_the_view_and_applies_as_one_undo_step(
    qtbot: QtBot, window: MainWindow, answer: list[Answer]
) -> None:
    window.trees.example_actions["chance-flip"].trigger()
    editor = window.editor
    before = editor.tree
    assert editor.acts.act_transform in window.trees.tree_menu.actions()

    def x_squared(dialog: TransformDialog) -> None:
        dialog.choice.setCurrentIndex(dialog.choice.findText("x²"))
        assert dialog.formula_edit.text() == "x**2"
        assert "0 → 0, 2 → 4, 4 → 16, 5 → 25" in dialog.preview.text()
        decided(qtbot, dialog)
        assert dialog.table.isVisible()
        rows = cells(dialog)
        assert rows[0][0].startswith("Minimax (chance as MIN")
        assert rows[0][1:] == ["plays a1, value 2\na1 2 · a2 0", "plays a1, value 4\na1 4 · a2 0",
                               "unchanged"]  # fmt: skip
        assert rows[1] == [
            "Expectiminimax",
            "plays a1, value 3\na1 3 · a2 2.5",
            "plays a2, value 12.5\na1 10 · a2 12.5",
            "changed",
        ]
        assert "Expectiminimax's decision changed, from a1 to a2" in dialog.summary.text()
        dialog.apply_button.click()

    answer.append(x_squared)
    editor.acts.act_transform.trigger()
    values = [n.value for n in editor.tree.nodes() if n.type is NodeType.LEAF]
    assert values == [4, 16, 0, 25]
    stack = editor.document.undo_stack
    assert stack.undoText() == "Transform values by x**2"
    window.trees.act_undo.trigger()
    assert editor.tree is before
    window.trees.act_redo.trigger()
    assert [n.value for n in editor.tree.nodes() if n.type is NodeType.LEAF] == values


def test_a_formula_that_reverses_two_values_is_refused_and_nothing_changes(
    qtbot: QtBot, window: MainWindow, answer: list[Answer]
) -> None:
    window.trees.example_actions["chance-small"].trigger()
    editor = window.editor
    before = editor.tree

    def reversing(dialog: TransformDialog) -> None:
        dialog.choice.setCurrentIndex(dialog.choice.findData("typed"))
        dialog.formula_edit.setText("")
        qtbot.keyClicks(dialog.formula_edit, "(x - 2)**2")
        assert dialog.problem.isVisible()
        assert dialog.problem.text() == (
            "(x - 2)**2 is not order-preserving on this tree's values: it reverses 1 and 2 "
            "(1 → 1, 2 → 0)."
        )
        assert not dialog.apply_button.isEnabled()
        assert not dialog.table.isVisible()
        dialog.accept()  # Enter: stays open, changes nothing
        assert dialog.isVisible()
        qtbot.keyClicks(dialog.formula_edit, "x")  # now "(x - 2)**2x": not a formula
        assert "write 2*x, not 2x" in dialog.problem.text()

    answer.append(reversing)
    editor.acts.act_transform.trigger()
    assert editor.tree is before
    assert not editor.document.undo_stack.canUndo()


def test_without_chance_one_row_says_the_decision_cannot_change(
    qtbot: QtBot, window: MainWindow, answer: list[Answer]
) -> None:
    window.trees.example_actions["figure-5-2"].trigger()

    def linear(dialog: TransformDialog) -> None:
        dialog.a_box.setValue(3)
        dialog.b_box.setValue(-1)
        assert dialog.formula_edit.text() == "3*x - 1"
        assert not dialog.predict_box.isVisible()
        decided(qtbot, dialog)
        assert [row[0] for row in cells(dialog)] == ["Minimax"]
        assert cells(dialog)[0][3] == "unchanged"
        assert "cannot change its decision" in dialog.summary.text()
        dialog.reject()

    answer.append(linear)
    window.editor.acts.act_transform.trigger()
    assert same_tree(window.editor.tree, example("figure-5-2").tree())


def test_the_exercise_hides_the_decisions_until_the_prediction_is_graded(
    qtbot: QtBot, window: MainWindow, answer: list[Answer]
) -> None:
    window.act_mode_trees.trigger()

    def predict_wrong(dialog: TransformDialog) -> None:
        assert dialog.formula_edit.text() == "x**2"
        assert dialog.predict_box.isChecked()
        assert "Will expectiminimax choose another move?" in dialog.question.text()
        decided(qtbot, dialog)
        assert not dialog.table.isVisible() and not dialog.summary.isVisible()
        assert dialog.windowTitle().startswith("Does the decision flip? — ")  # the menu's
        assert not dialog.check_button.isEnabled()  # nothing chosen yet
        dialog.no.setChecked(True)
        dialog.check_button.click()
        assert dialog.verdict.text().startswith("Not this time (0%): it changes. Before: a1 3")
        assert dialog.table.isVisible() and not dialog.check_button.isEnabled()
        dialog.reject()

    answer.append(predict_wrong)
    window.editor.acts.act_flip_exercise.trigger()
    assert "Exercise: does the decision flip?" in window.editor.caption_label.text()
    assert same_tree(window.editor.tree, example("chance-flip").tree())
    assert not window.editor.document.undo_stack.canUndo()  # cancelled: unchanged


def test_a_tree_of_players_is_refused_in_words(
    window: MainWindow, warnings: list[tuple[str, str]]
) -> None:
    window.act_mode_trees.trigger()
    tree = load_tree(
        '{"format": "gamesearch-tree", "version": 2, "players": ["A", "B", "C"],'
        ' "root": {"player": "A", "children": [{"values": [1, 2, 3]}, {"values": [3, 2, 1]}]}}'
    )
    window.editor.open_tree(tree)
    window.editor.acts.act_transform.trigger()
    assert warnings == [
        (
            "Cannot transform the values",
            "Transform values works on trees of MAX, MIN and chance nodes; this tree has "
            "players (A, B, C), each leaf a vector of values",
        )
    ]


def test_the_tree_menu_is_shown_in_trees_mode_only(window: MainWindow) -> None:
    menu = window.trees.tree_menu
    assert not menu.menuAction().isVisible() and not window.editor.acts.act_transform.isEnabled()
    window.act_mode_trees.trigger()
    assert menu.menuAction().isVisible() and window.editor.acts.act_transform.isEnabled()
    assert [a.text() for a in menu.actions()] == [
        "&Transform values…",
        "Exercise: does the decision &flip?…",
    ]


def test_the_linear_choice_writes_its_formula() -> None:
    assert linear_formula(2, 1) == "2*x + 1"
    assert linear_formula(0.5, -3) == "0.5*x - 3"
    assert linear_formula(1, 0) == "x"


def test_a_tree_the_engine_cannot_solve_says_why_under_the_table(
    qtbot: QtBot, window: MainWindow, answer: list[Answer]
) -> None:
    """Drawn probabilities that do not sum to 1: the transformation itself is fine, the
    decisions are not, and the dialog says so in words from the engine."""
    window.act_mode_trees.trigger()
    chance = TreeNode(
        NodeType.CHANCE,
        (TreeNode(NodeType.LEAF, (), 1, None, 0.5), TreeNode(NodeType.LEAF, (), 2, None, 0.4)),
    )
    tree = CustomTree("broken", TreeNode(NodeType.MAX, (chance, TreeNode(NodeType.LEAF, (), 0))))
    window.editor.open_tree(tree)

    def broken(dialog: TransformDialog) -> None:
        qtbot.waitUntil(lambda: "Cannot" in dialog.status.text(), timeout=ENGINE_MS)
        assert dialog.status.text().startswith("Cannot compare the decisions: ")
        assert "probabilit" in dialog.status.text()
        assert dialog.decisions is None and not dialog.table.isVisible()
        dialog.apply_button.click()  # the values can still be transformed

    answer.append(broken)
    window.editor.acts.act_transform.trigger()
    assert [n.value for n in window.editor.tree.nodes() if n.type is NodeType.LEAF] == [3, 5, 1]
