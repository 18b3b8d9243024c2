"""Drive the main window as a careless person would, and catch whatever goes wrong.

One harness for three users: the action sweep (tests/ui/test_action_sweep.py), the
seeded monkey in CI (tests/ui/test_monkey.py) and the long runs of benchmarks/monkey.py.

- :class:`FaultLog` collects what must never happen: an exception reaching
  ``sys.excepthook`` (PySide6 sends a slot's exception there) or ``sys.unraisablehook``,
  a Qt warning or critical message, a search that failed with an internal error, and an
  event loop stalled for more than :data:`STALL_S` (a :class:`Heartbeat` timer measures
  the gaps between its ticks: a hang detector, not a speed test). There is no list of
  known faults to let through: every fault fails a run, and is fixed in the app.
- :class:`Answers` and :func:`patch_dialogs` stand in for the person at every modal
  dialog (file dialogs, message boxes, input dialogs, the app's own dialogs, context
  menus), so nothing blocks: they cancel, accept with plausible answers, or answer at
  random.
- :class:`Monkey` takes seeded random steps: actions, menus, clicks on the board and
  on the tree canvases, keys, settings typed right and wrong, mode switches.

Nothing here waits by sleeping: the caller passes a ``wait_until`` (``qtbot.waitUntil``
in the tests).
"""

from __future__ import annotations

import os
import random
import re
import sys
import time
import traceback
import types
from collections import Counter
from collections.abc import Callable
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from dataclasses import field
from dataclasses import replace
from multiprocessing import resource_tracker
from pathlib import Path
from types import TracebackType
from typing import Any

import shiboken6
from PySide6.QtCore import QCoreApplication
from PySide6.QtCore import QEvent
from PySide6.QtCore import QMessageLogContext
from PySide6.QtCore import QObject
from PySide6.QtCore import QPoint
from PySide6.QtCore import QSettings
from PySide6.QtCore import Qt
from PySide6.QtCore import QTimer
from PySide6.QtCore import QtMsgType
from PySide6.QtCore import qInstallMessageHandler
from PySide6.QtGui import QAction
from PySide6.QtGui import QContextMenuEvent
from PySide6.QtGui import QKeyEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QAbstractButton
from PySide6.QtWidgets import QAbstractSpinBox
from PySide6.QtWidgets import QApplication
from PySide6.QtWidgets import QCheckBox
from PySide6.QtWidgets import QComboBox
from PySide6.QtWidgets import QDialog
from PySide6.QtWidgets import QDoubleSpinBox
from PySide6.QtWidgets import QFileDialog
from PySide6.QtWidgets import QInputDialog
from PySide6.QtWidgets import QLineEdit
from PySide6.QtWidgets import QMenu
from PySide6.QtWidgets import QMessageBox
from PySide6.QtWidgets import QRadioButton
from PySide6.QtWidgets import QSlider
from PySide6.QtWidgets import QSpinBox
from PySide6.QtWidgets import QToolButton
from PySide6.QtWidgets import QWidget

from gamesearch_gui.core.game import Player
from gamesearch_gui.core.search import Algorithm
from gamesearch_gui.ui.main_window import MainWindow
from tests.processes import children

#: An event loop whose thread works this many CPU seconds without turning is stalled (a
#: slot that computes too long, not a busy machine: CPU time does not count the time
#: the process waits for a core)...
STALL_S = 2.0
#: ...and so is one that does not turn for this long at all, working or not (a slot that
#: waits for ever): a generous wall-clock ceiling, which a loaded machine does not trip.
STALL_WALL_S = 30.0
#: How often the heartbeat ticks.
HEARTBEAT_MS = 50
#: How long a step may take to settle (searches answered) before it counts as a hang.
SETTLE_MS = 60_000
#: How long a person waits for the AI's move before saying "Move now".
PATIENCE_MS = 20_000

#: ``wait_until(predicate, timeout_ms)``: process events until ``predicate()`` holds;
#: False when the time ran out.
Waiter = Callable[[Callable[[], bool], int], bool]


# -- faults ------------------------------------------------------------------------------


#: Qt messages of the platform that say nothing about the app (matched at their start).
QT_HARMLESS: tuple[re.Pattern[str], ...] = (
    # The offscreen platform cannot size or raise windows as a window manager would.
    re.compile(r"This plugin does not support propagateSizeHints\(\)"),
    re.compile(r"This plugin does not support raise\(\)"),
    re.compile(r"This plugin does not support grabbing the keyboard"),
)

_QT_KINDS = {
    QtMsgType.QtWarningMsg: "Qt warning",
    QtMsgType.QtCriticalMsg: "Qt critical",
    QtMsgType.QtFatalMsg: "Qt fatal",
}


@dataclass
class Fault:
    """One thing that went wrong."""

    kind: str  #: "exception", "Qt warning", "Qt critical", "stall", "hang", "search error"
    summary: str  #: one line: the type and message, or the Qt message
    place: str  #: where: the innermost frame of the app (file:line in function)
    step: str  #: what the driver was doing
    detail: str = ""  #: the traceback


def _frames(tb: TracebackType | None) -> list[traceback.FrameSummary]:
    return list(traceback.extract_tb(tb)) if tb is not None else []


def _app_place(frames: list[traceback.FrameSummary]) -> str:
    """The innermost frame in the app's own code, as file:line in function."""
    for frame in reversed(frames):
        path = frame.filename.replace("\\", "/")
        if "/gamesearch_gui/" in path:
            short = path[path.rindex("/gamesearch_gui/") + 1 :]
            return f"{short}:{frame.lineno} in {frame.name}"
    if frames:
        frame = frames[-1]
        return f"{frame.filename}:{frame.lineno} in {frame.name}"
    return ""


