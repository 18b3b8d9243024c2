"""Random game trees, reproducible from a seed: for demos, exercises and property tests."""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from collections.abc import Collection
from collections.abc import Sequence

from gamesearch_gui.core.trees.tree import MAX_DEPTH
from gamesearch_gui.core.trees.tree import MAX_NODES
from gamesearch_gui.core.trees.tree import CustomTree
from gamesearch_gui.core.trees.tree import NodeType
from gamesearch_gui.core.trees.tree import Number
from gamesearch_gui.core.trees.tree import Path
from gamesearch_gui.core.trees.tree import TreeNode
from gamesearch_gui.core.trees.tree import gc_paused

#: The most players a random tree may have: one letter each, A to Z.
MAX_PLAYERS = 26
#: The players of a random tree of ``n``: A, B, C, ...
PLAYER_NAMES = tuple("ABCDEFGHIJKLMNOPQRSTUVWXYZ")

#: Chance probabilities are multiples of 1/10 (1/20 past ten children, and so on): short
#: to read in the tree view, and sums of a few of them stay exact enough in float.
_TENTHS = 10


def _node_bound(depth: int, most: int) -> int:
    """The most nodes a tree of this depth and branching can have, capped past MAX_NODES."""
    total, level = 0, 1
    for _ in range(depth + 1):
        total += level
        if total > MAX_NODES:
            break
        level *= most
    return total


def closing_probabilities(weights: Sequence[int]) -> list[float]:
    """Probabilities proportional to positive ``weights`` whose float sum is exactly 1.

    Each is ``w / total`` (short to read) when those already add up to 1.0 from left to
    right; otherwise the last becomes 1 minus the sum of the others, so that a search
    adding them in drawn order reaches exactly 1 and ``1 - sum`` never dips below 0.
    """
    total = sum(weights)
    if not weights or min(weights) <= 0:
        raise ValueError(f"weights must be positive, not {list(weights)}")
    probabilities = [w / total for w in weights]
    if sum(probabilities) != 1.0:
        last = 1 - sum(probabilities[:-1])
        if not last > 0:
            raise AssertionError(f"weights {list(weights)} leave nothing for the last child")
        probabilities[-1] = last
    return probabilities


def _probabilities(rng: random.Random, n: int) -> list[float]:
    """``n`` random positive probabilities, multiples of a tenth where they can be."""
    denominator = _TENTHS * math.ceil(n / _TENTHS)
    cuts = sorted(rng.sample(range(1, denominator), n - 1))
    weights = [b - a for a, b in zip([0, *cuts], [*cuts, denominator], strict=True)]
    # Some rotation of the weights usually sums exactly as plain tenths, which read better
    # in a file than a closing 0.19999999999999996; the composition stays just as random.
    for k in range(n):
        rotated = weights[k:] + weights[:k]
        if sum(w / denominator for w in rotated) == 1.0:
            return [w / denominator for w in rotated]
    return closing_probabilities(weights)


