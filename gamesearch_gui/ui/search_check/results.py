"""The results of "Check my search code…": a list of the trees, agree or differ, and the
selected tree drawn with the student's visits, the app's leaves and the first difference.

The window runs one check at a time (:class:`~.thread.CheckThread`), fills the list as
each tree is done, and can run it again (after the student has changed the file). It
belongs to the main window, which stops it when it closes.
"""

from __future__ import annotations

import html
import re
import time
from typing import Final

from PySide6.QtCore import Qt
from PySide6.QtCore import QTimer
from PySide6.QtGui import QCloseEvent
from PySide6.QtGui import QColor
from PySide6.QtGui import QFont
from PySide6.QtGui import QFontDatabase
from PySide6.QtGui import QGuiApplication
from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import QDialog
from PySide6.QtWidgets import QHBoxLayout
from PySide6.QtWidgets import QLabel
from PySide6.QtWidgets import QListWidget
from PySide6.QtWidgets import QListWidgetItem
from PySide6.QtWidgets import QPlainTextEdit
from PySide6.QtWidgets import QProgressBar
from PySide6.QtWidgets import QPushButton
from PySide6.QtWidgets import QSplitter
from PySide6.QtWidgets import QTabWidget
from PySide6.QtWidgets import QVBoxLayout
from PySide6.QtWidgets import QWidget

from gamesearch_gui.core.numbers import format_number
from gamesearch_gui.core.text import clip
from gamesearch_gui.search_check.runner import CheckReport
from gamesearch_gui.search_check.runner import default_trees
from gamesearch_gui.search_check.runner import search_kind
from gamesearch_gui.search_check.student import StudentFileError
from gamesearch_gui.search_check.verdict import SearchKind
from gamesearch_gui.search_check.verdict import TreeCheck
from gamesearch_gui.search_check.verdict import skip_reason
from gamesearch_gui.ui.search_check.thread import CheckRequest
from gamesearch_gui.ui.search_check.thread import CheckThread
from gamesearch_gui.ui.search_check.view import LEGEND_COLOURS
from gamesearch_gui.ui.search_check.view import CheckCanvas
from gamesearch_gui.ui.widgets import ERROR_COLOUR
from gamesearch_gui.ui.widgets import connect_plain

#: The window's first size at most, and the share of the screen it takes at most.
DEFAULT_SIZE: Final = (1400, 900)
SCREEN_SHARE: Final = 0.92
#: How often the "checking…" line counts the seconds.
TICK_MS: Final = 500
AGREE_COLOUR: Final = "#2e7d32"
#: How much of a file the Code tab shows (a student's search is a page or two).
CODE_CHARS: Final = 200_000


def legend_html(kind: SearchKind | None) -> str:
    """What each mark on the tree means."""
    words = "the app's search" if kind is None else kind.words
    c = LEGEND_COLOURS
    cuts = (
        ""  # expectiminimax cuts nothing off
        if kind is SearchKind.EXPECTIMINIMAX
        else f"<b style='color:#c2185b'>//</b> a branch {words} cuts off &nbsp;·&nbsp; "
    )
    return (
        f"<span style='color:white;background:{c['visited']}'>&nbsp;1&nbsp;</span> "
        "the leaves your code evaluated, in its order "
        f"(<span style='color:white;background:{c['difference']}'>&nbsp;5&nbsp;</span> "
        f"where {words} does not) &nbsp;·&nbsp; "
        f"<span style='color:{c['expected']}'><b>◯ 1</b></span> the leaves {words} "
        "evaluates, in its order (the number under the leaf) &nbsp;·&nbsp; "
        f"{cuts}<b style='color:{c['difference']}'>◯</b> the first difference "
        "(dashed: a leaf your code never evaluated)"
    )


