"""One game against the AI, with no widget: whose turn it is, the AI's searches, the
paced moves and die rolls, undo and redo, hints and move values.

The play window shows a session and passes it the person's moves and commands; the
session decides what happens next and says it with signals (a position to show, a
line for the status bar, a search that started or ended). It never searches itself: it
asks its ``SearchController`` (a search in the engine process) and plays the answer
when it arrives. Tests drive it without a window (``tests/ui/test_play_session.py``).
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Any
from typing import Protocol

from PySide6.QtCore import QObject
from PySide6.QtCore import QTimer
from PySide6.QtCore import Signal
from PySide6.QtCore import Slot

from gamesearch_gui.core.game import Game
from gamesearch_gui.core.game import GameError
from gamesearch_gui.core.game import Player
from gamesearch_gui.core.games.registry import DEFAULT_PACE_MS
from gamesearch_gui.core.levels import GameLevel
from gamesearch_gui.core.levels import level_for
from gamesearch_gui.core.levels import level_move
from gamesearch_gui.core.levels import roll_random
from gamesearch_gui.core.match import Match
from gamesearch_gui.core.numbers import format_value
from gamesearch_gui.core.recording.mcts import AnyRecording
from gamesearch_gui.core.search import Bound
from gamesearch_gui.core.search import SearchResult
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.engine.remote_game import RemoteGame
from gamesearch_gui.ui.play.kept_searches import KeptSearches
from gamesearch_gui.ui.play.kept_searches import Key
from gamesearch_gui.ui.play_config import PlayConfig
from gamesearch_gui.ui.play_config import analysis_settings
from gamesearch_gui.ui.play_config import fit_search
from gamesearch_gui.ui.purpose import Purpose
from gamesearch_gui.ui.recorded_search import RecordedSearch
from gamesearch_gui.ui.worker import SearchController
from gamesearch_gui.ui.worker import SearchRequest

#: Nodes kept in the recorded trees of past AI moves, all together (about 180 MB).
KEPT_NODES = 1_000_000


class TreeShelf(Protocol):
    """Where the session's recorded search trees are shown (the search tree dock)."""

    def records(self) -> bool:
        """True when the next search is to be recorded (the dock is open)."""

    def node_cap(self) -> int | None:
        """The most nodes a recording holds."""

    def shown_key(self) -> Key | None:
        """The kept search shown now, if any."""

    def list(self) -> None:
        """Show the list of kept searches again."""

    def dropped(self, recording: AnyRecording | None) -> None:
        """A running search of ``recording`` was cancelled and forgotten."""

    def cleared(self) -> None:
        """A new game: nothing is kept."""

    def jumped(self) -> None:
        """Undo or redo forgot the searches after the position now on the board."""


class NoShelf:
    """No tree dock: nothing is recorded (a session driven by a test)."""

    def records(self) -> bool:
        return False

    def node_cap(self) -> int | None:
        return None

    def shown_key(self) -> Key | None:
        return None

    def list(self) -> None:
        pass

    def dropped(self, recording: AnyRecording | None) -> None:
        pass

    def cleared(self) -> None:
        pass

    def jumped(self) -> None:
        pass


