"""Every action of the main window, in every mode and every game, triggered as a click would.

For each scenario (a mode, a game or a tree or an exercise, a state worth reaching) the
scenario is set up afresh before each action, and every action enabled there is
triggered with ``QAction.trigger()`` (which passes ``checked`` as a click does). Every
dialog is answered by the harness, once with Cancel everywhere and once with plausible
answers (a file in tmp_path, a number, a label, Yes). No exception may reach
sys.excepthook, no Qt warning or critical may be logged (bar the platform's own, see the
harness), and every action of the window must be triggered somewhere: the commands
ui/actions.py lists first, then every other action the window holds. The counts are
checked against floors, so the sweep cannot quietly trigger nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Iterator
from dataclasses import dataclass
from dataclasses import field
from multiprocessing import resource_tracker
from pathlib import Path
from typing import Any

import pytest
import shiboken6
from PySide6.QtCore import QSettings
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu
from PySide6.QtWidgets import QToolBar
from PySide6.QtWidgets import QToolButton
from PySide6.QtWidgets import QWidgetAction
from pytestqt.qtbot import QtBot

from gamesearch_gui.core.exercises.exercise import Field
from gamesearch_gui.core.exercises.exercise import Task
from gamesearch_gui.core.exercises.exercise import make_exercise
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.core.search import Ordering
from gamesearch_gui.core.search import SearchSettings
from gamesearch_gui.core.trees.examples import example
from gamesearch_gui.core.trees.file import load_tree
from gamesearch_gui.ui import saved
from gamesearch_gui.ui.actions import COMMANDS
from gamesearch_gui.ui.actions import Mode
from gamesearch_gui.ui.actions import declared_action
from gamesearch_gui.ui.main_window import MainWindow
from gamesearch_gui.ui.play_config import PlayConfig
from gamesearch_gui.ui.play_config import Seats
from tests.test_game_file_players import THREE_NIM
from tests.ui.monkey_harness import Answers
from tests.ui.monkey_harness import FaultLog
from tests.ui.monkey_harness import Waiter
from tests.ui.monkey_harness import action_name
from tests.ui.monkey_harness import checkout_files
from tests.ui.monkey_harness import child_processes
from tests.ui.monkey_harness import close_window
from tests.ui.monkey_harness import idle
from tests.ui.monkey_harness import open_window
from tests.ui.monkey_harness import patch_dialogs
from tests.ui.monkey_harness import prepare_folder
from tests.ui.monkey_harness import qtbot_waiter
from tests.ui.monkey_harness import settle
from tests.ui.monkey_harness import watch_searches
from tests.ui.monkey_harness import window_actions
from tests.ui.test_main_window import click_move
from tests.ui.test_main_window import wait_for_person_or_end

pytestmark = pytest.mark.qt_no_exception_capture

#: Quick searches for the sweep: every AI answer comes in a moment.
QUICK = {
    "tictactoe": SearchSettings(Algorithm.ALPHABETA, ordering=Ordering.STATIC),
    "connect4": SearchSettings(Algorithm.ALPHABETA, depth=3),
    "pennies": SearchSettings(Algorithm.ALPHABETA),
    "pig": SearchSettings(Algorithm.STAR1, depth=3),
    "nim3": SearchSettings(Algorithm.MAXN, shallow_pruning=True),
}
#: A small tree with every kind of node: MAX root, a chance node, a MIN node, labels,
#: move labels and an eval.
TREE = """{"format": "gamesearch-tree", "version": 1, "name": "sweep",
 "root": {"type": "max", "label": "A", "children": [
   {"type": "chance", "label": "B", "move": "a", "children": [
     {"value": 3, "probability": 0.5, "label": "b1"}, {"value": 5, "probability": 0.5}]},
   {"type": "min", "label": "C", "eval": 2, "children": [{"value": 2}, {"value": 8}]}]}}"""


@dataclass
class Target:
    """Something to trigger: a permanent action of the window, or one of a context menu
    (made afresh each time, so found by its text)."""

    name: str
    resolve: Callable[[], QAction | None]
    action: QAction | None = None  #: the permanent action, if it is one


@dataclass
class Scenario:
    """A state of the window worth sweeping, and the context menus shown there."""

    name: str
    setup: Callable[[MainWindow], None]
    #: The entries of the context menus shown there: (window, a list that keeps each menu
    #: made, for deleting once used) -> targets.
    menus: Callable[[MainWindow, list[QMenu]], list[Target]] = field(default=lambda w, m: [])
    #: Let searches answer before each action (False: act while the AI thinks).
    settled: bool = True
    #: Context menus whose entries a person reaches there besides the window's menus.
    context: Callable[[MainWindow], list[QMenu]] = field(default=lambda w: [])


# -- setting states up -------------------------------------------------------------------


class Sweep:
    """The window under the sweep, with the harness's answers, fault log and waiter."""

    def __init__(
        self, window: MainWindow, answers: Answers, log: FaultLog, wait_until: Waiter
    ) -> None:
        self.window = window
        self.answers = answers
        self.log = log
        self.wait_until = wait_until
        self.triggered: dict[str, list[str]] = {}
        #: Every permanent action triggered, and every one a person could reach (kept
        #: referenced, so that no id is used again).
        self.reached: set[int] = set()
        self.reachable: dict[int, tuple[str, QAction]] = {}
        self._menus: list[QMenu] = []

    def settle(self) -> None:
        assert settle(self.window, self.wait_until, self.log), self.log.report()

    def setup(self, scenario: Scenario) -> None:
        self.log.step = f"setting up {scenario.name}"
        with self.answers.policy_as("setup"):
            scenario.setup(self.window)
            # Panels and tool bars where they start (an action may have hidden one).
            self.window.reset_layout()
        if scenario.settled:
            self.settle()

    def targets(self, scenario: Scenario) -> list[Target]:
        """The window's commands as ui/actions.py lists them, then every other action of
        the window (its panels' own, and the entries made as things change: examples,
        lessons, recent files, players, docks), then the scenario's context menus'."""
        window = self.window
        found = [*declared_actions(window), *window_actions(window)]
        permanent = [
            Target(action_name(a), lambda a=a: a, a)
            for a in dict.fromkeys(found)
            if a is not window.act_quit and a.menu() is None and not isinstance(a, QWidgetAction)
        ]
        return permanent + scenario.menus(window, self._menus)

    def _drop_menus(self) -> None:
        for menu in self._menus:
            menu.deleteLater()
        self._menus.clear()

    def run(self, scenario: Scenario) -> list[str]:
        """Trigger every action enabled in ``scenario``, each on a fresh set-up."""
        self.setup(scenario)
        menus = scenario.context(self.window)
        reachable = reachable_actions(self.window) + [e for m in menus for e in _entries(m)]
        self.reachable.update(
            (id(a), (action_name(a), a)) for a in reachable if a is not self.window.act_quit
        )
        self._menus += menus
        enabled = [t for t in self.targets(scenario) if _enabled(t.resolve())]
        self._drop_menus()
        fresh = state_key(self.window)
        done = []
        for target in enabled:
            if state_key(self.window) != fresh:
                self.setup(scenario)
                fresh = state_key(self.window)
            action = target.resolve()
            if not _enabled(action):
                continue
            assert action is not None
            self.log.step = f"{scenario.name}: {target.name}"
            action.trigger()
            self._drop_menus()
            self.settle()
            assert self.window.isVisible(), f"{target.name} closed the window"
            done.append(target.name)
            if target.action is not None:
                self.reached.add(id(target.action))
        self.triggered[scenario.name] = done
        return done


