"""Where the main window's docks sit and how big they are: the default layout, the
remembered one, the search tree's height as the window is resized, and "Focus on the
tree", which gives the tree the whole window.
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QByteArray
from PySide6.QtCore import QEvent
from PySide6.QtCore import QObject
from PySide6.QtCore import QSettings
from PySide6.QtCore import QSize
from PySide6.QtCore import Qt
from PySide6.QtCore import QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QDockWidget
from PySide6.QtWidgets import QMainWindow
from PySide6.QtWidgets import QWidget

from gamesearch_gui.ui import saved

#: The window's size at the first start, when the screen has room for it.
DEFAULT_SIZE = (1280, 800)
#: A first window that would take more than this share of the screen's width or height
#: opens maximized instead: on a 1366×768 laptop it was 1,280 of 1,366 pixels wide, with
#: a strip of desktop beside it that is of no use, and a person maximizes it at once.
FILL_SHARE = 0.9
#: The version of the window layout saved: a layout saved by an older version (the
#: search tree a strip at the bottom) is not restored, the new default is made instead.
LAYOUT_VERSION = 2
#: The search tree dock's share of the window's height in the default layout...
TREE_SHARE = 0.55
#: ...and the most height the default layout leaves the board (its share at a laptop's
#: 768 pixels): a taller window gives the rest to the tree.
BOARD_HEIGHT = 346
#: The default widths of the Settings dock and of the Statistics dock (pixels).
SETTINGS_WIDTH = 330
STATS_WIDTH = 260


class FocusPage(Protocol):
    """A mode's page that can give its search tree the whole page (Trees, Practise)."""

    def set_tree_focus(self, on: bool) -> None: ...


