"""A node's state as the formalism of a game writes it: the details' "As a state machine".

A game is a state machine (R&N 5.1, and docs/state-machine.md): an initial state S0,
TO-MOVE(s) (the player to move), ACTIONS(s) (the legal moves), RESULT(s, a) (the state a
move leads to), IS-TERMINAL(s) (the terminal test) and UTILITY(s, p) (the final value of
a terminal state for each player p). The game protocol (:class:`~gamesearch_gui.core.game.Game`)
is that machine: ``initial_state``, ``to_move`` (and ``player_index``), ``actions`` (and
``chances`` at a chance state), ``result``, ``is_terminal`` and ``utilities``. Here each
part is asked of the game for one node's state and written under its name, so a student
can read the formalism off any node of any tree.
"""

from __future__ import annotations

import contextlib
from typing import Any
from typing import Final

from gamesearch_gui.core.game import START_POSITION
from gamesearch_gui.core.game import UNNAMED_POSITION
from gamesearch_gui.core.game import Game
from gamesearch_gui.core.game import GameError
from gamesearch_gui.core.game import Player
from gamesearch_gui.core.games.registry import find_game
from gamesearch_gui.core.narration.words import player_node
from gamesearch_gui.core.narration.words import type_noun
from gamesearch_gui.core.numbers import format_number
from gamesearch_gui.core.numbers import format_probability
from gamesearch_gui.core.recording.depth_first import SearchRecording
from gamesearch_gui.core.text import clip
from gamesearch_gui.core.text import node_name
from gamesearch_gui.core.trees.tree import NodeType
from gamesearch_gui.core.trees.tree import TreeGame
from gamesearch_gui.core.trees.tree import TreeNode
from gamesearch_gui.core.trees.tree import move_names

__all__ = ["RESULTS_SHOWN", "STATE_MACHINE_HEADING", "state_machine_rows"]

#: The heading over these rows in the details.
STATE_MACHINE_HEADING: Final = "As a state machine"
#: Results listed at most (tic-tac-toe's first position has nine: all of them).
RESULTS_SHOWN: Final = 9


def state_machine_rows(recording: SearchRecording, n: int) -> list[tuple[str, str]]:
    """Node ``n``'s state as (what, words) rows: the state, the player to move, the
    actions, the result of each, terminal or not, and the utility per player, each
    written with its formal name ("TO-MOVE(s) = MAX (X)"). One row saying why, where the
    game cannot answer here (a user's game whose engine has not answered yet)."""
    game = recording.game
    try:
        state = recording.state(n)
        return _rows(game, state)
    except GameError as error:
        return [("State", f"not known here: {error}")]


def _rows(game: Game[Any, Any], state: Any) -> list[tuple[str, str]]:
    terminal = game.is_terminal(state)
    names = _player_names(game)
    rows = [("State", _state_words(game, state))]
    if terminal:
        rows.append(("Player to move", "TO-MOVE(s): nobody, the game is over"))
    else:
        rows.append(("Player to move", f"TO-MOVE(s) = {_to_move(game, state, names)}"))
    rows.extend(_actions_rows(game, state, terminal))
    rows.append(
        (
            "Terminal",
            "IS-TERMINAL(s) = yes: the game is over" if terminal else "IS-TERMINAL(s) = no",
        )
    )
    if terminal:
        utilities = game.utilities(state)
        words = "; ".join(
            f"UTILITY(s, {name}) = {format_number(u)}"
            for name, u in zip(names, utilities, strict=True)
        )
    else:
        words = "none: s is not terminal (a depth cutoff here uses the evaluation instead)"
    rows.append(("Utility per player", words))
    return rows


def _state_words(game: Game[Any, Any], state: Any) -> str:
    """The state's name, marked S0 when it is the game's initial state."""
    name = _state_name(game, state)
    try:
        first = state == game.initial_state()
    except (GameError, TypeError, ValueError):  # a state that cannot be compared
        first = False
    return f"s = S0, the initial state: {name}" if first else f"s = {name}"


def _state_name(game: Game[Any, Any], state: Any) -> str:
    """A state as a person reads it: a drawn tree's node as the tree names it ("MIN node
    C"), a game's position in its notation ("position 'X........'")."""
    if isinstance(game, TreeGame) and isinstance(state, TreeNode):
        moves = [clip(move) for move in move_names(game.tree.root, state.path)]
        if state.type is NodeType.PLAYER and state.player is not None:
            kind = player_node(clip(game.players[state.player]))
        else:
            kind = type_noun(state.type)
        return node_name(kind, state.label, moves)
    name = game.position_name(state)
    if name == START_POSITION:  # its notation too, where the game has one
        with contextlib.suppress(GameError):
            name += f" {game.position_text(state)!r}"
    return name


def _player_names(game: Game[Any, Any]) -> tuple[str, ...]:
    """The players as the formalism names them: MAX and MIN, with the game's own names
    for its sides where it has them ("MAX (X)"); a game of n players's own names."""
    if len(game.players) != 2:
        return tuple(clip(name) for name in game.players)  # a name may be a page long
    try:
        sides = find_game(game.name).side_names
    except GameError:  # a drawn tree, a user's game: MAX and MIN are their names
        return ("MAX", "MIN")
    return (f"MAX ({sides[0]})", f"MIN ({sides[1]})")


def _to_move(game: Game[Any, Any], state: Any, names: tuple[str, ...]) -> str:
    if game.to_move(state) is Player.CHANCE:
        return "chance (a die, a coin: no player chooses)"
    return names[game.player_index(state)]


def _actions_rows(game: Game[Any, Any], state: Any, terminal: bool) -> list[tuple[str, str]]:
    """ACTIONS(s) (a chance state's outcomes, with their probabilities), and RESULT(s, a)
    for each, one row each, up to ``RESULTS_SHOWN``."""
    if terminal:
        return [("Actions", "ACTIONS(s) = { }: none, the game is over")]
    chance = game.to_move(state) is Player.CHANCE
    if chance:
        pairs = list(game.chances(state))
        moves = [outcome for outcome, _ in pairs]
        texts = [f"{clip(game.move_text(state, o))} ({format_probability(p)})" for o, p in pairs]
    else:
        moves = list(game.actions(state))
        texts = [clip(game.move_text(state, move)) for move in moves]
    shown = ", ".join(texts[:RESULTS_SHOWN]) + (", …" if len(texts) > RESULTS_SHOWN else "")
    what = "outcomes" if chance else "moves"
    rows = [("Actions", f"ACTIONS(s) = {{{shown}}}: {len(moves)} {what}")]
    for i, move in enumerate(moves[:RESULTS_SHOWN]):
        after = _state_name(game, game.result(state, move))
        move_text = clip(game.move_text(state, move))
        if after == UNNAMED_POSITION:  # a game without a notation: every row would match
            after = f"the position after {move_text}"
        rows.append(("Result of each" if i == 0 else "", f"RESULT(s, {move_text}) = {after}"))
    if len(moves) > RESULTS_SHOWN:
        rows.append(("", f"… and {len(moves) - RESULTS_SHOWN} more"))
    return rows
