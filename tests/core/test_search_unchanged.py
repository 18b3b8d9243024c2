"""Every search does what it did: the before/after comparison of issue 26.

The fingerprints of 4,000-odd searches (every example, 300 seeded random trees of each
kind, positions of every built-in game, with every setting that shapes a search) were
taken from the search core before it was rebuilt (``search_fingerprints.py`` says what
and how). A rebuilt core must give every one of them again: the same events, in order,
with the same values, windows and moves; the same words for every step; the same
result, counts and root moves.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from gamesearch_gui.core.search import search
from tests.core.search_fingerprints import FILE
from tests.core.search_fingerprints import _digest
from tests.core.search_fingerprints import _result
from tests.core.search_fingerprints import all_cases
from tests.core.search_fingerprints import fingerprint
from tests.core.search_fingerprints import fingerprints


@pytest.fixture(scope="module")
def kept() -> dict[str, Any]:
    found = json.loads(FILE.read_text(encoding="utf-8"))
    assert isinstance(found, dict)
    return found


def test_every_search_gives_the_events_words_and_result_it_gave(kept: dict[str, Any]) -> None:
    cases = all_cases()
    assert sorted(c.name for c in cases) == sorted(kept), "the cases are not the ones kept"
    found = fingerprints(cases)
    differ = []
    for name, now in found.items():
        before = kept[name]
        parts = [
            part for part in sorted(set(now) | set(before)) if now.get(part) != before.get(part)
        ]
        if parts:
            differ.append(f"{name}: {', '.join(parts)} (before {before}, now {now})")
    assert not differ, f"{len(differ)} of {len(found)} searches changed:\n" + "\n".join(differ[:15])


def test_a_fingerprint_sees_what_only_an_inner_node_shows() -> None:
    """Fail-soft and fail-hard alpha-beta give Figure 5.2 the same value, best move and
    node count; only what inner nodes return differs, and the fingerprint says so."""
    by_name = {c.name: c for c in all_cases()}
    soft = fingerprint(by_name["example figure-5-2 defaults"])
    hard = fingerprint(by_name["example figure-5-2 fail_hard=True"])
    assert (soft["value"], soft["nodes"]) == (hard["value"], hard["nodes"])
    assert soft["events"][1] == hard["events"][1]  # as many events
    assert soft["events"][0] != hard["events"][0]
    assert soft["words"][0] != hard["words"][0]


def test_every_search_nobody_watches_gives_the_result_it_gave(kept: dict[str, Any]) -> None:
    """The same searches with no listener, as the command line, the benchmarks and the
    AI's moves run them (plain minimax and alpha-beta then run the textbook's functions,
    core/search/textbook.py): the same result, counts and root moves as kept."""
    differ = []
    for case in all_cases():
        result = search(case.game, case.state, case.settings)
        if _digest(iter([_result(result)]))[0] != kept[case.name]["result"]:
            differ.append(f"{case.name}: value {result.value}, nodes {result.stats.nodes}")
    assert not differ, f"{len(differ)} unwatched searches changed:\n" + "\n".join(differ[:15])
