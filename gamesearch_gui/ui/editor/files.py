"""The editor's files: opening, saving, the recent files and the recovery file.

:class:`TreeFiles` keeps the open tree's place on disk. It opens a file on the loader's
thread (showing the loading page meanwhile), saves with the checks a tree file needs,
keeps File > Recent Files in the settings, and writes the recovery file a second after
each edit so that a crash loses nothing. It asks the person through the editor's
question methods (``_open_file_name``, ``_save_file_name``, ``_ask_unsaved``, ``_warn``),
which tests answer.
"""

from __future__ import annotations

import contextlib
import html
import os
import traceback
from dataclasses import dataclass

from PySide6.QtCore import QObject
from PySide6.QtCore import QSettings
from PySide6.QtCore import QTimer
from PySide6.QtCore import Signal
from PySide6.QtCore import Slot

from gamesearch_gui.core.files import describe
from gamesearch_gui.core.files import write_text
from gamesearch_gui.core.game import GameError
from gamesearch_gui.core.trees import edit as tree_edit
from gamesearch_gui.core.trees.efg import save_efg_file
from gamesearch_gui.core.trees.file import CS188_ORIGIN
from gamesearch_gui.core.trees.file import DEFAULT_NAME
from gamesearch_gui.core.trees.file import LineError
from gamesearch_gui.core.trees.file import TreeFileError
from gamesearch_gui.core.trees.file import default_tree_name
from gamesearch_gui.core.trees.file import dump_tree
from gamesearch_gui.core.trees.tree import CustomTree
from gamesearch_gui.ui import saved
from gamesearch_gui.ui.editor.host import EditorHost
from gamesearch_gui.ui.editor.loading import LoadingPage
from gamesearch_gui.ui.editor.loading import OpenedTree
from gamesearch_gui.ui.editor.loading import read_tree
from gamesearch_gui.ui.jobs import JobRunner

#: What the Save dialogs offer.
FILE_FILTER = "Game trees (*.gtree.json *.json);;All files (*)"
#: What the Open dialog offers: the app's trees, CS188's autograder cases, Gambit's games.
OPEN_FILE_FILTER = (
    "Game trees (*.gtree.json *.json *.test *.efg);;Game trees (*.gtree.json *.json);;"
    "UC Berkeley CS188 test cases (*.test);;Gambit extensive-form games (*.efg);;"
    "All files (*)"
)
#: What File > Export as Gambit game offers.
EFG_FILTER = "Gambit extensive-form games (*.efg);;All files (*)"
#: What the caption adds for an alpha-beta case: the course prunes on strict inequality.
STRICT_NOTE = (
    "CS188's autograder prunes only when v > β or v < α; the app's default also prunes "
    "on equal values (turn off “prune on equal values” to search as the course does)."
)
#: Milliseconds after an edit before the recovery file is written.
AUTOSAVE_DELAY_MS = 1000
#: The caption of a tree opened from the recovery file.
RECOVERED_CAPTION = "Recovered from the last session: save it to keep it."


@dataclass(frozen=True)
class _Opening:
    """A file being opened: where it is, and how the tree it holds is to be shown."""

    path: str
    caption: str = ""
    unsaved: bool = False  #: True for the recovery file: a new, unsaved tree


def _about(opened: OpenedTree) -> str:
    """The caption of a tree read from another format's file: what was read, and for
    an alpha-beta case the pruning rule the course uses."""
    name = opened.tree.name
    # A title that is a sentence (Gambit's often are) keeps its own stop: no ".:".
    joint = " " if name.endswith((".", "!", "?", ":")) else ": "
    caption = f"<b>{html.escape(name)}</b>{joint}{html.escape(opened.about)}."
    if opened.algorithm == "alphabeta":
        caption += " " + html.escape(STRICT_NOTE)
    return caption


