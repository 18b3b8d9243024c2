"""A search in a Jupyter notebook: build or load a tree, solve it or a game position, and
show the replay inline (``gamesearch_gui.api`` names these).

``solve(...)`` and ``solve_game(...)`` search as ``gamesearch-gui solve`` does (the same
defaults and the same checks: :func:`gamesearch_gui.solving.search_settings`), record
the search, and answer a :class:`Replay`, whose ``_repr_html_`` is the replay page
(:mod:`gamesearch_gui.core.share.html`) in an iframe, so that several sit in one
notebook without sharing a script. No Qt: a notebook's kernel never loads it.
"""

from __future__ import annotations

import html
import json
import os
from collections.abc import Sequence
from types import SimpleNamespace
from typing import Any
from typing import Final

from gamesearch_gui.core.game import Game
from gamesearch_gui.core.games import find_game
from gamesearch_gui.core.recording.depth_first import SearchRecording
from gamesearch_gui.core.search import SearchResult
from gamesearch_gui.core.search import default_settings
from gamesearch_gui.core.search import search
from gamesearch_gui.core.share.html import replay_page
from gamesearch_gui.core.share.html import replay_recording
from gamesearch_gui.core.share.html import write_replay_page
from gamesearch_gui.core.trees.examples import ALL_EXAMPLES
from gamesearch_gui.core.trees.examples import example
from gamesearch_gui.core.trees.file import load_tree
from gamesearch_gui.core.trees.file import read_tree_file
from gamesearch_gui.core.trees.tree import CustomTree
from gamesearch_gui.core.trees.tree import TreeGame
from gamesearch_gui.solving import SEARCH_OPTIONS
from gamesearch_gui.solving import search_settings

__all__ = ["Replay", "load", "solve", "solve_game"]

#: The height of a replay shown in a notebook (CSS pixels).
FRAME_HEIGHT: Final = 640

#: What a tree may be given as.
TreeLike = CustomTree | str | os.PathLike[str] | Sequence[Any]


class Replay:
    """A recorded search: its answer, and its replay page (shown inline by Jupyter)."""

    def __init__(self, recording: SearchRecording, result: SearchResult, title: str) -> None:
        self.recording = recording
        self.result = result
        self.title = title
        self._html: str | None = None

    @property
    def value(self) -> Any:
        """The root's value (a tuple, one per player, in a game of more than two)."""
        return self.result.value

    @property
    def best_move(self) -> object:
        """The move chosen at the root (a child's index in a tree)."""
        return self.result.best_move

    @property
    def html(self) -> str:
        """The replay page: one self-contained HTML file's text."""
        if self._html is None:
            self._html = replay_page(self.recording, self.title)
        return self._html

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the replay page to ``path`` (a course page can link to it)."""
        write_replay_page(path, self.recording, self.title)

    def _repr_html_(self) -> str:
        """The page in an iframe of its own (its document as ``srcdoc``, escaped)."""
        document = html.escape(self.html, quote=True)
        return (
            f'<iframe srcdoc="{document}" title="{html.escape(self.title, quote=True)}" '
            f'style="width: 100%; height: {FRAME_HEIGHT}px; border: 1px solid #dadce0" '
            'sandbox="allow-scripts"></iframe>'
        )

    def __repr__(self) -> str:
        return f"<Replay {self.title!r}: value {self.value!r}, best move {self.best_move!r}>"


def load(tree: TreeLike) -> CustomTree:
    """A tree from what a notebook has at hand: a tree already made; the key of one of the
    app's examples ("figure-5-2"); a file in one of the app's formats, or a UC Berkeley
    CS188 GraphGameTree ``.test`` case; a nested list (``[[3, 12, 8], [2, 4, 6],
    [14, 5, 2]]``), or its text."""
    if isinstance(tree, CustomTree):
        return tree
    if isinstance(tree, str) and tree in {e.key for e in ALL_EXAMPLES}:
        return example(tree).tree()
    if isinstance(tree, str) and tree.lstrip().startswith(("[", "{")):
        return load_tree(tree, name="nested list")
    if isinstance(tree, str | os.PathLike):
        return read_tree_file(tree).tree
    if isinstance(tree, Sequence):
        return load_tree(json.dumps(list(tree)), name="nested list")
    raise TypeError(f"not a tree: {type(tree).__name__} (give a file, an example or a list)")


def _settings(options: dict[str, Any], game: Game[Any, Any], defaults: Any = None) -> Any:
    """The settings ``options`` ask for, by ``solve``'s rules (GameError if they clash)."""
    unknown = sorted(set(options) - set(SEARCH_OPTIONS))
    if unknown:
        raise TypeError(f"unknown option {unknown[0]!r} (known: {', '.join(SEARCH_OPTIONS)})")
    given = {name: None for name in SEARCH_OPTIONS} | {"fail_hard": False} | options
    args = SimpleNamespace(**given)
    return search_settings(args, game.has_chance, len(game.players), defaults)


def _run(game: Game[Any, Any], state: Any, settings: Any, title: str) -> Replay:
    recording = replay_recording(game, settings)
    result = search(game, state, settings, listener=recording)
    recording.finish(result)
    return Replay(recording, result, title)


def solve(tree: TreeLike, **options: Any) -> Replay:
    """Solve a tree (see :func:`load`) and record it: ``algorithm`` ("alphabeta",
    "minimax", "expectiminimax", "star1", "maxn", "paranoid"), ``depth``,
    ``fail_hard``, ``ordering`` and the other options of ``gamesearch-gui solve``.
    Jupyter shows the answer as the interactive replay."""
    made = load(tree)
    game = TreeGame(made)
    settings = _settings(options, game)
    title = f"{made.name}: {settings.algorithm.value}"
    return _run(game, made.root, settings, title)


def solve_game(name: str, position: str | None = None, **options: Any) -> Replay:
    """Search the game ``name`` ("tictactoe", "connect4", "chess", ...) from ``position``
    (its notation, as ``solve --position`` reads it; None: the start) with the game's
    default search, each option given (``depth``, ``algorithm``...) changing it."""
    spec = find_game(name)
    game: Game[Any, Any] = spec.make({})
    state = game.initial_state() if position is None else game.parse_position(position)
    settings = _settings(options, game, default_settings(spec))
    where = "" if position is None else f" from {position}"
    return _run(game, state, settings, f"{game.title}{where}: {settings.algorithm.value}")
