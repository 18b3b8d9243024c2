"""The exercises a student has done and their scores, kept in a JSON file between runs.

Each entry keeps the exercise's tree, so any exercise can be tried again. The file is
written whole or not at all (:mod:`gamesearch_gui.core.files`), so a crash never leaves
half a history. A file that cannot be read, for whatever reason, is moved aside (never
overwritten: it may still be worth something) and the history starts afresh.

The history keeps the newest ``MAX_ENTRIES`` exercises: adding one more drops the
oldest, and :meth:`ExerciseHistory.add` says which went, so the window can say so.
"""

from __future__ import annotations

import json
import math
import os
import time
from collections.abc import Mapping
from dataclasses import asdict
from dataclasses import dataclass
from typing import NoReturn

from gamesearch_gui.core.exercises.exercise import Exercise
from gamesearch_gui.core.exercises.exercise import Task
from gamesearch_gui.core.exercises.exercise import task_title
from gamesearch_gui.core.files import write_text
from gamesearch_gui.core.trees.file import json_kind
from gamesearch_gui.core.trees.file import load_tree
from gamesearch_gui.core.trees.file import tree_to_dict

#: Entries kept; past this, each new check drops the oldest (and the window says so).
MAX_ENTRIES = 2000
#: A history file larger than this is not read (2,000 entries of the largest exercise
#: trees weigh about 40 MB).
MAX_FILE_BYTES = 64 * 1024 * 1024
FORMAT = "gamesearch-exercise-history"
#: Longest excerpt of a reading error quoted in the problem message.
_ERROR_CHARS = 200


@dataclass(frozen=True)
class HistoryEntry:
    """One exercise done: when, what, and how well."""

    when: str  #: local time, "2026-11-22 09:30"
    title: str
    task: str  #: a Task value
    source: str
    score: int  #: percent
    earned: int
    total: int
    hints: int
    tree: Mapping[str, object]  #: the exercise's tree in the file format (unchecked)
    #: Alpha-beta's convention; an entry written before there was a choice is fail-soft.
    fail_hard: bool = False
    #: The strict pruning rule; an entry written before there was a choice is without it.
    strict: bool = False

    @property
    def task_title(self) -> str:
        """The task's name (and convention), or its stored text if this version does not
        know it."""
        try:
            task = Task(self.task)
        except ValueError:
            return self.task
        return task_title(task, fail_hard=self.fail_hard, strict=self.strict)

    def exercise(self) -> Exercise:
        """The exercise again (TreeFileError or ValueError if the entry is damaged)."""
        tree = load_tree(json.dumps(self.tree), self.title)
        task = Task(self.task)
        fail_hard = self.fail_hard and task is Task.ALPHABETA
        strict = self.strict and task.marks and not fail_hard
        return Exercise(tree, task, self.title, self.source, fail_hard=fail_hard, strict=strict)


def entry_for(exercise: Exercise, score: int, earned: int, total: int, hints: int) -> HistoryEntry:
    """A history entry for ``exercise`` graded now."""
    return HistoryEntry(
        time.strftime("%Y-%m-%d %H:%M"),
        exercise.title,
        exercise.task.value,
        exercise.source,
        score,
        earned,
        total,
        hints,
        tree_to_dict(exercise.tree),
        exercise.fail_hard,
        exercise.strict,
    )


