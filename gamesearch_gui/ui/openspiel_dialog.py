"""Game > Open OpenSpiel game…: the games the app can search, found by name, with the
chosen one's parameters to edit; and what the window says when OpenSpiel is not there.

The list comes from the engine process (the window never imports OpenSpiel): each game
with its long name, its players and whether it has chance. A game is opened by the
engine too: the dialog asks ``try_open`` with the game's spec
(``breakthrough(rows=5,columns=5)``, as the command line writes it) and stays open with
the engine's one-line refusal under the fields when the engine refuses it.
"""

from __future__ import annotations

import html
import sys
from collections.abc import Callable
from collections.abc import Mapping
from collections.abc import Sequence
from typing import Any
from typing import Final

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractItemView
from PySide6.QtWidgets import QDialog
from PySide6.QtWidgets import QDialogButtonBox
from PySide6.QtWidgets import QFormLayout
from PySide6.QtWidgets import QGroupBox
from PySide6.QtWidgets import QHeaderView
from PySide6.QtWidgets import QLabel
from PySide6.QtWidgets import QLineEdit
from PySide6.QtWidgets import QTableWidget
from PySide6.QtWidgets import QTableWidgetItem
from PySide6.QtWidgets import QVBoxLayout
from PySide6.QtWidgets import QWidget

from gamesearch_gui.core.openspiel.catalog import OpenSpielEntry
from gamesearch_gui.core.openspiel.library import INSTALL_HINT
from gamesearch_gui.core.openspiel.library import Value
from gamesearch_gui.core.openspiel.spec import Spec
from gamesearch_gui.core.openspiel.spec import SpecError
from gamesearch_gui.core.openspiel.spec import parse_spec
from gamesearch_gui.ui.typed_editors import changed_signal_of
from gamesearch_gui.ui.typed_editors import editor_value
from gamesearch_gui.ui.typed_editors import make_editor
from gamesearch_gui.ui.typed_editors import set_editor_value
from gamesearch_gui.ui.widgets import error_label

#: The game chosen when the dialog opens the first time.
FIRST_CHOICE: Final = "breakthrough"
#: The dialog's columns.
COLUMNS: Final = ("Game", "Long name", "Players", "Chance")
#: ``try_open(spec)``: open the game of ``spec`` in the engine; None when it opened, else
#: the engine's one line on why not.
TryOpen = Callable[[str], str | None]


def not_installed_html() -> str:
    """What Game > Open OpenSpiel game says without the extra (rich text)."""
    command = html.escape(INSTALL_HINT)
    frozen = getattr(sys, "frozen", False)
    lines = [
        "OpenSpiel is not installed, so its games cannot be played here.",
        f"Install it beside the app with:<br><code>{command}</code><br>then start the app again.",
        "The one-file program does not carry OpenSpiel"
        + (
            " (this is the one-file program): install the app with pip as above to play "
            "OpenSpiel's games."
            if frozen
            else "."
        ),
    ]
    return "".join(f"<p>{line}</p>" for line in lines)


def spec_text(game: OpenSpielEntry, values: Mapping[str, Value]) -> str:
    """``game`` with the ``values`` that differ from its defaults, as OpenSpiel writes a
    spec (``breakthrough(columns=5,rows=5)``); just its name when none does."""
    changed = {
        p.name: values[p.name]
        for p in game.parameters
        if p.name in values and values[p.name] != p.default
    }
    return str(Spec(game.name, changed))


def players_text(game: OpenSpielEntry) -> str:
    """How many players ``game`` has: "2", or "2 to 6" where a parameter says."""
    low, high = game.min_players, game.max_players
    return str(low) if low == high else f"{low} to {high}"


