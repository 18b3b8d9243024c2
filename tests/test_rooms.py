"""The window's rooms (issue 27): feature folders stand side by side, never on each other.

A feature folder under ``ui/`` is one thing a person does (play a game, draw a tree,
practise, check a search, read the help). It may use the shared parts (the tree views,
the boards, the palette, the widgets, the worker) but never another feature's code: a
part two features need lives in a shared room, so that changing one feature cannot
break another. The shared parts import no feature either. Only the window
(``ui/main_window.py`` and what it is built from, ``ui/window/``) puts the features
together.
"""

from __future__ import annotations

from tests.test_layers import import_graph
from tests.test_layers import within

UI = "gamesearch_gui.ui"
#: One folder per thing a person does.
FEATURES = tuple(f"{UI}.{name}" for name in ("play", "editor", "exercise", "search_check", "help"))
#: Where the features are put together.
ASSEMBLY = (f"{UI}.main_window", f"{UI}.window")


def feature_of(module: str) -> str | None:
    return next((feature for feature in FEATURES if within(module, feature)), None)


def crossings(graph: dict[str, set[str]]) -> list[str]:
    """Each import of a feature's module by another feature or by a shared part."""
    found = []
    for module, targets in sorted(graph.items()):
        if not within(module, UI) or any(within(module, place) for place in ASSEMBLY):
            continue
        home = feature_of(module)
        for target in sorted(targets):
            reached = feature_of(target)
            if reached is not None and reached != home:
                found.append(f"{module} imports {target}")
    return found


def test_no_feature_folder_imports_another() -> None:
    found = crossings(import_graph())
    assert not found, "a feature reaches into another (move the part to a shared room):\n" + (
        "\n".join(found)
    )


def test_the_rule_sees_a_crossing() -> None:
    graph = {
        f"{UI}.exercise.page": {f"{UI}.editor.canvas", f"{UI}.tree.canvas"},
        f"{UI}.tree.canvas": {f"{UI}.help.desk"},
        f"{UI}.main_window": {f"{UI}.editor.editor"},
        f"{UI}.editor.editor": {f"{UI}.editor.files"},
    }
    assert crossings(graph) == [
        f"{UI}.exercise.page imports {UI}.editor.canvas",
        f"{UI}.tree.canvas imports {UI}.help.desk",
    ]
    assert all(feature in FEATURES for feature in map(feature_of, graph) if feature)
