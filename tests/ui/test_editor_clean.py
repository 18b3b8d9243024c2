"""A tree that has a copy elsewhere (an example, a random tree, a file) opens unchanged:
the editor asks about unsaved changes only after a real edit, and its boxes say what
could not be done."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot

from gamesearch_gui.core.trees.examples import EXAMPLES
from gamesearch_gui.core.trees.examples import example
from gamesearch_gui.core.trees.file import dump_tree
from gamesearch_gui.core.trees.file import load_tree_file
from gamesearch_gui.core.trees.random_tree import random_tree
from gamesearch_gui.core.trees.tree import NodeType
from gamesearch_gui.core.trees.tree import same_tree
from gamesearch_gui.ui.editor.editor import TreeEditor
from gamesearch_gui.ui.main_window import MainWindow

SOLVE_MS = 30_000
OPEN_MS = 10_000


class Answers:
    """Counts the editor's questions and keeps its warnings."""

    def __init__(self) -> None:
        self.unsaved = 0
        self.unsaved_answer = "discard"
        self.file_names: list[str] = []
        self.save_to: str | None = None
        self.warnings: list[tuple[str, str]] = []


@pytest.fixture
def answers(monkeypatch: pytest.MonkeyPatch) -> Answers:
    made = Answers()

    def ask_unsaved(self: TreeEditor) -> str:
        made.unsaved += 1
        return made.unsaved_answer

    def save_file_name(self: TreeEditor) -> str | None:
        made.file_names.append(self.document.tree.name)
        return made.save_to

    monkeypatch.setattr(TreeEditor, "_ask_unsaved", ask_unsaved)
    monkeypatch.setattr(TreeEditor, "_save_file_name", save_file_name)
    monkeypatch.setattr(
        TreeEditor, "_warn", lambda self, title, text: made.warnings.append((title, text))
    )
    monkeypatch.setattr(MainWindow, "_message", lambda self, title, html: None)
    return made


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path, answers: Answers) -> Iterator[MainWindow]:
    store = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    made = MainWindow(store, recovery_path=str(tmp_path / "recovery.gtree.json"))
    made.pace_override_ms = 0
    qtbot.addWidget(made)
    made.show()
    yield made
    answers.unsaved_answer = "discard"
    made.close()


def test_three_examples_in_a_row_ask_nothing_and_open_unchanged(
    window: MainWindow, answers: Answers
) -> None:
    for ex in EXAMPLES[:3]:
        window.trees.example_actions[ex.key].trigger()
        editor = window.editor
        assert window.mode == "trees"
        assert same_tree(editor.tree, ex.tree())
        assert not editor.document.dirty
        assert editor.title() == f"{ex.tree().name} (example)"
        assert not window.windowTitle().startswith("*")
    assert answers.unsaved == 0


def test_looking_at_an_example_is_no_edit(
    qtbot: QtBot, window: MainWindow, answers: Answers, tmp_path: Path
) -> None:
    """Selecting, solving, replaying and zooming leave the tree unchanged; so does the
    autosave's turn, and a random tree or a file opens unchanged too."""
    assert window.open_example("figure-5-2")
    editor = window.editor
    editor.select((1,))
    editor.canvas.zoom_in()
    with qtbot.waitSignal(editor.solved, timeout=SOLVE_MS):
        editor.acts.act_solve.trigger()
    replay = editor.solution_panel.controller
    replay.step_back()
    replay.step_back()
    replay.step_forward()
    editor.solution_panel.canvas.zoom_out()
    editor.show_drawing()
    editor.files.write_recovery()  # what the autosave timer does
    assert not (tmp_path / "recovery.gtree.json").exists()
    assert not editor.document.dirty and not editor.title().startswith("*")

    tree = random_tree(3, (2, 3), (-9, 9), seed=5)
    window.trees._random_dialog = lambda: tree  # type: ignore[method-assign]
    window.trees.act_random.trigger()
    assert editor.tree is tree and not editor.document.dirty
    path = tmp_path / "t.gtree.json"
    path.write_text(dump_tree(tree), encoding="utf-8")
    with qtbot.waitSignal(editor.opened, timeout=OPEN_MS):
        assert window.open_tree_file(str(path))
    assert not editor.document.dirty and editor.title() == f"{tree.name} (t.gtree.json)"
    assert window.open_example("chance-small")
    assert answers.unsaved == 0


def test_an_example_after_an_edit_asks_once(window: MainWindow, answers: Answers) -> None:
    assert window.open_example("figure-5-2")
    window.editor.set_label("Top", ())
    assert window.editor.title() == "*Figure 5.2 (example)"
    answers.unsaved_answer = "cancel"
    assert not window.open_example("greedy-friends")
    assert answers.unsaved == 1
    assert window.editor.tree.root.label == "Top"  # Cancel kept the edited tree
    answers.unsaved_answer = "discard"
    assert window.open_example("greedy-friends")
    assert answers.unsaved == 2
    assert window.open_example("chance-small")  # the one just opened was not edited
    assert answers.unsaved == 2


def test_save_on_an_example_asks_for_a_name_and_leaves_the_bundled_file_alone(
    window: MainWindow, answers: Answers, tmp_path: Path
) -> None:
    ex = example("figure-5-2")
    bundled = ex.resource().read_bytes()
    assert window.open_example(ex.key)
    answers.save_to = None  # cancelled: nothing written, the example stays as it was
    window.trees.act_save.trigger()
    assert answers.file_names == [ex.tree().name]
    assert window.editor.document.file_path is None
    target = tmp_path / "mine.gtree.json"
    answers.save_to = str(target)
    window.editor.set_label("Top", ())
    window.trees.act_save.trigger()
    assert len(answers.file_names) == 2
    assert load_tree_file(target).root.label == "Top"
    assert ex.resource().read_bytes() == bundled
    assert window.editor.title() == "Figure 5.2 (mine.gtree.json)"


def test_solving_with_bad_probabilities_says_it_cannot_solve(
    qtbot: QtBot, window: MainWindow, answers: Answers
) -> None:
    assert window.open_example("chance-small")
    editor = window.editor
    chance = next(n for n in editor.tree.nodes() if n.type is NodeType.CHANCE)
    editor.edits.set_probability(0.5, chance.children[0].path)  # 0.5 + 0.1
    editor.acts.act_solve.trigger()
    assert answers.warnings[-1][0] == "Cannot solve the tree"
    assert "probabilities" in answers.warnings[-1][1]
    assert editor.stack.currentWidget() is editor.canvas  # no search was started
    window.trees.act_compare.trigger()
    assert answers.warnings[-1][0] == "Cannot compare the searches"
    window.trees.act_save.trigger()
    assert answers.warnings[-1][0] == "Cannot save the tree"
    assert answers.file_names == []


def test_a_search_that_fails_says_it_cannot_solve(
    qtbot: QtBot, window: MainWindow, answers: Answers
) -> None:
    """The engine's refusal (here: a cutoff with no evals to use) is a solve's failure too."""
    assert window.open_example("figure-5-2")
    editor = window.editor
    editor.depth_box.setValue(1)
    editor.acts.act_solve.trigger()
    qtbot.waitUntil(lambda: bool(answers.warnings), timeout=SOLVE_MS)
    title, text = answers.warnings[-1]
    assert title == "Cannot solve the tree" and "eval" in text
    assert editor.stack.currentWidget() is editor.canvas
