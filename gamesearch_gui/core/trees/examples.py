"""The examples library (Help > Examples): small trees that each teach one thing.

Each example is a tree file in ``resources/trees/examples/`` (bundled, found through
importlib.resources) with the answer it must give: the algorithm and depth to solve it
with, the value and best move that come out, and, for the examples about pruning, the
paths alpha-beta skips (as ``solve --json`` lists them in ``pruned``). The tests solve
every example both with :func:`~gamesearch_gui.core.search.search` and through the
command line and check those answers.

The pennies example's file was generated once by :func:`pennies_tree`, and the horizon
example's companion by :func:`quiescence_tree`; each is kept as it is, and a test
re-generates the tree and checks the file still matches.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib.resources.abc import Traversable

from gamesearch_gui.core.game import A
from gamesearch_gui.core.game import Game
from gamesearch_gui.core.game import Player
from gamesearch_gui.core.game import S
from gamesearch_gui.core.games.pennies import Pennies
from gamesearch_gui.core.games.pennies import PenniesState
from gamesearch_gui.core.games.tictactoe import TicTacToe
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.trees.file import load_tree
from gamesearch_gui.core.trees.tree import CustomTree
from gamesearch_gui.core.trees.tree import NodeType
from gamesearch_gui.core.trees.tree import TreeNode
from gamesearch_gui.core.trees.tree import gc_paused
from gamesearch_gui.paths import resource_files

__all__ = [
    "ALL_EXAMPLES",
    "EXAMPLES",
    "PLAYER_EXAMPLES",
    "Example",
    "example",
    "examples_folder",
    "pennies_tree",
    "quiescence_tree",
]


def examples_folder() -> Traversable:
    """The bundled folder of example tree files."""
    return resource_files() / "trees" / "examples"


@dataclass(frozen=True)
class Example:
    """One example: its tree file and the answer solving it must give.

    ``depth`` None means full depth. ``expected_value`` and ``expected_best_move``
    (an index of the root's children) are the answer with ``algorithm`` at ``depth``;
    ``expected_pruned`` the paths of the subtrees alpha-beta skips, in order, for the
    examples about pruning (None for the others). An example with a depth cutoff also
    gives the answer at full depth, ``full_value`` and ``full_best_move``. An example of
    n players gives its root's vector, ``expected_values``; ``expected_value`` is then
    the root player's component of it.
    """

    key: str
    title: str
    caption: str  #: one line: what the example teaches
    algorithm: Algorithm
    depth: int | None
    expected_value: float
    expected_best_move: int
    expected_pruned: tuple[str, ...] | None
    filename: str  #: the file's name in examples_folder()
    full_value: float | None = None
    full_best_move: int | None = None
    expected_values: tuple[float, ...] | None = None

    def resource(self) -> Traversable:
        """The example's bundled file."""
        return examples_folder() / self.filename

    def tree(self) -> CustomTree:
        """The example's tree, loaded from its file."""
        return load_tree(self.resource().read_text(encoding="utf-8"), self.title)


_AB = Algorithm.ALPHABETA

EXAMPLES: tuple[Example, ...] = (
    Example(
        key="figure-5-2",
        title="Figure 5.2",
        caption=(
            "The textbook's two-ply game: MAX plays a1 for a value of 3, and alpha-beta "
            "never looks at C's 4 and 6 once C's first leaf, 2, is worse than B's 3."
        ),
        algorithm=_AB,
        depth=None,
        expected_value=3,
        expected_best_move=0,
        expected_pruned=("1.1", "1.2"),
        filename="01-figure-5-2.gtree.json",
    ),
    Example(
        key="figure-5-2-variant",
        title="Figure 5.2 with C = [2, 4, 1]",
        caption=(
            "Pruned leaves can hold anything: with C's last leaf changed to 1 the value is "
            "still 3, and alpha-beta skips the same two leaves."
        ),
        algorithm=_AB,
        depth=None,
        expected_value=3,
        expected_best_move=0,
        expected_pruned=("1.1", "1.2"),
        filename="02-figure-5-2-variant.gtree.json",
    ),
    Example(
        key="greedy-friends",
        title="Greedy friends",
        caption=(
            "Pick a friend, who hands you the smallest of their coins: the first gives 10; "
            "the second's 5 is already worse, so their last two coins are never looked at."
        ),
        algorithm=_AB,
        depth=None,
        expected_value=10,
        expected_best_move=0,
        expected_pruned=("1.1", "1.2"),
        filename="03-greedy-friends.gtree.json",
    ),
    Example(
        key="generous-friends",
        title="Generous friends",
        caption=(
            "MIN picks a friend, who hands over their largest coin: the first gives 25; "
            "the second's 50 is already more, so the two unknown coins (?) are pruned."
        ),
        algorithm=_AB,
        depth=None,
        expected_value=25,
        expected_best_move=0,
        expected_pruned=("1.1", "1.2"),
        filename="04-generous-friends.gtree.json",
    ),
    Example(
        key="rock-paper-scissors",
        title="Turn-based rock-paper-scissors",
        caption=(
            "Moving first against a reply that sees our move, minimax plays rock: scissors "
            "risks -20, rock and paper each risk -1, and the first among equals wins."
        ),
        algorithm=Algorithm.MINIMAX,
        depth=None,
        expected_value=-1,
        expected_best_move=0,
        expected_pruned=None,
        filename="05-rock-paper-scissors.gtree.json",
    ),
    Example(
        key="chance-small",
        title="Chance: values 2, 3 and 1, 4",
        caption=(
            "With chance the size of values matters, not only their order: here the first "
            "gamble is worth 2.1 against 1.3 (compare the scaled example, or try your own "
            "transformation: Tree > Transform values…)."
        ),
        algorithm=Algorithm.EXPECTIMINIMAX,
        depth=None,
        expected_value=2.1,
        expected_best_move=0,
        expected_pruned=None,
        filename="06-chance-small.gtree.json",
    ),
    Example(
        key="chance-scaled",
        title="Chance: values 20, 30 and 1, 400",
        caption=(
            "The same values in the same order but different sizes: now the second gamble "
            "wins, 40.9 against 21. Without chance only the order of values matters "
            "(Tree > Transform values… tries any order-preserving transformation)."
        ),
        algorithm=Algorithm.EXPECTIMINIMAX,
        depth=None,
        expected_value=40.9,
        expected_best_move=1,
        expected_pruned=None,
        filename="06b-chance-scaled.gtree.json",
    ),
    Example(
        key="chance-flip",
        title="Chance: a steady and a risky gamble",
        caption=(
            "Expectiminimax takes the steady gamble, 3 against 2.5. Transform the values by "
            "x² (Tree > Transform values…): every value keeps its order, yet the risky "
            "gamble now wins, 12.5 against 10, while the worst case still picks the steady one."
        ),
        algorithm=Algorithm.EXPECTIMINIMAX,
        depth=None,
        expected_value=3,
        expected_best_move=0,
        expected_pruned=None,
        filename="06c-chance-flip.gtree.json",
    ),
    Example(
        key="pennies-7",
        title="The pennies game from 7",
        caption=(
            "The whole game tree of splitting 7 pennies: every first move loses against "
            "best replies, so its value is -1 and MIN wins."
        ),
        algorithm=Algorithm.MINIMAX,
        depth=None,
        expected_value=-1,
        expected_best_move=0,
        expected_pruned=None,
        filename="07-pennies-7.gtree.json",
    ),
    Example(
        key="horizon-effect",
        title="The horizon effect",
        caption=(
            "Cut off at depth 2, the evals make grab look best (6 against 3); the "
            "refutation lies beyond that horizon, and at full depth quiet wins, 4 against -4."
        ),
        algorithm=_AB,
        depth=2,
        expected_value=6,
        expected_best_move=0,
        expected_pruned=None,
        filename="08-horizon-effect.gtree.json",
        full_value=4,
        full_best_move=1,
    ),
    Example(
        key="horizon-quiescence",
        title="The horizon effect, fixed by quiescence",
        caption=(
            "Tic-tac-toe, O to move: cut off at depth 1, O's threat at 1 looks best (-25). "
            "Searching on past the horizon along wins and blocks only (quiescence) shows "
            "that X's forced block at 9 makes two threats: 1 loses, and quiet 3 is best."
        ),
        algorithm=_AB,
        depth=1,
        expected_value=-25,
        expected_best_move=0,
        expected_pruned=None,
        filename="08b-horizon-quiescence.gtree.json",
        full_value=-2,
        full_best_move=2,
    ),
)

#: The examples of more than two players (file version 2), solved by max^n. Exercises
#: take ``EXAMPLES`` only (they grade one number per node); the Examples menu lists all.
PLAYER_EXAMPLES: tuple[Example, ...] = (
    Example(
        key="figure-5-4",
        title="Figure 5.4",
        caption=(
            "Three players, each after their own utility (max^n): C picks at the third ply, "
            "B at the second, and A's two moves both give A 1, so the first, (1, 2, 6), wins."
        ),
        algorithm=Algorithm.MAXN,
        depth=None,
        expected_value=1,
        expected_best_move=0,
        expected_pruned=None,
        filename="09-figure-5-4.gtree.json",
        expected_values=(1, 2, 6),
    ),
)

#: Every example, two-player and n-player, in the order of their files.
ALL_EXAMPLES: tuple[Example, ...] = EXAMPLES + PLAYER_EXAMPLES

#: The companion of the horizon example: this tic-tac-toe position searched to depth 1.
QUIESCENCE_POSITION = "....OXX.."

_BY_KEY = {e.key: e for e in ALL_EXAMPLES}


def example(key: str) -> Example:
    """The example with ``key``; KeyError naming the known keys if there is none."""
    try:
        return _BY_KEY[key]
    except KeyError:
        known = ", ".join(_BY_KEY)
        raise KeyError(f"no example {key!r} (known: {known})") from None


@gc_paused()
def pennies_tree(start: int = 7) -> CustomTree:
    """The pennies game from one stack of ``start`` as a full custom tree.

    MAX and MIN alternate, leaves are +1 (MIN cannot move) or -1, moves are written as
    the game writes them (``7=4+3``) and each node is labelled with its stacks
    (``4-3``). Each position appears once per way of reaching it (a tree, not a graph),
    so keep ``start`` small: 7 gives 24 nodes.
    """
    game = Pennies(start)

    def build(state: PenniesState, move: str | None) -> TreeNode:
        label = "-".join(map(str, state[0]))
        value = game.terminal_value(state)
        if value is not None:
            return TreeNode(NodeType.LEAF, (), int(value), None, None, label, move)
        kind = NodeType.MAX if game.to_move(state) is Player.MAX else NodeType.MIN
        children = tuple(
            build(game.result(state, a), game.move_text(state, a)) for a in game.actions(state)
        )
        return TreeNode(kind, children, None, None, None, label, move)

    return CustomTree(f"The pennies game from {start}", build(game.initial_state(), None))


#: Drawn trees show values as written: an evaluation in (-1, 1) is shown in hundredths.
_HUNDREDS = 100


def quiescence_tree(
    game: Game[S, A] | None = None,
    position: str = QUIESCENCE_POSITION,
    depth: int = 1,
    sides: tuple[str, str] = ("X", "O"),
) -> CustomTree:
    """The tree a quiescence search explores from ``position``, as a drawn tree.

    Every move down to ``depth`` plies; past it, only the noisy moves of a position that
    is not quiet (labelled "X can win" or "X must block"), down to the end of the game or
    to a quiet position (a leaf labelled "quiet", its value the evaluation). Values and
    evals are in hundredths, so a win is 100. Cut off at ``depth`` the tree gives the
    plain search's answer; searched to its end, the quiescence search's.
    """
    if game is None:
        return quiescence_tree(TicTacToe(), position, depth, sides)
    evaluate = next(iter(game.evaluations().values()))
    names = {Player.MAX: sides[0], Player.MIN: sides[1]}

    def hundredths(value: float) -> int:
        return round(value * _HUNDREDS)

    def build(state: S, ply: int, move: str | None) -> TreeNode:
        value = game.terminal_value(state)
        if value is not None:
            return TreeNode(NodeType.LEAF, (), hundredths(value), None, None, None, move)
        player = game.to_move(state)
        label = None
        moves = game.actions(state)
        if ply >= depth:
            moves = game.noisy_actions(state)
            if not moves:
                return TreeNode(
                    NodeType.LEAF, (), hundredths(evaluate(state)), None, None, "quiet", move
                )
            wins = any(game.terminal_value(game.result(state, a)) is not None for a in moves)
            label = f"{names[player]} {'can win' if wins else 'must block'}"
        kind = NodeType.MAX if player is Player.MAX else NodeType.MIN
        children = tuple(
            build(game.result(state, a), ply + 1, game.move_text(state, a)) for a in moves
        )
        return TreeNode(kind, children, None, hundredths(evaluate(state)), None, label, move)

    root = build(game.parse_position(position), 0, None)
    return CustomTree("The horizon effect, fixed by quiescence", root)
