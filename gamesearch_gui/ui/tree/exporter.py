"""Exporting the tree from its page: ask where, write the picture, and when the whole
tree is too big to read, ask whether to write the part in view instead; or write the
search's replay as one web page (core/share/html.py), from the recording the page holds
(no search runs for it), on a thread of its own (:mod:`.page_writer`)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject
from PySide6.QtCore import Slot
from PySide6.QtWidgets import QFileDialog
from PySide6.QtWidgets import QMessageBox
from PySide6.QtWidgets import QWidget

from gamesearch_gui.core.files import describe
from gamesearch_gui.ui.tree.canvas import TreeCanvas
from gamesearch_gui.ui.tree.export import IllegibleExport
from gamesearch_gui.ui.tree.page_writer import PageWriter


class TreeExporter(QObject):
    """Exports ``canvas``'s tree, asking the person over ``page`` (its dialogs are
    methods tests replace: a box is modal)."""

    def __init__(
        self,
        canvas: TreeCanvas,
        page: QWidget,
        title: Callable[[], str] = lambda: "",
        published: Callable[[], int | None] = lambda: None,
    ) -> None:
        """``title``: what the page shows is called; ``published``: how many events of
        its recording may be read (None: all; a search still running publishes them as
        it goes, and the rest is being written)."""
        super().__init__(page)
        self._canvas = canvas
        self._page = page
        self._title = title
        self._published = published
        #: Writes the replay page on a thread of its own.
        self.page_writer = PageWriter(page)
        self.page_writer.failed.connect(self._page_failed)

    @Slot()
    def export_svg(self) -> None:
        """Ask where, then save the tree as SVG."""
        name = self._save_file_name("Export the search tree as SVG", "SVG drawings (*.svg)")
        if name:
            self._export(self._canvas.export_svg, _with_suffix(name, ".svg"))

    @Slot()
    def export_png(self) -> None:
        """Ask where, then save the tree as PNG."""
        name = self._save_file_name("Export the search tree as PNG", "PNG images (*.png)")
        if name:
            self._export(self._canvas.export_png, _with_suffix(name, ".png"))

    @Slot()
    def export_page(self) -> None:
        """Ask where, then write the search's replay as one web page, off the GUI thread
        (a big search's takes seconds), saying why if it cannot be written."""
        recording = self._canvas.recording
        if recording is None:
            self._warn(
                "No replay to export",
                "There is no search tree here to export. The web page replays a "
                "minimax-family search (minimax, alpha-beta, expectiminimax, Star1, max^n); "
                "Monte Carlo tree search's replay stays in the app.",
            )
            return
        name = self._save_file_name("Export the replay as a web page", "Web pages (*.html)")
        if not name:
            return
        title = self._title() or "Search tree"
        self.page_writer.start(_with_suffix(name, ".html"), recording, title, self._published())

    @Slot(str)
    def _page_failed(self, why: str) -> None:
        self._warn("Could not export the replay", why)

    def _export(self, write: Callable[..., None], path: str) -> None:
        """Write the whole tree to ``path``; one too big to read is exported as the part
        in view if the person says so (never as a strip without values)."""
        try:
            try:
                write(path)
            except IllegibleExport as whole:
                if self._ask_export_in_view(str(whole)):
                    write(path, in_view=True)
        except IllegibleExport as error:  # a safety net: the part in view is fitted to fit
            self._warn("Could not export the tree", str(error))
        except OSError as error:
            self._warn("Could not export the tree", describe(error, path))

    def _ask_export_in_view(self, why: str) -> bool:
        """Whether to export only the part of the tree in view (tests replace this: a
        box is modal)."""
        box = QMessageBox(self._page)
        box.setIcon(QMessageBox.Icon.Question)
        box.setWindowTitle("Export the search tree")
        box.setText(f"{why} Export the part in view?")
        box.setInformativeText(
            "The picture will show what the view shows now, at a size where every value "
            "can be read. Zoom in on a part of the tree first to choose it."
        )
        save = QMessageBox.StandardButton.Save
        box.setStandardButtons(save | QMessageBox.StandardButton.Cancel)
        box.button(save).setText("Export the visible part")
        box.setDefaultButton(save)
        return bool(box.exec() == save.value)

    def _save_file_name(self, caption: str, filter: str) -> str | None:
        """The file a person chose to save to, None if cancelled (tests replace this)."""
        start = "search-replay" if filter.startswith("Web") else "search-tree"
        name, _ = QFileDialog.getSaveFileName(self._page, caption, start, filter)
        return name or None

    def _warn(self, title: str, text: str) -> None:
        """Tell the person something went wrong (tests replace this: a box is modal)."""
        QMessageBox.warning(self._page, title, text)


def _with_suffix(name: str, suffix: str) -> str:
    return name if name.lower().endswith(suffix) else name + suffix
