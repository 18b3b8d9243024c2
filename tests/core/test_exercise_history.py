"""The exercise history: kept between runs, never lost to a bad file, and kept short."""

from __future__ import annotations

import errno
import json
import os
import time
from dataclasses import asdict
from pathlib import Path

import pytest

from gamesearch_gui.core.exercises import history as exercise_history
from gamesearch_gui.core.exercises.exercise import Difficulty
from gamesearch_gui.core.exercises.exercise import Exercise
from gamesearch_gui.core.exercises.exercise import Task
from gamesearch_gui.core.exercises.exercise import make_exercise
from gamesearch_gui.core.exercises.exercise import random_exercise
from gamesearch_gui.core.exercises.exercise import solve_exercise
from gamesearch_gui.core.exercises.grade import grade
from gamesearch_gui.core.exercises.history import FORMAT
from gamesearch_gui.core.exercises.history import MAX_ENTRIES
from gamesearch_gui.core.exercises.history import ExerciseHistory
from gamesearch_gui.core.exercises.history import HistoryEntry
from gamesearch_gui.core.exercises.history import entry_for
from gamesearch_gui.core.files import reason
from gamesearch_gui.core.trees.examples import example
from gamesearch_gui.core.trees.tree import same_tree


def graded_entry(exercise: Exercise, wrong: bool = False) -> HistoryEntry:
    key = solve_exercise(exercise)
    answer = key.answer()
    if wrong:
        answer.values[()] = key.value + 1
    result = grade(key, answer)
    return entry_for(exercise, result.score, result.earned, result.total, result.hints)


def figure() -> Exercise:
    return make_exercise(example("figure-5-2").tree(), Task.ALPHABETA, source="example figure-5-2")


def set_aside(path: Path) -> list[Path]:
    return sorted(path.parent.glob(path.name + ".unreadable-*"))


def test_a_new_history_is_empty_and_writes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "history.json"
    history = ExerciseHistory(str(path))
    assert history.entries == []
    assert history.problem == ""
    assert not path.exists()