class DockLayout(QObject):
    """The layout of ``window``'s ``docks`` ("settings", "stats", "history", "tree")
    around ``page``, the window's central widget."""

    def __init__(self, window: QMainWindow, docks: dict[str, QDockWidget], page: QWidget) -> None:
        super().__init__(window)
        self._window = window
        self.docks = docks
        self.page = page
        #: The docks shown in Play mode, as another mode found them (it hides them).
        self.play_docks: dict[str, bool] = {}
        #: "Focus on the tree" is on, and what it hid (the docks shown before, in Play).
        self.tree_focus = False
        self._focus_docks: dict[str, bool] = {}
        #: No layout was restored: the default one is made once the window has its size.
        self.fresh = True
        #: True when the window's first size nearly fills the screen, so that it is
        #: better shown maximized (and no remembered geometry says otherwise).
        self.fills_screen = False
        #: The heights of the window, the board's page and the tree dock, as last laid
        #: out (None: the tree is not docked under the board).
        self._heights: tuple[int, int, int] | None = None
        # Its height as the person leaves it (a drag of its edge) is what a resize keeps.
        docks["tree"].installEventFilter(self)
        window.installEventFilter(self)  # its resizes and its first show
        # The default layout: the settings on the left, the whole height; the board with
        # the statistics and the moves (as tabs) beside it; the search tree under both,
        # with about half of the height.
        window.setCorner(Qt.Corner.TopLeftCorner, Qt.DockWidgetArea.LeftDockWidgetArea)
        window.setCorner(Qt.Corner.BottomLeftCorner, Qt.DockWidgetArea.LeftDockWidgetArea)
        window.setCorner(Qt.Corner.BottomRightCorner, Qt.DockWidgetArea.BottomDockWidgetArea)
        window.tabifyDockWidget(docks["stats"], docks["history"])
        docks["stats"].raise_()

    # -- remembered between runs ---------------------------------------------------------

    def first_size(self) -> None:
        """The window's size at the first start, within the screen (a 1366×768 laptop
        included)."""
        size = QSize(*DEFAULT_SIZE)
        screen = QGuiApplication.primaryScreen()
        if screen is not None:
            room = screen.availableGeometry().size()
            size = size.boundedTo(room)
            self.fills_screen = (
                size.width() > FILL_SHARE * room.width()
                or size.height() > FILL_SHARE * room.height()
            )
        self._window.resize(size)

    def restore(self, store: QSettings) -> None:
        """The window's geometry and docks as the last run left them, if they were saved
        by this layout's version."""
        geometry = saved.WINDOW_GEOMETRY.read(store)
        if geometry is not None and self._window.restoreGeometry(geometry):
            self.fills_screen = False  # maximized or not, as the person left it
        state = saved.WINDOW_STATE.read(store)
        if state is not None and self._window.restoreState(state, LAYOUT_VERSION):
            self.fresh = False

    def save(self, store: QSettings) -> None:
        saved.WINDOW_GEOMETRY.write(store, self._window.saveGeometry())
        saved.WINDOW_STATE.write(store, self._window.saveState(LAYOUT_VERSION))

    def reset(self, default: QByteArray, *, play: bool) -> None:
        """The docks back where ``default`` has them, shown only in Play mode (``play``)."""
        self._window.restoreState(default, LAYOUT_VERSION)
        self.play_docks = dict.fromkeys(self.docks, True)
        for dock in self.docks.values():
            dock.setVisible(play)

    # -- leaving and coming back to Play mode ------------------------------------------

    def hide_docks(self) -> None:
        """Another mode: hide the docks, noting which were shown, and their entries of
        the View menu (Play's Statistics beside a tree being drawn would be empty)."""
        self.play_docks = {k: d.isVisible() for k, d in self.docks.items()}
        for dock in self.docks.values():
            dock.hide()
            dock.toggleViewAction().setVisible(False)

    def show_docks(self) -> None:
        """Back in Play mode: the docks shown when it was left, and their View entries."""
        for key, dock in self.docks.items():
            dock.setVisible(self.play_docks.get(key, True))
            dock.toggleViewAction().setVisible(True)

    def set_tree_focus(self, on: bool, page: FocusPage | None) -> bool:
        """Give the search tree the whole window (``on``), or bring the rest back: in
        Play mode (``page`` None) the docks and the board, else ``page``'s side panel.
        False when the tree already had (or had not) the whole window."""
        if on == self.tree_focus:
            return False
        self.tree_focus = on
        if page is None:
            self._focus_on_tree(on)
        else:
            page.set_tree_focus(on)
        return True

    def _focus_on_tree(self, on: bool) -> None:
        """In Play mode: the search tree dock alone (``on``), or everything back."""
        if on:
            self._focus_docks = {k: d.isVisible() for k, d in self.docks.items()}
            for key, dock in self.docks.items():
                dock.setVisible(key == "tree")
            self.page.hide()
        else:
            self.page.show()
            for key, dock in self.docks.items():
                dock.setVisible(self._focus_docks.get(key, True))

    # -- sizes -------------------------------------------------------------------------

    def size_docks(self) -> None:
        """The default sizes: the search tree gets ``TREE_SHARE`` of the height, and all
        above what the board is given (``BOARD_HEIGHT``) in a taller window; the side
        docks no more than they need."""
        window = self._window
        height = window.height()
        tree = max(round(height * TREE_SHARE), height - BOARD_HEIGHT)
        window.resizeDocks([self.docks["tree"]], [tree], Qt.Orientation.Vertical)
        window.resizeDocks(
            [self.docks["settings"], self.docks["stats"]],
            [SETTINGS_WIDTH, STATS_WIDTH],
            Qt.Orientation.Horizontal,
        )
        # Noted again once laid out: a resize before then must not start from the old.
        self._heights = None
        QTimer.singleShot(0, self._note_heights)

    def _tree_under_board(self) -> bool:
        """True while the search tree is docked under the board (the default place)."""
        dock = self.docks["tree"]
        return (
            dock.isVisible()
            and not dock.isFloating()
            and self.page.isVisible()
            and self._window.dockWidgetArea(dock) == Qt.DockWidgetArea.BottomDockWidgetArea
        )

    def _note_heights(self) -> None:
        """Remember the heights as laid out now: the next resize starts from them."""
        if self._tree_under_board():
            board, tree = self.page.height(), self.docks["tree"].height()
            self._heights = (self._window.height(), board, tree)
        else:
            self._heights = None

    def _resized(self) -> None:
        """The window was resized: a taller window gives the search tree all the extra
        height (Qt would give it to the board); a shorter one takes it from the tree while
        the tree keeps its share of the height (its own, or ``TREE_SHARE`` if less), then
        from both."""
        before = self._heights
        height = self._window.height()
        if before is not None and self._tree_under_board() and before[0] != height:
            window, board, tree = before
            total = board + tree + height - window
            share = min(tree / max(board + tree, 1), TREE_SHARE)
            wanted = max(total - board, round(total * share))
            self._window.resizeDocks([self.docks["tree"]], [wanted], Qt.Orientation.Vertical)
        QTimer.singleShot(0, self._note_heights)

    def _shown(self) -> None:
        """The window was shown: the first show with no remembered layout gets the
        default sizes, now that the window has its own."""
        if self.fresh:
            self.fresh = False
            QTimer.singleShot(0, self.size_docks)  # once the window is laid out

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Follow the window's resizes and first show, and note the tree dock's height
        when it changes (the person dragged its edge)."""
        kind = event.type()
        if watched is self._window and kind == QEvent.Type.Resize:
            self._resized()
        elif watched is self._window and kind == QEvent.Type.Show:
            self._shown()
        elif watched is self.docks.get("tree") and kind == QEvent.Type.Resize:
            QTimer.singleShot(0, self._note_heights)
        return super().eventFilter(watched, event)
