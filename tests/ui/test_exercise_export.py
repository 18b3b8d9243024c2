"""Exercise sheets and answer keys as PDF and SVG, and the dialog that exports a set."""

from __future__ import annotations

import os
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pypdf
import pytest
from PySide6.QtCore import QRectF
from PySide6.QtCore import QTimer
from PySide6.QtGui import QColor
from PySide6.QtGui import QImage
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from gamesearch_gui.core.exercises.exercise import CUSTOM
from gamesearch_gui.core.exercises.exercise import DIFFICULTIES
from gamesearch_gui.core.exercises.exercise import MAX_RANDOM_LEAVES
from gamesearch_gui.core.exercises.exercise import AnswerKey
from gamesearch_gui.core.exercises.exercise import Difficulty
from gamesearch_gui.core.exercises.exercise import Exercise
from gamesearch_gui.core.exercises.exercise import Task
from gamesearch_gui.core.exercises.exercise import exercise_set
from gamesearch_gui.core.exercises.exercise import make_exercise
from gamesearch_gui.core.exercises.exercise import solve_exercise
from gamesearch_gui.core.trees.examples import example
from gamesearch_gui.core.trees.random_tree import random_tree
from gamesearch_gui.ui.exercise.export import A4
from gamesearch_gui.ui.exercise.export import MIN_VALUE_PT
from gamesearch_gui.ui.exercise.export import ExportError
from gamesearch_gui.ui.exercise.export import ExportSteps
from gamesearch_gui.ui.exercise.export import export_exercises
from gamesearch_gui.ui.exercise.export import export_paths
from gamesearch_gui.ui.exercise.export import page_size
from gamesearch_gui.ui.exercise.export import page_title
from gamesearch_gui.ui.exercise.export import render_page
from gamesearch_gui.ui.exercise.export import value_points
from gamesearch_gui.ui.exercise.export_dialog import ExportSetDialog
from gamesearch_gui.ui.exercise.view import BLANK

SVG = "{http://www.w3.org/2000/svg}"
#: A node's value as the tree writes it: "3", "−2", "0", "7.6".
VALUE = re.compile(r"^\u2212?\d+(\.\d+)?$")


@pytest.fixture(scope="module")
def figure() -> tuple[Exercise, AnswerKey]:
    exercise = make_exercise(example("figure-5-2").tree(), Task.ALPHABETA)
    return exercise, solve_exercise(exercise)


def svg_texts(path: str | Path) -> list[str]:
    """Every text element's text, in order (the file must be well-formed XML)."""
    root = ET.parse(path).getroot()
    assert root.tag == f"{SVG}svg"
    return ["".join(t.itertext()).strip() for t in root.iter(f"{SVG}text")]


def solved(exercises: list[Exercise]) -> list[tuple[Exercise, AnswerKey]]:
    return [(e, solve_exercise(e)) for e in exercises]


def pdf_text(reader: pypdf.PdfReader, page: int) -> str:
    return " ".join(reader.pages[page].extract_text().split())


# -- file names --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("base", "sheet", "key"),
    [
        ("/x/week3.pdf", "/x/week3-sheet.pdf", "/x/week3-key.pdf"),
        ("/x/week3.svg", "/x/week3-sheet.svg", "/x/week3-key.svg"),
        ("/x/week3", "/x/week3-sheet.pdf", "/x/week3-key.pdf"),
        ("/x/week3-sheet.pdf", "/x/week3-sheet.pdf", "/x/week3-key.pdf"),
        ("/x/week3-key.svg", "/x/week3-sheet.svg", "/x/week3-key.svg"),
        ("/x/Week3.PDF", "/x/Week3-sheet.pdf", "/x/Week3-key.pdf"),
        ("/x/week.3", "/x/week.3-sheet.pdf", "/x/week.3-key.pdf"),
        ("week3.pdf", "week3-sheet.pdf", "week3-key.pdf"),
    ],
)
def test_export_paths(base: str, sheet: str, key: str) -> None:
    assert export_paths(base) == (sheet, key)


# -- SVG -----------------------------------------------------------------------------------


