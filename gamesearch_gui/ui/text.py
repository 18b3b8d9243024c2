"""A person's text on screen: cut to the room it has, and never sizing a widget to itself.

The cap on characters is the core's (:data:`~gamesearch_gui.core.text.LABEL_CHARS`,
``clip``); here is what Qt adds to it. A QLabel asks its layout for room for all of its
text, so a long label (or one long word in a wrapped label) widens the window to match,
however the text was capped. So: :func:`elide` cuts text to a width in pixels,
:class:`ElidedLabel` is a one-line label that shows what fits of its text, and
:func:`breakable` lets a wrapped label wrap inside a long word instead of widening.
"""

from __future__ import annotations

import re
from typing import Final

from PySide6.QtCore import QSize
from PySide6.QtCore import Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtGui import QFontMetricsF
from PySide6.QtGui import QPainter
from PySide6.QtGui import QPaintEvent
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QLabel
from PySide6.QtWidgets import QLineEdit
from PySide6.QtWidgets import QSizePolicy
from PySide6.QtWidgets import QToolTip
from PySide6.QtWidgets import QWidget

from gamesearch_gui.core.text import ELLIPSIS
from gamesearch_gui.core.text import clip

#: Widest a tooltip line is drawn (pixels): wider ones are cut.
TOOLTIP_PX: Final = 640
#: Longest run of characters without a space that a wrapped label keeps whole.
WORD_CHARS: Final = 24

_ZERO_WIDTH_SPACE: Final = "\u200b"
_LONG_WORD: Final = re.compile(rf"\S{{{WORD_CHARS + 1},}}")


def elide(
    text: str,
    metrics: QFontMetrics | QFontMetricsF,
    width: float,
    mode: Qt.TextElideMode = Qt.TextElideMode.ElideRight,
) -> str:
    """``text`` cut to ``LABEL_CHARS``, and each of its lines to ``width`` pixels of
    ``metrics``, with "…" where something was cut ("" where not even "…" fits)."""
    lines = clip(text).split("\n")
    return "\n".join(metrics.elidedText(line, mode, max(int(width), 0)) for line in lines)


def keep_whole(edit: QLineEdit) -> QLineEdit:
    """``edit`` made to hold a text of any length: by default a line edit keeps 32,767
    characters, and leaving or applying it would write the cut text back as an edit."""
    edit.setMaxLength(2**31 - 1)
    return edit


def tooltip(text: str) -> str:
    """``text`` as a tooltip may show it: each line at most ``TOOLTIP_PX`` wide."""
    return elide(text, QFontMetricsF(QToolTip.font()), TOOLTIP_PX)


def breakable(text: str) -> str:
    """``text`` with a break allowed every ``WORD_CHARS`` characters of a longer word.

    A wrapped label breaks lines between words only: a word wider than the label widens
    it (and its window). A zero-width space inside the word lets the line break there.
    """
    return _LONG_WORD.sub(
        lambda word: _ZERO_WIDTH_SPACE.join(
            word[0][i : i + WORD_CHARS] for i in range(0, len(word[0]), WORD_CHARS)
        ),
        text,
    )


class ElidedLabel(QLabel):
    """A one-line plain-text label that shows as much of its text as fits, then "…".

    Its text is cut to ``LABEL_CHARS``; it asks its layout for room for all of it, but
    makes do with the width of a few letters, so its text never widens the window. Where
    the text is cut, the tooltip gives it whole (as whole as a tooltip shows anything).
    """

    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self._elided = False
        self.setText(text)

    def setText(self, text: str) -> None:
        """Show ``text`` (cut to ``LABEL_CHARS``)."""
        super().setText(clip(text))
        self._update_tip()

    def minimumSizeHint(self) -> QSize:
        """A few letters wide: the rest of the text is cut off with "…"."""
        hint = super().minimumSizeHint()
        few = self.fontMetrics().horizontalAdvance("MMM" + ELLIPSIS)
        margins = self.contentsMargins()
        return QSize(min(hint.width(), few + margins.left() + margins.right()), hint.height())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._update_tip()

    def paintEvent(self, event: QPaintEvent) -> None:
        rect = self.contentsRect()
        shown = elide(self.text(), self.fontMetrics(), rect.width())
        painter = QPainter(self)
        self.style().drawItemText(
            painter,
            rect,
            int(self.alignment()),
            self.palette(),
            self.isEnabled(),
            shown,
            self.foregroundRole(),
        )
        painter.end()

    def _update_tip(self) -> None:
        text = self.text()
        elided = self.fontMetrics().horizontalAdvance(text) > self.contentsRect().width()
        if elided or self._elided:
            self.setToolTip(tooltip(text) if elided else "")
            self._elided = elided