def declared_actions(window: MainWindow, mode: Mode | None = None) -> list[QAction]:
    """The actions of the commands ui/actions.py lists (of ``mode``, if given), in order."""
    found = [
        declared_action(window.action_owners, spec)
        for spec in COMMANDS
        if mode is None or mode in spec.modes
    ]
    assert all(a is not None for a in found)
    return [a for a in found if a is not None]


def state_key(window: MainWindow) -> tuple[Any, ...]:
    """What the next action could depend on: a sweep sets its scenario up again before an
    action only when this changed (setting up is most of a sweep's time)."""
    editor, page, match = window.editor, window.exercises, window.match
    return (
        window.mode,
        window.isVisible(),
        id(match),
        len(match.plies),
        match.can_redo,
        window.config,
        window.paused,
        window.show_values,
        id(window.board),
        window.board.hint if window.board is not None else None,
        tuple(dock.isVisible() for dock in window.docks.values()),
        tuple(bar.isVisible() for bar in window.findChildren(QToolBar)),
        id(window.tree_panel.recording),
        window.tree_panel.moment,
        id(editor.tree),
        editor.selected,
        editor.stack.currentIndex(),
        editor.document.dirty,
        editor.document.file_path,
        editor.document.undo_stack.index(),
        id(page.exercise),
        page.stack.currentIndex(),
        page.undo_stack.index(),
        len(page.answer.hinted),
        page._graded,
        not idle(window),
    )


