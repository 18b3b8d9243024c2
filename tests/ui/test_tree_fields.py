"""The three dialogs that make random trees ask their shared settings in the same words.

Draw a tree's Random tree, and the exercises' New exercise and Export a set, once asked
for chance levels as a list, a percentage and a count, gave a seed of 1 against a random
one, and named the same setting three ways. These tests read what a person sees in each
dialog (the labels, their tips, the fields' ranges, the buttons) and compare them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from PySide6.QtWidgets import QDialog
from PySide6.QtWidgets import QDialogButtonBox
from PySide6.QtWidgets import QFormLayout
from PySide6.QtWidgets import QLabel
from PySide6.QtWidgets import QPushButton
from PySide6.QtWidgets import QSpinBox
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from gamesearch_gui.core.exercises.exercise import DIFFICULTIES
from gamesearch_gui.core.exercises.exercise import Difficulty
from gamesearch_gui.core.exercises.exercise import Task
from gamesearch_gui.core.exercises.exercise import random_exercise
from gamesearch_gui.ui.editor.random_dialog import RandomTreeDialog
from gamesearch_gui.ui.exercise.dialogs import NewExerciseDialog
from gamesearch_gui.ui.exercise.difficulty_fields import DifficultyFields
from gamesearch_gui.ui.exercise.export_dialog import ExportSetDialog
from gamesearch_gui.ui.tree_fields import CHANCE_COUNT_LABEL
from gamesearch_gui.ui.tree_fields import CHANCE_LEVELS_LABEL
from gamesearch_gui.ui.tree_fields import DRAWN_LIMITS
from gamesearch_gui.ui.tree_fields import EXERCISE_LIMITS
from gamesearch_gui.ui.tree_fields import TreeShapeFields
from gamesearch_gui.ui.tree_fields import action_buttons

#: The settings every tree dialog asks, by the label a person reads.
SHARED = ("Depth", "Children per node", "Seed")


@pytest.fixture
def dialogs(qtbot: QtBot) -> Iterator[dict[str, QDialog]]:
    made: dict[str, QDialog] = {
        "Random tree": RandomTreeDialog(),
        "New exercise": NewExerciseDialog(),
        "Export a set": ExportSetDialog(),
    }
    for dialog in made.values():
        qtbot.addWidget(dialog)
    yield made
    for dialog in made.values():
        dialog.reject()  # the exercise dialogs stop their loader and thread


def labelled(dialog: QDialog) -> dict[str, tuple[QLabel, QWidget]]:
    """Each form label of ``dialog`` that names a field, by its text, with the field."""
    found = {}
    for label in dialog.findChildren(QLabel):
        if label.buddy() is not None:
            assert label.text() not in found, f"two fields called {label.text()!r}"
            found[label.text()] = (label, label.buddy())
    return found


def spins(field: QWidget) -> list[tuple[int, int, str]]:
    """The range and unit of each spin box in ``field`` (itself, or a row of them)."""
    boxes = [field] if isinstance(field, QSpinBox) else field.findChildren(QSpinBox)
    return [(box.minimum(), box.maximum(), box.suffix()) for box in boxes]


def shaped(qtbot: QtBot, fields: TreeShapeFields) -> QWidget:
    """A widget holding ``fields``' rows (keep it: its rows die with it)."""
    host = QWidget()
    qtbot.addWidget(host)
    fields.add_shape_rows(QFormLayout(host))
    fields.add_seed_row(host.layout())
    return host


def hosted(qtbot: QtBot) -> tuple[QWidget, DifficultyFields]:
    """Difficulty fields in a form, as the exercise dialogs hold them (keep the host)."""
    host = QWidget()
    qtbot.addWidget(host)
    fields = DifficultyFields()
    fields.add_rows(QFormLayout(host))
    return host, fields


