"""The registry of games: lookup by name, registering, and a game added only there
showing up on the command line."""

from __future__ import annotations

import json
import pickle
from dataclasses import replace

import pytest

from gamesearch_gui.cli import main
from gamesearch_gui.core.game import GameError
from gamesearch_gui.core.game import Player
from gamesearch_gui.core.games import BUILT_IN
from gamesearch_gui.core.games import GameOption
from gamesearch_gui.core.games import UnknownGameError
from gamesearch_gui.core.games import find_game
from gamesearch_gui.core.games import game_names
from gamesearch_gui.core.games import make_game
from gamesearch_gui.engine import unpickling
from tests.core.registered_game import SPEC
from tests.core.registered_game import Stacks
from tests.core.registered_game import registered


def test_built_in_games_are_found_by_name_in_menu_order() -> None:
    assert game_names() == ("tictactoe", "connect4", "pennies", "pig", "chess", "nim3")
    for spec in BUILT_IN:
        assert find_game(spec.name) is spec
        game = spec.make()
        # The board and the help find a game's spec by the game's own name.
        assert (game.name, game.title) == (spec.name, spec.title)
        # The settings seat one side per player, by the spec's names.
        assert len(spec.side_names) == len(game.players)


def test_an_unknown_name_is_refused_naming_the_choices() -> None:
    with pytest.raises(UnknownGameError) as caught:
        find_game("go")
    assert str(caught.value) == (
        "unknown game 'go' (choose from: tictactoe, connect4, pennies, pig, chess, nim3)"
    )
    assert isinstance(caught.value, GameError)  # the CLI's one-line bad input


def test_options_are_taken_by_key_and_held_to_their_range() -> None:
    assert make_game("pig", {"pig_target": 30}).target == 30  # type: ignore[attr-defined]
    assert make_game("pig").target == 20  # type: ignore[attr-defined]
    # Options of other games are someone else's business.
    assert make_game("pennies", {"pig_target": 30, "pennies_start": 9}).start == (9,)  # type: ignore[attr-defined]
    with pytest.raises(GameError, match=r"Target: 101 is out of range \(2 to 100\)"):
        make_game("pig", {"pig_target": 101})


def test_registering_adds_a_game_and_unregistering_removes_it() -> None:
    with registered():
        assert game_names()[-1] == "stacks"
        game = make_game("stacks", {"stacks_height": 8})
        assert isinstance(game, Stacks) and game.start == (8,)
    assert "stacks" not in game_names()
    with pytest.raises(UnknownGameError, match="unknown game 'stacks'"):
        make_game("stacks")


def test_a_taken_name_or_option_is_refused_and_the_registry_stays_as_it_was() -> None:
    before = game_names()
    with (
        pytest.raises(GameError, match="already a game named 'pig'"),
        registered(replace(SPEC, name="pig")),
    ):
        pass
    target = replace(SPEC.options[0], flag="--target")
    with (
        pytest.raises(GameError, match=r"clashes with pig's pig_target \(--target\)"),
        registered(replace(SPEC, options=(target,))),
    ):
        pass
    assert game_names() == before


def test_a_malformed_spec_is_refused_when_it_is_made() -> None:
    with pytest.raises(GameError, match=r"not 'package\.module:Class'"):
        replace(SPEC, board="a board")
    with pytest.raises(GameError, match="default 50 is not within 3 to 12"):
        replace(SPEC.options[0], default=50)
    with pytest.raises(GameError, match="flag"):
        GameOption("height", "-h", "Height", "how tall", 1, 2, 1)
    for sides in (("Alone",), ("Twin", "Twin")):
        with pytest.raises(GameError, match="two or more, distinct"):
            replace(SPEC, side_names=sides)


def test_a_game_added_only_to_the_registry_is_offered_by_the_command_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with registered():
        with pytest.raises(SystemExit):
            main(["solve", "--help"])
        shown = capsys.readouterr().out
        assert "{tictactoe,connect4,pennies,pig,chess,nim3,stacks}" in shown
        assert "stacks     stacks of coins, e.g. '5'\n             or '3,1 min'" in shown
        assert "stacks     'N=A+B' (made up by a test)" in shown
        assert "--height N" in shown and "stacks: how tall the one stack is, 3 to 12" in shown

        assert main(["solve", "--game", "stacks", "--height", "7", "--json"]) == 0
        stacks = json.loads(capsys.readouterr().out)
        assert main(["solve", "--game", "pennies", "--start", "7", "--json"]) == 0
        pennies = json.loads(capsys.readouterr().out)
        # The same game under another name: from 7 the first player loses.
        assert stacks["value"] == pennies["value"] == -1
        assert stacks["best_move"] == pennies["best_move"]

        assert main(["solve", "--game", "stacks", "--target", "7"]) == 2
        assert "--target belongs to --game pig, not stacks" in capsys.readouterr().err
        with pytest.raises(SystemExit) as refused:
            main(["solve", "--game", "stacks", "--height", "13"])
        assert refused.value.code == 2
        assert "--height: must be at least 3 and at most 12" in capsys.readouterr().err
    with pytest.raises(SystemExit) as refused:
        main(["solve", "--game", "stacks"])
    assert refused.value.code == 2
    assert "invalid choice: 'stacks'" in capsys.readouterr().err


def test_an_option_given_to_a_tree_file_is_refused(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["solve", "[[3, 12], [2, 4]]", "--target", "30"]) == 2
    assert "--target belongs to --game pig, not a tree FILE" in capsys.readouterr().err


def _options(game: object) -> dict[str, object]:
    return {key: value for key, value in vars(game).items() if not key.startswith("_")}


@pytest.mark.parametrize(
    ("name", "options"),
    [
        ("tictactoe", {}),
        ("connect4", {}),
        ("chess", {}),
        ("pennies", {"pennies_start": 9}),
        ("pig", {"pig_target": 30}),
        ("nim3", {}),
    ],
)
def test_every_built_in_game_crosses_to_the_engine_as_its_rules_and_options(
    name: str, options: dict[str, int]
) -> None:
    game = make_game(name, options)
    # As a search request crosses the pipe, and as the window reads one back.
    again = unpickling.loads(pickle.dumps(game))
    assert type(again) is type(game) and again is not game
    # The options (Pig's target, the pennies' start), and nothing the game holds for itself.
    assert _options(again) == _options(game)
    assert list(again.evaluations()) == list(game.evaluations())
    start = game.initial_state()
    assert again.initial_state() == start
    assert again.key(start) == game.key(start)
    for evaluate, evaluate_again in zip(
        game.evaluations().values(), again.evaluations().values(), strict=True
    ):
        if not game.is_terminal(start) and game.to_move(start) is not Player.CHANCE:
            assert evaluate_again(start) == evaluate(start)
