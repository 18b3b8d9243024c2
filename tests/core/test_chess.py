"""Chess (issue 17): python-chess's rules through the game protocol, the evaluations of
the course notes, and the search features a chess player expects."""

from __future__ import annotations

import json
import pickle
import sys
import threading

import chess
import chess.polyglot
import pytest

from gamesearch_gui.cli import main as cli_main
from gamesearch_gui.core.game import IllegalMoveError
from gamesearch_gui.core.game import Player
from gamesearch_gui.core.game import PositionError
from gamesearch_gui.core.games import find_game
from gamesearch_gui.core.games import make_game
from gamesearch_gui.core.games.chess import MATE
from gamesearch_gui.core.games.chess import Chess
from gamesearch_gui.core.games.chess import ChessState
from gamesearch_gui.core.search import QUIESCENCE_PLIES
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import Ordering
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import search

GAME = Chess()

#: The notes' mate in one: 4. Qxf7#, the scholar's mate.
SCHOLAR = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4"
#: Légal's trap with a bishop given up: 1. Nf6+ gxf6 2. Bxf7#, a mate in two and not in one.
LEGAL_MATE_IN_TWO = "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1"
#: The notes' material example: White king and two bishops, Black king and queen.
NOTES_EXAMPLE = "3qk3/8/8/8/8/8/8/2B1KB2 w - - 0 1"


def _state(fen: str) -> ChessState:
    return GAME.parse_position(fen)


def _perft(state: ChessState, depth: int) -> int:
    if depth == 0:
        return 1
    if GAME.terminal_value(state) is not None:
        return 0
    return sum(_perft(GAME.result(state, move), depth - 1) for move in GAME.actions(state))


def mate_in_one(board: chess.Board) -> chess.Move | None:
    """A move of the side to move that mates at once, found by python-chess alone."""
    for move in board.legal_moves:
        board.push(move)
        mate = board.is_checkmate()
        board.pop()
        if mate:
            return move
    return None


# -- rules through the protocol --------------------------------------------------------


@pytest.mark.parametrize(("depth", "nodes"), [(1, 20), (2, 400), (3, 8902)])
def test_perft_from_the_start_through_the_protocol(depth: int, nodes: int) -> None:
    assert _perft(GAME.initial_state(), depth) == nodes


def test_perft_of_a_tricky_position() -> None:
    # "Kiwipete" (chessprogramming.org's perft results): castling, en passant, promotions.
    kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
    assert _perft(_state(kiwipete), 2) == 2039


def test_white_is_max_and_black_is_min() -> None:
    start = GAME.initial_state()
    assert GAME.to_move(start) is Player.MAX
    after = GAME.result(start, GAME.parse_move(start, "e4"))
    assert GAME.to_move(after) is Player.MIN


def test_states_are_values_that_a_move_does_not_change() -> None:
    start = GAME.initial_state()
    before = start.fen
    GAME.result(start, GAME.parse_move(start, "e4"))
    assert start.fen == before
    again = pickle.loads(pickle.dumps(start))
    assert again == start and hash(again) == hash(start)
    assert GAME.key(again) == GAME.key(start)


