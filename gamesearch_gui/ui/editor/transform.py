"""Tree > Transform values and its exercise: f(x) applied to the tree as one undo step.

:class:`TreeTransform` asks for the transformation in a :class:`TransformDialog` (which
shows the decisions before and after, solved in the engine process) and applies the
tree it made to the editor's document as one undoable edit. The exercise "does the
decision flip?" (``core/exercises/flip.py``) opens its example tree and the same dialog
with the formula given and the prediction asked first.
"""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from gamesearch_gui.core.exercises.flip import FLIP_EXERCISE
from gamesearch_gui.core.text import clip
from gamesearch_gui.core.text import names_text
from gamesearch_gui.ui.editor.host import EditorHost
from gamesearch_gui.ui.editor.transform_dialog import TransformDialog

#: The title of every refusal here.
REFUSED = "Cannot transform the values"


class TreeTransform:
    """Transform the editor's tree's values, or set the prediction exercise."""

    def __init__(self, editor: EditorHost, parent: QWidget) -> None:
        self.editor = editor
        self.parent = parent

    def transform_values(self) -> None:
        """Ask for f(x) and apply it to every leaf value and eval, as one undo step."""
        editor = self.editor
        if editor.loading:
            return
        tree = editor.document.tree
        if tree.players:
            editor._refused(
                "Transform values works on trees of MAX, MIN and chance nodes; this tree has "
                f"players ({names_text(tree.players)}), each leaf a vector of values",
                REFUSED,
            )
            return
        self._run(self._dialog(TransformDialog(tree, self.parent)))

    def flip_exercise(self) -> None:
        """Open the exercise's tree and ask whether the transformation flips
        expectiminimax's decision (graded in the dialog)."""
        exercise = FLIP_EXERCISE
        caption = f"<b>Exercise: does the decision flip?</b> {exercise.question}"
        if not self.editor.open_tree(exercise.tree(), caption=caption, origin="exercise"):
            return
        dialog = TransformDialog(self.editor.document.tree, self.parent, exercise=exercise)
        self._run(self._dialog(dialog))

    def _dialog(self, dialog: TransformDialog) -> TransformDialog:
        """Run ``dialog`` (modal) and hand it back, answered. Tests replace this."""
        dialog.setModal(True)
        dialog.exec()
        return dialog

    def _run(self, dialog: TransformDialog) -> None:
        """Apply the tree ``dialog`` made, if any, as one undo step."""
        try:
            made, formula = dialog.transformed, dialog.formula
            if made is not None and formula is not None:
                document = self.editor.document
                document.apply(f"Transform values by {clip(formula.text, 40)}", made)
        finally:
            dialog.deleteLater()
