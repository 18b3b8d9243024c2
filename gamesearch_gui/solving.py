"""What ``solve`` answers: the search its options ask for, and the answer as the JSON
object of DESIGN.md's command-line contract.

Shared by the command line (a tree file, a shipped game) and the engine process, which
builds the answer for a user's game file there, where its code may run
(:mod:`gamesearch_gui.engine.calls`); the command line prints it. No Qt, no printing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any
from typing import Final

from gamesearch_gui.core.game import Game
from gamesearch_gui.core.game import GameError
from gamesearch_gui.core.game import Player
from gamesearch_gui.core.guarantee import guarantee
from gamesearch_gui.core.numbers import json_number
from gamesearch_gui.core.recording.depth_first import SearchRecording
from gamesearch_gui.core.recording.events import fan_out
from gamesearch_gui.core.root_values import RootValueWatcher
from gamesearch_gui.core.root_values import root_bounds
from gamesearch_gui.core.root_values import root_shares
from gamesearch_gui.core.root_values import root_values
from gamesearch_gui.core.root_values import root_vectors
from gamesearch_gui.core.root_values import root_visits
from gamesearch_gui.core.root_values import root_win_rates
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import Ordering
from gamesearch_gui.core.search import SearchResult
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import search
from gamesearch_gui.core.search.mcts import DEFAULT_EXPLORATION
from gamesearch_gui.core.search.mcts import Playout
from gamesearch_gui.core.shape import distinct_positions
from gamesearch_gui.core.shape import tree_shape

#: The options that only Monte Carlo tree search takes, by their ``args`` names.
MCTS_OPTIONS: Final = ("iterations", "seed", "exploration", "playout")
#: Every option :func:`search_settings` reads, by its ``args`` name.
SEARCH_OPTIONS: Final = (
    "algorithm",
    "fail_hard",
    "strict_pruning",
    "depth",
    "eval",
    "ordering",
    "tt",
    "time",
    "quiescence",
    "shallow_pruning",
    "shape",
    *MCTS_OPTIONS,
)
#: ``--depth end``: no depth limit, whatever the game's default.
TO_THE_END: Final = "end"


@dataclass(frozen=True, slots=True)
class SolvedFile:
    """``solve --game-file``'s answer, as the engine found it: the JSON object, the
    game's title, alpha-beta's convention ("" for another algorithm), and notes for
    standard error."""

    answer: dict[str, Any]
    title: str
    convention: str
    notes: tuple[str, ...] = ()


def search_settings(
    args: Any, has_chance: bool, players: int = 2, defaults: SearchSettings | None = None
) -> SearchSettings:
    """The search ``solve``'s options ask for (``args``: argparse's namespace, or any
    object with its attributes) in a game with or without chance and of ``players``
    players; GameError for options that do not go together.

    ``defaults`` (a built-in game's ``default_settings``, the window's) stands in for every
    option not given, where it fits the algorithm chosen; its time budget is left out, so
    that an answer does not depend on the machine's speed. Without ``defaults`` (a tree,
    a game file) an option not given is off: no depth limit, ordering, table or
    quiescence."""
    if args.algorithm is not None:
        algorithm = Algorithm(args.algorithm)
    elif defaults is not None:
        algorithm = defaults.algorithm
    elif players > 2:
        algorithm = Algorithm.MAXN
    else:
        algorithm = Algorithm.EXPECTIMINIMAX if has_chance else Algorithm.ALPHABETA
    base = _unsaid(defaults, algorithm)
    if args.fail_hard and algorithm is not Algorithm.ALPHABETA:
        chosen = "the default" if args.algorithm is None else "--algorithm"
        raise GameError(
            f"--fail-hard is a variant of alpha-beta, and {chosen} here is {algorithm.value}"
        )
    strict = bool(getattr(args, "strict_pruning", False))
    if strict and not algorithm.prunes:
        chosen = "the default" if args.algorithm is None else "--algorithm"
        raise GameError(
            f"--strict-pruning is a rule of the searches that prune (alphabeta, star1, "
            f"paranoid), and {chosen} here is {algorithm.value}"
        )
    if strict and args.fail_hard:
        raise GameError(
            "--strict-pruning is fail-soft: fail-hard's α or β would read as an exact value "
            "under it; give one of --strict-pruning and --fail-hard"
        )
    depth = base.depth if args.depth is None else None if args.depth == TO_THE_END else args.depth
    evaluation = base.evaluation if args.eval is None else args.eval
    ordering = base.ordering if args.ordering is None else Ordering(args.ordering)
    table = base.table if args.tt is None else args.tt
    quiescence = base.quiescence if args.quiescence is None else args.quiescence
    given = [f"--{name}" for name in MCTS_OPTIONS if getattr(args, name) is not None]
    if algorithm is Algorithm.MCTS:
        if args.iterations is None and args.time is None:
            raise GameError("--algorithm mcts needs --iterations N (or --time SECONDS)")
        if getattr(args, "shape", False):
            raise GameError(
                "--shape counts the tree of a depth-first search, not of --algorithm mcts"
            )
    elif given:
        verb = "belongs" if len(given) == 1 else "belong"
        raise GameError(f"{' and '.join(given)} {verb} to --algorithm mcts, not {algorithm.value}")
    shallow = getattr(args, "shallow_pruning", None)
    # One call for every algorithm: the options an algorithm does not take are off here
    # (refused above), and SearchSettings refuses the rest (--shallow-pruning but max^n).
    return SearchSettings(
        algorithm=algorithm,
        fail_hard=args.fail_hard,
        strict_pruning=strict,
        depth=depth,
        evaluation=evaluation,
        ordering=ordering,
        transposition_table=table,
        time_budget=args.time,
        quiescence=quiescence,
        shallow_pruning=base.shallow_pruning if shallow is None else shallow,
        iterations=args.iterations,
        seed=args.seed or 0,
        exploration=DEFAULT_EXPLORATION if args.exploration is None else args.exploration,
        playout=Playout(args.playout or Playout.RANDOM.value),
    )


def settings_flags(settings: SearchSettings) -> str:
    """The ``solve`` options that ask for ``settings`` as a game's defaults stand in for
    them (its time budget aside): ``--algorithm alphabeta --depth 4 --ordering static
    --tt``, for ``solve --help`` and docs/games.md."""
    flags = [f"--algorithm {settings.algorithm.value}"]
    if settings.algorithm is not Algorithm.MCTS:
        flags.append(f"--depth {TO_THE_END if settings.depth is None else settings.depth}")
    if settings.evaluation is not None:
        flags.append(f"--eval {settings.evaluation}")
    if settings.ordering is not Ordering.NONE:
        flags.append(f"--ordering {settings.ordering.value}")
    flags.append("--tt" if settings.transposition_table else "--no-tt")
    if settings.quiescence:
        flags.append("--quiescence")
    if settings.shallow_pruning:
        flags.append("--shallow-pruning")
    return " ".join(flags)


@dataclass(frozen=True, slots=True)
class _Unsaid:
    """What an option not given stands for: the game's default, or off."""

    depth: int | None = None
    evaluation: str | None = None
    ordering: Ordering = Ordering.NONE
    table: bool = False
    quiescence: bool = False
    shallow_pruning: bool = False