class ExerciseHistory:
    """The history file: load once, add entries, each addition saved at once."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.entries: list[HistoryEntry] = []
        #: Why the file could not be read, if it could not (for a status message).
        self.problem = ""
        self._load()

    def _load(self) -> None:
        if not os.path.exists(self.path):
            return
        try:
            self.entries = _read(self.path)
        except Exception as error:  # whatever the file holds, the app must start
            stamp = f"{self.path}.unreadable-{time.strftime('%Y%m%d-%H%M%S')}"
            aside, n = stamp, 1
            while os.path.exists(aside):  # never over an earlier unreadable file
                n += 1
                aside = f"{stamp}-{n}"
            try:
                os.replace(self.path, aside)
                kept = f"; it was kept as {os.path.basename(aside)}"
            except OSError:
                kept = ""
            self.problem = f"The exercise history could not be read ({_excerpt(error)}){kept}."

    def add(self, entry: HistoryEntry) -> list[HistoryEntry]:
        """Add an entry and save; the oldest entries it pushed past ``MAX_ENTRIES``
        are returned (OSError if the file cannot be written: nothing is dropped then)."""
        kept = [*self.entries, entry]
        dropped = kept[:-MAX_ENTRIES]
        self._save(kept[-MAX_ENTRIES:])
        self.entries = kept[-MAX_ENTRIES:]
        return dropped

    def replace(self, index: int, entry: HistoryEntry) -> None:
        """Put ``entry`` in place of entry ``index`` (a checked attempt checked again), and
        save (IndexError for no such entry, OSError if the file cannot be written)."""
        entries = list(self.entries)
        entries[index] = entry
        self._save(entries)
        self.entries = entries

    def clear(self) -> None:
        """Forget every entry (and save)."""
        self._save([])
        self.entries = []

    def save(self) -> None:
        """Write the file whole, atomically (OSError if it cannot be written)."""
        self._save(self.entries)

    def _save(self, entries: list[HistoryEntry]) -> None:
        doc = {"format": FORMAT, "version": 1, "entries": [asdict(e) for e in entries]}
        write_text(self.path, json.dumps(doc, ensure_ascii=False, indent=1), make_folder=True)


def _read(path: str) -> list[HistoryEntry]:
    """The entries of a history file; any exception if it is not one."""
    with open(path, "rb") as f:
        data = f.read(MAX_FILE_BYTES + 1)
    if len(data) > MAX_FILE_BYTES:
        raise ValueError(f"it is larger than {MAX_FILE_BYTES // 2**20} MB")
    doc = json.loads(data.decode("utf-8"), parse_constant=_no_constant)
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise ValueError("it is not an exercise history")
    raw = doc.get("entries")
    if not isinstance(raw, list):
        raise ValueError('it has no list of "entries"')
    return [_entry(item, i) for i, item in enumerate(raw)]


def _no_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not a number a history holds")


def _excerpt(error: BaseException) -> str:
    text = " ".join(str(error).split()) or type(error).__name__
    return text if len(text) <= _ERROR_CHARS else text[: _ERROR_CHARS - 1] + "…"


def _entry(item: object, i: int) -> HistoryEntry:
    if not isinstance(item, dict):
        raise ValueError(f"entry {i + 1} is not an object")
    try:
        tree = _field(item, "tree")
        if not isinstance(tree, dict):
            raise ValueError(f'its "tree" is {json_kind(tree)}, not a tree')
        entry = HistoryEntry(
            str(_field(item, "when")),
            str(_field(item, "title")),
            str(_field(item, "task")),
            str(item.get("source", "")),
            _count(_field(item, "score"), "score", 100),
            _count(_field(item, "earned"), "earned"),
            _count(_field(item, "total"), "total"),
            _count(item.get("hints", 0), "hints"),
            tree,
            _flag(item.get("fail_hard", False), "fail_hard"),
            _flag(item.get("strict", False), "strict"),
        )
    except (TypeError, ValueError, OverflowError) as error:
        raise ValueError(f"entry {i + 1} is damaged ({_excerpt(error)})") from None
    return entry


def _field(item: dict[str, object], key: str) -> object:
    """An entry's ``key``, else ValueError that says it is missing."""
    if key not in item:
        raise ValueError(f'it has no "{key}"')
    return item[key]


def _flag(value: object, name: str) -> bool:
    """A true or false, else ValueError."""
    if not isinstance(value, bool):
        raise ValueError(f"{name} {value!r:.40} is not true or false")
    return value


def _count(value: object, name: str, most: int = 10**6) -> int:
    """A whole number from 0 to ``most`` (a score is a percentage), else ValueError."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError(f"{name} {value!r:.40} is not a number")
    if not (math.isfinite(value) and 0 <= value <= most):
        raise ValueError(f"{name} {value!r:.40} is out of range (0 to {most})")
    return int(value)
