"""What the exercise page says: how to answer each task, and the welcome."""

from __future__ import annotations

from gamesearch_gui.core.exercises.exercise import Answer
from gamesearch_gui.core.exercises.exercise import Exercise
from gamesearch_gui.core.exercises.exercise import Field
from gamesearch_gui.core.exercises.exercise import Task
from gamesearch_gui.core.exercises.grade import node_name
from gamesearch_gui.core.trees.tree import Path
from gamesearch_gui.ui.canvas_keys import ALPHABETA_KEYS
from gamesearch_gui.ui.canvas_keys import CROSS_OUT_KEYS
from gamesearch_gui.ui.canvas_keys import VALUES_KEYS
from gamesearch_gui.ui.text import breakable


def keys_help(task: Task) -> str:
    """How to answer ``task``: only the keys it uses (values only for minimax and
    expectiminimax; values with α, β and crossed-out branches for alpha-beta;
    crossed-out branches only for Star1)."""
    if task is Task.ALPHABETA:
        return ALPHABETA_KEYS
    return VALUES_KEYS if task.values else CROSS_OUT_KEYS


WELCOME = (
    "<p style='font-size:large'><b>Practise search by hand</b></p>"
    "<p>Choose <b>New exercise</b> (Ctrl+Shift+N): a random tree at the difficulty you "
    "like, the tree you drew, or a tree file. Work out the values (and, for alpha-beta, "
    "what is pruned), then press <b>Check</b>.</p>"
)


def hint_text(exercise: Exercise, answer: Answer, path: Path) -> str:
    """What the page says after a hint filled in the node at ``path`` (or crossed out the
    branch into it)."""
    name = node_name(exercise.tree, path)
    cut = (path, Field.PRUNED) in answer.hinted
    what = f"the branch to {name} is crossed out" if cut else f"{name} is filled in"
    return (
        f"Hint: {breakable(what)}. Hinted entries (amber) earn no points; "
        f"{len(answer.hinted)} so far."
    )
