"""OpenSpiel's games through the adapter: specs read and refused in one line, states as
values (equal, hashed, pickled by their history), moves, chance and utilities as
OpenSpiel says, and searches that work on a huge branching factor within the node cap."""

from __future__ import annotations

import pickle

import pytest

from gamesearch_gui.core.game import GameError
from gamesearch_gui.core.game import Player
from gamesearch_gui.core.openspiel.spec import parse_spec
from gamesearch_gui.core.recording.depth_first import SearchRecording
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import StopReason
from gamesearch_gui.core.search import search
from gamesearch_gui.core.search.textbook import CHECK_EVERY

pyspiel = pytest.importorskip("pyspiel")

from gamesearch_gui.core.openspiel.catalog import searchable_games  # noqa: E402
from gamesearch_gui.core.openspiel.game import OpenSpielGame  # noqa: E402


def test_a_spec_reads_as_pyspiel_reads_it() -> None:
    spec = parse_spec(" breakthrough(rows=6,columns=6) ")
    assert spec.name == "breakthrough" and dict(spec.parameters) == {"rows": 6, "columns": 6}
    assert str(spec) == "breakthrough(columns=6,rows=6)"
    typed = parse_spec("nim(pile_sizes=1;2;3,is_misere=false)").parameters
    assert typed == {"pile_sizes": "1;2;3", "is_misere": False}
    assert parse_spec("go(komi=6.5)").parameters == {"komi": 6.5}
    # The canonical spec loads the same game in OpenSpiel.
    assert str(pyspiel.load_game(str(spec))) == str(spec)


@pytest.mark.parametrize(
    ("spec", "said"),
    [
        ("tictactoe", "OpenSpiel has no game 'tictactoe'; did you mean 'tic_tac_toe'"),
        ("connect4", "did you mean 'connect_four'?"),
        ("breakthrough(size=3)", "breakthrough has no parameter 'size'; its parameters: columns"),
        ("breakthrough(rows=six)", "parameter rows is an int (such as 8), not 'six'"),
        ("pig(winscore=10.5)", "parameter winscore is an int (such as 100), not '10.5'"),
        ("breakthrough(rows=6", "the parameters' ')' is missing at the end"),
        ("breakthrough(rows=6,rows=7)", "parameter 'rows' is given twice"),
        ("kuhn_poker", "cannot search kuhn_poker: it has imperfect information"),
        ("goofspiel", "cannot search goofspiel: its players move simultaneously"),
        ("2048", "cannot search 2048: it is a game of one player"),
        ("stones_and_gems", "its chance events are sampled, not listed"),
        ("pig(players=1)", "cannot search pig: it is a game of one player"),
        # A failed check of OpenSpiel's C++ is said as one, the value that broke it named.
        (
            "breakthrough(rows=1)",
            "OpenSpiel refuses breakthrough(rows=1): its check rows_ > 1 failed: rows_ = 1",
        ),
        ("go(board_size=30)", "OpenSpiel refuses go(board_size=30): The current Go implementation"),
        (
            "quoridor(board_size=2)",
            "refuses quoridor(board_size=2): Board size must be at least 3x3",
        ),
        ("", "names no OpenSpiel game"),
    ],
)
def test_bad_specs_are_said_in_one_line(spec: str, said: str) -> None:
    with pytest.raises(GameError) as caught:
        OpenSpielGame(spec)
    assert said in str(caught.value)
    assert "\n" not in str(caught.value)


def test_a_position_with_no_moves_that_is_not_over_is_refused_in_words() -> None:
    """hex(board_size=0) loads, and its start has no move yet is not over: the search
    is refused in a sentence, not by a value that cannot be written (-inf)."""
    game = OpenSpielGame("hex(board_size=0)")
    settings = SearchSettings(algorithm=Algorithm.ALPHABETA, depth=2)
    with pytest.raises(GameError) as caught:
        search(game, game.initial_state(), settings)
    assert str(caught.value) == (
        "OpenSpiel's hex(board_size=0) has no moves at the start position, where the game "
        "is not over: the app cannot search it"
    )


def test_an_int_for_a_float_parameter_is_taken() -> None:
    assert "komi=6.0" in OpenSpielGame("go(board_size=5,komi=6)").spec


def test_the_list_holds_what_the_app_can_search_and_nothing_else() -> None:
    entries = {entry.name: entry for entry in searchable_games()}
    assert {"breakthrough", "checkers", "othello", "hex", "mancala", "oware"} <= set(entries)
    assert {"nine_mens_morris", "dots_and_boxes", "amazons", "quoridor"} <= set(entries)
    assert entries["backgammon"].has_chance and entries["pig"].has_chance
    assert not entries["chess"].has_chance and entries["chess"].long_name == "Chess"
    assert entries["chinese_checkers"].max_players == 6 and entries["pig"].players == 2
    for refused in ("kuhn_poker", "leduc_poker", "goofspiel", "2048", "catch", "efg_game"):
        assert refused not in entries
    # Every listed game loads with its defaults, and is what the list says.
    for name in ("breakthrough", "backgammon", "maedn", "tic_tac_toe"):
        game = OpenSpielGame(name)
        assert game.has_chance == entries[name].has_chance
        assert len(game.players) == entries[name].players


