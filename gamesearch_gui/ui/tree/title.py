"""What the tree's page shows, named: the title of the search (and a note on how to read
it), or, when the host keeps more than one search to show, the list to choose one."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from PySide6.QtCore import QObject
from PySide6.QtCore import Qt
from PySide6.QtCore import Signal
from PySide6.QtCore import Slot
from PySide6.QtWidgets import QComboBox
from PySide6.QtWidgets import QWidget

from gamesearch_gui.ui.text import ElidedLabel
from gamesearch_gui.ui.text import tooltip

#: What the list of searches is, in its tooltip.
SEARCH_LIST_TIP: Final = (
    "The searches this tree can show: the AI's moves, and the searches of your moves "
    "that Show move values and Hint run"
)


class SearchTitle(QObject):
    """``label`` says what is shown; ``box`` lists the searches the host offers (the
    main window's AI moves and analyses of the person's moves). With a list, the list
    names the search and the label keeps only the note."""

    #: The person chose a search in the list: its key.
    chosen = Signal(object)

    def __init__(self, page: QWidget) -> None:
        super().__init__(page)
        self._page = page
        #: The title and its note, as one line.
        self.text = ""
        self._note = ""
        self._keys: list[object] = []
        self.label = ElidedLabel()
        self.label.setStyleSheet("color: palette(dark);")  # a caption, not news
        # Beside the explanation, which needs the room more.
        self.label.setMaximumWidth(self.label.fontMetrics().averageCharWidth() * 40)
        self.box = QComboBox()
        self.box.setObjectName("searchList")
        self.box.setAccessibleName("Search shown")
        self.box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.box.setMaximumWidth(self.label.maximumWidth())
        self.box.setFocusPolicy(Qt.FocusPolicy.ClickFocus)  # the arrows replay
        self.box.activated.connect(self._chosen)
        self.box.hide()

    def list_searches(self, entries: Sequence[tuple[object, str]], current: object) -> None:
        """Offer ``entries`` (key, title), ``current`` chosen (None: none of them); no
        entries, no list."""
        box = self.box
        box.blockSignals(True)
        box.clear()
        self._keys = [key for key, _ in entries]
        for _, title in entries:
            box.addItem(title)
        box.setCurrentIndex(self._keys.index(current) if current in self._keys else -1)
        shown = box.currentText()
        box.setToolTip(f"{tooltip(shown)}\n{SEARCH_LIST_TIP}" if shown else SEARCH_LIST_TIP)
        box.blockSignals(False)
        box.setVisible(bool(entries))
        self._sync()

    def show(self, title: str, note: str) -> None:
        """Say what is shown: ``title``, and a ``note`` on how to read it."""
        self.text = " · ".join(part for part in (title, note) if part)
        self._note = note
        self._sync()

    def _sync(self) -> None:
        text = self._note if self.box.isVisibleTo(self._page) else self.text
        self.label.setText(text)
        self.label.setVisible(bool(text))

    @Slot(int)
    def _chosen(self, index: int) -> None:
        if 0 <= index < len(self._keys):
            self.chosen.emit(self._keys[index])