def reachable_actions(window: MainWindow) -> list[QAction]:
    """The actions a person can reach now: the entries of the visible menus of the menu
    bar, and the buttons of the visible tool bars (and of their buttons' menus)."""
    found: list[QAction] = []
    for title in window.menuBar().actions():
        menu = title.menu()
        if isinstance(menu, QMenu) and title.isVisible():
            for sub in [menu, *menu.findChildren(QMenu)]:
                sub.aboutToShow.emit()  # fills File > Recent Files
            found += [a for a in _entries(menu) if a.isVisible()]
    for bar in window.findChildren(QToolBar):
        if not bar.isVisible():
            continue
        for action in bar.actions():
            if isinstance(action, QWidgetAction):
                button = bar.widgetForAction(action)
                if isinstance(button, QToolButton) and isinstance(button.menu(), QMenu):
                    found += _entries(button.menu())
            elif action.isVisible() and not action.isSeparator():
                found.append(action)
    return found


def _entries(menu: QMenu) -> list[QAction]:
    entries: list[QAction] = []
    for action in menu.actions():
        if action.isSeparator() or not action.isVisible():
            continue
        sub = action.menu()
        entries += _entries(sub) if isinstance(sub, QMenu) else [action]
    return entries


def _enabled(action: QAction | None) -> bool:
    return action is not None and shiboken6.isValid(action) and action.isEnabled()


def play_moves(qtbot: QtBot, window: MainWindow, count: int) -> None:
    """Play ``count`` of the person's moves by clicking the board (the AI answers each)."""
    for _ in range(count):
        wait_for_person_or_end(qtbot, window)
        if window.match.is_over:
            return
        click_move(qtbot, window, window.match.legal()[0])
    wait_for_person_or_end(qtbot, window)


def tree_menu_targets(
    where: str, canvas_of: Callable[[MainWindow], Any]
) -> Callable[[MainWindow, list[QMenu]], list[Target]]:
    """The entries of a tree canvas's node menu (on the root; Expand after a collapse)."""

    def targets(window: MainWindow, made: list[QMenu]) -> list[Target]:
        canvas = canvas_of(window)
        if canvas.recording is None:
            return []

        def entry(text: str, collapse: bool) -> Callable[[], QAction | None]:
            def resolve() -> QAction | None:
                if collapse and 0 not in canvas.tree_item.model.folds.closed:
                    canvas.toggle_collapsed(0)
                menu = canvas.context_menu(0)
                made.append(menu)
                return next((a for a in menu.actions() if a.text() == text), None)

            return resolve

        return [
            Target(f"{where} menu: {text}", entry(text, collapse))
            for text, collapse in (
                ("Collapse", False),
                ("Go to this node's moment", False),
                ("Expand", True),
                ("Expand all", True),
            )
        ]

    return targets


