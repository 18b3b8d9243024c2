"""A reference for the alpha-beta window at every event: the textbook's search, written
again here, that notes each node's (α, β) as its variables hold them when each event of
the recorded search is told. The tests compare what the app shows with it."""

from __future__ import annotations

import math

from gamesearch_gui.core.trees.tree import CustomTree
from gamesearch_gui.core.trees.tree import NodeType
from gamesearch_gui.core.trees.tree import Path
from gamesearch_gui.core.trees.tree import TreeNode

#: Each event's windows: by node path, the (α, β) of every node entered so far.
Windows = dict[Path, tuple[float, float]]


def reference_windows(tree: CustomTree, *, fail_hard: bool = False) -> list[Windows]:
    """The windows after each event of alpha-beta (fail-soft or fail-hard) on ``tree``, or
    of the paranoid search when it has players (the root's player maximises its own share,
    the others minimise it; a chance node averages, its outcomes searched with (−∞, +∞)).

    The events are the recording's: a node entered, a node valued, a cutoff. A node's
    window narrows after a child comes back and before the next event is told, as the
    search's own ``alpha = max(alpha, v)`` does; a cutoff leaves it as it was.
    """
    me = tree.root.player or 0
    windows: dict[Path, list[float]] = {}
    events: list[Windows] = []

    def tell() -> None:
        events.append({path: (w[0], w[1]) for path, w in windows.items()})

    def search(node: TreeNode, alpha: float, beta: float) -> float:
        window = windows[node.path] = [alpha, beta]
        tell()  # entered
        if node.type is NodeType.LEAF:
            tell()  # valued
            return float(node.values[me] if node.values is not None else node.value)  # type: ignore[arg-type]
        if node.type is NodeType.CHANCE:
            total = 0.0
            for child in node.children:
                total += (child.probability or 0.0) * search(child, -math.inf, math.inf)
            tell()
            return total
        maximizing = node.type is NodeType.MAX or (
            node.type is NodeType.PLAYER and node.player == me
        )
        value = -math.inf if maximizing else math.inf
        for i, child in enumerate(node.children):
            got = search(child, window[0], window[1])
            more = i + 1 < len(node.children)
            if maximizing:
                value = max(value, got)
                if value >= window[1]:
                    if more:
                        tell()  # pruned
                    break
                window[0] = max(window[0], value)
            else:
                value = min(value, got)
                if value <= window[0]:
                    if more:
                        tell()
                    break
                window[1] = min(window[1], value)
        if fail_hard:
            value = min(max(value, alpha), beta)
        tell()  # valued
        return value

    search(tree.root, -math.inf, math.inf)
    return events
