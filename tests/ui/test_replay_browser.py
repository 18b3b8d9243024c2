"""The replay page in a real browser: headless Chromium (Debian's chromium and
chromium-driver, which ./dev.sh test installs), driven by Selenium. Every event of
Figure 5.2 and of a Star1 search clicked through: at each, the page's words, values and
α/β labels are the window's own (its tree model's, for the same recording)."""

from __future__ import annotations

import json
import re
import shutil
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from gamesearch_gui.core.game import Player
from gamesearch_gui.core.narration.facts import shown_value
from gamesearch_gui.core.numbers import format_number
from gamesearch_gui.core.recording.depth_first import NONE
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
            values[shown_value(recording, n)] += 1  # a bound as one: "≤ 2"
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


def drawn_pieces(browser: object) -> dict[str, str]:
    """The pieces the details' board draws: square to piece, read from the DOM."""
    pieces = browser.find_elements(By.CSS_SELECTOR, "#details svg.board .piece")  # type: ignore[attr-defined]
    return {p.get_attribute("data-square"): p.get_attribute("data-piece") for p in pieces}


def marked_squares(browser: object) -> set[str]:
    marks = browser.find_elements(By.CSS_SELECTOR, "#details svg.board .last")  # type: ignore[attr-defined]
    return {m.get_attribute("data-square") for m in marks}


def open_and_click(browser: object, path: Path, n: int) -> None:
    browser.get(path.as_uri())  # type: ignore[attr-defined]
    browser.find_element(By.CSS_SELECTOR, f'#scene [data-node="{n}"]').click()  # type: ignore[attr-defined]


def test_a_click_on_a_tic_tac_toe_node_draws_its_board(browser: object, tmp_path: Path) -> None:
    from gamesearch_gui.core.games import TicTacToe
    from tests.core.test_replay_boards import recorded_game

    game = TicTacToe()
    recording = recorded_game(game, "XO.XO....", None)
    path = tmp_path / "ttt.html"
    write_replay_page(path, recording, "Tic-tac-toe")
    n = 2  # X in cell 2, then O in cell 5
    open_and_click(browser, path, n)
    state = recording.state(n)
    expected = {
        str(cell): "X" if owner is Player.MAX else "O"
        for cell in range(9)
        if (owner := game.cell(state, cell)) is not None
    }
    assert (
        drawn_pieces(browser)
        == expected
        == {"0": "X", "1": "O", "2": "X", "3": "X", "4": "O", "5": "O"}
    )
    assert marked_squares(browser) == {str(recording.moves[n])} == {"5"}
    # The root's board marks no move.
    browser.find_element(By.CSS_SELECTOR, '#scene [data-node="0"]').click()  # type: ignore[attr-defined]
    assert len(drawn_pieces(browser)) == 4 and marked_squares(browser) == set()


def test_a_click_on_a_chess_node_draws_its_board(browser: object, tmp_path: Path) -> None:
    import chess

    from gamesearch_gui.core.games.chess import Chess
    from tests.core.test_replay_boards import MATE_IN_ONE
    from tests.core.test_replay_boards import recorded_game

    recording = recorded_game(Chess(), MATE_IN_ONE, 1)
    mate = next(
        n
        for n in range(1, recording.node_count)
        if recording.moves[n].uci() == "a1a8"  # type: ignore[attr-defined]
    )
    path = tmp_path / "chess.html"
    write_replay_page(path, recording, "Chess")
    open_and_click(browser, path, mate)
    board = chess.Board(MATE_IN_ONE)
    board.push_uci("a1a8")
    expected = {chess.square_name(s): p.symbol() for s, p in board.piece_map().items()}
    assert drawn_pieces(browser) == expected
    assert expected["a8"] == "R" and "a1" not in expected
    assert marked_squares(browser) == {"a1", "a8"}
    glyphs = browser.find_elements(By.CSS_SELECTOR, '#details .piece[data-square="g8"]')  # type: ignore[attr-defined]
    assert [g.get_attribute("textContent") for g in glyphs] == ["\u265a\ufe0e"]  # a king


def test_a_hostile_position_is_drawn_as_text_never_run(browser: object, tmp_path: Path) -> None:
    from gamesearch_gui.core.games import TicTacToe
    from gamesearch_gui.core.share.html import page_html
    from gamesearch_gui.core.share.replay import replay_data
    from tests.core.test_replay_boards import recorded_game

    data = replay_data(recorded_game(TicTacToe(), "XO.XO....", None), "<b>hostile</b>")
    hostile = "<img src=x onerror=\"document.title='pwned'\">XO"
    data["texts"].append(hostile)
    data["board"]["position"]["0"] = len(data["texts"]) - 1
    data["board"]["last"]["0"] = "<script>document.title='pwned'</script>"
    path = tmp_path / "hostile.html"
    path.write_text(page_html(data), encoding="utf-8")
    open_and_click(browser, path, 0)
    assert browser.title == "<b>hostile</b>"  # type: ignore[attr-defined]
    assert not browser.find_elements(By.CSS_SELECTOR, "#details img, #details script, b")  # type: ignore[attr-defined]
    assert browser.find_elements(By.CSS_SELECTOR, "#details svg.board")  # type: ignore[attr-defined]
    # Its first nine characters are the cells, read one by one: none is X or O, so no
    # piece is drawn (the X and O after them are no cell's); no move is marked.
    assert drawn_pieces(browser) == {}
    assert marked_squares(browser) == set()


