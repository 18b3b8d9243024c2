"""Hypothesis strategies for custom trees, to drive property tests of the searches.

Leaf values are small integers so that ties are common: ties are where searches that
order or prune differently most easily disagree about the best move.
"""

from __future__ import annotations

from hypothesis import strategies as st

from gamesearch_gui.core.randomtree import closing_probabilities
from gamesearch_gui.core.tree import CustomTree, NodeType, TreeNode


def trees(
    max_depth: int = 4,
    max_branching: int = 4,
    chance: bool = False,
    evals: bool = False,
    values: tuple[int, int] = (-5, 5),
) -> st.SearchStrategy[CustomTree]:
    """Trees up to ``max_depth`` plies whose root is never a leaf (if ``max_depth`` >= 1).

    Inner nodes are MAX or MIN (or, with ``chance``, CHANCE) in any mix, not only
    alternating; leaves may sit at any depth. With ``evals`` every inner node has an
    integer ``eval`` in ``values``. Shrinks towards small trees, MAX nodes and 0.
    """
    types = [NodeType.MAX, NodeType.MIN] + ([NodeType.CHANCE] if chance else [])
    numbers = st.integers(*values)

    @st.composite
    def build(draw: st.DrawFn) -> CustomTree:
        def node(depth: int, probability: float | None) -> TreeNode:
            if depth >= max_depth:
                inner = False
            elif depth == 0:
                inner = True
            else:
                inner = draw(st.booleans())
            if not inner:
                return TreeNode(NodeType.LEAF, (), draw(numbers), None, probability)
            node_type = draw(st.sampled_from(types))
            n = draw(st.integers(1, max_branching))
            probabilities: list[float | None] = [None] * n
            if node_type is NodeType.CHANCE:
                weights = draw(st.lists(st.integers(1, 4), min_size=n, max_size=n))
                probabilities = list(closing_probabilities(weights))
            children = tuple(node(depth + 1, p) for p in probabilities)
            evaluation = draw(numbers) if evals else None
            return TreeNode(node_type, children, None, evaluation, probability)

        # CustomTree gives every node its path.
        return CustomTree("hypothesis tree", node(0, None))

    return build()