def test_svg_sheet_and_key_show_the_tree(
    qtbot: QtBot, tmp_path: Path, figure: tuple[Exercise, AnswerKey]
) -> None:
    sheet_path, key_path = export_paths(str(tmp_path / "fig.svg"))
    written = export_exercises([figure], sheet_path, key_path, heading="Week 3 · seed 1")
    assert written == [sheet_path, key_path]
    sheet, key = svg_texts(sheet_path), svg_texts(key_path)

    title = page_title(figure[0])
    assert title == "Figure 5.2 — Alpha-beta pruning"
    leaves = ["3", "12", "8", "2", "4", "6", "14", "5", "2"]
    for texts in (sheet, key):
        assert title in texts
        assert "Week 3 · seed 1" in texts
        assert {"A", "B", "C", "D"} <= set(texts)  # the inner nodes' names
        values = [t for t in texts if VALUE.match(t)]
        for leaf in set(leaves):
            assert values.count(leaf) >= leaves.count(leaf)
    # The sheet: the leaves' values only, blanks for α and β, a line for the name.
    assert sorted(t for t in sheet if VALUE.match(t)) == sorted(leaves)
    assert sheet.count(f"α {BLANK}") == sheet.count(f"β {BLANK}") == 4
    assert not [t for t in sheet if re.match(r"^[αβ] [+\u2212\d]", t)]
    assert "Name:" in sheet
    assert not any("root" in t for t in sheet)
    # The key: the inner nodes' values too (A 3, B 3, C 2, D 2), α and β, what is cut.
    assert sorted(t for t in key if VALUE.match(t)) == sorted([*leaves, "3", "3", "2", "2"])
    assert {"α 3", "β 5", "β 3", "α \u2212∞", "β +∞"} <= set(key)
    assert f"α {BLANK}" not in key
    assert "Name:" not in key
    assert "ANSWER KEY" in key
    assert "Value of the root: 3" in key
    assert "Never searched (2): leaf after a2 c2; leaf after a2 c3" in key
    # C and D are cut short: their 2s are only upper bounds (the line may wrap).
    assert "Only bounds (cut short): MIN node C ≤ 2; MIN node D ≤ 2" in " ".join(key)


def test_svg_page_is_a4(tmp_path: Path, qtbot: QtBot, figure: tuple[Exercise, AnswerKey]) -> None:
    sheet, key = export_paths(str(tmp_path / "fig.svg"))
    export_exercises([figure], sheet, key)
    root = ET.parse(sheet).getroot()
    assert root.get("width", "").endswith("mm")
    width, height = (float(root.get(a, "0").removesuffix("mm")) for a in ("width", "height"))
    assert (round(width), round(height)) == (210, 297)


def test_several_exercises_as_svg_are_numbered_files(qtbot: QtBot, tmp_path: Path) -> None:
    pairs = solved(exercise_set("7", 3, DIFFICULTIES["Easy"], Task.MINIMAX))
    sheet, key = export_paths(str(tmp_path / "set.svg"))
    written = export_exercises(pairs, sheet, key)
    names = [os.path.basename(p) for p in written]
    assert names == [
        "set-sheet-01.svg",
        "set-sheet-02.svg",
        "set-sheet-03.svg",
        "set-key-01.svg",
        "set-key-02.svg",
        "set-key-03.svg",
    ]
    assert sorted(os.listdir(tmp_path)) == sorted(names)  # no temporary files left
    for i in range(3):
        texts = svg_texts(written[i])
        assert f"Exercise {i + 1} — Minimax values" in texts
        assert not any(t.startswith("α") for t in svg_texts(written[3 + i]))  # minimax: no α/β


# -- PDF -----------------------------------------------------------------------------------


def test_pdf_has_a_page_per_exercise(qtbot: QtBot, tmp_path: Path) -> None:
    pairs = solved(exercise_set("42", 3, DIFFICULTIES["Medium"], Task.ALPHABETA))
    sheet, key = export_paths(str(tmp_path / "week3.pdf"))
    assert export_exercises(pairs, sheet, key, heading="week3 · seed 42") == [sheet, key]
    for path in (sheet, key):
        data = Path(path).read_bytes()
        assert data.startswith(b"%PDF")
        assert b"%%EOF" in data[-32:]
        assert len(re.findall(rb"/Type\s*/Page\b(?!s)", data)) == 3
        reader = pypdf.PdfReader(path)
        assert len(reader.pages) == 3
        for i, page in enumerate(reader.pages):
            box = page.mediabox
            assert sorted((round(float(box.width)), round(float(box.height)))) == [595, 842]
            text = pdf_text(reader, i)
            assert f"Exercise {i + 1} — Alpha-beta pruning" in text
            assert "week3 · seed 42" in text
            assert "Run alpha-beta" in text
            words = set(text.split())
            assert {"A", "B", "C", "D"} <= words
    sheet_text = pdf_text(pypdf.PdfReader(sheet), 0)
    key_text = pdf_text(pypdf.PdfReader(key), 0)
    assert "Name:" in sheet_text and "Value of the root" not in sheet_text
    root = pairs[0][1].value
    assert f"Value of the root: {root:g}" in key_text
    assert "Source: random tree (depth 3, 2–3 children), seed 42-1" in key_text


