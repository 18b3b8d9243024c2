"""The tree editor: drawing by keyboard and mouse, undo, files, examples, solving, recovery."""

from __future__ import annotations

import json
from collections.abc import Callable
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData
from PySide6.QtCore import QPointF
from PySide6.QtCore import QSettings
from PySide6.QtCore import Qt
from PySide6.QtCore import QUrl
from PySide6.QtGui import QDropEvent
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from gamesearch_gui import cli
from gamesearch_gui.core.compare import ComparisonRow
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.trees import edit as tree_edit
from gamesearch_gui.core.trees.examples import ALL_EXAMPLES
from gamesearch_gui.core.trees.examples import EXAMPLES
from gamesearch_gui.core.trees.examples import Example
from gamesearch_gui.core.trees.file import dump_tree
from gamesearch_gui.core.trees.file import load_tree
from gamesearch_gui.core.trees.file import load_tree_file
from gamesearch_gui.core.trees.random_tree import random_tree
from gamesearch_gui.core.trees.tree import NodeType
from gamesearch_gui.core.trees.tree import path_text
from gamesearch_gui.core.trees.tree import same_tree
from gamesearch_gui.ui.editor.compare_dialog import BarChart
from gamesearch_gui.ui.editor.compare_dialog import CompareDialog
from gamesearch_gui.ui.editor.editor import TreeEditor
from gamesearch_gui.ui.editor.random_dialog import RandomTreeDialog
from gamesearch_gui.ui.main_window import MainWindow
from gamesearch_gui.ui.worker import SearchController

FIGURE_5_2 = "[[3,12,8],[2,4,6],[14,5,2]]"
SOLVE_MS = 30_000
OPEN_MS = 10_000


@pytest.fixture
def controller() -> Iterator[SearchController]:
    made = SearchController()
    yield made
    made.shutdown()