class CheckResultsWindow(QDialog):
    """Runs a check and shows it, tree by tree."""

    def __init__(self, request: CheckRequest, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("checkResults")
        self.request = request
        self.checks: list[TreeCheck] = []
        self.report: CheckReport | None = None
        #: Why the file could not be checked ("" while it can).
        self.problem = ""
        self._thread: CheckThread | None = None
        #: Checks cancelled or replaced whose threads have not ended yet.
        self._retired: list[CheckThread] = []
        self._started = 0.0
        self._chosen = False  # the person picked a tree: the list no longer picks one
        self._total = 0
        #: The check whose reports are shown (a replaced one's are dropped).
        self._run_id = 0

        self._make_header()
        self._make_tree_tabs()
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(self.trees)
        splitter.addWidget(self.tabs)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([280, 900])
        self._lay_out(splitter)
        self._timer = QTimer(self)
        self._timer.setInterval(TICK_MS)
        self._timer.timeout.connect(self._tick)
        width, height = DEFAULT_SIZE
        screen = QGuiApplication.primaryScreen()
        if screen is not None:
            room = screen.availableGeometry().size()
            width = min(width, int(room.width() * SCREEN_SHARE))
            height = min(height, int(room.height() * SCREEN_SHARE))
        self.resize(width, height)

    def _make_header(self) -> None:
        """What is checked, how it went, and the progress while it runs."""
        self.heading = QLabel()
        self.heading.setWordWrap(True)
        self.heading.setTextFormat(Qt.TextFormat.PlainText)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.summary.setObjectName("checkSummary")
        font = QFont(self.summary.font())
        font.setPointSizeF(font.pointSizeF() * 1.25)
        font.setBold(True)
        self.summary.setFont(font)
        self.progress = QProgressBar()
        self.status = QLabel()
        self.cancel_button = QPushButton("Cancel")
        connect_plain(self.cancel_button.clicked, self.cancel)

    def _make_tree_tabs(self) -> None:
        """The list of trees checked, and the chosen one's Tree and Code tabs."""
        self.trees = QListWidget()
        self.trees.setObjectName("checkedTrees")
        self.trees.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.trees.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.trees.currentRowChanged.connect(self._row_changed)
        self.trees.itemClicked.connect(lambda _item: setattr(self, "_chosen", True))
        self.verdict = QLabel()
        self.verdict.setWordWrap(True)
        self.verdict.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.verdict.setObjectName("checkVerdict")
        verdict_font = QFont(self.verdict.font())
        verdict_font.setPointSizeF(verdict_font.pointSizeF() * 1.15)
        self.verdict.setFont(verdict_font)
        self.decision = QLabel()
        self.decision.setWordWrap(True)
        self.canvas = CheckCanvas()
        self.legend = QLabel(legend_html(None))
        self.legend.setWordWrap(True)
        tree_page = QWidget()
        tree_layout = QVBoxLayout(tree_page)
        tree_layout.addWidget(self.verdict)
        tree_layout.addWidget(self.decision)
        tree_layout.addWidget(self.canvas, 1)
        tree_layout.addWidget(self.legend)
        self.code = QPlainTextEdit()
        self.code.setReadOnly(True)
        self.code.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.code.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.tabs = QTabWidget()
        self.tabs.addTab(tree_page, "Tree")
        self.tabs.addTab(self.code, "Code")

    def _lay_out(self, splitter: QSplitter) -> None:
        """The header, the progress, the summary, the trees, and Check again / Close."""
        running = QHBoxLayout()
        running.addWidget(self.progress, 1)
        running.addWidget(self.status, 2)
        running.addWidget(self.cancel_button)
        self.again_button = QPushButton("Check &again")
        self.again_button.setToolTip("Check the file again (after you have changed it)")
        connect_plain(self.again_button.clicked, self.start)
        close_button = QPushButton("Close")
        connect_plain(close_button.clicked, self.close)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.again_button)
        buttons.addWidget(close_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addLayout(running)
        layout.addWidget(self.summary)
        layout.addWidget(splitter, 1)
        layout.addLayout(buttons)

    # -- running

    @property
    def running(self) -> bool:
        """True while the check shown runs."""
        return self._thread is not None and self._thread.isRunning()

    @property
    def threads_left(self) -> int:
        """How many checks' threads have not ended yet (those cancelled included)."""
        threads = [*self._retired, *([self._thread] if self._thread is not None else [])]
        return sum(thread.isRunning() for thread in threads)

    def start(self) -> None:
        """Run the check (again): the list is emptied and filled as the trees are done."""
        self._retire()
        request = self.request
        self.setWindowTitle(f"Check my search code — {clip(request.title)}")
        self.heading.setText(self._source_text())
        self.checks = []
        self.report = None
        self.problem = ""
        self._chosen = False
        self.trees.clear()
        self.canvas.show_check(None)
        self.verdict.setText("")
        self.decision.setText("")
        self.summary.setText("")
        self.tabs.setCurrentIndex(0)
        self._show_code()
        self._count_trees(self._kind_told())
        self.progress.setValue(0)
        self.progress.show()
        self.cancel_button.show()
        self.cancel_button.setEnabled(True)
        self.again_button.setEnabled(False)
        self._started = time.monotonic()
        self._tick()
        self._timer.start()
        thread = CheckThread(request, self)
        thread.treeChecked.connect(self._tree_checked)
        thread.done.connect(self._done)
        thread.failed.connect(self._failed)
        thread.stopped.connect(self._stopped)
        thread.ended.connect(self._ended)
        self._thread = thread
        self._run_id = thread.run_id
        thread.start()

    def cancel(self) -> None:
        """Stop the check at once (the trees done so far stay)."""
        if self.running:
            self.cancel_button.setEnabled(False)
            self.status.setText("Stopping…")
            assert self._thread is not None
            self._thread.requestInterruption()

    def _retire(self) -> None:
        """Cancel the check shown, without waiting: its thread ends by itself within
        moments (the runner kills its engine process) and is deleted then; what it
        still says is dropped."""
        thread, self._thread = self._thread, None
        if thread is None:
            return
        thread.requestInterruption()
        self._retired.append(thread)
        thread.finished.connect(self._reap)
        if thread.isFinished():
            self._reap()
        self._ended(self._run_id)
        self._run_id = 0

    def _reap(self) -> None:
        for thread in [t for t in self._retired if t.isFinished()]:
            self._retired.remove(thread)
            thread.deleteLater()

    def stop(self) -> None:
        """Stop every check and wait for their threads (their engine processes end with
        them): for the main window's close."""
        self._retire()
        for thread in self._retired:
            thread.stop()
        self._reap()

    def closeEvent(self, event: QCloseEvent) -> None:
        self._retire()  # the window goes at once; the check stops by itself
        super().closeEvent(event)

    def done(self, result: int) -> None:  # Escape, or the window's close
        self._retire()
        super().done(result)

    def _kind_told(self) -> SearchKind | None:
        """The kind of search the request names (its algorithm, its function's name or
        its lesson's), or None until the file is loaded."""
        request = self.request
        if request.algorithm is not None:
            return SearchKind(request.algorithm)
        if request.function is None and request.lesson is not None:
            return request.lesson.kind
        name = request.function
        try:
            return None if name is None else search_kind(name, None)
        except StudentFileError:
            return None

    def _count_trees(self, kind: SearchKind | None) -> None:
        """How many trees the check goes through, for the progress bar."""
        request = self.request
        trees = request.trees if request.trees is not None else tuple(default_trees(kind))
        self._total = sum(skip_reason(t, kind) is None for t in trees)
        self.progress.setRange(0, max(self._total, 1))

    def _tick(self) -> None:
        seconds = int(time.monotonic() - self._started)
        done = len(self.checks)
        if done < self._total:
            self.status.setText(f"Checking tree {done + 1} of {self._total}… ({seconds} s)")

    def _source_text(self) -> str:
        request = self.request
        what = request.function or "minimax_decision, alpha_beta_search or expect_minmax"
        where = request.lesson.filename if request.lesson is not None else request.path
        return f"{what} in {where}"

    def _show_code(self) -> None:
        """The checked file's text, to read beside the tree (reading runs nothing)."""
        source = self.request.source
        try:
            if isinstance(source, str):
                with open(source, encoding="utf-8", errors="replace") as file:
                    text = file.read(CODE_CHARS)
            else:
                text = source.read_text(encoding="utf-8")[:CODE_CHARS]
        except OSError as error:
            text = f"(cannot read the file: {error.strerror or error})"
        lines = text.splitlines()
        width = len(str(len(lines)))
        self.code.setPlainText(
            "\n".join(f"{i:>{width}}  {line}" for i, line in enumerate(lines, 1))
        )

    # -- the thread's reports

    def _tree_checked(self, run_id: int, check: TreeCheck) -> None:
        if run_id != self._run_id:
            return
        self.checks.append(check)
        if len(self.checks) == 1:  # now the kind of search is known, and so its trees
            self._count_trees(check.kind)
        mark = "✓" if check.agrees else "✗"
        item = QListWidgetItem(f"{mark} {clip(check.name)}")
        item.setToolTip(check.name)
        item.setForeground(QColor(AGREE_COLOUR if check.agrees else ERROR_COLOUR))
        self.trees.addItem(item)
        self.progress.setValue(len(self.checks))
        self._tick()
        if self.trees.currentRow() < 0:
            self.trees.setCurrentRow(0)

    def _done(self, run_id: int, report: CheckReport) -> None:
        if run_id != self._run_id:
            return
        self.report = report
        self.heading.setText(
            f"{report.function} in {self._where()}, checked as {report.checked_as}"
        )
        self.legend.setText(legend_html(report.kind))
        for name, why in report.skipped:
            item = QListWidgetItem(f"– {clip(name)} (skipped)")
            item.setToolTip(f"{name}: skipped: {why}")
            item.setFlags(Qt.ItemFlag.NoItemFlags)
            self.trees.addItem(item)
        differ = sum(not c.agrees for c in report.checks)
        total = len(report.checks)
        if not total:
            self._say_problem("none of the trees can be checked")
        elif differ:
            self.summary.setText(
                f"Differs from the app's {report.kind.words} on {differ} of {total} "
                f"tree{'s' if total != 1 else ''}"
            )
            self.summary.setStyleSheet(f"color: {ERROR_COLOUR}")
            if not self._chosen:
                first = next(i for i, c in enumerate(self.checks) if not c.agrees)
                self.trees.setCurrentRow(first)
        else:
            self.summary.setText(
                f"Agrees with the app's {report.kind.words} on "
                f"{'all ' if total > 1 else ''}{total} tree{'s' if total != 1 else ''}"
            )
            self.summary.setStyleSheet(f"color: {AGREE_COLOUR}")
        self._show_selected()

    def _where(self) -> str:
        request = self.request
        return request.lesson.filename if request.lesson is not None else str(request.path)

    def _failed(self, run_id: int, message: str) -> None:
        if run_id != self._run_id:
            return
        self._say_problem(message)
        found = re.search(r", line (\d+)", message)
        if found is not None:
            self.show_code_line(int(found.group(1)))

    def show_code_line(self, line: int) -> None:
        """Show the Code tab with ``line`` (counted from 1) selected."""
        block = self.code.document().findBlockByLineNumber(line - 1)
        if not block.isValid():
            return
        cursor = QTextCursor(block)
        cursor.select(QTextCursor.SelectionType.LineUnderCursor)
        self.code.setTextCursor(cursor)
        self.code.centerCursor()
        self.tabs.setCurrentWidget(self.code)

    def _say_problem(self, message: str) -> None:
        self.problem = message
        self.summary.setText(f"Cannot check it: {message}")
        self.summary.setStyleSheet(f"color: {ERROR_COLOUR}")

    def _stopped(self, run_id: int) -> None:
        if run_id != self._run_id:
            return
        done = len(self.checks)
        self.summary.setText(f"Cancelled after {done} of {self._total} trees")
        self.summary.setStyleSheet("")

    def _ended(self, run_id: int) -> None:
        if run_id != self._run_id:
            return
        self._timer.stop()
        self.progress.hide()
        self.cancel_button.hide()
        self.status.setText("")
        self.again_button.setEnabled(True)

    # -- the selected tree

    def _row_changed(self, row: int) -> None:
        self._show_selected()

    @property
    def selected(self) -> TreeCheck | None:
        """The tree shown."""
        row = self.trees.currentRow()
        return self.checks[row] if 0 <= row < len(self.checks) else None

    def _show_selected(self) -> None:
        check = self.selected
        self.canvas.show_check(check)
        if check is None:
            self.verdict.setText("")
            self.decision.setText("")
            return
        words = check.kind.words
        if check.difference is None:
            self.verdict.setText(
                f"<b style='color:{AGREE_COLOUR}'>Agrees</b> on {html.escape(check.name)}: "
                f"your code evaluated the same leaves as {words}, in the same order."
            )
        else:
            self.verdict.setText(
                f"<b style='color:{ERROR_COLOUR}'>Differs</b> on {html.escape(check.name)}: "
                f"{html.escape(check.difference.text)}."
            )
        yours = check.move_name(check.decision)
        theirs = check.move_name(check.expected_decision)
        said = "no move" if yours is None else f"move {yours}"
        decision = (
            f"Decision: your code chose {said}; {words} chooses move {theirs}. "
            f"Leaves: your code evaluated {len(check.visited)}, {words} evaluates "
            f"{len(check.expected)}."
        )
        if check.expected_value is not None:
            decision += f" The root is worth {format_number(check.expected_value)}"
            if check.value is not None:
                decision += f"; your code gave it {format_number(check.value)}"
            decision += "."
        if check.note is not None:
            decision += f" ({check.note}.)"
        self.decision.setText(decision)
