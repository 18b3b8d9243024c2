"""What a search of a drawn tree looked at: the leaves it valued and the children it
pruned, as paths, in order (the tests' view of ``solve``'s visited_leaves and pruned)."""

from __future__ import annotations

from gamesearch_gui.core.recording.events import ChildrenPruned
from gamesearch_gui.core.recording.events import EventRecorder
from gamesearch_gui.core.recording.events import NodeEntered
from gamesearch_gui.core.recording.events import NodeKind
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import search
from gamesearch_gui.core.trees.tree import TreeGame
from gamesearch_gui.core.trees.tree import path_text


def leaves_and_cuts(game: TreeGame, settings: SearchSettings) -> tuple[list[str], list[str]]:
    """The leaves a search valued and the children it pruned, as paths, in order."""
    recorder = EventRecorder()
    search(game, game.tree.root, settings, listener=recorder)
    paths: dict[int, tuple[int, ...]] = {}
    leaves: list[str] = []
    pruned: list[str] = []
    for event in recorder.events:
        if isinstance(event, NodeEntered):
            paths[event.node_id] = event.state.path
            if event.kind is NodeKind.TERMINAL:
                leaves.append(path_text(event.state.path))
        elif isinstance(event, ChildrenPruned):
            pruned.extend(path_text((*paths[event.node_id], m)) for m in event.moves)
    return leaves, pruned
