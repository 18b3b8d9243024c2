"""The selected node's properties as a form: kind, value or eval, probability, label, move."""

from __future__ import annotations

import math

from PySide6.QtCore import Signal
from PySide6.QtCore import SignalInstance
from PySide6.QtWidgets import QComboBox
from PySide6.QtWidgets import QFormLayout
from PySide6.QtWidgets import QHBoxLayout
from PySide6.QtWidgets import QLabel
from PySide6.QtWidgets import QLineEdit
from PySide6.QtWidgets import QPushButton
from PySide6.QtWidgets import QVBoxLayout
from PySide6.QtWidgets import QWidget

from gamesearch_gui.core.numbers import format_number
from gamesearch_gui.core.text import clip
from gamesearch_gui.core.text import player_letters
from gamesearch_gui.core.trees.edit import probability_problems
from gamesearch_gui.core.trees.tree import CustomTree
from gamesearch_gui.core.trees.tree import NodeType
from gamesearch_gui.core.trees.tree import Number
from gamesearch_gui.core.trees.tree import Path
from gamesearch_gui.core.trees.tree import path_text
from gamesearch_gui.ui.text import ElidedLabel
from gamesearch_gui.ui.text import keep_whole

#: How the editor's warnings look (wrong probabilities, values outside the bounds).
WARNING_STYLE = (
    "QLabel { color: #8a1c1c; background: #fde8e8; border: 1px solid #e0a0a0;"
    " border-radius: 3px; padding: 4px; }"
)


def warning_label(name: str) -> QLabel:
    """A warning line in the editor's warning style, named ``name``, hidden until it has
    something to say."""
    label = QLabel()
    label.setObjectName(name)
    label.setWordWrap(True)
    label.setStyleSheet(WARNING_STYLE)
    label.hide()
    return label


KIND_NAMES = {
    NodeType.MAX: "MAX (takes the largest)",
    NodeType.MIN: "MIN (takes the smallest)",
    NodeType.CHANCE: "Chance (averages)",
    NodeType.LEAF: "Leaf (a final value)",
}


def decision_name(player: str) -> str:
    """A decision node of ``player`` as the Kind list and the Kind menu name it."""
    return f"{clip(player)}'s decision"


def parse_number(text: str) -> Number:
    """A number typed by a person: an int when it is whole, else a float. ValueError if none."""
    cleaned = text.strip().replace("\u2212", "-").replace(",", ".")
    try:
        return int(cleaned)
    except ValueError:
        pass
    value = float(cleaned)
    if not math.isfinite(value):
        raise ValueError(f"{text!r} is not a finite number")
    return value


def parse_probability(text: str) -> float:
    """A probability typed as 0.25, 1/4 or 25%. ValueError if it is none of those
    (including a fraction over zero, such as 0/0)."""
    cleaned = text.strip().replace(",", ".")
    if cleaned.endswith("%"):
        return float(cleaned[:-1]) / 100
    if "/" in cleaned:
        top, bottom = cleaned.split("/", 1)
        divisor = float(bottom)
        if divisor == 0:
            raise ValueError(f"{text!r} divides by zero")
        return float(top) / divisor
    return float(cleaned)


def probability_problem(tree: CustomTree) -> str | None:
    """What is wrong with the first chance node whose probabilities do not sum to 1,
    naming it (None: every chance node's do)."""
    problems = probability_problems(tree)
    if not problems:
        return None
    path, why = problems[0]
    where = f"node {path_text(path)}" if path else "the root"
    return f"The probabilities at {where} are wrong: {why}"


