"""A deliberately plain expectiminimax, written apart from the app's search, to check it against."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from gamesearch_gui.core.game import Game
from gamesearch_gui.core.game import Player

TOLERANCE = 1e-9


def reference_value(
    game: Game[Any, Any],
    state: Any,
    depth: int | None = None,
    evaluate: Callable[[Any], float] | None = None,
) -> float:
    """The expectiminimax value of ``state``, cut off at ``depth`` plies with ``evaluate``."""
    terminal = game.terminal_value(state)
    if terminal is not None:
        return terminal
    if depth == 0:
        assert evaluate is not None
        return evaluate(state)
    below = None if depth is None else depth - 1
    player = game.to_move(state)
    if player is Player.CHANCE:
        return sum(
            p * reference_value(game, game.result(state, o), below, evaluate)
            for o, p in game.chances(state)
        )
    values = [
        reference_value(game, game.result(state, a), below, evaluate) for a in game.actions(state)
    ]
    return max(values) if player is Player.MAX else min(values)


def root_values(
    game: Game[Any, Any],
    state: Any,
    depth: int | None = None,
    evaluate: Callable[[Any], float] | None = None,
) -> dict[Any, float]:
    """The reference value of each root move."""
    below = None if depth is None else depth - 1
    return {
        a: reference_value(game, game.result(state, a), below, evaluate)
        for a in game.actions(state)
    }


def close(a: float | None, b: float | None) -> bool:
    """Equal up to float rounding (chance nodes sum probabilities)."""
    assert a is not None and b is not None
    return math.isclose(a, b, rel_tol=TOLERANCE, abs_tol=TOLERANCE)


def assert_optimal(
    game: Game[Any, Any],
    state: Any,
    move: Any,
    depth: int | None = None,
    evaluate: Callable[[Any], float] | None = None,
) -> None:
    """Fail unless ``move`` is one of the best moves at ``state``."""
    values = root_values(game, state, depth, evaluate)
    best = max(values.values()) if game.to_move(state) is Player.MAX else min(values.values())
    assert move in values, f"{move!r} is not a legal move"
    assert close(values[move], best), f"move {move!r} is worth {values[move]}, best is {best}"
