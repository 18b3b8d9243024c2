"""The exercise's tree: the student's numbers in the nodes, crossed-out branches, grading.

``ExerciseItem`` is the tree view's item over a :class:`~gamesearch_gui.core.recording.drawn_tree.
Drawing` of the exercise tree, with the answer drawn on top: a node's value inside its
shape (written into the drawing's own value column, so the canvas places it), α and β
under it, a double stroke across each crossed-out branch, and after "Check" a green or
red ring on each graded node and a colour on each α, β and mark. The same item draws
the printed sheets and keys (``sheet``: blanks to write in instead of question marks).

``ExerciseCanvas`` turns clicks and keys into requests (``entryRequested``,
``markToggled``, ``clearRequested``); the page owns the answer and says what to draw.
"""

from __future__ import annotations

import math
from typing import Final

from PySide6.QtCore import QPoint
from PySide6.QtCore import QPointF
from PySide6.QtCore import Qt
from PySide6.QtCore import Signal
from PySide6.QtGui import QColor
from PySide6.QtGui import QKeyEvent
from PySide6.QtGui import QMouseEvent
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QWidget

from gamesearch_gui.core.exercises.exercise import Answer
from gamesearch_gui.core.exercises.exercise import Exercise
from gamesearch_gui.core.exercises.exercise import Field
from gamesearch_gui.core.exercises.exercise import Task
from gamesearch_gui.core.exercises.grade import Mark
from gamesearch_gui.core.exercises.grade import Verdict
from gamesearch_gui.core.exercises.grade import node_name
from gamesearch_gui.core.numbers import format_number
from gamesearch_gui.core.numbers import format_probability
from gamesearch_gui.core.recording.drawn_tree import Drawing
from gamesearch_gui.core.trees.tree import NodeType
from gamesearch_gui.core.trees.tree import Path
from gamesearch_gui.ui.palette import MIN_TEXT_PIXELS
from gamesearch_gui.ui.tree.drawn_item import DrawnTreeItem
from gamesearch_gui.ui.tree.drawn_item import show_drawing
from gamesearch_gui.ui.tree.editable import NUMBER_START
from gamesearch_gui.ui.tree.editable import EditorCanvas
from gamesearch_gui.ui.tree.fitted import FittedCanvas
from gamesearch_gui.ui.tree.geometry import NODE_R
from gamesearch_gui.ui.tree.item import CanvasText
from gamesearch_gui.ui.tree.item import Drawn
from gamesearch_gui.ui.tree.placement import WINDOW
from gamesearch_gui.ui.tree.style import LABEL_PX

RIGHT_COLOUR: Final = QColor("#2e7d32")
WRONG_COLOUR: Final = QColor("#d32f2f")
HINTED_COLOUR: Final = QColor("#e08a00")
#: The same on a dark background (the darker ones are hard to see there).
_ON_DARK: Final = (QColor("#66bb6a"), QColor("#ef5350"), QColor("#ffb74d"))


def grade_colours(background: QColor) -> tuple[QColor, QColor, QColor]:
    """The colours of right, wrong and hinted entries that read on ``background``."""
    if background.lightnessF() < 0.5:
        return _ON_DARK
    return RIGHT_COLOUR, WRONG_COLOUR, HINTED_COLOUR


#: How close (pixels) a click must be to an edge to cross it out.
EDGE_REACH_PX: Final = 8.0
#: α and β beside a node: their size (of the tree view's small labels) and their distance
#: from the node's centre (in node half-sizes: clear of the grading ring).
WINDOW_TEXT_SCALE: Final = 1.15
WINDOW_GAP: Final = 1.65
#: What a sheet prints for an α or β to fill in.
BLANK: Final = "______"
#: What the screen shows for an α or β still to write.
UNKNOWN: Final = "?"

Verdicts = dict[tuple[Path, Field], Verdict]


