"""The replay page: one self-contained HTML file that replays a recorded search in any
current browser, from disk, with no network and nothing to install.

The page is the template ``resources/replay/page.html`` with the package's own style
sheet (``page.css``) and scripts (``board.js``, which draws a node's board, and
``page.js``) written into it, and the search as JSON
(:func:`~.replay.replay_data`). Every text from the recording (labels, moves, names, the
file's name) reaches the page as data, never as markup: the title is escaped here, the
JSON is read with ``JSON.parse`` and shown with ``textContent``, and no ``<`` is left in
the JSON, so a ``</script>`` in a label cannot end the element that holds it. The one
writer of files (:func:`gamesearch_gui.core.files.write_text`) writes it. No Qt.
"""

from __future__ import annotations

import html
import json
import os
import re
from typing import Any
from typing import Final

from gamesearch_gui.core.files import write_text
from gamesearch_gui.core.game import Game
from gamesearch_gui.core.game import GameError
from gamesearch_gui.core.recording.depth_first import DEFAULT_NODE_CAP
from gamesearch_gui.core.recording.depth_first import SearchRecording
from gamesearch_gui.core.recording.mcts import new_recording
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.share.replay import Progress
from gamesearch_gui.core.share.replay import replay_data
from gamesearch_gui.paths import resource_files

__all__ = [
    "PAGE_PARTS",
    "embedded_json",
    "page_html",
    "replay_page",
    "replay_recording",
    "write_replay_page",
]

#: The files of ``resources/replay/`` the page is made of.
PAGE_PARTS: Final = ("page.html", "page.css", "board.js", "page.js")

_SLOT: Final = re.compile(r"\{\{(TITLE|STYLE|BOARD|SCRIPT|DATA)\}\}")


def _part(name: str) -> str:
    return (resource_files() / "replay" / name).read_text(encoding="utf-8")


def embedded_json(data: Any) -> str:
    """``data`` as JSON that may sit inside a ``<script>`` element: no ``<``, ``>`` or
    ``&`` is left as itself (each is written as its ``\\u`` escape, which JSON reads
    back as the same character), so no text in it can close the element or open a
    comment; U+2028 and U+2029 are escaped too."""
    text = json.dumps(data, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
    for char in "<>&\u2028\u2029":
        text = text.replace(char, f"\\u{ord(char):04x}")
    return text


def page_html(data: dict[str, Any]) -> str:
    """The page showing ``data`` (as :func:`replay_data` makes it)."""
    parts = {
        "TITLE": html.escape(str(data.get("title", "")), quote=True),
        "STYLE": _part("page.css"),
        "BOARD": _part("board.js"),
        "SCRIPT": _part("page.js"),
        "DATA": embedded_json(data),
    }
    # One pass: a text put in cannot be taken for another slot.
    return _SLOT.sub(lambda match: parts[match.group(1)], _part("page.html"))


def replay_page(
    recording: SearchRecording,
    title: str,
    source: str = "",
    events: int | None = None,
    progress: Progress | None = None,
) -> str:
    """The page replaying ``recording``, named ``title``, from the file ``source``: its
    first ``events`` events (all by default); ``progress`` as :func:`replay_data`'s."""
    return page_html(replay_data(recording, title, source, events, progress))


def replay_recording(game: Game[Any, Any], settings: SearchSettings) -> SearchRecording:
    """A recording of the search ``settings`` ask for, for its page: made as the window
    records its searches; GameError for Monte Carlo tree search, whose replay the page
    does not draw."""
    recording = new_recording(game, settings, DEFAULT_NODE_CAP)
    if not isinstance(recording, SearchRecording):
        raise GameError(
            "the replay page replays depth-first searches (minimax, alpha-beta, "
            "expectiminimax, Star1, max^n, paranoid), not Monte Carlo tree search"
        )
    return recording


def write_replay_page(
    path: str | os.PathLike[str],
    recording: SearchRecording,
    title: str,
    source: str = "",
    events: int | None = None,
    progress: Progress | None = None,
) -> None:
    """Write the page replaying ``recording`` (its first ``events`` events, all by
    default) to ``path``, whole or not at all (OSError says why not); ``progress`` as
    :func:`replay_data`'s."""
    write_text(path, replay_page(recording, title, source, events, progress))
