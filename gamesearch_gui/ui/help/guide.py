"""Help > User guide: the pages of docs/ inside the app, rendered by Qt's Markdown reader.

A window of its own beside the main one (not modal: a student reads while trying): the
contents on the left, every page with its sections; a search box over them that lists
every match in every page and marks those of the page shown; the page on the right, with
Back and Forward. Links between pages and to their headings (GitHub's anchors, see
``pages.anchor``) stay in the guide; web links open in the system's browser; a link to a
file of the repository that the app does not carry says so. Pages the app makes itself
(the keyboard shortcuts) are listed with the rest.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from dataclasses import field
from importlib.resources.abc import Traversable
from typing import Any

from PySide6.QtCore import QObject
from PySide6.QtCore import QSize
from PySide6.QtCore import Qt
from PySide6.QtCore import QTimer
from PySide6.QtCore import QUrl
from PySide6.QtGui import QColor
from PySide6.QtGui import QDesktopServices
from PySide6.QtGui import QFont
from PySide6.QtGui import QGuiApplication
from PySide6.QtGui import QImage
from PySide6.QtGui import QKeySequence
from PySide6.QtGui import QShortcut
from PySide6.QtGui import QTextCharFormat
from PySide6.QtGui import QTextCursor
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import QHBoxLayout
from PySide6.QtWidgets import QLabel
from PySide6.QtWidgets import QLineEdit
from PySide6.QtWidgets import QListWidget
from PySide6.QtWidgets import QListWidgetItem
from PySide6.QtWidgets import QSplitter
from PySide6.QtWidgets import QTextBrowser
from PySide6.QtWidgets import QTextEdit
from PySide6.QtWidgets import QToolButton
from PySide6.QtWidgets import QTreeWidget
from PySide6.QtWidgets import QTreeWidgetItem
from PySide6.QtWidgets import QVBoxLayout
from PySide6.QtWidgets import QWidget

from gamesearch_gui.paths import guide_files
from gamesearch_gui.ui.help.pages import Page
from gamesearch_gui.ui.help.pages import anchors
from gamesearch_gui.ui.help.pages import guide_pages
from gamesearch_gui.ui.help.pages import resolve
from gamesearch_gui.ui.text import ElidedLabel
from gamesearch_gui.ui.widgets import column
from gamesearch_gui.ui.widgets import connect_plain

WINDOW_TITLE = "User guide — gamesearch-gui"
#: The most matches listed for one search (the page still marks all of its own).
MAX_RESULTS = 300
#: Characters of text either side of a match in its line of the results.
SNIPPET_CHARS = 40
#: How long typing may pause before the search runs (ms).
SEARCH_DELAY_MS = 200
#: The window's size where the screen allows (a 1366×768 laptop gets a little less).
PREFERRED_SIZE = QSize(1120, 720)
_MATCH_COLOUR = QColor("#ffe082")
_CURRENT_COLOUR = QColor("#ffb300")
#: The item data role that holds (page name, anchor) in the contents.
_TARGET = Qt.ItemDataRole.UserRole


@dataclass
class GeneratedPage:
    """A page the app makes when it is shown (its HTML from ``make``), listed after docs/."""

    name: str
    title: str
    group: str
    make: Callable[[], str]


@dataclass
class _Shown:
    """A page as the guide shows it: its document, and where each heading's anchor is."""

    page: Page | GeneratedPage
    document: QTextDocument
    #: (level, text, anchor, position) of each heading, in order.
    headings: list[tuple[int, str, str, int]] = field(default_factory=list)


class PageDocument(QTextDocument):
    """A page's document: finds the pictures it shows among the guide's files."""

    def __init__(self, folder: Traversable, parent: QObject) -> None:
        super().__init__(parent)
        self._folder = folder

    def loadResource(self, kind: int, name: QUrl | str) -> Any:
        if kind == QTextDocument.ResourceType.ImageResource.value:
            url = QUrl(name) if isinstance(name, str) else name
            image = guide_image(self._folder, url.path())
            if image is not None:
                return image
        return super().loadResource(kind, name)


