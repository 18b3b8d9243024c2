"""Trees of n players in the window: opened, drawn, edited, saved, solved and explained
(issue 17). What is asserted is what a person sees: labels, the legend, the explanation
line, the details, the files written."""

from __future__ import annotations

import html
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMenu
from pytestqt.qtbot import QtBot

from gamesearch_gui.core.narration.facts import shown_value
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import search
from gamesearch_gui.core.search.maxn import vector_text
from gamesearch_gui.core.trees.examples import example
from gamesearch_gui.core.trees.examples import examples_folder
from gamesearch_gui.core.trees.file import load_tree_file
from gamesearch_gui.core.trees.random_tree import random_tree
from gamesearch_gui.core.trees.tree import CustomTree
from gamesearch_gui.core.trees.tree import NodeType
from gamesearch_gui.core.trees.tree import TreeGame
from gamesearch_gui.core.trees.tree import same_tree
from gamesearch_gui.paths import resource_files
from gamesearch_gui.ui.editor.editor import SHALLOW
from gamesearch_gui.ui.editor.editor import TreeEditor
from gamesearch_gui.ui.editor.random_dialog import RandomTreeDialog
from gamesearch_gui.ui.main_window import MainWindow
from gamesearch_gui.ui.palette import MIN_TEXT_PIXELS
from gamesearch_gui.ui.tree.canvas import TreeCanvas
from gamesearch_gui.ui.tree.geometry import SLOT_W

SOLVE_MS = 30_000
OPEN_MS = 10_000
FIGURE_5_4 = str(examples_folder() / "09-figure-5-4.gtree.json")


@pytest.fixture
def warnings(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    said: list[str] = []
    monkeypatch.setattr(TreeEditor, "_warn", lambda self, title, text: said.append(text))
    return said


@pytest.fixture
def editor(qtbot: QtBot, tmp_path: Path, warnings: list[str]) -> Iterator[TreeEditor]:
    store = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    made = TreeEditor(None, store, recovery_path=str(tmp_path / "recovery.gtree.json"))
    qtbot.addWidget(made)
    made.resize(1366, 700)
    made.show()
    yield made
    made.shutdown()


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path, warnings: list[str]) -> Iterator[MainWindow]:
    store = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    made = MainWindow(store, recovery_path=str(tmp_path / "recovery.gtree.json"))
    made.pace_override_ms = 0
    qtbot.addWidget(made)
    made.resize(1366, 768)
    # Set before the test ends: pytest-qt closes the window before this fixture's teardown,
    # and an edited tree would otherwise ask about its changes in a real message box.
    made.editor._ask_unsaved = lambda: "discard"  # type: ignore[method-assign]
    made.show()
    yield made
    made.close()


def open_file(qtbot: QtBot, editor: TreeEditor, path: str) -> None:
    with qtbot.waitSignal(editor.opened, timeout=OPEN_MS):
        assert editor.open_file(path)


def solve(qtbot: QtBot, editor: TreeEditor) -> None:
    with qtbot.waitSignal(editor.solved, timeout=SOLVE_MS):
        editor.acts.act_solve.trigger()


def texts_of(view: TreeCanvas, n: int) -> list[str]:
    """The texts the view draws on and just under node ``n``, as a person reads them."""
    view.viewport().repaint()
    at = view.view_point_of(n)
    return [
        t.text
        for t in view.tree_item.last_frame.placed
        if abs(t.left + t.width / 2 - at.x()) < 30 and -30 < t.top - at.y() < 50
    ]