def test_the_shared_settings_have_one_label_one_tip_and_one_kind_of_field(
    dialogs: dict[str, QDialog],
) -> None:
    forms = {name: labelled(dialog) for name, dialog in dialogs.items()}
    for setting in SHARED:
        seen = {name: form.get(setting) for name, form in forms.items()}
        missing = [name for name, row in seen.items() if row is None]
        assert not missing, f"{setting!r} is not asked by that name in {missing}"
        tips = {row[0].toolTip() for row in seen.values() if row is not None}
        assert len(tips) == 1 and tips != {""}, f"{setting!r} is explained differently: {tips}"
        kinds = {
            (type(row[1]).__name__, len(spins(row[1]))) for row in seen.values() if row is not None
        }
        assert len(kinds) == 1, f"{setting!r} is asked with different fields: {kinds}"
    # Any other label two dialogs share says the same there too.
    for text in set(forms["New exercise"]) & set(forms["Export a set"]):
        new, export = forms["New exercise"][text], forms["Export a set"][text]
        assert new[0].toolTip() == export[0].toolTip(), text
        assert spins(new[1]) == spins(export[1]), text


def test_the_ranges_are_the_same_where_the_trees_are_and_the_tip_says_both(
    dialogs: dict[str, QDialog],
) -> None:
    forms = {name: labelled(dialog) for name, dialog in dialogs.items()}
    drawn, new, export = (forms[name] for name in dialogs)
    for setting in ("Depth", "Children per node"):
        assert spins(new[setting][1]) == spins(export[setting][1])
    assert spins(drawn["Depth"][1]) == [(1, DRAWN_LIMITS.depth, "")]
    assert spins(new["Depth"][1]) == [(1, EXERCISE_LIMITS.depth, "")]
    assert [hi for _lo, hi, _unit in spins(drawn["Children per node"][1])] == [10, 10]
    assert [hi for _lo, hi, _unit in spins(new["Children per node"][1])] == [5, 5]
    # The tip gives each kind of tree's limit, so the difference is no surprise.
    for setting, limits in (("Depth", ("12", "6")), ("Children per node", ("10", "5"))):
        tip = drawn[setting][0].toolTip()
        assert all(f"up to {limit}" in tip for limit in limits), tip


def test_chance_levels_say_which_in_the_editor_and_how_many_in_an_exercise(
    dialogs: dict[str, QDialog],
) -> None:
    forms = {name: labelled(dialog) for name, dialog in dialogs.items()}
    drawn, new, export = (forms[name] for name in dialogs)
    assert CHANCE_LEVELS_LABEL in drawn and CHANCE_COUNT_LABEL not in drawn
    assert CHANCE_COUNT_LABEL in new and CHANCE_COUNT_LABEL in export
    tip = drawn[CHANCE_LEVELS_LABEL][0].toolTip()
    assert tip == new[CHANCE_COUNT_LABEL][0].toolTip() == export[CHANCE_COUNT_LABEL][0].toolTip()
    assert "which levels" in tip and "how many" in tip
    # A count, no percentage, in both exercise dialogs.
    assert spins(new[CHANCE_COUNT_LABEL][1]) == spins(export[CHANCE_COUNT_LABEL][1])
    assert spins(new[CHANCE_COUNT_LABEL][1])[0][2] == ""


def test_every_dialog_starts_with_a_fresh_seed_and_offers_another(
    dialogs: dict[str, QDialog],
) -> None:
    for name, dialog in dialogs.items():
        row = labelled(dialog)["Seed"][1]
        (edit,) = [w for w in row.findChildren(QWidget) if hasattr(w, "setMaxLength")]
        assert re.fullmatch(r"\d{4}", edit.text()), name
        assert edit.maxLength() == 100, name
        (button,) = row.findChildren(QPushButton)
        assert button.text() == "New seed", name


def test_every_dialog_has_its_action_and_cancel_in_the_same_places(
    dialogs: dict[str, QDialog],
) -> None:
    actions = {}
    for name, dialog in dialogs.items():
        (box,) = dialog.findChildren(QDialogButtonBox)
        roles = {b.text(): box.buttonRole(b) for b in box.buttons()}
        assert roles.pop("Cancel") is QDialogButtonBox.ButtonRole.RejectRole, name
        ((text, role),) = roles.items()
        assert role is QDialogButtonBox.ButtonRole.AcceptRole, name
        actions[name] = text
    assert actions == {"Random tree": "Create", "New exercise": "Start", "Export a set": "Export"}


