"""The student's answer to an exercise and its undoable edits.

Every change the person makes (a value, an α or β typed, a branch crossed out or
restored, a node rubbed out) is one :class:`AnswerEdit` on the undo stack; undoing it
puts the answer before it back. What hints revealed stays revealed whatever is undone.
The page draws the answer again on ``changed``.
"""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtCore import Signal
from PySide6.QtGui import QUndoCommand
from PySide6.QtGui import QUndoStack

from gamesearch_gui.core.exercises.exercise import Answer
from gamesearch_gui.core.exercises.exercise import Exercise
from gamesearch_gui.core.exercises.exercise import Field
from gamesearch_gui.core.exercises.exercise import parse_entry
from gamesearch_gui.core.exercises.grade import node_name
from gamesearch_gui.core.trees.tree import Path


class AnswerEdit(QUndoCommand):
    """One change to the answer, undoable: the answer before it and after it."""

    def __init__(self, edits: AnswerEdits, text: str, path: Path, after: Answer) -> None:
        super().__init__(text)
        self.edits = edits
        self.path = path
        self.before = edits.answer.copy()
        self.after = after.copy()

    def redo(self) -> None:
        self.edits.set_entries(self.after, self.path)

    def undo(self) -> None:
        self.edits.set_entries(self.before, self.path)


class AnswerEdits(QObject):
    """The exercise being answered, the answer, and the stack of its edits."""

    #: The answer changed at this path (an edit, its undo or redo).
    changed = Signal(object)
    #: What the person typed cannot be read: why, in a sentence.
    refused = Signal(str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.exercise: Exercise | None = None
        self.answer = Answer()
        self.undo_stack = QUndoStack(self)

    def reset(self, exercise: Exercise | None) -> None:
        """Answer ``exercise`` afresh: an empty answer, nothing to undo."""
        self.undo_stack.clear()
        self.exercise = exercise
        self.answer = Answer()

    def write_entry(self, path: Path, field: Field, text: str) -> bool:
        """Write what the student typed into (path, field); False (and why) if unreadable."""
        if self.exercise is None:
            return False
        try:
            value = parse_entry(text)
        except ValueError as error:
            self.refused.emit(str(error))
            return False
        if self.answer.get(path, field) == value:
            return True
        after = self.answer.copy()
        after.set(path, field, value)
        name = node_name(self.exercise.tree, path)
        what = {Field.VALUE: "value", Field.ALPHA: "α", Field.BETA: "β"}.get(field, "")
        self.undo_stack.push(AnswerEdit(self, f"{what} of {name}", path, after))
        return True

    def toggle_mark(self, path: Path) -> None:
        """Cross out the branch into ``path``, or restore it."""
        if self.exercise is None or not path:
            return
        after = self.answer.copy()
        crossed = path not in after.pruned
        after.set(path, Field.PRUNED, crossed)
        name = node_name(self.exercise.tree, path)
        text = f"cross out {name}" if crossed else f"restore {name}"
        self.undo_stack.push(AnswerEdit(self, text, path, after))

    def clear_node(self, path: Path) -> None:
        """Rub out every entry of the node at ``path``."""
        if self.exercise is None:
            return
        after = self.answer.copy()
        for field in Field:
            after.set(path, field, None)
        if after.get(path, Field.PRUNED) == self.answer.get(path, Field.PRUNED) and all(
            self.answer.get(path, f) is None for f in (Field.VALUE, Field.ALPHA, Field.BETA)
        ):
            return  # nothing to rub out
        name = node_name(self.exercise.tree, path)
        self.undo_stack.push(AnswerEdit(self, f"rub out {name}", path, after))

    def set_entries(self, entries: Answer, path: Path) -> None:
        """Make ``entries`` the answer (an edit, its undo or redo); what hints revealed
        stays revealed whatever is undone."""
        hinted = self.answer.hinted
        self.answer = entries.copy()
        self.answer.hinted = hinted
        self.changed.emit(path)
