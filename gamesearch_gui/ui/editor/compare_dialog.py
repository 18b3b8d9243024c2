"""Compare searches on one tree: a table of counts and a grouped bar chart.

The four searches (core.compare) run in an engine process of the dialog's own, never in
the window's process; a thread of the dialog (``ui/threads.py``'s :class:`CompareThread`, which the
Play mode's comparison of MCTS with alpha-beta uses too) waits for them.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QRectF
from PySide6.QtCore import QSize
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtGui import QPainter
from PySide6.QtGui import QPaintEvent
from PySide6.QtGui import QPen
from PySide6.QtWidgets import QDialogButtonBox
from PySide6.QtWidgets import QLabel
from PySide6.QtWidgets import QTableWidget
from PySide6.QtWidgets import QTableWidgetItem
from PySide6.QtWidgets import QVBoxLayout
from PySide6.QtWidgets import QWidget

from gamesearch_gui.core.compare import ComparisonRow
from gamesearch_gui.core.compare import knuth_moore_bound
from gamesearch_gui.core.numbers import format_number
from gamesearch_gui.core.text import clip
from gamesearch_gui.core.trees.tree import CustomTree
from gamesearch_gui.core.trees.tree import move_names
from gamesearch_gui.ui.threads import ComparisonDialog

#: The counts shown, as (attribute, heading, bar colour).
MEASURES = (
    ("nodes", "Nodes visited", QColor("#3b6fb6")),
    ("leaves", "Leaves evaluated", QColor("#e09a2b")),
    ("pruned_subtrees", "Subtrees pruned", QColor("#c2185b")),
)
#: The colour of the Knuth-Moore bound's line and its name: the leaves' bars' colour,
#: darker (it bounds the leaves).
BOUND_INK = QColor("#e09a2b").darker(140)


def _nice_step(rough: float) -> int:
    """A whole tick step of 1, 2 or 5 times a power of ten, at least ``rough``."""
    step = 1
    while True:
        for factor in (1, 2, 5):
            if step * factor >= rough:
                return step * factor
        step *= 10


class BarChart(QWidget):
    """Grouped bars: one group per search, one bar per measure, drawn with QPainter."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.rows: list[ComparisonRow] = []
        self.bound: int | None = None
        #: What the chart says while it has no rows.
        self.placeholder = "Searching…"
        #: Each bar as last painted: where, and its measure's colour.
        self.bars: list[tuple[QRectF, QColor]] = []
        self.setMinimumSize(520, 260)

    def sizeHint(self) -> QSize:
        return QSize(640, 300)

    def set_rows(self, rows: list[ComparisonRow], bound: int | None) -> None:
        """Show these rows (and the Knuth-Moore bound on leaves as a line, if any)."""
        self.rows = rows
        self.bound = bound
        self.update()

    def legend(self) -> list[tuple[str, QColor, bool]]:
        """What the legend names: each measure's heading and colour, then the bound's
        line if there is one (True: a dashed line, not a filled square)."""
        entries = [(heading, colour, False) for _attr, heading, colour in MEASURES]
        if self.bound is not None:
            entries.append((f"Knuth–Moore bound: {self.bound} leaves", BOUND_INK, True))
        return entries

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(self.rect(), self.palette().base())
        if not self.rows:
            painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, self.placeholder)
            return
        fm = painter.fontMetrics()
        left, right, bottom = 44, 12, fm.height() * 2 + 10
        text = self.palette().text().color()
        legend_h = self._draw_legend(painter, left, text)
        top = legend_h + 6
        area = QRectF(left, top, self.width() - left - right, self.height() - top - bottom)
        most = max(max(getattr(r, m[0]) for r in self.rows for m in MEASURES), 1)
        step = _nice_step(most / 4)
        ticks = math.ceil(most / step)
        # Headroom above the tallest bar for its number.
        highest = ticks * step * (1.08 if ticks * step - most < step * 0.15 else 1.0)
        self._draw_grid(painter, area, step, ticks, highest, text)
        self._draw_bars(painter, area, highest, text)
        if self.bound is not None:
            # A line across, named in the legend: a label on the chart covered a bar.
            y = area.bottom() - area.height() * self.bound / highest
            painter.setPen(QPen(BOUND_INK, 1.5, Qt.PenStyle.DashLine))
            painter.drawLine(int(area.left()), int(y), int(area.right()), int(y))

    def _draw_grid(
        self, painter: QPainter, area: QRectF, step: int, ticks: int, highest: float, text: QColor
    ) -> None:
        """A faint line and its number at each of ``ticks`` steps up the left."""
        fm = painter.fontMetrics()
        grid = QColor(text)
        grid.setAlpha(50)
        for i in range(ticks + 1):
            value = step * i
            y = area.bottom() - area.height() * value / highest
            painter.setPen(grid)
            painter.drawLine(int(area.left()), int(y), int(area.right()), int(y))
            painter.setPen(text)
            painter.drawText(
                QRectF(0, y - fm.height() / 2, area.left() - 6, fm.height()),
                Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                str(value),
            )

    def _draw_bars(self, painter: QPainter, area: QRectF, highest: float, text: QColor) -> None:
        """One group of bars a row, each bar with its number on top, the row's name under."""
        fm = painter.fontMetrics()
        group_w = area.width() / len(self.rows)
        bar_w = group_w * 0.7 / len(MEASURES)
        self.bars = []
        for g, row in enumerate(self.rows):
            x0 = area.left() + g * group_w + group_w * 0.15
            for b, (attr, _heading, colour) in enumerate(MEASURES):
                value = getattr(row, attr)
                h = area.height() * value / highest
                bar = QRectF(x0 + b * bar_w, area.bottom() - h, bar_w - 2, h)
                painter.fillRect(bar, colour)
                self.bars.append((bar, colour))
                painter.setPen(text)
                painter.drawText(
                    QRectF(bar.left() - 6, bar.top() - fm.height() - 1, bar_w + 10, fm.height()),
                    Qt.AlignmentFlag.AlignCenter,
                    str(value),
                )
            painter.drawText(
                QRectF(area.left() + g * group_w, area.bottom() + 4, group_w, fm.height() * 2),
                Qt.AlignmentFlag.AlignHCenter | Qt.TextFlag.TextWordWrap,
                row.name,
            )

    def _draw_legend(self, painter: QPainter, left: int, text: QColor) -> int:
        """Each entry's mark and name along the top, on as many rows as the width needs;
        the height they take."""
        fm = painter.fontMetrics()
        row_h = fm.height() + 8
        x, y = left, 6
        for name, colour, dashed in self.legend():
            width = 16 + fm.horizontalAdvance(name)
            if x > left and x + width > self.width() - 6:
                x, y = left, y + row_h
            if dashed:
                painter.setPen(QPen(colour, 1.5, Qt.PenStyle.DashLine))
                painter.drawLine(int(x), y + 6, int(x + 12), y + 6)
            else:
                painter.fillRect(QRectF(x, y, 12, 12), colour)
            painter.setPen(colour if dashed else text)
            painter.drawText(int(x + 16), y + fm.ascent(), name)
            x += width + 18
        return y - 6 + row_h