class TreeFiles(QObject):
    """Open, save and recover the editor's tree; remember the recent files."""

    #: A message for the status bar.
    message = Signal(str)
    #: A file (or the recovery file) finished opening and is shown: its path.
    opened = Signal(str)
    #: True while a file is opening.
    loadingChanged = Signal(bool)
    #: A file that names its search (a CS188 case's agent) opened: that search's
    #: ``Algorithm`` value, for the Solve row.
    searchNamed = Signal(str)

    def __init__(
        self, editor: EditorHost, store: QSettings, recovery_path: str | None, parent: QObject
    ) -> None:
        super().__init__(parent)
        self.editor = editor
        self.document = editor.document
        self.store = store
        self.recovery_path = recovery_path
        # Opening a file: read and drawn on the loader's thread, this page meanwhile.
        self.loading_page = LoadingPage()
        self.loading_page.cancelled.connect(self.cancel_loading)
        self.loader = JobRunner("tree file loader", self)
        self.loader.progress.connect(self.loading_page.set_progress)
        self.loader.finished.connect(self._loaded)
        self.loader.failed.connect(self._load_failed)
        self._opening: _Opening | None = None
        #: Why the last autosave failed ("" while it works), so it is said only once.
        self._autosave_problem = ""
        self._autosave_timer = QTimer(self)
        self._autosave_timer.setSingleShot(True)
        self._autosave_timer.setInterval(AUTOSAVE_DELAY_MS)
        self._autosave_timer.timeout.connect(self.write_recovery)

    # -- opening ------------------------------------------------------------------------

    @property
    def opening_path(self) -> str | None:
        """The file being opened (None: none is)."""
        return None if self._opening is None else self._opening.path

    @property
    def loading(self) -> bool:
        """True while a file is opening."""
        return self._opening is not None

    @property
    def recovering(self) -> bool:
        """True while the recovery file is opening: until its tree is shown, the file is
        the only copy of it, and nothing removes it."""
        return self._opening is not None and self._opening.unsaved

    def maybe_save(self) -> bool:
        """Before unsaved changes would be lost: True when it is fine to go on."""
        if not self.document.dirty:
            return True
        answer = self.editor._ask_unsaved()
        if answer == "save":
            return self.save()
        return answer == "discard"

    def new_tree(self) -> bool:
        """Start a new tree (asking about unsaved changes first)."""
        if not self.maybe_save():
            return False
        self.set_tree(tree_edit.new_tree(), None, caption="")
        return True

    def open_file(self, path: str | None = None) -> bool:
        """Start opening a tree file (False: the person cancelled before it started).

        The file is read, checked and drawn on the loader's thread while the window stays
        responsive; ``opened`` follows, or a warning with the loader's reason, and the
        tree shown until then stays as it was.
        """
        if not self.maybe_save():
            return False
        if path is None:
            path = self.editor._open_file_name()
            if path is None:
                return False
        self._start_opening(_Opening(path))
        return True

    def open_tree(self, tree: CustomTree, *, caption: str = "", origin: str = "") -> bool:
        """Open ``tree`` as a new document with no file (an example, a random tree).

        It opens unchanged: nothing is asked about it until it is edited, and Save asks
        for a file name. ``origin`` says in the title where it came from ("example").
        """
        if not self.maybe_save():
            return False
        self.set_tree(tree, None, caption=caption, origin=origin)
        return True

    def cancel_loading(self) -> None:
        """Stop opening the file (the tree shown before stays)."""
        opening = self._opening
        if opening is not None:
            self.stop_loading()
            self.message.emit(f"Stopped opening {opening.path}")

    def _start_opening(self, opening: _Opening) -> None:
        self.stop_loading()
        self.editor.show_drawing()
        self._opening = opening
        self.loading_page.start(os.path.basename(opening.path))
        self.editor.stack.setCurrentWidget(self.loading_page)
        self.loadingChanged.emit(True)
        self.loader.start(lambda job: read_tree(opening.path, job))

    def stop_loading(self) -> None:
        """Drop the file being opened, if any, and show the drawing again."""
        if self._opening is None:
            return
        self.loader.cancel()
        self._opening = None
        self.editor.stack.setCurrentWidget(self.editor.canvas)
        self.loadingChanged.emit(False)

    @Slot(object)
    def _loaded(self, opened: OpenedTree) -> None:
        opening = self._opening
        assert opening is not None
        self._opening = None
        # Drawn already: set_tree shows this drawing instead of making one.
        self.editor.take_drawing(opened)
        path = None if opening.unsaved else opening.path
        if opened.about:
            # Another format's file (CS188's, Gambit's) opens as a new tree: Save writes
            # the app's format where the person says, never JSON over the other file.
            origin = opened.origin or CS188_ORIGIN
            self.set_tree(opened.tree, None, caption=_about(opened), origin=origin)
        else:
            self.set_tree(opened.tree, path, caption=opening.caption, unsaved=opening.unsaved)
        self.loadingChanged.emit(False)
        if path is not None:
            self._add_recent(path)
            self.message.emit(f"Opened {path}")
        if opened.algorithm is not None:
            self.searchNamed.emit(opened.algorithm)
        self.opened.emit(opening.path)

    @Slot(object)
    def _load_failed(self, error: BaseException) -> None:
        opening = self._opening
        assert opening is not None
        self.stop_loading()
        path = opening.path
        if isinstance(error, LineError):
            why = str(error)  # "tied.test, line 12: ..."
        elif isinstance(error, TreeFileError):
            why = f"{os.path.basename(path)}: {error}"
        elif isinstance(error, OSError):
            why = f"{path}: {error.strerror or error}"
        else:  # a bug: say so, keep the app alive
            traceback.print_exception(error)
            why = f"{os.path.basename(path)}: internal error: {type(error).__name__}: {error}"
        self.editor._warn("Cannot open the tree", why)

    def set_tree(
        self,
        tree: CustomTree,
        path: str | None,
        *,
        caption: str,
        unsaved: bool = False,
        origin: str = "",
    ) -> None:
        """Show ``tree`` as the document, from ``path`` (None: no file yet)."""
        keep_recovery = self.recovering
        self.stop_loading()  # a new, pasted or random tree replaces a file being opened
        self.editor.show_drawing()
        self.editor.show_caption(caption)
        self.document.reset(tree, file_path=path, unsaved=unsaved, origin=origin)
        self._autosave_timer.stop()
        if unsaved and self.recovery_path is not None:
            self._autosave_timer.start()
        elif not unsaved and not keep_recovery:
            self.editor.remove_recovery()

    # -- saving -------------------------------------------------------------------------

    def save(self) -> bool:
        """Save to the tree's file (asking for one if it has none)."""
        if self.document.file_path is None:
            return self.save_as()
        return self._write(self.document.file_path)

    def save_as(self) -> bool:
        """Save to a file the person chooses."""
        if not self.editor._probabilities_ok("Cannot save the tree"):
            return False
        path = self.editor._save_file_name()
        if path is None:
            return False
        return self._write(path)

    def _write(self, path: str) -> bool:
        if not self.editor._probabilities_ok("Cannot save the tree"):
            return False
        if not self.editor._bounds_ok("Cannot save the tree"):
            return False
        tree = self.document.tree
        named = tree.name == DEFAULT_NAME
        if named:
            # A new tree takes the name of the file it is first saved as (an edit like any
            # other: undo gives the old name back).
            renamed = tree_edit.set_name(tree, default_tree_name(path))
            self.document.apply("Name the tree", renamed)
        try:
            write_text(path, dump_tree(self.document.tree))
        except (GameError, OSError) as e:
            why = describe(e, path) if isinstance(e, OSError) else str(e)
            self.editor._warn("Cannot save the tree", why)
            if named:
                self.document.undo_stack.undo()
            return False
        self.document.mark_saved(path)
        self._add_recent(path)
        self.editor.remove_recovery()
        self.message.emit(f"Saved {path}")
        return True

    def export_efg(self) -> bool:
        """Write the tree as a Gambit extensive-form game (.efg) where the person says
        (the tree's own file and name stay as they are)."""
        if not self.editor._probabilities_ok("Cannot export the tree"):
            return False
        path = self.editor._efg_file_name()
        if path is None:
            return False
        try:
            save_efg_file(self.document.tree, path)
        except (GameError, OSError, ValueError) as e:
            why = describe(e, path) if isinstance(e, OSError) else str(e)
            self.editor._warn("Cannot export the tree", why)
            return False
        self.message.emit(f"Exported {path} as a Gambit game")
        return True

    # -- recent files -------------------------------------------------------------------

    def recent_files(self) -> list[str]:
        """Recently opened or saved files, newest first."""
        return saved.RECENT_TREES.read(self.store)

    def _add_recent(self, path: str) -> None:
        path = os.path.abspath(path)
        files = [path] + [f for f in self.recent_files() if f != path]
        saved.RECENT_TREES.write(self.store, files)

    def clear_recent(self) -> None:
        """Forget the recent files."""
        saved.RECENT_TREES.write(self.store, [])

    def folder(self) -> str:
        """Where the file dialogs start: the newest recent file's folder, else home."""
        return saved.tree_folder(self.store)

    def edited(self) -> None:
        """The tree changed: write the recovery file a moment from now."""
        if self.recovery_path is not None:
            self._autosave_timer.start()

    def write_recovery(self) -> None:
        """Write the tree to the recovery file (if it has unsaved changes)."""
        self._autosave_timer.stop()
        path = self.recovery_path
        if path is None:
            return
        if not self.document.dirty:
            self.editor.remove_recovery()
            return
        try:
            text = dump_tree(self.document.tree)
        except GameError:
            return  # e.g. probabilities being typed in: the next edit writes it
        try:
            write_text(path, text, make_folder=True)
        except OSError as e:
            # Said once, not after every edit; said again only if the reason changes.
            problem = (
                f"Your recent edits are not in the recovery file ({describe(e, path)}). "
                "Save the tree to keep them."
            )
            if problem != self._autosave_problem:
                self._autosave_problem = problem
                self.message.emit(problem)
                self.editor._warn("Autosave failed", problem)
            return
        if self._autosave_problem:
            self._autosave_problem = ""
            self.message.emit("Autosave works again: the recovery file holds your edits")

    def remove_recovery(self) -> None:
        """Remove the recovery file (the tree is saved, or closed on purpose)."""
        self._autosave_timer.stop()
        if self.recovery_path is not None:
            with contextlib.suppress(OSError):  # gone already, or its folder went read-only
                os.remove(self.recovery_path)

    def has_recovery(self) -> bool:
        """True when a session that did not end cleanly left a recovery file."""
        path = self.recovery_path
        return path is not None and os.path.exists(path)

    def open_recovery(self) -> None:
        """Start opening the recovery file's tree as a new, unsaved tree (as open_file)."""
        if self.recovery_path is not None:
            self._start_opening(_Opening(self.recovery_path, RECOVERED_CAPTION, unsaved=True))

    def shutdown(self) -> None:
        """Stop opening and autosaving before the window closes."""
        self.stop_loading()
        self.loader.shutdown()
        self._autosave_timer.stop()
