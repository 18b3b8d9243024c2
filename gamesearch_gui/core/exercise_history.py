"""The exercises a student has done and their scores, kept in a JSON file between runs.

Each entry keeps the exercise's tree, so any exercise can be tried again. The file is
written whole to a temporary file and renamed over the old one, so a crash never
leaves half a history. A file that cannot be read is moved aside (never overwritten:
it may still be worth something) and the history starts afresh.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import asdict, dataclass
from typing import Any

from gamesearch_gui.core.exercise import Exercise, Task
from gamesearch_gui.core.treefile import TreeFileError, load_tree, tree_to_dict

#: Entries kept; the oldest go first.
MAX_ENTRIES = 500
FORMAT = "gamesearch-exercise-history"


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
    tree: dict[str, Any]  #: the exercise's tree in the file format

    @property
    def task_title(self) -> str:
        """The task's name, or its stored text if this version does not know it."""
        try:
            return Task(self.task).title
        except ValueError:
            return self.task

    def exercise(self) -> Exercise:
        """The exercise again (TreeFileError or ValueError if the entry is damaged)."""
        tree = load_tree(json.dumps(self.tree), self.title)
        return Exercise(tree, Task(self.task), self.title, self.source)


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
            with open(self.path, encoding="utf-8") as f:
                doc = json.load(f)
            if not isinstance(doc, dict) or doc.get("format") != FORMAT:
                raise ValueError("it is not an exercise history")
            raw = doc.get("entries")
            if not isinstance(raw, list):
                raise ValueError('it has no list of "entries"')
            entries = [_entry(item, i) for i, item in enumerate(raw)]
        except (OSError, ValueError, TypeError, TreeFileError) as error:
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
            self.problem = f"The exercise history could not be read ({error}){kept}."
            return
        self.entries = entries[-MAX_ENTRIES:]

    def add(self, entry: HistoryEntry) -> None:
        """Add an entry and save (OSError if the file cannot be written)."""
        self.entries.append(entry)
        del self.entries[:-MAX_ENTRIES]
        self.save()

    def replace(self, index: int, entry: HistoryEntry) -> None:
        """Put ``entry`` in place of entry ``index`` (a checked attempt checked again), and
        save (IndexError for no such entry, OSError if the file cannot be written)."""
        self.entries[index] = entry
        self.save()

    def clear(self) -> None:
        """Forget every entry (and save)."""
        self.entries.clear()
        self.save()

    def save(self) -> None:
        """Write the file whole, atomically (OSError if it cannot be written)."""
        folder = os.path.dirname(self.path)
        if folder:
            os.makedirs(folder, exist_ok=True)
        doc = {"format": FORMAT, "version": 1, "entries": [asdict(e) for e in self.entries]}
        temporary = f"{self.path}.saving"
        with open(temporary, "w", encoding="utf-8") as f:
            json.dump(doc, f, ensure_ascii=False, indent=1)
        os.replace(temporary, self.path)


def _entry(item: object, i: int) -> HistoryEntry:
    if not isinstance(item, dict):
        raise ValueError(f"entry {i + 1} is not an object")
    try:
        entry = HistoryEntry(
            str(item["when"]),
            str(item["title"]),
            str(item["task"]),
            str(item.get("source", "")),
            int(item["score"]),
            int(item["earned"]),
            int(item["total"]),
            int(item.get("hints", 0)),
            dict(item["tree"]),
        )
    except (KeyError, TypeError, ValueError) as error:
        raise ValueError(f"entry {i + 1} is damaged ({error})") from None
    return entry