def test_entries_survive_a_reload(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "folder" / "history.json"  # folders are made as needed
    history = ExerciseHistory(str(path))
    first = figure()
    second = random_exercise(Difficulty(3, chance_share=0.5), Task.EXPECTIMINIMAX, 11)
    history.add(graded_entry(first))
    history.add(graded_entry(second, wrong=True))
    assert path.exists()
    assert not (tmp_path / "sub" / "folder" / "history.json.saving").exists()
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc["format"] == FORMAT
    assert len(doc["entries"]) == 2

    again = ExerciseHistory(str(path))
    assert again.problem == ""
    assert again.entries == history.entries
    a, b = again.entries
    assert (a.title, a.task, a.source, a.score, a.hints) == (
        "Figure 5.2",
        "alphabeta",
        "example figure-5-2",
        100,
        0,
    )
    assert a.earned == a.total == 14
    assert a.task_title == "Alpha-beta pruning (fail-soft)"
    assert b.score < 100 and b.task_title == "Expectiminimax values"
    assert len(a.when) == len("2026-11-22 09:30")
    # Each entry gives its exercise back, to try again.
    for entry, exercise in ((a, first), (b, second)):
        back = entry.exercise()
        assert same_tree(back.tree.root, exercise.tree.root)
        assert back.tree.name == exercise.tree.name
        assert (back.task, back.title, back.source) == (
            exercise.task,
            exercise.title,
            exercise.source,
        )
        assert solve_exercise(back).value == pytest.approx(solve_exercise(exercise).value)


def test_clear_forgets_and_saves(tmp_path: Path) -> None:
    path = tmp_path / "history.json"
    history = ExerciseHistory(str(path))
    history.add(graded_entry(figure()))
    history.clear()
    assert history.entries == []
    assert ExerciseHistory(str(path)).entries == []


def test_replace_updates_an_attempt_in_place_and_saves(tmp_path: Path) -> None:
    path = tmp_path / "history.json"
    history = ExerciseHistory(str(path))
    history.add(graded_entry(figure(), wrong=True))
    history.add(graded_entry(figure()))
    better = graded_entry(figure())
    history.replace(0, better)
    assert [e.score for e in ExerciseHistory(str(path)).entries] == [100, 100]
    with pytest.raises(IndexError):
        history.replace(5, better)


def test_an_entry_of_an_unknown_task(tmp_path: Path) -> None:
    entry = graded_entry(figure())
    future = HistoryEntry(**{**asdict(entry), "task": "negamax"})
    assert future.task_title == "negamax"
    with pytest.raises(ValueError):
        future.exercise()


GOOD_ENTRY = {
    "when": "2026-01-01 10:00",
    "title": "t",
    "task": "minimax",
    "source": "",
    "score": 50,
    "earned": 1,
    "total": 2,
    "hints": 0,
    "tree": {
        "format": "gamesearch-tree",
        "version": 1,
        "root": {"type": "max", "children": [{"value": 1}, {"value": 2}]},
    },
}


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"{not json", "could not be read"),
        (b"\xff\xfe\x00garbage", "could not be read"),
        (
            json.dumps({"format": "something else", "entries": []}).encode(),
            "not an exercise history",
        ),
        (json.dumps([1, 2, 3]).encode(), "not an exercise history"),
        (json.dumps({"format": FORMAT, "entries": {}}).encode(), 'no list of "entries"'),
        (
            json.dumps({"format": FORMAT, "entries": [GOOD_ENTRY, 7]}).encode(),
            "entry 2 is not an object",
        ),
        (
            json.dumps({"format": FORMAT, "entries": [GOOD_ENTRY, {"title": "no score"}]}).encode(),
            "entry 2 is damaged",
        ),
        (
            json.dumps({"format": FORMAT, "entries": [{**GOOD_ENTRY, "score": "lots"}]}).encode(),
            "entry 1 is damaged",
        ),
        # Said in words, not in Python's ("dictionary update sequence element #0 ...").
        (
            json.dumps({"format": FORMAT, "entries": [{**GOOD_ENTRY, "tree": [[1, 2]]}]}).encode(),
            'entry 1 is damaged (its "tree" is a list, not a tree)',
        ),
        (
            json.dumps({"format": FORMAT, "entries": [GOOD_ENTRY, {"title": "no score"}]}).encode(),
            'entry 2 is damaged (it has no "tree")',
        ),
        # Numbers json reads as infinity, and NaN: a score of 1e400 stopped the app.
        (
            json.dumps({"format": FORMAT, "entries": [GOOD_ENTRY]})
            .encode()
            .replace(b": 50", b": 1e400"),
            "out of range",
        ),
        (
            json.dumps({"format": FORMAT, "entries": [GOOD_ENTRY]})
            .encode()
            .replace(b": 50", b": NaN"),
            "NaN",
        ),
        (
            json.dumps({"format": FORMAT, "entries": [{**GOOD_ENTRY, "earned": -3}]}).encode(),
            "out of range",
        ),
        (
            json.dumps({"format": FORMAT, "entries": [{**GOOD_ENTRY, "score": 250}]}).encode(),
            "out of range",
        ),
        # Nesting deep enough to exhaust the recursion limit.
        (
            b'{"format": "gamesearch-exercise-history", "entries": '
            + b"[" * 100_000
            + b"]" * 100_000
            + b"}",
            "recursion",
        ),
        (b"", "could not be read"),
        (b"\x00" * 100, "could not be read"),
    ],
)
def test_an_unreadable_file_is_moved_aside_and_the_history_starts_afresh(
    tmp_path: Path, content: bytes, message: str
) -> None:
    path = tmp_path / "history.json"
    path.write_bytes(content)
    history = ExerciseHistory(str(path))
    assert history.entries == []
    assert history.problem.startswith("The exercise history could not be read (")
    assert message in history.problem
    assert len(history.problem) < 400
    # The original bytes are kept next to it, under a name the message gives.
    assert not path.exists()
    [aside] = set_aside(path)
    assert aside.read_bytes() == content
    assert f"it was kept as {aside.name}" in history.problem
    # The fresh history saves over nothing of value.
    history.add(graded_entry(figure()))
    assert aside.read_bytes() == content
    again = ExerciseHistory(str(path))
    assert again.problem == ""
    assert len(again.entries) == 1