#: The budget of the Connect Four depth-8 page: a ceiling for a hang, never a speed
#: claim (a quiet machine opens it in a few seconds; a busy one must not trip it).
OPEN_BUDGET_S = 300
STEP_BUDGET_S = 120


def test_a_connect_four_depth_8_export_opens_and_steps_within_its_budget(
    browser: object, tmp_path: Path
) -> None:
    from selenium.webdriver.support.wait import WebDriverWait

    from tests.ui.test_replay_page_writer import connect_four_depth_8

    recording = connect_four_depth_8()
    assert recording.node_count > 10_000
    path = tmp_path / "connect4-depth-8.html"
    write_replay_page(path, recording, "Connect Four, depth 8")
    words = recorded_words(recording)
    browser.set_page_load_timeout(OPEN_BUDGET_S)  # type: ignore[attr-defined]
    browser.set_script_timeout(STEP_BUDGET_S)  # type: ignore[attr-defined]
    browser.get(path.as_uri())  # type: ignore[attr-defined]
    find = browser.find_element  # type: ignore[attr-defined]
    last = recording.event_count
    wait = WebDriverWait(browser, STEP_BUDGET_S)
    wait.until(lambda b: find(By.ID, "count").text == f"event {last:,} of {last:,}")
    assert not find(By.ID, "whole").is_selected()  # the folded first view
    assert find(By.ID, "words").get_attribute("textContent") == words[last]
    find(By.ID, "first").click()
    for k in range(1, 11):
        find(By.ID, "forward").click()
        wait.until(lambda b, k=k: find(By.ID, "count").text.startswith(f"event {k} of"))
        assert find(By.ID, "words").get_attribute("textContent") == words[k], k
    find(By.ID, "last").click()
    wait.until(lambda b: find(By.ID, "count").text == f"event {last:,} of {last:,}")
    assert browser.find_elements(By.CSS_SELECTOR, "#scene .edge.best")  # type: ignore[attr-defined]


def scene_view(browser: object) -> tuple[float, float, float]:
    """The tree's pan and zoom: (x, y, scale) of the scene's transform."""
    transform = browser.find_element(By.ID, "scene").get_attribute("transform")  # type: ignore[attr-defined]
    x, y, s = (float(v) for v in re.findall(r"-?[\d.]+(?:e-?\d+)?", transform))
    return x, y, s


def test_play_at_full_speed_runs_to_the_end_and_stops(browser: object, tmp_path: Path) -> None:
    from selenium.webdriver.support.wait import WebDriverWait

    recording = figure_recording()
    path = tmp_path / "replay.html"
    write_replay_page(path, recording, "replay")
    browser.get(path.as_uri())  # type: ignore[attr-defined]
    find = browser.find_element  # type: ignore[attr-defined]
    assert find(By.ID, "rate").text == "5 events/s"  # the window's first speed
    speed = find(By.ID, "speed")
    browser.execute_script(  # type: ignore[attr-defined]
        "arguments[0].value = arguments[0].max; arguments[0].dispatchEvent(new Event('input'))",
        speed,
    )
    assert find(By.ID, "rate").text == "100,000 events/s"
    find(By.ID, "first").click()
    find(By.ID, "play").click()
    last = f"event {recording.event_count} of {recording.event_count}"
    WebDriverWait(browser, STEP_BUDGET_S).until(lambda b: find(By.ID, "count").text == last)
    WebDriverWait(browser, STEP_BUDGET_S).until(lambda b: find(By.ID, "play").text == "Play")
    assert find(By.ID, "words").get_attribute("textContent") == recorded_words(recording)[-1]
    # The slider goes anywhere; back steps one event.
    browser.execute_script(  # type: ignore[attr-defined]
        "const s = document.getElementById('moment'); s.value = '9';"
        " s.dispatchEvent(new Event('input'))"
    )
    find(By.ID, "back").click()
    assert find(By.ID, "count").text == f"event 8 of {recording.event_count}"


