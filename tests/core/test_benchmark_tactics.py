"""The tactics benchmark's positions are legal and their answers right (the mates proved
by an exhaustive search), and the benchmark reads both engines' answers."""

from __future__ import annotations

import importlib.util

import chess
import pytest

from benchmarks.bench_tactics import MIDDLEGAMES
from benchmarks.tactics_engines import ENGINES
from benchmarks.tactics_engines import ours_arguments
from benchmarks.tactics_engines import run
from benchmarks.tactics_engines import window_options
from benchmarks.tactics_engines import window_settings
from benchmarks.tactics_suite import SUITE
from benchmarks.tactics_suite import Tactic
from benchmarks.tactics_suite import choose
from benchmarks.tactics_suite import every_defence_loses
from benchmarks.tactics_suite import mates_within
from benchmarks.tactics_suite import mating_moves
from benchmarks.tactics_suite import read_suite
from gamesearch_gui.core.search import Ordering
from gamesearch_gui.core.search import SearchSettings

TACTICS = read_suite()
MATES = [t for t in TACTICS if t.mate_in is not None]
needs_sunfish = pytest.mark.skipif(
    importlib.util.find_spec("sunfish") is None, reason="sunfish is not installed"
)


def test_the_suite_has_at_least_twenty_positions_each_with_a_source() -> None:
    assert len(TACTICS) >= 20
    assert len({t.id for t in TACTICS}) == len(TACTICS)
    assert all(t.source for t in TACTICS)
    assert MATES, "the suite has mates to prove"


@pytest.mark.parametrize("tactic", TACTICS, ids=lambda t: t.id)
def test_every_position_is_legal_and_every_answer_a_legal_move(tactic: Tactic) -> None:
    board = tactic.board()
    assert board.status() == chess.STATUS_VALID
    assert not board.is_game_over()
    answers = tactic.answers()
    assert len(answers) == len(tactic.best)
    assert all(move in board.legal_moves for move in answers)


@pytest.mark.parametrize("tactic", MATES, ids=lambda t: t.id)
def test_every_mate_is_proved_and_its_answer_is_every_move_that_mates(tactic: Tactic) -> None:
    assert tactic.mate_in is not None and 1 <= tactic.mate_in <= 3  # small: seconds
    board = tactic.board()
    keys = mating_moves(board, tactic.mate_in)
    assert set(keys) == tactic.answers()  # the bm moves, and no other, mate in N
    if tactic.mate_in > 1:  # and no quicker mate exists
        assert not mates_within(board, tactic.mate_in - 1, {})
    assert board.fen() == tactic.fen  # the search leaves the board as it found it


def test_the_mate_search_tells_a_mate_from_a_stalemate_and_from_a_defence() -> None:
    back_rank = chess.Board("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1")
    assert [back_rank.san(m) for m in mating_moves(back_rank, 1)] == ["Rd8#"]
    # The king escapes through h7: no mate in one, however many checks there are.
    air = chess.Board("6k1/5pp1/8/8/8/8/5PPP/3R2K1 w - - 0 1")
    assert mating_moves(air, 1) == []
    # A queen and king against a king in the corner: Qc8 mates; Qc7 stalemates, which
    # is no loss for Black, so it is not a mate in one move more either.
    corner = chess.Board("k7/8/1K6/8/8/8/8/2Q5 w - - 0 1")
    assert [corner.san(m) for m in mating_moves(corner, 1)] == ["Qc8#"]
    corner.push_san("Qc7")
    assert corner.is_stalemate()
    assert not every_defence_loses(corner, 1, {})


def test_positions_are_chosen_by_count_or_by_id() -> None:
    assert choose(TACTICS, None) == TACTICS
    assert choose(TACTICS, "3") == TACTICS[:3]
    assert [t.id for t in choose(TACTICS, "mate3.2, WAC.001")] == ["mate3.2", "WAC.001"]
    with pytest.raises(ValueError, match=f"no position WAC.999 in {SUITE.name}"):
        choose(TACTICS, "WAC.999")


def test_ours_runs_the_windows_default_chess_search_spelled_out_for_solve() -> None:
    settings = window_settings()
    options = window_options(settings)
    assert options[options.index("--ordering") + 1] == settings.ordering.value
    assert ("--tt" in options) == settings.transposition_table
    assert ("--quiescence" in options) == settings.quiescence
    timed = ours_arguments("startpos", seconds=5.0, depth=None)
    # The command line takes the game's depth when none is given: the budget alone deepens.
    assert timed[timed.index("--time") + 1] == "5.0" and timed[timed.index("--depth") + 1] == "end"
    kept = ours_arguments("startpos", seconds=5.0, depth=None, keep_depth=True)
    assert kept[kept.index("--depth") + 1] == str(settings.depth)
    fixed = ours_arguments("startpos", seconds=None, depth=4)
    assert fixed[fixed.index("--depth") + 1] == "4" and "--time" not in fixed
    quiescent = SearchSettings(depth=3, ordering=Ordering.STATIC, quiescence=True)
    assert "--quiescence" in window_options(quiescent)
    with pytest.raises(ValueError, match="solve cannot take"):
        window_options(SearchSettings(depth=3, exact_root_values=True))


def test_the_middlegames_are_legal_positions() -> None:
    assert len(MIDDLEGAMES) == 3
    for _, fen in MIDDLEGAMES:
        board = chess.Board(fen)
        assert board.status() == chess.STATUS_VALID and not board.is_game_over()


@needs_sunfish
@pytest.mark.parametrize("engine", ENGINES)
def test_each_engine_answers_in_its_own_process_and_the_answer_reads(engine: str) -> None:
    # A mate in one (WAC has none; the back rank does): found at any depth.
    fen = "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1"
    fixed = run(engine, fen, depth=2)
    assert fixed.engine == engine
    assert fixed.san == "Rd8#" and fixed.uci == "d1d8"
    assert fixed.nodes > 0 and fixed.depth >= 1
    # Black to move (sunfish rotates the board): the answer reads back in Black's moves.
    black = "3r2k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1"
    mirrored = run(engine, black, depth=2)
    assert mirrored.san == "Rd1#" and mirrored.uci == "d8d1"
    timed = run(engine, fen, seconds=0.2)
    assert timed.cpu >= 0 and timed.nodes > 0
    assert timed.uci is None or chess.Move.from_uci(timed.uci) in chess.Board(fen).legal_moves
