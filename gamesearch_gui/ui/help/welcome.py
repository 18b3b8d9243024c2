"""The welcome a person gets at the first start: three ways in, and nothing more.

Shown once: however it is closed, the settings remember it (``ui/saved.py``'s
``WELCOME_SEEN``), and only Help > Welcome shows it again. It is the app's start that
shows it (``app.run_app``), never the making of a window, so tests and the smoke test
never meet it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QCommandLinkButton
from PySide6.QtWidgets import QDialog
from PySide6.QtWidgets import QDialogButtonBox
from PySide6.QtWidgets import QLabel
from PySide6.QtWidgets import QVBoxLayout
from PySide6.QtWidgets import QWidget

#: The setting that says the welcome was seen (and closed).


@dataclass(frozen=True)
class Start:
    """One way in: its name, what it shows, and the key the window acts on."""

    key: str
    title: str
    words: str


STARTS: tuple[Start, ...] = (
    Start(
        "play",
        "Play a game and watch the AI think",
        "A game against the AI (tic-tac-toe at first: Settings choose another), with "
        "its search tree open below the board: every position it looks at appears as it "
        "thinks, with its value.",
    ),
    Start(
        "example",
        "Watch Figure 5.2 solved step by step",
        "The textbook's alpha-beta example, replayed one step a second, each step said "
        "in words: which node is entered, what α and β are, what is pruned and why.",
    ),
    Start(
        "exercise",
        "Practise one exercise",
        "A small random tree: work out its minimax values by hand, then press Check to "
        "have each one marked, with a reason for each mistake.",
    ),
)


class WelcomeDialog(QDialog):
    """The welcome: a button per start, and Close. ``choice`` is the start chosen, or None."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("welcome")
        self.setWindowTitle("Welcome to gamesearch-gui")
        self.choice: str | None = None
        heading = QLabel("Welcome to gamesearch-gui")
        font = QFont(heading.font())
        font.setPointSizeF(font.pointSizeF() * 1.4)
        font.setBold(True)
        heading.setFont(font)
        intro = QLabel(
            "See inside a game AI: how minimax and alpha-beta search a game tree, and why "
            "they choose the moves they do. Three ways to start:"
        )
        intro.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(heading)
        layout.addWidget(intro)
        #: The start buttons, by their start's key.
        self.buttons: dict[str, QCommandLinkButton] = {}
        for start in STARTS:
            button = QCommandLinkButton(start.title, start.words)
            button.setObjectName(f"welcome-{start.key}")
            button.clicked.connect(_chooser(self, start.key))
            layout.addWidget(button)
            self.buttons[start.key] = button
        guide_key = QKeySequence(QKeySequence.StandardKey.HelpContents).toString(
            QKeySequence.SequenceFormat.NativeText
        )
        later = QLabel(
            "This welcome shows once: <i>Help &gt; Welcome</i> brings it back, and "
            f"<i>Help &gt; User guide</i>{f' ({guide_key})' if guide_key else ''} explains "
            "everything in the window."
        )
        later.setWordWrap(True)
        later.setTextFormat(Qt.TextFormat.RichText)
        layout.addWidget(later)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)
        layout.addWidget(close)
        self.setMinimumWidth(560)

    def choose(self, key: str) -> None:
        """Take the start ``key`` and close."""
        self.choice = key
        self.accept()


def _chooser(dialog: WelcomeDialog, key: str) -> Callable[[], None]:
    return lambda *_: dialog.choose(key)
