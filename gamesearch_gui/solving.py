"""What ``solve`` answers: the search its options ask for, and the answer as the JSON
object of DESIGN.md's command-line contract.

Shared by the command line (a tree file, a shipped game) and the engine process, which
builds the answer for a user's game file there, where its code may run
(:mod:`gamesearch_gui.engine.calls`); the command line prints it. No Qt, no printing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from gamesearch_gui.core.events import fan_out
from gamesearch_gui.core.game import Game, GameError, Player
from gamesearch_gui.core.guarantee import guarantee
from gamesearch_gui.core.numbers import json_number
from gamesearch_gui.core.recording import SearchRecording
from gamesearch_gui.core.root_values import (
    RootValueWatcher,
    root_values,
    root_vectors,
    root_visits,
    root_win_rates,
)
from gamesearch_gui.core.search import (
    Algorithm,
    Ordering,
    SearchResult,
    SearchSettings,
    search,
)
from gamesearch_gui.core.search.mcts import DEFAULT_EXPLORATION, Playout
from gamesearch_gui.core.shape import distinct_positions, tree_shape

#: The options that only Monte Carlo tree search takes, by their ``args`` names.
MCTS_OPTIONS: Final = ("iterations", "seed", "exploration", "playout")
#: Every option :func:`search_settings` reads, by its ``args`` name.
SEARCH_OPTIONS: Final = (
    "algorithm",
    "fail_hard",
    "depth",
    "eval",
    "ordering",
    "tt",
    "time",
    "quiescence",
    "shape",
    *MCTS_OPTIONS,
)


@dataclass(frozen=True, slots=True)
class SolvedFile:
    """``solve --game-file``'s answer, as the engine found it: the JSON object, the
    game's title, alpha-beta's convention ("" for another algorithm), and notes for
    standard error."""

    answer: dict[str, Any]
    title: str
    convention: str
    notes: tuple[str, ...] = ()


def search_settings(args: Any, has_chance: bool, players: int = 2) -> SearchSettings:
    """The search ``solve``'s options ask for (``args``: argparse's namespace, or any
    object with its attributes) in a game with or without chance and of ``players``
    players; GameError for options that do not go together."""
    if args.algorithm is None and players > 2:
        algorithm = Algorithm.MAXN
    elif args.algorithm is None:
        algorithm = Algorithm.EXPECTIMINIMAX if has_chance else Algorithm.ALPHABETA
    else:
        algorithm = Algorithm(args.algorithm)
    if args.fail_hard and algorithm is not Algorithm.ALPHABETA:
        chosen = "the default" if args.algorithm is None else "--algorithm"
        raise GameError(
            f"--fail-hard is a variant of alpha-beta, and {chosen} here is {algorithm.value}"
        )
    given = [f"--{name}" for name in MCTS_OPTIONS if getattr(args, name) is not None]
    if algorithm is Algorithm.MCTS:
        if args.iterations is None and args.time is None:
            raise GameError("--algorithm mcts needs --iterations N (or --time SECONDS)")
        if getattr(args, "shape", False):
            raise GameError(
                "--shape counts the tree of a depth-first search, not of --algorithm mcts"
            )
        return SearchSettings(
            algorithm=algorithm,
            depth=args.depth,
            evaluation=args.eval,
            ordering=Ordering(args.ordering),
            transposition_table=args.tt,
            quiescence=args.quiescence,
            time_budget=args.time,
            iterations=args.iterations,
            seed=args.seed or 0,
            exploration=DEFAULT_EXPLORATION if args.exploration is None else args.exploration,
            playout=Playout(args.playout or Playout.RANDOM.value),
        )
    if given:
        verb = "belongs" if len(given) == 1 else "belong"
        raise GameError(f"{' and '.join(given)} {verb} to --algorithm mcts, not {algorithm.value}")
    return SearchSettings(
        algorithm=algorithm,
        fail_hard=args.fail_hard,
        depth=args.depth,
        evaluation=args.eval,
        ordering=Ordering(args.ordering),
        transposition_table=args.tt,
        time_budget=args.time,
        quiescence=args.quiescence,
    )


def game_answer(
    game: Game[Any, Any], state: Any, settings: SearchSettings, *, shape: bool = False
) -> tuple[dict[str, Any], str]:
    """Search ``game`` from ``state``: ``solve``'s answer (its JSON object) and the name
    of alpha-beta's convention the search used ("" for another algorithm); ``shape``
    records the search to add the tree's shape."""
    # Only a chance root needs the events for its root values; a listener slows a search.
    watcher = RootValueWatcher() if game.to_move(state) is Player.CHANCE else None
    recording = SearchRecording(game) if shape else None
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
    add_findings(answer, game, result, recording)
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
    """``root_values``, and under MCTS each root move's visits and win rate, in move order.

    A game of n players gives each root value as a list, one number per player."""
    if len(game.players) > 2:
        vectors = root_vectors(game, state, result, watcher)
        return {"root_values": [None if v is None else json_values(list(v)) for v in vectors]}
    answer: dict[str, Any] = {"root_values": json_values(root_values(game, state, result, watcher))}
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
    """Add what the value guarantees (when it does), and the shape when it was recorded."""
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