class ExerciseItem(DrawnTreeItem):
    """The tree item, drawing a student's answer (and its grading) over the tree."""

    def __init__(self) -> None:
        super().__init__()
        self.exercise: Exercise | None = None
        self.answer = Answer()
        self.verdicts: Verdicts = {}
        #: What an α or β not yet written shows: UNKNOWN on screen, BLANK on a sheet to
        #: write on, None for nothing at all (a key: a node the search never reached).
        self.blank: str | None = UNKNOWN

    def set_exercise(self, exercise: Exercise | None) -> Drawing | None:
        """Draw ``exercise``'s tree (its drawing is returned for the canvas to show)."""
        self.exercise = exercise
        self.answer = Answer()
        self.verdicts = {}
        return self.set_tree(None if exercise is None else exercise.tree)

    def set_answer(self, answer: Answer, verdicts: Verdicts | None = None) -> None:
        """Show ``answer`` (with ``verdicts`` when graded)."""
        self.answer = answer
        self.verdicts = verdicts or {}
        drawing = self.drawing
        if drawing is None:
            return
        # The inner nodes' values live in the drawing's value column: the canvas then
        # writes them in the shapes, sized and placed as it does every value.
        values = drawing.recording.value
        for n, path in enumerate(drawing.paths):
            if drawing.tree.node_at(path).type is not NodeType.LEAF:
                values[n] = answer.values.get(path, math.nan)
        self.update()

    def edge_text(self, n: int) -> str:
        """The move's name where the tree gives one. Unnamed moves would be labelled 0, 1,
        2: noise on a sheet. Under a chance node an unnamed outcome shows its probability."""
        drawing = self.drawing
        if drawing is not None:
            node = drawing.tree.node_at(drawing.paths[n])
            if node.move is None:
                return "" if node.probability is None else format_probability(node.probability)
        return super().edge_text(n)

    def _alphabeta(self) -> bool:
        return self.exercise is not None and self.exercise.task is Task.ALPHABETA

    def _marks(self) -> bool:
        """True when the task crosses out branches (alpha-beta, Star1)."""
        return self.exercise is not None and self.exercise.task.marks

    def _values(self) -> bool:
        """True when the task writes inner nodes' values (all but Star1)."""
        return self.exercise is not None and self.exercise.task.values

    def _ink(self, path: Path, field: Field, colour: QColor) -> QColor:
        """The colour of an entry: ``colour`` till graded, then green (right), red
        (wrong) or amber (right, but given by a hint)."""
        right_ink, wrong_ink, hinted_ink = grade_colours(self.colours.background)
        verdict = self.verdicts.get((path, field))
        if verdict is None or verdict.mark is Mark.EMPTY:
            return colour
        if not verdict.correct:
            return wrong_ink
        return hinted_ink if (path, field) in self.answer.hinted else right_ink

    def mark(self, painter: QPainter, drawn: Drawn, drawing: Drawing) -> int:
        primitives = self._draw_cuts(painter, drawn, drawing)
        primitives += self._draw_rings(painter, drawn, drawing)
        if self._alphabeta():
            self._write_windows(drawn, drawing)
        return primitives

    def _draw_cuts(self, painter: QPainter, drawn: Drawn, drawing: Drawing) -> int:
        """Crossed-out branches, and the cuts a graded answer missed (dashed): a double
        stroke a little above the middle of the branch, clear of the move's label."""
        answer, verdicts = self.answer, self.verdicts
        right_ink, wrong_ink, hinted_ink = grade_colours(self.colours.background)
        parent_of = drawing.recording.parent
        shown = set(drawn.frame.nodes)
        marks: list[tuple[int, QColor, bool]] = []
        for path in answer.pruned:
            n = drawing.index.get(path)
            if n is not None and n in shown and parent_of[n] >= 0:
                verdict = verdicts.get((path, Field.PRUNED))
                colour = self.inks.cut if not verdicts else right_ink
                if verdict is not None and not verdict.correct:
                    colour = wrong_ink
                if (path, Field.PRUNED) in answer.hinted and (verdict is None or verdict.correct):
                    colour = hinted_ink
                marks.append((n, colour, False))
        for (path, field), verdict in verdicts.items():
            if field is Field.PRUNED and verdict.mark is Mark.WRONG and path not in answer.pruned:
                n = drawing.index.get(path)
                if n is not None and n in shown and parent_of[n] >= 0:
                    marks.append((n, wrong_ink, True))
        primitives = 0
        for n, colour, missed in marks:
            style = Qt.PenStyle.DashLine if missed else Qt.PenStyle.SolidLine
            pen = self.inks.pen(colour, max(2.0, 2.6 * drawn.s), style)
            primitives += self.cross_out(painter, pen, drawn, n, max(4.0, drawn.r * 0.6))
        return primitives

    def _draw_rings(self, painter: QPainter, drawn: Drawn, drawing: Drawing) -> int:
        """Rings: green (right), red (wrong) or amber (given by a hint) around each node
        whose value was graded; none round a value not yet filled in (its "?" says so)."""
        radius = max(3.0, drawn.r * 1.5)
        width = max(2.0, 2.8 * drawn.s)
        primitives = 0
        for n in drawn.frame.nodes:
            path = drawing.paths[n]
            verdict = self.verdicts.get((path, Field.VALUE))
            if verdict is None or verdict.mark is Mark.EMPTY:
                continue
            # A hinted value is given, not earned; a wrong entry stays red.
            colour = self._ink(path, Field.VALUE, QColor())
            primitives += self.ring(painter, self.inks.pen(colour, width), drawn.point(n), radius)
        return primitives

    def _write_windows(self, drawn: Drawn, drawing: Drawing) -> None:
        """α and β beside the inner nodes (alpha-beta): the student's, or blanks. To the
        right, level with the node, where no edge runs (edges leave a node upwards and
        downwards; the label sits at its upper left)."""
        small_px = int(LABEL_PX * drawn.s * WINDOW_TEXT_SCALE)
        if small_px < MIN_TEXT_PIXELS:
            return
        step = small_px * 1.25
        faint = QColor(self.colours.text)
        faint.setAlphaF(0.45)
        for n in drawn.frame.nodes:
            path = drawing.paths[n]
            if drawing.tree.node_at(path).type is NodeType.LEAF:
                continue
            x, y = drawn.point(n)
            left = x + drawn.r * WINDOW_GAP
            top = y - step * 0.5
            for i, field in enumerate((Field.ALPHA, Field.BETA)):
                symbol = "α" if field is Field.ALPHA else "β"
                given = self.answer.numbers(field).get(path)
                colour = QColor(self.colours.text)
                if given is None:
                    if self.blank is None:
                        continue
                    text = f"{symbol} {self.blank}"
                    if self.blank == UNKNOWN:
                        colour = faint
                else:
                    text = f"{symbol} {format_number(given)}"
                colour = self._ink(path, field, colour)
                centre = left + self.texts.width(text, small_px, False) / 2
                drawn.texts.append(
                    CanvasText(
                        centre, top + i * step, text, small_px, False, colour, True, WINDOW, n
                    )
                )