def _unsaid(defaults: SearchSettings | None, algorithm: Algorithm) -> _Unsaid:
    """What ``defaults`` says of the options ``algorithm`` takes (the others off): a
    game's defaults apply whole to its own algorithm, and to another where they fit
    (``--algorithm minimax`` on chess keeps its depth; ``--algorithm mcts`` takes none)."""
    if defaults is None or algorithm is Algorithm.MCTS:
        return _Unsaid()
    players = algorithm.handles_players
    return _Unsaid(
        depth=defaults.depth,
        evaluation=defaults.evaluation,
        ordering=Ordering.NONE if players else defaults.ordering,
        table=defaults.transposition_table,
        quiescence=defaults.quiescence and not players,
        shallow_pruning=defaults.shallow_pruning and algorithm is Algorithm.MAXN,
    )


def game_answer(
    game: Game[Any, Any],
    state: Any,
    settings: SearchSettings,
    *,
    shape: bool = False,
    recording: SearchRecording | None = None,
) -> tuple[dict[str, Any], str]:
    """Search ``game`` from ``state``: ``solve``'s answer (its JSON object) and the name
    of alpha-beta's convention the search used ("" for another algorithm); ``shape``
    records the search to add the tree's shape; ``recording``, if given, records it
    (for the replay page) and is finished with the result."""
    # Only a chance root needs the events for its root values; a listener slows a search.
    watcher = (
        RootValueWatcher(strict=settings.strict_pruning)
        if game.to_move(state) is Player.CHANCE
        else None
    )
    if recording is None and shape:
        recording = SearchRecording(game)
    result = search(game, state, settings, listener=fan_out(watcher, recording))
    if recording is not None:
        recording.finish(result)
    line: list[str] = []
    walk = state
    for move in result.principal_variation:
        line.append(game.move_text(walk, move))
        walk = game.result(walk, move)
    best = None if result.best_move is None else game.move_text(state, result.best_move)
    answer = {
        "algorithm": result.settings.algorithm.value,
        "value": json_value(game, result),
        "best_move": best,
        "principal_variation": line,
        **root_answers(game, state, result, watcher),
        "stats": stats(result),
    }
    add_findings(answer, game, result, recording if shape else None)
    if game.to_move(state) is Player.CHANCE:
        answer["note"] = "a die is rolled here: there is no move to choose"
    return answer, result.settings.convention


