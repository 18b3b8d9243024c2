"""The command line: ``gamesearch-gui`` opens the window; ``gamesearch-gui solve`` searches.

Nothing here imports Qt: the window is imported only when it is asked for.

``solve`` never ends in a traceback. Its exit statuses: 0 answered; 2 bad input (a
one-line message on standard error naming the problem); 70 an internal error (a bug:
one line starting ``internal error:``); 130 interrupted (Ctrl+C); 141 standard output
closed early (``solve ... | head -c1``), as a program killed by SIGPIPE.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from collections.abc import Callable
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING
from typing import Any
from typing import Final
from typing import NoReturn
from typing import TextIO

from gamesearch_gui.cli_limits import GAME_FILE_SECONDS
from gamesearch_gui.cli_limits import add_limit_options
from gamesearch_gui.cli_limits import containment
from gamesearch_gui.cli_limits import cpu_seconds
from gamesearch_gui.cli_limits import limits_given
from gamesearch_gui.cli_limits import memory_ceiling
from gamesearch_gui.cli_limits import run_contained
from gamesearch_gui.core.cpu_time import WALL_FACTOR
from gamesearch_gui.core.files import check_writable
from gamesearch_gui.core.game import Game
from gamesearch_gui.core.game import GameError
from gamesearch_gui.core.games import GameSpec
from gamesearch_gui.core.games import all_options
from gamesearch_gui.core.games import find_game
from gamesearch_gui.core.games import game_names
from gamesearch_gui.core.games import game_specs
from gamesearch_gui.core.numbers import format_bounded
from gamesearch_gui.core.numbers import format_number
from gamesearch_gui.core.recording.depth_first import DEFAULT_NODE_CAP
from gamesearch_gui.core.recording.depth_first import SearchRecording
from gamesearch_gui.core.recording.events import ChildrenPruned
from gamesearch_gui.core.recording.events import NodeEntered
from gamesearch_gui.core.recording.events import NodeExpanded
from gamesearch_gui.core.recording.events import NodeValued
from gamesearch_gui.core.recording.events import PlayoutFinished
from gamesearch_gui.core.recording.events import SearchEvent
from gamesearch_gui.core.recording.events import Valuation
from gamesearch_gui.core.recording.events import fan_out
from gamesearch_gui.core.root_values import RootValueWatcher
from gamesearch_gui.core.search import MAX_SEARCH_DEPTH
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import Ordering
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import StopReason
from gamesearch_gui.core.search import default_settings
from gamesearch_gui.core.search import search
from gamesearch_gui.core.search.maxn import vector_text
from gamesearch_gui.core.search.mcts import DEFAULT_EXPLORATION
from gamesearch_gui.core.search.mcts import MAX_EXPLORATION
from gamesearch_gui.core.search.mcts import MAX_ITERATIONS
from gamesearch_gui.core.search.mcts import Playout
from gamesearch_gui.core.trees.file import TreeSource
from gamesearch_gui.core.trees.file import printable
from gamesearch_gui.core.trees.file import show
from gamesearch_gui.core.usergame.game import DEFAULT_PLY_LIMIT
from gamesearch_gui.core.usergame.game import MAX_PLY_LIMIT
from gamesearch_gui.core.usergame.game_check import DEFAULT_PLAYOUTS
from gamesearch_gui.core.usergame.templates import TEMPLATES
from gamesearch_gui.core.usergame.templates import write_template
from gamesearch_gui.engine.limits import DEFAULT_CPU_SECONDS
from gamesearch_gui.engine.sandbox import SEARCHES
from gamesearch_gui.solving import SEARCH_OPTIONS
from gamesearch_gui.solving import TO_THE_END
from gamesearch_gui.solving import add_findings
from gamesearch_gui.solving import game_answer
from gamesearch_gui.solving import json_value
from gamesearch_gui.solving import root_answers
from gamesearch_gui.solving import search_settings
from gamesearch_gui.solving import settings_flags
from gamesearch_gui.solving import stats

if TYPE_CHECKING:
    from gamesearch_gui.core.trees.tree import CustomTree

PROG = "gamesearch-gui"

#: Exit statuses of ``solve`` (see the module's docstring).
EXIT_BAD_INPUT = 2
EXIT_INTERNAL_ERROR = 70  # EX_SOFTWARE in sysexits.h
EXIT_INTERRUPTED = 130  # 128 + SIGINT, as a shell reports Ctrl+C
EXIT_BROKEN_PIPE = 141  # 128 + SIGPIPE, as a shell reports a reader that left early
#: Longest message line: a longer one (a path hundreds of levels deep) is cut in the middle.
MESSAGE_LIMIT = 300
#: Longest time budget ``--time`` accepts, in seconds: one day.
MAX_TIME_BUDGET = 86_400
#: Shortest: less is gone before a search has valued its first leaf, or a game file's
#: code has started.
MIN_TIME_BUDGET = 0.01
#: Largest ``--seed``.
MAX_SEED = 2**63 - 1
#: Most random games ``check-game --playouts`` plays.
MAX_CHECK_PLAYOUTS = 100_000


def position_help() -> str:
    """The notations and the default search of every registered game, for the end of
    ``solve --help``."""
    specs = game_specs()
    width = max((len(spec.name) for spec in specs), default=0) + 2

    def entries(text_of: Callable[[GameSpec], str]) -> list[str]:
        lines = []
        for spec in specs:
            first, *rest = text_of(spec).splitlines() or [""]
            lines.append(f"  {spec.name:<{width}}{first}")
            lines.extend(f"  {'':<{width}}{more}" for more in rest)
        return lines

    return "\n".join(
        [
            "position notations (--position):",
            *entries(lambda spec: spec.position_help),
            "",
            "move notations (best move and principal variation):",
            *entries(lambda spec: spec.move_help),
            "",
            "each game's defaults (the window's, but for its time budget; docs/games.md):",
            *entries(lambda spec: settings_flags(default_settings(spec))),
            "",
        ]
    )


class _Parser(argparse.ArgumentParser):
    """argparse with one-line, escaped errors and exit status 2, as the contract asks."""

    def error(self, message: str) -> NoReturn:
        _write(sys.stderr, _one_line(f"{self.prog}: error: {message}"))
        self.exit(EXIT_BAD_INPUT)


def _real(low: float, high: float, unit: str = "", note: str = "") -> Callable[[str], float]:
    """An argparse type: a number from ``low`` to ``high`` (of ``unit``, "seconds"; with
    ``note`` after the range)."""
    of = f" of {unit}" if unit else ""
    unit = f" {unit}" if unit else ""

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a number{of}: {show(text)}") from None
        if not low <= value <= high:  # (NaN is neither)
            raise argparse.ArgumentTypeError(
                f"must be from {low:g} to {high:g}{unit}{note}, not {show(text)}"
            )
        return value

    return parse


_seconds = _real(MIN_TIME_BUDGET, MAX_TIME_BUDGET, "seconds", " (one day)")
_exploration = _real(0, MAX_EXPLORATION)


def _whole_number(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high``."""

    def parse(text: str) -> int:
        try:
            value: int | None = int(text)
        except ValueError:
            # int() also refuses thousands of digits: out of range, not garbage.
            if not text.strip().lstrip("+-").isdecimal():
                raise argparse.ArgumentTypeError(f"not a whole number: {show(text)}") from None
            value = None
        if value is None or not low <= value <= high:
            raise argparse.ArgumentTypeError(
                f"must be at least {low} and at most {high}, not {show(text)}"
            )
        return value

    return parse


