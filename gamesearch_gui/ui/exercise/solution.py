"""The solution: the search that made the key, replayed in the tree view's page in place
of the student's tree, and what the page says over it at each moment."""

from __future__ import annotations

from gamesearch_gui.core.exercises.exercise import AnswerKey
from gamesearch_gui.core.exercises.exercise import Task
from gamesearch_gui.ui.recorded_search import show_node_labels
from gamesearch_gui.ui.tree.page import TreePage


def solution_panel() -> TreePage:
    """The tree view's page, set to replay the key's search: the solution."""
    panel = TreePage()
    # One search, no iterative deepening: no iteration header over the tree.
    panel.canvas.set_header_visible(False)
    # A key's search keeps every node: no cap to choose for a next search.
    panel.cap_label.hide()
    panel.cap_box.hide()
    panel.canvas.auto_fold = False  # the key is shown whole, never folded
    return panel


def show_key(panel: TreePage, key: AnswerKey) -> None:
    """Show ``key``'s search at its end (the answer), ready to step through from its start."""
    # No title beside the steps: the page's own says which exercise this is.
    panel.show_recording(key.recording, live=False)
    show_node_labels(panel)
    panel.controller.open_at_end()


def solution_words(panel: TreePage, task: Task) -> str:
    """What to say over the solution of ``task`` at the replay's moment: the answer, or a
    step."""
    controller = panel.controller
    if controller.moment < controller.published:  # a step of the search
        return STEPS_TEXT
    return solution_text(task, from_start=controller.starts_over)


def solution_text(task: Task, *, from_start: bool) -> str:
    """What the page says over the solution at its end: what the finished search shows
    of the answer to ``task``, and how to step through it (``from_start``: the next step
    forward goes to the first event)."""
    if task is Task.ALPHABETA:
        shows = (
            "Each node shows the value it returns and its α and β (where one changed, "
            "a→b: b is what the node leaves with); a value cut short is only a bound, "
            "written ≤ 2 or ≥ 5; a branch it never searched is marked pruned."
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