class FaultLog:
    """Collects exceptions, Qt warnings and criticals, failed searches and stalls."""

    def __init__(self) -> None:
        self.faults: list[Fault] = []
        #: What the driver is doing (a fault names it).
        self.step = "setting up"
        self.qt_ignored: Counter[str] = Counter()
        #: Faults seen so far by (kind, summary, place): only the first few keep a traceback.
        self._seen: Counter[tuple[str, str, str]] = Counter()
        self._installed = False
        self._old_excepthook: Any = None
        self._old_unraisablehook: Any = None
        self._old_handler: Any = None

    # -- installing

    def install(self) -> None:
        """Start collecting: sys.excepthook, sys.unraisablehook, Qt's message handler."""
        if self._installed:
            return
        self._old_excepthook = sys.excepthook
        self._old_unraisablehook = sys.unraisablehook
        sys.excepthook = self.exception
        sys.unraisablehook = self._unraisable
        self._old_handler = qInstallMessageHandler(self.qt_message)
        self._installed = True

    def uninstall(self) -> None:
        """Stop collecting; put back what was there."""
        if not self._installed:
            return
        sys.excepthook = self._old_excepthook
        sys.unraisablehook = self._old_unraisablehook
        qInstallMessageHandler(self._old_handler)
        self._installed = False

    @contextmanager
    def installed(self) -> Iterator[FaultLog]:
        """Collect for the duration of a ``with``."""
        self.install()
        try:
            yield self
        finally:
            self.uninstall()

    # -- collecting

    def exception(
        self,
        kind: type[BaseException],
        error: BaseException,
        tb: TracebackType | None,
        *,
        what: str = "exception",
    ) -> None:
        """An exception nobody caught (sys.excepthook's signature)."""
        frames = _frames(tb)
        fault = Fault(what, f"{kind.__name__}: {error}", _app_place(frames), self.step)
        if self._keep(fault):
            fault.detail = "".join(traceback.format_exception(kind, error, tb))
        self.faults.append(fault)

    def _unraisable(self, info: Any) -> None:
        error = info.exc_value or info.exc_type()
        self.exception(info.exc_type, error, info.exc_traceback, what="unraisable exception")

    def qt_message(self, mode: QtMsgType, context: QMessageLogContext, message: str) -> None:
        """Qt's message handler: warnings, criticals and fatals are faults."""
        kind = _QT_KINDS.get(mode)
        if kind is None:
            return
        if any(pattern.match(message) for pattern in QT_HARMLESS):
            self.qt_ignored[message] += 1
            return
        # Without reading source lines: a painter that failed to begin can warn at every
        # one of a big tree's thousands of calls.
        stack = traceback.StackSummary.extract(
            traceback.walk_stack(sys._getframe(1)), limit=40, lookup_lines=False
        )
        stack.reverse()
        place = f"{context.file}:{context.line}" if context.file else _app_place(list(stack))
        fault = Fault(kind, message, place, self.step)
        if self._keep(fault):
            fault.detail = "".join(traceback.format_list(stack[-12:]))
        self.faults.append(fault)

    def _keep(self, fault: Fault) -> bool:
        """True for the first few faults alike: a long run keeps no more tracebacks."""
        key = (fault.kind, fault.summary, fault.place)
        self._seen[key] += 1
        return self._seen[key] <= 3

    def search_failed(self, request: Any, message: str) -> None:
        """A search that failed with an internal error (the worker caught a bug)."""
        if message.startswith("internal error"):
            purpose = getattr(request, "purpose", "?")
            self.faults.append(Fault("search error", message, f"a {purpose} search", self.step))

    def add(self, kind: str, summary: str, place: str = "") -> None:
        """A fault found by the driver itself (a stall, a hang)."""
        self.faults.append(Fault(kind, summary, place, self.step))

    # -- reading

    def report(self, *, details: bool = True, most: int = 30) -> str:
        """The faults, most frequent first: each kind of fault (type and message, place)
        with its count and the step it first happened in."""
        lines = []
        groups: dict[tuple[str, str, str], list[Fault]] = {}
        for fault in self.faults:
            summary = re.sub(r"[0-9.]+ s", "N s", fault.summary)
            groups.setdefault((fault.kind, summary, fault.place), []).append(fault)
        ordered = sorted(groups.items(), key=lambda kv: -len(kv[1]))
        for (kind, summary, place), faults in ordered[:most]:
            lines.append(f"{len(faults)} x {kind}: {summary[:300]}")
            lines.append(f"    at {place or '?'}; first during {faults[0].step}")
            if details and faults[0].detail:
                lines.extend("      " + s for s in faults[0].detail.rstrip().splitlines()[-14:])
        if len(ordered) > most:
            lines.append(f"... and {len(ordered) - most} more kinds of fault")
        return "\n".join(lines)


