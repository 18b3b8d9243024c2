"""The window's commands for checking a student's search: "Check my search code…" and a
"Find-the-bug lessons" menu, and the one results window they show.

The commands are declared in ``ui/actions.py``, which puts them in both File menus (Play's
and the tree editor's); the main window calls :meth:`SearchCheck.shutdown` when it closes.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from PySide6.QtCore import QObject
from PySide6.QtCore import QSettings
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QWidget

from gamesearch_gui.core.trees.tree import CustomTree
from gamesearch_gui.search_check.runner import LESSONS
from gamesearch_gui.search_check.runner import Lesson
from gamesearch_gui.ui import saved
from gamesearch_gui.ui.actions import Owner
from gamesearch_gui.ui.actions import build_actions
from gamesearch_gui.ui.actions import make_menu
from gamesearch_gui.ui.search_check.results import CheckResultsWindow
from gamesearch_gui.ui.search_check.setup import CheckSetupDialog
from gamesearch_gui.ui.search_check.thread import CheckRequest
from gamesearch_gui.ui.widgets import make_action

#: Where the last file checked is remembered.


class SearchCheck(QObject):
    """The check commands of ``window``; ``editor_tree()`` is the tree open in the editor."""

    # Made from ui/actions.py's list (build_actions).
    declared_actions: dict[str, QAction]
    act_check: QAction

    def __init__(
        self, window: QWidget, store: QSettings, editor_tree: Callable[[], CustomTree | None]
    ) -> None:
        super().__init__(window)
        self.window = window
        self.store = store
        self.editor_tree = editor_tree
        #: The results window (made by the first check, kept for the next).
        self.results: CheckResultsWindow | None = None
        build_actions(Owner.SEARCH_CHECK, self, window)
        self.lessons_menu = make_menu("check.lessons", window)
        self.lesson_actions: dict[str, QAction] = {}
        for lesson in LESSONS:
            action = make_action(
                window,
                lesson.title,
                functools.partial(self.check_lesson, lesson),
                tip=f"Check the lesson's alpha-beta ({lesson.filename}), and find its bug",
            )
            self.lessons_menu.addAction(action)
            self.lesson_actions[lesson.key] = action

    def ask(self) -> None:
        """Ask what to check, and check it."""
        request = self._ask()
        if request is not None:
            if request.path is not None:
                saved.SEARCH_CHECK_PATH.write(self.store, request.path)
            self.check(request)

    def _ask(self) -> CheckRequest | None:
        """The setup dialog's answer (None: cancelled). Tests replace this."""
        dialog = CheckSetupDialog(
            self.editor_tree(), self.window, path=saved.SEARCH_CHECK_PATH.read(self.store)
        )
        try:
            return dialog.request() if dialog.exec() else None
        finally:
            dialog.deleteLater()

    def check_lesson(self, lesson: Lesson) -> None:
        """Check a bundled lesson on the default trees."""
        self.check(CheckRequest(lesson=lesson))

    def check(self, request: CheckRequest) -> CheckResultsWindow:
        """Run ``request`` in the results window (a check still running there stops)."""
        results = self.results
        if results is None:
            results = self.results = CheckResultsWindow(request, self.window)
        else:
            results.request = request
        results.start()
        results.show()
        results.raise_()
        results.activateWindow()
        return results

    def shutdown(self) -> None:
        """Stop any check (its thread and its engine process)."""
        if self.results is not None:
            self.results.stop()