@gc_paused()
def random_tree(
    depth: int,
    branching: tuple[int, int] = (2, 3),
    values: tuple[Number, Number] = (-10, 10),
    *,
    chance_layers: Collection[int] | float = (),
    integer_values: bool = True,
    seed: int | str | None = None,
    root: NodeType | str = "max",
    evals: bool = False,
    early_leaf: float = 0.0,
    name: str | None = None,
    max_nodes: int = MAX_NODES,
    players: int = 2,
    constant_sum: int | None = None,
) -> CustomTree:
    """A random tree with leaves at ``depth``; the same arguments and seed give the same tree.

    Levels alternate MAX and MIN from ``root`` (level 0). ``chance_layers`` is either a set
    of levels that are chance nodes or, as a float, the probability that each level below
    the root is one; chance layers do not break the MAX/MIN alternation of the levels
    around them. Each child count is drawn from ``branching`` (inclusive), each leaf value
    from ``values``. ``early_leaf`` is the probability that a node above ``depth`` (not the
    root) is a leaf anyway. With ``evals`` each inner node gets an ``eval``: its true
    (minimax or expected) value plus noise of up to a quarter of the value range, so
    move ordering and cutoffs have an estimate that is informative but imperfect.
    A shape that could pass ``max_nodes`` (at most the file format's MAX_NODES) is refused
    before anything is made.

    ``players`` above 2 makes a tree of that many players, A, B, C, ... (file version 2):
    its decision levels belong to them in turn from A at the root (chance levels do not
    break the turn), and each leaf holds one whole number per player drawn from
    ``values``. With ``constant_sum`` every leaf's numbers add up to it (each still
    within ``values``), and the tree declares it, so max^n's shallow pruning applies.
    Such a tree takes no ``root`` but MAX (A's) and no ``evals``.
    """
    _check_shape(depth, branching, values, integer_values, early_leaf, max_nodes)
    fewest, most = branching
    lo, hi = values
    root_type = _root_type(root)
    if players != 2:
        _check_players(players, values, root_type, evals, integer_values, constant_sum)
        names = PLAYER_NAMES[:players]
    elif constant_sum is not None:
        raise ValueError("a tree of two players (MAX and MIN) is zero-sum: give no constant sum")

    # The range leaves and evals are drawn from (integers inside ``values`` if asked).
    least, largest = (math.ceil(lo), math.floor(hi)) if integer_values else (lo, hi)
    rng = random.Random(seed)
    level_types = _level_types(depth, root_type, chance_layers, rng)

    if players != 2:
        return _player_tree(
            depth,
            (fewest, most),
            (int(least), int(largest)),
            names,
            constant_sum,
            level_types,
            early_leaf,
            rng,
            name if name is not None else f"Random tree of {players} players (seed {seed})",
        )

    def leaf_value() -> Number:
        if integer_values:
            return rng.randint(int(least), int(largest))
        return min(max(round(rng.uniform(lo, hi), 2), lo), hi)

    records = _draw_records(depth, (fewest, most), level_types, early_leaf, rng, leaf_value)

    def estimate(true_value: Number) -> Number:
        """The node's eval: its true value plus noise, rounded, kept within the range."""
        spread = (hi - lo) / 4
        noisy = true_value + rng.uniform(-spread, spread)
        rounded: Number = round(noisy) if integer_values else round(noisy, 2)
        return min(max(rounded, least), largest)

    root_node = _build_from_records(records, estimate if evals else None)
    tree_name = name if name is not None else f"Random tree (depth {depth}, seed {seed})"
    return CustomTree(tree_name, root_node)


def _check_shape(
    depth: int,
    branching: tuple[int, int],
    values: tuple[Number, Number],
    integer_values: bool,
    early_leaf: float,
    max_nodes: int,
) -> None:
    """ValueError, saying what is wrong, for a shape ``random_tree`` cannot make."""
    if not 0 <= depth <= MAX_DEPTH:
        raise ValueError(f"depth must be between 0 and {MAX_DEPTH}, not {depth}")
    fewest, most = branching
    if not 1 <= fewest <= most:
        raise ValueError(f"branching must be (lo, hi) with 1 <= lo <= hi, not {branching}")
    lo, hi = values
    if not (math.isfinite(lo) and math.isfinite(hi) and lo <= hi):
        raise ValueError(f"values must be (lo, hi) with finite lo <= hi, not {values}")
    if integer_values and math.ceil(lo) > math.floor(hi):
        raise ValueError(f"no integer lies in values {values}")
    if not 0 <= early_leaf <= 1:
        raise ValueError(f"early_leaf is a probability, not {early_leaf}")
    limit = min(max_nodes, MAX_NODES)
    if _node_bound(depth, most) > limit:
        raise ValueError(f"depth {depth} with up to {most} children could exceed {limit:,} nodes")