class CompareDialog(ComparisonDialog):
    """Minimax against alpha-beta (drawn, best and worst order) on one tree."""

    HEADINGS = (
        "Search",
        "Value",
        "Best move",
        "Nodes visited",
        "Leaves evaluated",
        "Subtrees pruned",
        "Cutoffs",
    )

    def __init__(self, tree: CustomTree, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Compare searches — {clip(tree.name)}")
        self.tree = tree
        self.rows: list[ComparisonRow] = []
        self.table = QTableWidget(0, len(self.HEADINGS))
        self.table.setHorizontalHeaderLabels(self.HEADINGS)
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.chart = BarChart()
        self.bound = knuth_moore_bound(tree)
        self.note = QLabel()
        self.note.setWordWrap(True)
        if self.bound is not None:
            self.note.setText(
                f"The tree is uniform: with the best move order alpha-beta needs to evaluate "
                f"at least <b>{self.bound}</b> {'leaf' if self.bound == 1 else 'leaves'} (Knuth "
                "and Moore's bound b<sup>⌈d/2⌉</sup> + b<sup>⌊d/2⌋</sup> − 1)."
            )
        else:
            self.note.setText(
                "The Knuth–Moore bound applies only to uniform trees (same branching "
                "everywhere, all leaves at one depth, no chance nodes)."
            )
        self.status = QLabel("Searching…")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table)
        layout.addWidget(self.note)
        layout.addWidget(self.chart, 1)
        layout.addWidget(self.status)
        layout.addWidget(buttons)
        self.resize(760, 560)
        self.start_call("compare", (tree,))

    def _failed(self, message: str) -> None:
        super()._failed(message)
        self.chart.placeholder = "No comparison: the reason is below"
        self.chart.update()

    def show_answer(self, rows: list[ComparisonRow]) -> None:
        """Fill the table and the chart with the four searches' counts."""
        self.rows = rows
        self.status.setText("")
        self.table.setRowCount(len(rows))
        for i, row in enumerate(rows):
            cells = (
                row.name,
                format_number(row.value),
                clip(move_names(self.tree.root, [row.best_move])[0]),
                str(row.nodes),
                str(row.leaves),
                str(row.pruned_subtrees),
                str(row.cutoffs),
            )
            for j, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if j:
                    item.setTextAlignment(
                        Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
                    )
                self.table.setItem(i, j, item)
        self.table.resizeColumnsToContents()
        self.chart.set_rows(rows, self.bound)
