"""A grading run: ``check-search`` over a class's files, one after another, each in a
contained process of its own (:func:`~.runner.check_search`), and a verdict for each.

A file that cannot be checked at all (a syntax error, no function, an import that
never ends, code that ends its own process as it loads) is *refused*, with the sentence
that says why; the run goes on with the next file. Nothing a file does reaches the
others, or the process that grades them.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any
from typing import Final

from gamesearch_gui.core.game import GameError
from gamesearch_gui.core.trees.tree import CustomTree
from gamesearch_gui.engine import sandbox
from gamesearch_gui.search_check.runner import CheckReport
from gamesearch_gui.search_check.runner import check_search
from gamesearch_gui.search_check.student import StudentFileError

AGREES: Final = "agrees"
DIFFERS: Final = "differs"
REFUSED: Final = "refused"


@dataclass(frozen=True, slots=True)
class Graded:
    """One file's verdict: its check, or why it could not be checked."""

    path: str
    report: CheckReport | None
    refused: str | None = None

    @property
    def status(self) -> str:
        """``agrees``, ``differs`` or ``refused``."""
        if self.report is None:
            return REFUSED
        return AGREES if self.report.agrees else DIFFERS

    @property
    def agreeing(self) -> int:
        """How many of the trees checked the file's code agrees on."""
        return 0 if self.report is None else sum(c.agrees for c in self.report.checks)

    @property
    def first_difference(self) -> str | None:
        """The first tree the code differs on, and how (None when it agrees)."""
        if self.report is None:
            return None
        for check in self.report.checks:
            if check.difference is not None:
                return f"{check.name}: {check.difference.text}"
        return None

    def to_json(self) -> dict[str, Any]:
        """The file's entry in ``check-search --json`` over several files."""
        entry: dict[str, Any] = {"path": self.path, "status": self.status}
        if self.report is None:
            return {**entry, "message": self.refused}
        return {
            **entry,
            "agree": self.agreeing,
            "checked": len(self.report.checks),
            "first_difference": self.first_difference,
            **self.report.to_json(),
        }


def student_files(paths: Sequence[str]) -> list[str]:
    """The files to check: each path given, and in place of a folder the Python files
    directly in it, by name. GameError for a folder with none, or nothing to check."""
    files: list[str] = []
    for path in paths:
        if os.path.isdir(path):
            found = sorted(
                os.path.join(path, name)
                for name in os.listdir(path)
                if name.endswith(".py") and os.path.isfile(os.path.join(path, name))
            )
            if not found:
                raise GameError(f"{path} holds no Python file (*.py) to check")
            files.extend(found)
        else:
            files.append(path)
    if not files:
        raise GameError("give the files to check, or a folder of them")
    return files


def grade(
    paths: Sequence[str],
    *,
    function: str | None = None,
    algorithm: str | None = None,
    trees: Sequence[CustomTree] | None = None,
    time_limit: float,
    containment: sandbox.Containment = sandbox.DEFAULT,
    on_file: Callable[[Graded], None] | None = None,
    not_contained: Callable[[str], None] | None = None,
    strict: bool = False,
) -> list[Graded]:
    """Check every file of ``paths`` (see :func:`student_files`) as ``check-search``
    does, each in a contained process of its own; ``on_file`` is told of each verdict
    as it comes."""
    graded = []
    for path in student_files(paths):
        try:
            report = check_search(
                path,
                function=function,
                algorithm=algorithm,
                trees=trees,
                time_limit=time_limit,
                containment=containment,
                not_contained=not_contained,
                strict=strict,
            )
            verdict = Graded(path, report)
        except StudentFileError as error:
            verdict = Graded(path, None, str(error))
        graded.append(verdict)
        if on_file is not None:
            on_file(verdict)
    return graded
