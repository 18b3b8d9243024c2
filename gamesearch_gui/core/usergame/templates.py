"""The game file templates (Nim, in this app's protocol and in aima-python's style), and
writing one where a person asked: ``gamesearch-gui new-game``, later File > New game
from template."""

from __future__ import annotations

import os
from typing import Final

from gamesearch_gui.core.files import printable
from gamesearch_gui.core.files import write_text
from gamesearch_gui.core.game import GameError
from gamesearch_gui.paths import resource_files

#: The template of each style, a file of resources/templates/.
TEMPLATES: Final = {"own": "nim.py", "aima": "nim_aima.py"}


def template_text(style: str = "own") -> str:
    """The text of the template of ``style`` ('own' or 'aima')."""
    if style not in TEMPLATES:
        raise GameError(f"no template of style {style!r} (choose from: {', '.join(TEMPLATES)})")
    return (resource_files() / "templates" / TEMPLATES[style]).read_text(encoding="utf-8")


def write_template(
    path: str | os.PathLike[str], style: str = "own", *, replace: bool = False
) -> None:
    """Write the template of ``style`` to ``path``; a file already there is kept (GameError)
    unless ``replace``. WriteError (an OSError) when it cannot be written."""
    if not replace and os.path.lexists(path):
        raise GameError(f"{printable(os.fspath(path))} already exists; choose another name")
    write_text(path, template_text(style))
