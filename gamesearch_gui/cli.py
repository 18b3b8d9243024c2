"""The command line: ``gamesearch-gui`` opens the window; ``gamesearch-gui solve`` searches.

Nothing here imports Qt: the window is imported only when it is asked for.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from gamesearch_gui.core.events import ChildrenPruned, NodeEntered, NodeValued, Valuation
from gamesearch_gui.core.game import Game, GameError, Player
from gamesearch_gui.core.search import (
    Algorithm,
    Ordering,
    SearchResult,
    SearchSettings,
    search,
)

PROG = "gamesearch-gui"

POSITION_HELP = """\
position notations (--position):
  tictactoe  nine cells row by row, X, O or '.', e.g. 'X.O.X....' (X moves first and is MAX)
  connect4   the columns played so far, 1 to 7, e.g. '4453' ('' is the empty board)
  pennies    the stacks, comma-separated, then who moves, e.g. '7' or '5,2 min'
  pig        'max A min B turn T (max|min) to (roll|decide)',
             e.g. 'max 12 min 7 turn 5 max to decide' (MAX starts; --target sets the goal)

move notations (best move and principal variation):
  tictactoe  cells 1 to 9, row by row from the top left
  connect4   columns 1 to 7 from the left
  pennies    'N=A+B': split a stack of N into A and B
  pig        'roll', 'hold', or 'rolled N' for a die face
"""


class _Parser(argparse.ArgumentParser):
    """argparse with one-line errors and exit status 2, as the contract asks."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message}\n")