def test_naming_or_parsing_a_move_never_changes_the_board_even_for_a_moment(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A state is read by two threads at once (the window's, and the job that writes a
    replay page): python-chess plays a move and takes it back to write it in SAN, and
    the other thread, naming a move of the same state then, saw a board with the pawn
    lifted and not yet put down ("san() expects move to be legal ... got g7g6")."""
    state = _state(SCHOLAR)
    pushed: list[int] = []
    push = chess.Board.push

    def spied(board: chess.Board, move: chess.Move) -> None:
        pushed.append(id(board))
        push(board, move)

    monkeypatch.setattr(chess.Board, "push", spied)
    for move in GAME.actions(state):
        GAME.parse_move(state, GAME.move_text(state, move))
    GAME.terminal_value(state)
    assert pushed, "the spy saw python-chess play the moves it names"
    assert id(state._board) not in pushed
    assert state.fen == SCHOLAR


def test_two_threads_reading_the_same_states_see_every_legal_move() -> None:
    """The game-over check begins the legal moves and ``actions`` goes on with them: two
    threads asking the same fresh states at once each get all of them, named rightly."""
    board = chess.Board()
    fens = []
    for move in list(board.legal_moves)[:12]:
        board.push(move)
        fens.extend(board.fen() for _ in range(25))
        board.pop()
    expected = {
        fen: sorted(chess.Board(fen).san(m) for m in chess.Board(fen).legal_moves) for fen in fens
    }
    states = [ChessState.from_fen(fen) for fen in fens]
    seen: list[list[tuple[str, list[str]]]] = [[], []]

    def read(out: list[tuple[str, list[str]]]) -> None:
        for state in states:
            GAME.terminal_value(state)
            out.append((state.fen, sorted(GAME.move_text(state, m) for m in GAME.actions(state))))

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as Python can
    try:
        threads = [threading.Thread(target=read, args=(out,)) for out in seen]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(interval)
    for out in seen:
        assert len(out) == len(states)
        for fen, moves in out:
            assert moves == expected[fen], fen


def test_the_key_is_the_zobrist_hash_and_transpositions_share_it() -> None:
    start = GAME.initial_state()

    def play(*sans: str) -> ChessState:
        state = start
        for san in sans:
            state = GAME.result(state, GAME.parse_move(state, san))
        return state

    one, other = play("Nf3", "Nf6", "Nc3"), play("Nc3", "Nf6", "Nf3")
    assert GAME.key(one) == GAME.key(other) == chess.polyglot.zobrist_hash(one.board())
    assert GAME.key(one) != GAME.key(play("Nf3", "Nf6", "e3"))


def test_checkmate_is_worth_more_the_sooner_it_comes() -> None:
    state = _state(SCHOLAR)
    mated = GAME.result(state, GAME.parse_move(state, "Qxf7#"))
    # Move 4, Black to move: 7 plies played.
    assert GAME.terminal_value(mated) == MATE - 7
    assert GAME.ending(mated) == "checkmate"
    fools = GAME.initial_state()
    for san in ("f3", "e5", "g4", "Qh4#"):
        fools = GAME.result(fools, GAME.parse_move(fools, san))
    assert GAME.terminal_value(fools) == -(MATE - 4)


@pytest.mark.parametrize(
    ("fen", "ending"),
    [
        ("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "stalemate"),
        ("8/8/8/4k3/8/8/3BK3/8 w - - 0 1", "insufficient material"),
        ("8/8/8/4k3/8/8/3RK3/8 w - - 100 80", "the fifty-move rule"),
    ],
)
def test_draws_are_zero_and_named(fen: str, ending: str) -> None:
    state = _state(fen)
    assert GAME.terminal_value(state) == 0
    assert GAME.ending(state) == ending


def test_threefold_repetition_is_a_draw() -> None:
    state = GAME.initial_state()
    for san in ("Nf3", "Nf6", "Ng1", "Ng8") * 2:
        assert GAME.terminal_value(state) is None
        state = GAME.result(state, GAME.parse_move(state, san))
    assert state.repetitions() == 3
    assert GAME.terminal_value(state) == 0
    assert GAME.ending(state) == "threefold repetition"


# -- notation and bad input -------------------------------------------------------------


def test_moves_are_written_in_san_and_read_in_san_or_uci() -> None:
    state = _state(SCHOLAR)
    move = GAME.parse_move(state, "Qxf7#")
    assert move == chess.Move.from_uci("h5f7") == GAME.parse_move(state, "h5f7")
    assert GAME.move_text(state, move) == "Qxf7#"
    assert GAME.position_text(state) == SCHOLAR


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Ke3", "not legal here (White to move)"),
        ("e2e5", "not legal here"),
        ("hello", "not a move: write it in SAN"),
    ],
)
def test_an_illegal_move_gets_a_clear_message(text: str, words: str) -> None:
    with pytest.raises(IllegalMoveError, match=words.replace("(", r"\(").replace(")", r"\)")):
        GAME.parse_move(_state(SCHOLAR), text)


def test_an_ambiguous_move_says_how_to_name_it() -> None:
    state = _state("4k3/8/8/8/8/8/4K3/R6R w - - 0 1")
    with pytest.raises(IllegalMoveError, match="more than one move"):
        GAME.parse_move(state, "Rd1")


@pytest.mark.parametrize(
    ("fen", "words"),
    [
        ("xx", "cannot be read: expected 8 rows"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "cannot be read"),
        ("4k3/8/8/8/8/8/8/3KK3 w - - 0 1", "more than one king"),
        ("4k3/8/8/8/8/8/8/8 w - - 0 1", "White has no king"),
        ("4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", "the side not to move is in check"),
        ("P3k3/8/8/8/8/8/8/4K3 w - - 0 1", "first or eighth rank"),
    ],
)
def test_an_illegal_fen_says_what_is_wrong(fen: str, words: str) -> None:
    with pytest.raises(PositionError, match=words) as raised:
        GAME.parse_position(fen)
    assert repr(fen) in str(raised.value)


def test_the_command_line_refuses_an_illegal_fen_in_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = cli_main(["solve", "--game", "chess", "--position", "4k3/8/8/8/8/8/8/8 w - - 0 1"])
    err = capsys.readouterr().err
    assert code == 2
    assert "White has no king" in err and "Traceback" not in err


# -- evaluations ------------------------------------------------------------------------


def test_the_notes_example_material_minus_3_piece_count_plus_1() -> None:
    state = _state(NOTES_EXAMPLE)
    evaluations = GAME.evaluations()
    assert next(iter(evaluations)) == "material"  # the default
    assert evaluations["material"](state) == -3  # (10 + 3 + 3) - (10 + 9)
    assert evaluations["piece_count"](state) == 1  # 3 - 2
    terms = dict(GAME.evaluation_terms(state, "material"))
    assert terms["White material: K 10 + B 3 + B 3"] == 16
    assert terms["Black material: K 10 + Q 9"] == 19
    assert terms["material, White − Black"] == -3
    assert dict(GAME.evaluation_terms(state, "piece_count")) == {
        "White's pieces": 3,
        "Black's pieces": 2,
        "piece count, White − Black": 1,
    }


def test_mobility_adds_a_tenth_per_move_to_material() -> None:
    state = _state(NOTES_EXAMPLE)
    board = state.board()
    white = board.pseudo_legal_moves.count()
    board.turn = chess.BLACK
    black = board.pseudo_legal_moves.count()
    value = GAME.evaluations()["material_mobility"](state)
    assert value == pytest.approx(-3 + 0.1 * (white - black))
    rows = GAME.evaluation_terms(state, "material_mobility")
    assert rows[-1] == ("material and mobility", value)


def test_every_evaluation_stays_far_from_a_mate() -> None:
    # Ten queens against a bare king: more material than a game can have (unchecked).
    state = ChessState.from_fen("QQQQQQQK/QQ6/8/8/8/8/8/5k2 w - - 0 1")
    for evaluate in GAME.evaluations().values():
        assert abs(evaluate(state)) < MATE / 2


# -- ordering and search ----------------------------------------------------------------


def test_static_ordering_puts_captures_first_most_valuable_victim_least_attacker() -> None:
    # White can take the queen with the pawn, the knight or the rook, and the rook with
    # the knight.
    state = _state("4k3/8/8/2r5/3q4/1NP5/8/3RK3 w - - 0 1")
    ordered = [GAME.move_text(state, m) for m in GAME.ordered_actions(state)]
    assert ordered[:4] == ["cxd4", "Nxd4", "Rxd4", "Nxc5"]
    assert sorted(map(str, GAME.ordered_actions(state))) == sorted(map(str, GAME.actions(state)))
    assert [GAME.move_text(state, m) for m in GAME.noisy_actions(state)] == ordered[:4]


def test_mate_in_one_at_depth_one() -> None:
    state = _state(SCHOLAR)
    found = search(GAME, state, SearchSettings(Algorithm.ALPHABETA, depth=1))
    assert GAME.move_text(state, found.best_move) == "Qxf7#"


def test_mate_in_one_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["solve", "--game", "chess", "--position", SCHOLAR, "--depth", "1", "--json"]
    assert cli_main(argv) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["best_move"] == "Qxf7#"
    assert answer["principal_variation"] == ["Qxf7#"]


@pytest.mark.parametrize("ordering", [Ordering.NONE, Ordering.STATIC])
def test_mate_in_two_at_depth_three(ordering: Ordering) -> None:
    state = _state(LEGAL_MATE_IN_TWO)
    board = state.board()
    assert mate_in_one(board) is None  # not a mate in one
    settings = SearchSettings(
        Algorithm.ALPHABETA, depth=3, ordering=ordering, transposition_table=True
    )
    found = search(GAME, state, settings)
    # Every reply to the move found allows a mate (checked by python-chess alone).
    board.push(found.best_move)
    assert not board.is_game_over()
    for reply in list(board.legal_moves):
        board.push(reply)
        assert mate_in_one(board) is not None, f"{reply} escapes"
        board.pop()
    assert found.value == MATE - (state.plies + 3)
    assert GAME.move_text(state, found.best_move) == "Nf6+"


def test_the_quickest_mate_is_preferred() -> None:
    # Qxf7 mates at once; other lines mate later. Searched deeper than needed, the
    # value says mate in one.
    state = _state(SCHOLAR)
    found = search(
        GAME,
        state,
        SearchSettings(
            Algorithm.ALPHABETA, depth=3, ordering=Ordering.STATIC, transposition_table=True
        ),
    )
    assert GAME.move_text(state, found.best_move) == "Qxf7#"
    assert found.value == MATE - (state.plies + 1)


def test_iterative_deepening_with_a_time_limit_plays_a_legal_move() -> None:
    state = GAME.initial_state()
    settings = SearchSettings(
        Algorithm.ALPHABETA,
        depth=3,
        time_budget=30.0,
        ordering=Ordering.STATIC,
        transposition_table=True,
    )
    found = search(GAME, state, settings)
    assert found.best_move in GAME.actions(state)
    assert [it.depth for it in found.iterations] == [1, 2, 3]


# -- quiescence with stand pat ----------------------------------------------------------


def _reference_quiescence(board: chess.Board, depth: int, qplies: int) -> float:
    """Minimax to ``depth``, then captures and promotions only, where the side to move
    may always stand pat on ``material`` (the textbook quiescence), at most ``qplies``
    plies further. Written on python-chess alone, without the app's search."""
    state = ChessState(board.copy(stack=False))
    terminal = GAME.terminal_value(state)
    if terminal is not None:
        return terminal
    white = board.turn == chess.WHITE
    pick = max if white else min
    if depth > 0:
        values = []
        for move in list(board.legal_moves):
            board.push(move)
            values.append(_reference_quiescence(board, depth - 1, qplies))
            board.pop()
        return pick(values)
    standing = GAME.evaluations()["material"](state)
    noisy = [m for m in board.legal_moves if board.is_capture(m) or m.promotion]
    if qplies == 0 or not noisy:
        return standing
    values = [standing]
    for move in noisy:
        board.push(move)
        values.append(_reference_quiescence(board, 0, qplies - 1))
        board.pop()
    return pick(values)


@pytest.mark.parametrize(
    "fen",
    [
        # White's queen can take a pawn that a knight defends.
        "4k3/8/5n2/3p4/8/8/3Q4/4K3 w - - 0 1",
        # Black to move with captures it should not make: standing pat is best.
        "4k3/8/8/3q4/4P3/5P2/8/4K3 b - - 0 1",
        # A capture sequence on one square.
        "3rk3/3r4/8/3p4/8/3R4/3R4/3QK3 w - - 0 1",
    ],
)
@pytest.mark.parametrize("algorithm", [Algorithm.MINIMAX, Algorithm.ALPHABETA])
def test_quiescence_stands_pat_as_the_textbook_says(fen: str, algorithm: Algorithm) -> None:
    state = _state(fen)
    settings = SearchSettings(algorithm, depth=1, evaluation="material", quiescence=True)
    found = search(GAME, state, settings)
    assert found.value == _reference_quiescence(state.board(), 1, QUIESCENCE_PLIES)
    assert found.stats.quiescence_nodes > 0


def test_quiescence_sees_the_recapture_a_plain_search_misses() -> None:
    # Qxd5 wins a pawn at depth 1 but loses the queen to Nxd5 a ply later.
    state = _state("4k3/8/5n2/3p4/8/8/3Q4/4K3 w - - 0 1")
    plain = search(GAME, state, SearchSettings(Algorithm.ALPHABETA, depth=1))
    quiet = search(GAME, state, SearchSettings(Algorithm.ALPHABETA, depth=1, quiescence=True))
    assert GAME.move_text(state, plain.best_move) == "Qxd5"
    assert GAME.move_text(state, quiet.best_move) != "Qxd5"
    assert plain.value == 6  # a pawn up on White's 19 against 14
    assert quiet.value == 5  # as it stands: the pawn was not worth the queen


def test_chess_is_registered_with_a_board_and_a_responsive_default() -> None:
    game = make_game("chess")
    assert isinstance(game, Chess)
    spec = find_game("chess")
    assert spec.side_names == ("White", "Black")
    assert spec.board is not None
    assert spec.default_search.time_budget is not None
