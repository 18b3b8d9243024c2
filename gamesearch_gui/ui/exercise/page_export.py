"""Exercise > Export: this exercise's sheet and answer key, or the instructors' dialog
for a set of them. The writing itself is :mod:`gamesearch_gui.ui.exercise.export`'s."""

from __future__ import annotations

import os
from collections.abc import Callable

from PySide6.QtCore import QObject
from PySide6.QtCore import Signal
from PySide6.QtWidgets import QFileDialog
from PySide6.QtWidgets import QWidget

from gamesearch_gui.core.exercises.exercise import AnswerKey
from gamesearch_gui.core.exercises.exercise import Exercise
from gamesearch_gui.core.files import file_stem


class SheetExport(QObject):
    """Asks where to write, writes, and says what was written (or why not)."""

    #: What was written: "Written: <names>".
    written = Signal(str)
    #: Why nothing was written, in a sentence.
    failed = Signal(str)

    def __init__(self, window: QWidget, folder: Callable[[], str]) -> None:
        super().__init__(window)
        self.window = window
        self.folder = folder

    def _save_file_name(self, caption: str, name: str) -> str | None:
        """Ask where to write (tests replace this)."""
        path, _ = QFileDialog.getSaveFileName(
            self.window,
            caption,
            os.path.join(self.folder(), name),
            "PDF (*.pdf);;SVG pictures (*.svg)",
        )
        return path or None

    def export_one(self, exercise: Exercise, key: AnswerKey) -> list[str]:
        """Write ``exercise``'s sheet and answer key (PDF or SVG, by the name chosen)."""
        from gamesearch_gui.ui.exercise.export import ExportError
        from gamesearch_gui.ui.exercise.export import export_one

        base = self._save_file_name("Export sheet and key", f"{file_stem(exercise.title)}.pdf")
        if not base:
            return []
        try:
            written = export_one(exercise, key, base)
        except (OSError, ExportError) as error:
            self.failed.emit(str(error))
            return []
        self.written.emit("Written: " + ", ".join(os.path.basename(p) for p in written))
        return written

    def export_set(self) -> None:
        """The instructors' dialog: N random exercises from a seed, with their keys."""
        from gamesearch_gui.ui.exercise.export_dialog import ExportSetDialog

        dialog = ExportSetDialog(self.window)
        dialog.exec()
        dialog.deleteLater()