def _number(value: float) -> float | int:
    """A value for JSON: whole numbers as ints, so a tree of ints answers in ints."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def _positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not (math.isfinite(value) and value > 0):
        raise argparse.ArgumentTypeError(f"must be a positive number of seconds: {text!r}")
    return value


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1: {text!r}")
    return value


def build_parser() -> argparse.ArgumentParser:
    """The parser for the whole command line."""
    from gamesearch_gui import __version__

    parser = _Parser(
        prog=PROG,
        description="Adversarial game search you can watch. With no command, opens the window.",
    )
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    parser.add_argument(
        "--smoke-test",
        action="store_true",
        help="open the window offscreen, check that it works, and exit",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    solve = commands.add_parser(
        "solve",
        help="search a custom tree file or a game position",
        description=(
            "Search a custom tree (FILE: a .gtree.json file or a nested list such as "
            "[[3,12,8],[2,4,6],[14,5,2]]; '-' reads standard input), or a game position "
            "(--game)."
        ),
        epilog=POSITION_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    solve.add_argument("file", nargs="?", metavar="FILE", help="tree file, or - for stdin")
    solve.add_argument(
        "--game", choices=["tictactoe", "connect4", "pennies", "pig"], help="search a game"
    )
    solve.add_argument("--position", metavar="TEXT", help="start here (see notations below)")
    solve.add_argument(
        "--algorithm",
        choices=[a.value for a in Algorithm],
        help="default: alphabeta, or expectiminimax where there are chance nodes",
    )
    solve.add_argument(
        "--depth", type=_positive_int, metavar="N", help="cut off at N plies (default: none)"
    )
    solve.add_argument("--eval", metavar="NAME", help="evaluation function for the cutoff")
    solve.add_argument(
        "--ordering",
        choices=[o.value for o in Ordering],
        default=Ordering.NONE.value,
        help="move ordering (default: none)",
    )
    solve.add_argument("--tt", action="store_true", help="use a transposition table")
    solve.add_argument(
        "--time",
        type=_positive_float,
        metavar="SECONDS",
        help="iterative deepening within this time budget",
    )
    solve.add_argument("--target", type=_positive_int, default=20, help="Pig's target score")
    solve.add_argument("--json", action="store_true", help="print one JSON object")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    args = build_parser().parse_args(argv)
    if args.command == "solve":
        try:
            return _solve(args)
        except (GameError, OSError) as error:
            print(f"{PROG} solve: error: {_one_line(error)}", file=sys.stderr)
            return 2
    from gamesearch_gui.app import run_app

    return run_app(smoke_test=args.smoke_test)


def _one_line(error: BaseException) -> str:
    text = str(error) if not isinstance(error, OSError) else _os_error(error)
    return " ".join(text.split())


def _os_error(error: OSError) -> str:
    where = f": {error.filename}" if error.filename else ""
    return f"{error.strerror or error}{where}"


def _settings(args: argparse.Namespace, has_chance: bool) -> SearchSettings:
    if args.algorithm is None:
        algorithm = Algorithm.EXPECTIMINIMAX if has_chance else Algorithm.ALPHABETA
    else:
        algorithm = Algorithm(args.algorithm)
    return SearchSettings(
        algorithm=algorithm,
        depth=args.depth,
        evaluation=args.eval,
        ordering=Ordering(args.ordering),
        transposition_table=args.tt,
        time_budget=args.time,
    )


def _stats(result: SearchResult) -> dict[str, Any]:
    stats = result.stats
    return {
        "nodes": stats.nodes,
        "leaves": stats.leaves,
        "cutoffs": stats.cutoffs,
        "tt_hits": stats.tt_hits,
        "max_depth": stats.max_depth,
        "seconds": round(stats.seconds, 6),
    }


def _solve(args: argparse.Namespace) -> int:
    if args.game is not None:
        if args.file is not None:
            raise GameError("give either a tree FILE or --game, not both")
        return _solve_game(args)
    if args.file is None:
        raise GameError("give a tree FILE ('-' for standard input) or --game NAME")
    return _solve_tree(args)


def _solve_tree(args: argparse.Namespace) -> int:
    from gamesearch_gui.core.tree import TreeGame, path_text
    from gamesearch_gui.core.treefile import load_tree, load_tree_file

    if args.file == "-":
        tree = load_tree(sys.stdin.read(), name="stdin")
    else:
        tree = load_tree_file(args.file)
    game = TreeGame(tree)
    paths: dict[int, tuple[int, ...]] = {}
    visited: list[str] = []
    pruned: list[str] = []

    def listen(event: object) -> None:
        if isinstance(event, NodeEntered):
            paths[event.node_id] = event.state.path
        elif isinstance(event, NodeValued):
            if event.how in (Valuation.TERMINAL, Valuation.EVALUATION):
                visited.append(path_text(paths[event.node_id]))
        elif isinstance(event, ChildrenPruned):
            parent = paths[event.node_id]
            pruned.extend(path_text((*parent, move)) for move in event.moves)

    settings = _settings(args, tree.has_chance)
    result = search(game, tree.root, settings, listener=listen)
    line = [
        path_text(result.principal_variation[: i + 1])
        for i in range(len(result.principal_variation))
    ]
    answer = {
        "algorithm": settings.algorithm.value,
        "value": _number(result.value) if result.value is not None else None,
        "best_move": result.best_move,
        "principal_variation": line,
        "visited_leaves": visited,
        "pruned": pruned,
        "stats": _stats(result),
    }
    _print(args, answer, title=tree.name)
    return 0


def _solve_game(args: argparse.Namespace) -> int:
    from gamesearch_gui.core.games import make_game

    game: Game[Any, Any] = make_game(args.game, pig_target=args.target)
    state = game.initial_state() if args.position is None else game.parse_position(args.position)
    result = search(game, state, _settings(args, game.has_chance))
    line: list[str] = []
    walk = state
    for move in result.principal_variation:
        line.append(game.move_text(walk, move))
        walk = game.result(walk, move)
    best = None if result.best_move is None else game.move_text(state, result.best_move)
    answer = {
        "algorithm": result.settings.algorithm.value,
        "value": _number(result.value) if result.value is not None else None,
        "best_move": best,
        "principal_variation": line,
        "stats": _stats(result),
    }
    if game.to_move(state) is Player.CHANCE:
        answer["note"] = "a die is rolled here: there is no move to choose"
    _print(args, answer, title=game.title)
    return 0


def _print(args: argparse.Namespace, answer: dict[str, Any], *, title: str) -> None:
    if args.json:
        print(json.dumps(answer))
        return
    stats = answer["stats"]
    print(f"{title}: {answer['algorithm']}")
    print(f"  value               {answer['value']}")
    print(f"  best move           {answer['best_move']}")
    print(f"  principal variation {' '.join(map(str, answer['principal_variation'])) or '-'}")
    if "visited_leaves" in answer:
        print(f"  leaves visited      {' '.join(answer['visited_leaves']) or '-'}")
        print(f"  pruned              {' '.join(answer['pruned']) or '-'}")
    print(
        f"  nodes {stats['nodes']}, leaves {stats['leaves']}, cutoffs {stats['cutoffs']}, "
        f"transposition hits {stats['tt_hits']}, deepest ply {stats['max_depth']}, "
        f"{stats['seconds']:.4f} s"
    )


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