def test_a_wide_tree_gets_a_landscape_page(qtbot: QtBot, tmp_path: Path) -> None:
    hard = exercise_set("4821", 1, DIFFICULTIES["Hard"], Task.ALPHABETA)[0]
    figure = make_exercise(example("figure-5-2").tree(), Task.ALPHABETA)
    assert page_size(figure) == A4
    assert page_size(hard) == A4.transposed()
    pairs = [(figure, solve_exercise(figure)), (hard, solve_exercise(hard))]
    sheet, key = export_paths(str(tmp_path / "mixed.pdf"))
    export_exercises(pairs, sheet, key)
    boxes = [p.mediabox for p in pypdf.PdfReader(sheet).pages]
    assert [float(b.width) < float(b.height) for b in boxes] == [True, False]


def test_render_page_draws_on_white(qtbot: QtBot, figure: tuple[Exercise, AnswerKey]) -> None:
    for key in (None, figure[1]):
        image = QImage(595, 842, QImage.Format.Format_ARGB32)
        image.fill(QColor("red"))
        painter = QPainter(image)
        render_page(painter, QRectF(0, 0, 595, 842), figure[0], key, heading="h")
        painter.end()
        assert image.pixelColor(2, 2) == QColor("white")
        dark = sum(
            1
            for y in range(0, 842, 3)
            for x in range(0, 595, 3)
            if image.pixelColor(x, y).lightness() < 128
        )
        assert dark > 200  # text and tree


# -- files that cannot be written ----------------------------------------------------------


def test_unwritable_destinations_raise_a_clear_oserror(
    qtbot: QtBot, tmp_path: Path, figure: tuple[Exercise, AnswerKey]
) -> None:
    a_file = tmp_path / "notes.txt"
    a_file.write_text("x")
    for base, reason in (
        (a_file / "set.pdf", "is a file, not a folder"),
        (tmp_path / "missing" / "set.svg", "does not exist"),
    ):
        sheet, key = export_paths(str(base))
        with pytest.raises(OSError, match=f"^Could not write .*: .*{reason}"):
            export_exercises([figure], sheet, key)
    (tmp_path / "set-key.pdf").mkdir()  # the key's name is taken by a folder
    sheet, key = export_paths(str(tmp_path / "set.pdf"))
    with pytest.raises(OSError, match="it is a folder"):
        export_exercises([figure], sheet, key)
    assert not os.path.exists(sheet)  # checked before anything is written
    assert sorted(os.listdir(tmp_path)) == ["notes.txt", "set-key.pdf"]


def test_an_existing_file_is_replaced(
    qtbot: QtBot, tmp_path: Path, figure: tuple[Exercise, AnswerKey]
) -> None:
    sheet, key = export_paths(str(tmp_path / "set.pdf"))
    Path(sheet).write_text("old")
    export_exercises([figure], sheet, key)
    assert Path(sheet).read_bytes().startswith(b"%PDF")
    assert sorted(os.listdir(tmp_path)) == ["set-key.pdf", "set-sheet.pdf"]


# -- the dialog ------------------------------------------------------------------------------


def make_dialog(qtbot: QtBot) -> ExportSetDialog:
    dialog = ExportSetDialog()
    qtbot.addWidget(dialog)
    return dialog


def run_export(
    qtbot: QtBot, dialog: ExportSetDialog, seed: str, base: Path, count: int = 2
) -> list[str]:
    with qtbot.waitSignal(dialog.exported, timeout=30_000) as blocker:
        dialog.export(seed, count, DIFFICULTIES["Medium"], Task.ALPHABETA, str(base))
    files = blocker.args[0]
    assert isinstance(files, list)
    return files


