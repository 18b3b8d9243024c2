"""Reading a replay page back, as a browser's parser would: its elements, its title, and
the search's data in its JSON element (for the tests of the page, ``solve --html``, the
window's export and the notebook's)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from dataclasses import field
from html.parser import HTMLParser
from typing import Any

from gamesearch_gui.core.narration.line import step_line
from gamesearch_gui.core.recording.depth_first import SearchRecording

#: Elements that have no end tag.
VOID = frozenset({"meta", "link", "br", "hr", "img", "input", "source", "wbr", "col", "area"})


@dataclass
class Page:
    """What a replay page holds."""

    title: str = ""
    scripts: list[tuple[dict[str, str | None], str]] = field(default_factory=list)
    elements: list[str] = field(default_factory=list)

    @property
    def data(self) -> dict[str, Any]:
        """The search's data, read from the JSON element as the page's script reads it."""
        (text,) = [text for attrs, text in self.scripts if attrs.get("id") == "replay-data"]
        data: dict[str, Any] = json.loads(text)
        return data


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.page = Page()
        self.open: list[str] = []
        self._text: list[str] = []
        self._script: dict[str, str | None] | None = None
        self._in_title = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.page.elements.append(tag)
        if tag == "script":
            self._script, self._text = dict(attrs), []
        if tag == "title":
            self._in_title = True
        if tag not in VOID:
            self.open.append(tag)

    def handle_endtag(self, tag: str) -> None:
        assert self.open and self.open[-1] == tag, f"</{tag}> closes <{self.open[-1:]}>"
        self.open.pop()
        if tag == "script" and self._script is not None:
            self.page.scripts.append((self._script, "".join(self._text)))
            self._script = None
        if tag == "title":
            self._in_title = False

    def handle_data(self, data: str) -> None:
        if self._script is not None:
            self._text.append(data)
        if self._in_title:
            self.page.title += data


def read_page(text: str) -> Page:
    """The page ``text`` is, parsed: every element closed in order (AssertionError else)."""
    assert text.startswith("<!DOCTYPE html>")
    reader = _Reader()
    reader.feed(text)
    reader.close()
    assert reader.open == [], f"not closed: {reader.open}"
    return reader.page


def recorded_words(recording: SearchRecording) -> list[str]:
    """The window's step line at every moment of ``recording``, as its replay shows it."""
    over = recording.result is not None
    return [
        step_line(recording, k, starting=False, over=over) for k in range(recording.event_count + 1)
    ]