def stats(result: SearchResult) -> dict[str, Any]:
    """The answer's ``"stats"``."""
    stats = result.stats
    answer = {
        "nodes": stats.nodes,
        "leaves": stats.leaves,
        "cutoffs": stats.cutoffs,
        "tt_hits": stats.tt_hits,
        "max_depth": stats.max_depth,
        "seconds": round(stats.seconds, 6),
        **({"quiescence_nodes": stats.quiescence_nodes} if result.settings.quiescence else {}),
    }
    if result.settings.algorithm is Algorithm.MCTS:
        answer["iterations"] = stats.iterations
    return answer


def root_answers(
    game: Game[Any, Any], state: Any, result: SearchResult, watcher: Any
) -> dict[str, Any]:
    """``root_values`` and which of them are bounds (``root_bounds``: "exact", "lower" or
    "upper"; "estimate" under MCTS), and under MCTS each root move's visits and win rate,
    in move order.

    A game of n players gives each root value as a list, one number per player, and
    says whose number in it each bound is on (``root_bound_shares``: an index into the
    list, None where the value is exact)."""
    answer: dict[str, Any]
    if len(game.players) > 2:
        vectors = root_vectors(game, state, result, watcher)
        answer = {"root_values": [None if v is None else json_values(list(v)) for v in vectors]}
    else:
        answer = {"root_values": json_values(root_values(game, state, result, watcher))}
    bounds = root_bounds(game, state, result, watcher)
    answer["root_bounds"] = [None if b is None else b.value for b in bounds]
    if len(game.players) > 2:
        answer["root_bound_shares"] = root_shares(game, state, result)
    if result.settings.algorithm is Algorithm.MCTS:
        answer["root_visits"] = root_visits(game, state, result)
        answer["root_win_rates"] = json_values(root_win_rates(game, state, result))
    return answer


def json_values(values: Sequence[float | None]) -> list[float | int | None]:
    """Numbers as JSON writes them (None for none)."""
    return [None if v is None else json_number(v) for v in values]


def json_value(game: Game[Any, Any], result: SearchResult) -> Any:
    """The answer's ``"value"``: a number, or for a game of n players a list, one per player."""
    if result.value is None:
        return None
    if len(game.players) > 2 and result.values is not None:
        return json_values(result.values)
    return json_number(result.value)


def add_findings(
    answer: dict[str, Any],
    game: Game[Any, Any],
    result: SearchResult,
    recording: SearchRecording | None,
) -> None:
    """Add the strict pruning rule when it was used, the depth a deepening search last
    finished, why a search stopped short (``"stopped"``: "time budget", "node cap"),
    what the value guarantees (when it does), and the shape when it was recorded."""
    if result.settings.strict_pruning:
        answer["strict_pruning"] = True
    if result.iterations:
        answer["depth"] = result.depth
    if not result.complete:
        answer["stopped"] = result.stop_reason.value
    said = guarantee(game, result)
    if said is not None:
        answer["guarantee"] = said
    if recording is not None:
        shape = tree_shape(recording)
        answer["shape"] = {
            "nodes_per_depth": [row.nodes for row in shape.rows],
            "branching_per_depth": [
                None if row.branching is None else json_number(row.branching) for row in shape.rows
            ],
            "shallowest_terminal": shape.shallowest_terminal,
            "deepest_terminal": shape.deepest_terminal,
            "distinct_positions": distinct_positions(recording),
            "nodes_counted": shape.nodes,
        }