def test_two_unreadable_files_in_the_same_second_are_both_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(time, "strftime", lambda fmt, *args: "20260101-120000")
    path = tmp_path / "history.json"
    path.write_bytes(b"first bad file")
    first = ExerciseHistory(str(path))
    path.write_bytes(b"second bad file")
    second = ExerciseHistory(str(path))
    kept = {p.read_bytes() for p in set_aside(path)}
    assert kept == {b"first bad file", b"second bad file"}
    assert first.problem != second.problem


def test_a_history_longer_than_the_cap_loads_whole_and_says_what_it_drops(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Nothing is dropped without saying so: loading keeps every entry, and an addition
    past the cap returns the entries it pushed out, oldest first."""
    monkeypatch.setattr(exercise_history, "MAX_ENTRIES", 5)
    path = tmp_path / "history.json"
    entries = [{**GOOD_ENTRY, "title": f"exercise {i}"} for i in range(7)]
    path.write_text(json.dumps({"format": FORMAT, "version": 1, "entries": entries}))
    history = ExerciseHistory(str(path))
    assert history.problem == ""
    assert len(history.entries) == 7
    dropped = history.add(graded_entry(figure()))
    assert [e.title for e in dropped] == ["exercise 0", "exercise 1", "exercise 2"]
    assert history.entries[0].title == "exercise 3"
    assert history.entries[-1].title == "Figure 5.2"
    assert ExerciseHistory(str(path)).entries == history.entries
    assert history.add(graded_entry(figure()))[0].title == "exercise 3"


def test_the_cap_is_generous(tmp_path: Path) -> None:
    """A semester of daily exercises fits many times over."""
    assert MAX_ENTRIES >= 2000
    history = ExerciseHistory(str(tmp_path / "history.json"))
    assert history.add(graded_entry(figure())) == []


def test_adding_trims_to_max_entries(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(exercise_history, "MAX_ENTRIES", 3)
    path = tmp_path / "history.json"
    history = ExerciseHistory(str(path))
    exercises = [random_exercise(Difficulty(2), Task.MINIMAX, i) for i in range(5)]
    dropped = []
    for exercise in exercises:
        dropped += history.add(graded_entry(exercise))
    assert [e.title for e in history.entries] == [e.title for e in exercises[2:]]
    assert [e.title for e in dropped] == [e.title for e in exercises[:2]]
    assert [e.title for e in ExerciseHistory(str(path)).entries] == [e.title for e in exercises[2:]]


def test_a_history_too_large_to_read_is_moved_aside(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(exercise_history, "MAX_FILE_BYTES", 1000)
    path = tmp_path / "history.json"
    entries = [GOOD_ENTRY] * 10
    path.write_text(json.dumps({"format": FORMAT, "version": 1, "entries": entries}))
    history = ExerciseHistory(str(path))
    assert history.entries == []
    assert "larger than" in history.problem
    assert len(set_aside(path)) == 1


def test_a_failed_save_leaves_the_old_file_and_no_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "history.json"
    history = ExerciseHistory(str(path))
    history.add(graded_entry(figure()))
    before = path.read_bytes()

    def full(_fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(OSError) as caught:
        history.add(graded_entry(figure()))
    assert reason(caught.value) == "the disk is full"
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["history.json"]
    assert len(history.entries) == 1  # nothing changed, nothing was dropped
