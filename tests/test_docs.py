"""The docs hold together: every relative link of README.md and docs/ leads to a file of
the repository and, where it names one, to a heading of that page (by GitHub's rule for
anchors, which Help > User guide follows too), and every page of docs/ is in the user
guide's contents. No Qt: tests/ui/test_help.py checks that the docs name what the
window offers."""

from __future__ import annotations

import posixpath
import re
from pathlib import Path
from urllib.parse import unquote
from urllib.parse import urlsplit

import pytest

from gamesearch_gui.ui.help.pages import CONTENTS
from gamesearch_gui.ui.help.pages import EXTERNAL_SCHEMES
from gamesearch_gui.ui.help.pages import anchor
from gamesearch_gui.ui.help.pages import anchors
from gamesearch_gui.ui.help.pages import guide_pages
from gamesearch_gui.ui.help.pages import headings
from gamesearch_gui.ui.help.pages import link_targets
from gamesearch_gui.ui.help.pages import resolve

ROOT = Path(__file__).resolve().parents[1]
DOCS = sorted((ROOT / "docs").glob("*.md"))
PAGES = [ROOT / "README.md", *DOCS]


def _anchors_of(path: Path) -> set[str]:
    return set(anchors(text for _level, text in headings(path.read_text(encoding="utf-8"))))


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_relative_link_leads_to_a_file_and_a_heading_there(page: Path) -> None:
    here = page.relative_to(ROOT).as_posix()
    broken = []
    for target in link_targets(page.read_text(encoding="utf-8")):
        parts = urlsplit(target)
        if parts.scheme.lower() in EXTERNAL_SCHEMES:
            continue
        path = posixpath.normpath(posixpath.join(posixpath.dirname(here), unquote(parts.path)))
        file = ROOT / path if parts.path else page
        if not file.exists() or not file.resolve().is_relative_to(ROOT):
            broken.append(f"{target}: no file {path}")
        elif parts.fragment and (
            file.suffix != ".md" or unquote(parts.fragment) not in _anchors_of(file)
        ):
            broken.append(f"{target}: {file.name} has no heading #{parts.fragment}")
    assert not broken, f"{here}: " + "; ".join(broken)


#: A file name with ".md" in a page's text (a link's, or a name in passing: "see tree-view.md").
_NAMED_PAGE = re.compile(r"(?<![\w/.-])((?:\.\./|[\w-]+/)*[\w-]+\.md)\b")


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_page_named_in_passing_is_in_the_repository(page: Path) -> None:
    # "See DESIGN.md" sent a reader after a file the repository does not have.
    missing = sorted(
        {
            name
            for name in _NAMED_PAGE.findall(page.read_text(encoding="utf-8"))
            if not any((folder / name).is_file() for folder in (page.parent, ROOT, ROOT / "docs"))
        }
    )
    assert not missing, f"{page.relative_to(ROOT)} names files that are not there: {missing}"


def test_the_links_are_found_and_checked() -> None:
    # The check above cannot pass by finding nothing: the README links the docs, and
    # the docs each other, with anchors.
    readme = list(link_targets((ROOT / "README.md").read_text(encoding="utf-8")))
    assert "docs/play.md" in readme
    assert "docs/search.md#monte-carlo-tree-search" in readme
    linked = [t for page in DOCS for t in link_targets(page.read_text(encoding="utf-8"))]
    assert sum("#" in t for t in linked) >= 10


def test_a_link_that_spans_two_lines_is_found() -> None:
    text = "See [the engine\nprocess](play.md#the-engine-process), and `[not](a-link.md)`."
    assert list(link_targets(text)) == ["play.md#the-engine-process"]


def test_anchors_follow_githubs_rule() -> None:
    assert anchor("Chess (issue 17)") == "chess-issue-17"
    assert anchor("Strategies and the tree's shape (issue 14)") == (
        "strategies-and-the-trees-shape-issue-14"
    )
    assert anchor("Games of n players: max^n, shallow pruning, paranoid") == (
        "games-of-n-players-maxn-shallow-pruning-paranoid"
    )
    assert anchors(["Settings", "Settings", "Settings"]) == ["settings", "settings-1", "settings-2"]
    assert [text for _level, text in headings("# A `solve` *run*\n```\n# not\n```\n## B")] == [
        "A solve run",
        "B",
    ]


def test_a_link_of_a_page_leads_where_github_would() -> None:
    pages = ["play.md", "search.md"]
    assert resolve("play.md", "search.md#quiescence-search", pages).kind == "page"
    assert resolve("play.md", "#settings", pages).target == "play.md"
    assert resolve("play.md", "./search.md", pages).target == "search.md"
    assert resolve("play.md", "../DEVELOPERS.md", pages).target == "DEVELOPERS.md"
    assert resolve("play.md", "../DEVELOPERS.md", pages).kind == "file"
    assert resolve("play.md", "https://pyinstaller.org", pages).kind == "external"


def test_every_page_of_docs_is_in_the_guides_contents() -> None:
    listed = {name for _group, names in CONTENTS for name in names}
    assert {page.name for page in DOCS} == listed
    # In the contents' order, each titled by its first heading.
    pages = guide_pages()
    assert [p.name for p in pages] == [name for _group, names in CONTENTS for name in names]
    assert pages[0].title == "Playing against the AI: the main window"
