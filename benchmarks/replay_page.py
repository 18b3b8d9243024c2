"""The replay page at scale: how large a search the page handles smoothly (issue 29).

Searches of growing size are written as replay pages (``core/share/html.py``, as File >
Export replay as web page and ``solve --html`` write them) and each page is opened in
headless Chromium (Debian's ``chromium`` and ``chromium-driver``, driven by Selenium as
``tests/ui/test_replay_browser.py`` drives it), 1366 x 768. The searches:

- Connect Four from the empty board, the window's search (alpha-beta, static ordering,
  the transposition table) at depths 4 to 9;
- random drawn trees of branching 10 and depths 3 to 6 (1,111 to 1,111,111 nodes),
  solved by minimax, which keeps every node.

For each it reports:

- nodes, events and the file's size; the CPU seconds of writing the page;
- **first view**: from the start of the navigation until the folded first view is on
  screen (the page loaded, its script run, and two animation frames after, so the
  first paint is in);
- **step**: one step forward from the middle of the search, the median of 20 (the
  script's work and the layout it causes, measured in the page);
- **jump to last**: from the first event to the last (the same, once).

Nothing here is a test: no figure is checked. Run it on a quiet machine; the figures,
with the machine and its load, go in ``docs/sharing.md`` ("How large a search the page
handles").

    python -m benchmarks.replay_page                  # every size, some minutes
    python -m benchmarks.replay_page --quick          # the smallest of each: a trial
    python -m benchmarks.replay_page --markdown       # the table as docs/sharing.md has it
    python -m benchmarks.replay_page --connect4 4 8 --trees 3   # chosen sizes
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from typing import Final

from gamesearch_gui.core.games import ConnectFour
from gamesearch_gui.core.games import find_game
from gamesearch_gui.core.recording.depth_first import SearchRecording
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.search import default_settings
from gamesearch_gui.core.search import search
from gamesearch_gui.core.share.html import write_replay_page
from gamesearch_gui.core.trees.random_tree import random_tree
from gamesearch_gui.core.trees.tree import TreeGame

#: Steps forward timed in the middle of each search (their median is reported).
STEPS: Final = 20
#: A ceiling for opening one page (seconds): a page of a million nodes is big.
LOAD_CEILING_S: Final = 1800
BROWSER_ARGUMENTS: Final = (
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--window-size=1366,768",
)

# Run in the page: wait two animation frames (the frame after them has been painted),
# then answer the milliseconds since the navigation started.
_FIRST_VIEW_JS: Final = """
const done = arguments[arguments.length - 1];
requestAnimationFrame(() => requestAnimationFrame(() => done(performance.now())));
"""
# Run in the page: the milliseconds one control's click takes, with the layout it causes.
_CLICK_JS: Final = """
const button = document.getElementById(arguments[0]);
const start = performance.now();
button.click();
document.getElementById("scene").getBBox();
document.body.offsetHeight;
return performance.now() - start;
"""
# Run in the page: go to event arguments[0] through the slider, as a drag of it does.
_SEEK_JS: Final = """
const slider = document.getElementById("moment");
slider.value = String(arguments[0]);
slider.dispatchEvent(new Event("input"));
"""


@dataclasses.dataclass
class Case:
    """One search to write and open."""

    name: str
    record: Callable[[], SearchRecording]


@dataclasses.dataclass
class Row:
    """What was measured of one case."""

    name: str
    nodes: int
    events: int
    megabytes: float
    write_s: float
    first_view_s: float
    step_ms: float
    last_ms: float


def connect_four(depth: int) -> Case:
    """The window's Connect Four search from the empty board, to ``depth``."""

    def record() -> SearchRecording:
        game = ConnectFour()
        settings = dataclasses.replace(default_settings(find_game("connect4")), depth=depth)
        recording = SearchRecording(game)
        recording.finish(search(game, game.initial_state(), settings, listener=recording))
        return recording

    return Case(f"Connect Four, the window's alpha-beta, depth {depth}", record)