def parse_vector(text: str, players: tuple[str, ...]) -> tuple[Number, ...]:
    """One number per player typed by a person: ``1, 2, 6`` (or ``(1, 2, 6)``, or the
    numbers apart by spaces or semicolons). ValueError saying what is wrong: too few or
    too many numbers, or which one is no number."""
    cleaned = text.strip().strip("()[]").replace(";", ",")
    parts = [p for chunk in cleaned.split(",") for p in chunk.split()] if cleaned else []
    if len(parts) != len(players):
        raise ValueError(
            f"give {len(players)} numbers, one for each player ({', '.join(players)}) in "
            f"that order, such as {', '.join(str(i + 1) for i in range(len(players)))}; "
            f"{text.strip()!r} has {len(parts)}"
        )
    numbers = []
    for part, name in zip(parts, players, strict=True):
        try:
            numbers.append(parse_number(part))
        except ValueError:
            raise ValueError(f"{part!r}, {name}'s value, is not a number") from None
    return tuple(numbers)


def vector_edit_text(values: tuple[Number, ...] | None) -> str:
    """A stored vector as editable text: ``1, 2, 6`` ("" for none)."""
    return "" if values is None else ", ".join(number_text(v) for v in values)


def number_text(value: Number | None) -> str:
    """A stored number as editable text ("" for none)."""
    if value is None:
        return ""
    return str(value) if isinstance(value, int) else format_number(value).replace("−", "-")


