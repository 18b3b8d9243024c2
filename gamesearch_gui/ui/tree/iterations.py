"""Iterative deepening's iterations on the tree's page: the list to fit one in view, and
the key to the dashed "tried first" edges (shown only when there are iterations)."""

from __future__ import annotations

from PySide6.QtCore import QPointF
from PySide6.QtCore import QSize
from PySide6.QtCore import Qt
from PySide6.QtGui import QPainter
from PySide6.QtGui import QPen
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import QComboBox
from PySide6.QtWidgets import QLabel

from gamesearch_gui.core.recording.depth_first import SearchRecording
from gamesearch_gui.ui.palette import HINT_COLOUR


def _dashed_line_icon(height: int) -> QPixmap:
    """A short dashed line, as the canvas draws the "tried first" edges."""
    pixmap = QPixmap(QSize(28, height))
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    pen = QPen(HINT_COLOUR, 2, Qt.PenStyle.DashLine)
    painter.setPen(pen)
    painter.drawLine(QPointF(1, height / 2), QPointF(27, height / 2))
    painter.end()
    return pixmap


class IterationChooser:
    """``box`` lists "All iterations" and each iteration published so far (with how it
    ended); ``legend`` and ``legend_icon`` explain the "tried first" edges. All three
    show only when there is more than one iteration."""

    def __init__(self) -> None:
        self.box = QComboBox()
        self.box.setToolTip(
            "Iterative deepening searched once per depth: the iterations stand side by "
            "side. Choose one to fit it in view."
        )
        self.box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.legend = QLabel()
        self.legend.setText("tried first")
        self.legend_icon = QLabel()
        self.legend_icon.setPixmap(_dashed_line_icon(self.legend.fontMetrics().height()))
        for widget in (self.legend, self.legend_icon):
            widget.setToolTip(
                "A dashed edge is a move tried first because it was on the previous "
                "depth's best line: ordering the likely best move first makes more cutoffs."
            )
        self._texts: list[str] = []

    def forget(self) -> None:
        """A new tree (or none): list it afresh at the next ``update``."""
        self._texts = []

    def update(self, recording: SearchRecording, published: int) -> None:
        """List ``recording``'s iterations among its first ``published`` events (the
        choice stays where it was)."""
        texts = ["All iterations"]
        for it in recording.iterations:
            if it.started >= published:
                break
            if it.finished < published:
                if it.completed:
                    texts.append(f"depth {it.depth} ({it.nodes:,} nodes)")
                else:
                    texts.append(f"depth {it.depth} (stopped early)")
            elif recording.failure is not None:
                texts.append(f"depth {it.depth} (the search failed)")
            else:
                texts.append(f"depth {it.depth} (searching…)")
        if texts == self._texts:
            return
        box = self.box
        current = box.currentIndex()
        box.blockSignals(True)
        if len(texts) != box.count():
            box.clear()
            box.addItems(texts)
            box.setCurrentIndex(min(max(current, 0), len(texts) - 1))
        else:
            for i, text in enumerate(texts):
                box.setItemText(i, text)
        box.blockSignals(False)
        self._texts = texts
        self.set_shown(len(texts) > 2)

    def set_shown(self, shown: bool) -> None:
        """Show or hide the list and the key."""
        self.box.setVisible(shown)
        self.legend.setVisible(shown)
        self.legend_icon.setVisible(shown)
