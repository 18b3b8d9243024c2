"""A person's text on screen: cut to the room it has, and never sizing a widget to itself.

The cap on characters is the core's (:data:`~gamesearch_gui.core.text.LABEL_CHARS`,
``clip``); here is what Qt adds to it. A QLabel asks its layout for room for all of its
text, so a long label (or one long word in a wrapped label) widens the window to match,
however the text was capped. So: :func:`elide` cuts text to a width in pixels,
:class:`ElidedLabel` is a one-line label that shows what fits of its text, and
:func:`breakable` lets a wrapped label wrap inside a long word instead of widening.
:class:`FittedText` is the other way round: a board written as text, grown or shrunk
to the room it has.
"""

from __future__ import annotations

import math
import re
from typing import Final

from PySide6.QtCore import QSize
from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
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


#: A fitted text is drawn at most this many times its font's own size...
FIT_MOST: Final = 2.5
#: ...and at the least this many points.
FIT_LEAST_POINTS: Final = 6.5
#: The share of its room a fitted text fills at most (rounding and hinting differ).
_FIT_SHARE: Final = 0.95


class FittedText(QLabel):
    """Lines of fixed-width text (a board written as text) drawn at the largest size that
    fits the label: from ``FIT_LEAST_POINTS`` up to ``FIT_MOST`` times its font's own size.

    It asks its layout for room for the text at the font's own size and makes do with
    the room at the smallest size, so a big board neither widens the window nor is cut:
    it shrinks (in a scroll area, it scrolls past that). Wrapped text (a message, not a
    board) stays at the font's own size, as any label's.
    """

    def __init__(self, font: QFont, parent: QWidget | None = None) -> None:
        self._base = QFont(font)
        super().__init__(parent)
        self.setFont(font)

    def setText(self, text: str) -> None:
        """Show ``text``, fitted."""
        super().setText(text)
        self._fit()

    def setWordWrap(self, on: bool) -> None:
        """Wrapped (a message): the font's own size; else fitted."""
        super().setWordWrap(on)
        self._fit()

    def sizeHint(self) -> QSize:
        """Room for the text at the font's own size."""
        return super().sizeHint() if self.wordWrap() else self._room_at(self._base)

    def minimumSizeHint(self) -> QSize:
        """Room for the text at its smallest size."""
        if self.wordWrap():
            return super().minimumSizeHint()
        least = QFont(self._base)
        least.setPointSizeF(min(FIT_LEAST_POINTS, self._base.pointSizeF()))
        return self._room_at(least)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit()

    def _text_size(self, font: QFont) -> tuple[float, float]:
        metrics = QFontMetricsF(font)
        lines = self.text().split("\n")
        return max(metrics.horizontalAdvance(line) for line in lines), (
            metrics.lineSpacing() * len(lines)
        )

    def _room_at(self, font: QFont) -> QSize:
        width, height = self._text_size(font)
        margins = self.contentsMargins()
        extra_w = 2 * self.margin() + margins.left() + margins.right()
        extra_h = 2 * self.margin() + margins.top() + margins.bottom()
        return QSize(math.ceil(width) + extra_w, math.ceil(height) + extra_h)

    def _fit(self) -> None:
        font = QFont(self._base)
        width, height = self._text_size(self._base)
        room = self.contentsRect().adjusted(
            self.margin(), self.margin(), -self.margin(), -self.margin()
        )
        if not self.wordWrap() and width > 0 and height > 0 and room.width() > 0:
            scale = _FIT_SHARE * min(room.width() / width, room.height() / height)
            base = self._base.pointSizeF()
            points = max(FIT_LEAST_POINTS, min(base * scale, base * FIT_MOST))
            font.setPointSizeF(math.floor(points * 2) / 2)
        if font != self.font():
            self.setFont(font)