class PropertiesForm(QWidget):
    """Edits the selected node. Emits requests; the editor makes them undoable edits.

    Each signal carries the node's path and the new value (None: remove it).
    """

    kindChosen = Signal(object, object)  # path, NodeType (or a player's index)
    valueEntered = Signal(object, str)  # path, text (a leaf's value or an inner node's eval)
    probabilityEntered = Signal(object, str)
    uniformRequested = Signal(object)  # the path of a chance node or of one of its outcomes
    labelEntered = Signal(object, str)
    moveEntered = Signal(object, str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("nodeProperties")
        self.path: Path = ()
        self._loading = False
        self._value_text = self._probability_text = self._label_text = self._move_text = ""
        self.heading = ElidedLabel()
        self.heading.setObjectName("nodeHeading")
        font = self.heading.font()
        font.setBold(True)
        self.heading.setFont(font)
        self.kind = QComboBox()
        self._fill_kinds(())
        self.value = QLineEdit()
        self.value.setPlaceholderText("none")
        self.probability = QLineEdit()
        self.probability.setPlaceholderText("e.g. 0.5")
        self.uniform = QPushButton("Make uniform")
        self.uniform.setToolTip("Give every outcome of the chance node above the same probability")
        self.label = QLineEdit()
        self.label.setPlaceholderText("none (e.g. A)")
        self.move_edit = QLineEdit()
        # Short enough to read whole in the panel at 1366×768; the tip says the rest.
        self.move_edit.setPlaceholderText("none (its index)")
        self.move_edit.setToolTip(
            "The move into this node, as its edge and the replay name it; with none, the "
            "node's index among its siblings (0 for the first)"
        )
        for edit in (self.label, self.move_edit):
            keep_whole(edit)
        self.warning = warning_label("probabilityWarning")

        form = QFormLayout()
        form.addRow("Kind", self.kind)
        self.value_label = QLabel("Value")
        form.addRow(self.value_label, self.value)
        probability_row = QHBoxLayout()
        probability_row.addWidget(self.probability, 1)
        probability_row.addWidget(self.uniform)
        self.probability_label = QLabel("Probability")
        form.addRow(self.probability_label, probability_row)
        form.addRow("Label", self.label)
        form.addRow("Move label", self.move_edit)
        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addLayout(form)
        layout.addWidget(self.warning)
        layout.addStretch(1)
        self._connect_fields()

    def _connect_fields(self) -> None:
        """Emit a request when a field is changed (see :meth:`_entered`)."""
        self.kind.activated.connect(self._kind_activated)
        self.value.editingFinished.connect(
            lambda: self._entered(self.value, self.valueEntered, self._value_text)
        )
        self.probability.editingFinished.connect(
            lambda: self._entered(self.probability, self.probabilityEntered, self._probability_text)
        )
        self.label.editingFinished.connect(
            lambda: self._entered(self.label, self.labelEntered, self._label_text)
        )
        self.move_edit.editingFinished.connect(
            lambda: self._entered(self.move_edit, self.moveEntered, self._move_text)
        )
        self.uniform.clicked.connect(lambda: self.uniformRequested.emit(self.path))

    def show_node(self, tree: CustomTree, path: Path, problems: list[tuple[Path, str]]) -> None:
        """Show the node at ``path`` of ``tree``, and the probability problems of the tree."""
        self._loading = True
        try:
            node = tree.node_at(path)
            self.path = path
            where = f"node {path_text(path)}" if path else "the root"
            self._fill_kinds(tree.players)
            kind = node.type if node.player is None else node.player
            kind_name = self.kind.itemText(self.kind.findData(kind)).split(" (")[0]
            name = f"{kind_name} {node.label or ''}".strip()
            self.heading.setText(f"{name} — {where}")
            self.kind.setCurrentIndex(self.kind.findData(kind))
            leafy = node.type is NodeType.LEAF
            if tree.players:
                order = f"({', '.join(player_letters(tree.players))})"
                self.value_label.setText("Values" if leafy else "Evals (for cutoffs)")
                self.value.setToolTip(
                    f"One number for each player, in the order {order}: 1, 2, 6"
                    + ("" if leafy else "; leave empty for none")
                )
                self._value_text = vector_edit_text(node.values if leafy else node.evals)
            else:
                self.value_label.setText("Value" if leafy else "Eval (for cutoffs)")
                self.value.setToolTip(
                    "The leaf's utility, from MAX's point of view"
                    if leafy
                    else "The estimate a depth cutoff uses here; leave empty for none"
                )
                self._value_text = number_text(node.value if leafy else node.eval)
            self.value.setText(self._value_text)
            parent = tree.node_at(path[:-1]) if path else None
            under_chance = parent is not None and parent.type is NodeType.CHANCE
            for widget in (self.probability_label, self.probability, self.uniform):
                widget.setVisible(under_chance)
            self._probability_text = number_text(node.probability)
            self.probability.setText(self._probability_text)
            self._label_text = node.label or ""
            self.label.setText(self._label_text)
            self._move_text = node.move or ""
            self.move_edit.setText(self._move_text)
            for edit in (self.label, self.move_edit):
                edit.setCursorPosition(0)  # a long label shows its beginning
            self.move_edit.setEnabled(bool(path))
        finally:
            self._loading = False
        if problems:
            lines = [
                f"⚠ {('Node ' + path_text(p)) if p else 'The root'}: {message}"
                for p, message in problems
            ]
            self.warning.setText("\n".join(lines))
            self.warning.show()
        else:
            self.warning.hide()

    def _fill_kinds(self, players: tuple[str, ...]) -> None:
        """The kinds a node of a tree of ``players`` can be: MAX and MIN, or a decision of
        each player (the combo's data: the player's index)."""
        wanted: list[tuple[str, object]] = []
        if players:
            wanted = [(decision_name(name), i) for i, name in enumerate(players)]
            wanted += [(KIND_NAMES[t], t) for t in (NodeType.CHANCE, NodeType.LEAF)]
        else:
            wanted = [(name, t) for t, name in KIND_NAMES.items()]
        current = [(self.kind.itemText(i), self.kind.itemData(i)) for i in range(self.kind.count())]
        if current != wanted:
            self.kind.clear()
            for text, data in wanted:
                self.kind.addItem(text, data)

    def _kind_activated(self, index: int) -> None:
        if not self._loading:
            self.kindChosen.emit(self.path, self.kind.itemData(index))

    def _entered(self, edit: QLineEdit, signal: SignalInstance, shown: str) -> None:
        # editingFinished also fires when focus merely leaves: only a change is an edit.
        if self._loading or edit.text() == shown:
            return
        signal.emit(self.path, edit.text())