def scenarios(qtbot: QtBot) -> dict[str, list[Scenario]]:
    """The scenarios of each mode."""

    def play(game: str) -> Callable[[MainWindow], None]:
        def setup(window: MainWindow) -> None:
            window.set_mode("play")
            window.docks["tree"].show()
            window.rng.seed(1)
            window.new_game(
                PlayConfig(
                    game=game,
                    seats=Seats.HUMAN_FIRST,
                    options={"pig_target": 12},
                    search=QUICK[game],
                )
            )
            # Two exchanges, one taken back: Undo and Redo both apply, and the tree dock
            # shows the AI's last search.
            play_moves(qtbot, window, 2)
            window.undo()

        return setup

    def thinking(window: MainWindow) -> None:
        # The AI starts: "Move now" and "Pause AI" apply while it searches. Nothing lets
        # its answer in before the action is triggered (the GUI hears of it only from
        # the event loop).
        window.set_mode("play")
        search = SearchSettings(Algorithm.MINIMAX, depth=4)
        window.new_game(PlayConfig(game="connect4", seats=Seats.HUMAN_SECOND, search=search))

    def thinking_three(window: MainWindow) -> None:
        # Three-player Nim, A the AI (B and C people): Move now and Pause AI apply while
        # A's max^n search runs, as in ``thinking``. A search of a moment, as there: at
        # depth 12 (about 800,000 nodes) it outlasted each step's patience on a busy
        # machine, so that each of some 65 actions waited 20 s for "Move now" (the test
        # took 737 to 818 s of the suite's 24 to 27 minutes).
        window.set_mode("play")
        window.new_game(
            PlayConfig(
                game="nim3",
                humans=(False, True, True),
                options={"nim_pile": 30},
                search=SearchSettings(Algorithm.MAXN, depth=8),
            )
        )

    def file_three(window: MainWindow) -> None:
        # A game file of three players (its code in its engine process): A the person,
        # B and C the AI, max^n deepening for 2 s; one exchange, taken back.
        window.set_mode("play")
        window.docks["tree"].show()
        assert window.open_game_file(str(THREE_NIM))
        play_moves(qtbot, window, 2)
        window.undo()

    def trees(select: tuple[int, ...], solve: bool = False) -> Callable[[MainWindow], None]:
        def setup(window: MainWindow) -> None:
            window.set_mode("trees")
            editor = window.editor
            assert editor.open_tree(load_tree(TREE))
            # Two edits, one undone: Undo and Redo both apply.
            editor.set_move("x", (1,))
            editor.set_move("y", (1,))
            editor.document.undo_stack.undo()
            editor.select(select)
            if solve:
                # No cutoff: an example opened by an earlier action may have left one
                # (the quiescence example's depth 1 would meet chance node B, no eval).
                editor.depth_box.setValue(0)
                window.editor.solve()
                qtbot.waitUntil(lambda: window.editor.result is not None, timeout=30_000)

        return setup

    def players(window: MainWindow) -> None:
        # Figure 5.4, a tree of three players, with B's node after move 1 selected: the
        # Kind menus list each player's decision and the steps round the table.
        window.set_mode("trees")
        editor = window.editor
        assert editor.open_tree(example("figure-5-4").tree())
        editor.set_move("x", (1,))
        editor.set_move("y", (1,))
        editor.document.undo_stack.undo()
        editor.select((1,))

    def exercise(stage: str) -> Callable[[MainWindow], None]:
        def setup(window: MainWindow) -> None:
            window.set_mode("exercise")
            if stage == "welcome":
                return
            page = window.exercises
            page.start(make_exercise(example("figure-5-2").tree(), Task.ALPHABETA))
            qtbot.waitUntil(lambda: page.key is not None, timeout=30_000)
            # Two entries, one undone: Undo and Redo both apply.
            page.write_entry((0,), Field.VALUE, "3")
            page.write_entry((1,), Field.VALUE, "2")
            page.undo_stack.undo()
            if stage == "solution":
                page.show_solution()

        return setup

    def node_menus(window: MainWindow) -> list[QMenu]:
        # The editor's menus on the selected node and on the background.
        canvas = window.editor.canvas
        selected = window.editor.drawing.index[window.editor.selected]
        return [m for m in (canvas.context_menu(selected), canvas.context_menu(None)) if m]

    panel_menu = tree_menu_targets("search tree", lambda w: w.tree_panel.canvas)
    return {
        "play": [
            *(Scenario(f"play {g}", play(g), panel_menu) for g in QUICK),
            Scenario("play while the AI thinks", thinking, settled=False),
            Scenario("play nim3 while an AI thinks", thinking_three, settled=False),
            Scenario("play a game file of three players", file_three, panel_menu),
        ],
        "trees": [
            Scenario("trees: a leaf under chance", trees((0, 0)), context=node_menus),
            Scenario("trees: the root", trees(()), context=node_menus),
            Scenario("trees: a tree of players", players, context=node_menus),
            Scenario(
                "trees: solved",
                trees((), solve=True),
                tree_menu_targets("solution", lambda w: w.editor.solution_panel.canvas),
            ),
        ],
        "exercise": [
            Scenario("exercise: welcome", exercise("welcome")),
            Scenario("exercise: answering", exercise("answering")),
            Scenario(
                "exercise: solution",
                exercise("solution"),
                tree_menu_targets("replay", lambda w: w.exercises.solution_panel.canvas),
            ),
        ],
    }


#: The fewest actions each scenario must trigger: a little under what it triggered when
#: written (the counts differ a little between the two ways of answering, since an
#: action of one mode changes what another finds), so that a sweep that quietly
#: triggers nothing, or an action lost to a scenario, fails.
FLOORS = {
    "play tictactoe": 65,
    "play connect4": 70,
    "play pennies": 70,
    "play pig": 70,
    "play nim3": 70,
    "play while the AI thinks": 65,
    "play nim3 while an AI thinks": 65,
    "play a game file of three players": 60,
    "trees: a leaf under chance": 75,
    "trees: the root": 70,
    "trees: a tree of players": 95,
    "trees: solved": 75,
    "exercise: welcome": 55,
    "exercise: answering": 70,
    "exercise: solution": 70,
}
#: The kinds of file the sweep of each mode writes when the dialogs answer with a file
#: name. In every mode: trees (File > Examples opens a tree in the editor, which asks to
#: save the unsaved one first), the search tree's pictures and its replay page (Export,
#: File > Export replay as web page) and a game file (File > New game from template,
#: which opens it in Play); in Draw a tree, the tree as a Gambit game (File > Export as
#: Gambit game); in Practise, exercise sheets and keys too.
_EVERYWHERE = {".json", ".svg", ".png", ".py", ".html"}
WRITTEN = {
    "play": _EVERYWHERE,
    "trees": _EVERYWHERE | {".efg"},
    "exercise": _EVERYWHERE | {".pdf"},
}
#: Actions a person can reach in a mode that none of its scenarios enables, and why.
#: Empty: every one is triggered.
NEVER_ENABLED: dict[str, set[str]] = {"play": set(), "trees": set(), "exercise": set()}