def drawn_tree(depth: int) -> Case:
    """A random tree of branching 10 to ``depth``, by minimax (every node kept)."""

    def record() -> SearchRecording:
        tree = random_tree(depth, (10, 10), seed=1)
        game = TreeGame(tree)
        recording = SearchRecording(game, node_cap=None)
        settings = SearchSettings(Algorithm.MINIMAX)
        recording.finish(search(game, tree.root, settings, listener=recording))
        return recording

    return Case(f"A drawn tree, branching 10, depth {depth}, minimax", record)


def browser() -> Any:
    """Headless Chromium at 1366 x 768, as the browser tests open it."""
    from selenium import webdriver

    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    driver_path = shutil.which("chromedriver")
    if chromium is None or driver_path is None:
        sys.exit("needs Debian's chromium and chromium-driver (./dev.sh test installs them)")
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for argument in BROWSER_ARGUMENTS:
        options.add_argument(argument)
    driver = webdriver.Chrome(service=webdriver.ChromeService(driver_path), options=options)
    driver.set_page_load_timeout(LOAD_CEILING_S)
    driver.set_script_timeout(LOAD_CEILING_S)
    return driver


def measure(case: Case, driver: Any, folder: Path) -> Row:
    """Write ``case``'s page into ``folder``, open it in ``driver`` and time it."""
    recording = case.record()
    path = folder / "page.html"
    start = time.process_time()
    write_replay_page(path, recording, case.name)
    write_s = time.process_time() - start
    driver.get(path.as_uri())
    first_view_s = driver.execute_async_script(_FIRST_VIEW_JS) / 1000
    events = recording.event_count
    driver.execute_script(_SEEK_JS, events // 2)
    steps = [driver.execute_script(_CLICK_JS, "forward") for _ in range(STEPS)]
    driver.execute_script(_SEEK_JS, 0)
    last_ms = driver.execute_script(_CLICK_JS, "last")
    row = Row(
        case.name,
        recording.node_count,
        events,
        path.stat().st_size / 1e6,
        write_s,
        first_view_s,
        statistics.median(steps),
        last_ms,
    )
    path.unlink()
    return row


def load_average() -> str:
    """The machine's load over 1, 5 and 15 minutes."""
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def print_rows(rows: list[Row], markdown: bool) -> None:
    """The figures as a plain table, or as docs/sharing.md's Markdown table."""
    if markdown:
        print(
            "| search | nodes | events | file | write | first view | step | jump to last |\n"
            "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
        )
        for r in rows:
            print(
                f"| {r.name} | {r.nodes:,} | {r.events:,} | {r.megabytes:.1f} MB | "
                f"{r.write_s:.1f} s | {r.first_view_s:.1f} s | {r.step_ms:.0f} ms | "
                f"{r.last_ms:.0f} ms |"
            )
        return
    print(
        f"{'search':<52} {'nodes':>10} {'events':>10} {'MB':>7} {'write s':>8} "
        f"{'view s':>7} {'step ms':>8} {'last ms':>8}"
    )
    for r in rows:
        print(
            f"{r.name:<52} {r.nodes:>10,} {r.events:>10,} {r.megabytes:>7.1f} "
            f"{r.write_s:>8.1f} {r.first_view_s:>7.1f} {r.step_ms:>8.1f} {r.last_ms:>8.1f}"
        )


def main() -> None:
    """Write, open and time the pages asked for; print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--connect4", type=int, nargs="*", default=[4, 5, 6, 7, 8, 9])
    parser.add_argument("--trees", type=int, nargs="*", default=[3, 4, 5, 6])
    parser.add_argument("--quick", action="store_true", help="the smallest of each only")
    parser.add_argument("--markdown", action="store_true", help="the table in Markdown")
    args = parser.parse_args()
    depths, tree_depths = args.connect4, args.trees
    if args.quick:
        depths, tree_depths = depths[:1], tree_depths[:1]
    cases = [connect_four(d) for d in depths] + [drawn_tree(d) for d in tree_depths]
    print(f"load before: {load_average()}", flush=True)
    driver = browser()
    rows = []
    try:
        with tempfile.TemporaryDirectory() as folder:
            for case in cases:
                rows.append(measure(case, driver, Path(folder)))
                print(f"  {case.name}: done (load {load_average()})", flush=True)
    finally:
        driver.quit()
    print(f"load after: {load_average()}")
    print_rows(rows, args.markdown)


if __name__ == "__main__":
    main()
