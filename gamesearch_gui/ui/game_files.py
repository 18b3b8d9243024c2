"""Users' game files in the window: an engine process of their own answers the window's
questions about them (what the game is, what a position looks like), and the dialogs
that choose a file or write a template.

The window never runs a user's code (docs/your-code.md): every answer comes from this
process, contained (:mod:`.engine.sandbox`) and asked within a CPU limit (and its
wall-clock ceiling, :mod:`.engine.limits`), so a method that never returns is stopped,
its process is ended, and the next question starts a new one.

Nor does the window wait on the game's code: questions run on a thread of their own.
A position's question not answered within ``PATIENCE`` reads as waiting
(:class:`~.engine.remote_game.Waiting`) and runs on; ``answered`` says when to look
again, and :meth:`GameFileEngine.stop` ends it (the board's Stop). Loading a file waits
with a window that says so and has a Stop button of its own.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from concurrent.futures import Future
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import wait
from typing import Any
from typing import Final

from PySide6.QtCore import QEventLoop
from PySide6.QtCore import QObject
from PySide6.QtCore import Qt
from PySide6.QtCore import QTimer
from PySide6.QtCore import Signal
from PySide6.QtWidgets import QApplication
from PySide6.QtWidgets import QFileDialog
from PySide6.QtWidgets import QInputDialog
from PySide6.QtWidgets import QProgressDialog
from PySide6.QtWidgets import QWidget

from gamesearch_gui.core.game import GameError
from gamesearch_gui.core.game_source import OpenSpielSource
from gamesearch_gui.core.openspiel.catalog import OpenSpielEntry
from gamesearch_gui.core.openspiel.library import OpenSpielMissing
from gamesearch_gui.core.usergame import DEFAULT_PLY_LIMIT
from gamesearch_gui.core.usergame import split_game_spec
from gamesearch_gui.core.usergame.templates import TEMPLATES
from gamesearch_gui.core.usergame.templates import write_template
from gamesearch_gui.engine import sandbox
from gamesearch_gui.engine.client import CallFailed
from gamesearch_gui.engine.client import EngineClient
from gamesearch_gui.engine.client import EngineError
from gamesearch_gui.engine.limits import DEFAULT_CPU_SECONDS
from gamesearch_gui.engine.remote_game import RemoteGame
from gamesearch_gui.engine.remote_game import Waiting

#: CPU seconds the game's code may use to answer one question about it.
CALL_SECONDS: Final = DEFAULT_CPU_SECONDS
#: Seconds the window waits for an answer before it shows that it is waiting.
PATIENCE: Final = 0.3
#: What a position reads as while its answer is awaited.
WAITING_TEXT: Final = "Waiting for the game's code to answer…"
#: How often the loop that waits for a file to load looks at its answer, in ms.
_LOOK_MS: Final = 20
#: What the file dialogs show.
GAME_FILE_FILTER: Final = "Python game files (*.py);;All files (*)"
#: The template styles as the New-game-from-template question offers them.
STYLE_NAMES: Final = {
    "own": "Nim in gamesearch-gui's protocol",
    "aima": "Nim in aima-python's style",
}


def ask_game_code(
    engine: EngineClient,
    request_id: int,
    name: str,
    *args: Any,
    cancelled: Callable[[], bool] | None = None,
) -> Any:
    """``engine``'s call ``name`` on ``args``, which runs the game's code, within
    ``CALL_SECONDS`` of CPU; GameError with a sentence when it fails, or its process
    dies, hangs or passes the limit (the process is then ended)."""
    try:
        return engine.call(request_id, name, *args, limit=CALL_SECONDS, cancelled=cancelled)
    except CallFailed as error:
        raise GameError(str(error)) from None
    except EngineError as error:  # LimitExceeded too
        raise GameError(error.said_of("the game's code")) from None


class GameFileEngine(QObject):
    """The engine process that answers the window's questions about game files, asked
    one at a time on a thread of their own (see the module)."""

    #: An answer the window was not waiting for has come: look at the position again.
    answered = Signal()
    #: Emitted on the questions' thread; ``answered`` follows on the window's, later.
    _came = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._came.connect(self.answered, Qt.ConnectionType.QueuedConnection)
        self.engine = EngineClient("gamesearch-game-files", sandbox.DEFAULT)
        self._ids = itertools.count(1)
        self._questions = ThreadPoolExecutor(1, thread_name_prefix="game-file questions")
        self._asked: dict[tuple[Any, ...], Future[Any]] = {}
        self._running: tuple[Any, ...] | None = None
        self._stopped = False
        self._closed = False

    def ask(self, name: str, *args: Any) -> Any:
        """The engine's call ``name`` on ``args``; GameError with a sentence when it
        fails, or passes its limit of ``CALL_SECONDS`` of CPU (its process is then
        ended); Waiting when the answer is not there within ``PATIENCE`` (or another
        question is still running): ``answered`` says when it is."""
        if self._closed:
            raise GameError("the window is closing: the game's code is no longer asked")
        key = (name, *args)
        future = self._asked.get(key)
        if future is None:
            busy = self._running is not None
            future = self._asked[key] = self._questions.submit(self._answer, key)
            if busy or not wait([future], PATIENCE).done:
                future.add_done_callback(lambda _: self._came.emit())
                raise Waiting(WAITING_TEXT)
        elif not future.done():
            raise Waiting(WAITING_TEXT)
        del self._asked[key]
        return future.result()

    def _answer(self, key: tuple[Any, ...]) -> Any:
        """Runs on the questions' thread."""
        name, *args = key
        self._running, self._stopped = key, False
        try:
            return ask_game_code(self.engine, next(self._ids), name, *args)
        except GameError:
            if self._stopped:
                raise GameError("the game's code was stopped (Stop) before it answered") from None
            raise
        finally:
            self._running = None

    def stop(self) -> None:
        """End the game's code while it answers: its process (the next question starts
        a new one); the question it was answering says it was stopped."""
        if self._running is not None:
            self._stopped = True
            self.engine.kill()

    def ask_waiting(self, parent: QWidget | None, what: str, name: str, *args: Any) -> Any:
        """As :meth:`ask`, waiting for the answer however long it takes, the window
        responsive: past ``PATIENCE`` a window says ``what`` is awaited, with Stop."""
        try:
            return self.ask(name, *args)
        except Waiting:
            pass
        future = self._asked[(name, *args)]
        if QApplication.instance() is None:  # no window to keep responsive (a script)
            wait([future])
            return self.ask(name, *args)
        dialog = QProgressDialog(f"{what}\nWaiting for the game's code…", "Stop", 0, 0, parent)
        dialog.setWindowTitle("Waiting for the game's code")
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        dialog.setMinimumDuration(0)
        dialog.canceled.connect(self.stop)
        loop = QEventLoop()
        timer = QTimer()
        timer.timeout.connect(lambda: loop.quit() if future.done() else None)
        timer.start(_LOOK_MS)
        dialog.show()
        if not future.done():
            loop.exec()
        timer.stop()
        dialog.canceled.disconnect(self.stop)
        dialog.close()
        dialog.deleteLater()
        return self.ask(name, *args)

    def open(
        self, spec: str, ply_limit: int = DEFAULT_PLY_LIMIT, parent: QWidget | None = None
    ) -> RemoteGame:
        """The game of ``PATH[:CLASS]``, loaded in the engine; GameError saying what is
        wrong with the file (and where) when it cannot be."""
        path, class_name = split_game_spec(spec)

        def ask(name: str, *args: Any) -> Any:
            if name == "user_game_open":
                return self.ask_waiting(parent, f"Loading {spec}", name, *args)
            return self.ask(name, *args)

        return RemoteGame.open(path, class_name, ply_limit, ask, self.stop)

    def open_openspiel(self, spec: str, parent: QWidget | None = None) -> RemoteGame:
        """OpenSpiel's game of ``spec`` (``breakthrough(rows=5,columns=5)``), opened in
        the engine; GameError with the engine's one line on why not."""

        def ask(name: str, *args: Any) -> Any:
            if name == "user_game_open":
                return self.ask_waiting(parent, f"Opening OpenSpiel's {spec}", name, *args)
            return self.ask(name, *args)

        return RemoteGame.open_source(OpenSpielSource(spec), ask, self.stop)

    def openspiel_games(self, parent: QWidget | None = None) -> tuple[OpenSpielEntry, ...]:
        """The OpenSpiel games the app can search, as the engine lists them; GameError
        when it cannot (OpenSpiel not installed: :func:`openspiel_missing` says so)."""
        games = self.ask_waiting(parent, "Listing OpenSpiel's games", "openspiel_games")
        return tuple(games)

    def close(self) -> None:
        """End the engine process, and the questions' thread."""
        self._closed = True
        self.engine.kill()  # a question still running ends now
        self._questions.shutdown(wait=True, cancel_futures=True)
        self._asked.clear()
        self.engine.close()


def openspiel_missing(error: GameError) -> bool:
    """True when ``error`` is the engine's answer that OpenSpiel is not installed."""
    return str(error) == str(OpenSpielMissing())


def ask_game_file(parent: QWidget) -> str:
    """The game file a person chooses to open ("" if none)."""
    path, _ = QFileDialog.getOpenFileName(parent, "Open game file", "", GAME_FILE_FILTER)
    return path


def ask_template(parent: QWidget) -> tuple[str, str] | None:
    """Where to write a template, and in which style (None if the person cancels)."""
    names = list(STYLE_NAMES.values())
    chosen, ok = QInputDialog.getItem(
        parent, "New game from template", "Write a template game:", names, 0, False
    )
    if not ok:
        return None
    style = next((k for k, v in STYLE_NAMES.items() if v == chosen), "own")
    path, _ = QFileDialog.getSaveFileName(
        parent, "Save the new game file", TEMPLATES[style], GAME_FILE_FILTER
    )
    return (path, style) if path else None


def new_template(path: str, style: str) -> None:
    """Write the template of ``style`` to ``path`` (the save dialog asked about replacing
    a file already there); GameError or OSError when it cannot be written."""
    write_template(path, style, replace=True)
