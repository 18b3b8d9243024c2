"""The user guide's pages: the Markdown files of docs/, bundled with the app as the package
``gamesearch_gui.docs`` (DEVELOPERS.md, "Resources"), in the order of their contents, and
the rules their links follow: GitHub's, so a link that works on GitHub works in the app.

No Qt here: tests/test_docs.py checks every link of README.md and docs/ with the same rules.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterable
from collections.abc import Iterator
from dataclasses import dataclass
from importlib.resources.abc import Traversable
from urllib.parse import unquote
from urllib.parse import urlsplit

from gamesearch_gui.paths import guide_files

#: The guide's contents: groups of pages, in reading order. A page of docs/ left out here
#: is listed at the end, under OTHER_GROUP (tests/test_docs.py asks for every one here).
CONTENTS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "Using the app",
        ("play.md", "tree-view.md", "strategy.md", "editor.md", "exercises.md"),
    ),
    (
        "Search, your code, the games",
        (
            "state-machine.md",
            "search.md",
            "tree-files.md",
            "sharing.md",
            "your-code.md",
            "games.md",
        ),
    ),
    ("For developers", ("architecture.md", "packaging.md", "benchmarks.md")),
)
OTHER_GROUP = "More"
#: A link's schemes that leave the guide for the system's browser or mail program.
EXTERNAL_SCHEMES = frozenset({"http", "https", "mailto", "ftp"})

_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_FENCE = re.compile(r"^\s*(```|~~~)")
_INLINE_LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")
_LINK_TARGET = re.compile(r"\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
#: What GitHub drops from a heading's text when it makes its anchor: everything but
#: letters, digits, the underscore, the hyphen and spaces.
_NOT_IN_ANCHOR = re.compile(r"[^\w\- ]")


@dataclass(frozen=True)
class Page:
    """One page of the guide."""

    name: str  #: its file name, "play.md": what links name it by
    title: str  #: its first heading
    group: str  #: the contents' group it is listed under
    markdown: str  #: its text


@dataclass(frozen=True)
class Link:
    """Where a link of a page leads, by GitHub's rules."""

    kind: str  #: "page" (a page of the guide), "external" (a web address) or "file"
    target: str  #: the page's name, the address, or the file's path from the repository
    anchor: str = ""  #: the heading's anchor after "#", "" for the top


def anchor(text: str) -> str:
    """The anchor GitHub gives a heading of ``text`` (as rendered: no Markdown marks):
    lower case, punctuation dropped, spaces made hyphens ("Chess (issue 17)" gives
    "chess-issue-17")."""
    return _NOT_IN_ANCHOR.sub("", text.strip().lower()).replace(" ", "-")


def anchors(headings: Iterable[str]) -> list[str]:
    """The anchors of a page's headings, in order: a repeated one gets "-1", "-2", ... as
    on GitHub."""
    seen: dict[str, int] = {}
    found = []
    for text in headings:
        base = anchor(text)
        count = seen.get(base, 0)
        found.append(base if count == 0 else f"{base}-{count}")
        seen[base] = count + 1
    return found


def headings(markdown: str) -> Iterator[tuple[int, str]]:
    """(level, text as rendered) of each ATX heading of ``markdown``, outside code blocks."""
    fenced = False
    for line in markdown.splitlines():
        if _FENCE.match(line):
            fenced = not fenced
            continue
        match = None if fenced else _HEADING.match(line)
        if match:
            yield len(match.group(1)), plain(match.group(2))


def plain(text: str) -> str:
    """Inline Markdown as it reads: links by their text, no code or emphasis marks."""
    text = _INLINE_LINK.sub(r"\1", text)
    return re.sub(r"[`*]", "", text)


def link_targets(markdown: str) -> Iterator[str]:
    """The target of every inline link and image of ``markdown``, outside code blocks (a
    link may span lines; a target may not)."""
    text = []
    fenced = False
    for line in markdown.splitlines():
        if _FENCE.match(line):
            fenced = not fenced
        elif not fenced:
            text.append(re.sub(r"`[^`]*`", "", line))
    yield from _LINK_TARGET.findall("\n".join(text))


def resolve(page: str, href: str, pages: Iterable[str]) -> Link:
    """Where ``href``, a link on page ``page`` ("play.md"), leads: a page of ``pages``, a
    web address, or another file of the repository (the guide is docs/, so "../x" is x)."""
    parts = urlsplit(href)
    if parts.scheme.lower() in EXTERNAL_SCHEMES:
        return Link("external", href)
    fragment = unquote(parts.fragment)
    if not parts.path:
        return Link("page", page, fragment)
    path = posixpath.normpath(posixpath.join("docs", posixpath.dirname(page), unquote(parts.path)))
    name = path.removeprefix("docs/")
    if path.startswith("docs/") and name in set(pages):
        return Link("page", name, fragment)
    return Link("file", path, fragment)


def guide_pages(folder: Traversable | None = None) -> list[Page]:
    """Every page of the guide (``folder``: the bundled docs/ by default), in the order of
    the contents."""
    root = guide_files() if folder is None else folder
    texts = {
        entry.name: entry.read_text(encoding="utf-8")
        for entry in root.iterdir()
        if entry.name.endswith(".md") and entry.is_file()
    }
    pages = []
    for group, names in CONTENTS:
        pages += [_page(name, group, texts.pop(name)) for name in names if name in texts]
    pages += [_page(name, OTHER_GROUP, texts[name]) for name in sorted(texts)]
    return pages


def _page(name: str, group: str, markdown: str) -> Page:
    title = next((text for level, text in headings(markdown) if level == 1), name)
    return Page(name, title, group, markdown)
