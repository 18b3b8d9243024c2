"""Where a game that the engine process plays for the window comes from: a person's game
file (``PATH[:CLASS]``), or an OpenSpiel game's spec (the optional extra).

Plain values: the window holds one and sends it to the engine process, which opens the
game there (:func:`gamesearch_gui.core.usergame.indexed.open_source`); the window never
runs the file's code nor imports OpenSpiel.
"""

from __future__ import annotations

from dataclasses import dataclass

from gamesearch_gui.core.usergame.game import DEFAULT_PLY_LIMIT


@dataclass(frozen=True, slots=True)
class GameFileSource:
    """A person's game file: its path, the class (None: the file's only game), and the
    plies a line of play may last."""

    path: str
    class_name: str | None = None
    ply_limit: int = DEFAULT_PLY_LIMIT

    @property
    def text(self) -> str:
        """``PATH[:CLASS]``, as the command line writes it."""
        return self.path if self.class_name is None else f"{self.path}:{self.class_name}"


@dataclass(frozen=True, slots=True)
class OpenSpielSource:
    """An OpenSpiel game: its spec as ``pyspiel.load_game`` reads it
    (``breakthrough(rows=6,columns=6)``)."""

    spec: str

    @property
    def text(self) -> str:
        """The spec, as ``solve --openspiel`` takes it."""
        return self.spec


#: Where a game comes from.
GameSource = GameFileSource | OpenSpielSource
