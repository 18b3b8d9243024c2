"""The Help menu: How to play names every algorithm the settings offer; the user guide
shows docs/ in the app, with working links and search; the keyboard shortcuts are read
from the window's actions; the first start's welcome, its three starts, and that it
never comes back once closed; and the docs name every action and algorithm the window
offers."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication
from PySide6.QtCore import QEvent
from PySide6.QtCore import QSettings
from PySide6.QtCore import QUrl
from PySide6.QtGui import QColor
from PySide6.QtGui import QDesktopServices
from PySide6.QtGui import QImage
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QComboBox
from PySide6.QtWidgets import QDialog
from PySide6.QtWidgets import QMenu
from pytestqt.qtbot import QtBot

from gamesearch_gui.core.exercises.exercise import Task
from gamesearch_gui.core.games import find_game
from gamesearch_gui.core.games import game_names
from gamesearch_gui.core.search import ALGORITHM_TITLES
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.trees.examples import example
from gamesearch_gui.ui import saved
from gamesearch_gui.ui.boards.factory import board_class
from gamesearch_gui.ui.help.desk import MODE_PAGES
from gamesearch_gui.ui.help.desk import SHORTCUTS_PAGE
from gamesearch_gui.ui.help.desk import WELCOME_RATE
from gamesearch_gui.ui.help.guide import GeneratedPage
from gamesearch_gui.ui.help.guide import UserGuide
from gamesearch_gui.ui.help.pages import guide_pages
from gamesearch_gui.ui.help.pages import link_targets
from gamesearch_gui.ui.help.pages import plain
from gamesearch_gui.ui.help.pages import resolve
from gamesearch_gui.ui.help.shortcuts import action_text
from gamesearch_gui.ui.help.welcome import WelcomeDialog
from gamesearch_gui.ui.how_to_play import ALGORITHM_WORDS
from gamesearch_gui.ui.how_to_play import how_to_play
from gamesearch_gui.ui.main_window import MainWindow
from gamesearch_gui.ui.play_config import PlayConfig
from gamesearch_gui.ui.play_config import algorithms_for

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT_MS = 60_000


@pytest.fixture
def store(tmp_path: Path) -> QSettings:
    """Settings in a file of the test's own, never the user's."""
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def window(
    qtbot: QtBot, store: QSettings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[MainWindow]:
    """A main window that shows no modal boxes (How to play's text is kept instead)."""
    shown: list[tuple[str, str]] = []
    monkeypatch.setattr(
        MainWindow, "_message", lambda self, title, html: shown.append((title, html))
    )
    made = MainWindow(store, recovery_path=str(tmp_path / "recovery.gtree.json"))
    made.pace_override_ms = 0
    made.messages = shown  # type: ignore[attr-defined]
    qtbot.addWidget(made)
    made.show()
    yield made
    made.close()


@pytest.fixture
def guide(qtbot: QtBot) -> UserGuide:
    made = UserGuide()
    qtbot.addWidget(made)
    made.show()
    return made


# -- How to play -------------------------------------------------------------------------


@pytest.mark.parametrize("name", game_names())
def test_how_to_play_names_every_algorithm_the_settings_offer(name: str) -> None:
    spec = find_game(name)
    offered = algorithms_for(spec.make())
    text = how_to_play(spec, offered)
    for algorithm in offered:
        assert f"<b>{algorithm.title}</b> {ALGORITHM_WORDS[algorithm]}" in text
    # And names the others, which other games offer.
    for algorithm in Algorithm:
        assert algorithm.title in text


def test_help_how_to_play_in_the_window_covers_mcts_max_n_and_paranoid(
    window: MainWindow,
) -> None:
    # It once never mentioned MCTS, max^n or paranoid.
    window.act_how.trigger()
    window.new_game(PlayConfig(game="nim3"), start=False)
    window.act_how.trigger()
    (title, tictactoe), (_, nim3) = window.messages  # type: ignore[attr-defined]
    assert title == "How to play"
    assert "<b>Monte Carlo tree search (UCT)</b> plays thousands" in tictactoe
    assert "<b>Max^n</b> is for three or more players" in nim3
    assert "<b>Paranoid</b> assumes" in nim3
    assert "Three-player Nim" in nim3


def test_every_algorithm_has_words() -> None:
    assert set(ALGORITHM_WORDS) == set(Algorithm) == set(ALGORITHM_TITLES)


# -- the user guide ----------------------------------------------------------------------


def test_help_user_guide_opens_the_docs_at_the_modes_page(qtbot: QtBot, window: MainWindow) -> None:
    assert window.help_desk.act_guide.shortcut() == QKeySequence(
        QKeySequence.StandardKey.HelpContents
    )
    window.set_mode("trees")
    window.help_desk.act_guide.trigger()
    guide = window.help_desk.guide
    assert guide is not None and guide.isVisible()
    assert guide.current == MODE_PAGES["trees"] == "editor.md"
    assert guide.title.text() == "The tree editor"
    # Rendered: headings and tables, not Markdown's marks.
    text = guide.browser.toPlainText()
    assert text.startswith("The tree editor\n")
    assert "| Menu |" not in text and "## Editing" not in text
    # Every page of docs/ is in the contents, and the shortcuts.
    titles = {guide.contents.topLevelItem(i).child(j).text(0)
              for i in range(guide.contents.topLevelItemCount())
              for j in range(guide.contents.topLevelItem(i).childCount())}  # fmt: skip
    assert {page.title for page in guide_pages()} | {"Keyboard shortcuts"} == titles
    # A second F1 brings the same window forward, where the person left it.
    guide.open("search.md")
    window.help_desk.act_guide.trigger()
    assert window.help_desk.guide is guide and guide.current == "search.md"


def test_every_link_of_every_page_works_in_the_guide(guide: UserGuide) -> None:
    # The guide's anchors are the headings as Qt renders them, named by GitHub's rule:
    # every link of docs/ that works on GitHub (tests/test_docs.py) works here.
    names = [page.name for page in guide.pages]
    followed = 0
    for page in guide_pages():
        for target in link_targets(page.markdown):
            link = resolve(page.name, target, names)
            if link.kind != "page":
                continue
            guide.open(link.target)
            if link.anchor:
                assert guide.anchor_position(link.anchor) is not None, (page.name, target)
            followed += 1
    assert followed > 30


def test_a_link_to_a_heading_of_another_page_shows_that_heading_at_the_top(
    qtbot: QtBot, guide: UserGuide
) -> None:
    guide.resize(900, 600)
    guide.open("play.md")
    guide.follow(QUrl("search.md#monte-carlo-tree-search"))
    assert guide.current == "search.md"
    position = guide.anchor_position("monte-carlo-tree-search")
    assert position is not None
    document = guide.browser.document()
    top = document.documentLayout().blockBoundingRect(document.findBlock(position)).top()
    assert guide.browser.verticalScrollBar().value() == pytest.approx(top, abs=2)
    assert document.findBlock(position).text() == "Monte Carlo tree search"
    # An anchor on the same page, then Back twice and Forward.
    guide.follow(QUrl("#settings"))
    assert guide.current == "search.md"
    guide.back()
    guide.back()
    assert guide.current == "play.md"
    assert guide.forward_button.isEnabled() and not guide.back_button.isEnabled()
    guide.forward()
    assert guide.current == "search.md"


def test_web_links_open_in_the_browser_and_repository_files_are_said(
    guide: UserGuide, monkeypatch: pytest.MonkeyPatch
) -> None:
    opened: list[str] = []
    monkeypatch.setattr(
        QDesktopServices, "openUrl", lambda url: opened.append(url.toString()) or True
    )
    guide.open("packaging.md")
    guide.follow(QUrl("https://pyinstaller.org"))
    assert opened == ["https://pyinstaller.org"]
    assert guide.current == "packaging.md"
    guide.open("benchmarks.md")
    guide.follow(QUrl("../DEVELOPERS.md"))
    assert guide.current == "benchmarks.md"
    assert "DEVELOPERS.md is a file of the app's source repository" in guide.status.text()
    assert opened == ["https://pyinstaller.org"]


def test_search_lists_every_page_that_says_it_and_marks_this_pages_matches(
    qtbot: QtBot, guide: UserGuide
) -> None:
    guide.search.setText("quiescence")
    guide.run_search()
    said = {
        page.name: len(re.findall("quiescence", plain(page.markdown), re.IGNORECASE))
        for page in guide_pages()
    }
    total = sum(said.values())
    pages = sum(1 for count in said.values() if count)
    assert guide.found.text() == f"{total} matches in {pages} pages."
    assert guide.results.isVisible() and not guide.contents.isVisible()
    # A heading line per page, then a line per match.
    assert guide.results.count() == total + pages
    # Choosing a match in another page opens it there, the match selected.
    line = next(
        guide.results.item(i)
        for i in range(guide.results.count())
        if guide.results.item(i).data(256)[0] == "search.md"
        and guide.results.item(i).data(256)[1] >= 0
    )
    guide._result_chosen(line)
    assert guide.current == "search.md"
    assert guide.browser.textCursor().selectedText().lower() == "quiescence"
    assert len(guide.browser.extraSelections()) == said["search.md"]
    # Enter goes to the next match on the page, wrapping round.
    start = guide.browser.textCursor().selectionStart()
    guide.find_next(backwards=False)
    assert guide.browser.textCursor().selectionStart() > start
    for _ in range(said["search.md"] - 1):
        guide.find_next(backwards=False)
    assert guide.browser.textCursor().selectionStart() == start
    # Nothing found says so; an empty box brings the contents back.
    guide.search.setText("zzqqxx")
    guide.run_search()
    assert guide.found.text() == "No page says “zzqqxx”."
    guide.search.clear()
    guide.run_search()
    assert guide.contents.isVisible() and not guide.results.isVisible()


def test_a_generated_page_made_again_never_leaves_the_view_a_deleted_page(
    qtbot: QtBot,
) -> None:
    # Found by the monkey: a search made the shortcuts' page again while it was shown and
    # deleted the one on screen; the next page shown (Back) crashed the process.
    made = []

    def make() -> str:
        made.append(len(made) + 1)
        return f"<h1>Made {len(made)}</h1><p>keys</p>"

    guide = UserGuide(generated=[GeneratedPage("gen", "Generated", "Keys", make)])
    qtbot.addWidget(guide)
    guide.show()
    guide.open("play.md")
    for _ in range(2):  # opened twice: made again while shown
        guide.open("gen")
    guide.search.setText("keys")
    guide.run_search()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    assert guide.browser.toPlainText().startswith("Made 2")
    guide.back()
    assert guide.current == "play.md"
    guide.forward()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    assert guide.browser.toPlainText().startswith("Made 2")  # Forward shows it as it was
    guide.open("play.md")
    assert guide.current == "play.md"


def test_a_page_shows_its_pictures(qtbot: QtBot, tmp_path: Path) -> None:
    picture = QImage(40, 40, QImage.Format.Format_RGB32)
    picture.fill(QColor("#ff0000"))
    (tmp_path / "pictures").mkdir()
    assert picture.save(str(tmp_path / "pictures" / "red.png"))
    (tmp_path / "page.md").write_text("# A page\n\n![red](pictures/red.png)\n", encoding="utf-8")
    guide = UserGuide(folder=tmp_path)
    qtbot.addWidget(guide)
    guide.resize(700, 500)
    guide.show()
    qtbot.waitExposed(guide)
    shot = guide.browser.viewport().grab().toImage()
    reds = sum(
        shot.pixelColor(x, y) == QColor("#ff0000")
        for x in range(0, shot.width(), 2)
        for y in range(0, shot.height(), 2)
    )
    assert reds >= 300  # a 40×40 picture, every other pixel counted: 400


# -- keyboard shortcuts ------------------------------------------------------------------


def _menus(window: MainWindow) -> list[QMenu]:
    """Every menu of the menu bar, of every mode (the hidden ones too), and their submenus."""
    found: list[QMenu] = []

    def walk(menu: QMenu) -> None:
        found.append(menu)
        for action in menu.actions():
            if isinstance(action.menu(), QMenu):
                walk(action.menu())

    for title in window.menuBar().actions():
        if isinstance(title.menu(), QMenu):
            walk(title.menu())
    return found


def _shortcuts_text(window: MainWindow) -> str:
    window.help_desk.act_shortcuts.trigger()
    guide = window.help_desk.guide
    assert guide is not None and guide.current == SHORTCUTS_PAGE
    return guide.browser.toPlainText()


def test_keyboard_shortcuts_list_every_key_of_every_menu_of_every_mode(
    window: MainWindow,
) -> None:
    text = _shortcuts_text(window)
    keyed = 0
    for menu in _menus(window):
        for action in menu.actions():
            keys = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
            keys = keys or action.text().partition("\t")[2]
            if keys and not action.isSeparator():
                assert re.search(
                    rf"{re.escape(action_text(action))}\n\s*{re.escape(keys)}", text
                ), (
                    action_text(action),
                    keys,
                )
                keyed += 1
    assert keyed >= 25
    # Each mode's menus say which mode; the replay's keys say what they do.
    assert "Game menu (Play a game)" in text and "Exercise menu (Practise by hand)" in text
    assert re.search(r"play or pause the replay\n\s*Space", text)
    assert "Next player's decision\nP" in text
    # The keys read by the trees and boards, said to be listed by hand.
    assert "this list is kept by hand" in text
    for name in game_names():
        spec = find_game(name)
        assert f"{spec.title}\n{board_class(spec).KEYS}" in text


def test_a_shortcut_given_to_an_action_shows_in_the_list(window: MainWindow) -> None:
    assert "Ctrl+Alt+F11" not in _shortcuts_text(window)
    window.act_about.setShortcut(QKeySequence("Ctrl+Alt+F11"))
    window.editor.acts.act_label.setShortcut(QKeySequence("Ctrl+Alt+F12"))
    text = _shortcuts_text(window)
    assert "About\nCtrl+Alt+F11" in text
    assert "Node > Label…\nCtrl+Alt+F12" in text


def test_every_board_says_what_its_keys_do() -> None:
    boards = [find_game(name) for name in game_names()]
    assert all(spec.board is not None and board_class(spec).KEYS for spec in boards)


# -- the welcome -------------------------------------------------------------------------


class Welcomes:
    """Every welcome shown; the person closes it at once, or takes the start ``choice``."""

    def __init__(self) -> None:
        self.shown: list[WelcomeDialog] = []
        self.choice: str | None = None

    def exec(self, dialog: WelcomeDialog) -> int:
        self.shown.append(dialog)
        if self.choice is not None:
            dialog.buttons[self.choice].click()
        else:
            dialog.reject()
        return int(dialog.result())


@pytest.fixture
def welcomed(monkeypatch: pytest.MonkeyPatch) -> Welcomes:
    welcomes = Welcomes()
    monkeypatch.setattr(WelcomeDialog, "exec", lambda dialog: welcomes.exec(dialog))
    return welcomes


def test_the_welcome_shows_at_the_first_start_only_and_never_when_a_window_is_made(
    qtbot: QtBot, window: MainWindow, store: QSettings, welcomed: Welcomes
) -> None:
    assert not welcomed.shown and not window.findChildren(QDialog)
    window.help_desk.welcome_at_start()
    assert len(welcomed.shown) == 1
    assert [b.text() for b in welcomed.shown[0].buttons.values()] == [
        "Play a game and watch the AI think",
        "Watch Figure 5.2 solved step by step",
        "Practise one exercise",
    ]
    # Closed: remembered in the settings, and never shown at a start again.
    store.sync()
    assert saved.WELCOME_SEEN.read(QSettings(store.fileName(), QSettings.Format.IniFormat))
    window.help_desk.welcome_at_start()
    assert len(welcomed.shown) == 1
    # Help > Welcome shows it all the same.
    window.help_desk.act_welcome.trigger()
    assert len(welcomed.shown) == 2


def test_the_apps_first_start_shows_the_welcome(tmp_path: Path) -> None:
    from tests.ui.test_startup import _start_and_exit

    settings = tmp_path / "gamesearch-gui" / "gamesearch-gui.conf"
    done = _start_and_exit(tmp_path)
    assert done.returncode == 0, done.stderr
    assert "window shown" in done.stdout
    # The welcome was shown, and closed with the app: it is not shown again.
    assert re.search(r"welcome_seen=true", settings.read_text(encoding="utf-8"))


def test_the_first_start_plays_a_game_with_the_tree_open(
    qtbot: QtBot, window: MainWindow, welcomed: Welcomes
) -> None:
    window.set_mode("exercise")
    window.docks["tree"].hide()
    welcomed.choice = "play"
    window.help_desk.act_welcome.trigger()
    assert window.mode == "play"
    assert window.docks["tree"].isVisible()
    assert not window.match.plies and not window.match.is_over


def test_the_second_start_solves_figure_5_2_and_replays_it_step_by_step(
    qtbot: QtBot, window: MainWindow, welcomed: Welcomes
) -> None:
    welcomed.choice = "example"
    window.help_desk.act_welcome.trigger()
    assert window.mode == "trees"
    editor = window.editor
    assert editor.title().startswith("Figure 5.2 (example)")
    controller = editor.solution_panel.controller
    qtbot.waitUntil(lambda: editor.result is not None and controller.playing, timeout=TIMEOUT_MS)
    assert controller.rate == WELCOME_RATE
    assert controller.moment < 5  # from the start, a step a second
    assert editor.result.value == 3


def test_the_third_start_sets_a_minimax_exercise(
    qtbot: QtBot, window: MainWindow, welcomed: Welcomes
) -> None:
    welcomed.choice = "exercise"
    window.help_desk.act_welcome.trigger()
    assert window.mode == "exercise"
    page = window.exercises
    assert page.exercise is not None and page.exercise.task is Task.MINIMAX
    qtbot.waitUntil(lambda: page.key is not None, timeout=TIMEOUT_MS)


# -- the docs name what the window offers ------------------------------------------------


def _docs_text() -> str:
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    text = " ".join(plain(page.read_text(encoding="utf-8")) for page in pages)
    return " ".join(text.split()).lower()


def _name(text: str) -> str:
    return " ".join(action_text_of(text).split()).removesuffix("…").lower()


def action_text_of(text: str) -> str:
    return text.split("\t")[0].replace("&&", "\0").replace("&", "").replace("\0", "&")


def _combo_texts(box: QComboBox) -> list[str]:
    return [box.itemText(i) for i in range(box.count())]


def test_the_docs_name_every_action_and_algorithm_the_window_offers(
    qtbot: QtBot, window: MainWindow
) -> None:
    docs = _docs_text()
    offered: dict[str, str] = {}
    for menu in _menus(window):
        where = action_text_of(menu.title())
        for action in menu.actions():
            if not action.isSeparator() and not isinstance(action.menu(), QMenu):
                offered[_name(action.text())] = f"menu {where}"
    assert len(offered) > 60
    # The algorithms, as the settings show them for each game, and as the tree editor
    # shows them for each kind of tree.
    panel = window.settings_panel
    for name in game_names():
        window.new_game(PlayConfig(game=name), start=False)
        for text in _combo_texts(panel.algorithm_box):
            offered[_name(text)] = f"settings of {name}"
    editor = window.editor
    for key in ("figure-5-2", "chance-small", "figure-5-4"):
        assert editor.open_tree(example(key).tree())
        for text in _combo_texts(editor.algorithm):
            offered[_name(text)] = f"the editor on {key}"
    unnamed = sorted(f"{name!r} ({where})" for name, where in offered.items() if name not in docs)
    assert not unnamed, "the docs never name: " + ", ".join(unnamed)


def _readme_features() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    features = text[text.index("## What it does today") : text.index("## Command line")]
    return " ".join(plain(features).split()).lower()


def test_the_readme_lists_every_game_algorithm_and_help_entry() -> None:
    # It left out three-player Nim, max^n and the paranoid search.
    features = _readme_features()
    for name in game_names():
        assert find_game(name).title.lower() in features, name
    for title in ALGORITHM_TITLES.values():
        assert title.split(" (")[0].lower() in features, title
    for entry in ("Help > User guide", "Help > Keyboard shortcuts", "Help > How to play"):
        assert entry.lower() in features


@pytest.mark.parametrize(
    "stale",
    [
        "the window does not offer it yet",  # README, of MCTS
        "does not draw an MCTS tree",  # play.md
        "does not draw a search of vectors",  # games.md
        "DESIGN.md",  # a file the repository does not have
    ],
)
def test_no_page_says_what_is_no_longer_true(stale: str) -> None:
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    saying = [
        p.name
        for p in pages
        if stale.lower() in " ".join(p.read_text(encoding="utf-8").split()).lower()
    ]
    assert not saying, f"{saying} say {stale!r}"
