"""The window shown until the main window lands: what the app is, and what works today."""

from __future__ import annotations

import platform

from PySide6.QtCore import Qt, qVersion
from PySide6.QtGui import QAction, QFont, QFontDatabase, QKeySequence, QPalette
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QMessageBox,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from gamesearch_gui import __version__

TITLE = "gamesearch-gui"

TAGLINE = "Adversarial game search you can watch."

ABOUT = (
    "A desktop companion to the adversarial search chapter of Russell & Norvig: "
    "minimax, alpha–beta pruning, evaluation functions and cutoffs, iterative deepening "
    "and chance nodes, shown on real games and on trees you draw yourself."
)

#: What the window will offer (title, one sentence), in the order it is built.
COMING: tuple[tuple[str, str], ...] = (
    (
        "Play against the AI",
        "Tic-tac-toe, Connect Four, the pennies game and Pig: click to move, and choose "
        "the algorithm, depth, evaluation and move ordering the AI plays with.",
    ),
    (
        "Live search tree",
        "Watch nodes expand and branches get pruned as the AI thinks, with α and β at "
        "every node and the principal variation highlighted.",
    ),
    (
        "Tree editor",
        "Draw MAX, MIN and chance nodes, set the leaf values, save them as "
        ".gtree.json files and watch them solved step by step.",
    ),
)

#: Commands that already work (what they do, the command).
COMMANDS: tuple[tuple[str, str], ...] = (
    (
        "Solve the tree of Figure 5.2 with alpha–beta",
        "gamesearch-gui solve resources/trees/figure-5-2.gtree.json",
    ),
    (
        "Solve tic-tac-toe with plain minimax, as JSON",
        "gamesearch-gui solve --game tictactoe --algorithm minimax --json",
    ),
    ("Every option of the solver", "gamesearch-gui solve --help"),
)


class PlaceholderWindow(QMainWindow):
    """A tidy stand-in for the main window: what the app is, what is coming, what works."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(TITLE)
        self.setMinimumSize(760, 500)
        self.resize(920, 560)
        self._build_menus()
        self.setCentralWidget(self._build_body())
        self.statusBar().showMessage(
            f"{TITLE} {__version__}  ·  Python {platform.python_version()}  ·  Qt {qVersion()}"
        )

    def _build_menus(self) -> None:
        file_menu = self.menuBar().addMenu("&File")
        quit_action = QAction("&Quit", self)
        quit_action.setShortcut(QKeySequence.StandardKey.Quit)
        quit_action.triggered.connect(self.close)
        file_menu.addAction(quit_action)

        help_menu = self.menuBar().addMenu("&Help")
        about_action = QAction(f"&About {TITLE}", self)
        about_action.triggered.connect(self._show_about)
        help_menu.addAction(about_action)

    def _show_about(self) -> None:
        QMessageBox.about(self, f"About {TITLE}", f"<b>{TITLE} {__version__}</b><p>{ABOUT}</p>")

    def _build_body(self) -> QWidget:
        body = QWidget(self)
        layout = QVBoxLayout(body)
        layout.setContentsMargins(36, 28, 36, 20)
        layout.setSpacing(10)

        title = QLabel(TITLE, body)
        title_font = QFont(title.font())
        title_font.setPointSizeF(title_font.pointSizeF() * 2.2)
        title_font.setBold(True)
        title.setFont(title_font)
        layout.addWidget(title)

        tagline = QLabel(TAGLINE, body)
        tagline_font = QFont(tagline.font())
        tagline_font.setPointSizeF(tagline_font.pointSizeF() * 1.25)
        tagline.setFont(tagline_font)
        layout.addWidget(tagline)

        layout.addWidget(_paragraph(ABOUT, body))
        layout.addSpacing(14)

        layout.addWidget(_heading("Coming to this window", body))
        cards = QHBoxLayout()
        cards.setSpacing(12)
        for name, text in COMING:
            cards.addWidget(_card(name, text, body), 1)
        layout.addLayout(cards)
        layout.addSpacing(14)

        layout.addWidget(_heading("Works today, from the command line", body))
        layout.addWidget(_commands(body))
        layout.addWidget(
            _paragraph(
                "In a source checkout the command is .venv/bin/gamesearch-gui "
                "(created by ./dev.sh).",
                body,
                muted=True,
            )
        )
        layout.addStretch(1)
        return body


def _heading(text: str, parent: QWidget) -> QLabel:
    label = QLabel(text, parent)
    font = QFont(label.font())
    font.setPointSizeF(font.pointSizeF() * 1.15)
    font.setBold(True)
    label.setFont(font)
    return label


def _paragraph(text: str, parent: QWidget, *, muted: bool = False) -> QLabel:
    label = QLabel(text, parent)
    label.setWordWrap(True)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    if muted:
        label.setForegroundRole(QPalette.ColorRole.PlaceholderText)
    return label


def _card(name: str, text: str, parent: QWidget) -> QFrame:
    card = QFrame(parent)
    card.setObjectName("card")
    card.setStyleSheet(
        "QFrame#card { background: palette(base); border: 1px solid palette(mid);"
        " border-radius: 8px; }"
    )
    card.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
    layout = QVBoxLayout(card)
    layout.setContentsMargins(14, 12, 14, 14)
    layout.setSpacing(6)
    layout.addWidget(_heading(name, card))
    description = QLabel(text, card)
    description.setWordWrap(True)
    description.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
    layout.addWidget(description, 1)
    return card


def _commands(parent: QWidget) -> QFrame:
    box = QFrame(parent)
    box.setObjectName("commands")
    box.setStyleSheet(
        "QFrame#commands { background: palette(base); border: 1px solid palette(mid);"
        " border-radius: 8px; }"
    )
    grid = QGridLayout(box)
    grid.setContentsMargins(14, 12, 14, 12)
    grid.setHorizontalSpacing(18)
    grid.setVerticalSpacing(8)
    mono = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
    for row, (what, command) in enumerate(COMMANDS):
        caption = QLabel(what, box)
        caption.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        line = QLabel(command, box)
        line.setFont(mono)
        line.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        grid.addWidget(line, row, 0)
        grid.addWidget(caption, row, 1)
    grid.setColumnStretch(0, 1)
    return box