def test_the_same_seed_gives_the_same_files(qtbot: QtBot, tmp_path: Path) -> None:
    dialog = make_dialog(qtbot)
    for folder in "abc":
        (tmp_path / folder).mkdir()
    first = run_export(qtbot, dialog, "1234", tmp_path / "a" / "set.svg")
    second = run_export(qtbot, dialog, "1234", tmp_path / "b" / "set.svg")
    other = run_export(qtbot, dialog, "1235", tmp_path / "c" / "set.svg")
    assert [os.path.basename(p) for p in first] == [
        "set-sheet-01.svg",
        "set-sheet-02.svg",
        "set-key-01.svg",
        "set-key-02.svg",
    ]
    assert [os.path.basename(p) for p in second] == [os.path.basename(p) for p in first]
    for a, b in zip(first, second, strict=True):
        assert Path(a).read_bytes() == Path(b).read_bytes()
    for a, c in zip(first, other, strict=True):
        assert Path(a).read_bytes() != Path(c).read_bytes()
        # Not only the heading: the trees differ.
        assert [t for t in svg_texts(a) if "seed" not in t] != [
            t for t in svg_texts(c) if "seed" not in t
        ]
    assert "set-sheet-01.svg" in dialog.status.text()
    assert "Wrote 4 files" in dialog.status.text()
    assert "set · seed 1234" in svg_texts(first[0])


def test_dialog_writes_pdf(qtbot: QtBot, tmp_path: Path) -> None:
    dialog = make_dialog(qtbot)
    files = run_export(qtbot, dialog, "99", tmp_path / "week3", count=3)
    assert files == [str(tmp_path / "week3-sheet.pdf"), str(tmp_path / "week3-key.pdf")]
    for path in files:
        assert len(pypdf.PdfReader(path).pages) == 3
    assert not dialog.running


@pytest.mark.parametrize("where", ["inside a file", "missing folder"])
def test_dialog_reports_an_unwritable_destination(qtbot: QtBot, tmp_path: Path, where: str) -> None:
    (tmp_path / "file.txt").write_text("x")
    base = tmp_path / ("file.txt" if where == "inside a file" else "nowhere") / "set.pdf"
    dialog = make_dialog(qtbot)
    exported: list[object] = []
    dialog.exported.connect(exported.append)
    with qtbot.waitSignal(dialog.failed, timeout=30_000) as blocker:
        dialog.export("5", 2, DIFFICULTIES["Easy"], Task.MINIMAX, str(base))
    message = blocker.args[0]
    assert message.startswith(f"Could not write {base.parent}")
    assert "\n" not in message and "Traceback" not in message
    assert dialog.status.text() == message
    assert dialog.export_button.isEnabled()
    assert not exported
    assert sorted(os.listdir(tmp_path)) == ["file.txt"]


def test_dialog_reports_a_difficulty_it_cannot_make(qtbot: QtBot, tmp_path: Path) -> None:
    dialog = make_dialog(qtbot)
    with qtbot.waitSignal(dialog.failed) as blocker:
        dialog.export("5", 2, Difficulty(6, (2, 5)), Task.MINIMAX, str(tmp_path / "x.pdf"))
    assert blocker.args[0] == (
        "Cannot make the exercises: depth 6 with at least 2 children makes at least 64 "
        "leaves; a random exercise has at most 32"
    )
    with qtbot.waitSignal(dialog.failed, timeout=30_000) as blocker:
        dialog.export("5", 0, DIFFICULTIES["Easy"], Task.MINIMAX, str(tmp_path / "x.pdf"))
    assert blocker.args[0] == "Cannot make the exercises: a set has 1 to 200 exercises, not 0"
    assert os.listdir(tmp_path) == []


def test_closing_mid_run_stops_the_thread(qtbot: QtBot, tmp_path: Path) -> None:
    dialog = make_dialog(qtbot)
    dialog.show()
    exported: list[object] = []
    dialog.exported.connect(exported.append)
    dialog.export("big", 100, DIFFICULTIES["Hard"], Task.ALPHABETA, str(tmp_path / "s.pdf"))
    assert dialog.running
    dialog.close()
    assert not dialog.running
    qtbot.wait(50)  # anything the stopped thread sent is ignored
    assert not exported
    assert os.listdir(tmp_path) == []