# -- the test ----------------------------------------------------------------------------


@pytest.fixture
def sweep(qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Sweep]:
    monkeypatch.chdir(tmp_path)  # a relative file name typed into a dialog lands here
    checkout, children = checkout_files(), child_processes()
    prepare_folder(tmp_path)
    store = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    # Two recent files, one gone: File > Recent Files has entries to open.
    recent = [str(tmp_path / "sample.gtree.json"), str(tmp_path / "gone.json")]
    saved.RECENT_TREES.write(store, recent)
    wait_until = qtbot_waiter(qtbot)
    log = FaultLog()
    answers = Answers(tmp_path, "setup", wait_until)
    with log.installed(), patch_dialogs(answers):
        # Not given to qtbot.addWidget: pytest-qt would close it before this fixture's
        # end, while the dialogs answer as the test left them (perhaps refusing to close).
        window = open_window(store, tmp_path)
        watch_searches(window, log)
        try:
            yield Sweep(window, answers, log, wait_until)
        finally:
            before = len(log.faults)
            log.step = "closing the window"
            close_window(window, answers)
            settle(window, wait_until, log)
    del log.faults[:before]
    assert not log.faults, "closing the window:\n" + log.report()
    # None new, less multiprocessing's resource tracker, which the first engine process
    # of the test run starts and which lives as long as the run (tests/conftest.py's
    # check of every test's child processes says the same).
    tracker = getattr(resource_tracker._resource_tracker, "_pid", None)
    assert {c for c in child_processes() if c.split()[0] != str(tracker)} <= set(children)
    assert checkout_files() == checkout


@pytest.mark.parametrize("policy", ["cancel", "accept"])
@pytest.mark.parametrize("mode", ["play", "trees", "exercise"])
def test_every_action_of_every_mode_runs_without_an_exception_or_a_warning(
    qtbot: QtBot, sweep: Sweep, tmp_path: Path, mode: str, policy: str
) -> None:
    window = sweep.window
    for scenario in scenarios(qtbot)[mode]:
        with sweep.answers.policy_as(policy):
            sweep.run(scenario)
    counts = {name: len(done) for name, done in sweep.triggered.items()}
    assert not sweep.log.faults, sweep.log.report()
    for name, count in counts.items():
        assert count >= FLOORS[name], f"{name}: only {count} actions triggered"
    if mode == "trees":
        # A tree of players' own entries of the Kind menus, from the menu bar and the node's.
        players = {"A's decision", "B's decision", "C's decision", "Next player's decision"}
        assert players | {"Previous player's decision"} <= set(
            sweep.triggered["trees: a tree of players"]
        )
    missed = {name for key, (name, _) in sweep.reachable.items() if key not in sweep.reached}
    assert missed <= NEVER_ENABLED[mode], sorted(missed - NEVER_ENABLED[mode])
    # Every command the list gives this mode was triggered (Quit below).
    listed = {
        action_name(a): a for a in declared_actions(window, Mode(mode)) if a is not window.act_quit
    }
    unreached = {name for name, a in listed.items() if id(a) not in sweep.reached}
    assert unreached <= NEVER_ENABLED[mode], sorted(unreached)
    # The plausible answers did what a person asked for: files where they said.
    written = {path.suffix for path in tmp_path.glob("answer-*")}
    assert written == (WRITTEN[mode] if policy == "accept" else set())
    # Quit last: cancelled at the unsaved tree's question, the window stays.
    sweep.log.step = "Quit"
    with sweep.answers.policy_as("setup"):
        window.set_mode("trees")
        window.editor.open_tree(load_tree(TREE))
        window.editor.add_child(())  # an edit: a tree opened from elsewhere starts saved
    asked = sweep.answers.asked["message box"]
    with sweep.answers.policy_as(policy):
        window.act_quit.trigger()
    sweep.settle()
    assert sweep.answers.asked["message box"] > asked  # it asked about the unsaved tree
    assert window.isVisible() == (policy == "cancel")
    assert not sweep.log.faults, sweep.log.report()
