"""The positions of :mod:`benchmarks.bench_tactics`, read from ``tactics.epd``, and the
exhaustive mate search that checks the mates among them.

A position solves when an engine plays one of its ``bm`` moves. A position with ``dm N``
is a forced mate in N moves of the side to move: :func:`mating_moves` lists every first
move after which each defence is mated within N moves, by trying every move of both
sides (no evaluation, no pruning beyond "this defence is already refuted"), so the
answers of those positions are proved, not taken on trust.
``tests/core/test_benchmark_tactics.py`` checks the whole file this way.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import chess

#: The suite: the positions, their answers and where each comes from.
SUITE = Path(__file__).with_name("tactics.epd")


@dataclass(frozen=True)
class Tactic:
    """One position of the suite and its answer."""

    id: str
    fen: str  # a full FEN (move counters 0 and 1: EPD has none)
    best: tuple[str, ...]  # the bm moves, in SAN
    mate_in: int | None  # dm: a forced mate in this many moves, or None
    source: str  # c0

    def board(self) -> chess.Board:
        return chess.Board(self.fen)

    def answers(self) -> frozenset[chess.Move]:
        """The bm moves as python-chess moves."""
        board = self.board()
        return frozenset(board.parse_san(san) for san in self.best)

    def solved_by(self, move: chess.Move | None) -> bool:
        return move is not None and move in self.answers()


def read_suite(path: Path = SUITE) -> list[Tactic]:
    """The positions of an EPD file (comments start with '#'); ValueError naming the
    line for one that cannot be read, or that has no ``id`` or no ``bm``."""
    tactics = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        try:
            board, ops = chess.Board.from_epd(text)
        except ValueError as error:
            raise ValueError(f"{path.name}, line {number}: {error}") from None
        ident, best = ops.get("id"), ops.get("bm")
        if not isinstance(ident, str) or not isinstance(best, list) or not best:
            raise ValueError(f"{path.name}, line {number}: a position needs an id and a bm")
        mate_in = ops.get("dm")
        tactics.append(
            Tactic(
                id=ident,
                fen=board.fen(),
                best=tuple(board.san(move) for move in best if isinstance(move, chess.Move)),
                mate_in=mate_in if isinstance(mate_in, int) else None,
                source=str(ops.get("c0", "")),
            )
        )
    return tactics


def choose(tactics: list[Tactic], wanted: str | None) -> list[Tactic]:
    """``--positions``: None for all, a number N for the first N, or ids separated by
    commas; ValueError for an id the suite does not have."""
    if wanted is None:
        return tactics
    if wanted.strip().isdigit():
        return tactics[: int(wanted)]
    by_id = {tactic.id: tactic for tactic in tactics}
    ids = [part.strip() for part in wanted.split(",") if part.strip()]
    unknown = [ident for ident in ids if ident not in by_id]
    if unknown:
        raise ValueError(f"no position {', '.join(unknown)} in {SUITE.name}")
    return [by_id[ident] for ident in ids]


# -- the exhaustive mate search ------------------------------------------------------


def mates_within(board: chess.Board, moves: int, seen: dict[tuple[object, ...], bool]) -> bool:
    """True when the side to move mates within ``moves`` of its moves whatever the other
    side does. ``seen`` remembers positions already settled (the board is left as found)."""
    key = (board.board_fen(), board.turn, board.castling_rights, board.ep_square, moves)
    known = seen.get(key)
    if known is not None:
        return known
    found = False
    for move in list(board.legal_moves):
        if moves == 1 and not board.gives_check(move):
            continue  # a last move that does not check cannot mate
        board.push(move)
        try:
            found = board.is_checkmate() or (
                moves > 1 and every_defence_loses(board, moves - 1, seen)
            )
        finally:
            board.pop()
        if found:
            break
    seen[key] = found
    return found


def every_defence_loses(
    board: chess.Board, moves: int, seen: dict[tuple[object, ...], bool]
) -> bool:
    """True when the side to move has a move and every one of them is met by a mate
    within ``moves``; False for stalemate and for any defence that holds."""
    replies = list(board.legal_moves)
    if not replies:
        return False  # stalemate: the side to move is not mated
    for reply in replies:
        board.push(reply)
        try:
            if not mates_within(board, moves, seen):
                return False
        finally:
            board.pop()
    return True


def mating_moves(board: chess.Board, moves: int) -> list[chess.Move]:
    """Every first move after which the side to move mates within ``moves`` moves
    against every defence, in python-chess's order."""
    seen: dict[tuple[object, ...], bool] = {}
    keys = []
    for move in list(board.legal_moves):
        board.push(move)
        try:
            if board.is_checkmate() or (moves > 1 and every_defence_loses(board, moves - 1, seen)):
                keys.append(move)
        finally:
            board.pop()
    return keys
