"""The play session with no window: the turn loop of tic-tac-toe, undo and redo, hints
and Pause AI, driven through the session alone, the AI searching in its engine process."""

from __future__ import annotations

import ast
from collections.abc import Callable
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from gamesearch_gui.core.game import Player
from gamesearch_gui.ui.play import session as session_module
from gamesearch_gui.ui.play.session import PlaySession
from gamesearch_gui.ui.play_config import PlayConfig
from gamesearch_gui.ui.play_config import Seats
from gamesearch_gui.ui.purpose import Purpose
from tests.core.reference import assert_optimal
from tests.core.reference import root_values

AI_TIMEOUT_MS = 60_000


class Seen:
    """What the session said, signal by signal, in order."""

    def __init__(self, session: PlaySession) -> None:
        self.positions: list[tuple[Any, Any]] = []
        self.interactive: list[bool] = []
        self.messages: list[str] = []
        self.hints: list[Any] = []
        self.values: list[Any] = []
        self.started: list[str] = []
        self.finished: list[Any] = []
        session.positionChanged.connect(lambda state, move: self.positions.append((state, move)))
        session.interactiveChanged.connect(self.interactive.append)
        session.message.connect(lambda text, _ms: self.messages.append(text))
        session.hintFound.connect(self.hints.append)
        session.moveValues.connect(self.values.append)
        session.searchStarted.connect(lambda title, _settings: self.started.append(title))
        session.searchFinished.connect(lambda request, _result: self.finished.append(request))


#: Begins a game with these seats: its session, and what the session says.
Begin = Callable[[Seats], tuple[PlaySession, Seen]]


def play(seats: Seats) -> PlaySession:
    """A session of tic-tac-toe at full speed (no pause before the AI's move), not begun."""
    made = PlaySession(PlayConfig(game="tictactoe", seats=seats))
    made.pace_override_ms = 0
    made.begin(made.config.make_game(), paused=False)
    return made


@pytest.fixture
def sessions() -> Iterator[list[PlaySession]]:
    """The sessions a test makes; their engine processes end with the test."""
    made: list[PlaySession] = []
    yield made
    for session in made:
        session.halt()
        session.controller.shutdown()
        session.deleteLater()


@pytest.fixture
def begin(sessions: list[PlaySession]) -> Begin:
    """Begin a game of tic-tac-toe with these seats: its session (begun), what it says."""

    def begun(seats: Seats) -> tuple[PlaySession, Seen]:
        session = play(seats)
        sessions.append(session)
        seen = Seen(session)
        session.advance()
        return session, seen

    return begun


def person_to_move(session: PlaySession) -> bool:
    return session.match.is_over or (session.human_to_move() and not session.controller.busy)


def test_a_person_and_the_ai_take_turns(qtbot: QtBot, begin: Begin) -> None:
    session, seen = begin(Seats.HUMAN_FIRST)
    assert session.human_to_move() and seen.interactive == [False, True]
    assert not session.controller.busy, "the AI must wait for the person's move"

    session.human_move(4)  # the centre
    assert seen.positions[0][1] == 4
    assert session.controller.busy and session.controller.current is not None
    assert session.controller.current.purpose is Purpose.MOVE
    assert seen.started == ["AI move for O (move 2)"]
    qtbot.waitUntil(lambda: len(session.match.plies) == 2, timeout=AI_TIMEOUT_MS)
    qtbot.waitUntil(lambda: person_to_move(session), timeout=AI_TIMEOUT_MS)

    reply = session.match.plies[1]
    assert reply.player is Player.MIN and reply.move in session.game.actions(reply.before)
    assert_optimal(session.game, reply.before, reply.move)
    assert seen.positions[-1] == (reply.after, reply.move)
    assert session.move_searches.keys() == {2}
    assert session.move_searches[2].best_move == reply.move
    assert [request.purpose for request in seen.finished] == [Purpose.MOVE]
    assert seen.interactive[-1] is True


