"""Hypothesis strategies for custom trees, to drive property tests of the searches.

Leaf values are small integers so that ties are common: ties are where searches that
order or prune differently most easily disagree about the best move.
"""

from __future__ import annotations

import itertools

from hypothesis import strategies as st

from gamesearch_gui.core.trees.random_tree import closing_probabilities
from gamesearch_gui.core.trees.tree import CustomTree
from gamesearch_gui.core.trees.tree import NodeType
from gamesearch_gui.core.trees.tree import TreeNode


def trees(
    max_depth: int = 4,
    max_branching: int = 4,
    chance: bool = False,
    evals: bool = False,
    values: tuple[int, int] = (-5, 5),
    *,
    numbers: st.SearchStrategy[float] | None = None,
    weights: tuple[int, int] = (1, 4),
    drifts: st.SearchStrategy[float] | None = None,
) -> st.SearchStrategy[CustomTree]:
    """Trees up to ``max_depth`` plies whose root is never a leaf (if ``max_depth`` >= 1).

    Inner nodes are MAX or MIN (or, with ``chance``, CHANCE) in any mix, not only
    alternating; leaves may sit at any depth. With ``evals`` every inner node has an
    integer ``eval`` in ``values``. Leaves are integers in ``values`` unless ``numbers``
    draws them; chance probabilities are proportional to integer ``weights``, their sum
    moved off 1 by what ``drifts`` draws. Shrinks towards small trees, MAX nodes and 0.
    """
    types = [NodeType.MAX, NodeType.MIN] + ([NodeType.CHANCE] if chance else [])
    integers = st.integers(*values)
    leaves = numbers if numbers is not None else integers

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
                return TreeNode(NodeType.LEAF, (), draw(leaves), None, probability)
            node_type = draw(st.sampled_from(types))
            n = draw(st.integers(1, max_branching))
            probabilities: list[float | None] = [None] * n
            if node_type is NodeType.CHANCE:
                shares = closing_probabilities(
                    draw(st.lists(st.integers(*weights), min_size=n, max_size=n))
                )
                if drifts is not None:
                    shares[-1] += draw(drifts)
                probabilities = list(shares)
            children = tuple(node(depth + 1, p) for p in probabilities)
            evaluation = draw(integers) if evals else None
            return TreeNode(node_type, children, None, evaluation, probability)

        # CustomTree gives every node its path.
        return CustomTree("hypothesis tree", node(0, None))

    return build()


#: Leaf values at the edges of floating point: huge, tiny, and everything between.
EDGE_NUMBERS = st.one_of(
    st.integers(-5, 5),
    st.sampled_from([1e300, -1e300, 1e150, -1e150, 1e12, -1e12, 1e-300, -1e-300, 5e-324, 0.1]),
    st.floats(min_value=-1e300, max_value=1e300, allow_nan=False, allow_infinity=False),
)
#: A chance node's probabilities may sum to 1 give or take this (the file format allows
#: 1e-9): the searches must treat them alike.
EDGE_DRIFTS = st.sampled_from([0.0, 0.0, 9e-10, -9e-10, 4e-10])
#: Declared bounds reach this far past the values (or are inferred: None).
EDGE_PADS = st.sampled_from([None, 0.0, 1.0, 1e12, 1e300])


def edge_trees(chance: bool = True) -> st.SearchStrategy[CustomTree]:
    """Trees whose leaves are drawn from EDGE_NUMBERS, whose chance probabilities drift
    from 1 by up to 9e-10, and whose declared value bounds may be far wider than needed."""

    @st.composite
    def build(draw: st.DrawFn) -> CustomTree:
        tree = draw(trees(4, 3, chance, numbers=EDGE_NUMBERS, weights=(1, 13), drifts=EDGE_DRIFTS))
        pad = draw(EDGE_PADS)
        if pad is None:
            return tree
        lo, hi = tree.bounds()
        return CustomTree(tree.name, tree.root, (max(lo - pad, -1.5e300), min(hi + pad, 1.5e300)))

    return build()


def player_trees(
    players: int = 3,
    max_depth: int = 4,
    max_branching: int = 3,
    chance: bool = False,
    evals: bool = False,
    constant_sum: int | None = None,
    labels: bool = False,
) -> st.SearchStrategy[CustomTree]:
    """Trees of ``players`` players (file version 2) whose root is never a leaf.

    Decision nodes name any player in any order (a player may move twice in a row);
    vectors hold small integers from 0 to 6, or, with ``constant_sum``, integers from 0
    that add up to it (evals too). ``labels`` adds labels and moves, for round trips.
    Shrinks towards small trees and the first player.
    """
    names = tuple("ABCDEFG"[:players])

    @st.composite
    def build(draw: st.DrawFn) -> CustomTree:
        def vector() -> tuple[int, ...]:
            if constant_sum is None:
                return tuple(draw(st.lists(st.integers(0, 6), min_size=players, max_size=players)))
            cuts = sorted(
                draw(
                    st.lists(
                        st.integers(0, constant_sum), min_size=players - 1, max_size=players - 1
                    )
                )
            )
            edges = [0, *cuts, constant_sum]
            return tuple(b - a for a, b in itertools.pairwise(edges))

        def text() -> str | None:
            return draw(st.none() | st.text("xyz é", max_size=3)) if labels else None

        def node(depth: int, probability: float | None) -> TreeNode:
            inner = depth == 0 or (depth < max_depth and draw(st.booleans()))
            if not inner:
                return TreeNode(
                    NodeType.LEAF, (), None, None, probability, text(), text(), values=vector()
                )
            is_chance = chance and draw(st.booleans())
            n = draw(st.integers(1, max_branching))
            probabilities: list[float | None] = [None] * n
            if is_chance:
                weights = draw(st.lists(st.integers(1, 4), min_size=n, max_size=n))
                probabilities = list(closing_probabilities(weights))
            children = tuple(node(depth + 1, p) for p in probabilities)
            return TreeNode(
                NodeType.CHANCE if is_chance else NodeType.PLAYER,
                children,
                None,
                None,
                probability,
                text(),
                text() if depth else None,
                player=None if is_chance else draw(st.integers(0, players - 1)),
                evals=vector() if evals else None,
            )

        return CustomTree("hypothesis tree", node(0, None), None, names, constant_sum)

    return build()