def _root_type(root: NodeType | str) -> NodeType:
    """The root's type, MAX or MIN, from its type or its name; ValueError for any other."""
    root_type = NodeType(root) if isinstance(root, str) else root
    if root_type not in (NodeType.MAX, NodeType.MIN):
        raise ValueError(f'root must be "max" or "min", not {root!r}')
    return root_type


#: One node of a two-player random tree as drawn, in pre-order: its type, its value (a
#: leaf's), its probability (a chance node's child's), its path and its number of children.
_Record = tuple[NodeType, Number | None, float | None, Path, int]


def _draw_records(
    depth: int,
    branching: tuple[int, int],
    level_types: list[NodeType],
    early_leaf: float,
    rng: random.Random,
    leaf_value: Callable[[], Number],
) -> list[_Record]:
    """The nodes of a random two-player tree in pre-order, each drawn as it is reached:
    iterative, so depth is bounded only by MAX_DEPTH."""
    fewest, most = branching
    records: list[_Record] = []
    stack: list[tuple[Path, float | None]] = [((), None)]
    while stack:
        path, probability = stack.pop()
        level = len(path)
        is_leaf = level == depth or (level > 0 and early_leaf > 0 and rng.random() < early_leaf)
        if is_leaf:
            records.append((NodeType.LEAF, leaf_value(), probability, path, 0))
            continue
        node_type = level_types[level]
        n = rng.randint(fewest, most)
        probabilities: list[float | None] = [None] * n
        if node_type is NodeType.CHANCE:
            probabilities = list(_probabilities(rng, n))
        records.append((node_type, None, probability, path, n))
        for i in range(n - 1, -1, -1):
            stack.append(((*path, i), probabilities[i]))
    return records


def _true_value(node_type: NodeType, pairs: Sequence[tuple[TreeNode, Number]]) -> Number:
    """A MAX, MIN or chance node's minimax (or expected) value from its children's."""
    if node_type is NodeType.MAX:
        return max(v for _, v in pairs)
    if node_type is NodeType.MIN:
        return min(v for _, v in pairs)
    return math.fsum((c.probability or 0.0) * v for c, v in pairs)


def _build_from_records(
    records: list[_Record], estimate: Callable[[Number], Number] | None
) -> TreeNode:
    """The root of the tree the pre-order ``records`` describe, built bottom-up; with
    ``estimate`` each inner node gets an eval made from its true value."""
    built: list[tuple[TreeNode, Number]] = []  # each node with its true value, for evals
    for node_type, value, probability, path, n in reversed(records):
        if node_type is NodeType.LEAF:
            assert value is not None
            node = TreeNode(NodeType.LEAF, (), value, None, probability, None, None, path)
            built.append((node, value))
            continue
        pairs = built[-1 : -n - 1 : -1]
        del built[-n:]
        children = tuple(c for c, _ in pairs)
        true_value = _true_value(node_type, pairs)
        evaluation = estimate(true_value) if estimate is not None else None
        node = TreeNode(node_type, children, None, evaluation, probability, None, None, path)
        built.append((node, true_value))
    return built[0][0]


def _level_types(
    depth: int,
    root: NodeType,
    chance_layers: Collection[int] | float,
    rng: random.Random,
) -> list[NodeType]:
    """The type of the inner nodes at each level above the leaves."""
    if isinstance(chance_layers, int | float):
        p = float(chance_layers)
        if not 0 <= p <= 1:
            raise ValueError(f"a chance-layer probability must be in [0, 1], not {p}")
        # Drawn even when p is 0 or 1, so that p changes which levels are chance, not
        # every later random number.
        chance = {level for level in range(1, depth) if rng.random() < p}
    else:
        chance = set(chance_layers)
        wrong = sorted(level for level in chance if level < 0)
        if wrong:
            raise ValueError(f"chance layers are levels 0, 1, 2, ..., not {wrong}")
    types: list[NodeType] = []
    mover = root
    for level in range(depth):
        if level in chance:
            types.append(NodeType.CHANCE)
        else:
            types.append(mover)
            mover = NodeType.MIN if mover is NodeType.MAX else NodeType.MAX
    return types


