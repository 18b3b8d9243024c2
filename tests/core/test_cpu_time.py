"""A time budget counts the CPU seconds of the search, with a wall-clock ceiling: a busy
machine (here, a game whose code waits) does not cut a search short."""

from __future__ import annotations

import time
from collections.abc import Sequence

from gamesearch_gui.core.cpu_time import WALL_FACTOR
from gamesearch_gui.core.cpu_time import CpuBudget
from gamesearch_gui.core.games.tictactoe import Cell
from gamesearch_gui.core.games.tictactoe import TicTacToe
from gamesearch_gui.core.games.tictactoe import TTTState
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import StopReason
from gamesearch_gui.core.search import search


class _Clocks:
    """A CPU clock and a wall clock that a test moves by hand."""

    def __init__(self) -> None:
        self.cpu = 100.0
        self.wall = 5_000.0

    def budget(self, seconds: float) -> CpuBudget:
        return CpuBudget(seconds, cpu=lambda: self.cpu, wall=lambda: self.wall)


def test_a_budget_passes_when_its_cpu_seconds_are_used() -> None:
    clocks = _Clocks()
    budget = clocks.budget(2.0)
    clocks.cpu += 1.9
    clocks.wall += 15.0  # a busy machine: the wall clock ran on, the CPU seconds did not
    assert not budget.passed()
    clocks.cpu += 0.1
    assert budget.passed()


def test_a_budget_passes_at_its_wall_clock_ceiling_when_the_code_waits() -> None:
    clocks = _Clocks()
    budget = clocks.budget(2.0)
    clocks.wall += WALL_FACTOR * 2.0 - 0.01
    assert not budget.passed()
    clocks.wall += 0.01
    assert budget.passed()


class _WaitingTicTacToe(TicTacToe):
    """Tic-tac-toe whose moves take a while to list, waiting rather than computing, as
    any game's do on a machine too busy to run them."""

    def actions(self, state: TTTState) -> Sequence[Cell]:
        time.sleep(0.0002)
        return super().actions(state)


def test_waiting_does_not_use_up_a_depth_first_search_budget() -> None:
    game = _WaitingTicTacToe()
    budget = 0.05
    result = search(game, game.initial_state(), SearchSettings(time_budget=budget))
    # The search used little CPU while it waited, so it went on until the game was
    # solved or the wall-clock ceiling passed, well past the budget's own 0.05 s.
    assert result.stats.seconds > 4 * budget
    assert result.stop_reason in (StopReason.TIME, StopReason.FINISHED)
    assert result.stats.seconds < WALL_FACTOR * budget + 5.0


def test_waiting_does_not_use_up_an_mcts_budget() -> None:
    game = _WaitingTicTacToe()
    budget = 0.05
    settings = SearchSettings(Algorithm.MCTS, iterations=None, time_budget=budget, seed=1)
    result = search(game, game.initial_state(), settings)
    assert result.stop_reason is StopReason.TIME
    assert result.stats.seconds > 4 * budget
    assert result.stats.seconds < WALL_FACTOR * budget + 5.0
