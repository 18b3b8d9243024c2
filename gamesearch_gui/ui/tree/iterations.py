"""Iterative deepening's iterations on the tree's page: the list to fit one in view
(shown only when there are iterations; the legend under the tree explains the dashed
"tried first" edges)."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox

from gamesearch_gui.core.recording.depth_first import SearchRecording


class IterationChooser:
    """``box`` lists "All iterations" and each iteration published so far (with how it
    ended); it shows only when there is more than one iteration."""

    def __init__(self) -> None:
        self.box = QComboBox()
        self.box.setToolTip(
            "Iterative deepening searched once per depth: the iterations stand side by "
            "side. Choose one to fit it in view."
        )
        self.box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
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
        """Show or hide the list."""
        self.box.setVisible(shown)