def test_figure_5_4_opens_from_the_examples_menu_and_solves_to_1_2_6(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.trees.example_actions["figure-5-4"].trigger()
    editor = window.editor
    assert window.mode == "trees"
    assert editor.algorithm.currentData() is Algorithm.MAXN
    # Drawn: each decision has its player's letter; the legend names the players.
    assert "A" in texts_of(editor.canvas, 0)
    assert [w for _, w in editor.canvas.legend_items()][:3] == ["A", "B", "C"]
    assert ("terminal", "leaf: (A, B, C)") in editor.canvas.legend_items()
    solve(qtbot, editor)
    panel = editor.solution_panel
    assert "(1, 2, 6)" in texts_of(panel.canvas, 0)  # the root's label, under it
    assert editor.result_label.text().startswith("<b>Value (1, 2, 6)</b> · best move 0")
    assert panel.explanation.text().startswith("A picks (1, 2, 6): 1 is A's best by move 0")


def test_replay_says_whose_component_decided_and_the_details_say_why(
    qtbot: QtBot, editor: TreeEditor
) -> None:
    assert editor.open_tree(example("figure-5-4").tree())
    solve(qtbot, editor)
    panel = editor.solution_panel
    recording = editor.solver.solution
    assert recording is not None
    b = recording.path(recording.node_count - 1)[1]  # B's node after move 1
    panel.controller.seek(recording.valued_at[b] + 1)
    assert panel.explanation.text() == "B picks (1, 5, 2): 5 is B's best by move 0"
    panel.select_node(b)
    facts = html.unescape(panel.details.facts.text())
    assert "B's decision (takes the child best for B" in facts
    assert "(1, 5, 2), backed up: B picks (1, 5, 2): 5 is B's best by move 0" in facts
    assert "Alpha-beta window" not in facts  # max^n has none
    # Before B is valued its vector is not shown, nor said.
    panel.controller.seek(recording.valued_at[b])
    assert "(1, 5, 2)" not in texts_of(panel.canvas, b)


def test_paranoid_takes_the_root_player_s_side_and_says_why_it_cuts(
    qtbot: QtBot, editor: TreeEditor
) -> None:
    assert editor.open_tree(example("figure-5-4").tree())
    names = [editor.algorithm.itemText(i) for i in range(editor.algorithm.count())]
    assert names == ["Max^n", "Paranoid (A against all)", "Max^n, shallow pruning"]
    editor.solver.set_algorithm(Algorithm.PARANOID)
    solve(qtbot, editor)
    recording = editor.solver.solution
    assert recording is not None and recording.paranoid
    (cut,) = recording.cutoffs
    editor.solution_panel.controller.seek(cut.seq + 1)
    said = editor.solution_panel.explanation.text()
    assert said.startswith("B's node after 1: the others hold A to 1 here, ≤ α = 1")


def test_shallow_pruning_is_offered_only_where_the_vectors_add_up_to_a_constant(
    qtbot: QtBot, editor: TreeEditor
) -> None:
    assert editor.open_tree(example("figure-5-4").tree())
    shallow = editor.algorithm.findData(SHALLOW)
    item = editor.algorithm.model().item(shallow)  # type: ignore[attr-defined]
    assert not item.isEnabled()
    tip = editor.algorithm.itemData(shallow, Qt.ItemDataRole.ToolTipRole)
    assert "add up to 7 to 15" in tip
    assert "shallow pruning does not apply" in editor.players_form.note.text()
    # Every leaf made to add up to 9: now it applies, and it gives what max^n gives.
    tree = editor.tree
    for node in list(tree.nodes()):
        if node.type is NodeType.LEAF:
            assert node.values is not None
            a, b, _ = node.values
            editor.edits.set_values((a, b, 9 - a - b), node.path)
    assert item.isEnabled()
    assert "Every vector adds up to 9" in editor.players_form.note.text()
    results = []
    for choice in (Algorithm.MAXN, SHALLOW):
        editor.algorithm.setCurrentIndex(editor.algorithm.findData(choice))
        with qtbot.waitSignal(editor.solved, timeout=SOLVE_MS) as blocker:
            editor.solve()
        results.append(blocker.args[1])
    plain, pruned = results
    assert pruned.settings.shallow_pruning and not plain.settings.shallow_pruning
    assert (pruned.values, pruned.best_move) == (plain.values, plain.best_move)


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("1, 2", "node 0.0.0: give 3 numbers, one for each player (A, B, C)"),
        ("1, x, 2", "node 0.0.0: 'x', B's value, is not a number"),
    ],
)
def test_a_wrong_vector_is_refused_in_words_and_changes_nothing(
    editor: TreeEditor, warnings: list[str], typed: str, said: str
) -> None:
    assert editor.open_tree(example("figure-5-4").tree())
    before = editor.tree
    editor.select((0, 0, 0))
    editor.properties.value.setText(typed)
    editor.properties.value.editingFinished.emit()
    assert editor.tree is before
    assert warnings and warnings[-1].startswith(said)
    assert editor.properties.value.text() == "1, 2, 6"  # the values as they are