class Heartbeat(QObject):
    """A timer that ticks every HEARTBEAT_MS; a gap between ticks in which the event
    loop's thread worked over STALL_S of CPU, or which lasted over STALL_WALL_S, is a
    stall. (It used to be 2 s of the wall clock, which a machine at load 20 tripped.)

    It detects hangs, nothing else: the figure it keeps (the longest gap) is reported,
    never compared with a speed in a test.
    """

    def __init__(self, log: FaultLog, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.log = log
        #: The longest gap between two ticks, in seconds, and the step it happened in.
        self.longest = (0.0, "")
        self._last = time.perf_counter()
        self._last_cpu = time.thread_time()
        self._timer = QTimer(self)
        self._timer.setInterval(HEARTBEAT_MS)
        self._timer.timeout.connect(self._tick)

    def start(self) -> None:
        """Start measuring (from now)."""
        self._last, self._last_cpu = time.perf_counter(), time.thread_time()
        self._timer.start()

    def stop(self) -> None:
        """Stop measuring."""
        self._timer.stop()

    def _tick(self) -> None:
        now, cpu = time.perf_counter(), time.thread_time()
        gap, self._last = now - self._last, now
        worked, self._last_cpu = cpu - self._last_cpu, cpu
        self.longest = max(self.longest, (gap, self.log.step))
        if worked > STALL_S or gap > STALL_WALL_S:
            self.log.add(
                "stall",
                f"the event loop did not turn for {gap:.1f} s ({worked:.1f} s of its CPU)",
            )


# -- dialogs ----------------------------------------------------------------------------

#: Texts typed into fields: plausible ones and ones no field should choke on.
PLAUSIBLE_TEXTS = ("0", "1", "3", "-2", "0.5", "7/3", "12", "1, 3", "A", "node", "7")
NASTY_TEXTS = (
    "1/4",
    "-1e308",
    "0/0",
    "x",
    "25%",
    "\x00",
    "",
    " ",
    "-",
    "1e309",
    "nan",
    "inf",
    "-inf",
    "∞",
    "−3",
    "3,5",
    "2/0",
    "99999999999999999999",
    "β",
    "\t",
    "0x10",
    "1_000",
    "1, x",
    "%",
    "../../etc",
)
_BUTTON_ORDER = {
    "cancel": ("Cancel", "No", "Abort", "Close", "Ignore", "Ok"),
    "accept": ("Yes", "Save", "Ok", "Open", "Apply", "Discard", "No"),
    # While a test arranges a state: throw unsaved work away, say yes to the rest.
    "setup": ("Discard", "Yes", "Ok", "No", "Cancel"),
}
_SUFFIX = re.compile(r"\*(\.[A-Za-z.]+)")


#: A small tree file for the dialogs that open one (figure 5.2 of Russell and Norvig).
SAMPLE_TREE = "[[3,12,8],[2,4,6],[14,5,2]]"


def prepare_folder(folder: Path) -> None:
    """The files the answers name: a tree to open, and a file that is not a tree."""
    (folder / "sample.gtree.json").write_text(SAMPLE_TREE, encoding="utf-8")
    (folder / "not-a-tree.json").write_text("{not json", encoding="utf-8")


def _arg(args: tuple[Any, ...], kwargs: dict[str, Any], index: int, name: str) -> Any:
    if len(args) > index:
        return args[index]
    return kwargs.get(name)


class Answers:
    """The person at the dialogs: how each patched dialog answers.

    ``policy`` is "cancel" (every dialog cancelled), "accept" (plausible answers: a file
    in ``folder``, a number, a label, Yes), "setup" (a test arranging a state: discard
    unsaved work, cancel file dialogs) or "random" (seeded: legal and nasty answers).
    ``asked`` counts the dialogs met, by kind.
    """

    def __init__(self, folder: Path, policy: str = "accept", wait_until: Waiter | None = None):
        self.folder = folder
        self.policy = policy
        self.rng = random.Random(0)
        self.wait_until = wait_until
        self.asked: Counter[str] = Counter()
        self._count = 0
        self.open_file = folder / "sample.gtree.json"

    @contextmanager
    def policy_as(self, policy: str) -> Iterator[None]:
        """Answer with ``policy`` for the duration of a ``with``."""
        old, self.policy = self.policy, policy
        try:
            yield
        finally:
            self.policy = old

    # -- files

    def _pick(self, options: list[Any]) -> Any:
        return self.rng.choice(options)

    def open_name(self, caption: str, filter: str) -> str:
        """A file to open ("" for cancel)."""
        self.asked["open file"] += 1
        if self.policy in ("cancel", "setup"):
            return ""
        if self.policy == "random":
            return self._pick(
                [
                    "",
                    str(self.open_file),
                    str(self.folder / "missing.gtree.json"),
                    str(self.folder / "not-a-tree.json"),
                    str(self.folder),
                ]
            )
        return str(self.open_file)

    def save_name(self, caption: str, filter: str) -> str:
        """A file to write ("" for cancel), named for the first pattern of ``filter``."""
        self.asked["save file"] += 1
        if self.policy in ("cancel", "setup"):
            return ""
        match = _SUFFIX.search(filter or "")
        suffix = match.group(1) if match else ""
        self._count += 1
        name = str(self.folder / f"answer-{self._count % 7}{suffix}")
        if self.policy == "random":
            return self._pick(
                [
                    "",
                    name,
                    name,
                    str(self.folder / f"answer-{self._count % 7}"),
                    str(self.folder / "no such folder" / f"x{suffix}"),
                    str(self.folder),
                ]
            )
        return name

    def folder_name(self) -> str:
        """A folder ("" for cancel)."""
        self.asked["folder"] += 1
        return "" if self.policy in ("cancel", "setup") else str(self.folder)

    # -- questions

    def button(self, buttons: Any, default: Any = None) -> QMessageBox.StandardButton:
        """The button a message box is answered with."""
        self.asked["message box"] += 1
        standard = QMessageBox.StandardButton
        present = [
            b
            for b in standard
            if b != standard.NoButton and buttons is not None and (buttons & b) == b
        ]
        if not present:
            present = [standard.Ok]
        if self.policy == "random":
            return self._pick(present)
        for name in _BUTTON_ORDER[self.policy]:
            button = getattr(standard, name)
            if button in present:
                return button
        return present[0]

    def text(self, label: str, current: str) -> tuple[str, bool]:
        """An input dialog's text, and whether it was accepted."""
        self.asked["input text"] += 1
        if self.policy in ("cancel", "setup"):
            return "", False
        if self.policy == "random":
            if self.rng.random() < 0.15:
                return "", False
            return self._pick([*PLAUSIBLE_TEXTS, *NASTY_TEXTS, current]), True
        lowered = label.lower()
        if "probab" in lowered:
            return "1/2", True
        if "value" in lowered or "eval" in lowered:
            return "7", True
        return "A", True

    def number(self, value: float, lo: float, hi: float) -> tuple[float, bool]:
        """An input dialog's number, and whether it was accepted."""
        self.asked["input number"] += 1
        if self.policy in ("cancel", "setup"):
            return value, False
        if self.policy == "random":
            return self.rng.uniform(lo, hi), self.rng.random() > 0.15
        return value, True

    # -- the app's own dialogs and menus

    def dialog(self, dialog: QDialog) -> int:
        """Run ``dialog`` as the person would: fill it in (or not), then accept or cancel."""
        name = type(dialog).__name__
        self.asked[name] += 1
        filler = getattr(self, f"_fill_{name}", None)
        if self.policy in ("cancel", "setup"):
            dialog.reject()
        elif filler is not None:
            filler(dialog)
        elif self.policy == "random" and self.rng.random() < 0.3:
            dialog.reject()
        else:
            dialog.accept()
        return int(dialog.result())

    def menu(self, menu: QMenu) -> QAction | None:
        """A context menu: the random person picks one of its enabled entries."""
        self.asked["context menu"] += 1
        if self.policy != "random":
            return None
        actions = [a for a in _menu_actions(menu) if a.isEnabled() and a.isVisible()]
        if not actions or self.rng.random() < 0.1:
            return None
        action: QAction = self._pick(actions)
        action.trigger()
        return action

    def _random_fill(self, dialog: QWidget) -> None:
        """Random values in the fields of ``dialog``: legal numbers, nasty texts."""
        for widget in dialog.findChildren(QWidget):
            if not widget.isEnabled() or self.rng.random() < 0.4:
                continue
            if isinstance(widget, QSpinBox):
                widget.setValue(self.rng.randint(widget.minimum(), widget.maximum()))
            elif isinstance(widget, QDoubleSpinBox):
                widget.setValue(self.rng.uniform(widget.minimum(), widget.maximum()))
            elif isinstance(widget, QLineEdit) and not isinstance(
                widget.parent(), QAbstractSpinBox | QComboBox
            ):
                widget.setText(self._pick([*PLAUSIBLE_TEXTS, *NASTY_TEXTS]))
            elif isinstance(widget, QComboBox) and widget.count():
                widget.setCurrentIndex(self.rng.randrange(widget.count()))
            elif isinstance(widget, QRadioButton | QCheckBox):
                widget.click()

    def _file_in_folder(self, text: str, suffix: str) -> str:
        """A file of the answers' folder named after ``text`` (typed nonsense included), or
        "" now and then: nothing is written anywhere else."""
        if not text or self.rng.random() < 0.1:
            return ""
        name = text.replace("/", "_").replace("\\", "_").replace(os.sep, "_")
        where = self._pick([self.folder, self.folder / "no such folder"])
        return str(where / (name + self._pick(["", suffix, ".svg"])))

    def _finish(self, dialog: QDialog) -> None:
        if self.policy == "random" and self.rng.random() < 0.25:
            dialog.reject()
        else:
            dialog.accept()

    def _fill_OpenSpielDialog(self, dialog: Any) -> None:
        # A small game, whose AI answers at once (a big board's parameters are the
        # dialog's own tests').
        dialog.choose("tic_tac_toe")
        self._finish(dialog)

    def _fill_RandomTreeDialog(self, dialog: Any) -> None:
        if self.policy == "random":
            self._random_fill(dialog)
            if self.rng.random() < 0.6:
                dialog.chance.setText(self._pick([*NASTY_TEXTS, "1", "1, 3", "2", "9", "-1"]))
            if self.rng.random() < 0.3:
                dialog.fields.seed.setText(self._pick(NASTY_TEXTS))
        self._finish(dialog)

    def _fill_NewExerciseDialog(self, dialog: Any) -> None:
        if self.policy == "random":
            self._random_fill(dialog)
            dialog.file_edit.setText(
                self._pick(
                    [
                        "",
                        str(self.open_file),
                        self._file_in_folder(dialog.file_edit.text(), ".json"),
                        "\x00",
                    ]
                )
            )
        self._finish(dialog)

    def _fill_CompareDialog(self, dialog: Any) -> None:
        if self.policy == "accept" and self.wait_until is not None:
            dialog.show()  # as exec() would: the searches start when it shows
            self.wait_until(lambda: bool(dialog.rows) or "Cannot" in dialog.status.text(), 60_000)
        dialog.reject()

    def _fill_TransformDialog(self, dialog: Any) -> None:
        if self.policy == "random":
            self._random_fill(dialog)
        elif self.wait_until is not None and dialog.formula is not None:
            # x² or the exercise's formula: the decisions come from the engine when it
            # shows; a prediction is checked once they are in; then Apply.
            dialog.show()
            self.wait_until(
                lambda: dialog.decisions is not None or "Cannot" in dialog.status.text(), 60_000
            )
            dialog.yes.setChecked(True)
            dialog.check_button.click()
        self._finish(dialog)

    def _fill_CheckSetupDialog(self, dialog: Any) -> None:
        if self.policy == "random":
            self._random_fill(dialog)
        else:
            # A lesson on the tree in the editor, if it can be checked: a quick check.
            dialog.lesson_radio.setChecked(True)
            if dialog.editor_tree.isEnabled():
                dialog.editor_tree.setChecked(True)
        self._finish(dialog)

    def _fill_WelcomeDialog(self, dialog: Any) -> None:
        # Accepting takes each start in turn (a game with its tree, Figure 5.2 solved and
        # replayed, an exercise); the random person takes one, or closes it.
        starts = list(dialog.buttons)
        if self.policy == "random" and self.rng.random() < 0.3:
            dialog.reject()
            return
        if self.policy == "random":
            key = self._pick(starts)
        else:
            key = starts[(self.asked["WelcomeDialog"] - 1) % len(starts)]
        dialog.buttons[key].click()

    def _fill_MctsCompareDialog(self, dialog: Any) -> None:
        if self.policy == "accept" and self.wait_until is not None:
            dialog.show()  # as exec() would: the searches start when it shows
            self.wait_until(
                lambda: dialog.comparison is not None or "Cannot" in dialog.status.text(), 60_000
            )
        elif self.policy == "random" and self.rng.random() < 0.3:
            dialog.show()  # the searches start; the person changes the boxes, starts over
            for _ in range(self.rng.randint(1, 3)):
                self._random_fill(dialog)
                dialog.again.click()  # mid-search: the search that runs stops first
        dialog.reject()

    def _fill_ReviewDialog(self, dialog: Any) -> None:
        if self.policy == "accept" and self.wait_until is not None:
            dialog.show()  # as exec() would: the review starts when it shows
            self.wait_until(lambda: not dialog.running, 60_000)
            dialog.select(len(dialog.positions) - 1)  # the last position reviewed
        elif self.policy == "random" and self.rng.random() < 0.3:
            dialog.show()  # the review starts; the person looks, cancels, closes
            dialog.select(self.rng.randrange(len(dialog.states)))
            dialog.tabs.setCurrentIndex(self.rng.randrange(dialog.tabs.count()))
            dialog.cancel()
        dialog.reject()

    def _fill_ExportSetDialog(self, dialog: Any) -> None:
        if self.policy == "random":
            self._random_fill(dialog)
            dialog.count_spin.setValue(self.rng.randint(1, 4))
            dialog.file_edit.setText(self._file_in_folder(dialog.file_edit.text(), ".pdf"))
        else:
            dialog.count_spin.setValue(2)
            dialog.file_edit.setText(str(self.folder / "set.pdf"))
        if self.rng.random() < 0.8 or self.policy == "accept":
            dialog.export_button.click()
            if self.wait_until is not None:
                # Enabled again once the files are written, or the export failed.
                self.wait_until(dialog.export_button.isEnabled, 60_000)
        dialog.reject()


def _menu_actions(menu: QMenu) -> list[QAction]:
    """Every entry of ``menu`` and its submenus (no separators, no submenu titles)."""
    found = []
    for action in menu.actions():
        if action.isSeparator():
            continue
        sub = action.menu()
        if isinstance(sub, QMenu):
            found.extend(_menu_actions(sub))
        else:
            found.append(action)
    return found


class Patcher:
    """Replaces attributes and puts them back (pytest's monkeypatch, without pytest)."""

    def __init__(self) -> None:
        self._undo: list[tuple[Any, str, Any]] = []

    def setattr(self, target: Any, name: str, value: Any) -> None:
        """Set ``target.name`` to ``value`` until :meth:`undo`."""
        self._undo.append((target, name, target.__dict__.get(name, _MISSING)))
        setattr(target, name, value)

    def undo(self) -> None:
        """Put everything back, last first."""
        for target, name, old in reversed(self._undo):
            if old is _MISSING:
                delattr(target, name)
            else:
                setattr(target, name, old)
        self._undo.clear()


_MISSING = object()


@contextmanager
def patch_dialogs(answers: Answers) -> Iterator[Patcher]:
    """Answer every modal dialog with ``answers`` for the duration of a ``with``."""
    patcher = Patcher()

    def open_name(*args: Any, **kwargs: Any) -> tuple[str, str]:
        caption = _arg(args, kwargs, 1, "caption") or ""
        return answers.open_name(caption, _arg(args, kwargs, 3, "filter") or ""), ""

    def open_names(*args: Any, **kwargs: Any) -> tuple[list[str], str]:
        name, _ = open_name(*args, **kwargs)
        return ([name] if name else []), ""

    def save_name(*args: Any, **kwargs: Any) -> tuple[str, str]:
        caption = _arg(args, kwargs, 1, "caption") or ""
        return answers.save_name(caption, _arg(args, kwargs, 3, "filter") or ""), ""

    def folder(*args: Any, **kwargs: Any) -> str:
        return answers.folder_name()

    def box(default_buttons: Any) -> Callable[..., Any]:
        def ask(*args: Any, **kwargs: Any) -> Any:
            buttons = _arg(args, kwargs, 3, "buttons")
            return answers.button(default_buttons if buttons is None else buttons)

        return staticmethod(ask)

    def get_text(*args: Any, **kwargs: Any) -> tuple[str, bool]:
        label = _arg(args, kwargs, 2, "label") or ""
        return answers.text(label, _arg(args, kwargs, 4, "text") or "")

    def get_number(*args: Any, **kwargs: Any) -> tuple[float, bool]:
        value = _arg(args, kwargs, 3, "value") or 0
        lo = _arg(args, kwargs, 4, "minValue")
        hi = _arg(args, kwargs, 5, "maxValue")
        return answers.number(value, -1000 if lo is None else lo, 1000 if hi is None else hi)

    def get_int(*args: Any, **kwargs: Any) -> tuple[int, bool]:
        value, ok = get_number(*args, **kwargs)
        return round(value), ok

    def get_item(*args: Any, **kwargs: Any) -> tuple[str, bool]:
        items = list(_arg(args, kwargs, 3, "items") or [""])
        answers.asked["input item"] += 1
        if answers.policy in ("cancel", "setup"):
            return "", False
        return (answers.rng.choice(items) if answers.policy == "random" else items[0]), True

    def message_exec(box: QMessageBox, *args: Any) -> int:
        return int(answers.button(box.standardButtons()).value)

    def dialog_exec(dialog: QDialog, *args: Any) -> int:
        return answers.dialog(dialog)

    def menu_exec(menu: QMenu, *args: Any) -> QAction | None:
        return answers.menu(menu)

    # QMenu.exec has static and instance overloads, which shiboken puts in each menu's
    # own __dict__: a class attribute never wins. Each menu made from Python gets its own.
    menu_init = QMenu.__init__

    def init_menu(menu: QMenu, *args: Any, **kwargs: Any) -> None:
        menu_init(menu, *args, **kwargs)
        menu.exec = types.MethodType(menu_exec, menu)  # type: ignore[method-assign]

    for name, fn in (
        ("getOpenFileName", open_name),
        ("getOpenFileNames", open_names),
        ("getSaveFileName", save_name),
        ("getExistingDirectory", folder),
    ):
        patcher.setattr(QFileDialog, name, staticmethod(fn))
    buttons = QMessageBox.StandardButton
    patcher.setattr(QMessageBox, "question", box(buttons.Yes | buttons.No))
    for name in ("warning", "information", "critical"):
        patcher.setattr(QMessageBox, name, box(buttons.Ok))
    for name in ("about", "aboutQt"):
        patcher.setattr(QMessageBox, name, staticmethod(lambda *a, **k: None))
    patcher.setattr(QInputDialog, "getText", staticmethod(get_text))
    patcher.setattr(QInputDialog, "getMultiLineText", staticmethod(get_text))
    patcher.setattr(QInputDialog, "getInt", staticmethod(get_int))
    patcher.setattr(QInputDialog, "getDouble", staticmethod(get_number))
    patcher.setattr(QInputDialog, "getItem", staticmethod(get_item))
    patcher.setattr(QMessageBox, "exec", message_exec)
    patcher.setattr(QDialog, "exec", dialog_exec)
    patcher.setattr(QMenu, "__init__", init_menu)
    try:
        yield patcher
    finally:
        patcher.undo()


# -- the window --------------------------------------------------------------------------


def window_actions(window: MainWindow) -> list[QAction]:
    """Every action of the window, in a stable order: its children's, then its menus'."""
    seen: set[int] = set()
    found: list[QAction] = []

    def add(action: QAction) -> None:
        if id(action) not in seen and not action.isSeparator():
            seen.add(id(action))
            found.append(action)

    for action in window.findChildren(QAction):
        add(action)
    for action in window.menuBar().actions():
        menu = action.menu()
        if isinstance(menu, QMenu):
            for entry in _menu_actions(menu):
                add(entry)
    return found


def action_name(action: QAction) -> str:
    """An action's text as a person reads it ("&Undo Add child\\tIns" -> "Undo Add child")."""
    text = action.text().split("\t")[0].replace("&&", "\0").replace("&", "").replace("\0", "&")
    return text or action.objectName() or type(action).__name__


def open_window(store: QSettings, folder: Path) -> MainWindow:
    """A main window shown on ``store``, its recovery file in ``folder``, playing at full
    speed (no pause before an AI move or a die roll)."""
    window = MainWindow(store, recovery_path=str(folder / "recovery.gtree.json"))
    window.pace_override_ms = 0
    window.show()
    return window


def qtbot_waiter(qtbot: Any) -> Waiter:
    """A Waiter made of pytest-qt's ``qtbot.waitUntil``."""

    def wait_until(predicate: Callable[[], bool], timeout_ms: int) -> bool:
        try:
            qtbot.waitUntil(predicate, timeout=timeout_ms)
        except qtbot.TimeoutError:
            return False
        return True

    return wait_until


def idle(window: MainWindow) -> bool:
    """True when nothing is under way: no search of any page, no AI move or die pending."""
    return (
        not window.controller.busy
        and not window.session.pace_timer.isActive()
        and window.editor.searches.request is None
        and window.exercises.searches.request is None
    )


def watch_searches(window: MainWindow, log: FaultLog) -> None:
    """Report every search of the window that fails with an internal error."""
    for controller in (window.controller, window.editor.controller, window.exercises.controller):
        controller.failed.connect(log.search_failed)


def settle(window: MainWindow, wait_until: Waiter, log: FaultLog) -> bool:
    """Let the window carry on until it is idle (an AI against an AI plays its game to the
    end); False, and a fault, when it is not within SETTLE_MS."""
    QCoreApplication.processEvents()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    if not shiboken6.isValid(window) or not window.isVisible():
        return True
    if wait_until(lambda: idle(window), PATIENCE_MS):
        return True
    # A person who has watched the AI play itself this long pauses it: a game of chess
    # between two AIs at half a second a move runs for minutes (49 to 64 plies, 29 to
    # 37 s with a core free), and every move starts the next search.
    if not any(window.session.seated()) and not window.paused and window.act_pause.isEnabled():
        window.act_pause.trigger()
    # A person who has waited this long for the AI says "move now" (a chess search with
    # quiescence and no time limit may take minutes); the search must then stop soon.
    if window.controller.busy and window.act_move_now.isEnabled():
        window.act_move_now.trigger()
    plies = len(window.match.plies)
    if wait_until(lambda: idle(window), SETTLE_MS - PATIENCE_MS):
        return True
    played = len(window.match.plies) - plies
    log.add(
        "hang",
        f"the window did not settle within {SETTLE_MS / 1000:g} s: {busy(window)}; "
        f"{played} moves played after Move now",
    )
    return False


def busy(window: MainWindow) -> str:
    """What keeps the window from being idle, in a few words."""
    what = []
    for name, request in (
        ("the AI", window.controller.current),
        ("the editor", window.editor.searches.request),
        ("the exercise", window.exercises.searches.request),
    ):
        if request is not None:
            game = getattr(request.game, "name", type(request.game).__name__)
            what.append(f"{name}'s {request.purpose} search of {game} ({request.settings})")
    if window.session.pace_timer.isActive():
        what.append("a paced move")
    return "; ".join(what) or "nothing"


def close_window(window: MainWindow, answers: Answers) -> None:
    """Close ``window`` for good (unsaved work thrown away) and delete it."""
    if not shiboken6.isValid(window):
        return
    with answers.policy_as("setup"):
        window.close()
    if window.isVisible():  # refused all the same: stop its threads before it goes
        window.editor.shutdown()
        window.exercises.shutdown()
        window.controller.shutdown()
    window.deleteLater()


def visible(widget: QWidget | None) -> bool:
    """True when a person could see (and so click) ``widget``."""
    return widget is not None and widget.isVisible() and widget.window().isVisible()


def click(widget: QWidget, pos: QPoint, button: Qt.MouseButton = Qt.MouseButton.LeftButton) -> None:
    """Press and release ``button`` at ``pos`` of ``widget`` (or of its child there)."""
    child = widget.childAt(pos)
    if child is not None and child.isEnabled():
        widget, pos = child, child.mapFrom(widget, pos)
    QTest.mouseClick(widget, button, Qt.KeyboardModifier.NoModifier, pos)


def type_text(widget: QWidget, text: str) -> None:
    """Type ``text`` key by key into ``widget``, any character at all (QTest.keyClicks
    aborts the process on characters outside printable ASCII)."""
    for char in text:
        if " " <= char <= "~":
            QTest.keyClick(widget, char)
        elif char == "\t":
            QTest.keyClick(widget, Qt.Key.Key_Tab)
        else:
            for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
                event = QKeyEvent(kind, Qt.Key.Key_unknown, Qt.KeyboardModifier.NoModifier, char)
                QApplication.sendEvent(widget, event)


def context_menu(widget: QWidget, pos: QPoint) -> None:
    """A right-click's context menu at ``pos`` of ``widget`` (QTest sends none)."""
    event = QContextMenuEvent(
        QContextMenuEvent.Reason.Mouse, pos, widget.mapToGlobal(pos), Qt.KeyboardModifier.NoModifier
    )
    QApplication.sendEvent(widget, event)


#: The checkout: nothing a run does may write a file there.
CHECKOUT = Path(__file__).resolve().parents[2]


def checkout_files() -> set[str]:
    """The names at the top of the checkout (a dialog's relative name would land there
    were the working folder not the scratch one)."""
    return set(os.listdir(CHECKOUT))


def child_processes() -> list[str]:
    """The processes this one started that are still there, as "pid command"."""
    return [f"{pid} {command}" for pid, command in children(live_only=False).items()]


def children_before_a_run() -> set[str]:
    """:func:`child_processes` before a run, multiprocessing's resource tracker started
    first: the first engine process starts it, and it stays for the interpreter's life
    (not a leak, but new after a run that started it)."""
    resource_tracker.ensure_running()
    return set(child_processes())


# -- the monkey --------------------------------------------------------------------------

#: How deep each game's AI may search in a monkey run, so every answer comes within the
#: run (a full Connect Four search would not).
QUICK_DEPTH = {"tictactoe": 9, "connect4": 4, "pennies": 12, "pig": 5, "chess": 2, "nim3": 12}
#: The pennies game's largest start stack in a monkey run (a full search of 16 takes
#: seconds, of 20 hours).
QUICK_PENNIES = 12
#: The longest time budget of iterative deepening in a monkey run, in seconds.
QUICK_BUDGET = 0.5
#: The highest target of Pig in a monkey run (the AI against itself plays to the end).
QUICK_PIG = 30

_LETTERS = [getattr(Qt.Key, f"Key_{c}") for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"]
_DIGITS = [getattr(Qt.Key, f"Key_{d}") for d in "0123456789"]
_K = Qt.Key
_SPECIAL = [
    _K.Key_Up,
    _K.Key_Down,
    _K.Key_Left,
    _K.Key_Right,
    _K.Key_Insert,
    _K.Key_Delete,
    _K.Key_Backspace,
    _K.Key_Return,
    _K.Key_Enter,
    _K.Key_Escape,
    _K.Key_Tab,
    _K.Key_Backtab,
    _K.Key_F2,
    _K.Key_Home,
    _K.Key_End,
    _K.Key_Space,
    _K.Key_Minus,
    _K.Key_Period,
    _K.Key_Slash,
    _K.Key_PageUp,
    _K.Key_PageDown,
]
_CTRL = Qt.KeyboardModifier.ControlModifier
_SHIFT = Qt.KeyboardModifier.ShiftModifier
_NONE = Qt.KeyboardModifier.NoModifier
_CHORDS = [
    (_K.Key_Z, _CTRL),
    (_K.Key_Z, _CTRL | _SHIFT),
    (_K.Key_Y, _CTRL),
    (_K.Key_1, _CTRL),
    (_K.Key_2, _CTRL),
    (_K.Key_3, _CTRL),
    (_K.Key_Equal, _CTRL),
    (_K.Key_Minus, _CTRL),
    (_K.Key_0, _CTRL),
    (_K.Key_H, _CTRL),
    (_K.Key_R, _CTRL),
    (_K.Key_N, _CTRL),
    (_K.Key_S, _CTRL),
    (_K.Key_V, _CTRL),
    (_K.Key_Return, _CTRL),
    (_K.Key_E, _CTRL),
    (_K.Key_M, _CTRL),
    (_K.Key_P, _CTRL),
    (_K.Key_N, _CTRL | _SHIFT),
    (_K.Key_L, _CTRL | _SHIFT),
    (_K.Key_R, _CTRL | _SHIFT),
]

#: Kinds of step and how often each is taken (weights).
STEP_WEIGHTS = {
    "action": 20,
    "menu": 8,
    "board": 14,
    "canvas": 16,
    "key": 18,
    "setting": 14,
    "button": 8,
    "mode": 4,
    "race": 4,
}


@dataclass
class MonkeyStats:
    """What a monkey run did."""

    steps: int = 0
    kinds: Counter[str] = field(default_factory=Counter)
    #: Steps that did something (an enabled action, a visible widget), by kind.
    done: Counter[str] = field(default_factory=Counter)
    windows: int = 0
    seconds: float = 0.0


class Monkey:
    """Seeded random steps on a main window, settling after each.

    The steps are a function of the seed alone: each step draws its kind, its target (an
    index into fixed lists) and its input from the main generator, the same way whatever
    the window's state; a draw that does not apply (a disabled action, a hidden widget)
    is skipped. Choices that depend on the state (an entry of a context menu, the fields
    of a dialog) use a generator seeded from the seed and the step number, so they never
    shift the main sequence; the dice and Python's own generator (the dialogs' fresh
    seeds) are seeded too. After each step the window settles (see :func:`settle`), so
    what a step meets does not depend on the machine's speed either, except where the
    app itself follows the clock: a time-budgeted search, a replay playing, and the
    search tree view scrolling after a live search (a click aimed at a node may land on
    other pixels of it, or miss it).
    """

    def __init__(
        self,
        make_window: Callable[[], MainWindow],
        log: FaultLog,
        answers: Answers,
        wait_until: Waiter,
        seed: int,
    ) -> None:
        self.make_window = make_window
        self.log = log
        self.answers = answers
        self.wait_until = wait_until
        self.seed = seed
        self.rng = random.Random(seed)
        random.seed(f"{seed}:dialogs")  # NewExerciseDialog and ExportSetDialog draw seeds
        self.stats = MonkeyStats()
        self.heartbeat = Heartbeat(log)
        #: Called with each step's description before it is taken (for tracing a crash).
        self.on_step: Callable[[str], None] | None = None
        self.window = self._new_window()

    # -- the window

    def _new_window(self) -> MainWindow:
        window = self.window = self.make_window()
        self.stats.windows += 1
        window.pace_override_ms = 0
        window.rng.seed(f"{self.seed}:{self.stats.windows}")
        watch_searches(window, self.log)
        panel = window.settings_panel
        for game, search in panel.remembered_searches().items():
            if game != panel.config.game and search.depth is not None:
                panel.remember_search(
                    game, replace(search, depth=min(search.depth, QUICK_DEPTH[game]))
                )
        self._keep_quick()
        self.actions = [a for a in window_actions(window) if a is not window.act_quit]
        self.quit = window.act_quit
        self.menus = [a.menu() for a in window.menuBar().actions() if a.menu() is not None]
        self.settle()
        return window

    def settle(self) -> None:
        """Let the window settle after a step; a closed window is opened again."""
        settle(self.window, self.wait_until, self.log)
        if not self.window.isVisible():
            close_window(self.window, self.answers)
            self.log.step = f"{self.log.step}; opening the window again"
            self._new_window()

    # -- running

    def run(self, steps: int | None = None, seconds: float | None = None) -> MonkeyStats:
        """Take ``steps`` steps (or as many as fit in ``seconds``)."""
        start = time.perf_counter()
        self.heartbeat.start()
        try:
            while (steps is None or self.stats.steps < steps) and (
                seconds is None or time.perf_counter() - start < seconds
            ):
                self.step()
        finally:
            self.heartbeat.stop()
            self.stats.seconds = time.perf_counter() - start
        return self.stats

    def step(self) -> None:
        """One random step, then settle."""
        number = self.stats.steps
        self.stats.steps += 1
        self.answers.rng = random.Random(f"{self.seed}:{number}")
        kinds, weights = zip(*STEP_WEIGHTS.items(), strict=True)
        kind = self.rng.choices(kinds, weights)[0]
        self.stats.kinds[kind] += 1
        self.log.step = f"step {number} ({kind})"
        if self.on_step is not None:
            self.on_step(self.log.step)
        did = getattr(self, f"_{kind}")()
        self._keep_quick()
        if self.on_step is not None:
            self.on_step("  " + self.log.step)
        if did:
            self.stats.done[kind] += 1
        self.settle()

    # -- the kinds of step; each draws the same from self.rng whatever the state

    def _action(self) -> bool:
        index = self.rng.randrange(len(self.actions) + 1)
        if index == len(self.actions):
            # Quit now and then: closing is a path too (the window comes back).
            if self.rng.random() < 0.2:
                return self._trigger(self.quit)
            return False
        return self._trigger(self.actions[index])

    def _trigger(self, action: QAction) -> bool:
        if not shiboken6.isValid(action) or not action.isEnabled():
            return False
        self.log.step += f": {action_name(action)}"
        action.trigger()
        return True

    def _menu(self) -> bool:
        menu = self.menus[self.rng.randrange(len(self.menus))]
        u = self.rng.random()
        if not menu.menuAction().isVisible():
            return False
        menu.aboutToShow.emit()
        entries = [a for a in _menu_actions(menu) if a.isVisible()]
        menu.aboutToHide.emit()
        if not entries:
            return False
        return self._trigger(entries[int(u * len(entries))])

    def _canvases(self) -> list[QWidget]:
        w = self.window
        return [
            w.editor.canvas,
            w.editor.solution_panel.canvas,
            w.tree_panel.canvas,
            w.exercises.canvas,
            w.exercises.solution_panel.canvas,
        ]

    def _board(self) -> bool:
        x, y = self.rng.random(), self.rng.random()
        x2, y2 = self.rng.random(), self.rng.random()
        how = self.rng.random()
        u = self.rng.random()
        board = self.window.board
        if not visible(board):
            return False
        assert board is not None
        if how < 0.4:
            # A move a person would make: the clicks that play a legal move (if any).
            match = self.window.match
            decision = not match.is_over and match.to_move is not Player.CHANCE
            moves = list(match.legal()) if decision else []
            if moves:
                self.log.step += ": a legal move"
                for widget, point in board.click_targets(moves[int(u * len(moves))]):
                    click(widget, point)
                return True
        pos = QPoint(int(x * board.width()), int(y * board.height()))
        if how < 0.85:
            self.log.step += f": click at {pos.x()},{pos.y()}"
            click(board, pos)
        else:
            end = QPoint(int(x2 * board.width()), int(y2 * board.height()))
            self.log.step += f": drag {pos.x()},{pos.y()} to {end.x()},{end.y()}"
            QTest.mousePress(board, Qt.MouseButton.LeftButton, _NONE, pos)
            QTest.mouseMove(board, end)
            QTest.mouseRelease(board, Qt.MouseButton.LeftButton, _NONE, end)
        return True

    def _canvas(self) -> bool:
        pick, x, y, u, how = (self.rng.random() for _ in range(5))
        canvases: list[Any] = [c for c in self._canvases() if visible(c)]
        if not canvases:
            return False
        canvas = canvases[int(pick * len(canvases))]
        viewport = canvas.viewport()
        recording = canvas.recording
        if u < 0.6 and recording is not None and recording.node_count:
            # Aim at a node (a person clicks on what is drawn).
            n = int(x * recording.node_count)
            pos = canvas.view_point_of(n)
            if not viewport.rect().contains(pos):
                pos = QPoint(int(x * viewport.width()), int(y * viewport.height()))
        else:
            pos = QPoint(int(x * viewport.width()), int(y * viewport.height()))
        name = canvas.objectName() or type(canvas).__name__
        if how < 0.55:
            self.log.step += f": click {name} at {pos.x()},{pos.y()}"
            QTest.mouseClick(viewport, Qt.MouseButton.LeftButton, _NONE, pos)
        elif how < 0.7:
            self.log.step += f": double-click {name} at {pos.x()},{pos.y()}"
            QTest.mouseDClick(viewport, Qt.MouseButton.LeftButton, _NONE, pos)
        else:
            self.log.step += f": context menu of {name} at {pos.x()},{pos.y()}"
            context_menu(viewport, pos)
        return True

    def _key(self) -> bool:
        group, pick, target_u, shift = (self.rng.random() for _ in range(4))
        if group < 0.35:
            key, mods = _LETTERS[int(pick * len(_LETTERS))], (_SHIFT if shift < 0.2 else _NONE)
        elif group < 0.55:
            key, mods = _DIGITS[int(pick * len(_DIGITS))], _NONE
        elif group < 0.85:
            key, mods = _SPECIAL[int(pick * len(_SPECIAL))], _NONE
        else:
            key, mods = _CHORDS[int(pick * len(_CHORDS))]
        targets: list[QWidget | None] = [
            QApplication.focusWidget(),
            self.window.board,
            *self._canvases(),
        ]
        target = targets[int(target_u * len(targets))]
        if not visible(target) or target is None or target.window() is not self.window:
            target = QApplication.focusWidget()
        if target is None or not visible(target):
            target = self.window
        self.log.step += (
            f": key {key_name(key, mods)} to {target.objectName() or type(target).__name__}"
        )
        QTest.keyClick(target, key, mods)
        return True

    def _settings(self) -> list[tuple[str, QWidget]]:
        w = self.window
        panel = w.settings_panel
        editor = w.editor
        form = editor.properties
        page = w.exercises
        return [
            ("game", panel.game_box),
            ("seats", panel.seats_box),
            ("pennies start", panel.option_spins["pennies_start"]),
            ("pig target", panel.option_spins["pig_target"]),
            ("algorithm", panel.algorithm_box),
            ("full depth", panel.full_depth),
            ("quiescence", panel.quiescence_box),
            ("depth", panel.depth_spin),
            ("evaluation", panel.evaluation_box),
            ("ordering", panel.ordering_box),
            ("table", panel.tt_box),
            ("timed", panel.timed),
            ("time budget", panel.time_budget),
            ("node cap", w.tree_panel.cap_box),
            ("solve algorithm", editor.algorithm),
            ("solve depth", editor.depth_box),
            ("solve ordering", editor.ordering),
            ("node kind", form.kind),
            ("node value", form.value),
            ("node probability", form.probability),
            ("node label", form.label),
            ("node move", form.move_edit),
            ("answer value", page.node_form.value_edit),
            ("answer alpha", page.node_form.alpha_edit),
            ("answer beta", page.node_form.beta_edit),
            ("never searched", page.node_form.cut_box),
            *(
                (f"{where} {which} slider", getattr(panel.replay_bar, f"{which}_slider"))
                for where, panel in (
                    ("search tree", w.tree_panel),
                    ("solution", editor.solution_panel),
                    ("replay", page.solution_panel),
                )
                for which in ("speed", "moment")
            ),
        ]

    def _setting(self) -> bool:
        pick, legal, u, typed = (self.rng.random() for _ in range(4))
        text = self.rng.choice([*PLAUSIBLE_TEXTS, *NASTY_TEXTS])
        settings = [(n, w) for n, w in self._settings() if visible(w) and w.isEnabled()]
        if not settings:
            return False
        name, widget = settings[int(pick * len(settings))]
        if isinstance(widget, QComboBox):
            if not widget.count():
                return False
            index = int(u * widget.count())
            self.log.step += f": {name} = {widget.itemText(index)!r}"
            widget.setCurrentIndex(index)
            widget.activated.emit(index)
        elif isinstance(widget, QAbstractButton):
            self.log.step += f": {name} clicked"
            widget.click()
        elif isinstance(widget, QSlider):
            value = widget.minimum() + round(u * (widget.maximum() - widget.minimum()))
            self.log.step += f": {name} to {value}"
            widget.setValue(value)
        elif isinstance(widget, QSpinBox | QDoubleSpinBox):
            if legal < 0.5:
                lo, hi = widget.minimum(), widget.maximum()
                value = lo + u * (hi - lo)
                text = str(round(value)) if isinstance(widget, QSpinBox) else f"{value:.2f}"
            self.log.step += f": {name} typed {text!r}"
            self._type(widget, text, paste=typed < 0.3)
        elif isinstance(widget, QLineEdit):
            self.log.step += f": {name} typed {text!r}"
            self._type(widget, text, paste=typed < 0.3)
        else:
            return False
        return True

    def _type(self, widget: QWidget, text: str, *, paste: bool) -> None:
        """Select all, then type (key by key, as the validator sees it) or paste, then Enter."""
        edit = widget.lineEdit() if isinstance(widget, QAbstractSpinBox) else widget
        assert isinstance(edit, QLineEdit)
        widget.setFocus()
        edit.selectAll()
        if paste:
            edit.insert(text)
        else:
            type_text(widget, text)
        QTest.keyClick(widget, Qt.Key.Key_Return)

    def _keep_quick(self) -> None:
        """Bring the AI's settings back within quick bounds (deep searches would outlast
        the run); a person would do the same after waiting a while."""
        panel = self.window.settings_panel
        game = panel.config.game
        if panel.depth_spin.value() > QUICK_DEPTH[game]:
            panel.depth_spin.setValue(QUICK_DEPTH[game])
        if game not in ("tictactoe", "pennies") and panel.full_depth.isChecked():
            panel.full_depth.setChecked(False)
        if panel.option_spins["pennies_start"].value() > QUICK_PENNIES:
            panel.option_spins["pennies_start"].setValue(QUICK_PENNIES)
        if panel.option_spins["pig_target"].value() > QUICK_PIG:
            panel.option_spins["pig_target"].setValue(QUICK_PIG)
        if panel.time_budget.value() > QUICK_BUDGET:
            panel.time_budget.setValue(QUICK_BUDGET)
        mcts = panel.algorithm_box.currentData() is Algorithm.MCTS
        slow = panel.quiescence_box.isChecked() or mcts
        if game == "chess" and slow and not panel.timed.isChecked():
            # Chess's quiescence search follows captures 10 plies past the depth limit:
            # tens of thousands of nodes at depth 2, a minute's search under load; and
            # each MCTS playout plays a whole game of chess (2,000 take about a minute).
            panel.timed.setChecked(True)
        if (
            game == "chess"
            and panel.quiescence_box.isChecked()
            and panel.config.search.algorithm is Algorithm.MINIMAX
        ):
            # Minimax has no cutoff to tame chess's captures, and the first iteration
            # always finishes whatever the time limit: at depth 1 it can take minutes.
            panel.quiescence_box.setChecked(False)
        editor = self.window.editor
        if editor.depth_box.value() > 12:
            editor.depth_box.setValue(12)

    def _button(self) -> bool:
        """A click on a button of the window (a tool button with a menu would pop it up in
        a loop of its own, out of reach: those are left alone)."""
        u = self.rng.random()
        buttons = [
            b
            for b in self.window.findChildren(QAbstractButton)
            if visible(b) and b.isEnabled() and not (isinstance(b, QToolButton) and b.menu())
        ]
        if not buttons:
            return False
        button = buttons[int(u * len(buttons))]
        self.log.step += f": {button.text() or button.toolTip() or type(button).__name__!r}"
        button.click()
        return True

    def _mode(self) -> bool:
        modes = list(self.window.mode_actions.values())
        return self._trigger(modes[self.rng.randrange(len(modes))])

    def _race(self) -> bool:
        """Two steps with no event processed between them: the second meets the first's
        search still running (the GUI learns of an answer only from the event loop)."""
        first = ("board", "action", "key", "setting", "mode")[self.rng.randrange(5)]
        second = ("action", "key", "mode", "canvas")[self.rng.randrange(4)]
        self.log.step += f": {first} then {second}"
        a = getattr(self, f"_{first}")()
        self._keep_quick()
        b = getattr(self, f"_{second}")()
        return bool(a or b)


def key_name(key: Qt.Key, mods: Any) -> str:
    """A key chord as text, for the step log."""
    name = key.name.removeprefix("Key_")
    prefix = ""
    if mods & _CTRL:
        prefix += "Ctrl+"
    if mods & _SHIFT:
        prefix += "Shift+"
    return prefix + name
