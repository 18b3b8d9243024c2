"""Opening a tree file off the GUI thread: the job that reads and draws it, and the page
the editor shows meanwhile.

A file of a million leaves takes seconds to read and check (``load_tree_file``) and
as long again to lay out (``Drawing``); both run as a :class:`~gamesearch_gui.ui.jobs.Job`,
and the GUI thread only swaps the finished drawing in.
"""

from __future__ import annotations

import gc
from dataclasses import dataclass
from typing import Final

from PySide6.QtCore import Qt
from PySide6.QtCore import Signal
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QProgressBar
from PySide6.QtWidgets import QPushButton
from PySide6.QtWidgets import QVBoxLayout
from PySide6.QtWidgets import QWidget

from gamesearch_gui.core.recording.drawn_tree import Drawing
from gamesearch_gui.core.trees import edit as tree_edit
from gamesearch_gui.core.trees.file import read_tree_file
from gamesearch_gui.core.trees.tree import CustomTree
from gamesearch_gui.core.trees.tree import Path
from gamesearch_gui.core.trees.tree import gc_paused
from gamesearch_gui.ui.jobs import Job
from gamesearch_gui.ui.text import ElidedLabel

#: The share of an opening spent reading and checking the file (the rest: drawing it),
#: as measured on a file of a million leaves.
READ_SHARE: Final = 0.4


@dataclass(frozen=True)
class OpenedTree:
    """A tree file read and drawn: what the editor needs to show it at once."""

    tree: CustomTree
    drawing: Drawing
    #: ``tree_edit.probability_problems(tree)``: a walk over every node, done here too.
    problems: list[tuple[Path, str]]
    #: The search the file asks for (a CS188 case's agent), or None.
    algorithm: str | None = None
    #: One line on what another format's file held ("" for the app's own format).
    about: str = ""
    #: The kind of file another format's tree came from ("" for the app's own format).
    origin: str = ""


def read_tree(path: str, job: Job) -> OpenedTree:
    """Read, check and draw the tree file at ``path`` (the work of an opening job).

    TreeFileError or OSError as ``read_tree_file`` raises them; a cancel of the job stops
    it while the file is parsed and built, and between pieces of the drawing.
    """
    with gc_paused():
        source = read_tree_file(path, check=job.check)
        tree = source.tree
        job.step(READ_SHARE)
        drawing = Drawing(tree, lambda done: job.step(READ_SHARE + (1 - READ_SHARE) * done))
        problems = tree_edit.probability_problems(tree)
        job.step(1.0)
        # Made while the collector was paused, the tree's millions of objects are all in
        # its youngest generation: the first collection after the pause would walk them
        # at once, holding the GIL (0.7 s, a stall of the window, for a million leaves),
        # and every full collection after it again. They make no cycles: keep them out of
        # every collection (refcounting still frees them with the tree).
        gc.freeze()
    return OpenedTree(tree, drawing, problems, source.algorithm, source.about, source.origin)


class LoadingPage(QWidget):
    """What the editor shows while a file opens: its name, how far it got, and Cancel."""

    #: The person pressed Cancel (or Esc).
    cancelled = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("loadingPage")
        self.label = ElidedLabel()
        self.label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.bar = QProgressBar()
        self.bar.setTextVisible(False)
        self.bar.setFixedWidth(320)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setToolTip("Stop opening the file (Esc)")
        # Esc anywhere in the window while the page shows (a shortcut of a hidden button
        # is off).
        self.cancel_button.setShortcut(QKeySequence(Qt.Key.Key_Escape))
        self.cancel_button.clicked.connect(self.cancelled)
        layout = QVBoxLayout(self)
        layout.addStretch(1)
        layout.addWidget(self.label)
        layout.addWidget(self.bar, 0, Qt.AlignmentFlag.AlignHCenter)
        layout.addWidget(self.cancel_button, 0, Qt.AlignmentFlag.AlignHCenter)
        layout.addStretch(1)
        self._name = ""

    def start(self, name: str) -> None:
        """Show that ``name`` is opening, nothing known yet about how far it got."""
        self._name = name
        self.bar.setRange(0, 0)  # busy: reading the file says nothing until it is done
        self.label.setText(f"Opening {name}…")

    def set_progress(self, done: float) -> None:
        """``done`` (0 to 1) of the opening is done."""
        percent = round(done * 100)
        self.bar.setRange(0, 100)
        self.bar.setValue(percent)
        self.label.setText(f"Opening {self._name}… {percent}%")

    def text(self) -> str:
        """What the page says."""
        return self.label.text()