def test_moves_out_of_turn_are_refused_with_a_reason(qtbot: QtBot, begin: Begin) -> None:
    session, seen = begin(Seats.HUMAN_SECOND)  # the AI (X) moves first
    assert session.controller.busy
    session.human_move(0)
    session.hint()
    assert seen.messages == ["Not your turn", "A hint is for your own turn"]
    assert session.match.plies == (), "the person's move was not played"
    qtbot.waitUntil(lambda: person_to_move(session), timeout=AI_TIMEOUT_MS)
    taken = session.match.plies[0].move
    session.human_move(taken)  # a cell already taken
    assert len(session.match.plies) == 1
    assert seen.messages[-1] == f"{taken} is not a legal move here"


def test_undo_takes_back_to_the_persons_turn_and_redo_plays_it_again(
    qtbot: QtBot, begin: Begin
) -> None:
    session, seen = begin(Seats.HUMAN_FIRST)
    for move in (0, 8):
        qtbot.waitUntil(lambda: person_to_move(session), timeout=AI_TIMEOUT_MS)
        session.human_move(move if move in session.match.legal() else session.match.legal()[0])
    qtbot.waitUntil(lambda: person_to_move(session), timeout=AI_TIMEOUT_MS)
    played = [ply.move for ply in session.match.plies]
    assert len(played) == 4 and session.move_searches.keys() == {2, 4}

    session.undo()  # the AI's reply and the person's move before it
    assert [ply.move for ply in session.match.plies] == played[:2]
    assert seen.positions[-1] == (session.match.state, played[1])
    assert session.move_searches.keys() == {2}
    assert session.human_to_move() and not session.controller.busy

    session.undo()
    assert session.match.plies == () and seen.positions[-1] == (session.match.state, None)
    assert session.move_searches == {}

    session.redo()  # up to the person's next turn: the AI's reply is not searched again
    assert [ply.move for ply in session.match.plies] == played[:2]
    assert session.human_to_move() and not session.controller.busy
    session.redo()
    assert [ply.move for ply in session.match.plies] == played
    assert not session.match.can_redo


def test_a_hint_is_the_persons_best_move(qtbot: QtBot, begin: Begin) -> None:
    session, seen = begin(Seats.TWO_HUMANS)
    for move in (0, 4, 8):
        session.human_move(move)
    assert not session.controller.busy, "two people: the AI never searches for a move"
    session.hint()
    assert session.controller.current is not None
    assert session.controller.current.purpose is Purpose.ANALYSIS
    qtbot.waitUntil(lambda: bool(seen.hints), timeout=AI_TIMEOUT_MS)
    (hint,) = seen.hints
    assert hint in session.match.legal()
    assert_optimal(session.game, session.match.state, hint)
    assert seen.messages[-1].startswith(f"Hint: play {hint + 1} (value ")
    assert seen.values == [], "Show move values is off: no values on the board"
    assert len(session.match.plies) == 3, "a hint plays nothing"


def test_move_values_are_each_moves_exact_value(qtbot: QtBot, begin: Begin) -> None:
    session, seen = begin(Seats.TWO_HUMANS)
    session.human_move(4)
    session.set_show_values(True)
    qtbot.waitUntil(lambda: bool(seen.values), timeout=AI_TIMEOUT_MS)
    assert seen.values[-1] == root_values(session.game, session.match.state)
    session.set_show_values(False)
    assert seen.values[-1] is None


def test_pause_holds_two_ais_and_resuming_plays_a_perfect_game_to_a_draw(
    qtbot: QtBot, sessions: list[PlaySession]
) -> None:
    session = PlaySession(PlayConfig(game="tictactoe", seats=Seats.TWO_AIS))
    sessions.append(session)
    session.pace_override_ms = 0
    paused: list[bool] = []
    session.pausedChanged.connect(paused.append)
    session.begin(session.config.make_game(), paused=True)
    session.advance()
    assert not session.controller.busy and session.match.plies == ()
    session.set_paused(False)
    assert paused == [True, False]
    qtbot.waitUntil(lambda: session.match.is_over, timeout=AI_TIMEOUT_MS * 3)
    assert session.game.terminal_value(session.match.state) == 0, "perfect play draws"
    assert len(session.move_searches) == 9


def test_the_session_knows_no_widget() -> None:
    """The turn loop is drivable without a window: its module imports no widget."""
    source = Path(session_module.__file__).read_text()
    imported = {
        node.module
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.ImportFrom) and node.module
    }
    assert not any("QtWidgets" in name or name.endswith("main_window") for name in imported)
