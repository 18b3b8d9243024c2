"""What every search does today, kept: the before/after comparison of issue 26.

The search core is to be rebuilt (one room per algorithm), and every behaviour must be
kept exactly: the event stream, the node counts, the values, the best moves and the
words of every step. This module runs a fixed set of searches (every example, a few
hundred seeded random trees, positions of every built-in game, with the settings that
shape a search: fail-soft and fail-hard, ordering, the table, quiescence, cutoffs,
iterative deepening, node caps, Star1, max^n and paranoid, MCTS with a seed) and takes
each one's fingerprint: the result in full (value, best move, principal variation, root
moves and their bounds, the counts) and digests of its event stream and of the words
the recording says for each event.

``tests/core/search_fingerprints.json`` holds the fingerprints of the code as it was
when they were written; ``test_search_unchanged.py`` compares. To write them again
(only for a change that is meant to change what a search does, said in its commit)::

    python -m tests.core.search_fingerprints --write
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
import sys
from collections.abc import Callable
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from typing import Final

from gamesearch_gui.core.game import Game
from gamesearch_gui.core.games import ConnectFour
from gamesearch_gui.core.games import Pig
from gamesearch_gui.core.games import TicTacToe
from gamesearch_gui.core.games.chess import Chess
from gamesearch_gui.core.games.nim3 import ThreePlayerNim
from gamesearch_gui.core.games.pennies import Pennies
from gamesearch_gui.core.narration.mcts import describe_event
from gamesearch_gui.core.narration.steps import describe_step
from gamesearch_gui.core.recording.depth_first import DEFAULT_NODE_CAP
from gamesearch_gui.core.recording.events import EventRecorder
from gamesearch_gui.core.recording.mcts import MctsRecording
from gamesearch_gui.core.recording.mcts import new_recording
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import Ordering
from gamesearch_gui.core.search import SearchResult
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import search
from gamesearch_gui.core.trees.examples import ALL_EXAMPLES
from gamesearch_gui.core.trees.random_tree import random_tree
from gamesearch_gui.core.trees.tree import CustomTree
from gamesearch_gui.core.trees.tree import TreeGame

FILE: Final = Path(__file__).with_suffix(".json")
#: How many seeded random trees of each kind.
RANDOM_TREES: Final = 300
#: A budget no test reaches: iterative deepening then runs every depth up to its limit.
UNREACHED_SECONDS: Final = 86_400.0

A = Algorithm
SOFT: Final = SearchSettings(A.ALPHABETA)
HARD: Final = SearchSettings(A.ALPHABETA, fail_hard=True)


@dataclasses.dataclass(frozen=True)
class Case:
    """One search: a name, the game and state to search, the settings."""

    name: str
    game: Game[Any, Any]
    state: Any
    settings: SearchSettings
    #: Also record it, and digest the words of every step (the window's recording).
    words: bool = True


def _tree_cases(name: str, tree: CustomTree, settings: list[SearchSettings]) -> Iterator[Case]:
    game = TreeGame(tree)
    for s in dict.fromkeys(settings):  # each once
        yield Case(f"{name} {_said(s)}", game, tree.root, s)


def _said(settings: SearchSettings) -> str:
    """The settings that differ from the defaults, as ``key=value`` words."""
    default = SearchSettings()
    parts = []
    for f in dataclasses.fields(settings):
        value = getattr(settings, f.name)
        if value != getattr(default, f.name):
            parts.append(f"{f.name}={getattr(value, 'value', value)}")
    return " ".join(parts) or "defaults"


def _two_player_tree_settings(tree: CustomTree, depth: int) -> list[SearchSettings]:
    """The settings that apply to a tree of two players: a cutoff only where it has
    evaluations."""
    return [
        s for s in _two_player_settings(tree.has_chance, depth) if s.depth is None or tree.has_evals
    ]


def _two_player_settings(chance: bool, depth: int) -> list[SearchSettings]:
    if chance:
        return [
            SearchSettings(A.EXPECTIMINIMAX),
            SearchSettings(A.STAR1),
            SearchSettings(A.STAR1, ordering=Ordering.STATIC),
            SearchSettings(A.STAR1, depth=max(1, depth - 1)),
        ]
    return [
        SearchSettings(A.MINIMAX),
        SOFT,
        HARD,
        SearchSettings(A.ALPHABETA, ordering=Ordering.STATIC),
        SearchSettings(A.ALPHABETA, depth=max(1, depth - 1)),
        SearchSettings(A.ALPHABETA, fail_hard=True, depth=max(1, depth - 1)),
        SearchSettings(A.ALPHABETA, exact_root_values=True),
        SearchSettings(A.ALPHABETA, node_cap=7),
        SearchSettings(A.MINIMAX, transposition_table=True),
    ]


def example_cases() -> Iterator[Case]:
    """Every bundled example, with its own algorithm and the others that apply."""
    for ex in ALL_EXAMPLES:
        tree = ex.tree()
        if ex.expected_values is not None:  # a tree of players
            settings = [
                SearchSettings(A.MAXN),
                SearchSettings(A.PARANOID),
            ]
            if tree.has_evals:
                settings.append(SearchSettings(A.MAXN, depth=1))
            if tree.constant_sum is not None:
                settings.append(SearchSettings(A.MAXN, shallow_pruning=True))
        else:
            settings = _two_player_tree_settings(tree, 3)
            settings.append(SearchSettings(ex.algorithm, depth=ex.depth))
        yield from _tree_cases(f"example {ex.key}", tree, settings)


def random_cases() -> Iterator[Case]:
    """Seeded random trees: plain, with evals (for ordering and cutoffs), with chance
    levels, with early leaves, and of three players."""
    for seed in range(RANDOM_TREES):
        depth = 2 + seed % 3
        plain = random_tree(depth, (2, 3), seed=seed, evals=True, early_leaf=0.1)
        yield from _tree_cases(f"random {seed}", plain, _two_player_tree_settings(plain, depth))
        chance = random_tree(depth, (2, 3), seed=f"chance {seed}", chance_layers=0.4, evals=True)
        yield from _tree_cases(
            f"random chance {seed}", chance, _two_player_tree_settings(chance, depth)[:4]
        )
        if seed % 3 == 0:
            players = random_tree(depth, (2, 3), seed=f"players {seed}", players=3)
            yield from _tree_cases(
                f"random players {seed}",
                players,
                [SearchSettings(A.MAXN), SearchSettings(A.PARANOID)],
            )


def _play(game: Game[Any, Any], moves: int) -> Any:
    """The position after the first legal move, ``moves`` times (a fixed line)."""
    state = game.initial_state()
    for i in range(moves):
        actions = list(game.actions(state))
        state = game.result(state, actions[(3 * i + 1) % len(actions)])
    return state


def game_cases() -> Iterator[Case]:
    """Positions of every built-in game, with the settings a player can choose."""
    ttt = TicTacToe()
    mid = _play(ttt, 3)
    for s in (
        SearchSettings(A.MINIMAX),
        SOFT,
        HARD,
        SearchSettings(A.ALPHABETA, ordering=Ordering.STATIC, transposition_table=True),
        SearchSettings(A.ALPHABETA, depth=3),
        SearchSettings(A.MCTS, iterations=300, seed=4),
    ):
        yield Case(f"tic-tac-toe {_said(s)}", ttt, mid, s)
    yield Case(
        "tic-tac-toe start alphabeta table",
        ttt,
        ttt.initial_state(),
        SearchSettings(A.ALPHABETA, ordering=Ordering.STATIC, transposition_table=True),
        words=False,
    )

    c4 = ConnectFour()
    for moves in (0, 7):
        state = _play(c4, moves)
        for s in (
            SearchSettings(A.ALPHABETA, depth=4),
            SearchSettings(
                A.ALPHABETA, depth=5, ordering=Ordering.STATIC, transposition_table=True
            ),
            SearchSettings(A.ALPHABETA, depth=4, fail_hard=True, ordering=Ordering.STATIC),
            SearchSettings(
                A.ALPHABETA,
                depth=5,
                ordering=Ordering.PREVIOUS_BEST,
                transposition_table=True,
                time_budget=UNREACHED_SECONDS,
            ),
            SearchSettings(A.MINIMAX, depth=3),
            SearchSettings(A.MCTS, iterations=200, seed=7),
        ):
            yield Case(f"connect four after {moves} {_said(s)}", c4, state, s)

    chess = Chess()
    kiwipete = chess.parse_position(
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
    )
    for label, state in (("start", chess.initial_state()), ("kiwipete", kiwipete)):
        for s in (
            SearchSettings(A.ALPHABETA, depth=2),
            SearchSettings(
                A.ALPHABETA,
                depth=2,
                ordering=Ordering.STATIC,
                transposition_table=True,
                quiescence=True,
            ),
            SearchSettings(
                A.ALPHABETA,
                depth=3,
                ordering=Ordering.STATIC,
                transposition_table=True,
                evaluation="material_mobility",
            ),
        ):
            yield Case(f"chess {label} {_said(s)}", chess, state, s, words=label == "start")

    pig = Pig(target=10)
    pig_state = pig.initial_state()
    for s in (
        SearchSettings(A.EXPECTIMINIMAX, depth=3),
        SearchSettings(A.STAR1, depth=3),
        SearchSettings(A.STAR1, depth=3, ordering=Ordering.STATIC, transposition_table=True),
        SearchSettings(A.MCTS, iterations=150, seed=2),
    ):
        yield Case(f"pig {_said(s)}", pig, pig_state, s)

    pennies = Pennies(9)
    for s in (
        SearchSettings(A.MINIMAX),
        SOFT,
        SearchSettings(A.ALPHABETA, transposition_table=True),
    ):
        yield Case(f"pennies {_said(s)}", pennies, pennies.initial_state(), s)

    nim = ThreePlayerNim(pile=6)
    for s in (
        SearchSettings(A.MAXN),
        SearchSettings(A.MAXN, shallow_pruning=True),
        SearchSettings(A.PARANOID),
        SearchSettings(A.MAXN, transposition_table=True, depth=3),
    ):
        yield Case(f"three-player nim {_said(s)}", nim, nim.initial_state(), s)


def n_player_cases() -> Iterator[Case]:
    """What the other cases leave out for n players (added when max^n was split, its
    fingerprints taken from the code before the rebuild): chance nodes, a constant sum
    (shallow pruning) and the table together, paranoid with the table and with a
    cutoff, and node caps."""
    cap = 7
    for seed in range(60):
        depth = 2 + seed % 3
        tree = random_tree(
            depth,
            (2, 3),
            (0, 10),
            seed=f"n players {seed}",
            players=3,
            constant_sum=10,
            chance_layers=0.3 if seed % 2 else (),
        )
        settings = [
            SearchSettings(A.MAXN, shallow_pruning=True),
            SearchSettings(A.MAXN, shallow_pruning=True, transposition_table=True),
            SearchSettings(A.PARANOID, transposition_table=True),
            SearchSettings(A.MAXN, node_cap=cap),
            SearchSettings(A.PARANOID, node_cap=cap),
        ]
        yield from _tree_cases(f"random n players {seed}", tree, settings)
    nim = ThreePlayerNim(pile=7)
    for s in (
        SearchSettings(A.PARANOID, transposition_table=True),
        SearchSettings(A.PARANOID, depth=3),
        SearchSettings(A.PARANOID, depth=3, transposition_table=True),
        SearchSettings(A.MAXN, depth=2),
        SearchSettings(A.MAXN, shallow_pruning=True, transposition_table=True),
        SearchSettings(A.MAXN, node_cap=50),
        SearchSettings(A.PARANOID, node_cap=50),
    ):
        yield Case(f"three-player nim 7 {_said(s)}", nim, nim.initial_state(), s)


def all_cases() -> list[Case]:
    """Every case, in a fixed order, each name once."""
    cases = [*example_cases(), *random_cases(), *game_cases(), *n_player_cases()]
    names = [c.name for c in cases]
    assert len(set(names)) == len(names), "two cases share a name"
    return cases


# -- fingerprints -------------------------------------------------------------------------


def _event_text(event: Any) -> str:
    """An event as text: its class and every field but the state (states have no text
    of their own to compare; the moves that lead to them are in the stream)."""
    fields = [
        f"{f.name}={getattr(event, f.name)!r}"
        for f in dataclasses.fields(event)
        if f.name != "state"
    ]
    return f"{type(event).__name__}({', '.join(fields)})"


def _digest(lines: Iterator[str]) -> tuple[str, int]:
    h = hashlib.sha256()
    count = 0
    for line in lines:
        h.update(line.encode("utf-8", "backslashreplace"))
        h.update(b"\n")
        count += 1
    return h.hexdigest()[:16], count


def _result(result: SearchResult) -> str:
    """The result as text: its value and best move, its counts (time aside), depth, stop,
    principal variation, root moves with their values and bounds, and iterations."""
    stats = dataclasses.asdict(result.stats)
    stats.pop("seconds")
    return repr(
        (
            result.value,
            result.values,
            repr(result.best_move),
            sorted(stats.items()),
            result.depth,
            result.complete,
            result.stop_reason.value,
            [repr(m) for m in result.principal_variation],
            [(repr(r.move), r.value, r.bound.value) for r in result.root_moves],
            [
                (i.depth, i.completed, i.value, repr(i.best_move), i.nodes)
                for i in result.iterations
            ],
        )
    )


def fingerprint(case: Case) -> dict[str, Any]:
    """What the search of ``case`` does: its value and node count as they are, and
    digests of its whole result (``result``), its events (``events``: how many, and
    their digest) and the words of every step (``words``, where ``case.words``)."""
    events = EventRecorder()
    result = search(case.game, case.state, case.settings, listener=events)
    found: dict[str, Any] = {
        "value": result.value,
        "nodes": result.stats.nodes,
        "result": _digest(iter([_result(result)]))[0],
        "events": list(_digest(_event_text(e) for e in events.events)),
    }
    if case.words:  # recorded as the search records it, and told as the window tells it
        recording = new_recording(case.game, case.settings, DEFAULT_NODE_CAP)
        recorded = search(case.game, case.state, case.settings, listener=recording)
        recording.finish(recorded)
        if isinstance(recording, MctsRecording):
            rec = recording
            texts = (describe_event(rec, i) for i in range(rec.event_count))
        else:
            texts = (describe_step(recording, i) for i in range(recording.event_count))
        found["words"] = list(_digest(texts))
    return found


def fingerprints(cases: list[Case], on_case: Callable[[int], None] | None = None) -> dict[str, Any]:
    """The fingerprint of every case, by name."""
    kept = {}
    for i, case in enumerate(cases):
        try:
            kept[case.name] = fingerprint(case)
        except Exception as error:
            raise RuntimeError(f"{case.name}: {error}") from error
        if on_case is not None:
            on_case(i)
    return kept


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--write", action="store_true", help=f"write {FILE.name}")
    args = parser.parse_args(argv)
    found = fingerprints(all_cases())
    if args.write:
        lines = (f"{json.dumps(k)}: {json.dumps(v, sort_keys=True)}" for k, v in found.items())
        FILE.write_text("{\n" + ",\n".join(lines) + "\n}\n", encoding="utf-8")
        print(f"wrote {len(found)} fingerprints to {FILE}")
        return 0
    kept = json.loads(FILE.read_text(encoding="utf-8"))
    differ = [name for name in found if found[name] != kept.get(name)]
    print(f"{len(found)} cases, {len(differ)} differ")
    for name in differ[:20]:
        print(" ", name)
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
