"""The replay page in a real browser: headless Chromium (Debian's chromium and
chromium-driver, which ./dev.sh test installs), driven by Selenium. Every event of
Figure 5.2 and of a Star1 search clicked through: at each, the page's words, values and
α/β labels are the window's own (its tree model's, for the same recording)."""

from __future__ import annotations

import shutil
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from gamesearch_gui.core.numbers import format_number
from gamesearch_gui.core.recording.depth_first import SearchRecording
from gamesearch_gui.core.recording.moment import Moment
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import search
from gamesearch_gui.core.share.html import write_replay_page
from gamesearch_gui.core.trees.examples import example
from gamesearch_gui.core.trees.tree import TreeGame
from gamesearch_gui.ui.tree.canvas import TreeCanvas
from tests.replay_page import recorded_words
from tests.ui.test_tree_panel import figure_recording

webdriver = pytest.importorskip(
    "selenium.webdriver", reason="selenium is not installed (./dev.sh test installs it)"
)
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
if CHROMIUM is None or DRIVER is None:
    pytest.skip(
        "no headless Chromium here: ./dev.sh test installs Debian's chromium and "
        "chromium-driver (apt-get), which this system lacks",
        allow_module_level=True,
    )

from selenium.webdriver.common.by import By  # noqa: E402


@pytest.fixture
def browser() -> Iterator[object]:
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--window-size=1366,768",
    ):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=webdriver.ChromeService(DRIVER), options=options)
    try:
        yield driver
    finally:
        driver.quit()


def star1_recording() -> SearchRecording:
    tree = example("chance-small").tree()
    game = TreeGame(tree)
    recording = SearchRecording(game)
    settings = SearchSettings(Algorithm.STAR1)
    recording.finish(search(game, tree.root, settings, listener=recording))
    return recording


def shown_texts(browser: object, css: str) -> Counter[str]:
    return Counter(
        e.get_attribute("textContent") for e in browser.find_elements(By.CSS_SELECTOR, css)
    )  # type: ignore[attr-defined]


def window_labels(
    canvas: TreeCanvas, recording: SearchRecording, k: int
) -> tuple[Counter[str], Counter[str]]:
    """The values and the α/β lines the window's tree writes at moment ``k``."""
    canvas.set_moment(k)
    model = canvas.tree_item.model
    now = Moment(recording, k)
    values: Counter[str] = Counter()
    windows: Counter[str] = Counter()
    for n in range(now.limit):
        if now.is_valued(n):
            values[recording.value_text(n)] += 1
        if model.shows_window(n):
            windows.update(model.window_lines(n))
    return values, windows


@pytest.mark.parametrize("make", [figure_recording, star1_recording], ids=["figure-5-2", "star1"])
def test_every_event_in_the_browser_says_and_draws_what_the_window_does(
    browser: object, canvas: TreeCanvas, tmp_path: Path, make: object
) -> None:
    recording = make()  # type: ignore[operator]
    path = tmp_path / "replay.html"
    write_replay_page(path, recording, "replay")
    canvas.set_recording(recording)
    words = recorded_words(recording)
    browser.get(path.as_uri())  # type: ignore[attr-defined]
    find = browser.find_element  # type: ignore[attr-defined]
    assert find(By.ID, "whole").is_selected()  # a small tree: the whole of it
    find(By.ID, "first").click()
    for k in range(recording.event_count + 1):
        if k:
            find(By.ID, "forward").click()
        assert find(By.ID, "words").get_attribute("textContent") == words[k], k
        assert find(By.ID, "count").text == f"event {k} of {recording.event_count}"
        values, windows = window_labels(canvas, recording, k)
        assert shown_texts(browser, "#scene .value") == values, k
        assert shown_texts(browser, "#scene .small") == windows, k
    # The last event's best line, and a node's details on a click.
    assert browser.find_elements(By.CSS_SELECTOR, "#scene .edge.best")  # type: ignore[attr-defined]
    find(By.CSS_SELECTOR, '#scene [data-node="0"]').click()
    details = find(By.ID, "details").text
    assert "At this step" in details and format_number(recording.value[0]) in details


def test_a_big_search_opens_folded_and_steps(browser: object, tmp_path: Path) -> None:
    from gamesearch_gui.core.games import ConnectFour
    from gamesearch_gui.core.search import Ordering

    game = ConnectFour()
    recording = SearchRecording(game)
    settings = SearchSettings(Algorithm.ALPHABETA, depth=6, ordering=Ordering.STATIC)
    recording.finish(search(game, game.initial_state(), settings, listener=recording))
    assert recording.node_count > 1000
    path = tmp_path / "connect4.html"
    write_replay_page(path, recording, "Connect Four")
    words = recorded_words(recording)
    browser.get(path.as_uri() + "#event=500")  # type: ignore[attr-defined]
    find = browser.find_element  # type: ignore[attr-defined]
    assert not find(By.ID, "whole").is_selected()  # folded, as the window's first view
    drawn = browser.find_elements(By.CSS_SELECTOR, "#scene [data-node]")  # type: ignore[attr-defined]
    assert 0 < len(drawn) < 200
    for k in range(500, 520):
        assert find(By.ID, "words").get_attribute("textContent") == words[k], k
        find(By.ID, "forward").click()
    folds = browser.find_elements(By.CSS_SELECTOR, "#scene .fold")  # type: ignore[attr-defined]
    assert folds
    before = len(browser.find_elements(By.CSS_SELECTOR, "#scene [data-node]"))  # type: ignore[attr-defined]
    folds[0].click()  # opened: its nodes drawn
    after = len(browser.find_elements(By.CSS_SELECTOR, "#scene [data-node]"))  # type: ignore[attr-defined]
    assert after > before
