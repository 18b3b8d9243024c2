"""Users' game files in the window: an engine process of their own answers the window's
questions about them (what the game is, what a position looks like), and the dialogs
that choose a file or write a template.

The window never runs a user's code (docs/your-code.md): every answer comes from this
process, asked within a CPU limit (and its wall-clock ceiling, :mod:`.engine.limits`),
so a method that never returns is stopped, its process is ended, and the next question
starts a new one.
"""

from __future__ import annotations

import itertools
from typing import Any, Final

from PySide6.QtWidgets import QFileDialog, QInputDialog, QWidget

from gamesearch_gui.core.game import GameError
from gamesearch_gui.core.usergame import DEFAULT_PLY_LIMIT, split_game_spec
from gamesearch_gui.core.usergame.templates import TEMPLATES, write_template
from gamesearch_gui.engine.client import CallFailed, EngineClient, EngineError, LimitExceeded
from gamesearch_gui.engine.limits import DEFAULT_CPU_SECONDS
from gamesearch_gui.engine.remote_game import RemoteGame

#: CPU seconds the game's code may use to answer one question about it.
CALL_SECONDS: Final = DEFAULT_CPU_SECONDS
#: What the file dialogs show.
GAME_FILE_FILTER: Final = "Python game files (*.py);;All files (*)"
#: The template styles as the New-game-from-template question offers them.
STYLE_NAMES: Final = {
    "own": "Nim in gamesearch-gui's protocol",
    "aima": "Nim in aima-python's style",
}


class GameFileEngine:
    """The engine process that answers the window's questions about game files."""

    def __init__(self) -> None:
        self.engine = EngineClient("gamesearch-game-files")
        self._ids = itertools.count(1)

    def ask(self, name: str, *args: Any) -> Any:
        """The engine's call ``name`` on ``args``; GameError with a sentence when it
        fails, or passes its limit of ``CALL_SECONDS`` of CPU (its process is then
        ended)."""
        try:
            return self.engine.call(next(self._ids), name, *args, limit=CALL_SECONDS)
        except CallFailed as error:
            raise GameError(str(error)) from None
        except LimitExceeded as stopped:
            raise GameError(stopped.said("the game's code")) from None
        except EngineError as error:  # in the words every page uses (engine.failure)
            raise GameError(str(error)) from None

    def open(self, spec: str, ply_limit: int = DEFAULT_PLY_LIMIT) -> RemoteGame:
        """The game of ``PATH[:CLASS]``, loaded in the engine; GameError saying what is
        wrong with the file (and where) when it cannot be."""
        path, class_name = split_game_spec(spec)
        return RemoteGame.open(path, class_name, ply_limit, self.ask)

    def close(self) -> None:
        """End the engine process."""
        self.engine.close()


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