def _check_players(
    players: int,
    values: tuple[Number, Number],
    root: NodeType,
    evals: bool,
    integer_values: bool,
    constant_sum: int | None,
) -> None:
    """ValueError, saying what is wrong, for a tree of ``players`` that cannot be made."""
    if isinstance(players, bool) or not 3 <= players <= MAX_PLAYERS:
        raise ValueError(
            f"a random tree has 2 players (MAX and MIN) or 3 to {MAX_PLAYERS}, not {players}"
        )
    if root is not NodeType.MAX:
        raise ValueError("a tree of players starts with A's decision: give no root")
    if evals:
        raise ValueError("random evals are for trees of MAX and MIN")
    if not integer_values:
        raise ValueError("a tree of players holds whole numbers")
    if constant_sum is None:
        return
    least, largest = math.ceil(values[0]), math.floor(values[1])
    if isinstance(constant_sum, bool) or not isinstance(constant_sum, int):
        raise ValueError(f"the constant sum is a whole number, not {constant_sum!r}")
    if not players * least <= constant_sum <= players * largest:
        raise ValueError(
            f"{players} numbers from {least} to {largest} add up to {players * least} to "
            f"{players * largest}, never to {constant_sum}"
        )


def _player_tree(
    depth: int,
    branching: tuple[int, int],
    values: tuple[int, int],
    names: tuple[str, ...],
    constant_sum: int | None,
    level_types: list[NodeType],
    early_leaf: float,
    rng: random.Random,
    name: str,
) -> CustomTree:
    """A random tree of the players ``names``: ``random_tree``'s shape, each decision
    level the next player's, each leaf a vector (adding up to ``constant_sum`` if given).
    ``level_types`` says which levels are chance (any other is a decision)."""
    fewest, most = branching
    n = len(names)
    # The decision levels belong to the players in turn; chance levels are passed over.
    owners: list[int | None] = []
    turn = 0
    for kind in level_types:
        if kind is NodeType.CHANCE:
            owners.append(None)
        else:
            owners.append(turn % n)
            turn += 1

    def vector() -> tuple[int, ...]:
        lo, hi = values
        if constant_sum is None:
            return tuple(rng.randint(lo, hi) for _ in range(n))
        # One share at a time, each drawn from what still lets the others fit within
        # [lo, hi]; then shuffled, so that no player is favoured by going first.
        shares = []
        left = constant_sum
        for k in range(n - 1, 0, -1):  # k players still to come after this one
            share = rng.randint(max(lo, left - k * hi), min(hi, left - k * lo))
            shares.append(share)
            left -= share
        shares.append(left)
        rng.shuffle(shares)
        return tuple(shares)

    records: list[tuple[int | None, tuple[int, ...] | None, float | None, Path, int]] = []
    stack: list[tuple[Path, float | None]] = [((), None)]
    while stack:
        path, probability = stack.pop()
        level = len(path)
        if level == depth or (level > 0 and early_leaf > 0 and rng.random() < early_leaf):
            records.append((None, vector(), probability, path, 0))
            continue
        count = rng.randint(fewest, most)
        chances: list[float | None] = [None] * count
        if owners[level] is None:
            chances = list(_probabilities(rng, count))
        records.append((owners[level], None, probability, path, count))
        for i in range(count - 1, -1, -1):
            stack.append(((*path, i), chances[i]))

    built: list[TreeNode] = []
    for owner, leaf_values, probability, path, count in reversed(records):
        if leaf_values is not None:
            built.append(
                TreeNode(
                    NodeType.LEAF, (), None, None, probability, None, None, path, values=leaf_values
                )
            )
            continue
        children = tuple(built[-1 : -count - 1 : -1])
        del built[-count:]
        kind = NodeType.CHANCE if owner is None else NodeType.PLAYER
        built.append(
            TreeNode(kind, children, None, None, probability, None, None, path, player=owner)
        )
    return CustomTree(name, built[0], None, names, constant_sum)