def test_the_dialog_answers_while_the_pages_are_written(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A hundred exercises are two hundred pages, seconds of drawing on a busy machine:
    # the window's events are handled between pages, and the dialog says how far it is.
    monkeypatch.setattr("gamesearch_gui.ui.exercise.export_dialog.WRITE_SLICE", 0.0)
    dialog = make_dialog(qtbot)
    dialog.show()
    seen: list[tuple[str, bool]] = []
    ticks = QTimer(dialog)
    ticks.setInterval(0)
    ticks.timeout.connect(
        lambda: seen.append((dialog.status.text(), dialog.export_button.isEnabled()))
    )
    ticks.start()
    files = run_export(qtbot, dialog, "live", tmp_path / "set.pdf", count=4)
    ticks.stop()
    writing = [(text, enabled) for text, enabled in seen if text.startswith("Writing page")]
    assert writing[0] == ("Writing page 2 of 8…", False)
    assert ("Writing page 8 of 8…", False) in writing
    assert not any(enabled for _, enabled in writing)  # one export at a time
    assert dialog.export_button.isEnabled()
    assert dialog.status.text().startswith("Wrote 2 files")
    assert [len(pypdf.PdfReader(path).pages) for path in files] == [4, 4]


@pytest.mark.parametrize("suffix", [".pdf", ".svg"])
def test_closing_while_the_pages_are_written_keeps_the_older_files(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, suffix: str
) -> None:
    monkeypatch.setattr("gamesearch_gui.ui.exercise.export_dialog.WRITE_SLICE", 0.0)
    dialog = make_dialog(qtbot)
    dialog.show()
    run_export(qtbot, dialog, "old", tmp_path / f"set{suffix}", count=3)
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    assert len(before) == (2 if suffix == ".pdf" else 6)
    exported: list[object] = []
    dialog.exported.connect(exported.append)
    step = ExportSteps.step

    def held_at_four(steps: ExportSteps) -> bool:
        finished = step(steps)
        if steps.done == 4:
            dialog._writing.stop()  # held here, so that the close comes mid-way for sure
        return finished

    monkeypatch.setattr(ExportSteps, "step", held_at_four)
    dialog.export("new", 3, DIFFICULTIES["Medium"], Task.ALPHABETA, str(tmp_path / f"set{suffix}"))
    qtbot.waitUntil(lambda: dialog.status.text() == "Writing page 5 of 6…", timeout=30_000)
    assert not dialog.export_button.isEnabled()
    dialog.close()
    assert not dialog.running
    qtbot.wait(50)
    assert not exported
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before


def test_export_steps_replace_no_file_before_the_last_page(
    qapp: QApplication, figure: tuple[Exercise, AnswerKey], tmp_path: Path
) -> None:
    sheet, key = export_paths(str(tmp_path / "week.svg"))
    pairs = [figure, figure]
    export_exercises(pairs, sheet, key)
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    steps = ExportSteps(pairs, sheet, key, heading="again")
    assert (steps.done, steps.total) == (0, 4)
    assert not steps.step() and not steps.step() and not steps.step() and not steps.step()
    assert steps.done == 4 and steps.written == []
    staged = {p.name: p.read_bytes() for p in tmp_path.iterdir() if p.name.endswith(".tmp")}
    assert len(staged) == 4
    kept = {p.name: p.read_bytes() for p in tmp_path.iterdir() if p.name not in staged}
    assert kept == before
    assert steps.step()
    assert steps.written == [
        f"{sheet[:-4]}-01.svg",
        f"{sheet[:-4]}-02.svg",
        *(f"{key[:-4]}-0{i}.svg" for i in (1, 2)),
    ]
    after = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    assert after.keys() == before.keys() and after != before  # the heading is new

    steps = ExportSteps(pairs, sheet, key)
    steps.step()
    steps.step()
    steps.close()
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == after


def test_dialog_form(qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    dialog = make_dialog(qtbot)
    seed = dialog.fields.shape.seed.text()
    assert re.fullmatch(r"\d{4}", seed)
    assert dialog.count_spin.value() == 10
    assert dialog.count_spin.maximum() == 100
    assert dialog.difficulty() == DIFFICULTIES["Medium"]
    dialog.fields.difficulty.setCurrentText("Hard")
    assert dialog.difficulty() == DIFFICULTIES["Hard"]
    dialog.fields.shape.branch_hi.setValue(4)
    assert dialog.fields.difficulty.currentText() == CUSTOM
    assert dialog.difficulty() == Difficulty(4, (2, 4))
    dialog.fields.shape.branch_hi.setValue(3)
    assert dialog.fields.difficulty.currentText() == "Hard"
    assert dialog.fields.chance.value() == 0  # alpha-beta: no chance levels
    dialog.task_combo.setCurrentText(Task.EXPECTIMINIMAX.title)
    assert dialog.fields.chance.value() == 1  # expectiminimax needs some
    dialog.fields.chance.setValue(2)
    assert dialog.difficulty().chance_levels() == 2

    # Export with no file name asks for one (Browse…), then writes there.
    monkeypatch.setattr(dialog, "_save_file_name", lambda: str(tmp_path / "quiz.svg"))
    dialog.count_spin.setValue(1)
    dialog.fields.difficulty.setCurrentText("Easy")
    dialog.task_combo.setCurrentText(Task.MINIMAX.title)
    with qtbot.waitSignal(dialog.exported, timeout=30_000) as blocker:
        dialog.export_button.click()
    assert blocker.args[0] == [str(tmp_path / "quiz-sheet.svg"), str(tmp_path / "quiz-key.svg")]
    assert dialog.file_edit.text() == str(tmp_path / "quiz.svg")
    assert "quiz-sheet.svg" in dialog.files_note.text()
    texts = svg_texts(tmp_path / "quiz-sheet.svg")
    assert f"quiz · seed {seed}" in texts


def test_every_random_exercise_prints_legibly() -> None:
    # The widest random trees (MAX_RANDOM_LEAVES leaves) still print their values large
    # enough to read.
    hard = [e for e in exercise_set("wide", 40, DIFFICULTIES["Hard"], Task.ALPHABETA)]
    widest = max(hard, key=lambda e: sum(1 for n in e.tree.nodes() if not n.children))
    assert sum(1 for n in widest.tree.nodes() if not n.children) >= MAX_RANDOM_LEAVES - 4
    assert value_points(widest) >= MIN_VALUE_PT


def test_a_tree_too_big_to_print_legibly_is_refused(tmp_path: Path) -> None:
    tree = random_tree(5, (2, 3), (0, 20), seed="big-85", name="Big")  # 261 nodes
    big = make_exercise(tree, Task.MINIMAX)
    assert value_points(big) < MIN_VALUE_PT
    with pytest.raises(ExportError, match=r"Big is too big to print legibly: .* it has 1\d\d"):
        export_exercises(
            [(big, solve_exercise(big))], str(tmp_path / "s.pdf"), str(tmp_path / "k.pdf")
        )
    assert os.listdir(tmp_path) == []


@pytest.mark.parametrize("suffix", [".pdf", ".svg"])
def test_a_failed_export_leaves_the_older_files_and_no_scraps(
    figure: tuple[Exercise, AnswerKey], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, suffix: str
) -> None:
    sheet, key = export_paths(str(tmp_path / f"week{suffix}"))
    export_exercises([figure], sheet, key)
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("the painter broke half-way")

    monkeypatch.setattr("gamesearch_gui.ui.exercise.export.render_page", broken)
    with pytest.raises(RuntimeError, match="half-way"):
        export_exercises([figure], sheet, key)
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before


def test_sheets_state_the_convention_and_star1_s_bounds(qtbot: QtBot, tmp_path: Path) -> None:
    hard = make_exercise(example("figure-5-2").tree(), Task.ALPHABETA, fail_hard=True)
    star1 = exercise_set("b", 1, Difficulty(3, (2, 3), 0.5), Task.STAR1)[0]
    for exercise, phrase in (
        (hard, "fail-hard: a node returns α or β at a cutoff"),
        (star1, "all values lie between 0 and 20"),
    ):
        sheet_path, key_path = export_paths(str(tmp_path / f"{exercise.task.value}.svg"))
        export_exercises(solved([exercise]), sheet_path, key_path)
        for path in (sheet_path, key_path):
            # Wrapped lines joined: compare without spaces (a line may break at one).
            words = "".join(svg_texts(path)).replace(" ", "")
            assert phrase.replace(" ", "") in words