class OpenSpielDialog(QDialog):
    """Choose an OpenSpiel game and its parameters; accepted once the engine opened it."""

    def __init__(
        self,
        games: Sequence[OpenSpielEntry],
        try_open: TryOpen,
        parent: QWidget | None = None,
        chosen: str = "",
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Open OpenSpiel game")
        self.games = sorted(games, key=lambda g: g.name)
        self._try_open = try_open
        #: The spec the engine opened (once accepted).
        self.spec = ""
        self.editors: dict[str, QWidget] = {}
        intro = QLabel(
            f"{len(self.games)} games of OpenSpiel the app can search: sequential moves, "
            "perfect information. Type to find one by name."
        )
        intro.setWordWrap(True)
        self.search = QLineEdit()
        self.search.setObjectName("openspiel-search")
        self.search.setPlaceholderText("Find a game by name")
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self._filter)
        self.table = self._make_table()
        self.parameters = QGroupBox("Parameters")
        self._form = QFormLayout(self.parameters)
        self.spec_line = QLabel()
        self.spec_line.setObjectName("openspiel-spec")
        self.spec_line.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.spec_line.setWordWrap(True)
        self.refusal = error_label("openspiel-refusal")
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Open | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.search)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.parameters)
        layout.addWidget(self.spec_line)
        layout.addWidget(self.refusal)
        layout.addWidget(self.buttons)
        self.resize(640, 560)
        self.choose_spec(chosen)
        self.search.setFocus()

    def _make_table(self) -> QTableWidget:
        table = QTableWidget(len(self.games), len(COLUMNS))
        table.setObjectName("openspiel-games")
        table.setHorizontalHeaderLabels(COLUMNS)
        table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        table.verticalHeader().hide()
        header = table.horizontalHeader()
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        for column in (0, 2, 3):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        for row, game in enumerate(self.games):
            cells = (
                game.name,
                game.long_name,
                players_text(game),
                "chance" if game.has_chance else "",
            )
            for column, text in enumerate(cells):
                table.setItem(row, column, QTableWidgetItem(text))
        table.itemSelectionChanged.connect(self._chosen_changed)
        table.itemDoubleClicked.connect(lambda _item: self.accept())
        return table

    # -- choosing ----------------------------------------------------------------------

    @property
    def game(self) -> OpenSpielEntry | None:
        """The game chosen (None: none, when the search hides them all)."""
        rows = self.table.selectionModel().selectedRows()
        if not rows or self.table.isRowHidden(rows[0].row()):
            return None
        return self.games[rows[0].row()]

    def choose(self, name: str) -> bool:
        """Choose the game called ``name``; False when the list has none of that name."""
        row = next((i for i, g in enumerate(self.games) if g.name == name), -1)
        if row < 0:
            return False
        self.table.selectRow(row)
        self.table.scrollTo(self.table.model().index(row, 0))
        return True

    def choose_spec(self, text: str) -> None:
        """Choose the game and the parameters of the spec ``text`` (one this dialog
        wrote: the last game opened); ``FIRST_CHOICE``, or else the first game, when it
        names none listed."""
        try:
            spec = parse_spec(text)
        except SpecError:
            spec = Spec("")
        if not self.choose(spec.name):
            if not self.choose(FIRST_CHOICE) and self.games:
                self.choose(self.games[0].name)
            return
        for key, value in spec.parameters.items():
            if key in self.editors:
                set_editor_value(self.editors[key], value)

    def values(self) -> dict[str, Value]:
        """The chosen game's parameters as the editors hold them."""
        return {key: editor_value(editor) for key, editor in self.editors.items()}

    def chosen_spec(self) -> str:
        """The chosen game with its parameters, as the command line writes it ("": none)."""
        game = self.game
        if game is None:
            return ""
        return spec_text(game, self.values())

    def _filter(self, text: str) -> None:
        """Show the games whose name or long name holds ``text``; keep one chosen."""
        wanted = text.strip().lower()
        first = -1
        for row, game in enumerate(self.games):
            shown = not wanted or wanted in game.name.lower() or wanted in game.long_name.lower()
            self.table.setRowHidden(row, not shown)
            if shown and first < 0:
                first = row
        if self.game is None and first >= 0:
            self.table.selectRow(first)
        self._chosen_changed()

    def _chosen_changed(self) -> None:
        """The chosen game's parameters in the form."""
        while self._form.rowCount():
            self._form.removeRow(0)
        self.editors = {}
        game = self.game
        if game is None:
            self.parameters.setTitle("Parameters")
            self._form.addRow(QLabel("No game of that name: change the search."))
        else:
            self.parameters.setTitle(f"Parameters of {game.long_name}")
            for parameter in game.parameters:
                key = parameter.name
                editor = make_editor(f"parameter-{key}", parameter.default)
                changed_signal_of(editor).connect(self._spec_changed)  # type: ignore[attr-defined]
                shown = (
                    str(parameter.default).lower()
                    if parameter.type == "bool"
                    else parameter.default
                )
                editor.setToolTip(f"{parameter.type}, default {shown}")
                self.editors[key] = editor
                self._form.addRow(key, editor)
            if not game.parameters:
                self._form.addRow(QLabel("This game has no parameters."))
        self._spec_changed()

    def _spec_changed(self, *_: Any) -> None:
        spec = self.chosen_spec()
        self.refusal.hide()
        self.buttons.button(QDialogButtonBox.StandardButton.Open).setEnabled(bool(spec))
        self.spec_line.setText(
            f"On the command line: <code>gamesearch-gui solve --openspiel "
            f"'{html.escape(spec)}'</code>"
            if spec
            else ""
        )

    # -- opening -----------------------------------------------------------------------

    def accept(self) -> None:
        """Have the engine open the chosen game: closed once it did, else its refusal."""
        spec = self.chosen_spec()
        if not spec:
            return
        why = self._try_open(spec)
        if why is not None:
            self.refusal.setText(why)
            self.refusal.show()
            return
        self.spec = spec
        super().accept()
