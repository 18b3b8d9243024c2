"""What the exercise page says: how to answer each task, the welcome, and the words over
the solution's replay."""

from __future__ import annotations

from gamesearch_gui.core.exercises.exercise import Task

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


def solution_text(task: Task, *, from_start: bool) -> str:
    """What the page says over the solution at its end: what the finished search shows
    of the answer to ``task``, and how to step through it (``from_start``: the next step
    forward goes to the first event)."""
    if task is Task.ALPHABETA:
        shows = (
            "Each node shows the value it returns and its α and β (where one changed, "
            "a→b: b is what the node leaves with); a branch it never searched is marked "
            "pruned."
        )
    elif task is Task.STAR1:
        shows = "A branch it never searched is marked pruned."
    else:
        shows = "Each node shows its value."
    how = (
        "Press <b>→</b> to step through the search from its first event, or <b>▶</b> to play it."
        if from_start
        else "Press <b>▶</b> to play the search again from its first event, or <b>Home</b> to "
        "go back to it."
    )
    return (
        f"<b>The answer</b>: the search that made the key, at its end. {shows} {how} "
        "Entries not right when the solution was shown earn no points."
    )


#: What the page says over the solution while it steps through the search.
STEPS_TEXT = (
    "The search that made the key, step by step: the line under the replay's buttons "
    "says what each step did. Press <b>End</b> to see the answer whole."
)