def test_the_shape_fields_order_a_range_typed_backwards_and_draw_new_seeds(
    qtbot: QtBot,
) -> None:
    fields = TreeShapeFields(DRAWN_LIMITS)
    _host = shaped(qtbot, fields)
    fields.branch_lo.setValue(4)
    fields.branch_hi.setValue(2)
    assert fields.branching() == (2, 4)
    seeds = set()
    for _ in range(20):
        fields.new_seed_button.click()
        seeds.add(fields.seed.text())
    assert len(seeds) > 1 and all(re.fullmatch(r"\d{4}", seed) for seed in seeds)
    assert fields.branch_hi.minimum() == 1
    exercise = TreeShapeFields(EXERCISE_LIMITS)
    _other = shaped(qtbot, exercise)
    assert exercise.branch_hi.minimum() == 2  # an exercise's node has at least 2 children


def test_the_difficulty_fields_count_chance_levels_within_the_depth(qtbot: QtBot) -> None:
    _host, fields = hosted(qtbot)
    assert fields.value() == DIFFICULTIES["Medium"]
    assert fields.chance.maximum() == 2  # depth 3: levels 1 and 2
    fields.difficulty.setCurrentText("Hard")
    assert fields.chance.maximum() == 3
    fields.chance.setValue(2)
    assert fields.value().chance_levels() == 2
    assert fields.difficulty.currentText() == "Hard"  # chance is no part of a preset
    fields.shape.depth_box.setValue(2)
    assert fields.chance.value() == 1 and fields.value().chance_levels() == 1
    fields.follow_task(Task.ALPHABETA)
    assert fields.chance.value() == 0
    fields.follow_task(Task.STAR1)
    assert fields.chance.value() == 1


def test_a_count_makes_the_tree_the_old_percentage_made(qtbot: QtBot) -> None:
    # New exercise asked a percentage of the levels; the count gives the same share, so
    # the same seed still makes the same tree.
    _host, fields = hosted(qtbot)
    fields.difficulty.setCurrentText("Hard")  # depth 4: three levels under the root
    fields.chance.setValue(2)
    old = Difficulty(4, (2, 3), 2 / 3)
    assert fields.value() == old
    made = random_exercise(fields.value(), Task.EXPECTIMINIMAX, "5")
    assert made.source == random_exercise(old, Task.EXPECTIMINIMAX, "5").source


def test_action_buttons_cancel_rejects(qtbot: QtBot) -> None:
    dialog = QDialog()
    qtbot.addWidget(dialog)
    box, button = action_buttons(dialog, "Make")
    assert button.isDefault() and button.text() == "Make"
    with qtbot.waitSignal(dialog.rejected, timeout=1000):
        box.button(QDialogButtonBox.StandardButton.Cancel).click()


def test_the_size_line_says_one_tree_or_each_tree_of_a_set(
    dialogs: dict[str, QDialog],
) -> None:
    exercise = dialogs["New exercise"].fields.size_label.text()  # type: ignore[attr-defined]
    each = dialogs["Export a set"].fields.size_label.text()  # type: ignore[attr-defined]
    assert exercise == "A tree of 15 to 40 nodes."  # Medium: depth 3, 2 to 3 children
    assert each == "Each tree of 15 to 40 nodes."


def test_no_number_box_stretches_across_a_wide_dialog(
    qtbot: QtBot, dialogs: dict[str, QDialog]
) -> None:
    # The Depth box stretched across the form while the children's pair beside it stayed
    # as wide as its numbers: each number box is now as wide as its numbers, however
    # wide the dialog is made.
    for name, dialog in dialogs.items():
        dialog.resize(1000, dialog.sizeHint().height())
        dialog.show()
        qtbot.waitExposed(dialog)
        for box in dialog.findChildren(QSpinBox):
            if box.isVisibleTo(dialog):
                assert box.width() <= box.sizeHint().width(), (name, box.toolTip()[:40])