@pytest.fixture
def store(tmp_path: Path) -> QSettings:
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def warnings(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    said: list[str] = []
    monkeypatch.setattr(TreeEditor, "_warn", lambda self, title, text: said.append(text))
    return said


@pytest.fixture
def editor(
    qtbot: QtBot,
    controller: SearchController,
    store: QSettings,
    tmp_path: Path,
    warnings: list[str],
) -> Iterator[TreeEditor]:
    made = TreeEditor(controller, store, recovery_path=str(tmp_path / "recovery.gtree.json"))
    qtbot.addWidget(made)
    made.resize(1100, 700)
    made.show()
    made.canvas.setFocus()
    yield made
    made.shutdown()  # as the window does: the file loader's thread stops


def open_and_wait(qtbot: QtBot, editor: TreeEditor, open_it: Callable[[], bool]) -> None:
    """Start opening a file (``open_it()``) and wait until the editor shows it."""
    with qtbot.waitSignal(editor.opened, timeout=OPEN_MS):
        assert open_it()
    assert not editor.loading


def refused(qtbot: QtBot, editor: TreeEditor, open_it: Callable[[], bool]) -> None:
    """Start opening a file (``open_it()``) and wait until the editor has given up on it."""
    with qtbot.waitSignal(
        editor.loadingChanged, timeout=OPEN_MS, check_params_cb=lambda on: not on
    ):
        assert open_it()
    assert not editor.loading


def dropped(window: MainWindow, path: Path) -> QDropEvent:
    """A drop of the file at ``path`` on ``window``, as a file manager makes it (the
    event does not own its data: the window keeps it alive)."""
    mime = QMimeData()
    mime.setParent(window)
    mime.setUrls([QUrl.fromLocalFile(str(path))])
    return QDropEvent(
        QPointF(10, 10),
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )


def key(qtbot: QtBot, editor: TreeEditor, k: Qt.Key, text: str = "") -> None:
    qtbot.keyClick(editor.canvas, k)


def type_value(qtbot: QtBot, editor: TreeEditor, text: str) -> None:
    """Type a number on the selected leaf and press Enter (all sent to the canvas)."""
    qtbot.keyClicks(editor.canvas, text)
    assert editor.canvas.inline.is_open
    qtbot.keyClick(editor.canvas, Qt.Key.Key_Return)
    assert not editor.canvas.inline.is_open


def build_figure_5_2(qtbot: QtBot, editor: TreeEditor) -> list[object]:
    """Figure 5.2 by keys alone; returns the tree after each step."""
    steps: list[object] = [editor.tree]

    def note() -> None:
        if editor.tree is not steps[-1]:
            steps.append(editor.tree)

    assert editor.selected == ()
    for b, values in enumerate(([3, 12, 8], [2, 4, 6], [14, 5, 2])):
        if b > 0:
            key(qtbot, editor, Qt.Key.Key_Insert)  # a new leaf under the root
            note()
        else:
            key(qtbot, editor, Qt.Key.Key_Down)  # the new tree's one leaf
        assert editor.selected == (b,)
        type_value(qtbot, editor, str(values[0]))
        note()
        key(qtbot, editor, Qt.Key.Key_N)  # MIN, its value moves to its first child
        note()
        assert editor.tree.node_at((b,)).type is NodeType.MIN
        for value in values[1:]:
            key(qtbot, editor, Qt.Key.Key_Insert)
            note()
            type_value(qtbot, editor, str(value))
            note()
            key(qtbot, editor, Qt.Key.Key_Up)
        key(qtbot, editor, Qt.Key.Key_Up)
        assert editor.selected == ()
    return steps


def test_figure_5_2_by_keyboard_alone_saves_and_reopens_identical(
    qtbot: QtBot, editor: TreeEditor, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    build_figure_5_2(qtbot, editor)
    expected = load_tree(FIGURE_5_2, "untitled")
    assert same_tree(editor.tree, expected)
    # Tab walks the leaves, Shift+Tab back; arrows move across.
    key(qtbot, editor, Qt.Key.Key_Tab)
    assert editor.selected == (0, 0)
    key(qtbot, editor, Qt.Key.Key_Tab)
    assert editor.selected == (0, 1)
    key(qtbot, editor, Qt.Key.Key_Backtab)
    key(qtbot, editor, Qt.Key.Key_Backtab)
    assert editor.selected == (2, 2)  # wraps to the last leaf
    key(qtbot, editor, Qt.Key.Key_Left)
    assert editor.selected == (2, 1)
    assert editor.document.dirty
    target = tmp_path / "fig52.gtree.json"
    monkeypatch.setattr(editor, "_save_file_name", lambda: str(target))
    assert editor.files.save()
    assert not editor.document.dirty
    # A new tree is named after the file it is first saved as.
    assert same_tree(load_tree_file(target), load_tree(FIGURE_5_2, "fig52"))
    assert editor.title() == "fig52 (fig52.gtree.json)"
    editor.files.new_tree()
    assert editor.tree.node_count == 2
    open_and_wait(qtbot, editor, lambda: editor.open_file(str(target)))
    assert same_tree(editor.tree, load_tree(FIGURE_5_2, "fig52"))
    assert str(target) in editor.files.recent_files()


def test_undo_to_the_start_and_redo_to_the_end(qtbot: QtBot, editor: TreeEditor) -> None:
    steps = build_figure_5_2(qtbot, editor)
    stack = editor.document.undo_stack
    assert stack.count() == len(steps) - 1
    for i in range(len(steps) - 1, 0, -1):
        assert editor.tree is steps[i]
        editor.acts.act_undo.trigger()
    assert editor.tree is steps[0]
    assert same_tree(editor.tree, tree_edit.new_tree())
    assert not editor.document.dirty
    for i in range(1, len(steps)):
        editor.acts.act_redo.trigger()
        assert editor.tree is steps[i]
    assert same_tree(editor.tree, load_tree(FIGURE_5_2, "untitled"))


def test_escape_cancels_typing_and_double_click_edits_in_place(
    qtbot: QtBot, editor: TreeEditor
) -> None:
    key(qtbot, editor, Qt.Key.Key_Down)
    qtbot.keyClicks(editor.canvas, "42")
    qtbot.keyClick(editor.canvas, Qt.Key.Key_Escape)
    assert editor.tree.node_at((0,)).value == 0
    assert editor.document.undo_stack.count() == 0
    # A double-click on the root opens its label.
    n = editor.drawing.index[()]
    qtbot.mouseDClick(
        editor.canvas.viewport(), Qt.MouseButton.LeftButton, pos=editor.canvas.view_point_of(n)
    )
    assert editor.canvas.inline.is_open
    assert editor.selected == ()
    editor.canvas.inline.setText("A")
    qtbot.keyClick(editor.canvas.inline, Qt.Key.Key_Return)
    assert editor.tree.root.label == "A"


def test_context_menu_offers_the_edits(qtbot: QtBot, editor: TreeEditor) -> None:
    editor.select((0,))
    menu = editor.canvas.context_menu(editor.drawing.index[(0,)])
    assert menu is not None
    texts = [a.text().split("\t")[0] for a in menu.actions()]
    for wanted in (
        "Add child",
        "Insert sibling before",
        "Insert sibling after",
        "Delete subtree",
        "Kind",
        "Set value…",
        "Set eval…",
        "Set probability…",
        "Make probabilities uniform",
        "Label…",
        "Move label…",
    ):
        assert wanted in texts
    menu.deleteLater()
    editor.acts.act_sibling_after.trigger()
    assert editor.tree.node_count == 3 and editor.selected == (1,)
    editor.acts.act_kinds[NodeType.CHANCE].trigger()
    assert editor.tree.node_at((1,)).type is NodeType.CHANCE


def test_add_child_and_delete_from_the_menus_edit_the_selected_node(
    qtbot: QtBot, editor: TreeEditor, warnings: list[str]
) -> None:
    """The menus' actions pass ``checked=False`` to whatever they call: Add child once
    took it for a node's path and raised. Triggered as a click would, they edit the
    selected node."""
    editor.select((0,))
    editor.acts.act_add_child.trigger()
    assert editor.tree.node_at((0,)).type is not NodeType.LEAF
    assert len(editor.tree.node_at((0,)).children) == 1
    assert editor.selected == (0, 0)
    editor.acts.act_delete.trigger()
    assert editor.tree.node_count == 2 and editor.selected == (0,)
    assert warnings == []


# -- in the main window ------------------------------------------------------------------


@pytest.fixture
def window_factory(
    qtbot: QtBot, store: QSettings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Callable[[], MainWindow]]:
    monkeypatch.setattr(MainWindow, "_message", lambda self, title, html: None)
    monkeypatch.setattr(TreeEditor, "_warn", lambda self, title, text: None)
    # Closing at the end of a test throws its unsaved tree away (no modal question).
    monkeypatch.setattr(TreeEditor, "_ask_unsaved", lambda self: "discard")
    made: list[MainWindow] = []

    def make() -> MainWindow:
        window = MainWindow(store, recovery_path=str(tmp_path / "recovery.gtree.json"))
        window.pace_override_ms = 0
        qtbot.addWidget(window)
        window.show()
        made.append(window)
        return window

    yield make
    for window in made:
        window.close()


@pytest.fixture
def window(window_factory: Callable[[], MainWindow]) -> MainWindow:
    return window_factory()


def test_modes_switch_menus_and_shortcuts_without_clashes(window: MainWindow) -> None:
    assert window.mode == "play"
    assert window.act_undo.shortcut() == window.trees.act_undo.shortcut()
    assert not window.trees.act_new.isEnabled() and not window.trees.act_undo.isEnabled()
    window.act_mode_trees.trigger()
    assert window.mode == "trees"
    assert window.centralWidget().currentWidget() is window.editor
    for action in window.game_actions:
        assert not action.isEnabled()
    assert window.trees.act_new.isEnabled() and window.trees.act_save.isEnabled()
    window.editor.add_child(())
    assert window.trees.act_undo.isEnabled()
    window.trees.act_undo.trigger()
    assert window.editor.tree.node_count == 2
    window.act_mode_play.trigger()
    assert window.mode == "play" and not window.trees.act_undo.isEnabled()
    assert window.trees.act_new.isEnabled() is False


@pytest.mark.parametrize("example", ALL_EXAMPLES, ids=[e.key for e in ALL_EXAMPLES])
def test_every_example_gives_its_stated_answer_when_solved(
    qtbot: QtBot, window: MainWindow, example: Example
) -> None:
    window.trees.example_actions[example.key].trigger()
    editor = window.editor
    assert window.mode == "trees"
    assert example.caption in editor.caption_label.text()
    drawn = editor.tree
    assert same_tree(drawn, example.tree())
    with qtbot.waitSignal(editor.solved, timeout=SOLVE_MS) as blocker:
        editor.acts.act_solve.trigger()
    request, result = blocker.args
    assert request.settings.algorithm is example.algorithm
    assert result.value == pytest.approx(example.expected_value)
    assert result.best_move == example.expected_best_move
    if example.expected_pruned is not None:
        recording = editor.solver.solution
        assert recording is not None
        pruned = [
            path_text((*recording.state(cut.node).path, move))
            for cut in recording.cutoffs
            for move in cut.moves
        ]
        assert tuple(pruned) == example.expected_pruned
    assert "Value" in editor.result_label.text()
    assert editor.tree is drawn  # solving never changes the drawing
    # Editing after a solve goes back to the drawing.
    editor.set_label("edited", ())
    assert editor.stack.currentWidget() is editor.canvas


def test_malformed_files_are_refused_without_change(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    said: list[str] = []
    monkeypatch.setattr(TreeEditor, "_warn", lambda self, title, text: said.append(text))
    window.set_mode("trees")
    editor = window.editor
    editor.edits.replace_tree(load_tree(FIGURE_5_2, "mine"))
    before = editor.tree
    bad = tmp_path / "bad.gtree.json"
    bad.write_text(
        '{"format": "gamesearch-tree", "version": 1, "root": {"type": "max", "children": ['
        '{"type": "min", "children": [{"value": 1}, {"value": "x"}]}]}}'
    )
    monkeypatch.setattr(editor, "_ask_unsaved", lambda: "discard")
    refused(qtbot, editor, lambda: window.open_tree_file(str(bad)))
    assert editor.tree is before
    assert said and "0.1" in said[-1]
    chance = tmp_path / "chance.gtree.json"
    chance.write_text(
        '{"format": "gamesearch-tree", "version": 1, "root": {"type": "chance", "children": ['
        '{"value": 1, "probability": 0.5}, {"value": 2, "probability": 0.6}]}}'
    )
    refused(qtbot, editor, lambda: editor.open_file(str(chance)))
    assert editor.tree is before
    assert "sum" in said[-1] or "probabilit" in said[-1]


def test_unsaved_changes_are_asked_about(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window.set_mode("trees")
    editor = window.editor
    editor.add_child(())
    answers = ["cancel"]
    monkeypatch.setattr(editor, "_ask_unsaved", lambda: answers.pop(0))
    assert not editor.files.new_tree()
    assert editor.tree.node_count == 3
    answers.append("save")
    monkeypatch.setattr(editor, "_save_file_name", lambda: str(tmp_path / "kept.gtree.json"))
    assert editor.files.new_tree()
    assert (tmp_path / "kept.gtree.json").exists()
    assert editor.tree.node_count == 2 and not editor.document.dirty


def test_a_failed_save_says_why_and_keeps_the_tree_dirty(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    said: list[str] = []
    monkeypatch.setattr(TreeEditor, "_warn", lambda self, title, text: said.append(text))
    editor = window.editor
    editor.add_child(())
    missing = tmp_path / "no such folder" / "t.gtree.json"
    monkeypatch.setattr(editor, "_save_file_name", lambda: str(missing))
    assert not editor.files.save()
    assert said and str(missing) in said[-1]
    assert editor.document.dirty and editor.document.file_path is None


def test_chance_tree_warns_until_probabilities_sum_to_one_and_refuses_to_save(
    qtbot: QtBot,
    editor: TreeEditor,
    warnings: list[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    editor.select((0,))
    key(qtbot, editor, Qt.Key.Key_C)  # the leaf becomes a chance node over one outcome
    editor.add_child((0,))  # a second outcome: 1/2, the first keeps 1
    form = editor.properties
    assert not form.warning.isHidden()
    assert "0" in form.warning.text() and "sum" in form.warning.text()
    monkeypatch.setattr(editor, "_save_file_name", lambda: str(tmp_path / "c.gtree.json"))
    assert not editor.files.save()
    assert "node 0" in warnings[-1]
    editor.select((0, 1))
    form.uniform.click()
    assert form.warning.isHidden()
    assert [c.probability for c in editor.tree.node_at((0,)).children] == [0.5, 0.5]
    # The form edits the selected node: its probability and label.
    form.probability.setText("1/4")
    form.probability.editingFinished.emit()
    assert editor.tree.node_at((0, 1)).probability == 0.25
    assert not form.warning.isHidden()
    form.label.setText("B")
    form.label.editingFinished.emit()
    assert editor.tree.node_at((0, 1)).label == "B"
    assert editor.algorithm.itemData(0) is Algorithm.EXPECTIMINIMAX


def test_paste_a_nested_list_and_copy_it_back(qtbot: QtBot, editor: TreeEditor) -> None:
    clipboard = QApplication.clipboard()
    clipboard.setText(FIGURE_5_2)
    editor.acts.act_paste.trigger()
    assert same_tree(editor.tree, load_tree(FIGURE_5_2, "untitled"))
    editor.acts.act_undo.trigger()
    assert editor.tree.node_count == 2
    editor.acts.act_redo.trigger()
    clipboard.setText("")
    editor.acts.act_copy_nested.trigger()
    assert json.loads(clipboard.text()) == json.loads(FIGURE_5_2)
    editor.acts.act_copy_json.trigger()
    assert same_tree(load_tree(clipboard.text()), editor.tree)
    editor.set_kind(NodeType.CHANCE, (1,))
    clipboard.setText("unchanged")
    editor.acts.act_copy_nested.trigger()
    assert clipboard.text() == "unchanged"
    clipboard.setText("[[1, 2], [3")
    before = editor.tree
    editor.acts.act_paste.trigger()
    assert editor.tree is before


def test_recovery_after_a_kill_offers_the_edited_tree(
    qtbot: QtBot,
    window_factory: Callable[[], MainWindow],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    first = window_factory()
    first.set_mode("trees")
    first.editor.edits.replace_tree(load_tree(FIGURE_5_2, "lost work"))
    first.editor.set_label("A", ())
    recovery = tmp_path / "recovery.gtree.json"
    qtbot.waitUntil(recovery.exists, timeout=5000)
    edited = first.editor.tree
    # A kill: the window goes without asking and without removing its recovery file.
    monkeypatch.setattr(first.editor, "remove_recovery", lambda: None)
    monkeypatch.setattr(first.editor, "_ask_unsaved", lambda: "discard")
    first.close()
    assert recovery.exists()
    asked: list[bool] = []

    def answer(self: MainWindow) -> bool:
        asked.append(True)
        return True

    monkeypatch.setattr(MainWindow, "_ask_recover", answer)
    second = window_factory()
    assert asked
    assert second.mode == "trees"
    qtbot.waitUntil(lambda: not second.editor.loading, timeout=OPEN_MS)
    assert same_tree(second.editor.tree, edited)
    assert second.editor.document.dirty
    # A clean save removes the recovery file.
    monkeypatch.setattr(second.editor, "_save_file_name", lambda: str(tmp_path / "r.gtree.json"))
    assert second.editor.files.save()
    assert not recovery.exists()


@pytest.mark.parametrize("algorithm", ["minimax", "alphabeta"])
def test_comparison_counts_match_solve_json(
    qtbot: QtBot,
    window: MainWindow,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    algorithm: str,
) -> None:
    tree = random_tree(3, (2, 3), (-9, 9), seed=7)
    path = tmp_path / "t.gtree.json"
    path.write_text(dump_tree(tree))
    assert cli.main(["solve", str(path), "--algorithm", algorithm, "--json"]) in (0, None)
    solved = json.loads(capsys.readouterr().out)
    dialog = CompareDialog(tree, window)
    qtbot.addWidget(dialog)
    dialog.show()  # the searches start when it shows
    qtbot.waitUntil(lambda: bool(dialog.rows), timeout=SOLVE_MS)
    name = "minimax" if algorithm == "minimax" else "alpha-beta, drawn order"
    row = next(r for r in dialog.rows if r.name == name)
    assert row.nodes == solved["stats"]["nodes"]
    assert row.leaves == solved["stats"]["leaves"]
    assert row.pruned_subtrees == len(solved["pruned"])
    assert row.value == solved["value"]
    assert dialog.table.rowCount() == 4
    assert dialog.table.item(0, 3).text() == str(dialog.rows[0].nodes)
    dialog.close()
    # Closed without ever being shown, it still ends its thread and engine process.
    assert not dialog.thread_.isRunning()
    assert not dialog.thread_.engine.alive


@pytest.mark.parametrize(("children", "words"), [(1, "1</b> leaf ("), (2, "2</b> leaves (")])
def test_the_knuth_moore_note_counts_leaves_in_words(
    qtbot: QtBot, window: MainWindow, children: int, words: str
) -> None:
    leaves = ", ".join('{"value": 3}' for _ in range(children))
    tree = load_tree(
        '{"format": "gamesearch-tree", "version": 1, '
        f'"root": {{"type": "max", "children": [{leaves}]}}}}'
    )
    dialog = CompareDialog(tree, window)
    qtbot.addWidget(dialog)
    assert words in dialog.note.text()  # not "at least 1 leaves"
    dialog.close()


def test_the_knuth_moore_bound_is_named_in_the_legend_and_covers_no_bar(qtbot: QtBot) -> None:
    # Figure 5.2's counts: the bound (5) crosses minimax's bars, whose label's white box
    # once cut a notch in them.
    counts = [
        ("minimax", 13, 9, 0),
        ("alpha-beta, drawn order", 11, 7, 2),
        ("alpha-beta, best ordering", 9, 5, 4),
        ("alpha-beta, worst ordering", 13, 9, 0),
    ]
    rows = [
        ComparisonRow(name, Algorithm.ALPHABETA, 3, 0, nodes, leaves, pruned, 0)
        for name, nodes, leaves, pruned in counts
    ]
    chart = BarChart()
    qtbot.addWidget(chart)
    chart.resize(736, 260)  # as the dialog shows it
    chart.set_rows(rows, 5)
    assert "Knuth–Moore bound: 5 leaves" in [name for name, _colour, _dashed in chart.legend()]
    image = chart.grab().toImage()
    ground = chart.palette().base().color().rgb()
    crossed = 0
    for bar, _colour in chart.bars:
        inside = bar.toAlignedRect().adjusted(1, 1, -1, -1)  # past the antialiased edges
        pixels = [
            image.pixel(x, y)
            for x in range(inside.left(), inside.right() + 1)
            for y in range(inside.top(), inside.bottom() + 1)
        ]
        assert ground not in pixels, bar
        crossed += bar.height() > 0 and any(p != pixels[0] for p in pixels)
    assert crossed >= 4  # the bound's line is drawn across the bars taller than it


def test_random_trees_repeat_with_their_seed(qtbot: QtBot, window: MainWindow) -> None:
    dialog = RandomTreeDialog(window)
    qtbot.addWidget(dialog)
    dialog.fields.depth_box.setValue(4)
    dialog.chance.setText("2")
    dialog.fields.seed.setText("42")
    a, b = dialog.tree(), dialog.tree()
    assert same_tree(a, b) and a.has_chance and a.height == 4
    dialog.fields.seed.setText("43")
    assert not same_tree(a, dialog.tree())
    window.trees._random_dialog = lambda: a  # type: ignore[method-assign]
    window.set_mode("trees")
    window.trees.act_random.trigger()
    # The seed makes it again: it opens unchanged, and nothing asks about it until edited.
    assert window.editor.tree is a and not window.editor.document.dirty
    assert window.editor.title() == f"{a.name} (random tree)"


def test_the_random_tree_dialog_refuses_a_shape_too_big_to_draw_at_once(
    qtbot: QtBot, window: MainWindow
) -> None:
    # Found by the monkey: depth 6 with 10 children a node made a million-node tree on the
    # GUI thread, and the window froze for ten seconds making and drawing it.
    dialog = RandomTreeDialog(window)
    qtbot.addWidget(dialog)
    dialog.fields.depth_box.setValue(6)
    dialog.fields.branch_lo.setValue(10)
    dialog.fields.branch_hi.setValue(10)
    dialog.accept()  # OK: the dialog stays open and says why
    assert dialog.made is None and dialog.error.isVisibleTo(dialog)
    assert "could exceed 100,000 nodes" in dialog.error.text()
    dialog.fields.depth_box.setValue(4)  # 11,111 nodes
    assert dialog.tree().node_count == 11_111


def test_recent_files_and_drop_open(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    path = tmp_path / "fig.gtree.json"
    path.write_text(dump_tree(load_tree(FIGURE_5_2, "fig")))
    open_and_wait(qtbot, window.editor, lambda: window.open_tree_file(str(path)))
    assert window.mode == "trees" and window.editor.tree.name == "fig"
    assert window.editor.files.recent_files()[0] == str(path)
    assert "fig" in window.windowTitle()
    window.trees._fill_recent()
    assert any("fig.gtree.json" in a.text() for a in window.trees.recent_menu.actions())


def test_dropping_a_tree_file_opens_it_and_recent_files_keep_eight(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    paths = []
    for i in range(10):
        path = tmp_path / f"t{i}.gtree.json"
        path.write_text(dump_tree(load_tree(f"[[{i}, 1], [2, 3]]", f"t{i}")))
        paths.append(path)
    drop = dropped(window, paths[0])
    open_and_wait(qtbot, window.editor, lambda: window.dropEvent(drop) or True)
    assert window.mode == "trees" and window.editor.tree.name == "t0"
    for path in paths[1:]:
        open_and_wait(qtbot, window.editor, lambda p=path: window.editor.open_file(str(p)))
    recent = window.editor.files.recent_files()
    assert len(recent) == 8 and recent[0] == str(paths[-1])


def test_menu_entries_ask_for_values_evals_and_labels(
    editor: TreeEditor, monkeypatch: pytest.MonkeyPatch
) -> None:
    answers = iter(["7.5", "4", "B", "b1", "", "oops"])
    monkeypatch.setattr(editor, "_ask_text", lambda title, label, text: next(answers))
    editor.select((0,))
    editor.acts.act_value.trigger()
    assert editor.tree.node_at((0,)).value == 7.5
    editor.select(())
    editor.acts.act_eval.trigger()
    assert editor.tree.root.eval == 4
    editor.acts.act_label.trigger()
    assert editor.tree.root.label == "B"
    assert editor.canvas.tree_item.node_labels == {0: "B"}
    editor.select((0,))
    editor.acts.act_move.trigger()
    assert editor.tree.node_at((0,)).move == "b1"
    editor.select(())
    editor.acts.act_eval.trigger()  # empty: no eval
    assert editor.tree.root.eval is None
    before = editor.tree
    editor.acts.act_eval.trigger()  # not a number: refused, nothing changes
    assert editor.tree is before


def test_a_cutoff_without_evals_is_refused_with_a_message(
    qtbot: QtBot, editor: TreeEditor, warnings: list[str]
) -> None:
    editor.edits.replace_tree(load_tree(FIGURE_5_2, "untitled"))
    editor.depth_box.setValue(1)
    editor.ordering.setChecked(True)
    editor.solve()
    qtbot.waitUntil(lambda: bool(warnings), timeout=SOLVE_MS)
    assert "depth cutoff" in warnings[-1] and "'eval'" in warnings[-1]
    assert editor.stack.currentWidget() is editor.canvas
    editor.edits.set_eval(3, (0,))
    editor.edits.set_eval(2, (1,))
    editor.edits.set_eval(9, (2,))
    with qtbot.waitSignal(editor.solved, timeout=SOLVE_MS) as blocker:
        editor.solve()
    result = blocker.args[1]
    assert result.value == 9 and result.best_move == 2  # the evals decide at depth 1


def test_cancelling_the_unsaved_question_keeps_play_mode_and_the_tree(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    window.set_mode("trees")
    window.trees.act_new.trigger()
    window.editor.canvas.setFocus()
    qtbot.keyClick(window.editor.canvas, Qt.Key.Key_Insert)
    edited = window.editor.tree
    window.set_mode("play")
    monkeypatch.setattr(type(window.editor), "_ask_unsaved", lambda self: "cancel")
    assert not window.open_example(EXAMPLES[0].key)
    assert window.mode == "play"
    assert window.editor.tree is edited
    # Let the fixture close the window without asking again.
    monkeypatch.setattr(type(window.editor), "_ask_unsaved", lambda self: "discard")


def test_only_an_untitled_tree_takes_the_file_s_name(
    editor: TreeEditor, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    names = iter([str(tmp_path / "first.gtree.json"), str(tmp_path / "second.gtree.json")])
    monkeypatch.setattr(editor, "_save_file_name", lambda: next(names))
    editor.add_child(())
    assert editor.files.save_as()
    assert editor.tree.name == "first"
    assert editor.document.undo_stack.undoText() == "Name the tree"
    editor.acts.act_undo.trigger()  # the name is an edit like any other
    assert editor.tree.name == "untitled" and editor.document.dirty
    editor.acts.act_redo.trigger()
    assert editor.tree.name == "first" and not editor.document.dirty
    assert editor.files.save_as()  # a named tree keeps its name in a new file
    assert load_tree_file(tmp_path / "second.gtree.json").name == "first"


def test_best_moves_of_a_drawn_tree_go_by_their_move_names(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.trees.example_actions["figure-5-2"].trigger()
    editor = window.editor
    with qtbot.waitSignal(editor.solved, timeout=SOLVE_MS):
        editor.acts.act_solve.trigger()
    assert "best move a1 · line a1 → b1 ·" in editor.result_label.text()
    dialog = CompareDialog(editor.tree, window)
    qtbot.addWidget(dialog)
    dialog.show()  # the searches start when it shows
    qtbot.waitUntil(lambda: bool(dialog.rows), timeout=SOLVE_MS)
    headings = [dialog.table.horizontalHeaderItem(j).text() for j in range(3)]
    assert headings[2].lower().startswith("best")
    assert {dialog.table.item(i, 2).text() for i in range(dialog.table.rowCount())} == {"a1"}
    dialog.close()


@pytest.mark.parametrize(("fail_hard", "returned"), [(False, [3, 2, 2]), (True, [3, 3, 3])])
def test_solve_with_fail_hard_shows_what_each_root_child_returned(
    qtbot: QtBot, editor: TreeEditor, fail_hard: bool, returned: list[int]
) -> None:
    editor.edits.replace_tree(load_tree(FIGURE_5_2, "Figure 5.2"))
    editor.solver.set_algorithm(Algorithm.MINIMAX)
    assert not editor.fail_hard.isEnabled()
    editor.solver.set_algorithm(Algorithm.ALPHABETA)
    assert editor.fail_hard.isEnabled()
    if fail_hard:
        qtbot.mouseClick(editor.fail_hard, Qt.MouseButton.LeftButton)
    with qtbot.waitSignal(editor.solved, timeout=SOLVE_MS) as blocker:
        qtbot.mouseClick(editor.solve_button, Qt.MouseButton.LeftButton)
    request, result = blocker.args
    assert request.settings.fail_hard is fail_hard
    assert result.value == 3 and result.best_move == 0  # the same answer either way
    recording = editor.solver.solution
    assert recording is not None
    children = [n for n in range(recording.node_count) if recording.parent[n] == 0]
    assert [recording.value[n] for n in children] == returned  # what the tree draws
    convention = "fail-hard" if fail_hard else "fail-soft"
    assert f"Value 3</b> (alpha-beta, {convention})" in editor.result_label.text()
    title = editor.solution_panel.title_label.text()
    assert ("fail-hard" in title) is fail_hard