class UserGuide(QWidget):
    """The user guide's window: contents, search, and the page."""

    def __init__(
        self,
        parent: QWidget | None = None,
        *,
        pages: list[Page] | None = None,
        generated: list[GeneratedPage] | None = None,
        folder: Traversable | None = None,
    ) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setObjectName("userGuide")
        self.setWindowTitle(WINDOW_TITLE)
        self._folder = guide_files() if folder is None else folder
        self.pages: list[Page | GeneratedPage] = [
            *(pages if pages is not None else guide_pages(self._folder)),
            *(generated or []),
        ]
        self._by_name = {page.name: page for page in self.pages}
        self._shown: dict[str, _Shown] = {}
        #: Where the person has been: (page, scroll position), and the index of the current.
        self._history: list[tuple[str, int]] = []
        self._at = -1
        self.current = ""
        self._matches: list[QTextCursor] = []  #: the search's matches on the page shown
        self._match_at = -1
        self.splitter = QSplitter()
        self.splitter.addWidget(self._make_finding())
        self.splitter.addWidget(self._make_reading())
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setSizes([300, 820])
        layout = QVBoxLayout(self)
        layout.addWidget(self.splitter)
        self._add_shortcuts()
        self._fill_contents()
        self.resize(_fitted(PREFERRED_SIZE))
        if self.pages:
            self.open(self.pages[0].name)

    def _make_finding(self) -> QWidget:
        """The left side: the search box, what it found, the results and the contents."""
        self.search = QLineEdit()
        self.search.setObjectName("guideSearch")
        self.search.setPlaceholderText("Search the guide")
        self.search.setClearButtonEnabled(True)
        self.search.setToolTip(
            "Every page is searched; Enter goes to the next match on this page, "
            "Shift+Enter to the previous one"
        )
        self._search_timer = QTimer(self)
        self._search_timer.setSingleShot(True)
        self._search_timer.setInterval(SEARCH_DELAY_MS)
        self._search_timer.timeout.connect(self.run_search)
        self.search.textChanged.connect(lambda _text: self._search_timer.start())
        self.search.returnPressed.connect(lambda: self.find_next(backwards=False))
        self.found = QLabel()
        self.found.setObjectName("guideFound")
        self.found.setWordWrap(True)
        self.found.hide()
        self.results = QListWidget()
        self.results.setObjectName("guideResults")
        self.results.setWordWrap(True)
        self.results.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.results.itemActivated.connect(self._result_chosen)
        self.results.itemClicked.connect(self._result_chosen)
        self.results.hide()
        self.contents = QTreeWidget()
        self.contents.setObjectName("guideContents")
        self.contents.setHeaderHidden(True)
        self.contents.itemClicked.connect(self._contents_chosen)
        self.contents.itemActivated.connect(self._contents_chosen)
        return column(self.search, self.found, (self.results, 1), (self.contents, 1))

    def _make_reading(self) -> QWidget:
        """The right side: Back, Forward and the title over the page, a status line under it."""
        self.back_button = self._button("◀ Back", "Back to the page before", self.back)
        self.forward_button = self._button("Forward ▶", "Forward again", self.forward)
        self.title = ElidedLabel()
        self.title.setObjectName("guideTitle")
        bold = QFont(self.title.font())
        bold.setBold(True)
        self.title.setFont(bold)
        self.browser = QTextBrowser()
        self.browser.setObjectName("guidePage")
        # Every link is the guide's to follow: in the guide, in a browser, or said why not.
        self.browser.setOpenLinks(False)
        self.browser.anchorClicked.connect(self.follow)
        self.browser.highlighted.connect(self._hovered)
        self.status = QLabel()
        self.status.setObjectName("guideStatus")
        self.status.setWordWrap(True)
        bar = QHBoxLayout()
        bar.addWidget(self.back_button)
        bar.addWidget(self.forward_button)
        bar.addWidget(self.title, 1)
        return column(bar, (self.browser, 1), self.status)

    def _add_shortcuts(self) -> None:
        """Find, find again (Enter, Shift+Enter), back, forward and close, by their keys."""
        for keys, slot in (
            (QKeySequence.StandardKey.Find, self._focus_search),
            (QKeySequence.StandardKey.FindNext, lambda: self.find_next(backwards=False)),
            (QKeySequence.StandardKey.FindPrevious, lambda: self.find_next(backwards=True)),
            (QKeySequence.StandardKey.Back, self.back),
            (QKeySequence.StandardKey.Forward, self.forward),
            (QKeySequence.StandardKey.Close, self.close),
        ):
            shortcut = QShortcut(QKeySequence(keys), self)
            shortcut.activated.connect(slot)
        back_search = QShortcut(QKeySequence("Shift+Return"), self.search)
        back_search.setContext(Qt.ShortcutContext.WidgetShortcut)
        back_search.activated.connect(lambda: self.find_next(backwards=True))

    def _button(self, text: str, tip: str, slot: Callable[[], None]) -> QToolButton:
        button = QToolButton()
        button.setText(text)
        button.setToolTip(tip)
        connect_plain(button.clicked, slot)
        return button

    # -- pages -----------------------------------------------------------------------

    def _fill_contents(self) -> None:
        groups: dict[str, QTreeWidgetItem] = {}
        for page in self.pages:
            group = groups.get(page.group)
            if group is None:
                group = groups[page.group] = QTreeWidgetItem(self.contents, [page.group])
                group.setFlags(Qt.ItemFlag.ItemIsEnabled)
                font = QFont(group.font(0))
                font.setBold(True)
                group.setFont(0, font)
                group.setExpanded(True)
            item = QTreeWidgetItem(group, [page.title])
            item.setData(0, _TARGET, (page.name, ""))
            item.setToolTip(0, page.title)
            if isinstance(page, Page):
                shown = self._page(page.name)
                for level, text, name, _position in shown.headings:
                    if level == 2:
                        section = QTreeWidgetItem(item, [text])
                        section.setData(0, _TARGET, (page.name, name))
                        section.setToolTip(0, text)

    def _page(self, name: str, *, fresh: bool = False) -> _Shown:
        """The document of page ``name``, made once; a generated page is made again when
        ``fresh`` (as it is opened)."""
        page = self._by_name[name]
        old = self._shown.get(name)
        if old is not None and not (fresh and isinstance(page, GeneratedPage)):
            return old
        document = PageDocument(self._folder, self)
        document.setDocumentMargin(12)
        if isinstance(page, Page):
            document.setMarkdown(page.markdown, QTextDocument.MarkdownFeature.MarkdownDialectGitHub)
        else:
            document.setHtml(page.make())
        shown = self._shown[name] = _Shown(page, document, _heading_anchors(document))
        if old is not None:
            # A generated page made again: the view lets go of the old document before it
            # goes (deleted while shown, it crashed the next page's showing).
            if self.browser.document() is old.document:
                self.browser.setDocument(document)
            old.document.deleteLater()
        return shown

    def page_text(self, name: str) -> str:
        """Page ``name`` as it reads on screen (tests read it)."""
        return self._page(name).document.toPlainText()

    # -- going places ----------------------------------------------------------------

    def open(self, name: str, anchor: str = "", *, remember: bool = True) -> bool:
        """Show page ``name`` at the heading ``anchor`` ("" the top); False when the guide
        has no such page (the status line says so)."""
        if name not in self._by_name:
            self.status.setText(f"The guide has no page {name}.")
            return False
        if remember and (name, anchor) != (self.current, ""):
            self._remember_scroll()
            del self._history[self._at + 1 :]
            self._history.append((name, 0))
            self._at = len(self._history) - 1
        self._show(name, fresh=True)
        self.status.clear()
        if anchor:
            position = self.anchor_position(anchor)
            if position is None:
                self.status.setText(f"{name} has no section #{anchor}: this is its top.")
            else:
                self._scroll_to(position)
        return True

    def _show(self, name: str, *, fresh: bool = False) -> None:
        shown = self._page(name, fresh=fresh)
        self.current = name
        self.browser.setDocument(shown.document)
        self.browser.verticalScrollBar().setValue(0)
        self.title.setText(shown.page.title)
        self._select_in_contents(name)
        self._mark_matches()
        self._update_buttons()

    def anchor_position(self, anchor: str) -> int | None:
        """Where the heading ``anchor`` of the page shown starts (None: no such heading)."""
        shown = self._shown.get(self.current)
        if shown is None:
            return None
        return next((p for _level, _text, a, p in shown.headings if a == anchor), None)

    def _scroll_to(self, position: int) -> None:
        """Put the text at ``position`` at the top of the view."""
        document = self.browser.document()
        block = document.findBlock(position)
        layout = document.documentLayout()
        top = round(layout.blockBoundingRect(block).top())
        cursor = QTextCursor(document)
        cursor.setPosition(position)
        self.browser.setTextCursor(cursor)
        self.browser.verticalScrollBar().setValue(top)

    def follow(self, url: QUrl) -> None:
        """Follow a link of the page shown: in the guide, to the browser, or say why not."""
        link = resolve(self.current, url.toString(), self._by_name)
        if link.kind == "external":
            if not QDesktopServices.openUrl(url):
                self.status.setText(f"Could not open {url.toString()}: open it in a browser.")
            else:
                self.status.setText(f"Opened {url.toString()} in the browser.")
        elif link.kind == "page":
            self.open(link.target, link.anchor)
        else:
            self.status.setText(
                f"{link.target} is a file of the app's source repository, which the app "
                "does not carry: find it in the repository (a source checkout, or its "
                "page on GitHub)."
            )

    def _hovered(self, url: QUrl) -> None:
        if url.isEmpty():
            return
        link = resolve(self.current, url.toString(), self._by_name)
        if link.kind == "page":
            page = self._by_name[link.target]
            where = f"#{link.anchor}" if link.anchor else ""
            self.status.setText(f"Go to: {page.title}{where}")
        else:
            self.status.setText(link.target)

    def _remember_scroll(self) -> None:
        if 0 <= self._at < len(self._history):
            name, _ = self._history[self._at]
            self._history[self._at] = (name, self.browser.verticalScrollBar().value())

    def back(self) -> None:
        """The page before, where it was left."""
        self._go(self._at - 1)

    def forward(self) -> None:
        """The page after, after Back."""
        self._go(self._at + 1)

    def _go(self, at: int) -> None:
        if not 0 <= at < len(self._history):
            return
        self._remember_scroll()
        self._at = at
        name, scroll = self._history[at]
        self._show(name)
        self.browser.verticalScrollBar().setValue(scroll)

    def _update_buttons(self) -> None:
        self.back_button.setEnabled(self._at > 0)
        self.forward_button.setEnabled(self._at < len(self._history) - 1)

    def _select_in_contents(self, name: str) -> None:
        """Mark page ``name`` in the contents, its sections shown (and no other page's)."""
        current = self.contents.currentItem()
        chosen = current.data(0, _TARGET) if current is not None else None
        keep = chosen is not None and chosen[0] == name  # a section of it was chosen there
        for group in range(self.contents.topLevelItemCount()):
            top = self.contents.topLevelItem(group)
            for i in range(top.childCount() if top is not None else 0):
                item = top.child(i) if top is not None else None
                if item is None:
                    continue
                here = item.data(0, _TARGET) == (name, "")
                item.setExpanded(here)
                if here and not keep:
                    self.contents.setCurrentItem(item)

    def _contents_chosen(self, item: QTreeWidgetItem, _column: int = 0) -> None:
        target = item.data(0, _TARGET)
        if target:
            self.open(*target)

    # -- search ----------------------------------------------------------------------

    def _focus_search(self) -> None:
        self.search.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.search.selectAll()

    def run_search(self) -> None:
        """List every match of the search box's text in every page, and mark this page's."""
        self._search_timer.stop()
        words = self.search.text().strip()
        self.results.clear()
        searching = bool(words)
        self.results.setVisible(searching)
        self.found.setVisible(searching)
        self.contents.setVisible(not searching)
        if searching:
            pages_hit = 0
            total = 0
            for page in self.pages:
                shown = self._page(page.name)
                hits = _find_all(shown.document, words)
                if not hits:
                    continue
                pages_hit += 1
                total += len(hits)
                room = MAX_RESULTS - (total - len(hits))
                if room > 0:
                    self.results.addItem(_page_item(shown, len(hits)))
                    for cursor in hits[:room]:
                        self.results.addItem(_result_item(shown, cursor))
            matches = f"{total:,} match{'es' if total != 1 else ''}"
            if total == 0:
                self.found.setText(f"No page says “{words}”.")
            else:
                pages = f"{pages_hit} page{'s' if pages_hit != 1 else ''}"
                listed = f" (the first {MAX_RESULTS} listed)" if total > MAX_RESULTS else ""
                self.found.setText(f"{matches} in {pages}{listed}.")
        self._mark_matches()

    def _mark_matches(self) -> None:
        """Mark every match on the page shown; the current one stronger."""
        words = self.search.text().strip()
        shown = self._shown.get(self.current)
        self._matches = _find_all(shown.document, words) if words and shown is not None else []
        self._match_at = -1
        self._paint_matches()

    def _paint_matches(self) -> None:
        selections = []
        for i, cursor in enumerate(self._matches):
            selection = QTextEdit.ExtraSelection()
            selection.cursor = cursor
            fmt = QTextCharFormat()
            fmt.setBackground(_CURRENT_COLOUR if i == self._match_at else _MATCH_COLOUR)
            selection.format = fmt
            selections.append(selection)
        self.browser.setExtraSelections(selections)

    def find_next(self, *, backwards: bool) -> None:
        """Go to the next (or previous) match on the page shown, wrapping round."""
        if self._search_timer.isActive():
            self.run_search()
        if not self._matches:
            if self.search.text().strip():
                self.status.setText("This page does not say it: the list has the pages that do.")
            return
        step = -1 if backwards else 1
        start = self._match_at if self._match_at >= 0 else (0 if backwards else -1)
        self._match_at = (start + step) % len(self._matches)
        self._show_match(self._matches[self._match_at])
        self.status.setText(f"Match {self._match_at + 1} of {len(self._matches)} on this page.")

    def _show_match(self, cursor: QTextCursor) -> None:
        """Select the match ``cursor`` holds, a third of the way down the view."""
        self._paint_matches()
        self.browser.setTextCursor(cursor)
        bar = self.browser.verticalScrollBar()
        top = self.browser.cursorRect().top()
        bar.setValue(bar.value() + top - self.browser.viewport().height() // 3)

    def _result_chosen(self, item: QListWidgetItem) -> None:
        name, position = item.data(_TARGET)
        if name != self.current or position < 0:
            self.open(name)
        index = next((i for i, c in enumerate(self._matches) if c.selectionStart() == position), -1)
        if index >= 0:
            self._match_at = index
            self._show_match(self._matches[index])
            self.status.setText(f"Match {index + 1} of {len(self._matches)} on this page.")


def _heading_anchors(document: QTextDocument) -> list[tuple[int, str, str, int]]:
    """(level, text, anchor, position) of each heading of ``document``, with each heading
    made an anchor of that name (GitHub's rule), so a link to it finds it."""
    found: list[tuple[int, QTextCursor, str]] = []
    block = document.begin()
    while block.isValid():
        level = block.blockFormat().headingLevel()
        if level:
            found.append((level, QTextCursor(block), block.text()))
        block = block.next()
    names = anchors(text for _level, _cursor, text in found)
    result = []
    for (level, cursor, text), name in zip(found, names, strict=True):
        cursor.movePosition(QTextCursor.MoveOperation.EndOfBlock, QTextCursor.MoveMode.KeepAnchor)
        mark = QTextCharFormat()
        mark.setAnchor(True)
        mark.setAnchorNames([name])
        cursor.mergeCharFormat(mark)
        result.append((level, text, name, cursor.selectionStart()))
    return result


def _find_all(document: QTextDocument, words: str) -> list[QTextCursor]:
    """Every match of ``words`` in ``document`` (any case), in order."""
    found: list[QTextCursor] = []
    cursor = QTextCursor(document)
    while True:
        cursor = document.find(words, cursor)
        if cursor.isNull():
            return found
        found.append(QTextCursor(cursor))


def _result_item(shown: _Shown, cursor: QTextCursor) -> QListWidgetItem:
    """A line of the results: the page, the section, and the match in its words."""
    start = cursor.selectionStart()
    section = ""
    for _level, text, _name, position in shown.headings:
        if position > start:
            break
        section = text
    block = cursor.block()
    at = start - block.position()
    line = block.text()
    before = line[max(0, at - SNIPPET_CHARS) : at]
    matched = line[at : at + cursor.selectionEnd() - start]
    after = line[at + len(matched) : at + len(matched) + SNIPPET_CHARS]
    snippet = " ".join(f"{'…' if at > SNIPPET_CHARS else ''}{before}{matched}{after}…".split())
    in_section = section and section != shown.page.title
    item = QListWidgetItem(f"    {section}: {snippet}" if in_section else f"    {snippet}")
    item.setToolTip(f"{shown.page.title} > {section}" if in_section else shown.page.title)
    item.setData(_TARGET, (shown.page.name, start))
    return item


def _page_item(shown: _Shown, count: int) -> QListWidgetItem:
    """The results' heading line of a page: its title and how many matches it has."""
    item = QListWidgetItem(f"{shown.page.title} ({count})")
    font = QFont(item.font())
    font.setBold(True)
    item.setFont(font)
    item.setToolTip(f"Open {shown.page.title}")
    item.setData(_TARGET, (shown.page.name, -1))
    return item


def guide_image(folder: Traversable, source: str) -> QImage | None:
    """The picture ``source`` (a path relative to the guide's folder) a page shows, or
    None when the guide has none there."""
    entry = folder
    for part in source.split("/"):
        if part in ("", ".", ".."):
            return None
        entry = entry / part
    try:
        data = entry.read_bytes()
    except OSError:
        return None
    image = QImage()
    return image if image.loadFromData(data) else None


def _fitted(size: QSize) -> QSize:
    """``size``, within the screen's free room (less a margin for the window's frame)."""
    screen = QGuiApplication.primaryScreen()
    if screen is not None:
        room = screen.availableGeometry().size()
        size = size.boundedTo(QSize(room.width() - 40, room.height() - 60))
    return size