def _depth(text: str) -> int | str:
    """``--depth``: a whole number of plies, or ``end`` for no cutoff."""
    if text.strip().lower() == TO_THE_END:
        return TO_THE_END
    return _whole_number(1, MAX_SEARCH_DEPTH)(text)


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
    parser.add_argument(
        "--game-file",
        dest="window_game_file",
        metavar="PATH[:CLASS]",
        help="open the window playing the game of your own Python file (docs/your-code.md)",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    solve = commands.add_parser(
        "solve",
        help="search a custom tree file or a game position",
        description=(
            "Search a custom tree (FILE: a .gtree.json file, a file holding a nested list, "
            "a UC Berkeley CS188 GraphGameTree .test case, a Gambit .efg game of perfect "
            "information, or a nested list itself such as "
            "'[[3,12,8],[2,4,6],[14,5,2]]' (quoted for the shell); '-' reads standard "
            "input), or a game position (--game).\n\n"
            "A CS188 case is the tree its agent searches: Pacman MAX, each ghost a MIN\n"
            "level (a chance level, actions equally likely, for ExpectimaxAgent), cut after\n"
            "depth x num_agents plies; its agent's search is the default (MinimaxAgent\n"
            "minimax, AlphaBetaAgent alphabeta, ExpectimaxAgent expectiminimax). CS188's\n"
            "alpha-beta prunes on strict inequality only (--strict-pruning).\n\n"
            "A Gambit .efg game of one player is a tree of MAX; of two, player 1 is MAX\n"
            "and player 2 MIN, valued by player 1's payoff (zero-sum or constant-sum\n"
            "only); of three or more, a tree of players (max^n). Games of imperfect\n"
            "information are refused.\n\n"
            "A game is searched as the window searches it at first: each search option\n"
            "not given takes the game's default, listed at the end (the window's time\n"
            "budget aside, so that an answer does not depend on the machine's speed).\n"
            "An option given wins: --ordering none --no-tt turns ordering and the table\n"
            "off, --depth end the cutoff. A tree FILE or --game-file has no defaults:\n"
            "alpha-beta to the end (a CS188 case: its agent's search), no ordering, no table."
        ),
        epilog=position_help(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    solve.add_argument(
        "file",
        nargs="?",
        metavar="FILE",
        help="tree file (or CS188 .test case, or Gambit .efg game), a nested list, or - for stdin",
    )
    solve.add_argument("--game", choices=game_names(), help="search a game")
    solve.add_argument(
        "--game-file",
        metavar="PATH[:CLASS]",
        help="search the game a Python file defines (this app's protocol or aima-python's), "
        "from its initial state; :CLASS picks one of several",
    )
    solve.add_argument(
        "--openspiel",
        metavar="NAME[(PARAMS)]",
        help="search an OpenSpiel game, such as 'breakthrough(rows=6,columns=6)' (with the "
        "optional extra gamesearch-gui[openspiel]); 'list' lists the games it can search. "
        "--position gives its moves from the start, separated by commas, each as OpenSpiel "
        "writes it or as its action number; no defaults: give --depth N for a big game",
    )
    solve.add_argument("--position", metavar="TEXT", help="start here (see notations below)")
    solve.add_argument(
        "--algorithm",
        choices=[a.value for a in Algorithm],
        help="default: the game's; for a tree alphabeta, or expectiminimax where there are "
        "chance nodes; for a CS188 .test case its agent's",
    )
    solve.add_argument(
        "--fail-hard",
        action="store_true",
        help=(
            "alpha-beta that returns alpha or beta from a node whose value falls outside "
            "its window, as lecture pseudo-code does (default: fail-soft, the node's own "
            "best value, as in Russell & Norvig); the root's value and best move are the same"
        ),
    )
    solve.add_argument(
        "--strict-pruning",
        action="store_true",
        help=(
            "cut only when v > beta at MAX and v < alpha at MIN, as UC Berkeley CS188 does "
            "(default: also on equal values, v >= beta and v <= alpha, as in Russell & "
            "Norvig); with alphabeta, star1 or paranoid; the root's value and best move "
            "are the same, and more leaves may be evaluated"
        ),
    )
    solve.add_argument(
        "--depth",
        type=_depth,
        metavar="N",
        help=f"cut off at N plies, 1 to {MAX_SEARCH_DEPTH}, or '{TO_THE_END}' for no cutoff "
        "(default: the game's; none for a tree)",
    )
    solve.add_argument(
        "--eval",
        metavar="NAME",
        help="evaluation function for the cutoff (every game has 'none': 0 at every cutoff; "
        "default: the game's first)",
    )
    solve.add_argument(
        "--quiescence",
        action=argparse.BooleanOptionalAction,
        help="past the depth limit, follow the noisy moves (captures, immediate wins and "
        "blocks) until quiet (default: the game's; off for a tree)",
    )
    solve.add_argument(
        "--ordering",
        choices=[o.value for o in Ordering],
        help="move ordering (default: the game's; none for a tree)",
    )
    solve.add_argument(
        "--tt",
        action=argparse.BooleanOptionalAction,
        help="use a transposition table (default: the game's; none for a tree)",
    )
    solve.add_argument(
        "--shallow-pruning",
        action=argparse.BooleanOptionalAction,
        help="max^n: cut where the utilities' constant sum shows a node will not be chosen "
        "(default: the game's; off for a tree)",
    )
    solve.add_argument(
        "--time",
        type=_seconds,
        metavar="SECONDS",
        help=(
            "a time budget: deepen (or run MCTS) for this many seconds of the search's CPU "
            f"time, with a wall-clock ceiling {WALL_FACTOR} times as long (at most "
            f"{MAX_TIME_BUDGET})"
        ),
    )
    mcts = solve.add_argument_group("Monte Carlo tree search (--algorithm mcts)")
    mcts.add_argument(
        "--iterations",
        type=_whole_number(1, MAX_ITERATIONS),
        metavar="N",
        help=f"run N iterations, 1 to {MAX_ITERATIONS} (or give --time, or both)",
    )
    mcts.add_argument(
        "--seed",
        type=_whole_number(0, MAX_SEED),
        metavar="S",
        help="the random seed: the same seed gives the same search (default: 0)",
    )
    mcts.add_argument(
        "--exploration",
        type=_exploration,
        metavar="C",
        help=f"UCB1's exploration constant C (default: sqrt(2) = {DEFAULT_EXPLORATION:.4f})",
    )
    mcts.add_argument(
        "--playout",
        choices=[p.value for p in Playout],
        help="how playouts move: at random (the default), or by the game's light "
        "heuristic, take a win else block a loss (tic-tac-toe and Connect Four)",
    )
    options = solve.add_argument_group("game options (with --game)")
    for spec in game_specs():
        for option in spec.options:
            options.add_argument(
                option.flag,
                dest=option.key,
                type=_whole_number(option.low, option.high),
                metavar="N",
                help=f"{spec.name}: {option.help}, {option.low} to {option.high} "
                f"(default: {option.default})",
            )
    solve.add_argument(
        "--shape",
        action="store_true",
        help=(
            "also give the tree's shape: nodes and branching per depth, the shallowest "
            "and deepest end of the game, distinct positions (records the search: slower, "
            f"and counted over the first {DEFAULT_NODE_CAP:,} nodes at most)"
        ),
    )
    solve.add_argument(
        "--max-plies",
        type=_whole_number(1, MAX_PLY_LIMIT),
        metavar="N",
        help=f"with --game-file: a line of play longer than N plies is an error, so a game "
        f"that never ends stops with a message (default: {DEFAULT_PLY_LIMIT})",
    )
    solve.add_argument(
        "--html",
        metavar="OUT",
        help="also write the search's replay to OUT: one web page, the tree stepped through "
        "event by event with the window's words, that any browser opens from disk "
        "(depth-first searches: not with --algorithm mcts or --game-file)",
    )
    solve.add_argument(
        "--efg",
        metavar="OUT",
        help="also write the tree to OUT as a Gambit extensive-form game (.efg) of perfect "
        "information: MAX is player 1 and MIN player 2 with payoffs v, -v (tree FILEs only)",
    )
    solve.add_argument("--json", action="store_true", help="print one JSON object")
    add_limit_options(solve, _seconds, GAME_FILE_SECONDS, "in the whole search (with --game-file)")
    _add_check_search(commands)
    _add_game_file_commands(commands)
    return parser


def _add_check_search(commands: Any) -> None:
    """The ``check-search`` command's options (DESIGN.md, "Command line")."""
    check = commands.add_parser(
        "check-search",
        help="check your own minimax, alpha-beta or expectiminimax against the app's, leaf by leaf",
        description=(
            "Load a Python file that defines minimax_decision(state, game), "
            "alpha_beta_search(state, game) or expect_minmax(state, game) in "
            "aima-python's style (or the function "
            "--function names), run it on game trees, and compare the leaves it evaluates, "
            "in order, and its decision with the app's own search. Exit status: 0 all "
            "agree, 1 some differ, 2 bad input."
        ),
    )
    check.add_argument(
        "paths",
        nargs="*",
        metavar="PATH",
        help="your Python file; or several, or a folder of them, for a grading run: each "
        "checked in a process of its own, then a table of verdicts",
    )
    check.add_argument("--function", metavar="NAME", help="the function to check")
    check.add_argument(
        "--trees",
        nargs="+",
        metavar="FILE",
        help="check on these tree files or nested lists (default: Figure 5.2, the examples "
        "library and 50 random trees from a fixed seed; for expectiminimax, the examples "
        "and 50 random trees with chance nodes)",
    )
    check.add_argument(
        "--algorithm",
        choices=["minimax", "alphabeta", "expectiminimax"],
        help="which search the function is (default: told by its name)",
    )
    check.add_argument(
        "--strict-pruning",
        action="store_true",
        help="check alpha-beta by the strict rule, cut only when v > beta or v < alpha, as "
        "UC Berkeley CS188 does (default: the textbook's, which cuts on equal values too)",
    )
    check.add_argument(
        "--lesson", metavar="NAME", help="check a bundled 'find the bug' lesson instead of PATH"
    )
    check.add_argument(
        "--list-lessons", action="store_true", help="list the lessons and where their files are"
    )
    check.add_argument("--json", action="store_true", help="print one JSON object")
    add_limit_options(check, _seconds, DEFAULT_CPU_SECONDS, "to load, and on each tree")


def _add_game_file_commands(commands: Any) -> None:
    """``check-game`` and ``new-game``: a user's own game file, checked or begun."""
    check = commands.add_parser(
        "check-game",
        help="check that a game file keeps the rules a search relies on",
        description=(
            "Play random games of the game a Python file defines, from its initial state "
            "with a fixed seed, and say which rules it keeps and which it breaks. Exit "
            "status: 0 all hold, 1 some do not, 2 the file cannot be loaded."
        ),
    )
    check.add_argument("game_file", metavar="PATH[:CLASS]", help="the game file")
    check.add_argument(
        "--playouts",
        type=_whole_number(1, MAX_CHECK_PLAYOUTS),
        default=DEFAULT_PLAYOUTS,
        metavar="N",
        help=f"random games to play (default: {DEFAULT_PLAYOUTS})",
    )
    check.add_argument(
        "--seed", type=_whole_number(0, MAX_SEED), default=0, metavar="S", help="default: 0"
    )
    check.add_argument(
        "--max-plies",
        type=_whole_number(1, MAX_PLY_LIMIT),
        metavar="N",
        help=f"a game must end within N plies (default: {DEFAULT_PLY_LIMIT})",
    )
    check.add_argument("--json", action="store_true", help="print one JSON object")
    add_limit_options(check, _seconds, GAME_FILE_SECONDS, "in the whole check")
    new = commands.add_parser(
        "new-game",
        help="write a game file to start from (Nim, commented)",
        description="Write a commented game file (Nim) to edit, check and solve.",
    )
    new.add_argument("path", metavar="PATH", help="the file to write (an existing one is kept)")
    new.add_argument(
        "--style",
        choices=list(TEMPLATES),
        default="own",
        help="own: this app's protocol (the default); aima: aima-python's Game interface",
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    args = build_parser().parse_args(argv)
    if args.command == "solve":
        return _run(_solve, args, f"{PROG} solve")
    if args.command == "check-search":
        return _run(_check_search, args, f"{PROG} check-search")
    if args.command == "check-game":
        return _run(_check_game, args, f"{PROG} check-game")
    if args.command == "new-game":
        return _run(_new_game, args, f"{PROG} new-game")
    from gamesearch_gui.app import run_app

    return run_app(smoke_test=args.smoke_test, game_file=args.window_game_file)


def _run(command: Callable[[argparse.Namespace], int], args: argparse.Namespace, who: str) -> int:
    """``command(args)``, with every way it can fail turned into an exit status and one line."""
    if sys.stdout is None:  # started with it closed (``>&-``): Python has no stream for it
        _complain(f"{who}: error: standard output is closed: there is nowhere to answer")
        return EXIT_BAD_INPUT
    try:
        status = command(args)
        sys.stdout.flush()  # a reader that left shows here, not at exit
        return status
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        _discard_stdout()
        return EXIT_BROKEN_PIPE
    except MemoryError:
        _complain(f"{who}: error: not enough memory for this input")
        return EXIT_BAD_INPUT
    except (GameError, OSError, UnicodeError, ValueError) as error:
        _complain(f"{who}: error: {_problem(error)}")
        return EXIT_BAD_INPUT
    except Exception as error:  # anything else is a bug, but still one line, never a traceback
        _complain(f"{who}: internal error: {type(error).__name__}: {error} (please report it)")
        return EXIT_INTERNAL_ERROR


def _problem(error: BaseException) -> str:
    if isinstance(error, OSError):
        name = error.filename
        if isinstance(name, bytes | os.PathLike):
            name = os.fsdecode(name)
        where = "" if name is None else f": {show(name)}"
        return f"{error.strerror or error}{where}"
    if isinstance(error, UnicodeError) and not isinstance(error, GameError):
        return f"text that cannot be read or written ({error})"
    return str(error)


def _one_line(text: str) -> str:
    """``text`` as one printable line of at most ``MESSAGE_LIMIT`` characters."""
    line = printable(" ".join(text.split()))
    if len(line) <= MESSAGE_LIMIT:
        return line
    half = (MESSAGE_LIMIT - 1) // 2
    return f"{line[:half]}…{line[-half:]}"


def _complain(message: str) -> None:
    # With standard error gone (broken, or closed from the start: None), the exit status
    # is all that is left to say it.
    if sys.stderr is None:
        return
    with contextlib.suppress(OSError):
        _write(sys.stderr, _one_line(message))


def _write(stream: TextIO, line: str) -> None:
    """Write ``line`` and a newline, with what ``stream``'s encoding lacks escaped."""
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        line.encode(encoding)
    except UnicodeEncodeError:
        line = line.replace("\u2212", "-")  # the minus sign of format_number, in ASCII
        line = line.replace("≤", "<=").replace("≥", ">=")  # format_bounded's, too
        line = line.encode(encoding, "backslashreplace").decode(encoding)
    stream.write(line + "\n")


def _discard_stdout() -> None:
    """Point standard output at the null device, so that Python's last flush is quiet.

    (Not a real file, as under a test's capture: then nothing is flushed to a pipe.)
    """
    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)


def _solve(args: argparse.Namespace) -> int:
    if args.efg is not None and (args.game_file is not None or args.game is not None):
        raise GameError("--efg writes a tree FILE as a Gambit game: not --game or --game-file")
    if args.position is not None and args.game is None and args.openspiel is None:
        raise GameError(
            "--position goes with --game or --openspiel: a tree FILE is searched from its "
            "root, a game file from its initial state"
        )
    if args.game_file is not None:
        return _solve_game_file(args)
    # A file that cannot be written is said before the search, not after minutes of it.
    for out in (args.html, args.efg):
        if out is not None:
            check_writable(out)
    given = limits_given(args)
    if given:
        verb = "belongs" if len(given) == 1 else "belong"
        raise GameError(
            f"{' and '.join(given)} {verb} to --game-file: only a game file's code is limited"
        )
    if args.max_plies is not None:
        raise GameError("--max-plies belongs to --game-file")
    if args.openspiel is not None:
        return _solve_openspiel(args)
    if args.game is not None:
        if args.file is not None:
            raise GameError("give either a tree FILE or --game, not both")
        return _solve_game(args)
    if args.file is None:
        raise GameError("give a tree FILE ('-' for standard input) or --game NAME")
    return _solve_tree(args)


def _game_options(args: argparse.Namespace, spec: GameSpec | None) -> dict[str, int]:
    """The options given for ``spec``'s game, by key; GameError for an option of
    another game (or of any game, with no ``spec``)."""
    given = {o.key: getattr(args, o.key, None) for o in all_options()}
    mine = {o.key for o in spec.options} if spec is not None else set()
    for option in all_options():
        if given[option.key] is not None and option.key not in mine:
            owner = next(s.name for s in game_specs() if option in s.options)
            here = f"not {spec.name}" if spec is not None else "not a tree FILE"
            raise GameError(f"{option.flag} belongs to --game {owner}, {here}")
    return {key: value for key, value in given.items() if key in mine and value is not None}


#: The name of a tree given on the command line as a nested list.
NESTED_LIST_NAME = "nested list"


def tree_argument(text: str) -> CustomTree:
    """The tree a FILE argument gives (see :func:`tree_source_argument`)."""
    return tree_source_argument(text).tree


def tree_source_argument(text: str) -> TreeSource:
    """What a FILE argument gives: the file of that name (any format the app reads,
    CS188's ``.test`` files too), or, when no file has that name and it starts with "[",
    the nested list it is ('[[3,12,8],[2,4,6]]'). GameError says what is wrong with a
    list; OSError what is wrong with a file."""
    from gamesearch_gui.core.trees.file import TreeFileError
    from gamesearch_gui.core.trees.file import load_tree
    from gamesearch_gui.core.trees.file import read_tree_file

    if not text.lstrip().startswith("[") or os.path.lexists(text):
        return read_tree_file(text)
    try:
        return TreeSource(load_tree(text, name=NESTED_LIST_NAME))
    except TreeFileError as error:
        # (a problem of no node is the text's own: "file" would say otherwise)
        said = error.rule if error.path is None else str(error)
        raise GameError(f"the nested list given: {said}") from None


def _solve_tree(args: argparse.Namespace) -> int:
    from gamesearch_gui.core.trees.tree import TreeGame
    from gamesearch_gui.core.trees.tree import as_index
    from gamesearch_gui.core.trees.tree import as_node
    from gamesearch_gui.core.trees.tree import move_names
    from gamesearch_gui.core.trees.tree import path_text

    _game_options(args, None)
    from gamesearch_gui.core.trees.file import read_tree_bytes
    from gamesearch_gui.core.trees.file import read_tree_source

    if args.file == "-":
        stdin = sys.stdin.buffer if sys.stdin is not None else None
        if stdin is None:
            raise GameError("standard input is closed: there is no tree to read")
        source = read_tree_source(read_tree_bytes(stdin), "stdin")
    else:
        source = tree_source_argument(args.file)
    tree = source.tree
    if args.efg is not None:
        from gamesearch_gui.core.trees.efg import save_efg_file

        save_efg_file(tree, args.efg)
    # A file that names its search (a CS188 case's agent) has it as the default.
    asked = None if source.algorithm is None else SearchSettings(Algorithm(source.algorithm))
    game = TreeGame(tree)
    paths: dict[int, tuple[int, ...]] = {}
    visited: list[str] = []
    pruned: list[str] = []

    reached: set[tuple[int, ...]] = set()

    def listen(event: SearchEvent) -> None:
        if isinstance(event, NodeEntered | NodeExpanded):
            paths[event.node_id] = as_node(event.state).path
        elif isinstance(event, NodeValued):
            if event.how in (Valuation.TERMINAL, Valuation.EVALUATION):
                visited.append(path_text(paths[event.node_id]))
        elif isinstance(event, ChildrenPruned):
            parent = paths[event.node_id]
            pruned.extend(path_text((*parent, as_index(move))) for move in event.moves)
        elif isinstance(event, PlayoutFinished):
            # MCTS: each leaf a playout (or an expansion) reached, once, when first reached.
            leaf = (*paths[event.node_id], *map(as_index, event.moves))
            if leaf not in reached:
                reached.add(leaf)
                visited.append(path_text(leaf))

    settings = search_settings(args, tree.has_chance, tree.player_count, asked)
    watcher = RootValueWatcher(strict=settings.strict_pruning)
    recording = _recorder(args, game, settings)
    result = search(game, tree.root, settings, listener=fan_out(watcher, recording, listen))
    if recording is not None:
        recording.finish(result)
        if args.html is not None:
            _write_page(args.html, recording, tree.name, _source(args.file))
    line = [
        path_text(result.principal_variation[: i + 1])
        for i in range(len(result.principal_variation))
    ]
    answer = {
        "algorithm": settings.algorithm.value,
        "value": json_value(game, result),
        "best_move": result.best_move,
        "principal_variation": line,
        "visited_leaves": visited,
        "pruned": pruned,
        **root_answers(game, tree.root, result, watcher),
        "stats": stats(result),
    }
    add_findings(answer, game, result, recording if args.shape else None)
    words = {
        "best_move": "-"
        if result.best_move is None
        else move_names(tree.root, [result.best_move])[0],
        "principal_variation": move_names(tree.root, result.principal_variation),
    }
    title = f"{tree.name} ({source.about})" if source.about else tree.name
    _print(args, answer, title=title, convention=settings.convention, words=words)
    return 0


def _solve_game(args: argparse.Namespace) -> int:
    spec = find_game(args.game)
    game: Game[Any, Any] = spec.make(_game_options(args, spec))
    state = game.initial_state() if args.position is None else game.parse_position(args.position)
    settings = search_settings(args, game.has_chance, len(game.players), default_settings(spec))
    settings = _held(settings)
    recording = _recorder(args, game, settings) if args.html is not None else None
    answer, convention = game_answer(game, state, settings, shape=args.shape, recording=recording)
    _refuse_unfinished(game, answer, "--depth N")
    if recording is not None:
        _write_page(args.html, recording, game.title)
    _print(args, answer, title=game.title, convention=convention)
    return 0


#: The nodes ``solve`` searches at most when asked for a game's end: about 8 s at the
#: OpenSpiel adapter's 1.5 µs a node, 10 s at Connect Four's 2 µs (docs/benchmarks.md).
TO_THE_END_NODE_CAP: Final = 5_000_000


def _held(settings: SearchSettings) -> SearchSettings:
    """``settings``, held to :data:`TO_THE_END_NODE_CAP` nodes if they ask for a search
    to the end of the game. Searched here, with no limit of its own: Connect Four from
    its start, or breakthrough, would run for hours; a count of nodes (the same on any
    machine) holds it, and the command says what to give instead."""
    to_the_end = settings.depth is None and settings.time_budget is None
    if to_the_end and settings.algorithm is not Algorithm.MCTS:
        return replace(settings, node_cap=TO_THE_END_NODE_CAP)
    return settings


def _refuse_unfinished(game: Game[Any, Any], answer: dict[str, Any], depth_hint: str) -> None:
    """GameError when a search held by :func:`_held` reached its count of nodes."""
    if answer.get("stopped") == StopReason.NODE_CAP.value:
        raise GameError(
            f"{game.title} was not searched to its end within {TO_THE_END_NODE_CAP:,} nodes: "
            f"give {depth_hint} or --time SECONDS (which deepens, to the end if it can)"
        )


def _solve_openspiel(args: argparse.Namespace) -> int:
    """``solve --openspiel NAME[(PARAMS)]``: an OpenSpiel game, from its start or after
    ``--position``'s moves, searched here (OpenSpiel is no user's code); ``list``: the
    games it can search."""
    if args.file is not None or args.game is not None:
        raise GameError("give one of a tree FILE, --game and --openspiel")
    _game_options(args, None)
    if args.openspiel.strip() == "list":
        return _list_openspiel(args)
    # Its parameters can ask for any amount of memory (breakthrough(rows=99999999) took
    # 23.7 GB before the kernel ended it): held to what the window's searches may use.
    try:
        with memory_ceiling(SEARCHES.memory):
            return _search_openspiel(args)
    except MemoryError:
        raise GameError(
            f"OpenSpiel's {args.openspiel.strip()} needs more than the "
            f"{SEARCHES.words()['memory']} of memory a search may use"
        ) from None


def _search_openspiel(args: argparse.Namespace) -> int:
    from gamesearch_gui.core.openspiel.game import OpenSpielGame

    game = OpenSpielGame(args.openspiel)
    state = game.initial_state() if args.position is None else game.parse_position(args.position)
    settings = _held(search_settings(args, game.has_chance, len(game.players)))
    recording = _recorder(args, game, settings) if args.html is not None else None
    answer, convention = game_answer(game, state, settings, shape=args.shape, recording=recording)
    _refuse_unfinished(game, answer, "--depth N (with --eval 'random playout' or none)")
    if recording is not None:
        _write_page(args.html, recording, game.title)
    _print(args, answer, title=f"{game.title}, OpenSpiel's {game.spec}", convention=convention)
    return 0


def _list_openspiel(args: argparse.Namespace) -> int:
    """``solve --openspiel list``: the OpenSpiel games the app can search."""
    from gamesearch_gui.core.openspiel.catalog import searchable_games
    from gamesearch_gui.core.openspiel.spec import value_text

    games = searchable_games()
    if args.json:
        _write(sys.stdout, json.dumps([_entry_json(entry) for entry in games]))
        return 0
    width = max(len(entry.name) for entry in games) + 2
    for entry in games:
        players = (
            f"{entry.min_players} to {entry.max_players} players"
            if entry.min_players != entry.max_players
            else f"{entry.players} players"
        )
        chance = ", chance" if entry.has_chance else ""
        _write(sys.stdout, printable(f"{entry.name:<{width}}{entry.long_name} ({players}{chance})"))
        if entry.parameters:
            shown = ", ".join(f"{p.name}={value_text(p.default)}" for p in entry.parameters)
            _write(sys.stdout, printable(f"{'':<{width}}  {shown}"))
    return 0


def _entry_json(entry: Any) -> dict[str, Any]:
    return {
        "name": entry.name,
        "long_name": entry.long_name,
        "players": entry.players,
        "min_players": entry.min_players,
        "max_players": entry.max_players,
        "chance": entry.has_chance,
        "parameters": [
            {"name": p.name, "default": p.default, "type": p.type} for p in entry.parameters
        ],
    }


def _recorder(
    args: argparse.Namespace, game: Game[Any, Any], settings: SearchSettings
) -> SearchRecording | None:
    """The recording a search keeps: for --html (its replay page, recorded as the window
    records that search), else for --shape; None for neither."""
    if args.html is not None:
        from gamesearch_gui.core.share.html import replay_recording

        return replay_recording(game, settings)
    return SearchRecording(game) if args.shape else None


def _write_page(path: str, recording: SearchRecording, title: str, source: str = "") -> None:
    """--html: the search's replay page, written to ``path``."""
    from gamesearch_gui.core.share.html import write_replay_page

    write_replay_page(path, recording, title, source)


def _source(file: str) -> str:
    """The name of the file a tree came from, as a page names it ("" for none)."""
    if file == "-" or not os.path.lexists(file):
        return ""
    return os.path.basename(file)


def _solve_game_file(args: argparse.Namespace) -> int:
    """``solve --game-file``: the user's game from its initial state, searched in a
    contained process of its own (its code never runs in this one). What the file
    prints goes to standard error, so that standard output holds the answer alone."""
    from gamesearch_gui.core.usergame import split_game_spec

    if args.html is not None:
        raise GameError(
            "--html is not available with --game-file: the game's code runs in a process "
            "of its own, which keeps no recording"
        )
    if args.file is not None or args.game is not None or args.position is not None:
        raise GameError(
            "--game-file searches from the file's initial state: give no tree FILE, "
            "--game or --position with it"
        )
    path, class_name = split_game_spec(args.game_file)
    options = {key: value for key, value in vars(args).items() if key in SEARCH_OPTIONS}
    solved = run_contained(
        args,
        "solve_game_file",
        path,
        class_name,
        args.max_plies or DEFAULT_PLY_LIMIT,
        options,
        cpu=cpu_seconds(args, GAME_FILE_SECONDS, args.time),
        subject="the game's code",
        source=path,
        note=lambda text: _complain(f"{PROG} solve: {text}"),
    )
    for note in solved.notes:
        _complain(f"{PROG} solve: {note}")
    _print(args, solved.answer, title=solved.title, convention=solved.convention)
    return 0


def _check_game(args: argparse.Namespace) -> int:
    """``check-game``: 0 when every property holds, 1 when some do not; the game's code
    runs in a contained process of its own."""
    from gamesearch_gui.core.usergame import split_game_spec
    from gamesearch_gui.core.usergame.game_check import CheckReport

    path, class_name = split_game_spec(args.game_file)
    report: CheckReport = run_contained(
        args,
        "check_game",
        path,
        class_name,
        args.max_plies or DEFAULT_PLY_LIMIT,
        args.playouts,
        args.seed,
        cpu=cpu_seconds(args, GAME_FILE_SECONDS),
        subject="the game's code",
        source=path,
        note=lambda text: _complain(f"{PROG} check-game: {text}"),
    )
    if args.json:
        answer = {
            "game": report.title,
            "playouts": report.playouts,
            "seed": report.seed,
            "ok": report.ok,
            "findings": [
                {"what": f.what, "holds": f.holds, "detail": f.detail} for f in report.findings
            ],
        }
        _write(sys.stdout, json.dumps(answer))
    else:
        _write(
            sys.stdout,
            printable(f"{report.title}: {report.playouts} random games, seed {report.seed}"),
        )
        for finding in report.findings:
            said = "holds        " if finding.holds else "DOES NOT HOLD"
            _write(sys.stdout, f"  {said}  {finding.what}")
            if finding.detail:
                _write(sys.stdout, "                 " + _one_line(finding.detail))
    return 0 if report.ok else 1


def _new_game(args: argparse.Namespace) -> int:
    """``new-game``: write a template; an existing file is never replaced."""
    write_template(args.path, args.style)
    _write(sys.stdout, printable(f"wrote {args.path} ({args.style} style); check it with:"))
    _write(sys.stdout, printable(f"  {PROG} check-game {args.path}"))
    return 0


def _print_shape(out: TextIO, shape: dict[str, Any], nodes: int) -> None:
    """The shape's table and lines; ``nodes``: all the search visited."""
    rows = zip(shape["nodes_per_depth"], shape["branching_per_depth"], strict=True)
    _write(out, "  depth  nodes        branching")
    for depth, (nodes, branching) in enumerate(rows):
        spread = "-" if branching is None else format_number(branching, 2)
        _write(out, f"  {depth:>5}  {nodes:<11,}  {spread}")
    ends = shape["shallowest_terminal"], shape["deepest_terminal"]
    ended = "no game ended" if ends[0] is None else f"shallowest {ends[0]}, deepest {ends[1]}"
    _write(out, f"  games end           {ended}")
    counted = shape["nodes_counted"]
    among = f"the first {counted:,}" if counted < nodes else f"{counted:,}"
    _write(out, f"  distinct positions  {shape['distinct_positions']:,} among {among} nodes")


def _value_text(value: Any, bound: str = "exact", share: int | None = None) -> str:
    """A value for a person: a number, ``(1, 2, 6)`` for n players, ``-`` for none; a
    bound marked as one (``≤ 2``; in a vector, the number it is on, ``(2, ≥ 5, 3)``)."""
    if value is None:
        return "-"
    if isinstance(value, list):
        return vector_text(value, bound, share)
    return format_bounded(value, bound)


def _root_values_text(answer: dict[str, Any]) -> str:
    """The root values for a person: "3 2 2" when each is exact, else each bound as one
    ("3, ≤ 2, ≤ 2": after a cut a value may be only a bound on the move's true value; in
    a game of n players one number of the vector is, "(5, 3, 2), (2, ≥ 5, 3)")."""
    values = answer["root_values"]
    bounds = answer.get("root_bounds") or [None] * len(values)
    shares = answer.get("root_bound_shares") or [None] * len(values)
    if all(b in (None, "exact", "estimate") for b in bounds):
        return " ".join(_value_text(v) for v in values)
    return ", ".join(
        _value_text(v, b or "exact", share)
        for v, b, share in zip(values, bounds, shares, strict=True)
    )


def _depth_text(answer: dict[str, Any]) -> str:
    """The depth a deepening search last finished, and why it went no deeper."""
    depth = answer["depth"]
    if "stopped" not in answer:
        return "to the end of the game" if depth is None else f"{depth}, the depth limit"
    if depth is None:
        return f"none finished: {_stop_text(answer)} in depth 1, and no move was chosen"
    return f"{depth} finished: {_stop_text(answer)} in depth {depth + 1}"


def _stop_text(answer: dict[str, Any]) -> str:
    """Why a search stopped short (its answer's ``"stopped"``), and when."""
    reason = answer["stopped"]
    why = "the node cap was reached" if reason == "node cap" else f"the {reason} ran out"
    if "depth" in answer:
        return why
    if "iterations" in answer["stats"]:
        return f"{why} after {answer['stats']['iterations']:,} iterations"
    return f"{why} before the search was finished: the values are as far as it got"


def _print(
    args: argparse.Namespace,
    answer: dict[str, Any],
    *,
    title: str,
    convention: str,
    words: dict[str, Any] | None = None,
    out: TextIO | None = None,
) -> None:
    """``answer`` as JSON, or as text for a person, to ``out`` (standard output by
    default); ``words`` overrides the text's best move and line (a drawn tree's JSON has
    indices and paths, its text move names); the text names alpha-beta's ``convention``
    (fail-soft or fail-hard)."""
    out = sys.stdout if out is None else out
    if args.json:
        _write(out, json.dumps(answer, allow_nan=False))
        return
    said = {**answer, **(words or {})}
    stats = answer["stats"]
    line = " ".join(map(str, said["principal_variation"])) or "-"
    value_text = _value_text(answer["value"])
    convention = f" ({convention})" if convention else ""
    _write(out, printable(f"{title}: {answer['algorithm']}{convention}"))
    _write(out, f"  value               {value_text}")
    _write(out, printable(f"  best move           {said['best_move']}"))
    _write(out, printable(f"  principal variation {line}"))
    _write(out, f"  root values         {_root_values_text(answer) or '-'}")
    if "guarantee" in answer:
        _write(out, f"  guarantee           {answer['guarantee']}")
    if "root_visits" in answer:
        visits = " ".join(map(str, answer["root_visits"]))
        rates = " ".join("-" if v is None else format_number(v) for v in answer["root_win_rates"])
        _write(out, f"  root visits         {visits or '-'}")
        _write(out, f"  root win rates      {rates or '-'}")
        _write(out, f"  iterations          {stats['iterations']}")
    if "visited_leaves" in answer:
        _write(out, f"  leaves visited      {' '.join(answer['visited_leaves']) or '-'}")
        _write(out, f"  pruned              {' '.join(answer['pruned']) or '-'}")
    if "depth" in answer:
        _write(out, f"  depth               {_depth_text(answer)}")
    elif "stopped" in answer:
        _write(out, f"  stopped             {_stop_text(answer)}")
    _write(
        out,
        f"  nodes {stats['nodes']}, leaves {stats['leaves']}, cutoffs {stats['cutoffs']}, "
        f"transposition hits {stats['tt_hits']}, deepest ply {stats['max_depth']}, "
        f"{stats['seconds']:.4f} s",
    )
    if "shape" in answer:
        _print_shape(out, answer["shape"], stats["nodes"])
    if "quiescence_nodes" in stats:
        _write(out, f"  quiescence          {stats['quiescence_nodes']} nodes past the depth limit")


def _check_search(args: argparse.Namespace) -> int:
    """``check-search``: 0 when the code agrees on every tree, 1 when it differs on any
    (over several files: when any file differs or cannot be checked)."""
    from importlib.resources import as_file

    from gamesearch_gui.search_check import runner
    from gamesearch_gui.search_check.verdict import skip_reason

    if args.list_lessons:
        for lesson in runner.LESSONS:
            _write(sys.stdout, f"{lesson.key}: {lesson.title}")
            _write(sys.stdout, f"  {lesson.resource()}")
        return 0
    if args.strict_pruning and args.algorithm == "minimax":
        raise GameError("--strict-pruning is a rule of alpha-beta, and --algorithm here is minimax")
    if (not args.paths) == (args.lesson is None):
        raise GameError(
            "give your file PATH (or several, or a folder of them), or --lesson NAME "
            "(see --list-lessons)"
        )
    trees = None
    if args.trees is not None:
        from gamesearch_gui.core.trees.file import TreeFileError

        trees = []
        for name in args.trees:
            try:
                trees.append(tree_argument(name))
            except TreeFileError as error:
                raise GameError(f"{name}: {error}") from None
        if all(skip_reason(tree) is not None for tree in trees):
            reasons = "; ".join(f"{tree.name}: {skip_reason(tree)}" for tree in trees)
            raise GameError(f"none of the trees can be checked ({reasons})")
    if args.lesson is None and (len(args.paths) > 1 or os.path.isdir(args.paths[0])):
        return _grade(args, trees)
    source = runner.lesson(args.lesson).resource() if args.lesson else None
    with contextlib.ExitStack() as stack:
        path = args.paths[0] if source is None else os.fspath(stack.enter_context(as_file(source)))
        checked = runner.check_search(path, **_check_options(args, trees))
    if args.json:
        for name, why in checked.skipped:
            _complain(f"note: skipped {name}: {why}")
        _write(sys.stdout, json.dumps(checked.to_json(), allow_nan=False))
    else:
        _print_check(checked, path)
    return 0 if checked.agrees else 1


def _check_options(args: argparse.Namespace, trees: Any) -> dict[str, Any]:
    """What ``check-search``'s options ask of each file's check."""
    return {
        "function": args.function,
        "algorithm": args.algorithm,
        "trees": trees,
        "time_limit": cpu_seconds(args, DEFAULT_CPU_SECONDS),
        "containment": containment(args),
        "not_contained": _noted("check-search"),
        "strict": args.strict_pruning,
    }


def _noted(command: str) -> Callable[[str], None]:
    """Says, once, what of the containment of user code this system lacks."""
    said: set[str] = set()

    def note(missing: str) -> None:
        if missing not in said:
            said.add(missing)
            _complain(f"{PROG} {command}: note: your code ran without {missing}")

    return note


def _grade(args: argparse.Namespace, trees: Any) -> int:
    """``check-search`` over several files (or a folder): a line for each file as it is
    checked, then the count; under ``--json`` one object with an entry for each."""
    from gamesearch_gui.search_check.grading import REFUSED
    from gamesearch_gui.search_check.grading import grade
    from gamesearch_gui.search_check.grading import student_files

    files = student_files(args.paths)
    width = min(max(len(path) for path in files), 40)
    out = sys.stdout

    def said(verdict: Any) -> None:
        if args.json:
            return
        name = verdict.path if len(verdict.path) <= width else "…" + verdict.path[-width + 1 :]
        if verdict.status == REFUSED:
            # The refusal is folded to one line, not the columns before it.
            line = f"{name:<{width}}  REFUSED  {_one_line(verdict.refused)}"
        else:
            report = verdict.report
            count = f"{verdict.agreeing}/{len(report.checks)} trees"
            word = "agrees " if report.agrees else "DIFFERS"
            line = f"{name:<{width}}  {word}  {report.function}, {count}"
            if verdict.first_difference is not None:
                line += f"; first: {verdict.first_difference}"
        _write(out, printable(line))
        out.flush()

    graded = grade(files, on_file=said, **_check_options(args, trees))
    counts = {status: sum(g.status == status for g in graded) for status in ("agrees", "differs")}
    refused = sum(g.status == REFUSED for g in graded)
    if args.json:
        answer = {
            "files": [g.to_json() for g in graded],
            "agree": counts["agrees"],
            "differ": counts["differs"],
            "refused": refused,
        }
        _write(out, json.dumps(answer, allow_nan=False))
    else:
        _write(
            out,
            f"{len(graded)} files: {counts['agrees']} agree, {counts['differs']} differ, "
            f"{refused} could not be checked.",
        )
    return 0 if counts["agrees"] == len(graded) else 1


def _print_check(checked: Any, path: str) -> None:
    """A ``check-search`` report for a person: one line a tree, then the count."""
    out = sys.stdout
    words = checked.words
    _write(out, printable(f"{checked.function} in {path}, checked as {checked.checked_as}:"))
    for check in checked.checks:
        if check.difference is None:
            _write(out, printable(f"  agrees   {check.name}"))
        else:
            _write(out, printable(f"  DIFFERS  {check.name}: {check.difference.text}"))
        if check.note is not None:
            _write(out, printable(f"           note: {check.note}"))
    for name, why in checked.skipped:
        _write(out, printable(f"  skipped  {name}: {why}"))
    agree = sum(check.agrees for check in checked.checks)
    _write(out, f"{agree} of {len(checked.checks)} trees agree with the app's {words}.")


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