class ExerciseCanvas(EditorCanvas, FittedCanvas):
    """The exercise's tree: click a node to choose it, type its value; click a branch to
    cross it out (alpha-beta). Keys: digits or Enter edit the value, A and B edit α and
    β, X crosses out the branch into the chosen node, Delete rubs out its entries, Tab
    and Shift+Tab go to the next and previous inner node."""

    item_class = ExerciseItem
    #: The person asks to write an entry: path, field, the text typed.
    entryRequested = Signal(object, object, str)
    #: The person crossed out (or restored) the branch into this path.
    markToggled = Signal(object)
    #: The person rubbed out this node's entries.
    clearRequested = Signal(object)
    #: The chosen node changed (a path, or None).
    pathSelected = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.key_handler = self._key
        self.menu_builder = lambda _n: None
        self.inline.committed.connect(self._inline_committed)
        self.doubleClicked.connect(lambda _n: self.start_edit(Field.VALUE))
        self._editing: tuple[Path, Field] | None = None
        #: False while the answer is not to be changed (the key is shown, say).
        self.editable = True
        self.setAlignment(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop)
        self.nodeClicked.connect(self._clicked)

    @property
    def item(self) -> ExerciseItem:
        """The exercise item (typed)."""
        item = self.tree_item
        assert isinstance(item, ExerciseItem)
        return item

    @property
    def drawing(self) -> Drawing | None:
        """The drawing of the exercise tree."""
        return self.item.drawing

    def set_exercise(self, exercise: Exercise | None) -> None:
        """Show a new exercise, fitted, with an empty answer."""
        self.inline.finish(commit=False)
        drawing = self.item.set_exercise(exercise)
        show_drawing(self, drawing)
        if drawing is not None:
            self.fit_exercise()

    def fit_exercise(self) -> None:
        """The whole tree in the window (see FittedCanvas.fit_tree)."""
        self.fit_tree()

    def set_answer(self, answer: Answer, verdicts: Verdicts | None = None) -> None:
        """Show the answer (and its grading)."""
        self.item.set_answer(answer, verdicts)
        self.viewport().update()

    # -- the chosen node

    @property
    def selected_path(self) -> Path | None:
        """The chosen node's path."""
        n = self.item.selected
        drawing = self.drawing
        return None if n is None or drawing is None else drawing.paths[n]

    def select_path(self, path: Path | None) -> None:
        """Choose the node at ``path`` and keep it in view."""
        drawing = self.drawing
        if drawing is None:
            return
        n = None if path is None else drawing.index.get(path)
        self.set_selected(n)
        if n is not None:
            centre = self.mapToScene(self.view_point_of(n))
            self.ensureVisible(centre.x() - 60, centre.y() - 60, 120, 120)
        self.pathSelected.emit(path)

    def _clicked(self, n: int) -> None:
        drawing = self.drawing
        if drawing is not None:
            self.pathSelected.emit(drawing.paths[n])

    def _inner(self, path: Path | None) -> bool:
        drawing = self.drawing
        return (
            drawing is not None
            and path is not None
            and drawing.tree.node_at(path).type is not NodeType.LEAF
        )

    def _step(self, forward: bool) -> None:
        drawing = self.drawing
        if drawing is None:
            return
        inner = [p for p in drawing.paths if self._inner(p)]
        current = self.selected_path
        if current in inner:
            i = inner.index(current) + (1 if forward else -1)
        else:
            i = 0 if forward else len(inner) - 1
        self.select_path(inner[i % len(inner)])

    # -- editing

    def start_edit(self, field: Field, text: str | None = None) -> bool:
        """Open the in-place editor for the chosen node's ``field`` (typed ``text`` first)."""
        path = self.selected_path
        if not self.editable or not self._inner(path) or self.drawing is None:
            return False
        assert path is not None
        if not (self.item._alphabeta() if field is not Field.VALUE else self.item._values()):
            return False
        n = self.drawing.index[path]
        centre = self.view_point_of(n)
        if field is not Field.VALUE:
            # Over the α or β line beside the node (see ExerciseItem.decorate).
            s = min(self.transform().m11(), self.transform().m22())
            step = LABEL_PX * s * WINDOW_TEXT_SCALE * 1.25
            dy = step * (0.5 if field is Field.BETA else -0.5)
            centre = QPoint(
                round(centre.x() + NODE_R * s * WINDOW_GAP + 35), round(centre.y() + dy)
            )
        if text is None:
            given = self.item.answer.get(path, field)
            text = "" if given is None or isinstance(given, bool) else format_number(given)
            select_all = True
        else:
            select_all = False
        self._editing = (path, field)
        self.inline.start(text, centre, select_all=select_all)
        symbol = {Field.VALUE: "value", Field.ALPHA: "α", Field.BETA: "β"}[field]
        self.inline.setToolTip(
            f"{symbol} of {node_name(self.drawing.tree, path)}: Enter to write, Esc to cancel"
        )
        return True

    def _inline_committed(self, text: str) -> None:
        editing, self._editing = self._editing, None
        self.setFocus(Qt.FocusReason.OtherFocusReason)
        if editing is not None:
            self.entryRequested.emit(editing[0], editing[1], text)

    def toggle_mark(self, path: Path | None = None) -> None:
        """Cross out (or restore) the branch into ``path`` (the chosen node by default)."""
        path = self.selected_path if path is None else path
        if self.editable and path and self.item._marks():
            self.markToggled.emit(path)

    # -- Qt

    def _key(self, event: QKeyEvent) -> bool:
        """The exercise's keys (True: handled); the rest go to the tree view."""
        if self.drawing is None:
            return False
        key, text = event.key(), event.text()
        mods = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        plain = mods in (Qt.KeyboardModifier.NoModifier, Qt.KeyboardModifier.ShiftModifier)
        if key == Qt.Key.Key_Tab and plain:
            self._step(True)
        elif key == Qt.Key.Key_Backtab:
            self._step(False)
        elif plain and text and (text in NUMBER_START or text == "∞"):
            return self.start_edit(Field.VALUE, text)
        elif plain and key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_F2):
            self.start_edit(Field.VALUE)
        elif plain and key == Qt.Key.Key_A:
            self.start_edit(Field.ALPHA)
        elif plain and key == Qt.Key.Key_B:
            self.start_edit(Field.BETA)
        elif plain and key in (Qt.Key.Key_X, Qt.Key.Key_Space):
            self.toggle_mark()
        elif plain and key in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace):
            path = self.selected_path
            if self.editable and path is not None:
                self.clearRequested.emit(path)
        else:
            return False
        return True

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        pos = self.mouse.pending_click()
        super().mouseReleaseEvent(event)
        if event.button() != Qt.MouseButton.LeftButton or pos is None:
            return
        if self.node_at(pos) is None:
            child = self.edge_at(pos)
            drawing = self.drawing
            if child is not None and drawing is not None:
                self.set_selected(child)
                self.pathSelected.emit(drawing.paths[child])
                self.toggle_mark(drawing.paths[child])

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        super().mouseMoveEvent(event)
        drawing = self.drawing
        pos = event.position().toPoint()
        n = self.node_at(pos)
        if drawing is None:
            return
        if n is not None:
            self.viewport().setToolTip(self.tip(drawing.paths[n]))
            self.viewport().setCursor(Qt.CursorShape.ArrowCursor)
        elif self.item._marks() and self.editable and self.edge_at(pos) is not None:
            self.viewport().setCursor(Qt.CursorShape.PointingHandCursor)
        else:
            self.viewport().unsetCursor()

    def tip(self, path: Path) -> str:
        """A node's tooltip: its name, and the grader's reasons once checked."""
        drawing = self.drawing
        assert drawing is not None
        lines = [node_name(drawing.tree, path)]
        for (p, _field), verdict in self.item.verdicts.items():
            if p == path and verdict.reason:
                sign = {Mark.RIGHT: "✓ ", Mark.WRONG: "✗ ", Mark.EMPTY: "· "}[verdict.mark]
                lines.append(sign + verdict.reason)
        return "\n".join(lines)

    def edge_at(self, pos: QPoint) -> int | None:
        """The node whose branch (the edge from its parent) passes near ``pos``."""
        drawing = self.drawing
        if drawing is None:
            return None
        parent = drawing.recording.parent
        s = min(self.transform().m11(), self.transform().m22())
        clear = NODE_R * s * 1.2
        best, best_distance = None, EDGE_REACH_PX
        p = QPointF(pos)
        for n in range(1, len(drawing.paths)):
            a = QPointF(self.view_point_of(parent[n]))
            b = QPointF(self.view_point_of(n))
            dx, dy = b.x() - a.x(), b.y() - a.y()
            length2 = dx * dx + dy * dy
            if length2 <= 0:
                continue
            t = ((p.x() - a.x()) * dx + (p.y() - a.y()) * dy) / length2
            length = math.sqrt(length2)
            if t * length < clear or (1 - t) * length < clear:
                continue  # near a node: that is a click on the node
            cx, cy = a.x() + t * dx, a.y() + t * dy
            distance = math.hypot(p.x() - cx, p.y() - cy)
            if distance < best_distance:
                best, best_distance = n, distance
        return best

    def edge_point(self, path: Path) -> QPoint:
        """The middle of the branch into ``path`` (viewport coordinates): where to click."""
        drawing = self.drawing
        assert drawing is not None
        n = drawing.index[path]
        a = self.view_point_of(drawing.recording.parent[n])
        b = self.view_point_of(n)
        return QPoint((a.x() + b.x()) // 2, (a.y() + b.y()) // 2)
