"""The step line over the tree: one sentence for the moment shown, whichever the search.

Before the first event it says how to start (or that the search is starting); after,
the last event in words (:mod:`.steps` for a depth-first search, :mod:`.mcts` for
Monte Carlo tree search); and on the last event of a finished depth-first search, the
best line it found.
"""

from __future__ import annotations

from typing import Final

from gamesearch_gui.core.narration.facts import principal_variation_text
from gamesearch_gui.core.narration.mcts import describe_event
from gamesearch_gui.core.narration.steps import describe_step
from gamesearch_gui.core.recording.mcts import AnyRecording
from gamesearch_gui.core.recording.mcts import MctsRecording

__all__ = ["STARTING_TEXT", "START_TEXT", "step_line"]

#: The step line before the first event.
START_TEXT: Final = "Press play or step to watch the search"
#: The step line while a search runs and has reported nothing yet.
STARTING_TEXT: Final = "The search is starting…"


def step_line(recording: AnyRecording, k: int, *, starting: bool, over: bool) -> str:
    """The step line at moment ``k`` (``k`` events have happened). ``starting``: the
    search runs and has published nothing yet; ``over``: it has finished (then its last
    event also says the best line found)."""
    if k == 0:
        return STARTING_TEXT if starting else START_TEXT
    if isinstance(recording, MctsRecording):
        return describe_event(recording, k - 1)
    text = describe_step(recording, k - 1)
    if over and k >= recording.event_count and recording.result is not None:
        best_line = principal_variation_text(recording)
        if best_line:
            text += f"\nThe search is over. {best_line}."
    return text
