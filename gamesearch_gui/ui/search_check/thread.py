"""The check, off the GUI thread: a QThread that runs ``checking.runner.check_search``.

The student's code runs only in the runner's engine process (one tree at a time, each
within its time limit); this thread waits for it and passes each tree's result on as it
comes. Cancel is cooperative: the runner asks ``isInterruptionRequested`` every few
milliseconds and ends its engine process at once when told.
"""

from __future__ import annotations

import contextlib
import itertools
import os
from dataclasses import dataclass
from importlib.resources import as_file
from importlib.resources.abc import Traversable

from PySide6.QtCore import QThread
from PySide6.QtCore import Signal
from PySide6.QtWidgets import QWidget

from gamesearch_gui.core.trees.tree import CustomTree
from gamesearch_gui.engine.client import EngineError
from gamesearch_gui.search_check.runner import DEFAULT_TIME_LIMIT
from gamesearch_gui.search_check.runner import CheckCancelled
from gamesearch_gui.search_check.runner import Lesson
from gamesearch_gui.search_check.runner import check_search
from gamesearch_gui.search_check.student import StudentFileError
from gamesearch_gui.search_check.verdict import TreeCheck


@dataclass(frozen=True, slots=True)
class CheckRequest:
    """What to check: a student's file (``path``) or a bundled ``lesson``; the function
    (None: aima-python's names), the search it is checked as (None: by its name), the
    trees (None: check-search's default set) and the time limit per tree."""

    path: str | None = None
    lesson: Lesson | None = None
    function: str | None = None
    algorithm: str | None = None
    trees: tuple[CustomTree, ...] | None = None
    time_limit: float = DEFAULT_TIME_LIMIT
    #: Alpha-beta checked by CS188's strict rule (cut only when v > β or v < α).
    strict: bool = False

    @property
    def source(self) -> str | Traversable:
        """The file to check: the student's path, or the lesson's bundled file."""
        if self.lesson is not None:
            return self.lesson.resource()
        assert self.path is not None
        return self.path

    @property
    def title(self) -> str:
        """What is checked, in a few words."""
        if self.lesson is not None:
            return f"Lesson: {self.lesson.title}"
        return os.path.basename(self.path or "")


_ids = itertools.count(1)


class CheckThread(QThread):
    """Runs one check; ``treeChecked`` carries each TreeCheck as it is done, then
    ``done`` the CheckReport, or ``failed`` why the file cannot be checked at all, or
    ``stopped`` once a cancel took effect; ``ended`` last of all. Each signal carries the
    thread's ``run_id`` first, so that what a replaced check still says can be dropped."""

    treeChecked = Signal(int, object)
    done = Signal(int, object)
    failed = Signal(int, str)
    stopped = Signal(int)
    ended = Signal(int)

    def __init__(self, request: CheckRequest, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.request = request
        self.run_id = next(_ids)

    def run(self) -> None:
        try:
            self._check()
        finally:
            self.ended.emit(self.run_id)

    def _check(self) -> None:
        request, rid = self.request, self.run_id
        try:
            with contextlib.ExitStack() as stack:
                source = request.source
                if not isinstance(source, str):
                    source = os.fspath(stack.enter_context(as_file(source)))
                report = check_search(
                    source,
                    function=request.function,
                    algorithm=request.algorithm,
                    trees=None if request.trees is None else list(request.trees),
                    time_limit=request.time_limit,
                    strict=request.strict,
                    on_tree=self._tree_done,
                    cancelled=self.isInterruptionRequested,
                )
        except CheckCancelled:
            self.stopped.emit(rid)
        except (StudentFileError, EngineError) as error:  # said in the results window
            self.failed.emit(rid, str(error))
        except Exception as error:  # a bug: said in the window, never lost in the thread
            self.failed.emit(rid, f"internal error: {type(error).__name__}: {error}")
        else:
            self.done.emit(rid, report)

    def _tree_done(self, check: TreeCheck) -> None:
        self.treeChecked.emit(self.run_id, check)

    def stop(self) -> None:
        """Cancel the check and wait for the thread (the runner ends its engine process:
        a loop in the student's code is killed, not waited for)."""
        self.requestInterruption()
        self.wait()