class PlaySession(QObject):
    """A game of ``config`` (or of the person's game file) between people and the AI."""

    #: Something shown changed: whose turn, the moves, what the commands can do.
    changed = Signal()
    #: Show this position (the state, and the move that led to it or None).
    positionChanged = Signal(object, object)
    #: A person may (True) or may not (False) move on the board now.
    interactiveChanged = Signal(bool)
    #: Label the legal moves with these values ({move: value}), or none (None).
    moveValues = Signal(object)
    #: The hint: the person's best move.
    hintFound = Signal(object)
    #: A line for the status bar, and how long it stays (milliseconds).
    message = Signal(str, int)
    #: Pause AI was set or cleared.
    pausedChanged = Signal(bool)
    #: A search began: its title and its settings.
    searchStarted = Signal(str, object)
    #: The running search was stopped, and why ("cancelled").
    searchStopped = Signal(str)
    #: A search of the position on the board ended: its request and its SearchResult.
    searchFinished = Signal(object, object)
    #: A search failed (after the session paused the AI if it was the AI's move): its
    #: request and why.
    searchFailed = Signal(object, str)
    #: Whatever was under way stopped (a new game, undo, redo): no search runs.
    halted = Signal()

    def __init__(self, config: PlayConfig, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.config = config
        #: The user's game file played instead of the settings' game (None: none).
        self.user_game: RemoteGame | None = None
        self.match: Match[Any, Any] = Match(config.make_game())
        #: None: pace by game; tests set 0 to play at full speed.
        self.pace_override_ms: int | None = None
        self.rng = random.Random()
        self.paused = False
        #: Label every legal move of a person's turn with its value.
        self.show_values = False
        #: The last analysis of the person's position, and the state it searched.
        self.analysis: SearchResult | None = None
        self._analysis_state: Any = None
        self._hint_wanted = False
        self._turn_started = 0.0
        self._pending_move: Any = None
        #: The play waits for the game's code to answer about the current position.
        self.waiting_for_code = False
        #: The search behind each AI move, by ply number.
        self.move_searches: dict[int, SearchResult] = {}
        #: The recorded trees the search tree dock can show again: each AI move's search
        #: and each analysis of the person's moves. Old ones go once they hold too many
        #: nodes together.
        self.kept = KeptSearches(KEPT_NODES)
        #: The recorded tree of each AI move's search, by ply number, oldest first.
        self.move_recordings: dict[int, AnyRecording] = self.kept.moves
        self.shelf: TreeShelf = NoShelf()
        self.controller = SearchController(self)
        self.searches = RecordedSearch(self.controller, None, self)
        self.searches.finished.connect(self._search_finished)
        self.searches.failed.connect(self._search_failed)
        #: An AI move or a die roll waits here until a person could follow it.
        self.pace_timer = QTimer(self)
        self.pace_timer.setSingleShot(True)
        self.pace_timer.timeout.connect(self._paced_step)

    # -- the game ----------------------------------------------------------------------

    @property
    def game(self) -> Game[Any, Any]:
        """The game being played."""
        return self.match.game

    def begin(self, game: Game[Any, Any], *, paused: bool) -> None:
        """A new game of ``game`` (the caller halted the old one)."""
        self.match = Match(game)
        self.move_searches.clear()
        self.kept.clear()
        self.shelf.cleared()
        self.paused = paused
        self.pausedChanged.emit(paused)

    def names(self) -> tuple[str, ...]:
        """What each seat (player) is called in this game, in the order of its players."""
        if self.user_game is not None:
            return self.user_game.players
        return self.config.spec.side_names

    def seated(self) -> tuple[bool, ...]:
        """For each seat of the game played (a game file's too), whether a person plays it."""
        return self.config.seated(len(self.names()))

    def seat(self, state: Any) -> int | None:
        """Who decides at ``state``: the index of a seat, or None (chance, or the end)."""
        game = self.game
        if game.is_terminal(state) or game.to_move(state) is Player.CHANCE:
            return None
        return game.player_index(state)

    def human_to_move(self) -> bool:
        """True when the game goes on and a person decides now."""
        seat = self.seat(self.match.state)
        return seat is not None and self.config.is_human(seat)

    def waiting(self) -> bool:
        """True while the game's code has not answered about the position on the board."""
        return self.user_game is not None and self.user_game.waiting(self.match.state)

    def _ai_waits_at(self, state: Any) -> bool:
        """True at a chance node, or where the AI decides (undo and redo go past them)."""
        seat = self.seat(state)
        return seat is None or not self.config.is_human(seat)

    def _pace_ms(self) -> int:
        if self.pace_override_ms is not None:
            return self.pace_override_ms
        return DEFAULT_PACE_MS if self.user_game is not None else self.config.spec.pace_ms

    # -- the turn loop -----------------------------------------------------------------

    def halt(self) -> None:
        """Stop whatever was under way: a search, a paced move, a hint."""
        self._cancel_search()
        self.pace_timer.stop()
        self._pending_move = None
        self.waiting_for_code = False
        self._hint_wanted = False
        self.analysis = None
        self.halted.emit()

    def advance(self) -> None:
        """Decide what happens next: a die roll, the AI's search, or a person's click."""
        match = self.match
        self.changed.emit()
        self.interactiveChanged.emit(False)
        if self.waiting():
            self.waiting_for_code = True  # the play goes on once the code has answered
            return
        if match.is_over:
            return
        self._turn_started = time.perf_counter()
        if match.to_move is Player.CHANCE:
            self.pace_timer.start(self._pace_ms())
        elif self.human_to_move():
            self.interactiveChanged.emit(True)
            if self.show_values:
                self.analyse()
        elif not self.paused:
            self._start_search(Purpose.MOVE, self.config.search)

    def code_answered(self) -> None:
        """The game's code answered about the position: go on if the play waited for it."""
        if self.waiting_for_code:
            self.waiting_for_code = False
            self.advance()
        else:
            self.changed.emit()

    def _play(self, move: Any) -> None:
        """Make ``move`` and carry on."""
        ply = self.match.play(move)
        self.positionChanged.emit(ply.after, move)
        self.analysis = None
        self.advance()

    @Slot(object)
    def human_move(self, move: Any) -> None:
        """A person chose ``move`` (on the board)."""
        if not self.human_to_move():
            self.message.emit("Not your turn", 3000)
            return
        try:
            self._play(move)
        except GameError as error:
            self.message.emit(str(error), 3000)

    @Slot()
    def _paced_step(self) -> None:
        """A die roll, or an AI move held back until a person could follow it."""
        if self._pending_move is not None:
            move, self._pending_move = self._pending_move, None
            self._play(move)
        elif not self.match.is_over and self.match.to_move is Player.CHANCE:
            outcomes = self.game.chances(self.match.state)
            faces = [o for o, _ in outcomes]
            weights = [p for _, p in outcomes]
            # At a level the die is seeded too, so the same seed replays the game.
            rng = self.rng
            if self.level() is not None:
                rng = roll_random(self.config.level_seed, len(self.match.plies) + 1)
            self._play(rng.choices(faces, weights)[0])

    # -- searching ---------------------------------------------------------------------

    def _cancel_search(self) -> None:
        """Stop the running search, if any, and drop its answer (and its half-grown tree)."""
        request = self.controller.current
        if request is None:
            return
        self.searchStopped.emit("cancelled")
        self.controller.cancel()
        self.kept.drop(request.recording)
        self.shelf.dropped(request.recording)

    def _start_search(self, purpose: Purpose, settings: SearchSettings) -> None:
        state = self.match.state
        if purpose is Purpose.MOVE:
            seat = self.seat(state)
            title = f"AI move for {self.names()[seat or 0]}"
        else:
            title = "Analysis of your moves"
        turn = sum(1 for ply in self.match.plies if ply.player is not Player.CHANCE) + 1
        if self.user_game is not None:  # the panel fitted it; Hint and analysis add to it
            settings = fit_search(self.user_game, None, settings)
        title = f"{title} (move {turn})"
        # An analysis of the person's moves grows in the dock only where it would hide
        # no AI search; else it waits in the dock's list of searches.
        shown = self.shelf.shown_key()
        show = purpose is Purpose.MOVE or shown is None or shown[0] is Purpose.ANALYSIS
        request = self.searches.start(
            self.game,
            state,
            settings,
            purpose=purpose,
            record=self.shelf.records(),  # recorded only where it can grow in sight
            node_cap=self.shelf.node_cap(),
            title=title,
            show=show,
        )
        if request.recording is not None:
            self.kept.start((purpose, len(self.match.plies) + 1), title, request.recording)
            self.shelf.list()
            if not show:
                self.message.emit(
                    f"{title}: its tree is in the Search tree's list of searches", 5000
                )
        self.searchStarted.emit(title, settings)
        self.changed.emit()

    def analyse(self) -> None:
        """Search the person's position with exact values for every move."""
        if self.analysis is not None and self._analysis_state == self.match.state:
            self._show_analysis()
            return
        self._start_search(Purpose.ANALYSIS, analysis_settings(self.config.search))

    def thinking_for_move(self) -> bool:
        """True while the AI searches for its move (Move now can stop it)."""
        request = self.controller.current
        return request is not None and request.purpose == Purpose.MOVE

    @Slot(object, object)
    def _search_finished(self, request: SearchRequest, result: SearchResult) -> None:
        if request.state != self.match.state:
            self.kept.drop(request.recording)
            self.shelf.list()
            return  # the game moved on (undo, new game): nothing to do with it
        self.kept.finish(request.recording)
        self.shelf.list()
        self.searchFinished.emit(request, result)
        if request.purpose == Purpose.MOVE:
            move = result.best_move
            if move is None:
                move = next(iter(self.game.ordered_actions(request.state)))
                self.message.emit(
                    "Stopped before any move was fully searched: playing the first move tried",
                    5000,
                )
            else:
                move = self._level_move(request.state, result, move)
            number = len(self.match.plies) + 1
            self.move_searches[number] = result
            waited = (time.perf_counter() - self._turn_started) * 1000
            self._pending_move = move
            self.pace_timer.start(max(0, int(self._pace_ms() - waited)))
        else:
            self.analysis = result
            self._analysis_state = request.state
            self._show_analysis()
        self.changed.emit()

    def level(self) -> GameLevel | None:
        """The AI's strength level in this game, if one is chosen (None: Custom)."""
        name = None if self.user_game is not None else self.config.game
        return level_for(self.game, name, self.config.level)

    def _level_move(self, state: Any, result: SearchResult, best: Any) -> Any:
        """The move the level plays: ``best``, or at a level that slips, now and then
        another, drawn from the level's seed and the ply (said in the status bar)."""
        level = self.level()
        if level is None or not level.slip:
            return best
        seed, ply = self.config.level_seed, len(self.match.plies) + 1
        choice = level_move(self.game, state, result, level, seed, ply)
        if choice.slipped:
            played, meant = (self.game.move_text(state, m) for m in (choice.move, best))
            self.message.emit(
                f"{level.level.title} slipped: played {played}, not its best {meant} "
                f"(seed {seed}, move {ply})",
                6000,
            )
        return choice.move

    def _show_analysis(self) -> None:
        result = self.analysis
        if result is None:
            return
        if self.show_values:
            # Max^n and paranoid: only exact values (a cut move's is a bound).
            exact = result.values is None
            self.moveValues.emit(
                {m.move: m.value for m in result.root_moves if exact or m.bound is Bound.EXACT}
            )
        if self._hint_wanted and result.best_move is not None:
            self._hint_wanted = False
            self.hintFound.emit(result.best_move)
            text = self.game.move_text(self.match.state, result.best_move)
            self.message.emit(f"Hint: play {text} (value {format_value(result.value)})", 8000)

    @Slot(object, str)
    def _search_failed(self, request: SearchRequest, message: str) -> None:
        """Keep what it recorded; for the AI's move, pause it until the person resumes:
        settings that do not fit, or an engine process that crashed or hung."""
        self.kept.finish(request.recording)  # what it recorded before it failed
        self.shelf.list()
        if request.purpose != Purpose.MOVE:
            self.changed.emit()
        else:
            self.set_paused(True)
        self.searchFailed.emit(request, message)

    # -- commands ----------------------------------------------------------------------

    def undo(self) -> None:
        """Take back moves until it is a person's turn again (one move when only AIs play)."""
        match = self.match
        if not match.can_undo:
            return
        self.halt()
        only_ais = not any(self.seated())
        match.undo()
        while match.can_undo and (
            match.to_move is Player.CHANCE or (not only_ais and self._ai_waits_at(match.state))
        ):
            match.undo()
        if only_ais:
            self.set_paused(True)
        self._after_jump()

    def redo(self) -> None:
        """Play again the moves taken back, up to the person's next turn."""
        match = self.match
        if not match.can_redo:
            return
        self.halt()
        match.redo()
        while match.can_redo and not match.is_over and self._ai_waits_at(match.state):
            match.redo()
        self._after_jump()

    def _after_jump(self) -> None:
        last = self.match.last
        self.positionChanged.emit(self.match.state, None if last is None else last.move)
        for number in [n for n in self.move_searches if n > len(self.match.plies)]:
            del self.move_searches[number]
        self.kept.forget_after(len(self.match.plies))
        self.shelf.jumped()
        self.advance()

    def replay(self, moves: Sequence[Any]) -> None:
        """Play ``moves`` on from here as a record (Game > Load moves): the AI is paused
        first, so it plays on only when it is let (Pause AI)."""
        self.halt()
        self.set_paused(True)
        for move in moves:
            self.match.play(move)
        self._after_jump()

    def hint(self) -> None:
        """Ask the AI for the person's best move (``hintFound`` says it)."""
        if not self.human_to_move():
            self.message.emit("A hint is for your own turn", 3000)
            return
        self._hint_wanted = True
        self.analyse()

    def move_now(self) -> None:
        """Make the AI play the best move it has found so far."""
        if self.thinking_for_move():
            self.controller.move_now()

    def set_paused(self, paused: bool) -> None:
        """Stop (or let) the AI start its moves."""
        self.paused = paused
        self.pausedChanged.emit(paused)
        if paused:
            if self.thinking_for_move():
                self._cancel_search()
            self._pending_move = None
            self.pace_timer.stop()
        self.changed.emit()
        if not paused:
            self.advance()

    def set_show_values(self, on: bool) -> None:
        """Label every legal move with its value (searched for the person's turn)."""
        self.show_values = on
        if not on:
            self.moveValues.emit(None)
        elif self.human_to_move():
            self.analyse()