def test_states_are_values_keyed_and_pickled_by_their_history() -> None:
    game = OpenSpielGame("tic_tac_toe")
    start = game.initial_state()
    a = game.result(game.result(start, 4), 0)
    b = game.parse_position("x(1,1),o(0,0)")
    assert a == b and hash(a) == hash(b) and game.key(a) == (4, 0)
    assert game.result(start, 4) != game.result(start, 0)
    copy = pickle.loads(pickle.dumps(a))
    assert copy == a and game.board_text(copy) == game.board_text(a)
    again = pickle.loads(pickle.dumps(game))
    assert again.spec == "tic_tac_toe" and again.actions(copy) == game.actions(a)
    assert game.position_text(a) == "x(1,1),o(0,0)"
    # The state's text is OpenSpiel's.
    assert game.board_text(a) == "o..\n.x.\n..."
    assert game.parse_position("4, 0") == a  # action numbers too


def test_a_move_that_is_not_legal_names_itself_and_the_legal_ones() -> None:
    game = OpenSpielGame("tic_tac_toe")
    with pytest.raises(GameError) as caught:
        game.parse_position("x(1,1),x(0,0)")
    assert str(caught.value) == (
        "move 2, at 'x(0,0)', is not legal there; legal: o(0,0), o(0,1), o(0,2), o(1,0), "
        "o(1,2), o(2,0), o(2,1), o(2,2)"
    )


def test_a_huge_position_text_is_refused_at_once() -> None:
    # The moves are found piece by piece (a move's text may hold a comma); a text of
    # 200,000 commas must not be joined 200,000 times over.
    game = OpenSpielGame("tic_tac_toe")
    with pytest.raises(GameError, match="move 2, at"):
        game.parse_position("4" + "," * 200_000)


def test_chance_outcomes_and_utilities_are_openspiels() -> None:
    game = OpenSpielGame("pig(winscore=10,diceoutcomes=3)")
    rolled = game.result(game.initial_state(), 0)  # roll
    assert game.to_move(rolled) is Player.CHANCE
    assert [(a, p) for a, p in game.chances(rolled)] == [(0, 1 / 3), (1, 1 / 3), (2, 1 / 3)]
    assert [game.move_text(rolled, a) for a, _ in game.chances(rolled)] == [
        "Roll 1",
        "Roll 2",
        "Roll 3",
    ]
    assert game.has_chance and game.utility_bounds() == (-1.0, 1.0)
    # Chess: player 1 (White) moves first, and is MIN; utilities are player 0's.
    chess = OpenSpielGame("chess")
    assert chess.to_move(chess.initial_state()) is Player.MIN
    mate = chess.parse_position("f3,e5,g4,Qh4#")
    assert chess.is_terminal(mate) and chess.utility(mate) == 1.0


def test_a_game_of_more_players_gives_vectors() -> None:
    game = OpenSpielGame("chinese_checkers(players=3)")
    state = game.initial_state()
    assert game.players == ("player 0", "player 1", "player 2")
    assert game.to_move(state) is Player.MAX and game.player_index(state) == 0
    assert game.player_index(game.result(state, game.actions(state)[0])) == 1
    assert game.utility_sum() == 0
    playout = game.vector_evaluations()["random playout"](state)
    assert len(playout) == 3 and sum(playout) == 0
    assert playout == game.playout(state)  # the same position plays out the same
    result = search(game, state, SearchSettings(Algorithm.PARANOID, depth=2, evaluation="none"))
    assert result.best_move in game.actions(state)


def test_a_huge_branching_factor_searches_within_the_node_cap() -> None:
    game = OpenSpielGame("go")  # 19x19: 362 moves at the start
    state = game.initial_state()
    assert len(game.actions(state)) == 362
    capped = SearchSettings(Algorithm.ALPHABETA, depth=3, evaluation="none", node_cap=2_000)
    result = search(game, state, capped)
    # The search looks at the cap every CHECK_EVERY nodes; the window's recording, exactly.
    assert result.stop_reason is StopReason.NODE_CAP
    assert 2_000 <= result.stats.nodes < 2_000 + CHECK_EVERY
    assert result.best_move in game.actions(state)
    recording = SearchRecording(game, node_cap=1_000)
    settings = SearchSettings(Algorithm.MINIMAX, depth=2, evaluation="none", node_cap=1_000)
    search(game, state, settings, listener=recording)
    assert 0 < recording.node_count <= 1_000
    mcts = SearchSettings(Algorithm.MCTS, iterations=30, seed=1)
    assert search(game, state, mcts).best_move in game.actions(state)