def test_the_tree_pans_and_zooms_and_fit_brings_it_back(browser: object, tmp_path: Path) -> None:
    from selenium.webdriver.common.action_chains import ActionChains

    path = tmp_path / "replay.html"
    write_replay_page(path, figure_recording(), "replay")
    browser.get(path.as_uri())  # type: ignore[attr-defined]
    find = browser.find_element  # type: ignore[attr-defined]
    fitted = scene_view(browser)
    find(By.ID, "zoom-in").click()
    zoomed = scene_view(browser)
    assert zoomed[2] > fitted[2]
    # A drag pans by as much as the pointer moved, the scale kept.
    ActionChains(browser).move_to_element_with_offset(
        find(By.ID, "tree"), -200, 150
    ).click_and_hold().move_by_offset(120, -60).release().perform()
    assert scene_view(browser) == pytest.approx((zoomed[0] + 120, zoomed[1] - 60, zoomed[2]))
    find(By.ID, "zoom-out").click()
    assert scene_view(browser)[2] < zoomed[2]
    find(By.ID, "fit").click()
    assert scene_view(browser) == pytest.approx(fitted)


def test_a_search_cut_short_says_so_and_a_hostile_label_is_text(
    browser: object, tmp_path: Path
) -> None:
    from tests.core.test_replay_page import HOSTILE
    from tests.core.test_replay_page import recorded
    from tests.test_cli import FIGURE_5_2

    hostile = FIGURE_5_2.replace('"label": "B"', json.dumps({"label": HOSTILE})[1:-1])
    recording = recorded(hostile, node_cap=6)
    path = tmp_path / "cut.html"
    write_replay_page(path, recording, HOSTILE, "<script>alert(1)</script>.gtree.json", events=9)
    browser.get(path.as_uri())  # type: ignore[attr-defined]
    find = browser.find_element  # type: ignore[attr-defined]
    status = find(By.ID, "status")
    assert status.is_displayed()
    assert "still running" in status.text and "node cap" in status.text
    assert browser.title == HOSTILE  # type: ignore[attr-defined]
    assert find(By.ID, "title").text == HOSTILE
    assert find(By.ID, "source").text == "From <script>alert(1)</script>.gtree.json"
    # The label beside node B, cut short as text; no script of it ran or was made.
    names = [
        e.get_attribute("textContent")
        for e in browser.find_elements(By.CSS_SELECTOR, "#scene .name")
    ]  # type: ignore[attr-defined]
    assert HOSTILE[:5] + "…" in names
    assert len(browser.find_elements(By.TAG_NAME, "script")) == 3  # type: ignore[attr-defined]


def test_iterative_deepening_dashes_the_edges_tried_first_and_says_so(
    browser: object, tmp_path: Path
) -> None:
    # As the window does: the previous iteration's best line, tried first, dashed and
    # explained in the legend; a search without iterations has neither.
    from gamesearch_gui.core.games import TicTacToe

    game = TicTacToe()
    recording = SearchRecording(game)
    settings = SearchSettings(Algorithm.ALPHABETA, depth=3, time_budget=600.0)
    recording.finish(search(game, game.initial_state(), settings, listener=recording))
    parent = recording.parent
    tried = {n for n in range(recording.node_count) if recording.tried_first[n]}
    # An edge on the best line is drawn as the best line; a root has no edge.
    best = set(Moment(recording, recording.event_count).principal_variation())
    dashed = {n for n in tried if parent[n] != NONE and not (n in best and parent[n] in best)}
    assert dashed
    path = tmp_path / "deepening.html"
    write_replay_page(path, recording, "Tic-tac-toe, iterative deepening")
    browser.get(path.as_uri() + "#event=60")  # type: ignore[attr-defined]
    find = browser.find_element  # type: ignore[attr-defined]
    # Folded here: a fold of one node says so in the singular ("1 nodes" it read).
    folds = shown_texts(browser, "#scene .fold-text")
    assert folds["1 node"] and not folds["1 nodes"]
    find(By.ID, "last").click()
    if not find(By.ID, "whole").is_selected():
        find(By.ID, "whole").click()
    edges = browser.find_elements(By.CSS_SELECTOR, "#scene .edge.tried")  # type: ignore[attr-defined]
    assert len(edges) == len(dashed)
    assert "tried first" in find(By.ID, "legend").text
    plain = tmp_path / "plain.html"
    write_replay_page(plain, figure_recording(), "Figure 5.2")
    browser.get(plain.as_uri())  # type: ignore[attr-defined]
    find(By.ID, "last").click()
    assert not browser.find_elements(By.CSS_SELECTOR, "#scene .edge.tried")  # type: ignore[attr-defined]
    assert "tried first" not in find(By.ID, "legend").text
    # The rest of the legend, too, explains the marks this search has: alpha-beta prunes
    # Figure 5.2, whose leaves are the game's end; no chance, evaluation or table.
    entries = find(By.ID, "legend").find_elements(By.TAG_NAME, "span")
    assert [entry.text for entry in entries] == [
        "MAX", "MIN", "game over", "being searched", "pruned", "best line", "this step",
    ]  # fmt: skip
    assert all(entry.find_elements(By.CSS_SELECTOR, "svg > *") for entry in entries)  # a sample
