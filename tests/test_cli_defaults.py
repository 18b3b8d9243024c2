"""``solve --game NAME`` searches with the window's defaults for that game (issue 26):
every search option not given takes the game's default settings (its time budget
aside), an option given wins, and a tree FILE keeps plain alpha-beta."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

import pytest

from gamesearch_gui.cli import build_parser
from gamesearch_gui.cli import main
from gamesearch_gui.core.games import GameSpec
from gamesearch_gui.core.games import find_game
from gamesearch_gui.core.games import game_specs
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import Ordering
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import default_settings
from gamesearch_gui.core.search import search
from gamesearch_gui.solving import search_settings
from gamesearch_gui.solving import settings_flags

ROOT = Path(__file__).resolve().parents[1]
KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


def _settings(*argv: str) -> SearchSettings:
    """The settings ``solve argv`` searches a game with."""
    args = build_parser().parse_args(["solve", *argv])
    spec = find_game(args.game)
    game = spec.make()
    return search_settings(args, game.has_chance, len(game.players), default_settings(spec))


def _solve(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    assert main(["solve", *argv, "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert isinstance(answer, dict)
    return answer


@pytest.mark.parametrize("spec", game_specs(), ids=lambda spec: spec.name)
def test_a_game_alone_is_searched_with_the_windows_defaults_but_its_time_budget(
    spec: GameSpec,
) -> None:
    window = default_settings(spec)
    assert _settings("--game", spec.name) == dataclasses.replace(window, time_budget=None)


def test_chess_on_the_command_line_orders_its_moves_and_keeps_a_table(
    capsys: pytest.CaptureFixture[str],
) -> None:
    answer = _solve(capsys, "--game", "chess", "--position", KIWIPETE)
    game = find_game("chess").make()
    window = SearchSettings(
        Algorithm.ALPHABETA, depth=4, ordering=Ordering.STATIC, transposition_table=True
    )
    result = search(game, game.parse_position(KIWIPETE), window)
    stats = answer["stats"]
    assert isinstance(stats, dict)
    assert stats["nodes"] == result.stats.nodes
    assert stats["tt_hits"] == result.stats.tt_hits > 0
    assert answer["best_move"] == game.move_text(game.parse_position(KIWIPETE), result.best_move)


def test_an_option_given_wins_over_the_games_default(
    capsys: pytest.CaptureFixture[str],
) -> None:
    plain = _settings("--game", "chess", "--ordering", "none", "--no-tt", "--depth", "2")
    assert plain == SearchSettings(Algorithm.ALPHABETA, depth=2)
    answer = _solve(
        capsys, "--game", "chess", "--position", KIWIPETE, "--ordering", "none", "--no-tt",
        "--depth", "2",
    )  # fmt: skip
    game = find_game("chess").make()
    result = search(game, game.parse_position(KIWIPETE), plain)
    stats = answer["stats"]
    assert isinstance(stats, dict)
    assert stats["nodes"] == result.stats.nodes
    assert stats["tt_hits"] == 0
    # Each default can be turned off, the cutoff too.
    assert _settings(
        "--game", "connect4", "--depth", "end", "--ordering", "none", "--no-tt"
    ) == SearchSettings(Algorithm.ALPHABETA)
    assert _settings("--game", "nim3", "--no-shallow-pruning", "--no-tt") == SearchSettings(
        Algorithm.MAXN
    )
    assert _settings("--game", "pig", "--algorithm", "expectiminimax") == SearchSettings(
        Algorithm.EXPECTIMINIMAX, depth=6, ordering=Ordering.STATIC, transposition_table=True
    )
    assert _settings("--game", "tictactoe", "--quiescence", "--depth", "3").quiescence


def test_another_algorithm_keeps_the_defaults_that_fit_it() -> None:
    assert _settings("--game", "chess", "--algorithm", "minimax") == SearchSettings(
        Algorithm.MINIMAX, depth=4, ordering=Ordering.STATIC, transposition_table=True
    )
    assert _settings("--game", "chess", "--algorithm", "mcts", "--iterations", "9") == (
        SearchSettings(Algorithm.MCTS, iterations=9)
    )
    assert _settings("--game", "nim3", "--algorithm", "paranoid") == SearchSettings(
        Algorithm.PARANOID, transposition_table=True
    )


def test_a_tree_file_keeps_plain_alpha_beta(capsys: pytest.CaptureFixture[str]) -> None:
    args = build_parser().parse_args(["solve", "-"])
    assert search_settings(args, False) == SearchSettings(Algorithm.ALPHABETA)
    answer = _solve(capsys, "[[3,12,8],[2,4,6],[14,5,2]]")
    stats = answer["stats"]
    assert isinstance(stats, dict)
    assert answer["pruned"] == ["1.1", "1.2"]  # Figure 5.2's cut, with no ordering
    assert stats["tt_hits"] == 0


def test_help_and_docs_list_each_games_defaults(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["solve", "--help"])
    text = capsys.readouterr().out
    assert "each search option\nnot given takes the game's default" in text
    docs = (ROOT / "docs" / "games.md").read_text(encoding="utf-8")
    for spec in game_specs():
        flags = settings_flags(default_settings(spec))
        assert re.search(rf"^  {spec.name} +{re.escape(flags)}$", text, re.M), spec.name
        assert f"| {spec.name} | `{flags}` |" in docs, spec.name
