"""What the exercise page says: how to answer each task, and the welcome."""

from __future__ import annotations

from gamesearch_gui.core.exercises.exercise import Answer, Exercise, Field, Task
from gamesearch_gui.core.exercises.grade import node_name
from gamesearch_gui.core.trees.tree import Path
from gamesearch_gui.ui.text import breakable

#: How to answer, by task: values only (minimax, expectiminimax), values with α, β and
#: crossed-out branches (alpha-beta), crossed-out branches only (Star1).
VALUES_HELP = """<b>How to answer</b>: click a node, then type its value and press
<b>Enter</b> (or double-click it). <b>Tab</b> / <b>Shift+Tab</b> next / previous node ·
<b>Del</b> rubs out the node's value. Values may be fractions (7/3) or decimals (two
places are enough)."""

KEYS_HELP = """<b>How to answer</b>: click a node, then type its value and press
<b>Enter</b> (or double-click it). <b>A</b> / <b>B</b> write its α / β when it is left.
Click a branch, or press <b>X</b>, to cross it out: it is never searched.
<b>Tab</b> / <b>Shift+Tab</b> next / previous node · <b>Del</b> rubs out the node's
entries. Values may be fractions (7/3) or <b>inf</b> / <b>-inf</b>."""

CROSS_OUT_HELP = """<b>How to answer</b>: click a branch, or click a node and press
<b>X</b>, to cross it out: it is never examined. Click it again (or <b>X</b>) to take the
mark back. <b>Tab</b> / <b>Shift+Tab</b> next / previous node."""


def keys_help(task: Task) -> str:
    """How to answer ``task``: only the keys it uses."""
    if task is Task.ALPHABETA:
        return KEYS_HELP
    return VALUES_HELP if task.values else CROSS_OUT_HELP


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
