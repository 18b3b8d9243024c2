"""An exercise's answer key, read from a real search of its tree.

The search runs on the page's own search thread when the exercise starts (the GUI
thread never searches); "Check", "Hint" and "Show solution" wait for it, which on a
hand-sized tree is a few milliseconds. The search's recording is kept in the key: its
replay is the solution.
"""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtCore import Signal

from gamesearch_gui.core.exercises.exercise import AnswerKey
from gamesearch_gui.core.exercises.exercise import Exercise
from gamesearch_gui.core.exercises.exercise import ExerciseError
from gamesearch_gui.core.recording.depth_first import SearchRecording
from gamesearch_gui.core.search import SearchResult
from gamesearch_gui.ui.purpose import Purpose
from gamesearch_gui.ui.recorded_search import RecordedSearch
from gamesearch_gui.ui.worker import SearchController
from gamesearch_gui.ui.worker import SearchRequest


class KeySearch(QObject):
    """Works out the key of one exercise at a time; a new one cancels the last."""

    #: The key of the exercise last started.
    ready = Signal(object)
    #: Why that exercise cannot be graded, in a sentence.
    failed = Signal(str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.controller = SearchController(self)
        # The key's search is recorded but not shown: its replay is the solution.
        self.searches = RecordedSearch(self.controller, parent=self)
        self.searches.finished.connect(self._finished)
        self.searches.failed.connect(self._failed)
        self.exercise: Exercise | None = None

    def cancel(self) -> None:
        """Drop the key under way (another exercise comes)."""
        self.controller.cancel()

    def start(self, exercise: Exercise) -> None:
        """Search ``exercise``'s tree; ``ready`` or ``failed`` says how it went."""
        self.exercise = exercise
        game = exercise.game
        self.searches.start(
            game,
            game.initial_state(),
            exercise.settings,
            purpose=Purpose.EXERCISE_KEY,
            node_cap=None,
        )

    def shutdown(self) -> None:
        """Stop the search thread (the window is closing)."""
        self.controller.shutdown()

    def _finished(self, request: SearchRequest, result: SearchResult) -> None:
        if self.exercise is None or not isinstance(request.recording, SearchRecording):
            return  # an exercise's key is a depth-first search, never MCTS
        try:
            key = AnswerKey.from_recording(self.exercise, request.recording)
        except ExerciseError as error:
            self.failed.emit(str(error))
        else:
            self.ready.emit(key)

    def _failed(self, request: SearchRequest, message: str) -> None:
        self.failed.emit(message)