def test_the_menu_asks_for_one_number_per_player_and_keeps_the_answer(
    editor: TreeEditor, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Set value… and Set eval… in a tree of players ask for a vector, name the players
    and offer the node's own; the answer is the node's new vector."""
    asked: list[tuple[str, str, str]] = []
    answers = iter(["3, 3, 3", "1, 1, 7"])

    def ask(title: str, label: str, text: str) -> str:
        asked.append((title, label, text))
        return next(answers)

    monkeypatch.setattr(editor, "_ask_text", ask)
    assert editor.open_tree(example("figure-5-4").tree())
    editor.select((0, 0, 0))
    editor.acts.act_value.trigger()
    editor.select((0,))
    editor.acts.act_eval.trigger()
    assert asked == [
        ("Set values", "Leaf values, one for each player (A, B, C):", "1, 2, 6"),
        (
            "Set evals",
            "Evals for depth cutoffs, one for each player (A, B, C; empty: none):",
            "",
        ),
    ]
    assert editor.tree.node_at((0, 0, 0)).values == (3, 3, 3)
    assert editor.tree.node_at((0,)).evals == (1, 1, 7)


def test_a_leaf_s_vector_is_typed_in_the_form_and_on_the_tree(
    qtbot: QtBot, editor: TreeEditor
) -> None:
    assert editor.open_tree(example("figure-5-4").tree())
    editor.select((0, 0, 0))
    assert editor.properties.value_label.text() == "Values"
    editor.properties.value.setText("(3, 2, 1)")
    editor.properties.value.editingFinished.emit()
    assert editor.tree.node_at((0, 0, 0)).values == (3, 2, 1)
    editor.select((1, 1, 1))
    editor.canvas.setFocus()
    qtbot.keyClicks(editor.canvas, "4, 4, 4")
    qtbot.keyClick(editor.canvas, Qt.Key.Key_Return)
    assert editor.tree.node_at((1, 1, 1)).values == (4, 4, 4)
    assert "(4, 4, 4)" in texts_of(editor.canvas, editor.drawing.index[(1, 1, 1)])


def test_players_are_named_in_the_form_and_decisions_chosen_in_the_kind_list(
    editor: TreeEditor, warnings: list[str]
) -> None:
    editor.add_child(())
    form = editor.players_form
    assert form.names.text() == "MAX, MIN"
    form.names.setText("Ann, Bob, Cy")
    form.apply()
    tree = editor.tree
    assert tree.players == ("Ann", "Bob", "Cy") and tree.root.player == 0
    kinds = [editor.properties.kind.itemText(i) for i in range(editor.properties.kind.count())]
    assert kinds[:3] == ["Ann's decision", "Bob's decision", "Cy's decision"]
    editor.select(())
    editor.properties.kind.setCurrentIndex(2)
    editor.properties.kind.activated.emit(2)
    assert editor.tree.root.player == 2
    assert [w for _, w in editor.canvas.legend_items()][:3] == ["A: Ann", "B: Bob", "C: Cy"]
    form.names.setText("Ann, Bob")
    form.apply()
    assert editor.tree.players == ("Ann", "Bob", "Cy")
    assert "three or more" in warnings[-1]
    assert form.names.text() == "Ann, Bob, Cy"
    editor.document.undo_stack.undo()
    editor.document.undo_stack.undo()
    assert not editor.tree.players  # undo brings MAX and MIN back
    assert not editor.canvas.legend_items() or not editor.canvas.strips.legend.isVisible()


def test_a_version_2_file_round_trips_through_the_editor(
    qtbot: QtBot, editor: TreeEditor, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    open_file(qtbot, editor, FIGURE_5_4)
    assert same_tree(editor.tree, load_tree_file(FIGURE_5_4))
    saved = tmp_path / "copy.gtree.json"
    monkeypatch.setattr(editor, "_save_file_name", lambda: str(saved))
    assert editor.files.save_as()
    document = json.loads(saved.read_text(encoding="utf-8"))
    assert document["version"] == 2 and document["players"] == ["A", "B", "C"]
    assert same_tree(load_tree_file(saved), load_tree_file(FIGURE_5_4))
    # An edit made in the editor is in the file, read back the same.
    editor.edits.set_values((2, 2, 2), (1, 1, 0))
    assert editor.files.save()
    assert load_tree_file(saved).node_at((1, 1, 0)).values == (2, 2, 2)
    open_file(qtbot, editor, str(saved))
    assert same_tree(editor.tree, load_tree_file(saved))


def test_a_version_1_file_loads_unchanged_and_is_saved_as_version_1(
    qtbot: QtBot, editor: TreeEditor, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    figure_5_2 = str(resource_files() / "trees" / "figure-5-2.gtree.json")
    open_file(qtbot, editor, figure_5_2)
    tree: CustomTree = editor.tree
    assert not tree.players and tree.root.type is NodeType.MAX
    assert same_tree(tree, load_tree_file(figure_5_2))
    assert not editor.canvas.strips.legend.isVisible()  # a drawing of MAX and MIN: no legend
    names = [editor.algorithm.itemText(i) for i in range(editor.algorithm.count())]
    assert names == ["Minimax", "Alpha-beta"]
    saved = tmp_path / "again.gtree.json"
    monkeypatch.setattr(editor, "_save_file_name", lambda: str(saved))
    assert editor.files.save_as()
    assert json.loads(saved.read_text(encoding="utf-8"))["version"] == 1
    assert same_tree(load_tree_file(saved), load_tree_file(figure_5_2))


def test_comparing_searches_on_a_tree_of_players_is_refused_in_words(
    window: MainWindow, warnings: list[str]
) -> None:
    window.trees.example_actions["figure-5-4"].trigger()
    window.trees.act_compare.trigger()
    assert "this tree has players (A, B, C)" in warnings[-1]


def test_an_exported_picture_of_a_tree_of_players_has_their_legend(
    qtbot: QtBot, editor: TreeEditor, tmp_path: Path
) -> None:
    assert editor.open_tree(example("figure-5-4").tree())
    solve(qtbot, editor)
    picture = tmp_path / "figure.svg"
    editor.solution_panel.canvas.export_svg(str(picture))
    text = picture.read_text(encoding="utf-8")
    assert "leaf: (A, B, C)" in text and "(1, 2, 6)" in text
    assert ">MAX<" not in text


def _entries(menu: QMenu) -> list[str]:
    """A menu's entries as a person reads them ("—" for a separator, the key after a tab)."""
    return ["—" if a.isSeparator() else a.text() for a in menu.actions()]


def test_the_kind_menus_list_each_player_s_decision_checked_for_the_node(
    window: MainWindow,
) -> None:
    window.trees.example_actions["figure-5-4"].trigger()
    editor = window.editor
    editor.select((1,))  # B's node after move 1
    node_menu = next(a.menu() for a in window.trees.edit_menu.actions() if a.text() == "&Node")
    kind = next(a.menu() for a in node_menu.actions() if a.text() == "&Kind")
    context = editor.canvas.context_menu(editor.drawing.index[(1,)])
    assert context is not None
    context_kind = next(a.menu() for a in context.actions() if a.text() == "Kind")
    expected = [
        "A's decision",
        "B's decision",
        "C's decision",
        "—",
        "Next player's decision\tP",
        "Previous player's decision\tShift+P",
        "—",
        "Chance\tC",
        "Leaf\tL",
    ]
    for menu in (kind, context_kind):
        assert _entries(menu) == expected
        checked = [a.text() for a in menu.actions() if a.isChecked()]
        assert checked == ["B's decision"]
        assert all(a.isEnabled() for a in menu.actions() if not a.isSeparator())
    context.deleteLater()
    # Chosen from the menu: C's decision, one step Undo takes back.
    editor.acts.act_players[2].trigger()
    assert editor.tree.node_at((1,)).player == 2
    assert window.trees.act_undo.text() == "&Undo Make it C's"
    assert [a.text() for a in kind.actions() if a.isChecked()] == ["C's decision"]
    window.trees.act_undo.trigger()
    assert editor.tree.node_at((1,)).player == 1
    window.trees.act_redo.trigger()
    assert editor.tree.node_at((1,)).player == 2
    # The same player again is no edit, and its entry stays checked.
    steps = editor.document.undo_stack.count()
    editor.acts.act_players[2].trigger()
    assert editor.document.undo_stack.count() == steps
    assert editor.acts.act_players[2].isChecked()


def test_the_kind_menu_follows_the_players_as_they_change(
    window: MainWindow,
) -> None:
    window.set_mode("trees")
    editor = window.editor
    editor.add_child(())
    kind = editor.kind_menu
    assert _entries(kind) == ["MAX\tM", "MIN\tN", "Chance\tC", "Leaf\tL"]
    editor.edits.set_players(["Ann", "Bob", "Cy", "Di"])
    assert _entries(kind)[:4] == [
        "Ann's decision",
        "Bob's decision",
        "Cy's decision",
        "Di's decision",
    ]
    assert "Leaf\tL" in _entries(kind) and "MAX\tM" not in _entries(kind)
    editor.edits.set_players(["Ann", "Bob", "Eve", "Di"])  # renamed
    assert _entries(kind)[2] == "Eve's decision"
    editor.edits.set_players(["Ann", "Bob", "Eve"])  # Di removed: her entry goes
    assert _entries(kind)[:4] == ["Ann's decision", "Bob's decision", "Eve's decision", "—"]
    editor.select(())
    editor.acts.act_players[2].trigger()
    assert editor.tree.root.player == 2
    for _ in range(3):
        editor.document.undo_stack.undo()
    assert len(editor.tree.players) == 4
    assert _entries(kind)[3] == "Di's decision"
    editor.document.undo_stack.undo()
    editor.document.undo_stack.undo()
    assert not editor.tree.players  # MAX and MIN again, and their entries
    assert _entries(kind) == ["MAX\tM", "MIN\tN", "Chance\tC", "Leaf\tL"]
    assert editor.acts.act_kinds[NodeType.MAX].isChecked()


def test_p_and_shift_p_step_round_the_players_and_the_keys_say_so(
    qtbot: QtBot, editor: TreeEditor
) -> None:
    assert "<b>M N C L</b>" in editor.keys_help.text()
    assert editor.open_tree(example("figure-5-4").tree())
    help_text = editor.keys_help.text()
    assert "<b>P</b> / <b>Shift+P</b> the next / previous player's decision" in help_text
    assert "M N" not in help_text
    editor.select((0,))  # B's
    editor.canvas.setFocus()
    qtbot.keyClick(editor.canvas, Qt.Key.Key_P)
    assert editor.tree.node_at((0,)).player == 2  # C's
    qtbot.keyClick(editor.canvas, Qt.Key.Key_P)
    assert editor.tree.node_at((0,)).player == 0  # round the table to A
    qtbot.keyClick(editor.canvas, Qt.Key.Key_P, Qt.KeyboardModifier.ShiftModifier)
    assert editor.tree.node_at((0,)).player == 2
    # A leaf given children by P: the player in turn there (C's node above: A).
    editor.select((0, 0, 0))
    qtbot.keyClick(editor.canvas, Qt.Key.Key_P)
    grown = editor.tree.node_at((0, 0, 0))
    assert grown.type is NodeType.PLAYER and grown.player == 0
    assert grown.children[0].values == (1, 2, 6)
    # Each key press one step of Undo.
    for _ in range(4):
        editor.document.undo_stack.undo()
    assert same_tree(editor.tree, example("figure-5-4").tree())


def test_m_and_n_in_a_tree_of_players_say_what_to_press_instead(
    qtbot: QtBot, editor: TreeEditor, warnings: list[str]
) -> None:
    assert editor.open_tree(example("figure-5-4").tree())
    before = editor.tree
    editor.canvas.setFocus()
    with qtbot.waitSignal(editor.message) as said:
        qtbot.keyClick(editor.canvas, Qt.Key.Key_M)
    assert "P gives the node to the next player" in said.args[0]
    assert editor.tree is before and not warnings  # no edit, no dialog


def test_a_random_tree_of_players_from_the_dialog_opens_and_solves_with_shallow_pruning(
    qtbot: QtBot, window: MainWindow
) -> None:
    dialog = RandomTreeDialog(window)
    qtbot.addWidget(dialog)
    assert not dialog.constant_box.isEnabled()  # two players: MAX and MIN, zero-sum
    dialog.fields.depth_box.setValue(3)
    dialog.fields.branch_lo.setValue(3)
    dialog.fields.branch_hi.setValue(4)
    dialog.value_lo.setValue(0)
    dialog.value_hi.setValue(10)
    dialog.players_box.setValue(3)
    dialog.constant_box.setChecked(True)
    dialog.sum_box.setValue(10)
    dialog.fields.seed.setText("7")
    dialog.accept()
    made = dialog.made
    assert made is not None and made.players == ("A", "B", "C") and made.constant_sum == 10
    assert same_tree(made, dialog.tree())  # the same seed, the same tree
    window.trees._random_dialog = lambda: made  # type: ignore[method-assign]
    window.set_mode("trees")
    window.trees.act_random.trigger()
    editor = window.editor
    assert editor.tree is made and editor.title() == "random, 3 players (seed 7) (random tree)"
    assert [w for _, w in editor.canvas.legend_items()][:3] == ["A", "B", "C"]
    assert "Every vector adds up to 10" in editor.players_form.note.text()
    editor.algorithm.setCurrentIndex(editor.algorithm.findData(SHALLOW))
    with qtbot.waitSignal(editor.solved, timeout=SOLVE_MS) as blocker:
        editor.solve()
    result = blocker.args[1]
    plain = search(TreeGame(made), made.root, SearchSettings(Algorithm.MAXN))
    assert (result.values, result.best_move) == (plain.values, plain.best_move)
    assert result.stats.cutoffs > 0 and result.stats.nodes < plain.stats.nodes
    assert editor.result_label.text().startswith(f"<b>Value {vector_text(plain.values)}</b>")


def test_the_random_tree_dialog_says_when_the_values_cannot_add_up(
    qtbot: QtBot, window: MainWindow
) -> None:
    dialog = RandomTreeDialog(window)
    qtbot.addWidget(dialog)
    dialog.players_box.setValue(4)
    dialog.constant_box.setChecked(True)
    dialog.sum_box.setValue(50)  # four values from -10 to 10 add up to 40 at most
    dialog.accept()  # OK: the dialog stays open and says why
    assert dialog.made is None and dialog.error.isVisibleTo(dialog)
    assert dialog.error.text() == "4 numbers from -10 to 10 add up to -40 to 40, never to 50."
    dialog.players_box.setValue(2)  # MAX and MIN: no sum asked, the tree is made
    assert not dialog.constant_box.isEnabled() and not dialog.error.isVisibleTo(dialog)
    dialog.accept()
    assert dialog.made is not None and not dialog.made.players


def drawn_vectors(view: TreeCanvas) -> dict[int, tuple[float, ...]]:
    """Each node's vector as the view draws it (on one line, or as a column of its
    numbers), for the nodes whose vector is drawn under them, within half a slot."""
    view.viewport().repaint()
    item = view.tree_item
    recording = item.model.recording
    assert recording is not None
    half_slot = view.transform().m11() * SLOT_W / 2
    drawn: dict[int, tuple[float, ...]] = {}
    for n in recording.vectors:
        at = view.view_point_of(n)
        for t in item.last_frame.placed:
            numbers = t.text.strip("()").replace(",", " ").split()
            if (
                t.px >= MIN_TEXT_PIXELS
                and abs(t.left + t.width / 2 - at.x()) <= half_slot
                and 0 < t.top - at.y() < 40
                and all(part.lstrip("−").isdigit() for part in numbers)
            ):
                drawn[n] = tuple(float(part.replace("−", "-")) for part in numbers)
    return drawn


@pytest.mark.parametrize("size", [(1366, 768), (1920, 1080)])
def test_every_vector_of_a_fitted_tree_of_36_leaves_is_readable_at_first_sight(
    qtbot: QtBot, window: MainWindow, size: tuple[int, int]
) -> None:
    window.resize(*size)
    window.set_mode("trees")
    editor = window.editor
    # Three players, depth 3, three or four moves a node: 36 leaves.
    tree = random_tree(3, (3, 4), (0, 10), players=3, constant_sum=10, seed=15)
    assert sum(1 for node in tree.nodes() if node.type is NodeType.LEAF) == 36
    assert editor.open_tree(tree)
    qtbot.wait(50)  # the window laid out at its size, the drawing fitted to it
    editor.canvas.fit_all()
    leaves = {
        n: tuple(float(v) for v in node.values or ())
        for node, n in ((tree.node_at(p), n) for p, n in editor.drawing.index.items())
        if node.type is NodeType.LEAF
    }
    drawn = drawn_vectors(editor.canvas)
    assert {n: drawn.get(n) for n in leaves} == leaves  # the drawing: every leaf's vector
    solve(qtbot, editor)
    solved = editor.solution_panel.canvas
    recording = editor.solver.solution
    assert recording is not None
    assert drawn_vectors(solved) == {n: tuple(v) for n, v in recording.vectors.items()}


@pytest.mark.parametrize("size", [(1366, 768), (1920, 1080)])
def test_every_value_of_a_fitted_two_player_tree_of_39_leaves_is_readable_at_first_sight(
    qtbot: QtBot, window: MainWindow, size: tuple[int, int]
) -> None:
    # As a tree of players' vectors are: at 1366x768 the solved tree's values were too
    # small for the zoom, and not one number was drawn in it.
    window.resize(*size)
    window.set_mode("trees")
    editor = window.editor
    tree = random_tree(3, (3, 4), (-9, 9), seed=15)
    assert sum(1 for node in tree.nodes() if node.type is NodeType.LEAF) == 39
    assert editor.open_tree(tree)
    qtbot.wait(50)
    solve(qtbot, editor)
    solved = editor.solution_panel.canvas
    solved.fit_all()
    recording = editor.solver.solution
    assert recording is not None
    solved.viewport().repaint()
    half_slot = solved.transform().m11() * SLOT_W / 2
    placed = solved.tree_item.last_frame.placed
    for n in range(len(recording.value)):
        at = solved.view_point_of(n)
        # In its shape, or just under it, at a readable size.
        drawn = [
            t.text
            for t in placed
            if t.px >= MIN_TEXT_PIXELS
            and abs(t.left + t.width / 2 - at.x()) <= half_slot
            and -20 < t.top - at.y() < 30
        ]
        # A bound as one ("≥ 2"; "≥2" where only that fits in the shape).
        shown = {shown_value(recording, n), shown_value(recording, n, sep="")}
        assert shown & set(drawn), (n, drawn)
    if size == (1366, 768):
        # The minimap draws the same tree as its shape: there, nothing too small is raised.
        with solved.tree_item.overview():
            solved.viewport().repaint()
            assert solved.tree_item.last_frame.placed == []
