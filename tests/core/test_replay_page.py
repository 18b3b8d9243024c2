"""The replay page (core/share): one HTML file holding a recorded search, its words the
window's, every text from the recording shown as text, never run as markup."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gamesearch_gui.core.recording.depth_first import SearchRecording
from gamesearch_gui.core.recording.moment import Moment
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import search
from gamesearch_gui.core.share import replay
from gamesearch_gui.core.share.html import embedded_json
from gamesearch_gui.core.share.html import replay_page
from gamesearch_gui.core.share.html import write_replay_page
from gamesearch_gui.core.trees.file import load_tree
from gamesearch_gui.core.trees.tree import TreeGame
from tests.replay_page import read_page
from tests.replay_page import recorded_words
from tests.test_cli import FIGURE_5_2

#: A label and a name that would run as script if the page wrote them as markup.
HOSTILE = "</script><script>document.title='pwned'</script><!--"


def recorded(
    text: str = FIGURE_5_2,
    algorithm: Algorithm = Algorithm.ALPHABETA,
    *,
    finish: bool = True,
    node_cap: int | None = None,
) -> SearchRecording:
    tree = load_tree(text, name="a tree")
    game = TreeGame(tree)
    recording = SearchRecording(game, **({"node_cap": node_cap} if node_cap else {}))
    result = search(game, tree.root, SearchSettings(algorithm=algorithm), listener=recording)
    if finish:
        recording.finish(result)
    return recording


def test_the_page_holds_every_step_in_the_windows_words() -> None:
    recording = recorded()
    page = read_page(replay_page(recording, "Figure 5.2", "figure-5-2.gtree.json"))
    data = page.data
    assert page.title == "Figure 5.2"
    assert data["eventCount"] == recording.event_count == len(data["words"]) - 1
    assert data["words"] == recorded_words(recording)
    assert data["words"][0] == "Press play or step to watch the search"
    texts = data["texts"]
    assert "MIN node C: value 2 ≤ α = 3, so its remaining 2 children are pruned" in data["words"]
    assert data["words"][-1].endswith(
        "The search is over. Principal variation: root → a1 → 0 (value 3)."
    )
    # The values and windows the tree writes, as the window's formatter writes them: C
    # and D fail low, and their 2 is only a bound, "≤ 2", as the window's tree says.
    values = [texts[i] if i >= 0 else None for i in data["nodes"]["value"]]
    assert values == ["3", "3", "3", "12", "8", "≤ 2", "2", "≤ 2", "14", "5", "2"]
    c = values.index("≤ 2")
    assert texts[data["nodes"]["alphaIn"][c]] == "3"
    assert texts[data["nodes"]["betaIn"][c]] == "+∞"
    assert [texts[i] for i in data["cutoffs"]["lines"][0]] == ["2 pruned", "v 2 ≤ α 3"]
    assert data["bestLine"] == Moment(recording, recording.event_count).principal_variation()
    assert data["status"] == "" and data["finished"] is True
    # The node of each moment's event, for the ring: the root first, the root last.
    assert data["current"][1] == 0 and data["current"][-1] == 0
    # Details as the details pane words them.
    rows = {texts[a]: texts[b] for a, b in data["details"]["5"]}
    assert rows["Cutoff"].startswith("MIN node C: value 2 ≤ α = 3")
    assert rows["Moves"] == "root → 1"
    assert texts[data["titles"]["5"]] == "MIN node C"


def test_the_page_is_one_file_with_nothing_to_fetch() -> None:
    text = replay_page(recorded(), "Figure 5.2")
    page = read_page(text)
    assert "script" in page.elements and "svg" in page.elements
    for outside in ("http://", "https://", "src=", "<link", "@import", "url("):
        found = [line for line in text.splitlines() if outside in line]
        # The SVG namespace names a URL; nothing is fetched from it.
        assert all("www.w3.org/2000/svg" in line for line in found), found


def test_markup_in_a_label_and_a_file_name_is_text_not_markup(tmp_path: Path) -> None:
    hostile = FIGURE_5_2.replace('"label": "C"', json.dumps({"label": HOSTILE})[1:-1])
    hostile = hostile.replace('"name": "Figure 5.2"', f'"name": {json.dumps(HOSTILE)}')
    recording = recorded(hostile)
    path = tmp_path / "page.html"
    write_replay_page(path, recording, HOSTILE, "<script>alert(1)</script>.gtree.json")
    text = path.read_text(encoding="utf-8")
    page = read_page(text)
    # Three script elements, the data and the page's own code (the boards', the page's):
    # no label made a fourth.
    assert [attrs.get("id") for attrs, _ in page.scripts] == ["replay-data", None, None]
    assert text.lower().count("</script") == 3
    assert text.lower().count("<script") == 3
    assert "<!--" not in text.split("<body>")[1]
    assert page.title == HOSTILE  # shown as the very text, escaped in the file
    data = page.data
    assert data["title"] == HOSTILE
    assert data["source"] == "<script>alert(1)</script>.gtree.json"
    assert HOSTILE in data["texts"]
    assert any(HOSTILE in words for words in data["words"])


def test_embedded_json_reads_back_and_cannot_close_its_element() -> None:
    value = {"a": "</script>", "b": "<!-- & -->", "c": "\u2028\u2029"}
    text = embedded_json(value)
    assert not set("<>&\u2028\u2029") & set(text)
    assert json.loads(text) == value


def test_a_search_still_running_says_so() -> None:
    recording = recorded(finish=False)
    data = read_page(replay_page(recording, "Figure 5.2")).data
    assert data["finished"] is False
    assert "still running" in data["status"]
    assert "The search is over" not in data["words"][-1]


def test_a_search_cut_by_the_node_cap_says_so() -> None:
    recording = recorded(node_cap=5)
    assert recording.capped
    data = read_page(replay_page(recording, "Figure 5.2")).data
    assert "node cap" in data["status"]
    assert "its first 5 nodes" in data["status"]
    assert data["nodeCount"] == 5 == len(data["nodes"]["parent"])


def test_a_big_search_holds_the_details_of_its_first_view(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(replay, "DETAILED_NODES", 4)
    recording = recorded()
    data = replay.replay_data(recording, "Figure 5.2")
    detailed = {int(n) for n in data["details"]}
    # The first two in search order, the root's children, the best line's.
    assert detailed == {0, 1, 5, 7} | {2, 3, 4}
    assert set(map(int, data["titles"])) == detailed


def test_a_search_still_being_written_shows_only_what_was_published() -> None:
    recording = recorded()  # finished, but only its first 12 events are published
    data = read_page(replay_page(recording, "Figure 5.2", events=12)).data
    now = Moment(recording, 12)
    assert data["eventCount"] == 12 and data["finished"] is False
    assert "still running" in data["status"] and "first 12 events" in data["status"]
    assert data["nodeCount"] == now.limit == len(data["nodes"]["parent"])
    assert data["words"] == recorded_words(recording)[:13]
    # Nothing from after event 12: no value, child or cutoff the search had not made.
    assert data["cutoffs"]["node"] == []
    texts = data["texts"]
    values = [texts[i] if i >= 0 else None for i in data["nodes"]["value"]]
    assert values == [None, "3", "3", "12", "8", None, "2"]
    assert all(c < now.limit for c in data["nodes"]["firstChild"] + data["nodes"]["nextSibling"])
    assert data["bestLine"] == []
