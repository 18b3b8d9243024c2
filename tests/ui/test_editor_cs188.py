"""The editor opens UC Berkeley CS188's GraphGameTree test files (File > Open, recent
files, drag and drop): the case's tree, solved with its agent's search, never saved
over the course's file; a bad case is refused in one line that names its line."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot

from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.trees.file import load_tree_file
from gamesearch_gui.core.trees.tree import NodeType
from gamesearch_gui.ui.editor.editor import TreeEditor
from gamesearch_gui.ui.editor.files import OPEN_FILE_FILTER
from gamesearch_gui.ui.main_window import MainWindow
from tests.ui import test_editor as shared
from tests.ui.test_editor import OPEN_MS
from tests.ui.test_editor import SOLVE_MS
from tests.ui.test_editor import dropped
from tests.ui.test_editor import open_and_wait

# The editor's fixtures, shared with its other tests.
controller, store, warnings, editor = (
    shared.controller,
    shared.store,
    shared.warnings,
    shared.editor,
)

CASES = Path(__file__).parent.parent / "core" / "cs188"
TIED = CASES / "q3" / "6-tied-root.test"


def test_the_open_dialog_names_cs188_test_cases() -> None:
    assert "CS188" in OPEN_FILE_FILTER
    assert "*.test" in OPEN_FILE_FILTER.split(";;")[0]


def test_a_case_opens_as_its_tree_set_to_its_agents_search(
    qtbot: QtBot, editor: TreeEditor, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    editor.solver.set_algorithm(Algorithm.MINIMAX)
    editor.depth_box.setValue(2)
    open_and_wait(qtbot, editor, lambda: editor.open_file(str(TIED)))
    tree = editor.tree
    assert tree.name == "6-tied-root"
    assert [c.label for c in tree.root.children] == ["min1", "min2"]
    assert [c.move for c in tree.root.children] == ["Left", "Right"]
    assert editor.algorithm.currentData() is Algorithm.ALPHABETA
    assert editor.depth_box.value() == 0
    caption = editor.caption_label.text()
    assert editor.caption_label.isVisibleTo(editor)
    assert "CS188 AlphaBetaAgent, depth 3" in caption
    assert "prune on equal values" in caption
    assert editor.title() == "6-tied-root (CS188 test case)"
    assert editor.files.recent_files()[0] == str(TIED)
    # Save never writes JSON over the course's file: it asks where.
    before = TIED.read_bytes()
    target = tmp_path / "tied.gtree.json"
    asked: list[bool] = []
    monkeypatch.setattr(editor, "_save_file_name", lambda: asked.append(True) or str(target))
    assert editor.files.save()
    assert asked and TIED.read_bytes() == before
    assert load_tree_file(target).node_count == tree.node_count


@pytest.mark.parametrize(
    ("case", "algorithm", "kind"),
    [
        ("q2/7-2a-check-depth-two-ghosts.test", Algorithm.MINIMAX, NodeType.MIN),
        ("q4/4-two-ghosts-3level.test", Algorithm.EXPECTIMINIMAX, NodeType.CHANCE),
    ],
)
def test_each_agent_sets_its_search_and_ghost_levels(
    qtbot: QtBot, editor: TreeEditor, case: str, algorithm: Algorithm, kind: NodeType
) -> None:
    editor.solver.set_algorithm(Algorithm.ALPHABETA)
    open_and_wait(qtbot, editor, lambda: editor.open_file(str(CASES / case)))
    assert editor.algorithm.currentData() is algorithm
    root = editor.tree.root
    assert root.type is NodeType.MAX
    assert root.children[0].type is kind and root.children[0].children[0].type is kind
    assert "prune on equal values" not in editor.caption_label.text()


def test_solving_a_case_gives_the_autograders_action(qtbot: QtBot, editor: TreeEditor) -> None:
    open_and_wait(
        qtbot, editor, lambda: editor.open_file(str(CASES / "q3/5-two-ghosts-4level.test"))
    )
    with qtbot.waitSignal(editor.solved, timeout=SOLVE_MS) as blocker:
        editor.acts.act_solve.trigger()
    request, result = blocker.args
    assert request.settings.algorithm is Algorithm.ALPHABETA
    assert editor.tree.root.children[result.best_move].move == "Left"


def test_a_bad_case_is_refused_in_one_line_naming_its_line(
    qtbot: QtBot, editor: TreeEditor, tmp_path: Path, warnings: list[str]
) -> None:
    shown = editor.tree
    path = tmp_path / "tied.test"
    path.write_text(TIED.read_text().replace('depth: "3"', 'depth: "3"\nseed: "1"'))
    with qtbot.waitSignal(
        editor.files.loadingChanged, timeout=OPEN_MS, check_params_cb=lambda on: not on
    ):
        assert editor.open_file(str(path))
    assert warnings == [
        'tied.test, line 4: unknown field "seed" (a GraphGameTreeTest case has class, alg, '
        "depth, diagram, num_agents, start_state, win_states, lose_states, successors, "
        "evaluation)"
    ]
    assert editor.tree is shown


def test_a_case_dropped_on_the_window_opens_in_trees_mode(
    qtbot: QtBot, store: QSettings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(MainWindow, "_message", lambda self, title, html: None)
    monkeypatch.setattr(TreeEditor, "_ask_unsaved", lambda self: "discard")
    window = MainWindow(store, recovery_path=str(tmp_path / "recovery.gtree.json"))
    qtbot.addWidget(window)
    window.show()
    drop = dropped(window, TIED)
    try:
        open_and_wait(qtbot, window.editor, lambda: window.dropEvent(drop) or True)
        assert window.mode == "trees" and window.editor.tree.name == "6-tied-root"
    finally:
        window.close()
